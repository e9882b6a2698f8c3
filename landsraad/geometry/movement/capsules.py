"""The exact kernel: the swept capsule of a sliding base against circles and segments (R-MOVE, RUL-17)."""

from __future__ import annotations

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
    t1 = (lo - alpha) / safe
    t2 = (hi - alpha) / safe
    inside = (alpha > lo) & (alpha < hi)
    t_lo = np.where(moving, np.minimum(t1, t2), np.where(inside, -_INF, _INF))
    t_hi = np.where(moving, np.maximum(t1, t2), np.where(inside, _INF, -_INF))
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
    t0 = (-bq - sq) / denom
    t1 = (-bq + sq) / denom
    inside_still = (~moving) & (cq < 0)
    t0 = np.where(ok, t0, np.where(inside_still, -_INF, _INF))
    t1 = np.where(ok, t1, np.where(inside_still, _INF, -_INF))
    return t0, t1


def _pair_intervals(p0: np.ndarray, p1: np.ndarray, a: np.ndarray, b: np.ndarray, rho: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Element-wise core of :func:`_cap_intervals`: arrays of matching leading shape.

    Written on x and y apart: the same arithmetic, element by element, as the vector form
    (dot products ``x0 * y0 + x1 * y1``), in about half the numpy calls, which is what a
    handful of pairs costs."""
    p0x, p0y, ax, ay, bx, by = p0[..., 0], p0[..., 1], a[..., 0], a[..., 1], b[..., 0], b[..., 1]
    dx, dy = p1[..., 0] - p0x, p1[..., 1] - p0y
    dd = dx * dx + dy * dy
    moving = dd > 0
    denom = np.where(moving, 2.0 * dd, 1.0)
    rx, ry = p0x - ax, p0y - ay  # the start from a
    lo1, hi1 = _disc_interval(rx, ry, dx, dy, dd, moving, denom, rho)
    lo2, hi2 = _disc_interval(p0x - bx, p0y - by, dx, dy, dd, moving, denom, rho)
    ex, ey = bx - ax, by - ay
    length = np.sqrt(ex * ex + ey * ey)
    safe = np.where(length > 0, length, 1.0)
    ux, uy = ex / safe, ey / safe
    nx, ny = -uy, ux
    su_lo, su_hi = _slab(rx * ux + ry * uy, dx * ux + dy * uy, 0.0, length)
    sw_lo, sw_hi = _slab(rx * nx + ry * ny, dx * nx + dy * ny, -rho, rho)
    lo3 = np.where(length > 0, np.maximum(su_lo, sw_lo), _INF)
    hi3 = np.where(length > 0, np.minimum(su_hi, sw_hi), -_INF)
    # The capsule is convex: the union of its three parts' intervals is one interval.
    t_in = np.full(lo1.shape, _INF)
    t_out = np.full(lo1.shape, -_INF)
    for lo, hi in ((lo1, hi1), (lo2, hi2), (lo3, hi3)):
        ne = lo < hi
        t_in = np.where(ne, np.minimum(t_in, lo), t_in)
        t_out = np.where(ne, np.maximum(t_out, hi), t_out)
    return np.maximum(t_in, 0.0), np.minimum(t_out, 1.0)


def _cap_intervals(p0: np.ndarray, p1: np.ndarray, a: np.ndarray, b: np.ndarray, rho: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For M segments p0->p1 and K capsules (a, b, rho): the parameter interval (t_in, t_out),
    clipped to [0, 1], where the segment's point is strictly inside the capsule. Arrays (M, K);
    empty where t_in >= t_out. Exact (closed form), up to floating-point rounding.

    Only segment/capsule pairs whose bounding boxes meet are computed."""
    m, k = len(p0), len(a)
    t_in = np.full((m, k), _INF)
    t_out = np.full((m, k), -_INF)
    if m == 0 or k == 0:
        return t_in, t_out
    smin, smax = np.minimum(p0, p1), np.maximum(p0, p1)
    cmin = np.minimum(a, b) - rho[:, None]
    cmax = np.maximum(a, b) + rho[:, None]
    near = ((smin[:, None, 0] <= cmax[None, :, 0]) & (smax[:, None, 0] >= cmin[None, :, 0])
            & (smin[:, None, 1] <= cmax[None, :, 1]) & (smax[:, None, 1] >= cmin[None, :, 1]))
    mi, ki = np.nonzero(near)
    if len(mi):
        lo, hi = _pair_intervals(p0[mi], p1[mi], a[ki], b[ki], rho[ki])
        t_in[mi, ki] = lo
        t_out[mi, ki] = hi
    return t_in, t_out


def _point_cap_dist(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Distances (M, K) from M points to K segments [a, b]."""
    if len(a) == 0:
        return np.zeros((len(p), 0))
    # x and y apart: the same arithmetic as the vector form, without (M, K, 2) temporaries
    px, py = p[:, 0:1], p[:, 1:2]
    ax, ay = a[None, :, 0], a[None, :, 1]
    vx, vy = b[None, :, 0] - ax, b[None, :, 1] - ay
    vv = vx * vx + vy * vy
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(vv > 0, ((px - ax) * vx + (py - ay) * vy) / np.where(vv > 0, vv, 1.0), 0.0)
    t = np.clip(t, 0.0, 1.0)
    dx = px - (ax + t * vx)
    dy = py - (ay + t * vy)
    return np.sqrt(dx ** 2 + dy ** 2)


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
