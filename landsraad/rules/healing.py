"""Healing by a Medic (RUL-12, a project rule: the rulebook is silent).

A model with the ``healer`` rule (the Medic) may, as a special action, heal a friendly model in
base contact (contact is the engine's): a simple test, the Medic's Combat + colour die >= 10
(R-TEST-SIMPLE, RUL-02). Success removes all the patient's poisons and lowers a light or
grave wound by one level (grave -> light, light -> none). A fatal wound, including the Deadly
poison's, is never healed. The ``heal_rerolls`` hook (the Corrino Suk doctor) lets the Medic
re-roll a failed test that many times.

Dice order of :func:`roll_heal`: neutral then colour die, then again for each re-roll.

Examples
--------
>>> medic = Combatant(name="Medic", combat=1, special_rules=("healer",), activation_fatigue=0)
>>> ev = resolve_heal(medic, Combatant(name="Soldier", wound="grave"), dice=(3, 9))
>>> ev.success, ev.wound_before, ev.wound_after
(True, 'grave', 'light')
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ..dice import roll_d10, simple_test
from ..errors import RuleError
from ..i18n import message
from ..model import Poison
from ..ruleset import DEFAULT, Ruleset
from ..specials import SPECIAL_RULES
from .state import Combatant, Event, WoundLevel, active_rules, effective_combat, hook_context, is_out_of_action

__all__ = ["HEAL_THRESHOLD", "HEALER_RULE", "heal_rerolls", "verify_heal", "can_heal", "HealRoll", "HealEvent", "resolve_heal", "roll_heal"]

HEAL_THRESHOLD = 10
"""RUL-12: the Medic's Combat + colour die must reach this."""

HEALER_RULE = "healer"
"""The special rule that gives the healing action (looked up by name: an action, not a hook)."""

_LOWER: dict[str, WoundLevel] = {"none": "none", "light": "none", "grave": "light"}


def heal_rerolls(medic: Combatant, ruleset: Ruleset = DEFAULT) -> int:
    """How many times ``medic`` may re-roll a failed healing test (``heal_rerolls`` hook: the Suk doctor).

    Examples
    --------
    >>> heal_rerolls(Combatant(special_rules=("healer", "suk_doctor"))), heal_rerolls(Combatant(special_rules=("healer",)))
    (1, 0)
    """
    names = active_rules(medic)
    return SPECIAL_RULES.total("heal_rerolls", names, hook_context(medic, action="heal", ruleset=ruleset)) if names else 0


def verify_heal(medic: Combatant, patient: Combatant) -> None:
    """Raise :class:`RuleError` unless ``medic`` may heal ``patient`` (RUL-12); contact and friendship are the engine's.

    Examples
    --------
    >>> verify_heal(Combatant(name="Medic", special_rules=("healer",)), Combatant(name="Soldier", wound="fatal"))
    Traceback (most recent call last):
    ...
    landsraad.errors.RuleError: Soldier suffers a fatal wound's effects, which can never be healed (RUL-12).
    >>> verify_heal(Combatant(name="Medic", special_rules=("healer",)), Combatant(name="Soldier"))
    Traceback (most recent call last):
    ...
    landsraad.errors.RuleError: Soldier has no wound and no poison to heal (RUL-12).
    """
    if HEALER_RULE not in medic.special_rules:
        raise RuleError(message("{medic} has no healing action: only a model with the Medic rule may heal (RUL-12).", medic=medic.name))
    if is_out_of_action(medic):
        raise RuleError(message("{medic} suffers a fatal wound's effects and cannot heal (R-WOUND).", medic=medic.name))
    if is_out_of_action(patient):
        raise RuleError(message("{patient} suffers a fatal wound's effects, which can never be healed (RUL-12).", patient=patient.name))
    if patient.wound == "none" and not patient.poisons:
        raise RuleError(message("{patient} has no wound and no poison to heal (RUL-12).", patient=patient.name))


def can_heal(medic: Combatant, patient: Combatant) -> bool:
    """Whether :func:`verify_heal` passes.

    Examples
    --------
    >>> can_heal(Combatant(special_rules=("healer",)), Combatant(wound="light"))
    True
    """
    try:
        verify_heal(medic, patient)
    except RuleError:
        return False
    return True


class HealRoll(Event):
    """One healing test (R-TEST-SIMPLE)."""

    neutral: int
    colour: int
    total: int
    success: bool


class HealEvent(Event):
    """A healing action (RUL-12)."""

    medic: str
    patient: str
    rolls: tuple[HealRoll, ...]
    """The first test and any re-rolls, in order."""
    success: bool
    wound_before: WoundLevel
    wound_after: WoundLevel
    poisons_removed: tuple[Poison, ...]
    patient_after: Combatant


def resolve_heal(
    medic: Combatant,
    patient: Combatant,
    *,
    dice: Sequence[int],
    reroll_dice: Sequence[Sequence[int]] = (),
    ruleset: Ruleset = DEFAULT,
) -> HealEvent:
    """Resolve a healing action from dice read off the table (RUL-12, R-TEST-SIMPLE).

    ``dice`` is ``(neutral, colour)``; ``reroll_dice`` the re-rolls made after failures, at
    most :func:`heal_rerolls` of them and only while the test keeps failing.

    Examples
    --------
    >>> medic = Combatant(name="Medic", combat=0, special_rules=("healer", "suk_doctor"))
    >>> patient = Combatant(name="Scout", wound="light", poisons=(Poison(kind="irritant"),))
    >>> ev = resolve_heal(medic, patient, dice=(4, 3), reroll_dice=[(2, 10)])
    >>> [r.success for r in ev.rolls], ev.wound_after, ev.patient_after.poisons
    ([False, True], 'none', ())
    >>> resolve_heal(Combatant(name="Medic", special_rules=("healer",)), patient, dice=(4, 3), reroll_dice=[(2, 10)])
    Traceback (most recent call last):
    ...
    landsraad.errors.RuleError: Medic may re-roll a failed healing test 0 time(s); 1 re-roll(s) were given (RUL-12).
    """
    verify_heal(medic, patient)
    allowed = heal_rerolls(medic, ruleset)
    if len(reroll_dice) > allowed:
        raise RuleError(message("{medic} may re-roll a failed healing test {allowed} time(s); {n_reroll_dice} re-roll(s) were given (RUL-12).", medic=medic.name, allowed=allowed, n_reroll_dice=len(reroll_dice)))
    bonus = effective_combat(medic, ruleset)
    rolls: list[HealRoll] = []
    for i, pair in enumerate([tuple(dice), *[tuple(r) for r in reroll_dice]]):
        if len(pair) != 2:
            raise RuleError(message("A healing test rolls two dice (neutral, colour); got {pair}.", pair=repr(pair)))
        if rolls and rolls[-1].success:
            raise RuleError(message("{medic}'s healing test succeeded on roll {i}: a successful test is not re-rolled (RUL-12).", medic=medic.name, i=i))
        t = simple_test(bonus, HEAL_THRESHOLD, neutral=pair[0], colour=pair[1])
        rolls.append(HealRoll(neutral=t.neutral, colour=t.colour, total=t.total, success=t.success))
    success = rolls[-1].success
    after = patient
    if success:
        after = patient.model_copy(update={"wound": _LOWER[patient.wound], "poisons": ()})
    return HealEvent(
        medic=medic.name,
        patient=patient.name,
        rolls=tuple(rolls),
        success=success,
        wound_before=patient.wound,
        wound_after=after.wound,
        poisons_removed=patient.poisons if success else (),
        patient_after=after,
    )


def roll_heal(medic: Combatant, patient: Combatant, *, rng: np.random.Generator, ruleset: Ruleset = DEFAULT) -> HealEvent:
    """Roll a healing test, re-rolling a failure as often as the Medic may (neutral, colour each time).

    Examples
    --------
    >>> m, p = Combatant(special_rules=("healer", "suk_doctor")), Combatant(wound="grave")
    >>> roll_heal(m, p, rng=np.random.default_rng(2)) == roll_heal(m, p, rng=np.random.default_rng(2))
    True
    """
    verify_heal(medic, patient)
    bonus = effective_combat(medic, ruleset)
    first = roll_d10(rng, 2)
    rerolls: list[tuple[int, ...]] = []
    last = first
    for _ in range(heal_rerolls(medic, ruleset)):
        if last[1] + bonus >= HEAL_THRESHOLD:
            break
        last = roll_d10(rng, 2)
        rerolls.append(last)
    return resolve_heal(medic, patient, dice=first, reroll_dice=rerolls, ruleset=ruleset)
