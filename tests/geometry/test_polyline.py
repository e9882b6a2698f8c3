"""Points along a polyline (landsraad.geometry.movement.polyline): GEOS's answer, bit for bit.

The oracle is shapely's ``line_interpolate_point`` (GEOS), which the escape search and the
crossing refinement used before; the same points mean the same paths and the same games.
"""

from __future__ import annotations

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.geometry.movement.polyline import Polyline
from landsraad.geometry.movement.space import _outline

coordinate = st.floats(-60, 60, allow_nan=False, allow_infinity=False)
vertices = st.lists(st.tuples(coordinate, coordinate), min_size=2, max_size=40)


def _geos(line: shapely.LineString, s: np.ndarray) -> np.ndarray:
    return shapely.get_coordinates(shapely.line_interpolate_point(line, s))


def _probes(poly: Polyline, length: float, extra: list[float]) -> np.ndarray:
    """Lengths where the answer turns: the vertices' running sums and their neighbouring floats,
    both ends, beyond them, and measured back from the end."""
    ends = poly.ends
    return np.concatenate([
        ends, np.nextafter(ends, -np.inf), np.nextafter(ends, np.inf), -ends,
        [0.0, -0.0, length, np.nextafter(length, 0.0), length + 1.0, -length, -length - 1.0], extra,
    ])


@settings(max_examples=300, deadline=None)
@given(vertices, st.lists(st.floats(-130, 130, allow_nan=False), max_size=20), st.booleans(), st.booleans())
def test_points_are_geos_points_bit_for_bit(pts, extra, ring, repeat):
    if repeat:
        pts = [pts[0], *pts]  # a zero-length first segment
    if ring and len(pts) >= 3:
        line = shapely.LinearRing(pts)
    else:
        line = shapely.LineString(pts)
    poly = Polyline.of(line)
    s = _probes(poly, line.length, extra)
    np.testing.assert_array_equal(poly.at(s), _geos(line, s))


def test_running_sum_is_geos_length():
    """The last running sum is the line's length as GEOS sums it (negative lengths count back from it)."""
    rng = np.random.default_rng(3)
    for _ in range(200):
        line = shapely.LineString(rng.uniform(-30, 30, (int(rng.integers(2, 80)), 2)))
        assert Polyline.of(line).ends[-1] == line.length


def test_outline_of_a_difficult_piece():
    """The outlines the crossing refinement walks along: thousands of points on arcs of 0.02 cm chords."""
    ring = np.array([(10.0, 10.0), (20.0, 10.0), (20.0, 18.0), (14.0, 22.0), (10.0, 18.0)])
    line = _outline(ring, 1.25)
    poly = Polyline.of(line)
    s = np.mod(np.linspace(-3.0, 3 * line.length, 5000), line.length)
    np.testing.assert_array_equal(poly.at(s), _geos(line, s))


def test_worked_example():
    line = shapely.LineString([(0, 0), (3, 0), (3, 4)])
    got = Polyline.of(line).at(np.array([0.0, 1.5, 3.0, 4.0, 7.0, 8.0, -2.0]))
    assert got.tolist() == [[0.0, 0.0], [1.5, 0.0], [3.0, 0.0], [3.0, 1.0], [3.0, 4.0], [3.0, 4.0], [3.0, 2.0]]


def test_single_point_line():
    """A degenerate line of one repeated vertex: every length is that vertex."""
    line = shapely.LineString([(2, 5), (2, 5)])
    s = np.array([-1.0, 0.0, 1.0])
    np.testing.assert_array_equal(Polyline.of(line).at(s), _geos(line, s))
