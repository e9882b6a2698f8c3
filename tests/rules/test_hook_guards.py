"""The effective values skip building a hook context when no active rule has the hook (and the
wound penalty skips the spice question when there is no penalty to cancel): the answers must be
those of the unguarded formulas, for every registered special rule and every wound."""

from __future__ import annotations

import pytest

from landsraad.model import Poison, Weapon
from landsraad.rules.shooting import _attack, ignores_armour
from landsraad.rules.state import (
    _WOUND_PENALTY,
    Combatant,
    active_rules,
    effective_movement,
    effective_reflexes,
    fatigue_penalty,
    has_poison,
    hook_context,
    wound_effects_ignored,
    wound_penalty,
)
from landsraad.ruleset import DEFAULT
from landsraad.specials import SPECIAL_RULES

GUN = Weapon(id="gun", name="Gun", range=20, combat="+1", damage="(10)")


def _slow_ignored(c: Combatant) -> bool:
    names = active_rules(c)
    return bool(names) and SPECIAL_RULES.any("ignore_wound_effects", names, hook_context(c, ruleset=DEFAULT))


def _slow_total(hook: str, c: Combatant, **ctx: object) -> int:
    names = active_rules(c)
    return SPECIAL_RULES.total(hook, names, hook_context(c, ruleset=DEFAULT, **ctx)) if names else 0  # type: ignore[arg-type]


def _combatants() -> list[Combatant]:
    out = []
    for name in SPECIAL_RULES.names():
        for wound in ("none", "light", "grave"):
            for poisons in ((), (Poison(kind="dangerous"),)):
                out.append(Combatant(reflexes=2, movement=10, combat=2, wound=wound, poisons=poisons, activation_fatigue=2,
                                     special_rules=(name,), weapon=GUN))
                # the same rule as a spice effect, active (how the Corrino spice gets its hook)
                out.append(Combatant(reflexes=2, movement=10, combat=2, wound=wound, poisons=poisons, activation_fatigue=1,
                                     spice_active=True, spice_effect=name, weapon=GUN))
    out.append(Combatant(wound="grave", activation_fatigue=3, weapon=GUN))  # no rules at all
    return out


@pytest.mark.parametrize("c", _combatants(), ids=lambda c: f"{c.special_rules or c.spice_effect}-{c.wound}-{len(c.poisons)}")
def test_guarded_values_match_the_unguarded_formulas(c: Combatant) -> None:
    ignored = _slow_ignored(c)
    assert wound_effects_ignored(c) == ignored
    real = 0 if ignored else _WOUND_PENALTY[c.wound]
    poison = 2 if (has_poison(c, "dangerous") or has_poison(c, "deadly")) else 0
    assert wound_penalty(c) == max(real, poison)
    held = c.activation_fatigue - _slow_total("fatigue_tolerance", c, action="fatigue")
    assert fatigue_penalty(c) == ((0, 0, 0) if held <= 0 else (1, 1, 0) if held == 1 else (2, 2, 1))
    assert effective_reflexes(c) == (c.reflexes - max(real, poison) - fatigue_penalty(c)[1]
                                     + _slow_total("reflexes_bonus", c, action="reflexes"))
    movement = float(c.movement + _slow_total("movement_bonus", c, action="move"))
    grave = has_poison(c, "dangerous") or (c.wound in ("grave", "fatal") and not ignored)
    assert effective_movement(c) == (movement / 2 if grave else movement)
    names = active_rules(c)
    assert ignores_armour(c) == (bool(names) and SPECIAL_RULES.any("ignores_armour", names,
                                                                  hook_context(c, action="shoot", ruleset=DEFAULT)))
    target = Combatant(shield="full")
    band, modifier, total = _attack(c, target, 12.0, (3, 7), DEFAULT)
    bonus = _slow_total("shoot_combat_bonus", c, action="shoot", target=target, distance_cm=12.0)
    assert total == 7 + c.combat - wound_penalty(c) - fatigue_penalty(c)[0] + modifier + bonus


def test_the_guards_see_hooked_rules() -> None:
    """The table above is not vacuous: some registered rules do have the guarded hooks."""
    for hook in ("ignore_wound_effects", "reflexes_bonus", "fatigue_tolerance"):
        assert any(SPECIAL_RULES.hooked(hook, (name,)) for name in SPECIAL_RULES.names()), hook
