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


@pytest.fixture(scope="module")
def window(x_display: str) -> Iterator[Any]:
    from landsraad.viewer import app  # noqa: F401 - sets pyglet's options before the first window

    win = pyglet.window.Window(1000, 700, visible=True, caption="landsraad test")
    yield win
    win.close()


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


# --- pieces that read, a table to read points off, replay that shows the step (issue 43) ---------

CARDED = """
name: carded
models:
  - {id: sardaukar-1, side: red, profile: corrino/soldier, at: [20, 20]}
  - {id: sardaukar-2, side: red, profile: corrino/soldier, at: [26, 20]}
  - {id: naib, side: blue, profile: fremen/naib, at: [40, 40]}
markers:
  - {id: depot, at: [30, 30], size: 50, owner: red}
"""


@pytest.fixture
def carded(window: Any) -> Iterator[Any]:
    from landsraad.scene import parse_scene
    from landsraad.viewer.app import Viewer

    v = Viewer(window, EditMode(parse_scene(CARDED, "carded.yaml"), "carded.yaml"))
    yield v
    v.detach()


def test_bases_are_labelled_by_card_with_a_legend(carded: Any) -> None:
    _frame(carded)
    labels, legend = carded.labels()
    assert labels == {"sardaukar-1": "Sol1", "sardaukar-2": "Sol2", "naib": "Naib"}
    assert legend == {"Sol": "Soldier", "Naib": "Naib"}
    assert "Sol = Soldier" in carded._legend(carded.mode.names())


def test_a_marker_is_a_hollow_token_with_a_glyph_never_a_base(carded: Any) -> None:
    from landsraad.viewer.app import SAND

    frame = _frame(carded)
    cam = carded.camera
    red = _rgb(side_colours(carded.mode.board)["red"])
    base = carded.mode.board.base("sardaukar-1")
    assert _close(_pixel(frame, *cam.to_screen(base.x, base.y - 0.6 * base.radius)), red)      # a base: filled
    marker = carded.mode.board.markers[0]
    ring = _pixel(frame, *cam.to_screen(marker.x, marker.y - 0.75 * marker.radius))
    assert not _close(ring, red, tol=60) and sum(ring) > sum(SAND) - 30                        # a marker: pale inside
    assert _close(_pixel(frame, *cam.to_screen(marker.x, marker.y)), red)                      # its diamond glyph
    rim = [_pixel(frame, *cam.to_screen(marker.x + marker.radius * math.cos(a), marker.y + marker.radius * math.sin(a)))
           for a in [k * math.pi / 60 for k in range(120)]]
    assert any(_close(p, red, tol=40) for p in rim) and any(not _close(p, red, tol=40) for p in rim)  # a dashed rim


def test_cm_ticks_and_the_pointer_coordinates(carded: Any) -> None:
    from landsraad.viewer.app import SAND

    frame = _frame(carded)
    cam = carded.camera
    x, y = cam.to_screen(15.0, 0.0)
    assert any(not _close(_pixel(frame, x + dx, y - 3), (0, 0, 0), tol=20) for dx in (-1, 0, 1))   # a tick under the south edge at 15 cm
    x2, _ = cam.to_screen(15.5, 0.0)
    assert _close(_pixel(frame, x2, y - 3), (0, 0, 0), tol=20)             # and none between ticks
    assert _close(_pixel(frame, x2, y + 3), SAND)
    _send(carded.window, "on_mouse_motion", *cam.to_screen(12.5, 40.0), 0, 0)
    _frame(carded)
    assert carded._coords.text == "pointer x 12.5 cm, y 40.0 cm"


def test_the_hover_card_tells_the_model(carded: Any) -> None:
    frame = _frame(carded)
    cam = carded.camera
    px, py = cam.to_screen(40.0, 40.0)
    _send(carded.window, "on_mouse_motion", px, py, 0, 0)
    _frame(carded)
    assert carded._layers["hover"] == []                                 # not while the pointer moves
    carded.still_since -= 1.0                                            # resting for a second
    frame = _frame(carded)
    text = carded._layers["hover"][-1].text
    from landsraad.content import load_faction

    naib = load_faction("fremen").profile("naib")
    assert naib.name in text and "Endurance" in text and "fatigue 0" in text
    assert all(load_faction("fremen").weapon(w).name in text for w in naib.weapons)
    box = carded._layers["hover"][0]
    assert box.x + box.width < px or box.x > px                          # beside the pointer, not over the model
    assert _close(_pixel(frame, box.x + 4, box.y + 4), (250, 246, 232))   # drawn
    _send(carded.window, "on_mouse_motion", *cam.to_screen(5.0, 5.0), 0, 0)
    _frame(carded)
    assert carded._layers["hover"] == []


def test_a_mid_game_stage_has_no_set_up_warnings(window: Any) -> None:
    from landsraad.scene import Scene
    from landsraad.viewer.app import Viewer

    crowded = Scene(terrain=[{"id": "a", "polygon": [[10, 10], [14, 10], [14, 14], [10, 14]], "height": 3},
                             {"id": "b", "polygon": [[15, 10], [19, 10], [19, 14], [15, 14]], "height": 3}])
    for stage, warned in (("setup", True), ("play", False)):
        v = Viewer(window, EditMode(crowded, "mid.yaml", stage=stage))
        try:
            _frame(v)
            assert any("R-TERRAIN" in line for line in v.panel_lines()) is warned
        finally:
            v.detach()


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import subprocess
    import sys

    game = tmp_path_factory.mktemp("game") / "game.json"
    r = subprocess.run([sys.executable, "-m", "landsraad", "demo", "--seed", "3", "--players", "random", "--quiet",
                        "--svg", str(game.with_suffix(".svg")), "--save", str(game)], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    return game


def test_the_replay_draws_the_steps_shot_move_and_active_model(window: Any, saved_game: Path) -> None:
    from landsraad.viewer.app import Viewer
    from landsraad.viewer.timeline import load_timeline

    timeline = load_timeline(saved_game)
    index = next(i for i, f in enumerate(timeline.frames) if any(e.kind == "shot" for e in f.events))
    v = Viewer(window, ReplayMode(timeline, index))
    try:
        frame = _frame(v)
        ov = v.mode.overlay()
        shot = ov.shots[0]
        cam = v.camera
        quarter = [(shot.start[0] + (shot.end[0] - shot.start[0]) * k, shot.start[1] + (shot.end[1] - shot.start[1]) * k)
                   for k in (0.2, 0.25, 0.3, 0.7, 0.75)]
        near = [_pixel(frame, sx + dx, sy + dy) for sx, sy in (cam.to_screen(*q) for q in quarter) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        assert any(_close(p, (26, 82, 118), tol=30) for p in near)                        # the shot's line
        assert any(line.startswith(f"Shot {shot.shooter} -> {shot.target}: ") for line in v.panel_lines())
        tags = [item.text for item in v._layers["step"] if hasattr(item, "text")]
        assert any(shot.result in t for t in tags)                                         # its result on the table
        active = v.mode.board.base(ov.active)
        ax, ay = cam.to_screen(*active.center)
        r = cam.length(active.radius)
        assert any(_close(_pixel(frame, ax + (r + 4) * math.cos(a), ay + (r + 4) * math.sin(a)), (255, 255, 255), tol=10)
                   for a in (0.3, 1.3, 2.3, 3.3, 4.3))                                     # the active model ringed in white
        if ov.moves:
            model, path = ov.moves[0]
            mid = ((path[0][0] + path[-1][0]) / 2, (path[0][1] + path[-1][1]) / 2)
            assert v.mode.board.has_base(model) and len(path) >= 2 and 0 <= mid[0] <= 60
    finally:
        v.detach()


def test_wounds_and_fatigue_are_drawn_on_the_bases(window: Any, saved_game: Path) -> None:
    from landsraad.viewer.app import _FATIGUE, _WOUND, Viewer
    from landsraad.viewer.timeline import load_timeline

    timeline = load_timeline(saved_game)
    index, model = next((f.index, m) for f in timeline.frames for m in f.state.models
                        if m.wound in ("light", "grave") and m.fatigue > 0 and not m.removed and f.board.has_base(m.id))
    v = Viewer(window, ReplayMode(timeline, index))
    try:
        frame = _frame(v)
        b = v.mode.board.base(model.id)
        cx, cy = v.camera.to_screen(*b.center)
        r = v.camera.length(b.radius)
        dot = max(2.5, r * 0.16)
        top = [_pixel(frame, cx + dx, cy + r - dot + dy) for dx in range(-12, 13, 2) for dy in (-1, 0, 1)]
        bottom = [_pixel(frame, cx + dx, cy - r + dot + dy) for dx in range(-12, 13, 2) for dy in (-1, 0, 1)]
        assert any(_close(p, _WOUND, tol=25) for p in top), model.wound
        assert any(_close(p, _FATIGUE, tol=25) for p in bottom), model.fatigue
    finally:
        v.detach()


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
