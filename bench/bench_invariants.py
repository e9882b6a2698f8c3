"""The long run of the engine invariants (issue 15): N random games, every answer checked.

Uses the checks of ``tests/engine/invariants.py`` (no overlap, on the table, off impassable
terrain, wounds only rise except by healing, counters never negative, nothing asked of a
model out of action, VP the sum of the mission lines, the winner agreeing with the VP, the
replay identical). Run by hand::

    python bench/bench_invariants.py --games 10000 --jobs 2

Prints how many games held, the first failures with their seeds, and the time taken; the
figures go to docs/reliability.md.
"""

from __future__ import annotations

import argparse
import itertools
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


def one(seed: int) -> tuple[int, str | None]:
    red, blue = PAIRS[seed % len(PAIRS)]
    dice = "physical" if seed % 10 == 9 else "digital"
    try:
        play_checked(new_game(red, blue, seed=seed, dice=dice), {"red": RandomPlayer(seed), "blue": RandomPlayer(seed + 1)})
    except InvariantBroken as err:
        return seed, f"{red} v {blue}, {dice} dice: {err}"
    return seed, None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    from tqdm import tqdm

    start = time.perf_counter()
    failures = []
    seeds = range(args.first_seed, args.first_seed + args.games)
    with ProcessPoolExecutor(args.jobs) as pool:
        for seed, problem in tqdm(pool.map(one, seeds, chunksize=4), total=args.games, unit="game"):
            if problem:
                failures.append((seed, problem))
    took = time.perf_counter() - start
    print(f"# bench_invariants, {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, {platform.machine()}, {os.cpu_count()} cores, "
          f"{args.jobs} jobs, load average {os.getloadavg()[0]:.2f}")
    print(f"{args.games - len(failures)} of {args.games} games held every invariant (seeds {seeds.start}..{seeds.stop - 1}); "
          f"{took:.0f} s, {args.games / took:.2f} games/s")
    for seed, problem in failures[:20]:
        print(f"  seed {seed}: {problem}")


if __name__ == "__main__":
    main()
