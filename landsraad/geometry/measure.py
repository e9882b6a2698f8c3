"""Measuring on the table: base-edge distances, contact, range bands and the nearest model.

R-MEASURE: ranges and distances are measured base edge to base edge. RUL-07: two bases are in
contact when their edges are within 0.1 cm (the default ``tolerance_cm``), and distances are
reported to 0.1 cm. Everything here is pure geometry; the range bands (:func:`range_band`,
:func:`range_modifier`, :func:`report_cm`) live in :mod:`.bands` (plain arithmetic, no shapely: the
shooting rule reads them without loading the table's geometry) and are re-exported here.

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
from ..i18n import message, numeral
from ..wording import describe_range_band
from .bands import MAX_RANGE_CM, range_band, range_modifier, report_cm
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
    "MAX_RANGE_CM",
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
    models = ", ".join(b.id for b in board.bases) or message("(none)")
    markers = ", ".join(m.id for m in board.markers) or message("(none)")
    terrain = ", ".join(t.id for t in board.terrain) or message("(none)")
    raise GeometryError(message("There is nothing called {item} on the table; the models are: {models}; the markers: {markers}; "
                                "the terrain pieces: {terrain}.", item=repr(item_id), models=models, markers=markers, terrain=terrain))


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
        raise GeometryError(message("A contact tolerance must be 0 cm or more; got {tolerance} cm.", tolerance=numeral(tolerance_cm)))
    return edge_distance(a, b) <= tolerance_cm + _FLOAT_SLACK


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
