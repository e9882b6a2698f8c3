"""The actions of an activation (rulebook 2.3 to 2.7), driven through decisions.

Each action follows the rules kernel (:mod:`landsraad.rules`) for what happens and the
geometry (:mod:`landsraad.geometry`) for where; this module only sequences the decisions,
rolls the dice in a fixed order and records the events.

Rules
-----
- R-ACTIVATE: Move, Melee (in contact with an enemy), Shoot (with a ranged weapon, in contact
  with no enemy), Disengage (R-DISENGAGE), special actions of profiles, equipment and missions.
- R-MELEE, R-TEST-CLASH: 3D10 rolled in secret, stances chosen in secret, revealed; the side with
  the lower initiative total lowers its neutral die first, ties in secret; then the kernel.
- R-MELEE-OPTIONS: a side whose blow hits may push up to 5 cm (ending the combat, PRJ-15); a side
  that defended may step up to 5 cm away out of contact.
- R-SHOOT, RUL-08: the nearest enemy in sight the weapon may target; ties: the shooter chooses.
  RUL-09: a model not hit may dodge up to the kernel's distance. R-TEMPLATE, RUL-19: template
  weapons aim at a point; every model under the template dodges with its own roll and escapes
  only if its dodge takes its base wholly out of the template.
- RUL-12: a Medic heals a friendly model in base contact (Suk doctor: one re-roll).
- Equipment (R-FACTION): hunter-seeker (a blast template; a model that crosses it tests Reflexes
  against 12 or suffers Deadly; PRJ-97: it strikes once, then is gone), jammer (models under
  its template lose their shield until they leave it or the bearer activates again), explosives
  (blow up an objective marker in base contact, one piece each).
"""

from __future__ import annotations

import math
from typing import Any

import shapely
from shapely.geometry import LineString

from ..rules.state import Combatant, may_move
from .bridge import combatant, store
from .decisions import Decision, PointSpec
from .spatial import contact_enemies, contact_friends, edge_distance, nearest_targets, plan_move
from .missions import marker_contact
from .state import GameState, KillRecord, TableEffect

__all__ = ["act", "available_actions", "hunter_seekers_crossed"]


# --- the menu ------------------------------------------------------------------------------------------


def available_actions(state: GameState, model_id: str, held: int) -> tuple[str, ...]:
    """The actions ``model_id`` may take now, as decision choices (R-ACTIVATE)."""
    from ..rules.melee import can_attack, can_melee
    from ..rules.shooting import can_shoot
    from .missions import available_mission_actions

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
    return bool(_shot_candidates(state, model_id, weapon, "burn"))


def _shot_candidates(state: GameState, model_id: str, weapon: Any, laser_mode: str) -> tuple[str, ...]:
    """Enemies the weapon may legally target (RUL-08: a laser skips shielded models), nearest in sight first."""
    from ..rules.shooting import can_target

    shooter = combatant(state, model_id, weapon=weapon)
    legal = [e.id for e in state.enemies_of(model_id) if can_target(shooter, combatant(state, e.id), laser_mode=laser_mode, ruleset=state.ruleset)]
    return nearest_targets(state, model_id, legal)


def _needs_healing(m: Any) -> bool:
    return not m.out_of_action and (m.wound in ("light", "grave") or bool(m.poisons))


def _equipment_actions(state: GameState, model_id: str) -> list[str]:
    m = state.model(model_id)
    out = []
    used = {v for s, k, v in state.flags if s == m.side and k == "used_equipment"}
    if ("hunter_seeker" in m.equipment or "hunter_seeker" in m.profile.special_rules) and f"{model_id}:hunter_seeker" not in used:
        out.append("hunter_seeker")
    if "jammer" in m.equipment:
        out.append("jammer")
    charges = m.equipment.count("explosives") - sum(1 for v in used if v == f"{model_id}:explosives")
    if charges > 0:
        for k in state.markers:
            if k.on_table and marker_contact(state, m, k):
                out.append(f"explosives:{k.id}")
    return out


# --- dispatch ------------------------------------------------------------------------------------------


def act(g: Any, turn: Any):
    """Ask for the action and carry it out."""
    m = g.state.model(turn.model)
    choices = available_actions(g.state, turn.model, turn.held)
    action = yield from g.ask(Decision(
        side=m.side, kind="action", model=turn.model, prompt=f"What does {m.name} do?", choices=choices,
    ))
    g.emit("action", m.side, turn.model, action=action)
    kind, _, arg = action.partition(":")
    if kind == "move":
        from .activation import allowance, move_decision

        yield from move_decision(g, turn.model, allowance(g, turn), "move", f"Where does {m.name} move (up to {allowance(g, turn):g} cm)?")
    elif kind == "melee":
        yield from melee(g, turn, arg)
    elif kind == "shoot":
        yield from shoot(g, turn, arg)
    elif kind == "disengage":
        yield from disengage(g, turn)
    elif kind == "heal":
        heal(g, turn, arg)
    elif kind == "hunter_seeker":
        yield from place_effect(g, turn, "hunter_seeker")
    elif kind == "jammer":
        yield from place_effect(g, turn, "jammer")
    elif kind == "explosives":
        explode(g, turn, arg)
    elif kind == "mission":
        from .missions import available_mission_actions, perform_mission_action

        choice = next(c for c in available_mission_actions(g.state, turn.model) if c.key == action)
        perform_mission_action(g, turn.model, choice)
        g.spend("special")
    else:
        g.emit("rest", m.side, turn.model)


# --- bookkeeping ---------------------------------------------------------------------------------------


def _record(g: Any, model_id: str, after: Combatant, *, killer: str | None, means: str, order: int | None = None) -> None:
    """Store a combatant's new state; record a kill (PRJ-76) when it is newly out of the game."""
    before = g.state.model(model_id)
    was_out = before.out_of_action
    g.state = store(g.state, model_id, after)
    now = g.state.model(model_id)
    if now.out_of_action and not was_out:
        k = g.state.model(killer) if killer else None
        order = order if order is not None else len(g.state.kills) + 1
        g.state = g.state.replace(kills=g.state.kills + (KillRecord(
            order=order, victim=model_id, victim_side=now.side, killer=killer, killer_side=k.side if k else None, means=means),))
        if before.carrying:  # a carried marker drops where the model fell
            g.state = g.state.with_marker(g.state.marker(before.carrying).model_copy(update={"carried_by": None, "x": now.x, "y": now.y}))
            g.state = g.state.update_model(model_id, carrying=None)
        g.emit("out_of_action", now.side, model_id, killer=killer, means=means, removed=now.removed)


def _choose_weapon(g: Any, model_id: str, kind: str):
    m = g.state.model(model_id)
    weapons = [w for w in m.weapons if (w.is_melee if kind == "melee" else w.is_ranged)]
    if not weapons:
        return None
    if len(weapons) == 1:
        return weapons[0]
    wid = yield from g.ask(Decision(side=m.side, kind="weapon", model=model_id,
                                    prompt=f"Which weapon does {m.name} use in this {kind} (RUL-15)?",
                                    choices=tuple(w.id for w in weapons)))
    return next(w for w in weapons if w.id == wid)


def _choose_poison(g: Any, c: Combatant, model_id: str):
    """The Knife rule: the player picks the poison before the roll (R-POISON)."""
    m = g.state.model(model_id)
    own = tuple(c.weapon.poisons) if c.weapon is not None else ()
    usable = own + tuple(p for p in c.carried_poisons if p.kind not in {q.kind for q in own})
    if c.weapon is None or not usable or ("poisoned_knife" not in c.weapon.special_rules and len(own) <= 1):
        return None
    choice = yield from g.ask(Decision(side=m.side, kind="poison", model=model_id, secret=True,
                                       prompt=f"Which poison is on {m.name}'s {c.weapon.name} for this fight?",
                                       choices=tuple(str(p) for p in usable) + ("none",)))
    return None if choice == "none" else choice


# --- melee ---------------------------------------------------------------------------------------------


def melee(g: Any, turn: Any, enemy_id: str):
    """A clash (R-MELEE, R-TEST-CLASH, R-MELEE-OPTIONS)."""
    from ..rules.melee import can_attack, initiative_total, lowering_order, resolve_melee

    a_id, d_id = turn.model, enemy_id
    a_m, d_m = g.state.model(a_id), g.state.model(d_id)
    a_weapon = yield from _choose_weapon(g, a_id, "melee")
    d_weapon = yield from _choose_weapon(g, d_id, "melee")
    A = combatant(g.state, a_id, weapon=a_weapon, activation_fatigue=turn.held)
    D = combatant(g.state, d_id, weapon=d_weapon)
    a_poison = yield from _choose_poison(g, A, a_id)
    d_poison = yield from _choose_poison(g, D, d_id)
    a_dice = g.roll(3, side=a_m.side, model=a_id, why="clash", secret=True)
    d_dice = g.roll(3, side=d_m.side, model=d_id, why="clash", secret=True)
    stances = {}
    for who, mid, c, dice in (("attacker", a_id, A, a_dice), ("defender", d_id, D, d_dice)):
        mm = g.state.model(mid)
        options = ("attack", "defend") if can_attack(c) else ("defend",)
        stances[who] = yield from g.ask(Decision(
            side=mm.side, kind="stance", model=mid, secret=True, choices=options,
            prompt=f"{mm.name} rolled neutral {dice[0]}, attack {dice[1]}, defence {dice[2]}: attack or defend?",
            info={"dice": list(dice), "role": who, "opponent": a_id if who == "defender" else d_id},
        ))
    g.emit("clash_revealed", a_m.side, a_id, attacker_dice=a_dice, defender_dice=d_dice, defender=d_id,
           attacker_stance=stances["attacker"], defender_stance=stances["defender"])
    order = lowering_order(initiative_total(A, D, a_dice[0], g.state.ruleset), initiative_total(D, A, d_dice[0], g.state.ruleset))
    sequence = {"attacker": ("attacker", "defender"), "defender": ("defender", "attacker"), "secret": ("attacker", "defender")}[order]
    neutral = {"attacker": a_dice[0], "defender": d_dice[0]}
    lowered: dict[str, int] = {}  # what the first side chose, told to the second unless they choose in secret
    for who in sequence:
        mid = a_id if who == "attacker" else d_id
        mm = g.state.model(mid)
        if neutral[who] > 1:
            neutral[who] = yield from g.ask(Decision(
                side=mm.side, kind="lower_neutral", model=mid, secret=(order == "secret"),
                prompt=f"{mm.name}'s neutral die shows {neutral[who]}: lower it (R-NEUTRAL-DOWN)?",
                choices=tuple(range(neutral[who], 0, -1)),
                info={"attacker_dice": list(a_dice), "defender_dice": list(d_dice), "role": who, "stances": dict(stances),
                      "order": order, "lowered": dict(lowered)},
            ))
        if order != "secret":
            lowered[who] = neutral[who]
    pushes = {}
    for who in ("attacker", "defender"):
        mid = a_id if who == "attacker" else d_id
        mm = g.state.model(mid)
        if stances[who] != "attack":
            pushes[who] = False
            continue
        pushes[who] = (yield from g.ask(Decision(
            side=mm.side, kind="push", model=mid, choices=("push", "no"),
            prompt=f"If {mm.name}'s blow hits, does it push its enemy back up to 5 cm, ending the combat (R-MELEE-OPTIONS)?",
            info={"attacker_dice": list(a_dice), "defender_dice": list(d_dice), "neutral": dict(neutral), "stances": dict(stances), "role": who},
        ))) == "push"
    event = resolve_melee(
        A, D, attacker_dice=a_dice, defender_dice=d_dice, attacker_stance=stances["attacker"], defender_stance=stances["defender"],
        attacker_neutral=neutral["attacker"], defender_neutral=neutral["defender"], attacker_poison=a_poison, defender_poison=d_poison,
        attacker_push=pushes["attacker"], defender_push=pushes["defender"], ruleset=g.state.ruleset,
    )
    g.emit("melee", a_m.side, a_id, defender=d_id, event=event)
    g.spend("melee")
    order_no = len(g.state.kills) + 1
    _record(g, a_id, event.attacker_after, killer=d_id, means="melee", order=order_no)
    _record(g, d_id, event.defender_after, killer=a_id, means="melee", order=order_no)
    if event.ended_by_push:
        pusher, victim = (a_id, d_id) if event.ended_by_push == "attacker" else (d_id, a_id)
        yield from _push(g, pusher, victim)
        return
    for who, mid, may in (("attacker", a_id, event.options.attacker_may_step_away), ("defender", d_id, event.options.defender_may_step_away)):
        mm = g.state.model(mid)
        if may and not mm.out_of_action and contact_enemies(g.state, mid):
            yield from _step_away(g, mid)


def _push(g: Any, pusher: str, victim: str):
    from ..geometry.movement import push

    v = g.state.model(victim)
    if v.removed:
        return
    p = g.state.model(pusher)
    direction = (v.x - p.x, v.y - p.y)
    distance = yield from g.ask(Decision(
        side=p.side, kind="push_distance", model=pusher, choices=(5, 4, 3, 2, 1, 0),
        prompt=f"How far does {p.name} push {v.name} (up to 5 cm, stopping before an obstacle)?",
    ))
    if distance <= 0:
        return
    result = push(g.state.board, victim, direction, float(distance))
    from .activation import apply_move

    if result.path_length_cm > 1e-6:
        apply_move(g, victim, result.end, path=result.path, length=result.path_length_cm, kind="pushed")


def _step_away(g: Any, model_id: str):
    from ..geometry.movement import step_away

    m = g.state.model(model_id)
    enemies = contact_enemies(g.state, model_id)
    best = step_away(g.state.board, model_id, enemies, 5.0)
    state = g.state

    def check(point: tuple[float, float]) -> str | None:
        result = plan_move(state, model_id, point, 5.0)
        if not result.legal:
            return result.message
        moved = state.board.moved(model_id, point)
        from ..geometry.measure import edge_distance as _ed

        for e in enemies:
            if _ed(moved.base(model_id), moved.base(e)) <= state.ruleset.contact_tolerance_cm:
                return f"it would still be in contact with {e}"
        return None

    candidates = (best.end,) if best.legal else ()
    if not candidates:
        return
    from .activation import apply_move

    point = yield from g.ask(Decision(
        side=m.side, kind="step_away", model=model_id, optional=True, point=PointSpec(check, candidates, 5.0),
        prompt=f"{m.name} defended: does it step up to 5 cm away, out of contact with every enemy (R-MELEE-OPTIONS)?",
    ))
    if point is not None:
        result = plan_move(g.state, model_id, point, 5.0)
        apply_move(g, model_id, point, path=result.path, length=result.path_length_cm, kind="step_away")


# --- shooting ------------------------------------------------------------------------------------------


def shoot(g: Any, turn: Any, weapon_id: str):
    """A shot (R-SHOOT, RUL-08, RUL-09, R-TEMPLATE, R-LASER)."""
    from ..rules.shooting import resolve_shot

    m = g.state.model(turn.model)
    weapon = next(w for w in m.weapons if w.id == weapon_id)
    laser_mode = "burn"
    if weapon.laser:
        laser_mode = yield from g.ask(Decision(side=m.side, kind="laser_mode", model=turn.model, choices=("burn", "explosive"),
                                               prompt=f"Does {m.name}'s laser burn or explode (R-LASER)?"))
    if weapon.template is not None or laser_mode == "explosive":
        yield from _template_shot(g, turn, weapon, laser_mode)
        return
    candidates = _shot_candidates(g.state, turn.model, weapon, laser_mode)
    if not candidates:
        g.emit("no_target", m.side, turn.model, weapon=weapon.id)
        return
    target = candidates[0]
    if len(candidates) > 1:
        target = yield from g.ask(Decision(side=m.side, kind="target", model=turn.model, choices=tuple(candidates),
                                           prompt="Several enemies are equally near: which one does it shoot (RUL-08)?"))
    shooter = combatant(g.state, turn.model, weapon=weapon, activation_fatigue=turn.held)
    tgt = combatant(g.state, target)
    distance = edge_distance(g.state, turn.model, target)
    from .spatial import cover_class

    cover = cover_class(g.state, turn.model, target)
    if cover == "no_line_of_sight":
        g.emit("no_target", m.side, turn.model, weapon=weapon.id)
        return
    sdice = g.roll(2, side=m.side, model=turn.model, why="shot")
    tdice = g.roll(2, side=g.state.model(target).side, model=target, why="dodge")
    event = resolve_shot(shooter, tgt, distance_cm=distance, cover=cover, shooter_dice=sdice, target_dice=tdice,
                         laser_mode=laser_mode, ruleset=g.state.ruleset)
    g.emit("shot", m.side, turn.model, target=target, event=event)
    g.spend("shoot")
    _record(g, target, event.target_after, killer=turn.model, means="shot")
    if not event.hit and event.dodge_cm > 0:
        yield from _dodge(g, target, event.dodge_cm)


def _dodge(g: Any, model_id: str, distance_cm: float, *, template: Any = None):
    """RUL-09: a model not hit may move up to ``distance_cm``; returns the point or ``None``."""
    m = g.state.model(model_id)
    if m.out_of_action or not may_move(combatant(g.state, model_id)):
        return None
    from .activation import apply_move
    from .spatial import move_candidates

    state = g.state

    def check(point: tuple[float, float]) -> str | None:
        result = plan_move(state, model_id, point, distance_cm)
        return None if result.legal else result.message

    def suggest() -> tuple[tuple[float, float], ...]:
        if template is not None:
            from ..geometry.templates import dodge_out

            out = dodge_out(state.board, model_id, template, distance_cm, tolerance_cm=state.ruleset.contact_tolerance_cm)
            if out.possible and out.to is not None:
                return (tuple(out.to),)
        return move_candidates(state, model_id, distance_cm, limit=6)

    point = yield from g.ask(Decision(
        side=m.side, kind="dodge", model=model_id, optional=True, point=PointSpec(check, suggest, distance_cm),
        prompt=f"{m.name} dodges: move it up to {distance_cm:g} cm (RUL-09), or stay?",
    ))
    if point is not None:
        result = plan_move(g.state, model_id, point, distance_cm)
        apply_move(g, model_id, point, path=result.path, length=result.path_length_cm, kind="dodge")
        g.spend("dodge")
    return point


def _template_shot(g: Any, turn: Any, weapon: Any, laser_mode: str):
    from ..geometry import templates as T
    from ..rules.shooting import resolve_template_shot

    m = g.state.model(turn.model)
    enemies = [e for e in g.state.enemies_of(turn.model)]
    if weapon.template is not None and weapon.template.kind == "direct":
        length = weapon.template.size_cm

        def check(point: tuple[float, float]) -> str | None:
            return None if math.hypot(point[0] - m.x, point[1] - m.y) > 1e-6 else "aim somewhere other than the shooter itself"

        aim = yield from g.ask(Decision(side=m.side, kind="aim", model=turn.model, point=PointSpec(check, tuple(e.position for e in enemies[:8])),
                                        prompt=f"Toward which point does {m.name} fire its {weapon.name} ({length:g} cm direct-fire template)?"))
        hit_ids = T.under_direct(g.state.board, turn.model, aim, length, models_block=g.state.ruleset.models_block_sight,
                                 tolerance_cm=g.state.ruleset.contact_tolerance_cm)
        shape = T.direct_shape(g.state.board, turn.model, aim, length)
        distance = 0.0
    else:
        def check(point: tuple[float, float]) -> str | None:
            return None if 0 <= point[0] <= g.state.width and 0 <= point[1] <= g.state.depth else "the point must be on the table"

        aim = yield from g.ask(Decision(side=m.side, kind="aim", model=turn.model, point=PointSpec(check, tuple(e.position for e in enemies[:8])),
                                        prompt=f"Where does {m.name} aim its {weapon.name}'s blast template?"))
        hit_ids = T.under_blast(g.state.board, aim, tolerance_cm=g.state.ruleset.contact_tolerance_cm)
        shape = T.blast_shape(aim)
        distance = max(0.0, math.hypot(aim[0] - m.x, aim[1] - m.y) - m.base_mm / 20)
    hit_ids = tuple(h for h in hit_ids if h != turn.model and not g.state.model(h).out_of_action)
    g.emit("template", m.side, turn.model, weapon=weapon.id, aim=aim, under=list(hit_ids))
    g.spend("shoot")
    g.spend("template")
    if not hit_ids:
        return
    if weapon.laser:  # PRJ-12: a laser's blast may not cover a shielded model: those are spared
        from ..rules.state import effective_shield

        hit_ids = tuple(h for h in hit_ids if effective_shield(combatant(g.state, h), g.state.ruleset) == "none")
        if not hit_ids:
            return
    shooter = combatant(g.state, turn.model, weapon=weapon, activation_fatigue=turn.held)
    sdice = g.roll(2, side=m.side, model=turn.model, why="template shot")
    entries = []
    for h in hit_ids:
        cover = "none"
        entries.append((combatant(g.state, h), g.roll(2, side=g.state.model(h).side, model=h, why="dodge"), cover))
    first = resolve_template_shot(shooter, entries, distance_cm=distance, shooter_dice=sdice, laser_mode=laser_mode, ruleset=g.state.ruleset)
    escaped = []
    for h, result in zip(hit_ids, first.results):
        if result.hit or result.dodge_cm <= 0:
            escaped.append(False)
            continue
        point = yield from _dodge(g, h, result.dodge_cm, template=shape)
        mm = g.state.model(h)
        # PRJ-32: it escapes only if its base ends further than the contact tolerance from the template.
        escaped.append(point is not None and shape.distance(mm.base().shape) > g.state.ruleset.contact_tolerance_cm)
    final = resolve_template_shot(shooter, entries, distance_cm=distance, shooter_dice=sdice, laser_mode=laser_mode,
                                  escaped=escaped, ruleset=g.state.ruleset)
    g.emit("template_shot", m.side, turn.model, event=final, targets=list(hit_ids))
    order_no = len(g.state.kills) + 1
    for h, result in zip(hit_ids, final.results):
        _record(g, h, result.target_after, killer=turn.model, means="template", order=order_no)


# --- disengaging, healing, equipment -----------------------------------------------------------------


def disengage(g: Any, turn: Any):
    """R-DISENGAGE: an opposed test; success moves the model its margin, failure takes a blow."""
    from ..rules.disengage import resolve_disengage

    m = g.state.model(turn.model)
    enemies = contact_enemies(g.state, turn.model)
    opponent = enemies[0]
    if len(enemies) > 1:
        opponent = yield from g.ask(Decision(side=g.state.model(enemies[0]).side, kind="disengage_opponent", choices=enemies,
                                             prompt=f"{m.name} disengages: which of your models opposes it (R-DISENGAGE)?"))
    mw = yield from _choose_weapon(g, turn.model, "melee")
    ow = yield from _choose_weapon(g, opponent, "melee")
    mover = combatant(g.state, turn.model, weapon=mw, activation_fatigue=turn.held)
    opp = combatant(g.state, opponent, weapon=ow)
    mdice = g.roll(2, side=m.side, model=turn.model, why="disengage")
    odice = g.roll(2, side=g.state.model(opponent).side, model=opponent, why="disengage")
    # PRJ-17: either side may lower its neutral die; only the opponent can gain (X- damage grows as it falls).
    lowered = odice[0]
    if odice[0] > 1:
        om = g.state.model(opponent)
        lowered = yield from g.ask(Decision(
            side=om.side, kind="lower_neutral", model=opponent, choices=tuple(range(odice[0], 0, -1)),
            prompt=f"{m.name} tries to disengage from {om.name}, whose neutral die shows {odice[0]}: lower it (R-NEUTRAL-DOWN)?",
            info={"mover_dice": list(mdice), "opponent_dice": list(odice), "role": "disengage_opponent"},
        ))
    event = resolve_disengage(mover, opp, mover_dice=mdice, opponent_dice=odice, opponent_neutral=lowered,
                              compare=g.state.ruleset.disengage_compare, ruleset=g.state.ruleset)
    g.emit("disengage", m.side, turn.model, opponent=opponent, event=event)
    g.spend("disengage")
    _record(g, turn.model, event.mover_after, killer=opponent, means="disengage")
    if event.success and event.margin_cm > 0 and not g.state.model(turn.model).out_of_action:
        from .activation import apply_move
        from .spatial import move_candidates

        state = g.state
        allowance = float(event.margin_cm)

        def check(point: tuple[float, float]) -> str | None:
            result = plan_move(state, turn.model, point, allowance)
            return None if result.legal else result.message

        def suggest() -> tuple[tuple[float, float], ...]:
            found = move_candidates(state, turn.model, allowance, limit=8)
            return tuple(p for p in found if not _touching_enemy(state, turn.model, p)) or found

        point = yield from g.ask(Decision(
            side=m.side, kind="disengage_move", model=turn.model, optional=True, point=PointSpec(check, suggest, allowance),
            prompt=f"{m.name} broke away: move it up to {allowance:g} cm (R-DISENGAGE)?",
        ))
        if point is not None:
            result = plan_move(g.state, turn.model, point, allowance)
            apply_move(g, turn.model, point, path=result.path, length=result.path_length_cm, kind="disengage")


def _touching_enemy(state: GameState, model_id: str, point: tuple[float, float]) -> bool:
    moved = state.board.moved(model_id, point)
    from ..geometry.measure import edge_distance as _ed

    return any(_ed(moved.base(model_id), moved.base(e.id)) <= state.ruleset.contact_tolerance_cm for e in state.enemies_of(model_id))


def heal(g: Any, turn: Any, patient: str) -> None:
    """RUL-12: a Medic heals a friendly model in base contact; Suk doctor allows a re-roll."""
    from ..rules.healing import roll_heal

    medic = combatant(g.state, turn.model, activation_fatigue=turn.held)
    event = roll_heal(medic, combatant(g.state, patient), rng=g.rng, ruleset=g.state.ruleset)
    g.emit("heal", g.state.model(turn.model).side, turn.model, patient=patient, event=event)
    g.spend("heal")
    g.state = store(g.state, patient, event.patient_after)


def place_effect(g: Any, turn: Any, kind: str):
    """Hunter-seeker or jammer: a blast template placed on the table (R-FACTION)."""
    m = g.state.model(turn.model)
    enemies = g.state.enemies_of(turn.model)

    def check(point: tuple[float, float]) -> str | None:
        return None if 0 <= point[0] <= g.state.width and 0 <= point[1] <= g.state.depth else "the template must be placed on the table"

    point = yield from g.ask(Decision(side=m.side, kind=f"place_{kind}", model=turn.model,
                                      point=PointSpec(check, tuple(e.position for e in enemies[:8]) or ((g.state.width / 2, g.state.depth / 2),)),
                                      prompt=f"Where does {m.name} place its {kind.replace('_', '-')} template?"))
    effect = TableEffect(id=f"{turn.model}-{kind}-{g.state.activation}", kind=kind, owner=m.side, by=turn.model, x=point[0], y=point[1])
    g.state = g.state.replace(effects=g.state.effects + (effect,))
    if kind == "hunter_seeker":
        g.state = g.state.with_flag(m.side, "used_equipment", f"{turn.model}:hunter_seeker")
    else:
        circle = shapely.Point(point).buffer(effect.radius_cm)
        for other in g.state.models:
            if not other.removed and other.base().shape.intersects(circle):
                g.state = g.state.update_model(other.id, jammed_by=effect.id)
    g.emit("effect_placed", m.side, turn.model, effect=effect)
    g.spend("special")


def hunter_seekers_crossed(g: Any, model_id: str, path: Any) -> None:
    """A model whose move crosses a hunter-seeker's template tests Reflexes against 12 or suffers Deadly (PRJ-97)."""
    seekers = [e for e in g.state.effects if e.kind == "hunter_seeker"]
    m = g.state.model(model_id)
    jammers = [e for e in g.state.effects if e.kind == "jammer"]
    if m.jammed_by and not any(e.id == m.jammed_by and shapely.Point(e.x, e.y).buffer(e.radius_cm).intersects(m.base().shape) for e in jammers):
        g.state = g.state.update_model(model_id, jammed_by=None)  # it left the jammer's template
    if not seekers or m.out_of_action:
        return
    points = [tuple(p) for p in path] if path else [m.position]
    swept = (LineString(points) if len(points) > 1 else shapely.Point(points[0])).buffer(m.base_mm / 20)
    from ..dice import simple_test
    from ..model import Poison
    from ..rules.poisons import add_poison

    for e in seekers:
        if not swept.intersects(shapely.Point(e.x, e.y).buffer(e.radius_cm)):
            continue
        c = combatant(g.state, model_id)
        neutral, colour = g.roll(2, side=m.side, model=model_id, why="hunter-seeker")
        test = simple_test(c.effective_reflexes, 12, neutral=neutral, colour=colour)
        g.state = g.state.replace(effects=tuple(x for x in g.state.effects if x.id != e.id))
        g.emit("hunter_seeker", e.owner, model_id, effect=e.id, test=test)
        if not test.success:
            after = c.model_copy(update={"poisons": add_poison(c.poisons, Poison(kind="deadly"))})
            _record(g, model_id, after, killer=e.by, means="hunter-seeker")
        return


def explode(g: Any, turn: Any, marker_id: str) -> None:
    """Explosives: automatically blow up an objective marker in base contact (R-EXPLOSIVE)."""
    m = g.state.model(turn.model)
    k = g.state.marker(marker_id)
    g.state = g.state.with_marker(k.model_copy(update={"destroyed": True}))
    g.state = g.state.with_flag(m.side, "used_equipment", f"{turn.model}:explosives")
    g.emit("explosives", m.side, turn.model, marker=marker_id)
    g.spend("special")
