"""A flat text export of an event's results, in the spirit of FIDE's Tournament Report File (TRF).

Written beside ``event.json`` as ``event.trf`` (:data:`TRF_FILE`) by every command that
changes the state, so a results service or a spreadsheet that reads fixed columns can take
the event without reading JSON. One line per record, the record's code first:

- ``012`` the event's name; ``042`` its settings (scoring, bye, tie-breakers); ``062`` the
  number of players; ``XXR`` the number of rounds planned;
- ``001`` one line per player, in registration order (the start number)::

      001 SSSS NAME (33 columns)                    FACTION (12)  PTS RANK  then per round:  OOOO C R VV-VV

  ``SSSS`` the start number, ``PTS`` the points (start score included), ``RANK`` the
  standing; per round, two spaces then the opponent's start number (``0000`` for none),
  the side (``r`` red, ``b`` blue, ``-`` none), the result (``1`` win, ``=`` draw, ``0``
  loss, ``U`` bye, ``*`` paired but not recorded, ``-`` not paired: a late entry or a
  drop), then the victory points for and against (``-`` for a bye or a game not recorded).

TRF proper has white / black and chess ratings; here sides are red / blue and VP follow
each result: it is "TRF-like", not for FIDE's software.

Examples
--------
>>> from landsraad.tournament.event import Entrant, Event, Result, Round, Table
>>> ev = Event(name="Cup", rounds=1, seed=1, entrants=[Entrant(player=p, faction="fremen") for p in "ABC"],
...            pairings=[Round(round=1, tables=[Table(table=1, red="A", blue="B", result=Result(red=5, blue=9))], bye="C")])
>>> for line in trf_text(ev).splitlines()[-3:]: print(line)
001    1 A                                 fremen          0    3  0002 r 0  5-9
001    2 B                                 fremen          3    1  0001 b 1  9-5
001    3 C                                 fremen          3    2  0000 - U   -
"""

from __future__ import annotations

from pathlib import Path

from ..fileio import atomic_write_text
from .event import Event, Round
from .standings import CRITERION_LABELS, standings

__all__ = ["TRF_FILE", "trf_text", "save_export"]

TRF_FILE = "event.trf"
"""The export's name inside an event folder."""


def _cell(text: str, width: int) -> str:
    flat = " ".join(text.split())  # no line break or tab can shift the columns
    return flat[:width].ljust(width)


def trf_text(event: Event) -> str:
    """The export as text (see the module's docstring for the columns).

    Parameters
    ----------
    event
        The event; the standings are computed from its recorded results.
    """
    sc = event.scoring
    rows = {s.player: s for s in standings(event)}
    start = {p: i + 1 for i, p in enumerate(event.players)}
    bye = f"bye=win+{'average VP' if sc.bye == 'average' else f'{sc.bye_vp}VP'}"
    breakers = ", ".join(CRITERION_LABELS[t] for t in ("points", *event.tiebreakers, "name"))
    lines = [f"012 {_cell(event.name, 80).rstrip()}",
             f"042 W={sc.win} D={sc.draw} L={sc.loss} {bye}; ranked by {breakers}",
             f"062 {len(event.players)}",
             f"XXR {event.rounds}"]
    for p in event.players:
        s = rows[p]
        line = f"001 {start[p]:>4} {_cell(p, 33)} {_cell(s.faction, 12)} {s.points:>4} {s.rank:>4}"
        for rnd in event.pairings:
            line += "  " + _round_cell(p, rnd, start)
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def _round_cell(player: str, rnd: Round, start: dict[str, int]) -> str:
    if rnd.bye == player:
        return "0000 - U   -  "
    for t in rnd.tables:
        if player in (t.red, t.blue):
            red = player == t.red
            other = t.blue if red else t.red
            if t.result is None:
                return f"{start[other]:04d} {'r' if red else 'b'} *   -  "
            mine, theirs = (t.result.red, t.result.blue) if red else (t.result.blue, t.result.red)
            code = "1" if mine > theirs else "=" if mine == theirs else "0"
            return f"{start[other]:04d} {'r' if red else 'b'} {code} {mine:>2}-{theirs:<2}"
    return "0000 - -   -  "


def save_export(folder: str | Path, event: Event) -> Path:
    """Write ``folder/event.trf`` atomically; returns the path."""
    path = Path(folder) / TRF_FILE
    atomic_write_text(path, trf_text(event))
    return path
