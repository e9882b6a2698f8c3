"""landsraad.table.template: who a template hits and who dodges out (R-TEMPLATE, RUL-19, RUL-09)."""

from __future__ import annotations

import pytest

from landsraad.geometry.board import Base, Board
from landsraad.table.template import blast, direct


def test_a_blast_and_the_dodges_given():
    """A 5 cm blast at (11, 10) covers a (30 mm, centre 1 cm away). Out means beyond touching (RUL-19: within
    the 0.1 cm of contact counts as under) with the 0.01 cm escape margin: 5 + 1.5 + 0.1 + 0.01 - 1 = 5.61 cm."""
    board = Board(bases=(Base("a", 10, 10, 30), Base("b", 40, 40, 30)))
    t = blast(board, (11, 10), dodges={"a": 8, "b": 3})
    assert t.hit == ("a",) and list(t.allowances) == ["a"]
    (d,) = t.dodges
    assert d.possible and d.shortest_cm == pytest.approx(5.61, abs=0.01)
    data = t.to_dict()
    assert data["template"] == {"kind": "blast", "center": [11.0, 10.0], "radius_cm": 5.0}
    assert data["dodge_by_model"] == {"a": 8}


def test_a_dodge_too_short_stays_under():
    board = Board(bases=(Base("a", 10, 10, 30),))
    (d,) = blast(board, (11, 10), dodge_cm=2).dodges
    assert not d.possible


def test_direct_fire_along_a_line():
    board = Board(bases=(Base("s", 10, 30, 30), Base("x", 20, 30, 30), Base("y", 20, 45, 30)))
    t = direct(board, "s", (40, 30), 20)
    assert t.hit == ("x",) and t.to_dict()["template"]["length_cm"] == 20
