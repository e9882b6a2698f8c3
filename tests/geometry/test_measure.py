"""Tests for landsraad.geometry.measure: R-MEASURE, RUL-07, R-SHOOT range bands, RUL-08 ties."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from landsraad.errors import GeometryError
from landsraad.geometry.board import Base, Board, Marker, TerrainPiece
from landsraad.geometry.measure import (
    distance,
    edge_distance,
    in_contact,
    lookup,
    nearest,
    range_band,
    range_modifier,
    report_cm,
)

coord = st.floats(0, 60, allow_nan=False)
diam = st.sampled_from([25, 30, 40, 50])


# --- R-MEASURE: base edge to base edge ----------------------------------------------------------


def test_edge_distance_hand_computed_r_measure():
    # centres (10, 10) and (13, 14): 5 cm apart; radii 1.5 (30 mm) and 2.5 (50 mm)
    a, b = Base("a", 10, 10, 30), Base("b", 13, 14, 50)
    assert edge_distance(a, b) == pytest.approx(1.0)


def test_edge_distance_touching_and_overlapping_are_zero():
    a = Base("a", 0, 0, 30)
    assert edge_distance(a, Base("b", 3, 0, 30)) == 0.0
    assert edge_distance(a, Base("b", 1, 0, 30)) == 0.0


def test_edge_distance_to_marker_and_terrain():
    a = Base("a", 10, 10, 40)  # radius 2
    assert edge_distance(a, Marker("m", 10, 20, 30)) == pytest.approx(10 - 2 - 1.5)
    rock = TerrainPiece("rock", ((20, 0), (25, 0), (25, 30), (20, 30)), 5)
    assert edge_distance(a, rock) == pytest.approx(20 - 10 - 2)
    assert edge_distance(rock, a) == pytest.approx(8)
    other = TerrainPiece("other", ((30, 0), (31, 0), (31, 1)), 1)
    assert edge_distance(rock, other) == pytest.approx(5)


def test_distance_by_ids_and_unknown_id():
    board = Board(bases=(Base("a", 10, 10, 30),), markers=(Marker("m", 20, 10, 50),))
    assert distance(board, "a", "m") == pytest.approx(10 - 1.5 - 2.5)
    with pytest.raises(GeometryError, match="nothing called 'zz'.*the models are: a; the markers: m"):
        distance(board, "a", "zz")
    assert lookup(board, "m").size_mm == 50


@given(coord, coord, diam, coord, coord, diam)
def test_distance_symmetric_and_never_negative(x1, y1, d1, x2, y2, d2):
    a, b = Base("a", x1, y1, d1), Base("b", x2, y2, d2)
    assert edge_distance(a, b) == edge_distance(b, a)
    assert edge_distance(a, b) >= 0.0
    # and it is the centre distance minus the radii whenever that is positive
    gap = math.hypot(x1 - x2, y1 - y2) - (d1 + d2) / 20
    assert edge_distance(a, b) == pytest.approx(max(0.0, gap), abs=1e-9)


@given(coord, coord, diam, st.floats(-5, 5), st.floats(-5, 5))
def test_distance_to_terrain_symmetric_and_never_negative(x, y, d, dx, dy):
    a = Base("a", x, y, d)
    rock = TerrainPiece("rock", ((30 + dx, 30 + dy), (35, 30), (35, 36), (30, 36)), 3)
    assert edge_distance(a, rock) == pytest.approx(edge_distance(rock, a))
    assert edge_distance(a, rock) >= 0.0


# --- RUL-07: contact within 0.1 cm, reported to 0.1 cm ----------------------------------------------


def test_contact_boundary_rul07():
    a = Base("a", 0, 0, 30)
    assert in_contact(a, Base("b", 3.0, 0, 30))  # touching
    assert in_contact(a, Base("b", 3.1, 0, 30))  # exactly 0.1 cm: the boundary counts
    assert not in_contact(a, Base("b", 3.1001, 0, 30))
    assert in_contact(a, Base("b", 2.0, 0, 30))  # overlapping counts as contact
    assert in_contact(a, Base("b", 3.3, 0, 30), tolerance_cm=0.3)
    assert not in_contact(a, Base("b", 3.01, 0, 30), tolerance_cm=0.0)
    with pytest.raises(GeometryError):
        in_contact(a, a, tolerance_cm=-1)


def test_report_cm_rounds_half_up_to_tenths():
    assert [report_cm(x) for x in (0, 0.04, 0.05, 7.349, 7.35, 12.96)] == [0.0, 0.0, 0.1, 7.3, 7.4, 13.0]


# --- R-SHOOT range bands ---------------------------------------------------------------------------


def test_shooting_example_1_pistol_at_35cm():
    """R-SHOOT example 1: pistol range 10, Combat +1, at 35 cm: -2."""
    assert range_band(35, 10) == 3
    assert range_modifier(35, 10, +1) == -2


def test_shooting_example_1_table_of_bands():
    """ "+1 under 10, 0 between 11 and 20, -1 between 21 and 30, -2 between 31 and 40" """
    expected = {5: 1, 10: 1, 11: 0, 15: 0, 20: 0, 21: -1, 30: -1, 31: -2, 40: -2, 41: -3}
    assert {d: range_modifier(d, 10, 1) for d in expected} == expected


def test_shooting_example_2_lance_at_16cm():
    """R-SHOOT example 2: lance range 15, Combat +1, at 16 cm: +0 for range."""
    assert range_band(16, 15) == 1
    assert range_modifier(16, 15, 1) == 0


def test_range_band_uses_reported_distance_prj30():
    """PRJ-30: the distance as reported (0.1 cm) decides the band."""
    assert range_band(10.04, 10) == 0
    assert range_band(10.05, 10) == 1
    assert range_band(0.0, 10) == 0


def test_range_band_bad_values():
    with pytest.raises(GeometryError, match="more than 0 cm"):
        range_band(5, 0)
    with pytest.raises(GeometryError, match="negative"):
        range_band(-1, 10)


@given(st.floats(0, 200), st.sampled_from([5, 10, 15, 20, 25]))
def test_range_band_monotone_and_matches_ceiling(d, r):
    band = range_band(d, r)
    shown = report_cm(d)
    assert band == max(0, math.ceil(round(shown * 10) / (r * 10)) - 1)
    assert range_band(d + 1.0, r) >= band


# --- nearest (RUL-08 ties) ----------------------------------------------------------------------------


def test_nearest_ties_within_005cm():
    board = Board(bases=(
        Base("s", 0, 0, 30), Base("a", 10, 0, 30), Base("b", 0, 10.05, 30), Base("c", 0, -10.06, 30),
    ))
    assert nearest(board, "s", ["a", "b", "c"]) == ("a", "b")
    assert nearest(board, "s", ["c"]) == ("c",)
    assert nearest(board, "s", ["s"]) == ()


def test_nearest_uses_edges_not_centres():
    # b's centre is further, but its 50 mm base reaches closer
    board = Board(bases=(Base("s", 0, 0, 30), Base("a", 10, 0, 25), Base("b", 0, 10.5, 50)))
    assert nearest(board, "s", ["a", "b"]) == ("b",)


@pytest.mark.parametrize("weapon_range", [1e308, float("inf"), float("nan")])
def test_range_bands_refuse_ranges_no_table_has(weapon_range):
    # Issue 15: `measure --weapon 1e308` overflowed; a located sentence instead.
    from landsraad.errors import GeometryError
    from landsraad.geometry.measure import range_band

    with pytest.raises(GeometryError):
        range_band(12.0, weapon_range)


class _PlainBase(Base):
    """A base :func:`edge_distance` does not take its two-bases fast path for (it tests the exact type)."""


@given(coord, coord, st.floats(5, 120), coord, coord, st.floats(5, 120))
def test_edge_distance_between_bases_is_the_round_shapes_answer(ax, ay, da, bx, by, db):
    """The fast path for two bases gives exactly the general round-shape branch's distance (R-MEASURE)."""
    a, b = Base("a", ax, ay, da), Base("b", bx, by, db)
    slow = edge_distance(_PlainBase("a", ax, ay, da), _PlainBase("b", bx, by, db))
    assert edge_distance(a, b) == slow
    assert edge_distance(a, Marker("m", bx, by, db)) == edge_distance(_PlainBase("a", ax, ay, da), Marker("m", bx, by, db))
