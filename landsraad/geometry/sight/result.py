"""The answer to a sight question (R-LOS, R-COVER, RUL-11): the cover classes, their bonuses, and :class:`CoverResult`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ...errors import GeometryError
from ...i18n import message
from ..board import Point

CoverClass = Literal["none", "small", "large", "no_line_of_sight"]

TARGET_ERROR = 0.01
"""Refinement stops once ``error_bound`` is at most this (a hundredth of the silhouette)."""

ROUND_OBSTACLE_SIDES = 32
"""Sides of the circumscribed polygon standing in for a round base where the strip upper
bound needs an obstacle's corners (it contains the circle, so the bound stays a bound)."""

_ZERO = 1e-9  # hidden fractions closer than this to 0 or 1 are 0 or 1 (floating-point dust)
_CLIP = 1e-5  # cm: obstacles are clipped this far in front of an eye point (keeps projections finite)
_FLAT_SILHOUETTE_CM = 1e-3  # a model of height 0 is treated as this tall, so its silhouette has an area

_BONUS = {"none": 0, "small": 2, "large": 4}


@dataclass(frozen=True)
class CoverResult:
    """What a shooter sees of a target (R-LOS, R-COVER, RUL-11).

    Attributes
    ----------
    shooter, target
        Model ids.
    hidden_fraction
        Share of the target's silhouette hidden from the shooter, in [0, 1] (see the module
        notes for the method).
    error_bound
        The true hidden fraction lies within ``hidden_fraction +- error_bound``.
    cover
        ``none`` (hidden 0), ``small`` (more than 0 and under 1/2), ``large`` (1/2 or more,
        not all) or ``no_line_of_sight`` (all hidden), from ``hidden_fraction``.
    borderline
        True when that interval reaches across a class threshold (0, 1/2 or 1).
    line_of_sight
        Whether some part of the silhouette is visible (``cover != "no_line_of_sight"``).
    sight_line
        A clear sight line, table coordinates (from a point of the shooter's base to a visible
        point of the silhouette's footprint), for drawing; None without line of sight.
    hidden_intervals
        The silhouette's width cut into pieces ``(start_cm, end_cm, hidden_share)``: distances
        along the footprint from ``silhouette[0]`` and the hidden share of that strip's height
        (equal neighbours merged). Draw the footprint from ``silhouette[0]`` to
        ``silhouette[1]`` and shade each piece by its share.
    silhouette
        The silhouette's footprint: its left and right ends as the shooter sees them (table cm).
    silhouette_height_cm
        The silhouette's height (the target model's height).
    hidden_regions
        The hidden part of the silhouette as polygons in silhouette coordinates ``(s, z)``:
        ``s`` cm along the footprint from ``silhouette[0]``, ``z`` cm above the table - for a
        side view.
    obstacles
        Ids of the terrain pieces and models that hide some part of the silhouette from some
        eye point of the shooter (the ones "in the way").
    models_block
        Whether other models counted as obstacles.
    cover_from
        Ids of the terrain pieces and models that give the cover: for some hidden part of the
        silhouette, the obstacle alone hides it from some eye point of the shooter. Removing
        every other obstacle leaves the hidden part as it is. Empty when nothing is hidden;
        a subset of ``obstacles``.
    """

    shooter: str
    target: str
    hidden_fraction: float
    error_bound: float
    cover: CoverClass
    borderline: bool
    line_of_sight: bool
    sight_line: tuple[Point, Point] | None
    hidden_intervals: tuple[tuple[float, float, float], ...]
    silhouette: tuple[Point, Point]
    silhouette_height_cm: float
    hidden_regions: tuple[tuple[Point, ...], ...] = ()
    obstacles: tuple[str, ...] = ()
    models_block: bool = True
    cover_from: tuple[str, ...] = ()

    @property
    def hidden_lower(self) -> float:
        """Lower bound of the hidden fraction."""
        return max(0.0, self.hidden_fraction - self.error_bound)

    @property
    def hidden_upper(self) -> float:
        """Upper bound of the hidden fraction."""
        return min(1.0, self.hidden_fraction + self.error_bound)

    @property
    def bonus(self) -> int | None:
        """The defence bonus for this cover (R-COVER), None without line of sight."""
        return _BONUS.get(self.cover)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data (lists for tuples, numbers rounded to 1e-4)."""

        def pt(p: Point) -> list[float]:
            return [round(p[0], 4), round(p[1], 4)]

        return {
            "shooter": self.shooter,
            "target": self.target,
            "hidden_fraction": round(self.hidden_fraction, 4),
            "error_bound": round(self.error_bound, 4),
            "cover": self.cover,
            "bonus": self.bonus,
            "borderline": self.borderline,
            "line_of_sight": self.line_of_sight,
            "sight_line": None if self.sight_line is None else [pt(p) for p in self.sight_line],
            "hidden_intervals": [[round(a, 4), round(b, 4), round(s, 4)] for a, b, s in self.hidden_intervals],
            "silhouette": [pt(p) for p in self.silhouette],
            "silhouette_height_cm": self.silhouette_height_cm,
            "hidden_regions": [[pt(p) for p in ring] for ring in self.hidden_regions],
            "obstacles": list(self.obstacles),
            "models_block": self.models_block,
            "cover_from": list(self.cover_from),
        }


def cover_bonus(cover_class: CoverClass) -> int:
    """The target's defence bonus for a cover class (R-COVER): 0, +2 (small), +4 (large).

    Examples
    --------
    >>> [cover_bonus(c) for c in ("none", "small", "large")]
    [0, 2, 4]
    >>> cover_bonus("no_line_of_sight")
    Traceback (most recent call last):
    ...
    landsraad.errors.GeometryError: A target with no line of sight cannot be shot, so it has no cover bonus.
    """
    if cover_class == "no_line_of_sight":
        raise GeometryError(message("A target with no line of sight cannot be shot, so it has no cover bonus."))
    try:
        return _BONUS[cover_class]
    except KeyError:
        raise GeometryError(
            message("Unknown cover class {cover}; the classes are none, small, large and no_line_of_sight.", cover=repr(cover_class))
        ) from None


def classify(hidden: float) -> CoverClass:
    """The RUL-11 class of a hidden fraction; exactly one half is large.

    Examples
    --------
    >>> [classify(h) for h in (0.0, 1e-12, 0.01, 0.4999, 0.5, 0.99, 1.0)]
    ['none', 'none', 'small', 'small', 'large', 'large', 'no_line_of_sight']
    """
    if hidden <= _ZERO:
        return "none"
    if hidden < 0.5:
        return "small"
    if hidden < 1.0 - _ZERO:
        return "large"
    return "no_line_of_sight"
