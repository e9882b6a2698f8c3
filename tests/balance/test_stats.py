"""Balance statistics: Wilson intervals and per-faction summaries against hand computations."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from landsraad.balance.stats import pairing_verdict, sprt_bounds, sprt_llr, summarise, table_rows, wilson


def game(red, blue, winner, vr, vb, mr=(), mb=(), index=0):
    return {"red": red, "blue": blue, "index": index, "winner": winner, "vp": {"red": vr, "blue": vb},
            "missions": {"red": [list(m) for m in mr], "blue": [list(m) for m in mb]}}


def test_wilson_against_the_textbook_value():
    # 8 of 10: the Wilson 95 % interval is 0.490 to 0.943 (Newcombe 1998's method 3 figures).
    low, high = wilson(8, 10)
    assert math.isclose(low, 0.4902, abs_tol=5e-4) and math.isclose(high, 0.9433, abs_tol=5e-4)


@given(st.integers(1, 500), st.data())
def test_wilson_contains_the_estimate_and_stays_in_0_1(n, data):
    k = data.draw(st.integers(0, n))
    low, high = wilson(k, n)
    assert 0 <= low <= k / n <= high <= 1


def test_summary_counts_both_sides_and_draws_as_half():
    results = [
        game("a", "b", "red", 5, 1, mr=[("spice_theft", True)], mb=[("territory", False)]),
        game("b", "a", "draw", 2, 2, mr=[("territory", True)], mb=[("spice_theft", False)]),
        game("b", "a", "blue", 0, 3, index=1),
    ]
    s = summarise(results)
    a = s["factions"]["a"]
    assert a["games"] == 3 and a["score"] == 2.5
    assert a["vp"]["mean"] == round((5 + 2 + 3) / 3, 3) and a["vp"]["median"] == 3
    assert a["missions"]["spice_theft"] == {"picked": 2, "success": 1, "success_rate": 0.5}
    assert s["factions"]["b"]["missions"]["territory"]["success_rate"] == 0.5
    assert s["pairings"]["a"]["b"]["score"] == 2.5 and s["pairings"]["b"]["a"]["score"] == 0.5
    assert s["sides"]["red"]["score"] == 1.5
    rows = table_rows(s)
    assert {(r["faction"], r["opponent"]) for r in rows} == {("a", "all"), ("a", "b"), ("b", "all"), ("b", "a")}


# --- the sequential test per pairing (issue 45) -----------------------------------------------------------


def _pair_scores(elo, pairs, rng):
    """Game-pair scores of a faction ``elo`` stronger: each game won with the logistic's chance (no draws)."""
    p = 1 / (1 + 10 ** (-elo / 400))
    return [float(rng.random() < p) + float(rng.random() < p) for _ in range(pairs)]


def _verdict_after(scores, elo1):
    """The verdict at the first pair where the test stops (as the runner stops), else after the last."""
    for n in range(2, len(scores) + 1):
        v = pairing_verdict(scores[:n], elo1)
        if v["verdict"] != "undecided":
            return v["verdict"]
    return "undecided"


def test_the_pairing_test_finds_the_stronger_faction_and_says_even_when_neither_is():
    rng = np.random.default_rng(7)
    runs = 200
    strong = [_verdict_after(_pair_scores(200, 200, rng), 100) for _ in range(runs)]
    weak = [_verdict_after(_pair_scores(-200, 200, rng), 100) for _ in range(runs)]
    even = [_verdict_after(_pair_scores(0, 200, rng), 100) for _ in range(runs)]
    assert strong.count("first") > 0.9 * runs and weak.count("second") > 0.9 * runs
    # at the truth of H0 the tests' error rates (5 % each, the approximation's own slack aside) hold
    assert even.count("even") > 0.8 * runs and even.count("first") + even.count("second") < 0.15 * runs


def test_the_pairing_test_is_symmetric_and_checks_its_settings():
    scores = [2.0, 1.0, 2.0, 1.5, 2.0, 2.0, 1.0, 2.0]
    mirrored = [2 - s for s in scores]
    a, b = pairing_verdict(scores, 100), pairing_verdict(mirrored, 100)
    assert a["llr"] == b["llr"][::-1] and {a["verdict"], b["verdict"]} in ({"first", "second"}, {"undecided"})
    assert pairing_verdict([], 100) == {"verdict": "undecided", "llr": [0.0, 0.0], "bounds": [-2.944, 2.944], "pairs": 0}
    for bad in ({"elo1": 0}, {"elo1": float("nan")}, {"elo1": 100, "alpha": 0.5}, {"elo1": 100, "beta": 0.0}):
        with pytest.raises(ValueError):
            pairing_verdict(scores, **bad)


def test_the_llr_matches_the_normal_approximation_by_hand():
    # scores 2, 1 and the virtual 0.5, 1.5: per game 1, 0.5, 0.25, 0.75; mean 0.625, variance 0.078125
    s1 = 1 / (1 + 10 ** (-100 / 400))
    expected = 4 * (s1 - 0.5) * (2 * 0.625 - 0.5 - s1) / (2 * 0.078125)
    assert math.isclose(sprt_llr([2.0, 1.0], 0, 100), expected, rel_tol=1e-12)
    lo, hi = sprt_bounds(0.05, 0.1)
    assert math.isclose(lo, math.log(0.1 / 0.95)) and math.isclose(hi, math.log(0.9 / 0.05))
