"""What the table commands share: ``measure``, ``move``, ``reach``, ``template``, ``check-scene`` and ``shoot``
parse their arguments and print their answers with these helpers (each command has its own module:
:mod:`.measure`, :mod:`.moves`, :mod:`.template`, :mod:`.check_scene`, :mod:`.shoot`).

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
from ..errors import UsageError, quoted
from ..fileio import atomic_write_text, check_output_path
from ..i18n import N_, _, message
from ..lazy import lazy_exports

__all__ = ["parse_point", "parse_edges", "parse_dodges", "number", "finish", "check_svg",
           "add_output_options", "add_models_block", "given_movement", "SCENE_HELP"]

SCENE_HELP = N_("scene file (YAML), or the name of a bundled scene such as 'reference'")
"""The help of every table command's SCENE argument."""

EDGES = ("south", "north", "west", "east")

# The weapon parsers (parse_weapon, weapon_range: .weapon_args) read faction sheets and the stats parser
# (pydantic models): loaded when a command reads --weapon, not when measure or move start (issue 39's
# start-up budget).
__getattr__, __dir__ = lazy_exports("landsraad.cli", {"parse_weapon": "weapon_args", "weapon_range": "weapon_args"},
                                    globals())


# --- argument parsing helpers -------------------------------------------------------------


def number(text: str, option: str, *, positive: bool = False, allow_zero: bool = True) -> float:
    try:
        value = float(text)
    except ValueError:
        raise UsageError(message('{option} expects a number of cm; got {text}.', option=option, text=quoted(text))) from None
    if not math.isfinite(value):
        raise UsageError(message('{option} expects a finite number; got {text}.', option=option, text=quoted(text)))
    if positive and (value < 0 or (value == 0 and not allow_zero)):
        raise UsageError(message("{option} must be 0 or more; got {text}.", option=option, text=quoted(text)) if allow_zero
                         else message("{option} must be more than 0; got {text}.", option=option, text=quoted(text)))
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
        raise UsageError(message('{option} expects a point X,Y in cm, e.g. {option} 12.5,30; got {text}.', option=option, text=quoted(text)))
    try:
        x, y = float(parts[0]), float(parts[1])
    except ValueError:
        raise UsageError(message('{option} expects a point X,Y in cm, e.g. {option} 12.5,30; got {text}.', option=option, text=quoted(text))) from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise UsageError(message('{option} expects finite coordinates; got {text}.', option=option, text=quoted(text)))
    return (x, y)


def parse_dodges(items: Sequence[str] | None) -> tuple[float | None, dict[str, float]]:
    """``--dodge`` values: one ``CM`` for every model hit and ``ID=CM`` for single models.

    >>> parse_dodges(["4", "a=7", "b=0"])
    (4.0, {'a': 7.0, 'b': 0.0})
    """
    default: float | None = None
    per_model: dict[str, float] = {}
    for item in items or ():
        model_id, sep, cm = item.rpartition("=")
        if not sep:
            if default is not None:
                raise UsageError(message('--dodge gives two distances for every model: {default} and {item}; give one, and ID=CM for single models.', default=wording.fmt(default), item=item))
            default = number(item, "--dodge", positive=True)
            continue
        model_id = model_id.strip()
        if not model_id:
            raise UsageError(message('--dodge expects CM or ID=CM, e.g. --dodge a=4 b=7; got {item}.', item=quoted(item)))
        if model_id in per_model:
            raise UsageError(message('--dodge gives model {model_id} two distances.', model_id=quoted(model_id)))
        per_model[model_id] = number(cm, f"--dodge {model_id}=", positive=True)
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
            raise UsageError(message('--edge expects SIDE=EDGE, e.g. --edge red=south; got {item}.', item=quoted(item)))
        if edge not in EDGES:
            raise UsageError(
                message('--edge {item}: the edge must be one of {edges} (south is y = 0, west is x = 0).', item=item, edges=', '.join(EDGES))
            )
        if side in out and out[side] != edge:
            raise UsageError(message('--edge gives side {side} two edges: {out} and {edge}.', side=quoted(side), out=out[side], edge=edge))
        out[side] = edge
    return out


# --- output -------------------------------------------------------------------------------


def finish(args: argparse.Namespace, data: dict[str, Any], lines: Sequence[str], make_svg: Callable[[], str]) -> None:
    """Write the picture if asked (first, so a bad --svg path fails before any answer is printed), then print
    the answer: JSON with --json, the explained lines otherwise."""
    if args.svg:
        atomic_write_text(check_output_path(args.svg, what="--svg"), make_svg())
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        print("\n".join(lines))
        if args.svg:
            print(_("Picture written to {path}.").format(path=args.svg))


def check_svg(args: argparse.Namespace) -> None:
    """Refuse an --svg path that cannot be written before any work starts."""
    if getattr(args, "svg", None):
        check_output_path(args.svg, what="--svg")


def add_output_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help=_("print one JSON object instead of the explained answer"))
    p.add_argument("--svg", metavar=_("FILE"), help=_("also write a picture of the answer (SVG)"))


def add_models_block(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--models-transparent",
        action="store_true",
        help=_("other models do not block sight (ruleset option models_block_sight = false, RUL-11)"),
    )


def given_movement(args: argparse.Namespace) -> float | None:
    return number(args.movement, "--movement", positive=True) if args.movement is not None else None
