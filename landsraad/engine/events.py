"""The event log: every roll, decision and effect of a game as a frozen event, one class per kind.

Every event is a :class:`GameEvent` (``seq``, ``kind``, ``side``, ``model``, JSON-able
``data``, ``secret``); each kind has its own subclass (:class:`Roll`, :class:`Moved`,
:class:`Shot`, :class:`Clash`, :class:`Wounded`, :class:`MissionAction`, ...) whose typed
attributes read its data, so code dispatches on the type (``isinstance(e, Roll)``,
``functools.singledispatch``) rather than on strings. The JSON form is the same for every
kind, so a log saves to JSON lines and loads back equal, each event as its own class; the
rules kernel's event records are stored through their ``to_dict()``.

Examples
--------
>>> e = make_event(1, "move", "red", "red-1", {"to": [3.0, 4.0], "kind": "dodge", "length_cm": 5.0, "path": []})
>>> type(e).__name__, e.to, e.how
('Moved', (3.0, 4.0), 'dodge')
>>> GameEvent.from_json(e.to_json()) == e
True
>>> type(GameEvent.from_json(e.to_json())) is Moved
True
"""

from __future__ import annotations

import json
from dataclasses import fields, is_dataclass
from typing import Callable, Generic, Iterable, Mapping, TypeVar, overload

from pydantic import ValidationError

from ..dice import SimpleTest
from ..errors import DataError
from ..i18n import message
from ..rules.disengage import DisengageEvent
from ..rules.healing import HealEvent
from ..rules.melee import MeleeEvent, Strike
from ..rules.poisons import PoisonTickEvent
from ..rules.shooting import MarkerShotEvent, ShotEvent, TemplateShotEvent
from .jsondata import Json, JsonObject
from .state import TableEffect

__all__ = ["GameEvent", "EVENT_TYPES", "make_event", "event_kind", "to_jsonable", "to_json_object", "dump_log", "load_log", "Datum", "Outcome",
           "ShotOutcome", "TemplateShotOutcome", "MarkerShotOutcome", "ClashOutcome", "StrikeOutcome", "DisengageOutcome",
           "HealOutcome", "PoisonTickOutcome", "TestOutcome"]

# --- the outcomes events carry ---------------------------------------------------------------------------
# The rules kernel resolves a shot, a clash, a test into a frozen record; the event that reports it
# carries that record typed (its ``outcome``), read back from the event's JSON form.

ShotOutcome = ShotEvent
"""A shot at one model, as the kernel resolved it (:func:`~landsraad.rules.shooting.resolve_shot`, R-SHOOT)."""
TemplateShotOutcome = TemplateShotEvent
"""A template shot: one attack roll, one result per model under it (R-TEMPLATE, RUL-19)."""
MarkerShotOutcome = MarkerShotEvent
"""A marker under an explosive blast against the shot (R-SHOOT-MARKER, PRJ-73)."""
ClashOutcome = MeleeEvent
"""A whole clash (R-TEST-CLASH, R-MELEE): its strikes, who struck first, both combatants after."""
StrikeOutcome = Strike
"""One melee blow of a clash."""
DisengageOutcome = DisengageEvent
"""A disengage test (R-DISENGAGE)."""
HealOutcome = HealEvent
"""A Medic's healing (RUL-12)."""
PoisonTickOutcome = PoisonTickEvent
"""A Will-breaker or Crippling counter going down (R-POISON, PRJ-14)."""
TestOutcome = SimpleTest
"""A simple test (R-TEST-SIMPLE): a mission action's, a hunter-seeker's."""

T = TypeVar("T")
Point = tuple[float, float]


def to_jsonable(value: object) -> Json:
    """Turn events, dataclasses, pydantic models, tuples and numpy numbers into JSON-able data."""
    # the common types first: every event's data goes through here
    if value is None or isinstance(value, (str, bool)):
        return value
    if isinstance(value, float):
        return round(float(value), 4)
    if isinstance(value, int):
        return int(value)
    kind = type(value)
    if kind is dict or kind is list or kind is tuple:
        return _container(value)
    to_dict = getattr(value, "to_dict", None)
    if to_dict is not None:
        return to_jsonable(to_dict())
    model_dump = getattr(value, "model_dump", None)
    if model_dump is not None:
        return to_jsonable(model_dump(mode="json"))
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in fields(value)}
    item = getattr(value, "item", None)
    if item is not None:  # numpy scalar
        return to_jsonable(item())
    return str(value)


def _container(value: object) -> Json:
    """A dict, list or tuple as JSON (the exact types, the ones an event's data is made of)."""
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    return str(value)


def to_json_object(data: Mapping[str, object]) -> JsonObject:
    """An event's data as a JSON object (:func:`to_jsonable` of each value)."""
    return {str(k): to_jsonable(v) for k, v in data.items()}


class GameEvent:
    """One thing that happened: ``kind`` (``roll``, ``decision``, ``move``, ``melee``, ...),
    the side and model concerned, and JSON-able ``data``. ``secret`` events (hidden rolls,
    secret choices) are revealed to the opponent only when the rules reveal them.

    Events are immutable (assigning to one raises :class:`AttributeError`) and slotted. The data
    is made JSON-able once, on its first read (a save, a typed attribute, an equality): most
    events of a game are read only when it is saved, if ever. Until then the data is kept as it
    was given; the engine never changes it after emitting.
    """

    __slots__ = ("seq", "kind", "side", "model", "secret", "_given", "_data")

    seq: int
    kind: str
    side: str | None
    model: str | None
    secret: bool
    _given: Mapping[str, object]
    _data: JsonObject | None
    """The data made JSON-able, once read (``None`` before)."""

    def __init__(self, seq: int, kind: str, side: str | None = None, model: str | None = None,
                 data: Mapping[str, object] | None = None, secret: bool = False) -> None:
        # the frozen class's own assignments, as a frozen dataclass's __init__ makes them
        init = object.__setattr__
        init(self, "seq", seq)
        init(self, "kind", kind)
        init(self, "side", side)
        init(self, "model", model)
        init(self, "secret", secret)
        init(self, "_given", data or {})
        init(self, "_data", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"A game event is immutable; cannot set {name!r}.")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"A game event is immutable; cannot delete {name!r}.")

    @property
    def data(self) -> JsonObject:
        """The event's JSON-able data (shared, not copied: treat it as read-only)."""
        data = self._data
        if data is None:
            data = to_json_object(self._given)
            object.__setattr__(self, "_data", data)
        return data

    def _key(self) -> tuple[int, str, str | None, str | None, JsonObject, bool]:
        return (self.seq, self.kind, self.side, self.model, self.data, self.secret)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, GameEvent)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.seq, self.kind, self.side, self.model, self.secret))

    def __repr__(self) -> str:
        return (f"{type(self).__qualname__}(seq={self.seq!r}, kind={self.kind!r}, side={self.side!r}, model={self.model!r}, "
                f"data={self.data!r}, secret={self.secret!r})")

    def __reduce__(self) -> tuple[type["GameEvent"], tuple[int, str, str | None, str | None, JsonObject, bool]]:
        return (type(self), self._key())

    def to_dict(self) -> JsonObject:
        """The event as JSON-able data (its ``data`` is shared, not copied: treat it as read-only)."""
        return {"seq": self.seq, "kind": self.kind, "side": self.side, "model": self.model, "data": self.data, "secret": self.secret}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_dict(cls, d: Mapping[str, object]) -> "GameEvent":
        """The event of its kind's class from :meth:`to_dict`'s data.

        Raises
        ------
        DataError
            A field of the wrong kind (a log written by hand or by another version).
        """
        seq, kind, side, model, data = d["seq"], d["kind"], d.get("side"), d.get("model"), d.get("data") or {}
        if not isinstance(seq, (int, str)) or not isinstance(side, (str, type(None))) or not isinstance(model, (str, type(None))) \
                or not isinstance(data, Mapping):
            raise DataError(message("Event {seq} ({kind}): its seq, side, model or data is not of its kind; the log was written by hand or by "
                                    "another version.", seq=str(seq)[:20], kind=str(kind)[:40]))
        return make_event(int(seq), str(kind), side, model, {str(k): v for k, v in data.items()}, bool(d.get("secret", False)))

    @classmethod
    def from_json(cls, text: str) -> "GameEvent":
        return cls.from_dict(json.loads(text))


EVENT_TYPES: dict[str, type[GameEvent]] = {}
"""The class of each event kind."""


def event_kind(kind: str) -> Callable[[type[GameEvent]], type[GameEvent]]:
    """Register ``cls`` as the class of events of ``kind`` (a decorator)."""

    def register(cls: type[GameEvent]) -> type[GameEvent]:
        EVENT_TYPES[kind] = cls
        return cls

    return register


def make_event(seq: int, kind: str, side: str | None = None, model: str | None = None, data: Mapping[str, object] | None = None,
               secret: bool = False) -> GameEvent:
    """An event of ``kind``'s own class (plain :class:`GameEvent` for a kind a newer version added)."""
    return EVENT_TYPES.get(kind, GameEvent)(seq, kind, side, model, data, secret)


class Datum(Generic[T]):
    """A typed attribute of an event class that reads ``event.data[key]`` (the attribute's name by default)."""

    def __init__(self, key: str = "") -> None:
        self.key = key

    def __set_name__(self, owner: type, name: str) -> None:
        self.key = self.key or name

    @overload
    def __get__(self, obj: None, owner: type) -> "Datum[T]": ...

    @overload
    def __get__(self, obj: GameEvent, owner: type) -> T: ...

    def __get__(self, obj: GameEvent | None, owner: type) -> "T | Datum[T]":
        if obj is None:
            return self
        return obj.data.get(self.key)  # type: ignore[return-value]


def _point(value: Json) -> Point:
    """A point saved as ``[x, y]``, as a tuple of floats."""
    if isinstance(value, list) and len(value) == 2 and isinstance(value[0], (int, float)) and isinstance(value[1], (int, float)):
        return (float(value[0]), float(value[1]))
    raise DataError(message("{value} is not a table point [x, y]; the log was written by hand or by another version.", value=str(value)[:60]))


class PointDatum(Datum["Point | None"]):
    """A table point in an event's data, as a tuple of floats (``None`` where the event has none)."""

    @overload
    def __get__(self, obj: None, owner: type) -> "PointDatum": ...

    @overload
    def __get__(self, obj: GameEvent, owner: type) -> Point | None: ...

    def __get__(self, obj: GameEvent | None, owner: type) -> "Point | None | PointDatum":
        if obj is None:
            return self
        value = obj.data.get(self.key)
        return None if value is None else _point(value)


class PathDatum(Datum[list[Point]]):
    """A path (list of table points) in an event's data."""

    @overload
    def __get__(self, obj: None, owner: type) -> "PathDatum": ...

    @overload
    def __get__(self, obj: GameEvent, owner: type) -> list[Point]: ...

    def __get__(self, obj: GameEvent | None, owner: type) -> "list[Point] | PathDatum":
        if obj is None:
            return self
        value = obj.data.get(self.key) or []
        if not isinstance(value, list):
            raise DataError(message("Event {seq} ({kind}): its {key} is not a path; the log was written by hand or by another version.",
                                    seq=obj.seq, kind=obj.kind, key=repr(self.key)))
        return [_point(p) for p in value]


R = TypeVar("R")


class Outcome(Generic[R]):
    """A typed attribute of an event class holding an outcome (a kernel record, a test, a table effect):
    ``event.data[key]`` read back into ``kind``, or None when the event has none.

    It is always read from the event's JSON form, so an event the engine just emitted and the same
    event loaded from a saved log give equal outcomes (their floats rounded alike, :func:`to_jsonable`).
    """

    def __init__(self, kind: type[R], key: str = "event") -> None:
        self.kind = kind
        self.key = key
        validate = getattr(kind, "model_validate", None)
        # a pydantic record validates its JSON form; a dataclass takes its fields
        self._load: Callable[[JsonObject], R] = validate if validate is not None else (lambda data: kind(**data))

    @overload
    def __get__(self, obj: None, owner: type) -> "Outcome[R]": ...

    @overload
    def __get__(self, obj: GameEvent, owner: type) -> R | None: ...

    def __get__(self, obj: GameEvent | None, owner: type) -> "R | None | Outcome[R]":
        if obj is None:
            return self
        value = obj.data.get(self.key)
        if value is None:
            return None
        try:
            if not isinstance(value, dict):
                raise TypeError(f"{str(value)[:40]} is not an object")
            return self._load(value)
        except (ValidationError, TypeError) as e:
            first = str(e).splitlines()[0] if str(e) else type(e).__name__
            raise DataError(message("Event {seq} ({kind}): its {key} is not a whole {type} ({why}); the log was written by hand or by another "
                                    "version.", seq=obj.seq, kind=obj.kind, key=repr(self.key), type=self.kind.__name__, why=first)) from None


# --- one class per kind --------------------------------------------------------------------------------


@event_kind("action")
class ActionChosen(GameEvent):
    """The action an active model declares at its designation, before its free move (R-ACTIVATE,
    PRJ-100); ``after_free_move``: it is legal only once the free move has been made."""

    __slots__ = ()

    action: Datum[str] = Datum()
    after_free_move: Datum[bool] = Datum()


@event_kind("action_lost")
class ActionLost(GameEvent):
    """A declared action the model cannot carry out when its turn comes (PRJ-100)."""

    __slots__ = ()

    action: Datum[str] = Datum()
    reason: Datum[str] = Datum()


@event_kind("activate")
class Activated(GameEvent):
    """A model's activation starts, with its fatigue token (R-FATIGUE-GAIN)."""

    __slots__ = ()

    activation: Datum[int] = Datum()
    fatigue: Datum[int] = Datum()
    fatigue_before: Datum[int] = Datum()


@event_kind("ambassador")
class AmbassadorPlaced(GameEvent):
    """Protection's ambassador placed on the table (PRJ-74)."""

    __slots__ = ()

    at: PointDatum = PointDatum()
    mission: Datum[str] = Datum()
    placed_by: Datum[str] = Datum()


@event_kind("bid")
class BidWon(GameEvent):
    """An Honour bid revealed and won (R-SETUP-BID)."""

    __slots__ = ()

    step: Datum[str] = Datum()
    bids: Datum[dict[str, int]] = Datum()
    winner: Datum[str] = Datum()
    tie_rolls: Datum[list[list[int]]] = Datum()


@event_kind("clash_revealed")
class ClashRevealed(GameEvent):
    """The clash's secret dice and stances revealed (R-TEST-CLASH)."""

    __slots__ = ()

    defender: Datum[str] = Datum()
    attacker_dice: Datum[list[int]] = Datum()
    defender_dice: Datum[list[int]] = Datum()
    attacker_stance: Datum[str] = Datum()
    defender_stance: Datum[str] = Datum()


@event_kind("clock")
class GameEnds(GameEvent):
    """The game ends: table time spent (R-CLOCK), or no model left on either side (PRJ-102; with the
    option ``wipeout_ends_game``, on one side)."""

    __slots__ = ()

    reason: Datum[str] = Datum()


@event_kind("decision")
class DecisionTaken(GameEvent):
    """A player's answer to a decision."""

    __slots__ = ()

    decision: Datum[str] = Datum()
    answer: Datum[Json] = Datum()


@event_kind("deploy")
class Deployed(GameEvent):
    """A model deployed at its table edge (R-DEPLOY)."""

    __slots__ = ()

    at: PointDatum = PointDatum()


@event_kind("disengage")
class Disengaged(GameEvent):
    """A disengage test resolved (R-DISENGAGE)."""

    __slots__ = ()

    opponent: Datum[str] = Datum()
    outcome: Outcome[DisengageOutcome] = Outcome(DisengageOutcome)


@event_kind("disengage_blocked")
class DisengageBlocked(GameEvent):
    """A successful disengage with no room to move (PRJ-99)."""

    __slots__ = ()

    margin_cm: Datum[float] = Datum()


@event_kind("effect_placed")
class TemplatePlaced(GameEvent):
    """A hunter-seeker or jammer template left on the table (R-FACTION)."""

    __slots__ = ()

    effect: Outcome[TableEffect] = Outcome(TableEffect, "effect")


@event_kind("end_activation")
class ActivationEnds(GameEvent):
    """An activation ends: spice expiry, recovery (R-FATIGUE-REST)."""

    __slots__ = ()

    recovered: Datum[list[str]] = Datum()
    spice_ended: Datum[bool] = Datum()
    clock_s: Datum[float] = Datum()


@event_kind("explosives")
class MarkerBlownUp(GameEvent):
    """Explosives blow up a marker in base contact (PRJ-73)."""

    __slots__ = ()

    marker: Datum[str] = Datum()


@event_kind("first_player")
class FirstPlayer(GameEvent):
    """The first player designated; the clock starts (R-FIRST)."""

    __slots__ = ()

    first: Datum[str] = Datum()
    clock_limit_s: Datum[float] = Datum()


@event_kind("flee_disengage")
class FleeDisengage(GameEvent):
    """A Will-broken model in base contact disengages as its forced move (PRJ-91, R-DISENGAGE)."""

    __slots__ = ()

    step: Datum[int] = Datum()


@event_kind("flee_blocked")
class FleeBlocked(GameEvent):
    """A Will-broken model cannot flee further (PRJ-91)."""

    __slots__ = ()

    reason: Datum[str] = Datum()


@event_kind("free_move_disengage")
class FreeMoveDisengage(GameEvent):
    """A model disengages as its free move (R-DISENGAGE, 2.3)."""

    __slots__ = ()

    when: Datum[str] = Datum()


@event_kind("game_over")
class GameOver(GameEvent):
    """The missions scored and the winner (R-MISSIONS)."""

    __slots__ = ()

    winner: Datum[str] = Datum()
    vp: Datum[dict[str, int]] = Datum()
    sheets: Datum[JsonObject] = Datum()
    activations: Datum[int] = Datum()
    clock_s: Datum[float] = Datum()
    reason: Datum[str] = Datum()


@event_kind("heal")
class Healed(GameEvent):
    """A Medic's healing test (RUL-12)."""

    __slots__ = ()

    patient: Datum[str] = Datum()
    outcome: Outcome[HealOutcome] = Outcome(HealOutcome)


@event_kind("hunter_seeker")
class SeekerStrikes(GameEvent):
    """A hunter-seeker attacks a model crossing it (R-FACTION, PRJ-97)."""

    __slots__ = ()

    effect: Datum[str] = Datum()
    test: Outcome[TestOutcome] = Outcome(TestOutcome, "test")


@event_kind("jammer_off")
class JammerOff(GameEvent):
    """A jammer's template is lifted when its bearer activates again."""

    __slots__ = ()

    effects: Datum[list[str]] = Datum()


@event_kind("marker")
class MarkerPlaced(GameEvent):
    """A mission marker placed (R-MISSIONS)."""

    __slots__ = ()

    marker: Datum[str] = Datum()
    mission: Datum[str] = Datum()
    at: PointDatum = PointDatum()
    placed_by: Datum[str] = Datum()


@event_kind("marker_no_room")
class MarkerNoRoom(GameEvent):
    """A mission marker that found no legal spot."""

    __slots__ = ()

    marker: Datum[str] = Datum()
    mission: Datum[str] = Datum()


@event_kind("marker_shot")
class MarkerShot(GameEvent):
    """A marker under an explosive blast rolls against the shot (R-SHOOT-MARKER, PRJ-73)."""

    __slots__ = ()

    marker: Datum[str] = Datum()
    outcome: Outcome[MarkerShotOutcome] = Outcome(MarkerShotOutcome)
    destroyed: Datum[bool] = Datum()


@event_kind("melee")
class Clash(GameEvent):
    """A melee resolved by the kernel (R-MELEE)."""

    __slots__ = ()

    defender: Datum[str] = Datum()
    outcome: Outcome[ClashOutcome] = Outcome(ClashOutcome)


@event_kind("mission_action")
class MissionAction(GameEvent):
    """A mission special action carried out (R-MISSIONS)."""

    __slots__ = ()

    mission: Datum[str] = Datum()
    action: Datum[str] = Datum()
    effect: Datum[str] = Datum()
    marker: Datum[str | None] = Datum()
    target: Datum[str | None] = Datum()


@event_kind("mission_action_failed")
class MissionActionFailed(GameEvent):
    """A mission special action whose test failed."""

    __slots__ = ()

    mission: Datum[str] = Datum()
    action: Datum[str] = Datum()


@event_kind("missions_count_revealed")
class MissionCountRevealed(GameEvent):
    """Imperial espionage: the opponent's number of missions told (R-FACTION)."""

    __slots__ = ()

    count: Datum[int] = Datum()
    to: Datum[str] = Datum()


@event_kind("missions_picked")
class MissionsPicked(GameEvent):
    """A player's secret, ranked mission picks (R-MISSION-PICK)."""

    __slots__ = ()

    missions: Datum[list[str]] = Datum()


@event_kind("move")
class Moved(GameEvent):
    """A model moved: free move, Move action, dodge, push, step away, flight (R-MOVE)."""

    __slots__ = ()

    how: Datum[str] = Datum("kind")
    to: PointDatum = PointDatum()
    length_cm: Datum[float] = Datum()
    path: PathDatum = PathDatum()


@event_kind("no_target")
class NoTarget(GameEvent):
    """A shot with no legal target in sight (RUL-08)."""

    __slots__ = ()

    weapon: Datum[str] = Datum()


@event_kind("out_of_action")
class Wounded(GameEvent):
    """A model put out of the game: a fatal wound or the Deadly poison (R-WOUND, PRJ-76)."""

    __slots__ = ()

    killer: Datum[str | None] = Datum()
    means: Datum[str] = Datum()
    removed: Datum[bool] = Datum()


@event_kind("pass")
class Passed(GameEvent):
    """A side passes its turn (R-ACTIVATE): ``reason`` ``voluntary`` (PRJ-101), ``no model may be
    selected`` (Crippling, 2.6.3) or ``no model left`` (PRJ-102)."""

    __slots__ = ()

    reason: Datum[str] = Datum()


@event_kind("poison_tick")
class PoisonTick(GameEvent):
    """A poison's counter drops (PRJ-14)."""

    __slots__ = ()

    outcome: Outcome[PoisonTickOutcome] = Outcome(PoisonTickOutcome)


@event_kind("rest")
class Rested(GameEvent):
    """An active model takes no action."""

    __slots__ = ()


@event_kind("roll")
class Roll(GameEvent):
    """Dice rolled (digital) or typed (physical), with who rolled them and why."""

    __slots__ = ()

    dice: Datum[list[int]] = Datum()
    why: Datum[str] = Datum()


@event_kind("setup")
class SetupStarts(GameEvent):
    """The set-up begins: the factions at the table (2.1.1)."""

    __slots__ = ()

    sides: Datum[dict[str, str]] = Datum()


@event_kind("shot")
class Shot(GameEvent):
    """A shot resolved by the kernel (R-SHOOT)."""

    __slots__ = ()

    target: Datum[str] = Datum()
    outcome: Outcome[ShotOutcome] = Outcome(ShotOutcome)


@event_kind("spice")
class SpiceConsumed(GameEvent):
    """A dose of spice consumed (R-SPICE)."""

    __slots__ = ()

    effect: Datum[str] = Datum()
    doses_left: Datum[int] = Datum()


@event_kind("template")
class TemplateAimed(GameEvent):
    """A template shot aimed, with the models and markers under it (R-TEMPLATE)."""

    __slots__ = ()

    weapon: Datum[str] = Datum()
    aim: PointDatum = PointDatum()
    under: Datum[list[str]] = Datum()
    markers: Datum[list[str]] = Datum()


@event_kind("template_shot")
class TemplateShot(GameEvent):
    """A template shot resolved by the kernel (R-TEMPLATE, RUL-19)."""

    __slots__ = ()

    targets: Datum[list[str]] = Datum()
    outcome: Outcome[TemplateShotOutcome] = Outcome(TemplateShotOutcome)


@event_kind("terrain")
class TerrainPlaced(GameEvent):
    """A terrain piece placed, or a fixed scene's terrain (R-TERRAIN)."""

    __slots__ = ()

    piece: Datum[str] = Datum()
    at: PointDatum = PointDatum()
    name: Datum[str] = Datum()
    pieces: Datum[list[str]] = Datum()
    """A fixed scene's pieces (no ``at``)."""


@event_kind("terrain_no_room")
class TerrainNoRoom(GameEvent):
    """A terrain piece that found no legal spot."""

    __slots__ = ()

    piece: Datum[str] = Datum()


@event_kind("terrain_pass")
class TerrainPass(GameEvent):
    """A player passes at terrain placement."""

    __slots__ = ()


@event_kind("test")
class ActionTested(GameEvent):
    """A simple test of a mission action (R-TEST-SIMPLE)."""

    __slots__ = ()

    action: Datum[str] = Datum()
    test: Outcome[TestOutcome] = Outcome(TestOutcome, "test")


@event_kind("treachery")
class Treachery(GameEvent):
    """Harkonnen Treachery: a mission named and the truthful answer."""

    __slots__ = ()

    named: Datum[str] = Datum()
    chosen: Datum[bool] = Datum()


def dump_log(events: Iterable[GameEvent]) -> str:
    """Events as JSON lines."""
    return "".join(e.to_json() + "\n" for e in events)


def load_log(text: str) -> list[GameEvent]:
    """Events from :func:`dump_log`'s JSON lines."""
    return [GameEvent.from_json(line) for line in text.splitlines() if line.strip()]
