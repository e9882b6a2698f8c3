"""Levels by time budget (landsraad.search.player, issue 45): CPU seconds kept to, a prefix of the
fixed-count search, named levels capped, bad budgets refused.

The budget is CPU time of this process (time.process_time), which another process's load does not
consume, though it makes a sample's CPU time vary; the bounds below are checked on the CPU seconds the
search measured for each sample (SearchStats.sample_cpu_s), so they hold under any load and still fail
if the rule "start a sample only if the dearest so far still fits" is broken.
"""

from __future__ import annotations

import dataclasses

import pytest

from landsraad.ai import HeuristicPlayer
from landsraad.errors import LandsraadError, UnknownNameError
from landsraad.search.player import BUDGET_CAP, LEVELS, PICK_SEARCH_MIN_S, Level, SearchPlayer, budget_level, level_named

QUICK = Level("quick", kinds=("activate",), candidates=3, samples=40, depth=1, margin=0.0, budget_s=0.3)
"""A budget small enough for a test: cap 40 samples, 0.3 s a decision."""


def _red_searches(game, player, decisions: int) -> list:
    """Play on, red by ``player``, blue by a heuristic, until ``player`` has searched ``decisions`` times."""
    blue = HeuristicPlayer(3)
    for _ in range(5000):
        if game.over or len(player.stats) >= decisions:
            break
        d = game.decision
        game.answer((player if d.side == "red" else blue).decide(d, game.view(d.side)))
    assert len(player.stats) >= decisions, "the player did not search often enough for the test to mean anything"
    return player.stats


def test_a_budget_level_keeps_to_its_cpu_seconds(at_red_activation):
    """The budget's rule checked on the CPU seconds the search itself measured, not against a fixed
    guess of a sample's cost: under load (pytest-xdist beside other jobs) a sample's CPU time varies,
    but the rule "start a sample only while the dearest so far still fits" holds on whatever it measured."""
    budget = QUICK.budget_s
    stats = _red_searches(at_red_activation.clone(), SearchPlayer(6, QUICK), 4)
    for s in stats:
        costs = s.sample_cpu_s
        assert 1 <= s.samples <= QUICK.samples and len(costs) == s.samples
        assert s.rollouts <= s.candidates * s.samples
        # the last sample started within the budget less the dearest before it (what ran before it counts too)
        if s.samples > 1:
            assert sum(costs[:-1]) + max(costs[:-1]) <= budget, (costs, budget)
        # so the search ended within the budget and one sample more (a little slack for choosing the answer)
        assert s.cpu_s <= budget + max(costs) + 0.05, (s.cpu_s, costs)
        # and it stopped only when the next sample, as dear as the dearest, would not have fitted
        if s.samples < QUICK.samples:
            assert s.cpu_s + max(costs) > budget, (s.cpu_s, costs)
    assert any(s.samples > 1 for s in stats), "every search stopped at its first sample: the budget was never used"
    assert any(s.samples < QUICK.samples for s in stats), "no search was cut short: the budget was never reached"
    unbudgeted = SearchPlayer(6, dataclasses.replace(QUICK, budget_s=None))
    _red_searches(at_red_activation.clone(), unbudgeted, 1)
    assert unbudgeted.stats[0].samples == QUICK.samples and unbudgeted.stats[0].sample_cpu_s == []


def test_more_time_runs_more_samples_on_the_same_decision(at_red_activation):
    short = SearchPlayer(7, dataclasses.replace(QUICK, budget_s=0.1))
    long = SearchPlayer(7, dataclasses.replace(QUICK, budget_s=1.2))
    d = at_red_activation.decision
    short.decide(d, at_red_activation.view("red"))
    long.decide(d, at_red_activation.view("red"))
    assert short.stats and long.stats
    assert long.stats[0].samples > short.stats[0].samples


def test_a_budgeted_search_is_the_fixed_search_cut_short(at_red_activation):
    """Deterministic given the seed and the samples reached: the same values as the fixed-count level with that count."""
    d = at_red_activation.decision
    budgeted = SearchPlayer(9, QUICK)
    budgeted.decide(d, at_red_activation.view("red"))
    reached = budgeted.stats[0].samples
    fixed = SearchPlayer(9, dataclasses.replace(QUICK, name="fixed", samples=reached, budget_s=None))
    fixed.decide(d, at_red_activation.clone().view("red"))
    assert fixed.stats[0].samples == reached
    assert fixed.stats[0].values == budgeted.stats[0].values
    assert fixed.stats[0].answers == budgeted.stats[0].answers


def test_a_capped_level_plays_as_its_level_when_the_budget_allows(at_red_activation):
    d = at_red_activation.decision
    plain = SearchPlayer(4, dataclasses.replace(LEVELS["normal"], samples=2, candidates=3, depth=1))
    capped = SearchPlayer(4, dataclasses.replace(plain.level, name="capped", budget_s=60.0))
    assert plain.decide(d, at_red_activation.view("red")) == capped.decide(d, at_red_activation.view("red"))
    assert plain.stats[0].values == capped.stats[0].values and capped.stats[0].samples == 2


def test_budget_levels_by_name():
    assert level_named("2s") == budget_level(2.0) and level_named("2s").samples == BUDGET_CAP
    assert level_named("500ms").budget_s == 0.5 and level_named("500ms").pick_rollouts == 0
    assert level_named(f"{PICK_SEARCH_MIN_S:g}s").pick_rollouts > 0, "a budget that fits a pick search makes one"
    capped = level_named(f"easy:{PICK_SEARCH_MIN_S:g}s")
    assert (capped.samples, capped.pick_rollouts, capped.budget_s) == (LEVELS["easy"].samples, LEVELS["easy"].pick_rollouts,
                                                                       PICK_SEARCH_MIN_S)
    # a budget too small for the pick search's games drops it (normal:1s, play's default, answers within a second)
    for name in ("easy:3s", "normal:1s", "easy:200ms"):
        assert level_named(name).pick_rollouts == 0 and level_named(name).samples == LEVELS[name.split(":")[0]].samples
    assert level_named("hard:2s").workers == 1, "a budget counts this process's CPU, so it runs no pool"
    for bad in ("0s", "fast", "expert:1s", "1 s", "-2s"):
        with pytest.raises(UnknownNameError, match="a time budget such as 2s"):
            level_named(bad)


@pytest.mark.parametrize("budget,workers", [(0.0, 1), (-1.0, 1), (float("nan"), 1), (float("inf"), 1), (1.0, 2)])
def test_a_level_with_a_bad_budget_is_refused(budget, workers):
    with pytest.raises(LandsraadError, match="time budget must be a positive number"):
        Level("bad", kinds=("activate",), candidates=2, samples=2, depth=1, margin=0.0, workers=workers, budget_s=budget)
