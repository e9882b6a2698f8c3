"""landsraad.table.scenes: scenes and the things in them by the names a person types (issue 39)."""

from __future__ import annotations

import pytest

from landsraad.errors import UsageError
from landsraad.geometry.board import Base, Board, Marker, TerrainPiece
from landsraad.table.scenes import load, need_model, need_thing, scene_path, suggest

BOARD = Board(bases=(Base("duncan", 10, 10, 30), Base("feyd", 20, 10, 30)),
              markers=(Marker("spice", 40, 40, 30),),
              terrain=(TerrainPiece("dune", ((30, 30), (35, 30), (35, 35))),))


def test_the_kind_the_argument_takes_comes_first():
    assert suggest("dunken", [("model", ["duncan"]), ("terrain piece", ["dune"])]) == ("model", "duncan")
    assert suggest("dunken", [("terrain piece", ["dune"]), ("model", ["duncan"])]) == ("terrain piece", "dune")


def test_need_thing_names_the_kind_suggested():
    with pytest.raises(UsageError, match="Did you mean the model 'duncan'"):
        need_thing(BOARD, "dunken", "s")
    with pytest.raises(UsageError, match="Did you mean the marker 'spice'"):
        need_thing(BOARD, "spise", "s")
    need_thing(BOARD, "dune", "s")


def test_need_model_says_a_terrain_piece_is_not_a_model():
    with pytest.raises(UsageError, match="'dune' is a terrain piece, not a model"):
        need_model(BOARD, "dune", "s")
    with pytest.raises(UsageError, match="Did you mean 'feyd'"):
        need_model(BOARD, "fyed", "s", "shooter")
    with pytest.raises(UsageError, match="Models: feyd[.]"):
        need_model(BOARD, "zzz", "s", exclude="duncan")


def test_bundled_scenes_by_name():
    assert scene_path("reference").name == "reference.yaml"
    assert load("reference").board.has_base("red-1")
    with pytest.raises(UsageError, match="Did you mean the bundled scene 'reference'"):
        scene_path("refrence")
