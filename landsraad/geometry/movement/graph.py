"""The tangent graph of the configuration space and the exact shortest-path queries on it (R-MOVE, RUL-17)."""

from __future__ import annotations

import heapq
import math
from collections import defaultdict
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

import numpy as np
import shapely
import shapely.ops

from ...errors import GeometryError
from ...i18n import message, numeral
from ..board import Point
from .polyline import Polyline
from .result import _ANGLE_SLACK, _INF, _TWO_PI, ARC_BUMP_CM, TOUCH_TOLERANCE_CM
from .space import Space, _outlines

_NEAR_SLACK_CM = 0.01
"""How much farther than a search's cut-off a tangent point of a restricted graph may lie (rounding)."""

# =============================================================================================
# Tangent graph
# =============================================================================================


def _bitangents(ci: np.ndarray, ri: np.ndarray, cj: np.ndarray, rj: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Common tangents of circle pairs (ci, ri), (cj, rj): tangent points on each and the
    pair index. Up to 4 per pair (2 when a radius is 0, 1 between two points).

    The four kinds (outer then inner, each with both signs) are the rows of (4, P) arrays, in
    that order, so the result is the kinds one after the other, each in pair order: every
    element's arithmetic is the same as kind by kind."""
    P = len(ci)
    v = cj - ci
    d = np.hypot(v[:, 0], v[:, 1])
    safe = np.where(d > 0, d, 1.0)
    ux, uy = v[:, 0] / safe, v[:, 1] / safe
    both_points = (ri == 0) & (rj == 0)
    some_point = (ri == 0) | (rj == 0)
    with np.errstate(over="ignore", invalid="ignore"):
        cos_a = np.stack(((1.0 * rj - ri) / safe, (-1.0 * rj - ri) / safe))
    # a point lying on a circle (within the touching tolerance) has one tangent point:
    # its radial projection on the circle
    slack = 2.0 * TOUCH_TOLERANCE_CM / np.maximum(safe, 1e-9)
    cos_a = np.where(some_point & (np.abs(cos_a) > 1) & (np.abs(cos_a) <= 1 + slack), np.sign(cos_a), cos_a)
    ok = (d > 0) & (np.abs(cos_a) <= 1)
    ok[1] &= ~some_point
    with np.errstate(over="ignore", invalid="ignore"):
        sin_a = np.sqrt(np.clip(1 - cos_a * cos_a, 0, None))
    # rows: (outer, +), (outer, -), (inner, +), (inner, -)
    cos4 = np.repeat(cos_a, 2, axis=0)
    sin4 = np.repeat(sin_a, 2, axis=0) * np.array([1.0, -1.0, 1.0, -1.0])[:, None]
    keep = np.repeat(ok, 2, axis=0)
    keep[1::2] &= ~both_points
    s2 = np.array([1.0, 1.0, -1.0, -1.0])[:, None]
    # a pair with no tangent of a kind may hold inf or nan there (centres a subnormal distance
    # apart overflow the cosines): those rows are not kept, and the kept ones are finite
    with np.errstate(over="ignore", invalid="ignore"):
        nx = cos4 * ux + sin4 * -uy
        ny = cos4 * uy + sin4 * ux
        flat = keep.ravel()
        Ti = np.stack(((ci[:, 0] - ri * nx).ravel()[flat], (ci[:, 1] - ri * ny).ravel()[flat]), axis=1)
        Tj = np.stack(((cj[:, 0] - s2 * rj * nx).ravel()[flat], (cj[:, 1] - s2 * rj * ny).ravel()[flat]), axis=1)
    idx = np.nonzero(flat)[0] % P if P else np.zeros(0, dtype=np.int64)
    return Ti, Tj, idx


def _point_tangents(p: Sequence[float], cj: np.ndarray, rj: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_bitangents` of the point ``p`` (radius 0) with each circle (cj, rj): the tangent
    points on the circles and the circle index, the same numbers in the same order (a point has
    only the outer pair of tangents, one when the circle is a point too), without the work on
    the point's own side and on the inner tangents."""
    v = cj - np.asarray(p, dtype=float)
    d = np.hypot(v[:, 0], v[:, 1])
    safe = np.where(d > 0, d, 1.0)
    u = v / safe[:, None]
    up = np.stack([-u[:, 1], u[:, 0]], axis=1)
    with np.errstate(over="ignore", invalid="ignore"):
        cos_a = rj / safe
        # a point lying on a circle (within the touching tolerance): its radial projection
        slack = 2.0 * TOUCH_TOLERANCE_CM / np.maximum(safe, 1e-9)
        cos_a = np.where((np.abs(cos_a) > 1) & (np.abs(cos_a) <= 1 + slack), np.sign(cos_a), cos_a)
        ok = (d > 0) & (np.abs(cos_a) <= 1)
        sin_a = np.sqrt(np.clip(1 - cos_a * cos_a, 0, None))
        T, idx = [], []
        for sgn in (1.0, -1.0):
            keep = ok & (rj != 0) if sgn < 0 else ok
            # rows without tangents (not ok) may overflow here; they are dropped by ``keep``
            n = cos_a[:, None] * u + sgn * sin_a[:, None] * up
            T.append((cj - rj[:, None] * n)[keep])
            idx.append(np.nonzero(keep)[0])
    return np.concatenate(T), np.concatenate(idx)


@dataclass(eq=False)
class _Graph:
    xy: np.ndarray
    pts: list[tuple[float, float]]
    circle: np.ndarray
    theta: np.ndarray
    adj: list[list[tuple[int, float, float]]]  # (neighbour, cost, arc span; 0 for a straight edge)
    by_circle: list[np.ndarray]
    by_circle_theta: list[np.ndarray]


def _angles(space: Space, circles: np.ndarray, pts: np.ndarray) -> np.ndarray:
    rel = pts - space.circ_c[circles]
    th = np.mod(np.arctan2(rel[:, 1], rel[:, 0]), _TWO_PI)
    return np.where(space.circ_r[circles] > 0, th, 0.0)


def _on_free_arc(space: Space, circles: np.ndarray, thetas: np.ndarray) -> np.ndarray:
    return ~space.angles_blocked(circles, thetas)


def _arc_costs(space: Space, i: int | np.ndarray, thetas: np.ndarray, spans: np.ndarray) -> np.ndarray:
    """Cost of arcs (signed spans) on circle(s) ``i``; ``inf`` where blocked."""
    if len(thetas) == 0:
        return np.zeros(0)
    circles = np.broadcast_to(np.asarray(i, dtype=int), np.shape(thetas))
    R = space.circ_r[circles]
    blocked = space.arcs_measure(circles, thetas, spans, False) > _ANGLE_SLACK
    cost = R * (np.abs(spans) + space.arcs_measure(circles, thetas, spans, True))
    return np.where(blocked & (R > 0), _INF, np.where(R > 0, cost, 0.0))


def _graph(space: Space, near: tuple[float, float, float] | None = None) -> _Graph:
    """The visibility graph of the space's circles: bitangents that a base can slide along, and
    the free arcs between consecutive tangent points of each circle.

    With ``near = (x, y, radius)`` only the tangents with an end within ``radius`` of ``(x, y)``
    are kept (and the arcs between the kept points): a search from ``(x, y)`` cut off at
    ``radius`` finds every node within the radius that it would find in the whole graph, at the
    same cost, since a path's cost is at least its length (no path within the cut-off goes
    through a dropped point) and an arc skipping a dropped point costs the sum of the two arcs it
    replaces. That bounds the work of a short move on a crowded table
    (``reach scenes/table.yaml naib-1 --movement 5`` built all 34,000 tangents of the table
    and held 1 GB, issue 42). Such a graph is not cached; the whole one is, per space.
    """
    C = len(space.circ_r)
    close: np.ndarray | None = None
    if near is not None:
        x, y, radius = near
        close = np.hypot(space.circ_c[:, 0] - x, space.circ_c[:, 1] - y) - space.circ_r <= radius + _NEAR_SLACK_CM
        if close.all():
            near, close = None, None  # the ball meets every circle: the whole graph, cached
    cached = space._cache.graph
    if near is None and isinstance(cached, _Graph):
        return cached
    parts = [_clear_bitangents(space, I, J, near) for I, J in _pair_blocks(C, close)]  # noqa: E741
    Ti, Tj, ci, cj, th_i, th_j = (np.concatenate([part[n] for part in parts]) for n in range(6))
    _check_graph_work(space, Ti, Tj)
    costs = space.segment_costs(Ti, Tj)
    E = len(Ti)
    xy = np.concatenate([Ti, Tj]) if E else np.zeros((0, 2))
    circle = np.concatenate([ci, cj]) if E else np.zeros(0, dtype=int)
    theta = np.concatenate([th_i, th_j]) if E else np.zeros(0)
    # node e and node e + E are the two ends of tangent e (lists of Python numbers: no numpy scalars in the loops)
    cost_list = costs.tolist()
    adj: list[list[tuple[int, float, float]]] = ([[(e + E, c, 0.0)] for e, c in enumerate(cost_list)]
                                                 + [[(e, c, 0.0)] for e, c in enumerate(cost_list)])
    order = np.lexsort((theta, circle))
    a, b, spans = _ring_pairs(circle[order], theta[order], order)
    costs_arc = _arc_costs(space, circle[a], theta[a], spans)
    finite = np.isfinite(costs_arc)
    for x, y, c, sp in zip(a[finite].tolist(), b[finite].tolist(), costs_arc[finite].tolist(), spans[finite].tolist()):
        adj[x].append((y, c, sp))
        adj[y].append((x, c, -sp))
    # each circle's nodes by angle: a run of the (circle, angle) order
    bounds = np.searchsorted(circle[order], np.arange(C + 1)).tolist()
    theta_sorted = theta[order]
    by_circle = [order[bounds[i]:bounds[i + 1]] for i in range(C)]
    by_theta = [theta_sorted[bounds[i]:bounds[i + 1]] for i in range(C)]
    graph = _Graph(xy=xy, pts=list(map(tuple, xy.tolist())), circle=circle, theta=theta, adj=adj,
                   by_circle=by_circle, by_circle_theta=by_theta)
    if near is None:
        space._cache.graph = graph
    return graph


MAX_GRAPH_TANGENTS = 500_000
"""The most tangents of one movement graph (about 0.5 KiB each once joined into the graph)."""
MAX_GRAPH_CORNER_PAIRS = 50_000_000
"""The most (tangent, difficult corner) pairs a movement graph may price: each tangent whose box
comes near a difficult piece, times that piece's corners."""


def _check_graph_work(space: Space, Ti: np.ndarray, Tj: np.ndarray) -> None:
    """Refuse, before pricing them, tangents too many for the memory and time a move may take.

    The tangents of a graph are cheap to find; pricing them over difficult terrain and joining
    them into the graph is what costs. An 8 cm reach beside a difficult piece of 1,000 corners (a
    scene's limit) found 940,000 tangents, each to be priced against the piece's 1,000 corners,
    and ran past a 1 GiB ceiling after minutes (issue 42). The bundled tables' whole graphs have
    at most 34,000 tangents and 2.2 million such pairs.

    Raises
    ------
    GeometryError
        Past :data:`MAX_GRAPH_TANGENTS` or :data:`MAX_GRAPH_CORNER_PAIRS`, naming the difficult
        piece that costs the most, its corners and the limits.
    """
    pieces = space._cache.diff_pieces
    pairs = [0] * len(pieces)
    if len(Ti) and pieces:
        lo, hi = np.minimum(Ti, Tj), np.maximum(Ti, Tj)
        for j, ((first, last, _, _), box) in enumerate(zip(pieces, space._cache.diff_boxes.tolist())):
            near = (lo[:, 0] <= box[2]) & (hi[:, 0] >= box[0]) & (lo[:, 1] <= box[3]) & (hi[:, 1] >= box[1])
            pairs[j] = int(np.count_nonzero(near)) * (last - first)
    if len(Ti) <= MAX_GRAPH_TANGENTS and sum(pairs) <= MAX_GRAPH_CORNER_PAIRS:
        return
    limits = message("the limits are {tangents} tangents and {pairs} pairs, for the memory and time one move may take",
                     tangents=numeral(MAX_GRAPH_TANGENTS, ","), pairs=numeral(MAX_GRAPH_CORNER_PAIRS, ","))
    if pieces and max(pairs) > 0:
        j = int(np.argmax(pairs))
        first, last, _, _ = pieces[j]
        labels = space._cache.diff_labels
        label = labels[j] if j < len(labels) else message("difficult piece {n}", n=j + 1)
        raise GeometryError(message(
            "This move is too large to work out near {label} ({corners} corners): {tangents} tangents, {pairs} (tangent, "
            "corner) pairs over difficult terrain; {limits}. Give that piece fewer corners (a circle: piece, or a simpler "
            "polygon) or ask a shorter move.", label=label, corners=numeral(last - first, ","), tangents=numeral(len(Ti), ","),
            pairs=numeral(sum(pairs), ","), limits=limits))
    raise GeometryError(message(
        "This move is too large to work out: {tangents} tangents among {circles} corner and base circles; {limits}. Use "
        "fewer terrain corners or ask a shorter move.", tangents=numeral(len(Ti), ","), circles=numeral(len(space.circ_r), ","),
        limits=limits))


_PAIR_BLOCK = 250_000
"""Circle pairs whose bitangents are worked out at once (bounded arrays: 12,800 circles are 82 million pairs)."""


def _pair_blocks(C: int, close: np.ndarray | None) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """The circle pairs (i < j) in blocks of about :data:`_PAIR_BLOCK`; with ``close``, only the
    pairs with a close circle, found without listing all the pairs."""
    rows = np.arange(C) if close is None else np.nonzero(close)[0]
    if C < 2 or not len(rows):
        yield np.zeros(0, dtype=int), np.zeros(0, dtype=int)
        return
    per_block = max(1, _PAIR_BLOCK // C)
    for lo in range(0, len(rows), per_block):
        I = np.repeat(rows[lo:lo + per_block], C)  # noqa: E741
        J = np.tile(np.arange(C), min(per_block, len(rows) - lo))  # noqa: E741
        # each unordered pair once: i < j, or, with close, j not close (that pair has no row of its own)
        keep = (I < J) if close is None else ((I < J) | ~close[J]) & (I != J)
        I, J = I[keep], J[keep]  # noqa: E741
        low, high = np.minimum(I, J), np.maximum(I, J)  # the pair's order as np.triu_indices gives it
        yield low, high


def _clear_bitangents(space: Space, first: np.ndarray, second: np.ndarray, near: tuple[float, float, float] | None
                      ) -> tuple[np.ndarray, ...]:
    """The bitangents of the circle pairs (first, second) a base can slide along, with their ends'
    circles and angles: (Ti, Tj, ci, cj, th_i, th_j)."""
    Ti, Tj, k = _bitangents(space.circ_c[first], space.circ_r[first], space.circ_c[second], space.circ_r[second])
    ci, cj = first[k], second[k]
    if near is not None:
        x, y, radius = near
        within = ((np.hypot(Ti[:, 0] - x, Ti[:, 1] - y) <= radius + _NEAR_SLACK_CM)
                  | (np.hypot(Tj[:, 0] - x, Tj[:, 1] - y) <= radius + _NEAR_SLACK_CM))
        Ti, Tj, ci, cj = Ti[within], Tj[within], ci[within], cj[within]
    # both ends' angles and tests in one call each (element by element the same numbers)
    ends = np.concatenate([ci, cj])
    th = _angles(space, ends, np.concatenate([Ti, Tj]))
    free = _on_free_arc(space, ends, th)
    K = len(ci)
    keep = free[:K] & free[K:]
    th_i, th_j = th[:K], th[K:]
    Ti, Tj, ci, cj, th_i, th_j = Ti[keep], Tj[keep], ci[keep], cj[keep], th_i[keep], th_j[keep]
    keep = space.segments_clear(Ti, Tj)
    return (Ti[keep].reshape(-1, 2), Tj[keep].reshape(-1, 2), ci[keep], cj[keep], th_i[keep], th_j[keep])


def _ring_pairs(circ: np.ndarray, theta: np.ndarray, ids: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For nodes sorted by (circle, angle): every pair of angularly consecutive nodes of a
    circle, counter-clockwise (the last wrapping to the first): (from ids, to ids, spans)."""
    n = len(circ)
    if n < 2:
        return np.zeros(0, int), np.zeros(0, int), np.zeros(0)
    same = circ[1:] == circ[:-1]
    nxt = np.nonzero(same)[0]
    # wrap: last node of each circle to its first (circles with 2 or more nodes)
    breaks = np.nonzero(~same)[0]
    starts = np.concatenate([[0], breaks + 1])
    ends = np.concatenate([breaks, [n - 1]])
    many = ends > starts
    a = np.concatenate([nxt, ends[many]])
    b = np.concatenate([nxt + 1, starts[many]])
    spans = np.mod(theta[b] - theta[a], _TWO_PI)
    return ids[a], ids[b], spans


class GraphQuery:
    """The cached graph plus query points (start, destination, targets), without touching the cache."""

    def __init__(self, space: Space, graph: _Graph):
        self.space = space
        self.g = graph
        self.n0 = len(graph.pts)
        self.pts: list[tuple[float, float]] = []
        self.circle: list[int] = []
        self.theta: list[float] = []
        self.extra: dict[int, list[tuple[int, float, float]]] = defaultdict(list)
        self.pending: dict[int, list[int]] = defaultdict(list)  # circle -> new nodes on it
        self.crossing: dict[int, int | None] = {}  # exit / entry points -> the outline they lie on

    def point(self, n: int) -> tuple[float, float]:
        return self.g.pts[n] if n < self.n0 else self.pts[n - self.n0]

    def circle_of(self, n: int) -> int:
        return int(self.g.circle[n]) if n < self.n0 else self.circle[n - self.n0]

    def neighbours(self, n: int) -> list[tuple[int, float, float]]:
        if n < self.n0:
            extra = self.extra.get(n)
            return self.g.adj[n] + extra if extra else self.g.adj[n]
        return self.extra.get(n, [])

    def add_node(self, p: Sequence[float], circle: int = -1, theta: float = 0.0) -> int:
        self.pts.append((float(p[0]), float(p[1])))
        self.circle.append(circle)
        self.theta.append(theta)
        n = self.n0 + len(self.pts) - 1
        if circle >= 0:
            self.pending[circle].append(n)
        return n

    def add_edge(self, a: int, b: int, cost: float, span: float = 0.0) -> None:
        self.extra[a].append((b, cost, span))

    def attach(self, p: Sequence[float], outgoing: bool, within: float | None = None) -> int:
        """A free point joined to the graph by its clear tangents to every circle
        (``outgoing``: edges from it, else edges to it); with ``within``, to the circles that come
        within that distance of it only (:func:`_tangents_of`)."""
        return self._join(p, _tangents_of(self.space, p, within), outgoing)

    def attach_ends(self, start: Sequence[float], goal: Sequence[float], from_start: Tangents | None = None
                    ) -> tuple[int, int, float | None]:
        """:meth:`attach` of ``start`` (outgoing) then of ``goal`` (incoming), and the cost of the
        straight segment from one to the other if it is clear (else None): the same nodes, edges
        and numbers as the two calls and the segment's own tests, the tangents of both points and
        the segment tested in one batch (every test is row by row). ``from_start``: the start's
        tangents when already known (:func:`_tangents_of`, the same rows), so only the goal's
        and the segment are tested."""
        if from_start is None:
            (from_start, to_goal), direct = _clear_tangents(self.space, [start, goal], (start, goal))
        else:
            (to_goal,), direct = _clear_tangents(self.space, [goal], (start, goal))
        return self._join(start, from_start, True), self._join(goal, to_goal, False), direct

    def _join(self, p: Sequence[float], tangents: Tangents, outgoing: bool) -> int:
        """The node of ``p`` and its tangents' nodes and edges (:func:`_clear_tangents`' lists)."""
        node = self.add_node(p)
        for t, ci, a, c in zip(*tangents):
            m = self.add_node(t, ci, a)
            if outgoing:
                self.add_edge(node, m, c)
            else:
                self.add_edge(m, node, c)
        return node

    def finalize(self) -> None:
        """Arc edges between the new nodes on circles and their angular neighbours."""
        if not self.pending:
            return
        added = [n for nodes in self.pending.values() for n in nodes]
        self.pending.clear()
        new = np.array(added, dtype=int)
        new_c = np.array([self.circle[n - self.n0] for n in added], dtype=int)
        new_t = np.array([self.theta[n - self.n0] for n in added])
        touched = np.unique(new_c)
        old = np.concatenate([self.g.by_circle[i] for i in touched]) if len(touched) else np.zeros(0, int)
        ids = np.concatenate([old, new])
        circ = np.concatenate([self.g.circle[old], new_c])
        th = np.concatenate([self.g.theta[old], new_t])
        order = np.lexsort((th, circ))
        a, b, spans = _ring_pairs(circ[order], th[order], ids[order])
        keep = (a >= self.n0) | (b >= self.n0)
        a, b, spans = a[keep], b[keep], spans[keep]
        # the circle and angle of each arc's first node: the graph's, or this query's
        cached = a < self.n0
        circles = np.where(cached, self.g.circle[np.where(cached, a, 0)] if self.n0 else 0,
                           np.array(self.circle, dtype=int)[np.where(cached, 0, a - self.n0)])
        thetas = np.where(cached, self.g.theta[np.where(cached, a, 0)] if self.n0 else 0.0,
                          np.array(self.theta, dtype=float)[np.where(cached, 0, a - self.n0)])
        costs = _arc_costs(self.space, circles, thetas, spans)
        for x, y, c, sp in zip(a.tolist(), b.tolist(), costs.tolist(), spans.tolist()):
            if math.isfinite(c):
                self.extra[x].append((y, c, sp))
                self.extra[y].append((x, c, -sp))

    def search(self, src: int, goal: int | None = None, cutoff: float = _INF,
               heuristic: Callable[[tuple[float, float]], float] | None = None) -> tuple[dict[int, float], dict[int, tuple[int, float]]]:
        """A* (or Dijkstra without a goal) from ``src``; costs and predecessors (node, arc span)."""
        if goal is None and heuristic is None:
            return self._dijkstra(src, cutoff)
        dist: dict[int, float] = {src: 0.0}
        pred: dict[int, tuple[int, float]] = {}
        done: set[int] = set()
        if heuristic is None and goal is not None:
            gx, gy = self.point(goal)
            heuristic = lambda p: math.hypot(p[0] - gx, p[1] - gy)  # noqa: E731
        h = heuristic or (lambda p: 0.0)
        heap = [(h(self.point(src)), 0.0, src)]
        while heap:
            f, g, n = heapq.heappop(heap)
            if n in done:
                continue
            if g > cutoff:
                break
            done.add(n)
            if n == goal:
                break
            for m, c, span in self.neighbours(n):
                ng = g + c
                if ng < dist.get(m, _INF):
                    dist[m] = ng
                    pred[m] = (n, span)
                    heapq.heappush(heap, (ng + h(self.point(m)), ng, m))
        return dist, pred

    def _dijkstra(self, src: int, cutoff: float) -> tuple[dict[int, float], dict[int, tuple[int, float]]]:
        """:meth:`search` with no goal: the same pops in the same order (its heap entries
        ``(g + 0.0, g, n)`` order as ``(g, n)``), without the heuristic's calls and point lookups
        per edge (half the search of a 35 cm reach beside the well of ``scenes/table.yaml``)."""
        dist: dict[int, float] = {src: 0.0}
        pred: dict[int, tuple[int, float]] = {}
        done: set[int] = set()
        adj, extra, n0 = self.g.adj, self.extra, self.n0
        pop, push, known = heapq.heappop, heapq.heappush, dist.get
        heap: list[tuple[float, int]] = [(0.0, src)]
        while heap:
            g, n = pop(heap)
            if n in done:
                continue
            if g > cutoff:
                break
            done.add(n)
            more = extra.get(n)
            for edges in ((adj[n], more) if n < n0 else (more,)):
                if not edges:
                    continue
                for m, c, span in edges:
                    ng = g + c
                    if ng < known(m, _INF):
                        dist[m] = ng
                        pred[m] = (n, span)
                        push(heap, (ng, m))
        return dist, pred

    def polyline(self, pred: dict[int, tuple[int, float]], src: int, dst: int, bump: float) -> list[tuple[float, float]]:
        steps: list[tuple[int, float]] = []
        n = dst
        while n != src:
            p, span = pred[n]
            steps.append((n, span))
            n = p
        steps.reverse()
        out = [self.point(src)]
        prev = src
        for n, span in steps:
            i = self.circle_of(n)
            if span != 0.0 and i >= 0 and self.space.circ_r[i] > 0:
                c = self.space.circ_c[i]
                a = self.point(prev)
                out.extend(_arc_points(c, float(self.space.circ_r[i]), math.atan2(a[1] - c[1], a[0] - c[0]), span, bump))
            out.append(self.point(n))
            prev = n
        return out


Tangents = tuple[list[list[float]], list[int], list[float], list[float]]
"""A point's clear tangents to the circles, as :func:`_clear_tangents` lists them (tangent points,
circles, angles, costs)."""


def _tangents_of(space: Space, p: Sequence[float], within: float | None = None) -> Tangents:
    """``p``'s clear tangents alone (:meth:`GraphQuery.attach`'s, and a start's for :func:`_shortest`
    from it to several goals): each row is tested on its own, so these are the rows a batch with
    other points would give. With ``within``, only the tangents to the circles that come within
    that distance of ``p`` (the ball's circles of :func:`_graph`'s ``near``): the others' tangent
    points are farther, so cost more, and a search cut off there never reaches them; their
    free arcs are not computed (a start on a table of 200 small pieces computed all 12,800
    circles' free arcs, over 10 s of CPU for a 2 cm reach: issue 42)."""
    return _clear_tangents(space, [p], None, within)[0][0]


def _clear_tangents(space: Space, points: Sequence[Sequence[float]], segment: tuple[Sequence[float], Sequence[float]] | None,
                    within: float | None = None) -> tuple[list[Tangents], float | None]:
    """For each of ``points`` (free spots), its tangents to every circle that touch a free arc
    and are clear to slide along, as lists (tangent points, circles, angles, costs), in
    :func:`_point_tangents`' order; and, with a ``segment``, its cost if it is clear (else None).
    The points' tangents and the segment are tested together: the tests are row by row, so each
    row's verdict and cost are its own. ``within``: see :func:`_tangents_of`."""
    C = len(space.circ_r)
    found = [_point_tangents(p, space.circ_c, space.circ_r) for p in points] if C else []
    if within is not None and found:
        close = [np.hypot(space.circ_c[i, 0] - p[0], space.circ_c[i, 1] - p[1]) - space.circ_r[i] <= within + _NEAR_SLACK_CM
                 for p, (_, i) in zip(points, found)]
        found = [(t[ok], i[ok]) for (t, i), ok in zip(found, close)]
    T = np.concatenate([t for t, _ in found]) if found else np.zeros((0, 2))
    k = np.concatenate([i for _, i in found]) if found else np.zeros(0, dtype=int)
    owner = np.repeat(np.arange(len(found)), [len(i) for _, i in found]) if found else np.zeros(0, dtype=int)
    th = _angles(space, k, T)
    keep = _on_free_arc(space, k, th)
    T, k, th, owner = T[keep], k[keep], th[keep], owner[keep]
    P = np.asarray(points, dtype=float)[owner] if len(owner) else np.zeros((0, 2))
    A, B = P, T
    if segment is not None:
        A = np.concatenate([P, np.asarray([segment[0]], dtype=float)])
        B = np.concatenate([T, np.asarray([segment[1]], dtype=float)])
    clear = space.segments_clear(A, B)
    costs = space.segment_costs(A[clear], B[clear]) if clear.any() else np.zeros(0)
    n = len(T)
    tangents = clear[:n]
    cost_t = costs[:int(tangents.sum())]
    direct = float(costs[-1]) if segment is not None and clear[n] else None
    T, k, th, owner = T[tangents], k[tangents], th[tangents], owner[tangents]
    out = []
    for j in range(len(points)):
        mine = owner == j
        out.append((T[mine].tolist(), k[mine].tolist(), th[mine].tolist(), cost_t[mine].tolist()))
    return out, direct


def _arc_points(c: np.ndarray, R: float, theta: float, span: float, bump: float) -> list[tuple[float, float]]:
    """Inner corners of a polyline following the arc of circle (c, R) from ``theta`` over
    ``span`` with every segment tangent to the arc (never inside it), corners at most
    ``bump`` outside."""
    step = 2.0 * math.acos(R / (R + bump))
    m = max(1, int(math.ceil(abs(span) / step)))
    delta = span / m
    rr = R / math.cos(delta / 2.0)
    return [(float(c[0] + rr * math.cos(theta + (k + 0.5) * delta)), float(c[1] + rr * math.sin(theta + (k + 0.5) * delta)))
            for k in range(m)]


def _poly_clear(space: Space, pts: Sequence[Sequence[float]]) -> bool:
    if len(pts) < 2:
        return bool(space.points_free(np.asarray(pts, dtype=float)).all())
    a = np.asarray(pts, dtype=float)
    return bool(space.segments_clear(a[:-1], a[1:]).all())


def _poly_measure(space: Space, pts: Sequence[Sequence[float]]) -> tuple[float, float]:
    """(length, cost) of a polyline."""
    if len(pts) < 2:
        return 0.0, 0.0
    a = np.asarray(pts, dtype=float)
    length = float(np.hypot(*(a[1:] - a[:-1]).T).sum())
    return length, float(space.segment_costs(a[:-1], a[1:]).sum())


def _outline_polylines(space: Space) -> list[Polyline]:
    """The outlines of the difficult pieces (:func:`~.space._outlines`) as :class:`~.polyline.Polyline`,
    for points along them (built on first use, beside the outlines)."""
    cached = space._cache.outline_polylines
    if cached is None:
        cached = space._cache.outline_polylines = [Polyline.of(line) for line in _outlines(space)]
    return cached


def _refine_crossings(space: Space, pts: list[tuple[float, float]], edges: list[int | None]
                      ) -> list[tuple[float, float]]:
    """Slide each crossing point of a difficult-terrain boundary along its outline (edges
    and rounded corners) to lower the cost (approaching Snell's law), and drop crossing
    points that a clear shortcut makes useless. Every change keeps the path legal and never
    raises its cost."""
    pts = list(pts)
    edges = list(edges)
    outlines = _outlines(space)
    polylines = _outline_polylines(space)

    def legs(a: Sequence[float], xs: np.ndarray, b: Sequence[float]) -> np.ndarray:
        n = len(xs)
        A = np.tile(np.asarray(a, dtype=float), (n, 1))
        B = np.tile(np.asarray(b, dtype=float), (n, 1))
        p0 = np.vstack([A, xs])  # both legs at once: a -> x, then x -> b
        p1 = np.vstack([xs, B])
        ok = space.segments_clear(p0, p1)
        cost = space.segment_costs(p0, p1)
        return np.where(ok[:n] & ok[n:], cost[:n] + cost[n:], _INF)

    for _ in range(2):
        changed = False
        k = 1
        while k < len(pts) - 1:
            edge = edges[k]
            if edge is None:
                k += 1
                continue
            a, b = pts[k - 1], pts[k + 1]
            here = np.asarray([pts[k]], dtype=float)
            current = float(legs(a, here, b)[0])
            line, along = outlines[edge], polylines[edge]
            length = line.length
            best_x, best = here[0], current
            s_best = float(line.project(shapely.Point(pts[k])))
            # once round the whole outline, then zoom in on the best spot
            grid = np.linspace(0.0, length, 64, endpoint=False)
            step = length / 64
            for _zoom in range(5):
                xs = along.at(np.mod(grid, length))
                vals = legs(a, xs, b)
                j = int(np.argmin(vals))
                if vals[j] < best:
                    best, best_x, s_best = float(vals[j]), xs[j], float(grid[j])
                grid = s_best + np.linspace(-step, step, 17)
                step /= 8
            if best < current - 1e-12:
                pts[k] = (float(best_x[0]), float(best_x[1]))
                changed = True
                current = best
            # a point that does not help (e.g. on a straight stretch) goes
            shortcut = float(legs(a, np.asarray([b], dtype=float), b)[0])  # a -> b -> b
            if shortcut <= current + 1e-12:
                del pts[k]
                del edges[k]
                changed = True
                continue
            k += 1
        if not changed:
            break
    return pts


def _exits(space: Space, q: GraphQuery, node: int, p: Point, outgoing: bool) -> None:
    """For a point over difficult terrain: the feet of its perpendiculars on the nearby
    boundaries of the difficult area, as refinable crossing nodes joined to it (the quick
    way out of, or into, the difficult area)."""
    if space.diff_geom is None or not space._point_difficult(np.asarray([p], dtype=float))[0]:
        return
    P = np.asarray(p, dtype=float)
    for e0, e1 in space._cache.offset_edges:
        v = e1 - e0
        t = float(np.clip((P - e0) @ v / (v @ v), 0.0, 1.0))
        foot = e0 + t * v
        if float(np.hypot(*(foot - P))) > 2.0 * space.r + 1e-9:
            continue
        F = foot[None, :]
        if not space.points_free(F)[0]:
            continue
        A, B = (P[None, :], F) if outgoing else (F, P[None, :])
        if not space.segments_clear(A, B)[0]:
            continue
        m = q.attach(foot, outgoing=outgoing)
        q.crossing[m] = _outline_of(space, foot)
        cost = float(space.segment_costs(A, B)[0])
        if outgoing:
            q.add_edge(node, m, cost)
        else:
            q.add_edge(m, node, cost)


def _walls(space: Space) -> tuple[np.ndarray, ...]:
    """The capsules of positive length (impassable terrain's edges) as (a, unit direction, length,
    rho, the point rho beyond a, the point rho beyond b) along their lines; built once per space."""
    walls = space._cache.walls
    if walls is None:
        e = space.cap_b - space.cap_a
        length = np.hypot(e[:, 0], e[:, 1])
        k = length > 0
        a, rho, length = space.cap_a[k], space.cap_rho[k], length[k]
        u = e[k] / length[:, None]
        walls = space._cache.walls = (a, u, length, rho, a - rho[:, None] * u, a + (length + rho)[:, None] * u)
    return walls


def _discs(space: Space) -> tuple[np.ndarray, np.ndarray]:
    """The capsules of zero length (other models' bases) as (centres, rho); built once per space."""
    discs = space._cache.discs
    if discs is None:
        k = (space.cap_a == space.cap_b).all(axis=1)
        discs = space._cache.discs = (space.cap_a[k], space.cap_rho[k])
    return discs


def _length_bounds(space: Space, start: Point, goals: np.ndarray) -> np.ndarray:
    """Lower bounds on the length of every clear path from ``start`` to each of ``goals`` (N, 2).

    The largest of: the straight distance; for each terrain edge's capsule that the straight
    segment crosses (its ends on either side of the edge's line, the crossing inside the capsule),
    the shorter way through a point of that line beyond either end of the capsule: a path must
    cross the line somewhere, and not inside the capsule; on a ray the detour is shortest at its
    end (the distance sum is convex along the line, least at the straight crossing); and for each
    base's disc the straight segment cuts, the shortest way round that disc alone (tangent, arc,
    tangent): a clear path avoids that disc among the rest, so it is no shorter.
    """
    S = np.asarray(start, dtype=float)
    G = np.asarray(goals, dtype=float).reshape(-1, 2)
    straight: np.ndarray = np.hypot(G[:, 0] - S[0], G[:, 1] - S[1])
    if not len(G):
        return straight
    bounds: np.ndarray = np.maximum(np.maximum(straight, _round_walls(space, S, G)), _round_discs(space, S, G))
    return bounds


def _round_walls(space: Space, S: np.ndarray, G: np.ndarray) -> np.ndarray:
    """:func:`_length_bounds`'s ways round the ends of terrain edges (0 where none is crossed)."""
    a, u, length, rho, beyond_a, beyond_b = _walls(space)
    if not len(a):
        return np.zeros(len(G))
    ux, uy = u[:, 0], u[:, 1]
    sx, sy = S[0] - a[:, 0], S[1] - a[:, 1]  # (K,): the start from each capsule's a
    gx, gy = G[:, 0, None] - a[None, :, 0], G[:, 1, None] - a[None, :, 1]  # (N, K)
    side_s = ux * sy - uy * sx  # signed distances from the lines
    side_g = ux[None, :] * gy - uy[None, :] * gx
    along_s = ux * sx + uy * sy  # positions along the lines
    along_g = ux[None, :] * gx + uy[None, :] * gy
    crossing = side_s[None, :] * side_g < 0
    t = side_s[None, :] / np.where(crossing, side_s[None, :] - side_g, 1.0)
    at = along_s[None, :] + t * (along_g - along_s[None, :])
    crossing &= (at > -rho[None, :]) & (at < (length + rho)[None, :])
    via_a = np.hypot(*(S - beyond_a).T)[None, :] + np.hypot(G[:, 0, None] - beyond_a[None, :, 0], G[:, 1, None] - beyond_a[None, :, 1])
    via_b = np.hypot(*(S - beyond_b).T)[None, :] + np.hypot(G[:, 0, None] - beyond_b[None, :, 0], G[:, 1, None] - beyond_b[None, :, 1])
    ways: np.ndarray = np.where(crossing, np.minimum(via_a, via_b), 0.0).max(axis=1)
    return ways


def _round_discs(space: Space, S: np.ndarray, G: np.ndarray) -> np.ndarray:
    """:func:`_length_bounds`'s ways round single bases' discs (0 where none is cut, or where an end
    lies inside a disc: plan_move finds no path there)."""
    c, rho = _discs(space)
    if not len(c):
        return np.zeros(len(G))
    ds = np.hypot(S[0] - c[:, 0], S[1] - c[:, 1])  # (K,)
    dg = np.hypot(G[:, 0, None] - c[None, :, 0], G[:, 1, None] - c[None, :, 1])  # (N, K)
    d = G - S
    dd = np.maximum((d * d).sum(axis=1), 1e-300)[:, None]
    t = np.clip(((c[None, :, 0] - S[0]) * d[:, 0, None] + (c[None, :, 1] - S[1]) * d[:, 1, None]) / dd, 0.0, 1.0)
    near = np.hypot(S[0] + t * d[:, 0, None] - c[None, :, 0], S[1] + t * d[:, 1, None] - c[None, :, 1])
    cuts = (near < rho[None, :]) & (ds[None, :] >= rho[None, :]) & (dg >= rho[None, :])
    ds_, dg_ = np.maximum(ds[None, :], rho[None, :]), np.maximum(dg, rho[None, :])
    # the angle at the centre between the ends, less the parts the tangents cover
    cos_t = ((S[0] - c[None, :, 0]) * (G[:, 0, None] - c[None, :, 0]) + (S[1] - c[None, :, 1]) * (G[:, 1, None] - c[None, :, 1])) / (ds_ * dg_)
    theta = np.arccos(np.clip(cos_t, -1.0, 1.0))
    arc = theta - np.arccos(np.clip(rho[None, :] / ds_, -1.0, 1.0)) - np.arccos(np.clip(rho[None, :] / dg_, -1.0, 1.0))
    way = np.sqrt(ds_ ** 2 - rho[None, :] ** 2) + np.sqrt(dg_ ** 2 - rho[None, :] ** 2) + rho[None, :] * np.maximum(arc, 0.0)
    ways: np.ndarray = np.where(cuts, way, 0.0).max(axis=1)
    return ways


def _shortest(space: Space, start: Point, goal: Point, from_start: Tangents | None = None) -> list[tuple[float, float]] | None:
    """The cheapest path from ``start`` to ``goal`` (both legal positions), or None.

    ``from_start``: the start's tangents (:func:`_tangents_of`), for a caller that searches
    from one start to many goals (an escape's sampled end points): the same path, the start's
    tangents tested once."""
    graph = _graph(space)
    q = GraphQuery(space, graph)
    s, g, direct = q.attach_ends(start, goal, from_start)
    _exits(space, q, s, start, True)
    _exits(space, q, g, goal, False)
    if direct is not None:
        q.add_edge(s, g, direct)
    q.finalize()
    dist, pred = q.search(s, g)
    if g not in dist:
        return None
    if _DEBUG is not None:  # tests: the graph's price of the path against the drawn path's exact cost
        _DEBUG.append((dist[g], _poly_measure(space, q.polyline(pred, s, g, ARC_BUMP_CM))[1]))
    return _finish_path(space, q, pred, s, g)


_DEBUG: list[tuple[float, float]] | None = None
"""Set to a list by tests to collect (graph cost, exact cost of the unrefined polyline) pairs."""


def _finish_path(space: Space, q: GraphQuery, pred: dict[int, tuple[int, float]], s: int, g: int) -> list[tuple[float, float]]:
    pts: list[tuple[float, float]] = []
    for bump in (ARC_BUMP_CM, ARC_BUMP_CM / 10, ARC_BUMP_CM / 100, ARC_BUMP_CM / 1000, ARC_BUMP_CM / 10000):
        pts = q.polyline(pred, s, g, bump)
        if _poly_clear(space, pts):
            break
    if space.diff_geom is None:
        return _dedupe(pts)
    # Crossing points on difficult boundaries (graph samples on them, ways out), tagged
    # with their outline; several nodes of one sample are one point of the path.
    tags: dict[tuple[float, float], int] = {}
    n = g
    while n != s:
        i = q.circle_of(n)
        edge = space.circ_edge[i] if i >= 0 else q.crossing.get(n)
        if edge is not None:
            tags[q.point(n)] = edge
        n = pred[n][0]
    pts = _dedupe(pts)
    edges: list[int | None] = [tags.get(p) if 0 < k < len(pts) - 1 else None for k, p in enumerate(pts)]
    has_crossing = any(e is not None for e in edges)
    pts, edges, found = _with_boundary_crossings(space, pts, edges)
    has_crossing = has_crossing or found
    if has_crossing:
        pts = _refine_crossings(space, pts, edges)
    return _dedupe(pts)


def _outline_of(space: Space, x: Sequence[float], tol: float = 1e-3) -> int | None:
    """The difficult outline that ``x`` lies on (within ``tol``), if any."""
    point = shapely.Point(x)
    best, which = tol, None
    for k, line in enumerate(_outlines(space)):
        d = line.distance(point)
        if d < best:
            best, which = d, k
    return which


def _with_boundary_crossings(space: Space, pts: list[tuple[float, float]], edges: list[int | None]
                             ) -> tuple[list[tuple[float, float]], list[int | None], bool]:
    """Insert the points where the path starts or stops being over difficult terrain, each
    with the outline it lies on, so that the refinement can slide them (refraction)."""
    a = np.asarray(pts, dtype=float)
    if len(a) < 2:
        return pts, edges, False
    ivs = space.difficult_intervals(a[:-1], a[1:])
    out_p: list[tuple[float, float]] = [pts[0]]
    out_e: list[int | None] = [edges[0]]
    found = False
    for i, row in enumerate(ivs):
        for t in sorted(t for iv in row for t in iv if 1e-9 < t < 1 - 1e-9):
            x = a[i] + t * (a[i + 1] - a[i])
            which = _outline_of(space, x)
            if which is not None:
                out_p.append((float(x[0]), float(x[1])))
                out_e.append(which)
                found = True
        out_p.append(pts[i + 1])
        out_e.append(edges[i + 1])
    return out_p, out_e, found


def _dedupe(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out = [pts[0]]
    for p in pts[1:]:
        if math.hypot(p[0] - out[-1][0], p[1] - out[-1][1]) > 1e-12:
            out.append(p)
    if len(out) == 1 and len(pts) > 1:
        out.append(pts[-1])
    return out
