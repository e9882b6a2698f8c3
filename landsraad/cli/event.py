"""``landsraad event``: run a Swiss tournament from the entries to the standings.

One folder per event: ``DIR/event.json`` holds the state (written atomically), ``DIR/lists/``
the entries. Every command is safe to re-run: ``new`` with the same settings changes nothing,
``pair`` pairs the last round again while it has no result (the same pairing, unless a player
dropped), ``result`` with the same score changes nothing, ``drop`` of a dropped player too.

- ``event new DIR --name NAME --rounds N [--seed S] [--points 15] [--win 3 --draw 1 --loss 0]``
- ``event check DIR [--json]``: every entry validated, players checked, skipped files named.
- ``event pair DIR [--json] [--allow-invalid]``: pairs the next round and records it.
- ``event result DIR --round N --table T --vp RED,BLUE [--force]``
- ``event standings DIR [--json] [--csv FILE [--csv-dialect D]] [--html FILE]``
- ``event drop DIR PLAYER``

Exit status: 0 done; 1 a refused command (with the sentence saying why) or bad data; 2 bad usage.

Examples
--------
>>> parse_vp("12,7")
(12, 7)
>>> parse_vp("12-7")
Traceback (most recent call last):
...
landsraad.errors.UsageError: --vp expects two whole numbers of 0 or more, red first: RED,BLUE (such as 12,7); got '12-7'.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from pydantic import ValidationError

from ..errors import UsageError
from ..fileio import atomic_write_bytes, atomic_write_text, check_output_dir, check_output_path
from ..ruleset import Ruleset
from ..tournament.entries import EntryCheck, check_entries, player_of, registration_changes
from ..tournament.event import (
    LISTS_DIR,
    Event,
    EventError,
    Round,
    Scoring,
    drop_player,
    event_path,
    load_event,
    new_event,
    record_result,
    save_event,
    set_round,
)
from ..tournament.event import register as register_entrants
from ..tournament.page import render_event_html
from ..tournament.standings import STANDING_COLUMNS, Standing, standings
from ..tournament.swiss import pair_round
from .warband import add_csv_dialect, csv_bytes, csv_text, format_report, parse_points, print_intake_notes

__all__ = ["register", "parse_vp", "parse_count", "format_round", "format_standings", "standings_csv",
           "cmd_new", "cmd_check", "cmd_pair", "cmd_result", "cmd_standings", "cmd_drop"]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``event`` command group."""
    p = subparsers.add_parser(
        "event",
        help="run a Swiss tournament: entries, pairings, results, standings",
        description="Run a Swiss tournament in a folder: DIR/event.json holds the state, DIR/lists/ the entries. "
                    "Every command is safe to re-run.",
    )
    p.set_defaults(func=_no_action)
    sub = p.add_subparsers(dest="action", metavar="ACTION")

    q = sub.add_parser("new", help="create an event", description="Create an event in DIR (created if missing) "
                       "with DIR/lists/ for the entries. Re-running with the same settings changes nothing; other "
                       "settings are accepted until round 1 is paired.")
    q.add_argument("dir", metavar="DIR")
    q.add_argument("--name", required=True, help="the event's name")
    q.add_argument("--rounds", required=True, metavar="N", help="the number of rounds")
    q.add_argument("--seed", metavar="S", help="the seed of round 1's shuffle (default: drawn at random and recorded)")
    q.add_argument("--points", metavar="N", help="the warband points cap (default 15)")
    q.add_argument("--win", metavar="P", help="points for a win (default 3)")
    q.add_argument("--draw", metavar="P", help="points for a draw (default 1)")
    q.add_argument("--loss", metavar="P", help="points for a loss (default 0)")
    q.set_defaults(func=cmd_new)

    q = sub.add_parser("check", help="validate every entry", description="Validate every list in DIR/lists/ against "
                       "the event's points cap; flag entries without a player: line and players with two entries; name "
                       "every file not read. Exit status 1 if anything is wrong.")
    q.add_argument("dir", metavar="DIR")
    q.add_argument("--json", action="store_true", help="print JSON")
    q.set_defaults(func=cmd_check)

    q = sub.add_parser("pair", help="pair the next round", description="Pair the next round (Swiss: round 1 by the "
                       "seeded shuffle, later rounds by standing without rematches where possible, the bye to the "
                       "lowest-ranked player without one) and record it. While the round has no result, pairing again "
                       "gives it anew (after a drop, say); once it has results, that is refused.")
    q.add_argument("dir", metavar="DIR")
    q.add_argument("--json", action="store_true", help="print JSON")
    q.add_argument("--allow-invalid", action="store_true", help="pair round 1 even if some lists are invalid")
    q.set_defaults(func=cmd_pair)

    q = sub.add_parser("result", help="record a game's result", description="Record the victory points of a table.")
    q.add_argument("dir", metavar="DIR")
    q.add_argument("--round", required=True, metavar="N", help="the round")
    q.add_argument("--table", required=True, metavar="T", help="the table")
    q.add_argument("--vp", required=True, metavar="RED,BLUE", help="victory points, red first, such as 12,7")
    q.add_argument("--force", action="store_true", help="replace a different result already recorded")
    q.set_defaults(func=cmd_result)

    q = sub.add_parser("standings", help="print the standings", description="Print the standings (points, then VP "
                       "difference, VP scored, strength of schedule, name); write them as CSV and the whole event as "
                       "one printable HTML page.")
    q.add_argument("dir", metavar="DIR")
    q.add_argument("--json", action="store_true", help="print a JSON array of rows")
    q.add_argument("--csv", metavar="FILE", help="write the standings as CSV to FILE")
    add_csv_dialect(q)
    q.add_argument("--html", metavar="FILE", help="write the page (standings, every round's pairings and results) to FILE")
    q.set_defaults(func=cmd_standings)

    q = sub.add_parser("drop", help="drop a player", description="Drop a player: no longer paired; their games stay.")
    q.add_argument("dir", metavar="DIR")
    q.add_argument("player", metavar="PLAYER")
    q.set_defaults(func=cmd_drop)


def _no_action(args: argparse.Namespace) -> int:
    raise UsageError("event needs an action: new, check, pair, result, standings or drop (see `landsraad event --help`).")


# --- parsing --------------------------------------------------------------------------------


def parse_count(text: str, option: str, minimum: int = 1) -> int:
    """A whole number of at least ``minimum`` for ``option``, else :class:`UsageError`."""
    try:
        value = int(text)
    except (TypeError, ValueError):
        value = minimum - 1
    if value < minimum:
        raise UsageError(f"{option} expects a whole number of {minimum} or more; got {text!r}.")
    return value


def parse_vp(text: str) -> tuple[int, int]:
    """``RED,BLUE`` victory points."""
    parts = text.split(",")
    try:
        red, blue = (int(x) for x in parts)
    except ValueError:
        red = blue = -1
    if red < 0 or blue < 0:
        raise UsageError(f"--vp expects two whole numbers of 0 or more, red first: RED,BLUE (such as 12,7); got {text!r}.")
    return red, blue


# --- text output ------------------------------------------------------------------------------


def format_round(event: Event, rnd: Round) -> str:
    """A round's pairings as text."""
    lines = [f"{event.name} - round {rnd.round} of {event.rounds}"]
    width = max((len(t.red) for t in rnd.tables), default=0)
    for t in rnd.tables:
        score = f"  {t.result.red} - {t.result.blue}" if t.result else ""
        lines.append(f"  Table {t.table}: {t.red:<{width}} (red)  v  {t.blue} (blue){score}")
    if rnd.bye:
        lines.append(f"  Bye: {rnd.bye} (a win, 0 VP)")
    return "\n".join(lines)


def format_standings(event: Event, rows: list[Standing]) -> str:
    """The standings as an aligned text table."""
    head = ("#", "Player", "Faction", "Pts", "W", "D", "L", "VP", "Diff", "SoS")
    body = [(str(s.rank), s.player + (" (dropped)" if s.dropped else ""), s.faction, str(s.points), str(s.wins),
             str(s.draws), str(s.losses), str(s.vp), f"{s.vp_diff:+d}", str(s.sos)) for s in rows]
    widths = [max(len(r[i]) for r in [head, *body]) for i in range(len(head))]
    left = {1, 2}
    def fmt(r: list[str]) -> str:
        return "  ".join(c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip()

    done = sum(1 for r in event.pairings if r.complete)
    title = f"{event.name} - standings after {done} of {event.rounds} round{'s' if event.rounds > 1 else ''}"
    return "\n".join([title, fmt(head), *(fmt(r) for r in body)])


def standings_csv(rows: list[Standing], dialect: str = "unix") -> str:
    """The standings as CSV: :data:`STANDING_COLUMNS` plus ``byes`` and ``dropped``."""
    return csv_text((*STANDING_COLUMNS, "byes", "dropped"),
                    [[*(getattr(s, c) for c in STANDING_COLUMNS), s.byes, "true" if s.dropped else "false"] for s in rows],
                    dialect)


def _round_json(rnd: Round) -> dict:
    return {"round": rnd.round, "tables": [{"table": t.table, "red": t.red, "blue": t.blue} for t in rnd.tables], "bye": rnd.bye}


# --- commands -------------------------------------------------------------------------------


def cmd_new(args: argparse.Namespace) -> int:
    """``landsraad event new DIR``."""
    rounds = parse_count(args.rounds, "--rounds")
    points = parse_points(args.points) if args.points is not None else None
    seed = parse_count(args.seed, "--seed", 0) if args.seed is not None else None
    score = {k: parse_count(getattr(args, k), f"--{k}", 0) for k in ("win", "draw", "loss") if getattr(args, k) is not None}
    if not args.name.strip():
        raise UsageError("--name needs at least one visible character.")
    folder = Path(args.dir)
    old = load_event(folder) if event_path(folder).is_file() else None
    base = old.scoring.model_dump() if old else {}
    try:
        scoring = Scoring(**{**base, **score})
    except ValidationError as exc:
        raise UsageError(str(exc.errors()[0]["msg"]).removeprefix("Value error, ") + ".") from None
    if seed is None:
        seed = old.seed if old else int(np.random.SeedSequence().entropy % 2**31)
    event = new_event(args.name.strip(), rounds, seed, points if points is not None else (old.points if old else 15), scoring)
    if old is not None:
        settings = ("name", "rounds", "seed", "points", "scoring")
        if all(getattr(old, k) == getattr(event, k) for k in settings):
            print(f"{folder}: the event {old.name!r} already exists with these settings; nothing changed.")
            return 0
        locked = [k for k in ("seed", "points", "scoring") if getattr(old, k) != getattr(event, k)]
        if old.pairings and (locked or event.rounds < len(old.pairings)):
            raise EventError(f"{folder} already holds the event {old.name!r} with {len(old.pairings)} round(s) paired: its seed, "
                             "points cap and scoring can no longer change, nor the number of rounds go below the rounds "
                             "paired. Start a new event in another folder to change them.")
        event = Event.model_validate({**old.model_dump(), **{k: getattr(event, k) for k in settings}})
    check_output_dir(folder, what="event folder")
    check_output_dir(folder / LISTS_DIR, what="lists folder")
    save_event(folder, event)
    sc = event.scoring
    verb = "Updated" if old else "Created"
    print(f"{verb} the event {event.name!r} in {folder}: {event.rounds} round(s), seed {event.seed}, {event.points}-point "
          f"warbands, win {sc.win} / draw {sc.draw} / loss {sc.loss}.")
    print(f"Put one list per player (with a `player:` line) in {folder / LISTS_DIR}, then run `landsraad event check {folder}`.")
    return 0


def _entries(folder: Path, event: Event) -> EntryCheck:
    check = check_entries(folder, Ruleset(points=event.points))
    print_intake_notes(check.notes)
    return check


def cmd_check(args: argparse.Namespace) -> int:
    """``landsraad event check DIR``."""
    folder = Path(args.dir)
    event = load_event(folder)
    check = _entries(folder, event)
    changes = registration_changes(event, check)
    if args.json:
        print(json.dumps(check.to_json() | {"registration": changes}, indent=2, ensure_ascii=False))
    else:
        for c in changes:
            print(f"registration: {c}")
        for r in check.reports:
            print(format_report(r).replace(r.source, check.relative(r.source), 1))
        for p in check.problems:
            print(f"problem: {p}")
        n_valid = sum(r.valid for r in check.reports)
        players = len({player_of(r).casefold() for r in check.reports if player_of(r)})
        print(f"{len(check.reports)} entries, {players} players: {n_valid} valid, {len(check.reports) - n_valid} invalid; "
              f"{len(check.problems)} event problem(s); {sum(not n.read for n in check.notes)} file(s) not read.")
    return 0 if check.valid and not changes else 1


def cmd_pair(args: argparse.Namespace) -> int:
    """``landsraad event pair DIR``."""
    folder = Path(args.dir)
    event = load_event(folder)
    first = not event.pairings or (len(event.pairings) == 1 and not event.pairings[0].recorded)
    if first:
        check = _entries(folder, event)
        invalid = [check.relative(r.source) for r in check.reports if not r.valid]
        reasons = list(check.problems) + ([f"invalid list(s): {', '.join(invalid)}"] if invalid and not args.allow_invalid else [])
        if reasons:
            raise EventError("Round 1 cannot be paired: " + " ".join(r if r.endswith(".") else r + "." for r in reasons)
                             + f" See `landsraad event check {folder}`" + (" (or add --allow-invalid)." if invalid else "."))
        event = register_entrants(event, check.entrants())
    rnd = pair_round(event)
    event = set_round(event, rnd)
    save_event(folder, event)
    if args.json:
        print(json.dumps(_round_json(rnd), indent=2, ensure_ascii=False))
    else:
        print(format_round(event, rnd))
    return 0


def cmd_result(args: argparse.Namespace) -> int:
    """``landsraad event result DIR --round N --table T --vp RED,BLUE``."""
    round_no = parse_count(args.round, "--round")
    table_no = parse_count(args.table, "--table")
    red_vp, blue_vp = parse_vp(args.vp)
    folder = Path(args.dir)
    event = load_event(folder)
    event, changed = record_result(event, round_no, table_no, red_vp, blue_vp, force=args.force)
    rnd = event.pairings[round_no - 1]
    t = rnd.tables[table_no - 1]
    outcome = f"{t.red} wins" if red_vp > blue_vp else f"{t.blue} wins" if blue_vp > red_vp else "a draw"
    if changed:
        save_event(folder, event)
    print(f"Round {round_no}, table {table_no}: {t.red} (red) {red_vp} - {blue_vp} {t.blue} (blue), {outcome}."
          + ("" if changed else " Already recorded; nothing changed."))
    print(f"Round {round_no}: {len(rnd.recorded)} of {len(rnd.tables)} result(s) recorded.")
    return 0


def cmd_standings(args: argparse.Namespace) -> int:
    """``landsraad event standings DIR``."""
    if args.csv_dialect and not args.csv:
        raise UsageError("--csv-dialect applies to the CSV file; add --csv FILE.")
    for option in ("csv", "html"):
        if getattr(args, option):
            check_output_path(getattr(args, option), what=f"--{option}")
    folder = Path(args.dir)
    event = load_event(folder)
    rows = standings(event)
    if args.csv:
        dialect = args.csv_dialect or "unix"
        atomic_write_bytes(args.csv, csv_bytes(standings_csv(rows, dialect), dialect))
        print(f"{args.csv}: standings of {event.name!r} as CSV ({dialect}).", file=sys.stderr)
    if args.html:
        atomic_write_text(args.html, render_event_html(event))
        print(f"{args.html}: the page of {event.name!r} (standings and every round).", file=sys.stderr)
    if args.json:
        print(json.dumps([s.to_json() for s in rows], indent=2, ensure_ascii=False))
    else:
        print(format_standings(event, rows))
    return 0


def cmd_drop(args: argparse.Namespace) -> int:
    """``landsraad event drop DIR PLAYER``."""
    folder = Path(args.dir)
    event = load_event(folder)
    event, changed = drop_player(event, args.player)
    player = event.dropped[-1] if changed else next(p for p in event.dropped if p.casefold() == args.player.strip().casefold())
    if not changed:
        print(f"{player} had already dropped; nothing changed.")
        return 0
    save_event(folder, event)
    print(f"{player} is dropped: no longer paired; their games stay in the standings.")
    last = event.pairings[-1] if event.pairings else None
    if last is not None and player in last.players() and not last.recorded:
        print(f"{player} is in round {last.round}, which has no result yet: run `landsraad event pair {folder}` to pair it again without them.")
    return 0

