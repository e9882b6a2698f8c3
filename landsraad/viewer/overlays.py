"""Adjudication overlays: what the viewer shows, every number computed by :mod:`landsraad.geometry`.

Plain Python, no pyglet: each function asks the geometry library and packs the answer with the
sentences the viewer's panel prints. Nothing here measures, tests sight or plans a path on
its own. Answers are cached per board (boards are immutable and hashable), so an overlay that
follows the pointer over a static board only recomputes what the pointer changes: the reach
region of the selected model is computed once per board, the move to the pointer each time.

Examples
--------
>>> from landsraad.content import data_dir
>>> from landsraad.scene import load_scene
>>> board = load_scene(data_dir("scenes") / "reference.yaml").board
>>> s = sight_overlay(board, "red-1", "blue-1", weapon_range_cm=15)
>>> s.distance_cm == edge_distance(board.base("red-1"), board.base("blue-1"))
True
>>> s.lines()[0]
'red-1 -> blue-1: 25.2 cm edge to edge.'
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from ..geometry.board import Board, Point
from ..geometry.measure import edge_distance, range_band, report_cm
from ..geometry.movement import MoveResult, plan_move, reach_region
from ..geometry.sight import CoverResult, cover, nearest_in_sight
from ..geometry.templates import BLAST_RADIUS_CM, blast_shape, direct_shape, under_blast, under_direct
from ..i18n import EDGE_NAMES, N_, _, decimal, joined, localized, message, ngettext, percent

__all__ = [
    "NUDGE_CM",
    "WEAPON_RANGES",
    "SightOverlay",
    "sight_overlay",
    "hidden_by",
    "enemies_of",
    "nudges",
    "reach_overlay",
    "move_overlay",
    "TemplateOverlay",
    "blast_overlay",
    "direct_overlay",
    "describe_move",
]

WEAPON_RANGES: tuple[float | None, ...] = (None, 10.0, 15.0, 20.0, 30.0)
"""The weapon ranges the viewer offers (None: no range band; the direct-fire line is then 20 cm)."""

NUDGE_CM = 0.5
"""How far "would the answer change if a model stood elsewhere" moves the shooter or the target."""

_COVER_WORDS = {"none": N_("no cover"), "small": N_("small cover (+2)"), "large": N_("large cover (+4)"),
                "no_line_of_sight": N_("no line of sight")}
_DIRECTIONS = {"north": (0.0, 1.0), "east": (1.0, 0.0), "south": (0.0, -1.0), "west": (-1.0, 0.0)}


def _cm(x: float) -> str:
    return decimal(f"{report_cm(x):.1f}") + " cm"


def enemies_of(board: Board, model_id: str) -> tuple[str, ...]:
    """The models of another side than ``model_id``'s (every other model when it has no side)."""
    side = board.base(model_id).side
    return tuple(b.id for b in board.bases if b.id != model_id and (side is None or b.side != side))


def hidden_by(board: Board, result: CoverResult) -> tuple[tuple[str, str], ...]:
    """What hides the target: ``(kind, id)`` pairs, kind ``terrain`` or ``model``.

    The ids come from :attr:`CoverResult.obstacles` (the library's answer); this only says
    which kind each is, for the panel. When :mod:`landsraad.geometry` offers a dedicated
    "what hides the target" function (``cover_from``), this is the one place to call it.
    """
    models = {b.id for b in board.bases}
    return tuple(("model" if o in models else "terrain", o) for o in result.obstacles)


@dataclass(frozen=True)
class SightOverlay:
    """A shooter and a target: distance, sight, cover, range band and the nearest-target rule."""

    shooter: str
    target: str
    distance_cm: float
    result: CoverResult
    hiders: tuple[tuple[str, str], ...]
    weapon_range_cm: float | None
    band: int | None
    nearest: tuple[str, ...]

    def lines(self) -> list[str]:
        """The panel's sentences."""
        r = self.result
        out = [_("{shooter} -> {target}: {distance} edge to edge.").format(shooter=self.shooter, target=self.target,
                                                                           distance=_cm(self.distance_cm))]
        if r.line_of_sight:
            pct = percent(f"{100 * r.hidden_fraction:.0f}")
            text = (_("Line of sight: yes; {pct} of the silhouette hidden: {cover} (borderline: the error bound reaches a threshold).")
                    if r.borderline else _("Line of sight: yes; {pct} of the silhouette hidden: {cover}."))
            out.append(text.format(pct=pct, cover=_(_COVER_WORDS[r.cover])))
        else:
            out.append(_("Line of sight: no (the whole silhouette is hidden)."))
        if self.hiders:
            out.append(_("Hidden by: {hiders}.").format(hiders=", ".join(
                (_("model {name}") if kind == "model" else _("terrain {name}")).format(name=name) for kind, name in self.hiders)))
        elif r.hidden_fraction > 0:
            out.append(_("Hidden by: (unnamed)."))
        if self.weapon_range_cm is not None and self.band is not None:
            where = _("within range") if self.band == 0 else ngettext("{n} band out (-{n})", "{n} bands out (-{n})", self.band).format(n=self.band)
            out.append(_("Range {range} cm: {where}.").format(range=decimal(f"{self.weapon_range_cm:g}"), where=where))
        if self.nearest:
            verdict = _("the target is the nearest") if self.target in self.nearest else _("the target is NOT the nearest")
            out.append(_("Nearest enemy in sight: {models} ({verdict}; RUL-08).").format(models=", ".join(self.nearest), verdict=verdict))
        else:
            out.append(_("Nearest enemy in sight: none."))
        return out


@functools.lru_cache(maxsize=256)
def _cover(board: Board, shooter: str, target: str, models_block: bool) -> CoverResult:
    return cover(board, shooter, target, models_block=models_block)


@functools.lru_cache(maxsize=64)
def _nearest(board: Board, shooter: str, models_block: bool) -> tuple[str, ...]:
    return nearest_in_sight(board, shooter, enemies_of(board, shooter), models_block=models_block)


def sight_overlay(board: Board, shooter: str, target: str, *, weapon_range_cm: float | None = None,
                  models_block: bool = True) -> SightOverlay:
    """Everything the panel says about ``shooter`` shooting at ``target``.

    Parameters
    ----------
    board
        The table.
    shooter, target
        Model ids.
    weapon_range_cm
        The chosen weapon's range (for the range band), or None.
    models_block
        Whether other models block sight (``Ruleset.models_block_sight``).

    Returns
    -------
    SightOverlay
        Distance (:func:`~landsraad.geometry.measure.edge_distance`), cover
        (:func:`~landsraad.geometry.sight.cover`), range band and the nearest enemies in sight
        (:func:`~landsraad.geometry.sight.nearest_in_sight`).

    Raises
    ------
    GeometryError
        For an unknown model id.
    """
    result = _cover(board, shooter, target, models_block)
    dist = edge_distance(board.base(shooter), board.base(target))
    band = range_band(dist, weapon_range_cm) if weapon_range_cm else None
    return SightOverlay(shooter, target, dist, result, hidden_by(board, result), weapon_range_cm, band,
                        _nearest(board, shooter, models_block))


def _answer(board: Board, shooter: str, target: str, weapon_range_cm: float | None, models_block: bool) -> tuple[str, int | None, bool]:
    cls = _cover(board, shooter, target, models_block).cover
    band = range_band(edge_distance(board.base(shooter), board.base(target)), weapon_range_cm) if weapon_range_cm else None
    return cls, band, target in _nearest(board, shooter, models_block)


def nudges(board: Board, shooter: str, target: str, *, weapon_range_cm: float | None = None,
           models_block: bool = True, step_cm: float = NUDGE_CM) -> tuple[str, ...]:
    """Where a model standing ``step_cm`` elsewhere would change the answer: the cover class, the range
    band, or whether the target is the nearest enemy in sight (RUL-08).

    The shooter and the target are each moved ``step_cm`` north, east, south and west; a
    spot where the base would overlap another base or leave the table is skipped. Returns one
    sentence per change (empty: the answer is robust).

    Examples
    --------
    >>> from landsraad.geometry.board import Base, TerrainPiece
    >>> wall = TerrainPiece("wall", ((28, 0), (28.5, 0), (28.5, 30), (28, 30)), height_cm=10)
    >>> board = Board(bases=(Base("s", 10, 31.6, 30, 4.0), Base("t", 30, 31.6, 30, 4.0)), terrain=(wall,))
    >>> nudges(board, "s", "t")     # the target's base clears the wall's end by 0.1 cm
    ('t 0.5 cm south: no cover becomes small cover (+2).',)
    """
    here = _answer(board, shooter, target, weapon_range_cm, models_block)
    out: list[str] = []
    for who in (shooter, target):
        base = board.base(who)
        for name, (dx, dy) in _DIRECTIONS.items():
            moved = base.at((base.x + dx * step_cm, base.y + dy * step_cm))
            if not board.table.buffer(1e-9).covers(moved.shape) or any(
                    math.hypot(o.x - moved.x, o.y - moved.y) < o.radius + moved.radius - 1e-9 for o in board.others(who)):
                continue
            there = _answer(board.with_base(moved), shooter, target, weapon_range_cm, models_block)
            if there != here:
                what = []
                if there[0] != here[0]:
                    what.append(message("{before} becomes {after}", before=message(_COVER_WORDS[here[0]]), after=message(_COVER_WORDS[there[0]])))
                if there[1] != here[1]:
                    what.append(message("range band {before} becomes {after}", before=here[1], after=there[1]))
                if there[2] != here[2]:
                    what.append(message("the target becomes the nearest enemy in sight") if there[2] else
                                message("the target is no longer the nearest enemy in sight"))
                out.append(message("{model} {distance} cm {direction}: {what}.", model=who, distance=float(step_cm),
                                   direction=message(EDGE_NAMES[name]), what=joined(message("; "), what)))
    return tuple(out)


@functools.lru_cache(maxsize=32)
def reach_overlay(board: Board, model_id: str, allowance_cm: float) -> BaseGeometry:
    """The reach region of ``model_id`` (:func:`~landsraad.geometry.movement.reach_region`), cached per board."""
    return reach_region(board, model_id, allowance_cm)


def move_overlay(board: Board, model_id: str, to: Point, allowance_cm: float) -> MoveResult:
    """The cheapest move of ``model_id`` to ``to`` (:func:`~landsraad.geometry.movement.plan_move`).

    The library caches the free space per board, so repeated calls over a static board cost
    only the path itself.
    """
    return plan_move(board, model_id, (float(to[0]), float(to[1])), allowance_cm)


@dataclass(frozen=True)
class TemplateOverlay:
    """A template on the table and the models it hits."""

    kind: str  # "blast" or "direct"
    shape: Polygon | LineString
    hits: tuple[str, ...]

    def lines(self) -> list[str]:
        hits = ", ".join(self.hits)
        if self.kind == "blast":
            text = _("{radius} cm blast: {models} under it.") if hits else _("{radius} cm blast: no model under it.")
        else:
            text = _("Direct-fire line: {models} under it.") if hits else _("Direct-fire line: no model under it.")
        return [text.format(radius=decimal(f"{BLAST_RADIUS_CM:g}"), models=hits)]


def blast_overlay(board: Board, centre: Point) -> TemplateOverlay:
    """A 5 cm blast template centred at ``centre`` (:func:`~landsraad.geometry.templates.under_blast`)."""
    return TemplateOverlay("blast", blast_shape(centre), under_blast(board, centre))


def direct_overlay(board: Board, shooter: str, toward: Point, length_cm: float) -> TemplateOverlay:
    """A direct-fire line from ``shooter`` toward ``toward`` (:func:`~landsraad.geometry.templates.under_direct`)."""
    return TemplateOverlay("direct", direct_shape(board, shooter, toward, length_cm),
                           under_direct(board, shooter, toward, length_cm))


def describe_move(move: MoveResult) -> list[str]:
    """The panel's sentences for a move."""
    out: list[str] = [localized(move.message)]
    if math.isfinite(move.cost_cm):
        out.append(_("Path {length}, cost {cost} of {allowance} cm (difficult terrain counts double).").format(
            length=_cm(move.path_length_cm), cost=_cm(move.cost_cm), allowance=decimal(f"{move.allowance_cm:g}")))
    return out

