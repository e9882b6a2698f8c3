"""A mover's space as the terrain's part and the board's bases build it
(landsraad.geometry.movement.terrain_space; R-MOVE, RUL-17): the parts shared per layout and
number of bases are the space's own, bit for bit."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from shapely.geometry import Polygon

from landsraad.geometry.board import TerrainPiece
from landsraad.geometry.movement import terrain_space
from landsraad.geometry.movement.capsules import _segment_frame
from landsraad.geometry.movement.result import DIFFICULT_SAMPLE_CM

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
        got = space._cache.frame
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


def reference_ring(poly) -> np.ndarray:
    """The ring as it was computed before (np.allclose, np.roll): the reference."""
    pts = np.asarray(poly, dtype=float)
    if len(pts) > 1 and np.allclose(pts[0], pts[-1]):
        pts = pts[:-1]
    x, y = pts[:, 0], pts[:, 1]
    area2 = float(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y))
    return pts if area2 > 0 else pts[::-1].copy()


def reference_convex(ring: np.ndarray) -> np.ndarray:
    e1 = ring - np.roll(ring, 1, axis=0)
    e2 = np.roll(ring, -1, axis=0) - ring
    return e1[:, 0] * e2[:, 1] - e1[:, 1] * e2[:, 0] > 1e-12


def reference_terrain_space(terrain, r: float) -> dict:
    """What the layout's space held when it was built point by point (np.roll, one row at a time):
    the reference for the whole-array build."""
    cap_a, cap_b, owner, circ_c, soft, rings, samples, edges, offset = [], [], [], [], [], [], [], [], []
    labels, drings, dcap_a, dcap_b, pieces = [], [], [], [], []
    for t in terrain:
        if t.movement != "blocked":
            continue
        o = len(labels)
        labels.append(f"terrain {t.id!r}")
        ring = reference_ring(t.polygon)
        rings.append(ring)
        for p, q in zip(ring, np.roll(ring, -1, axis=0)):
            cap_a.append(p)
            cap_b.append(q)
            owner.append(o)
        for p in ring[reference_convex(ring)]:
            circ_c.append(p)
            soft.append(False)
    for t in terrain:
        if t.movement != "difficult":
            continue
        ring = reference_ring(t.polygon)
        drings.append(ring)
        pieces.append((len(dcap_a), len(dcap_a) + len(ring), bool(reference_convex(ring).all())))
        for p, q in zip(ring, np.roll(ring, -1, axis=0)):
            dcap_a.append(p)
            dcap_b.append(q)
            e = q - p
            length = float(np.hypot(*e))
            normal = np.array([e[1], -e[0]]) / length
            a0, a1 = p + r * normal, q + r * normal
            offset.append((a0, a1))
            count = max(1, int(math.ceil(length / DIFFICULT_SAMPLE_CM)))
            for s in np.linspace(0.0, 1.0, count + 1):
                samples.append(a0 + s * (a1 - a0))
                edges.append(len(drings) - 1)
        for p in ring[reference_convex(ring)]:
            circ_c.append(p)
            soft.append(True)
    rows = lambda xs: np.array(xs, dtype=float).reshape(-1, 2)  # noqa: E731
    return {"labels": tuple(labels), "cap_a": rows(cap_a), "cap_b": rows(cap_b), "cap_r": np.array([r] * len(owner), dtype=float),
            "cap_owner": np.array(owner, dtype=int), "block_rings": rings, "dcap_a": rows(dcap_a), "dcap_b": rows(dcap_b),
            "diff_rings": drings, "pieces": pieces, "offset_edges": offset, "circ_c": rows(circ_c),
            "circ_r": np.array([r] * len(soft), dtype=float), "circ_soft": np.array(soft, dtype=bool), "samples": rows(samples),
            "sample_edge": edges}


def _odd_pieces():
    """Pieces with a repeated closing corner (exactly or nearly), clockwise, concave, slanted."""
    return (TerrainPiece("closed", ((2.0, 2.0), (9.0, 2.5), (8.0, 7.0), (2.0, 2.0 + 1e-9))),
            TerrainPiece("cw", ((20.0, 2.0), (20.0, 8.0), (27.0, 8.0), (27.0, 2.0)), movement="difficult"),
            TerrainPiece("L", ((3.0, 15.0), (12.0, 15.0), (12.0, 18.0), (6.0, 18.0), (6.0, 26.0), (3.0, 26.0)), movement="difficult"),
            TerrainPiece("slant", ((15.0, 15.0), (25.3, 17.1), (22.2, 27.7), (16.01, 23.3)), movement="blocked"),
            TerrainPiece("far", ((1e-3, 28.0), (4.0, 28.0), (4.0, 29.9), (1e-3, 28.0 + 1e-7)), movement="blocked"))


def assert_terrain_space_is_the_reference(terrain, r: float) -> None:
    terrain_space._terrain_space.cache_clear()
    got = terrain_space._terrain_space(terrain, r)
    want = reference_terrain_space(terrain, r)
    assert got.labels == want["labels"] and got.sample_edge == want["sample_edge"]
    for name in ("cap_a", "cap_b", "cap_r", "cap_owner", "dcap_a", "dcap_b", "circ_c", "circ_r", "circ_soft", "samples"):
        assert same_array(getattr(got, name), want[name]), name
    for g, w in zip(got.block_rings + got.diff_rings, want["block_rings"] + want["diff_rings"], strict=True):
        assert same_array(np.ascontiguousarray(g), np.ascontiguousarray(w))
    assert [p[:3] for p in got.diff_pieces] == want["pieces"]
    for (g0, g1), (w0, w1) in zip(got.offset_edges, want["offset_edges"], strict=True):
        assert same_array(g0, w0) and same_array(g1, w1)
    for shapes, rings in ((list(got.terrain_shapes.values()), got.block_rings), ([p[3] for p in got.diff_pieces], got.diff_rings)):
        for shape, ring in zip(shapes, rings, strict=True):
            assert shape.equals_exact(Polygon(ring), 0.0)


@PROPERTY
@given(boards(), st.sampled_from([1.25, 1.5, 2.0, 2.5]))
def test_property_layout_space_is_the_point_by_point_build(board, r):
    """The layout's space, built piece by piece with whole arrays, holds the numbers the point
    by point build gave, bit for bit (rings, capsules, corners, offset edges, crossing samples)."""
    assert_terrain_space_is_the_reference(board.terrain, r)


def test_layout_space_of_odd_pieces_is_the_point_by_point_build():
    for r in (1.25, 2.0):
        assert_terrain_space_is_the_reference(_odd_pieces(), r)
    for piece in _odd_pieces():
        assert same_array(np.ascontiguousarray(terrain_space._ring(piece.polygon)), np.ascontiguousarray(reference_ring(piece.polygon)))
    # a closing corner within numpy's tolerance, or not, as np.allclose says
    with np.errstate(invalid="ignore"):  # (the area of a ring with an infinite corner)
        for q in [(2.0, 2.0), (2.0 + 1e-9, 2.0), (2.0 + 1e-4, 2.0), (float("inf"), 2.0), (2.0, float("nan"))]:
            poly = ((2.0, 2.0), (9.0, 2.5), (8.0, 7.0), q)
            assert terrain_space._ring(poly).shape == reference_ring(poly).shape
