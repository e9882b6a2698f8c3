"""landsraad.table.boards: the table of a scene from the cache of validated scenes (issue 39's start-up
budget): the same board as the validating loader, a changed file validated again, a bad file
reported as before, a cache that cannot be written ignored."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from landsraad.errors import DataError, UsageError
from landsraad.table import boards
from landsraad.table.scenes import load
from tests import warm

REPO = Path(__file__).resolve().parents[2]
SCENE = REPO / "tests" / "data" / "scenes" / "cli-table.yaml"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("LANDSRAAD_CACHE_DIR", str(folder))
    monkeypatch.delenv("LANDSRAAD_NO_CACHE", raising=False)
    return folder


def test_the_cached_table_is_the_validated_one(cache: Path, tmp_path: Path) -> None:
    scene = load(str(SCENE))  # validated, and its table kept
    first = boards.load_facts(str(SCENE))
    (entry,) = (cache / "scenes").glob("*.json")
    second = boards.load_facts(str(SCENE))  # read back
    assert first.board == second.board == scene.board
    assert second.movement == {m.id: scene.movement(m.id) for m in scene.models}
    assert second.profile["fed"] == "fremen/fedaykin" and second.faction("fed") == "fremen" and second.faction("chg") is None
    assert json.loads(entry.read_text())["format"] == boards.FORMAT


def test_a_changed_file_is_validated_again_and_a_bad_one_reported(cache: Path, tmp_path: Path) -> None:
    copy = tmp_path / "s.yaml"
    shutil.copy(SCENE, copy)
    assert boards.load_facts(str(copy)).board.base("fed").center == (10.0, 10.0)
    copy.write_text(copy.read_text().replace("at: [10, 10], profile: fremen/fedaykin", "at: [12, 10], profile: fremen/fedaykin"))
    assert boards.load_facts(str(copy)).board.base("fed").center == (12.0, 10.0)
    copy.write_text(copy.read_text().replace("at: [12, 10], profile: fremen/fedaykin", "at: [12], profile: fremen/fedaykin"))
    with pytest.raises(DataError):
        boards.load_facts(str(copy))
    assert len(list((cache / "scenes").glob("*.json"))) == 2  # the bad file left nothing


def test_a_corrupt_entry_is_replaced_and_an_unwritable_cache_ignored(cache: Path, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    boards.load_facts(str(SCENE))
    (entry,) = (cache / "scenes").glob("*.json")
    entry.write_text("{not json")
    assert boards.load_facts(str(SCENE)).board == load(str(SCENE)).board
    assert json.loads(entry.read_text())["format"] == boards.FORMAT
    blocked = tmp_path / "file"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setenv("LANDSRAAD_CACHE_DIR", str(blocked))
    assert boards.load_facts(str(SCENE)).board == load(str(SCENE)).board
    monkeypatch.setenv("LANDSRAAD_NO_CACHE", "1")
    assert boards.cache_dir() is None and boards.load_facts("reference").board == load("reference").board


def test_missing_scenes_say_what_the_validating_loader_says(cache: Path) -> None:
    with pytest.raises(UsageError, match="There is no scene file 'referenc'. Did you mean the bundled scene 'reference'"):
        boards.load_facts("referenc")


def test_measure_and_move_read_the_cache_without_pydantic(cache: Path) -> None:
    """A second question on the same scene loads neither pydantic nor PyYAML nor the data model."""
    code = ("import sys, runpy; sys.argv = ['landsraad', 'measure', 'reference', 'red-1', 'blue-1'];\n"
            "from landsraad.cli import main; status = main(sys.argv[1:]);\n"
            "print(sorted(m for m in ('pydantic', 'yaml', 'landsraad.model', 'landsraad.scene') if m in sys.modules))")
    env = {**os.environ, "LANDSRAAD_CACHE_DIR": str(cache)}
    runs = [subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, env=env, timeout=300)
            for _ in range(2)]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr
    assert runs[0].stdout.splitlines()[-1] != "[]" and runs[1].stdout.splitlines()[-1] == "[]"
    assert runs[0].stdout.splitlines()[:-1] == runs[1].stdout.splitlines()[:-1]


def test_a_changed_warband_list_is_read_again(cache: Path, tmp_path: Path) -> None:
    """A scene model read from a list: the cached table holds while the list is unchanged."""
    lst = tmp_path / "band.yaml"
    lst.write_text("faction: corrino\nmodels:\n  - {type: soldier, name: Ann}\n")
    scene = tmp_path / "s.yaml"
    scene.write_text("name: s\nsource: project\nmodels:\n  - {id: ann, side: red, at: [10, 10], list: band.yaml, entry: Ann}\n")
    assert boards.load_facts(str(scene)).profile["ann"] == "corrino/soldier"
    lst.write_text("faction: corrino\nmodels:\n  - {type: scout, name: Ann}\n")
    assert boards.load_facts(str(scene)).profile["ann"] == "corrino/scout"


def test_any_validation_keeps_the_table_for_measure_and_move(cache: Path, tmp_path: Path) -> None:
    """The validating loader (``shoot``, ``advise``, ``threat``...) keeps the table: the first
    ``measure`` on the file after it reads the cache, loading neither pydantic nor PyYAML."""
    copy = tmp_path / "s.yaml"
    shutil.copy(SCENE, copy)
    assert not (cache / "scenes").exists()
    run = warm.run(["shoot", str(copy), "sard2", "far"], cwd=REPO, text=True, env={**os.environ, "LANDSRAAD_CACHE_DIR": str(cache)}, timeout=300)
    assert run.returncode == 0, run.stderr
    (entry,) = (cache / "scenes").glob("*.json")
    code = ("import sys; from landsraad.cli import main; main(['measure', sys.argv[1], 'fed', 'sard']);\n"
            "print(sorted(m for m in ('pydantic', 'yaml', 'landsraad.model', 'landsraad.scene') if m in sys.modules))")
    r = subprocess.run([sys.executable, "-c", code, str(copy)], cwd=REPO, capture_output=True, text=True,
                       env={**os.environ, "LANDSRAAD_CACHE_DIR": str(cache)}, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[-1] == "[]" and "fed" in r.stdout


def test_a_file_changed_while_validated_is_not_kept(cache: Path, tmp_path: Path) -> None:
    copy = tmp_path / "s.yaml"
    shutil.copy(SCENE, copy)
    data = copy.read_bytes()
    scene = load(str(copy))
    for entry in (cache / "scenes").glob("*.json"):
        entry.unlink()
    copy.write_text(copy.read_text().replace("at: [10, 10], profile: fremen/fedaykin", "at: [12, 10], profile: fremen/fedaykin"))
    boards.keep(copy, data, scene)  # validated from the old bytes, the file now holds others
    assert list((cache / "scenes").glob("*.json")) == []
    assert boards.load_facts(str(copy)).board.base("fed").center == (12.0, 10.0)


def test_the_french_names_are_kept_shown_in_french_and_taken_for_the_ids(cache: Path, tmp_path: Path) -> None:
    """Issue 40: what ``measure`` shows a French reader and takes from one, from the file as from the cache."""
    from landsraad.i18n import use_language

    scene = REPO / "scenes" / "table.yaml"
    validated = boards.facts_of(load(str(scene)))
    first = boards.load_facts(str(scene))
    second = boards.load_facts(str(scene))  # read back from the cache
    assert first.names_fr == second.names_fr == validated.names_fr
    assert second.names_fr["warrior-1"] == "Guerrier 1" and second.names_fr["wall"] == "muret"
    with use_language("fr"):
        assert second.shown("warrior-1") == "Guerrier 1" and second.shown("spice-1") == "spice-1"
    with use_language("en"):
        assert second.shown("warrior-1") == "warrior-1"
    for typed in ("Guerrier 1", "guerrier-1", "GUERRIER_1", "warrior-1"):
        assert second.resolve(typed) == "warrior-1", typed
    assert second.resolve("naib 1") == "naib-1" and second.resolve("Muret") == "wall"
    assert second.resolve("guerrier") == "guerrier" and second.resolve("") == ""


def test_a_french_name_that_names_two_things_or_an_id_names_neither(tmp_path: Path) -> None:
    from landsraad.geometry.board import Base, Board

    board = Board(bases=(Base("a", 10, 10, 30), Base("b", 20, 10, 30), Base("soldat-1", 30, 10, 30)))
    facts = boards.TableFacts(board, {}, {}, {"a": "Soldat 1", "b": "Soldat 1", "soldat-1": "Garde"})
    assert facts.resolve("soldat 1") == "soldat 1"  # two models bear it: neither is taken
    assert facts.resolve("soldat-1") == "soldat-1"  # an id is the id, whatever the French names
    assert facts.resolve("garde") == "soldat-1"
