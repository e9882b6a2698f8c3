"""The long run of the engine invariants (issue 15): N random games, every answer checked.

Uses the checks of ``tests/engine/invariants.py`` (no overlap, on the table, off impassable
terrain, wounds only rise except by healing, counters never negative, nothing asked of a
model out of action, VP the sum of the mission lines, the winner agreeing with the VP, the
replay identical). Run by hand::

    python bench/bench_invariants.py --games 10000 --jobs 2 --progress out/invariants.jsonl

Prints how many games held, the first failures with their seeds, and the time taken; the
figures go to docs/reliability.md. With ``--progress FILE`` every finished game is appended to
FILE (one JSON line: seed, problem or null, seconds), and a re-run with the same FILE skips
the seeds already there: a run stopped at any moment (Ctrl+C, kill -9, the machine's end of
day) resumes where it stopped, and the summary counts every game in the file within the range.
A last line cut by a kill is ignored (that game is played again).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from landsraad.content import faction_ids  # noqa: E402
from landsraad.engine import new_game  # noqa: E402
from landsraad.players import RandomPlayer  # noqa: E402
from tests.engine.invariants import InvariantBroken, play_checked  # noqa: E402

PAIRS = list(itertools.permutations(faction_ids(), 2))


def one(seed: int) -> tuple[int, str | None, float]:
    began = time.process_time()
    red, blue = PAIRS[seed % len(PAIRS)]
    dice = "physical" if seed % 10 == 9 else "digital"
    try:
        play_checked(new_game(red, blue, seed=seed, dice=dice), {"red": RandomPlayer(seed), "blue": RandomPlayer(seed + 1)})
    except InvariantBroken as err:
        return seed, f"{red} v {blue}, {dice} dice: {err}", time.process_time() - began
    return seed, None, time.process_time() - began


def done_before(progress: Path | None, seeds: range) -> dict[int, str | None]:
    """The games of ``seeds`` already recorded in the progress file (seed -> problem or None)."""
    done: dict[int, str | None] = {}
    if progress is None or not progress.is_file():
        return done
    for line in progress.read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(line)
            seed, problem = int(entry["seed"]), entry["problem"]
        except (ValueError, KeyError, TypeError):  # a line cut by a kill: that game is played again
            continue
        if seed in seeds:
            done[seed] = problem
    return done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--progress", type=Path, help="append each finished game here; a re-run skips the games already in it")
    args = parser.parse_args()
    from tqdm import tqdm

    from landsraad.workers import end_with_parent

    start = time.perf_counter()
    seeds = range(args.first_seed, args.first_seed + args.games)
    results = done_before(args.progress, seeds)
    todo = [s for s in seeds if s not in results]
    cpu = 0.0
    log = args.progress.open("a", encoding="utf-8") if args.progress else None
    try:
        with ProcessPoolExecutor(args.jobs, initializer=end_with_parent) as pool:
            for seed, problem, seconds in tqdm(pool.map(one, todo, chunksize=4), total=len(todo), unit="game"):
                results[seed] = problem
                cpu += seconds
                if log:
                    log.write(json.dumps({"seed": seed, "problem": problem, "cpu_s": round(seconds, 3)}) + "\n")
                    log.flush()
    finally:
        if log:
            log.close()
    took = time.perf_counter() - start
    failures = sorted((seed, problem) for seed, problem in results.items() if problem)
    if len(todo) < args.games:
        print(f"# resumed: {args.games - len(todo)} games were already in {args.progress}, {len(todo)} played now "
              f"({cpu:.0f} s of CPU in the workers)")
    print(f"# bench_invariants, {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, {platform.machine()}, {os.cpu_count()} cores, "
          f"{args.jobs} jobs, load average {os.getloadavg()[0]:.2f}")
    played = max(len(todo), 1)
    print(f"{args.games - len(failures)} of {args.games} games held every invariant (seeds {seeds.start}..{seeds.stop - 1}); "
          f"this run {took:.0f} s for {len(todo)} games, {played / took:.2f} games/s")
    for seed, problem in failures[:20]:
        print(f"  seed {seed}: {problem}")


if __name__ == "__main__":
    main()
