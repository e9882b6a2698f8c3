"""Printable pages of one round: the pairing sheet to pin on a wall, and the result slips.

Both are self-contained HTML (no script, no file from elsewhere) laid out for A4:

- the **pairing sheet** lists every player by name (A to Z, so a player finds their line
  at a glance) with their table, side, faction, opponent and the opponent's faction, and
  the layout of the table; then the tables in order; then the bye;
- the **result slips** are one slip per table (three to a page, cut along the dashed
  lines): event, round, table and layout, each side's player and faction with a box for the
  victory points, the two players' signatures, and the command that records it.

Examples
--------
>>> from landsraad.tournament.event import Entrant, Event, Round, Table
>>> ev = Event(name="Cup", rounds=2, seed=1, entrants=[Entrant(player="Bo", faction="fremen"), Entrant(player="Ana", faction="corrino"),
...            Entrant(player="Cy", faction="atreides")],
...            pairings=[Round(round=1, tables=[Table(table=1, red="Bo", blue="Ana", layout="Sietch")], bye="Cy")])
>>> sheet = pairing_sheet_html(ev, 1)
>>> sheet.index("<td>Ana</td>") < sheet.index("<td>Bo</td>") < sheet.index("<td>Cy</td>"), "<script" in sheet
(True, False)
>>> slips = result_slips_html(ev, 1)
>>> slips.count('<section class="slip">'), "--round 1 --table 1" in slips
(1, True)
"""

from __future__ import annotations

import html

from ..content import faction_ids, load_faction
from ..i18n import N_, _, language
from .event import Event, EventError, Round

__all__ = ["pairing_sheet_html", "result_slips_html", "round_of", "faction_names"]

_STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 1.5em auto; max-width: 52em; color: #111; }
h1 { margin: 0 0 0.1em; font-size: 1.6em; } h2 { font-size: 1.2em; margin: 1em 0 0.3em; } .meta { color: #444; margin: 0 0 0.8em; }
table { border-collapse: collapse; width: 100%; margin: 0.3em 0 1em; font-size: 1.05em; }
th, td { border: 1px solid #888; padding: 0.3em 0.5em; text-align: left; }
th { background: #eee; } td.n { text-align: right; font-variant-numeric: tabular-nums; font-weight: bold; }
.red { color: #a40000; } .blue { color: #0b3d91; } .faction { color: #444; font-size: 0.9em; }
.slip { border: 2px dashed #555; padding: 0.8em 1em; margin: 0 0 1em; page-break-inside: avoid; break-inside: avoid; }
.slip h2 { margin: 0 0 0.4em; } .slip table td { height: 2.6em; } .slip td.box { width: 9em; }
.sign { display: flex; gap: 2em; margin-top: 0.6em; } .sign div { flex: 1; border-bottom: 1px solid #333; height: 2em; }
.cmd { font-family: monospace; font-size: 0.8em; color: #555; margin: 0.4em 0 0; }
@media print { body { margin: 0; max-width: none; font-size: 11pt; } tr { page-break-inside: avoid; }
  th { background: #ddd !important; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .slip:nth-of-type(3n) { page-break-after: always; } }
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def round_of(event: Event, number: int | None = None) -> Round:
    """Round ``number`` (default: the last paired).

    Raises
    ------
    EventError
        When no round is paired, or there is no such round.
    """
    if not event.pairings:
        raise EventError(_("No round of {event!r} is paired yet; pair one with `landsraad event pair`.").format(event=event.name))
    if number is None:
        return event.pairings[-1]
    if not 1 <= number <= len(event.pairings):
        raise EventError(_("There is no round {number}: rounds 1 to {paired} are paired.").format(number=number, paired=len(event.pairings)))
    return event.pairings[number - 1]


def faction_names(event: Event) -> dict[str, str]:
    """Each player's faction as its sheet names it in the active language (``House Corrino``, ``Maison Corrino`` in French:
    its ``name_fr``); the id for a faction not bundled (a Minor House)."""
    known = set(faction_ids())
    return {e.player: load_faction(e.faction).display_name() if e.faction in known else e.faction for e in event.entrants}


def _th(*labels: str) -> str:
    """Header cells, each label in the reader's language."""
    return "".join(f"<th>{html.escape(_(label), quote=False)}</th>" for label in labels)


def _page(title: str, body: list[str]) -> str:
    return "\n".join(["<!DOCTYPE html>", f'<html lang="{language()}"><head><meta charset="utf-8">', f"<title>{_e(title)}</title>",
                      f"<style>{_STYLE}</style></head><body>", *body, "</body></html>"]) + "\n"


def pairing_sheet_html(event: Event, number: int | None = None) -> str:
    """The pairing sheet of round ``number`` (default: the last paired), as a whole HTML page.

    Raises
    ------
    EventError
        As :func:`round_of`.
    """
    rnd = round_of(event, number)
    faction = faction_names(event)
    layouts = any(t.layout for t in rnd.tables)
    title = _("{event} - round {round} of {rounds}: pairings").format(event=event.name, round=rnd.round, rounds=event.rounds)
    out = [f"<h1>{_e(event.name)}</h1>",
           '<p class="meta">' + _e(_("Round {round} of {rounds}: {tables} table(s)").format(round=rnd.round, rounds=event.rounds,
                                                                                          tables=len(rnd.tables)))
           + (_e(_(", bye: {player}").format(player=rnd.bye)) if rnd.bye else "") + _e(_(". Find your name, go to your table.")) + "</p>",
           "<h2>" + _e(_("By player")) + "</h2>",
           "<table><thead><tr>" + _th(N_("Player"), N_("Faction"), N_("Table"), N_("Side"), N_("Opponent"), N_("Opponent's faction"))
           + (_th(N_("Layout")) if layouts else "") + "</tr></thead><tbody>"]
    lines = []
    for t in rnd.tables:
        for me, other, side in ((t.red, t.blue, "red"), (t.blue, t.red, "blue")):
            lines.append((me, f"<tr><td>{_e(me)}</td><td class=\"faction\">{_e(faction.get(me, ''))}</td>"
                              f'<td class="n">{t.table}</td><td class="{side}">{_e(_(side))}</td><td>{_e(other)}</td>'
                              f'<td class="faction">{_e(faction.get(other, ""))}</td>'
                              + (f"<td>{_e(t.layout or '')}</td>" if layouts else "") + "</tr>"))
    if rnd.bye:
        lines.append((rnd.bye, f"<tr><td>{_e(rnd.bye)}</td><td class=\"faction\">{_e(faction.get(rnd.bye, ''))}</td>"
                               f'<td colspan="{5 if layouts else 4}">' + _e(_("bye ({bye})").format(bye=event.scoring.describe_bye())) + "</td></tr>"))
    out += [row for _player, row in sorted(lines, key=lambda x: (x[0].casefold(), x[0]))]
    out += ["</tbody></table>", "<h2>" + _e(_("By table")) + "</h2>",
            "<table><thead><tr>" + _th(N_("Table")) + (_th(N_("Layout")) if layouts else "")
            + _th(N_("Red"), N_("Faction"), N_("Blue"), N_("Faction")) + "</tr></thead><tbody>"]
    for t in rnd.tables:
        out.append(f'<tr><td class="n">{t.table}</td>' + (f"<td>{_e(t.layout or '')}</td>" if layouts else "")
                   + f'<td class="red">{_e(t.red)}</td><td class="faction">{_e(faction.get(t.red, ""))}</td>'
                   f'<td class="blue">{_e(t.blue)}</td><td class="faction">{_e(faction.get(t.blue, ""))}</td></tr>')
    out.append("</tbody></table>")
    return _page(title, out)


def result_slips_html(event: Event, number: int | None = None, folder: str = "DIR") -> str:
    """The result slips of round ``number`` (default: the last paired), one per table, as a whole HTML page.

    ``folder`` is the event folder as the organiser types it, for the command on each slip.

    Raises
    ------
    EventError
        As :func:`round_of`.
    """
    rnd = round_of(event, number)
    faction = faction_names(event)
    title = _("{event} - round {round}: result slips").format(event=event.name, round=rnd.round)
    out = []
    for t in rnd.tables:
        layout = _(" - layout {layout}").format(layout=t.layout) if t.layout else ""
        heading = _("{event} - round {round} of {rounds} - table {table}").format(event=event.name, round=rnd.round, rounds=event.rounds,
                                                                                 table=t.table)
        signs = _("{player}:")  # a signature line (French puts a space before the colon)
        out += ['<section class="slip">',
                f"<h2>{_e(heading + layout)}</h2>",
                "<table><thead><tr>" + _th(N_("Side"), N_("Player"), N_("Faction"), N_("Victory points")) + "</tr></thead><tbody>",
                '<tr><td class="red">' + _e(_("red")) + f'</td><td>{_e(t.red)}</td><td class="faction">{_e(faction.get(t.red, ""))}</td>'
                '<td class="box"></td></tr>',
                '<tr><td class="blue">' + _e(_("blue")) + f'</td><td>{_e(t.blue)}</td><td class="faction">{_e(faction.get(t.blue, ""))}</td>'
                '<td class="box"></td></tr>',
                "</tbody></table>",
                "<p>" + _e(_("More victory points wins; equal victory points is a draw. Both players sign:")) + "</p>",
                '<div class="sign"><div>' + _e(signs.format(player=t.red)) + "</div><div>" + _e(signs.format(player=t.blue)) + "</div></div>",
                f'<p class="cmd">landsraad event result {_e(folder)} --round {rnd.round} --table {t.table} --vp ' + _e(_("RED,BLUE")) + "</p>",
                "</section>"]
    if not rnd.tables:
        out.append("<p>" + _e(_("This round has no table.")) + "</p>")
    return _page(title, out)
