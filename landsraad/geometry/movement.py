"""Movement on the table: is a move legal, by which path, where can a model get to.

A model's round base slides from its start to its end (R-MOVE). The library works in the
*configuration space* of the base centre: a base of radius ``r`` overlaps an obstacle exactly
when its centre is closer than ``r`` to it, so every obstacle is inflated by ``r`` and the base
becomes a point.

Rules
-----
- R-MOVE: no point of the base may travel further than the allowance. A base that slides
  without turning moves every point of it by the length of its centre's path, so the path
  length of the centre is what is measured. The base must slide all the way without
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
(it refracts like light). The graph adds crossing points every
:data:`DIFFICULT_SAMPLE_CM` cm along those boundaries, and the path found is then improved by
sliding each crossing point along its boundary. What is guaranteed: the returned path is
always legal and its cost is exact for that path; it is the cheapest path when no difficult
terrain is involved, or when the best path only goes around difficult pieces or crosses them
straight; otherwise it may cost slightly more than the true optimum (the refinement makes
this a few thousandths of a cm in practice; ``tests/geometry/test_movement.py`` measures it
against Snell's law).

Preprocessing (inflated obstacles, circles, graph) is cached per (board, mover radius,
excluded ids): boards are immutable and hashable.

Examples
--------
>>> from landsraad.geometry.board import Base, Board, TerrainPiece
>>> board = Board(bases=(Base("a", 10, 10, 30), Base("b", 20, 10, 30)))
>>> res = plan_move(board, "a", (16.0, 10.0), 10)
>>> res.legal, res.reason                    # ends in base contact with b: touching is allowed
(True, None)
>>> round(res.path_length_cm, 6)
6.0
>>> plan_move(board, "a", (16.01, 10.0), 10).reason    # overlaps b by 0.01 cm
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
from typing import Any, Iterable, Literal, Sequence

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from ..errors import GeometryError
from .board import CIRCLE_RESOLUTION, Board, Point

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

DIFFICULT_SAMPLE_CM = 1.0
"""Spacing of the candidate crossing points on the boundaries of difficult terrain."""

ESCAPE_MARGIN_CM = 0.01
"""Clearance kept when a base must get *out of* something (contact, a template): touching
still counts as in (RUL-19) or in contact (RUL-07), so the base ends this much beyond."""

_INF = math.inf
_TWO_PI = 2.0 * math.pi
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


def _cap_intervals(p0: np.ndarray, p1: np.ndarray, a: np.ndarray, b: np.ndarray, rho: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For M segments p0->p1 and K capsules (a, b, rho): the parameter interval (t_in, t_out),
    clipped to [0, 1], where the segment's point is strictly inside the capsule. Arrays (M, K);
    empty where t_in >= t_out. Exact (closed form), up to floating-point rounding."""
    m, k = len(p0), len(a)
    if m == 0 or k == 0:
        return np.full((m, k), _INF), np.full((m, k), -_INF)
    d = (p1 - p0)[:, None, :]
    dd = (d * d).sum(-1)
    start = p0[:, None, :]
    A = a[None, :, :]
    B = b[None, :, :]
    R = rho[None, :]
    lo1, hi1 = _disc_interval(start - A, d, dd, R)
    lo2, hi2 = _disc_interval(start - B, d, dd, R)
    e = B - A
    length = np.sqrt((e * e).sum(-1))
    safe = np.where(length > 0, length, 1.0)
    u = e / safe[..., None]
    n = np.stack([-u[..., 1], u[..., 0]], axis=-1)
    rel = start - A
    su_lo, su_hi = _slab((rel * u).sum(-1), (d * u).sum(-1), 0.0, length)
    sw_lo, sw_hi = _slab((rel * n).sum(-1), (d * n).sum(-1), -R, R)
    lo3 = np.maximum(su_lo, sw_lo)
    hi3 = np.minimum(su_hi, sw_hi)
    lo3 = np.where(length > 0, lo3, _INF)
    hi3 = np.where(length > 0, hi3, -_INF)
    # The capsule is convex: the union of its three parts' intervals is one interval.
    parts_lo = np.stack([lo1, lo2, lo3])
    parts_hi = np.stack([hi1, hi2, hi3])
    nonempty = parts_lo < parts_hi
    t_in = np.where(nonempty, parts_lo, _INF).min(axis=0)
    t_out = np.where(nonempty, parts_hi, -_INF).max(axis=0)
    t_in = np.maximum(t_in, 0.0)
    t_out = np.minimum(t_out, 1.0)
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
    circ_edge: list[tuple[np.ndarray, np.ndarray] | None]  # for crossing samples: their boundary edge
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
            t_in, t_out = _cap_intervals(p0, p1, self.cap_a, self.cap_b, self.cap_rho)
            hit = t_in < t_out
            first = np.where(hit, t_in, _INF)
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
        over = np.array([sum(hi - lo for lo, hi in ivs) for ivs in self.difficult_intervals(p0, p1)])
        return length * (1.0 + over)

    def difficult_intervals(self, p0: np.ndarray, p1: np.ndarray) -> list[list[tuple[float, float]]]:
        """Per segment, the merged parameter intervals of [0, 1] where the base overlaps
        difficult terrain. Exact."""
        if self.diff_geom is None:
            return [[] for _ in range(len(p0))]
        out: list[list[tuple[float, float]]] = [[] for _ in range(len(p0))]
        t_in, t_out = _cap_intervals(p0, p1, self.dcap_a, self.dcap_b, self.dcap_rho)
        hit = t_in < t_out
        any_hit = hit.any(axis=1)
        # A segment that meets no capsule is wholly inside or wholly outside the pieces.
        quiet = np.nonzero(~any_hit)[0]
        if len(quiet):
            mid = 0.5 * (p0[quiet] + p1[quiet])
            inside = shapely.contains_xy(self.diff_geom, mid[:, 0], mid[:, 1])
            for i in quiet[inside]:
                out[i] = [(0.0, 1.0)]
        for i in np.nonzero(any_hit)[0]:
            ivs = [(float(t_in[i, j]), float(t_out[i, j])) for j in np.nonzero(hit[i])[0]]
            _, merged = _union_measure(ivs)
            # Gaps between capsule intervals are wholly inside or outside a piece's interior.
            edges = [0.0] + [x for iv in merged for x in iv] + [1.0]
            gaps = [(edges[g], edges[g + 1]) for g in range(0, len(edges), 2) if edges[g + 1] - edges[g] > 1e-12]
            if gaps:
                mids = np.array([p0[i] + (0.5 * (lo + hi)) * (p1[i] - p0[i]) for lo, hi in gaps])
                inside = shapely.contains_xy(self.diff_geom, mids[:, 0], mids[:, 1])
                _, merged = _union_measure(merged + [g for g, ins in zip(gaps, inside) if ins])
            out[i] = merged
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
            a, b, rho, geom = self.dcap_a, self.dcap_b, self.dcap_rho, self.diff_geom
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
            for q in (a, b):
                v = q - c
                dq = np.hypot(v[:, 0], v[:, 1])
                with np.errstate(divide="ignore", invalid="ignore"):
                    cosb = (R * R + dq * dq - rho * rho) / (2.0 * R * dq)
                ok = (dq > 0) & (np.abs(cosb) <= 1)
                phi = np.arctan2(v[ok, 1], v[ok, 0])
                beta = np.arccos(cosb[ok])
                angles += [phi + beta, phi - beta]
            e = b - a
            length = np.hypot(e[:, 0], e[:, 1])
            keep = length > 0
            if keep.any():
                ak, ek, lk, rk = a[keep], e[keep], length[keep], rho[keep]
                u = ek / lk[:, None]
                n = np.stack([-u[:, 1], u[:, 0]], axis=1)
                for sgn in (1.0, -1.0):
                    p0 = ak + sgn * rk[:, None] * n
                    w = p0 - c
                    bq = 2.0 * (w * u).sum(1)
                    cq = (w * w).sum(1) - R * R
                    disc = bq * bq - 4.0 * cq
                    ok = disc > 0
                    sq = np.sqrt(np.where(ok, disc, 0.0))
                    for s in ((-bq - sq) / 2.0, (-bq + sq) / 2.0):
                        good = ok & (s >= 0) & (s <= lk)
                        pts = p0[good] + s[good, None] * u[good]
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
        if geom is not None:
            # Crossings of the polygon outlines themselves (deep interiors).
            ring_pts = self._cache["diff_rings" if difficult else "block_rings"]
            for ring in ring_pts:
                nxt = np.roll(ring, -1, axis=0)
                u = nxt - ring
                lk = np.hypot(u[:, 0], u[:, 1])
                u = u / lk[:, None]
                w = ring - c
                bq = 2.0 * (w * u).sum(1)
                cq = (w * w).sum(1) - R * R
                disc = bq * bq - 4.0 * cq
                ok = disc > 0
                sq = np.sqrt(np.where(ok, disc, 0.0))
                for s in ((-bq - sq) / 2.0, (-bq + sq) / 2.0):
                    good = ok & (s >= 0) & (s <= lk)
                    pts = ring[good] + s[good, None] * u[good]
                    angles.append(np.arctan2(pts[:, 1] - c[1], pts[:, 0] - c[0]))
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

    def arc_measure(self, i: int, theta: float, span: float, difficult: bool) -> float:
        """Angular measure of the arc from ``theta`` over ``span`` (signed) that is blocked
        (or over difficult terrain)."""
        return float(self.arc_measures(i, np.array([theta]), np.array([span]), difficult)[0])

    def arc_measures(self, i: int, thetas: np.ndarray, spans: np.ndarray, difficult: bool) -> np.ndarray:
        """Vectorised :meth:`arc_measure`."""
        thetas = np.where(spans < 0, thetas + spans, thetas)
        spans = np.abs(spans)
        brk, flags = self.circle_partition(i, difficult)
        if len(brk) == 0:
            return spans if flags[0] else np.zeros(len(spans))
        nxt = np.append(brk[1:], brk[0] + _TWO_PI)
        s, e = brk[flags], nxt[flags]
        if len(s) == 0:
            return np.zeros(len(spans))
        lo = np.mod(thetas, _TWO_PI)[:, None]
        hi = lo + spans[:, None]
        total = np.zeros(len(spans))
        for shift in (-_TWO_PI, 0.0, _TWO_PI):
            ov = np.minimum(e[None, :] + shift, hi) - np.maximum(s[None, :] + shift, lo)
            total += np.clip(ov, 0.0, None).sum(axis=1)
        return total

    def angle_blocked(self, i: int, thetas: np.ndarray) -> np.ndarray:
        """Whether points at ``thetas`` on circle ``i`` are clearly inside a blocked arc."""
        brk, flags = self.circle_partition(i, False)
        if len(brk) == 0:
            return np.full(len(thetas), bool(flags[0]))
        th = np.mod(thetas, _TWO_PI)
        k = np.searchsorted(brk, th, side="right") - 1  # -1 -> the wrapping arc (last)
        k = np.where(k < 0, len(brk) - 1, k)
        start = brk[k]
        end = np.where(k + 1 < len(brk), brk[np.minimum(k + 1, len(brk) - 1)], brk[0] + _TWO_PI)
        rel = np.mod(th - start, _TWO_PI)
        width = np.mod(end - start, _TWO_PI)
        width = np.where(width == 0, _TWO_PI, width)
        away = (rel > _ANGLE_SLACK) & (rel < width - _ANGLE_SLACK)
        return flags[k] & away


def _space(board: Board, model_id: str, ignore: Iterable[str]) -> _Space:
    base = board.base(model_id)
    for other in ignore:
        board.base(other)  # an unknown id is an error, named
    return _space_cached(board, base.radius, frozenset({model_id, *ignore}))


@functools.lru_cache(maxsize=128)
def _space_cached(board: Board, r: float, excluded: frozenset[str]) -> _Space:
    labels: list[str] = []
    cap_a: list[Sequence[float]] = []
    cap_b: list[Sequence[float]] = []
    cap_r: list[float] = []
    owner: list[int] = []
    circ_c: list[Sequence[float]] = []
    circ_r: list[float] = []
    soft: list[bool] = []
    circ_edge: list[tuple[np.ndarray, np.ndarray] | None] = []
    base_caps: dict[str, int] = {}
    for b in board.bases:
        if b.id in excluded:
            continue
        o = len(labels)
        labels.append(f"model {b.id!r}")
        base_caps[b.id] = o
        cap_a.append(b.center)
        cap_b.append(b.center)
        cap_r.append(r + b.radius)
        owner.append(o)
        circ_c.append(b.center)
        circ_r.append(r + b.radius)
        soft.append(False)
        circ_edge.append(None)
    block_shapes = []
    block_rings = []
    terrain_shapes: dict[int, Polygon] = {}
    for t in board.terrain_of("blocked"):
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
            circ_edge.append(None)
    dcap_a: list[np.ndarray] = []
    dcap_b: list[np.ndarray] = []
    diff_shapes = []
    diff_rings = []
    samples: list[tuple[np.ndarray, tuple[np.ndarray, np.ndarray]]] = []
    for t in board.terrain_of("difficult"):
        ring = _ring(t.polygon)
        diff_rings.append(ring)
        diff_shapes.append(Polygon(ring))
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
            count = max(1, int(math.ceil(length / DIFFICULT_SAMPLE_CM)))
            for s in np.linspace(0.0, 1.0, count + 1):
                samples.append((a0 + s * (a1 - a0), (a0, a1)))
        for p in ring[_convex_corners(ring)]:
            circ_c.append(p)
            circ_r.append(r)
            soft.append(True)
            circ_edge.append(None)
    xmin, ymin, xmax, ymax = r, r, board.width - r, board.depth - r
    space = _Space(
        r=r,
        width=board.width,
        depth=board.depth,
        bounds=(xmin, ymin, xmax, ymax),
        cap_a=np.array(cap_a, dtype=float).reshape(-1, 2),
        cap_b=np.array(cap_b, dtype=float).reshape(-1, 2),
        cap_r=np.array(cap_r, dtype=float),
        cap_owner=np.array(owner, dtype=int),
        labels=tuple(labels),
        block_geom=shapely.union_all(block_shapes) if block_shapes else None,
        dcap_a=np.array(dcap_a, dtype=float).reshape(-1, 2),
        dcap_b=np.array(dcap_b, dtype=float).reshape(-1, 2),
        diff_geom=shapely.union_all(diff_shapes) if diff_shapes else None,
        circ_c=np.zeros((0, 2)),
        circ_r=np.zeros(0),
        circ_soft=np.zeros(0, dtype=bool),
        circ_edge=[],
        base_caps=base_caps,
    )
    space._cache["block_rings"] = block_rings
    space._cache["diff_rings"] = diff_rings
    space._cache["terrain_shapes"] = terrain_shapes
    if space.block_geom is not None:
        shapely.prepare(space.block_geom)
    if space.diff_geom is not None:
        shapely.prepare(space.diff_geom)
    if samples:
        pts = np.array([s[0] for s in samples])
        free = space.points_free(pts)
        for (p, edge), ok in zip(samples, free):
            if ok:
                circ_c.append(p)
                circ_r.append(0.0)
                soft.append(True)
                circ_edge.append(edge)
    space.circ_c = np.array(circ_c, dtype=float).reshape(-1, 2)
    space.circ_r = np.array(circ_r, dtype=float)
    space.circ_soft = np.array(soft, dtype=bool)
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
        cos_a = (s2 * rj - ri) / safe
        # a point lying exactly on a circle (within the tolerance) has one tangent: itself
        cos_a = np.where(some_point & (np.abs(cos_a) > 1) & (np.abs(cos_a) < 1 + 1e-9), np.sign(cos_a), cos_a)
        ok = (d > 0) & (np.abs(cos_a) <= 1)
        if s2 < 0:
            ok &= ~some_point
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
    ok = np.ones(len(circles), dtype=bool)
    for i in np.unique(circles):
        m = circles == i
        if space.circ_r[i] > 0:
            ok[m] = ~space.angle_blocked(int(i), thetas[m])
        else:
            ok[m] = not space.circle_partition(int(i), False)[1][0]
    return ok


def _arc_costs(space: _Space, i: int, thetas: np.ndarray, spans: np.ndarray) -> np.ndarray:
    """Cost of arcs (signed spans) on circle ``i``; ``inf`` where blocked."""
    R = float(space.circ_r[i])
    if R == 0 or len(thetas) == 0:
        return np.zeros(len(thetas))
    blocked = space.arc_measures(i, thetas, spans, False) > _ANGLE_SLACK
    cost = R * (np.abs(spans) + space.arc_measures(i, thetas, spans, True))
    return np.where(blocked, _INF, cost)


def _graph(space: _Space) -> _Graph:
    if "graph" in space._cache:
        return space._cache["graph"]
    C = len(space.circ_r)
    I, J = np.triu_indices(C, k=1)
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
    by_circle: list[np.ndarray] = []
    by_theta: list[np.ndarray] = []
    for i in range(C):
        nodes = np.nonzero(circle == i)[0]
        order = np.argsort(theta[nodes], kind="stable")
        nodes = nodes[order]
        th = theta[nodes]
        by_circle.append(nodes)
        by_theta.append(th)
        _link_arcs(space, i, nodes, th, lambda n: adj[n])
    graph = _Graph(xy=xy, pts=[(float(x), float(y)) for x, y in xy], circle=circle, theta=theta, adj=adj,
                   by_circle=by_circle, by_circle_theta=by_theta)
    space._cache["graph"] = graph
    return graph


def _link_arcs(space: _Space, i: int, nodes: np.ndarray | list[int], th: np.ndarray, adj_of: Any,
               only: set[int] | None = None) -> None:
    """Arc edges between angularly consecutive nodes of circle ``i`` (both directions).
    With ``only``, just the pairs that involve one of those nodes."""
    n = len(nodes)
    if n < 2:
        return
    nxt = np.roll(np.arange(n), -1)
    spans = np.mod(th[nxt] - th, _TWO_PI)
    if n == 2 and spans[0] == 0 and spans[1] == 0:
        spans = np.array([0.0, 0.0])
    pairs = [k for k in range(n) if only is None or nodes[k] in only or nodes[nxt[k]] in only]
    if space.circ_r[i] == 0:
        costs = np.zeros(n)
    else:
        sel = np.array(pairs, dtype=int)
        costs = np.full(n, _INF)
        if len(sel):
            costs[sel] = _arc_costs(space, i, th[sel], spans[sel])
    for k in pairs:
        if math.isfinite(costs[k]):
            a, b = int(nodes[k]), int(nodes[nxt[k]])
            adj_of(a).append((b, float(costs[k]), float(spans[k])))
            adj_of(b).append((a, float(costs[k]), -float(spans[k])))


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
        Pk = P[: len(T)]
        clear = space.segments_clear(Pk, T)
        T, k, th = T[clear], k[clear], th[clear]
        costs = space.segment_costs(Pk[: len(T)], T) if len(T) else np.zeros(0)
        for t, ci, a, c in zip(T, k, th, costs):
            m = self.add_node(t, int(ci), float(a))
            if outgoing:
                self.add_edge(node, m, float(c))
            else:
                self.add_edge(m, node, float(c))
        return node

    def finalize(self) -> None:
        """Arc edges between the new nodes on circles and their angular neighbours."""
        for i, new in self.pending.items():
            old = self.g.by_circle[i]
            nodes = np.concatenate([old, np.array(new, dtype=int)])
            th = np.concatenate([self.g.by_circle_theta[i], np.array([self.theta[n - self.n0] for n in new])])
            order = np.argsort(th, kind="stable")
            _link_arcs(self.space, i, nodes[order], th[order], lambda n: self.extra[n], only=set(new))
        self.pending.clear()

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


def _refine_crossings(space: _Space, pts: list[tuple[float, float]], edges: list[tuple[np.ndarray, np.ndarray] | None]
                      ) -> list[tuple[float, float]]:
    """Slide each crossing point of difficult-terrain boundaries along its boundary edge to
    lower the cost (approaching Snell's law), and drop points that a clear shortcut makes
    useless. Every change keeps the path legal and never raises its cost."""
    pts = list(pts)
    edges = list(edges)

    def leg(a: Sequence[float], b: Sequence[float]) -> float:
        A = np.asarray([a], dtype=float)
        B = np.asarray([b], dtype=float)
        if not space.segments_clear(A, B)[0]:
            return _INF
        return float(space.segment_costs(A, B)[0])

    for _ in range(3):
        changed = False
        k = 1
        while k < len(pts) - 1:
            a, b = pts[k - 1], pts[k + 1]
            current = leg(a, pts[k]) + leg(pts[k], b)
            shortcut = leg(a, b)
            if shortcut <= current - 1e-12:
                del pts[k]
                del edges[k]
                changed = True
                continue
            edge = edges[k]
            if edge is not None:
                e0, e1 = edge
                f = lambda s: leg(a, tuple(e0 + s * (e1 - e0))) + leg(tuple(e0 + s * (e1 - e0)), b)  # noqa: E731
                here = float(np.clip(np.dot(np.asarray(pts[k]) - e0, e1 - e0) / max(np.dot(e1 - e0, e1 - e0), 1e-300), 0, 1))
                grid = np.linspace(0.0, 1.0, 41)
                vals = [f(s) for s in grid]
                j = int(np.argmin(vals))
                lo, hi = grid[max(j - 1, 0)], grid[min(j + 1, len(grid) - 1)]
                best_s, best = (grid[j], vals[j]) if vals[j] < current else (here, current)
                gr = (math.sqrt(5) - 1) / 2
                x1, x2 = hi - gr * (hi - lo), lo + gr * (hi - lo)
                f1, f2 = f(x1), f(x2)
                for _ in range(40):
                    if f1 < f2:
                        hi, x2, f2 = x2, x1, f1
                        x1 = hi - gr * (hi - lo)
                        f1 = f(x1)
                    else:
                        lo, x1, f1 = x1, x2, f2
                        x2 = lo + gr * (hi - lo)
                        f2 = f(x2)
                for s, v in ((x1, f1), (x2, f2)):
                    if v < best:
                        best_s, best = s, v
                if best < current - 1e-12:
                    pts[k] = tuple(float(x) for x in e0 + best_s * (e1 - e0))
                    changed = True
            k += 1
        if not changed:
            break
    return pts


def _shortest(space: _Space, start: Point, goal: Point) -> list[tuple[float, float]] | None:
    """The cheapest path from ``start`` to ``goal`` (both legal positions), or None."""
    graph = _graph(space)
    q = _Query(space, graph)
    s = q.attach(start, outgoing=True)
    g = q.attach(goal, outgoing=False)
    S = np.asarray([start], dtype=float)
    G = np.asarray([goal], dtype=float)
    if space.segments_clear(S, G)[0]:
        q.add_edge(s, g, float(space.segment_costs(S, G)[0]))
    q.finalize()
    dist, pred = q.search(s, g)
    if g not in dist:
        return None
    return _finish_path(space, q, pred, s, g)


def _finish_path(space: _Space, q: _Query, pred: dict[int, tuple[int, float]], s: int, g: int) -> list[tuple[float, float]]:
    pts: list[tuple[float, float]] = []
    for bump in (ARC_BUMP_CM, ARC_BUMP_CM / 10, ARC_BUMP_CM / 100, ARC_BUMP_CM / 1000, ARC_BUMP_CM / 10000):
        pts = q.polyline(pred, s, g, bump)
        if _poly_clear(space, pts):
            break
    # Crossing points on difficult boundaries: refine them.
    edges: list[tuple[np.ndarray, np.ndarray] | None] = [None] * len(pts)
    has_crossing = False
    n = g
    chain = []
    while n != s:
        chain.append(n)
        n = pred[n][0]
    for node in chain:
        i = q.circle_of(node)
        if i >= 0 and space.circ_edge[i] is not None:
            p = q.point(node)
            for k, pt in enumerate(pts):
                if pt == p:
                    edges[k] = space.circ_edge[i]
                    has_crossing = True
    if has_crossing:
        pts = _refine_crossings(space, pts, edges)
    return _dedupe(pts)


def _dedupe(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out = [pts[0]]
    for p in pts[1:]:
        if math.hypot(p[0] - out[-1][0], p[1] - out[-1][1]) > 1e-12:
            out.append(p)
    if len(out) == 1 and len(pts) > 1:
        out.append(pts[-1])
    return out
