"""landsraad.ai.player: the heuristic player's point choices, checked against their definitions."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.ai import HeuristicPlayer
from landsraad.ai.spots import _clamp, _dist, _rotate_about, _toward
from landsraad.engine.decisions import Decision, PointSpec
from landsraad.engine.moves import targets_of_interest
from landsraad.engine.spatial import move_candidates, plan_move
from landsraad.engine.state import TerrainState
from landsraad.errors import RuleError
from landsraad.geometry.movement import free_spots, straight_moves

from ..engine.helpers import model, state_in_play

WALL = TerrainState(id="wall", polygon=((18.0, 20.0), (21.0, 20.0), (21.0, 40.0), (18.0, 40.0)), height_cm=5.0)
BOG = TerrainState(id="bog", polygon=((34.0, 22.0), (44.0, 22.0), (44.0, 36.0), (34.0, 36.0)), movement="difficult")


def _move(state, model_id: str, allowance: float) -> Decision:
    """A move decision as the engine asks it: the geometry's verdict, its suggestions."""

    def check(p: tuple[float, float]) -> str | None:
        result = plan_move(state, model_id, p, allowance)
        return None if result.legal else result.message

    def suggest() -> tuple[tuple[float, float], ...]:
        return move_candidates(state, model_id, allowance, towards=targets_of_interest(state, model_id))

    return Decision(side="red", kind="move", prompt="Move?", model=model_id, point=PointSpec(check, suggest, allowance))


def _every_check(decision: Decision, points, state, limit: int) -> tuple[float, float] | None:
    """The first point the decision accepts, every test made up front (the definition)."""
    known = set(decision.point.candidates)
    rounded = [(round(float(p[0]), 3), round(float(p[1]), 3)) for p in points]
    straight = straight_moves(state.board, decision.model, rounded, math.inf, difficult_ok=True)
    free = free_spots(state.board, decision.model, rounded)
    here = state.model(decision.model).position
    slack = 0.8 * decision.point.allowance_cm
    tried = detours = 0
    for k, p in enumerate(rounded):
        if p in known:
            return p
        if not straight[k]:
            if detours >= 3 or _dist(p, here) > slack or not free[k]:
                continue
            detours += 1
        else:
            tried += 1
            if tried > limit:
                break
        if decision.point.validate(p) is None:
            return p
    return None


_offsets = st.lists(st.tuples(st.floats(-14, 14), st.floats(-14, 14)), max_size=12)


@settings(max_examples=60, deadline=None)
@given(st.floats(10, 15.5), st.floats(16, 44), _offsets, st.lists(st.integers(0, 15), max_size=3), st.integers(1, 4),
       st.sampled_from((6.0, 10.0, 16.0)))
def test_the_first_valid_point_is_the_one_every_check_up_front_finds(x, y, offsets, picks, limit, allowance):
    # The mover stands by a wall: points beyond it need a detour (a path search), others lie in a bog.
    mover = model("red", "harkonnen", "champion", 1, x, y)
    others = [model("red", "harkonnen", "gladiator", 2, 26, 14), model("blue", "fremen", "warrior", 1, 26, 30),
              model("blue", "fremen", "warrior", 2, 12, 48)]
    state = state_in_play([mover, *[o for o in others if _dist(o.position, (x, y)) > 4.0]], terrain=(WALL, BOG), blue="fremen")
    points = [(x + dx, y + dy) for dx, dy in offsets]
    cands = move_candidates(state, mover.id, allowance, towards=targets_of_interest(state, mover.id))
    # Some of the engine's own suggestions among the points: a candidate is taken as it stands.
    for i in picks:
        if cands:
            points.insert(i % (len(points) + 1), cands[i % len(cands)])
    got = HeuristicPlayer(1)._first_valid(_move(state, mover.id, allowance), points, state, limit=limit)
    assert got == _every_check(_move(state, mover.id, allowance), points, state, limit)


@settings(max_examples=40, deadline=None)
@given(st.floats(10, 15.5), st.floats(16, 44), st.sampled_from((6.0, 10.0, 16.0)))
def test_every_candidate_is_a_legal_straight_slide_so_only_unchecked_straight_points_are_looked_up(x, y, allowance):
    """What lets :meth:`HeuristicPlayer._first_valid` look a point up among the engine's candidates
    only when it was neither checked nor a point no straight slide reaches: every candidate is
    legal (the check refuses none) and a clear straight slide (R-MOVE)."""
    mover = model("red", "harkonnen", "champion", 1, x, y)
    others = [model("red", "harkonnen", "gladiator", 2, 26, 14), model("blue", "fremen", "warrior", 1, 26, 30)]
    state = state_in_play([mover, *[o for o in others if _dist(o.position, (x, y)) > 4.0]], terrain=(WALL, BOG), blue="fremen")
    cands = move_candidates(state, mover.id, allowance, towards=targets_of_interest(state, mover.id))
    assert cands
    assert straight_moves(state.board, mover.id, list(cands), math.inf, difficult_ok=True).all()
    assert all(plan_move(state, mover.id, c, allowance).legal for c in cands)


def test_a_detour_is_searched_for_three_free_points_at_most_and_a_candidate_always_taken():
    mover = model("red", "harkonnen", "champion", 1, 15.0, 24.0)
    state = state_in_play([mover], terrain=(WALL, BOG), blue="fremen")
    beyond = [(24.0, 32.0), (23.0, 31.5), (23.5, 30.0)]  # behind the wall, near, free: out of reach round it
    around = (24.0, 17.0)  # round the wall's end: in reach by a detour
    inside = (19.5, 30.0)  # in the wall: not free, so no detour is searched for it
    far = (15.0, 50.0)  # a straight slide, out of reach
    candidate = move_candidates(state, mover.id, 16.0, towards=targets_of_interest(state, mover.id))[0]
    for points, limit, expected in (([*beyond[:2], around], 10, around), ([*beyond, around], 10, None),
                                    ([inside, *beyond[:2], around], 10, around), ([far, candidate], 1, candidate)):
        got = HeuristicPlayer(1)._first_valid(_move(state, mover.id, 16.0), points, state, limit=limit)
        assert got == expected == _every_check(_move(state, mover.id, 16.0), points, state, limit)


def test_a_detour_longer_than_the_allowance_by_its_bound_is_never_searched():
    """Points behind the wall whose way round either end is longer than the allowance (the
    geometry's path length bound), and a straight slide longer than it, are refused without
    asking the engine (no path search); the one round the end within reach is asked, and the
    answer is the definition's."""
    mover = model("red", "harkonnen", "champion", 1, 15.0, 24.0)
    state = state_in_play([mover], terrain=(WALL, BOG), blue="fremen")
    beyond = [(15.0, 40.5), (24.0, 32.0), (23.0, 31.5)]  # 16.5 cm straight up; two behind the wall
    around = (24.0, 17.0)
    asked: list[tuple[float, float]] = []
    decision = _move(state, mover.id, 16.0)
    check = decision.point.validate
    spy = Decision(side="red", kind="move", prompt="Move?", model=mover.id,
                   point=PointSpec(lambda p: asked.append(p) or check(p), decision.point.suggest, 16.0))
    got = HeuristicPlayer(1)._first_valid(spy, [*beyond, around], state)
    assert got == around == _every_check(_move(state, mover.id, 16.0), [*beyond, around], state, 10)
    assert asked == [around]
    assert all(not plan_move(state, mover.id, p, 16.0).legal for p in beyond)


def _head_for_definition(player: HeuristicPlayer, decision: Decision, state, m, goal):
    """:meth:`HeuristicPlayer._head_for` as defined: every scored point offered to the check, then
    the better of the first legal one and the best engine candidate (no point left out)."""
    allowance = decision.point.allowance_cm
    here, r = m.position, m.base_mm / 20.0
    if _dist(here, goal) < 0.3:
        return None
    reach = max(0.0, allowance - 0.02)
    points = []
    for angle in (0.0, 0.3, -0.3, 0.6, -0.6, 1.0, -1.0):
        for frac in (1.0, 0.6, 0.35):
            p = _toward(here, goal, reach * frac)
            points.append(_clamp(state, _rotate_about(here, p, angle) if angle else p, r))
    for k in range(8):
        a = k * math.pi / 4
        points.append(_clamp(state, (here[0] + math.cos(a) * reach, here[1] + math.sin(a) * reach), r))
    danger = player._danger(state, m)

    def score(p):
        return _dist(p, goal) + danger.at(p)
    scored = [p for p in sorted({(round(p[0], 3), round(p[1], 3)) for p in points}, key=score) if _dist(p, here) <= allowance]
    cands = [(round(p[0], 3), round(p[1], 3)) for p in decision.point.candidates]
    options = [p for p in (player._first_valid(decision, scored, state, limit=4), min(cands, key=score) if cands else None)
               if p is not None]
    if not options:
        return None
    best = min(options, key=score)
    return None if score(best) >= score(here) - 0.2 else best


@settings(max_examples=40, deadline=None)
@given(st.floats(10, 15.5), st.floats(16, 44), st.tuples(st.floats(2, 58), st.floats(2, 58)), st.sampled_from((6.0, 10.0, 16.0)))
def test_heading_for_a_goal_checks_only_points_that_could_beat_the_best_candidate(x, y, goal, allowance):
    """The points scoring worse than the engine's best candidate are not checked (no path search
    for them), and the answer is the definition's, which checks them all."""
    mover = model("red", "harkonnen", "champion", 1, x, y)
    others = [model("red", "harkonnen", "gladiator", 2, 26, 14), model("blue", "fremen", "warrior", 1, 26, 30),
              model("blue", "fremen", "warrior", 2, 12, 48)]
    state = state_in_play([mover, *[o for o in others if _dist(o.position, (x, y)) > 4.0]], terrain=(WALL, BOG), blue="fremen")
    m = state.model(mover.id)
    decision = _move(state, mover.id, allowance)
    asked: list[tuple[float, float]] = []
    spy = Decision(side="red", kind="move", prompt="Move?", model=mover.id,
                   point=PointSpec(lambda p: asked.append(p) or decision.point.validate(p), decision.point.suggest, allowance))
    player = HeuristicPlayer(1)
    got = player._head_for(spy, state, m, goal)
    assert got == _head_for_definition(HeuristicPlayer(1), _move(state, mover.id, allowance), state, m, goal)
    danger = player._danger(state, m)
    cands = [(round(p[0], 3), round(p[1], 3)) for p in spy.point.candidates]
    if cands and _dist(m.position, goal) >= 0.3:
        bar = min(_dist(p, goal) + danger.at(p) for p in cands)
        assert all(_dist(p, goal) + danger.at(p) <= bar for p in asked)


def test_a_point_decision_without_its_model_or_point_spec_is_refused_naming_the_decision():
    """A model's point decision reads its model and point spec from the decision: one the engine
    sent without them is a RuleError that names it (mypy: ``model`` and ``point`` may be None),
    not an AttributeError on None."""
    soldier = model("red", "corrino", "soldier", 1, 30.0, 30.0)
    state = state_in_play([soldier, model("blue", "fremen", "warrior", 1, 30.0, 45.0)])
    with pytest.raises(RuleError, match="'aim' decision for red names no model"):
        HeuristicPlayer(1, strict=True).decide(Decision(side="red", kind="aim", prompt="Aim?"), state)
    with pytest.raises(RuleError, match="'aim' decision for red asks for no point"):
        HeuristicPlayer(1, strict=True).decide(Decision(side="red", kind="aim", prompt="Aim?", model=soldier.id), state)
