"""Pricing outline and mesh points by clear straight legs from reached predecessors (issue 42).

Shared by the reach region's difficult-ground stars (:func:`~.reach._boundary_stars`) and its
whole-area and partial proofs (:func:`~.proofs._proved_triangles`): each point is priced by its
cheapest clear leg among its best :data:`_LEGS_PER_POINT` by the lower bound (R-MOVE, RUL-17).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from .result import _INF
from .space import Space

_PAIR_BLOCK = 2_000_000
"""The most (predecessor, outline point) pairs of :func:`_boundary_stars` held at once."""
_LEGS_PER_POINT = 124
"""The most legs priced for one outline point of :func:`_boundary_stars`: those of the lowest
lower bounds (rounds of 4, 8, 16, 32 and 64). Every leg priced is a real path, so a point left
dearer than its cheapest leg makes the region smaller, never larger; the bound is what keeps a
crowded table's tens of thousands of graph nodes from being tried against every point."""
_RANK_SLACK = 1e-9
"""Relative and absolute slack of :func:`_may_rank`'s bounds, far above their rounding."""


def _may_rank(P: np.ndarray, G: np.ndarray, outward: np.ndarray, nearest: np.ndarray, Xr: np.ndarray,
              budget: float) -> np.ndarray:
    """Which predecessors ``P`` (costs ``G``, ways ``outward`` of their circle, ``nearest`` the least
    bound ``G + |P - x|`` over the box of the run ``Xr``) may be among some run point's best
    :data:`_LEGS_PER_POINT` legs of :func:`_price_legs` (by the lower bound, among its legal legs).

    A predecessor legal for every point of the run's box (the way out of its circle faces the whole
    box, its dearest bound over the box under ``budget``) gives every point a legal leg no dearer
    than that dearest bound; so each point's :data:`_LEGS_PER_POINT`-th best bound is at most the
    :data:`_LEGS_PER_POINT`-th least of those dearest bounds, ``T``, and a predecessor whose least
    bound over the box exceeds ``T`` is no point's candidate. Leaving it out changes no candidate,
    no rank (the others keep their order, ties included) and so no price: of the 60,000 reached
    nodes a run of the well's outline in ``scenes/table.yaml`` is tried against at 37.5 cm, a few
    hundred stay (issue 42)."""
    keep = np.ones(len(P), dtype=bool)
    if len(P) <= _LEGS_PER_POINT:
        return keep
    lo, hi = Xr.min(axis=0), Xr.max(axis=0)
    far = np.maximum(np.abs(P - lo), np.abs(P - hi))
    dearest = (G + np.hypot(far[:, 0], far[:, 1])) * (1.0 + _RANK_SLACK) + _RANK_SLACK
    corners = np.array([[lo[0], lo[1]], [hi[0], lo[1]], [lo[0], hi[1]], [hi[0], hi[1]]])
    # the way out faces every corner, so every point of the box (a linear test), with a margin
    faces = (((corners[None, :, :] - P[:, None, :]) * outward[:, None, :]).sum(axis=2) >= _RANK_SLACK).all(axis=1)
    faces |= ~outward.any(axis=1)  # no way out refused: legal wherever the bound is under the budget
    sure = dearest[faces & (dearest < budget)]
    if len(sure) < _LEGS_PER_POINT:
        return keep
    ceiling = np.partition(sure, _LEGS_PER_POINT - 1)[_LEGS_PER_POINT - 1]
    keep &= nearest * (1.0 - _RANK_SLACK) - _RANK_SLACK <= ceiling
    return keep


def _price_legs(space: Space, P: np.ndarray, G: np.ndarray, outward: np.ndarray, X: np.ndarray, first_point: int,
                points: int, budget: float, cost: np.ndarray,
                leg_cost: Callable[[np.ndarray, np.ndarray], np.ndarray] | None = None,
                ranks: tuple[int, int] = (0, _LEGS_PER_POINT)) -> int:
    """:func:`_boundary_stars`' pricing of the outline points ``X[first_point:first_point + points]``
    from the predecessors ``P`` (costs ``G``, ``outward`` the way out of their circle): lowers
    ``cost`` of each point to its cheapest clear leg among the best :data:`_LEGS_PER_POINT` by
    the lower bound. A leg is priced by ``leg_cost`` (exactly, :meth:`Space.segment_costs`, by
    default). ``ranks``: only the legs of those ranks among the best (from the first, up to the
    second, excluded), ``cost`` holding the prices of the legs before them when the first is not 0.
    Returns the number of legs priced (the reach region's work count, :class:`~.work.Work`)."""
    price = space.segment_costs if leg_cost is None else leg_cost
    block = max(1, _PAIR_BLOCK // len(P))
    # Predecessors with no way out refused (the start, free points; every pivot of a proof) pass
    # the direction test whatever the point (0 >= -1e-9 ...): it is worked out only for the others.
    directed = np.nonzero(outward.any(axis=1))[0]
    priced = 0
    for lo in range(first_point, first_point + points, block):
        Xb = X[lo:min(lo + block, first_point + points)]
        bound = G[:, None] + np.hypot(P[:, None, 0] - Xb[None, :, 0], P[:, None, 1] - Xb[None, :, 1])
        legal = bound < budget
        if len(directed):
            Pd, Od = P[directed], outward[directed]
            towards = ((Xb[None, :, 0] - Pd[:, None, 0]) * Od[:, None, 0] + (Xb[None, :, 1] - Pd[:, None, 1]) * Od[:, None, 1])
            legal[directed] &= towards >= -1e-9 * np.maximum(1.0, bound[directed])
        if len(P) > _LEGS_PER_POINT:
            # Only a point's best legs by the bound are ever priced: keep the pairs at or below its
            # _LEGS_PER_POINT-th bound (every tie with it too, so the ranks below are those of all
            # the pairs), found by a partial sort of each column instead of sorting them all.
            # (partitioned along the rows of its contiguous transpose: the same k-th values, a
            # third of the time of partitioning the strided columns for 60,000 predecessors)
            lbm = np.where(legal, bound, _INF)
            kth = np.partition(np.ascontiguousarray(lbm.T), _LEGS_PER_POINT - 1, axis=1)[:, _LEGS_PER_POINT - 1]
            legal &= lbm <= kth[None, :]
        pi, xi = np.nonzero(legal)
        if not len(pi):
            continue
        lb = bound[pi, xi]
        order = np.lexsort((lb, xi))  # by point, then by bound
        pi, xi, lb = pi[order], xi[order] + lo, lb[order]
        rank = np.arange(len(xi)) - np.searchsorted(xi, xi)  # the leg's rank among its point's legs
        first, width, deepest = ranks[0], max(4, ranks[0]), min(int(rank.max()), ranks[1] - 1)
        while first <= deepest:
            chosen = np.nonzero((rank >= first) & (rank < first + width) & (lb < cost[xi]))[0]
            priced += len(chosen)
            for chunk in np.array_split(chosen, max(1, len(chosen) // 20000 + 1)):
                if not len(chunk):
                    continue
                a, b = P[pi[chunk]], X[xi[chunk]]
                c = np.where(space.segments_clear(a, b), G[pi[chunk]] + price(a, b), _INF)
                np.minimum.at(cost, xi[chunk], c)
            first += width
            width *= 2
    return priced
