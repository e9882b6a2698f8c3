"""``landsraad event``: run a Swiss tournament from the entries to the standings.

One folder per event: ``DIR/event.json`` holds the state (written atomically, under a file
lock so two organisers' commands at once both land), ``DIR/event.trf`` a flat text export of
the results beside it, ``DIR/lists/`` the entries. Every command is safe to re-run: ``new``
with the same settings changes nothing, ``pair`` pairs the last round again while it has no
result (the same pairing, unless a player dropped or joined), ``result`` with the same score
changes nothing, ``drop`` of a dropped player too.

- ``event new DIR --name NAME --rounds N [--seed S] [--points 15] [SETTINGS]``
- ``event config DIR [SETTINGS] [--name NAME] [--rounds N]``: show or change the settings.
  SETTINGS: ``--win/--draw/--loss P``, ``--bye fixed|average``, ``--bye-vp N``,
  ``--tiebreakers sos,esos,h2h,vp_diff,vp,...``, ``--avoid club,city``, ``--club PLAYER=CLUB``,
  ``--city PLAYER=CITY``, ``--seat PLAYER=TABLE``, ``--layout NAME=SCENE``, ``--late-points P``.
- ``event check DIR [--json]``: every entry validated, players checked, skipped files named.
- ``event pair DIR [--json] [--allow-invalid] [--dry-run] [--explain] [--manual "A v B"]... [--bye P]``
- ``event swap DIR ROUND T1 T2 [--tables]``: exchange two tables' blue players (or places).
- ``event add DIR LIST [--player NAME] [--start P] [--club C] [--city C] [--allow-invalid]``: a late entry.
- ``event result DIR --round N --table T --vp RED,BLUE [--force]`` (also ``12-7``, ``"12 7"``)
- ``event standings DIR [--json] [--explain] [--csv FILE [--csv-dialect D]] [--html FILE]``
- ``event sheet DIR [--round N] [-o FILE]`` and ``event slips DIR [--round N] [-o FILE]``: printable pages.
- ``event export DIR [-o FILE]``: the TRF-like text export (also written on every change).
- ``event drop DIR PLAYER``

Exit status: 0 done; 1 a refused command (with the sentence saying why) or bad data; 2 bad usage.

Examples
--------
>>> parse_vp("12,7"), parse_vp("12-7"), parse_vp("12 7")
((12, 7), (12, 7), (12, 7))
>>> parse_vp("12")
Traceback (most recent call last):
...
landsraad.errors.UsageError: --vp expects two whole numbers of 0 or more, red first: RED,BLUE (such as 12,7, 12-7 or "12 7"); got '12'.
"""

from __future__ import annotations

import argparse
import json
import re
import secrets
import sys
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..errors import UsageError, truncate
from ..fileio import atomic_write_bytes, atomic_write_text, check_output_dir, check_output_path
from ..i18n import N_, _, localized, ngettext, pgettext
from ..ruleset import Ruleset
from ..tournament.entries import EntryCheck, check_entries, player_of, registration_changes
from ..tournament.event import (
    AVOID_KEYS,
    LISTS_DIR,
    TIEBREAKERS,
    Affiliation,
    Entrant,
    Event,
    EventError,
    Layout,
    Round,
    Scoring,
    Seat,
    add_entrant,
    configure,
    drop_player,
    event_lock,
    event_path,
    find_player,
    load_event,
    new_event,
    record_result,
    save_event,
    set_round,
    tiebreaker_name,
)
from ..tournament.event import register as register_entrants
from ..tournament.export import TRF_FILE, save_export, trf_text
from ..tournament.page import render_event_html
from ..tournament.sheets import pairing_sheet_html, result_slips_html, round_of
from ..tournament.standings import CRITERION_LABELS, STANDING_COLUMNS, Standing, separations, standings
from ..tournament.swiss import plan_round, swap_tables
from ..warband import check_file, dump_list
from .warband import add_csv_dialect, csv_bytes, csv_header, csv_text, format_report, parse_points, print_intake_notes

__all__ = ["register", "parse_vp", "parse_count", "format_round", "format_standings", "format_settings", "standings_csv",
           "cmd_new", "cmd_config", "cmd_check", "cmd_pair", "cmd_swap", "cmd_add", "cmd_result", "cmd_standings",
           "cmd_sheet", "cmd_slips", "cmd_export", "cmd_drop"]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``event`` command group."""
    p = subparsers.add_parser(
        "event",
        help=_("run a Swiss tournament: entries, pairings, results, standings"),
        description=_("Run a Swiss tournament in a folder: DIR/event.json holds the state, DIR/lists/ the entries. Every command is safe to re-run."),
    )
    p.set_defaults(func=_no_action)
    sub = p.add_subparsers(dest="action", metavar="ACTION")

    q = sub.add_parser("new", help=_("create an event"), description=_("Create an event in DIR (created if missing) with DIR/lists/ for the entries. Re-running with the same settings changes nothing; other settings are accepted until round 1 is paired (then see `event config`)."))
    q.add_argument("dir", metavar=_("DIR"))
    q.add_argument("--name", required=True, help=_("the event's name"))
    q.add_argument("--rounds", required=True, metavar="N", help=_("the number of rounds"))
    q.add_argument("--seed", metavar="S", help=_("the seed of round 1's shuffle (default: drawn at random and recorded)"))
    q.add_argument("--points", metavar="N", help=_("the warband points cap (default 15)"))
    _settings_options(q)
    q.set_defaults(func=cmd_new)

    q = sub.add_parser("config", help=_("show or change the event's settings"), description=_("Show the settings; with options, change them. Scoring and tie-breakers may change at any time (the standings are recomputed); the seed and points cap are fixed once round 1 is paired."))
    q.add_argument("dir", metavar=_("DIR"))
    q.add_argument("--name", help=_("the event's name"))
    q.add_argument("--rounds", metavar="N", help=_("the number of rounds (not below the rounds paired)"))
    q.add_argument("--seed", metavar="S", help=_("the seed of round 1's shuffle (until round 1 is paired)"))
    q.add_argument("--points", metavar="N", help=_("the warband points cap (until round 1 is paired)"))
    q.add_argument("--json", action="store_true", help=_("print the settings as JSON"))
    _settings_options(q)
    q.set_defaults(func=cmd_config)

    q = sub.add_parser("check", help=_("validate every entry"), description=_("Validate every list in DIR/lists/ against the event's points cap; flag entries without a player: line and players with two entries; name every file not read. Exit status 1 if anything is wrong."))
    q.add_argument("dir", metavar=_("DIR"))
    q.add_argument("--json", action="store_true", help=_("print JSON"))
    q.set_defaults(func=cmd_check)

    q = sub.add_parser("pair", help=_("pair the next round"), description=_("Pair the next round (Swiss: round 1 by the seeded shuffle, later rounds by standing without rematches where possible, the bye to the lowest-ranked player without one) and record it. While the round has no result, pairing again gives it anew (after a drop or a late entry, say); once it has results, that is refused."))
    q.add_argument("dir", metavar=_("DIR"))
    q.add_argument("--json", action="store_true", help=_("print JSON"))
    q.add_argument("--allow-invalid", action="store_true", help=_("pair round 1 even if some lists are invalid"))
    q.add_argument("--dry-run", action="store_true", help=_("show the pairing without recording it"))
    q.add_argument("--explain", action="store_true", help=_("say why each pairing, table and the bye"))
    q.add_argument("--manual", action="append", default=[], metavar='"RED v BLUE"',
                   help=_("a pair set by hand, red first (repeat for more; the others are paired around them); checked: a rematch, a second bye, players kept apart are warned of"))
    q.add_argument("--bye", metavar=_("PLAYER"), help=_("give the bye to PLAYER by hand"))
    q.set_defaults(func=cmd_pair)

    q = sub.add_parser("swap", help=_("swap two tables' opponents"), description=_("Change the last paired round by hand: tables T1 and T2 exchange their blue players (A v B and C v D become A v D and C v B), or with --tables the two games exchange tables (and layouts). Tables with a result cannot change. A rematch, a fixed seat missed, a layout played twice are warned of."))
    q.add_argument("dir", metavar=_("DIR"))
    q.add_argument("round", metavar=_("ROUND"))
    q.add_argument("first", metavar="T1")
    q.add_argument("second", metavar="T2")
    q.add_argument("--tables", action="store_true", help=_("exchange the two games' tables instead of their blue players"))
    q.set_defaults(func=cmd_swap)

    q = sub.add_parser("add", help=_("register a late entry"), description=_("Register a player after round 1 is paired: the list is checked, copied to DIR/lists/ and registered; the player is paired from the next round (or the last round when it has no result yet: pair it again) with the start score."))
    q.add_argument("dir", metavar=_("DIR"))
    q.add_argument("list", metavar=_("LIST"), help=_("the player's list file (YAML, JSON, text list or share code)"))
    q.add_argument("--player", metavar=_("NAME"), help=_("the player's name (default: the list's player: line)"))
    q.add_argument("--start", metavar="P", help=_("the start score (default: the event's --late-points, 0 unless set)"))
    q.add_argument("--club", help=_("the player's club (for --avoid club)"))
    q.add_argument("--city", help=_("the player's city (for --avoid city)"))
    q.add_argument("--allow-invalid", action="store_true", help=_("register the list even if it is invalid"))
    q.set_defaults(func=cmd_add)

    q = sub.add_parser("result", help=_("record a game's result"), description=_("Record the victory points of a table."))
    q.add_argument("dir", metavar=_("DIR"))
    q.add_argument("--round", required=True, metavar="N", help=_("the round"))
    q.add_argument("--table", required=True, metavar="T", help=_("the table"))
    q.add_argument("--vp", required=True, metavar=_("RED,BLUE"), help=_('victory points, red first: 12,7 or 12-7 or "12 7"'))
    q.add_argument("--force", action="store_true", help=_("replace a different result already recorded"))
    q.set_defaults(func=cmd_result)

    q = sub.add_parser("standings", help=_("print the standings"), description=_("Print the standings (points, then the event's tie-breakers, then name); write them as CSV and the whole event as one printable HTML page."))
    q.add_argument("dir", metavar=_("DIR"))
    q.add_argument("--json", action="store_true", help=_("print a JSON array of rows"))
    q.add_argument("--explain", action="store_true", help=_("name the criterion that separated each pair of adjacent places"))
    q.add_argument("--csv", metavar=_("FILE"), help=_("write the standings as CSV to FILE"))
    add_csv_dialect(q)
    q.add_argument("--html", metavar=_("FILE"), help=_("write the page (standings, every round's pairings and results) to FILE"))
    q.set_defaults(func=cmd_standings)

    pages = (("sheet", N_("pairing sheet"), N_("the pairing sheet (by player name: table, side, opponent, factions)"), "pairings", cmd_sheet),
             ("slips", N_("result slips"), N_("the result slips (one per table, three to an A4 page)"), "slips", cmd_slips))
    for name, short, what, page, func in pages:
        q = sub.add_parser(name, help=_("write a round's {page} as HTML").format(page=_(short)),
                           description=_("Write {what} of a round as a print-ready HTML page.").format(what=_(what)))
        q.add_argument("dir", metavar=_("DIR"))
        q.add_argument("--round", metavar="N", help=_("the round (default: the last paired)"))
        q.add_argument("--output", "-o", metavar=_("FILE"), help=_("the page (default: DIR/round-N-{page}.html)").format(page=page))
        q.set_defaults(func=func)

    q = sub.add_parser("export", help=_("write the TRF-like text export"), description=_("Write the results as flat text (TRF-like, one line per player; also written to DIR/{file} by "
                                  "every command that changes the event).").format(file=TRF_FILE))
    q.add_argument("dir", metavar=_("DIR"))
    q.add_argument("--output", "-o", metavar=_("FILE"), help=_("write to FILE (default: the standard output)"))
    q.set_defaults(func=cmd_export)

    q = sub.add_parser("drop", help=_("drop a player"), description=_("Drop a player: no longer paired; their games stay."))
    q.add_argument("dir", metavar=_("DIR"))
    q.add_argument("player", metavar=_("PLAYER"))
    q.set_defaults(func=cmd_drop)


def _settings_options(q: argparse.ArgumentParser) -> None:
    q.add_argument("--win", metavar="P", help=_("points for a win (default 3)"))
    q.add_argument("--draw", metavar="P", help=_("points for a draw (default 1)"))
    q.add_argument("--loss", metavar="P", help=_("points for a loss (default 0)"))
    q.add_argument("--bye", dest="bye_kind", choices=("fixed", "average"),
                   help=_("a bye's VP: fixed (--bye-vp, default 0) or the player's average VP over their games"))
    q.add_argument("--bye-vp", metavar="N", help=_("the VP of a fixed bye (default 0)"))
    q.add_argument("--tiebreakers", metavar=_("LIST"), help=_("tie-breakers after points, in order, by name: ")
                   + ", ".join(TIEBREAKERS) + _(" (default vp_diff,vp,sos); 'none' for name only"))
    q.add_argument("--avoid", metavar=_("LIST"), help=_("round 1 keeps apart players of the same club, city, or both (club,city); 'none' to stop"))
    q.add_argument("--club", action="append", default=[], metavar=_("PLAYER=CLUB"), help=_("a player's club (repeat; PLAYER= clears)"))
    q.add_argument("--city", action="append", default=[], metavar=_("PLAYER=CITY"), help=_("a player's city (repeat; PLAYER= clears)"))
    q.add_argument("--seat", action="append", default=[], metavar=_("PLAYER=TABLE"),
                   help=_("a player who always plays at TABLE (repeat; PLAYER=none clears)"))
    q.add_argument("--layout", action="append", default=[], metavar=_("NAME=SCENE"),
                   help=_("the tables' named layouts, table 1 first (repeat; each a scene file; replaces the layouts; 'none' clears): no player gets a layout twice when the tables allow"))
    q.add_argument("--late-points", metavar="P", help=_("the start score of a late entry (default 0)"))


def _no_action(args: argparse.Namespace) -> int:
    raise UsageError(_("event needs an action: new, config, check, pair, swap, add, result, standings, sheet, slips, export or drop (see `landsraad event --help`)."))


# --- parsing --------------------------------------------------------------------------------


def parse_count(text: str, option: str, minimum: int = 1) -> int:
    """A whole number of at least ``minimum`` for ``option``, else :class:`UsageError`."""
    try:
        value = int(text)
    except (TypeError, ValueError):
        value = minimum - 1
    if value < minimum:
        raise UsageError(_("{option} expects a whole number of {minimum} or more; got {text!r}.").format(option=option, minimum=minimum, text=truncate(str(text))))
    return value


_VP = re.compile(r"\s*(\d{1,6})\s*(?:[,;:/-]|\s)\s*(\d{1,6})\s*")


def parse_vp(text: str) -> tuple[int, int]:
    """Victory points, red first: ``12,7``, ``12-7``, ``12 7`` (also ``12:7``, ``12;7``, ``12/7``)."""
    m = _VP.fullmatch(text)
    if not m:
        raise UsageError(_('--vp expects two whole numbers of 0 or more, red first: RED,BLUE (such as 12,7, 12-7 or "12 7"); got {text!r}.').format(text=truncate(text)))
    return int(m[1]), int(m[2])


def _pairs(items: list[str], option: str) -> list[tuple[str, str]]:
    out = []
    for item in items:
        if "=" not in item:
            raise UsageError(_("{option} expects PLAYER=VALUE; got {item!r}.").format(option=option, item=truncate(item)))
        key, value = item.split("=", 1)
        if not key.strip():
            raise UsageError(_("{option} expects a player's name before '='; got {item!r}.").format(option=option, item=truncate(item)))
        out.append((key.strip(), value.strip()))
    return out


def _settings(args: argparse.Namespace, old: Event | None) -> dict[str, Any]:
    """The settings the options change (only those given), checked."""
    out: dict[str, Any] = {}
    base = old.scoring.model_dump() if old else {}
    score: dict[str, int | str] = {k: parse_count(getattr(args, k), f"--{k}", 0) for k in ("win", "draw", "loss") if getattr(args, k) is not None}
    if args.bye_kind is not None:
        score["bye"] = args.bye_kind
    if args.bye_vp is not None:
        score["bye_vp"] = parse_count(args.bye_vp, "--bye-vp", 0)
        score.setdefault("bye", "fixed")
    if score:
        try:
            out["scoring"] = Scoring.model_validate({**base, **score})
        except ValidationError as exc:
            raise UsageError(str(exc.errors()[0]["msg"]).removeprefix("Value error, ") + ".") from None
    if args.tiebreakers is not None:
        names = [] if args.tiebreakers.strip().casefold() in ("none", "aucun") else [t for t in args.tiebreakers.split(",") if t.strip()]
        try:
            chosen = tuple(tiebreaker_name(t) for t in names)
        except EventError as exc:
            raise UsageError(_("--tiebreakers: {exc}").format(exc=exc.localized())) from None
        if len(set(chosen)) != len(chosen):
            raise UsageError(_("--tiebreakers names a tie-breaker twice: {tiebreakers!r}.").format(tiebreakers=truncate(args.tiebreakers)))
        out["tiebreakers"] = chosen
    if args.avoid is not None:
        keys = [] if args.avoid.strip().casefold() in ("none", "aucun") else [
            AVOID_ALIASES.get(k.strip().casefold(), k.strip().casefold()) for k in args.avoid.split(",") if k.strip()]
        bad = [k for k in keys if k not in AVOID_KEYS]
        if bad:
            raise UsageError(_("--avoid expects club, city or both (club,city), or none; got {avoid!r}.").format(avoid=truncate(args.avoid)))
        out["avoid"] = tuple(dict.fromkeys(keys))
    if args.club or args.city:
        found = {a.player.casefold(): a for a in (old.affiliations if old else ())}
        for option, field in (("--club", "club"), ("--city", "city")):
            for player, value in _pairs(getattr(args, field), option):
                name = _known_name(old, player)
                current = found.get(name.casefold(), Affiliation(player=name))
                found[name.casefold()] = current.model_copy(update={field: value})
        out["affiliations"] = tuple(a for a in found.values() if a.club or a.city)
    if args.seat:
        seats = {s.player.casefold(): s for s in (old.seats if old else ())}
        for player, value in _pairs(args.seat, "--seat"):
            name = _known_name(old, player)
            if value.casefold() in ("", "none", "0"):
                seats.pop(name.casefold(), None)
            else:
                seats[name.casefold()] = Seat(player=name, table=parse_count(value, f"--seat {name}="))
        out["seats"] = tuple(seats.values())
    if args.layout:
        out["layouts"] = () if [x.strip().casefold() for x in args.layout] == ["none"] else _layouts(args.layout)
    if args.late_points is not None:
        out["late_points"] = parse_count(args.late_points, "--late-points", 0)
    return out


def _known_name(event: Event | None, player: str) -> str:
    """The registered spelling of ``player`` once players are registered; as typed before."""
    return find_player(event, player) if event is not None and event.entrants else player


def _layouts(items: list[str]) -> tuple[Layout, ...]:
    # Imported here, not at the top: the scene module brings shapely and the geometry, which the
    # other event commands do not need at start-up.
    from ..scene import load_scene

    out = []
    for item in items:
        name, sep, scene = item.partition("=")
        if not sep or not name.strip() or not scene.strip():
            raise UsageError(_("--layout expects NAME=SCENE (a scene file, see docs/scenes.md); got {item!r}.").format(item=truncate(item)))
        if not Path(scene.strip()).is_file():
            raise UsageError(_("--layout {name}: no such scene file {scene!r}.").format(name=truncate(name.strip()), scene=truncate(scene.strip())))
        load_scene(scene.strip())  # a bad scene is a DataError naming the file and the problem
        out.append(Layout(name=name.strip(), scene=scene.strip()))
    if len({x.name.casefold() for x in out}) != len(out):
        raise UsageError(_("--layout gives two layouts the same name; each needs its own."))
    return tuple(out)


# --- text output ------------------------------------------------------------------------------


def _who(event: Event, player: str, side: str) -> str:
    faction = next((e.faction for e in event.entrants if e.player == player), "")
    return f"{player} ({_(side)}{', ' + faction if faction else ''})"


SIDES = (N_("red"), N_("blue"))
"""The two sides of a table, as a person reads them."""


def format_round(event: Event, rnd: Round) -> str:
    """A round's pairings as text: each table with its players, sides, factions and layout, then the bye."""
    lines = [_("{event} - round {round} of {rounds}").format(event=event.name, round=rnd.round, rounds=event.rounds)]
    reds = [_who(event, t.red, "red") for t in rnd.tables]
    width = max((len(r) for r in reds), default=0)
    for t, red in zip(rnd.tables, reds):
        score = f"  {t.result.red} - {t.result.blue}" if t.result else ""
        layout = "  " + _("[layout {layout}]").format(layout=t.layout) if t.layout else ""
        lines.append(_("  Table {table}: {red}  v  {blue}").format(table=t.table, red=f"{red:<{width}}", blue=_who(event, t.blue, "blue"))
                     + score + layout)
    if rnd.bye:
        lines.append(_("  Bye: {player} ({bye})").format(player=rnd.bye, bye=event.scoring.describe_bye()))
    return "\n".join(lines)


def format_standings(event: Event, rows: list[Standing]) -> str:
    """The standings as an aligned text table (a column for each tie-breaker the event uses)."""
    extra = [t for t in event.tiebreakers if t in ("esos", "vp_against")]
    head = tuple(_(h) for h in ("#", N_("Player"), N_("Faction"), N_("Pts"), N_("W"), N_("D"), N_("L"), N_("VP"), N_("Diff"), N_("SoS"))) + tuple(
        _({"esos": N_("eSoS"), "vp_against": N_("VPa")}[t]) for t in extra)
    late = {e.player: e for e in event.entrants if e.joined > 1}
    body = [(str(s.rank), s.player + (_(" (dropped)") if s.dropped else "")
             + (_(" (late, +{points})").format(points=late[s.player].start_points) if s.player in late else ""), s.faction, str(s.points), str(s.wins),
             str(s.draws), str(s.losses), str(s.vp), f"{s.vp_diff:+d}", str(s.sos))
            + tuple(str(s.esos if t == "esos" else s.vp_against) for t in extra) for s in rows]
    widths = [max(len(r[i]) for r in [head, *body]) for i in range(len(head))]
    left = {1, 2}

    def fmt(r: tuple[str, ...]) -> str:
        return "  ".join(c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip()

    done = sum(1 for r in event.pairings if r.complete)
    title = ngettext("{event} - standings after {done} of {n} round", "{event} - standings after {done} of {n} rounds",
                     event.rounds).format(event=event.name, done=done, n=event.rounds)
    order = ", ".join(_(CRITERION_LABELS[t]) for t in ("points", *event.tiebreakers, "name"))
    return "\n".join([title, fmt(head), *(fmt(r) for r in body), _("Ranked by {order}.").format(order=order)])


def format_settings(event: Event) -> str:
    """The event's settings, one per line."""
    sc = event.scoring
    seats = ", ".join(_("{player} at table {table}").format(player=s.player, table=s.table) for s in event.seats) or \
        pgettext("no fixed seats", "none")
    clubs = ", ".join(f"{a.player}: " + " / ".join(x for x in (a.club, a.city) if x) for a in event.affiliations) or _("none given")
    layouts = ", ".join(_("table {table} {name} ({scene})").format(table=i + 1, name=x.name, scene=x.scene)
                        for i, x in enumerate(event.layouts)) or pgettext("no table layouts", "none")
    apart = _(" and ").join(_("the same {key}").format(key=_(AVOID_WORDS.get(k, k))) for k in event.avoid) or _("no one")
    lines = [
        _("{event}: {rounds} round(s), {paired} paired; seed {seed}; {points}-point warbands.").format(
            event=event.name, rounds=event.rounds, paired=len(event.pairings), seed=event.seed, points=event.points),
        _("Scoring: win {win} / draw {draw} / loss {loss}; a bye is {bye}.").format(win=sc.win, draw=sc.draw, loss=sc.loss, bye=sc.describe_bye()),
        _("Ranking: {order}.").format(order=", ".join(_(CRITERION_LABELS[t]) for t in ("points", *event.tiebreakers, "name"))),
        _("Round 1 keeps apart: {apart}; clubs and cities: {clubs}.").format(apart=apart, clubs=clubs),
        _("Fixed seats: {seats}.").format(seats=seats),
        _("Table layouts: {layouts}.").format(layouts=layouts),
        _("Late entries start with {points} point(s).").format(points=event.late_points),
    ]
    return "\n".join(lines)


AVOID_WORDS: dict[str, str] = {"club": N_("club"), "city": N_("city")}
"""What round 1 keeps apart, as a person reads it."""

AVOID_ALIASES: dict[str, str] = {"clubs": "club", "cities": "city", "ville": "city", "villes": "city"}
"""``--avoid`` in other words, French among them (``--avoid club,ville``)."""


def standings_csv(rows: list[Standing], dialect: str = "unix") -> str:
    """The standings as CSV: :data:`STANDING_COLUMNS` plus ``byes``, ``dropped`` and ``esos``.

    Text cells that a spreadsheet would run as a formula are neutralised (:func:`csv_text`).
    """
    return csv_text(csv_header((*STANDING_COLUMNS, "byes", "dropped", "esos")),
                    [[*(getattr(s, c) for c in STANDING_COLUMNS), s.byes, "true" if s.dropped else "false", s.esos]
                     for s in rows],
                    dialect)


def _round_json(event: Event, rnd: Round) -> dict:
    faction = {e.player: e.faction for e in event.entrants}
    return {"round": rnd.round,
            "tables": [{"table": t.table, "red": t.red, "blue": t.blue, "red_faction": faction.get(t.red, ""),
                        "blue_faction": faction.get(t.blue, ""), "layout": t.layout} for t in rnd.tables],
            "bye": rnd.bye}


def _save(folder: Path, event: Event) -> None:
    """The state, then its text export beside it (both atomic; the caller holds the lock)."""
    save_event(folder, event)
    save_export(folder, event)


def _warn(warnings: list[str] | tuple[str, ...]) -> None:
    for w in warnings:
        print(_("landsraad: warning: {note}").format(note=localized(w)), file=sys.stderr)


# --- commands -------------------------------------------------------------------------------


def cmd_new(args: argparse.Namespace) -> int:
    """``landsraad event new DIR``."""
    rounds = parse_count(args.rounds, "--rounds")
    points = parse_points(args.points) if args.points is not None else None
    seed = parse_count(args.seed, "--seed", 0) if args.seed is not None else None
    if not args.name.strip():
        raise UsageError(_("--name needs at least one visible character."))
    folder = Path(args.dir)
    if event_path(folder).is_file():
        load_event(folder)  # a bad state file is reported before anything is created or locked
    check_output_dir(folder, what="event folder")
    with event_lock(folder):
        old = load_event(folder) if event_path(folder).is_file() else None
        settings = _settings(args, old)
        if seed is None:
            seed = old.seed if old else secrets.randbits(31)  # what SeedSequence() drew (OS entropy), cut to 31 bits
        base = {"name": args.name.strip(), "rounds": rounds, "seed": seed,
                "points": points if points is not None else (old.points if old else 15), **settings}
        if old is None:
            event = new_event(**{**base, "scoring": base.get("scoring")})
        else:
            if all(getattr(old, k) == v for k, v in base.items()):
                print(_("{folder}: the event {name!r} already exists with these settings; nothing changed.").format(folder=folder, name=old.name))
                return 0
            locked = [k for k in ("seed", "points", "scoring") if k in base and getattr(old, k) != base[k]]
            if old.pairings and (locked or rounds < len(old.pairings)):
                raise EventError(_("{folder} already holds the event {name!r} with {n_pairings} round(s) paired: its seed, points cap and scoring can no longer change with `event new`, nor the number of rounds go below the rounds paired. Use `landsraad event config` for the settings that may still change, or start a new event in another folder.").format(folder=folder, name=old.name, n_pairings=len(old.pairings)))
            event = configure(old, **base)
        check_output_dir(folder / LISTS_DIR, what="lists folder")
        _save(folder, event)
    sc = event.scoring
    done = (_("Updated the event {event!r} in {folder}: {rounds} round(s), seed {seed}, {points}-point warbands, win {win} / draw {draw} / loss {loss}.")
            if old else
            _("Created the event {event!r} in {folder}: {rounds} round(s), seed {seed}, {points}-point warbands, win {win} / draw {draw} / loss {loss}."))
    print(done.format(event=event.name, folder=folder, rounds=event.rounds, seed=event.seed, points=event.points, win=sc.win, draw=sc.draw,
                      loss=sc.loss))
    if settings:
        print("\n".join(format_settings(event).splitlines()[1:]))
    print(_("Put one list per player (with a `player:` line) in {lists}, then run `landsraad event check {folder}`.").format(lists=folder / LISTS_DIR, folder=folder))
    return 0


def cmd_config(args: argparse.Namespace) -> int:
    """``landsraad event config DIR``."""
    folder = Path(args.dir)
    with event_lock(folder):
        event = load_event(folder)
        settings = _settings(args, event)
        if args.name is not None:
            if not args.name.strip():
                raise UsageError(_("--name needs at least one visible character."))
            settings["name"] = args.name.strip()
        if args.rounds is not None:
            settings["rounds"] = parse_count(args.rounds, "--rounds")
        if args.seed is not None:
            settings["seed"] = parse_count(args.seed, "--seed", 0)
        if args.points is not None:
            settings["points"] = parse_points(args.points)
        changed = {k: v for k, v in settings.items() if getattr(event, k) != v}
        if changed:
            event = configure(event, **changed)
            _save(folder, event)
    if args.json:
        data = event.to_json()
        print(json.dumps({k: v for k, v in data.items() if k not in ("entrants", "dropped", "pairings")}, indent=2,
                         ensure_ascii=False))
    else:
        print(format_settings(event))
        if settings:
            print(_("Changed: {settings}.").format(settings=', '.join(changed)) if changed else _("Nothing changed."))
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
            print(_("registration: {change}").format(change=localized(c)))
        for r in check.reports:
            print(format_report(r).replace(r.source, check.relative(r.source), 1))
        for p in check.problems:
            print(_("problem: {problem}").format(problem=localized(p)))
        n_valid = sum(r.valid for r in check.reports)
        players = len({player_of(r).casefold() for r in check.reports if player_of(r)})
        print(_("{n_reports} entries, {players} players: {n_valid} valid, {n_invalid} invalid; {n_problems} event problem(s); {n_skipped} file(s) not read.").format(
            n_reports=len(check.reports), players=players, n_valid=n_valid, n_invalid=len(check.reports) - n_valid, n_problems=len(check.problems),
            n_skipped=sum(not n.read for n in check.notes)))
    return 0 if check.valid and not changes else 1


def _manual(items: list[str]) -> list[tuple[str, str]]:
    out = []
    for item in items:
        parts = re.split(r"\s+(?:v|vs\.?|versus|contre|-)\s+", item.strip(), maxsplit=1, flags=re.IGNORECASE)
        if len(parts) != 2 or not all(p.strip() for p in parts):
            raise UsageError(_("--manual expects \"RED v BLUE\" (two players' names around \" v \"); got {item!r}.").format(item=truncate(item)))
        out.append((parts[0].strip(), parts[1].strip()))
    return out


def cmd_pair(args: argparse.Namespace) -> int:
    """``landsraad event pair DIR``."""
    folder = Path(args.dir)
    fixed = _manual(args.manual)
    if args.dry_run:
        return _pair(folder, args, fixed)
    with event_lock(folder):
        return _pair(folder, args, fixed)


def _pair(folder: Path, args: argparse.Namespace, fixed: list[tuple[str, str]]) -> int:
    event = load_event(folder)
    first = not event.pairings or (len(event.pairings) == 1 and not event.pairings[0].recorded)
    if first:
        check = _entries(folder, event)
        invalid = [check.relative(r.source) for r in check.reports if not r.valid]
        reasons = list(check.problems) + ([_("invalid list(s): {files}").format(files=", ".join(invalid))] if invalid and not args.allow_invalid else [])
        if reasons:
            raise EventError(_("Round 1 cannot be paired: ") + " ".join(localized(r) if r.endswith(".") else localized(r) + "." for r in reasons)
                             + _(" See `landsraad event check {folder}`").format(folder=folder) + (_(" (or add --allow-invalid).") if invalid else "."))
        event = register_entrants(event, check.entrants())
    plan = plan_round(event, fixed, args.bye)
    rnd = plan.round
    event = set_round(event, rnd)
    if not args.dry_run:
        _save(folder, event)
    _warn(plan.warnings)
    if args.json:
        data = _round_json(event, rnd)
        if args.explain:
            data["reasons"] = {str(k): v for k, v in plan.reasons.items()}
            data["bye_reason"] = plan.bye_reason
        data["dry_run"] = bool(args.dry_run)
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        print(format_round(event, rnd))
        if args.explain:
            print(_("Why:"))
            for t in rnd.tables:
                print(_("  Table {table}: {reasons}").format(table=t.table, reasons=localized(plan.reasons[t.table])))
            if plan.bye_reason:
                print(_("  Bye: {bye_reason}").format(bye_reason=localized(plan.bye_reason)))
        if args.dry_run:
            print(_("Dry run: nothing recorded. Run `landsraad event pair {folder}` without --dry-run to record it.").format(folder=folder))
    return 0


def cmd_swap(args: argparse.Namespace) -> int:
    """``landsraad event swap DIR ROUND T1 T2``."""
    round_no = parse_count(args.round, "ROUND")
    first, second = parse_count(args.first, "T1"), parse_count(args.second, "T2")
    folder = Path(args.dir)
    with event_lock(folder):
        event = load_event(folder)
        event, warnings = swap_tables(event, round_no, first, second, places=args.tables)
        _save(folder, event)
    _warn(warnings)
    what = _("exchanged tables") if args.tables else _("exchanged their blue players")
    print(_("Round {round_no}: tables {first} and {second} {what}.").format(round_no=round_no, first=first, second=second, what=what))
    print(format_round(event, event.pairings[-1]))
    return 0


def cmd_add(args: argparse.Namespace) -> int:
    """``landsraad event add DIR LIST``."""
    start = parse_count(args.start, "--start", 0) if args.start is not None else None
    folder = Path(args.dir)
    with event_lock(folder):
        event = load_event(folder)
        report = check_file(args.list, ruleset=Ruleset(points=event.points))
        shown = truncate(str(args.list))
        text = format_report(report).replace(report.source, shown)
        if report.warband is None:
            raise EventError(_("{shown} cannot be registered: it is not a readable list.\n{text}").format(shown=shown, text=text))
        if not report.valid and not args.allow_invalid:
            raise EventError(_("{shown} is not a valid list (add --allow-invalid to register it anyway):\n{text}").format(shown=shown, text=text))
        player = (args.player or report.warband.player).strip()
        if not player:
            raise UsageError(_("{shown} has no `player:` line; give the player's name with --player NAME.").format(shown=shown))
        if not event.pairings:
            raise EventError(_("Round 1 of {event!r} is not paired yet: put the list in {lists} instead; every list there is registered when round 1 is paired.").format(event=event.name, lists=folder / LISTS_DIR))
        slug = re.sub(r"[^0-9a-z]+", "-", player.casefold()).strip("-")[:60] or "player"
        target = folder / LISTS_DIR / f"late-{slug}.yaml"
        n = 1
        while target.exists():
            n += 1
            target = folder / LISTS_DIR / f"late-{slug}-{n}.yaml"
        entrant = Entrant(player=player, faction=report.faction or "", file=f"{LISTS_DIR}/{target.name}",
                          list_name=report.warband.name)
        event, joined = add_entrant(event, entrant, start)
        copy = report.warband.model_copy(update={"player": player})
        check_output_dir(folder / LISTS_DIR, what="lists folder")
        atomic_write_text(target, dump_list(copy))
        again = check_file(target, ruleset=Ruleset(points=event.points))
        entrants = event.entrants[:-1] + (event.entrants[-1].model_copy(update={"list_hash": again.list_hash}),)
        updates: dict[str, Any] = {"entrants": entrants}
        if args.club or args.city:
            updates["affiliations"] = event.affiliations + (Affiliation(player=player, club=(args.club or "").strip(),
                                                                        city=(args.city or "").strip()),)
        event = Event.model_validate({**event.model_dump(), **updates})
        _save(folder, event)
    added = event.entrants[-1]
    print(_("Registered {player} ({faction}, {points} / {cap} points{invalid}) as a late entry from round {joined}, starting with {start_points} point(s); "
            "the list is saved as {file}.").format(player=player, faction=report.faction, points=report.points, cap=event.points,
                                                    invalid="" if report.valid else ", " + _("INVALID"), joined=joined,
                                                    start_points=added.start_points, file=target.relative_to(folder).as_posix()))
    last = event.pairings[-1]
    if last.round == joined:
        print(_("Round {joined} has no result yet: run `landsraad event pair {folder}` to pair it again with {player}.").format(joined=joined, folder=folder, player=player))
    return 0


def cmd_result(args: argparse.Namespace) -> int:
    """``landsraad event result DIR --round N --table T --vp RED,BLUE``."""
    round_no = parse_count(args.round, "--round")
    table_no = parse_count(args.table, "--table")
    red_vp, blue_vp = parse_vp(args.vp)
    folder = Path(args.dir)
    with event_lock(folder):
        event = load_event(folder)
        event, changed = record_result(event, round_no, table_no, red_vp, blue_vp, force=args.force)
        if changed:
            _save(folder, event)
    rnd = event.pairings[round_no - 1]
    t = rnd.tables[table_no - 1]
    outcome = (_("{player} wins").format(player=t.red) if red_vp > blue_vp else _("{player} wins").format(player=t.blue) if blue_vp > red_vp
               else _("a draw"))
    print(_("Round {round_no}, table {table_no}: {red} (red) {red_vp} - {blue_vp} {blue} (blue), {outcome}.").format(round_no=round_no, table_no=table_no, red=t.red, red_vp=red_vp, blue_vp=blue_vp, blue=t.blue, outcome=outcome)
          + ("" if changed else _(" Already recorded; nothing changed.")))
    print(_("Round {round_no}: {n_recorded} of {n_tables} result(s) recorded.").format(round_no=round_no, n_recorded=len(rnd.recorded), n_tables=len(rnd.tables)))
    return 0


def cmd_standings(args: argparse.Namespace) -> int:
    """``landsraad event standings DIR``."""
    if args.csv_dialect and not args.csv:
        raise UsageError(_("--csv-dialect applies to the CSV file; add --csv FILE."))
    for option in ("csv", "html"):
        if getattr(args, option):
            check_output_path(getattr(args, option), what=f"--{option}")
    folder = Path(args.dir)
    event = load_event(folder)
    rows = standings(event)
    if args.csv:
        dialect = args.csv_dialect or "unix"
        atomic_write_bytes(args.csv, csv_bytes(standings_csv(rows, dialect), dialect))
        print(_("{csv}: standings of {event!r} as CSV ({dialect}).").format(csv=args.csv, event=event.name, dialect=dialect), file=sys.stderr)
    if args.html:
        atomic_write_text(args.html, render_event_html(event))
        print(_("{html}: the page of {event!r} (standings and every round).").format(html=args.html, event=event.name), file=sys.stderr)
    seps = separations(event, rows) if args.explain else []
    if args.json:
        data = [s.to_json() for s in rows]
        if args.explain:
            for row, sep in zip(data, seps):
                row["above_next_on"] = sep.criterion
                row["above_next_values"] = list(sep.values) if sep.values else None
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        print(format_standings(event, rows))
        if args.explain:
            print(_("Why each place:"))
            for sep in seps:
                print(f"  {sep}")
    return 0


def _round_option(args: argparse.Namespace) -> int | None:
    return parse_count(args.round, "--round") if args.round is not None else None


def _write_page(args: argparse.Namespace, kind: str) -> int:
    folder = Path(args.dir)
    event = load_event(folder)
    rnd = round_of(event, _round_option(args))
    out = Path(args.output) if args.output else folder / f"round-{rnd.round}-{kind}.html"
    check_output_path(out, what="--output")
    text = pairing_sheet_html(event, rnd.round) if kind == "pairings" else result_slips_html(event, rnd.round, str(folder))
    atomic_write_text(out, text)
    what = _("pairing sheet") if kind == "pairings" else _("result slips ({count})").format(count=len(rnd.tables))
    print(_("{out}: the {what} of {event!r}, round {round}, ready to print.").format(out=out, what=what, event=event.name, round=rnd.round))
    return 0


def cmd_sheet(args: argparse.Namespace) -> int:
    """``landsraad event sheet DIR``."""
    return _write_page(args, "pairings")


def cmd_slips(args: argparse.Namespace) -> int:
    """``landsraad event slips DIR``."""
    return _write_page(args, "slips")


def cmd_export(args: argparse.Namespace) -> int:
    """``landsraad event export DIR``."""
    if args.output:
        check_output_path(args.output, what="--output")
    event = load_event(Path(args.dir))
    text = trf_text(event)
    if args.output:
        atomic_write_text(args.output, text)
        print(_("{output}: the results of {event!r} as TRF-like text.").format(output=args.output, event=event.name), file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def cmd_drop(args: argparse.Namespace) -> int:
    """``landsraad event drop DIR PLAYER``."""
    folder = Path(args.dir)
    with event_lock(folder):
        event = load_event(folder)
        event, changed = drop_player(event, args.player)
        player = event.dropped[-1] if changed else next(p for p in event.dropped if p.casefold() == args.player.strip().casefold())
        if not changed:
            print(_("{player} had already dropped; nothing changed.").format(player=player))
            return 0
        _save(folder, event)
    print(_("{player} is dropped: no longer paired; their games stay in the standings.").format(player=player))
    last = event.pairings[-1] if event.pairings else None
    if last is not None and player in last.players() and not last.recorded:
        print(_("{player} is in round {round}, which has no result yet: run `landsraad event pair {folder}` to pair it again without them.").format(player=player, round=last.round, folder=folder))
    return 0
