"""Mission cards as data: markers, special actions, conditions, values, restrictions and placement, and their loading (R-MISSIONS)."""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Iterator, Literal, Sequence

from pydantic import Field, field_validator, model_validator

from ..content import data_dir, load_model
from ..errors import DataError, Problem, UnknownNameError
from ..i18n import N_, Message, in_languages, joined, message, numeral
from ..model import Bonus, FrenchName, FrenchText, Frozen, ShieldKind, Source, shown_name
from .registry import EVALUATORS
from .view import _EPS, _ID, RANKS, Edge, Outcome, Point, distance_to_edge, edge_gap, opposite_edge, within_half

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
    name_fr: FrenchName = None
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
    where_fr: FrenchText = None

    def shown(self, lang: str | None = None) -> str:
        """The marker's name in ``lang`` (the active language by default): ``name_fr`` in French."""
        return shown_name(self.name, self.name_fr, lang)

    @model_validator(mode="after")
    def _token_model(self) -> "MarkerSpec":
        if self.model is not None and (self.portable or self.destructible):
            raise ValueError(message(
                "Marker {id} is a model (it has a 'model' profile), so it can be neither portable nor destructible; "
                "set 'portable: false' and 'destructible: false'.", id=repr(self.id)))
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
    name_fr: FrenchName = None
    text_fr: FrenchText = None

    def shown(self, lang: str | None = None) -> str:
        """The action's name in ``lang`` (the active language by default): ``name_fr`` in French."""
        return shown_name(self.name, self.name_fr, lang)


class Condition(Frozen):
    """A success or failure condition: the text players read and the evaluator that decides it.

    ``parameters`` are passed to the evaluator (e.g. how many markers must be held); the
    evaluator declares which it needs (:class:`Evaluator`).
    """

    text: str
    evaluator: str
    parameters: dict[str, int | float] = Field(default_factory=dict)
    text_fr: FrenchText = None

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
        problems: list[Message] = []
        evaluator = repr(self.evaluator)
        if missing:
            problems.append(message("Evaluator {evaluator} needs the parameter(s) {names}.", evaluator=evaluator, names=", ".join(missing)))
        if unknown:
            allowed = ", ".join(sorted(spec.parameters)) or message("none")
            problems.append(message("Evaluator {evaluator} takes no parameter(s) {names} (it takes: {allowed}).", evaluator=evaluator,
                                    names=", ".join(unknown), allowed=allowed))
        for name, kind in spec.parameters.items():
            value = self.parameters.get(name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0
                                      or (kind is int and not float(value).is_integer())):
                text = (N_("Parameter {name} of evaluator {evaluator} must be a whole number of 0 or more; got {value}.") if kind is int
                        else N_("Parameter {name} of evaluator {evaluator} must be a number of 0 or more; got {value}."))
                problems.append(message(text, name=repr(name), evaluator=evaluator, value=repr(value)))
        if problems:
            raise ValueError(joined(" ", problems))
        return self


_SIX_ROWS = {"success": N_("The success row must give {n} values, one per rank 1-6; got {count}: {values}."),
             "failure": N_("The failure row must give {n} values, one per rank 1-6; got {count}: {values}.")}
"""The sentence for a value row of the wrong length, per row (the row's name is a word of the sentence in French)."""


def _six(values: Any, what: str) -> Any:
    if isinstance(values, (list, tuple)) and len(values) != len(RANKS):
        raise ValueError(message(_SIX_ROWS[what], n=len(RANKS), count=len(values), values=repr(list(values))))
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
            raise ValueError(message("Success values are victory points won and must be 0 or more; got {values}.", values=list(v)))
        return v

    @field_validator("failure")
    @classmethod
    def _lost(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        if any(x > 0 for x in v):
            raise ValueError(message("Failure values are victory points lost and must be 0 or less; got {values}.", values=list(v)))
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
    text_fr: FrenchText = None

    @model_validator(mode="after")
    def _not_empty(self) -> "Restriction":
        if not self.factions and not self.keywords:
            raise ValueError(message("A restriction must list at least one faction or one keyword; leave 'restriction' out for none."))
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
    setup_fr: FrenchText = None
    special_rules_fr: FrenchText = None
    special_actions: tuple[SpecialAction, ...] = ()
    success: Condition
    failure: Condition
    values: ValueTable
    rules: tuple[str, ...] = ("R-MISSIONS",)

    @model_validator(mode="after")
    def _cross_references(self) -> "MissionCard":
        problems: list[Message] = []
        for kind, ids in ((message("marker"), [m.id for m in self.markers]),
                          (message("special action"), [a.id for a in self.special_actions])):
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            if dupes:
                problems.append(message("The {kind} id(s) {ids} appear more than once.", kind=kind, ids=", ".join(dupes)))
        marker_ids = {m.id for m in self.markers}
        needs_marker = {"contact_own_marker", "marker_not_activated", "carrying_own_marker"}
        for a in self.special_actions:
            if a.marker is not None and a.marker not in marker_ids:
                problems.append(message("Special action {action} names marker {marker}, which is not in 'markers' ({markers}).",
                                        action=repr(a.id), marker=repr(a.marker), markers=", ".join(sorted(marker_ids)) or message("none")))
            if a.marker is None and needs_marker & set(a.requires):
                problems.append(message("Special action {action} requires a marker of this mission, so it must name one in 'marker'.",
                                        action=repr(a.id)))
        if problems:
            raise ValueError(joined(" ", problems))
        return self

    def shown(self, lang: str | None = None) -> str:
        """The card's name in ``lang`` (the active language by default): the rulebook's own (French) name in French."""
        return shown_name(self.name, self.rulebook_name, lang)

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
        raise DataError([Problem(message("mission {id}", id=card.id), "rank",
                                 message("A mission's rank is a whole number from 1 to 6; got {rank}.", rank=repr(rank)))])
    if outcome is None:
        return 0
    return (card.values.success if outcome else card.values.failure)[rank - 1]


_AND_IT = message("; it ")
"""Between two reasons a mission may not be picked ("... not corrino; it may only be picked by ...")."""


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
    reasons: list[Message] = []
    if r.factions and faction not in r.factions:
        reasons.append(message("may only be picked by the faction(s) {factions}, not {faction}", factions=", ".join(r.factions), faction=faction))
    missing = [k for k in r.keywords if k not in have]
    for k in missing:
        reasons.append(message("may only be picked by a warband that fields a model with the keyword {keyword}; this {faction} warband "
                               "fields none", keyword=repr(k), faction=faction))
    if not reasons:
        return None
    return message("Mission {id} ({name}) {reasons}.", id=repr(card.id), name=in_languages(card.name, fr=card.rulebook_name),
                   reasons=joined(_AND_IT, reasons))


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
    :func:`first_placement_problem` gives the first of these sentences only.

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
    return tuple(_placement_problems(spec, center, owner_edge, table, same_kind, occupied))


def first_placement_problem(
    spec: MarkerSpec,
    center: Point,
    *,
    owner_edge: Edge,
    table: tuple[float, float] = (60.0, 60.0),
    same_kind: Sequence[Point] = (),
    occupied: Sequence[tuple[Point, float]] = (),
) -> str | None:
    """The first of :func:`placement_problems` (PRJ-70), or ``None`` when the marker may stand at ``center``.

    The rules are tested in the same order and only until one fails, so a caller that needs
    a yes or no (or one reason) neither tests nor words the others.

    Examples
    --------
    >>> spice = load_mission("spice_theft").marker("spice")
    >>> first_placement_problem(spice, (30, 45), owner_edge="south") is None
    True
    >>> print(first_placement_problem(spice, (30, 45), owner_edge="south", occupied=[((32, 45), 30)]))
    Spice cache at (30, 45) overlaps the token at (32, 45); tokens may touch but not overlap.
    """
    return next(_placement_problems(spec, center, owner_edge, table, same_kind, occupied), None)


def crowding_problem(spec: MarkerSpec, center: Point, *, same_kind: Sequence[Point] = (),
                     occupied: Sequence[tuple[Point, float]] = ()) -> str | None:
    """The first of :func:`placement_problems` that the other tokens make (PRJ-70), or ``None``.

    Only ``min_apart_cm`` and overlaps are tested: for a ``center`` already known to meet the
    card's own rules (on the table, in its region, far enough from the edges), such as a spot
    of a grid sifted once per card, this is :func:`first_placement_problem`.

    Examples
    --------
    >>> spice = load_mission("spice_theft").marker("spice")
    >>> crowding_problem(spice, (30, 45), occupied=[((33, 45), 30)]) is None   # touching
    True
    """
    return next(_crowding_problems(spec, center, same_kind, occupied), None)


def _marker(spec: MarkerSpec, *, lower: bool = False) -> Message:
    """A marker kind's name in a sentence, in the language the sentence is shown in (``name_fr`` in French)."""
    if lower:
        return in_languages(spec.name.lower(), fr=spec.name_fr.lower() if spec.name_fr else None)
    return in_languages(spec.name, fr=spec.name_fr)


def _at(x: float, y: float) -> Message:
    """A point of a placement sentence: ``(30, 20)``, ``(30 ; 20)`` in French."""
    return message("({x}, {y})", x=numeral(x, "g"), y=numeral(y, "g"))


def _placement_problems(
    spec: MarkerSpec,
    center: Point,
    own: Edge,
    table: tuple[float, float],
    same_kind: Sequence[Point],
    occupied: Sequence[tuple[Point, float]],
) -> Iterator[str]:
    """The rules of :func:`placement_problems`, one at a time: each sentence is worded only when it is asked for."""
    x, y = center
    width, depth = table
    for rule, value in _card_conflicts(spec, center, own, table):
        if rule == "table":
            yield message("{marker} must lie wholly on the {width} x {depth} cm table; at {point} it does not.", marker=_marker(spec),
                          width=numeral(width, "g"), depth=numeral(depth, "g"), point=_at(x, y))
            return
        if rule == "own_half":
            yield message("{marker} must lie wholly within its owner's half; at {point} it does not.", marker=_marker(spec),
                          point=_at(x, y))
        elif rule == "opponent_half":
            yield message("{marker} must lie wholly within the opponent's half; at {point} it does not.", marker=_marker(spec),
                          point=_at(x, y))
        elif rule == "edges":
            yield message("{marker} must be at least {limit} cm from every table edge; at {point} it is {gap} cm from one.",
                          marker=_marker(spec), limit=numeral(spec.min_from_edges_cm, "g"), point=_at(x, y),
                          gap=numeral(value, ".1f"))
        else:
            own_edge = rule == "own_edge"
            limit, edge = (spec.min_from_own_edge_cm, own) if own_edge else (spec.min_from_opponent_edge_cm, opposite_edge(own))
            text = (N_("{marker} must be at least {limit} cm from its owner's table edge ({edge}); at {point} it is {gap} cm away.")
                    if own_edge else
                    N_("{marker} must be at least {limit} cm from the opponent's table edge ({edge}); at {point} it is {gap} cm "
                       "away."))
            yield message(text, marker=_marker(spec), limit=numeral(limit, "g"), edge=edge, point=_at(x, y),
                          gap=numeral(value, ".1f"))
    yield from _crowding_problems(spec, center, same_kind, occupied)


def placement_allowed(
    spec: MarkerSpec,
    center: Point,
    *,
    owner_edge: Edge,
    table: tuple[float, float] = (60.0, 60.0),
    same_kind: Sequence[Point] = (),
    occupied: Sequence[tuple[Point, float]] = (),
) -> bool:
    """Whether a marker of kind ``spec`` may be placed at ``center`` (PRJ-70): :func:`first_placement_problem`
    is ``None``, by the same tests in the same order, none worded (for a caller trying spot after
    spot until one is legal).

    Examples
    --------
    >>> spice = load_mission("spice_theft").marker("spice")
    >>> placement_allowed(spice, (30, 45), owner_edge="south"), placement_allowed(spice, (30, 20), owner_edge="south")
    (True, False)
    """
    if next(_card_conflicts(spec, center, owner_edge, table), None) is not None:
        return False
    return not crowded(spec, center, same_kind=same_kind, occupied=occupied)


def _card_conflicts(spec: MarkerSpec, center: Point, own: Edge, table: tuple[float, float]) -> Iterator[tuple[str, float]]:
    """The card's own placement rules that a marker at ``center`` breaks (PRJ-70), in
    :func:`_placement_problems`' order, as ``(rule, value)``: ``table`` (off the table: no other
    rule is tested), ``own_half``, ``opponent_half``, then ``edges``, ``own_edge``,
    ``opponent_edge`` with the distance found (cm)."""
    x, y = center
    size = spec.size_mm
    r = size / 20.0
    width, depth = table
    opp = opposite_edge(own)
    if not (r - _EPS <= x <= width - r + _EPS and r - _EPS <= y <= depth - r + _EPS):
        yield "table", 0.0
        return
    if spec.region == "own_half" and not within_half(center, size, own, table):
        yield "own_half", 0.0
    if spec.region == "opponent_half" and not within_half(center, size, opp, table):
        yield "opponent_half", 0.0
    if spec.min_from_edges_cm:
        nearest = min(distance_to_edge(center, size, "south", table), distance_to_edge(center, size, "north", table),
                      distance_to_edge(center, size, "west", table), distance_to_edge(center, size, "east", table))
        if nearest < spec.min_from_edges_cm - _EPS:
            yield "edges", nearest
    for limit, edge, rule in ((spec.min_from_own_edge_cm, own, "own_edge"), (spec.min_from_opponent_edge_cm, opp, "opponent_edge")):
        if limit:
            d = distance_to_edge(center, size, edge, table)
            if d < limit - _EPS:
                yield rule, d


def _crowding_problems(spec: MarkerSpec, center: Point, same_kind: Sequence[Point],
                       occupied: Sequence[tuple[Point, float]]) -> Iterator[str]:
    """The rules of :func:`placement_problems` that the other tokens make: ``min_apart_cm``, then overlaps."""
    x, y = center
    for other, gap in _crowding_conflicts(spec, center, same_kind, occupied):
        if gap is not None:
            yield message("{marker} must be at least {limit} cm from the other {kind} markers; at {point} it is {gap} cm from "
                          "the one at {other}.", marker=_marker(spec), limit=numeral(spec.min_apart_cm, "g"),
                          kind=_marker(spec, lower=True), point=_at(x, y), gap=numeral(gap, ".1f"), other=_at(*other))
        else:
            yield message("{marker} at {point} overlaps the token at {other}; tokens may touch but not overlap.", marker=_marker(spec),
                          point=_at(x, y), other=_at(*other))


def crowded(spec: MarkerSpec, center: Point, *, same_kind: Sequence[Point] = (),
            occupied: Sequence[tuple[Point, float]] = ()) -> bool:
    """Whether :func:`crowding_problem` finds a problem (PRJ-70), without wording it.

    The same tests in the same order: a caller sifting many spots (the marker grid of
    :mod:`landsraad.engine.missions`, most of whose spots a placed token crowds out) words none.

    Examples
    --------
    >>> spice = load_mission("spice_theft").marker("spice")
    >>> crowded(spice, (30, 45), occupied=[((33, 45), 30)]), crowded(spice, (30, 45), occupied=[((32, 45), 30)])
    (False, True)
    """
    return next(_crowding_conflicts(spec, center, same_kind, occupied), None) is not None


def _crowding_conflicts(spec: MarkerSpec, center: Point, same_kind: Sequence[Point],
                        occupied: Sequence[tuple[Point, float]]) -> Iterator[tuple[Point, float | None]]:
    """The other tokens that crowd a marker at ``center`` (PRJ-70), in :func:`_crowding_problems`' order:
    ``(other, gap)`` for a marker of its kind nearer than ``min_apart_cm`` (``gap`` its edge gap),
    then ``(other, None)`` for a token it overlaps."""
    x, y = center
    size = spec.size_mm
    if spec.min_apart_cm:
        for other in same_kind:
            gap = edge_gap(center, size, other, size)
            if gap < spec.min_apart_cm - _EPS:
                yield other, gap
    r = size / 20.0
    for other, other_mm in occupied:
        if math.hypot(x - other[0], y - other[1]) < r + other_mm / 20.0 - _EPS:
            yield other, None


# --- loading --------------------------------------------------------------------------------


def mission_ids(directory: str | Path | None = None) -> list[str]:
    """The ids of the missions in ``directory`` (default: the bundled ``missions/``), from the file names.

    Examples
    --------
    >>> len(mission_ids()), "protection" in mission_ids()
    (10, True)
    """
    if directory is None:
        return list(_bundled_ids())
    return sorted(p.stem for p in Path(directory).glob("*.yaml"))


@lru_cache(maxsize=1)
def _bundled_ids() -> tuple[str, ...]:
    """The bundled cards' ids, read from the package's folder once (it does not change while the
    program runs; the search asks for every card in each rollout's value)."""
    return tuple(sorted(p.stem for p in data_dir("missions").glob("*.yaml")))


def load_mission_file(path: str | Path) -> MissionCard:
    """Read and validate one card; a file whose name is not ``<id>.yaml`` is a :class:`DataError`."""
    path = Path(path)
    card = load_model(MissionCard, path)
    if card.id != path.stem:
        raise DataError([Problem(str(path), "id", message("The card's id {id} must match its file name {stem}.", id=repr(card.id),
                                                          stem=repr(path.stem)))])
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
        return {mid: _bundled(mid) for mid in _bundled_ids()}
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


def card_name(name: str, lang: str | None = None) -> str:
    """A score line's mission (a bundled card's English ``name``) as the reader reads it: the rulebook's own name in
    French (:meth:`MissionCard.shown`); a name that is no bundled card's, as written.

    >>> card_name("Spice theft", "fr"), card_name("Spice theft", "en"), card_name("House card", "fr")
    ("Vol d'Epice", 'Spice theft', 'House card')
    """
    card = next((c for c in load_missions().values() if c.name == name), None)
    return card.shown(lang) if card is not None else name


def marker_name_fr(marker_id: str) -> str | None:
    """A mission marker's French name and number, from its card's ``name_fr`` (content is data): the engine's id
    ``blue-spice-theft-spice-1`` (side, mission, kind, number) reads ``Cache d'épice 1``. None for a marker that is no
    bundled card's or whose kind has no French name (issue 40).

    Examples
    --------
    >>> marker_name_fr("blue-spice-theft-spice-1"), marker_name_fr("red-activation-terminal-3"), marker_name_fr("obj-1")
    ("Cache d'épice 1", 'Terminal 3', None)
    """
    words = marker_id.split("-")
    if len(words) < 4 or words[0] not in ("red", "blue") or not words[-1].isdigit():
        return None
    middle = "-".join(words[1:-1])
    for card in load_missions().values():
        for spec in card.markers:
            if f"{card.id}-{spec.id}".replace("_", "-") == middle and spec.name_fr:
                return f"{spec.name_fr} {words[-1]}"
    return None
