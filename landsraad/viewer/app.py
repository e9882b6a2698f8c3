"""The pyglet window: the table, the editor's gestures, the overlays and the replay timeline.

One :class:`pyglet.graphics.Batch` holds every shape and label; it is drawn only in
``on_draw``. Shapes are rebuilt in layers when what they show changes: the board layer
(table, grid, terrain, markers, bases) when the board or the camera changes, the overlay
layer when the pointer or the selection does, the panel when its text does.

Mouse and keys (the panel lists them too):

- left click a model: select it (reach region and the move to the pointer); then left click
  another: shooter and target (distance, sight, hidden silhouette, cover, range band,
  nearest-target rule, what 0.5 cm would change); click empty table: clear;
- left drag a model or a terrain piece (editor): move it; right or middle drag: pan;
  wheel: zoom (over a selected piece: turn it 15 degrees); Home: whole table;
- H: the keys in the panel; B: blast template at the pointer; D: direct-fire line from the selected model; W: weapon range;
- editor: A add a model of the palette profile (F / Shift+F choose, S side), L add the next
  warband list, P place the palette terrain piece (Tab / Shift+Tab choose), O draw a polygon
  (clicks, Enter ends, Esc cancels), R turn the selected piece, M its movement kind,
  Up/Down its height, Delete remove, G snap to 0.5 cm, Ctrl+Z / Ctrl+Y undo / redo, Ctrl+S save;
- replay: Left/Right, PageUp/PageDown, Home/End, or drag the slider under the table;
- play: 1-9 or a click on a choice in the panel answers it; a point decision is answered by a
  click on the table (the moving model's reach region shown); digits then Enter for a ranked
  pick or physical dice (Enter alone: the default, or a roll); S or Enter skips an optional
  decision; U undoes the person's last answer (and the computer's since); Ctrl+S saves. The
  computer's turns are answered by themselves, after a short delay.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

import pyglet

# No hidden "shadow" window at import: importing the module must work without a display
# (doctest collection, `landsraad view` telling the user there is none).
pyglet.options["shadow_window"] = False

import shapely  # noqa: E402
from pyglet import shapes  # noqa: E402 - after the option above
from pyglet.graphics import Batch, Group  # noqa: E402
from pyglet.window import key, mouse  # noqa: E402
from shapely.geometry import LineString, Polygon  # noqa: E402
from shapely.geometry import Point as ShapelyPoint  # noqa: E402
from shapely.geometry.base import BaseGeometry  # noqa: E402

from ..content import faction_ids, load_faction
from ..errors import LandsraadError
from ..fileio import atomic_write_bytes
from ..geometry.board import Board, TerrainPiece
from ..geometry.templates import BLAST_RADIUS_CM
from ..kits import kit_ids, load_kit
from ..svg import side_colours, terrain_fill
from .camera import Camera
from .modes import EditMode, ReplayMode
from .overlays import (
    WEAPON_RANGES,
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
from .playing import PlayMode

__all__ = ["Viewer", "PANEL_W", "SLIDER_H", "DEFAULT_MOVEMENT_CM", "rgb", "short_label", "short_labels", "SAND"]

PANEL_W = 340
"""Width of the text panel on the right, in pixels."""
SLIDER_H = 44
"""Height of the replay strip under the table, in pixels."""

DEFAULT_MOVEMENT_CM = 10.0
"""The allowance of a model whose scene gives no Movement (most profile cards move 10 cm)."""

SAND = (236, 222, 190)
_HELP = (
    "Click a model: reach and moves; then another: shooter -> target.",
    "W weapon range, B blast, D direct-fire line; wheel zoom, right drag pan, Home.",
)
_EDIT_HELP = (
    "Drag models and pieces. A adds a model (F profile, S side), L a warband list; P places a piece "
    "(Tab piece, Shift+Tab kit); O draws one (Enter ends); R or the wheel turns it, Up/Down height, M kind; "
    "Delete; G snap; Ctrl+Z / Ctrl+Y undo / redo; Ctrl+S save.",
)
_PLAY_HELP = (
    "1-9 or a click on a choice answers it; a point: click the table; digits then Enter for a ranked pick or dice "
    "(Enter alone: the default or a roll); S or Enter skips; U undo; Ctrl+S save.",
)
_GRID = (214, 198, 160)
_SIGHT = (26, 82, 118)
_NO_SIGHT = (192, 57, 43)
_REACH = (46, 134, 193)
_LEGAL = (30, 132, 73)
_ILLEGAL = (192, 57, 43)
_TEMPLATE = (230, 126, 34)
_HIT = (231, 76, 60)
_SELECT = (241, 196, 15)
_NEUTRAL = (127, 140, 141)


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as an (r, g, b) tuple.

    >>> rgb("#c0392b")
    (192, 57, 43)
    """
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


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


@dataclass
class _Drag:
    kind: str  # "model", "piece", "pan", "slider"
    item: str = ""
    start_px: tuple[float, float] = (0.0, 0.0)
    start_cm: tuple[float, float] = (0.0, 0.0)
    moved: bool = False


@dataclass
class Selection:
    """What the user pointed at: a model (and a target), a terrain piece, templates."""

    model: str | None = None
    target: str | None = None
    piece: str | None = None
    blast: bool = False
    direct: bool = False
    polygon: list[tuple[float, float]] | None = None
    weapon: int = 0  # index into WEAPON_RANGES


@dataclass
class _Palette:
    kit: int = 0
    piece: int = 0
    profile: int = 0
    side: str = "red"
    lists: list[Any] = field(default_factory=list)
    next_list: int = 0


class Viewer:
    """The viewer's behaviour on a pyglet window.

    Parameters
    ----------
    window
        The window to draw in (its handlers are pushed: ``on_draw``, mouse and keys).
    mode
        An :class:`~landsraad.viewer.modes.EditMode` or :class:`~landsraad.viewer.modes.ReplayMode`.
    save_path
        Where Ctrl+S writes the scene (editor).
    computer_delay
        Play mode: seconds before each computer answer (so a person sees it); ``None`` answers
        at once, before the call returns (tests, screenshots).
    """

    def __init__(self, window: pyglet.window.Window, mode: EditMode | ReplayMode | PlayMode, *, save_path: str | Path | None = None,
                 computer_delay: float | None = 0.6) -> None:
        self.window = window
        self.mode = mode
        self.save_path = Path(save_path) if save_path else None
        self.batch = Batch()
        self.groups = [Group(order=i) for i in range(10)]  # 0 table ... 6-7 panel, 8-9 the silhouette inset
        board = mode.board
        self.camera = Camera(board.width, board.depth)
        self.sel = Selection()
        self.palette = _Palette()
        self.pointer_px: tuple[float, float] = (0.0, 0.0)
        self.status = ""
        self.show_help = False
        self._nudges: tuple[Any, tuple[str, ...]] | None = None
        self._drag: _Drag | None = None
        self._layers: dict[str, list[Any]] = {"table": [], "bases": [], "dragged": [], "reach": [], "overlay": [], "panel": [], "text": []}
        self._table_key: Any = None
        self._bases_key: Any = None
        self._overlay_lines: list[str] = []
        self._text_key: Any = None
        self._static_height = 0
        self._reach_key: Any = None
        self._board_key: Any = None
        self._overlay_key: Any = None
        self._panel_key: Any = None
        self._profiles = [(f, p.id, p) for f in faction_ids() for p in load_faction(f).profiles]
        self._kits = [load_kit(k) for k in kit_ids()]
        self.computer_delay = computer_delay
        self._choice_boxes: list[tuple[float, float, int]] = []  # play: (bottom, top, number) of each choice row
        self._ticking = False
        self._layout(window.width, window.height)
        window.push_handlers(self)
        self._after_play()

    # --- geometry of the window ------------------------------------------------------------------

    def _layout(self, width: int, height: int) -> None:
        bottom = SLIDER_H if isinstance(self.mode, (ReplayMode, PlayMode)) else 0
        self.camera.area = (0.0, float(bottom), float(max(50, width - PANEL_W)), float(max(50, height - bottom)))

    @property
    def board(self) -> Board:
        """The board on the table now (with a dragged model at the pointer)."""
        board = self.mode.board
        d = self._drag
        if d is not None and d.kind == "model" and d.moved and board.has_base(d.item):
            board = board.moved(d.item, self._pointer_cm())
        return board

    def _pointer_cm(self) -> tuple[float, float]:
        x, y = self.camera.to_table(*self.pointer_px)
        return (x, y)

    def _model_at(self, p: tuple[float, float]) -> str | None:
        best = None
        for b in self.mode.board.bases:
            d = math.hypot(b.x - p[0], b.y - p[1])
            if d <= b.radius and (best is None or d < best[0]):
                best = (d, b.id)
        return best[1] if best else None

    def _piece_at(self, p: tuple[float, float]) -> str | None:
        pt = ShapelyPoint(p)
        for t in reversed(self.mode.board.terrain):
            if t.shape.covers(pt):
                return t.id
        return None

    def _weapon(self) -> float | None:
        return WEAPON_RANGES[self.sel.weapon % len(WEAPON_RANGES)]

    # --- drawing ---------------------------------------------------------------------------------

    def on_draw(self) -> None:
        self.window.clear()
        self.refresh()
        self.batch.draw()

    def refresh(self) -> None:
        """Rebuild the layers whose inputs changed (called by ``on_draw``)."""
        board = self.board
        still = self.mode.board
        cam = (self.camera.area, self.camera.zoom, self.camera.pan)
        bkey = (board, cam, self.sel.model, self.sel.target, self.sel.piece)
        # a dragged model is drawn on its own, so the rest of the table is not rebuilt per pointer move
        dragged = self._drag.item if self._drag is not None and self._drag.kind == "model" and self._drag.moved else None
        tkey = (still.width, still.depth, still.terrain, still.markers, tuple(side_colours(still).items()), cam, self.sel.piece)
        if tkey != self._table_key:
            self._table_key = tkey
            self._rebuild("table", self._draw_table(still))
        mkey = (still.bases, cam, self.sel.model, self.sel.target, dragged)
        if mkey != self._bases_key:
            self._bases_key = mkey
            self._rebuild("bases", self._draw_bases(still, skip=dragged))
        dkey = (board, cam, dragged)
        if dkey != self._board_key:
            self._board_key = dkey
            self._rebuild("dragged", self._draw_bases(board, only=dragged) if dragged else [])
        rkey = (bkey, self._reach_model(board))
        if rkey != self._reach_key:
            # the reach region changes only with the board or the selection: built once, not per pointer move
            self._reach_key = rkey
            self._rebuild("reach", self._draw_reach(board))
        okey = (bkey, self._overlay_inputs())
        if okey != self._overlay_key:
            self._overlay_key = okey
            self._overlay_lines = []
            self._rebuild("overlay", self._draw_overlays(board))
        lines = self._static_lines()
        pkey = (tuple(lines), self.window.width, self.window.height, self._slider_key(), self._play_key())
        if pkey != self._panel_key:
            self._panel_key = pkey
            self._rebuild("panel", self._draw_panel(lines))
        # the overlay's sentences change with the pointer: their own small label, under the rest
        tkey = (tuple(self._overlay_lines), self.window.width, self.window.height, len(lines))
        if tkey != self._text_key:
            self._text_key = tkey
            self._rebuild("text", self._draw_overlay_text(len(lines)))

    def detach(self) -> None:
        """Stop handling the window's events and free every shape (the window stays open)."""
        pyglet.clock.unschedule(self._computer_tick)
        self._ticking = False
        self.window.remove_handlers(self)
        for layer in self._layers:
            self._rebuild(layer, [])

    def _rebuild(self, layer: str, items: list[Any]) -> None:
        for item in self._layers[layer]:
            item.delete()
        self._layers[layer] = items

    def _overlay_inputs(self) -> Any:
        s = self.sel
        follow = s.blast or s.direct or (s.model is not None and s.target is None) or s.polygon is not None
        return (s.blast, s.direct, s.weapon, self._drag is None, tuple(s.polygon or ()), self._pointer_cm() if follow else None)

    def _play_key(self) -> Any:
        return (tuple(self.mode.choice_rows()), self.mode.caption()) if isinstance(self.mode, PlayMode) else None

    def _slider_key(self) -> Any:
        return self.mode.index if isinstance(self.mode, ReplayMode) else None

    def _poly(self, pts: Sequence[tuple[float, float]], colour: tuple[int, ...], group: int) -> list[Any]:
        if len(pts) < 3:
            return []
        return [shapes.Polygon(*[self.camera.to_screen(x, y) for x, y in pts], color=colour, batch=self.batch, group=self.groups[group])]

    def _fill(self, geom: BaseGeometry, colour: tuple[int, ...], group: int) -> list[Any]:
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

    def _outline(self, pts: Sequence[tuple[float, float]], colour: tuple[int, ...], group: int, width: float = 1.5, closed: bool = True) -> list[Any]:
        if len(pts) < 2:
            return []
        return [shapes.MultiLine(*[self.camera.to_screen(x, y) for x, y in pts], closed=closed, thickness=width,
                                 color=colour, batch=self.batch, group=self.groups[group])]

    def _line(self, a: tuple[float, float], b: tuple[float, float], colour: tuple[int, ...], group: int, width: float = 2.0) -> Any:
        (x1, y1), (x2, y2) = self.camera.to_screen(*a), self.camera.to_screen(*b)
        return shapes.Line(x1, y1, x2, y2, thickness=width, color=colour, batch=self.batch, group=self.groups[group])

    def _label(self, text: str, x: float, y: float, group: int, *, size: float = 9, colour: tuple[int, ...] = (20, 20, 20, 255),
               anchor_x: str = "center", anchor_y: str = "center", width: int | None = None, bold: bool = False) -> Any:
        return pyglet.text.Label(text, x=x, y=y, font_size=size, color=colour, anchor_x=anchor_x, anchor_y=anchor_y,
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
        # scale bar: 10 cm under the table's south-west corner
        bar_y = y0 - 12
        out.append(shapes.Rectangle(x0, bar_y, cam.length(10), 4, color=(230, 230, 230), batch=self.batch, group=self.groups[6]))
        out.append(self._label("10 cm", x0 + cam.length(10) + 6, bar_y + 2, 6, colour=(230, 230, 230, 255), anchor_x="left"))
        for t in board.terrain:
            out += self._draw_piece(t)
        colours = side_colours(board)
        for m in board.markers:
            cx, cy = cam.to_screen(*m.center)
            colour = rgb(colours[m.owner]) if m.owner in colours else (212, 172, 13)
            out.append(shapes.Circle(cx, cy, cam.length(m.radius), color=(*colour, 200), batch=self.batch, group=self.groups[3]))
            out.append(shapes.Arc(cx, cy, cam.length(m.radius), thickness=2, color=(90, 60, 0, 255), batch=self.batch, group=self.groups[3]))
            out.append(self._label(m.id, cx, cy - cam.length(m.radius) - 7, 5, size=7))
        return out

    def _draw_bases(self, board: Board, *, skip: str | None = None, only: str | None = None) -> list[Any]:
        cam = self.camera
        out: list[Any] = []
        colours = side_colours(board)
        labels = short_labels([b.id for b in board.bases])
        for b in board.bases:
            if b.id == skip or (only is not None and b.id != only):
                continue
            cx, cy = cam.to_screen(b.x, b.y)
            colour = rgb(colours[b.side]) if b.side in colours else _NEUTRAL
            r = cam.length(b.radius)
            out.append(shapes.Circle(cx, cy, r, color=colour, batch=self.batch, group=self.groups[3]))
            ring = _SELECT if b.id in (self.sel.model, self.sel.target) else (20, 20, 20)
            out.append(shapes.Arc(cx, cy, r, thickness=3 if ring == _SELECT else 1.2, color=(*ring, 255), batch=self.batch, group=self.groups[4]))
            out.append(self._label(labels[b.id], cx, cy, 5, size=max(6, min(10, r * 0.55)), colour=(255, 255, 255, 255), bold=True))
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
        text = f"{t.id} {t.height_cm:g}cm" + ("" if t.movement == "blocked" else f" {t.movement}")
        out.append(self._label(text, cx, cy, 5, size=7, colour=(245, 240, 225, 255) if dark else (30, 25, 15, 255)))
        return out

    def _draw_overlays(self, board: Board) -> list[Any]:
        out: list[Any] = []
        s = self.sel
        lines = self._overlay_lines
        p = self._pointer_cm()
        on_table = 0 <= p[0] <= board.width and 0 <= p[1] <= board.depth
        try:
            if s.model and board.has_base(s.model) and s.target and board.has_base(s.target):
                out += self._draw_sight(board, sight_overlay(board, s.model, s.target, weapon_range_cm=self._weapon()))
            elif self._reach_model(board) is not None:
                allowance = self._allowance(s.model)
                lines.append(f"{s.model}: reach with {allowance:g} cm (difficult terrain counts double).")
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
            lines.append(f"Drawing a piece: {len(s.polygon)} corner(s); click to add, Enter to finish, Esc to cancel.")
        return out

    def _reach_model(self, board: Board) -> str | None:
        """The model whose reach region is shown: selected, no target, not being dragged."""
        s = self.sel
        if s.model and not s.target and board.has_base(s.model) and (self._drag is None or self._drag.item != s.model):
            return s.model
        return None

    def _draw_reach(self, board: Board) -> list[Any]:
        model = self._reach_model(board)
        if model is None:
            return []
        region = reach_overlay(board, model, self._allowance(model))
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
        out.append(self._label(f"{ov.distance_cm:.1f} cm", mx, my + 10, 6, size=10, colour=(20, 40, 90, 255), bold=True))
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
                self._overlay_lines.append("A model 0.5 cm elsewhere would change the answer:")
                self._overlay_lines.extend(f"  {n}" for n in found[:6])
            else:
                self._overlay_lines.append("Moving either model 0.5 cm any way changes nothing.")
        out += self._silhouette_inset(r)
        return out

    def _silhouette_inset(self, r: Any) -> list[Any]:
        """The target's silhouette as the shooter sees it, hidden part shaded (bottom of the panel)."""
        width_cm = math.dist(*r.silhouette) or 1.0
        height_cm = r.silhouette_height_cm or 1.0
        k = min((PANEL_W - 60) / width_cm, 90 / height_cm)
        x0 = self.window.width - PANEL_W + 30
        y0 = 24
        out: list[Any] = [shapes.Rectangle(x0, y0, width_cm * k, height_cm * k, color=(120, 200, 120), batch=self.batch, group=self.groups[8])]
        for ring in r.hidden_regions:
            pts = [(x0 + s_ * k, y0 + z * k) for s_, z in ring]
            if len(pts) >= 3:
                out.append(shapes.Polygon(*pts, color=(200, 50, 40, 230), batch=self.batch, group=self.groups[9]))
        out.append(self._label(f"silhouette as {r.shooter} sees it: {100 * r.hidden_fraction:.0f} % hidden (red)", x0, y0 + height_cm * k + 10, 8,
                               size=8, colour=(230, 230, 230, 255), anchor_x="left"))
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

    def panel_lines(self) -> list[str]:
        """The panel's text now: the mode, the palette, the status line and the overlays' sentences."""
        return self._static_lines() + self._overlay_lines

    def _static_lines(self) -> list[str]:
        lines = [self.mode.title(), ""]
        if self.show_help:
            lines += [*_HELP, *(_EDIT_HELP if isinstance(self.mode, EditMode) else ()),
                      *(_PLAY_HELP if isinstance(self.mode, PlayMode) else ()), ""]
        else:
            lines += ["H: keys", ""]
        if self._weapon():
            lines.append(f"Weapon range: {self._weapon():g} cm (W)")
        lines.append("")
        lines += self.mode.panel_lines()
        if isinstance(self.mode, EditMode):
            f, pid, prof = self._profiles[self.palette.profile % len(self._profiles)]
            kit = self._kits[self.palette.kit % len(self._kits)]
            kp = kit.pieces[self.palette.piece % len(kit.pieces)]
            lines.append(f"A adds: {self.palette.side} {f}/{pid} ({prof.base_mm:g} mm, Movement {prof.movement:g})")
            lines.append(f"P places: {kit.id}/{kp.id} ({kp.height:g} cm, {kp.movement})")
            if self.palette.lists:
                lines.append(f"L adds the list: {self.palette.lists[self.palette.next_list % len(self.palette.lists)].name or 'warband'}")
        if self.status:
            lines += ["", self.status]
        return lines + [""]

    def _draw_overlay_text(self, after: int) -> list[Any]:
        if not self._overlay_lines:
            return []
        top = self.window.height - 10 - self._static_height  # right under the rest of the panel
        return [self._label("\n".join(self._overlay_lines), self.window.width - PANEL_W + 10, top, 7, size=9,
                            colour=(250, 230, 160, 255), anchor_x="left", anchor_y="top", width=PANEL_W - 20)]

    def _draw_panel(self, lines: list[str]) -> list[Any]:
        w, h = self.window.width, self.window.height
        x0 = w - PANEL_W
        out: list[Any] = [shapes.Rectangle(x0, 0, PANEL_W, h, color=(28, 30, 36), batch=self.batch, group=self.groups[6])]
        static = self._label("\n".join(lines), x0 + 10, h - 10, 7, size=9, colour=(235, 235, 235, 255), anchor_x="left",
                             anchor_y="top", width=PANEL_W - 20)
        self._static_height = static.content_height
        out.append(static)
        if isinstance(self.mode, ReplayMode):
            area_w = w - PANEL_W
            n = len(self.mode.timeline.frames)
            out.append(shapes.Rectangle(20, 16, area_w - 40, 6, color=(120, 120, 130), batch=self.batch, group=self.groups[6]))
            knob = 20 + (area_w - 40) * (self.mode.index / max(1, n - 1))
            out.append(shapes.Circle(knob, 19, 8, color=_SELECT, batch=self.batch, group=self.groups[7]))
            caption = self.mode.timeline.frames[self.mode.index].caption
            out.append(self._label(caption[:140], 20, 34, 7, size=9, colour=(235, 235, 235, 255), anchor_x="left"))
        if isinstance(self.mode, PlayMode):
            out += self._draw_choices(x0, h - 10 - self._static_height)
            out.append(self._label(self.mode.caption()[:220], 10, SLIDER_H / 2, 7, size=9, colour=(235, 235, 235, 255), anchor_x="left",
                                   anchor_y="center", width=w - PANEL_W - 20))
        return out

    def _draw_choices(self, x0: float, top: float) -> list[Any]:
        """The play mode's choices, one clickable row each, under the panel's text."""
        out: list[Any] = []
        self._choice_boxes = []
        for i, row in enumerate(self.mode.choice_rows(), 1):  # type: ignore[union-attr]
            label = self._label(row, x0 + 14, top, 7, size=9, colour=(250, 215, 120, 255), anchor_x="left", anchor_y="top",
                                width=PANEL_W - 28)
            bottom = top - label.content_height
            out.insert(0, shapes.Rectangle(x0 + 6, bottom - 1, PANEL_W - 12, top - bottom, color=(44, 48, 58) if i % 2 else (36, 39, 47),
                                           batch=self.batch, group=self.groups[6]))
            self._choice_boxes.append((bottom, top, i))
            out.append(label)
            top = bottom - 3
        self._static_height = self.window.height - 10 - top  # the overlay's sentences go under the rows
        return out

    # --- screenshots -----------------------------------------------------------------------------

    def screenshot(self, path: str | Path) -> None:
        """Draw one frame and write it as a PNG (atomically)."""
        self.window.switch_to()
        self.window.dispatch_events()
        self.on_draw()
        buffer = io.BytesIO()
        pyglet.image.get_buffer_manager().get_color_buffer().save(filename="screenshot.png", file=buffer)
        atomic_write_bytes(path, buffer.getvalue())

    # --- events ----------------------------------------------------------------------------------

    def on_resize(self, width: int, height: int) -> None:
        self._layout(width, height)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        self.pointer_px = (float(x), float(y))

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.pointer_px = (float(x), float(y))
        if button in (mouse.RIGHT, mouse.MIDDLE):
            self._drag = _Drag("pan", start_px=(x, y))
            return
        if button == mouse.LEFT and x > self.window.width - PANEL_W and isinstance(self.mode, PlayMode):
            row = next((n for bottom, top, n in self._choice_boxes if bottom <= y <= top), None)
            if row is not None:
                self.mode.choose(row)
                self._after_play()
            return
        if button != mouse.LEFT or x > self.window.width - PANEL_W:
            return
        if isinstance(self.mode, ReplayMode) and y < SLIDER_H:
            self._drag = _Drag("slider")
            self._seek(x)
            return
        p = self.camera.to_table(x, y)
        if self.sel.polygon is not None:
            self.sel.polygon.append(p)
            return
        model = self._model_at(p)
        if model is not None:
            self._drag = _Drag("model", model, (x, y), p)
            return
        piece = self._piece_at(p) if self.mode.editable else None
        self._drag = _Drag("piece" if piece else "click", piece or "", (x, y), p)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        self.pointer_px = (float(x), float(y))
        d = self._drag
        if d is None:
            return
        if d.kind == "pan":
            self.camera.pan_by(dx, dy)
        elif d.kind == "slider":
            self._seek(x)
        elif math.dist((x, y), d.start_px) > 3 and (d.kind != "model" or self.mode.editable):
            d.moved = True

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.pointer_px = (float(x), float(y))
        d, self._drag = self._drag, None
        if d is None or d.kind in ("pan", "slider"):
            return
        p = self.camera.to_table(x, y)
        if isinstance(self.mode, PlayMode) and self.mode.wants_point() and d.kind in ("model", "click") and not d.moved:
            self.mode.click(p)
            self._after_play()
            return
        try:
            if d.kind == "model" and d.moved and isinstance(self.mode, EditMode):
                self.mode.editor.move_model(d.item, p)
                self.status = f"Moved {d.item}."
            elif d.kind == "piece" and d.moved and isinstance(self.mode, EditMode):
                self.mode.editor.move_piece(d.item, (p[0] - d.start_cm[0], p[1] - d.start_cm[1]))
                self.status = f"Moved {d.item}."
            elif d.kind == "model":
                self._click_model(d.item)
            elif d.kind == "piece":
                self.sel.piece = None if self.sel.piece == d.item else d.item
            else:
                self.sel.model = self.sel.target = self.sel.piece = None
        except LandsraadError as exc:
            self.status = str(exc)

    def _click_model(self, model_id: str) -> None:
        s = self.sel
        if s.model is None or s.target is not None:
            s.model, s.target = model_id, None
        elif model_id == s.model:
            s.model = None
        else:
            s.target = model_id

    def _seek(self, x: float) -> None:
        if isinstance(self.mode, ReplayMode):
            area_w = self.window.width - PANEL_W
            self.mode.seek((x - 20) / max(1.0, area_w - 40))

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        self.pointer_px = (float(x), float(y))
        if self.sel.piece and isinstance(self.mode, EditMode):
            self.mode.editor.rotate_piece(self.sel.piece, 15.0 * scroll_y)
            return
        self.camera.zoom_at(x, y, 1.15 ** scroll_y)

    def on_key_press(self, symbol: int, modifiers: int) -> Any:
        try:
            return self._key(symbol, modifiers)
        except LandsraadError as exc:
            self.status = str(exc)
            return pyglet.event.EVENT_HANDLED

    def _key(self, symbol: int, modifiers: int) -> Any:
        ctrl = bool(modifiers & (key.MOD_CTRL | key.MOD_COMMAND))
        shift = bool(modifiers & key.MOD_SHIFT)
        s = self.sel
        p = self._pointer_cm()
        if symbol == key.ESCAPE:
            if s.polygon is not None:
                s.polygon = None
                return pyglet.event.EVENT_HANDLED
            return None  # pyglet's default closes the window
        if symbol == key.HOME and not isinstance(self.mode, ReplayMode):
            self.camera.reset()
        elif symbol in (key.H, key.F1):
            self.show_help = not self.show_help
        elif symbol == key.B:
            s.blast = not s.blast
        elif symbol == key.D:
            s.direct = not s.direct
        elif symbol == key.W:
            s.weapon = (s.weapon + 1) % len(WEAPON_RANGES)
        elif isinstance(self.mode, ReplayMode):
            step = {key.RIGHT: 1, key.LEFT: -1, key.PAGEDOWN: 10, key.PAGEUP: -10, key.END: 10**9, key.HOME: -10**9}.get(symbol)
            if step is not None:
                self.mode.step(step)
        elif isinstance(self.mode, EditMode):
            self._edit_key(symbol, ctrl, shift, p)
        elif isinstance(self.mode, PlayMode):
            self._play_key_press(symbol, ctrl)
        return pyglet.event.EVENT_HANDLED

    def _play_key_press(self, symbol: int, ctrl: bool) -> None:
        mode = self.mode
        assert isinstance(mode, PlayMode)
        digits = {getattr(key, f"_{n}"): n for n in range(10)} | {getattr(key, f"NUM_{n}"): n for n in range(10)}
        if ctrl and symbol == key.S:
            mode.save()
        elif symbol in digits and not ctrl:
            mode.choose(digits[symbol])
        elif symbol in (key.ENTER, key.RETURN, key.NUM_ENTER):
            mode.enter()
        elif symbol == key.S:
            mode.skip()
        elif symbol == key.U or (ctrl and symbol == key.Z):
            mode.undo()
        elif symbol == key.BACKSPACE:
            mode.backspace()
        self._after_play()

    # --- the computer's turns (play) -------------------------------------------------------------

    def _after_play(self) -> None:
        """After a person's answer: show the pending move's reach, and let the computer answer its turns."""
        if not isinstance(self.mode, PlayMode):
            return
        self.sel.model, self.sel.target = self.mode.reach_model(), None
        if not self.mode.computer_pending():
            return
        if self.computer_delay is None:
            while self.mode.computer_pending():
                self.mode.computer_step()
            self.sel.model, self.sel.target = self.mode.reach_model(), None
        elif not self._ticking:
            self._ticking = True
            pyglet.clock.schedule_once(self._computer_tick, self.computer_delay)

    def _computer_tick(self, dt: float) -> None:
        self._ticking = False
        if isinstance(self.mode, PlayMode):
            self.mode.computer_step()
            self._after_play()

    def _edit_key(self, symbol: int, ctrl: bool, shift: bool, p: tuple[float, float]) -> None:
        ed = self.mode.editor  # type: ignore[union-attr]
        s = self.sel
        if ctrl and symbol == key.Z:
            self.status = "Undone." if (ed.redo() if shift else ed.undo()) else "Nothing to undo."
        elif ctrl and symbol == key.Y:
            self.status = "Redone." if ed.redo() else "Nothing to redo."
        elif ctrl and symbol == key.S:
            self.save()
        elif symbol == key.G:
            ed.snap = not ed.snap
        elif symbol == key.A:
            f, pid, _ = self._profiles[self.palette.profile % len(self._profiles)]
            new = ed.add_profile(f, pid, side=self.palette.side, at=p)
            self.status = f"Added {new} ({f}/{pid})."
        elif symbol == key.F:
            self.palette.profile += -1 if shift else 1
        elif symbol == key.S:
            self.palette.side = "blue" if self.palette.side == "red" else "red"
        elif symbol == key.L and self.palette.lists:
            lst = self.palette.lists[self.palette.next_list % len(self.palette.lists)]
            added = ed.add_warband(lst, side=self.palette.side, near=p)
            self.palette.next_list += 1
            self.status = f"Added {len(added)} model(s) of {lst.name or lst.faction}."
        elif symbol == key.TAB:
            if shift:
                self.palette.kit += 1
                self.palette.piece = 0
            else:
                self.palette.piece += 1
        elif symbol == key.P:
            new = ed.place_kit_piece(self._kits[self.palette.kit % len(self._kits)].id, self.palette.piece, p)
            s.piece = new
            self.status = f"Placed {new}."
        elif symbol == key.O:
            s.polygon = []
        elif symbol in (key.ENTER, key.RETURN) and s.polygon is not None:
            pts, s.polygon = s.polygon, None
            s.piece = ed.add_polygon(pts, height=2.0)
            self.status = f"Drew {s.piece} (2 cm, blocked: Up/Down and M change it)."
        elif symbol == key.R and s.piece:
            ed.rotate_piece(s.piece, -15.0 if shift else 15.0)
        elif symbol == key.M and s.piece:
            self.status = f"{s.piece} is now {ed.cycle_movement(s.piece)}."
        elif symbol in (key.UP, key.DOWN) and (s.piece or s.model):
            item = s.piece or s.model
            now = ed.piece(item).height if s.piece else ed.scene.model(item).height
            ed.set_height(item, max(0.0, now + (0.5 if symbol == key.UP else -0.5)))
        elif symbol in (key.DELETE, key.BACKSPACE) and (s.piece or s.model):
            ed.delete(s.piece or s.model)
            s.piece = s.model = s.target = None

    def save(self) -> None:
        """Ctrl+S: write the scene (status line says where, or why not)."""
        if not isinstance(self.mode, EditMode):
            return
        target = self.save_path or Path("landsraad-scene.yaml")
        try:
            self.mode.editor.save(target)
            self.status = f"Saved {target}."
        except LandsraadError as exc:
            self.status = f"Not saved: {exc}"


def _rings(geom: BaseGeometry) -> list[list[tuple[float, float]]]:
    out: list[list[tuple[float, float]]] = []
    for g in getattr(geom, "geoms", [geom]):
        if isinstance(g, Polygon) and not g.is_empty:
            out.append(list(g.exterior.coords))
            out += [list(i.coords) for i in g.interiors]
    return out
