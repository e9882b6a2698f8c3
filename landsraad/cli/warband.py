"""``landsraad validate``, ``landsraad roster`` and ``landsraad schema``: warband lists.

``validate FILE...`` checks list files and folders (searched recursively for ``*.yaml``,
``*.yml``, ``*.json``) against their faction sheets (R-FACTION, R-RECRUIT, RUL-14, RUL-15) and
prints one report per file; ``--json`` prints a JSON array of reports, ``--csv`` one row per
finding plus one row per valid file, for an organiser's spreadsheet. ``roster LIST`` prints a
printable roster (text, Markdown or self-contained HTML). ``schema list`` prints the JSON Schema
of the list format (``schema faction`` and ``schema ruleset`` those of a faction sheet and of
an event's ruleset).

Exit status: 0 every list valid (warnings allowed); 1 a list invalid or unreadable, or a bad
ruleset / faction file; 2 bad usage (one line). Never a traceback.

Examples
--------
>>> parse_points("12")
12
>>> parse_points("0")
Traceback (most recent call last):
...
landsraad.errors.UsageError: --points expects a whole number of points of 1 or more; got '0'.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from pathlib import Path
from typing import Any, Iterable, Sequence

from ..content import load_model
from ..errors import DataError, UsageError
from ..model import Faction
from ..roster import FORMATS, render_roster
from ..ruleset import DEFAULT, Ruleset
from ..warband import LIST_SUFFIXES, Report, check_file, find_list_files, list_schema

__all__ = ["register", "parse_points", "make_ruleset", "load_faction_files", "format_report", "reports_csv",
           "cmd_validate", "cmd_roster", "cmd_schema", "CSV_COLUMNS", "PROGRESS_MIN_FILES"]

PROGRESS_MIN_FILES = 50
"""A progress bar is shown (on a terminal) from this many files on."""

CSV_COLUMNS = ("file", "valid", "faction", "points", "cap", "severity", "code", "rule", "path", "line", "message",
               "data_hash", "list_hash")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``validate``, ``roster`` and ``schema`` commands."""
    p = subparsers.add_parser(
        "validate",
        help="check warband lists against their faction sheets",
        description="Check warband list files (and folders, recursively: *.yaml, *.yml, *.json) against every "
                    "recruiting rule. Exit status 0 if all are valid, 1 if any is invalid or unreadable.",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="list files or folders")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print a JSON array of reports")
    out.add_argument("--csv", action="store_true", help="print CSV: one row per finding, plus one row per valid file")
    _common_options(p)
    p.set_defaults(func=cmd_validate)

    p = subparsers.add_parser(
        "roster",
        help="print a warband list as a printable roster",
        description="Print a roster: every model's profile card with effective stats, weapons, shield, poisons, spice, "
                    "special rules, chosen kit and cost, with the list's validity and hashes. Exit status 1 if the list "
                    "is invalid (the roster is still printed, marked INVALID).",
    )
    p.add_argument("list", metavar="LIST", help="a list file")
    p.add_argument("--format", choices=FORMATS, default="text", help="output format (default: text)")
    p.add_argument("--output", "-o", metavar="FILE", help="write the roster to FILE instead of the standard output")
    _common_options(p)
    p.set_defaults(func=cmd_roster)

    p = subparsers.add_parser(
        "schema",
        help="print the JSON Schema of a data format",
        description="Print the JSON Schema of a data format: 'list' (warband lists), 'faction' (faction sheets), "
                    "'ruleset' (an event's rule options) or 'scene' (a table for measure, move, shoot...).",
    )
    p.add_argument("kind", choices=("list", "faction", "ruleset", "scene"), help="which format")
    p.set_defaults(func=cmd_schema)


def _common_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--points", metavar="N", help="the points cap (default 15, or the ruleset's)")
    p.add_argument("--ruleset", metavar="FILE", help="an event's ruleset file (YAML/JSON, see `landsraad schema ruleset`)")
    p.add_argument("--arrakis", action="store_true", help="play on Arrakis: one more spice dose in the pool (R-ARRAKIS)")
    p.add_argument("--faction-file", metavar="FILE", action="append", default=[],
                   help="an extra faction sheet (a Minor House); may be repeated")


# --- helpers --------------------------------------------------------------------------------


def parse_points(text: str) -> int:
    """Parse the value of ``--points``: a whole number of 1 or more, else :class:`UsageError`."""
    try:
        value = int(text)
    except (TypeError, ValueError):
        value = 0
    if value < 1:
        raise UsageError(f"--points expects a whole number of points of 1 or more; got {text!r}.")
    return value


def make_ruleset(args: argparse.Namespace) -> Ruleset:
    """The ruleset from ``--ruleset``, ``--points`` and ``--arrakis`` (options override the file)."""
    ruleset = DEFAULT
    if getattr(args, "ruleset", None):
        if not Path(args.ruleset).is_file():
            raise UsageError(f"--ruleset: no such file {args.ruleset!r}.")
        ruleset = load_model(Ruleset, args.ruleset)
    update: dict[str, Any] = {}
    if getattr(args, "points", None) is not None:
        update["points"] = parse_points(args.points)
    if getattr(args, "arrakis", False):
        update["arrakis"] = True
    return Ruleset.model_validate({**ruleset.model_dump(), **update}) if update else ruleset


def load_faction_files(paths: Iterable[str]) -> dict[str, Faction]:
    """Faction sheets from files, by id (``--faction-file``); a bad sheet is a :class:`DataError`."""
    out: dict[str, Faction] = {}
    for path in paths:
        if not Path(path).is_file():
            raise UsageError(f"--faction-file: no such file {path!r}.")
        faction = load_model(Faction, path)
        out[faction.id] = faction
    return out


def format_report(report: Report) -> str:
    """A report as readable text: a status line, then one line per finding.

    Examples
    --------
    >>> from landsraad.warband import check_text
    >>> print(format_report(check_text("faction: corrino\\nmodels: [{type: soldeir}]\\n", "x.yaml")))
    x.yaml: INVALID - House Corrino, 0 / 15 points, 1 error
      error: models[0].type (line 2): Model type 'soldeir' is not in House Corrino's barracks. Did you mean 'soldier'? ...
    """
    if report.sheet is not None:
        what = f"{report.sheet.name}, {report.points} / {report.cap} points"
    else:
        what = f"faction {report.faction!r}" if report.faction else "no faction"
    n_err, n_warn = len(report.errors), len(report.warnings)
    counts = []
    if n_err:
        counts.append(f"{n_err} error{'s' if n_err > 1 else ''}")
    if n_warn:
        counts.append(f"{n_warn} warning{'s' if n_warn > 1 else ''}")
    status = "valid" if report.valid else "INVALID"
    lines = [f"{report.source}: {status} - {what}" + (", " + ", ".join(counts) if counts else "")]
    lines += [f"  {f}" for f in report.findings]
    return "\n".join(lines)


def reports_csv(reports: Sequence[Report]) -> str:
    """CSV for an organiser: one row per finding, plus one row per valid file (empty severity and code).

    Examples
    --------
    >>> from landsraad.warband import check_text
    >>> print(reports_csv([check_text("faction: corrino\\nmodels: [{type: scout}]\\n", "x.yaml")]).splitlines()[1][:40])
    x.yaml,true,corrino,2,15,,,,,,,...
    """
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for r in reports:
        head = [r.source, "true" if r.valid else "false", r.faction or "", r.points, r.cap]
        tail = [r.data_hash or "", r.list_hash or ""]
        if r.valid:
            writer.writerow(head + ["", "", "", "", "", ""] + tail)
        for f in r.findings:
            writer.writerow(head + [f.severity, f.code, f.rule or "", f.path, "" if f.line is None else f.line, f.message] + tail)
    return buf.getvalue()


def _progress(items: list[Path]) -> Iterable[Path]:
    if len(items) < PROGRESS_MIN_FILES or not sys.stderr.isatty():
        return items
    from tqdm import tqdm

    return tqdm(items, file=sys.stderr, unit="list", desc="validating", leave=False)


# --- commands -------------------------------------------------------------------------------


def cmd_validate(args: argparse.Namespace) -> int:
    """``landsraad validate FILE...``."""
    ruleset = make_ruleset(args)
    factions = load_faction_files(args.faction_file)
    files = find_list_files(args.files)
    for raw in args.files:
        p = Path(raw)
        if p.is_dir() and not any(f.is_relative_to(p) for f in files):
            raise UsageError(f"The folder {raw!r} holds no list file ({', '.join('*' + s for s in LIST_SUFFIXES)}).")
    reports = [check_file(f, ruleset=ruleset, factions=factions) for f in _progress(files)]
    if args.json:
        print(json.dumps([r.to_json() for r in reports], indent=2, ensure_ascii=False))
    elif args.csv:
        sys.stdout.write(reports_csv(reports))
    else:
        for r in reports:
            print(format_report(r))
        if len(reports) > 1:
            n_valid = sum(r.valid for r in reports)
            print(f"{len(reports)} lists: {n_valid} valid, {len(reports) - n_valid} invalid.")
    return 0 if all(r.valid for r in reports) else 1


def cmd_roster(args: argparse.Namespace) -> int:
    """``landsraad roster LIST``."""
    ruleset = make_ruleset(args)
    factions = load_faction_files(args.faction_file)
    if Path(args.list).is_dir():
        raise UsageError(f"roster takes one list file; {args.list!r} is a folder.")
    report = check_file(args.list, ruleset=ruleset, factions=factions)
    if report.sheet is None:  # unreadable, malformed beyond use, or an unknown faction: no roster
        raise DataError(format_report(report))
    text = render_roster(report, args.format, arrakis=ruleset.arrakis)
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"--output: cannot write {args.output!r}: {exc.strerror or exc}.") from None
        print(f"{args.output}: roster of {report.source} ({'valid' if report.valid else 'INVALID'}).", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0 if report.valid else 1


def cmd_schema(args: argparse.Namespace) -> int:
    """``landsraad schema KIND``."""
    if args.kind == "list":
        schema = list_schema()
    elif args.kind == "scene":
        from ..scene import scene_schema

        schema = scene_schema()
    else:
        model = Faction if args.kind == "faction" else Ruleset
        schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", **model.model_json_schema()}
    print(json.dumps(schema, indent=2, ensure_ascii=False))
    return 0
