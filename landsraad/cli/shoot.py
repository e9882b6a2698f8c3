"""``landsraad shoot SCENE A B``: the table's geometry and the exact odds of the shot, in one answer.

The answer is :func:`landsraad.table.shot.shot` (``measure``'s geometry and ``odds shoot``'s
odds on the same distance and cover), worded by :func:`landsraad.wording.shot_lines`. Stats
come from the models' profiles when the scene names them (``profile: corrino/soldier``);
``--attacker`` and ``--target`` take the forms of ``odds shoot``: a profile reference replaces
the scene's, inline ``key=value`` items change the scene's card (``--target wound=light``) or,
for a model without a profile, give its stats.

The weapon: ``--weapon`` (a bare name such as ``pistol`` is read in the shooter's faction),
else the ranged weapons the shooter carries in the scene (``weapons:``, else its card's): with
several, the answer is given for each, in the order carried.

Exit status: 0 answered (even "this shot may not be taken"), 1 a bad scene file, 2 bad
arguments.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from .. import wording
from ..errors import UsageError
from ..fileio import atomic_write_text, check_output_path
from ..i18n import _
from ..model import Weapon
from ..ruleset import Ruleset
from ..scene import Scene
from ..svg import render_board
from ..table import scenes, weapons
from ..table.boards import facts_of
from ..table.shot import ShotAnswer, shot
from .geometry import SCENE_HELP, add_output_options, check_svg
from .measure import tolerance_option
from .stats import build_combatant, parse_model_spec, parse_weapon

__all__ = ["register", "cmd_shoot"]


def _is_profile_ref(text: str) -> bool:
    first = text.split(",")[0].strip()
    return "/" in first and "=" not in first


def _model_text(scene: Scene, model_id: str, given: str | None, option: str) -> str:
    """The stats text for a model: the option, the scene's profile changed by it, or the profile alone."""
    profile = scene.model(model_id).profile
    if given is not None:
        if _is_profile_ref(given) or profile is None:
            return given
        return f"{profile},{given}"
    if profile is None:
        raise UsageError(_("Model {model} has no profile in the scene; give its stats with {option}, e.g. {option}"
                           " corrino/soldier or {option} combat=1,endurance=3.").format(model=repr(model_id), option=option))
    return profile


def _weapon(text: str, faction: str | None) -> Weapon:
    """``--weapon``: a bare name in the shooter's faction, FACTION:WEAPON, FACTION/TYPE:WEAPON or inline items."""
    if weapons.is_bare_name(text):
        if faction is None:
            raise UsageError(_("--weapon {text}: the shooter has no profile, so its faction is unknown; write"
                               " FACTION:WEAPON (corrino:pistol) or inline {inline}.")
                             .format(text=repr(text), inline="range=10,combat=+1,damage=+1"))
        return weapons.in_faction(text, faction)
    if _is_profile_ref(text):
        weapon = parse_model_spec(text, argument="--weapon").weapon
        if weapon is None:
            raise UsageError(_("--weapon {text} names a profile but no weapon; write FACTION/TYPE:WEAPON, e.g."
                               " corrino/soldier:pistol.").format(text=repr(text)))
        return weapon
    return parse_weapon(text, argument="--weapon")


def _choices(args: argparse.Namespace, scene: Scene) -> list[Weapon | None]:
    """The weapons to answer for: ``--weapon``, else the ranged weapons the shooter carries in the
    scene (when its stats come from the scene), else None (the stats' own default)."""
    faction = weapons.faction_of(scene, args.a)
    if args.attacker is not None and _is_profile_ref(args.attacker):
        faction = args.attacker.split(",")[0].partition("/")[0]
    if args.weapon is not None:
        return [_weapon(args.weapon, faction)]
    if args.attacker is None or not _is_profile_ref(args.attacker):
        carried = list(weapons.ranged_carried(scene, args.a))
        if carried:
            return list(carried)
    return [None]


def cmd_shoot(args: argparse.Namespace) -> int:
    """``landsraad shoot SCENE A B``: geometry and exact odds of A shooting B, for each weapon it may use."""
    check_svg(args)
    tolerance = tolerance_option(args)
    scene = scenes.load(args.scene)
    board = scene.board
    args.a, args.b = scenes.resolve(scene, args.a), scenes.resolve(scene, args.b)  # a French name names its model too
    scenes.need_model(board, args.a, args.scene, "shooter")
    scenes.need_model(board, args.b, args.scene, "target")
    if args.a == args.b:
        raise UsageError(_("shoot needs two different models; got {model} twice.").format(model=repr(args.a)))
    ruleset = Ruleset(ties=args.ties, arrakis=args.arrakis, models_block_sight=not args.models_transparent)
    attacker = parse_model_spec(_model_text(scene, args.a, args.attacker, "--attacker"), argument="--attacker")
    target = build_combatant(parse_model_spec(_model_text(scene, args.b, args.target, "--target"), argument="--target"))
    answers: list[ShotAnswer] = []
    for weapon in _choices(args, scene):
        shooter = build_combatant(attacker, weapon, use="shoot")
        answers.append(shot(board, args.a, args.b, shooter, target, scene=str(args.scene), ruleset=ruleset,
                            tolerance_cm=tolerance, laser_mode=args.laser_mode))
    data: dict[str, Any] = answers[0].to_dict()
    shown = facts_of(scene).shown  # French names in the French lines (as measure); the picture keeps the ids
    if len(answers) == 1:
        lines = wording.shot_lines(answers[0], shown)
    else:
        data["each_weapon"] = [a.to_dict() for a in answers]
        lines = [_("{model} carries {n} ranged weapons ({weapons}): the answer for each (choose one with --weapon).")
                 .format(model=shown(args.a), n=len(answers), weapons=", ".join(wording.weapon_name(a.weapon) for a in answers))]
        for a in answers:
            lines += ["", *wording.shot_lines(a, shown)]
    if args.svg:
        _write_svg(args, board, answers[0])
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        print("\n".join(lines))
        if args.svg:
            print(_("Picture written to {path}.").format(path=args.svg))
    return 0


def _write_svg(args: argparse.Namespace, board: Any, answer: ShotAnswer) -> None:
    lines = wording.shot_lines(answer)
    verdict = lines[-2:] if answer.cannot_wound_because in ("shield", "damage") else lines[-1:]  # "This shot may..." [+ why not]
    steady = wording.steadiness_line(answer.measurement)
    atomic_write_text(check_output_path(args.svg, what="--svg"), render_board(
        board, title=_("shoot {a} -> {b} with {weapon}").format(a=args.a, b=args.b, weapon=wording.weapon_name(answer.weapon)), sight=answer.measurement.cover,
        highlight=(args.a, args.b), notes=([steady] if steady else []) + verdict))


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``shoot`` command."""
    stats_help = _("inline stats key=value,... or FACTION/TYPE[:WEAPON]; inline items change the scene's profile")
    p = subparsers.add_parser(
        "shoot",
        help=_("a shot on a scene: geometry and exact odds in one answer"),
        description=_("Distance, line of sight, cover and what gives it, range band, the nearest-target check "
        "(RUL-08) and the exact odds of the shot (as 'odds shoot' on the same numbers). Stats come from the "
        "models' profiles in the scene; --attacker and --target override them. Without --weapon, the answer is "
        "given for each ranged weapon the shooter carries (the scene's weapons: list, else its card's)."),
    )
    p.add_argument("scene", help=_(SCENE_HELP))
    p.add_argument("a", help=_("the shooter"))
    p.add_argument("b", help=_("the target"))
    p.add_argument("--weapon", metavar=_("WEAPON"), help=_("the ranged weapon: a name in the shooter's faction (pistol), "
                   "FACTION:WEAPON (corrino:pistol), FACTION/TYPE:WEAPON or inline range=10,combat=+1,damage=+1 "
                   "(default: each ranged weapon the shooter carries)"))
    p.add_argument("--attacker", "--shooter", dest="attacker", metavar=_("STATS"), help=_('the shooter: {stats_help}').format(stats_help=stats_help))
    p.add_argument("--target", metavar=_("STATS"), help=_('the target: {stats_help}').format(stats_help=stats_help))
    p.add_argument("--tolerance", metavar="CM", help=_("how far either model may stand from where it is measured for "
                   "the answer to count as robust (default 0.5)"))
    p.add_argument("--laser-mode", choices=("burn", "explosive"), default="burn", help=_("a laser's mode (R-LASER)"))
    p.add_argument("--ties", choices=("strict", "active"), default="strict",
                   help=_("RUL-01: a tie fails (strict, default) or goes to the active side"))
    p.add_argument("--arrakis", action="store_true", help=_("R-ARRAKIS: no shields"))
    p.add_argument("--models-transparent", action="store_true",
                   help=_("other models do not block sight (ruleset option models_block_sight = false)"))
    add_output_options(p)
    p.set_defaults(func=cmd_shoot)
