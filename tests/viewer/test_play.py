"""Playing in the real window (Xvfb when there is no display): keys and clicks answer the
engine's decisions, the computer answers its own, an illegal point is refused with the
geometry's reason, undo restores the game, a save goes on in ``landsraad play --resume``.

Events go through the window's own dispatcher, as the window system would send them; the
computer answers at once (``computer_delay=None``).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Iterator

import pytest
from shapely import unary_union
from shapely.geometry import Point

pyglet = pytest.importorskip("pyglet", reason="the viewer needs pyglet (pip install '.[viewer]')")

from landsraad.content import data_dir  # noqa: E402
from landsraad.engine import SetupOptions, new_game  # noqa: E402
from landsraad.engine.record import load_record  # noqa: E402
from landsraad.play.session import Session, resume  # noqa: E402
from landsraad.players import make_player  # noqa: E402
from landsraad.scene import load_scene  # noqa: E402
from tests import warm  # noqa: E402


def _viewer(window: Any, tmp_path: Path, dice: str = "digital", delay: float | None = None) -> Any:
    from landsraad.viewer.app import Viewer
    from landsraad.viewer.playing import PlayMode, Transcript

    game = new_game("corrino", "fremen", seed=3, dice=dice, setup=SetupOptions(scene=load_scene(data_dir("scenes") / "demo.yaml")))
    session = Session(game=game, terminal=Transcript(), humans=frozenset({"red"}), opponents={"blue": make_player("heuristic", 5)},
                      seed=3, save_path=str(tmp_path / "game.json"), players={"red": "human", "blue": "heuristic"},
                      ask_computer_dice=dice == "physical")
    return Viewer(window, PlayMode(session), computer_delay=delay)


@pytest.fixture
def viewer(window: Any, tmp_path: Path) -> Iterator[Any]:
    v = _viewer(window, tmp_path)
    yield v
    v.detach()


def _frame(v: Any) -> Any:
    v.window.switch_to()
    v.window.dispatch_events()
    v.on_draw()
    image = pyglet.image.get_buffer_manager().get_color_buffer().get_image_data()
    return image.width, image.height, image.get_data("RGBA", image.width * 4)


def _pixel(frame: Any, x: float, y: float) -> tuple[int, int, int]:
    w, _, data = frame
    i = (int(round(y)) * w + int(round(x))) * 4
    return data[i], data[i + 1], data[i + 2]


def _panel(frame: Any, v: Any) -> bytes:
    from landsraad.viewer.app import PANEL_W

    w, h, data = frame
    raw = bytes(data)
    return b"".join(raw[(y * w + w - PANEL_W) * 4:(y * w + w) * 4] for y in range(h))


def _close(a: tuple[int, ...], b: tuple[int, ...], tol: int = 4) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a, b))


def _send(window: Any, *event: Any) -> None:
    window.dispatch_event(*event)
    window.dispatch_events()


def _key(v: Any, symbol: int, modifiers: int = 0) -> None:
    _send(v.window, "on_key_press", symbol, modifiers)


def _click(v: Any, x: float, y: float) -> None:
    from pyglet.window import mouse

    _send(v.window, "on_mouse_press", x, y, mouse.LEFT, 0)
    _send(v.window, "on_mouse_release", x, y, mouse.LEFT, 0)


def _until(v: Any, test: Any, limit: int = 60) -> None:
    """Press Enter (the default answer) until ``test(decision)`` holds."""
    from pyglet.window import key

    for _ in range(limit):
        if test(v.mode.game.decision):
            return
        _key(v, key.ENTER)
    raise AssertionError("the decision never came")


def test_a_key_answers_a_choice_and_the_computer_answers_its_own(viewer: Any) -> None:
    from pyglet.window import key

    game = viewer.mode.game
    d = game.decision
    assert (d.kind, d.side) == ("bid", "red")
    rows = viewer.mode.choice_rows()
    # issue 38: the choices are numbers, so the rows are lettered as at the terminal and the digit is the value
    assert rows[:2] == ["a. 0", "b. 1"] and len(rows) == len(d.choices) and 2 in d.choices
    assert "Press the value" in " ".join(viewer.mode.panel_lines())
    before = _panel(_frame(viewer), viewer)
    _key(viewer, key._2)
    assert game.answers[0] == 2                                     # red bid 2 ...
    assert len(game.answers) >= 2 and game.decision.side == "red"  # ... and blue answered by itself
    assert "missions" in game.decision.prompt
    assert _panel(_frame(viewer), viewer) != before                 # the panel shows the new prompt


def test_a_click_on_a_panel_row_answers_it(viewer: Any) -> None:
    game = viewer.mode.game
    d = game.decision
    _frame(viewer)
    bottom, top, number = viewer._choice_boxes[3]
    _click(viewer, viewer.window.width - 100, (bottom + top) / 2)
    assert number == 4 and game.answers[0] == d.choices[3]
    assert len(game.answers) >= 2 and game.decision is not d


def test_a_ranked_pick_is_typed_in_order(viewer: Any) -> None:
    from pyglet.window import key

    _until(viewer, lambda d: d.kind == "pick_missions")
    game = viewer.mode.game
    d = game.decision
    for symbol in (key._3, key._1):
        _key(viewer, symbol)
    assert "Typed: 3 1" in viewer.panel_lines()
    mark = len(game.answers)
    _key(viewer, key.ENTER)
    assert list(game.answers[mark]) == [d.choices[2], d.choices[0]]


def test_an_illegal_point_is_refused_with_the_reason_and_a_legal_one_answers(viewer: Any) -> None:
    _until(viewer, lambda d: d.point is not None and d.side == "red")
    game = viewer.mode.game
    d = game.decision
    illegal = next((x, y) for x in range(2, 60, 4) for y in range(2, 60, 4) if d.point.validate((float(x), float(y))))
    reason = d.point.validate((float(illegal[0]), float(illegal[1])))
    snapshot = game.snapshot()
    answers = len(game.answers)
    _frame(viewer)
    _click(viewer, *viewer.camera.to_screen(*illegal))
    assert game.snapshot() == snapshot and game.decision is d
    assert reason.rstrip(".") in viewer.mode.status
    assert any(reason.rstrip(".") in line for line in viewer.panel_lines())
    legal = d.point.candidates[0]
    _click(viewer, *viewer.camera.to_screen(*legal))
    assert len(game.answers) > answers and math.dist(game.answers[answers], legal) < 0.2  # within a pixel
    assert viewer.mode.status == ""


def test_a_move_shows_the_reach_region_and_undo_restores_the_game(viewer: Any) -> None:
    from pyglet.window import key

    from landsraad.viewer.app import SAND
    from landsraad.viewer.overlays import reach_overlay

    _until(viewer, lambda d: d.point is not None and d.model is not None and d.point.allowance_cm is not None)
    game = viewer.mode.game
    d = game.decision
    assert viewer.sel.model == d.model
    viewer.pointer_px = (2.0, 2.0)  # off the table: no move path
    frame = _frame(viewer)
    board = viewer.mode.board
    region = reach_overlay(board, d.model, d.point.allowance_cm)
    base = board.base(d.model)
    busy = unary_union([t.shape for t in board.terrain] + [Point(b.center).buffer(b.radius + 1) for b in board.bases]
                       + [Point(m.center).buffer(m.radius + 1) for m in board.markers] + [Point(base.center).buffer(base.radius + 8)])
    cells = [(x + 0.5, y + 0.5) for x in range(1, 59) for y in range(1, 59)]  # off the 5 cm grid lines
    spot = next((x, y) for x, y in cells if region.contains(Point(x, y)) and not busy.covers(Point(x, y)))
    bare = next((x, y) for x, y in cells if not region.contains(Point(x, y)) and not busy.covers(Point(x, y)))
    assert _close(_pixel(frame, *viewer.camera.to_screen(*bare)), SAND)       # bare table is sand
    assert not _close(_pixel(frame, *viewer.camera.to_screen(*spot)), SAND)   # the reach region is tinted
    snapshot = game.snapshot()
    answers = len(game.answers)
    _click(viewer, *viewer.camera.to_screen(*d.point.candidates[-1]))
    assert len(game.answers) > answers
    _key(viewer, key.U)
    assert game.snapshot() == snapshot and len(game.answers) == answers
    assert viewer.sel.model == d.model


def test_ctrl_s_saves_and_play_resume_goes_on(viewer: Any, tmp_path: Path) -> None:
    from pyglet.window import key

    for _ in range(3):
        _key(viewer, key.ENTER)
    game = viewer.mode.game
    _key(viewer, key.S, key.MOD_CTRL)
    path = tmp_path / "game.json"
    assert path.is_file() and "saved" in viewer.mode.status.lower()
    record = load_record(path)
    assert resume(record, {}, source=str(path)).snapshot() == game.snapshot()
    r = warm.run(["play", "--resume", str(path)], input="1\n", text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    assert f"{len(record.answers)} answer(s) played again" in r.stdout


def test_physical_dice_are_typed_as_digits(window: Any, tmp_path: Path) -> None:
    from pyglet.window import key

    v = _viewer(window, tmp_path, dice="physical")
    try:
        _until(v, lambda d: d.kind == "dice")
        game = v.mode.game
        d = game.decision
        count = len(game.dice_outcomes()[0][0])
        snapshot = game.snapshot()
        for _ in range(count + 1):  # one die too many: refused with a sentence, the game unchanged
            _key(v, key._0)
        _key(v, key.ENTER)
        assert game.snapshot() == snapshot and "the dice you rolled" in v.mode.status
        _key(v, key.BACKSPACE)  # what was typed stays, to be corrected
        assert f"Typed: {' '.join(['10'] * count)}" in v.panel_lines()
        answers = len(game.answers)
        _key(v, key.ENTER)
        assert game.decision is not d and list(game.answers[answers]) == [10] * count  # 0 is a 10
    finally:
        v.detach()


def test_with_a_delay_the_computer_answers_on_the_clock(window: Any, tmp_path: Path) -> None:
    from pyglet.window import key

    v = _viewer(window, tmp_path, delay=0.0)
    try:
        game = v.mode.game
        _key(v, key._1)
        assert game.decision.side == "blue" and "thinking" in " ".join(v.panel_lines())  # not yet: it is scheduled
        for _ in range(200):
            if game.decision.side == "red":
                break
            pyglet.clock.tick()
        assert game.decision.side == "red" and len(game.answers) == 2
    finally:
        v.detach()


def test_during_set_up_the_table_shows_only_the_models_placed(tmp_path: Path) -> None:
    from landsraad.viewer.playing import PlayMode, Transcript

    game = new_game("corrino", "fremen", seed=3)
    players = {"red": make_player("heuristic", 4), "blue": make_player("heuristic", 5)}
    session = Session(game=game, terminal=Transcript(), humans=frozenset({"red"}), opponents={"blue": players["blue"]},
                      seed=3, save_path=str(tmp_path / "game.json"), players={"red": "human", "blue": "heuristic"})
    mode = PlayMode(session)
    seen = []
    while game.state.phase == "setup":
        # the log, read independently of the state: models deployed, and a Protection ambassador once placed
        placed = {e.model for e in game.log if e.kind in ("deploy", "ambassador")}
        assert {b.id for b in mode.board.bases} == placed, "a waiting model is on the table, or a placed one missing"
        seen.append(len(placed))
        d = game.decision
        game.answer(players[d.side].decide(d, game.view(d.side)))
    assert seen[0] == 0 and len(set(seen)) > 5  # from an empty table, model by model
    assert {b.id for b in mode.board.bases} == {m.id for m in game.state.models if not m.removed}


def test_play_mode_autosaves_the_game_after_every_answer(window: Any, tmp_path: Path) -> None:
    from landsraad.viewer.app import Viewer
    from landsraad.viewer.playing import PlayMode, Transcript

    game = new_game("corrino", "fremen", seed=3, setup=SetupOptions(scene=load_scene(data_dir("scenes") / "demo.yaml")))
    session = Session(game=game, terminal=Transcript(), humans=frozenset({"red"}), opponents={"blue": make_player("heuristic", 5)},
                      seed=3, players={"red": "human", "blue": "heuristic"})
    auto = tmp_path / "play.autosave.json"
    v = Viewer(window, PlayMode(session, autosave=auto), computer_delay=None)
    try:
        from pyglet.window import key

        for _ in range(3):
            _send(window, "on_key_press", key.ENTER, 0)   # the default answer, then the computer's
            record = load_record(auto)
            assert record.answers == list(game.answers) and len(record.answers) > 0
        assert any(str(auto) in line for line in v.mode.panel_lines())
        assert resume(load_record(auto), {}, source=str(auto)).snapshot() == game.snapshot()
    finally:
        v.detach()


def test_a_full_disk_keeps_the_last_game_autosave_and_the_game_goes_on(window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    from pyglet.window import key

    from landsraad import fileio
    from landsraad.viewer.app import Viewer
    from landsraad.viewer.playing import PlayMode, Transcript

    game = new_game("corrino", "fremen", seed=3, setup=SetupOptions(scene=load_scene(data_dir("scenes") / "demo.yaml")))
    session = Session(game=game, terminal=Transcript(), humans=frozenset({"red"}), opponents={"blue": make_player("heuristic", 5)},
                      seed=3, players={"red": "human", "blue": "heuristic"})
    auto = tmp_path / "play.autosave.json"
    v = Viewer(window, PlayMode(session, autosave=auto), computer_delay=None)
    try:
        _send(window, "on_key_press", key.ENTER, 0)
        kept = auto.read_bytes()

        def full(*args: Any, **kwargs: Any) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(fileio.os, "replace", full)
        before = len(game.answers)
        _send(window, "on_key_press", key.ENTER, 0)
        assert len(game.answers) > before and not window.has_exit and v.crashes == []
        assert auto.read_bytes() == kept
        assert any("Autosave failed" in line and "No space left" in line for line in v.mode.panel_lines())
    finally:
        v.detach()
