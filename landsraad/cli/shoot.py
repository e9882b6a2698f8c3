"""``landsraad shoot SCENE A B``: the table's geometry and the exact odds of the shot, in one answer.

The geometry is ``measure``'s (distance, line of sight, cover and where it comes from, range
band, the nearest-target check, robustness); the odds are ``odds shoot``'s (:func:`landsraad.odds.shot_odds`)
on the same distance and cover. Stats come from the models' profiles when the scene names
them (``profile: corrino/soldier``); ``--attacker`` and ``--target`` take the forms of
``odds shoot``: a profile reference replaces the scene's, inline ``key=value`` items change
the scene's card (``--target wound=light``) or, for a model without a profile, give its
stats.

Exit status: 0 answered (even "this shot may not be taken"), 1 a bad scene file, 2 bad
arguments.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import RuleError, UsageError
from .geometry import (
    _check_svg,
    _common,
    _dist,
    _finish,
    _load,
    _need_model,
    _tolerance,
    measure_answer,
)

__all__ = ["register", "cmd_shoot"]

_RESULT_LABELS = {"none": "nothing", "scratch": "scratch", "light": "light wound", "grave": "grave wound",
                  "fatal": "fatal wound"}


def _is_profile_ref(text: str) -> bool:
    first = text.split(",")[0].strip()
    return "/" in first and "=" not in first


def _model_text(scene: Any, model_id: str, given: str | None, option: str) -> str:
    """The stats text for a model: the option, the scene's profile changed by it, or the profile alone."""
    profile = scene.model(model_id).profile
    if given is not None:
        if _is_profile_ref(given) or profile is None:
            return given
        return f"{profile},{given}"
    if profile is None:
        raise UsageError(f"Model {model_id!r} has no profile in the scene; give its stats with {option}, "
                         f"e.g. {option} corrino/soldier or {option} combat=1,endurance=3.")
    return profile


def _weapon(text: str | None) -> Any:
    """``--weapon``: FACTION:WEAPON, FACTION/TYPE:WEAPON or inline key=value items (with damage)."""
    from .stats import parse_model_spec, parse_weapon

    if text is None:
        return None
    if _is_profile_ref(text):
        weapon = parse_model_spec(text, argument="--weapon").weapon
        if weapon is None:
            raise UsageError(f"--weapon {text!r} names a profile but no weapon; write FACTION/TYPE:WEAPON, "
                             "e.g. corrino/soldier:pistol.")
        return weapon
    return parse_weapon(text, argument="--weapon")


def cmd_shoot(args: argparse.Namespace) -> int:
    """``landsraad shoot SCENE A B``: geometry and exact odds of A shooting B."""
    from ..geometry.measure import distance
    from ..odds import shot_odds
    from ..ruleset import Ruleset
    from ..svg import render_board
    from .stats import build_combatant, parse_model_spec

    _check_svg(args)
    weapon = _weapon(args.weapon)
    tolerance = _tolerance(args)
    scene = _load(args.scene)
    board = scene.board
    _need_model(board, args.a, args.scene, "shooter")
    _need_model(board, args.b, args.scene, "target")
    if args.a == args.b:
        raise UsageError(f"shoot needs two different models; got {args.a!r} twice.")
    shooter = build_combatant(parse_model_spec(_model_text(scene, args.a, args.attacker, "--attacker"),
                                               argument="--attacker"), weapon, use="shoot")
    target = build_combatant(parse_model_spec(_model_text(scene, args.b, args.target, "--target"),
                                              argument="--target"))
    gun = shooter.weapon
    assert gun is not None  # build_combatant(use="shoot") refuses a shooter without a ranged weapon
    ruleset = Ruleset(ties=args.ties, arrakis=args.arrakis,
                      models_block_sight=not args.models_transparent)
    band_range = (float(gun.range_cm), int(gun.combat)) if gun.range_cm is not None else None
    geo, lines, cov = measure_answer(board, args.a, args.b, weapon=band_range, tolerance=tolerance,
                                     models_block=ruleset.models_block_sight)
    exact = distance(board, args.a, args.b)
    reasons: list[str] = []
    odds = None
    if not geo["line_of_sight"]:
        reasons.append(f"{args.a} has no line of sight to {args.b} (R-LOS)")
    else:
        if gun.template is not None and gun.template.kind == "direct" and exact > gun.template.size_cm + 1e-9:
            reasons.append(f"{args.b} is {_dist(exact)} cm away, beyond the {gun.template.size_cm:g} cm of the"
                           f" {gun.name}'s direct-fire template (R-TEMPLATE)")
        if geo["target_is_nearest"] is False and gun.template is None:
            reasons.append(f"{args.b} is not the nearest enemy {args.a} sees; the nearest: "
                           f"{', '.join(geo['nearest_targets']) or '(none)'} (RUL-08)")
        try:
            odds = shot_odds(shooter, target, distance_cm=exact, cover=geo["cover"], laser_mode=args.laser_mode,
                             ruleset=ruleset)
        except RuleError as exc:  # the kernel refuses this shot (a laser at a shield...)
            reasons.append(str(exc).rstrip("."))
    data: dict[str, Any] = {
        "scene": str(args.scene),
        "shooter": args.a,
        "target": args.b,
        "weapon": gun.name,
        "geometry": geo,
        "allowed": not reasons,
        "reasons": reasons,
        "odds": odds.to_dict() if odds is not None else None,
    }
    lines.insert(0, f"{args.a} shoots {args.b} with {gun.name}.")
    if odds is not None:
        lines.append(f"Odds (cover {geo['cover']}, {_dist(exact)} cm): attack die {odds.attack_bonus:+d} against"
                     f" defence die {odds.defence_bonus:+d}.")
        rows = [("hits (before shields)", odds.p_hit)]
        if odds.template:
            rows.append(("struck (hit or caught)", odds.p_struck))
        if odds.p_shield_stopped:
            rows.append(("stopped by the shield", odds.p_shield_stopped))
        rows += [(f"  {_RESULT_LABELS[k]}", v) for k, v in odds.wound.items()]
        width = max(len(label) for label, _ in rows)
        lines += [f"  {label.ljust(width)}  {100 * v:5.1f} %" for label, v in rows[:-len(odds.wound)]]
        lines.append("  the target suffers:")
        lines += [f"  {label.ljust(width)}  {100 * v:5.1f} %" for label, v in rows[-len(odds.wound):]]
        lines.append(f"  {'expected damage'.ljust(width)}  {odds.expected_damage:7.2f}")
    if reasons:
        lines.append("This shot may not be taken: " + "; ".join(reasons) + ".")
    else:
        lines.append("This shot may be taken.")
    _finish(args, data, "\n".join(lines), lambda: render_board(board, title=f"shoot {args.a} -> {args.b}",
                                                                  sight=cov, highlight=(args.a, args.b)))
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``shoot`` command."""
    stats_help = "inline stats key=value,... or FACTION/TYPE[:WEAPON]; inline items change the scene's profile"
    p = subparsers.add_parser(
        "shoot",
        help="a shot on a scene: geometry and exact odds in one answer",
        description="Distance, line of sight, cover and what gives it, range band, the nearest-target check "
        "(RUL-08) and the exact odds of the shot (as 'odds shoot' on the same numbers). Stats come from the "
        "models' profiles in the scene; --attacker and --target override them.",
    )
    p.add_argument("scene", help="scene file (YAML), or the name of a bundled scene such as 'reference'")
    p.add_argument("a", help="the shooter")
    p.add_argument("b", help="the target")
    p.add_argument("--weapon", metavar="WEAPON", help="the ranged weapon: FACTION:WEAPON (corrino:pistol), "
                   "FACTION/TYPE:WEAPON or inline range=10,combat=+1,damage=+1 (default: the shooter's first "
                   "ranged weapon)")
    p.add_argument("--attacker", "--shooter", dest="attacker", metavar="STATS", help=f"the shooter: {stats_help}")
    p.add_argument("--target", metavar="STATS", help=f"the target: {stats_help}")
    p.add_argument("--tolerance", metavar="CM", help="how far either model may stand from where it is measured for "
                   "the answer to count as robust (default 0.5)")
    p.add_argument("--laser-mode", choices=("burn", "explosive"), default="burn", help="a laser's mode (R-LASER)")
    p.add_argument("--ties", choices=("strict", "active"), default="strict",
                   help="RUL-01: a tie fails (strict, default) or goes to the active side")
    p.add_argument("--arrakis", action="store_true", help="R-ARRAKIS: no shields")
    p.add_argument("--models-transparent", action="store_true",
                   help="other models do not block sight (ruleset option models_block_sight = false)")
    _common(p)
    p.set_defaults(func=cmd_shoot)
