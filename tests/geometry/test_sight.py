"""Tests for landsraad.geometry.sight: R-LOS, R-COVER, RUL-11 (and PRJ-31).

Expected values come from hand computation (walls, woods, posts), from the rule text, or
from the independent dense ray-cast reference in ``bench/sight_reference.py``.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np
import pytest
import shapely
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from landsraad.content import data_dir
from landsraad.errors import GeometryError
from landsraad.geometry.board import Base, Board, TerrainPiece
from landsraad.geometry.measure import TIE_TOLERANCE_CM, edge_distance
from landsraad.geometry.sight import (
    TARGET_ERROR,
    classify,
    convex_pieces,
    cover,
    cover_bonus,
    enemies_of,
    line_of_sight,
    nearest_in_sight,
    nearest_targets,
    standing_on,
    visible_models,
)
from landsraad.geometry.sight import analysis as sight_analysis
from landsraad.geometry.sight import obstacles as sight_obstacles
from landsraad.geometry.sight import queries as sight_queries
from landsraad.geometry.sight.solver import _gaps, _relevant
from landsraad.scene import load_scene

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from sight_reference import reference_hidden_fraction  # noqa: E402

S = Base("s", 10, 30, 30, 4.0)  # shooter: 30 mm, eye 4 cm high
T = Base("t", 30, 30, 30, 4.0)  # target 20 cm east


def wall(x0: float, x1: float, height: float, y0: float = 20, y1: float = 40, kind: str = "blocked") -> TerrainPiece:
    return TerrainPiece("wall", ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), height, kind)


def within(result, expected: float, slack: float = 1e-9) -> bool:
    return result.hidden_lower - slack <= expected <= result.hidden_upper + slack


# --- exact cases ---------------------------------------------------------------------------------


def test_nothing_in_the_way_is_exactly_zero():
    r = cover(Board(bases=(S, T)), "s", "t")
    assert (r.hidden_fraction, r.error_bound, r.cover, r.borderline, r.line_of_sight) == (0.0, 0.0, "none", False, True)
    assert r.sight_line is not None


def test_wall_taller_than_everything_hides_all_r_los():
    r = cover(Board(bases=(S, T), terrain=(wall(19, 20, 10),)), "s", "t")
    assert r.hidden_fraction == 1.0 and r.cover == "no_line_of_sight"
    assert not r.line_of_sight and r.sight_line is None
    assert not line_of_sight(Board(bases=(S, T), terrain=(wall(19, 20, 10),)), "s", "t")


def test_low_wall_hand_computation_rul11():
    """A 2 cm wall touching the target's front edge (its back face 1.5 cm from the silhouette),
    eye 4 cm high: the best eye point is the nearest rim point, 18.5 cm from the silhouette.
    Lines over the wall's back edge clear it above z = (2 * 18.5 - 4 * 1.5) / (18.5 - 1.5)."""
    r = cover(Board(bases=(S, T), terrain=(wall(28.0, 28.5, 2),)), "s", "t")
    z = (2 * 18.5 - 4 * 1.5) / (18.5 - 1.5)
    assert within(r, z / 4)
    assert r.hidden_fraction == pytest.approx(z / 4, abs=1e-6)
    assert r.cover == "small" and not r.borderline


def test_wall_covering_half_the_height_is_large_cover_rul11():
    """Choose the wall's height so the hidden height is exactly 2 of 4 cm: h = (2 * 17 + 4 * 1.5) / 18.5.
    Exactly one half is large cover (RUL-11: "one half or more")."""
    h = (2 * 17 + 4 * 1.5) / 18.5
    r = cover(Board(bases=(S, T), terrain=(wall(28.0, 28.5, h),)), "s", "t")
    assert r.hidden_fraction == pytest.approx(0.5, abs=1e-9)
    assert r.cover == "large"
    assert cover_bonus(r.cover) == 4


def test_target_in_a_wood_is_hidden_up_to_the_wood_height():
    """Standing in a 2 cm high wood, the target's silhouette foot is inside the wood: every
    sight line to a point below 2 cm starts inside it, so exactly 2 of its 4 cm are hidden."""
    wood = TerrainPiece("wood", ((25, 25), (35, 25), (35, 35), (25, 35)), 2, "difficult")
    r = cover(Board(bases=(S, T), terrain=(wood,)), "s", "t")
    assert r.hidden_fraction == pytest.approx(0.5, abs=1e-9) and r.cover == "large"


def test_model_sees_out_of_the_wood_it_stands_in_prj31():
    """PRJ-31: a piece overlapping the viewer's base does not block the viewer's sight,
    but it still hides the model standing in it from outside."""
    wood = TerrainPiece("wood", ((25, 25), (35, 25), (35, 35), (25, 35)), 8, "difficult")
    board = Board(bases=(S, T), terrain=(wood,))
    assert cover(board, "t", "s").hidden_fraction == 0.0
    assert cover(board, "s", "t").cover == "no_line_of_sight"


def test_taller_target_seen_over_a_wall_from_the_far_side_of_the_rim():
    """Eye 2 cm, target 6 cm, wall 3 cm touching the target (faces 1.5 and 2 cm from its
    silhouette). Points above the eye are best seen from the FAR side of the shooter's rim
    (21.5 cm away): the line clears the wall's front edge above z = (3 * 21.5 - 2 * 2) / (21.5 - 2)."""
    shooter, target = Base("s", 10, 30, 30, 2.0), Base("t", 30, 30, 30, 6.0)
    r = cover(Board(bases=(shooter, target), terrain=(wall(28.0, 28.5, 3),)), "s", "t")
    z = (3 * 21.5 - 2 * 2) / (21.5 - 2)
    assert within(r, z / 6)
    assert r.hidden_fraction == pytest.approx(z / 6, abs=2e-3)


def _post_hidden_width(post: TerrainPiece, shooter: Base, target: Base) -> float:
    """Independent hand computation for a post taller than both models (a 2-D question):
    the silhouette point (30, y) is hidden iff the angle the shooter's disc subtends from it
    lies inside the angle the post subtends. Sampled every 0.0005 cm."""
    corners = np.array(post.polygon)
    ys = np.arange(target.y - target.radius, target.y + target.radius, 0.0005) + 0.00025
    hidden = 0
    for y in ys:
        ang = np.arctan2(corners[:, 1] - y, corners[:, 0] - target.x)
        ang = np.where(ang < 0, ang + 2 * math.pi, ang)
        dx, dy = shooter.x - target.x, shooter.y - y
        centre = math.atan2(dy, dx) % (2 * math.pi)
        half = math.asin(shooter.radius / math.hypot(dx, dy))
        if ang.min() <= centre - half and centre + half <= ang.max():
            hidden += 1
    return hidden * 0.0005


@pytest.mark.parametrize("offset", [0.0, 0.4, 0.9])
def test_post_covering_part_of_the_width_hand_computation(offset):
    """A 1.2 cm square post, 20 cm tall, 2.5 cm in front of the target: its umbra from the
    whole shooter's disc covers part of the silhouette's width, full height."""
    y = 30 + offset
    post = TerrainPiece("post", ((26.9, y - 0.6), (28.1, y - 0.6), (28.1, y + 0.6), (26.9, y + 0.6)), 20)
    r = cover(Board(bases=(S, T), terrain=(post,)), "s", "t")
    expected = _post_hidden_width(post, S, T) / 3.0
    assert 0 < expected < 1
    assert abs(r.hidden_fraction - expected) <= r.error_bound + 1e-3
    assert r.error_bound <= TARGET_ERROR + 1e-9


def test_models_block_option_rul11():
    big = Base("b", 20, 30, 50, 10.0)
    board = Board(bases=(S, big, T))
    assert cover(board, "s", "t").cover == "no_line_of_sight"
    r = cover(board, "s", "t", models_block=False)
    assert r.hidden_fraction == 0.0 and r.models_block is False
    assert "b" not in r.obstacles


def test_grazing_lines_do_not_give_line_of_sight():
    """A model exactly as wide and tall as the shooter and target, in line: every clear line
    only grazes it, so nothing with an area is seen."""
    board = Board(bases=(Base("a", 10, 30, 30), Base("b", 20, 30, 30), Base("c", 30, 30, 30)))
    assert not line_of_sight(board, "a", "c")
    narrower = board.with_base(Base("b", 20, 30, 25))
    assert line_of_sight(narrower, "a", "c")


def test_low_model_in_front_gives_small_cover():
    """A 1 cm tall 40 mm model right in front of the target, eye 4 cm: the lower part is
    hidden, under one half."""
    board = Board(bases=(S, Base("m", 26.5, 30, 40, 1.0), T))
    r = cover(board, "s", "t")
    assert r.cover == "small" and 0 < r.hidden_fraction < 0.5
    assert r.obstacles == ("m",)


def test_height_zero_terrain_never_blocks():
    r = cover(Board(bases=(S, T), terrain=(wall(19, 21, 0, kind="difficult"),)), "s", "t")
    assert r.hidden_fraction == 0.0 and r.obstacles == ()


def test_errors():
    board = Board(bases=(S, T))
    with pytest.raises(GeometryError, match="its own target"):
        cover(board, "s", "s")
    with pytest.raises(GeometryError, match="no model 'x'"):
        cover(board, "s", "x")
    with pytest.raises(GeometryError, match="overlap"):
        cover(Board(bases=(S, Base("t", 11, 30, 30))), "s", "t")


# --- result shape ---------------------------------------------------------------------------------


def test_result_fields_for_drawing():
    r = cover(Board(bases=(S, T), terrain=(wall(28.0, 28.5, 2),)), "s", "t")
    (x0, y0), (x1, y1) = r.silhouette
    assert (x0, x1) == pytest.approx((30, 30)) and sorted([y0, y1]) == pytest.approx([28.5, 31.5])
    assert r.silhouette_height_cm == 4.0
    # hidden intervals partition the width, each hiding 1.82 of 4 cm
    assert r.hidden_intervals[0][0] == 0.0 and r.hidden_intervals[-1][1] == pytest.approx(3.0)
    assert all(share == pytest.approx(0.46, abs=0.01) for _, _, share in r.hidden_intervals)
    assert len(r.hidden_regions) == 1
    p, q = r.sight_line
    assert math.hypot(p[0] - 10, p[1] - 30) == pytest.approx(1.5)  # from the shooter's rim
    assert q[0] == pytest.approx(30)  # to the silhouette's foot
    data = r.to_dict()
    json.dumps(data)
    assert data["cover"] == "small" and data["bonus"] == 2


def test_cover_bonus_and_classes_r_cover():
    assert [cover_bonus(c) for c in ("none", "small", "large")] == [0, 2, 4]
    with pytest.raises(GeometryError):
        cover_bonus("no_line_of_sight")
    with pytest.raises(GeometryError, match="Unknown cover class"):
        cover_bonus("huge")  # type: ignore[arg-type]
    assert [classify(x) for x in (0, 0.3, 0.5, 0.999, 1)] == ["none", "small", "large", "large", "no_line_of_sight"]


# --- queries ----------------------------------------------------------------------------------------


def test_visible_models_and_nearest_in_sight_rul08():
    rock = TerrainPiece("rock", ((18, 20), (22, 20), (22, 40), (18, 40)), 8)
    board = Board(
        bases=(Base("s", 10, 30, 30), Base("near", 30, 30, 30), Base("far", 10, 50, 30), Base("side", 10, 10, 30)),
        terrain=(rock,),
    )
    assert visible_models(board, "s") == ("far", "side")
    # near is closest but hidden; far and side tie (both 17 cm edge to edge)
    assert nearest_in_sight(board, "s", ["near", "far", "side"]) == ("far", "side")
    assert nearest_in_sight(board, "s", ["near"]) == ()


def test_visible_models_agrees_with_cover_on_the_reference_scene():
    board = load_scene(data_dir("scenes") / "reference.yaml").board
    seen = visible_models(board, "red-4")
    for b in board.bases:
        if b.id != "red-4":
            assert (b.id in seen) == cover(board, "red-4", b.id).line_of_sight, b.id
    assert 0 < len(seen) < 19


# --- convex decomposition ------------------------------------------------------------------------


def test_convex_pieces_cover_the_polygon():
    from shapely.geometry import Polygon

    ell = Polygon([(18, 19.7), (24, 19.7), (24, 21), (19.5, 21), (19.5, 23.7), (18, 23.7)])
    pieces = convex_pieces(ell)
    assert len(pieces) == 2
    union = Polygon(pieces[0]).union(Polygon(pieces[1]))
    assert union.symmetric_difference(ell).area < 1e-9
    for p in pieces:
        poly = Polygon(p)
        assert poly.convex_hull.area == pytest.approx(poly.area)


# --- properties -------------------------------------------------------------------------------------

obstacle = st.one_of(
    st.tuples(st.just("model"), st.floats(14, 26), st.floats(24, 36), st.sampled_from([25, 30, 40]), st.floats(0.5, 8)),
    st.tuples(st.just("terrain"), st.floats(14, 26), st.floats(24, 36), st.floats(0.3, 4), st.floats(0.5, 8)),
)


def _board(obstacles, shooter_h: float, target_h: float) -> Board:
    shooter, target = Base("s", 10, 30, 30, shooter_h), Base("t", 30, 31, 40, target_h)
    bases, terrain = [shooter, target], []
    for k, (kind, x, y, size, h) in enumerate(obstacles):
        if kind == "model":
            b = Base(f"m{k}", x, y, size, h)
            if all(math.hypot(b.x - o.x, b.y - o.y) >= b.radius + o.radius for o in bases):
                bases.append(b)
        else:
            t = TerrainPiece(f"t{k}", ((x, y), (x + size, y), (x + size, y + size * 0.7), (x, y + size * 0.7)), h)
            if all(t.shape.distance(o.shape) > 0 for o in (shooter, target)):
                terrain.append(t)
    return Board(bases=tuple(bases), terrain=tuple(terrain))


@settings(max_examples=40)
@given(st.lists(obstacle, min_size=1, max_size=4), st.sampled_from([2.0, 3.5, 5.0]), st.sampled_from([2.0, 3.5, 5.0]))
def test_hidden_fraction_in_unit_interval_and_bounds_consistent(obstacles, sh, th):
    board = _board(obstacles, sh, th)
    r = cover(board, "s", "t")
    assert 0.0 <= r.hidden_fraction <= 1.0
    assert r.error_bound >= 0.0
    assert r.line_of_sight == (r.cover != "no_line_of_sight")
    assert (r.cover == "none") == (r.hidden_fraction == 0.0)
    assert line_of_sight(board, "s", "t") == r.line_of_sight


@settings(max_examples=40)
@given(st.lists(obstacle, min_size=1, max_size=4), st.sampled_from([2.0, 3.5, 5.0]), st.sampled_from([2.0, 3.5, 5.0]), st.data())
def test_hidden_fraction_never_grows_when_a_blocker_is_removed(obstacles, sh, th, data):
    board = _board(obstacles, sh, th)
    blockers = [b.id for b in board.bases if b.id not in ("s", "t")] + [t.id for t in board.terrain]
    if not blockers:
        return
    gone = data.draw(st.sampled_from(blockers))
    fewer = board.without(gone) if board.has_base(gone) else board.with_terrain([t for t in board.terrain if t.id != gone])
    full, less = cover(board, "s", "t"), cover(fewer, "s", "t")
    # true(less) <= true(full), and each true value lies within its bounds
    assert less.hidden_lower <= full.hidden_upper + 1e-9


# --- against the dense ray-cast reference --------------------------------------------------------


def test_against_reference_small_case():
    """One quick comparison with the independent reference (coarse grid: 1/48 of the height)."""
    board = Board(bases=(S, Base("m", 22, 30.8, 40, 2.5), T), terrain=(wall(26, 26.6, 1.5, 28, 30.2),))
    r = cover(board, "s", "t")
    ref = reference_hidden_fraction(board, "s", "t", nu=24, nz=48, per_ring=120, rings=2, heights=1)
    assert abs(r.hidden_fraction - ref) <= r.error_bound + 0.03


@pytest.mark.slow
@pytest.mark.parametrize("pair", [("red-4", "blue-5"), ("blue-7", "blue-10"), ("red-8", "red-6"), ("blue-1", "red-9"), ("blue-8", "red-5")])
def test_against_reference_on_the_reference_scene(pair):
    """Within 0.02 of the dense ray-cast reference (its own resolution: 1/96 of the height)."""
    board = load_scene(data_dir("scenes") / "reference.yaml").board
    r = cover(board, *pair)
    ref = reference_hidden_fraction(board, *pair, nu=48, nz=96, per_ring=360)
    assert abs(r.hidden_fraction - ref) <= 0.02
    assert abs(r.hidden_fraction - ref) <= r.error_bound + 0.011


# --- where the cover comes from ------------------------------------------------------------------


def test_cover_from_a_friendly_model():
    """A 25 mm model off the line between two 30 mm models hides part of the target: the cover is its."""
    board = Board(bases=(Base("s", 10, 30, 30, 4, "red"), Base("f", 20, 30.8, 25, 4, "red"), Base("t", 30, 30, 30, 4, "blue")))
    r = cover(board, "s", "t")
    assert r.cover == "small" and r.cover_from == ("f",)
    assert r.to_dict()["cover_from"] == ["f"]


def test_cover_from_nothing_in_the_way_is_empty():
    assert cover(Board(bases=(S, T)), "s", "t").cover_from == ()


def test_cover_from_leaves_out_a_wall_whose_shadow_is_always_lower():
    """A 2.5 cm wall at x = 20 and a 3 cm wall just in front of the target: from the front rim
    (x = 11.5, 4 cm high) the low wall's shadow reaches 4 - 1.5 * 18.5 / 9 = 0.92 cm on the
    silhouette, the tall one's 4 - 1 * 18.5 / 16.5 = 2.88 cm; from further back both are lower
    and the tall one stays higher. Both are in the way; only the tall one gives the cover."""
    low, tall = wall(20, 20.5, 2.5), wall(27.5, 28, 3)
    board = Board(bases=(S, T), terrain=(TerrainPiece("low", low.polygon, 2.5), TerrainPiece("tall", tall.polygon, 3)))
    r = cover(board, "s", "t")
    assert set(r.obstacles) == {"low", "tall"} and r.cover_from == ("tall",)


@settings(max_examples=40)
@given(st.lists(obstacle, min_size=1, max_size=4), st.sampled_from([2.0, 3.5, 5.0]), st.sampled_from([2.0, 3.5, 5.0]))
def test_cover_from_alone_hides_as_much(obstacles, sh, th):
    """Removing every obstacle outside cover_from leaves the hidden fraction as it was (within the
    bounds). cover_from names the obstacles in the way, and a piece a model in it stands on."""
    board = _board(obstacles, sh, th)
    full = cover(board, "s", "t")
    supports = {standing_on(board, board.base(m)).id for m in full.cover_from
                if board.has_base(m) and standing_on(board, board.base(m)) is not None}
    assert set(full.cover_from) <= set(full.obstacles) | supports
    assert (full.cover_from == ()) == (full.hidden_fraction == 0.0)
    keep = set(full.cover_from) | {"s", "t"}
    only = Board(bases=tuple(b for b in board.bases if b.id in keep),
                 terrain=tuple(t for t in board.terrain if t.id in keep))
    alone = cover(only, "s", "t")
    assert abs(alone.hidden_fraction - full.hidden_fraction) <= full.error_bound + alone.error_bound + 1e-6


# --- the nearest-target rule (RUL-08) -------------------------------------------------------------


def _enemies_board() -> Board:
    # s at (10, 10); enemies 10.0 cm (e10) and 30.0 cm (e30) away edge to edge; a friend nearer still
    return Board(bases=(Base("s", 10, 10, 30, side="red"), Base("e30", 10, 43, 30, side="blue"),
                        Base("e10", 23, 10, 30, side="blue"), Base("f", 14, 5, 30, side="red"),
                        Base("x", 50, 50, 30)))


def test_enemies_of_are_the_other_sides():
    assert enemies_of(_enemies_board(), "s") == ("e30", "e10")
    with pytest.raises(GeometryError, match="no side"):
        enemies_of(_enemies_board(), "x")


def test_nearest_targets_is_the_nearest_enemy_in_sight():
    board = _enemies_board()
    assert nearest_targets(board, "s") == ("e10",)
    # a wall hiding e10 makes e30 the one to shoot
    hidden = board.with_terrain([TerrainPiece("w", ((19, 5), (20, 5), (20, 15), (19, 15)), 10)])
    assert nearest_targets(hidden, "s") == ("e30",)


def test_nearest_targets_ties_within_half_a_millimetre():
    board = _enemies_board().moved("e30", (10, 23.04))  # 10.04 cm: ties with 10.0 (RUL-08, 0.05 cm)
    assert nearest_targets(board, "s") == ("e30", "e10")
    assert nearest_targets(board.moved("e30", (10, 23.06)), "s") == ("e10",)


def test_nearest_targets_agrees_with_nearest_in_sight():
    board = _enemies_board()
    assert nearest_targets(board, "s", ["e30", "e10", "f"]) == nearest_in_sight(board, "s", ["e30", "e10", "f"]) == ("f",)


@settings(max_examples=40, deadline=None)
@given(st.lists(obstacle, min_size=1, max_size=6), st.sampled_from([2.0, 3.5, 5.0]), st.data())
def test_nearest_in_sight_with_eligible_is_nearest_in_sight_of_the_eligible(obstacles, th, data):
    """RUL-08 with the caller's rules asked lazily: the answer for the candidates ``eligible``
    accepts, filtered first; and ``eligible`` is asked of no candidate farther than the answer."""
    board = _board(obstacles, 4.0, th)
    candidates = [b.id for b in board.bases if b.id != "s"]
    accepted = set(data.draw(st.lists(st.sampled_from(candidates), unique=True)))
    asked: list[str] = []

    def eligible(c: str) -> bool:
        asked.append(c)
        return c in accepted

    got = nearest_in_sight(board, "s", candidates, eligible=eligible)
    assert got == nearest_in_sight(board, "s", [c for c in candidates if c in accepted])
    assert len(asked) == len(set(asked))
    if got:
        dist = {c: edge_distance(board.base("s"), board.base(c)) for c in candidates}
        assert max(dist[c] for c in asked) <= min(dist[c] for c in got) + TIE_TOLERANCE_CM + 1e-9


# --- models standing on terrain (PRJ-48) -----------------------------------------------------------


def _crate(x0: float, x1: float, h: float, name: str = "crate") -> TerrainPiece:
    return TerrainPiece(name, ((x0, 28), (x1, 28), (x1, 32), (x0, 32)), h)


def test_a_target_on_a_crate_is_not_hidden_by_it():
    """t stands on a 3 cm crate that reaches 2 cm in front of its centre; s's eye is 3.5 cm high,
    20 cm away. The lowest sight line to t's feet (z = 3) from the front rim (x = 11.5) passes
    the crate's front top edge (x = 28, 3 cm) at 3.5 - 0.5 * 16.5 / 18.5 = 3.05 cm: above it, so
    nothing is hidden; the crate is not in the way of anything it does not stand under."""
    board = Board(bases=(Base("s", 10, 30, 30), Base("t", 30, 30, 30)), terrain=(_crate(28, 32, 3),))
    r = cover(board, "s", "t")
    assert r.cover == "none" and r.hidden_fraction == 0.0


def test_a_target_on_a_tall_block_is_hidden_below_the_eye_line():
    """t on a 6 cm block whose front face is 2 cm before its centre, s's eye at 3.5 cm: sight lines
    rise to t's feet (z = 6), so the flattest one, from the back rim (x = 8.5, 21.5 cm before t's
    centre, 19.5 cm before the block's front top edge), sees most: hidden up to
    3.5 + 2.5 * 21.5 / 19.5 = 6.256 cm, 0.256 of t's 3.5 cm (7.3 %)."""
    board = Board(bases=(Base("s", 10, 30, 30), Base("t", 30, 30, 30)), terrain=(_crate(28, 32, 6, "block"),))
    r = cover(board, "s", "t")
    assert r.cover == "small" and r.cover_from == ("block",)
    assert within(r, (3.5 + 2.5 * 21.5 / 19.5 - 6) / 3.5, 1e-6)


def test_a_shooter_on_a_crate_sees_over_a_wall():
    """A 4 cm wall hides a 3.5 cm target from a shooter on the ground; from a 3 cm crate the eye is
    6.5 cm high: from the front rim (x = 11.5) the wall's far top edge (x = 20, 4 cm) casts down to
    6.5 - 2.5 * 18.5 / 8.5 = 1.06 cm on the silhouette at x = 30; 1.06 / 3.5 = 0.30 hidden."""
    wall = TerrainPiece("wall", ((19, 20), (20, 20), (20, 40), (19, 40)), 4)
    ground = Board(bases=(Base("s", 10, 30, 30), Base("t", 30, 30, 30)), terrain=(wall,))
    assert cover(ground, "s", "t").cover == "no_line_of_sight"
    raised = ground.with_terrain([wall, _crate(8, 12, 3)])
    r = cover(raised, "s", "t")
    assert r.cover == "small" and within(r, (6.5 - 2.5 * 18.5 / 8.5) / 3.5, 0.0)


def test_a_model_on_a_crate_screens_as_a_column():
    """m (3.5 cm tall) on a 3 cm crate midway is a 6.5 cm column: it hides t, 3.5 cm tall, from s,
    whose eye is 3.5 cm high; its crate is named with it."""
    crate = TerrainPiece("crate", ((19, 29), (21, 29), (21, 31), (19, 31)), 3)
    board = Board(bases=(Base("s", 10, 30, 30), Base("m", 20, 30, 50), Base("t", 30, 30, 30)), terrain=(crate,))
    r = cover(board, "s", "t")
    assert r.cover == "no_line_of_sight" and r.cover_from[:2] == ("m", "crate")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 60), st.floats(0, 60), st.floats(0, 5)), min_size=1, max_size=8),
       st.tuples(st.floats(0, 60), st.floats(0, 60)), st.tuples(st.floats(-30, 30), st.floats(-30, 30)))
def test_culling_gaps_are_the_scalar_reference(circles, start, direction):
    """The sight cull's circle-to-segment gaps, circle by circle with Python floats (IEEE, as numpy's)."""
    (ax, ay), (dx, dy) = start, direction
    assume(dx * dx + dy * dy > 1e-6)
    c = np.array([(x, y) for x, y, _ in circles], dtype=float)
    radii = np.array([r for _, _, r in circles], dtype=float)
    got = _gaps(c, radii, ax, ay, dx, dy)
    for k, (x, y, r) in enumerate(circles):
        t = min(max(((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy), 0.0), 1.0)
        assert got[k] == np.hypot(x - ax - t * dx, y - ay - t * dy) - r


@settings(max_examples=40, deadline=None)
@given(st.floats(15, 45), st.floats(15, 45), st.floats(0.5, 6))
def test_cover_asked_again_on_a_board_and_after_a_move_is_the_analysis_from_scratch(x, y, height):
    """cover is kept per board object (a shot asks it when aimed and when resolved): asked again on
    the same board it is the same result, and on the board a move makes it is the new table's,
    as an analysis with every cache emptied finds it."""
    assume(math.hypot(x - 10, y - 30) > 3.5 and math.hypot(x - 35, y - 30) > 3.5)
    wall = TerrainPiece("wall", ((28.0, 20), (28.5, 20), (28.5, 40), (28.0, 40)), height_cm=height)
    board = Board(bases=(S, Base("t", 35, 30, 30, 4.0), Base("m", 20, 30, 30, 4.0)), terrain=(wall,))
    first = cover(board, "s", "t")
    assert cover(board, "s", "t") is first
    moved = board.moved("m", (x, y))
    again = cover(moved, "s", "t")
    sight_queries._cover_cached.cache_clear()
    sight_analysis._pair.cache_clear()
    sight_obstacles._terrain_part_of.cache_clear()
    sight_obstacles._LAST_TERRAIN[0] = None
    fresh = sight_analysis._analyse(moved, "s", "t", True)
    assert again == fresh


_spot = st.tuples(st.floats(2, 58, allow_subnormal=False), st.floats(2, 58, allow_subnormal=False))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(_spot, st.sampled_from([25, 30, 40, 50]), st.sampled_from([0.0, 2.5, 4.0])), min_size=1, max_size=12),
       st.data())
def test_sight_index_after_moves_is_the_index_read_afresh(bases, data):
    """The sight cull's index for a board a few moves on, made from the last index with the moved
    bases' rows written again, holds the same numbers, bit for bit, as the one read from the bases."""
    wall = TerrainPiece("wall", ((28.0, 20), (28.5, 20), (28.5, 40), (28.0, 40)), height_cm=3)
    part = sight_obstacles._terrain_part((wall,))
    before = [Base(f"b{k}", x, y, d, h) for k, ((x, y), d, h) in enumerate(bases)]
    moved = data.draw(st.lists(st.sampled_from(range(len(before))), max_size=6, unique=True))
    after = list(before)
    for k in moved:
        (x, y) = data.draw(_spot)
        after[k] = Base(before[k].id, x, y, before[k].diameter_mm, before[k].height_cm)
    last = sight_obstacles._index_of(part, [b for b in before if b.height_cm > 0])
    standing = [b for b in after if b.height_cm > 0]
    got = sight_obstacles._index_after_move(last, part, standing)
    fresh = sight_obstacles._index_of(part, standing)
    assert (got is None) == (sum(a is not b for a, b in zip(last.bases, standing)) > sight_obstacles._INDEX_ROWS_REWRITTEN)
    if got is not None:
        assert got.bases == fresh.bases and got.nt == fresh.nt and got.part is fresh.part
        assert got.centres.tobytes() == fresh.centres.tobytes() and got.radii.tobytes() == fresh.radii.tobytes()
        assert last.centres.tobytes() == sight_obstacles._index_of(part, last.bases).centres.tobytes()  # not written


def test_sight_index_of_another_table_is_read_afresh():
    """No neighbour: another terrain, or a base more or less."""
    wall = TerrainPiece("wall", ((28.0, 20), (28.5, 20), (28.5, 40), (28.0, 40)), height_cm=3)
    part = sight_obstacles._terrain_part((wall,))
    bases = [Base("a", 10, 30, 30, 3.0), Base("b", 40, 30, 30, 3.0)]
    last = sight_obstacles._index_of(part, bases)
    assert sight_obstacles._index_after_move(last, part, bases[:1]) is None
    assert sight_obstacles._index_after_move(None, part, bases) is None
    other = sight_obstacles._terrain_part(())
    assert sight_obstacles._index_after_move(last, other, bases) is None


@settings(max_examples=100, deadline=None)
@given(_spot, st.sampled_from([25, 28, 30, 32, 40, 50, 60]))
def test_model_holding_circle_from_its_corners_is_the_footprints(spot, diameter):
    """A model's holding circle taken from its circumscribed polygon's corners is the one read back
    from the shapely footprint built on them, bit for bit."""
    outer = sight_obstacles._round_corners(spot[0], spot[1], diameter / 20, True)
    c1, r1 = sight_obstacles._holding_circle_of(outer)
    c2, r2 = sight_obstacles._holding_circle(shapely.Polygon(outer))
    assert c1.tobytes() == c2.tobytes() and r1 == r2


@settings(max_examples=50, deadline=None)
@given(_spot, st.sampled_from([25, 28, 30, 32, 40, 50, 60]), st.booleans())
def test_round_corners_are_the_polygon_formula(spot, diameter, outer):
    """A round obstacle's corners (angles' cosines and sines kept once) are the formula's, bit for bit."""
    k, radius = sight_obstacles.ROUND_OBSTACLE_SIDES, diameter / 20
    rr = radius / math.cos(math.pi / k) if outer else radius
    a = np.arange(k) * (2 * math.pi / k)
    expected = np.column_stack([spot[0] + rr * np.cos(a), spot[1] + rr * np.sin(a)])
    assert sight_obstacles._round_corners(spot[0], spot[1], radius, outer).tobytes() == expected.tobytes()


def _relevant_before(board, shooter, target, models_block, frame):
    """``solver._relevant`` as it was before the bases' second cull went one circle at a time (the
    oracle of the test below): both culls as arrays through :func:`_gaps`."""
    index = sight_obstacles._index(board)
    ax, ay = shooter.x, shooter.y
    dx, dy = target.x - ax, target.y - ay
    near = max(shooter.radius, target.radius)
    found = []
    if not len(index.radii):
        return found
    terrain, nt = index.part, index.nt
    close = (_gaps(index.centres, index.radii, ax, ay, dx, dy) < near).nonzero()[0]
    models = []
    for i in close.tolist():
        if i >= nt:
            models.append(index.bases[i - nt])
            continue
        o = terrain.obstacles[i]
        c, r = terrain.centres[i], terrain.radii[i]
        if np.hypot(c[0] - ax, c[1] - ay) < r + shooter.radius and sight_obstacles._overlaps_base(board.terrain_piece(o.id), shooter):
            continue
        found.append(o)
    if not models_block:
        return found
    parts = [terrain.model_part(b) for b in models if b.id != shooter.id and b.id != target.id]
    if parts:
        gap = _gaps(np.array([c for _, c, _ in parts]), np.array([r for _, _, r in parts], dtype=float), ax, ay, dx, dy)
        found.extend(o for (o, _, _), g in zip(parts, gap) if g < near)
    return found


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(_spot, st.sampled_from([25, 30, 40, 50]), st.sampled_from([0.0, 2.5, 4.0])), min_size=2, max_size=14),
       st.booleans(), st.data())
def test_obstacles_near_the_line_are_those_of_the_array_cull(bases, models_block, data):
    """The obstacles near a sight line (``solver._relevant``), the bases' second cull taken one
    circle at a time, are those of the cull on arrays (the old function as oracle), in order."""
    wall = TerrainPiece("wall", ((28.0, 20), (28.5, 20), (28.5, 40), (28.0, 40)), height_cm=3)
    rock = TerrainPiece("rock", ((8.0, 44), (16.0, 44), (16.0, 52), (8.0, 52)), height_cm=6)
    board = Board(bases=tuple(Base(f"b{k}", x, y, d, h) for k, ((x, y), d, h) in enumerate(bases)), terrain=(wall, rock))
    s, t = data.draw(st.lists(st.sampled_from(range(len(bases))), min_size=2, max_size=2, unique=True))
    shooter, target = board.bases[s], board.bases[t]
    assume(math.hypot(target.x - shooter.x, target.y - shooter.y) > shooter.radius + 1e-6)
    frame = sight_analysis._pair(board, shooter.id, target.id, models_block).frame
    got = _relevant(board, shooter, target, models_block, frame)
    assert [o.id for o in got] == [o.id for o in _relevant_before(board, shooter, target, models_block, frame)]
