"""``landsraad advise SCENE MODEL``: every option of the model's activation, ranked by exact odds
(:func:`landsraad.table.advice.advise`), worded by :func:`landsraad.wording.advice_lines`.

Exit status: 0 answered, 1 a bad scene file, 2 bad arguments.
"""

from __future__ import annotations

import argparse

from .. import wording
from ..geometry import sight
from ..geometry.movement import plan_move
from ..i18n import _, decimal
from ..ruleset import Ruleset
from ..svg import render_board
from ..table import scenes
from ..table.advice import TemplateOption, advise
from ..table.boards import facts_of
from .geometry import SCENE_HELP, add_output_options, check_svg, finish, given_movement

__all__ = ["register", "cmd_advise"]


def cmd_advise(args: argparse.Namespace) -> int:
    """``landsraad advise SCENE MODEL``: the options, best first."""
    check_svg(args)
    given = given_movement(args)
    scene = scenes.load(args.scene)
    board = scene.board
    args.model = scenes.resolve(scene, args.model)  # a French name names its model too
    scenes.need_model(board, args.model, args.scene)
    ruleset = Ruleset(arrakis=args.arrakis, models_block_sight=not args.models_transparent)
    answer = advise(scene, args.model, scene_name=args.scene, ruleset=ruleset, movement_cm=given)
    best = answer.options[0]
    # the picture labels the models by id, and so do its texts (as measure and shoot)
    notes = [_("{i}. {option} - expected damage {damage}, risk {risk}").format(
        i=i, option=wording.option_title(o), damage=decimal(f"{o.expected_damage:.2f}"), risk=o.risk.count)
        for i, o in enumerate(answer.options[:6], 1)]
    title = _("advise {model}: {option}").format(model=args.model, option=wording.option_title(best))

    def picture() -> str:
        if isinstance(best, TemplateOption) and best.shape is not None:  # the template where aimed, every model under it
            shown = board.moved(args.model, best.at) if best.at is not None else board
            return render_board(shown, title=title,
                                template=(best.shape, tuple(u.model for u in best.under)), highlight=(args.model,),
                                notes=notes)
        # the table as the best option leaves it where it acts: moved first for a move then a shot or a charge
        at = best.at if best.at is not None else best.end
        shown = board.moved(args.model, at)
        cover = (sight.cover(shown, args.model, best.target, models_block=ruleset.models_block_sight)
                 if best.target is not None and best.kind in ("shoot", "move_then_shoot", "shoot_then_move", "disengage_then_shoot")
                 else None)
        # two moves: twice the Movement; a disengage: its margin (a neutral die, 10 cm at the most) and the Move action
        allowance = {"two_moves": 2 * answer.movement_cm, "disengage_then_move": answer.movement_cm + 10,
                     "disengage_then_shoot": 10.0}.get(best.kind, answer.movement_cm)
        path = plan_move(board, args.model, at, allowance) if at != board.base(args.model).center else None
        return render_board(shown, title=title, sight=cover, move=path,
                            highlight=(args.model,) + ((best.target,) if best.target else ()), notes=notes)

    shown = facts_of(scene).shown  # French names in the French lines (as measure and shoot)
    finish(args, answer.to_dict(), wording.advice_lines(answer, top=None if args.all else 5, shown=shown), picture)
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``advise`` command."""
    p = subparsers.add_parser(
        "advise",
        help=_("every option of a model's activation, ranked by exact odds"),
        description=_("For the model about to act: shooting from where it stands, moving then shooting, shooting "
        "then moving out of reach, charging each enemy within one move, template shots (where to aim, every model "
        "under it, friendly fire; with the free move before or after), or no action (R-ACTIVATE), ranked by "
        "expected damage, then by the risk taken (the enemies that could shoot or charge it where it ends), each "
        "with its odds, reasons and the odds shoot / odds melee / template / move command lines that give the same "
        "numbers. Special actions a scene cannot weigh (healing, mission actions, equipment) are named."),
    )
    p.add_argument("scene", help=_(SCENE_HELP))
    p.add_argument("model", help=_("the model about to act (it and the enemies need profiles)"))
    p.add_argument("--movement", metavar="CM", help=_("its move allowance (default: its Movement in the scene)"))
    p.add_argument("--all", action="store_true", help=_("list every option (default: the best five)"))
    p.add_argument("--arrakis", action="store_true", help=_("R-ARRAKIS: no shields"))
    p.add_argument("--models-transparent", action="store_true",
                   help=_("other models do not block sight (ruleset option models_block_sight = false)"))
    add_output_options(p)
    p.set_defaults(func=cmd_advise)
