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

from ..errors import RuleError, UsageError, quoted, truncate
from ..i18n import _
from ..model import MAX_LENGTH_CM
from ..wording import describe_range_band

if TYPE_CHECKING:  # pragma: no cover - typing only
    from ..model import Poison
    from ..odds import LoweringPolicy, MeleeOdds, Payoff, StanceMatrix
    from ..rules import Combatant
    from ..ruleset import Ruleset
    from .stats import Use

__all__ = ["register", "parse_lowering", "parse_distance"]

_RESULT_LABELS = {"none": "nothing", "scratch": "scratch", "light": "light wound", "grave": "grave wound", "fatal": "fatal wound"}


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
    raise UsageError(f"Argument {argument}: {quoted(text)} is not a lowering policy; write none, best or a neutral value from 1 to 10.")


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
        raise UsageError(f"Argument {argument}: {truncate(text)!r} is not a distance; write a number of cm from 0 "
                         f"to {MAX_LENGTH_CM:g}, e.g. 35.")
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
    return f"{100 * p:5.1f} %"


def _signed(v: float) -> str:
    return f"{v:+.3f}"


def _at_least_light(wound: dict[str, float]) -> float:
    return wound["light"] + wound["grave"] + wound["fatal"]


def _cm_range(dist: dict[str, float]) -> str:
    if not dist:
        return "-"
    values = sorted(float(k) for k in dist)
    lo, hi = values[0], values[-1]
    return f"{lo:g} cm" if lo == hi else f"{lo:g}-{hi:g} cm"


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
        raise UsageError(str(exc)) from None
    if args.json:
        _print_json(odds.to_dict())
        return 0
    weapon = shooter.weapon
    assert weapon is not None
    print(f"Shot with {weapon.name} at {distance:g} cm, cover {args.cover}: {describe_range_band(odds.range_band)} "
          f"(weapon modifier {odds.range_modifier:+d}); attack die {odds.attack_bonus:+d} against defence die {odds.defence_bonus:+d}.")
    rows = [("hits (before shields)", _pct(odds.p_hit))]
    if odds.template:
        rows.append(("struck (hit or caught)", _pct(odds.p_struck)))
    if odds.p_shield_stopped:
        rows.append(("stopped by the shield", _pct(odds.p_shield_stopped)))
    if odds.p_poisoned:
        rows.append(("poisoned", _pct(odds.p_poisoned)))
    rows.append(("target suffers:", ""))
    rows += [(f"  {_RESULT_LABELS[k]}", _pct(v)) for k, v in odds.wound.items()]
    rows.append(("expected damage", f"{odds.expected_damage:7.2f}"))
    if odds.p_dodge:
        rows.append(("if missed, may dodge", _cm_range(odds.dodge_cm)))
    _table(rows)
    wounded = _at_least_light(odds.wound)
    if odds.p_hit == 0 and odds.p_struck == 0:
        verdict = "this shot cannot hit."
    elif odds.p_shield_stopped and odds.expected_damage == 0:
        verdict = f"{100 * odds.p_hit:.1f} % to hit, but the target's shield stops every shot (R-SHIELD)."
    else:
        verdict = (f"{100 * odds.p_struck:.1f} % to hit, {100 * wounded:.1f} % to wound (light or worse), "
                   f"{100 * odds.wound['fatal']:.1f} % fatal.")
    print(f"Verdict: {verdict}")
    return 0


def _table(rows: list[tuple[str, str]]) -> None:
    width = max(len(label) for label, _ in rows)
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
        ("strikes first", _pct(cell.first["attacker"]), _pct(cell.first["defender"])),
        ("blow lands (before shields)", _pct(cell.p_attacker_hits), _pct(cell.p_defender_hits)),
        ("lowers its neutral die", _pct(cell.p_attacker_lowers), _pct(cell.p_defender_lowers)),
    ]
    if cell.p_attacker_poisoned or cell.p_defender_poisoned:
        rows.append(("is poisoned", _pct(cell.p_attacker_poisoned), _pct(cell.p_defender_poisoned)))
    rows.append(("suffers:", "", ""))
    for k in cell.attacker_wound:
        rows.append((f"  {_RESULT_LABELS[k]}", _pct(cell.attacker_wound[k]), _pct(cell.defender_wound[k])))
    rows.append(("expected damage taken", f"{cell.expected_damage_to_attacker:7.2f}", f"{cell.expected_damage_to_defender:7.2f}"))
    return rows


def _print_columns(header: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> None:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for r in [header, *rows]:
        print("  " + "  ".join(f"{c:<{widths[0]}}" if i == 0 else f"{c:>{widths[i]}}" for i, c in enumerate(r)).rstrip())


def _melee_verdict(cell: MeleeOdds) -> str:
    return (f"the attacker wounds (light or worse) {100 * _at_least_light(cell.defender_wound):.1f} % and kills "
            f"{100 * cell.p_defender_dies:.1f} %; it is wounded {100 * _at_least_light(cell.attacker_wound):.1f} % and dies "
            f"{100 * cell.p_attacker_dies:.1f} %.")


_PAYOFF_TEXT = {
    "wounds": "wound levels inflicted minus suffered (light 1, grave 2, fatal 3)",
    "wounded": "chance to wound (light or worse) minus chance to be wounded",
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
            print(f"Clash: the attacker {_verb(args.attacker_stance)}, the defender {_verb(args.defender_stance)}; "
                  f"lowering: attacker {a_low}, defender {d_low}.")
            _print_columns(("", "attacker", "defender"), _melee_cell_rows(cell))
            print(f"  value for the attacker: {_signed(cell.value)} ({_PAYOFF_TEXT[args.payoff]})")
            print(f"Verdict: {_melee_verdict(cell)}")
            return 0
        matrix = stance_matrix(
            attacker, defender,
            attacker_stances=[args.attacker_stance] if args.attacker_stance else None,
            defender_stances=[args.defender_stance] if args.defender_stance else None,
            **common,
        )
    except RuleError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        _print_json(matrix.to_dict())
        return 0
    print(f"Stance matrix: value for the attacker = {_PAYOFF_TEXT[args.payoff]}; lowering: attacker {a_low}, defender {d_low}.")
    header = ("", *(f"defender {_verb(d)}" for d in matrix.defender_stances))
    rows = []
    for a in matrix.attacker_stances:
        row = [f"attacker {_verb(a)}"]
        for d in matrix.defender_stances:
            c = matrix.cell(a, d)
            row.append(f"{_signed(c.value)} (kills {100 * c.p_defender_dies:5.1f} %, dies {100 * c.p_attacker_dies:5.1f} %)")
        rows.append(tuple(row))
    _print_columns(header, rows)
    print(f"Verdict: {_stance_verdict(matrix)}")
    return 0


def _advice(args: argparse.Namespace, attacker: Combatant, defender: Combatant, common: _ClashOptions) -> int:
    """Revealed dice: how each side should lower its neutral die (PRJ-80, PRJ-81)."""
    from ..dice import parse_dice
    from ..errors import DataError
    from ..odds import lowering_advice

    if not (args.attacker_dice and args.defender_dice and args.attacker_stance and args.defender_stance):
        raise UsageError("Arguments --attacker-dice and --defender-dice go together, with --attacker-stance and --defender-stance: "
                         "the lowering advice is for revealed dice and stances.")
    dice = []
    for text, argument in ((args.attacker_dice, "--attacker-dice"), (args.defender_dice, "--defender-dice")):
        try:
            dice.append(parse_dice(text, 3, source=f"Argument {argument}"))
        except DataError as exc:
            raise UsageError(str(exc)) from None
    if args.lowering is None and args.attacker_lowering is None:
        common["attacker_lowering"] = "best"
    if args.lowering is None and args.defender_lowering is None:
        common["defender_lowering"] = "best"
    try:
        advice = lowering_advice(attacker, defender, attacker_dice=dice[0], defender_dice=dice[1], attacker_stance=args.attacker_stance,
                                 defender_stance=args.defender_stance, **common)
    except RuleError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        _print_json(advice.to_dict())
        return 0
    first = {"attacker": "the attacker lowers first (lower initiative total)", "defender": "the defender lowers first (lower initiative total)",
             "secret": "equal initiative totals: both choose in secret"}[advice.order]
    print(f"Revealed: attacker {','.join(map(str, dice[0]))} {_verb(args.attacker_stance)}, defender {','.join(map(str, dice[1]))} "
          f"{_verb(args.defender_stance)}; {first}.")
    for side, rolled, choice in (("attacker", dice[0][0], advice.attacker), ("defender", dice[1][0], advice.defender)):
        if len(choice) == 1:
            (value,) = choice
            text = "keep it" if value == rolled else f"lower it to {value}"
        else:
            text = "mix: " + ", ".join(f"{v} ({100 * p:.1f} %)" for v, p in choice.items())
        print(f"  {side} (neutral {rolled}): {text}")
    print(f"  value for the attacker: {_signed(advice.value)} ({_PAYOFF_TEXT[args.payoff]})")
    return 0


def _verb(stance: str) -> str:
    return "attacks" if stance == "attack" else "defends"


def _stance_verdict(matrix: StanceMatrix) -> str:
    best = matrix.best
    rows, cols = matrix.attacker_stances, matrix.defender_stances
    if len(rows) == 1 and len(cols) == 1:
        return f"the attacker {_verb(rows[0])} and the defender {_verb(cols[0])}: the only stances they may take; value {_signed(best.value)} for the attacker."
    if len(rows) == 1 or len(cols) == 1:
        fixed, free = ("attacker", "defender") if len(rows) == 1 else ("defender", "attacker")
        assert best.saddle is not None  # one side's stance fixed: the other's best answer is pure
        stance = best.saddle[1] if free == "defender" else best.saddle[0]
        fixed_stance = best.saddle[0] if free == "defender" else best.saddle[1]
        return (f"the {fixed} {_verb(fixed_stance)}, so the {free}'s best answer is to {stance} "
                f"(value {_signed(best.value)} for the attacker).")
    if best.saddle is not None:
        a, d = best.saddle
        return f"best stances: the attacker {_verb(a)}, the defender {_verb(d)} (a saddle point); value {_signed(best.value)} for the attacker."
    return (f"no pure best stance; at equilibrium the attacker attacks {100 * best.attacker['attack']:.1f} % of the time and the "
            f"defender {100 * best.defender['attack']:.1f} %; value {_signed(best.value)} for the attacker.")


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
        raise UsageError(str(exc)) from None
    if args.json:
        _print_json(odds.to_dict())
        return 0
    print(f"Disengage: lowering: mover {m_low}, opponent {o_low}; totals compared: {args.compare or 'neutral'} die + Reflexes + "
          "melee weapon Initiative (PRJ-17).")
    rows = [("gets away", _pct(odds.p_success)), ("if it gets away, moves", _cm_range(odds.margin_cm))]
    if odds.p_shield_stopped:
        rows.append(("blow stopped by the shield", _pct(odds.p_shield_stopped)))
    if odds.p_poisoned:
        rows.append(("mover poisoned", _pct(odds.p_poisoned)))
    rows.append(("mover suffers:", ""))
    rows += [(f"  {_RESULT_LABELS[k]}", _pct(v)) for k, v in odds.wound.items()]
    rows.append(("expected damage", f"{odds.expected_damage:7.2f}"))
    _table(rows)
    print(f"Verdict: {100 * odds.p_success:.1f} % to get away; {100 * _at_least_light(odds.wound):.1f} % to be wounded "
          f"(light or worse), {100 * odds.p_mover_dies:.1f} % to die trying.")
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
