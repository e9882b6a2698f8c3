"""What blocks a move, in words: messages and diagnostics for an illegal move."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np
import shapely
import shapely.ops
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from ...errors import GeometryError
from ...i18n import Message, Numeral, joined, message
from ..board import CIRCLE_RESOLUTION, Board, Point
from .graph import _poly_measure
from .result import _INF, ALLOWANCE_SLACK_CM, TOUCH_TOLERANCE_CM, MoveResult
from .space import Space

# =============================================================================================
# Messages and diagnostics
# =============================================================================================


def _fmt(x: float, digits: int = 1) -> str:
    """A distance for a sentence: rounded to 0.1 cm (RUL-07), without a useless ``.0``."""
    text = f"{x:.{digits}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _fmt_pair(needed: float, allowed: float) -> tuple[str, str]:
    """Format two distances so that a difference is never rounded away."""
    for digits in (1, 2, 3, 4, 6):
        a, b = _fmt(needed, digits), _fmt(allowed, digits)
        if a != b:
            return a, b
    return _fmt(needed, 6), _fmt(allowed, 6)


def _n(x: float, digits: int = 1) -> Numeral:
    """:func:`_fmt` as a :class:`~landsraad.i18n.Numeral`: its decimals those of the language a message is shown in."""
    return Numeral(_fmt(x, digits))


def _xy(p: Sequence[float]) -> Message:
    """A point for a sentence: ``(12.5, 30)``, ``(12,5 ; 30)`` in French."""
    return message("({x}, {y})", x=_n(p[0], 2), y=_n(p[1], 2))


def _label(board: Board, model_id: str) -> Message:
    """The moving model at the start of a sentence: ``Model 'red-1'``."""
    return message("Model {id!r}", id=model_id)


_EDGE_LABELS: tuple[tuple[str, Message], ...] = tuple(
    (edge, message("the {edge} table edge", edge=edge)) for edge in ("south", "north", "west", "east"))
"""How messages name the four table edges (obstacles of a move)."""


def _and(names: Sequence[str]) -> Message:
    """Obstacles' names joined with *and* in the language a message is shown in."""
    return joined(message(" and "), names)


@dataclass(frozen=True)
class _Obstacle:
    label: str
    shape: BaseGeometry  # physical footprint (bases exact discs handled apart)
    center: tuple[float, float] | None = None
    radius: float = 0.0


def _physical(board: Board, excluded: frozenset[str]) -> list[_Obstacle]:
    obs = [_Obstacle(message("model {id!r}", id=b.id), b.shape, b.center, b.radius) for b in board.bases if b.id not in excluded]
    obs += [_Obstacle(message("terrain {id!r}", id=t.id), t.shape) for t in board.terrain_of("blocked")]
    w, d = board.width, board.depth
    lines = {"south": ((0, 0), (w, 0)), "north": ((0, d), (w, d)), "west": ((0, 0), (0, d)), "east": ((w, 0), (w, d))}
    for edge, name in _EDGE_LABELS:
        obs.append(_Obstacle(name, LineString(lines[edge])))
    return obs


def _gap(a: _Obstacle, b: _Obstacle) -> tuple[float, tuple[float, float], tuple[float, float]]:
    """Physical gap between two obstacles and its end points."""
    if a.center is not None and b.center is not None:
        ca, cb = np.asarray(a.center), np.asarray(b.center)
        v = cb - ca
        dist = float(np.hypot(*v))
        u = v / dist if dist > 0 else np.array([1.0, 0.0])
        pa, pb = ca + a.radius * u, cb - b.radius * u
        return max(dist - a.radius - b.radius, 0.0), tuple(pa), tuple(pb)
    line = shapely.shortest_line(a.shape, b.shape)
    (x0, y0), (x1, y1) = line.coords
    return float(a.shape.distance(b.shape)), (x0, y0), (x1, y1)


def _free_polygon(space: Space, board: Board, excluded: frozenset[str]) -> BaseGeometry:
    """Free space of the centre as a polygon (shapely approximation, for diagnostics and
    clipping the reach region; the arcs of inflated obstacles lie within 0.0002 cm)."""
    cached = space._cache.free_polygon
    if cached is not None:
        return cached
    r = space.r
    xmin, ymin, xmax, ymax = space.bounds
    if xmin > xmax or ymin > ymax:
        free: BaseGeometry = Polygon()
    else:
        shapes = [shapely.Point(b.center).buffer(r + b.radius, quad_segs=CIRCLE_RESOLUTION)
                  for b in board.bases if b.id not in excluded]
        shapes += [t.shape.buffer(r, quad_segs=CIRCLE_RESOLUTION) for t in board.terrain_of("blocked")]
        free = shapely.box(xmin, ymin, xmax, ymax)
        if shapes:
            free = free.difference(shapely.union_all(shapes))
    space._cache.free_polygon = free
    return free


def _component(geom: BaseGeometry, p: Sequence[float]) -> BaseGeometry | None:
    point = shapely.Point(p)
    parts: list[BaseGeometry] = list(getattr(geom, "geoms", [geom]))
    best = min(parts, key=lambda g: g.distance(point), default=None)
    if best is None or best.distance(point) > 1e-3:
        return None
    return best


def _narrowest_gap(board: Board, space: Space, excluded: frozenset[str], start: Point, goal: Point
                   ) -> tuple[float, tuple[float, float], tuple[str, str]] | None:
    """The narrowest too-narrow gap (between obstacles whose inflated shapes close the way)
    across the straight corridor from ``start`` to ``goal``; or the one nearest to it."""
    free = _free_polygon(space, board, excluded)
    comp_s, comp_g = _component(free, start), _component(free, goal)
    if comp_s is None or comp_g is None:
        return None
    walls_region = shapely.box(-1, -1, board.width + 1, board.depth + 1).difference(free)
    walls = [w for w in getattr(walls_region, "geoms", [walls_region])
             if w.distance(comp_s) < 1e-3 and w.distance(comp_g) < 1e-3]
    obstacles = _physical(board, excluded)
    corridor = LineString([start, goal])
    candidates = []
    for i in range(len(obstacles)):
        for j in range(i + 1, len(obstacles)):
            a, b = obstacles[i], obstacles[j]
            if a.label.endswith("table edge") and b.label.endswith("table edge"):
                continue
            if a.shape.distance(b.shape) >= 2 * space.r - TOUCH_TOLERANCE_CM:
                continue
            width, pa, pb = _gap(a, b)
            mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
            if not any(w.distance(shapely.Point(mid)) < 1e-3 for w in walls):
                continue
            seg = LineString([pa, pb]) if pa != pb else shapely.Point(pa)
            crosses = seg.intersects(corridor)
            candidates.append((not crosses, seg.distance(corridor) if not crosses else 0.0, width, mid, (a.label, b.label)))
    if not candidates:
        return None
    _, _, width, mid, labels = min(candidates, key=lambda c: (c[0], c[1], c[2]))
    return width, mid, labels


def _check_start(space: Space, board: Board, model_id: str) -> Point:
    start = board.base(model_id).center
    if not space.points_free(np.asarray([start]))[0]:
        what = space.overlaps(start)
        if what:
            names = _and([space.labels[o] for o, _ in what])
            raise GeometryError(message("Model {model!r} at {point} already overlaps {names}; a move cannot start from an "
                                        "overlapping position.", model=model_id, point=_xy(start), names=names))
        raise GeometryError(message("Model {model!r} at {point} is not wholly on the table; a move cannot start there.",
                                    model=model_id, point=_xy(start)))
    return start


_WHAT: dict[str, Message] = {"destination": message("destination"), "target": message("target"),
                              "push direction": message("push direction"), "allowance": message("allowance"),
                              "push distance": message("push distance")}
"""The values :func:`_check_point` and :func:`_check_allowance` check, named in their messages."""


def _check_point(p: Any, what: str) -> Point:
    try:
        x, y = float(p[0]), float(p[1])
    except (TypeError, ValueError, IndexError):
        raise GeometryError(message("The {what} {value} is not a point (x, y) in cm.", what=_WHAT.get(what, what),
                                    value=repr(p))) from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise GeometryError(message("The {what} {value} is not a finite point.", what=_WHAT.get(what, what), value=repr(p)))
    return (x, y)


def _check_allowance(allowance_cm: float, what: str = "allowance") -> float:
    a = float(allowance_cm)
    if not a >= 0 or math.isnan(a):
        raise GeometryError(message("The {what} must be 0 cm or more; got {value}.", what=_WHAT.get(what, what),
                                    value=repr(allowance_cm)))
    return a


def _off_table_by(space: Space, p: Point) -> float:
    xmin, ymin, xmax, ymax = space.bounds
    return max(xmin - p[0], p[0] - xmax, ymin - p[1], p[1] - ymax, 0.0)


def _destination_problem(space: Space, board: Board, model_id: str, start: Point, to: Point,
                         allowance: float, excluded: frozenset[str]) -> MoveResult | None:
    """An ``off_table`` or ``destination_blocked`` result, or None if ``to`` is a legal spot."""
    base = board.base(model_id)
    who = _label(board, model_id)
    off = _off_table_by(space, to)
    common = dict(model=model_id, legal=False, start=start, end=to, path=(), path_length_cm=_INF, cost_cm=_INF,
                  allowance_cm=allowance)
    if off > TOUCH_TOLERANCE_CM:
        return MoveResult(**common, reason="off_table",  # type: ignore[arg-type]
                          message=message("{who} cannot end at {point}: its {diameter} mm base would stick out {off} cm over "
                                          "the table edge; a base stays wholly on the table (RUL-17).", who=who, point=_xy(to),
                                          diameter=_n(base.diameter_mm), off=_n(off, 2)))
    if space.points_free(np.asarray([to]))[0]:
        return None
    what = space.overlaps(to)
    names = tuple(space.labels[o] for o, _ in what)
    depth = what[0][1] if what else 0.0
    gap = None
    gap_at = None
    if len(names) >= 2:
        obstacles = {o.label: o for o in _physical(board, excluded)}
        width, pa, pb = _gap(obstacles[names[0]], obstacles[names[1]])
        gap, gap_at = width, ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
    listing = _and(names) if names else message("an obstacle")
    if depth > 0:
        msg = message("{who} cannot end at {point}: its base would overlap {listing} (by {depth} cm).", who=who,
                      point=_xy(to), listing=listing, depth=_n(depth, 2))
    else:
        msg = message("{who} cannot end at {point}: its base would overlap {listing}.", who=who, point=_xy(to), listing=listing)
    if gap is not None:
        msg += message(" The gap between {a} and {b} is {gap} cm wide; the base needs {need} cm.", a=names[0], b=names[1],
                       gap=_n(gap, 2), need=_n(2 * space.r, 2))
    return MoveResult(**common, reason="destination_blocked", message=msg,  # type: ignore[arg-type]
                      narrowest_gap_cm=gap, gap_at=gap_at, blocked_by=names)


def _result_for_path(model_id: str, who: Message, start: Point, to: Point, pts: Sequence[tuple[float, float]],
                     space: Space | None, allowance: float, *, measure: tuple[float, float] | None = None) -> MoveResult:
    """The verdict on a path; ``measure`` is its ``(length, cost)`` when already computed the same way
    (then ``space``, which would measure it, may be None)."""
    if measure is None:
        assert space is not None
        measure = _poly_measure(space, pts)
    length, cost = measure
    legal = cost <= allowance + ALLOWANCE_SLACK_CM
    extra = cost > length + 1e-9
    msg: Message
    if legal:
        if extra:
            msg = message("{who} can move to {point}: the path is {length} cm long and costs {cost} cm (difficult terrain "
                          "counts double, RUL-17), within its {allowance} cm.", who=who, point=_xy(to), length=_n(length, 2),
                          cost=_n(cost, 2), allowance=_n(allowance, 2))
        else:
            msg = message("{who} can move to {point}: the path is {length} cm long, within its {allowance} cm.", who=who,
                          point=_xy(to), length=_n(length, 2), allowance=_n(allowance, 2))
        reason = None
    else:
        needed, allowed = _fmt_pair(cost, allowance)
        msg = message("{who} needs {needed} cm but may move {allowed} cm to get to {point}.", who=who,
                      needed=Numeral(needed), allowed=Numeral(allowed), point=_xy(to))
        if extra:
            msg += message(" Its path is {length} cm long; difficult terrain counts double (RUL-17).", length=_n(length, 2))
        reason = "too_far"
    return MoveResult(model=model_id, legal=legal, start=start, end=to, path=tuple(pts), path_length_cm=length,
                      cost_cm=cost, allowance_cm=allowance, reason=reason, message=msg)  # type: ignore[arg-type]
