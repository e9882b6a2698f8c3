"""A saved game: the game's opening snapshot, every answer, what happened (the event log) and
the result, sealed with a content hash.

A record replays to the identical event log and result (:func:`replay_record`), so a saved
game can be narrated, drawn activation by activation, resumed (:func:`resume_record`), or
checked for tampering: an edited file fails its hash, and a record whose answers, log or
result do not follow from its opening says where they part.

Examples
--------
>>> from landsraad.engine import new_game, play
>>> from landsraad.players import RandomPlayer
>>> game = play(new_game("atreides", "harkonnen", seed=5), {"red": RandomPlayer(1), "blue": RandomPlayer(2)})
>>> rec = record_game(game)
>>> replayed = replay_record(GameRecord.model_validate_json(rec.model_dump_json()))
>>> [e.to_dict() for e in replayed.log] == [e.to_dict() for e in game.log]
True
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Final, Iterator, Literal, Mapping

from pydantic import BaseModel, ConfigDict, ValidationError

from ..errors import DataError, DecisionError, LandsraadError, Problem, carried_message, truncate
from ..fileio import atomic_write_text, read_bounded
from ..i18n import message
from .events import ActivationEnds, FirstPlayer, GameEvent, GameOver
from .game import Game
from .state import GameState

__all__ = ["GameRecord", "RECORD_FORMAT", "record_game", "replay_record", "resume_record", "replay_states", "save_record",
           "load_record", "events_of", "restore_opening", "header_problems", "RECORD_PLAYER_KEYS"]

RECORD_FORMAT: Final = "landsraad-game/2"
MAX_RECORD_BYTES = 64 * 1024 * 1024
MAX_RECORD_DEPTH = 100
"""The deepest nesting of lists and objects a saved game may have (a real one has about 10)."""


class GameRecord(BaseModel):
    """A saved game (JSON): the opening snapshot, the answers, the log, the result and their hash."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["landsraad-game/2"] = RECORD_FORMAT
    red: str = ""
    blue: str = ""
    seed: int | None = None
    players: dict[str, str] = {}
    """Who played each side (e.g. ``heuristic``), when the program that saved it knows."""
    # JSON data, checked where it is read (Game.restore, GameEvent.from_dict, GameResult.from_dict):
    # ``object`` is what pydantic keeps as given and what mypy makes every reader check
    opening: Mapping[str, object]
    answers: list[object]
    log: list[Mapping[str, object]]
    result: Mapping[str, object] | None = None
    sha256: str = ""

    def content_hash(self) -> str:
        """The SHA-256 of the record's content (everything but the hash itself), canonical JSON."""
        body = self.model_dump(mode="json", exclude={"sha256"})
        return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode("utf-8")).hexdigest()


def record_game(game: Game, *, players: Mapping[str, str] | None = None) -> GameRecord:
    """The record of a finished (or interrupted) game, sealed with its hash."""
    red, blue = game.state.side_state("red"), game.state.side_state("blue")
    record = GameRecord(red=red.faction, blue=blue.faction, seed=game.state.seed, players=dict(players or {}),
                        opening=game.opening(), answers=list(game.answers),
                        log=[e.to_dict() for e in game.log], result=game.result.to_dict() if game.result else None)
    return record.model_copy(update={"sha256": record.content_hash()})


def _depth(data: object) -> int:
    """How deeply ``data`` nests lists and objects (without recursion)."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(node, dict):
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node)
    return deepest


RECORD_PLAYER_KEYS = ("red", "blue", "drill", "questions")
"""The keys a record's ``players`` may have: who played each side, the drill when it was one, and
how many questions a person at the terminal was asked (a count, issue 38)."""


def restore_opening(record: GameRecord, *, source: str = "game record") -> Game:
    """The game at the record's opening; a :class:`DataError` naming ``source`` when it cannot be one.

    The header is checked against the opening too (:func:`header_problems`): a record whose
    ``red``, ``blue`` or ``seed`` says something else than its opening was edited.
    """
    try:
        game = Game.restore(record.opening, source=f"{source}: opening")
    except DataError:
        raise
    except LandsraadError as err:  # an unknown stage or decision: say which file holds it
        raise DataError([Problem(source, "opening", _said(err, 300))]) from None
    problems = header_problems(record, game, source=source)
    if problems:
        raise DataError(problems)
    return game


def header_problems(record: GameRecord, opening: Game, *, source: str = "game record") -> list[Problem]:
    """Every header field of ``record`` that disagrees with the game at its opening.

    ``format`` is fixed by the model; ``red`` and ``blue`` must be the factions of the
    opening's sides and ``seed`` its seed (the header only repeats them, for a reader of the
    file); ``players`` may name only the sides and a drill, each with a short name, and the
    terminal's count of questions, a whole number (which
    computer player a name means is the front end's to check: :mod:`landsraad.players` sits
    above the engine).
    """
    problems = []
    for side in ("red", "blue"):
        recorded, actual = getattr(record, side), opening.state.side_state(side).faction
        if recorded != actual:
            problems.append(Problem(source, side, message("The header says {side} is {recorded} but the game's opening has {actual}; the record was changed.",
                                                          side=side, recorded=repr(truncate(recorded)), actual=repr(truncate(actual)))))
    if record.seed != opening.state.seed:
        problems.append(Problem(source, "seed", message("The header's seed {seed} is not the opening's ({opening}); the record was changed.",
                                                        seed=truncate(record.seed), opening=truncate(opening.state.seed))))
    for key, value in record.players.items():
        if key not in RECORD_PLAYER_KEYS:
            problems.append(Problem(source, f"players.{truncate(key, 40)}", message("A saved game's players name only {keys}.", keys=", ".join(RECORD_PLAYER_KEYS))))
        elif key == "questions":
            if not (value.isascii() and value.isdigit() and len(value) <= 9):
                problems.append(Problem(source, "players.questions", message("The count of questions {value} is not a whole number.", value=repr(truncate(value)))))
        elif not 0 < len(value) <= 80 or not value.isprintable():
            problems.append(Problem(source, f"players.{key}", message("The player {value} is not a player's name (1 to 80 printable characters).", value=repr(truncate(value)))))
    return problems


def _said(err: LandsraadError, most: int) -> str:
    """What ``err`` says, in the reader's language (a Message) unless it must be cut to ``most`` characters."""
    text = carried_message(err)
    return text if len(text) <= most else str(text)[:most]


def _play_answers(record: GameRecord, source: str) -> Game:
    game = restore_opening(record, source=source)
    for i, answer in enumerate(record.answers):
        if game.over:
            raise DataError([Problem(source, f"answers[{i}]", message("The game was over before this answer; the record has {n} answer(s) too many.",
                                                                      n=len(record.answers) - i))])
        try:
            game.answer(answer)
        except LandsraadError as err:
            side = game.decision.side if game.decision else "?"
            raise DataError([Problem(source, f"answers[{i}]", message("The answer {answer} ({side}) does not fit the game at this point: {problem}", answer=repr(str(answer)[:60]), side=side,
                                                                      problem=_said(err, 200)))]) from None
    return game


def replay_record(record: GameRecord, *, source: str = "game record") -> Game:
    """Play the record's answers again from its opening.

    Raises
    ------
    DataError
        When the replayed log or result differ from the recorded ones (naming the first
        difference), or an answer does not fit.
    """
    game = _play_answers(record, source)
    replayed = [e.to_dict() for e in game.log]
    if replayed != record.log:
        first = next((i for i, (a, b) in enumerate(zip(replayed, record.log)) if a != b), min(len(replayed), len(record.log)))
        raise DataError([Problem(source, f"log[{first}]", message("The replayed game differs from the recorded log from this event on; the record was changed or made by "
                                                                  "another version."))])
    result = game.result.to_dict() if game.result else None
    if result != record.result:
        raise DataError([Problem(source, "result", message("The recorded result is not the one the game's answers lead to; the record was changed."))])
    return game


def resume_record(record: GameRecord, *, source: str = "game record") -> Game:
    """The game the record saved, ready to go on from its last answer (checked like :func:`replay_record`)."""
    return replay_record(record, source=source)


def replay_states(record: GameRecord, *, source: str = "game record") -> Iterator[tuple[GameEvent, GameState]]:
    """Yield ``(event, state)`` after every activation of a replay (for pictures per activation)."""
    game = restore_opening(record, source=source)
    seen = 0
    answers = iter(record.answers)
    while True:
        for event in game.log[seen:]:
            if isinstance(event, (ActivationEnds, FirstPlayer, GameOver)):
                yield event, game.state
        seen = len(game.log)
        if game.over:
            return
        try:
            given = next(answers)
        except StopIteration:
            return
        try:
            game.answer(given)
        except DecisionError:
            return


def save_record(record: GameRecord, path: str | Path) -> None:
    """Write the record atomically (a temporary file, then a rename): a failure leaves the previous file whole."""
    atomic_write_text(path, record.model_dump_json(indent=1))


def load_record(path: str | Path) -> GameRecord:
    """Read a saved game.

    Raises
    ------
    DataError
        When the file cannot be read, is not UTF-8 JSON, is not a saved game of this format,
        or was edited after it was saved (its hash does not match).
    """
    path = Path(path)
    source = truncate(str(path), 200)
    raw = read_bounded(path, MAX_RECORD_BYTES)  # a regular file only: a named pipe or a device is refused at once
    if len(raw) > MAX_RECORD_BYTES:
        raise DataError([Problem(source, "", message("The file is larger than {most} MiB; it is not a saved game.", most=MAX_RECORD_BYTES // 2**20))])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError([Problem(source, message("byte {n}", n=exc.start), message("The saved game is not UTF-8 text; it is damaged or not a saved game."))]) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError([Problem(source, message("line {line}, column {column}", line=exc.lineno, column=exc.colno),
                                 message("The saved game is not valid JSON ({why}); it may be truncated.", why=exc.msg))]) from None
    except RecursionError:
        raise DataError([Problem(source, "", message("The saved game is nested too deeply to be a saved game."))]) from None
    except ValueError as exc:  # a number past Python's 4,300-digit limit
        raise DataError([Problem(source, "", message("The saved game holds a value it cannot read ({why}).", why=str(exc)[:80]))]) from None
    try:  # a JSON escape such as "\ud800" reads as a lone surrogate, which no file can hold: saving it again would fail
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise DataError([Problem(source, "", message("The saved game holds a character that is not Unicode text (a lone surrogate escape)."))]) from None
    except (ValueError, RecursionError):
        pass  # too deep or too long a number: refused just below or by the model
    if _depth(data) > MAX_RECORD_DEPTH:  # the hash would fail on it deeper in (pydantic's serialisation depth)
        raise DataError([Problem(source, "", message("The saved game is nested more than {most} levels deep; it is not a saved game.", most=MAX_RECORD_DEPTH))])
    if not isinstance(data, dict):
        raise DataError([Problem(source, "", message("A saved game is a JSON object; this file holds something else."))])
    if data.get("format") != RECORD_FORMAT:
        raise DataError([Problem(source, "format", message("This is not a landsraad saved game of format {format} (its format is {got}); it was made by another "
                                                           "version or is something else.", format=repr(RECORD_FORMAT), got=repr(str(data.get("format"))[:40])))])
    try:
        record = GameRecord.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise DataError([Problem(source, where, message("This saved game has a wrong value here ({why}).", why=first["msg"].lower()))]) from None
    if record.sha256 != record.content_hash():
        raise DataError([Problem(source, "sha256", message("The saved game was edited after it was saved: its content does not match its hash."))])
    return record


def events_of(record: GameRecord) -> list[GameEvent]:
    """The recorded events."""
    return [GameEvent.from_dict(d) for d in record.log]
