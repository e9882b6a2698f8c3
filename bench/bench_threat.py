"""Benchmark: the threat map (issue 39, ``landsraad threat``) against the same map from the
one-point functions alone.

Both runs build the map of one model on one scene at the default 2 cm resolution:

``map``
    :func:`landsraad.table.threat.threat_map`: the vectorised sight and no-cover proofs, the
    exact :func:`~landsraad.geometry.sight.line_of_sight` / :func:`~landsraad.geometry.sight.cover_class`
    for the cells they leave, hit odds once per weapon, band and cover, one reach region per
    enemy for the charges.
``reference``
    the same answers cell by cell: :func:`~landsraad.geometry.sight.line_of_sight` for every
    cell and enemy, :func:`~landsraad.geometry.sight.cover_class` where seen, the hit chance
    from :func:`landsraad.odds.shot_odds` once per weapon, distance as reported and cover, and
    the same reach regions for the charges (a path search per cell would cost a second each).

Each run is a fresh child process (the sight caches start empty, as for a command), timed inside
with ``time.process_time`` around the map alone; runs alternate so a busy machine slows both
alike. The figure is the median CPU time of each and their ratio (map / reference); the child
checks that the two maps agree cell by cell.

``--drag``: the viewer's case instead: one :class:`~landsraad.table.threat.ThreatSolver` keeps the
map of ``--model`` while each other model of the scene in turn (enemies and friends), then the
model itself, is dragged in steps of :data:`DRAG_STEP_CM` along a straight line (:data:`DRAG_STEPS`
steps, towards the table's centre, positions where its base does not fit skipped), each step asked
as the viewer asks it (``detail`` at the mapped model's own cell); the figures are the median and
the 90th percentile of a step's CPU time over every step of every run dragging another model (the
summary figure), per dragged model, and per kind (enemy, friend, the model itself).

Run from the repository root with the project's environment active:
``python bench/bench_threat.py [REPEATS] [--scene table] [--model sardaukar-1] [--reverse] [--drag]``;
record the figures in docs/performance.md with the machine, the date and the load.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time


def _reference(scene, model_id: str, reverse: bool):
    """The threat map's sight, cover and odds layers computed with the one-point functions, cell by cell."""
    import numpy as np
    import shapely

    from landsraad.geometry import sight
    from landsraad.geometry.measure import CONTACT_TOLERANCE_CM, edge_distance, report_cm
    from landsraad.geometry.movement import free_spots, reach_region
    from landsraad.odds import shot_odds
    from landsraad.rules.state import Combatant
    from landsraad.table.threat import RESOLUTION_CM

    board = scene.board
    me = board.base(model_id)
    xs = np.arange(RESOLUTION_CM / 2, board.width, RESOLUTION_CM)
    ys = np.arange(RESOLUTION_CM / 2, board.depth, RESOLUTION_CM)
    gx, gy = np.meshgrid(xs, ys)
    cells = np.column_stack([gx.ravel(), gy.ravel()])
    fits = free_spots(board, model_id, cells)
    enemies = [b.id for b in board.bases if b.side is not None and b.side != me.side]
    memo: dict = {}

    def melee(m):
        return next((w for w in scene.model(m).carried if w.is_melee), None)

    out = {e: {"sees": [], "cover": [], "p_hit": [], "charges": None} for e in enemies}
    for x, y in cells[fits]:
        moved = board.moved(model_id, (float(x), float(y)))
        for e in enemies:
            viewer, target = (model_id, e) if reverse else (e, model_id)
            seen = sight.line_of_sight(moved, viewer, target)
            cover = sight.cover_class(moved, viewer, target) if seen else ""
            best = math.nan
            gap = report_cm(edge_distance(moved.base(viewer), moved.base(target)))
            me_v = moved.base(viewer)  # R-SHOOT: no shot from base contact with a foe
            engaged = any(b.side is not None and b.side != me_v.side and b.id != viewer
                          and edge_distance(me_v, b) <= CONTACT_TOLERANCE_CM + 1e-9 for b in moved.bases)
            if seen and not engaged and scene.model(viewer).card is not None:
                for w in scene.model(viewer).carried:
                    if w.is_ranged and w.range_cm is not None:
                        key = (viewer, w.id, gap, cover)
                        if key not in memo:
                            memo[key] = shot_odds(Combatant.from_profile(scene.model(viewer).card, w),
                                                  Combatant.from_profile(scene.model(target).card, melee(target)),
                                                  distance_cm=gap, cover=cover).p_hit
                        best = memo[key] if math.isnan(best) else max(best, memo[key])
            out[e]["sees"].append(seen)
            out[e]["cover"].append(cover)
            out[e]["p_hit"].append(best)
    if not reverse:  # the same regions as the map: the path-search reference is out of reach
        empty = board.without(model_id)
        for e in enemies:
            region = reach_region(empty, e, scene.movement(e))
            reach = board.base(e).radius + me.radius + CONTACT_TOLERANCE_CM + 1e-9
            out[e]["charges"] = shapely.distance(region, shapely.points(cells[fits])) <= reach
    return fits, out


DRAG_STEP_CM = 0.5
"""How far the dragged model moves between two recomputes (a pointer moving 5 cm/s, recomputed every 0.1 s)."""
DRAG_STEPS = 16
"""Steps of each dragged model."""


def drag(scene_name: str, model_id: str, reverse: bool) -> dict[str, list[float]]:
    """The CPU time of each drag step, per dragged model (see the module notes)."""
    import numpy as np

    from landsraad.geometry.movement import free_spots
    from landsraad.table.scenes import load
    from landsraad.table.threat import ThreatSolver

    scene = load(scene_name)
    still = scene.board
    solver = ThreatSolver(model_id, reverse=reverse)
    me = still.base(model_id)
    solver.map(scene, detail=solver.detail_at(still, [(me.x, me.y)]))  # the map shown when T is pressed
    steps: dict[str, list[float]] = {}
    for b in [b for b in still.bases if b.id != model_id] + [me]:  # the model itself last: the others' figures as before
        d = np.array([still.width / 2 - b.x, still.depth / 2 - b.y])
        d = d / max(float(np.hypot(*d)), 1e-9)
        pts = np.array([[b.x + d[0] * DRAG_STEP_CM * k, b.y + d[1] * DRAG_STEP_CM * k] for k in range(1, DRAG_STEPS + 1)])
        fits = free_spots(still, b.id, pts)
        times = []
        for x, y in pts[fits]:
            board = still.moved(b.id, (float(x), float(y)))
            mine = board.base(model_id)
            detail = solver.detail_at(board, [(mine.x, mine.y)])
            start = time.process_time()
            solver.map(scene, board=board, detail=detail)
            times.append(time.process_time() - start)
        start = time.process_time()
        solver.map(scene, detail=solver.detail_at(still, [(me.x, me.y)]))  # dropped back where it stood
        times.append(time.process_time() - start)
        steps[b.id] = times
    return steps


def child(kind: str, scene_name: str, model_id: str, reverse: bool) -> None:
    """One run in this process: print its CPU time (and the check) as JSON."""
    import numpy as np

    if kind == "drag":
        from landsraad.table.scenes import load

        board = load(scene_name).board
        side = board.base(model_id).side
        kinds = {b.id: "itself" if b.id == model_id else "friend" if b.side == side else
                 "enemy" if b.side is not None else "neutral" for b in board.bases}
        print(json.dumps({"steps": drag(scene_name, model_id, reverse), "kinds": kinds}))
        return

    from landsraad.table.scenes import load
    from landsraad.table.threat import threat_map

    scene = load(scene_name)
    start = time.process_time()
    if kind == "map":
        tm = threat_map(scene, model_id, reverse=reverse)
        cpu = time.process_time() - start
        print(json.dumps({"cpu_s": cpu, "proved": tm.proved}))
        return
    fits, ref = _reference(scene, model_id, reverse)
    cpu = time.process_time() - start
    tm = threat_map(scene, model_id, reverse=reverse)  # after the clock: the check only
    fits_grid = tm.standable.ravel()
    assert (fits_grid == fits).all()
    for e in tm.enemies:
        assert (e.sees.ravel()[fits] == np.array(ref[e.id]["sees"])).all(), e.id
        assert list(e.cover.ravel()[fits]) == ref[e.id]["cover"], e.id
        np.testing.assert_allclose(e.p_hit.ravel()[fits], np.array(ref[e.id]["p_hit"]), equal_nan=True)
    print(json.dumps({"cpu_s": cpu, "agree": True}))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repeats", nargs="?", type=int, default=3)
    parser.add_argument("--scene", default="table")
    parser.add_argument("--model", default="sardaukar-1")
    parser.add_argument("--reverse", action="store_true")
    parser.add_argument("--drag", action="store_true", help="time the viewer's drag steps instead")
    parser.add_argument("--child", choices=("map", "reference", "drag"), help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.child:
        child(args.child, args.scene, args.model, args.reverse)
        return 0
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if args.drag:
        return _drag_main(args, env)
    runs: dict[str, list[float]] = {"map": [], "reference": []}
    proved = None
    for _ in range(args.repeats):
        for kind in ("map", "reference"):
            cmd = [sys.executable, __file__, "--child", kind, "--scene", args.scene, "--model", args.model]
            out = subprocess.run(cmd + (["--reverse"] if args.reverse else []), capture_output=True, text=True,
                                 env=env, check=True)
            data = json.loads(out.stdout)
            runs[kind].append(data["cpu_s"])
            proved = data.get("proved", proved)
    med = {k: statistics.median(v) for k, v in runs.items()}
    result = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
              "load": open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else None,
              "scene": args.scene, "model": args.model, "reverse": args.reverse, "repeats": args.repeats,
              "cpu_s": {k: [round(x, 3) for x in v] for k, v in runs.items()},
              "median_s": {k: round(v, 3) for k, v in med.items()}, "ratio": round(med["map"] / med["reference"], 3),
              "proved": proved}
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"{result['date']}, load {result['load']}: threat map of {args.model} on {args.scene}"
              f"{' (reverse)' if args.reverse else ''}, {args.repeats} runs each")
        print(f"  map       {med['map']:.3f} s CPU (median of {runs['map']})")
        print(f"  reference {med['reference']:.3f} s CPU (median of {runs['reference']}); the maps agree")
        print(f"  ratio {result['ratio']:.3f}; the proofs settled {proved:.1%} of the questions")
    return 0


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.9 * len(ordered)) - 1)]


def _drag_main(args: argparse.Namespace, env: dict[str, str]) -> int:
    per: dict[str, list[float]] = {}
    kinds: dict[str, str] = {}
    for _ in range(args.repeats):
        cmd = [sys.executable, __file__, "--child", "drag", "--scene", args.scene, "--model", args.model]
        out = subprocess.run(cmd + (["--reverse"] if args.reverse else []), capture_output=True, text=True, env=env, check=True)
        data = json.loads(out.stdout)
        kinds = data["kinds"]
        for k, v in data["steps"].items():
            per.setdefault(k, []).extend(v)
    every = [t for k, v in per.items() if k != args.model for t in v]
    by_kind: dict[str, list[float]] = {}
    for k, v in per.items():
        by_kind.setdefault(kinds[k], []).extend(v)
    result = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
              "load": open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else None,
              "scene": args.scene, "model": args.model, "reverse": args.reverse, "repeats": args.repeats,
              "steps": len(every), "median_s": round(statistics.median(every), 4), "p90_s": round(_p90(every), 4),
              "max_s": round(max(every), 4),
              "per_model": {k: {"median_s": round(statistics.median(v), 4), "p90_s": round(_p90(v), 4)} for k, v in per.items()},
              "per_kind": {k: {"median_s": round(statistics.median(v), 4), "p90_s": round(_p90(v), 4)} for k, v in by_kind.items()}}
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{result['date']}, load {result['load']}: drag steps of the threat map of {args.model} on {args.scene}"
          f"{' (reverse)' if args.reverse else ''}, {args.repeats} runs, {len(every)} steps")
    print(f"  every step dragging another model: median {result['median_s']:.3f} s, p90 {result['p90_s']:.3f} s, "
          f"max {result['max_s']:.3f} s CPU")
    for k, v in result["per_model"].items():
        print(f"  dragging {k:14} median {v['median_s']:.3f} s, p90 {v['p90_s']:.3f} s")
    for k, v in result["per_kind"].items():
        print(f"  dragging {'the model itself' if k == 'itself' else 'an enemy' if k == 'enemy' else 'a ' + k:16} "
              f"median {v['median_s']:.3f} s, p90 {v['p90_s']:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
