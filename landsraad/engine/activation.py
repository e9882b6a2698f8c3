"""One activation (rulebook 2.2 to 2.7): select a model, its fatigue token, spice, the free
move and one action, and what happens at its end; and the loop of activations until the end.

Rules
-----
- R-ACTIVATE: players alternate; an activation is an optional free move (before or after the
  action, not interrupting it) and one action: Move, Melee, Shoot, Disengage or a special
  action (healing, equipment, missions). A model may be activated again and again.
- PRJ-100 (2.2.1 "Il la désigne à son adversaire et indique l'action qu'il veut lui faire
  entreprendre"): the model is designated (and its spice declared), then its action is declared,
  then the free move before it (restricted to end points from which the declared action stays
  legal), the action, and the free move after it if not used before. A declared action the free
  move did not make legal (skipped, blocked, a failed disengage) is lost (an ``action_lost``
  event); the model may still make its free move after.
- PRJ-101 (2.2.1 "un joueur peut choisir d'activer", 2.1.2 "est obligé de jouer une figurine en
  premier"; *option* ``voluntary_pass``): a player may pass instead of activating, except the
  first player's first activation; a pass costs table time (PRJ-92) and rests no model.
- PRJ-104: an action marked ``free_move: false`` takes away the free move.
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
- R-DISENGAGE (2.3, "Cette action peut correspondre au mouvement gratuit de la figurine ou à une
  action de mouvement"): a model in contact may disengage as its free move, before or after its
  action; after a successful free-move disengage it may still take any action.
- PRJ-91: a Will-broken model spends both its free move and its Move action fleeing; in base
  contact with an enemy, it disengages (R-DISENGAGE, 2.3) as its first move, towards the edge,
  and goes on fleeing if it got away.
- R-CLOCK, PRJ-102 (2.1 "la partie dure 45 minutes", 2.6.3 "il passe son tour"): after each
  activation the game ends when the table time is spent; a side with no model left passes each
  of its turns (an event and a pass's table time, never a question) while the other goes on;
  the game ends at once only if neither side has a model left. *Option* ``wipeout_ends_game``
  (the retired PRJ-93): a side wiped out ends the game at once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import ClassVar

from ..errors import RuleError
from ..geometry.movement import move_toward_nearest_edge
from ..rules.fatigue import end_activation, recovered_tokens, recovers, start_activation
from ..rules.poisons import can_select, start_will_breaker_activation, tick_crippling
from ..rules.spice import can_consume_spice, consume_spice
from ..rules.state import may_move
from .actions import POSITION_FREE, ActionAsk, ActionFrame, action_problem_at, allows_free_move, available_actions, declarable_actions, perform_action
from .bridge import allowance, combatant, store, stored
from .decisions import Decision, DecisionKind, PointSpec
from .flow import Machine, Payload, SideAsk, builder, stage
from .melee import disengage
from .moves import MoveAsk, MoveFrame, apply_move, move_answered, move_args, move_ask, move_stage_args, targets_of_interest
from .spatial import contact_enemies, move_candidates, plan_move
from .state import GameState, Side, other_side

__all__ = ["selectable_models", "allowance", "may_move_freely", "may_disengage_freely", "may_pass", "PASS"]

PASS = "pass"
"""The ``activate`` decision's choice for a voluntary pass (PRJ-101)."""


def selectable_models(state: GameState, side: str) -> tuple[str, ...]:
    """Models ``side`` may activate now (R-ACTIVATE; not crippled, not out of action).

    Asked by the activation stage and again by its decision on the same state: answered once
    per state (:meth:`GameState.memo`)."""
    return state.memo(("selectable_models", side), lambda: _selectable(state, side))


def _selectable(state: GameState, side: str) -> tuple[str, ...]:
    # can_select reads only the combatant's wound and poisons (R-POISON Crippling, R-WOUND), which
    # the combatant takes from the model state as they are: a model with neither a poison nor a
    # fatal wound may be selected, and only the others have their combatant built to be asked.
    return tuple([m.id for m in state.models_of(side)
                  if (not m.poisons and m.wound != "fatal") or can_select(combatant(state, m.id))])


# --- the loop of activations --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SideFrame(Payload):
    """The side whose activation (or pass) is under way."""

    side: Side


@dataclass(frozen=True, slots=True)
class ModelFrame(Payload):
    """The active model, whose activation ends when this frame runs (``activation.end``)."""

    model: str


@dataclass(frozen=True, slots=True)
class TurnFrame(Payload):
    """An activation under way (R-ACTIVATE, PRJ-100): the active model and the fatigue it held when
    it began (RUL-05), then, as they are known, the declared action, whether it was legal where the
    model stood, whether a free move comes with it (PRJ-104), whether the free move was used, and
    ``when`` (``before``/``after`` the action) a free disengage is asked."""

    model: str
    held: int
    action: str | None = None
    legal: bool | None = None
    free: bool | None = None
    free_move_used: bool | None = None
    when: str | None = None

    OMITTED_WHEN_NONE: ClassVar[frozenset[str]] = frozenset({"action", "legal", "free", "free_move_used", "when"})

    def declared(self) -> str:
        """The declared action.

        Raises
        ------
        RuleError
            None is declared yet: the frame was not made by the declaration.
        """
        if self.action is None:
            raise RuleError(f"The activation of {self.model} goes on to its action before one is declared.")
        return self.action


@dataclass(frozen=True, slots=True)
class FleeFrame(Payload):
    """A Will-broken model's forced moves (PRJ-91): which of the two it is at, and whether its one
    forced disengage was tried."""

    model: str
    held: int
    step: int
    tried: bool | None = None

    OMITTED_WHEN_NONE: ClassVar[frozenset[str]] = frozenset({"tried"})


@stage("play")
def play(m: Machine, d: object, _: object) -> None:
    """The next activation, while the game is in play."""
    if m.state.phase != "play":
        return
    side = m.state.to_act
    m.call(_activation, SideFrame(side), _play_after.at(SideFrame(side)))


@stage("play.after", SideFrame)
def _play_after(m: Machine, d: SideFrame, _: object) -> None:
    """R-CLOCK: the activation under way when time runs out is finished, then the game ends."""
    if m.state.phase != "play":
        return
    if m.state.clock_s >= m.state.clock_limit_s:
        m.emit("clock", reason="time", clock_s=m.state.clock_s)
        m.state = m.state.replace(phase="over")
        return
    red, blue = m.state.has_models("red"), m.state.has_models("blue")
    # PRJ-102: a side wiped out passes while the other plays on; with neither side able to act
    # there is nothing left to play (no loop of passes). The retired PRJ-93 as an option.
    if not (red and blue) and (m.state.ruleset.wipeout_ends_game or not (red or blue)):
        m.emit("clock", reason="wiped_out", clock_s=m.state.clock_s)
        m.state = m.state.replace(phase="over")
        return
    m.state = m.state.replace(to_act=other_side(d.side))
    m.push(play)


# --- one activation ----------------------------------------------------------------------------------


def may_pass(state: GameState, side: str) -> bool:
    """Whether ``side`` may pass instead of activating a model it may select (PRJ-101, *option*
    ``voluntary_pass``): never the first player's first activation of the game (2.1.2)."""
    return state.ruleset.voluntary_pass and not (state.activation == 0 and side == state.first)


@builder("activate", SideAsk)
def _activate_decision(state: GameState, a: SideAsk) -> Decision:
    side = a.side
    models = selectable_models(state, side)
    if may_pass(state, side):
        return Decision(side=side, kind="activate", prompt="Which model do you activate (or pass)?", choices=models + (PASS,))
    return Decision(side=side, kind="activate", prompt="Which model do you activate?", choices=models)


@stage("activation", SideFrame)
def _activation(m: Machine, d: SideFrame, _: object) -> None:
    """One activation of ``side`` (or a pass when it has no model it may select: never asked)."""
    side = d.side
    if not selectable_models(m.state, side):
        _pass(m, side, "no model may be selected" if m.state.has_models(side) else "no model left")
        return
    m.ask("activate", SideAsk(side), _selected.at(d))


def _pass(m: Machine, side: str, reason: str) -> None:
    """A pass (2.6.3 "il passe son tour"; PRJ-101, PRJ-102): table time, Crippling ticks, no rest."""
    m.emit("pass", side, reason=reason)
    m.spend("pass")
    _tick_crippling(m, side, None)
    m.state = m.state.replace(activation=m.state.activation + 1)


def _tick_crippling(m: Machine, side: str, except_id: str | None) -> None:
    """Crippling wears off the side's other models at each of its activations (R-POISON)."""
    # asked at every activation, and nearly no model is poisoned: one walk over the models, no
    # tuple of the side's models built first (models_of(side, active_only=False) in this order)
    for mm in m.state.models:
        if not mm.poisons or mm.side != side or mm.id == except_id or not mm.has_poison("crippling"):
            continue
        c, event = tick_crippling(combatant(m.state, mm.id))
        m.state = store(m.state, mm.id, c, removed=mm.removed)
        if event:
            m.emit("poison_tick", side, mm.id, event=event)


@stage("activation.selected", SideFrame)
def _selected(m: Machine, d: SideFrame, model_id: str) -> None:
    """A model selected (or a voluntary pass, PRJ-101): its fatigue token, then spice or the declaration."""
    if model_id == PASS:
        _pass(m, d.side, "voluntary")
        return
    _tick_crippling(m, d.side, model_id)
    mm = m.state.model(model_id)
    held = mm.fatigue
    c, start = start_activation(combatant(m.state, model_id))  # R-FATIGUE-GAIN, RUL-05
    # the stored card, its count of activations, the turn's fields and the clock: one new state
    m.state = m.state.with_model(stored(m.state, model_id, c, activations=mm.activations + 1),
                                 activation=m.state.activation + 1, active=model_id, active_held=held, **m.clock_tick("select"))
    m.emit("activate", mm.side, model_id, fatigue_before=start.tokens_before, fatigue=start.tokens_after, activation=m.state.activation)
    _release_jammer(m, model_id)
    m.push(_end.at(ModelFrame(model_id)))
    turn = TurnFrame(model_id, held)
    if can_consume_spice(combatant(m.state, model_id, activation_fatigue=held)):
        m.ask("spice", turn, _spice.at(turn))
        return
    _after_spice(m, turn)


@builder("spice", TurnFrame)
def _spice_decision(state: GameState, a: TurnFrame) -> Decision:
    mm = state.model(a.model)
    return Decision(side=mm.side, kind="spice", model=mm.id, prompt=f"Does {mm.name} consume a dose of spice ({mm.spice_doses} left)?",
                    choices=("consume", "keep"))


@stage("activation.spice", TurnFrame)
def _spice(m: Machine, d: TurnFrame, answer: str) -> None:
    """R-SPICE, RUL-10: consume a dose at the start, as a free declaration."""
    if answer == "consume":
        c, event = consume_spice(combatant(m.state, d.model, activation_fatigue=d.held))
        m.state = store(m.state, d.model, c)
        m.emit("spice", m.state.model(d.model).side, d.model, effect=event.effect, doses_left=event.doses_left)
        m.spend("decision")
    _after_spice(m, TurnFrame(d.model, d.held))


def _after_spice(m: Machine, turn: TurnFrame) -> None:
    model_id, held = turn.model, turn.held
    c, tick = start_will_breaker_activation(combatant(m.state, model_id, activation_fatigue=held))
    if tick is not None:
        m.state = store(m.state, model_id, c)
        m.emit("poison_tick", m.state.model(model_id).side, model_id, event=tick)
        _flee(m, FleeFrame(model_id, held, 0), None)
        return
    choices, _ = declarable_actions(m.state, model_id, held)
    if len(choices) == 1:  # nothing to declare but resting: no question
        _declared(m, turn, choices[0])
        return
    m.ask("action", ActionAsk(model_id, held), _declared.at(turn))


@stage("activation.declared", TurnFrame)
def _declared(m: Machine, d: TurnFrame, action: str) -> None:
    """The declared action (PRJ-100), then the free move before it, if any."""
    model_id, held = d.model, d.held
    mm = m.state.model(model_id)
    legal = action in available_actions(m.state, model_id, held)
    m.emit("action", mm.side, model_id, action=action, **({} if legal else {"after_free_move": True}))
    free = allows_free_move(m.state, model_id, action)  # PRJ-104
    turn = TurnFrame(model_id, held, action, legal, free)
    if not free:  # no free move before (nor after): the action as the model stands
        _act(m, turn, None)
        return
    if may_move_freely(m.state, model_id, held):
        reach = allowance(m.state, model_id, held)
        free_move = _free_move_args(m.state, model_id, held, "before")
        args = FreeMoveAsk(free_move.model, free_move.allowance, free_move.kind, free_move.prompt, free_move.optional, "before",
                           action, held, not legal)
        m.push(_act.at(turn))
        m.ask("free_move_before", args, move_answered.at(MoveFrame(model_id, reach, "free_move")))
        return
    if may_disengage_freely(m.state, model_id, held):
        if not legal:  # declared for after a free-move disengage: the only way to it, not asked (R-DISENGAGE)
            m.emit("free_move_disengage", mm.side, model_id, when="before")
            m.call(disengage, {"model": model_id, "held": held}, _act.at(replace(turn, free_move_used=True)))
            return
        if action.partition(":")[0] in POSITION_FREE:
            m.ask("free_disengage", DisengageAsk(model_id, "before"), _free_disengage.at(replace(turn, when="before")))
            return
    _act(m, turn, None)


def may_move_freely(state: GameState, model_id: str, held: int) -> bool:
    """Whether the active model may make its free move now (PRJ-90: not while in contact)."""
    mm = state.model(model_id)
    if mm.out_of_action:
        return False
    return may_move(combatant(state, model_id, activation_fatigue=held)) and not contact_enemies(state, model_id)


def may_disengage_freely(state: GameState, model_id: str, held: int) -> bool:
    """Whether the active model, in contact with an enemy, may disengage as its free move (R-DISENGAGE, 2.3)."""
    mm = state.model(model_id)
    if mm.out_of_action:
        return False
    return may_move(combatant(state, model_id, activation_fatigue=held)) and bool(contact_enemies(state, model_id))


@dataclass(frozen=True, slots=True)
class FreeMoveAsk(Payload):
    """The arguments of the free move before the declared action (the ``free_move_before``
    decision, PRJ-100): the free move's (:class:`~landsraad.engine.moves.MoveAsk`), then the
    declared action, the fatigue held, and whether the move is ``needed`` to make the action legal."""

    model: str
    allowance: float
    kind: DecisionKind
    prompt: str
    optional: bool
    when: str
    action: str
    held: int
    needed: bool = False


@dataclass(frozen=True, slots=True)
class DisengageAsk(Payload):
    """The arguments of a free disengage's question (``free_disengage``): the model, and ``when``
    (``before`` or ``after`` the action)."""

    model: str
    when: str


@builder("free_move_before", FreeMoveAsk)
def _free_move_before_decision(state: GameState, a: FreeMoveAsk) -> Decision:
    """The free move before the declared action (PRJ-100): a legal move (R-MOVE) whose end keeps
    the action legal (or, ``needed``, makes it so: skipping it then loses the action)."""
    model_id, reach, action, held = a.model, float(a.allowance), a.action, a.held
    needed = a.needed
    mm = state.model(model_id)
    suggested: set[tuple[float, float]] = set()
    """The points :func:`suggest` gave: legal moves (:func:`move_candidates`) that keep the action
    legal, so the check of one of them (a computer player's answer) is not made again."""

    def check(point: tuple[float, float]) -> str | None:
        if point in suggested:
            return None
        result = plan_move(state, model_id, point, reach)
        if not result.legal:
            return result.message
        return action_problem_at(state, model_id, held, action, point)

    def suggest() -> tuple[tuple[float, float], ...]:
        towards = list(_declared_spots(state, model_id, action, reach)) + targets_of_interest(state, model_id)
        kept: list[tuple[float, float]] = []
        # a shot's check looks for a target in sight from each point (the costly test): fewer of them
        most = 4 if action.startswith("shoot:") else 8
        for p in move_candidates(state, model_id, reach, towards=towards):
            if action_problem_at(state, model_id, held, action, p) is None:
                kept.append(p)
                if len(kept) == most:
                    break
        suggested.update(kept)
        return tuple(kept)

    must = "; it must make the action possible, or the action is lost" if needed else ""
    declared = action.replace(":", " ").replace("_", " ")
    prompt = f"Free move before the action for {mm.name} (declared: {declared}{must}), or skip?"
    return Decision(side=mm.side, kind="free_move", model=model_id, prompt=prompt, optional=True,
                    point=PointSpec(check, suggest, reach), info={"when": "before", "action": action, "needed": needed})


def _declared_spots(state: GameState, model_id: str, action: str, reach: float) -> list[tuple[float, float]]:
    """Points the declared action wants the free move to reach: in contact with its enemy or friend
    (the side facing the mover and a few round it), or on its marker."""
    kind, _, arg = action.partition(":")
    mm = state.model(model_id)
    if kind in ("melee", "heal"):
        other = state.model(arg)
        ring = other.base_mm / 20 + mm.base_mm / 20 + min(0.05, state.ruleset.contact_tolerance_cm / 2)
        base = math.atan2(mm.y - other.y, mm.x - other.x)
        return [(other.x + ring * math.cos(base + k), other.y + ring * math.sin(base + k)) for k in (0.0, 0.5, -0.5, 1.0, -1.0)]
    if kind in ("mission", "explosives"):
        marker = action.rsplit(":", 1)[-1]
        return [(k.x, k.y) for k in state.markers if k.id == marker]
    return []


@builder("free_disengage", DisengageAsk)
def _free_disengage_decision(state: GameState, a: DisengageAsk) -> Decision:
    mm = state.model(a.model)
    when = a.when
    return Decision(side=mm.side, kind="free_disengage", model=mm.id, choices=("no", "disengage"), info={"when": when},
                    prompt=f"{mm.name} is in base contact with an enemy: does it disengage as its free move {when} the action (R-DISENGAGE)?")


@stage("activation.free_disengage", TurnFrame)
def _free_disengage(m: Machine, d: TurnFrame, answer: str) -> None:
    """The answer to a free disengage (R-DISENGAGE, 2.3), before or after the action."""
    turn = replace(d, when=None)
    if answer != "disengage":
        if d.when == "before":
            _act(m, turn, None)
        return
    m.emit("free_move_disengage", m.state.model(d.model).side, d.model, when=d.when)
    if d.when == "before":
        m.call(disengage, {"model": d.model, "held": d.held}, _act.at(replace(turn, free_move_used=True)))
    else:
        m.call(disengage, {"model": d.model, "held": d.held})


def _free_move_args(state: GameState, model_id: str, held: int, when: str) -> MoveAsk:
    reach = allowance(state, model_id, held)
    name = state.model(model_id).name
    return replace(move_stage_args(model_id, reach, "free_move", f"Free move {when} the action for {name} (up to {reach:g} cm), or skip?"),
                   when=when)


@stage("activation.act", TurnFrame)
def _act(m: Machine, d: TurnFrame, free_point: tuple[float, float] | None) -> None:
    """The declared action, if the model still stands and the action is (still) legal (PRJ-100)."""
    used = free_point is not None or bool(d.free_move_used)
    model_id, held, action = d.model, d.held, d.declared()
    turn = TurnFrame(model_id, held, free_move_used=used or not (True if d.free is None else d.free))
    mm = m.state.model(model_id)
    if mm.out_of_action:  # put out of action during its own free move: it acts no more
        return
    # after a free move (or for an action it had to make legal), the declared action's own check on the
    # table as it now is: the rest of its legality (weapons, poisons, wounds) the move did not change
    if (used or not d.legal) and action_problem_at(m.state, model_id, held, action, mm.position) is not None:
        reason = "not made possible by the free move" if not d.legal else "no longer possible after the free move"
        m.emit("action_lost", mm.side, model_id, action=action, reason=reason)
        _after_action(m, turn, None)
        return
    m.call(perform_action, ActionFrame(model_id, held, action), _after_action.at(turn))


@stage("activation.after_action", TurnFrame)
def _after_action(m: Machine, d: TurnFrame, _: object) -> None:
    """The free move after the action, if it is still to make (PRJ-100; PRJ-90: a disengage when in contact)."""
    if d.free_move_used:
        return
    if may_move_freely(m.state, d.model, d.held):
        m.call(move_ask, _free_move_args(m.state, d.model, d.held, "after"))
    elif may_disengage_freely(m.state, d.model, d.held):
        m.ask("free_disengage", DisengageAsk(d.model, "after"), _free_disengage.at(TurnFrame(d.model, d.held, when="after")))


@stage("activation.end", ModelFrame)
def _end(m: Machine, d: ModelFrame, _: object) -> None:
    """End of the activation: spice expiry (RUL-10), recovery of the others (R-FATIGUE-REST, RUL-06)."""
    model_id = d.model
    mm = m.state.model(model_id)
    c, ended = end_activation(combatant(m.state, model_id))
    state = m.state
    changed = [stored(state, model_id, c)]
    # The others as they are (storing the active model changes none of them). Recovery reads and
    # changes only the tokens (R-FATIGUE-REST, RUL-06: the owner's models, option "all": every
    # model; one token fewer, recovered_tokens): counted on the model states, with no combatant
    # built for each; a model without a token, or that does not recover, stays the same object.
    ruleset = state.ruleset
    side = mm.side
    friends, others = recovers(True, ruleset), recovers(False, ruleset)  # whether each kind of model recovers
    recovered = []
    for o in state.models:
        # the active model is ``mm`` itself (ids are unique); each field read once (pydantic's attribute hook)
        if o.fatigue > 0 and o is not mm and (friends if o.side == side else others) and not o.removed:
            changed.append(o.replace(fatigue=recovered_tokens(o.fatigue)))
            recovered.append(o.id)
    m.state = state.with_models(changed, active=None, active_held=0)  # one new state for the whole step
    m.emit("end_activation", mm.side, model_id, recovered=recovered, spice_ended=ended.spice is not None, clock_s=state.clock_s)


def _release_jammer(m: Machine, model_id: str) -> None:
    """A jammer's template goes when its bearer activates again (R-FACTION Jammer)."""
    mine = [e for e in m.state.effects if e.kind == "jammer" and e.by == model_id]
    if not mine:
        return
    m.state = m.state.replace(effects=tuple(e for e in m.state.effects if e not in mine))
    ids = {e.id for e in mine}
    for other in m.state.models:
        if other.jammed_by in ids:
            m.state = m.state.update_model(other.id, jammed_by=None)
    m.emit("jammer_off", m.state.model(model_id).side, model_id, effects=[e.id for e in mine])


@stage("flee", FleeFrame)
def _flee(m: Machine, d: FleeFrame, _: object) -> None:
    """Will-breaker (R-POISON, PRJ-91): the free move and the Move action go towards the nearest edge;
    a model in base contact disengages first (2.3, R-DISENGAGE), as one of them, towards the edge."""
    model_id, held, step = d.model, d.held, d.step
    if step >= 2:
        return
    mm = m.state.model(model_id)
    c = combatant(m.state, model_id, activation_fatigue=held)
    if mm.out_of_action or not may_move(c):
        return
    if contact_enemies(m.state, model_id):
        if d.tried:  # one forced disengage per activation: it failed, the model stays (PRJ-91)
            m.emit("flee_blocked", mm.side, model_id, reason="still in base contact after a failed disengage")
            return
        m.emit("flee_disengage", mm.side, model_id, step=step)
        m.call(disengage, {"model": model_id, "held": held, "flee": True}, _flee.at(FleeFrame(model_id, held, step + 1, tried=True)))
        return
    result = move_toward_nearest_edge(m.state.board, model_id, c.effective_movement)
    if not result.legal or result.path_length_cm <= 1e-6:
        m.emit("flee_blocked", mm.side, model_id, reason=result.message)
        return
    m.call(apply_move, move_args(model_id, result.end, result.path, result.path_length_cm, "flee"), _flee.at(FleeFrame(model_id, held, step + 1)))
