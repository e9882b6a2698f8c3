"""The threat map's vectorised proofs (issue 39): for many viewer-target pairs at once, which are
certainly seen, certainly hidden, or certainly without cover, so that :mod:`landsraad.table.threat`
asks the exact one-pair functions (:func:`landsraad.geometry.sight.line_of_sight`,
``cover_class``) only of the pairs no proof settles (R-LOS, RUL-11). A proof never claims what the
exact functions deny (``tests/table/test_threat.py``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Any

import numpy as np
import shapely

from ..geometry import sight
from ..geometry.board import Board

__all__ = ["MARGIN_CM", "Pairs", "Solid", "proved_hidden", "proved_hidden_by_models", "proved_no_cover", "proved_seen", "obstacles_of", "terrain_solids"]

MARGIN_CM = 1e-4
"""How far clear of every obstacle a proof's segment or triangle must stay (far above rounding,
far below anything a tape measure shows); closer cases go to the exact functions."""

_SILHOUETTE_POINT = 0.999
"""The proof's target point: this share of the silhouette's height (inside it, so a clear
segment shows an open patch of the silhouette)."""

@dataclass(frozen=True)
class Solid:
    """An opaque obstacle for the proofs: convex corner arrays (counter-clockwise) and a top."""

    id: str
    shape: Any  # the true footprint (terrain), for PRJ-31; None for a model
    pieces: tuple[np.ndarray, ...]
    polygons: tuple[Any, ...]  # the pieces grown by MARGIN_CM (mitred: they hold the true offset)
    top: float
    circle: tuple[float, float, float] | None  # a model: centre and radius
    edges: tuple[tuple[np.ndarray, np.ndarray, np.ndarray], ...] = ()  # per piece: corners, outward normals (Cyrus-Beck)
    boxes: tuple[tuple[float, float, float, float], ...] = ()  # per piece (or the disc): its box grown by the margin


def _edges(ring: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A convex ring's corners and its sides' outward unit normals (counter-clockwise), zero-length sides left out."""
    e = np.roll(ring, -1, axis=0) - ring
    length = np.hypot(e[:, 0], e[:, 1])
    keep = length > 0
    p, e, length = ring[keep], e[keep], length[keep]
    return p, e[:, 1] / length, -e[:, 0] / length


def _box(ring: np.ndarray) -> tuple[float, float, float, float]:
    grow = 2 * MARGIN_CM
    return (float(ring[:, 0].min()) - grow, float(ring[:, 1].min()) - grow, float(ring[:, 0].max()) + grow,
            float(ring[:, 1].max()) + grow)


_TERRAIN_SOLIDS: dict[Any, list[Solid]] = {}
"""The terrain's solids by the terrain itself (a table's terrain is built once while models move on it)."""


def terrain_solids(board: Board) -> list[Solid]:
    """The terrain's opaque pieces as proof solids: each sight blocker cut into convex pieces, grown
    by :data:`MARGIN_CM`, with its height as its top (R-LOS). Kept per terrain, since a table's
    terrain stays while its models move.

    Parameters
    ----------
    board : Board
        The table; only its terrain is read.

    Returns
    -------
    list of Solid
        One solid per sight-blocking terrain piece (shared: do not change it).
    """
    key = board.terrain
    found = _TERRAIN_SOLIDS.get(key)
    if found is None:
        found = []
        for t in board.sight_blockers:
            pieces = sight.convex_pieces(t.shape)
            polys = tuple(shapely.buffer(shapely.Polygon(p), MARGIN_CM, join_style="mitre") for p in pieces)
            found.append(Solid(t.id, t.shape, pieces, polys, float(t.height_cm), None,
                                tuple(_edges(p) for p in pieces), tuple(_box(p) for p in pieces)))
        if len(_TERRAIN_SOLIDS) >= 16:
            _TERRAIN_SOLIDS.clear()
        _TERRAIN_SOLIDS[key] = found
    return found


def obstacles_of(board: Board, models_block: bool, skip: set[str]) -> list[Solid]:
    """What can hide: terrain with a height (PRJ-48 elevation for the models on it), other models.

    Parameters
    ----------
    board : Board
        The table.
    models_block : bool
        Whether models hide what stands behind them (each a disc grown by :data:`MARGIN_CM`, its top
        its elevation plus its height).
    skip : set of str
        Models left out (the viewer and the target themselves).

    Returns
    -------
    list of Solid
        The terrain's solids, then the models'.
    """
    out = list(terrain_solids(board))
    if models_block:
        for b in board.bases:
            if b.id in skip or b.height_cm <= 0:
                continue
            k = 32  # the circumscribed polygon holds the disc
            rr = (b.radius + MARGIN_CM) / math.cos(math.pi / k)
            ang = np.arange(k) * (2 * math.pi / k)
            ring = np.column_stack([b.x + rr * np.cos(ang), b.y + rr * np.sin(ang)])
            top = sight.elevation(board, b) + float(b.height_cm)
            out.append(Solid(b.id, None, (ring,), (shapely.Polygon(ring),), top, (b.x, b.y, b.radius), (), (_box(ring),)))
    return out


def _clip_convex(a: np.ndarray, d: np.ndarray, ring: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Cyrus-Beck: the parameters [t0, t1] of segments a + t d (t in [0, 1]) inside a convex ring
    grown by :data:`MARGIN_CM`; t0 > t1 where a segment misses it (every edge at once: an (N,
    edges) array)."""
    return _clip_edges(a, d, *_edges(ring))


def _clip_edges(a: np.ndarray, d: np.ndarray, p: np.ndarray, nx: np.ndarray, ny: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_clip_convex` on a ring's corners ``p`` and outward normals ``(nx, ny)`` (:func:`_edges`)."""
    # inside: n . (a + t d - p) <= MARGIN
    num = MARGIN_CM - ((a[:, 0:1] - p[None, :, 0]) * nx + (a[:, 1:2] - p[None, :, 1]) * ny)
    den = d[:, 0:1] * nx + d[:, 1:2] * ny
    with np.errstate(divide="ignore", invalid="ignore"):
        t = num / den
    t0 = np.maximum(np.where(den < 0, t, 0.0).max(axis=1, initial=0.0), 0.0)
    t1 = np.where(den > 0, t, 1.0).min(axis=1, initial=1.0)
    t1 = np.where(((den == 0) & (num < 0)).any(axis=1), -1.0, t1)
    return t0, t1


def _clip_circle(a: np.ndarray, d: np.ndarray, cx: float, cy: float, r: float) -> tuple[np.ndarray, np.ndarray]:
    """The parameters of segments a + t d inside a disc grown by :data:`MARGIN_CM`."""
    fx, fy = a[:, 0] - cx, a[:, 1] - cy
    qa = d[:, 0] ** 2 + d[:, 1] ** 2
    qb = 2 * (fx * d[:, 0] + fy * d[:, 1])
    qc = fx ** 2 + fy ** 2 - (r + MARGIN_CM) ** 2
    disc = qb ** 2 - 4 * qa * qc
    root = np.sqrt(np.maximum(disc, 0.0))
    with np.errstate(divide="ignore", invalid="ignore"):
        t0 = np.maximum((-qb - root) / (2 * qa), 0.0)
        t1 = np.minimum((-qb + root) / (2 * qa), 1.0)
    t1 = np.where(disc < 0, -1.0, t1)
    return t0, t1


@dataclass(frozen=True)
class Pairs:
    """N sight questions, one row each: viewer centres, eye heights and radii, target centres,
    feet, heights and radii."""

    eye: np.ndarray  # (N, 2)
    eye_z: np.ndarray
    eye_r: np.ndarray
    tgt: np.ndarray  # (N, 2)
    feet: np.ndarray
    height: np.ndarray
    tgt_r: np.ndarray


_pair_fields = tuple(f.name for f in fields(Pairs))


def _under_viewer(solid: Solid, eye: np.ndarray, eye_r: np.ndarray,
                  distinct: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """Terrain that overlaps the viewer's base does not block its sight (PRJ-31): where the
    proofs may leave it out (a little inside the exact test's edge, so never where it counts).
    ``distinct``: the eyes' distinct points and each eye's index among them (:func:`_distinct`),
    found once per proof rather than once per solid."""
    if solid.shape is None:
        return np.zeros(len(eye), dtype=bool)
    # forward, every question has the same viewer: one distance per distinct eye, not per cell
    uniq, inv = _distinct(eye) if distinct is None else distinct
    return np.asarray(shapely.distance(solid.shape, shapely.points(uniq)))[inv] < eye_r - 10 * MARGIN_CM


def _distinct(eye: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    uniq, inv = np.unique(eye, axis=0, return_inverse=True)
    return uniq, inv.ravel()


_EYE_SIDES = (0.0, -0.99, 0.99)
"""Where the proofs' eye points sit across the viewer's top disc (shares of its radius, sideways
to the line of the centres); any point of the viewer's cylinder may see (R-LOS), and the rim best
(:mod:`landsraad.geometry.sight`: only the rim matters): at 0.99 rather than 0.9 the proof settles
three in four of the seen cells it left on the bundled table."""

_TARGET_SIDES = (0.0, -0.99, 0.99, -0.5, 0.5)
"""Where the proofs' target points sit across the silhouette (shares of its half width)."""


def proved_seen(pairs: Pairs, solids: list[Solid]) -> np.ndarray:
    """Where a segment from a point of the viewer's top disc to a point just below the top of the
    silhouette clears every obstacle; tried from the centres first, then across both (a few eye
    and target points, only for the questions not yet proved, all of them in one batch: the
    answer is whether any of the segments clears, so the order does not matter).

    Parameters
    ----------
    pairs : Pairs
        The sight questions, one row each (:class:`Pairs`).
    solids : list of Solid
        What can hide (:func:`obstacles_of`).

    Returns
    -------
    numpy.ndarray
        One bool per question: True where the target is proved seen (R-LOS); False is no answer
        (the exact function decides).
    """
    u = pairs.tgt - pairs.eye
    length = np.maximum(np.hypot(u[:, 0], u[:, 1]), 1e-12)
    perp = np.column_stack([-u[:, 1], u[:, 0]]) / length[:, None]
    zb_all = pairs.feet + _SILHOUETTE_POINT * pairs.height
    distinct = _distinct(pairs.eye)
    free_all = [_under_viewer(s, pairs.eye, pairs.eye_r, distinct) for s in solids]
    everyone = np.arange(len(pairs.eye))
    proved = _segments_clear(pairs, perp, zb_all, solids, free_all, everyone, [(0.0, 0.0)])
    idx = np.flatnonzero(~proved)
    if len(idx):
        sides = [(ea, tb) for ea in _EYE_SIDES for tb in _TARGET_SIDES][1:]
        clear = _segments_clear(pairs, perp, zb_all, solids, free_all, idx, sides)
        proved[idx] = clear.reshape(len(sides), len(idx)).any(axis=0)
    return proved


def _segments_clear(pairs: Pairs, perp: np.ndarray, zb_all: np.ndarray, solids: list[Solid], free_all: list[np.ndarray],
                    idx: np.ndarray, sides: list[tuple[float, float]]) -> np.ndarray:
    """For each (eye side, target side) in turn and each question of ``idx``, whether its segment
    clears every obstacle: a flat array, ``sides`` major."""
    rows = np.tile(idx, len(sides))
    ea = np.repeat([e for e, _ in sides], len(idx))
    tb = np.repeat([t for _, t in sides], len(idx))
    a = pairs.eye[rows] + perp[rows] * (ea * pairs.eye_r[rows])[:, None]
    d = pairs.tgt[rows] + perp[rows] * (tb * pairs.tgt_r[rows])[:, None] - a
    za, zb = pairs.eye_z[rows], zb_all[rows]
    b = a + d
    lo_x, hi_x = np.minimum(a[:, 0], b[:, 0]), np.maximum(a[:, 0], b[:, 0])
    lo_y, hi_y = np.minimum(a[:, 1], b[:, 1]), np.maximum(a[:, 1], b[:, 1])
    clear = np.ones(len(rows), dtype=bool)
    for s, free in zip(solids, free_all):
        for k, box in enumerate(s.boxes):
            # a segment whose box misses the piece's (grown) box misses the piece: only the others are clipped
            near = np.flatnonzero(clear & (hi_x >= box[0]) & (lo_x <= box[2]) & (hi_y >= box[1]) & (lo_y <= box[3]))
            if not len(near):
                continue
            if s.circle is not None:
                t0, t1 = _clip_circle(a[near], d[near], *s.circle)
                clear[near] &= _clears(t0, t1, za[near], zb[near], s.top)
            else:
                t0, t1 = _clip_edges(a[near], d[near], *s.edges[k])
                clear[near] &= free[rows[near]] | _clears(t0, t1, za[near], zb[near], s.top)
    return clear


def proved_hidden(pairs: Pairs, board: Board) -> np.ndarray:
    """Where no line of sight can exist: the terrain pieces taller than both models (by the margin), shrunk by
    the margin, cut every 2D segment from the viewer's base to the silhouette's foot (the hull of the two,
    a polygon round the viewer's disc, minus those pieces, leaves the viewer's side and the silhouette's in
    different parts). A sight segment runs no higher than the higher model's top, so over such a piece it is
    inside it (R-LOS). Pieces touching either base are left out (PRJ-31; and no proof where the target
    stands in a piece): those cells go to the exact function.

    Parameters
    ----------
    pairs : Pairs
        The sight questions, one row each (:class:`Pairs`).
    board : Board
        The table; its terrain is read.

    Returns
    -------
    numpy.ndarray
        One bool per question: True where the target is proved hidden; False is no answer.
    """
    n = len(pairs.eye)
    out = np.zeros(n, dtype=bool)
    zmax = float(np.max(np.maximum(pairs.eye_z, pairs.feet + pairs.height))) if n else 0.0
    tall = [t.shape for t in board.sight_blockers if t.height_cm > zmax + 10 * MARGIN_CM]
    if not n or not tall:
        return out
    k = 16
    u = pairs.tgt - pairs.eye
    length = np.maximum(np.hypot(u[:, 0], u[:, 1]), 1e-12)
    perp = np.column_stack([-u[:, 1], u[:, 0]]) / length[:, None]
    rr = (pairs.eye_r + 10 * MARGIN_CM) / math.cos(math.pi / k)  # a polygon holding the viewer's disc
    ang = np.arange(k) * (2 * math.pi / k)
    ring = np.stack([pairs.eye[:, 0:1] + rr[:, None] * np.cos(ang), pairs.eye[:, 1:2] + rr[:, None] * np.sin(ang)], axis=2)
    left = pairs.tgt + perp * pairs.tgt_r[:, None]
    right = pairs.tgt - perp * pairs.tgt_r[:, None]
    discs = np.asarray(shapely.polygons(ring), dtype=object)
    feet = np.asarray(shapely.linestrings(np.stack([left, right], axis=1)), dtype=object)
    target_discs = np.asarray(shapely.buffer(shapely.points(pairs.tgt), pairs.tgt_r + 10 * MARGIN_CM), dtype=object)
    ok = np.ones(n, dtype=bool)
    for shape in tall:  # a piece under either base: no proof here
        ok &= ~np.asarray(shapely.intersects(shape, discs)) & ~np.asarray(shapely.intersects(shape, target_discs))
    idx = np.flatnonzero(ok)
    if not len(idx):
        return out
    wall = shapely.union_all([shapely.buffer(t, -MARGIN_CM, join_style="mitre") for t in tall])
    hulls = shapely.convex_hull(shapely.union(discs[idx], feet[idx]))
    parts, owner = shapely.get_parts(shapely.difference(hulls, wall), return_index=True)
    joined = np.asarray(shapely.intersects(parts, discs[idx][owner])) & np.asarray(shapely.intersects(parts, feet[idx][owner]))
    open_ = np.zeros(len(idx), dtype=bool)
    open_[owner[joined]] = True
    out[idx[~open_]] = True
    return out


def _clears(t0: np.ndarray, t1: np.ndarray, za: np.ndarray, zb: np.ndarray, top: float) -> np.ndarray:
    """The segment misses the piece, or stays above its top (by the margin) where over it."""
    miss = t0 > t1
    low = np.minimum(za + t0 * (zb - za), za + t1 * (zb - za))
    return miss | (low > top + MARGIN_CM)


def proved_no_cover(pairs: Pairs, solids: list[Solid]) -> np.ndarray:
    """Where the triangle from the eye to the silhouette's foot stays above every obstacle.

    The target is then in the open, as far as these solids go (R-COVER).

    Parameters
    ----------
    pairs : Pairs
        The sight questions, one row each (:class:`Pairs`).
    solids : list of Solid
        What could give cover (:func:`obstacles_of`).

    Returns
    -------
    numpy.ndarray
        One bool per question: True where no cover is proved; False is no answer.
    """
    n = len(pairs.eye)
    u = pairs.tgt - pairs.eye
    length = np.hypot(u[:, 0], u[:, 1])
    perp = np.column_stack([-u[:, 1], u[:, 0]]) / length[:, None]
    left = pairs.tgt + perp * pairs.tgt_r[:, None]
    right = pairs.tgt - perp * pairs.tgt_r[:, None]
    tris = np.asarray(shapely.polygons(np.stack([pairs.eye, left, right, pairs.eye], axis=1)), dtype=object)
    # the plane z = alpha x + beta y + gamma through (eye, eye_z), (left, feet), (right, feet)
    p1, p2 = left - pairs.eye, right - pairs.eye
    dz = pairs.feet - pairs.eye_z
    det = p1[:, 0] * p2[:, 1] - p1[:, 1] * p2[:, 0]
    alpha = dz * (p2[:, 1] - p1[:, 1]) / det
    beta = dz * (p1[:, 0] - p2[:, 0]) / det
    gamma = pairs.eye_z - alpha * pairs.eye[:, 0] - beta * pairs.eye[:, 1]
    clear = np.ones(n, dtype=bool)
    distinct = _distinct(pairs.eye)
    for s in solids:
        free = _under_viewer(s, pairs.eye, pairs.eye_r, distinct)
        for poly in s.polygons:
            todo = np.flatnonzero(clear & ~free & shapely.intersects(tris, poly))
            if not len(todo):
                continue
            cut = shapely.intersection(tris[todo], poly)
            xy, idx = shapely.get_coordinates(cut, return_index=True)
            z = alpha[todo][idx] * xy[:, 0] + beta[todo][idx] * xy[:, 1] + gamma[todo][idx]
            low = np.full(len(todo), np.inf)
            np.minimum.at(low, idx, z)
            clear[todo] &= low > s.top + MARGIN_CM
    return clear


_RIM_STEPS = 16
"""Arcs the viewer's rim is cut into by :func:`proved_hidden_by_models` (then halved where needed)."""
_FOOT_STEPS = 4
"""Pieces the silhouette's foot is cut into by :func:`proved_hidden_by_models`."""
_SHADOW_LEVELS = 5
"""Halvings of the pieces a single model does not block (each level halves both and the slack)."""
_SHADOW_MOST = 1024
"""Pieces left to halve beyond which the proof gives up (the exact function is cheaper)."""


def proved_hidden_by_models(pairs: Pairs, discs: np.ndarray) -> np.ndarray:
    """Where models standing on the table and at least as tall as both (``discs``: rows of centre x, y, radius
    and top) hide the target whole: every 2D segment from the viewer's rim to the silhouette's foot passes
    inside one of them, so every sight segment does (it runs no higher than the higher model's top; only
    segments from the eye's very top to the silhouette's top edge reach that height over a disc, and they see
    no area, R-LOS). The viewer's interior needs no test: the ray from a foot point through an eye point
    enters the viewer's disc at a rim point, and the part from there to the foot already passes inside.

    Proof by pieces: the rim is cut into arcs and the foot into pieces; a segment's distance to a disc's centre
    moves by at most the largest move of its two ends, so one disc, whose edge is farther inside than half the
    arc and the piece (and :data:`MARGIN_CM`) from the segment between their middles, blocks every segment
    between them. An arc and piece no disc blocks so is halved (:data:`_SHADOW_LEVELS`), then left to the
    exact function. Models under either base are left out.

    Parameters
    ----------
    pairs : Pairs
        The sight questions, one row each (:class:`Pairs`).
    discs : numpy.ndarray
        The models that may hide, one row each: centre x, y, radius and top (cm).

    Returns
    -------
    numpy.ndarray
        One bool per question: True where the models are proved to hide the target; False is no
        answer.
    """
    n = len(pairs.eye)
    out = np.zeros(n, dtype=bool)
    if not n or not len(discs):
        return out
    zmax = np.maximum(pairs.eye_z, pairs.feet + pairs.height)
    # which models may hide each pair: as tall as both, under neither base (N, M)
    usable = ((discs[None, :, 3] >= zmax[:, None])
              & (np.hypot(discs[None, :, 0] - pairs.eye[:, 0:1], discs[None, :, 1] - pairs.eye[:, 1:2])
                 > discs[None, :, 2] + pairs.eye_r[:, None] + 10 * MARGIN_CM)
              & (np.hypot(discs[None, :, 0] - pairs.tgt[:, 0:1], discs[None, :, 1] - pairs.tgt[:, 1:2])
                 > discs[None, :, 2] + pairs.tgt_r[:, None] + 10 * MARGIN_CM))
    u = pairs.tgt - pairs.eye
    length = np.hypot(u[:, 0], u[:, 1])
    ok = usable.any(axis=1) & (length > 0)
    idx = np.flatnonzero(ok)
    if not len(idx):
        return out
    perp = np.column_stack([-u[idx, 1], u[idx, 0]]) / length[idx, None]
    th0 = (np.arange(_RIM_STEPS) + 0.5) * (2 * math.pi / _RIM_STEPS)
    w0 = (np.arange(_FOOT_STEPS) + 0.5) / _FOOT_STEPS * 2 - 1
    th0, w0 = (a.ravel() for a in np.meshgrid(th0, w0))
    dth0, dw0 = math.pi / _RIM_STEPS, 1.0 / _FOOT_STEPS

    def inside(k: np.ndarray, th: np.ndarray, w: np.ndarray) -> np.ndarray:
        """For pieces (pair k, rim angle th, foot place w): how far inside the deepest usable model the segment
        between their middles runs (negative inside; +inf where no model may hide the pair)."""
        i = idx[k]
        ax, ay = pairs.eye[i, 0] + pairs.eye_r[i] * np.cos(th), pairs.eye[i, 1] + pairs.eye_r[i] * np.sin(th)
        bx = pairs.tgt[i, 0] + perp[k, 0] * w * pairs.tgt_r[i]
        by = pairs.tgt[i, 1] + perp[k, 1] * w * pairs.tgt_r[i]
        dx, dy = bx - ax, by - ay
        dd = np.maximum(dx * dx + dy * dy, 1e-18)
        rx, ry = discs[None, :, 0] - ax[:, None], discs[None, :, 1] - ay[:, None]
        t = np.minimum(np.maximum((rx * dx[:, None] + ry * dy[:, None]) / dd[:, None], 0.0), 1.0)
        gap = np.hypot(rx - t * dx[:, None], ry - t * dy[:, None]) - discs[None, :, 2]
        return np.asarray(np.where(usable[i], gap, np.inf).min(axis=1))

    # the first cut for every pair at once: a pair with a segment no model holds is left at once
    m = len(th0)
    k_all = np.repeat(np.arange(len(idx)), m)
    first = inside(k_all, np.tile(th0, len(idx)), np.tile(w0, len(idx))).reshape(len(idx), m)
    for k in np.flatnonzero((first < 0).all(axis=1)):
        th, w, dth, dw, deep = th0, w0, dth0, dw0, first[k]
        rim, half_w = float(pairs.eye_r[idx[k]]), float(pairs.tgt_r[idx[k]])
        proved = True
        for level in range(_SHADOW_LEVELS + 1):
            if level:
                deep = inside(np.full(len(th), k), th, w)
                if not (deep < 0).all():  # a segment no model's inside holds: no proof here
                    proved = False
                    break
            slack = max(rim * dth, half_w * dw) + MARGIN_CM  # an arc's half length is above its half chord
            left = np.flatnonzero(~(deep < -slack))
            if not len(left):
                break
            if level == _SHADOW_LEVELS or len(left) > _SHADOW_MOST:
                proved = False
                break
            dth, dw = dth / 2, dw / 2
            th = np.concatenate([th[left] - dth, th[left] + dth, th[left] - dth, th[left] + dth])
            w = np.concatenate([w[left] - dw, w[left] - dw, w[left] + dw, w[left] + dw])
        out[idx[k]] = proved
    return out
