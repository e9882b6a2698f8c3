"""Tests of landsraad.engine.spatial: contact (RUL-07), moves (R-MOVE, RUL-17) and targets (RUL-08) on the state's board."""

import math
import struct

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from landsraad.engine import spatial
from landsraad.engine.spatial import contact_enemies, contact_friends, edge_distance, in_contact, move_candidates, nearest_targets, plan_move
from landsraad.engine.state import TerrainState
from landsraad.geometry.movement import plan_move as geometry_plan_move
from landsraad.geometry.movement import straight_moves
from landsraad.ruleset import Ruleset

from .helpers import model, state_in_play


def test_contact_uses_the_ruleset_tolerance_rul_07():
    a = model("red", "corrino", "soldier", 1, 10, 10)
    e = model("blue", "fremen", "warrior", 1, 13.08, 10)  # edges 0.08 cm apart
    state = state_in_play([a, e])
    assert edge_distance(state, a.id, e.id) == pytest.approx(0.08)
    assert in_contact(state, a.id, e.id) and contact_enemies(state, a.id) == (e.id,)
    strict = state_in_play([a, e], ruleset=Ruleset(contact_tolerance_cm=0.0))
    assert not in_contact(strict, a.id, e.id)


def test_contact_friends_excludes_enemies_and_self():
    a = model("red", "corrino", "medic", 1, 10, 10)
    f = model("red", "corrino", "soldier", 1, 13, 10)
    e = model("blue", "fremen", "warrior", 1, 7, 10)
    assert contact_friends(state_in_play([a, f, e]), a.id) == (f.id,)


def test_sandwalk_ignores_difficult_terrain_but_others_pay_double():
    bog = TerrainState(id="bog", polygon=((14, 0), (26, 0), (26, 20), (14, 20)), movement="difficult")
    f = model("blue", "fremen", "warrior", 1, 10, 10)
    c = model("red", "corrino", "soldier", 1, 10, 15)
    state = state_in_play([f, c], terrain=[bog])
    assert plan_move(state, f.id, (20, 10), 11).legal  # 10 cm: the Fremen is not slowed
    assert not plan_move(state, c.id, (20, 15), 10).legal  # 10 cm, most of it over the bog: costs more than 10


def test_move_candidates_are_legal():
    a = model("red", "corrino", "soldier", 1, 10, 10)
    e = model("blue", "fremen", "warrior", 1, 30, 30)
    state = state_in_play([a, e])
    for p in move_candidates(state, a.id, 10.0, towards=[e.position]):
        assert plan_move(state, a.id, p, 10.0).legal


@pytest.mark.parametrize("seed", range(6))
def test_move_candidates_in_a_crowd_with_terrain_are_all_legal(seed):
    # The candidates are tested together by the geometry's straight-slide test, never one by one
    # with plan_move: every one must still be a legal move (R-MOVE, RUL-17).
    import numpy as np

    rng = np.random.default_rng(seed)
    wall = TerrainState(id="wall", polygon=((18, 5), (21, 5), (21, 25), (18, 25)), movement="blocked", height_cm=5)
    dune = TerrainState(id="dune", polygon=((5, 22), (15, 22), (15, 30), (5, 30)), movement="difficult")
    models = [model("red", "corrino", "soldier", 1, 12, 15), model("blue", "fremen", "warrior", 1, 30, 30)]
    spots = [(12, 15), (30, 30)]
    n = 2
    while len(models) < 8:
        x, y = (float(v) for v in rng.uniform(3, 37, size=2))
        if all(math.hypot(x - px, y - py) > 3.2 for px, py in spots) and not (16 < x < 23 and 3 < y < 27):
            side, faction, kind = ("red", "corrino", "soldier") if n % 2 else ("blue", "fremen", "warrior")
            models.append(model(side, faction, kind, n, x, y))
            spots.append((x, y))
            n += 1
    state = state_in_play(models, terrain=[wall, dune])
    for m in state.models:
        found = move_candidates(state, m.id, 10.0, towards=[e.position for e in state.enemies_of(m.id)][:4])
        assert len(set(found)) == len(found)
        for p in found:
            assert plan_move(state, m.id, p, 10.0).legal, (m.id, p)


@pytest.mark.parametrize("seed", range(4))
def test_straight_slides_keep_only_moves_whose_kept_result_is_plan_moves(seed):
    """straight_slides (the heuristic's sorting of its points) answers as straight_moves with no
    limit and difficult ground allowed on the state's board, sandwalker or not; every move it keeps
    for plan_move gets, through the cache, the geometry's own plan_move result on the board as the
    model moves over it (R-MOVE, RUL-17)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    wall = TerrainState(id="wall", polygon=((18, 5), (21, 5), (21, 25), (18, 25)), movement="blocked", height_cm=5)
    dune = TerrainState(id="dune", polygon=((5, 22), (15, 22), (15, 30), (5, 30)), movement="difficult")
    models = [model("red", "corrino", "soldier", 1, 12, 15), model("blue", "fremen", "warrior", 1, 10, 19),
              model("blue", "fremen", "warrior", 2, 30, 30)]
    state = state_in_play(models, terrain=[wall, dune])
    kept_some = False
    for m in state.models:
        pts = [(round(m.x + d * math.cos(a), 3), round(m.y + d * math.sin(a), 3))
               for a, d in zip(rng.uniform(0, 2 * math.pi, 40), rng.uniform(0, 16, 40))]
        allowance = float(rng.uniform(4, 12))
        spatial._STRAIGHT.clear()
        spatial._plan_cached.cache_clear()
        clear = spatial.straight_slides(state, m.id, pts, allowance)
        assert clear.tolist() == straight_moves(state.board, m.id, pts, math.inf, difficult_ok=True).tolist()
        moving = spatial._move_board(state, m.id, state.board)
        kept = [p for p in pts if p in spatial._STRAIGHT.get((moving, m.id, allowance), {})]
        kept_some = kept_some or bool(kept)
        assert set(kept) <= {p for p, c in zip(pts, clear.tolist()) if c}
        for p in pts:
            assert plan_move(state, m.id, p, allowance) == geometry_plan_move(moving, m.id, p, allowance), (m.id, p)
    assert kept_some
    spatial._STRAIGHT.clear()
    spatial._plan_cached.cache_clear()


def test_nearest_targets_ignore_the_shooter_and_keep_ties():
    s = model("red", "corrino", "soldier", 1, 30, 10)
    a = model("blue", "fremen", "warrior", 1, 20, 20)
    b = model("blue", "fremen", "warrior", 2, 40, 20)
    assert set(nearest_targets(state_in_play([s, a, b]), s.id, [s.id, a.id, b.id])) == {a.id, b.id}


@given(mx=st.floats(0, 200), my=st.floats(0, 200), tx=st.floats(-50, 250), ty=st.floats(-50, 250),
       allowance=st.floats(0, 60), frac=st.sampled_from((1.0, 0.75, 0.5)))
def test_move_candidates_short_steps_need_no_reach_check(mx, my, tx, ty, allowance, frac):
    # move_candidates skips the reach check of a suggestion whose step is _ROUNDING_MARGIN_CM
    # short of the allowance: its rounded point must be within reach, as the full check finds
    dx, dy = tx - mx, ty - my
    d = math.hypot(dx, dy)
    assume(d >= 1e-9)
    step = min(allowance * frac, d)
    assume(step <= allowance - spatial._ROUNDING_MARGIN_CM)
    px, py = round(mx + dx / d * step, 2), round(my + dy / d * step, 2)
    assert math.hypot(px - mx, py - my) <= allowance


def _same_float(a: float, b: float) -> bool:
    return struct.pack("<d", a) == struct.pack("<d", b)


@given(x=st.one_of(st.floats(), st.floats(-500, 500),
                   st.integers(-100_000, 100_000).map(lambda k: (k + 0.5) / 100),
                   st.tuples(st.integers(-100_000, 100_000), st.floats(-1e-6, 1e-6)).map(lambda t: (t[0] + 0.5) / 100 + t[1])))
def test_cents_is_round_to_two_decimals(x):
    # move_candidates rounds its suggestions with _cents instead of round(x, 2): the same float,
    # bit for bit (sign of zero included), also at and next to decimal ties
    assert _same_float(spatial._cents(x), round(x, 2)) or (math.isnan(x) and math.isnan(spatial._cents(x)))


def test_cents_at_known_ties_and_zeros():
    for x in (0.125, 0.375, 2.675, 1.005, 0.005, -0.005, -0.001, -0.0, 0.0, 1e-300, -1e-300, 123.455, 1e12 + 0.125):
        assert _same_float(spatial._cents(x), round(x, 2))


def _suggested_points_reference(mx, my, allowance_cm, towards):
    """The points move_candidates tested before they were built by _suggested_points: every step
    rounded, the quotient taken again for each."""
    points = {}
    sure = allowance_cm - spatial._ROUNDING_MARGIN_CM
    for tx, ty in towards:
        dx, dy = tx - mx, ty - my
        d = math.hypot(dx, dy)
        if d < 1e-9:
            continue
        for frac in (1.0, 0.75, 0.5):
            step = min(allowance_cm * frac, d)
            p = round(mx + dx / d * step, 2), round(my + dy / d * step, 2)
            points[spatial._within_reach(p, mx, my, allowance_cm) if step > sure else p] = None
    for cos, sin in spatial._DIRECTIONS:
        points[spatial._within_reach((round(mx + cos * allowance_cm, 2), round(my + sin * allowance_cm, 2)), mx, my, allowance_cm)] = None
    return list(points)


_coordinate = st.floats(-20, 140)


@given(mx=_coordinate, my=_coordinate, allowance=st.one_of(st.floats(0, 40), st.sampled_from((2.0, 5.0, 7.5, 10.0, 12.5))),
       towards=st.lists(st.one_of(st.tuples(_coordinate, _coordinate),
                                  st.tuples(st.floats(-1, 1), st.floats(-1, 1))), max_size=5))
@example(mx=0.0, my=2.225073858507e-311, allowance=0.0, towards=[(0.0, 1.0)])  # hypothesis found: a NaN point
def test_suggested_points_are_the_points_computed_step_by_step(mx, my, allowance, towards):
    """One quotient per target and a step equal to the last one skipped (a target nearer than the
    allowance): the same points, bit for bit, in the same order."""
    towards = [(mx + dx, my + dy) if abs(dx) <= 1 and abs(dy) <= 1 else (dx, dy) for dx, dy in towards]
    got = spatial._suggested_points(mx, my, allowance, towards)
    want = _suggested_points_reference(mx, my, allowance, towards)
    assert [(_same_float(a, c), _same_float(b, d)) for (a, b), (c, d) in zip(got, want)] == [(True, True)] * len(want)
    assert len(got) == len(want)


def test_opened_boards_of_one_layout_share_their_terrain_and_equal_the_board_opened_piece_by_piece():
    """A sandwalker's board (difficult ground opened): the same board as opening each piece, and
    every board of the layout holds the one opened terrain tuple (the movement caches find it by identity)."""
    f = model("blue", "fremen", "warrior", 1, 10, 10)
    c = model("red", "corrino", "soldier", 1, 30, 30)
    bog = TerrainState(id="bog", polygon=((15, 5), (25, 5), (25, 25), (15, 25)), movement="difficult")
    rock = TerrainState(id="rock", polygon=((40, 40), (45, 40), (45, 45), (40, 45)), movement="blocked", height_cm=4)
    state = state_in_play([f, c], terrain=[bog, rock])
    moved = state.update_model(c.id, x=32.0)
    a, b = spatial._without_difficult(state.board), spatial._without_difficult(moved.board)
    assert a.terrain is b.terrain and a != b
    opened = tuple(spatial._opened(t) if t.movement == "difficult" else t for t in state.board.terrain)
    assert a == state.board.with_terrain(opened) and [t.movement for t in a.terrain] == ["open", "blocked"]


def test_a_suggestion_past_an_allowance_too_small_to_pull_back_into_is_the_start():
    # the pull-back factor (allowance - 0.01) / reach was negative, or infinite for a subnormal reach
    assert spatial._within_reach((0.0, 0.01), 0.0, 2.225073858507e-311, 0.0) == (0.0, 2.225073858507e-311)
    assert spatial._within_reach((0.0, 0.01), 0.0, 0.0, 0.005) == (0.0, 0.0)
    assert spatial._within_reach((0.0, 5.0), 0.0, 0.0, 5.0) == (0.0, 5.0)
