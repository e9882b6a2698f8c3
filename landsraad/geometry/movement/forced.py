"""Forced moves and helpers: the nearest table edge (Will-breaker), pushes, escapes, stepping away, free spots (R-POISON, R-MELEE-OPTIONS, PRJ-41..46)."""

from __future__ import annotations

import dataclasses
import math
from typing import Callable, Iterable, Sequence

import numpy as np
import shapely
import shapely.ops
from shapely.geometry.base import BaseGeometry

from ...errors import GeometryError
from ...i18n import Numeral, message
from ..board import CIRCLE_RESOLUTION, Board, Point
from .graph import GraphQuery, Tangents, _dedupe, _graph, _poly_measure, _shortest, _tangents_of
from .messages import _check_allowance, _check_point, _check_start, _fmt_pair, _label, _n, _result_for_path, _xy
from .polyline import Polyline
from .rays import _ray_lengths, _truncate
from .result import _INF, _TWO_PI, ALLOWANCE_SLACK_CM, ARC_BUMP_CM, ESCAPE_MARGIN_CM, MoveResult, _circle_at
from .space import Space
from .terrain_space import _space, _space_cached

# =============================================================================================
# Forced moves and helpers
# =============================================================================================

_EDGES = {"south": (1, -1.0), "north": (1, 1.0), "west": (0, -1.0), "east": (0, 1.0)}


def _edge_distance(space: Space, p: Sequence[float], edge: str) -> float:
    """Distance from the base's edge to a table edge (centre to the contact line)."""
    xmin, ymin, xmax, ymax = space.bounds
    return {"south": p[1] - ymin, "north": ymax - p[1], "west": p[0] - xmin, "east": xmax - p[0]}[edge]


def _toward_edge(space: Space, start: Point, edge: str) -> tuple[list[tuple[float, float]], float, float, str | None]:
    """The cheapest path that brings the base as close as possible to ``edge`` (into contact
    if it can): (path, remaining distance to the edge, cost, what stops it short)."""
    axis, sign = _EDGES[edge]
    direction = np.zeros(2)
    direction[axis] = sign
    graph = _graph(space)
    q = GraphQuery(space, graph)
    s = q.attach(start, outgoing=True)
    # The taut path to a straight edge leaves a circle where its tangent is perpendicular
    # to the edge: add those extreme points as nodes.
    theta = math.atan2(direction[1], direction[0]) % _TWO_PI
    round_ = np.nonzero(space.circ_r > 0)[0]
    free = ~space.angles_blocked(round_, np.full(len(round_), theta))
    for i in round_[free]:
        q.add_node(space.circ_c[i] + space.circ_r[i] * direction, int(i), theta)
    q.finalize()
    dist, pred = q.search(s)
    nodes = np.array(list(dist.keys()))
    g = np.array([dist[n] for n in nodes])
    P = np.array([q.point(int(n)) for n in nodes])
    reach = np.array([_edge_distance(space, p, edge) for p in P])
    E = P + direction[None, :] * reach[:, None]
    lengths = _ray_lengths(space, P, np.tile(direction, (len(P), 1)), np.maximum(reach, 0.0) + 1e-12)
    remaining = np.maximum(reach - lengths, 0.0)
    ends = P + direction[None, :] * np.minimum(lengths, reach)[:, None]
    leg = space.segment_costs(P, ends)
    total = g + leg
    # closest to the edge first, then cheapest
    key = np.lexsort((total, np.round(remaining, 9)))
    best = int(key[0])
    node = int(nodes[best])
    path = q.polyline(pred, s, node, ARC_BUMP_CM) if node != s else [start]
    path = list(path) + [(float(ends[best][0]), float(ends[best][1]))]
    blocker = None
    if remaining[best] > 1e-9:
        _, who = space.first_hit(P[best:best + 1], E[best:best + 1])
        blocker = message("the table edge") if who[0] == -1 else (space.labels[int(who[0])] if who[0] >= 0 else None)
    return _dedupe(path), float(remaining[best]), float(total[best]), blocker


def move_toward_nearest_edge(board: Board, model_id: str, allowance_cm: float, *, contact_tolerance_cm: float = 0.1,
                             ignore: Iterable[str] = ()) -> MoveResult:
    """The Will-breaker forced move (R-POISON, PRJ-42): the model moves along the cheapest
    legal path toward the nearest table edge (measured from its base edge, R-MEASURE), as far
    as ``allowance_cm`` lets it, and stops as soon as its base touches that edge. Equally near
    edges: the cheaper path wins. A model already within ``contact_tolerance_cm`` (RUL-07) of
    the edge stays. When the edge cannot be reached at all, the model goes where it gets
    closest to it.

    The result is always ``legal`` (a forced move is made as far as possible); ``end`` is
    where the model stops and ``stopped_by`` says why it stopped short, if it did.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 12, 30, 30),))
    >>> res = move_toward_nearest_edge(board, "a", 8)
    >>> res.end                                       # west edge: base edge 10.5 cm away
    (4.0, 30.0)
    >>> move_toward_nearest_edge(board, "a", 20).end  # stops touching the edge
    (1.5, 30.0)
    """
    space = _space(board, model_id, ignore)
    start = _check_start(space, board, model_id)
    allowance = _check_allowance(allowance_cm)
    who = _label(board, model_id)
    dists = {e: _edge_distance(space, start, e) for e in _EDGES}
    nearest = min(dists.values())
    if nearest <= contact_tolerance_cm + 1e-12:
        edge = min(dists, key=dists.get)  # type: ignore[arg-type]
        return MoveResult(model=model_id, legal=True, start=start, end=start, path=(start,), path_length_cm=0.0,
                          cost_cm=0.0, allowance_cm=allowance, reason=None,
                          message=message("{who} is already in contact with the {edge} table edge and stays there.", who=who,
                                          edge=edge))
    options = []
    for edge, d in dists.items():
        if d <= nearest + 1e-9:
            path, remaining, cost, blocker = _toward_edge(space, start, edge)
            options.append((remaining, cost, edge, path, blocker))
    remaining, cost, edge, path, blocker = min(options, key=lambda o: (round(o[0], 9), o[1]))
    moved = _truncate(space, path, allowance)
    length, spent = _poly_measure(space, moved)
    end = moved[-1]
    left = _edge_distance(space, end, edge)
    if left <= 1e-9:
        msg = message("{who} moves {length} cm toward the {edge} table edge and stops in contact with it.", who=who,
                      length=_n(length, 2), edge=edge)
        stopped = None
    elif spent >= allowance - 1e-9 and remaining <= 1e-9:
        msg = message("{who} moves {length} cm toward the {edge} table edge (all its {allowance} cm) and is {left} cm short "
                      "of it.", who=who, length=_n(length, 2), edge=edge, allowance=_n(allowance, 2), left=_n(left, 2))
        stopped = None
    elif blocker:
        msg = message("{who} moves {length} cm toward the {edge} table edge but cannot get closer than {left} cm to it: "
                      "{blocker} is in the way.", who=who, length=_n(length, 2), edge=edge, left=_n(left, 2), blocker=blocker)
        stopped = blocker
    else:
        msg = message("{who} moves {length} cm toward the {edge} table edge but cannot get closer than {left} cm to it.",
                      who=who, length=_n(length, 2), edge=edge, left=_n(left, 2))
        stopped = blocker
    return MoveResult(model=model_id, legal=True, start=start, end=end, path=tuple(moved), path_length_cm=length,
                      cost_cm=spent, allowance_cm=allowance, reason=None, message=msg, stopped_by=stopped)


def push(board: Board, model_id: str, direction: Point, distance_cm: float = 5.0, *,
         ignore: Iterable[str] = ()) -> MoveResult:
    """Push ``model_id`` up to ``distance_cm`` in a straight line along ``direction``
    (R-MELEE-OPTIONS): it stops before an obstacle, touching it, or touching the table edge.
    A push is not the model's own move: difficult terrain does not shorten it (PRJ-41).

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 10, 10, 30), Base("b", 13, 10, 30), Base("c", 20, 10, 30)))
    >>> res = push(board, "b", (1, 0))              # c is 7 cm away: b stops touching it
    >>> res.end, res.stopped_by, round(res.path_length_cm, 6)
    ((17.0, 10.0), "model 'c'", 4.0)
    >>> push(board, "b", (0, -1), 10).end           # the table edge stops it too
    (13.0, 1.5)
    >>> push(board, "b", (-1, 0)).path_length_cm    # into the pusher: no move
    0.0
    """
    space = _space(board, model_id, ignore)
    start = _check_start(space, board, model_id)
    distance = _check_allowance(distance_cm, "push distance")
    d = _check_point(direction, "push direction")
    norm = math.hypot(*d)
    if norm == 0:
        raise GeometryError(message("The push direction (0, 0) has no length; give a direction such as (1, 0)."))
    u = (d[0] / norm, d[1] / norm)
    target = np.asarray([[start[0] + u[0] * distance, start[1] + u[1] * distance]])
    t, who_idx = space.first_hit(np.asarray([start]), target)
    t0 = float(max(t[0], 0.0))
    end = (start[0] + u[0] * distance * t0, start[1] + u[1] * distance * t0)
    length = distance * t0
    who = _label(board, model_id)
    stopped = None
    if t0 < 1.0 - 1e-12:
        stopped = message("the table edge") if who_idx[0] == -1 else space.labels[int(who_idx[0])]
        msg = message("{who} is pushed {length} cm of {distance} cm and stops against {stopped}.", who=who,
                      length=_n(length, 2), distance=_n(distance, 2), stopped=stopped)
    else:
        msg = message("{who} is pushed {length} cm.", who=who, length=_n(length, 2))
    path = (start, end) if length > 0 else (start,)
    if length == 0:
        end = start
    return MoveResult(model=model_id, legal=True, start=start, end=end, path=path, path_length_cm=length,
                      cost_cm=length, allowance_cm=distance, reason=None, message=msg, stopped_by=stopped)


def escape(board: Board, model_id: str, zone: BaseGeometry, allowance_cm: float, *, ignore: Iterable[str] = (),
           margin_cm: float = ESCAPE_MARGIN_CM, what: str = message("the zone"), detours: bool = True,
           legal_only: bool = False) -> MoveResult:
    """The cheapest legal move (R-MOVE, RUL-17) after which ``model_id``'s base is wholly out
    of ``zone`` (a shapely geometry), clear of it by ``margin_cm``: touching counts as being
    in (RUL-19 for templates, RUL-07 for contact). For dodging templates (RUL-09) and stepping
    out of contact.

    Candidate end points are the zone's (inflated) outline every 0.2 cm and the point of it
    nearest the start; each is reached by the cheapest path, and the best is refined along the
    outline. The cheapest straight slide is refined too, as ``detours=False`` refines it, so the
    answer never costs more than the straight one.

    With ``detours=False`` no path is searched: the answer is the cheapest *straight* slide
    out (a legal move whenever it is legal, the true cheapest whenever the nearest way out is
    a straight slide over open ground), and an illegal answer says only that no straight
    slide within the allowance gets clear. It costs a few vectorised tests, where a detour
    may take up to a hundred path searches: for suggestions, with the full search as a fallback.

    With ``legal_only`` only a legal move is looked for: no path is searched to an end point
    farther than the allowance (and :data:`REFINE_REACH_CM`) from the start, whose cost (at least
    its distance) could not be within it, and when the first sampling finds nothing within the
    allowance and that reach, the answer is illegal at once, without the refinement. Whenever the
    full search's cheapest sample is within that bound (every legal answer but a refinement's
    jump past an obstacle), the answer is the full search's; an illegal answer says only that
    no move within the allowance gets clear (its cost may be infinite and its path empty). For
    suggestions, where a way out that does not exist otherwise costs the whole search.

    Parameters
    ----------
    board
        The table.
    model_id
        The model getting clear.
    zone
        What to get out of (a template, the out-of-contact circles).
    allowance_cm
        The most the move may cost, in cm.
    ignore
        Ids of bases that do not block, as in :func:`plan_move`.
    margin_cm
        How far beyond the zone the base must end.
    what
        The zone in the result's sentence.
    detours
        Search paths round obstacles (``False``: straight slides only, see above).
    legal_only
        Look only for a legal move (see above): no cheapest cost when there is none.

    Returns
    -------
    MoveResult
        Legal with ``end`` and ``path`` when a move within the allowance gets clear; else the
        reason (``too_far`` with the cheapest cost found, infinite with ``legal_only`` when none
        was priced, or ``no_room``) and a sentence.

    Raises
    ------
    GeometryError
        Unknown model, a start that overlaps something, or a negative allowance.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 30, 30, 30),))
    >>> blast = shapely.Point(31, 30).buffer(5, quad_segs=64)
    >>> res = escape(board, "a", blast, 10)
    >>> res.legal, round(res.end[0], 2), round(res.path_length_cm, 2)   # 5 + 1.5 - 1 cm, + margin
    (True, 24.49, 5.51)
    >>> escape(board, "a", blast, 5).reason
    'too_far'
    >>> escape(board, "a", blast, 10, detours=False).end == res.end   # the way out is straight
    True
    >>> escape(board, "a", blast, 10, legal_only=True).end == res.end
    True
    >>> escape(board, "a", blast, 5, legal_only=True).reason        # 5.51 cm: priced, not within 5
    'too_far'
    >>> escape(board, "a", blast, 4, legal_only=True).cost_cm       # beyond 4 cm + REFINE_REACH_CM: no cost
    inf
    """
    space = _space(board, model_id, ignore)
    start = _check_start(space, board, model_id)
    allowance = _check_allowance(allowance_cm)
    who = _label(board, model_id)
    clearance = space.r + margin_cm
    if zone.is_empty or zone.distance(shapely.Point(start)) >= clearance - 1e-9:
        return MoveResult(model=model_id, legal=True, start=start, end=start, path=(start,), path_length_cm=0.0,
                          cost_cm=0.0, allowance_cm=allowance, reason=None,
                          message=message("{who} is already clear of {what}.", who=who, what=what))
    # The buffered outline's chords lie inside the true offset curve by at most
    # clearance * (1 - cos(pi / 256)) < clearance * 1e-4: grow it by that much.
    outline = zone.buffer(clearance * (1 + 1e-4) + 1e-6, quad_segs=CIRCLE_RESOLUTION).boundary
    rings = [g for g in getattr(outline, "geoms", [outline]) if g.length > 0]
    lines = [Polyline.of(g) for g in rings]
    curves = [(float(g.length), line.at) for g, line in zip(rings, lines)]  # points along: GEOS's, vectorised
    near = shapely.ops.nearest_points(outline, shapely.Point(start))[0]

    def valid(p: np.ndarray) -> np.ndarray:
        return np.asarray(shapely.distance(zone, shapely.points(p)) >= clearance - 1e-9)

    frames = [_ring_frame(line, start) for line in lines]
    limit = allowance + ALLOWANCE_SLACK_CM + REFINE_REACH_CM if legal_only else _INF
    return _escape(space, board, model_id, start, curves, np.array([[near.x, near.y]]), valid, allowance, what,
                   detours=detours, reach=lambda ci, s: _ring_reach(frames[ci], s), limit=limit)


REFINE_REACH_CM = 1.0
"""How far beyond the allowance :func:`escape` with ``legal_only`` still prices end points: its
refinement moves at most 0.27 cm along the outline from the first sampling's best (0.2 cm, then a
quarter of that, and so on), and a clear slide of that length costs at most twice it (difficult
ground), so a sample this far beyond is no start for a legal answer."""


def _ring_frame(line: Polyline, start: Point) -> tuple[np.ndarray, np.ndarray]:
    """A polyline's cumulative lengths at its vertices (its running sums, GEOS's own) and the
    distance from ``start`` to each of its segments."""
    coords = line.coords
    a, b = coords[:-1], coords[1:]
    v = b - a
    vv = np.einsum("ij,ij->i", v, v)
    w = np.asarray(start, dtype=float) - a
    t = np.clip(np.einsum("ij,ij->i", w, v) / np.where(vv > 0, vv, 1.0), 0.0, 1.0)
    seg_dist = np.hypot(*(w - t[:, None] * v).T)
    return np.concatenate([[0.0], line.ends]), seg_dist


def _ring_reach(frame: tuple[np.ndarray, np.ndarray], s: np.ndarray, slack: float = 1e-6) -> np.ndarray:
    """A lower bound on the distance from the start to the points at arc lengths ``s`` of a
    polyline (as :meth:`Polyline.at <.polyline.Polyline.at>` puts them, GEOS's way): the least
    distance to a segment that may hold them. The cumulative lengths are the ones ``at`` reads, so
    the segment holding ``s`` is known exactly; every segment within ``slack`` of ``s`` counts
    still, a margin for a caller's own arithmetic on the lengths."""
    cum, seg_dist = frame
    n = len(seg_dist)
    if n == 0:
        return np.zeros(len(s))
    first = np.clip(np.searchsorted(cum[1:], s - slack, side="left"), 0, n - 1)
    last = np.clip(np.searchsorted(cum[:-1], s + slack, side="right") - 1, 0, n - 1)
    last = np.maximum(last, first)
    out: np.ndarray = np.minimum(seg_dist[first], seg_dist[last])
    for k in np.nonzero(last - first > 1)[0]:  # zero-length segments: look at every one in between
        out[k] = seg_dist[first[k]:last[k] + 1].min()
    return out


def escape_lower_bound(board: Board, model_id: str, zone: BaseGeometry, *, margin_cm: float = ESCAPE_MARGIN_CM) -> float:
    """A lower bound, in cm, on the cost of any move that :func:`escape` may find for
    ``model_id`` out of ``zone`` (same ``margin_cm``): no legal escape within less exists, so
    an allowance below it makes :func:`escape` illegal, with or without detours (RUL-09).

    Proof. Let ``s`` be the base's centre, ``c`` = its radius + ``margin_cm`` and ``Z`` the
    (closed) zone. Every end point ``p`` that :func:`escape` accepts has
    ``d(p, Z) >= c - 1e-9``, and a path's cost is at least its length (difficult terrain only
    adds, RUL-17), which is at least ``|p - s|``. If ``s`` is outside ``Z``, the distance to
    ``Z`` is 1-Lipschitz: ``|p - s| >= d(p, Z) - d(s, Z)``. If ``s`` is in ``Z`` (distance 0),
    the segment from ``s`` to ``p`` (outside ``Z``) leaves ``Z`` last at a point ``q`` of its
    boundary: ``|p - s| = |s - q| + |q - p| >= d(s, boundary) + d(p, Z)``; for a zone without
    area (a line) the boundary distance is taken as 0, which only weakens the bound. The bound
    is ``c - 1e-9`` plus the depth (or minus the distance) of ``s``, less 1e-6 cm for rounding
    of the distances (GEOS's are exact to ~1e-13 cm on a table) and of the path's length.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 30, 30, 30),))
    >>> blast = shapely.Point(31, 30).buffer(5, quad_segs=64)
    >>> round(escape_lower_bound(board, "a", blast), 2)      # 5 - 1 + 1.5 + 0.01, as escape finds
    5.51
    >>> escape_lower_bound(board, "a", shapely.Point(50, 30).buffer(5)) < 0     # already clear
    True
    """
    base = board.base(model_id)
    start = shapely.Point(base.x, base.y)
    bound = base.radius + margin_cm - 1e-9 - 1e-6
    if zone.is_empty:
        return 0.0  # escape: already clear
    outside = float(zone.distance(start))
    if outside > 0:
        return bound - outside
    if zone.geom_type in ("Polygon", "MultiPolygon"):
        return bound + float(zone.boundary.distance(start))
    return bound


PointsAt = Callable[[np.ndarray], np.ndarray]
"""A closed curve's points at arc lengths (N,) from its start, as (N, 2)."""
Path = list[tuple[float, float]]
Evaluate = Callable[[np.ndarray, float, int], tuple[np.ndarray, list[Path | None]]]
"""``_escape``'s pricing of end points (points, cost bound, most path searches): costs, paths."""


def _escape(space: Space, board: Board, model_id: str, start: Point, curves: Sequence[tuple[float, PointsAt]],
            extra: np.ndarray, valid: Callable[[np.ndarray], np.ndarray], allowance: float, what: str, *,
            detours: bool = True, reach: Callable[[int, np.ndarray], np.ndarray] | None = None,
            limit: float = _INF) -> MoveResult:
    """The cheapest path from ``start`` to a valid point of the ``curves`` (closed curves
    given as (length, point_at(arc_lengths))) or of ``extra`` points. Candidates every
    0.2 cm, then the best one is refined along its curve. Without ``detours`` only straight
    slides are priced (no path search).

    ``reach(curve index, arc lengths)``, when given, bounds from below the distance from
    ``start`` to those points of a curve. Without ``detours`` it prunes the first sampling: the
    ``extra`` points are priced first, and only the samples that might cost no more than the
    best of them are made and priced. A sample's cost is at least its distance (difficult
    terrain only adds, RUL-17), so a pruned one costs more than the cheapest sample and the
    cheapest (the first of equals) is the one pricing them all would find.

    ``limit`` (finite for :func:`escape`'s ``legal_only``): no path is searched, and no sample
    priced, whose distance from the start reaches it (its cost would too), and a first sampling
    with nothing cheaper than it is the answer (illegal, no cost), without refinement. Below the
    limit the searches are the same, in the same order, so a first best below it is the same."""
    first_searches, refine_searches = (40, 9) if detours else (0, 0)
    who = _label(board, model_id)
    S0 = np.asarray(start, dtype=float)

    plain: list[np.ndarray] = [np.zeros(0)]  # evaluate's last straight costs
    from_start: list[Tangents] = []  # the start's tangents, tested once for every path search

    def evaluate(pts: np.ndarray, bound: float, max_searches: int) -> tuple[np.ndarray, list[Path | None]]:
        """Costs (inf: invalid or unreachable) and paths of candidate end points."""
        costs = np.full(len(pts), _INF)
        paths: list[Path | None] = [None] * len(pts)
        if len(pts) == 0:
            return costs, paths
        ok = valid(pts) & space.points_free(pts)
        S = np.tile(S0, (len(pts), 1))
        euclid = np.hypot(*(pts - S).T)
        clear = space.segments_clear(S, pts) & ok
        straight = space.segment_costs(S, pts)
        for k in np.nonzero(clear)[0]:
            costs[k] = straight[k]
            paths[k] = [start, (float(pts[k][0]), float(pts[k][1]))]
        plain[0] = costs.copy()  # the straight slides' costs, before any path search
        best = min(bound, float(costs.min()))
        searches = 0
        for k in np.argsort(euclid):
            if euclid[k] >= best or searches >= max_searches:
                break
            if not ok[k] or (clear[k] and abs(straight[k] - euclid[k]) < 1e-12):
                continue  # invalid, or straight and plain: nothing cheaper for this point
            searches += 1
            if not from_start:
                from_start.append(_tangents_of(space, start))
            path = _shortest(space, start, (float(pts[k][0]), float(pts[k][1])), from_start[0])
            if path is not None:
                c = _poly_measure(space, path)[1]
                if c < costs[k]:
                    costs[k], paths[k] = c, path
                    best = min(best, c)
        return costs, paths

    owner: list[tuple[int, float]] = []
    extra = extra.reshape(-1, 2)
    owner += [(-1, 0.0)] * len(extra)
    samples = []
    for ci, (length, _) in enumerate(curves):
        s = np.linspace(0.0, length, max(8, int(math.ceil(length / 0.2))), endpoint=False)
        samples.append(s)
        owner += [(ci, float(v)) for v in s]
    straight_first = None
    if reach is not None and not detours:
        costs, paths = _pruned_first(evaluate, extra, curves, samples, reach, limit)
    else:
        first = np.vstack([extra, *(point_at(s) for (_, point_at), s in zip(curves, samples))])
        costs, paths = evaluate(first, limit, first_searches)
        if detours:
            straight_first = (first, plain[0])
    k = int(np.argmin(costs)) if len(costs) else -1
    if math.isfinite(limit) and (k < 0 or not costs[k] < limit):
        return MoveResult(model=model_id, legal=False, start=start, end=start, path=(), path_length_cm=_INF,
                          cost_cm=_INF, allowance_cm=allowance, reason="too_far",
                          message=message("{who} cannot get clear of {what} within {allowance} cm.", who=who, what=what,
                                          allowance=_n(allowance, 2)))
    if k < 0 or not math.isfinite(costs[k]):
        return MoveResult(model=model_id, legal=False, start=start, end=start, path=(), path_length_cm=_INF,
                          cost_cm=_INF, allowance_cm=allowance, reason="no_room",
                          message=(message("{who} has no room to get clear of {what}.", who=who, what=what) if detours
                                   else message("{who} has no straight slide clear of {what}; a detour was not looked for.",
                                                who=who, what=what)))

    def refine(k: int, best_cost: float, best_path: Path | None, searches: int) -> tuple[float, Path | None]:
        """The best point found along the curve around sample ``k`` (``searches`` path searches per round)."""
        ci, s0 = owner[k]
        if ci >= 0:
            length, point_at = curves[ci]
            step = 0.2
            for _round in range(8):
                grid = np.mod(s0 + np.linspace(-step, step, 9), length)
                c2, p2 = evaluate(point_at(grid), best_cost, searches)
                j = int(np.argmin(c2))
                if c2[j] < best_cost:
                    best_cost, best_path, s0 = float(c2[j]), p2[j], float(grid[j])
                step /= 4
        return best_cost, best_path

    best_cost, best_path = refine(k, float(costs[k]), paths[k], refine_searches)
    if straight_first is not None:
        # the straight way out refined as detours=False refines it (the same first sampling's
        # cheapest slide): a refinement round the best detour may settle higher than it does
        pts, straight = straight_first
        ks = int(np.argmin(straight))
        if math.isfinite(straight[ks]):
            cost, path = refine(ks, float(straight[ks]), [start, (float(pts[ks][0]), float(pts[ks][1]))], 0)
            if cost < best_cost:
                best_cost, best_path = cost, path
    assert best_path is not None  # costs[k] is finite: its path was found
    res = _result_for_path(model_id, who, start, best_path[-1], best_path, space, allowance)
    if res.legal and res.cost_cm > res.path_length_cm + 1e-9:
        msg = message("{who} gets clear of {what} by moving {length} cm to {point} (cost {cost} cm).", who=who, what=what,
                      length=_n(res.path_length_cm, 2), point=_xy(res.end), cost=_n(res.cost_cm, 2))
    elif res.legal:
        msg = message("{who} gets clear of {what} by moving {length} cm to {point}.", who=who, what=what,
                      length=_n(res.path_length_cm, 2), point=_xy(res.end))
    else:
        needed, allowed = _fmt_pair(res.cost_cm, allowance)
        if detours:
            msg = message("{who} needs {needed} cm but may move {allowed} cm to get clear of {what}.", who=who,
                          needed=Numeral(needed), allowed=Numeral(allowed), what=what)
        else:
            msg = message("{who} needs {needed} cm but may move {allowed} cm to get clear of {what} by a straight slide; a "
                          "detour was not looked for.", who=who, needed=Numeral(needed), allowed=Numeral(allowed), what=what)
    return dataclasses.replace(res, message=msg)


def _pruned_first(evaluate: Evaluate, extra: np.ndarray, curves: Sequence[tuple[float, PointsAt]], samples: list[np.ndarray],
                  reach: Callable[[int, np.ndarray], np.ndarray], limit: float = _INF) -> tuple[np.ndarray, list[Path | None]]:
    """The costs and paths of straight slides to ``extra`` and to the curves' samples, as
    one call of ``evaluate`` (without path searches) would give them, except that a sample
    whose distance bound (``reach``) exceeds the cheapest ``extra`` point's cost is left
    unpriced (infinite): it costs more than that (see :func:`_escape`), as is one whose bound
    reaches ``limit``."""
    costs, paths = evaluate(extra, _INF, 0)
    best = min(float(costs.min()) if len(costs) else _INF, limit)
    all_costs, all_paths = [costs], list(paths)
    for ci, ((_, point_at), s) in enumerate(zip(curves, samples)):
        c = np.full(len(s), _INF)
        p: list[Path | None] = [None] * len(s)
        # 1e-9 cm covers the rounding of the bound and of the sample's position on its segment
        keep = np.nonzero(reach(ci, s) - 1e-9 <= best)[0] if math.isfinite(best) else np.arange(len(s))
        if len(keep):
            kc, kp = evaluate(point_at(s[keep]), _INF, 0)
            c[keep] = kc
            for j, k in enumerate(keep):
                p[k] = kp[j]
        all_costs.append(c)
        all_paths += p
    return np.concatenate(all_costs), all_paths


def step_away(board: Board, model_id: str, enemy_ids: Iterable[str], max_cm: float = 5.0, *,
              contact_tolerance_cm: float = 0.1, ignore: Iterable[str] = ()) -> MoveResult:
    """The defended model's option (R-MELEE-OPTIONS, PRJ-43): move up to ``max_cm`` so as to
    be out of contact with every enemy in ``enemy_ids``, by the cheapest legal move. Out of
    contact means base edges more than ``contact_tolerance_cm`` apart (RUL-07); the model
    ends :data:`ESCAPE_MARGIN_CM` beyond it. Enemies stay obstacles.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 30, 30, 30), Base("e", 33, 30, 30)))
    >>> res = step_away(board, "a", ["e"])
    >>> res.legal, round(res.path_length_cm, 4), round(res.end[0], 4)   # 0.1 + 0.01 cm straight back
    (True, 0.11, 29.89)
    """
    space = _space(board, model_id, ignore)
    start = _check_start(space, board, model_id)
    allowance = _check_allowance(max_cm)
    enemies = [board.base(e) for e in enemy_ids]
    names = ", ".join(repr(e.id) for e in enemies)
    what = message("contact with {names}", names=names) if enemies else message("contact")
    centres = np.array([e.center for e in enemies], dtype=float).reshape(-1, 2)
    need = np.array([space.r + e.radius + contact_tolerance_cm + ESCAPE_MARGIN_CM for e in enemies])

    def clear_of_all(p: np.ndarray) -> np.ndarray:
        d = np.hypot(p[:, None, 0] - centres[None, :, 0], p[:, None, 1] - centres[None, :, 1])
        clear: np.ndarray = (d >= need[None, :] - 1e-9).all(axis=1)
        return clear

    if clear_of_all(np.asarray([start]))[0]:
        return MoveResult(model=model_id, legal=True, start=start, end=start, path=(start,), path_length_cm=0.0,
                          cost_cm=0.0, allowance_cm=allowance, reason=None,
                          message=message("{who} is already out of {what}.", who=_label(board, model_id), what=what))
    S = np.asarray(start, dtype=float)
    extra = []
    curves = []
    for c, R in zip(centres, need):
        v = S - c
        d = float(np.hypot(*v))
        if d > 0:
            extra.append(c + (R + 1e-9) * v / d)  # straight away from this enemy
        curves.append((_TWO_PI * R, _circle_at(c, R)))
    # where two out-of-contact circles meet (the way out between two enemies)
    for k1 in range(len(centres)):
        for k2 in range(k1 + 1, len(centres)):
            c1, r1, c2, r2 = centres[k1], need[k1], centres[k2], need[k2]
            d = float(np.hypot(*(c2 - c1)))
            if 0 < d <= r1 + r2 and d >= abs(r1 - r2):
                x = (d * d + r1 * r1 - r2 * r2) / (2 * d)
                h = math.sqrt(max(r1 * r1 - x * x, 0.0))
                u = (c2 - c1) / d
                for sgn in (1, -1):
                    p = c1 + x * u + sgn * h * np.array([-u[1], u[0]])
                    extra.append(p + 1e-9 * (p - c1) / r1 + 1e-9 * (p - c2) / r2)

    def valid(p: np.ndarray) -> np.ndarray:
        return clear_of_all(p)

    return _escape(space, board, model_id, start, curves, np.asarray(extra, dtype=float).reshape(-1, 2), valid,
                   allowance, what)


def free_spot_near(board: Board, diameter_mm: float, target: Point) -> Point | None:
    """The legal centre nearest to ``target`` for a new base of ``diameter_mm`` (wholly on the
    table, overlapping no base and no impassable terrain; touching allowed), or None if there
    is none. A placement helper (deployment, reinforcements).

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 30, 30, 30),))
    >>> free_spot_near(board, 30, (10, 10))
    (10.0, 10.0)
    >>> x, y = free_spot_near(board, 30, (31, 30))      # pushed out to touching a
    >>> round(x, 3), round(y, 3)
    (33.0, 30.0)
    >>> free_spot_near(board, 30, (0, 0))               # into the corner
    (1.5, 1.5)
    """
    target = _check_point(target, "target")
    if not diameter_mm > 0:
        raise GeometryError(message("A base diameter must be positive; got {diameter} mm.", diameter=diameter_mm))
    r = diameter_mm / 20.0
    space = _space_cached(board, r, frozenset())
    if space.points_free(np.asarray([target]))[0]:
        return target
    xmin, ymin, xmax, ymax = space.bounds
    if xmin > xmax or ymin > ymax:
        return None
    T = np.asarray(target, dtype=float)
    cands: list[np.ndarray] = [np.clip(T, [xmin, ymin], [xmax, ymax])]
    # Exact candidates: the target pushed out of each inflated obstacle (radially from its
    # core), and the corners where two inflated outlines (or one and a table edge) meet.
    circles: list[tuple[np.ndarray, float]] = []
    for a, b, R in zip(space.cap_a, space.cap_b, space.cap_r):
        v = b - a
        vv = float(v @ v)
        t = float(np.clip((T - a) @ v / vv, 0, 1)) if vv > 0 else 0.0
        core = a + t * v
        w = T - core
        dw = float(np.hypot(*w))
        if dw > 0:
            cands.append(core + (R + 1e-9) * w / dw)
        if vv == 0 and np.hypot(*(T - a)) < R + 10:
            circles.append((a, float(R)))
    for k, (c1, r1) in enumerate(circles):
        for c2, r2 in circles[k + 1:]:
            d = float(np.hypot(*(c2 - c1)))
            if 0 < d <= r1 + r2 and d >= abs(r1 - r2):
                x = (d * d + r1 * r1 - r2 * r2) / (2 * d)
                h = math.sqrt(max(r1 * r1 - x * x, 0.0))
                u = (c2 - c1) / d
                m = c1 + x * u
                for sgn in (1, -1):
                    cands.append(m + sgn * (h + 1e-9) * np.array([-u[1], u[0]]))
        for axis, val in ((0, xmin), (0, xmax), (1, ymin), (1, ymax)):
            off = abs(val - c1[axis])
            if off <= r1:
                h = math.sqrt(r1 * r1 - off * off) + 1e-9
                for sgn in (1, -1):
                    p = c1.copy()
                    p[axis] = val
                    p[1 - axis] += sgn * h
                    cands.append(p)
    arr = np.asarray(cands, dtype=float)
    arr = arr[space.points_free(arr)]
    if len(arr) == 0:
        # Fallback: the polygonal free space, obstacles grown a hair beyond their outline.
        grow = 2e-4
        shapes = [shapely.Point(b.center).buffer(r + b.radius + grow, quad_segs=CIRCLE_RESOLUTION) for b in board.bases]
        shapes += [t.shape.buffer(r + grow, quad_segs=CIRCLE_RESOLUTION) for t in board.terrain_of("blocked")]
        free: BaseGeometry = shapely.box(xmin, ymin, xmax, ymax)
        if shapes:
            free = free.difference(shapely.union_all(shapes))
        if free.is_empty:
            return None
        near = shapely.ops.nearest_points(free, shapely.Point(target))[0]
        arr = np.vstack([[near.x, near.y], shapely.get_coordinates(free)])
        arr = arr[space.points_free(arr)]
        if len(arr) == 0:
            return None
    best = arr[int(np.argmin(np.hypot(*(arr - T).T)))]
    return (float(best[0]), float(best[1]))
