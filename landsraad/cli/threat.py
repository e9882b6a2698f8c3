"""``landsraad threat SCENE MODEL``: the threat map of :func:`landsraad.table.threat.threat_map`,
worded by :func:`landsraad.wording.threat_lines`, pictured with each cell shaded by its threat.

Exit status: 0 answered, 1 a bad scene file, 2 bad arguments.
"""

from __future__ import annotations

import argparse

import shapely
from shapely.geometry.base import BaseGeometry

from .. import wording
from ..i18n import _, decimal
from ..ruleset import Ruleset
from ..svg import render_board
from ..table import scenes
from ..table.threat import RESOLUTION_CM, ThreatMap, threat_map
from .geometry import SCENE_HELP, add_models_block, add_output_options, check_svg, finish, number, parse_point

__all__ = ["register", "cmd_threat", "THREAT_COLOURS", "shade_of"]

THREAT_COLOURS = ("#ffffff", "#fde68a", "#f59e0b", "#dc2626", "#7f1d1d")
"""The fill of a cell by its threat count: none, 1, 2, 3, 4 or more."""


def shade_of(tm: ThreatMap) -> list[tuple[BaseGeometry, str]]:
    """One geometry per threat level (the union of its cells' squares) and its colour; level 0 is
    left unshaded, cells where the base does not fit are hatched grey."""
    h = tm.resolution_cm / 2
    levels: dict[int, list[BaseGeometry]] = {}
    rows, cols = tm.grid_shape
    threat = tm.threat
    for r in range(rows):
        for c in range(cols):
            level = -1 if not tm.standable[r, c] else min(int(threat[r, c]), len(THREAT_COLOURS) - 1)
            if level:
                x, y = float(tm.xs[c]), float(tm.ys[r])
                levels.setdefault(level, []).append(shapely.box(x - h, y - h, x + h, y + h))
    return [(shapely.union_all(boxes), "#9ca3af" if level < 0 else THREAT_COLOURS[level])
            for level, boxes in sorted(levels.items())]


def cmd_threat(args: argparse.Namespace) -> int:
    """``landsraad threat SCENE MODEL``: the map, where the model stands, and the safest cells."""
    check_svg(args)
    resolution = number(args.resolution, "--resolution", positive=True) if args.resolution is not None else RESOLUTION_CM
    at = parse_point(args.at, "--at") if args.at is not None else None
    scene = scenes.load(args.scene)
    board = scene.board
    args.model = scenes.resolve(scene, args.model)  # a French name names its model too
    scenes.need_model(board, args.model, args.scene)
    ruleset = Ruleset(arrakis=args.arrakis, models_block_sight=not args.models_transparent)
    tm = threat_map(scene, args.model, reverse=args.reverse, resolution_cm=resolution, scene_name=args.scene,
                    ruleset=ruleset)
    me = board.base(args.model)
    here = tm.at(me.x, me.y)
    asked = tm.at(*at) if at is not None else None
    data = tm.to_dict()
    data["here"] = here.to_dict()
    if asked is not None:
        data["asked"] = asked.to_dict()

    def picture() -> str:
        cell = decimal(wording.fmt(tm.resolution_cm))
        notes = [(_("Cell {cell} cm; colour = enemies that it could shoot or charge from there") if tm.reverse else
                  _("Cell {cell} cm; colour = enemies that could shoot or charge it there")).format(cell=cell),
                 _("unshaded 0, yellow 1, orange 2, red 3, dark red 4+; grey: its base does not fit"),
                 wording.threat_point_line(tm, here)]
        return render_board(board, title=(_("threat {model} --reverse") if args.reverse else _("threat {model}")).format(model=args.model),
                            highlight=(args.model,), notes=notes, shade=shade_of(tm))

    finish(args, data, wording.threat_lines(tm, here, asked, grid=not args.no_grid), picture)
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``threat`` command."""
    p = subparsers.add_parser(
        "threat",
        help=_("a threat map: who could see, shoot or charge a model at each point of the table"),
        description=_("For MODEL stood at every cell of the table where its base fits: how many enemies could see "
        "it (R-LOS), shoot it (a ranged weapon, not in contact; the best hit chance, R-SHOOT, R-COVER) or charge "
        "it (contact with one move, so they fight at their next activation, R-ACTIVATE), as they stand now. "
        "--reverse: how many enemies MODEL could see, shoot or charge from each cell this activation. The "
        "nearest-target rule (RUL-08) is not applied; 'shoot' answers it for one position."),
    )
    p.add_argument("scene", help=_(SCENE_HELP))
    p.add_argument("model", help=_("the model stood at every cell (needs a side; a profile for odds and Movement)"))
    p.add_argument("--reverse", action="store_true", help=_("what the model threatens from each cell"))
    p.add_argument("--resolution", metavar="CM", help=_('the side of a cell, 0.5 to 30 cm (default {resolution_cm:g})').format(resolution_cm=RESOLUTION_CM))
    p.add_argument("--at", metavar="X,Y", help=_("also answer for the cell holding this point (cm)"))
    p.add_argument("--no-grid", action="store_true", help=_("leave out the map drawn in characters"))
    p.add_argument("--arrakis", action="store_true", help=_("R-ARRAKIS: no shields"))
    add_models_block(p)
    add_output_options(p)
    p.set_defaults(func=cmd_threat)

