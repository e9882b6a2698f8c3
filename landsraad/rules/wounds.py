"""Damage, wounds and armour: what one hit does to a model.

Rules
-----
- R-WOUND: damage below the Endurance is a scratch (one fatigue token); at least E a light
  wound; at least 2E a grave wound; at least 3E a fatal wound. Only the worst level counts.
- R-ARMOUR, RUL-16: with Armour X, damage is compared with the higher of Endurance and X,
  burn damage included; only explosive effects ignore armour.
- RUL-18: damage of 0 or less has no effect at all (no token, no poison).
- RUL-13: the wound level only rises; a hit no worse than the current level changes nothing
  but a scratch's fatigue token.
- R-POISON: a poisoned weapon that deals at least one point of damage applies its poison.

The Endurance compared is the target's *effective* Endurance (wounds, fatigue ladder): the
rulebook's melee example 2 says a light wound costs 1 Endurance, which matters for the next hit.

Examples
--------
>>> wound_result(9, 3), wound_result(2, 3), wound_result(0, 3)
('fatal', 'scratch', 'none')
>>> wound_result(5, 2, armour=3), wound_result(5, 2, armour=3, ignore_armour=True)
('light', 'grave')
"""

from __future__ import annotations

from typing import Iterable

from ..model import Poison
from ..ruleset import DEFAULT, Ruleset
from .poisons import add_poison
from .state import Combatant, Event, WoundLevel, WoundResult, effective_endurance, is_removed, worse_wound

__all__ = ["wound_threshold", "wound_result", "WoundEvent", "apply_hit"]


def wound_threshold(endurance: int, armour: int | None = None, *, ignore_armour: bool = False) -> int:
    """The value damage is compared with: Endurance, or Armour X if higher and not ignored (R-ARMOUR, RUL-16).

    Examples
    --------
    >>> wound_threshold(2, 3), wound_threshold(4, 3), wound_threshold(2, 3, ignore_armour=True), wound_threshold(3)
    (3, 4, 2, 3)
    """
    endurance = max(1, endurance)
    if armour is None or ignore_armour:
        return endurance
    return max(endurance, armour)


def wound_result(damage: int, endurance: int, armour: int | None = None, *, ignore_armour: bool = False) -> WoundResult:
    """What ``damage`` does against ``endurance`` (and Armour X) (R-WOUND, R-ARMOUR, RUL-16, RUL-18).

    Boundaries count upwards: damage equal to E is a light wound, to 2E grave, to 3E fatal.

    Examples
    --------
    >>> [wound_result(d, 3) for d in (-1, 0, 1, 2, 3, 5, 6, 8, 9, 30)]
    ['none', 'none', 'scratch', 'scratch', 'light', 'light', 'grave', 'grave', 'fatal', 'fatal']
    >>> wound_result(3, 2, armour=3)  # the rulebook's armour example: compared with 3, not 2
    'light'
    """
    if damage <= 0:
        return "none"
    t = wound_threshold(endurance, armour, ignore_armour=ignore_armour)
    if damage < t:
        return "scratch"
    if damage < 2 * t:
        return "light"
    if damage < 3 * t:
        return "grave"
    return "fatal"


class WoundEvent(Event):
    """One hit applied to a model (R-WOUND, RUL-13, RUL-18)."""

    target: str
    damage: int
    threshold: int
    """Endurance or Armour X, whichever the damage was compared with."""
    ignore_armour: bool
    result: WoundResult
    wound_before: WoundLevel
    wound_after: WoundLevel
    fatigue_added: int
    poisons_applied: tuple[Poison, ...]
    removed: bool
    """The model suffered a real fatal wound and is removed from play."""


def apply_hit(
    c: Combatant,
    damage: int,
    *,
    ignore_armour: bool = False,
    poisons: Iterable[Poison] = (),
    ruleset: Ruleset = DEFAULT,
) -> tuple[Combatant, WoundEvent]:
    """Apply ``damage`` (and the weapon's ``poisons``) to ``c``; return its new state and the event.

    R-WOUND / RUL-13: a scratch adds one fatigue token; a wound replaces the current level
    only if worse. RUL-18: damage <= 0 does nothing. R-POISON: poisons apply only if
    damage >= 1 (even on a scratch).

    Examples
    --------
    >>> c, ev = apply_hit(Combatant(endurance=6, wound="grave"), 5)  # effective Endurance 4
    >>> ev.result, c.wound  # a light wound on a gravely wounded model changes nothing
    ('light', 'grave')
    >>> c, ev = apply_hit(Combatant(endurance=3), 1, poisons=[Poison(kind="irritant")])
    >>> ev.result, c.fatigue, [str(p) for p in c.poisons]
    ('scratch', 1, ['irritant'])
    >>> apply_hit(Combatant(), 0, poisons=[Poison(kind="irritant")])[0].poisons
    ()
    """
    before = c.wound
    threshold = wound_threshold(effective_endurance(c, ruleset), c.armour, ignore_armour=ignore_armour)
    result = wound_result(damage, effective_endurance(c, ruleset), c.armour, ignore_armour=ignore_armour)
    applied: tuple[Poison, ...] = ()
    fatigue_added = 0
    if result != "none":
        update: dict[str, object] = {}
        if result == "scratch":
            fatigue_added = 1
            update["fatigue"] = c.fatigue + 1
        else:
            update["wound"] = worse_wound(c.wound, result)
        applied = tuple(poisons)
        new_poisons = c.poisons
        for p in applied:
            new_poisons = add_poison(new_poisons, p)
        update["poisons"] = new_poisons
        c = c.model_copy(update=update)
    event = WoundEvent(
        target=c.name,
        damage=damage,
        threshold=threshold,
        ignore_armour=ignore_armour,
        result=result,
        wound_before=before,
        wound_after=c.wound,
        fatigue_added=fatigue_added,
        poisons_applied=applied,
        removed=is_removed(c) and before != "fatal",
    )
    return c, event
