"""landsraad.table.moves: moves, reach and the charge answer (R-MOVE, RUL-17, R-ACTIVATE)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from landsraad.geometry.approach import CONTACT_GAP_CM
from landsraad.geometry.board import Base, Board, TerrainPiece
from landsraad.table.moves import move_into_contact, move_to, reach


def _pair(gap: float, *, enemy: bool = True) -> Board:
    return Board(bases=(Base("a", 10, 30, 30, side="red"), Base("b", 13 + gap, 30, 30, side="blue" if enemy else "red")))


@settings(max_examples=25, deadline=None)
@given(gap=st.floats(0.5, 40), movement=st.sampled_from([8.0, 10.0, 12.0]))
def test_charge_on_open_ground_by_hand(gap, movement):
    """Straight at the target: the cost is the gap less the contact gap left. One move within the
    Movement fights this activation; within twice it reaches contact only (R-ACTIVATE)."""
    cost = gap - CONTACT_GAP_CM
    assume(abs(cost - movement) > 0.01 and abs(cost - 2 * movement) > 0.01)
    c = move_into_contact(_pair(gap), "a", "b", movement).charge
    expected = 1 if cost < movement else 2 if cost < 2 * movement else None
    assert c.moves_needed == expected
    assert c.cost_cm == pytest.approx(cost, abs=1e-3)
    assert c.can_fight_this_activation == (expected == 1) and c.reaches_contact == (expected is not None)


def test_already_in_contact_fights_without_moving():
    c = move_into_contact(_pair(0.05), "a", "b", 10).charge
    assert c.moves_needed == 0 and c.can_fight_this_activation and c.cost_cm == 0.0


def test_a_friend_is_no_charge():
    assert move_into_contact(_pair(5, enemy=False), "a", "b", 10).charge is None


def test_difficult_terrain_counts_double_for_the_charge():
    """A dune field across the whole way: 7.98 cm of path costs 15.96 cm (RUL-17): two moves of 10."""
    dune = TerrainPiece("dune", ((11.6, 0), (21.4, 0), (21.4, 60), (11.6, 60)), height_cm=0, movement="difficult")
    board = Board(bases=_pair(8).bases, terrain=(dune,))
    c = move_into_contact(board, "a", "b", 10).charge
    assert c.moves_needed == 2 and c.cost_cm > 10


def test_a_move_too_long_stops_where_the_allowance_runs_out():
    a = move_to(_pair(30), "a", (30.0, 30.0), 10)
    assert not a.legal and a.stop_at == pytest.approx((20.0, 30.0)) and a.missing_cm == pytest.approx(10.0)
    assert a.to_dict()["missing_cm"] == 10.0 and "charge" not in a.to_dict()


def test_reach_region_bounds():
    r = reach(Board(bases=(Base("a", 30, 30, 30),)), "a", 5)
    assert not r.empty and r.to_dict()["bounds"] == pytest.approx([25, 25, 35, 35], abs=0.05)
