"""``landsraad move`` and ``landsraad reach``: :mod:`landsraad.table.moves`, worded (``move`` exits 0 for
a legal move, 1 for an illegal one or a bad scene file, 2 for bad arguments, like ``grep``).
"""

from __future__ import annotations

import argparse

from .. import wording
from ..errors import UsageError, quoted
from ..i18n import _, decimal
from ..svg import render_board
from ..table import boards, moves
from .geometry import SCENE_HELP, add_output_options, check_svg, finish, given_movement, parse_point

__all__ = ["register", "cmd_move", "cmd_reach"]


def _mover(args: argparse.Namespace) -> tuple[boards.TableFacts, float]:
    """The scene's table and the moving model's allowance (``--movement`` or its Movement), checked; the model
    may be named by its French name too (``args.model`` becomes its id)."""
    check_svg(args)
    given = given_movement(args)
    facts = boards.load_facts(args.scene)  # the table alone: from the cache of validated scenes when unchanged
    args.model = facts.resolve(args.model)
    boards.need_model(facts.board, args.model, args.scene)
    return facts, boards.movement_of(facts.movement.get(args.model), args.model, given, args.scene)


def cmd_move(args: argparse.Namespace) -> int:
    """``landsraad move SCENE MODEL --to X,Y|MODEL``: :func:`landsraad.table.moves.move_to` or
    :func:`~landsraad.table.moves.move_into_contact` (with the charge answer). Exit 0 legal, 1 illegal."""
    facts, allowance = _mover(args)
    board = facts.board
    if "," in args.to:
        answer = moves.move_to(board, args.model, parse_point(args.to, "--to"), allowance)
    else:
        other = facts.resolve(args.to.strip())
        if other == args.model:
            raise UsageError(_("--to names {model}, the model that moves; name another model or a point X,Y.").format(
                model=quoted(args.model)))
        if not board.has_base(other):
            try:
                boards.need_model(board, other, args.scene, exclude=args.model)
            except UsageError as exc:
                raise UsageError(_("--to expects a point X,Y in cm or a model to move into contact with. {problem}").format(
                    problem=exc.localized())) from None
        answer = moves.move_into_contact(board, args.model, other, allowance)
    target = _("({x}, {y})").format(x=decimal(wording.fmt(answer.to[0])), y=decimal(wording.fmt(answer.to[1])))  # wording.point, per language
    if answer.contact_with:
        target = _("contact with {model} at {point}").format(model=answer.contact_with, point=target)
    # the lines name the models by their French names in French; the picture labels them by id, and so does its text
    finish(args, answer.to_dict(), wording.move_lines(answer, facts.shown), lambda: render_board(
        board, title=_("move {model} to {target}").format(model=args.model, target=target), move=answer.result,
        highlight=(args.model,) + ((answer.contact_with,) if answer.contact_with else ()),
        notes=[wording.charge_line(answer.charge, args.model)] if answer.charge else ()))
    return 0 if answer.legal else 1


def cmd_reach(args: argparse.Namespace) -> int:
    """``landsraad reach SCENE MODEL``: :func:`landsraad.table.moves.reach`, worded."""
    facts, allowance = _mover(args)
    board = facts.board
    answer = moves.reach(board, args.model, allowance)
    given = given_movement(args)
    finish(args, answer.to_dict(), wording.reach_lines(answer, facts.shown, scene=args.scene, given_movement=given),
           lambda: render_board(
        board, title=_("reach of {model}, movement {movement} cm").format(model=args.model, movement=decimal(wording.fmt(allowance))), region=answer.region,
        band=answer.band, highlight=(args.model,), notes=wording.band_lines(answer, scene=args.scene, given_movement=given)))
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the commands of this module to the ``landsraad`` parser."""
    p = subparsers.add_parser(
        "move",
        help=_("is a move legal, and by which path"),
        description=_("Shortest legal path for MODEL's base to X,Y, or into base contact with another model "
        "(R-MOVE, R-TERRAIN-KINDS, RUL-17): the base slides round impassable terrain and other bases, difficult "
        "terrain costs double, the base stays on the table. A move that is too long says where the model gets to "
        "(stop_at) and how far is missing."),
        epilog=_("Exit status: 0 the move is legal, 1 it is not (or the scene file is bad), 2 a usage error - like "
        "grep, so scripts can test it."),
    )
    p.add_argument("scene", help=_(SCENE_HELP))
    p.add_argument("model")
    p.add_argument("--to", required=True, metavar=_("X,Y|MODEL"),
                   help=_("destination of the base centre in cm, or a model to move into base contact with"))
    p.add_argument("--movement", metavar="CM", help=_("allowance in cm (default: the model's movement in the scene)"))
    add_output_options(p)
    p.set_defaults(func=cmd_move)

    p = subparsers.add_parser(
        "reach",
        help=_("where a model can move this activation"),
        description=_("The region of base-centre positions MODEL can reach with one move (R-MOVE, RUL-17)."),
    )
    p.add_argument("scene", help=_(SCENE_HELP))
    p.add_argument("model")
    p.add_argument("--movement", metavar="CM", help=_("allowance in cm (default: the model's movement in the scene)"))
    add_output_options(p)
    p.set_defaults(func=cmd_reach)
