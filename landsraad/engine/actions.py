"""The actions of an activation (rulebook 2.3 to 2.7): the menu, and the simple actions.

Melee and disengaging live in :mod:`landsraad.engine.melee`, shooting in
:mod:`landsraad.engine.shooting`; this module offers the legal actions and dispatches the
chosen one to its stage.

Rules
-----
- R-ACTIVATE: Move, Melee (in contact with an enemy), Shoot (with a ranged weapon, in contact
  with no enemy), Disengage (R-DISENGAGE), special actions of profiles, equipment and missions.
- RUL-12: a Medic heals a friendly model in base contact (Suk doctor: re-rolls).
- Equipment (R-FACTION): hunter-seeker (a blast template; a model that crosses it tests Reflexes
  against 12 or suffers Deadly), jammer (models under its template lose their shield until they
  leave it or the bearer activates again), explosives (blow up an objective marker in base
  contact, one piece each).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..rules.healing import HEAL_THRESHOLD, heal_rerolls, resolve_heal, verify_heal
from ..rules.melee import can_attack, can_melee
from ..rules.shooting import can_shoot, can_target
from ..rules.state import effective_combat, may_move
from .activation import allowance
from .bridge import combatant, store
from .decisions import Decision, PointSpec
from .flow import Machine, builder, stage
from .missions import available_mission_actions, marker_contact
from .moves import move_stage_args
from .spatial import contact_enemies, contact_friends, nearest_targets
from .state import GameState, TableEffect

__all__ = ["available_actions", "shot_candidates"]


# --- the menu ------------------------------------------------------------------------------------------


def available_actions(state: GameState, model_id: str, held: int) -> tuple[str, ...]:
    """The actions ``model_id`` may take now, as decision choices (R-ACTIVATE)."""
    m = state.model(model_id)
    c = combatant(state, model_id, activation_fatigue=held)
    engaged = contact_enemies(state, model_id)
    out: list[str] = []
    if may_move(c) and not engaged:
        out.append("move")
    melee_weapons = [w for w in m.weapons if w.is_melee]
    if engaged and melee_weapons and can_attack(c.model_copy(update={"weapon": melee_weapons[0]})):
        out.extend(f"melee:{e}" for e in engaged if can_melee(c, combatant(state, e)))
    if not engaged:
        for w in m.weapons:
            if w.is_ranged and can_shoot(c.model_copy(update={"weapon": w}), in_contact=False) and _has_target(state, model_id, w):
                out.append(f"shoot:{w.id}")
    if engaged and may_move(c):
        out.append("disengage")
    if "healer" in m.profile.special_rules:
        out.extend(f"heal:{f}" for f in contact_friends(state, model_id) if _needs_healing(state.model(f)))
    out.extend(_equipment_actions(state, model_id))
    out.extend(choice.key for choice in available_mission_actions(state, model_id))
    out.append("rest")
    return tuple(out)


def _has_target(state: GameState, model_id: str, weapon: Any) -> bool:
    if weapon.template is not None:
        return True
    return bool(shot_candidates(state, model_id, weapon, "burn"))


def shot_candidates(state: GameState, model_id: str, weapon: Any, laser_mode: str) -> tuple[str, ...]:
    """Enemies the weapon may legally target (RUL-08: a laser skips shielded models), nearest in sight first.

    Asked by the menu and again by the shot it leads to, on the same state: answered once per
    state (:meth:`GameState.memo`). Weapons are not hashable: the entry keys the weapon by
    identity and holds it, so its id names no other object while the entry lives."""
    held, found = state.memo(("shot_candidates", model_id, id(weapon), laser_mode),
                             lambda: (weapon, _shot_candidates(state, model_id, weapon, laser_mode)))
    return found if held is weapon else _shot_candidates(state, model_id, weapon, laser_mode)


def _shot_candidates(state: GameState, model_id: str, weapon: Any, laser_mode: str) -> tuple[str, ...]:
    shooter = combatant(state, model_id, weapon=weapon)

    def legal(enemy: str) -> bool:
        return can_target(shooter, combatant(state, enemy), laser_mode=laser_mode, ruleset=state.ruleset)

    # legality is asked nearest first, as far as the nearest legal enemy in sight: the same
    # answer as filtering every enemy first
    return nearest_targets(state, model_id, [e.id for e in state.enemies_of(model_id)], eligible=legal)


def _needs_healing(m: Any) -> bool:
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


@builder("action")
def _action_decision(state: GameState, a: Mapping[str, Any]) -> Decision:
    mm = state.model(a["model"])
    return Decision(side=mm.side, kind="action", model=mm.id, prompt=f"What does {mm.name} do?",
                    choices=available_actions(state, mm.id, a["held"]))


@stage("action")
def _action(m: Machine, d: Mapping[str, Any], _: Any) -> None:
    """Ask for the action and carry it out."""
    m.ask("action", {"model": d["model"], "held": d["held"]}, "action.chosen", model=d["model"], held=d["held"])


@stage("action.chosen")
def _chosen(m: Machine, d: Mapping[str, Any], action: str) -> None:
    model_id, held = d["model"], d["held"]
    mm = m.state.model(model_id)
    m.emit("action", mm.side, model_id, action=action)
    kind, _, arg = action.partition(":")
    turn = {"model": model_id, "held": held}
    if kind == "move":
        reach = allowance(m.state, model_id, held)
        m.call("move.ask", move_stage_args(model_id, reach, "move", f"Where does {mm.name} move (up to {reach:g} cm)?"))
    elif kind == "melee":
        m.call("melee", {**turn, "enemy": arg})
    elif kind == "shoot":
        m.call("shoot", {**turn, "weapon": arg})
    elif kind == "disengage":
        m.call("disengage", turn)
    elif kind == "heal":
        m.call("heal", {**turn, "patient": arg})
    elif kind in ("hunter_seeker", "jammer"):
        source = "card" if kind == "hunter_seeker" and not arg else arg
        m.ask("place_effect", {"model": model_id, "kind": kind}, "effect.placed", model=model_id, kind=kind, source=source)
    elif kind == "explosives":
        _explode(m, model_id, arg)
    elif kind == "mission":
        choice = next(c for c in available_mission_actions(m.state, model_id) if c.key == action)
        m.spend("special")
        m.call("mission_action", {"model": model_id, "mission": choice.mission, "action": choice.action,
                                  "marker": choice.marker, "target": choice.target})
    else:
        m.emit("rest", mm.side, model_id)


# --- healing, equipment -------------------------------------------------------------------------------


@stage("heal")
def _heal(m: Machine, d: Mapping[str, Any], _: Any) -> None:
    """RUL-12: a Medic heals a friendly model in base contact; a Suk doctor may re-roll a failure."""
    verify_heal(combatant(m.state, d["model"], activation_fatigue=d["held"]), combatant(m.state, d["patient"]))
    m.roll(2, "heal.rolled", by=(m.state.model(d["model"]).side, d["model"]), why="heal", **d, first=None, rerolls=[])


@stage("heal.rolled")
def _heal_rolled(m: Machine, d: Mapping[str, Any], dice: tuple[int, ...]) -> None:
    medic = combatant(m.state, d["model"], activation_fatigue=d["held"])
    patient = combatant(m.state, d["patient"])
    first, rerolls = d["first"], list(d["rerolls"])
    if first is None:
        first = list(dice)
    else:
        rerolls.append(list(dice))
    if dice[1] + effective_combat(medic, m.state.ruleset) < HEAL_THRESHOLD and len(rerolls) < heal_rerolls(medic, m.state.ruleset):
        m.roll(2, "heal.rolled", by=(m.state.model(d["model"]).side, d["model"]), why="heal re-roll",
               **{**d, "first": first, "rerolls": rerolls})
        return
    event = resolve_heal(medic, patient, dice=tuple(first), reroll_dice=[tuple(r) for r in rerolls], ruleset=m.state.ruleset)
    m.emit("heal", m.state.model(d["model"]).side, d["model"], patient=d["patient"], event=event)
    m.spend("heal")
    m.state = store(m.state, d["patient"], event.patient_after)


@builder("place_effect")
def _place_effect_decision(state: GameState, a: Mapping[str, Any]) -> Decision:
    mm = state.model(a["model"])
    kind = a["kind"]
    enemies = state.enemies_of(mm.id)

    def check(point: tuple[float, float]) -> str | None:
        return None if 0 <= point[0] <= state.width and 0 <= point[1] <= state.depth else "the template must be placed on the table"

    return Decision(side=mm.side, kind=f"place_{kind}", model=mm.id,
                    point=PointSpec(check, tuple(e.position for e in enemies[:8]) or ((state.width / 2, state.depth / 2),)),
                    prompt=f"Where does {mm.name} place its {kind.replace('_', '-')} template?")


@stage("effect.placed")
def _effect_placed(m: Machine, d: Mapping[str, Any], point: tuple[float, float]) -> None:
    """Hunter-seeker or jammer: a blast template placed on the table (R-FACTION)."""
    mm = m.state.model(d["model"])
    kind = d["kind"]
    effect = TableEffect(id=f"{mm.id}-{kind}-{m.state.activation}", kind=kind, owner=mm.side, by=mm.id, x=point[0], y=point[1])
    m.state = m.state.replace(effects=m.state.effects + (effect,))
    if kind == "hunter_seeker":
        m.state = m.state.with_flag(mm.side, "used_equipment", f"{mm.id}:hunter_seeker:{d['source']}")
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
    m.state = m.state.with_marker(m.state.marker(marker_id).model_copy(update={"destroyed": True}))
    m.state = m.state.with_flag(mm.side, "used_equipment", f"{model_id}:explosives")
    m.emit("explosives", mm.side, model_id, marker=marker_id)
    m.spend("special")
