"""Healing by a Medic (RUL-12, the Suk doctor's heal_rerolls hook)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from landsraad.dice import roll_d10
from landsraad.errors import RuleError
from landsraad.model import Poison
from landsraad.rules.healing import can_heal, heal_rerolls, resolve_heal, roll_heal
from landsraad.rules.state import Combatant

P = Poison.model_validate
MEDIC = Combatant(name="Medic", combat=1, special_rules=("healer",))
SUK = MEDIC.model_copy(update={"special_rules": ("healer", "suk_doctor")})


@pytest.mark.parametrize("colour, success", [(8, False), (9, True), (10, True)])
def test_threshold_is_ten_with_combat(colour: int, success: bool) -> None:
    """RUL-12: Medic's Combat + colour die >= 10."""
    assert resolve_heal(MEDIC, Combatant(wound="light"), dice=(1, colour)).success is success


def test_success_lowers_one_level_and_removes_poisons() -> None:
    ev = resolve_heal(MEDIC, Combatant(wound="grave", poisons=(P("dangerous"), P("crippling 2"))), dice=(5, 9))
    assert ev.wound_after == "light" and ev.patient_after.poisons == () and len(ev.poisons_removed) == 2
    assert resolve_heal(MEDIC, Combatant(wound="light"), dice=(5, 9)).wound_after == "none"
    fail = resolve_heal(MEDIC, Combatant(wound="grave", poisons=(P("irritant"),)), dice=(5, 2))
    assert not fail.success and fail.patient_after.wound == "grave" and fail.patient_after.poisons == (P("irritant"),)


def test_fatal_and_deadly_never_healed() -> None:
    for patient in (Combatant(wound="fatal"), Combatant(poisons=(P("deadly"),))):
        assert not can_heal(MEDIC, patient)
        with pytest.raises(RuleError, match="never be healed"):
            resolve_heal(MEDIC, patient, dice=(1, 10))


def test_only_a_medic_heals_and_only_the_hurt() -> None:
    assert not can_heal(Combatant(), Combatant(wound="light"))
    assert not can_heal(MEDIC, Combatant())


def test_suk_doctor_reroll_hook() -> None:
    """Suk doctor: heal_rerolls hook = 1; a plain Medic may not re-roll; a success is not re-rolled."""
    assert heal_rerolls(SUK) == 1 and heal_rerolls(MEDIC) == 0
    ev = resolve_heal(SUK, Combatant(wound="light"), dice=(1, 2), reroll_dice=[(1, 9)])
    assert [r.success for r in ev.rolls] == [False, True] and ev.success
    with pytest.raises(RuleError, match="re-roll"):
        resolve_heal(MEDIC, Combatant(wound="light"), dice=(1, 2), reroll_dice=[(1, 9)])
    with pytest.raises(RuleError, match="not re-rolled"):
        resolve_heal(SUK, Combatant(wound="light"), dice=(1, 9), reroll_dice=[(1, 9)])


def test_fatigue_malus_of_the_medic() -> None:
    assert not resolve_heal(MEDIC.model_copy(update={"activation_fatigue": 1}), Combatant(wound="light"), dice=(1, 9)).success


@given(st.integers(0, 2**32 - 1))
def test_roll_heal_deterministic_and_rerolls(seed: int) -> None:
    ev = roll_heal(SUK, Combatant(wound="grave"), rng=np.random.default_rng(seed))
    assert ev == roll_heal(SUK, Combatant(wound="grave"), rng=np.random.default_rng(seed))
    dice = roll_d10(np.random.default_rng(seed), 4)
    assert (ev.rolls[0].neutral, ev.rolls[0].colour) == dice[:2]
    if dice[1] + 1 >= 10:
        assert len(ev.rolls) == 1
    else:
        assert len(ev.rolls) == 2 and (ev.rolls[1].neutral, ev.rolls[1].colour) == dice[2:]
