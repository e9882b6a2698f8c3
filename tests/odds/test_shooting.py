"""Tests of landsraad.odds.shooting: exact shot odds against hand computation, the kernel (exhaustively) and Monte Carlo.

Rules exercised: R-SHOOT, R-COVER, R-SHIELD, R-ARMOUR, R-LASER, R-TEMPLATE, R-WOUND, R-POISON, RUL-01, RUL-09.
"""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.content import load_factions
from landsraad.errors import RuleError
from landsraad.model import Poison, Weapon
from landsraad.odds.shooting import shot_odds, shot_wounds
from landsraad.rules.shooting import dodge_distance, resolve_shot, roll_shot
from landsraad.rules.state import WOUND_RESULTS, Combatant
from landsraad.ruleset import Ruleset

from .helpers import D10, FLAMER, LANCE, LASER, PISTOL, VENOM_DART, five_sigma, rank_at_least

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
