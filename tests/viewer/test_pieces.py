"""Base labels from card names, their legend, and the hover cards (plain Python)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from landsraad.content import load_faction
from landsraad.engine import SetupOptions, new_game
from landsraad.scene import ModelSpec
from landsraad.viewer.pieces import abbreviation, card_labels, spec_card, state_card


def test_labels_come_from_the_cards_and_the_legend_maps_them_back() -> None:
    models = [("red-sardaukar-1", "Sardaukar", "Sardaukar 1", "red"), ("red-sardaukar-2", "Sardaukar", "Sardaukar 2", "red"),
              ("red-mentat-1", "Mentat", "Mentat", "red"), ("blue-sayyadina-1", "Sayyadina", "Sayyadina 1", "blue"),
              ("blue-sardaukar-1", "Sardaukar", "Sardaukar 1", "blue")]
    labels, legend = card_labels(models)
    assert labels == {"red-sardaukar-1": "Sar1", "red-sardaukar-2": "Sar2", "red-mentat-1": "Men1",
                      "blue-sayyadina-1": "Say1", "blue-sardaukar-1": "Sar1"}
    assert legend == {"Sar": "Sardaukar", "Men": "Mentat", "Say": "Sayyadina"}


def test_two_cards_never_share_an_abbreviation() -> None:
    _, legend = card_labels([("a-1", "Sardaukar"), ("b-1", "Sarlacc"), ("c-1", "Sardine")])
    assert sorted(legend.values()) == ["Sardaukar", "Sardine", "Sarlacc"] and len(legend) == 3


@given(st.lists(st.tuples(st.sampled_from(["Warrior", "Naib", "Fedaykin", "Sayyadina Ramallo", "Scout", "Scoutmaster"]),
                          st.integers(1, 9), st.sampled_from(["red", "blue"])), max_size=30, unique=True))
def test_labels_are_unique_within_a_side_and_each_abbreviation_names_one_card(models: list) -> None:
    given_ = [(f"{side}-{card.lower().replace(' ', '-')}-{n}", card, f"{card} {n}", side) for card, n, side in models]
    labels, legend = card_labels(given_)
    for side in ("red", "blue"):
        own = [labels[m[0]] for m in given_ if m[3] == side]
        assert len(own) == len(set(own))
    for model_id, card, _, _ in given_:
        assert any(labels[model_id].startswith(abbr) and legend[abbr] == card for abbr in legend)


def test_abbreviations() -> None:
    assert abbreviation("Warrior") == "War" and abbreviation("Naib") == "Naib" and abbreviation("Fedaykin Death Commando") == "FDC"


def test_the_hover_card_of_a_model_in_a_game() -> None:
    game = new_game("corrino", "fremen", seed=3, setup=SetupOptions())
    model = game.state.models[0]
    text = "\n".join(state_card(model.replace(wound="light", fatigue=2)))
    assert model.name in text and model.profile.name in text and f"M {model.profile.movement:g} cm" in text
    assert "light wound" in text and "fatigue 2" in text
    for w in model.weapons:
        assert w.name in text


def test_the_hover_card_of_a_scene_model_with_a_card() -> None:
    sheet = load_faction("fremen")
    spec = ModelSpec(id="naib", at=(10, 10), side="blue", profile="fremen/naib")
    lines = spec_card(spec, [sheet.weapon(w) for w in sheet.profile("naib").weapons])
    assert lines[0].startswith(sheet.profile("naib").name) and "card fremen/naib" in lines
    assert any("Combat" in line and "Endurance" in line for line in lines)
    bare = spec_card(ModelSpec(id="red-1", at=(5, 5), base=25, side="red"))
    assert bare == ["red-1 (red) - red-1", "base 25 mm, height 3.5 cm"]
