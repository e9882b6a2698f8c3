"""The viewer's autosaves (plain Python): written atomically after a change, an earlier unsaved
table offered once and kept on disk until answered, removed by a save; crash files."""

from __future__ import annotations

from pathlib import Path

import pytest

from landsraad.scene import ModelSpec, Scene, load_scene
from landsraad.viewer.autosave import DATA_ENV, SceneAutosave, autosave_path, data_folder, write_crash_report


def _scene(n: int) -> Scene:
    return Scene(models=[ModelSpec(id=f"red-{k}", at=(5.0 + 4 * k, 5.0), base=30, side="red") for k in range(1, n + 1)])


def test_paths_beside_the_file_or_in_the_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert autosave_path(tmp_path / "raid.yaml", ".yaml") == tmp_path / "raid.autosave.yaml"
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "data"))
    assert data_folder() == tmp_path / "data"
    assert autosave_path(None, ".json", "play") == tmp_path / "data" / "play.autosave.json"
    monkeypatch.delenv(DATA_ENV)
    assert data_folder().name == "landsraad"  # the platform's user data folder


def test_a_change_is_written_and_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "t.autosave.yaml"
    opened = _scene(1)
    auto = SceneAutosave(path, opened)
    assert auto.offer is None and not auto.write(opened) and not path.exists()  # nothing changed yet
    changed = _scene(2)
    assert auto.write(changed) and load_scene(path) == changed
    assert not auto.write(changed)  # the same scene is not written twice
    assert [p.name for p in tmp_path.iterdir()] == ["t.autosave.yaml"]  # no temporary file left behind
    auto.saved(changed)
    assert not path.exists()


def test_an_earlier_unsaved_table_is_offered_and_kept_until_answered(tmp_path: Path) -> None:
    path = tmp_path / "t.autosave.yaml"
    SceneAutosave(path, _scene(1)).write(_scene(3))  # the window was killed after this
    again = SceneAutosave(path, _scene(1))
    assert again.offer == _scene(3) and again.offer_time
    assert not path.exists() and again.previous.is_file()  # set aside: this session's autosaves cannot overwrite it
    again.write(_scene(2))
    third = SceneAutosave(path, _scene(1))  # killed again before answering: the older table is still offered first
    assert third.offer == _scene(3)
    assert third.answer(True) == _scene(3) and not third.previous.exists()
    fourth = SceneAutosave(path, _scene(1))
    assert fourth.offer == _scene(2)  # the one written while the first offer waited
    assert fourth.answer(False) is None and not fourth.previous.exists()


def test_an_autosave_equal_to_the_file_or_not_a_table_is_not_offered(tmp_path: Path) -> None:
    path = tmp_path / "t.autosave.yaml"
    SceneAutosave(path, _scene(1)).write(_scene(2))
    assert SceneAutosave(path, _scene(2)).offer is None and not path.exists()
    path.write_text("models: [{id: a, at: [1, 1], base: -3}]\n")
    assert SceneAutosave(path, _scene(1)).offer is None


def test_a_crash_report_names_the_error_and_the_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    try:
        raise KeyError("ghost")
    except KeyError as exc:
        report = write_crash_report(exc, "handling a click", "/tmp/t.autosave.yaml")
    assert report is not None and report.parent == tmp_path / "crashes"
    text = report.read_text()
    assert "handling a click" in text and "/tmp/t.autosave.yaml" in text and "KeyError: 'ghost'" in text and "Traceback" in text


def test_a_crash_report_that_cannot_be_written_is_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be\n")
    monkeypatch.setenv(DATA_ENV, str(blocker))
    assert write_crash_report(ValueError("x"), "drawing", None) is None


def test_a_crash_report_on_a_full_disk_is_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    from landsraad import fileio

    monkeypatch.setenv(DATA_ENV, str(tmp_path))

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(fileio.os, "replace", full)
    assert write_crash_report(ValueError("x"), "drawing", None) is None
