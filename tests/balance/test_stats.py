"""Balance statistics: Wilson intervals and per-faction summaries against hand computations."""

import math

from hypothesis import given
from hypothesis import strategies as st

from landsraad.balance.stats import summarise, table_rows, wilson


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
