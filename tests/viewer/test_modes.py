"""Modes: what the window shows (an edited scene, a replayed game)."""

from __future__ import annotations

from landsraad.content import data_dir
from landsraad.geometry.board import Board
from landsraad.scene import load_scene
from landsraad.viewer.modes import EditMode, ReplayMode
from landsraad.viewer.timeline import Frame, Timeline


def _timeline(n: int) -> Timeline:
    return Timeline(tuple(Frame(i, i, 10 * i, Board(bases=()), (f"line {i}",)) for i in range(n)), "game.json")


def test_replay_steps_and_seeks_within_the_timeline() -> None:
    mode = ReplayMode(_timeline(5), index=99)
    assert mode.index == 4
    mode.step(-2)
    assert mode.index == 2 and "line 2" in mode.panel_lines()
    mode.step(-10)
    assert mode.index == 0
    mode.seek(1.0)
    assert mode.index == 4
    mode.seek(0.5)
    assert mode.index == 2
    mode.seek(-3)
    assert mode.index == 0
    assert "step 1/5" in mode.title() and not mode.editable
    frames = (Frame(0, 0, 0, Board(), (), {"red-1": 12.0}),)
    assert ReplayMode(Timeline(frames, "g")).movement("red-1") == 12.0
    assert ReplayMode(Timeline(frames, "g")).movement("ghost") is None


def test_edit_mode_shows_the_editor_board_and_warnings() -> None:
    mode = EditMode(load_scene(data_dir("scenes") / "reference.yaml"), "reference.yaml")
    assert mode.board == mode.editor.board and mode.editable
    assert any("No warnings" in line for line in mode.panel_lines())
    assert mode.movement("red-5") == 8 and mode.movement("ghost") is None
    mode.editor.move_model("red-1", (16, 14))
    assert any("overlaps" in line for line in mode.panel_lines())
