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
from landsraad.search.setup_search import is_first_setup_decision, is_setup_bid, make_setup_job, run_setup_sample, setup_root

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


def test_a_root_is_refused_in_play_and_at_the_terrain_bid_once_terrain_is_down():
    game = advance(new_game("corrino", "fremen", seed=31), heuristics(), lambda g: g.state.phase == "play")
    with pytest.raises(RuleError, match="set-up's bids"):
        setup_root(game.view("red"), seed=0)
    game = advance(new_game("corrino", "fremen", seed=31), heuristics(), lambda g: g.decision.kind == "bid" and g.decision.info["step"] == "missions")
    with pytest.raises(RuleError, match="before set-up"):
        setup_root(game.view("red"), seed=0)
    with pytest.raises(RuleError, match="whose view"):
        setup_root(game.view("red"), seed=0, step="missions")


@pytest.mark.parametrize("step", ["missions", "deployment", "first"])
def test_the_root_at_a_later_bid_is_the_real_game_there_r_setup_bid(step):
    """R-SETUP-BID (issue 37): each bid comes when its step does; a root built from red's view at its bid
    for ``step`` is the real game there (the opponent's picks, once made, sampled from what the table
    shows), and with the true picks and dice it plays to the same end."""
    game = advance(new_game("corrino", "fremen", seed=31), heuristics(),
                   lambda g: g.decision.kind == "bid" and g.decision.info["step"] == step and g.decision.side == "red")
    d = game.decision
    assert is_setup_bid(d) and not is_first_setup_decision(d)
    root = setup_root(game.view("red"), seed=0, step=step, side="red")
    assert root.stack == game.stack and root.decision == d
    blue = game.state.side_state("blue")
    sampled = root.state.side_state("blue")
    assert root.state.with_side(blue) == game.state.replace(seed=None)  # all but blue's secret picks: the real table
    if step == "missions":
        assert sampled.missions == ()  # nothing picked yet, nothing sampled
    else:
        assert set(m.mission for m in game.state.markers if m.owner == "blue") <= set(sampled.missions)
    true = root.clone()
    true.state = true.state.with_side(blue)
    true.rng = copy.deepcopy(game.rng)
    a, b = play_out(game, "red", 5), play_out(true, "red", 5)
    assert a == b and game.result.vp == true.result.vp


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
        bids, plans = [], []
        while game.state.phase == "setup":
            d = game.decision
            answer = (player if d.side == "red" else other).decide(d, game.view(d.side))
            if d.side == "red" and d.kind == "bid":
                bids.append((d.info["step"], d.info["honour"], answer))
            game.answer(answer)
            if d.side == "red" and d.kind == "bid":
                plans.append(player.heuristic.setup_plan)  # the plan chosen at this bid, with the table as it stands
        stats = player.stats
        assert len(stats) == 4 and all(s.kind == "setup" and s.candidates == 3 and s.rollouts <= SETUP.setup_rollouts == 3
                                       for s in stats)  # one search at each bid (R-SETUP-BID)
        for plan in plans:  # one of the plans compared, with the level's own marker placement
            assert dataclasses.replace(plan, own_markers="centre", opponent_markers="centre") in SETUP_PLANS[:3]
            assert (plan.own_markers, plan.opponent_markers) == (SETUP.setup_plan.own_markers, SETUP.setup_plan.opponent_markers)
        assert [answer for _, _, answer in bids] == [plan.bid(step, honour) for (step, honour, _), plan in zip(bids, plans)]
        assert [step for step, _, _ in bids] == ["terrain", "missions", "deployment", "first"]
        chosen.append([plan.name for plan in plans])
        values.append([s.values for s in stats])
    assert chosen[0] == chosen[1] and values[0] == values[1]


def test_levels_without_a_set_up_search_bid_as_the_heuristic_and_say_nothing_first():
    d = Decision(side="red", kind="bid", prompt="?", choices=(0, 1, 2, 3), info={"step": "terrain", "honour": 3})
    player = SearchPlayer(3, dataclasses.replace(SETUP, setup_candidates=1))
    assert player.long_think(d) is None
    assert SearchPlayer(3, SETUP).long_think(d) == "its bid for the terrain step (about 3 games played out)"
    game = new_game("corrino", "fremen", seed=31)
    assert player.decide(game.decision, game.view("red")) == HeuristicPlayer(0).decide(game.decision, game.view("red"))
    assert player.stats == []
