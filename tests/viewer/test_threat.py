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


def _moved(scene: Any, model: str, at: tuple[float, float]) -> Any:
    from landsraad.scene import Scene

    return Scene.model_validate({**scene.model_dump(), "models": [m.model_copy(update={"at": at}) if m.id == model else m
                                                                  for m in scene.models]})


def test_the_map_follows_a_dragged_enemy_and_its_last_position(viewer: Any, tmp_path: Path, monkeypatch: Any) -> None:
    """With hero's map shown, the gunner dragged from (45, 30) to (12, 52), round the wall: while the
    button is held the map is the map of the table with the gunner at the pointer (the counts of
    threat_map on that scene), drawn where it changed, and the status says hero's own cell."""
    from pyglet.window import key, mouse

    from landsraad.viewer import threat as viewer_threat

    monkeypatch.setattr(viewer_threat, "FOLLOW_EVERY_S", 0.0)  # every frame: the test reads each one
    scene = load_scene(SCENE)
    viewer.sel.model = "hero"
    _press(viewer, key.T)
    before = _frame(viewer)
    cam = viewer.camera
    old = threat_map(scene, "hero")
    new = threat_map(_moved(scene, "gunner", (12.0, 52.0)), "hero")
    changed = [(float(old.xs[c]), float(old.ys[r])) for r in range(old.grid_shape[0]) for c in range(old.grid_shape[1])
               if old.standable[r, c] and new.standable[r, c] and old.threat[r, c] != new.threat[r, c]
               and min(abs(old.xs[c] - 12), abs(old.ys[r] - 52)) > 4 and min(abs(old.xs[c] - 45), abs(old.ys[r] - 30)) > 4]
    assert len(changed) >= 10  # behind the wall, out of the gunner's sight before, in it after (or the reverse)
    sx, sy = cam.to_screen(45, 30)
    viewer.window.dispatch_event("on_mouse_press", int(sx), int(sy), mouse.LEFT, 0)
    path = [(45 - 3 * k, 30 + 2.2 * k) for k in range(1, 12)] + [(12.0, 52.0)]
    for x, y in path:
        px, py = cam.to_screen(x, y)
        viewer.window.dispatch_event("on_mouse_drag", int(round(px)), int(round(py)), 0, 0, mouse.LEFT, 0)
        frame = _frame(viewer)
    tv = viewer.threat_view
    assert tv is not None and viewer._drag is not None  # still dragging
    shown = tv.map_for(scene, viewer.board)
    live = threat_map(_moved(scene, "gunner", viewer.board.base("gunner").center), "hero")
    assert (shown.threat == live.threat).all() and (shown.see == live.see).all() and (shown.charge == live.charge).all()
    assert sum(_pixel(frame, *cam.to_screen(x, y)) != _pixel(before, *cam.to_screen(x, y)) for x, y in changed) >= len(changed) // 2
    assert "Where it stands, the cell at (11, 31): seen by gunner" in viewer.status, viewer.status
    viewer.screenshot(tmp_path / "threat-drag.png")
    if (out := Path("/tmp/threat-drag.png")).parent.exists():
        out.write_bytes((tmp_path / "threat-drag.png").read_bytes())
    viewer.window.dispatch_event("on_mouse_release", int(round(px)), int(round(py)), mouse.LEFT, 0)
    _frame(viewer)
    dropped = tv.map_for(viewer.mode.editor.scene)
    assert (dropped.threat == live.threat).all()


def test_the_throttle_waits_between_recomputes() -> None:
    """While a model is dragged the board shown changes at most every FOLLOW_EVERY_S (and twice the
    last recompute's time); with nothing dragged it is the table as it stands."""
    from landsraad.viewer.threat import FOLLOW_EVERY_S, ThreatView

    board = load_scene(SCENE).board
    tv = ThreatView("hero")
    a, b, c = (board.moved("gunner", (40.0 - k, 30.0)) for k in range(3))
    assert tv.board_to_show(board, board, now=0.0) is board
    assert tv.board_to_show(a, board, now=1.0) is a
    assert tv.board_to_show(b, board, now=1.0 + FOLLOW_EVERY_S / 2) is a  # too soon: the last one stays
    assert tv.board_to_show(c, board, now=1.0 + FOLLOW_EVERY_S) is c
    tv.cost_s = 0.3
    assert tv.board_to_show(a, board, now=1.0 + 2 * FOLLOW_EVERY_S) is c  # the next waits twice the last cost
    assert tv.board_to_show(b, board, now=1.0 + FOLLOW_EVERY_S + 0.61) is b
    assert tv.board_to_show(board, board, now=1.0 + FOLLOW_EVERY_S + 0.62) is board
