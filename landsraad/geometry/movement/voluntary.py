"""The public API of voluntary moves: plan_move, straight_moves, free_spots, path_length_bounds, can_move, path_cost,
path_is_clear (R-MOVE, RUL-17)."""

from __future__ import annotations

import itertools
import math
from typing import Iterable, Sequence

import numpy as np
from numpy.typing import ArrayLike

from ...i18n import message
from ..board import Board, Point
from .graph import _length_bounds, _poly_clear, _poly_measure, _shortest
from .messages import _check_allowance, _check_point, _check_start, _destination_problem, _label, _n, _narrowest_gap, _result_for_path, _xy
from .result import _INF, ALLOWANCE_SLACK_CM, MoveResult
from .slides import _board_capsules
from .space import Space
from .terrain_space import _mover, _space, _space_cached

# =============================================================================================
# Public API: voluntary moves
# =============================================================================================


def plan_move(board: Board, model_id: str, to: Point, allowance_cm: float, *, ignore: Iterable[str] = ()) -> MoveResult:
    """The cheapest legal way for ``model_id``'s base to slide to ``to`` (R-MOVE,
    R-TERRAIN-KINDS, RUL-17), or why it cannot.

    Obstacles: impassable terrain and every other base except those in ``ignore``; markers
    never block (PRJ-40). Touching is allowed (within :data:`TOUCH_TOLERANCE_CM`); a cost
    exactly equal to the allowance is legal. Difficult terrain costs double while any part of
    the base is over it. See the module docstring for the guarantees.

    Raises
    ------
    GeometryError
        Unknown model, a start position that already overlaps something, a bad point or a
        negative allowance.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board, TerrainPiece
    >>> wall = TerrainPiece("wall", ((10, 0), (12, 0), (12, 20), (10, 20)))
    >>> board = Board(terrain=(wall,), bases=(Base("a", 5, 10, 30),))
    >>> res = plan_move(board, "a", (20, 10), 30)       # around the end of the wall
    >>> res.legal, len(res.path) > 2, round(res.path_length_cm, 2)
    (True, True, 29.18)
    >>> plan_move(board, "a", (8.5, 10), 5).legal         # base edge exactly touching the wall
    True
    >>> plan_move(board, "a", (8.6, 10), 5).reason
    'destination_blocked'
    >>> plan_move(board, "a", (1.4, 10), 5).reason        # 1 mm over the table edge
    'off_table'
    >>> dune = TerrainPiece("dune", ((20, 0), (30, 0), (30, 60), (20, 60)), movement="difficult")
    >>> res = plan_move(Board(terrain=(dune,), bases=(Base("a", 10, 30, 30),)), "a", (40, 30), 60)
    >>> round(res.path_length_cm, 6), round(res.cost_cm, 6)   # 10 + 3 cm (base width) over it
    (30.0, 43.0)
    """
    base, excluded = _mover(board, model_id, ignore)
    space = _space_cached(board, base.radius, excluded)
    start = _start(space, board, model_id)
    to = _check_point(to, "destination")
    allowance = _check_allowance(allowance_cm)
    who = _label(board, model_id)
    problem = _destination_problem(space, board, model_id, start, to, allowance, excluded)
    if problem is not None:
        return problem
    S = np.asarray([start])
    G = np.asarray([to])
    if space.free_spots_slide_clear(S, G)[0]:  # both ends are free spots: the swept capsules alone decide
        cost = float(space.segment_costs(S, G)[0])
        if cost <= math.hypot(to[0] - start[0], to[1] - start[1]) + 1e-12:  # straight and no difficult terrain
            if start == to:
                return _result_for_path(model_id, who, start, to, [start], space, allowance)
            # the path's measure as _poly_measure takes it, from the numbers at hand
            return _result_for_path(model_id, who, start, to, [start, to], space, allowance,
                                    measure=(float(np.hypot(*(G - S).T)[0]), cost))
    pts = _shortest(space, start, to)
    if pts is None:
        gap = _narrowest_gap(board, space, excluded, start, to)
        msg = message("{who} cannot get to {point}: there is no room for its {diameter} mm base to pass.", who=who,
                      point=_xy(to), diameter=_n(board.base(model_id).diameter_mm))
        if gap is not None:
            width, mid, (la, lb) = gap
            msg += message(" The narrowest gap on the way, between {a} and {b} at {point}, is {width} cm wide; the base needs "
                           "{need} cm.", a=la, b=lb, point=_xy(mid), width=_n(width, 2), need=_n(2 * space.r, 2))
        return MoveResult(model=model_id, legal=False, start=start, end=to, path=(), path_length_cm=_INF, cost_cm=_INF,
                          allowance_cm=allowance, reason="no_room", message=msg,
                          narrowest_gap_cm=gap[0] if gap else None, gap_at=gap[1] if gap else None,
                          blocked_by=gap[2] if gap else ())
    return _result_for_path(model_id, who, start, to, pts, space, allowance)


def _start(space: Space, board: Board, model_id: str) -> Point:
    """The mover's start, checked free once per space (a space belongs to one board, so the start
    of a model on it is fixed): every destination asked on a board shares the check."""
    start = space._cache.starts.get(model_id)
    if start is None:
        start = space._cache.starts[model_id] = _check_start(space, board, model_id)
    return start


def straight_moves(board: Board, model_id: str, points: ArrayLike, allowance_cm: float, *,
                   ignore: Iterable[str] = (), difficult_ok: bool = False) -> np.ndarray:
    """Which of ``points`` ``model_id`` reaches by a straight slide over open ground, all tested
    at once (R-MOVE, R-TERRAIN-KINDS, RUL-17).

    A point passes when its spot is free and on the table, the straight slide to it is clear
    (touching allowed), no part of the slide is over difficult terrain and its length is at
    most the allowance. These are exactly the moves :func:`plan_move` settles without a path
    search, and for them it gives the same verdict: every point that passes is a legal move
    whose path is the straight slide. A point that fails may still be legal by a detour or
    across difficult ground (ask :func:`plan_move`). A start that already overlaps something
    makes every point fail (:func:`plan_move` refuses such a move).

    With ``difficult_ok`` a slide over difficult terrain passes too (its length is then not
    its cost: only the path is judged, as a planner's first filter of where a detour is needed).

    Parameters
    ----------
    board
        The table.
    model_id
        The mover.
    points
        Destinations, an array-like of shape (N, 2) in cm.
    allowance_cm
        The Movement available, in cm.
    ignore
        Ids of bases that do not block, as in :func:`plan_move`.
    difficult_ok
        Let slides over difficult terrain pass.

    Returns
    -------
    numpy.ndarray
        N booleans.

    Raises
    ------
    GeometryError
        Unknown model id.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board, TerrainPiece
    >>> dune = TerrainPiece("dune", ((20, 0), (30, 0), (30, 60), (20, 60)), movement="difficult")
    >>> board = Board(terrain=(dune,), bases=(Base("a", 10, 10, 30), Base("b", 10, 20, 30)))
    >>> # touching b; overlapping b; open ground; beyond b; touching the dune; over it; off the table
    >>> straight_moves(board, "a", [(10, 17.0), (10, 17.1), (5, 10), (10, 30), (18.5, 10), (18.6, 10), (1.4, 10)], 10)
    array([ True, False,  True, False,  True, False, False])
    >>> straight_moves(board, "a", [(18.6, 10), (25, 10)], 20, difficult_ok=True)
    array([ True,  True])
    """
    return _straight(board, model_id, points, allowance_cm, ignore, open_ground=not difficult_ok)[1]


def straight_measures(board: Board, model_id: str, points: ArrayLike, allowance_cm: float, *,
                      ignore: Iterable[str] = ()) -> tuple[np.ndarray, list[tuple[float, float] | None]]:
    """:func:`straight_moves`, with the ``(path_length_cm, cost_cm)`` of each slide that passes
    (``None`` for the others): the numbers :func:`plan_move` gives for that move, computed the
    same way (a slide's own length and :meth:`segment_costs <landsraad.geometry.movement.space.Space.segment_costs>`),
    element by element, so :func:`straight_plan` may take them instead of measuring again
    (R-MOVE, RUL-17).

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> ok, measures = straight_measures(Board(bases=(Base("a", 10, 10, 30),)), "a", [(10, 18), (10, 30)], 10)
    >>> ok.tolist(), measures
    ([True, False], [(8.0, 8.0), None])
    """
    _, ok, lengths, costs = _straight(board, model_id, points, allowance_cm, ignore, measured=True)
    return ok, _measures(ok, lengths, costs)


def straight_slides(board: Board, model_id: str, points: ArrayLike, allowance_cm: float, *,
                    ignore: Iterable[str] = ()) -> tuple[np.ndarray, list[tuple[float, float] | None]]:
    """:func:`straight_moves` with no length limit and ``difficult_ok`` (which of ``points`` a clear
    straight slide reaches, whatever its length and ground) and :func:`straight_measures` with
    ``allowance_cm`` (the open-ground slides within it, measured), from one pass over the points
    (R-MOVE, RUL-17).

    The same numbers as the two calls, element by element: each point's spot, slide and cost are
    tested on their own (the vectorised tests are row by row), only the filters differ. A player
    that sorts its points by the first verdict gets the second, for :func:`straight_plan`, at no
    further test.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board, TerrainPiece
    >>> dune = TerrainPiece("dune", ((20, 0), (30, 0), (30, 60), (20, 60)), movement="difficult")
    >>> board = Board(terrain=(dune,), bases=(Base("a", 10, 10, 30),))
    >>> clear, measures = straight_slides(board, "a", [(10, 18), (10, 30), (25, 10), (10, 0)], 10)
    >>> clear.tolist(), measures
    ([True, True, True, False], [(8.0, 8.0), None, None, None])
    """
    clear, ok, lengths, costs = _straight(board, model_id, points, allowance_cm, ignore, limited=False, measured=True)
    return clear, _measures(ok, lengths, costs)


def _measures(ok: np.ndarray, lengths: np.ndarray | None, costs: np.ndarray | None) -> list[tuple[float, float] | None]:
    """``(length, cost)`` of each slide ``ok`` passed, ``None`` for the others: the arrays' own
    values as Python floats (``tolist`` converts each element as ``float()`` would, in one call)."""
    assert lengths is not None and costs is not None
    ls, cs = lengths.tolist(), costs.tolist()
    return [(ls[k], cs[k]) if good else None for k, good in enumerate(ok.tolist())]


def _straight(board: Board, model_id: str, points: ArrayLike, allowance_cm: float, ignore: Iterable[str], *,
              limited: bool = True, open_ground: bool = True,
              measured: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray | None, np.ndarray | None]:
    """The straight-slide tests behind :func:`straight_moves`, :func:`straight_measures` and
    :func:`straight_slides`, in one pass: ``(clear, ok, lengths, costs)``.

    ``clear``: the end spot is free and the swept slide clear (only the points within the
    allowance are tested when ``limited``). ``ok``: clear, within the allowance and, with
    ``open_ground``, over no difficult terrain. ``lengths`` and ``costs`` (when ``measured``):
    each ``ok`` slide's own length and its cost, as
    :func:`~landsraad.geometry.movement.graph._poly_measure` computes them (the other elements
    mean nothing).
    """
    caps = _board_capsules(board, model_id, ignore)  # the board's capsules, without its whole space
    terrain = caps.terrain  # the table's edges, the impassable interiors, the difficult ground
    start = board.base(model_id).center
    ends = _with_start(start, points)  # the start and every end, tested in one call
    pts = ends[1:]
    n = len(pts)
    if not n:
        none = np.zeros(n) if measured else None
        return np.zeros(n, dtype=bool), np.zeros(n, dtype=bool), none, none
    # the box of the start and every end, which holds every slide
    xs, ys = ends[:, 0].tolist(), ends[:, 1].tolist()
    box = (min(xs), min(ys), max(xs), max(ys))
    free = caps.points_free(ends, box)
    if not free[0]:  # the mover stands where it may not: no slide
        none = np.zeros(n) if measured else None
        return np.zeros(n, dtype=bool), np.zeros(n, dtype=bool), none, none
    s0 = ends[0:1]  # every slide's start
    sx, sy = start
    length = np.hypot(pts[:, 0] - sx, pts[:, 1] - sy)
    within = length <= float(allowance_cm) + ALLOWANCE_SLACK_CM
    clear = free[1:] & within if limited else free[1:].copy()
    idx = clear.nonzero()[0]
    if len(idx):
        # both ends are free spots, so only the swept capsules are left to test
        clear[idx] = caps.slides_clear(s0, pts[idx])
    ok = clear & within
    idx = ok.nonzero()[0]
    cost = None
    # only slides near difficult terrain cost more than their length: none does when the box
    # meets no difficult piece (each slide's box lies within it)
    if len(idx) and terrain.diff_geom is not None and open_ground and terrain.difficult_in_box(*box):
        cost = terrain.segment_costs(s0.repeat(len(idx), axis=0), pts[idx])
    lengths = costs = None
    if measured:
        # a path's measure as plan_move takes it: the slide's length from its own difference,
        # and its cost (the length again where there is no difficult terrain: segment_costs is
        # that length) (``length``'s elements are that arithmetic already: the same differences
        # from the start)
        lengths = costs = length
        if cost is not None:
            costs = length.copy()
            costs[idx] = cost
    if cost is not None:
        ok[idx[cost > length[idx] + 1e-12]] = False
    return clear, ok, lengths, costs


def _with_start(start: Point, points: ArrayLike) -> np.ndarray:
    """``start`` then ``points`` as one (N + 1, 2) array of floats: from a list of pairs, through
    one flat list (numpy reads a flat list of floats several times faster than a list of pairs)."""
    if isinstance(points, list) and set(map(len, points)) <= {2}:
        return np.array([*start, *itertools.chain.from_iterable(points)], dtype=float).reshape(-1, 2)
    return np.concatenate([np.asarray(start, dtype=float)[None, :], np.asarray(points, dtype=float).reshape(-1, 2)])


def free_spots(board: Board, model_id: str, points: ArrayLike, *, ignore: Iterable[str] = ()) -> np.ndarray:
    """Which of ``points`` ``model_id``'s base could stand at: wholly on the table, overlapping
    no other base and no impassable terrain (touching allowed), all tested at once (R-MOVE, RUL-17).

    The same test as :func:`plan_move`'s for a destination; how to get there is not asked.

    Parameters
    ----------
    board
        The table.
    model_id
        Whose base.
    points
        Centres, an array-like of shape (N, 2) in cm.
    ignore
        Ids of bases that do not count, as in :func:`plan_move`.

    Returns
    -------
    numpy.ndarray
        N booleans, True where the base fits.

    Raises
    ------
    GeometryError
        When ``model_id`` is not on the board.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 10, 10, 30), Base("b", 10, 20, 30)))
    >>> # touching b; overlapping b; half off the table; b's own spot, b lifted
    >>> free_spots(board, "a", [(10, 17), (10, 17.1), (1, 30), (10, 20)])
    array([ True, False, False, False])
    >>> free_spots(board, "a", [(10, 20)], ignore=["b"])
    array([ True])
    """
    space = _space(board, model_id, ignore)
    pts = np.asarray(points, dtype=float).reshape(-1, 2)
    return space.points_free(pts) if len(pts) else np.zeros(0, dtype=bool)


def path_length_bounds(board: Board, model_id: str, points: ArrayLike, *, ignore: Iterable[str] = ()) -> np.ndarray:
    """Lower bounds on the length of any path by which ``model_id``'s base can slide to each of
    ``points``, all at once, without a path search (R-MOVE, RUL-17).

    No clear path is shorter, so :func:`plan_move` never finds one shorter either (its cost is at
    least its length): a point whose bound exceeds the allowance is not a legal move. The bound
    is the straight distance, or more when the straight slide must get round the end of a piece
    of impassable terrain (it crosses an edge's line inside the inflated edge: any path crosses
    that line beyond one end) or round another model's base (the way round that base alone, as
    when disengaging past the enemy in contact). It takes one obstacle at a time and ignores
    difficult ground, so it is only a quick first filter (a planner's, before the costly search).

    Parameters
    ----------
    board
        The table.
    model_id
        The mover.
    points
        Destinations, an array-like of shape (N, 2) in cm.
    ignore
        Ids of bases that do not block, as in :func:`plan_move`.

    Returns
    -------
    numpy.ndarray
        N lengths in cm.

    Raises
    ------
    GeometryError
        Unknown model id.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board, TerrainPiece
    >>> wall = TerrainPiece("wall", ((10, 0), (12, 0), (12, 20), (10, 20)))
    >>> board = Board(terrain=(wall,), bases=(Base("a", 5, 10, 30),))
    >>> [round(float(b), 2) for b in path_length_bounds(board, "a", [(20, 10), (5, 30)])]  # round the wall's end; open
    [27.78, 20.0]
    >>> round(plan_move(board, "a", (20, 10), 30).path_length_cm, 2)
    29.18
    """
    space = _space(board, model_id, ignore)
    pts = np.asarray(points, dtype=float).reshape(-1, 2)
    return _length_bounds(space, board.base(model_id).center, pts)


def straight_plan(board: Board, model_id: str, to: Point, allowance_cm: float, *, ignore: Iterable[str] = (),
                  measure: tuple[float, float] | None = None) -> MoveResult:
    """:func:`plan_move`'s result for a destination :func:`straight_moves` passed, without
    repeating its checks: the path is the straight slide (R-MOVE, RUL-17).

    Only for such a destination (on the same board, allowance and ``ignore``): for any other the
    result says nothing. It is the same result :func:`plan_move` gives, built from the same numbers;
    ``measure`` is the slide's ``(length, cost)`` from :func:`straight_measures`, not measured again.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 10, 10, 30),))
    >>> bool(straight_moves(board, "a", [(10, 18)], 10)[0])
    True
    >>> straight_plan(board, "a", (10, 18), 10) == plan_move(board, "a", (10, 18), 10)
    True
    """
    start = _mover(board, model_id, ignore)[0].center  # the ids checked as _space's, which is not always asked
    to = _check_point(to, "destination")
    allowance = _check_allowance(allowance_cm)
    if start != to and measure is not None:
        # measured already: no space needed (a straight test builds none, and the board is
        # usually left after this move)
        return _result_for_path(model_id, _label(board, model_id), start, to, [start, to], None, allowance, measure=measure)
    space = _space(board, model_id, ignore)
    pts = [start, to] if start != to else [start]
    return _result_for_path(model_id, _label(board, model_id), start, to, pts, space, allowance)


def can_move(board: Board, model_id: str, to: Point, allowance_cm: float, *, ignore: Iterable[str] = ()) -> bool:
    """Whether :func:`plan_move` finds the move legal.

    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 10, 10, 30), Base("b", 13, 10, 30)))
    >>> can_move(board, "a", (10, 20), 10), can_move(board, "a", (10, 20.1), 10)
    (True, False)
    >>> can_move(board, "a", (16, 10), 9), can_move(board, "a", (16, 10), 9.5)   # around b: 3 pi cm
    (False, True)
    >>> can_move(board, "a", (16, 10), 6, ignore=("b",))
    True
    """
    return plan_move(board, model_id, to, allowance_cm, ignore=ignore).legal


def path_cost(board: Board, model_id: str, path: Sequence[Point], *, ignore: Iterable[str] = ()) -> tuple[float, float]:
    """(length, cost) in cm of a given centre path for ``model_id``'s base: the cost counts
    stretches over difficult terrain double (RUL-17; touching a difficult piece is not being
    over it). Exact; does not check that the path is clear (see :func:`path_is_clear`).

    >>> from landsraad.geometry.board import Base, Board, TerrainPiece
    >>> dune = TerrainPiece("dune", ((20, 0), (30, 0), (30, 60), (20, 60)), movement="difficult")
    >>> board = Board(terrain=(dune,), bases=(Base("a", 10, 30, 30),))
    >>> [round(x, 9) for x in path_cost(board, "a", [(10, 30), (18.5, 30)])]  # edge touching the dune: not over
    [8.5, 8.5]
    >>> [round(x, 9) for x in path_cost(board, "a", [(10, 30), (19.5, 30)])]  # 1 cm over it
    [9.5, 10.5]
    """
    space = _space(board, model_id, ignore)
    pts = [_check_point(p, "path point") for p in path]
    return _poly_measure(space, pts)


def path_is_clear(board: Board, model_id: str, path: Sequence[Point], *, ignore: Iterable[str] = ()) -> bool:
    """Whether ``model_id``'s base can slide along ``path`` (centre polyline) without
    overlapping an obstacle or leaving the table (R-MOVE, RUL-17; touching allowed).

    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 10, 10, 30), Base("b", 20, 13, 30)))
    >>> path_is_clear(board, "a", [(10, 10), (30, 10)])     # grazes b at 3 cm centre distance
    True
    >>> path_is_clear(board, "a", [(10, 10), (30, 10.01)])
    False
    """
    space = _space(board, model_id, ignore)
    pts = [_check_point(p, "path point") for p in path]
    return _poly_clear(space, pts)
