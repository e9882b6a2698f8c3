"""From a solved problem to a :class:`CoverResult`: the hidden fraction, its bound, the sight line, what
casts the shadow; cached on the bases and the obstacles near the line."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

import numpy as np

from ...errors import GeometryError
from ...i18n import message, numeral
from ..board import Base, Board, Point, cached_property
from .columns import SightFrame
from .obstacles import SightObstacle, TerrainPart, _terrain_part, elevation, standing_on
from .quick import _SEEN_COLUMN_SHARE, Footprint, _clear_view, _seen_column, _seen_run, _shapes, _walled_off
from .result import _FLAT_SILHOUETTE_CM, _ZERO, CoverClass, CoverResult, classify
from .solver import (
    _CLASS_SLACK,
    SightProblem,
    _estimate,
    _first_heights,
    _first_lower,
    _first_points,
    _hidden_at_first,
    _relevant,
    _seen_share_settles,
    _seen_throughout,
    _solve,
    _solve_class,
    _solve_sight,
    _start,
)

_T = TypeVar("_T")

_SEEN_FIRST = 0.9  # a first estimate this low is certain sight (see _sees)


@dataclass(frozen=True)
class _Pair:
    """One shooter/target question, set up: the frame, the silhouette and the obstacles near the line."""

    shooter: Base
    target: Base
    models_block: bool
    frame: SightFrame
    height: float  # the silhouette's height
    floor: float  # the silhouette's foot above the table
    eye_z: float
    obstacles: tuple[SightObstacle, ...]

    @property
    def dist(self) -> float:
        """Centre to centre."""
        return self.frame.dist

    @property
    def rt(self) -> float:
        """The silhouette's half width."""
        return self.target.radius

    def arc(self) -> float:
        """Half the angle of the rim arc whose eye points matter (the module notes' fact 2)."""
        if self.floor + self.target.height_cm <= self.eye_z:
            # the union of the arcs facing the silhouette's two ends (see the module notes)
            dp = math.hypot(self.rt, self.dist)
            return min(math.pi, math.atan2(self.rt, self.dist) + math.acos(min(1.0, self.shooter.radius / dp)))
        return math.pi

    @cached_property
    def shapes(self) -> list[Footprint]:
        """The obstacles as the quick answers' convex footprints (:func:`_shapes`), built once for
        the pair: line of sight and the cover class both try them (read only)."""
        return _shapes(self.obstacles, self.frame)

    def problem(self, arc: float) -> SightProblem:
        return SightProblem(self.obstacles, self.frame, self.shooter, self.rt, self.height, arc, self.eye_z, self.floor)

    def key(self) -> tuple[Any, ...]:
        """The answer is a function of the two bases and the obstacles near the line between them
        (with the terrain they stand on): a move elsewhere on the table leaves it unchanged."""
        return (self.shooter, self.target, self.models_block,
                tuple((o.id, o.circle, o.height) if o.kind == "model" else o.id for o in self.obstacles))


@lru_cache(maxsize=512)
def _pair(board: Board, shooter_id: str, target_id: str, models_block: bool) -> _Pair:
    """The question set up, once per board and question (boards are immutable): a shot's
    target is asked for sight when the targets are sorted, then for its cover, on the same table."""
    if shooter_id == target_id:
        raise GeometryError(message("A model cannot be its own target; got {model} twice.", model=repr(shooter_id)))
    shooter, target = board.base(shooter_id), board.base(target_id)
    dx, dy = target.x - shooter.x, target.y - shooter.y
    dist = math.hypot(dx, dy)
    if dist <= shooter.radius + 1e-9:
        raise GeometryError(
            message("The bases of {shooter} and {target} overlap (centres {dist} cm apart); sight between them is undefined.",
                    shooter=repr(shooter_id), target=repr(target_id), dist=numeral(dist, ".2f"))
        )
    frame = SightFrame(target.x, target.y, dx / dist, dy / dist, dist)
    return _Pair(shooter, target, models_block, frame, max(target.height_cm, _FLAT_SILHOUETTE_CM),
                 elevation(board, target), elevation(board, shooter) + shooter.height_cm,
                 tuple(_relevant(board, shooter, target, models_block, frame)))


def _analyse(board: Board, shooter_id: str, target_id: str, models_block: bool) -> CoverResult:
    pair = _pair(board, shooter_id, target_id, models_block)
    return _cached(board, pair)


def _cached(board: Board, pair: _Pair) -> CoverResult:
    """The pair's result from the cache of analyses, or solved."""
    terrain = _terrain_part(board.terrain)
    key = pair.key()
    hit = terrain.analyses.get(key)
    if hit is None:
        hit = _keep(terrain.analyses, key, _analyse_near(board, pair))
    return hit


def _sees(board: Board, shooter_id: str, target_id: str, models_block: bool) -> bool:
    """:func:`~landsraad.geometry.sight.line_of_sight`'s answer (R-LOS, RUL-11).

    Nothing near the line: seen. Else a first estimate from actual eye points (the first round
    of the refinement, the first columns' hidden heights from the first rim points, no bounds):
    when it hides at most 0.9 of the silhouette, some columns are seen over a tenth of the
    height from real eye points, so the silhouette is seen. Only otherwise the full analysis
    decides, going on from that first round, unless a first column is seen so far down from a
    first rim point that no refinement's estimate can reach 1 (:func:`_seen_throughout`: the
    analysis' answer, without it), or the pair's cover class is known (:func:`_cover_class`:
    line of sight is any class but ``no_line_of_sight``). Before the first estimate,
    :func:`_clear_view` tries to show on the table alone that it would be at most 1/2 (most
    questions of a game), and :func:`_walled_off` that one obstacle hides everything from every
    eye point (then both the first estimate and the analysis hide all); after them
    :func:`_seen_column` that one first column is seen over a tenth of its height from one
    first rim point (then the first estimate is at most 0.9 or :func:`_seen_throughout` holds:
    :func:`_seen_share_settles`).
    """
    pair = _pair(board, shooter_id, target_id, models_block)
    if not pair.obstacles:
        return True
    arc = pair.arc()
    shapes = pair.shapes
    if _clear_view(shapes, pair.frame, pair.shooter.radius, pair.rt, pair.height, pair.floor, pair.eye_z, arc):
        return True
    if _walled_off(shapes, pair.frame, pair.shooter.radius, pair.rt, pair.height, pair.floor, pair.eye_z):
        return False
    if _seen_share_settles(pair.rt, _SEEN_COLUMN_SHARE) and _seen_column(
            shapes, pair.frame, pair.shooter.radius, pair.rt, pair.height, pair.floor, pair.eye_z, *_first_points(arc, pair.rt)):
        return True
    problem = pair.problem(arc)
    up = _first_heights(problem)
    est = _estimate(problem, up)
    if est <= _SEEN_FIRST or _seen_throughout(problem, up):
        return True
    terrain = _terrain_part(board.terrain)
    key = pair.key()
    cls = terrain.classes.get(key)
    if cls is not None:
        return cls != "no_line_of_sight"
    if _hidden_at_first(problem, est):
        _keep(terrain.classes, key, "no_line_of_sight")
        return False
    hit = terrain.analyses.get(key)
    return hit.line_of_sight if hit is not None else _solve_sight(problem)


def _cover_class(board: Board, shooter_id: str, target_id: str, models_block: bool) -> CoverClass:
    """The analysis' cover class (``_analyse(...).cover``, R-COVER, RUL-11): a quick answer's
    (:func:`_quick_class`), a cached analysis' own, else refined only until the bounds settle it
    (:func:`~.solver._solve_class`), kept per pair like the analyses."""
    pair = _pair(board, shooter_id, target_id, models_block)
    if not pair.obstacles:
        return "none"  # the analysis' answer with nothing near the line
    quick = _quick_class(pair)
    if quick is not None:
        return quick
    terrain = _terrain_part(board.terrain)
    key = pair.key()
    hit = terrain.analyses.get(key)
    if hit is not None:
        return hit.cover
    cls = terrain.classes.get(key)
    if cls is None:
        problem = pair.problem(pair.arc())
        return _keep(terrain.classes, key, _class_at_first(pair, problem) or _solve_class(problem))
    return cls


def _class_at_first(pair: _Pair, problem: SightProblem) -> CoverClass | None:
    """The cover class (R-COVER, RUL-11) from the first round's lower bound (:func:`_first_lower`) and
    a run of first columns seen whole from one first rim point (:func:`_seen_run`), when they settle
    it, else None; ``problem`` is left started for the refinement to go on from.

    Why: the rim point stays among every round's, so every column between the run's ends, of any
    round, has the foot for its height (rounding aside): the strips there add nothing to a later
    estimate, the others at most their width, so every later estimate is at most ``1 - width / (2
    rt)``; and at least ``lo`` (:func:`_settled_class`). The class holds when that range lies
    inside it (:func:`_class_bounds`), without the strip upper bounds' shadow corners and
    circumscribed polygons.
    """
    _start(problem)
    lo = _first_lower(problem)
    # the class the lower bound allows, the upper bound it needs, and the run that makes it (a hair
    # wider, for rounding)
    cls: CoverClass
    if lo >= 0.5 + _CLASS_SLACK:
        cls, hi = "large", 1.0 - _ZERO - _CLASS_SLACK
    elif lo > _ZERO + _CLASS_SLACK:
        cls, hi = "small", 0.5 - _CLASS_SLACK
    else:
        return None
    need = (1.0 - hi + 1e-9) * 2 * pair.rt
    seen = ((problem.gq - problem.floor).max(axis=1) <= 0.0).tolist()  # (Q, C): first columns seen whole
    if _seen_run(pair.shapes, pair.frame, pair.shooter.radius, pair.floor, pair.eye_z, problem.psi.tolist(),
                 problem.cols.tolist(), seen, need):
        return cls
    return None


def _keep(cache: dict[tuple[Any, ...], _T], key: tuple[Any, ...], answer: _T) -> _T:
    """Keep the answer for the pair ``key`` (:meth:`_Pair.key`) in one of the terrain's caches
    (``analyses`` or ``classes``), emptied when full."""
    if len(cache) >= TerrainPart.ANALYSIS_CACHE:
        cache.clear()
    cache[key] = answer
    return answer


def _quick_class(pair: _Pair) -> CoverClass | None:
    """The cover class of ``pair`` (:func:`_pair`) when a quick answer settles it, else ``None``
    (R-COVER, RUL-11): ``none`` when one first rim point sees every first column whole
    (:func:`_clear_view` with share 0: the analysis' hidden fraction is then 0, module notes of
    ``quick``), ``no_line_of_sight`` when one obstacle walls the sight lines off
    (:func:`_walled_off`: it is then 1). Nothing near the line is left to the analysis, which
    answers that at once (:func:`_cover_class` asks only with some)."""
    shapes = pair.shapes
    rs, rt, frame = pair.shooter.radius, pair.rt, pair.frame
    if _clear_view(shapes, frame, rs, rt, pair.height, pair.floor, pair.eye_z, pair.arc(), share=0.0):
        return "none"
    if _walled_off(shapes, frame, rs, rt, pair.height, pair.floor, pair.eye_z):
        return "no_line_of_sight"
    return None


def _analyse_near(board: Board, pair: _Pair) -> CoverResult:
    shooter, target, frame, rt, height, dist = pair.shooter, pair.target, pair.frame, pair.rt, pair.height, pair.dist
    shooter_id, target_id, models_block = shooter.id, target.id, pair.models_block
    silhouette = (frame.table(-rt), frame.table(rt))
    near_eye = frame.table(0.0, dist - shooter.radius)
    if not pair.obstacles:
        return CoverResult(
            shooter_id, target_id, 0.0, 0.0, "none", False, True, (near_eye, frame.table(0.0)),
            ((0.0, 2 * rt, 0.0),), silhouette, target.height_cm, (), (), models_block,
        )
    problem = pair.problem(pair.arc())
    hidden, err, b = _solve(problem)
    cols, f_up = problem.cols, b["up"]
    hidden = min(1.0, max(0.0, hidden))
    if hidden <= _ZERO:
        hidden = 0.0
    if hidden >= 1.0 - _ZERO:
        hidden = 1.0
    cls = classify(hidden)
    # floating-point dust (_ZERO) does not make a result borderline
    borderline = classify(hidden - err + _ZERO) != classify(hidden + err - _ZERO)
    sight_line = None
    if cls != "no_line_of_sight":
        q = np.clip(b["up_eye"], 0.0, height)  # (Q, C) hidden height per rim point and column
        eye = int(np.argmin(q.sum(axis=1)))
        col = int(np.argmin(q[eye]))
        eu, ea = problem._rim(problem.psi[eye : eye + 1])
        sight_line = (frame.table(float(eu[0]), float(ea[0])), frame.table(float(cols[col])))
    return CoverResult(
        shooter_id, target_id, hidden, err, cls, borderline, cls != "no_line_of_sight", sight_line,
        _intervals(cols, f_up, rt, height), silhouette, target.height_cm, _regions(cols, f_up, rt),
        _casting(problem, height), models_block, _with_supports(board, _cover_from(problem, f_up)),
    )


def _casting(p: SightProblem, height: float) -> tuple[str, ...]:
    """Ids of the obstacles that hide some part of the silhouette from some eye point."""
    g = (np.concatenate([p.gq, p.gt], axis=0) if len(p.gt) else p.gq) - p.floor
    rows = np.flatnonzero((g > 1e-9).any(axis=(0, 2)))
    out: list[str] = []
    for i in rows:
        if p.owner[i] not in out:
            out.append(p.owner[i])
    return tuple(out)


_COVER_SLACK = 1e-6  # cm: heights this close count as the same shadow


def _cover_from(p: SightProblem, f_up: np.ndarray) -> tuple[str, ...]:
    """Ids of the obstacles casting the hidden part: at a column with a hidden height, those
    whose shadow alone reaches that height from some eye point.

    At every eye point the highest shadow reaches the hidden height (it is the smallest of
    the highest shadows), and it belongs to one of these obstacles: so removing every other
    obstacle leaves the hidden heights as they are.
    """
    hidden = f_up > 1e-9  # (C,)
    if not hidden.any():
        return ()
    g = (np.concatenate([p.gq, p.gt], axis=0) if len(p.gt) else p.gq) - p.floor
    casts = (np.clip(g, 0.0, p.height) >= f_up[None, None, :] - _COVER_SLACK) & (g > 1e-9)  # (E, n, C)
    rows = np.flatnonzero((casts & hidden[None, None, :]).any(axis=(0, 2)))
    return tuple(dict.fromkeys(p.owner[i] for i in rows))


def _with_supports(board: Board, ids: tuple[str, ...]) -> tuple[str, ...]:
    """``ids`` and, after each model standing on a piece, the piece that raises it."""
    out: list[str] = []
    for item in ids:
        out.append(item)
        if board.has_base(item):
            piece = standing_on(board, board.base(item))
            if piece is not None and piece.id not in out:
                out.append(piece.id)
    return tuple(dict.fromkeys(out))


def _regions(cols: np.ndarray, f: np.ndarray, rt: float) -> tuple[tuple[Point, ...], ...]:
    """The hidden part as polygons (s, z): runs of columns with some hidden height."""
    out = []
    run: list[int] = []
    for c in list(range(len(cols))) + [None]:
        if c is not None and f[c] > 1e-9:
            run.append(c)
            continue
        if run:
            a, b = max(run[0] - 1, 0), min(run[-1] + 1, len(cols) - 1)
            idx = list(range(a, b + 1))
            top = [(round(float(cols[i]) + rt, 6), round(float(f[i]), 6)) for i in idx]
            ring = [(top[0][0], 0.0)] + top + [(top[-1][0], 0.0)]
            out.append(tuple(ring))
            run = []
    return tuple(out)


def _intervals(cols: np.ndarray, f: np.ndarray, rt: float, height: float) -> tuple[tuple[float, float, float], ...]:
    """Strips (start_cm, end_cm, hidden share), equal neighbours (to 0.01) merged."""
    share = np.round((f[:-1] + f[1:]) / 2 / height, 2)
    change = np.flatnonzero(np.diff(share) != 0) + 1
    starts = np.concatenate([[0], change])
    ends = np.concatenate([change, [len(share)]])
    a = np.round(cols[starts] + rt, 6)
    b = np.round(cols[ends] + rt, 6)
    return tuple(zip(a.tolist(), b.tolist(), share[starts].tolist()))
