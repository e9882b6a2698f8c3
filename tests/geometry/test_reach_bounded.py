"""The reach region on a bound of work (landsraad.geometry.movement.bounded, issue 42).

Past its budget of work units, :func:`reach_bounded` answers an inner region (every point
reached), an outer one (no point outside reached) and the band between them. Checked here
against :func:`plan_move` (the rules' move by its own path search, not the code under test):
points drawn in the inner region are reached, points drawn outside the outer one are not; the
counter stops the work near its budget; the band is there past the budget only, and is gone
within it (small allowances, past the whole-area bound).
"""

from __future__ import annotations

import copy
import math
from pathlib import Path

import numpy as np
import pytest
import shapely

from landsraad.geometry.board import Base, Board, TerrainPiece
from landsraad.geometry.movement import REACH_WORK, plan_move, reach_bounded, reach_region
from landsraad.geometry.movement import bounded as bounded_module
from landsraad.geometry.movement import reach as reach_module
from landsraad.geometry.movement.bounded import lower_bound_region
from landsraad.scene import load_scene

ROOT = Path(__file__).resolve().parents[2]
_SAMPLES = 30
_EDGE_CM = 0.02
"""Points are drawn this far inside the inner region's edge, or outside the outer one's: the
region's own error against plan_move is 0.01 cm (reach_region's docstring)."""


def _board(scene: str) -> Board:
    return load_scene(ROOT / "scenes" / f"{scene}.yaml").board


def _draw(area: shapely.Geometry, count: int, seed: int) -> list[tuple[float, float]]:
    rng = np.random.default_rng(seed)
    x0, y0, x1, y1 = area.bounds
    points: list[tuple[float, float]] = []
    for _ in range(200):
        drawn = rng.uniform((x0, y0), (x1, y1), (4000, 2))
        points += [(float(x), float(y)) for x, y in drawn[shapely.contains_xy(area, drawn[:, 0], drawn[:, 1])]]
        if len(points) >= count:
            break
    return points[:count]


def _inner_reached(board: Board, model: str, movement: float, inner: shapely.Geometry) -> None:
    """Points drawn in ``inner`` within 1.5 cm of its edge (where a region errs) are reached."""
    near_edge = inner.buffer(-_EDGE_CM).difference(inner.buffer(-1.5))
    for point in _draw(near_edge, _SAMPLES, 7):
        move = plan_move(board, model, point, movement)
        assert move.legal, (point, move.reason, move.cost_cm)


def _outside_unreached(board: Board, model: str, movement: float, outer: shapely.Geometry) -> None:
    """Points drawn within the allowance of the start but outside ``outer`` are not reached."""
    base = board.base(model)
    ring = shapely.Point(base.x, base.y).buffer(movement).difference(outer.buffer(_EDGE_CM))
    points = _draw(ring, _SAMPLES, 11)
    assert points
    for point in points:
        move = plan_move(board, model, point, movement)
        assert not move.legal, (point, move.cost_cm)


# naib-1 beside the difficult well of scenes/table.yaml, blue-6 on scenes/reference.yaml: both
# past the default budget (6-12 s of CPU unbounded)
BANDED = [("table", "naib-1", 35.0), ("reference", "blue-6", 65.0)]


@pytest.mark.parametrize(("scene", "model", "movement"), BANDED)
def test_past_the_budget_the_inner_region_is_reached_and_nothing_outside_the_outer_one(
        scene: str, model: str, movement: float) -> None:
    board = _board(scene)
    answer = reach_bounded(board, model, movement)
    assert not answer.exact and answer.band.area > 0 and answer.band_width_cm > 0
    assert answer.inner.area > 0 and answer.outer.covers(answer.inner.buffer(-1e-6))
    _inner_reached(board, model, movement, answer.inner)
    _outside_unreached(board, model, movement, answer.outer)


def test_the_checks_are_not_blind() -> None:
    """The inner region grown by 0.5 cm fails the inner check; the outer one shrunk by 0.5 cm fails
    the outer check."""
    board = _board("table")
    answer = reach_bounded(board, "naib-1", 35.0)
    with pytest.raises(AssertionError):
        _inner_reached(board, "naib-1", 35.0, answer.inner.buffer(0.5).intersection(answer.outer.buffer(0.5)))
    with pytest.raises(AssertionError):
        _outside_unreached(board, "naib-1", 35.0, answer.inner.buffer(-0.5))


@pytest.mark.slow
def test_the_exact_region_lies_between_the_inner_and_the_outer_ones() -> None:
    """The unbounded region (reach_region) holds the inner one and lies in the outer one (but for
    slivers between rays)."""
    board = _board("table")
    answer = reach_bounded(board, "naib-1", 30.0)
    exact = reach_region(board, "naib-1", 30.0)
    assert not answer.exact
    assert answer.inner.difference(exact).area < 1e-6 * exact.area
    assert exact.difference(answer.outer).area < 1e-6 * exact.area


def test_the_counter_stops_the_work_near_its_budget() -> None:
    """A smaller budget spends fewer units (within a batch past it) and settles less; the count
    and the answer are the same run after run (units, not time)."""
    small = reach_bounded(_board("table"), "naib-1", 35.0, work=30_000)
    again = reach_bounded(_board("table"), "naib-1", 35.0, work=30_000)
    more = reach_bounded(_board("table"), "naib-1", 35.0, work=REACH_WORK)
    assert 30_000 <= small.work < 2 * 30_000 < more.work
    assert small.work == again.work and small.inner.equals(again.inner) and small.band.equals(again.band)
    assert small.band.area > more.band.area > 0 and small.inner.area < more.inner.area


@pytest.mark.parametrize(("scene", "model", "movement"), [
    ("table", "naib-1", 10.0),      # a short charge
    ("table", "naib-1", 20.0),
    ("reference", "blue-6", 45.0),
    ("table", "naib-1", 50.0),      # past the whole-area bound: the whole component at once
])
def test_within_the_budget_the_answer_is_the_exact_region(scene: str, model: str, movement: float) -> None:
    board = _board(scene)
    answer = reach_bounded(board, model, movement)
    assert answer.exact and answer.band.is_empty and answer.band_width_cm == 0.0
    exact = reach_region(board, model, movement)
    assert answer.inner.symmetric_difference(exact).area < 1e-9 * exact.area and answer.outer.equals(answer.inner)


@pytest.mark.slow
def test_unbounded_the_answer_is_reach_region() -> None:
    board = _board("reference")
    answer = reach_bounded(board, "blue-6", 65.0, work=math.inf)
    assert answer.exact
    assert answer.inner.symmetric_difference(reach_region(board, "blue-6", 65.0)).area < 1e-9


def test_the_lower_bound_holds_every_point_plan_move_reaches_in_difficult_ground() -> None:
    """A field of mud across the way: points outside the lower bound's region are never reached,
    and the bound is tight for a straight way in (R-TERRAIN-KINDS, RUL-17)."""
    mud = TerrainPiece("mud", ((20, 0), (40, 0), (40, 60), (20, 60)), movement="difficult")
    board = Board(bases=(Base("a", 10, 30, 30),), terrain=(mud,))
    r = board.base("a").radius
    zone = shapely.box(20 - r, 0, 40 + r, 60)
    region = lower_bound_region(zone, (10.0, 30.0), 20.0)
    # straight in to (24, 30): 8.5 cm to the zone (r = 1.5), then 5.5 cm at double cost: 19.5 cm;
    # to (25, 30), 21 cm (the bound counts depths by steps of 0.5 cm)
    assert region.contains(shapely.Point(24.0, 30.0)) and not region.contains(shapely.Point(25.0, 30.0))
    for point in _draw(shapely.Point(10, 30).buffer(20).difference(region.buffer(_EDGE_CM)), 20, 3):
        assert not plan_move(board, "a", point, 20.0).legal, point


_PRICE_LEGS = reach_module._price_legs


def _run_order(monkeypatch: pytest.MonkeyPatch, budget: float) -> tuple[list[float], bool]:
    """The nearest distance from naib-1 (table, 45 cm) of each run of difficult-outline points
    in the order the reach prices them, and whether some run was left unpriced."""
    board = _board("table")
    start = np.asarray(board.base("naib-1").center)
    order: list[float] = []
    price = _PRICE_LEGS

    def spy(space, P, G, outward, X, first_point, points, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003
        order.append(float(np.hypot(*(X[first_point:first_point + points] - start).T).min()))
        return price(space, P, G, outward, X, first_point, points, *args, **kwargs)

    monkeypatch.setattr(reach_module, "_price_legs", spy)
    answer = reach_bounded(board, "naib-1", 45.0, work=budget)
    return order, not answer.exact


def test_on_a_bound_of_work_the_outline_runs_nearest_the_start_are_priced_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run left unpriced counts as discs of the allowance less its distance: pricing the near
    runs first leaves the far ones, whose discs are the narrowest (issue 42). Unbounded, every
    run is priced, in the outline's order (the region's numbers do not depend on it)."""
    # 260,000 units: the sweeps leave the outline's pricing enough for most of its runs, not all
    # (on the default budget the sweeps take it all at 45 cm, and no run is priced)
    bounded, cut = _run_order(monkeypatch, 260_000)
    assert cut and len(bounded) > 3
    assert bounded == sorted(bounded)
    unbounded, cut = _run_order(monkeypatch, math.inf)
    assert not cut and len(unbounded) > len(bounded)
    assert unbounded != sorted(unbounded)  # the outline's own order: not by distance


def test_sweeps_that_refine_round_many_corners_stay_near_the_budget() -> None:
    """sardaukar-2 at 35 cm on the bundled table: its sweeps' refinement adds about forty times
    their first rays; cast in one batch they spent 501,000 units of the 250,000 budget of then (14 s with
    the band's width). In batches that measure the growth, the work stops within a batch of it."""
    answer = reach_bounded(_board("table"), "sardaukar-2", 35.0)
    assert not answer.exact
    assert REACH_WORK <= answer.work < 1.1 * REACH_WORK


def test_the_band_width_is_the_farthest_sampled_point_from_the_inner_region() -> None:
    """The width from a tree of the inner region's edges is the distance shapely measures to the
    whole region, point by point, on the same samples (naib-1 at 35 cm: a band beside a
    difficult well, the inner region with holes)."""
    answer = reach_bounded(_board("table"), "naib-1", 35.0)
    band, inner, step = answer.band, answer.inner, bounded_module._WIDTH_STEP_CM
    points = shapely.get_coordinates(shapely.segmentize(band.boundary, step))
    x0, y0, x1, y1 = band.bounds
    gx, gy = np.meshgrid(np.arange(x0, x1, step), np.arange(y0, y1, step))
    grid = np.stack([gx.ravel(), gy.ravel()], axis=1)
    grid = grid[shapely.contains_xy(band, grid[:, 0], grid[:, 1])]
    every = shapely.points(np.vstack([points, grid]))
    assert answer.band_width_cm == pytest.approx(float(np.max(shapely.distance(inner, every))) + step, abs=1e-9)


def test_a_sweep_left_out_is_recorded_as_a_fan_holding_every_ray_it_would_cast(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sweep left out on a bound of work is recorded as the slice of a disc its tangent rays can
    sweep (far less than the disc of the allowance round its circle, every way). Each sweep left
    out on a small table is then cast and refined as it would have been, and every one of its
    rays (from the arc to where it stops) lies in its own fan; on the bundled table, the exact
    region lies in the outer one."""
    # bases close enough that their circles' arcs are cut: runs of part of a circle, both ways round
    board = Board(bases=(Base("a", 30, 30, 30), Base("b", 36, 30, 30), Base("c", 39.5, 31, 30),
                         Base("d", 36, 34.5, 30), Base("e", 26, 36, 30), Base("f", 24, 32, 30)))
    left_out = []
    fans = reach_module._sweep_fans

    def spy(space, sweeps, budget):  # noqa: ANN001, ANN202
        left_out.append((space, copy.deepcopy(sweeps), budget))
        return fans(space, sweeps, budget)

    monkeypatch.setattr(reach_module, "_sweep_fans", spy)
    assert not reach_bounded(board, "a", 20.0, work=5_000).exact
    (space, sweeps, budget), = left_out
    assert len(sweeps) >= 4 and {sw.direction for sw in sweeps} == {-1, 1}
    assert not any(np.isfinite(sw.cost).all() for sw in sweeps)  # no whole turn: the fans are slices
    for sweep in sweeps:
        fan = fans(space, [sweep], budget)
        reach_module._cast_sweeps(space, [sweep], budget, None)
        n = len(sweep.th)
        nxt = np.roll(np.arange(n), -1)
        linked = sweep.reach & sweep.reach[nxt] & np.isfinite(sweep.cost)
        rays = [k for k in range(n) if linked[k] or linked[nxt[k] - 1]]
        assert rays
        segments = shapely.linestrings(np.stack([sweep.q[rays], sweep.ends[rays]], axis=1))
        assert shapely.covers(fan.buffer(1e-9), segments).all()
    exact = reach_region(_board("table"), "sardaukar-1", 30.0)
    answer = reach_bounded(_board("table"), "sardaukar-1", 30.0)
    assert exact.difference(answer.outer).area < 1e-6 * exact.area
