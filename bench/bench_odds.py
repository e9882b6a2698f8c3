"""Benchmark: ``landsraad odds ...`` end to end (target: well under a second per command).

Times, for typical cases:

1. the real command in a subprocess (``python -m landsraad odds ...``), so the figure includes
   the interpreter start-up, the imports and the printing: what a player waits for at the table;
2. the library call alone in this process (``shot_odds``, ``stance_matrix``, ``disengage_odds``),
   after a warm-up;
3. ``python -m landsraad --help`` (start-up and parser only), for reference;

and reports whether the odds path imports shapely (it should not: the odds need no geometry).

Run by hand from the repository root: ``PYTHONPATH=. .venv/bin/python bench/bench_odds.py [REPEATS]``.
Record the figures in docs/performance.md with the machine and the date.
"""

from __future__ import annotations

import os
import platform
import resource
import statistics
import subprocess
import sys
import time

SHOOT = ["odds", "shoot", "--attacker", "combat=1", "--weapon", "range=10,combat=+1,damage=+1",
         "--target", "endurance=3", "--distance", "35"]
MELEE_CELL = ["odds", "melee", "--attacker", "combat=1", "--attacker-weapon", "combat=+2,initiative=+1,damage=15-",
              "--defender", "combat=2,shield=half", "--defender-weapon", "combat=+1,initiative=+2,damage=12-",
              "--attacker-stance", "attack", "--defender-stance", "attack", "--lowering", "best"]
MELEE_MATRIX = ["odds", "melee", "--attacker", "corrino/soldier:halberd", "--defender", "corrino/duellist", "--lowering", "best"]
DISENGAGE = ["odds", "disengage", "--mover", "reflexes=1", "--opponent", "corrino/swordmaster", "--opponent-lowering", "best"]

COMMANDS = {
    "odds shoot (example 1)": SHOOT,
    "odds melee, one cell, best lowering": MELEE_CELL,
    "odds melee, stance matrix, best lowering (profiles)": MELEE_MATRIX,
    "odds disengage, best lowering (profile)": DISENGAGE,
    "--help (start-up only)": ["--help"],
}


def time_command(args: list[str], repeats: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU (user + system) seconds of each run; CPU time depends less on the machine's load."""
    walls, cpus = [], []
    env = dict(os.environ, PYTHONPATH=os.getcwd())
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        result = subprocess.run([sys.executable, "-m", "landsraad", *args], capture_output=True, text=True, env=env)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
        if result.returncode != 0:
            raise SystemExit(f"{' '.join(args)} failed: {result.stderr}")
    return walls, cpus


def imports_shapely(args: list[str]) -> bool:
    code = ("import sys, io, contextlib\nfrom landsraad.cli import main\n"
            f"with contextlib.redirect_stdout(io.StringIO()): main({args!r})\nprint('shapely' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=os.getcwd()))
    return out.stdout.strip() == "True"


def odds_path_imports_shapely() -> bool:
    code = ("import sys\nimport landsraad.cli.odds, landsraad.cli.stats, landsraad.odds\n"
            "from landsraad.cli.stats import parse_combatant\nfrom landsraad.odds import shot_odds\n"
            "s = parse_combatant('combat=1', 'range=10,combat=+1,damage=+1', argument='--attacker', use='shoot')\n"
            "shot_odds(s, parse_combatant('endurance=3', argument='--target'), distance_cm=35)\nprint('shapely' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=os.getcwd()))
    return out.stdout.strip() == "True"


def time_library(repeats: int) -> dict[str, list[float]]:
    from landsraad.cli.stats import parse_combatant
    from landsraad.odds import disengage_odds, shot_odds, stance_matrix

    shooter = parse_combatant("combat=1", "range=10,combat=+1,damage=+1", argument="--attacker", use="shoot")
    target = parse_combatant("endurance=3", argument="--target")
    soldier = parse_combatant("corrino/soldier:halberd", argument="--attacker", use="melee")
    duellist = parse_combatant("corrino/duellist", argument="--defender", use="melee")
    calls = {
        "shot_odds": lambda: shot_odds(shooter, target, distance_cm=35),
        "stance_matrix (lowering none)": lambda: stance_matrix(soldier, duellist),
        "stance_matrix (lowering best)": lambda: stance_matrix(soldier, duellist, attacker_lowering="best", defender_lowering="best"),
        "disengage_odds (best)": lambda: disengage_odds(soldier, duellist, opponent_lowering="best"),
    }
    out = {}
    for name, call in calls.items():
        call()  # warm-up
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            call()
            times.append(time.perf_counter() - start)
        out[name] = times
    return out


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print(f"machine: {platform.platform()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"load average {os.getloadavg()[0]:.2f}; {repeats} runs each (median, min-max)")
    print("\nCLI, subprocess (start-up included): wall clock, then CPU time")
    for name, args in COMMANDS.items():
        t, c = time_command(args, repeats)
        print(f"  {name:<55} {statistics.median(t):.3f} s  ({min(t):.3f}-{max(t):.3f})   cpu {statistics.median(c):.3f} s")
    print("\nlibrary call, in process:")
    for name, t in time_library(repeats).items():
        print(f"  {name:<55} {1000 * statistics.median(t):.1f} ms  ({1000 * min(t):.1f}-{1000 * max(t):.1f})")
    print(f"\nodds modules import shapely: {odds_path_imports_shapely()}")
    print(f"the whole `landsraad odds shoot` command imports shapely: {imports_shapely(SHOOT)}")


if __name__ == "__main__":
    main()
