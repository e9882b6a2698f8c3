from tests.viewer.display import x_display  # noqa: F401 - the session's X display fixture
