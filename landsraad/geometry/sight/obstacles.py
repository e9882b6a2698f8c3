"""What can hide a silhouette: terrain split into convex pieces and models as cylinders, indexed per
board (cached on the terrain, which does not move, and on each base), and how high a base stands (PRJ-48)."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

import numpy as np
import shapely
from shapely.geometry import Polygon

from ..board import Base, Board, TerrainPiece
from .result import ROUND_OBSTACLE_SIDES, CoverClass, CoverResult

# --- obstacles --------------------------------------------------------------------------------


def convex_pieces(polygon: Polygon) -> tuple[np.ndarray, ...]:
    """Split a simple polygon into convex pieces (counter-clockwise corner arrays, no repeat).

    A convex polygon stays whole; others are triangulated (constrained Delaunay) and the
    triangles merged greedily while the union stays convex (Hertel-Mehlhorn style), so a wall
    is one piece and an L is two.

    Examples
    --------
    >>> [len(p) for p in convex_pieces(Polygon([(0, 0), (4, 0), (4, 1), (0, 1)]))]
    [4]
    >>> ell = Polygon([(0, 0), (4, 0), (4, 1), (1, 1), (1, 4), (0, 4)])
    >>> len(convex_pieces(ell)), round(sum(Polygon(p).area for p in convex_pieces(ell)), 9)
    (2, 7.0)
    """
    polygon = shapely.normalize(polygon)
    if abs(polygon.convex_hull.area - polygon.area) <= 1e-9 * max(1.0, polygon.area):
        return (_ccw_corners(polygon),)
    tris = list(shapely.get_parts(shapely.constrained_delaunay_triangles(polygon)))
    pieces: list[Polygon] = [t for t in tris if t.area > 1e-12]
    merged = True
    while merged and len(pieces) > 1:
        merged = False
        for i in range(len(pieces)):
            for j in range(i + 1, len(pieces)):
                a, b = pieces[i], pieces[j]
                if a.intersection(b).length <= 1e-9:  # must share an edge
                    continue
                u = shapely.union(a, b)
                if isinstance(u, Polygon) and abs(u.convex_hull.area - u.area) <= 1e-9 * max(1.0, u.area):
                    pieces[i] = shapely.simplify(u, 0.0)
                    del pieces[j]
                    merged = True
                    break
            if merged:
                break
    return tuple(_ccw_corners(p) for p in pieces)


def _ccw_corners(p: Polygon) -> np.ndarray:
    ring = shapely.orient_polygons(p).exterior
    return np.asarray(ring.coords, dtype=float)[:-1]


@lru_cache(maxsize=512)
def _terrain_pieces(piece: TerrainPiece) -> tuple[np.ndarray, ...]:
    return convex_pieces(piece.shape)


def _round_corners(x: float, y: float, radius: float, outer: bool) -> np.ndarray:
    """The corners of a round obstacle's polygon (circumscribed when ``outer``), counter-clockwise."""
    k = ROUND_OBSTACLE_SIDES
    rr = radius / math.cos(math.pi / k) if outer else radius
    return np.column_stack([x + rr * _CORNER_COS, y + rr * _CORNER_SIN])


_CORNER_ANGLES = np.arange(ROUND_OBSTACLE_SIDES) * (2 * math.pi / ROUND_OBSTACLE_SIDES)
_CORNER_COS, _CORNER_SIN = np.cos(_CORNER_ANGLES), np.sin(_CORNER_ANGLES)  # the same for every base: once


@dataclass(frozen=True)
class SightObstacle:
    id: str
    kind: Literal["terrain", "model"]
    height: float
    footprint: Polygon | None  # terrain: a shapely polygon containing the true shape (its holding circle culls); model: None
    pieces: tuple[np.ndarray, ...] = ()  # terrain: convex pieces, table coordinates
    circle: tuple[float, float, float] = (0.0, 0.0, 0.0)  # model: centre and radius
    outer: np.ndarray | None = None  # model: circumscribed polygon (for shadow corners)


@dataclass
class _SightIndex:
    """Circles holding what can hide something on a board, for the first cull (``_relevant``):
    the terrain's obstacles (their holding circles, rows ``:nt``), then the bases with a height
    (rows ``nt:``, their centres and :data:`_BASE_REACH` times their radii)."""

    part: TerrainPart
    bases: list[Base]
    nt: int
    centres: np.ndarray  # (N, 2)
    radii: np.ndarray  # (N,)


_INDEX_CACHE: dict[Board, _SightIndex] = {}

# A base's obstacle (:meth:`TerrainPart.model_part`) has the holding circle of its
# circumscribed polygon: within this many radii of the base's centre (and rounding).
_BASE_REACH = 1.0 / math.cos(math.pi / ROUND_OBSTACLE_SIDES) + 1e-3


def _index(board: Board) -> _SightIndex:
    """The board's culling circles (cached per board, a few of them: boards are immutable and hash once).

    Every move makes a new board: its index is the last one with the moved bases' rows written
    again (:func:`_index_after_move`), or read from the bases; each model's obstacle is built only
    when it comes near a line of sight (:meth:`TerrainPart.model_part`, cached per base).
    """
    hit = _INDEX_CACHE.get(board)
    if hit is not None:
        return hit
    part = _terrain_part(board.terrain)
    bases = [b for b in board.bases if b.height_cm > 0]
    index = _index_after_move(_LAST_INDEX[0], part, bases)
    if index is None:
        index = _index_of(part, bases)
    if len(_INDEX_CACHE) > 16:
        _INDEX_CACHE.clear()
    _INDEX_CACHE[board] = index
    _LAST_INDEX[0] = index
    return index


def _index_of(part: TerrainPart, bases: list[Base]) -> _SightIndex:
    """The index built from its parts: the terrain's circles, then one row per base."""
    centres = np.concatenate([part.centres, np.array([(b.x, b.y) for b in bases], dtype=float).reshape(-1, 2)])
    radii = np.concatenate([part.radii, np.array([_culling_radius(b) for b in bases], dtype=float)])
    return _SightIndex(part, bases, len(part.obstacles), centres, radii)


def _index_after_move(last: _SightIndex | None, part: TerrainPart, bases: list[Base]) -> _SightIndex | None:
    """:func:`_index_of` for ``bases`` from the last index built, when they are its bases with a few
    of them moved (the next board most often): those rows written again, the same numbers (a row's
    arithmetic is elementwise). None when the last index is no such neighbour."""
    if last is None or last.part is not part or len(last.bases) != len(bases):
        return None
    changed = [k for k, (old, b) in enumerate(zip(last.bases, bases)) if old is not b]
    if len(changed) > _INDEX_ROWS_REWRITTEN:
        return None  # most of the table: built afresh
    centres, radii, nt = last.centres, last.radii, last.nt
    if changed:  # the last index's arrays are never written: copies
        centres, radii = centres.copy(), radii.copy()
        for k in changed:
            b = bases[k]
            centres[nt + k] = (b.x, b.y)
            radii[nt + k] = _culling_radius(b)
    return _SightIndex(part, bases, nt, centres, radii)


def _culling_radius(base: Base) -> float:
    """The radius of a base's row in the index: :data:`_BASE_REACH` times its own, and a hair more."""
    return base.radius * _BASE_REACH + 1e-6


_INDEX_ROWS_REWRITTEN = 4  # a few moves since the last index (measured: two rows as often as one)


_LAST_INDEX: list[_SightIndex | None] = [None]


def _holding_circle(footprint: Any) -> tuple[np.ndarray, float]:
    """A circle holding ``footprint``: the centre of its bounding box and the farthest corner."""
    return _holding_circle_of(shapely.get_coordinates(footprint))


def _holding_circle_of(pts: np.ndarray) -> tuple[np.ndarray, float]:
    """:func:`_holding_circle` of the polygon with corners ``pts`` (its ring, closed or not: the
    closing point repeats the first)."""
    c = (pts.min(axis=0) + pts.max(axis=0)) / 2
    return c, float(np.hypot(*(pts - c).T).max())


class _Unknown(enum.Enum):
    """The cache's "not asked yet" (``None`` is an answer: standing on no piece)."""

    UNKNOWN = enum.auto()


_UNKNOWN = _Unknown.UNKNOWN
"""What :meth:`TerrainPart.standing_on` reads for a centre not asked before."""


class TerrainPart:
    """The obstacles of one terrain layout, and each model's obstacle on it (by base)."""

    MODEL_CACHE = 4096
    ANALYSIS_CACHE = 8192

    def __init__(self, terrain: tuple[TerrainPiece, ...]) -> None:
        self.terrain = terrain
        self.obstacles = tuple(
            SightObstacle(t.id, "terrain", float(t.height_cm), t.shape, pieces=_terrain_pieces(t)) for t in terrain if t.height_cm > 0
        )
        circles = [_holding_circle(o.footprint) for o in self.obstacles]
        self.centres = np.array([c for c, _ in circles], dtype=float).reshape(-1, 2)
        self.radii = np.array([r for _, r in circles], dtype=float)
        self._models: dict[Base, tuple[SightObstacle, np.ndarray, float]] = {}
        self._standing: dict[tuple[float, float], TerrainPiece | None] = {}
        self.analyses: dict[tuple[Any, ...], CoverResult] = {}
        self.classes: dict[tuple[Any, ...], CoverClass] = {}  # cover classes alone (analysis._cover_class), keyed alike

    def standing_on(self, b: Base) -> TerrainPiece | None:
        """:func:`standing_on` for a base on this terrain (cached by the base's centre): the piece a
        model stands on top of, which sets its feet's height for sight and cover (PRJ-48)."""
        key = (b.x, b.y)
        hit = self._standing.get(key, _UNKNOWN)  # (most bases stand somewhere new: no KeyError raised and caught)
        if hit is not _UNKNOWN:
            return hit
        if len(self._standing) >= self.MODEL_CACHE:
            self._standing.clear()
        piece = self._standing[key] = _standing_on(self.terrain, b)
        return piece

    def model_part(self, b: Base) -> tuple[SightObstacle, np.ndarray, float]:
        hit = self._models.get(b)
        if hit is None:
            outer = _round_corners(b.x, b.y, b.radius, True)
            # a model on top of a piece blocks like a column from the table to its head (the piece
            # under it is solid anyway)
            piece = self.standing_on(b)
            top = (float(piece.height_cm) if piece is not None else 0.0) + float(b.height_cm)
            # no shapely footprint: the holding circle is read from the corners, the shadows from the circle
            obstacle = SightObstacle(b.id, "model", top, None, circle=(b.x, b.y, b.radius), outer=outer)
            centre, radius = _holding_circle_of(outer)
            if len(self._models) >= self.MODEL_CACHE:
                self._models.clear()
            hit = self._models[b] = (obstacle, centre, radius)
        return hit


def _terrain_part(terrain: tuple[TerrainPiece, ...]) -> TerrainPart:
    """The terrain's part, built once per layout. Boards made by moves share their terrain tuple,
    so the last one is found by identity, without hashing every corner again."""
    last = _LAST_TERRAIN[0]
    if last is not None and last.terrain is terrain:
        return last
    part = _LAST_TERRAIN[0] = _terrain_part_of(terrain)
    return part


@lru_cache(maxsize=32)
def _terrain_part_of(terrain: tuple[TerrainPiece, ...]) -> TerrainPart:
    return TerrainPart(terrain)


_LAST_TERRAIN: list[TerrainPart | None] = [None]


def elevation(board: Board, base: Base) -> float:
    """How high ``base`` stands: the height of the tallest impassable piece its centre is over
    (a model standing on a crate or a roof, PRJ-48), else 0.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board, TerrainPiece
    >>> crate = TerrainPiece("crate", ((8, 8), (12, 8), (12, 12), (8, 12)), height_cm=3)
    >>> board = Board(bases=(Base("a", 10, 10, 25), Base("b", 30, 10, 25)), terrain=(crate,))
    >>> elevation(board, board.base("a")), elevation(board, board.base("b"))
    (3.0, 0.0)
    """
    piece = standing_on(board, base)
    return float(piece.height_cm) if piece is not None else 0.0


def standing_on(board: Board, base: Base) -> TerrainPiece | None:
    """The tallest impassable piece with some height the base's centre is over, if any (PRJ-48)."""
    return _terrain_part(board.terrain).standing_on(base)


def _standing_on(terrain: tuple[TerrainPiece, ...], base: Base) -> TerrainPiece | None:
    x, y = base.x, base.y
    best: TerrainPiece | None = None
    for t in terrain:
        if t.movement == "blocked" and t.height_cm > (best.height_cm if best else 0.0):
            xmin, ymin, xmax, ymax = t._box  # a piece covers no point outside its bounding box
            if xmin <= x <= xmax and ymin <= y <= ymax and t.shape.covers(shapely.Point(x, y)):
                best = t
    return best


def _overlaps_base(piece: TerrainPiece, base: Base) -> bool:
    """Whether the piece's footprint overlaps the base's disc with some area (touching does not)."""
    c = shapely.Point(base.x, base.y)
    return piece.shape.contains(c) or piece.shape.distance(c) < base.radius - 1e-9
