"""Tests for landsraad.geometry.templates: R-TEMPLATE, RUL-19, RUL-09 (dodging) and PRJ-32."""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString

from landsraad.errors import GeometryError
from landsraad.geometry.board import Base, Board, TerrainPiece
from landsraad.geometry.movement import forced
from landsraad.geometry.movement.polyline import Polyline
from landsraad.geometry.templates import (
    BLAST_RADIUS_CM,
    blast_shape,
    direct_shape,
    dodge_lower_bound,
    dodge_out,
    path_far_from,
    under_blast,
    under_direct,
    under_template,
)


def test_blast_radius_is_5cm_r_template():
    assert BLAST_RADIUS_CM == 5.0
    assert blast_shape((0, 0)).area == pytest.approx(math.pi * 25, rel=2e-4)


def test_under_blast_touching_counts_rul19():
    # 30 mm bases: the edge touches the 5 cm circle when the centre is 6.5 cm away
    board = Board(bases=(
        Base("centre", 10, 10, 30), Base("touch", 16.5, 10, 30), Base("tol", 10, 16.6, 30),
        Base("out", 10, 3.39, 30), Base("big", 17.5, 17.5, 50),
    ))
    assert under_blast(board, (10, 10)) == ("centre", "touch", "tol")
    assert under_blast(board, (10, 10), tolerance_cm=0) == ("centre", "touch")
    # big: 50 mm at (17.5, 17.5): centre 10.61 cm away, edge 3.11 cm beyond the circle
    assert "big" in under_blast(board, (10, 10), radius_cm=8.2)


def test_under_blast_bad_values():
    with pytest.raises(GeometryError, match="radius"):
        under_blast(Board(), (0, 0), radius_cm=0)
    with pytest.raises(GeometryError, match="point"):
        under_blast(Board(), "here")  # type: ignore[arg-type]
    with pytest.raises(GeometryError, match="tolerance"):
        under_blast(Board(), (0, 0), tolerance_cm=-0.1)


@given(st.floats(0, 60), st.floats(0, 60), st.sampled_from([25, 30, 40, 50]), st.floats(0, 60), st.floats(0, 60))
def test_under_blast_matches_distance_definition(x, y, d, cx, cy):
    b = Base("a", x, y, d)
    gap = math.hypot(x - cx, y - cy) - 5.0 - b.radius
    hit = under_blast(Board(bases=(b,)), (cx, cy)) == ("a",)
    if gap < 0.1 - 1e-6:
        assert hit
    if gap > 0.1 + 1e-6:
        assert not hit


def test_direct_shape_starts_at_base_edge_rul19():
    board = Board(bases=(Base("s", 10, 10, 40),))
    line = direct_shape(board, "s", (10, 30), 20)
    assert list(line.coords) == [pytest.approx((10, 12)), pytest.approx((10, 32))]
    assert line.length == pytest.approx(20)
    with pytest.raises(GeometryError, match="needs a direction"):
        direct_shape(board, "s", (10, 10), 20)
    with pytest.raises(GeometryError, match="longer than 0"):
        direct_shape(board, "s", (10, 30), 0)


def test_under_direct_line_touch_and_line_of_sight_rul19():
    s = Base("s", 10, 10, 30)
    board = Board(bases=(
        s,
        Base("on", 20, 10, 30),
        Base("edge", 25, 11.6, 30),   # edge 0.1 cm from the line: touching (PRJ-32)
        Base("off", 24, 8.3, 30),     # 0.2 cm off the line: not hit
        Base("end", 33, 10, 30),      # line ends at 31.5; base starts at 31.5: touching
        Base("beyond", 33.2, 10, 30),
    ))
    # (other models ignored for sight here: "end" is straight behind "on")
    assert under_direct(board, "s", (40, 10), 20, models_block=False) == ("on", "edge", "end")
    # with models blocking, "end" is only seen along grazing lines past "on": not hit
    assert under_direct(board, "s", (40, 10), 20) == ("on", "edge")


def test_under_direct_needs_line_of_sight():
    board = Board(
        bases=(Base("s", 10, 10, 30), Base("hidden", 25, 10, 30)),
        terrain=(TerrainPiece("wall", ((18, 5), (19, 5), (19, 15), (18, 15)), 10),),
    )
    assert under_direct(board, "s", (40, 10), 20) == ()
    # a model between blocks sight only when models block it
    board2 = Board(bases=(Base("s", 10, 10, 30), Base("front", 15, 10, 50, 10), Base("back", 20, 10, 30)))
    assert under_direct(board2, "s", (40, 10), 20) == ("front",)
    assert under_direct(board2, "s", (40, 10), 20, models_block=False) == ("front", "back")


def test_under_template_generic():
    board = Board(bases=(Base("a", 10, 10, 30), Base("b", 30, 30, 30)))
    assert under_template(board, blast_shape((14, 10))) == ("a",)
    assert under_template(board, blast_shape((14, 10)), exclude=["a"]) == ()


# --- dodging (RUL-09) -----------------------------------------------------------------------------


def test_dodge_straight_out_of_a_blast_rul09():
    """A 30 mm base 1 cm from the blast's centre needs 5 + 1.5 - 1 = 5.5 cm, plus the 0.1 cm of
    touching (PRJ-32), plus the 0.01 cm margin."""
    board = Board(bases=(Base("a", 30, 30, 30),))
    r = dodge_out(board, "a", blast_shape((31, 30)), 10)
    assert r.possible
    assert r.shortest_cm == pytest.approx(5.61, abs=0.01)
    assert r.to is not None and r.to[0] == pytest.approx(30 - 5.61, abs=0.02)
    assert math.hypot(r.to[0] - 31, r.to[1] - 30) > 5 + 1.5 + 0.1
    assert not dodge_out(board, "a", blast_shape((31, 30)), 5.5).possible
    assert dodge_out(board, "a", blast_shape((31, 30)), 5.5).shortest_cm == pytest.approx(5.61, abs=0.01)


def test_dodge_already_clear():
    r = dodge_out(Board(bases=(Base("a", 10, 10, 30),)), "a", blast_shape((30, 30)), 0)
    assert r.possible and r.shortest_cm == 0.0 and r.to == (10.0, 10.0)


def test_dodge_blocked_by_other_models_takes_longer():
    """Boxed in on the west by a wall of bases, the model must dodge another way."""
    free = Board(bases=(Base("a", 30, 30, 30),))
    boxed = Board(bases=(Base("a", 30, 30, 30), Base("w1", 26.9, 30, 30), Base("w2", 26.9, 33, 30), Base("w3", 26.9, 27, 30)))
    blast = blast_shape((33, 30))
    assert dodge_out(boxed, "a", blast, 20).shortest_cm > dodge_out(free, "a", blast, 20).shortest_cm


def test_dodge_out_of_a_direct_line():
    board = Board(bases=(Base("s", 10, 10, 30), Base("a", 20, 10.5, 30)))
    line = direct_shape(board, "s", (40, 10), 20)
    r = dodge_out(board, "a", line, 5)
    # sideways: from 0.5 cm to 1.5 + 0.1 + 0.01 cm off the line
    assert r.possible and r.shortest_cm == pytest.approx(1.11, abs=0.01)
    assert r.to_dict()["possible"] is True


def test_dodge_bad_distance():
    with pytest.raises(GeometryError, match="dodge distance"):
        dodge_out(Board(bases=(Base("a", 10, 10, 30),)), "a", blast_shape((10, 10)), -1)


def test_dodge_lower_bound_is_the_straight_way_out_on_open_ground_rul09():
    """From 1 cm off a blast's centre, 5 - 1 + 1.5 + 0.1 + 0.01 cm; already clear: at most 0."""
    board = Board(bases=(Base("a", 30, 30, 30),))
    blast = blast_shape((31, 30))
    assert dodge_lower_bound(board, "a", blast) == pytest.approx(dodge_out(board, "a", blast, 10).shortest_cm, abs=1e-3)
    assert dodge_lower_bound(board, "a", blast) <= dodge_out(board, "a", blast, 10).shortest_cm
    assert dodge_lower_bound(board, "a", blast_shape((50, 30))) <= 0
    assert dodge_lower_bound(board, "a", shapely.Polygon()) == 0.0


_dodger = st.tuples(st.floats(5, 55), st.floats(5, 55), st.sampled_from([25, 30, 40, 50]))
_scene = (_dodger, st.lists(st.tuples(st.floats(-6, 6), st.floats(-6, 6), st.sampled_from([25, 30, 40])), max_size=5),
          st.tuples(st.floats(-6, 6), st.floats(-6, 6)), st.sampled_from(["blast", "line", "centred"]),
          st.floats(0, 2 * math.pi), st.sampled_from([None, "blocked", "difficult"]), st.tuples(st.floats(-8, 8), st.floats(-8, 8)),
          st.sampled_from([0.0, 0.1, 0.5]))


def _dodge_scene(me, others, aim, kind, angle, terrain, corner):
    """A dodger, up to five other bases round it (those that fit), a piece of terrain near it
    and a template: a blast near it or on its centre, or a direct line."""
    a = Base("a", *me)
    bases = [a]
    for k, (dx, dy, d) in enumerate(others):
        b = Base(f"o{k}", me[0] + dx, me[1] + dy, d)
        if math.hypot(dx, dy) >= a.radius + b.radius and 0 <= b.x - b.radius and b.x + b.radius <= 60 \
                and 0 <= b.y - b.radius and b.y + b.radius <= 60:
            bases.append(b)
    pieces = ()
    if terrain is not None:
        x0, y0 = me[0] + corner[0], me[1] + corner[1]
        square = ((x0, y0), (x0 + 4, y0), (x0 + 4, y0 + 3), (x0, y0 + 3))
        if terrain == "difficult" or not shapely.Polygon(square).intersects(shapely.Point(me).buffer(a.radius)):
            pieces = (TerrainPiece("t", square, 0.0, terrain),)
    board = Board(terrain=pieces, bases=tuple(bases))
    if kind == "line":
        template = LineString([(me[0] + aim[0], me[1] + aim[1]),
                               (me[0] + aim[0] + 20 * math.cos(angle), me[1] + aim[1] + 20 * math.sin(angle))])
    else:
        template = blast_shape(me if kind == "centred" else (me[0] + aim[0], me[1] + aim[1]))
    return board, template


@settings(max_examples=30, deadline=None)  # some examples search detours for seconds; 3,000 were run by hand
@given(*_scene)
def test_no_dodge_is_shorter_than_the_lower_bound(me, others, aim, kind, angle, terrain, corner, tolerance):
    """dodge_lower_bound is sound (RUL-09): every escape dodge_out finds, straight or round
    obstacles (other bases, impassable or difficult terrain, the table edge), costs at least
    the bound, so a dodge shorter than it is never possible. Starts inside, on and outside
    blasts and direct lines; the centre of a blast (where every way out is equally long)."""
    board, template = _dodge_scene(me, others, aim, kind, angle, terrain, corner)
    bound = dodge_lower_bound(board, "a", template, tolerance_cm=tolerance)
    for detours in (True, False):
        r = dodge_out(board, "a", template, 40, tolerance_cm=tolerance, detours=detours)
        assert r.shortest_cm >= bound   # inf when none is found
        assert not dodge_out(board, "a", template, max(bound, 0.0), tolerance_cm=tolerance, detours=detours).possible \
            or bound <= 0


def _full_first(evaluate, extra, curves, samples, reach, limit=math.inf):
    """The first sampling priced whole, as escape did before pruning: one call over every point."""
    return evaluate(np.vstack([extra, *(point_at(s) for (_, point_at), s in zip(curves, samples))]), limit, 0)


@settings(max_examples=200, deadline=None)
@given(*_scene)
def test_the_pruned_straight_dodge_is_the_full_one(me, others, aim, kind, angle, terrain, corner, tolerance):
    """Without detours, dodge_out prices only the outline's samples that may beat the nearest
    point of it (RUL-09): its answer is bit for bit the one pricing every sample gives."""
    board, template = _dodge_scene(me, others, aim, kind, angle, terrain, corner)
    fast = dodge_out(board, "a", template, 7, tolerance_cm=tolerance, detours=False)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(forced, "_pruned_first", _full_first)
        full = dodge_out(board, "a", template, 7, tolerance_cm=tolerance, detours=False)
    assert fast.to_dict() == full.to_dict()
    assert (fast.to, fast.path, fast.shortest_cm, fast.move) == (full.to, full.path, full.shortest_cm, full.move)


@settings(max_examples=300, deadline=None)
@given(*_scene, st.lists(st.floats(0, 1, exclude_max=True), max_size=20), st.integers(0, 10 ** 6))
def test_the_pruning_bound_is_below_every_outline_point(me, others, aim, kind, angle, terrain, corner, tolerance, fractions, vertex):
    """The distance bound the pruning rests on: a point shapely puts at arc length s of a
    template's grown outline is never nearer the start than _ring_reach says (less the 1e-9 cm
    the pruning allows), at the samples, anywhere, and at and just off the outline's vertices."""
    board, template = _dodge_scene(me, others, aim, kind, angle, terrain, corner)
    ring = template.buffer(1.5 + tolerance, quad_segs=64).boundary
    frame = forced._ring_frame(Polyline.of(ring), me[:2])
    cum = frame[0]
    k = vertex % (len(cum) - 1)
    s = np.concatenate([np.linspace(0.0, ring.length, max(8, int(math.ceil(ring.length / 0.2))), endpoint=False),
                        np.asarray(fractions) * ring.length,
                        [cum[k], np.nextafter(cum[k], 0), np.nextafter(cum[k], np.inf), cum[k + 1] - 1e-12]])
    s = s[(s >= 0) & (s < ring.length)]
    pts = shapely.get_coordinates(shapely.line_interpolate_point(ring, s))
    assert (np.hypot(*(pts - np.asarray(me[:2])).T) >= forced._ring_reach(frame, s) - 1e-9).all()


def _detour_scene():
    """A 40 mm base hemmed in by four bases and a wall, under a blast: the cheapest way out (4.02 cm)
    goes round a base; the straight one costs 4.40 cm."""
    others = [(-5.56, 4.11, 40), (3.21, 4.13, 25), (0.86, -0.84, 30), (2.59, 2.75, 30), (3.0, -5.67, 40)]
    return _dodge_scene((27.7, 30.6, 40), others, (-2.94, -2.56), "blast", 3.55, "blocked", (2.0, 2.6))


def test_a_dodge_looked_for_within_its_distance_only_rul09():
    """legal_only (the engine's suggestion): the same dodge as the full search when one exists
    within the distance, round an obstacle included; when none does, "not possible" with no cost
    and no end point, where the full search prices the cheapest one beyond the distance."""
    board, blast = _detour_scene()
    full, fast = dodge_out(board, "a", blast, 4.2), dodge_out(board, "a", blast, 4.2, legal_only=True)
    assert not dodge_out(board, "a", blast, 4.2, detours=False).possible  # only a detour gets out
    assert full.possible and len(full.path) > 2 and full.shortest_cm == pytest.approx(4.02, abs=0.01)
    assert (fast.possible, fast.to, fast.path, fast.shortest_cm) == (full.possible, full.to, full.path, full.shortest_cm)
    short, none = dodge_out(board, "a", blast, 3.0), dodge_out(board, "a", blast, 3.0, legal_only=True)
    assert not short.possible and short.shortest_cm == pytest.approx(4.02, abs=0.01)
    assert not none.possible and none.shortest_cm == math.inf and none.to is None and none.path == ()
    assert "within 3 cm" in none.message


@settings(max_examples=25, deadline=None)  # each example searches detours twice; 1,200 dodges were compared by hand
@given(*_scene, st.sampled_from([2.0, 4.0, 7.0]))
def test_a_dodge_looked_for_within_its_distance_answers_as_the_full_search(me, others, aim, kind, angle, terrain, corner, tolerance,
                                                                    distance):
    """legal_only answers "possible" exactly when the full search does, and then with the same
    dodge, bit for bit (RUL-09): the searches it leaves out could only price moves beyond the
    distance."""
    board, template = _dodge_scene(me, others, aim, kind, angle, terrain, corner)
    full = dodge_out(board, "a", template, distance, tolerance_cm=tolerance)
    fast = dodge_out(board, "a", template, distance, tolerance_cm=tolerance, legal_only=True)
    assert fast.possible == full.possible
    if full.possible:
        assert (fast.to, fast.path, fast.shortest_cm, fast.move) == (full.to, full.path, full.shortest_cm, full.move)


_xy = st.floats(5, 55, allow_nan=False)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_xy, _xy), min_size=1, max_size=5), st.sampled_from([1.25, 1.5, 2.5]), st.sampled_from([3.0, 5.0]),
       st.floats(0, 2 * math.pi), st.floats(-0.05, 0.5), st.integers(0, 4), st.floats(0, 1))
def test_a_path_far_from_a_template_never_meets_it_as_shapely_draws_them(path, r, radius, angle, gap, k, along):
    """path_far_from spares the swept area's buffer (a move crossing a hunter-seeker, R-FACTION): whenever it
    says far, the path's buffer by r and the template's disc (shapely's polygons) do not meet. Seekers are
    put just beyond the limit's margin from a corner of the path or a point along a leg, and anywhere."""
    a, b = path[k % len(path)], path[(k + 1) % len(path)]
    p = (a[0] + along * (b[0] - a[0]), a[1] + along * (b[1] - a[1]))
    reach = (r + radius) * 1.05 + gap
    swept = (LineString(path) if len(path) > 1 else shapely.Point(path[0])).buffer(r)
    for base in (a, p):
        centre = (base[0] + reach * math.cos(angle), base[1] + reach * math.sin(angle))
        if path_far_from(path, centre, r + radius):
            assert not swept.intersects(shapely.Point(centre).buffer(radius))
    if path_far_from(path, (30.0, 30.0), r + radius):
        assert not swept.intersects(shapely.Point(30.0, 30.0).buffer(radius))
    if gap > 1e-3:  # beyond the margin from one point: far from that point alone
        assert path_far_from([a], (a[0] + reach * math.cos(angle), a[1] + reach * math.sin(angle)), r + radius)
