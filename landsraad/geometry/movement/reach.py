"""The reach region: every point a model can get to within its allowance, difficult terrain counted double (R-MOVE, RUL-17)."""

from __future__ import annotations

import heapq
import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

import numpy as np
import shapely
import shapely.ops
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from ..board import Board, Point
from .graph import GraphQuery, _arc_costs, _exits, _graph
from .legs import _LEGS_PER_POINT, _may_rank, _price_legs
from .messages import _check_allowance, _check_start, _component, _free_polygon
from .rays import _difficult_box_share, _ray_lengths
from .result import _INF, _TWO_PI
from .space import Space, _convex_corners
from .terrain_space import _mover, _space_cached
from .work import RAY_UNITS, Work

# =============================================================================================
# Reach region
# =============================================================================================

_STAR_RAYS = 720
_SOFT_STAR_RAYS = 90
_OUTLINE_STEP = 0.25
_ARC_STEP = math.radians(2.0)
_BOUNDARY_RAYS = 60_000
"""The most rays of all the stars from difficult outlines together (their bisection stops there)."""


def _stars(space: Space, origins: np.ndarray, budgets: np.ndarray, rays: int,
           extra_angles: np.ndarray | None = None, most_rays: int = 200_000,
           work: Work | None = None) -> list[BaseGeometry]:
    """The budget-limited visibility stars of several points at once: ``rays`` evenly spread
    rays each (plus ``extra_angles`` +- 1e-7 for the first one), then a few rounds bisecting
    the angle between neighbouring rays stopped by different things (an obstacle, another
    obstacle, the budget) or ending far apart, so that the polygon through the ray ends
    follows the corners where the budget runs out against an obstacle. The bisection stops
    once the stars hold ``most_rays`` rays (a bound on the work). ``work``: counts the rays."""
    m = len(origins)
    if m == 0:
        return []
    sid = np.repeat(np.arange(m), rays)
    ang = np.tile(np.linspace(0.0, _TWO_PI, rays, endpoint=False), m)
    if extra_angles is not None and len(extra_angles):
        more = np.mod(np.concatenate([extra_angles - 1e-7, extra_angles + 1e-7]), _TWO_PI)
        sid = np.concatenate([sid, np.zeros(len(more), dtype=int)])
        ang = np.concatenate([ang, more])

    def cast(sid_: np.ndarray, ang_: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if work is not None:
            work.rays(len(sid_))
        dirs = np.stack([np.cos(ang_), np.sin(ang_)], axis=1)
        lengths, stops = _ray_lengths(space, origins[sid_], dirs, budgets[sid_], with_stop=True)
        return origins[sid_] + dirs * lengths[:, None], stops

    ends, stops = cast(sid, ang)
    for _round in range(10):
        order = np.lexsort((ang, sid))
        sid, ang, ends, stops = sid[order], ang[order], ends[order], stops[order]
        n = len(sid)
        same = np.append(sid[1:] == sid[:-1], False)
        first = np.searchsorted(sid, sid)  # index of each star's first ray
        nxt = np.where(same, np.arange(n) + 1, first)
        gap = np.mod(ang[nxt] - ang, _TWO_PI)
        far = np.hypot(*(ends[nxt] - ends).T) > 0.1
        split = ((stops != stops[nxt]) | far) & (gap > 1e-9) & (gap < math.pi)
        if not split.any() or n > most_rays:
            break
        new_sid = sid[split]
        new_ang = np.mod(ang[split] + gap[split] / 2, _TWO_PI)
        e2, s2 = cast(new_sid, new_ang)
        sid = np.concatenate([sid, new_sid])
        ang = np.concatenate([ang, new_ang])
        ends = np.vstack([ends, e2])
        stops = np.concatenate([stops, s2])
    order = np.lexsort((ang, sid))
    sid, ends = sid[order], ends[order]
    bounds = np.searchsorted(sid, np.arange(m + 1))
    # every star's polygon at once: the same rings as one Polygon each, made valid where not
    count = np.diff(bounds)
    spread = np.zeros(m)
    if len(sid):
        np.maximum.at(spread, sid, np.hypot(*(ends - origins[sid]).T))
    kept = np.nonzero((count >= 3) & (spread > 1e-9))[0]
    if not len(kept):
        return []
    rows = np.concatenate([np.arange(bounds[k], bounds[k + 1]) for k in kept])
    polys = shapely.polygons(shapely.linearrings(ends[rows], indices=np.repeat(np.arange(len(kept)), count[kept])))
    bad = ~shapely.is_valid(polys)
    if bad.any():
        polys[bad] = shapely.make_valid(polys[bad])
    out: list[BaseGeometry] = [p for p in polys[shapely.area(polys) > 0]]
    return out


def _star(space: Space, origin: Sequence[float], budget: float, extra_angles: np.ndarray | None = None,
          rays: int = _STAR_RAYS, work: Work | None = None) -> BaseGeometry | None:
    """One budget-limited visibility star (see :func:`_stars`)."""
    out = _stars(space, np.asarray([origin], dtype=float), np.array([float(budget)]), rays, extra_angles, work=work)
    return out[0] if out else None


@dataclass
class _Sweep:
    """One way round one reached circle of :func:`_sweeps`: its samples (angles ``th``, points
    ``q`` on the circle, tangent directions ``t``), the cheapest cost ``g`` at each, whether it
    is ``reach``ed, the arc ``cost`` to the next sample and its angular ``span``, the tangent
    rays' ``ends`` and what ``stops`` them."""

    i: int
    direction: int
    th: np.ndarray
    g: np.ndarray
    reach: np.ndarray
    cost: np.ndarray
    span: np.ndarray
    q: np.ndarray
    t: np.ndarray
    ends: np.ndarray = field(default_factory=lambda: np.zeros((0, 2)))
    stops: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=int))


def _halves(first: np.ndarray, second: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """Rows of ``first`` and ``second`` interleaved (first 0, second 0, first 1, ...), those ``keep`` says."""
    both: np.ndarray = np.stack([first, second], axis=1).reshape(-1, *first.shape[1:])[keep]
    return both


def _refine_sweeps(space: Space, sweeps: list[_Sweep], budget: float, work: Work | None = None) -> None:
    """Add tangent rays half way between neighbouring samples of each sweep whose rays stop for
    different reasons or end far apart (a few rounds), so the ribbon follows the corners. The
    sweeps of every circle are refined together, round by round: the new rays of a round are
    priced and cast in one batch (row by row, the same numbers as sweep by sweep).

    The intervals to refine are rows of arrays (their sweep ``own``, start angle ``a0``, ``span``,
    costs, stops and ray ends at both ends), kept in sweep order and, within a sweep, in the order
    the halving finds them (each interval's first half before its second): the order, and so the
    rays, of the former interval-by-interval loop, without its Python work per interval.
    ``work``: counts the rays."""
    parts = []
    for w, sw in enumerate(sweeps):
        n = len(sw.th)
        nxt = np.roll(np.arange(n), -1)
        link = sw.reach & sw.reach[nxt] & np.isfinite(sw.cost)
        jumpy = (sw.stops != sw.stops[nxt]) | (np.hypot(*(sw.ends[nxt] - sw.ends).T) > 0.1)
        k = np.nonzero(link & jumpy)[0]
        parts.append((np.full(len(k), w), sw.th[k], sw.span[k], sw.g[k], sw.g[nxt[k]], sw.stops[k], sw.stops[nxt[k]],
                      sw.ends[k], sw.ends[nxt[k]]))
    own, a0, span, g_lo, g_hi, s_lo, s_hi, e_lo, e_hi = (np.concatenate([p[c] for p in parts]) for c in range(9))
    own = own.astype(int)
    s_lo, s_hi = s_lo.astype(int), s_hi.astype(int)
    e_lo, e_hi = e_lo.reshape(-1, 2), e_hi.reshape(-1, 2)
    owner_of = np.array([sw.i for sw in sweeps])
    way_of = np.array([sw.direction for sw in sweeps])
    added_own, added_th, added_e = [], [], []
    for _round in range(8):
        if not len(own):
            break
        circle, direction = owner_of[own], way_of[own]
        half = span / 2
        mid = a0 + half
        # coming counter-clockwise: from the start of the interval; clockwise: from its end
        ccw = direction == 1
        gm = np.where(ccw, g_lo, g_hi) + _arc_costs(space, circle, np.where(ccw, a0, mid), half)
        ok = gm < budget
        c = space.circ_c[circle]
        R = space.circ_r[circle]
        qm = c + R[:, None] * np.stack([np.cos(mid), np.sin(mid)], axis=1)
        tm = direction[:, None] * np.stack([-np.sin(mid), np.cos(mid)], axis=1)
        lm = np.zeros(len(mid))
        sm = np.full(len(mid), -2)
        if ok.any():
            lm[ok], sm[ok] = _ray_lengths(space, qm[ok], tm[ok], budget - gm[ok], with_stop=True)
            if work is not None:
                work.rays(int(ok.sum()))
        em = qm + tm * lm[:, None]
        added_own.append(own)
        added_th.append(mid)
        added_e.append(em)
        left = (s_lo != sm) | (np.hypot(*(em - e_lo).T) > 0.1)
        right = (sm != s_hi) | (np.hypot(*(e_hi - em).T) > 0.1)
        # the halves interleaved (first, second of each interval), then the unwanted dropped
        keep = np.stack([left, right], axis=1).ravel()
        own, a0, span = _halves(own, own, keep), _halves(a0, mid, keep), _halves(half, half, keep)
        g_lo, g_hi = _halves(g_lo, gm, keep), _halves(gm, g_hi, keep)
        s_lo, s_hi = _halves(s_lo, sm, keep), _halves(sm, s_hi, keep)
        e_lo, e_hi = _halves(e_lo, em, keep), _halves(em, e_hi, keep)
    if not added_own:
        return
    every_own, every_th, every_e = np.concatenate(added_own), np.concatenate(added_th), np.vstack(added_e)
    for w, sw in enumerate(sweeps):
        mine = every_own == w
        if not mine.any():
            continue
        c = space.circ_c[sw.i]
        R = float(space.circ_r[sw.i])
        at = every_th[mine]
        th2 = np.concatenate([sw.th, at])
        q2 = np.vstack([sw.q, c + R * np.stack([np.cos(at), np.sin(at)], axis=1)])
        e2 = np.vstack([sw.ends, every_e[mine]])
        r2 = np.concatenate([sw.reach, np.ones(len(at), dtype=bool)])
        c2 = np.concatenate([sw.cost, np.zeros(len(at))])  # inside a clear, reached arc
        order = np.argsort(np.mod(th2, _TWO_PI), kind="stable")
        sw.th, sw.q, sw.ends, sw.reach, sw.cost = th2[order], q2[order], e2[order], r2[order], c2[order]


def _sweeps(space: Space, nodes: dict[int, list[tuple[float, float]]], budget: float,
            uncovered: BaseGeometry | None = None, work: Work | None = None) -> list[BaseGeometry]:
    """Where a base gets by following the arc of each reached circle ``i`` of ``nodes`` (its
    reached nodes' angles and costs) and leaving it along the tangent (both ways round).

    Every circle's samples are priced, cast and refined together, a batch a stage (the tangent
    rays of 85 circles in one call instead of 170 and their refinement's 1,300 in 8, issue 42):
    every step is row by row, so each circle gets the numbers it would get alone.

    With ``uncovered`` (the free space the caller's other pieces do not cover, prepared), the
    stretch between two samples is swept only where its ribbon can meet it: see
    :func:`_needed_stretches`.

    ``work``: counts the rays; when the sweeps' first rays (their refinement adds about half
    again) would pass its budget, the sweeps are cast cheapest circle first while they fit, and
    each one left out is recorded as the disc its ribbon lies in (radius: the circle's plus the
    allowance left at its cheapest sample)."""
    grid = np.arange(0.0, _TWO_PI, _ARC_STEP)
    circles = [i for i in nodes if space.circ_r[i] > 0]
    samples = []
    for i in circles:
        arr = np.array(nodes[i])
        th = np.concatenate([grid, arr[:, 0]])
        g0 = np.concatenate([np.full(len(grid), _INF), arr[:, 1]])
        order = np.argsort(th, kind="stable")
        th, g0 = th[order], g0[order]
        nxt0 = np.roll(np.arange(len(th)), -1)
        samples.append((i, th, g0, np.mod(th[nxt0] - th, _TWO_PI)))
    if not samples:
        return []
    every_cost = _arc_costs(space, np.concatenate([np.full(len(th), i) for i, th, _, _ in samples]),
                            np.concatenate([th for _, th, _, _ in samples]),
                            np.concatenate([span for _, _, _, span in samples]))  # arc k -> k+1
    bounds = np.cumsum([0] + [len(th) for _, th, _, _ in samples])
    sweeps: list[_Sweep] = []
    for (i, th, g0, span), lo, hi in zip(samples, bounds[:-1], bounds[1:]):
        cost = every_cost[lo:hi]
        n = len(th)
        c = space.circ_c[i]
        R = float(space.circ_r[i])
        cost_list = cost.tolist()
        for direction in (1, -1):
            # two turns of the cheapest way round, on Python floats (the same IEEE sums as on
            # numpy's, without a numpy scalar per step)
            gl = g0.tolist()
            seq = list(range(n)) * 2 if direction == 1 else list(range(n - 1, -1, -1)) * 2
            for j in seq:
                if direction == 1:
                    k = (j + 1) % n
                    cand = gl[j] + cost_list[j]
                else:
                    k = (j - 1) % n
                    cand = gl[j] + cost_list[k]
                if cand < gl[k]:
                    gl[k] = cand
            g = np.array(gl)
            reach = g < budget
            if not reach.any():
                continue
            q = c + R * np.stack([np.cos(th), np.sin(th)], axis=1)
            t = direction * np.stack([-np.sin(th), np.cos(th)], axis=1)
            kept_cost = cost
            if uncovered is not None:
                reach, kept_cost = _needed_stretches(uncovered, q, t, R, g, reach, cost, span, budget)
                if not reach.any():
                    continue
            sweeps.append(_Sweep(i=i, direction=direction, th=th, g=g, reach=reach, cost=kept_cost, span=span, q=q, t=t))
    if work is not None and sweeps:
        sweeps = _affordable_sweeps(space, sweeps, budget, work)
    if not sweeps:
        return []
    # the tangent rays of every reached sample of every sweep, in one batch
    rows = [np.nonzero(sw.reach)[0] for sw in sweeps]
    lengths, stops = _ray_lengths(space, np.concatenate([sw.q[idx] for sw, idx in zip(sweeps, rows)]),
                                  np.concatenate([sw.t[idx] for sw, idx in zip(sweeps, rows)]),
                                  np.concatenate([budget - sw.g[idx] for sw, idx in zip(sweeps, rows)]), with_stop=True)
    pos = 0
    for sw, idx in zip(sweeps, rows):
        n = len(sw.th)
        length = np.zeros(n)
        stop = np.full(n, -2)
        length[idx], stop[idx] = lengths[pos:pos + len(idx)], stops[pos:pos + len(idx)]
        pos += len(idx)
        sw.ends, sw.stops = sw.q + sw.t * length[:, None], stop
    if work is not None:
        work.rays(len(lengths))
    _refine_sweeps(space, sweeps, budget, work)
    pieces: list[BaseGeometry] = []
    for sw in sweeps:
        q, ends, reach, cost = sw.q, sw.ends, sw.reach, sw.cost
        n = len(sw.th)
        nxt = np.roll(np.arange(n), -1)
        # runs of consecutive reached samples joined by clear arcs: one ribbon polygon each
        # (arc side, then the ray ends back), the union of the quads between rays
        link = reach & reach[nxt] & np.isfinite(cost)
        if link.all():
            link[n - 1] = False  # a full turn: cut it once (the quad dropped is added below)
            pieces.append(Polygon([q[n - 1], ends[n - 1], ends[0], q[0]]))
        starts = np.nonzero(link & ~np.roll(link, 1))[0]
        for k0 in starts:
            run = [int(k0)]
            k = int(k0)
            while link[k]:
                k = int(nxt[k])
                run.append(k)
                if k == k0:
                    break
            ring = np.vstack([q[run], ends[run][::-1]])
            poly: BaseGeometry = Polygon(ring)
            if not poly.is_valid:
                poly = shapely.make_valid(poly)
            if poly.area > 0:
                pieces.append(poly)
    return pieces


def _affordable_sweeps(space: Space, sweeps: list[_Sweep], budget: float, work: Work) -> list[_Sweep]:
    """The sweeps of :func:`_sweeps` its ``work`` budget affords, cheapest circle first (its
    ribbons reach farthest), each left out recorded as its ribbon's disc (see :func:`_sweeps`)."""
    rays = np.array([int(sw.reach.sum()) for sw in sweeps])
    if rays.sum() * _REFINED_SHARE * RAY_UNITS <= work.left:
        return sweeps
    least = np.array([float(sw.g[sw.reach].min()) for sw in sweeps])
    order = np.argsort(least, kind="stable")
    fits = np.cumsum(rays[order]) * _REFINED_SHARE * RAY_UNITS <= work.left
    kept, dropped = order[fits], order[~fits]
    work.skip_discs(space.circ_c[[sweeps[k].i for k in dropped]],
                    space.circ_r[[sweeps[k].i for k in dropped]] + budget - least[dropped])
    return [sweeps[k] for k in sorted(kept.tolist())]


_REFINED_SHARE = 1.5
"""A sweep's rays with their refinement's, against its first rays (for :func:`_affordable_sweeps`)."""


def _needed_stretches(uncovered: BaseGeometry, q: np.ndarray, t: np.ndarray, R: float, g: np.ndarray, reach: np.ndarray,
                      cost: np.ndarray, span: np.ndarray, budget: float) -> tuple[np.ndarray, np.ndarray]:
    """The samples of one sweep (:func:`_sweeps`: points ``q`` on a circle of radius ``R``,
    tangents ``t``, costs ``g``, ``reach``ed, arc ``cost`` and ``span`` to the next) still to be
    cast, and the arc costs with the stretches not to be swept set to infinity (which unlinks
    them).

    A stretch between samples k and k + 1 sweeps tangent rays from the arc between them, each no
    longer than L = budget - min(g_k, g_k+1) (the cost along the arc only rises from the sample
    it comes from). A point at distance s along the ray at angle theta of that arc lies within
    (R + s) |theta - theta_k| <= (R + L) span_k of the point at distance s along sample k's
    ray, and so does every point of the ribbon's quads and of the rays its refinement adds
    (convex combinations of such points; the distance to a segment is convex). So when the
    segment from q_k, L long along t_k, stays farther than (R + L) span_k from ``uncovered``,
    everything the stretch could add lies where other pieces already cover the free space or
    outside it, and the region (clipped to the free space) is the same set without it. Exact:
    a sufficient test, never a guess."""
    n = len(q)
    nxt = np.roll(np.arange(n), -1)
    stretch = np.nonzero(reach & reach[nxt] & np.isfinite(cost))[0]
    if not len(stretch):
        return reach & False, cost
    length = np.maximum(budget - np.minimum(g[stretch], g[nxt[stretch]]), 0.0)
    rays = shapely.linestrings(np.stack([q[stretch], q[stretch] + t[stretch] * length[:, None]], axis=1))
    need = _within(uncovered, rays, (R + length) * span[stretch] + _COVER_SLACK_CM)
    kept_cost = cost.copy()
    kept_cost[stretch[~need]] = _INF
    used = np.zeros(n, dtype=bool)
    used[stretch[need]] = True
    used[nxt[stretch[need]]] = True
    return reach & used, kept_cost


def _within(area: BaseGeometry, geoms: Any, distances: np.ndarray) -> np.ndarray:
    """Which of ``geoms`` come within its own distance of ``area`` (``shapely.dwithin``, whose
    distance broadcasts as an array although its stubs say a float)."""
    dwithin: Any = shapely.dwithin
    found: np.ndarray = np.asarray(dwithin(area, geoms, distances), dtype=bool)
    return found


_COVER_SLACK_CM = 1e-6
"""Added to the distances of :func:`_needed_stretches` and :func:`_boundary_stars`' test, far
above their rounding."""


def _difficult_outline(space: Space, step: float) -> np.ndarray:
    """Points every ``step`` cm along the outline of where the base starts being over
    difficult terrain: the pieces' edges offset by r and the arcs round their convex corners."""
    cached = space._cache.outline_points.get(step)
    if cached is not None:
        return cached
    pts = []
    for e0, e1 in space._cache.offset_edges:
        n = max(2, int(math.ceil(math.hypot(*(e1 - e0)) / step)) + 1)
        pts.append(e0 + np.linspace(0.0, 1.0, n)[:, None] * (e1 - e0))
    for ring in space._cache.diff_rings:
        prev, nxt = np.roll(ring, 1, axis=0), np.roll(ring, -1, axis=0)
        for v, p0, p1 in zip(ring[_convex_corners(ring)], prev[_convex_corners(ring)], nxt[_convex_corners(ring)]):
            a0 = math.atan2(-(v - p0)[0], (v - p0)[1])  # outward normals of the two edges (ccw ring)
            a1 = math.atan2(-(p1 - v)[0], (p1 - v)[1])
            span = (a1 - a0) % _TWO_PI
            n = max(2, int(math.ceil(span * space.r / step)) + 1)
            ang = a0 + np.linspace(0.0, span, n)
            pts.append(v + space.r * np.stack([np.cos(ang), np.sin(ang)], axis=1))
    out = np.vstack(pts) if pts else np.zeros((0, 2))
    out = out[space.points_free(out)] if len(out) else out
    space._cache.outline_points[step] = out
    return out


def _boundary_stars(space: Space, q: GraphQuery, dist: dict[int, float], start: Point, budget: float,
                    uncovered: BaseGeometry | None = None, work: Work | None = None) -> list[BaseGeometry]:
    """Stars from points along the difficult outlines: a cheapest path may bend there
    (refraction). Each point is priced by its cheapest clear straight leg from the start or
    a reached node of the graph.

    With ``uncovered`` (the free space the caller's other pieces do not cover, prepared), a
    point's star is cast only when the disc it lies in (radius: the allowance left past the
    point, at most the allowance less its distance from the start) comes near it: a star
    elsewhere adds nothing to the region clipped to the free space.

    ``work``: counts the legs priced and the rays. Once its budget is used up, the runs not yet priced are
    recorded as discs (radius: the allowance less the straight distance from the start, a lower
    bound of any way there), and the stars not cast (those with the least allowance left are
    dropped first) as their discs."""
    S = np.asarray(start, dtype=float)
    if not _difficult_within(space, S, budget):
        return []
    X = _difficult_outline(space, _OUTLINE_STEP)
    if len(X) == 0:
        return []
    X = X[np.hypot(*(X - S).T) < budget]
    if uncovered is not None and len(X):
        X = X[_within(uncovered, shapely.points(X), budget - np.hypot(*(X - S).T) + _COVER_SLACK_CM)]
    if len(X) == 0:
        return []
    nodes = [(n, g) for n, g in dist.items() if g < budget]
    P = np.array([q.point(n) for n, _ in nodes]).reshape(-1, 2)
    G = np.array([g for _, g in nodes])
    circle = np.array([q.circle_of(n) for n, _ in nodes], dtype=int)
    # A leg that leaves a node's circle towards its inside crosses that obstacle: never clear.
    centre = np.where((circle >= 0)[:, None], space.circ_c[np.maximum(circle, 0)], P)
    outward = P - centre  # zero for the start and other free points: no direction is refused
    cost = np.full(len(X), _INF)
    if len(P) == 0:
        return []
    # Each outline point's cheapest leg, best first: a leg costs at least its predecessor's cost
    # plus its length (the lower bound ``lb``), so the legs are priced in rounds of rising rank
    # by that bound, and a leg whose bound is no better than the point's best price so far is
    # never priced: the same minimum as pricing them all, found by pricing a few per point (all
    # of them, 100,000s of legs near a difficult well, took 26 s of a 35 s reach, issue 42).
    # The (predecessor, point) pairs are built for blocks of points, so the arrays stay bounded.
    # The points go in runs along the outline, each run against the predecessors that can reach
    # its bounding box within the allowance (the bound through the box's nearest point is no
    # more than through any of its points): of 68,000 reached nodes at 40 cm beside the well of
    # scenes/table.yaml, most lie too far, or too dear, for any leg (issue 42). A predecessor is
    # kept at a hair above the bound, so every pair the bound test keeps is among those tried.
    priced = len(X)
    for run in range(0, len(X), _OUTLINE_RUN):
        if work is not None and work.spent:
            priced = run
            work.skip_discs(X[run:], budget - np.hypot(*(X[run:] - S).T))
            break
        Xr = X[run:run + _OUTLINE_RUN]
        gap = np.maximum(np.maximum(Xr.min(axis=0) - P, P - Xr.max(axis=0)), 0.0)
        nearest = G + np.hypot(gap[:, 0], gap[:, 1])
        near = np.nonzero(nearest < budget + 1e-9 * max(1.0, budget))[0]
        near = near[_may_rank(P[near], G[near], outward[near], nearest[near], Xr, budget)]
        if len(near):
            legs = _price_legs(space, P[near], G[near], outward[near], X, run, len(Xr), budget, cost)
            if work is not None:
                work.legs(legs)
    X, cost = X[:priced], cost[:priced]
    keep = cost < budget
    if uncovered is not None and keep.any():
        keep[keep] = _within(uncovered, shapely.points(X[keep]), budget - cost[keep] + _COVER_SLACK_CM)
    most_rays = _BOUNDARY_RAYS
    if work is not None and work.bounded:
        # each star's first rays and about twice as many again from its bisection
        each = _SOFT_STAR_RAYS * RAY_UNITS * _STAR_GROWTH
        if keep.sum() * each > work.left:
            idx = np.nonzero(keep)[0]
            idx = idx[np.argsort(cost[idx], kind="stable")]  # the most allowance left first
            fits = int(work.left // each)
            work.skip_discs(X[idx[fits:]], budget - cost[idx[fits:]])
            keep[idx[fits:]] = False
        most_rays = min(most_rays, int(keep.sum()) * _SOFT_STAR_RAYS * _STAR_GROWTH)
    return _stars(space, X[keep], budget - cost[keep], _SOFT_STAR_RAYS, most_rays=most_rays, work=work)


def _difficult_within(space: Space, start: np.ndarray, budget: float) -> bool:
    """Whether some difficult piece's grown bounding box (grown by more than the base's radius, so
    holding every point of :func:`_difficult_outline`) comes nearer than ``budget`` to ``start``:
    when none does, no outline point is within the allowance and :func:`_boundary_stars` has
    nothing to cast, and the outline need not be built (a short charge far from the well of
    ``scenes/table.yaml``, each drag step of the threat map, issue 39)."""
    boxes = space._cache.diff_boxes
    if not len(boxes):
        return False
    gap = np.maximum(np.maximum(boxes[:, :2] - start, start - boxes[:, 2:]), 0.0)
    return bool((np.hypot(gap[:, 0], gap[:, 1]) < budget).any())


_STAR_GROWTH = 3
"""A star from a difficult outline with its bisection's rays, against its first rays (on a bound of work)."""
_OUTLINE_RUN = 32
"""Outline points of :func:`_boundary_stars` priced together against the predecessors near their run."""
_MESH_EDGE_CM = 4.0


@dataclass(frozen=True)
class _Mesh:
    """A triangle mesh of a free component (see :func:`_mesh_distances`): ``points`` (V, 2),
    ``triangles`` (T, 3) corner indices, ``edges`` (E, 2) and their ``length`` as priced (twice
    near difficult ground), ``doubled`` (T,) the triangles near difficult ground, and ``legs``,
    the start's straight legs to the corners of the triangles it lies in (their prices)."""

    points: np.ndarray
    triangles: np.ndarray
    edges: np.ndarray
    length: np.ndarray
    doubled: np.ndarray
    legs: dict[int, float]


def _mesh_distances(space: Space, component: BaseGeometry, start: Point
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """A triangle mesh of ``component`` (triangles no longer than ``_MESH_EDGE_CM`` a side)
    and, for each of its corners, the cost of a path from ``start`` along the mesh's edges.

    Every triangle lies inside the component and is convex, so each of its edges and each
    segment from a corner to a point of it is a legal slide; an edge is priced at twice its
    length when the base could touch difficult terrain anywhere along it (RUL-17), else at its
    length. The costs are therefore costs of real paths: upper bounds of the cheapest.

    Returns
    -------
    (points, triangles, costs, doubled) or None
        ``points`` (V, 2) the corners, ``triangles`` (T, 3) corner indices, ``costs`` (V,) mesh path costs (inf where the
        mesh does not connect), ``doubled`` (T,) whether a triangle touches difficult terrain;
        None when the start lies in no triangle.
    """
    mesh = _mesh(space, component, start)
    if mesh is None:
        return None
    costs = _dijkstra(len(mesh.points), mesh.edges, mesh.length, mesh.legs)
    return mesh.points, mesh.triangles, costs, mesh.doubled


def _mesh(space: Space, component: BaseGeometry, start: Point) -> _Mesh | None:
    """The triangle mesh of :func:`_mesh_distances`, before its Dijkstra (None when the start
    lies in no triangle)."""
    tri = shapely.get_coordinates(shapely.get_parts(shapely.constrained_delaunay_triangles(component)))
    corners = tri.reshape(-1, 4, 2)[:, :3]
    while True:  # halve the longest side until none is longer than the mesh step
        sides = np.stack([np.hypot(*(corners[:, (k + 1) % 3] - corners[:, k]).T) for k in range(3)], 1)
        big = sides.max(axis=1) > _MESH_EDGE_CM
        if not big.any():
            break
        # rotate each big triangle so that its longest side runs from corner 0 to corner 1
        shift = sides[big].argmax(axis=1)
        rolled = corners[big][np.arange(big.sum())[:, None], (shift[:, None] + np.arange(3)) % 3]
        a, b, c = rolled[:, 0], rolled[:, 1], rolled[:, 2]
        m = (a + b) / 2
        corners = np.concatenate([corners[~big], np.stack([a, m, c], 1), np.stack([m, b, c], 1)])
    flat = np.ascontiguousarray(corners.reshape(-1, 2)).view(np.complex128).ravel()  # one number a point
    unique, index = np.unique(flat, return_inverse=True)
    points = np.stack([unique.real, unique.imag], 1)
    triangles = index.reshape(-1, 3)
    edges = np.unique(np.sort(np.concatenate([triangles[:, [0, 1]], triangles[:, [1, 2]], triangles[:, [2, 0]]]),
                              axis=1), axis=0)
    length = np.hypot(*(points[edges[:, 1]] - points[edges[:, 0]]).T)
    doubled = np.zeros(len(triangles), dtype=bool)
    if space.diff_geom is not None:
        reach_of_difficult = space.diff_geom.buffer(space.r + 0.01)  # past the buffer's chords
        shapely.prepare(reach_of_difficult)
        lines = shapely.linestrings(np.stack([points[edges[:, 0]], points[edges[:, 1]]], 1))
        length = np.where(shapely.intersects(reach_of_difficult, lines), 2.0 * length, length)
        doubled = np.asarray(shapely.intersects(reach_of_difficult, shapely.polygons(points[triangles])))
    # the start's own triangles: those it lies in or on (barycentric, with a hair of slack)
    a, b, c = (points[triangles[:, k]] for k in range(3))
    s = np.asarray(start, dtype=float)

    def cross(u: np.ndarray, v: np.ndarray, w: np.ndarray) -> np.ndarray:
        z: np.ndarray = (v[:, 0] - u[:, 0]) * (w[:, 1] - u[:, 1]) - (v[:, 1] - u[:, 1]) * (w[:, 0] - u[:, 0])
        return z

    area = cross(a, b, c)
    sb = np.broadcast_to(s, a.shape)
    signs = np.stack([cross(a, b, sb), cross(b, c, sb), cross(c, a, sb)], 1) * np.sign(area)[:, None]
    home = np.nonzero((signs >= -1e-9 * np.abs(area)[:, None]).all(axis=1))[0]
    if len(home) == 0:
        return None
    # Dijkstra over the mesh's edges, from the start joined to its triangles' corners by
    # straight legs priced at twice their length
    legs = {v: 2.0 * float(np.hypot(*(points[v] - s))) for v in np.unique(triangles[home]).tolist()}
    return _Mesh(points, triangles, edges, length, doubled, legs)


def _dijkstra(n: int, edges: np.ndarray, length: np.ndarray, sources: dict[int, float]) -> np.ndarray:
    """The cheapest cost from a virtual source to each of ``n`` mesh points (``inf`` when not
    reached): ``edges`` (k x 2 point indices) priced ``length`` both ways, the source joined to
    the points of ``sources`` at the given prices. A heap over adjacency lists: the mesh has a
    few hundred points, too few to pay for a graph library's start-up."""
    nbrs: list[list[tuple[int, float]]] = [[] for _ in range(n)]
    for u, v, w in zip(edges[:, 0].tolist(), edges[:, 1].tolist(), length.tolist()):
        nbrs[u].append((v, w))
        nbrs[v].append((u, w))
    best = [_INF] * n
    heap = [(g, v) for v, g in sources.items()]
    for g, v in heap:
        best[v] = min(best[v], g)
    heapq.heapify(heap)
    done = [False] * n
    while heap:
        g, u = heapq.heappop(heap)
        if done[u] or g > best[u]:
            continue
        done[u] = True
        for v, w in nbrs[u]:
            if g + w < best[v]:
                best[v] = g + w
                heapq.heappush(heap, (g + w, v))
    return np.asarray(best, dtype=float)


def _whole_reach_bound(space: Space, component: BaseGeometry, start: Point) -> float:
    """An allowance past which every point of ``component`` (the start's part of the free
    space) is reachable: the dearest triangle of :func:`_mesh_distances`, each priced from its
    cheapest corner plus (twice, near difficult terrain) the farthest of its other corners.

    Sound because the costs are those of real paths (see :func:`_mesh_distances`); the mesh
    follows the component's outline, which lies within 0.0002 cm of the true free space, and
    0.001 cm is added for it. Infinite when the mesh cannot place the start.
    """
    mesh = _mesh_distances(space, component, start)
    if mesh is None:
        return _INF
    points, triangles, costs, doubled = mesh
    return float(_triangle_bounds(points[triangles], costs[triangles], doubled).max()) + _OUTLINE_SLACK_CM


_OUTLINE_SLACK_CM = 0.001
"""Added to a mesh bound for the component's outline, within 0.0002 cm of the true free space."""


def _triangle_bounds(corners: np.ndarray, costs: np.ndarray, doubled: np.ndarray) -> np.ndarray:
    """For triangles (``corners`` (T, 3, 2), their ``costs`` (T, 3) upper bounds, ``doubled``
    (T,) near difficult ground): a cost no point of each triangle exceeds, its cheapest corner's
    way in, each corner's cost plus (twice near difficult ground) its distance to the farther
    other corner (a triangle is convex: the leg from a corner to any of its points is a slide).

    >>> tri = np.array([[[0.0, 0.0], [3.0, 0.0], [0.0, 4.0]]])
    >>> _triangle_bounds(tri, np.array([[10.0, 12.0, 20.0]]), np.array([False])).tolist()
    [14.0]
    """
    side = np.hypot(*(corners - np.roll(corners, -1, axis=1)).transpose(2, 0, 1))  # side k: corner k to k+1
    farthest = np.maximum(side, np.roll(side, 1, axis=1))  # from corner k to the farther other corner
    bounds: np.ndarray = (costs + np.where(doubled, 2.0, 1.0)[:, None] * farthest).min(axis=1)
    return bounds


_PROOF_SHARE = 0.75
"""From this share of the distance to the start's component's farthest corner, :func:`reach_region`
first proves what it can of the component reached (:func:`_proved_triangles`)."""
_PARTIAL_LEVELS = 2
"""Refinements of that partial proof (a 4 cm triangle down to 0.25 cm)."""
_PROOF_CHUNK = 2_048
"""Points a partial proof on a bound of work prices between looks at the work spent."""
_PROOF_WORK_SHARE = 0.6
"""The share of a bound of work the partial proof may spend: the rest is the sweeps' and stars'."""
_PIVOT_SIDES = 16
"""Pivots round each circle of the tangent graph (:func:`_pivot_costs`)."""
_MOST_PIVOTS = 1_500
"""Past this many pivots (a crowded scene) the refined whole-area test is not tried."""
_REFINE_LEVELS = 8
"""The most times a triangle of :func:`_whole_area_reached` is split in four."""
_MOST_REFINED = 60_000
"""The most triangles one refinement level of :func:`_whole_area_reached` may hold."""


def _cost_above(space: Space, p0: np.ndarray, p1: np.ndarray) -> np.ndarray:
    """An upper bound of each segment's cost (RUL-17), cheap: its length, plus the length of
    its part within each difficult piece's grown bounding box (:meth:`Space.near_difficult`'s
    boxes: the base is over difficult ground only there), at most twice its length.

    >>> from landsraad.geometry.board import Base, Board, TerrainPiece
    >>> from landsraad.geometry.movement.terrain_space import _space
    >>> mud = TerrainPiece("mud", ((20, 0), (30, 0), (30, 60), (20, 60)), movement="difficult")
    >>> space = _space(Board(bases=(Base("a", 5, 30, 30),), terrain=(mud,)), "a", ())
    >>> ends = np.array([[45.0, 30.0], [5.0, 50.0]])
    >>> [round(float(c), 3) for c in _cost_above(space, np.array([[5.0, 30.0], [5.0, 5.0]]), ends)]
    [53.0, 45.0]
    """
    length: np.ndarray = np.hypot(*(p1 - p0).T)
    if space.diff_geom is None or len(p0) == 0:
        return length
    inside = _difficult_box_share(space, p0, p1)
    above: np.ndarray = length * (1.0 + inside)
    return above


def _pivot_costs(space: Space, start: Point, soft: bool = True) -> tuple[np.ndarray, np.ndarray] | None:
    """The start and points just outside each circle the shortest paths wrap round (the corners
    of its circumscribed 16-gon pushed out by 0.01 cm, so that the chord between neighbours
    clears the circle), with the cost of the cheapest path from the start to each through the
    others by clear straight slides priced exactly (difficult ground double, RUL-17): a dense
    Dijkstra, ``inf``
    where no such path exists. Real paths: upper bounds of the cheapest. None past
    :data:`_MOST_PIVOTS` pivots.

    >>> from landsraad.geometry.board import Base, Board
    >>> from landsraad.geometry.movement.terrain_space import _space
    >>> board = Board(bases=(Base("a", 10, 10, 30), Base("b", 30, 10, 30)))
    >>> points, costs = _pivot_costs(_space(board, "a", ()), (10.0, 10.0))
    >>> len(points), float(costs[0]), bool(np.isfinite(costs).all())
    (17, 0.0, True)
    """
    s = np.asarray(start, dtype=float)
    c, radius = space.circ_c, space.circ_r
    parts = []
    # an obstacle's circle: 16 pivots round it; a difficult corner's, 4 (paths skirting it)
    for keep, sides in (((radius > 0) & ~space.circ_soft, _PIVOT_SIDES), ((radius > 0) & space.circ_soft & soft, 4)):
        angles = np.arange(sides) * (_TWO_PI / sides)
        out = radius[keep] / math.cos(math.pi / sides) + 0.01
        parts.append((c[keep][:, None, :] + out[:, None, None] * np.stack([np.cos(angles), np.sin(angles)], 1)[None]).reshape(-1, 2))
    around = np.vstack(parts)
    around = around[space.points_free(around)] if len(around) else around
    if len(around) + 1 > _MOST_PIVOTS:
        return None
    points = np.vstack([s[None, :], around])
    return points, _pivot_dijkstra(space, points)


def _pivot_dijkstra(space: Space, points: np.ndarray) -> np.ndarray:
    """:func:`_pivot_costs`' dense Dijkstra from ``points[0]`` over the clear straight slides
    between ``points``, each priced exactly (:meth:`Space.segment_costs`, the slide oriented
    from the lower index to the higher, so both ways cost the same numbers).

    Its edges are cleared and priced only when they may lower a cost: settling ``u`` at ``g[u]``,
    the slide to ``v`` costs at least its length, so where ``g[u]`` plus the length is no less
    than ``g[v]`` the dense update ``min(g[v], g[u] + w)`` keeps ``g[v]`` (IEEE sums are
    monotonic, and a price is its length times one or more). Every cost vector, and so every
    node settled, is the dense one's step by step (ties go to the lowest index, as
    ``np.argmin``): the same numbers, clearing 35,000 of the 83,000 pairs of a long reach's pivots
    on ``scenes/table.yaml`` and pricing 22,000 (issue 42)."""
    m = len(points)
    g = np.full(m, _INF)
    g[0] = 0.0
    done = np.zeros(m, dtype=bool)
    for _ in range(m):
        u = int(np.argmin(np.where(done, _INF, g)))
        if done[u] or not math.isfinite(g[u]):
            break
        done[u] = True
        length = np.hypot(points[:, 0] - points[u, 0], points[:, 1] - points[u, 1])
        v = np.nonzero(~done & (g[u] + length < g))[0]
        if not len(v):
            continue
        lo, hi = np.minimum(v, u), np.maximum(v, u)
        clear = space.segments_clear(points[lo], points[hi])
        v, lo, hi = v[clear], lo[clear], hi[clear]
        if len(v):
            g[v] = np.minimum(g[v], g[u] + space.segment_costs(points[lo], points[hi]))
    return g


def _whole_area_reached(space: Space, component: BaseGeometry, start: Point, budget: float,
                        mesh: _Mesh | None = None, first_legs: int = 0,
                        kept: dict[str, Any] | None = None, work: Work | None = None) -> bool:
    """Whether every point of ``component`` (the start's part of the free space) costs less than
    ``budget``, proved by upper bounds made of real paths; False when not proved (then the ray
    sweep decides).

    The mesh of :func:`_whole_reach_bound`, its corners priced also by a clear straight leg
    from a pivot of :func:`_pivot_costs` (best first, at most :data:`_LEGS_PER_POINT` legs a
    corner, as :func:`_boundary_stars` prices; by :func:`_cost_above`), then by the mesh's
    Dijkstra from those prices: a mesh path zigzags (53.7 cm for the 47-48 cm dearest point of
    ``scenes/table.yaml``'s naib-1), a leg does not. A corner left at ``budget`` or more ends the test (not
    proved). Then each triangle whose bound (:func:`_triangle_bounds`) reaches ``budget`` is
    split in four, its sides' midpoints priced through its corners and by pivot legs, up to
    :data:`_REFINE_LEVELS` times: the bound's slack (a side's length) halves at each level.
    ``mesh``: :func:`_mesh` of the same arguments when the caller has it. ``first_legs``: when not
    0, a first try prices each corner by that many legs only (the answer is the same, see below).
    ``kept``: when given, receives the pivots (``"pivots"``) and, once every corner was priced by
    all its legs, their prices (``"corner_legs"``), for the partial proof of a test that fails.
    ``work``: counts its legs (never stops it: past the whole-area bound the answer stays exact).
    """
    if mesh is None:
        mesh = _mesh(space, component, start)
    pivots = _pivot_costs(space, start, soft=True)
    if kept is not None:
        kept["pivots"] = pivots
    # First with each corner's few best legs only: a subset of the legs, so every price, corner
    # cost and triangle bound is no lower than the full test's, and the triangles left over at
    # each level are a superset of its: when this proves the area, the full test does (the same
    # answer); when not, the full test decides. Far from the bound, a corner's first legs prove
    # it (a 90 cm reach on the reference scene cleared 520,000 legs for 16,500 corners, issue 42).
    # The second try starts from the first's corner prices and prices only the later legs: a
    # corner's price is the least over its legs whatever the order, so it is the full test's.
    corner_legs = None if mesh is None else np.full(len(mesh.points), _INF)
    tries = ((0, first_legs), (first_legs, _LEGS_PER_POINT)) if first_legs else ((0, _LEGS_PER_POINT),)
    for ranks in tries:
        proof = _proved_triangles(space, component, start, budget, whole=True, mesh=mesh, pivots=pivots,
                                  most_legs=ranks[1], corner_legs=corner_legs, corner_ranks=ranks, work=work)
        if proof is not None and len(proof) == 0:
            return True
    if kept is not None and corner_legs is not None and pivots is not None:
        kept["corner_legs"] = corner_legs  # every corner priced by its legs of every rank
    return False


_FIRST_LEGS = 4
"""The legs a corner of :func:`_whole_area_reached`'s first, cheaper try is priced by (from
:data:`_CHEAP_FIRST` times the distance to the component's farthest corner)."""
_CHEAP_FIRST = 1.2
"""From this share of the distance to the start's component's farthest corner, :func:`reach_region`'s
whole-area test tries its corners' few best legs first: nearer the bound, where that try fails
(``reference`` blue-6 at 75-85 cm: 1.4-1.5 s more), the full test alone is cheaper. Time only: the answer is the same."""


def _proved_triangles(space: Space, component: BaseGeometry, start: Point, budget: float, *, whole: bool,
                      levels: int = _REFINE_LEVELS, mesh: _Mesh | None = None,
                      pivots: tuple[np.ndarray, np.ndarray] | None = None,
                      most_legs: int = _LEGS_PER_POINT, corner_legs: np.ndarray | None = None,
                      corner_ranks: tuple[int, int] = (0, _LEGS_PER_POINT),
                      work: Work | None = None) -> np.ndarray | None:
    """The triangles of ``component`` (the start's part of the free space) *not* proved to cost
    less than ``budget`` everywhere ((T, 3, 2) corners; every other point of ``component`` is
    proved reached), by :func:`_whole_area_reached`'s upper bounds made of real paths, refined
    ``levels`` times. None when no proof can be tried (the mesh cannot place the start, a crowded
    scene's pivots) or, with ``whole``, as soon as some point is seen not to be proved (a corner
    at ``budget`` or more, too many triangles to refine), which :func:`_whole_area_reached` asks.
    Without ``whole``, a triangle too dear is left unproved, and refining stops at
    :data:`_MOST_REFINED` triangles (the rest are left unproved). ``mesh``: :func:`_mesh` of the
    same arguments when the caller has it (else built here); ``pivots``: :func:`_pivot_costs` of
    ``soft=whole`` likewise; ``most_legs``: the legs a side's midpoint is priced by (:func:`_price_legs`);
    ``corner_legs``: the mesh corners' leg prices, lowered in place by their legs of ``corner_ranks``
    (a fresh array, every leg up to ``most_legs``, by default). ``work``: counts the legs priced;
    without ``whole``, once :data:`_PROOF_WORK_SHARE` of its budget is used up, no more points are
    priced (they keep their upper bounds) and no further level is refined (the triangles still
    over the allowance are left unproved: fewer points proved, every one still reached)."""
    if mesh is None:
        mesh = _mesh(space, component, start)
    if mesh is None:
        return None
    points, triangles = mesh.points, mesh.triangles
    if pivots is None:
        pivots = _pivot_costs(space, start, soft=whole)
    if pivots is None:
        return None
    reached = np.isfinite(pivots[1])
    P, G = pivots[0][reached], pivots[1][reached]
    still = np.zeros_like(P)  # no direction refused: a leg that crosses an obstacle is not clear

    bounded = work is not None and work.bounded and not whole

    def price(X: np.ndarray, cost: np.ndarray, ranks: tuple[int, int] = (0, most_legs)) -> None:
        # on a bound of work, in chunks while its share lasts: a point left unpriced keeps the
        # cost it has (an upper bound), so fewer triangles are proved, every one still reached
        step = _PROOF_CHUNK if bounded else max(1, len(X))
        for lo in range(0, len(X), step):
            if ranks[0] >= ranks[1] or (bounded and work is not None and work.past(_PROOF_WORK_SHARE)):
                return
            legs = _price_legs(space, P, G, still, X, lo, min(step, len(X) - lo), budget, cost,
                               lambda a, b: _cost_above(space, a, b), ranks)
            if work is not None:
                work.legs(legs, exact=False)

    if corner_legs is None:
        legs = np.full(len(points), _INF)
        price(points, legs)
    else:
        legs = corner_legs
        price(points, legs, corner_ranks)
    sources = dict(mesh.legs)
    for v in np.nonzero(np.isfinite(legs))[0].tolist():
        sources[v] = min(sources.get(v, _INF), float(legs[v]))
    costs = _dijkstra(len(points), mesh.edges, mesh.length, sources)
    if whole and not (costs + _OUTLINE_SLACK_CM < budget).all():
        return None
    corners, corner_costs, doubled = points[triangles], costs[triangles], mesh.doubled
    near_difficult = None
    if space.diff_geom is not None:
        near_difficult = space.diff_geom.buffer(space.r + 0.01)  # as _mesh's
        shapely.prepare(near_difficult)
    for level in range(levels + 1):
        over = _triangle_bounds(corners, corner_costs, doubled) + _OUTLINE_SLACK_CM >= budget
        if not over.any():
            return np.zeros((0, 3, 2))
        if not whole:
            # a triangle with a corner at the budget or more holds an unreached point: not refined
            hopeless = (corner_costs + _OUTLINE_SLACK_CM >= budget).any(axis=1) & over
            if level == levels or 4 * int((over & ~hopeless).sum()) > _MOST_REFINED or (work is not None and work.past(_PROOF_WORK_SHARE)):
                return np.asarray(corners[over])
            left = corners[hopeless]
            over &= ~hopeless
        elif level == levels or 4 * int(over.sum()) > _MOST_REFINED:
            return None
        corners, corner_costs, doubled = corners[over], corner_costs[over], doubled[over]
        mids = (corners + np.roll(corners, -1, axis=1)) / 2  # mid k: of the side from corner k to k+1
        factor = np.where(doubled, 2.0, 1.0)[:, None, None]
        # through each corner of the triangle (a slide inside it), or a leg from a pivot
        through = corner_costs[:, None, :] + factor * np.hypot(*(mids[:, :, None, :] - corners[:, None, :, :]).transpose(3, 0, 1, 2))
        mid_costs = through.min(axis=2).reshape(-1)
        price(mids.reshape(-1, 2), mid_costs)
        mid_costs = mid_costs.reshape(-1, 3)
        six = np.concatenate([corners, mids], axis=1)  # corners 0-2, then the mids 3-5
        six_costs = np.concatenate([corner_costs, mid_costs], axis=1)
        children = np.array([[0, 3, 5], [3, 1, 4], [5, 4, 2], [3, 4, 5]])
        corners = six[:, children].reshape(-1, 3, 2)
        corner_costs = six_costs[:, children].reshape(-1, 3)
        doubled = np.repeat(doubled, 4)
        if near_difficult is not None and doubled.any():
            idx = np.nonzero(doubled)[0]
            doubled[idx] = shapely.intersects(near_difficult, shapely.polygons(corners[idx]))
        if not whole and len(left):
            # the hopeless triangles stay as they are, with costs that keep them so
            corners = np.concatenate([corners, left])
            corner_costs = np.concatenate([corner_costs, np.full((len(left), 3), _INF)])
            doubled = np.concatenate([doubled, np.zeros(len(left), dtype=bool)])
    return None


def reach_region(board: Board, model_id: str, allowance_cm: float, *, ignore: Iterable[str] = ()) -> BaseGeometry:
    """The set of centre positions ``model_id`` can legally move to with ``allowance_cm``
    (R-MOVE, R-TERRAIN-KINDS, RUL-17): a geodesic ball in the free space, difficult terrain
    counting double. A shapely (Multi)Polygon; just the start point when the model cannot move.

    Construction: the union, clipped to the free space, of
    (1) the start's visibility star: rays every 0.5 degree and along the exact tangents to
    every circle, each stopped by the first obstacle (touching) or when its cost, difficult
    terrain counting double, uses up the allowance; (2) the sweeps of tangent rays leaving
    every reached circle, every 2 degrees of arc, priced by the cheapest way along the arc;
    (3) stars from points every 0.25 cm along the outlines of difficult pieces, where a
    cheapest path may bend (refraction), priced by their cheapest straight leg from the start
    or a reached node. Neighbouring rays stopped by different things, or ending far apart, are
    bisected until the polygon follows the corners where the allowance runs out against an
    obstacle.

    An allowance at least the cost of the dearest point of the start's part of the free space
    (bounded from above by :func:`_whole_reach_bound`) gives that whole part at once.

    Error: the region's edge agrees with :func:`plan_move` within 0.01 cm (a thin sliver
    between rays at most); the free space's round outlines are shapely polygons (within
    0.0002 cm).

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 30, 30, 30),))
    >>> region = reach_region(board, "a", 10)
    >>> round(region.area / (math.pi * 100), 3)        # an open table: a disc of radius 10
    1.0
    >>> region.contains(shapely.Point(39.9, 30)), region.contains(shapely.Point(40.1, 30))
    (True, False)
    """
    return _reach(board, model_id, allowance_cm, ignore, None)[0]


def _reach(board: Board, model_id: str, allowance_cm: float, ignore: Iterable[str], work: Work | None
           ) -> tuple[BaseGeometry, BaseGeometry | None, Point]:
    """:func:`reach_region`'s construction, counting its work in ``work`` (when given), and the
    start's part of the free space (None when it has none) and the start.

    With ``work``, past its budget the construction stops refining: the partial proof refines no
    further level, and the sweeps and stars from difficult outlines not yet cast are left out,
    each recorded in ``work.skipped`` as a set holding all it could add. Every piece kept is made
    of real paths, so the region returned is still reached; what lies outside it and outside the
    skipped sets is not (see :func:`.bounded.reach_bounded`). Unbounded, the region is
    :func:`reach_region`'s."""
    base, excluded = _mover(board, model_id, ignore)
    space = _space_cached(board, base.radius, excluded)
    start = _check_start(space, board, model_id)
    budget = _check_allowance(allowance_cm)
    component = _component(_free_polygon(space, board, excluded), start)
    if budget <= 0:
        return shapely.Point(start), component, start
    proved: BaseGeometry | None = None
    if component is not None and component.area > 0:
        farthest_corner = float(np.max(np.hypot(*(shapely.get_coordinates(component) - start).T)))
        # One mesh for both proofs below: when the whole-area proof fails, the partial one
        # triangulates the same component (2 s of a 75 cm reach on the reference scene).
        mesh = _mesh(space, component, start) if budget >= _PROOF_SHARE * farthest_corner else None
        first_legs = _FIRST_LEGS if budget >= _CHEAP_FIRST * farthest_corner else 0
        kept: dict[str, Any] = {}
        if budget >= farthest_corner and _whole_area_reached(space, component, start, budget, mesh, first_legs, kept, work):
            # Every free point of the start's component costs less than the allowance: the answer
            # is that component, at once (reach --movement 100 or 1e308 needs no sweeping).
            return component, component, start
        if budget >= _PROOF_SHARE * farthest_corner:
            # A long move: most of the component is proved reached by the same upper bounds,
            # and the sweeps below need only cover the rest (issue 42). After a whole-area test
            # that failed, with its pivots and its corners' prices (real paths all: the proved
            # part is reached; 4-5 s of a 75 cm reach on the reference scene priced again else).
            reuse = "corner_legs" in kept
            left = _proved_triangles(space, component, start, budget, whole=False, levels=_PARTIAL_LEVELS, mesh=mesh,
                                     pivots=kept["pivots"] if reuse else None,
                                     corner_legs=kept["corner_legs"] if reuse else None,
                                     corner_ranks=(_LEGS_PER_POINT, _LEGS_PER_POINT) if reuse else (0, _LEGS_PER_POINT),
                                     work=work)
            if left is not None:
                proved = component.difference(shapely.union_all(shapely.polygons(left))) if len(left) else component
    # Only what lies within the allowance of the start can be reached: the graph of that ball
    # (the whole table's for a long move; a short one on a crowded table no longer builds it all).
    graph = _graph(space, near=(start[0], start[1], budget))
    q = GraphQuery(space, graph)
    s = q.attach(start, outgoing=True, within=budget)
    _exits(space, q, s, start, True)
    q.finalize()
    dist, _ = q.search(s, cutoff=budget)
    pieces: list[BaseGeometry] = []
    tangent_angles = np.array([math.atan2(q.point(m)[1] - start[1], q.point(m)[0] - start[0])
                               for m, _, _ in q.neighbours(s)])
    star = _star(space, start, budget, tangent_angles, work=work)
    free = _free_polygon(space, board, excluded)
    if star is not None:
        pieces.append(star)
    uncovered = None
    if proved is not None:
        pieces.append(proved)
        # What the proved part and the start's star leave of the free space: only there can the
        # sweeps and the stars from difficult outlines add to the region.
        uncovered = free.difference(proved)
        if star is not None:
            uncovered = uncovered.difference(star)
        shapely.prepare(uncovered)
    by_circle: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for node, g in dist.items():
        if node == s or g >= budget:
            continue
        i = q.circle_of(node)
        if i < 0:
            continue
        theta = float(graph.theta[node]) if node < q.n0 else q.theta[node - q.n0]
        by_circle[i].append((theta, g))
    pieces += _sweeps(space, by_circle, budget, uncovered, work)
    if space.diff_geom is not None:
        pieces += _boundary_stars(space, q, dist, start, budget, uncovered, work)
    if not pieces:
        return shapely.Point(start), component, start
    region = shapely.union_all(pieces).intersection(free)
    if region.is_empty or region.area <= 0:
        return shapely.Point(start), component, start
    if isinstance(region, shapely.GeometryCollection):  # its geom_type "GeometryCollection"
        region = shapely.union_all([g for g in region.geoms if g.area > 0])
    return region, component, start
