"""A lean reading of plain scene files, without pydantic or the data model (issue 39's start-up budget).

:func:`landsraad.scene.load_scene` validates a scene into pydantic models; importing pydantic, the
data model and building their schemas costs a table command about as much CPU as numpy and shapely
together, on the first question about a scene file. Most scene files are plain: terrain written as
polygons, circles or rectangles, models with a base (no profile card, no weapons, no warband list),
markers. :func:`plain_board` reads such a file's parsed data (:func:`landsraad.documents.parse_document`)
and returns its board and each model's Movement **only when the file is certainly valid**: it makes
every check the validating loader makes (the same types and bounds, ids, footprints, everything on
the table, bases on no impassable piece and overlapping nothing, sides on distinct edges), but it
says nothing about a problem. On anything it does not read (a profile, a kit piece, a warband list,
a value of another type than the plain one) or any problem, it returns None and the caller asks the
validating loader, which reports every problem in its words. So an answer read this way is always
the validating loader's answer, and a bad file is always reported as before
(``tests/test_scene_lean.py`` checks both on every bundled and test scene and on mutated ones).

The footprints of circles and rectangles and the scene's limits are defined here once and read by
:mod:`landsraad.scene` too.

Examples
--------
>>> board, movement, _ = plain_board({"models": [{"id": "a", "at": [10, 10], "base": 30, "movement": 8}]})
>>> board.base("a").radius, movement
(1.5, {'a': 8.0})
>>> plain_board({"models": [{"id": "a", "at": [10, 10], "base": 30, "colour": "red"}]}) is None
True
>>> plain_board({"models": [{"id": "a", "at": [10, 10], "profile": "corrino/soldier"}]}) is None
True
"""

from __future__ import annotations

import math
import re
from typing import Any, Callable, Iterable, Sequence

import shapely
from shapely.geometry import Point as _ShapelyPoint
from shapely.geometry import Polygon

from .geometry.board import DEFAULT_MODEL_HEIGHT_CM, Base, Board, Marker, TerrainMovement, TerrainPiece

__all__ = ["plain_board", "french_names", "turned", "circle_corners", "rect_corners", "ID_PATTERN", "SLACK", "MAX_MODELS", "MAX_TERRAIN",
           "MAX_MARKERS", "MAX_CORNERS", "MAX_SCENE_CORNERS", "EDGES", "TERRAIN_MOVEMENT"]

ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$"
"""An id: a letter or digit, then letters, digits, ``_``, ``.`` or ``-``."""
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]*")
SLACK = 1e-9
"""cm: floating-point slack for "touching is not overlapping"."""

MAX_MODELS = 1_000
"""The most models a scene may hold (a 60 x 60 cm table holds at most 400 bases of 30 mm)."""
MAX_TERRAIN = 200
"""The most terrain pieces a scene may hold (a real table has a dozen or two)."""
MAX_MARKERS = 200
"""The most markers a scene may hold."""
MAX_CORNERS = 1_000
"""The most corners of one terrain polygon (a round piece written out by hand needs a few dozen)."""
MAX_SCENE_CORNERS = 10_000
"""The most polygon corners of all the terrain pieces together."""

EDGES = ("south", "north", "west", "east")
"""The table's edges a side may deploy on (R-DEPLOY)."""
TERRAIN_MOVEMENT = ("blocked", "difficult", "open")
"""How a terrain piece affects movement."""

_TOP = {"name", "description", "source", "table", "terrain", "models", "markers", "edges"}
_TERRAIN = {"id", "polygon", "kit", "at", "rotate", "circle", "rect", "height", "movement", "name", "name_fr"}
_MODEL = {"id", "at", "base", "height", "side", "movement", "name", "name_fr", "standing_on", "profile", "weapons"}

Card = Callable[[str], "tuple[float, float | None, float, tuple[str, ...]] | None"]
"""A profile card's base (mm), height (cm, None: the default), Movement (cm) and arsenal (the weapon ids a model
of it may carry) from ``FACTION/TYPE``; None when it cannot be vouched for (then the validating loader answers)."""
KitPieceFacts = Callable[[str], "tuple[tuple[tuple[float, float], ...], float, str] | None"]
"""A kit piece's footprint around its centre, height and movement from ``KIT/PIECE``; None likewise."""


def _none(ref: str) -> None:
    return None
_MARKER = {"id", "at", "size", "owner", "mission"}


def turned(points: Iterable[tuple[float, float]], degrees: float, at: tuple[float, float]) -> list[tuple[float, float]]:
    """``points`` (around the origin) turned ``degrees`` anticlockwise, then moved to ``at`` (rounded to 1e-9 cm).

    >>> turned([(1.0, 0.0)], 90, (10.0, 10.0))
    [(10.0, 11.0)]
    """
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return [(round(at[0] + x * c - y * s, 9), round(at[1] + x * s + y * c, 9)) for x, y in points]


def circle_corners(at: tuple[float, float], radius: float) -> tuple[tuple[float, float], ...]:
    """A circle's footprint: a polygon of 64 sides inside it (rounded to 1e-9 cm).

    >>> len(circle_corners((30.0, 30.0), 3.0))
    64
    """
    ring = _ShapelyPoint(*at).buffer(radius, quad_segs=16).exterior.coords
    return tuple((round(x, 9), round(y, 9)) for x, y in list(ring)[:-1])


def rect_corners(at: tuple[float, float], size: tuple[float, float], rotate: float) -> tuple[tuple[float, float], ...]:
    """A rectangle's footprint: centre ``at``, ``size`` [width, depth], turned ``rotate`` degrees anticlockwise."""
    w, d = size[0] / 2, size[1] / 2
    return tuple(turned([(-w, -d), (w, -d), (w, d), (-w, d)], rotate, at))


class _NotPlain(Exception):
    """Internal: the file is not one :func:`plain_board` reads, or it has a problem."""


def _number(value: Any, *, low: float | None = None, above: float | None = None) -> float:
    """A finite int or float (never a bool, never text), at least ``low`` / more than ``above``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _NotPlain
    x = float(value)  # an int past float's range raises OverflowError: the parser bounds ints to 2**63
    if not math.isfinite(x) or (low is not None and x < low) or (above is not None and x <= above):
        raise _NotPlain
    return x


def _point(value: Any) -> tuple[float, float]:
    if not isinstance(value, list) or len(value) != 2:
        raise _NotPlain
    return _number(value[0]), _number(value[1])


def _text(value: Any) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise _NotPlain


def _french_name(value: Any) -> str | None:
    """A ``name_fr`` as :data:`landsraad.model.FrenchName` takes it: one line of text without spaces at its ends."""
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip() or value != value.strip() or "\n" in value:
        raise _NotPlain
    return value


def _mapping(value: Any, keys: set[str]) -> dict[str, Any]:
    if not isinstance(value, dict) or not set(value) <= keys:
        raise _NotPlain
    return value


def _items(data: dict[str, Any], key: str, most: int) -> list[Any]:
    items = data.get(key)
    if items is None:
        return []
    if not isinstance(items, list) or len(items) > most:
        raise _NotPlain
    return items


def _id(item: dict[str, Any]) -> str:
    value = item.get("id")
    if not isinstance(value, str) or _ID.fullmatch(value) is None:
        raise _NotPlain
    return value


def _terrain(item: Any, kit_piece: KitPieceFacts) -> TerrainPiece:
    t = _mapping(item, _TERRAIN)
    piece_id = _id(t)
    given = [k for k in ("polygon", "kit", "circle", "rect") if t.get(k) is not None]
    if len(given) != 1:
        raise _NotPlain
    kit = None
    if given[0] == "kit":
        if not isinstance(t["kit"], str) or t.get("at") is None:
            raise _NotPlain
        kit = kit_piece(t["kit"])
        if kit is None:
            raise _NotPlain
        rotate = _number(t["rotate"]) if t.get("rotate") is not None else 0.0
        corners: tuple[tuple[float, float], ...] = tuple(turned(kit[0], rotate, _point(t["at"])))
    elif t.get("at") is not None or t.get("rotate") is not None:
        raise _NotPlain  # at and rotate go with kit
    elif given[0] == "polygon":
        polygon = t["polygon"]
        if not isinstance(polygon, list) or len(polygon) > MAX_CORNERS:
            raise _NotPlain
        corners = tuple(_point(p) for p in polygon)
        if len(corners) < 3:
            raise _NotPlain
    elif given[0] == "circle":
        circle = _mapping(t["circle"], {"at", "radius"})
        if "at" not in circle or "radius" not in circle:
            raise _NotPlain
        corners = circle_corners(_point(circle["at"]), _number(circle["radius"], above=0.0))
    else:
        rect = _mapping(t["rect"], {"at", "size", "rotate"})
        if "at" not in rect or "size" not in rect or not isinstance(rect["size"], list) or len(rect["size"]) != 2:
            raise _NotPlain
        size = (_number(rect["size"][0], above=0.0), _number(rect["size"][1], above=0.0))
        rotate = _number(rect["rotate"]) if rect.get("rotate") is not None else 0.0
        corners = rect_corners(_point(rect["at"]), size, rotate)
    height = _number(t["height"], low=0.0) if t.get("height") is not None else (kit[1] if kit else 0.0)
    movement: TerrainMovement = "blocked"
    if kit is not None and kit[2] in TERRAIN_MOVEMENT:
        movement = kit[2]  # type: ignore[assignment]  # one of the three, checked
    elif kit is not None:
        raise _NotPlain
    if t.get("movement") is not None:
        if t["movement"] not in TERRAIN_MOVEMENT:
            raise _NotPlain
        movement = t["movement"]
    _text(t.get("name"))
    _french_name(t.get("name_fr"))
    return TerrainPiece(piece_id, corners, height, movement)


def _model(item: Any, card: Card) -> tuple[Base, float | None, str | None, str | None]:
    m = _mapping(item, _MODEL)
    model_id = _id(m)
    if "at" not in m:
        raise _NotPlain
    x, y = _point(m["at"])
    profile = _text(m.get("profile"))
    facts = card(profile) if profile is not None else None
    if profile is not None and facts is None:
        raise _NotPlain
    weapons = m.get("weapons")
    if weapons is not None and (facts is None or not isinstance(weapons, list)
                                or not all(isinstance(w, str) and w in facts[3] for w in weapons)):
        raise _NotPlain  # weapons need a profile, and each must be in its arsenal
    base = _number(m.get("base"), above=0.0) if m.get("base") is not None or facts is None else facts[0]
    if m.get("height") is not None:
        height = _number(m["height"], low=0.0)
    else:
        height = facts[1] if facts is not None and facts[1] is not None else DEFAULT_MODEL_HEIGHT_CM
    if m.get("movement") is not None:
        movement: float | None = _number(m["movement"], low=0.0)
    else:
        movement = facts[2] if facts is not None else None
    side = _text(m.get("side"))
    _text(m.get("name"))
    _french_name(m.get("name_fr"))
    return Base(model_id, x, y, base, height, side), movement, _text(m.get("standing_on")), profile


def _marker(item: Any) -> Marker:
    k = _mapping(item, _MARKER)
    marker_id = _id(k)
    if "at" not in k:
        raise _NotPlain
    x, y = _point(k["at"])
    size = k.get("size", 30)
    if isinstance(size, bool) or not isinstance(size, int) or size not in (30, 50):
        raise _NotPlain
    _text(k.get("mission"))
    return Marker(marker_id, x, y, float(size), _text(k.get("owner")))


def _overlap(items: Sequence[tuple[float, float, float]]) -> bool:
    """Whether two of the discs ``(x, y, radius)`` overlap (touching is not overlapping); sorted by x."""
    order = sorted(items, key=lambda d: d[0] - d[2])
    big = max((d[2] for d in items), default=0.0)
    for n, (x, y, r) in enumerate(order):
        reach = x + r + big
        for x2, y2, r2 in order[n + 1:]:
            if x2 - r2 > reach:
                break
            if math.hypot(x - x2, y - y2) < r + r2 - SLACK:
                return True
    return False


def _check(data: Any, card: Card, kit_piece: KitPieceFacts) -> tuple[Board, dict[str, float | None], dict[str, str | None]]:
    top = _mapping(data, _TOP)
    _text(top.get("name"))
    _text(top.get("description"))
    if "source" in top and top["source"] not in ("rulebook", "project"):
        raise _NotPlain
    width = depth = 60.0
    if "table" in top:
        table = _mapping(top["table"], {"width", "depth"})
        width = _number(table["width"], above=0.0) if "width" in table else 60.0
        depth = _number(table["depth"], above=0.0) if "depth" in table else 60.0
    raw_terrain = _items(top, "terrain", MAX_TERRAIN)
    if sum(len(t["polygon"]) for t in raw_terrain if isinstance(t, dict) and isinstance(t.get("polygon"), list)) > MAX_SCENE_CORNERS:
        raise _NotPlain
    terrain = [_terrain(t, kit_piece) for t in raw_terrain]
    models = [_model(m, card) for m in _items(top, "models", MAX_MODELS)]
    markers = [_marker(k) for k in _items(top, "markers", MAX_MARKERS)]
    edges = top.get("edges")
    if edges is not None:
        if not isinstance(edges, dict) or any(e not in EDGES for e in edges.values()) or len(set(edges.values())) != len(edges):
            raise _NotPlain
    ids = [t.id for t in terrain] + [b.id for b, _, _, _ in models] + [k.id for k in markers]
    if len(set(ids)) != len(ids):
        raise _NotPlain
    # footprints: at least 3 distinct corners, an area, a simple outline, on the table
    box = shapely.box(0.0, 0.0, width, depth).buffer(SLACK)
    shapes: dict[str, Polygon] = {}
    for t in terrain:
        if len(set(t.polygon)) < 3:
            raise _NotPlain
        poly = Polygon(t.polygon)
        if poly.convex_hull.area <= 1e-9 or not poly.is_valid or poly.area <= 1e-9 or not box.covers(poly):
            raise _NotPlain
        shapes[t.id] = poly

    def off_table(x: float, y: float, r: float) -> bool:
        return x - r < -SLACK or y - r < -SLACK or x + r > width + SLACK or y + r > depth + SLACK

    by_id = {t.id: t for t in terrain}
    for b, _, standing_on, _ in models:
        r = b.diameter_mm / 20.0
        if off_table(b.x, b.y, r):
            raise _NotPlain
        c = _ShapelyPoint(b.x, b.y)
        if standing_on is not None:
            under = by_id.get(standing_on)
            if under is None or under.movement != "blocked" or under.height_cm <= 0 or not shapes[under.id].covers(c):
                raise _NotPlain
        for t in terrain:
            if t.movement == "blocked" and t.id != standing_on:
                if shapes[t.id].contains(c) or shapes[t.id].distance(c) < r - SLACK:
                    raise _NotPlain
    if _overlap([(b.x, b.y, b.diameter_mm / 20.0) for b, _, _, _ in models]):
        raise _NotPlain
    for k in markers:
        if off_table(k.x, k.y, k.size_mm / 20.0):
            raise _NotPlain
    if _overlap([(k.x, k.y, k.size_mm / 20.0) for k in markers]):
        raise _NotPlain
    board = Board(width, depth, tuple(terrain), tuple(b for b, _, _, _ in models), tuple(markers))
    return board, {b.id: movement for b, movement, _, _ in models}, {b.id: profile for b, _, _, profile in models}


def plain_board(data: Any, *, card: Card = _none, kit_piece: KitPieceFacts = _none
                ) -> tuple[Board, dict[str, float | None], dict[str, str | None]] | None:
    """The board of a plain, valid scene file's parsed data, each model's Movement (None when it has none)
    and profile (``FACTION/TYPE`` or None); None when the file is not plain (a profile or kit piece ``card``
    or ``kit_piece`` cannot vouch for, warband lists, other types than the plain ones) or has any
    problem: then only the validating loader (:func:`landsraad.scene.load_scene`) may answer, and it says
    what is wrong.

    Parameters
    ----------
    data
        The parsed file (:attr:`landsraad.documents.Document.data`).
    card, kit_piece
        The facts of a profile card and of a kit piece, from data validated before (the bundled sheets
        and kits, :mod:`landsraad.table.leandata`); by default none, so a scene naming one is left to the
        validating loader.
    """
    try:
        return _check(data, card, kit_piece)
    except (_NotPlain, OverflowError):
        return None


def french_names(data: Any, *, kit_name: Callable[[str], str | None] = _none) -> dict[str, str]:
    """The French names (``name_fr``) of the terrain pieces and models of a scene file's parsed data, by id: what the
    table's answers show a French reader in place of the ids (which stay what a command line and the JSON use).
    A kit piece without one takes its kit's (``kit_name`` of ``KIT/PIECE``). Read from data :func:`plain_board`
    (or the validating loader) has found valid; anything else is skipped.

    >>> french_names({"models": [{"id": "warrior-1", "at": [5, 5], "base": 30, "name_fr": "Guerrier 1"}]})
    {'warrior-1': 'Guerrier 1'}
    """
    names: dict[str, str] = {}
    if not isinstance(data, dict):
        return names
    for key in ("terrain", "models"):
        items = data.get(key)
        for item in items if isinstance(items, list) else ():
            if not isinstance(item, dict) or not isinstance(item.get("id"), str):
                continue
            name = item.get("name_fr")
            if name is None and key == "terrain" and isinstance(item.get("kit"), str):
                name = kit_name(item["kit"])
            if isinstance(name, str):
                names[item["id"]] = name
    return names
