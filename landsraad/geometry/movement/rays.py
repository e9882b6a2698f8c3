"""Budget-limited rays and truncated paths: how far a move gets within an allowance."""

from __future__ import annotations

import math
from typing import Any, Sequence

import numpy as np

from .graph import _dedupe
from .result import ALLOWANCE_SLACK_CM
from .space import Space

# =============================================================================================
# Budget-limited rays and truncated paths
# =============================================================================================


def _limited_fraction(ivs: list[tuple[float, float]], budget_fraction: float = 1.0) -> float:
    """Fraction t of a segment reached when its cost (1 per unit, 2 inside ``ivs``) uses up
    ``budget_fraction`` of the segment's length."""
    cum = 0.0
    pos = 0.0
    for lo, hi in ivs:
        if cum + (lo - pos) >= budget_fraction:
            return pos + (budget_fraction - cum)
        cum += lo - pos
        if cum + 2.0 * (hi - lo) >= budget_fraction:
            return lo + (budget_fraction - cum) / 2.0
        cum += 2.0 * (hi - lo)
        pos = hi
    return pos + (budget_fraction - cum)


def _difficult_box_share(space: Space, p0: np.ndarray, p1: np.ndarray) -> np.ndarray:
    """For each segment p0->p1, the share of it (0 to 1) within the difficult pieces' grown
    bounding boxes (:meth:`Space.near_difficult`'s boxes: the base is over difficult ground only
    there), the boxes' shares summed and capped at 1: the cost of the segment's slide is at most
    its length times one plus this share (RUL-17, difficult terrain counting double)."""
    d = p1 - p0
    inside = np.zeros(len(p0))
    for x0, y0, x1, y1 in space._cache.diff_boxes.tolist():
        lo, hi = np.zeros(len(p0)), np.ones(len(p0))
        for axis, a, b in ((0, x0, x1), (1, y0, y1)):  # Liang-Barsky: the parameters within [a, b]
            with np.errstate(divide="ignore", invalid="ignore"):
                ta, tb = (a - p0[:, axis]) / d[:, axis], (b - p0[:, axis]) / d[:, axis]
            flat = d[:, axis] == 0
            within = (p0[:, axis] >= a) & (p0[:, axis] <= b)
            lo = np.where(flat, np.where(within, lo, 1.0), np.maximum(lo, np.minimum(ta, tb)))
            hi = np.where(flat, np.where(within, hi, 0.0), np.minimum(hi, np.maximum(ta, tb)))
        inside += np.maximum(hi - lo, 0.0)
    share: np.ndarray = np.minimum(inside, 1.0)
    return share


_UNPRICED_SLACK = 1e-9
"""How far below the budget a ray's upper-bound cost up to its obstacle must stay for the ray to
be left unpriced (far above the rounding of the intervals' arithmetic)."""


def _ray_lengths(space: Space, origins: np.ndarray, dirs: np.ndarray, budgets: np.ndarray,
                 with_stop: bool = False) -> Any:
    """How far a base can slide from each origin along each unit direction with each budget:
    stopped by the first obstacle or table edge (touching) or when the cost, difficult
    terrain counting double, uses up the budget. With ``with_stop``, also what stopped it
    (an obstacle's label index, -1 for the table edge, -2 for the budget)."""
    if len(origins) == 0:
        return (np.zeros(0), np.zeros(0, int)) if with_stop else np.zeros(0)
    ends = origins + dirs * budgets[:, None]
    t_hit, who = space.first_hit(origins, ends)
    t = t_hit.copy()
    if space.diff_geom is not None:
        # only a ray whose box comes near a difficult piece can cross it (segment_costs' test)
        near = np.nonzero(space.near_difficult(origins, ends))[0]
        if len(near):
            # A ray whose slide up to its obstacle costs less than its budget even with every
            # part within a difficult box counted double is stopped by the obstacle: the
            # budget's fraction lies past t_hit, so min(t_hit, fraction) is t_hit, and the
            # exact pricing is skipped (most tangent rays of a long reach end at a wall).
            th = t_hit[near]
            hit_at = origins[near] + (ends[near] - origins[near]) * th[:, None]
            most = th * (1.0 + _difficult_box_share(space, origins[near], hit_at))
            near = near[most >= 1.0 - _UNPRICED_SLACK]
        for k, ivs in zip(near.tolist(), space.difficult_intervals(origins[near], ends[near]) if len(near) else []):
            if ivs:
                t[k] = min(t_hit[k], _limited_fraction(ivs))
    lengths = np.maximum(t, 0.0) * budgets
    if with_stop:
        # what stopped it: an obstacle's label index, -1 the table edge, -2 the budget
        return lengths, np.where((who != -2) & (t_hit <= t + 1e-12), who, -2)
    return lengths


def _truncate(space: Space, pts: Sequence[tuple[float, float]], budget: float) -> list[tuple[float, float]]:
    """The beginning of a path that costs ``budget`` (the whole path if it costs less)."""
    out = [pts[0]]
    left = budget
    for p, q in zip(pts[:-1], pts[1:]):
        P, Q = np.asarray([p], dtype=float), np.asarray([q], dtype=float)
        c = float(space.segment_costs(P, Q)[0])
        if c <= left + ALLOWANCE_SLACK_CM:
            out.append(q)
            left -= c
            continue
        length = math.hypot(q[0] - p[0], q[1] - p[1])
        if length > 0 and left > 0:
            t = _limited_fraction(space.difficult_intervals(P, Q)[0], left / length)
            t = min(max(t, 0.0), 1.0)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
        break
    return _dedupe(out)
