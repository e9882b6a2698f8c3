"""landsraad.table.leandata: the shipped facts of the bundled faction sheets and kits (the lean reading of
scene files, issue 39's start-up budget) are what validating them gives now, and a sheet whose bytes
changed is not vouched for."""

from __future__ import annotations

import json

import pytest

from landsraad.content import load_faction
from landsraad.i18n import use_language
from landsraad.table import boards
from landsraad.table.leandata import PATH, build
from landsraad.wording import weapon_name


def test_the_shipped_facts_are_the_validated_ones() -> None:
    assert json.loads(PATH.read_text(encoding="utf-8")) == build(), (
        "a faction sheet or kit changed: run python -m landsraad.table.leandata")


def test_a_card_and_a_kit_piece_read_as_validated() -> None:
    card = load_faction("corrino").profile("soldier")
    base, height, movement, arsenal = boards.bundled_card("corrino/soldier") or (0, 0, 0, ())
    assert (base, height, movement) == (card.base_mm, card.height_cm, card.movement) and "sardaukar_lance" in arsenal
    assert boards.bundled_card("corrino/nobody") is None and boards.bundled_card("nobody/soldier") is None
    assert boards.bundled_card("corrino") is None and boards.bundled_kit_piece("house") is None
    polygon, height_cm, kind = boards.bundled_kit_piece("arrakeen/house") or ((), 0, "")
    assert len(polygon) == 4 and height_cm == 8 and kind == "blocked"


def test_a_changed_sheet_is_not_vouched_for(monkeypatch: pytest.MonkeyPatch) -> None:
    data = json.loads(PATH.read_text(encoding="utf-8"))
    data["factions"]["corrino"]["sha256"] = "0" * 64  # as if the sheet's bytes were not those validated
    monkeypatch.setattr(boards, "_lean_data", lambda: data)
    boards._unchanged.cache_clear()
    try:
        assert boards.bundled_card("corrino/soldier") is None
        assert boards.bundled_card("fremen/naib") is not None
    finally:
        boards._unchanged.cache_clear()


def test_weapon_names_in_french_are_the_sheets() -> None:
    """The table's answers show a French reader each bundled weapon's French name (wording.weapon_name)."""
    names = boards.french_weapon_names()
    for w in load_faction("fremen").weapons:
        if w.name_fr is not None:
            assert names[w.name] == w.name_fr
    with use_language("fr"):
        assert weapon_name("Maula pistol") == "Pistolet Maula" and weapon_name("range 10") == "range 10"
    with use_language("en"):
        assert weapon_name("Maula pistol") == "Maula pistol"
