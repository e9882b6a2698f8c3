"""The table as geometry: round bases, terrain prisms and markers, immutable.

No game rules live here: a :class:`Board` knows shapes, heights and how terrain affects
movement, nothing about sides' intentions. Units: centimetres for positions, heights and
distances; base and marker diameters are given in millimetres, as players say them
("a 30 mm base"), and converted once (:attr:`Base.radius`).

Boards are immutable: :meth:`Board.with_base`, :meth:`Board.moved` and :meth:`Board.without`
return new boards. Shapely geometries are built once per object and cached.

Examples
--------
>>> a = Base("a", 10, 10, 30)
>>> a.radius
1.5
>>> board = Board(bases=(a, Base("b", 20, 10, 30)))
>>> board.base("b").x
20.0
>>> board.moved("a", (12.0, 10.0)).base("a").center
(12.0, 10.0)
>>> board.base("c")
Traceback (most recent call last):
...
landsraad.errors.GeometryError: There is no model 'c' on the table; the models are: a, b.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Generic, Iterable, Literal, TypeVar, overload

import shapely
from shapely.geometry import Point as _ShapelyPoint
from shapely.geometry import Polygon

from ..errors import GeometryError, quoted, truncate
from ..i18n import message, numeral

__all__ = [
    "Point",
    "DEFAULT_MODEL_HEIGHT_CM",
    "CIRCLE_RESOLUTION",
    "TerrainMovement",
    "Base",
    "TerrainPiece",
    "Marker",
    "Board",
]

Point = tuple[float, float]

DEFAULT_MODEL_HEIGHT_CM = 3.5
"""Height of a model's silhouette when a scene gives none: a 28-32 mm figure on its base."""

CIRCLE_RESOLUTION = 64
"""Segments per quarter circle when a base is turned into a polygon (shapely ``quad_segs``).

At 64, the polygon's edge lies within r * (1 - cos(pi / 256)) of the true circle, i.e.
under 0.0002 cm for a 50 mm base: far below what a tape measure shows."""

TerrainMovement = Literal["blocked", "difficult", "open"]

_T = TypeVar("_T")


class cached_property(Generic[_T]):
    """:func:`functools.cached_property` without its lock: computed on the first read, then kept in
    the instance's ``__dict__`` (where later reads find it before this descriptor). Python 3.11's
    takes a lock on every first read, a cost paid for each of the many boards and bases a game
    makes, to guard against two threads computing the same value at once: here harmless, the
    value is a function of the frozen object."""

    def __init__(self, func: Callable[[Any], _T]) -> None:
        self.func = func
        self.attrname = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.attrname = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> cached_property[_T]: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> _T: ...

    def __get__(self, obj: object, owner: type | None = None) -> _T | cached_property[_T]:
        if obj is None:
            return self
        value = obj.__dict__[self.attrname] = self.func(obj)
        return value


@dataclass(frozen=True)
class Base:
    """A model's round base: id, centre ``(x, y)`` in cm, diameter in mm, height in cm."""

    id: str
    x: float
    y: float
    diameter_mm: float
    height_cm: float = DEFAULT_MODEL_HEIGHT_CM
    side: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "x", float(self.x))
        object.__setattr__(self, "y", float(self.y))
        if not self.diameter_mm > 0:
            raise GeometryError(message('Model {id!r} has a base diameter of {diameter_mm} mm; it must be positive.', id=self.id, diameter_mm=numeral(self.diameter_mm)))
        if not self.height_cm >= 0:
            raise GeometryError(message('Model {id!r} has a height of {height_cm} cm; it must be 0 or more.', id=self.id, height_cm=numeral(self.height_cm)))

    def __hash__(self) -> int:
        # Boards share their unmoved bases: each base is hashed once, not once per new board.
        # Same value as the dataclass's own hash (the compared fields).
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash((self.id, self.x, self.y, self.diameter_mm, self.height_cm, self.side))

    def __getstate__(self) -> dict[str, Any]:
        # The cached hash is this process's (str hashes are salted per process): not pickled.
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    @property
    def center(self) -> Point:
        return (self.x, self.y)

    @cached_property
    def radius(self) -> float:
        """Radius in cm (kept: read for every base of a board at each straight-slide test, and a
        base is shared by the boards it stands on unmoved)."""
        return self.diameter_mm / 20.0

    @cached_property
    def shape(self) -> Polygon:
        """The base as a shapely polygon (see :data:`CIRCLE_RESOLUTION`)."""
        return _ShapelyPoint(self.x, self.y).buffer(self.radius, quad_segs=CIRCLE_RESOLUTION)

    def at(self, point: Point) -> "Base":
        """The same base with its centre at ``point``."""
        return replace(self, x=float(point[0]), y=float(point[1]))


@dataclass(frozen=True)
class TerrainPiece:
    """A terrain piece: a footprint polygon (cm), a height (cm; 0 never blocks sight) and
    what it does to movement (``blocked``, ``difficult`` or ``open``)."""

    id: str
    polygon: tuple[Point, ...]
    height_cm: float = 0.0
    movement: TerrainMovement = "blocked"

    def __post_init__(self) -> None:
        object.__setattr__(self, "polygon", tuple((float(x), float(y)) for x, y in self.polygon))
        if len(self.polygon) < 3:
            raise GeometryError(message('Terrain {id!r} needs at least 3 corners; it has {polygon}.', id=self.id, polygon=len(self.polygon)))

    def __hash__(self) -> int:
        # A board's hash covers its terrain, and a new board is made after every move: each piece
        # hashes its corners once. Same value as the dataclass's own hash (the compared fields).
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash((self.id, self.polygon, self.height_cm, self.movement))

    def __getstate__(self) -> dict[str, Any]:
        # The cached hash is this process's (str hashes are salted per process): not pickled.
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    @cached_property
    def shape(self) -> Polygon:
        """The footprint as a shapely polygon."""
        return Polygon(self.polygon)

    @property
    def blocks_sight(self) -> bool:
        return self.height_cm > 0

    @cached_property
    def _box(self) -> tuple[float, float, float, float]:
        xs = [x for x, _ in self.polygon]
        ys = [y for _, y in self.polygon]
        return min(xs), min(ys), max(xs), max(ys)

    def closer_than(self, x: float, y: float, d: float) -> bool:
        """Whether the footprint comes closer than ``d`` cm to the point (x, y) (0 inside it).

        Examples
        --------
        >>> rock = TerrainPiece("rock", ((0, 0), (4, 0), (4, 4), (0, 4)))
        >>> rock.closer_than(6, 2, 2.5), rock.closer_than(6, 2, 2.0), rock.closer_than(2, 2, 0.1)
        (True, False, True)
        """
        xmin, ymin, xmax, ymax = self._box
        # the bounding box is never farther than the footprint: far from it, far from the piece
        bx = xmin - x if x < xmin else x - xmax if x > xmax else 0.0
        by = ymin - y if y < ymin else y - ymax if y > ymax else 0.0
        if bx * bx + by * by >= d * d and d > 0:
            return False
        return bool(self.shape.distance(_ShapelyPoint(x, y)) < d)


@dataclass(frozen=True)
class Marker:
    """An objective marker: a 30 or 50 mm token (R-MISSIONS) at ``(x, y)``."""

    id: str
    x: float
    y: float
    size_mm: float = 30.0
    owner: str | None = None

    @property
    def center(self) -> Point:
        return (float(self.x), float(self.y))

    @property
    def radius(self) -> float:
        return self.size_mm / 20.0

    @cached_property
    def shape(self) -> Polygon:
        return _ShapelyPoint(self.x, self.y).buffer(self.radius, quad_segs=CIRCLE_RESOLUTION)


class TableParts:
    """What a board computes from its size and terrain alone (the table's rectangle, the pieces
    that block sight, the pieces by movement kind), built on first use and shared by the boards of
    the same table: a board made from another (:meth:`Board.with_base`, ``dataclasses.replace``)
    is handed its parts, and keeps them only if they describe its own table."""

    __slots__ = ("width", "depth", "terrain", "_table", "_sight_blockers", "_by_kind")

    def __init__(self, width: float, depth: float, terrain: tuple[TerrainPiece, ...]) -> None:
        self.width, self.depth, self.terrain = width, depth, terrain
        self._table: Polygon | None = None
        self._sight_blockers: tuple[TerrainPiece, ...] | None = None
        self._by_kind: dict[str, tuple[TerrainPiece, ...]] | None = None

    def fits(self, width: float, depth: float, terrain: tuple[TerrainPiece, ...]) -> bool:
        """Whether these are the parts of a table of this size and terrain (the same pieces)."""
        return self.terrain is terrain and self.width == width and self.depth == depth

    @property
    def table(self) -> Polygon:
        if self._table is None:
            self._table = shapely.box(0.0, 0.0, self.width, self.depth)
        return self._table

    @property
    def sight_blockers(self) -> tuple[TerrainPiece, ...]:
        if self._sight_blockers is None:
            self._sight_blockers = tuple(t for t in self.terrain if t.blocks_sight)
        return self._sight_blockers

    @property
    def by_kind(self) -> dict[str, tuple[TerrainPiece, ...]]:
        if self._by_kind is None:
            kinds: dict[str, list[TerrainPiece]] = {}
            for t in self.terrain:
                kinds.setdefault(t.movement, []).append(t)
            self._by_kind = {k: tuple(v) for k, v in kinds.items()}
        return self._by_kind


@dataclass(frozen=True)
class Board:
    """The table: its size in cm, terrain, model bases and markers. Immutable.

    ``parts`` are what it computes from its size and terrain alone (:class:`TableParts`): given
    the parts of another board of the same table, it shares them; otherwise it makes its own."""

    width: float = 60.0
    depth: float = 60.0
    terrain: tuple[TerrainPiece, ...] = ()
    bases: tuple[Base, ...] = ()
    markers: tuple[Marker, ...] = ()
    parts: TableParts | None = field(default=None, repr=False, compare=False, hash=False)
    _index: dict[str, int] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "terrain", tuple(self.terrain))
        object.__setattr__(self, "bases", tuple(self.bases))
        object.__setattr__(self, "markers", tuple(self.markers))
        if self.parts is None or not self.parts.fits(self.width, self.depth, self.terrain):
            object.__setattr__(self, "parts", TableParts(self.width, self.depth, self.terrain))
        self._index.update({b.id: i for i, b in enumerate(self.bases)})

    def __hash__(self) -> int:
        # Boards key the geometry's caches (free space, sight, moves): the hash of every base and
        # terrain corner is computed once per board, not at every cache look-up.
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash((self.width, self.depth, self.terrain, self.bases, self.markers))

    def __getstate__(self) -> dict[str, Any]:
        # The cached hash is this process's (str hashes are salted per process): not pickled.
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    # --- lookups ---------------------------------------------------------------------------

    def base(self, base_id: str) -> Base:
        """The base ``base_id``; a :class:`GeometryError` names the valid ids otherwise."""
        try:
            return self.bases[self._index[base_id]]
        except KeyError:
            ids = truncate(", ".join(b.id for b in self.bases) or "(none)", 300)
            raise GeometryError(message('There is no model {base_id} on the table; the models are: {ids}.', base_id=quoted(base_id), ids=ids)) from None

    def has_base(self, base_id: str) -> bool:
        return base_id in self._index

    def terrain_piece(self, terrain_id: str) -> TerrainPiece:
        for t in self.terrain:
            if t.id == terrain_id:
                return t
        ids = ", ".join(t.id for t in self.terrain) or "(none)"
        raise GeometryError(message('There is no terrain piece {terrain_id!r}; the pieces are: {ids}.', terrain_id=terrain_id, ids=ids))

    def others(self, base_id: str) -> tuple[Base, ...]:
        """Every base but ``base_id``."""
        return tuple(b for b in self.bases if b.id != base_id)

    @property
    def table(self) -> Polygon:
        """The table's rectangle."""
        return self._parts.table

    @property
    def sight_blockers(self) -> tuple[TerrainPiece, ...]:
        """Terrain pieces with a height above 0."""
        return self._parts.sight_blockers

    def terrain_of(self, kind: TerrainMovement) -> tuple[TerrainPiece, ...]:
        """Terrain pieces whose movement kind is ``kind``."""
        return self._parts.by_kind.get(kind, ())

    @property
    def _parts(self) -> TableParts:
        parts = self.parts
        assert parts is not None  # set by __post_init__
        return parts

    # --- immutable updates -----------------------------------------------------------------

    def with_base(self, base: Base) -> "Board":
        """A board with ``base`` added, or replacing the base with the same id.

        A replacement (every move of the game) keeps what depends on the table and terrain alone
        (the table's shape, the pieces by kind: :class:`TableParts`)."""
        i = self._index.get(base.id)
        if i is None or len(self._index) != len(self.bases):  # a new id, or ids given twice: the general way
            bases = self.bases + (base,) if i is None else tuple(base if b.id == base.id else b for b in self.bases)
            return replace(self, bases=bases)
        return Board(self.width, self.depth, self.terrain, self.bases[:i] + (base,) + self.bases[i + 1:], self.markers, self.parts)

    def moved(self, base_id: str, to: Point) -> "Board":
        """A board with base ``base_id`` centred at ``to``."""
        return self.with_base(self.base(base_id).at(to))

    def without(self, base_ids: str | Iterable[str]) -> "Board":
        """A board without the named bases (a removed model, or the mover itself as an obstacle)."""
        drop = {base_ids} if isinstance(base_ids, str) else set(base_ids)
        return replace(self, bases=tuple(b for b in self.bases if b.id not in drop))

    def with_markers(self, markers: Iterable[Marker]) -> "Board":
        return replace(self, markers=tuple(markers))

    def with_terrain(self, terrain: Iterable[TerrainPiece]) -> "Board":
        return replace(self, terrain=tuple(terrain))


