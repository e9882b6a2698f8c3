"""Measuring on the table: base-edge distances, contact, range bands and the nearest model.

R-MEASURE: ranges and distances are measured base edge to base edge. RUL-07: two bases are in
contact when their edges are within 0.1 cm (the default ``tolerance_cm``), and distances are
reported to 0.1 cm. Everything here is pure geometry; the shooting rule (R-SHOOT) only reads
:func:`range_band` and :func:`range_modifier`.

Examples
--------
>>> from landsraad.geometry.board import Base, Board
>>> a, b = Base("a", 10, 10, 30), Base("b", 20, 10, 30)
>>> edge_distance(a, b)          # 10 cm between centres minus two 1.5 cm radii
7.0
>>> distance(Board(bases=(a, b)), "a", "b")
7.0
>>> range_modifier(35, 10, +1)   # shooting example 1: pistol (10, +1) at 35 cm
-2
"""

from __future__ import annotations

import math
from typing import Iterable, Union

from shapely.geometry import Point as _ShapelyPoint

from ..errors import GeometryError
from ..wording import describe_range_band
from .board import Base, Board, Marker, TerrainPiece

__all__ = [
    "CONTACT_TOLERANCE_CM",
    "TIE_TOLERANCE_CM",
    "Measurable",
    "edge_distance",
    "distance",
    "in_contact",
    "report_cm",
    "range_band",
    "range_modifier",
    "describe_range_band",
    "nearest",
    "lookup",
]

CONTACT_TOLERANCE_CM = 0.1
"""RUL-07: bases whose edges are within this distance are in contact (``Ruleset.contact_tolerance_cm``)."""

TIE_TOLERANCE_CM = 0.05
"""Two distances closer than this are a tie for :func:`nearest` (half the 0.1 cm of RUL-07)."""

_FLOAT_SLACK = 1e-9
"""Floating-point slack for boundary comparisons (far below anything a tape measure shows)."""

Measurable = Union[Base, Marker, TerrainPiece]


def _round_shape(item: Measurable) -> tuple[float, float, float] | None:
    if isinstance(item, (Base, Marker)):
        x, y = item.center
        return float(x), float(y), item.radius
    return None


def _base_gap(a: Base, b: Base) -> float:
    """:func:`edge_distance` between two bases: the same arithmetic as its round-shape branch,
    without the type tests and properties (asked tens of thousands of times a game)."""
    d = math.hypot(a.x - b.x, a.y - b.y) - a.diameter_mm / 20.0 - b.diameter_mm / 20.0
    return max(0.0, float(d))


def edge_distance(a: Measurable, b: Measurable) -> float:
    """Distance in cm from the edge of ``a`` to the edge of ``b`` (R-MEASURE).

    ``a`` and ``b`` are bases, markers or terrain pieces (a piece's footprint). Overlapping or
    touching shapes are at distance 0; the result is never negative.

    Examples
    --------
    >>> a = Base("a", 0, 0, 30)
    >>> edge_distance(a, Base("b", 3, 0, 30))      # touching: 3 cm between centres, radii 1.5
    0.0
    >>> edge_distance(a, Base("b", 2, 0, 30))      # overlapping is 0 too, never negative
    0.0
    >>> edge_distance(a, Marker("m", 0, 10, 50))   # a 50 mm marker: 10 - 1.5 - 2.5
    6.0
    >>> edge_distance(a, TerrainPiece("rock", ((5, -1), (6, -1), (6, 1), (5, 1)), 3))
    3.5
    """
    if type(a) is Base and type(b) is Base:
        return _base_gap(a, b)
    ra, rb = _round_shape(a), _round_shape(b)
    if ra is not None and rb is not None:
        d = math.hypot(ra[0] - rb[0], ra[1] - rb[1]) - ra[2] - rb[2]
    elif ra is not None:
        d = b.shape.distance(_ShapelyPoint(ra[0], ra[1])) - ra[2]
    elif rb is not None:
        d = a.shape.distance(_ShapelyPoint(rb[0], rb[1])) - rb[2]
    else:
        d = a.shape.distance(b.shape)
    return max(0.0, float(d))


def lookup(board: Board, item_id: str) -> Measurable:
    """The model, marker or terrain piece called ``item_id`` (models first).

    Examples
    --------
    >>> lookup(Board(markers=(Marker("spice", 5, 5),)), "spice").size_mm
    30.0
    >>> lookup(Board(), "ghost")
    Traceback (most recent call last):
    ...
    landsraad.errors.GeometryError: There is nothing called 'ghost' on the table; the models are: (none); the markers: (none); the terrain pieces: (none).
    """
    if board.has_base(item_id):
        return board.base(item_id)
    for m in board.markers:
        if m.id == item_id:
            return m
    for t in board.terrain:
        if t.id == item_id:
            return t
    models = ", ".join(b.id for b in board.bases) or "(none)"
    markers = ", ".join(m.id for m in board.markers) or "(none)"
    terrain = ", ".join(t.id for t in board.terrain) or "(none)"
    raise GeometryError(
        f"There is nothing called {item_id!r} on the table; the models are: {models}; "
        f"the markers: {markers}; the terrain pieces: {terrain}."
    )


def distance(board: Board, a_id: str, b_id: str) -> float:
    """Edge-to-edge distance in cm between two things on ``board`` named by id (R-MEASURE).

    Ids may name models, markers or terrain pieces.

    Examples
    --------
    >>> board = Board(bases=(Base("a", 10, 10, 30),), markers=(Marker("m", 10, 20, 30),))
    >>> distance(board, "a", "m")
    7.0
    """
    return edge_distance(lookup(board, a_id), lookup(board, b_id))


def in_contact(a: Measurable, b: Measurable, tolerance_cm: float = CONTACT_TOLERANCE_CM) -> bool:
    """Whether the edges of ``a`` and ``b`` are within ``tolerance_cm`` (RUL-07, default 0.1 cm).

    The boundary counts: edges exactly 0.1 cm apart are in contact; overlapping shapes are
    in contact too.

    Examples
    --------
    >>> a = Base("a", 0, 0, 30)
    >>> in_contact(a, Base("b", 3.1, 0, 30))    # edges exactly 0.1 cm apart
    True
    >>> in_contact(a, Base("b", 3.11, 0, 30))   # 0.11 cm apart
    False
    >>> in_contact(a, Base("b", 3.11, 0, 30), tolerance_cm=0.2)
    True
    """
    if tolerance_cm < 0:
        raise GeometryError(f"A contact tolerance must be 0 cm or more; got {tolerance_cm} cm.")
    return edge_distance(a, b) <= tolerance_cm + _FLOAT_SLACK


def report_cm(x: float) -> float:
    """``x`` rounded to 0.1 cm, halves up, as distances are reported (RUL-07).

    Examples
    --------
    >>> report_cm(7.04), report_cm(7.05), report_cm(0.25), report_cm(12.0)
    (7.0, 7.1, 0.3, 12.0)
    """
    return math.floor(float(x) * 10.0 + 0.5 + _FLOAT_SLACK) / 10.0


MAX_RANGE_CM = 1000.0
"""The longest weapon range measured (10 m): far beyond any table, short of overflow."""


def range_band(distance_cm: float, weapon_range_cm: float) -> int:
    """The range band of a shot: 0 within the weapon's range (``<=``), +1 per further band (R-SHOOT).

    The distance is taken as reported, to 0.1 cm (PRJ-30): 10.04 cm reads 10.0 cm and is
    within a 10 cm range; 10.05 cm reads 10.1 cm and is not.

    Examples
    --------
    Shooting example 1 (pistol, range 10): "+1 under 10, 0 between 11 and 20, -1 between 21
    and 30, -2 between 31 and 40" - bands 0, 1, 2, 3; the boundaries belong to the lower band.

    >>> [range_band(d, 10) for d in (0, 10, 10.04, 10.05, 20, 20.1, 30, 35, 40, 40.1)]
    [0, 0, 0, 1, 1, 2, 2, 3, 3, 4]

    Shooting example 2: a lance (range 15) at 16 cm is one band out.

    >>> range_band(16, 15)
    1
    """
    if not weapon_range_cm > 0:
        raise GeometryError(f"A weapon range must be more than 0 cm to measure range bands; got {weapon_range_cm}.")
    if not math.isfinite(weapon_range_cm) or weapon_range_cm > MAX_RANGE_CM:
        raise GeometryError(f"A weapon range is at most {MAX_RANGE_CM:g} cm (a table is 60 cm wide); got {weapon_range_cm:g}.")
    if not math.isfinite(distance_cm):
        raise GeometryError(f"A distance must be a finite number of cm; got {distance_cm}.")
    if distance_cm < 0:
        raise GeometryError(f"A distance cannot be negative; got {distance_cm} cm.")
    # Whole tenths of a centimetre: integer arithmetic, so 20.0 / 10 never lands in band 2.
    tenths = round(report_cm(distance_cm) * 10)
    band_tenths = round(weapon_range_cm * 10)
    if band_tenths <= 0:
        raise GeometryError(f"A weapon range must be at least 0.1 cm; got {weapon_range_cm}.")
    return 0 if tenths <= 0 else (tenths - 1) // band_tenths


def range_modifier(distance_cm: float, weapon_range_cm: float, weapon_combat: int) -> int:
    """The weapon's Combat bonus minus one per band beyond its range (R-SHOOT).

    Examples
    --------
    >>> range_modifier(35, 10, 1)     # shooting example 1: pistol +1 at 35 cm
    -2
    >>> range_modifier(9.9, 10, 1)    # within range: the weapon's bonus
    1
    >>> range_modifier(16, 15, 1)     # shooting example 2: lance +1 at 16 cm gives +0
    0
    """
    return int(weapon_combat) - range_band(distance_cm, weapon_range_cm)


def nearest(board: Board, from_id: str, candidate_ids: Iterable[str]) -> tuple[str, ...]:
    """The candidates at the smallest edge distance from ``from_id`` (ties all returned).

    Distances within :data:`TIE_TOLERANCE_CM` (0.05 cm) of the smallest tie (RUL-08: the
    shooter then chooses). ``from_id`` itself is skipped; the result keeps the candidates'
    order.

    Examples
    --------
    >>> board = Board(bases=(Base("s", 0, 0, 30), Base("a", 10, 0, 30), Base("b", 0, 10.04, 30),
    ...                      Base("c", 0, -20, 30)))
    >>> nearest(board, "s", ["a", "b", "c"])
    ('a', 'b')
    >>> nearest(board, "s", [])
    ()
    """
    source = lookup(board, from_id)
    dists = [(cid, edge_distance(source, lookup(board, cid))) for cid in candidate_ids if cid != from_id]
    if not dists:
        return ()
    best = min(d for _, d in dists)
    return tuple(cid for cid, d in dists if d <= best + TIE_TOLERANCE_CM + _FLOAT_SLACK)
