"""Leaving a melee: the disengage test (R-DISENGAGE, rulebook 2.3).

A model in contact leaves it with an opposed test "on Reflexes (with the bonuses of melee
weapons)", as its free move or its Move action. Success: it moves a distance equal to its
margin. Failure: the opposing model deals its weapon's damage using its own neutral die. With
several enemies in contact, the opponent's player picks the one that opposes; only it deals damage.

PRJ-17 (which totals are compared). The rulebook puts Reflexes on the neutral die (1.3:
"la valeur de réflexes au dé neutre"; 1.4.1: Reflexes are added to the neutral dice "lors des
jets d'esquive", and 2.3 calls the disengaging model "la figurine qui esquive"), and the bonus
of melee weapons on Reflexes is their Initiative. So each side's total is its melee initiative
total: **neutral die + Reflexes + melee weapon Initiative** (+ ``initiative_bonus`` hooks,
- 3 when paralysed, as :func:`landsraad.rules.melee.initiative_total`). The mover must be
strictly higher (RUL-01, option ``ties``). The margin is the mover's **neutral die** (the die
face, R-TEST-OPPOSED), in cm. On a failure the opponent's damage uses **its** neutral die, as
a melee blow: its shield rules (R-SHIELD) and armour (R-ARMOUR) apply. The coloured die is
rolled (1.3: always a coloured die and a neutral die) but does not count. Each side may lower
its neutral die before the comparison (R-NEUTRAL-DOWN: "whatever the conditions"; never
when shooting). ``compare="coloured"`` is the alternative reading (coloured die + Reflexes +
Initiative, as a simple test adds its characteristic to the coloured die, RUL-02).

PRJ-18: an opponent that may not attack in melee (no melee weapon, Blinding, Irritant) deals
no damage when the mover fails; a paralysed model cannot disengage.

Dice order of :func:`roll_disengage`: the mover's neutral then coloured die, then the opponent's.

Examples
--------
>>> from landsraad.model import Weapon
>>> halberd = Weapon(id="halberd", name="Halberd", combat="+2", initiative="+1", damage="15-")
>>> ev = resolve_disengage(Combatant(name="Scout", reflexes=2), Combatant(name="Guard", weapon=halberd),
...                        mover_dice=(6, 1), opponent_dice=(4, 9))
>>> ev.mover_total, ev.opponent_total, ev.success, ev.margin_cm
(8, 5, True, 6.0)
>>> ev = resolve_disengage(Combatant(name="Scout", reflexes=2), Combatant(name="Guard", weapon=halberd),
...                        mover_dice=(2, 10), opponent_dice=(8, 1))
>>> ev.success, ev.damage, ev.wound
(False, 7, 'grave')
"""

from __future__ import annotations

from typing import Literal, Sequence

import numpy as np

from ..dice import beats, roll_d10
from ..errors import RuleError
from ..i18n import message
from ..model import Poison
from ..ruleset import DEFAULT, Ruleset
from ..specials import SPECIAL_RULES
from .melee import can_attack, initiative_total, melee_weapon, strike_damage, verify_lowered
from .poisons import choose_poison
from .roles import Role, check_role_die, subject
from .shields import melee_gets_through
from .state import (
    Combatant,
    Event,
    WoundResult,
    active_rules,
    effective_shield,
    hook_context,
    is_out_of_action,
    may_move,
)
from .wounds import WoundEvent, apply_hit

__all__ = ["Compare", "disengage_total", "verify_disengage", "can_disengage", "DisengageEvent", "resolve_disengage", "roll_disengage"]

Compare = Literal["neutral", "coloured"]


def disengage_total(c: Combatant, other: Combatant, *, neutral: int, coloured: int, compare: Compare = "neutral", ruleset: Ruleset = DEFAULT) -> int:
    """A side's disengage total (R-DISENGAGE, PRJ-17): neutral (or, as the option, coloured) die + Reflexes + melee weapon Initiative.

    Examples
    --------
    >>> disengage_total(Combatant(reflexes=3), Combatant(), neutral=4, coloured=9)
    7
    >>> disengage_total(Combatant(reflexes=3), Combatant(), neutral=4, coloured=9, compare="coloured")
    12
    """
    if compare == "neutral":
        return initiative_total(c, other, neutral, ruleset)
    if compare != "coloured":
        raise RuleError(message("The disengage comparison is 'neutral' or 'coloured'; got {compare} (PRJ-17).", compare=repr(compare)))
    # Same bonuses as the initiative total, on the coloured die instead of the neutral one.
    return initiative_total(c, other, coloured, ruleset)


def verify_disengage(mover: Combatant, opponent: Combatant) -> None:
    """Raise :class:`RuleError` unless ``mover`` may try to leave its contact with ``opponent`` (R-DISENGAGE, R-POISON).

    Examples
    --------
    >>> from landsraad.model import Poison
    >>> verify_disengage(Combatant(name="Scout", poisons=(Poison(kind="paralysing"),)), Combatant())
    Traceback (most recent call last):
    ...
    landsraad.errors.RuleError: Scout is paralysed and cannot move, so it cannot disengage (R-POISON).
    """
    if is_out_of_action(mover):
        raise RuleError(message("{mover} suffers a fatal wound's effects and cannot move (R-WOUND).", mover=mover.name))
    if not may_move(mover):
        raise RuleError(message("{mover} is paralysed and cannot move, so it cannot disengage (R-POISON).", mover=mover.name))
    if is_out_of_action(opponent):
        raise RuleError(message("{opponent} is out of the fight: {mover} needs no test to leave it (R-DISENGAGE).", opponent=opponent.name, mover=mover.name))


def can_disengage(mover: Combatant, opponent: Combatant) -> bool:
    """Whether :func:`verify_disengage` passes.

    Examples
    --------
    >>> can_disengage(Combatant(), Combatant())
    True
    """
    try:
        verify_disengage(mover, opponent)
    except RuleError:
        return False
    return True


class DisengageEvent(Event):
    """A disengage test (R-DISENGAGE)."""

    mover: str
    opponent: str
    compare: Compare
    mover_dice: tuple[int, int]
    """(neutral, coloured) as rolled."""
    opponent_dice: tuple[int, int]
    mover_neutral: int
    """As used (after lowering)."""
    opponent_neutral: int
    mover_total: int
    opponent_total: int
    success: bool
    margin_cm: float
    """On success, the distance the mover is moved (its neutral die); 0 on failure."""
    raw_damage: int | None
    """On failure, the opponent's weapon damage with its neutral die (None if it deals none)."""
    damage: int
    shield_stopped: bool
    wound: WoundResult
    wound_event: WoundEvent | None
    poisons_applied: tuple[Poison, ...]
    mover_after: Combatant


def _dice2(dice: Sequence[int], who: Role) -> tuple[int, int]:
    if len(dice) != 2:
        raise RuleError(message("{who} rolls two dice to disengage (neutral, coloured); got {dice}.", who=subject(who), dice=repr(tuple(dice))))
    return (check_role_die(dice[0], who, "neutral"), check_role_die(dice[1], who, "coloured"))


def resolve_disengage(
    mover: Combatant,
    opponent: Combatant,
    *,
    mover_dice: Sequence[int],
    opponent_dice: Sequence[int],
    mover_neutral: int | None = None,
    opponent_neutral: int | None = None,
    opponent_poison: Poison | str | None = None,
    compare: Compare = "neutral",
    ruleset: Ruleset = DEFAULT,
) -> DisengageEvent:
    """Resolve a disengage test from dice read off the table (R-DISENGAGE, PRJ-17, PRJ-18, RUL-01).

    Parameters
    ----------
    mover
        The active model leaving the contact.
    opponent
        The enemy chosen by its player to oppose; its ``weapon`` deals the damage on a failure.
    mover_dice, opponent_dice
        ``(neutral, coloured)``.
    mover_neutral, opponent_neutral
        Neutral dice after lowering (never raised).
    opponent_poison
        The poison the opponent's weapon applies (R-POISON).
    compare
        ``"neutral"`` (the project's reading, PRJ-17) or ``"coloured"``.

    Examples
    --------
    >>> from landsraad.model import Weapon
    >>> knife = Weapon(id="knife", name="Knife", damage="6-")
    >>> ev = resolve_disengage(Combatant(), Combatant(weapon=knife, shield="full"), mover_dice=(3, 3), opponent_dice=(3, 3))
    >>> ev.success, ev.damage, ev.wound  # a tie fails (RUL-01): the knife deals 6 - 3
    (False, 3, 'light')
    """
    md, od = _dice2(mover_dice, "mover"), _dice2(opponent_dice, "opponent")
    verify_disengage(mover, opponent)
    mn = verify_lowered(md[0], mover_neutral, "mover")
    on = verify_lowered(od[0], opponent_neutral, "opponent")
    m_total = disengage_total(mover, opponent, neutral=mn, coloured=md[1], compare=compare, ruleset=ruleset)
    o_total = disengage_total(opponent, mover, neutral=on, coloured=od[1], compare=compare, ruleset=ruleset)
    success = beats(m_total, o_total, ruleset.ties)
    raw: int | None = None
    stopped = False
    after, wound_event = mover, None
    poison = choose_poison(opponent, opponent_poison) if melee_weapon(opponent) is not None else None
    if not success and can_attack(opponent):
        raw = strike_damage(opponent, mover, on, ruleset)
        names = active_rules(opponent)
        pierce = SPECIAL_RULES.total("shield_pierce_bonus", names, hook_context(opponent, action="disengage", target=mover, ruleset=ruleset)) if names else 0
        stopped = not melee_gets_through(on, effective_shield(mover, ruleset), pierce)
        if not stopped:
            w = opponent.weapon
            no_armour = bool(w and w.explosive) or (bool(names) and SPECIAL_RULES.any(
                "ignores_armour", names, hook_context(opponent, action="disengage", target=mover, ruleset=ruleset)))
            after, wound_event = apply_hit(mover, raw, ignore_armour=no_armour, poisons=(poison,) if poison else (), ruleset=ruleset)
    return DisengageEvent(
        mover=mover.name,
        opponent=opponent.name,
        compare=compare,
        mover_dice=md,
        opponent_dice=od,
        mover_neutral=mn,
        opponent_neutral=on,
        mover_total=m_total,
        opponent_total=o_total,
        success=success,
        margin_cm=float(mn) if success else 0.0,
        raw_damage=raw,
        damage=max(0, wound_event.damage) if wound_event else 0,
        shield_stopped=stopped,
        wound=wound_event.result if wound_event else "none",
        wound_event=wound_event,
        poisons_applied=wound_event.poisons_applied if wound_event else (),
        mover_after=after,
    )


def roll_disengage(
    mover: Combatant,
    opponent: Combatant,
    *,
    rng: np.random.Generator,
    opponent_poison: Poison | str | None = None,
    compare: Compare = "neutral",
    ruleset: Ruleset = DEFAULT,
) -> DisengageEvent:
    """Roll a disengage test (mover neutral, coloured; opponent neutral, coloured) and resolve it.

    Examples
    --------
    >>> roll_disengage(Combatant(), Combatant(), rng=np.random.default_rng(5)) == roll_disengage(Combatant(), Combatant(), rng=np.random.default_rng(5))
    True
    """
    mn, mc, on, oc = roll_d10(rng, 4)
    return resolve_disengage(mover, opponent, mover_dice=(mn, mc), opponent_dice=(on, oc), opponent_poison=opponent_poison,
                             compare=compare, ruleset=ruleset)
