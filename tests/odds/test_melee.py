"""Tests of landsraad.odds.melee: exact clash odds and lowering advice against hand computation, the kernel
(exhaustively) and Monte Carlo.

Rules exercised: R-MELEE, R-NEUTRAL-DOWN, R-SHIELD, R-ARMOUR, RUL-01, RUL-03, and the odds rulings PRJ-80, PRJ-81.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.dice import ClashDice
from landsraad.model import Weapon
from landsraad.odds.core import PAYOFFS
from landsraad.odds.melee import lowering_advice, melee_odds
from landsraad.rules.melee import resolve_melee, roll_melee
from landsraad.rules.state import WOUND_RESULTS, Combatant
from landsraad.ruleset import Ruleset

from .helpers import D10, HALBERD, KNIFE, STEEL, SWORD, VENOM_KNIFE, _fixed, fighters, five_sigma, rank_at_least

# --- hand computations -------------------------------------------------------------------


def test_shield_needs_a_slow_blade_by_hand() -> None:
    """R-SHIELD, RUL-03: a melee blow gets through a full shield only on a neutral of 1, a half-shield on 1-4.

    Halberd 15- (Combat +2) against a Combat 0 defender that defends: P(hit) = P(a + 2 > d): the
    pairs with d <= a + 1 number 2 + 3 + ... + 10 + 10 = 64. Damage 15 - n is fatal against E3
    when n <= 6 (>= 9), so always when it gets through a shield (n <= 4).
    """
    att = Combatant(weapon=HALBERD)
    assert sum(min(10, a + 1) for a in D10) == 64
    for shield, through in (("full", 0.1), ("half", 0.4), ("none", 0.6)):
        none = melee_odds(att, Combatant(shield=shield), attacker_stance="attack", defender_stance="defend")
        assert none.p_attacker_hits == pytest.approx(0.64)
        assert none.p_defender_dies == pytest.approx(0.64 * through)
    slow = melee_odds(att, Combatant(shield="full"), attacker_stance="attack", defender_stance="defend", attacker_lowering=1)
    assert slow.p_defender_dies == pytest.approx(0.64) and slow.p_attacker_lowers == pytest.approx(0.9)
    best = melee_odds(att, Combatant(shield="full"), attacker_stance="attack", defender_stance="defend", attacker_lowering="best")
    assert best.p_defender_dies == pytest.approx(0.64)
    assert best.p_attacker_lowers == pytest.approx(0.64 * 0.9)  # only lowers when it hits (PRJ-81: least lowering)


def test_melee_example_1_lowering_advice() -> None:
    """Rulebook 2.4 example 1: the Harkonnen lowers its neutral to hit harder. With the least
    lowering that reaches the best wound (PRJ-81): 12 - 3 = 9 is already fatal against E3."""
    harkonnen, civilian = Combatant(weapon=Weapon(id="h", name="Halberd", combat="+2", damage="12-")), Combatant(weapon=STEEL)
    advice = lowering_advice(harkonnen, civilian, attacker_dice=(5, 8, 2), defender_dice=(3, 3, 6),
                             attacker_stance="attack", defender_stance="defend")
    assert advice.attacker == {3: 1.0} and advice.defender == {3: 1.0} and advice.value == 3.0
    wounded = lowering_advice(harkonnen, civilian.model_copy(update={"endurance": 4}), attacker_dice=(5, 8, 2),
                              defender_dice=(3, 3, 6), attacker_stance="attack", defender_stance="defend")
    assert wounded.attacker == {4: 1.0}  # 12 - 4 = 8 = 2 x E4: grave; fatal needs 12, out of reach


# --- exhaustive agreement with the kernel -------------------------------------------------------

MELEE_CASES = [
    dict(attacker=Combatant(combat=1, weapon=HALBERD), defender=Combatant(combat=2, shield="half", weapon=VENOM_KNIFE),
         attacker_stance="attack", defender_stance="defend", attacker_lowering=4, defender_lowering="none"),
    dict(attacker=Combatant(reflexes=1, shield="full", weapon=SWORD, fatigue=1), defender=Combatant(armour=4, endurance=2, weapon=HALBERD,
         special_rules=("assassination",)), attacker_stance="attack", defender_stance="attack", attacker_lowering=1, defender_lowering=3,
         defender_push=True),
    dict(attacker=Combatant(combat=-1, weapon=KNIFE), defender=Combatant(combat=1, weapon=VENOM_KNIFE, wound="light"),
         attacker_stance="defend", defender_stance="attack", attacker_lowering="none", defender_lowering=2, ruleset=Ruleset(ties="active")),
]


@pytest.mark.parametrize("case", MELEE_CASES, ids=["lone-attacker-half-shield", "both-attack-push", "defender-strikes-ties"])
def test_melee_odds_equal_the_kernel_on_every_kept_dice_outcome(case: dict) -> None:
    """With fixed stances and fixed lowering policies, all 10^4 outcomes of the four kept dice
    resolved by resolve_melee give exactly the odds. The die a side did not keep is drawn at
    random for each outcome: it must not matter."""
    case = dict(case)
    a, d = case.pop("attacker"), case.pop("defender")
    a_low, d_low = case.pop("attacker_lowering"), case.pop("defender_lowering")
    odds = melee_odds(a, d, attacker_lowering=a_low, defender_lowering=d_low, **case)
    rng = np.random.default_rng(7)
    a_counts, d_counts = dict.fromkeys(WOUND_RESULTS, 0), dict.fromkeys(WOUND_RESULTS, 0)
    first = {"attacker": 0, "defender": 0, "simultaneous": 0, None: 0}
    a_hits = d_hits = a_dmg = d_dmg = a_poisoned = d_poisoned = 0
    for an, ak, dn, dk in itertools.product(D10, repeat=4):
        au, du = (int(v) for v in rng.integers(1, 11, size=2))
        ad = ClashDice(an, ak, au) if case["attacker_stance"] == "attack" else ClashDice(an, au, ak)
        dd = ClashDice(dn, dk, du) if case["defender_stance"] == "attack" else ClashDice(dn, du, dk)
        ev = resolve_melee(a, d, attacker_dice=ad, defender_dice=dd, attacker_neutral=_fixed(a_low, an),
                           defender_neutral=_fixed(d_low, dn), **case)
        first[ev.first] += 1
        a_wound = d_wound = "none"
        for s in ev.strikes:
            if s.by == "attacker":
                d_wound, a_hits, d_dmg, d_poisoned = s.wound, a_hits + s.hit, d_dmg + s.damage, d_poisoned + bool(s.poisons_applied)
            else:
                a_wound, d_hits, a_dmg, a_poisoned = s.wound, d_hits + s.hit, a_dmg + s.damage, a_poisoned + bool(s.poisons_applied)
        a_counts[a_wound] += 1
        d_counts[d_wound] += 1
    n = 10 ** 4
    assert odds.attacker_wound == pytest.approx({k: v / n for k, v in a_counts.items()}, abs=1e-12)
    assert odds.defender_wound == pytest.approx({k: v / n for k, v in d_counts.items()}, abs=1e-12)
    assert odds.first == pytest.approx({"attacker": first["attacker"] / n, "defender": first["defender"] / n,
                                        "simultaneous": first["simultaneous"] / n, "none": first[None] / n}, abs=1e-12)
    assert (odds.p_attacker_hits, odds.p_defender_hits) == pytest.approx((a_hits / n, d_hits / n), abs=1e-12)
    assert (odds.expected_damage_to_attacker, odds.expected_damage_to_defender) == pytest.approx((a_dmg / n, d_dmg / n), abs=1e-12)
    assert (odds.p_attacker_poisoned, odds.p_defender_poisoned) == pytest.approx((a_poisoned / n, d_poisoned / n), abs=1e-12)


# --- "best" lowering ------------------------------------------------------------------------------


def _brute_force_value(a, d, ad, dd, a_stance, d_stance) -> tuple[str, float, dict]:
    """Independent game solution from resolve_melee for every pair of lowered neutrals."""
    w = PAYOFFS["wounds"]
    u = {}
    order = None
    for x in range(1, ad[0] + 1):
        for y in range(1, dd[0] + 1):
            ev = resolve_melee(a, d, attacker_dice=ad, defender_dice=dd, attacker_stance=a_stance, defender_stance=d_stance,
                               attacker_neutral=x, defender_neutral=y)
            order = ev.lowering_first
            got = {s.by: s.wound for s in ev.strikes}
            u[x, y] = w[got.get("attacker", "none")] - w[got.get("defender", "none")]
    xs, ys = range(1, ad[0] + 1), range(1, dd[0] + 1)
    if order == "attacker":
        value = max(min(u[x, y] for y in ys) for x in xs)
    elif order == "defender":
        value = min(max(u[x, y] for x in xs) for y in ys)
    else:
        value = None  # checked through the equilibrium conditions instead
    return order, value, u


@settings(max_examples=25)
@given(
    st.tuples(st.integers(1, 10), st.integers(1, 10), st.integers(1, 10)),
    st.tuples(st.integers(1, 10), st.integers(1, 10), st.integers(1, 10)),
    st.sampled_from([("attack", "attack"), ("attack", "defend"), ("defend", "attack")]),
    st.sampled_from(["none", "half", "full"]),
    st.sampled_from(["none", "half", "full"]),
    st.integers(-1, 2),
)
def test_lowering_advice_solves_the_revealed_game(ad, dd, stances, a_shield, d_shield, reflexes) -> None:
    """PRJ-80: the lower initiative total lowers first and the other answers (backward induction);
    equal totals play the secret game at an equilibrium. Checked by brute force over resolve_melee."""
    a = Combatant(weapon=SWORD, shield=a_shield, reflexes=reflexes, endurance=2)
    d = Combatant(weapon=HALBERD, shield=d_shield, combat=1)
    advice = lowering_advice(a, d, attacker_dice=ad, defender_dice=dd, attacker_stance=stances[0], defender_stance=stances[1])
    order, value, u = _brute_force_value(a, d, ad, dd, *stances)
    assert advice.order == order
    assert sum(advice.attacker.values()) == pytest.approx(1) and sum(advice.defender.values()) == pytest.approx(1)
    if value is not None:
        assert advice.value == pytest.approx(value)
        assert len(advice.attacker) == 1 and len(advice.defender) == 1
        (x,), (y,) = advice.attacker, advice.defender
        assert u[x, y] == pytest.approx(value)
    else:  # neither side gains by deviating from the secret equilibrium
        xs, ys = range(1, ad[0] + 1), range(1, dd[0] + 1)
        for x in xs:
            assert sum(q * u[x, y] for y, q in advice.defender.items()) <= advice.value + 1e-9
        for y in ys:
            assert sum(p * u[x, y] for x, p in advice.attacker.items()) >= advice.value - 1e-9


BEST_CASES = [
    (Combatant(weapon=SWORD, shield="full", reflexes=1), Combatant(weapon=HALBERD, shield="half", combat=1)),
    (Combatant(weapon=KNIFE, endurance=2), Combatant(weapon=SWORD, shield="full", armour=3)),
]


@pytest.mark.parametrize("a, d", BEST_CASES)
@pytest.mark.parametrize("stances", [("attack", "attack"), ("attack", "defend")])
def test_best_lowering_beats_every_fixed_policy(a, d, stances) -> None:
    """PRJ-80: against a fixed policy, "best" does at least as well as any fixed policy; when both
    play "best", each side does at least as well as with any fixed policy against the other's best."""
    kw = dict(attacker_stance=stances[0], defender_stance=stances[1])
    fixed = ["none", *range(1, 10)]
    best_vs_none = melee_odds(a, d, attacker_lowering="best", **kw).value
    both_best = melee_odds(a, d, attacker_lowering="best", defender_lowering="best", **kw).value
    for policy in fixed:
        assert melee_odds(a, d, attacker_lowering=policy, **kw).value <= best_vs_none + 1e-12
    for policy in ("none", 1, 3):
        assert both_best <= melee_odds(a, d, attacker_lowering="best", defender_lowering=policy, **kw).value + 1e-12
        assert both_best >= melee_odds(a, d, attacker_lowering=policy, defender_lowering="best", **kw).value - 1e-12


def test_best_melee_odds_aggregate_the_lowering_advice() -> None:
    """melee_odds with "best" lowering is the dice-weighted average of lowering_advice over the
    revealed situations (kept neutral and coloured dice)."""
    a, d = BEST_CASES[0]
    odds = melee_odds(a, d, attacker_stance="attack", defender_stance="defend", attacker_lowering="best", defender_lowering="best")
    total = 0.0
    # The defender only defends: its neutral matters for initiative (nothing else), the coloured dice
    # for the hit only. Average lowering_advice over every neutral pair and over hit / miss examples.
    from landsraad.rules.melee import attack_total, defence_total

    hit_pairs = [(x, y) for x in D10 for y in D10 if attack_total(a, d, x) > defence_total(d, a, y)]
    miss_pairs = [(x, y) for x in D10 for y in D10 if not attack_total(a, d, x) > defence_total(d, a, y)]
    for pairs in (hit_pairs, miss_pairs):
        if not pairs:
            continue
        (ak, dk), share = pairs[0], len(pairs) / 100
        for an, dn in itertools.product(D10, repeat=2):
            total += share / 100 * lowering_advice(a, d, attacker_dice=(an, ak, 1), defender_dice=(dn, 1, dk),
                                                   attacker_stance="attack", defender_stance="defend").value
    assert odds.value == pytest.approx(total, abs=1e-9)


# --- Monte Carlo --------------------------------------------------------------------------------


def test_melee_odds_agree_with_monte_carlo() -> None:
    """roll_melee (both attack, the attacker lowers to 2) agrees with the exact odds within 5 sigma."""
    a, d = Combatant(weapon=SWORD, reflexes=1), Combatant(weapon=HALBERD, shield="half")
    odds = melee_odds(a, d, attacker_stance="attack", defender_stance="attack", attacker_lowering=2)
    rng = np.random.default_rng(99)
    n = 10_000
    a_counts, d_counts = dict.fromkeys(WOUND_RESULTS, 0), dict.fromkeys(WOUND_RESULTS, 0)
    for _ in range(n):
        ev = roll_melee(a, d, rng=rng, attacker_stance="attack", defender_stance="attack",
                        attacker_lowering=lambda own, enemy: min(own.neutral, 2))
        got = {s.by: s.wound for s in ev.strikes}
        d_counts[got.get("attacker", "none")] += 1
        a_counts[got.get("defender", "none")] += 1
    for k in WOUND_RESULTS:
        assert abs(a_counts[k] / n - odds.attacker_wound[k]) <= five_sigma(odds.attacker_wound[k], n)
        assert abs(d_counts[k] / n - odds.defender_wound[k]) <= five_sigma(odds.defender_wound[k], n)


# --- properties ---------------------------------------------------------------------------------

policies = st.sampled_from(["none", 1, 3, 6])


@settings(max_examples=20)
@given(fighters, fighters, st.sampled_from(["attack", "defend"]), st.sampled_from(["attack", "defend"]), policies, policies)
def test_melee_properties(a, d, a_stance, d_stance, a_low, d_low) -> None:
    """Distributions sum to 1; a better Combat never lowers the lone attacker's hit chance; Armour
    on the defender never raises the wound it suffers (stochastic dominance; R-ARMOUR)."""
    kw = dict(attacker_stance=a_stance, defender_stance=d_stance, attacker_lowering=a_low, defender_lowering=d_low)
    odds = melee_odds(a, d, **kw)
    for dist in (odds.first, odds.attacker_wound, odds.defender_wound):
        assert sum(dist.values()) == pytest.approx(1.0)
    if a_stance == "attack" and d_stance == "defend":
        better = melee_odds(a.model_copy(update={"combat": a.combat + 1}), d, **kw)
        assert better.p_attacker_hits >= odds.p_attacker_hits
    if a_stance == d_stance == "attack":  # automatic hits (R-MELEE): the first blow always lands
        assert odds.first["none"] == 0
        assert odds.p_attacker_hits >= odds.first["attacker"] + odds.first["simultaneous"] - 1e-12
        assert odds.p_defender_hits >= odds.first["defender"] + odds.first["simultaneous"] - 1e-12
    armoured = melee_odds(a, d.model_copy(update={"armour": (d.armour or 0) + 2}), **kw)
    for k in range(1, len(WOUND_RESULTS)):
        assert rank_at_least(armoured.defender_wound, k) <= rank_at_least(odds.defender_wound, k) + 1e-12
