"""Benchmark of the search opponent (issue 12): its strength against the heuristic, and its time.

1. ``strength``: ``search:LEVEL`` against :class:`landsraad.ai.HeuristicPlayer` over N games,
   the search side alternating red/blue and the faction pair cycling through ``PAIRS``; game
   ``i`` has seed ``SEED0 + i``. With ``--control`` the search is replaced by a heuristic player
   (same seeds, sides and factions), which measures what the seat alone is worth. Reports the
   score (wins + half the draws, the issue asks for >= 65 % at ``easy`` and >= 75 % at
   ``normal``) with a 95 % Wilson interval, wins, draws, losses, the mean VP margin, and the
   search's decision times.
2. ``timing``: the wall-clock and CPU time of every searched decision of LEVEL over a few
   games (mean, 95th percentile, maximum) and the rollouts each ran.

Run by hand (never in the test suite)::

    python bench/bench_search.py strength --level easy --games 40 --jobs 2 --out /tmp/easy.json
    python bench/bench_search.py strength --level easy --games 40 --jobs 2 --control
    python bench/bench_search.py timing --level normal --games 1

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
from typing import Iterable

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from landsraad.ai import HeuristicPlayer  # noqa: E402
from landsraad.engine import new_game, play  # noqa: E402
from landsraad.errors import UnknownNameError  # noqa: E402
from landsraad.search import Level, SearchPlayer, level_named  # noqa: E402

PICKS_ONLY = Level("picks", kinds=(), candidates=1, samples=1, depth=1, margin=0.0)
"""``--level picks``: the heuristic with the levels' picks (learned odds, no search), to measure
what those picks are worth alone."""

PAIRS = (("corrino", "fremen"), ("atreides", "harkonnen"), ("fremen", "atreides"), ("harkonnen", "corrino"))
SEED0 = 31


class _TimedSearch(SearchPlayer):
    """A search player that records each searched decision's wall and CPU time."""

    def __init__(self, seed: int, level: str | Level) -> None:
        super().__init__(seed, level)
        self.times: list[tuple[str, float, float, int]] = []

    def _search(self, decision, state, preferred, seed):  # type: ignore[override]
        wall, cpu = time.perf_counter(), time.process_time()
        before = len(self.stats)
        answer = super()._search(decision, state, preferred, seed)
        rollouts = self.stats[-1].rollouts if len(self.stats) > before else 0
        self.times.append((decision.kind, time.perf_counter() - wall, time.process_time() - cpu, rollouts))
        return answer


def one_game(args: tuple[int, str, bool]) -> dict:
    """Game ``i``: the searcher (or, under ``control``, a heuristic in its seat) against the heuristic."""
    i, level, control = args
    red, blue = PAIRS[(i // 2) % len(PAIRS)]
    side = "red" if i % 2 == 0 else "blue"
    other = "blue" if side == "red" else "red"
    seed = SEED0 + i
    searcher = HeuristicPlayer(seed * 2 + 1) if control else _TimedSearch(seed * 2 + 1, PICKS_ONLY if level == "picks" else level)
    t0, c0 = time.perf_counter(), time.process_time()
    game = play(new_game(red, blue, seed=seed), {side: searcher, other: HeuristicPlayer(seed * 2 + 2)})
    r = game.result
    return {"game": i, "seed": seed, "search_side": side, "red": red, "blue": blue, "winner": r.winner,
            "score": 1.0 if r.winner == side else 0.5 if r.winner == "draw" else 0.0, "margin": r.vp[side] - r.vp[other],
            "reason": r.reason, "activations": r.activations,
            "sheets": {s: [[line.mission, line.rank, line.succeeded, line.points] for line in r.sheets[s].lines]
                       for s in ("red", "blue")},
            "wall_s": time.perf_counter() - t0, "cpu_s": time.process_time() - c0,
            "times": [] if control else searcher.times}


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion ``score`` over ``n`` games (draws count half)."""
    if n == 0:
        return (0.0, 1.0)
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _time_summary(times: list) -> dict:
    if not times:
        return {}
    walls = sorted(t[1] for t in times)
    cpus = sorted(t[2] for t in times)
    return {"decisions": len(times), "wall_mean_s": round(statistics.fmean(walls), 3), "wall_p95_s": round(walls[int(0.95 * (len(walls) - 1))], 3),
            "wall_max_s": round(walls[-1], 3), "cpu_mean_s": round(statistics.fmean(cpus), 3),
            "cpu_p99_s": round(cpus[int(0.99 * (len(cpus) - 1))], 3), "cpu_max_s": round(cpus[-1], 3),
            "cpu_over_2s": sum(c > 2.0 for c in cpus),  # the bound for normal, one core
            "slowest": sorted(((round(t[2], 3), t[0]) for t in times), reverse=True)[:5],
            "rollouts_mean": round(statistics.fmean(t[3] for t in times), 1)}


def _machine() -> dict:
    return {"python": platform.python_version(), "machine": platform.machine(), "cpus": os.cpu_count(),
            "load_before": [round(x, 2) for x in os.getloadavg()], "date": datetime.now(timezone.utc).isoformat(timespec="minutes")}


def strength(level: str, games: int, jobs: int, control: bool, first: int = 0) -> dict:
    machine = _machine()
    tasks = [(i, level, control) for i in range(first, first + games)]
    results: list[dict] = []

    def progress(done: Iterable[dict]) -> None:
        for r in done:
            results.append(r)
            won = sum(x["score"] for x in results)
            print(f"\r{len(results)}/{len(tasks)} games, the seat's score {won:g} ({won / len(results):.0%})",
                  end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)

    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            progress(pool.map(one_game, tasks))
    else:
        progress(one_game(t) for t in tasks)
    total = sum(r["score"] for r in results)
    rate = total / len(results)
    low, high = wilson(rate, len(results))
    machine["load_after"] = [round(x, 2) for x in os.getloadavg()]
    return {
        "what": "heuristic in the search's seat (control)" if control else f"search:{level} against heuristic",
        "games": len(results), "first_game": first, "jobs": jobs, "score": round(rate, 3), "interval95": [round(low, 3), round(high, 3)],
        "wins": sum(r["score"] == 1.0 for r in results), "draws": sum(r["score"] == 0.5 for r in results),
        "losses": sum(r["score"] == 0.0 for r in results), "margin_mean": round(statistics.fmean(r["margin"] for r in results), 2),
        "by_pair": {f"{red}-{blue}": round(statistics.fmean(r["score"] for r in results if (r["red"], r["blue"]) == (red, blue)), 3)
                    for red, blue in PAIRS if any((r["red"], r["blue"]) == (red, blue) for r in results)},
        "by_side": {s: round(statistics.fmean(r["score"] for r in results if r["search_side"] == s), 3)
                    for s in ("red", "blue") if any(r["search_side"] == s for r in results)},
        "game_wall_mean_s": round(statistics.fmean(r["wall_s"] for r in results), 1),
        "game_cpu_mean_s": round(statistics.fmean(r["cpu_s"] for r in results), 1),
        "decision_time": _time_summary([t for r in results for t in r["times"]]),
        "machine": machine, "results": [{k: v for k, v in r.items() if k != "times"} for r in results],
    }


def timing(level: str, games: int) -> dict:
    machine = _machine()
    results = [one_game((i, level, False)) for i in range(games)]
    times = [t for r in results for t in r["times"]]
    by_kind = {kind: _time_summary([t for t in times if t[0] == kind]) for kind in sorted({t[0] for t in times})}
    machine["load_after"] = [round(x, 2) for x in os.getloadavg()]
    return {"level": level, "games": games, "all": _time_summary(times), "by_kind": by_kind,
            "game_wall_mean_s": round(statistics.fmean(r["wall_s"] for r in results), 1), "machine": machine}


def _level_name(text: str) -> str:
    """An argparse type: a level name :func:`landsraad.search.level_named` knows, or ``picks``."""
    if text != "picks":
        try:
            level_named(text)
        except UnknownNameError as err:
            raise argparse.ArgumentTypeError(str(err)) from None
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("strength")
    s.add_argument("--level", default="easy", type=_level_name,
                   help="a search level (easy, normal, hard, a time budget such as 1s, or a capped level such as normal:1s), "
                        "or picks: the heuristic with the levels' mission picks (learned odds, no search)")
    s.add_argument("--games", type=int, default=40)
    s.add_argument("--first", type=int, default=0, help="the first game's index (to extend a series)")
    s.add_argument("--jobs", type=int, default=1)
    s.add_argument("--control", action="store_true", help="a heuristic in the search's seat")
    s.add_argument("--out")
    t = sub.add_parser("timing")
    t.add_argument("--level", default="normal", type=_level_name, help="a search level, a time budget (1s) or a capped level (normal:1s)")
    t.add_argument("--games", type=int, default=1)
    t.add_argument("--out")
    args = parser.parse_args()
    if args.what == "strength":
        report = strength(args.level, args.games, args.jobs, args.control, args.first)
    else:
        report = timing(args.level, args.games)
    text = json.dumps(report, indent=1)
    if args.out:
        from landsraad.fileio import atomic_write_text

        atomic_write_text(args.out, text)
    print(json.dumps({k: v for k, v in report.items() if k != "results"}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
