"""Overlays: every number is the geometry library's own answer, packed for the panel."""

from __future__ import annotations

import pytest

from landsraad.content import data_dir
from landsraad.geometry.board import Base, Board, TerrainPiece
from landsraad.geometry.measure import edge_distance, range_band
from landsraad.geometry.movement import plan_move, reach_region
from landsraad.geometry.sight import cover, nearest_in_sight
from landsraad.geometry.templates import under_blast, under_direct
from landsraad.scene import load_scene
from landsraad.viewer import overlays


@pytest.fixture(scope="module")
def board() -> Board:
    return load_scene(data_dir("scenes") / "reference.yaml").board


@pytest.mark.parametrize("shooter,target", [("red-7", "blue-3"), ("red-1", "blue-1"), ("red-4", "blue-4")])
def test_sight_overlay_is_the_library_answer(board: Board, shooter: str, target: str) -> None:
    ov = overlays.sight_overlay(board, shooter, target, weapon_range_cm=15)
    expected = cover(board, shooter, target)
    assert ov.result == expected
    assert ov.distance_cm == edge_distance(board.base(shooter), board.base(target))
    assert ov.band == range_band(ov.distance_cm, 15)
    enemies = [b.id for b in board.bases if b.side != board.base(shooter).side]
    assert ov.nearest == nearest_in_sight(board, shooter, enemies)
    assert {name for _, name in ov.hiders} == set(expected.obstacles)
    text = " ".join(ov.lines())
    assert f"{shooter} -> {target}" in text and "RUL-08" in text


def test_hiders_are_told_apart() -> None:
    wall = TerrainPiece("wall", ((28.0, 20), (28.5, 20), (28.5, 40), (28.0, 40)), height_cm=2)
    board = Board(bases=(Base("s", 10, 30, 30, 4.0), Base("m", 24, 31.5, 25, 3.0), Base("t", 30, 30, 30, 4.0)), terrain=(wall,))
    ov = overlays.sight_overlay(board, "s", "t")
    kinds = dict((name, kind) for kind, name in ov.hiders)
    assert kinds.get("wall") == "terrain" and kinds.get("m") == "model"


def test_nudges_find_a_change_and_only_real_ones() -> None:
    # the target's base clears the end of a tall wall by 0.1 cm: half a centimetre south it does not
    wall = TerrainPiece("wall", ((28, 0), (28.5, 0), (28.5, 30), (28, 30)), height_cm=10)
    board = Board(bases=(Base("s", 10, 31.6, 30, 4.0), Base("t", 30, 31.6, 30, 4.0)), terrain=(wall,))
    found = overlays.nudges(board, "s", "t")
    assert found and all(n.startswith("t 0.5 cm south") for n in found)
    moved = board.moved("t", (30, 31.1))
    assert cover(moved, "s", "t").cover != cover(board, "s", "t").cover
    open_table = Board(bases=(Base("s", 10, 30, 30), Base("t", 30, 30, 30)))
    assert overlays.nudges(open_table, "s", "t") == ()


def test_nudges_see_range_bands() -> None:
    board = Board(bases=(Base("s", 10, 30, 30), Base("t", 22.8, 30, 30)))  # 9.8 cm edge to edge
    found = overlays.nudges(board, "s", "t", weapon_range_cm=10)
    assert any("range band 0 becomes 1" in n for n in found)


def test_reach_is_cached_per_board(board: Board) -> None:
    first = overlays.reach_overlay(board, "red-4", 10.0)
    assert overlays.reach_overlay(board, "red-4", 10.0) is first
    assert first.equals(reach_region(board, "red-4", 10.0))
    moved = board.moved("blue-4", (40, 45))
    assert overlays.reach_overlay(moved, "red-4", 10.0) is not first


def test_move_overlay_is_plan_move(board: Board) -> None:
    got = overlays.move_overlay(board, "red-4", (38, 20), 10)
    assert got == plan_move(board, "red-4", (38.0, 20.0), 10)
    assert any("cost" in line for line in overlays.describe_move(got))


def test_templates(board: Board) -> None:
    b = overlays.blast_overlay(board, (30, 13))
    assert b.hits == under_blast(board, (30, 13)) and "red-3" in b.hits
    assert "red-3" in b.lines()[0]
    d = overlays.direct_overlay(board, "red-7", (30, 35), 20)
    assert d.hits == under_direct(board, "red-7", (30, 35), 20)


def test_nudges_see_the_nearest_target_rule() -> None:
    # two enemies 0.3 cm apart in distance: half a centimetre decides which is the nearest
    board = Board(bases=(Base("s", 10, 30, 30, side="red"), Base("t", 20, 30, 30, side="blue"),
                         Base("u", 10, 20.3, 30, side="blue")))
    assert overlays.sight_overlay(board, "s", "t").nearest == ("u",)
    found = overlays.nudges(board, "s", "t")
    assert any(n.startswith("t 0.5 cm west") and "becomes the nearest" in n for n in found)
    assert not any("nearest" in n and n.startswith("t 0.5 cm east") for n in found)
