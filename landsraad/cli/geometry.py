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
from pathlib import Path
from typing import Any, Callable, Sequence

from ..errors import DataError, UsageError, did_you_mean, quoted, truncate
from ..fileio import check_input_file, path_kind

__all__ = ["register", "parse_point", "parse_weapon", "parse_edges"]

EDGES = ("south", "north", "west", "east")
_NEAR_CM = 0.05  # a figure within this of a threshold reads the same as the threshold at 0.1 cm


# --- argument parsing helpers -------------------------------------------------------------


def _number(text: str, option: str, *, positive: bool = False, allow_zero: bool = True) -> float:
    try:
        value = float(text)
    except ValueError:
        raise UsageError(f"{option} expects a number of cm; got {quoted(text)}.") from None
    if not math.isfinite(value):
        raise UsageError(f"{option} expects a finite number; got {quoted(text)}.")
    if positive and (value < 0 or (value == 0 and not allow_zero)):
        raise UsageError(f"{option} must be {'0 or more' if allow_zero else 'more than 0'}; got {quoted(text)}.")
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
        raise UsageError(f"{option} expects a point X,Y in cm, e.g. {option} 12.5,30; got {quoted(text)}.")
    try:
        x, y = float(parts[0]), float(parts[1])
    except ValueError:
        raise UsageError(f"{option} expects a point X,Y in cm, e.g. {option} 12.5,30; got {quoted(text)}.") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise UsageError(f"{option} expects finite coordinates; got {quoted(text)}.")
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
    from .stats import build_combatant, parse_model_spec
    from .stats import parse_weapon as parse_stats_weapon

    text = text.strip()
    bad = UsageError(
        f"{option} expects a weapon: a range in cm with an optional Combat bonus (10 or 10,+1), FACTION:WEAPON "
        f"(corrino:pistol), FACTION/TYPE:WEAPON or inline range=10,combat=+1; got {quoted(text)}."
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
        raise UsageError(f"{option}: the weapon {quoted(name)} has no range (a template weapon), so it has no range bands.")
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
                raise UsageError(f"--dodge gives two distances for every model: {_fmt(default)} and {item}; give one,"
                                 " and ID=CM for single models.")
            default = _number(item, "--dodge", positive=True)
            continue
        model_id = model_id.strip()
        if not model_id:
            raise UsageError(f"--dodge expects CM or ID=CM, e.g. --dodge a=4 b=7; got {quoted(item)}.")
        if model_id in per_model:
            raise UsageError(f"--dodge gives model {quoted(model_id)} two distances.")
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
            raise UsageError(f"--edge expects SIDE=EDGE, e.g. --edge red=south; got {quoted(item)}.")
        if edge not in EDGES:
            raise UsageError(
                f"--edge {item}: the edge must be one of {', '.join(EDGES)} (south is y = 0, west is x = 0)."
            )
        if side in out and out[side] != edge:
            raise UsageError(f"--edge gives side {quoted(side)} two edges: {out[side]} and {edge}.")
        out[side] = edge
    return out


# --- scene loading ------------------------------------------------------------------------


def _scene_path(text: str) -> Path:
    """The scene file: a path, or the name of a bundled scene (``reference``)."""
    path = Path(text)
    kind = path_kind(path)
    if kind == "file":
        return path
    if kind != "missing":  # too long, a folder, a named pipe, a device: one sentence, at once
        check_input_file(path, what="scene")
    if path.suffix == "" and path.parent == Path("."):
        from ..content import data_dir

        try:
            folder = data_dir("scenes")
        except DataError:
            folder = None
        if folder is not None:
            for suffix in (".yaml", ".yml", ".json"):
                if (folder / (text + suffix)).is_file():
                    return folder / (text + suffix)
            names = sorted(p.stem for p in folder.glob("*.y*ml"))
            hint = did_you_mean(text, names)
            extra = f" Did you mean the bundled scene {quoted(hint)}?" if hint else (
                f" Bundled scenes: {', '.join(names)}." if names else "")
            raise UsageError(f"There is no scene file {truncate(text, 200)!r}.{extra}")
    raise UsageError(f"There is no scene file {truncate(text, 200)!r}.")


def _load(text: str) -> Any:
    from ..scene import load_scene

    return load_scene(_scene_path(text))


def _need_model(board: Any, model_id: str, scene: str, what: str = "model") -> None:
    if board.has_base(model_id):
        return
    ids = [b.id for b in board.bases]
    hint = did_you_mean(model_id, ids)
    extra = f" Did you mean {quoted(hint)}?" if hint else ""
    raise UsageError(f"There is no {what} {quoted(model_id)} in scene {truncate(scene, 200)}.{extra} Models: {truncate(', '.join(ids) or '(none)', 300)}.")


def _movement(scene: Any, model_id: str, given: float | None, scene_name: str) -> float:
    if given is not None:
        return given
    value = scene.movement(model_id)
    if value is None:
        raise UsageError(f"Model {quoted(model_id)} has no movement in scene {truncate(scene_name, 200)}; give one with --movement CM.")
    return float(value)


# --- output helpers -----------------------------------------------------------------------


def _cm(value: float) -> float:
    """A distance as reported: 0.1 cm (RUL-07)."""
    from ..geometry.measure import report_cm

    return report_cm(value)


def _finite(value: float | None) -> bool:
    return value is not None and math.isfinite(value)


def _xy(point: Any) -> list[float] | None:
    if point is None:
        return None
    return [round(float(point[0]), 2), round(float(point[1]), 2)]


def _fmt(value: float) -> str:
    """A number for prose: ``12.0`` -> ``12``, ``12.35`` -> ``12.3``; past a million cm in
    powers of ten (``reach --movement 1e308`` must not print 309 digits).

    >>> _fmt(12.0), _fmt(12.35), _fmt(1e308)
    ('12', '12.3', '1e+308')
    """
    if abs(value) >= 1e6:
        return f"{value:.3g}"
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _dist(value: float) -> str:
    """A distance for prose, to 0.1 cm as reported (RUL-07): ``12`` -> ``12.0``."""
    return f"{_cm(value):.1f}"


def _pct(fraction: float) -> str:
    text = f"{fraction * 100:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _finish(args: argparse.Namespace, data: dict[str, Any], text: str, make_svg: Callable[[], str]) -> None:
    """Write the picture if asked (first, so a bad --svg path fails before any answer is printed), then print
    the answer: JSON with --json, the explained text otherwise."""
    if args.svg:
        from ..fileio import atomic_write_text, check_output_path

        atomic_write_text(check_output_path(args.svg, what="--svg"), make_svg())
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        print(text)
        if args.svg:
            print(f"Picture written to {args.svg}.")


def _check_svg(args: argparse.Namespace) -> None:
    """Refuse an --svg path that cannot be written before any work starts."""
    if getattr(args, "svg", None):
        from ..fileio import check_output_path

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


# --- measure ------------------------------------------------------------------------------

_COVER_PROSE = {
    "none": "no cover",
    "small": "small cover (+2 defence)",
    "large": "large cover (+4 defence)",
    "no_line_of_sight": "no line of sight",
}


def _need_thing(board: Any, item_id: str, scene: str) -> None:
    """A model, marker or terrain id that exists, else a UsageError with a suggestion."""
    ids = [b.id for b in board.bases] + [m.id for m in board.markers] + [t.id for t in board.terrain]
    if item_id in ids:
        return
    hint = did_you_mean(item_id, ids)
    extra = f" Did you mean {quoted(hint)}?" if hint else ""
    models = truncate(", ".join(b.id for b in board.bases) or "(none)", 300)
    raise UsageError(f"There is no model, marker or terrain piece {quoted(item_id)} in scene {truncate(scene, 200)}.{extra}"
                     f" Models: {models}.")


def _tolerance(args: argparse.Namespace) -> float:
    from ..geometry.robust import DEFAULT_TOLERANCE_CM

    if args.tolerance is None:
        return DEFAULT_TOLERANCE_CM
    return _number(args.tolerance, "--tolerance", positive=True)


def _names(ids: Sequence[str]) -> str:
    return ", ".join(ids) if ids else "(none)"


def measure_answer(board: Any, a_id: str, b_id: str, *, weapon: tuple[float, int] | None, tolerance: float,
                   models_block: bool) -> tuple[dict[str, Any], list[str], Any]:
    """The ``measure`` answer: JSON data, readable lines and the cover result (None unless two models).

    Shared with ``shoot``, so both commands word the geometry the same way.
    """
    from ..geometry import measure, robust, sight

    a, b = measure.lookup(board, a_id), measure.lookup(board, b_id)
    exact = measure.distance(board, a_id, b_id)
    reported = _cm(exact)
    contact = measure.in_contact(a, b)
    models = board.has_base(a_id) and board.has_base(b_id)
    cov = sight.cover(board, a_id, b_id, models_block=models_block) if models else None
    modifier = band = None
    if weapon is not None:
        modifier = measure.range_modifier(exact, weapon[0], weapon[1])
        band = measure.range_band(exact, weapon[0])
    nearest: tuple[str, ...] | None = None
    is_nearest: bool | None = None
    if models and board.base(a_id).side is not None:
        nearest = sight.nearest_targets(board, a_id, models_block=models_block)
        is_nearest = b_id in nearest
    rob = (robust.robustness(board, a_id, b_id, tolerance_cm=tolerance, weapon_range_cm=weapon[0] if weapon else None,
                             models_block=models_block) if models else None)
    data: dict[str, Any] = {
        "a": a_id,
        "b": b_id,
        "distance_cm": reported,
        "contact": contact,
        "line_of_sight": cov.line_of_sight if cov else None,
        "hidden_fraction": round(cov.hidden_fraction, 4) if cov else None,
        "cover": cov.cover if cov else None,
        "cover_from": list(cov.cover_from) if cov else None,
        "borderline": cov.borderline if cov else None,
        "range_modifier": modifier,
        "range_band": band,
        "weapon_range_cm": weapon[0] if weapon else None,
        "nearest_targets": list(nearest) if nearest is not None else None,
        "target_is_nearest": is_nearest,
        "robust": rob.robust if rob else None,
        "tolerance_cm": tolerance,
        "fragile": [f.to_dict() for f in rob.fragile] if rob else None,
    }

    lines = [f"{a_id} -> {b_id}: {_dist(exact)} cm edge to edge, {'in contact' if contact else 'not in contact'}."]
    borderline: list[str] = []
    if 0 < exact and abs(exact - measure.CONTACT_TOLERANCE_CM) < _NEAR_CM:
        borderline.append(f"the distance is exactly {exact:.3f} cm, {'within' if contact else 'just beyond'} the"
                          f" {_fmt(measure.CONTACT_TOLERANCE_CM)} cm contact tolerance (RUL-07)")
    if cov is None:
        lines.append("Line of sight and cover: only measured between two models.")
    else:
        if cov.line_of_sight:
            text = (f"Line of sight: yes; {_pct(cov.hidden_fraction)} % of the silhouette hidden"
                    f" -> {_COVER_PROSE.get(cov.cover, cov.cover)}")
        else:
            text = "Line of sight: no; no part of the target's silhouette can be seen (R-LOS)"
        if cov.cover_from:
            text += f", {'hidden by' if not cov.line_of_sight else 'from'} {_names(cov.cover_from)}"
        lines.append(text + ".")
        if cov.borderline:
            low = max(0.0, cov.hidden_fraction - cov.error_bound)
            borderline.append(f"the hidden part is between {_pct(low)} % and {_pct(cov.hidden_fraction)} %, on both"
                              " sides of a cover threshold (RUL-11); the answer above takes the upper figure")
    if weapon is not None:
        rng, combat = weapon
        why = ([f"weapon Combat {combat:+d}"] if combat else []) + ([f"-{band} for the range band"] if band else [])
        lines.append(f"Weapon range {_fmt(rng)} cm: {measure.describe_range_band(band)} -> range modifier"
                     f" {modifier:+d} ({', '.join(why) or 'no bonus, no malus'}; R-SHOOT).")
        k = round(exact / rng)
        if k >= 1 and abs(exact - k * rng) < _NEAR_CM:
            side = "on" if reported <= k * rng + 1e-9 else "past"
            borderline.append(f"the distance is exactly {exact:.3f} cm, which reads {_dist(exact)} cm, {side} the"
                              f" {_fmt(k * rng)} cm band limit (range is taken on the distance as reported, PRJ-30)")
    if nearest is not None:
        if not nearest:
            lines.append(f"Nearest target (RUL-08): {a_id} sees no enemy.")
        elif board.base(b_id).side == board.base(a_id).side:
            lines.append(f"Nearest target (RUL-08): {b_id} is on {a_id}'s side; the nearest enemy {a_id} sees:"
                         f" {_names(nearest)}.")
        elif is_nearest:
            others = [n for n in nearest if n != b_id]
            tie = f" (tied with {_names(others)}: the shooter chooses)" if others else ""
            lines.append(f"Nearest target (RUL-08): {b_id} is the nearest enemy {a_id} sees{tie}; it may be shot.")
        else:
            lines.append(f"Nearest target (RUL-08): {b_id} is NOT the nearest enemy {a_id} sees; the nearest:"
                         f" {_names(nearest)}.")
    if borderline:
        lines.append("Borderline: YES - " + "; ".join(borderline) + ". Check at the table and agree with your"
                     " opponent.")
    else:
        lines.append("Borderline: no.")
    if rob is not None:
        if rob.robust:
            lines.append(f"Robust: yes - contact, line of sight{', cover and range band' if weapon else ' and cover'} stay the"
                         f" same if either model stood up to {_fmt(tolerance)} cm elsewhere.")
        else:
            parts = [_fragile_text(f, exact, weapon) for f in rob.fragile]
            lines.append(f"Robust: NO at {_fmt(tolerance)} cm - " + "; ".join(parts) + ".")
    if not models_block:
        lines.append("(Other models were treated as transparent.)")
    return data, lines, cov


def _fragile_text(f: Any, exact: float, weapon: tuple[float, int] | None) -> str:
    by = f"{f.margin_cm:.2f} cm"
    who = f"{f.moved} moving" if f.moved else "either model moving"
    if f.what == "contact":
        return f"contact ({'yes' if f.answer else 'no'}) changes with {who} {by}"
    if f.what == "range_band":
        return (f"the range band ({f.answer}) becomes {f.other} with {who} {by}"
                f" ({exact:.2f} cm, the limit being {weapon[0] * max(f.answer, f.other):g} cm)" if weapon else "")
    if f.what == "line_of_sight":
        return (f"line of sight ({'yes' if f.answer else 'no'}) changes"
                + (" within the computation's error" if f.margin_cm == 0 else f" with {who} {by}"))
    return (f"the cover ({_COVER_PROSE.get(f.answer, f.answer)}) becomes {_COVER_PROSE.get(f.other, f.other)}"
            + (" within the computation's error" if f.margin_cm == 0 else f" with {who} {by}"))


def cmd_measure(args: argparse.Namespace) -> int:
    """``landsraad measure SCENE A B``: distance, contact, line of sight, cover and where it comes from, range
    band, the nearest-target check and whether the answer survives a small error in placing the models.

    A and B are models; either may also be an objective marker or a terrain piece, for the
    distance alone (sight and cover are then ``null``).
    """
    _check_svg(args)
    from ..svg import render_board

    weapon = parse_weapon(args.weapon) if args.weapon is not None else None
    tolerance = _tolerance(args)
    scene = _load(args.scene)
    board = scene.board
    _need_thing(board, args.a, args.scene)
    _need_thing(board, args.b, args.scene)
    if args.a == args.b:
        raise UsageError(f"measure needs two different things; got {quoted(args.a)} twice.")
    data, lines, cov = measure_answer(board, args.a, args.b, weapon=weapon, tolerance=tolerance,
                                      models_block=not args.models_transparent)
    notes = [f"Range modifier: {data['range_modifier']:+d} (weapon range {_fmt(weapon[0])} cm)"] if weapon else []
    if cov is None:
        notes.insert(0, f"Distance {args.a} -> {args.b}: {data['distance_cm']:.1f} cm edge to edge")
    _finish(args, data, "\n".join(lines), lambda: render_board(
        board, title=f"measure {args.a} -> {args.b}", sight=cov, highlight=(args.a, args.b), notes=notes))
    return 0


# --- move / reach -------------------------------------------------------------------------

_REASON_PROSE = {
    "too_far": "too far",
    "no_room": "no room to get there",
    "off_table": "the base would leave the table",
    "destination_blocked": "the destination is blocked",
}


def _move_data(res: Any) -> dict[str, Any]:
    return {
        "model": res.model,
        "legal": res.legal,
        "movement_cm": res.allowance_cm,
        "path_length_cm": _cm(res.path_length_cm) if res.path else None,
        "path": [_xy(p) for p in res.path],
        "reason": res.reason,
        "cost_cm": _cm(res.cost_cm) if res.path else None,
    }


def cmd_move(args: argparse.Namespace) -> int:
    """``landsraad move SCENE MODEL --to X,Y|MODEL``: is the move legal (R-MOVE, RUL-17), by which path; for a
    move too long, where the model stops (``stop_at``) and how far is missing. Exit 0 legal, 1 illegal."""
    _check_svg(args)
    from ..geometry import approach, movement
    from ..svg import render_board

    given = _number(args.movement, "--movement", positive=True) if args.movement is not None else None
    scene = _load(args.scene)
    board = scene.board
    _need_model(board, args.model, args.scene)
    allowance = _movement(scene, args.model, given, args.scene)
    contact_with = None
    if "," in args.to:
        to = parse_point(args.to, "--to")
        res = movement.plan_move(board, args.model, to, allowance)
    else:
        contact_with = args.to.strip()
        if not board.has_base(contact_with):
            ids = [x.id for x in board.bases if x.id != args.model]
            hint = did_you_mean(contact_with, ids)
            extra = f" Did you mean {quoted(hint)}?" if hint else ""
            raise UsageError(f"--to expects a point X,Y in cm or a model to move into contact with; there is no model"
                             f" {quoted(contact_with)} in scene {truncate(args.scene, 200)}.{extra} Models: {truncate(', '.join(ids) or '(none)', 300)}.")
        if contact_with == args.model:
            raise UsageError(f"--to names {args.model!r}, the model that moves; name another model or a point X,Y.")
        res = approach.contact_move(board, args.model, contact_with, allowance)
        to = res.end
    data = _move_data(res)
    stop_at = None
    missing = None
    if not res.legal and res.reason == "too_far" and res.path:
        stop_at = approach.point_at_cost(board, args.model, res.path, allowance)
        missing = res.cost_cm - allowance
    data.update({"to": _xy(to), "contact_with": contact_with, "stop_at": _xy(stop_at),
                 "missing_cm": _cm(missing) if missing is not None else None})

    target = f"({_fmt(to[0])}, {_fmt(to[1])})"
    if contact_with:
        target = f"contact with {contact_with} at {target}"
    head = f"{args.model} -> {target}, movement {_fmt(allowance)} cm: "
    double = abs(res.cost_cm - res.path_length_cm) > 1e-6 if res.path else False
    if res.legal:
        text = head + f"legal; shortest path {_dist(res.path_length_cm)} cm"
        if double:
            text += f", costing {_dist(res.cost_cm)} cm (difficult terrain counts double, RUL-17)"
        text += "."
        if allowance - res.cost_cm < _NEAR_CM:
            text += f" Borderline: only {allowance - res.cost_cm:.3f} cm to spare."
    else:
        reason = _REASON_PROSE.get(res.reason, str(res.reason))
        text = head + f"NOT legal ({reason})."
        if res.message:
            text += f"\n{res.message}"
        if res.path and res.reason == "too_far":
            if double:
                text += (f"\nShortest path: {_dist(res.path_length_cm)} cm, costing {_dist(res.cost_cm)} cm"
                         " (difficult terrain counts double, RUL-17).")
            if res.cost_cm - allowance < _NEAR_CM:
                text += f" Borderline: over by only {res.cost_cm - allowance:.3f} cm."
            if stop_at is not None and missing is not None:
                text += (f"\nWith {_fmt(allowance)} cm it gets to ({_fmt(stop_at[0])}, {_fmt(stop_at[1])}) along that"
                         f" path; {_dist(missing)} cm are missing.")
    if 2 < len(res.path) <= 8:
        text += "\nPath: " + " -> ".join(f"({_fmt(p[0])}, {_fmt(p[1])})" for p in res.path)
    elif len(res.path) > 8:  # arcs round bases come as many short segments
        text += f"\nPath: {len(res.path)} points, curving round obstacles (see --json or --svg)."
    if res.narrowest_gap_cm is not None and res.gap_at is not None:
        text += (f"\nNarrowest gap on the way: {_dist(res.narrowest_gap_cm)} cm at"
                 f" ({_fmt(res.gap_at[0])}, {_fmt(res.gap_at[1])}).")
    _finish(args, data, text, lambda: render_board(board, title=f"move {args.model} to {target}", move=res,
                                          highlight=(args.model,) + ((contact_with,) if contact_with else ())))
    return 0 if res.legal else 1


def cmd_reach(args: argparse.Namespace) -> int:
    """``landsraad reach SCENE MODEL``: where the model's base centre can get to this move."""
    _check_svg(args)
    from ..geometry import movement
    from ..svg import render_board

    given = _number(args.movement, "--movement", positive=True) if args.movement is not None else None
    scene = _load(args.scene)
    board = scene.board
    _need_model(board, args.model, args.scene)
    allowance = _movement(scene, args.model, given, args.scene)
    region = movement.reach_region(board, args.model, allowance)
    empty = region.is_empty or region.area <= 0  # a model that cannot move gets its own centre back
    bounds = None if empty else [round(v, 2) for v in region.bounds]
    data = {
        "model": args.model,
        "movement_cm": allowance,
        "area_cm2": round(region.area, 2),
        "bounds": bounds,
    }
    if bounds is None:
        text = f"{args.model} (movement {_fmt(allowance)} cm) cannot move at all."
    else:
        text = (f"{args.model} (movement {_fmt(allowance)} cm) can put its base centre anywhere in a region of"
                f" {region.area:.1f} cm², within x {_fmt(bounds[0])}..{_fmt(bounds[2])} cm,"
                f" y {_fmt(bounds[1])}..{_fmt(bounds[3])} cm (difficult terrain counts double; bases and"
                " impassable terrain are gone around).")
    _finish(args, data, text, lambda: render_board(board, title=f"reach of {args.model}, movement {_fmt(allowance)} cm",
                                          region=region, highlight=(args.model,)))
    return 0


# --- template -----------------------------------------------------------------------------


def cmd_template(args: argparse.Namespace) -> int:
    """``landsraad template SCENE --blast X,Y | --direct MODEL --toward X,Y --length L``: models hit (R-TEMPLATE,
    RUL-19) and, with ``--dodge [ID=]CM``, how each can get out (RUL-09)."""
    _check_svg(args)
    from ..geometry import templates
    from ..svg import render_board

    if (args.blast is None) == (args.direct is None):
        raise UsageError("template needs exactly one of --blast X,Y or --direct MODEL --toward X,Y --length L.")
    default_dodge, per_model = _parse_dodges(args.dodge)
    dodge = default_dodge
    blocks = not args.models_transparent
    if args.blast is not None:
        if args.toward is not None or args.length is not None:
            raise UsageError("--toward and --length go with --direct, not with --blast.")
        center = parse_point(args.blast, "--blast")
        scene = _load(args.scene)
        board = scene.board
        shape = templates.blast_shape(center)
        hit = templates.under_blast(board, center)
        spec: dict[str, Any] = {"kind": "blast", "center": _xy(center), "radius_cm": templates.BLAST_RADIUS_CM}
        what = f"Blast template ({_fmt(templates.BLAST_RADIUS_CM)} cm radius) at ({_fmt(center[0])}, {_fmt(center[1])})"
    else:
        if args.toward is None or args.length is None:
            raise UsageError("--direct MODEL needs --toward X,Y and --length L (the template's length in cm).")
        toward = parse_point(args.toward, "--toward")
        length = _number(args.length, "--length", positive=True, allow_zero=False)
        scene = _load(args.scene)
        board = scene.board
        _need_model(board, args.direct, args.scene, "shooter")
        shape = templates.direct_shape(board, args.direct, toward, length)
        hit = templates.under_direct(board, args.direct, toward, length, models_block=blocks)
        spec = {"kind": "direct", "shooter": args.direct, "toward": _xy(toward), "length_cm": length}
        what = (f"Direct-fire template {_fmt(length)} cm from {args.direct} toward"
                f" ({_fmt(toward[0])}, {_fmt(toward[1])})")
    for model_id in per_model:
        if not board.has_base(model_id):
            ids = [b.id for b in board.bases]
            hint = did_you_mean(model_id, ids)
            raise UsageError(f"--dodge names model {quoted(model_id)}, which is not in scene {truncate(args.scene, 200)}."
                             + (f" Did you mean {quoted(hint)}?" if hint else f" Models: {truncate(', '.join(ids) or '(none)', 300)}."))
    allowances = {m: per_model.get(m, default_dodge) for m in hit}
    dodges = [templates.dodge_out(board, m, shape, cm) for m, cm in allowances.items() if cm is not None]
    data = {
        "template": spec,
        "hit": list(hit),
        "dodge_cm": dodge,
        "dodge_by_model": {m: cm for m, cm in allowances.items() if cm is not None},
        "dodges": [
            {
                "model": d.model,
                "possible": d.possible,
                "shortest_cm": _cm(d.shortest_cm) if _finite(d.shortest_cm) else None,
                "to": _xy(d.to),
            }
            for d in dodges
        ],
    }
    lines = [f"{what}: " + (f"hits {', '.join(hit)}." if hit else "hits nobody.")]
    for d in dodges:
        cm = allowances[d.model]
        assert cm is not None
        if d.possible:
            lines.append(f"  {d.model}: can dodge out with a {_dist(d.shortest_cm)} cm move"
                         f" (to ({_fmt(d.to[0])}, {_fmt(d.to[1])})); it may move {_fmt(cm)} cm.")
        elif _finite(d.shortest_cm):
            lines.append(f"  {d.model}: cannot get out: it would need {_dist(d.shortest_cm)} cm and may move"
                         f" {_fmt(cm)} cm; still hit (R-TEMPLATE).")
        else:
            lines.append(f"  {d.model}: cannot get out within {_fmt(cm)} cm; still hit (R-TEMPLATE).")
    spared = [m for m in per_model if m not in allowances]
    if spared:
        lines.append(f"({', '.join(spared)}: not under the template, no dodge needed.)")
    without = [m for m, cm in allowances.items() if cm is None]
    if without:
        lines.append(f"(No dodge given for {', '.join(without)}: give --dodge ID=CM, the neutral die + Reflexes of a"
                     " model that dodged (RUL-09), or --dodge CM for every model hit, to see who gets out.)")
    _finish(args, data, "\n".join(lines), lambda: render_board(board, title=what, template=(shape, hit), dodges=dodges,
                                          highlight=(args.direct,) if args.direct else ()))
    return 0


# --- check-scene --------------------------------------------------------------------------


def _scene_edges(scene: Any) -> dict[str, str]:
    """Deployment edges the scene file itself gives, if its format has them."""
    edges = getattr(scene, "edges", None)
    if edges is None:
        edges = getattr(getattr(scene, "file", None), "edges", None)
    return {str(k): str(v) for k, v in dict(edges or {}).items()}


_MOST_LISTED = 50
"""The most set-up problems of one kind that check-scene lists (200 pieces packed together are 20,000 pairs)."""


def _listed(problems: Sequence[Any]) -> list[str]:
    """The problems' lines, at most :data:`_MOST_LISTED`, then one line counting the rest."""
    lines = [f"  - {p.message}" for p in problems[:_MOST_LISTED]]
    if len(problems) > _MOST_LISTED:
        lines.append(f"  ... and {len(problems) - _MOST_LISTED:,} more (not listed; --json lists them all).")
    return lines


def cmd_check_scene(args: argparse.Namespace) -> int:
    """``landsraad check-scene SCENE``: every problem of the scene file, then the set-up checks R-TERRAIN and,
    with ``--edge SIDE=EDGE`` for the sides, R-DEPLOY. Exit 1 when there is any problem."""
    _check_svg(args)
    from ..geometry import setup
    from ..svg import render_board

    edges = parse_edges(args.edge)
    path = _scene_path(args.scene)
    from ..scene import load_scene

    try:
        scene = load_scene(path)
    except DataError as exc:
        if not args.json:
            raise
        data = {"scene": str(args.scene), "ok": False, "file_problems": [
            {"where": p.where, "message": p.message} for p in exc.problems], "edges": edges, "problems": []}
        print(json.dumps(data, indent=2))
        return 1
    board = scene.board
    sides = sorted({b.side for b in board.bases if b.side is not None})
    # An --edge for a side that is not there is a typo worth stopping; an edge the scene file
    # gives for a side with no model yet (an empty table) is simply nothing to check.
    unknown = [s for s in edges if s not in sides]
    edges = {side: edge for side, edge in {**_scene_edges(scene), **edges}.items() if side in sides}
    if unknown:
        hint = did_you_mean(unknown[0], sides)
        extra = f" Did you mean {quoted(hint)}?" if hint else ""
        raise UsageError(f"--edge names side {quoted(unknown[0])}, which has no model in scene {truncate(args.scene, 200)}.{extra}"
                         f" Sides: {', '.join(sides) or '(none)'}.")
    at_setup = args.stage == "setup"
    problems = list(setup.check_terrain_placement(board)) if at_setup else []
    if edges and at_setup:
        problems += list(setup.check_deployment(board, edges))
    data = {
        "scene": str(args.scene),
        "stage": args.stage,
        "ok": not problems,
        "file_problems": [],
        "edges": edges,
        "problems": [{"subject": p.subject, "rule": p.rule, "message": p.message} for p in problems],
    }
    counts = ", ".join(f"{s} {sum(1 for b in board.bases if b.side == s)}" for s in sides)
    lines = [f"{args.scene}: {len(board.terrain)} terrain pieces, {len(board.bases)} models"
             + (f" ({counts})" if counts else "") + f", {len(board.markers)} markers. The file is valid."]
    if not at_setup:
        lines.append("Stage: play - a position in the middle of a game: the set-up rules (terrain spacing, R-TERRAIN;"
                     " deployment, R-DEPLOY) are not checked (use --stage setup for a table about to be played).")
    else:
        terrain_problems = [p for p in problems if p.rule.startswith("R-TERRAIN")]
        deploy_problems = [p for p in problems if not p.rule.startswith("R-TERRAIN")]
        lines.append("R-TERRAIN (terrain > 5 cm from the edges, > 10 cm apart): "
                     + ("ok." if not terrain_problems else f"{len(terrain_problems)} problem(s):"))
        lines += _listed(terrain_problems)
        if edges:
            given = ", ".join(f"{s}={e}" for s, e in edges.items())
            lines.append(f"R-DEPLOY ({given}; every model in contact with its edge): "
                         + ("ok." if not deploy_problems else f"{len(deploy_problems)} problem(s):"))
            lines += _listed(deploy_problems)
            missing = [s for s in sides if s not in edges]
            if missing:
                lines.append(f"  (No edge given for {', '.join(missing)}: not checked.)")
        else:
            lines.append("R-DEPLOY: not checked (give each side's edge, e.g. --edge red=south --edge blue=north).")
    _finish(args, data, "\n".join(lines), lambda: render_board(board, title=f"check-scene {args.scene}",
                                          highlight=tuple(dict.fromkeys(p.subject for p in problems)),
                                          notes=[f"{p.rule} {p.subject}: {p.message}" for p in problems]
                                          or ["No set-up problem."]))
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
