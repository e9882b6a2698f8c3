"""A rated ladder of the computer players (issue 45): each rung against the one below, Elo with intervals, SPRT stops.

The players are given lowest first (``--players random,heuristic,search:normal,search:1s``). Each
rung is played against the one below it in **game pairs**: one table (seed, ordered faction pair)
played twice with the sides swapped, so the seat and the table cancel within a pair. The faction
pairs cycle through all twelve ordered pairs of the Great Houses; pair ``k`` of a comparison has the
game seed ``SEED + k`` (the same tables for every rung). Players are seeded from the game seed and
their seat (``2 seed + 1`` red, ``2 seed + 2`` blue), as ``landsraad simulate`` seeds them.

**Sequential test (SPRT).** After every batch of pairs a comparison is tested, H0: the upper rung is
``--elo0`` Elo stronger (default 0) against H1: ``--elo1`` (default 100), with the pentanomial
normal approximation (the generalised SPRT of chess engine testing, over game-pair scores 0, 0.5,
..., 2), error rates ``--alpha`` and ``--beta`` (0.05): it stops once the log-likelihood ratio leaves
``[log(beta / (1 - alpha)), log((1 - beta) / alpha)]``, or at ``--max-pairs``.

**Ratings.** A Bradley-Terry model over every game (a draw half a win each way), fitted by
minorisation-maximisation with one virtual draw between neighbouring rungs (so a rung that won every
game has a finite rating), Elo = ``400 log10`` of the strength, the lowest rung at 0. The 95 %
intervals are the 2.5 and 97.5 percentiles of ``--bootstrap`` refits on game pairs resampled within
each comparison. **Seat bias**: red's score over all games, with its Wilson interval.

Run by hand (never in the test suite), niced on a shared machine::

    nice python bench/ladder.py --players random,heuristic,search:normal,search:1s --seed 52000 \\
        --max-pairs 12 --jobs 2 --out /tmp/ladder.json

Figures, machine, date and load are recorded in ``docs/search.md``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime, timezone
from typing import Any, Sequence

import numpy as np
from tqdm import tqdm

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from landsraad.balance.stats import sprt_llr  # noqa: E402  (one SPRT: the balance lab's, issue 45)
from landsraad.engine import new_game, play  # noqa: E402
from landsraad.fileio import atomic_write_text  # noqa: E402
from landsraad.players import make_player, parse_player  # noqa: E402
from landsraad.search import SearchPlayer  # noqa: E402

HOUSES = ("corrino", "atreides", "harkonnen", "fremen")
ORDERED_PAIRS = tuple((a, b) for a in HOUSES for b in HOUSES if a != b)
"""The twelve ordered faction pairs (red, blue) of the Great Houses."""


def play_game(task: tuple[str, str, str, str, int]) -> dict[str, Any]:
    """One game: ``(red player, blue player, red faction, blue faction, seed)``; the result and the players' search times."""
    red_kind, blue_kind, red, blue, seed = task
    players = {"red": make_player(red_kind, seed * 2 + 1), "blue": make_player(blue_kind, seed * 2 + 2)}
    c0, w0 = time.process_time(), time.perf_counter()
    game = play(new_game(red, blue, seed=seed), players)
    r = game.result
    # per seat: with a search on both sides each side's times are its own
    searched = {side: [round(s.cpu_s, 3) for s in p.stats if s.kind == "activate"] if isinstance(p, SearchPlayer) else []
                for side, p in players.items()}
    return {"red_player": red_kind, "blue_player": blue_kind, "red": red, "blue": blue, "seed": seed, "winner": r.winner,
            "vp": dict(r.vp), "cpu_s": round(time.process_time() - c0, 2), "wall_s": round(time.perf_counter() - w0, 2),
            "decision_cpu_s": searched}


def score_of(game: dict[str, Any], player: str) -> float:
    """``player``'s score in ``game`` (1 a win, 0.5 a draw, 0 a loss)."""
    if game["winner"] == "draw":
        return 0.5
    return 1.0 if game[f"{game['winner']}_player"] == player else 0.0


def bradley_terry(names: Sequence[str], games: Sequence[dict[str, Any]], iterations: int = 2000) -> dict[str, float]:
    """Elo ratings (the first name at 0) of a Bradley-Terry fit over ``games``, one virtual draw between neighbours."""
    k = len(names)
    index = {n: i for i, n in enumerate(names)}
    wins = np.zeros((k, k))
    for g in games:
        i, j = index[g["red_player"]], index[g["blue_player"]]
        s = score_of(g, g["red_player"])
        wins[i, j] += s
        wins[j, i] += 1 - s
    for i in range(k - 1):  # the prior: one draw between neighbouring rungs
        wins[i, i + 1] += 0.5
        wins[i + 1, i] += 0.5
    played = wins + wins.T
    strength = np.ones(k)
    for _ in range(iterations):
        total = wins.sum(axis=1)
        denom = np.array([sum(played[i, j] / (strength[i] + strength[j]) for j in range(k) if j != i) for i in range(k)])
        new = total / np.maximum(denom, 1e-300)
        new /= new[0]
        if np.max(np.abs(np.log(new) - np.log(strength))) < 1e-10:
            strength = new
            break
        strength = new
    return {n: round(float(400 * math.log10(strength[i])), 1) for n, i in index.items()}


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``p`` over ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def ladder(players: Sequence[str], seed: int, max_pairs: int, batch: int, jobs: int, elo0: float, elo1: float,
           alpha: float, beta: float, bootstrap: int, out: str | None = None) -> dict[str, Any]:
    """Play the ladder and rate it (see the module's docstring); the report so far is written to
    ``out`` after every batch, so a run stopped early keeps the pairs it played."""
    load_before = [round(x, 2) for x in os.getloadavg()]
    started = datetime.now(timezone.utc).isoformat(timespec="minutes")
    lower_bound, upper_bound = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    rungs = [(players[i], players[i + 1]) for i in range(len(players) - 1)]
    pairs: dict[int, list[tuple[dict[str, Any], dict[str, Any]]]] = {r: [] for r in range(len(rungs))}
    verdict: dict[int, str] = {}
    settings = {"players": list(players), "seed": seed, "max_pairs": max_pairs,
                "sprt": {"elo0": elo0, "elo1": elo1, "alpha": alpha, "beta": beta,
                         "bounds": [round(lower_bound, 2), round(upper_bound, 2)]},
                "started": started, "load_before": load_before, "jobs": jobs}
    pool = ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else None
    bar = tqdm(total=len(rungs) * max_pairs * 2, desc="ladder games", unit="game", file=sys.stderr)
    try:
        while len(verdict) < len(rungs):
            tasks: list[tuple[int, int, tuple[str, str, str, str, int]]] = []
            for r, (low, high) in enumerate(rungs):
                if r in verdict:
                    continue
                for k in range(len(pairs[r]), min(max_pairs, len(pairs[r]) + batch)):
                    red, blue = ORDERED_PAIRS[k % len(ORDERED_PAIRS)]
                    tasks.append((r, k, (high, low, red, blue, seed + k)))
                    tasks.append((r, k, (low, high, red, blue, seed + k)))
            results = pool.map(play_game, [t[2] for t in tasks]) if pool else map(play_game, [t[2] for t in tasks])
            done: dict[tuple[int, int], list[dict[str, Any]]] = {}
            for (r, k, _), game in zip(tasks, results):
                done.setdefault((r, k), []).append(game)
                bar.update(1)
            for (r, _k), two in sorted(done.items()):
                pairs[r].append((two[0], two[1]))
            for r, (_low, high) in enumerate(rungs):
                if r in verdict:
                    continue
                llr = sprt_llr([score_of(a, high) + score_of(b, high) for a, b in pairs[r]], elo0, elo1)
                if llr >= upper_bound:
                    verdict[r] = "H1"
                elif llr <= lower_bound:
                    verdict[r] = "H0"
                elif len(pairs[r]) >= max_pairs:
                    verdict[r] = "undecided"
                if r in verdict:
                    bar.total -= 2 * (max_pairs - len(pairs[r]))
                    bar.refresh()
            if out:
                report = rate(settings, rungs, pairs, verdict, min(bootstrap, 50))
                report["finished"] = len(verdict) == len(rungs)
                atomic_write_text(out, json.dumps(report, indent=1))
    finally:
        bar.close()
        if pool is not None:
            pool.shutdown()
    report = rate(settings, rungs, pairs, verdict, bootstrap)
    report["finished"] = True
    return report


def rate(settings: dict[str, Any], rungs: Sequence[tuple[str, str]], pairs: dict[int, list[tuple[dict[str, Any], dict[str, Any]]]],
         verdict: dict[int, str], bootstrap: int) -> dict[str, Any]:
    """The report of the pairs played: ratings with bootstrap intervals, each rung's score and SPRT, the seat bias, times."""
    players = settings["players"]
    elo0, elo1 = settings["sprt"]["elo0"], settings["sprt"]["elo1"]
    games = [g for r in pairs for two in pairs[r] for g in two]
    elo = bradley_terry(players, games)
    rng = np.random.default_rng(settings["seed"])
    boots: dict[str, list[float]] = {n: [] for n in players}
    for _ in range(bootstrap):
        sample = [g for r in pairs for k in rng.integers(0, len(pairs[r]), len(pairs[r])) for g in pairs[r][int(k)]]
        for n, e in bradley_terry(players, sample, iterations=300).items():
            boots[n].append(e)
    comparisons = []
    for r, (low, high) in enumerate(rungs):
        scores = [score_of(a, high) + score_of(b, high) for a, b in pairs[r]]
        n = 2 * len(scores)
        s = sum(scores) / n if n else 0.0
        lo, hi = wilson(s, n)
        comparisons.append({"upper": high, "lower": low, "pairs": len(scores), "score": round(s, 3),
                            "interval95": [round(lo, 3), round(hi, 3)], "llr": round(sprt_llr(scores, elo0, elo1), 2),
                            "verdict": verdict.get(r, "running"),
                            "wins_draws_losses": [sum(score_of(g, high) == v for two in pairs[r] for g in two) for v in (1.0, 0.5, 0.0)],
                            "upper_vp_margin_mean": round(statistics.fmean(
                                g["vp"][side] - g["vp"]["blue" if side == "red" else "red"]
                                for two in pairs[r] for g in two for side in ("red", "blue") if g[f"{side}_player"] == high), 2)
                            if scores else None})
    red = [score_of(g, g["red_player"]) for g in games]
    red_score = statistics.fmean(red) if red else 0.0
    decision_times = {n: sorted(t for g in games for side in ("red", "blue") if g[f"{side}_player"] == n
                                for t in g["decision_cpu_s"][side]) for n in players}
    return {
        **{k: v for k, v in settings.items() if k not in ("started", "load_before", "jobs")},
        "elo": elo, "elo_interval95": {n: [round(float(np.percentile(b, 2.5)), 1), round(float(np.percentile(b, 97.5)), 1)]
                                       for n, b in boots.items() if b},
        "comparisons": comparisons,
        "seat_bias": {"red_score": round(red_score, 3), "interval95": [round(x, 3) for x in wilson(red_score, len(red))], "games": len(red)},
        "decision_cpu_s": {n: {"decisions": len(t), "mean": round(statistics.fmean(t), 3), "p99": t[int(0.99 * (len(t) - 1))], "max": t[-1],
                               "over_1s": sum(x > 1.0 for x in t)} for n, t in decision_times.items() if t},
        "game_cpu_s": {n: round(statistics.fmean(g["cpu_s"] for g in games if n in (g["red_player"], g["blue_player"])), 1)
                       for n in players if any(n in (g["red_player"], g["blue_player"]) for g in games)},
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(), "started": settings["started"],
                    "load_before": settings["load_before"], "load_after": [round(x, 2) for x in os.getloadavg()],
                    "jobs": settings["jobs"], "at": datetime.now(timezone.utc).isoformat(timespec="minutes")},
        "games": games,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="random,heuristic,search:normal,search:1s",
                        help="player specs, lowest rung first (default: random,heuristic,search:normal,search:1s)")
    parser.add_argument("--seed", type=int, default=52000, help="the first pair's game seed (default: 52000, never tuned on)")
    parser.add_argument("--max-pairs", type=int, default=24, help="the most game pairs a comparison plays (default: 24)")
    parser.add_argument("--batch", type=int, default=2, help="game pairs a comparison plays between two tests (default: 2)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=100.0)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--bootstrap", type=int, default=200)
    parser.add_argument("--out", help="where to write the report (JSON, atomically; rewritten after every batch)")
    args = parser.parse_args()
    players = [p.strip() for p in args.players.split(",") if p.strip()]
    for p in players:
        parse_player(p)  # an unknown spec stops here, before any game
    if len(players) < 2 or args.max_pairs < 2:
        parser.error("a ladder needs two players or more and --max-pairs 2 or more")
    report = ladder(players, args.seed, args.max_pairs, args.batch, args.jobs, args.elo0, args.elo1, args.alpha, args.beta,
                    args.bootstrap, args.out)
    if args.out:
        atomic_write_text(args.out, json.dumps(report, indent=1))
    print(json.dumps({k: v for k, v in report.items() if k != "games"}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
