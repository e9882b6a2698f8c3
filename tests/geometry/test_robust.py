"""Tests for landsraad.geometry.robust: would an answer change if a model stood a little elsewhere?

Expected values by hand: distances between round bases on an open table, band limits of
R-SHOOT read to 0.1 cm (PRJ-30), the contact tolerance of RUL-07.
"""

from __future__ import annotations

import pytest

from landsraad.errors import GeometryError
from landsraad.geometry.board import Base, Board, TerrainPiece
from landsraad.geometry.robust import DEFAULT_TOLERANCE_CM, robustness


def pair(gap: float, *extra: Base, terrain: tuple[TerrainPiece, ...] = ()) -> Board:
    """Two 30 mm models on a line, ``gap`` cm apart edge to edge."""
    return Board(bases=(Base("a", 10, 30, 30), Base("b", 13 + gap, 30, 30), *extra), terrain=terrain)


def test_default_tolerance_is_half_a_centimetre():
    assert DEFAULT_TOLERANCE_CM == 0.5


def test_an_open_shot_well_within_range_is_robust():
    r = robustness(pair(12), "a", "b", weapon_range_cm=20)
    assert r.robust and r.fragile == () and r.to_dict() == {"robust": True, "tolerance_cm": 0.5, "fragile": []}


@pytest.mark.parametrize("gap, band, other, margin", [
    (10.2, 1, 0, 0.15),   # reads 10.2: band 1; at 10.05 it would read 10.1, still 1; at 10.04, 10.0: band 0
    (9.8, 0, 1, 0.25),    # 9.8 + 0.25 = 10.05 reads 10.1: band 1
    (20.3, 2, 1, 0.25),
])
def test_range_band_near_a_limit_is_fragile(gap, band, other, margin):
    (f,) = robustness(pair(gap), "a", "b", weapon_range_cm=10).fragile
    assert (f.what, f.answer, f.other) == ("range_band", band, other)
    assert f.margin_cm == pytest.approx(margin)


def test_tolerance_below_the_margin_is_robust():
    assert robustness(pair(10.2), "a", "b", weapon_range_cm=10, tolerance_cm=0.1).robust
    assert not robustness(pair(10.2), "a", "b", weapon_range_cm=10, tolerance_cm=0.2).robust


def test_contact_near_the_tolerance_is_fragile():
    (f,) = robustness(pair(0.3), "a", "b").fragile          # not in contact; 0.2 cm closer it is
    assert (f.what, f.answer, f.other) == ("contact", False, True) and f.margin_cm == pytest.approx(0.2)
    (f,) = robustness(pair(0.0), "a", "b").fragile          # touching; 0.1 cm apart is still contact
    assert (f.what, f.answer, f.other) == ("contact", True, False) and f.margin_cm == pytest.approx(0.1)
    assert robustness(pair(0.0), "a", "b", tolerance_cm=0.05).robust


def test_a_target_just_behind_a_screen_edge_is_fragile():
    """c stands exactly behind b, same base and height: seen only along grazing lines (no
    sight); moving either model a little opens a line past b's edge."""
    board = Board(bases=(Base("a", 10, 30, 30), Base("b", 20, 30, 30), Base("c", 30, 30, 30)))
    r = robustness(board, "a", "c")
    assert [f.what for f in r.fragile] == ["line_of_sight"]
    f = r.fragile[0]
    assert f.answer is False and f.other is True and 0 < f.margin_cm <= 0.5 and f.moved in ("a", "c")


def test_cover_class_near_a_threshold_is_fragile():
    """A wall just in front of the target hiding about half of it: a small move changes the class."""
    # 4 cm tall models 20 cm apart, a wall h cm high whose far face is 1.5 cm before the target's
    # centre: (h * 18.5 - 4 * 1.5) / 17 cm of the 4 cm hidden (see cover's example), 51 % for
    # h = 2.2 (large, just) and 18 % for h = 1 (small, far from both thresholds)
    wall = TerrainPiece("w", ((28.0, 20), (28.5, 20), (28.5, 40), (28.0, 40)), 2.2)
    board = Board(bases=(Base("s", 10, 30, 30, 4.0), Base("t", 30, 30, 30, 4.0)), terrain=(wall,))
    r = robustness(board, "s", "t", tolerance_cm=0.5)
    assert any(f.what == "cover" for f in r.fragile)
    far = Board(bases=(Base("s", 10, 30, 30, 4.0), Base("t", 30, 30, 30, 4.0)),
                terrain=(TerrainPiece("w", ((28.0, 20), (28.5, 20), (28.5, 40), (28.0, 40)), 1.0),))
    assert not any(f.what == "cover" for f in robustness(far, "s", "t").fragile)


def test_bad_tolerance():
    with pytest.raises(GeometryError, match="tolerance"):
        robustness(pair(5), "a", "b", tolerance_cm=-1)
