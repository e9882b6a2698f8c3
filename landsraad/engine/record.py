"""A saved game: everything needed to replay it (warbands, seed, ruleset, table, answers)
and what happened (the event log and the result).

A record replays to the identical event log (:func:`replay_record`), so a saved game can be
narrated, drawn activation by activation, or checked for tampering.

Examples
--------
>>> from landsraad.engine.game import new_game, play
>>> from landsraad.players import RandomPlayer
>>> game = play(new_game("atreides", "harkonnen", seed=5), {"red": RandomPlayer(1), "blue": RandomPlayer(2)})
>>> rec = record_game(game)
>>> replayed = replay_record(GameRecord.model_validate_json(rec.model_dump_json()))
>>> [e.to_dict() for e in replayed.log] == [e.to_dict() for e in game.log]
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from ..errors import DataError, Problem
from ..ruleset import Ruleset
from .events import GameEvent
from .game import Game, ReplayPlayer, play

__all__ = ["GameRecord", "record_game", "replay_record", "save_record", "load_record", "replay_states"]


class GameRecord(BaseModel):
    """A saved game (JSON)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: str = "landsraad-game/1"
    seed: int
    ruleset: Ruleset
    red: dict[str, Any]
    blue: dict[str, Any]
    scene: dict[str, Any] | None = None
    kit: str = "arrakeen"
    missions: bool = True
    answers: list[Any]
    log: list[dict[str, Any]]
    result: dict[str, Any] | None = None


def record_game(game: Game) -> GameRecord:
    """The record of a finished (or interrupted) game."""
    setup = game.setup
    scene = setup.scene.model_dump(mode="json") if setup.scene is not None and hasattr(setup.scene, "model_dump") else None
    return GameRecord(
        seed=game.state.seed,
        ruleset=game.state.ruleset,
        red=game.warbands["red"].model_dump(mode="json"),
        blue=game.warbands["blue"].model_dump(mode="json"),
        scene=scene,
        kit=setup.kit,
        missions=setup.missions,
        answers=list(game.answers),
        log=[e.to_dict() for e in game.log],
        result=game.result.to_dict() if game.result else None,
    )


def _setup(record: GameRecord) -> Any:
    from .setup import SetupOptions

    scene = None
    if record.scene is not None:
        from ..scene import Scene

        scene = Scene.model_validate(record.scene)
    return SetupOptions(scene=scene, kit=record.kit, missions=record.missions)


def replay_record(record: GameRecord) -> Game:
    """Play the record's answers again; the log comes out identical (or a :class:`DataError` says where it differs)."""
    from ..warband import WarbandList
    from .game import new_game

    game = new_game(WarbandList.model_validate(record.red), WarbandList.model_validate(record.blue), seed=record.seed,
                    ruleset=record.ruleset, setup=_setup(record))
    player = ReplayPlayer(record.answers)
    play(game, {"red": player, "blue": player})
    replayed = [e.to_dict() for e in game.log]
    if replayed != record.log:
        first = next((i for i, (a, b) in enumerate(zip(replayed, record.log)) if a != b), min(len(replayed), len(record.log)))
        raise DataError([Problem("game record", f"log[{first}]", "The replayed game differs from the recorded log from this event on; the record was changed or made by another version.")])
    return game


def replay_states(record: GameRecord):
    """Yield ``(event, state)`` after every activation of a replay (for pictures per activation)."""
    from ..warband import WarbandList
    from .game import new_game

    game = new_game(WarbandList.model_validate(record.red), WarbandList.model_validate(record.blue), seed=record.seed,
                    ruleset=record.ruleset, setup=_setup(record))
    player = ReplayPlayer(record.answers)
    seen = 0
    while True:
        for event in game.log[seen:]:
            if event.kind in ("end_activation", "first_player", "game_over"):
                yield event, game.state
        seen = len(game.log)
        if game.decision is None:
            return
        game.answer(player.decide(game.decision, game.state))


def save_record(record: GameRecord, path: str | Path) -> None:
    Path(path).write_text(record.model_dump_json(indent=1), encoding="utf-8")


def load_record(path: str | Path) -> GameRecord:
    """Read a saved game; a bad file is a :class:`DataError` naming the problem."""
    from pydantic import ValidationError

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError([Problem(str(path), "", f"The saved game cannot be read: {exc.strerror or exc}.")]) from None
    try:
        return GameRecord.model_validate_json(text)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise DataError([Problem(str(path), where, f"This is not a landsraad saved game: {first['msg']}.")]) from None


def events_of(record: GameRecord) -> list[GameEvent]:
    return [GameEvent.from_dict(d) for d in record.log]
