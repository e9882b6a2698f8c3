"""The reach region: every point a model can get to within its allowance, difficult terrain counted double (R-MOVE, RUL-17)."""

from __future__ import annotations

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
from . import proofs
from .graph import GraphQuery, _arc_costs, _exits, _graph
from .legs import _LEGS_PER_POINT, _may_rank, _price_legs
from .messages import _check_allowance, _check_start, _component, _free_polygon
from .rays import _ray_lengths
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

    ``work``: counts the rays; on a bound of work the sweeps are cast and refined cheapest circle
    first, in batches while units are left (:func:`_affordable_sweeps`), and each one left out is
    recorded as the disc its ribbon lies in (radius: the circle's plus the allowance left at its
    cheapest sample)."""
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
    if work is not None and work.bounded and sweeps:
        sweeps = _affordable_sweeps(space, sweeps, budget, work)
    elif sweeps:
        _cast_sweeps(space, sweeps, budget, work)
    if not sweeps:
        return []
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


def _cast_sweeps(space: Space, sweeps: list[_Sweep], budget: float, work: Work | None) -> None:
    """Cast the tangent rays of every reached sample of ``sweeps`` in one batch, then refine
    them (:func:`_refine_sweeps`); ``work`` counts the rays. Row by row: each sweep gets the
    numbers it would get alone, whatever the others in the batch."""
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


def _affordable_sweeps(space: Space, sweeps: list[_Sweep], budget: float, work: Work) -> list[_Sweep]:
    """The sweeps of :func:`_sweeps` its ``work`` budget affords, cast and refined: cheapest
    circle first (its ribbons reach farthest), in batches while units are left, each left out
    recorded as its ribbon's disc (see :func:`_sweeps`); returned in their first order.

    A batch holds the sweeps whose rays, refinement included, a :data:`_SWEEP_BATCHES`-th of the
    budget left is expected to afford: their first rays times the refinement's growth measured on
    the batches before (:data:`_REFINED_SHARE` before any), so sweeps whose rays bisect round many
    corners (the refinement can add forty times the first rays beside a difficult well) cannot
    take the work far past its budget; the first sweep of a batch is always cast."""
    rays = np.array([int(sw.reach.sum()) for sw in sweeps])
    least = np.array([float(sw.g[sw.reach].min()) for sw in sweeps])
    order = np.argsort(least, kind="stable")
    growth = _REFINED_SHARE
    cast: list[int] = []
    pos = 0
    while pos < len(order) and not work.spent:
        expected = np.cumsum(rays[order[pos:]]) * growth * RAY_UNITS
        take = max(1, int(np.searchsorted(expected, work.left / _SWEEP_BATCHES, side="right")))
        batch = order[pos:pos + take].tolist()
        before = work.used
        _cast_sweeps(space, [sweeps[k] for k in batch], budget, work)
        first = int(rays[batch].sum())
        growth = max(growth, (work.used - before) / max(1, first * RAY_UNITS))
        cast += batch
        pos += take
    dropped = order[pos:]
    if len(dropped):
        work.skip(_sweep_fans(space, [sweeps[k] for k in dropped.tolist()], budget))
    return [sweeps[k] for k in sorted(cast)]


_FAN_STEP = math.radians(5.0)
"""The most angle one side of a fan's outer arc spans in :func:`_sweep_fans` (circumscribed)."""


def _sweep_fans(space: Space, sweeps: list[_Sweep], budget: float) -> BaseGeometry:
    """A polygon holding every ribbon ``sweeps`` could add (a sweep's ribbons, see :func:`_sweeps`;
    R-MOVE, RUL-17: difficult ground only shortens a ray, so the bound holds there too).

    A ribbon is swept by the tangent rays of a run of reached samples joined by clear arcs; a ray
    from the arc point at angle ``a`` (centre ``c``, radius ``R``) is no longer than the allowance
    left, ``L``, at most the allowance less the least cost of the run's samples (an arc point
    between two samples costs at least the sample it is reached from). Every point of such a ray
    lies within ``sqrt(R^2 + L^2)`` of ``c``, at an angle from ``a`` to ``a + atan(L / R)`` the
    way the sweep turns. So each run's rays lie in a slice of the disc of that radius round ``c``,
    from the run's first angle to its last one turned by that much: far less than the disc of
    radius ``R + L`` round ``c`` (every way), which the bound of work recorded before."""
    slices: list[BaseGeometry] = []
    for sw in sweeps:
        c = space.circ_c[sw.i]
        R = float(space.circ_r[sw.i])
        n = len(sw.th)
        nxt = np.roll(np.arange(n), -1)
        link = sw.reach & sw.reach[nxt] & np.isfinite(sw.cost)
        if not link.any():
            continue
        if link.all():
            starts = np.array([0])
        else:
            starts = np.nonzero(link & ~np.roll(link, 1))[0]
        for k0 in starts.tolist():
            k, least, sweep = k0, _INF, 0.0
            while True:  # the run from sample k0 through every linked interval after it
                least = min(least, float(sw.g[k]), float(sw.g[nxt[k]]))
                sweep += float(sw.span[k])
                k = int(nxt[k])
                if not link[k] or k == k0:
                    break
            left = budget - least
            if left <= 0:
                continue
            turn = math.atan2(left, R)
            total = sweep + turn
            outer = math.hypot(R, left)
            if total >= _TWO_PI - 1e-9:
                steps = max(8, math.ceil(_TWO_PI / _FAN_STEP))
                angles = np.linspace(0.0, _TWO_PI, steps, endpoint=False)
                ring = c + outer / math.cos(math.pi / steps) * np.stack([np.cos(angles), np.sin(angles)], axis=1)
                slices.append(Polygon(ring))
                continue
            first = float(sw.th[k0]) - (turn if sw.direction == -1 else 0.0)
            steps = max(1, math.ceil(total / _FAN_STEP))
            angles = first + np.linspace(0.0, total, steps + 1)
            arc = c + outer / math.cos(total / (2 * steps)) * np.stack([np.cos(angles), np.sin(angles)], axis=1)
            slices.append(Polygon(np.vstack([c[None, :], arc])))
    return shapely.union_all(slices) if slices else shapely.Point(0.0, 0.0).buffer(0.0)


_SWEEP_BATCHES = 4
"""A batch of :func:`_affordable_sweeps` is expected to spend at most the units left divided by this
(a quarter), so the refinement's growth is measured before most of the budget goes."""
_REFINED_SHARE = 1.5
"""A sweep's rays with their refinement's, against its first rays, as :func:`_affordable_sweeps`
expects before it has measured any (about the bench scenes' share away from difficult ground)."""


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

    ``work``: counts the legs priced and the rays. On a bound of work the runs nearest the start are
    priced first; once the budget is used up, the runs not yet priced are recorded as discs
    (radius: the allowance less the straight distance from the start, a lower bound of any way
    there), and the stars not cast (those with the least allowance left are
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
    # On a bound of work the runs nearest the start go first: a run left unpriced is recorded as
    # discs of the allowance less its straight distance, so the far ones left last are the
    # narrowest (each run's prices are its own: unbounded, the order changes no number).
    runs = np.arange(0, len(X), _OUTLINE_RUN)
    if work is not None and work.bounded and len(runs) > 1:
        near_start = np.minimum.reduceat(np.hypot(*(X - S).T), runs)
        runs = runs[np.argsort(near_start, kind="stable")]
    priced = np.ones(len(X), dtype=bool)
    for n_run, run in enumerate(runs.tolist()):
        if work is not None and work.spent:
            left_out = np.concatenate([np.arange(r, min(r + _OUTLINE_RUN, len(X))) for r in runs[n_run:].tolist()])
            priced[left_out] = False
            work.skip_discs(X[left_out], budget - np.hypot(*(X[left_out] - S).T))
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
    X, cost = X[priced], cost[priced]
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
    (bounded from above by :func:`.proofs._whole_reach_bound`) gives that whole part at once.

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
    return construct_reach(board, model_id, allowance_cm, ignore, None)[0]


def construct_reach(board: Board, model_id: str, allowance_cm: float, ignore: Iterable[str], work: Work | None
                    ) -> tuple[BaseGeometry, BaseGeometry | None, Point]:
    """:func:`reach_region`'s construction, counting its work in ``work`` when given.

    The package's entry for :func:`.bounded.reach_bounded`, which needs the start's part of the
    free space and the start beside the region. With ``work``, past its budget the construction
    stops refining: the partial proof refines no further level, and the sweeps and stars from
    difficult outlines not yet cast are left out, each recorded in ``work.skipped`` as a set
    holding all it could add. Every piece kept is made of real paths, so the region returned is
    still reached; what lies outside it and outside the skipped sets is not.

    Parameters
    ----------
    board, model_id, allowance_cm, ignore
        As for :func:`reach_region`.
    work : Work or None
        The counter of rays and legs and its budget; None for the exact construction.

    Returns
    -------
    region : BaseGeometry
        The reached region (:func:`reach_region`'s when ``work`` is None or never ran out).
    component : BaseGeometry or None
        The start's part of the free space, None when it has none.
    start : Point
        The model's centre.

    Raises
    ------
    GeometryError
        As :func:`reach_region` does (an unknown model, a start off the free space, a bad
        allowance).
    """
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
        mesh = proofs._mesh(space, component, start) if budget >= proofs._PROOF_SHARE * farthest_corner else None
        first_legs = proofs._FIRST_LEGS if budget >= proofs._CHEAP_FIRST * farthest_corner else 0
        kept: dict[str, Any] = {}
        if budget >= farthest_corner and proofs._whole_area_reached(space, component, start, budget, mesh, first_legs, kept, work):
            # Every free point of the start's component costs less than the allowance: the answer
            # is that component, at once (reach --movement 100 or 1e308 needs no sweeping).
            return component, component, start
        if budget >= proofs._PROOF_SHARE * farthest_corner:
            # A long move: most of the component is proved reached by the same upper bounds,
            # and the sweeps below need only cover the rest (issue 42). After a whole-area test
            # that failed, with its pivots and its corners' prices (real paths all: the proved
            # part is reached; 4-5 s of a 75 cm reach on the reference scene priced again else).
            reuse = "corner_legs" in kept
            left = proofs._proved_triangles(space, component, start, budget, whole=False, levels=proofs._PARTIAL_LEVELS, mesh=mesh,
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
