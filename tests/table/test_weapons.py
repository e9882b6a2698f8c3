"""landsraad.table.weapons: weapons carried in scenes, bare weapon names in a faction (issue 39)."""

from __future__ import annotations

import pytest

from landsraad.errors import DataError, UsageError
from landsraad.scene import parse_scene
from landsraad.table.weapons import carried, faction_of, in_faction, is_bare_name, ranged_carried

SCENE = parse_scene("""
models:
  - {id: a, at: [10, 10], profile: corrino/soldier, weapons: [halberd, laser]}
  - {id: b, at: [20, 10], profile: corrino/soldier}
  - {id: c, at: [30, 10], base: 30}
""", "w.yaml")


def test_the_scenes_weapons_replace_the_cards():
    assert [w.id for w in carried(SCENE, "a")] == ["halberd", "laser"]
    assert [w.id for w in carried(SCENE, "b")] == ["sardaukar_lance", "knife"]  # factions/corrino.yaml, the card
    assert [w.id for w in ranged_carried(SCENE, "a")] == ["laser"] and carried(SCENE, "c") == ()
    assert faction_of(SCENE, "a") == "corrino" and faction_of(SCENE, "c") is None


def test_every_weapon_outside_the_arsenal_is_named():
    with pytest.raises(DataError) as info:
        parse_scene("models:\n  - {id: a, at: [10, 10], profile: corrino/soldier, weapons: [pistl, maula_pistol]}\n", "x")
    text = str(info.value)
    assert "'pistl' is not a corrino weapon. Did you mean 'pistol'?" in text
    assert "'maula_pistol' is in the corrino catalogue but not in the arsenal of a soldier" in text
    assert "A soldier may carry: sardaukar_lance, knife, halberd, laser, flamethrower, machine_gun, paired_weapons." in text


def test_weapons_need_a_profile():
    with pytest.raises(DataError, match="carries weapons but names no profile"):
        parse_scene("models:\n  - {id: a, at: [10, 10], base: 30, weapons: [pistol]}\n", "x")


def test_a_scene_with_weapons_writes_back_the_same():
    assert parse_scene(SCENE.to_yaml(), "again") == SCENE


@pytest.mark.parametrize("text, wanted", [("pistol", "pistol"), ("Pistol", "pistol"), ("maula pistol", "maula_pistol"),
                                          ("Maula-pistol", "maula_pistol"), ("lance", "sardaukar_lance")])
def test_bare_names_in_a_faction(text, wanted):
    assert is_bare_name(text) and in_faction(text, "corrino").id == wanted


def test_other_forms_are_not_bare_names():
    assert not any(is_bare_name(t) for t in ("10", "10,+1", "corrino:pistol", "range=10", "corrino/soldier:pistol"))
    with pytest.raises(UsageError, match="Did you mean 'pistol'"):
        in_faction("pistl", "corrino")
