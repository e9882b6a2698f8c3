"""A mover's space as the terrain's part and the board's bases build it
(landsraad.geometry.movement.terrain_space; R-MOVE, RUL-17): the parts shared per layout and
number of bases are the space's own, bit for bit."""

from __future__ import annotations

import numpy as np
from hypothesis import given

from landsraad.geometry.movement import terrain_space
from landsraad.geometry.movement.capsules import _segment_frame

from .test_movement import PROPERTY, boards
from .test_space import same_array


@PROPERTY
@given(boards())
def test_property_space_frame_is_its_capsules_own(board):
    """The capsule frame a space is built with (all but the starts shared per layout and number
    of bases) is :func:`_segment_frame` of its capsules, bit for bit, for every mover."""
    for mover in {"a", board.bases[-1].id}:
        space = terrain_space._space(board, mover, ())
        want = _segment_frame(space.cap_a, space.cap_b)
        got = space._cache["frame"]
        assert len(got) == len(want)
        for g, w in zip(got, want):
            assert same_array(np.ascontiguousarray(g), np.ascontiguousarray(w))


@PROPERTY
@given(boards())
def test_property_space_labels_name_the_bases_then_the_terrain(board):
    """A space's labels (written on first use) name the other bases in the board's order, then
    the terrain, and every capsule owner among them."""
    for mover in {"a", board.bases[-1].id}:
        space = terrain_space._space(board, mover, ())
        terrain = terrain_space._terrain_space(board.terrain, board.base(mover).radius).labels
        assert space.labels == tuple(f"model {b.id!r}" for b in board.bases if b.id != mover) + terrain
        assert all(0 <= o < len(space.labels) for o in space.cap_owner.tolist())
