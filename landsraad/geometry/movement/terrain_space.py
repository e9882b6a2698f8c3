"""A mover's free space on a board, built from the terrain's part once per layout (internal, R-MOVE, RUL-17).

The terrain does not move during a game; the bases do. So what a :class:`~.space.Space` owes to
the terrain, the table and the mover's radius (:class:`TerrainSpace`: impassable and difficult
capsules, corner circles, crossing samples, their shapes) is built once per layout
(:func:`_terrain_space`, found by the terrain tuple's identity first), and a board's space
(:func:`_space_cached`, per board, radius and excluded bases) only adds the bases in front of it.
:mod:`.space` holds the space's questions; this module, how a space is put together and kept.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import Iterable, Sequence

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from ...i18n import message
from ..board import Base, Board, TerrainPiece
from .capsules import _cap_boxes, _segment_frame
from .layout import WithBases
from .result import DIFFICULT_SAMPLE_CM, TOUCH_TOLERANCE_CM
from .space import Partition, PartitionKey, Space, SpaceCache, _convex_corners, _next_rows, _ring


def _space(board: Board, model_id: str, ignore: Iterable[str]) -> Space:
    base, excluded = _mover(board, model_id, ignore)
    return _space_cached(board, base.radius, excluded)


def _mover(board: Board, model_id: str, ignore: Iterable[str]) -> tuple[Base, frozenset[str]]:
    """``model_id``'s base and the ids its space leaves out (its own and ``ignore``'s), each id
    checked: an unknown one is an error, named (:meth:`Board.base`)."""
    base = board.base(model_id)
    excluded = {model_id}
    for other in ignore:
        board.base(other)
        excluded.add(other)
    return base, frozenset(excluded)


@dataclass(eq=False)
class TerrainSpace:
    """The part of a :class:`Space` that depends only on the static terrain, the table's size
    and the mover's radius (internal): built once per terrain layout, shared by every board of a
    game (the bases move, the terrain does not)."""

    labels: tuple[str, ...]
    cap_a: np.ndarray
    cap_b: np.ndarray
    cap_r: np.ndarray
    cap_owner: np.ndarray  # index into labels (terrain labels only)
    block_geom: BaseGeometry | None
    block_rings: list[np.ndarray]
    block_boxes: list[tuple[float, float, float, float]]  # each impassable ring's bounding box (xmin, ymin, xmax, ymax)
    terrain_shapes: dict[int, Polygon]  # keyed like cap_owner
    dcap_a: np.ndarray
    dcap_b: np.ndarray
    diff_geom: BaseGeometry | None
    diff_rings: list[np.ndarray]
    diff_pieces: list[tuple[int, int, bool, Polygon]]
    diff_labels: list[str]  # what each difficult piece is called in messages
    diff_boxes: np.ndarray  # (P, 4) each difficult piece's bounding box grown by r and a margin
    offset_edges: list[tuple[np.ndarray, np.ndarray]]
    circ_c: np.ndarray  # corner circles of impassable then difficult pieces
    circ_r: np.ndarray
    circ_soft: np.ndarray
    samples: np.ndarray  # (S, 2) crossing samples on the difficult outlines
    sample_edge: list[int]
    bare: dict[tuple[float, float], Space] = field(default_factory=dict)  # per table size (_bare_space)
    # the bases' circles' partitions (Space._base_partition_key), at most _BASE_PARTS_CAP
    base_parts: dict[PartitionKey, Partition] = field(default_factory=dict)
    # per number of bases, what a space's capsules owe to the layout alone (_with_bases)
    with_bases: dict[int, WithBases] = field(default_factory=dict)
    # the capsules as a board's straight test reads them (slides._board_capsules), element by element
    # a board space's terrain part: radii less the touching tolerance, boxes (_cap_boxes), the rows
    # (x, y, rho) a board's bases go before, the ends and radii as Python lists
    cap_rho: np.ndarray = field(init=False)
    cap_boxes: tuple[np.ndarray, np.ndarray] = field(init=False)
    cap_rows: np.ndarray = field(init=False)
    cap_lists: tuple[list[list[float]], list[list[float]], list[float]] = field(init=False)

    def __post_init__(self) -> None:
        self.cap_rho = self.cap_r - TOUCH_TOLERANCE_CM
        self.cap_boxes = _cap_boxes(self.cap_a, self.cap_b, self.cap_rho)
        self.cap_rows = np.stack([self.cap_a[:, 0], self.cap_a[:, 1], self.cap_rho])
        self.cap_lists = (self.cap_a.tolist(), self.cap_b.tolist(), self.cap_rho.tolist())
        for part in (self.cap_rho, *self.cap_boxes, self.cap_rows):
            part.flags.writeable = False


def _grown_boxes(shapes: Sequence[BaseGeometry], grow: float) -> np.ndarray:
    """(P, 4) bounding boxes (xmin, ymin, xmax, ymax) of ``shapes``, each grown by ``grow`` on every side."""
    boxes = np.array([shape.bounds for shape in shapes], dtype=float).reshape(-1, 4)
    grown: np.ndarray = boxes + np.array([-grow, -grow, grow, grow])
    return grown


def _terrain_space_of(terrain: tuple[TerrainPiece, ...], r: float) -> TerrainSpace:
    """:func:`_terrain_space`, found first by the terrain tuple's identity: the boards of a game
    share their terrain tuple, whose hash (every corner of every piece) the cache would compute
    again for each new board."""
    hit = _LAST_TERRAIN_SPACE.get(r)
    if hit is not None and hit[0] is terrain:
        return hit[1]
    ts = _terrain_space(terrain, r)
    if len(_LAST_TERRAIN_SPACE) >= 16:
        _LAST_TERRAIN_SPACE.clear()
    _LAST_TERRAIN_SPACE[r] = (terrain, ts)  # the entry keeps the tuple alive: identity stays meaningful
    return ts


_LAST_TERRAIN_SPACE: dict[float, tuple[tuple[TerrainPiece, ...], "TerrainSpace"]] = {}
"""Per mover radius, the last terrain tuple asked and its space (:func:`_terrain_space_of`)."""


@functools.lru_cache(maxsize=64)
def _terrain_space(terrain: tuple[TerrainPiece, ...], r: float) -> TerrainSpace:
    # (each piece's edges and corners as whole arrays: a layout has a few pieces of a few corners,
    # where numpy's cost per call, not the arithmetic, is the time)
    labels: list[str] = []
    cap_a: list[np.ndarray] = []
    cap_b: list[np.ndarray] = []
    owner: list[int] = []
    circ_c: list[np.ndarray] = []
    soft: list[bool] = []
    block_shapes = []
    block_rings = []
    terrain_shapes: dict[int, Polygon] = {}
    for t in terrain:
        if t.movement != "blocked":
            continue
        o = len(labels)
        labels.append(message("terrain {id!r}", id=t.id))
        ring, shape = _piece_ring(t)
        block_rings.append(ring)
        block_shapes.append(shape)
        terrain_shapes[o] = shape
        cap_a.append(ring)
        cap_b.append(_next_rows(ring))
        owner += [o] * len(ring)
        corners = ring[_convex_corners(ring)]
        circ_c.append(corners)
        soft += [False] * len(corners)
    dcap_a: list[np.ndarray] = []
    dcap_b: list[np.ndarray] = []
    diff_shapes = []
    diff_rings = []
    samples: list[np.ndarray] = []
    sample_edge: list[int] = []
    offset_edges: list[tuple[np.ndarray, np.ndarray]] = []
    diff_pieces: list[tuple[int, int, bool, Polygon]] = []  # capsule range, convex, shape
    diff_labels: list[str] = []
    first = 0
    for t in terrain:
        if t.movement != "difficult":
            continue
        ring, shape = _piece_ring(t)
        diff_rings.append(ring)
        diff_shapes.append(shape)
        convex_at = _convex_corners(ring)
        shapely.prepare(shape)
        diff_pieces.append((first, first + len(ring), bool(convex_at.all()), shape))
        diff_labels.append(message("terrain {id!r}", id=t.id))
        first += len(ring)
        nxt = _next_rows(ring)
        dcap_a.append(ring)
        dcap_b.append(nxt)
        # Candidate crossing points along the outer offset edges (where the base starts or stops
        # overlapping the piece), each edge's arithmetic element by element
        e = nxt - ring
        lengths = np.hypot(e[:, 0], e[:, 1])
        normal = np.stack([e[:, 1], -e[:, 0]], axis=1) / lengths[:, None]  # outward for a counter-clockwise ring
        a0s, a1s = ring + r * normal, nxt + r * normal
        for a0, a1, length in zip(a0s, a1s, lengths.tolist()):
            offset_edges.append((a0, a1))
            count = max(1, int(math.ceil(length / DIFFICULT_SAMPLE_CM)))
            samples.append(a0 + np.linspace(0.0, 1.0, count + 1)[:, None] * (a1 - a0))
            sample_edge += [len(diff_rings) - 1] * (count + 1)
        corners = ring[convex_at]
        circ_c.append(corners)
        soft += [True] * len(corners)
    block_geom = shapely.union_all(block_shapes) if block_shapes else None
    diff_geom = shapely.union_all(diff_shapes) if diff_shapes else None
    if block_geom is not None:
        shapely.prepare(block_geom)
    if diff_geom is not None:
        shapely.prepare(diff_geom)
    return TerrainSpace(
        labels=tuple(labels),
        cap_a=_rows(cap_a),
        cap_b=_rows(cap_b),
        cap_r=np.full(len(owner), r, dtype=float),
        cap_owner=np.array(owner, dtype=int),
        block_geom=block_geom,
        block_rings=block_rings,
        block_boxes=[(*ring.min(axis=0).tolist(), *ring.max(axis=0).tolist()) for ring in block_rings],
        terrain_shapes=terrain_shapes,
        dcap_a=_rows(dcap_a),
        dcap_b=_rows(dcap_b),
        diff_geom=diff_geom,
        diff_rings=diff_rings,
        diff_pieces=diff_pieces,
        diff_labels=diff_labels,
        diff_boxes=_grown_boxes([shape for _, _, _, shape in diff_pieces], r + 2 * TOUCH_TOLERANCE_CM),
        offset_edges=offset_edges,
        circ_c=_rows(circ_c),
        circ_r=np.full(len(soft), r, dtype=float),
        circ_soft=np.array(soft, dtype=bool),
        samples=_rows(samples),
        sample_edge=sample_edge,
    )


def _rows(parts: list[np.ndarray]) -> np.ndarray:
    """``parts``, (k, 2) arrays of points, as one (K, 2) array (a new one; (0, 2) for none)."""
    return np.concatenate(parts) if parts else np.zeros((0, 2))


@functools.lru_cache(maxsize=256)
def _piece_ring(piece: TerrainPiece) -> tuple[np.ndarray, Polygon]:
    """A piece's ring (:func:`~.space._ring`, read only) and its polygon, once per piece: the
    layouts of a game share their impassable pieces (a model unslowed by difficult ground moves
    over a layout with those pieces opened, :func:`landsraad.engine.spatial._opened_terrain`)."""
    ring = _ring(piece.polygon)
    ring.flags.writeable = False
    return ring, Polygon(ring)


@functools.lru_cache(maxsize=128)
def _space_cached(board: Board, r: float, excluded: frozenset[str]) -> Space:
    ts = _terrain_space_of(board.terrain, r)
    bases = [b for b in board.bases if b.id not in excluded]
    space = _build_space(ts, r, board.width, board.depth, bases)
    space._bare = (_bare_space(ts, r, board.width, board.depth), len(bases), len(ts.circ_r))
    space._base_parts = ts.base_parts
    return space


def _bare_space(ts: TerrainSpace, r: float, width: float, depth: float) -> Space:
    """The space of the terrain alone on a ``width`` x ``depth`` table, once per layout and table."""
    bare = ts.bare.get((width, depth))
    if bare is None:
        bare = ts.bare[(width, depth)] = _build_space(ts, r, width, depth, [])
    return bare


def _build_space(ts: TerrainSpace, r: float, width: float, depth: float, bases: Sequence[Base]) -> Space:
    # The terrain's part is cached on the static terrain (_terrain_space); only the bases are
    # added here. Order matters (it numbers capsules, labels and circles): bases first.
    n = len(bases)
    # the centres as two rows, transposed: numpy reads two flat lists of floats faster than n pairs
    centres = np.array([[b.x for b in bases], [b.y for b in bases]], dtype=float).reshape(2, -1).T
    radii = np.array([r + b.radius for b in bases], dtype=float)
    shared = _with_bases(ts, n)
    xmin, ymin, xmax, ymax = r, r, width - r, depth - r
    cap_a = np.concatenate([centres, ts.cap_a])
    space = Space(
        r=r,
        width=width,
        depth=depth,
        bounds=(xmin, ymin, xmax, ymax),
        cap_a=cap_a,
        cap_b=np.concatenate([centres, ts.cap_b]),
        cap_r=np.concatenate([radii, ts.cap_r]),
        cap_owner=shared.cap_owner,
        _label_source=(bases, ts.labels),
        block_geom=ts.block_geom,
        dcap_a=ts.dcap_a,
        dcap_b=ts.dcap_b,
        diff_geom=ts.diff_geom,
        _circle_maker=functools.partial(_space_circles, ts, centres, radii),
        _shared=shared,
        # _segment_frame(cap_a, cap_b) without its arithmetic per space: the starts are cap_a's own
        # columns, and the rest depends on the terrain and the number of bases alone
        _cache=SpaceCache(block_rings=ts.block_rings, block_boxes=ts.block_boxes, diff_rings=ts.diff_rings,
                          terrain_shapes=shared.terrain_shapes, offset_edges=ts.offset_edges,
                          diff_pieces=ts.diff_pieces, diff_labels=ts.diff_labels, diff_boxes=ts.diff_boxes,
                          frame=(cap_a[None, :, 0], cap_a[None, :, 1], *shared.frame_rest)),
    )
    return space


def _with_bases(ts: TerrainSpace, n: int) -> WithBases:
    """:class:`WithBases` of ``ts`` for ``n`` bases, built on first use (at most 64 kept)."""
    shared = ts.with_bases.get(n)
    if shared is not None:
        return shared
    owner = np.concatenate([np.arange(n, dtype=int), ts.cap_owner + n])
    points = _segment_frame(np.zeros((n, 2)), np.zeros((n, 2)))
    terrain = _segment_frame(ts.cap_a, ts.cap_b)
    vx, vy, long, safe = (np.concatenate([p, t], axis=1) for p, t in zip(points[2:], terrain[2:]))
    rest = (vx, vy, long, safe)
    for part in (owner, *rest):
        part.flags.writeable = False
    if len(ts.with_bases) >= 64:
        ts.with_bases.clear()
    # every terrain capsule of some length (a polygon without a repeated corner): the frame's rows
    # are full arrays (WithBases.rows)
    full = bool(terrain[4].all())
    shared = ts.with_bases[n] = WithBases(owner, {o + n: shape for o, shape in ts.terrain_shapes.items()}, rest, full)
    return shared


def _space_circles(ts: TerrainSpace, centres: np.ndarray, radii: np.ndarray,
                   space: Space) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[int | None]]:
    """The circles of ``space``'s tangent graph: the bases, the terrain's corners, and the
    difficult crossing samples that are free spots on this board."""
    n = len(radii)
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
    return (np.concatenate(circ_c).reshape(-1, 2), np.concatenate(circ_r).astype(float),
            np.concatenate(soft).astype(bool), circ_edge)
