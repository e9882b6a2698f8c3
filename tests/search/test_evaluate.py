"""Valuing positions (landsraad.search.evaluate): from the card data, symmetric, and material counts."""

from __future__ import annotations

import pytest

from landsraad.engine.missions import EngineMissionView
from landsraad.missions import evaluate_picks, score
from landsraad.search.evaluate import HEALTH, material_margin, mission_margin, position_value
from tests.search.conftest import advance, heuristics


def test_values_of_the_two_sides_add_up_to_one(at_red_activation):
    state = at_red_activation.state
    assert abs(position_value(state, "red") + position_value(state, "blue") - 1.0) < 1e-12


def test_the_mission_margin_is_what_the_cards_would_score_now(at_red_activation):
    state = at_red_activation.state
    view = EngineMissionView(state)
    totals = {s: score(state.side_state(s).missions, evaluate_picks(state.side_state(s).missions, view, s), side=s).total
              for s in ("red", "blue")}
    assert mission_margin(state, "red") == totals["red"] - totals["blue"]


def test_losing_a_model_lowers_a_sides_value(at_red_activation):
    state = at_red_activation.state
    victim = state.models_of("blue")[0]
    after = state.update_model(victim.id, removed=True)
    assert material_margin(after, "red") == material_margin(state, "red") + victim.profile.cost * HEALTH[victim.wound]
    # Mission prospects may move either way when a model goes; material must push red's value up
    # unless blue's missions gain more, which removing one of blue's own models cannot give here.
    if mission_margin(after, "red") >= mission_margin(state, "red"):
        assert position_value(after, "red") > position_value(state, "red")


def test_a_finished_game_is_worth_its_result(at_red_activation):
    game = advance(at_red_activation.clone(), heuristics(), lambda g: False)
    r = game.result
    value = position_value(game.state, "red", r)
    assert (value > 0.5) == (r.vp["red"] > r.vp["blue"]) and (value == 0.5) == (r.vp["red"] == r.vp["blue"])


def test_a_wound_lowers_the_wounded_sides_material_before_any_kill(at_red_activation):
    state = at_red_activation.state
    victim = state.models_of("blue")[0]
    assert victim.wound == "none"
    light = state.update_model(victim.id, wound="light")
    grave = state.update_model(victim.id, wound="grave")
    # the less health blue's model keeps, the more red is ahead on material
    assert material_margin(state, "red") < material_margin(light, "red") < material_margin(grave, "red")
    assert material_margin(grave, "red") - material_margin(state, "red") == pytest.approx(victim.profile.cost * (1 - HEALTH["grave"]))
