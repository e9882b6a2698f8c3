"""Moving into base contact, and how far a too-long move gets (R-MOVE, RUL-07, RUL-17).

Two questions players ask of a move the geometry answers with :func:`~.movement.plan_move`:

* :func:`contact_move` - the cheapest legal way for a model to end in base contact with
  another (a charge, a model joining a friend): the destination is searched round the
  target's base, at :data:`CONTACT_GAP_CM` from touching, so the bases are in contact
  (RUL-07: edges within 0.1 cm) without overlapping.
* :func:`point_at_cost` - where a model following a path stops when its allowance runs out,
  difficult terrain counting double (RUL-17): the ``stop_at`` of a move that is too long.

Examples
--------
>>> from landsraad.geometry.board import Base, Board
>>> board = Board(bases=(Base("a", 10, 30, 30), Base("b", 30, 30, 30)))
>>> res = contact_move(board, "a", "b", 20)
>>> res.legal, round(res.end[0], 2), round(res.end[1], 2)     # straight east, 3 cm short of b's centre
(True, 26.98, 30.0)
>>> point_at_cost(board, "a", [(10, 30), (26.98, 30)], 5)
(15.0, 30.0)
"""

from __future__ import annotations

import math
from typing import Sequence

from ..errors import GeometryError
from ..i18n import message, numeral
from .board import Board, Point
from .movement import MoveResult, path_cost, plan_move

__all__ = ["CONTACT_GAP_CM", "contact_move", "point_at_cost"]

CONTACT_GAP_CM = 0.02
"""The gap left between the two bases at the end of :func:`contact_move`: in contact (within
RUL-07's 0.1 cm) with room for floating point, never overlapping."""

_ANGLES = 72  # destinations tried round the target's base, every 5 degrees
_REFINE = 24  # golden-section steps round the best of them
_UNLIMITED = 1e6  # cm: an allowance no table needs, to find the cheapest path whatever its length


def _destination(board: Board, model_id: str, target_id: str, angle: float) -> Point:
    me, other = board.base(model_id), board.base(target_id)
    r = me.radius + other.radius + CONTACT_GAP_CM
    return (other.x + r * math.cos(angle), other.y + r * math.sin(angle))


def _cost(board: Board, model_id: str, target_id: str, angle: float) -> float:
    res = plan_move(board, model_id, _destination(board, model_id, target_id, angle), _UNLIMITED)
    return res.cost_cm if res.legal else math.inf


def contact_move(board: Board, model_id: str, target_id: str, allowance_cm: float) -> MoveResult:
    """The cheapest legal move of ``model_id`` into base contact with ``target_id``.

    The destination is the point at :data:`CONTACT_GAP_CM` from touching, round the target's
    base, whose cheapest path (:func:`~.movement.plan_move`, difficult terrain counting double)
    costs least: every 5 degrees, then refined by golden section round the best (to well under
    0.01 cm of arc). The result is :func:`~.movement.plan_move`'s verdict for that destination
    and ``allowance_cm``: legal, or ``too_far`` with the cheapest path. When no point round the
    target can be reached at all, it is the verdict for the point facing the mover.

    Raises
    ------
    GeometryError
        Unknown models, the same model twice, a negative allowance.
    """
    if model_id == target_id:
        raise GeometryError(message("A model cannot move into contact with itself; got {model} twice.", model=repr(model_id)))
    me, other = board.base(model_id), board.base(target_id)
    facing = math.atan2(me.y - other.y, me.x - other.x)
    angles = [facing + 2 * math.pi * k / _ANGLES for k in range(_ANGLES)]
    costs = [_cost(board, model_id, target_id, a) for a in angles]
    best = min(range(_ANGLES), key=lambda k: costs[k])
    if math.isinf(costs[best]):
        return plan_move(board, model_id, _destination(board, model_id, target_id, facing), allowance_cm)
    lo, hi = angles[best] - 2 * math.pi / _ANGLES, angles[best] + 2 * math.pi / _ANGLES
    g = (math.sqrt(5) - 1) / 2
    x1, x2 = hi - g * (hi - lo), lo + g * (hi - lo)
    f1, f2 = _cost(board, model_id, target_id, x1), _cost(board, model_id, target_id, x2)
    for _ in range(_REFINE):
        if f1 <= f2:
            hi, x2, f2 = x2, x1, f1
            x1 = hi - g * (hi - lo)
            f1 = _cost(board, model_id, target_id, x1)
        else:
            lo, x1, f1 = x1, x2, f2
            x2 = lo + g * (hi - lo)
            f2 = _cost(board, model_id, target_id, x2)
    angle = min(((angles[best], costs[best]), (x1, f1), (x2, f2)), key=lambda t: t[1])[0]
    return plan_move(board, model_id, _destination(board, model_id, target_id, angle), allowance_cm)


def point_at_cost(board: Board, model_id: str, path: Sequence[Point], cost_cm: float) -> Point:
    """The point of ``path`` (a centre polyline of ``model_id``) where the cost spent reaches
    ``cost_cm``, difficult terrain counting double (RUL-17); the path's end if it costs less.

    Exact up to a bisection to 1e-6 cm within the segment where the allowance runs out.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board, TerrainPiece
    >>> dune = TerrainPiece("dune", ((20, 0), (30, 0), (30, 60), (20, 60)), movement="difficult")
    >>> board = Board(terrain=(dune,), bases=(Base("a", 10, 30, 30),))
    >>> x, y = point_at_cost(board, "a", [(10, 30), (40, 30)], 12.5)   # 8.5 cm open, then 2 cm costing 4
    >>> round(x, 4), y
    (20.5, 30.0)
    """
    if not cost_cm >= 0:
        raise GeometryError(message("A cost must be 0 cm or more; got {cost}.", cost=numeral(cost_cm)))
    pts = [(float(p[0]), float(p[1])) for p in path]
    if not pts:
        raise GeometryError(message("A path needs at least one point."))
    spent = 0.0
    for a, b in zip(pts, pts[1:]):
        length, step = path_cost(board, model_id, [a, b])
        if spent + step < cost_cm:
            spent += step
            continue
        if abs(step - length) <= 1e-12 and length > 0:  # no difficult ground on this leg: cost is length
            t = (cost_cm - spent) / length
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        lo, hi = 0.0, 1.0
        while (hi - lo) * math.hypot(b[0] - a[0], b[1] - a[1]) > 1e-6:
            mid = (lo + hi) / 2
            q = (a[0] + (b[0] - a[0]) * mid, a[1] + (b[1] - a[1]) * mid)
            if spent + path_cost(board, model_id, [a, q])[1] <= cost_cm:
                lo = mid
            else:
                hi = mid
        return (a[0] + (b[0] - a[0]) * lo, a[1] + (b[1] - a[1]) * lo)
    return pts[-1]
