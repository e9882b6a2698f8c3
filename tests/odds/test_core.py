"""Tests of landsraad.odds.core: the zero-sum solver, the vectorised twins of kernel helpers (R-WOUND, R-ARMOUR,
RUL-01, RUL-18) and the records' JSON form.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from landsraad.dice import beats
from landsraad.odds.core import beats_array, solve_zero_sum, wound_results_array
from landsraad.odds.shooting import shot_odds
from landsraad.odds.stances import stance_matrix
from landsraad.rules.state import WOUND_RESULTS, Combatant
from landsraad.rules.wounds import wound_result

from .helpers import HALBERD, KNIFE, PISTOL

# --- properties ---------------------------------------------------------------------------------


@given(st.integers(1, 10).flatmap(lambda m: st.integers(1, 10).flatmap(
    lambda n: st.lists(st.lists(st.integers(-3, 3), min_size=n, max_size=n), min_size=m, max_size=m))))
def test_solve_zero_sum_finds_an_equilibrium(matrix) -> None:
    """p guarantees the row player at least the value against every column, q holds every row to at most it."""
    a = np.array(matrix, dtype=float)
    p, q, v = solve_zero_sum(a)
    assert p.sum() == pytest.approx(1) and q.sum() == pytest.approx(1) and (p >= -1e-12).all() and (q >= -1e-12).all()
    assert (p @ a >= v - 1e-9).all()
    assert (a @ q <= v + 1e-9).all()


@given(st.lists(st.integers(-5, 40), min_size=1, max_size=20), st.integers(1, 8), st.none() | st.integers(1, 8), st.booleans())
def test_vectorised_wound_results_match_the_kernel(damage, endurance, armour, ignore) -> None:
    """wound_results_array is the vectorised twin of wound_result (R-WOUND, R-ARMOUR, RUL-18)."""
    codes = wound_results_array(np.array(damage), endurance, armour, ignore_armour=ignore)
    assert [WOUND_RESULTS[c] for c in codes] == [wound_result(x, endurance, armour, ignore_armour=ignore) for x in damage]


@given(st.lists(st.tuples(st.integers(-5, 20), st.integers(-5, 20)), min_size=1), st.sampled_from(["strict", "active"]))
def test_vectorised_beats_matches_the_kernel(pairs, ties) -> None:
    a, p = np.array([x for x, _ in pairs]), np.array([y for _, y in pairs])
    assert beats_array(a, p, ties).tolist() == [beats(x, y, ties) for x, y in pairs]


# --- errors -------------------------------------------------------------------------------------


def test_to_dict_is_json_ready() -> None:
    import json

    sm = stance_matrix(Combatant(weapon=KNIFE), Combatant(weapon=HALBERD), attacker_lowering="best")
    data = json.loads(json.dumps(sm.to_dict()))
    assert set(data["cells"]) == {"attack/attack", "attack/defend", "defend/attack", "defend/defend"}
    assert data["best"]["saddle"] in (["attack", "attack"], ["attack", "defend"], ["defend", "attack"], ["defend", "defend"])
    shot = json.loads(json.dumps(shot_odds(Combatant(weapon=PISTOL), Combatant(), distance_cm=3).to_dict()))
    assert set(shot["wound"]) == set(WOUND_RESULTS) and "p_hit" in shot and "expected_damage" in shot
