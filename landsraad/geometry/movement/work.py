"""A count of the reach region's work, with a budget past which it stops refining (issue 42)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry


@dataclass
class Work:
    """Work units spent by one reach computation against ``budget`` units (unbounded by
    default): :data:`RAY_UNITS` a ray cast, :data:`LEG_UNITS` a leg cleared and priced exactly,
    :data:`BOUND_LEG_UNITS` a proof's leg cleared and priced by its cheap upper bound (about
    their shares of CPU time on the bench scenes).

    Counted on the loops' own sizes, never on time: the same input spends the same units and
    stops at the same place on any machine. ``skipped`` gathers, for each piece of work left
    undone, a set holding every point that piece could have added (see :mod:`.bounded`)."""

    budget: float = math.inf
    used: int = 0
    skipped: list[BaseGeometry] = field(default_factory=list)

    @property
    def left(self) -> float:
        """Units left before the budget (never below 0)."""
        return max(0.0, self.budget - self.used)

    @property
    def bounded(self) -> bool:
        """Whether the budget is finite (unbounded, the work is counted and never cut)."""
        return math.isfinite(self.budget)

    @property
    def spent(self) -> bool:
        """Whether the budget is used up."""
        return self.used >= self.budget

    def spend(self, units: int) -> None:
        """Count ``units`` more."""
        self.used += int(units)

    def rays(self, n: int) -> None:
        """Count ``n`` rays cast."""
        self.spend(RAY_UNITS * n)

    def legs(self, n: int, exact: bool = True) -> None:
        """Count ``n`` legs cleared and priced (``exact``: by :meth:`Space.segment_costs`, else by
        the proof's upper bound)."""
        self.spend((LEG_UNITS if exact else BOUND_LEG_UNITS) * n)

    def past(self, share: float) -> bool:
        """Whether ``share`` of the budget is used up."""
        return self.used >= share * self.budget

    def skip(self, area: BaseGeometry) -> None:
        """Record a set holding what the skipped work could add (nothing when it is empty).

        Parameters
        ----------
        area : BaseGeometry
            Every point the skipped piece of work could have added to the region lies in it.
        """
        if not area.is_empty:
            self.skipped.append(area)

    def skip_discs(self, centres: np.ndarray, radii: np.ndarray) -> None:
        """Record discs (``centres`` (N, 2), ``radii`` (N,)) that hold what the skipped work could
        add: polygons round each disc, circumscribed (never inside the disc)."""
        keep = radii > 0
        if not keep.any():
            return
        grown = shapely.buffer(shapely.points(centres[keep]), radii[keep] / math.cos(math.pi / (4 * _DISC_QUAD)) + 1e-6,
                               quad_segs=_DISC_QUAD)
        self.skipped.append(shapely.union_all(grown))


RAY_UNITS = 3
"""Work units of one ray cast (:func:`~.rays._ray_lengths`)."""
LEG_UNITS = 2
"""Work units of one leg cleared and priced exactly (:func:`~.legs._price_legs`)."""
BOUND_LEG_UNITS = 1
"""Work units of one proof leg cleared and priced by its cheap upper bound."""
_DISC_QUAD = 8
"""Segments a quarter of a skipped piece's disc is drawn with (circumscribed)."""
