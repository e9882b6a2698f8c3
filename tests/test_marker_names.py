"""A mission marker in French: its card's ``name_fr`` and number, not the engine's id (issue 40); English keeps the id."""

from __future__ import annotations

from landsraad.engine.events import make_event
from landsraad.engine.missions import _marker_id
from landsraad.i18n import use_language
from landsraad.missions import load_missions, marker_name_fr
from landsraad.narrate import narrate
from landsraad.play.answers import choice_label


def test_every_bundled_marker_id_reads_its_cards_french_name():
    found = 0
    for card in load_missions().values():
        for spec in card.markers:
            for side in ("red", "blue"):
                marker_id = _marker_id(side, card.id, spec.id, 2)  # the id the engine gives the marker
                assert marker_name_fr(marker_id) == (f"{spec.name_fr} 2" if spec.name_fr else None), marker_id
                found += 1
    assert found >= 10
    assert marker_name_fr("blue-spice-theft-spice-1") == "Cache d'épice 1"
    assert marker_name_fr("obj-1") is None and marker_name_fr("red-nothing-here-1") is None


def test_the_spice_theft_action_names_the_cache_in_french_and_its_id_in_english():
    event = make_event(7, "mission_action", "blue", "w", {"mission": "spice_theft", "action": "pick_up_spice", "effect": "pick_up",
                                                           "marker": "blue-spice-theft-spice-1", "target": None})
    names = {"w": "Guerrier 3"}
    with use_language("fr"):
        assert narrate(event, names) == "Guerrier 3 accomplit l'action Ramasser l'épice (Vol d'Epice) Cache d'épice 1."
        assert choice_label("mission:spice_theft:pick_up_spice:red-spice-theft-spice-1", None) == \
            "ramasser l'épice Cache d'épice 1 (Vol d'Epice)"
    with use_language("en"):
        assert narrate(event, names) == "Guerrier 3 carries out pick up spice (spice_theft) blue-spice-theft-spice-1."
        assert choice_label("mission:spice_theft:pick_up_spice:red-spice-theft-spice-1", None) == \
            "pick up spice red-spice-theft-spice-1 (Spice theft)"


def test_a_blown_up_marker_is_named_in_french():
    event = make_event(8, "explosives", "red", "s", {"marker": "blue-sabotage-depot-1"})
    with use_language("fr"):
        text = narrate(event, {"s": "Soldat 1"})
    assert text is not None and "Dépôt 1" in text and "blue-sabotage-depot-1" not in text
