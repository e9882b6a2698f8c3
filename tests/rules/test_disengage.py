"""Disengaging (R-DISENGAGE, PRJ-17, PRJ-18, RUL-01, R-NEUTRAL-DOWN, R-SHIELD)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from landsraad.dice import roll_d10
from landsraad.errors import RuleError
from landsraad.model import Poison, Weapon
from landsraad.rules.disengage import can_disengage, disengage_total, resolve_disengage, roll_disengage
from landsraad.rules.state import Combatant
from landsraad.ruleset import Ruleset

HALBERD = Weapon(id="halberd", name="Halberd", combat="+2", initiative="+1", damage="15-")
KNIFE = Weapon(id="knife", name="Knife", damage="6-")
P = Poison.model_validate


def test_totals_are_neutral_plus_reflexes_plus_initiative_prj_17() -> None:
    """PRJ-17: neutral die + Reflexes + melee weapon Initiative; the coloured die does not count."""
    m = Combatant(reflexes=2, weapon=HALBERD)
    assert disengage_total(m, Combatant(), neutral=4, coloured=10) == 4 + 2 + 1
    assert disengage_total(m, Combatant(), neutral=4, coloured=1) == 7
    assert disengage_total(m, Combatant(), neutral=4, coloured=10, compare="coloured") == 13
    with pytest.raises(RuleError):
        disengage_total(m, Combatant(), neutral=4, coloured=1, compare="sideways")  # type: ignore[arg-type]


def test_success_moves_the_margin() -> None:
    """R-DISENGAGE: success moves the mover its margin (its neutral die) in cm; no damage."""
    ev = resolve_disengage(Combatant(reflexes=1), Combatant(weapon=HALBERD), mover_dice=(7, 1), opponent_dice=(5, 10))
    assert ev.mover_total == 8 and ev.opponent_total == 6 and ev.success and ev.margin_cm == 7
    assert ev.damage == 0 and ev.raw_damage is None and ev.mover_after == Combatant(reflexes=1)


def test_failure_damage_uses_the_opponent_neutral() -> None:
    """R-DISENGAGE: failure -> the opponent's weapon damage with its own neutral die."""
    ev = resolve_disengage(Combatant(endurance=3), Combatant(weapon=HALBERD), mover_dice=(2, 10), opponent_dice=(8, 1))
    assert not ev.success and ev.margin_cm == 0 and ev.raw_damage == 15 - 8 and ev.wound == "grave"
    assert ev.mover_after.wound == "grave"


def test_tie_fails_rul_01_and_option() -> None:
    m, o = Combatant(endurance=9), Combatant(weapon=KNIFE)
    assert not resolve_disengage(m, o, mover_dice=(4, 1), opponent_dice=(4, 1)).success
    assert resolve_disengage(m, o, mover_dice=(4, 1), opponent_dice=(4, 1), ruleset=Ruleset(ties="active")).success


def test_lowering_is_allowed_before_the_comparison() -> None:
    """R-NEUTRAL-DOWN: the opponent may lower its neutral (more knife damage, worse total); never raise."""
    ev = resolve_disengage(Combatant(endurance=9), Combatant(weapon=KNIFE), mover_dice=(3, 1), opponent_dice=(6, 1), opponent_neutral=4)
    assert ev.opponent_total == 4 and not ev.success and ev.damage == 2
    with pytest.raises(RuleError, match="never raised"):
        resolve_disengage(Combatant(), Combatant(weapon=KNIFE), mover_dice=(3, 1), opponent_dice=(6, 1), opponent_neutral=7)


def test_shield_applies_to_the_blow() -> None:
    """R-SHIELD: the opponent's blow is a melee blow: a half-shield stops it unless its neutral is 1-4."""
    stopped = resolve_disengage(Combatant(shield="half"), Combatant(weapon=HALBERD), mover_dice=(1, 1), opponent_dice=(6, 1))
    assert not stopped.success and stopped.shield_stopped and stopped.damage == 0
    through = resolve_disengage(Combatant(shield="half", endurance=9), Combatant(weapon=HALBERD), mover_dice=(1, 1), opponent_dice=(4, 1))
    assert not through.success and not through.shield_stopped and through.damage == 11


def test_opponent_that_cannot_attack_deals_nothing_prj_18() -> None:
    for opp in (Combatant(), Combatant(weapon=KNIFE, poisons=(P("irritant"),)), Combatant(weapon=KNIFE, poisons=(P("blinding"),))):
        ev = resolve_disengage(Combatant(), opp, mover_dice=(1, 1), opponent_dice=(9, 9))
        assert not ev.success and ev.raw_damage is None and ev.damage == 0


def test_paralysed_cannot_disengage() -> None:
    para = Combatant(poisons=(P("paralysing"),))
    assert not can_disengage(para, Combatant())
    with pytest.raises(RuleError, match="paralysed"):
        resolve_disengage(para, Combatant(), mover_dice=(1, 1), opponent_dice=(1, 1))
    assert not can_disengage(Combatant(), Combatant(wound="fatal"))


def test_poisoned_opponent_weapon() -> None:
    o = Combatant(weapon=Weapon(id="k", name="Knife", damage="6-", poisons=("will_breaker 2",)))
    ev = resolve_disengage(Combatant(endurance=9), o, mover_dice=(1, 1), opponent_dice=(3, 1))
    assert [str(p) for p in ev.mover_after.poisons] == ["will_breaker 2"]


@given(st.integers(0, 2**32 - 1))
def test_roll_disengage_deterministic_and_order(seed: int) -> None:
    m, o = Combatant(reflexes=1), Combatant(weapon=HALBERD)
    ev = roll_disengage(m, o, rng=np.random.default_rng(seed))
    assert ev == roll_disengage(m, o, rng=np.random.default_rng(seed))
    mn, mc, on, oc = roll_d10(np.random.default_rng(seed), 4)
    assert ev == resolve_disengage(m, o, mover_dice=(mn, mc), opponent_dice=(on, oc))
