"""The state of a game: table, warbands as deployed models, markers, missions, clock, turn.

Everything is a frozen pydantic model, so a state serialises to JSON and loads back equal
(:func:`dump_state`, :func:`load_state`). The engine never mutates a state: each step
returns a new one (``state.model_copy(update=...)`` through the helpers below).

Examples
--------
>>> from landsraad.engine.state import ModelState, GameState, SideState, dump_state, load_state
>>> from landsraad.model import Profile
>>> p = Profile(id="soldier", name="Soldier", cost=1, movement=10, combat=1, reflexes=0, endurance=3)
>>> m = ModelState(id="red-1", side="red", faction="x", type="soldier", name="Soldier 1", profile=p, x=5, y=1.5, base_mm=30)
>>> s = GameState(seed=1, sides=(SideState(side="red", faction="x"), SideState(side="blue", faction="y")), models=(m,))
>>> load_state(dump_state(s)) == s
True
>>> s.model("red-1").position
(5.0, 1.5)
"""

from __future__ import annotations

import json
from typing import Any, Callable, ClassVar, Iterable, Literal, Mapping, TypeVar

import shapely
from pydantic import ConfigDict, Field
from shapely.geometry import Polygon

from ..errors import GeometryError, RuleError, quoted
from ..geometry.board import DEFAULT_MODEL_HEIGHT_CM, Base, Board, Marker, TerrainPiece, cached_property
from ..missions import MissionCard
from ..model import Faction, Frozen, Poison, Profile, Weapon
from ..rules.state import WoundLevel
from ..ruleset import DEFAULT, Ruleset

__all__ = [
    "Side",
    "SIDES",
    "other_side",
    "WoundLevel",
    "ModelState",
    "MarkerState",
    "TerrainState",
    "TableEffect",
    "KillRecord",
    "SideState",
    "GameState",
    "dump_state",
    "load_state",
]

_T = TypeVar("_T")

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


_CACHED = ConfigDict(ignored_types=(cached_property,))
"""The configuration of the states with cached properties (merged with :class:`Frozen`'s): pydantic
lets the lock-free :class:`~landsraad.geometry.board.cached_property` stand as it does
functools' (a game reads thousands of these values once each; functools' takes a lock for each)."""


MODEL_MEMO_INPUTS: dict[str, frozenset[str]] = {
    "out_of_action": frozenset({"removed", "poisons"}),
    "_base": frozenset({"id", "x", "y", "base_mm", "height_cm", "side"}),
}
"""Per value a model state keeps beside its fields (its cached properties, the memos other modules
keep there and add here: :mod:`landsraad.engine.bridge`), the fields it is computed from; the
other things it reads (the game's custom sheets, a weapon) key the memo itself. A copy whose
update sets none of those fields keeps the value (:attr:`Frozen._kept_on_copy
<landsraad.model.Frozen._kept_on_copy>`): a move keeps the model's combatants and rule names,
a fatigue token its base, so they are not built again for an equal answer."""


class ModelState(Frozen):
    """A model of a warband: its card, its kit and its state on the table."""

    model_config = _CACHED
    _kept_on_copy: ClassVar[Mapping[str, frozenset[str]]] = MODEL_MEMO_INPUTS

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
    fatigue: int = Field(0, ge=0)
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

    @cached_property
    def out_of_action(self) -> bool:
        """Removed, or struck by the Deadly poison: it stays on the table but never acts again.

        Cached: asked for every model at every menu, and a model state never changes."""
        return self.removed or self.has_poison("deadly")

    def base(self) -> Base:
        """The base as geometry (built once per model state: boards are rebuilt after every step)."""
        return self._base

    @cached_property
    def _base(self) -> Base:
        return Base(self.id, self.x, self.y, self.base_mm, self.height_cm, self.side)


class MarkerState(Frozen):
    """An objective marker (R-MISSIONS): a 30 or 50 mm token of one side's mission."""

    model_config = _CACHED

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

    @property
    def on_table(self) -> bool:
        """Lying on the table: not destroyed, not carried, not delivered."""
        return not (self.destroyed or self.delivered or self.carried_by)

    def marker(self) -> Marker:
        """The marker as geometry (built once per marker state: boards are rebuilt after every step)."""
        return self._marker

    @cached_property
    def _marker(self) -> Marker:
        return Marker(self.id, self.x, self.y, self.size_mm, self.owner)


class TerrainState(Frozen):
    """A terrain piece as placed."""

    model_config = _CACHED

    id: str
    polygon: tuple[tuple[float, float], ...]
    height_cm: float = 0.0
    movement: Literal["blocked", "difficult", "open"] = "blocked"

    def piece(self) -> TerrainPiece:
        """The piece as geometry (one object per state piece, so its shapes and hash are built once)."""
        return self._piece

    @cached_property
    def _piece(self) -> TerrainPiece:
        return TerrainPiece(self.id, self.polygon, self.height_cm, self.movement)


class TableEffect(Frozen):
    """A template left on the table by an action: a hunter-seeker or a jammer."""

    model_config = _CACHED

    id: str
    kind: Literal["hunter_seeker", "jammer"]
    owner: Side
    by: str
    x: float
    y: float
    radius_cm: float = 5.0

    def template(self) -> Polygon:
        """The template on the table as geometry: a disc of ``radius_cm`` (built once per effect
        state: every move asks whether it crosses it)."""
        return self._template

    @cached_property
    def _template(self) -> Polygon:
        return shapely.Point(self.x, self.y).buffer(self.radius_cm)


class KillRecord(Frozen):
    """A model that suffered a fatal wound or the Deadly poison (PRJ-76), and what did it."""

    order: int
    victim: str
    victim_side: Side
    killer: str | None = None
    killer_side: Side | None = None
    means: str = ""


class SideState(Frozen):
    """One player: faction, warband, Honour left, secret missions (ranked) and table edge."""

    side: Side
    faction: str
    warband: str = ""
    player: str = ""
    honour: int = 0
    missions: tuple[str, ...] = ()
    edge: Literal["south", "north", "west", "east"] = "south"
    passes: int = 0


Phase = Literal["setup", "play", "over"]


_GEOMETRY_FIELDS = frozenset({"width", "depth", "terrain", "models", "markers", "phase"})
"""The fields :attr:`GameState.board` is built from."""


class GameState(Frozen):
    """The whole game at one moment.

    ``to_act`` is the side whose turn it is; ``activation`` counts activations played.
    ``clock_s`` is the table time spent since the first player was designated (R-CLOCK).
    """

    model_config = _CACHED
    _kept_on_copy: ClassVar[Mapping[str, frozenset[str]]] = {
        "board": _GEOMETRY_FIELDS, "_model_index": frozenset({"models"}), "_pieces": frozenset({"terrain"})}
    """A copy keeps the table's geometry (:attr:`board`), the model index and the terrain pieces
    when its update leaves them as they are (a clock tick, a flag, a side's Honour), so the
    geometry's caches keyed on the board are not rebuilt for nothing; never the memo."""

    seed: int | None = None
    """The seed the game's generator started from; ``None`` in a side's view (:meth:`Game.view`)."""
    ruleset: Ruleset = DEFAULT
    width: float = 60.0
    depth: float = 60.0
    terrain: tuple[TerrainState, ...] = ()
    sides: tuple[SideState, SideState]
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
    kills: tuple["KillRecord", ...] = ()
    flags: tuple[tuple[str, str, str], ...] = ()
    custom_factions: tuple[Faction, ...] = ()
    """Faction sheets that are not bundled (a Minor House, a home-made sheet): they override a bundled id."""
    custom_missions: tuple[MissionCard, ...] = ()
    """Mission cards that are not bundled: they join (or override) the bundled cards."""

    # --- lookups ---------------------------------------------------------------------------

    @cached_property
    def _model_index(self) -> dict[str, int]:
        return {m.id: i for i, m in enumerate(self.models)}

    def model(self, model_id: str) -> ModelState:
        """The model ``model_id``; a :class:`RuleError` lists the valid ids otherwise."""
        # asked some 3,500 times a game: the fields read from the instance dict, one pass through
        # pydantic's attribute hook instead of two (the index is there once built, or kept on copy)
        own = self.__dict__
        index = own.get("_model_index")
        if index is None:
            index = self._model_index
        try:
            return own["models"][index[model_id]]
        except KeyError:
            raise RuleError(f"There is no model {quoted(model_id)} in this game; the models are: {', '.join(self._model_index)}.") from None

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
        raise RuleError(f"There is no marker {marker_id!r}; the markers are: {', '.join(m.id for m in self.markers) or '(none)'}.")

    @cached_property
    def _pieces(self) -> tuple[TerrainPiece, ...]:
        """The terrain as geometry: one tuple shared by every board of the states that have this
        terrain (a copy keeps it, :attr:`_kept_on_copy`), so the geometry's caches find it by identity."""
        return tuple(t.piece() for t in self.terrain)

    @cached_property
    def board(self) -> Board:
        """The table as geometry: every base still on the table, terrain, markers on the ground."""
        return Board(
            width=self.width,
            depth=self.depth,
            terrain=self._pieces,
            bases=tuple(m.base() for m in self.models if _on_table(m, self.phase)),
            markers=tuple(k.marker() for k in self.markers if k.on_table),
        )

    def memo(self, key: tuple[Any, ...], compute: Callable[[], _T]) -> _T:
        """``compute()``, computed once per state object and ``key``.

        For what the engine asks several times between two changes (a menu's contact test, the
        models a side may select): a state never changes, and every copy starts with no memo
        (:meth:`model_copy`), so an answer is never read from a state it was not computed on.
        ``key`` must name the question and every argument ``compute`` reads besides the state.
        """
        memo = self.__dict__.get(_MEMO)
        if memo is None:
            memo = self.__dict__[_MEMO] = {}
        value = memo.get(key, _MISSING)  # no KeyError raised and caught at each first question of a state
        if value is _MISSING:
            value = memo[key] = compute()
        return value

    def flag(self, side: str, key: str) -> str | None:
        """A mission counter the engine keeps for ``side`` (see :mod:`landsraad.engine.view`)."""
        value = None
        for s, k, v in self.flags:
            if s == side and k == key:
                value = v
        return value

    # --- immutable updates -------------------------------------------------------------------

    def with_model(self, model: ModelState, **changes: Any) -> "GameState":
        """The state with ``model`` replacing the model of the same id (and ``changes`` to its other fields)."""
        return self.with_models((model,), **changes)

    def with_models(self, models: Iterable[ModelState], **changes: Any) -> "GameState":
        """The state with each of ``models`` replacing the model of the same id, and ``changes`` to
        its other fields, in one copy: a step that changes several models and the turn's fields
        builds one new state, not one per change (the result is the one the changes made one
        after the other give)."""
        if "models" in changes:
            raise RuleError("with_models replaces models by id; 'models' is not one of its other changes.")
        own = self.__dict__  # the fields read from the instance dict: pydantic's attribute hook is slow
        index = self._model_index
        new = list(own["models"])
        replaced: list[tuple[ModelState, ModelState]] = []
        for model in models:
            i = index.get(model.id)
            if i is None:
                raise GeometryError(f"There is no model {model.id!r} to update.")
            replaced.append((new[i], model))
            new[i] = model
        board = own.get("board")
        if board is not None and not _GEOMETRY_FIELDS.isdisjoint(changes):
            board = None
        changes["models"] = tuple(new)  # the keyword arguments' own dict
        copied = self.model_copy(update=changes)
        copied.__dict__["_model_index"] = index  # same ids in the same order
        if board is not None:
            phase = own["phase"]
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
            if board is not None:
                copied.__dict__["board"] = board
        return copied

    def update_model(self, model_id: str, **changes: Any) -> "GameState":
        return self.with_model(self.model(model_id).model_copy(update=changes))

    def with_marker(self, marker: MarkerState) -> "GameState":
        return self.model_copy(update={"markers": tuple(marker if m.id == marker.id else m for m in self.markers)})

    def with_side(self, side: SideState) -> "GameState":
        return self.model_copy(update={"sides": tuple(side if s.side == side.side else s for s in self.sides)})

    def with_flag(self, side: str, key: str, value: str) -> "GameState":
        return self.model_copy(update={"flags": self.flags + ((side, key, value),)})

    def replace(self, **changes: Any) -> "GameState":
        return self.model_copy(update=changes)


_MEMO = "_memo"
"""The key of a state's memo (:meth:`GameState.memo`) in its ``__dict__``, beside its fields."""

_MISSING: Any = object()
"""What a memo holds for a question not asked yet (an answer may be ``None``)."""


def _on_table(m: ModelState, phase: str) -> bool:
    """Whether the board holds the model's base: not removed, and deployed or in play (R-DEPLOY)."""
    return not m.removed and (m.deployed or phase != "setup")


def _same_footprint(old: ModelState, new: ModelState, phase: str) -> bool:
    """Whether the board holds the same of ``old`` and ``new`` (:func:`_footprint`).

    Said at once when ``new`` is ``old``, or a copy that kept ``old``'s base (a copy keeps it only
    when its update leaves the base's fields alone, :data:`MODEL_MEMO_INPUTS`) and whose
    ``removed`` and ``deployed`` are ``old``'s (so it is on the table exactly when ``old`` is)."""
    if old is new:
        return True
    o, n = old.__dict__, new.__dict__
    base = o.get("_base")
    if base is not None and base is n.get("_base") and o["removed"] == n["removed"] and o["deployed"] == n["deployed"]:
        return True
    return _footprint(old, phase) == _footprint(new, phase)


def _footprint(m: ModelState, phase: str) -> tuple[Any, ...]:
    """What of a model the board holds: its base where it stands, or nothing when off the table."""
    return (m.id, m.x, m.y, m.base_mm, m.height_cm, m.side) if _on_table(m, phase) else (m.id, False)


def dump_state(state: GameState) -> str:
    """The state as JSON text."""
    return state.model_dump_json()


def load_state(text: str | bytes) -> GameState:
    """A state from :func:`dump_state`'s JSON."""
    return GameState.model_validate(json.loads(text))
