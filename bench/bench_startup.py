"""Benchmark: the start-up cost of the commands asked at a real table (issue 39).

Each command runs as a fresh subprocess (``python -m landsraad ...``: interpreter start-up,
imports, the answer, exit), interleaved with the reference ``python -c "import numpy, shapely"``
in the same run, so a busy machine slows both alike. Each is run REPEATS times; the figure is
the median of the children's CPU time (user + system, from ``os.wait4``) and, beside it, the
median wall time. The ratio is the command's median CPU time over the reference's.

Targets (docs/performance.md, issue 39): ``--help`` <= 1.5x, ``measure``, ``odds shoot``, ``move`` <= 2.5x,
whatever the cache state: with the scene's table cached (every question after the first on a scene
file, or after any command that validated it) and not cached (the first question on a new or
changed file, which validates it: pydantic, PyYAML, the data model and, for a scene with profiles,
the faction sheets it names).

Run from the repository root with the project's environment active:
``python bench/bench_startup.py [REPEATS]`` (default 7; ``--json`` for one JSON object).
Record the figures in docs/performance.md with the machine, the date and the load
(``cat /proc/loadavg``). Run it from outside the source tree with ``PYTHONPATH=OTHER_CHECKOUT``
to time another copy (``python -m`` puts the current folder first on the path).
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import time

REFERENCE = ("import numpy, shapely",)
"""The floor: importing the two libraries every geometric answer needs."""

COMMANDS: dict[str, tuple[str, ...]] = {
    "--help": ("--help",),
    "measure": ("measure", "reference", "red-1", "blue-1"),
    "odds shoot": ("odds", "shoot", "--attacker", "combat=1", "--weapon", "range=10,combat=+1,damage=+1",
                   "--target", "endurance=3", "--distance", "35"),
    "move": ("move", "reference", "red-1", "--to", "10,20"),
    "measure, scene not cached": ("measure", "reference", "red-1", "blue-1"),
    "move, scene not cached": ("move", "reference", "red-1", "--to", "10,20"),
    "measure, profiles, not cached": ("measure", "table", "sardaukar-1", "naib-1"),
}
"""The commands timed, each with the arguments of a typical question. ``measure`` and ``move`` read
the scene's table from the cache of validated scenes (:mod:`landsraad.table.boards`), which the
warm-up fills, as the first question on a table does; the last entry is ``measure`` with the
cache turned off (``LANDSRAAD_NO_CACHE=1``): the first question on a new or changed scene file; the bundled
``table`` has models with profiles, so its validation reads two faction sheets."""

UNCACHED = {"measure, scene not cached", "move, scene not cached", "measure, profiles, not cached"}
"""The commands run with the scene cache turned off."""

TARGETS = {"--help": 1.5, "measure": 2.5, "odds shoot": 2.5, "move": 2.5, "measure, scene not cached": 2.5,
           "move, scene not cached": 2.5, "measure, profiles, not cached": 2.5}
"""The most each command may cost, as a multiple of the reference."""


_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""The children's environment: byte-code caches are written (by the warm-up) and read, as in an
installed copy; a shell with ``PYTHONDONTWRITEBYTECODE=1`` would otherwise compile every module
of the package on every run (about 0.05 s more per command on the recording machine)."""


def _run(argv: list[str], uncached: bool = False) -> tuple[float, float]:
    """CPU seconds (user + system) and wall seconds of one child process."""
    start = time.perf_counter()
    env = {**_ENV, "LANDSRAAD_NO_CACHE": "1"} if uncached else _ENV
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed with status {proc.returncode}.")
    return usage.ru_utime + usage.ru_stime, wall


def measure(repeats: int) -> dict[str, object]:
    """Time every command and the reference, interleaved, ``repeats`` times each."""
    runs: dict[str, list[tuple[float, float]]] = {"reference": [], **{name: [] for name in COMMANDS}}
    for name, args in COMMANDS.items():  # one warm-up each: byte-code caches, the page cache, the scene cache
        _run([sys.executable, "-m", "landsraad", *args], name in UNCACHED)
    _run([sys.executable, "-c", *REFERENCE])
    for _ in range(repeats):
        runs["reference"].append(_run([sys.executable, "-c", *REFERENCE]))
        for name, args in COMMANDS.items():
            runs[name].append(_run([sys.executable, "-m", "landsraad", *args], name in UNCACHED))
    cpu = {name: statistics.median(c for c, _ in values) for name, values in runs.items()}
    wall = {name: statistics.median(w for _, w in values) for name, values in runs.items()}
    return {
        "machine": f"{platform.node()} {platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}",
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load": open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else None,
        "repeats": repeats,
        "cpu_s": {k: round(v, 3) for k, v in cpu.items()},
        "wall_s": {k: round(v, 3) for k, v in wall.items()},
        "ratio": {name: round(cpu[name] / cpu["reference"], 2) for name in COMMANDS},
        "target": TARGETS,
    }


def main(argv: list[str]) -> int:
    as_json = "--json" in argv
    numbers = [a for a in argv if a != "--json"]
    repeats = int(numbers[0]) if numbers else 7
    result = measure(repeats)
    if as_json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{result['machine']}; {result['date']}; load {result['load']}; {repeats} runs each, medians")
    cpu, wall, ratio = result["cpu_s"], result["wall_s"], result["ratio"]
    print(f"  {'reference (import numpy, shapely)':44} cpu {cpu['reference']:.3f} s  wall {wall['reference']:.3f} s")
    ok = True
    for name in COMMANDS:
        met = ratio[name] <= TARGETS[name]
        ok &= met
        print(f"  {'landsraad ' + name:44} cpu {cpu[name]:.3f} s  wall {wall[name]:.3f} s  {ratio[name]:5.2f}x"
              f"  (target <= {TARGETS[name]}x: {'met' if met else 'NOT met'})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
