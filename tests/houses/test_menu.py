"""The Minor House menu: ranges, sources and unknown rules, each reported with key and line."""

import pytest

from landsraad.content import parse_document
from landsraad.errors import DataError
from landsraad.houses import house_from_document, starter_house_text


def house(text_changes=()):
    text = starter_house_text("House Ecaz")
    for old, new in text_changes:
        assert old in text
        text = text.replace(old, new, 1)
    return parse_document(text, "ecaz.yaml")


def problems(doc):
    with pytest.raises(DataError) as info:
        house_from_document(doc)
    return str(info.value)


def line_of(doc_text, needle):
    return next(i for i, line in enumerate(doc_text.splitlines(), 1) if needle in line)


def test_the_starter_house_is_a_legal_house():
    sheet = house_from_document(house())
    assert sheet.id == "house_ecaz" and sheet.source == "player"


def test_out_of_range_combat_is_named_with_key_and_line():
    doc = house([('combat: "+2", reflexes: "+1", endurance: 4', 'combat: "+5", reflexes: "+1", endurance: 4')])
    message = problems(doc)
    assert "profiles[3].combat" in message and "+5" in message and "-2 to +3" in message
    text = starter_house_text("House Ecaz")
    assert f"line {line_of(text, 'id: captain')}" in message or f"line {line_of(text, 'id: captain') + 1}" in message


def test_every_problem_is_collected():
    doc = house([("honour: 3", "honour: 9"), ("movement: 12", "movement: 20"), ("endurance: 4", "endurance: 1")])
    message = problems(doc)
    assert "honour 9" in message and "Movement (cm) 20" in message
    assert "endurance" in message.lower()


def test_an_unknown_rule_is_an_error_with_its_key():
    doc = house([("special_rules: [weapon_master]", "special_rules: [weapon_mastery]")])
    message = problems(doc)
    assert "weapon_mastery" in message and "profiles[3].special_rules" in message and "line" in message


def test_a_rulebook_source_is_not_a_minor_house():
    message = problems(house([("\nsource: player", "\nsource: rulebook")]))
    assert "source" in message and "rulebook" in message


def test_an_out_of_range_weapon_damage_is_refused():
    message = problems(house([('damage: "+3", source: rulebook}}'.replace("}}", "}"), 'damage: "+6", source: rulebook}')]))
    assert "weapons[3].damage" in message and "+N 6" in message
