"""Driving a game: a :class:`Game` asks one :class:`~landsraad.engine.decisions.Decision` at a
time, records every roll, decision and effect as a :class:`~landsraad.engine.events.GameEvent`,
and ends with the missions scored.

The flow of the rules (set-up, activations, end) is written as a generator that yields
decisions and receives answers; :class:`Game` wraps it so a front end can drive it step by
step (``game.decision`` then ``game.answer(...)``), and :func:`play` drives it with
computer players. Randomness comes only from the injected :class:`numpy.random.Generator`;
the same seed and the same answers give the same event log (:func:`replay`).

Examples
--------
>>> from landsraad.engine.game import new_game, play
>>> from landsraad.players import RandomPlayer
>>> game = new_game("corrino", "fremen", seed=3)
>>> game = play(game, {"red": RandomPlayer(1), "blue": RandomPlayer(2)})
>>> game.over, game.result.winner in ("red", "blue", "draw")
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generator, Iterable, Mapping, Protocol

import numpy as np

from ..errors import DecisionError, RuleError
from ..ruleset import DEFAULT, Ruleset
from .clock import TableTimeModel, game_limit_s
from .decisions import Answer, Decision
from .events import GameEvent, to_jsonable
from .state import GameState, other_side

__all__ = ["Flow", "Player", "Game", "GameResult", "new_game", "play", "replay", "ReplayPlayer"]

Flow = Generator[Decision, Answer, Any]
"""A piece of the rules' flow: yields decisions, receives checked answers."""


class Player(Protocol):
    """Anything that answers decisions: a computer player, a replay, a human front end."""

    def decide(self, decision: Decision, state: GameState) -> Answer:
        """The answer to ``decision``, seeing ``state`` as that side may (secrets redacted)."""


@dataclass(frozen=True)
class GameResult:
    """How a game ended: victory points per side, the score sheets, the winner."""

    vp: Mapping[str, int]
    sheets: Mapping[str, Any]
    winner: str
    activations: int
    clock_s: float
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return to_jsonable({"vp": dict(self.vp), "sheets": dict(self.sheets), "winner": self.winner,
                            "activations": self.activations, "clock_s": self.clock_s, "reason": self.reason})


class Game:
    """A game in progress.

    Parameters
    ----------
    state
        The state before set-up (warbands recruited, not deployed) or at any later
        activation boundary.
    rng
        The only source of randomness.
    setup
        Set-up options (:class:`landsraad.engine.setup.SetupOptions`).
    time_model
        How long each step takes at a real table (R-CLOCK).
    """

    def __init__(
        self,
        state: GameState,
        rng: np.random.Generator,
        *,
        setup: Any = None,
        time_model: TableTimeModel | None = None,
    ) -> None:
        from .setup import SetupOptions

        self.state = state
        self.rng = rng
        self.setup = setup or SetupOptions()
        self.warbands: dict[str, Any] = {}
        self.time_model = time_model or TableTimeModel()
        self.log: list[GameEvent] = []
        self.answers: list[Any] = []
        self.result: GameResult | None = None
        self.decision: Decision | None = None
        self._flow = self._run()
        self._advance(None, first=True)

    # --- driving -------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.decision is None

    def answer(self, answer: Answer) -> None:
        """Answer the pending decision; an illegal answer raises :class:`DecisionError` and changes nothing."""
        if self.decision is None:
            raise DecisionError("The game is over; there is no decision to answer.")
        checked = self.decision.check(answer)
        self.answers.append(_exact(checked))
        self.emit("decision", self.decision.side, self.decision.model, secret=self.decision.secret,
                  decision=self.decision.kind, answer=checked)
        self._advance(checked)

    def _advance(self, answer: Answer, first: bool = False) -> None:
        try:
            self.decision = next(self._flow) if first else self._flow.send(answer)
        except StopIteration:
            self.decision = None

    # --- helpers for the flow --------------------------------------------------------------------

    def emit(self, kind: str, side: str | None = None, model: str | None = None, /, *, secret: bool = False, **data: Any) -> GameEvent:
        """Record an event (the first three are positional-only, so ``data`` may hold any key)."""
        event = GameEvent(len(self.log) + 1, kind, side, model, to_jsonable(data), secret)
        self.log.append(event)
        return event

    def ask(self, decision: Decision) -> Flow:
        """Yield ``decision`` and return the checked answer (``answer = yield from game.ask(d)``)."""
        answer = yield decision
        return answer

    def roll(self, count: int, *, side: str | None = None, model: str | None = None, why: str = "", secret: bool = False) -> tuple[int, ...]:
        """Roll ``count`` D10 with the game's generator and record the roll."""
        from ..dice import roll_d10

        dice = roll_d10(self.rng, count)
        self.emit("roll", side, model, secret=secret, dice=dice, why=why)
        return dice

    def spend(self, step: str, times: int = 1) -> None:
        """Advance the table clock by ``step``'s cost (R-CLOCK), once the clock runs."""
        if self.state.phase == "play":
            self.state = self.state.replace(clock_s=self.state.clock_s + self.time_model.cost(step) * times)

    def view_for(self, side: str) -> GameState:
        """The state as ``side`` may see it: the opponent's secret missions are hidden."""
        opponent = self.state.side_state(other_side(side))
        if not opponent.missions:
            return self.state
        return self.state.with_side(opponent.model_copy(update={"missions": ()}))

    # --- the flow ----------------------------------------------------------------------------

    def _run(self) -> Flow:
        from .activation import activation
        from .scoring import end_of_game
        from .setup import setup_phase

        if self.state.phase == "setup":
            yield from setup_phase(self)
        while self.state.phase == "play":
            side = self.state.to_act
            yield from activation(self, side)
            if self.state.phase != "play":
                break
            if self.state.clock_s >= self.state.clock_limit_s:
                self.emit("clock", reason="time", clock_s=self.state.clock_s)
                self.state = self.state.replace(phase="over")
                break
            if not self.state.models_of("red") or not self.state.models_of("blue"):  # PRJ-93
                self.emit("clock", reason="wiped_out")
                self.state = self.state.replace(phase="over")
                break
            self.state = self.state.replace(to_act=other_side(side))
        self.result = end_of_game(self)


def _exact(answer: Answer) -> Any:
    """An answer as JSON-able data with its floats unrounded, so a replay makes the same moves."""
    if isinstance(answer, (tuple, list)):
        return [_exact(a) for a in answer]
    if hasattr(answer, "item"):  # numpy scalar
        return answer.item()
    return answer


def new_game(
    red: Any,
    blue: Any,
    *,
    seed: int = 0,
    ruleset: Ruleset = DEFAULT,
    setup: Any = None,
    time_model: TableTimeModel | None = None,
) -> Game:
    """A game between two warbands, before set-up.

    ``red`` and ``blue`` are warband lists (:class:`landsraad.warband.WarbandList`), paths to
    list files, or bundled faction ids (their example list is used).
    """
    from .setup import SetupOptions, load_warband, recruit_side

    rng = np.random.default_rng(seed)
    setup = setup or SetupOptions()
    red_list, blue_list = load_warband(red), load_warband(blue)
    red_side, red_models = recruit_side("red", red_list, ruleset)
    blue_side, blue_models = recruit_side("blue", blue_list, ruleset)
    state = GameState(
        seed=seed,
        ruleset=ruleset,
        sides=(red_side, blue_side),
        models=red_models + blue_models,
        clock_limit_s=game_limit_s(ruleset.arrakis),
    )
    game = Game(state, rng, setup=setup, time_model=time_model)
    game.warbands = {"red": red_list, "blue": blue_list}
    return game


def play(game: Game, players: Mapping[str, Player], *, max_decisions: int = 100_000) -> Game:
    """Drive ``game`` to its end with ``players`` (by side)."""
    count = 0
    while game.decision is not None:
        decision = game.decision
        answer = players[decision.side].decide(decision, game.view_for(decision.side))
        game.answer(answer)
        count += 1
        if count > max_decisions:
            raise RuleError(f"The game did not end within {max_decisions} decisions; this is a bug in the engine.")
    return game


class ReplayPlayer:
    """Answers decisions from a recorded list of answers, in order (both sides share one list)."""

    def __init__(self, answers: Iterable[Any]) -> None:
        self._answers = list(answers)
        self._next = 0

    def decide(self, decision: Decision, state: GameState) -> Answer:
        if self._next >= len(self._answers):
            raise DecisionError(f"The recorded game has no answer left for {decision.prompt!r}.")
        answer = self._answers[self._next]
        self._next += 1
        return answer


def replay(red: Any, blue: Any, answers: Iterable[Any], *, seed: int, ruleset: Ruleset = DEFAULT, setup: Any = None) -> Game:
    """Replay a game from its seed and its recorded answers; the log comes out identical."""
    game = new_game(red, blue, seed=seed, ruleset=ruleset, setup=setup)
    player = ReplayPlayer(answers)
    return play(game, {"red": player, "blue": player})
