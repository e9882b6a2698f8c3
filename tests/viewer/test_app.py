"""The real window under X (Xvfb when there is no display): pixels where the scene says,
overlays drawn, a drag moving a model, keys, save -> load, the replay slider.

Events go through the window's own dispatcher (``dispatch_event`` then ``dispatch_events``),
as the window system would send them.
"""

from __future__ import annotations

import math
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

pyglet = pytest.importorskip("pyglet", reason="the viewer needs pyglet (pip install '.[viewer]')")

from landsraad.content import data_dir  # noqa: E402
from landsraad.scene import load_scene  # noqa: E402
from landsraad.svg import side_colours, terrain_fill  # noqa: E402
from landsraad.viewer.modes import EditMode, ReplayMode  # noqa: E402
from landsraad.viewer.timeline import Frame, Timeline  # noqa: E402

REFERENCE = data_dir("scenes") / "reference.yaml"


@pytest.fixture
def viewer(window: Any) -> Iterator[Any]:
    from landsraad.viewer.app import Viewer

    v = Viewer(window, EditMode(load_scene(REFERENCE), str(REFERENCE)))
    yield v
    v.detach()


def _frame(v: Any) -> Any:
    """Draw one frame and read the colour buffer back: (width, height, RGBA bytes)."""
    v.window.switch_to()
    v.window.dispatch_events()
    v.on_draw()
    image = pyglet.image.get_buffer_manager().get_color_buffer().get_image_data()
    return image.width, image.height, image.get_data("RGBA", image.width * 4)


def _pixel(frame: Any, x: float, y: float) -> tuple[int, int, int]:
    w, _, data = frame
    i = (int(round(y)) * w + int(round(x))) * 4
    return data[i], data[i + 1], data[i + 2]


def _close(a: tuple[int, ...], b: tuple[int, ...], tol: int = 12) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a, b))


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _send(window: Any, *event: Any) -> None:
    window.dispatch_event(*event)
    window.dispatch_events()


def test_table_terrain_and_models_are_where_the_scene_says(viewer: Any) -> None:
    from landsraad.viewer.app import SAND

    frame = _frame(viewer)
    board = viewer.mode.board
    cam = viewer.camera
    assert _close(_pixel(frame, *cam.to_screen(2.5, 57.5)), SAND)          # bare table
    assert _pixel(frame, *cam.to_screen(-1.5, 30))[:3] != SAND              # off the table
    colours = side_colours(board)
    for b in board.bases:
        # below the centre, clear of the base's label
        x, y = cam.to_screen(b.x, b.y - 0.6 * b.radius)
        assert _close(_pixel(frame, x, y), _rgb(colours[b.side])), b.id
    rock = board.terrain_piece("rock")
    assert _close(_pixel(frame, *cam.to_screen(9.6, 6.6)), _rgb(terrain_fill(rock.height_cm)))
    # proportions kept: 60 cm across is as many pixels as 60 cm up
    (x0, y0), (x1, y1) = cam.to_screen(0, 0), cam.to_screen(60, 60)
    assert math.isclose(x1 - x0, y1 - y0)


def test_reach_and_blast_overlays_are_drawn(viewer: Any) -> None:
    from landsraad.viewer.app import SAND
    from landsraad.viewer.overlays import reach_overlay

    board = viewer.mode.board
    viewer.sel.model = "red-4"
    viewer.pointer_px = (5.0, 5.0)  # off the table: no move path
    frame = _frame(viewer)
    region = reach_overlay(board, "red-4", 10.0)
    spot = (38.0, 19.5)  # inside the reach, on bare table
    assert region.contains(__import__("shapely").Point(spot))
    assert not _close(_pixel(frame, *viewer.camera.to_screen(*spot)), SAND, tol=4)
    assert any("reach" in line for line in viewer.panel_lines())
    viewer.sel.model = None
    viewer.sel.blast = True
    viewer.pointer_px = viewer.camera.to_screen(45.0, 27.0)
    frame = _frame(viewer)
    assert not _close(_pixel(frame, *viewer.camera.to_screen(44.0, 27.5)), SAND, tol=4)
    assert any("blast" in line for line in viewer.panel_lines())


def test_sight_overlay_by_clicks(viewer: Any) -> None:
    from pyglet.window import mouse

    board = viewer.mode.board
    _frame(viewer)
    for mid in ("red-7", "blue-3"):
        x, y = viewer.camera.to_screen(*board.base(mid).center)
        _send(viewer.window, "on_mouse_press", x, y, mouse.LEFT, 0)
        _send(viewer.window, "on_mouse_release", x, y, mouse.LEFT, 0)
    assert (viewer.sel.model, viewer.sel.target) == ("red-7", "blue-3")
    frame = _frame(viewer)
    from landsraad.geometry.sight import cover
    from landsraad.viewer.app import PANEL_W

    line = cover(board, "red-7", "blue-3").sight_line
    mx, my = viewer.camera.to_screen((line[0][0] + line[1][0]) / 2, (line[0][1] + line[1][1]) / 2)
    near = [_pixel(frame, mx + dx, my + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    assert any(_close(p, (26, 82, 118), tol=30) for p in near)          # the sight line is drawn
    inset = [_pixel(frame, x, y) for x in range(viewer.window.width - PANEL_W + 30, viewer.window.width - 30, 3) for y in range(24, 220, 3)]
    assert any(_close(p, (120, 200, 120)) for p in inset)               # the seen part of the silhouette
    assert any(p[0] > 170 and p[1] < 90 for p in inset)                 # and its hidden part (91 %)
    text = "\n".join(viewer.panel_lines())
    assert "red-7 -> blue-3" in text and "Hidden by: terrain arch" in text and "RUL-08" in text
    assert "0.5 cm" in text


def test_a_drag_moves_a_model_and_undo_puts_it_back(viewer: Any, tmp_path: Path) -> None:
    from pyglet.window import key, mouse

    board = viewer.mode.board
    _frame(viewer)
    start = board.base("red-1").center
    x, y = viewer.camera.to_screen(*start)
    tx, ty = viewer.camera.to_screen(20.0, 30.0)
    _send(viewer.window, "on_mouse_press", x, y, mouse.LEFT, 0)
    for k in range(1, 6):
        px, py = x + (tx - x) * k / 5, y + (ty - y) * k / 5
        _send(viewer.window, "on_mouse_drag", px, py, (tx - x) / 5, (ty - y) / 5, mouse.LEFT, 0)
    # while the button is held the model is drawn under the pointer
    assert math.dist(viewer.board.base("red-1").center, (20.0, 30.0)) < 0.1
    frame = _frame(viewer)
    red = _rgb(side_colours(viewer.mode.board)["red"])
    assert _close(_pixel(frame, *viewer.camera.to_screen(20.0, 30.0 - 0.9)), red)
    _send(viewer.window, "on_mouse_release", tx, ty, mouse.LEFT, 0)
    moved = viewer.mode.editor.scene.model("red-1").at
    assert math.dist(moved, (20.0, 30.0)) < 0.1
    frame = _frame(viewer)
    assert _close(_pixel(frame, *viewer.camera.to_screen(moved[0], moved[1] - 0.9)), red)
    assert not _close(_pixel(frame, *viewer.camera.to_screen(start[0], start[1] - 0.9)), red)
    # save, load back identically
    viewer.save_path = tmp_path / "edited.yaml"
    _send(viewer.window, "on_key_press", key.S, key.MOD_CTRL)
    assert load_scene(viewer.save_path) == viewer.mode.editor.scene
    _send(viewer.window, "on_key_press", key.Z, key.MOD_CTRL)
    assert viewer.mode.editor.scene.model("red-1").at == start


def test_editor_keys_place_turn_and_warn(viewer: Any) -> None:
    from pyglet.window import key

    _frame(viewer)
    viewer.pointer_px = viewer.camera.to_screen(30.0, 17.0)
    _send(viewer.window, "on_key_press", key.P, 0)
    new = viewer.sel.piece
    assert new is not None and new in viewer.mode.editor.ids()
    before = viewer.mode.editor.piece(new).polygon
    _send(viewer.window, "on_key_press", key.R, 0)
    assert viewer.mode.editor.piece(new).polygon != before
    _send(viewer.window, "on_key_press", key.UP, 0)
    _frame(viewer)
    assert any("R-TERRAIN" in line for line in viewer.panel_lines())
    _send(viewer.window, "on_key_press", key.A, 0)
    assert "Added" in viewer.status


def test_editor_keys_on_a_kit_piece_read_from_a_file(window: Any) -> None:
    # scenes/table.yaml writes its pieces as `kit: ... at: ...` with no height of their own
    from pyglet.window import key

    from landsraad.viewer.app import Viewer

    v = Viewer(window, EditMode(load_scene(data_dir("scenes") / "table.yaml"), "table.yaml"))
    try:
        _frame(v)
        v.sel.piece = "house"
        height = v.mode.editor.piece("house").height_cm
        _send(window, "on_key_press", key.UP, 0)
        assert v.mode.editor.piece("house").height_cm == height + 0.5
        _send(window, "on_key_press", key.R, 0)
        assert v.mode.editor.piece("house").polygon is not None
        _frame(v)
    finally:
        v.detach()


def test_replay_keys_and_slider(window: Any) -> None:
    from pyglet.window import key, mouse

    from landsraad.geometry.board import Base, Board
    from landsraad.viewer.app import PANEL_W, Viewer

    frames = tuple(Frame(i, i, i, Board(bases=(Base("red-1", 5 + 5 * i, 10, 30, side="red"),)), (f"step {i}",)) for i in range(9))
    v = Viewer(window, ReplayMode(Timeline(frames, "game.json")))
    try:
        _frame(v)
        _send(window, "on_key_press", key.RIGHT, 0)
        _send(window, "on_key_press", key.RIGHT, 0)
        assert v.mode.index == 2
        frame = _frame(v)
        red = _rgb(side_colours(v.mode.board)["red"])
        assert _close(_pixel(frame, *v.camera.to_screen(15, 10 - 0.9)), red)
        end_x = window.width - PANEL_W - 20
        _send(window, "on_mouse_press", end_x, 19, mouse.LEFT, 0)
        _send(window, "on_mouse_release", end_x, 19, mouse.LEFT, 0)
        assert v.mode.index == 8
        _frame(v)
        assert any("step 8" in line for line in v.panel_lines())
    finally:
        v.detach()


def test_screenshot_is_a_png(viewer: Any, tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    viewer.screenshot(out)
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = pyglet.image.load(str(out))
    assert (img.width, img.height) == (viewer.window.width, viewer.window.height)


def test_drawing_a_piece_by_clicks_and_turning_it_with_the_wheel(viewer: Any) -> None:
    from pyglet.window import key, mouse
    from shapely.geometry import Polygon

    _frame(viewer)
    _send(viewer.window, "on_key_press", key.O, 0)
    corners = [(50.0, 20.0), (56.0, 20.0), (56.0, 26.0)]
    for cx, cy in corners:
        x, y = viewer.camera.to_screen(cx, cy)
        _send(viewer.window, "on_mouse_press", x, y, mouse.LEFT, 0)
        _send(viewer.window, "on_mouse_release", x, y, mouse.LEFT, 0)
    _send(viewer.window, "on_key_press", key.ENTER, 0)
    new = viewer.sel.piece
    assert viewer.mode.editor.piece(new).polygon == corners
    drawn = Polygon(corners)
    frame = _frame(viewer)
    # the new piece is drawn: its inside is no longer bare table
    from landsraad.viewer.app import SAND
    assert not _close(_pixel(frame, *viewer.camera.to_screen(54.5, 21.5)), SAND, tol=4)
    x, y = viewer.camera.to_screen(54.0, 22.0)
    _send(viewer.window, "on_mouse_scroll", x, y, 0, 1)
    assert not Polygon(viewer.mode.editor.piece(new).polygon).equals(drawn)
    assert math.isclose(Polygon(viewer.mode.editor.piece(new).polygon).area, drawn.area, rel_tol=1e-3)


def test_a_resized_window_scales_the_table_and_keeps_the_panel_readable(viewer: Any) -> None:
    from landsraad.viewer.app import panel_width

    window = viewer.window
    _frame(viewer)
    before = viewer.camera.scale
    try:
        for size in ((1500, 1000), (700, 500)):
            window.set_size(*size)
            for _ in range(100):  # the X server resizes the window in its own time
                window.dispatch_events()
                if tuple(window.get_framebuffer_size()) == size:
                    break
                time.sleep(0.05)
            _send(window, "on_resize", *size)
            window.flip()  # Mesa gives the window's buffers their new size at a buffer swap (every frame of the real loop)
            frame = _frame(viewer)
            assert viewer.panel_w == panel_width(window.width) >= 240
            x, y, aw, ah = viewer.camera.area
            assert aw == window.width - viewer.panel_w
            assert math.isclose(viewer.camera.scale, min(aw - 48, ah - 48) / 60)   # the table fills what is left
            cx, cy = viewer.camera.to_screen(30, 30)
            assert 0 < cx < aw and 0 < cy < window.height
            from landsraad.viewer.app import SAND

            assert _close(_pixel(frame, *viewer.camera.to_screen(2.5, 57.5)), SAND)
        assert viewer.camera.scale < before
    finally:
        window.set_size(1000, 700)
        for _ in range(100):
            window.dispatch_events()
            if tuple(window.get_framebuffer_size()) == (1000, 700):
                break
            time.sleep(0.05)
        _send(window, "on_resize", 1000, 700)
