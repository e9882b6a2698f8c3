"""``template``: the models under a blast or direct-fire template, and how each can dodge out.

R-TEMPLATE, RUL-19 (a base touched by the template is under it), RUL-09 (a dodge: the
neutral die + Reflexes in cm, the shortest move wholly out of the template).

Examples
--------
>>> from landsraad.geometry.board import Base, Board
>>> board = Board(bases=(Base("a", 10, 10, 30), Base("b", 40, 40, 30)))
>>> t = blast(board, (11, 10), dodges={"a": 8})
>>> t.hit, [d.possible for d in t.dodges]
(('a',), [True])
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Literal, Mapping

from ..geometry import templates
from ..geometry.board import Board, Point
from ..geometry.measure import report_cm
from ..geometry.templates import DodgeResult

__all__ = ["TemplateAnswer", "blast", "direct"]


def _xy(point: Point | None) -> list[float] | None:
    return None if point is None else [round(float(point[0]), 2), round(float(point[1]), 2)]


@dataclass(frozen=True)
class TemplateAnswer:
    """Who a template hits and, for the models given a dodge distance, whether they get out."""

    kind: Literal["blast", "direct"]
    shape: Any  # the template's shapely polygon
    hit: tuple[str, ...]
    center: Point | None = None
    shooter: str | None = None
    toward: Point | None = None
    length_cm: float | None = None
    dodge_cm: float | None = None
    allowances: Mapping[str, float | None] = field(default_factory=dict)
    dodges: tuple[DodgeResult, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` object."""
        spec: dict[str, Any]
        if self.kind == "blast":
            spec = {"kind": "blast", "center": _xy(self.center), "radius_cm": templates.BLAST_RADIUS_CM}
        else:
            spec = {"kind": "direct", "shooter": self.shooter, "toward": _xy(self.toward), "length_cm": self.length_cm}
        return {
            "template": spec,
            "hit": list(self.hit),
            "dodge_cm": self.dodge_cm,
            "dodge_by_model": {m: cm for m, cm in self.allowances.items() if cm is not None},
            "dodges": [{"model": d.model, "possible": d.possible,
                        "shortest_cm": report_cm(d.shortest_cm) if math.isfinite(d.shortest_cm) else None,
                        "to": _xy(d.to)} for d in self.dodges],
        }


def _dodges(board: Board, shape: Any, hit: tuple[str, ...], default: float | None,
            per_model: Mapping[str, float]) -> tuple[dict[str, float | None], tuple[DodgeResult, ...]]:
    allowances = {m: per_model.get(m, default) for m in hit}
    return allowances, tuple(templates.dodge_out(board, m, shape, cm) for m, cm in allowances.items() if cm is not None)


def blast(board: Board, center: Point, *, dodge_cm: float | None = None,
          dodges: Mapping[str, float] | None = None) -> TemplateAnswer:
    """A 5 cm blast template at ``center``: the models under it, and each one's dodge when a
    distance is given (``dodge_cm`` for every model hit, ``dodges`` by model id)."""
    shape = templates.blast_shape(center)
    hit = tuple(templates.under_blast(board, center))
    allowances, out = _dodges(board, shape, hit, dodge_cm, dodges or {})
    return TemplateAnswer("blast", shape, hit, center=center, dodge_cm=dodge_cm, allowances=allowances, dodges=out)


def direct(board: Board, shooter: str, toward: Point, length_cm: float, *, models_block: bool = True,
           dodge_cm: float | None = None, dodges: Mapping[str, float] | None = None) -> TemplateAnswer:
    """A direct-fire template ``length_cm`` long from ``shooter`` toward ``toward`` (R-TEMPLATE)."""
    shape = templates.direct_shape(board, shooter, toward, length_cm)
    hit = tuple(templates.under_direct(board, shooter, toward, length_cm, models_block=models_block))
    allowances, out = _dodges(board, shape, hit, dodge_cm, dodges or {})
    return TemplateAnswer("direct", shape, hit, shooter=shooter, toward=toward, length_cm=length_cm, dodge_cm=dodge_cm,
                          allowances=allowances, dodges=out)
