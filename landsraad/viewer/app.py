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
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

import pyglet

# No hidden "shadow" window at import: importing the module must work without a display
# (doctest collection, `landsraad view` telling the user there is none).
pyglet.options["shadow_window"] = False

from pyglet import shapes  # noqa: E402 - after the option above
from pyglet.graphics import Batch, Group  # noqa: E402
from pyglet.window import key, mouse  # noqa: E402
from shapely.geometry import Point as ShapelyPoint  # noqa: E402

from ..content import faction_ids, load_faction
from ..errors import LandsraadError
from ..fileio import atomic_write_bytes
from ..geometry.board import Board
from ..i18n import N_, _, decimal, ngettext
from ..kits import kit_ids, load_kit
from ..play.session import sentence
from ..svg import side_colours
from .autosave import write_crash_report
from .camera import Camera
from .draw import _SELECT, DEFAULT_MOVEMENT_CM, SAND, Artist, rgb, short_label, short_labels
from .modes import EditMode, ReplayMode
from .overlays import (
    WEAPON_RANGES,
)
from .playing import PlayMode
from .threat import ThreatView, level_geometries

__all__ = ["Viewer", "PANEL_W", "SLIDER_H", "HOVER_DELAY_S", "DEFAULT_MOVEMENT_CM", "rgb", "short_label", "short_labels", "SAND",
           "panel_width"]

PANEL_W = 340
"""Width of the text panel on the right, in pixels, for windows 1000 to 1400 pixels wide (:func:`panel_width`)."""
SLIDER_H = 44
"""Height of the replay strip under the table, in pixels."""

HOVER_DELAY_S = 0.35
"""How long the pointer rests on a model before its hover card shows (not while clicking and aiming)."""

_HELP = (
    N_("Click a model: reach and moves; then another: shooter -> target."),
    N_("W weapon range, B blast, D direct-fire line; wheel zoom, right drag pan, Home."),
    N_("T threat map of the selected model (Shift+T what it threatens; scenes only)."),
)
"""The keys help (H), in English; translated with ``_()`` where shown, as the other texts of the panel."""
_EDIT_HELP = (
    N_("Drag models and pieces. A adds a model (F profile, S side, E on its deployment edge), L a warband list; P places a piece "
       "(Tab piece, Shift+Tab kit); O draws one (Enter ends); R or the wheel turns it, Up/Down height, M kind; "
       "Delete; G snap; Ctrl+Z / Ctrl+Y undo / redo; Ctrl+S save; Esc clears. Every change is autosaved."),
)
_PLAY_HELP = (
    N_("1-9 or a click on a choice answers it; a point: click the table; digits then Enter for a ranked pick or dice "
       "(Enter alone: the default or a roll); S or Enter skips; U undo; Ctrl+S save."),
)

_WORDS = (N_("blocked"), N_("difficult"), N_("open"), N_("south"), N_("north"), N_("west"), N_("east"), N_("red"), N_("blue"))
"""Values shown as words in the panel (a terrain piece's kind, a table edge, a side): marked for the catalog."""


def panel_width(window_width: int) -> int:
    """The text panel's width for a window: :data:`PANEL_W`, narrower in a narrow window (never under
    240 pixels, so its lines stay readable), wider in a wide one (up to 480).

    >>> panel_width(1100), panel_width(700), panel_width(2400)
    (340, 240, 480)
    """
    if window_width < 1000:
        return max(240, int(window_width * 0.34))
    return min(480, PANEL_W + max(0, int((window_width - 1400) * 0.2)))


_UNSET = object()


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


class Viewer(Artist):
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
        self.groups = [Group(order=i) for i in range(12)]  # 0 table ... 6-7 panel, 8-9 the silhouette inset, 10-11 the hover card
        board = mode.board
        self.camera = Camera(board.width, board.depth)
        self.sel = Selection()
        self.palette = _Palette()
        self.pointer_px: tuple[float, float] = (-1.0, -1.0)
        self.still_since = time.monotonic()
        """When the pointer last moved or a button was pressed (the hover card waits :data:`HOVER_DELAY_S`)."""
        self.status = ""
        self.show_help = False
        self.crashes: list[Path] = []
        """Crash files written this session (an unexpected error; the window went on)."""
        self._crash_seen: set[tuple[str, str, str]] = set()
        self._nudges: tuple[Any, tuple[str, ...]] | None = None
        self._drag: _Drag | None = None
        self._layers: dict[str, list[Any]] = {"table": [], "bases": [], "dragged": [], "reach": [], "overlay": [], "step": [], "panel": [],
                                              "text": [], "hover": [], "threat": []}
        self.threat_view: ThreatView | None = None  # T: the threat map shown, if any
        self._keys: dict[str, Any] = {}
        self._persist: dict[str, Any] = {}  # labels kept across rebuilds, their text changed: a new label lays its text out twice
        self._used: set[str] = set()
        self._labels_cache: tuple[Any, tuple[dict[str, str], dict[str, str]]] | None = None
        self._overlay_lines: list[str] = []
        self._static_height = 0
        self._legend_height = 0
        self._reach_problem = ""
        self._profiles = [(f, p.id, p) for f in faction_ids() for p in load_faction(f).profiles]
        self._kits = [load_kit(k) for k in kit_ids()]
        self.computer_delay = computer_delay
        self._choice_boxes: list[tuple[float, float, int]] = []  # play: (bottom, top, number) of each choice row
        self._ticking = False
        self._coords = pyglet.text.Label("", x=8, y=8, font_size=9, color=(235, 235, 235, 255), anchor_x="left", anchor_y="top",
                                         batch=self.batch, group=self.groups[7])
        self._layout(window.width, window.height)
        window.push_handlers(self)
        self._guard(N_("starting the game"), self._after_play)

    # --- nothing a person does closes the window -------------------------------------------------

    def _guard(self, context: str, handler: Any, *args: Any) -> Any:
        """Run an event handler: a :class:`LandsraadError` becomes the panel's status line; any other
        error a status line and a crash file, after an emergency save of the table (issue 43).
        Then the table (or the game) is autosaved if it changed."""
        try:
            handler(*args)
        except LandsraadError as exc:
            self.status = sentence(exc)
        except Exception as exc:  # noqa: BLE001 - the one place the window outlives a bug (issue 43); reported, saved, never hidden
            self._crashed(context, exc)
        self._autosave()
        return pyglet.event.EVENT_HANDLED  # never pyglet's default: Esc does not close the window

    def _autosave(self) -> None:
        try:
            self.mode.after_change()
        except LandsraadError as exc:
            self.status = sentence(exc)
        except Exception as exc:  # noqa: BLE001 - as in _guard: an autosave that fails must not close the window
            self._crashed("autosaving", exc)

    def _crashed(self, context: str, exc: BaseException) -> None:
        """An unexpected error: save the table, write a crash file (once per distinct error), say so."""
        try:
            saved = self.mode.emergency_save()
        except Exception:  # noqa: BLE001 - the crash report must still be written
            saved = None
        sig = (context, type(exc).__name__, str(exc)[:200])
        if sig in self._crash_seen:
            crash = _(" (the same error as before: one crash file)")
        else:
            self._crash_seen.add(sig)
            report = write_crash_report(exc, context, saved)
            if report is not None:
                self.crashes.append(report)
            crash = _(" Details: {report}.").format(report=report) if report else _(" (the crash file could not be written)")
        where = _(" The table is saved in {path}.").format(path=saved) if saved else ""
        self.status = _("Unexpected error while {context} ({error}); the window goes on.{where}{crash} Please report it.").format(
            context=_(context), error=f"{type(exc).__name__}: {str(exc)[:120]}", where=where, crash=crash)

    # --- geometry of the window ------------------------------------------------------------------

    @property
    def panel_w(self) -> int:
        """The text panel's width now (:func:`panel_width` of the window's)."""
        return panel_width(self.window.width)

    def _layout(self, width: int, height: int) -> None:
        bottom = SLIDER_H if isinstance(self.mode, (ReplayMode, PlayMode)) else 0
        self.camera.area = (0.0, float(bottom), float(max(50, width - panel_width(width))), float(max(50, height - bottom)))

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

    def _hovered(self) -> str | None:
        """The model under the pointer, when no button is held and the pointer is on the table area."""
        if self._drag is not None or self.pointer_px[0] < 0 or self.pointer_px[0] > self.window.width - self.panel_w:
            return None
        if time.monotonic() - self.still_since < HOVER_DELAY_S:
            return None
        return self._model_at(self._pointer_cm())

    # --- drawing ---------------------------------------------------------------------------------

    def on_draw(self) -> None:
        self.window.clear()
        self.refresh()
        try:
            self.batch.draw()
        except Exception as exc:  # noqa: BLE001 - a drawing bug must not close the window (issue 43)
            self._crashed("drawing", exc)

    def _layer(self, name: str, key_: Any, build: Any, *args: Any) -> None:
        """Rebuild layer ``name`` when its key changed; a layer that fails is left empty and said in
        the panel (its key kept, so it is not retried every frame until its inputs change)."""
        if self._keys.get(name, _UNSET) == key_:
            return
        self._keys[name] = key_
        items: list[Any] = []
        try:
            items = build(*args)
        except LandsraadError as exc:
            self.status = sentence(exc)
        except Exception as exc:  # noqa: BLE001 - a drawing bug must not close the window (issue 43)
            self._crashed(f"drawing the {name} layer", exc)  # its context is not translated: it names a layer
        self._rebuild(name, items)

    def refresh(self) -> None:
        """Rebuild the layers whose inputs changed (called by ``on_draw``); never raises."""
        try:
            self._refresh()
        except Exception as exc:  # noqa: BLE001 - a key computed from a broken state: reported, the frame still drawn
            self._crashed("drawing", exc)

    def _refresh(self) -> None:
        board = self.board
        still = self.mode.board
        cam = (self.camera.area, self.camera.zoom, self.camera.pan)
        bkey = (board, cam, self.sel.model, self.sel.target, self.sel.piece)
        # a dragged model is drawn on its own, so the rest of the table is not rebuilt per pointer move
        dragged = self._drag.item if self._drag is not None and self._drag.kind == "model" and self._drag.moved else None
        names = self.mode.names()
        self._layer("table", (still.width, still.depth, still.terrain, still.markers, tuple(side_colours(still).items()), cam,
                              self.sel.piece), self._draw_table, still)
        conditions = None if isinstance(self.mode, EditMode) else tuple(self.mode.condition(b.id) for b in still.bases)
        active = self.mode.active()
        self._layer("bases", (still.bases, cam, self.sel.model, self.sel.target, dragged, tuple(names.items()), conditions, active),
                    self._draw_bases, still, dragged, None)
        self._layer("dragged", (board, cam, dragged, tuple(names.items())), self._draw_dragged, board, dragged)
        self._layer("step", (self._step_key(), cam), self._draw_step)
        lines = self._static_lines()
        legend = self._legend(names)
        pkey = (tuple(lines), tuple(legend), self.window.width, self.window.height, self._slider_key(), self._play_key())
        self._layer("panel", pkey, self._draw_panel, lines, legend)
        if isinstance(self.mode, EditMode):  # T: the threat map, following a dragged model (throttled, viewer/threat.py)
            tv = self.threat_view
            shown = tv.board_to_show(board, still) if tv is not None else still
            self._layer("threat", (shown, cam, tv and (tv.model, tv.reverse)), self._draw_threat, shown)
        # the reach region changes only with the board or the selection: built once, not per pointer move
        self._layer("reach", (bkey, self._reach_model(board)), self._draw_reach, board)
        okey = (bkey, self._overlay_inputs(), self._legend_height, self.window.width)
        if self._keys.get("overlay", _UNSET) != okey:
            self._overlay_lines = []
        self._layer("overlay", okey, self._draw_overlays, board)
        # the overlay's sentences change with the pointer: their own small label, under the rest
        self._layer("text", (tuple(self._overlay_lines), self.window.width, self.window.height, len(lines), self._static_height),
                    self._draw_overlay_text, len(lines))
        hovered = self._hovered()
        self._layer("hover", (hovered, hovered and board.base(hovered), self.pointer_px if hovered else None, self._play_key(),
                              self._slider_key(), self.window.width, self.window.height), self._draw_hover, hovered)
        self._update_coords()

    def _update_coords(self) -> None:
        """The pointer's table coordinates, top left of the table area (one label, its text changed)."""
        x, y = self._pointer_cm()
        board = self.mode.board
        on = 0 <= x <= board.width and 0 <= y <= board.depth and 0 <= self.pointer_px[0] <= self.window.width - self.panel_w
        text = (_("pointer x {x} cm, y {y} cm").format(x=decimal(f"{x:.1f}"), y=decimal(f"{y:.1f}")) if on
                else _("pointer off the table"))
        if self._coords.text != text:
            self._coords.text = text
        top = self.window.height - 4
        if (self._coords.x, self._coords.y) != (8, top):
            self._coords.position = (8, top, 0)

    def detach(self) -> None:
        """Stop handling the window's events and free every shape (the window stays open)."""
        pyglet.clock.unschedule(self._computer_tick)
        self._ticking = False
        self.window.remove_handlers(self)
        for layer in self._layers:
            self._rebuild(layer, [])
        self._coords.delete()
        for label in self._persist.values():
            label.delete()
        self._persist.clear()

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

    def panel_lines(self) -> list[str]:
        """The panel's text now: the mode, the palette, the status line and the overlays' sentences."""
        return self._static_lines() + self._overlay_lines

    def _static_lines(self) -> list[str]:
        lines = [self.mode.title(), ""]
        if self.show_help:
            lines += [*map(_, _HELP), *map(_, _EDIT_HELP if isinstance(self.mode, EditMode) else ()),
                      *map(_, _PLAY_HELP if isinstance(self.mode, PlayMode) else ()), ""]
        else:
            lines += [_("H: keys"), ""]
        if self._weapon():
            lines.append(_("Weapon range: {range} cm (W)").format(range=decimal(f"{self._weapon():g}")))
        lines.append("")
        lines += self.mode.panel_lines()
        if isinstance(self.mode, EditMode):
            f, pid, prof = self._profiles[self.palette.profile % len(self._profiles)]
            kit = self._kits[self.palette.kit % len(self._kits)]
            kp = kit.pieces[self.palette.piece % len(kit.pieces)]
            lines.append(_("A adds: {side} {card} ({base} mm, Movement {movement})").format(
                side=_(self.palette.side), card=f"{f}/{pid}", base=decimal(f"{prof.base_mm:g}"), movement=decimal(f"{prof.movement:g}")))
            lines.append(_("P places: {piece} ({height} cm, {kind})").format(
                piece=f"{kit.id}/{kp.id}", height=decimal(f"{kp.height:g}"), kind=_(kp.movement)))
            if self.palette.lists:
                listed = self.palette.lists[self.palette.next_list % len(self.palette.lists)]
                lines.append(_("L adds the list: {name}").format(name=listed.name or _("warband")))
        if self.status:
            lines += ["", self.status]
        return lines + [""]

    def _draw_overlay_text(self, after: int) -> list[Any]:
        """The overlays' sentences right under the rest of the panel: one kept label per line, so a
        pointer move lays out only the lines that changed (the distance, the cover), not all."""
        top = self.window.height - 10 - self._static_height
        names = [f"overlay-line-{i}" for i in range(len(self._overlay_lines))]
        self._used.difference_update(n for n in self._persist if n.startswith("overlay-line-"))
        for name, line in zip(names, self._overlay_lines):
            self._kept_label(name, line, self.window.width - self.panel_w + 10, top, 7, size=9, colour=(250, 230, 160, 255),
                             anchor_x="left", anchor_y="top", width=self.panel_w - 20)
            top -= self._persist[name].content_height
        self._hide_unused([n for n in self._persist if n.startswith("overlay-line-")])
        return []

    def _legend(self, names: dict[str, str]) -> list[str]:
        """The legend at the bottom of the panel: each card's abbreviation, and what the marks mean."""
        _labels, legend = self.labels()
        out = [f"{abbr} = {card}" for abbr, card in sorted(legend.items())]
        board = self.mode.board
        if board.markers:
            out.append(_("hollow token, diamond: objective marker"))
        if not isinstance(self.mode, EditMode):
            out.append(_("white ring: active model; red dots: wounds (1 light, 2 grave); dark dots: fatigue"))
        return out

    def _draw_panel(self, lines: list[str], legend: Sequence[str] = ()) -> list[Any]:
        w, h = self.window.width, self.window.height
        pw = self.panel_w
        x0 = w - pw
        out: list[Any] = [shapes.Rectangle(x0, 0, pw, h, color=(28, 30, 36), batch=self.batch, group=self.groups[6])]
        static = self._label("\n".join(lines), x0 + 10, h - 10, 7, size=9, colour=(235, 235, 235, 255), anchor_x="left",
                             anchor_y="top", width=pw - 20)
        self._static_height = static.content_height
        out.append(static)
        self._legend_height = 0
        if legend:
            cards = [t for t in legend if " = " in t]
            notes = [t for t in legend if " = " not in t]
            half = (len(cards) + 1) // 2 if all(len(t) <= 24 for t in cards) else len(cards)  # long entries: one column
            y = 8
            if notes:
                note = self._label("\n".join(notes), x0 + 10, y, 7, size=8, colour=(190, 190, 200, 255), anchor_x="left",
                                   anchor_y="bottom", width=pw - 20)
                out.append(note)
                y += note.content_height + 2
            if cards:
                left = self._label("\n".join(cards[:half]), x0 + 10, y, 7, size=8, colour=(210, 210, 220, 255), anchor_x="left",
                                   anchor_y="bottom", width=(pw - 30) // 2 if half < len(cards) else pw - 20)
                right = self._label("\n".join(cards[half:]) or " ", x0 + 20 + (pw - 30) // 2, y, 7, size=8, colour=(210, 210, 220, 255),
                                    anchor_x="left", anchor_y="bottom", width=(pw - 30) // 2)
                out += [left, right]
                y += max(left.content_height, right.content_height) + 2
            out.append(self._label(_("Legend"), x0 + 10, y, 7, size=8, colour=(150, 150, 160, 255), anchor_x="left", anchor_y="bottom", bold=True))
            self._legend_height = y + 14
        if isinstance(self.mode, ReplayMode):
            area_w = w - pw
            n = len(self.mode.timeline.frames)
            out.append(shapes.Rectangle(20, 16, area_w - 40, 6, color=(120, 120, 130), batch=self.batch, group=self.groups[6]))
            knob = 20 + (area_w - 40) * (self.mode.index / max(1, n - 1))
            out.append(shapes.Circle(knob, 19, 8, color=_SELECT, batch=self.batch, group=self.groups[7]))
            caption = self.mode.timeline.frames[self.mode.index].caption
            out.append(self._label(caption[:140], 20, 34, 7, size=9, colour=(235, 235, 235, 255), anchor_x="left"))
        if isinstance(self.mode, PlayMode):
            out += self._draw_choices(x0, h - 10 - self._static_height)
            out.append(self._label(self.mode.caption()[:220], 10, SLIDER_H / 2, 7, size=9, colour=(235, 235, 235, 255), anchor_x="left",
                                   anchor_y="center", width=w - pw - 20))
        return out

    def _draw_choices(self, x0: float, top: float) -> list[Any]:
        """The play mode's choices, one clickable row each, under the panel's text."""
        out: list[Any] = []
        self._choice_boxes = []
        for i, row in enumerate(self.mode.choice_rows(), 1):  # type: ignore[union-attr]
            label = self._label(row, x0 + 14, top, 7, size=9, colour=(250, 215, 120, 255), anchor_x="left", anchor_y="top",
                                width=self.panel_w - 28)
            bottom = top - label.content_height
            out.insert(0, shapes.Rectangle(x0 + 6, bottom - 1, self.panel_w - 12, top - bottom, color=(44, 48, 58) if i % 2 else (36, 39, 47),
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

    # Every handler pyglet calls goes through _guard: nothing a person does closes the window.

    def on_resize(self, width: int, height: int) -> Any:
        self._guard(N_("resizing the window"), self._layout, width, height)
        return None  # pyglet's own on_resize sets the viewport and projection for the new size

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> Any:
        self.pointer_px = (float(x), float(y))
        self.still_since = time.monotonic()

    def on_mouse_leave(self, x: int, y: int) -> Any:
        self.pointer_px = (-1.0, -1.0)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> Any:
        return self._guard(N_("handling a click"), self._mouse_press, x, y, button, modifiers)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> Any:
        return self._guard(N_("handling a drag"), self._mouse_drag, x, y, dx, dy, buttons, modifiers)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> Any:
        return self._guard(N_("handling a click"), self._mouse_release, x, y, button, modifiers)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> Any:
        return self._guard(N_("handling the wheel"), self._mouse_scroll, x, y, scroll_x, scroll_y)

    def on_key_press(self, symbol: int, modifiers: int) -> Any:
        return self._guard(N_("handling a key"), self._key, symbol, modifiers)

    def _mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.pointer_px = (float(x), float(y))
        self.still_since = time.monotonic()
        if button in (mouse.RIGHT, mouse.MIDDLE):
            self._drag = _Drag("pan", start_px=(x, y))
            return
        if button == mouse.LEFT and x > self.window.width - self.panel_w and isinstance(self.mode, PlayMode):
            row = next((n for bottom, top, n in self._choice_boxes if bottom <= y <= top), None)
            if row is not None:
                self.mode.choose_row(row)
                self._after_play()
            return
        if button != mouse.LEFT or x > self.window.width - self.panel_w:
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

    def _mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        self.pointer_px = (float(x), float(y))
        self.still_since = time.monotonic()
        d = self._drag
        if d is None:
            return
        if d.kind == "pan":
            self.camera.pan_by(dx, dy)
        elif d.kind == "slider":
            self._seek(x)
        elif math.dist((x, y), d.start_px) > 3 and (d.kind != "model" or self.mode.editable):
            d.moved = True

    def _mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.pointer_px = (float(x), float(y))
        self.still_since = time.monotonic()
        d, self._drag = self._drag, None
        if d is None or d.kind in ("pan", "slider"):
            return
        p = self.camera.to_table(x, y)
        if isinstance(self.mode, PlayMode) and self.mode.wants_point() and d.kind in ("model", "click") and not d.moved:
            self.mode.click(p)
            self._after_play()
            return
        if d.kind == "model" and d.moved and isinstance(self.mode, EditMode):
            self.mode.editor.move_model(d.item, p)
            self.status = _("Moved {item}.").format(item=d.item)
        elif d.kind == "piece" and d.moved and isinstance(self.mode, EditMode):
            self.mode.editor.move_piece(d.item, (p[0] - d.start_cm[0], p[1] - d.start_cm[1]))
            self.status = _("Moved {item}.").format(item=d.item)
        elif d.kind == "model":
            self._click_model(d.item)
        elif d.kind == "piece":
            self.sel.piece = None if self.sel.piece == d.item else d.item
        else:
            self.sel.model = self.sel.target = self.sel.piece = None

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
            area_w = self.window.width - self.panel_w
            self.mode.seek((x - 20) / max(1.0, area_w - 40))

    def _mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        self.pointer_px = (float(x), float(y))
        if self.sel.piece and isinstance(self.mode, EditMode):
            self.mode.editor.rotate_piece(self.sel.piece, 15.0 * scroll_y)
            return
        self.camera.zoom_at(x, y, 1.15 ** scroll_y)

    def _key(self, symbol: int, modifiers: int) -> Any:
        ctrl = bool(modifiers & (key.MOD_CTRL | key.MOD_COMMAND))
        shift = bool(modifiers & key.MOD_SHIFT)
        s = self.sel
        p = self._pointer_cm()
        if symbol == key.ESCAPE:  # cancels; never closes the window (the window's close button does)
            if s.polygon is not None:
                s.polygon = None
            else:
                s.model = s.target = s.piece = None
                s.blast = s.direct = False
            return pyglet.event.EVENT_HANDLED
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
        elif symbol == key.T and isinstance(self.mode, EditMode):
            self._toggle_threat(shift)
        elif isinstance(self.mode, ReplayMode):
            step = {key.RIGHT: 1, key.LEFT: -1, key.PAGEDOWN: 10, key.PAGEUP: -10, key.END: 10**9, key.HOME: -10**9}.get(symbol)
            if step is not None:
                self.mode.step(step)
        elif isinstance(self.mode, EditMode):
            self._edit_key(symbol, ctrl, shift, p)
        elif isinstance(self.mode, PlayMode):
            self._play_key_press(symbol, ctrl)
        return pyglet.event.EVENT_HANDLED

    def _toggle_threat(self, reverse: bool) -> None:
        """T: show the selected model's threat map (Shift: reversed); T again on the same map hides it."""
        tv, model = self.threat_view, self.sel.model
        if model is None:
            self.threat_view = None
            self.status = _("Threat map hidden.") if tv else _("Select a model first: T shows who could shoot or charge it where.")
        elif tv is not None and (tv.model, tv.reverse) == (model, reverse):
            self.threat_view = None
            self.status = _("Threat map hidden.")
        else:
            self.threat_view = ThreatView(model, reverse)

    def _draw_threat(self, board: Board) -> list[Any]:
        tv = self.threat_view
        if tv is None or not isinstance(self.mode, EditMode):
            return []
        scene = self.mode.editor.scene
        if not scene.board.has_base(tv.model) or not board.has_base(tv.model):
            self.threat_view = None
            return []
        tm = tv.map_for(scene, board)
        self.status = tv.status(tm, board)
        out: list[Any] = []
        for geometry, colour in level_geometries(tm):
            out += self._fill(geometry, (*colour, 120), 2)
        return out

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
            self._guard(N_("the computer's turn"), self._computer_answer)

    def _computer_answer(self) -> None:
        assert isinstance(self.mode, PlayMode)
        self.mode.computer_step()
        self._after_play()

    def _edit_key(self, symbol: int, ctrl: bool, shift: bool, p: tuple[float, float]) -> None:
        ed = self.mode.editor  # type: ignore[union-attr]
        s = self.sel
        mode = self.mode
        assert isinstance(mode, EditMode)
        if mode.offer is not None and symbol in (key.Y, key.N):
            self.status = mode.answer_offer(symbol == key.Y)
        elif ctrl and symbol == key.Z:
            if shift:
                self.status = _("Redone.") if ed.redo() else _("Nothing to redo.")
            else:
                self.status = _("Undone.") if ed.undo() else _("Nothing to undo.")
        elif ctrl and symbol == key.Y:
            self.status = _("Redone.") if ed.redo() else _("Nothing to redo.")
        elif ctrl and symbol == key.S:
            self.save()
        elif symbol == key.G:
            ed.snap = not ed.snap
        elif symbol == key.E:
            mode.deploy_on_edge = not mode.deploy_on_edge
        elif symbol == key.A:
            f, pid, _prof = self._profiles[self.palette.profile % len(self._profiles)]
            edge = mode.edge_of(self.palette.side) if mode.deploy_on_edge else None
            new = ed.add_profile(f, pid, side=self.palette.side, at=p, edge=edge)
            at = ed.scene.model(new).at
            where = _("({x}, {y})").format(x=decimal(f"{at[0]:g}"), y=decimal(f"{at[1]:g}"))
            self.status = (_("Added {model} ({card}) at {point}, on the {edge} edge.").format(model=new, card=f"{f}/{pid}", point=where,
                                                                                             edge=_(edge)) if edge else
                           _("Added {model} ({card}) at {point}.").format(model=new, card=f"{f}/{pid}", point=where))
        elif symbol == key.F:
            self.palette.profile += -1 if shift else 1
        elif symbol == key.S:
            self.palette.side = "blue" if self.palette.side == "red" else "red"
        elif symbol == key.L and self.palette.lists:
            lst = self.palette.lists[self.palette.next_list % len(self.palette.lists)]
            added = ed.add_warband(lst, side=self.palette.side, near=p)
            self.palette.next_list += 1
            self.status = ngettext("Added {n} model of {name}.", "Added {n} models of {name}.", len(added)).format(
                n=len(added), name=lst.name or lst.faction)
        elif symbol == key.TAB:
            if shift:
                self.palette.kit += 1
                self.palette.piece = 0
            else:
                self.palette.piece += 1
        elif symbol == key.P:
            new = ed.place_kit_piece(self._kits[self.palette.kit % len(self._kits)].id, self.palette.piece, p)
            s.piece = new
            self.status = _("Placed {piece}.").format(piece=new)
        elif symbol == key.O:
            s.polygon = []
        elif symbol in (key.ENTER, key.RETURN) and s.polygon is not None:
            pts, s.polygon = s.polygon, None
            s.piece = ed.add_polygon(pts, height=2.0)
            self.status = _("Drew {piece} (2 cm, blocked: Up/Down and M change it).").format(piece=s.piece)
        elif symbol == key.R and s.piece:
            ed.rotate_piece(s.piece, -15.0 if shift else 15.0)
        elif symbol == key.M and s.piece:
            self.status = _("{piece} is now {kind}.").format(piece=s.piece, kind=_(ed.cycle_movement(s.piece)))
        elif symbol in (key.UP, key.DOWN) and (s.piece or s.model):
            item = s.piece or s.model
            now = ed.piece(item).height_cm if s.piece else ed.scene.model(item).height_cm
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
        except LandsraadError as exc:
            self.status = _("Not saved: {problem}").format(problem=exc.localized())
        else:
            self.mode.saved()
            self.status = _("Saved {path}.").format(path=target)
