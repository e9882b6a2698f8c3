"""Movement constants and the verdict on a move (R-MOVE, RUL-17)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Literal

import numpy as np

from ..board import Point

TOUCH_TOLERANCE_CM = 1e-6
"""Numerical tolerance for "touching": edges closer than this count as in contact, not
overlapping (RUL-17). Far below anything measurable (0.00001 mm); it only absorbs rounding."""

ALLOWANCE_SLACK_CM = 1e-9
"""A path costing up to this much over the allowance still counts as "exactly the allowance"
(floating-point rounding of sums of square roots)."""

ARC_BUMP_CM = 2e-4
"""Arcs of the path are drawn as polylines tangent to the arc; their corners stand at most
this far outside it (refined automatically when something is closer)."""

DIFFICULT_SAMPLE_CM = 2.0
"""Spacing of the candidate crossing points on the boundaries of difficult terrain."""

ESCAPE_MARGIN_CM = 0.01
"""Clearance kept when a base must get *out of* something (contact, a template): touching
still counts as in (RUL-19) or in contact (RUL-07), so the base ends this much beyond."""

_INF = math.inf
_TWO_PI = 2.0 * math.pi


def _circle_at(c: np.ndarray, R: float) -> Callable[[np.ndarray], np.ndarray]:
    """Points at arc length ``s`` along the circle of radius ``R`` (just outside it) around ``c``."""
    return lambda s: c + (R + 1e-9) * np.stack([np.cos(s / R), np.sin(s / R)], axis=1)
_ANGLE_SLACK = 1e-9

MoveReason = Literal["too_far", "no_room", "off_table", "destination_blocked"]



# =============================================================================================
# Result
# =============================================================================================


@dataclass(frozen=True)
class MoveResult:
    """The outcome of a move query (R-MOVE, RUL-17).

    Attributes
    ----------
    model
        The moving model's id.
    legal
        Whether the move may be made.
    start, end
        Centre positions (cm). For an illegal move ``end`` is the requested destination; for
        forced moves (push, Will-breaker, step away) it is where the model ends up.
    path
        The centre's path as a polyline from ``start`` (the cheapest one found); empty when
        no path exists (``no_room``, ``off_table``, ``destination_blocked``). For ``too_far``
        it is the cheapest path, longer than allowed.
    path_length_cm
        Plain length of ``path`` (``inf`` when there is no path).
    cost_cm
        Cost of ``path``: stretches over difficult terrain count double (RUL-17); ``inf``
        when there is no path.
    allowance_cm
        The distance the model may move.
    reason
        ``None`` when legal, else ``"too_far"``, ``"no_room"``, ``"off_table"`` or
        ``"destination_blocked"``.
    message
        One full sentence for a player.
    narrowest_gap_cm, gap_at
        For ``no_room`` (and a destination squeezed between obstacles): the width of the
        narrowest gap between obstacles on the way, and its middle.
    stopped_by
        What stopped a forced move early (``"model 'b'"``, ``"terrain 'rock'"``,
        ``"the table edge"``), else ``None``.
    blocked_by
        The obstacles the destination overlaps, or those forming the narrowest gap.
    """

    model: str
    legal: bool
    start: Point
    end: Point
    path: tuple[Point, ...]
    path_length_cm: float
    cost_cm: float
    allowance_cm: float
    reason: MoveReason | None
    message: str
    narrowest_gap_cm: float | None = None
    gap_at: Point | None = None
    stopped_by: str | None = None
    blocked_by: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data (``inf`` lengths become ``None``).

        >>> from landsraad.geometry.board import Base, Board
        >>> from landsraad.geometry.movement import plan_move
        >>> plan_move(Board(bases=(Base("a", 5, 5, 30),)), "a", (8, 9), 6).to_dict()["path"]
        [[5.0, 5.0], [8.0, 9.0]]
        """

        def num(x: float | None) -> float | None:
            return None if x is None or not math.isfinite(x) else float(x)

        def pt(p: Point | None) -> list[float] | None:
            return None if p is None else [float(p[0]), float(p[1])]

        return {
            "model": self.model,
            "legal": self.legal,
            "start": pt(self.start),
            "end": pt(self.end),
            "path": [pt(p) for p in self.path],
            "path_length_cm": num(self.path_length_cm),
            "cost_cm": num(self.cost_cm),
            "allowance_cm": float(self.allowance_cm),
            "reason": self.reason,
            "message": self.message,
            "narrowest_gap_cm": num(self.narrowest_gap_cm),
            "gap_at": pt(self.gap_at),
            "stopped_by": self.stopped_by,
            "blocked_by": list(self.blocked_by),
        }
