"""Benchmark of the engine as a forward model (issue 8): clone, snapshot, restore and replay costs.

Plays whole random games and, at every decision of the play phase, measures:

- ``clone``: :meth:`Game.clone` (target: median under 1 ms mid-game);
- ``snapshot``: :meth:`Game.snapshot` to a JSON-able dict, and ``json.dumps`` of it;
- ``restore``: :meth:`Game.restore` from the parsed JSON;
- ``undo``: :meth:`Game.undo` of the answer just given (then the answer again);
- ``replay``: a whole game replayed from its record (every answer again).

Reported as medians and 90th percentiles in milliseconds, with the machine's load. Run by hand::

    python bench/bench_forward.py --games 4

Figures are recorded in ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from landsraad.engine import Game, new_game  # noqa: E402
from landsraad.engine.record import record_game, replay_record  # noqa: E402
from landsraad.players import RandomPlayer  # noqa: E402

PAIRS = (("corrino", "fremen"), ("atreides", "harkonnen"), ("harkonnen", "corrino"), ("fremen", "atreides"))


def _ms(samples: list[float]) -> str:
    samples = sorted(samples)
    return f"median {statistics.median(samples) * 1e3:.3f} ms, p90 {samples[int(0.9 * (len(samples) - 1))] * 1e3:.3f} ms (n={len(samples)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args()
    costs: dict[str, list[float]] = {"clone": [], "snapshot": [], "dumps": [], "restore": [], "undo": [], "replay": []}
    sizes = []
    for i in range(args.games):
        red, blue = PAIRS[i % len(PAIRS)]
        game = new_game(red, blue, seed=100 + i)
        players = {"red": RandomPlayer(i), "blue": RandomPlayer(i + 50)}
        while not game.over:
            d = game.decision
            answer = players[d.side].decide(d, game.view(d.side))
            if game.state.phase == "play":
                t = time.perf_counter()
                game.clone()
                costs["clone"].append(time.perf_counter() - t)
                t = time.perf_counter()
                snap = game.snapshot()
                costs["snapshot"].append(time.perf_counter() - t)
                t = time.perf_counter()
                text = json.dumps(snap)
                costs["dumps"].append(time.perf_counter() - t)
                sizes.append(len(text))
                if len(costs["restore"]) < 200:
                    parsed = json.loads(text)
                    t = time.perf_counter()
                    Game.restore(parsed)
                    costs["restore"].append(time.perf_counter() - t)
                game.answer(answer)
                t = time.perf_counter()
                game.undo()
                costs["undo"].append(time.perf_counter() - t)
            game.answer(answer)
        record = record_game(game)
        t = time.perf_counter()
        replay_record(record)
        costs["replay"].append(time.perf_counter() - t)
    print(f"# bench_forward, {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} cores, Python {platform.python_version()}, load average {os.getloadavg()[0]:.2f}")
    for name, samples in costs.items():
        print(f"{name:9s} {_ms(samples)}")
    print(f"snapshot JSON size: median {statistics.median(sizes) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
