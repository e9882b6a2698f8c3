"""The capsule kernel of the movement geometry (R-MOVE, RUL-17) against a plain scalar reference.

The kernel works on numpy arrays, several pairs per call (end discs and slabs end to end, only
the pairs whose boxes meet), and on a few pairs one by one in Python floats (``_cap_hits``); the
reference below does the same closed-form arithmetic one pair at a time with Python floats (IEEE
operations, as numpy's), so they must agree exactly, bit for bit: a change of the kernel's
arithmetic shows here before it changes a game.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from landsraad.geometry.movement import capsules
from landsraad.geometry.movement.capsules import (
    _cap_boxes,
    _cap_hits,
    _cap_intervals,
    _cap_intervals_by_radii,
    _point_cap_dist,
    _point_seg_dist,
    _point_seg_dist_full,
    _segment_frame,
)

INF = math.inf


def _disc(wx: float, wy: float, dx: float, dy: float, dd: float, rho: float) -> tuple[float, float]:
    moving = dd > 0
    denom = 2.0 * dd if moving else 1.0
    bq = 2.0 * (wx * dx + wy * dy)
    cq = (wx * wx + wy * wy) - rho * rho
    disc = bq * bq - 4.0 * dd * cq
    if moving and disc > 0:
        sq = math.sqrt(disc)
        return (-bq - sq) / denom, (-bq + sq) / denom
    return (-INF, INF) if (not moving and cq < 0) else (INF, -INF)


def _slab(alpha: float, beta: float, lo: float, hi: float) -> tuple[float, float]:
    if beta != 0:
        t1, t2 = (lo - alpha) / beta, (hi - alpha) / beta
        return min(t1, t2), max(t1, t2)
    return (-INF, INF) if lo < alpha < hi else (INF, -INF)


def _reference(p0, p1, a, b, rho: float) -> tuple[float, float]:
    """(t_in, t_out) of one segment and one capsule, as the kernel defines them."""
    smin, smax = np.minimum(p0, p1), np.maximum(p0, p1)
    cmin, cmax = np.minimum(a, b) - rho, np.maximum(a, b) + rho
    if not (smin[0] <= cmax[0] and smax[0] >= cmin[0] and smin[1] <= cmax[1] and smax[1] >= cmin[1]):
        return INF, -INF
    (x0, y0), (x1, y1), (ax, ay), (bx, by) = (map(float, v) for v in (p0, p1, a, b))
    dx, dy = x1 - x0, y1 - y0
    dd = dx * dx + dy * dy
    rx, ry = x0 - ax, y0 - ay
    parts = [_disc(rx, ry, dx, dy, dd, rho), _disc(x0 - bx, y0 - by, dx, dy, dd, rho)]
    ex, ey = bx - ax, by - ay
    length = math.sqrt(ex * ex + ey * ey)
    if length > 0:
        ux, uy = ex / length, ey / length
        nx, ny = -uy, ux
        su = _slab(rx * ux + ry * uy, dx * ux + dy * uy, 0.0, length)
        sw = _slab(rx * nx + ry * ny, dx * nx + dy * ny, -rho, rho)
        parts.append((max(su[0], sw[0]), min(su[1], sw[1])))
    full = [(lo, hi) for lo, hi in parts if lo < hi]
    t_in = min((lo for lo, _ in full), default=INF)
    t_out = max((hi for _, hi in full), default=-INF)
    return max(t_in, 0.0), min(t_out, 1.0)


# Coordinates on a coarse grid as well as anywhere: shared ends, still segments, point capsules
# and exact touching happen on the table (a base slides to touch another).
coord = st.one_of(st.integers(0, 12).map(float), st.floats(0, 12, allow_nan=False))
point = st.tuples(coord, coord)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(point, point), min_size=1, max_size=6),
       st.lists(st.tuples(point, point | st.none(), st.sampled_from([0.5, 1.25, 1.5, 2.9, 3.0])), min_size=1, max_size=6))
def test_the_capsule_kernel_is_the_scalar_reference(segments, capsules):
    p0 = np.array([s for s, _ in segments], dtype=float)
    p1 = np.array([e for _, e in segments], dtype=float)
    a = np.array([c for c, _, _ in capsules], dtype=float)
    b = np.array([c if d is None else d for c, d, _ in capsules], dtype=float)  # None: a disc (a base)
    rho = np.array([r for _, _, r in capsules], dtype=float)
    with np.errstate(over="ignore"):  # a segment almost along a slab's edge: quotients overflow to inf, as the reference's
        t_in, t_out = _cap_intervals(p0, p1, a, b, rho)
        hits = _cap_hits(p0, p1, a, b, rho, _cap_boxes(a, b, rho))
    for i in range(len(p0)):
        for k in range(len(a)):
            assert (t_in[i, k], t_out[i, k]) == _reference(p0[i], p1[i], a[k], b[k], float(rho[k]))
    assert hits.tolist() == (t_in < t_out).any(axis=1).tolist()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(point, point), min_size=1, max_size=6),
       st.lists(st.tuples(point, point | st.none(), st.sampled_from([0.5, 1.25, 1.5, 2.9, 3.0])), min_size=1, max_size=6))
def test_hits_pair_by_pair_are_the_vectorised_kernels(segments, capsules_):
    """:func:`_cap_hits` takes a few pairs one by one in Python floats (``_pair_interval``) and
    many through the arrays (``_pair_intervals``): the same verdicts, and each pair's interval the
    same numbers."""
    p0 = np.array([s for s, _ in segments], dtype=float)
    p1 = np.array([e for _, e in segments], dtype=float)
    a = np.array([c for c, _, _ in capsules_], dtype=float)
    b = np.array([c if d is None else d for c, d, _ in capsules_], dtype=float)
    rho = np.array([r for _, _, r in capsules_], dtype=float)
    boxes = _cap_boxes(a, b, rho)
    saved = capsules._SCALAR_PAIRS
    try:
        with np.errstate(over="ignore"):
            capsules._SCALAR_PAIRS = len(p0) * len(a)  # every pair one by one
            one_by_one = _cap_hits(p0, p1, a, b, rho, boxes)
            capsules._SCALAR_PAIRS = -1  # every pair through the arrays
            vectorised = _cap_hits(p0, p1, a, b, rho, boxes)
            mi, ki = np.meshgrid(np.arange(len(p0)), np.arange(len(a)), indexing="ij")
            mi, ki = mi.ravel(), ki.ravel()
            lo, hi = capsules._pair_intervals(p0[mi], p1[mi], a[ki], b[ki], rho[ki])
    finally:
        capsules._SCALAR_PAIRS = saved
    assert one_by_one.tolist() == vectorised.tolist()
    for j, (i, k) in enumerate(zip(mi.tolist(), ki.tolist())):
        (x0, y0), (x1, y1), (ax, ay), (bx, by) = p0[i].tolist(), p1[i].tolist(), a[k].tolist(), b[k].tolist()
        assert capsules._pair_interval(x0, y0, x1, y1, ax, ay, bx, by, float(rho[k])) == (lo[j], hi[j])


def _distance(p, a, b) -> float:
    """Point to segment [a, b], the kernel's arithmetic with Python floats."""
    (px, py), (ax, ay), (bx, by) = (map(float, v) for v in (p, a, b))
    vx, vy = bx - ax, by - ay
    vv = vx * vx + vy * vy
    t = ((px - ax) * vx + (py - ay) * vy) / vv if vv > 0 else 0.0
    t = min(max(t, 0.0), 1.0)
    dx, dy = px - (ax + t * vx), py - (ay + t * vy)
    return math.sqrt(dx * dx + dy * dy)  # numpy squares by multiplying (Python's ** may differ by an ulp)


@settings(max_examples=200, deadline=None)
@given(st.lists(point, min_size=1, max_size=6), st.lists(st.tuples(point, point | st.none()), max_size=6))
def test_point_distances_are_the_scalar_reference(points, segments):
    """A space's frame of its capsules, built once, answers as the distance built from scratch."""
    p = np.array(points, dtype=float)
    a = np.array([c for c, _ in segments], dtype=float).reshape(-1, 2)
    b = np.array([c if d is None else d for c, d in segments], dtype=float).reshape(-1, 2)
    dist = _point_cap_dist(p, a, b)
    assert dist.shape == (len(p), len(a))
    assert np.array_equal(_point_seg_dist(p, _segment_frame(a, b)), dist)
    for i in range(len(p)):
        for k in range(len(a)):
            assert dist[i, k] == _distance(p[i], a[k], b[k])


def test_a_subnormal_direction_crosses_a_slab_at_infinity_without_a_warning():
    """A segment barely moving across a slab: the quotient overflows to the right limit, silently."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        t_lo, t_hi = capsules._slab(np.array([0.5]), np.array([1e-310]), 0.0, 1e10)
    assert t_lo[0] == -np.inf and t_hi[0] == np.inf


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(point, point), min_size=1, max_size=6),
       st.lists(st.tuples(point, point | st.none(), st.sampled_from([0.5, 1.25, 1.5, 2.9, 3.0])), min_size=1, max_size=6),
       st.sampled_from([0.0, 1e-3, 0.5]))
def test_intervals_for_several_radii_are_each_radius_alone(segments, capsules, grow):
    """One kernel call for two arrays of radii (with and without the touching tolerance) gives,
    bit for bit, the intervals of each radius asked alone (which the scalar reference checks)."""
    p0 = np.array([s for s, _ in segments], dtype=float)
    p1 = np.array([e for _, e in segments], dtype=float)
    a = np.array([c for c, _, _ in capsules], dtype=float)
    b = np.array([c if d is None else d for c, d, _ in capsules], dtype=float)
    rho = np.array([r for _, _, r in capsules], dtype=float)
    with np.errstate(over="ignore"):
        together = _cap_intervals_by_radii(p0, p1, a, b, (rho, rho + grow))
        alone = [_cap_intervals(p0, p1, a, b, rho), _cap_intervals(p0, p1, a, b, rho + grow)]
    for (t_in, t_out), (u_in, u_out) in zip(together, alone):
        assert t_in.tobytes() == u_in.tobytes() and t_out.tobytes() == u_out.tobytes()


def _same(x: np.ndarray, y: np.ndarray) -> bool:
    """Same shape, dtype and bytes (bit for bit, the sign of a zero included)."""
    return x.shape == y.shape and x.dtype == y.dtype and x.tobytes() == y.tobytes()


@settings(max_examples=300, deadline=None)
@given(st.lists(point, min_size=1, max_size=8), st.lists(st.tuples(point, point | st.none()), max_size=8))
def test_point_distances_on_full_rows_are_the_frames(points, segments):
    """A space's points test reads the frame's constant part as full (M, K) arrays, without the
    selection of the points' quotient (:func:`_point_seg_dist_full`): the same distances, bit for
    bit, as :func:`_point_seg_dist`, for segments of some length and points (``a = b``, a base)."""
    p = np.array(points, dtype=float)
    a = np.array([c for c, _ in segments], dtype=float).reshape(-1, 2)
    b = np.array([c if d is None or d == c else d for c, d in segments], dtype=float).reshape(-1, 2)
    frame = _segment_frame(a, b)
    ax, ay, vx, vy, long, safe = frame
    assume(bool(((a == b).all(axis=1) | long[0]).all()))  # each a point or of some length (as a space checks)
    m, k = len(p), len(a)
    rows = [np.repeat(x, m, axis=0) for x in (vx, vy, safe)] + [np.zeros((m, k)), np.ones((m, k))]
    assert _same(_point_seg_dist_full(p, ax, ay, *rows), _point_seg_dist(p, frame))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(point, point), min_size=1, max_size=6),
       st.lists(st.tuples(point, point | st.none(), st.sampled_from([0.5, 1.25, 1.5, 2.9, 3.0])), min_size=1, max_size=6),
       st.sampled_from([1e-3, 0.5]))
def test_nested_intervals_are_the_intervals_of_both_radii_where_the_inner_one_enters(segments, capsules_, grow):
    """:func:`_nested_intervals` (the pairs that can meet, the outer radius only where the inner one
    enters; issue 42's faster reach) against :func:`_cap_intervals_by_radii` of every pair whose
    boxes meet (which the scalar reference checks): bit for bit wherever the inner interval is not
    empty, empty everywhere else, so no caller that reads the outer interval only there can tell."""
    p0 = np.array([s for s, _ in segments], dtype=float)
    p1 = np.array([e for _, e in segments], dtype=float)
    a = np.array([c for c, _, _ in capsules_], dtype=float)
    b = np.array([c if d is None else d for c, d, _ in capsules_], dtype=float)
    rho = np.array([r for _, _, r in capsules_], dtype=float)
    with np.errstate(over="ignore"):
        (d_in, d_out), (t_in, t_out) = capsules._nested_intervals(p0, p1, a, b, rho, rho + grow)
        (e_in, e_out), (u_in, u_out) = _cap_intervals_by_radii(p0, p1, a, b, (rho, rho + grow))
    enters = e_in < e_out
    assert ((d_in < d_out) == enters).all()
    assert _same(d_in[enters], e_in[enters]) and _same(d_out[enters], e_out[enters])
    assert _same(t_in[enters], u_in[enters]) and _same(t_out[enters], u_out[enters])
    assert (d_in[~enters] == INF).all() and (t_in[~enters] == INF).all() and (t_out[~enters] == -INF).all()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(point, point), min_size=1, max_size=6),
       st.lists(st.tuples(point, point | st.none(), st.sampled_from([0.5, 1.25, 1.5, 2.9, 3.0])), min_size=1, max_size=6),
       st.sampled_from([1e-3, 0.5, 2.0]))
def test_intervals_of_two_radii_in_one_call_are_the_scalar_reference_of_each(segments, capsules_, grow):
    """:func:`_pair_intervals_radii` (the inner and outer capsules of :func:`_nested_pairs` in one
    kernel call, the radius-free work shared; issue 42) against the pair-by-pair scalar reference
    ``_pair_interval`` of each radius alone: the same numbers, bit for bit, for every pair."""
    p0 = np.array([s for s, _ in segments], dtype=float)
    p1 = np.array([e for _, e in segments], dtype=float)
    a = np.array([c for c, _, _ in capsules_], dtype=float)
    b = np.array([c if d is None else d for c, d, _ in capsules_], dtype=float)
    rho = np.array([r for _, _, r in capsules_], dtype=float)
    mi, ki = np.meshgrid(np.arange(len(p0)), np.arange(len(a)), indexing="ij")
    mi, ki = mi.ravel(), ki.ravel()
    radii = np.array((rho[ki], rho[ki] + grow))
    with np.errstate(over="ignore"):
        lo, hi = capsules._pair_intervals_radii(p0[mi], p1[mi], a[ki], b[ki], radii)
    assert lo.shape == hi.shape == (2, len(mi))
    for row in range(2):
        for j, (i, k) in enumerate(zip(mi.tolist(), ki.tolist())):
            (x0, y0), (x1, y1), (ax, ay), (bx, by) = p0[i].tolist(), p1[i].tolist(), a[k].tolist(), b[k].tolist()
            want = capsules._pair_interval(x0, y0, x1, y1, ax, ay, bx, by, float(radii[row, j]))
            assert want == (lo[row, j], hi[row, j])
