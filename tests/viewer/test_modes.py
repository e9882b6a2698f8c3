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


def test_the_editor_mode_autosaves_offers_and_recovers(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from landsraad.scene import Scene, load_scene
    from landsraad.viewer.modes import EditMode

    auto = tmp_path / "t.autosave.yaml"
    first = EditMode(Scene(), "t.yaml", autosave=auto)
    assert first.after_change() is None and not auto.exists()   # nothing changed yet
    first.editor.add_model(side="red", at=(10, 1.0), base=30)
    assert first.after_change() == str(auto) and load_scene(auto) == first.editor.scene
    assert first.after_change() is None                          # written once per change
    second = EditMode(Scene(), "t.yaml", autosave=auto)
    assert second.offer is not None and any("Y: recover it" in line for line in second.panel_lines())
    assert "back" in second.answer_offer(True)
    assert [m.id for m in second.editor.scene.models] == ["red-1"] and second.offer is None
    assert second.editor.undo() and second.editor.scene.models == []  # the recovery is undoable
    third = EditMode(Scene(), "t.yaml", autosave=auto)
    assert third.offer is None                                   # answered: not offered again


def test_play_stage_warns_only_of_file_problems() -> None:
    from landsraad.scene import Scene
    from landsraad.viewer.modes import EditMode

    crowded = Scene(terrain=[{"id": "a", "polygon": [[10, 10], [14, 10], [14, 14], [10, 14]], "height": 3},
                             {"id": "b", "polygon": [[15, 10], [19, 10], [19, 14], [15, 14]], "height": 3}])
    assert any("R-TERRAIN" in line for line in EditMode(crowded).panel_lines())
    mid = EditMode(crowded, stage="play")
    assert not any("R-TERRAIN" in line for line in mid.panel_lines()) and "mid-game" in mid.title()


def test_an_autosave_beside_a_read_only_scene_goes_to_the_data_folder(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from landsraad.scene import Scene, load_scene
    from landsraad.viewer.modes import EditMode

    monkeypatch.setenv("LANDSRAAD_DATA_DIR", str(tmp_path / "data"))
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the scene's folder should be\n")
    mode = EditMode(Scene(), "t.yaml", autosave=blocker / "t.autosave.yaml")
    mode.editor.add_model(side="red", at=(10, 10), base=30)
    assert mode.after_change() == str(tmp_path / "data" / "t.autosave.yaml")
    assert load_scene(tmp_path / "data" / "t.autosave.yaml") == mode.editor.scene
    assert any("data" in line and "Autosaved" in line for line in mode.panel_lines())


def test_a_full_disk_leaves_the_last_autosave_whole_and_says_so(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import errno

    from landsraad import fileio
    from landsraad.scene import Scene, load_scene
    from landsraad.viewer.modes import EditMode

    auto = tmp_path / "t.autosave.yaml"
    mode = EditMode(Scene(), "t.yaml", autosave=auto)
    mode.editor.add_model(side="red", at=(10, 10), base=30)
    mode.after_change()
    kept = auto.read_bytes()
    real_replace = fileio.os.replace

    def full(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(fileio.os, "replace", full)  # the rename of the finished temporary file fails, as on a full disk
    mode.editor.add_model(side="red", at=(20, 10), base=30)
    assert mode.after_change() is None
    assert auto.read_bytes() == kept and len(load_scene(auto).models) == 1
    assert any("Autosave failed" in line and "No space left" in line for line in mode.panel_lines())
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".") or "tmp" in p.name] == []  # no temporary file left
    monkeypatch.setattr(fileio.os, "replace", real_replace)
    assert mode.after_change() is not None and len(load_scene(mode.autosave.path).models) == 2
