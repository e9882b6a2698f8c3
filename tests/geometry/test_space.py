"""The configuration space's circle partitions computed together against the former one by one
formulation, bit for bit.

The reference below is the former :meth:`Space._own_partition` (one circle's breakpoints and
midpoint tests on their own). The tangent graph reads these partitions through ``Space.flat``,
whose sorted keys and cumulative sums feed every arc's price and test: a partition that differs
in one bit could change a path, so the batch must give each circle the very same arrays.
"""

from __future__ import annotations

import math

import numpy as np
import shapely
from hypothesis import given
from hypothesis import strategies as st

from landsraad.geometry import movement
from landsraad.geometry.board import Base, Board
from landsraad.geometry.movement import space as space_module
from landsraad.geometry.movement import terrain_space
from landsraad.geometry.movement.capsules import _point_seg_dist, _segment_frame
from landsraad.geometry.movement.result import _TWO_PI, TOUCH_TOLERANCE_CM

from .test_movement import PROPERTY, _cluttered_board, boards, rect

# --- the former formulation (reference) ------------------------------------------------------------


def ref_own_partition(space, i: int, difficult: bool) -> tuple[np.ndarray, np.ndarray]:
    c = space.circ_c[i]
    R = float(space.circ_r[i])
    if difficult:
        a, b, rho, geom = space.dcap_a, space.dcap_b, space.dcap_rho + TOUCH_TOLERANCE_CM, space.diff_geom
    else:
        a, b, rho, geom = space.cap_a, space.cap_b, space.cap_rho, space.block_geom
    if R == 0.0:
        pt = c[None, :]
        if difficult:
            return (np.zeros(0), space._point_difficult(pt))
        return (np.zeros(0), np.array([not space.points_free(pt)[0]]))
    angles: list[np.ndarray] = []
    if len(a):
        near = ((np.minimum(a[:, 0], b[:, 0]) - rho <= c[0] + R) & (np.maximum(a[:, 0], b[:, 0]) + rho >= c[0] - R)
                & (np.minimum(a[:, 1], b[:, 1]) - rho <= c[1] + R) & (np.maximum(a[:, 1], b[:, 1]) + rho >= c[1] - R))
        a, b, rho = a[near], b[near], rho[near]
    if difficult and len(a) == 0 and (geom is None or not geom.intersects(shapely.Point(c))):
        return (np.zeros(0), np.array([False]))
    if len(a):
        for q in (a, b):
            v = q - c
            dq = np.hypot(v[:, 0], v[:, 1])
            with np.errstate(divide="ignore", invalid="ignore"):
                cosb = (R * R + dq * dq - rho * rho) / (2.0 * R * dq)
            ok = (dq > 0) & (np.abs(cosb) <= 1 + 1e-9)
            phi = np.arctan2(v[ok, 1], v[ok, 0])
            beta = np.arccos(np.clip(cosb[ok], -1.0, 1.0))
            angles += [phi + beta, phi - beta]
        e = b - a
        length = np.hypot(e[:, 0], e[:, 1])
        keep = length > 0
        if keep.any():
            ak, ek, lk, rk = a[keep], e[keep], length[keep], rho[keep]
            u = ek / lk[:, None]
            n = np.stack([-u[:, 1], u[:, 0]], axis=1)
            starts = np.concatenate([ak + rk[:, None] * n, ak - rk[:, None] * n, ak])
            units = np.concatenate([u, u, u])
            lens = np.concatenate([lk, lk, lk])
            w = starts - c
            bq = 2.0 * (w * units).sum(1)
            cq = (w * w).sum(1) - R * R
            disc = bq * bq - 4.0 * cq
            ok = disc > -1e-9 * (1.0 + R * R)
            sq = np.sqrt(np.where(disc > 0, disc, 0.0))
            for sol in ((-bq - sq) / 2.0, (-bq + sq) / 2.0):
                good = ok & (sol >= -1e-9) & (sol <= lens + 1e-9)
                pts = starts[good] + sol[good, None] * units[good]
                angles.append(np.arctan2(pts[:, 1] - c[1], pts[:, 0] - c[0]))
    if not difficult:
        xmin, ymin, xmax, ymax = space.bounds
        for axis, val in ((0, xmin), (0, xmax), (1, ymin), (1, ymax)):
            x = (val - c[axis]) / R
            if abs(x) <= 1:
                base = math.acos(x) if axis == 0 else math.asin(x)
                if axis == 0:
                    angles.append(np.array([base, -base]))
                else:
                    angles.append(np.array([base, math.pi - base]))
    brk = np.unique(np.mod(np.concatenate(angles), _TWO_PI)) if angles else np.zeros(0)
    if len(brk) == 0:
        mids = np.array([0.0])
    else:
        nxt = np.append(brk[1:], brk[0] + _TWO_PI)
        mids = 0.5 * (brk + nxt)
    pts = c + R * np.stack([np.cos(mids), np.sin(mids)], axis=1)
    flags = space._point_difficult(pts) if difficult else ~space.points_free(pts)
    return (brk, flags)


# --- comparisons ------------------------------------------------------------------------------------


def same_array(got: np.ndarray, want: np.ndarray) -> bool:
    return got.dtype == want.dtype and got.shape == want.shape and got.tobytes() == want.tobytes()


def check_space(space, order: list[int] | None = None) -> int:
    """Every circle's partitions, computed together in ``order`` (default: all, in order), are the
    reference's, bit for bit; returns the number of circles compared."""
    circles = list(range(len(space.circ_r))) if order is None else order
    for difficult in (False, True):
        for i, (brk, flags) in zip(circles, space._own_partitions(circles, difficult)):
            want_brk, want_flags = ref_own_partition(space, i, difficult)
            assert same_array(brk, want_brk), (i, difficult, brk, want_brk)
            assert same_array(flags, want_flags), (i, difficult, flags, want_flags)
    return len(circles)


def fresh_space(board: Board, mover: str):
    """``mover``'s space built afresh, no partition cached."""
    base = board.base(mover)
    ts = terrain_space._terrain_space(board.terrain, base.radius)
    return terrain_space._build_space(ts, base.radius, board.width, board.depth, board.others(mover))


@PROPERTY
@given(boards(), st.randoms(use_true_random=False))
def test_property_partitions_computed_together_are_the_one_by_one_ones(board, rnd):
    """On random boards, for the mover and another model: all circles at once, and a shuffled
    subset (the batch a graph build misses), give each circle the reference's arrays."""
    for mover in {"a", board.bases[-1].id}:
        space = fresh_space(board, mover)
        check_space(space)
        some = [i for i in range(len(space.circ_r)) if rnd.random() < 0.5]
        rnd.shuffle(some)
        check_space(space, some)


def test_partitions_computed_together_on_cluttered_boards():
    """Crowded boards (bases in touch, near the table's edges, by walls and over a dune)."""
    compared = 0
    for seed in range(6):
        board = _cluttered_board(seed)
        for mover in (board.bases[0].id, board.bases[-1].id):
            compared += check_space(fresh_space(board, mover))
    assert compared > 100


def test_partitions_of_circles_at_the_table_edge_and_points():
    """Table edges cut the circles (the math module's breakpoints), crossing samples are points."""
    board = Board(terrain=(rect("mud", 0, 0, 10, 8, "difficult"), rect("wall", 20, 0, 24, 3)),
                  bases=(Base("a", 12, 12, 30), Base("b", 1.6, 14, 30), Base("c", 26.5, 1.6, 40)))
    space = fresh_space(board, "a")
    assert (space.circ_r == 0).any()
    assert check_space(space) == len(space.circ_r)
    assert check_space(space, [len(space.circ_r) - 1, 0])


def test_flat_and_graph_read_the_batch_partitions():
    """The cached path (flat, the graph) serves the same arrays as the reference."""
    board = _cluttered_board(2)
    space = movement._space(board, "m", ())
    space.flat(False)
    space.flat(True)
    for i in range(len(space.circ_r)):
        for difficult in (False, True):
            got, want = space.circle_partition(i, difficult), ref_own_partition(space, i, difficult)
            assert same_array(got[0], want[0]) and same_array(got[1], want[1])


def test_partitions_of_circles_deep_inside_difficult_ground():
    """A base deep in a wide difficult piece: no capsule comes near its circle, which is wholly
    over difficult ground (one flag, set); another base's circle is nowhere near it (one flag, clear)."""
    board = Board(terrain=(rect("bog", 2, 2, 40, 40, "difficult"),),
                  bases=(Base("a", 50, 50, 30), Base("b", 20, 20, 30), Base("c", 52, 8, 30)), width=60, depth=60)
    space = fresh_space(board, "a")
    assert check_space(space) == len(space.circ_r)
    assert check_space(space, [1, 0])
    deep, far = space._own_partitions([0, 1], True)
    assert len(deep[0]) == 0 and deep[1].tolist() == [True]
    assert len(far[0]) == 0 and far[1].tolist() == [False]


@PROPERTY
@given(boards(), st.lists(st.tuples(st.floats(-5, 70), st.floats(-5, 70)), min_size=1, max_size=24))
def test_property_space_point_distances_are_its_capsules_own(board, points):
    """A space's distances from points to its capsules (the layout's full rows where it has them)
    are :func:`_point_seg_dist` of its own capsules, bit for bit, and its points test is the
    capsules', table's and interiors' tests together."""
    pts = np.array(points, dtype=float)
    for mover in {"a", board.bases[-1].id}:
        space = terrain_space._space(board, mover, ())
        want = _point_seg_dist(pts, _segment_frame(space.cap_a, space.cap_b))
        assert same_array(space._point_dists(pts), want)
        clear = (want >= space.cap_rho[None, :]).all(axis=1)
        inside = shapely.contains_xy(space.block_geom, pts[:, 0], pts[:, 1]) if space.block_geom is not None else False
        assert space.points_free(pts).tolist() == (clear & space.in_table(pts) & ~inside).tolist()
        # given a box holding the points, the same answer (no interior searched where the box meets
        # no impassable piece's box, in which case no point is inside one)
        box = (*pts.min(axis=0).tolist(), *pts.max(axis=0).tolist())
        if space.block_geom is not None and not space.blocked_in_box(*box):
            assert not np.any(inside)
        assert space.points_free(pts, box).tolist() == space.points_free(pts).tolist()


@PROPERTY
@given(boards(), st.lists(st.tuples(st.floats(-6, 6), st.floats(-6, 6)), min_size=1, max_size=12))
def test_property_slides_whose_box_meets_no_difficult_piece_cost_their_length(board, offsets):
    """_straight measures no cost of its slides when the box of their start and ends meets no
    difficult piece's grown box (:meth:`difficult_in_box`): then no slide is near difficult
    terrain and each costs its length, bit for bit; and its measures are those of the full
    computation (every slide's cost asked)."""
    for mover in {"a", board.bases[-1].id}:
        space = terrain_space._space(board, mover, ())
        sx, sy = board.base(mover).center
        ends = [(sx + dx, sy + dy) for dx, dy in offsets]
        p1 = np.array(ends, dtype=float)
        p0 = np.repeat(np.array([[sx, sy]]), len(p1), axis=0)
        xs, ys = [sx] + p1[:, 0].tolist(), [sy] + p1[:, 1].tolist()
        if space.diff_geom is not None and not space.difficult_in_box(min(xs), min(ys), max(xs), max(ys)):
            assert not space.near_difficult(p0, p1).any()
            assert same_array(space.segment_costs(p0, p1), np.hypot(p1[:, 0] - sx, p1[:, 1] - sy))
        got = movement.straight_measures(board, mover, ends, 8.0)
        saved = space_module.Space.difficult_in_box
        try:
            space_module.Space.difficult_in_box = lambda self, *box: True  # every slide's cost asked
            want = movement.straight_measures(board, mover, ends, 8.0)
        finally:
            space_module.Space.difficult_in_box = saved
        assert got[0].tolist() == want[0].tolist() and got[1] == want[1]


@st.composite
def near_difficult_segments(draw, board: Board, r: float) -> tuple[np.ndarray, np.ndarray]:
    """Segments about the difficult pieces: ends anywhere, inside a piece, or a radius (and a hair
    either side) off a corner, along an axis; some of no length."""
    rings = [np.asarray(t.polygon, dtype=float) for t in board.terrain_of("difficult")]
    ends = []
    for _ in range(draw(st.integers(2, 24))):
        kind = draw(st.sampled_from(["any", "inside", "corner"]))
        if kind == "any" or not rings:
            ends.append((draw(st.floats(0, 30)), draw(st.floats(0, 30))))
            continue
        ring = draw(st.sampled_from(rings))
        if kind == "inside":
            ends.append(tuple(ring.mean(axis=0).tolist()))
            continue
        x, y = draw(st.sampled_from(ring.tolist()))
        d = r + draw(st.sampled_from([0.0, 1e-9, -1e-9, 1e-6, -1e-6, TOUCH_TOLERANCE_CM, -TOUCH_TOLERANCE_CM]))
        dx, dy = draw(st.sampled_from([(d, 0.0), (-d, 0.0), (0.0, d), (0.0, -d)]))
        ends.append((x + dx, y + dy))
    pts = np.array(ends, dtype=float)
    order = draw(st.permutations(range(len(pts))))
    return pts, pts[list(order)]


@PROPERTY
@given(boards(), st.data())
def test_property_few_convex_costs_are_the_vectorised_ones(board, data):
    """segment_costs over convex difficult pieces takes a few (segment, capsule) pairs one by one in
    Python floats (_few_convex_intervals): the costs are the vectorised computation's, bit for bit,
    and the intervals difficult_intervals' (== : up to the sign of a zero bound)."""
    for mover in {"a", board.bases[-1].id}:
        space = terrain_space._space(board, mover, ())
        if space.diff_geom is None:
            continue
        p0, p1 = data.draw(near_difficult_segments(board, space.r))
        saved = space_module._SCALAR_PAIRS
        try:
            space_module._SCALAR_PAIRS = -1  # every pair at once
            want = space.segment_costs(p0, p1)
            space_module._SCALAR_PAIRS = 10**9  # one by one wherever the pieces are convex
            got = space.segment_costs(p0, p1)
        finally:
            space_module._SCALAR_PAIRS = saved
        assert same_array(got, want)
        if all(convex for _, _, convex, _ in space._cache.diff_pieces):
            assert space._few_convex_intervals(p0, p1) == space.difficult_intervals(p0, p1)
