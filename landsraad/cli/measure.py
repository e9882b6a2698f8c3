"""``landsraad measure SCENE A B``: :func:`landsraad.table.measure.measure`, worded by
:func:`landsraad.wording.measure_lines` (exit 0 answered, 1 a bad scene file, 2 bad arguments).
"""

from __future__ import annotations

import argparse

from .. import wording
from ..errors import UsageError
from ..geometry.robust import DEFAULT_TOLERANCE_CM
from ..i18n import _, decimal
from ..svg import render_board
from ..table import boards
from ..table.measure import measure
from ..table.weapon_text import is_bare_name
from . import geometry
from .geometry import SCENE_HELP, add_models_block, add_output_options, check_svg, finish, number

__all__ = ["register", "cmd_measure", "tolerance_option"]


def tolerance_option(args: argparse.Namespace) -> float:
    """``--tolerance CM``: how far a model may stand from where it is measured (default 0.5 cm)."""
    if args.tolerance is None:
        return DEFAULT_TOLERANCE_CM
    return number(args.tolerance, "--tolerance", positive=True)


def cmd_measure(args: argparse.Namespace) -> int:
    """``landsraad measure SCENE A B``: :func:`landsraad.table.measure.measure`, worded."""
    check_svg(args)
    bare = args.weapon is not None and is_bare_name(args.weapon)
    # bad forms fail first; the weapon parser (faction sheets) is loaded only when --weapon is given
    weapon = geometry.weapon_range(args.weapon, None) if args.weapon is not None and not bare else None
    tolerance = tolerance_option(args)
    facts = boards.load_facts(args.scene)  # the table alone: from the cache of validated scenes when unchanged
    board = facts.board
    args.a, args.b = facts.resolve(args.a), facts.resolve(args.b)  # a model may be named by its French name too
    boards.need_thing(board, args.a, args.scene)
    boards.need_thing(board, args.b, args.scene)
    if args.a == args.b:
        raise UsageError(_("measure needs two different things; got {thing} twice.").format(thing=repr(args.a)))
    if bare:  # a weapon's name alone is read in the acting model's faction
        weapon = geometry.weapon_range(args.weapon, facts.faction(args.a) if board.has_base(args.a) else None)
    m = measure(board, args.a, args.b, weapon=weapon, tolerance_cm=tolerance, models_block=not args.models_transparent)
    notes = [_("Range modifier: {modifier} (weapon range {range} cm)").format(
        modifier=f"{m.modifier:+d}", range=decimal(wording.fmt(weapon.range_cm)))] if weapon else []
    if m.cover is None:
        notes.insert(0, _("Distance {a} -> {b}: {distance} cm edge to edge").format(
            a=args.a, b=args.b, distance=decimal(f"{m.reported_cm:.1f}")))
    steady = wording.steadiness_line(m)
    if steady:
        notes.append(steady)
    # the lines name the models by their French names in French; the picture labels them by id, and so does its text
    finish(args, m.to_dict(), wording.measure_lines(m, facts.shown), lambda: render_board(
        board, title=_("measure {a} -> {b}").format(a=args.a, b=args.b), sight=m.cover, highlight=(args.a, args.b), notes=notes))
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the commands of this module to the ``landsraad`` parser."""
    p = subparsers.add_parser(
        "measure",
        help=_("distance, contact, line of sight and cover between two models"),
        description=_("Distance edge to edge (R-MEASURE), contact (RUL-07), line of sight (R-LOS) and cover "
        "(R-COVER, RUL-11) from model A to model B; with --weapon, the range modifier (R-SHOOT)."),
    )
    p.add_argument("scene", help=_(SCENE_HELP))
    p.add_argument("a", help=_("the acting model (the shooter); a marker or terrain id gives the distance only"))
    p.add_argument("b", help=_("the target model; a marker or terrain id gives the distance only"))
    p.add_argument(
        "--weapon",
        metavar=_("WEAPON"),
        help=_("the weapon: FACTION:WEAPON (corrino:pistol), FACTION/TYPE:WEAPON, inline range=10,combat=+1, or "
        "RANGE[,COMBAT] in cm (10 or 10,+1); range_modifier is the weapon's Combat minus one per range band "
        "beyond its range"),
    )
    p.add_argument("--tolerance", metavar="CM", help=_("how far either model may stand from where it is measured for "
                   "the answer to count as robust (default 0.5, a tape at a real table)"))
    add_models_block(p)
    add_output_options(p)
    p.set_defaults(func=cmd_measure)
