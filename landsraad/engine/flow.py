"""The engine's control point as data: stages, frames and the machine that runs them.

The rules' flow (set-up, activations, actions) is written as small *stages*: :class:`Stage`
objects, made by :func:`stage` from functions that read the state, change it, and say what
happens next. Where the flow needs something from outside (a player's answer, dice), a stage
does not wait inside a Python frame: it pushes the *continuation* (a :class:`Frame`: the next
:class:`Stage` itself and the data it needs) on :attr:`Machine.stack` and leaves a
:class:`Pending` request. Everything that decides the future of a game is therefore plain
data: the immutable :class:`~landsraad.engine.state.GameState`, the stack of frames, the
pending request and the random generator's state. Copying, saving, undoing and searching a
game is copying that data.

A stage's function has the signature ``fn(m, data, value) -> value``:

- ``m`` is the :class:`Machine` (the typed context: state, event log, dice, clock);
- ``data`` what its frame carries: its family's frozen :class:`Payload` (the shot's
  :class:`~landsraad.engine.shooting.ShotFrame`, ...), or nothing (an empty mapping) for the
  few stages that carry no data;
- ``value`` what the previous step hands on: a player's checked answer, the dice rolled, or
  the return value of a sub-procedure (``None`` at the start of one).

The stage's own return value is handed to the next frame on the stack, which is how a
sub-procedure returns a result to its caller's continuation. Helpers build the common shapes,
each naming where the flow goes on by the stage object (``then=_shoot_rolled``, or a frame made
with :meth:`Stage.at`), never by a string:

- :meth:`Machine.ask`: pend a decision (built by a registered *decision builder* from the
  state and its typed arguments, the builder's :class:`Payload`, so a restored game rebuilds the
  same decision from their JSON form, each value checked) and continue
  at ``then`` with the answer;
- :meth:`Machine.roll`: pend a roll of ``n`` D10 (rolled at once from the generator with digital
  dice, asked as a ``dice`` decision with physical dice) and continue at ``then`` with the dice;
- :meth:`Machine.call`: run another stage as a sub-procedure, then continue at ``then`` with
  what it returns.

A stage's name is what a snapshot writes (:meth:`Frame.to_list`) and looks up in
:data:`STAGES` (:meth:`Frame.from_list`); decision builders are named in :data:`BUILDERS`,
since a pending request is saved by its builder's name.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Callable, ClassVar, Generic, Literal, Mapping, NamedTuple, NoReturn, TypeVar, get_type_hints

import numpy as np

from ..dice import FACES
from ..errors import RuleError, carried_message
from ..i18n import message
from .clock import TableTimeModel
from .decisions import Decision
from .events import GameEvent, make_event
from .jsondata import FieldReader, Json, JsonObject, field_reader
from .result import GameResult
from .setup_options import SetupOptions
from .state import GameState, Side

__all__ = [
    "Frame",
    "Pending",
    "Machine",
    "Payload",
    "Stage",
    "AnyStage",
    "Then",
    "BuilderFn",
    "BUILDER_ARGS",
    "STAGES",
    "BUILDERS",
    "stage",
    "builder",
    "DICE_BUILDER",
    "dice_distribution",
    "DiceMode",
    "DiceAsk",
    "SideAsk",
    "ModelAsk",
    "WhoFirstAsk",
    "plain",
]

DiceMode = Literal["digital", "physical"]
"""``"digital"`` (the engine rolls from its generator) or ``"physical"`` (every roll is a decision)."""

DICE_BUILDER = "dice"
"""The name of the pending request for a roll."""


def plain(value: object) -> Json:
    """``value`` as exact JSON-able data: tuples become lists, numpy numbers Python numbers; floats are not rounded.

    Examples
    --------
    >>> plain({"to": (1.0000001, np.float64(2.5)), "dice": (3, 4)})
    {'to': [1.0000001, 2.5], 'dice': [3, 4]}
    """
    if isinstance(value, np.generic):
        return plain(value.item())
    if value is None or isinstance(value, (bool, str, int, float)):
        return value
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    raise RuleError(f"The engine cannot keep a {type(value).__name__} in a frame; frames hold plain data only.")


P = TypeVar("P", bound="Payload")


class Payload:
    """Base of a stage family's typed frame data: a frozen, slotted dataclass whose JSON form is
    the mapping the family's frames have always been saved as (so saved games still load).

    A subclass lists in :attr:`OMITTED_WHEN_NONE` the fields its JSON form leaves out while they
    are ``None`` (keys a family's frame gains as the flow goes on), and reads its JSON form back
    with :meth:`from_json`.
    """

    __slots__ = ()

    OMITTED_WHEN_NONE: ClassVar[frozenset[str]] = frozenset()
    """The fields the JSON form leaves out while they are ``None``."""

    def to_json(self) -> JsonObject:
        """The payload as the JSON-able mapping a saved frame holds."""
        omitted = self.OMITTED_WHEN_NONE
        out: JsonObject = {}
        for f in fields(self):  # type: ignore[arg-type]  # every subclass is a dataclass
            value = getattr(self, f.name)
            if value is None and f.name in omitted:
                continue
            out[f.name] = plain(value)
        return out

    @classmethod
    def from_json(cls: type[P], data: Mapping[str, object]) -> P:
        """The payload from :meth:`to_json`'s mapping, each value checked against its field's type
        (:func:`~landsraad.engine.jsondata.field_reader`: JSON arrays become tuples).

        This is how the engine reads a stage's saved frame data and a decision's saved arguments:
        a saved game is data from outside.

        Raises
        ------
        RuleError
            A key the payload does not know, a field missing, or a value of the wrong type (the
            sentence names the key, what was expected and what was found).

        Examples
        --------
        >>> DiceAsk.from_json({"count": 2, "side": "red"})
        DiceAsk(count=2, side='red', model=None, why='', secret=False)
        >>> DiceAsk.from_json({"count": "2"})
        Traceback (most recent call last):
        ...
        landsraad.errors.RuleError: The saved DiceAsk's 'count' should be a whole number; it is 2.
        """
        readers = _readers(cls)
        unknown = sorted(set(data) - set(readers))
        if unknown:
            raise RuleError(message("A saved {kind} holds the unknown key(s) {keys}; it was made by another version.", kind=cls.__name__,
                                    keys=", ".join(map(repr, unknown))))
        values: dict[str, object] = {}
        for key, value in data.items():
            try:
                values[key] = readers[key](value, key)
            except RuleError as e:
                raise RuleError(message("The saved {kind}'s {problem}", kind=cls.__name__, problem=carried_message(e))) from None
        try:
            return cls(**values)
        except TypeError as e:
            raise RuleError(message("A saved {kind} is incomplete ({why}); it was made by another version.", kind=cls.__name__, why=str(e))) from None


_READERS: dict[type[Payload], dict[str, FieldReader]] = {}
"""Each payload type's field readers, made on its first :meth:`Payload.from_json`."""


def _readers(kind: type[Payload]) -> dict[str, FieldReader]:
    """The reader of each field of ``kind``, by name (from its annotations, once)."""
    found = _READERS.get(kind)
    if found is None:
        hints = get_type_hints(kind)
        found = _READERS[kind] = {f.name: field_reader(hints[f.name]) for f in fields(kind)}  # type: ignore[arg-type]
    return found


D = TypeVar("D", contravariant=True)
"""What a stage's frame carries: its :class:`Payload` (``object`` for the stages that carry no data)."""

V = TypeVar("V", contravariant=True)
"""What a stage is handed (:meth:`Machine.run`'s ``value``): an answer, dice, or a sub-procedure's result."""


@dataclass(frozen=True, slots=True, eq=False)
class Stage(Generic[D, V]):
    """One step of the flow: a function ``fn(m, data, value) -> value`` and the name snapshots save it by.

    :func:`stage` makes one from a function; the flow names what runs next by the :class:`Stage`
    object itself (``then=_shoot_rolled``), so go-to-definition leads from a continuation to its code.
    ``payload`` is the :class:`Payload` type its frames carry (``None``: no data, an empty mapping).
    ``Stage[D, V]`` takes frames carrying ``D`` and is handed a ``V``; it returns what the next frame
    is handed (``object``: the flow's values have no one type). Both parameters are contravariant, so
    every stage is an :data:`AnyStage`, the type of a stage whose frame and value are not known
    statically (a saved frame's stage, :data:`STAGES`).
    """

    name: str
    fn: Callable[["Machine", D, V], object]
    payload: type[Payload] | None = None

    def __call__(self, m: "Machine", data: D, value: V) -> object:
        """Run the stage now (a stage continuing straight into another, without a frame)."""
        return self.fn(m, data, value)

    def at(self, data: D) -> "Frame":
        """A frame continuing at this stage with ``data``."""
        return Frame(self, data)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        return f"<stage {self.name}>"


AnyStage = Stage[NoReturn, NoReturn]
"""A stage whose frame data and value are not known statically: what a :class:`Frame` holds and
:data:`STAGES` lists. Only :meth:`Machine.run` calls one so, with the data its frame pairs with it."""

_NO_DATA: Mapping[str, object] = MappingProxyType({})
"""The data of a frame that carries none (read-only: one shared mapping)."""


def _load_data(stage: AnyStage, data: object) -> Payload | Mapping[str, object]:
    if not isinstance(data, Mapping) or not all(isinstance(k, str) for k in data):
        raise RuleError(message("The saved game gives the stage {stage} data that is not a mapping; it was made by another version.",
                                stage=repr(stage.name)))
    return stage.payload.from_json(data) if stage.payload is not None else dict(data)


def _pair(item: object, what: str) -> tuple[object, object]:
    """A saved ``[name, data]`` pair, or the error saying the save is not one."""
    if not isinstance(item, (list, tuple)) or len(item) != 2:
        raise RuleError(message("The saved game holds a {what} that is not a [name, data] pair: {item}; it was made by another version.",
                                what=what, item=str(item)[:80]))
    return item[0], item[1]


class Frame(NamedTuple):
    """One continuation on the stack: the stage to run next and the data it carries.

    A named tuple: the flow makes one or two at each step, and a tuple is the cheapest immutable record.

    Examples
    --------
    >>> Frame.from_list(["play", {}]).to_list()
    ['play', {}]
    """

    stage: AnyStage
    data: Payload | Mapping[str, object] = _NO_DATA

    def to_list(self) -> list[Json]:
        """The frame as saved: ``[stage name, JSON data]``."""
        data = self.data
        return [self.stage.name, data.to_json() if isinstance(data, Payload) else plain(dict(data))]

    @classmethod
    def from_list(cls, item: object) -> "Frame":
        """The frame from :meth:`to_list`'s form.

        Raises
        ------
        RuleError
            The stage is unknown, or its data does not fit it.
        """
        stage_name, data = _pair(item, message("frame"))
        found = STAGES.get(stage_name) if isinstance(stage_name, str) else None
        if found is None:
            raise RuleError(message("The saved game names an unknown stage {stage}; it was made by another version.", stage=repr(str(stage_name)[:80])))
        return cls(found, _load_data(found, data))


class Pending(NamedTuple):
    """What the flow waits for: a decision built by ``builder`` from the state and ``args``."""

    builder: str
    args: Payload
    """The builder's arguments: the :class:`Payload` its :func:`builder` names."""

    def to_list(self) -> list[Json]:
        """The request as saved: ``[builder name, JSON arguments]``."""
        return [self.builder, self.args.to_json()]

    @classmethod
    def from_list(cls, item: object) -> "Pending":
        """The request from :meth:`to_list`'s form, its arguments read by the builder's :class:`Payload`.

        Raises
        ------
        RuleError
            The builder is unknown, or its arguments do not fit its payload (the sentence names the key).
        """
        name, args = _pair(item, message("pending decision"))
        kind = BUILDER_ARGS.get(name) if isinstance(name, str) else None
        if not isinstance(name, str) or kind is None:
            raise RuleError(message("The saved game waits for an unknown decision {name}; it was made by another version.", name=repr(str(name)[:80])))
        if not isinstance(args, Mapping):
            raise RuleError(message("The saved game gives the decision {name} arguments that are not a mapping; it was made by another version.",
                                name=repr(name)))
        return cls(name, kind.from_json({str(k): v for k, v in args.items()}))


BuilderFn = Callable[[GameState, "Payload | Mapping[str, object]"], Decision]
"""A registered decision builder: the decision a pending request stands for, from the state and the
request's arguments (its :class:`Payload`, or the JSON mapping that payload reads, :meth:`Payload.from_json`)."""

A = TypeVar("A", bound=Payload)

STAGES: dict[str, AnyStage] = {}
"""Every stage of the flow, by name (how snapshots name them)."""

BUILDERS: dict[str, BuilderFn] = {}
"""Every decision builder, by name: a pure function of the state and its arguments."""

BUILDER_ARGS: dict[str, type[Payload]] = {}
"""The :class:`Payload` of each builder's arguments (how a saved request's are read back)."""


def stage(name: str, payload: type[Payload] | None = None) -> Callable[[Callable[["Machine", D, V], object]], Stage[D, V]]:
    """Make a function a :class:`Stage` named ``name`` (a decorator), its frames carrying ``payload``."""

    def register(fn: Callable[["Machine", D, V], object]) -> Stage[D, V]:
        if name in STAGES:
            raise RuleError(f"The stage {name!r} is registered twice.")
        made: Stage[D, V] = Stage(name, fn, payload)
        STAGES[name] = made
        return made

    return register


def builder(name: str, args: type[A]) -> Callable[[Callable[[GameState, A], Decision]], Callable[[GameState, A], Decision]]:
    """Register a decision builder under ``name`` (a decorator), its arguments the :class:`Payload` ``args``.

    The registered builder (:data:`BUILDERS`) takes the payload, or a mapping it reads as a saved
    request's arguments are read (:meth:`Payload.from_json`: each value checked against its field's type).
    """

    def register(fn: Callable[[GameState, A], Decision]) -> Callable[[GameState, A], Decision]:
        if name in BUILDERS:
            raise RuleError(f"The decision builder {name!r} is registered twice.")

        def build(state: GameState, a: Payload | Mapping[str, object]) -> Decision:
            if isinstance(a, args):
                return fn(state, a)
            if isinstance(a, Payload):
                raise RuleError(f"The decision {name!r} is given {type(a).__name__} arguments, not {args.__name__}.")
            return fn(state, args.from_json(a))

        BUILDERS[name] = build
        BUILDER_ARGS[name] = args
        return fn

    return register


Then = AnyStage | Frame
"""Where the flow continues: a stage (its data from the keyword arguments) or a frame already made."""


@dataclass(frozen=True, slots=True)
class DiceAsk(Payload):
    """A pending roll's arguments (:meth:`Machine.roll`): how many D10, by whom, why, and whether in secret."""

    count: int
    side: Side | None = None
    model: str | None = None
    why: str = ""
    secret: bool = False

    @classmethod
    def of(cls, pending: Pending) -> "DiceAsk":
        """The arguments of a pending roll.

        Raises
        ------
        RuleError
            ``pending`` is not a roll, or its count is not a whole number (a saved game made by another version).
        """
        a = pending.args
        roll = a if isinstance(a, DiceAsk) else None
        if roll is None or not isinstance(roll.count, int):
            raise RuleError(f"The pending {pending.builder!r} request is not a roll of dice: {str(a)[:120]}.")
        return roll


@dataclass(frozen=True, slots=True)
class SideAsk(Payload):
    """The arguments of a decision asked of a side about nothing but itself (a bid's winner's choice, its missions)."""

    side: Side


@dataclass(frozen=True, slots=True)
class ModelAsk(Payload):
    """The arguments of a decision about one model (where it deploys, ...)."""

    model: str


@dataclass(frozen=True, slots=True)
class WhoFirstAsk(Payload):
    """Who goes first in a set-up step, asked of the side that won its bid (R-SETUP-BID): ``what`` is
    done first (``"places terrain"``, ...), ``step`` the step as the decision's info names it."""

    side: Side
    what: str
    step: str


@builder(DICE_BUILDER, DiceAsk)
def _dice_decision(state: GameState, roll: DiceAsk) -> Decision:
    count = roll.count
    who = roll.model or roll.side or "the player"
    roles = {3: "neutral, attack, defence", 2: "neutral, then the coloured die", 1: "one die"}
    return Decision(
        side=roll.side or "red", kind="dice", model=roll.model, secret=roll.secret, dice=count,
        prompt=f"Roll {count} D10 for {who} ({roll.why or 'a roll'}): type {roles.get(count, f'{count} dice')}.",
        info={"why": roll.why, "roles": roles.get(count, "")},
    )


def dice_distribution(count: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """The outcomes of a pending roll of ``count`` D10 and their probabilities: uniform and independent.

    This is the one place that says so (chance nodes for search).

    Examples
    --------
    >>> outcomes = dice_distribution(1)
    >>> len(outcomes), outcomes[0]
    (10, ((1,), 0.1))
    >>> round(sum(p for _, p in dice_distribution(2)), 12)
    1.0
    """
    faces = np.arange(1, FACES + 1)
    grids = np.array(np.meshgrid(*([faces] * count), indexing="ij")).reshape(count, -1).T
    p = 1.0 / len(grids)
    return tuple((tuple(int(v) for v in row), p) for row in grids)


class Machine:
    """The running flow: state, stack, pending request, generator, event log and table clock.

    This is the typed context every stage receives; :class:`~landsraad.engine.game.Game` adds
    the public driving API (answers as transactions, snapshots, clones, undo, views).
    """

    state: GameState
    stack: tuple[Frame, ...]
    pending: Pending | None
    log: list[GameEvent]
    answers: list[Json]
    """The answers given, as saved (JSON: tuples as lists)."""
    rng: np.random.Generator
    dice_mode: DiceMode
    setup: SetupOptions
    time_model: TableTimeModel
    result: GameResult | None

    # --- what stages call ------------------------------------------------------------------------

    def emit(self, kind: str, side: str | None = None, model: str | None = None, /, *, secret: bool = False, **data: object) -> GameEvent:
        """Record an event (the first three are positional-only, so ``data`` may hold any key)."""
        event = make_event(len(self.log) + 1, kind, side, model, data, secret)
        self.log.append(event)
        return event

    def spend(self, step: str, times: int = 1) -> None:
        """Advance the table clock by ``step``'s cost (R-CLOCK), once the clock runs."""
        tick = self.clock_tick(step, times)
        if tick:
            self.state = self.state.replace(**tick)

    def clock_tick(self, step: str, times: int = 1) -> dict[str, float]:
        """The change of the state that :meth:`spend` makes (none before play), for a stage that
        builds its new state in one copy (:meth:`GameState.with_model`)."""
        if self.state.phase == "play":
            return {"clock_s": self.state.clock_s + self.time_model.cost(step) * times}
        return {}

    def push(self, then: Then, **data: object) -> None:
        """Put a continuation on the stack (it runs after what is pushed later)."""
        self.stack = self.stack + (self._continuation(then, data),)

    @staticmethod
    def _continuation(then: Then, data: dict[str, object]) -> Frame:
        if isinstance(then, Frame):
            if data:
                raise RuleError(f"A continuation at {then.stage.name!r} is given its frame and keyword data both.")
            return then
        if then.payload is not None:  # a typed stage's frame always holds its payload
            return Frame(then, then.payload.from_json(data))
        # ``data`` is this call's own dict (the keyword arguments): the continuation keeps it
        return Frame(then, data)

    def call(self, stage: AnyStage, args: Payload | Mapping[str, object], then: Then | None = None, **data: object) -> None:
        """Run ``stage`` with ``args`` as a sub-procedure; its result goes to ``then`` (if any) with ``data``.

        A typed stage given a mapping gets its payload read from it (:meth:`Payload.from_json`), as a saved frame is.
        """
        if isinstance(args, Payload):
            frame = Frame(stage, args)
        else:
            frame = Frame(stage, stage.payload.from_json(args) if stage.payload is not None else dict(args))
        self.stack = self.stack + ((self._continuation(then, data), frame) if then is not None else (frame,))

    def ask(self, builder_name: str, args: Payload, then: Then | None, **data: object) -> None:
        """Pend the decision ``builder_name`` builds from ``args`` (its :func:`builder`'s payload); the answer
        goes to ``then`` with ``data``."""
        if then is not None:
            self.stack = self.stack + (self._continuation(then, data),)
        self.pending = Pending(builder_name, args)

    def roll(self, count: int, then: Then, *, by: tuple[Side | None, str | None], why: str = "", secret: bool = False,
             **data: object) -> None:
        """Pend a roll of ``count`` D10 by ``(side, model)``; the dice (a tuple) go to ``then`` with ``data``."""
        side, model = by
        self.ask(DICE_BUILDER, DiceAsk(count, side, model, why, secret), then, **data)

    # --- the loop ------------------------------------------------------------------------------------

    def build(self, pending: Pending) -> Decision:
        """The decision ``pending`` stands for, built from the current state."""
        return BUILDERS[pending.builder](self.state, pending.args)

    def run(self, value: object = None) -> None:
        """Run stages until a decision is pending or the stack is empty (the game is over)."""
        while True:
            pending = self.pending
            if pending is not None:
                if pending.builder == DICE_BUILDER and self.dice_mode == "digital":
                    value = self._roll_digital(pending)
                    continue
                return
            if not self.stack:
                return
            frame = self.stack[-1]
            self.stack = self.stack[:-1]
            # the frame pairs its stage with the data it takes (Frame.from_list, Stage.at, Machine.call)
            value = frame.stage.fn(self, frame.data, value)  # type: ignore[arg-type]

    def _roll_digital(self, pending: Pending) -> tuple[int, ...]:
        roll = DiceAsk.of(pending)
        dice = tuple(self.rng.integers(1, FACES + 1, size=roll.count).tolist())  # Python ints, as int() of each gives
        self.pending = None
        self._record_roll(roll, dice)
        return dice

    def record_roll(self, pending: Pending, dice: tuple[int, ...]) -> None:
        """The roll event, the same for digital and physical dice."""
        self._record_roll(DiceAsk.of(pending), dice)

    def _record_roll(self, roll: DiceAsk, dice: tuple[int, ...]) -> None:
        self.emit("roll", roll.side, roll.model, secret=roll.secret, dice=dice, why=roll.why)
