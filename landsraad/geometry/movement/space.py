"""The configuration space of one mover on one board: every obstacle inflated by its radius, and the
questions asked of it (free spots, clear slides, costs over difficult ground, the tangent graph's
circles; R-MOVE, RUL-17). How a space is built and kept per board and per static terrain is
:mod:`.terrain_space`'s."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import Callable, Literal, Sequence

import numpy as np
import shapely
import shapely.ops
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from ...i18n import message
from ..board import Base, Point
from .capsules import (
    _SCALAR_PAIRS,
    SegmentFrame,
    _cap_boxes,
    _cap_hits,
    _nested_intervals,
    _nested_pairs,
    _pair_interval,
    _point_cap_dist,
    _point_seg_dist,
    _point_seg_dist_full,
    _union_measure,
)
from .layout import WithBases
from .polyline import Polyline
from .result import _ANGLE_SLACK, _INF, _TWO_PI, TOUCH_TOLERANCE_CM

_CHUNK_PAIRS = 200_000
"""The most (segment, capsule) cells of one pass of :meth:`Space.difficult_intervals` or
:meth:`Space.first_hit` (as :meth:`Space.free_spots_slide_clear` does): a bounded memory."""
_PARTITION_CELLS = 2_000_000
"""The most (circle, capsule) cells of one pass of :meth:`Space._own_partitions` (a bounded memory)."""
# =============================================================================================
# Configuration space of one mover on one board (built by terrain_space)
# =============================================================================================


def _ring(poly: tuple[Point, ...]) -> np.ndarray:
    """A polygon's corners, counter-clockwise, without a repeated closing point."""
    pts = np.asarray(poly, dtype=float)
    if len(pts) > 1 and _all_close(*pts[[0, -1]].tolist()):
        pts = pts[:-1]
    x, y = pts[:, 0], pts[:, 1]
    area2 = float(np.dot(x, _next_rows(y)) - np.dot(_next_rows(x), y))
    return pts if area2 > 0 else pts[::-1].copy()


def _all_close(p: list[float], q: list[float]) -> bool:
    """``np.allclose(p, q)`` of two short lists of floats, in Python floats: numpy's ``isclose``
    (``|p - q| <= 1e-8 + 1e-5 |q|`` where ``q`` is finite, or ``p == q``) with its arithmetic,
    without its tens of microseconds of set-up."""
    return all((abs(a - b) <= 1e-08 + 1e-05 * abs(b) and math.isfinite(b)) or a == b for a, b in zip(p, q))


def _next_rows(a: np.ndarray) -> np.ndarray:
    """``np.roll(a, -1, axis=0)``: each row's successor, the first after the last (a new array)."""
    return np.concatenate((a[1:], a[:1]))


def _convex_corners(ring: np.ndarray) -> np.ndarray:
    """Boolean mask of the convex corners of a counter-clockwise ring."""
    prev = np.concatenate((ring[-1:], ring[:-1]))  # np.roll(ring, 1, axis=0)
    nxt = _next_rows(ring)
    e1 = ring - prev
    e2 = nxt - ring
    cross = e1[:, 0] * e2[:, 1] - e1[:, 1] * e2[:, 0]
    convex: np.ndarray = cross > 1e-12
    return convex


Partition = tuple[np.ndarray, np.ndarray]
"""A circle's partition (:meth:`Space.circle_partition`): its breakpoint angles and each arc's flag."""
PartitionKey = (tuple[bool, float, float, float]
                | tuple[bool, float, float, float, float, float, tuple[tuple[float, float, float], ...]])
"""What a base's circle's partition depends on (:meth:`Space._base_partition_key`): difficult, the
circle's centre and radius, and for a blocked one the table's size and the nearby bases (x, y, radius)."""
ReuseStep = tuple[Literal["shared"], int] | tuple[Literal["key"], PartitionKey] | tuple[Literal["own"], None]
"""Where a circle's partition may come from (:meth:`Space._reuse_plan`)."""


@dataclass(eq=False, slots=True)
class SpaceCache:
    """What a :class:`Space` keeps beside its arrays (internal): the terrain layout's parts it reads,
    given when it is built (:func:`~.terrain_space._build_space`), and what its questions build on
    first use (None or empty until then)."""

    block_rings: list[np.ndarray]
    block_boxes: list[tuple[float, float, float, float]]  # each impassable ring's bounding box
    diff_rings: list[np.ndarray]
    terrain_shapes: dict[int, Polygon]  # keyed like cap_owner
    offset_edges: list[tuple[np.ndarray, np.ndarray]]
    diff_pieces: list[tuple[int, int, bool, Polygon]]  # (first capsule, end, convex, shape)
    diff_labels: list[str]
    diff_boxes: np.ndarray  # (P, 4) each difficult piece's grown bounding box
    frame: SegmentFrame  # the capsules' (:func:`~.capsules._segment_frame`)
    rho: np.ndarray | None = None  # Space.cap_rho
    drho: np.ndarray | None = None  # Space.dcap_rho
    table: tuple[np.ndarray, np.ndarray] | None = None  # Space.in_table's limits
    boxes: tuple[np.ndarray, np.ndarray] | None = None  # the capsules' (_cap_boxes)
    dcap_lists: list[tuple[float, float, float, float, float, float, float, float]] | None = None
    diff_box_list: list[list[float]] | None = None
    dcap_piece: np.ndarray | None = None  # each difficult capsule's piece
    parts: dict[tuple[bool, int], Partition] = field(default_factory=dict)  # (difficult, circle)
    flat: dict[bool, dict[str, np.ndarray]] = field(default_factory=dict)  # Space.flat, by difficult
    outlines: list[LineString] | None = None  # _outlines
    outline_polylines: list[Polyline] | None = None  # graph._outline_polylines
    outline_points: dict[float, np.ndarray] = field(default_factory=dict)  # reach._difficult_outline, by step
    walls: tuple[np.ndarray, ...] | None = None  # graph._walls
    discs: tuple[np.ndarray, np.ndarray] | None = None  # graph._discs
    graph: object | None = None  # the whole graph._Graph (its module builds on this one)
    starts: dict[str, Point] = field(default_factory=dict)  # voluntary._start, by model
    free_polygon: BaseGeometry | None = None  # messages._free_polygon


@dataclass(eq=False)
class Space:
    """Inflated obstacles and difficult areas for a mover of radius ``r`` (internal)."""

    r: float
    width: float
    depth: float
    bounds: tuple[float, float, float, float]  # xmin, ymin, xmax, ymax of the centre
    cap_a: np.ndarray
    cap_b: np.ndarray
    cap_r: np.ndarray  # true inflated radius
    cap_owner: np.ndarray  # index into labels
    block_geom: BaseGeometry | None  # union of impassable footprints (interiors)
    dcap_a: np.ndarray
    dcap_b: np.ndarray
    diff_geom: BaseGeometry | None  # union of difficult footprints
    _cache: SpaceCache
    _circles: tuple[np.ndarray, np.ndarray, np.ndarray, list[int | None]] | None = None
    _circle_maker: Callable[["Space"], tuple[np.ndarray, np.ndarray, np.ndarray, list[int | None]]] | None = None
    # the terrain alone on the same table, the number of bases and of terrain corner circles (after
    # the bases among the circles): its corners' partitions are shared (:meth:`_shared_partition`)
    _bare: tuple["Space", int, int] | None = None
    # the bases' circles' partitions of every board of the terrain layout, keyed by what they
    # depend on (:meth:`_base_partition_key`); the layout's terrain_space.TerrainSpace.base_parts
    _base_parts: dict[PartitionKey, Partition] | None = None
    # what labels are written from, on first use (only a message names an obstacle): the bases
    # (first, as in the capsules) and the terrain's labels
    _label_source: tuple[Sequence[Base], tuple[str, ...]] = ((), ())
    _labels: tuple[str, ...] | None = None
    # what the capsule frame shares with every space of the layout and number of bases (terrain_space._build_space)
    _shared: "WithBases | None" = None

    @property
    def labels(self) -> tuple[str, ...]:
        """What each capsule owner (``cap_owner``) is called in messages: the bases, then the terrain."""
        if self._labels is None:
            bases, terrain = self._label_source
            self._labels = tuple(_model_label(b.id) for b in bases) + terrain
        return self._labels

    # --- the tangent graph's circles, built on first use (a straight slide never needs them) ---

    def _circle_arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[int | None]]:
        if self._circles is None:
            assert self._circle_maker is not None
            self._circles = self._circle_maker(self)
        return self._circles

    @property
    def circ_c(self) -> np.ndarray:
        """(C, 2) centres of the circles the shortest paths wrap round."""
        return self._circle_arrays()[0]

    @property
    def circ_r(self) -> np.ndarray:
        """(C,) their radii."""
        return self._circle_arrays()[1]

    @property
    def circ_soft(self) -> np.ndarray:
        """(C,) bool: a difficult corner or crossing sample, not an obstacle."""
        return self._circle_arrays()[2]

    @property
    def circ_edge(self) -> list[int | None]:
        """For crossing samples: the difficult outline they lie on."""
        return self._circle_arrays()[3]

    # --- exact primitive tests ------------------------------------------------------------

    @property
    def cap_rho(self) -> np.ndarray:
        rho = self._cache.rho
        if rho is None:
            rho = self._cache.rho = self.cap_r - TOUCH_TOLERANCE_CM
        return rho

    @property
    def dcap_rho(self) -> np.ndarray:
        drho = self._cache.drho
        if drho is None:
            drho = self._cache.drho = np.full(len(self.dcap_a), self.r - TOUCH_TOLERANCE_CM)
        return drho

    def in_table(self, pts: np.ndarray) -> np.ndarray:
        """Which centres keep the base on the table (touching its edge allowed)."""
        limits = self._cache.table
        if limits is None:  # the four comparisons as two on (N, 2) arrays: the same bounds, in fewer numpy calls
            xmin, ymin, xmax, ymax = self.bounds
            t = TOUCH_TOLERANCE_CM
            limits = self._cache.table = (np.array((xmin - t, ymin - t)), np.array((xmax + t, ymax + t)))
        inside = (pts >= limits[0]) & (pts <= limits[1])
        return inside[:, 0] & inside[:, 1]

    def in_blocked_interior(self, pts: np.ndarray) -> np.ndarray:
        if self.block_geom is None or len(pts) == 0:
            return np.zeros(len(pts), dtype=bool)
        return shapely.contains_xy(self.block_geom, pts[:, 0], pts[:, 1])

    def blocked_in_box(self, xmin: float, ymin: float, xmax: float, ymax: float) -> bool:
        """Whether the box [xmin, xmax] x [ymin, ymax] meets an impassable piece's bounding box (its
        corners' least and greatest coordinates): when it does not, no point within it lies in an
        impassable interior, and :meth:`in_blocked_interior` is False for each."""
        return any(xmin <= bx1 and xmax >= bx0 and ymin <= by1 and ymax >= by0 for bx0, by0, bx1, by1 in self._cache.block_boxes)

    def points_free(self, pts: np.ndarray, box: tuple[float, float, float, float] | None = None) -> np.ndarray:
        """Which centres are legal positions (touching allowed). ``box``, when given, holds every
        point (xmin, ymin, xmax, ymax): no interior is searched where it meets no impassable piece
        (:meth:`blocked_in_box`)."""
        pts = np.asarray(pts, dtype=float).reshape(-1, 2)
        step = max(1, _CHUNK_PAIRS // max(1, len(self.cap_a)))
        if len(pts) > step:  # bounded (points, capsules) arrays, row by row the same numbers
            return np.concatenate([self.points_free(pts[lo:lo + step], box) for lo in range(0, len(pts), step)])
        return _free_spots(self, pts, self._point_dists(pts), self.cap_rho, box)

    def _point_dists(self, pts: np.ndarray) -> np.ndarray:
        """Distances (N, K) from ``pts`` to the capsules' axes, from the frame built with the space
        (terrain_space._build_space): with the layout's full arrays of N rows (:meth:`WithBases.rows`) where it
        has them, the same numbers in fewer numpy calls (:func:`_point_seg_dist_full`)."""
        return _frame_dists(pts, self._cache.frame, self._shared)

    def segments_clear(self, p0: np.ndarray, p1: np.ndarray) -> np.ndarray:
        """Which segments a base can slide along (both ends included)."""
        p0 = np.asarray(p0, dtype=float).reshape(-1, 2)
        p1 = np.asarray(p1, dtype=float).reshape(-1, 2)
        ok: np.ndarray = self.in_table(p0) & self.in_table(p1)
        ok &= ~self.in_blocked_interior(p0)
        idx = np.nonzero(ok)[0]
        ok[idx] = self.free_spots_slide_clear(p0[idx], p1[idx])
        return ok

    def free_spots_slide_clear(self, p0: np.ndarray, p1: np.ndarray) -> np.ndarray:
        """:meth:`segments_clear` for segments whose ends are known to be on the table and
        outside impassable interiors (e.g. both passed :meth:`points_free`): the swept
        capsules alone decide."""
        if not len(self.cap_a):
            return np.ones(len(p0), dtype=bool)
        boxes = self._cache.boxes
        if boxes is None:
            boxes = self._cache.boxes = _cap_boxes(self.cap_a, self.cap_b, self.cap_rho)
        step = max(1, 200_000 // len(self.cap_a))  # segments per chunk: bounded (M, K) arrays
        if len(p0) <= step:  # one chunk (nearly always)
            return ~_cap_hits(p0, p1, self.cap_a, self.cap_b, self.cap_rho, boxes)
        out = np.ones(len(p0), dtype=bool)
        for lo in range(0, len(p0), step):
            out[lo:lo + step] = ~_cap_hits(p0[lo:lo + step], p1[lo:lo + step], self.cap_a, self.cap_b, self.cap_rho, boxes)
        return out

    def first_hit(self, p0: np.ndarray, p1: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For segments p0->p1 from legal positions: the parameter in [0, 1] where the base
        first touches an obstacle or the table edge (1.0 if never), and which (label index,
        -1 for the table edge, -2 for none)."""
        p0 = np.asarray(p0, dtype=float).reshape(-1, 2)
        p1 = np.asarray(p1, dtype=float).reshape(-1, 2)
        step = max(1, _CHUNK_PAIRS // max(1, len(self.cap_a)))
        if len(p0) > step:  # bounded (segments, capsules) arrays, as in difficult_intervals
            parts = [self.first_hit(p0[lo:lo + step], p1[lo:lo + step]) for lo in range(0, len(p0), step)]
            return np.concatenate([t for t, _ in parts]), np.concatenate([w for _, w in parts])
        t = np.ones(len(p0))
        who = np.full(len(p0), -2)
        if len(self.cap_a):
            # detected with the touching tolerance, stopped at exact contact
            (d_in, d_out), (t_in, _) = _nested_intervals(p0, p1, self.cap_a, self.cap_b, self.cap_rho, self.cap_r)
            hit = d_in < d_out
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
        length: np.ndarray = np.hypot(*(p1 - p0).T)
        if self.diff_geom is None or len(p0) == 0:
            return length
        over = np.zeros(len(p0))
        # Only a segment that comes within the base's radius of a difficult piece's bounding
        # box can put the base over it; the others cost their length, with no interval search.
        near = np.nonzero(self.near_difficult(p0, p1))[0]
        if len(near):
            # a few (segment, capsule) pairs over convex pieces: one by one in Python floats (the
            # intervals differ from difficult_intervals' at most by the sign of a zero bound,
            # which no difference hi - lo sees)
            few = len(near) * len(self.dcap_a) <= _SCALAR_PAIRS and all(convex for _, _, convex, _ in self._cache.diff_pieces)
            ivs = (self._few_convex_intervals if few else self.difficult_intervals)(p0[near], p1[near])
            over[near] = np.fromiter((sum(hi - lo for lo, hi in iv) for iv in ivs), dtype=float, count=len(near))
        costs: np.ndarray = length * (1.0 + over)
        return costs

    def _few_convex_intervals(self, p0: np.ndarray, p1: np.ndarray) -> list[list[tuple[float, float]]]:
        """:meth:`difficult_intervals` when every difficult piece is convex (:meth:`_convex_intervals`),
        pair by pair in Python floats (:func:`_pair_interval`: the same numbers as
        :func:`_cap_intervals_by_radii`' pairs, up to the sign of a zero): a pair counts where the
        boxes meet and the slide enters the capsule with and without the touching tolerance, and a
        piece's interval runs from its pairs' least entry to their greatest exit, or from 0 or to 1
        where an end lies inside the piece. (Only the boxes of the smaller radius are tested: those
        of the larger hold them, rounding being monotonic, so they meet wherever these do.)"""
        rho_d = self.r - TOUCH_TOLERANCE_CM  # dcap_rho's elements, and theirs plus the tolerance
        rho_m = rho_d + TOUCH_TOLERANCE_CM
        caps = self._cache.dcap_lists
        if caps is None:  # each capsule's ends, and its box grown by rho_d (_cap_boxes)
            caps = self._cache.dcap_lists = [
                (ax, ay, bx, by, min(ax, bx) - rho_d, min(ay, by) - rho_d, max(ax, bx) + rho_d, max(ay, by) + rho_d)
                for (ax, ay), (bx, by) in zip(self.dcap_a.tolist(), self.dcap_b.tolist())]
        pieces = [(caps[a:b], shapely.contains_xy(shape, p0[:, 0], p0[:, 1]).tolist(), shapely.contains_xy(shape, p1[:, 0], p1[:, 1]).tolist())
                  for a, b, _, shape in self._cache.diff_pieces]
        out: list[list[tuple[float, float]]] = []
        for i, ((x0, y0), (x1, y1)) in enumerate(zip(p0.tolist(), p1.tolist())):
            sx0, sy0, sx1, sy1 = min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)  # the segment's box
            ivs = []
            for piece_caps, in0, in1 in pieces:
                lo, hi = _INF, -_INF
                for ax, ay, bx, by, dx0, dy0, dx1, dy1 in piece_caps:
                    if sx0 <= dx1 and sx1 >= dx0 and sy0 <= dy1 and sy1 >= dy0:
                        d_in, d_out = _pair_interval(x0, y0, x1, y1, ax, ay, bx, by, rho_d)
                        if d_in < d_out:
                            t_in, t_out = _pair_interval(x0, y0, x1, y1, ax, ay, bx, by, rho_m)
                            if t_in < t_out:
                                lo, hi = min(lo, t_in), max(hi, t_out)
                if in0[i]:
                    lo = 0.0
                if in1[i]:
                    hi = 1.0
                if lo < hi:
                    ivs.append((lo, hi))
            out.append(ivs if len(ivs) < 2 else _union_measure(ivs)[1])
        return out

    def near_difficult(self, p0: np.ndarray, p1: np.ndarray) -> np.ndarray:
        """Which segments' bounding boxes, grown by the base's radius (and a margin), meet a
        difficult piece's bounding box: the only ones along which the base can be over difficult terrain."""
        boxes = self._cache.diff_boxes  # built once per terrain layout (terrain_space._terrain_space)
        lo, hi = np.minimum(p0, p1), np.maximum(p0, p1)
        near: np.ndarray = ((lo[:, None, 0] <= boxes[None, :, 2]) & (hi[:, None, 0] >= boxes[None, :, 0])
                            & (lo[:, None, 1] <= boxes[None, :, 3]) & (hi[:, None, 1] >= boxes[None, :, 1])).any(axis=1)
        return near

    def difficult_in_box(self, xmin: float, ymin: float, xmax: float, ymax: float) -> bool:
        """Whether the box [xmin, xmax] x [ymin, ymax] meets a difficult piece's grown bounding box
        (:meth:`near_difficult`'s test for the box): when it does not, no segment within it is near
        difficult terrain, and each one's cost is its length (``length * (1.0 + 0.0)``)."""
        box_list = self._cache.diff_box_list
        if box_list is None:
            box_list = self._cache.diff_box_list = self._cache.diff_boxes.tolist()
        return any(xmin <= bx1 and xmax >= bx0 and ymin <= by1 and ymax >= by0 for bx0, by0, bx1, by1 in box_list)

    def difficult_intervals(self, p0: np.ndarray, p1: np.ndarray) -> list[list[tuple[float, float]]]:
        """Per segment, the merged parameter intervals of [0, 1] where the base overlaps
        difficult terrain. Exact.

        Worked out in chunks of segments, so that the (segments, capsules) arrays stay bounded
        whatever the number of segments (34,000 tangents against a 64-sided well held 1 GB)."""
        if self.diff_geom is None:
            return [[] for _ in range(len(p0))]
        step = max(1, _CHUNK_PAIRS // max(1, len(self.dcap_a)))
        if len(p0) > step:
            out: list[list[tuple[float, float]]] = []
            for lo in range(0, len(p0), step):
                out += self._difficult_intervals(p0[lo:lo + step], p1[lo:lo + step])
            return out
        return self._difficult_intervals(p0, p1)

    def _difficult_intervals(self, p0: np.ndarray, p1: np.ndarray) -> list[list[tuple[float, float]]]:
        # Overlap is detected with the touching tolerance (sliding along the edge is not
        # being over it) but measured exactly.
        pieces = self._cache.diff_pieces
        if all(convex for _, _, convex, _ in pieces):
            return self._convex_intervals(p0, p1, pieces)
        out: list[list[tuple[float, float]]] = [[] for _ in range(len(p0))]
        (d_in, d_out), (t_in, t_out) = _nested_intervals(p0, p1, self.dcap_a, self.dcap_b,
                                                        self.dcap_rho, self.dcap_rho + TOUCH_TOLERANCE_CM)
        hit = (d_in < d_out) & (t_in < t_out)
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

    def _convex_intervals(self, p0: np.ndarray, p1: np.ndarray, pieces: list[tuple[int, int, bool, Polygon]]
                          ) -> list[list[tuple[float, float]]]:
        """:meth:`difficult_intervals` when every difficult piece is convex: a segment meets
        each inflated piece (convex too) in one interval, from its first capsule entry to
        its last exit, or to an end that lies inside the piece itself.

        Overlap is detected with the touching tolerance (a pair counts where the slide enters
        the capsule with and without it) but measured exactly; each piece's entry and exit are
        the least and greatest over its counted pairs (:func:`~.capsules._nested_pairs`), taken
        on the pairs alone rather than on (segments, capsules) arrays."""
        mi, ki, _, _, t_lo, t_hi = _nested_pairs(p0, p1, self.dcap_a, self.dcap_b, self.dcap_rho,
                                                 self.dcap_rho + TOUCH_TOLERANCE_CM)
        hit = t_lo < t_hi
        mi, ki, t_lo, t_hi = mi[hit], ki[hit], t_lo[hit], t_hi[hit]
        piece_of = self._cache.dcap_piece
        if piece_of is None:
            piece_of = self._cache.dcap_piece = np.repeat(np.arange(len(pieces)), [b - a for a, b, _, _ in pieces])
        starts = np.full((len(p0), len(pieces)), _INF)
        stops = np.full((len(p0), len(pieces)), -_INF)
        np.minimum.at(starts, (mi, piece_of[ki]), t_lo)
        np.maximum.at(stops, (mi, piece_of[ki]), t_hi)
        per_piece = []
        for j, (_, _, _, shape) in enumerate(pieces):
            lo, hi = starts[:, j], stops[:, j]
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
        for o, geom in self._cache.terrain_shapes.items():
            if geom.contains(point):
                out[o] = self.r + geom.exterior.distance(point)
        return sorted(out.items(), key=lambda kv: -kv[1])

    # --- circles: free arcs and difficult arcs ------------------------------------------------

    def circle_partition(self, i: int, difficult: bool) -> tuple[np.ndarray, np.ndarray]:
        """Breakpoint angles (sorted, in [0, 2 pi)) and, per arc between consecutive ones
        (the last wrapping), whether it is blocked (``difficult=False``) or over difficult
        terrain (``difficult=True``). No breakpoints: one flag for the whole circle."""
        return self._partitions([i], difficult)[0]

    def _partitions(self, circles: Sequence[int], difficult: bool) -> list[tuple[np.ndarray, np.ndarray]]:
        """:meth:`circle_partition` of each of ``circles``: this space's cache, the terrain-only
        space's (:meth:`_shared_partition`), the layout's (:meth:`_base_partition_key`), and the
        rest computed together (:meth:`_own_partitions`)."""
        cache = self._cache.parts
        found = [cache.get((difficult, i)) for i in circles]
        miss = [pos for pos, res in enumerate(found) if res is None]
        if not miss:
            return [res for res in found if res is not None]  # every one
        out = [res if res is not None else _NO_PARTITION for res in found]  # the misses filled below
        plan = self._reuse_plan([circles[pos] for pos in miss], difficult)
        shared = [(pos, step[1]) for pos, step in zip(miss, plan) if step[0] == "shared"]
        if shared:
            assert self._bare is not None
            for (pos, _), res in zip(shared, self._bare[0]._partitions([j for _, j in shared], difficult)):
                out[pos] = cache[(difficult, circles[pos])] = res
        todo: list[tuple[int, PartitionKey | None]] = []  # (position, reuse key)
        for pos, step in zip(miss, plan):
            if step[0] == "shared":
                continue
            key = step[1] if step[0] == "key" else None
            if key is not None:
                assert self._base_parts is not None
                found_res = self._base_parts.get(key)
                if found_res is not None:
                    out[pos] = cache[(difficult, circles[pos])] = found_res
                    continue
            todo.append((pos, key))
        if todo:
            for (pos, key), res in zip(todo, self._own_partitions([circles[pos] for pos, _ in todo], difficult)):
                if key is not None:
                    assert self._base_parts is not None
                    if len(self._base_parts) >= _BASE_PARTS_CAP:
                        del self._base_parts[next(iter(self._base_parts))]  # the oldest entry
                    self._base_parts[key] = res
                out[pos] = cache[(difficult, circles[pos])] = res
        return out

    def _own_partitions(self, circles: Sequence[int], difficult: bool) -> list[tuple[np.ndarray, np.ndarray]]:
        """:meth:`circle_partition` of each of ``circles`` computed on this space, with no cache.

        The circles are done together (a graph build misses a few partitions at a time; numpy's
        per-call cost dominated when they were done one by one), and each circle gets the very
        numbers it would get alone: every step is element by element over (circle, capsule) pairs
        or row by row over points, a circle's breakpoints are the distinct values of its angles
        (np.mod never gives -0.0: sorting them per circle is np.unique's), and the table's are
        computed with the math module as before (tests/geometry/test_space.py holds the one by
        one formulation and compares them bit for bit).

        So they go in blocks of at most :data:`_PARTITION_CELLS` (circle, capsule) cells: 200 small
        pieces are 12,800 circles, whose 15 million (circle, capsule) pairs held a 230 MiB array
        each past a 1 GiB ceiling (issue 42's ``bigscene`` fuzz family)."""
        capsules = len(self.dcap_a) if difficult else len(self.cap_a)
        step = max(1, _PARTITION_CELLS // max(1, capsules))
        if len(circles) > step:
            return [res for lo in range(0, len(circles), step) for res in self._own_partitions(circles[lo:lo + step], difficult)]
        idx = np.asarray(circles, dtype=int)
        cs, Rs = self.circ_c[idx], self.circ_r[idx]
        out: list[tuple[np.ndarray, np.ndarray] | None] = [None] * len(idx)
        if difficult:
            # breakpoints where the base starts overlapping (exact); classification below
            # uses the touching tolerance
            a, b, rho, geom = self.dcap_a, self.dcap_b, self.dcap_rho + TOUCH_TOLERANCE_CM, self.diff_geom
            test: Callable[[np.ndarray], np.ndarray] = self._point_difficult
        else:
            a, b, rho, geom = self.cap_a, self.cap_b, self.cap_rho, self.block_geom
            test = self._points_blocked
        point = Rs == 0.0
        if point.any():  # a point's one flag
            pt_rows = np.nonzero(point)[0]
            flags = test(cs[pt_rows])
            for k, row in enumerate(pt_rows.tolist()):
                out[row] = (np.zeros(0), flags[k:k + 1])
        rows = np.nonzero(~point)[0]
        c, R = cs[rows], Rs[rows]
        # (circle, capsule) pairs whose bounding boxes, the capsule's grown by its rho, meet; by
        # circle, then capsule, as each circle's own filter orders them
        if len(a) and len(rows):
            lo, hi = np.minimum(a, b) - rho[:, None], np.maximum(a, b) + rho[:, None]
            near = ((lo[None, :, 0] <= (c[:, 0] + R)[:, None]) & (hi[None, :, 0] >= (c[:, 0] - R)[:, None])
                    & (lo[None, :, 1] <= (c[:, 1] + R)[:, None]) & (hi[None, :, 1] >= (c[:, 1] - R)[:, None]))
            pr, pk = np.nonzero(near)
        else:
            pr = pk = np.zeros(0, dtype=int)
        alive = np.ones(len(rows), dtype=bool)
        if difficult:
            lonely = np.bincount(pr, minlength=len(rows)) == 0
            if lonely.any():
                far = lonely.copy()
                if geom is not None:
                    far[lonely] = ~shapely.intersects(geom, shapely.points(c[lonely]))
                for row in np.nonzero(far)[0].tolist():  # nowhere near difficult terrain
                    out[rows[row]] = (np.zeros(0), np.array([False]))
                alive &= ~far
        angles: list[np.ndarray] = []
        owner: list[np.ndarray] = []  # the row (in rows) of each breakpoint
        if len(pr):
            A, B, RHO, Cp, Rp = a[pk], b[pk], rho[pk], c[pr], R[pr]
            # circle against the capsules' end discs
            for q in (A, B):
                v = q - Cp
                dq = np.hypot(v[:, 0], v[:, 1])
                with np.errstate(divide="ignore", invalid="ignore"):
                    cosb = (Rp * Rp + dq * dq - RHO * RHO) / (2.0 * Rp * dq)
                # tangencies count too (a difficult corner's own circle touches its edges'
                # offsets): extra breakpoints are harmless, the midpoints decide
                ok = (dq > 0) & (np.abs(cosb) <= 1 + 1e-9)
                phi = np.arctan2(v[ok, 1], v[ok, 0])
                beta = np.arccos(np.clip(cosb[ok], -1.0, 1.0))
                angles += [phi + beta, phi - beta]
                owner += [pr[ok], pr[ok]]
            # ... against the capsules' straight sides and the pieces' own outlines (whose
            # edges are the capsules' cores: crossing them matters for deep interiors)
            e = B - A
            length = np.hypot(e[:, 0], e[:, 1])
            keep = length > 0
            if keep.any():
                ak, ek, lk, rk = A[keep], e[keep], length[keep], RHO[keep]
                u = ek / lk[:, None]
                n = np.stack([-u[:, 1], u[:, 0]], axis=1)
                starts = np.concatenate([ak + rk[:, None] * n, ak - rk[:, None] * n, ak])
                units = np.concatenate([u, u, u])
                lens = np.concatenate([lk, lk, lk])
                c3, R3, row3 = (np.concatenate([x, x, x]) for x in (Cp[keep], Rp[keep], pr[keep]))
                w = starts - c3
                bq = 2.0 * (w * units).sum(1)
                cq = (w * w).sum(1) - R3 * R3
                disc = bq * bq - 4.0 * cq
                ok = disc > -1e-9 * (1.0 + R3 * R3)
                sq = np.sqrt(np.where(disc > 0, disc, 0.0))
                for sol in ((-bq - sq) / 2.0, (-bq + sq) / 2.0):
                    good = ok & (sol >= -1e-9) & (sol <= lens + 1e-9)
                    pts = starts[good] + sol[good, None] * units[good]
                    angles.append(np.arctan2(pts[:, 1] - c3[good, 1], pts[:, 0] - c3[good, 0]))
                    owner.append(row3[good])
        if not difficult and len(rows):
            xmin, ymin, xmax, ymax = self.bounds
            for axis, val in ((0, xmin), (0, xmax), (1, ymin), (1, ymax)):
                x = (val - c[:, axis]) / R
                for row in np.nonzero(np.abs(x) <= 1)[0].tolist():
                    base = math.acos(x[row]) if axis == 0 else math.asin(x[row])
                    angles.append(np.array([base, -base]) if axis == 0 else np.array([base, math.pi - base]))
                    owner.append(np.array([row, row]))
        # each circle's breakpoints: its distinct angles, sorted
        if angles:
            brk, brk_row = np.mod(np.concatenate(angles), _TWO_PI), np.concatenate(owner)
            order = np.lexsort((brk, brk_row))
            brk, brk_row = brk[order], brk_row[order]
            fresh = np.ones(len(brk), dtype=bool)
            fresh[1:] = (brk[1:] != brk[:-1]) | (brk_row[1:] != brk_row[:-1])
            brk, brk_row = brk[fresh], brk_row[fresh]
        else:
            brk, brk_row = np.zeros(0), np.zeros(0, dtype=int)
        live = np.nonzero(alive)[0]
        first = np.searchsorted(brk_row, live)
        last = np.searchsorted(brk_row, live, side="right")
        # midpoints of the arcs (the last wraps round to the first breakpoint), or angle 0 for a
        # circle with none; then every circle's midpoints tested at once
        nxt = np.append(brk[1:], 0.0)
        some = last > first
        nxt[last[some] - 1] = brk[first[some]] + _TWO_PI
        mids = np.concatenate([0.5 * (brk + nxt), np.zeros(int((~some).sum()))])
        mid_row = np.concatenate([brk_row, live[~some]])
        order = np.argsort(mid_row, kind="stable")
        mids, mid_row = mids[order], mid_row[order]
        pts = c[mid_row] + R[mid_row][:, None] * np.stack([np.cos(mids), np.sin(mids)], axis=1)
        flags = test(pts)
        m_first = np.searchsorted(mid_row, live)
        m_last = np.searchsorted(mid_row, live, side="right")
        for row, b0, b1, m0, m1 in zip(live.tolist(), first.tolist(), last.tolist(), m_first.tolist(), m_last.tolist()):
            out[rows[row]] = (brk[b0:b1], flags[m0:m1])
        return out  # type: ignore[return-value]  # every entry filled

    def _points_blocked(self, pts: np.ndarray) -> np.ndarray:
        """Which centres are not legal positions (:meth:`points_free`'s complement)."""
        return ~self.points_free(pts)

    def _shared_partition(self, i: int, difficult: bool) -> tuple[np.ndarray, np.ndarray] | None:
        """Circle ``i``'s partition as the terrain-only space computed it, when ``i`` is a terrain
        corner no base comes near; else None.

        Such a partition is the same, bit for bit, on every board of a terrain layout and table:
        the difficult one reads only the terrain; the blocked one reads the terrain, the table and
        the bases whose bounding box meets the circle's, and a base's disc clear of the circle by
        :data:`_SHARED_GAP_CM` adds no breakpoint (the circles do not meet) and blocks no
        midpoint (every distance is elementwise, far above rounding). So it is computed once per
        layout (graph builds spend most of their time on partitions) rather than once per board.
        """
        step = self._reuse_plan([i], difficult)[0]
        return self._bare[0].circle_partition(step[1], difficult) if step[0] == "shared" and self._bare is not None else None

    def _base_partition_key(self, i: int, difficult: bool) -> PartitionKey | None:
        """What circle ``i``'s partition depends on, when ``i`` is a base's circle, or a terrain
        corner's for its blocked partition (one a base comes near: :meth:`_shared_partition` takes
        the others); else None.

        Keys :attr:`_base_parts` (one dict per terrain layout and mover radius, so the terrain,
        its difficult ground and the mover's radius are fixed). The difficult partition reads only
        the circle and the terrain. The blocked one also reads the table and the bases: a base
        whose disc is clear of the circle by more than :data:`_SHARED_GAP_CM` adds no breakpoint
        and blocks no midpoint (the argument of :meth:`_shared_partition`), so only the bases
        nearer than that (the circle's own base among them) are in the key, sorted: breakpoints
        are sorted and deduplicated, and the midpoint tests are elementwise, so their order
        changes nothing. Between two boards of a game usually one model moved: the other bases'
        partitions are found here rather than computed again. A corner's circle is no different
        (:meth:`_own_partitions` reads a circle's centre and radius, whatever it wraps), so its
        blocked partition has the same key; its difficult one is the terrain-only space's.
        """
        step = self._reuse_plan([i], difficult)[0]
        return step[1] if step[0] == "key" else None

    def _reuse_plan(self, circles: Sequence[int], difficult: bool) -> list[ReuseStep]:
        """For each of ``circles``: ("shared", its number in the terrain-only space) when
        :meth:`_shared_partition` applies, ("key", the key) when :meth:`_base_partition_key` does,
        else ("own", None). The bases' gaps to all the circles are one (circles, bases) array,
        element by element the numbers each circle's own test computed."""
        if self._bare is None:
            return [("own", None)] * len(circles)
        _, n, corners = self._bare
        idx = np.asarray(circles, dtype=int)
        c, R = self.circ_c[idx], self.circ_r[idx]
        gaps = None
        if not difficult and n:
            a, rho = self.cap_a[:n], self.cap_rho[:n]
            gaps = np.hypot(a[None, :, 0] - c[:, 0, None], a[None, :, 1] - c[:, 1, None]) - rho[None, :] - R[:, None]
            close = gaps <= _SHARED_GAP_CM
            lonely = ~close.any(axis=1)
        plan: list[ReuseStep] = []
        for row, i in enumerate(idx.tolist()):
            corner = n <= i < n + corners
            if corner and (gaps is None or lonely[row]):
                plan.append(("shared", i - n))
            elif not (i < n or (corner and not difficult)) or self._base_parts is None:
                plan.append(("own", None))
            elif difficult:
                plan.append(("key", (True, float(c[row, 0]), float(c[row, 1]), float(R[row]))))
            else:
                near = np.nonzero(close[row])[0] if gaps is not None else np.zeros(0, dtype=int)
                bases = tuple(sorted(zip(self.cap_a[near, 0].tolist(), self.cap_a[near, 1].tolist(), self.cap_r[near].tolist())))
                plan.append(("key", (False, float(c[row, 0]), float(c[row, 1]), float(R[row]), self.width, self.depth, bases)))
        return plan

    def _point_difficult(self, pts: np.ndarray) -> np.ndarray:
        if self.diff_geom is None:
            return np.zeros(len(pts), dtype=bool)
        step = max(1, _CHUNK_PAIRS // max(1, len(self.dcap_a)))
        if len(pts) > step:  # bounded (points, capsules) arrays: 82,000 points by 1,000 corners held 626 MiB a temporary
            return np.concatenate([self._point_difficult(pts[lo:lo + step]) for lo in range(0, len(pts), step)])
        dist = _point_cap_dist(pts, self.dcap_a, self.dcap_b)
        near = (dist < self.dcap_rho[None, :]).any(axis=1) if dist.shape[1] else np.zeros(len(pts), bool)
        return near | shapely.contains_xy(self.diff_geom, pts[:, 0], pts[:, 1])

    def flat(self, difficult: bool) -> dict[str, np.ndarray]:
        """Every circle's partition in one sorted array (key = 8 * circle + angle), with
        the cumulative flagged measure, for vectorised lookups across circles."""
        cached = self._cache.flat.get(difficult)
        if cached is not None:
            return cached
        res = self._flat_of(np.arange(len(self.circ_r)), difficult)
        self._cache.flat[difficult] = res
        return res

    def _flat_of(self, circles: np.ndarray, difficult: bool) -> dict[str, np.ndarray]:
        """:meth:`flat` of the sorted distinct ``circles`` only: each circle's keys, starts, ends and
        flags are the very numbers of the whole one (``first`` is indexed by position in
        ``circles``; ``cum`` runs over these circles alone, so only :meth:`flat` serves measures)."""
        # each circle's arcs from angle 0: its breakpoints, with 0 first when it is not one (the
        # arc from the last breakpoint round to the first is cut there); pieces joined once
        starts, flags, counts = [], [], []
        for brk, fl in self._partitions(circles.tolist(), difficult):
            if len(brk) == 0:
                starts.append(_ZERO_ANGLE)
                flags.append(fl[:1])
                counts.append(1)
            elif brk[0] > 0:
                starts += [_ZERO_ANGLE, brk]
                flags += [fl[-1:], fl]
                counts.append(len(brk) + 1)
            else:
                starts.append(brk)
                flags.append(fl)
                counts.append(len(brk))
        S = np.concatenate(starts) if starts else np.zeros(0)
        F = np.concatenate(flags).astype(bool) if flags else np.zeros(0, bool)
        Cc = np.repeat(circles, counts)
        K = 8.0 * Cc + S  # element by element the sum 8.0 * i + angle, as a key
        same_next = np.append(Cc[1:] == Cc[:-1], False)
        ends = np.where(same_next, np.append(S[1:], 0.0), _TWO_PI)
        seg = np.where(F, ends - S, 0.0)
        cum = np.concatenate([[0.0], np.cumsum(seg)])[:-1]
        first = np.searchsorted(K, 8.0 * circles)  # index of each circle's 0
        return {"keys": K, "starts": S, "ends": ends, "flags": F, "cum": cum, "first": first}

    def _cum(self, flat: dict[str, np.ndarray], circles: np.ndarray, theta: np.ndarray) -> np.ndarray:
        """Flagged measure of [0, theta] on each circle (theta in [0, 2 pi])."""
        idx = np.searchsorted(flat["keys"], 8.0 * circles + theta, side="right") - 1
        idx = np.maximum(idx, flat["first"][circles])
        part = np.clip(theta - flat["starts"][idx], 0.0, flat["ends"][idx] - flat["starts"][idx])
        measure: np.ndarray = flat["cum"][idx] - flat["cum"][flat["first"][circles]] + np.where(flat["flags"][idx], part, 0.0)
        return measure

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
        measure: np.ndarray = np.maximum(c_hi - c_lo, 0.0)
        return measure

    def angles_blocked(self, circles: np.ndarray, thetas: np.ndarray) -> np.ndarray:
        """Whether points at ``thetas`` on ``circles`` lie clearly inside blocked arcs."""
        circles = np.asarray(circles, dtype=int)
        if len(circles) == 0:
            return np.zeros(0, dtype=bool)
        flat = self._cache.flat.get(False)
        wanted = np.unique(circles) if flat is None else None
        if wanted is None or 2 * len(wanted) >= len(self.circ_r):
            flat = self.flat(False)
            first = flat["first"][circles]
        else:
            # only the circles asked about (their keys, starts, ends and flags are the whole
            # flat's): a start attached past its clear tangents asks few (:func:`graph._clear_tangents`),
            # and the 12,800 partitions of 200 small pieces took over 10 s of CPU (issue 42)
            flat = self._flat_of(wanted, False)
            first = flat["first"][np.searchsorted(wanted, circles)]
        th = np.mod(thetas, _TWO_PI)
        idx = np.searchsorted(flat["keys"], 8.0 * circles + th, side="right") - 1
        idx = np.maximum(idx, first)
        rel = th - flat["starts"][idx]
        width = flat["ends"][idx] - flat["starts"][idx]
        # near the arc's ends, look at the neighbours too: blocked only if clearly inside
        away = (rel > _ANGLE_SLACK) & (rel < width - _ANGLE_SLACK)
        blocked: np.ndarray = flat["flags"][idx] & (away | (self._neighbours_flag(flat, idx, rel, width)))
        return blocked

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
        flagged: np.ndarray = (near_start & flat["flags"][prev]) | (near_end & flat["flags"][nxt])
        return flagged


def _frame_dists(pts: np.ndarray, frame: SegmentFrame, shared: WithBases | None) -> np.ndarray:
    """Distances (N, K) from ``pts`` to the capsules' axes of ``frame`` (:func:`_segment_frame`'s, the
    starts as (1, K) rows), with ``shared``'s full arrays of N rows (:meth:`WithBases.rows`) where
    it has them (:func:`_point_seg_dist_full`: the same numbers in fewer numpy calls)."""
    rows = shared.rows(len(pts)) if shared is not None else None
    if rows is None:
        return _point_seg_dist(pts, frame)
    return _point_seg_dist_full(pts, frame[0], frame[1], *rows)


def _free_spots(terrain: Space, pts: np.ndarray, dist: np.ndarray, rho: np.ndarray,
                box: tuple[float, float, float, float] | None) -> np.ndarray:
    """:meth:`Space.points_free` from the points' distances ``dist`` (N, K) to the capsules' axes
    and the capsules' radii ``rho`` (K,) less the touching tolerance: the table's edges and the
    impassable interiors read from ``terrain``, a space of the same terrain, table and mover radius
    (the board's own, or the terrain's alone: those tests read no base)."""
    # (the reduction itself, without ndarray.all's Python wrapper: the same booleans)
    clear: np.ndarray = np.logical_and.reduce(dist >= rho, axis=1) if dist.shape[1] else np.ones(len(pts), bool)
    clear &= terrain.in_table(pts)
    if box is None or terrain.blocked_in_box(*box):
        clear &= ~terrain.in_blocked_interior(pts)
    return clear


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


def _outlines(space: Space) -> list[LineString]:
    """The outlines of the difficult pieces (built on first use)."""
    outlines = space._cache.outlines
    if outlines is None:
        outlines = space._cache.outlines = [_outline(ring, space.r) for ring in space._cache.diff_rings]
    return outlines


_NO_PARTITION: Partition = (np.zeros(0), np.zeros(0, dtype=bool))
"""What :meth:`Space._partitions` holds for a circle before its partition is found (read only)."""


_ZERO_ANGLE = np.zeros(1)
"""The arc start at angle 0 that :meth:`Space.flat` puts before a circle's first breakpoint (read only)."""


_SHARED_GAP_CM = 1e-3
"""How clear of a terrain corner's circle every base's inflated disc must be for the corner's
partition to be the terrain-only space's (:meth:`Space._shared_partition`)."""


_BASE_PARTS_CAP = 4096
"""How many base circle partitions a terrain layout keeps (:meth:`Space._base_partition_key`);
the oldest goes first."""


@functools.lru_cache(maxsize=1024)
def _model_label(base_id: str) -> str:
    """How messages name a model's base (written once per id, not once per space): a deferred message, English as a str."""
    return message("model {id!r}", id=base_id)
