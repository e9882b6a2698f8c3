"""The engine's geometric questions, answered by :mod:`landsraad.geometry` on the state's board.

Kept in one place so the activation code reads as rules, not as geometry.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache
from typing import Callable, Iterable

import numpy as np

from ..geometry.board import Board, TerrainPiece
from ..geometry.measure import edge_distance as _edge
from ..geometry.movement import MoveResult, path_length_bounds, straight_measures, straight_plan
from ..geometry.movement import plan_move as _plan
from ..geometry.movement.voluntary import straight_slides as _straight_slides
from ..geometry.sight import cover_class as sight_cover_class
from ..geometry.sight import nearest_in_sight
from .bridge import has_hook
from .state import GameState

__all__ = [
    "contact_enemies",
    "contact_friends",
    "in_contact",
    "edge_distance",
    "plan_move",
    "beyond_allowance",
    "move_candidates",
    "straight_slides",
    "cover_class",
    "nearest_targets",
]


def edge_distance(state: GameState, a: str, b: str) -> float:
    """Base edge to base edge (R-MEASURE)."""
    board = state.board
    return _edge(board.base(a), board.base(b))


def in_contact(state: GameState, a: str, b: str) -> bool:
    """Whether two bases touch, within the ruleset's tolerance (RUL-07)."""
    return edge_distance(state, a, b) <= state.ruleset.contact_tolerance_cm + 1e-9


def contact_enemies(state: GameState, model_id: str) -> tuple[str, ...]:
    """Enemies in base contact that can still fight (R-MELEE).

    Asked by the menu, the free-move and disengage tests and the missions on the same state:
    answered once per state (:meth:`GameState.memo`)."""
    return state.memo(("contact_enemies", model_id), lambda: _contact_enemies(state, model_id))


def _contact_enemies(state: GameState, model_id: str) -> tuple[str, ...]:
    board = state.board
    me = board.base(model_id)
    reach = state.ruleset.contact_tolerance_cm + 1e-9
    return tuple(e.id for e in state.enemies_of(model_id) if _edge(me, board.base(e.id)) <= reach)


def contact_friends(state: GameState, model_id: str) -> tuple[str, ...]:
    """Friendly models on the table in base contact (healing, RUL-12)."""
    m = state.model(model_id)
    return tuple(f.id for f in state.models if f.side == m.side and f.id != model_id and not f.removed and in_contact(state, model_id, f.id))


def plan_move(state: GameState, model_id: str, to: tuple[float, float], allowance_cm: float, *, board: Board | None = None) -> MoveResult:
    """The geometry's verdict on a move (R-MOVE, RUL-17).

    Boards are immutable and hashable, so verdicts are cached: a decision's check and the move
    that follows ask the same question.
    """
    board = _move_board(state, model_id, board or state.board)
    return _plan_cached(board, model_id, (float(to[0]), float(to[1])), float(allowance_cm))


BOUND_SLACK_CM = 1e-6
"""How far over the allowance a path's lower bound may be and the point still be searched: the
bound and the path's length are sums of square roots rounded differently, and the path is legal
up to :data:`~landsraad.geometry.movement.ALLOWANCE_SLACK_CM` over (far below this)."""


def beyond_allowance(state: GameState, model_id: str, points: Iterable[tuple[float, float]], allowance_cm: float) -> np.ndarray:
    """Which of ``points`` no move of ``allowance_cm`` reaches, by the geometry's lower bound on any
    path's length (round the ends of walls), without a path search (R-MOVE, RUL-17).

    A point flagged is one :func:`plan_move` refuses; one not flagged may still be refused.

    Parameters
    ----------
    state
        The game.
    model_id
        The mover.
    points
        Destinations in cm.
    allowance_cm
        The move's allowance.

    Returns
    -------
    numpy.ndarray
        One bool per point: True when its path must be longer than the allowance.
    """
    board = _move_board(state, model_id, state.board)  # plan_move's board: the same cached space
    longer: np.ndarray = path_length_bounds(board, model_id, list(points)) > allowance_cm + BOUND_SLACK_CM
    return longer


def _move_board(state: GameState, model_id: str, board: Board) -> Board:
    """The board as ``model_id`` moves over it."""
    if has_hook(state, model_id, "difficult_terrain_free", action="move"):
        return _without_difficult(board)  # e.g. Fremen sandwalk: difficult ground does not slow it
    return board


@lru_cache(maxsize=256)
def _without_difficult(board: Board) -> Board:
    """The board with difficult terrain counted as open, for a model that is not slowed by it."""
    return board.with_terrain(_opened_terrain(board.terrain))


@lru_cache(maxsize=64)
def _opened_terrain(terrain: tuple[TerrainPiece, ...]) -> tuple[TerrainPiece, ...]:
    """``terrain`` with its difficult pieces opened: one tuple per layout, which every opened board
    of a game shares, so the geometry's caches keyed on the terrain find it by identity (a tuple
    per board made them hash and compare every piece at each new board)."""
    return tuple(_opened(t) if t.movement == "difficult" else t for t in terrain)


@lru_cache(maxsize=256)
def _opened(piece: TerrainPiece) -> TerrainPiece:
    """A difficult piece as open ground (one object per piece, so its shapes are built once)."""
    return replace(piece, movement="open")


@lru_cache(maxsize=256)
def _plan_cached(board: Board, model_id: str, to: tuple[float, float], allowance_cm: float) -> MoveResult:
    measure = _STRAIGHT.get((board, model_id, allowance_cm), _NO_SLIDES).get(to)
    if measure is not None:
        # a suggestion the vectorised test passed: plan_move's result without its checks, nor
        # its measure, again
        return straight_plan(board, model_id, to, allowance_cm, measure=measure)
    return _plan(board, model_id, to, allowance_cm)


_STRAIGHT: dict[tuple[Board, str, float], dict[tuple[float, float], tuple[float, float]]] = {}
"""Per board, mover and allowance, the moves :func:`move_candidates` found to be straight slides
over open ground, and their ``(length, cost)`` as
:func:`~landsraad.geometry.movement.straight_measures` gives them (bounded): one look-up of the
board's key per call, not one per point."""
_STRAIGHT_SIZE = 64
"""How many (board, mover, allowance) keys :data:`_STRAIGHT` holds before it starts again.

Both this and :func:`_plan_cached`'s 256 entries are small on purpose: a plan is asked again on the
board its suggestions were made for, soon after (32 random and 8 heuristic games hit exactly as often
with these sizes as with 4,096 and 1,024), and every entry kept is objects the garbage collector walks
and counts towards its next collection (docs/performance.md, "Twelfth pass")."""
_NO_SLIDES: dict[tuple[float, float], tuple[float, float]] = {}
"""What :func:`_plan_cached` reads for a key :data:`_STRAIGHT` does not hold (never written)."""


def move_candidates(state: GameState, model_id: str, allowance_cm: float, *, towards: Iterable[tuple[float, float]] = (),
                    limit: int = 16) -> tuple[tuple[float, float], ...]:
    """A few legal destinations: base contact with each point in ``towards`` (enemies, markers)
    when reachable, else as close as the allowance goes, plus eight directions at full allowance.

    Only straight slides over open ground are suggested (a detour needs the costly path search),
    and all of them are tested in one vectorised call of the geometry
    (:func:`~landsraad.geometry.movement.straight_moves`), whose verdict on such a move is
    :func:`plan_move`'s: every point returned is legal, and only the move a player chooses is
    planned (R-MOVE, RUL-17).
    """
    board = state.board
    m = board.base(model_id)
    order = _suggested_points(m.x, m.y, allowance_cm, towards)
    moving = _move_board(state, model_id, board)
    allowance = float(allowance_cm)
    _, measures = straight_measures(moving, model_id, order, allowance)
    passed = [(p, measure) for p, measure in zip(order, measures) if measure is not None][:limit]
    _keep_straight(moving, model_id, passed, allowance)  # (rounded floats: round of a float is a float)
    return tuple(p for p, _ in passed)


def _suggested_points(mx: float, my: float, allowance_cm: float, towards: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    """The points :func:`move_candidates` tests, from ``(mx, my)``, in order and without repeats:
    towards each point of ``towards`` the full allowance, three quarters and half of it (never past
    the point), then the eight directions at full allowance, each rounded to the hundredth of a cm
    and pulled back within reach when rounding carried it beyond."""
    points: dict[tuple[float, float], None] = {}  # rounded, in order, without repeats (a key set again keeps its place)
    # rounding moves a point by at most 0.005 * sqrt(2) cm: a step this far short of the
    # allowance stays within it, and needs no check of its reach
    sure = allowance_cm - _ROUNDING_MARGIN_CM
    for tx, ty in towards:
        dx, dy = tx - mx, ty - my
        d = math.hypot(dx, dy)
        if d < 1e-9:
            continue
        ux, uy = dx / d, dy / d  # ``dx / d * step`` is ``(dx / d) * step``: the same quotient for every step
        last = None
        for frac in (1.0, 0.75, 0.5):
            step = allowance_cm * frac
            if d < step:  # min(step, d), without the call
                step = d
            if step == last:
                continue  # the same step gives the same point, already in its place (a target nearer than the allowance)
            last = step
            p = _cents(mx + ux * step), _cents(my + uy * step)
            points[_within_reach(p, mx, my, allowance_cm) if step > sure else p] = None
    for cos, sin in _DIRECTIONS:
        points[_within_reach((_cents(mx + cos * allowance_cm), _cents(my + sin * allowance_cm)), mx, my, allowance_cm)] = None
    return list(points)


_ROUNDING_MARGIN_CM = 0.02
"""How far short of the allowance a suggestion of :func:`move_candidates` must be for its rounding
(at most 0.0071 cm) to keep it within reach, float error of its own computation included."""


def _within_reach(p: tuple[float, float], mx: float, my: float, allowance_cm: float) -> tuple[float, float]:
    """A rounded suggestion ``p`` of :func:`move_candidates`, pulled back within ``allowance_cm``
    of ``(mx, my)`` (and rounded again) when rounding carried it beyond."""
    px, py = p
    reach = math.hypot(px - mx, py - my)
    if reach <= allowance_cm:
        return p
    if allowance_cm <= 0.01:  # no room to pull back into: the start is the one point within reach
        return (mx, my)
    k = (allowance_cm - 0.01) / reach
    return _cents(mx + (px - mx) * k), _cents(my + (py - my) * k)


def _cents(x: float) -> float:
    """``round(x, 2)``, the same float, without its decimal string when ``x`` is not near a tie.

    ``round`` gives the float nearest to ``k / 100``, ``k`` the integer nearest to the exact
    ``100 x`` (ties to even), through a decimal string (most of :func:`move_candidates`' own
    cost). ``y = 100 x`` is within half an ulp of the exact product (under 1e-7 while
    ``|y| < 1e9``), so where its fraction is further than that from one half (here about 1e-6),
    ``k`` follows from ``y``, and ``k / 100`` (an integer, exactly a float below 2**53, divided
    with one rounding, as Python divides integers) is that nearest float. Near a tie, far off or
    at zero (whose sign ``round`` keeps) ``round`` itself answers. Floats throughout (``y // 1.0``
    is ``floor(y)``, exactly): a move's suggestions round some forty of them.
    """
    y = x * 100.0
    if -1e9 < y < 1e9:
        k = y // 1.0
        f = y - k  # exact (or, for y just below 0, within 2**-53 of it)
        if f < 0.499999 or f > 0.500001:
            r = (k + 1.0 if f > 0.5 else k) / 100.0
            if r != 0.0:
                return r
    return round(x, 2)


def _keep_straight(moving: Board, model_id: str, measured: Iterable[tuple[tuple[float, float], tuple[float, float] | None]],
                   allowance: float) -> None:
    """Registers the measured straight slides (``None``: not one; points as pairs of floats, as
    :func:`plan_move` asks) for :func:`_plan_cached` (bounded)."""
    if len(_STRAIGHT) >= _STRAIGHT_SIZE:
        _STRAIGHT.clear()
    kept = _STRAIGHT.setdefault((moving, model_id, allowance), {})
    kept.update((p, measure) for p, measure in measured if measure is not None)


def straight_slides(state: GameState, model_id: str, points: Iterable[tuple[float, float]], allowance_cm: float | None) -> np.ndarray:
    """Which of ``points`` a clear straight slide reaches, whatever its length and ground
    (:func:`~landsraad.geometry.movement.straight_moves` with no limit and ``difficult_ok``), for a
    player sorting the points it will check (R-MOVE, RUL-17).

    With an allowance, the slides among them that are legal moves over open ground are kept, with
    their measures, for :func:`plan_move` as :func:`move_candidates` keeps its own (the same
    numbers, from one pass: :func:`~landsraad.geometry.movement.voluntary.straight_slides`): a
    player checking one of them gets plan_move's result without its tests again.

    The test runs on the board as the model moves over it (:func:`plan_move`'s): difficult ground
    made open for a model it does not slow changes no verdict here (spots and slides read only
    impassable terrain and bases), only the measures, which are plan_move's own.
    """
    moving = _move_board(state, model_id, state.board)
    order = [(float(p[0]), float(p[1])) for p in points]
    if allowance_cm is None:  # no move to keep: an allowance no slide is within
        return _straight_slides(moving, model_id, order, -math.inf)[0]
    allowance = float(allowance_cm)
    clear, measures = _straight_slides(moving, model_id, order, allowance)
    _keep_straight(moving, model_id, zip(order, measures), allowance)
    return clear


_DIRECTIONS = tuple((math.cos(k * math.pi / 4), math.sin(k * math.pi / 4)) for k in range(8))
"""The eight directions :func:`move_candidates` tries at full allowance (cosine, sine)."""


def cover_class(state: GameState, shooter: str, target: str) -> str:
    """``none``, ``small``, ``large`` or ``no_line_of_sight`` (R-COVER, RUL-11)."""
    return sight_cover_class(state.board, shooter, target, models_block=state.ruleset.models_block_sight)


def nearest_targets(state: GameState, shooter: str, candidates: Iterable[str],
                    eligible: Callable[[str], bool] | None = None) -> tuple[str, ...]:
    """The nearest candidates in sight (RUL-08) among those ``eligible`` accepts, asked nearest first; ties
    all returned: the geometry's one implementation, :func:`landsraad.geometry.sight.nearest_in_sight`,
    on the state's board and ruleset."""
    return nearest_in_sight(state.board, shooter, candidates, models_block=state.ruleset.models_block_sight, eligible=eligible)


def nearest_targets_from(state: GameState, shooter: str, point: tuple[float, float], candidates: Iterable[str],
                         eligible: Callable[[str], bool] | None = None) -> tuple[str, ...]:
    """:func:`nearest_targets` with the shooter's base standing at ``point`` (RUL-08): the answer on
    ``state.update_model(shooter, x=..., y=...)``, asked of the board with that one base moved, no
    state copied (a free move's suggestions ask it of a dozen points, PRJ-100)."""
    board = state.board
    return nearest_in_sight(board.with_base(board.base(shooter).at(point)), shooter, candidates,
                            models_block=state.ruleset.models_block_sight, eligible=eligible)
