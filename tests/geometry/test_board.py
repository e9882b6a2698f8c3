"""Tests for landsraad.geometry.board: the cached hashes of bases, terrain pieces and boards."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from dataclasses import fields

from hypothesis import given
from hypothesis import strategies as st

from landsraad.geometry.board import Base, Board, TerrainPiece

coord = st.floats(0, 60, allow_nan=False)
ident = st.sampled_from(["a", "b", "rock"])


def _fields_hash(obj: object) -> int:
    """The hash a frozen dataclass would compute itself: its compared fields, in order."""
    return hash(tuple(getattr(obj, f.name) for f in fields(obj) if f.compare))


bases = st.builds(Base, ident, coord, coord, st.sampled_from([25, 30, 50]), st.sampled_from([0.0, 3.5]),
                  st.sampled_from([None, "red", "blue"]))
pieces = st.builds(TerrainPiece, ident, st.lists(st.tuples(coord, coord), min_size=3, max_size=6).map(tuple),
                   st.sampled_from([0.0, 2.0]), st.sampled_from(["blocked", "difficult", "open"]))


@given(bases, bases)
def test_base_hash_is_the_fields_hash(a, b):
    # the cached hash keys every geometry cache: it must be the dataclass's own, over every field
    assert hash(a) == _fields_hash(a)
    if a == b:
        assert hash(a) == hash(b)
    moved = a.at((b.x, b.y))
    assert hash(moved) == _fields_hash(moved)


@given(pieces, pieces)
def test_terrain_hash_is_the_fields_hash(p, q):
    assert hash(p) == _fields_hash(p)
    if p == q:
        assert hash(p) == hash(q)


@given(st.lists(pieces, max_size=3).map(tuple), st.lists(bases, max_size=3, unique_by=lambda b: b.id).map(tuple))
def test_board_hash_over_cached_parts(terrain, placed):
    board = Board(terrain=terrain, bases=placed)
    # equal boards built from fresh (uncached) pieces and bases hash alike: the caches' keys match
    twin = Board(terrain=tuple(TerrainPiece(t.id, t.polygon, t.height_cm, t.movement) for t in terrain),
                 bases=tuple(Base(b.id, b.x, b.y, b.diameter_mm, b.height_cm, b.side) for b in placed))
    assert twin == board and hash(twin) == hash(board)


def test_a_pickled_board_hashes_as_one_built_in_the_other_process():
    # str hashes are salted per process: a cached hash must not travel (a process pool's workers)
    board = Board(terrain=(TerrainPiece("rock", ((0, 0), (4, 0), (4, 4))),), bases=(Base("a", 10, 10, 30, side="red"),))
    hash(board)
    script = ("import pickle, sys; from landsraad.geometry.board import Base, Board, TerrainPiece; "
              "b = pickle.loads(sys.stdin.buffer.read()); "
              "fresh = Board(terrain=(TerrainPiece('rock', ((0, 0), (4, 0), (4, 4))),), bases=(Base('a', 10, 10, 30, side='red'),)); "
              "print(hash(b) == hash(fresh), hash(b.bases[0]) == hash(fresh.bases[0]), hash(b.terrain[0]) == hash(fresh.terrain[0]))")
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": os.pathsep.join(sys.path)}
    out = subprocess.run([sys.executable, "-c", script], input=pickle.dumps(board), capture_output=True, env=env, check=True)
    assert out.stdout.split() == [b"True", b"True", b"True"]


@given(st.lists(pieces, max_size=3).map(tuple), st.lists(bases, max_size=4).map(tuple), bases, st.booleans())
def test_with_base_is_the_board_built_from_its_fields(terrain, placed, base, warm):
    # with_base builds a replacement directly (the id index and the terrain's cached parts kept):
    # it must be the board the constructor builds, ids given twice included
    board = Board(terrain=terrain, bases=placed)
    if warm:
        board.table, board.sight_blockers, board.terrain_of("blocked")  # cached parts to carry over
    moved = board.with_base(base)
    if any(b.id == base.id for b in placed):
        expected = tuple(base if b.id == base.id else b for b in placed)
    else:
        expected = placed + (base,)
    built = Board(terrain=terrain, bases=expected)
    assert moved == built and hash(moved) == hash(built)
    assert moved._index == built._index
    for b in built.bases:
        assert moved.base(b.id) == built.base(b.id)
    assert moved.table.equals(built.table) and moved.sight_blockers == built.sight_blockers
    assert all(moved.terrain_of(k) == built.terrain_of(k) for k in ("blocked", "difficult", "open"))
