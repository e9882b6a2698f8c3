"""The straight test on a board's capsules without its whole space
(landsraad.geometry.movement.slides; R-MOVE, RUL-17): the verdicts and measures of the board's
space, bit for bit, on boards with bases beside, touching and across the slides, at the table's
edges, over difficult and against impassable terrain."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from landsraad.errors import GeometryError
from landsraad.geometry.board import Base, Board
from landsraad.geometry.movement import ALLOWANCE_SLACK_CM, plan_move, slides, straight_measures, straight_plan, terrain_space
from landsraad.geometry.movement.voluntary import _straight, _with_start

from .test_movement import PROPERTY, boards, rect
from .test_space import same_array


def reference_straight(board, model_id, points, allowance_cm, ignore=(), *, limited=True, open_ground=True):
    """:func:`_straight` as it was on the board's whole space (the reference): ``(clear, ok, lengths, costs)``."""
    space = terrain_space._space(board, model_id, ignore)
    start = board.base(model_id).center
    ends = _with_start(start, points)
    pts = ends[1:]
    n = len(pts)
    xs, ys = ends[:, 0].tolist(), ends[:, 1].tolist()
    box = (min(xs), min(ys), max(xs), max(ys))
    free = space.points_free(ends, box)
    if not free[0]:
        return np.zeros(n, dtype=bool), np.zeros(n, dtype=bool), np.zeros(n), np.zeros(n)
    s0 = ends[0:1]
    sx, sy = start
    length = np.hypot(pts[:, 0] - sx, pts[:, 1] - sy)
    within = length <= float(allowance_cm) + ALLOWANCE_SLACK_CM
    clear = free[1:] & within if limited else free[1:].copy()
    idx = clear.nonzero()[0]
    if len(idx):
        clear[idx] = space.free_spots_slide_clear(s0.repeat(len(idx), axis=0), pts[idx])
    ok = clear & within
    idx = ok.nonzero()[0]
    cost = None
    if len(idx) and space.diff_geom is not None and open_ground:
        cost = space.segment_costs(s0.repeat(len(idx), axis=0), pts[idx])
    costs = length
    if cost is not None:
        costs = length.copy()
        costs[idx] = cost
        ok[idx[cost > length[idx] + 1e-12]] = False
    return clear, ok, length, costs


@st.composite
def ends_on(draw, board: Board, mover: str) -> list[tuple[float, float]]:
    """Ends round ``mover``: anywhere near it, at an exact touch with another base or the table's
    edge (and a hair either side), past the table, and rounded to the hundredth as the engine's
    suggestions are."""
    me = board.base(mover)
    r = me.radius
    out = []
    for _ in range(draw(st.integers(1, 24))):
        kind = draw(st.sampled_from(["near", "touch", "edge", "far", "cents"]))
        hair = draw(st.sampled_from([0.0, 1e-9, -1e-9, 1e-6, -1e-6, 1e-3, -1e-3]))
        if kind == "touch" and len(board.bases) > 1:
            other = draw(st.sampled_from([b for b in board.bases if b.id != mover]))
            angle = draw(st.floats(0, 2 * math.pi))
            d = r + other.radius + hair
            out.append((other.x + d * math.cos(angle), other.y + d * math.sin(angle)))
        elif kind == "edge":
            along = draw(st.floats(0, board.depth))
            edge = draw(st.sampled_from([r + hair, board.width - r + hair]))
            out.append((edge, along) if draw(st.booleans()) else (along, edge))
        elif kind == "far":
            out.append((draw(st.floats(-5, board.width + 5)), draw(st.floats(-5, board.depth + 5))))
        else:
            p = (me.x + draw(st.floats(-12, 12)), me.y + draw(st.floats(-12, 12)))
            out.append((round(p[0], 2), round(p[1], 2)) if kind == "cents" else p)
    return out


def assert_same(got, want):
    for g, w in zip(got, want):
        assert same_array(g, w)


@PROPERTY
@given(boards(), st.data())
def test_property_straight_test_on_the_board_capsules_is_the_spaces(board, data):
    """Every verdict (end free, slide clear, within, over open ground) and every measure of the
    straight test is the board space's, bit for bit, with and without a length limit and
    difficult ground, a base ignored or not, and with the slides' capsule pairs taken one by one
    or all at once."""
    for mover in {"a", board.bases[-1].id}:
        ends = data.draw(ends_on(board, mover))
        allowance = data.draw(st.sampled_from([0.0, 3.0, 8.0, 40.0]))
        others = [b.id for b in board.bases if b.id != mover]
        ignore = tuple(data.draw(st.lists(st.sampled_from(others), max_size=1, unique=True))) if others else ()
        for limited in (True, False):
            for open_ground in (True, False):
                want = reference_straight(board, mover, ends, allowance, ignore, limited=limited, open_ground=open_ground)
                got = _straight(board, mover, ends, allowance, ignore, limited=limited, open_ground=open_ground, measured=True)
                assert_same(got, want)
        saved = slides._SCALAR_PAIRS
        try:
            slides._SCALAR_PAIRS = 0  # every pair at once (_pair_intervals)
            got = _straight(board, mover, ends, allowance, ignore, measured=True)
        finally:
            slides._SCALAR_PAIRS = saved
        assert_same(got, reference_straight(board, mover, ends, allowance, ignore))


@PROPERTY
@given(boards(), st.lists(st.tuples(st.floats(-2, 32), st.floats(-2, 32)), min_size=1, max_size=30))
def test_property_board_capsules_are_the_spaces(board, points):
    """The capsules' free spots and clear slides are the board space's, bit for bit, between any
    points (their start broadcast over the ends)."""
    pts = np.array(points, dtype=float)
    for mover in {"a", board.bases[-1].id}:
        space = terrain_space._space(board, mover, ())
        caps = slides._board_capsules(board, mover, ())
        assert same_array(caps.rows[2], space.cap_rho)
        assert same_array(caps.points_free(pts), space.points_free(pts))
        start = pts[0:1]
        assert same_array(caps.slides_clear(start, pts), space.free_spots_slide_clear(start.repeat(len(pts), axis=0), pts))
        if len(space.cap_a):
            space.free_spots_slide_clear(start, start)  # builds the space's boxes
            for g, w in zip(caps._boxes(), space._cache.boxes):
                assert same_array(g, w)


def test_straight_test_in_a_crowd():
    """A slide across a crowd of bases and walls meets more capsule pairs than are taken one by
    one: the pairs at once give the space's verdicts too."""
    walls = tuple(rect(f"w{k}", 4 + 6 * k, 2, 5 + 6 * k, 14) for k in range(6))
    bases = [Base("m", 2.0, 20.0, 30)] + [Base(f"b{k}", 3.0 + 2.6 * k, 17.0 + (k % 2) * 6.2, 25) for k in range(14)]
    board = Board(width=40, depth=30, terrain=walls, bases=tuple(bases))
    ends = [(38.0, 20.0 + dy) for dy in np.linspace(-8, 8, 30)] + [(2.0 + dx, 28.0) for dx in np.linspace(0, 30, 30)]
    want = reference_straight(board, "m", ends, 60.0)
    assert_same(_straight(board, "m", ends, 60.0, (), measured=True), want)
    pairs = slides._board_capsules(board, "m", ())
    s0 = np.array([[2.0, 20.0]])
    mi, _ = slides._near_pairs(s0, np.array(ends), *pairs._boxes())
    assert len(mi) > slides._SCALAR_PAIRS


def test_straight_plan_of_a_measured_slide_builds_no_space():
    """A slide the straight test measured is planned from its measure, without the board's space,
    and the result is plan_move's; a bad id is refused as before."""
    board = Board(bases=(Base("a", 10, 10, 30), Base("b", 20, 10, 30)))
    ok, measures = straight_measures(board, "a", [(10, 18)], 10)
    terrain_space._space_cached.cache_clear()
    got = straight_plan(board, "a", (10, 18), 10, measure=measures[0])
    assert terrain_space._space_cached.cache_info().currsize == 0
    assert got == plan_move(board, "a", (10, 18), 10)
    with pytest.raises(GeometryError):
        straight_plan(board, "a", (10, 18), 10, ignore=("c",), measure=measures[0])
    with pytest.raises(GeometryError):
        straight_plan(board, "c", (10, 18), 10, measure=measures[0])
