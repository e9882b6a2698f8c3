"""Spice (R-SPICE, RUL-10, PRJ-10)."""

from __future__ import annotations

import pytest

from landsraad.errors import RuleError
from landsraad.rules.fatigue import end_activation, start_activation
from landsraad.rules.spice import can_consume_spice, consume_spice, end_spice_if_spent, spice_expires, verify_consume_spice
from landsraad.rules.state import Combatant

SARDAUKAR = Combatant(name="Sardaukar", combat=3, endurance=3, wound="grave", spice_doses=2, spice_effect="corrino_spice")


def test_consume_at_the_start_of_an_activation_rul_10() -> None:
    """RUL-10: a free declaration at the start of the model's own activation."""
    assert not can_consume_spice(SARDAUKAR)
    with pytest.raises(RuleError, match="start of its own activation"):
        verify_consume_spice(SARDAUKAR)
    c, _ = start_activation(SARDAUKAR)
    c, ev = consume_spice(c)
    assert c.spice_active and c.spice_doses == 1 and ev.kind == "consumed"
    assert c.effective_combat == 3  # the Corrino spice ignores the grave wound (PRJ-10)


def test_doses_never_stack() -> None:
    c, _ = consume_spice(SARDAUKAR.model_copy(update={"activation_fatigue": 0}))
    with pytest.raises(RuleError, match="never stack"):
        consume_spice(c)


def test_no_dose_or_no_effect() -> None:
    with pytest.raises(RuleError, match="no dose"):
        consume_spice(Combatant(activation_fatigue=0, spice_effect="corrino_spice"))
    with pytest.raises(RuleError, match="no spice effect"):
        consume_spice(Combatant(activation_fatigue=0, spice_doses=1))
    with pytest.raises(RuleError, match="not a spice effect"):
        consume_spice(Combatant(activation_fatigue=0, spice_doses=1), "assassination")


def test_effect_lasts_until_two_tokens_at_the_end_of_an_activation_rul_10() -> None:
    c, _ = start_activation(SARDAUKAR)           # 0 -> 1 token
    c, _ = consume_spice(c)
    c, ev = end_activation(c)
    assert c.spice_active and ev.spice is None   # 1 token: still on
    c, _ = start_activation(c)                   # 1 -> 2 tokens
    assert c.spice_active
    c, ev = end_activation(c)
    assert not c.spice_active and ev.spice.kind == "ended"
    assert c.effective_combat == 1               # grave wound felt again
    assert not spice_expires(Combatant(fatigue=5))
    assert end_spice_if_spent(Combatant(fatigue=5))[1] is None
