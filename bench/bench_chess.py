"""The speed reference of issue 12: python-chess random games per CPU second.

A random game: from the initial position, a uniformly random legal move (seeded
:class:`random.Random`) until the game is over (checkmate, stalemate, insufficient material,
the 75-move rule or fivefold repetition, as ``chess.Board.is_game_over`` says). Landsraad's
whole-game benchmarks (``bench/bench_games.py ratio``) divide their games per CPU second by this
figure measured in the same run, so the ratio does not depend on the machine or its load.

Run by hand (never in the test suite)::

    .venv/bin/python bench/bench_chess.py --games 200

Needs the ``bench`` extra (``pip install '.[bench]'``: python-chess).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time


def random_game(seed: int) -> int:
    """Play one random game of chess; return its number of plies."""
    import chess

    rng = random.Random(seed)
    board = chess.Board()
    plies = 0
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
        plies += 1
    return plies


def chess_rate(games: int, seed: int = 0) -> dict:
    """Random chess games per CPU second over ``games`` games (seeds ``seed`` to ``seed + games - 1``)."""
    t0 = time.process_time()
    plies = [random_game(seed + i) for i in range(games)]
    cpu = time.process_time() - t0
    return {"games": games, "cpu_s": cpu, "games_per_s": games / cpu, "mean_plies": sum(plies) / games}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(json.dumps(chess_rate(args.games, args.seed), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
