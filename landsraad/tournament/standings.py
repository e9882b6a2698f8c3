"""Standings of an event: points from results, and the tie-breakers in order.

A game is won by the side with more victory points (VP), drawn on equal VP; a win, draw or
loss earns the event's :class:`~landsraad.tournament.event.Scoring` (3 / 1 / 0 by default).
A bye is a win with 0 VP for and against. Only recorded results count (a table still being
played counts for nobody). Players are ranked by points, then VP differential, then VP
scored, then strength of schedule (the sum of the current points of every opponent met in a
recorded game), then name (case ignored). Dropped players stay in the standings.

Examples
--------
>>> from landsraad.tournament.event import Entrant, Event, Result, Round, Table
>>> ev = Event(name="Cup", rounds=1, seed=1, entrants=[Entrant(player=p) for p in "ABC"],
...            pairings=[Round(round=1, tables=[Table(table=1, red="A", blue="B", result=Result(red=5, blue=9))], bye="C")])
>>> [(s.rank, s.player, s.points, s.vp, s.vp_diff, s.sos) for s in standings(ev)]
[(1, 'B', 3, 9, 4, 0), (2, 'C', 3, 0, 0, 0), (3, 'A', 0, 5, -4, 3)]
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .event import Event

__all__ = ["Standing", "STANDING_COLUMNS", "standings", "opponents", "colours", "byes"]

STANDING_COLUMNS = ("rank", "player", "faction", "points", "wins", "draws", "losses", "vp", "vp_diff", "sos")
"""The columns of a standings row, in order (JSON keys and CSV header)."""


@dataclass(frozen=True)
class Standing:
    """One player's line in the standings."""

    rank: int
    player: str
    faction: str
    points: int
    wins: int
    draws: int
    losses: int
    vp: int
    vp_against: int
    sos: int
    byes: int = 0
    dropped: bool = False
    opponents: tuple[str, ...] = field(default=(), repr=False)

    @property
    def vp_diff(self) -> int:
        """VP scored minus VP conceded."""
        return self.vp - self.vp_against

    @property
    def played(self) -> int:
        """Games with a result, byes included."""
        return self.wins + self.draws + self.losses

    def to_json(self) -> dict[str, Any]:
        """``{rank, player, faction, points, wins, draws, losses, vp, vp_diff, sos}`` plus ``byes`` and ``dropped``."""
        row = {k: getattr(self, k) for k in STANDING_COLUMNS}
        row.update(byes=self.byes, dropped=self.dropped)
        return row


def opponents(event: Event) -> dict[str, list[str]]:
    """Every player's opponents in paired games (recorded or not), in round order."""
    out: dict[str, list[str]] = {p: [] for p in event.players}
    for rnd in event.pairings:
        for t in rnd.tables:
            out[t.red].append(t.blue)
            out[t.blue].append(t.red)
    return out


def colours(event: Event) -> dict[str, list[str]]:
    """Every player's sides (``"red"`` / ``"blue"``) in paired games, in round order."""
    out: dict[str, list[str]] = {p: [] for p in event.players}
    for rnd in event.pairings:
        for t in rnd.tables:
            out[t.red].append("red")
            out[t.blue].append("blue")
    return out


def byes(event: Event) -> dict[str, int]:
    """How many byes each player has had."""
    out = {p: 0 for p in event.players}
    for rnd in event.pairings:
        if rnd.bye:
            out[rnd.bye] += 1
    return out


def standings(event: Event) -> list["Standing"]:
    """The ranked standings of every registered player (see the module's docstring for the order)."""
    sc = event.scoring
    tally = {p: {"wins": 0, "draws": 0, "losses": 0, "vp": 0, "against": 0, "byes": 0, "opp": []} for p in event.players}
    for rnd in event.pairings:
        if rnd.bye:
            tally[rnd.bye]["wins"] += 1
            tally[rnd.bye]["byes"] += 1
        for t in rnd.recorded:
            assert t.result is not None
            for me, vp, other, vp_other in ((t.red, t.result.red, t.blue, t.result.blue), (t.blue, t.result.blue, t.red, t.result.red)):
                row = tally[me]
                row["vp"] += vp
                row["against"] += vp_other
                row["opp"].append(other)
                row["wins" if vp > vp_other else "draws" if vp == vp_other else "losses"] += 1
    points = {p: r["wins"] * sc.win + r["draws"] * sc.draw + r["losses"] * sc.loss for p, r in tally.items()}
    factions = {e.player: e.faction for e in event.entrants}
    rows = []
    for p, r in tally.items():
        sos = sum(points[o] for o in r["opp"])
        rows.append(Standing(0, p, factions[p], points[p], r["wins"], r["draws"], r["losses"], r["vp"], r["against"], sos,
                             r["byes"], p in event.dropped, tuple(r["opp"])))
    rows.sort(key=lambda s: (-s.points, -s.vp_diff, -s.vp, -s.sos, s.player.casefold(), s.player))
    return [replace(s, rank=i + 1) for i, s in enumerate(rows)]
