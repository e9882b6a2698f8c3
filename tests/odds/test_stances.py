"""Tests of landsraad.odds.stances: the 2 x 2 stance game (R-MELEE, R-TEST-CLASH, PRJ-82) and its rule errors.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.errors import RuleError
from landsraad.odds.core import check_lowering
from landsraad.odds.melee import melee_odds
from landsraad.odds.stances import best_stances, stance_matrix
from landsraad.rules.state import Combatant

from .helpers import KNIFE, PISTOL, fighters

# --- hand computations -------------------------------------------------------------------


def test_knife_stance_matrix_by_hand() -> None:
    """R-MELEE: two Combat 0 knife fighters (6-), Endurance 3, no shields, payoff "wounds".

    Attack vs defend: the attacker hits iff a > d (45 / 100); damage 6 - n is a light wound for
    n = 1, 2, 3 (5, 4, 3 >= E3), else a scratch or nothing: expected levels 0.3, value 0.45 x 0.3
    = 0.135. Both attacking is symmetric (value 0), both defending is 0. So both attacking is a
    saddle point (0 is the least of its row and the most of its column).
    """
    sm = stance_matrix(Combatant(weapon=KNIFE), Combatant(weapon=KNIFE))
    assert np.allclose(sm.values, [[0.0, 0.135], [-0.135, 0.0]], atol=1e-12)
    assert sm.best.saddle == ("attack", "attack") and sm.best.value == 0.0
    assert sm.best.attacker == {"attack": 1.0, "defend": 0.0}
    ad = sm.cell("attack", "defend")
    assert ad.p_attacker_hits == pytest.approx(0.45) and ad.defender_wound["light"] == pytest.approx(0.45 * 0.3)
    assert ad.defender_wound["scratch"] == pytest.approx(0.45 * 0.2) and ad.first["attacker"] == 1.0


# --- properties ---------------------------------------------------------------------------------


@settings(max_examples=10)
@given(fighters, fighters, st.sampled_from([None, "wounds", "wounded"]))
def test_stance_game_always_has_a_saddle_point(a, d, payoff) -> None:
    """PRJ-82: attack/defend is worth >= 0 to the attacker (only it strikes), defend/attack <= 0,
    defend/defend 0; such a 2 x 2 game always has a pure saddle point. best_stances finds it."""
    kw = {} if payoff is None else {"payoff": payoff}
    sm = stance_matrix(a, d, **kw)
    values = np.array(sm.values)
    assert sm.best.saddle is not None
    i, j = sm.attacker_stances.index(sm.best.saddle[0]), sm.defender_stances.index(sm.best.saddle[1])
    assert values[i, j] == values[i].min() == values[:, j].max() == sm.best.value
    assert best_stances(a, d, **kw) == sm.best


# --- errors -------------------------------------------------------------------------------------


def test_bad_policies_and_illegal_stances_are_rule_errors() -> None:
    for bad in (0, 11, "always", True, 2.5):
        with pytest.raises(RuleError, match="lowering policy"):
            check_lowering(bad, "attacker")
    with pytest.raises(RuleError, match="payoff"):
        melee_odds(Combatant(weapon=KNIFE), Combatant(weapon=KNIFE), attacker_stance="attack", defender_stance="attack", payoff="glory")
    pistol_only = Combatant(name="Gunner", weapon=PISTOL)
    with pytest.raises(RuleError, match="no melee weapon"):
        melee_odds(pistol_only, Combatant(weapon=KNIFE), attacker_stance="attack", defender_stance="defend")
    sm = stance_matrix(Combatant(weapon=KNIFE), pistol_only)  # the gunner may only defend
    assert sm.defender_stances == ("defend",) and sm.best.defender == {"attack": 0.0, "defend": 1.0}
    with pytest.raises(RuleError, match="may only defend"):
        stance_matrix(Combatant(weapon=KNIFE), pistol_only, defender_stances=["attack"])
