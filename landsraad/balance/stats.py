"""Statistics of a balance run: win rates with 95 % Wilson intervals, VP distributions, mission success."""

from __future__ import annotations

import math
import statistics
from typing import Any, Iterable, Mapping, Sequence

__all__ = ["wilson", "summarise", "TABLE_COLUMNS", "table_rows", "elo_score", "sprt_llr", "sprt_bounds", "pairing_verdict",
           "VERDICTS"]

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


def elo_score(elo: float) -> float:
    """The expected score of a player ``elo`` points stronger (logistic, 400 points a factor of ten).

    Examples
    --------
    >>> elo_score(0), round(elo_score(100), 3), round(elo_score(-100), 3)
    (0.5, 0.64, 0.36)
    """
    return 1 / (1 + 10 ** (-elo / 400))


def sprt_llr(pair_scores: Sequence[float], elo0: float, elo1: float) -> float:
    """The generalised SPRT's log-likelihood ratio of H1 (``elo1``) against H0 (``elo0``) from game-pair scores.

    Each score is a game pair's total (0 to 2: one table played twice with the sides swapped, so
    the seat cancels within a pair), two virtual pairs (0.5 and 1.5) added. The normal
    approximation of chess engine testing: with the per-game mean score ``m`` and its variance
    ``v`` over the pairs, LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v), ``s`` the expected score of an
    Elo difference (:func:`elo_score`). ``elo1`` below ``elo0`` tests the other way.

    Parameters
    ----------
    pair_scores
        The scores of the game pairs played, each from 0 to 2.
    elo0, elo1
        The Elo differences of H0 and H1.

    Returns
    -------
    float
        The LLR; 0 with fewer than two pairs.

    Examples
    --------
    >>> sprt_llr([2.0, 1.5, 2.0, 1.0, 2.0, 1.5], 0, 100) > 0 > sprt_llr([0.0, 1.0, 0.5, 1.0, 0.0, 1.0], 0, 100)
    True
    >>> sprt_llr([0.0, 1.0, 0.5, 1.0, 0.0, 1.0], 0, -100) > 0
    True
    >>> sprt_llr([2.0], 0, 100)
    0.0
    """
    if len(pair_scores) < 2:
        return 0.0
    # Two virtual pairs, 0.5 and 1.5 (a split each way), regularise the variance: without them a
    # comparison whose first pairs all score 2 has no variance and stops after two pairs.
    per_game = [x / 2 for x in (*pair_scores, 0.5, 1.5)]
    n = len(per_game)
    mean = statistics.fmean(per_game)
    var = statistics.pvariance(per_game)
    s0, s1 = elo_score(elo0), elo_score(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """The SPRT's stopping bounds on the LLR: accept H0 at or below the first, H1 at or above the second.

    Examples
    --------
    >>> [round(b, 2) for b in sprt_bounds(0.05, 0.05)]
    [-2.94, 2.94]
    """
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


VERDICTS = ("first", "second", "even", "undecided")
"""A pairing's verdicts: the first faction stronger, the second, even (neither by ``elo1``), not yet decided."""


def pairing_verdict(pair_scores: Sequence[float], elo1: float, alpha: float = 0.05, beta: float = 0.05) -> dict[str, Any]:
    """Whether one faction of a pairing is the stronger, by two one-sided SPRTs over game-pair scores.

    ``pair_scores`` are the first faction's scores over game pairs (0 to 2, the sides swapped
    within a pair). One test, H0 0 Elo against H1 ``+elo1``, asks whether the first faction is
    stronger; the other, H0 0 against H1 ``-elo1``, the second. The pairing is decided when either
    accepts its H1 (that faction is stronger by about ``elo1`` Elo or more), or both accept H0
    (``even``: neither is ``elo1`` stronger); each test is judged on the pairs played so far.

    Parameters
    ----------
    pair_scores
        The first faction's game-pair scores, in the order played.
    elo1
        The Elo difference that counts as unbalanced (positive).
    alpha, beta
        The tests' error rates.

    Returns
    -------
    dict
        ``verdict`` (one of :data:`VERDICTS`), ``llr`` (the two tests' LLRs: first stronger,
        second stronger), ``bounds``, ``pairs``.

    Raises
    ------
    ValueError
        When ``elo1`` is not positive or an error rate is not between 0 and 0.5.

    Examples
    --------
    >>> pairing_verdict([2.0] * 12, 100)["verdict"], pairing_verdict([0.0] * 12, 100)["verdict"]
    ('first', 'second')
    >>> pairing_verdict([1.0] * 30, 100)["verdict"], pairing_verdict([2.0, 0.0], 100)["verdict"]
    ('even', 'undecided')
    """
    if not (elo1 > 0 and math.isfinite(elo1)):
        raise ValueError(f"the SPRT's Elo difference must be a positive number; got {elo1!r}.")
    if not (0 < alpha < 0.5 and 0 < beta < 0.5):
        raise ValueError(f"the SPRT's error rates must be between 0 and 0.5; got alpha={alpha!r}, beta={beta!r}.")
    low, high = sprt_bounds(alpha, beta)
    up, down = sprt_llr(pair_scores, 0.0, elo1), sprt_llr(pair_scores, 0.0, -elo1)
    if up >= high:
        verdict = "first"
    elif down >= high:
        verdict = "second"
    elif up <= low and down <= low:
        verdict = "even"
    else:
        verdict = "undecided"
    return {"verdict": verdict, "llr": [round(up, 3), round(down, 3)], "bounds": [round(low, 3), round(high, 3)],
            "pairs": len(pair_scores)}
