"""Mission cards (R-MISSIONS): the card model, loading, scoring, and the registry of evaluators.

Each mission is a card in ``missions/<id>.yaml``, validated into a frozen
:class:`MissionCard`: its names (English and the rulebook's French), whether it is canon,
who may pick it (:class:`Restriction`), the markers it uses (:class:`MarkerSpec`: count,
30 or 50 mm, who places them and where), its set-up and special rules, the special actions
it grants (:class:`SpecialAction`, which the engine offers), its success and failure
conditions (:class:`Condition`: a text and the name of an evaluator) and its victory-point
values by rank 1-6 (:class:`ValueTable`).

Scoring follows R-MISSIONS: a player secretly picks 1 to 6 missions and ranks them; at the
end each picked mission scores its success value for its rank, or its failure value, or 0
when neither condition holds (PRJ-77). :func:`score` builds a :class:`ScoreSheet`,
:func:`compare` names the winner.

Evaluators decide a mission at the end of the game from a read-only :class:`MissionView` of
the game, which the engine implements; they are registered by name in :data:`EVALUATORS`.
:func:`evaluate` runs a card's success evaluator, then (if it did not succeed) its failure
evaluator.

Examples
--------
The rulebook's scoring example (section 3):

>>> first = score(["spice_theft", "protection", "assassination", "territory", "occupation", "activation"],
...               {"spice_theft": False, "protection": True, "assassination": False,
...                "territory": True, "occupation": True, "activation": True})
>>> [line.points for line in first.lines], first.total
([-5, 3, -1, 6, 4, 3], 10)
>>> second = score(["treachery", "infiltration", "assassination"],
...                {"treachery": True, "infiltration": True, "assassination": True})
>>> second.total, compare(first, second) is second
(14, True)
>>> load_mission("protection").values.success
(4, 3, 2, 1, 1, 1)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Literal, Mapping, Protocol, Sequence, runtime_checkable

from pydantic import Field, field_validator, model_validator

from .content import data_dir, load_model
from .errors import DataError, Problem, UnknownNameError
from .model import Bonus, Frozen, ShieldKind, Source
from .ruleset import DEFAULT, Ruleset

__all__ = [
    "RANKS",
    "MAX_PICKS",
    "MARKER_SIZES_MM",
    "Point",
    "Edge",
    "WoundLevel",
    "Outcome",
    # views the engine implements
    "ModelView",
    "MarkerView",
    "KillView",
    "MissionView",
    # table helpers
    "opposite_edge",
    "edge_gap",
    "touching",
    "distance_to_edge",
    "within_half",
    "quarter",
    "is_standing",
    "is_unhurt",
    "is_scoring",
    "is_contesting",
    # the card
    "TokenProfile",
    "MarkerSpec",
    "SimpleTest",
    "SpecialAction",
    "Condition",
    "ValueTable",
    "Restriction",
    "MissionCard",
    "mission_points",
    "restriction_problem",
    "placement_problems",
    # loading
    "mission_ids",
    "load_mission",
    "load_mission_file",
    "load_missions",
    # picks and scoring
    "pick_problems",
    "validate_picks",
    "ScoreLine",
    "ScoreSheet",
    "score",
    "compare",
    "format_score_sheet",
    # evaluators
    "PROTECTION_WOUNDED",
    "protection_wounded",
    "EvaluationContext",
    "Evaluator",
    "EvaluatorRegistry",
    "EVALUATORS",
    "evaluator",
    "evaluate",
    "evaluate_picks",
]

RANKS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
"""The ranks a picked mission may take: 1 is the most important (R-MISSIONS)."""

MAX_PICKS = 6
"""A player picks between one and six missions (R-MISSIONS)."""

MARKER_SIZES_MM: tuple[int, int] = (30, 50)
"""Mission markers are 30 or 50 mm tokens (R-MISSIONS)."""

Point = tuple[float, float]
Edge = Literal["south", "north", "west", "east"]
WoundLevel = Literal["none", "light", "grave", "fatal"]
Outcome = bool | None
"""A mission's result: ``True`` success, ``False`` failure, ``None`` neither (0 VP, PRJ-77)."""

_ID = r"^[a-z][a-z0-9_]*$"
_EPS = 1e-9  # float slack for "at least X cm" comparisons: touching a limit is allowed


# --- the read-only view of a game that evaluators use (the engine implements it) -------------


@dataclass(frozen=True)
class ModelView:
    """One model as the evaluators see it at the end of the game.

    Parameters
    ----------
    id, side, type
        The model's id, its side, and its profile type (``soldier``, ``gladiator``...).
    position
        The centre of its base in cm (its last position if it was removed).
    base_mm
        The base diameter in mm.
    cost
        Its recruit cost (Type) with faction modifiers (a Sardaukar soldier costs 2).
    keywords
        Its profile keywords.
    alive
        ``False`` once it has suffered a fatal wound or the Deadly poison's effects.
    removed
        ``True`` once it is off the table (a fatal wound, a capture).
    captured
        ``True`` if it was removed by an enemy's *capture* action (Slave hunt).
    wound
        Its wound level (R-WOUND). A scratch is not a wound level.
    poisons
        The kinds of the poisons it suffers now (``"blinding"``, ``"deadly"``...).
    carrying
        The id of the marker it carries, or ``None``.
    is_ambassador
        Whether it is a Protection ambassador token (PRJ-74).
    """

    id: str
    side: str
    type: str
    position: Point
    base_mm: float = 30.0
    cost: int = 0
    keywords: tuple[str, ...] = ()
    alive: bool = True
    removed: bool = False
    captured: bool = False
    wound: WoundLevel = "none"
    poisons: tuple[str, ...] = ()
    carrying: str | None = None
    is_ambassador: bool = False


@dataclass(frozen=True)
class MarkerView:
    """One mission marker as the evaluators see it.

    ``side`` is the side whose mission the marker belongs to (even when the opponent placed
    it); ``mission`` is the card id. ``position`` is its centre (its carrier's centre while
    carried). ``activated`` is set by the Activation mission's action; ``delivered`` once it
    has been carried off its side's table edge (Spice theft); ``destroyed`` once blown up
    (PRJ-73) or sabotaged.
    """

    id: str
    side: str
    mission: str
    position: Point
    size_mm: float = 30.0
    destroyed: bool = False
    carried_by: str | None = None
    activated: bool = False
    delivered: bool = False


@dataclass(frozen=True)
class KillView:
    """One kill (PRJ-76): ``victim`` suffered a fatal wound or the Deadly poison's effects.

    ``order`` numbers the kills of the game in the order they happened; kills that happen
    at the same moment (a simultaneous melee, one template) share an order. ``killer`` is
    the model whose attack, template, poison or equipment caused it and ``killer_side`` its
    side (``None`` for both when no model caused it).
    """

    order: int
    victim: str
    victim_side: str
    killer: str | None
    killer_side: str | None
    means: str = ""


@runtime_checkable
class MissionView(Protocol):
    """What the evaluators read of a finished game. The engine implements it.

    Every method is a pure query; the sequences may be tuples or lists.
    """

    def sides(self) -> Sequence[str]:
        """The two sides, in any fixed order."""
        ...

    def edge(self, side: str) -> Edge:
        """The side's own table edge (it deployed against it, R-DEPLOY)."""
        ...

    def table_size(self) -> tuple[float, float]:
        """The table's width (x) and depth (y) in cm; south is y = 0, west is x = 0."""
        ...

    def models(self, side: str) -> Sequence[ModelView]:
        """Every model the side deployed, its ambassador included, removed ones included."""
        ...

    def markers(self) -> Sequence[MarkerView]:
        """Every mission marker of both sides, destroyed and delivered ones included."""
        ...

    def kills(self) -> Sequence[KillView]:
        """Every kill of the game (PRJ-76), either side's."""
        ...


# --- table helpers (pure; centres in cm, diameters in mm) ------------------------------------

_OPPOSITE: dict[str, Edge] = {"south": "north", "north": "south", "west": "east", "east": "west"}


def opposite_edge(edge: Edge) -> Edge:
    """The table edge facing ``edge``.

    Examples
    --------
    >>> opposite_edge("south"), opposite_edge("east")
    ('north', 'west')
    """
    try:
        return _OPPOSITE[edge]
    except KeyError:
        raise UnknownNameError("table edge", str(edge), _OPPOSITE) from None


def edge_gap(a: Point, a_mm: float, b: Point, b_mm: float) -> float:
    """The distance between two round tokens or bases, edge to edge (R-MEASURE); 0 when they overlap.

    Examples
    --------
    >>> edge_gap((0, 0), 30, (5, 0), 50)   # 5 cm between centres, radii 1.5 and 2.5
    1.0
    >>> edge_gap((0, 0), 30, (2, 0), 30)   # overlapping
    0.0
    """
    gap = math.hypot(a[0] - b[0], a[1] - b[1]) - a_mm / 20.0 - b_mm / 20.0
    return max(0.0, gap)


def touching(a: Point, a_mm: float, b: Point, b_mm: float, tolerance_cm: float = 0.1) -> bool:
    """Whether two tokens or bases are in base contact: edges within the tolerance (RUL-07).

    A base that overlaps a (flat) marker is in contact with it too (PRJ-70).

    Examples
    --------
    >>> touching((0, 0), 30, (3.1, 0), 30)          # gap 0.1 cm: in contact (RUL-07)
    True
    >>> touching((0, 0), 30, (3.2, 0), 30)          # gap 0.2 cm
    False
    >>> touching((0, 0), 30, (1, 0), 50)            # overlapping a marker
    True
    """
    return edge_gap(a, a_mm, b, b_mm) <= tolerance_cm + _EPS


def distance_to_edge(center: Point, diameter_mm: float, edge: Edge, table: tuple[float, float] = (60.0, 60.0)) -> float:
    """Distance from the nearest point of a base or token to a table edge (R-MEASURE); 0 if it touches it.

    Examples
    --------
    >>> distance_to_edge((30, 51.5), 30, "north")   # base edge at y = 53: 7 cm from y = 60
    7.0
    >>> distance_to_edge((1.5, 20), 30, "west")     # touching the edge
    0.0
    """
    x, y = center
    width, depth = table
    centre_distance = {"south": y, "north": depth - y, "west": x, "east": width - x}[edge]
    return max(0.0, centre_distance - diameter_mm / 20.0)


def within_half(center: Point, diameter_mm: float, edge: Edge, table: tuple[float, float] = (60.0, 60.0)) -> bool:
    """Whether a base or token lies wholly within the half of the table next to ``edge``.

    Touching the centre line counts as within; a base across it is in neither half.

    Examples
    --------
    >>> within_half((30, 28.5), 30, "south")   # its edge touches the centre line y = 30
    True
    >>> within_half((30, 29), 30, "south"), within_half((30, 29), 30, "north")   # across the line
    (False, False)
    >>> within_half((30, 45), 50, "north")
    True
    """
    x, y = center
    r = diameter_mm / 20.0
    width, depth = table
    if not (r - _EPS <= x <= width - r + _EPS and r - _EPS <= y <= depth - r + _EPS):
        return False
    if edge == "south":
        return y + r <= depth / 2 + _EPS
    if edge == "north":
        return y - r >= depth / 2 - _EPS
    if edge == "west":
        return x + r <= width / 2 + _EPS
    if edge == "east":
        return x - r >= width / 2 - _EPS
    raise UnknownNameError("table edge", str(edge), _OPPOSITE)


def quarter(center: Point, diameter_mm: float, table: tuple[float, float] = (60.0, 60.0)) -> str | None:
    """The table quarter a base lies wholly within (``"south-west"``...), or ``None`` if it straddles a centre line.

    Touching a centre line counts as within (Territory).

    Examples
    --------
    >>> quarter((10, 10), 30), quarter((45, 50), 30)
    ('south-west', 'north-east')
    >>> quarter((28.5, 10), 30)        # touching x = 30
    'south-west'
    >>> quarter((29, 10), 30) is None  # across x = 30
    True
    """
    x, y = center
    r = diameter_mm / 20.0
    width, depth = table
    if x + r <= width / 2 + _EPS:
        ew = "west"
    elif x - r >= width / 2 - _EPS:
        ew = "east"
    else:
        return None
    if y + r <= depth / 2 + _EPS:
        ns = "south"
    elif y - r >= depth / 2 - _EPS:
        ns = "north"
    else:
        return None
    return f"{ns}-{ew}"


def is_standing(model: ModelView) -> bool:
    """Whether a model is still in the game: alive, on the table, not fatally wounded nor Deadly-poisoned (PRJ-71).

    Examples
    --------
    >>> is_standing(ModelView("a", "red", "soldier", (0, 0), wound="grave"))
    True
    >>> is_standing(ModelView("a", "red", "soldier", (0, 0), poisons=("deadly",)))
    False
    """
    return model.alive and not model.removed and model.wound != "fatal" and "deadly" not in model.poisons


def is_unhurt(model: ModelView) -> bool:
    """Whether a model is unhurt (*indemne*): standing, no wound level, no poison (PRJ-74).

    A scratch only gives a fatigue token (R-WOUND); it does not spoil "unhurt".

    Examples
    --------
    >>> is_unhurt(ModelView("amb", "red", "ambassador", (0, 0), is_ambassador=True))
    True
    >>> is_unhurt(ModelView("amb", "red", "ambassador", (0, 0), poisons=("irritant",)))
    False
    """
    return is_standing(model) and model.wound == "none" and not model.poisons


def is_scoring(model: ModelView) -> bool:
    """Whether a model can fulfil its side's objectives: standing, not Blinded, not an ambassador (PRJ-71).

    Examples
    --------
    >>> is_scoring(ModelView("a", "red", "soldier", (0, 0)))
    True
    >>> is_scoring(ModelView("a", "red", "soldier", (0, 0), poisons=("blinding",)))
    False
    """
    return is_standing(model) and not model.is_ambassador and "blinding" not in model.poisons


def is_contesting(model: ModelView) -> bool:
    """Whether a model denies the enemy a marker or a quarter: standing and not an ambassador (PRJ-71).

    Blinded models still contest: denying is not fulfilling an objective.

    Examples
    --------
    >>> is_contesting(ModelView("a", "red", "soldier", (0, 0), poisons=("blinding",)))
    True
    >>> is_contesting(ModelView("amb", "red", "ambassador", (0, 0), is_ambassador=True))
    False
    """
    return is_standing(model) and not model.is_ambassador


# --- the card -------------------------------------------------------------------------------


class TokenProfile(Frozen):
    """The profile of a token that is a model (Protection's ambassador, R-MISSIONS, PRJ-74).

    ``activatable`` is ``False``: the model is never activated, so it never moves on its own.
    """

    name: str
    movement: float = Field(0.0, ge=0)
    combat: Bonus
    reflexes: Bonus
    endurance: int = Field(ge=1)
    shield: ShieldKind = "none"
    activatable: bool = False
    source: Source = "project"


Region = Literal["anywhere", "own_half", "opponent_half"]


class MarkerSpec(Frozen):
    """The markers of one kind a mission uses, and how they are placed (R-MISSIONS, PRJ-70).

    Regions and distances are from the point of view of the mission's owner: ``own_half``
    is the owner's half, ``min_from_own_edge_cm`` is measured to the owner's table edge,
    even when ``placed_by`` is ``"opponent"``. Distances are from the token's nearest point
    and are minimums: exactly at the limit is allowed.
    """

    id: str = Field(pattern=_ID)
    name: str
    count: int = Field(ge=1, le=6)
    size_mm: Literal[30, 50]
    placed_by: Literal["owner", "opponent"] = "owner"
    region: Region = "anywhere"
    min_from_edges_cm: float = Field(0.0, ge=0)
    min_from_own_edge_cm: float = Field(0.0, ge=0)
    min_from_opponent_edge_cm: float = Field(0.0, ge=0)
    min_apart_cm: float = Field(0.0, ge=0)
    portable: bool = False
    destructible: bool = True
    model: TokenProfile | None = None
    where: str

    @model_validator(mode="after")
    def _token_model(self) -> "MarkerSpec":
        if self.model is not None and (self.portable or self.destructible):
            raise ValueError(
                f"Marker {self.id!r} is a model (it has a 'model' profile), so it can be neither portable nor destructible; "
                "set 'portable: false' and 'destructible: false'."
            )
        return self


Requirement = Literal[
    "contact_own_marker",
    "marker_not_activated",
    "contact_enemy_model",
    "target_helpless",
    "not_engaged",
    "not_blinded",
    "not_carrying",
    "carrying_own_marker",
    "touching_own_edge",
]
"""What a mission special action may require of the acting model (documented in docs/missions.md):

- ``contact_own_marker``: in base contact (PRJ-70) with a marker of this mission and kind
  (``SpecialAction.marker``) that belongs to its side, is not destroyed and not carried;
- ``marker_not_activated``: that marker is not yet activated;
- ``contact_enemy_model``: in base contact with a standing enemy model (the target);
- ``target_helpless``: the target has a grave wound or suffers the Paralysing poison;
- ``not_engaged``: in base contact with no standing enemy model (the target excepted);
- ``not_blinded``: not suffering the Blinding poison (it cannot fulfil objectives, R-POISON);
- ``not_carrying``: carries no marker;
- ``carrying_own_marker``: carries a marker of this mission and kind;
- ``touching_own_edge``: its base is in contact with its own table edge (RUL-07 tolerance).
"""

ActionEffect = Literal["pick_up", "deliver", "activate", "capture", "destroy"]
"""What a mission special action does (documented in docs/missions.md):

- ``pick_up``: the model now carries the marker;
- ``deliver``: the carried marker leaves the table, delivered (``MarkerView.delivered``);
- ``activate``: the marker is activated for good (``MarkerView.activated``);
- ``capture``: the target is removed from play as a captive (``ModelView.captured``; not a kill);
- ``destroy``: the marker is destroyed (``MarkerView.destroyed``) and removed from the table.
"""


class SimpleTest(Frozen):
    """A simple test (R-TEST-SIMPLE, RUL-02): colour die + characteristic >= difficulty."""

    characteristic: Literal["combat", "reflexes"]
    difficulty: int = Field(ge=2, le=20)


class SpecialAction(Frozen):
    """A special action a mission grants to its owner's models (R-ACTIVATE: "a special action from a mission").

    The engine offers it to a model of the side that picked the mission when every
    requirement holds; if ``test`` is set the action succeeds only on that simple test
    (fatigue and wound modifiers apply as to any test). ``free_move``: whether the activation
    may still include its free move.
    """

    id: str = Field(pattern=_ID)
    name: str
    marker: str | None = None
    requires: tuple[Requirement, ...]
    test: SimpleTest | None = None
    effect: ActionEffect
    free_move: bool = True
    text: str


class Condition(Frozen):
    """A success or failure condition: the text players read and the evaluator that decides it.

    ``parameters`` are passed to the evaluator (e.g. how many markers must be held); the
    evaluator declares which it needs (:class:`Evaluator`).
    """

    text: str
    evaluator: str
    parameters: dict[str, int | float] = Field(default_factory=dict)

    def __hash__(self) -> int:  # the parameters dict would make the generated hash fail
        return hash((self.text, self.evaluator, tuple(sorted(self.parameters.items()))))

    @field_validator("evaluator")
    @classmethod
    def _known_name(cls, name: str) -> str:
        if name not in EVALUATORS:
            # A ValueError (not the UnknownNameError itself) so pydantic locates it in the file.
            raise ValueError(str(UnknownNameError("mission evaluator", name, EVALUATORS.names())))
        return name

    @model_validator(mode="after")
    def _parameters(self) -> "Condition":
        spec = EVALUATORS.get(self.evaluator)
        missing = sorted(set(spec.parameters) - set(self.parameters))
        unknown = sorted(set(self.parameters) - set(spec.parameters))
        problems = []
        if missing:
            problems.append(f"Evaluator {self.evaluator!r} needs the parameter(s) {', '.join(missing)}.")
        if unknown:
            allowed = ", ".join(sorted(spec.parameters)) or "none"
            problems.append(f"Evaluator {self.evaluator!r} takes no parameter(s) {', '.join(unknown)} (it takes: {allowed}).")
        for name, kind in spec.parameters.items():
            value = self.parameters.get(name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0
                                      or (kind is int and not float(value).is_integer())):
                problems.append(f"Parameter {name!r} of evaluator {self.evaluator!r} must be a {'whole ' if kind is int else ''}number of 0 or more; got {value!r}.")
        if problems:
            raise ValueError(" ".join(problems))
        return self


def _six(values: Any, what: str) -> Any:
    if isinstance(values, (list, tuple)) and len(values) != len(RANKS):
        raise ValueError(f"The {what} row must give {len(RANKS)} values, one per rank 1-6; got {len(values)}: {list(values)!r}.")
    return values


class ValueTable(Frozen):
    """The card's table: victory points won on success and lost on failure, by rank 1-6 (R-MISSIONS)."""

    success: tuple[int, int, int, int, int, int]
    failure: tuple[int, int, int, int, int, int]

    @field_validator("success", mode="before")
    @classmethod
    def _six_success(cls, v: Any) -> Any:
        return _six(v, "success")

    @field_validator("failure", mode="before")
    @classmethod
    def _six_failure(cls, v: Any) -> Any:
        return _six(v, "failure")

    # Field validators (not one model validator) so a bad row is reported even when the other is bad too.
    @field_validator("success")
    @classmethod
    def _won(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        if any(x < 0 for x in v):
            raise ValueError(f"Success values are victory points won and must be 0 or more; got {list(v)}.")
        return v

    @field_validator("failure")
    @classmethod
    def _lost(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        if any(x > 0 for x in v):
            raise ValueError(f"Failure values are victory points lost and must be 0 or less; got {list(v)}.")
        return v


class Restriction(Frozen):
    """Who may pick a mission (R-MISSIONS: "some missions are restricted to some factions").

    A warband may pick the mission when its faction is one of ``factions`` (if any are
    listed) and, for every keyword in ``keywords``, it fields at least one model with that
    profile keyword (PRJ-77). ``text`` is what the card prints under the mission's name.
    """

    factions: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    text: str

    @model_validator(mode="after")
    def _not_empty(self) -> "Restriction":
        if not self.factions and not self.keywords:
            raise ValueError("A restriction must list at least one faction or one keyword; leave 'restriction' out for none.")
        return self


class MissionCard(Frozen):
    """A mission card (R-MISSIONS).

    ``source`` is ``rulebook`` only for a card the rulebook prints whole (Protection);
    ``canon`` says which parts of an authored card come from the rulebook (its name, the
    values of the scoring example).
    """

    id: str = Field(pattern=_ID)
    name: str
    rulebook_name: str
    source: Source
    canon: str = ""
    restriction: Restriction | None = None
    markers: tuple[MarkerSpec, ...] = ()
    setup: str
    special_rules: str = ""
    special_actions: tuple[SpecialAction, ...] = ()
    success: Condition
    failure: Condition
    values: ValueTable
    rules: tuple[str, ...] = ("R-MISSIONS",)

    @model_validator(mode="after")
    def _cross_references(self) -> "MissionCard":
        problems: list[str] = []
        for kind, ids in (("marker", [m.id for m in self.markers]), ("special action", [a.id for a in self.special_actions])):
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            if dupes:
                problems.append(f"The {kind} id(s) {', '.join(dupes)} appear more than once.")
        marker_ids = {m.id for m in self.markers}
        needs_marker = {"contact_own_marker", "marker_not_activated", "carrying_own_marker"}
        for a in self.special_actions:
            if a.marker is not None and a.marker not in marker_ids:
                problems.append(f"Special action {a.id!r} names marker {a.marker!r}, which is not in 'markers' ({', '.join(sorted(marker_ids)) or 'none'}).")
            if a.marker is None and needs_marker & set(a.requires):
                problems.append(f"Special action {a.id!r} requires a marker of this mission, so it must name one in 'marker'.")
        if problems:
            raise ValueError(" ".join(problems))
        return self

    def points(self, rank: int, outcome: Outcome) -> int:
        """Victory points for this card at ``rank``; see :func:`mission_points`."""
        return mission_points(self, rank, outcome)

    def allowed_for(self, faction: str, keywords: Iterable[str] = ()) -> bool:
        """Whether a warband of ``faction`` fielding models with ``keywords`` may pick it; see :func:`restriction_problem`."""
        return restriction_problem(self, faction, keywords) is None

    def marker(self, marker_id: str) -> MarkerSpec:
        """The marker kind ``marker_id`` of this card; unknown ids list the valid ones."""
        for m in self.markers:
            if m.id == marker_id:
                return m
        raise UnknownNameError("marker", marker_id, [m.id for m in self.markers], source=f"mission {self.id}")


def mission_points(card: MissionCard, rank: int, outcome: Outcome) -> int:
    """Victory points a picked mission scores at ``rank`` (R-MISSIONS, PRJ-77).

    Success scores the card's success value for the rank, failure its (negative) failure
    value, and neither (``None``) 0.

    Examples
    --------
    >>> protection = load_mission("protection")
    >>> mission_points(protection, 2, True), mission_points(protection, 1, False), mission_points(protection, 1, None)
    (3, -5, 0)
    """
    if isinstance(rank, bool) or not isinstance(rank, int) or rank not in RANKS:
        raise DataError([Problem(f"mission {card.id}", "rank", f"A mission's rank is a whole number from 1 to 6; got {rank!r}.")])
    if outcome is None:
        return 0
    return (card.values.success if outcome else card.values.failure)[rank - 1]


def restriction_problem(card: MissionCard, faction: str, keywords: Iterable[str] = ()) -> str | None:
    """Why a warband may not pick ``card`` (a full sentence), or ``None`` when it may (R-MISSIONS, PRJ-77).

    ``keywords`` are the profile keywords of the models the warband fields.

    Examples
    --------
    >>> hunt = load_mission("slave_hunt")
    >>> restriction_problem(hunt, "harkonnen", ["gladiator", "soldier"]) is None
    True
    >>> print(restriction_problem(hunt, "corrino", []))
    Mission 'slave_hunt' (Slave hunt) may only be picked by a warband that fields a model with the keyword 'gladiator'; this corrino warband fields none.
    """
    r = card.restriction
    if r is None:
        return None
    have = set(keywords)
    reasons = []
    if r.factions and faction not in r.factions:
        reasons.append(f"may only be picked by the faction(s) {', '.join(r.factions)}, not {faction}")
    missing = [k for k in r.keywords if k not in have]
    for k in missing:
        reasons.append(f"may only be picked by a warband that fields a model with the keyword {k!r}; this {faction} warband fields none")
    if not reasons:
        return None
    return f"Mission {card.id!r} ({card.name}) " + "; it ".join(reasons) + "."


def placement_problems(
    spec: MarkerSpec,
    center: Point,
    *,
    owner_edge: Edge,
    table: tuple[float, float] = (60.0, 60.0),
    same_kind: Sequence[Point] = (),
    occupied: Sequence[tuple[Point, float]] = (),
) -> tuple[str, ...]:
    """Every reason why a marker of kind ``spec`` may not be placed at ``center`` (PRJ-70), as sentences.

    ``owner_edge`` is the table edge of the mission's owner (regions and edge distances are
    from the owner's point of view). ``same_kind`` holds the centres of the markers of this
    kind already placed (``min_apart_cm``, measured edge to edge); ``occupied`` the centre
    and diameter (mm) of every token already on the table, which the marker may touch but
    not overlap. Impassable terrain is the engine's to check (a marker may not overlap it).

    Examples
    --------
    >>> spice = load_mission("spice_theft").marker("spice")
    >>> placement_problems(spice, (30, 45), owner_edge="south")
    ()
    >>> for p in placement_problems(spice, (30, 20), owner_edge="south"): print(p)
    Spice cache must lie wholly within the opponent's half; at (30, 20) it does not.
    >>> placement_problems(spice, (30, 48.5), owner_edge="south")   # exactly 10 cm from the north edge
    ()
    """
    x, y = center
    r = spec.size_mm / 20.0
    width, depth = table
    own = owner_edge
    opp = opposite_edge(own)
    at = f"at ({x:g}, {y:g})"
    out: list[str] = []
    if not (r - _EPS <= x <= width - r + _EPS and r - _EPS <= y <= depth - r + _EPS):
        out.append(f"{spec.name} must lie wholly on the {width:g} x {depth:g} cm table; {at} it does not.")
        return tuple(out)
    if spec.region == "own_half" and not within_half(center, spec.size_mm, own, table):
        out.append(f"{spec.name} must lie wholly within its owner's half; {at} it does not.")
    if spec.region == "opponent_half" and not within_half(center, spec.size_mm, opp, table):
        out.append(f"{spec.name} must lie wholly within the opponent's half; {at} it does not.")
    if spec.min_from_edges_cm:
        nearest = min(distance_to_edge(center, spec.size_mm, e, table) for e in ("south", "north", "west", "east"))
        if nearest < spec.min_from_edges_cm - _EPS:
            out.append(f"{spec.name} must be at least {spec.min_from_edges_cm:g} cm from every table edge; {at} it is {nearest:.1f} cm from one.")
    for limit, edge, whose in ((spec.min_from_own_edge_cm, own, "its owner's"), (spec.min_from_opponent_edge_cm, opp, "the opponent's")):
        if limit:
            d = distance_to_edge(center, spec.size_mm, edge, table)
            if d < limit - _EPS:
                out.append(f"{spec.name} must be at least {limit:g} cm from {whose} table edge ({edge}); {at} it is {d:.1f} cm away.")
    if spec.min_apart_cm:
        for other in same_kind:
            gap = edge_gap(center, spec.size_mm, other, spec.size_mm)
            if gap < spec.min_apart_cm - _EPS:
                out.append(f"{spec.name} must be at least {spec.min_apart_cm:g} cm from the other {spec.name.lower()} markers; {at} it is {gap:.1f} cm from the one at ({other[0]:g}, {other[1]:g}).")
    for other, size in occupied:
        if math.hypot(x - other[0], y - other[1]) < r + size / 20.0 - _EPS:
            out.append(f"{spec.name} {at} overlaps the token at ({other[0]:g}, {other[1]:g}); tokens may touch but not overlap.")
    return tuple(out)


# --- loading --------------------------------------------------------------------------------


def mission_ids(directory: str | Path | None = None) -> list[str]:
    """The ids of the missions in ``directory`` (default: the bundled ``missions/``), from the file names.

    Examples
    --------
    >>> len(mission_ids()), "protection" in mission_ids()
    (10, True)
    """
    folder = Path(directory) if directory is not None else data_dir("missions")
    return sorted(p.stem for p in folder.glob("*.yaml"))


def load_mission_file(path: str | Path) -> MissionCard:
    """Read and validate one card; a file whose name is not ``<id>.yaml`` is a :class:`DataError`."""
    path = Path(path)
    card = load_model(MissionCard, path)
    if card.id != path.stem:
        raise DataError([Problem(str(path), "id", f"The card's id {card.id!r} must match its file name {path.stem!r}.")])
    return card


@lru_cache(maxsize=None)
def _bundled(mission_id: str) -> MissionCard:
    return load_mission_file(data_dir("missions") / f"{mission_id}.yaml")


def load_mission(mission_id: str) -> MissionCard:
    """The bundled mission ``mission_id``; unknown ids list the valid ones.

    Examples
    --------
    >>> load_mission("slave_hunt").rulebook_name
    'Chasse aux Esclaves'
    >>> load_mission("slavehunt")
    Traceback (most recent call last):
    ...
    landsraad.errors.UnknownNameError: Unknown mission 'slavehunt'. Did you mean 'slave_hunt'? Valid missions are: ...
    """
    ids = mission_ids()
    if mission_id not in ids:
        raise UnknownNameError("mission", mission_id, ids)
    return _bundled(mission_id)


def load_missions(directory: str | Path | None = None) -> dict[str, MissionCard]:
    """Every mission card by id (default: the bundled ones); every bad file's problems are reported together."""
    if directory is None:
        return {mid: load_mission(mid) for mid in mission_ids()}
    cards: dict[str, MissionCard] = {}
    problems: list[Problem] = []
    for mid in mission_ids(directory):
        try:
            cards[mid] = load_mission_file(Path(directory) / f"{mid}.yaml")
        except DataError as exc:
            problems.extend(exc.problems)
    if problems:
        raise DataError(problems)
    return cards


# --- picks and scoring ----------------------------------------------------------------------


def pick_problems(
    picks: Sequence[str],
    *,
    missions: Mapping[str, MissionCard] | None = None,
    faction: str | None = None,
    keywords: Iterable[str] = (),
    source: str = "mission picks",
) -> tuple[Problem, ...]:
    """Every problem with a ranked list of picks (R-MISSIONS), each once.

    ``picks[0]`` is rank 1. A list must hold 1 to 6 known mission ids, none twice. When
    ``faction`` is given, each card's restriction is checked against it and ``keywords``
    (the profile keywords of the models the warband fields).

    Examples
    --------
    >>> for p in pick_problems(["territory", "teritory", "territory", "slave_hunt"], faction="corrino"): print(p)
    mission picks: [1]: Unknown mission 'teritory'. Did you mean 'territory'? Valid missions are: ...
    mission picks: [2]: Mission 'territory' is picked twice (ranks 1 and 3); each mission may be picked once.
    mission picks: [3]: Mission 'slave_hunt' (Slave hunt) may only be picked by a warband that fields a model with the keyword 'gladiator'; this corrino warband fields none.
    """
    cards = load_missions() if missions is None else missions
    problems: list[Problem] = []
    if isinstance(picks, (str, bytes)) or not isinstance(picks, Sequence):
        return (Problem(source, "", f"Mission picks must be a ranked list of mission ids; got {picks!r}."),)
    if not 1 <= len(picks) <= MAX_PICKS:
        problems.append(Problem(source, "", f"A player picks between 1 and {MAX_PICKS} missions; got {len(picks)}."))
    first_rank: dict[str, int] = {}
    keywords = tuple(keywords)
    for i, mid in enumerate(picks):
        where = f"[{i}]"
        if not isinstance(mid, str):
            problems.append(Problem(source, where, f"A pick is a mission id; got {mid!r}."))
            continue
        if mid in first_rank:
            problems.append(Problem(source, where, f"Mission {mid!r} is picked twice (ranks {first_rank[mid]} and {i + 1}); each mission may be picked once."))
            continue
        first_rank[mid] = i + 1
        card = cards.get(mid)
        if card is None:
            problems.extend(Problem(source, where, p.message) for p in UnknownNameError("mission", mid, cards).problems)
            continue
        if faction is not None:
            why = restriction_problem(card, faction, keywords)
            if why:
                problems.append(Problem(source, where, why))
    return tuple(problems)


def validate_picks(
    picks: Sequence[str],
    *,
    missions: Mapping[str, MissionCard] | None = None,
    faction: str | None = None,
    keywords: Iterable[str] = (),
    source: str = "mission picks",
) -> tuple[MissionCard, ...]:
    """The picked cards in rank order; a :class:`DataError` lists every problem (see :func:`pick_problems`)."""
    cards = load_missions() if missions is None else missions
    problems = pick_problems(picks, missions=cards, faction=faction, keywords=keywords, source=source)
    if problems:
        raise DataError(problems)
    return tuple(cards[m] for m in picks)


class ScoreLine(Frozen):
    """One picked mission on a score sheet: its rank, its outcome and the points it scores."""

    mission: str
    name: str
    rank: int = Field(ge=1, le=6)
    succeeded: bool | None
    points: int


class ScoreSheet(Frozen):
    """A player's missions at the end of the game (R-MISSIONS): one line per pick, and the total."""

    side: str = ""
    lines: tuple[ScoreLine, ...]
    total: int = 0
    """The victory points: the sum of the lines (filled in; a given total must agree)."""

    @model_validator(mode="before")
    @classmethod
    def _fill_total(cls, data: Any) -> Any:
        if isinstance(data, Mapping) and "total" not in data:
            lines = data.get("lines") or ()
            try:
                data = {**data, "total": sum(int(line["points"] if isinstance(line, Mapping) else line.points) for line in lines)}
            except (KeyError, TypeError, ValueError, AttributeError):
                pass  # the field validators report the bad lines
        return data

    @model_validator(mode="after")
    def _check_total(self) -> "ScoreSheet":
        expected = sum(line.points for line in self.lines)
        if self.total != expected:
            raise ValueError(f"The total must be the sum of the lines, {expected}; got {self.total}.")
        return self


def score(
    picks: Sequence[str],
    outcomes: Mapping[str, Outcome],
    *,
    missions: Mapping[str, MissionCard] | None = None,
    side: str = "",
) -> ScoreSheet:
    """Score a player's ranked picks (R-MISSIONS, PRJ-77).

    ``outcomes`` maps every picked mission id to ``True`` (success), ``False`` (failure) or
    ``None`` (neither: 0 VP). Bad picks, a missing or extra outcome, or an outcome that is
    not one of those three raise one :class:`DataError` listing every problem. Faction
    restrictions are checked when the picks are made (:func:`validate_picks`), not here.

    Examples
    --------
    >>> sheet = score(["protection"], {"protection": None}, side="red")
    >>> sheet.total, sheet.lines[0].points
    (0, 0)
    >>> score(["protection"], {})
    Traceback (most recent call last):
    ...
    landsraad.errors.DataError: mission outcomes: protection: Picked mission 'protection' has no outcome; give true (success), false (failure) or null (neither).
    """
    cards = load_missions() if missions is None else missions
    problems = list(pick_problems(picks, missions=cards))
    if isinstance(outcomes, Mapping):
        for mid in picks if isinstance(picks, Sequence) and not isinstance(picks, str) else ():
            if isinstance(mid, str) and mid not in outcomes:
                problems.append(Problem("mission outcomes", str(mid), f"Picked mission {mid!r} has no outcome; give true (success), false (failure) or null (neither)."))
        for mid, value in outcomes.items():
            if mid not in picks:
                problems.append(Problem("mission outcomes", str(mid), f"Mission {mid!r} has an outcome but was not picked."))
            elif not (value is None or isinstance(value, bool)):
                problems.append(Problem("mission outcomes", str(mid), f"An outcome is true (success), false (failure) or null (neither); got {value!r}."))
    else:
        problems.append(Problem("mission outcomes", "", f"Outcomes must map mission ids to true, false or null; got {outcomes!r}."))
    if problems:
        raise DataError(problems)
    lines = []
    for i, mid in enumerate(picks):
        card = cards[mid]
        outcome = outcomes[mid]
        lines.append(ScoreLine(mission=mid, name=card.name, rank=i + 1, succeeded=outcome, points=mission_points(card, i + 1, outcome)))
    return ScoreSheet(side=side, lines=tuple(lines))


def compare(sheet_a: ScoreSheet, sheet_b: ScoreSheet) -> ScoreSheet | None:
    """The winning sheet (most victory points, R-MISSIONS), or ``None`` for a draw (PRJ-77).

    Examples
    --------
    >>> a = score(["territory"], {"territory": True})
    >>> b = score(["protection"], {"protection": True})
    >>> compare(a, b) is a, compare(b, a) is a, compare(a, a) is None
    (True, True, True)
    """
    if sheet_a.total > sheet_b.total:
        return sheet_a
    if sheet_b.total > sheet_a.total:
        return sheet_b
    return None


def format_score_sheet(sheet: ScoreSheet) -> str:
    """The sheet as a small readable table.

    Examples
    --------
    >>> print(format_score_sheet(score(["treachery", "infiltration"], {"treachery": True, "infiltration": None}, side="blue")))
    blue
      1  Treachery     success   +6
      2  Infiltration  neither   +0
         total                   +6
    """
    width = max([len(line.name) for line in sheet.lines] + [5])
    out = [sheet.side] if sheet.side else []
    for line in sheet.lines:
        word = {True: "success", False: "failure", None: "neither"}[line.succeeded]
        out.append(f"  {line.rank}  {line.name:<{width}}  {word:<8}{line.points:+4d}")
    out.append(f"     {'total':<{width}}  {'':<8}{sheet.total:+4d}")
    return "\n".join(out)


# --- evaluators -----------------------------------------------------------------------------

PROTECTION_WOUNDED: tuple[str, str, str] = ("success", "neither", "failure")
"""PRJ-75 (option ``protection_wounded``): an ambassador still on the table at the end but wounded
or poisoned (the Deadly poison included: it stays on the table) is a success (the default:
section 3 knows only success and failure, and the card fails only when it is removed from play),
or scores neither (0 VP), or counts as a failure."""


def protection_wounded(ruleset: Ruleset = DEFAULT) -> str:
    """The ruleset's choice for a hurt ambassador (PRJ-75): ``"success"`` (default), ``"neither"`` or ``"failure"``.

    Read from the ruleset field ``protection_wounded`` when it has one.

    Examples
    --------
    >>> protection_wounded()
    'success'
    """
    value = getattr(ruleset, "protection_wounded", "success")
    if value not in PROTECTION_WOUNDED:
        raise UnknownNameError("protection_wounded choice", str(value), PROTECTION_WOUNDED, source="ruleset")
    return value


@dataclass(frozen=True)
class EvaluationContext:
    """What an evaluator gets: the game view, the side being judged, the card, the condition's
    parameters and the ruleset."""

    view: MissionView
    side: str
    card: MissionCard
    parameters: Mapping[str, Any]
    ruleset: Ruleset = DEFAULT

    @property
    def opponent(self) -> str:
        """The other side."""
        others = [s for s in self.view.sides() if s != self.side]
        if len(others) != 1:
            raise UnknownNameError("side", self.side, self.view.sides(), source="mission view")
        return others[0]

    @property
    def table(self) -> tuple[float, float]:
        return tuple(self.view.table_size())  # type: ignore[return-value]

    @property
    def tolerance(self) -> float:
        """The contact tolerance (RUL-07)."""
        return self.ruleset.contact_tolerance_cm

    def mine(self) -> list[ModelView]:
        """The judged side's models."""
        return list(self.view.models(self.side))

    def theirs(self) -> list[ModelView]:
        """The opponent's models."""
        return list(self.view.models(self.opponent))

    def own_markers(self) -> list[MarkerView]:
        """The markers of this mission that belong to the judged side."""
        return [m for m in self.view.markers() if m.side == self.side and m.mission == self.card.id]


EvaluatorFunction = Callable[[EvaluationContext], bool]


@dataclass(frozen=True)
class Evaluator:
    """A named evaluator: a predicate of the game at its end.

    ``parameters`` maps each parameter the condition must give to its type (``int`` or
    ``float``).
    """

    name: str
    summary: str
    function: EvaluatorFunction
    parameters: Mapping[str, type] = field(default_factory=dict)
    rules: tuple[str, ...] = ("R-MISSIONS",)


class EvaluatorRegistry:
    """Name -> :class:`Evaluator`; an unknown name is an :class:`UnknownNameError` listing the valid ones."""

    def __init__(self) -> None:
        self._items: dict[str, Evaluator] = {}

    def register(self, item: Evaluator) -> Evaluator:
        if item.name in self._items:
            raise ValueError(f"Mission evaluator {item.name!r} is registered twice.")
        self._items[item.name] = item
        return item

    def get(self, name: str, *, source: str = "", where: str = "") -> Evaluator:
        """The evaluator called ``name``.

        Examples
        --------
        >>> EVALUATORS.get("otherwise").name
        'otherwise'
        >>> EVALUATORS.get("otherwize")
        Traceback (most recent call last):
        ...
        landsraad.errors.UnknownNameError: Unknown mission evaluator 'otherwize'. Did you mean 'otherwise'? Valid mission evaluators are: ...
        """
        try:
            return self._items[name]
        except KeyError:
            raise UnknownNameError("mission evaluator", name, self._items, source=source, where=where) from None

    def __contains__(self, name: object) -> bool:
        return name in self._items

    def __iter__(self) -> Iterator[Evaluator]:
        return iter(sorted(self._items.values(), key=lambda e: e.name))

    def names(self) -> list[str]:
        return sorted(self._items)


EVALUATORS = EvaluatorRegistry()
"""Every evaluator a mission card may name."""


def evaluator(name: str, summary: str, *, parameters: Mapping[str, type] | None = None,
              rules: tuple[str, ...] = ("R-MISSIONS",)) -> Callable[[EvaluatorFunction], EvaluatorFunction]:
    """Decorator: register a function of :class:`EvaluationContext` as the evaluator ``name``."""

    def wrap(function: EvaluatorFunction) -> EvaluatorFunction:
        EVALUATORS.register(Evaluator(name, summary, function, dict(parameters or {}), rules))
        return function

    return wrap


def evaluate(card: MissionCard, view: MissionView, side: str, *, ruleset: Ruleset = DEFAULT) -> Outcome:
    """Decide ``card`` for ``side`` at the end of the game (R-MISSIONS, PRJ-77).

    Success if its success evaluator holds; else failure if its failure evaluator holds;
    else neither (``None``, 0 VP).
    """
    if side not in view.sides():
        raise UnknownNameError("side", side, view.sides(), source="mission view")
    for condition, result in ((card.success, True), (card.failure, False)):
        ctx = EvaluationContext(view, side, card, dict(condition.parameters), ruleset)
        if EVALUATORS.get(condition.evaluator).function(ctx):
            return result
    return None


def evaluate_picks(
    picks: Sequence[str],
    view: MissionView,
    side: str,
    *,
    missions: Mapping[str, MissionCard] | None = None,
    ruleset: Ruleset = DEFAULT,
) -> dict[str, Outcome]:
    """Decide every picked mission of ``side``: the ``outcomes`` :func:`score` takes."""
    cards = validate_picks(picks, missions=missions)
    return {card.id: evaluate(card, view, side, ruleset=ruleset) for card in cards}


@evaluator("otherwise", "Always true: as a failure condition, 'the mission fails whenever it does not succeed'.")
def _otherwise(ctx: EvaluationContext) -> bool:
    return True


@evaluator("ambassador_unhurt", "Every ambassador of the side is still on the table; unless protection_wounded is 'success' "
           "(the default), also unhurt: no wound level, no poison (PRJ-74, PRJ-75).", rules=("R-MISSIONS", "PRJ-74", "PRJ-75"))
def _ambassador_unhurt(ctx: EvaluationContext) -> bool:
    ambassadors = [m for m in ctx.mine() if m.is_ambassador]
    if not ambassadors or any(m.removed for m in ambassadors):
        return False
    return protection_wounded(ctx.ruleset) == "success" or all(is_unhurt(m) for m in ambassadors)


@evaluator("ambassador_lost", "An ambassador of the side has been removed from play (a fatal wound, a capture; the Deadly "
           "poison leaves it on the table); with protection_wounded = failure, also when it is hurt (PRJ-74, PRJ-75).",
           rules=("R-MISSIONS", "PRJ-74", "PRJ-75"))
def _ambassador_lost(ctx: EvaluationContext) -> bool:
    ambassadors = [m for m in ctx.mine() if m.is_ambassador]
    if not ambassadors or any(m.removed for m in ambassadors):
        return True
    return protection_wounded(ctx.ruleset) == "failure" and not all(is_unhurt(m) for m in ambassadors)


@evaluator("markers_secured", "At least `markers` of the mission's markers are delivered off the side's table edge "
           "or carried by a scoring model of the side wholly within its own half (PRJ-72).",
           parameters={"markers": int}, rules=("R-MISSIONS", "PRJ-72"))
def _markers_secured(ctx: EvaluationContext) -> bool:
    models = {m.id: m for m in ctx.mine()}
    edge = ctx.view.edge(ctx.side)
    secured = 0
    for mk in ctx.own_markers():
        if mk.destroyed:
            continue
        carrier = models.get(mk.carried_by) if mk.carried_by else None
        if mk.delivered or (carrier is not None and is_scoring(carrier) and within_half(carrier.position, carrier.base_mm, edge, ctx.table)):
            secured += 1
    return secured >= ctx.parameters["markers"]


@evaluator("kill_most_expensive", "One of the side's models killed one of the opponent's most expensive models "
           "(highest recruit cost among all it deployed, ambassadors excepted) (PRJ-76).", rules=("R-MISSIONS", "PRJ-76"))
def _kill_most_expensive(ctx: EvaluationContext) -> bool:
    candidates = [m for m in ctx.theirs() if not m.is_ambassador]
    if not candidates:
        return False
    top = max(m.cost for m in candidates)
    targets = {m.id for m in candidates if m.cost == top}
    return any(k.killer_side == ctx.side and k.victim in targets for k in ctx.view.kills())


@evaluator("control_quarters", "The side controls at least `quarters` table quarters: in each, more of its scoring "
           "models than the opponent's contesting models lie wholly within it (PRJ-71).",
           parameters={"quarters": int}, rules=("R-MISSIONS", "PRJ-71"))
def _control_quarters(ctx: EvaluationContext) -> bool:
    table = ctx.table
    counts: dict[str, int] = {}
    for m in ctx.mine():
        q = quarter(m.position, m.base_mm, table) if is_scoring(m) else None
        if q:
            counts[q] = counts.get(q, 0) + 1
    for m in ctx.theirs():
        q = quarter(m.position, m.base_mm, table) if is_contesting(m) else None
        if q:
            counts[q] = counts.get(q, 0) - 1
    return sum(1 for n in counts.values() if n > 0) >= ctx.parameters["quarters"]


@evaluator("control_markers", "The side controls at least `markers` of the mission's markers: not destroyed, one of its "
           "scoring models in base contact, no contesting enemy model in base contact (PRJ-70, PRJ-71).",
           parameters={"markers": int}, rules=("R-MISSIONS", "PRJ-70", "PRJ-71"))
def _control_markers(ctx: EvaluationContext) -> bool:
    mine = [m for m in ctx.mine() if is_scoring(m)]
    theirs = [m for m in ctx.theirs() if is_contesting(m)]
    tol = ctx.tolerance

    def near(models: list[ModelView], mk: MarkerView) -> bool:
        return any(touching(m.position, m.base_mm, mk.position, mk.size_mm, tol) for m in models)

    held = sum(1 for mk in ctx.own_markers()
               if not mk.destroyed and mk.carried_by is None and near(mine, mk) and not near(theirs, mk))
    return held >= ctx.parameters["markers"]


@evaluator("markers_activated", "At least `markers` of the mission's markers have been activated (a marker destroyed "
           "after its activation still counts).", parameters={"markers": int})
def _markers_activated(ctx: EvaluationContext) -> bool:
    return sum(1 for mk in ctx.own_markers() if mk.activated) >= ctx.parameters["markers"]


@evaluator("markers_destroyed", "At least `markers` of the mission's markers have been destroyed (PRJ-73).",
           parameters={"markers": int}, rules=("R-MISSIONS", "PRJ-73"))
def _markers_destroyed(ctx: EvaluationContext) -> bool:
    return sum(1 for mk in ctx.own_markers() if mk.destroyed) >= ctx.parameters["markers"]


@evaluator("first_kill", "The first kill of a model by an enemy in the game was made by the side; kills at the same "
           "moment share the honour; no such kill is a failure (PRJ-76).", rules=("R-MISSIONS", "PRJ-76"))
def _first_kill(ctx: EvaluationContext) -> bool:
    kills = [k for k in ctx.view.kills() if k.killer_side is not None and k.killer_side != k.victim_side]
    if not kills:
        return False
    first = min(k.order for k in kills)
    return any(k.order == first and k.killer_side == ctx.side for k in kills)


@evaluator("models_near_enemy_edge", "At least `models` scoring models of the side are within `within_cm` of the "
           "opponent's table edge, measured from the nearest point of the base (R-MEASURE).",
           parameters={"models": int, "within_cm": float}, rules=("R-MISSIONS", "R-MEASURE"))
def _models_near_enemy_edge(ctx: EvaluationContext) -> bool:
    far = opposite_edge(ctx.view.edge(ctx.side))
    limit = float(ctx.parameters["within_cm"])
    near = [m for m in ctx.mine()
            if is_scoring(m) and distance_to_edge(m.position, m.base_mm, far, ctx.table) <= limit + _EPS]
    return len(near) >= ctx.parameters["models"]


@evaluator("enemies_captured", "At least `models` of the opponent's models have been captured.", parameters={"models": int})
def _enemies_captured(ctx: EvaluationContext) -> bool:
    return sum(1 for m in ctx.theirs() if m.captured) >= ctx.parameters["models"]

