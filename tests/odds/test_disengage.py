"""Tests of landsraad.odds.disengage: exact disengage odds against hand computation, the kernel (exhaustively)
and Monte Carlo.

Rules exercised: R-DISENGAGE, R-ARMOUR, RUL-01, PRJ-17, PRJ-83.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.model import Weapon
from landsraad.odds.core import PAYOFFS
from landsraad.odds.disengage import disengage_odds
from landsraad.rules.disengage import resolve_disengage, roll_disengage
from landsraad.rules.state import WOUND_RESULTS, Combatant
from landsraad.ruleset import Ruleset

from .helpers import D10, HALBERD, KNIFE, SWORD, _fixed, fighters, five_sigma, rank_at_least

# --- hand computations -------------------------------------------------------------------


def test_disengage_by_hand() -> None:
    """R-DISENGAGE, PRJ-17, RUL-01: equal Reflexes, no Initiative: the mover needs a strictly higher
    neutral die (45 / 100). It fails with the opponent's neutral k with probability k / 100 each;
    the knife 6 - k is a light wound for k <= 3 and a scratch for k = 4, 5:
    light (1 + 2 + 3) / 100 = 0.06, scratch (4 + 5) / 100 = 0.09. The margin is the mover's neutral:
    given success, m = 2..10 with (m - 1) / 45.
    """
    odds = disengage_odds(Combatant(), Combatant(weapon=KNIFE))
    assert odds.p_success == pytest.approx(0.45)
    assert odds.wound == pytest.approx({"none": 0.85, "scratch": 0.09, "light": 0.06, "grave": 0.0, "fatal": 0.0})
    assert odds.margin_cm == pytest.approx({str(m): (m - 1) / 45 for m in range(2, 11)})


# --- exhaustive agreement with the kernel -------------------------------------------------------


@pytest.mark.parametrize("opponent_lowering, compare", [("none", "neutral"), (2, "neutral"), (3, "coloured")])
def test_disengage_odds_equal_the_kernel_on_every_dice_outcome(opponent_lowering, compare) -> None:
    """All 10^4 outcomes of resolve_disengage (PRJ-17, either reading of the compared die, taken
    from the ruleset as the engine does), with a fixed lowering policy."""
    mover = Combatant(reflexes=1, shield="half", weapon=KNIFE)
    opponent = Combatant(reflexes=0, weapon=Weapon(id="venom", name="Venom blade", initiative="+1", damage="9-", poisons=("paralysing",)))
    ruleset = Ruleset(disengage_compare=compare)
    odds = disengage_odds(mover, opponent, opponent_lowering=opponent_lowering, ruleset=ruleset)
    counts = dict.fromkeys(WOUND_RESULTS, 0)
    success = damage = poisoned = 0
    margins: dict[str, int] = {}
    for mn, mc, on, oc in itertools.product(D10, repeat=4):
        ev = resolve_disengage(mover, opponent, mover_dice=(mn, mc), opponent_dice=(on, oc), opponent_neutral=_fixed(opponent_lowering, on),
                               compare=compare, ruleset=ruleset)
        counts[ev.wound] += 1
        success += ev.success
        damage += ev.damage
        poisoned += bool(ev.poisons_applied)
        if ev.success:
            margins[f"{ev.margin_cm:g}"] = margins.get(f"{ev.margin_cm:g}", 0) + 1
    n = 10 ** 4
    assert odds.p_success == pytest.approx(success / n, abs=1e-12)
    assert odds.wound == pytest.approx({k: v / n for k, v in counts.items()}, abs=1e-12)
    assert odds.expected_damage == pytest.approx(damage / n, abs=1e-12)
    assert odds.margin_cm == pytest.approx({k: v / success for k, v in margins.items()}, abs=1e-12)
    assert odds.p_poisoned == pytest.approx(poisoned / n, abs=1e-12) and odds.p_poisoned > 0


def test_best_disengage_lowering_is_the_best_answer_on_every_outcome() -> None:
    """PRJ-83: the opponent's "best" lowering is, for each of the 10^4 dice outcomes, the lowered
    neutral (the highest among equals) that maximises the wound weight, found by brute force over
    resolve_disengage for every choice."""
    mover, opponent = Combatant(reflexes=2, armour=4), Combatant(weapon=SWORD, reflexes=1)
    odds = disengage_odds(mover, opponent, opponent_lowering="best")
    w = PAYOFFS["wounds"]
    # The outcome only depends on the two neutral dice (PRJ-17, compare="neutral"): tabulate it.
    table = {(m, y): resolve_disengage(mover, opponent, mover_dice=(m, 1), opponent_dice=(y, 1)) for m in D10 for y in D10}
    counts = dict.fromkeys(WOUND_RESULTS, 0)
    lowers = 0
    for mn, on in itertools.product(D10, repeat=2):
        best_y = max(range(1, on + 1), key=lambda y: (w[table[mn, y].wound], y))
        counts[table[mn, best_y].wound] += 100  # 10 x 10 coloured dice that do not matter
        lowers += 100 * (best_y < on)
    assert odds.wound == pytest.approx({k: v / 10 ** 4 for k, v in counts.items()}, abs=1e-12)
    assert odds.p_opponent_lowers == pytest.approx(lowers / 10 ** 4, abs=1e-12)


# --- Monte Carlo --------------------------------------------------------------------------------


def test_disengage_odds_agree_with_monte_carlo() -> None:
    mover, opponent = Combatant(reflexes=1), Combatant(weapon=HALBERD)
    odds = disengage_odds(mover, opponent)
    rng = np.random.default_rng(5)
    n = 10_000
    events = [roll_disengage(mover, opponent, rng=rng) for _ in range(n)]
    assert abs(sum(e.success for e in events) / n - odds.p_success) <= five_sigma(odds.p_success, n)
    for k, p in odds.wound.items():
        assert abs(sum(e.wound == k for e in events) / n - p) <= five_sigma(p, n)


# --- properties ---------------------------------------------------------------------------------


@settings(max_examples=15)
@given(fighters, fighters, st.integers(-1, 3))
def test_disengage_properties(mover, opponent, extra) -> None:
    """Distributions sum to 1; better Reflexes never lower the chance to get away; Armour never
    raises the wound suffered; "best" lowering never deals less (in payoff) than no lowering."""
    odds = disengage_odds(mover, opponent)
    assert sum(odds.wound.values()) == pytest.approx(1.0)
    if odds.p_success:
        assert sum(odds.margin_cm.values()) == pytest.approx(1.0)
    quicker = disengage_odds(mover.model_copy(update={"reflexes": mover.reflexes + max(0, extra)}), opponent)
    assert quicker.p_success >= odds.p_success
    armoured = disengage_odds(mover.model_copy(update={"armour": (mover.armour or 0) + 2}), opponent)
    for k in range(1, len(WOUND_RESULTS)):
        assert rank_at_least(armoured.wound, k) <= rank_at_least(odds.wound, k) + 1e-12
    w = PAYOFFS["wounds"]
    best = disengage_odds(mover, opponent, opponent_lowering="best")
    assert sum(w[k] * p for k, p in best.wound.items()) >= sum(w[k] * p for k, p in odds.wound.items()) - 1e-12
