"""``move`` and ``reach``: is a move legal and by which path, where a too-long move stops, where
a model can get to, and whether a charge reaches contact and can fight this activation.

R-MOVE, R-TERRAIN-KINDS, RUL-17 (difficult terrain counts double), R-ACTIVATE (one activation:
an optional free move, before or after one action - Move, Melee in base contact with an enemy,
Shoot, ...). A charge - a move into contact with an enemy - can fight this activation when the
free move alone gets there (free move, then the Melee action); when it takes the free move and
the Move action (twice the Movement) the model reaches contact but has used its action, so it
fights at its next activation, if the enemy is still there.

Examples
--------
>>> from landsraad.geometry.board import Base, Board
>>> board = Board(bases=(Base("a", 10, 30, 30, side="red"), Base("b", 30, 30, 30, side="blue")))
>>> c = move_into_contact(board, "a", "b", 10).charge
>>> c.reaches_contact, c.moves_needed, c.can_fight_this_activation
(True, 2, False)
>>> move_into_contact(board, "a", "b", 20).charge.can_fight_this_activation
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

from ..geometry import approach, movement
from ..geometry.board import Board, Point
from ..geometry.measure import in_contact, report_cm
from ..geometry.movement import MoveResult

__all__ = ["Charge", "MoveAnswer", "ReachAnswer", "move_to", "move_into_contact", "reach", "charge_of"]


def _xy(point: Point | None) -> list[float] | None:
    return None if point is None else [round(float(point[0]), 2), round(float(point[1]), 2)]


@dataclass(frozen=True)
class Charge:
    """Whether a move into contact with an enemy is a charge that fights this activation (R-ACTIVATE).

    Attributes
    ----------
    target
        The enemy charged.
    cost_cm
        The cheapest path's cost into contact (difficult terrain counting double), None when
        no path exists; 0 when already in contact.
    movement_cm
        The model's Movement: one move's allowance.
    moves_needed
        0 already in contact, 1 the free move gets there, 2 it takes the free move and the
        Move action, None not this activation.
    """

    target: str
    cost_cm: float | None
    movement_cm: float
    moves_needed: Literal[0, 1, 2] | None

    @property
    def reaches_contact(self) -> bool:
        """The model can be in base contact with the target by the end of this activation."""
        return self.moves_needed is not None

    @property
    def can_fight_this_activation(self) -> bool:
        """The Melee action is still to take once in contact: in contact already or after the free move."""
        return self.moves_needed in (0, 1)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data."""
        return {"target": self.target, "reaches_contact": self.reaches_contact,
                "can_fight_this_activation": self.can_fight_this_activation, "moves_needed": self.moves_needed,
                "cost_cm": report_cm(self.cost_cm) if self.cost_cm is not None else None,
                "movement_cm": self.movement_cm}


def charge_of(board: Board, model_id: str, target_id: str, movement_cm: float, res: MoveResult) -> Charge:
    """The charge answer from the cheapest contact move ``res`` (:func:`approach.contact_move`)."""
    if in_contact(board.base(model_id), board.base(target_id)):
        return Charge(target_id, 0.0, movement_cm, 0)
    cost = res.cost_cm if res.path else None
    needed: Literal[1, 2] | None = None
    if res.legal:
        needed = 1
    elif cost is not None and res.reason == "too_far" and cost <= 2 * movement_cm + movement.ALLOWANCE_SLACK_CM:
        needed = 2
    return Charge(target_id, cost, movement_cm, needed)


@dataclass(frozen=True)
class MoveAnswer:
    """The ``move`` answer: the planned move, where a too-long one stops, and for a move into
    contact with an enemy, the :class:`Charge`."""

    result: MoveResult
    to: Point
    contact_with: str | None = None
    stop_at: Point | None = None
    missing_cm: float | None = None
    charge: Charge | None = None

    @property
    def legal(self) -> bool:
        """The move as asked is legal."""
        return self.result.legal

    @property
    def doubled(self) -> bool:
        """Difficult terrain made the path cost more than its length (RUL-17)."""
        res = self.result
        return bool(res.path) and abs(res.cost_cm - res.path_length_cm) > 1e-6

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` object; ``charge`` only for a move into contact with an enemy."""
        res = self.result
        data: dict[str, Any] = {
            "model": res.model,
            "legal": res.legal,
            "movement_cm": res.allowance_cm,
            "path_length_cm": report_cm(res.path_length_cm) if res.path else None,
            "path": [_xy(p) for p in res.path],
            "reason": res.reason,
            "cost_cm": report_cm(res.cost_cm) if res.path else None,
            "to": _xy(self.to),
            "contact_with": self.contact_with,
            "stop_at": _xy(self.stop_at),
            "missing_cm": report_cm(self.missing_cm) if self.missing_cm is not None else None,
        }
        if self.charge is not None:
            data["charge"] = self.charge.to_dict()
        return data


def _finish(board: Board, model_id: str, res: MoveResult, to: Point, allowance_cm: float,
            contact_with: str | None = None, charge: Charge | None = None) -> MoveAnswer:
    stop_at = missing = None
    if not res.legal and res.reason == "too_far" and res.path:
        stop_at = approach.point_at_cost(board, model_id, res.path, allowance_cm)
        missing = res.cost_cm - allowance_cm
    return MoveAnswer(res, to, contact_with, stop_at, missing, charge)


def move_to(board: Board, model_id: str, to: Point, allowance_cm: float) -> MoveAnswer:
    """The shortest legal move of ``model_id``'s base centre to ``to`` (R-MOVE, RUL-17).

    Raises
    ------
    GeometryError
        An unknown model, a bad allowance or point.
    """
    return _finish(board, model_id, movement.plan_move(board, model_id, to, allowance_cm), to, allowance_cm)


def move_into_contact(board: Board, model_id: str, target_id: str, allowance_cm: float) -> MoveAnswer:
    """The cheapest legal move of ``model_id`` into base contact with ``target_id``; when the
    target is an enemy, whether this charge can fight this activation (:class:`Charge`)."""
    res = approach.contact_move(board, model_id, target_id, allowance_cm)
    me, other = board.base(model_id), board.base(target_id)
    enemy = me.side is not None and other.side is not None and me.side != other.side
    charge = charge_of(board, model_id, target_id, allowance_cm, res) if enemy else None
    return _finish(board, model_id, res, res.end, allowance_cm, target_id, charge)


@dataclass(frozen=True)
class ReachAnswer:
    """The ``reach`` answer: the region of base-centre positions one move reaches (``region``: the
    inner region, every point reached), and on a bound of work the band not settled (``band``
    between it and the outer region, ``band_width_cm`` its largest width; empty when exact: see
    :func:`landsraad.geometry.movement.reach_bounded`)."""

    model: str
    movement_cm: float
    region: Any  # a shapely geometry
    band: Any = None  # a shapely geometry, or None when exact
    band_width_cm: float = 0.0
    work: int = 0
    work_budget: float = 0.0

    @property
    def exact(self) -> bool:
        """Every point is settled: the region is the whole reach."""
        return self.band is None or self.band.is_empty or self.band.area <= 0

    @property
    def empty(self) -> bool:
        """The model cannot move at all (a model that cannot move gets its own centre back)."""
        return self.region.is_empty or self.region.area <= 0

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` object."""
        return {"model": self.model, "movement_cm": self.movement_cm, "area_cm2": round(self.region.area, 2),
                "bounds": None if self.empty else [round(v, 2) for v in self.region.bounds],
                "exact": self.exact,
                "band": {"area_cm2": 0.0 if self.exact else round(self.band.area, 2),
                         "width_cm": 0.0 if self.exact else round(self.band_width_cm, 2),
                         "bounds": None if self.exact else [round(v, 2) for v in self.band.bounds]},
                "work": {"units": self.work,
                         "budget": int(self.work_budget) if math.isfinite(self.work_budget) else None}}


def reach(board: Board, model_id: str, allowance_cm: float, work: float | None = None) -> ReachAnswer:
    """Where ``model_id``'s base centre can get to with one move of ``allowance_cm`` (R-MOVE, RUL-17),
    on a bound of ``work`` units (:data:`~landsraad.geometry.movement.REACH_WORK` by default, issue 42):
    the region is then every point proved reached, and the band the points not settled."""
    bound = movement.reach_bounded(board, model_id, allowance_cm,
                                   work=movement.REACH_WORK if work is None else work)
    return ReachAnswer(model_id, allowance_cm, bound.inner, None if bound.exact else bound.band, bound.band_width_cm,
                       bound.work, bound.budget)
