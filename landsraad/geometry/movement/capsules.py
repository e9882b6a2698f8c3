"""The exact kernel: the swept capsule of a sliding base against circles and segments (R-MOVE, RUL-17)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .result import _INF

# =============================================================================================
# Exact kernel: capsules
# =============================================================================================
# Every obstacle of the configuration space is a union of capsules {p : dist(p, [a, b]) < R}
# (a base: a = b) plus, for terrain, the interior of its polygon. The helpers below work on
# arrays: M segments against K capsules at once.


def _slab(alpha: np.ndarray, beta: np.ndarray, lo: Any, hi: Any) -> tuple[np.ndarray, np.ndarray]:
    """Parameters t with lo < alpha + t * beta < hi, as an open interval (empty: lo >= hi)."""
    moving = beta != 0
    safe = np.where(moving, beta, 1.0)  # the still ones' quotients are replaced below
    # A subnormal beta overflows the quotient to +-inf: the right limit (the slab is crossed at
    # infinity), so numpy's warning would only alarm a user.
    with np.errstate(over="ignore"):
        t1 = (lo - alpha) / safe
        t2 = (hi - alpha) / safe
    still = np.where((alpha > lo) & (alpha < hi), -_INF, _INF)  # a still one's start; its end is the opposite
    t_lo = np.where(moving, np.minimum(t1, t2), still)
    t_hi = np.where(moving, np.maximum(t1, t2), -still)
    return t_lo, t_hi


def _disc_interval(wx: np.ndarray, wy: np.ndarray, dx: np.ndarray, dy: np.ndarray, dd: np.ndarray, moving: np.ndarray,
                   denom: np.ndarray, rho: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Parameters t with |w + t d| < rho (w: start relative to the centre; ``dd`` = d.d,
    ``moving`` = dd > 0, ``denom`` = 2 dd where moving, else 1)."""
    bq = 2.0 * (wx * dx + wy * dy)
    cq = (wx * wx + wy * wy) - rho * rho
    disc = bq * bq - 4.0 * dd * cq
    ok = moving & (disc > 0)
    sq = np.sqrt(np.where(ok, disc, 0.0))
    nb = -bq
    still = np.where((~moving) & (cq < 0), -_INF, _INF)  # where no root: the start; the end is the opposite
    return np.where(ok, (nb - sq) / denom, still), np.where(ok, (nb + sq) / denom, -still)


def _pair_intervals(p0: np.ndarray, p1: np.ndarray, a: np.ndarray, b: np.ndarray, rho: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Element-wise core of :func:`_cap_intervals`: 1-D arrays of N pairs (points (N, 2), radii (N,)).
    :func:`_pair_intervals_radii` of the one radius."""
    lo, hi = _pair_intervals_radii(p0, p1, a, b, rho[None, :])
    return lo[0], hi[0]


def _pair_intervals_radii(p0: np.ndarray, p1: np.ndarray, a: np.ndarray, b: np.ndarray, rhos: np.ndarray
                          ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_pair_intervals` of N pairs for each row of radii ``rhos`` (R, N) at once: (R, N)
    entries and exits. What does not depend on the radius (the frames, the dot products) is
    worked out once for every row, which is most of the kernel (the inner and outer capsules of
    :func:`_nested_pairs`, issue 42); each element's arithmetic is that of one radius alone.

    Written on x and y apart: the same arithmetic, element by element, as the vector form
    (dot products ``x0 * y0 + x1 * y1``), in about half the numpy calls, which is what a
    handful of pairs costs. For the same reason the two end discs go through
    :func:`_disc_interval` in one call and the two slabs through :func:`_slab` in one, as the
    rows of (2, N) arrays (what belongs to the segment alone broadcasts over both rows), and
    the three parts are united by one reduction over the rows of a (3, N) array: each
    element's arithmetic is the same as part by part."""
    p0x, p0y, ax, ay, bx, by = p0[:, 0], p0[:, 1], a[:, 0], a[:, 1], b[:, 0], b[:, 1]
    dx, dy = p1[:, 0] - p0x, p1[:, 1] - p0y
    dd = dx * dx + dy * dy
    moving = dd > 0
    denom = np.where(moving, 2.0 * dd, 1.0)
    rx, ry = p0x - ax, p0y - ay  # the start from a
    ex, ey = bx - ax, by - ay
    length = np.sqrt(ex * ex + ey * ey)
    flat = length > 0
    safe = np.where(flat, length, 1.0)
    ux, uy = ex / safe, ey / safe
    # the slab along the segment (0 < s < length), then across it (-rho < s < rho): the
    # frames' axes as rows, (ux, nx) and (uy, ny) with n = (-uy, ux)
    u, v = np.array((ux, -uy)), np.array((uy, ux))
    alpha, beta = rx * u + ry * v, dx * u + dy * v
    wx, wy = np.array((rx, p0x - bx)), np.array((ry, p0y - by))
    los, his = [], []
    for rho in rhos:
        lo12, hi12 = _disc_interval(wx, wy, dx, dy, dd, moving, denom, rho)
        s_lo, s_hi = _slab(alpha, beta, np.array((np.zeros(len(rho)), -rho)), np.array((length, rho)))
        lo = np.concatenate((lo12, np.maximum(s_lo[0], s_lo[1])[None, :]))
        hi = np.concatenate((hi12, np.minimum(s_hi[0], s_hi[1])[None, :]))
        # The capsule is convex: the union of its three parts' intervals is one interval, from the
        # least start to the greatest end of the parts that are not empty (the slabs' part only for
        # a segment of some length).
        ne = lo < hi
        ne[2] &= flat
        t_in = np.where(ne, lo, _INF).min(axis=0)
        t_out = np.where(ne, hi, -_INF).max(axis=0)
        los.append(np.maximum(t_in, 0.0))
        his.append(np.minimum(t_out, 1.0))
    return np.array(los), np.array(his)


def _cap_boxes(a: np.ndarray, b: np.ndarray, rho: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The bounding boxes (low corners, high corners; (K, 2) each) of K capsules (a, b, rho)."""
    return np.minimum(a, b) - rho[:, None], np.maximum(a, b) + rho[:, None]


def _near_pairs(p0: np.ndarray, p1: np.ndarray, cmin: np.ndarray, cmax: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The (segment, capsule) index pairs whose bounding boxes meet (capsule boxes from :func:`_cap_boxes`)."""
    smin, smax = np.minimum(p0, p1), np.maximum(p0, p1)
    near = ((smin[:, None, 0] <= cmax[None, :, 0]) & (smax[:, None, 0] >= cmin[None, :, 0])
            & (smin[:, None, 1] <= cmax[None, :, 1]) & (smax[:, None, 1] >= cmin[None, :, 1]))
    segments, capsules = np.nonzero(near)
    return segments, capsules


def _cap_intervals(p0: np.ndarray, p1: np.ndarray, a: np.ndarray, b: np.ndarray, rho: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For M segments p0->p1 and K capsules (a, b, rho): the parameter interval (t_in, t_out),
    clipped to [0, 1], where the segment's point is strictly inside the capsule. Arrays (M, K);
    empty where t_in >= t_out. Exact (closed form), up to floating-point rounding.

    Only segment/capsule pairs whose bounding boxes meet are computed."""
    return _cap_intervals_by_radii(p0, p1, a, b, (rho,))[0]


def _cap_intervals_by_radii(p0: np.ndarray, p1: np.ndarray, a: np.ndarray, b: np.ndarray,
                            radii: tuple[np.ndarray, ...]) -> list[tuple[np.ndarray, np.ndarray]]:
    """:func:`_cap_intervals` of the same segments and capsule axes for each array of radii in
    ``radii`` (e.g. with and without the touching tolerance), the kernel called once: the pairs of
    every radius end to end, each pair's arithmetic the same as alone."""
    m, k = len(p0), len(a)
    out = [(np.full((m, k), _INF), np.full((m, k), -_INF)) for _ in radii]
    if m == 0 or k == 0:
        return out
    pairs = [_near_pairs(p0, p1, *_cap_boxes(a, b, rho)) for rho in radii]
    if len(radii) == 1:
        mi, ki = pairs[0]
        rho_pairs = radii[0][ki]
    else:
        mi, ki = np.concatenate([p[0] for p in pairs]), np.concatenate([p[1] for p in pairs])
        rho_pairs = np.concatenate([rho[p[1]] for rho, p in zip(radii, pairs)])
    if len(mi):
        lo, hi = _pair_intervals(p0[mi], p1[mi], a[ki], b[ki], rho_pairs)
        pos = 0
        for (t_in, t_out), (mi_r, ki_r) in zip(out, pairs):
            n = len(mi_r)
            t_in[mi_r, ki_r] = lo[pos:pos + n]
            t_out[mi_r, ki_r] = hi[pos:pos + n]
            pos += n
    return out


_CLOSE_SLACK = 1e-9
"""Relative and absolute slack of :func:`_close_pairs`' test, far above the kernel's rounding."""


def _close_pairs(p0: np.ndarray, p1: np.ndarray, a: np.ndarray, b: np.ndarray, rho: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The (segment, capsule) index pairs that can meet: their bounding boxes meet
    (:func:`_near_pairs`) and the segment comes within the capsule's enclosing circle (centre
    the middle of ``[a, b]``, radius half its length plus ``rho``, with :data:`_CLOSE_SLACK`).

    Every pair whose :func:`_pair_intervals` interval is not empty is among them: such a pair has
    a point of the segment within ``rho`` of ``[a, b]``, so within the circle. A long ray's box
    meets every capsule of a difficult well it passes, the circle only those it comes near (the
    pairs of ``reach --movement 40`` on ``scenes/table.yaml``: 16 million by the boxes)."""
    mi, ki = _near_pairs(p0, p1, *_cap_boxes(a, b, rho))
    return _close_of(mi, ki, p0, p1, a, b, rho)


def _close_of(mi: np.ndarray, ki: np.ndarray, p0: np.ndarray, p1: np.ndarray, a: np.ndarray, b: np.ndarray,
              rho: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The pairs ``(mi, ki)`` whose segment comes within the capsule's enclosing circle
    (:func:`_close_pairs`' second test)."""
    if not len(mi):
        return mi, ki
    mid = 0.5 * (a + b)
    reach = 0.5 * np.hypot(b[:, 0] - a[:, 0], b[:, 1] - a[:, 1]) + rho
    limit = reach * (1.0 + _CLOSE_SLACK) + _CLOSE_SLACK
    d = p1 - p0
    dd = d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1]
    dx, dy = d[mi, 0], d[mi, 1]
    wx, wy = mid[ki, 0] - p0[mi, 0], mid[ki, 1] - p0[mi, 1]
    t = np.clip((wx * dx + wy * dy) / np.where(dd > 0, dd, 1.0)[mi], 0.0, 1.0)  # the segment's nearest point
    ex, ey = wx - t * dx, wy - t * dy
    keep = ex * ex + ey * ey <= limit[ki] * limit[ki]
    return mi[keep], ki[keep]


def _nested_pairs(p0: np.ndarray, p1: np.ndarray, a: np.ndarray, b: np.ndarray, inner: np.ndarray, outer: np.ndarray
                  ) -> tuple[np.ndarray, ...]:
    """The (segment, capsule) pairs that enter the ``inner`` capsule, and both intervals of each:
    ``(mi, ki, d_in, d_out, t_in, t_out)``, ``d`` of the radii ``inner``, ``t`` of ``outer``
    (:func:`_pair_intervals_radii`, each pair's numbers as alone). The kernel runs only on the
    pairs :func:`_close_pairs` keeps, for both radii at once: on a table with a 64-sided
    difficult well, a tenth of the pairs the boxes give (issue 42)."""
    mi, ki = _close_pairs(p0, p1, a, b, inner)
    if not len(mi):
        empty = np.zeros(0)
        return mi, ki, empty, empty, empty, empty
    # Both radii in one kernel call: most close pairs enter the inner capsule (nine in ten beside
    # the well of scenes/table.yaml), so sharing the radius-free work beats skipping the rest.
    lo, hi = _pair_intervals_radii(p0[mi], p1[mi], a[ki], b[ki], np.array((inner[ki], outer[ki])))
    enter = lo[0] < hi[0]
    return mi[enter], ki[enter], lo[0][enter], hi[0][enter], lo[1][enter], hi[1][enter]


def _nested_intervals(p0: np.ndarray, p1: np.ndarray, a: np.ndarray, b: np.ndarray, inner: np.ndarray,
                      outer: np.ndarray) -> tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]:
    """:func:`_cap_intervals_by_radii` of the radii ``(inner, outer)`` (``outer`` the larger,
    e.g. with the touching tolerance) for callers that read an ``outer`` interval only where the
    ``inner`` one is not empty (a pair counts where the slide enters the smaller capsule).

    The ``inner`` intervals are those numbers wherever they are not empty, and ``outer`` those
    numbers wherever ``inner`` is not empty; elsewhere both are empty (``inf``, ``-inf``). Arrays
    (M, K), from :func:`_nested_pairs`."""
    m, k = len(p0), len(a)
    d_in, d_out = np.full((m, k), _INF), np.full((m, k), -_INF)
    t_in, t_out = np.full((m, k), _INF), np.full((m, k), -_INF)
    if m == 0 or k == 0:
        return (d_in, d_out), (t_in, t_out)
    mi, ki, d_lo, d_hi, t_lo, t_hi = _nested_pairs(p0, p1, a, b, inner, outer)
    d_in[mi, ki], d_out[mi, ki], t_in[mi, ki], t_out[mi, ki] = d_lo, d_hi, t_lo, t_hi
    return (d_in, d_out), (t_in, t_out)


def _cap_hits(p0: np.ndarray, p1: np.ndarray, a: np.ndarray, b: np.ndarray, rho: np.ndarray,
              boxes: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """Which of M segments enter some capsule: ``(t_in < t_out).any(axis=1)`` of
    :func:`_cap_intervals`, computed on the pairs alone (a pair whose boxes miss is empty
    there), with the capsules' ``boxes`` (:func:`_cap_boxes`) given, as a space keeps them.

    Up to :data:`_SCALAR_PAIRS` such pairs are taken one by one (:func:`_pair_interval`, the same
    numbers as :func:`_pair_intervals`), a segment no further once one of its pairs hits."""
    out = np.zeros(len(p0), dtype=bool)
    if len(p0) == 0 or len(a) == 0:
        return out
    mi, ki = _near_pairs(p0, p1, *boxes)
    if len(mi) > _SCALAR_PAIRS:
        # Only the pairs that can meet (:func:`_close_pairs`: the enclosing circle holds every
        # pair that hits) go through the kernel; for a base's disc the circle test is nearly the
        # kernel's own (the pivot legs of a 75 cm reach's proofs on the reference scene, issue 42).
        mi, ki = _close_of(mi, ki, p0, p1, a, b, rho)
    if len(mi) > _SCALAR_PAIRS:
        _vector_hits(out, mi, ki, p0, p1, a, b, rho)
    elif len(mi):
        _scalar_hits(out, mi.tolist(), ki.tolist(), p0.tolist(), p1.tolist(), a.tolist(), b.tolist(), rho.tolist())
    return out


def _vector_hits(out: np.ndarray, mi: np.ndarray, ki: np.ndarray, p0: np.ndarray, p1: np.ndarray, a: np.ndarray,
                 b: np.ndarray, rho: np.ndarray) -> None:
    """:func:`_cap_hits` of the (segment, capsule) pairs ``(mi, ki)`` at once (:func:`_pair_intervals`):
    sets ``out[i]`` where a pair of segment ``i`` hits."""
    lo, hi = _pair_intervals(p0[mi], p1[mi], a[ki], b[ki], rho[ki])
    out[mi[lo < hi]] = True


def _scalar_hits(out: np.ndarray, mi: list[int], ki: list[int], s0: list[Any], s1: list[Any], sa: list[Any], sb: list[Any],
                 sr: list[float]) -> None:
    """:func:`_cap_hits` of a few (segment, capsule) pairs ``(mi, ki)``, one by one in Python floats
    (:func:`_pair_interval`): segment ``i`` from ``s0[i]`` to ``s1[i]``, capsule ``k`` from ``sa[k]``
    to ``sb[k]`` (pairs of floats) with radius ``sr[k]``; sets ``out[i]`` where a pair hits, each
    segment left as soon as one does (np.nonzero lists the pairs segment by segment)."""
    for i, k in zip(mi, ki):
        if not out[i]:
            (x0, y0), (x1, y1), (ax, ay), (bx, by) = s0[i], s1[i], sa[k], sb[k]
            t_in, t_out = _pair_interval(x0, y0, x1, y1, ax, ay, bx, by, sr[k])
            out[i] = t_in < t_out


_SCALAR_PAIRS = 64
"""Up to this many (segment, capsule) pairs :func:`_cap_hits` takes them one by one
(:func:`_pair_interval`): :func:`_pair_intervals`' hundred or so numpy calls cost more than a
few pairs' arithmetic in Python floats."""


def _pair_interval(x0: float, y0: float, x1: float, y1: float, ax: float, ay: float, bx: float, by: float,
                   rho: float) -> tuple[float, float]:
    """One pair of :func:`_pair_intervals` in Python floats: segment (x0, y0)->(x1, y1), capsule
    (a, b, rho); its ``(t_in, t_out)``.

    The same IEEE operations in the same order as the arrays' (numpy's float64 arithmetic and
    square root are Python's), so the same numbers, up to the sign of a zero (min and max of
    equal zeros), which no comparison sees; a point capsule (a base: a = b) has no slab part,
    so its one disc is computed once."""
    dx, dy = x1 - x0, y1 - y0
    dd = dx * dx + dy * dy
    moving = dd > 0
    denom = 2.0 * dd if moving else 1.0
    rx, ry = x0 - ax, y0 - ay
    t_in, t_out = _disc_pair(rx, ry, dx, dy, dd, moving, denom, rho)
    if not t_in < t_out:
        t_in, t_out = _INF, -_INF
    ex, ey = bx - ax, by - ay
    length = math.sqrt(ex * ex + ey * ey)
    if length > 0:
        lo, hi = _disc_pair(x0 - bx, y0 - by, dx, dy, dd, moving, denom, rho)
        if lo < hi:
            t_in, t_out = min(t_in, lo), max(t_out, hi)
        ux, uy = ex / length, ey / length
        u_lo, u_hi = _slab_pair(rx * ux + ry * uy, dx * ux + dy * uy, 0.0, length)
        w_lo, w_hi = _slab_pair(rx * -uy + ry * ux, dx * -uy + dy * ux, -rho, rho)
        lo, hi = max(u_lo, w_lo), min(u_hi, w_hi)
        if lo < hi:
            t_in, t_out = min(t_in, lo), max(t_out, hi)
    return max(t_in, 0.0), min(t_out, 1.0)


def _disc_pair(wx: float, wy: float, dx: float, dy: float, dd: float, moving: bool, denom: float,
               rho: float) -> tuple[float, float]:
    """:func:`_disc_interval` of one pair, in Python floats."""
    bq = 2.0 * (wx * dx + wy * dy)
    cq = (wx * wx + wy * wy) - rho * rho
    disc = bq * bq - 4.0 * dd * cq
    if moving and disc > 0:
        sq = math.sqrt(disc)
        return (-bq - sq) / denom, (-bq + sq) / denom
    return (-_INF, _INF) if (not moving and cq < 0) else (_INF, -_INF)


def _slab_pair(alpha: float, beta: float, lo: float, hi: float) -> tuple[float, float]:
    """:func:`_slab` of one pair, in Python floats (a quotient that overflows is infinite, as numpy's)."""
    if beta != 0:
        t1, t2 = (lo - alpha) / beta, (hi - alpha) / beta
        return min(t1, t2), max(t1, t2)
    return (-_INF, _INF) if lo < alpha < hi else (_INF, -_INF)


def _point_cap_dist(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Distances (M, K) from M points to K segments [a, b]."""
    return _point_seg_dist(p, _segment_frame(a, b))


SegmentFrame = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def _segment_frame(a: np.ndarray, b: np.ndarray) -> SegmentFrame:
    """What :func:`_point_seg_dist` reads of K segments [a, b] (a space builds it once for its capsules)."""
    ax, ay = a[None, :, 0], a[None, :, 1]
    vx, vy = b[None, :, 0] - ax, b[None, :, 1] - ay
    vv = vx * vx + vy * vy
    long = vv > 0
    return ax, ay, vx, vy, long, np.where(long, vv, 1.0)


def _point_seg_dist(p: np.ndarray, frame: SegmentFrame) -> np.ndarray:
    """Distances (M, K) from M points to the K segments of ``frame`` (:func:`_segment_frame`)."""
    ax, ay, vx, vy, long, safe = frame
    if ax.shape[1] == 0:
        return np.zeros((len(p), 0))
    # x and y apart: the same arithmetic as the vector form, without (M, K, 2) temporaries
    # (minimum/maximum clip as np.clip does, in a fraction of its time on small arrays)
    px, py = p[:, 0:1], p[:, 1:2]
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(long, ((px - ax) * vx + (py - ay) * vy) / safe, 0.0)
    return _dist_at(px, py, ax, ay, vx, vy, np.minimum(np.maximum(t, 0.0), 1.0))


def _point_seg_dist_full(p: np.ndarray, ax: np.ndarray, ay: np.ndarray, vx: np.ndarray, vy: np.ndarray, safe: np.ndarray,
                         zero: np.ndarray, one: np.ndarray) -> np.ndarray:
    """:func:`_point_seg_dist` of M points and K segments that each have some length or are a point
    (``a = b``: ``v`` 0, ``safe`` 1), with ``v``, ``safe`` and the clip bounds 0 and 1 given as
    full (M, K) arrays (``ax``, ``ay``: (1, K)), element by element the same numbers.

    A numpy call on arrays of one shape costs a third of one that broadcasts, or takes a Python
    scalar, and the arrays are small: the same arithmetic in the same order, with fewer of those.
    Without ``np.where``: a segment of some length is its own quotient there, and a point's
    quotient ``(w . 0) / 1`` is a zero (of either sign), which clips to a zero and adds nothing to
    ``a``: the same differences, and distances, as the 0 the selection puts there."""
    px, py = p[:, 0:1], p[:, 1:2]
    with np.errstate(divide="ignore", invalid="ignore"):
        t = ((px - ax) * vx + (py - ay) * vy) / safe
    return _dist_at(px, py, ax, ay, vx, vy, np.minimum(np.maximum(t, zero, out=t), one, out=t))


def _dist_at(px: np.ndarray, py: np.ndarray, ax: np.ndarray, ay: np.ndarray, vx: np.ndarray, vy: np.ndarray,
             t: np.ndarray) -> np.ndarray:
    """Distances from the points ``(px, py)`` to the points ``a + t v`` of the segments (``t`` clipped
    to [0, 1]): the part :func:`_point_seg_dist` and :func:`_point_seg_dist_full` share."""
    dx = px - (ax + t * vx)
    dy = py - (ay + t * vy)
    dist: np.ndarray = np.sqrt(dx * dx + dy * dy)
    return dist


def _union_measure(intervals: list[tuple[float, float]]) -> tuple[float, list[tuple[float, float]]]:
    """Measure of a union of intervals, and the merged intervals (sorted)."""
    merged: list[tuple[float, float]] = []
    for lo, hi in sorted(intervals):
        if merged and lo <= merged[-1][1]:
            if hi > merged[-1][1]:
                merged[-1] = (merged[-1][0], hi)
        else:
            merged.append((lo, hi))
    return sum(hi - lo for lo, hi in merged), merged
