"""One shooter/target pair as a refinement problem: the frame of the silhouette, the obstacles near the
line of sight, and the adaptive refinement of eye points and columns until the bounds agree."""

from __future__ import annotations

import math
from typing import Callable, Sequence, TypedDict

import numpy as np

from ..board import Base, Board
from .columns import PolygonArrays, SightFrame, _column_heights, _peaks, _polygon_arrays
from .obstacles import SightObstacle, _index, _overlaps_base
from .result import _ZERO, TARGET_ERROR, CoverClass, classify

# --- the analysis -----------------------------------------------------------------------------


def _relevant(board: Board, shooter: Base, target: Base, models_block: bool, frame: SightFrame) -> list[SightObstacle]:
    """Obstacles that can stand between the shooter's cylinder and the silhouette (a superset:
    an obstacle off every sight segment only costs time, its shadows are empty): terrain pieces
    first, then models (only when ``models_block``: the ruleset's option of RUL-11), in board
    order; never the shooter or the target themselves (R-LOS)."""
    # Every sight segment lies within max(r_shooter, r_target) of the segment joining the two
    # centres (the convex hull of the shooter's disc and the silhouette's ends does); keep the
    # obstacles whose holding circle comes that close.
    index = _index(board)
    ax, ay = shooter.x, shooter.y
    dx, dy = target.x - ax, target.y - ay
    near = max(shooter.radius, target.radius)
    found: list[SightObstacle] = []
    if not len(index.radii):
        return found
    terrain, nt = index.part, index.nt
    close = (_gaps(index.centres, index.radii, ax, ay, dx, dy) < near).nonzero()[0]
    models = []
    for i in close.tolist():  # Python ints: cheaper to compare and index with than numpy's
        if i >= nt:
            models.append(index.bases[i - nt])
            continue
        o = terrain.obstacles[i]
        c, r = terrain.centres[i], terrain.radii[i]
        if np.hypot(c[0] - ax, c[1] - ay) < r + shooter.radius and _overlaps_base(board.terrain_piece(o.id), shooter):
            continue  # PRJ-31: a model sees out of the terrain piece it stands in
        found.append(o)
    if not models_block:
        return found
    # a base's row holds its obstacle's holding circle (index notes): the bases it leaves out
    # cannot pass, the others take the terrain's test with their obstacle's own circle (a few
    # of them: :func:`_gaps`' arithmetic one circle at a time, in Python floats, and numpy's own
    # hypot, so the same numbers without building arrays for them)
    dd = dx * dx + dy * dy
    for b in models:
        if b.id == shooter.id or b.id == target.id:
            continue
        o, c, r = terrain.model_part(b)
        rx, ry = float(c[0]) - ax, float(c[1]) - ay
        t = min(max((rx * dx + ry * dy) / dd, 0.0), 1.0)  # np.minimum(np.maximum(...)): the same for a number
        if np.hypot(rx - t * dx, ry - t * dy) - r < near:
            found.append(o)
    return found


def _gaps(c: np.ndarray, radii: np.ndarray, ax: float, ay: float, dx: float, dy: float) -> np.ndarray:
    """How far circles (centres ``c``, ``radii``) stay from the segment from (ax, ay) along (dx, dy)."""
    # clipped by maximum then minimum, as np.clip does, in a fraction of its time on a few circles;
    # the differences from the start computed once (``c - a - t d`` is ``(c - a) - t d``)
    rx, ry = c[:, 0] - ax, c[:, 1] - ay
    t = np.minimum(np.maximum((rx * dx + ry * dy) / (dx * dx + dy * dy), 0.0), 1.0)
    gaps: np.ndarray = np.hypot(rx - t * dx, ry - t * dy) - radii
    return gaps


class Bounds(TypedDict):
    """One round's bounds (:meth:`SightProblem.bounds`): per column the hidden height from the
    sampled rim (``up``) and from every eye (``low``); per strip its lower and upper bounds
    (``s_low``, ``s_up``) and ``width``; ``tri_col`` (T, C) and ``up_eye`` (Q, C) for the refinement."""

    up: np.ndarray
    low: np.ndarray
    s_up: np.ndarray
    s_low: np.ndarray
    width: np.ndarray
    tri_col: np.ndarray
    up_eye: np.ndarray


class SightProblem:
    """One shooter/target pair, refined adaptively along two axes.

    Eye points: rim points ``q`` at angles ``psi`` (stable ids, insertion order) and, for each
    arc piece between two neighbouring rim points, the crossing ``t`` of their tangents (the
    triangle ``q_a, t, q_b`` covers the arc piece). Columns: positions ``cols`` along the
    silhouette, kept sorted. ``gq`` (Q, n, C) and ``gt`` (T, n, C) cache the hidden height of
    each column from each eye point by each obstacle.
    """

    def __init__(self, obstacles: Sequence[SightObstacle], frame: SightFrame, shooter: Base, rt: float, height: float, arc: float,
                 eye_z: float, floor: float = 0.0):
        self.frame, self.rt, self.height, self.arc = frame, rt, height, arc
        self.rs, self.eye_z = shooter.radius, eye_z
        self.floor = floor  # the silhouette's foot above the table (a target standing on a piece)
        self.full = arc >= math.pi - 1e-12
        polys = [p for o in obstacles if o.kind == "terrain" for p in o.pieces]
        # which obstacle each row of the height arrays belongs to: terrain pieces, then bases
        self.owner = [o.id for o in obstacles if o.kind == "terrain" for _ in o.pieces] + [
            o.id for o in obstacles if o.kind == "model"]
        self.poly_h = np.array([o.height for o in obstacles if o.kind == "terrain" for _ in o.pieces])
        self.polys: PolygonArrays | None = _polygon_arrays(polys, frame) if polys else None
        circ = []
        for o in obstacles:
            if o.kind == "model":
                cu, cw = frame.uw(np.array([o.circle[0], o.circle[1]]))
                circ.append((float(cu), float(cw), o.circle[2], o.height))
        self.circles = np.array(circ, dtype=float).reshape(-1, 4)
        self.outer_pieces = [o.outer for o in obstacles if o.kind == "model" and o.outer is not None]  # every model has one
        self.nt = len(polys)
        self.n = self.nt + len(self.outer_pieces)
        self.polys_table = polys
        self.outer: PolygonArrays | None = None  # the bounds' arrays, made by start_rest (the first estimate needs none)
        self.gpq = np.empty((0, self.n - self.nt, 0))
        self.cols = np.empty(0)
        self.psi = np.empty(0)
        self.gq = np.empty((0, self.n, 0))
        self.pk = (np.empty(0, int), np.empty(0, int), np.empty(0), np.empty(0))
        self.ta = np.empty(0, int)  # triangle: rim point ids at its two ends
        self.tb = np.empty(0, int)
        self.tpos = np.empty((0, 2))  # (u, a) of the tangents' crossing
        self.gt = np.empty((0, self.n, 0))

    # --- evaluation -----------------------------------------------------------------------

    def _g(self, eu: np.ndarray, ea: np.ndarray, cols: np.ndarray) -> np.ndarray:
        if len(eu) == 0 or len(cols) == 0:
            return np.empty((len(eu), self.n, len(cols)))
        return _column_heights(self.polys, self.poly_h, self.circles, eu, ea, self.eye_z, cols)

    def _gp(self, eu: np.ndarray, ea: np.ndarray, cols: np.ndarray) -> np.ndarray:
        """Like :meth:`_g` for the round bases' circumscribed polygons (for strip upper bounds)."""
        if self.outer is None or len(eu) == 0 or len(cols) == 0:
            return np.empty((len(eu), self.n - self.nt, len(cols)))
        return _column_heights(self.outer, self.circles[:, 3], np.empty((0, 4)), eu, ea, self.eye_z, cols)

    def _rim(self, psi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return self.rs * np.sin(psi), self.frame.dist - self.rs * np.cos(psi)

    def add_rim(self, psi: np.ndarray) -> np.ndarray:
        """Add rim eye points with their hidden heights; returns their ids."""
        ids = np.arange(len(self.psi), len(self.psi) + len(psi))
        eu, ea = self._rim(psi)
        self.psi = np.concatenate([self.psi, psi])
        self.gq = np.concatenate([self.gq, self._g(eu, ea, self.cols)], axis=0)
        self.gpq = np.concatenate([self.gpq, self._gp(eu, ea, self.cols)], axis=0)
        self._add_peaks(ids, eu, ea)
        return ids

    def _add_peaks(self, ids: np.ndarray, eu: np.ndarray, ea: np.ndarray) -> None:
        ev, pc, u, z = _peaks(self.peak_u, self.peak_w, self.peak_h, eu, ea, self.eye_z)
        old = self.pk
        self.pk = (np.concatenate([old[0], ids[ev]]), np.concatenate([old[1], pc]), np.concatenate([old[2], u]), np.concatenate([old[3], z]))

    def add_triangles(self, a: np.ndarray, b: np.ndarray, evaluate: bool = True) -> None:
        """Add the triangles covering the arc pieces between rim points ``a`` and ``b``."""
        pa, pb = self.psi[a], self.psi[b]
        pb = np.where(pb < pa, pb + 2 * math.pi, pb)  # the piece that wraps round the full circle
        half = (pb - pa) / 2
        r = self.rs / np.cos(half)
        mid = pa + half
        tu, ta = r * np.sin(mid), self.frame.dist - r * np.cos(mid)
        self.ta, self.tb = np.concatenate([self.ta, a]), np.concatenate([self.tb, b])
        self.tpos = np.concatenate([self.tpos, np.column_stack([tu, ta])])
        if evaluate:
            self.gt = np.concatenate([self.gt, self._g(tu, ta, self.cols)], axis=0)

    def start_rim(self, k: int, cols: np.ndarray) -> None:
        """The first rim eye points (``k`` arc pieces) and columns, and the hidden heights from
        them: all that the first upper bound ``up`` needs (:func:`_first_estimate`)."""
        self.cols = np.sort(cols)
        psi = np.linspace(-self.arc, self.arc, k + 1)
        if self.full:
            psi = psi[:-1]
        self.psi = psi
        eu, ea = self._rim(psi)
        self.gq = self._g(eu, ea, self.cols)

    def start_rest(self) -> None:
        """The rest of the first round: shadow corners, the arc pieces' triangles and the round
        bases' circumscribed polygons, for the lower and the strip bounds.

        Element by element the same arithmetic as evaluating everything at once, so the
        refinement does not depend on whether the first estimate was asked alone first.
        """
        frame = self.frame
        # shadow corners: terrain pieces as they are, round bases as circumscribed polygons
        self.peak_h = np.concatenate([self.poly_h, self.circles[:, 3]])
        self.outer = _polygon_arrays(self.outer_pieces, frame) if self.outer_pieces else None
        # terrain pieces then round bases; with only one kind, those arrays are already made
        if not self.outer_pieces:
            both = self.polys
        elif not self.polys_table:
            both = self.outer
        else:
            both = _polygon_arrays(self.polys_table + self.outer_pieces, frame)
        assert both is not None  # a problem has some obstacle
        self.peak_u, self.peak_w, _, _ = both
        ids = np.arange(len(self.psi))
        eu, ea = self._rim(self.psi)
        self._add_peaks(ids, eu, ea)
        self.start_triangles()
        self.gpq = self._gp(eu, ea, self.cols)

    def start_triangles(self) -> None:
        """The first round's triangles (one per arc piece between the first rim points) and their
        hidden heights, for the lower bounds; once (:meth:`start_rest` asks too, and
        :func:`_first_lower` may have asked before it: then there are triangles already)."""
        if len(self.ta):
            return
        ids = np.arange(len(self.psi))
        nxt = np.concatenate([ids[1:], ids[:1]]) if self.full else ids[1:]
        self.add_triangles(ids[: len(nxt)], nxt, evaluate=False)
        self.gt = self._g(self.tpos[:, 0], self.tpos[:, 1], self.cols)

    def split_triangles(self, which: np.ndarray, parts: int = 4) -> None:
        """Split arc pieces into ``parts`` equal pieces."""
        if not len(which):
            return
        a, b = self.ta[which], self.tb[which]
        pa, pb = self.psi[a], self.psi[b]
        pb = np.where(pb < pa, pb + 2 * math.pi, pb)
        frac = np.arange(1, parts) / parts
        mids = pa[:, None] + (pb - pa)[:, None] * frac[None, :]  # (w, parts-1)
        mids = np.where(mids > math.pi, mids - 2 * math.pi, mids)
        m = self.add_rim(mids.ravel()).reshape(mids.shape)
        keep = np.ones(len(self.ta), dtype=bool)
        keep[which] = False
        self.ta, self.tb, self.tpos, self.gt = self.ta[keep], self.tb[keep], self.tpos[keep], self.gt[keep]
        ends = np.column_stack([a, m, b])  # (w, parts+1)
        self.add_triangles(ends[:, :-1].ravel(), ends[:, 1:].ravel())

    def add_columns(self, new: np.ndarray) -> None:
        if not len(new):
            return
        eu_q, ea_q = self._rim(self.psi)
        gq_new = self._g(eu_q, ea_q, new)
        gpq_new = self._gp(eu_q, ea_q, new)
        gt_new = self._g(self.tpos[:, 0], self.tpos[:, 1], new)
        cols = np.concatenate([self.cols, new])
        order = np.argsort(cols, kind="stable")
        self.cols = cols[order]
        self.gq = np.concatenate([self.gq, gq_new], axis=2)[:, :, order]
        self.gpq = np.concatenate([self.gpq, gpq_new], axis=2)[:, :, order]
        self.gt = np.concatenate([self.gt, gt_new], axis=2)[:, :, order]

    # --- bounds ---------------------------------------------------------------------------

    def bounds(self) -> Bounds:
        """Per column: hidden height from the sampled rim (``up``) and from every eye (``low``);
        per strip between columns: lower and upper bounds of the hidden height."""
        h = self.height
        gq, cols = self.gq - self.floor, self.cols  # hidden heights from the silhouette's foot
        up_eye = gq.max(axis=1)  # (Q, C)
        up = np.clip(up_eye.min(axis=0), 0.0, h)
        tri = self._tri(gq)  # (T, n, C)
        tri_col = tri.max(axis=1)  # (T, C)
        low = np.clip(tri_col.min(axis=0), 0.0, h)
        # strip upper bound: highest shadow over the strip - at its ends or at a shadow corner inside
        # (round bases: their circumscribed polygons, whose corners are the shadow corners)
        outer = np.concatenate([gq[:, : self.nt], self.gpq - self.floor], axis=1)
        top = np.maximum(outer[:, :, :-1], outer[:, :, 1:])  # (Q, n, S)
        ev, pc, pu, pz = self.pk
        strip = np.searchsorted(cols, pu, side="right") - 1
        inside = (strip >= 0) & (strip < len(cols) - 1)
        np.maximum.at(top, (ev[inside], pc[inside], strip[inside]), pz[inside] - self.floor)
        s_up = np.clip(top.max(axis=1).min(axis=0), 0.0, h)
        # strip lower bound: one convex obstacle's shadow is concave over the columns it covers,
        # so its lowest point over a strip is at an end
        s_low = _strip_low(tri, h)
        return {"up": up, "low": low, "s_up": s_up, "s_low": s_low, "width": np.diff(cols),
                "tri_col": tri_col, "up_eye": up_eye}

    def _tri(self, gq: np.ndarray) -> np.ndarray:
        """(T, n, C): each column's hidden height from each triangle's three corners, by each obstacle
        (``gq`` the rim points' hidden heights from the silhouette's foot)."""
        hidden: np.ndarray = np.minimum(np.minimum(gq[self.ta], self.gt - self.floor), gq[self.tb])
        return hidden


def _strip_low(tri: np.ndarray, h: float) -> np.ndarray:
    """The strips' lower bounds from the triangles' hidden heights ``tri`` (:meth:`SightProblem._tri`):
    one convex obstacle's shadow is concave over the columns it covers, so its lowest point over a
    strip is at an end."""
    low: np.ndarray = np.clip(np.minimum(tri[:, :, :-1], tri[:, :, 1:]).max(axis=1).min(axis=0), 0.0, h)
    return low


_START_ARCS = 8
_START_COLUMNS = 16
_EDGE_INSET = 1e-9  # cm
_MIN_STRIP = 1e-4  # cm: strips are not split below this width
_MIN_ARC = 1e-4  # rad: arc pieces are not split below this
_MAX_ROUNDS = 12


def _start(p: SightProblem) -> None:
    # The two end columns sit a hair inside the silhouette's edges: a sight line grazing a base
    # exactly at the edge is a zero-width accident that must not count as a visible strip.
    p.start_rim(_START_ARCS, np.linspace(-p.rt + _EDGE_INSET, p.rt - _EDGE_INSET, _START_COLUMNS + 1))


def _first_points(arc: float, rt: float) -> tuple[list[float], list[float]]:
    """The first round's rim angles (middle first, then the ends, then the rest) and columns, as
    :func:`_start` makes them (``np.linspace``'s arithmetic in Python floats: a few numbers, asked
    for every sight question that reaches :func:`~.quick._seen_column`)."""
    psi = _linspace(-arc, arc, _START_ARCS + 1)
    if arc >= math.pi - 1e-12:
        psi.pop()
    return [psi[k] for k in _RIM_ORDER if k < len(psi)], _linspace(-rt + _EDGE_INSET, rt - _EDGE_INSET, _START_COLUMNS + 1)


def _linspace(start: float, stop: float, num: int) -> list[float]:
    """``np.linspace(start, stop, num).tolist()``, the same floats."""
    step = (stop - start) / (num - 1)
    return [k * step + start for k in range(num - 1)] + [stop]


_RIM_ORDER = (4, 0, 8, 2, 6, 1, 3, 5, 7)  # the middle of the arc faces the target


def _estimate(p: SightProblem, up: np.ndarray) -> float:
    """The hidden fraction from the hidden heights ``up`` at the columns (trapezoids)."""
    w = np.diff(p.cols)
    # (the hairline strips at the edges take the value of the end columns)
    return float((np.sum(w * (up[:-1] + up[1:]) / 2) + _EDGE_INSET * (up[0] + up[-1])) / (2 * p.rt * p.height))


def _first_estimate(p: SightProblem) -> float:
    """The first round's estimate alone: the first columns' hidden heights from the first rim eye
    points (actual eye points, so each visible part is really seen), without the bounds.

    Equal to the estimate of :func:`_solve`'s first round (``bounds()["up"]``'s arithmetic);
    :func:`_solve` goes on from here without evaluating these again.
    """
    return _estimate(p, _first_heights(p))


def _first_heights(p: SightProblem) -> np.ndarray:
    """The first round's hidden heights at the first columns (``bounds()["up"]`` of round 0),
    the problem started (:func:`_start`); :func:`_first_estimate` integrates them."""
    _start(p)
    heights: np.ndarray = np.clip((p.gq - p.floor).max(axis=1).min(axis=0), 0.0, p.height)
    return heights


_SEEN_MARGIN = 1e-8
"""How far below 1 :func:`_seen_throughout` must hold every estimate (ten times the share that
counts as all hidden, ``_ZERO``; the estimate's rounding is some 1e-15)."""


def _seen_throughout(p: SightProblem, up: np.ndarray) -> bool:
    """Whether the first round's hidden heights ``up`` (:func:`_first_heights`) show a column seen
    so far down that :func:`_solve`'s estimate stays under ``1 - _SEEN_MARGIN`` at every round:
    then the analysis finds line of sight (R-LOS, RUL-11) whatever it refines.

    Why: a column's height ``up`` is the least over the rim points of the highest shadow, and a
    refinement only adds rim points (and columns between the old ones), so a first column's
    height never rises. The estimate is ``1`` less, per strip, its width times the mean of its two
    columns' seen parts ``h - up`` over the area ``2 rt h``; a strip is split only while wider than
    ``2 _MIN_STRIP``, so every strip of every round is at least ``min(first width, _MIN_STRIP)``
    wide, and the column seen ``h - min(up)`` down keeps a strip beside it: the estimate is at most
    ``1 - narrowest (h - min(up)) / (4 rt h)``.
    """
    narrowest = min(float(np.diff(p.cols).min()), _MIN_STRIP)
    return narrowest * (p.height - float(up.min())) / (4.0 * p.rt * p.height) > _SEEN_MARGIN


def _seen_share_settles(rt: float, share: float) -> bool:
    """Whether one first column hidden to at most ``share`` of the silhouette's height (from one first
    rim point) makes :func:`_seen_throughout` hold, for a silhouette of half width ``rt``: then
    :func:`~.quick._seen_column` may answer line of sight without the first round (for any base: with
    ``share`` 0.9, up to a silhouette some 2.5 m wide)."""
    first_width = (2 * rt - 2 * _EDGE_INSET) / _START_COLUMNS * (1 - 1e-9)  # the first columns' spacing, rounding aside
    return min(first_width, _MIN_STRIP) * (1.0 - share) / (4.0 * rt) > 2 * _SEEN_MARGIN


def _hidden_at_first(p: SightProblem, est: float) -> bool:
    """Whether :func:`_solve` stops at its first round with the silhouette all hidden, the first
    round's estimate ``est`` given (:func:`_estimate` of :func:`_first_heights`): then the analysis
    finds no line of sight (R-LOS, RUL-11), and its other bounds need not be computed.

    Why: :func:`_solve`'s first estimate is :func:`_estimate` of those same heights (``bounds()["up"]``'s
    arithmetic), and one of at least ``1 - _ZERO`` is all hidden. The round stops when its error
    ``max(hi - est, est - lo, 0)`` and the hairline edges are within :data:`TARGET_ERROR`; ``lo`` is
    computed here as :func:`_solve` does (the triangles' strip lower bounds), and ``hi`` is under 1
    (the strip upper bounds are clipped to the height and the strips span less than the silhouette's
    width), so ``1 - est`` bounds ``hi - est``.
    """
    if est < 1.0 - _ZERO:
        return False
    return max(1.0 - est, est - _first_lower(p), 0.0) + _EDGE_INSET / p.rt <= TARGET_ERROR - 1e-12


def _first_lower(p: SightProblem) -> float:
    """The first round's lower bound of the hidden fraction (``lo`` of :func:`_solve`'s first round,
    the same arithmetic: the triangles' strip lower bounds), the problem started (:func:`_start`);
    its triangles are kept for the refinement."""
    p.start_triangles()
    s_low = _strip_low(p._tri(p.gq - p.floor), p.height)
    return float(np.sum(np.diff(p.cols) * s_low) / (2 * p.rt * p.height))


_CLASS_SLACK = TARGET_ERROR
"""How far inside a cover class's range a round's bounds must lie for :func:`_settled_class` (the
bounds hold up to floating-point dust, some 1e-12 of the silhouette)."""


def _settled_class(p: SightProblem, b: Bounds) -> CoverClass | None:
    """The cover class of :func:`_solve`'s estimate, when a round's bounds ``b`` settle it (``small``
    or ``large``), else ``None`` (R-COVER, RUL-11).

    Why: every later round only adds rim points and columns. A column's height ``up`` is the least
    over the rim points of the highest shadow, at least the true hidden height, which is at least
    its strip's lower bound ``s_low``; and it is at most the highest shadow from any one rim point
    of this round, whose greatest over the strip (its ends and the shadow corners inside) is what
    ``s_up`` takes the least of. A later round's columns in a strip of this one, its trapezoids and
    the hairline strips at the edges then put its estimate within ``lo`` and ``hi`` below, and one
    class holds that whole range, ``_CLASS_SLACK`` inside it.
    """
    area = 2 * p.rt * p.height
    w, s_up = b["width"], b["s_up"]
    lo = float(np.sum(w * b["s_low"]) / area)
    hi = float((np.sum(w * s_up) + _EDGE_INSET * (s_up[0] + s_up[-1])) / area)
    return _class_bounds(lo, hi)


def _class_bounds(lo: float, hi: float) -> CoverClass | None:
    """``small`` or ``large`` when every estimate from ``lo`` to ``hi`` has that class, :data:`_CLASS_SLACK`
    inside its range, else None (:func:`_settled_class`'s test)."""
    if lo > _ZERO + _CLASS_SLACK and hi < 0.5 - _CLASS_SLACK:
        return "small"
    if lo >= 0.5 + _CLASS_SLACK and hi < 1.0 - _ZERO - _CLASS_SLACK:
        return "large"
    return None


def _solve_class(p: SightProblem) -> CoverClass:
    """``classify`` of :func:`_solve`'s estimate (the analysis' cover class, R-COVER, RUL-11),
    refining only until a round's bounds settle it (:func:`_settled_class`)."""
    est, _, b = _solve(p, until=lambda p, b: _settled_class(p, b) is not None)
    return _settled_class(p, b) or classify(est)


def _solve_sight(p: SightProblem) -> bool:
    """Whether the analysis finds line of sight (its class is not ``no_line_of_sight``: the estimate of
    :func:`_solve` under ``1 - _ZERO``, R-LOS, RUL-11), refining only until a round's column heights
    settle it (:func:`_seen_throughout`, which holds at any round: a column's height never rises and
    the strips beside it never get narrower than its bound takes)."""
    est, _, b = _solve(p, until=lambda p, b: _seen_throughout(p, b["up"]))
    return _seen_throughout(p, b["up"]) or est < 1.0 - _ZERO


def _solve(p: SightProblem, *, until: Callable[[SightProblem, Bounds], bool] | None = None
           ) -> tuple[float, float, Bounds]:
    """Refine columns and eye points where the bounds disagree, until within TARGET_ERROR (or until
    ``until`` holds of a round's bounds: :func:`_solve_class`, :func:`_solve_sight`).

    Returns (estimate, error bound, last bounds).
    """
    rt, h = p.rt, p.height
    area = 2 * rt * h
    if not len(p.cols):
        _start(p)
    p.start_rest()
    for round_ in range(_MAX_ROUNDS + 1):
        b = p.bounds()
        up, low, w = b["up"], b["low"], b["width"]
        est = _estimate(p, up)
        lo = float(np.sum(w * b["s_low"]) / area)
        hi = float(np.sum(w * b["s_up"]) / area)
        # the two hairline strips left out at the silhouette's edges count as unknown
        err = max(hi - est, est - lo, 0.0) + _EDGE_INSET / rt
        if err <= TARGET_ERROR or round_ == _MAX_ROUNDS or (until is not None and until(p, b)):
            return est, err, b
        # Where is the gap? At the columns themselves (eye sampling) or between them (strips).
        col_gap = up - low
        col_w = np.zeros(len(up))
        col_w[:-1] += w / 2
        col_w[1:] += w / 2
        eye_share = col_gap * col_w / area
        strip_gap = (b["s_up"] - b["s_low"] - np.maximum(col_gap[:-1], col_gap[1:])).clip(0) * w / area
        eye_total, strip_total = float(eye_share.sum()), float(strip_gap.sum())
        if eye_total <= TARGET_ERROR / 4 and strip_total <= TARGET_ERROR / 4:
            # both small but their sum is not: refine the larger one
            eye_total, strip_total = (eye_total, 0.0) if eye_total >= strip_total else (0.0, strip_total)
            eye_total, strip_total = eye_total * 1e9, strip_total * 1e9
        size = len(p.psi) + len(p.cols)
        if eye_total > TARGET_ERROR / 4:
            # the triangle binding the lower bound at each column, weighted by the column's gap
            binding = np.argmin(b["tri_col"], axis=0)
            weight = np.bincount(binding, weights=eye_share, minlength=len(p.ta))
            pa, pb = p.psi[p.ta], p.psi[p.tb]
            span = np.where(pb < pa, pb + 2 * math.pi, pb) - pa
            cand = (weight >= 0.05 * weight.max()) & (weight > 0) & (span > 2 * _MIN_ARC)
            p.split_triangles(np.flatnonzero(cand))
        if strip_total > TARGET_ERROR / 4:
            cand = (strip_gap >= 0.05 * strip_gap.max()) & (strip_gap > 0) & (w > 2 * _MIN_STRIP)
            p.add_columns((p.cols[:-1][cand] + p.cols[1:][cand]) / 2)
        if len(p.psi) + len(p.cols) == size:
            return est, err, b  # nothing left to refine (pieces at their smallest)
    raise AssertionError("unreachable")
