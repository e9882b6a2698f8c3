"""Set-up plans (landsraad.ai.setup_plan; R-SETUP-BID, R-TERRAIN, R-MISSION-PICK, R-DEPLOY, R-FIRST)."""

from __future__ import annotations

import pytest

from landsraad.ai import HEURISTIC_PLAN, MEASURED_PLAN, SETUP_PLANS, HeuristicPlayer, SetupPlan
from landsraad.ai.setup_plan import ALL, BidRule, setup_plan_named
from landsraad.engine import Decision, new_game
from landsraad.engine.setup import BID_STEPS
from landsraad.errors import UnknownNameError


def _old_bid(step: str, honour: int) -> int:
    """The heuristic's bids as written before plans existed (the oracle for the default plan)."""
    if step == "first":
        return honour
    if step == "deployment":
        return min(1, honour) if honour >= 2 else 0
    return 0


@pytest.mark.parametrize("honour", range(0, 7))
@pytest.mark.parametrize("step", BID_STEPS)
def test_the_heuristic_plan_bids_as_the_heuristic_always_did_r_setup_bid(step, honour):
    decision = Decision(side="red", kind="bid", prompt="?", choices=tuple(range(honour + 1)), info={"step": step})
    assert HEURISTIC_PLAN.bid(step, honour) == _old_bid(step, honour)
    assert HeuristicPlayer(1).decide(decision, None) == _old_bid(step, honour)


@pytest.mark.parametrize("step, mine", [("places terrain", True), ("missions", False), ("deploys", False)])
@pytest.mark.parametrize("side", ["red", "blue"])
def test_the_heuristic_plan_places_terrain_first_and_lets_the_opponent_pick_and_deploy_first(step, mine, side):
    decision = Decision(side=side, kind="who_first", prompt="?", choices=("red", "blue"), info={"step": step})
    other = "blue" if side == "red" else "red"
    assert HeuristicPlayer(1).decide(decision, None) == (side if mine else other)


def test_a_bid_rule_never_bids_more_than_is_left_nor_its_reserve():
    assert BidRule(ALL).bid(3) == 3
    assert BidRule(2, reserve=2).bid(3) == 1
    assert BidRule(2, reserve=5).bid(3) == 0
    assert BidRule(0).bid(4) == 0


def test_a_player_given_another_plan_follows_it_r_first():
    plan = SetupPlan("test", bids=(("missions", BidRule(2)),), first=(("deploys", "me"),), first_player="second")
    player = HeuristicPlayer(1, setup_plan=plan)
    bid = Decision(side="blue", kind="bid", prompt="?", choices=(0, 1, 2, 3), info={"step": "missions"})
    assert player.decide(bid, None) == 2
    assert player.decide(Decision(side="blue", kind="bid", prompt="?", choices=(0, 1, 2, 3), info={"step": "first"}), None) == 0
    assert player.decide(Decision(side="blue", kind="who_first", prompt="?", choices=("red", "blue"),
                                  info={"step": "deploys"}), None) == "blue"
    assert player.decide(Decision(side="blue", kind="first_player", prompt="?", choices=("first", "second")), None) == "second"


def _state_after_set_up(plan: SetupPlan, seed: int, red: str = "corrino", blue: str = "fremen"):
    """The state when the set-up is over, red following ``plan`` (strict: every answer it gives is legal)."""
    game = new_game(red, blue, seed=seed)
    players = {"red": HeuristicPlayer(1, setup_plan=plan, strict=True), "blue": HeuristicPlayer(2, strict=True)}
    while game.state.phase == "setup":
        d = game.decision
        game.answer(players[d.side].decide(d, game.view(d.side)))
    return game.state


def test_every_plan_is_legal_through_a_whole_set_up():
    for k, plan in enumerate(SETUP_PLANS):
        assert _state_after_set_up(plan, 40 + k, "atreides", "harkonnen").phase == "play"


def test_plans_have_distinct_names_and_are_found_by_name():
    names = [plan.name for plan in SETUP_PLANS]
    assert len(set(names)) == len(names) and SETUP_PLANS[0] is HEURISTIC_PLAN
    assert setup_plan_named("no bids").bid("first", 3) == 0
    with pytest.raises(UnknownNameError, match="no bids"):
        setup_plan_named("no bid")


@pytest.mark.parametrize("seed", [31, 33, 35])
def test_a_flank_plan_places_its_own_markers_nearer_a_side_edge_r_missions(seed):
    """Red's own markers (an Activation's terminals, Occupation's positions) go nearest the middle
    of their rows under the heuristic's plan and nearest a side edge under a flank plan, on the same
    table; every placement is legal (strict players)."""
    flank = SetupPlan("flank", bids=HEURISTIC_PLAN.bids, first=HEURISTIC_PLAN.first, own_markers="flank")

    def own(state):
        return [(k.x, k.y) for k in state.markers if k.owner == "red" and k.placed_by == "red"]

    centre_state, flank_state = _state_after_set_up(HEURISTIC_PLAN, seed), _state_after_set_up(flank, seed)
    edge = centre_state.side_state("red").edge
    span = centre_state.width if edge in ("south", "north") else centre_state.depth

    def to_side_edge(p):
        along = p[0] if edge in ("south", "north") else p[1]
        return min(along, span - along)

    centre_markers, flank_markers = own(centre_state), own(flank_state)
    assert centre_markers and len(centre_markers) == len(flank_markers)
    assert sum(map(to_side_edge, flank_markers)) < sum(map(to_side_edge, centre_markers))
    assert min(map(to_side_edge, flank_markers)) < min(map(to_side_edge, centre_markers))


def test_a_plan_names_only_known_marker_placements():
    assert MEASURED_PLAN.own_markers == "flank" and HEURISTIC_PLAN.own_markers == "centre"
    with pytest.raises(UnknownNameError, match="centre, flank"):
        SetupPlan("bad", own_markers="left")
    with pytest.raises(UnknownNameError, match="opponent_markers"):
        SetupPlan("bad", opponent_markers="corner")
