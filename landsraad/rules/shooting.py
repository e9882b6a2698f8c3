"""Shooting: range bands, cover, hits, dodges, damage, shields, lasers, templates (rulebook 2.5).

Rules
-----
- R-SHOOT: the shooter adds its Combat and its weapon's range modifier to its attack die; the
  target adds only cover (+2 small, +4 large) to its defence die. Strictly higher hits
  (RUL-01, option ``ties``). The neutral die is never lowered when shooting. Damage = neutral
  die + weapon damage (R-WEAPON), burn = the bracketed value (R-BURN).
- Range bands (R-SHOOT, shooting example 1): within the weapon's range (distance <= range) the
  weapon's Combat bonus applies; each further band of the weapon's range is a further -1:
  band = ceil(distance / range) - 1, modifier = weapon Combat - band.
- RUL-09: a target that is not hit may move up to its neutral die + Reflexes cm (at least 0);
  the engine does the geometry (against a template it escapes only if that move takes its
  base out). A paralysed target cannot move (0 cm).
- R-SHIELD: a ranged hit never damages a model with a working shield (``shield_stopped``).
- R-LASER: never at a shielded model (:func:`verify_target`); burn mode = ``(N)``; explosive
  mode = neutral + N // 3, blast template, ignores armour (R-ARMOUR).
- R-ARMOUR, RUL-16: armour counts against burn; explosive effects ignore it.
- R-TEMPLATE, RUL-19: one attack roll, every model under the template rolls its own dodge.
- RUL-08: the target is the nearest legal one (:func:`nearest_targets`); templates and
  markers are exempt. R-SHOOT-MARKER: an immobile marker rolls one die with no modifier.

Dice order of the ``roll_`` variants: the shooter's neutral then attack die, then each target's
neutral then defence die (or the marker's single die).

Examples
--------
>>> from landsraad.model import Weapon
>>> pistol = Weapon(id="pistol", name="Pistol", range=10, combat="+1", damage="+1")
>>> [range_modifier(pistol, d) for d in (5, 10, 15, 20, 25, 35)]
[1, 1, 0, 0, -1, -2]
>>> soldier = Combatant(name="Soldier", combat=1, weapon=pistol)
>>> ev = resolve_shot(soldier, Combatant(name="Target", endurance=3), distance_cm=35, shooter_dice=(8, 7), target_dice=(4, 3))
>>> ev.attack_total, ev.defence_total, ev.hit, ev.damage, ev.wound
(6, 3, True, 9, 'fatal')
"""

from __future__ import annotations

import math
from typing import Literal, Sequence

import numpy as np

from ..dice import beats, check_die, roll_d10
from ..errors import RuleError, quoted
from ..geometry.bands import range_band as measure_range_band
from ..i18n import message, numeral
from ..model import Poison, Weapon
from ..ruleset import DEFAULT, Ruleset
from ..specials import SPECIAL_RULES
from .poisons import choose_poison
from .roles import check_role_die, subject
from .shields import ranged_gets_through
from .state import (
    Combatant,
    Event,
    WoundResult,
    active_rules,
    effective_combat,
    effective_reflexes,
    effective_shield,
    hook_context,
    is_out_of_action,
    is_removed,
    may_move,
    may_shoot,
)
from .wounds import WoundEvent, apply_hit

__all__ = [
    "Cover",
    "COVER_BONUS",
    "LaserMode",
    "shot_cover",
    "range_band",
    "range_modifier",
    "shot_damage",
    "ignores_armour",
    "dodge_distance",
    "verify_shooter",
    "can_shoot",
    "verify_target",
    "can_target",
    "nearest_targets",
    "ShotEvent",
    "resolve_shot",
    "roll_shot",
    "TemplateShotEvent",
    "TemplateTarget",
    "resolve_template_shot",
    "laser_blast_problem",
    "roll_template_shot",
    "MarkerShotEvent",
    "resolve_marker_shot",
    "roll_marker_shot",
]

Cover = Literal["none", "small", "large"]
COVER_BONUS: dict[str, int] = {"none": 0, "small": 2, "large": 4}
"""R-COVER: what cover adds to the target's defence die."""

LaserMode = Literal["burn", "explosive"]

_COVERS: dict[str, Cover] = {"none": "none", "small": "small", "large": "large"}


def shot_cover(cover_class: str) -> Cover:
    """The cover a shot is taken through, from a sight answer's class (R-COVER, R-LOS).

    Parameters
    ----------
    cover_class
        ``none``, ``small`` or ``large``; a sight answer may also say ``no_line_of_sight``.

    Returns
    -------
    Cover
        The same class, as the shot's kernel takes it.

    Raises
    ------
    RuleError
        With no line of sight there is no shot to take (R-LOS).

    Examples
    --------
    >>> shot_cover("small")
    'small'
    >>> shot_cover("no_line_of_sight")
    Traceback (most recent call last):
    ...
    landsraad.errors.RuleError: There is no shot without a line of sight (R-LOS); the sight answer was 'no_line_of_sight'.
    """
    try:
        return _COVERS[cover_class]
    except KeyError:
        raise RuleError(message("There is no shot without a line of sight (R-LOS); the sight answer was {cover_class}.", cover_class=quoted(cover_class))) from None

TemplateTarget = tuple[Combatant, Sequence[int]] | tuple[Combatant, Sequence[int], Cover]
"""One model under a template with its ``(neutral, defence)`` dice, and its cover as a third item when it has some."""



def range_band(distance_cm: float, range_cm: float | None) -> int:
    """The range band of a weapon's shot: :func:`landsraad.geometry.bands.range_band`, the one
    implementation (R-SHOOT, PRJ-30), for a weapon that may have no range.

    The distance counts as reported to 0.1 cm (RUL-07): 10.04 cm reads 10.0 and is within a
    10 cm range, 10.05 reads 10.1 and is one band out. The boundaries belong to the lower
    band. A weapon without a range (a direct-fire template) has no bands.

    Examples
    --------
    >>> [range_band(d, 10) for d in (0, 10, 10.04, 10.05, 20, 20.1, 30, 35, 40, 40.5)]
    [0, 0, 0, 1, 1, 2, 2, 3, 3, 4]
    >>> range_band(99, None)
    0
    >>> range_band(-1, 10)
    Traceback (most recent call last):
    ...
    landsraad.errors.RuleError: A distance must be a finite number of cm, 0 or more; got -1.
    """
    if distance_cm < 0 or not math.isfinite(distance_cm):
        raise RuleError(message("A distance must be a finite number of cm, 0 or more; got {distance_cm}.", distance_cm=numeral(distance_cm)))
    if range_cm is None:
        return 0
    return measure_range_band(distance_cm, range_cm)


def range_modifier(weapon: Weapon, distance_cm: float) -> int:
    """The weapon's Combat bonus minus its range band (R-SHOOT).

    Examples
    --------
    >>> lance = Weapon(id="lance", name="Sardaukar lance", range=15, combat="+1", damage="+2")
    >>> range_modifier(lance, 15), range_modifier(lance, 16), range_modifier(lance, 31)
    (1, 0, -1)
    """
    return weapon.combat - range_band(distance_cm, weapon.range_cm)


def _laser_mode(weapon: Weapon, laser_mode: str) -> str:
    if laser_mode not in ("burn", "explosive"):
        raise RuleError(message("The laser mode must be 'burn' or 'explosive'; got {laser_mode} (R-LASER).", laser_mode=repr(laser_mode)))
    if laser_mode == "explosive" and not weapon.laser:
        raise RuleError(message("Only a laser may choose the explosive mode; {weapon} is not a laser (R-LASER).", weapon=repr(weapon.name)))
    return laser_mode


def shot_damage(weapon: Weapon, neutral: int, laser_mode: LaserMode = "burn") -> int:
    """Damage of a shot that hits, before armour and shields (R-SHOOT, R-BURN, R-LASER).

    A laser in explosive mode adds its bracketed value divided by 3, rounded down, to the
    neutral die.

    Examples
    --------
    >>> laser = Weapon(id="laser", name="Laser", range=15, combat="-2", damage="(12)", laser=True)
    >>> shot_damage(laser, 7), shot_damage(laser, 7, "explosive")
    (12, 11)
    """
    dmg = weapon.ranged_damage
    if dmg is None:
        raise RuleError(message("The weapon {weapon} cannot shoot (it has no range and no template).", weapon=repr(weapon.name)))
    if _laser_mode(weapon, laser_mode) == "explosive":
        return neutral + dmg.value // 3
    return dmg.amount(neutral)


def ignores_armour(shooter: Combatant, laser_mode: LaserMode = "burn", ruleset: Ruleset = DEFAULT) -> bool:
    """Whether the shot's effects ignore armour: explosive weapons, a laser in explosive mode, or an ``ignores_armour`` hook (R-ARMOUR, RUL-16).

    Examples
    --------
    >>> laser = Weapon(id="laser", name="Laser", range=15, damage="(12)", laser=True)
    >>> ignores_armour(Combatant(weapon=laser)), ignores_armour(Combatant(weapon=laser), "explosive")
    (False, True)
    """
    w = shooter.weapon
    if w is None:
        return False
    if w.explosive or (w.laser and laser_mode == "explosive"):
        return True
    names = active_rules(shooter)
    # the context is built only when some rule has the hook (no other rule is asked)
    return SPECIAL_RULES.hooked("ignores_armour", names) and SPECIAL_RULES.any("ignores_armour", names, hook_context(shooter, action="shoot", ruleset=ruleset))


def dodge_distance(target: Combatant, neutral: int, ruleset: Ruleset = DEFAULT) -> float:
    """How far a target that was not hit may move: neutral + Reflexes cm, at least 0 (RUL-09).

    The ``dodge_bonus`` hook adds cm; a model that cannot move (paralysed) dodges 0 cm.

    Examples
    --------
    >>> dodge_distance(Combatant(reflexes=0), 4), dodge_distance(Combatant(reflexes=-6), 4), dodge_distance(Combatant(reflexes=2), 4)
    (4.0, 0.0, 6.0)
    """
    if not may_move(target):
        return 0.0
    names = active_rules(target)
    bonus = SPECIAL_RULES.total("dodge_bonus", names, hook_context(target, action="dodge", ruleset=ruleset)) if names else 0
    return float(max(0, neutral + effective_reflexes(target, ruleset) + bonus))


# --- check / query ---------------------------------------------------------------------------


def verify_shooter(shooter: Combatant, *, in_contact: bool = False) -> None:
    """Raise :class:`RuleError` unless ``shooter`` may take a shooting action (R-SHOOT, R-POISON).

    Examples
    --------
    >>> verify_shooter(Combatant(name="Scout"))
    Traceback (most recent call last):
    ...
    landsraad.errors.RuleError: Scout has no ranged weapon to shoot with (R-SHOOT).
    """
    if is_out_of_action(shooter):
        raise RuleError(message("{shooter} suffers a fatal wound's effects and cannot shoot (R-WOUND).", shooter=shooter.name))
    if not may_shoot(shooter):
        if any(p.kind == "blinding" for p in shooter.poisons):
            raise RuleError(message("{shooter} is blinded and cannot shoot (R-POISON).", shooter=shooter.name))
        raise RuleError(message("{shooter} suffers an Irritant poison and cannot shoot (R-POISON).", shooter=shooter.name))
    if shooter.weapon is None or not shooter.weapon.is_ranged:
        raise RuleError(message("{shooter} has no ranged weapon to shoot with (R-SHOOT).", shooter=shooter.name))
    if in_contact:
        raise RuleError(message("{shooter} is in contact with an enemy and cannot shoot (R-SHOOT).", shooter=shooter.name))


def can_shoot(shooter: Combatant, *, in_contact: bool = False) -> bool:
    """Whether :func:`verify_shooter` passes.

    Examples
    --------
    >>> can_shoot(Combatant(weapon=Weapon(id="p", name="P", range=10, damage="+1")))
    True
    """
    try:
        verify_shooter(shooter, in_contact=in_contact)
    except RuleError:
        return False
    return True


def verify_target(shooter: Combatant, target: Combatant, *, laser_mode: LaserMode = "burn", ruleset: Ruleset = DEFAULT) -> None:
    """Raise :class:`RuleError` unless ``shooter`` may shoot at ``target`` (R-SHOOT, R-LASER, R-POISON, RUL-08).

    Line of sight and being the nearest are the engine's (geometry); this checks the states
    and the weapon: a laser never targets a model with a working shield.

    Examples
    --------
    >>> laser = Weapon(id="laser", name="Laser", range=15, combat="-2", damage="(12)", laser=True)
    >>> verify_target(Combatant(name="Trooper", weapon=laser), Combatant(name="Duke", shield="full"))
    Traceback (most recent call last):
    ...
    landsraad.errors.RuleError: Trooper cannot shoot its laser at Duke: a laser never targets a model with a working shield (R-LASER).
    """
    verify_shooter(shooter)
    assert shooter.weapon is not None
    _laser_mode(shooter.weapon, laser_mode)
    if is_removed(target):
        raise RuleError(message("{target} has been removed from play and cannot be shot at (R-WOUND).", target=target.name))
    if shooter.weapon.laser and effective_shield(target, ruleset) != "none":
        raise RuleError(message(
            "{shooter} cannot shoot its laser at {target}: a laser never targets a model with a working shield (R-LASER).",
            shooter=shooter.name, target=target.name))


def can_target(shooter: Combatant, target: Combatant, *, laser_mode: LaserMode = "burn", ruleset: Ruleset = DEFAULT) -> bool:
    """Whether :func:`verify_target` passes.

    Examples
    --------
    >>> laser = Weapon(id="laser", name="Laser", range=15, combat="-2", damage="(12)", laser=True)
    >>> can_target(Combatant(weapon=laser), Combatant(shield="half")), can_target(Combatant(weapon=laser), Combatant(shield="half", shield_disabled=True))
    (False, True)
    """
    try:
        verify_target(shooter, target, laser_mode=laser_mode, ruleset=ruleset)
    except RuleError:
        return False
    return True


def nearest_targets(
    shooter: Combatant,
    candidates: Sequence[tuple[Combatant, float]],
    *,
    laser_mode: LaserMode = "burn",
    ruleset: Ruleset = DEFAULT,
) -> tuple[int, ...]:
    """Indices of the nearest legal targets among ``(enemy in line of sight, distance_cm)`` (RUL-08).

    Models the weapon may not target (a laser and a shield) are skipped. Distances are compared
    to 0.1 cm (RUL-07); several indices mean a tie: the shooter chooses.

    Examples
    --------
    >>> laser = Weapon(id="laser", name="Laser", range=15, combat="-2", damage="(12)", laser=True)
    >>> nearest_targets(Combatant(weapon=laser), [(Combatant(shield="full"), 5.0), (Combatant(), 12.04), (Combatant(), 12.0)])
    (1, 2)
    """
    legal = [(i, round(d, 1)) for i, (t, d) in enumerate(candidates) if can_target(shooter, t, laser_mode=laser_mode, ruleset=ruleset)]
    if not legal:
        return ()
    best = min(d for _, d in legal)
    return tuple(i for i, d in legal if d == best)


# --- resolution ------------------------------------------------------------------------------


class ShotEvent(Event):
    """One shot against one model (R-SHOOT)."""

    shooter: str
    target: str
    weapon: str
    distance_cm: float
    cover: Cover
    laser_mode: LaserMode
    template: bool
    shooter_dice: tuple[int, int]
    """(neutral, attack)."""
    target_dice: tuple[int, int]
    """(neutral, defence)."""
    range_band: int
    range_modifier: int
    attack_total: int
    defence_total: int
    hit: bool
    """The attack roll beat the defence roll (before shields)."""
    caught: bool
    """Template only: the target was not hit by the roll but did not dodge out of the template."""
    shield_stopped: bool
    raw_damage: int | None
    """The weapon's damage had the shot struck home (None on a clean miss)."""
    damage: int
    """Damage actually dealt: 0 on a miss or when a shield stopped it."""
    ignore_armour: bool
    wound: WoundResult
    wound_event: WoundEvent | None
    dodge_cm: float
    """How far the target may move (RUL-09); 0 when hit."""
    poisons_applied: tuple[Poison, ...]
    target_after: Combatant


def _attack(shooter: Combatant, target: Combatant | None, distance_cm: float, shooter_dice: tuple[int, int], ruleset: Ruleset) -> tuple[int, int, int]:
    """(range band, range modifier, attack total) of a shot."""
    assert shooter.weapon is not None
    band = range_band(distance_cm, shooter.weapon.range_cm)
    modifier = shooter.weapon.combat - band
    names = active_rules(shooter)
    # priced for every shot the planners weigh: the context (the target's shield too) only when a rule has the hook
    bonus = (SPECIAL_RULES.total("shoot_combat_bonus", names, hook_context(shooter, action="shoot", target=target, distance_cm=distance_cm, ruleset=ruleset))
             if SPECIAL_RULES.hooked("shoot_combat_bonus", names) else 0)
    return band, modifier, shooter_dice[1] + effective_combat(shooter, ruleset) + modifier + bonus


def _dice2(dice: Sequence[int], who: Literal["shooter", "target"], name: str | None = None) -> tuple[int, int]:
    """A side's two dice: the shooter's neutral and attack dice, or its target's (``name``: one of a template's) neutral
    and defence dice (R-SHOOT)."""
    if len(dice) != 2:
        if who == "shooter":
            raise RuleError(message("{who} rolls two dice (neutral, attack); got {dice}.", who=subject(who, name), dice=repr(tuple(dice))))
        raise RuleError(message("{who} rolls two dice (neutral, defence); got {dice}.", who=subject(who, name), dice=repr(tuple(dice))))
    return (check_role_die(dice[0], who, "neutral", name), check_role_die(dice[1], who, "attack" if who == "shooter" else "defence", name))


def _against(
    shooter: Combatant,
    target: Combatant,
    *,
    distance_cm: float,
    cover: Cover,
    shooter_dice: tuple[int, int],
    target_dice: tuple[int, int],
    laser_mode: LaserMode,
    template: bool,
    escaped: bool,
    poison: Poison | None,
    ruleset: Ruleset,
) -> ShotEvent:
    assert shooter.weapon is not None
    if cover not in COVER_BONUS:
        raise RuleError(message("Cover must be 'none', 'small' or 'large'; got {cover} (R-COVER).", cover=repr(cover)))
    band, modifier, attack_total = _attack(shooter, target, distance_cm, shooter_dice, ruleset)
    defence_total = target_dice[1] + COVER_BONUS[cover]
    hit = beats(attack_total, defence_total, ruleset.ties)
    caught = template and not hit and not escaped
    dodge_cm = 0.0 if hit else dodge_distance(target, target_dice[0], ruleset)
    struck = hit or caught
    raw = shot_damage(shooter.weapon, shooter_dice[0], laser_mode) if struck else None
    stopped = struck and not ranged_gets_through(effective_shield(target, ruleset))
    no_armour = ignores_armour(shooter, laser_mode, ruleset)
    after, wound_event = target, None
    if struck and not stopped:
        assert raw is not None
        after, wound_event = apply_hit(target, raw, ignore_armour=no_armour, poisons=(poison,) if poison else (), ruleset=ruleset)
    return ShotEvent(
        shooter=shooter.name,
        target=target.name,
        weapon=shooter.weapon.name,
        distance_cm=distance_cm,
        cover=cover,
        laser_mode=laser_mode,
        template=template,
        shooter_dice=shooter_dice,
        target_dice=target_dice,
        range_band=band,
        range_modifier=modifier,
        attack_total=attack_total,
        defence_total=defence_total,
        hit=hit,
        caught=caught,
        shield_stopped=stopped,
        raw_damage=raw,
        damage=max(0, wound_event.damage) if wound_event else 0,
        ignore_armour=no_armour,
        wound=wound_event.result if wound_event else "none",
        wound_event=wound_event,
        dodge_cm=dodge_cm,
        poisons_applied=wound_event.poisons_applied if wound_event else (),
        target_after=after,
    )


def _is_template(weapon: Weapon, laser_mode: str) -> bool:
    return weapon.template is not None or (weapon.laser and laser_mode == "explosive")


def resolve_shot(
    shooter: Combatant,
    target: Combatant,
    *,
    distance_cm: float,
    cover: Cover = "none",
    shooter_dice: Sequence[int],
    target_dice: Sequence[int],
    laser_mode: LaserMode = "burn",
    poison: Poison | str | None = None,
    escaped: bool = True,
    ruleset: Ruleset = DEFAULT,
) -> ShotEvent:
    """Resolve one shot from dice read off the table (R-SHOOT, R-COVER, R-SHIELD, R-LASER, RUL-01, RUL-09).

    Parameters
    ----------
    shooter, target
        The models; the shooter's ``weapon`` is the one it shoots with.
    distance_cm
        Base to base (R-MEASURE); to the aimed point for a blast template.
    cover
        ``"none"``, ``"small"`` (+2) or ``"large"`` (+4) on the target's defence die.
    shooter_dice, target_dice
        ``(neutral, attack)`` and ``(neutral, defence)``; the neutral die is never lowered.
    laser_mode
        ``"burn"`` or ``"explosive"`` (lasers only).
    poison
        The poison the weapon applies, if it may apply several (see :func:`~landsraad.rules.poisons.choose_poison`).
    escaped
        Template weapons only: whether a target that was not hit got out of the template (the
        engine's geometry; RUL-09). Ignored for other weapons.

    Examples
    --------
    >>> lance = Weapon(id="lance", name="Sardaukar lance", range=15, combat="+1", damage="+2")
    >>> ev = resolve_shot(Combatant(combat=2, weapon=lance), Combatant(), distance_cm=16, cover="large", shooter_dice=(10, 3), target_dice=(4, 3))
    >>> ev.attack_total, ev.defence_total, ev.hit, ev.dodge_cm
    (5, 7, False, 4.0)
    >>> shielded = resolve_shot(Combatant(combat=2, weapon=lance), Combatant(shield="half"), distance_cm=5, shooter_dice=(10, 9), target_dice=(1, 1))
    >>> shielded.hit, shielded.shield_stopped, shielded.damage, shielded.wound
    (True, True, 0, 'none')
    """
    verify_target(shooter, target, laser_mode=laser_mode, ruleset=ruleset)
    sd = _dice2(shooter_dice, "shooter")
    td = _dice2(target_dice, "target")
    assert shooter.weapon is not None
    return _against(
        shooter, target, distance_cm=distance_cm, cover=cover, shooter_dice=sd, target_dice=td, laser_mode=laser_mode,
        template=_is_template(shooter.weapon, laser_mode), escaped=escaped, poison=choose_poison(shooter, poison), ruleset=ruleset,
    )


def roll_shot(
    shooter: Combatant,
    target: Combatant,
    *,
    distance_cm: float,
    rng: np.random.Generator,
    cover: Cover = "none",
    laser_mode: LaserMode = "burn",
    poison: Poison | str | None = None,
    ruleset: Ruleset = DEFAULT,
) -> ShotEvent:
    """Roll a shot (shooter neutral, attack; target neutral, defence) and resolve it with :func:`resolve_shot`.

    Examples
    --------
    >>> pistol = Weapon(id="pistol", name="Pistol", range=10, combat="+1", damage="+1")
    >>> a = roll_shot(Combatant(weapon=pistol), Combatant(), distance_cm=12, rng=np.random.default_rng(3))
    >>> b = roll_shot(Combatant(weapon=pistol), Combatant(), distance_cm=12, rng=np.random.default_rng(3))
    >>> a == b
    True
    """
    sn, sa, tn, td = roll_d10(rng, 4)
    return resolve_shot(shooter, target, distance_cm=distance_cm, cover=cover, shooter_dice=(sn, sa), target_dice=(tn, td),
                        laser_mode=laser_mode, poison=poison, ruleset=ruleset)


class TemplateShotEvent(Event):
    """A template shot: one attack roll, one dodge roll per model under the template (R-TEMPLATE)."""

    shooter: str
    weapon: str
    laser_mode: LaserMode
    distance_cm: float
    shooter_dice: tuple[int, int]
    attack_total: int
    results: tuple[ShotEvent, ...]


def laser_blast_problem(shooter: Combatant, covered: Sequence[Combatant], *, laser_mode: LaserMode = "burn",
                        ruleset: Ruleset = DEFAULT) -> str | None:
    """Why a laser's blast may not cover these models, or ``None`` (R-LASER, PRJ-12).

    A model under a template is "ciblée" (2.7), and "une figurine portant un bouclier ne peut jamais
    être la cible d'un tir de laser": a laser in explosive mode may not be aimed so that its
    blast covers a model with a working shield. The one statement of the rule: the kernel
    refuses such a shot with this sentence, and the engine refuses such an aim with it.

    Examples
    --------
    >>> laser = Weapon(id="laser", name="Laser", range=15, damage="(12)", laser=True)
    >>> laser_blast_problem(Combatant(weapon=laser), [Combatant(name="Duke", shield="full")], laser_mode="explosive")
    "A laser's blast may not cover Duke, who has a working shield (R-LASER, PRJ-12)."
    >>> laser_blast_problem(Combatant(weapon=laser), [Combatant(name="Naib")], laser_mode="explosive") is None
    True
    """
    if shooter.weapon is None or not shooter.weapon.laser:
        return None
    for model in covered:
        if effective_shield(model, ruleset) != "none":
            return message("A laser's blast may not cover {model}, who has a working shield (R-LASER, PRJ-12).", model=model.name)
    return None


def resolve_template_shot(
    shooter: Combatant,
    targets: Sequence[TemplateTarget],
    *,
    distance_cm: float,
    shooter_dice: Sequence[int],
    laser_mode: LaserMode = "burn",
    escaped: Sequence[bool] | None = None,
    poison: Poison | str | None = None,
    ruleset: Ruleset = DEFAULT,
) -> TemplateShotEvent:
    """Resolve a template shot (R-TEMPLATE, RUL-19, R-LASER explosive mode).

    ``targets`` are ``(model, (neutral, defence))`` or ``(model, (neutral, defence), cover)``
    for every model under the template. A model not hit may dodge ``dodge_cm``; it escapes
    only if that takes it out of the template, which the engine decides and passes back as
    ``escaped`` (one flag per target; default: every dodging model escapes). Call again with
    the flags: the function is pure. PRJ-12: a laser's blast may not cover a model with a
    working shield (such a model would be the target of a laser shot).

    Examples
    --------
    >>> flamer = Weapon(id="flamer", name="Flamethrower", combat="-2", damage="(9)", template="direct 20")
    >>> a, b = Combatant(name="A", endurance=4), Combatant(name="B", endurance=4, reflexes=1)
    >>> ev = resolve_template_shot(Combatant(combat=1, weapon=flamer), [(a, (5, 2)), (b, (6, 9))], distance_cm=0, shooter_dice=(7, 8))
    >>> [(r.target, r.hit, r.wound, r.dodge_cm) for r in ev.results]
    [('A', True, 'grave', 0.0), ('B', False, 'none', 7.0)]
    >>> caught = resolve_template_shot(Combatant(combat=1, weapon=flamer), [(a, (5, 2)), (b, (6, 9))], distance_cm=0, shooter_dice=(7, 8), escaped=[True, False])
    >>> caught.results[1].caught, caught.results[1].wound
    (True, 'grave')
    """
    verify_shooter(shooter)
    assert shooter.weapon is not None
    _laser_mode(shooter.weapon, laser_mode)
    if not _is_template(shooter.weapon, laser_mode):
        raise RuleError(message("{weapon} is not a template weapon; use resolve_shot (R-TEMPLATE).", weapon=repr(shooter.weapon.name)))
    if escaped is not None and len(escaped) != len(targets):
        raise RuleError(message("Give one 'escaped' flag per target: {n_targets} target(s), {n_escaped} flag(s).", n_targets=len(targets), n_escaped=len(escaped)))
    problem = laser_blast_problem(shooter, [entry[0] for entry in targets], laser_mode=laser_mode, ruleset=ruleset)
    if problem:
        raise RuleError(problem)
    sd = _dice2(shooter_dice, "shooter")
    chosen = choose_poison(shooter, poison)
    results = []
    for i, entry in enumerate(targets):
        if len(entry) not in (2, 3):
            raise RuleError(message("Each template target is (model, (neutral, defence)) or (model, (neutral, defence), cover)."))
        model, dice = entry[0], entry[1]
        cover = entry[2] if len(entry) == 3 else "none"
        results.append(_against(
            shooter, model, distance_cm=distance_cm, cover=cover, shooter_dice=sd, target_dice=_dice2(dice, "target", model.name),
            laser_mode=laser_mode, template=True, escaped=True if escaped is None else bool(escaped[i]), poison=chosen, ruleset=ruleset,
        ))
    attack_total = _attack(shooter, None, distance_cm, sd, ruleset)[2]
    return TemplateShotEvent(shooter=shooter.name, weapon=shooter.weapon.name, laser_mode=laser_mode, distance_cm=distance_cm,
                             shooter_dice=sd, attack_total=attack_total, results=tuple(results))


def roll_template_shot(
    shooter: Combatant,
    targets: Sequence[Combatant | tuple[Combatant, Cover]],
    *,
    distance_cm: float,
    rng: np.random.Generator,
    laser_mode: LaserMode = "burn",
    escaped: Sequence[bool] | None = None,
    poison: Poison | str | None = None,
    ruleset: Ruleset = DEFAULT,
) -> TemplateShotEvent:
    """Roll a template shot: the shooter's neutral and attack dice, then each target's neutral and defence dice.

    ``targets`` are models or ``(model, cover)`` pairs.

    Examples
    --------
    >>> flamer = Weapon(id="flamer", name="Flamethrower", combat="-2", damage="(9)", template="direct 20")
    >>> ev = roll_template_shot(Combatant(weapon=flamer), [Combatant(), Combatant()], distance_cm=0, rng=np.random.default_rng(0))
    >>> len(ev.results)
    2
    """
    sn, sa = roll_d10(rng, 2)
    entries = []
    for t in targets:
        model, cover = (t[0], t[1]) if isinstance(t, tuple) else (t, "none")
        entries.append((model, roll_d10(rng, 2), cover))
    return resolve_template_shot(shooter, entries, distance_cm=distance_cm, shooter_dice=(sn, sa), laser_mode=laser_mode,
                                 escaped=escaped, poison=poison, ruleset=ruleset)


class MarkerShotEvent(Event):
    """A shot at an immobile objective marker (R-SHOOT-MARKER, R-EXPLOSIVE)."""

    shooter: str
    weapon: str
    distance_cm: float
    shooter_dice: tuple[int, int]
    marker_die: int
    range_band: int
    range_modifier: int
    attack_total: int
    hit: bool
    explosive: bool
    """Whether the shot has explosive effects: only those can damage some markers and terrain (R-EXPLOSIVE)."""


def resolve_marker_shot(
    shooter: Combatant,
    *,
    distance_cm: float,
    shooter_dice: Sequence[int],
    marker_die: int,
    laser_mode: LaserMode = "burn",
    ruleset: Ruleset = DEFAULT,
) -> MarkerShotEvent:
    """Resolve a shot at an objective marker: it rolls one die with no modifier (R-SHOOT-MARKER).

    What a hit does to the marker is the mission's; ``explosive`` says whether it can damage one.

    Examples
    --------
    >>> pistol = Weapon(id="pistol", name="Pistol", range=10, combat="+1", damage="+1")
    >>> ev = resolve_marker_shot(Combatant(combat=1, weapon=pistol), distance_cm=8, shooter_dice=(3, 5), marker_die=7)
    >>> ev.attack_total, ev.hit, ev.explosive
    (7, False, False)
    """
    verify_shooter(shooter)
    assert shooter.weapon is not None
    _laser_mode(shooter.weapon, laser_mode)
    sd = _dice2(shooter_dice, "shooter")
    die = check_die(marker_die, message("marker's die"))
    band, modifier, total = _attack(shooter, None, distance_cm, sd, ruleset)
    return MarkerShotEvent(
        shooter=shooter.name, weapon=shooter.weapon.name, distance_cm=distance_cm, shooter_dice=sd, marker_die=die,
        range_band=band, range_modifier=modifier, attack_total=total, hit=beats(total, die, ruleset.ties),
        explosive=ignores_armour(shooter, laser_mode, ruleset) and (shooter.weapon.explosive or laser_mode == "explosive"),
    )


def roll_marker_shot(
    shooter: Combatant,
    *,
    distance_cm: float,
    rng: np.random.Generator,
    laser_mode: LaserMode = "burn",
    ruleset: Ruleset = DEFAULT,
) -> MarkerShotEvent:
    """Roll a marker shot: the shooter's neutral and attack dice, then the marker's die.

    Examples
    --------
    >>> pistol = Weapon(id="pistol", name="Pistol", range=10, combat="+1", damage="+1")
    >>> roll_marker_shot(Combatant(weapon=pistol), distance_cm=5, rng=np.random.default_rng(0)).shooter_dice
    (9, 7)
    """
    sn, sa, m = roll_d10(rng, 3)
    return resolve_marker_shot(shooter, distance_cm=distance_cm, shooter_dice=(sn, sa), marker_die=m, laser_mode=laser_mode, ruleset=ruleset)
