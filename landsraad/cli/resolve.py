"""Resolution commands: ``resolve melee``, ``resolve shoot`` and ``resolve disengage``.

Settle one roll at the table: type the models (inline stats or a ``FACTION/TYPE[:WEAPON]``
profile, parsed by :mod:`landsraad.cli.stats`), their weapons and the dice as they fell, and
read the story of what happened (default) or one JSON object (``--json``; the event record
of :mod:`landsraad.rules`, with ``first`` and ``strikes`` for melee; ``hit``, the totals,
``damage``, ``wound``, ``dodge_cm`` and ``shield_stopped`` for a shot; ``success``,
``margin_cm`` and the damage for a disengage).

Dice are written ``N,A,D`` (neutral, attack, defence) for melee, ``N,A`` / ``N,D`` for a shot
and ``N,C`` (neutral, coloured) to disengage. A lowered neutral die above the one rolled, a
laser aimed at a shielded model, a blinded model choosing to attack... are bad arguments:
one line on standard error, exit status 2, never a traceback.

Examples
--------
>>> from landsraad.cli import main
>>> main(["resolve", "shoot", "--attacker", "combat=1", "--weapon", "range=10,combat=+1,damage=+1",
...       "--target", "endurance=3", "--distance", "35", "--attacker-dice", "8,7", "--target-dice", "4,3"])
Shot: Attacker shoots Target at 35 cm (weapon range 10 cm: 3 bands beyond range (band 3, -3), modifier -2), no cover.
Attack: die 7 + Combat 1 + weapon and range -2 = 6; defence: die 3 + cover 0 = 3.
Hit. Damage: neutral 8 + 1 = 9 -> fatal wound (compared with 3): Target is removed from play.
0
"""

from __future__ import annotations

import argparse
import json
from functools import lru_cache
from typing import Any

from ..content import load_factions
from ..dice import parse_dice
from ..errors import DataError, RuleError, UsageError, carried_message
from ..i18n import N_, SOURCE_LANGUAGE, _, language, localized, message, numeral, unstopped
from ..model import MAX_LENGTH_CM
from ..ruleset import Ruleset
from ..wording import describe_range_band
from .stats import parse_combatant

__all__ = ["register"]

_WOUND_TEXT = {
    "none": N_("no effect"),
    "scratch": N_("a scratch (one fatigue token)"),
    "light": N_("light wound"),
    "grave": N_("grave wound"),
    "fatal": N_("fatal wound"),
}

# The names a model gets when its option names none: English in the event record (JSON stays
# language-neutral), in the reader's language in the story.
_DEFAULT_NAMES = {
    "Attacker": N_("Attacker"),
    "Defender": N_("Defender"),
    "Target": N_("Target"),
    "Mover": N_("Mover"),
    "Opponent": N_("Opponent"),
}


@lru_cache(maxsize=1)
def _card_names_fr() -> dict[str, str]:
    """Each bundled profile card's French name by its English one (``Soldier`` -> ``Soldat``), a name two cards
    share with different French names left out: ``--attacker corrino/soldier`` names the model by its card."""
    names: dict[str, str | None] = {}
    for faction in load_factions().values():
        for card in faction.profiles:
            if card.name_fr is not None:
                names[card.name] = card.name_fr if names.get(card.name, card.name_fr) == card.name_fr else None
    return {k: v for k, v in names.items() if v is not None}


def _shown(name: str) -> str:
    """A model's name in the story, in the reader's language: a default name (``Attacker`` -> ``Attaquant``) or a
    card's (``Soldier`` -> ``Soldat``); the event record keeps the English (issue 40)."""
    if name in _DEFAULT_NAMES:
        return _(_DEFAULT_NAMES[name])
    return name if language() == SOURCE_LANGUAGE else _card_names_fr().get(name, name)


# --- argument helpers -------------------------------------------------------------------------


def _dice(text: str, count: int, option: str, order: str) -> tuple[int, ...]:
    try:
        return parse_dice(text, count, source=option)
    except DataError as exc:
        raise UsageError(message('{problem} ({option} takes {count} dice: {order}).', problem=unstopped(carried_message(exc)), option=option,
                                 count=count, order=message(order))) from None


def _ruleset(args: argparse.Namespace) -> Ruleset:
    return Ruleset(ties=args.ties, arrakis=args.arrakis)


def _named(c: Any, default: str) -> Any:
    # A Message: English as a str (the event record, JSON), in the reader's language inside a rules error or a
    # melee note that names the model (issue 40).
    return c.model_copy(update={"name": message(_DEFAULT_NAMES[default])}) if c.name == "model" else c


def _combatant(text: str, weapon: str | None, option: str, weapon_option: str, use: str, default_name: str) -> Any:
    c = parse_combatant(text, weapon, argument=option, weapon_argument=weapon_option, use=use)  # type: ignore[arg-type]
    return _named(c, default_name)


def _call(fn: Any, *args: Any, **kwargs: Any) -> Any:
    """Run a rules function; a situation the rules forbid is a bad argument here (exit 2)."""
    try:
        return fn(*args, **kwargs)
    except RuleError as exc:
        raise UsageError(carried_message(exc)) from None
    except DataError as exc:  # a die outside 1-10 reaching the kernel
        raise UsageError(carried_message(exc)) from None


def _emit(args: argparse.Namespace, event: Any, story: list[str]) -> int:
    if args.json:
        print(json.dumps(event.to_dict(), indent=2, sort_keys=False))
    else:
        print("\n".join(story))
    return 0


def _wound_sentence(wound: str, threshold: int | None, target: str, removed: bool) -> str:
    text = _(_WOUND_TEXT[wound])
    if threshold is not None and wound != "none":
        text += _(" (compared with {threshold})").format(threshold=threshold)
    if removed:
        text += _(": {target} is removed from play").format(target=_shown(target))
    return text


def _add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ties", choices=("strict", "active"), default="strict",
                   help=_("RUL-01: the active side must be strictly higher (default) or a tie goes to it"))
    p.add_argument("--arrakis", action="store_true", help=_("R-ARRAKIS: no shields"))
    p.add_argument("--json", action="store_true", help=_("print the event record as JSON"))


# --- melee ------------------------------------------------------------------------------------


def _strike_line(s: Any) -> str:
    """One blow of a clash in words (R-MELEE), in the reader's language."""
    striker, target = _shown(s.striker), _shown(s.target)
    if s.automatic:
        head = _("{striker} strikes {target}: both attack, so the blow lands automatically (attack {attack})").format(
            striker=striker, target=target, attack=s.attack_total)
    else:
        head = _("{striker} strikes {target}: attack {attack} vs defence {defence} -> {result}").format(
            striker=striker, target=target, attack=s.attack_total, defence=s.defence_total, result=_("hit") if s.hit else _("miss"))
    if not s.hit:
        return head + "."
    if s.shield_stopped:
        return head + _("; the shield holds (neutral {neutral} is too high to get through). No damage.").format(neutral=s.neutral)
    if s.raw_damage is not None and s.raw_damage <= 0:
        return head + _("; damage {damage} (neutral {neutral}): no effect.").format(damage=s.raw_damage, neutral=s.neutral)
    ev = s.wound_event
    line = head + _("; {damage} damage (neutral {neutral}) -> {wound}").format(
        damage=s.damage, neutral=s.neutral, wound=_wound_sentence(s.wound, ev.threshold if ev else None, s.target, bool(ev and ev.removed)))
    if s.poisons_applied:
        line += _("; poisoned: {poisons}").format(poisons=", ".join(str(p) for p in s.poisons_applied))
    if s.pushed:
        line += _("; {striker} pushes {target} up to 5 cm, ending the combat").format(striker=striker, target=target)
    return line + "."


def _melee_story(ev: Any) -> list[str]:
    """The clash in words (R-MELEE, R-NEUTRAL-DOWN), in the reader's language; the numbers are the event's."""
    a, d = _shown(ev.attacker), _shown(ev.defender)
    stances = {"attack": _("attacks"), "defend": _("defends")}
    lines = [_("Melee: {attacker} ({attacker_stance}) against {defender} ({defender_stance}).").format(
        attacker=a, attacker_stance=stances[ev.attacker_stance], defender=d, defender_stance=stances[ev.defender_stance])]

    def dice_text(name: str, dice: tuple[int, int, int], used: int, stance: str) -> str:
        kept = _("attack {die}").format(die=dice[1]) if stance == "attack" else _("defence {die}").format(die=dice[2])
        low = _(" lowered to {used}").format(used=used) if used != dice[0] else ""
        return _("{name} neutral {die}{lowered}, {kept}").format(name=name, die=dice[0], lowered=low, kept=kept)

    lines.append(_("Dice: {attacker}; {defender}.").format(
        attacker=dice_text(a, ev.attacker_dice, ev.attacker_neutral, ev.attacker_stance),
        defender=dice_text(d, ev.defender_dice, ev.defender_neutral, ev.defender_stance)))
    lower = {"attacker": a, "defender": d}.get(ev.lowering_first)
    lines.append(_("Lowering: {model} (lower total) chooses first.").format(model=lower) if lower
                 else _("Lowering: equal totals, chosen in secret."))
    init = _("Initiative: {attacker} {attacker_initiative}, {defender} {defender_initiative}").format(
        attacker=a, attacker_initiative=ev.attacker_initiative, defender=d, defender_initiative=ev.defender_initiative)
    if ev.first is None:
        lines.append(init + _("; both defend: no blow is struck."))
    elif ev.first == "simultaneous":
        lines.append(init + _("; equal and both attack: the blows are simultaneous."))
    else:
        name = a if ev.first == "attacker" else d
        higher = (ev.attacker_initiative > ev.defender_initiative) == (ev.first == "attacker")
        why = "" if higher or ev.attacker_initiative == ev.defender_initiative else _(" (the other defends)")
        lines.append(init + _("; {model} strikes first{why}.").format(model=name, why=why))
    lines += [_strike_line(s) for s in ev.strikes]
    lines += [localized(n) for n in ev.notes]
    o = ev.options
    opts = []
    if o.attacker_may_push:
        opts.append(_("{model} may push {other} up to {cm} cm (ends the combat)").format(model=a, other=d, cm=f"{o.push_cm:g}"))
    if o.defender_may_push:
        opts.append(_("{model} may push {other} up to {cm} cm (ends the combat)").format(model=d, other=a, cm=f"{o.push_cm:g}"))
    if o.attacker_may_step_away:
        opts.append(_("{model} may step up to {cm} cm out of contact").format(model=a, cm=f"{o.step_away_cm:g}"))
    if o.defender_may_step_away:
        opts.append(_("{model} may step up to {cm} cm out of contact").format(model=d, cm=f"{o.step_away_cm:g}"))
    if opts:
        lines.append(_("Options: {options}.").format(options=_("; ").join(opts)))
    return lines


def _melee(args: argparse.Namespace) -> int:
    from ..rules.melee import resolve_melee

    attacker = _combatant(args.attacker, args.attacker_weapon, "--attacker", "--attacker-weapon", "melee", "Attacker")
    defender = _combatant(args.defender, args.defender_weapon, "--defender", "--defender-weapon", "melee", "Defender")
    ad = _dice(args.attacker_dice, 3, "--attacker-dice", N_("neutral, attack, defence"))
    dd = _dice(args.defender_dice, 3, "--defender-dice", N_("neutral, attack, defence"))
    ev = _call(
        resolve_melee, attacker, defender, attacker_dice=ad, defender_dice=dd,
        attacker_stance=args.attacker_stance, defender_stance=args.defender_stance,
        attacker_neutral=args.attacker_neutral, defender_neutral=args.defender_neutral,
        attacker_poison=args.attacker_poison, defender_poison=args.defender_poison,
        attacker_push=args.attacker_push, defender_push=args.defender_push, ruleset=_ruleset(args),
    )
    return _emit(args, ev, _melee_story(ev))


# --- shoot ------------------------------------------------------------------------------------


def _shot_story(ev: Any, shooter: Any) -> list[str]:
    """The shot in words (R-SHOOT), in the reader's language; the numbers are the event's."""
    w = shooter.weapon
    shooter_name, target_name = _shown(ev.shooter), _shown(ev.target)
    if w.range_cm is not None:
        rng = _("weapon range {range} cm: {band}").format(range=f"{w.range_cm:g}", band=describe_range_band(ev.range_band))
    else:
        rng = _("a template without range bands")
    cover = {"none": _("no cover"), "small": _("small cover (+2)"), "large": _("large cover (+4)")}[ev.cover]
    mode = ""
    if w.laser:
        mode = {"burn": _(", laser in burn mode"), "explosive": _(", laser in explosive mode")}[ev.laser_mode]
    lines = [_("Shot: {shooter} shoots {target} at {distance} cm ({range}, modifier {modifier}), {cover}{mode}.").format(
        shooter=shooter_name, target=target_name, distance=f"{ev.distance_cm:g}", range=rng, modifier=f"{ev.range_modifier:+d}",
        cover=cover, mode=mode)]
    combat = ev.attack_total - ev.shooter_dice[1] - ev.range_modifier
    lines.append(_("Attack: die {die} + Combat {combat} + weapon and range {modifier} = {attack}; "
                   "defence: die {defence_die} + cover {cover} = {defence}.").format(
        die=ev.shooter_dice[1], combat=combat, modifier=ev.range_modifier, attack=ev.attack_total, defence_die=ev.target_dice[1],
        cover=ev.defence_total - ev.target_dice[1], defence=ev.defence_total))
    if not ev.hit:
        line = _("Miss: {target} may dodge up to {dodge} cm (neutral {neutral} + Reflexes).").format(
            target=target_name, dodge=f"{ev.dodge_cm:g}", neutral=ev.target_dice[0])
        if ev.caught:
            line += _(" It did not get out of the template and is hit anyway.")
        lines.append(line)
        if not ev.caught:
            return lines
    else:
        lines.append(_("Hit."))
    if ev.shield_stopped:
        lines[-1] += _(" The shield stops it: a ranged attack never damages a shielded model.")
        return lines
    we = ev.wound_event
    dmg = w.ranged_damage
    if ev.laser_mode == "explosive":
        how = _("neutral {neutral} + {value} / 3 = {damage}, ignores armour").format(neutral=ev.shooter_dice[0], value=dmg.value,
                                                                                   damage=ev.raw_damage)
    elif dmg.kind == "burn":
        how = _("burn ({value})").format(value=dmg.value)
    else:
        # Signs spaced as the sum reads aloud: "neutral 8 + 1 = 9", "= - 1" (the story always wrote them so).
        sign = "+" if dmg.value >= 0 else "-"
        how = _("neutral {neutral} {sign} {value} = {damage}").format(neutral=ev.shooter_dice[0], sign=sign, value=abs(dmg.value),
                                                                   damage=str(ev.raw_damage).replace("-", "- "))
    lines[-1] += _(" Damage: {how} -> {wound}.").format(
        how=how, wound=_wound_sentence(ev.wound, we.threshold if we else None, ev.target, bool(we and we.removed)))
    if ev.poisons_applied:
        lines.append(_("Poisoned: {poisons}.").format(poisons=", ".join(str(p) for p in ev.poisons_applied)))
    return lines


def _shoot(args: argparse.Namespace) -> int:
    from ..rules.shooting import resolve_shot

    if not 0 <= args.distance <= MAX_LENGTH_CM:  # also refuses nan and inf
        raise UsageError(message('--distance must be from 0 to {max_length_cm} cm; got {distance}.', max_length_cm=numeral(MAX_LENGTH_CM, 'g'), distance=numeral(args.distance, 'g')))
    shooter = _combatant(args.attacker, args.weapon, "--attacker", "--weapon", "shoot", "Attacker")
    target = _named(parse_combatant(args.target, argument="--target"), "Target")
    sd = _dice(args.attacker_dice, 2, "--attacker-dice", N_("neutral, attack"))
    td = _dice(args.target_dice, 2, "--target-dice", N_("neutral, defence"))
    ev = _call(resolve_shot, shooter, target, distance_cm=args.distance, cover=args.cover, shooter_dice=sd, target_dice=td,
               laser_mode=args.laser_mode, poison=args.poison, escaped=not args.caught, ruleset=_ruleset(args))
    return _emit(args, ev, _shot_story(ev, shooter))


# --- disengage --------------------------------------------------------------------------------


def _disengage_story(ev: Any) -> list[str]:
    """The disengage test in words (R-DISENGAGE), in the reader's language; the numbers are the event's."""
    mover, opponent = _shown(ev.mover), _shown(ev.opponent)
    die = _("neutral die") if ev.compare == "neutral" else _("coloured die")
    lines = [_("Disengage: {mover} tries to leave {opponent} ({die} + Reflexes + weapon Initiative, PRJ-17).").format(
        mover=mover, opponent=opponent, die=die)]
    lines.append(_("Totals: {mover} {mover_total}, {opponent} {opponent_total}.").format(
        mover=mover, mover_total=ev.mover_total, opponent=opponent, opponent_total=ev.opponent_total))
    if ev.success:
        lines.append(_("Success: {mover} moves {cm} cm (its neutral die).").format(mover=mover, cm=f"{ev.margin_cm:g}"))
        return lines
    if ev.raw_damage is None:
        lines.append(_("Failure: {mover} stays in contact; {opponent} cannot strike, so no damage.").format(mover=mover, opponent=opponent))
    elif ev.shield_stopped:
        lines.append(_("Failure: {mover} stays in contact; {opponent}'s blow (neutral {neutral}) does not get through the shield.").format(
            mover=mover, opponent=opponent, neutral=ev.opponent_neutral))
    elif ev.raw_damage <= 0:
        lines.append(_("Failure: {mover} stays in contact; {opponent}'s blow deals {damage} (neutral {neutral}): no effect.").format(
            mover=mover, opponent=opponent, damage=ev.raw_damage, neutral=ev.opponent_neutral))
    else:
        we = ev.wound_event
        lines.append(_("Failure: {mover} stays in contact; {opponent} deals {damage} (neutral {neutral}) -> {wound}.").format(
            mover=mover, opponent=opponent, damage=ev.damage, neutral=ev.opponent_neutral,
            wound=_wound_sentence(ev.wound, we.threshold if we else None, ev.mover, bool(we and we.removed))))
    return lines


def _disengage(args: argparse.Namespace) -> int:
    from ..rules.disengage import resolve_disengage

    mover = _combatant(args.mover, args.mover_weapon, "--mover", "--mover-weapon", "melee", "Mover")
    opponent = _combatant(args.opponent, args.opponent_weapon, "--opponent", "--opponent-weapon", "melee", "Opponent")
    md = _dice(args.mover_dice, 2, "--mover-dice", N_("neutral, coloured"))
    od = _dice(args.opponent_dice, 2, "--opponent-dice", N_("neutral, coloured"))
    ev = _call(resolve_disengage, mover, opponent, mover_dice=md, opponent_dice=od, mover_neutral=args.mover_neutral,
               opponent_neutral=args.opponent_neutral, opponent_poison=args.opponent_poison, compare=args.compare,
               ruleset=_ruleset(args))
    return _emit(args, ev, _disengage_story(ev))


# --- registration -----------------------------------------------------------------------------

_MODEL_HELP = N_("inline stats such as combat=1,reflexes=2,endurance=3[,armour=3][,shield=half] or FACTION/TYPE[:WEAPON]")
_WEAPON_HELP = N_("inline weapon such as combat=+2,initiative=+1,damage=12-[,defence=+3] or FACTION:WEAPON")


def register(subparsers: Any) -> None:
    """Add the ``resolve`` command group."""
    group = subparsers.add_parser("resolve", help=_("settle a melee, a shot or a disengage from dice rolled at the table"),
                                  description=_("Settle a melee, a shot or a disengage from the dice rolled at the table."))
    sub = group.add_subparsers(dest="resolve_command", metavar=_("WHAT"), parser_class=type(group))
    group.set_defaults(func=lambda args: (group.print_help(), 2)[1])

    m = sub.add_parser("melee", help=_("resolve a clash (R-MELEE)"), description=_("Resolve a clash (rulebook 2.4)."))
    m.add_argument("--attacker", required=True, metavar=_("MODEL"), help=_("the active model: {model}").format(model=_(_MODEL_HELP)))
    m.add_argument("--attacker-weapon", metavar=_("WEAPON"), help=_(_WEAPON_HELP))
    m.add_argument("--defender", required=True, metavar=_("MODEL"), help=_(_MODEL_HELP))
    m.add_argument("--defender-weapon", metavar=_("WEAPON"), help=_(_WEAPON_HELP))
    m.add_argument("--attacker-dice", required=True, metavar="N,A,D", help=_("neutral, attack, defence dice"))
    m.add_argument("--defender-dice", required=True, metavar="N,A,D", help=_("neutral, attack, defence dice"))
    m.add_argument("--attacker-stance", required=True, choices=("attack", "defend"))
    m.add_argument("--defender-stance", required=True, choices=("attack", "defend"))
    m.add_argument("--attacker-neutral", type=int, metavar="X", help=_("the attacker's neutral die after lowering"))
    m.add_argument("--defender-neutral", type=int, metavar="Y", help=_("the defender's neutral die after lowering"))
    m.add_argument("--attacker-poison", metavar="POISON", help=_("the poison the attacker's weapon applies"))
    m.add_argument("--defender-poison", metavar="POISON", help=_("the poison the defender's weapon applies"))
    m.add_argument("--attacker-push", action="store_true", help=_("the attacker pushes when its blow hits (ends the combat)"))
    m.add_argument("--defender-push", action="store_true", help=_("the defender pushes when its blow hits (ends the combat)"))
    _add_common(m)
    m.set_defaults(func=_melee)

    s = sub.add_parser("shoot", help=_("resolve a shot (R-SHOOT)"), description=_("Resolve a shot (rulebook 2.5)."))
    s.add_argument("--attacker", required=True, metavar=_("MODEL"), help=_("the shooter: {model}").format(model=_(_MODEL_HELP)))
    s.add_argument("--weapon", metavar=_("WEAPON"), help=_("inline weapon such as range=10,combat=+1,damage=+1, or FACTION:WEAPON"))
    s.add_argument("--target", required=True, metavar=_("MODEL"), help=_(_MODEL_HELP))
    s.add_argument("--distance", required=True, type=float, metavar="CM", help=_("base-to-base distance in cm"))
    s.add_argument("--cover", choices=("none", "small", "large"), default="none")
    s.add_argument("--attacker-dice", required=True, metavar="N,A", help=_("neutral and attack dice"))
    s.add_argument("--target-dice", required=True, metavar="N,D", help=_("neutral and defence dice"))
    s.add_argument("--laser-mode", choices=("burn", "explosive"), default="burn", help=_("a laser's mode (R-LASER)"))
    s.add_argument("--poison", metavar="POISON", help=_("the poison the weapon applies"))
    s.add_argument("--caught", action="store_true", help=_("template: the target dodged but did not get out of the template"))
    _add_common(s)
    s.set_defaults(func=_shoot)

    d = sub.add_parser("disengage", help=_("resolve leaving a melee (R-DISENGAGE)"), description=_("Resolve a disengage test (rulebook 2.3, PRJ-17)."))
    d.add_argument("--mover", required=True, metavar=_("MODEL"), help=_("the model leaving contact: {model}").format(model=_(_MODEL_HELP)))
    d.add_argument("--mover-weapon", metavar=_("WEAPON"), help=_("its melee weapon (its Initiative counts)"))
    d.add_argument("--opponent", required=True, metavar=_("MODEL"), help=_("the enemy that opposes: {model}").format(model=_(_MODEL_HELP)))
    d.add_argument("--opponent-weapon", metavar=_("WEAPON"), help=_("its melee weapon (Initiative, and damage on a failure)"))
    d.add_argument("--mover-dice", required=True, metavar="N,C", help=_("neutral and coloured dice"))
    d.add_argument("--opponent-dice", required=True, metavar="N,C", help=_("neutral and coloured dice"))
    d.add_argument("--mover-neutral", type=int, metavar="X", help=_("the mover's neutral die after lowering"))
    d.add_argument("--opponent-neutral", type=int, metavar="Y", help=_("the opponent's neutral die after lowering"))
    d.add_argument("--opponent-poison", metavar="POISON", help=_("the poison the opponent's weapon applies"))
    d.add_argument("--compare", choices=("neutral", "coloured"), default="neutral",
                   help=_("which die carries Reflexes (PRJ-17; default neutral)"))
    _add_common(d)
    d.set_defaults(func=_disengage)
