"""Effective characteristics of a Combatant (R-WOUND, RUL-05, R-POISON, R-SPICE, R-SHIELD, R-ARRAKIS, PRJ-10)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from landsraad.model import Poison, Profile, Weapon
from landsraad.rules.state import (
    Combatant,
    active_rules,
    effective_combat,
    effective_endurance,
    effective_reflexes,
    effective_shield,
    effective_wound_level,
    fatigue_penalty,
    hook_context,
    is_out_of_action,
    is_removed,
    may_attack_in_melee,
    may_move,
    may_shoot,
    melee_defence_malus,
    melee_dice_malus,
    worse_wound,
    wound_penalty,
)
from landsraad.ruleset import Ruleset

P = Poison.model_validate


@pytest.mark.parametrize(
    "wound, expected",
    [("none", (2, 3, 4, 10.0)), ("light", (1, 2, 3, 10.0)), ("grave", (0, 1, 2, 5.0))],
)
def test_wound_effects_r_wound(wound: str, expected: tuple) -> None:
    """R-WOUND: light -1/-1/-1; grave -2/-2/-2 and half Movement."""
    c = Combatant(combat=2, reflexes=3, endurance=4, movement=10, wound=wound)
    assert (c.effective_combat, c.effective_reflexes, c.effective_endurance, c.effective_movement) == expected


def test_combat_and_reflexes_may_go_below_zero_but_endurance_stays_one() -> None:
    """R-WOUND: Combat and Reflexes may go below 0; Endurance is at least 1."""
    c = Combatant(combat=0, reflexes=-1, endurance=1, wound="grave", activation_fatigue=2)
    assert effective_combat(c) == -4
    assert effective_reflexes(c) == -5
    assert effective_endurance(c) == 1


@pytest.mark.parametrize("held, malus", [(None, (0, 0, 0)), (0, (0, 0, 0)), (1, (1, 1, 0)), (2, (2, 2, 1)), (3, (2, 2, 1)), (9, (2, 2, 1))])
def test_fatigue_ladder_rul_05(held: int | None, malus: tuple[int, int, int]) -> None:
    """RUL-05: tokens held before the new one: 1 -> -1 C/R; 2+ -> -2 C/R, -1 E; beyond 3 nothing more."""
    c = Combatant(combat=3, reflexes=3, endurance=3, activation_fatigue=held, fatigue=(held or 0) + 1)
    assert fatigue_penalty(c) == malus
    assert (c.effective_combat, c.effective_reflexes, c.effective_endurance) == (3 - malus[0], 3 - malus[1], 3 - malus[2])


def test_fatigue_stacks_with_wounds_but_is_not_a_wound() -> None:
    """RUL-05: the ladder stacks with real wounds and never changes the wound level."""
    c = Combatant(combat=2, reflexes=2, endurance=4, wound="light", activation_fatigue=2)
    assert (c.effective_combat, c.effective_reflexes, c.effective_endurance) == (-1, -1, 2)
    assert effective_wound_level(c) == "light"


def test_fatigue_malus_only_during_own_activation() -> None:
    """R-FATIGUE-MALUS: a model that is not the active one suffers no fatigue malus, whatever it holds."""
    assert Combatant(combat=2, fatigue=5).effective_combat == 2


def test_dangerous_gives_grave_effects_without_changing_the_wound() -> None:
    """R-POISON Dangerous: grave-wound effects whatever the damage."""
    c = Combatant(combat=2, reflexes=2, endurance=4, movement=12, poisons=(P("dangerous"),))
    assert (c.effective_combat, c.effective_reflexes, c.effective_endurance, c.effective_movement) == (0, 0, 2, 6.0)
    assert c.wound == "none" and effective_wound_level(c) == "grave"


def test_deadly_is_out_of_action_but_stays_on_the_table() -> None:
    """R-POISON Deadly: fatal-wound effects, but the model is not removed."""
    c = Combatant(poisons=(P("deadly"),))
    assert is_out_of_action(c) and not is_removed(c)
    assert not may_move(c) and not may_shoot(c) and not may_attack_in_melee(c)
    assert c.effective_movement == 0


def test_paralysing_blinding_irritant() -> None:
    """R-POISON: Paralysing cannot move, -3 in melee; Blinding -4 defence, no shooting; Irritant no attack, no shooting."""
    para = Combatant(movement=10, poisons=(P("paralysing"),))
    assert not may_move(para) and para.effective_movement == 0 and melee_dice_malus(para) == 3
    assert may_attack_in_melee(para) and may_shoot(para)
    blind = Combatant(poisons=(P("blinding"),))
    assert not may_shoot(blind) and not may_attack_in_melee(blind) and melee_defence_malus(blind) == 4 and may_move(blind)
    irritated = Combatant(poisons=(P("irritant"),))
    assert not may_shoot(irritated) and not may_attack_in_melee(irritated) and melee_defence_malus(irritated) == 0


def test_corrino_spice_ignores_wound_effects_not_fatigue_nor_poison_prj_10() -> None:
    """R-SPICE, PRJ-10: the Corrino spice cancels wound-level penalties, not the fatigue ladder nor Dangerous."""
    spiced = Combatant(combat=2, reflexes=2, endurance=3, movement=10, wound="grave", spice_active=True, spice_effect="corrino_spice")
    assert (spiced.effective_combat, spiced.effective_endurance, spiced.effective_movement) == (2, 3, 10.0)
    assert spiced.model_copy(update={"activation_fatigue": 1}).effective_combat == 1
    assert wound_penalty(spiced.model_copy(update={"poisons": (P("dangerous"),)})) == 2
    assert spiced.model_copy(update={"spice_active": False}).effective_combat == 0


def test_shield_disabled_or_arrakis() -> None:
    """R-SHIELD, R-ARRAKIS: a jammed shield or a game on Arrakis means no shield."""
    assert effective_shield(Combatant(shield="full")) == "full"
    assert effective_shield(Combatant(shield="full", shield_disabled=True)) == "none"
    assert effective_shield(Combatant(shield="half"), Ruleset(arrakis=True)) == "none"
    assert Combatant(shield="half").effective_shield == "half"


def test_from_profile_keeps_card_values() -> None:
    """R-PROFILE: a combatant built from a card carries its stats, shield, poisons, spice and rules."""
    card = Profile(id="master_assassin", name="Master Assassin", cost=4, movement=10, combat="+2", reflexes="+4", endurance=3,
                   shield="full", spice=1, poisons=("dangerous", "will_breaker", "irritant", "paralysing"),
                   special_rules=("assassination",))
    knife = Weapon(id="knife", name="Knife", damage="6-", special_rules=("poisoned_knife",))
    c = Combatant.from_profile(card, knife, fatigue=1)
    assert (c.name, c.combat, c.reflexes, c.endurance, c.shield, c.spice_doses, c.fatigue) == ("Master Assassin", 2, 4, 3, "full", 1, 1)
    assert [p.kind for p in c.carried_poisons] == ["dangerous", "will_breaker", "irritant", "paralysing"]
    assert c.poisons == ()
    assert active_rules(c) == ("assassination", "poisoned_knife")


def test_hook_context_sees_target_fatigue_and_shield() -> None:
    ctx = hook_context(Combatant(fatigue=2), action="melee", target=Combatant(fatigue=1, shield="half"), ruleset=Ruleset(arrakis=True))
    assert (ctx.own_fatigue, ctx.target_fatigue, ctx.target_shield, ctx.arrakis) == (2, 1, "none", True)


def test_events_are_frozen() -> None:
    c = Combatant()
    with pytest.raises(ValueError):  # pydantic refuses to change a frozen model
        c.combat = 3  # type: ignore[misc]


WOUNDS = st.sampled_from(["none", "light", "grave", "fatal"])


@given(WOUNDS, WOUNDS)
def test_worse_wound_is_a_maximum(a: str, b: str) -> None:
    w = worse_wound(a, b)
    assert w in (a, b) and worse_wound(b, a) == w and worse_wound(w, a) == w


@given(st.integers(-5, 5), st.integers(-5, 5), st.integers(1, 8), WOUNDS, st.one_of(st.none(), st.integers(0, 12)))
def test_effective_values_bounds(combat: int, reflexes: int, endurance: int, wound: str, held: int | None) -> None:
    """Effective Endurance >= 1; penalties never exceed grave (2) + fatigue ladder (2 C/R, 1 E) and never bonus."""
    c = Combatant(combat=combat, reflexes=reflexes, endurance=endurance, wound=wound, activation_fatigue=held)
    assert c.effective_endurance >= 1
    assert combat - 4 <= c.effective_combat <= combat
    assert reflexes - 4 <= c.effective_reflexes <= reflexes
    assert c.effective_endurance >= min(endurance, max(1, endurance - 3))
