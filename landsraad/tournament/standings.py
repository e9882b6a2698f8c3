"""Standings of an event: points from results, then the event's tie-breakers in order.

A game is won by the side with more victory points (VP), drawn on equal VP; a win, draw or
loss earns the event's :class:`~landsraad.tournament.event.Scoring` (3 / 1 / 0 by default).
A bye is a win; its VP are the event's fixed bye VP (0 by default) scored and none conceded,
or the player's average VP scored and conceded over their recorded games (``bye="average"``).
A late entry starts with its start score. Only recorded results count (a table still being
played counts for nobody).

Players are ranked by points, then by the event's tie-breakers in order (by default VP
difference, VP scored, strength of schedule; :data:`~landsraad.tournament.event.TIEBREAKERS`),
then by name (case ignored). Each criterion splits the groups still tied on every criterion
before it; head-to-head is computed within such a group (the points each member scored in
the games between members), so it means "the results between the tied players". Strength of
schedule (SoS) is the sum of the current points of every opponent met in a recorded game;
extended SoS the sum of those opponents' SoS. Dropped players stay in the standings.

:func:`separations` names, for each pair of adjacent places, the criterion that separated
them (``standings --explain``).

Examples
--------
>>> from landsraad.tournament.event import Entrant, Event, Result, Round, Table
>>> ev = Event(name="Cup", rounds=1, seed=1, entrants=[Entrant(player=p) for p in "ABC"],
...            pairings=[Round(round=1, tables=[Table(table=1, red="A", blue="B", result=Result(red=5, blue=9))], bye="C")])
>>> [(s.rank, s.player, s.points, s.vp, s.vp_diff, s.sos) for s in standings(ev)]
[(1, 'B', 3, 9, 4, 0), (2, 'C', 3, 0, 0, 0), (3, 'A', 0, 5, -4, 3)]
>>> [str(s) for s in separations(ev)]
['1 B over 2 C on VP difference (+4 v +0)', '2 C over 3 A on points (3 v 0)']
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Sequence

from ..i18n import N_, _
from .event import Event, Scoring

__all__ = ["Standing", "Separation", "STANDING_COLUMNS", "CRITERION_LABELS", "standings", "separations", "opponents",
           "colours", "byes", "layouts_played"]

STANDING_COLUMNS = ("rank", "player", "faction", "points", "wins", "draws", "losses", "vp", "vp_diff", "sos")
"""The columns of a standings row, in order (JSON keys and CSV header; ``byes``, ``dropped``, ``esos`` follow)."""

CRITERION_LABELS: dict[str, str] = {"points": N_("points"), "sos": N_("SoS"), "esos": N_("extended SoS"), "h2h": N_("head-to-head"),
                                    "vp_diff": N_("VP difference"), "vp": N_("VP scored"), "vp_against": N_("VP conceded"),
                                    "wins": N_("games won"), "name": N_("name")}
"""How each criterion is named in sentences, in English (``_()`` gives it in the reader's language)."""


@dataclass(frozen=True)
class Standing:
    """One player's line in the standings.

    ``keys`` holds the value of each criterion as ranked (``points`` then the tie-breakers;
    head-to-head within the player's tied group), higher is better except ``vp_against``.
    """

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
    esos: int = 0
    keys: tuple[tuple[str, int], ...] = field(default=(), repr=False)

    @property
    def vp_diff(self) -> int:
        """VP scored minus VP conceded."""
        return self.vp - self.vp_against

    @property
    def played(self) -> int:
        """Games with a result, byes included."""
        return self.wins + self.draws + self.losses

    def to_json(self) -> dict[str, Any]:
        """``{rank, player, faction, points, wins, draws, losses, vp, vp_diff, sos}`` plus ``byes``, ``dropped``, ``esos``."""
        row = {k: getattr(self, k) for k in STANDING_COLUMNS}
        row.update(byes=self.byes, dropped=self.dropped, esos=self.esos)
        return row


@dataclass(frozen=True)
class Separation:
    """Why ``upper`` is placed just above ``lower``: the first criterion on which they differ."""

    upper: Standing
    lower: Standing
    criterion: str
    values: tuple[int, int] | None

    def __str__(self) -> str:
        head = _("{upper_rank} {upper} over {lower_rank} {lower}").format(upper_rank=self.upper.rank, upper=self.upper.player,
                                                                           lower_rank=self.lower.rank, lower=self.lower.player)
        if self.values is None:
            return _("{head} on name (tied on every criterion)").format(head=head)
        a, b = self.values
        shown = (f"{a:+d} v {b:+d}" if self.criterion == "vp_diff" else f"{-a} v {-b}" if self.criterion == "vp_against"
                 else f"{a} v {b}")
        where = _(" (the games between the tied players)") if self.criterion == "h2h" else ""
        return _("{head} on {criterion}{where} ({values})").format(head=head, criterion=_(CRITERION_LABELS[self.criterion]), where=where,
                                                                   values=shown)


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


def layouts_played(event: Event) -> dict[str, list[str]]:
    """Every player's table layouts in paired games, in round order (tables without a layout left out)."""
    out: dict[str, list[str]] = {p: [] for p in event.players}
    for rnd in event.pairings:
        for t in rnd.tables:
            if t.layout:
                out[t.red].append(t.layout)
                out[t.blue].append(t.layout)
    return out


def _outcome(vp: int, other: int, sc: Scoring) -> tuple[str, int]:
    if vp > other:
        return "wins", sc.win
    return ("draws", sc.draw) if vp == other else ("losses", sc.loss)


def _half_up(total: int, n: int) -> int:
    return (2 * total + n) // (2 * n) if n else 0


def standings(event: Event) -> list[Standing]:
    """The ranked standings of every registered player (see the module's docstring for the order)."""
    sc = event.scoring
    tally: dict[str, dict[str, Any]] = {
        p: {"wins": 0, "draws": 0, "losses": 0, "vp": 0, "against": 0, "byes": 0, "opp": [], "points": 0}
        for p in event.players}
    games: list[tuple[str, str, int, int]] = []  # (me, other, my points, my vp) per side of each recorded game
    for rnd in event.pairings:
        for t in rnd.recorded:
            assert t.result is not None
            for me, vp, other, vp_other in ((t.red, t.result.red, t.blue, t.result.blue), (t.blue, t.result.blue, t.red, t.result.red)):
                row = tally[me]
                row["vp"] += vp
                row["against"] += vp_other
                row["opp"].append(other)
                kind, pts = _outcome(vp, vp_other, sc)
                row[kind] += 1
                row["points"] += pts
                games.append((me, other, pts, vp))
    for rnd in event.pairings:  # byes after the games, so an average bye sees every recorded game
        if rnd.bye:
            row = tally[rnd.bye]
            n = len(row["opp"])
            scored, conceded = (_half_up(row["vp"], n), _half_up(row["against"], n)) if sc.bye == "average" else (sc.bye_vp, 0)
            row["wins"] += 1
            row["byes"] += 1
            row["points"] += sc.win
            row["bye_vp"] = row.get("bye_vp", 0) + scored
            row["bye_against"] = row.get("bye_against", 0) + conceded
    for e in event.entrants:
        tally[e.player]["points"] += e.start_points
    for row in tally.values():
        row["vp"] += row.pop("bye_vp", 0)
        row["against"] += row.pop("bye_against", 0)
    points = {p: r["points"] for p, r in tally.items()}
    sos = {p: sum(points[o] for o in r["opp"]) for p, r in tally.items()}
    esos = {p: sum(sos[o] for o in r["opp"]) for p, r in tally.items()}
    factions = {e.player: e.faction for e in event.entrants}
    rows = {p: Standing(0, p, factions[p], points[p], r["wins"], r["draws"], r["losses"], r["vp"], r["against"], sos[p],
                        r["byes"], p in event.dropped, tuple(r["opp"]), esos[p]) for p, r in tally.items()}
    order, keys = _rank(rows, ("points", *event.tiebreakers), games)
    return [replace(rows[p], rank=i + 1, keys=tuple(keys[p])) for i, p in enumerate(order)]


def _value(criterion: str, s: Standing) -> int:
    """A criterion's value, higher is better (VP conceded counted negative)."""
    if criterion == "vp_against":
        return -s.vp_against
    return getattr(s, criterion)


def _rank(rows: Mapping[str, Standing], criteria: Sequence[str],
          games: Sequence[tuple[str, str, int, int]]) -> tuple[list[str], dict[str, list[tuple[str, int]]]]:
    """The players in order, and each one's criterion values, by splitting tied groups criterion after criterion."""
    groups: list[list[str]] = [sorted(rows)]
    keys: dict[str, list[tuple[str, int]]] = {p: [] for p in rows}
    for criterion in criteria:
        split: list[list[str]] = []
        for group in groups:
            if criterion == "h2h":
                members = set(group)
                values = {p: 0 for p in group}
                for me, other, pts, _ in games:
                    if me in members and other in members:
                        values[me] += pts
            else:
                values = {p: _value(criterion, rows[p]) for p in group}
            for p in group:
                keys[p].append((criterion, values[p]))
            if len(group) == 1:
                split.append(group)
                continue
            for v in sorted(set(values.values()), reverse=True):
                split.append([p for p in group if values[p] == v])
        groups = split
    order = [p for g in groups for p in sorted(g, key=lambda p: (p.casefold(), p))]
    return order, keys


def separations(event: Event, rows: Sequence[Standing] | None = None) -> list[Separation]:
    """For each pair of adjacent places, the criterion that separated them (see :class:`Separation`)."""
    rows = list(rows) if rows is not None else standings(event)
    out = []
    for upper, lower in zip(rows, rows[1:]):
        for (name, a), (_name, b) in zip(upper.keys, lower.keys):
            if a != b:
                out.append(Separation(upper, lower, name, (a, b)))
                break
        else:
            out.append(Separation(upper, lower, "name", None))
    return out

