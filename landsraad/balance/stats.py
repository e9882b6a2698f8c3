"""Statistics of a balance run: win rates with 95 % Wilson intervals, VP distributions, mission success."""

from __future__ import annotations

import math
import statistics
from typing import Any, Iterable, Mapping, Sequence

__all__ = ["wilson", "summarise", "TABLE_COLUMNS", "table_rows"]

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (a draw counts as half a win).

    Examples
    --------
    >>> wilson(0, 0)
    (0.0, 1.0)
    >>> low, high = wilson(50, 100); round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # At 0 or n successes the bounds are exactly 0 or 1 (rounding would put them a hair off).
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return low, high


def _score(result: Mapping[str, Any], side: str) -> float:
    return 1.0 if result["winner"] == side else 0.5 if result["winner"] == "draw" else 0.0


def _rate(score: float, games: int) -> dict[str, Any]:
    low, high = wilson(score, games)
    return {"games": games, "score": score, "win_rate": round(score / games, 4) if games else None,
            "ci95": [round(low, 4), round(high, 4)]}


def _vp(values: Sequence[int]) -> dict[str, Any]:
    if not values:
        return {}
    q = statistics.quantiles(values, n=4, method="inclusive") if len(values) > 1 else [values[0]] * 3
    return {"mean": round(statistics.fmean(values), 3), "stdev": round(statistics.pstdev(values), 3), "min": min(values),
            "q1": q[0], "median": q[1], "q3": q[2], "max": max(values)}


def summarise(results: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Per faction and per pairing statistics of sorted game results (from :func:`~.runner.run_games`).

    Returns
    -------
    dict
        ``factions``: win rate (draw = half) with a 95 % Wilson interval, VP distribution and mission
        success rates; ``pairings``: each faction's rate against each other faction, both sides together;
        ``sides``: red's overall rate.
    """
    results = list(results)
    ids = sorted({r["red"] for r in results} | {r["blue"] for r in results})
    score = {f: 0.0 for f in ids}
    games = {f: 0 for f in ids}
    vps: dict[str, list[int]] = {f: [] for f in ids}
    missions: dict[str, dict[str, dict[str, int]]] = {f: {} for f in ids}
    pair_score: dict[tuple[str, str], float] = {}
    pair_games: dict[tuple[str, str], int] = {}
    red_score = 0.0
    for r in results:
        red_score += _score(r, "red")
        for side, other in (("red", "blue"), ("blue", "red")):
            f, g = r[side], r[other]
            s = _score(r, side)
            score[f] += s
            games[f] += 1
            vps[f].append(int(r["vp"][side]))
            pair_score[(f, g)] = pair_score.get((f, g), 0.0) + s
            pair_games[(f, g)] = pair_games.get((f, g), 0) + 1
            for mission, succeeded in r["missions"][side]:
                m = missions[f].setdefault(mission, {"picked": 0, "success": 0})
                m["picked"] += 1
                m["success"] += succeeded is True
    factions = {}
    for f in ids:
        factions[f] = {**_rate(score[f], games[f]), "vp": _vp(vps[f]),
                       "missions": {m: {**v, "success_rate": round(v["success"] / v["picked"], 4)}
                                    for m, v in sorted(missions[f].items())}}
    pairings = {f: {g: _rate(pair_score[(f, g)], pair_games[(f, g)]) for g in ids if (f, g) in pair_games} for f in ids}
    return {"games": len(results), "factions": factions, "pairings": pairings, "sides": {"red": _rate(red_score, len(results))}}


TABLE_COLUMNS = ("faction", "opponent", "games", "score", "win_rate", "ci95_low", "ci95_high", "vp_mean", "vp_median")
"""Columns of the CSV table: one row per faction against all (opponent ``all``) and per pairing."""


def table_rows(summary: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The CSV table's rows."""
    rows = []
    for f, s in summary["factions"].items():
        rows.append({"faction": f, "opponent": "all", "games": s["games"], "score": s["score"], "win_rate": s["win_rate"],
                     "ci95_low": s["ci95"][0], "ci95_high": s["ci95"][1], "vp_mean": s["vp"].get("mean"),
                     "vp_median": s["vp"].get("median")})
        for g, p in summary["pairings"][f].items():
            rows.append({"faction": f, "opponent": g, "games": p["games"], "score": p["score"], "win_rate": p["win_rate"],
                         "ci95_low": p["ci95"][0], "ci95_high": p["ci95"][1], "vp_mean": "", "vp_median": ""})
    return rows
