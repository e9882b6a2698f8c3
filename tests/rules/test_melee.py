"""Melee (R-TEST-CLASH, R-MELEE, R-MELEE-OPTIONS, R-NEUTRAL-DOWN, R-SHIELD, R-POISON, RUL-01, RUL-03, RUL-04, RUL-05, PRJ-11, PRJ-13, PRJ-15, PRJ-16)."""

from __future__ import annotations

from typing import Iterator

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from landsraad.dice import ClashDice, roll_d10
from landsraad.errors import RuleError
from landsraad.model import Poison, Weapon
from landsraad.rules.melee import (
    attack_total,
    can_attack,
    can_melee,
    defence_total,
    first_to_act,
    initiative_total,
    lowering_order,
    resolve_melee,
    roll_melee,
)
from landsraad.rules.state import Combatant
from landsraad.ruleset import Ruleset
from landsraad.specials import SPECIAL_RULES, SpecialRule

HALBERD = Weapon(id="halberd", name="Halberd", combat="+2", initiative="+1", damage="15-")
KNIFE = Weapon(id="knife", name="Knife", damage="6-")
STEEL = Weapon(id="steel_shield", name="Steel shield", defence="+3", damage="0-")
PISTOL = Weapon(id="pistol", name="Pistol", range=10, combat="+1", damage="+1")
P = Poison.model_validate


def melee(a: Combatant, d: Combatant, ad=(5, 5, 5), dd=(5, 5, 5), ast="attack", dst="attack", **kw):
    return resolve_melee(a, d, attacker_dice=ad, defender_dice=dd, attacker_stance=ast, defender_stance=dst, **kw)


def test_lowering_order() -> None:
    """R-MELEE: the lower total lowers first; ties in secret."""
    assert lowering_order(3, 4) == "attacker" and lowering_order(4, 3) == "defender" and lowering_order(4, 4) == "secret"


@pytest.mark.parametrize(
    "ai, di, ast, dst, first",
    [(5, 3, "attack", "attack", "attacker"), (3, 5, "attack", "attack", "defender"), (4, 4, "attack", "attack", "simultaneous"),
     (5, 3, "defend", "attack", "defender"), (3, 5, "attack", "defend", "attacker"), (4, 4, "attack", "defend", "attacker"),
     (5, 3, "defend", "defend", None), (4, 4, "defend", "defend", None)],
)
def test_first_to_act(ai: int, di: int, ast: str, dst: str, first: str | None) -> None:
    """R-MELEE: highest initiative first if it attacks, else the other; equal and both attacking: simultaneous."""
    assert first_to_act(ai, di, ast, dst) == first  # type: ignore[arg-type]


def test_totals_include_characteristics_and_weapon() -> None:
    """R-MELEE: initiative = neutral + Reflexes + weapon Initiative; attack/defence = die + Combat + weapon Combat."""
    c = Combatant(combat=1, reflexes=2, weapon=HALBERD)
    assert initiative_total(c, Combatant(), 4) == 4 + 2 + 1
    assert attack_total(c, Combatant(), 6) == 6 + 1 + 2
    assert defence_total(c, Combatant(), 6) == 6 + 1 + 2


def test_steel_shield_bonus_only_when_defending() -> None:
    """Steel shield: the weapon's defence stat adds to Combat only when defending."""
    c = Combatant(weapon=STEEL)
    assert defence_total(c, Combatant(), 6) == 9 and attack_total(c, Combatant(), 6) == 6


def test_ranged_weapon_gives_no_melee_bonus_prj_16() -> None:
    """PRJ-16: a ranged-only weapon's bonuses do not count in melee and it cannot attack."""
    c = Combatant(combat=1, weapon=PISTOL)
    assert attack_total(c, Combatant(), 5) == 6
    assert not can_attack(c)
    with pytest.raises(RuleError, match="no melee weapon"):
        melee(c, Combatant(weapon=KNIFE))


def test_lone_attacker_must_be_strictly_higher_rul_01() -> None:
    a, d = Combatant(weapon=HALBERD), Combatant(endurance=3, weapon=STEEL)
    tie = melee(a, d, ad=(5, 8, 1), dd=(3, 1, 7), dst="defend")  # 8 + 2 = 10 vs 7 + 3 = 10
    assert tie.strikes[0].attack_total == tie.strikes[0].defence_total == 10 and not tie.strikes[0].hit
    assert tie.strikes[0].damage == 0 and tie.defender_after == d
    assert melee(a, d, ad=(5, 8, 1), dd=(3, 1, 7), dst="defend", ruleset=Ruleset(ties="active")).strikes[0].hit


def test_both_attack_second_strikes_with_its_wounds() -> None:
    """R-MELEE: both attack -> automatic hits; the second strikes after the first's wound is applied."""
    a = Combatant(name="A", reflexes=3, endurance=3, weapon=HALBERD)
    d = Combatant(name="D", combat=1, endurance=4, weapon=KNIFE)
    ev = melee(a, d, ad=(10, 2, 2), dd=(1, 2, 2))  # A first; 15 - 10 = 5 -> light wound on D (E4)
    assert ev.first == "attacker" and [s.by for s in ev.strikes] == ["attacker", "defender"]
    assert all(s.automatic and s.hit and s.defence_total is None for s in ev.strikes)
    assert ev.strikes[0].wound == "light"
    assert ev.strikes[1].attack_total == 2 + 1 - 1  # the light wound's -1 Combat
    assert ev.strikes[1].damage == 5 and ev.attacker_after.wound == "light"  # 6 - 1 vs E3


def test_second_does_not_strike_when_out_of_the_fight() -> None:
    a = Combatant(name="A", weapon=HALBERD)
    d = Combatant(name="D", endurance=2, weapon=KNIFE)
    ev = melee(a, d, ad=(9, 2, 2), dd=(1, 2, 2))  # 15 - 9 = 6 = 3 x 2: fatal
    assert len(ev.strikes) == 1 and ev.defender_after.wound == "fatal" and ev.notes
    assert not ev.options.attacker_may_push  # nobody left to push


def test_simultaneous_both_may_die() -> None:
    """R-MELEE: equal initiative and both attacking: simultaneous, both may die."""
    a = Combatant(name="A", endurance=1, weapon=KNIFE)
    d = Combatant(name="D", endurance=1, weapon=KNIFE)
    ev = melee(a, d, ad=(3, 1, 1), dd=(3, 1, 1))
    assert ev.first == "simultaneous" and len(ev.strikes) == 2
    assert ev.attacker_after.wound == "fatal" and ev.defender_after.wound == "fatal"


def test_neutral_may_be_lowered_never_raised() -> None:
    """R-NEUTRAL-DOWN: lowering is legal; raising (or 0) is a RuleError with a sentence."""
    ev = melee(Combatant(weapon=KNIFE), Combatant(weapon=KNIFE), ad=(6, 1, 1), attacker_neutral=2)
    assert ev.attacker_neutral == 2 and ev.attacker_dice == (6, 1, 1)
    with pytest.raises(RuleError, match="lowered, never raised"):
        melee(Combatant(weapon=KNIFE), Combatant(weapon=KNIFE), ad=(6, 1, 1), attacker_neutral=7)
    with pytest.raises(RuleError):
        melee(Combatant(weapon=KNIFE), Combatant(weapon=KNIFE), dd=(6, 1, 1), defender_neutral=0)


@pytest.mark.parametrize("shield, neutral, through", [("full", 1, True), ("full", 2, False), ("half", 4, True), ("half", 5, False), ("none", 10, True)])
def test_shield_in_melee_rul_03(shield: str, neutral: int, through: bool) -> None:
    """R-SHIELD, RUL-03: the lowered neutral counts; full 1, half 1-4; the blow still 'hits'."""
    a = Combatant(weapon=HALBERD)
    d = Combatant(endurance=10, shield=shield)
    ev = melee(a, d, ad=(10, 10, 1), dd=(1, 1, 1), dst="defend", attacker_neutral=neutral)
    s = ev.strikes[0]
    assert s.hit and s.shield_stopped == (not through)
    assert s.damage == (15 - neutral if through else 0)


def test_jammed_shield_or_arrakis() -> None:
    d = Combatant(endurance=10, shield="full", shield_disabled=True)
    assert not melee(Combatant(weapon=HALBERD), d, ad=(9, 10, 1), dd=(1, 1, 1), dst="defend").strikes[0].shield_stopped
    d2 = Combatant(endurance=10, shield="full")
    assert not melee(Combatant(weapon=HALBERD), d2, ad=(9, 10, 1), dd=(1, 1, 1), dst="defend", ruleset=Ruleset(arrakis=True)).strikes[0].shield_stopped


def test_assassination_hook() -> None:
    """Assassination (R-PROFILE): +1 melee damage if the target carries a fatigue token (a hook, no faction name)."""
    a = Combatant(weapon=KNIFE, special_rules=("assassination",))
    tired = melee(a, Combatant(endurance=9, fatigue=1), ad=(2, 10, 1), dd=(1, 1, 1), dst="defend")
    fresh = melee(a, Combatant(endurance=9), ad=(2, 10, 1), dd=(1, 1, 1), dst="defend")
    assert tired.strikes[0].damage == 5 and fresh.strikes[0].damage == 4


def test_damage_zero_or_less_does_nothing_rul_18() -> None:
    ev = melee(Combatant(weapon=KNIFE), Combatant(endurance=3), ad=(8, 10, 1), dd=(1, 1, 1), dst="defend")
    assert ev.strikes[0].hit and ev.strikes[0].raw_damage == -2 and ev.strikes[0].damage == 0 and ev.strikes[0].wound == "none"


def test_poison_choice_and_application() -> None:
    """R-POISON, the Knife rule: the chosen carried poison applies with at least one point of damage."""
    a = Combatant(name="Assassin", weapon=KNIFE, carried_poisons=(P("dangerous"), P("irritant")))
    ev = melee(a, Combatant(endurance=9), ad=(2, 10, 1), dd=(1, 1, 1), dst="defend", attacker_poison="irritant")
    assert [p.kind for p in ev.defender_after.poisons] == ["irritant"]
    with pytest.raises(RuleError, match="cannot use the poison"):
        melee(a, Combatant(), ad=(2, 10, 1), dd=(1, 1, 1), dst="defend", attacker_poison="deadly")


def test_blinded_by_the_first_blow_loses_its_own_prj_11() -> None:
    a = Combatant(name="A", reflexes=5, weapon=Weapon(id="k", name="Knife", damage="6-", poisons=("blinding",)))
    d = Combatant(name="D", endurance=9, weapon=HALBERD)
    ev = melee(a, d, ad=(3, 1, 1), dd=(2, 1, 1))
    assert len(ev.strikes) == 1 and "PRJ-11" in ev.notes[0]


def test_poisoned_models_in_melee_prj_13() -> None:
    """R-POISON: Paralysing -3 on every melee total; Blinding/Irritant only defend, Blinding -4 on defence."""
    para = Combatant(poisons=(P("paralysing"),), weapon=KNIFE)
    assert initiative_total(para, Combatant(), 5) == 2 and attack_total(para, Combatant(), 5) == 2 and defence_total(para, Combatant(), 5) == 2
    blind = Combatant(name="Sister", poisons=(P("blinding"),), weapon=KNIFE)
    assert defence_total(blind, Combatant(), 5) == 1
    with pytest.raises(RuleError, match="blinded"):
        melee(Combatant(weapon=KNIFE), blind)
    assert melee(Combatant(weapon=KNIFE), blind, dst="defend").strikes
    irritated = Combatant(name="Guard", poisons=(P("irritant"),), weapon=KNIFE)
    assert not can_melee(irritated, Combatant())
    with pytest.raises(RuleError, match="Irritant"):
        melee(irritated, Combatant(weapon=KNIFE), ast="defend")


def test_fatigue_malus_of_the_active_attacker_rul_05() -> None:
    a = Combatant(combat=2, reflexes=2, weapon=KNIFE, activation_fatigue=2, fatigue=3)
    ev = melee(a, Combatant(weapon=KNIFE), ad=(5, 5, 5), dd=(5, 5, 5), dst="defend")
    assert ev.attacker_initiative == 5 + 0 and ev.strikes[0].attack_total == 5 + 0


def test_push_ends_the_combat_prj_15() -> None:
    """R-MELEE-OPTIONS: a hit may push up to 5 cm, ending the combat: the second blow is lost."""
    a = Combatant(name="A", reflexes=5, endurance=20, weapon=KNIFE)
    d = Combatant(name="D", endurance=20, weapon=HALBERD)
    ev = melee(a, d, ad=(3, 1, 1), dd=(2, 1, 1), attacker_push=True)
    assert ev.ended_by_push == "attacker" and ev.strikes[0].pushed and len(ev.strikes) == 1
    assert not ev.options.attacker_may_push and not ev.options.defender_may_push
    no_push = melee(a, d, ad=(3, 1, 1), dd=(2, 1, 1))
    assert len(no_push.strikes) == 2 and no_push.options.attacker_may_push and no_push.options.defender_may_push
    assert no_push.options.push_cm == 5.0


def test_step_away_option_for_a_defender() -> None:
    ev = melee(Combatant(weapon=KNIFE), Combatant(endurance=9, weapon=KNIFE), ad=(5, 1, 1), dd=(5, 1, 10), dst="defend")
    assert ev.options.defender_may_step_away and not ev.options.attacker_may_step_away and ev.options.step_away_cm == 5.0
    stuck = melee(Combatant(weapon=KNIFE), Combatant(endurance=9, poisons=(P("paralysing"),)), ad=(5, 1, 1), dd=(5, 1, 10), dst="defend")
    assert not stuck.options.defender_may_step_away


@pytest.fixture
def hook_rules() -> Iterator[None]:
    rules = [
        SpecialRule(name="test_terror", title="Terror", scope="profile", summary="-1 Combat to enemies in melee.", source="project",
                    hooks={"enemy_melee_combat_bonus": lambda ctx: -1}),
        SpecialRule(name="test_slow_blade", title="Slow blade", scope="profile", summary="Pierce shields on 1-2.", source="project",
                    hooks={"shield_pierce_bonus": lambda ctx: 1, "initiative_bonus": lambda ctx: 2}),
    ]
    for r in rules:
        SPECIAL_RULES.register(r)
    yield
    for r in rules:
        del SPECIAL_RULES._rules[r.name]


def test_hooks_enemy_combat_pierce_and_initiative(hook_rules: None) -> None:
    """Special rules apply through SPECIAL_RULES hooks (enemy_melee_combat_bonus, shield_pierce_bonus, initiative_bonus)."""
    terror = Combatant(special_rules=("test_terror",))
    assert attack_total(Combatant(combat=1), terror, 5) == 5
    blade = Combatant(weapon=HALBERD, special_rules=("test_slow_blade",))
    assert initiative_total(blade, Combatant(), 5) == 5 + 1 + 2
    ev = melee(blade, Combatant(endurance=20, shield="full"), ad=(9, 10, 1), dd=(1, 1, 1), dst="defend", attacker_neutral=2)
    assert not ev.strikes[0].shield_stopped and ev.strikes[0].damage == 13


def test_clash_dice_object_accepted() -> None:
    ev = resolve_melee(Combatant(weapon=KNIFE), Combatant(weapon=KNIFE), attacker_dice=ClashDice(4, 4, 4), defender_dice=ClashDice(3, 3, 3),
                       attacker_stance="attack", defender_stance="defend")
    assert ev.attacker_dice == (4, 4, 4)
    with pytest.raises(RuleError):
        melee(Combatant(weapon=KNIFE), Combatant(), ad=(1, 2))


@given(st.integers(0, 2**32 - 1))
def test_roll_melee_deterministic_and_order(seed: int) -> None:
    """roll_melee: same seed, same event; attacker's neutral, attack, defence dice then the defender's."""
    a, d = Combatant(weapon=HALBERD, endurance=4), Combatant(weapon=KNIFE, reflexes=2)
    ev = roll_melee(a, d, rng=np.random.default_rng(seed), attacker_stance="attack", defender_stance=lambda dice: "attack" if dice.attack >= dice.defence else "defend",
                    attacker_lowering=lambda own, other: 1 if own.neutral > 1 else None)
    assert ev == roll_melee(a, d, rng=np.random.default_rng(seed), attacker_stance="attack",
                            defender_stance=lambda dice: "attack" if dice.attack >= dice.defence else "defend",
                            attacker_lowering=lambda own, other: 1 if own.neutral > 1 else None)
    six = roll_d10(np.random.default_rng(seed), 6)
    assert ev.attacker_dice == six[:3] and ev.defender_dice == six[3:] and ev.attacker_neutral == 1
