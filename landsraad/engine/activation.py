"""One activation (rulebook 2.2 to 2.7): select a model, its fatigue token, spice, the free
move and one action, and what happens at its end.

Rules
-----
- R-ACTIVATE: players alternate; an activation is an optional free move (before or after the
  action, not interrupting it) and one action: Move, Melee, Shoot, Disengage or a special
  action (healing, equipment, missions). A model may be activated again and again.
- R-FATIGUE-GAIN, R-FATIGUE-MALUS, RUL-05: a fatigue token at the start; the malus comes from
  the tokens held before it (:class:`~landsraad.rules.state.Combatant.activation_fatigue`).
- R-FATIGUE-REST, RUL-06: at the end, the owner's other models (option: all) lose a token.
- R-SPICE, RUL-10: consuming a dose is a free declaration at the start; the effect ends when
  the model holds two tokens at the end of one of its activations.
- R-POISON: Will-breaker forces the activation to be moves towards the nearest table edge;
  Crippling keeps a model from being selected; Paralysing forbids moving; Blinding and
  Irritant forbid shooting (and attacking).
- PRJ-90: a model in base contact with an enemy cannot make a normal move; it leaves contact by
  disengaging (R-DISENGAGE) or, in melee, by stepping away after defending (R-MELEE-OPTIONS).
- PRJ-91: a Will-broken model spends both its free move and its Move action fleeing.
"""

from __future__ import annotations

import math
from typing import Any

from ..rules.fatigue import end_activation, recover_after_activation, start_activation
from ..rules.poisons import can_select, start_will_breaker_activation, tick_crippling
from ..rules.spice import can_consume_spice, consume_spice
from ..rules.state import may_move
from .bridge import combatant, store
from .decisions import Decision, PointSpec
from .spatial import contact_enemies, move_candidates, plan_move
from .state import GameState

__all__ = ["activation", "selectable_models", "move_decision", "apply_move", "allowance"]


def selectable_models(state: GameState, side: str) -> tuple[str, ...]:
    """Models ``side`` may activate now (R-ACTIVATE; not crippled, not out of action)."""
    return tuple(m.id for m in state.models_of(side) if can_select(combatant(state, m.id)))


def _tick_crippling(g: Any, side: str, except_id: str | None) -> None:
    for m in g.state.models_of(side, active_only=False):
        if m.id == except_id or not m.has_poison("crippling"):
            continue
        c, event = tick_crippling(combatant(g.state, m.id))
        g.state = store(g.state, m.id, c, removed=m.removed)
        if event:
            g.emit("poison_tick", side, m.id, event=event)


def activation(g: Any, side: str):
    """One activation of ``side`` (or a pass when it has no model it may select)."""
    ids = selectable_models(g.state, side)
    if not ids:
        g.emit("pass", side, reason="no model may be selected")
        g.spend("pass")
        _tick_crippling(g, side, None)
        g.state = g.state.replace(activation=g.state.activation + 1)
        return
    model_id = yield from g.ask(Decision(
        side=side, kind="activate", prompt="Which model do you activate?", choices=ids,
    ))
    _tick_crippling(g, side, model_id)
    yield from _run(g, model_id)
    _end(g, model_id)


# --- the activation ------------------------------------------------------------------------------


class _Turn:
    """What the activation has done so far."""

    def __init__(self, model_id: str, held: int) -> None:
        self.model = model_id
        self.held = held
        self.free_move_used = False


def _run(g: Any, model_id: str):
    m = g.state.model(model_id)
    held = m.fatigue
    c, start = start_activation(combatant(g.state, model_id))  # R-FATIGUE-GAIN, RUL-05
    g.state = store(g.state, model_id, c).update_model(model_id, activations=m.activations + 1)
    g.state = g.state.replace(activation=g.state.activation + 1)
    g.emit("activate", m.side, model_id, fatigue_before=start.tokens_before, fatigue=start.tokens_after, activation=g.state.activation)
    g.spend("select")
    _release_jammer(g, model_id)
    yield from _spice(g, model_id, held)
    turn = _Turn(model_id, held)

    c, tick = start_will_breaker_activation(combatant(g.state, model_id, activation_fatigue=held))
    if tick is not None:
        g.state = store(g.state, model_id, c)
        g.emit("poison_tick", m.side, model_id, event=tick)
        _flee(g, turn)
        return

    if _may_move_freely(g, turn):
        yield from _free_move(g, turn, "before")
    from .actions import act

    yield from act(g, turn)
    if not turn.free_move_used and _may_move_freely(g, turn):
        yield from _free_move(g, turn, "after")


def _end(g: Any, model_id: str) -> None:
    """End of the activation: spice expiry (RUL-10), recovery of the others (R-FATIGUE-REST, RUL-06)."""
    m = g.state.model(model_id)
    c, ended = end_activation(combatant(g.state, model_id))
    state = store(g.state, model_id, c)
    others = [o for o in state.models if o.id != model_id and not o.removed and o.fatigue > 0]
    rested, _ = recover_after_activation([(combatant(state, o.id), o.side == m.side) for o in others], state.ruleset)
    recovered = []
    for o, after in zip(others, rested):
        if after.fatigue != o.fatigue:
            state = state.update_model(o.id, fatigue=after.fatigue)
            recovered.append(o.id)
    g.state = state
    g.emit("end_activation", m.side, model_id, recovered=recovered, spice_ended=ended.spice is not None, clock_s=state.clock_s)


def _spice(g: Any, model_id: str, held: int):
    """R-SPICE, RUL-10: consume a dose at the start, as a free declaration."""
    m = g.state.model(model_id)
    c = combatant(g.state, model_id, activation_fatigue=held)
    if not can_consume_spice(c):
        return
    answer = yield from g.ask(Decision(
        side=m.side, kind="spice", model=model_id, prompt=f"Does {m.name} consume a dose of spice ({m.spice_doses} left)?",
        choices=("consume", "keep"),
    ))
    if answer == "consume":
        c, event = consume_spice(c)
        g.state = store(g.state, model_id, c)
        g.emit("spice", m.side, model_id, effect=event.effect, doses_left=event.doses_left)
        g.spend("decision")


def _release_jammer(g: Any, model_id: str) -> None:
    """A jammer's template goes when its bearer activates again (R-FACTION Jammer)."""
    mine = [e for e in g.state.effects if e.kind == "jammer" and e.by == model_id]
    if not mine:
        return
    g.state = g.state.replace(effects=tuple(e for e in g.state.effects if e not in mine))
    for other in g.state.models:
        if other.jammed_by in {e.id for e in mine}:
            g.state = g.state.update_model(other.id, jammed_by=None)
    g.emit("jammer_off", g.state.model(model_id).side, model_id, effects=[e.id for e in mine])


# --- moving ----------------------------------------------------------------------------------------


def allowance(g: Any, turn: _Turn) -> float:
    """The model's Movement now (R-WOUND: a grave wound halves it)."""
    return combatant(g.state, turn.model, activation_fatigue=turn.held).effective_movement


def _may_move_freely(g: Any, turn: _Turn) -> bool:
    m = g.state.model(turn.model)
    if m.out_of_action:
        return False
    c = combatant(g.state, turn.model, activation_fatigue=turn.held)
    return may_move(c) and not contact_enemies(g.state, turn.model)


def _targets_of_interest(g: Any, model_id: str) -> list[tuple[float, float]]:
    state = g.state
    points = [e.position for e in state.enemies_of(model_id)]
    side = state.model(model_id).side
    points += [(k.x, k.y) for k in state.markers if not k.destroyed and k.carried_by is None and k.owner == side]
    me = state.model(model_id)
    points.sort(key=lambda p: math.hypot(p[0] - me.x, p[1] - me.y))
    return points[:4]


def move_decision(g: Any, model_id: str, allowance_cm: float, kind: str, prompt: str, *, optional: bool = True,
                  candidates: tuple[tuple[float, float], ...] | None = None):
    """Ask for a destination within ``allowance_cm`` (R-MOVE); move there; return the point or ``None``."""
    m = g.state.model(model_id)
    state = g.state

    def check(point: tuple[float, float]) -> str | None:
        result = plan_move(state, model_id, point, allowance_cm)
        return None if result.legal else result.message

    suggest = candidates if candidates is not None else (
        lambda: move_candidates(state, model_id, allowance_cm, towards=_targets_of_interest(g, model_id)))
    point = yield from g.ask(Decision(
        side=m.side, kind=kind, model=model_id, prompt=prompt, optional=optional,
        point=PointSpec(check, suggest, allowance_cm),
    ))
    if point is None:
        return None
    result = plan_move(state, model_id, point, allowance_cm)
    apply_move(g, model_id, point, path=result.path, length=result.path_length_cm, kind=kind)
    return point


def apply_move(g: Any, model_id: str, point: tuple[float, float], *, path: Any = (), length: float = 0.0, kind: str = "move") -> None:
    """Put the model at ``point``; carried markers go with it; hunter-seekers it crosses attack (R-FACTION)."""
    m = g.state.model(model_id)
    g.state = g.state.update_model(model_id, x=float(point[0]), y=float(point[1]))
    if m.carrying:
        g.state = g.state.with_marker(g.state.marker(m.carrying).model_copy(update={"x": float(point[0]), "y": float(point[1])}))
    g.emit("move", m.side, model_id, kind=kind, to=point, length_cm=length, path=path)
    g.spend("move")
    from .actions import hunter_seekers_crossed

    hunter_seekers_crossed(g, model_id, path or (m.position, point))


def _free_move(g: Any, turn: _Turn, when: str):
    point = yield from move_decision(
        g, turn.model, allowance(g, turn), "free_move",
        f"Free move {when} the action for {g.state.model(turn.model).name} (up to {allowance(g, turn):g} cm), or skip?",
    )
    if point is not None:
        turn.free_move_used = True


def _flee(g: Any, turn: _Turn):
    """Will-breaker (R-POISON, PRJ-91): the free move and the Move action go towards the nearest edge."""
    from ..geometry.movement import move_toward_nearest_edge

    for _ in range(2):
        m = g.state.model(turn.model)
        c = combatant(g.state, turn.model, activation_fatigue=turn.held)
        if m.out_of_action or not may_move(c) or contact_enemies(g.state, turn.model):
            break
        result = move_toward_nearest_edge(g.state.board, turn.model, c.effective_movement)
        if not result.legal or result.path_length_cm <= 1e-6:
            g.emit("flee_blocked", m.side, turn.model, reason=result.message)
            break
        apply_move(g, turn.model, result.end, path=result.path, length=result.path_length_cm, kind="flee")
    turn.free_move_used = True
