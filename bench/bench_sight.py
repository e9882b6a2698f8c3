"""Benchmark: sight and cover for every pair of the reference scene, and their accuracy.

Run by hand (not a test):

    .venv/bin/python bench/bench_sight.py                 # timing + accuracy on 40 pairs
    .venv/bin/python bench/bench_sight.py --accuracy 0    # timing only

Timing: ``cover`` for every ordered pair of the 20 models of ``scenes/reference.yaml``
(380 pairs, other models blocking), each pair timed on its own, after one warm-up pass (the
board's obstacle index is built once per board). Also ``line_of_sight`` for every pair and
``visible_models`` for every model.

Accuracy: the hidden fraction against the dense ray-cast reference of
``bench/sight_reference.py`` (48 x 96 silhouette cells, eye points on 4 rings of the top disc
(360 on the rim) at 2 heights) on a random sample of pairs, half of them with partial cover.
The reference's own resolution is 1/96 of the height (one row of cells).

Targets (issue 3): median under 2 ms per pair; hidden fraction within 0.02 of the reference.
"""

from __future__ import annotations

import argparse
import itertools
import platform
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from sight_reference import reference_hidden_fraction  # noqa: E402

from landsraad.content import data_dir  # noqa: E402
from landsraad.geometry.sight import cover, line_of_sight, visible_models  # noqa: E402
from landsraad.scene import load_scene  # noqa: E402


def _ms(values: list[float]) -> str:
    q = statistics.quantiles(values, n=20)
    return (f"median {statistics.median(values) * 1e3:.2f} ms, mean {statistics.mean(values) * 1e3:.2f} ms, "
            f"p95 {q[-1] * 1e3:.2f} ms, max {max(values) * 1e3:.1f} ms")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--accuracy", type=int, default=40, help="pairs compared with the reference (0: none)")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--no-models-block", action="store_true", help="only terrain blocks sight")
    args = ap.parse_args(argv)
    block = not args.no_models_block

    scene = load_scene(data_dir("scenes") / "reference.yaml")
    board = scene.board
    ids = [b.id for b in board.bases]
    pairs = list(itertools.permutations(ids, 2))
    print(f"# bench_sight: {len(board.terrain)} terrain pieces, {len(ids)} models, {len(pairs)} ordered pairs, "
          f"models_block={block}")
    print(f"# Python {platform.python_version()}, {platform.machine()}, {platform.system()}")

    for a, b in pairs:  # warm-up: caches, imports
        cover(board, a, b, models_block=block)

    times, results = [], {}
    for a, b in pairs:
        t0 = time.perf_counter()
        results[a, b] = cover(board, a, b, models_block=block)
        times.append(time.perf_counter() - t0)
    print(f"cover, per pair: {_ms(times)}; all {len(pairs)} pairs {sum(times):.2f} s")
    classes = Counter(r.cover for r in results.values())
    print("classes: " + ", ".join(f"{k} {v}" for k, v in sorted(classes.items())))
    errs = [r.error_bound for r in results.values()]
    exact = sum(1 for e in errs if e < 1e-8)
    print(f"error bound: exact (< 1e-8) {exact}, max {max(errs):.4f}, mean {statistics.mean(errs):.4f}; "
          f"borderline {sum(r.borderline for r in results.values())}")

    los_t = []
    for a, b in pairs:
        t0 = time.perf_counter()
        line_of_sight(board, a, b, models_block=block)
        los_t.append(time.perf_counter() - t0)
    print(f"line_of_sight, per pair: {_ms(los_t)}")
    t0 = time.perf_counter()
    for a in ids:
        visible_models(board, a, models_block=block)
    print(f"visible_models for all {len(ids)} models: {(time.perf_counter() - t0) * 1e3:.0f} ms")

    if args.accuracy > 0:
        rng = random.Random(args.seed)
        partial = [p for p in pairs if 0 < results[p].hidden_fraction < 1]
        others = [p for p in pairs if p not in partial]
        k = min(len(partial), (args.accuracy + 1) // 2)
        sample = rng.sample(partial, k) + rng.sample(others, min(len(others), args.accuracy - k))
        worst, inside, t_ref = 0.0, 0, 0.0
        print(f"accuracy on {len(sample)} pairs ({k} with partial cover):")
        for p in sample:
            t0 = time.perf_counter()
            ref = reference_hidden_fraction(board, *p, models_block=block, nu=48, nz=96, per_ring=360)
            t_ref += time.perf_counter() - t0
            r = results[p]
            d = r.hidden_fraction - ref
            worst = max(worst, abs(d))
            ok = abs(d) <= r.error_bound + 1 / 96
            inside += ok
            if abs(d) > 0.005:
                print(f"  {p[0]:>7} -> {p[1]:<7} hidden {r.hidden_fraction:.4f} +- {r.error_bound:.4f}, "
                      f"reference {ref:.4f}, difference {d:+.4f}{'' if ok else '  (outside bound + resolution)'}")
        print(f"max |hidden - reference| = {worst:.4f}; within error bound + reference resolution: "
              f"{inside}/{len(sample)}; reference took {t_ref:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
