"""From a solved problem to a :class:`CoverResult`: the hidden fraction, its bound, the sight line, what
casts the shadow; cached on the bases and the obstacles near the line."""

from __future__ import annotations

import math

import numpy as np

from ...errors import GeometryError
from ..board import Base, Board, Point
from .columns import _Frame
from .obstacles import _Obstacle, _terrain_part, elevation, standing_on
from .result import _FLAT_SILHOUETTE_CM, _ZERO, CoverResult, classify
from .solver import _Problem, _relevant, _solve


def _analyse(board: Board, shooter_id: str, target_id: str, models_block: bool, upper_only: bool = False) -> CoverResult:
    if shooter_id == target_id:
        raise GeometryError(f"A model cannot be its own target; got {shooter_id!r} twice.")
    shooter, target = board.base(shooter_id), board.base(target_id)
    dx, dy = target.x - shooter.x, target.y - shooter.y
    dist = math.hypot(dx, dy)
    if dist <= shooter.radius + 1e-9:
        raise GeometryError(
            f"The bases of {shooter_id!r} and {target_id!r} overlap (centres {dist:.2f} cm apart); "
            "sight between them is undefined."
        )
    frame = _Frame(target.x, target.y, dx / dist, dy / dist, dist)
    rt = target.radius
    height = max(target.height_cm, _FLAT_SILHOUETTE_CM)
    floor, eye_z = elevation(board, target), elevation(board, shooter) + shooter.height_cm
    obstacles = _relevant(board, shooter, target, models_block, frame)
    # The answer is a function of the two bases and the obstacles near the line between them
    # (with the terrain they stand on): a move elsewhere on the table leaves it unchanged.
    terrain = _terrain_part(board.terrain)
    key = (shooter, target, models_block, upper_only,
           tuple((o.id, o.circle, o.height) if o.kind == "model" else o.id for o in obstacles))
    hit = terrain.analyses.get(key)
    if hit is None:
        hit = _analyse_near(board, shooter, target, models_block, upper_only, frame, obstacles, floor, eye_z, rt, height, dist)
        if len(terrain.analyses) >= terrain.ANALYSIS_CACHE:
            terrain.analyses.clear()
        terrain.analyses[key] = hit
    return hit


def _analyse_near(board: Board, shooter: Base, target: Base, models_block: bool, upper_only: bool, frame: _Frame,
                  obstacles: list[_Obstacle], floor: float, eye_z: float, rt: float, height: float, dist: float) -> CoverResult:
    shooter_id, target_id = shooter.id, target.id
    silhouette = (frame.table(-rt), frame.table(rt))
    near_eye = frame.table(0.0, dist - shooter.radius)
    if not obstacles:
        return CoverResult(
            shooter_id, target_id, 0.0, 0.0, "none", False, True, (near_eye, frame.table(0.0)),
            ((0.0, 2 * rt, 0.0),), silhouette, target.height_cm, (), (), models_block,
        )
    if floor + target.height_cm <= eye_z:
        # the union of the arcs facing the silhouette's two ends (see the module notes)
        dp = math.hypot(rt, dist)
        arc = min(math.pi, math.atan2(rt, dist) + math.acos(min(1.0, shooter.radius / dp)))
    else:
        arc = math.pi
    problem = _Problem(obstacles, frame, shooter, rt, height, arc, eye_z, floor)
    hidden, err, b = _solve(problem, upper_only)
    cols, f_up = problem.cols, b["up"]
    hidden = min(1.0, max(0.0, hidden))
    if hidden <= _ZERO:
        hidden = 0.0
    if hidden >= 1.0 - _ZERO:
        hidden = 1.0
    cls = classify(hidden)
    # floating-point dust (_ZERO) does not make a result borderline
    borderline = (not upper_only) and classify(hidden - err + _ZERO) != classify(hidden + err - _ZERO)
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


def _casting(p: _Problem, height: float) -> tuple[str, ...]:
    """Ids of the obstacles that hide some part of the silhouette from some eye point."""
    g = (np.concatenate([p.gq, p.gt], axis=0) if len(p.gt) else p.gq) - p.floor
    rows = np.flatnonzero((g > 1e-9).any(axis=(0, 2)))
    out: list[str] = []
    for i in rows:
        if p.owner[i] not in out:
            out.append(p.owner[i])
    return tuple(out)


_COVER_SLACK = 1e-6  # cm: heights this close count as the same shadow


def _cover_from(p: _Problem, f_up: np.ndarray) -> tuple[str, ...]:
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
