"""The reach region's proofs: a triangle mesh of the start's free component, pivots priced by
their cheapest legs, and the upper bounds that prove a whole component or most of it reached
within an allowance (R-MOVE, RUL-17; issue 42).

:func:`.reach.construct_reach` asks these first for a long move: :func:`_whole_area_reached` answers the
whole component at once, :func:`_proved_triangles` the part whose triangles are priced under the
allowance, and the sweeps of :mod:`.reach` need cover only the rest. Every bound here is the cost
of a real path, so what is proved is reached."""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from ..board import Point
from .legs import _LEGS_PER_POINT, _price_legs
from .rays import _difficult_box_share
from .result import _INF, _TWO_PI
from .space import Space
from .work import Work

_MESH_EDGE_CM = 4.0


@dataclass(frozen=True)
class _Mesh:
    """A triangle mesh of a free component (see :func:`_mesh_distances`): ``points`` (V, 2),
    ``triangles`` (T, 3) corner indices, ``edges`` (E, 2) and their ``length`` as priced (twice
    near difficult ground), ``doubled`` (T,) the triangles near difficult ground, and ``legs``,
    the start's straight legs to the corners of the triangles it lies in (their prices)."""

    points: np.ndarray
    triangles: np.ndarray
    edges: np.ndarray
    length: np.ndarray
    doubled: np.ndarray
    legs: dict[int, float]


def _mesh_distances(space: Space, component: BaseGeometry, start: Point
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """A triangle mesh of ``component`` (triangles no longer than ``_MESH_EDGE_CM`` a side)
    and, for each of its corners, the cost of a path from ``start`` along the mesh's edges.

    Every triangle lies inside the component and is convex, so each of its edges and each
    segment from a corner to a point of it is a legal slide; an edge is priced at twice its
    length when the base could touch difficult terrain anywhere along it (RUL-17), else at its
    length. The costs are therefore costs of real paths: upper bounds of the cheapest.

    Returns
    -------
    (points, triangles, costs, doubled) or None
        ``points`` (V, 2) the corners, ``triangles`` (T, 3) corner indices, ``costs`` (V,) mesh path costs (inf where the
        mesh does not connect), ``doubled`` (T,) whether a triangle touches difficult terrain;
        None when the start lies in no triangle.
    """
    mesh = _mesh(space, component, start)
    if mesh is None:
        return None
    costs = _dijkstra(len(mesh.points), mesh.edges, mesh.length, mesh.legs)
    return mesh.points, mesh.triangles, costs, mesh.doubled


def _mesh(space: Space, component: BaseGeometry, start: Point) -> _Mesh | None:
    """The triangle mesh of :func:`_mesh_distances`, before its Dijkstra (None when the start
    lies in no triangle)."""
    tri = shapely.get_coordinates(shapely.get_parts(shapely.constrained_delaunay_triangles(component)))
    corners = tri.reshape(-1, 4, 2)[:, :3]
    while True:  # halve the longest side until none is longer than the mesh step
        sides = np.stack([np.hypot(*(corners[:, (k + 1) % 3] - corners[:, k]).T) for k in range(3)], 1)
        big = sides.max(axis=1) > _MESH_EDGE_CM
        if not big.any():
            break
        # rotate each big triangle so that its longest side runs from corner 0 to corner 1
        shift = sides[big].argmax(axis=1)
        rolled = corners[big][np.arange(big.sum())[:, None], (shift[:, None] + np.arange(3)) % 3]
        a, b, c = rolled[:, 0], rolled[:, 1], rolled[:, 2]
        m = (a + b) / 2
        corners = np.concatenate([corners[~big], np.stack([a, m, c], 1), np.stack([m, b, c], 1)])
    flat = np.ascontiguousarray(corners.reshape(-1, 2)).view(np.complex128).ravel()  # one number a point
    unique, index = np.unique(flat, return_inverse=True)
    points = np.stack([unique.real, unique.imag], 1)
    triangles = index.reshape(-1, 3)
    edges = np.unique(np.sort(np.concatenate([triangles[:, [0, 1]], triangles[:, [1, 2]], triangles[:, [2, 0]]]),
                              axis=1), axis=0)
    length = np.hypot(*(points[edges[:, 1]] - points[edges[:, 0]]).T)
    doubled = np.zeros(len(triangles), dtype=bool)
    if space.diff_geom is not None:
        reach_of_difficult = space.diff_geom.buffer(space.r + 0.01)  # past the buffer's chords
        shapely.prepare(reach_of_difficult)
        lines = shapely.linestrings(np.stack([points[edges[:, 0]], points[edges[:, 1]]], 1))
        length = np.where(shapely.intersects(reach_of_difficult, lines), 2.0 * length, length)
        doubled = np.asarray(shapely.intersects(reach_of_difficult, shapely.polygons(points[triangles])))
    # the start's own triangles: those it lies in or on (barycentric, with a hair of slack)
    a, b, c = (points[triangles[:, k]] for k in range(3))
    s = np.asarray(start, dtype=float)

    def cross(u: np.ndarray, v: np.ndarray, w: np.ndarray) -> np.ndarray:
        z: np.ndarray = (v[:, 0] - u[:, 0]) * (w[:, 1] - u[:, 1]) - (v[:, 1] - u[:, 1]) * (w[:, 0] - u[:, 0])
        return z

    area = cross(a, b, c)
    sb = np.broadcast_to(s, a.shape)
    signs = np.stack([cross(a, b, sb), cross(b, c, sb), cross(c, a, sb)], 1) * np.sign(area)[:, None]
    home = np.nonzero((signs >= -1e-9 * np.abs(area)[:, None]).all(axis=1))[0]
    if len(home) == 0:
        return None
    # Dijkstra over the mesh's edges, from the start joined to its triangles' corners by
    # straight legs priced at twice their length
    legs = {v: 2.0 * float(np.hypot(*(points[v] - s))) for v in np.unique(triangles[home]).tolist()}
    return _Mesh(points, triangles, edges, length, doubled, legs)


def _dijkstra(n: int, edges: np.ndarray, length: np.ndarray, sources: dict[int, float]) -> np.ndarray:
    """The cheapest cost from a virtual source to each of ``n`` mesh points (``inf`` when not
    reached): ``edges`` (k x 2 point indices) priced ``length`` both ways, the source joined to
    the points of ``sources`` at the given prices. A heap over adjacency lists: the mesh has a
    few hundred points, too few to pay for a graph library's start-up."""
    nbrs: list[list[tuple[int, float]]] = [[] for _ in range(n)]
    for u, v, w in zip(edges[:, 0].tolist(), edges[:, 1].tolist(), length.tolist()):
        nbrs[u].append((v, w))
        nbrs[v].append((u, w))
    best = [_INF] * n
    heap = [(g, v) for v, g in sources.items()]
    for g, v in heap:
        best[v] = min(best[v], g)
    heapq.heapify(heap)
    done = [False] * n
    while heap:
        g, u = heapq.heappop(heap)
        if done[u] or g > best[u]:
            continue
        done[u] = True
        for v, w in nbrs[u]:
            if g + w < best[v]:
                best[v] = g + w
                heapq.heappush(heap, (g + w, v))
    return np.asarray(best, dtype=float)


def _whole_reach_bound(space: Space, component: BaseGeometry, start: Point) -> float:
    """An allowance past which every point of ``component`` (the start's part of the free
    space) is reachable: the dearest triangle of :func:`_mesh_distances`, each priced from its
    cheapest corner plus (twice, near difficult terrain) the farthest of its other corners.

    Sound because the costs are those of real paths (see :func:`_mesh_distances`); the mesh
    follows the component's outline, which lies within 0.0002 cm of the true free space, and
    0.001 cm is added for it. Infinite when the mesh cannot place the start.
    """
    mesh = _mesh_distances(space, component, start)
    if mesh is None:
        return _INF
    points, triangles, costs, doubled = mesh
    return float(_triangle_bounds(points[triangles], costs[triangles], doubled).max()) + _OUTLINE_SLACK_CM


_OUTLINE_SLACK_CM = 0.001
"""Added to a mesh bound for the component's outline, within 0.0002 cm of the true free space."""


def _triangle_bounds(corners: np.ndarray, costs: np.ndarray, doubled: np.ndarray) -> np.ndarray:
    """For triangles (``corners`` (T, 3, 2), their ``costs`` (T, 3) upper bounds, ``doubled``
    (T,) near difficult ground): a cost no point of each triangle exceeds, its cheapest corner's
    way in, each corner's cost plus (twice near difficult ground) its distance to the farther
    other corner (a triangle is convex: the leg from a corner to any of its points is a slide).

    >>> tri = np.array([[[0.0, 0.0], [3.0, 0.0], [0.0, 4.0]]])
    >>> _triangle_bounds(tri, np.array([[10.0, 12.0, 20.0]]), np.array([False])).tolist()
    [14.0]
    """
    side = np.hypot(*(corners - np.roll(corners, -1, axis=1)).transpose(2, 0, 1))  # side k: corner k to k+1
    farthest = np.maximum(side, np.roll(side, 1, axis=1))  # from corner k to the farther other corner
    bounds: np.ndarray = (costs + np.where(doubled, 2.0, 1.0)[:, None] * farthest).min(axis=1)
    return bounds


_PROOF_SHARE = 0.75
"""From this share of the distance to the start's component's farthest corner, :func:`reach_region`
first proves what it can of the component reached (:func:`_proved_triangles`)."""
_PARTIAL_LEVELS = 2
"""Refinements of that partial proof (a 4 cm triangle down to 0.25 cm)."""
_PROOF_CHUNK = 2_048
"""Points a partial proof on a bound of work prices between looks at the work spent."""
_PROOF_WORK_SHARE = 0.6
"""The share of a bound of work the partial proof may spend: the rest is the sweeps' and stars'."""
_PIVOT_SIDES = 16
"""Pivots round each circle of the tangent graph (:func:`_pivot_costs`)."""
_MOST_PIVOTS = 1_500
"""Past this many pivots (a crowded scene) the refined whole-area test is not tried."""
_REFINE_LEVELS = 8
"""The most times a triangle of :func:`_whole_area_reached` is split in four."""
_MOST_REFINED = 60_000
"""The most triangles one refinement level of :func:`_whole_area_reached` may hold."""


def _cost_above(space: Space, p0: np.ndarray, p1: np.ndarray) -> np.ndarray:
    """An upper bound of each segment's cost (RUL-17), cheap: its length, plus the length of
    its part within each difficult piece's grown bounding box (:meth:`Space.near_difficult`'s
    boxes: the base is over difficult ground only there), at most twice its length.

    >>> from landsraad.geometry.board import Base, Board, TerrainPiece
    >>> from landsraad.geometry.movement.terrain_space import _space
    >>> mud = TerrainPiece("mud", ((20, 0), (30, 0), (30, 60), (20, 60)), movement="difficult")
    >>> space = _space(Board(bases=(Base("a", 5, 30, 30),), terrain=(mud,)), "a", ())
    >>> ends = np.array([[45.0, 30.0], [5.0, 50.0]])
    >>> [round(float(c), 3) for c in _cost_above(space, np.array([[5.0, 30.0], [5.0, 5.0]]), ends)]
    [53.0, 45.0]
    """
    length: np.ndarray = np.hypot(*(p1 - p0).T)
    if space.diff_geom is None or len(p0) == 0:
        return length
    inside = _difficult_box_share(space, p0, p1)
    above: np.ndarray = length * (1.0 + inside)
    return above


def _pivot_costs(space: Space, start: Point, soft: bool = True) -> tuple[np.ndarray, np.ndarray] | None:
    """The start and points just outside each circle the shortest paths wrap round (the corners
    of its circumscribed 16-gon pushed out by 0.01 cm, so that the chord between neighbours
    clears the circle), with the cost of the cheapest path from the start to each through the
    others by clear straight slides priced exactly (difficult ground double, RUL-17): a dense
    Dijkstra, ``inf``
    where no such path exists. Real paths: upper bounds of the cheapest. None past
    :data:`_MOST_PIVOTS` pivots.

    >>> from landsraad.geometry.board import Base, Board
    >>> from landsraad.geometry.movement.terrain_space import _space
    >>> board = Board(bases=(Base("a", 10, 10, 30), Base("b", 30, 10, 30)))
    >>> points, costs = _pivot_costs(_space(board, "a", ()), (10.0, 10.0))
    >>> len(points), float(costs[0]), bool(np.isfinite(costs).all())
    (17, 0.0, True)
    """
    s = np.asarray(start, dtype=float)
    c, radius = space.circ_c, space.circ_r
    parts = []
    # an obstacle's circle: 16 pivots round it; a difficult corner's, 4 (paths skirting it)
    for keep, sides in (((radius > 0) & ~space.circ_soft, _PIVOT_SIDES), ((radius > 0) & space.circ_soft & soft, 4)):
        angles = np.arange(sides) * (_TWO_PI / sides)
        out = radius[keep] / math.cos(math.pi / sides) + 0.01
        parts.append((c[keep][:, None, :] + out[:, None, None] * np.stack([np.cos(angles), np.sin(angles)], 1)[None]).reshape(-1, 2))
    around = np.vstack(parts)
    around = around[space.points_free(around)] if len(around) else around
    if len(around) + 1 > _MOST_PIVOTS:
        return None
    points = np.vstack([s[None, :], around])
    return points, _pivot_dijkstra(space, points)


def _pivot_dijkstra(space: Space, points: np.ndarray) -> np.ndarray:
    """:func:`_pivot_costs`' dense Dijkstra from ``points[0]`` over the clear straight slides
    between ``points``, each priced exactly (:meth:`Space.segment_costs`, the slide oriented
    from the lower index to the higher, so both ways cost the same numbers).

    Its edges are cleared and priced only when they may lower a cost: settling ``u`` at ``g[u]``,
    the slide to ``v`` costs at least its length, so where ``g[u]`` plus the length is no less
    than ``g[v]`` the dense update ``min(g[v], g[u] + w)`` keeps ``g[v]`` (IEEE sums are
    monotonic, and a price is its length times one or more). Every cost vector, and so every
    node settled, is the dense one's step by step (ties go to the lowest index, as
    ``np.argmin``): the same numbers, clearing 35,000 of the 83,000 pairs of a long reach's pivots
    on ``scenes/table.yaml`` and pricing 22,000 (issue 42)."""
    m = len(points)
    g = np.full(m, _INF)
    g[0] = 0.0
    done = np.zeros(m, dtype=bool)
    for _ in range(m):
        u = int(np.argmin(np.where(done, _INF, g)))
        if done[u] or not math.isfinite(g[u]):
            break
        done[u] = True
        length = np.hypot(points[:, 0] - points[u, 0], points[:, 1] - points[u, 1])
        v = np.nonzero(~done & (g[u] + length < g))[0]
        if not len(v):
            continue
        lo, hi = np.minimum(v, u), np.maximum(v, u)
        clear = space.segments_clear(points[lo], points[hi])
        v, lo, hi = v[clear], lo[clear], hi[clear]
        if len(v):
            g[v] = np.minimum(g[v], g[u] + space.segment_costs(points[lo], points[hi]))
    return g


def _whole_area_reached(space: Space, component: BaseGeometry, start: Point, budget: float,
                        mesh: _Mesh | None = None, first_legs: int = 0,
                        kept: dict[str, Any] | None = None, work: Work | None = None) -> bool:
    """Whether every point of ``component`` (the start's part of the free space) costs less than
    ``budget``, proved by upper bounds made of real paths; False when not proved (then the ray
    sweep decides).

    The mesh of :func:`_whole_reach_bound`, its corners priced also by a clear straight leg
    from a pivot of :func:`_pivot_costs` (best first, at most :data:`_LEGS_PER_POINT` legs a
    corner, as :func:`.reach._boundary_stars` prices; by :func:`_cost_above`), then by the mesh's
    Dijkstra from those prices: a mesh path zigzags (53.7 cm for the 47-48 cm dearest point of
    ``scenes/table.yaml``'s naib-1), a leg does not. A corner left at ``budget`` or more ends the test (not
    proved). Then each triangle whose bound (:func:`_triangle_bounds`) reaches ``budget`` is
    split in four, its sides' midpoints priced through its corners and by pivot legs, up to
    :data:`_REFINE_LEVELS` times: the bound's slack (a side's length) halves at each level.
    ``mesh``: :func:`_mesh` of the same arguments when the caller has it. ``first_legs``: when not
    0, a first try prices each corner by that many legs only (the answer is the same, see below).
    ``kept``: when given, receives the pivots (``"pivots"``) and, once every corner was priced by
    all its legs, their prices (``"corner_legs"``), for the partial proof of a test that fails.
    ``work``: counts its legs (never stops it: past the whole-area bound the answer stays exact).
    """
    if mesh is None:
        mesh = _mesh(space, component, start)
    pivots = _pivot_costs(space, start, soft=True)
    if kept is not None:
        kept["pivots"] = pivots
    # First with each corner's few best legs only: a subset of the legs, so every price, corner
    # cost and triangle bound is no lower than the full test's, and the triangles left over at
    # each level are a superset of its: when this proves the area, the full test does (the same
    # answer); when not, the full test decides. Far from the bound, a corner's first legs prove
    # it (a 90 cm reach on the reference scene cleared 520,000 legs for 16,500 corners, issue 42).
    # The second try starts from the first's corner prices and prices only the later legs: a
    # corner's price is the least over its legs whatever the order, so it is the full test's.
    corner_legs = None if mesh is None else np.full(len(mesh.points), _INF)
    tries = ((0, first_legs), (first_legs, _LEGS_PER_POINT)) if first_legs else ((0, _LEGS_PER_POINT),)
    for ranks in tries:
        proof = _proved_triangles(space, component, start, budget, whole=True, mesh=mesh, pivots=pivots,
                                  most_legs=ranks[1], corner_legs=corner_legs, corner_ranks=ranks, work=work)
        if proof is not None and len(proof) == 0:
            return True
    if kept is not None and corner_legs is not None and pivots is not None:
        kept["corner_legs"] = corner_legs  # every corner priced by its legs of every rank
    return False


_FIRST_LEGS = 4
"""The legs a corner of :func:`_whole_area_reached`'s first, cheaper try is priced by (from
:data:`_CHEAP_FIRST` times the distance to the component's farthest corner)."""
_CHEAP_FIRST = 1.2
"""From this share of the distance to the start's component's farthest corner, :func:`reach_region`'s
whole-area test tries its corners' few best legs first: nearer the bound, where that try fails
(``reference`` blue-6 at 75-85 cm: 1.4-1.5 s more), the full test alone is cheaper. Time only: the answer is the same."""


def _proved_triangles(space: Space, component: BaseGeometry, start: Point, budget: float, *, whole: bool,
                      levels: int = _REFINE_LEVELS, mesh: _Mesh | None = None,
                      pivots: tuple[np.ndarray, np.ndarray] | None = None,
                      most_legs: int = _LEGS_PER_POINT, corner_legs: np.ndarray | None = None,
                      corner_ranks: tuple[int, int] = (0, _LEGS_PER_POINT),
                      work: Work | None = None) -> np.ndarray | None:
    """The triangles of ``component`` (the start's part of the free space) *not* proved to cost
    less than ``budget`` everywhere ((T, 3, 2) corners; every other point of ``component`` is
    proved reached), by :func:`_whole_area_reached`'s upper bounds made of real paths, refined
    ``levels`` times. None when no proof can be tried (the mesh cannot place the start, a crowded
    scene's pivots) or, with ``whole``, as soon as some point is seen not to be proved (a corner
    at ``budget`` or more, too many triangles to refine), which :func:`_whole_area_reached` asks.
    Without ``whole``, a triangle too dear is left unproved, and refining stops at
    :data:`_MOST_REFINED` triangles (the rest are left unproved). ``mesh``: :func:`_mesh` of the
    same arguments when the caller has it (else built here); ``pivots``: :func:`_pivot_costs` of
    ``soft=whole`` likewise; ``most_legs``: the legs a side's midpoint is priced by (:func:`_price_legs`);
    ``corner_legs``: the mesh corners' leg prices, lowered in place by their legs of ``corner_ranks``
    (a fresh array, every leg up to ``most_legs``, by default). ``work``: counts the legs priced;
    without ``whole``, once :data:`_PROOF_WORK_SHARE` of its budget is used up, no more points are
    priced (they keep their upper bounds) and no further level is refined (the triangles still
    over the allowance are left unproved: fewer points proved, every one still reached)."""
    if mesh is None:
        mesh = _mesh(space, component, start)
    if mesh is None:
        return None
    points, triangles = mesh.points, mesh.triangles
    if pivots is None:
        pivots = _pivot_costs(space, start, soft=whole)
    if pivots is None:
        return None
    reached = np.isfinite(pivots[1])
    P, G = pivots[0][reached], pivots[1][reached]
    still = np.zeros_like(P)  # no direction refused: a leg that crosses an obstacle is not clear

    bounded = work is not None and work.bounded and not whole

    def price(X: np.ndarray, cost: np.ndarray, ranks: tuple[int, int] = (0, most_legs)) -> None:
        # on a bound of work, in chunks while its share lasts: a point left unpriced keeps the
        # cost it has (an upper bound), so fewer triangles are proved, every one still reached
        step = _PROOF_CHUNK if bounded else max(1, len(X))
        for lo in range(0, len(X), step):
            if ranks[0] >= ranks[1] or (bounded and work is not None and work.past(_PROOF_WORK_SHARE)):
                return
            legs = _price_legs(space, P, G, still, X, lo, min(step, len(X) - lo), budget, cost,
                               lambda a, b: _cost_above(space, a, b), ranks)
            if work is not None:
                work.legs(legs, exact=False)

    if corner_legs is None:
        legs = np.full(len(points), _INF)
        price(points, legs)
    else:
        legs = corner_legs
        price(points, legs, corner_ranks)
    sources = dict(mesh.legs)
    for v in np.nonzero(np.isfinite(legs))[0].tolist():
        sources[v] = min(sources.get(v, _INF), float(legs[v]))
    costs = _dijkstra(len(points), mesh.edges, mesh.length, sources)
    if whole and not (costs + _OUTLINE_SLACK_CM < budget).all():
        return None
    corners, corner_costs, doubled = points[triangles], costs[triangles], mesh.doubled
    near_difficult = None
    if space.diff_geom is not None:
        near_difficult = space.diff_geom.buffer(space.r + 0.01)  # as _mesh's
        shapely.prepare(near_difficult)
    for level in range(levels + 1):
        over = _triangle_bounds(corners, corner_costs, doubled) + _OUTLINE_SLACK_CM >= budget
        if not over.any():
            return np.zeros((0, 3, 2))
        if not whole:
            # a triangle with a corner at the budget or more holds an unreached point: not refined
            hopeless = (corner_costs + _OUTLINE_SLACK_CM >= budget).any(axis=1) & over
            if level == levels or 4 * int((over & ~hopeless).sum()) > _MOST_REFINED or (work is not None and work.past(_PROOF_WORK_SHARE)):
                return np.asarray(corners[over])
            left = corners[hopeless]
            over &= ~hopeless
        elif level == levels or 4 * int(over.sum()) > _MOST_REFINED:
            return None
        corners, corner_costs, doubled = corners[over], corner_costs[over], doubled[over]
        mids = (corners + np.roll(corners, -1, axis=1)) / 2  # mid k: of the side from corner k to k+1
        factor = np.where(doubled, 2.0, 1.0)[:, None, None]
        # through each corner of the triangle (a slide inside it), or a leg from a pivot
        through = corner_costs[:, None, :] + factor * np.hypot(*(mids[:, :, None, :] - corners[:, None, :, :]).transpose(3, 0, 1, 2))
        mid_costs = through.min(axis=2).reshape(-1)
        price(mids.reshape(-1, 2), mid_costs)
        mid_costs = mid_costs.reshape(-1, 3)
        six = np.concatenate([corners, mids], axis=1)  # corners 0-2, then the mids 3-5
        six_costs = np.concatenate([corner_costs, mid_costs], axis=1)
        children = np.array([[0, 3, 5], [3, 1, 4], [5, 4, 2], [3, 4, 5]])
        corners = six[:, children].reshape(-1, 3, 2)
        corner_costs = six_costs[:, children].reshape(-1, 3)
        doubled = np.repeat(doubled, 4)
        if near_difficult is not None and doubled.any():
            idx = np.nonzero(doubled)[0]
            doubled[idx] = shapely.intersects(near_difficult, shapely.polygons(corners[idx]))
        if not whole and len(left):
            # the hopeless triangles stay as they are, with costs that keep them so
            corners = np.concatenate([corners, left])
            corner_costs = np.concatenate([corner_costs, np.full((len(left), 3), _INF)])
            doubled = np.concatenate([doubled, np.zeros(len(left), dtype=bool)])
    return None
