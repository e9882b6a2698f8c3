"""The ladder's statistics (bench/ladder.py, issue 45): ratings recovered from games drawn from known
Elo differences, the sequential test's direction, game-pair scores. No game is played here: the
games are drawn from the Bradley-Terry model itself (numpy's generator), so the oracle is the model
that drew them, not the fit under test."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from ladder import ORDERED_PAIRS, bradley_terry, score_of, sprt_llr  # noqa: E402


def _games(true_elo: dict[str, float], rungs: list[tuple[str, str]], pairs: int, seed: int) -> list[dict]:
    rng = np.random.default_rng(seed)
    games = []
    for low, high in rungs:
        p = 1 / (1 + 10 ** (-(true_elo[high] - true_elo[low]) / 400))
        for _k in range(pairs):
            for red, blue in ((high, low), (low, high)):
                high_wins = rng.random() < p
                winner_player = high if high_wins else low
                games.append({"red_player": red, "blue_player": blue, "winner": "red" if winner_player == red else "blue"})
    return games


def test_ratings_drawn_from_known_differences_come_back():
    true = {"a": 0.0, "b": 150.0, "c": 250.0}
    games = _games(true, [("a", "b"), ("b", "c")], pairs=1500, seed=1)
    elo = bradley_terry(["a", "b", "c"], games)
    assert elo["a"] == 0.0
    assert abs(elo["b"] - 150) < 25 and abs(elo["c"] - 250) < 35, elo


def test_the_sequential_test_leans_to_the_truth():
    strong = [score_of(g, "b") for g in _games({"a": 0, "b": 300}, [("a", "b")], 60, 2)]
    even = [score_of(g, "b") for g in _games({"a": 0, "b": 0}, [("a", "b")], 60, 3)]
    pair = lambda xs: [xs[i] + xs[i + 1] for i in range(0, len(xs), 2)]  # noqa: E731
    assert sprt_llr(pair(strong), 0, 100) > 2.94, "a 300 Elo edge should pass the upper bound in 60 pairs"
    assert sprt_llr(pair(even), 0, 100) < 0, "an even match leans to H0"


def test_a_draw_is_half_a_win_and_every_ordered_pair_comes_once():
    assert score_of({"winner": "draw", "red_player": "x", "blue_player": "y"}, "y") == 0.5
    assert score_of({"winner": "blue", "red_player": "x", "blue_player": "y"}, "y") == 1.0
    assert len(ORDERED_PAIRS) == 12 == len(set(ORDERED_PAIRS)) and all(a != b for a, b in ORDERED_PAIRS)
