"""Nothing a person does closes the window (issue 43), in the real window under X.

Every key of pyglet's keyboard, alone and with Shift or Ctrl, and a click on every kind of
object (each base, one partly off the table among them, each marker, each terrain piece, bare
table, off the table, the panel, the slider), in the editor, the replay and a game being
played: the window stays open and no unexpected error was met (no crash file). An error the
code did not foresee becomes a panel message, a crash file and an emergency save.

Events go through the window's own dispatcher, as the window system would send them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pyglet = pytest.importorskip("pyglet", reason="the viewer needs pyglet (pip install '.[viewer]')")

import yaml  # noqa: E402

from landsraad.content import data_dir  # noqa: E402
from landsraad.engine import SetupOptions, new_game  # noqa: E402
from landsraad.play.session import Session  # noqa: E402
from landsraad.players import make_player  # noqa: E402
from landsraad.scene import Scene, load_scene  # noqa: E402
from tests import warm  # noqa: E402

# A table with every kind of object: carded and bare bases (one partly off the south edge: the
# issue's case, centre y = 1.35 cm for a 30 mm base), markers, and blocked, difficult, open terrain.
EDGE_SCENE = """
name: every object
terrain:
  - {id: rock, height: 6, movement: blocked, polygon: [[10, 20], [16, 20], [16, 25], [10, 25]]}
  - {id: dunes, height: 0, movement: difficult, polygon: [[30, 20], [38, 20], [38, 26], [30, 26]]}
  - {id: arch, height: 4, movement: open, polygon: [[45, 40], [52, 40], [52, 45], [45, 45]]}
models:
  - {id: red-1, side: red, at: [24.94, 1.35], base: 30}
  - {id: sardaukar-1, side: red, profile: corrino/soldier, at: [20, 10]}
  - {id: blue-1, side: blue, at: [30, 50], base: 30, movement: 10}
  - {id: naib, side: blue, profile: fremen/naib, at: [40, 52]}
markers:
  - {id: depot, at: [30, 35], size: 50, owner: red}
  - {id: obj-1, at: [8, 40]}
"""

def _symbols() -> list[int]:
    """Every key symbol pyglet names (letters, digits, function keys, arrows, the keypad, ...)."""
    from pyglet.window import key

    return sorted({v for n, v in vars(key).items() if n.isupper() and not n.startswith("MOD_") and isinstance(v, int) and v > 0})


def _send(window: Any, *event: Any) -> None:
    window.dispatch_event(*event)
    window.dispatch_events()


def _draw(v: Any) -> None:
    v.window.switch_to()
    v.window.dispatch_events()
    v.on_draw()


def _click(v: Any, x: float, y: float, button: int | None = None) -> None:
    from pyglet.window import mouse

    b = mouse.LEFT if button is None else button
    _send(v.window, "on_mouse_motion", x, y, 0, 0)
    _send(v.window, "on_mouse_press", x, y, b, 0)
    _send(v.window, "on_mouse_release", x, y, b, 0)
    _draw(v)


def _points_of_every_object(v: Any) -> list[tuple[float, float]]:
    """Window pixels on every base, marker and terrain piece, bare table, off the table, the panel, the slider."""
    board = v.mode.board
    cam = v.camera
    pts = [cam.to_screen(*b.center) for b in board.bases]
    pts += [cam.to_screen(*m.center) for m in board.markers]
    pts += [cam.to_screen(*t.shape.representative_point().coords[0]) for t in board.terrain]
    pts += [cam.to_screen(58.0, 30.0), cam.to_screen(-1.0, 30.0), (v.window.width - 50, v.window.height - 30),
            (v.window.width - 50, 20), (100, 19)]
    return pts


def _still_open(v: Any, data_folder: Path) -> None:
    assert not v.window.has_exit, "the window was asked to close"
    assert v.window.context is not None, "the window was closed"
    crashes = sorted((data_folder / "crashes").glob("*.txt")) if (data_folder / "crashes").exists() else []
    assert v.crashes == [] and crashes == [], (crashes[0].read_text() if crashes else v.status)


def _every_key(v: Any, at: list[tuple[float, float]]) -> None:
    from pyglet.window import key

    for i, symbol in enumerate(_symbols()):
        for mod in (0, key.MOD_SHIFT, key.MOD_CTRL):
            x, y = at[(i + mod) % len(at)]
            _send(v.window, "on_mouse_motion", x, y, 0, 0)
            _send(v.window, "on_key_press", symbol, mod)
            _send(v.window, "on_key_release", symbol, mod)
        if i % 8 == 0:
            _draw(v)


def test_the_editor_survives_every_key_and_a_click_on_every_object(window: Any, data_folder: Path, tmp_path: Path) -> None:
    from landsraad.viewer.app import Viewer
    from landsraad.viewer.autosave import autosave_path
    from landsraad.viewer.modes import EditMode

    scene = Scene.model_validate(yaml.safe_load(EDGE_SCENE))  # opens as the editor opens a scene to fix
    out = tmp_path / "every-object.yaml"
    v = Viewer(window, EditMode(scene, str(out), autosave=autosave_path(out, ".yaml")), save_path=out)
    try:
        _draw(v)
        pts = _points_of_every_object(v)
        edge = v.camera.to_screen(24.94, 1.35)
        _click(v, *edge)  # the crash: the reach overlay of a base partly off the table
        assert v.sel.model == "red-1"
        _draw(v)
        assert any("no reach region" in line and "wholly on the table" in line for line in v.panel_lines()), v.panel_lines()
        _still_open(v, data_folder)
        for p in pts:  # a click on every kind of object, each one after another (pairs: shooter and target)
            _click(v, *p)
            _still_open(v, data_folder)
        for p in pts[:3]:  # drags from objects, and right-button pans
            from pyglet.window import mouse

            _send(window, "on_mouse_press", p[0], p[1], mouse.LEFT, 0)
            _send(window, "on_mouse_drag", p[0] + 40, p[1] - 300, 40, -300, mouse.LEFT, 0)
            _draw(v)
            _send(window, "on_mouse_release", p[0] + 40, p[1] - 300, mouse.LEFT, 0)
            _click(v, *p, button=mouse.RIGHT)
            _send(window, "on_mouse_scroll", p[0], p[1], 0, 1)
        _click(v, *edge)
        _every_key(v, pts)
        _draw(v)
        _still_open(v, data_folder)
        assert autosave_path(out, ".yaml").is_file()  # the keys changed the table: autosaved
    finally:
        v.detach()


def test_the_replay_survives_every_key_and_click(window: Any, data_folder: Path, tmp_path: Path) -> None:
    from landsraad.viewer.app import Viewer
    from landsraad.viewer.modes import ReplayMode
    from landsraad.viewer.timeline import load_timeline

    game = tmp_path / "game.json"
    r = warm.run(["demo", "--seed", "3", "--players", "random", "--quiet", "--svg", str(tmp_path / "end.svg"), "--save", str(game)], text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    v = Viewer(window, ReplayMode(load_timeline(game), 2))
    try:
        _draw(v)
        for p in _points_of_every_object(v):
            _click(v, *p)
        _every_key(v, _points_of_every_object(v))
        _draw(v)
        _still_open(v, data_folder)
    finally:
        v.detach()


def test_a_game_in_the_window_survives_every_key_and_click(window: Any, data_folder: Path, tmp_path: Path) -> None:
    from landsraad.viewer.app import Viewer
    from landsraad.viewer.playing import PlayMode, Transcript

    game = new_game("corrino", "fremen", seed=3, setup=SetupOptions(scene=load_scene(data_dir("scenes") / "demo.yaml")))
    session = Session(game=game, terminal=Transcript(), humans=frozenset({"red"}), opponents={"blue": make_player("random", 5)},
                      seed=3, save_path=str(tmp_path / "game.json"), players={"red": "human", "blue": "random"})
    auto = tmp_path / "game.autosave.json"
    v = Viewer(window, PlayMode(session, autosave=auto), computer_delay=None)
    try:
        for _ in range(3):  # keys and clicks answer decisions too: the game goes on under them
            _draw(v)
            pts = _points_of_every_object(v)
            for p in pts:
                _click(v, *p)
            _every_key(v, pts)
        _draw(v)
        _still_open(v, data_folder)
        assert len(game.answers) > 0 and auto.is_file()
    finally:
        v.detach()


def test_an_unforeseen_error_is_a_panel_message_a_crash_file_and_an_emergency_save(window: Any, data_folder: Path, tmp_path: Path,
                                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from pyglet.window import key

    from landsraad.viewer.app import Viewer
    from landsraad.viewer.autosave import autosave_path
    from landsraad.viewer.editor import Editor
    from landsraad.viewer.modes import EditMode

    out = tmp_path / "t.yaml"
    v = Viewer(window, EditMode(Scene(), None, autosave=autosave_path(out, ".yaml")), save_path=out)
    try:
        _draw(v)

        def broken(self: Any, *args: Any, **kwargs: Any) -> None:
            raise ZeroDivisionError("a bug in the editor")

        monkeypatch.setattr(Editor, "rotate_piece", broken)
        v.pointer_px = v.camera.to_screen(30.0, 30.0)
        _send(window, "on_key_press", key.P, 0)      # a piece placed and selected: a real change, autosaved
        _send(window, "on_key_press", key.R, 0)      # turning it meets the bug
        _draw(v)
        assert not window.has_exit
        assert "Unexpected error" in v.status and "ZeroDivisionError" in v.status and "Please report it" in v.status
        assert len(v.crashes) == 1 and "ZeroDivisionError: a bug in the editor" in v.crashes[0].read_text()
        assert v.crashes[0].parent == data_folder / "crashes"
        saved = autosave_path(out, ".yaml")
        assert load_scene(saved).terrain[0].id == v.mode.editor.scene.terrain[0].id  # the table, saved before the report
        _send(window, "on_key_press", key.R, 0)      # the same bug again: one crash file, not one per press
        assert len(v.crashes) == 1
        monkeypatch.setattr(Viewer, "_draw_table", broken)  # a drawing bug: the frame is still drawn, the window open
        v.camera.zoom_at(100, 100, 1.5)
        _draw(v)
        assert not window.has_exit and "drawing the table layer" in v.status and len(v.crashes) == 2
    finally:
        v.detach()
