"""Benchmark of movement (issue 3): move legality, reach regions and forced moves on the
reference scene (``scenes/reference.yaml``: 10 terrain pieces, 20 models).

Queries are reproducible (seeded): for each model, destinations at a random bearing and a
distance drawn up to 1.4 x its Movement, so that legal, too-far, blocked and off-table moves
all occur. Reported:

1. ``plan_move`` cold: the first query of each model on a fresh board (the per-(board, model)
   preprocessing cache empty), split into straight moves (no search, no graph needed) and
   moves that need the search (graph built on the spot);
2. ``plan_move`` warm: the same queries again, caches filled - what an AI or a CLI session
   asking several questions about one board sees; also split straight / searched;
3. ``reach_region`` with each model's Movement, cold and warm;
4. the forced moves: push, step away (from the nearest other model, placed in contact),
   move toward the nearest table edge.

Run by hand (never in the test suite)::

    .venv/bin/python bench/bench_move.py            # 1000 queries
    .venv/bin/python bench/bench_move.py --queries 3000 --profile

Figures and machine are recorded in ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import math
import os
import platform
import pstats
import resource
import statistics
import sys
import time
from datetime import date
from pathlib import Path

import numpy as np
import shapely

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from landsraad.geometry import movement  # noqa: E402
from landsraad.scene import load_scene  # noqa: E402


def ms(xs: list[float]) -> str:
    if not xs:
        return "-"
    xs = sorted(xs)
    p90 = xs[min(len(xs) - 1, int(0.9 * len(xs)))]
    return f"median {statistics.median(xs) * 1e3:.2f} ms, p90 {p90 * 1e3:.2f} ms, max {xs[-1] * 1e3:.1f} ms (n={len(xs)})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queries", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--profile", action="store_true", help="cProfile the warm queries")
    ap.add_argument("--reach-table", type=float, nargs="*", metavar="CM",
                    help="only the reach regions of naib-1 on scenes/table.yaml at these movements (issue 42; "
                         "default 5 20 30 40), CPU time and its ratio to a fixed reference measured in the same run")
    args = ap.parse_args()
    if args.reach_table is not None:
        return reach_table(args.reach_table or [5.0, 20.0, 30.0, 40.0])

    scene = load_scene(ROOT / "scenes" / "reference.yaml")
    board = scene.board
    ids = [b.id for b in board.bases]
    allowance = {i: scene.movement(i) or 10.0 for i in ids}
    rng = np.random.default_rng(args.seed)
    queries = []
    for k in range(args.queries):
        mid = ids[k % len(ids)]
        base = board.base(mid)
        bearing = rng.uniform(0, 2 * math.pi)
        dist = rng.uniform(0, 1.4 * allowance[mid])
        queries.append((mid, (base.x + dist * math.cos(bearing), base.y + dist * math.sin(bearing))))

    def straight(mid: str, to: tuple[float, float]) -> bool:
        """Whether the query is answered without a search (cheap: a clear, plain straight line,
        or a destination that is off the table or blocked)."""
        space = movement._space(board, mid, ())
        S = np.asarray([board.base(mid).center])
        G = np.asarray([to])
        if not space.points_free(G)[0]:
            return True
        if not space.segments_clear(S, G)[0]:
            return False
        return bool(space.segment_costs(S, G)[0] <= math.dist(S[0], to) + 1e-12)

    kinds = [straight(m, t) for m, t in queries]
    movement._space_cached.cache_clear()

    print(f"landsraad movement bench - {date.today().isoformat()} - {platform.platform()}, "
          f"Python {platform.python_version()}, {os.cpu_count()} CPUs")
    print(f"reference scene: {len(board.terrain)} terrain pieces, {len(board.bases)} models; {len(queries)} queries")

    # 1. cold: first query of each model, fresh cache (repeated over several boards' worth)
    cold_straight, cold_search = [], []
    for rep in range(5):
        movement._space_cached.cache_clear()
        for mid in ids:
            k = ids.index(mid) + rep * len(ids)
            m, to = queries[k % len(queries)]
            t = time.perf_counter()
            movement.plan_move(board, m, to, allowance[m])
            dt = time.perf_counter() - t
            (cold_straight if kinds[k % len(queries)] else cold_search).append(dt)
    print(f"plan_move cold, straight / answered at once: {ms(cold_straight)}")
    print(f"plan_move cold, needing the search (graph built): {ms(cold_search)}")

    # 2. warm
    for m, to in queries:  # fill caches
        movement.plan_move(board, m, to, allowance[m])
    prof = cProfile.Profile() if args.profile else None
    warm_all, warm_straight, warm_search, reasons = [], [], [], {}
    if prof:
        prof.enable()
    for (m, to), kind in zip(queries, kinds):
        t = time.perf_counter()
        res = movement.plan_move(board, m, to, allowance[m])
        dt = time.perf_counter() - t
        warm_all.append(dt)
        (warm_straight if kind else warm_search).append(dt)
        reasons[res.reason or "legal"] = reasons.get(res.reason or "legal", 0) + 1
    if prof:
        prof.disable()
    print(f"plan_move warm, all: {ms(warm_all)}")
    print(f"plan_move warm, straight / answered at once: {ms(warm_straight)}")
    print(f"plan_move warm, searched: {ms(warm_search)}")
    print("outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))

    # 3. reach regions
    movement._space_cached.cache_clear()
    reach_cold, reach_warm = [], []
    for mid in ids:
        t = time.perf_counter()
        movement.reach_region(board, mid, allowance[mid])
        reach_cold.append(time.perf_counter() - t)
        t = time.perf_counter()
        movement.reach_region(board, mid, allowance[mid])
        reach_warm.append(time.perf_counter() - t)
    print(f"reach_region cold: {ms(reach_cold)}")
    print(f"reach_region warm: {ms(reach_warm)}")

    # 4. forced moves (warm caches for the board; step_away on a board of its own)
    push_t, step_t, edge_t = [], [], []
    for mid in ids:
        base = board.base(mid)
        t = time.perf_counter()
        movement.push(board, mid, (rng.uniform(-1, 1), rng.uniform(-1, 1)))
        push_t.append(time.perf_counter() - t)
        t = time.perf_counter()
        movement.move_toward_nearest_edge(board, mid, allowance[mid])
        edge_t.append(time.perf_counter() - t)
        other = min((b for b in board.bases if b.id != mid), key=lambda b: math.dist(b.center, base.center))
        # move the nearest model into contact, along the line between them
        d = math.dist(other.center, base.center)
        u = ((other.x - base.x) / d, (other.y - base.y) / d)
        touching = board.moved(other.id, (base.x + u[0] * (base.radius + other.radius),
                                          base.y + u[1] * (base.radius + other.radius)))
        try:
            movement._check_start(movement._space(touching, mid, ()), touching, mid)
            movement._check_start(movement._space(touching, other.id, ()), touching, other.id)
        except Exception:
            continue
        t = time.perf_counter()
        movement.step_away(touching, mid, [other.id])
        step_t.append(time.perf_counter() - t)
    print(f"push: {ms(push_t)}")
    print(f"move_toward_nearest_edge: {ms(edge_t)}")
    print(f"step_away (new board each, cold): {ms(step_t)}")

    if prof:
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(20)
        print(out.getvalue())
    return 0


def _reference_work() -> None:
    """A fixed workload of the kinds a reach spends its time on (numpy arithmetic on a few million
    cells, a sort, a shapely union of polygons): the yardstick of :func:`reach_table`'s ratios, so
    that a figure measured on a loaded machine can be compared with one measured on a quiet one."""
    rng = np.random.default_rng(0)
    a = rng.uniform(0, 60, (2000, 2000))
    for _ in range(3):
        b = np.hypot(a - 30.0, a.T - 30.0)
        np.sort(b, axis=0)
        np.partition(b, 100, axis=0)
    shapely.union_all(shapely.buffer(shapely.points(rng.uniform(0, 60, (3000, 2))), 1.0))


def reach_table(movements: list[float]) -> int:
    """``reach_region`` of naib-1 on ``scenes/table.yaml`` (the difficult well's table) at each
    movement, a fresh board each time, CPU seconds, peak memory and the ratio to the reference
    (:func:`_reference_work`, CPU seconds, timed before and after; the ratio uses their mean)."""
    scene = load_scene(ROOT / "scenes" / "table.yaml")

    def cpu(work) -> float:
        began = time.process_time()
        work()
        return time.process_time() - began

    before = cpu(_reference_work)
    rows = []
    for m in movements:
        board = load_scene(ROOT / "scenes" / "table.yaml").board
        began = time.process_time()
        region = movement.reach_region(board, "naib-1", m)
        rows.append((m, time.process_time() - began, region.area))
    after = cpu(_reference_work)
    reference = (before + after) / 2
    print(f"# bench_move --reach-table, {date.today()}, {platform.machine()}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.2f}; scenes/table.yaml ({len(scene.board.terrain)} terrain pieces), naib-1")
    print(f"reference workload: {before:.2f} s and {after:.2f} s of CPU (before, after)")
    for m, seconds, area in rows:
        print(f"reach --movement {m:g}: {seconds:.2f} s of CPU, {seconds / reference:.2f} x the reference, region {area:.1f} cm²")
    print(f"peak memory of the run: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
