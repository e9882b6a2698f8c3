"""The reach region (landsraad.geometry.movement.reach) against stored goldens (issue 42).

Each golden under ``tests/data/reach/`` is the region ``reach_region`` gave on main at 71fd125
(2026-12-02), before any of issue 42's later speed work, written as gzipped WKB: the
construction a faster one must keep. A region may differ from its golden by slivers between
rays only: the symmetric difference under 1e-6 of the area, the Hausdorff distance under 0.01 cm
(the bound the region's docstring states against ``plan_move``). The cases: short charges of the
threat map's drag (R-MOVE, 11 cm, beside and far from the difficult well of ``scenes/table.yaml``:
RUL-17), a reach into the well (20 cm) and an open one on ``scenes/reference.yaml``; a long one
(30 cm, 9 s of CPU at the time) is slow-marked.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import numpy as np
import pytest
import shapely

from landsraad.geometry.movement import reach as reach_module
from landsraad.geometry.movement import reach_region
from landsraad.geometry.movement.terrain_space import _mover, _space_cached
from landsraad.scene import load_scene

ROOT = Path(__file__).resolve().parents[2]
GOLDENS = ROOT / "tests" / "data" / "reach"

CASES = [("table", "naib-1", 11.0), ("table", "fedaykin-1", 11.0), ("table", "warrior-1", 20.0),
         ("reference", "blue-6", 10.0)]
SLOW_CASES = [("table", "sardaukar-1", 30.0)]


def _golden(scene: str, model: str, movement: float) -> shapely.Geometry:
    with gzip.open(GOLDENS / f"{scene}-{model}-{movement:g}.wkb.gz", "rb") as f:
        return shapely.from_wkb(f.read())


def _check(scene: str, model: str, movement: float) -> None:
    golden = _golden(scene, model, movement)
    region = reach_region(load_scene(ROOT / "scenes" / f"{scene}.yaml").board, model, movement)
    assert golden.area > 0 and region.area > 0
    assert region.symmetric_difference(golden).area < 1e-6 * golden.area
    assert shapely.hausdorff_distance(region, golden) < 0.01


@pytest.mark.parametrize(("scene", "model", "movement"), CASES)
def test_the_region_is_its_golden(scene: str, model: str, movement: float) -> None:
    _check(scene, model, movement)


@pytest.mark.slow
@pytest.mark.parametrize(("scene", "model", "movement"), SLOW_CASES)
def test_a_long_region_is_its_golden(scene: str, model: str, movement: float) -> None:
    _check(scene, model, movement)


def test_the_golden_comparison_sees_a_region_a_ray_short() -> None:
    """The comparison is not blind: the golden of a short charge grown or shrunk by 0.02 cm (a ray
    short or long at every bearing) fails it."""
    golden = _golden("table", "naib-1", 11.0)
    for grown in (golden.buffer(0.02), golden.buffer(-0.02)):
        assert not (grown.symmetric_difference(golden).area < 1e-6 * golden.area
                    and shapely.hausdorff_distance(grown, golden) < 0.01)


@pytest.mark.parametrize(("model", "budget", "expected"), [("naib-1", 11.0, False), ("warrior-1", 20.0, True),
                                                            ("naib-1", 40.0, True)])
def test_the_difficult_outline_is_skipped_only_when_out_of_reach(model: str, budget: float, expected: bool) -> None:
    """``_difficult_within`` (RUL-17: the outline stars are cast from where a base starts being over
    difficult terrain) says no exactly when no outline point lies within the allowance."""
    board = load_scene(ROOT / "scenes" / "table.yaml").board
    base, excluded = _mover(board, model, ())
    space = _space_cached(board, base.radius, excluded)
    start = np.array([base.x, base.y])
    outline = reach_module._difficult_outline(space, reach_module._OUTLINE_STEP)
    nearest = float(np.hypot(*(outline - start).T).min())
    assert reach_module._difficult_within(space, start, budget) is expected
    assert (nearest < budget) is expected
