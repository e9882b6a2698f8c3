"""The long fuzz run: many seeded cases of the non-game commands, judged in process.

Usage (from the repository root)::

    python bench/fuzz.py --cases 100000             # the issue's long run (about an hour)
    python bench/fuzz.py --cases 10000 --start 50000 --families list,faction,ruleset,args,scene
    python bench/fuzz.py --cases 5000 --start 300000 --families record   # saved games (replay, play --resume)
    python bench/fuzz.py --cases 1000 --start 400000 --families gameargs,bigscene   # game commands, extreme scenes

Each case is generated from its seed by ``tests/fuzz/cases.py`` (files damaged from the real
content, hostile arguments), run through ``landsraad.cli.main`` with its output captured, a
10 s alarm on its CPU time and a 120 s one on the clock, and judged by the same properties as
the default test suite: no traceback, exit 0, 1 or 2 with a message naming the input, no more
than 10 s of CPU, output bounded. CPU time, not wall time, is judged so that a run under load
(``nice -n 19`` on a shared machine) tells a slow case from a starved one. The address space of
the process is capped (``--memory-gib``, 1 GiB above what the imports take by default) so a
case that blows up ends in MemoryError, which is counted as a failure.

Prints one line per distinct failure point (with the first seed that reaches it, which
reproduces it: ``python -c "from tests.fuzz.cases import *; print(run_case(make_case(SEED)))"``)
and the figures recorded in docs/reliability.md: cases, failures, distinct points, time per
case (CPU: median, 99th percentile, maximum; and the longest wall time), peak memory, and the
load average at the start and the end.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import platform
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fuzz.cases import FAMILIES, crash_point, make_case, problems, run_case  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=100_000)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--families", default=",".join(FAMILIES), help="comma-separated: list,faction,ruleset,args,scene,record,gameargs,bigscene")
    parser.add_argument("--memory-gib", type=float, default=1.0, help="address space allowed above the start-up's")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args()
    families = tuple(args.families.split(","))
    used = _address_space()
    limit = int(used + args.memory_gib * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    failures: collections.Counter[str] = collections.Counter()
    first: dict[str, tuple[int, str, list[str]]] = {}
    per_family: collections.Counter[str] = collections.Counter()
    seconds: list[float] = []
    wall: list[float] = []
    load_before = _load()
    began = time.perf_counter()
    for seed in range(args.start, args.start + args.cases):
        case = make_case(seed, families)
        per_family[case.family] += 1
        outcome = run_case(case)
        seconds.append(outcome.cpu_seconds)
        wall.append(outcome.seconds)
        found = problems(outcome)
        if found:
            point = crash_point(outcome) or found[0]
            failures[point] += 1
            first.setdefault(point, (seed, found[0][:300], [a[:60] for a in case.argv]))
    total = time.perf_counter() - began
    seconds.sort()
    summary = {
        "machine": f"{platform.system()} {platform.machine()}, Python {platform.python_version()}",
        "cases": args.cases,
        "seeds": [args.start, args.start + args.cases - 1],
        "families": dict(per_family),
        "failures": sum(failures.values()),
        "distinct_points": len(failures),
        "seconds_total": round(total, 1),
        "load_average": [load_before, _load()],
        "cpu_seconds_median": round(statistics.median(seconds), 4),
        "cpu_seconds_p99": round(seconds[int(0.99 * (len(seconds) - 1))], 3),
        "cpu_seconds_max": round(seconds[-1], 3),
        "wall_seconds_max": round(max(wall), 3),
        "peak_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "points": {p: {"count": n, "first_seed": first[p][0], "problem": first[p][1], "argv": first[p][2]}
                   for p, n in failures.most_common()},
    }
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        for key, value in summary.items():
            if key != "points":
                print(f"{key}: {value}")
        for point, info in summary["points"].items():
            print(f"  {info['count']:6d}  {point}  (seed {info['first_seed']}: {info['problem']})")
    return 1 if failures else 0


def _load() -> float | None:
    """The one-minute load average (None where the system does not give it)."""
    try:
        return round(os.getloadavg()[0], 1)
    except OSError:
        return None


def _address_space() -> int:
    """The bytes of address space this process holds now (Linux; 0 elsewhere)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[0])
    except OSError:
        return 0
    return pages * resource.getpagesize()


if __name__ == "__main__":
    sys.exit(main())
