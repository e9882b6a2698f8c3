"""Templates: who is under a blast or a direct-fire line, and whether a dodge gets out.

R-TEMPLATE and RUL-19. A blast template is a circle of radius 5 cm; a model is under it when
any part of its base is under or touches the circle. A direct-fire X template is a straight
line starting at the shooter's base edge, X cm long; a model is hit when its base touches the
line and the shooter has line of sight to it (:func:`~landsraad.geometry.sight.line_of_sight`).

Touching is measured with the contact tolerance of RUL-07 (PRJ-32): a base whose edge is
within ``tolerance_cm`` (0.1 cm by default, ``Ruleset.contact_tolerance_cm``) of the template
touches it, exactly as two bases that close are in contact. A dodging model (RUL-09) escapes
only when its base ends further than that from the template.

Examples
--------
>>> from landsraad.geometry.board import Base, Board
>>> board = Board(bases=(Base("a", 10, 10, 30), Base("b", 16.5, 10, 30), Base("c", 16.7, 10, 30)))
>>> under_blast(board, (10, 10))          # b's edge is exactly on the circle; c's is 0.2 cm off
('a', 'b')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable

import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from ..errors import GeometryError
from ..i18n import message, numeral
from .board import CIRCLE_RESOLUTION, Board, Point
from .measure import CONTACT_TOLERANCE_CM
from .movement import MoveResult, escape
from .movement.forced import escape_lower_bound
from .sight import line_of_sight

__all__ = [
    "BLAST_RADIUS_CM",
    "blast_shape",
    "direct_shape",
    "under_blast",
    "markers_under_blast",
    "under_direct",
    "under_template",
    "DodgeResult",
    "dodge_out",
    "dodge_lower_bound",
    "path_far_from",
]

BLAST_RADIUS_CM = 5.0
"""R-TEMPLATE: circular templates have a 5 cm radius."""

_SLACK = 1e-9
_DODGE_MARGIN_CM = 0.01  # a dodge ends this much beyond the touching distance


def _point(p: Any, what: str) -> Point:
    try:
        x, y = float(p[0]), float(p[1])
    except (TypeError, ValueError, IndexError):
        raise GeometryError(message('The {what} must be a point (x, y) in cm; got {p}.', what=what, p=repr(p))) from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise GeometryError(message('The {what} must be a finite point; got {p}.', what=what, p=repr(p)))
    return (x, y)


def _tolerance(tolerance_cm: float) -> float:
    if not tolerance_cm >= 0:
        raise GeometryError(message('A contact tolerance must be 0 cm or more; got {tolerance_cm} cm.', tolerance_cm=numeral(tolerance_cm)))
    return float(tolerance_cm)


def blast_shape(center: Point, radius_cm: float = BLAST_RADIUS_CM) -> Polygon:
    """The blast template as a polygon (for drawing and dodging; membership is computed exactly).

    Examples
    --------
    >>> round(blast_shape((10, 10)).area, 2)       # pi * 25 = 78.54, as a 256-gon
    78.53
    """
    if not radius_cm > 0:
        raise GeometryError(message("A blast template's radius must be more than 0 cm; got {radius_cm}.", radius_cm=numeral(radius_cm)))
    x, y = _point(center, "template's centre")
    return shapely.Point(x, y).buffer(radius_cm, quad_segs=CIRCLE_RESOLUTION)


def direct_shape(board: Board, shooter_id: str, toward: Point, length_cm: float) -> LineString:
    """The direct-fire template: from the shooter's base edge toward ``toward``, ``length_cm`` long (RUL-19).

    Examples
    --------
    >>> from landsraad.geometry.board import Base
    >>> line = direct_shape(Board(bases=(Base("s", 10, 10, 30),)), "s", (30, 10), 20)
    >>> list(line.coords)
    [(11.5, 10.0), (31.5, 10.0)]
    """
    if not length_cm > 0:
        raise GeometryError(message('A direct-fire template must be longer than 0 cm; got {length_cm}.', length_cm=numeral(length_cm)))
    shooter = board.base(shooter_id)
    tx, ty = _point(toward, "aiming point")
    dx, dy = tx - shooter.x, ty - shooter.y
    d = math.hypot(dx, dy)
    if d < 1e-9:
        raise GeometryError(message('The aiming point {tx}, {ty} is the centre of {shooter_id!r}; a direct-fire template needs a direction.', tx=numeral(tx, 'g'), ty=numeral(ty, 'g'), shooter_id=shooter_id))
    ux, uy = dx / d, dy / d
    sx, sy = shooter.x + shooter.radius * ux, shooter.y + shooter.radius * uy
    return LineString([(sx, sy), (sx + length_cm * ux, sy + length_cm * uy)])


def under_blast(board: Board, center: Point, radius_cm: float = BLAST_RADIUS_CM, *, tolerance_cm: float = CONTACT_TOLERANCE_CM) -> tuple[str, ...]:
    """Ids of the models whose base is under or touches a blast template (RUL-19), in board order.

    Touching means an edge within ``tolerance_cm`` of the circle (PRJ-32).

    Examples
    --------
    >>> from landsraad.geometry.board import Base
    >>> board = Board(bases=(Base("a", 16.6, 10, 30), Base("b", 16.61, 10, 30)))
    >>> under_blast(board, (10, 10))                  # a's edge 0.1 cm off: touching; b's 0.11 cm
    ('a',)
    >>> under_blast(board, (10, 10), tolerance_cm=0)  # exact geometry: only overlap or contact
    ()
    """
    cx, cy = _point(center, "template's centre")
    tol = _tolerance(tolerance_cm)
    if not radius_cm > 0:
        raise GeometryError(message("A blast template's radius must be more than 0 cm; got {radius_cm}.", radius_cm=numeral(radius_cm)))
    return tuple(b.id for b in board.bases if math.hypot(b.x - cx, b.y - cy) <= radius_cm + b.radius + tol + _SLACK)


def markers_under_blast(board: Board, center: Point, radius_cm: float = BLAST_RADIUS_CM, *,
                        tolerance_cm: float = CONTACT_TOLERANCE_CM) -> tuple[str, ...]:
    """Ids of the objective markers on the ground under or touching a blast template (RUL-19, PRJ-73).

    The same test as :func:`under_blast`, on the board's markers.

    Examples
    --------
    >>> from landsraad.geometry.board import Marker
    >>> board = Board(markers=(Marker("m1", 16.5, 10, 30), Marker("m2", 30, 30, 30)))
    >>> markers_under_blast(board, (10, 10))
    ('m1',)
    """
    cx, cy = _point(center, "template's centre")
    tol = _tolerance(tolerance_cm)
    if not radius_cm > 0:
        raise GeometryError(message("A blast template's radius must be more than 0 cm; got {radius_cm}.", radius_cm=numeral(radius_cm)))
    return tuple(k.id for k in board.markers if math.hypot(k.x - cx, k.y - cy) <= radius_cm + k.radius + tol + _SLACK)


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


_FAR_SLACK_CM = 1e-6
"""The absolute part of :func:`path_far_from`'s margin: far beyond the rounding of a distance on
the table (1e-12 cm)."""

_FAR_SLACK_SHARE = 0.05
"""The relative part of :func:`path_far_from`'s margin, a share of the reach: GEOS may simplify a
line before buffering it, by up to 1% of the buffer's distance."""


def path_far_from(path: Iterable[Point], center: Point, reach_cm: float) -> bool:
    """Whether every point of the polyline ``path`` (one point: that point) is farther than
    ``reach_cm`` from ``center``, with a margin of 5% of ``reach_cm`` and :data:`_FAR_SLACK_CM`.

    A shapely buffer of the path by ``r`` and a disc buffered round ``center`` by ``R`` are
    polygons whose corners lie on the true rounded shapes (the straight parts exact), so they
    lie within them, up to GEOS's simplification of the line (1% of ``r``) that the margin
    covers: with ``reach_cm = r + R`` and the path far, the two polygons do not meet. A cheap
    test that spares building the buffer (R-FACTION hunter-seekers crossed by a move).

    Examples
    --------
    >>> path_far_from([(0, 0), (10, 0)], (5, 3), 2.8), path_far_from([(0, 0), (10, 0)], (5, 3), 2.9)
    (True, False)
    >>> path_far_from([(0, 0)], (3, 4), 4.7)
    True
    """
    points = list(path)
    limit = reach_cm * (1 + _FAR_SLACK_SHARE) + _FAR_SLACK_CM
    if len(points) == 1:
        return math.hypot(points[0][0] - center[0], points[0][1] - center[1]) > limit
    return all(_segment_distance(center, a, b) > limit for a, b in zip(points, points[1:]))


def under_direct(
    board: Board,
    shooter_id: str,
    toward: Point,
    length_cm: float,
    *,
    models_block: bool = True,
    tolerance_cm: float = CONTACT_TOLERANCE_CM,
) -> tuple[str, ...]:
    """Ids of the models hit by a direct-fire template (RUL-19): base touching the line and in sight.

    The shooter itself is never hit. Line of sight is :func:`~landsraad.geometry.sight.line_of_sight`
    (other models block when ``models_block``).

    Examples
    --------
    >>> from landsraad.geometry.board import Base, TerrainPiece
    >>> board = Board(bases=(Base("s", 10, 10, 30), Base("a", 20, 11, 30), Base("b", 20, 14, 30),
    ...                      Base("c", 40, 10, 30)))
    >>> under_direct(board, "s", (30, 10), 20)       # a touches the line; b is 2.5 cm off; c is beyond 31.5
    ('a',)
    >>> wall = TerrainPiece("wall", ((15, 5), (16, 5), (16, 15), (15, 15)), height_cm=10)
    >>> under_direct(board.with_terrain([wall]), "s", (30, 10), 20)   # a is out of sight
    ()
    """
    line = direct_shape(board, shooter_id, toward, length_cm)
    (ax, ay), (bx, by) = line.coords[0], line.coords[1]
    a, b = (ax, ay), (bx, by)
    tol = _tolerance(tolerance_cm)
    hit = []
    for base in board.bases:
        if base.id == shooter_id:
            continue
        if _segment_distance(base.center, a, b) <= base.radius + tol + _SLACK:
            if line_of_sight(board, shooter_id, base.id, models_block=models_block):
                hit.append(base.id)
    return tuple(hit)


def under_template(board: Board, template: BaseGeometry, *, tolerance_cm: float = CONTACT_TOLERANCE_CM, exclude: Iterable[str] = ()) -> tuple[str, ...]:
    """Ids of the models whose base touches an arbitrary template geometry (no sight test).

    Examples
    --------
    >>> from landsraad.geometry.board import Base
    >>> under_template(Board(bases=(Base("a", 10, 10, 30),)), blast_shape((16, 10)))
    ('a',)
    """
    tol = _tolerance(tolerance_cm)
    skip = set(exclude)
    return tuple(
        b.id for b in board.bases
        if b.id not in skip and template.distance(shapely.Point(b.x, b.y)) <= b.radius + tol + 1e-6
    )


@dataclass(frozen=True)
class DodgeResult:
    """Whether a dodge of at most ``max_cm`` takes a base wholly out of a template (RUL-09).

    Attributes
    ----------
    model
        The dodging model.
    possible
        True when a legal move within ``max_cm`` gets the base clear (or it already is).
    shortest_cm
        Cost of the cheapest such move (difficult terrain counts double, RUL-17); ``inf``
        when no move at all gets clear (with ``legal_only``: none within ``max_cm``); 0 when
        the base is already clear.
    to
        Where the base's centre ends (the cheapest escape, even when longer than allowed);
        None when there is no way out at all (with ``legal_only``: none within ``max_cm``).
    path
        The centre's path from its start.
    message
        One sentence for a player.
    move
        The underlying :class:`~landsraad.geometry.movement.MoveResult`.
    """

    model: str
    possible: bool
    shortest_cm: float
    to: Point | None
    path: tuple[Point, ...]
    message: str = ""
    move: MoveResult | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "possible": self.possible,
            "shortest_cm": None if not math.isfinite(self.shortest_cm) else round(self.shortest_cm, 4),
            "to": None if self.to is None else [round(self.to[0], 4), round(self.to[1], 4)],
            "path": [[round(x, 4), round(y, 4)] for x, y in self.path],
            "message": self.message,
        }


def dodge_lower_bound(board: Board, model_id: str, template: BaseGeometry, *, tolerance_cm: float = CONTACT_TOLERANCE_CM) -> float:
    """A lower bound, in cm, on the dodge :func:`dodge_out` may find out of ``template`` (RUL-09, PRJ-32).

    A dodge of less than this cannot get the base clear: :func:`dodge_out` with a smaller
    ``max_cm`` is not possible, with or without detours (proof at
    :func:`~landsraad.geometry.movement.forced.escape_lower_bound`). A few distance tests, no
    path search: it lets a caller skip a hopeless search.

    Parameters
    ----------
    board
        The table.
    model_id
        The model hit.
    template
        The template's shape.
    tolerance_cm
        Contact tolerance, as for :func:`dodge_out`.

    Returns
    -------
    float
        The bound (at most 0 when the base is already clear).

    Examples
    --------
    >>> from landsraad.geometry.board import Base
    >>> board = Board(bases=(Base("a", 30, 30, 30),))
    >>> round(dodge_lower_bound(board, "a", blast_shape((31, 30))), 2)   # dodge_out finds 5.61 cm
    5.61
    """
    return escape_lower_bound(board, model_id, template, margin_cm=_tolerance(tolerance_cm) + _DODGE_MARGIN_CM)


def dodge_out(board: Board, model_id: str, template: BaseGeometry, max_cm: float, *, tolerance_cm: float = CONTACT_TOLERANCE_CM,
              detours: bool = True, legal_only: bool = False) -> DodgeResult:
    """The cheapest legal move of at most ``max_cm`` that takes the base wholly out of ``template`` (RUL-09).

    ``template`` is a shapely geometry (:func:`blast_shape`, :func:`direct_shape`). Normal
    movement rules apply (R-MOVE, RUL-17, via :func:`landsraad.geometry.movement.escape`):
    other bases and impassable terrain are obstacles, difficult terrain costs double. The base
    must end more than ``tolerance_cm`` from the template (PRJ-32): touching is still under.
    With ``detours=False`` only straight slides are tried (no path search, see
    :func:`~landsraad.geometry.movement.escape`): a quick suggestion, whose "not possible"
    means only that no straight slide gets clear. With ``legal_only`` only a dodge within
    ``max_cm`` is looked for (``escape``'s option: the search stops once none can be), so a "not
    possible" may give no shortest cost (``inf``) and no end point.

    Parameters
    ----------
    board
        The table.
    model_id
        The model hit.
    template
        The template's shape.
    max_cm
        How far the model may move (its dodge, RUL-09).
    tolerance_cm
        Contact tolerance: the base must end more than this from the template.
    detours
        Search paths round obstacles (``False``: straight slides only).
    legal_only
        Look only for a dodge within ``max_cm`` (for suggestions; see above).

    Returns
    -------
    DodgeResult
        Whether it gets out, how far it must go, where it ends and a sentence.

    Raises
    ------
    GeometryError
        A negative dodge distance, an unknown model, or a start that overlaps something.

    Examples
    --------
    >>> from landsraad.geometry.board import Base
    >>> board = Board(bases=(Base("a", 30, 30, 30),))
    >>> r = dodge_out(board, "a", blast_shape((31, 30)), 10)   # 5 + 1.5 - 1 = 5.5 cm, + 0.1 touching
    >>> r.possible, round(r.shortest_cm, 2)
    (True, 5.61)
    >>> dodge_out(board, "a", blast_shape((31, 30)), 5.5).possible
    False
    >>> dodge_out(board, "a", blast_shape((50, 30)), 3).shortest_cm     # already clear
    0.0
    """
    tol = _tolerance(tolerance_cm)
    if not max_cm >= 0:
        raise GeometryError(message('A dodge distance must be 0 cm or more; got {max_cm} cm.', max_cm=numeral(max_cm)))
    move = escape(board, model_id, template, float(max_cm), margin_cm=tol + _DODGE_MARGIN_CM, what=message("the template"),
                  detours=detours, legal_only=legal_only)
    finite = math.isfinite(move.cost_cm)
    possible = bool(move.legal)
    to = move.end if (possible or (finite and move.path)) else None
    need, allow = numeral(move.cost_cm, ".1f"), numeral(max_cm, "g")
    if possible and move.cost_cm == 0:
        text = message("{model!r} is already clear of the template.", model=model_id)
    elif possible:
        text = message("{model!r} can dodge out of the template: {need} cm is enough and it may move {allow} cm.",
                       model=model_id, need=need, allow=allow)
    elif not detours:
        text = message("No straight slide of at most {allow} cm takes {model!r} out of the template; a detour was not looked for.",
                       model=model_id, allow=allow)
    elif legal_only:
        text = message("{model!r} cannot dodge out of the template within {allow} cm.", model=model_id, allow=allow)
    elif finite:
        text = message("{model!r} cannot dodge out of the template: it needs {need} cm and may move only {allow} cm.",
                       model=model_id, need=need, allow=allow)
    else:
        text = message("{model!r} cannot dodge out of the template: no legal move gets its base clear.", model=model_id)
    return DodgeResult(model_id, possible, float(move.cost_cm), to, tuple(move.path), text, move)
