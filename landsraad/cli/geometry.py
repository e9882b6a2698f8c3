"""Table geometry commands: ``measure``, ``move``, ``reach``, ``template`` and ``check-scene``.

Each reads a scene file (YAML, see :mod:`landsraad.scene`; a bundled scene may be named
without its path, e.g. ``reference``), answers one question about the table and prints a
short explained answer, or with ``--json`` one JSON object for machines. ``--svg FILE``
also writes a picture of the answer (:func:`landsraad.svg.render_board`).

Exit status: 0 answered (even when the answer is "no": no line of sight); 1 a bad scene file
(every problem listed), for ``check-scene`` a scene with problems, for ``move`` an illegal
move (like ``grep``: 0 legal, 1 not); 2 bad arguments (one line). Never a traceback.

Distances are reported to 0.1 cm (RUL-07); every decision (contact, range band, legality)
is taken on the exact figure, and the readable output says so when the rounding hides which
side of a threshold a figure lies on.
"""

from __future__ import annotations

import argparse
import json
import math
from typing import Any, Callable, Sequence

from .. import wording
from ..errors import DataError, UsageError
from ..fileio import atomic_write_text, check_output_path
from ..geometry.robust import DEFAULT_TOLERANCE_CM
from ..scene import load_scene
from ..svg import render_board
from ..table import check, moves, scenes, template
from ..table.measure import WeaponRange, measure
from .stats import build_combatant, parse_model_spec
from .stats import parse_weapon as parse_stats_weapon

__all__ = ["register", "parse_point", "parse_weapon", "parse_edges", "cmd_measure", "cmd_move", "cmd_reach",
           "cmd_template", "cmd_check_scene"]

EDGES = ("south", "north", "west", "east")


# --- argument parsing helpers -------------------------------------------------------------


def _number(text: str, option: str, *, positive: bool = False, allow_zero: bool = True) -> float:
    try:
        value = float(text)
    except ValueError:
        raise UsageError(f"{option} expects a number of cm; got {text!r}.") from None
    if not math.isfinite(value):
        raise UsageError(f"{option} expects a finite number; got {text!r}.")
    if positive and (value < 0 or (value == 0 and not allow_zero)):
        raise UsageError(f"{option} must be {'0 or more' if allow_zero else 'more than 0'}; got {text!r}.")
    return value


def parse_point(text: str, option: str) -> tuple[float, float]:
    """Parse ``X,Y`` (cm) given to ``option``; a :class:`UsageError` names the option otherwise.

    >>> parse_point("12.5, 30", "--to")
    (12.5, 30.0)
    >>> parse_point("12", "--to")
    Traceback (most recent call last):
    ...
    landsraad.errors.UsageError: --to expects a point X,Y in cm, e.g. --to 12.5,30; got '12'.
    """
    parts = text.split(",")
    if len(parts) != 2:
        raise UsageError(f"{option} expects a point X,Y in cm, e.g. {option} 12.5,30; got {text!r}.")
    try:
        x, y = float(parts[0]), float(parts[1])
    except ValueError:
        raise UsageError(f"{option} expects a point X,Y in cm, e.g. {option} 12.5,30; got {text!r}.") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise UsageError(f"{option} expects finite coordinates; got {text!r}.")
    return (x, y)


def parse_weapon(text: str, option: str = "--weapon") -> tuple[float, int]:
    """Parse ``--weapon``: the weapon's range in cm and its Combat bonus.

    The forms of ``odds`` and ``resolve`` (``FACTION:WEAPON``, ``FACTION/TYPE:WEAPON``, or
    inline ``range=...,combat=...``; see :mod:`landsraad.cli.stats`) and the short
    ``RANGE[,COMBAT]`` (Combat 0 when left out). An inline weapon needs no damage here.

    >>> parse_weapon("10"), parse_weapon("15,+1"), parse_weapon("20,-2")
    ((10.0, 0), (15.0, 1), (20.0, -2))
    >>> parse_weapon("range=10,combat=+1"), parse_weapon("corrino/soldier:pistol"), parse_weapon("corrino:laser")
    ((10.0, 1), (10.0, 1), (15.0, -2))
    >>> parse_weapon("-")
    Traceback (most recent call last):
    ...
    landsraad.errors.UsageError: --weapon expects a weapon: a range in cm with an optional Combat bonus (10 or 10,+1), FACTION:WEAPON (corrino:pistol), FACTION/TYPE:WEAPON or inline range=10,combat=+1; got '-'.
    """
    text = text.strip()
    bad = UsageError(
        f"{option} expects a weapon: a range in cm with an optional Combat bonus (10 or 10,+1), FACTION:WEAPON "
        f"(corrino:pistol), FACTION/TYPE:WEAPON or inline range=10,combat=+1; got {text!r}."
    )
    if "=" not in text and ":" not in text and "/" not in text:
        parts = [p.strip() for p in text.split(",")]
        if not 1 <= len(parts) <= 2:
            raise bad
        try:
            rng = float(parts[0])
            combat = int(parts[1]) if len(parts) == 2 else 0
        except ValueError:
            raise bad from None
        if not (math.isfinite(rng) and rng > 0):
            raise bad
        return (rng, combat)
    if "/" in text.split(",")[0] and "=" not in text.split(",")[0]:
        weapon = build_combatant(parse_model_spec(text, argument=option), use="shoot", weapon_argument=option).weapon
    else:
        if "=" in text and "damage=" not in text.replace(" ", ""):
            text = text + ",damage=+0"  # measuring needs the range and Combat only
        weapon = parse_stats_weapon(text, argument=option)
    if weapon is None or weapon.range_cm is None:
        name = weapon.name if weapon is not None else text
        raise UsageError(f"{option}: the weapon {name!r} has no range (a template weapon), so it has no range bands.")
    return (float(weapon.range_cm), int(weapon.combat))


def _parse_dodges(items: Sequence[str] | None) -> tuple[float | None, dict[str, float]]:
    """``--dodge`` values: one ``CM`` for every model hit and ``ID=CM`` for single models.

    >>> _parse_dodges(["4", "a=7", "b=0"])
    (4.0, {'a': 7.0, 'b': 0.0})
    """
    default: float | None = None
    per_model: dict[str, float] = {}
    for item in items or ():
        model_id, sep, cm = item.rpartition("=")
        if not sep:
            if default is not None:
                raise UsageError(f"--dodge gives two distances for every model: {wording.fmt(default)} and {item}; give one,"
                                 " and ID=CM for single models.")
            default = _number(item, "--dodge", positive=True)
            continue
        model_id = model_id.strip()
        if not model_id:
            raise UsageError(f"--dodge expects CM or ID=CM, e.g. --dodge a=4 b=7; got {item!r}.")
        if model_id in per_model:
            raise UsageError(f"--dodge gives model {model_id!r} two distances.")
        per_model[model_id] = _number(cm, f"--dodge {model_id}=", positive=True)
    return default, per_model


def parse_edges(items: Sequence[str] | None) -> dict[str, str]:
    """Parse repeated ``--edge SIDE=EDGE`` options (R-DEPLOY) into ``{side: edge}``.

    >>> parse_edges(["red=south", "blue=North"])
    {'red': 'south', 'blue': 'north'}
    >>> parse_edges(["red=up"])
    Traceback (most recent call last):
    ...
    landsraad.errors.UsageError: --edge red=up: the edge must be one of south, north, west, east (south is y = 0, west is x = 0).
    """
    out: dict[str, str] = {}
    for item in items or ():
        side, sep, edge = item.partition("=")
        side, edge = side.strip(), edge.strip().lower()
        if not sep or not side or not edge:
            raise UsageError(f"--edge expects SIDE=EDGE, e.g. --edge red=south; got {item!r}.")
        if edge not in EDGES:
            raise UsageError(
                f"--edge {item}: the edge must be one of {', '.join(EDGES)} (south is y = 0, west is x = 0)."
            )
        if side in out and out[side] != edge:
            raise UsageError(f"--edge gives side {side!r} two edges: {out[side]} and {edge}.")
        out[side] = edge
    return out


# --- output -------------------------------------------------------------------------------


def _finish(args: argparse.Namespace, data: dict[str, Any], lines: Sequence[str], make_svg: Callable[[], str]) -> None:
    """Write the picture if asked (first, so a bad --svg path fails before any answer is printed), then print
    the answer: JSON with --json, the explained lines otherwise."""
    if args.svg:
        atomic_write_text(check_output_path(args.svg, what="--svg"), make_svg())
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        print("\n".join(lines))
        if args.svg:
            print(f"Picture written to {args.svg}.")


def _check_svg(args: argparse.Namespace) -> None:
    """Refuse an --svg path that cannot be written before any work starts."""
    if getattr(args, "svg", None):
        check_output_path(args.svg, what="--svg")


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the explained answer")
    p.add_argument("--svg", metavar="FILE", help="also write a picture of the answer (SVG)")


def _models_block(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--models-transparent",
        action="store_true",
        help="other models do not block sight (ruleset option models_block_sight = false, RUL-11)",
    )


def _tolerance(args: argparse.Namespace) -> float:
    if args.tolerance is None:
        return DEFAULT_TOLERANCE_CM
    return _number(args.tolerance, "--tolerance", positive=True)


def _given_movement(args: argparse.Namespace) -> float | None:
    return _number(args.movement, "--movement", positive=True) if args.movement is not None else None


# --- the commands -------------------------------------------------------------------------


def cmd_measure(args: argparse.Namespace) -> int:
    """``landsraad measure SCENE A B``: :func:`landsraad.table.measure.measure`, worded."""
    _check_svg(args)
    weapon = parse_weapon(args.weapon) if args.weapon is not None else None
    tolerance = _tolerance(args)
    scene = scenes.load(args.scene)
    board = scene.board
    scenes.need_thing(board, args.a, args.scene)
    scenes.need_thing(board, args.b, args.scene)
    if args.a == args.b:
        raise UsageError(f"measure needs two different things; got {args.a!r} twice.")
    m = measure(board, args.a, args.b, weapon=WeaponRange(*weapon) if weapon else None, tolerance_cm=tolerance,
                models_block=not args.models_transparent)
    notes = [f"Range modifier: {m.modifier:+d} (weapon range {wording.fmt(weapon[0])} cm)"] if weapon else []
    if m.cover is None:
        notes.insert(0, f"Distance {args.a} -> {args.b}: {m.reported_cm:.1f} cm edge to edge")
    _finish(args, m.to_dict(), wording.measure_lines(m), lambda: render_board(
        board, title=f"measure {args.a} -> {args.b}", sight=m.cover, highlight=(args.a, args.b), notes=notes))
    return 0


def cmd_move(args: argparse.Namespace) -> int:
    """``landsraad move SCENE MODEL --to X,Y|MODEL``: :func:`landsraad.table.moves.move_to` or
    :func:`~landsraad.table.moves.move_into_contact` (with the charge answer). Exit 0 legal, 1 illegal."""
    _check_svg(args)
    given = _given_movement(args)
    scene = scenes.load(args.scene)
    board = scene.board
    scenes.need_model(board, args.model, args.scene)
    allowance = scenes.movement_of(scene, args.model, given, args.scene)
    if "," in args.to:
        answer = moves.move_to(board, args.model, parse_point(args.to, "--to"), allowance)
    else:
        other = args.to.strip()
        if other == args.model:
            raise UsageError(f"--to names {args.model!r}, the model that moves; name another model or a point X,Y.")
        if not board.has_base(other):
            try:
                scenes.need_model(board, other, args.scene, exclude=args.model)
            except UsageError as exc:
                raise UsageError(f"--to expects a point X,Y in cm or a model to move into contact with. {exc}") from None
        answer = moves.move_into_contact(board, args.model, other, allowance)
    target = wording.point(answer.to)
    if answer.contact_with:
        target = f"contact with {answer.contact_with} at {target}"
    _finish(args, answer.to_dict(), wording.move_lines(answer), lambda: render_board(
        board, title=f"move {args.model} to {target}", move=answer.result,
        highlight=(args.model,) + ((answer.contact_with,) if answer.contact_with else ())))
    return 0 if answer.legal else 1


def cmd_reach(args: argparse.Namespace) -> int:
    """``landsraad reach SCENE MODEL``: :func:`landsraad.table.moves.reach`, worded."""
    _check_svg(args)
    given = _given_movement(args)
    scene = scenes.load(args.scene)
    board = scene.board
    scenes.need_model(board, args.model, args.scene)
    allowance = scenes.movement_of(scene, args.model, given, args.scene)
    answer = moves.reach(board, args.model, allowance)
    _finish(args, answer.to_dict(), wording.reach_lines(answer), lambda: render_board(
        board, title=f"reach of {args.model}, movement {wording.fmt(allowance)} cm", region=answer.region,
        highlight=(args.model,)))
    return 0


def cmd_template(args: argparse.Namespace) -> int:
    """``landsraad template SCENE --blast X,Y | --direct MODEL --toward X,Y --length L``: models hit (R-TEMPLATE,
    RUL-19) and, with ``--dodge [ID=]CM``, how each can get out (RUL-09)."""
    _check_svg(args)
    if (args.blast is None) == (args.direct is None):
        raise UsageError("template needs exactly one of --blast X,Y or --direct MODEL --toward X,Y --length L.")
    default_dodge, per_model = _parse_dodges(args.dodge)
    if args.blast is not None:
        if args.toward is not None or args.length is not None:
            raise UsageError("--toward and --length go with --direct, not with --blast.")
        center = parse_point(args.blast, "--blast")
        board = scenes.load(args.scene).board
        _need_dodgers(board, per_model, args.scene)
        answer = template.blast(board, center, dodge_cm=default_dodge, dodges=per_model)
    else:
        if args.toward is None or args.length is None:
            raise UsageError("--direct MODEL needs --toward X,Y and --length L (the template's length in cm).")
        toward = parse_point(args.toward, "--toward")
        length = _number(args.length, "--length", positive=True, allow_zero=False)
        board = scenes.load(args.scene).board
        scenes.need_model(board, args.direct, args.scene, "shooter")
        _need_dodgers(board, per_model, args.scene)
        answer = template.direct(board, args.direct, toward, length, models_block=not args.models_transparent,
                                 dodge_cm=default_dodge, dodges=per_model)
    _finish(args, answer.to_dict(), wording.template_lines(answer, list(per_model)), lambda: render_board(
        board, title=wording.template_title(answer), template=(answer.shape, answer.hit), dodges=answer.dodges,
        highlight=(args.direct,) if args.direct else ()))
    return 0


def _need_dodgers(board: Any, per_model: dict[str, float], scene: str) -> None:
    for model_id in per_model:
        if not board.has_base(model_id):
            try:
                scenes.need_model(board, model_id, scene)
            except UsageError as exc:
                raise UsageError(f"--dodge names model {model_id!r}, which is not in the scene. {exc}") from None


def cmd_check_scene(args: argparse.Namespace) -> int:
    """``landsraad check-scene SCENE``: every problem of the scene file, then the set-up checks R-TERRAIN and,
    with ``--edge SIDE=EDGE`` for the sides, R-DEPLOY. Exit 1 when there is any problem."""
    _check_svg(args)
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
    _finish(args, result.to_dict(), wording.check_lines(result), lambda: render_board(
        result.board, title=f"check-scene {args.scene}", highlight=tuple(dict.fromkeys(p.subject for p in problems)),
        notes=[f"{p.rule} {p.subject}: {p.message}" for p in problems] or ["No set-up problem."]))
    return 1 if problems else 0


# --- registration -------------------------------------------------------------------------


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the geometry commands to the ``landsraad`` parser."""
    scene_help = "scene file (YAML), or the name of a bundled scene such as 'reference'"

    p = subparsers.add_parser(
        "measure",
        help="distance, contact, line of sight and cover between two models",
        description="Distance edge to edge (R-MEASURE), contact (RUL-07), line of sight (R-LOS) and cover "
        "(R-COVER, RUL-11) from model A to model B; with --weapon, the range modifier (R-SHOOT).",
    )
    p.add_argument("scene", help=scene_help)
    p.add_argument("a", help="the acting model (the shooter); a marker or terrain id gives the distance only")
    p.add_argument("b", help="the target model; a marker or terrain id gives the distance only")
    p.add_argument(
        "--weapon",
        metavar="WEAPON",
        help="the weapon: FACTION:WEAPON (corrino:pistol), FACTION/TYPE:WEAPON, inline range=10,combat=+1, or "
        "RANGE[,COMBAT] in cm (10 or 10,+1); range_modifier is the weapon's Combat minus one per range band "
        "beyond its range",
    )
    p.add_argument("--tolerance", metavar="CM", help="how far either model may stand from where it is measured for "
                   "the answer to count as robust (default 0.5, a tape at a real table)")
    _models_block(p)
    _common(p)
    p.set_defaults(func=cmd_measure)

    p = subparsers.add_parser(
        "move",
        help="is a move legal, and by which path",
        description="Shortest legal path for MODEL's base to X,Y, or into base contact with another model "
        "(R-MOVE, R-TERRAIN-KINDS, RUL-17): the base slides round impassable terrain and other bases, difficult "
        "terrain costs double, the base stays on the table. A move that is too long says where the model gets to "
        "(stop_at) and how far is missing.",
        epilog="Exit status: 0 the move is legal, 1 it is not (or the scene file is bad), 2 a usage error - like "
        "grep, so scripts can test it.",
    )
    p.add_argument("scene", help=scene_help)
    p.add_argument("model")
    p.add_argument("--to", required=True, metavar="X,Y|MODEL",
                   help="destination of the base centre in cm, or a model to move into base contact with")
    p.add_argument("--movement", metavar="CM", help="allowance in cm (default: the model's movement in the scene)")
    _common(p)
    p.set_defaults(func=cmd_move)

    p = subparsers.add_parser(
        "reach",
        help="where a model can move this activation",
        description="The region of base-centre positions MODEL can reach with one move (R-MOVE, RUL-17).",
    )
    p.add_argument("scene", help=scene_help)
    p.add_argument("model")
    p.add_argument("--movement", metavar="CM", help="allowance in cm (default: the model's movement in the scene)")
    _common(p)
    p.set_defaults(func=cmd_reach)

    p = subparsers.add_parser(
        "template",
        help="models under a blast or direct-fire template, and their dodges",
        description="Models under a 5 cm blast template or a direct-fire template (R-TEMPLATE, RUL-19); with "
        "--dodge ID=CM (one distance per model) or --dodge CM (every model), the shortest move that takes each one "
        "wholly out of it (RUL-09).",
    )
    p.add_argument("scene", help=scene_help)
    p.add_argument("--blast", metavar="X,Y", help="centre of a blast template (5 cm radius)")
    p.add_argument("--direct", metavar="MODEL", help="the shooter of a direct-fire template")
    p.add_argument("--toward", metavar="X,Y", help="direct fire: the point the line is aimed at")
    p.add_argument("--length", metavar="L", help="direct fire: the template's length in cm (e.g. 20)")
    p.add_argument("--dodge", metavar="[ID=]CM", nargs="+", action="extend",
                   help="how far a model hit may move to dodge (its neutral die + Reflexes, RUL-09): ID=CM for one "
                   "model (repeat for each, e.g. --dodge a=4 b=7), or CM for every model hit without its own")
    _models_block(p)
    _common(p)
    p.set_defaults(func=cmd_template)

    p = subparsers.add_parser(
        "check-scene",
        help="validate a scene file and its set-up",
        description="List every problem of a scene file, then, at set-up (--stage setup, the default), check "
        "terrain placement (R-TERRAIN) and, for the sides given an edge, deployment (R-DEPLOY). Exit status 1 "
        "when there is any problem.",
    )
    p.add_argument("scene", help=scene_help)
    p.add_argument("--stage", choices=("setup", "play"), default="setup",
                   help="setup (default): also check the set-up rules (terrain spacing, deployment); play: a position "
                   "in the middle of a game, where only the file's own rules apply (no overlaps, bases on the table)")
    p.add_argument(
        "--edge",
        action="append",
        metavar="SIDE=EDGE",
        help="a side's deployment edge: south (y = 0), north, west (x = 0) or east; repeat for each side",
    )
    _common(p)
    p.set_defaults(func=cmd_check_scene)
