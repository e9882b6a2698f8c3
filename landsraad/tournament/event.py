"""An event's state: settings, entrants, rounds, results and drops, kept in one file.

The state lives in ``DIR/event.json`` (:data:`EVENT_FILE`), the entries in ``DIR/lists/``
(:data:`LISTS_DIR`). Every change goes through a pure function returning a new
:class:`Event` (:func:`record_result`, :func:`drop_player`, :func:`set_round`,
:func:`add_entrant`, :func:`swap_tables`, :func:`configure`), and :func:`save_event` writes
the whole file atomically, so a crash never leaves half a state. A command that changes the
state holds :func:`event_lock` (an operating-system file lock on ``DIR/.event.lock``) from
reading to writing, so two organisers' commands at once both land: the second waits.

Settings (:class:`Scoring`, :data:`TIEBREAKERS`, round-1 rules, fixed seats, table layouts,
the late entrants' start score) have defaults, so an older ``event.json``
(``landsraad-event/1``) loads as it is and is written back as ``landsraad-event/2``.

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
from contextlib import contextmanager
from pathlib import Path
from typing import Final, Iterator, Literal, Sequence

from filelock import FileLock, Timeout
from pydantic import Field, field_validator, model_validator

from ..content import load_model
from ..errors import LandsraadError, did_you_mean
from ..fileio import atomic_write_text
from ..i18n import N_, Message, _, joined, message
from ..model import Frozen

__all__ = [
    "EVENT_FILE",
    "LISTS_DIR",
    "LOCK_FILE",
    "FORMAT",
    "TIEBREAKERS",
    "DEFAULT_TIEBREAKERS",
    "AVOID_KEYS",
    "EventError",
    "Scoring",
    "Seat",
    "Layout",
    "Affiliation",
    "tiebreaker_name",
    "event_lock",
    "configure",
    "add_entrant",
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

LOCK_FILE = ".event.lock"
"""The lock file inside an event folder (:func:`event_lock`)."""

LOCK_TIMEOUT = 60.0
"""How long (seconds) a command waits for another one writing the same event."""

FORMAT: Final = "landsraad-event/2"
"""The version tag of the state file written now (``landsraad-event/1`` files load with default settings)."""

TIEBREAKERS: dict[str, str] = {
    "sos": N_("strength of schedule: the sum of the current points of every opponent met"),
    "esos": N_("extended strength of schedule: the sum of the opponents' strengths of schedule"),
    "h2h": N_("head-to-head: points scored in the games between the tied players"),
    "vp_diff": N_("VP difference: VP scored minus VP conceded"),
    "vp": N_("VP scored"),
    "vp_against": N_("VP conceded, fewer is better"),
    "wins": N_("games won"),
}
"""The tie-breakers an event may order, by name; the name (case ignored) is the last resort."""

_TIEBREAKER_ALIASES = {
    "strength_of_schedule": "sos", "extended_sos": "esos", "e_sos": "esos", "extended_strength_of_schedule": "esos",
    "head_to_head": "h2h", "vp_difference": "vp_diff", "vpdiff": "vp_diff", "diff": "vp_diff", "differential": "vp_diff",
    "vp_scored": "vp", "victory_points": "vp", "vp_conceded": "vp_against", "against": "vp_against",
    # the French words (docs/glossary.md), with and without accents
    "fda": "sos", "force_des_adversaires": "sos", "fda_étendue": "esos", "fda_etendue": "esos", "fdaé": "esos",
    "confrontation_directe": "h2h", "différence_de_pv": "vp_diff", "difference_de_pv": "vp_diff", "diff_pv": "vp_diff",
    "pv": "vp", "pv_marqués": "vp", "pv_marques": "vp", "points_de_victoire": "vp", "pv_concédés": "vp_against",
    "pv_concedes": "vp_against", "victoires": "wins", "parties_gagnées": "wins", "parties_gagnees": "wins",
}

DEFAULT_TIEBREAKERS: tuple[str, ...] = ("vp_diff", "vp", "sos")
"""The order of an event that chose none (the order of every ``landsraad-event/1`` event)."""

AVOID_KEYS = ("club", "city")
"""What round 1 may keep apart: players of the same club, of the same city."""


class EventError(LandsraadError):
    """An event command that cannot be carried out (the sentence says why and what to do)."""


def tiebreaker_name(text: str) -> str:
    """The tie-breaker ``text`` stands for (``SoS``, ``extended-SoS``, ``head to head``...).

    Raises
    ------
    EventError
        For an unknown name, with the known ones.

    Examples
    --------
    >>> [tiebreaker_name(t) for t in ("SoS", "extended-sos", "Head to head", "VP difference")]
    ['sos', 'esos', 'h2h', 'vp_diff']
    >>> [tiebreaker_name(t) for t in ("FdA", "confrontation directe", "différence de PV", "PV marqués")]
    ['sos', 'h2h', 'vp_diff', 'vp']
    """
    key = "_".join(text.strip().casefold().replace("-", " ").split())
    key = _TIEBREAKER_ALIASES.get(key, key)
    if key not in TIEBREAKERS:
        hint = did_you_mean(key, list(TIEBREAKERS) + list(_TIEBREAKER_ALIASES))
        raise EventError(_("Unknown tie-breaker {text!r}.").format(text=text[:80]) + (_(" Did you mean {hint!r}?").format(hint=_TIEBREAKER_ALIASES.get(hint, hint)) if hint else "")
                         + _(" Known tie-breakers: ") + "; ".join(f"{k} ({_(v)})" for k, v in TIEBREAKERS.items()) + ".")
    return key


class Scoring(Frozen):
    """Points for a game won, drawn or lost on victory points, and what a bye is worth.

    A bye is a win; its VP are ``bye_vp`` scored and none conceded (``bye="fixed"``), or the
    player's average VP scored and conceded over their recorded games, rounded half up
    (``bye="average"``; 0 and 0 before any game), so a bye does not skew "VP scored".
    """

    win: int = Field(3, ge=0, strict=True)
    draw: int = Field(1, ge=0, strict=True)
    loss: int = Field(0, ge=0, strict=True)
    bye: Literal["fixed", "average"] = "fixed"
    bye_vp: int = Field(0, ge=0, strict=True, description="VP scored by a bye when bye is 'fixed'.")

    @model_validator(mode="after")
    def _ordered(self) -> "Scoring":
        if not self.win >= self.draw >= self.loss:
            raise ValueError(message("Points must not decrease from a win to a draw to a loss; got {win} / {draw} / {loss}",
                                     win=self.win, draw=self.draw, loss=self.loss))
        return self

    def describe_bye(self) -> str:
        """``a win, 0 VP`` or ``a win, the player's average VP``."""
        return _("a win, the player's average VP") if self.bye == "average" else _("a win, {vp} VP").format(vp=self.bye_vp)


class Seat(Frozen):
    """A player who always plays at one table (a wheelchair, a table near the door)."""

    player: str = Field(min_length=1)
    table: int = Field(ge=1, strict=True)


class Affiliation(Frozen):
    """A player's club and city, which round 1 may keep apart (the event's ``avoid``)."""

    player: str = Field(min_length=1)
    club: str = ""
    city: str = ""


class Layout(Frozen):
    """A named table layout: the scene file set up on a table (table 1 has the first layout, and so on)."""

    name: str = Field(min_length=1)
    scene: str = Field("", description="The scene file of the layout, as given.")


class Entrant(Frozen):
    """A registered player: name, faction, and the list file and hash registered."""

    player: str = Field(min_length=1)
    faction: str = ""
    file: str = ""
    list_name: str = ""
    list_hash: str | None = None
    joined: int = Field(1, ge=1, strict=True, description="The first round the player could be paired in (a late entry: later).")
    start_points: int = Field(0, ge=0, strict=True, description="Points given at a late entry, before any game.")


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
    layout: str | None = None


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

    format: Literal["landsraad-event/1", "landsraad-event/2"] = FORMAT
    name: str = Field(min_length=1)
    rounds: int = Field(ge=1, strict=True, description="The number of rounds planned.")
    seed: int = Field(ge=0, strict=True, description="The seed of round 1's shuffle.")
    points: int = Field(15, ge=1, strict=True, description="The warband points cap.")
    scoring: Scoring = Scoring()
    tiebreakers: tuple[str, ...] = Field(DEFAULT_TIEBREAKERS, description="Tie-breakers after points, in order (TIEBREAKERS).")
    avoid: tuple[Literal["club", "city"], ...] = Field((), description="Round 1 keeps apart players of the same club / city.")
    seats: tuple[Seat, ...] = ()
    affiliations: tuple[Affiliation, ...] = ()
    layouts: tuple[Layout, ...] = ()
    late_points: int = Field(0, ge=0, strict=True, description="The start score of a late entry (event add).")
    entrants: tuple[Entrant, ...] = ()
    dropped: tuple[str, ...] = ()
    pairings: tuple[Round, ...] = ()

    @field_validator("tiebreakers")
    @classmethod
    def _known_tiebreakers(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        unknown = [t for t in value if t not in TIEBREAKERS]
        if unknown:
            raise ValueError(message("unknown tie-breaker(s) {names}; known: {known}", names=", ".join(map(repr, unknown)),
                                     known=", ".join(TIEBREAKERS)))
        if len(set(value)) != len(value):
            raise ValueError(message("a tie-breaker is listed twice"))
        return value

    @model_validator(mode="after")
    def _consistent(self) -> "Event":
        problems: list[Message] = []
        names = [e.player for e in self.entrants]
        folded = [n.casefold() for n in names]
        for n in sorted({n for n in names if folded.count(n.casefold()) > 1}):
            problems.append(message("the player {player} is registered twice", player=repr(n)))
        known = set(names)
        for p in self.dropped:
            if p not in known:
                problems.append(message("the dropped player {player} is not registered", player=repr(p)))
        for i, rnd in enumerate(self.pairings):
            if rnd.round != i + 1:
                problems.append(message("round {round} is stored in position {position}", round=rnd.round, position=i + 1))
            seen = rnd.players()
            for p in sorted(set(seen)):
                if p not in known:
                    problems.append(message("round {round}: {player} is not a registered player", round=rnd.round, player=repr(p)))
                if seen.count(p) > 1:
                    problems.append(message("round {round}: {player} plays more than once", round=rnd.round, player=repr(p)))
            for j, t in enumerate(rnd.tables):
                if t.table != j + 1:
                    problems.append(message("round {round}: table {table} is stored in position {position}", round=rnd.round,
                                            table=t.table, position=j + 1))
        seated = [s.player.casefold() for s in self.seats]
        tables = [s.table for s in self.seats]
        for s in self.seats:
            if seated.count(s.player.casefold()) > 1:
                problems.append(message("the player {player} has two fixed seats", player=repr(s.player)))
            if tables.count(s.table) > 1:
                problems.append(message("table {table} is the fixed seat of two players", table=s.table))
        layout_names = [x.name.casefold() for x in self.layouts]
        for x in self.layouts:
            if layout_names.count(x.name.casefold()) > 1:
                problems.append(message("the layout name {name} is used twice", name=repr(x.name)))
        if len(self.pairings) > self.rounds:
            problems.append(message("{paired} rounds are paired but the event has {rounds}", paired=len(self.pairings), rounds=self.rounds))
        if problems:
            raise ValueError(message("The event state is inconsistent: {problems}", problems=joined(message("; "), problems)))
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
        raise EventError(_("{player!r} is not a registered player of {name!r}.").format(player=player, name=self.name))

    def to_json(self) -> dict:
        """The state as written to ``event.json`` (always in the current :data:`FORMAT`)."""
        return {**self.model_dump(mode="json"), "format": FORMAT}

    def layout_of(self, table: int) -> str | None:
        """The name of table ``table``'s layout (``None`` past the layouts set)."""
        return self.layouts[table - 1].name if table <= len(self.layouts) else None

    def affiliation(self, player: str) -> Affiliation | None:
        """The club and city of ``player`` (case ignored), if given."""
        key = player.strip().casefold()
        return next((a for a in self.affiliations if a.player.strip().casefold() == key), None)

    def seat_of(self, player: str) -> int | None:
        """The fixed table of ``player`` (case ignored), if any."""
        key = player.strip().casefold()
        return next((s.table for s in self.seats if s.player.strip().casefold() == key), None)


def new_event(name: str, rounds: int, seed: int, points: int = 15, scoring: Scoring | None = None, **settings: object) -> Event:
    """A new event with no entrant and no round; ``settings`` are other :class:`Event` fields (``tiebreakers``...).

    Raises
    ------
    pydantic.ValidationError
        For a blank name, a round count or a points cap under 1, a negative seed, a bad setting.
    """
    return Event.model_validate({"name": name, "rounds": rounds, "seed": seed, "points": points,
                                 "scoring": scoring or Scoring(), **settings})


@contextmanager
def event_lock(folder: str | Path, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the event folder's write lock (``DIR/.event.lock``, an operating-system lock from :mod:`filelock`).

    Every command that reads the state to change it holds the lock from the read to the
    write, so two at once cannot both read the old state and lose one's change: the second
    waits for the first. The lock is the kernel's (``fcntl``/``msvcrt``), so a command killed
    while holding it releases it at once.

    Raises
    ------
    EventError
        When the folder does not exist, or another command held the lock for ``timeout`` seconds.
    """
    path = Path(folder)
    if not path.is_dir():
        raise EventError(_("There is no event folder {folder!r}; create one with `landsraad event new {folder} --name NAME --rounds N`.").format(folder=str(folder)[:200]))
    lock = FileLock(str(path / LOCK_FILE), timeout=timeout)
    try:
        lock.acquire()
    except Timeout:
        raise EventError(_("Another landsraad command has been writing the event in {folder!r} for {timeout:g} s (lock file {lock}); try again when it has finished.").format(
            folder=str(folder)[:200], timeout=timeout, lock=LOCK_FILE)) from None
    except OSError as err:
        raise EventError(_("Cannot lock the event folder {folder!r} for writing ({reason}); check that it is writable.").format(folder=str(folder)[:200], reason=err.strerror or err)) from None
    try:
        yield
    finally:
        lock.release()


def configure(event: Event, **settings: object) -> Event:
    """The event with some settings changed (any :class:`Event` field but the state itself).

    The seed and points cap are fixed once round 1 is paired (the draw and the lists depend
    on them), and the rounds cannot go below the rounds paired; scoring and tie-breakers may
    change at any time (the standings are recomputed from the results).

    Raises
    ------
    EventError
        For a setting that can no longer change, or an unknown field.
    pydantic.ValidationError
        For a bad value.
    """
    state = {"entrants", "dropped", "pairings", "format"}
    unknown = sorted(k for k in settings if k in state or k not in Event.model_fields)
    if unknown:
        raise EventError(_("{settings} cannot be set with configure.").format(settings=', '.join(unknown)))
    if event.pairings:
        locked = [k for k in ("seed", "points") if k in settings and settings[k] != getattr(event, k)]
        if locked:
            raise EventError(_("The event {event!r} has {n_pairings} round(s) paired: its {settings} can no longer change.").format(
                event=event.name, n_pairings=len(event.pairings), settings=_(' and ').join(_('points cap') if k == 'points' else k for k in locked)))
        rounds = settings.get("rounds", event.rounds)
        if isinstance(rounds, int) and rounds < len(event.pairings):
            raise EventError(_("The event {event!r} has {n_pairings} round(s) paired; it cannot have {rounds}.").format(event=event.name, n_pairings=len(event.pairings), rounds=rounds))
    return Event.model_validate({**event.model_dump(), **settings})


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
        raise EventError(_("There is no event folder {folder!r}; create one with `landsraad event new {path} --name NAME --rounds N`.").format(folder=str(folder), path=folder))
    if not path.is_file():
        raise EventError(_("The folder {folder!r} holds no {file}; create the event with `landsraad event new {path} --name NAME --rounds N`.").format(
            folder=str(folder), file=EVENT_FILE, path=folder))
    return load_model(Event, path)


def save_event(folder: str | Path, event: Event) -> Path:
    """Write the state to ``folder/event.json`` atomically; returns the path.

    The commands also write the flat text export beside it (:func:`landsraad.tournament.export.save_export`).
    """
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
        raise EventError(_("Entries are closed: results are already recorded."))
    seen: dict[str, str] = {}
    for e in entrants:
        key = e.player.strip().casefold()
        if key in seen:
            raise EventError(_("Two entries are for the player {player!r} (and {seen!r}); each player needs one list.").format(player=e.player, seen=seen[key]))
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
            raise EventError(_("{event!r} has {rounds} rounds; all are paired.").format(event=event.name, rounds=event.rounds))
        played.append(rnd)
    elif rnd.round == len(played) and played:
        if played[-1].recorded:
            raise EventError(_has_results(played[-1]))
        played[-1] = rnd
    else:
        raise EventError(_("Round {round} cannot be paired now: {n_played} round(s) are paired.").format(round=rnd.round, n_played=len(played)))
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
        raise EventError(_("Victory points cannot be negative; got {red_vp},{blue_vp}.").format(red_vp=red_vp, blue_vp=blue_vp))
    if not 1 <= round_no <= len(event.pairings):
        paired = f"rounds 1 to {len(event.pairings)} are paired" if event.pairings else "no round is paired yet"
        raise EventError(_("There is no round {round_no} to record: {paired}.").format(round_no=round_no, paired=paired))
    rnd = event.pairings[round_no - 1]
    if not 1 <= table_no <= len(rnd.tables):
        known = ", ".join(str(t.table) for t in rnd.tables) or _("none")
        raise EventError(_("Round {round_no} has no table {table_no}; its tables are {tables}.").format(round_no=round_no, table_no=table_no, tables=known))
    table = rnd.tables[table_no - 1]
    new = Result(red=red_vp, blue=blue_vp)
    if table.result == new:
        return event, False
    if table.result is not None and not force:
        raise EventError(_("Round {round_no}, table {table_no} ({red} v {blue}) already has the result {old_red},{old_blue}; add --force to replace it with {red_vp},{blue_vp}.").format(
            round_no=round_no, table_no=table_no, red=table.red, blue=table.blue, old_red=table.result.red, old_blue=table.result.blue, red_vp=red_vp, blue_vp=blue_vp))
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
    raise EventError(_("{name!r} is not a registered player of {event!r}.").format(name=name, event=event.name) + (_(" Did you mean {hint!r}?").format(hint=hint) if hint else "")
                     + (_(" Players: {players}.").format(players=', '.join(event.players)) if event.players else _(" No player is registered yet.")))


def drop_player(event: Event, name: str) -> tuple[Event, bool]:
    """The event with the player dropped (no longer paired; their games stay); ``changed`` False if already dropped."""
    player = find_player(event, name)
    if player in event.dropped:
        return event, False
    return event.model_copy(update={"dropped": event.dropped + (player,)}), True


def add_entrant(event: Event, entrant: Entrant, start_points: int | None = None) -> tuple[Event, int]:
    """The event with a late entry registered; returns it and the first round the player can be paired in.

    The player joins the next round to pair (or the last paired round while it has no
    result, which ``pair`` then gives again with them). The rounds missed are no games: no
    opponent, no bye; the player starts with ``start_points`` (default: the event's
    ``late_points``).

    Raises
    ------
    EventError
        Before round 1 is paired (the lists folder is read then), when the name is taken
        (case ignored), or when every round is paired and played.
    """
    if not event.pairings:
        raise EventError(_("Round 1 is not paired yet: put the list in the lists folder; it is registered when round 1 is paired."))
    key = entrant.player.strip().casefold()
    taken = next((p for p in event.players if p.strip().casefold() == key), None)
    if taken is not None:
        raise EventError(_("The player {taken!r} is already registered in {event!r}; choose another name.").format(taken=taken, event=event.name))
    last = event.pairings[-1]
    joined = last.round if not last.recorded else last.round + 1
    if joined > event.rounds:
        raise EventError(_("{event!r} has {rounds} round(s), all paired with results: there is no round left to join.").format(event=event.name, rounds=event.rounds))
    points = event.late_points if start_points is None else start_points
    if points < 0:
        raise EventError(_("A start score cannot be negative; got {points}.").format(points=points))
    new = entrant.model_copy(update={"player": entrant.player.strip(), "joined": joined, "start_points": points})
    return event.model_copy(update={"entrants": event.entrants + (new,)}), joined
