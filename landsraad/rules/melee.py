"""Melee: the clash test, initiative, strikes, shields, and the push / step-away options (rulebook 2.4).

Rules
-----
- R-TEST-CLASH, R-MELEE: each side rolls neutral, attack and defence dice and keeps the
  neutral and either the attack (stance ``"attack"``) or the defence die (``"defend"``).
- R-NEUTRAL-DOWN: after the reveal a side may lower its neutral die, never raise it; the side
  with the lower initiative total lowers first, ties in secret (:func:`lowering_order`).
- Initiative = neutral + Reflexes + weapon Initiative; the highest acts first. A first side
  that defends hands the first place to the other; both defending: no blow at all. Equal
  initiative and both attacking: simultaneous blows, both may die.
- A lone attacker hits if attack die + Combat + weapon Combat is strictly greater (RUL-01,
  option ``ties``) than defence die + Combat + weapon Combat + weapon ``defence`` (the steel
  shield's bonus, only when defending). If both attack, both hit automatically.
- Damage = weapon damage with the striker's neutral die (``X-``: X minus the die; R-WEAPON),
  plus ``melee_damage_bonus`` hooks (Assassination); wound level by R-WOUND against the
  target's effective Endurance / Armour (R-ARMOUR); the second striker, if still standing,
  strikes with the wounds the first inflicted (its own penalties and the target's).
- R-SHIELD, RUL-03: a blow gets through a working shield only if the striker's neutral die as
  lowered (before bonuses) is 1 (full) or 1-4 (half); ``hit`` stays true, ``shield_stopped``
  says the shield held.
- RUL-04: melee example 2's civilian deals 6 - 5 = 1 with its knife, not 5.
- R-MELEE-OPTIONS: a side that attacked and hit may push the enemy up to 5 cm, which ends the
  combat (PRJ-15: a push by the first striker cancels the second's blow); a side that defended
  may step up to 5 cm out of contact after the blows. The geometry is the engine's.
- R-POISON: Paralysing -3 on each melee total (PRJ-13), Blinding only defends with -4 on its
  defence total, Irritant only defends; a model blinded or irritated by the first blow loses its
  own blow (PRJ-11).

Dice order of :func:`roll_melee`: the attacker's neutral, attack, defence dice, then the defender's.

Examples
--------
Melee example 1 of the rulebook (Combat 0 assumed: the example adds only weapon bonuses):

>>> from landsraad.model import Weapon
>>> halberd = Weapon(id="halberd", name="Halberd", combat="+2", damage="12-")
>>> steel = Weapon(id="steel_shield", name="Steel shield", defence="+3", damage="0-")
>>> ev = resolve_melee(Combatant(name="Harkonnen", weapon=halberd), Combatant(name="Civilian", weapon=steel),
...                    attacker_dice=(5, 8, 2), defender_dice=(3, 3, 6), attacker_stance="attack",
...                    defender_stance="defend", attacker_neutral=1)
>>> ev.first, [(s.by, s.attack_total, s.defence_total, s.hit, s.damage) for s in ev.strikes]
('attacker', [('attacker', 10, 9, True, 11)])
"""

from __future__ import annotations

from typing import Callable, Literal, Sequence, Union

import numpy as np
from pydantic import SkipValidation

from ..dice import ClashDice, beats, roll_clash
from ..errors import RuleError
from ..i18n import message
from ..model import Poison, Weapon
from ..ruleset import DEFAULT, Ruleset
from ..specials import SPECIAL_RULES
from .poisons import choose_poison
from .roles import Role, die_of, subject
from .shields import melee_gets_through
from .state import (
    Combatant,
    Event,
    WoundResult,
    active_rules,
    effective_combat,
    effective_reflexes,
    effective_shield,
    has_poison,
    hook_context,
    is_out_of_action,
    is_removed,
    may_attack_in_melee,
    may_move,
    melee_defence_malus,
    melee_dice_malus,
)
from .wounds import WoundEvent, apply_hit

__all__ = [
    "Side",
    "clash_dice_count_error",
    "Stance",
    "First",
    "PUSH_CM",
    "STEP_AWAY_CM",
    "lowering_order",
    "melee_weapon",
    "melee_combat",
    "initiative_total",
    "attack_total",
    "defence_total",
    "first_to_act",
    "strike_damage",
    "verify_melee",
    "can_melee",
    "verify_stance",
    "can_attack",
    "verify_lowered",
    "Strike",
    "MeleeOptions",
    "MeleeEvent",
    "resolve_melee",
    "roll_melee",
]

Side = Literal["attacker", "defender"]
Stance = Literal["attack", "defend"]
First = Literal["attacker", "defender", "simultaneous"]

PUSH_CM = 5.0
"""R-MELEE-OPTIONS: how far a side that hit may push its enemy."""
STEP_AWAY_CM = 5.0
"""R-MELEE-OPTIONS: how far a side that defended may move out of contact."""

DiceLike = Union[ClashDice, Sequence[int]]


def clash_dice_count_error(who: Side, dice: Sequence[int]) -> RuleError:
    """The error for a side's clash dice that are not three (R-TEST-CLASH), naming the side in each language."""
    return RuleError(message("{who} rolls three dice in a clash (neutral, attack, defence); got {dice}.", who=subject(who), dice=repr(tuple(dice))))


def _clash(dice: DiceLike, who: Side) -> ClashDice:
    if isinstance(dice, ClashDice):
        return dice
    if len(dice) != 3:
        raise clash_dice_count_error(who, dice)
    return ClashDice(*dice)


def _other(side: Side) -> Side:
    return "defender" if side == "attacker" else "attacker"


def lowering_order(attacker_total: int, defender_total: int) -> Literal["attacker", "defender", "secret"]:
    """Who may lower its neutral die first: the side with the lower initiative total; ties in secret (R-MELEE, R-NEUTRAL-DOWN).

    Examples
    --------
    >>> lowering_order(5, 7), lowering_order(7, 5), lowering_order(6, 6)
    ('attacker', 'defender', 'secret')
    """
    if attacker_total < defender_total:
        return "attacker"
    if defender_total < attacker_total:
        return "defender"
    return "secret"


def melee_weapon(c: Combatant) -> Weapon | None:
    """The weapon whose bonuses count in melee: ``c.weapon`` if it can strike in melee, else ``None`` (PRJ-16).

    Examples
    --------
    >>> from landsraad.model import Weapon
    >>> melee_weapon(Combatant(weapon=Weapon(id="p", name="Pistol", range=10, combat="+1", damage="+1"))) is None
    True
    """
    w = c.weapon
    return w if w is not None and w.is_melee else None


def _rules_total(hook: str, c: Combatant, opponent: Combatant, ruleset: Ruleset) -> int:
    names = active_rules(c)
    if not SPECIAL_RULES.hooked(hook, names):  # the common case: no context to build
        return 0
    return SPECIAL_RULES.total(hook, names, hook_context(c, action="melee", target=opponent, ruleset=ruleset))


def melee_combat(c: Combatant, opponent: Combatant, ruleset: Ruleset = DEFAULT) -> int:
    """Combat in melee: effective Combat + melee weapon Combat + ``melee_combat_bonus`` hooks + the opponent's ``enemy_melee_combat_bonus`` hooks.

    Examples
    --------
    >>> from landsraad.model import Weapon
    >>> melee_combat(Combatant(combat=1, wound="light", weapon=Weapon(id="h", name="Halberd", combat="+2", damage="15-")), Combatant())
    2
    """
    w = melee_weapon(c)
    return (
        effective_combat(c, ruleset)
        + (w.combat if w else 0)
        + _rules_total("melee_combat_bonus", c, opponent, ruleset)
        + _rules_total("enemy_melee_combat_bonus", opponent, c, ruleset)
    )


def initiative_total(c: Combatant, opponent: Combatant, neutral: int, ruleset: Ruleset = DEFAULT) -> int:
    """Neutral die + Reflexes + weapon Initiative (+ ``initiative_bonus`` hooks, - Paralysing 3) (R-MELEE).

    Examples
    --------
    >>> from landsraad.model import Weapon
    >>> initiative_total(Combatant(reflexes=2, weapon=Weapon(id="h", name="Halberd", initiative="+1", damage="15-")), Combatant(), 5)
    8
    """
    w = melee_weapon(c)
    return neutral + effective_reflexes(c, ruleset) + (w.initiative if w else 0) + _rules_total("initiative_bonus", c, opponent, ruleset) - melee_dice_malus(c)


def attack_total(c: Combatant, opponent: Combatant, die: int, ruleset: Ruleset = DEFAULT) -> int:
    """Attack die + Combat in melee (:func:`melee_combat`), - Paralysing 3 (R-MELEE).

    Examples
    --------
    >>> attack_total(Combatant(combat=1), Combatant(), 8)
    9
    """
    return die + melee_combat(c, opponent, ruleset) - melee_dice_malus(c)


def defence_total(c: Combatant, opponent: Combatant, die: int, ruleset: Ruleset = DEFAULT) -> int:
    """Defence die + Combat in melee + weapon ``defence`` + ``defence_bonus`` hooks, - Paralysing 3, - Blinding 4 (R-MELEE, R-POISON).

    Examples
    --------
    >>> from landsraad.model import Weapon
    >>> defence_total(Combatant(weapon=Weapon(id="s", name="Steel shield", defence="+3", damage="0-")), Combatant(), 6)
    9
    """
    w = melee_weapon(c)
    return (
        die
        + melee_combat(c, opponent, ruleset)
        + (w.defence if w else 0)
        + _rules_total("defence_bonus", c, opponent, ruleset)
        - melee_dice_malus(c)
        - melee_defence_malus(c)
    )


def first_to_act(attacker_initiative: int, defender_initiative: int, attacker_stance: Stance, defender_stance: Stance) -> First | None:
    """Who strikes first (R-MELEE): the higher initiative if it attacks, else the other if it attacks;
    equal initiative and both attacking: ``"simultaneous"``; nobody attacking: ``None``.

    Examples
    --------
    >>> first_to_act(3, 1, "defend", "attack"), first_to_act(3, 1, "attack", "attack")
    ('defender', 'attacker')
    >>> first_to_act(4, 4, "attack", "attack"), first_to_act(4, 4, "defend", "attack"), first_to_act(9, 1, "defend", "defend")
    ('simultaneous', 'defender', None)
    """
    a, d = attacker_stance == "attack", defender_stance == "attack"
    if a and d:
        if attacker_initiative == defender_initiative:
            return "simultaneous"
        return "attacker" if attacker_initiative > defender_initiative else "defender"
    if a:
        return "attacker"
    if d:
        return "defender"
    return None


def strike_damage(striker: Combatant, target: Combatant, neutral: int, ruleset: Ruleset = DEFAULT) -> int:
    """Damage of a melee blow that hits: the weapon's melee damage with this neutral die + ``melee_damage_bonus`` hooks (R-WEAPON, R-BURN).

    May be 0 or less (then it does nothing, RUL-18).

    Examples
    --------
    >>> from landsraad.model import Weapon
    >>> knife = Weapon(id="knife", name="Knife", damage="6-")
    >>> strike_damage(Combatant(weapon=knife), Combatant(), 5)
    1
    >>> strike_damage(Combatant(weapon=knife, special_rules=("assassination",)), Combatant(fatigue=1), 5)
    2
    """
    w = melee_weapon(striker)
    if w is None or w.melee_damage is None:
        raise RuleError(message("{striker} has no melee weapon to strike with (R-WEAPON).", striker=striker.name))
    return w.melee_damage.amount(neutral) + _rules_total("melee_damage_bonus", striker, target, ruleset)


def _ignores_armour(striker: Combatant, target: Combatant, ruleset: Ruleset) -> bool:
    w = striker.weapon
    if w is not None and w.explosive:
        return True
    names = active_rules(striker)
    return bool(names) and SPECIAL_RULES.any("ignores_armour", names, hook_context(striker, action="melee", target=target, ruleset=ruleset))


# --- check / query ---------------------------------------------------------------------------


def verify_melee(attacker: Combatant, defender: Combatant) -> None:
    """Raise :class:`RuleError` unless ``attacker`` may take a melee action against ``defender``
    (contact is the engine's): not out of action, not irritated (R-POISON), defender on the table.

    Examples
    --------
    >>> verify_melee(Combatant(name="Soldier", poisons=(Poison(kind="irritant"),)), Combatant())
    Traceback (most recent call last):
    ...
    landsraad.errors.RuleError: Soldier suffers an Irritant poison and cannot take a melee action; it may still defend (R-POISON).
    """
    if is_out_of_action(attacker):
        raise RuleError(message("{attacker} suffers a fatal wound's effects and cannot fight (R-WOUND).", attacker=attacker.name))
    if has_poison(attacker, "irritant"):
        raise RuleError(message("{attacker} suffers an Irritant poison and cannot take a melee action; it may still defend (R-POISON).", attacker=attacker.name))
    if is_out_of_action(defender):
        raise RuleError(message("{defender} suffers a fatal wound's effects and cannot be fought (R-WOUND).", defender=defender.name))


def can_melee(attacker: Combatant, defender: Combatant) -> bool:
    """Whether :func:`verify_melee` passes.

    Examples
    --------
    >>> can_melee(Combatant(), Combatant()), can_melee(Combatant(wound="fatal"), Combatant())
    (True, False)
    """
    try:
        verify_melee(attacker, defender)
    except RuleError:
        return False
    return True


def verify_stance(c: Combatant, stance: str) -> None:
    """Raise :class:`RuleError` unless ``c`` may keep that die: attacking needs a melee weapon and
    no Blinding or Irritant poison (R-POISON, PRJ-16).

    Examples
    --------
    >>> verify_stance(Combatant(name="Sister", poisons=(Poison(kind="blinding"),)), "attack")
    Traceback (most recent call last):
    ...
    landsraad.errors.RuleError: Sister is blinded and may only defend in melee (R-POISON).
    """
    if stance not in ("attack", "defend"):
        raise RuleError(message("A stance is 'attack' or 'defend'; got {stance} (R-TEST-CLASH).", stance=repr(stance)))
    if is_out_of_action(c):
        raise RuleError(message("{model} suffers a fatal wound's effects and cannot fight (R-WOUND).", model=c.name))
    if stance == "attack":
        if has_poison(c, "blinding"):
            raise RuleError(message("{model} is blinded and may only defend in melee (R-POISON).", model=c.name))
        if has_poison(c, "irritant"):
            raise RuleError(message("{model} suffers an Irritant poison and may only defend in melee (R-POISON).", model=c.name))
        if melee_weapon(c) is None:
            raise RuleError(message("{model} has no melee weapon and may only defend (R-WEAPON).", model=c.name))


def can_attack(c: Combatant) -> bool:
    """Whether ``c`` may choose the attack die in a clash (:func:`verify_stance`).

    Examples
    --------
    >>> can_attack(Combatant()), can_attack(Combatant(weapon=None))
    (False, False)
    """
    try:
        verify_stance(c, "attack")
    except RuleError:
        return False
    return True


def verify_lowered(rolled: int, lowered: int | None, who: Role) -> int:
    """The neutral die used: ``lowered`` if given and legal, else ``rolled`` (R-NEUTRAL-DOWN: lower, never raise).

    ``who`` is the role whose die it is (:data:`landsraad.rules.roles.Role`: ``"attacker"``, ``"mover"``...),
    named in the error in the language it is shown in.

    Examples
    --------
    >>> verify_lowered(5, 1, "attacker"), verify_lowered(5, None, "attacker")
    (1, 5)
    >>> verify_lowered(5, 6, "attacker")
    Traceback (most recent call last):
    ...
    landsraad.errors.RuleError: The attacker's neutral die rolled 5 and cannot become 6: a neutral die may be lowered, never raised (R-NEUTRAL-DOWN).
    """
    if lowered is None:
        return rolled
    if isinstance(lowered, bool) or not isinstance(lowered, (int, np.integer)) or lowered < 1:
        raise RuleError(message("The {die} must be a whole number from 1 to {rolled}; got {lowered}.",
                                die=die_of(who, "lowered neutral"), rolled=rolled, lowered=repr(lowered)))
    if lowered > rolled:
        raise RuleError(message(
            "The {die} rolled {rolled} and cannot become {lowered}: a neutral die may be lowered, never raised (R-NEUTRAL-DOWN).",
            die=die_of(who, "neutral"), rolled=rolled, lowered=lowered))
    return int(lowered)


# --- events ----------------------------------------------------------------------------------


class Strike(Event):
    """One melee blow."""

    by: Side
    striker: str
    target: str
    automatic: bool
    """Both sides attacked: the blow hits without comparison."""
    hit: bool
    """The blow landed (before shields)."""
    attack_total: int
    defence_total: int | None
    neutral: int
    """The striker's neutral die as used (after lowering)."""
    raw_damage: int | None
    """The weapon's damage had it struck home (None on a miss)."""
    damage: int
    """Damage actually dealt: 0 on a miss, through a shield that held, or when the weapon's damage was 0 or less."""
    shield_stopped: bool
    ignore_armour: bool
    wound: WoundResult
    wound_event: WoundEvent | None
    poisons_applied: tuple[Poison, ...]
    pushed: bool = False
    """The striker pushed its enemy (up to 5 cm), which ended the combat (R-MELEE-OPTIONS)."""


class MeleeOptions(Event):
    """What each side may do after the blows (R-MELEE-OPTIONS); the engine applies the geometry."""

    attacker_may_push: bool
    defender_may_push: bool
    attacker_may_step_away: bool
    defender_may_step_away: bool
    push_cm: float = PUSH_CM
    step_away_cm: float = STEP_AWAY_CM


class MeleeEvent(Event):
    """A whole clash (R-TEST-CLASH, R-MELEE)."""

    attacker: str
    defender: str
    attacker_stance: Stance
    defender_stance: Stance
    attacker_dice: tuple[int, int, int]
    defender_dice: tuple[int, int, int]
    lowering_first: Literal["attacker", "defender", "secret"]
    attacker_neutral: int
    defender_neutral: int
    attacker_initiative: int
    defender_initiative: int
    first: First | None
    strikes: tuple[Strike, ...]
    ended_by_push: Side | None
    notes: tuple[SkipValidation[str], ...]
    """Why a side that chose to attack did not strike: Messages (English as str, in JSON), each kept unvalidated so a
    story can show them in the reader's language (issue 40); the notes themselves a tuple, so a log read back (a list)
    serializes without a warning."""
    options: MeleeOptions
    attacker_after: Combatant
    defender_after: Combatant


def _succeeded(strike: Strike) -> bool:
    """R-MELEE-OPTIONS: "si l'attaque est réussie" - it hit, and no shield stopped it."""
    return strike.hit and not strike.shield_stopped


def _strike(
    by: Side,
    striker: Combatant,
    target: Combatant,
    *,
    attack_die: int,
    target_defence_die: int | None,
    neutral: int,
    poison: Poison | None,
    ruleset: Ruleset,
) -> tuple[Strike, Combatant]:
    automatic = target_defence_die is None
    a_total = attack_total(striker, target, attack_die, ruleset)
    d_total = None if target_defence_die is None else defence_total(target, striker, target_defence_die, ruleset)
    hit = d_total is None or beats(a_total, d_total, ruleset.ties)
    raw = strike_damage(striker, target, neutral, ruleset) if hit else None
    pierce = _rules_total("shield_pierce_bonus", striker, target, ruleset)
    stopped = hit and not melee_gets_through(neutral, effective_shield(target, ruleset), pierce)
    no_armour = _ignores_armour(striker, target, ruleset)
    after, wound_event = target, None
    if hit and not stopped:
        assert raw is not None
        after, wound_event = apply_hit(target, raw, ignore_armour=no_armour, poisons=(poison,) if poison else (), ruleset=ruleset)
    strike = Strike(
        by=by,
        striker=striker.name,
        target=target.name,
        automatic=automatic,
        hit=hit,
        attack_total=a_total,
        defence_total=d_total,
        neutral=neutral,
        raw_damage=raw,
        damage=max(0, wound_event.damage) if wound_event else 0,
        shield_stopped=stopped,
        ignore_armour=no_armour,
        wound=wound_event.result if wound_event else "none",
        wound_event=wound_event,
        poisons_applied=wound_event.poisons_applied if wound_event else (),
    )
    return strike, after


def resolve_melee(
    attacker: Combatant,
    defender: Combatant,
    *,
    attacker_dice: DiceLike,
    defender_dice: DiceLike,
    attacker_stance: Stance,
    defender_stance: Stance,
    attacker_neutral: int | None = None,
    defender_neutral: int | None = None,
    attacker_poison: Poison | str | None = None,
    defender_poison: Poison | str | None = None,
    attacker_push: bool = False,
    defender_push: bool = False,
    ruleset: Ruleset = DEFAULT,
) -> MeleeEvent:
    """Resolve a clash from dice read off the table (R-TEST-CLASH, R-MELEE, R-MELEE-OPTIONS, R-SHIELD, RUL-01, RUL-03).

    Parameters
    ----------
    attacker
        The active model (its ``activation_fatigue`` gives its fatigue malus, RUL-05).
    defender
        The model it fights.
    attacker_dice, defender_dice
        :class:`~landsraad.dice.ClashDice` or ``(neutral, attack, defence)``.
    attacker_stance, defender_stance
        ``"attack"`` (keep the attack die) or ``"defend"`` (keep the defence die).
    attacker_neutral, defender_neutral
        The neutral die after lowering (R-NEUTRAL-DOWN); ``None`` keeps the roll. Raising is a :class:`RuleError`.
    attacker_poison, defender_poison
        The poison the side's weapon applies this fight (chosen before the roll; R-POISON).
    attacker_push, defender_push
        Whether the side pushes its enemy when its blow hits at its initiative step; a push ends
        the combat, so a push by the first striker cancels the second blow (R-MELEE-OPTIONS, PRJ-15).

    Examples
    --------
    Melee example 2 with the RUL-04 errata (Combat and Reflexes 0, Endurance 3 assumed):

    >>> from landsraad.model import Weapon
    >>> halberd = Weapon(id="halberd", name="Halberd", combat="+2", damage="12-")
    >>> knife = Weapon(id="knife", name="Knife", damage="6-")
    >>> ev = resolve_melee(Combatant(name="Harkonnen", weapon=halberd), Combatant(name="Civilian", weapon=knife),
    ...                    attacker_dice=(7, 6, 5), defender_dice=(5, 2, 1), attacker_stance="attack",
    ...                    defender_stance="attack", attacker_neutral=1)
    >>> ev.lowering_first, ev.first, [(s.by, s.damage, s.wound) for s in ev.strikes]
    ('defender', 'defender', [('defender', 1, 'scratch'), ('attacker', 11, 'fatal')])
    """
    ad, dd = _clash(attacker_dice, "attacker"), _clash(defender_dice, "defender")
    verify_melee(attacker, defender)
    verify_stance(attacker, attacker_stance)
    verify_stance(defender, defender_stance)
    an = verify_lowered(ad.neutral, attacker_neutral, "attacker")
    dn = verify_lowered(dd.neutral, defender_neutral, "defender")
    a_poison = choose_poison(attacker, attacker_poison) if attacker_stance == "attack" else None
    d_poison = choose_poison(defender, defender_poison) if defender_stance == "attack" else None

    order = lowering_order(initiative_total(attacker, defender, ad.neutral, ruleset), initiative_total(defender, attacker, dd.neutral, ruleset))
    a_init = initiative_total(attacker, defender, an, ruleset)
    d_init = initiative_total(defender, attacker, dn, ruleset)
    first = first_to_act(a_init, d_init, attacker_stance, defender_stance)

    state = {"attacker": attacker, "defender": defender}
    dice = {"attacker": ad, "defender": dd}
    neutral = {"attacker": an, "defender": dn}
    stance = {"attacker": attacker_stance, "defender": defender_stance}
    poison = {"attacker": a_poison, "defender": d_poison}
    push = {"attacker": attacker_push, "defender": defender_push}
    both_attack = attacker_stance == "attack" and defender_stance == "attack"
    strikes: list[Strike] = []
    notes: list[str] = []
    ended_by: Side | None = None

    def blow(side: Side, striker: Combatant, target: Combatant) -> tuple[Strike, Combatant]:
        other = _other(side)
        return _strike(
            side, striker, target,
            attack_die=dice[side].attack,
            target_defence_die=None if both_attack else dice[other].defence,
            neutral=neutral[side],
            poison=poison[side],
            ruleset=ruleset,
        )

    if first == "simultaneous":
        # Both blows land with the states from before the clash; both may die.
        s_a, d_after = blow("attacker", state["attacker"], state["defender"])
        s_d, a_after = blow("defender", state["defender"], state["attacker"])
        strikes += [s_a, s_d]
        state = {"attacker": a_after, "defender": d_after}
    elif first is not None:
        second: Side = _other(first)
        s1, target_after = blow(first, state[first], state[second])
        state[second] = target_after
        if push[first] and _succeeded(s1) and not is_removed(target_after):
            s1 = s1.model_copy(update={"pushed": True})
            ended_by = first
        strikes.append(s1)
        if stance[second] == "attack":
            s_model = state[second]
            if ended_by is not None:
                notes.append(message("{model} does not strike: {other} pushed it away, ending the combat (R-MELEE-OPTIONS).", model=s_model.name,
                                      other=state[first].name))
            elif is_out_of_action(s_model):
                notes.append(message("{model} does not strike: it is out of the fight (R-MELEE).", model=s_model.name))
            elif not may_attack_in_melee(s_model):
                notes.append(message("{model} does not strike: the poison it just suffered lets it only defend (R-POISON, PRJ-11).",
                                      model=s_model.name))
            else:
                s2, first_after = blow(second, s_model, state[first])
                state[first] = first_after
                if push[second] and _succeeded(s2) and not is_removed(first_after):
                    s2 = s2.model_copy(update={"pushed": True})
                    ended_by = second
                strikes.append(s2)

    def may_push(side: Side) -> bool:
        return any(s.by == side and _succeeded(s) for s in strikes) and not is_removed(state[_other(side)]) and not is_out_of_action(state[side])

    def may_step(side: Side) -> bool:
        return stance[side] == "defend" and may_move(state[side])

    options = MeleeOptions(
        attacker_may_push=ended_by is None and may_push("attacker"),
        defender_may_push=ended_by is None and may_push("defender"),
        attacker_may_step_away=ended_by is None and may_step("attacker"),
        defender_may_step_away=ended_by is None and may_step("defender"),
    )
    return MeleeEvent(
        attacker=attacker.name,
        defender=defender.name,
        attacker_stance=attacker_stance,
        defender_stance=defender_stance,
        attacker_dice=(ad.neutral, ad.attack, ad.defence),
        defender_dice=(dd.neutral, dd.attack, dd.defence),
        lowering_first=order,
        attacker_neutral=an,
        defender_neutral=dn,
        attacker_initiative=a_init,
        defender_initiative=d_init,
        first=first,
        strikes=tuple(strikes),
        ended_by_push=ended_by,
        notes=tuple(notes),
        options=options,
        attacker_after=state["attacker"],
        defender_after=state["defender"],
    )


StanceChoice = Union[Stance, Callable[[ClashDice], Stance]]
Lowering = Callable[[ClashDice, ClashDice], Union[int, None]]


def roll_melee(
    attacker: Combatant,
    defender: Combatant,
    *,
    rng: np.random.Generator,
    attacker_stance: StanceChoice,
    defender_stance: StanceChoice,
    attacker_lowering: Lowering | None = None,
    defender_lowering: Lowering | None = None,
    attacker_poison: Poison | str | None = None,
    defender_poison: Poison | str | None = None,
    attacker_push: bool = False,
    defender_push: bool = False,
    ruleset: Ruleset = DEFAULT,
) -> MeleeEvent:
    """Roll a clash (the attacker's neutral, attack, defence dice, then the defender's) and resolve it.

    A stance may be a function of the side's own dice (chosen in secret); a lowering policy is a
    function ``(own dice, enemy dice) -> lowered neutral or None``, called after the reveal.

    Examples
    --------
    >>> from landsraad.model import Weapon
    >>> h = Weapon(id="halberd", name="Halberd", combat="+2", damage="15-")
    >>> run = lambda seed: roll_melee(Combatant(weapon=h), Combatant(weapon=h), rng=np.random.default_rng(seed),
    ...                               attacker_stance="attack", defender_stance=lambda d: "attack" if d.attack > d.defence else "defend")
    >>> run(7) == run(7)
    True
    """
    ad, dd = roll_clash(rng), roll_clash(rng)
    a_st = attacker_stance(ad) if callable(attacker_stance) else attacker_stance
    d_st = defender_stance(dd) if callable(defender_stance) else defender_stance
    return resolve_melee(
        attacker, defender, attacker_dice=ad, defender_dice=dd, attacker_stance=a_st, defender_stance=d_st,
        attacker_neutral=attacker_lowering(ad, dd) if attacker_lowering else None,
        defender_neutral=defender_lowering(dd, ad) if defender_lowering else None,
        attacker_poison=attacker_poison, defender_poison=defender_poison,
        attacker_push=attacker_push, defender_push=defender_push, ruleset=ruleset,
    )
