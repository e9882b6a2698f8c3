"""The game engine (layer 4): a forward model of a whole game.

Everything a front end, a player or a search needs is exported here::

    from landsraad.engine import new_game, play

    game = new_game("corrino", "fremen", seed=1, dice="digital")
    while not game.over:
        decision = game.decision          # who decides what, with the legal answers
        game.answer(...)                  # a transaction: illegal answers change nothing
    game.result.to_dict()

``game.clone()``, ``game.snapshot()`` / ``Game.restore(...)``, ``game.undo()`` and
``game.view(side)`` make the game a forward model; see ``docs/architecture.md``.
"""

from . import stages  # noqa: F401  (importing the flow's modules registers every stage and decision builder)
from .decisions import Answer, Decision, PointSpec
from .events import GameEvent
from .flow import dice_distribution
from .game import SNAPSHOT_FORMAT, EngineError, Game, Player, ReplayPlayer, new_game, play, replay
from .result import GameResult
from .setup_options import SetupOptions
from .state import GameState, ModelState, SideState

__all__ = [
    "Answer",
    "Decision",
    "PointSpec",
    "GameEvent",
    "GameResult",
    "Game",
    "EngineError",
    "Player",
    "ReplayPlayer",
    "SetupOptions",
    "GameState",
    "ModelState",
    "SideState",
    "SNAPSHOT_FORMAT",
    "dice_distribution",
    "new_game",
    "play",
    "replay",
]
