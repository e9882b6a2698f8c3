"""Fingerprints of whole games, to show a speed change leaves every game as it was (issue 12).

A speed change must not change any rules result, nor any computer player's choice. This
plays whole games with fixed seeds (the 16 ordered pairs of bundled factions in turn, seeds
7000 + i, players seeded 7000 + i and 7500 + i) and writes, per game, the SHA-256 of its event
log (every roll, decision and effect, as JSON), the winner, the victory points and the number
of answers. Run it before and after a change and compare: any difference is a changed game.

Run by hand (never in the test suite)::

    python bench/trace_games.py /tmp/before.json --random 32 --heuristic 12
    # ... change the code ...
    python bench/trace_games.py /tmp/after.json --random 32 --heuristic 12
    python bench/trace_games.py --diff /tmp/before.json /tmp/after.json

To trace another checkout, put it first on the path: ``PYTHONPATH=<checkout> python ...``.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import os
import sys
import tempfile
import time
import warnings

FACTIONS = ("corrino", "atreides", "harkonnen", "fremen")


def fingerprints(kind: str, games: int) -> dict[str, list]:
    """``{"kind:i": [log hash, winner, vp, answers]}`` for ``games`` games between two ``kind`` players."""
    from landsraad.engine.game import new_game, play
    from landsraad.players import make_player

    pairs = list(itertools.product(FACTIONS, FACTIONS))
    out: dict[str, list] = {}
    for i in range(games):
        red, blue = pairs[i % len(pairs)]
        game = play(new_game(red, blue, seed=7000 + i), {"red": make_player(kind, 7000 + i), "blue": make_player(kind, 7500 + i)})
        log = json.dumps([e.to_dict() for e in game.log], sort_keys=True).encode()
        out[f"{kind}:{i}"] = [hashlib.sha256(log).hexdigest()[:16], game.result.winner, dict(game.result.vp), len(game.answers)]
    return out


def diff(before: dict, after: dict) -> list[str]:
    """The games whose fingerprints differ (or that only one side has)."""
    return sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?", help="where to write the fingerprints (JSON)")
    parser.add_argument("--random", type=int, default=32, help="random-vs-random games")
    parser.add_argument("--heuristic", type=int, default=12, help="heuristic-vs-heuristic games")
    parser.add_argument("--diff", nargs=2, metavar=("BEFORE", "AFTER"), help="compare two fingerprint files")
    args = parser.parse_args()
    if args.diff:
        with open(args.diff[0]) as a, open(args.diff[1]) as b:
            changed = diff(json.load(a), json.load(b))
        print("identical" if not changed else f"{len(changed)} games differ: {', '.join(changed[:10])}")
        return 1 if changed else 0
    if not args.out:
        parser.error("give a file to write the fingerprints to, or --diff BEFORE AFTER")
    warnings.simplefilter("ignore")
    t0 = time.process_time()
    out = {**fingerprints("random", args.random), **fingerprints("heuristic", args.heuristic)}
    folder = os.path.dirname(os.path.abspath(args.out))
    with tempfile.NamedTemporaryFile("w", dir=folder, delete=False, suffix=".tmp") as f:  # atomic: temp file, then rename
        json.dump(out, f, indent=0)
    os.replace(f.name, args.out)
    print(f"{len(out)} games fingerprinted in {time.process_time() - t0:.1f} s of CPU: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
