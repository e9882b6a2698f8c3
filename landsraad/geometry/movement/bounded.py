"""The reach region on a bound of work: a proved inner region, a sound outer one and the
undecided band between them (issue 42: ``reach`` on any allowance within a few seconds).

:func:`reach_bounded` runs :func:`~.reach.reach_region`'s construction with a budget of work
units (:class:`~.work.Work`: rays cast and legs priced, counted on the loops' sizes, so the same
input always stops at the same place). Within the budget the answer is the exact region (no
band). Past it the construction stops refining, and the answer is

- the *inner* region: the pieces built so far, each made of real paths (every point in it is
  reached, R-MOVE, RUL-17);
- the *outer* region: the inner one and the sets the skipped pieces could have added, within
  the start's part of the free space and within a lower bound of the cost (the straight
  distance, and inside difficult ground at least the straight distance plus the way to the
  nearest edge of that ground, counted once more: :func:`lower_bound_region`); no point
  outside it is reached;
- the *band*: the outer region less the inner one, with its largest width (how far a point of
  the band lies from the inner region, at most).

Callers that need the exact region (the engine, the AI's charges, :func:`~.voluntary.plan_move`)
call :func:`~.reach.reach_region`, which is this construction unbounded.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, cast

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from ..board import Board, Point
from .reach import construct_reach
from .terrain_space import _mover, _space_cached
from .work import Work

__all__ = ["REACH_WORK", "ReachBound", "lower_bound_region", "reach_bounded"]

REACH_WORK = 200_000
"""The work units :func:`reach_bounded` spends by default (see docs/reliability.md, "Reach:
bounded work"): chosen so that every allowance 0-100 cm of the bench scenes, and every model of
``scenes/table.yaml`` at 20-60 cm, takes under 3 s of CPU with room for a busier host (2.6 s at
most on 2026-12-04; at 250,000 units sardaukar-2 at 35 cm took 3.3-3.5 s for a band no
narrower). The graph, its search and the union of the pieces are not cut, so the time per
unit varies from one table to another. Short allowances stay exact (naib-1 on ``table`` up
to 22.5 cm, blue-6 on ``reference`` up to 47.5 cm, the whole area past its bound); not every one
that costs little does: naib-1 at 27.5 cm needs 323,000 units (1.9 s) to be exact."""

_QUAD = 64
"""Segments a quarter of the lower bound's discs is drawn with (circumscribed)."""
_ERODE_STEP_CM = 0.5
"""Steps of the depth into difficult ground the lower bound counts (:func:`lower_bound_region`)."""
_ERODE_SLACK_CM = 0.01
"""Added to each depth, far above the error of shapely's inward buffer (its chords)."""
_WIDTH_STEP_CM = 0.25
"""Spacing of the band's outline points its width is measured at."""


@dataclass(frozen=True)
class ReachBound:
    """The reach region on a bound of work (see the module).

    Attributes
    ----------
    inner : BaseGeometry
        Every point in it is reached (the exact region when ``exact``).
    outer : BaseGeometry
        No point outside it is reached (``inner`` itself when ``exact``).
    band : BaseGeometry
        ``outer`` less ``inner``: the points not settled (empty when ``exact``).
    band_width_cm : float
        How far a point of the band lies from ``inner``, at most (0 when ``exact``).
    work : int
        The work units spent.
    budget : float
        The work units allowed.
    """

    inner: BaseGeometry
    outer: BaseGeometry
    band: BaseGeometry
    band_width_cm: float
    work: int
    budget: float

    @property
    def exact(self) -> bool:
        """Whether the answer is the exact region (nothing was left undone)."""
        return self.band.is_empty or self.band.area <= 0


def _disc(centre: Point, radius: float) -> BaseGeometry:
    """A polygon holding the disc (circumscribed; empty for a radius of 0 or less)."""
    if radius <= 0:
        return shapely.Point(centre).buffer(0.0)
    return shapely.Point(centre).buffer(radius / math.cos(math.pi / (4 * _QUAD)) + 1e-6, quad_segs=_QUAD)


def lower_bound_region(zone: BaseGeometry | None, start: Point, budget: float) -> BaseGeometry:
    """Where the cost from ``start`` may be under ``budget`` by a sound lower bound (R-MOVE,
    RUL-17): within the straight distance ``budget`` of the start; inside ``zone`` (where the base
    is over difficult ground, or a polygon inside it), within half of it, or within ``budget``
    less the depth into the zone.

    Why: a path to a point x of the zone either stays in the zone (it costs twice its length, at
    least twice |x - start|) or enters it last at a point y (the rest costs at least |y - start|,
    the way from y to x twice its length l; l >= |x - y|, and l is at least x's depth d into the
    zone), so the cost is at least |x - start| + min(|x - start|, d). A point deeper than t is
    outside the answer unless it lies within ``budget`` - t of the start: the answer is the
    intersection of those sets over depths every :data:`_ERODE_STEP_CM`.

    >>> mud = shapely.box(10, -50, 60, 50)
    >>> region = lower_bound_region(mud, (0.0, 0.0), 20.0)
    >>> region.contains(shapely.Point(14.5, 0)), region.contains(shapely.Point(15.5, 0))   # 19 cm, 21 cm at least
    (True, False)
    """
    disc = _disc(start, budget)
    if zone is None or zone.is_empty:
        return disc
    inside = zone.intersection(disc)
    if inside.is_empty:
        return disc
    kept = inside
    depth = _ERODE_STEP_CM
    while depth < budget:
        deep = zone.buffer(-(depth + _ERODE_SLACK_CM)).intersection(disc)
        if deep.is_empty:
            break
        kept = kept.difference(deep.difference(_disc(start, budget - depth)))
        depth += _ERODE_STEP_CM
    # within half the budget of the start, any point of the zone may be reached
    kept = kept.union(inside.intersection(_disc(start, budget / 2)))
    return disc.difference(inside).union(kept)


def _band_width(band: BaseGeometry, inner: BaseGeometry) -> float:
    """How far a point of ``band`` lies from ``inner``, at most: the farthest of the band's outline
    points (every :data:`_WIDTH_STEP_CM`) and of a grid of that step inside it, plus the step
    (every point of the band lies within it of one of them; the distance is 1-Lipschitz)."""
    if band.is_empty or band.area <= 0:
        return 0.0
    points = shapely.get_coordinates(shapely.segmentize(band.boundary, _WIDTH_STEP_CM))
    x0, y0, x1, y1 = band.bounds
    gx, gy = np.meshgrid(np.arange(x0, x1, _WIDTH_STEP_CM), np.arange(y0, y1, _WIDTH_STEP_CM))
    grid = np.stack([gx.ravel(), gy.ravel()], axis=1)
    grid = grid[shapely.contains_xy(band, grid[:, 0], grid[:, 1])]
    every = np.vstack([points, grid])
    if not len(every):
        return 0.0
    # The band lies outside the inner region, so a point's distance to it is its distance to the
    # inner region's outline: to the nearest of its edges, found in a tree of them (the distance
    # to the whole polygon, point by point, took 8 s for 6,000 points against a region of 78,000
    # vertices: sardaukar-2 at 35 cm on scenes/table.yaml).
    rings = shapely.get_rings(shapely.get_parts(inner))
    coords, ring_of = shapely.get_coordinates(rings, return_index=True)
    same = ring_of[1:] == ring_of[:-1]
    # an (N, 2, 2) array of coordinates gives an array of N lines (the stubs also allow one line)
    edges = cast(np.ndarray, shapely.linestrings(np.stack([coords[:-1][same], coords[1:][same]], axis=1)))
    if not len(edges):
        return float(np.max(shapely.distance(inner, shapely.points(every)))) + _WIDTH_STEP_CM
    _, distances = shapely.STRtree(edges).query_nearest(shapely.points(every), return_distance=True,
                                                          all_matches=False)
    return float(np.max(distances)) + _WIDTH_STEP_CM


def reach_bounded(board: Board, model_id: str, allowance_cm: float, *, ignore: Iterable[str] = (),
                  work: float = REACH_WORK) -> ReachBound:
    """The reach region of ``model_id`` with ``allowance_cm`` (R-MOVE, RUL-17) on a budget of
    ``work`` units: the exact region within the budget, else an inner region (reached), an outer
    one (holding every reached point) and the band between them (see the module).

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 30, 30, 30), Base("b", 50, 30, 30)))
    >>> answer = reach_bounded(board, "a", 30)
    >>> answer.exact, answer.band.is_empty
    (True, True)
    >>> tight = reach_bounded(board, "a", 30, work=1_000)   # the start's star, no sweep round b
    >>> tight.exact, tight.inner.area < answer.inner.area, answer.inner.difference(tight.outer).area < 1e-9
    (False, True, True)
    """
    meter = Work(budget=float(work))
    inner, component, start = construct_reach(board, model_id, allowance_cm, ignore, meter)
    exact = ReachBound(inner, inner, shapely.Point(start).buffer(0.0), 0.0, meter.used, meter.budget)
    if not meter.skipped or component is None:
        return exact
    base, excluded = _mover(board, model_id, ignore)
    space = _space_cached(board, base.radius, excluded)
    zone = None if space.diff_geom is None else space.diff_geom.buffer(space.r, quad_segs=16)
    bound = lower_bound_region(zone, start, float(allowance_cm))
    # outer = inner ∪ (skipped ∩ component ∩ bound), so the band is the skipped sets' part less
    # the inner region: taken from that part alone, not from the whole outer region (a
    # difference of two regions sharing 11,000 vertices took 0.7 s of a 3 s reach: the mentat
    # at 47.5 cm on scenes/table.yaml, where the band comes out empty).
    added = shapely.union_all(meter.skipped).intersection(component).intersection(bound)
    band = added.difference(inner)
    if band.is_empty or band.area <= 0:
        return exact
    outer = shapely.union_all([inner, band])
    return ReachBound(inner, outer, band, _band_width(band, inner), meter.used, meter.budget)
