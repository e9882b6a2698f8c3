"""An event's state: settings, entrants, rounds, results and drops, kept in one file.

The state lives in ``DIR/event.json`` (:data:`EVENT_FILE`), the entries in ``DIR/lists/``
(:data:`LISTS_DIR`). Every change goes through a pure function returning a new
:class:`Event` (:func:`record_result`, :func:`drop_player`, :func:`set_round`), and
:func:`save_event` writes the whole file atomically, so a crash never leaves half a state.

Examples
--------
>>> ev = new_event("Spring cup", rounds=3, seed=7)
>>> ev = register(ev, [Entrant(player="Ana", faction="corrino"), Entrant(player="Bo", faction="fremen")])
>>> ev = set_round(ev, Round(round=1, tables=(Table(table=1, red="Ana", blue="Bo"),)))
>>> ev, changed = record_result(ev, 1, 1, 12, 7)
>>> ev.pairings[0].tables[0].result
Result(red=12, blue=7)
>>> record_result(ev, 1, 2, 1, 1)
Traceback (most recent call last):
...
landsraad.tournament.event.EventError: Round 1 has no table 2; its tables are 1.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal, Sequence

from pydantic import Field, model_validator

from ..content import load_model
from ..errors import LandsraadError, did_you_mean
from ..fileio import atomic_write_text
from ..model import Frozen

__all__ = [
    "EVENT_FILE",
    "LISTS_DIR",
    "FORMAT",
    "EventError",
    "Scoring",
    "Entrant",
    "Result",
    "Table",
    "Round",
    "Event",
    "new_event",
    "event_path",
    "load_event",
    "save_event",
    "register",
    "set_round",
    "record_result",
    "drop_player",
    "find_player",
]

EVENT_FILE = "event.json"
"""The name of the state file inside an event folder."""

LISTS_DIR = "lists"
"""The folder, inside an event folder, holding the entries' lists."""

FORMAT = "landsraad-event/1"
"""The version tag of the state file."""


class EventError(LandsraadError):
    """An event command that cannot be carried out (the sentence says why and what to do)."""


class Scoring(Frozen):
    """Points for a game won, drawn or lost on victory points (a bye counts as a win)."""

    win: int = Field(3, ge=0, strict=True)
    draw: int = Field(1, ge=0, strict=True)
    loss: int = Field(0, ge=0, strict=True)

    @model_validator(mode="after")
    def _ordered(self) -> "Scoring":
        if not self.win >= self.draw >= self.loss:
            raise ValueError(f"Points must not decrease from a win to a draw to a loss; got {self.win} / {self.draw} / {self.loss}")
        return self


class Entrant(Frozen):
    """A registered player: name, faction, and the list file and hash registered."""

    player: str = Field(min_length=1)
    faction: str = ""
    file: str = ""
    list_name: str = ""
    list_hash: str | None = None


class Result(Frozen):
    """Victory points scored by each side of a table."""

    red: int = Field(ge=0, strict=True)
    blue: int = Field(ge=0, strict=True)


class Table(Frozen):
    """One game of a round: table number, the two players by side, the result once recorded."""

    table: int = Field(ge=1, strict=True)
    red: str = Field(min_length=1)
    blue: str = Field(min_length=1)
    result: Result | None = None


class Round(Frozen):
    """One round's pairings: its tables and the player given the bye (or none)."""

    round: int = Field(ge=1, strict=True)
    tables: tuple[Table, ...] = ()
    bye: str | None = None

    @property
    def recorded(self) -> tuple[Table, ...]:
        """The tables with a result."""
        return tuple(t for t in self.tables if t.result is not None)

    @property
    def complete(self) -> bool:
        """Whether every table has a result."""
        return all(t.result is not None for t in self.tables)

    def players(self) -> list[str]:
        """Every player of the round, bye included."""
        return [p for t in self.tables for p in (t.red, t.blue)] + ([self.bye] if self.bye else [])


class Event(Frozen):
    """The whole state of an event (``event.json``)."""

    format: Literal["landsraad-event/1"] = FORMAT
    name: str = Field(min_length=1)
    rounds: int = Field(ge=1, strict=True, description="The number of rounds planned.")
    seed: int = Field(ge=0, strict=True, description="The seed of round 1's shuffle.")
    points: int = Field(15, ge=1, strict=True, description="The warband points cap.")
    scoring: Scoring = Scoring()
    entrants: tuple[Entrant, ...] = ()
    dropped: tuple[str, ...] = ()
    pairings: tuple[Round, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> "Event":
        problems: list[str] = []
        names = [e.player for e in self.entrants]
        folded = [n.casefold() for n in names]
        for n in sorted({n for n in names if folded.count(n.casefold()) > 1}):
            problems.append(f"the player {n!r} is registered twice")
        known = set(names)
        for p in self.dropped:
            if p not in known:
                problems.append(f"the dropped player {p!r} is not registered")
        for i, rnd in enumerate(self.pairings):
            if rnd.round != i + 1:
                problems.append(f"round {rnd.round} is stored in position {i + 1}")
            seen = rnd.players()
            for p in sorted(set(seen)):
                if p not in known:
                    problems.append(f"round {rnd.round}: {p!r} is not a registered player")
                if seen.count(p) > 1:
                    problems.append(f"round {rnd.round}: {p!r} plays more than once")
            for j, t in enumerate(rnd.tables):
                if t.table != j + 1:
                    problems.append(f"round {rnd.round}: table {t.table} is stored in position {j + 1}")
        if len(self.pairings) > self.rounds:
            problems.append(f"{len(self.pairings)} rounds are paired but the event has {self.rounds}")
        if problems:
            raise ValueError("The event state is inconsistent: " + "; ".join(problems))
        return self

    @property
    def players(self) -> tuple[str, ...]:
        """Registered players' names, in registration order."""
        return tuple(e.player for e in self.entrants)

    @property
    def active(self) -> tuple[str, ...]:
        """Registered players who have not dropped."""
        return tuple(p for p in self.players if p not in self.dropped)

    def entrant(self, player: str) -> Entrant:
        """The entrant record of ``player`` (exact name)."""
        for e in self.entrants:
            if e.player == player:
                return e
        raise EventError(f"{player!r} is not a registered player of {self.name!r}.")

    def to_json(self) -> dict:
        """The state as written to ``event.json``."""
        return self.model_dump(mode="json")


def new_event(name: str, rounds: int, seed: int, points: int = 15, scoring: Scoring | None = None) -> Event:
    """A new event with no entrant and no round.

    Raises
    ------
    pydantic.ValidationError
        For a blank name, a round count or a points cap under 1, a negative seed.
    """
    return Event(name=name, rounds=rounds, seed=seed, points=points, scoring=scoring or Scoring())


def event_path(folder: str | Path) -> Path:
    """``folder/event.json``."""
    return Path(folder) / EVENT_FILE


def load_event(folder: str | Path) -> Event:
    """Read an event folder's state.

    Raises
    ------
    EventError
        When the folder holds no ``event.json``.
    DataError
        When the file is not a valid event state (every problem, with its place).
    """
    path = event_path(folder)
    if not Path(folder).is_dir():
        raise EventError(f"There is no event folder {str(folder)!r}; create one with `landsraad event new {folder} --name NAME --rounds N`.")
    if not path.is_file():
        raise EventError(f"The folder {str(folder)!r} holds no {EVENT_FILE}; create the event with "
                         f"`landsraad event new {folder} --name NAME --rounds N`.")
    return load_model(Event, path)


def save_event(folder: str | Path, event: Event) -> Path:
    """Write the state to ``folder/event.json`` atomically; returns the path."""
    path = event_path(folder)
    atomic_write_text(path, json.dumps(event.to_json(), indent=2, ensure_ascii=False) + "\n")
    return path


def register(event: Event, entrants: Sequence[Entrant]) -> Event:
    """The event with its entrants replaced (allowed only before round 1 has results).

    Raises
    ------
    EventError
        Once a result is recorded, or for two entrants with the same name (case ignored).
    """
    if any(r.recorded for r in event.pairings):
        raise EventError("Entries are closed: results are already recorded.")
    seen: dict[str, str] = {}
    for e in entrants:
        key = e.player.strip().casefold()
        if key in seen:
            raise EventError(f"Two entries are for the player {e.player!r} (and {seen[key]!r}); each player needs one list.")
        seen[key] = e.player
    return event.model_copy(update={"entrants": tuple(entrants)})


def set_round(event: Event, rnd: Round) -> Event:
    """The event with ``rnd`` stored: a new round after the last, or a replacement of the last while it has no result.

    Raises
    ------
    EventError
        If the round would overwrite results, skip a round, or exceed the planned rounds.
    """
    played = list(event.pairings)
    if rnd.round == len(played) + 1:
        if rnd.round > event.rounds:
            raise EventError(f"{event.name!r} has {event.rounds} rounds; all are paired.")
        played.append(rnd)
    elif rnd.round == len(played) and played:
        if played[-1].recorded:
            raise EventError(_has_results(played[-1]))
        played[-1] = rnd
    else:
        raise EventError(f"Round {rnd.round} cannot be paired now: {len(played)} round(s) are paired.")
    return Event.model_validate({**event.model_dump(), "pairings": tuple(played)})


def _has_results(rnd: Round) -> str:
    tables = ", ".join(str(t.table) for t in rnd.recorded)
    return (f"Round {rnd.round} already has results (table{'s' if len(rnd.recorded) > 1 else ''} {tables}); "
            "pairing it again would throw them away. Record the remaining results, then pair the next round.")


def record_result(event: Event, round_no: int, table_no: int, red_vp: int, blue_vp: int, *,
                  force: bool = False) -> tuple[Event, bool]:
    """The event with a table's result recorded; ``changed`` is False when the same result was already there.

    Raises
    ------
    EventError
        For a round or table that does not exist, negative VP, or a different result already
        recorded without ``force``.
    """
    if red_vp < 0 or blue_vp < 0:
        raise EventError(f"Victory points cannot be negative; got {red_vp},{blue_vp}.")
    if not 1 <= round_no <= len(event.pairings):
        paired = f"rounds 1 to {len(event.pairings)} are paired" if event.pairings else "no round is paired yet"
        raise EventError(f"There is no round {round_no} to record: {paired}.")
    rnd = event.pairings[round_no - 1]
    if not 1 <= table_no <= len(rnd.tables):
        tables = ", ".join(str(t.table) for t in rnd.tables) or "none"
        raise EventError(f"Round {round_no} has no table {table_no}; its tables are {tables}.")
    table = rnd.tables[table_no - 1]
    new = Result(red=red_vp, blue=blue_vp)
    if table.result == new:
        return event, False
    if table.result is not None and not force:
        raise EventError(f"Round {round_no}, table {table_no} ({table.red} v {table.blue}) already has the result "
                         f"{table.result.red},{table.result.blue}; add --force to replace it with {red_vp},{blue_vp}.")
    tables = list(rnd.tables)
    tables[table_no - 1] = table.model_copy(update={"result": new})
    played = list(event.pairings)
    played[round_no - 1] = rnd.model_copy(update={"tables": tuple(tables)})
    return event.model_copy(update={"pairings": tuple(played)}), True


def find_player(event: Event, name: str) -> str:
    """The registered name matching ``name`` (case and surrounding spaces ignored).

    Raises
    ------
    EventError
        When no registered player matches (with the closest name, if any).
    """
    key = name.strip().casefold()
    for p in event.players:
        if p.strip().casefold() == key:
            return p
    hint = did_you_mean(name, event.players)
    raise EventError(f"{name!r} is not a registered player of {event.name!r}." + (f" Did you mean {hint!r}?" if hint else "")
                     + (f" Players: {', '.join(event.players)}." if event.players else " No player is registered yet."))


def drop_player(event: Event, name: str) -> tuple[Event, bool]:
    """The event with the player dropped (no longer paired; their games stay); ``changed`` False if already dropped."""
    player = find_player(event, name)
    if player in event.dropped:
        return event, False
    return event.model_copy(update={"dropped": event.dropped + (player,)}), True
