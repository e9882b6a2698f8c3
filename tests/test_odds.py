"""Tests of landsraad.odds: exact odds against hand computation, the kernel (exhaustively) and Monte Carlo.

Rules exercised: R-SHOOT, R-COVER, R-SHIELD, R-ARMOUR, R-LASER, R-TEMPLATE, R-WOUND, R-MELEE,
R-NEUTRAL-DOWN, R-DISENGAGE, RUL-01, RUL-03, RUL-09, PRJ-17, and the odds rulings PRJ-80..83.
"""

from __future__ import annotations

import itertools
import math
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.content import load_factions
from landsraad.dice import ClashDice, beats
from landsraad.errors import RuleError
from landsraad.model import Poison, Weapon
from landsraad.odds import (
    PAYOFFS,
    beats_array,
    best_stances,
    check_lowering,
    disengage_odds,
    lowering_advice,
    melee_odds,
    shot_odds,
    shot_wounds,
    solve_zero_sum,
    stance_matrix,
    wound_results_array,
)
from landsraad.rules.disengage import resolve_disengage, roll_disengage
from landsraad.rules.melee import resolve_melee, roll_melee
from landsraad.rules.shooting import dodge_distance, resolve_shot, roll_shot
from landsraad.rules.state import WOUND_RESULTS, Combatant
from landsraad.rules.wounds import wound_result
from landsraad.ruleset import Ruleset

D10 = range(1, 11)
PISTOL = Weapon(id="pistol", name="Pistol", range=10, combat="+1", damage="+1")
LANCE = Weapon(id="lance", name="Sardaukar lance", range=15, combat="+1", damage="+2")
LASER = Weapon(id="laser", name="Laser", range=15, combat="-2", damage="(12)", laser=True)
FLAMER = Weapon(id="flamer", name="Flamethrower", combat="-2", damage="(9)", template="direct 20")
KNIFE = Weapon(id="knife", name="Knife", damage="6-")
VENOM_KNIFE = Weapon(id="venom", name="Poisoned knife", damage="6-", poisons=("paralysing",))
VENOM_DART = Weapon(id="dart", name="Dart", range=10, damage="+0", poisons=("irritant",))
HALBERD = Weapon(id="halberd", name="Halberd", combat="+2", initiative="+1", damage="15-")
SWORD = Weapon(id="sword", name="Sword", combat="+1", initiative="+2", damage="12-")
STEEL = Weapon(id="steel", name="Steel shield", defence="+3", damage="4-")


def rank_at_least(dist: dict[str, float], k: int) -> float:
    """P(result rank >= k) for a wound distribution."""
    return sum(p for name, p in dist.items() if WOUND_RESULTS.index(name) >= k)


def five_sigma(p: float, n: int) -> float:
    return 5 * math.sqrt(max(p * (1 - p), 1.0 / n) / n)


# --- hand computations -------------------------------------------------------------------


def test_shooting_example_1_by_hand() -> None:
    """Rulebook 2.5 example 1: Soldier Combat 1, pistol 10 / +1 / +1 at 35 cm, open, target E3.

    Range band 3 (31-40 cm): weapon -2, Combat +1: attack die - 1 against the defence die.
    P(a - 1 > d) = sum over a >= 3 of (a - 2) / 100 = (1 + 2 + ... + 8) / 100 = 36 / 100.
    A hit deals neutral + 1 = 2..11 (each 1/10): 2 scratch; 3-5 light; 6-8 grave; 9-11 fatal.
    Expected damage = 0.36 * (2 + ... + 11) / 10 = 0.36 * 6.5 = 2.34.
    """
    odds = shot_odds(Combatant(combat=1, weapon=PISTOL), Combatant(endurance=3), distance_cm=35)
    assert sum(a - 2 for a in range(3, 11)) == 36
    assert odds.p_hit == pytest.approx(0.36, abs=1e-12)
    assert odds.range_band == 3 and odds.range_modifier == -2 and odds.attack_bonus == -1
    assert odds.wound == pytest.approx({"none": 0.64, "scratch": 0.036, "light": 0.108, "grave": 0.108, "fatal": 0.108}, abs=1e-12)
    assert odds.expected_damage == pytest.approx(2.34, abs=1e-12)
    assert odds.dodge_cm == {str(k): pytest.approx(0.1) for k in range(1, 11)}  # RUL-09: neutral + Reflexes 0


def test_shooting_example_2_by_hand() -> None:
    """Rulebook 2.5 example 2: Sardaukar Combat 2, lance 15 / +1 / +2 at 16 cm, large cover (+4).

    Attack die + 2 (Combat 2, band 1: weapon 0) against defence die + 4: hits iff a - d >= 3,
    which 7 + 6 + ... + 1 = 28 of the 100 pairs do.
    """
    odds = shot_odds(Combatant(combat=2, weapon=LANCE), Combatant(), distance_cm=16, cover="large")
    assert (odds.attack_bonus, odds.defence_bonus) == (2, 4)
    assert odds.p_hit == pytest.approx(0.28, abs=1e-12)


def test_shields_stop_every_shot_and_lasers_may_not_target_them() -> None:
    """R-SHIELD: ranged attacks never damage a shielded model; R-LASER: never at a shielded model."""
    odds = shot_odds(Combatant(combat=2, weapon=LANCE), Combatant(shield="half"), distance_cm=5)
    assert odds.p_hit > 0 and odds.p_shield_stopped == pytest.approx(odds.p_hit)
    assert odds.wound["none"] == 1.0 and odds.expected_damage == 0.0
    with pytest.raises(RuleError, match="laser never targets"):
        shot_odds(Combatant(weapon=LASER), Combatant(shield="full"), distance_cm=5)
    jammed = shot_odds(Combatant(weapon=LASER), Combatant(shield="full", shield_disabled=True), distance_cm=5)
    assert jammed.expected_damage > 0


def test_laser_explosive_ignores_armour_by_hand() -> None:
    """R-LASER, R-ARMOUR: explosive mode deals neutral + 12 // 3 = neutral + 4, ignoring Armour 6.

    Against E2 Armour 6 with the die d: damage d + 4 is compared with E2: fatal (>= 3 x 2) for
    d >= 2, grave (5) for d = 1. In burn mode 12 is compared with Armour 6: 12 = 2 x 6, grave.
    """
    target = Combatant(endurance=2, armour=6)
    burn = shot_odds(Combatant(combat=5, weapon=LASER), target, distance_cm=5)
    boom = shot_odds(Combatant(combat=5, weapon=LASER), target, distance_cm=5, laser_mode="explosive")
    assert burn.p_hit == boom.p_hit
    assert burn.wound["grave"] == pytest.approx(burn.p_hit)
    assert boom.wound["fatal"] == pytest.approx(0.9 * boom.p_hit) and boom.wound["grave"] == pytest.approx(0.1 * boom.p_hit)


def test_template_escape_by_hand() -> None:
    """R-TEMPLATE, RUL-09: a target that dodges less than the escape distance is still struck.

    Flamethrower (no range, Combat -2) by a Combat 0 shooter: attack die - 2 against defence die:
    P(hit) = sum over a >= 4 of (a - 3) / 100 = 28 / 100. Target Reflexes 0 dodges its neutral
    die in cm; needing 4 cm to escape, it stays under the template on a neutral of 1-3 (3 / 10).
    P(struck) = 0.28 + 0.72 * 0.3 = 0.496.
    """
    odds = shot_odds(Combatant(weapon=FLAMER), Combatant(endurance=4), distance_cm=0, escape_cm=4)
    assert odds.template and odds.p_hit == pytest.approx(0.28)
    assert odds.p_struck == pytest.approx(0.28 + 0.72 * 0.3)
    assert odds.wound["grave"] == pytest.approx(odds.p_struck)  # burn (9) against E4: >= 8, < 12
    assert shot_odds(Combatant(weapon=FLAMER), Combatant(endurance=4), distance_cm=0).p_struck == pytest.approx(0.28)
    with pytest.raises(RuleError, match="only applies to template weapons"):
        shot_odds(Combatant(weapon=PISTOL), Combatant(), distance_cm=5, escape_cm=3)


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

SHOT_CASES = [
    dict(shooter=Combatant(combat=1, weapon=PISTOL), target=Combatant(endurance=3), distance_cm=35),
    dict(shooter=Combatant(combat=2, weapon=LANCE), target=Combatant(endurance=2, armour=3, reflexes=-3), distance_cm=31, cover="small"),
    dict(shooter=Combatant(combat=0, weapon=LASER, wound="light"), target=Combatant(endurance=4, armour=5), distance_cm=20,
         laser_mode="explosive", ruleset=Ruleset(ties="active")),
    dict(shooter=Combatant(combat=1, weapon=FLAMER), target=Combatant(endurance=3, reflexes=1), distance_cm=0, escape_cm=5),
    dict(shooter=Combatant(combat=1, weapon=VENOM_DART), target=Combatant(endurance=2, armour=4), distance_cm=12),
]


@pytest.mark.parametrize("case", SHOT_CASES, ids=["example1", "armour-cover", "laser-explosive-ties", "template-escape", "poison"])
def test_shot_odds_equal_the_kernel_on_every_dice_outcome(case: dict) -> None:
    """Every one of the 10^4 dice outcomes resolved by resolve_shot gives exactly the odds."""
    case = dict(case)
    shooter, target = case.pop("shooter"), case.pop("target")
    escape = case.pop("escape_cm", None)
    odds = shot_odds(shooter, target, escape_cm=escape, **case)
    ruleset = case.get("ruleset", Ruleset())
    counts = dict.fromkeys(WOUND_RESULTS, 0)
    hits = damage = struck = poisoned = 0
    for sn, sa, tn, td in itertools.product(D10, repeat=4):
        escaped = True if escape is None else dodge_distance(target, tn, ruleset) >= escape
        ev = resolve_shot(shooter, target, shooter_dice=(sn, sa), target_dice=(tn, td), escaped=escaped, **case)
        counts[ev.wound] += 1
        hits += ev.hit
        struck += ev.hit or ev.caught
        damage += ev.damage
        poisoned += bool(ev.poisons_applied)
    n = 10 ** 4
    assert odds.p_hit == pytest.approx(hits / n, abs=1e-12)
    assert odds.p_struck == pytest.approx(struck / n, abs=1e-12)
    assert odds.wound == pytest.approx({k: v / n for k, v in counts.items()}, abs=1e-12)
    assert odds.expected_damage == pytest.approx(damage / n, abs=1e-12)
    assert odds.p_poisoned == pytest.approx(poisoned / n, abs=1e-12)


def _fixed(policy, rolled: int) -> int | None:
    return None if policy == "none" else min(rolled, policy)


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


def test_shot_odds_agree_with_monte_carlo() -> None:
    """roll_shot with a seeded generator agrees with the exact odds within 5 sigma."""
    shooter, target = Combatant(combat=1, weapon=LANCE), Combatant(endurance=2, armour=3)
    odds = shot_odds(shooter, target, distance_cm=22, cover="small")
    rng = np.random.default_rng(2024)
    n = 20_000
    counts = dict.fromkeys(WOUND_RESULTS, 0)
    for _ in range(n):
        counts[roll_shot(shooter, target, distance_cm=22, cover="small", rng=rng).wound] += 1
    for k, p in odds.wound.items():
        assert abs(counts[k] / n - p) <= five_sigma(p, n), (k, counts[k] / n, p)


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

ranged_weapons = st.builds(
    lambda rng, combat, dmg: Weapon(id="w", name="W", range=rng, combat=combat, damage=dmg),
    st.sampled_from([5, 10, 15, 20]),
    st.integers(-2, 2),
    st.one_of(st.integers(-1, 4).map(lambda n: f"{n:+d}"), st.integers(3, 14).map(lambda n: f"({n})")),
)
targets = st.builds(
    lambda e, armour, shield, reflexes, wound: Combatant(endurance=e, armour=armour, shield=shield, reflexes=reflexes, wound=wound),
    st.integers(1, 5), st.none() | st.integers(1, 6), st.sampled_from(["none", "none", "none", "half"]), st.integers(-2, 3),
    st.sampled_from(["none", "light", "grave"]),
)


@settings(max_examples=30)
@given(st.integers(-3, 4), ranged_weapons, targets, st.floats(0, 60), st.sampled_from(["none", "small", "large"]),
       st.sampled_from(["strict", "active"]))
def test_shot_properties(combat, weapon, target, distance, cover, ties) -> None:
    """Distributions sum to 1; a better Combat never lowers the hit chance; Armour never raises a
    wound level (first-order stochastic dominance; R-ARMOUR); a shield means no damage (R-SHIELD)."""
    rs = Ruleset(ties=ties)
    kw = dict(distance_cm=distance, cover=cover, ruleset=rs)
    odds = shot_odds(Combatant(combat=combat, weapon=weapon), target, **kw)
    assert sum(odds.wound.values()) == pytest.approx(1.0)
    assert sum(odds.damage.values()) == pytest.approx(1.0)
    assert sum(odds.dodge_cm.values()) == pytest.approx(1.0 if odds.p_hit < 1 else 0.0)
    assert 0 <= odds.p_hit <= 1 and odds.expected_damage >= 0
    better = shot_odds(Combatant(combat=combat + 1, weapon=weapon), target, **kw)
    assert better.p_hit >= odds.p_hit
    armoured = shot_odds(Combatant(combat=combat, weapon=weapon), target.model_copy(update={"armour": (target.armour or 0) + 2}), **kw)
    for k in range(1, len(WOUND_RESULTS)):
        assert rank_at_least(armoured.wound, k) <= rank_at_least(odds.wound, k) + 1e-12
    if target.shield != "none":
        assert odds.expected_damage == 0 and odds.wound["none"] == 1.0


BUNDLED_GUNS = sorted({w.id: w for f in load_factions().values() for w in f.weapons if w.is_ranged}.values(), key=lambda w: w.id)
SPICE_EFFECTS = sorted({f.spice_effect for f in load_factions().values() if f.spice_effect})
RULE_NAMES = ["assassination", "cruelty", "desert_born", "explosives", "fedaykin", "flamethrower", "hunter_seeker", "laser",
              "sardaukar", "specialist", "suspensor_belt", "weapon_master"]
any_guns = st.one_of(
    st.sampled_from(BUNDLED_GUNS),
    st.builds(lambda rng, combat, dmg, laser, explosive, poisons: Weapon(id="w", name="W", range=rng, combat=combat, damage=dmg,
                                                                         laser=laser, explosive=explosive, poisons=poisons),
              st.sampled_from([5, 10, 15, 20]), st.integers(-2, 2),
              st.one_of(st.integers(-1, 4).map(lambda n: f"{n:+d}"), st.integers(3, 14).map(lambda n: f"({n})")),
              st.booleans(), st.booleans(), st.sampled_from([(), ("irritant",), ("paralysing", "dangerous")])),
)
states = st.fixed_dictionaries({
    "wound": st.sampled_from(["none", "light", "grave"]),
    "fatigue": st.integers(0, 3),
    "activation_fatigue": st.none() | st.integers(0, 4),
    "poisons": st.sampled_from([(), (), (), (Poison(kind="irritant"),), (Poison(kind="crippling", x=1),), (Poison(kind="will_breaker", x=2),),
                                (Poison(kind="blinding"),), (Poison(kind="paralysing"),)]),
    "spice_active": st.booleans(),
    "spice_effect": st.none() | st.sampled_from(SPICE_EFFECTS),
    "special_rules": st.lists(st.sampled_from(RULE_NAMES), max_size=2, unique=True).map(tuple),
})
drawn_shooters = st.builds(lambda combat, weapon, state: Combatant(combat=combat, weapon=weapon, **state),
                           st.integers(-3, 4), any_guns, states)
drawn_targets = st.builds(
    lambda e, armour, shield, disabled, reflexes, state: Combatant(endurance=e, armour=armour, shield=shield, shield_disabled=disabled,
                                                                  reflexes=reflexes, **state),
    st.integers(1, 6), st.none() | st.integers(1, 6), st.sampled_from(["none", "none", "half", "full"]), st.booleans(),
    st.integers(-2, 3), states)


@settings(max_examples=150, deadline=None)
@given(drawn_shooters, drawn_targets, st.floats(0, 70), st.sampled_from(["none", "small", "large"]),
       st.sampled_from(["burn", "burn", "burn", "explosive"]), st.sampled_from(["strict", "active"]), st.booleans())
def test_shot_wounds_are_the_full_enumerations_wound_distribution(shooter, target, distance, cover, laser_mode, ties, arrakis) -> None:
    """The fast path :func:`shot_wounds` gives exactly (the same floats) the wound distribution of
    :func:`shot_odds`, itself checked against the kernel on every dice outcome above; an illegal
    shot raises the same rule error from both."""
    kw = dict(distance_cm=distance, cover=cover, laser_mode=laser_mode, ruleset=Ruleset(ties=ties, arrakis=arrakis))
    try:
        expected = shot_odds(shooter, target, **kw).wound
    except RuleError as exc:
        with pytest.raises(RuleError, match=re.escape(str(exc))):
            shot_wounds(shooter, target, **kw)
        return
    assert shot_wounds(shooter, target, **kw) == expected


melee_weapons = st.sampled_from([KNIFE, HALBERD, SWORD, STEEL])
fighters = st.builds(
    lambda c, r, e, shield, w: Combatant(combat=c, reflexes=r, endurance=e, shield=shield, weapon=w),
    st.integers(-2, 3), st.integers(-2, 3), st.integers(1, 4), st.sampled_from(["none", "half", "full"]), melee_weapons,
)
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


def test_bad_policies_and_illegal_stances_are_rule_errors() -> None:
    for bad in (0, 11, "always", True, 2.5):
        with pytest.raises(RuleError, match="lowering policy"):
            check_lowering(bad, "the attacker")
    with pytest.raises(RuleError, match="payoff"):
        melee_odds(Combatant(weapon=KNIFE), Combatant(weapon=KNIFE), attacker_stance="attack", defender_stance="attack", payoff="glory")
    pistol_only = Combatant(name="Gunner", weapon=PISTOL)
    with pytest.raises(RuleError, match="no melee weapon"):
        melee_odds(pistol_only, Combatant(weapon=KNIFE), attacker_stance="attack", defender_stance="defend")
    sm = stance_matrix(Combatant(weapon=KNIFE), pistol_only)  # the gunner may only defend
    assert sm.defender_stances == ("defend",) and sm.best.defender == {"attack": 0.0, "defend": 1.0}
    with pytest.raises(RuleError, match="may only defend"):
        stance_matrix(Combatant(weapon=KNIFE), pistol_only, defender_stances=["attack"])


def test_to_dict_is_json_ready() -> None:
    import json

    sm = stance_matrix(Combatant(weapon=KNIFE), Combatant(weapon=HALBERD), attacker_lowering="best")
    data = json.loads(json.dumps(sm.to_dict()))
    assert set(data["cells"]) == {"attack/attack", "attack/defend", "defend/attack", "defend/defend"}
    assert data["best"]["saddle"] in (["attack", "attack"], ["attack", "defend"], ["defend", "attack"], ["defend", "defend"])
    shot = json.loads(json.dumps(shot_odds(Combatant(weapon=PISTOL), Combatant(), distance_cm=3).to_dict()))
    assert set(shot["wound"]) == set(WOUND_RESULTS) and "p_hit" in shot and "expected_damage" in shot
