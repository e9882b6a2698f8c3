"""Tests of landsraad.warband.textlist: the text form of a list, and its round trip through the validator."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.content import data_dir, faction_ids, load_faction
from landsraad.warband import ListModel, WarbandList, check_file, check_text, validate
from landsraad.warband.textlist import NOT_A_LIST, is_text_list, parse_text_list, render_list_text

EXAMPLES = sorted((data_dir("examples") / "lists").glob("*.yaml"))


def test_every_example_list_round_trips_through_text():
    for path in EXAMPLES:
        report = check_file(path)
        text = render_list_text(report)
        again = check_text(text, "again.txt")
        assert again.warband == report.warband, path
        assert again.list_hash == report.list_hash and again.points == report.points and again.valid == report.valid
        assert f"total: {report.points} / 15 points" in text


def test_the_text_form_reads_like_a_list_a_person_wrote():
    report = check_file(data_dir("examples") / "lists" / "corrino.yaml")
    lines = render_list_text(report).splitlines()
    assert lines[:3] == ["# Imperial strike team - House Corrino - 15 / 15 points", "name: Imperial strike team",
                         "faction: House Corrino"]
    assert lines[3] == '1. Master Assassin "Hasimir" - 4 pts'
    assert any(line.startswith("5. Specialist; weapons: ") and "; equipment: Explosives; spice: 1 - 3 pts" in line
               for line in lines), lines


def test_forgiving_reading_multipliers_bullets_french_and_costs():
    text = ("Ma liste pour samedi\n# a comment\nfaction: corrino\nplayer: Zoé\n"
            "- Maître assassin \"Hasimir\"\n* 3x soldat; armes: hallebarde (2 pts)\n• Scout; spice: 1 — 2 points\n")
    report = check_text(text, "mail.txt")
    assert report.warband is not None and report.warband.player == "Zoé"
    assert [m.type for m in report.warband.models] == ["master_assassin", "soldier", "soldier", "soldier", "scout"]
    assert report.warband.models[1].weapons == ("halberd",) and report.warband.models[4].spice == 1


def test_prose_line_in_a_text_list_is_named_with_its_line():
    report = check_text("faction: corrino\n1. Soldier\n2. Soldier; wepons: laser\n", "chat.txt")
    (f,) = report.errors
    assert f.code == "syntax" and f.line == 3 and "wepons" in f.message


def test_unknown_names_get_the_validators_findings_with_the_line():
    report = check_text("faction: corrino\n1. Soldier\n2. Soldeir\n", "chat.txt")
    (f,) = report.errors
    assert f.code == "unknown-type" and f.line == 3 and "Did you mean 'soldier'?" in f.message


def test_prose_is_not_a_list():
    for text in ("Hello, see you Saturday!", "Hello! My list for Saturday: the usual Fremen.", "12"):
        (f,) = check_text(text, "mail.txt").findings
        assert f.code == "not-a-list" and f.message == NOT_A_LIST
    assert not is_text_list("My faction is the Fremen") and is_text_list("Faction : fremen")


def test_positions_point_at_each_model_line():
    doc = parse_text_list("faction: fremen\n\n1. Naib\n2x Warrior\n", "x.txt")
    assert doc.positions[("faction",)] == (1, 1)
    assert [doc.positions[("models", i)] for i in range(3)] == [(3, 1), (4, 1), (4, 1)]


_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)


@st.composite
def _lists(draw: st.DrawFn) -> WarbandList:
    faction = load_faction(draw(st.sampled_from(sorted(faction_ids()))))
    types = [p.id for p in faction.profiles]
    weapons = [w.id for w in faction.weapons]
    equipment = [e.id for e in faction.rare_equipment]
    models = draw(st.lists(st.builds(
        ListModel,
        type=st.sampled_from(types),
        name=st.none() | _TEXT.filter(lambda s: s.strip() != ""),
        weapons=st.lists(st.sampled_from(weapons), max_size=2).map(tuple) if weapons else st.just(()),
        equipment=st.lists(st.sampled_from(equipment), max_size=2).map(tuple) if equipment else st.just(()),
        spice=st.integers(0, 3)), min_size=1, max_size=8))
    return WarbandList(name=draw(_TEXT), player=draw(_TEXT), notes=draw(_TEXT), faction=faction.id, models=models)


@settings(max_examples=150, deadline=None)
@given(_lists())
def test_round_trip_list_text_validate_same_list(warband: WarbandList):
    """list -> text -> validate -> the same list, whatever the names, notes and kit (valid or not)."""
    report = validate(warband)
    text = render_list_text(report)
    again = check_text(text, "again.txt")
    assert again.warband == report.warband, text
    assert again.list_hash == report.list_hash
    assert {f.code for f in again.findings} == {f.code for f in report.findings}


def test_a_text_list_file_is_read_by_validate_and_the_event_folder(tmp_path: Path):
    from landsraad.warband import scan_list_files

    report = check_file(EXAMPLES[0])
    (tmp_path / "mine.txt").write_text(render_list_text(report), encoding="utf-8")
    (tmp_path / "mail.txt").write_text("Hello, see you Saturday!\n", encoding="utf-8")
    files, notes = scan_list_files([tmp_path])
    assert [f.name for f in files] == ["mine.txt"]
    assert [(n.path.name, n.read, n.message) for n in notes] == [
        ("mail.txt", False, "not read: this file is not a list (no faction: or models:).")]


def test_yaml_with_a_typo_is_still_read_as_yaml():
    """A YAML list with `model:` for `models:` keeps the schema finding and its did-you-mean (not the text form)."""
    report = check_text("faction: corrino\nmodel:\n  - type: soldier\n", "x.yaml")
    assert {f.code for f in report.errors} == {"schema"} and any("Did you mean 'models'?" in f.message for f in report.errors)
    assert [f.code for f in check_text("faction: corrino\n", "x.yaml").errors] == ["schema"]
    empty = WarbandList(faction="corrino", models=[])
    assert [f.code for f in check_text(render_list_text(validate(empty)), "x.txt").errors] == ["no-models"]
