"""Tests for landsraad.geometry.approach: moving into base contact, and where a long move stops.

Expected figures by hand (straight lines on an open table, a dune strip at double cost, RUL-17)
and properties checked against plan_move and path_cost.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.errors import GeometryError
from landsraad.geometry.approach import CONTACT_GAP_CM, contact_move, point_at_cost
from landsraad.geometry.board import Base, Board, TerrainPiece
from landsraad.geometry.measure import CONTACT_TOLERANCE_CM, edge_distance, in_contact
from landsraad.geometry.movement import path_cost


def test_contact_gap_is_inside_the_contact_tolerance():
    assert 0 < CONTACT_GAP_CM < CONTACT_TOLERANCE_CM


def test_straight_into_contact():
    """a (10, 30) to b (30, 30), both 30 mm: 17 cm to touching, straight east."""
    board = Board(bases=(Base("a", 10, 30, 30), Base("b", 30, 30, 30)))
    res = contact_move(board, "a", "b", 20)
    assert res.legal and res.path_length_cm == pytest.approx(17 - CONTACT_GAP_CM, abs=1e-3)
    assert in_contact(board.moved("a", res.end).base("a"), board.base("b"))


def test_round_a_wall_into_contact():
    """A wall between them: the base must go round it, and still end in contact."""
    wall = TerrainPiece("wall", ((19, 20), (21, 20), (21, 40), (19, 40)), 5)
    board = Board(bases=(Base("a", 10, 30, 30), Base("b", 30, 30, 30)), terrain=(wall,))
    res = contact_move(board, "a", "b", 60)
    assert res.legal and res.path_length_cm > 17
    gap = edge_distance(board.moved("a", res.end).base("a"), board.base("b"))
    assert 0 <= gap <= CONTACT_TOLERANCE_CM


def test_too_far_keeps_the_cheapest_path():
    board = Board(bases=(Base("a", 10, 30, 30), Base("b", 50, 30, 30)))
    res = contact_move(board, "a", "b", 10)
    assert not res.legal and res.reason == "too_far"
    assert res.path_length_cm == pytest.approx(37 - CONTACT_GAP_CM, abs=1e-3)


def test_contact_with_itself_is_an_error():
    with pytest.raises(GeometryError, match="itself"):
        contact_move(Board(bases=(Base("a", 10, 30, 30),)), "a", "a", 10)


@settings(max_examples=25, deadline=None)
@given(st.floats(5, 55), st.floats(5, 55), st.floats(5, 55), st.floats(5, 55), st.sampled_from([25, 30, 40, 50]))
def test_contact_move_ends_in_contact(ax, ay, bx, by, size):
    a, b = Base("a", ax, ay, size), Base("b", bx, by, 30)
    if math.hypot(ax - bx, ay - by) < a.radius + b.radius + 0.5:
        return
    board = Board(bases=(a, b))
    res = contact_move(board, "a", "b", 200)
    if res.legal:
        gap = edge_distance(board.moved("a", res.end).base("a"), b)
        assert -1e-6 <= gap <= CONTACT_TOLERANCE_CM
        # never longer than the straight line to the nearest touching point, plus the refinement's slack
        assert res.path_length_cm <= math.hypot(ax - bx, ay - by) - a.radius - b.radius + 0.01


def test_point_at_cost_through_difficult_ground():
    """A dune x 20..30 (difficult): the base is over it while its centre is in (18.5, 31.5)."""
    dune = TerrainPiece("dune", ((20, 0), (30, 0), (30, 60), (20, 60)), movement="difficult")
    board = Board(terrain=(dune,), bases=(Base("a", 10, 30, 30),))
    path = [(10, 30), (45, 30)]
    assert point_at_cost(board, "a", path, 5) == pytest.approx((15, 30))        # open ground
    assert point_at_cost(board, "a", path, 12.5) == pytest.approx((20.5, 30))   # 8.5 + 2 x 2
    assert point_at_cost(board, "a", path, 34.5) == pytest.approx((31.5, 30))   # 8.5 + 13 x 2
    assert point_at_cost(board, "a", path, 100) == (45, 30)                      # the path is cheaper


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.floats(3, 57), st.floats(3, 57)), min_size=2, max_size=5), st.floats(0, 80))
def test_point_at_cost_spends_the_allowance(points, allowance):
    """The path up to the point costs the allowance (or the whole path costs less)."""
    dune = TerrainPiece("dune", ((20, 0), (30, 0), (30, 60), (20, 60)), movement="difficult")
    board = Board(terrain=(dune,), bases=(Base("a", *points[0], 30),))
    stop = point_at_cost(board, "a", points, allowance)
    total = path_cost(board, "a", points)[1]
    if total <= allowance:
        assert stop == pytest.approx(points[-1])
        return
    # the prefix up to the stop, along the path
    spent, prefix = 0.0, [points[0]]
    for p, q in zip(points, points[1:]):
        seg = path_cost(board, "a", [p, q])[1]
        if spent + seg >= allowance:
            prefix.append(stop)
            break
        spent += seg
        prefix.append(q)
    assert path_cost(board, "a", prefix)[1] == pytest.approx(allowance, abs=1e-4)
