from typing import Any, Iterator

import pytest

from tests.viewer.display import x_display  # noqa: F401 - the session's X display fixture


@pytest.fixture(autouse=True)
def data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """Autosaves of unnamed tables and crash files go to a fresh folder, never the user's."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("LANDSRAAD_DATA_DIR", str(folder))
    yield folder


@pytest.fixture(scope="module")
def window(x_display: str) -> Iterator[Any]:
    """One real pyglet window per test module (under Xvfb when there is no display)."""
    pyglet = pytest.importorskip("pyglet", reason="the viewer needs pyglet (pip install '.[viewer]')")
    from landsraad.viewer import app  # noqa: F401 - sets pyglet's options before the first window

    win = pyglet.window.Window(1000, 700, visible=True, caption="landsraad test")
    yield win
    win.close()
