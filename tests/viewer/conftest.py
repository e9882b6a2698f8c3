from typing import Iterator

import pytest

from tests.viewer.display import x_display  # noqa: F401 - the session's X display fixture


@pytest.fixture(autouse=True)
def data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """Autosaves of unnamed tables and crash files go to a fresh folder, never the user's."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("LANDSRAAD_DATA_DIR", str(folder))
    yield folder
