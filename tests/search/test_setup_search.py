"""The set-up search (landsraad.search.setup_search; R-SETUP-BID, R-FIRST): a faithful root from the view
alone, blind to secrets, within budget, the same for a seed, and the plan chosen is followed."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from landsraad.ai import SETUP_PLANS, HeuristicPlayer
from landsraad.engine import Decision, new_game
from landsraad.errors import RuleError
from landsraad.search.picks import play_out
from landsraad.search.player import LEVELS, SearchPlayer
from landsraad.search.setup_search import is_first_setup_decision, make_setup_job, run_setup_sample, setup_root

from .conftest import advance, heuristics

SETUP = dataclasses.replace(LEVELS["easy"], name="setup", kinds=(), pick_candidates=0, setup_candidates=3,
                            setup_samples=1, margin=0.0)


def _at_blue_first_bid(seed: int):
    return advance(new_game("corrino", "fremen", seed=seed), heuristics(),
                   lambda g: g.decision.side == "blue" and g.decision.kind == "bid")


def test_the_root_from_reds_view_is_the_real_game_to_its_end():
    game = new_game("corrino", "fremen", seed=31)
    root = setup_root(game.view("red"), seed=0)
    assert root.decision == game.decision and root.state == game.state.replace(seed=None)
    root.rng = copy.deepcopy(game.rng)
    a, b = play_out(game, "red", 5), play_out(root, "red", 5)
    assert a == b and game.result.vp == root.result.vp and len(game.log) == len(root.log)


def test_blues_first_bid_is_its_first_decision_and_reds_bid_stays_hidden():
    game = _at_blue_first_bid(31)
    d = game.decision
    assert is_first_setup_decision(d) and d.info["step"] == "terrain"
    view = game.view("blue")
    # red's bid is in the flow, not in the state: blue's view is the table before anyone bid
    assert view == new_game("corrino", "fremen", seed=31).view("blue")
    root = setup_root(view, seed=3)
    assert root.decision.side == "red" and is_first_setup_decision(root.decision)


def test_a_root_is_refused_once_the_set_up_has_begun():
    game = advance(new_game("corrino", "fremen", seed=31), heuristics(), lambda g: g.state.phase == "play")
    with pytest.raises(RuleError, match="before set-up"):
        setup_root(game.view("red"), seed=0)


def test_a_view_with_the_seed_leaked_gives_the_same_job_and_values():
    game = _at_blue_first_bid(31)
    d = game.decision
    view = game.view("blue")
    leaked = view.replace(seed=game.state.seed)
    jobs = [make_setup_job(d, v, SETUP_PLANS[:2], seed=4) for v in (view, leaked, view.replace(seed=99))]
    assert jobs[0] == jobs[1] == jobs[2] and jobs[0].view.seed is None
    assert run_setup_sample(jobs[0], 0) == run_setup_sample(jobs[1], 0)


def test_the_search_keeps_to_its_budget_is_the_same_for_a_seed_and_follows_its_plan():
    chosen, values = [], []
    for _ in range(2):
        game = new_game("corrino", "fremen", seed=33)
        player = SearchPlayer(5, SETUP)
        other = HeuristicPlayer(6)
        bids = []
        while game.state.phase == "setup":
            d = game.decision
            answer = (player if d.side == "red" else other).decide(d, game.view(d.side))
            if d.side == "red" and d.kind == "bid":
                bids.append((d.info["step"], d.info["honour"], answer))
            game.answer(answer)
        (s,) = player.stats
        assert s.kind == "setup" and s.candidates == 3 and s.rollouts <= SETUP.setup_rollouts == 3
        plan = player.heuristic.setup_plan
        # one of the plans compared, with the level's own marker placement
        assert dataclasses.replace(plan, own_markers="centre", opponent_markers="centre") in SETUP_PLANS[:3]
        assert (plan.own_markers, plan.opponent_markers) == (SETUP.setup_plan.own_markers, SETUP.setup_plan.opponent_markers)
        assert all(answer == plan.bid(step, honour) for step, honour, answer in bids) and len(bids) == 4
        chosen.append(plan.name)
        values.append(s.values)
    assert chosen[0] == chosen[1] and values[0] == values[1]


def test_levels_without_a_set_up_search_bid_as_the_heuristic_and_say_nothing_first():
    d = Decision(side="red", kind="bid", prompt="?", choices=(0, 1, 2, 3), info={"step": "terrain", "honour": 3})
    player = SearchPlayer(3, dataclasses.replace(SETUP, setup_candidates=1))
    assert player.long_think(d) is None
    assert SearchPlayer(3, SETUP).long_think(d) == "its bids for the set-up (about 3 games played out)"
    game = new_game("corrino", "fremen", seed=31)
    assert player.decide(game.decision, game.view("red")) == HeuristicPlayer(0).decide(game.decision, game.view("red"))
    assert player.stats == []
