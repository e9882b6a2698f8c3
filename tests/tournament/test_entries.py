"""Tests of landsraad.tournament.entries: an event folder's lists as an organiser finds them."""

from __future__ import annotations

from landsraad.ruleset import Ruleset
from landsraad.tournament.entries import check_entries, registration_changes
from landsraad.tournament.event import new_event, register


def _write(folder, name, text):
    (folder / name).write_text(text, encoding="utf-8")


def test_txt_capitalised_and_french_entries_are_read_and_named(tmp_path):
    lists = tmp_path / "lists"
    lists.mkdir()
    # Corrino in French: Maître d'arme 3 + Soldat 2 + Spécialiste 2 + mitrailleuse 1 + Éclaireur 2 = 10 points.
    _write(lists, "ana.txt", "player: Ana\nfaction: Corrino\nmodels:\n  - type: Maître d'arme\n  - type: Soldat\n"
                             "  - {type: Spécialiste, weapons: [Mitrailleuse]}\n  - type: éclaireur\n")
    _write(lists, "bo.yaml", "player: Bo\nfaction: fremen\nmodels:\n  - type: Naib\n")
    _write(lists, "cy.yaml", "faction: harkonnen\nmodels:\n  - type: Champion\n")
    _write(lists, "notes.md", "bring dice\n")
    _write(lists, "bo-again.json", '{"player": " bo ", "faction": "fremen", "models": [{"type": "naib"}]}')
    check = check_entries(tmp_path, Ruleset(points=15))
    by_file = {check.relative(r.source): r for r in check.reports}
    assert sorted(by_file) == ["lists/ana.txt", "lists/bo-again.json", "lists/bo.yaml", "lists/cy.yaml"]
    ana = by_file["lists/ana.txt"]
    assert ana.faction == "corrino" and ana.points == 3 + 2 + 2 + 1 + 2
    assert not ana.errors, [str(f) for f in ana.errors]
    assert [m.type for m in ana.warband.models] == ["master_of_arms", "soldier", "specialist", "scout"]
    assert by_file["lists/cy.yaml"].warband.models[0].type == "champion"
    notes = {n.path.as_posix(): n.read for n in check.notes}
    assert notes == {"lists/ana.txt": True, "lists/notes.md": False}
    assert check.problems == ("lists/cy.yaml has no player name; add a line `player: NAME`.",
                              "The player 'bo' has 2 entries (lists/bo-again.json, lists/bo.yaml); each player needs one list.")
    assert not check.valid
    assert [e.player for e in check.entrants()] == ["Ana", "bo", "Bo"]
    js = check.to_json()
    assert js["skipped"] == [{"file": "lists/notes.md", "read": False, "message": check.notes[1].message}]
    assert js["entries"][0]["player"] == "Ana" and js["entries"][0]["file"] == "lists/ana.txt"


def test_no_lists_folder_is_a_problem(tmp_path):
    check = check_entries(tmp_path)
    assert not check.valid and "has no lists/ folder" in check.problems[0]


def test_changes_since_registration_are_named(tmp_path):
    lists = tmp_path / "lists"
    lists.mkdir()
    _write(lists, "ana.yaml", "player: Ana\nfaction: fremen\nmodels: [{type: naib}]\n")
    _write(lists, "bo.yaml", "player: Bo\nfaction: fremen\nmodels: [{type: naib}]\n")
    ev = register(new_event("Cup", 3, 1), check_entries(tmp_path).entrants())
    assert registration_changes(ev, check_entries(tmp_path)) == []
    _write(lists, "ana.yaml", "player: Ana\nfaction: fremen\nmodels: [{type: naib}, {type: warrior}]\n")
    (lists / "bo.yaml").unlink()
    _write(lists, "cy.yaml", "player: Cy\nfaction: fremen\nmodels: [{type: naib}]\n")
    changes = registration_changes(ev, check_entries(tmp_path))
    assert len(changes) == 3
    assert changes[0].startswith("Ana's list lists/ana.yaml has changed since it was registered")
    assert changes[1] == "Bo's registered list lists/bo.yaml is no longer in the folder."
    assert changes[2].startswith("lists/cy.yaml is not registered")
