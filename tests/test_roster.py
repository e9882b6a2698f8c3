"""Tests of landsraad.roster: printable rosters (text, Markdown, HTML) of checked lists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from landsraad.content import load_faction, load_model
from landsraad.errors import DataError
from landsraad.model import Faction
from landsraad.roster import FORMATS, render_roster, stat_line, weapon_row
from landsraad.specials import SPECIAL_RULES
from landsraad.warband import check_text, parse_list, validate

HOUSE = load_model(Faction, Path(__file__).parent / "data" / "lists" / "factions" / "test_house.yaml")

CORRINO = """name: Strike <team> & co
faction: corrino
player: Shaddam
models:
  - type: master_assassin
    name: Hasimir
    spice: 1
  - type: soldier
    weapons: [halberd]
  - type: specialist
    weapons: [machine_gun]
    equipment: [explosives, explosives]
"""


@pytest.fixture(scope="module")
def report():
    return check_text(CORRINO, "strike.yaml")


def test_text_roster_prints_every_card_with_effective_stats(report):
    text = render_roster(report)
    # Master Assassin 4 + Sardaukar Soldier 2 + Sardaukar Specialist 2 + machine gun 1 + 2 explosives 2 = 11.
    assert text.splitlines()[0] == "Strike <team> & co - House Corrino - 11 / 15 points - VALID"
    assert "Player: Shaddam" in text
    # The Sardaukar soldier: Combat +1 + 1 = +2 (canon, shooting example 2), Armour 3 (R-FACTION).
    assert "Soldier (2 points)" in text
    assert "Movement 10 cm, Combat +2, Reflexes +1, Endurance 3, Armour 3" in text
    # The canon Corrino halberd: C+2, Init+1, 15-; the machine gun 20 / 0 / +3 costs 1 point.
    assert re.search(r"Halberd\s+-\s+\+2\s+\+1\s+15-\s+common weapon", text)
    assert re.search(r"Machine gun\s+20\s+-\s+-\s+\+3\s+specialist weapon, 1 pt", text)
    assert "Specialist (card 2 + specialist weapon 1 + equipment 2 = 5 points)" in text
    assert "Equipment: Explosives x2 (2 pt)" in text
    # Shield, poisons (PRJ-01: Will-breaker without X lasts 2) and spice: 1 card + 1 pool (PRJ-60).
    assert "Poisons: dangerous, will_breaker 2, irritant, paralysing" in text
    assert "Spice: 2 (1 on the card + 1 from the faction's pool)" in text
    assert "Shield: full shield" in text and "Shield: none" in text
    assert f"Assassination: {SPECIAL_RULES.get('assassination').summary}" in text
    assert "Laser" not in text  # no model carries one
    assert f"List hash: {report.list_hash}" in text and f"Faction data hash: {report.data_hash}" in text


def test_every_format_carries_status_points_and_hashes(report):
    assert set(FORMATS) == {"cards", "text", "code", "markdown", "html"}
    for fmt in ("cards", "markdown", "html"):
        out = render_roster(report, fmt)
        assert report.list_hash in out and report.data_hash in out
        assert "11 / 15 points" in out and "VALID" in out
        assert "Hasimir" in out and "Sardaukar" in out


def test_markdown_has_a_weapon_table_per_card(report):
    md = render_roster(report, "markdown")
    assert md.count("| Weapon | Range | Combat | Initiative | Damage | Notes |") == 3
    assert "## Hasimir - Master Assassin" in md
    assert "| Knife\\* | - | - | - | 6- |" in md  # the star of "Knife*" escaped


def test_html_is_self_contained_printable_and_escaped(report):
    page = render_roster(report, "html")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert "<style>" in page and "@media print" in page
    assert not re.search(r"<script|<link|src=|url\(|https?://", page)
    assert "Strike &lt;team&gt; &amp; co" in page and "<team>" not in page
    assert page.count("<section class=\"card\">") == 3


def test_invalid_list_roster_is_marked_and_lists_its_problems():
    report = validate(parse_list("faction: corrino\nmodels:\n  - {type: soldier, weapons: [machine_gun]}\n  - {type: soldeir}\n"))
    text = render_roster(report)
    assert text.splitlines()[0].endswith("INVALID")
    assert "specialist-weapon-not-specialist" in text and "unknown-type" in text
    assert "model 2: soldeir (type 'soldeir' is not in the barracks)" in text
    assert 'class="invalid"' in render_roster(report, "html")


def test_no_roster_without_a_faction():
    with pytest.raises(DataError):
        render_roster(check_text("faction: nowhere\nmodels: [type: x]\n"))
    with pytest.raises(DataError):
        render_roster(check_text("faction: [\n"))


def test_arrakis_roster_notes_unused_shields():
    report = validate(parse_list("faction: corrino\nmodels: [{type: soldier}]\n"))
    assert "full shield (not used on Arrakis)" in render_roster(report, arrakis=True)
    assert "not used on Arrakis" not in render_roster(report)


def test_unknown_format_is_refused(report):
    with pytest.raises(ValueError):
        render_roster(report, "pdf")  # type: ignore[arg-type]


def test_test_house_modifier_and_card_spice():
    report = validate(parse_list("faction: test_house\nmodels:\n  - {type: trooper}\n  - {type: tech, weapons: [drill]}\n"
                                 "  - {type: leader, spice: 2}\n"), HOUSE)
    text = render_roster(report)
    assert "Tech (2 points)" in text  # 1 + the modifier's 1; the drill costs 0
    assert "Spice: 3 (1 on the card + 2 from the faction's pool)" in text


def test_weapon_row_and_stat_line_follow_the_rulebook_notation():
    corrino = load_faction("corrino")
    assert weapon_row(corrino.weapon("laser")) == ("Laser*", "15", "-2", "-", "(12)", "")
    assert stat_line(corrino.profile("master_assassin")) == "Movement 10 cm, Combat +2, Reflexes +4, Endurance 3"


def test_text_and_code_formats_are_the_list_itself(report):
    """``text`` and ``code`` give the list back (tests/test_textlist.py, tests/test_sharecode.py check the round trips)."""
    text = render_roster(report, "text")
    assert text.splitlines()[0].startswith("# ") and "faction: House Corrino" in text and "total: 11 / 15 points" in text
    assert check_text(text, "again.txt").list_hash == report.list_hash
    code = render_roster(report, "code")
    assert code.startswith("LR1-") and code.count("\n") == 1
    assert check_text(code, "code").list_hash == report.list_hash
