"""The threat map in the real viewer window (issue 39): T on a selected model shades the cells by
threat, as ``landsraad threat`` computes them; Shift+T reverses it; T again hides it."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

pyglet = pytest.importorskip("pyglet", reason="the viewer needs pyglet (pip install '.[viewer]')")

from landsraad.scene import load_scene  # noqa: E402
from landsraad.table.threat import threat_map  # noqa: E402
from landsraad.viewer.modes import EditMode  # noqa: E402

SCENE = Path(__file__).resolve().parents[1] / "data" / "scenes" / "threat.yaml"


@pytest.fixture
def viewer(window: Any) -> Iterator[Any]:
    from landsraad.viewer.app import Viewer

    v = Viewer(window, EditMode(load_scene(SCENE), str(SCENE)))
    yield v
    v.detach()


def _frame(v: Any) -> Any:
    v.window.switch_to()
    v.window.dispatch_events()
    v.on_draw()
    image = pyglet.image.get_buffer_manager().get_color_buffer().get_image_data()
    return image.width, image.get_data("RGBA", image.width * 4)


def _pixel(frame: Any, x: float, y: float) -> tuple[int, int, int]:
    w, data = frame
    i = (int(round(y)) * w + int(round(x))) * 4
    return data[i], data[i + 1], data[i + 2]


def _press(v: Any, symbol: int, modifiers: int = 0) -> None:
    v.window.dispatch_event("on_key_press", symbol, modifiers)
    v.window.dispatch_events()


def test_t_shades_the_cells_by_threat_and_hides_again(viewer: Any, tmp_path: Path) -> None:
    from pyglet.window import key

    tm = threat_map(load_scene(SCENE), "hero")
    safe = next((float(tm.xs[c]), float(tm.ys[r])) for r in range(tm.grid_shape[0]) for c in range(tm.grid_shape[1])
                if tm.standable[r, c] and tm.threat[r, c] == 0 and tm.xs[c] < 26)
    hot = tm.at(40, 30)
    assert hot.threat >= 2
    before = _frame(viewer)
    cam = viewer.camera
    _press(viewer, key.T)
    assert viewer.threat_view is None and "Select a model first" in viewer.status
    viewer.sel.model = "hero"
    _press(viewer, key.T)
    after = _frame(viewer)
    assert "Threat map of hero" in viewer.status
    assert _pixel(after, *cam.to_screen(hot.x, hot.y)) != _pixel(before, *cam.to_screen(hot.x, hot.y))
    assert _pixel(after, *cam.to_screen(*safe)) == _pixel(before, *cam.to_screen(*safe))
    viewer.screenshot(tmp_path / "threat.png")
    assert (tmp_path / "threat.png").read_bytes()[:4] == b"\x89PNG"
    _press(viewer, key.T, key.MOD_SHIFT)
    assert viewer.threat_view is not None and viewer.threat_view.reverse
    _frame(viewer)
    assert "it could shoot or charge from each cell" in viewer.status
    _press(viewer, key.T, key.MOD_SHIFT)
    hidden = _frame(viewer)
    assert viewer.threat_view is None
    assert _pixel(hidden, *cam.to_screen(hot.x, hot.y)) == _pixel(before, *cam.to_screen(hot.x, hot.y))
