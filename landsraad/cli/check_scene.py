"""``landsraad check-scene``: a scene file's problems, then :func:`landsraad.table.check.check_scene`
(R-TERRAIN, R-DEPLOY), worded; exit 1 when there is any problem.
"""

from __future__ import annotations

import argparse
import json

from .. import wording
from ..errors import DataError
from ..i18n import _
from ..scene import load_scene
from ..svg import render_board
from ..table import check, scenes
from .geometry import SCENE_HELP, add_output_options, check_svg, finish, parse_edges

__all__ = ["register", "cmd_check_scene"]


def cmd_check_scene(args: argparse.Namespace) -> int:
    """``landsraad check-scene SCENE``: every problem of the scene file, then the set-up checks R-TERRAIN and,
    with ``--edge SIDE=EDGE`` for the sides, R-DEPLOY. Exit 1 when there is any problem."""
    check_svg(args)
    edges = parse_edges(args.edge)
    path = scenes.scene_path(args.scene)
    try:
        scene = load_scene(path)
    except DataError as exc:
        if not args.json:
            raise
        data = {"scene": str(args.scene), "ok": False, "file_problems": [
            {"where": p.where, "message": p.message} for p in exc.problems], "edges": edges, "problems": []}
        print(json.dumps(data, indent=2))
        return 1
    result = check.check_scene(scene, str(args.scene), edges=edges, stage=args.stage)
    problems = result.problems
    finish(args, result.to_dict(), wording.check_lines(result), lambda: render_board(
        result.board, title=_("check-scene {scene}").format(scene=args.scene), highlight=tuple(dict.fromkeys(p.subject for p in problems)),
        notes=[f"{p.rule} {p.subject}: {p.message}" for p in problems] or ["No set-up problem."]))
    return 1 if problems else 0


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the commands of this module to the ``landsraad`` parser."""
    p = subparsers.add_parser(
        "check-scene",
        help=_("validate a scene file and its set-up"),
        description=_("List every problem of a scene file, then, at set-up (--stage setup, the default), check "
        "terrain placement (R-TERRAIN) and, for the sides given an edge, deployment (R-DEPLOY). Exit status 1 "
        "when there is any problem."),
    )
    p.add_argument("scene", help=_(SCENE_HELP))
    p.add_argument("--stage", choices=("setup", "play"), default="setup",
                   help=_("setup (default): also check the set-up rules (terrain spacing, deployment); play: a position "
                   "in the middle of a game, where only the file's own rules apply (no overlaps, bases on the table)"))
    p.add_argument(
        "--edge",
        action="append",
        metavar=_("SIDE=EDGE"),
        help=_("a side's deployment edge: south (y = 0), north, west (x = 0) or east; repeat for each side"),
    )
    add_output_options(p)
    p.set_defaults(func=cmd_check_scene)
