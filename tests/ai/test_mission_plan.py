"""The heuristic's mission rankings (landsraad.ai.mission_plan; R-MISSIONS, R-MISSION-PICK): the best, runners-up of other kinds,
chances by rank, and rankings pruned of their weakest picks."""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.ai.mission_plan import expected_points, extended_plan, mission_plan, mission_plans, pruned_plan
from landsraad.missions import load_missions

CARDS = load_missions()
ALLOWED = ["activation", "protection", "occupation", "spice_theft", "territory", "assassination", "infiltration"]


def _ev(plan: list[str], chances: dict[str, float]) -> list[float]:
    """Each pick's expectation at its rank (R-MISSIONS: success or failure value by rank), worked out here."""
    out = []
    for rank, mid in enumerate(plan):
        values = CARDS[mid].values
        out.append(chances[mid] * values.success[rank] + (1 - chances[mid]) * values.failure[rank])
    return out


def test_the_runners_up_differ_in_kind():
    chances = {"activation": 0.9, "protection": 0.85, "occupation": 0.6, "spice_theft": 0.7, "territory": 0.1}
    plans = mission_plans(list(chances), chances, count=4)
    best = plans[0]
    assert best == mission_plan(list(chances), chances)
    assert set(plans[1]) != set(best), "the second is the best ranking of other missions"
    assert set(plans[2]) == set(best) and plans[2] != best, "the third reorders the same missions"
    assert len(plans[3]) < len(best), "the fourth picks fewer"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0.0, 1.0), min_size=len(ALLOWED), max_size=len(ALLOWED)), st.integers(1, 6))
def test_the_first_is_the_plan_and_every_other_is_a_distinct_ranking_worth_more_than_nothing(ps, count):
    chances = dict(zip(ALLOWED, ps))
    plans = mission_plans(ALLOWED, chances, count=count)
    assert plans[0] == mission_plan(ALLOWED, chances)
    assert 1 <= len(plans) <= count
    assert len({tuple(p) for p in plans}) == len(plans)
    best_total = sum(_ev(plans[0], chances)) if min(_ev(plans[0], chances)) > 0 else None
    for plan in plans:
        assert 1 <= len(plan) <= 4 and len(set(plan)) == len(plan) and set(plan) <= set(ALLOWED)
        if best_total is not None:
            evs = _ev(plan, chances)
            assert min(evs) > 0, f"{plan} holds a pick expected to lose points"
            assert sum(evs) <= best_total + 1e-9, f"{plan} would have been the plan"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0.01, 1.0), min_size=len(ALLOWED), max_size=len(ALLOWED)), st.integers(1, 4))
def test_chances_by_rank_that_ignore_the_rank_give_the_same_plans(ps, count):
    chances = dict(zip(ALLOWED, ps))
    assert mission_plans(ALLOWED, chances, count=count, chance_at=lambda m, rank, picks: chances[m]) == \
        mission_plans(ALLOWED, chances, count=count)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0.01, 1.0), min_size=len(ALLOWED), max_size=len(ALLOWED)), st.floats(0.0, 0.2))
def test_the_plan_by_rank_is_the_best_by_the_chances_at_each_rank(ps, fade):
    # the chance falls by ``fade`` per rank and per extra pick; the best plan is worked out here by brute force
    chances = dict(zip(ALLOWED, ps))

    def at(m, rank, picks):
        return max(0.0, chances[m] - fade * rank - fade * (picks - 1))

    def total(plan):
        values = [at(m, r, len(plan)) * CARDS[m].values.success[r] + (1 - at(m, r, len(plan))) * CARDS[m].values.failure[r]
                  for r, m in enumerate(plan)]
        return sum(values) if min(values) > 0 else None

    best = mission_plans(ALLOWED, chances, chance_at=at, count=1)[0]
    pool = sorted(ALLOWED, key=lambda m: (-max(at(m, r, 1) * CARDS[m].values.success[r] + (1 - at(m, r, 1)) * CARDS[m].values.failure[r]
                                               for r in range(6)), m))[:6]
    totals = [t for k in range(1, 5) for plan in permutations(pool, k) if (t := total(plan)) is not None]
    if totals:
        assert total(best) == pytest.approx(max(totals))


def test_expected_points_follow_the_card_at_the_rank():
    # R-MISSIONS: Occupation scores 6 at rank 2 and fails for -3 there (missions/occupation.yaml)
    assert expected_points(CARDS["occupation"], 0.25, 1) == pytest.approx(0.25 * 6 + 0.75 * -3)
    assert _ev(["activation", "occupation"], {"activation": 1.0, "occupation": 0.25})[1] == \
        pytest.approx(expected_points(CARDS["occupation"], 0.25, 1))


def test_pruning_drops_the_worst_pick_then_weighs_the_rest_again_at_their_new_ranks():
    chances = {"activation": 0.9, "occupation": 0.1, "spice_theft": 0.8, "protection": 0.95}
    plan = ["activation", "occupation", "spice_theft", "protection"]
    # worked out by hand: four picks are worth 5.0, -2.1, 4.2 and 0.85 (Protection at rank 4: 0.95 x 1 + 0.05 x -2);
    # Occupation goes first, and Protection, moved up to rank 3, is then worth 1.75 (0.95 x 2 + 0.05 x -3): it stays
    assert _ev(plan, chances) == pytest.approx([5.0, -2.1, 4.2, 0.85])
    assert pruned_plan(plan, lambda m, rank, picks: chances[m]) == ["activation", "spice_theft", "protection"]
    # a floor of 2 VP leaves Protection out too (1.75), and a floor under every value keeps the plan
    assert pruned_plan(plan, lambda m, rank, picks: chances[m], floor=2.0) == ["activation", "spice_theft"]
    assert pruned_plan(plan, lambda m, rank, picks: chances[m], floor=-10.0) == plan
    # never fewer picks than the decision asks for: when every pick fails, the worst failure goes first
    # (Activation's -4 at rank 1), then Occupation's -4 at rank 1 (the first of two -4s), and two are left
    assert pruned_plan(plan, lambda m, rank, picks: 0.0, fewest=2) == ["spice_theft", "protection"]


@settings(max_examples=80, deadline=None)
@given(st.permutations(ALLOWED).map(lambda p: p[:4]), st.lists(st.floats(0.0, 1.0), min_size=len(ALLOWED), max_size=len(ALLOWED)),
       st.floats(0.0, 0.2), st.floats(-3.0, 4.0), st.integers(1, 4))
def test_a_pruned_plan_keeps_the_order_and_only_picks_worth_the_floor(plan, ps, fade, floor, fewest):
    # the chance falls by ``fade`` per extra pick, so dropping a pick lifts the others (ranks and count)
    chances = dict(zip(ALLOWED, ps))

    def at(m, rank, picks):
        return max(0.0, chances[m] - fade * (picks - 1))

    kept = pruned_plan(plan, at, floor=floor, fewest=fewest)
    it = iter(plan)
    assert all(m in it for m in kept), "a subsequence of the plan, in its order"
    assert len(kept) >= min(fewest, len(plan))
    values = [at(m, r, len(kept)) * CARDS[m].values.success[r] + (1 - at(m, r, len(kept))) * CARDS[m].values.failure[r]
              for r, m in enumerate(kept)]
    if len(kept) > fewest:
        assert min(values) >= floor, "above the fewest picks, every pick kept is worth the floor"
    if min(_ev(list(plan), {m: at(m, 0, len(plan)) for m in plan})) >= floor:
        assert kept == list(plan), "nothing falls short: the plan as it is"


def test_extending_appends_the_card_worth_most_at_the_next_rank():
    chances = {"activation": 0.9, "occupation": 0.1, "spice_theft": 0.8, "protection": 0.95, "sabotage": 0.7}
    at = lambda m, rank, picks: chances[m]  # noqa: E731
    # worked out by hand at rank 3 (third pick): Spice theft 0.8 x 6 + 0.2 x -3 = 4.2, Sabotage
    # 0.7 x 5 + 0.3 x -3 = 2.6, Protection 0.95 x 2 + 0.05 x -3 = 1.75, Occupation 0.1 x 5 + 0.9 x -2 = -1.3
    assert _ev(["activation", "protection", "spice_theft"], chances)[2] == pytest.approx(4.2)
    assert extended_plan(["activation", "protection"], at, list(chances)) == ["activation", "protection", "spice_theft"]
    # with Spice theft already picked, Sabotage (2.6) is next; a floor above it leaves the plan as it is
    assert extended_plan(["activation", "spice_theft"], at, list(chances)) == ["activation", "spice_theft", "sabotage"]
    assert extended_plan(["activation", "spice_theft"], at, list(chances), floor=3.0) is None
    # only the allowed cards, and never past the decision's most picks
    assert extended_plan(["activation", "spice_theft"], at, ["activation", "occupation"]) is None
    assert extended_plan(["activation", "spice_theft"], at, list(chances), most=2) is None


@settings(max_examples=80, deadline=None)
@given(st.permutations(ALLOWED).map(lambda p: p[:3]), st.lists(st.floats(0.0, 1.0), min_size=len(ALLOWED), max_size=len(ALLOWED)),
       st.floats(-3.0, 4.0), st.integers(1, 6))
def test_an_extended_plan_is_the_plan_and_the_best_new_pick_worth_the_floor(plan, ps, floor, most):
    chances = dict(zip(ALLOWED, ps))

    def at(m, rank, picks):
        return chances[m]

    longer = extended_plan(plan, at, ALLOWED, floor=floor, most=most)
    rank = len(plan)
    worth = {m: expected_points(CARDS[m], chances[m], rank) for m in ALLOWED if m not in plan}
    if longer is None:
        assert rank >= most or max(worth.values()) < floor
    else:
        assert longer[:-1] == list(plan) and longer[-1] not in plan and len(longer) <= most
        assert worth[longer[-1]] >= floor and worth[longer[-1]] == max(worth.values())
