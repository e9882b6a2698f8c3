"""Driving a game: the public forward model.

A :class:`Game` asks one :class:`~landsraad.engine.decisions.Decision` at a time
(:attr:`Game.decision`), takes answers as transactions (:meth:`Game.answer`), records every
roll, decision and effect as a :class:`~landsraad.engine.events.GameEvent`, and ends with the
missions scored (:attr:`Game.result`). Because the flow's control point is data
(:mod:`landsraad.engine.flow`), a game can be copied (:meth:`Game.clone`), saved and restored
in any process (:meth:`Game.snapshot`, :meth:`Game.restore`), and taken back one answer at a time
(:meth:`Game.undo`). With ``dice="physical"`` every roll is a ``dice`` decision answered with
the dice a person rolled; with ``dice="digital"`` the engine rolls from its generator, whose
state is part of the game.

Examples
--------
>>> from landsraad.engine import new_game, play
>>> from landsraad.players import RandomPlayer
>>> game = new_game("corrino", "fremen", seed=3)
>>> game.decision.kind, game.decision.side
('bid', 'red')
>>> copy = game.clone()
>>> game.answer(2)
>>> copy.decision.side, game.decision.side, len(copy.answers), len(game.answers)
('red', 'blue', 0, 1)
>>> game.undo()
>>> game.snapshot() == copy.snapshot()
True
>>> game = play(game, {"red": RandomPlayer(1), "blue": RandomPlayer(2)})
>>> game.over, game.result.winner == max(game.result.vp, key=game.result.vp.get) or game.result.winner == "draw"
(True, True)
"""

from __future__ import annotations

import copy
from collections import deque
from typing import Iterable, Mapping, Protocol, Sequence

import numpy as np
from pydantic import ValidationError

from ..errors import DataError, DecisionError, LandsraadError, Problem, RuleError, truncate
from ..i18n import message
from ..missions import MissionCard
from ..model import Faction
from ..ruleset import DEFAULT, Ruleset
from ..warband import WarbandList
from .clock import TableTimeModel, game_limit_s
from .decisions import Answer, Decision
from .events import GameEvent
from .flow import DICE_BUILDER, STAGES, DiceAsk, DiceMode, Frame, Machine, Pending, dice_distribution, plain
from .jsondata import Json
from .result import GameResult
from .setup import WarbandSource, load_warband, recruit_side
from .setup_options import SetupOptions
from .state import GameState, SideState, other_side, state_data, state_from_data

__all__ = [
    "Player",
    "Game",
    "GameResult",
    "EngineError",
    "new_game",
    "play",
    "replay",
    "ReplayPlayer",
    "SNAPSHOT_FORMAT",
]

SNAPSHOT_FORMAT = "landsraad-snapshot/1"


class EngineError(RuleError):
    """An unexpected failure inside the engine while applying an answer; the game is left as it was."""


class Player(Protocol):
    """Anything that answers decisions: a computer player, a replay, a human front end.

    Its two capability flags tell :func:`play` how to drive it: ``handles_dice`` (it answers the
    rolls of a physical-dice game; False: the game rolls them) and ``reads_state`` (False: it
    never reads its state, so no view is made and it gets ``None``). :func:`play` reads them with
    those defaults (False, True) from an object that lacks them, so a class written for a test
    need not declare them.
    """

    handles_dice: bool
    """It answers the rolls of a physical-dice game itself."""
    reads_state: bool
    """It reads the state :meth:`decide` is given (False: :func:`play` gives it ``None``)."""

    def decide(self, decision: Decision, state: GameState | None) -> Answer:
        """The answer to ``decision``, seeing ``state`` as that side may (:meth:`Game.view`; ``None``
        for a player that says it does not read it)."""


_Mark = tuple[GameState, tuple[Frame, ...], "Pending | None", int, int, Mapping[str, object], "GameResult | None"]
"""What an answer changes, as it was before (:meth:`Game.undo`): state, stack, pending request, log and
answer counts, the generator's state and the result. Not the pending decision: the request rebuilds it
from the state (builders read nothing else), and a decision holds its closures and suggestions, which
the undo history would keep all game long for the collector to walk (a fifth of what a game holds)."""

UNDO_DEPTH = 32
"""How many answers a game can take back from memory (:meth:`Game.undo`); an undo beyond them replays
the game from its opening, as a restored game's does, to the same snapshot. A game no longer keeps a
state for every answer it was given: the collector walked them all game long (its share of 16 random
games 8 % -> 5 %: 222 -> 152 young collections, 2 -> 1 full), against a person's rare undo beyond the
last few answers."""


def _check_dice(dice: object, source: str) -> DiceMode:
    """``dice`` if it is ``digital`` or ``physical``, else the error naming where it was given."""
    if dice == "digital" or dice == "physical":
        return dice
    raise DataError([Problem(source, "dice", message("Dice are 'digital' or 'physical'; got {dice}.", dice=repr(str(dice)[:40])))])


def _saved_object(value: object, where: str, source: str) -> Mapping[str, object]:
    """A saved game's JSON object at ``where``, or the error naming it (a saved game is data from outside)."""
    if isinstance(value, Mapping) and all(isinstance(k, str) for k in value):
        return value
    raise DataError([Problem(source, where, message("This saved game's {where} should be an object; it is {value}.", where=repr(where), value=truncate(str(value))))])


def _saved_list(value: object, where: str, source: str) -> Sequence[object]:
    """A saved game's JSON array at ``where``, or the error naming it."""
    if isinstance(value, (list, tuple)):
        return value
    raise DataError([Problem(source, where, message("This saved game's {where} should be a list; it is {value}.", where=repr(where), value=truncate(str(value))))])


def _saved_costs(value: object, source: str) -> dict[str, float]:
    """A saved game's table clock (``time_model``): seconds by step, or the error naming it."""
    costs = _saved_object(value, "time_model", source)
    bad = [k for k, v in costs.items() if isinstance(v, bool) or not isinstance(v, (int, float))]
    if bad:
        raise DataError([Problem(source, f"time_model.{bad[0]}", message("A step's time is a number of seconds; it is {value}.", value=truncate(str(costs[bad[0]]))))])
    return {k: v for k, v in costs.items() if isinstance(v, (int, float))}


class Game(Machine):
    """A game in progress: a forward model.

    Parameters
    ----------
    state
        The state before set-up (warbands recruited, not deployed) or at an activation
        boundary in play.
    rng
        The generator digital dice come from (default: seeded with ``seed``, else the state's seed).
    seed
        The seed of the default generator.
    setup
        Set-up options (:class:`~landsraad.engine.setup_options.SetupOptions`).
    time_model
        How long each step takes at a real table (R-CLOCK).
    dice
        ``"digital"``: the engine rolls. ``"physical"``: every roll is a ``dice`` decision.
    resume
        The stack and pending request of a saved game (:meth:`restore`): the game takes up its
        flow there, and runs nothing until asked; by default the flow starts at the state's phase.
    """

    _last_view: tuple[GameState, str, GameState] | None = None
    """The last :meth:`view`: the state it was taken from, the side, the view (asked again
    before anything changed, it is not built again; states are immutable)."""
    _hidden_sides: tuple[tuple[tuple[SideState, ...], str, tuple[SideState, ...]], ...] = ()
    """Per side (one entry each), the last states' sides tuple and the sides a view of them shows:
    the sides change rarely (Honour, passes), the state at every step, so each view's copy of
    the opponent without its missions is not made again for the same sides tuple."""

    def __init__(
        self,
        state: GameState,
        rng: np.random.Generator | None = None,
        *,
        seed: int | None = None,
        setup: SetupOptions | None = None,
        time_model: TableTimeModel | None = None,
        dice: DiceMode = "digital",
        resume: tuple[tuple[Frame, ...], Pending | None] | None = None,
    ) -> None:
        _check_dice(dice, "new_game")
        self.state = state
        self.rng = rng if rng is not None else np.random.default_rng(state.seed if seed is None else seed)
        self.dice_mode = dice
        self.setup = setup or SetupOptions()
        self.time_model = time_model or TableTimeModel()
        self.warbands: dict[str, WarbandList] = {}
        self.log: list[GameEvent] = []
        self.answers: list[Json] = []
        self.result = None
        self.pending = None
        self._decision: Decision | None = None
        self._history: deque[_Mark] = deque(maxlen=UNDO_DEPTH)
        self._origin: Mapping[str, object] | None
        if resume is not None:  # a saved game's control point (:meth:`restore`): nothing runs yet
            self.stack, self.pending = resume
            self._origin = None
            return
        start = {"setup": ("game.end", "play", "setup.steps"), "play": ("game.end", "play")}.get(state.phase, ("game.end",))
        self.stack = tuple(Frame(STAGES[name]) for name in start)
        self._origin = self._core()
        self.run()

    # --- the pending decision ---------------------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        """The pending decision (``None`` once the game is over)."""
        if self.pending is None:
            return None
        if self._decision is None:
            self._decision = self.build(self.pending)
        return self._decision

    @property
    def over(self) -> bool:
        """Whether the game has ended (then :attr:`result` is set)."""
        return self.pending is None

    def final_result(self) -> GameResult:
        """The result of the ended game: :attr:`result`, which is ``None`` while the game goes on.

        Raises
        ------
        RuleError
            When the game is not over yet.
        """
        if self.result is None:
            raise RuleError(message("The game is not over: it has no result yet."))
        return self.result

    def dice_outcomes(self) -> tuple[tuple[tuple[int, ...], float], ...]:
        """The outcomes of the pending roll and their probabilities (a chance node), or ``()``."""
        if self.pending is None or self.pending.builder != DICE_BUILDER:
            return ()
        return dice_distribution(DiceAsk.of(self.pending).count)

    # --- answering ------------------------------------------------------------------------------------

    def answer(self, answer: object) -> None:
        """Answer the pending decision.

        Raises
        ------
        DecisionError
            When the answer is not legal (the sentence says why); the game is unchanged.
        EngineError
            When applying a legal answer fails unexpectedly; the game is unchanged.
        """
        decision = self.decision
        pending = self.pending
        if decision is None or pending is None:
            raise DecisionError(message("The game is over; there is no decision to answer."))
        dice = decision.check_dice(answer) if pending.builder == DICE_BUILDER else None
        checked: Answer = dice if dice is not None else decision.check(answer)
        mark = self._mark()
        try:
            self.pending, self._decision = None, None
            if dice is not None:
                self.answers.append(plain(dice))
                self.record_roll(pending, dice)
            else:
                given = plain(checked)
                self.answers.append(given)
                # the event shares the answer's plain form (the same JSON-able data as the checked one's)
                self.emit("decision", decision.side, decision.model, secret=decision.secret, decision=decision.kind, answer=given)
            self.run(checked)
            self.decision  # noqa: B018  (build the next decision inside the transaction)
        except LandsraadError:
            self._reset(mark, decision)
            raise
        except Exception as err:  # the transaction boundary: nothing half-applied survives, the cause is chained
            self._reset(mark, decision)
            raise EngineError(f"The engine failed while applying {str(answer)[:80]!r} to {decision.prompt!r}: "
                              f"{type(err).__name__}: {err}. The game is unchanged.") from err
        self._history.append(mark)

    def roll_pending(self) -> tuple[int, ...]:
        """Answer a pending ``dice`` decision with dice from the game's generator (as digital dice would)."""
        if self.pending is None or self.pending.builder != DICE_BUILDER:
            raise DecisionError(message("No roll is pending."))
        dice = tuple(int(v) for v in self.rng.integers(1, 11, size=DiceAsk.of(self.pending).count))
        self.answer(list(dice))
        return dice

    def undo(self) -> None:
        """Take back the last answer exactly (the snapshot equals the one before it).

        The last :data:`UNDO_DEPTH` answers are taken back from memory; before them (and in a
        restored game) the game is replayed from its opening, all answers but the last.

        Raises
        ------
        DecisionError
            When no answer has been given.
        """
        if self._history:
            self._reset(self._history.pop())
            return
        if not self.answers or self._origin is None:
            raise DecisionError(message("There is nothing to undo: no answer has been given yet."))
        # Beyond the history kept in memory (a restored game has none): replay from the start, all
        # answers but the last (the replayed game keeps the history of its own last answers).
        earlier = Game._from_core(self._origin, self._context())
        earlier.warbands = self.warbands
        earlier.run()
        for given in self.answers[:-1]:
            earlier.answer(given)
        self._take(earlier)

    def _take(self, earlier: "Game") -> None:
        """Become ``earlier``, a replay of this game (:meth:`undo`): everything an answer changes."""
        self.state, self.stack, self.pending, self.rng = earlier.state, earlier.stack, earlier.pending, earlier.rng
        self.log, self.answers, self.result = earlier.log, earlier.answers, earlier.result
        self._decision, self._history, self._origin = earlier._decision, earlier._history, earlier._origin

    def _mark(self) -> _Mark:
        rng_state = self.rng.bit_generator.state
        if self._history and self._history[-1][5] == rng_state:
            # No die rolled since the last answer (most answers): the marks share one state dict,
            # read-only (the setter in _reset only reads it), not two the collector tracks all game long.
            rng_state = self._history[-1][5]
        return (self.state, self.stack, self.pending, len(self.log), len(self.answers), rng_state, self.result)

    def _reset(self, mark: _Mark, decision: Decision | None = None) -> None:
        """Back to ``mark``, with ``decision`` pending if given (else rebuilt when asked)."""
        self.state, self.stack, self.pending, n_log, n_answers, rng_state, self.result = mark
        self._decision = decision
        del self.log[n_log:]
        del self.answers[n_answers:]
        self.rng.bit_generator.state = rng_state

    # --- copies and saves ----------------------------------------------------------------------------

    def clone(self) -> "Game":
        """An independent copy: answering one never touches the other."""
        other = copy.copy(self)  # the attributes shared (immutable states, frames, options), then the mutable ones copied
        other.log = list(self.log)
        other.answers = list(self.answers)
        other._history = deque(self._history, maxlen=UNDO_DEPTH)
        other.rng = copy.deepcopy(self.rng)
        return other

    def _core(self) -> dict[str, object]:
        return {
            "state": state_data(self.state),
            "stack": [f.to_list() for f in self.stack],
            "pending": self.pending.to_list() if self.pending else None,
            "rng": plain(self.rng.bit_generator.state),
        }

    def _context(self) -> dict[str, object]:
        return {"dice": self.dice_mode, "setup": self.setup.to_dict(), "time_model": dict(self.time_model.costs)}

    def snapshot(self) -> dict[str, object]:
        """Everything the game's future depends on, as JSON-serialisable data.

        :meth:`restore` gives a game whose future is the same, in any process.
        """
        return {
            "format": SNAPSHOT_FORMAT,
            **self._context(),
            "warbands": {side: w.model_dump(mode="json") for side, w in self.warbands.items()},
            "core": self._core(),
            "origin": self._origin,
            "log": [e.to_dict() for e in self.log],
            "answers": plain(self.answers),
            "result": self.result.to_dict() if self.result else None,
        }

    def opening(self) -> dict[str, object]:
        """The snapshot of this game before its first stage ran (a saved game replays its answers from it)."""
        return {"format": SNAPSHOT_FORMAT, **self._context(),
                "warbands": {side: w.model_dump(mode="json") for side, w in self.warbands.items()},
                "core": self._origin, "origin": self._origin, "log": [], "answers": [], "result": None}

    @classmethod
    def restore(cls, snapshot: Mapping[str, object], *, source: str = "snapshot") -> "Game":
        """The game a :meth:`snapshot` describes.

        Raises
        ------
        DataError
            When the data is not a snapshot of this format (the problem is named).
        """
        try:
            if snapshot.get("format") != SNAPSHOT_FORMAT:
                raise DataError([Problem(source, "format", message("Expected a {format} snapshot; got {got}.", format=repr(SNAPSHOT_FORMAT), got=repr(str(snapshot.get("format"))[:60])))])
            context = {"dice": snapshot["dice"], "setup": snapshot["setup"], "time_model": snapshot["time_model"]}
            game = cls._from_core(_saved_object(snapshot["core"], "core", source), context, source=source)
            origin = snapshot.get("origin")
            game._origin = _saved_object(origin, "origin", source) if origin is not None else None
            game.log = [GameEvent.from_dict(_saved_object(e, "log", source)) for e in _saved_list(snapshot["log"], "log", source)]
            game.answers = [plain(a) for a in _saved_list(snapshot["answers"], "answers", source)]
            result = snapshot.get("result")
            game.result = GameResult.from_dict(_saved_object(result, "result", source)) if result else None
            warbands = _saved_object(snapshot.get("warbands") or {}, "warbands", source)
            game.warbands = {side: WarbandList.model_validate(w) for side, w in warbands.items()}
            if game.pending is None and game.stack:  # a game's opening: run its first stages
                game.run()
            game.decision  # noqa: B018  (a pending decision must rebuild from the saved data)
        except LandsraadError:
            raise
        except ValidationError as err:
            first = err.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise DataError([Problem(source, where, message("This saved game has a wrong value here: {why}.", why=first["msg"].lower()))]) from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
            raise DataError([Problem(source, "", message("This is not a usable game snapshot: {kind} {why}.", kind=type(err).__name__, why=truncate(str(err))))]) from None
        return game

    @classmethod
    def _from_core(cls, core: Mapping[str, object], context: Mapping[str, object], *, source: str = "snapshot") -> "Game":
        stack = tuple(Frame.from_list(f) for f in _saved_list(core["stack"], "core.stack", source))
        pending = Pending.from_list(core["pending"]) if core.get("pending") else None
        bit_generator: np.random.BitGenerator = np.random.PCG64()  # its state a plain mapping, checked by numpy
        bit_generator.state = _saved_object(core["rng"], "core.rng", source)
        dice = _check_dice(context["dice"], source)  # a saved game's own field: its error names the file
        game = cls(state_from_data(core["state"]), np.random.Generator(bit_generator), dice=dice,
                   setup=SetupOptions.from_dict(_saved_object(context["setup"], "setup", source), source=source),
                   time_model=TableTimeModel(costs=_saved_costs(context["time_model"], source)), resume=(stack, pending))
        game._origin = dict(core)
        return game

    # --- what a side may know -----------------------------------------------------------------------

    def view(self, side: str) -> GameState:
        """The state as ``side`` may see it: no seed, none of the opponent's secret mission picks.

        Secret choices under way (bids, stances, kept dice) live in the flow's frames, which a
        view never contains; the result is JSON-able through :func:`~landsraad.engine.state.state_data`.
        """
        state = self.state
        last = self._last_view
        if last is not None and last[0] is state and last[1] == side:
            return last[2]  # nothing happened since the last view: the state is immutable
        changes: dict[str, object] = {"seed": None}
        opponent = state.side_state(other_side(side))
        if opponent.missions:  # one copy of the state, not one per change
            changes["sides"] = self._sides_seen_by(state.sides, side, opponent)
        view = state.replace(**changes)
        self._last_view = (state, side, view)
        return view

    def _sides_seen_by(self, sides: tuple[SideState, ...], side: str, opponent: SideState) -> tuple[SideState, ...]:
        """``sides`` with the opponent's missions hidden from ``side``, reused while the tuple is the same
        (frozen side states: the same tuple object holds the same sides)."""
        for seen, who, shown in self._hidden_sides:
            if seen is sides and who == side:
                return shown
        hidden = opponent.replace(missions=())
        shown = tuple(hidden if s.side == hidden.side else s for s in sides)
        # a new tuple, never changed in place: a clone shares it safely
        self._hidden_sides = tuple(e for e in self._hidden_sides if e[1] != side) + ((sides, side, shown),)
        return shown

    def view_for(self, side: str) -> GameState:
        """Alias of :meth:`view`."""
        return self.view(side)


def new_game(
    red: WarbandSource,
    blue: WarbandSource,
    *,
    seed: int = 0,
    ruleset: Ruleset = DEFAULT,
    setup: SetupOptions | None = None,
    time_model: TableTimeModel | None = None,
    dice: DiceMode = "digital",
    factions: Iterable[Faction] = (),
    missions: Iterable[MissionCard] = (),
) -> Game:
    """A game between two warbands, before set-up.

    ``red`` and ``blue`` are warband lists (:class:`landsraad.warband.WarbandList`), paths to
    list files, or bundled faction ids (their example list is used). ``factions`` and
    ``missions`` are custom content (a home-made faction sheet, a Minor House, a new mission
    card): lists of those factions are checked against them, and the game plays them; they
    travel with the game's snapshots and saved records.

    Raises
    ------
    DataError
        When a list is invalid, a faction id unknown, or ``dice`` not ``digital``/``physical``.
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= int(seed) < 2**63:
        raise DataError([Problem("new_game", "seed", message("A seed is a whole number from 0 to 2**63 - 1; got {seed}.", seed=repr(str(seed)[:40])))])
    custom = {sheet.id: sheet for sheet in factions}
    red_list, blue_list = load_warband(red), load_warband(blue)
    red_side, red_models = recruit_side("red", red_list, ruleset, factions=custom)
    blue_side, blue_models = recruit_side("blue", blue_list, ruleset, factions=custom)
    state = GameState(seed=int(seed), ruleset=ruleset, sides=(red_side, blue_side), models=red_models + blue_models,
                      clock_limit_s=game_limit_s(ruleset.arrakis), custom_factions=tuple(custom.values()), custom_missions=tuple(missions))
    game = Game(state, seed=int(seed), setup=setup, time_model=time_model, dice=dice)
    game.warbands = {"red": red_list, "blue": blue_list}
    return game


def play(game: Game, players: Mapping[str, Player], *, max_decisions: int = 100_000) -> Game:
    """Drive ``game`` to its end with ``players`` (by side).

    Rolls pending in a physical-dice game go to players that say they handle dice
    (``handles_dice = True``); otherwise the game rolls them from its generator. A player that
    says it never reads its state (``reads_state = False``, as the random player) is given
    ``None`` for it: no view of the state (:meth:`Game.view`, a copy whenever the state changed)
    is made for it at each decision.
    """
    count = 0
    while game.decision is not None:
        decision = game.decision
        player = players[decision.side]
        if decision.kind == "dice" and not getattr(player, "handles_dice", False):
            game.roll_pending()
        else:
            state = game.view(decision.side) if getattr(player, "reads_state", True) else None
            game.answer(player.decide(decision, state))
        count += 1
        if count > max_decisions:
            raise RuleError(f"The game did not end within {max_decisions} decisions; this is a bug in the engine.")
    return game


class ReplayPlayer:
    """Answers decisions from a recorded list of answers, in order (both sides share one list)."""

    handles_dice = True
    reads_state = False

    def __init__(self, answers: Iterable[Answer]) -> None:
        self._answers = list(answers)
        self._next = 0

    @property
    def remaining(self) -> int:
        """Answers not used yet."""
        return len(self._answers) - self._next

    def decide(self, decision: Decision, state: GameState | None) -> Answer:
        if self._next >= len(self._answers):
            raise DecisionError(f"The recorded game has no answer left for {decision.prompt!r}.")
        answer = self._answers[self._next]
        self._next += 1
        return answer


def replay(red: WarbandSource, blue: WarbandSource, answers: Iterable[Answer], *, seed: int, ruleset: Ruleset = DEFAULT,
           setup: SetupOptions | None = None, dice: DiceMode = "digital") -> Game:
    """Replay a game from its seed and its recorded answers; the log comes out identical."""
    game = new_game(red, blue, seed=seed, ruleset=ruleset, setup=setup, dice=dice)
    player = ReplayPlayer(answers)
    return play(game, {"red": player, "blue": player})
