"""The public questions: cover, line of sight, the models in sight, the nearest-target rule (RUL-08)."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable, Iterable

from ...errors import GeometryError
from ...i18n import message
from ..board import Board
from ..measure import TIE_TOLERANCE_CM, edge_distance
from .analysis import _analyse, _cover_class, _sees
from .result import CoverClass, CoverResult

# --- public API -------------------------------------------------------------------------------


def cover(board: Board, shooter_id: str, target_id: str, *, models_block: bool = True) -> CoverResult:
    """How much of ``target_id``'s silhouette ``shooter_id`` cannot see, and the cover class.

    R-LOS, R-COVER, RUL-11; method and error bound in the module notes. Touching an obstacle's
    edge does not hide (a sight line may graze a corner); exactly half hidden is large cover.

    Examples
    --------
    A wall 2 cm high touching the front of the target's base, the shooter's eye 4 cm high
    and 20 cm away: the lines over the wall from the nearest eye point clear it at
    z = (2 * 18.5 - 4 * 1.5) / (18.5 - 1.5) = 1.8235 cm, so 1.8235 / 4 = 0.456 is hidden.

    >>> from landsraad.geometry.board import Base, Board, TerrainPiece
    >>> s, t = Base("s", 10, 30, 30, 4.0), Base("t", 30, 30, 30, 4.0)
    >>> wall = TerrainPiece("wall", ((28.0, 20), (28.5, 20), (28.5, 40), (28.0, 40)), height_cm=2)
    >>> r = cover(Board(bases=(s, t), terrain=(wall,)), "s", "t")
    >>> r.cover, round(r.hidden_fraction, 3), r.error_bound < 0.01, r.borderline
    ('small', 0.456, True, False)
    >>> r.hidden_lower <= 31 / 68 <= r.hidden_upper
    True
    """
    return _cover_cached(board, shooter_id, target_id, models_block)


@lru_cache(maxsize=256)
def _cover_cached(board: Board, shooter_id: str, target_id: str, models_block: bool) -> CoverResult:
    """:func:`cover` once per board object and question (boards are immutable): a shot asks its
    target's cover when it is aimed and again when it is resolved, on the same table, and the
    analyses' own cache is found only after the obstacles near the line are gathered again."""
    return _analyse(board, shooter_id, target_id, models_block)


@lru_cache(maxsize=256)
def cover_class(board: Board, shooter_id: str, target_id: str, *, models_block: bool = True) -> CoverClass:
    """``cover(board, shooter_id, target_id, models_block=models_block).cover``: the class alone
    (R-COVER, RUL-11), from a quick answer on the table when one settles it (every part of the
    silhouette seen from one eye point, or one obstacle across every sight line), else from the
    analysis, refined only until its bounds settle the class.

    Kept per board object and question, as :func:`cover` (a shot asks its target's cover when it
    is aimed and again when it is resolved).

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board, TerrainPiece
    >>> s, t = Base("s", 10, 30, 30, 4.0), Base("t", 30, 30, 30, 4.0)
    >>> low = TerrainPiece("low", ((19, 20), (20, 20), (20, 40), (19, 40)), height_cm=0.5)
    >>> cover_class(Board(bases=(s, t), terrain=(low,)), "s", "t")    # its shadow ends at the foot
    'none'
    >>> wall = TerrainPiece("wall", ((28.0, 20), (28.5, 20), (28.5, 40), (28.0, 40)), height_cm=2)
    >>> cover_class(Board(bases=(s, t), terrain=(wall,)), "s", "t")
    'small'
    """
    return _cover_class(board, shooter_id, target_id, models_block)


def line_of_sight(board: Board, viewer_id: str, target_id: str, *, models_block: bool = True) -> bool:
    """Whether ``viewer_id`` can see some part of ``target_id`` (R-LOS; RUL-11: not all hidden).

    Line of sight needs a visible part of the silhouette with some area: a target seen only
    along lines that graze an obstacle's edge (a model exactly as wide and as tall as the one
    screening it, in line) is not seen.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> a, b, c = Base("a", 10, 30, 30), Base("b", 20, 30, 25), Base("c", 30, 30, 30)
    >>> line_of_sight(Board(bases=(a, b, c)), "a", "c")      # b's 25 mm base is narrower
    True
    >>> same = Base("b", 20, 30, 30)                         # as wide and as tall: only grazing lines
    >>> line_of_sight(Board(bases=(a, same, c)), "a", "c")
    False
    >>> big = Base("b", 20, 30, 50, 10.0)
    >>> line_of_sight(Board(bases=(a, big, c)), "a", "c")   # a 50 mm, 10 cm tall model between
    False
    >>> line_of_sight(Board(bases=(a, big, c)), "a", "c", models_block=False)
    True
    """
    return _sees(board, viewer_id, target_id, models_block)


def visible_models(board: Board, viewer_id: str, *, models_block: bool = True) -> tuple[str, ...]:
    """Ids of the models ``viewer_id`` has line of sight to, in board order.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board, TerrainPiece
    >>> rock = TerrainPiece("rock", ((18, 20), (22, 20), (22, 40), (18, 40)), height_cm=8)
    >>> board = Board(bases=(Base("a", 10, 30, 30), Base("b", 30, 30, 30), Base("c", 10, 10, 30)),
    ...               terrain=(rock,))
    >>> visible_models(board, "a")
    ('c',)
    """
    viewer = board.base(viewer_id)
    out = []
    for b in board.bases:
        if b.id == viewer_id:
            continue
        if math.hypot(b.x - viewer.x, b.y - viewer.y) <= viewer.radius + 1e-9:
            continue  # overlapping bases: undefined, never "seen"
        if line_of_sight(board, viewer_id, b.id, models_block=models_block):
            out.append(b.id)
    return tuple(out)


def nearest_in_sight(board: Board, shooter_id: str, candidate_ids: Iterable[str], *, models_block: bool = True,
                     eligible: Callable[[str], bool] | None = None) -> tuple[str, ...]:
    """The nearest candidates the shooter has line of sight to (RUL-08; ties within 0.05 cm all returned).

    The nearest-target rule's one implementation: candidates are taken nearest first (edge to
    edge, R-MEASURE) and sight is asked only as far as needed; the answer keeps the
    candidates' order. Sight answers are cached per (board, viewer, target), boards being
    immutable, so a caller asking again for the shot itself pays nothing.

    ``eligible``, when given, is asked of a candidate only when it is reached, nearest first,
    and one it refuses is passed over: the answer is the one for the eligible candidates alone
    (the caller's rules, e.g. a laser skips shielded models), without asking them of candidates
    farther than the nearest one in sight.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board, TerrainPiece
    >>> rock = TerrainPiece("rock", ((18, 20), (22, 20), (22, 40), (18, 40)), height_cm=8)
    >>> board = Board(bases=(Base("s", 10, 30, 30), Base("near", 30, 30, 30), Base("far", 10, 50, 30)),
    ...               terrain=(rock,))
    >>> nearest_in_sight(board, "s", ["near", "far"])    # "near" is behind the rock
    ('far',)
    """
    shooter = board.base(shooter_id)
    candidates = [c for c in candidate_ids if c != shooter_id]
    dists = {c: edge_distance(shooter, board.base(c)) for c in candidates}
    # nearest first: sight is the costly question, and only the nearest seen ones matter
    best: float | None = None
    seen: set[str] = set()
    for c in sorted(candidates, key=lambda c: dists[c]):
        if best is not None and dists[c] > best + TIE_TOLERANCE_CM + 1e-9:
            break
        if (eligible is None or eligible(c)) and _sight_cached(board, shooter_id, c, models_block):
            seen.add(c)
            if best is None:
                best = dists[c]
    return tuple(c for c in candidates if c in seen)


@lru_cache(maxsize=4096)
def _sight_cached(board: Board, viewer_id: str, target_id: str, models_block: bool) -> bool:
    return line_of_sight(board, viewer_id, target_id, models_block=models_block)


def enemies_of(board: Board, model_id: str) -> tuple[str, ...]:
    """Ids of the models of another side than ``model_id``'s, in board order.

    Models without a side are nobody's enemies.

    Raises
    ------
    GeometryError
        When ``model_id`` has no side.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 5, 5, 30, side="red"), Base("b", 15, 5, 30, side="red"),
    ...                      Base("c", 25, 5, 30, side="blue"), Base("d", 35, 5, 30)))
    >>> enemies_of(board, "a")
    ('c',)
    """
    me = board.base(model_id)
    if me.side is None:
        raise GeometryError(message("Model {model} has no side, so it has no enemies; give it a side in the scene.", model=repr(model_id)))
    return tuple(b.id for b in board.bases if b.side is not None and b.side != me.side)


def nearest_targets(board: Board, shooter_id: str, candidate_ids: Iterable[str] | None = None, *,
                    models_block: bool = True) -> tuple[str, ...]:
    """The models ``shooter_id`` must choose its target from under the nearest-target rule (RUL-08).

    The nearest enemies (by default every model of another side, :func:`enemies_of`) the
    shooter has line of sight to, ties within 0.05 cm all returned, in board order; empty when
    no enemy is in sight. The same answer as :func:`nearest_in_sight` on those candidates.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("s", 10, 30, 30, side="red"), Base("e1", 23, 30, 30, side="blue"),
    ...                      Base("e2", 10, 63 - 20, 30, side="blue"), Base("f", 10, 20, 30, side="red")))
    >>> nearest_targets(board, "s")        # e1 is 10 cm away edge to edge, e2 10 cm too: a tie
    ('e1', 'e2')
    """
    if candidate_ids is None:
        candidate_ids = enemies_of(board, shooter_id)
    return nearest_in_sight(board, shooter_id, candidate_ids, models_block=models_block)
