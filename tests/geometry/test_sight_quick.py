"""The quick answers of line of sight (landsraad.geometry.sight.quick, R-LOS, RUL-11) against the analysis.

The fast accept ``_clear_view`` may answer True only where the first estimate hides at most
half of the silhouette (the bound its proof gives) and the full analysis sees the target; the
fast reject ``_walled_off`` only where the first estimate hides more than 0.9 and the analysis
sees nothing. ``line_of_sight`` must give the answer it gave without them: the first estimate
at most 0.9, or else the full analysis.
"""

from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from landsraad.geometry.board import Base, Board, TerrainPiece
from landsraad.geometry.sight import cover_class, line_of_sight
from landsraad.geometry.sight.analysis import _SEEN_FIRST, _analyse, _class_at_first, _pair, _quick_class
from landsraad.geometry.sight.quick import _apart, _apart_span, _clear_view, _low, _seen_column, _segment_apart, _shapes, _wall, _walled_off
from landsraad.geometry.sight.solver import (
    _SEEN_MARGIN,
    _estimate,
    _first_estimate,
    _first_heights,
    _first_points,
    _hidden_at_first,
    _seen_share_settles,
    _seen_throughout,
    _solve,
    _solve_class,
    _solve_sight,
    _start,
)


def _clear(board: Board, s: str, t: str, models_block: bool = True) -> bool:
    p = _pair(board, s, t, models_block)
    return bool(p.obstacles) and _clear_view(_shapes(p.obstacles, p.frame), p.frame, p.shooter.radius, p.rt, p.height, p.floor, p.eye_z, p.arc())


def _walled(board: Board, s: str, t: str, models_block: bool = True) -> bool:
    p = _pair(board, s, t, models_block)
    return _walled_off(_shapes(p.obstacles, p.frame), p.frame, p.shooter.radius, p.rt, p.height, p.floor, p.eye_z)


def _column(board: Board, s: str, t: str, models_block: bool = True) -> bool:
    p = _pair(board, s, t, models_block)
    return bool(p.obstacles) and _seen_column(_shapes(p.obstacles, p.frame), p.frame, p.shooter.radius, p.rt, p.height,
                                              p.floor, p.eye_z, *_first_points(p.arc(), p.rt))


def _first(board: Board, s: str, t: str, models_block: bool = True) -> float:
    p = _pair(board, s, t, models_block)
    return _first_estimate(p.problem(p.arc())) if p.obstacles else 0.0


def _rect(name: str, corners: list[tuple[float, float]], h: float, kind: str = "blocked") -> TerrainPiece:
    return TerrainPiece(name, tuple(corners), h, kind)


# --- hand cases --------------------------------------------------------------------------------------


S, T = Base("s", 10, 30, 30, 3.5), Base("t", 30, 30, 30, 3.5)


def test_a_low_wall_across_the_line_is_seen_over():
    """A 1 cm wall across the line, the eye 3.5 cm high: its shadow stays under half the target."""
    board = Board(bases=(S, T), terrain=(_rect("w", [(19, 20), (20, 20), (20, 40), (19, 40)], 1.0),))
    assert _clear(board, "s", "t") and line_of_sight(board, "s", "t")


def test_a_tall_wall_across_the_line_is_left_to_the_analysis():
    board = Board(bases=(S, T), terrain=(_rect("w", [(19, 20), (20, 20), (20, 40), (19, 40)], 3.0),))
    assert not _clear(board, "s", "t")


def test_a_tall_piece_beside_the_line_is_apart():
    """A 10 cm block 1.8 cm off the line, near enough to be culled in: the middle eye's triangle
    (0.7 cm wide there) misses it."""
    board = Board(bases=(S, T), terrain=(_rect("b", [(18, 31.8), (22, 31.8), (22, 34), (18, 34)], 10.0),))
    assert _pair(board, "s", "t", True).obstacles
    assert _clear(board, "s", "t") and _first(board, "s", "t") == 0.0


def test_a_screening_model_as_wide_and_tall_is_left_to_the_analysis():
    """The grazing case of line_of_sight's doctest: only the analysis may say no."""
    board = Board(bases=(Base("a", 10, 30, 30), Base("b", 20, 30, 30), Base("c", 30, 30, 30)))
    assert not _clear(board, "a", "c") and not line_of_sight(board, "a", "c")


def test_a_wall_behind_the_target_is_apart():
    board = Board(bases=(S, T), terrain=(_rect("w", [(32, 20), (33, 20), (33, 40), (32, 40)], 10.0),))
    assert _clear(board, "s", "t")


def test_a_tall_wall_across_the_line_walls_it_off():
    """A 5 cm wall across the line, 20 cm long: higher than the eye (3.5) and the target (3.5)."""
    board = Board(bases=(S, T), terrain=(_rect("w", [(19, 20), (20, 20), (20, 40), (19, 40)], 5.0),))
    assert _walled(board, "s", "t") and not _clear(board, "s", "t") and not line_of_sight(board, "s", "t")


def test_a_wall_as_high_as_the_eye_or_too_short_is_left_to_the_analysis():
    """At the eye's height the hidden height does not rise along the segment: not a wall; nor is a
    tall wall whose end leaves a gap beside the line (the hull is 3 cm wide there)."""
    at_eye = Board(bases=(S, T), terrain=(_rect("w", [(19, 20), (20, 20), (20, 40), (19, 40)], 3.5),))
    assert not _walled(at_eye, "s", "t")
    short = Board(bases=(S, T), terrain=(_rect("w", [(19, 29), (20, 29), (20, 40), (19, 40)], 10.0),))
    assert not _walled(short, "s", "t") and line_of_sight(short, "s", "t")


def test_a_wall_above_the_eye_but_below_the_target_top_is_left_to_the_analysis():
    """A 5 cm target behind a 4.8 cm wall just before it, the eye 3.5 cm high: from the front rim
    (x = 11.5) the wall's top edge (x = 29, 4.8 cm) casts up to 4.8 + 1.3 / 17.5 = 4.87 cm at x = 30."""
    board = Board(bases=(S, Base("t", 30, 30, 30, 5.0)), terrain=(_rect("w", [(28.5, 20), (29, 20), (29, 40), (28.5, 40)], 4.8),))
    assert not _walled(board, "s", "t") and line_of_sight(board, "s", "t")


def test_a_big_base_between_small_ones_walls_them_off():
    """A 50 mm model, 6 cm tall, midway between two 25 mm models 3 cm tall."""
    board = Board(bases=(Base("a", 10, 30, 25, 3.0), Base("b", 20, 30, 50, 6.0), Base("c", 30, 30, 25, 3.0)))
    assert _walled(board, "a", "c") and not line_of_sight(board, "a", "c")
    assert not _walled(board, "a", "c", models_block=False) and line_of_sight(board, "a", "c", models_block=False)


def test_a_low_wall_whose_shadow_ends_at_the_foot_is_no_cover():
    """A 0.5 cm wall halfway, the eye 3.5 cm high: from the middle eye its shadow stays below the
    target's foot, so the class is settled without the analysis, and it is the analysis' own."""
    board = Board(bases=(S, T), terrain=(_rect("w", [(19, 20), (20, 20), (20, 40), (19, 40)], 0.5),))
    assert _quick_class(_pair(board, "s", "t", True)) == "none" == _analyse(board, "s", "t", True).cover
    # 2 cm just before the target is over the foot from every eye: left to the analysis (large cover)
    higher = Board(bases=(S, T), terrain=(_rect("w", [(28, 20), (28.5, 20), (28.5, 40), (28, 40)], 2.0),))
    assert _quick_class(_pair(higher, "s", "t", True)) is None
    assert cover_class(higher, "s", "t") == _analyse(higher, "s", "t", True).cover == "large"


def test_a_target_seen_past_a_tall_screen_is_seen_without_the_analysis():
    """A 30 mm model as tall as the eye, 0.2 cm off the line: the first estimate hides more than
    0.9 of the 25 mm target, yet a column at its edge is seen whole from a first rim point, so
    line of sight holds without the analysis (which agrees: 0.945 hidden)."""
    s, t = Base("s", 10, 30, 30, 3.5), Base("t", 30, 30, 25, 3.5)
    board = Board(bases=(s, Base("m", 20, 30.2, 30, 3.5), t))
    p = _pair(board, "s", "t", True)
    prob = p.problem(p.arc())
    up = _first_heights(prob)
    assert _first_estimate(p.problem(p.arc())) > _SEEN_FIRST and _seen_throughout(prob, up)
    assert line_of_sight(board, "s", "t") and _analyse(board, "s", "t", True).line_of_sight


def test_a_gap_found_by_refinement_stops_the_sight_refinement_early():
    """Two 30 mm models screening a target 46 cm away (from a random game): no first rim point sees
    a first column, the analysis refines 13 rounds to a hidden fraction of 0.904; line of sight alone
    stops once a column is seen for good (a strip beside it is seen at every later round)."""
    board = Board(bases=(Base("s", 17.2, 1.5, 30, 3.5), Base("a", 21.66, 10.45, 30, 3.5), Base("b", 17.68, 8.74, 30, 3.5),
                         Base("t", 35.39, 43.67, 30, 3.5)))
    p = _pair(board, "s", "t", True)
    prob = p.problem(p.arc())
    up = _first_heights(prob)
    assert _first_estimate(p.problem(p.arc())) > _SEEN_FIRST and not _seen_throughout(prob, up)
    assert not _hidden_at_first(prob, _estimate(prob, up)) and not _column(board, "s", "t")
    assert _solve_sight(prob) and len(prob.cols) < 40
    analysis = _analyse(board, "s", "t", True)
    assert analysis.line_of_sight and 0.85 < analysis.hidden_fraction < 0.95
    assert line_of_sight(board, "s", "t")


@pytest.mark.parametrize("arc", [0.3, 1.2, math.pi / 2, math.pi])
def test_the_eyes_tried_are_first_rim_points(arc):
    """The proof leans on angle 0 and the arc's ends being exactly among the first rim points."""
    p = _pair(Board(bases=(S, T), terrain=(_rect("w", [(19, 20), (20, 20), (20, 40), (19, 40)], 1.0),)), "s", "t", True)
    prob = p.problem(arc)
    _start(prob)
    assert 0.0 in prob.psi and -arc in prob.psi
    assert (arc in prob.psi) == (arc < math.pi - 1e-12)


# --- the property -------------------------------------------------------------------------------------

_GRAZE = [-1e-6, 0.0, 1e-12, 1e-9, 1e-6, 1e-4, 1e-3, 1.0001e-3, 2e-3, 0.01, 0.3]
_ACROSS = _GRAZE + [-0.3, -0.1, -0.02]  # a wall's ends short of the hull too


_KINDS = ("model", "wall", "hill", "graze-model", "graze-wall", "across", "across")


@st.composite
def scenes(draw, kinds: tuple[str, ...] = _KINDS):
    """A shooter and a target (either may stand on a hill), and models, walls and hills around the
    line, some laid against a side of the sight triangle of one of the eyes the fast accept tries
    (near-grazing), some with tops at the eye's height or at half the target's height."""
    sd, td = draw(st.sampled_from([25, 30, 40, 50])), draw(st.sampled_from([25, 30, 40, 50]))
    sh, th = draw(st.sampled_from([0.0, 1.0, 2.5, 3.5, 5.0])), draw(st.sampled_from([0.0, 1.0, 2.5, 3.5, 5.0]))
    tx, ty = draw(st.floats(22, 45)), draw(st.floats(20, 40))
    shooter, target = Base("s", 10, 30, sd, sh), Base("t", tx, ty, td, th)
    bases, terrain = [shooter, target], []
    for b in (shooter, target):
        if draw(st.booleans()):
            r = b.radius + draw(st.floats(0.0, 2.0))
            terrain.append(_rect(f"hill-{b.id}", _square(b.x, b.y, r), draw(st.sampled_from([0.5, 1.0, 2.0, 4.0]))))
    # the eyes tried and the silhouette's ends, in the silhouette's frame (u, w)
    p = _pair(Board(bases=(shooter, target), terrain=tuple(terrain)), "s", "t", True)
    arc, rs, rt = p.arc(), shooter.radius, target.radius
    top = max(p.eye_z, p.floor + p.height)
    heights = st.one_of(st.floats(0.2, 8.0), st.sampled_from([p.eye_z, p.eye_z - 1e-7, p.eye_z - 2e-6, p.eye_z + 1e-9,
                                                               p.floor + p.height / 2, p.floor + p.height / 2 + 1e-9,
                                                               top, top + 1e-7, top + 1e-6, top + 2e-6, top + 1.0,
                                                               top - 0.2, (p.eye_z + p.floor + p.height) / 2]))
    for k in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(kinds))
        h = draw(heights)
        if h <= 0:
            continue
        if kind == "across":  # a wall or a base across the line, its ends near the sight lines' hull
            w = draw(st.floats(0.05, 0.95)) * (p.dist - rs)
            thick = draw(st.sampled_from([0.05, 0.3, 1.0]))
            slope = (rs - rt) / (p.dist - rs if rs >= rt else p.dist + rs)
            half = rt + slope * max(w - thick / 2, w + thick / 2, key=lambda x: rt + slope * x)
            left, right = half + draw(st.sampled_from(_ACROSS)), half + draw(st.sampled_from(_ACROSS))
            if draw(st.booleans()):
                corners = [p.frame.table(u, ww) for u, ww in ((-left, w - thick / 2), (right, w - thick / 2), (right, w + thick / 2), (-left, w + thick / 2))]
                terrain.append(_rect(f"w{k}", corners, h, draw(st.sampled_from(["blocked", "difficult"]))))
            else:
                # as wide as the hull's strip of 0.01 cm round w needs, give or take a graze
                r = math.hypot(rt + slope * max(w - 0.005, w + 0.005, key=lambda x: rt + slope * x), 0.005) + 1e-3
                r += draw(st.sampled_from(_ACROSS + [0.2]))
                x, y = p.frame.table(0.0, w)
                bases.append(Base(f"m{k}", x, y, r * 20, h))
        elif kind.startswith("graze"):
            psi = draw(st.sampled_from([0.0, -arc, arc]))
            eu, ea = rs * math.sin(psi), p.dist - rs * math.cos(psi)
            side = draw(st.sampled_from([-1.0, 1.0]))
            lu, lw = side * rt - eu, -ea  # from the eye to a silhouette end
            ln = math.hypot(lu, lw)
            nu, nw = -lw / ln, lu / ln
            if nu * side < 0:  # away from the triangle
                nu, nw = -nu, -nw
            f = draw(st.floats(0.05, 0.95))
            pu, pw = eu + f * lu, ea + f * lw
            gap = draw(st.sampled_from(_GRAZE))
            if kind == "graze-model":
                r = draw(st.sampled_from([25, 30, 40])) / 20
                x, y = p.frame.table(pu + nu * (r + gap), pw + nw * (r + gap))
                bases.append(Base(f"m{k}", x, y, r * 20, h))
            else:
                a0, a1, thick = -draw(st.floats(0.2, 3.0)), draw(st.floats(0.2, 3.0)), draw(st.sampled_from([0.3, 1.0]))
                ou, ow = pu + nu * gap, pw + nw * gap
                corners = [p.frame.table(ou + a * lu / ln + b * nu, ow + a * lw / ln + b * nw) for a, b in ((a0, 0), (a1, 0), (a1, thick), (a0, thick))]
                terrain.append(_rect(f"w{k}", corners, h, draw(st.sampled_from(["blocked", "difficult"]))))
        else:
            x, y = draw(st.floats(8, 47)), draw(st.floats(22, 38))
            if kind == "model":
                bases.append(Base(f"m{k}", x, y, draw(st.sampled_from([25, 30, 40, 50])), h))
            else:
                w, length, a = draw(st.floats(0.3, 6)), draw(st.floats(0.5, 12)), draw(st.floats(0, math.pi))
                c, s_ = math.cos(a), math.sin(a)
                corners = [(x + c * u - s_ * v, y + s_ * u + c * v) for u, v in ((0, 0), (length, 0), (length, w), (0, w))]
                terrain.append(_rect(f"w{k}", corners, h, "blocked" if kind == "hill" else draw(st.sampled_from(["blocked", "open"]))))
        if bases[-1].id == f"m{k}":
            m = bases[-1]
            if any(math.hypot(m.x - o.x, m.y - o.y) < m.radius + o.radius for o in bases[:-1]):
                bases.pop()
            elif draw(st.booleans()):  # a model standing on a hill of its own
                terrain.append(_rect(f"under-m{k}", _square(m.x, m.y, m.radius + 0.5), draw(st.sampled_from([0.5, 2.0]))))
    return Board(width=60, depth=60, bases=tuple(bases), terrain=tuple(terrain)), draw(st.booleans())


def _square(x: float, y: float, r: float) -> list[tuple[float, float]]:
    return [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]


def _check(board: Board, models_block: bool) -> None:
    # the class alone first (kept per pair, and read by line_of_sight), the analysis after
    cls = cover_class(board, "s", "t", models_block=models_block)
    seen = line_of_sight(board, "s", "t", models_block=models_block)
    first = _first(board, "s", "t", models_block)
    analysis = _analyse(board, "s", "t", models_block)
    full = analysis.line_of_sight
    if _clear(board, "s", "t", models_block):
        assert first <= 0.5 + 1e-9, first  # the bound the proof gives
        assert full
    if _walled(board, "s", "t", models_block):
        assert first > _SEEN_FIRST and not full
    if _column(board, "s", "t", models_block):
        # a first column seen over a tenth of its height from a first rim point: the seen column's
        # test (_seen_throughout) holds on the first round, and the analysis sees the target
        p = _pair(board, "s", "t", models_block)
        prob = p.problem(p.arc())
        up = _first_heights(prob)
        assert up.min() <= 0.9 * p.height + 1e-9 * (1 + p.floor + p.height), (up.min(), p.height)
        assert _seen_throughout(prob, up) and full
    # the answer is the one without the fast accept
    assert seen == line_of_sight(board, "s", "t", models_block=models_block) == (first <= _SEEN_FIRST or full)
    # a first column seen far enough down: the analysis sees the target, every estimate under 1 - margin
    p = _pair(board, "s", "t", models_block)
    assert p.shapes == _shapes(p.obstacles, p.frame)  # kept on the pair: the footprints built afresh
    if p.obstacles:
        prob = p.problem(p.arc())
        up = _first_heights(prob)
        if _seen_throughout(prob, up):
            assert full and analysis.hidden_fraction <= 1.0 - _SEEN_MARGIN, analysis.hidden_fraction
        # the first round stopping all hidden: no line of sight; and whether or not, the analysis going
        # on from the triangles it started is the one started afresh
        if _hidden_at_first(prob, _estimate(prob, up)):
            assert not full and analysis.hidden_fraction == 1.0, analysis.hidden_fraction
        est, err, _ = _solve(prob)
        assert (est, err) == _solve(p.problem(p.arc()))[:2]
        # the refinement for line of sight alone, stopping once a column is seen for good
        assert _solve_sight(p.problem(p.arc())) == full
    # the class alone: the quick answer, when there is one, is the analysis' class, and so is the
    # refinement that stops once its bounds settle the class (asked afresh: not the cached analysis')
    quick = _quick_class(_pair(board, "s", "t", models_block))
    assert quick is None or quick == analysis.cover, (quick, analysis.cover, analysis.hidden_fraction)
    if p.obstacles:
        assert _solve_class(p.problem(p.arc())) == analysis.cover, analysis.hidden_fraction
        # the class from the first round's lower bound and a run of columns seen whole, when they settle
        # it; and the refinement going on from that started problem
        prob = p.problem(p.arc())
        first_class = _class_at_first(p, prob)
        assert first_class is None or first_class == analysis.cover, (first_class, analysis.hidden_fraction)
        assert _solve_class(prob) == analysis.cover
    assert cls == cover_class(board, "s", "t", models_block=models_block) == analysis.cover


@settings(max_examples=300, deadline=None)
@given(scenes())
@example((Board(bases=(Base("s", 10, 30, 30, 3.5), Base("m", 20, 30, 30, 3.5), Base("t", 30, 30, 30, 3.5))), True))
def test_the_fast_accept_never_says_yes_where_the_analysis_says_no(scene):
    board, models_block = scene
    _check(board, models_block)


@settings(max_examples=300, deadline=None)
def _started(board: Board, models_block: bool):
    """The pair ``s`` -> ``t`` with its first round of columns computed, or ``None`` when nothing is near the line."""
    p = _pair(board, "s", "t", models_block)
    if not p.obstacles:
        return None
    arc = p.arc()
    prob = p.problem(arc)
    _start(prob)
    return p, arc, prob


@given(scenes())
def test_each_test_bounds_the_analysis_own_shadows(scene):
    """The module's two lemmas, obstacle by obstacle, against the column analysis itself: from
    each eye tried, an obstacle found apart casts no shadow on any first column, and one found
    low casts none above half the silhouette (rounding aside)."""
    started = _started(*scene)
    if started is None:
        return
    p, arc, prob = started
    shapes = _shapes(p.obstacles, p.frame)
    assert [s.circle is not None for s in shapes] == [i >= prob.nt for i in range(prob.n)]  # rows in the same order
    ceiling = p.floor + p.height / 2
    for psi in (0.0, -arc, arc):
        k = int(np.flatnonzero(prob.psi == psi)[0]) if arc < math.pi - 1e-12 or psi != arc else None
        if k is None:
            continue
        eu, ea = prob._rim(prob.psi[k : k + 1])
        for i, shape in enumerate(shapes):
            g = prob.gq[k, i]
            if _apart(shape, float(eu[0]), float(ea[0]), p.rt):
                assert np.all(g == -np.inf), (psi, i, g)
            if _low(shape, float(ea[0]), p.eye_z, ceiling):
                assert np.all(g <= ceiling + 1e-9 * (1 + abs(ceiling))), (psi, i, g, ceiling)


@settings(max_examples=300, deadline=None)
@given(scenes(kinds=_KINDS + ("graze-model", "graze-wall")))
def test_a_segment_found_apart_meets_no_footprint(scene):
    """The seen column's test against the column analysis itself: from every first rim point, an
    obstacle found apart from a first column's sight segment casts no shadow on that column (the
    near-grazing walls and bases lie against the end columns' segments)."""
    started = _started(*scene)
    if started is None:
        return
    p, arc, prob = started
    shapes = _shapes(p.obstacles, p.frame)
    eu, ea = prob._rim(prob.psi)
    psis, cols = _first_points(arc, p.rt)
    assert sorted(psis) == prob.psi.tolist() and cols == prob.cols.tolist()  # the first round's own points
    for k in range(len(prob.psi)):
        for c, col in enumerate(cols):
            for i, shape in enumerate(shapes):
                if _segment_apart(shape, col, float(eu[k]), float(ea[k])):
                    assert prob.gq[k, i, c] == -np.inf, (k, c, i, prob.gq[k, i, c])
    # and a shape found apart from the triangle of a rim point and two first columns casts no shadow on
    # any column between them, the first ones and others (the seen run's test)
    for k in range(len(prob.psi)):
        for j, m in ((0, 16), (0, 3), (5, 9), (12, 16), (7, 8)):
            inner = np.linspace(cols[j], cols[m], 7)
            g = prob._g(eu[k : k + 1], ea[k : k + 1], inner)
            for i, shape in enumerate(shapes):
                if _apart_span(shape, float(eu[k]), float(ea[k]), cols[j], cols[m]):
                    assert np.all(prob.gq[k, i, j : m + 1] == -np.inf) and np.all(g[0, i] == -np.inf), (k, j, m, i)


@settings(max_examples=200, deadline=None)
@given(scenes(kinds=("across",)))
def test_walls_and_bases_across_the_line(scene):
    """The same property over scenes of walls and bases across the line only, their ends or rims
    at, inside and beyond the sight lines' hull (the fast reject's own cases)."""
    _check(*scene)


@settings(max_examples=300, deadline=None)
@given(scenes(kinds=_KINDS + ("across",) * 3), st.lists(st.floats(-1.0, 1.0), min_size=1, max_size=6),
       st.lists(st.floats(-1.0, 1.0), min_size=1, max_size=6))
def test_a_wall_hides_every_column_from_every_rim_point(scene, angles, places):
    """The fast reject's lemma against the column analysis itself: a shape found to hold a strip
    of the sight lines' hull casts, on every column (the first ones and others), from every rim
    point (the first ones and others anywhere on the arc), a shadow above the silhouette."""
    started = _started(*scene)
    if started is None:
        return
    p, arc, prob = started
    above = max(p.eye_z, p.floor + p.height) + 1e-6
    cols = np.concatenate([prob.cols, np.array(places) * (p.rt - 1e-9)])
    eu, ea = prob._rim(np.concatenate([prob.psi, np.array(angles) * arc]))
    g = prob._g(eu, ea, cols)  # segments parallel to an edge overflow to inf, silently
    for i, shape in enumerate(_shapes(p.obstacles, p.frame)):
        if shape.top >= above and _wall(shape, p.dist, p.shooter.radius, p.rt):
            assert np.all(g[:, i, :] > p.floor + p.height), (i, g[:, i, :].min())


def test_grazing_models_along_the_middle_eyes_sight_lines():
    """Models of the eye's height laid along a side of the middle eye's sight triangle, from a
    hair inside to well apart: the middle eye passes them only past the margin of 1e-3 cm, and
    whatever the other eyes see, the fast accept never says yes where the analysis is blind."""
    s, t = Base("s", 10, 30, 30, 3.5), Base("t", 30, 30, 30, 3.5)
    apart = []
    for gap in _GRAZE:
        p = _pair(Board(bases=(s, t)), "s", "t", True)
        eu, ea = 0.0, p.dist - 1.5
        lu, lw = 1.5 - eu, -ea  # to the silhouette's end u = +1.5
        ln = math.hypot(lu, lw)
        nu, nw = -lw / ln, lu / ln  # away from the triangle (u > 0 side)
        cu, cw = eu + lu / 2 + nu * (1.25 + gap), ea + lw / 2 + nw * (1.25 + gap)
        x, y = p.frame.table(cu, cw)
        board = Board(bases=(s, Base("m", x, y, 25, 3.5), t))
        _check(board, True)
        q = _pair(board, "s", "t", True)
        (shape,) = _shapes(q.obstacles, q.frame)
        apart.append(_apart(shape, eu, ea, 1.5))
    # (exactly at the margin either answer is right)
    assert [a for a, gap in zip(apart, _GRAZE) if gap != 1e-3] == [gap > 1e-3 for gap in _GRAZE if gap != 1e-3]


@settings(max_examples=300, deadline=None)
@given(st.floats(1e-3, 3000.0), st.floats(0.0, 0.999), st.floats(1e-3, 20.0))
def test_a_seen_share_that_settles_makes_the_seen_column_test_hold(rt, share, height):
    """``_seen_share_settles`` against ``_seen_throughout`` on a first round's columns whose lowest
    hidden height is that share of the silhouette."""
    p = SimpleNamespace(rt=rt, height=height, cols=np.linspace(-rt + 1e-9, rt - 1e-9, 17))
    up = np.full(17, height)
    up[7] = share * height
    if _seen_share_settles(rt, share):
        assert _seen_throughout(p, up)


def test_a_seen_share_settles_for_any_base():
    assert _seen_share_settles(0.5, 0.9) and _seen_share_settles(20.0, 0.9) and not _seen_share_settles(200.0, 0.9)


@settings(max_examples=300, deadline=None)
@given(st.floats(1e-3, math.pi), st.floats(1e-3, 20.0))
def test_the_first_points_are_the_first_round_own(arc, rt):
    """``_first_points`` in Python floats: the first round's rim angles (reordered) and columns, bit for bit."""
    psis, cols = _first_points(arc, rt)
    psi = np.linspace(-arc, arc, 9)
    if arc >= math.pi - 1e-12:
        psi = psi[:-1]
    assert sorted(psis) == psi.tolist() and psis[0] == psi[4]
    assert cols == np.linspace(-rt + 1e-9, rt - 1e-9, 17).tolist()
