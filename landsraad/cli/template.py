"""``landsraad template``: :mod:`landsraad.table.template` (models under a blast or direct-fire
template and their dodges, R-TEMPLATE, RUL-19, RUL-09), worded.
"""

from __future__ import annotations

import argparse
from typing import Any

from .. import wording
from ..errors import UsageError, carried_message
from ..i18n import _, message
from ..svg import render_board
from ..table import scenes, template
from .geometry import SCENE_HELP, add_models_block, add_output_options, check_svg, finish, number, parse_dodges, parse_point

__all__ = ["register", "cmd_template"]


def cmd_template(args: argparse.Namespace) -> int:
    """``landsraad template SCENE --blast X,Y | --direct MODEL --toward X,Y --length L``: models hit (R-TEMPLATE,
    RUL-19) and, with ``--dodge [ID=]CM``, how each can get out (RUL-09)."""
    check_svg(args)
    if (args.blast is None) == (args.direct is None):
        raise UsageError(message('template needs exactly one of --blast X,Y or --direct MODEL --toward X,Y --length L.'))
    default_dodge, per_model = parse_dodges(args.dodge)
    if args.blast is not None:
        if args.toward is not None or args.length is not None:
            raise UsageError(message('--toward and --length go with --direct, not with --blast.'))
        center = parse_point(args.blast, "--blast")
        board = scenes.load(args.scene).board
        _need_dodgers(board, per_model, args.scene)
        answer = template.blast(board, center, dodge_cm=default_dodge, dodges=per_model)
    else:
        if args.toward is None or args.length is None:
            raise UsageError(message("--direct MODEL needs --toward X,Y and --length L (the template's length in cm)."))
        toward = parse_point(args.toward, "--toward")
        length = number(args.length, "--length", positive=True, allow_zero=False)
        board = scenes.load(args.scene).board
        scenes.need_model(board, args.direct, args.scene, "shooter")
        _need_dodgers(board, per_model, args.scene)
        answer = template.direct(board, args.direct, toward, length, models_block=not args.models_transparent,
                                 dodge_cm=default_dodge, dodges=per_model)
    finish(args, answer.to_dict(), wording.template_lines(answer, list(per_model)), lambda: render_board(
        board, title=wording.template_title(answer), template=(answer.shape, answer.hit), dodges=answer.dodges,
        highlight=(args.direct,) if args.direct else ()))
    return 0


def _need_dodgers(board: Any, per_model: dict[str, float], scene: str) -> None:
    for model_id in per_model:
        if not board.has_base(model_id):
            try:
                scenes.need_model(board, model_id, scene)
            except UsageError as exc:
                raise UsageError(message('--dodge names model {model_id!r}, which is not in the scene. {exc}', model_id=model_id,
                                         exc=carried_message(exc))) from None


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the commands of this module to the ``landsraad`` parser."""
    p = subparsers.add_parser(
        "template",
        help=_("models under a blast or direct-fire template, and their dodges"),
        description=_("Models under a 5 cm blast template or a direct-fire template (R-TEMPLATE, RUL-19); with "
        "--dodge ID=CM (one distance per model) or --dodge CM (every model), the shortest move that takes each one "
        "wholly out of it (RUL-09)."),
    )
    p.add_argument("scene", help=_(SCENE_HELP))
    p.add_argument("--blast", metavar="X,Y", help=_("centre of a blast template (5 cm radius)"))
    p.add_argument("--direct", metavar=_("MODEL"), help=_("the shooter of a direct-fire template"))
    p.add_argument("--toward", metavar="X,Y", help=_("direct fire: the point the line is aimed at"))
    p.add_argument("--length", metavar="L", help=_("direct fire: the template's length in cm (e.g. 20)"))
    p.add_argument("--dodge", metavar="[ID=]CM", nargs="+", action="extend",
                   help=_("how far a model hit may move to dodge (its neutral die + Reflexes, RUL-09): ID=CM for one "
                   "model (repeat for each, e.g. --dodge a=4 b=7), or CM for every model hit without its own"))
    add_models_block(p)
    add_output_options(p)
    p.set_defaults(func=cmd_template)
