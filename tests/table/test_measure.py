"""landsraad.table.measure: the measure answer as data (issue 39; R-MEASURE, R-SHOOT, RUL-07, RUL-08)."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from landsraad.geometry.board import Base, Board
from landsraad.table.measure import Measurement, WeaponRange, measure

LEGACY_KEYS = ["a", "b", "distance_cm", "contact", "line_of_sight", "hidden_fraction", "cover", "cover_from",
               "borderline", "range_modifier", "range_band", "weapon_range_cm", "nearest_targets", "target_is_nearest",
               "robust", "tolerance_cm", "fragile"]


def _pair(gap: float) -> Board:
    """Two 30 mm bases ``gap`` cm apart edge to edge, on an open table."""
    return Board(bases=(Base("a", 10, 30, 30, side="red"), Base("b", 13 + gap, 30, 30, side="blue")))


def test_the_json_object_keeps_the_keys_of_the_command_before_the_library():
    m = measure(_pair(10.2), "a", "b", weapon=WeaponRange(10, 1))
    assert list(m.to_dict()) == LEGACY_KEYS


def test_shooting_example_one_pistol_at_35_cm():
    """Rulebook shooting example 1: pistol (10 cm, +1) at 35 cm: three bands out, -3 for the band, +1 the weapon."""
    m = measure(_pair(35), "a", "b", weapon=WeaponRange(10, 1, "Pistol"))
    assert (m.band, m.band_modifier, m.weapon.combat, m.modifier) == (3, -3, 1, -2)


@given(gap=st.floats(0.5, 50), rng=st.sampled_from([5.0, 10.0, 15.0, 20.0, 30.0]), combat=st.integers(-3, 3))
def test_the_range_modifier_is_the_bands_plus_the_weapons(gap, rng, combat):
    m = measure(_pair(gap), "a", "b", weapon=WeaponRange(rng, combat), tolerance_cm=0)
    assert m.band_modifier + combat == m.modifier
    reported = math.floor(gap * 10 + 0.5 + 1e-9) / 10
    assert m.band == max(0, math.ceil(round(reported / rng, 9)) - 1)  # R-SHOOT by hand: ceil(d / range) - 1


def test_near_a_band_limit_and_near_contact():
    assert measure(_pair(10.02), "a", "b", weapon=WeaponRange(10)).near_band_limit == 10
    assert measure(_pair(10.2), "a", "b", weapon=WeaponRange(10)).near_band_limit is None
    assert measure(_pair(0.12), "a", "b").near_contact and not measure(_pair(0.3), "a", "b").near_contact


def test_a_marker_gives_the_distance_only():
    from landsraad.geometry.board import Marker

    board = Board(bases=(Base("a", 10, 30, 30, side="red"),), markers=(Marker("m", 20, 30, 30),))
    m = measure(board, "a", "m")
    assert isinstance(m, Measurement) and m.cover is None and m.robustness is None and m.nearest is None
    assert m.reported_cm == 7.0 and not m.models


def test_same_side_and_nearest():
    board = Board(bases=(Base("a", 10, 30, 30, side="red"), Base("f", 20, 30, 30, side="red"),
                         Base("e", 10, 45, 30, side="blue")))
    m = measure(board, "a", "f")
    assert m.same_side and m.nearest == ("e",) and m.is_nearest is False
