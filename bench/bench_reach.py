"""Benchmark of the reach region's cost over the allowance (issue 42: every allowance 0-100 cm
within a few seconds of CPU).

For each scene and model asked, ``reach_bounded`` (what ``landsraad reach`` runs, on its default
bound of work; ``reach_region``, exact, with ``--exact``) at each allowance of a sweep (0 to 100 cm in
steps of 2.5 cm by default), each on a freshly loaded board (no cache from the allowance
before), timed in CPU seconds (``time.process_time``). Reported: one line per allowance (CPU,
region area, the undecided band's area and width, the work units) and, per scene and model, the dearest allowance and its CPU: the figure issue 42
bounds (3 s).

Run by hand (never in the test suite), under ``nice`` on a shared host::

    python bench/bench_reach.py                               # table.yaml naib-1, reference.yaml blue-6
    python bench/bench_reach.py --scene scenes/table.yaml --model naib-1 --step 5
    python bench/bench_reach.py --scene scenes/table.yaml --every-model --movements 10 30 40 45
    python bench/bench_reach.py --json                        # one JSON object
    python bench/bench_reach.py --exact                       # reach_region (no bound of work)

Figures and machine are recorded in ``docs/performance.md`` ("Reach over the allowance").
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from landsraad.geometry import movement  # noqa: E402
from landsraad.scene import load_scene  # noqa: E402

DEFAULT_CASES = (("scenes/table.yaml", "naib-1"), ("scenes/reference.yaml", "blue-6"))


def sweep(scene: str, model: str, movements: list[float], exact: bool = False) -> list[dict[str, float]]:
    """``reach_bounded`` (``reach_region`` when ``exact``) of ``model`` on ``scene`` at each
    movement, a fresh board each time: a row per movement (``movement``, ``cpu`` seconds,
    ``area`` cm² of the inner region, ``band`` cm² and ``width`` cm of the band, ``work`` units)."""
    rows = []
    for m in movements:
        board = load_scene(ROOT / scene).board
        began = time.process_time()
        if exact or not hasattr(movement, "reach_bounded"):  # main before issue 42's bound of work
            region = movement.reach_region(board, model, m)
            rows.append({"movement": m, "cpu": time.process_time() - began, "area": float(region.area),
                         "band": 0.0, "width": 0.0, "work": 0})
            continue
        answer = movement.reach_bounded(board, model, m)
        rows.append({"movement": m, "cpu": time.process_time() - began, "area": float(answer.inner.area),
                     "band": float(answer.band.area), "width": answer.band_width_cm, "work": answer.work})
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scene", help="one scene file (with --model or --every-model)")
    ap.add_argument("--model", help="the model whose reach is swept")
    ap.add_argument("--every-model", action="store_true", help="every model of --scene")
    ap.add_argument("--step", type=float, default=2.5, help="the sweep's step in cm (default 2.5)")
    ap.add_argument("--top", type=float, default=100.0, help="the sweep's last allowance in cm (default 100)")
    ap.add_argument("--movements", type=float, nargs="*", help="these allowances instead of the sweep")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--exact", action="store_true", help="reach_region, with no bound of work")
    args = ap.parse_args(argv)
    movements = args.movements if args.movements else [float(m) for m in np.arange(0.0, args.top + 1e-9, args.step)]
    if args.scene:
        models = ([b.id for b in load_scene(ROOT / args.scene).board.bases] if args.every_model
                  else [args.model or load_scene(ROOT / args.scene).board.bases[0].id])
        cases = [(args.scene, m) for m in models]
    else:
        cases = list(DEFAULT_CASES)
    out: dict[str, object] = {"date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
                              "machine": f"{platform.machine()}, {os.cpu_count()} cores",
                              "load_before": os.getloadavg()[0], "cases": []}
    worst = 0.0
    for scene, model in cases:
        rows = sweep(scene, model, movements, args.exact)
        dearest = max(rows, key=lambda r: r["cpu"])
        worst = max(worst, dearest["cpu"])
        out["cases"].append({"scene": scene, "model": model, "rows": rows, "max_cpu": dearest["cpu"],  # type: ignore[attr-defined]
                             "max_at": dearest["movement"]})
        if not args.json:
            for r in rows:
                print(f"{scene} {model} --movement {r['movement']:g}: {r['cpu']:.2f} s of CPU, region {r['area']:.1f} cm², "
                      f"band {r['band']:.2f} cm² (width {r['width']:.2f} cm), {r['work']:g} units", flush=True)
            print(f"{scene} {model}: max {dearest['cpu']:.2f} s of CPU at {dearest['movement']:g} cm", flush=True)
    out["load_after"] = os.getloadavg()[0]
    out["max_cpu"] = worst
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        print(f"# bench_reach, {out['date']}, {out['machine']}, load {out['load_before']:.2f} -> {out['load_after']:.2f}; "
              f"the dearest reach: {worst:.2f} s of CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
