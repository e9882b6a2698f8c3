"""The tangent graph's faster formulations against the plain ones they replaced, bit for bit.

The references below are the former code of landsraad.geometry.movement.graph (the bitangents
kind by kind, the graph's ends tested apart, the ring pairs through Python lists, each query point
attached and the straight segment tested on its own). The graph, the query and the path must be
the same numbers in the same order: the search's ties are broken by node number, so any change
of order could change a game.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from landsraad.geometry import movement
from landsraad.geometry.board import Board
from landsraad.geometry.movement import graph as movement_graph
from landsraad.geometry.movement.graph import GraphQuery, _angles, _arc_costs, _exits, _finish_path, _Graph, _on_free_arc, _point_tangents
from landsraad.geometry.movement.result import _TWO_PI, TOUCH_TOLERANCE_CM

from .test_movement import _cluttered_board, boards

# --- the former formulations (references) ---------------------------------------------------------


def ref_bitangents(ci, ri, cj, rj):
    v = cj - ci
    d = np.hypot(v[:, 0], v[:, 1])
    safe = np.where(d > 0, d, 1.0)
    u = v / safe[:, None]
    up = np.stack([-u[:, 1], u[:, 0]], axis=1)
    Ti, Tj, idx = [], [], []
    both_points = (ri == 0) & (rj == 0)
    some_point = (ri == 0) | (rj == 0)
    for s2 in (1.0, -1.0):
        with np.errstate(over="ignore", invalid="ignore"):
            cos_a = (s2 * rj - ri) / safe
        slack = 2.0 * TOUCH_TOLERANCE_CM / np.maximum(safe, 1e-9)
        cos_a = np.where(some_point & (np.abs(cos_a) > 1) & (np.abs(cos_a) <= 1 + slack), np.sign(cos_a), cos_a)
        ok = (d > 0) & (np.abs(cos_a) <= 1)
        if s2 < 0:
            ok &= ~some_point
        with np.errstate(over="ignore", invalid="ignore"):
            sin_a = np.sqrt(np.clip(1 - cos_a * cos_a, 0, None))
        for sgn in (1.0, -1.0):
            keep = ok & ~(both_points & (sgn < 0))
            with np.errstate(over="ignore", invalid="ignore"):  # rows not kept may be inf or nan
                n = cos_a[:, None] * u + sgn * sin_a[:, None] * up
                Ti.append((ci - ri[:, None] * n)[keep])
                Tj.append((cj - s2 * rj[:, None] * n)[keep])
            idx.append(np.nonzero(keep)[0])
    return np.concatenate(Ti), np.concatenate(Tj), np.concatenate(idx)


def ref_ring_pairs(circ, theta, ids):
    n = len(circ)
    if n < 2:
        return np.zeros(0, int), np.zeros(0, int), np.zeros(0)
    same = circ[1:] == circ[:-1]
    a = list(np.nonzero(same)[0])
    b = [k + 1 for k in a]
    starts = np.concatenate([[0], np.nonzero(~same)[0] + 1])
    ends = np.concatenate([np.nonzero(~same)[0], [n - 1]])
    many = ends > starts
    a = np.concatenate([np.array(a, dtype=int), ends[many]])
    b = np.concatenate([np.array(b, dtype=int), starts[many]])
    spans = np.mod(theta[b] - theta[a], _TWO_PI)
    return ids[a], ids[b], spans


def ref_graph(space) -> _Graph:
    C = len(space.circ_r)
    I, J = np.triu_indices(C, k=1)  # noqa: E741
    Ti, Tj, k = ref_bitangents(space.circ_c[I], space.circ_r[I], space.circ_c[J], space.circ_r[J])
    ci, cj = I[k], J[k]
    th_i, th_j = _angles(space, ci, Ti), _angles(space, cj, Tj)
    keep = _on_free_arc(space, ci, th_i) & _on_free_arc(space, cj, th_j)
    Ti, Tj, ci, cj, th_i, th_j = Ti[keep], Tj[keep], ci[keep], cj[keep], th_i[keep], th_j[keep]
    keep = space.segments_clear(Ti, Tj)
    Ti, Tj, ci, cj, th_i, th_j = Ti[keep], Tj[keep], ci[keep], cj[keep], th_i[keep], th_j[keep]
    costs = space.segment_costs(Ti, Tj)
    E = len(Ti)
    xy = np.concatenate([Ti, Tj]) if E else np.zeros((0, 2))
    circle = np.concatenate([ci, cj]) if E else np.zeros(0, dtype=int)
    theta = np.concatenate([th_i, th_j]) if E else np.zeros(0)
    cost_list = costs.tolist()
    adj = [[(e + E, c, 0.0)] for e, c in enumerate(cost_list)] + [[(e, c, 0.0)] for e, c in enumerate(cost_list)]
    order = np.lexsort((theta, circle))
    a, b, spans = ref_ring_pairs(circle[order], theta[order], order)
    costs_arc = _arc_costs(space, circle[a], theta[a], spans)
    for x, y, c, sp in zip(a.tolist(), b.tolist(), costs_arc.tolist(), spans.tolist()):
        if math.isfinite(c):
            adj[x].append((y, c, sp))
            adj[y].append((x, c, -sp))
    bounds = np.searchsorted(circle[order], np.arange(C + 1)).tolist()
    by_circle = [order[bounds[i]:bounds[i + 1]] for i in range(C)]
    by_theta = [theta[nodes] for nodes in by_circle]
    return _Graph(xy=xy, pts=[(x, y) for x, y in xy.tolist()], circle=circle, theta=theta, adj=adj,
                  by_circle=by_circle, by_circle_theta=by_theta)


def ref_attach(q: GraphQuery, p, outgoing: bool) -> int:
    space = q.space
    node = q.add_node(p)
    if len(space.circ_r) == 0:
        return node
    T, k = _point_tangents(p, space.circ_c, space.circ_r)
    th = _angles(space, k, T)
    keep = _on_free_arc(space, k, th)
    T, k, th = T[keep], k[keep], th[keep]
    Pk = np.tile(np.asarray(p, dtype=float), (len(T), 1))
    clear = space.segments_clear(Pk, T)
    T, k, th, Pk = T[clear], k[clear], th[clear], Pk[clear]
    costs = space.segment_costs(Pk, T) if len(T) else np.zeros(0)
    for t, ci, a, c in zip(T.tolist(), k.tolist(), th.tolist(), costs.tolist()):
        m = q.add_node(t, ci, a)
        if outgoing:
            q.add_edge(node, m, c)
        else:
            q.add_edge(m, node, c)
    return node


def ref_query(space, graph, start, goal) -> tuple[GraphQuery, int, int]:
    """_shortest's query as it was built: each end attached alone, the straight segment tested alone."""
    q = GraphQuery(space, graph)
    s = ref_attach(q, start, True)
    g = ref_attach(q, goal, False)
    _exits(space, q, s, start, True)
    _exits(space, q, g, goal, False)
    S, G = np.asarray([start], dtype=float), np.asarray([goal], dtype=float)
    if space.segments_clear(S, G)[0]:
        q.add_edge(s, g, float(space.segment_costs(S, G)[0]))
    q.finalize()
    return q, s, g


# --- comparisons ------------------------------------------------------------------------------------


def same_graph(a: _Graph, b: _Graph) -> bool:
    return (a.xy.tobytes() == b.xy.tobytes() and a.pts == b.pts and a.circle.tolist() == b.circle.tolist()
            and a.theta.tobytes() == b.theta.tobytes() and a.adj == b.adj and len(a.by_circle) == len(b.by_circle)
            and all(x.tolist() == y.tolist() for x, y in zip(a.by_circle, b.by_circle))
            and all(x.tobytes() == y.tobytes() for x, y in zip(a.by_circle_theta, b.by_circle_theta)))


def same_query(a: GraphQuery, b: GraphQuery) -> bool:
    return (a.pts == b.pts and a.circle == b.circle and a.theta == b.theta and dict(a.extra) == dict(b.extra)
            and a.crossing == b.crossing)


def check_board(board: Board, mover: str, goals) -> int:
    """The graph and every query on ``board`` against the references; how many paths were compared."""
    space = movement._space(board, mover, ())
    graph = movement_graph._graph(space)
    assert same_graph(graph, ref_graph(space))
    start = board.base(mover).center
    if not space.points_free(np.asarray([start], dtype=float))[0]:
        return 0
    compared = 0
    for goal in goals:
        goal = (float(goal[0]), float(goal[1]))
        if not space.points_free(np.asarray([goal], dtype=float))[0]:
            continue
        q_ref, s_ref, g_ref = ref_query(space, graph, start, goal)
        q = GraphQuery(space, graph)
        s, g, direct = q.attach_ends(start, goal)
        _exits(space, q, s, start, True)
        _exits(space, q, g, goal, False)
        if direct is not None:
            q.add_edge(s, g, direct)
        q.finalize()
        assert (s, g) == (s_ref, g_ref) and same_query(q, q_ref)
        dist_ref, pred_ref = q_ref.search(s_ref, g_ref)
        path = movement_graph._shortest(space, start, goal)
        # the start's tangents tested once for many goals (an escape's searches): the same path
        assert movement_graph._shortest(space, start, goal, movement_graph._tangents_of(space, start)) == path
        if g_ref in dist_ref:
            assert path == _finish_path(space, q_ref, pred_ref, s_ref, g_ref)
            compared += 1
        else:
            assert path is None
    return compared


# --- properties -------------------------------------------------------------------------------------


circles = st.lists(st.tuples(st.floats(0, 30), st.floats(0, 30), st.sampled_from([0.0, 1.25, 1.5, 2.75, 3.5])),
                   min_size=2, max_size=10)


@settings(max_examples=300, deadline=None)
@given(circles, st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9), st.floats(0, 2 * math.pi),
                                   st.sampled_from([0.0, 1e-7, -1e-7, 1e-3, 2.0]))))
def test_bitangents_are_the_former_kind_by_kind_ones_to_the_last_bit(circs, touching):
    """All kinds in (4, P) rows give the same tangent points and pair indices, in the same order,
    as kind by kind, also for circles that touch, nest or are points, and for coincident centres."""
    centres = [(x, y) for x, y, _ in circs]
    radii = [r for _, _, r in circs]
    for i, j, angle, off in touching:  # circle j moved to touch (or nearly) circle i
        i, j = i % len(circs), j % len(circs)
        if i != j:
            dist = radii[i] + radii[j] + off
            centres[j] = (centres[i][0] + dist * math.cos(angle), centres[i][1] + dist * math.sin(angle))
    centres.append(centres[0])  # a coincident pair
    radii.append(radii[0])
    c, r = np.array(centres, dtype=float), np.array(radii, dtype=float)
    I, J = np.triu_indices(len(r), k=1)  # noqa: E741
    fast = movement_graph._bitangents(c[I], r[I], c[J], r[J])
    slow = ref_bitangents(c[I], r[I], c[J], r[J])
    assert all(f.tobytes() == s.tobytes() for f, s in zip(fast, slow)) and fast[2].dtype == slow[2].dtype


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.floats(0, _TWO_PI, exclude_max=True)), max_size=30))
def test_ring_pairs_are_the_former_ones(nodes):
    nodes.sort()
    circ = np.array([c for c, _ in nodes], dtype=int)
    theta = np.array([t for _, t in nodes], dtype=float)
    ids = np.arange(len(nodes))[::-1].copy()
    fast = movement_graph._ring_pairs(circ, theta, ids)
    slow = ref_ring_pairs(circ, theta, ids)
    assert all(f.tolist() == s.tolist() and f.dtype == s.dtype for f, s in zip(fast, slow))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.lists(st.tuples(st.floats(0, 30), st.floats(0, 30)), min_size=1, max_size=4))
def test_graph_query_and_path_are_the_former_ones_bit_for_bit(board, goals):
    """On random boards (difficult ground included): the graph, each query's nodes and edges,
    and the path are the references', to the last bit and in the same order, also with the
    start's tangents given (tested once for many goals)."""
    check_board(board, "a", goals)


def test_graph_query_and_path_are_the_former_ones_on_cluttered_boards():
    """Boards with bases about, a wall, a rock and a dune, as in games: detours found and compared."""
    rng = np.random.default_rng(11)
    compared = 0
    for seed in range(12):
        board = _cluttered_board(seed)
        compared += check_board(board, "m", rng.uniform(0, 60, size=(6, 2)))
    assert compared >= 30


def test_bitangents_of_centres_a_subnormal_distance_apart_warn_of_nothing():
    """Centres 5e-324 cm apart (a case hypothesis found) overflow the cosines: the rows they fill
    are dropped, without a numpy warning, and every tangent point kept is finite."""
    c = np.array([[0.0, 0.0], [5e-324, 5e-324], [5e-324, 0.0]])
    r = np.array([0.0, 1.25, 1.25])
    I, J = np.triu_indices(3, k=1)  # noqa: E741
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        Ti, Tj, idx = movement_graph._bitangents(c[I], r[I], c[J], r[J])
    assert np.isfinite(Ti).all() and np.isfinite(Tj).all() and len(Ti) == len(Tj) == len(idx)


# --- issue 42: a short move builds only the graph within its reach ---------------------------------


def _table_space(model="naib-1"):
    from landsraad.geometry.movement.terrain_space import _mover, _space_cached
    from landsraad.scene import load_scene

    board = load_scene("scenes/table.yaml").board
    base, excluded = _mover(board, model, ())
    return board, _space_cached(board, base.radius, excluded), next(b for b in board.bases if b.id == model)


def test_a_graph_near_a_point_keeps_only_the_tangents_within_the_radius():
    from landsraad.geometry.movement.graph import _graph

    _, space, naib = _table_space()
    whole = _graph(space)
    near = _graph(space, near=(naib.x, naib.y, 10.0))
    assert 0 < len(near.pts) < len(whole.pts) / 4  # counted work: a 10 cm move used to build all ~68,000 points
    ends = np.asarray(near.pts).reshape(2, -1, 2)  # point e and point e + E are the two ends of tangent e
    assert (np.hypot(*(ends - (naib.x, naib.y)).transpose(2, 0, 1)).min(axis=0) <= 10.01).all()
    assert _graph(space) is whole  # the restricted graph is not cached in place of the whole one


def test_a_restricted_graph_finds_the_same_costs_within_its_radius():
    from landsraad.geometry.movement.graph import GraphQuery, _graph

    _, space, naib = _table_space()
    budget = 12.0
    results = []
    for graph in (_graph(space), _graph(space, near=(naib.x, naib.y, budget))):
        q = GraphQuery(space, graph)
        s = q.attach((naib.x, naib.y), outgoing=True)
        q.finalize()
        dist, _ = q.search(s, cutoff=budget)
        results.append(sorted((tuple(round(v, 9) for v in q.point(n)), round(g, 9)) for n, g in dist.items() if g < budget))
    assert results[0] == results[1]


def _searches(board: Board, model: str, budget: float) -> tuple[tuple[dict, dict], tuple[dict, dict]]:
    from landsraad.geometry.movement.graph import _graph
    from landsraad.geometry.movement.terrain_space import _mover, _space_cached

    base, excluded = _mover(board, model, ())
    space = _space_cached(board, base.radius, excluded)
    start = board.base(model).center
    q = GraphQuery(space, _graph(space, near=(start[0], start[1], budget)))
    s = q.attach(start, outgoing=True, within=budget)
    _exits(space, q, s, start, True)
    q.finalize()
    # a heuristic given (0 everywhere) takes the general A* loop: the search as it was written
    return q.search(s, cutoff=budget), q.search(s, cutoff=budget, heuristic=lambda p: 0.0)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.floats(1.0, 60.0))
def test_the_dijkstra_without_a_goal_is_the_general_search_bit_for_bit(board, budget):
    """The reach's search with no goal (a loop of its own, issue 42) settles the same nodes at the
    same costs with the same predecessors, in the same order, as the general A* loop with a
    heuristic of 0 on random boards (difficult ground included)."""
    (dist, pred), (ref_dist, ref_pred) = _searches(board, "a", budget)
    assert list(dist.items()) == list(ref_dist.items()) and list(pred.items()) == list(ref_pred.items())


def test_the_dijkstra_without_a_goal_is_the_general_search_beside_the_well():
    """... and on the bundled table at 35 cm beside its difficult well (68,000 nodes)."""
    from landsraad.scene import load_scene

    (dist, pred), (ref_dist, ref_pred) = _searches(load_scene("scenes/table.yaml").board, "naib-1", 35.0)
    assert len(dist) > 60_000
    assert list(dist.items()) == list(ref_dist.items()) and list(pred.items()) == list(ref_pred.items())
