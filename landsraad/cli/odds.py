"""``landsraad odds``: exact odds of a shot, a clash or a disengage test (:mod:`landsraad.odds`).

Models and weapons are typed inline (:mod:`landsraad.cli.stats`) or named as
``FACTION/TYPE[:WEAPON]``::

    landsraad odds shoot --attacker combat=1 --weapon range=10,combat=+1,damage=+1 \\
        --target endurance=3 --distance 35
    landsraad odds melee --attacker corrino/soldier:halberd --defender corrino/duellist --lowering best
    landsraad odds melee --attacker combat=0 --attacker-weapon combat=+2,damage=12- --defender combat=0 \
        --defender-weapon defence=+3,damage=0- --attacker-stance attack --defender-stance defend \
        --attacker-dice 5,8,2 --defender-dice 3,3,6
    landsraad odds disengage --mover reflexes=1 --opponent corrino/swordmaster

Readable tables by default, ``--json`` for machines. Bad arguments: one line, exit status 2.
Heavy imports (numpy, pydantic, the rules kernel) happen inside the handlers, so ``landsraad
--help`` and the other commands do not pay for them.
"""

from __future__ import annotations

import argparse
import json
from functools import partial
from typing import TYPE_CHECKING, Any, Sequence, TypedDict

from ..errors import RuleError, UsageError, carried_message, quoted, truncate
from ..i18n import N_, _, decimal, percent, pgettext
from ..model import MAX_LENGTH_CM
from ..wording import RESULT_LABELS, describe_range_band, weapon_name

if TYPE_CHECKING:  # pragma: no cover - typing only
    from ..model import Poison
    from ..odds import LoweringPolicy, MeleeOdds, Payoff, StanceMatrix
    from ..rules import Combatant
    from ..ruleset import Ruleset
    from .stats import Use

__all__ = ["register", "parse_lowering", "parse_distance"]

_STANCE_PHRASES = {
    ("attacker", "attack"): N_("the attacker attacks"), ("attacker", "defend"): N_("the attacker defends"),
    ("defender", "attack"): N_("the defender attacks"), ("defender", "defend"): N_("the defender defends"),
}
"""A side taking a stance, in prose (R-TEST-CLASH; translate with ``_()`` where shown)."""

_STANCE_LABELS = {
    ("attacker", "attack"): N_("attacker attacks"), ("attacker", "defend"): N_("attacker defends"),
    ("defender", "attack"): N_("defender attacks"), ("defender", "defend"): N_("defender defends"),
}
"""A side taking a stance, as a row or column of the stance matrix."""

_POLICY_WORDS = {
    "attacker": (N_("attacker none"), N_("attacker best"), N_("attacker {value}")),
    "defender": (N_("defender none"), N_("defender best"), N_("defender {value}")),
    "mover": (N_("mover none"), N_("mover best"), N_("mover {value}")),
    "opponent": (N_("opponent none"), N_("opponent best"), N_("opponent {value}")),
}
"""A side's lowering policy (R-NEUTRAL-DOWN): never, at best, or down to a value."""

_SIDES = {"attacker": N_("attacker"), "defender": N_("defender")}


# --- argument types ----------------------------------------------------------------------------


def parse_lowering(text: str, argument: str = "--lowering") -> LoweringPolicy:
    """A lowering policy typed on the command line: ``none``, ``best`` or a neutral value 1-10.

    Examples
    --------
    >>> parse_lowering("best"), parse_lowering("1")
    ('best', 1)
    >>> parse_lowering("11")
    Traceback (most recent call last):
    ...
    landsraad.errors.UsageError: Argument --lowering: '11' is not a lowering policy; write none, best or a neutral value from 1 to 10.
    """
    value = text.strip().lower()
    if value in ("none", "best"):
        return "none" if value == "none" else "best"
    if value.isdigit() and 1 <= int(value) <= 10:
        return int(value)
    raise UsageError(_("Argument {argument}: {value} is not a lowering policy; write none, best or a neutral value from 1 to 10.")
                     .format(argument=argument, value=quoted(text)))


def parse_distance(text: str, argument: str = "--distance") -> float:
    """A distance in cm, 0 or more.

    Examples
    --------
    >>> parse_distance("35")
    35.0
    >>> parse_distance("-3")
    Traceback (most recent call last):
    ...
    landsraad.errors.UsageError: Argument --distance: '-3' is not a distance; write a number of cm from 0 to 1000, e.g. 35.
    """
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= MAX_LENGTH_CM:  # also refuses nan and inf
        raise UsageError(_("Argument {argument}: {value} is not a distance; write a number of cm from 0 to {most}, e.g. 35.")
                         .format(argument=argument, value=repr(truncate(text)), most=f"{MAX_LENGTH_CM:g}"))
    return value


def _ruleset(args: argparse.Namespace) -> "Ruleset":
    from ..ruleset import Ruleset

    options: dict[str, Any] = {"ties": args.ties, "arrakis": args.arrakis}
    if getattr(args, "compare", None):
        options["disengage_compare"] = args.compare
    return Ruleset(**options)


def _combatant(text: str, weapon: str | None, argument: str, weapon_argument: str, use: Use | None) -> Combatant:
    from .stats import parse_combatant

    return parse_combatant(text, weapon, argument=argument, weapon_argument=weapon_argument, use=use)


def _poison(text: str | None, argument: str) -> Poison | None:
    if text is None:
        return None
    from .stats import parse_poison

    return parse_poison(text, argument=argument)


def _print_json(data: object) -> None:
    print(json.dumps(data, indent=2, sort_keys=False))


def _pct(p: float) -> str:
    return percent(f"{100 * p:5.1f}")


def _pc(p: float) -> str:
    """A chance for prose, to 0.1 % (the number only)."""
    return decimal(f"{100 * p:.1f}")


def _signed(v: float) -> str:
    return decimal(f"{v:+.3f}")


def _damage(v: float) -> str:
    return decimal(f"{v:7.2f}")


def _policy(side: str, policy: LoweringPolicy) -> str:
    """``attacker best``: a side's lowering policy, in the active language."""
    never, best, down_to = _POLICY_WORDS[side]
    if policy == "none":
        return _(never)
    return _(best) if policy == "best" else _(down_to).format(value=policy)


def _stance(side: str, stance: str) -> str:
    return _(_STANCE_PHRASES[side, stance])


def _at_least_light(wound: dict[str, float]) -> float:
    return wound["light"] + wound["grave"] + wound["fatal"]


def _cm_range(dist: dict[str, float]) -> str:
    if not dist:
        return "-"
    values = sorted(float(k) for k in dist)
    lo, hi = values[0], values[-1]
    return decimal(f"{lo:g} cm" if lo == hi else f"{lo:g}-{hi:g} cm")


# --- shoot ----------------------------------------------------------------------------------------


def _shoot(args: argparse.Namespace) -> int:
    from ..odds import shot_odds

    shooter = _combatant(args.attacker, args.weapon, "--attacker", "--weapon", "shoot")
    target = _combatant(args.target, None, "--target", "--target", None)
    distance = parse_distance(args.distance)
    escape = parse_distance(args.escape_cm, "--escape-cm") if args.escape_cm is not None else None
    try:
        odds = shot_odds(shooter, target, distance_cm=distance, cover=args.cover, laser_mode=args.laser_mode,
                         poison=_poison(args.poison, "--poison"), escape_cm=escape, ruleset=_ruleset(args))
    except RuleError as exc:  # an illegal shot asked for on the command line
        raise UsageError(carried_message(exc)) from None
    if args.json:
        _print_json(odds.to_dict())
        return 0
    weapon = shooter.weapon
    assert weapon is not None
    print(_("Shot with {weapon} at {distance} cm, cover {cover}: {band} (weapon modifier {modifier}); attack die {attack}"
            " against defence die {defence}.").format(
        weapon=weapon_name(weapon.display_name()), distance=decimal(f"{distance:g}"), cover=_(_COVER_WORDS[args.cover]),
        band=describe_range_band(odds.range_band), modifier=f"{odds.range_modifier:+d}", attack=f"{odds.attack_bonus:+d}",
        defence=f"{odds.defence_bonus:+d}"))
    rows = [(_("hits (before shields)"), _pct(odds.p_hit))]
    if odds.template:
        rows.append((_("struck (hit or caught)"), _pct(odds.p_struck)))
    if odds.p_shield_stopped:
        rows.append((_("stopped by the shield"), _pct(odds.p_shield_stopped)))
    if odds.p_poisoned:
        rows.append((_("poisoned"), _pct(odds.p_poisoned)))
    rows.append((_("target suffers:"), ""))
    rows += [(f"  {_(RESULT_LABELS[k])}", _pct(v)) for k, v in odds.wound.items()]
    rows.append((_("expected damage"), _damage(odds.expected_damage)))
    if odds.p_dodge:
        rows.append((_("if missed, may dodge"), _cm_range(odds.dodge_cm)))
    _table(rows)
    wounded = _at_least_light(odds.wound)
    if odds.p_hit == 0 and odds.p_struck == 0:
        verdict = _("this shot cannot hit.")
    elif odds.p_shield_stopped and odds.expected_damage == 0:
        verdict = _("{hit} % to hit, but the target's shield stops every shot (R-SHIELD).").format(hit=_pc(odds.p_hit))
    else:
        verdict = _("{hit} % to hit, {wounded} % to wound (light or worse), {fatal} % fatal.").format(
            hit=_pc(odds.p_struck), wounded=_pc(wounded), fatal=_pc(odds.wound["fatal"]))
    print(_("Verdict: {verdict}").format(verdict=verdict))
    return 0


_COVER_WORDS = {"none": N_("none"), "small": N_("small"), "large": N_("large")}
"""``--cover`` as typed, in words (the English is the typed value)."""


def _table(rows: list[tuple[str, str]]) -> None:
    width = max(len(label) for label, _value in rows)
    for label, value in rows:
        print(f"  {label:<{width}}  {value}".rstrip())


# --- melee ----------------------------------------------------------------------------------------


def _lowering_args(args: argparse.Namespace, sides: tuple[str, str]) -> tuple[LoweringPolicy, LoweringPolicy]:
    both: LoweringPolicy = parse_lowering(args.lowering) if args.lowering is not None else "none"
    out: list[LoweringPolicy] = []
    for side in sides:
        own = getattr(args, f"{side}_lowering")
        out.append(parse_lowering(own, f"--{side}-lowering") if own is not None else both)
    return out[0], out[1]


def _melee_cell_rows(cell: MeleeOdds) -> list[tuple[str, str, str]]:
    rows = [
        (_("strikes first"), _pct(cell.first["attacker"]), _pct(cell.first["defender"])),
        (_("blow lands (before shields)"), _pct(cell.p_attacker_hits), _pct(cell.p_defender_hits)),
        (_("lowers its neutral die"), _pct(cell.p_attacker_lowers), _pct(cell.p_defender_lowers)),
    ]
    if cell.p_attacker_poisoned or cell.p_defender_poisoned:
        rows.append((_("is poisoned"), _pct(cell.p_attacker_poisoned), _pct(cell.p_defender_poisoned)))
    rows.append((_("suffers:"), "", ""))
    for k in cell.attacker_wound:
        rows.append((f"  {_(RESULT_LABELS[k])}", _pct(cell.attacker_wound[k]), _pct(cell.defender_wound[k])))
    rows.append((_("expected damage taken"), _damage(cell.expected_damage_to_attacker), _damage(cell.expected_damage_to_defender)))
    return rows


def _print_columns(header: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> None:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for r in [header, *rows]:
        print("  " + "  ".join(f"{c:<{widths[0]}}" if i == 0 else f"{c:>{widths[i]}}" for i, c in enumerate(r)).rstrip())


def _melee_verdict(cell: MeleeOdds) -> str:
    return _("the attacker wounds (light or worse) {wounds} % and kills {kills} %; it is wounded {wounded} % and dies {dies} %.").format(
        wounds=_pc(_at_least_light(cell.defender_wound)), kills=_pc(cell.p_defender_dies),
        wounded=_pc(_at_least_light(cell.attacker_wound)), dies=_pc(cell.p_attacker_dies))


_PAYOFF_TEXT = {
    "wounds": N_("wound levels inflicted minus suffered (light 1, grave 2, fatal 3)"),
    "wounded": N_("chance to wound (light or worse) minus chance to be wounded"),
}


class _ClashOptions(TypedDict):
    """The keywords a clash's odds share (:func:`~landsraad.odds.melee_odds`, ``stance_matrix``, ``lowering_advice``)."""

    attacker_lowering: LoweringPolicy
    defender_lowering: LoweringPolicy
    attacker_push: bool
    defender_push: bool
    attacker_poison: Poison | None
    defender_poison: Poison | None
    payoff: Payoff
    ruleset: Ruleset


def _melee(args: argparse.Namespace) -> int:
    from ..odds import melee_odds, stance_matrix

    attacker = _combatant(args.attacker, args.attacker_weapon, "--attacker", "--attacker-weapon", "melee")
    defender = _combatant(args.defender, args.defender_weapon, "--defender", "--defender-weapon", "melee")
    a_low, d_low = _lowering_args(args, ("attacker", "defender"))
    common = _ClashOptions(
        attacker_lowering=a_low, defender_lowering=d_low, attacker_push=args.attacker_push or args.push,
        defender_push=args.defender_push or args.push, attacker_poison=_poison(args.attacker_poison, "--attacker-poison"),
        defender_poison=_poison(args.defender_poison, "--defender-poison"), payoff=args.payoff, ruleset=_ruleset(args),
    )
    if args.attacker_dice or args.defender_dice:
        return _advice(args, attacker, defender, common)
    try:
        if args.attacker_stance and args.defender_stance:
            cell = melee_odds(attacker, defender, attacker_stance=args.attacker_stance, defender_stance=args.defender_stance, **common)
            if args.json:
                _print_json(cell.to_dict())
                return 0
            print(_("Clash: {attacker}, {defender}; lowering: {attacker_policy}, {defender_policy}.").format(
                attacker=_stance("attacker", args.attacker_stance), defender=_stance("defender", args.defender_stance),
                attacker_policy=_policy("attacker", a_low), defender_policy=_policy("defender", d_low)))
            _print_columns(("", _(_SIDES["attacker"]), _(_SIDES["defender"])), _melee_cell_rows(cell))
            print(_value_line(cell.value, args.payoff))
            print(_("Verdict: {verdict}").format(verdict=_melee_verdict(cell)))
            return 0
        matrix = stance_matrix(
            attacker, defender,
            attacker_stances=[args.attacker_stance] if args.attacker_stance else None,
            defender_stances=[args.defender_stance] if args.defender_stance else None,
            **common,
        )
    except RuleError as exc:
        raise UsageError(carried_message(exc)) from None
    if args.json:
        _print_json(matrix.to_dict())
        return 0
    print(_("Stance matrix: value for the attacker = {payoff}; lowering: {attacker_policy}, {defender_policy}.").format(
        payoff=_(_PAYOFF_TEXT[args.payoff]), attacker_policy=_policy("attacker", a_low), defender_policy=_policy("defender", d_low)))
    header = ("", *(_(_STANCE_LABELS["defender", d]) for d in matrix.defender_stances))
    rows = []
    for a in matrix.attacker_stances:
        row = [_(_STANCE_LABELS["attacker", a])]
        for d in matrix.defender_stances:
            c = matrix.cell(a, d)
            row.append(_("{value} (kills {kills} %, dies {dies} %)").format(
                value=_signed(c.value), kills=decimal(f"{100 * c.p_defender_dies:5.1f}"),
                dies=decimal(f"{100 * c.p_attacker_dies:5.1f}")))
        rows.append(tuple(row))
    _print_columns(header, rows)
    print(_("Verdict: {verdict}").format(verdict=_stance_verdict(matrix)))
    return 0


def _value_line(value: float, payoff: str) -> str:
    return _("  value for the attacker: {value} ({payoff})").format(value=_signed(value), payoff=_(_PAYOFF_TEXT[payoff]))


def _advice(args: argparse.Namespace, attacker: Combatant, defender: Combatant, common: _ClashOptions) -> int:
    """Revealed dice: how each side should lower its neutral die (PRJ-80, PRJ-81)."""
    from ..dice import parse_dice
    from ..errors import DataError
    from ..odds import lowering_advice

    if not (args.attacker_dice and args.defender_dice and args.attacker_stance and args.defender_stance):
        raise UsageError(_("Arguments --attacker-dice and --defender-dice go together, with --attacker-stance and --defender-stance:"
                           " the lowering advice is for revealed dice and stances."))
    dice = []
    for text, argument in ((args.attacker_dice, "--attacker-dice"), (args.defender_dice, "--defender-dice")):
        try:
            dice.append(parse_dice(text, 3, source=_("Argument {argument}").format(argument=argument)))
        except DataError as exc:
            raise UsageError(carried_message(exc)) from None
    if args.lowering is None and args.attacker_lowering is None:
        common["attacker_lowering"] = "best"
    if args.lowering is None and args.defender_lowering is None:
        common["defender_lowering"] = "best"
    try:
        advice = lowering_advice(attacker, defender, attacker_dice=dice[0], defender_dice=dice[1], attacker_stance=args.attacker_stance,
                                 defender_stance=args.defender_stance, **common)
    except RuleError as exc:
        raise UsageError(carried_message(exc)) from None
    if args.json:
        _print_json(advice.to_dict())
        return 0
    first = {"attacker": N_("the attacker lowers first (lower initiative total)"),
             "defender": N_("the defender lowers first (lower initiative total)"),
             "secret": N_("equal initiative totals: both choose in secret")}[advice.order]
    revealed = {"attack": N_("Revealed: attacker {attacker} attacks"), "defend": N_("Revealed: attacker {attacker} defends")}
    answer = {"attack": N_("defender {defender} attacks; {first}."), "defend": N_("defender {defender} defends; {first}.")}
    print(_(revealed[args.attacker_stance]).format(attacker=",".join(map(str, dice[0]))) + ", "
          + _(answer[args.defender_stance]).format(defender=",".join(map(str, dice[1])), first=_(first)))
    for side, rolled, choice in (("attacker", dice[0][0], advice.attacker), ("defender", dice[1][0], advice.defender)):
        if len(choice) == 1:
            (value,) = choice
            text = pgettext("the neutral die", "keep it") if value == rolled else _("lower it to {value}").format(value=value)
        else:
            text = _("mix: {choices}").format(choices=", ".join(f"{v} ({_pc(p)} %)" for v, p in choice.items()))
        print(_("  {side} (neutral {rolled}): {text}").format(side=_(_SIDES[side]), rolled=rolled, text=text))
    print(_value_line(advice.value, args.payoff))
    return 0


def _stance_verdict(matrix: StanceMatrix) -> str:
    best = matrix.best
    rows, cols = matrix.attacker_stances, matrix.defender_stances
    value = _signed(best.value)
    if len(rows) == 1 and len(cols) == 1:
        return _("{attacker} and {defender}: the only stances they may take; value {value} for the attacker.").format(
            attacker=_stance("attacker", rows[0]), defender=_stance("defender", cols[0]), value=value)
    if len(rows) == 1 or len(cols) == 1:
        fixed, free = ("attacker", "defender") if len(rows) == 1 else ("defender", "attacker")
        assert best.saddle is not None  # one side's stance fixed: the other's best answer is pure
        stance = best.saddle[1] if free == "defender" else best.saddle[0]
        fixed_stance = best.saddle[0] if free == "defender" else best.saddle[1]
        answer = {("defender", "attack"): N_("so the defender's best answer is to attack"),
                  ("defender", "defend"): N_("so the defender's best answer is to defend"),
                  ("attacker", "attack"): N_("so the attacker's best answer is to attack"),
                  ("attacker", "defend"): N_("so the attacker's best answer is to defend")}[free, stance]
        return _("{fixed}, {answer} (value {value} for the attacker).").format(
            fixed=_stance(fixed, fixed_stance), answer=_(answer), value=value)
    if best.saddle is not None:
        a, d = best.saddle
        return _("best stances: {attacker}, {defender} (a saddle point); value {value} for the attacker.").format(
            attacker=_stance("attacker", a), defender=_stance("defender", d), value=value)
    return _("no pure best stance; at equilibrium the attacker attacks {attacker} % of the time and the defender {defender} %;"
             " value {value} for the attacker.").format(attacker=_pc(best.attacker["attack"]), defender=_pc(best.defender["attack"]),
                                                        value=value)


# --- disengage ----------------------------------------------------------------------------------


def _disengage(args: argparse.Namespace) -> int:
    from ..odds import disengage_odds

    mover = _combatant(args.mover, args.mover_weapon, "--mover", "--mover-weapon", "melee")
    opponent = _combatant(args.opponent, args.opponent_weapon, "--opponent", "--opponent-weapon", "melee")
    m_low, o_low = _lowering_args(args, ("mover", "opponent"))
    try:
        odds = disengage_odds(mover, opponent, mover_lowering=m_low, opponent_lowering=o_low,
                              opponent_poison=_poison(args.opponent_poison, "--opponent-poison"),
                              payoff=args.payoff, ruleset=_ruleset(args))
    except RuleError as exc:
        raise UsageError(carried_message(exc)) from None
    if args.json:
        _print_json(odds.to_dict())
        return 0
    compared = {"neutral": N_("neutral die + Reflexes + melee weapon Initiative"),
                "coloured": N_("coloured die + Reflexes + melee weapon Initiative")}[args.compare or "neutral"]
    print(_("Disengage: lowering: {mover_policy}, {opponent_policy}; totals compared: {compared} (PRJ-17).").format(
        mover_policy=_policy("mover", m_low), opponent_policy=_policy("opponent", o_low), compared=_(compared)))
    rows = [(_("gets away"), _pct(odds.p_success)), (_("if it gets away, moves"), _cm_range(odds.margin_cm))]
    if odds.p_shield_stopped:
        rows.append((_("blow stopped by the shield"), _pct(odds.p_shield_stopped)))
    if odds.p_poisoned:
        rows.append((_("mover poisoned"), _pct(odds.p_poisoned)))
    rows.append((_("mover suffers:"), ""))
    rows += [(f"  {_(RESULT_LABELS[k])}", _pct(v)) for k, v in odds.wound.items()]
    rows.append((_("expected damage"), _damage(odds.expected_damage)))
    _table(rows)
    print(_("Verdict: {away} % to get away; {wounded} % to be wounded (light or worse), {dies} % to die trying.").format(
        away=_pc(odds.p_success), wounded=_pc(_at_least_light(odds.wound)), dies=_pc(odds.p_mover_dies)))
    return 0


# --- registration ---------------------------------------------------------------------------------


def _common(p: argparse.ArgumentParser, lowering_sides: tuple[str, str] | None) -> None:
    if lowering_sides:
        p.add_argument("--lowering", metavar=_("POLICY"), help=_("both sides' neutral-die lowering: none (default), best, or a value 1-10"))
        for side in lowering_sides:
            p.add_argument(f"--{side}-lowering", metavar=_("POLICY"), help=_("the {side}'s lowering policy (overrides --lowering)").format(side=side))
        p.add_argument("--payoff", choices=("wounds", "wounded"), default="wounds",
                       help=_("what 'best' maximises: wound levels inflicted minus suffered (default) or the chance to wound minus to be wounded"))
    p.add_argument("--ties", choices=("strict", "active"), default="strict", help=_("RUL-01: a tie fails (strict, default) or goes to the active side"))
    p.add_argument("--arrakis", action="store_true", help=_("R-ARRAKIS: no shields"))
    p.add_argument("--json", action="store_true", help=_("print JSON for machines"))


def _group_help(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``landsraad odds`` without a kind: the group's help, and status 2."""
    parser.print_help()
    return 2


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``odds`` command group."""
    odds = subparsers.add_parser("odds", help=_("exact odds of a shot, a clash or a disengage test"),
                                 description=_("Exact odds by enumerating every dice outcome (no sampling)."))
    sub = odds.add_subparsers(dest="odds_command", metavar=_("KIND"))
    odds.set_defaults(func=partial(_group_help, odds))
    stats_help = _("inline stats key=value,... or FACTION/TYPE[:WEAPON]")
    weapon_help = _("inline weapon key=value,... or FACTION:WEAPON")

    p = sub.add_parser("shoot", help=_("odds of one shot (R-SHOOT)"), description=_("Exact odds of one shot against one target."))
    p.add_argument("--attacker", "--shooter", dest="attacker", required=True, metavar=_("STATS"), help=_('the shooter: {stats_help}').format(stats_help=stats_help))
    p.add_argument("--weapon", metavar=_("WEAPON"), help=_('its ranged weapon: {weapon_help}').format(weapon_help=weapon_help))
    p.add_argument("--target", required=True, metavar=_("STATS"), help=_('the target: {stats_help}').format(stats_help=stats_help))
    p.add_argument("--distance", required=True, metavar="CM", help=_("base-to-base distance in cm"))
    p.add_argument("--cover", choices=("none", "small", "large"), default="none", help=_("R-COVER: small +2, large +4"))
    p.add_argument("--laser-mode", choices=("burn", "explosive"), default="burn", help=_("R-LASER mode"))
    p.add_argument("--poison", metavar="POISON", help=_("the poison the weapon applies, if it carries several"))
    p.add_argument("--escape-cm", metavar="CM", help=_("template weapons: how far the target must move to leave the template"))
    _common(p, None)
    p.set_defaults(func=_shoot)

    p = sub.add_parser("melee", help=_("odds of a clash and the stance matrix (R-MELEE)"),
                       description=_("Exact odds of a clash; without both stances, the 2 x 2 stance matrix and the best stances."))
    p.add_argument("--attacker", required=True, metavar=_("STATS"), help=_('the active model: {stats_help}').format(stats_help=stats_help))
    p.add_argument("--attacker-weapon", metavar=_("WEAPON"), help=_('its melee weapon: {weapon_help}').format(weapon_help=weapon_help))
    p.add_argument("--defender", required=True, metavar=_("STATS"), help=_('the model it fights: {stats_help}').format(stats_help=stats_help))
    p.add_argument("--defender-weapon", metavar=_("WEAPON"), help=_('its melee weapon: {weapon_help}').format(weapon_help=weapon_help))
    p.add_argument("--attacker-stance", choices=("attack", "defend"), help=_("the attacker's kept die"))
    p.add_argument("--defender-stance", choices=("attack", "defend"), help=_("the defender's kept die"))
    p.add_argument("--attacker-push", action="store_true", help=_("the attacker pushes when it hits (ends the combat)"))
    p.add_argument("--defender-push", action="store_true", help=_("the defender pushes when it hits (ends the combat)"))
    p.add_argument("--push", action="store_true", help=_("both push when they hit"))
    p.add_argument("--attacker-dice", metavar="N,A,D", help=_("revealed dice (neutral, attack, defence): advise the lowering instead"))
    p.add_argument("--defender-dice", metavar="N,A,D", help=_("the defender's revealed dice (with --attacker-dice)"))
    p.add_argument("--attacker-poison", metavar="POISON", help=_("the poison the attacker's weapon applies"))
    p.add_argument("--defender-poison", metavar="POISON", help=_("the poison the defender's weapon applies"))
    _common(p, ("attacker", "defender"))
    p.set_defaults(func=_melee)

    p = sub.add_parser("disengage", help=_("odds of leaving a melee (R-DISENGAGE)"), description=_("Exact odds of a disengage test."))
    p.add_argument("--mover", required=True, metavar=_("STATS"), help=_('the model leaving the contact: {stats_help}').format(stats_help=stats_help))
    p.add_argument("--mover-weapon", metavar=_("WEAPON"), help=_('its melee weapon (Initiative counts): {weapon_help}').format(weapon_help=weapon_help))
    p.add_argument("--opponent", required=True, metavar=_("STATS"), help=_('the enemy that opposes: {stats_help}').format(stats_help=stats_help))
    p.add_argument("--opponent-weapon", metavar=_("WEAPON"), help=_('its melee weapon: {weapon_help}').format(weapon_help=weapon_help))
    p.add_argument("--opponent-poison", metavar="POISON", help=_("the poison the opponent's weapon applies"))
    p.add_argument("--compare", choices=("neutral", "coloured"), help=_("PRJ-17: which die the totals use (default neutral)"))
    _common(p, ("mover", "opponent"))
    p.set_defaults(func=_disengage)
