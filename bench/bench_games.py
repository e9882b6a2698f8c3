"""Benchmark of whole games (issue 5): the heuristic player's strength and the engine's speed.

1. ``strength``: the heuristic player (:class:`landsraad.ai.HeuristicPlayer`) against the
   random player (:class:`landsraad.players.RandomPlayer`) over N games, alternating sides
   and cycling through every ordered pair of bundled factions; reports the heuristic's win
   rate (the issue asks for at least 90 %), draws and losses, and the mean victory points.
2. ``speed``: complete heuristic-vs-heuristic games per second on one core (the issue aims at
   5 or more), the first game apart (it fills the player's odds caches), with a cProfile
   summary of where the time goes when ``--profile`` is given.
3. ``ratio`` (issue 12): random-vs-random and heuristic-vs-heuristic games per CPU second as
   ratios to python-chess random games per CPU second (``bench/bench_chess.py``), the chess
   reference measured in the same run, before and after the Landsraad games (their mean is the
   divisor), so the ratios hold on any machine and under any load. Targets: random >= 0.40,
   heuristic >= 0.10 (issue 44; issue 12 asked 0.25 and 0.06).

Run by hand (never in the test suite)::

    .venv/bin/python bench/bench_games.py strength --games 100 --jobs 2
    .venv/bin/python bench/bench_games.py speed --games 10 --profile
    .venv/bin/python bench/bench_games.py ratio --games 16 --chess-games 100

Figures and machine are recorded in ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import itertools
import json
import os
import platform
import pstats
import sys
import time
import warnings
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime, timezone

FACTIONS = ("corrino", "atreides", "harkonnen", "fremen")


def _pairs() -> list[tuple[str, str]]:
    return list(itertools.product(FACTIONS, FACTIONS))


def strength_game(i: int) -> dict:
    """Game ``i`` of the strength series: heuristic against random, sides and factions rotating."""
    warnings.simplefilter("ignore")
    from landsraad.ai import HeuristicPlayer
    from landsraad.engine.game import new_game, play
    from landsraad.players import RandomPlayer

    pairs = _pairs()
    mine, theirs = pairs[(i // 2) % len(pairs)]
    side = "red" if i % 2 == 0 else "blue"
    other = "blue" if side == "red" else "red"
    red, blue = (mine, theirs) if side == "red" else (theirs, mine)
    seed = 1000 + i
    t0 = time.process_time()
    game = new_game(red, blue, seed=seed)
    players = {side: HeuristicPlayer(seed), other: RandomPlayer(seed + 7)}
    try:
        game = play(game, players)
    except Exception as exc:  # an engine or player bug: recorded, counted as not won
        return {"game": i, "seed": seed, "heuristic": side, "factions": {"red": red, "blue": blue}, "winner": None,
                "won": False, "draw": False, "vp": {}, "vp_heuristic": 0, "vp_random": 0, "missions": {},
                "activations": game.state.activation, "reason": "error", "error": f"{type(exc).__name__}: {exc}",
                "cpu_s": time.process_time() - t0}
    r = game.result
    return {
        "game": i, "seed": seed, "heuristic": side, "factions": {"red": red, "blue": blue},
        "winner": r.winner, "won": r.winner == side, "draw": r.winner == "draw",
        "vp": dict(r.vp), "vp_heuristic": r.vp[side], "vp_random": r.vp[other],
        "missions": {s: list(game.state.side_state(s).missions) for s in ("red", "blue")},
        "activations": r.activations, "reason": r.reason, "cpu_s": time.process_time() - t0,
    }


def strength(games: int, jobs: int, out: str | None) -> dict:
    t0 = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(strength_game, range(games)))
    else:
        results = [strength_game(i) for i in range(games)]
    wall = time.perf_counter() - t0
    won = sum(r["won"] for r in results)
    draws = sum(r["draw"] for r in results)
    errors = sum(r["reason"] == "error" for r in results)
    summary = {
        "games": games,
        "won": won,
        "draws": draws,
        "lost": games - won - draws - errors,
        "errored": errors,
        "win_rate": won / games,
        "mean_vp_heuristic": sum(r["vp_heuristic"] for r in results) / games,
        "mean_vp_random": sum(r["vp_random"] for r in results) / games,
        "mean_cpu_s_per_game": sum(r["cpu_s"] for r in results) / games,
        "wall_s": wall,
        "errors": [{k: r[k] for k in ("game", "seed", "heuristic", "factions", "error")} for r in results if r["reason"] == "error"],
        "not_won": [{k: r[k] for k in ("game", "seed", "heuristic", "factions", "vp", "missions")} for r in results
                    if not r["won"] and r["reason"] != "error"],
    }
    if out:
        with open(out, "w") as f:
            json.dump({"summary": summary, "games": results}, f, indent=1)
    return summary


def speed(games: int, profile: bool) -> dict:
    """Heuristic against heuristic on one core: games per second of CPU time."""
    warnings.simplefilter("ignore")
    from landsraad.ai import HeuristicPlayer
    from landsraad.engine.game import new_game, play

    pairs = _pairs()

    def one(i: int) -> float:
        red, blue = pairs[i % len(pairs)]
        t0 = time.process_time()
        game = new_game(red, blue, seed=2000 + i)
        play(game, {"red": HeuristicPlayer(i), "blue": HeuristicPlayer(i + 500)})
        return time.process_time() - t0

    first = one(0)  # fills the caches
    prof = cProfile.Profile() if profile else None
    t0 = time.process_time()
    if prof:
        prof.enable()
    times = [one(i) for i in range(1, games + 1)]
    if prof:
        prof.disable()
    total = time.process_time() - t0
    summary = {"games": games, "first_game_cpu_s": first, "cpu_s": total, "games_per_s": games / total,
               "mean_cpu_s_per_game": total / games, "slowest_game_cpu_s": max(times)}
    if prof:
        text = io.StringIO()
        pstats.Stats(prof, stream=text).sort_stats("cumulative").print_stats(30)
        summary["profile"] = text.getvalue()
    return summary


def _timed_games(kind: str, games: int, seed: int) -> list[float]:
    """CPU seconds of each of ``games`` whole games between two ``kind`` players, the 16 faction pairs in turn."""
    warnings.simplefilter("ignore")
    from landsraad.engine.game import new_game, play
    from landsraad.players import make_player

    pairs = _pairs()
    times = []
    for i in range(games):
        red, blue = pairs[i % len(pairs)]
        t0 = time.process_time()
        game = new_game(red, blue, seed=seed + i)
        play(game, {"red": make_player(kind, seed + i), "blue": make_player(kind, seed + i + 500)})
        times.append(time.process_time() - t0)
    return times


def ratio(games: int, chess_games: int, kinds: tuple[str, ...], profile: bool) -> dict:
    """Landsraad games per CPU second as ratios to python-chess random games, measured in this run."""
    from bench_chess import chess_rate

    before = chess_rate(chess_games)
    _timed_games("heuristic", 1, 9000)  # warm-up: imports, content and mission cards loaded once
    prof = cProfile.Profile() if profile else None
    out: dict = {}
    for kind in kinds:
        if prof:
            prof.enable()
        times = _timed_games(kind, games, 3000)
        if prof:
            prof.disable()
        out[kind] = {"games": games, "cpu_s": sum(times), "games_per_s": games / sum(times), "slowest_game_cpu_s": max(times)}
    after = chess_rate(chess_games)
    reference = (before["games_per_s"] + after["games_per_s"]) / 2
    targets = {"random": 0.40, "heuristic": 0.10}  # issue 44 (issue 12's were 0.25 and 0.06)
    for kind, r in out.items():
        r["ratio"] = r["games_per_s"] / reference
        r["target"] = targets.get(kind)
    summary = {"load_average": os.getloadavg(), "chess_games_per_s": {"before": before["games_per_s"], "after": after["games_per_s"]},
               "chess_mean_plies": before["mean_plies"], **out}
    if prof:
        text = io.StringIO()
        pstats.Stats(prof, stream=text).sort_stats("cumulative").print_stats(40)
        summary["profile"] = text.getvalue()
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("strength", help="heuristic vs random win rate")
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--jobs", type=int, default=1, help="worker processes (the machine has 2 cores)")
    s.add_argument("--out", default=None, help="write every game's record to this JSON file")
    p = sub.add_parser("speed", help="heuristic vs heuristic games per second on one core")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--profile", action="store_true")
    r = sub.add_parser("ratio", help="random and heuristic games per CPU second, as ratios to python-chess random games")
    r.add_argument("--games", type=int, default=16, help="Landsraad games of each kind")
    r.add_argument("--chess-games", type=int, default=100, help="chess games before and after (the reference)")
    r.add_argument("--players", default="random,heuristic", help="which kinds of game, comma-separated")
    r.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)
    header = {"date": datetime.now(timezone.utc).isoformat(timespec="minutes"), "python": platform.python_version(), "machine": platform.platform(),
              "cpus": os.cpu_count()}
    if args.what == "strength":
        result = strength(args.games, args.jobs, args.out)
    elif args.what == "speed":
        result = speed(args.games, args.profile)
    else:
        result = ratio(args.games, args.chess_games, tuple(args.players.split(",")), args.profile)
    profile = result.pop("profile", None)
    print(json.dumps({**header, **result}, indent=1))
    if profile:
        print(profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
