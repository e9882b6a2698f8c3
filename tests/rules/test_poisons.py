"""Poisons: application, durations and what they forbid (R-POISON, PRJ-01, PRJ-11, PRJ-14)."""

from __future__ import annotations

import pytest

from landsraad.errors import RuleError
from landsraad.model import DEFAULT_POISON_X, Poison, Weapon
from landsraad.rules.poisons import (
    add_poison,
    can_select,
    choose_poison,
    may_fulfil_objectives,
    remove_poison,
    required_action,
    start_will_breaker_activation,
    tick_crippling,
    verify_select,
)
from landsraad.rules.state import Combatant

P = Poison.model_validate


def test_default_x_is_two_prj_01() -> None:
    assert DEFAULT_POISON_X == 2 and P("will_breaker").x == 2 and P("crippling").x == 2


def test_will_breaker_counts_the_model_activations() -> None:
    """R-POISON Will-breaker X: the next X activations are Moves towards the nearest edge, then it is gone."""
    c = Combatant(name="Scout", poisons=(P("will_breaker"),))
    assert required_action(c) == "move_to_nearest_edge"
    c, ev = start_will_breaker_activation(c)
    assert ev.remaining == 1 and ev.forced_action == "move_to_nearest_edge"
    c, ev = start_will_breaker_activation(c)
    assert ev.remaining == 0 and c.poisons == () and required_action(c) is None
    assert start_will_breaker_activation(c) == (c, None)


def test_crippling_counts_the_owner_activations_prj_14() -> None:
    """R-POISON Crippling X: its owner cannot select it for its next X activations."""
    c = Combatant(name="Scout", poisons=(P("crippling 2"), P("irritant")))
    assert not can_select(c)
    with pytest.raises(RuleError, match="Crippling 2"):
        verify_select(c)
    c, ev = tick_crippling(c)
    assert ev.remaining == 1 and not can_select(c)
    c, ev = tick_crippling(c)
    assert ev.remaining == 0 and can_select(c) and [p.kind for p in c.poisons] == ["irritant"]
    assert tick_crippling(c) == (c, None)


def test_out_of_action_cannot_be_selected() -> None:
    with pytest.raises(RuleError, match="fatal"):
        verify_select(Combatant(poisons=(P("deadly"),)))


def test_add_and_remove() -> None:
    ps = add_poison((), P("crippling 3"))
    assert add_poison(ps, P("crippling 1")) == ps
    assert add_poison(ps, P("crippling 4")) == (P("crippling 4"),)
    assert remove_poison(add_poison(ps, P("irritant")), "crippling") == (P("irritant"),)


def test_blinding_forbids_objectives() -> None:
    assert not may_fulfil_objectives(Combatant(poisons=(P("blinding"),))) and may_fulfil_objectives(Combatant())


def test_choose_poison() -> None:
    """The Knife rule: the player picks among the carried poisons; a weapon with one poison applies it by default."""
    dart = Weapon(id="dart", name="Dart", range=10, damage="+0", poisons=("paralysing",))
    assert choose_poison(Combatant(weapon=dart)) == P("paralysing")
    carrier = Combatant(name="Assassin", carried_poisons=(P("will_breaker"), P("irritant")))
    assert choose_poison(carrier, "will-breaker") == P("will_breaker 2")
    assert choose_poison(carrier, P("will_breaker 3")) == P("will_breaker 3")
    assert choose_poison(carrier) is None
    with pytest.raises(RuleError, match="carries only"):
        choose_poison(carrier, "deadly")
