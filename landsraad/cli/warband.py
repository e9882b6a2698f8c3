"""``landsraad validate``, ``landsraad roster`` and ``landsraad schema``: warband lists.

``validate FILE...`` checks list files and folders (searched recursively for ``*.yaml``,
``*.yml``, ``*.json``, and ``*.txt`` holding a list) against their faction sheets (R-FACTION,
R-RECRUIT, RUL-14, RUL-15) and prints one report per file (a share code is read as a list); ``--json`` prints a JSON array of reports, ``--csv`` one row per
finding plus one row per valid file, for an organiser's spreadsheet. ``roster LIST`` prints a
printable roster (profile cards as text, Markdown or self-contained HTML), or the list itself
as paste-ready text (``--format text``) or a share code (``--format code``). ``schema list`` prints the JSON Schema
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
from ..errors import DataError, UsageError, quoted, truncate
from ..fileio import atomic_write_text, check_output_path, path_kind
from ..i18n import N_, _, localized, ngettext
from ..model import Faction
from ..roster import FORMATS, render_roster
from ..ruleset import DEFAULT, Ruleset
from ..warband import LIST_SUFFIXES, IntakeNote, Report, check_file, list_schema, scan_list_files
from ..warband.report import place
from ..warband.sharecode import is_share_code

__all__ = ["register", "parse_points", "make_ruleset", "load_faction_files", "format_report", "reports_csv", "summary_csv",
           "csv_text", "csv_header", "csv_cell", "csv_bytes", "add_csv_dialect", "cmd_validate", "cmd_roster", "cmd_schema", "CSV_COLUMNS",
           "SUMMARY_COLUMNS", "CSV_DIALECTS", "PROGRESS_MIN_FILES"]

PROGRESS_MIN_FILES = 50
"""A progress bar is shown (on a terminal) from this many files on."""

CSV_COLUMNS = ("file", "player", "name", "valid", "faction", "points", "cap", "severity", "code", "rule", "position", "line",
               "message", "data_hash", "list_hash")
"""The columns of ``validate --csv`` (one row per finding, plus one per valid file), as the header reads in English."""

SUMMARY_COLUMNS = ("file", "player", "name", "faction", "points", "cap", "valid", "errors", "warnings", "first_error")
"""The columns of ``validate --csv --csv-mode summary`` (one row per entry)."""

CSV_HEADERS: dict[str, str] = {
    "file": N_("file"), "player": N_("player"), "name": N_("name"), "valid": N_("valid"), "faction": N_("faction"),
    "points": N_("points"), "cap": N_("cap"), "severity": N_("severity"), "code": N_("code"), "rule": N_("rule"),
    "position": N_("position"), "line": N_("line"), "message": N_("message"), "data_hash": N_("data_hash"),
    "list_hash": N_("list_hash"), "errors": N_("errors"), "warnings": N_("warnings"), "first_error": N_("first_error"),
    # event standings (landsraad event standings --csv)
    "rank": N_("rank"), "wins": N_("wins"), "draws": N_("draws"), "losses": N_("losses"), "vp": N_("vp"), "vp_diff": N_("vp_diff"),
    "sos": N_("sos"), "byes": N_("byes"), "dropped": N_("dropped"), "esos": N_("esos"),
}
"""Each CSV column's header in the reader's language (:func:`csv_header`); the cells stay codes, numbers and text."""


def csv_header(columns: Sequence[str]) -> list[str]:
    """The header of a CSV in the active language (the English one is the column names)."""
    return [_(CSV_HEADERS[c]) if c in CSV_HEADERS else c for c in columns]

CSV_DIALECTS: dict[str, tuple[str, str, bool]] = {
    "unix": (",", "\n", False),
    "excel": (",", "\r\n", True),
    "excel-fr": (";", "\r\n", True),
}
"""``--csv-dialect``: ``name -> (delimiter, line end, UTF-8 byte-order mark)``. ``excel-fr`` suits a
French-locale spreadsheet, where the comma is the decimal separator."""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``validate``, ``roster`` and ``schema`` commands."""
    p = subparsers.add_parser(
        "validate",
        help=_("check warband lists against their faction sheets"),
        description=_("Check warband list files (and folders, recursively: *.yaml, *.yml, *.json) against every recruiting rule. Exit status 0 if all are valid, 1 if any is invalid or unreadable."),
    )
    p.add_argument("files", nargs="+", metavar=_("FILE"), help=_("list files (YAML, JSON, the text form), folders, or share codes"))
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help=_("print a JSON array of reports"))
    out.add_argument("--csv", action="store_true", help=_("print CSV: one row per finding, plus one row per valid file (--csv-mode summary: one row per entry)"))
    p.add_argument("--csv-mode", choices=("findings", "summary"), default=None,
                   help=_("with --csv: one row per finding (default) or one row per entry (player, faction, points, valid, error count, first error)"))
    add_csv_dialect(p)
    _common_options(p)
    p.set_defaults(func=cmd_validate)

    p = subparsers.add_parser(
        "roster",
        help=_("print a warband list as a printable roster"),
        description=_("Print a roster: every model's profile card with effective stats, weapons, shield, poisons, spice, special rules, chosen kit and cost, with the list's validity and hashes. Exit status 1 if the list is invalid (the roster is still printed, marked INVALID)."),
    )
    p.add_argument("list", metavar=_("LIST"), help=_("a list file (YAML, JSON or the text form) or a share code"))
    p.add_argument("--format", choices=FORMATS, default="cards",
                   help=_("cards (profile cards as text, the default), text (the list as paste-ready text that validate reads back), code (a compact share code), markdown or html (the cards)"))
    p.add_argument("--output", "-o", metavar=_("FILE"), help=_("write the roster to FILE instead of the standard output"))
    _common_options(p)
    p.set_defaults(func=cmd_roster)

    p = subparsers.add_parser(
        "schema",
        help=_("print the JSON Schema of a data format"),
        description=_("Print the JSON Schema of a data format: 'list' (warband lists), 'faction' (faction sheets), 'ruleset' (an event's rule options) or 'scene' (a table for measure, move, shoot...)."),
    )
    p.add_argument("kind", choices=("list", "faction", "ruleset", "scene"), help=_("which format"))
    p.set_defaults(func=cmd_schema)


def _common_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--points", metavar="N", help=_("the points cap (default 15, or the ruleset's)"))
    p.add_argument("--ruleset", metavar=_("FILE"), help=_("an event's ruleset file (YAML/JSON, see `landsraad schema ruleset`)"))
    p.add_argument("--arrakis", action="store_true", help=_("play on Arrakis: one more spice dose in the pool (R-ARRAKIS)"))
    p.add_argument("--faction-file", metavar=_("FILE"), action="append", default=[],
                   help=_("an extra faction sheet (a Minor House); may be repeated"))


# --- helpers --------------------------------------------------------------------------------


def parse_points(text: str) -> int:
    """Parse the value of ``--points``: a whole number of 1 or more, else :class:`UsageError`."""
    try:
        value = int(text)
    except (TypeError, ValueError):
        value = 0
    if value < 1:
        raise UsageError(_("--points expects a whole number of points of 1 or more; got {value}.").format(value=repr(text)))
    return value


def make_ruleset(args: argparse.Namespace) -> Ruleset:
    """The ruleset from ``--ruleset``, ``--points`` and ``--arrakis`` (options override the file)."""
    ruleset = DEFAULT
    if getattr(args, "ruleset", None):
        if path_kind(args.ruleset) != "file":
            raise UsageError(_("--ruleset: no such file {path}.").format(path=repr(args.ruleset)))
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
        if path_kind(path) != "file":
            raise UsageError(_("--faction-file: no such file {path}.").format(path=repr(path)))
        faction = load_model(Faction, path)
        out[faction.id] = faction
    return out


def format_report(report: Report) -> str:
    """A report as readable text: a status line, then one line per finding.

    Examples
    --------
    >>> from landsraad.warband import check_text
    >>> print(format_report(check_text("faction: corrino\\nplayer: Ana\\nmodels: [{type: soldeir}]\\n", "x.yaml")))
    x.yaml (Ana): INVALID - House Corrino, 0 / 15 points, 1 error
      error: model 1, type (line 3): Model type 'soldeir' is not in House Corrino's barracks. Did you mean 'soldier'? ...
    """
    if report.sheet is not None:
        what = _("{house}, {points} / {cap} points").format(house=report.sheet.display_name(), points=report.points, cap=report.cap)
    else:
        what = _("faction {faction}").format(faction=quoted(report.faction)) if report.faction else _("no faction")
    n_err, n_warn = len(report.errors), len(report.warnings)
    counts = []
    if n_err:
        counts.append(ngettext("{n} error", "{n} errors", n_err).format(n=n_err))
    if n_warn:
        counts.append(ngettext("{n} warning", "{n} warnings", n_warn).format(n=n_warn))
    status = _("valid") if report.valid else _("INVALID")
    # the file's own text: cut and escaped (a player "\x1b[2J..." used to reach the terminal raw)
    player = truncate(report.warband.player) if report.warband and report.warband.player else ""
    lines = [_("{source}: {status} - {what}").format(source=f"{report.source}{f' ({player})' if player else ''}", status=status, what=what)
             + (", " + ", ".join(counts) if counts else "")]
    lines += [f"  {f}" for f in report.findings]
    return "\n".join(lines)


def reports_csv(reports: Sequence[Report], dialect: str = "unix") -> str:
    """CSV for an organiser: one row per finding, plus one row per valid file (empty severity and code).

    Examples
    --------
    >>> from landsraad.warband import check_text
    >>> print(reports_csv([check_text("faction: corrino\\nplayer: Ana\\nmodels: [{type: scout}]\\n", "x.yaml")]).splitlines()[1][:40])
    x.yaml,Ana,,true,corrino,2,15,,,,,,...
    """
    rows = []
    for r in reports:
        head: list[str | int] = [r.source, _player(r), _name(r), "true" if r.valid else "false", r.faction or "", r.points, r.cap]
        tail: list[str | int] = [r.data_hash or "", r.list_hash or ""]
        if r.valid:
            rows.append(head + ["", "", "", "", "", ""] + tail)
        for f in r.findings:
            rows.append(head + [f.severity, f.code, f.rule or "", place(f.path), "" if f.line is None else f.line, f.text] + tail)
    return csv_text(csv_header(CSV_COLUMNS), rows, dialect)


def summary_csv(reports: Sequence[Report], dialect: str = "unix") -> str:
    """CSV for an organiser: one row per entry (player, faction, points, valid, error and warning counts, first error).

    Examples
    --------
    >>> from landsraad.warband import check_text
    >>> print(summary_csv([check_text("faction: corrino\\nplayer: Ana\\nmodels: [{type: scot}]\\n", "x.yaml")]).splitlines()[1][:90])
    x.yaml,Ana,,corrino,0,15,false,1,0,"model 1, type: Model type 'scot' is not...
    """
    rows = []
    for r in reports:
        first = r.errors[0] if r.errors else None
        first_text = f"{place(first.path)}: {first.text}" if first and first.position else (first.text if first else "")
        rows.append([r.source, _player(r), _name(r), r.faction or "", r.points, r.cap, "true" if r.valid else "false",
                     len(r.errors), len(r.warnings), first_text])
    return csv_text(csv_header(SUMMARY_COLUMNS), rows, dialect)


def _player(report: Report) -> str:
    return report.warband.player if report.warband else ""


def _name(report: Report) -> str:
    return report.warband.name if report.warband else ""


def add_csv_dialect(p: argparse.ArgumentParser) -> None:
    """Add ``--csv-dialect`` (shared with ``event standings``)."""
    p.add_argument("--csv-dialect", choices=tuple(CSV_DIALECTS), default=None,
                   help=_("CSV flavour: unix (comma, LF; the default), excel (comma, CRLF, UTF-8 with BOM) or excel-fr "
                          "(semicolon, CRLF, UTF-8 with BOM, for a French-locale spreadsheet)"))


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""How a text cell starts when a spreadsheet would run it as a formula (CSV injection)."""


def csv_cell(value: Any) -> Any:
    """A cell made safe for a spreadsheet: text starting with ``= + - @``, a tab or a carriage return gets a leading ``'``.

    Numbers stay numbers (``-3`` is a VP difference, not a formula); so does text that is a
    plain number. The apostrophe is what OWASP recommends: a spreadsheet shows the text as
    typed instead of running it.

    Examples
    --------
    >>> print(csv_cell('=HYPERLINK("http://x","y")'))
    '=HYPERLINK("http://x","y")
    >>> csv_cell("-3"), csv_cell(-3), csv_cell("@SUM(A1)"), csv_cell("Ana")
    ('-3', -3, "'@SUM(A1)", 'Ana')
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        try:
            float(value)
        except ValueError:
            return "'" + value
    return value


def csv_text(header: Sequence[str], rows: Iterable[Sequence[Any]], dialect: str = "unix") -> str:
    """CSV text in a dialect of :data:`CSV_DIALECTS` (the byte-order mark is added by :func:`csv_bytes`).

    Every cell goes through :func:`csv_cell`, so a player named ``=HYPERLINK(...)`` is text.

    Examples
    --------
    >>> csv_text(("a", "b"), [(1, "x;y")], "excel-fr")
    'a;b\\r\\n1;"x;y"\\r\\n'
    """
    delimiter, line_end, _bom = CSV_DIALECTS[dialect]
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter=delimiter, lineterminator=line_end)
    writer.writerow([csv_cell(c) for c in header])
    writer.writerows([csv_cell(c) for c in row] for row in rows)
    return buf.getvalue()


def csv_bytes(text: str, dialect: str = "unix") -> bytes:
    """The CSV text encoded in UTF-8, with a byte-order mark where the dialect wants one."""
    return ("\ufeff" if CSV_DIALECTS[dialect][2] else "").encode("utf-8") + text.encode("utf-8")


def _progress(items: list[Path]) -> Iterable[Path]:
    if len(items) < PROGRESS_MIN_FILES or not sys.stderr.isatty():
        return items
    from tqdm import tqdm

    return tqdm(items, file=sys.stderr, unit=_("list"), desc=_("validating"), leave=False)


# --- commands -------------------------------------------------------------------------------


def print_intake_notes(notes: Sequence[IntakeNote]) -> None:
    """Name on the standard error every file a folder search did not read (or read despite its name)."""
    for note in notes:
        print(_("landsraad: warning: {note}").format(note=localized(note)), file=sys.stderr)


def csv_options(args: argparse.Namespace) -> str:
    """The CSV dialect asked for; ``--csv-dialect`` / ``--csv-mode`` without ``--csv`` is a usage error."""
    for option in ("csv_dialect", "csv_mode"):
        if getattr(args, option, None) and not args.csv:
            raise UsageError(_("{option} applies to CSV output; add --csv.").format(option="--" + option.replace("_", "-")))
    return args.csv_dialect or "unix"


def cmd_validate(args: argparse.Namespace) -> int:
    """``landsraad validate FILE...``."""
    dialect = csv_options(args)
    ruleset = make_ruleset(args)
    factions = load_faction_files(args.faction_file)
    files, notes = scan_list_files(args.files)
    print_intake_notes(notes)
    for raw in args.files:
        p = Path(raw)
        if not is_share_code(raw) and path_kind(p) == "folder" and not any(f.is_relative_to(p) for f in files):
            raise UsageError(_("The folder {folder} holds no list file ({patterns}, or *.txt holding a list).").format(
                folder=repr(raw), patterns=", ".join("*" + s for s in LIST_SUFFIXES)))
    reports = [check_file(f, ruleset=ruleset, factions=factions) for f in _progress(files)]
    if args.json:
        print(json.dumps([r.to_json() for r in reports], indent=2, ensure_ascii=False))
    elif args.csv:
        text = summary_csv(reports, dialect) if args.csv_mode == "summary" else reports_csv(reports, dialect)
        sys.stdout.flush()
        raw = getattr(sys.stdout, "buffer", None)
        if raw is None:  # a text-only stream (a test's capture): the dialect's characters, as text
            sys.stdout.write(csv_bytes(text, dialect).decode("utf-8"))
        else:  # bytes, so the dialect's BOM and line ends reach the file exactly
            raw.write(csv_bytes(text, dialect))
            raw.flush()
    else:
        for r in reports:
            print(format_report(r))
        if len(reports) > 1:
            n_valid = sum(r.valid for r in reports)
            print(ngettext("{n} list: {valid} valid, {invalid} invalid.", "{n} lists: {valid} valid, {invalid} invalid.",
                           len(reports)).format(n=len(reports), valid=n_valid, invalid=len(reports) - n_valid))
    return 0 if all(r.valid for r in reports) else 1


def cmd_roster(args: argparse.Namespace) -> int:
    """``landsraad roster LIST``."""
    ruleset = make_ruleset(args)
    factions = load_faction_files(args.faction_file)
    if not is_share_code(args.list) and path_kind(args.list) == "folder":
        raise UsageError(_("roster takes one list file; {path} is a folder.").format(path=repr(args.list)))
    if args.output:
        check_output_path(args.output, what="--output")
    report = check_file(args.list, ruleset=ruleset, factions=factions)
    if report.sheet is None or "unknown-faction" in report.codes:  # no roster against a guessed sheet
        raise DataError(format_report(report))
    text = render_roster(report, args.format, arrakis=ruleset.arrakis)
    if args.output:
        atomic_write_text(args.output, text)
        print(_("{output}: roster of {source} ({status}).").format(output=args.output, source=report.source,
                                                                   status=_("valid") if report.valid else _("INVALID")), file=sys.stderr)
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
