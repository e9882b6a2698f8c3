"""SVG pictures of the table: a pure function from a board and query results to an SVG string.

:func:`render_board` draws the 60 x 60 cm table seen from above (the south edge, ``y = 0``,
at the bottom), a grid every 10 cm, terrain shaded by height (darker is taller; difficult
terrain hatched, open terrain outlined with a dashed line), bases coloured by side with
their ids, objective markers, and on top whatever query results it is given: a sight line
with an inset of the target's silhouette showing its hidden part, a move's path, a reach
region, a template with the models it hits, dodges. A side panel holds the legend and the
figures (distance, cover, hidden part, path length against the allowance).

The output is deterministic: no random ids, every number written with at most two
decimals, elements always in the same order, so a test may compare two renderings. Query
results are duck-typed (any object with the fields of
:class:`~landsraad.geometry.sight.CoverResult`,
:class:`~landsraad.geometry.movement.MoveResult` or
:class:`~landsraad.geometry.templates.DodgeResult` will do).

Examples
--------
>>> from landsraad.geometry.board import Base, Board, TerrainPiece
>>> board = Board(
...     terrain=(TerrainPiece("rock", ((20, 20), (30, 20), (30, 25), (20, 25)), height_cm=6),),
...     bases=(Base("a", 10, 10, 30, side="red"), Base("b", 40, 40, 30, side="blue")),
... )
>>> svg = render_board(board, title="Two models")
>>> svg.startswith('<?xml version="1.0" encoding="UTF-8"?>')
True
>>> import xml.etree.ElementTree as ET
>>> ET.fromstring(svg).tag
'{http://www.w3.org/2000/svg}svg'
>>> svg == render_board(board, title="Two models")
True
>>> table_to_svg(board, (0.0, 0.0)), table_to_svg(board, (60.0, 60.0))
((44.0, 652.0), (644.0, 52.0))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from shapely.geometry import GeometryCollection, LineString, MultiLineString, MultiPolygon, Polygon
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from .geometry.board import Base, Board, Marker, Point, TerrainPiece
from .geometry.measure import edge_distance
from .i18n import N_, _, decimal

__all__ = [
    "render_board",
    "table_to_svg",
    "side_colours",
    "terrain_fill",
    "SCALE",
    "SIDE_PALETTE",
    "FULL_DARK_HEIGHT_CM",
]

SCALE = 10.0
"""Pixels per centimetre of table."""

FULL_DARK_HEIGHT_CM = 12.0
"""Terrain this tall or taller gets the darkest shade."""

SIDE_PALETTE: tuple[str, ...] = ("#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#117a65", "#6e2c00", "#566573")
"""Side colours, given in order of first appearance (unless a side is named after a colour)."""

_NAMED_COLOURS = {
    "red": "#c0392b",
    "blue": "#2471a3",
    "green": "#1e8449",
    "orange": "#b9770e",
    "yellow": "#b7950b",
    "purple": "#7d3c98",
    "teal": "#117a65",
    "brown": "#6e2c00",
    "grey": "#566573",
    "gray": "#566573",
    "black": "#1c2833",
    "white": "#f8f9f9",
}
_NO_SIDE = "#7f8c8d"

# Layout, in pixels.
_TITLE_H = 30.0
_TOP = 52.0  # table top edge (room for the title and the "north" label)
_LEFT = 44.0  # table left edge (room for the "west" label and the y ticks)
_BOTTOM_ROOM = 44.0  # below the table: x ticks and the "south" label
_RIGHT_ROOM = 24.0  # right of the table: the "east" label
_PANEL_W = 300.0
_LINE_H = 15.0
_WRAP = 46  # characters per line in the panel

_SAND = "#f4e9cf"
_LOW = (0xE2, 0xD0, 0xA8)  # terrain shade at height 0
_HIGH = (0x3B, 0x2C, 0x20)  # at FULL_DARK_HEIGHT_CM and above
_SIGHT = "#1a5276"
_LEGAL = "#1e8449"
_ILLEGAL = "#c0392b"
_REGION = "#2e86c1"
_TEMPLATE = "#e67e22"
_HIT = "#e74c3c"
_HIGHLIGHT = "#f1c40f"
_DODGE = "#8e44ad"


# --- small formatting helpers -------------------------------------------------------------


def _n(value: float) -> str:
    """A number with at most two decimals, no trailing zeros, never ``-0``.

    >>> _n(1.0), _n(2.345), _n(-0.001), _n(10.10)
    ('1', '2.35', '0', '10.1')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _cm(value: float) -> str:
    """A distance for display, to 0.1 cm (RUL-07), in the decimals of the active language."""
    text = f"{value:.1f}"
    return decimal("0.0" if text == "-0.0" else text)


def _num(value: float) -> str:
    """:func:`_n` for a person to read (``2,5`` in French); coordinates stay :func:`_n`."""
    return decimal(_n(value))


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _tag(name: str, attrs: Mapping[str, Any], text: str | None = None) -> str:
    parts = [name]
    for key, value in attrs.items():
        if value is None:
            continue
        if isinstance(value, float):
            value = _n(value)
        parts.append(f'{key}="{_esc(str(value))}"')
    head = " ".join(parts)
    if text is None:
        return f"<{head}/>"
    return f"<{head}>{_esc(text)}</{name}>"


def _wrap(text: str, width: int = _WRAP) -> list[str]:
    """Greedy word wrap (panel lines)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            if line and len(line) + 1 + len(word) > width:
                lines.append(line)
                line = "  " + word
            else:
                line = f"{line} {word}" if line else word
        lines.append(line)
    return lines


# --- public helpers -----------------------------------------------------------------------


def table_to_svg(board: Board, point: Point, scale: float = SCALE) -> tuple[float, float]:
    """Picture coordinates (px) of a table point (cm): y is flipped so the south edge
    (``y = 0``) is at the bottom.

    >>> table_to_svg(Board(), (10.0, 0.0))
    (144.0, 652.0)
    """
    x, y = point
    return (_LEFT + float(x) * scale, _TOP + (board.depth - float(y)) * scale)


def side_colours(board: Board, overrides: Mapping[str, str] | None = None) -> dict[str, str]:
    """The colour of each side on the board, in order of first appearance.

    A side named after a colour (``red``, ``blue``, ...) gets that colour; the others take
    the unused palette colours in turn. ``overrides`` wins over both.

    >>> from landsraad.geometry.board import Base
    >>> side_colours(Board(bases=(Base("a", 5, 5, 30, side="fremen"), Base("b", 9, 9, 30, side="red"))))
    {'fremen': '#2471a3', 'red': '#c0392b'}
    """
    sides: list[str] = []
    for b in board.bases:
        if b.side is not None and b.side not in sides:
            sides.append(b.side)
    for m in board.markers:
        if m.owner is not None and m.owner not in sides:
            sides.append(m.owner)
    chosen: dict[str, str] = {}
    for s in sides:
        if overrides and s in overrides:
            chosen[s] = overrides[s]
        elif s.lower() in _NAMED_COLOURS:
            chosen[s] = _NAMED_COLOURS[s.lower()]
    free = [c for c in SIDE_PALETTE if c not in chosen.values()]
    out: dict[str, str] = {}
    for i, s in enumerate(sides):
        out[s] = chosen.get(s) or (free.pop(0) if free else SIDE_PALETTE[i % len(SIDE_PALETTE)])
    return out


def terrain_fill(height_cm: float) -> str:
    """The shade of terrain of this height: sand at 0, darker as it gets taller.

    >>> terrain_fill(0), terrain_fill(FULL_DARK_HEIGHT_CM), terrain_fill(100)
    ('#e2d0a8', '#3b2c20', '#3b2c20')
    >>> terrain_fill(3) != terrain_fill(6)
    True
    """
    t = min(max(height_cm / FULL_DARK_HEIGHT_CM, 0.0), 1.0)
    rgb = (round(lo + (hi - lo) * t) for lo, hi in zip(_LOW, _HIGH))
    return "#" + "".join(f"{c:02x}" for c in rgb)


def _is_dark(colour: str) -> bool:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b < 140


def _darker(colour: str, k: float = 0.6) -> str:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c * k):02x}" for c in (r, g, b))


# --- the picture --------------------------------------------------------------------------


@dataclass
class _Canvas:
    board: Board
    scale: float

    def xy(self, point: Point) -> tuple[float, float]:
        return table_to_svg(self.board, point, self.scale)

    def length(self, cm: float) -> float:
        return cm * self.scale

    def points(self, coords: Iterable[Point]) -> str:
        return " ".join(f"{_n(x)},{_n(y)}" for x, y in (self.xy(p) for p in coords))

    def ring_path(self, coords: Sequence[Point]) -> str:
        pts = [self.xy(p) for p in coords]
        if len(pts) > 1 and pts[0] == pts[-1]:
            pts = pts[:-1]
        head, *rest = pts
        return f"M{_n(head[0])} {_n(head[1])}" + "".join(f"L{_n(x)} {_n(y)}" for x, y in rest) + "Z"

    def geometry_path(self, geom: BaseGeometry) -> str:
        """An SVG path (even-odd fill) for the polygonal parts of a shapely geometry."""
        out: list[str] = []
        for poly in _polygons(geom):
            out.append(self.ring_path(_pairs(poly.exterior.coords)))
            out.extend(self.ring_path(_pairs(r.coords)) for r in poly.interiors)
        return "".join(out)


def _pairs(coords: Iterable[tuple[float, ...]]) -> list[Point]:
    """A shapely coordinate sequence as (x, y) points."""
    return [(c[0], c[1]) for c in coords]


def _polygons(geom: BaseGeometry | None) -> list[Polygon]:
    if geom is None or geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    if isinstance(geom, (MultiPolygon, GeometryCollection)):
        return [p for g in geom.geoms for p in _polygons(g)]
    return []


def _lines(geom: BaseGeometry | None) -> list[LineString]:
    if geom is None or geom.is_empty:
        return []
    if isinstance(geom, LineString):  # a LinearRing is one too
        return [geom]
    if isinstance(geom, (MultiLineString, GeometryCollection)):
        return [line for g in geom.geoms for line in _lines(g)]
    return []


def _defs() -> list[str]:
    return [
        "<defs>",
        '<pattern id="ls-hatch" patternUnits="userSpaceOnUse" width="7" height="7" patternTransform="rotate(45)">'
        '<line x1="0" y1="0" x2="0" y2="7" stroke="#5b4a2f" stroke-width="1.6"/></pattern>',
        '<marker id="ls-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
        f'orient="auto-start-reverse"><path d="M0 0L10 5L0 10Z" fill="{_SIGHT}"/></marker>',
        "</defs>",
    ]


def _label(x: float, y: float, text: str, *, anchor: str = "start", size: float = 11, weight: str | None = None,
           fill: str = "#1b1b1b", halo: bool = True) -> str:
    attrs: dict[str, Any] = {"x": x, "y": y, "font-size": float(size), "text-anchor": anchor, "fill": fill}
    if weight:
        attrs["font-weight"] = weight
    if halo:
        attrs.update({"stroke": "#ffffff", "stroke-width": 3.0, "stroke-linejoin": "round", "paint-order": "stroke"})
    return _tag("text", attrs, text)


def _table(c: _Canvas) -> list[str]:
    b = c.board
    x0, y0 = c.xy((0.0, b.depth))
    w, h = c.length(b.width), c.length(b.depth)
    out = ['<g class="table">', _tag("rect", {"x": x0, "y": y0, "width": w, "height": h, "fill": _SAND})]
    ticks_x = [float(v) for v in range(0, int(math.floor(b.width)) + 1, 10)]
    ticks_y = [float(v) for v in range(0, int(math.floor(b.depth)) + 1, 10)]
    for v in ticks_x:
        (xa, ya), (_xb, yb) = c.xy((v, 0.0)), c.xy((v, b.depth))
        out.append(_tag("line", {"x1": xa, "y1": ya, "x2": xa, "y2": yb, "stroke": "#cdbb92", "stroke-width": 0.8}))
        out.append(_label(xa, ya + 14, _n(v), anchor="middle", size=10, fill="#5d5340", halo=False))
    for v in ticks_y:
        (xa, ya), (xb, _yb) = c.xy((0.0, v)), c.xy((b.width, v))
        out.append(_tag("line", {"x1": xa, "y1": ya, "x2": xb, "y2": ya, "stroke": "#cdbb92", "stroke-width": 0.8}))
        out.append(_label(xa - 5, ya + 3.5, _n(v), anchor="end", size=10, fill="#5d5340", halo=False))
    out.append(_tag("rect", {"x": x0, "y": y0, "width": w, "height": h, "fill": "none", "stroke": "#6b5b3e",
                             "stroke-width": 1.5}))
    cx = x0 + w / 2
    out.append(_label(cx, y0 - 6, _("north"), anchor="middle", size=10, fill="#5d5340", halo=False))
    out.append(_label(cx, y0 + h + 32, _("south (y = 0)  -  x and y in cm"), anchor="middle", size=10, fill="#5d5340",
                      halo=False))
    out.append(_tag("text", {"x": x0 - 30, "y": y0 + h / 2, "font-size": 10.0, "fill": "#5d5340",
                             "text-anchor": "middle", "transform": f"rotate(-90 {_n(x0 - 30)} {_n(y0 + h / 2)})"},
                    _("west (x = 0)")))
    ex = x0 + w + 14
    out.append(_tag("text", {"x": ex, "y": y0 + h / 2, "font-size": 10.0, "fill": "#5d5340",
                             "text-anchor": "middle", "transform": f"rotate(90 {_n(ex)} {_n(y0 + h / 2)})"}, _("east")))
    out.append("</g>")
    return out


def _terrain(c: _Canvas, highlight: set[str]) -> list[str]:
    shapes = ['<g class="terrain">']
    for t in c.board.terrain:
        shapes.extend(_terrain_piece(c, t, t.id in highlight))
    shapes.append("</g>")
    return shapes


def _terrain_piece(c: _Canvas, t: TerrainPiece, highlighted: bool) -> list[str]:
    d = c.ring_path(t.polygon)
    fill = terrain_fill(t.height_cm)
    out: list[str] = []
    if t.movement == "blocked":
        out.append(_tag("path", {"d": d, "fill": fill, "stroke": "#2b2114", "stroke-width": 1.2}))
    elif t.movement == "difficult":
        out.append(_tag("path", {"d": d, "fill": fill, "fill-opacity": 0.75}))
        out.append(_tag("path", {"d": d, "fill": "url(#ls-hatch)", "stroke": "#5b4a2f", "stroke-width": 1.0}))
    else:  # open: walk through it; only its outline (and its height's shade, faintly) shows
        out.append(_tag("path", {"d": d, "fill": fill, "fill-opacity": 0.35, "stroke": "#2b2114",
                                 "stroke-width": 1.4, "stroke-dasharray": "5 3"}))
    if highlighted:
        out.append(_tag("path", {"d": d, "fill": "none", "stroke": _HIGHLIGHT, "stroke-width": 3.0}))
    return out


def _markers(c: _Canvas, colours: Mapping[str, str], highlight: set[str]) -> list[str]:
    shapes = ['<g class="markers">']
    for m in c.board.markers:
        x, y = c.xy(m.center)
        r = c.length(m.radius)
        stroke = colours.get(m.owner, "#333333") if m.owner else "#333333"
        shapes.append(_tag("circle", {"cx": x, "cy": y, "r": r, "fill": "#fdfefe", "fill-opacity": 0.85,
                                      "stroke": stroke, "stroke-width": 1.5, "stroke-dasharray": "3 2"}))
        k = r * 0.45
        shapes.append(_tag("path", {"d": f"M{_n(x)} {_n(y - k)}L{_n(x + k)} {_n(y)}L{_n(x)} {_n(y + k)}"
                                         f"L{_n(x - k)} {_n(y)}Z", "fill": stroke}))
        if m.id in highlight:
            shapes.append(_tag("circle", {"cx": x, "cy": y, "r": r + 4, "fill": "none", "stroke": _HIGHLIGHT,
                                          "stroke-width": 3.0}))
    shapes.append("</g>")
    return shapes


def _bases(c: _Canvas, colours: Mapping[str, str], highlight: set[str], hit: set[str]) -> list[str]:
    shapes = ['<g class="bases">']
    for b in c.board.bases:
        x, y = c.xy(b.center)
        r = c.length(b.radius)
        fill = colours.get(b.side, _NO_SIDE) if b.side else _NO_SIDE
        shapes.append(_tag("circle", {"cx": x, "cy": y, "r": r, "fill": fill, "fill-opacity": 0.9,
                                      "stroke": _darker(fill), "stroke-width": 1.2}))
        if b.id in hit:
            shapes.append(_tag("circle", {"cx": x, "cy": y, "r": r + 3, "fill": "none", "stroke": _HIT,
                                          "stroke-width": 3.0}))
        if b.id in highlight:
            shapes.append(_tag("circle", {"cx": x, "cy": y, "r": r + (7 if b.id in hit else 3.5), "fill": "none",
                                          "stroke": _HIGHLIGHT, "stroke-width": 2.5}))
    shapes.append("</g>")
    return shapes


Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in px


def _text_width(text: str, size: float, bold: bool = False) -> float:
    """Rough width in px of ``text`` in DejaVu Sans (enough to keep labels apart)."""
    return len(text) * size * (0.64 if bold else 0.58)


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


class _Placer:
    """Greedy label placement: each label takes the first of its candidate spots that overlaps
    no label placed before it, no base and stays on the table; else the least bad one.
    Deterministic (fixed candidate order, board order)."""

    def __init__(self, c: _Canvas):
        self.c = c
        x0, y0 = c.xy((0.0, c.board.depth))
        self.area: Box = (x0 - 2, y0 - 2, x0 + c.length(c.board.width) + 2, y0 + c.length(c.board.depth) + 2)
        self.placed: list[Box] = []
        self.discs: list[Box] = []
        items: list[Base | Marker] = [*c.board.bases, *c.board.markers]
        for item in items:
            x, y = c.xy(item.center)
            r = c.length(item.radius)
            self.discs.append((x - r, y - r, x + r, y + r))

    def cost(self, box: Box) -> float:
        over = sum(_overlap(box, p) for p in self.placed) * 4.0
        over += sum(_overlap(box, d) for d in self.discs)
        a = self.area
        inside = _overlap(box, a)
        over += ((box[2] - box[0]) * (box[3] - box[1]) - inside) * 2.0
        return over

    def place(self, candidates: Sequence[tuple[Box, Any]]) -> Any:
        """Pick among ``(box, payload)`` candidates; record the box; return the payload."""
        best, best_cost = candidates[0], math.inf
        for cand in candidates:
            cost = self.cost(cand[0])
            if cost < 1e-9:
                best = cand
                break
            if cost < best_cost:
                best, best_cost = cand, cost
        self.placed.append(best[0])
        return best[1]


def _spot(x: float, baseline: float, width: float, size: float, anchor: str) -> Box:
    left = x if anchor == "start" else (x - width if anchor == "end" else x - width / 2)
    return (left, baseline - size * 0.8, left + width, baseline + size * 0.25)


def _base_label(c: _Canvas, placer: _Placer, b: Base) -> str:
    """The id beside the base: upper right first, then the other sides."""
    x, y = c.xy(b.center)
    r = c.length(b.radius)
    size = 10.0
    w = _text_width(b.id, size, bold=True)
    spots = [
        (x + r + 3, y - r * 0.6, "start"),
        (x - r - 3, y - r * 0.6, "end"),
        (x + r + 3, y + r * 0.6 + 8, "start"),
        (x - r - 3, y + r * 0.6 + 8, "end"),
        (x, y - r - 4, "middle"),
        (x, y + r + 12, "middle"),
        (x + r + 3, y + 3.5, "start"),
        (x - r - 3, y + 3.5, "end"),
    ]
    lx, ly, anchor = placer.place([(_spot(sx, sy, w, size, a), (sx, sy, a)) for sx, sy, a in spots])
    return _label(lx, ly, b.id, anchor=anchor, size=size, weight="bold")


def _marker_label(c: _Canvas, placer: _Placer, m: Any) -> str:
    x, y = c.xy(m.center)
    r = c.length(m.radius)
    size = 9.5
    w = _text_width(m.id, size)
    spots = [(x, y + r + 11, "middle"), (x, y - r - 4, "middle"), (x + r + 3, y + 3.5, "start"),
             (x - r - 3, y + 3.5, "end")]
    lx, ly, anchor = placer.place([(_spot(sx, sy, w, size, a), (sx, sy, a)) for sx, sy, a in spots])
    return _label(lx, ly, m.id, anchor=anchor, size=size, fill="#333333")


def _terrain_label(c: _Canvas, placer: _Placer, t: TerrainPiece) -> list[str]:
    """Id and height inside the piece when they fit and nothing sits there; else beside it."""
    minx, miny, maxx, maxy = t.shape.bounds
    width = max(_text_width(t.id, 9.5), _text_width("h 00", 8.5))
    p = t.shape.representative_point()
    x, y = c.xy((p.x, p.y))
    inside_box = (x - width / 2, y - 9.0, x + width / 2, y + 12.0)
    fits = (c.length(maxx - minx) >= width + 4 and c.length(maxy - miny) >= 24 and t.shape.contains(p)
            and placer.cost(inside_box) < 1e-9)
    if fits:
        placer.placed.append(inside_box)
        dark = _is_dark(terrain_fill(t.height_cm)) and t.movement == "blocked"
        colour = "#ffffff" if dark else "#2b2114"
        return [_label(x, y - 1, t.id, anchor="middle", size=9.5, fill=colour, halo=not dark),
                _label(x, y + 9.5, _("h {height}").format(height=_num(t.height_cm)), anchor="middle", size=8.5, fill=colour, halo=not dark)]
    (left, top), (right, bottom) = c.xy((minx, maxy)), c.xy((maxx, miny))
    cx, cy = (left + right) / 2, (top + bottom) / 2
    spots = [(cx, bottom + 10, "middle"), (cx, top - 14, "middle"), (right + 4, cy, "start"), (left - 4, cy, "end")]
    cands = []
    for sx, sy, a in spots:
        box = _spot(sx, sy, width, 9.5, a)
        cands.append(((box[0], box[1], box[2], box[3] + 10), (sx, sy, a)))
    lx, ly, anchor = placer.place(cands)
    return [_label(lx, ly, t.id, anchor=anchor, size=9.5, fill="#2b2114"),
            _label(lx, ly + 10, _("h {height}").format(height=_num(t.height_cm)), anchor=anchor, size=8.5, fill="#2b2114")]


def _object_labels(c: _Canvas) -> list[str]:
    """Labels of bases, then markers, then terrain (placed in that order of importance)."""
    placer = _Placer(c)
    bases = [_base_label(c, placer, b) for b in c.board.bases]
    markers = [_marker_label(c, placer, m) for m in c.board.markers]
    terrain = [line for t in c.board.terrain for line in _terrain_label(c, placer, t)]
    return terrain + markers + bases


def _ghost(c: _Canvas, centre: Point, radius_cm: float, colour: str) -> str:
    x, y = c.xy(centre)
    return _tag("circle", {"cx": x, "cy": y, "r": c.length(radius_cm), "fill": colour, "fill-opacity": 0.15,
                           "stroke": colour, "stroke-width": 1.5, "stroke-dasharray": "4 3"})


def _region(c: _Canvas, region: BaseGeometry) -> list[str]:
    d = c.geometry_path(region)
    if not d:
        return []
    return ['<g class="region">', _tag("path", {"d": d, "fill": _REGION, "fill-opacity": 0.18, "fill-rule": "evenodd",
                                                "stroke": _REGION, "stroke-opacity": 0.7, "stroke-width": 1.2}), "</g>"]


def _shade(c: _Canvas, shade: Sequence[tuple[BaseGeometry, str]]) -> list[str]:
    paths = [_tag("path", {"d": d, "fill": colour, "fill-opacity": 0.55, "fill-rule": "evenodd", "stroke": "none"})
             for geometry, colour in shade if (d := c.geometry_path(geometry))]
    return ['<g class="shade">', *paths, "</g>"] if paths else []


def _template(c: _Canvas, shape: BaseGeometry) -> list[str]:
    out = ['<g class="template">']
    d = c.geometry_path(shape)
    if d:
        out.append(_tag("path", {"d": d, "fill": _TEMPLATE, "fill-opacity": 0.3, "fill-rule": "evenodd",
                                 "stroke": _TEMPLATE, "stroke-width": 2.0}))
    for line in _lines(shape):
        pts = c.points(_pairs(line.coords))
        out.append(_tag("polyline", {"points": pts, "fill": "none", "stroke": _TEMPLATE, "stroke-opacity": 0.45,
                                     "stroke-width": 9.0, "stroke-linecap": "round"}))
        out.append(_tag("polyline", {"points": pts, "fill": "none", "stroke": "#a04000", "stroke-width": 1.5}))
    if isinstance(shape, ShapelyPoint):  # a bare aiming point
        x, y = c.xy((shape.x, shape.y))
        out.append(_tag("circle", {"cx": x, "cy": y, "r": 3.0, "fill": "#a04000"}))
    out.append("</g>")
    return out


def _move(c: _Canvas, move: Any, colour: str, cls: str = "move") -> tuple[list[str], list[str]]:
    """A path drawn as a polyline from start to end, a ghost base at the end, its length."""
    out, texts = [f'<g class="{cls}">'], []
    model = getattr(move, "model", None)
    radius = c.board.base(model).radius if model and c.board.has_base(model) else 1.5
    path = tuple(getattr(move, "path", ()) or ())
    start = getattr(move, "start", None) or (path[0] if path else None)
    end = getattr(move, "end", None) or getattr(move, "to", None) or (path[-1] if path else None)
    if len(path) >= 2:
        out.append(_tag("polyline", {"points": c.points(path), "fill": "none", "stroke": colour, "stroke-width": 2.5,
                                     "stroke-linejoin": "round", "stroke-linecap": "round"}))
        corners = path[1:-1] if len(path) <= 6 else ()  # many points: an arc round a base, not corners
        for p in corners:  # where the base turns round an obstacle
            x, y = c.xy(p)
            out.append(_tag("circle", {"cx": x, "cy": y, "r": 2.5, "fill": colour}))
    elif start is not None and end is not None:  # no path found: show what was asked for
        (xa, ya), (xb, yb) = c.xy(start), c.xy(end)
        out.append(_tag("line", {"x1": xa, "y1": ya, "x2": xb, "y2": yb, "stroke": colour, "stroke-width": 2.0,
                                 "stroke-dasharray": "6 4"}))
    if end is not None:
        out.append(_ghost(c, end, radius, colour))
        length = getattr(move, "path_length_cm", None)
        if length is None:
            length = getattr(move, "shortest_cm", None)
        if length is not None and len(path) >= 2:
            # beyond the ghost, in the direction of travel: clear of the path and of the start
            (ax, ay), (bx, by) = path[-2], path[-1]
            norm = math.hypot(bx - ax, by - ay) or 1.0
            ux, uy = (bx - ax) / norm, (by - ay) / norm
            reach = radius + 1.6
            x, y = c.xy((bx + ux * reach, by + uy * reach))
            texts.append(_label(x, y + 3.5, f"{_cm(length)} cm", anchor="middle", size=10, weight="bold",
                                fill=colour))
    out.append("</g>")
    return out, texts


def _sight(c: _Canvas, sight: Any) -> list[str]:
    out = ['<g class="sight">']
    line = getattr(sight, "sight_line", None)
    if line is not None:
        (xa, ya), (xb, yb) = c.xy(line[0]), c.xy(line[1])
        out.append(_tag("line", {"x1": xa, "y1": ya, "x2": xb, "y2": yb, "stroke": _SIGHT, "stroke-width": 2.0,
                                 "marker-end": "url(#ls-arrow)"}))
        out.append(_tag("circle", {"cx": xa, "cy": ya, "r": 2.5, "fill": _SIGHT}))
    else:
        shooter, target = getattr(sight, "shooter", None), getattr(sight, "target", None)
        if shooter and target and c.board.has_base(shooter) and c.board.has_base(target):
            (xa, ya), (xb, yb) = c.xy(c.board.base(shooter).center), c.xy(c.board.base(target).center)
            out.append(_tag("line", {"x1": xa, "y1": ya, "x2": xb, "y2": yb, "stroke": _ILLEGAL, "stroke-width": 1.5,
                                     "stroke-dasharray": "6 4"}))
            mx, my = (xa + xb) / 2, (ya + yb) / 2
            out.append(_tag("path", {"d": f"M{_n(mx - 6)} {_n(my - 6)}L{_n(mx + 6)} {_n(my + 6)}"
                                          f"M{_n(mx - 6)} {_n(my + 6)}L{_n(mx + 6)} {_n(my - 6)}",
                                     "stroke": _ILLEGAL, "stroke-width": 2.5}))
    out += _cover_from(c, sight)
    out.append("</g>")
    return out


def _cover_from(c: _Canvas, sight: Any) -> list[str]:
    """Each obstacle the cover comes from, outlined in the sight colour and labelled "cover"."""
    out: list[str] = []
    for item_id in tuple(getattr(sight, "cover_from", ()) or ()):
        if c.board.has_base(item_id):
            b = c.board.base(item_id)
            x, y = c.xy(b.center)
            r = c.length(b.radius) + 3
            out.append(_tag("circle", {"class": "cover-from", "cx": x, "cy": y, "r": r, "fill": "none",
                                       "stroke": _SIGHT, "stroke-width": 1.5, "stroke-dasharray": "3 2"}))
            top = y - r
            cx = x
        else:
            pieces = [t for t in c.board.terrain if t.id == item_id]
            if not pieces:
                continue
            t = pieces[0]
            out.append(_tag("path", {"class": "cover-from", "d": c.ring_path(list(t.polygon)), "fill": "none",
                                     "stroke": _SIGHT, "stroke-width": 1.5, "stroke-dasharray": "3 2"}))
            pts = [c.xy(p) for p in t.polygon]
            cx = (min(p[0] for p in pts) + max(p[0] for p in pts)) / 2
            top = min(p[1] for p in pts)
        out.append(_label(cx, top - 3, _("cover: {item}").format(item=item_id), anchor="middle", size=9, fill=_SIGHT))
    return out


# --- the side panel -----------------------------------------------------------------------

_COVER_TEXT = {
    "none": N_("none (+0 defence)"),
    "small": N_("small cover (+2 defence)"),
    "large": N_("large cover (+4 defence)"),
    "no_line_of_sight": N_("no line of sight"),
}

_REASON_TEXT = {
    "too_far": N_("too far"),
    "no_room": N_("no room"),
    "off_table": N_("off table"),
    "destination_blocked": N_("destination blocked"),
}
"""Why a move is not legal (:class:`~landsraad.geometry.movement.MoveResult` ``reason``), as the panel says it."""


def _sight_figures(board: Board, sight: Any) -> list[str]:
    shooter, target = getattr(sight, "shooter", "?"), getattr(sight, "target", "?")
    lines = [_("Sight: {shooter} -> {target}").format(shooter=shooter, target=target)]
    if board.has_base(shooter) and board.has_base(target):
        gap = edge_distance(board.base(shooter), board.base(target))
        lines.append(_("Distance: {distance} cm edge to edge").format(distance=_cm(gap)))
    los = getattr(sight, "line_of_sight", None)
    if los is not None:
        lines.append(_("Line of sight: yes") if los else _("Line of sight: no"))
    hidden = getattr(sight, "hidden_fraction", None)
    if hidden is not None and los:
        err = getattr(sight, "error_bound", None)
        low = _pct(max(0.0, hidden - (err or 0.0)))
        span = _("{low} to {high}").format(low=low, high=_pct(hidden)) if low != _pct(hidden) else _pct(hidden)
        lines.append(_("Hidden: {span} % of the silhouette").format(span=span))
    cover = getattr(sight, "cover", None)
    if cover is not None:
        lines.append(_("Cover: {cover}").format(cover=_(_COVER_TEXT[cover]) if cover in _COVER_TEXT else str(cover)))
    sources = tuple(getattr(sight, "cover_from", ()) or ())
    if sources:
        lines.append((_("Hidden by: {sources}") if los is False else _("Cover from: {sources}")).format(sources=", ".join(sources)))
    borderline = getattr(sight, "borderline", None)
    if borderline is not None:
        if borderline:  # a steady answer says nothing here: the answer's own line says robust or fragile (issue 39)
            lines.append(_("Borderline: YES - within the error of a threshold"))
    return lines


def _pct(fraction: float) -> str:
    """A fraction as a percentage, to 0.1 (``0.3849`` -> ``38.5``)."""
    text = f"{fraction * 100:.1f}"
    return decimal(text[:-2] if text.endswith(".0") else text)


def _move_figures(move: Any) -> list[str]:
    model = getattr(move, "model", "?")
    end = getattr(move, "end", None)
    to = _(" to {point}").format(point=_("({x}, {y})").format(x=_num(end[0]), y=_num(end[1]))) if end is not None else ""
    lines = [_("Move: {model}{to}").format(model=model, to=to)]
    length = getattr(move, "path_length_cm", None)
    cost = getattr(move, "cost_cm", None)
    allowance = getattr(move, "allowance_cm", None)
    parts = []
    if length is not None and getattr(move, "path", None):
        parts.append(_("path {length} cm").format(length=_cm(length)))
        if cost is not None and abs(cost - length) > 1e-9:
            parts.append(_("(costs {cost} cm, difficult terrain x2)").format(cost=_cm(cost)))
    if allowance is not None:
        parts.append(_("/ allowance {allowance} cm").format(allowance=_cm(allowance)))
    if parts:
        lines.append(" ".join(parts))
    legal = getattr(move, "legal", None)
    if legal is not None:
        reason = getattr(move, "reason", None)
        why = _(_REASON_TEXT[str(reason)]) if str(reason) in _REASON_TEXT else str(reason).replace("_", " ")
        lines.append(_("Legal: yes") if legal else _("Legal: no ({reason})").format(reason=why))
    gap = getattr(move, "narrowest_gap_cm", None)
    if gap is not None:
        lines.append(_("Narrowest gap passed: {gap} cm").format(gap=_cm(gap)))
    return lines


_SIDE_WORDS = (N_("red"), N_("blue"))
"""The usual side names, in words (others are shown as written)."""


def _panel(board: Board, x0: float, *, colours: Mapping[str, str], sight: Any, moves: Sequence[Any], region: Any,
           band: Any, template_shape: Any, hit: Sequence[str], dodges: Sequence[Any], notes: Sequence[str],
           highlight: set[str]) -> tuple[list[str], float]:
    out = ['<g class="legend">']
    y = _TOP + 4

    def heading(text: str) -> None:
        nonlocal y
        out.append(_label(x0, y + 10, text, size=12, weight="bold", halo=False))
        y += _LINE_H + 4

    def entry(swatch: list[str], text: str) -> None:
        nonlocal y
        out.extend(swatch)
        out.append(_label(x0 + 30, y + 9.5, text, size=10.5, halo=False))
        y += _LINE_H

    def rect(**attrs: Any) -> list[str]:
        base = {"x": x0, "y": y, "width": 22.0, "height": 12.0}
        base.update(attrs)
        return [_tag("rect", base)]

    heading(_("Legend"))
    for side, colour in colours.items():
        entry([_tag("circle", {"cx": x0 + 11, "cy": y + 6, "r": 6.0, "fill": colour, "stroke": _darker(colour)})],
              _("side {side}").format(side=_(side) if side in _SIDE_WORDS else side))
    if any(b.side is None for b in board.bases):
        entry([_tag("circle", {"cx": x0 + 11, "cy": y + 6, "r": 6.0, "fill": _NO_SIDE})], _("no side"))
    kinds = {t.movement for t in board.terrain}
    if "blocked" in kinds:
        entry(rect(fill=terrain_fill(6), stroke="#2b2114"), _("impassable terrain"))
    if "difficult" in kinds:
        entry(rect(fill=terrain_fill(1), stroke="#5b4a2f") + rect(fill="url(#ls-hatch)"),
              _("difficult terrain (moves cost x2)"))
    if "open" in kinds:
        entry(rect(fill=terrain_fill(4), **{"fill-opacity": 0.35, "stroke": "#2b2114", "stroke-dasharray": "5 3"}),
              _("open terrain (blocks sight only)"))
    if board.terrain:
        steps = 6
        swatch = [_tag("rect", {"x": x0 + i * 22.0 / steps, "y": y, "width": 22.0 / steps + 0.3, "height": 12.0,
                                "fill": terrain_fill(FULL_DARK_HEIGHT_CM * i / (steps - 1))}) for i in range(steps)]
        entry(swatch, _("height 0 -> {most}+ cm (h = height)").format(most=_num(FULL_DARK_HEIGHT_CM)))
    if board.markers:
        entry([_tag("circle", {"cx": x0 + 11, "cy": y + 6, "r": 6.0, "fill": "#fdfefe", "stroke": "#333333",
                               "stroke-dasharray": "3 2"})], _("objective marker"))
    if sight is not None:
        entry([_tag("line", {"x1": x0, "y1": y + 6, "x2": x0 + 22, "y2": y + 6, "stroke": _SIGHT, "stroke-width": 2.0,
                             "marker-end": "url(#ls-arrow)"})], _("sight line (shooter -> target)"))
    if any(getattr(m, "legal", True) is not False for m in moves):
        entry([_tag("line", {"x1": x0, "y1": y + 6, "x2": x0 + 22, "y2": y + 6, "stroke": _LEGAL,
                             "stroke-width": 2.5})], _("legal path (ghost: end position)"))
    if any(getattr(m, "legal", True) is False for m in moves):
        entry([_tag("line", {"x1": x0, "y1": y + 6, "x2": x0 + 22, "y2": y + 6, "stroke": _ILLEGAL,
                             "stroke-width": 2.5})], _("illegal move (ghost: where it was going)"))
    if region is not None:
        entry(rect(fill=_REGION, **{"fill-opacity": 0.18, "stroke": _REGION}), _("reachable base centres"))
    if band is not None and not band.is_empty:
        entry(rect(fill="url(#ls-band-hatch)", **{"stroke": _REGION, "stroke-dasharray": "3 2"}),
              _("not settled (bound of work)"))
    if template_shape is not None:
        entry(rect(fill=_TEMPLATE, **{"fill-opacity": 0.3, "stroke": _TEMPLATE}), _("template"))
    if hit:
        entry([_tag("circle", {"cx": x0 + 11, "cy": y + 6, "r": 5.0, "fill": "none", "stroke": _HIT,
                               "stroke-width": 2.5})], _("model hit by the template"))
    if dodges:
        entry([_tag("line", {"x1": x0, "y1": y + 6, "x2": x0 + 22, "y2": y + 6, "stroke": _DODGE,
                             "stroke-width": 2.5})], _("shortest dodge out of the template"))
    if highlight:
        entry([_tag("circle", {"cx": x0 + 11, "cy": y + 6, "r": 5.0, "fill": "none", "stroke": _HIGHLIGHT,
                               "stroke-width": 2.5})], _("highlighted"))
    entry([_tag("line", {"x1": x0, "y1": y + 6, "x2": x0 + 22, "y2": y + 6, "stroke": "#cdbb92"})],
          _("grid: 10 cm"))

    figures: list[str] = []
    if sight is not None:
        figures += _sight_figures(board, sight)
    for m in moves:
        figures += _move_figures(m)
    if region is not None and hasattr(region, "area"):
        figures.append(_("Reach: {area} cm² of base-centre positions").format(area=decimal(f"{region.area:.1f}")))
    if template_shape is not None:
        figures.append(_("Hit: {models}").format(models=", ".join(hit)) if hit else _("Hit: nobody"))
    for d in dodges:
        if getattr(d, "possible", False):
            figures.append(_("Dodge: {model} needs {distance} cm to get out").format(model=d.model, distance=_cm(d.shortest_cm)))
        else:
            figures.append(_("Dodge: {model} cannot get out").format(model=d.model))
    figures += list(notes)
    if figures:
        y += 8
        heading(_("Figures"))
        for fig in figures:
            for line in _wrap(fig):
                indent = 10.0 if line.startswith("  ") else 0.0  # SVG collapses spaces: indent by position
                out.append(_label(x0 + indent, y + 10, line.strip(), size=10.5, halo=False))
                y += _LINE_H

    if sight is not None:
        inset, y = _silhouette_inset(board, sight, x0, y + 10)
        out += inset
    out.append("</g>")
    return out, y


def _silhouette_inset(board: Board, sight: Any, x0: float, y0: float) -> tuple[list[str], float]:
    """The target's silhouette (base diameter x model height) as the shooter sees it, the hidden part shaded.

    Draws ``sight.hidden_regions`` (polygons ``(s, z)`` in cm: ``s`` along the silhouette from
    its left end as the shooter sees it, ``z`` above the table) when given; else
    ``sight.hidden_intervals`` (``(start_cm, end_cm, hidden_share)`` strips, each shaded
    from the ground up to its share); else a bar of the hidden fraction.
    """
    target = getattr(sight, "target", None)
    if not target or not board.has_base(target):
        return [], y0
    base = board.base(target)
    ends = getattr(sight, "silhouette", None)
    width_cm = math.dist(ends[0], ends[1]) if ends else 2 * base.radius
    height_cm = getattr(sight, "silhouette_height_cm", None)
    height_cm = base.height_cm if height_cm is None else height_cm
    height_cm = max(height_cm, 0.1)
    box_w, box_h = 120.0, 80.0
    k = min(box_w / width_cm, box_h / height_cm)
    w, h = width_cm * k, height_cm * k
    out = [_label(x0, y0 + 10, _("Silhouette of {target}, as its shooter sees it").format(target=target), size=11, weight="bold",
                  halo=False)]
    top = y0 + 18
    left = x0 + 10
    out.append(_tag("rect", {"x": left, "y": top, "width": w, "height": h, "fill": "#ffffff", "stroke": "#333333",
                             "stroke-width": 1.2}))
    hidden = getattr(sight, "hidden_fraction", None)
    los = getattr(sight, "line_of_sight", True)
    shade = {"fill": "#555555", "fill-opacity": 0.75}
    regions = tuple(getattr(sight, "hidden_regions", ()) or ())
    intervals = tuple(getattr(sight, "hidden_intervals", ()) or ())
    exact = True
    if not los:
        out.append(_tag("rect", {"x": left, "y": top, "width": w, "height": h, **shade}))
    elif regions:
        for ring in regions:
            pts = " ".join(f"{_n(left + s * k)},{_n(top + h - z * k)}" for s, z in ring)
            out.append(_tag("polygon", {"points": pts, **shade}))
    elif intervals and any(item[2] > 0 for item in intervals):
        exact = False
        for a, b, share in intervals:
            if share > 0:
                out.append(_tag("rect", {"x": left + a * k, "y": top + (1 - share) * h, "width": (b - a) * k,
                                         "height": share * h, **shade}))
    elif hidden:
        exact = False
        out.append(_tag("rect", {"x": left, "y": top + (1 - hidden) * h, "width": w, "height": hidden * h, **shade}))
    pct = "100" if not los else (_pct(hidden) if hidden is not None else "?")
    out.append(_label(left + w + 10, top + h / 2 - 2, _("{pct} % hidden").format(pct=pct), size=12, weight="bold", halo=False))
    out.append(_label(left + w + 10, top + h / 2 + 12, _("{width} x {height} cm").format(width=_num(width_cm), height=_num(height_cm)),
                      size=10, fill="#555555", halo=False))
    note = _("shaded: hidden from every point of the shooter") if exact else _("shaded: hidden share (area only)")
    out.append(_label(x0, top + h + 14, note, size=9.5, fill="#555555", halo=False))
    return out, top + h + 20


_BAND_HATCH = ('<defs><pattern id="ls-band-hatch" patternUnits="userSpaceOnUse" width="5" height="5" '
               f'patternTransform="rotate(-45)"><line x1="0" y1="0" x2="0" y2="5" stroke="{_REGION}" stroke-width="1.2"/>'
               '</pattern></defs>')


def render_board(
    board: Board,
    *,
    title: str = "",
    sight: Any = None,
    move: Any = None,
    region: BaseGeometry | None = None,
    band: BaseGeometry | None = None,
    template: tuple[BaseGeometry, Sequence[str]] | None = None,
    highlight: Iterable[str] = (),
    labels: bool = True,
    legend: bool = True,
    notes: Sequence[str] = (),
    dodges: Sequence[Any] = (),
    colours: Mapping[str, str] | None = None,
    scale: float = SCALE,
    shade: Sequence[tuple[BaseGeometry, str]] = (),
) -> str:
    """Draw the table and the query results given, as an SVG document string.

    Parameters
    ----------
    board
        The table: terrain, bases, markers.
    title
        A line above the table (also the SVG ``<title>``).
    sight
        A :class:`~landsraad.geometry.sight.CoverResult` (or any object with its fields):
        draws the representative sight line shooter -> target (a dashed red cross when there
        is no line of sight), and in the panel the figures (distance, line of sight, hidden
        %, cover class, borderline) and an inset of the target's silhouette with its
        ``hidden_regions`` shaded (falling back on ``hidden_intervals``, then on the fraction).
    move
        A :class:`~landsraad.geometry.movement.MoveResult`, or a sequence of them: the path
        as a polyline (green if legal, red if not), a ghost base at the end, the path length;
        figures: length (cost over difficult terrain) against the allowance, legality.
    region
        A shapely geometry (e.g. :func:`~landsraad.geometry.movement.reach_region`), filled
        translucent blue.
    band
        A shapely geometry hatched over the region (the points a reach on a bound of work left
        not settled, :func:`~landsraad.geometry.movement.reach_bounded`).
    template
        ``(shape, hit_ids)``: a blast polygon or a direct-fire line, and the models it hits
        (ringed in red).
    highlight
        Ids of bases, markers or terrain pieces to ring in gold.
    labels
        Write ids next to bases, markers and terrain (placed greedily so they do not overlap
        each other or the bases, bases first).
    legend
        Draw the side panel (legend, figures, silhouette inset); without it the picture is
        just the table.
    notes
        Extra lines for the figures (wrapped to the panel).
    dodges
        :class:`~landsraad.geometry.templates.DodgeResult` objects: the shortest way out of the
        template, drawn in purple, and a figure each.
    colours
        Colours for some sides, overriding :func:`side_colours`.
    scale
        Pixels per cm.
    shade
        ``(geometry, colour)`` pairs filled under the bases (a threat map's cells, one
        geometry per level).

    Returns
    -------
    str
        A standalone SVG 1.1 document (UTF-8), identical for identical inputs.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> svg = render_board(Board(bases=(Base("a", 10, 10, 30),)), legend=False)
    >>> 'width="668"' in svg and '<circle cx="144" cy="552" r="15"' in svg
    True
    """
    highlight_set = set(highlight)
    moves: list[Any] = [] if move is None else (list(move) if isinstance(move, (list, tuple)) else [move])
    template_shape, hit = (template[0], tuple(template[1])) if template is not None else (None, ())
    colours_map = side_colours(board, colours)
    c = _Canvas(board, scale)

    table_w, table_h = c.length(board.width), c.length(board.depth)
    width = _LEFT + table_w + _RIGHT_ROOM + (_PANEL_W if legend else 0.0)
    height = _TOP + table_h + _BOTTOM_ROOM

    body: list[str] = []
    body += _table(c)
    body += _terrain(c, highlight_set)
    body += _shade(c, shade)
    if region is not None:
        body += _region(c, region)
    if band is not None and (d := c.geometry_path(band)):
        # its own hatch (the region's blue, the other way from difficult ground's), defined here:
        # pictures without a band keep their bytes
        body += ['<g class="band">', _BAND_HATCH,
                 _tag("path", {"d": d, "fill": "url(#ls-band-hatch)", "fill-rule": "evenodd", "stroke": _REGION,
                               "stroke-opacity": 0.7, "stroke-width": 0.8, "stroke-dasharray": "3 2"}), "</g>"]
    if template_shape is not None:
        body += _template(c, template_shape)
    body += _markers(c, colours_map, highlight_set)
    body += _bases(c, colours_map, highlight_set, set(hit))
    path_texts: list[str] = []
    for d in dodges:
        if getattr(d, "possible", False) and getattr(d, "to", None) is not None:
            shapes, texts = _move(c, d, _DODGE, "dodge")
            body += shapes
            path_texts += texts
    for m in moves:
        shapes, texts = _move(c, m, _LEGAL if getattr(m, "legal", True) else _ILLEGAL)
        body += shapes
        path_texts += texts
    if sight is not None:
        body += _sight(c, sight)
    object_texts = _object_labels(c) if labels else []
    body += ['<g class="labels">'] + object_texts + path_texts + ["</g>"]
    if legend:
        panel, panel_bottom = _panel(board, _LEFT + table_w + _RIGHT_ROOM + 10, colours=colours_map, sight=sight,
                                     moves=moves, region=region, band=band, template_shape=template_shape, hit=hit,
                                     dodges=dodges, notes=notes, highlight=highlight_set)
        body += panel
        height = max(height, panel_bottom + 16)
    if title:
        body.append(_label(_LEFT, _TITLE_H - 8, title, size=15, weight="bold", halo=False))

    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        _tag("svg", {"xmlns": "http://www.w3.org/2000/svg", "version": "1.1", "width": _n(width),
                     "height": _n(height), "viewBox": f"0 0 {_n(width)} {_n(height)}",
                     "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif"})[:-2] + ">",
        _tag("title", {}, title or _("Landsraad table")),
        *_defs(),
        _tag("rect", {"x": 0.0, "y": 0.0, "width": width, "height": height, "fill": "#ffffff"}),
    ]
    return "\n".join(head + body + ["</svg>", ""])
