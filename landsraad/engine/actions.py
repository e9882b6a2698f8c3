"""The actions of an activation (rulebook 2.3 to 2.7): the menu, and the simple actions.

Melee and disengaging live in :mod:`landsraad.engine.melee`, shooting in
:mod:`landsraad.engine.shooting`; this module offers the legal actions and dispatches the
chosen one to its stage.

Rules
-----
- R-ACTIVATE: Move, Melee (in contact with an enemy), Shoot (with a ranged weapon, in contact
  with no enemy), Disengage (R-DISENGAGE), special actions of profiles, equipment and missions.
- R-ACTIVATE, PRJ-100 (2.2.1 "Il la désigne à son adversaire et indique l'action qu'il veut lui
  faire entreprendre"): the action is declared when the model is designated, before its free
  move: the choices are the actions legal now and those the free move may make legal
  (:func:`declarable_actions`); a free move before the action must keep it legal
  (:func:`action_problem_at`).
- R-TEMPLATE, R-LASER, PRJ-103 (2.7 "Une arme à gabarit peut viser n'importe quel point du champ
  de bataille"): a laser is offered whenever it may shoot at all: its explosive blast may aim at
  any point, so it needs no enemy in sight (its burn mode keeps RUL-08's targets).
- PRJ-104 (2.2.1 "Quelques actions ne permettent pas de réaliser le mouvement gratuit"): a mission
  special action or a piece of rare equipment marked ``free_move: false`` takes away the
  activation's free move (:func:`allows_free_move`).
- RUL-12: a Medic heals a friendly model in base contact (Suk doctor: re-rolls).
- Equipment (R-FACTION): hunter-seeker (a blast template; a model that crosses it tests Reflexes
  against 12 or suffers Deadly), jammer (models under its template lose their shield until they
  leave it or the bearer activates again), explosives (blow up an objective marker in base
  contact, one piece each).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Iterable, Literal

from ..i18n import message
from ..model import Weapon
from ..rules.healing import HEAL_THRESHOLD, heal_rerolls, resolve_heal, verify_heal
from ..rules.melee import can_attack, can_melee
from ..rules.shooting import can_shoot, can_target
from ..rules.state import Combatant, effective_combat, may_move
from .bridge import allowance, combatant, faction_of, store
from .decisions import Decision, DecisionKind, PointSpec
from .flow import Machine, Payload, builder, stage
from .melee import disengage, fight
from .missions import available_mission_actions, marker_contact, mission_cards, perform_mission_action
from .moves import move_ask, move_stage_args
from .shooting import ShotFrame, shoot, shot_candidates, shot_candidates_from
from .spatial import contact_enemies, contact_friends
from .state import GameState, ModelState, TableEffect

__all__ = ["available_actions", "shot_candidates", "declarable_actions", "action_problem_at", "allows_free_move",
           "POSITION_FREE"]


# --- the menu ------------------------------------------------------------------------------------------


def available_actions(state: GameState, model_id: str, held: int) -> tuple[str, ...]:
    """The actions ``model_id`` may take now, as decision choices (R-ACTIVATE).

    Asked by the declaration, its decision and the action's turn on the same state: answered
    once per state (:meth:`GameState.memo`)."""
    return state.memo(("available_actions", model_id, held), lambda: _available_actions(state, model_id, held))


def _available_actions(state: GameState, model_id: str, held: int) -> tuple[str, ...]:
    m = state.model(model_id)
    c = combatant(state, model_id, activation_fatigue=held)

    def armed(w: Weapon) -> Combatant:  # ``c`` with that weapon in hand (built once per model state and weapon)
        return combatant(state, model_id, weapon=w, activation_fatigue=held)

    engaged = contact_enemies(state, model_id)
    out: list[str] = []
    if may_move(c) and not engaged:
        out.append("move")
    melee_weapons = [w for w in m.weapons if w.is_melee]
    if engaged and melee_weapons and can_attack(armed(melee_weapons[0])):
        out.extend(f"melee:{e}" for e in engaged if can_melee(c, combatant(state, e)))
    if not engaged:
        for w in m.weapons:
            if w.is_ranged and can_shoot(armed(w), in_contact=False) and _has_target(state, model_id, w):
                out.append(f"shoot:{w.id}")
    if engaged and may_move(c):
        out.append("disengage")
    if "healer" in m.profile.special_rules:
        out.extend(f"heal:{f}" for f in contact_friends(state, model_id) if _needs_healing(state.model(f)))
    out.extend(_equipment_actions(state, model_id))
    out.extend(choice.key for choice in available_mission_actions(state, model_id))
    out.append("rest")
    return tuple(out)


def _has_target(state: GameState, model_id: str, weapon: Weapon) -> bool:
    # R-TEMPLATE, PRJ-103: a template weapon, and a laser's explosive blast, may aim at any point
    if weapon.template is not None or weapon.laser:
        return True
    return bool(shot_candidates(state, model_id, weapon, "burn"))


# --- declaring the action (PRJ-100) -----------------------------------------------------------------------

POSITION_FREE = frozenset({"rest", "hunter_seeker", "jammer"})
"""Action kinds no move can make illegal (a free move before them is never restricted)."""


def _gap_to(mm: ModelState, point: tuple[float, float], other: ModelState) -> float:
    """Base edge to base edge if ``mm`` stood at ``point`` (R-MEASURE)."""
    return math.hypot(other.x - point[0], other.y - point[1]) - mm.base_mm / 20 - other.base_mm / 20


def _touching_at(state: GameState, mm: ModelState, point: tuple[float, float], others: Iterable[ModelState]) -> list[str]:
    reach = state.ruleset.contact_tolerance_cm + 1e-9
    return [o.id for o in others if _gap_to(mm, point, o) <= reach]


def declarable_actions(state: GameState, model_id: str, held: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The actions ``model_id`` may declare at its designation, and those of them that only its
    free move can make legal (R-ACTIVATE, PRJ-100).

    Besides :func:`available_actions` (legal now), a model that may make its free move may declare:
    a melee against an enemy whose base is within its Movement (the move must then end in contact
    with it); a shot with a weapon that has no target in sight now but an enemy it may target on
    the table; healing a friend within its Movement; a mission action or explosives at a marker
    within its Movement (or, carrying a marker, at its own edge within it). A model in contact
    with an enemy may declare a Move action or a shot to follow a free-move disengage
    (R-DISENGAGE, PRJ-90). Reach is the straight line: a declaration that terrain or models make
    impossible is lost when its turn comes.

    Returns
    -------
    tuple of tuple of str
        Every declarable action (legal now first, in :func:`available_actions`' order), and the
        subset that needs the free move first. Answered once per state (:meth:`GameState.memo`).
    """
    return state.memo(("declarable_actions", model_id, held), lambda: _declarable_actions(state, model_id, held))


def _declarable_actions(state: GameState, model_id: str, held: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    now = available_actions(state, model_id, held)
    m = state.model(model_id)
    c = combatant(state, model_id, activation_fatigue=held)
    if m.out_of_action or not may_move(c):
        return now, ()

    def armed(w: Weapon) -> Combatant:  # ``c`` with that weapon in hand (built once per model state and weapon)
        return combatant(state, model_id, weapon=w, activation_fatigue=held)
    engaged = contact_enemies(state, model_id)
    extra: list[str] = []
    legal = set(now)

    def add(action: str) -> None:
        if action not in legal:
            legal.add(action)
            extra.append(action)

    def shot_somewhere(w: Weapon) -> bool:
        shooter = combatant(state, model_id, weapon=w)
        return any(can_target(shooter, combatant(state, e.id), laser_mode="burn", ruleset=state.ruleset) for e in state.enemies_of(model_id))

    if engaged:
        # through a free-move disengage (R-DISENGAGE): a Move action, or a shot, once out of contact
        add("move")
        for w in m.weapons:
            if w.is_ranged and can_shoot(armed(w), in_contact=False) and (
                    w.template is not None or w.laser or shot_somewhere(w)):
                add(f"shoot:{w.id}")
        return now + tuple(extra), tuple(extra)
    reach = allowance(state, model_id, held) + state.ruleset.contact_tolerance_cm
    melee_weapons = [w for w in m.weapons if w.is_melee]
    if melee_weapons and can_attack(armed(melee_weapons[0])):
        for e in state.enemies_of(model_id):
            if _gap_to(m, m.position, e) <= reach and can_melee(c, combatant(state, e.id)):
                add(f"melee:{e.id}")
    for w in m.weapons:
        if w.is_ranged and f"shoot:{w.id}" not in legal and can_shoot(armed(w), in_contact=False) \
                and shot_somewhere(w):
            add(f"shoot:{w.id}")
    if "healer" in m.profile.special_rules:
        for f in state.models:
            if f.side == m.side and f.id != model_id and not f.removed and _needs_healing(f) and _gap_to(m, m.position, f) <= reach:
                add(f"heal:{f.id}")
    for spot in _marker_spots(state, m, reach):
        there = state.update_model(model_id, x=spot[0], y=spot[1])
        for action in _equipment_actions(there, model_id):
            if action.startswith("explosives:"):
                add(action)
        for choice in available_mission_actions(there, model_id):
            if choice.target is None:
                add(choice.key)
    # an action that forbids the free move (PRJ-104) cannot be made legal by it
    extra = [a for a in extra if allows_free_move(state, model_id, a)]
    return now + tuple(extra), tuple(extra)


def _marker_spots(state: GameState, m: ModelState, reach: float) -> list[tuple[float, float]]:
    """Where a free move could put the model for a marker action: on each marker on the ground
    within reach (markers never block, PRJ-40), and at its own edge when it carries one."""
    spots = []
    picks = set(state.side_state(m.side).missions)
    blast = m.equipment.count("explosives") > used_equipment(state, m.id, "explosives")
    for k in state.markers:
        # mission actions use the side's own markers of its picked cards; explosives any marker
        wanted = blast or (k.owner == m.side and k.mission in picks)
        if wanted and k.on_table and math.hypot(k.x - m.x, k.y - m.y) - k.size_mm / 20 - m.base_mm / 20 <= reach:
            spots.append((k.x, k.y))
    if m.carrying:
        r = m.base_mm / 20
        edge = state.side_state(m.side).edge
        spot = {"south": (m.x, r), "north": (m.x, state.depth - r), "west": (r, m.y), "east": (state.width - r, m.y)}[edge]
        if math.hypot(spot[0] - m.x, spot[1] - m.y) <= reach:
            spots.append(spot)
    return spots


def action_problem_at(state: GameState, model_id: str, held: int, action: str, point: tuple[float, float]) -> str | None:
    """Why the declared ``action`` would not be legal with the model standing at ``point`` (its
    free move's end before the action, PRJ-100), or ``None`` when it would be.

    Melee, Move and healing are read off the bases (contact within the tolerance, RUL-07); a shot
    at the nearest target and marker actions ask the menu of the table with the model moved.
    """
    kind, _, arg = action.partition(":")
    if kind in POSITION_FREE:
        return None
    m = state.model(model_id)
    enemies = state.enemies_of(model_id)
    if kind == "melee":
        e = state.model(arg)
        if e.out_of_action:
            return message("{model} is out of action", model=e.name)
        return None if _touching_at(state, m, point, (e,)) else message(
            "{model} declared a melee against {enemy}: its free move must end in base contact with it", model=m.name, enemy=e.name)
    touching = _touching_at(state, m, point, enemies)
    if kind == "heal":
        f = state.model(arg)
        return None if _touching_at(state, m, point, (f,)) else message(
            "{model} declared healing {friend}: its free move must end in base contact with it", model=m.name, friend=f.name)
    if kind in ("move", "shoot") and touching:
        if kind == "move":
            return message("{model} declared a Move action: its free move may not end in contact with an enemy (PRJ-90, R-SHOOT)",
                           model=m.name)
        return message("{model} declared a shot: its free move may not end in contact with an enemy (PRJ-90, R-SHOOT)", model=m.name)
    if kind == "move":
        return None
    if kind == "shoot":
        weapon = next((w for w in m.weapons if w.id == arg), None)
        if weapon is None or weapon.template is not None or weapon.laser:
            return None
    x, y = float(point[0]), float(point[1])
    here = (x, y) == (m.x, m.y)
    if kind == "shoot" and weapon is not None:  # a shot's weapon was found above
        # where it stands, the state's own answer (the shot that follows asks this state for the
        # same targets); elsewhere the table's sight with its base moved, no state copied
        if shot_candidates(state, model_id, weapon, "burn") if here else shot_candidates_from(state, model_id, weapon, "burn", (x, y)):
            return None
        return message("{model} declared a shot: from there no enemy it may target is in sight (RUL-08)", model=m.name)
    # the table with the model moved; where it stands, the state itself (the same table, and its answers)
    there = state if here else state.update_model(model_id, x=x, y=y)
    if kind == "explosives":
        legal = action in _equipment_actions(there, model_id)
    elif kind == "mission":
        legal = any(c.key == action for c in available_mission_actions(there, model_id))
    else:
        legal = action in available_actions(there, model_id, held)
    return None if legal else message("{model} declared {action}: from there it could not take that action", model=m.name, action=action)


def allows_free_move(state: GameState, model_id: str, action: str) -> bool:
    """Whether the activation of ``model_id`` with the declared ``action`` keeps its free move
    (2.2.1 "Quelques actions ne permettent pas de réaliser le mouvement gratuit", PRJ-104): a
    mission special action or a piece of rare equipment may say ``free_move: false``."""
    kind, _, arg = action.partition(":")
    if kind == "mission":
        card_id, _, rest = arg.partition(":")
        action_id = rest.partition(":")[0]
        card = mission_cards(state).get(card_id)
        special = next((a for a in card.special_actions if a.id == action_id), None) if card is not None else None
        return special is None or special.free_move
    if kind in ("hunter_seeker", "jammer", "explosives"):
        if kind == "hunter_seeker" and arg != "piece":
            return True  # the Master Assassin's card ability, not a piece (PRJ-98)
        faction = faction_of(state, model_id)
        if faction is None:
            return True
        m = state.model(model_id)
        pieces = [e for e in faction.rare_equipment if e.effect == kind and (e.id in m.equipment or e.effect in m.equipment)]
        return all(e.free_move for e in pieces)
    return True


def _needs_healing(m: ModelState) -> bool:
    return not m.out_of_action and (m.wound in ("light", "grave") or bool(m.poisons))


def used_equipment(state: GameState, model_id: str, item: str) -> int:
    """How many pieces of ``item`` the model has used: one flag per use, counted (never collapsed)."""
    side = state.model(model_id).side
    return sum(1 for s, k, v in state.flags if s == side and k == "used_equipment" and v == f"{model_id}:{item}")


def _equipment_actions(state: GameState, model_id: str) -> list[str]:
    """Equipment actions (R-FACTION): one use per piece carried; the Master Assassin's card releases seekers of its own."""
    m = state.model(model_id)
    out = []
    if "hunter_seeker" in m.profile.special_rules and (
            state.ruleset.master_assassin_seekers == "every_activation" or used_equipment(state, model_id, "hunter_seeker:card") == 0):
        out.append("hunter_seeker")  # the card's ability (rulebook 1.4.1 "Chercheur tueur"): no limit unless the ruleset sets one
    if m.equipment.count("hunter_seeker") > used_equipment(state, model_id, "hunter_seeker:piece"):
        out.append("hunter_seeker:piece")  # a bought piece: one release each (RUL-14)
    if "jammer" in m.equipment:
        out.append("jammer")
    if m.equipment.count("explosives") > used_equipment(state, model_id, "explosives"):
        out.extend(f"explosives:{k.id}" for k in state.markers if k.on_table and marker_contact(state, m, k))
    return out


# --- dispatch ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ActionAsk(Payload):
    """The arguments of the declaration (the ``action`` decision): the active model and the
    fatigue tokens it held when its activation began (RUL-05)."""

    model: str
    held: int


@dataclass(frozen=True, slots=True)
class ActionFrame(Payload):
    """The declared action to carry out (the ``action`` stage): the model, its held fatigue and
    the action (``shoot:lasgun``, ``move``, ...)."""

    model: str
    held: int
    action: str


@dataclass(frozen=True, slots=True)
class EffectAsk(Payload):
    """The arguments of a table effect's placement (the ``place_effect`` decision): the model and the effect."""

    model: str
    kind: Literal["hunter_seeker", "jammer"]


@dataclass(frozen=True, slots=True)
class EffectFrame(Payload):
    """A table effect being placed (the ``effect.placed`` stage): the model, the effect, and what
    grants it (``card``, or the equipment's name)."""

    model: str
    kind: Literal["hunter_seeker", "jammer"]
    source: str


@builder("action", ActionAsk)
def _action_decision(state: GameState, a: ActionAsk) -> Decision:
    """The declaration at designation (R-ACTIVATE, PRJ-100): ``info["after_free_move"]`` lists the
    choices that only the free move can make legal."""
    mm = state.model(a.model)
    choices, later = declarable_actions(state, mm.id, a.held)
    return Decision(side=mm.side, kind="action", model=mm.id, choices=choices, info={"after_free_move": list(later)},
                    prompt=f"What action does {mm.name} declare? (its free move comes before or after it)")


@stage("action", ActionFrame)
def perform_action(m: Machine, d: ActionFrame, _: object) -> None:
    """Carry out the declared action ``d.action`` (declared at designation, PRJ-100)."""
    _chosen(m, d.model, d.held, d.action)


def _chosen(m: Machine, model_id: str, held: int, action: str) -> None:
    mm = m.state.model(model_id)
    kind, _, arg = action.partition(":")
    turn = {"model": model_id, "held": held}
    if kind == "move":
        reach = allowance(m.state, model_id, held)
        m.call(move_ask, move_stage_args(model_id, reach, "move", f"Where does {mm.name} move (up to {reach:g} cm)?"))
    elif kind == "melee":
        m.call(fight, {**turn, "enemy": arg})
    elif kind == "shoot":
        m.call(shoot, ShotFrame(model_id, held, arg))
    elif kind == "disengage":
        m.call(disengage, turn)
    elif kind == "heal":
        m.call(_heal, HealFrame(model_id, held, arg))
    elif kind in _EFFECT_KINDS:
        effect = _EFFECT_KINDS[kind]
        source = "card" if effect == "hunter_seeker" and not arg else arg
        m.ask("place_effect", EffectAsk(model_id, effect), _effect_placed.at(EffectFrame(model_id, effect, source)))
    elif kind == "explosives":
        _explode(m, model_id, arg)
    elif kind == "mission":
        choice = next(c for c in available_mission_actions(m.state, model_id) if c.key == action)
        m.spend("special")
        m.call(perform_mission_action, {"model": model_id, "mission": choice.mission, "action": choice.action,
                                  "marker": choice.marker, "target": choice.target})
    else:
        m.emit("rest", mm.side, model_id)


# --- healing, equipment -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HealFrame(Payload):
    """A healing under way (RUL-12): the Medic, its activation's fatigue, the patient, the first
    test's dice once rolled and the re-rolls so far (a Suk doctor's, after failures)."""

    model: str
    held: int
    patient: str
    first: tuple[int, ...] | None = None
    rerolls: tuple[tuple[int, ...], ...] = ()


@stage("heal", HealFrame)
def _heal(m: Machine, d: HealFrame, _: object) -> None:
    """RUL-12: a Medic heals a friendly model in base contact; a Suk doctor may re-roll a failure."""
    verify_heal(combatant(m.state, d.model, activation_fatigue=d.held), combatant(m.state, d.patient))
    m.roll(2, _heal_rolled.at(d), by=(m.state.model(d.model).side, d.model), why="heal")


@stage("heal.rolled", HealFrame)
def _heal_rolled(m: Machine, d: HealFrame, dice: tuple[int, ...]) -> None:
    """A test rolled: a re-roll while it fails and the Medic may, else the kernel resolves the healing."""
    medic = combatant(m.state, d.model, activation_fatigue=d.held)
    patient = combatant(m.state, d.patient)
    first, rerolls = d.first, d.rerolls
    if first is None:
        first = tuple(dice)
    else:
        rerolls = (*rerolls, tuple(dice))
    if dice[1] + effective_combat(medic, m.state.ruleset) < HEAL_THRESHOLD and len(rerolls) < heal_rerolls(medic, m.state.ruleset):
        m.roll(2, _heal_rolled.at(replace(d, first=first, rerolls=rerolls)), by=(m.state.model(d.model).side, d.model), why="heal re-roll")
        return
    outcome = resolve_heal(medic, patient, dice=first, reroll_dice=list(rerolls), ruleset=m.state.ruleset)
    m.emit("heal", m.state.model(d.model).side, d.model, patient=d.patient, event=outcome)
    m.spend("heal")
    m.state = store(m.state, d.patient, outcome.patient_after)


_PLACE_KINDS: dict[str, DecisionKind] = {"hunter_seeker": "place_hunter_seeker", "jammer": "place_jammer"}
"""The decision placing each table effect's template."""
_EFFECT_KINDS: dict[str, Literal["hunter_seeker", "jammer"]] = {"hunter_seeker": "hunter_seeker", "jammer": "jammer"}
"""The table effects' kinds, by name."""


@builder("place_effect", EffectAsk)
def _place_effect_decision(state: GameState, a: EffectAsk) -> Decision:
    mm = state.model(a.model)
    kind = a.kind
    enemies = state.enemies_of(mm.id)

    def check(point: tuple[float, float]) -> str | None:
        return None if 0 <= point[0] <= state.width and 0 <= point[1] <= state.depth else "the template must be placed on the table"

    return Decision(side=mm.side, kind=_PLACE_KINDS[kind], model=mm.id,
                    point=PointSpec(check, tuple(e.position for e in enemies[:8]) or ((state.width / 2, state.depth / 2),)),
                    prompt=f"Where does {mm.name} place its {kind.replace('_', '-')} template?")


@stage("effect.placed", EffectFrame)
def _effect_placed(m: Machine, d: EffectFrame, point: tuple[float, float]) -> None:
    """Hunter-seeker or jammer: a blast template placed on the table (R-FACTION)."""
    mm = m.state.model(d.model)
    kind = d.kind  # a saved frame's kind is checked when it is read (Payload.from_json)
    effect = TableEffect(id=f"{mm.id}-{kind}-{m.state.activation}", kind=kind, owner=mm.side, by=mm.id, x=point[0], y=point[1])
    m.state = m.state.replace(effects=m.state.effects + (effect,))
    if kind == "hunter_seeker":
        m.state = m.state.with_flag(mm.side, "used_equipment", f"{mm.id}:hunter_seeker:{d.source}")
    else:
        circle = effect.template()
        for other in m.state.models:
            if not other.removed and other.base().shape.intersects(circle):
                m.state = m.state.update_model(other.id, jammed_by=effect.id)
    m.emit("effect_placed", mm.side, mm.id, effect=effect)
    m.spend("special")


def _explode(m: Machine, model_id: str, marker_id: str) -> None:
    """Explosives: automatically blow up an objective marker in base contact (R-EXPLOSIVE)."""
    mm = m.state.model(model_id)
    m.state = m.state.with_marker(m.state.marker(marker_id).replace(destroyed=True))
    m.state = m.state.with_flag(mm.side, "used_equipment", f"{model_id}:explosives")
    m.emit("explosives", mm.side, model_id, marker=marker_id)
    m.spend("special")
