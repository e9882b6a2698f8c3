"""The event's results page: one self-contained HTML file (standings, every round's pairings and results).

No script, no stylesheet or font from elsewhere: the page opens offline and prints on A4
(tables never split a row across pages; each round may start a new page when it must).

Examples
--------
>>> from landsraad.tournament.event import Entrant, Event, Result, Round, Table
>>> ev = Event(name="Cup <1>", rounds=1, seed=1, entrants=[Entrant(player="A"), Entrant(player="B")],
...            pairings=[Round(round=1, tables=[Table(table=1, red="A", blue="B", result=Result(red=5, blue=9))])])
>>> page = render_event_html(ev)
>>> "<title>Cup &lt;1&gt;" in page, "<script" in page
(True, False)
"""

from __future__ import annotations

import html

from ..i18n import N_, _, language, ngettext
from .event import Event
from .standings import CRITERION_LABELS, standings

__all__ = ["render_event_html"]

_STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 2em auto; max-width: 52em; color: #111; }
h1 { margin-bottom: 0.2em; } .meta { color: #555; margin-top: 0; }
table { border-collapse: collapse; width: 100%; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #999; padding: 0.25em 0.5em; text-align: left; }
th { background: #eee; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
tr.dropped td { color: #777; } .red { color: #a40000; } .blue { color: #0b3d91; }
.pending { color: #777; font-style: italic; }
@media print { body { margin: 0; max-width: none; font-size: 10pt; } tr { page-break-inside: avoid; }
  section.round { page-break-inside: avoid; } th { background: #ddd !important; -webkit-print-color-adjust: exact; } }
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def render_event_html(event: Event) -> str:
    """The whole page as text (UTF-8, self-contained).

    Parameters
    ----------
    event
        The event; the standings are computed from its recorded results.
    """
    rows = standings(event)
    played = sum(1 for r in event.pairings if r.complete)
    status = (ngettext("final standings after {n} round", "final standings after {n} rounds", event.rounds).format(n=event.rounds)
              if played == event.rounds
              else _("standings after round {played} of {rounds}").format(played=played, rounds=event.rounds) if played
              else _("no round played yet ({rounds} planned)").format(rounds=event.rounds))
    sc = event.scoring
    breakers = ", ".join(_(CRITERION_LABELS[t]) for t in event.tiebreakers)
    th = "".join(f"<th>{_e(_(h))}</th>" for h in ("#", N_("Player"), N_("Faction"), N_("Points"), N_("W"), N_("D"), N_("L"), N_("VP"),
                                                   N_("VP diff"), N_("SoS")))
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{language()}"><head><meta charset="utf-8">',
        "<title>" + _e(_("{event} - standings").format(event=event.name)) + "</title>",
        f"<style>{_STYLE}</style></head><body>",
        f"<h1>{_e(event.name)}</h1>",
        '<p class="meta">' + _e(_("{status}. {players} players, {points}-point warbands; win {win}, draw {draw}, loss {loss} (by victory "
                                  "points; a bye is {bye}). Ties broken by {breakers}, then name.").format(
            status=status[:1].upper() + status[1:], players=len(event.entrants), points=event.points, win=sc.win, draw=sc.draw,
            loss=sc.loss, bye=sc.describe_bye(), breakers=breakers)) + "</p>",
        "<h2>" + _e(_("Standings")) + "</h2>",
        f"<table><thead><tr>{th}</tr></thead><tbody>",
    ]
    late = {e.player: e for e in event.entrants if e.joined > 1}
    for s in rows:
        cls = ' class="dropped"' if s.dropped else ""
        note = _(" (dropped)") if s.dropped else ""
        if s.player in late:
            e = late[s.player]
            note += (_(" (joined in round {round}, started on {points})").format(round=e.joined, points=e.start_points) if e.start_points
                     else _(" (joined in round {round})").format(round=e.joined))
        out.append(f"<tr{cls}><td class=\"n\">{s.rank}</td><td>{_e(s.player)}{_e(note)}</td><td>{_e(s.faction)}</td>"
                   f'<td class="n">{s.points}</td><td class="n">{s.wins}</td><td class="n">{s.draws}</td>'
                   f'<td class="n">{s.losses}</td><td class="n">{s.vp}</td><td class="n">{s.vp_diff:+d}</td>'
                   f'<td class="n">{s.sos}</td></tr>')
    out.append("</tbody></table>")
    th = "".join(f"<th>{_e(_(h))}</th>" for h in (N_("Table"), N_("Red"), N_("VP"), N_("VP"), N_("Blue")))
    for rnd in event.pairings:
        out.append('<section class="round"><h2>' + _e(_("Round {round}").format(round=rnd.round)) + "</h2>")
        out.append(f"<table><thead><tr>{th}</tr></thead><tbody>")
        faction = {e.player: e.faction for e in event.entrants}
        for t in rnd.tables:
            if t.result is None:
                score = '<td class="pending" colspan="2">' + _e(_("to play")) + "</td>"
            else:
                score = f'<td class="n">{t.result.red}</td><td class="n">{t.result.blue}</td>'
            red = f"{_e(t.red)} <small>({_e(faction.get(t.red, ''))})</small>" if faction.get(t.red) else _e(t.red)
            blue = f"{_e(t.blue)} <small>({_e(faction.get(t.blue, ''))})</small>" if faction.get(t.blue) else _e(t.blue)
            where = f" <small>{_e(t.layout)}</small>" if t.layout else ""
            out.append(f'<tr><td class="n">{t.table}{where}</td><td class="red">{red}</td>{score}<td class="blue">{blue}</td></tr>')
        if rnd.bye:
            out.append("<tr><td>" + _e(_("bye")) + f'</td><td colspan="4">{_e(rnd.bye)} ({_e(sc.describe_bye())})</td></tr>')
        out.append("</tbody></table></section>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"
