"""The state of a game: table, warbands as deployed models, markers, missions, clock, turn.

Every state is a slotted frozen dataclass: the engine never mutates one, each step returns a new
one through its explicit :meth:`~GameState.replace` (and the helpers below). Pydantic stays at the
edges: :func:`state_data` and :func:`dump_state` write a state as JSON (the same JSON as when the
states were pydantic models, so saved games and snapshots load), :func:`state_from_data` and
:func:`load_state` read one back, validating every field (a :class:`pydantic.ValidationError`
names the field), and :func:`state_json_schema` publishes its JSON Schema.

What a state computes once from its fields (a model's base, the table's geometry, a menu's
answers) is kept in its memo (:class:`ModelMemo`, :class:`GameMemo`): a field of the data
structure, excluded from equality, printing and JSON, that :meth:`~ModelState.replace` carries to
the copy where the copy's fields give the same value.

Examples
--------
>>> from landsraad.engine.state import ModelState, GameState, SideState, dump_state, load_state
>>> from landsraad.model import Profile
>>> p = Profile(id="soldier", name="Soldier", cost=1, movement=10, combat=1, reflexes=0, endurance=3)
>>> m = ModelState(id="red-1", side="red", faction="x", type="soldier", name="Soldier 1", profile=p, x=5.0, y=1.5, base_mm=30)
>>> s = GameState(seed=1, sides=(SideState(side="red", faction="x"), SideState(side="blue", faction="y")), models=(m,))
>>> load_state(dump_state(s)) == s
True
>>> s.model("red-1").position
(5.0, 1.5)
>>> s.model("red-1").replace(x=7.0).position
(7.0, 1.5)
>>> s.replace(turns=3)
Traceback (most recent call last):
...
landsraad.errors.RuleError: GameState has no field 'turns'; its fields are: seed, ruleset, width, ...
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from functools import cache
from operator import attrgetter
from typing import TYPE_CHECKING, Annotated, Callable, Generic, Hashable, Iterable, Literal, Mapping, NoReturn, TypeVar

import shapely
from pydantic import ConfigDict, Field, TypeAdapter
from pydantic.json_schema import SkipJsonSchema
from pydantic_core import core_schema
from shapely.geometry import Polygon

from ..errors import GeometryError, RuleError, quoted
from ..geometry.board import DEFAULT_MODEL_HEIGHT_CM, Base, Board, Marker, TerrainPiece
from ..i18n import message
from ..missions import MissionCard
from ..model import Faction, Poison, Profile, Weapon
from ..rules.state import Combatant, WoundLevel
from ..ruleset import DEFAULT, Ruleset

if TYPE_CHECKING:
    from _typeshed import DataclassInstance
    from pydantic import GetCoreSchemaHandler

__all__ = [
    "Side",
    "SIDES",
    "other_side",
    "WoundLevel",
    "ModelMemo",
    "GameMemo",
    "ModelState",
    "MarkerState",
    "TerrainState",
    "TableEffect",
    "KillRecord",
    "SideState",
    "GameState",
    "state_data",
    "state_from_data",
    "state_json_schema",
    "dump_state",
    "load_state",
]

_T = TypeVar("_T")
_S = TypeVar("_S", bound="DataclassInstance")

Side = Literal["red", "blue"]
SIDES: tuple[Side, Side] = ("red", "blue")


def other_side(side: str) -> Side:
    """The opponent of ``side``.

    Examples
    --------
    >>> other_side("red")
    'blue'
    """
    return "blue" if side == "red" else "red"


_CONFIG = ConfigDict(extra="forbid")
"""How pydantic validates a state at the edges (:func:`state_from_data`): unknown keys are refused."""


class _Memo:
    """Base of the memos: mutable caches kept beside a frozen state's fields, never validated,
    compared, printed or written (pydantic sees an instance check, :func:`_memo_field`)."""

    __slots__ = ()

    @classmethod
    def __get_pydantic_core_schema__(cls, source: type[object], handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.is_instance_schema(cls)


class ModelMemo(_Memo):
    """What a :class:`ModelState` computes once, each slot with the fields it is computed from
    (:data:`MODEL_MEMO_INPUTS`): a copy whose changes leave those fields alone keeps it, so a move
    keeps the model's combatants and rule names, a fatigue token its base."""

    __slots__ = ("base", "rule_names", "combatants")

    def __init__(self) -> None:
        self.base: Base | None = None
        self.rule_names: tuple[tuple[Faction, ...], tuple[str, ...]] | None = None
        """The game's custom sheets the names were found with (checked by identity) and the names
        (:func:`landsraad.engine.bridge.rule_names`)."""
        self.combatants: dict[tuple[str | None, int | None, bool], tuple[tuple[Faction, ...], Weapon | None, Combatant]] | None = None
        """Per weapon id, activation fatigue and disabled shield, the game's custom sheets and the
        weapon the combatant was built with (checked by identity) and the combatant
        (:func:`landsraad.engine.bridge.combatant`)."""


MODEL_MEMO_INPUTS: Mapping[str, frozenset[str]] = {
    "base": frozenset({"id", "x", "y", "base_mm", "height_cm", "side"}),
    "rule_names": frozenset({"profile", "faction", "equipment"}),
    # what bridge._build_combatant reads of the model (jammed_by keys the memo too, through the shield)
    "combatants": frozenset({"profile", "faction", "equipment", "name", "wound", "fatigue", "poisons", "spice_doses",
                             "spice_active", "jammed_by"}),
}
"""Per slot of :class:`ModelMemo`, the fields of the model state its value is computed from; the
other things it reads (the game's custom sheets, a weapon) are checked by the memo entry itself."""


class GameMemo(_Memo):
    """What a :class:`GameState` computes once: the table's geometry, the model index, the terrain
    pieces (kept by a copy whose changes leave their fields alone) and the answers of
    :meth:`GameState.memo` (never kept: every copy starts with none)."""

    __slots__ = ("board", "index", "pieces", "answers")

    def __init__(self) -> None:
        self.board: Board | None = None
        self.index: dict[str, int] | None = None
        self.pieces: tuple[TerrainPiece, ...] | None = None
        self.answers: dict[Hashable, object] | None = None


_GEOMETRY_FIELDS = frozenset({"width", "depth", "terrain", "models", "markers", "phase"})
"""The fields :attr:`GameState.board` is built from."""


def _memo_field(factory: Callable[[], _T]) -> _T:
    """A memo slot of a state: made new by the constructor, outside equality, printing and JSON."""
    return field(default_factory=factory, init=False, repr=False, compare=False, hash=False)


class _FieldTable(Generic[_S]):
    """The init fields of a state class, for its explicit :meth:`replace`: the copy is built by the
    class's own constructor from the field values read at once (one C call), and a name that is
    not a field is refused (a typo never passes silently)."""

    def __init__(self, cls: type[_S]) -> None:
        self.cls = cls
        init = [f for f in fields(cls) if f.init]
        # positional fields first, then the keyword-only ones (GameState's ``sides``, kept in its
        # JSON place without a default), as the constructor takes them
        ordered = [f for f in init if not f.kw_only] + [f for f in init if f.kw_only]
        self.names: tuple[str, ...] = tuple(f.name for f in ordered)
        self.positional = sum(1 for f in init if not f.kw_only)
        self.index = {n: i for i, n in enumerate(self.names)}
        self.values: Callable[[_S], tuple[object, ...]] = attrgetter(*self.names)

    def copy(self, obj: _S, changes: Mapping[str, object]) -> _S:
        index = self.index
        values = list(self.values(obj))
        for name, value in changes.items():
            i = index.get(name)
            if i is None:
                self._unknown(changes)
            else:
                values[i] = value
        k = self.positional
        if k == len(values):
            return self.cls(*values)
        return self.cls(*values[:k], **dict(zip(self.names[k:], values[k:])))

    def _unknown(self, changes: Mapping[str, object]) -> NoReturn:
        name = next(n for n in changes if n not in self.index)
        raise RuleError(f"{self.cls.__name__} has no field {name!r}; its fields are: {', '.join(self.names)}.")


_MemoOfModel = Annotated[ModelMemo, Field(exclude=True), SkipJsonSchema()]
_MemoOfGame = Annotated[GameMemo, Field(exclude=True), SkipJsonSchema()]


@dataclass(frozen=True, slots=True)
class ModelState:
    """A model of a warband: its card, its kit and its state on the table."""

    __pydantic_config__ = _CONFIG

    id: str
    side: Side
    faction: str
    type: str
    name: str
    profile: Profile
    weapons: tuple[Weapon, ...] = ()
    equipment: tuple[str, ...] = ()
    spice_doses: int = 0
    base_mm: float = 30.0
    height_cm: float = DEFAULT_MODEL_HEIGHT_CM
    x: float = 0.0
    y: float = 0.0
    wound: WoundLevel = "none"
    fatigue: Annotated[int, Field(ge=0)] = 0
    poisons: tuple[Poison, ...] = ()
    """Poisons suffered now (R-POISON); for Will-breaker and Crippling ``x`` counts the activations left."""
    spice_active: bool = False
    removed: bool = False
    activations: int = 0
    carrying: str | None = None
    ambassador: bool = False
    captured: bool = False
    jammed_by: str | None = None
    deployed: bool = True
    """During set-up, whether it has been put on the table: recruited models wait off the table
    until their deployment (R-DEPLOY). Once play starts every model is on the table, whatever
    this says (a drill or a scene places its models directly)."""
    cache: _MemoOfModel = _memo_field(ModelMemo)
    """What this state computes once (:class:`ModelMemo`)."""

    def to_dict(self) -> dict[str, object]:
        """The state as JSON-able data (what :func:`state_data` writes of it; events carry it so)."""
        return _data_of(self)

    def replace(self, **changes: object) -> ModelState:
        """A copy with ``changes`` to its fields; it keeps the memo entries those changes leave valid
        (:data:`MODEL_MEMO_INPUTS`).

        Raises
        ------
        RuleError
            When a name is not a field.
        """
        copied = _MODEL_FIELDS.copy(self, changes)
        mine, theirs = self.cache, copied.cache
        if mine.base is not None and _BASE_INPUTS.isdisjoint(changes):
            theirs.base = mine.base
        if mine.rule_names is not None and _RULE_INPUTS.isdisjoint(changes):
            theirs.rule_names = mine.rule_names
        if mine.combatants is not None and _COMBATANT_INPUTS.isdisjoint(changes):
            theirs.combatants = mine.combatants  # shared: every entry holds for both (same inputs)
        return copied

    @property
    def position(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def on_table(self) -> bool:
        """Whether the base is on the table (fatal wounds remove it; Deadly does not, R-POISON)."""
        return not self.removed

    def has_poison(self, kind: str) -> bool:
        # most models have none: no generator to build for them
        return bool(self.poisons) and any(p.kind == kind for p in self.poisons)

    @property
    def out_of_action(self) -> bool:
        """Removed, or struck by the Deadly poison: it stays on the table but never acts again."""
        return self.removed or (bool(self.poisons) and any(p.kind == "deadly" for p in self.poisons))

    def base(self) -> Base:
        """The base as geometry (built once per model state and kept by copies that leave it alone:
        boards are rebuilt after every step)."""
        base = self.cache.base
        if base is None:
            base = self.cache.base = Base(self.id, self.x, self.y, self.base_mm, self.height_cm, self.side)
        return base


_MODEL_FIELDS = _FieldTable(ModelState)
_BASE_INPUTS = MODEL_MEMO_INPUTS["base"]
_RULE_INPUTS = MODEL_MEMO_INPUTS["rule_names"]
_COMBATANT_INPUTS = MODEL_MEMO_INPUTS["combatants"]


class _GeometryMemo(_Memo):
    """The geometry of a marker, terrain piece or table effect state, built on first use."""

    __slots__ = ("shape",)

    def __init__(self) -> None:
        self.shape: Marker | TerrainPiece | Polygon | None = None


_MemoOfShape = Annotated[_GeometryMemo, Field(exclude=True), SkipJsonSchema()]


@dataclass(frozen=True, slots=True)
class MarkerState:
    """An objective marker (R-MISSIONS): a 30 or 50 mm token of one side's mission."""

    __pydantic_config__ = _CONFIG

    id: str
    owner: Side
    mission: str
    x: float
    y: float
    size_mm: float = 30.0
    destroyed: bool = False
    carried_by: str | None = None
    activated: bool = False
    delivered: bool = False
    placed_by: Side | None = None
    cache: _MemoOfShape = _memo_field(_GeometryMemo)

    def to_dict(self) -> dict[str, object]:
        """The state as JSON-able data (what :func:`state_data` writes of it; events carry it so)."""
        return _data_of(self)

    def replace(self, **changes: object) -> MarkerState:
        """A copy with ``changes`` to its fields (a :class:`RuleError` for a name that is not one)."""
        return _MARKER_FIELDS.copy(self, changes)

    @property
    def on_table(self) -> bool:
        """Lying on the table: not destroyed, not carried, not delivered."""
        return not (self.destroyed or self.delivered or self.carried_by)

    def marker(self) -> Marker:
        """The marker as geometry (built once per marker state: boards are rebuilt after every step)."""
        shape = self.cache.shape
        if not isinstance(shape, Marker):
            shape = self.cache.shape = Marker(self.id, self.x, self.y, self.size_mm, self.owner)
        return shape


_MARKER_FIELDS = _FieldTable(MarkerState)


@dataclass(frozen=True, slots=True)
class TerrainState:
    """A terrain piece as placed."""

    __pydantic_config__ = _CONFIG

    id: str
    polygon: tuple[tuple[float, float], ...]
    height_cm: float = 0.0
    movement: Literal["blocked", "difficult", "open"] = "blocked"
    cache: _MemoOfShape = _memo_field(_GeometryMemo)

    def to_dict(self) -> dict[str, object]:
        """The state as JSON-able data (what :func:`state_data` writes of it; events carry it so)."""
        return _data_of(self)

    def replace(self, **changes: object) -> TerrainState:
        """A copy with ``changes`` to its fields (a :class:`RuleError` for a name that is not one)."""
        return _TERRAIN_FIELDS.copy(self, changes)

    def piece(self) -> TerrainPiece:
        """The piece as geometry (one object per state piece, so its shapes and hash are built once)."""
        shape = self.cache.shape
        if not isinstance(shape, TerrainPiece):
            shape = self.cache.shape = TerrainPiece(self.id, self.polygon, self.height_cm, self.movement)
        return shape


_TERRAIN_FIELDS = _FieldTable(TerrainState)


@dataclass(frozen=True, slots=True)
class TableEffect:
    """A template left on the table by an action: a hunter-seeker or a jammer."""

    __pydantic_config__ = _CONFIG

    id: str
    kind: Literal["hunter_seeker", "jammer"]
    owner: Side
    by: str
    x: float
    y: float
    radius_cm: float = 5.0
    cache: _MemoOfShape = _memo_field(_GeometryMemo)

    def to_dict(self) -> dict[str, object]:
        """The state as JSON-able data (what :func:`state_data` writes of it; events carry it so)."""
        return _data_of(self)

    def replace(self, **changes: object) -> TableEffect:
        """A copy with ``changes`` to its fields (a :class:`RuleError` for a name that is not one)."""
        return _EFFECT_FIELDS.copy(self, changes)

    def template(self) -> Polygon:
        """The template on the table as geometry: a disc of ``radius_cm`` (built once per effect
        state: every move asks whether it crosses it)."""
        shape = self.cache.shape
        if not isinstance(shape, Polygon):
            shape = self.cache.shape = shapely.Point(self.x, self.y).buffer(self.radius_cm)
        return shape


_EFFECT_FIELDS = _FieldTable(TableEffect)


@dataclass(frozen=True, slots=True)
class KillRecord:
    """A model that suffered a fatal wound or the Deadly poison (PRJ-76), and what did it."""

    __pydantic_config__ = _CONFIG

    order: int
    victim: str
    victim_side: Side
    killer: str | None = None
    killer_side: Side | None = None
    means: str = ""

    def to_dict(self) -> dict[str, object]:
        """The state as JSON-able data (what :func:`state_data` writes of it; events carry it so)."""
        return _data_of(self)

    def replace(self, **changes: object) -> KillRecord:
        """A copy with ``changes`` to its fields (a :class:`RuleError` for a name that is not one)."""
        return _KILL_FIELDS.copy(self, changes)


_KILL_FIELDS = _FieldTable(KillRecord)


@dataclass(frozen=True, slots=True)
class SideState:
    """One player: faction, warband, Honour left, secret missions (ranked) and table edge."""

    __pydantic_config__ = _CONFIG

    side: Side
    faction: str
    warband: str = ""
    player: str = ""
    honour: int = 0
    missions: tuple[str, ...] = ()
    edge: Literal["south", "north", "west", "east"] = "south"
    passes: int = 0

    def to_dict(self) -> dict[str, object]:
        """The state as JSON-able data (what :func:`state_data` writes of it; events carry it so)."""
        return _data_of(self)

    def replace(self, **changes: object) -> SideState:
        """A copy with ``changes`` to its fields (a :class:`RuleError` for a name that is not one)."""
        return _SIDE_FIELDS.copy(self, changes)


_SIDE_FIELDS = _FieldTable(SideState)


Phase = Literal["setup", "play", "over"]

_MISSING = object()
"""What a memo holds for a question not asked yet (an answer may be ``None``)."""


@dataclass(frozen=True, slots=True)
class GameState:
    """The whole game at one moment.

    ``to_act`` is the side whose turn it is; ``activation`` counts activations played.
    ``clock_s`` is the table time spent since the first player was designated (R-CLOCK).
    """

    __pydantic_config__ = _CONFIG

    seed: int | None = None
    """The seed the game's generator started from; ``None`` in a side's view (:meth:`Game.view`)."""
    ruleset: Ruleset = DEFAULT
    width: float = 60.0
    depth: float = 60.0
    terrain: tuple[TerrainState, ...] = ()
    sides: tuple[SideState, SideState] = field(kw_only=True)
    """Red's and blue's (a keyword of the constructor: it has no default, and keeps its place in the JSON)."""
    models: tuple[ModelState, ...] = ()
    markers: tuple[MarkerState, ...] = ()
    effects: tuple[TableEffect, ...] = ()
    phase: Phase = "setup"
    first: Side | None = None
    to_act: Side = "red"
    activation: int = 0
    active: str | None = None
    """The model whose activation is under way (``None`` between activations)."""
    active_held: int = 0
    """The fatigue tokens the active model held before this activation's token: its malus (R-FATIGUE-MALUS, RUL-05)."""
    clock_s: float = 0.0
    clock_limit_s: float = 2700.0
    kills: tuple[KillRecord, ...] = ()
    flags: tuple[tuple[str, str, str], ...] = ()
    custom_factions: tuple[Faction, ...] = ()
    """Faction sheets that are not bundled (a Minor House, a home-made sheet): they override a bundled id."""
    custom_missions: tuple[MissionCard, ...] = ()
    """Mission cards that are not bundled: they join (or override) the bundled cards."""
    cache: _MemoOfGame = _memo_field(GameMemo)
    """What this state computes once (:class:`GameMemo`; :meth:`memo` asks it)."""

    # --- lookups ---------------------------------------------------------------------------

    def _model_index(self) -> dict[str, int]:
        index = self.cache.index
        if index is None:
            index = self.cache.index = {m.id: i for i, m in enumerate(self.models)}
        return index

    def model(self, model_id: str) -> ModelState:
        """The model ``model_id``; a :class:`RuleError` lists the valid ids otherwise."""
        index = self.cache.index
        if index is None:
            index = self._model_index()
        try:
            return self.models[index[model_id]]
        except KeyError:
            raise RuleError(message("There is no model {model} in this game; the models are: {models}.", model=quoted(model_id),
                                    models=", ".join(index))) from None

    def side_state(self, side: str) -> SideState:
        return self.sides[0] if self.sides[0].side == side else self.sides[1]

    def models_of(self, side: str, *, active_only: bool = True) -> tuple[ModelState, ...]:
        """Models of ``side`` still in the game (not removed, not Deadly-poisoned, not the ambassador)."""
        # a list built then made a tuple: asked several times an activation, and a generator
        # fed to tuple() costs a resumption per model
        if active_only:
            return tuple([m for m in self.models if m.side == side and not m.out_of_action and not m.ambassador])
        return tuple([m for m in self.models if m.side == side])

    def has_models(self, side: str) -> bool:
        """Whether :meth:`models_of` ``side`` holds a model (the same test, without building the tuple:
        asked after every activation, PRJ-93)."""
        return any(m.side == side and not m.out_of_action and not m.ambassador for m in self.models)

    def enemies_of(self, model_id: str) -> tuple[ModelState, ...]:
        """Enemy models on the table (Deadly-poisoned ones are out of action but their bases stay).

        Asked by the menus, the contact tests and the move suggestions on the same state: found
        once per state and side (:meth:`memo`)."""
        side = self.model(model_id).side
        # a list built then made a tuple, as in models_of: no generator resumed per model
        return self.memo(("enemies_of", side), lambda: tuple([m for m in self.models if m.side != side and not m.out_of_action]))

    def marker(self, marker_id: str) -> MarkerState:
        for m in self.markers:
            if m.id == marker_id:
                return m
        raise RuleError(message("There is no marker {marker}; the markers are: {markers}.", marker=repr(marker_id),
                                markers=", ".join(m.id for m in self.markers) or message("(none)")))

    def _pieces(self) -> tuple[TerrainPiece, ...]:
        """The terrain as geometry: one tuple shared by every board of the states that have this
        terrain (a copy keeps it, :meth:`replace`), so the geometry's caches find it by identity."""
        pieces = self.cache.pieces
        if pieces is None:
            pieces = self.cache.pieces = tuple(t.piece() for t in self.terrain)
        return pieces

    @property
    def board(self) -> Board:
        """The table as geometry: every base still on the table, terrain, markers on the ground
        (built once per state, and kept by copies that leave its fields alone)."""
        board = self.cache.board
        if board is None:
            board = self.cache.board = Board(
                width=self.width,
                depth=self.depth,
                terrain=self._pieces(),
                bases=tuple(m.base() for m in self.models if _on_table(m, self.phase)),
                markers=tuple(k.marker() for k in self.markers if k.on_table),
            )
        return board

    def memo(self, key: Hashable, compute: Callable[[], _T]) -> _T:
        """``compute()``, computed once per state object and ``key``.

        For what the engine asks several times between two changes (a menu's contact test, the
        models a side may select): a state never changes, and every copy starts with no answers
        (:meth:`replace`), so an answer is never read from a state it was not computed on.
        ``key`` must name the question and every argument ``compute`` reads besides the state.
        """
        answers = self.cache.answers
        if answers is None:
            answers = self.cache.answers = {}
        value = answers.get(key, _MISSING)  # no KeyError raised and caught at each first question of a state
        if value is _MISSING:
            value = answers[key] = compute()
        return value  # type: ignore[return-value]  # the entry of ``key`` is what ``compute`` returned for it

    def flag(self, side: str, key: str) -> str | None:
        """A mission counter the engine keeps for ``side`` (see :mod:`landsraad.engine.view`)."""
        value = None
        for s, k, v in self.flags:
            if s == side and k == key:
                value = v
        return value

    # --- immutable updates -------------------------------------------------------------------

    def to_dict(self) -> dict[str, object]:
        """The state as JSON-able data (:func:`state_data`)."""
        return state_data(self)

    def replace(self, **changes: object) -> GameState:
        """A copy with ``changes`` to its fields.

        The copy keeps the table's geometry (:attr:`board`), the model index and the terrain
        pieces when ``changes`` leave their fields alone (a clock tick, a flag, a side's Honour),
        so the geometry's caches keyed on the board are not rebuilt for nothing; never the answers
        of :meth:`memo`.

        Raises
        ------
        RuleError
            When a name is not a field.
        """
        copied = _GAME_FIELDS.copy(self, changes)
        mine, theirs = self.cache, copied.cache
        if mine.board is not None and _GEOMETRY_FIELDS.isdisjoint(changes):
            theirs.board = mine.board
        if "models" not in changes:
            theirs.index = mine.index
        if "terrain" not in changes:
            theirs.pieces = mine.pieces
        return copied

    def with_model(self, model: ModelState, **changes: object) -> GameState:
        """The state with ``model`` replacing the model of the same id (and ``changes`` to its other fields)."""
        return self.with_models((model,), **changes)

    def with_models(self, models: Iterable[ModelState], **changes: object) -> GameState:
        """The state with each of ``models`` replacing the model of the same id, and ``changes`` to
        its other fields, in one copy: a step that changes several models and the turn's fields
        builds one new state, not one per change (the result is the one the changes made one
        after the other give)."""
        if "models" in changes:
            raise RuleError("with_models replaces models by id; 'models' is not one of its other changes.")
        index = self._model_index()
        new = list(self.models)
        replaced: list[tuple[ModelState, ModelState]] = []
        for model in models:
            i = index.get(model.id)
            if i is None:
                raise GeometryError(f"There is no model {model.id!r} to update.")
            replaced.append((new[i], model))
            new[i] = model
        board = self.cache.board
        if board is not None and not _GEOMETRY_FIELDS.isdisjoint(changes):
            board = None
        changes["models"] = tuple(new)  # the keyword arguments' own dict
        copied = _GAME_FIELDS.copy(self, changes)
        mine, theirs = self.cache, copied.cache
        theirs.index = index  # same ids in the same order
        if "terrain" not in changes:
            theirs.pieces = mine.pieces
        if board is not None:
            phase = self.phase
            for old, model in replaced:
                if _same_footprint(old, model, phase):
                    continue  # wounds, fatigue, poisons: the same table
                if _on_table(old, phase) and _on_table(model, phase):
                    # a move: the same table with that base replaced where it was (models keep their
                    # order, so this is the board the copy would build, without a walk over every model)
                    board = board.with_base(model.base())
                else:
                    board = None  # a base comes or goes: the copy builds its board when asked
                    break
            theirs.board = board
        return copied

    def update_model(self, model_id: str, **changes: object) -> GameState:
        return self.with_model(self.model(model_id).replace(**changes))

    def with_marker(self, marker: MarkerState) -> GameState:
        return self.replace(markers=tuple(marker if m.id == marker.id else m for m in self.markers))

    def with_side(self, side: SideState) -> GameState:
        return self.replace(sides=tuple(side if s.side == side.side else s for s in self.sides))

    def with_flag(self, side: str, key: str, value: str) -> GameState:
        return self.replace(flags=self.flags + ((side, key, value),))


_GAME_FIELDS = _FieldTable(GameState)


def _on_table(m: ModelState, phase: str) -> bool:
    """Whether the board holds the model's base: not removed, and deployed or in play (R-DEPLOY)."""
    return not m.removed and (m.deployed or phase != "setup")


def _same_footprint(old: ModelState, new: ModelState, phase: str) -> bool:
    """Whether the board holds the same of ``old`` and ``new`` (:func:`_footprint`).

    Said at once when ``new`` is ``old``, or a copy that kept ``old``'s base (a copy keeps it only
    when its changes leave the base's fields alone, :data:`MODEL_MEMO_INPUTS`) and whose
    ``removed`` and ``deployed`` are ``old``'s (so it is on the table exactly when ``old`` is)."""
    if old is new:
        return True
    base = old.cache.base
    if base is not None and base is new.cache.base and old.removed == new.removed and old.deployed == new.deployed:
        return True
    return _footprint(old, phase) == _footprint(new, phase)


def _footprint(m: ModelState, phase: str) -> tuple[object, ...]:
    """What of a model the board holds: its base where it stands, or nothing when off the table."""
    return (m.id, m.x, m.y, m.base_mm, m.height_cm, m.side) if _on_table(m, phase) else (m.id, False)


# --- the edges: JSON and validation -----------------------------------------------------------


_ADAPTERS: dict[type[object], TypeAdapter[object]] = {}
"""The pydantic adapter over each state class, built on first use (:func:`_data_of`)."""


def _data_of(state: object) -> dict[str, object]:
    kind = type(state)
    adapter = _ADAPTERS.get(kind)
    if adapter is None:
        adapter = _ADAPTERS[kind] = TypeAdapter(kind)
    data: dict[str, object] = adapter.dump_python(state, mode="json")
    return data


@cache
def _adapter() -> TypeAdapter[GameState]:
    """The pydantic adapter over the state dataclasses (built on first use: it builds the content
    models' schemas too)."""
    return TypeAdapter(GameState)


def state_data(state: GameState) -> dict[str, object]:
    """The state as JSON-able data (the keys and values the pydantic states wrote)."""
    data: dict[str, object] = _adapter().dump_python(state, mode="json")
    return data


def state_from_data(data: object) -> GameState:
    """The state that :func:`state_data` wrote, every field validated.

    Raises
    ------
    pydantic.ValidationError
        When a field is missing, unknown or of a wrong value (the error names where).
    """
    return _adapter().validate_python(data)


def state_json_schema() -> dict[str, object]:
    """The JSON Schema of a state as :func:`state_data` writes it."""
    return _adapter().json_schema()


def dump_state(state: GameState) -> str:
    """The state as JSON text."""
    return _adapter().dump_json(state).decode()


def load_state(text: str | bytes) -> GameState:
    """A state from :func:`dump_state`'s JSON (validated: :func:`state_from_data`)."""
    return state_from_data(json.loads(text))
