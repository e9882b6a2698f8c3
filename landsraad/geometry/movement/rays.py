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
