"""Tests for landsraad.geometry.setup: R-TERRAIN placement and R-DEPLOY deployment."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from landsraad.content import data_dir
from landsraad.errors import GeometryError
from landsraad.geometry.board import Base, Board, TerrainPiece
from landsraad.geometry.setup import (
    SetupProblem,
    check_deployment,
    check_terrain_placement,
    deployment_spots,
    edge_gap,
)
from landsraad.scene import load_scene


def square(pid: str, x: float, y: float, size: float = 5.0, kind: str = "blocked") -> TerrainPiece:
    return TerrainPiece(pid, ((x, y), (x + size, y), (x + size, y + size), (x, y + size)), 3, kind)


# --- R-TERRAIN ------------------------------------------------------------------------------------


@pytest.mark.parametrize("edge,x,y", [("west", 5, 20), ("south", 20, 5), ("east", 50, 20), ("north", 20, 50)])
def test_exactly_5cm_from_an_edge_is_illegal_r_terrain(edge, x, y):
    problems = check_terrain_placement(Board(terrain=(square("p", x, y),)))
    assert [(p.subject, p.rule) for p in problems] == [("p", "R-TERRAIN")]
    assert f"5.0 cm from the {edge} edge" in problems[0].message


def test_just_over_5cm_is_legal():
    assert check_terrain_placement(Board(terrain=(square("p", 5.001, 5.001),))) == ()


def test_piece_over_the_edge():
    (p,) = check_terrain_placement(Board(terrain=(square("p", -1, 20),)))
    assert "over the west edge" in p.message


def test_exactly_10cm_between_pieces_is_illegal_and_names_the_later_piece():
    a, b = square("a", 10, 10), square("b", 25, 10)
    problems = check_terrain_placement(Board(terrain=(a, b)))
    assert [p.subject for p in problems] == ["b"]
    assert "10.0 cm from 'a'" in problems[0].message
    assert check_terrain_placement(Board(terrain=(a, square("b", 25.01, 10)))) == ()


def test_diagonal_spacing_is_footprint_to_footprint():
    # corner to corner: sqrt(7^2 + 7^2) = 9.9 cm: too close
    problems = check_terrain_placement(Board(terrain=(square("a", 10, 10), square("b", 22, 22))))
    assert [p.subject for p in problems] == ["b"]
    # sqrt(7.1^2 * 2) = 10.04 cm: fine
    assert check_terrain_placement(Board(terrain=(square("a", 10, 10), square("b", 22.1, 22.1)))) == ()


def test_bundled_scenes_are_legal_r_terrain():
    for name in ("reference", "demo"):
        board = load_scene(data_dir("scenes") / f"{name}.yaml").board
        assert check_terrain_placement(board) == (), name


@given(st.lists(st.tuples(st.floats(0, 55), st.floats(0, 55)), min_size=1, max_size=5))
def test_terrain_problems_match_the_distances(corners):
    pieces = tuple(square(f"p{i}", x, y) for i, (x, y) in enumerate(corners))
    board = Board(terrain=pieces)
    problems = check_terrain_placement(board)
    edge_bad = {t.id for t in pieces if min(t.polygon[0][0], t.polygon[0][1], 60 - t.polygon[2][0], 60 - t.polygon[2][1]) <= 5}
    pair_bad = [(b.id, a.id) for a, b in itertools.combinations(pieces, 2) if a.shape.distance(b.shape) <= 10]
    assert {p.subject for p in problems if "edge" in p.message} == edge_bad
    assert len([p for p in problems if "apart" in p.message]) == len(pair_bad)


# --- R-DEPLOY -----------------------------------------------------------------------------------


def test_deployment_in_contact_with_the_edge_rul07():
    board = Board(bases=(
        Base("r1", 10, 1.5, 30, side="red"),     # touching
        Base("r2", 20, 1.6, 30, side="red"),     # 0.1 cm: still in contact (RUL-07)
        Base("r3", 30, 1.62, 30, side="red"),    # 0.12 cm: not
        Base("b1", 58.5, 30, 30, side="blue"),   # east edge
        Base("b2", 30, 1.5, 30, side="blue"),    # at the wrong edge
    ))
    problems = check_deployment(board, {"red": "south", "blue": "east"})
    assert [p.subject for p in problems] == ["r3", "b2"]
    assert all(p.rule == "R-DEPLOY" for p in problems)
    assert "0.1 cm from the south edge" in problems[0].message
    assert check_deployment(board, {"red": "south", "blue": "east"}, tolerance_cm=0.2)[0].subject == "b2"


def test_deployment_checks_only_the_sides_given_and_overhang():
    board = Board(bases=(Base("x", 10, 30, 30), Base("g", 20, 30, 30, side="green"), Base("o", 30, 1.0, 30, side="red")))
    problems = check_deployment(board, {"red": "south"})
    assert [p.subject for p in problems] == ["o"]
    assert "hangs over the south edge" in problems[0].message
    assert [p.subject for p in check_deployment(board, {"green": "west"})] == ["g"]
    with pytest.raises(GeometryError, match="unknown edge"):
        check_deployment(board, {"red": "up"})  # type: ignore[dict-item]


def test_edge_gap():
    board = Board(width=60, depth=40)
    b = Base("a", 10, 5, 40)
    assert [edge_gap(board, b, e) for e in ("south", "north", "west", "east")] == [3.0, 33.0, 8.0, 48.0]


def test_deployment_spots_are_legal_and_pass_check_deployment():
    rock = square("rock", 27, 0, 6)  # sits on the south edge: no spot may overlap it
    board = Board(bases=(Base("old", 10, 1.5, 30, side="red"),), terrain=(rock,))
    spots = deployment_spots(board, "south", 30, 12)
    assert len(spots) == 12
    placed = board
    for i, (x, y) in enumerate(spots):
        assert y == pytest.approx(1.5)
        assert not (27 - 1.5 < x < 33 + 1.5)
        placed = placed.with_base(Base(f"n{i}", x, y, 30, side="red"))
    for a, b in itertools.combinations(placed.bases, 2):
        assert math.hypot(a.x - b.x, a.y - b.y) >= a.radius + b.radius - 1e-9
    assert check_deployment(placed, {"red": "south"}) == ()


def test_deployment_spots_all_edges_and_limits():
    for edge in ("south", "north", "west", "east"):
        spots = deployment_spots(Board(), edge, 50, 2)
        assert check_deployment(Board(bases=tuple(Base(f"a{i}", x, y, 50, side="s") for i, (x, y) in enumerate(spots))), {"s": edge}) == ()
    assert len(deployment_spots(Board(), "south", 30, 20)) == 20  # exactly 60 / 3 fit
    with pytest.raises(GeometryError, match="Only 20 bases"):
        deployment_spots(Board(), "south", 30, 21)
    with pytest.raises(GeometryError, match="Unknown table edge"):
        deployment_spots(Board(), "top", 30, 1)  # type: ignore[arg-type]


def test_setup_problem_to_dict():
    p = SetupProblem("rock", "R-TERRAIN", "Too close.")
    assert p.to_dict() == {"subject": "rock", "rule": "R-TERRAIN", "message": "Too close."}
    assert str(p) == "Too close."
