"""Movement on the table: is a move legal, by which path, where can a model get to.

A model's round base slides from its start to its end (R-MOVE). The library works in the
*configuration space* of the base centre: a base of radius ``r`` overlaps an obstacle exactly
when its centre is closer than ``r`` to it, so every obstacle is inflated by ``r`` and the base
becomes a point.

Rules
-----
- R-MOVE: no point of the base may travel further than the allowance. A base that slides
  without turning moves every point of it by the length of its centre's path, so the path
  length of the centre is what is measured (PRJ-45). The base must slide all the way without
  overlapping an obstacle: another model's base or impassable terrain (``blocked``). Other
  models' bases are obstacles for friend and foe alike; ``ignore`` lifts that for given ids.
  Objective markers are flat tokens and never block (PRJ-40).
- R-TERRAIN-KINDS, RUL-17: a stretch of the path costs double while any part of the base is
  over ``difficult`` terrain (the centre is closer than ``r`` to the piece); ``open`` terrain
  changes nothing. The move is legal when its cost is at most the allowance.
- RUL-17: the base stays wholly on the table. Touching (edges exactly in contact) is not
  overlapping: a base may end in contact with, or slide along, an obstacle or the table edge.

Boundary semantics
------------------
- Touching is allowed. Distances are compared with a numerical tolerance of
  :data:`TOUCH_TOLERANCE_CM` (0.00001 mm): a base whose edge is within it of an obstacle
  touches it. A 30 mm base therefore passes a gap of 3.0 cm or more, not one of 2.9 cm.
- A move costing exactly the allowance is legal (``cost <= allowance``).
- Over difficult terrain means *overlapping* it: a base that only touches a difficult piece's
  edge pays the normal price.

Method and guarantees
---------------------
Obstacles are unions of *capsules* (a disc of radius R around a segment; a base is a capsule
of zero length), so whether a straight stretch is clear, and which part of it lies over
difficult terrain, is computed exactly (closed-form intersections, no polygon approximation).

The shortest path is searched on the *tangent graph*: the circles are the inflated bases,
the corners of impassable pieces (radius ``r``) and of difficult pieces; nodes are the points
where common tangents touch them; edges are the clear tangent segments and the clear arcs
between neighbouring nodes. Without difficult terrain this graph contains the true shortest
path (a taut string only bends around convex obstacle boundaries), so the length found is
exact. Arcs are drawn as polylines whose segments are tangent to the arc (they never cut into
the obstacle) and lie within :data:`ARC_BUMP_CM` of it; the reported ``path_length_cm`` and
``cost_cm`` are those of the returned polyline, at most 0.01 % above the arc lengths.

With difficult terrain the cheapest path may cross a difficult piece's boundary anywhere
(it refracts like light). The graph adds crossing points every :data:`DIFFICULT_SAMPLE_CM` cm
along those boundaries, and the corners of difficult pieces as circles (going round a piece
while touching it costs nothing extra); a start or destination over difficult terrain also
gets its perpendicular ways out. The path found is then improved by sliding each crossing
point along its boundary. What is guaranteed: the returned path is always legal and its cost
is exact for that path; it is the cheapest path when no difficult terrain is involved, or when
the best path only goes round difficult pieces or crosses them straight; otherwise it may cost
slightly more than the true optimum (within 0.01 % of Snell's law in the tests).

:func:`reach_region` approximates the set of reachable centres (see its docstring) and agrees
with :func:`plan_move` to 0.01 cm along its edge (tests probe it model by model on the
reference scene).

Preprocessing (inflated obstacles, circles, graph) is cached per (board, mover radius,
excluded ids): boards are immutable and hashable.

Examples
--------
>>> from landsraad.geometry.board import Base, Board, TerrainPiece
>>> board = Board(bases=(Base("a", 10, 10, 30), Base("b", 20, 10, 30)))
>>> res = plan_move(board, "a", (17.0, 10.0), 10)
>>> res.legal, res.reason                    # ends in base contact with b: touching is allowed
(True, None)
>>> round(res.path_length_cm, 6)
7.0
>>> plan_move(board, "a", (17.01, 10.0), 10).reason    # overlaps b by 0.01 cm
'destination_blocked'
>>> plan_move(board, "a", (10.0, 20.0), 10).legal       # exactly the allowance
True
>>> print(plan_move(board, "a", (10.0, 22.3), 10).message)
Model 'a' needs 12.3 cm but may move 10 cm to get to (10, 22.3).
"""

from __future__ import annotations

import functools
import heapq
import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Literal, Sequence

import numpy as np
import shapely
import shapely.ops
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from ..errors import GeometryError
from .board import CIRCLE_RESOLUTION, Board, Point, TerrainPiece

__all__ = [
    "TOUCH_TOLERANCE_CM",
    "ALLOWANCE_SLACK_CM",
    "ARC_BUMP_CM",
    "DIFFICULT_SAMPLE_CM",
    "ESCAPE_MARGIN_CM",
    "MoveReason",
    "MoveResult",
    "plan_move",
    "can_move",
    "straight_moves",
    "path_cost",
    "path_is_clear",
    "reach_region",
    "move_toward_nearest_edge",
    "push",
    "step_away",
    "escape",
    "free_spot_near",
]

TOUCH_TOLERANCE_CM = 1e-6
"""Numerical tolerance for "touching": edges closer than this count as in contact, not
overlapping (RUL-17). Far below anything measurable (0.00001 mm); it only absorbs rounding."""

ALLOWANCE_SLACK_CM = 1e-9
"""A path costing up to this much over the allowance still counts as "exactly the allowance"
(floating-point rounding of sums of square roots)."""

ARC_BUMP_CM = 2e-4
"""Arcs of the path are drawn as polylines tangent to the arc; their corners stand at most
this far outside it (refined automatically when something is closer)."""

DIFFICULT_SAMPLE_CM = 2.0
"""Spacing of the candidate crossing points on the boundaries of difficult terrain."""

ESCAPE_MARGIN_CM = 0.01
"""Clearance kept when a base must get *out of* something (contact, a template): touching
still counts as in (RUL-19) or in contact (RUL-07), so the base ends this much beyond."""

_INF = math.inf
_TWO_PI = 2.0 * math.pi


def _circle_at(c: np.ndarray, R: float) -> Callable[[np.ndarray], np.ndarray]:
    """Points at arc length ``s`` along the circle of radius ``R`` (just outside it) around ``c``."""
    return lambda s: c + (R + 1e-9) * np.stack([np.cos(s / R), np.sin(s / R)], axis=1)
_ANGLE_SLACK = 1e-9

MoveReason = Literal["too_far", "no_room", "off_table", "destination_blocked"]


# =============================================================================================
# Result
# =============================================================================================


@dataclass(frozen=True)
class MoveResult:
    """The outcome of a move query (R-MOVE, RUL-17).

    Attributes
    ----------
    model
        The moving model's id.
    legal
        Whether the move may be made.
    start, end
        Centre positions (cm). For an illegal move ``end`` is the requested destination; for
        forced moves (push, Will-breaker, step away) it is where the model ends up.
    path
        The centre's path as a polyline from ``start`` (the cheapest one found); empty when
        no path exists (``no_room``, ``off_table``, ``destination_blocked``). For ``too_far``
        it is the cheapest path, longer than allowed.
    path_length_cm
        Plain length of ``path`` (``inf`` when there is no path).
    cost_cm
        Cost of ``path``: stretches over difficult terrain count double (RUL-17); ``inf``
        when there is no path.
    allowance_cm
        The distance the model may move.
    reason
        ``None`` when legal, else ``"too_far"``, ``"no_room"``, ``"off_table"`` or
        ``"destination_blocked"``.
    message
        One full sentence for a player.
    narrowest_gap_cm, gap_at
        For ``no_room`` (and a destination squeezed between obstacles): the width of the
        narrowest gap between obstacles on the way, and its middle.
    stopped_by
        What stopped a forced move early (``"model 'b'"``, ``"terrain 'rock'"``,
        ``"the table edge"``), else ``None``.
    blocked_by
        The obstacles the destination overlaps, or those forming the narrowest gap.
    """

    model: str
    legal: bool
    start: Point
    end: Point
    path: tuple[Point, ...]
    path_length_cm: float
    cost_cm: float
    allowance_cm: float
    reason: MoveReason | None
    message: str
    narrowest_gap_cm: float | None = None
    gap_at: Point | None = None
    stopped_by: str | None = None
    blocked_by: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data (``inf`` lengths become ``None``).

        >>> from landsraad.geometry.board import Base, Board
        >>> plan_move(Board(bases=(Base("a", 5, 5, 30),)), "a", (8, 9), 6).to_dict()["path"]
        [[5.0, 5.0], [8.0, 9.0]]
        """

        def num(x: float | None) -> float | None:
            return None if x is None or not math.isfinite(x) else float(x)

        def pt(p: Point | None) -> list[float] | None:
            return None if p is None else [float(p[0]), float(p[1])]

        return {
            "model": self.model,
            "legal": self.legal,
            "start": pt(self.start),
            "end": pt(self.end),
            "path": [pt(p) for p in self.path],
            "path_length_cm": num(self.path_length_cm),
            "cost_cm": num(self.cost_cm),
            "allowance_cm": float(self.allowance_cm),
            "reason": self.reason,
            "message": self.message,
            "narrowest_gap_cm": num(self.narrowest_gap_cm),
            "gap_at": pt(self.gap_at),
            "stopped_by": self.stopped_by,
            "blocked_by": list(self.blocked_by),
        }


# =============================================================================================
# Exact kernel: capsules
# =============================================================================================
# Every obstacle of the configuration space is a union of capsules {p : dist(p, [a, b]) < R}
# (a base: a = b) plus, for terrain, the interior of its polygon. The helpers below work on
# arrays: M segments against K capsules at once.


def _slab(alpha: np.ndarray, beta: np.ndarray, lo: Any, hi: Any) -> tuple[np.ndarray, np.ndarray]:
    """Parameters t with lo < alpha + t * beta < hi, as an open interval (empty: lo >= hi)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        t1 = (lo - alpha) / beta
        t2 = (hi - alpha) / beta
    moving = beta != 0
    inside = (alpha > lo) & (alpha < hi)
    t_lo = np.where(moving, np.minimum(t1, t2), np.where(inside, -_INF, _INF))
    t_hi = np.where(moving, np.maximum(t1, t2), np.where(inside, _INF, -_INF))
    return t_lo, t_hi


def _disc_interval(w: np.ndarray, d: np.ndarray, dd: np.ndarray, rho: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Parameters t with |w + t d| < rho (w: start relative to the centre)."""
    bq = 2.0 * (w * d).sum(-1)
    cq = (w * w).sum(-1) - rho * rho
    disc = bq * bq - 4.0 * dd * cq
    moving = dd > 0
    ok = moving & (disc > 0)
    sq = np.sqrt(np.where(ok, disc, 0.0))
    denom = np.where(moving, 2.0 * dd, 1.0)
    t0 = (-bq - sq) / denom
    t1 = (-bq + sq) / denom
    inside_still = (~moving) & (cq < 0)
    t0 = np.where(ok, t0, np.where(inside_still, -_INF, _INF))
    t1 = np.where(ok, t1, np.where(inside_still, _INF, -_INF))
    return t0, t1


def _pair_intervals(p0: np.ndarray, p1: np.ndarray, a: np.ndarray, b: np.ndarray, rho: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Element-wise core of :func:`_cap_intervals`: arrays of matching leading shape."""
    d = p1 - p0
    dd = (d * d).sum(-1)
    lo1, hi1 = _disc_interval(p0 - a, d, dd, rho)
    lo2, hi2 = _disc_interval(p0 - b, d, dd, rho)
    e = b - a
    length = np.sqrt((e * e).sum(-1))
    safe = np.where(length > 0, length, 1.0)
    u = e / safe[..., None]
    n = np.stack([-u[..., 1], u[..., 0]], axis=-1)
    rel = p0 - a
    su_lo, su_hi = _slab((rel * u).sum(-1), (d * u).sum(-1), 0.0, length)
    sw_lo, sw_hi = _slab((rel * n).sum(-1), (d * n).sum(-1), -rho, rho)
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
    P = p[:, None, :]
    A = a[None]
    v = (b - a)[None]
    vv = (v * v).sum(-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(vv > 0, ((P - A) * v).sum(-1) / np.where(vv > 0, vv, 1.0), 0.0)
    t = np.clip(t, 0.0, 1.0)
    q = A + t[..., None] * v
    return np.sqrt(((P - q) ** 2).sum(-1))


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


# =============================================================================================
# Configuration space of one mover on one board (cached)
# =============================================================================================


def _ring(poly: tuple[Point, ...]) -> np.ndarray:
    """A polygon's corners, counter-clockwise, without a repeated closing point."""
    pts = np.asarray(poly, dtype=float)
    if len(pts) > 1 and np.allclose(pts[0], pts[-1]):
        pts = pts[:-1]
    x, y = pts[:, 0], pts[:, 1]
    area2 = float(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y))
    return pts if area2 > 0 else pts[::-1].copy()


def _convex_corners(ring: np.ndarray) -> np.ndarray:
    """Boolean mask of the convex corners of a counter-clockwise ring."""
    prev = np.roll(ring, 1, axis=0)
    nxt = np.roll(ring, -1, axis=0)
    e1 = ring - prev
    e2 = nxt - ring
    cross = e1[:, 0] * e2[:, 1] - e1[:, 1] * e2[:, 0]
    return cross > 1e-12


@dataclass(eq=False)
class _Space:
    """Inflated obstacles and difficult areas for a mover of radius ``r`` (internal)."""

    r: float
    width: float
    depth: float
    bounds: tuple[float, float, float, float]  # xmin, ymin, xmax, ymax of the centre
    cap_a: np.ndarray
    cap_b: np.ndarray
    cap_r: np.ndarray  # true inflated radius
    cap_owner: np.ndarray  # index into labels
    labels: tuple[str, ...]
    block_geom: BaseGeometry | None  # union of impassable footprints (interiors)
    dcap_a: np.ndarray
    dcap_b: np.ndarray
    diff_geom: BaseGeometry | None  # union of difficult footprints
    circ_c: np.ndarray  # (C, 2)
    circ_r: np.ndarray  # (C,)
    circ_soft: np.ndarray  # (C,) bool: a difficult corner or crossing sample, not an obstacle
    circ_edge: list[int | None]  # for crossing samples: the difficult outline they lie on
    base_caps: dict[str, int] = field(default_factory=dict)
    _cache: dict[str, Any] = field(default_factory=dict)

    # --- exact primitive tests ------------------------------------------------------------

    @property
    def cap_rho(self) -> np.ndarray:
        if "rho" not in self._cache:
            self._cache["rho"] = self.cap_r - TOUCH_TOLERANCE_CM
        return self._cache["rho"]

    @property
    def dcap_rho(self) -> np.ndarray:
        if "drho" not in self._cache:
            self._cache["drho"] = np.full(len(self.dcap_a), self.r - TOUCH_TOLERANCE_CM)
        return self._cache["drho"]

    def in_table(self, pts: np.ndarray) -> np.ndarray:
        xmin, ymin, xmax, ymax = self.bounds
        t = TOUCH_TOLERANCE_CM
        return (pts[:, 0] >= xmin - t) & (pts[:, 0] <= xmax + t) & (pts[:, 1] >= ymin - t) & (pts[:, 1] <= ymax + t)

    def in_blocked_interior(self, pts: np.ndarray) -> np.ndarray:
        if self.block_geom is None or len(pts) == 0:
            return np.zeros(len(pts), dtype=bool)
        return shapely.contains_xy(self.block_geom, pts[:, 0], pts[:, 1])

    def points_free(self, pts: np.ndarray) -> np.ndarray:
        """Which centres are legal positions (touching allowed)."""
        pts = np.asarray(pts, dtype=float).reshape(-1, 2)
        dist = _point_cap_dist(pts, self.cap_a, self.cap_b)
        clear = (dist >= self.cap_rho[None, :]).all(axis=1) if dist.shape[1] else np.ones(len(pts), bool)
        return clear & self.in_table(pts) & ~self.in_blocked_interior(pts)

    def segments_clear(self, p0: np.ndarray, p1: np.ndarray) -> np.ndarray:
        """Which segments a base can slide along (both ends included)."""
        p0 = np.asarray(p0, dtype=float).reshape(-1, 2)
        p1 = np.asarray(p1, dtype=float).reshape(-1, 2)
        ok = self.in_table(p0) & self.in_table(p1)
        ok &= ~self.in_blocked_interior(p0)
        idx = np.nonzero(ok)[0]
        if len(idx) and len(self.cap_a):
            out = np.zeros(len(p0), dtype=bool)
            for chunk in np.array_split(idx, max(1, len(idx) * len(self.cap_a) // 200_000 + 1)):
                t_in, t_out = _cap_intervals(p0[chunk], p1[chunk], self.cap_a, self.cap_b, self.cap_rho)
                out[chunk] = ~(t_in < t_out).any(axis=1)
            ok = out
        return ok

    def first_hit(self, p0: np.ndarray, p1: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For segments p0->p1 from legal positions: the parameter in [0, 1] where the base
        first touches an obstacle or the table edge (1.0 if never), and which (label index,
        -1 for the table edge, -2 for none)."""
        p0 = np.asarray(p0, dtype=float).reshape(-1, 2)
        p1 = np.asarray(p1, dtype=float).reshape(-1, 2)
        t = np.ones(len(p0))
        who = np.full(len(p0), -2)
        if len(self.cap_a):
            # detected with the touching tolerance, stopped at exact contact
            d_in, d_out = _cap_intervals(p0, p1, self.cap_a, self.cap_b, self.cap_rho)
            hit = d_in < d_out
            t_in, _ = _cap_intervals(p0, p1, self.cap_a, self.cap_b, self.cap_r)
            first = np.where(hit, np.minimum(t_in, d_in), _INF)
            k = first.argmin(axis=1)
            tk = first[np.arange(len(p0)), k]
            better = tk < t
            t = np.where(better, tk, t)
            who = np.where(better, self.cap_owner[k], who)
        xmin, ymin, xmax, ymax = self.bounds
        d = p1 - p0
        for axis, lo, hi in ((0, xmin, xmax), (1, ymin, ymax)):
            with np.errstate(divide="ignore", invalid="ignore"):
                t_lo = np.where(d[:, axis] < 0, (lo - p0[:, axis]) / d[:, axis], _INF)
                t_hi = np.where(d[:, axis] > 0, (hi - p0[:, axis]) / d[:, axis], _INF)
            te = np.maximum(np.minimum(t_lo, t_hi), 0.0)
            better = te < t
            t = np.where(better, te, t)
            who = np.where(better, -1, who)
        return t, who

    def segment_costs(self, p0: np.ndarray, p1: np.ndarray) -> np.ndarray:
        """Cost of each segment: its length, plus once more the part where the base overlaps
        difficult terrain (RUL-17). Exact."""
        p0 = np.asarray(p0, dtype=float).reshape(-1, 2)
        p1 = np.asarray(p1, dtype=float).reshape(-1, 2)
        length = np.hypot(*(p1 - p0).T)
        if self.diff_geom is None or len(p0) == 0:
            return length
        over = np.fromiter((sum(hi - lo for lo, hi in ivs) for ivs in self.difficult_intervals(p0, p1)),
                           dtype=float, count=len(p0))
        return length * (1.0 + over)

    def difficult_intervals(self, p0: np.ndarray, p1: np.ndarray) -> list[list[tuple[float, float]]]:
        """Per segment, the merged parameter intervals of [0, 1] where the base overlaps
        difficult terrain. Exact."""
        if self.diff_geom is None:
            return [[] for _ in range(len(p0))]
        out: list[list[tuple[float, float]]] = [[] for _ in range(len(p0))]
        # Overlap is detected with the touching tolerance (sliding along the edge is not
        # being over it) but measured exactly.
        d_in, d_out = _cap_intervals(p0, p1, self.dcap_a, self.dcap_b, self.dcap_rho)
        hit = d_in < d_out
        t_in, t_out = _cap_intervals(p0, p1, self.dcap_a, self.dcap_b, self.dcap_rho + TOUCH_TOLERANCE_CM)
        hit &= t_in < t_out
        pieces = self._cache["diff_pieces"]
        if all(convex for _, _, convex, _ in pieces):
            return self._convex_intervals(p0, p1, hit, t_in, t_out, pieces)
        any_hit = hit.any(axis=1)
        # A segment that meets no capsule is wholly inside or wholly outside the pieces.
        quiet = np.nonzero(~any_hit)[0]
        if len(quiet):
            mid = 0.5 * (p0[quiet] + p1[quiet])
            inside = shapely.contains_xy(self.diff_geom, mid[:, 0], mid[:, 1])
            for i in quiet[inside]:
                out[i] = [(0.0, 1.0)]
        rows = np.nonzero(any_hit)[0]
        pending: list[tuple[int, list[tuple[float, float]], list[tuple[float, float]]]] = []
        mids: list[tuple[float, float]] = []
        if len(rows):
            sub_in, sub_out, sub_hit = t_in[rows].tolist(), t_out[rows].tolist(), hit[rows].tolist()
            a_rows, b_rows = p0[rows].tolist(), p1[rows].tolist()
            for r_i, i in enumerate(rows.tolist()):
                ins, outs = sub_in[r_i], sub_out[r_i]
                ivs = [(ins[j], outs[j]) for j, h in enumerate(sub_hit[r_i]) if h]
                _, merged = _union_measure(ivs)
                # Gaps between capsule intervals are wholly inside or outside a piece's interior.
                edges = [0.0] + [x for iv in merged for x in iv] + [1.0]
                gaps = [(edges[g], edges[g + 1]) for g in range(0, len(edges), 2) if edges[g + 1] - edges[g] > 1e-12]
                pending.append((i, merged, gaps))
                (ax, ay), (bx, by) = a_rows[r_i], b_rows[r_i]
                for lo, hi in gaps:
                    m = 0.5 * (lo + hi)
                    mids.append((ax + m * (bx - ax), ay + m * (by - ay)))
        inside = (shapely.contains_xy(self.diff_geom, *np.asarray(mids).T) if mids else np.zeros(0, bool)).tolist()
        pos = 0
        for i, merged, gaps in pending:
            flags = inside[pos:pos + len(gaps)]
            pos += len(gaps)
            if any(flags):
                _, merged = _union_measure(merged + [g for g, ins_ in zip(gaps, flags) if ins_])
            out[i] = merged
        return out

    def _convex_intervals(self, p0: np.ndarray, p1: np.ndarray, hit: np.ndarray, t_in: np.ndarray, t_out: np.ndarray,
                          pieces: list[tuple[int, int, bool, Polygon]]) -> list[list[tuple[float, float]]]:
        """:meth:`difficult_intervals` when every difficult piece is convex: a segment meets
        each inflated piece (convex too) in one interval, from its first capsule entry to
        its last exit, or to an end that lies inside the piece itself."""
        per_piece = []
        for a, b, _, shape in pieces:
            h = hit[:, a:b]
            lo = np.where(h, t_in[:, a:b], _INF).min(axis=1)
            hi = np.where(h, t_out[:, a:b], -_INF).max(axis=1)
            in0 = shapely.contains_xy(shape, p0[:, 0], p0[:, 1])
            in1 = shapely.contains_xy(shape, p1[:, 0], p1[:, 1])
            lo = np.where(in0, 0.0, lo)
            hi = np.where(in1, 1.0, hi)
            per_piece.append((lo, hi))
        los = np.stack([lo for lo, _ in per_piece], axis=1)
        his = np.stack([hi for _, hi in per_piece], axis=1)
        valid = los < his
        count = valid.sum(axis=1)
        out: list[list[tuple[float, float]]] = [[] for _ in range(len(p0))]
        single = np.nonzero(count == 1)[0]
        if len(single):
            j = valid[single].argmax(axis=1)
            for i, lo, hi in zip(single.tolist(), los[single, j].tolist(), his[single, j].tolist()):
                out[i] = [(lo, hi)]
        for i in np.nonzero(count > 1)[0].tolist():
            _, out[i] = _union_measure([(float(l_), float(h_)) for l_, h_, v in zip(los[i], his[i], valid[i]) if v])
        return out

    def overlaps(self, p: Point) -> list[tuple[int, float]]:
        """(label index, overlap depth in cm) of every obstacle a base centred at ``p``
        overlaps, deepest first (for messages)."""
        pts = np.asarray([p], dtype=float)
        out: dict[int, float] = {}
        if len(self.cap_a):
            dist = _point_cap_dist(pts, self.cap_a, self.cap_b)[0]
            for k in np.nonzero(dist < self.cap_rho)[0]:
                o = int(self.cap_owner[k])
                out[o] = max(out.get(o, 0.0), float(self.cap_r[k] - dist[k]))
        point = shapely.Point(p)
        for o, geom in self._cache["terrain_shapes"].items():
            if geom.contains(point):
                out[o] = self.r + geom.exterior.distance(point)
        return sorted(out.items(), key=lambda kv: -kv[1])

    # --- circles: free arcs and difficult arcs ------------------------------------------------

    def circle_partition(self, i: int, difficult: bool) -> tuple[np.ndarray, np.ndarray]:
        """Breakpoint angles (sorted, in [0, 2 pi)) and, per arc between consecutive ones
        (the last wrapping), whether it is blocked (``difficult=False``) or over difficult
        terrain (``difficult=True``). No breakpoints: one flag for the whole circle."""
        key = ("dpart" if difficult else "part", i)
        if key in self._cache:
            return self._cache[key]
        c = self.circ_c[i]
        R = float(self.circ_r[i])
        if difficult:
            # breakpoints where the base starts overlapping (exact); classification below
            # uses the touching tolerance
            a, b, rho, geom = self.dcap_a, self.dcap_b, self.dcap_rho + TOUCH_TOLERANCE_CM, self.diff_geom
        else:
            a, b, rho, geom = self.cap_a, self.cap_b, self.cap_rho, self.block_geom
        if R == 0.0:
            pt = c[None, :]
            if difficult:
                res = (np.zeros(0), self._point_difficult(pt))
            else:
                res = (np.zeros(0), np.array([not self.points_free(pt)[0]]))
            self._cache[key] = res
            return res
        angles: list[np.ndarray] = []
        if len(a):
            near = ((np.minimum(a[:, 0], b[:, 0]) - rho <= c[0] + R) & (np.maximum(a[:, 0], b[:, 0]) + rho >= c[0] - R)
                    & (np.minimum(a[:, 1], b[:, 1]) - rho <= c[1] + R) & (np.maximum(a[:, 1], b[:, 1]) + rho >= c[1] - R))
            a, b, rho = a[near], b[near], rho[near]
        if difficult and len(a) == 0 and (geom is None or not geom.intersects(shapely.Point(c))):
            res = (np.zeros(0), np.array([False]))  # nowhere near difficult terrain
            self._cache[key] = res
            return res
        if len(a):
            # circle against the capsules' end discs
            for q in (a, b):
                v = q - c
                dq = np.hypot(v[:, 0], v[:, 1])
                with np.errstate(divide="ignore", invalid="ignore"):
                    cosb = (R * R + dq * dq - rho * rho) / (2.0 * R * dq)
                # tangencies count too (a difficult corner's own circle touches its edges'
                # offsets): extra breakpoints are harmless, the midpoints decide
                ok = (dq > 0) & (np.abs(cosb) <= 1 + 1e-9)
                phi = np.arctan2(v[ok, 1], v[ok, 0])
                beta = np.arccos(np.clip(cosb[ok], -1.0, 1.0))
                angles += [phi + beta, phi - beta]
            # ... against the capsules' straight sides and the pieces' own outlines (whose
            # edges are the capsules' cores: crossing them matters for deep interiors)
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
            xmin, ymin, xmax, ymax = self.bounds
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
        if difficult:
            flags = self._point_difficult(pts)
        else:
            flags = ~self.points_free(pts)
        res = (brk, flags)
        self._cache[key] = res
        return res

    def _point_difficult(self, pts: np.ndarray) -> np.ndarray:
        if self.diff_geom is None:
            return np.zeros(len(pts), dtype=bool)
        dist = _point_cap_dist(pts, self.dcap_a, self.dcap_b)
        near = (dist < self.dcap_rho[None, :]).any(axis=1) if dist.shape[1] else np.zeros(len(pts), bool)
        return near | shapely.contains_xy(self.diff_geom, pts[:, 0], pts[:, 1])

    def flat(self, difficult: bool) -> dict[str, np.ndarray]:
        """Every circle's partition in one sorted array (key = 8 * circle + angle), with
        the cumulative flagged measure, for vectorised lookups across circles."""
        key = "flat_d" if difficult else "flat"
        if key in self._cache:
            return self._cache[key]
        keys, starts, flags, circles = [], [], [], []
        for i in range(len(self.circ_r)):
            brk, fl = self.circle_partition(i, difficult)
            if len(brk) == 0:
                b = np.array([0.0])
                f = fl[:1]
            else:
                wrap = fl[-1]  # the arc from the last breakpoint round to the first
                if brk[0] > 0:
                    b = np.concatenate([[0.0], brk])
                    f = np.concatenate([[wrap], fl])
                else:
                    b, f = brk, fl
            keys.append(8.0 * i + b)
            starts.append(b)
            flags.append(f.astype(bool))
            circles.append(np.full(len(b), i))
        K = np.concatenate(keys) if keys else np.zeros(0)
        S = np.concatenate(starts) if starts else np.zeros(0)
        F = np.concatenate(flags) if flags else np.zeros(0, bool)
        Cc = np.concatenate(circles) if circles else np.zeros(0, int)
        same_next = np.append(Cc[1:] == Cc[:-1], False)
        ends = np.where(same_next, np.append(S[1:], 0.0), _TWO_PI)
        seg = np.where(F, ends - S, 0.0)
        cum = np.concatenate([[0.0], np.cumsum(seg)])[:-1]
        first = np.searchsorted(K, 8.0 * np.arange(len(self.circ_r)))  # index of each circle's 0
        res = {"keys": K, "starts": S, "ends": ends, "flags": F, "cum": cum, "first": first}
        self._cache[key] = res
        return res

    def _cum(self, flat: dict[str, np.ndarray], circles: np.ndarray, theta: np.ndarray) -> np.ndarray:
        """Flagged measure of [0, theta] on each circle (theta in [0, 2 pi])."""
        idx = np.searchsorted(flat["keys"], 8.0 * circles + theta, side="right") - 1
        idx = np.maximum(idx, flat["first"][circles])
        part = np.clip(theta - flat["starts"][idx], 0.0, flat["ends"][idx] - flat["starts"][idx])
        return flat["cum"][idx] - flat["cum"][flat["first"][circles]] + np.where(flat["flags"][idx], part, 0.0)

    def arcs_measure(self, circles: np.ndarray, thetas: np.ndarray, spans: np.ndarray, difficult: bool) -> np.ndarray:
        """Flagged (blocked, or over difficult terrain) measure of arcs on many circles."""
        circles = np.asarray(circles, dtype=int)
        if len(circles) == 0:
            return np.zeros(0)
        lo = np.mod(np.where(spans < 0, thetas + spans, thetas), _TWO_PI)
        width = np.abs(spans)
        flat = self.flat(difficult)
        hi = lo + width
        full = self._cum(flat, circles, np.full(len(lo), _TWO_PI))
        c_lo = self._cum(flat, circles, lo)
        wraps = hi > _TWO_PI
        c_hi = np.where(wraps, full + self._cum(flat, circles, np.minimum(hi - _TWO_PI, _TWO_PI)),
                        self._cum(flat, circles, np.minimum(hi, _TWO_PI)))
        return np.maximum(c_hi - c_lo, 0.0)

    def angles_blocked(self, circles: np.ndarray, thetas: np.ndarray) -> np.ndarray:
        """Whether points at ``thetas`` on ``circles`` lie clearly inside blocked arcs."""
        circles = np.asarray(circles, dtype=int)
        if len(circles) == 0:
            return np.zeros(0, dtype=bool)
        flat = self.flat(False)
        th = np.mod(thetas, _TWO_PI)
        idx = np.searchsorted(flat["keys"], 8.0 * circles + th, side="right") - 1
        idx = np.maximum(idx, flat["first"][circles])
        rel = th - flat["starts"][idx]
        width = flat["ends"][idx] - flat["starts"][idx]
        # near the arc's ends, look at the neighbours too: blocked only if clearly inside
        away = (rel > _ANGLE_SLACK) & (rel < width - _ANGLE_SLACK)
        return flat["flags"][idx] & (away | (self._neighbours_flag(flat, idx, rel, width)))

    @staticmethod
    def _neighbours_flag(flat: dict[str, np.ndarray], idx: np.ndarray, rel: np.ndarray, width: np.ndarray) -> np.ndarray:
        # a circle's first arc (from 0) and last arc (to 2 pi) are the same arc cut at 0:
        # across that cut the neighbour is the arc itself
        n = len(flat["flags"])
        starts0 = flat["starts"][idx] == 0.0
        ends2pi = flat["ends"][idx] == _TWO_PI
        prev = np.where(starts0, idx, np.clip(idx - 1, 0, n - 1))
        nxt = np.where(ends2pi, idx, np.clip(idx + 1, 0, n - 1))
        near_start = rel <= _ANGLE_SLACK
        near_end = rel >= width - _ANGLE_SLACK
        # the neighbour across the boundary is blocked as well: still clearly blocked
        return (near_start & flat["flags"][prev]) | (near_end & flat["flags"][nxt])


def _space(board: Board, model_id: str, ignore: Iterable[str]) -> _Space:
    base = board.base(model_id)
    for other in ignore:
        board.base(other)  # an unknown id is an error, named
    return _space_cached(board, base.radius, frozenset({model_id, *ignore}))


def _outline(ring: np.ndarray, r: float, step: float = 0.02) -> LineString:
    """The closed outline of where a base of radius r starts overlapping the piece ``ring``
    (counter-clockwise): its edges offset by r, joined by arcs round the convex corners."""
    pts: list[np.ndarray] = []
    n = len(ring)
    for k in range(n):
        v, prev, nxt = ring[k], ring[k - 1], ring[(k + 1) % n]
        e_in, e_out = v - prev, nxt - v
        n_in = np.array([e_in[1], -e_in[0]]) / math.hypot(*e_in)
        n_out = np.array([e_out[1], -e_out[0]]) / math.hypot(*e_out)
        a0 = math.atan2(n_in[1], n_in[0])
        span = (math.atan2(n_out[1], n_out[0]) - a0) % _TWO_PI
        if e_in[0] * e_out[1] - e_in[1] * e_out[0] > 1e-12 and span < math.pi:  # convex corner: arc
            m = max(1, int(math.ceil(span * r / step)))
            ang = a0 + np.linspace(0.0, span, m + 1)
            pts.extend(v + r * np.stack([np.cos(ang), np.sin(ang)], axis=1))
        else:
            pts.extend([v + r * n_in, v + r * n_out])
    pts.append(pts[0])
    return LineString(np.asarray(pts, dtype=float))


def _outlines(space: _Space) -> list[LineString]:
    """The outlines of the difficult pieces (built on first use)."""
    if "outlines" not in space._cache:
        space._cache["outlines"] = [_outline(ring, space.r) for ring in space._cache["diff_rings"]]
    return space._cache["outlines"]


@dataclass(eq=False)
class _TerrainSpace:
    """The part of a :class:`_Space` that depends only on the static terrain, the table's size
    and the mover's radius (internal): built once per terrain layout, shared by every board of a
    game (the bases move, the terrain does not)."""

    labels: tuple[str, ...]
    cap_a: np.ndarray
    cap_b: np.ndarray
    cap_r: np.ndarray
    cap_owner: np.ndarray  # index into labels (terrain labels only)
    block_geom: BaseGeometry | None
    block_rings: list[np.ndarray]
    terrain_shapes: dict[int, Polygon]  # keyed like cap_owner
    dcap_a: np.ndarray
    dcap_b: np.ndarray
    diff_geom: BaseGeometry | None
    diff_rings: list[np.ndarray]
    diff_pieces: list[tuple[int, int, bool, Polygon]]
    offset_edges: list[tuple[np.ndarray, np.ndarray]]
    circ_c: np.ndarray  # corner circles of impassable then difficult pieces
    circ_r: np.ndarray
    circ_soft: np.ndarray
    samples: np.ndarray  # (S, 2) crossing samples on the difficult outlines
    sample_edge: list[int]


@functools.lru_cache(maxsize=64)
def _terrain_space(terrain: tuple[TerrainPiece, ...], r: float) -> _TerrainSpace:
    labels: list[str] = []
    cap_a: list[Sequence[float]] = []
    cap_b: list[Sequence[float]] = []
    cap_r: list[float] = []
    owner: list[int] = []
    circ_c: list[Sequence[float]] = []
    circ_r: list[float] = []
    soft: list[bool] = []
    block_shapes = []
    block_rings = []
    terrain_shapes: dict[int, Polygon] = {}
    for t in terrain:
        if t.movement != "blocked":
            continue
        o = len(labels)
        labels.append(f"terrain {t.id!r}")
        ring = _ring(t.polygon)
        block_rings.append(ring)
        block_shapes.append(Polygon(ring))
        terrain_shapes[o] = Polygon(ring)
        nxt = np.roll(ring, -1, axis=0)
        for p, q in zip(ring, nxt):
            cap_a.append(p)
            cap_b.append(q)
            cap_r.append(r)
            owner.append(o)
        for p in ring[_convex_corners(ring)]:
            circ_c.append(p)
            circ_r.append(r)
            soft.append(False)
    dcap_a: list[np.ndarray] = []
    dcap_b: list[np.ndarray] = []
    diff_shapes = []
    diff_rings = []
    samples: list[tuple[np.ndarray, int]] = []
    offset_edges: list[tuple[np.ndarray, np.ndarray]] = []
    diff_pieces: list[tuple[int, int, bool, Polygon]] = []  # capsule range, convex, shape
    for t in terrain:
        if t.movement != "difficult":
            continue
        ring = _ring(t.polygon)
        diff_rings.append(ring)
        diff_shapes.append(Polygon(ring))
        first = len(dcap_a)
        convex = bool(_convex_corners(ring).all())
        shape = Polygon(ring)
        shapely.prepare(shape)
        diff_pieces.append((first, first + len(ring), convex, shape))
        nxt = np.roll(ring, -1, axis=0)
        for p, q in zip(ring, nxt):
            dcap_a.append(p)
            dcap_b.append(q)
            # Candidate crossing points along the outer offset edge (where the base starts
            # or stops overlapping the piece).
            e = q - p
            length = float(np.hypot(*e))
            normal = np.array([e[1], -e[0]]) / length  # outward for a counter-clockwise ring
            a0, a1 = p + r * normal, q + r * normal
            offset_edges.append((a0, a1))
            count = max(1, int(math.ceil(length / DIFFICULT_SAMPLE_CM)))
            for s in np.linspace(0.0, 1.0, count + 1):
                samples.append((a0 + s * (a1 - a0), len(diff_rings) - 1))
        for p in ring[_convex_corners(ring)]:
            circ_c.append(p)
            circ_r.append(r)
            soft.append(True)
    block_geom = shapely.union_all(block_shapes) if block_shapes else None
    diff_geom = shapely.union_all(diff_shapes) if diff_shapes else None
    if block_geom is not None:
        shapely.prepare(block_geom)
    if diff_geom is not None:
        shapely.prepare(diff_geom)
    return _TerrainSpace(
        labels=tuple(labels),
        cap_a=np.array(cap_a, dtype=float).reshape(-1, 2),
        cap_b=np.array(cap_b, dtype=float).reshape(-1, 2),
        cap_r=np.array(cap_r, dtype=float),
        cap_owner=np.array(owner, dtype=int),
        block_geom=block_geom,
        block_rings=block_rings,
        terrain_shapes=terrain_shapes,
        dcap_a=np.array(dcap_a, dtype=float).reshape(-1, 2),
        dcap_b=np.array(dcap_b, dtype=float).reshape(-1, 2),
        diff_geom=diff_geom,
        diff_rings=diff_rings,
        diff_pieces=diff_pieces,
        offset_edges=offset_edges,
        circ_c=np.array(circ_c, dtype=float).reshape(-1, 2),
        circ_r=np.array(circ_r, dtype=float),
        circ_soft=np.array(soft, dtype=bool),
        samples=np.array([s[0] for s in samples], dtype=float).reshape(-1, 2),
        sample_edge=[s[1] for s in samples],
    )


@functools.lru_cache(maxsize=128)
def _space_cached(board: Board, r: float, excluded: frozenset[str]) -> _Space:
    # The terrain's part is cached on the static terrain (_terrain_space); only the bases are
    # added here. Order matters (it numbers capsules, labels and circles): bases first.
    ts = _terrain_space(board.terrain, r)
    bases = [b for b in board.bases if b.id not in excluded]
    n = len(bases)
    centres = np.array([b.center for b in bases], dtype=float).reshape(-1, 2)
    radii = np.array([r + b.radius for b in bases], dtype=float)
    xmin, ymin, xmax, ymax = r, r, board.width - r, board.depth - r
    space = _Space(
        r=r,
        width=board.width,
        depth=board.depth,
        bounds=(xmin, ymin, xmax, ymax),
        cap_a=np.concatenate([centres, ts.cap_a]),
        cap_b=np.concatenate([centres, ts.cap_b]),
        cap_r=np.concatenate([radii, ts.cap_r]),
        cap_owner=np.concatenate([np.arange(n, dtype=int), ts.cap_owner + n]),
        labels=tuple(f"model {b.id!r}" for b in bases) + ts.labels,
        block_geom=ts.block_geom,
        dcap_a=ts.dcap_a,
        dcap_b=ts.dcap_b,
        diff_geom=ts.diff_geom,
        circ_c=np.zeros((0, 2)),
        circ_r=np.zeros(0),
        circ_soft=np.zeros(0, dtype=bool),
        circ_edge=[],
        base_caps={b.id: i for i, b in enumerate(bases)},
    )
    space._cache["block_rings"] = ts.block_rings
    space._cache["diff_rings"] = ts.diff_rings
    space._cache["terrain_shapes"] = {o + n: shape for o, shape in ts.terrain_shapes.items()}
    space._cache["offset_edges"] = ts.offset_edges
    space._cache["diff_pieces"] = ts.diff_pieces
    circ_c = [centres, ts.circ_c]
    circ_r = [radii, ts.circ_r]
    soft = [np.zeros(n, dtype=bool), ts.circ_soft]
    circ_edge: list[int | None] = [None] * (n + len(ts.circ_r))
    if len(ts.samples):
        free = space.points_free(ts.samples)
        circ_c.append(ts.samples[free])
        circ_r.append(np.zeros(int(free.sum())))
        soft.append(np.ones(int(free.sum()), dtype=bool))
        circ_edge += [e for e, ok in zip(ts.sample_edge, free) if ok]
    space.circ_c = np.concatenate(circ_c).reshape(-1, 2)
    space.circ_r = np.concatenate(circ_r).astype(float)
    space.circ_soft = np.concatenate(soft).astype(bool)
    space.circ_edge = circ_edge
    return space


# =============================================================================================
# Tangent graph
# =============================================================================================


def _bitangents(ci: np.ndarray, ri: np.ndarray, cj: np.ndarray, rj: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Common tangents of circle pairs (ci, ri), (cj, rj): tangent points on each and the
    pair index. Up to 4 per pair (2 when a radius is 0, 1 between two points)."""
    v = cj - ci
    d = np.hypot(v[:, 0], v[:, 1])
    safe = np.where(d > 0, d, 1.0)
    u = v / safe[:, None]
    up = np.stack([-u[:, 1], u[:, 0]], axis=1)
    Ti, Tj, idx = [], [], []
    both_points = (ri == 0) & (rj == 0)
    some_point = (ri == 0) | (rj == 0)
    for s2 in (1.0, -1.0):
        with np.errstate(over="ignore", invalid="ignore"):
            cos_a = (s2 * rj - ri) / safe
        # a point lying on a circle (within the touching tolerance) has one tangent point:
        # its radial projection on the circle
        slack = 2.0 * TOUCH_TOLERANCE_CM / np.maximum(safe, 1e-9)
        cos_a = np.where(some_point & (np.abs(cos_a) > 1) & (np.abs(cos_a) <= 1 + slack), np.sign(cos_a), cos_a)
        ok = (d > 0) & (np.abs(cos_a) <= 1)
        if s2 < 0:
            ok &= ~some_point
        with np.errstate(over="ignore", invalid="ignore"):
            sin_a = np.sqrt(np.clip(1 - cos_a * cos_a, 0, None))
        for sgn in (1.0, -1.0):
            keep = ok & ~(both_points & (sgn < 0))
            n = cos_a[:, None] * u + sgn * sin_a[:, None] * up
            Ti.append((ci - ri[:, None] * n)[keep])
            Tj.append((cj - s2 * rj[:, None] * n)[keep])
            idx.append(np.nonzero(keep)[0])
    return np.concatenate(Ti), np.concatenate(Tj), np.concatenate(idx)


@dataclass(eq=False)
class _Graph:
    xy: np.ndarray
    pts: list[tuple[float, float]]
    circle: np.ndarray
    theta: np.ndarray
    adj: list[list[tuple[int, float, float]]]  # (neighbour, cost, arc span; 0 for a straight edge)
    by_circle: list[np.ndarray]
    by_circle_theta: list[np.ndarray]


def _angles(space: _Space, circles: np.ndarray, pts: np.ndarray) -> np.ndarray:
    rel = pts - space.circ_c[circles]
    th = np.mod(np.arctan2(rel[:, 1], rel[:, 0]), _TWO_PI)
    return np.where(space.circ_r[circles] > 0, th, 0.0)


def _on_free_arc(space: _Space, circles: np.ndarray, thetas: np.ndarray) -> np.ndarray:
    return ~space.angles_blocked(circles, thetas)


def _arc_costs(space: _Space, i: int | np.ndarray, thetas: np.ndarray, spans: np.ndarray) -> np.ndarray:
    """Cost of arcs (signed spans) on circle(s) ``i``; ``inf`` where blocked."""
    if len(thetas) == 0:
        return np.zeros(0)
    circles = np.broadcast_to(np.asarray(i, dtype=int), np.shape(thetas))
    R = space.circ_r[circles]
    blocked = space.arcs_measure(circles, thetas, spans, False) > _ANGLE_SLACK
    cost = R * (np.abs(spans) + space.arcs_measure(circles, thetas, spans, True))
    return np.where(blocked & (R > 0), _INF, np.where(R > 0, cost, 0.0))


def _graph(space: _Space) -> _Graph:
    if "graph" in space._cache:
        return space._cache["graph"]
    C = len(space.circ_r)
    I, J = np.triu_indices(C, k=1)  # noqa: E741  (the pair indices, as in the formulas)
    Ti, Tj, k = _bitangents(space.circ_c[I], space.circ_r[I], space.circ_c[J], space.circ_r[J])
    ci, cj = I[k], J[k]
    th_i, th_j = _angles(space, ci, Ti), _angles(space, cj, Tj)
    keep = _on_free_arc(space, ci, th_i) & _on_free_arc(space, cj, th_j)
    Ti, Tj, ci, cj, th_i, th_j = Ti[keep], Tj[keep], ci[keep], cj[keep], th_i[keep], th_j[keep]
    keep = space.segments_clear(Ti, Tj)
    Ti, Tj, ci, cj, th_i, th_j = Ti[keep], Tj[keep], ci[keep], cj[keep], th_i[keep], th_j[keep]
    costs = space.segment_costs(Ti, Tj)
    E = len(Ti)
    xy = np.concatenate([Ti, Tj]) if E else np.zeros((0, 2))
    circle = np.concatenate([ci, cj]) if E else np.zeros(0, dtype=int)
    theta = np.concatenate([th_i, th_j]) if E else np.zeros(0)
    adj: list[list[tuple[int, float, float]]] = [[] for _ in range(2 * E)]
    for e in range(E):
        c = float(costs[e])
        adj[e].append((e + E, c, 0.0))
        adj[e + E].append((e, c, 0.0))
    order = np.lexsort((theta, circle))
    a, b, spans = _ring_pairs(circle[order], theta[order], order)
    costs_arc = _arc_costs(space, circle[a], theta[a], spans)
    for x, y, c, sp in zip(a.tolist(), b.tolist(), costs_arc.tolist(), spans.tolist()):
        if math.isfinite(c):
            adj[x].append((y, c, sp))
            adj[y].append((x, c, -sp))
    by_circle = []
    by_theta = []
    for i in range(C):
        nodes = order[circle[order] == i]
        by_circle.append(nodes)
        by_theta.append(theta[nodes])
    graph = _Graph(xy=xy, pts=[(float(x), float(y)) for x, y in xy], circle=circle, theta=theta, adj=adj,
                   by_circle=by_circle, by_circle_theta=by_theta)
    space._cache["graph"] = graph
    return graph


def _ring_pairs(circ: np.ndarray, theta: np.ndarray, ids: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For nodes sorted by (circle, angle): every pair of angularly consecutive nodes of a
    circle, counter-clockwise (the last wrapping to the first): (from ids, to ids, spans)."""
    n = len(circ)
    if n < 2:
        return np.zeros(0, int), np.zeros(0, int), np.zeros(0)
    same = circ[1:] == circ[:-1]
    a = list(np.nonzero(same)[0])
    b = [k + 1 for k in a]
    # wrap: last node of each circle to its first (circles with 2 or more nodes)
    starts = np.concatenate([[0], np.nonzero(~same)[0] + 1])
    ends = np.concatenate([np.nonzero(~same)[0], [n - 1]])
    many = ends > starts
    a = np.concatenate([np.array(a, dtype=int), ends[many]])
    b = np.concatenate([np.array(b, dtype=int), starts[many]])
    spans = np.mod(theta[b] - theta[a], _TWO_PI)
    return ids[a], ids[b], spans


class _Query:
    """The cached graph plus query points (start, destination, targets), without touching the cache."""

    def __init__(self, space: _Space, graph: _Graph):
        self.space = space
        self.g = graph
        self.n0 = len(graph.pts)
        self.pts: list[tuple[float, float]] = []
        self.circle: list[int] = []
        self.theta: list[float] = []
        self.extra: dict[int, list[tuple[int, float, float]]] = defaultdict(list)
        self.pending: dict[int, list[int]] = defaultdict(list)  # circle -> new nodes on it
        self.crossing: dict[int, int | None] = {}  # exit / entry points -> the outline they lie on

    def point(self, n: int) -> tuple[float, float]:
        return self.g.pts[n] if n < self.n0 else self.pts[n - self.n0]

    def circle_of(self, n: int) -> int:
        return int(self.g.circle[n]) if n < self.n0 else self.circle[n - self.n0]

    def neighbours(self, n: int) -> list[tuple[int, float, float]]:
        if n < self.n0:
            extra = self.extra.get(n)
            return self.g.adj[n] + extra if extra else self.g.adj[n]
        return self.extra.get(n, [])

    def add_node(self, p: Sequence[float], circle: int = -1, theta: float = 0.0) -> int:
        self.pts.append((float(p[0]), float(p[1])))
        self.circle.append(circle)
        self.theta.append(theta)
        n = self.n0 + len(self.pts) - 1
        if circle >= 0:
            self.pending[circle].append(n)
        return n

    def add_edge(self, a: int, b: int, cost: float, span: float = 0.0) -> None:
        self.extra[a].append((b, cost, span))

    def attach(self, p: Sequence[float], outgoing: bool) -> int:
        """A free point joined to the graph by its clear tangents to every circle
        (``outgoing``: edges from it, else edges to it)."""
        space = self.space
        node = self.add_node(p)
        C = len(space.circ_r)
        if C == 0:
            return node
        P = np.tile(np.asarray(p, dtype=float), (C, 1))
        _, T, k = _bitangents(P, np.zeros(C), space.circ_c, space.circ_r)
        th = _angles(space, k, T)
        keep = _on_free_arc(space, k, th)
        T, k, th = T[keep], k[keep], th[keep]
        Pk = np.tile(np.asarray(p, dtype=float), (len(T), 1))
        clear = space.segments_clear(Pk, T)
        T, k, th, Pk = T[clear], k[clear], th[clear], Pk[clear]
        costs = space.segment_costs(Pk, T) if len(T) else np.zeros(0)
        for t, ci, a, c in zip(T, k, th, costs):
            m = self.add_node(t, int(ci), float(a))
            if outgoing:
                self.add_edge(node, m, float(c))
            else:
                self.add_edge(m, node, float(c))
        return node

    def finalize(self) -> None:
        """Arc edges between the new nodes on circles and their angular neighbours."""
        if not self.pending:
            return
        new = np.array([n for nodes in self.pending.values() for n in nodes], dtype=int)
        self.pending.clear()
        new_c = np.array([self.circle[n - self.n0] for n in new], dtype=int)
        new_t = np.array([self.theta[n - self.n0] for n in new])
        touched = np.unique(new_c)
        old = np.concatenate([self.g.by_circle[i] for i in touched]) if len(touched) else np.zeros(0, int)
        ids = np.concatenate([old, new])
        circ = np.concatenate([self.g.circle[old], new_c])
        th = np.concatenate([self.g.theta[old], new_t])
        order = np.lexsort((th, circ))
        a, b, spans = _ring_pairs(circ[order], th[order], ids[order])
        keep = (a >= self.n0) | (b >= self.n0)
        a, b, spans = a[keep], b[keep], spans[keep]
        circles = np.array([self.circle_of(int(x)) for x in a], dtype=int)
        thetas = np.array([self.g.theta[x] if x < self.n0 else self.theta[x - self.n0] for x in a.tolist()])
        costs = _arc_costs(self.space, circles, thetas, spans)
        for x, y, c, sp in zip(a.tolist(), b.tolist(), costs.tolist(), spans.tolist()):
            if math.isfinite(c):
                self.extra[x].append((y, c, sp))
                self.extra[y].append((x, c, -sp))

    def search(self, src: int, goal: int | None = None, cutoff: float = _INF,
               heuristic: Any = None) -> tuple[dict[int, float], dict[int, tuple[int, float]]]:
        """A* (or Dijkstra without a goal) from ``src``; costs and predecessors (node, arc span)."""
        dist: dict[int, float] = {src: 0.0}
        pred: dict[int, tuple[int, float]] = {}
        done: set[int] = set()
        if heuristic is None and goal is not None:
            gx, gy = self.point(goal)
            heuristic = lambda p: math.hypot(p[0] - gx, p[1] - gy)  # noqa: E731
        h = heuristic or (lambda p: 0.0)
        heap = [(h(self.point(src)), 0.0, src)]
        while heap:
            f, g, n = heapq.heappop(heap)
            if n in done:
                continue
            if g > cutoff:
                break
            done.add(n)
            if n == goal:
                break
            for m, c, span in self.neighbours(n):
                ng = g + c
                if ng < dist.get(m, _INF):
                    dist[m] = ng
                    pred[m] = (n, span)
                    heapq.heappush(heap, (ng + h(self.point(m)), ng, m))
        return dist, pred

    def polyline(self, pred: dict[int, tuple[int, float]], src: int, dst: int, bump: float) -> list[tuple[float, float]]:
        steps: list[tuple[int, float]] = []
        n = dst
        while n != src:
            p, span = pred[n]
            steps.append((n, span))
            n = p
        steps.reverse()
        out = [self.point(src)]
        prev = src
        for n, span in steps:
            i = self.circle_of(n)
            if span != 0.0 and i >= 0 and self.space.circ_r[i] > 0:
                c = self.space.circ_c[i]
                a = self.point(prev)
                out.extend(_arc_points(c, float(self.space.circ_r[i]), math.atan2(a[1] - c[1], a[0] - c[0]), span, bump))
            out.append(self.point(n))
            prev = n
        return out


def _arc_points(c: np.ndarray, R: float, theta: float, span: float, bump: float) -> list[tuple[float, float]]:
    """Inner corners of a polyline following the arc of circle (c, R) from ``theta`` over
    ``span`` with every segment tangent to the arc (never inside it), corners at most
    ``bump`` outside."""
    step = 2.0 * math.acos(R / (R + bump))
    m = max(1, int(math.ceil(abs(span) / step)))
    delta = span / m
    rr = R / math.cos(delta / 2.0)
    return [(float(c[0] + rr * math.cos(theta + (k + 0.5) * delta)), float(c[1] + rr * math.sin(theta + (k + 0.5) * delta)))
            for k in range(m)]


def _poly_clear(space: _Space, pts: Sequence[Sequence[float]]) -> bool:
    if len(pts) < 2:
        return bool(space.points_free(np.asarray(pts, dtype=float)).all())
    a = np.asarray(pts, dtype=float)
    return bool(space.segments_clear(a[:-1], a[1:]).all())


def _poly_measure(space: _Space, pts: Sequence[Sequence[float]]) -> tuple[float, float]:
    """(length, cost) of a polyline."""
    if len(pts) < 2:
        return 0.0, 0.0
    a = np.asarray(pts, dtype=float)
    length = float(np.hypot(*(a[1:] - a[:-1]).T).sum())
    return length, float(space.segment_costs(a[:-1], a[1:]).sum())


def _refine_crossings(space: _Space, pts: list[tuple[float, float]], edges: list[int | None]
                      ) -> list[tuple[float, float]]:
    """Slide each crossing point of a difficult-terrain boundary along its outline (edges
    and rounded corners) to lower the cost (approaching Snell's law), and drop crossing
    points that a clear shortcut makes useless. Every change keeps the path legal and never
    raises its cost."""
    pts = list(pts)
    edges = list(edges)
    outlines = _outlines(space)

    def legs(a: Sequence[float], xs: np.ndarray, b: Sequence[float]) -> np.ndarray:
        n = len(xs)
        A = np.tile(np.asarray(a, dtype=float), (n, 1))
        B = np.tile(np.asarray(b, dtype=float), (n, 1))
        p0 = np.vstack([A, xs])  # both legs at once: a -> x, then x -> b
        p1 = np.vstack([xs, B])
        ok = space.segments_clear(p0, p1)
        cost = space.segment_costs(p0, p1)
        return np.where(ok[:n] & ok[n:], cost[:n] + cost[n:], _INF)

    for _ in range(2):
        changed = False
        k = 1
        while k < len(pts) - 1:
            edge = edges[k]
            if edge is None:
                k += 1
                continue
            a, b = pts[k - 1], pts[k + 1]
            here = np.asarray([pts[k]], dtype=float)
            current = float(legs(a, here, b)[0])
            line = outlines[edge]
            length = line.length
            best_x, best = here[0], current
            s_best = float(line.project(shapely.Point(pts[k])))
            # once round the whole outline, then zoom in on the best spot
            grid = np.linspace(0.0, length, 64, endpoint=False)
            step = length / 64
            for _zoom in range(5):
                xs = shapely.get_coordinates(shapely.line_interpolate_point(line, np.mod(grid, length)))
                vals = legs(a, xs, b)
                j = int(np.argmin(vals))
                if vals[j] < best:
                    best, best_x, s_best = float(vals[j]), xs[j], float(grid[j])
                grid = s_best + np.linspace(-step, step, 17)
                step /= 8
            if best < current - 1e-12:
                pts[k] = (float(best_x[0]), float(best_x[1]))
                changed = True
                current = best
            # a point that does not help (e.g. on a straight stretch) goes
            shortcut = float(legs(a, np.asarray([b], dtype=float), b)[0])  # a -> b -> b
            if shortcut <= current + 1e-12:
                del pts[k]
                del edges[k]
                changed = True
                continue
            k += 1
        if not changed:
            break
    return pts


def _exits(space: _Space, q: _Query, node: int, p: Point, outgoing: bool) -> None:
    """For a point over difficult terrain: the feet of its perpendiculars on the nearby
    boundaries of the difficult area, as refinable crossing nodes joined to it (the quick
    way out of, or into, the difficult area)."""
    if space.diff_geom is None or not space._point_difficult(np.asarray([p], dtype=float))[0]:
        return
    P = np.asarray(p, dtype=float)
    for e0, e1 in space._cache["offset_edges"]:
        v = e1 - e0
        t = float(np.clip((P - e0) @ v / (v @ v), 0.0, 1.0))
        foot = e0 + t * v
        if float(np.hypot(*(foot - P))) > 2.0 * space.r + 1e-9:
            continue
        F = foot[None, :]
        if not space.points_free(F)[0]:
            continue
        A, B = (P[None, :], F) if outgoing else (F, P[None, :])
        if not space.segments_clear(A, B)[0]:
            continue
        m = q.attach(foot, outgoing=outgoing)
        q.crossing[m] = _outline_of(space, foot)
        cost = float(space.segment_costs(A, B)[0])
        if outgoing:
            q.add_edge(node, m, cost)
        else:
            q.add_edge(m, node, cost)


def _shortest(space: _Space, start: Point, goal: Point) -> list[tuple[float, float]] | None:
    """The cheapest path from ``start`` to ``goal`` (both legal positions), or None."""
    graph = _graph(space)
    q = _Query(space, graph)
    s = q.attach(start, outgoing=True)
    g = q.attach(goal, outgoing=False)
    _exits(space, q, s, start, True)
    _exits(space, q, g, goal, False)
    S = np.asarray([start], dtype=float)
    G = np.asarray([goal], dtype=float)
    if space.segments_clear(S, G)[0]:
        q.add_edge(s, g, float(space.segment_costs(S, G)[0]))
    q.finalize()
    dist, pred = q.search(s, g)
    if g not in dist:
        return None
    if _DEBUG is not None:  # tests: the graph's price of the path against the drawn path's exact cost
        _DEBUG.append((dist[g], _poly_measure(space, q.polyline(pred, s, g, ARC_BUMP_CM))[1]))
    return _finish_path(space, q, pred, s, g)


_DEBUG: list[tuple[float, float]] | None = None
"""Set to a list by tests to collect (graph cost, exact cost of the unrefined polyline) pairs."""


def _finish_path(space: _Space, q: _Query, pred: dict[int, tuple[int, float]], s: int, g: int) -> list[tuple[float, float]]:
    pts: list[tuple[float, float]] = []
    for bump in (ARC_BUMP_CM, ARC_BUMP_CM / 10, ARC_BUMP_CM / 100, ARC_BUMP_CM / 1000, ARC_BUMP_CM / 10000):
        pts = q.polyline(pred, s, g, bump)
        if _poly_clear(space, pts):
            break
    if space.diff_geom is None:
        return _dedupe(pts)
    # Crossing points on difficult boundaries (graph samples on them, ways out), tagged
    # with their outline; several nodes of one sample are one point of the path.
    tags: dict[tuple[float, float], int] = {}
    n = g
    while n != s:
        i = q.circle_of(n)
        edge = space.circ_edge[i] if i >= 0 else q.crossing.get(n)
        if edge is not None:
            tags[q.point(n)] = edge
        n = pred[n][0]
    pts = _dedupe(pts)
    edges: list[int | None] = [tags.get(p) if 0 < k < len(pts) - 1 else None for k, p in enumerate(pts)]
    has_crossing = any(e is not None for e in edges)
    pts, edges, found = _with_boundary_crossings(space, pts, edges)
    has_crossing = has_crossing or found
    if has_crossing:
        pts = _refine_crossings(space, pts, edges)
    return _dedupe(pts)


def _outline_of(space: _Space, x: Sequence[float], tol: float = 1e-3) -> int | None:
    """The difficult outline that ``x`` lies on (within ``tol``), if any."""
    point = shapely.Point(x)
    best, which = tol, None
    for k, line in enumerate(_outlines(space)):
        d = line.distance(point)
        if d < best:
            best, which = d, k
    return which


def _with_boundary_crossings(space: _Space, pts: list[tuple[float, float]], edges: list[int | None]
                             ) -> tuple[list[tuple[float, float]], list[int | None], bool]:
    """Insert the points where the path starts or stops being over difficult terrain, each
    with the outline it lies on, so that the refinement can slide them (refraction)."""
    a = np.asarray(pts, dtype=float)
    if len(a) < 2:
        return pts, edges, False
    ivs = space.difficult_intervals(a[:-1], a[1:])
    out_p: list[tuple[float, float]] = [pts[0]]
    out_e: list[int | None] = [edges[0]]
    found = False
    for i, row in enumerate(ivs):
        for t in sorted(t for iv in row for t in iv if 1e-9 < t < 1 - 1e-9):
            x = a[i] + t * (a[i + 1] - a[i])
            which = _outline_of(space, x)
            if which is not None:
                out_p.append((float(x[0]), float(x[1])))
                out_e.append(which)
                found = True
        out_p.append(pts[i + 1])
        out_e.append(edges[i + 1])
    return out_p, out_e, found


def _dedupe(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out = [pts[0]]
    for p in pts[1:]:
        if math.hypot(p[0] - out[-1][0], p[1] - out[-1][1]) > 1e-12:
            out.append(p)
    if len(out) == 1 and len(pts) > 1:
        out.append(pts[-1])
    return out


# =============================================================================================
# Messages and diagnostics
# =============================================================================================


def _fmt(x: float, digits: int = 1) -> str:
    """A distance for a sentence: rounded to 0.1 cm (RUL-07), without a useless ``.0``."""
    text = f"{x:.{digits}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _fmt_pair(needed: float, allowed: float) -> tuple[str, str]:
    """Format two distances so that a difference is never rounded away."""
    for digits in (1, 2, 3, 4, 6):
        a, b = _fmt(needed, digits), _fmt(allowed, digits)
        if a != b:
            return a, b
    return _fmt(needed, 6), _fmt(allowed, 6)


def _xy(p: Sequence[float]) -> str:
    return f"({_fmt(p[0], 2)}, {_fmt(p[1], 2)})"


def _label(board: Board, model_id: str) -> str:
    return f"Model {model_id!r}"


@dataclass(frozen=True)
class _Obstacle:
    label: str
    shape: BaseGeometry  # physical footprint (bases exact discs handled apart)
    center: tuple[float, float] | None = None
    radius: float = 0.0


def _physical(board: Board, excluded: frozenset[str]) -> list[_Obstacle]:
    obs = [_Obstacle(f"model {b.id!r}", b.shape, b.center, b.radius) for b in board.bases if b.id not in excluded]
    obs += [_Obstacle(f"terrain {t.id!r}", t.shape) for t in board.terrain_of("blocked")]
    w, d = board.width, board.depth
    for name, line in (("the south table edge", ((0, 0), (w, 0))), ("the north table edge", ((0, d), (w, d))),
                       ("the west table edge", ((0, 0), (0, d))), ("the east table edge", ((w, 0), (w, d)))):
        obs.append(_Obstacle(name, LineString(line)))
    return obs


def _gap(a: _Obstacle, b: _Obstacle) -> tuple[float, tuple[float, float], tuple[float, float]]:
    """Physical gap between two obstacles and its end points."""
    if a.center is not None and b.center is not None:
        ca, cb = np.asarray(a.center), np.asarray(b.center)
        v = cb - ca
        dist = float(np.hypot(*v))
        u = v / dist if dist > 0 else np.array([1.0, 0.0])
        pa, pb = ca + a.radius * u, cb - b.radius * u
        return max(dist - a.radius - b.radius, 0.0), tuple(pa), tuple(pb)  # type: ignore[return-value]
    line = shapely.shortest_line(a.shape, b.shape)
    (x0, y0), (x1, y1) = line.coords
    return float(a.shape.distance(b.shape)), (x0, y0), (x1, y1)


def _free_polygon(space: _Space, board: Board, excluded: frozenset[str]) -> BaseGeometry:
    """Free space of the centre as a polygon (shapely approximation, for diagnostics and
    clipping the reach region; the arcs of inflated obstacles lie within 0.0002 cm)."""
    key = "free_polygon"
    if key in space._cache:
        return space._cache[key]
    r = space.r
    xmin, ymin, xmax, ymax = space.bounds
    if xmin > xmax or ymin > ymax:
        free: BaseGeometry = Polygon()
    else:
        shapes = [shapely.Point(b.center).buffer(r + b.radius, quad_segs=CIRCLE_RESOLUTION)
                  for b in board.bases if b.id not in excluded]
        shapes += [t.shape.buffer(r, quad_segs=CIRCLE_RESOLUTION) for t in board.terrain_of("blocked")]
        free = shapely.box(xmin, ymin, xmax, ymax)
        if shapes:
            free = free.difference(shapely.union_all(shapes))
    space._cache[key] = free
    return free


def _component(geom: BaseGeometry, p: Sequence[float]) -> BaseGeometry | None:
    point = shapely.Point(p)
    parts = list(getattr(geom, "geoms", [geom]))
    best = min(parts, key=lambda g: g.distance(point), default=None)
    if best is None or best.distance(point) > 1e-3:
        return None
    return best


def _narrowest_gap(board: Board, space: _Space, excluded: frozenset[str], start: Point, goal: Point
                   ) -> tuple[float, tuple[float, float], tuple[str, str]] | None:
    """The narrowest too-narrow gap (between obstacles whose inflated shapes close the way)
    across the straight corridor from ``start`` to ``goal``; or the one nearest to it."""
    free = _free_polygon(space, board, excluded)
    comp_s, comp_g = _component(free, start), _component(free, goal)
    if comp_s is None or comp_g is None:
        return None
    walls_region = shapely.box(-1, -1, board.width + 1, board.depth + 1).difference(free)
    walls = [w for w in getattr(walls_region, "geoms", [walls_region])
             if w.distance(comp_s) < 1e-3 and w.distance(comp_g) < 1e-3]
    obstacles = _physical(board, excluded)
    corridor = LineString([start, goal])
    candidates = []
    for i in range(len(obstacles)):
        for j in range(i + 1, len(obstacles)):
            a, b = obstacles[i], obstacles[j]
            if a.label.endswith("table edge") and b.label.endswith("table edge"):
                continue
            if a.shape.distance(b.shape) >= 2 * space.r - TOUCH_TOLERANCE_CM:
                continue
            width, pa, pb = _gap(a, b)
            mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
            if not any(w.distance(shapely.Point(mid)) < 1e-3 for w in walls):
                continue
            seg = LineString([pa, pb]) if pa != pb else shapely.Point(pa)
            crosses = seg.intersects(corridor)
            candidates.append((not crosses, seg.distance(corridor) if not crosses else 0.0, width, mid, (a.label, b.label)))
    if not candidates:
        return None
    _, _, width, mid, labels = min(candidates, key=lambda c: (c[0], c[1], c[2]))
    return width, mid, labels


def _check_start(space: _Space, board: Board, model_id: str) -> Point:
    start = board.base(model_id).center
    if not space.points_free(np.asarray([start]))[0]:
        what = space.overlaps(start)
        if what:
            names = " and ".join(space.labels[o] for o, _ in what)
            raise GeometryError(f"Model {model_id!r} at {_xy(start)} already overlaps {names}; "
                                "a move cannot start from an overlapping position.")
        raise GeometryError(f"Model {model_id!r} at {_xy(start)} is not wholly on the table; "
                            "a move cannot start there.")
    return start


def _check_point(p: Any, what: str) -> Point:
    try:
        x, y = float(p[0]), float(p[1])
    except (TypeError, ValueError, IndexError):
        raise GeometryError(f"The {what} {p!r} is not a point (x, y) in cm.") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise GeometryError(f"The {what} {p!r} is not a finite point.")
    return (x, y)


def _check_allowance(allowance_cm: float, what: str = "allowance") -> float:
    a = float(allowance_cm)
    if not a >= 0 or math.isnan(a):
        raise GeometryError(f"The {what} must be 0 cm or more; got {allowance_cm!r}.")
    return a


def _off_table_by(space: _Space, p: Point) -> float:
    xmin, ymin, xmax, ymax = space.bounds
    return max(xmin - p[0], p[0] - xmax, ymin - p[1], p[1] - ymax, 0.0)


def _destination_problem(space: _Space, board: Board, model_id: str, start: Point, to: Point,
                         allowance: float, excluded: frozenset[str]) -> MoveResult | None:
    """An ``off_table`` or ``destination_blocked`` result, or None if ``to`` is a legal spot."""
    base = board.base(model_id)
    who = _label(board, model_id)
    off = _off_table_by(space, to)
    common = dict(model=model_id, legal=False, start=start, end=to, path=(), path_length_cm=_INF, cost_cm=_INF,
                  allowance_cm=allowance)
    if off > TOUCH_TOLERANCE_CM:
        return MoveResult(**common, reason="off_table",  # type: ignore[arg-type]
                          message=f"{who} cannot end at {_xy(to)}: its {_fmt(base.diameter_mm)} mm base would stick out "
                                  f"{_fmt(off, 2)} cm over the table edge; a base stays wholly on the table (RUL-17).")
    if space.points_free(np.asarray([to]))[0]:
        return None
    what = space.overlaps(to)
    names = tuple(space.labels[o] for o, _ in what)
    depth = what[0][1] if what else 0.0
    gap = None
    gap_at = None
    if len(names) >= 2:
        obstacles = {o.label: o for o in _physical(board, excluded)}
        width, pa, pb = _gap(obstacles[names[0]], obstacles[names[1]])
        gap, gap_at = width, ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
    listing = " and ".join(names) if names else "an obstacle"
    msg = f"{who} cannot end at {_xy(to)}: its base would overlap {listing}"
    msg += f" (by {_fmt(depth, 2)} cm)." if depth > 0 else "."
    if gap is not None:
        msg += (f" The gap between {names[0]} and {names[1]} is {_fmt(gap, 2)} cm wide; the base needs "
                f"{_fmt(2 * space.r, 2)} cm.")
    return MoveResult(**common, reason="destination_blocked", message=msg,  # type: ignore[arg-type]
                      narrowest_gap_cm=gap, gap_at=gap_at, blocked_by=names)


def _result_for_path(model_id: str, who: str, start: Point, to: Point, pts: Sequence[tuple[float, float]],
                     space: _Space, allowance: float) -> MoveResult:
    length, cost = _poly_measure(space, pts)
    legal = cost <= allowance + ALLOWANCE_SLACK_CM
    extra = cost > length + 1e-9
    if legal:
        msg = f"{who} can move to {_xy(to)}: the path is {_fmt(length, 2)} cm long"
        if extra:
            msg += f" and costs {_fmt(cost, 2)} cm (difficult terrain counts double, RUL-17)"
        msg += f", within its {_fmt(allowance, 2)} cm."
        reason = None
    else:
        needed, allowed = _fmt_pair(cost, allowance)
        msg = f"{who} needs {needed} cm but may move {allowed} cm to get to {_xy(to)}."
        if extra:
            msg += f" Its path is {_fmt(length, 2)} cm long; difficult terrain counts double (RUL-17)."
        reason = "too_far"
    return MoveResult(model=model_id, legal=legal, start=start, end=to, path=tuple(pts), path_length_cm=length,
                      cost_cm=cost, allowance_cm=allowance, reason=reason, message=msg)  # type: ignore[arg-type]


# =============================================================================================
# Public API: voluntary moves
# =============================================================================================


def plan_move(board: Board, model_id: str, to: Point, allowance_cm: float, *, ignore: Iterable[str] = ()) -> MoveResult:
    """The cheapest legal way for ``model_id``'s base to slide to ``to`` (R-MOVE,
    R-TERRAIN-KINDS, RUL-17), or why it cannot.

    Obstacles: impassable terrain and every other base except those in ``ignore``; markers
    never block (PRJ-40). Touching is allowed (within :data:`TOUCH_TOLERANCE_CM`); a cost
    exactly equal to the allowance is legal. Difficult terrain costs double while any part of
    the base is over it. See the module docstring for the guarantees.

    Raises
    ------
    GeometryError
        Unknown model, a start position that already overlaps something, a bad point or a
        negative allowance.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board, TerrainPiece
    >>> wall = TerrainPiece("wall", ((10, 0), (12, 0), (12, 20), (10, 20)))
    >>> board = Board(terrain=(wall,), bases=(Base("a", 5, 10, 30),))
    >>> res = plan_move(board, "a", (20, 10), 30)       # around the end of the wall
    >>> res.legal, len(res.path) > 2, round(res.path_length_cm, 2)
    (True, True, 29.18)
    >>> plan_move(board, "a", (8.5, 10), 5).legal         # base edge exactly touching the wall
    True
    >>> plan_move(board, "a", (8.6, 10), 5).reason
    'destination_blocked'
    >>> plan_move(board, "a", (1.4, 10), 5).reason        # 1 mm over the table edge
    'off_table'
    >>> dune = TerrainPiece("dune", ((20, 0), (30, 0), (30, 60), (20, 60)), movement="difficult")
    >>> res = plan_move(Board(terrain=(dune,), bases=(Base("a", 10, 30, 30),)), "a", (40, 30), 60)
    >>> round(res.path_length_cm, 6), round(res.cost_cm, 6)   # 10 + 3 cm (base width) over it
    (30.0, 43.0)
    """
    space = _space(board, model_id, ignore)
    excluded = frozenset({model_id, *ignore})
    start = _check_start(space, board, model_id)
    to = _check_point(to, "destination")
    allowance = _check_allowance(allowance_cm)
    who = _label(board, model_id)
    problem = _destination_problem(space, board, model_id, start, to, allowance, excluded)
    if problem is not None:
        return problem
    S = np.asarray([start])
    G = np.asarray([to])
    if space.segments_clear(S, G)[0]:
        cost = float(space.segment_costs(S, G)[0])
        if cost <= math.hypot(to[0] - start[0], to[1] - start[1]) + 1e-12:  # straight and no difficult terrain
            pts = [start, to] if start != to else [start]
            return _result_for_path(model_id, who, start, to, pts, space, allowance)
    pts = _shortest(space, start, to)
    if pts is None:
        gap = _narrowest_gap(board, space, excluded, start, to)
        msg = f"{who} cannot get to {_xy(to)}: there is no room for its {_fmt(board.base(model_id).diameter_mm)} mm base to pass."
        if gap is not None:
            width, mid, (la, lb) = gap
            msg += (f" The narrowest gap on the way, between {la} and {lb} at {_xy(mid)}, is {_fmt(width, 2)} cm wide; "
                    f"the base needs {_fmt(2 * space.r, 2)} cm.")
        return MoveResult(model=model_id, legal=False, start=start, end=to, path=(), path_length_cm=_INF, cost_cm=_INF,
                          allowance_cm=allowance, reason="no_room", message=msg,
                          narrowest_gap_cm=gap[0] if gap else None, gap_at=gap[1] if gap else None,
                          blocked_by=gap[2] if gap else ())
    return _result_for_path(model_id, who, start, to, pts, space, allowance)


def straight_moves(board: Board, model_id: str, points: Any, allowance_cm: float, *,
                   ignore: Iterable[str] = ()) -> np.ndarray:
    """Which of ``points`` ``model_id`` reaches by a straight slide over open ground, all tested
    at once (R-MOVE, R-TERRAIN-KINDS, RUL-17).

    A point passes when its spot is free and on the table, the straight slide to it is clear
    (touching allowed), no part of the slide is over difficult terrain and its length is at
    most the allowance. These are exactly the moves :func:`plan_move` settles without a path
    search, and for them it gives the same verdict: every point that passes is a legal move
    whose path is the straight slide. A point that fails may still be legal by a detour or
    across difficult ground (ask :func:`plan_move`). A start that already overlaps something
    makes every point fail (:func:`plan_move` refuses such a move).

    Parameters
    ----------
    board
        The table.
    model_id
        The mover.
    points
        Destinations, an array-like of shape (N, 2) in cm.
    allowance_cm
        The Movement available, in cm.
    ignore
        Ids of bases that do not block, as in :func:`plan_move`.

    Returns
    -------
    numpy.ndarray
        N booleans.

    Raises
    ------
    GeometryError
        Unknown model id.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board, TerrainPiece
    >>> dune = TerrainPiece("dune", ((20, 0), (30, 0), (30, 60), (20, 60)), movement="difficult")
    >>> board = Board(terrain=(dune,), bases=(Base("a", 10, 10, 30), Base("b", 10, 20, 30)))
    >>> # touching b; overlapping b; open ground; beyond b; touching the dune; over it; off the table
    >>> straight_moves(board, "a", [(10, 17.0), (10, 17.1), (5, 10), (10, 30), (18.5, 10), (18.6, 10), (1.4, 10)], 10)
    array([ True, False,  True, False,  True, False, False])
    """
    space = _space(board, model_id, ignore)
    pts = np.asarray(points, dtype=float).reshape(-1, 2)
    start = np.asarray(board.base(model_id).center, dtype=float)
    if len(pts) == 0 or not space.points_free(start[None, :])[0]:
        return np.zeros(len(pts), dtype=bool)
    starts = np.broadcast_to(start, pts.shape)
    length = np.hypot(pts[:, 0] - start[0], pts[:, 1] - start[1])
    ok = (length <= float(allowance_cm) + ALLOWANCE_SLACK_CM) & space.points_free(pts)
    idx = np.nonzero(ok)[0]
    if len(idx):
        clear = space.segments_clear(starts[idx], pts[idx])
        idx = idx[clear]
        ok[:] = False
        ok[idx] = True
    if len(idx) and space.diff_geom is not None:
        cost = space.segment_costs(starts[idx], pts[idx])
        ok[idx[cost > length[idx] + 1e-12]] = False
    return ok


def can_move(board: Board, model_id: str, to: Point, allowance_cm: float, *, ignore: Iterable[str] = ()) -> bool:
    """Whether :func:`plan_move` finds the move legal.

    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 10, 10, 30), Base("b", 13, 10, 30)))
    >>> can_move(board, "a", (10, 20), 10), can_move(board, "a", (10, 20.1), 10)
    (True, False)
    >>> can_move(board, "a", (16, 10), 9), can_move(board, "a", (16, 10), 9.5)   # around b: 3 pi cm
    (False, True)
    >>> can_move(board, "a", (16, 10), 6, ignore=("b",))
    True
    """
    return plan_move(board, model_id, to, allowance_cm, ignore=ignore).legal


def path_cost(board: Board, model_id: str, path: Sequence[Point], *, ignore: Iterable[str] = ()) -> tuple[float, float]:
    """(length, cost) in cm of a given centre path for ``model_id``'s base: the cost counts
    stretches over difficult terrain double (RUL-17; touching a difficult piece is not being
    over it). Exact; does not check that the path is clear (see :func:`path_is_clear`).

    >>> from landsraad.geometry.board import Base, Board, TerrainPiece
    >>> dune = TerrainPiece("dune", ((20, 0), (30, 0), (30, 60), (20, 60)), movement="difficult")
    >>> board = Board(terrain=(dune,), bases=(Base("a", 10, 30, 30),))
    >>> [round(x, 9) for x in path_cost(board, "a", [(10, 30), (18.5, 30)])]  # edge touching the dune: not over
    [8.5, 8.5]
    >>> [round(x, 9) for x in path_cost(board, "a", [(10, 30), (19.5, 30)])]  # 1 cm over it
    [9.5, 10.5]
    """
    space = _space(board, model_id, ignore)
    pts = [_check_point(p, "path point") for p in path]
    return _poly_measure(space, pts)


def path_is_clear(board: Board, model_id: str, path: Sequence[Point], *, ignore: Iterable[str] = ()) -> bool:
    """Whether ``model_id``'s base can slide along ``path`` (centre polyline) without
    overlapping an obstacle or leaving the table (R-MOVE, RUL-17; touching allowed).

    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 10, 10, 30), Base("b", 20, 13, 30)))
    >>> path_is_clear(board, "a", [(10, 10), (30, 10)])     # grazes b at 3 cm centre distance
    True
    >>> path_is_clear(board, "a", [(10, 10), (30, 10.01)])
    False
    """
    space = _space(board, model_id, ignore)
    pts = [_check_point(p, "path point") for p in path]
    return _poly_clear(space, pts)


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


def _ray_lengths(space: _Space, origins: np.ndarray, dirs: np.ndarray, budgets: np.ndarray,
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
        for k, ivs in enumerate(space.difficult_intervals(origins, ends)):
            if ivs:
                t[k] = min(t_hit[k], _limited_fraction(ivs))
    lengths = np.maximum(t, 0.0) * budgets
    if with_stop:
        # what stopped it: an obstacle's label index, -1 the table edge, -2 the budget
        return lengths, np.where((who != -2) & (t_hit <= t + 1e-12), who, -2)
    return lengths


def _truncate(space: _Space, pts: Sequence[tuple[float, float]], budget: float) -> list[tuple[float, float]]:
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


# =============================================================================================
# Reach region
# =============================================================================================

_STAR_RAYS = 720
_SOFT_STAR_RAYS = 90
_OUTLINE_STEP = 0.25
_ARC_STEP = math.radians(2.0)


def _stars(space: _Space, origins: np.ndarray, budgets: np.ndarray, rays: int,
           extra_angles: np.ndarray | None = None) -> list[BaseGeometry]:
    """The budget-limited visibility stars of several points at once: ``rays`` evenly spread
    rays each (plus ``extra_angles`` +- 1e-7 for the first one), then a few rounds bisecting
    the angle between neighbouring rays stopped by different things (an obstacle, another
    obstacle, the budget) or ending far apart, so that the polygon through the ray ends
    follows the corners where the budget runs out against an obstacle."""
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
        if not split.any() or n > 200_000:
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
    out = []
    bounds = np.searchsorted(sid, np.arange(m + 1))
    for k in range(m):
        pts = ends[bounds[k]:bounds[k + 1]]
        if len(pts) < 3 or np.hypot(*(pts - origins[k]).T).max() <= 1e-9:
            continue
        poly = Polygon(pts)
        if not poly.is_valid:
            poly = shapely.make_valid(poly)
        if poly.area > 0:
            out.append(poly)
    return out


def _star(space: _Space, origin: Sequence[float], budget: float, extra_angles: np.ndarray | None = None,
          rays: int = _STAR_RAYS) -> BaseGeometry | None:
    """One budget-limited visibility star (see :func:`_stars`)."""
    out = _stars(space, np.asarray([origin], dtype=float), np.array([float(budget)]), rays, extra_angles)
    return out[0] if out else None


def _refine_sweep(space: _Space, i: int, direction: int, budget: float, th: np.ndarray, q: np.ndarray,
                  ends: np.ndarray, reach: np.ndarray, stops: np.ndarray, cost: np.ndarray, g: np.ndarray,
                  span: np.ndarray) -> tuple[np.ndarray, ...]:
    """Add tangent rays half way between neighbouring samples of a sweep whose rays stop for
    different reasons or end far apart (a few rounds), so the ribbon follows the corners."""
    c = space.circ_c[i]
    R = float(space.circ_r[i])
    n = len(th)
    nxt = np.roll(np.arange(n), -1)
    link = reach & reach[nxt] & np.isfinite(cost)
    jumpy = (stops != stops[nxt]) | (np.hypot(*(ends[nxt] - ends).T) > 0.1)
    # intervals: (start angle, span, cost at start, cost at end, stop/end at start, at end)
    todo = [(float(th[k]), float(span[k]), float(g[k]), float(g[nxt[k]]), int(stops[k]), int(stops[nxt[k]]),
             ends[k], ends[nxt[k]]) for k in np.nonzero(link & jumpy)[0]]
    add_th: list[float] = []
    add_e: list[np.ndarray] = []
    for _round in range(8):
        if not todo:
            break
        a0 = np.array([d[0] for d in todo])
        half = np.array([d[1] / 2 for d in todo])
        mid = a0 + half
        if direction == 1:  # coming counter-clockwise: from the start of the interval
            gm = np.array([d[2] for d in todo]) + _arc_costs(space, i, a0, half)
        else:
            gm = np.array([d[3] for d in todo]) + _arc_costs(space, i, mid, half)
        ok = gm < budget
        qm = c + R * np.stack([np.cos(mid), np.sin(mid)], axis=1)
        tm = direction * np.stack([-np.sin(mid), np.cos(mid)], axis=1)
        lm = np.zeros(len(mid))
        sm = np.full(len(mid), -2)
        if ok.any():
            lm[ok], sm[ok] = _ray_lengths(space, qm[ok], tm[ok], budget - gm[ok], with_stop=True)
        em = qm + tm * lm[:, None]
        follow = []
        for d, a_m, h, g_m, s_m, e_m in zip(todo, mid, half, gm, sm, em):
            add_th.append(float(a_m))
            add_e.append(e_m)
            start, _, g_lo, g_hi, s_lo, s_hi, e_lo, e_hi = d
            if s_lo != s_m or np.hypot(*(e_m - e_lo)) > 0.1:
                follow.append((start, float(h), g_lo, float(g_m), s_lo, int(s_m), e_lo, e_m))
            if s_m != s_hi or np.hypot(*(e_hi - e_m)) > 0.1:
                follow.append((float(a_m), float(h), float(g_m), g_hi, int(s_m), s_hi, e_m, e_hi))
        todo = follow
    if not add_th:
        return th, q, ends, reach, cost
    at = np.array(add_th)
    th2 = np.concatenate([th, at])
    q2 = np.vstack([q, c + R * np.stack([np.cos(at), np.sin(at)], axis=1)])
    e2 = np.vstack([ends, np.array(add_e)])
    r2 = np.concatenate([reach, np.ones(len(at), dtype=bool)])
    c2 = np.concatenate([cost, np.zeros(len(at))])  # inside a clear, reached arc
    order = np.argsort(np.mod(th2, _TWO_PI), kind="stable")
    return th2[order], q2[order], e2[order], r2[order], c2[order]


def _sweeps(space: _Space, i: int, node_theta: np.ndarray, node_cost: np.ndarray, budget: float) -> list[BaseGeometry]:
    """Where a base gets by following the arc of circle ``i`` from its reached nodes and
    leaving it along the tangent (both ways round)."""
    c = space.circ_c[i]
    R = float(space.circ_r[i])
    grid = np.arange(0.0, _TWO_PI, _ARC_STEP)
    th = np.concatenate([grid, node_theta])
    g0 = np.concatenate([np.full(len(grid), _INF), node_cost])
    order = np.argsort(th, kind="stable")
    th, g0 = th[order], g0[order]
    n0 = len(th)
    nxt0 = np.roll(np.arange(n0), -1)
    span = np.mod(th[nxt0] - th, _TWO_PI)
    cost0 = _arc_costs(space, i, th, span)  # arc k -> k+1
    th0 = th
    pieces: list[BaseGeometry] = []
    for direction in (1, -1):
        th, cost, n, nxt = th0, cost0, n0, nxt0
        g = g0.copy()
        seq = list(range(n)) * 2 if direction == 1 else list(range(n - 1, -1, -1)) * 2
        for j in seq:
            if direction == 1:
                k = (j + 1) % n
                cand = g[j] + cost[j]
            else:
                k = (j - 1) % n
                cand = g[j] + cost[k]
            if cand < g[k]:
                g[k] = cand
        reach = g < budget
        if not reach.any():
            continue
        q = c + R * np.stack([np.cos(th), np.sin(th)], axis=1)
        t = direction * np.stack([-np.sin(th), np.cos(th)], axis=1)
        idx = np.nonzero(reach)[0]
        lengths = np.zeros(n)
        stops = np.full(n, -2)
        lengths[idx], stops[idx] = _ray_lengths(space, q[idx], t[idx], budget - g[idx], with_stop=True)
        ends = q + t * lengths[:, None]
        th, q, ends, reach, cost = _refine_sweep(space, i, direction, budget, th, q, ends, reach, stops, cost, g, span)
        n = len(th)
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
            poly = Polygon(ring)
            if not poly.is_valid:
                poly = shapely.make_valid(poly)
            if poly.area > 0:
                pieces.append(poly)
    return pieces


def _difficult_outline(space: _Space, step: float) -> np.ndarray:
    """Points every ``step`` cm along the outline of where the base starts being over
    difficult terrain: the pieces' edges offset by r and the arcs round their convex corners."""
    key = ("outline", step)
    if key in space._cache:
        return space._cache[key]
    pts = []
    for e0, e1 in space._cache["offset_edges"]:
        n = max(2, int(math.ceil(math.hypot(*(e1 - e0)) / step)) + 1)
        pts.append(e0 + np.linspace(0.0, 1.0, n)[:, None] * (e1 - e0))
    for ring in space._cache["diff_rings"]:
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
    space._cache[key] = out
    return out


def _boundary_stars(space: _Space, q: _Query, dist: dict[int, float], start: Point, budget: float) -> list[BaseGeometry]:
    """Stars from points along the difficult outlines: a cheapest path may bend there
    (refraction). Each point is priced by its cheapest clear straight leg from the start or
    a reached node of the graph."""
    X = _difficult_outline(space, _OUTLINE_STEP)
    S = np.asarray(start, dtype=float)
    if len(X) == 0:
        return []
    X = X[np.hypot(*(X - S).T) < budget]
    if len(X) == 0:
        return []
    nodes = [(n, g) for n, g in dist.items() if g < budget]
    P = np.array([q.point(n) for n, _ in nodes])
    G = np.array([g for _, g in nodes])
    cost = np.full(len(X), _INF)
    # pairs (predecessor, outline point) that could be within budget, in chunks
    pi, xi = np.nonzero(G[:, None] + np.hypot(P[:, None, 0] - X[None, :, 0], P[:, None, 1] - X[None, :, 1]) < budget)
    for chunk in np.array_split(np.arange(len(pi)), max(1, len(pi) // 20000 + 1)):
        a, b = P[pi[chunk]], X[xi[chunk]]
        c = np.where(space.segments_clear(a, b), G[pi[chunk]] + space.segment_costs(a, b), _INF)
        np.minimum.at(cost, xi[chunk], c)
    keep = cost < budget
    return _stars(space, X[keep], budget - cost[keep], _SOFT_STAR_RAYS)


def _whole_reach_bound(space: _Space, dist: dict[int, float]) -> float:
    """An allowance past which every free point of the start's component is reachable.

    A cheapest path to any free point reaches some graph node (or leaves from the start), follows
    at most one circle's arc and ends with a straight leg no longer than the table's diagonal; arc
    and leg cost at most twice their length (difficult terrain). ``dist`` must hold every node
    reachable within the allowance tested, which it does when the allowance passes this bound.
    """
    xmin, ymin, xmax, ymax = space.bounds
    diagonal = math.hypot(max(xmax - xmin, 0.0), max(ymax - ymin, 0.0))
    widest_arc = _TWO_PI * float(np.max(space.circ_r)) if len(space.circ_r) else 0.0
    return max(dist.values(), default=0.0) + 2.0 * (diagonal + widest_arc) + 1.0


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
    space = _space(board, model_id, ignore)
    excluded = frozenset({model_id, *ignore})
    start = _check_start(space, board, model_id)
    budget = _check_allowance(allowance_cm)
    if budget <= 0:
        return shapely.Point(start)
    graph = _graph(space)
    q = _Query(space, graph)
    s = q.attach(start, outgoing=True)
    _exits(space, q, s, start, True)
    q.finalize()
    dist, _ = q.search(s, cutoff=budget)
    if budget >= _whole_reach_bound(space, dist):
        # Every free point of the start's component costs less than the allowance: the answer is
        # that component, whatever the allowance (reach --movement 1e308 must not sweep for ever).
        whole = _component(_free_polygon(space, board, excluded), start)
        return whole if whole is not None and whole.area > 0 else shapely.Point(start)
    pieces: list[BaseGeometry] = []
    tangent_angles = np.array([math.atan2(q.point(m)[1] - start[1], q.point(m)[0] - start[0])
                               for m, _, _ in q.neighbours(s)])
    star = _star(space, start, budget, tangent_angles)
    if star is not None:
        pieces.append(star)
    by_circle: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for node, g in dist.items():
        if node == s or g >= budget:
            continue
        i = q.circle_of(node)
        if i < 0:
            continue
        theta = float(graph.theta[node]) if node < q.n0 else q.theta[node - q.n0]
        by_circle[i].append((theta, g))
    for i, items in by_circle.items():
        if space.circ_r[i] > 0:
            arr = np.array(items)
            pieces += _sweeps(space, i, arr[:, 0], arr[:, 1], budget)
    if space.diff_geom is not None:
        pieces += _boundary_stars(space, q, dist, start, budget)
    if not pieces:
        return shapely.Point(start)
    region = shapely.union_all(pieces).intersection(_free_polygon(space, board, excluded))
    if region.is_empty or region.area <= 0:
        return shapely.Point(start)
    if region.geom_type == "GeometryCollection":
        region = shapely.union_all([g for g in region.geoms if g.area > 0])
    return region


# =============================================================================================
# Forced moves and helpers
# =============================================================================================

_EDGES = {"south": (1, -1.0), "north": (1, 1.0), "west": (0, -1.0), "east": (0, 1.0)}


def _edge_distance(space: _Space, p: Sequence[float], edge: str) -> float:
    """Distance from the base's edge to a table edge (centre to the contact line)."""
    xmin, ymin, xmax, ymax = space.bounds
    return {"south": p[1] - ymin, "north": ymax - p[1], "west": p[0] - xmin, "east": xmax - p[0]}[edge]


def _toward_edge(space: _Space, start: Point, edge: str) -> tuple[list[tuple[float, float]], float, float, str | None]:
    """The cheapest path that brings the base as close as possible to ``edge`` (into contact
    if it can): (path, remaining distance to the edge, cost, what stops it short)."""
    axis, sign = _EDGES[edge]
    direction = np.zeros(2)
    direction[axis] = sign
    graph = _graph(space)
    q = _Query(space, graph)
    s = q.attach(start, outgoing=True)
    # The taut path to a straight edge leaves a circle where its tangent is perpendicular
    # to the edge: add those extreme points as nodes.
    theta = math.atan2(direction[1], direction[0]) % _TWO_PI
    round_ = np.nonzero(space.circ_r > 0)[0]
    free = ~space.angles_blocked(round_, np.full(len(round_), theta))
    for i in round_[free]:
        q.add_node(space.circ_c[i] + space.circ_r[i] * direction, int(i), theta)
    q.finalize()
    dist, pred = q.search(s)
    nodes = np.array(list(dist.keys()))
    g = np.array([dist[n] for n in nodes])
    P = np.array([q.point(int(n)) for n in nodes])
    reach = np.array([_edge_distance(space, p, edge) for p in P])
    E = P + direction[None, :] * reach[:, None]
    lengths = _ray_lengths(space, P, np.tile(direction, (len(P), 1)), np.maximum(reach, 0.0) + 1e-12)
    remaining = np.maximum(reach - lengths, 0.0)
    ends = P + direction[None, :] * np.minimum(lengths, reach)[:, None]
    leg = space.segment_costs(P, ends)
    total = g + leg
    # closest to the edge first, then cheapest
    key = np.lexsort((total, np.round(remaining, 9)))
    best = int(key[0])
    node = int(nodes[best])
    path = q.polyline(pred, s, node, ARC_BUMP_CM) if node != s else [start]
    path = list(path) + [(float(ends[best][0]), float(ends[best][1]))]
    blocker = None
    if remaining[best] > 1e-9:
        _, who = space.first_hit(P[best:best + 1], E[best:best + 1])
        blocker = "the table edge" if who[0] == -1 else (space.labels[int(who[0])] if who[0] >= 0 else None)
    return _dedupe(path), float(remaining[best]), float(total[best]), blocker


def move_toward_nearest_edge(board: Board, model_id: str, allowance_cm: float, *, contact_tolerance_cm: float = 0.1,
                             ignore: Iterable[str] = ()) -> MoveResult:
    """The Will-breaker forced move (R-POISON, PRJ-42): the model moves along the cheapest
    legal path toward the nearest table edge (measured from its base edge, R-MEASURE), as far
    as ``allowance_cm`` lets it, and stops as soon as its base touches that edge. Equally near
    edges: the cheaper path wins. A model already within ``contact_tolerance_cm`` (RUL-07) of
    the edge stays. When the edge cannot be reached at all, the model goes where it gets
    closest to it.

    The result is always ``legal`` (a forced move is made as far as possible); ``end`` is
    where the model stops and ``stopped_by`` says why it stopped short, if it did.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 12, 30, 30),))
    >>> res = move_toward_nearest_edge(board, "a", 8)
    >>> res.end                                       # west edge: base edge 10.5 cm away
    (4.0, 30.0)
    >>> move_toward_nearest_edge(board, "a", 20).end  # stops touching the edge
    (1.5, 30.0)
    """
    space = _space(board, model_id, ignore)
    start = _check_start(space, board, model_id)
    allowance = _check_allowance(allowance_cm)
    who = _label(board, model_id)
    dists = {e: _edge_distance(space, start, e) for e in _EDGES}
    nearest = min(dists.values())
    if nearest <= contact_tolerance_cm + 1e-12:
        edge = min(dists, key=dists.get)  # type: ignore[arg-type]
        return MoveResult(model=model_id, legal=True, start=start, end=start, path=(start,), path_length_cm=0.0,
                          cost_cm=0.0, allowance_cm=allowance, reason=None,
                          message=f"{who} is already in contact with the {edge} table edge and stays there.")
    options = []
    for edge, d in dists.items():
        if d <= nearest + 1e-9:
            path, remaining, cost, blocker = _toward_edge(space, start, edge)
            options.append((remaining, cost, edge, path, blocker))
    remaining, cost, edge, path, blocker = min(options, key=lambda o: (round(o[0], 9), o[1]))
    moved = _truncate(space, path, allowance)
    length, spent = _poly_measure(space, moved)
    end = moved[-1]
    left = _edge_distance(space, end, edge)
    if left <= 1e-9:
        msg = f"{who} moves {_fmt(length, 2)} cm toward the {edge} table edge and stops in contact with it."
        stopped = None
    elif spent >= allowance - 1e-9 and remaining <= 1e-9:
        msg = (f"{who} moves {_fmt(length, 2)} cm toward the {edge} table edge (all its {_fmt(allowance, 2)} cm) "
               f"and is {_fmt(left, 2)} cm short of it.")
        stopped = None
    else:
        msg = (f"{who} moves {_fmt(length, 2)} cm toward the {edge} table edge but cannot get closer than "
               f"{_fmt(left, 2)} cm to it" + (f": {blocker} is in the way." if blocker else "."))
        stopped = blocker
    return MoveResult(model=model_id, legal=True, start=start, end=end, path=tuple(moved), path_length_cm=length,
                      cost_cm=spent, allowance_cm=allowance, reason=None, message=msg, stopped_by=stopped)


def push(board: Board, model_id: str, direction: Point, distance_cm: float = 5.0, *,
         ignore: Iterable[str] = ()) -> MoveResult:
    """Push ``model_id`` up to ``distance_cm`` in a straight line along ``direction``
    (R-MELEE-OPTIONS): it stops before an obstacle, touching it, or touching the table edge.
    A push is not the model's own move: difficult terrain does not shorten it (PRJ-41).

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 10, 10, 30), Base("b", 13, 10, 30), Base("c", 20, 10, 30)))
    >>> res = push(board, "b", (1, 0))              # c is 7 cm away: b stops touching it
    >>> res.end, res.stopped_by, round(res.path_length_cm, 6)
    ((17.0, 10.0), "model 'c'", 4.0)
    >>> push(board, "b", (0, -1), 10).end           # the table edge stops it too
    (13.0, 1.5)
    >>> push(board, "b", (-1, 0)).path_length_cm    # into the pusher: no move
    0.0
    """
    space = _space(board, model_id, ignore)
    start = _check_start(space, board, model_id)
    distance = _check_allowance(distance_cm, "push distance")
    d = _check_point(direction, "push direction")
    norm = math.hypot(*d)
    if norm == 0:
        raise GeometryError("The push direction (0, 0) has no length; give a direction such as (1, 0).")
    u = (d[0] / norm, d[1] / norm)
    target = np.asarray([[start[0] + u[0] * distance, start[1] + u[1] * distance]])
    t, who_idx = space.first_hit(np.asarray([start]), target)
    t0 = float(max(t[0], 0.0))
    end = (start[0] + u[0] * distance * t0, start[1] + u[1] * distance * t0)
    length = distance * t0
    who = _label(board, model_id)
    stopped = None
    if t0 < 1.0 - 1e-12:
        stopped = "the table edge" if who_idx[0] == -1 else space.labels[int(who_idx[0])]
        msg = f"{who} is pushed {_fmt(length, 2)} cm of {_fmt(distance, 2)} cm and stops against {stopped}."
    else:
        msg = f"{who} is pushed {_fmt(length, 2)} cm."
    path = (start, end) if length > 0 else (start,)
    if length == 0:
        end = start
    return MoveResult(model=model_id, legal=True, start=start, end=end, path=path, path_length_cm=length,
                      cost_cm=length, allowance_cm=distance, reason=None, message=msg, stopped_by=stopped)


def escape(board: Board, model_id: str, zone: BaseGeometry, allowance_cm: float, *, ignore: Iterable[str] = (),
           margin_cm: float = ESCAPE_MARGIN_CM, what: str = "the zone") -> MoveResult:
    """The cheapest legal move (R-MOVE, RUL-17) after which ``model_id``'s base is wholly out
    of ``zone`` (a shapely geometry), clear of it by ``margin_cm``: touching counts as being
    in (RUL-19 for templates, RUL-07 for contact). For dodging templates (RUL-09) and stepping
    out of contact.

    Candidate end points are the zone's (inflated) outline every 0.2 cm and the point of it
    nearest the start; each is reached by the cheapest path.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 30, 30, 30),))
    >>> blast = shapely.Point(31, 30).buffer(5, quad_segs=64)
    >>> res = escape(board, "a", blast, 10)
    >>> res.legal, round(res.end[0], 2), round(res.path_length_cm, 2)   # 5 + 1.5 - 1 cm, + margin
    (True, 24.49, 5.51)
    >>> escape(board, "a", blast, 5).reason
    'too_far'
    """
    space = _space(board, model_id, ignore)
    start = _check_start(space, board, model_id)
    allowance = _check_allowance(allowance_cm)
    who = _label(board, model_id)
    clearance = space.r + margin_cm
    if zone.is_empty or zone.distance(shapely.Point(start)) >= clearance - 1e-9:
        return MoveResult(model=model_id, legal=True, start=start, end=start, path=(start,), path_length_cm=0.0,
                          cost_cm=0.0, allowance_cm=allowance, reason=None,
                          message=f"{who} is already clear of {what}.")
    # The buffered outline's chords lie inside the true offset curve by at most
    # clearance * (1 - cos(pi / 256)) < clearance * 1e-4: grow it by that much.
    outline = zone.buffer(clearance * (1 + 1e-4) + 1e-6, quad_segs=CIRCLE_RESOLUTION).boundary
    rings = [g for g in getattr(outline, "geoms", [outline]) if g.length > 0]
    curves = [(float(g.length), (lambda line: lambda s: shapely.get_coordinates(
        shapely.line_interpolate_point(line, s)))(g)) for g in rings]
    near = shapely.ops.nearest_points(outline, shapely.Point(start))[0]

    def valid(p: np.ndarray) -> np.ndarray:
        return shapely.distance(zone, shapely.points(p)) >= clearance - 1e-9

    return _escape(space, board, model_id, start, curves, np.array([[near.x, near.y]]), valid, allowance, what)


def _escape(space: _Space, board: Board, model_id: str, start: Point, curves: list[tuple[float, Any]],
            extra: np.ndarray, valid: Any, allowance: float, what: str) -> MoveResult:
    """The cheapest path from ``start`` to a valid point of the ``curves`` (closed curves
    given as (length, point_at(arc_lengths))) or of ``extra`` points. Candidates every
    0.2 cm, then the best one is refined along its curve."""
    who = _label(board, model_id)
    S0 = np.asarray(start, dtype=float)

    def evaluate(pts: np.ndarray, bound: float, max_searches: int) -> tuple[np.ndarray, list[Any]]:
        """Costs (inf: invalid or unreachable) and paths of candidate end points."""
        costs = np.full(len(pts), _INF)
        paths: list[Any] = [None] * len(pts)
        if len(pts) == 0:
            return costs, paths
        ok = valid(pts) & space.points_free(pts)
        S = np.tile(S0, (len(pts), 1))
        euclid = np.hypot(*(pts - S).T)
        clear = space.segments_clear(S, pts) & ok
        straight = space.segment_costs(S, pts)
        for k in np.nonzero(clear)[0]:
            costs[k] = straight[k]
            paths[k] = [start, (float(pts[k][0]), float(pts[k][1]))]
        best = min(bound, float(costs.min()))
        searches = 0
        for k in np.argsort(euclid):
            if euclid[k] >= best or searches >= max_searches:
                break
            if not ok[k] or (clear[k] and abs(straight[k] - euclid[k]) < 1e-12):
                continue  # invalid, or straight and plain: nothing cheaper for this point
            searches += 1
            path = _shortest(space, start, (float(pts[k][0]), float(pts[k][1])))
            if path is not None:
                c = _poly_measure(space, path)[1]
                if c < costs[k]:
                    costs[k], paths[k] = c, path
                    best = min(best, c)
        return costs, paths

    owner: list[tuple[int, float]] = []
    chunks = [extra.reshape(-1, 2)]
    owner += [(-1, 0.0)] * len(chunks[0])
    for ci, (length, point_at) in enumerate(curves):
        s = np.linspace(0.0, length, max(8, int(math.ceil(length / 0.2))), endpoint=False)
        chunks.append(point_at(s))
        owner += [(ci, float(v)) for v in s]
    cands = np.vstack(chunks)
    costs, paths = evaluate(cands, _INF, 40)
    k = int(np.argmin(costs)) if len(costs) else -1
    if k < 0 or not math.isfinite(costs[k]):
        return MoveResult(model=model_id, legal=False, start=start, end=start, path=(), path_length_cm=_INF,
                          cost_cm=_INF, allowance_cm=allowance, reason="no_room",
                          message=f"{who} has no room to get clear of {what}.")
    best_cost, best_path = float(costs[k]), paths[k]
    # refine along the curve around the best sample
    ci, s0 = owner[k]
    if ci >= 0:
        length, point_at = curves[ci]
        step = 0.2
        for _round in range(8):
            grid = np.mod(s0 + np.linspace(-step, step, 9), length)
            c2, p2 = evaluate(point_at(grid), best_cost, 9)
            j = int(np.argmin(c2))
            if c2[j] < best_cost:
                best_cost, best_path, s0 = float(c2[j]), p2[j], float(grid[j])
            step /= 4
    res = _result_for_path(model_id, who, start, best_path[-1], best_path, space, allowance)
    if res.legal:
        msg = f"{who} gets clear of {what} by moving {_fmt(res.path_length_cm, 2)} cm to {_xy(res.end)}"
        msg += f" (cost {_fmt(res.cost_cm, 2)} cm)." if res.cost_cm > res.path_length_cm + 1e-9 else "."
    else:
        needed, allowed = _fmt_pair(res.cost_cm, allowance)
        msg = f"{who} needs {needed} cm but may move {allowed} cm to get clear of {what}."
    return MoveResult(**{**res.__dict__, "message": msg})


def step_away(board: Board, model_id: str, enemy_ids: Iterable[str], max_cm: float = 5.0, *,
              contact_tolerance_cm: float = 0.1, ignore: Iterable[str] = ()) -> MoveResult:
    """The defended model's option (R-MELEE-OPTIONS, PRJ-43): move up to ``max_cm`` so as to
    be out of contact with every enemy in ``enemy_ids``, by the cheapest legal move. Out of
    contact means base edges more than ``contact_tolerance_cm`` apart (RUL-07); the model
    ends :data:`ESCAPE_MARGIN_CM` beyond it. Enemies stay obstacles.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 30, 30, 30), Base("e", 33, 30, 30)))
    >>> res = step_away(board, "a", ["e"])
    >>> res.legal, round(res.path_length_cm, 4), round(res.end[0], 4)   # 0.1 + 0.01 cm straight back
    (True, 0.11, 29.89)
    """
    space = _space(board, model_id, ignore)
    start = _check_start(space, board, model_id)
    allowance = _check_allowance(max_cm)
    enemies = [board.base(e) for e in enemy_ids]
    names = ", ".join(repr(e.id) for e in enemies)
    what = f"contact with {names}" if enemies else "contact"
    centres = np.array([e.center for e in enemies], dtype=float).reshape(-1, 2)
    need = np.array([space.r + e.radius + contact_tolerance_cm + ESCAPE_MARGIN_CM for e in enemies])

    def clear_of_all(p: np.ndarray) -> np.ndarray:
        d = np.hypot(p[:, None, 0] - centres[None, :, 0], p[:, None, 1] - centres[None, :, 1])
        return (d >= need[None, :] - 1e-9).all(axis=1)

    if clear_of_all(np.asarray([start]))[0]:
        return MoveResult(model=model_id, legal=True, start=start, end=start, path=(start,), path_length_cm=0.0,
                          cost_cm=0.0, allowance_cm=allowance, reason=None,
                          message=f"{_label(board, model_id)} is already out of {what}.")
    S = np.asarray(start, dtype=float)
    extra = []
    curves = []
    for c, R in zip(centres, need):
        v = S - c
        d = float(np.hypot(*v))
        if d > 0:
            extra.append(c + (R + 1e-9) * v / d)  # straight away from this enemy
        curves.append((_TWO_PI * R, _circle_at(c, R)))
    # where two out-of-contact circles meet (the way out between two enemies)
    for k1 in range(len(centres)):
        for k2 in range(k1 + 1, len(centres)):
            c1, r1, c2, r2 = centres[k1], need[k1], centres[k2], need[k2]
            d = float(np.hypot(*(c2 - c1)))
            if 0 < d <= r1 + r2 and d >= abs(r1 - r2):
                x = (d * d + r1 * r1 - r2 * r2) / (2 * d)
                h = math.sqrt(max(r1 * r1 - x * x, 0.0))
                u = (c2 - c1) / d
                for sgn in (1, -1):
                    p = c1 + x * u + sgn * h * np.array([-u[1], u[0]])
                    extra.append(p + 1e-9 * (p - c1) / r1 + 1e-9 * (p - c2) / r2)

    def valid(p: np.ndarray) -> np.ndarray:
        return clear_of_all(p)

    return _escape(space, board, model_id, start, curves, np.asarray(extra, dtype=float).reshape(-1, 2), valid,
                   allowance, what)


def free_spot_near(board: Board, diameter_mm: float, target: Point) -> Point | None:
    """The legal centre nearest to ``target`` for a new base of ``diameter_mm`` (wholly on the
    table, overlapping no base and no impassable terrain; touching allowed), or None if there
    is none. A placement helper (deployment, reinforcements).

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 30, 30, 30),))
    >>> free_spot_near(board, 30, (10, 10))
    (10.0, 10.0)
    >>> x, y = free_spot_near(board, 30, (31, 30))      # pushed out to touching a
    >>> round(x, 3), round(y, 3)
    (33.0, 30.0)
    >>> free_spot_near(board, 30, (0, 0))               # into the corner
    (1.5, 1.5)
    """
    target = _check_point(target, "target")
    if not diameter_mm > 0:
        raise GeometryError(f"A base diameter must be positive; got {diameter_mm} mm.")
    r = diameter_mm / 20.0
    space = _space_cached(board, r, frozenset())
    if space.points_free(np.asarray([target]))[0]:
        return target
    xmin, ymin, xmax, ymax = space.bounds
    if xmin > xmax or ymin > ymax:
        return None
    T = np.asarray(target, dtype=float)
    cands: list[np.ndarray] = [np.clip(T, [xmin, ymin], [xmax, ymax])]
    # Exact candidates: the target pushed out of each inflated obstacle (radially from its
    # core), and the corners where two inflated outlines (or one and a table edge) meet.
    circles: list[tuple[np.ndarray, float]] = []
    for a, b, R in zip(space.cap_a, space.cap_b, space.cap_r):
        v = b - a
        vv = float(v @ v)
        t = float(np.clip((T - a) @ v / vv, 0, 1)) if vv > 0 else 0.0
        core = a + t * v
        w = T - core
        dw = float(np.hypot(*w))
        if dw > 0:
            cands.append(core + (R + 1e-9) * w / dw)
        if vv == 0 and np.hypot(*(T - a)) < R + 10:
            circles.append((a, float(R)))
    for k, (c1, r1) in enumerate(circles):
        for c2, r2 in circles[k + 1:]:
            d = float(np.hypot(*(c2 - c1)))
            if 0 < d <= r1 + r2 and d >= abs(r1 - r2):
                x = (d * d + r1 * r1 - r2 * r2) / (2 * d)
                h = math.sqrt(max(r1 * r1 - x * x, 0.0))
                u = (c2 - c1) / d
                m = c1 + x * u
                for sgn in (1, -1):
                    cands.append(m + sgn * (h + 1e-9) * np.array([-u[1], u[0]]))
        for axis, val in ((0, xmin), (0, xmax), (1, ymin), (1, ymax)):
            off = abs(val - c1[axis])
            if off <= r1:
                h = math.sqrt(r1 * r1 - off * off) + 1e-9
                for sgn in (1, -1):
                    p = c1.copy()
                    p[axis] = val
                    p[1 - axis] += sgn * h
                    cands.append(p)
    arr = np.asarray(cands, dtype=float)
    arr = arr[space.points_free(arr)]
    if len(arr) == 0:
        # Fallback: the polygonal free space, obstacles grown a hair beyond their outline.
        grow = 2e-4
        shapes = [shapely.Point(b.center).buffer(r + b.radius + grow, quad_segs=CIRCLE_RESOLUTION) for b in board.bases]
        shapes += [t.shape.buffer(r + grow, quad_segs=CIRCLE_RESOLUTION) for t in board.terrain_of("blocked")]
        free = shapely.box(xmin, ymin, xmax, ymax)
        if shapes:
            free = free.difference(shapely.union_all(shapes))
        if free.is_empty:
            return None
        near = shapely.ops.nearest_points(free, shapely.Point(target))[0]
        arr = np.vstack([[near.x, near.y], shapely.get_coordinates(free)])
        arr = arr[space.points_free(arr)]
        if len(arr) == 0:
            return None
    best = arr[int(np.argmin(np.hypot(*(arr - T).T)))]
    return (float(best[0]), float(best[1]))
