"""Drawing what lies on the table: the table, its ticks, terrain, markers, bases (labels, wounds,
fatigue, the active ring), the overlays, a replay step and the hover card.

:class:`Artist` is the drawing half of :class:`~landsraad.viewer.app.Viewer` (the other half
handles the window's events, the layers and the panel): each ``_draw_*`` method builds the
pyglet shapes and labels of one layer into the viewer's single :class:`pyglet.graphics.Batch`,
from table centimetres through the viewer's :class:`~landsraad.viewer.camera.Camera`. Every
number drawn comes from :mod:`landsraad.geometry` through :mod:`.overlays`.
"""

from __future__ import annotations

import math
from abc import abstractmethod
from typing import Any, Callable, Literal, Sequence

import pyglet

# No hidden "shadow" window at import (as in app.py: whichever is imported first sets it).
pyglet.options["shadow_window"] = False

import shapely  # noqa: E402
from pyglet import shapes  # noqa: E402 - after the option above
from pyglet.graphics import Batch, Group  # noqa: E402
from shapely.geometry import LineString, Polygon  # noqa: E402
from shapely.geometry.base import BaseGeometry  # noqa: E402

from ..errors import LandsraadError  # noqa: E402
from ..geometry.board import Board, TerrainPiece  # noqa: E402
from ..geometry.templates import BLAST_RADIUS_CM  # noqa: E402
from ..i18n import SOURCE_LANGUAGE, _, decimal, language, localized, ngettext  # noqa: E402
from ..missions import marker_name_fr  # noqa: E402
from ..play.session import sentence  # noqa: E402
from ..svg import side_colours, terrain_fill  # noqa: E402
from .camera import Camera  # noqa: E402
from .modes import EditMode, ReplayMode  # noqa: E402
from .overlays import (  # noqa: E402
    SightOverlay,
    TemplateOverlay,
    blast_overlay,
    describe_move,
    direct_overlay,
    move_overlay,
    nudges,
    reach_overlay,
    sight_overlay,
)
from .pieces import card_labels  # noqa: E402
from .playing import PlayMode  # noqa: E402
from .timeline import StepOverlay  # noqa: E402

__all__ = ["Artist", "DEFAULT_MOVEMENT_CM", "SAND", "rgb", "short_label", "short_labels"]

DEFAULT_MOVEMENT_CM = 10.0
"""The allowance of a model whose scene gives no Movement (most profile cards move 10 cm)."""

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
"""The colours pyglet's shapes take: opaque, and with an alpha channel."""
AnchorX = Literal["left", "center", "right"]
AnchorY = Literal["top", "bottom", "center", "baseline"]


SAND: RGB = (236, 222, 190)
_GRID: RGB = (214, 198, 160)
_SIGHT: RGB = (26, 82, 118)
_NO_SIGHT: RGB = (192, 57, 43)
_REACH: RGB = (46, 134, 193)
_LEGAL: RGB = (30, 132, 73)
_ILLEGAL: RGB = (192, 57, 43)
_TEMPLATE: RGB = (230, 126, 34)
_HIT: RGB = (231, 76, 60)
_SELECT: RGB = (241, 196, 15)
_NEUTRAL: RGB = (127, 140, 141)
_ACTIVE: RGB = (255, 255, 255)
_WOUND: RGB = (200, 20, 20)
_FATIGUE: RGB = (30, 30, 30)
_MARKER_FILL: RGB = (253, 254, 254)
_MARKER_INK: RGB = (51, 51, 51)
_TICK: RGB = (90, 70, 40)
_WOUND_DOTS = {"none": 0, "light": 1, "grave": 2, "fatal": 3}


def rgb(colour: str) -> RGB:
    """``#rrggbb`` as an (r, g, b) tuple.

    >>> rgb("#c0392b")
    (192, 57, 43)
    """
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def _marker_label(marker_id: str) -> str:
    """A marker's label: its id without the side's name (the rim's colour says it), dashes as spaces.

    >>> _marker_label("blue-activation-terminal-3"), _marker_label("obj-1")
    ('activation terminal 3', 'obj 1')
    """
    if language() != SOURCE_LANGUAGE and (french := marker_name_fr(marker_id)):  # its card's name_fr (issue 40)
        return french
    words = marker_id.split("-")
    if len(words) > 2 and words[0] in ("red", "blue"):
        words = words[1:]
    return " ".join(words)


def short_labels(model_ids: Sequence[str]) -> dict[str, str]:
    """Short labels, unique on the table: :func:`short_label`, longer where two would be equal.

    >>> short_labels(["red-soldier-1", "red-scout-1", "red-2"])
    {'red-soldier-1': 'rso1', 'red-scout-1': 'rsc1', 'red-2': 'r2'}
    """
    labels = {m: short_label(m) for m in model_ids}
    groups: dict[str, list[str]] = {}
    for m, text in labels.items():
        groups.setdefault(text, []).append(m)
    for same in groups.values():
        if len(same) < 2:
            continue
        for k in (2, 3, 4, 100):
            longer = {m: _initials(m, k) for m in same}
            if len(set(longer.values())) == len(same):
                labels.update(longer)
                break
    return labels


def _initials(model_id: str, k: int) -> str:
    """The first word's initial, ``k`` letters of the middle words, the number (or the whole id)."""
    parts = [p for p in model_id.split("-") if p]
    if len(parts) >= 2 and parts[-1].isdigit():
        return parts[0][0] + "".join(p[:k] for p in parts[1:-1]) + parts[-1]
    return model_id


def short_label(model_id: str) -> str:
    """A base's short label: the initials of an id's words and its number; other ids their first 4 characters.

    >>> short_label("red-10"), short_label("blue-warrior-3"), short_label("stilgar")
    ('r10', 'bw3', 'stil')
    """
    parts = [p for p in model_id.split("-") if p]
    if len(parts) >= 2 and parts[-1].isdigit():
        return "".join(p[0] for p in parts[:-1]) + parts[-1]
    return model_id[:4]


class Artist:
    """The drawing half of the viewer: shapes and labels of each layer, in the viewer's batch.

    A mixin of :class:`~landsraad.viewer.app.Viewer`, which sets the attributes below.
    """

    window: pyglet.window.Window
    mode: EditMode | ReplayMode | PlayMode
    camera: Camera
    batch: Batch
    groups: list[Group]
    sel: Any
    _drag: Any
    _persist: dict[str, Any]
    _used: set[str]
    _labels_cache: tuple[Any, tuple[dict[str, str], dict[str, str]]] | None
    _overlay_lines: list[str]
    _reach_problem: str
    _nudges: tuple[Any, tuple[str, ...]] | None
    _legend_height: int

    # Provided by the viewer that mixes this in (declared here for the drawing code's readers and checkers):
    @property
    @abstractmethod
    def panel_w(self) -> int:
        """The text panel's width in pixels (the viewer's)."""

    pointer_px: tuple[float, float]
    _pointer_cm: Callable[[], tuple[float, float]]
    _weapon: Callable[[], float | None]

    def _poly(self, pts: Sequence[tuple[float, float]], colour: RGBA, group: int) -> list[Any]:
        if len(pts) < 3:
            return []
        return [shapes.Polygon(*[self.camera.to_screen(x, y) for x, y in pts], color=colour, batch=self.batch, group=self.groups[group])]

    def _fill(self, geom: BaseGeometry, colour: RGBA, group: int) -> list[Any]:
        """A shapely (multi)polygon with holes, filled (constrained triangulation)."""
        out: list[Any] = []
        if geom.is_empty:
            return out
        tris = shapely.constrained_delaunay_triangles(geom) if hasattr(shapely, "constrained_delaunay_triangles") else None
        parts = list(getattr(tris, "geoms", [])) if tris is not None else [g for g in getattr(geom, "geoms", [geom])]
        for tri in parts:
            coords = list(tri.exterior.coords)[:-1]
            out += self._poly(coords, colour, group)
        return out

    def _outline(self, pts: Sequence[tuple[float, float]], colour: RGBA, group: int, width: float = 1.5, closed: bool = True) -> list[Any]:
        if len(pts) < 2:
            return []
        return [shapes.MultiLine(*[self.camera.to_screen(x, y) for x, y in pts], closed=closed, thickness=width,
                                 color=colour, batch=self.batch, group=self.groups[group])]

    def _line(self, a: Sequence[float], b: Sequence[float], colour: RGBA, group: int, width: float = 2.0) -> Any:
        (x1, y1), (x2, y2) = self.camera.to_screen(a[0], a[1]), self.camera.to_screen(b[0], b[1])
        return shapes.Line(x1, y1, x2, y2, thickness=width, color=colour, batch=self.batch, group=self.groups[group])

    def _label(self, text: str, x: float, y: float, group: int, *, size: float = 9, colour: RGBA = (20, 20, 20, 255),
               anchor_x: AnchorX = "center", anchor_y: AnchorY = "center", width: int | None = None, bold: bool = False) -> Any:
        # whole pixels: small text at a fraction of a pixel loses thin letters
        return pyglet.text.Label(text, x=round(x), y=round(y), font_size=size, color=colour, anchor_x=anchor_x, anchor_y=anchor_y,
                                 multiline=width is not None, width=width, weight="bold" if bold else "normal",
                                 batch=self.batch, group=self.groups[group])

    def _draw_table(self, board: Board) -> list[Any]:
        cam = self.camera
        out: list[Any] = []
        x0, y0 = cam.to_screen(0, 0)
        x1, y1 = cam.to_screen(board.width, board.depth)
        out.append(shapes.Rectangle(x0, y0, x1 - x0, y1 - y0, color=SAND, batch=self.batch, group=self.groups[0]))
        for i in range(0, int(board.width) + 1, 5):
            out.append(self._line((i, 0), (i, board.depth), (*_GRID, 255 if i % 10 == 0 else 140), 0, 1.0))
        for j in range(0, int(board.depth) + 1, 5):
            out.append(self._line((0, j), (board.width, j), (*_GRID, 255 if j % 10 == 0 else 140), 0, 1.0))
        out += self._outline([(0, 0), (board.width, 0), (board.width, board.depth), (0, board.depth)], (90, 70, 40, 255), 0, 2.0)
        out += self._ticks(board)
        for t in board.terrain:
            out += self._draw_piece(t)
        colours = side_colours(board)
        # marker labels placed where they overlap no base, no marker and no label placed before
        discs = [(*cam.to_screen(*b.center), cam.length(b.radius)) for b in board.bases]
        discs += [(*cam.to_screen(*m.center), cam.length(m.radius)) for m in board.markers]
        placed: list[tuple[float, float, float, float]] = []
        for m in board.markers:
            out += self._draw_marker(m, colours, discs, placed)
        return out

    def _ticks(self, board: Board) -> list[Any]:
        """cm ticks along the four edges, outside the table (every cm; longer every 5; numbered every
        10 along the south and west edges, as on the SVG pictures)."""
        cam = self.camera
        out: list[Any] = []
        s = cam.scale
        pts: list[tuple[float, float]] = []  # pairs of screen points, one segment each
        for i in range(0, int(board.width) + 1):
            n = 7 if i % 10 == 0 else (5 if i % 5 == 0 else 3)
            for y, sign in ((0.0, -1), (board.depth, 1)):
                px, py = cam.to_screen(i, y)
                pts += [(px, py), (px, py + sign * n)]
            if i % 10 == 0 and s * 10 >= 30:
                px, py = cam.to_screen(i, 0)
                out.append(self._label(f"{i}", px, py - 9, 0, size=7, colour=(200, 190, 170, 255), anchor_y="top"))
        for j in range(0, int(board.depth) + 1):
            n = 7 if j % 10 == 0 else (5 if j % 5 == 0 else 3)
            for x, sign in ((0.0, -1), (board.width, 1)):
                px, py = cam.to_screen(x, j)
                pts += [(px, py), (px + sign * n, py)]
            if j % 10 == 0 and s * 10 >= 30 and j:
                px, py = cam.to_screen(0, j)
                out.append(self._label(f"{j}", px - 9, py, 0, size=7, colour=(200, 190, 170, 255), anchor_x="right"))
        for a, b in zip(pts[::2], pts[1::2]):
            out.append(shapes.Line(a[0], a[1], b[0], b[1], thickness=1.0, color=(*_TICK, 255), batch=self.batch,
                                   group=self.groups[0]))
        return out

    def _draw_marker(self, m: Any, colours: dict[str, str], discs: Sequence[tuple[float, float, float]] = (),
                     placed: list[tuple[float, float, float, float]] | None = None) -> list[Any]:
        """An objective marker as the SVG draws it: a hollow pale token, a dashed rim in its owner's
        colour and a mission glyph (a diamond) - never a filled disc like a base. Its label goes
        under it, else over it, right or left of it: the first spot clear of ``discs`` (bases and
        markers, screen circles) and of the labels ``placed`` before (the label's box is added)."""
        cam = self.camera
        cx, cy = cam.to_screen(*m.center)
        r = cam.length(m.radius)
        ink = rgb(colours[m.owner]) if m.owner in colours else _MARKER_INK
        out: list[Any] = [shapes.Circle(cx, cy, r, color=(*_MARKER_FILL, 150), batch=self.batch, group=self.groups[3])]
        dashes = 12
        for k in range(dashes):  # a dashed rim: every other twelfth of the circle
            out.append(shapes.Arc(cx, cy, r, angle=180 / dashes, start_angle=360 * k / dashes, thickness=2.0,
                                  color=(*ink, 255), batch=self.batch, group=self.groups[3]))
        h = r * 0.45
        out.append(shapes.Polygon((cx, cy - h), (cx + h, cy), (cx, cy + h), (cx - h, cy), color=(*ink, 255), batch=self.batch,
                                  group=self.groups[3]))
        label = self._label(_marker_label(m.id), cx, cy - r - 7, 5, size=7, colour=(60, 50, 40, 255))
        w, h = label.content_width, label.content_height
        spots = [(cx, cy - r - 7), (cx, cy + r + 7), (cx + r + 4 + w / 2, cy), (cx - r - 4 - w / 2, cy)]

        def clash(x: float, y: float) -> float:
            box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
            near = sum(1 for dx, dy, dr in discs if box[0] - dr < dx < box[2] + dr and box[1] - dr < dy < box[3] + dr
                       and math.hypot(max(box[0] - dx, 0, dx - box[2]), max(box[1] - dy, 0, dy - box[3])) < dr)
            return near + sum(2 for p in placed or () if box[0] < p[2] and p[0] < box[2] and box[1] < p[3] and p[1] < box[3])

        x, y = min(spots, key=lambda spot: (clash(*spot), spots.index(spot)))
        label.position = (round(x), round(y), 0)
        if placed is not None:
            placed.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
        out.append(label)
        return out

    def labels(self, board: Board | None = None) -> tuple[dict[str, str], dict[str, str]]:
        """Each base's label and the legend: card abbreviations (:func:`~landsraad.viewer.pieces.card_labels`)
        for models with a card, :func:`short_labels` of the id for the others."""
        board = board or self.mode.board
        names = self.mode.names()
        shown = self.mode.shown_names()
        key_ = (tuple((b.id, b.side) for b in board.bases), tuple(names.items()), tuple(shown.items()))
        if self._labels_cache is not None and self._labels_cache[0] == key_:  # asked every frame: the same table most of the time
            return self._labels_cache[1]
        labels = short_labels([b.id for b in board.bases if b.id not in names])
        # unique within a side: Sol1 in red and Sol1 in blue
        carded, legend = card_labels([(b.id, names[b.id], shown.get(b.id, b.id), b.side or "") for b in board.bases if b.id in names])
        self._labels_cache = (key_, ({**labels, **carded}, legend))
        return self._labels_cache[1]

    def _draw_dragged(self, board: Board, dragged: str | None) -> list[Any]:
        """The model held by the mouse, drawn on its own (its label kept: one per pointer move would be laid out anew)."""
        self._used.discard("dragged-label")
        out = self._draw_bases(board, None, dragged, kept_label=True) if dragged else []
        self._hide_unused(("dragged-label",))
        return out

    def _draw_bases(self, board: Board, skip: str | None = None, only: str | None = None, *, kept_label: bool = False) -> list[Any]:
        cam = self.camera
        out: list[Any] = []
        colours = side_colours(board)
        labels, _legend = self.labels(board)
        active = self.mode.active()
        for b in board.bases:
            if b.id == skip or (only is not None and b.id != only):
                continue
            cx, cy = cam.to_screen(b.x, b.y)
            colour = rgb(colours[b.side]) if b.side in colours else _NEUTRAL
            r = cam.length(b.radius)
            out.append(shapes.Circle(cx, cy, r, color=colour, batch=self.batch, group=self.groups[3]))
            ring = _SELECT if b.id in (self.sel.model, self.sel.target) else (20, 20, 20)
            out.append(shapes.Arc(cx, cy, r, thickness=3 if ring == _SELECT else 1.2, color=(*ring, 255), batch=self.batch, group=self.groups[4]))
            if b.id == active:  # the model whose activation it is: a white ring outside the base
                out.append(shapes.Arc(cx, cy, r + 4, thickness=3, color=(*_ACTIVE, 255), batch=self.batch, group=self.groups[4]))
                out.append(shapes.Arc(cx, cy, r + 6.5, thickness=1.5, color=(20, 20, 20, 255), batch=self.batch, group=self.groups[4]))
            text = labels.get(b.id, b.id[:4])
            size = max(6, min(10, 1.5 * r / max(3, len(text))))
            if kept_label:
                self._kept_label("dragged-label", text, cx, cy, 5, size=size, colour=(255, 255, 255, 255), bold=True)
                if self._persist["dragged-label"].font_size != size:
                    self._persist["dragged-label"].font_size = size
            else:
                out.append(self._label(text, cx, cy, 5, size=size, colour=(255, 255, 255, 255), bold=True))
            if not isinstance(self.mode, EditMode):
                out += self._condition_pips(b.id, cx, cy, r)
        return out

    def _condition_pips(self, model_id: str, cx: float, cy: float, r: float) -> list[Any]:
        """Wounds (red dots along the top of the base: 1 light, 2 grave) and fatigue (dark dots along
        its bottom, one per token; a number past 5)."""
        wound, fatigue = self.mode.condition(model_id)
        out: list[Any] = []
        dot = max(2.5, r * 0.16)
        for i in range(_WOUND_DOTS.get(wound, 0)):
            a = math.radians(90 + (i - (_WOUND_DOTS[wound] - 1) / 2) * 28)
            x, y = cx + (r - dot) * math.cos(a), cy + (r - dot) * math.sin(a)
            out.append(shapes.Circle(x, y, dot + 1.2, color=(255, 255, 255, 255), batch=self.batch, group=self.groups[5]))
            out.append(shapes.Circle(x, y, dot, color=(*_WOUND, 255), batch=self.batch, group=self.groups[5]))
        shown = min(fatigue, 5)
        for i in range(shown):
            a = math.radians(270 + (i - (shown - 1) / 2) * 24)
            x, y = cx + (r - dot) * math.cos(a), cy + (r - dot) * math.sin(a)
            out.append(shapes.Circle(x, y, dot + 1.2, color=(255, 255, 255, 255), batch=self.batch, group=self.groups[5]))
            out.append(shapes.Circle(x, y, dot, color=(*_FATIGUE, 255), batch=self.batch, group=self.groups[5]))
        if fatigue > 5:
            out.append(self._label(f"F{fatigue}", cx, cy - r - 6, 5, size=7, colour=(20, 20, 20, 255), bold=True))
        return out

    def _draw_piece(self, t: TerrainPiece) -> list[Any]:
        fill = rgb(terrain_fill(t.height_cm))
        alpha = {"blocked": 255, "difficult": 215, "open": 120}[t.movement]
        out = self._fill(t.shape, (*fill, alpha), 1)
        edge = _SELECT if t.id == self.sel.piece else (40, 30, 20)
        out += self._outline(list(t.polygon), (*edge, 255), 2, 3.0 if t.movement == "blocked" or edge == _SELECT else 1.2)
        if t.movement == "difficult":  # hatched, so difficult ground reads at a glance
            minx, miny, maxx, maxy = t.shape.bounds
            k = minx - (maxy - miny)
            while k < maxx:
                seg = LineString([(k, miny), (k + (maxy - miny), maxy)]).intersection(t.shape)
                for part in getattr(seg, "geoms", [seg]):
                    if isinstance(part, LineString) and not part.is_empty:
                        out.append(self._line(part.coords[0], part.coords[-1], (110, 80, 30, 230), 2, 1.2))
                k += 1.0
        c = t.shape.representative_point()
        cx, cy = self.camera.to_screen(c.x, c.y)
        dark = sum(fill) / 3 < 120 and t.movement != "open"
        height = decimal(f"{t.height_cm:g}")
        text = f"{t.id} {height}cm" + ("" if t.movement == "blocked" else f" {_(t.movement)}")
        out.append(self._label(text, cx, cy, 5, size=7, colour=(245, 240, 225, 255) if dark else (30, 25, 15, 255)))
        return out

    def _kept_label(self, name: str, text: str, x: float, y: float, group: int, **style: Any) -> None:
        """Show the persistent label ``name`` with ``text`` at (x, y): made once, then only its text
        and place change (the overlays' sentences follow the pointer at 60 frames a second)."""
        self._used.add(name)
        label = self._persist.get(name)
        if label is None:
            self._persist[name] = self._label(text, x, y, group, **style)
            return
        width = style.get("width")
        if label.text != text or (width is not None and label.width != width):
            label.begin_update()  # one layout for the text and the width, not one each (end_update always lays out)
            if width is not None and label.width != width:
                label.width = width
            if label.text != text:
                label.text = text
            label.end_update()
        if (label.x, label.y) != (round(x), round(y)):
            label.position = (round(x), round(y), 0)  # a move only: no layout

    def _hide_unused(self, names: Sequence[str]) -> None:
        for name in names:
            label = self._persist.get(name)
            if name not in self._used and label is not None and label.text:
                label.text = ""

    def _draw_overlays(self, board: Board) -> list[Any]:
        self._used.difference_update(("sight-distance", "inset-caption"))
        try:
            return self._draw_overlays_now(board)
        finally:
            self._hide_unused(("sight-distance", "inset-caption"))

    def _draw_overlays_now(self, board: Board) -> list[Any]:
        out: list[Any] = []
        s = self.sel
        lines = self._overlay_lines
        p = self._pointer_cm()
        on_table = 0 <= p[0] <= board.width and 0 <= p[1] <= board.depth
        try:
            if s.model and board.has_base(s.model) and s.target and board.has_base(s.target):
                out += self._draw_sight(board, sight_overlay(board, s.model, s.target, weapon_range_cm=self._weapon()))
            elif self._reach_model(board) is not None and self._reach_problem:
                lines.append(_("{model}: no reach region. {problem}").format(model=s.model, problem=self._reach_problem))
            elif self._reach_model(board) is not None:
                allowance = self._allowance(s.model)
                lines.append(_("{model}: reach with {allowance} cm (difficult terrain counts double).").format(model=s.model,
                                                                                                        allowance=decimal(f"{allowance:g}")))
                if on_table and not s.blast and not s.direct and s.polygon is None:
                    move = move_overlay(board, s.model, p, allowance)
                    colour = _LEGAL if move.legal else _ILLEGAL
                    out += self._outline(list(move.path), (*colour, 255), 4, 2.5, closed=False)
                    r = board.base(s.model).radius
                    ex, ey = self.camera.to_screen(*move.end)
                    out.append(shapes.Arc(ex, ey, self.camera.length(r), thickness=2, color=(*colour, 255), batch=self.batch, group=self.groups[4]))
                    lines += describe_move(move)
            if s.blast and on_table:
                out += self._draw_template(board, blast_overlay(board, p))
            if s.direct and s.model and board.has_base(s.model) and on_table and math.dist(p, board.base(s.model).center) > 1e-6:
                out += self._draw_template(board, direct_overlay(board, s.model, p, self._weapon() or 20.0))
        except LandsraadError as exc:
            lines.append(str(exc))
        if s.polygon is not None:
            pts = list(s.polygon) + ([p] if on_table else [])
            out += self._outline(pts, (*_SELECT, 255), 4, 2.0, closed=len(pts) > 2)
            lines.append(ngettext("Drawing a piece: {n} corner; click to add, Enter to finish, Esc to cancel.",
                                  "Drawing a piece: {n} corners; click to add, Enter to finish, Esc to cancel.", len(s.polygon)).format(n=len(s.polygon)))
        return out

    def _reach_model(self, board: Board) -> str | None:
        """The model whose reach region is shown: selected, no target, not being dragged."""
        s = self.sel
        if s.model and not s.target and board.has_base(s.model) and (self._drag is None or self._drag.item != s.model):
            return s.model
        return None

    def _draw_reach(self, board: Board) -> list[Any]:
        model = self._reach_model(board)
        self._reach_problem = ""
        if model is None:
            return []
        try:
            region = reach_overlay(board, model, self._allowance(model))
        except LandsraadError as exc:  # a base partly off the table has no reach: said, not raised
            self._reach_problem = sentence(exc)
            return []
        out = self._fill(region, (*_REACH, 60), 2)
        for ring in _rings(region):
            out += self._outline(ring, (*_REACH, 220), 4, 1.5)
        return out

    def _allowance(self, model_id: str) -> float:
        """The model's Movement (the scene's or its card's); 10 cm when none is given."""
        return self.mode.movement(model_id) or DEFAULT_MOVEMENT_CM

    def _draw_sight(self, board: Board, ov: SightOverlay) -> list[Any]:
        out: list[Any] = []
        r = ov.result
        a, b = board.base(ov.shooter), board.base(ov.target)
        if r.sight_line is not None:
            out.append(self._line(r.sight_line[0], r.sight_line[1], (*_SIGHT, 255), 4, 2.0))
        else:
            out.append(self._line(a.center, b.center, (*_NO_SIGHT, 200), 4, 1.5))
        # the silhouette's footprint, each strip shaded by its hidden share
        (sx, sy), (ex, ey) = r.silhouette
        length = math.hypot(ex - sx, ey - sy) or 1.0
        for start, end, share in r.hidden_intervals:
            pa = (sx + (ex - sx) * start / length, sy + (ey - sy) * start / length)
            pb = (sx + (ex - sx) * end / length, sy + (ey - sy) * end / length)
            colour = (int(40 + 190 * share), int(170 - 130 * share), 60, 255)
            out.append(self._line(pa, pb, colour, 5, 5.0))
        mx, my = self.camera.to_screen((a.x + b.x) / 2, (a.y + b.y) / 2)
        self._kept_label("sight-distance", decimal(f"{ov.distance_cm:.1f}") + " cm", mx, my + 10, 6, size=10, colour=(20, 40, 90, 255), bold=True)
        for kind, name in ov.hiders:  # what hides the target, outlined in red
            if kind == "model" and board.has_base(name):
                h = board.base(name)
                hx, hy = self.camera.to_screen(*h.center)
                out.append(shapes.Arc(hx, hy, self.camera.length(h.radius) + 2, thickness=2.5, color=(*_NO_SIGHT, 255),
                                      batch=self.batch, group=self.groups[5]))
            elif kind == "terrain" and any(t.id == name for t in board.terrain):
                out += self._outline(list(board.terrain_piece(name).polygon), (*_NO_SIGHT, 255), 5, 2.5)
        self._overlay_lines.extend(ov.lines())
        if self._drag is None:
            # 16 more cover questions: asked once per board, pair and weapon, never while dragging
            key_ = (board, ov.shooter, ov.target, self._weapon())
            if self._nudges is None or self._nudges[0] != key_:
                self._nudges = (key_, nudges(board, ov.shooter, ov.target, weapon_range_cm=self._weapon()))
            found = self._nudges[1]
            if found:
                self._overlay_lines.append(_("A model 0.5 cm elsewhere would change the answer:"))
                self._overlay_lines.extend(f"  {localized(n)}" for n in found[:6])
            else:
                self._overlay_lines.append(_("Moving either model 0.5 cm any way changes nothing."))
        out += self._silhouette_inset(r)
        return out

    def _silhouette_inset(self, r: Any) -> list[Any]:
        """The target's silhouette as the shooter sees it, hidden part shaded (bottom of the panel)."""
        width_cm = math.dist(*r.silhouette) or 1.0
        height_cm = r.silhouette_height_cm or 1.0
        k = min((self.panel_w - 60) / width_cm, 90 / height_cm)
        x0 = self.window.width - self.panel_w + 30
        y0 = 24 + self._legend_height
        out: list[Any] = [shapes.Rectangle(x0, y0, width_cm * k, height_cm * k, color=(120, 200, 120), batch=self.batch, group=self.groups[8])]
        for ring in r.hidden_regions:
            pts = [(x0 + s_ * k, y0 + z * k) for s_, z in ring]
            if len(pts) >= 3:
                out.append(shapes.Polygon(*pts, color=(200, 50, 40, 230), batch=self.batch, group=self.groups[9]))
        self._kept_label("inset-caption", _("silhouette as {shooter} sees it: {pct} % hidden (red)").format(
                             shooter=r.shooter, pct=f"{100 * r.hidden_fraction:.0f}"), x0, y0 + height_cm * k + 10, 8,
                         size=8, colour=(230, 230, 230, 255), anchor_x="left")
        return out

    def _draw_template(self, board: Board, t: TemplateOverlay) -> list[Any]:
        out: list[Any] = []
        if t.kind == "blast":
            c = t.shape.centroid
            cx, cy = self.camera.to_screen(c.x, c.y)
            r = self.camera.length(BLAST_RADIUS_CM)
            out.append(shapes.Circle(cx, cy, r, color=(*_TEMPLATE, 70), batch=self.batch, group=self.groups[2]))
            out.append(shapes.Arc(cx, cy, r, thickness=2, color=(*_TEMPLATE, 255), batch=self.batch, group=self.groups[4]))
        else:
            a, b = t.shape.coords[0], t.shape.coords[-1]
            out.append(self._line(a, b, (*_TEMPLATE, 255), 4, 3.0))
        for mid in t.hits:
            base = board.base(mid)
            cx, cy = self.camera.to_screen(*base.center)
            out.append(shapes.Arc(cx, cy, self.camera.length(base.radius) + 3, thickness=3, color=(*_HIT, 255), batch=self.batch, group=self.groups[5]))
        self._overlay_lines.extend(t.lines())
        return out

    def _draw_hover(self, model_id: str | None) -> list[Any]:
        """The hover card of the model under the pointer: name, card, profile, weapons, wounds,
        fatigue, poisons, shield, spice; beside the pointer, kept inside the table area."""
        if model_id is None:
            return []
        lines = self.mode.card(model_id) or [model_id]
        width = 330
        label = self._label("\n".join(lines), 0, 0, 11, size=9, colour=(25, 25, 30, 255), anchor_x="left", anchor_y="top", width=width - 16)
        height = label.content_height + 12
        px, py = self.pointer_px
        area_right = self.window.width - self.panel_w
        x = px + 18 if px + 18 + width <= area_right else max(4, px - 18 - width)
        y = py - 14 if py - 14 - height >= 4 else min(self.window.height - 4, py + 14 + height)
        label.position = (x + 8, y - 6, 0)
        box = shapes.Rectangle(x, y - height, width, height, color=(250, 246, 232, 245), batch=self.batch, group=self.groups[10])
        rim = shapes.Box(x, y - height, width, height, thickness=1.5, color=(90, 70, 40, 255), batch=self.batch, group=self.groups[10])
        return [box, rim, label]

    def _step_key(self) -> Any:
        return (self.mode.index, self.mode.timeline.serial) if isinstance(self.mode, ReplayMode) else None

    def _draw_step(self) -> list[Any]:
        """A replay step on the table: each move's path, each shot's line and result, each template."""
        if not isinstance(self.mode, ReplayMode):
            return []
        ov: StepOverlay = self.mode.overlay()
        out: list[Any] = []
        colours = side_colours(self.mode.board)
        cam = self.camera
        for model, path in ov.moves:
            side = self.mode.board.base(model).side if self.mode.board.has_base(model) else None
            colour = rgb(colours[side]) if side in colours else _NEUTRAL
            out += self._outline(list(path), (*colour, 255), 4, 3.0, closed=False)
            out += self._outline(list(path), (255, 255, 255, 200), 4, 1.0, closed=False)
            sx, sy = cam.to_screen(*path[0])
            out.append(shapes.Circle(sx, sy, 3.5, color=(*colour, 255), batch=self.batch, group=self.groups[4]))
        for t in ov.templates:
            if t.kind == "blast":
                c = t.shape.centroid
                cx, cy = cam.to_screen(c.x, c.y)
                r = cam.length(BLAST_RADIUS_CM)
                out.append(shapes.Circle(cx, cy, r, color=(*_TEMPLATE, 70), batch=self.batch, group=self.groups[2]))
                out.append(shapes.Arc(cx, cy, r, thickness=2, color=(*_TEMPLATE, 255), batch=self.batch, group=self.groups[4]))
                anchor = (c.x, c.y - BLAST_RADIUS_CM - 0.8)
            else:
                a, b = t.shape.coords[0], t.shape.coords[-1]
                out.append(self._line(a, b, (*_TEMPLATE, 255), 4, 4.0))
                anchor = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - 1.0)
            out += self._tag(anchor, t.result, _TEMPLATE)
        for shot in ov.shots:
            colour = _HIT if shot.hit else _NO_SIGHT
            out.append(self._line(shot.start, shot.end, (*_SIGHT, 255), 4, 2.5))
            ex, ey = cam.to_screen(*shot.end)
            out.append(shapes.Arc(ex, ey, 9, thickness=2.5, color=(*colour, 255), batch=self.batch, group=self.groups[5]))
            mid = ((shot.start[0] + shot.end[0]) / 2, (shot.start[1] + shot.end[1]) / 2)
            out += self._tag(mid, f"{self._short(shot.shooter)} -> {self._short(shot.target)}: {shot.result}", _SIGHT)
        return out

    def _short(self, item: str) -> str:
        """A model's base label (``War1``), a marker's label, else the id."""
        labels, _legend = self.labels()
        return labels.get(item) or (_marker_label(item) if any(m.id == item for m in self.mode.board.markers) else item)

    def _tag(self, at: tuple[float, float], text: str, colour: tuple[int, int, int]) -> list[Any]:
        """A short sentence on the table in a pale box (a replay step's result), kept in the table area."""
        x, y = self.camera.to_screen(*at)
        label = self._label(text, x, y, 11, size=8, colour=(*colour, 255), bold=True)
        w, h = label.content_width + 8, label.content_height + 2
        x = min(max(x, w / 2 + 2), self.window.width - self.panel_w - w / 2 - 2)
        label.x = round(x)
        return [shapes.Rectangle(x - w / 2, y - h / 2, w, h, color=(255, 255, 255, 215), batch=self.batch, group=self.groups[10]), label]


def _rings(geom: BaseGeometry) -> list[list[tuple[float, float]]]:
    out: list[list[tuple[float, float]]] = []
    for g in getattr(geom, "geoms", [geom]):
        if isinstance(g, Polygon) and not g.is_empty:
            out.append([(x, y) for x, y, *_ in g.exterior.coords])
            out += [[(x, y) for x, y, *_ in i.coords] for i in g.interiors]
    return out
