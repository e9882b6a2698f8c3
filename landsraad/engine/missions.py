"""Missions in play: secret picks, marker placement, mission special actions, and the
engine's implementation of :class:`landsraad.missions.MissionView` for scoring.

Rules
-----
- R-MISSION-PICK, R-MISSIONS: after terrain and before deployment each player secretly picks
  and ranks 1 to 6 missions allowed to its warband; the winner of the missions bid says who
  picks first; markers are placed in that order (each card says who places them and where).
- Imperial espionage (Corrino, R-FACTION): the opponent must tell how many missions it chose.
- Protection's ambassador is a friendly model never activated (its card gives its profile).
- A player cannot fulfil the opponent's objectives: mission actions need the side's own markers.
- R-POISON Blinding: a blinded model cannot fulfil objectives (mission actions need ``not_blinded``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, ClassVar, Sequence

from ..dice import simple_test
from ..errors import RuleError
from ..geometry.board import TerrainPiece
from ..geometry.setup import edge_contact
from ..missions import (
    Edge,
    KillView,
    MarkerSpec,
    MarkerView,
    MissionCard,
    ModelView,
    SpecialAction,
    crowded,
    first_placement_problem,
    placement_allowed,
    restriction_problem,
)
from ..missions import (
    load_missions as _load_missions,
)
from ..model import Faction, Profile
from ..rules.poisons import may_fulfil_objectives
from ..specials import SPECIAL_RULES, HookContext
from .bridge import combatant, faction_named, tested
from .decisions import Decision, PointSpec
from .flow import Machine, Payload, SideAsk, WhoFirstAsk, builder, stage
from .spatial import contact_enemies
from .state import GameState, MarkerState, ModelState, Side, other_side


@lru_cache(maxsize=1)
def _bundled_missions() -> dict[str, MissionCard]:
    """The bundled mission cards, read and validated once per process."""
    return _load_missions()


def mission_cards(state: GameState) -> dict[str, MissionCard]:
    """The mission cards of this game: the bundled ones and the game's own (custom cards override an id)."""
    if not state.custom_missions:
        return _bundled_missions()
    return {**_bundled_missions(), **{card.id: card for card in state.custom_missions}}


__all__ = ["mission_cards", "EngineMissionView", "available_mission_actions", "MissionActionChoice", "perform_mission_action",
           "MissionsWon", "PickFrame", "TreacheryFrame", "PlaceFrame", "Placement", "MissionActionFrame", "MarkerAsk"]


def _keywords(state: GameState, side: str) -> set[str]:
    return {k for m in state.models_of(side, active_only=False) for k in m.profile.keywords}


def allowed_missions(state: GameState, side: str) -> tuple[str, ...]:
    """The missions ``side``'s warband may pick (restrictions: R-MISSIONS, PRJ-77)."""
    faction = state.side_state(side).faction
    keywords = _keywords(state, side)
    return tuple(mid for mid, card in sorted(mission_cards(state).items()) if restriction_problem(card, faction, keywords) is None)


@builder("pick_missions", SideAsk)
def _pick_decision(state: GameState, a: SideAsk) -> Decision:
    allowed = allowed_missions(state, a.side)
    return Decision(side=a.side, kind="pick_missions", secret=True,
                    prompt="Pick 1 to 6 missions in order of importance (rank 1 first).",
                    choices=allowed, ranked=(1, min(6, len(allowed))))


@dataclass(frozen=True, slots=True)
class MissionsWon(Payload):
    """The missions step's bid is won (R-SETUP-BID): by whom (it says who picks first)."""

    winner: Side


@dataclass(frozen=True, slots=True)
class PickFrame(Payload):
    """The secret picks under way (R-MISSION-PICK): who picks first, then second, and whose pick is asked (0 or 1)."""

    order: tuple[Side, ...]
    index: int


@dataclass(frozen=True, slots=True)
class TreacheryFrame(Payload):
    """The sides whose Treachery is still to be asked (PRJ, engine action), the first being asked."""

    sides: tuple[Side, ...]


Placement = tuple[Side, str, str, int]
"""A marker still to place: (owner side, mission id, marker spec id, its number on the card)."""


@dataclass(frozen=True, slots=True)
class PlaceFrame(Payload):
    """The markers still to place, in pick order (R-MISSIONS, PRJ-70), and, while one is asked, which
    (its owner, mission, spec and number) and who places it."""

    placements: tuple[Placement, ...]
    owner: Side | None = None
    mission: str | None = None
    spec: str | None = None
    n: int | None = None
    placer: Side | None = None

    OMITTED_WHEN_NONE: ClassVar[frozenset[str]] = frozenset({"owner", "mission", "spec", "n", "placer"})

    def asked(self) -> tuple[Side, str, str, int, Side]:
        """The marker asked for: owner, mission, spec, number and placer.

        Raises
        ------
        RuleError
            None is asked: the frame was not made by :func:`_place_next`.
        """
        if self.owner is None or self.mission is None or self.spec is None or self.n is None or self.placer is None:
            raise RuleError(f"A marker is placed without being asked for: {self.to_json()}.")
        return self.owner, self.mission, self.spec, self.n, self.placer


@dataclass(frozen=True, slots=True)
class MissionActionFrame(Payload):
    """A mission special action under way (R-MISSIONS): the model, the card and its action, and the
    marker or enemy it acts on (``None`` where the action has none; written ``null``)."""

    model: str
    mission: str
    action: str
    marker: str | None = None
    target: str | None = None


@stage("missions", MissionsWon)
def missions_step(m: Machine, d: MissionsWon, _: object) -> None:
    """Secret picks, then markers in pick order (R-MISSION-PICK)."""
    m.ask("who_first", WhoFirstAsk(d.winner, "picks missions", "missions"), _missions_order)


@stage("missions.order")
def _missions_order(m: Machine, _: object, first: Side) -> None:
    order = (first, other_side(first))
    m.ask("pick_missions", SideAsk(order[0]), missions_picked.at(PickFrame(order, 0)))


@stage("missions.picked", PickFrame)
def missions_picked(m: Machine, d: PickFrame, picks: Sequence[str]) -> None:
    order, index = d.order, d.index
    side = order[index]
    s = m.state.side_state(side)
    m.state = m.state.with_side(s.replace(missions=tuple(picks)))
    m.emit("missions_picked", side, secret=True, missions=list(picks))
    opponent = other_side(side)
    # Imperial espionage: the count is told to a player whose faction has the hook.
    opp_faction = faction_of_side(m.state, opponent)
    if opp_faction is not None and SPECIAL_RULES.any("reveal_mission_count", opp_faction.special_rules, HookContext(action="setup")):
        m.emit("missions_count_revealed", side, count=len(picks), to=opponent)
    if index == 0:
        m.ask("pick_missions", SideAsk(order[1]), missions_picked.at(PickFrame(order, 1)))
        return
    placements = tuple((owner, mission_id, spec.id, n) for owner in order for mission_id in m.state.side_state(owner).missions
                       for spec in mission_cards(m.state)[mission_id].markers for n in range(1, spec.count + 1))
    m.push(_place_next.at(PlaceFrame(placements)))
    _treachery(m, TreacheryFrame(tuple(s for s in ("red", "blue") if _has_treachery(m.state, s))), None)


def _has_treachery(state: GameState, side: str) -> bool:
    faction = faction_of_side(state, side)
    return faction is not None and "treachery" in faction.special_rules


@builder("treachery", SideAsk)
def _treachery_decision(state: GameState, a: SideAsk) -> Decision:
    return Decision(side=a.side, kind="treachery", prompt="Treachery: name one mission; your opponent must say whether it chose it.",
                    choices=tuple(sorted(mission_cards(state))))


@stage("missions.treachery", TreacheryFrame)
def _treachery(m: Machine, d: TreacheryFrame, named: str | None) -> None:
    """Harkonnen Treachery (PRJ, engine action): once, after the picks, name a mission; the
    opponent answers truthfully whether it chose it (not its rank)."""
    sides = list(d.sides)
    if named is not None:
        side = sides.pop(0)
        chosen = named in m.state.side_state(other_side(side)).missions
        m.state = m.state.with_flag(side, "treachery", f"{named}:{'chosen' if chosen else 'not chosen'}")  # what the player learnt
        m.emit("treachery", side, named=named, chosen=chosen)
    if sides:
        m.ask("treachery", SideAsk(sides[0]), _treachery.at(TreacheryFrame(tuple(sides))))


def faction_of_side(state: GameState, side: str) -> Faction | None:
    """The faction sheet of ``side`` (``None`` for a pseudo-faction)."""
    return faction_named(state, state.side_state(side).faction)


def _marker_spec(state: GameState, mission_id: str, spec_id: str) -> MarkerSpec:
    return next(s for s in mission_cards(state)[mission_id].markers if s.id == spec_id)


def _marker_id(owner: str, mission_id: str, spec_id: str, n: int) -> str:
    return f"{owner}-{mission_id}-{spec_id}-{n}".replace("_", "-")


def _marker_check(state: GameState, owner: str, mission_id: str,
                  spec: MarkerSpec) -> tuple[Callable[[tuple[float, float]], str | None], Callable[[tuple[float, float]], bool]]:
    """The legality test of a marker of kind ``spec`` (R-MISSIONS, PRJ-70): a point's first problem,
    or ``None``; and the same verdict as yes or no, nothing worded (:attr:`PointSpec.accepts`).

    The card's rules come first (:func:`first_placement_problem`, worded only for a failing
    point), then impassable terrain, which a marker may not overlap.
    """
    owner_edge = state.side_state(owner).edge
    same_kind, occupied = _others(state, owner, mission_id, spec)
    table = (state.width, state.depth)
    blocked = state.board.terrain_of("blocked")
    reach = _marker_reach(spec)

    def check(point: tuple[float, float]) -> str | None:
        problem = first_placement_problem(spec, point, owner_edge=owner_edge, table=table, same_kind=same_kind, occupied=occupied)
        if problem is not None:
            return problem
        piece = _overlapped_piece(blocked, point, reach)
        return None if piece is None else f"it would overlap the impassable terrain piece {piece.id}"

    def accepts(point: tuple[float, float]) -> bool:
        return placement_allowed(spec, point, owner_edge=owner_edge, table=table, same_kind=same_kind,
                                 occupied=occupied) and _overlapped_piece(blocked, point, reach) is None

    return check, accepts


def _others(state: GameState, owner: str, mission_id: str,
            spec: MarkerSpec) -> tuple[list[tuple[float, float]], list[tuple[tuple[float, float], float]]]:
    """The tokens a new marker of kind ``spec`` must keep clear of (PRJ-70): the centres of the
    owner's markers of that kind on that card (``min_apart_cm``), and every marker and ambassador
    on the table with its size in mm (no overlap)."""
    prefix = f"{owner}-{mission_id}-{spec.id}".replace("_", "-")
    same_kind = [(k.x, k.y) for k in state.markers if k.owner == owner and k.mission == mission_id and k.id.startswith(prefix)]
    occupied = [((k.x, k.y), k.size_mm) for k in state.markers] + [((mm.x, mm.y), mm.base_mm) for mm in state.models if mm.ambassador]
    return same_kind, occupied


def _marker_reach(spec: MarkerSpec) -> float:
    """How far from its centre a marker of kind ``spec`` covers the table (its radius, a hair less
    so that touching terrain is not overlapping it)."""
    return spec.size_mm / 20.0 - 1e-6


def _overlapped_piece(blocked: Sequence[TerrainPiece], point: tuple[float, float], reach: float) -> TerrainPiece | None:
    """The first piece of ``blocked`` that a marker of radius ``reach`` at ``point`` would overlap (PRJ-70), if any."""
    x, y = float(point[0]), float(point[1])
    return next((piece for piece in blocked if piece.closer_than(x, y, reach)), None)


@lru_cache(maxsize=256)
def _card_spots(spec: MarkerSpec, owner_edge: Edge, table: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    """The spots of the marker grid (every 4 cm) that the card's own rules allow on an empty table (PRJ-70).

    The other markers and the terrain only add problems, so a spot outside this set is never
    legal, and :func:`_place_next` tests only these, for those problems only. The card's rules
    are the same for every game: a few cards, two edges and one table size fill the cache.
    """
    width, depth = table
    grid = [(float(x) + 0.5, float(y) + 0.5) for y in range(3, int(depth) - 2, 4) for x in range(3, int(width) - 2, 4)]
    return tuple(p for p in grid if first_placement_problem(spec, p, owner_edge=owner_edge, table=table) is None)


@lru_cache(maxsize=256)
def _terrain_clear_spots(spots: tuple[tuple[float, float], ...], blocked: tuple[TerrainPiece, ...],
                         reach: float) -> tuple[tuple[float, float], ...]:
    """``spots`` where a marker of radius ``reach`` overlaps no piece of ``blocked`` (PRJ-70:
    :func:`_overlapped_piece`, :func:`_marker_check`'s terrain test), in order.

    The terrain does not move while the markers are placed: every marker of a card on that table
    tests the same spots against it, so they are sifted once per card spots and layout (the
    other tokens, which change with each marker, are tested apart)."""
    return tuple(p for p in spots if _overlapped_piece(blocked, p, reach) is None)


@stage("missions.place", PlaceFrame)
def _place_next(m: Machine, d: PlaceFrame, _: object) -> None:
    """The markers, in pick order; each card says who places them and where."""
    placements = list(d.placements)
    state = m.state
    while placements:
        owner, mission_id, spec_id, n = placements.pop(0)
        spec = _marker_spec(state, mission_id, spec_id)
        same_kind, occupied = _others(state, owner, mission_id, spec)
        spots = _terrain_clear_spots(_card_spots(spec, state.side_state(owner).edge, (state.width, state.depth)),
                                     state.board.terrain_of("blocked"), _marker_reach(spec))
        # the card's rules and the terrain are met by every spot (sifted once): only the other
        # tokens are left to test, as yes or no (crowding_problem's tests, no sentence worded)
        candidates = [p for p in spots if not crowded(spec, p, same_kind=same_kind, occupied=occupied)]
        if not candidates:
            m.emit("marker_no_room", owner, marker=_marker_id(owner, mission_id, spec_id, n), mission=mission_id)
            continue
        # Spread the suggestions over the table rather than listing one corner first.
        step = max(1, len(candidates) // 24)
        placer = owner if spec.placed_by == "owner" else other_side(owner)
        m.ask("place_marker", MarkerAsk(placer, owner, mission_id, spec_id, n, tuple(candidates[::step][:24])),
              _placed.at(PlaceFrame(tuple(placements), owner, mission_id, spec_id, n, placer)))
        return


@dataclass(frozen=True, slots=True)
class MarkerAsk(Payload):
    """Where a side places a mission's marker (R-MISSIONS, PRJ-70): whose card, which marker, the spots suggested."""

    side: Side
    owner: Side
    mission: str
    spec: str
    n: int
    candidates: tuple[tuple[float, float], ...]


@builder("place_marker", MarkerAsk)
def _place_marker_decision(state: GameState, a: MarkerAsk) -> Decision:
    card = mission_cards(state)[a.mission]
    spec = _marker_spec(state, a.mission, a.spec)
    check, accepts = _marker_check(state, a.owner, a.mission, spec)
    return Decision(side=a.side, kind="place_marker", prompt=f"Where do you place {spec.name} {a.n} of {card.name} ({spec.where})?",
                    point=PointSpec(check, a.candidates, accepts=accepts),
                    info={"mission": card.id, "marker": spec.id, "owner": a.owner})


@stage("missions.placed", PlaceFrame)
def _placed(m: Machine, d: PlaceFrame, point: tuple[float, float]) -> None:
    owner, mission_id, spec_id, n, placer = d.asked()
    card = mission_cards(m.state)[mission_id]
    spec = _marker_spec(m.state, mission_id, spec_id)
    marker_id = _marker_id(owner, card.id, spec.id, n)
    if spec.model is not None:
        token = spec.model
        profile = Profile(id="ambassador", name=token.name, name_fr=spec.name_fr, cost=0, movement=max(token.movement, 0.1), combat=token.combat,
                          reflexes=token.reflexes, endurance=token.endurance, shield=token.shield, base_mm=spec.size_mm,
                          source=token.source)
        model = ModelState(id=marker_id, side=owner, faction=f"mission:{card.id}", type="ambassador", name=token.name,
                           profile=profile, base_mm=spec.size_mm, x=point[0], y=point[1], ambassador=True)
        m.state = m.state.replace(models=m.state.models + (model,))
        m.emit("ambassador", owner, marker_id, at=point, mission=card.id, placed_by=placer)
    else:
        m.state = m.state.replace(markers=m.state.markers + (MarkerState(
            id=marker_id, owner=owner, mission=card.id, x=point[0], y=point[1], size_mm=spec.size_mm, placed_by=placer),))
        m.emit("marker", owner, marker=marker_id, mission=card.id, kind=spec.id, at=point, placed_by=placer)
    _place_next(m, PlaceFrame(d.placements), None)


# --- the view for the evaluators --------------------------------------------------------------


class EngineMissionView:
    """:class:`landsraad.missions.MissionView` over a :class:`GameState`."""

    def __init__(self, state: GameState) -> None:
        self.state = state

    def sides(self) -> Sequence[str]:
        return ("red", "blue")

    def edge(self, side: str) -> Edge:
        return self.state.side_state(side).edge

    def table_size(self) -> tuple[float, float]:
        return (self.state.width, self.state.depth)

    def models(self, side: str) -> Sequence[ModelView]:
        out = []
        for m in self.state.models:
            if m.side != side:
                continue
            out.append(ModelView(
                id=m.id, side=m.side, type=m.type, position=m.position, base_mm=m.base_mm, cost=m.profile.cost,
                keywords=tuple(m.profile.keywords), alive=not (m.out_of_action or m.wound == "fatal"), removed=m.removed,
                captured=m.captured, wound=m.wound, poisons=tuple(p.kind for p in m.poisons), carrying=m.carrying,
                is_ambassador=m.ambassador,
            ))
        return tuple(out)

    def markers(self) -> Sequence[MarkerView]:
        out = []
        for k in self.state.markers:
            position = (k.x, k.y)
            if k.carried_by:
                position = self.state.model(k.carried_by).position
            out.append(MarkerView(id=k.id, side=k.owner, mission=k.mission, position=position, size_mm=k.size_mm,
                                  destroyed=k.destroyed, carried_by=k.carried_by, activated=k.activated, delivered=k.delivered))
        return tuple(out)

    def kills(self) -> Sequence[KillView]:
        return tuple(KillView(order=k.order, victim=k.victim, victim_side=k.victim_side, killer=k.killer,
                              killer_side=k.killer_side, means=k.means) for k in self.state.kills)


# --- mission special actions -----------------------------------------------------------------------


@dataclass(frozen=True)
class MissionActionChoice:
    """A mission special action available now: the card, the action, and its object."""

    mission: str
    action: str
    marker: str | None = None
    target: str | None = None

    @property
    def key(self) -> str:
        obj = self.marker or self.target
        return f"mission:{self.mission}:{self.action}" + (f":{obj}" if obj else "")


def _standing(m: ModelState) -> bool:
    return not m.out_of_action


def marker_contact(state: GameState, model: ModelState, marker: MarkerState) -> bool:
    gap = math.hypot(model.x - marker.x, model.y - marker.y) - model.base_mm / 20.0 - marker.size_mm / 20.0
    return gap <= state.ruleset.contact_tolerance_cm + 1e-9


def _edge_contact(state: GameState, model: ModelState) -> bool:
    """Whether the model's base touches its own table edge (RUL-07 tolerance)."""
    return edge_contact(state.board, model.base(), state.side_state(model.side).edge, state.ruleset.contact_tolerance_cm)


def available_mission_actions(state: GameState, model_id: str) -> tuple[MissionActionChoice, ...]:
    """The mission special actions ``model_id`` may take now (every requirement of the card holds)."""
    m = state.model(model_id)
    picks = state.side_state(m.side).missions
    if not picks:
        return ()
    cards = mission_cards(state)
    out: list[MissionActionChoice] = []
    enemies_in_contact = contact_enemies(state, model_id)
    may_fulfil: bool | None = None  # R-POISON Blinding: asked of the model once, by the first action that requires it
    for mission_id in picks:
        card = cards[mission_id]
        for action in card.special_actions:
            if may_fulfil is None and "not_blinded" in action.requires:
                may_fulfil = may_fulfil_objectives(combatant(state, model_id))
            out.extend(_action_choices(state, m, card, action, enemies_in_contact, may_fulfil))
    return tuple(out)


def _action_choices(state: GameState, m: ModelState, card: MissionCard, action: SpecialAction, enemies_in_contact: Sequence[str],
                    may_fulfil: bool | None) -> list[MissionActionChoice]:
    """The choices of one special action; ``may_fulfil`` is known whenever the action requires it."""
    req = set(action.requires)
    if "not_blinded" in req and not may_fulfil:
        return []
    if "not_carrying" in req and m.carrying:
        return []
    if "touching_own_edge" in req and not _edge_contact(state, m):
        return []
    markers: list[str | None] = [None]
    if "contact_own_marker" in req:
        prefix = f"{m.side}-{card.id}-{action.marker}".replace("_", "-")
        markers = [k.id for k in state.markers if k.owner == m.side and k.mission == card.id and k.on_table
                   and k.id.startswith(prefix)
                   and marker_contact(state, m, k) and not ("marker_not_activated" in req and k.activated)]
        if not markers:
            return []
    if "carrying_own_marker" in req:
        carried = state.marker(m.carrying) if m.carrying else None
        if carried is None or carried.owner != m.side or carried.mission != card.id:
            return []
        markers = [carried.id]
    targets: list[str | None] = [None]
    if "contact_enemy_model" in req:
        enemies = [e for e in enemies_in_contact if not state.model(e).ambassador]
        if "target_helpless" in req:
            enemies = [e for e in enemies if state.model(e).wound in ("grave",) or state.model(e).has_poison("paralysing")]
        if not enemies:
            return []
        targets = [*enemies]
    if "not_engaged" in req:
        others = [e for e in enemies_in_contact if e not in targets]
        if others:
            return []
    return [MissionActionChoice(card.id, action.id, mk, t) for mk in markers for t in targets]


@stage("mission_action", MissionActionFrame)
def perform_mission_action(m: Machine, d: MissionActionFrame, _: object) -> None:
    """Carry out a mission special action (the card's effect), after its simple test if any."""
    card = mission_cards(m.state)[d.mission]
    action = next(a for a in card.special_actions if a.id == d.action)
    mm = m.state.model(d.model)
    if action.test is not None:
        m.roll(2, _mission_action_tested.at(d), by=(mm.side, mm.id), why=f"{action.name} test")
        return
    _apply_mission_action(m, d)


@stage("mission_action.tested", MissionActionFrame)
def _mission_action_tested(m: Machine, d: MissionActionFrame, dice: tuple[int, ...]) -> None:
    card = mission_cards(m.state)[d.mission]
    action = next(a for a in card.special_actions if a.id == d.action)
    # R-FATIGUE-MALUS: the activation's malus applies to every test of the active model.
    spec = action.test
    if spec is None:
        raise RuleError(f"The mission action {action.id!r} of {card.id!r} has no test to roll for (R-TEST-SIMPLE).")
    c = tested(m.state, d.model)
    bonus = c.effective_combat if spec.characteristic == "combat" else c.effective_reflexes
    neutral, colour = dice
    test = simple_test(bonus, spec.difficulty, neutral=neutral, colour=colour)
    side = m.state.model(d.model).side
    m.emit("test", side, d.model, action=action.id, test=test)
    if not test.success:
        m.emit("mission_action_failed", side, d.model, mission=card.id, action=action.id)
        return
    _apply_mission_action(m, d)


def _apply_mission_action(m: Machine, d: MissionActionFrame) -> None:
    card = mission_cards(m.state)[d.mission]
    action = next(a for a in card.special_actions if a.id == d.action)
    model_id, marker, target = d.model, d.marker, d.target
    state = m.state
    if action.effect == "pick_up" and marker:
        state = state.with_marker(state.marker(marker).replace(carried_by=model_id))
        state = state.update_model(model_id, carrying=marker)
    elif action.effect == "deliver" and marker:
        state = state.with_marker(state.marker(marker).replace(carried_by=None, delivered=True))
        state = state.update_model(model_id, carrying=None)
    elif action.effect == "activate" and marker:
        state = state.with_marker(state.marker(marker).replace(activated=True))
    elif action.effect == "destroy" and marker:
        state = state.with_marker(state.marker(marker).replace(destroyed=True))
    elif action.effect == "capture" and target:
        state = state.update_model(target, removed=True, captured=True, carrying=None)
    m.state = state
    m.emit("mission_action", state.model(model_id).side, model_id, mission=card.id, action=action.id, effect=action.effect,
           marker=marker, target=target)
