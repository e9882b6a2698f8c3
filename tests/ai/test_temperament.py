"""landsraad.ai.temperament: styles by name, seeded variations, and what each weight changes in
the planner (issue 45): charges, hunts, cover, fatigue spread over the warband."""

from __future__ import annotations

import pytest

from landsraad.ai import HeuristicPlayer
from landsraad.ai.planner import Exposure, Planner
from landsraad.ai.temperament import STYLE_NAMES, TEMPERAMENTS, jittered, temperament
from landsraad.engine.decisions import Decision
from landsraad.engine.state import TerrainState
from landsraad.errors import UnknownNameError

from ..engine.helpers import model, state_in_play


@pytest.mark.parametrize("name,expected", [("aggressive", "aggressive"), ("Agressif", "aggressive"), ("prudent", "cautious"),
                                           ("mission-first", "mission-first"), ("objectifs", "mission-first"), ("balanced", "balanced")])
def test_styles_by_english_or_french_name(name, expected):
    assert temperament(name).name == expected


def test_an_unknown_style_lists_the_styles():
    with pytest.raises(UnknownNameError) as caught:
        temperament("berserk")
    for name in STYLE_NAMES:
        assert name in str(caught.value)


def test_the_seeded_variation_is_reproducible_and_differs_between_seeds():
    base = TEMPERAMENTS["balanced"]
    assert jittered(base, None) == base
    assert jittered(base, 7) == jittered(base, 7)
    draws = {jittered(base, s).aggression for s in range(20)}
    assert len(draws) == 20
    # The variation is small: the aggressive style stays more aggressive than the cautious one.
    assert min(jittered(TEMPERAMENTS["aggressive"], s).aggression for s in range(50)) > \
        max(jittered(TEMPERAMENTS["cautious"], s).aggression for s in range(50))


def _charge_state():
    # A Harkonnen champion (melee only) 6 cm from a Fremen warrior: a fight it wins (test_planner).
    a = model("red", "harkonnen", "champion", 1, 30, 20)
    e = model("blue", "fremen", "warrior", 1, 30, 27)
    return a, e, state_in_play([a, e], red="harkonnen", blue="fremen")


def test_a_won_charge_is_worth_more_to_the_aggressive_style_than_to_the_cautious():
    a, e, state = _charge_state()
    values = {}
    for style in ("aggressive", "balanced", "cautious"):
        p = HeuristicPlayer(None, strict=True, style=style)
        plan = Planner(p, state, "red").plan_for(state.model(a.id))
        assert plan.kind == "charge" and plan.target == e.id
        values[style] = plan.value
    assert values["aggressive"] > values["balanced"] > values["cautious"] > 0


def test_every_plan_stays_under_its_bound_whatever_the_style():
    a, e, state = _charge_state()
    for style in STYLE_NAMES:
        for seed in (None, 1, 2):
            planner = Planner(HeuristicPlayer(seed, strict=True, style=style), state, "red")
            for m in (state.model(a.id),):
                assert planner.plan_for(m).value <= planner.value_bound(m)


def test_fatigue_goes_to_the_fresher_model_when_two_plans_are_equal():
    # Two identical champions facing the same warrior at the same gap: the one holding more
    # tokens is never chosen (its price grows 0.6 a token beyond two).
    tired = model("red", "harkonnen", "champion", 1, 20, 20).replace(fatigue=3)
    fresh = model("red", "harkonnen", "champion", 2, 40, 20).replace(fatigue=2)
    e1, e2 = model("blue", "fremen", "warrior", 1, 20, 27), model("blue", "fremen", "warrior", 2, 40, 27)
    state = state_in_play([tired, fresh, e1, e2], red="harkonnen", blue="fremen")
    p = HeuristicPlayer(None, strict=True)
    planner = Planner(p, state, "red")
    assert planner.fatigue_price(state.model(tired.id)) == pytest.approx(planner.fatigue_price(state.model(fresh.id)) + 0.6)
    assert p.decide(Decision(side="red", kind="activate", prompt="?", choices=(tired.id, fresh.id)), state) == fresh.id


def test_a_spot_behind_a_tall_piece_is_less_exposed_than_in_the_open():
    shooter = model("blue", "corrino", "soldier", 1, 30, 50, extra_weapons=("laser",))
    me = model("red", "fremen", "warrior", 1, 30, 10)
    wall = TerrainState(id="wall", polygon=((20, 28), (40, 28), (40, 32), (20, 32)), height_cm=5.0)
    low = TerrainState(id="dune", polygon=((20, 28), (40, 28), (40, 32), (20, 32)), height_cm=0.0)
    walled = state_in_play([me, shooter], terrain=[wall], red="fremen", blue="corrino")
    open_ = state_in_play([me, shooter], terrain=[low], red="fremen", blue="corrino")
    assert Exposure(walled, walled.model(me.id)).at((30, 20)) == 0.0
    assert Exposure(open_, open_.model(me.id)).at((30, 20)) == 1.0
    assert Exposure(walled, walled.model(me.id)).at((50, 40)) == 1.0  # round the wall's end, in its line
