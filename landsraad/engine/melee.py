"""Melee and disengaging in play: weapons and poisons chosen, the clash rolled in secret,
stances and lowered neutral dice, the kernel's resolution, and the moves that follow.

Rules
-----
- R-MELEE, R-TEST-CLASH: 3D10 rolled in secret, stances chosen in secret, revealed; the side with
  the lower initiative total lowers its neutral die first, ties in secret; then the kernel.
- RUL-15: a model with several melee weapons chooses one for the fight.
- R-POISON (Knife): the player picks the poison before the roll.
- R-MELEE-OPTIONS: a side whose blow hits may push up to 5 cm (ending the combat, PRJ-15); a side
  that defended may step up to 5 cm away out of contact.
- R-MELEE-OPTIONS: "si l'attaque est réussie ... repousser": only an attack that hit and that no
  shield stopped may push.
- R-DISENGAGE, PRJ-17, PRJ-99: an opposed test; success moves the model exactly its margin, out of
  contact (as far as it can where it has no room for the whole margin); failure takes a blow.
  The disengage may be the activation's free move or its action (2.3).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import ClassVar, Iterable, Mapping

from ..errors import RuleError
from ..geometry.measure import edge_distance as base_gap
from ..geometry.movement import push, step_away
from ..model import Weapon
from ..rules.disengage import resolve_disengage
from ..rules.melee import Stance, can_attack, initiative_total, lowering_order, resolve_melee
from ..rules.state import Combatant
from .bridge import combatant
from .decisions import Decision, PointSpec
from .flow import Machine, Payload, builder, stage
from .moves import apply_move, move_args
from .outcomes import record_outcome
from .spatial import beyond_allowance, contact_enemies, move_candidates, plan_move
from .state import GameState, ModelState

__all__ = ["touching_enemy", "MeleeFrame", "DisengageFrame", "WeaponAsk", "PoisonAsk", "PushFrame", "StepAwayFrame", "DisengageMove"]

ROLES = ("attacker", "defender")


# --- weapon and poison ---------------------------------------------------------------------------------


def _weapons(state: GameState, model_id: str, kind: str) -> list[Weapon]:
    return [w for w in state.model(model_id).weapons if (w.is_melee if kind == "melee" else w.is_ranged)]


def _weapon(state: GameState, model_id: str, weapon_id: str | None) -> Weapon | None:
    return next((w for w in state.model(model_id).weapons if w.id == weapon_id), None)


@dataclass(frozen=True, slots=True)
class WeaponAsk(Payload):
    """The weapon a model uses in a fight or a disengage (RUL-15): the ``weapon`` stage's data and decision's arguments."""

    model: str
    use: str
    """``"melee"``: the weapons it may strike with."""


@dataclass(frozen=True, slots=True)
class PoisonAsk(Payload):
    """The poison on a fighter's weapon (R-POISON): the ``poison`` stage's data and decision's arguments."""

    model: str
    weapon: str | None
    """The weapon's id (``None``: the model fights without one)."""


@builder("weapon", WeaponAsk)
def _weapon_decision(state: GameState, a: WeaponAsk) -> Decision:
    mm = state.model(a.model)
    return Decision(side=mm.side, kind="weapon", model=mm.id, prompt=f"Which weapon does {mm.name} use in this {a.use} (RUL-15)?",
                    choices=tuple(w.id for w in _weapons(state, mm.id, a.use)))


@stage("weapon", WeaponAsk)
def _choose_weapon(m: Machine, d: WeaponAsk, _: object) -> str | None:
    """The weapon id ``model`` uses: its only one, or the player's choice (RUL-15)."""
    weapons = _weapons(m.state, d.model, d.use)
    if len(weapons) <= 1:
        return weapons[0].id if weapons else None
    m.ask("weapon", d, None)
    return None


def _usable_poisons(state: GameState, model_id: str, weapon_id: str | None) -> tuple[str, ...]:
    c = combatant(state, model_id, weapon=_weapon(state, model_id, weapon_id))
    own = tuple(c.weapon.poisons) if c.weapon is not None else ()
    usable = own + tuple(p for p in c.carried_poisons if p.kind not in {q.kind for q in own})
    if c.weapon is None or not usable or ("poisoned_knife" not in c.weapon.special_rules and len(own) <= 1):
        return ()
    return tuple(str(p) for p in usable)


@builder("poison", PoisonAsk)
def _poison_decision(state: GameState, a: PoisonAsk) -> Decision:
    mm = state.model(a.model)
    weapon = _weapon(state, mm.id, a.weapon)
    return Decision(side=mm.side, kind="poison", model=mm.id, secret=True,
                    prompt=f"Which poison is on {mm.name}'s {weapon.name if weapon else 'weapon'} for this fight?",
                    choices=_usable_poisons(state, mm.id, a.weapon) + ("none",))


@stage("poison", PoisonAsk)
def _choose_poison(m: Machine, d: PoisonAsk, _: object) -> str | None:
    """The Knife rule: the player picks the poison before the roll (R-POISON)."""
    if not _usable_poisons(m.state, d.model, d.weapon):
        return None
    m.ask("poison", d, _poison_chosen)
    return None


@stage("poison.chosen")
def _poison_chosen(m: Machine, _: object, choice: str) -> str | None:
    return None if choice == "none" else choice


# --- melee -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MeleeFrame(Payload):
    """A clash under way (R-MELEE, R-TEST-CLASH, R-MELEE-OPTIONS): the data every ``melee`` stage carries.

    It grows as the clash goes on: the weapons (RUL-15) and poisons (R-POISON), attacker's then
    defender's; the secret dice; the stances; the order the neutral dice are lowered in and how far;
    whether each side pushes. ``role`` is the side being asked, while a stance or a push is asked.
    Its JSON form is the mapping of the fields known so far, as saved games have held it (a weapon
    or poison that is none is left out rather than written ``null``; either form loads).

    Examples
    --------
    >>> frame = MeleeFrame("red-1", 0, "blue-2", a_weapon="knife")
    >>> frame.to_json()
    {'model': 'red-1', 'held': 0, 'enemy': 'blue-2', 'a_weapon': 'knife'}
    >>> MeleeFrame.from_json({**frame.to_json(), "a_dice": [3, 7, 2], "stances": {}}).a_dice
    (3, 7, 2)
    """

    model: str
    """The attacker: the active model."""
    held: int
    """Fatigue tokens the attacker held when its activation began (RUL-05)."""
    enemy: str
    """The defender."""
    a_weapon: str | None = None
    d_weapon: str | None = None
    a_poison: str | None = None
    d_poison: str | None = None
    a_dice: tuple[int, ...] | None = None
    """The attacker's (neutral, attack, defence)."""
    d_dice: tuple[int, ...] | None = None
    stances: Mapping[str, Stance] | None = None
    """Role -> ``"attack"``/``"defend"``, as each is chosen."""
    role: str | None = None
    order: str | None = None
    """Who lowers its neutral die first: ``"attacker"``, ``"defender"`` or ``"secret"`` (a tie)."""
    sequence: tuple[str, ...] | None = None
    """The roles still to lower, in order."""
    neutral: Mapping[str, int] | None = None
    """Role -> its neutral die, as lowered so far."""
    lowered: Mapping[str, int] | None = None
    """Role -> the value it lowered to, as the other side is told (empty while the order is secret)."""
    pushes: Mapping[str, bool] | None = None
    """Role -> whether it pushes if its blow succeeds."""

    OMITTED_WHEN_NONE: ClassVar[frozenset[str]] = frozenset(
        {"a_weapon", "d_weapon", "a_poison", "d_poison", "a_dice", "d_dice", "stances", "role", "order", "sequence", "neutral",
         "lowered", "pushes"})

    def ids(self) -> dict[str, str]:
        """Role -> model id."""
        return {"attacker": self.model, "defender": self.enemy}

    def dice(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The attacker's and the defender's dice, once both are rolled.

        Raises
        ------
        RuleError
            One is not rolled yet: the frame was not made by the clash's rolls.
        """
        if self.a_dice is None or self.d_dice is None:
            raise RuleError(f"The clash of {self.model} with {self.enemy} goes on before both sides rolled: {self.to_json()}.")
        return self.a_dice, self.d_dice

    def chosen(self) -> tuple[Mapping[str, Stance], Mapping[str, int], Mapping[str, int], Mapping[str, bool]]:
        """The stances, the neutral dice, the lowered values told and the pushes, as far as they are known (empty if not yet)."""
        return self.stances or {}, self.neutral or {}, self.lowered or {}, self.pushes or {}


@stage("melee", MeleeFrame)
def fight(m: Machine, d: MeleeFrame, _: object) -> None:
    """A clash (R-MELEE, R-TEST-CLASH, R-MELEE-OPTIONS): weapons first, attacker then defender."""
    m.call(_choose_weapon, WeaponAsk(d.model, "melee"), _melee_weapon_a.at(d))


@stage("melee.weapon_a", MeleeFrame)
def _melee_weapon_a(m: Machine, d: MeleeFrame, weapon: str | None) -> None:
    m.call(_choose_weapon, WeaponAsk(d.enemy, "melee"), _melee_weapon_d.at(replace(d, a_weapon=weapon)))


@stage("melee.weapon_d", MeleeFrame)
def _melee_weapon_d(m: Machine, d: MeleeFrame, weapon: str | None) -> None:
    m.call(_choose_poison, PoisonAsk(d.model, d.a_weapon), _melee_poison_a.at(replace(d, d_weapon=weapon)))


@stage("melee.poison_a", MeleeFrame)
def _melee_poison_a(m: Machine, d: MeleeFrame, poison: str | None) -> None:
    m.call(_choose_poison, PoisonAsk(d.enemy, d.d_weapon), _melee_poison_d.at(replace(d, a_poison=poison)))


@stage("melee.poison_d", MeleeFrame)
def _melee_poison_d(m: Machine, d: MeleeFrame, poison: str | None) -> None:
    side = m.state.model(d.model).side
    m.roll(3, _melee_rolled_a.at(replace(d, d_poison=poison)), by=(side, d.model), why="clash", secret=True)


@stage("melee.rolled_a", MeleeFrame)
def _melee_rolled_a(m: Machine, d: MeleeFrame, dice: tuple[int, ...]) -> None:
    side = m.state.model(d.enemy).side
    m.roll(3, _melee_rolled_d.at(replace(d, a_dice=tuple(dice))), by=(side, d.enemy), why="clash", secret=True)


def _combatants(m: Machine, d: MeleeFrame) -> dict[str, Combatant]:
    """The two fighters as the kernel sees them (the attacker with its activation's fatigue)."""
    return {
        "attacker": combatant(m.state, d.model, weapon=_weapon(m.state, d.model, d.a_weapon), activation_fatigue=d.held),
        "defender": combatant(m.state, d.enemy, weapon=_weapon(m.state, d.enemy, d.d_weapon)),
    }


@dataclass(frozen=True, slots=True)
class StanceAsk(Payload):
    """A fighter's stance, asked in secret (R-TEST-CLASH): its dice (neutral, attack, defence), its role,
    its opponent, and whether it may attack at all."""

    model: str
    dice: tuple[int, ...]
    role: str
    opponent: str
    can_attack: bool


@builder("stance", StanceAsk)
def _stance_decision(state: GameState, a: StanceAsk) -> Decision:
    mm = state.model(a.model)
    dice = a.dice
    options = ("attack", "defend") if a.can_attack else ("defend",)
    return Decision(side=mm.side, kind="stance", model=mm.id, secret=True, choices=options,
                    prompt=f"{mm.name} rolled neutral {dice[0]}, attack {dice[1]}, defence {dice[2]}: attack or defend?",
                    info={"dice": list(dice), "role": a.role, "opponent": a.opponent})


@stage("melee.rolled_d", MeleeFrame)
def _melee_rolled_d(m: Machine, d: MeleeFrame, dice: tuple[int, ...]) -> None:
    _ask_stance(m, replace(d, d_dice=tuple(dice), stances={}), "attacker")


def _ask_stance(m: Machine, d: MeleeFrame, role: str) -> None:
    ids = d.ids()
    a_dice, d_dice = d.dice()
    fighter = _combatants(m, d)[role]
    m.ask("stance", StanceAsk(ids[role], a_dice if role == "attacker" else d_dice, role,
                              ids["defender"] if role == "attacker" else ids["attacker"], can_attack(fighter)),
          _melee_stance.at(replace(d, role=role)))


@stage("melee.stance", MeleeFrame)
def _melee_stance(m: Machine, d: MeleeFrame, stance: Stance) -> None:
    role = d.role
    if role is None:
        raise RuleError(f"A stance is answered in the clash of {d.model} with {d.enemy} without being asked: {d.to_json()}.")
    d = replace(d, role=None, stances={**d.chosen()[0], role: stance})
    if role == "attacker":
        _ask_stance(m, d, "defender")
        return
    ids = d.ids()
    a_dice, d_dice = d.dice()
    stances = d.chosen()[0]
    m.emit("clash_revealed", m.state.model(ids["attacker"]).side, ids["attacker"], attacker_dice=list(a_dice), defender_dice=list(d_dice),
           defender=ids["defender"], attacker_stance=stances["attacker"], defender_stance=stances["defender"])
    fighters = _combatants(m, d)
    order = lowering_order(initiative_total(fighters["attacker"], fighters["defender"], a_dice[0], m.state.ruleset),
                           initiative_total(fighters["defender"], fighters["attacker"], d_dice[0], m.state.ruleset))
    sequence = {"attacker": ("attacker", "defender"), "defender": ("defender", "attacker"), "secret": ("attacker", "defender")}[order]
    _lower_next(m, replace(d, order=order, sequence=sequence, neutral={"attacker": a_dice[0], "defender": d_dice[0]}, lowered={}), None)


@dataclass(frozen=True, slots=True)
class LowerAsk(Payload):
    """A neutral die that may be lowered (R-NEUTRAL-DOWN): whose, what it shows, whether in secret, what
    the player is told (``info``); in a disengage (PRJ-17), the mover's name."""

    model: str
    shows: int
    secret: bool
    info: Mapping[str, object]
    disengage: bool | None = None
    mover_name: str | None = None

    OMITTED_WHEN_NONE: ClassVar[frozenset[str]] = frozenset({"disengage", "mover_name"})


@builder("lower_neutral", LowerAsk)
def _lower_decision(state: GameState, a: LowerAsk) -> Decision:
    mm = state.model(a.model)
    shown = a.shows
    if a.disengage:
        return Decision(side=mm.side, kind="lower_neutral", model=mm.id, choices=tuple(range(shown, 0, -1)),
                        prompt=f"{a.mover_name} tries to disengage from {mm.name}, whose neutral die shows {shown}: lower it (R-NEUTRAL-DOWN)?",
                        info=dict(a.info))
    return Decision(side=mm.side, kind="lower_neutral", model=mm.id, secret=a.secret,
                    prompt=f"{mm.name}'s neutral die shows {shown}: lower it (R-NEUTRAL-DOWN)?",
                    choices=tuple(range(shown, 0, -1)), info=dict(a.info))


@stage("melee.lower", MeleeFrame)
def _lower_next(m: Machine, d: MeleeFrame, lowered_to: int | None) -> None:
    """R-NEUTRAL-DOWN in the order the initiative totals give; the second side is told the first's choice."""
    stances, chosen_neutral, chosen_lowered, _ = d.chosen()
    sequence, neutral, lowered = list(d.sequence or ()), dict(chosen_neutral), dict(chosen_lowered)
    if lowered_to is not None:
        who = sequence.pop(0)
        neutral[who] = lowered_to
        if d.order != "secret":
            lowered[who] = lowered_to
    a_dice, d_dice = d.dice()
    while sequence:
        who = sequence[0]
        if neutral[who] > 1:
            info = {"attacker_dice": list(a_dice), "defender_dice": list(d_dice), "role": who, "stances": dict(stances),
                    "order": d.order, "lowered": dict(lowered)}
            m.ask("lower_neutral", LowerAsk(d.ids()[who], neutral[who], d.order == "secret", info),
                  _lower_next.at(replace(d, sequence=tuple(sequence), neutral=neutral, lowered=lowered)))
            return
        sequence.pop(0)
        if d.order != "secret":
            lowered[who] = neutral[who]
    # the frame keeps the sequence and lowered values it came with, as saved games hold them
    _ask_push(m, replace(d, neutral=neutral, pushes={}), "attacker")


@dataclass(frozen=True, slots=True)
class PushAsk(Payload):
    """Whether an attacking fighter pushes if its blow succeeds (R-MELEE-OPTIONS), and what it is told (``info``)."""

    model: str
    info: Mapping[str, object]


@builder("push", PushAsk)
def _push_decision(state: GameState, a: PushAsk) -> Decision:
    mm = state.model(a.model)
    return Decision(side=mm.side, kind="push", model=mm.id, choices=("push", "no"),
                    prompt=f"If {mm.name}'s attack succeeds (hits, and no shield stops it), does it push its enemy back up to 5 cm, "
                           f"ending the combat (R-MELEE-OPTIONS)?",
                    info=dict(a.info))


def _ask_push(m: Machine, d: MeleeFrame, role: str) -> None:
    a_dice, d_dice = d.dice()
    for who in ROLES[ROLES.index(role):]:
        stances, neutral, _, pushes = d.chosen()
        if stances[who] != "attack":
            d = replace(d, pushes={**pushes, who: False})
            continue
        info = {"attacker_dice": list(a_dice), "defender_dice": list(d_dice), "neutral": dict(neutral), "stances": dict(stances), "role": who}
        m.ask("push", PushAsk(d.ids()[who], info), _melee_push.at(replace(d, role=who)))
        return
    _resolve(m, d)


@stage("melee.push", MeleeFrame)
def _melee_push(m: Machine, d: MeleeFrame, answer: str) -> None:
    role = d.role
    if role is None:
        raise RuleError(f"A push is answered in the clash of {d.model} with {d.enemy} without being asked: {d.to_json()}.")
    d = replace(d, role=None, pushes={**d.chosen()[3], role: answer == "push"})
    if role == "attacker":
        _ask_push(m, d, "defender")
        return
    _resolve(m, d)


def _resolve(m: Machine, d: MeleeFrame) -> None:
    ids = d.ids()
    fighters = _combatants(m, d)
    a_dice, d_dice = d.dice()
    stances, neutral, _, pushes = d.chosen()
    event = resolve_melee(
        fighters["attacker"], fighters["defender"], attacker_dice=tuple(a_dice), defender_dice=tuple(d_dice),
        attacker_stance=stances["attacker"], defender_stance=stances["defender"],
        attacker_neutral=neutral["attacker"], defender_neutral=neutral["defender"],
        attacker_poison=d.a_poison, defender_poison=d.d_poison,
        attacker_push=pushes["attacker"], defender_push=pushes["defender"], ruleset=m.state.ruleset,
    )
    m.emit("melee", m.state.model(ids["attacker"]).side, ids["attacker"], defender=ids["defender"], event=event)
    m.spend("melee")
    order_no = len(m.state.kills) + 1
    record_outcome(m, ids["attacker"], event.attacker_after, killer=ids["defender"], means="melee", order=order_no)
    record_outcome(m, ids["defender"], event.defender_after, killer=ids["attacker"], means="melee", order=order_no)
    if event.ended_by_push:
        pusher = ids[event.ended_by_push]
        victim = ids["defender" if event.ended_by_push == "attacker" else "attacker"]
        if not m.state.model(victim).removed:
            frame = PushFrame(pusher, victim)
            m.ask("push_distance", frame, _pushed.at(frame))
        return
    steps = [ids[who] for who, may in (("attacker", event.options.attacker_may_step_away),
                                      ("defender", event.options.defender_may_step_away)) if may]
    _step_away_next(m, StepAwayFrame(tuple(steps)), None)


# --- after the blow: push and step away ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PushFrame(Payload):
    """A push that ended the combat (R-MELEE-OPTIONS): who pushes whom, while its distance is asked."""

    pusher: str
    victim: str


@builder("push_distance", PushFrame)
def _push_distance_decision(state: GameState, a: PushFrame) -> Decision:
    p, v = state.model(a.pusher), state.model(a.victim)
    return Decision(side=p.side, kind="push_distance", model=p.id, choices=(5, 4, 3, 2, 1, 0),
                    prompt=f"How far does {p.name} push {v.name} (up to 5 cm, stopping before an obstacle)?")


@stage("melee.pushed", PushFrame)
def _pushed(m: Machine, d: PushFrame, distance: int) -> None:
    if distance <= 0:
        return
    p, v = m.state.model(d.pusher), m.state.model(d.victim)
    result = push(m.state.board, v.id, (v.x - p.x, v.y - p.y), float(distance))
    if result.path_length_cm > 1e-6:
        m.call(apply_move, move_args(v.id, result.end, result.path, result.path_length_cm, "pushed"))


def _still_touching(state: GameState, model_id: str, point: tuple[float, float], enemies: Iterable[str]) -> str | None:
    moved = state.board.moved(model_id, point)
    for e in enemies:
        if base_gap(moved.base(model_id), moved.base(e)) <= state.ruleset.contact_tolerance_cm:
            return e
    return None


@dataclass(frozen=True, slots=True)
class StepAwayAsk(Payload):
    """Whether a fighter that defended steps away (R-MELEE-OPTIONS): the enemies it must end out of
    contact with, and the spot suggested."""

    model: str
    enemies: tuple[str, ...]
    suggested: tuple[float, float]


@builder("step_away", StepAwayAsk)
def _step_away_decision(state: GameState, a: StepAwayAsk) -> Decision:
    mm = state.model(a.model)
    enemies = a.enemies

    def check(point: tuple[float, float]) -> str | None:
        result = plan_move(state, mm.id, point, 5.0)
        if not result.legal:
            return result.message
        touching = _still_touching(state, mm.id, point, enemies)
        return f"it would still be in contact with {touching}" if touching else None

    return Decision(side=mm.side, kind="step_away", model=mm.id, optional=True,
                    point=PointSpec(check, (a.suggested,), 5.0),
                    prompt=f"{mm.name} defended: does it step up to 5 cm away, out of contact with every enemy (R-MELEE-OPTIONS)?")


@dataclass(frozen=True, slots=True)
class StepAwayFrame(Payload):
    """The models that defended and may step away (R-MELEE-OPTIONS), attacker first; ``asked``
    once the first of them is asked (it leaves the queue with the answer)."""

    queue: tuple[str, ...]
    asked: bool | None = None

    OMITTED_WHEN_NONE: ClassVar[frozenset[str]] = frozenset({"asked"})


@stage("melee.step_away", StepAwayFrame)
def _step_away_next(m: Machine, d: StepAwayFrame, point: tuple[float, float] | None) -> None:
    """Each side that defended may step away, attacker first (R-MELEE-OPTIONS)."""
    queue = list(d.queue)
    if point is not None:
        model_id = queue.pop(0)
        result = plan_move(m.state, model_id, point, 5.0)
        m.push(_step_away_next.at(StepAwayFrame(tuple(queue))))
        m.call(apply_move, move_args(model_id, point, result.path, result.path_length_cm, "step_away"))
        return
    if d.asked:
        queue.pop(0)
    while queue:
        model_id = queue[0]
        enemies = contact_enemies(m.state, model_id)
        if not m.state.model(model_id).out_of_action and enemies:
            best = step_away(m.state.board, model_id, enemies, 5.0)
            if best.legal:
                m.ask("step_away", StepAwayAsk(model_id, tuple(enemies), best.end),
                      _step_away_next.at(StepAwayFrame(tuple(queue), asked=True)))
                return
        queue.pop(0)


# --- disengaging ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OpponentAsk(Payload):
    """Which of the enemies in contact opposes a disengage (R-DISENGAGE), asked of their side."""

    model: str
    enemies: tuple[str, ...]


@builder("disengage_opponent", OpponentAsk)
def _opponent_decision(state: GameState, a: OpponentAsk) -> Decision:
    mm = state.model(a.model)
    enemies = a.enemies
    return Decision(side=state.model(enemies[0]).side, kind="disengage_opponent", choices=enemies,
                    prompt=f"{mm.name} disengages: which of your models opposes it (R-DISENGAGE)?")


@dataclass(frozen=True, slots=True)
class DisengageFrame(Payload):
    """A disengage under way (R-DISENGAGE, PRJ-17): the data every ``disengage`` stage carries.

    The mover and the fatigue it held (RUL-05), whether it is a Will-broken model's break-away
    (PRJ-91), then, as they are known, the opponent, both weapons (RUL-15) and both rolls.

    Examples
    --------
    >>> DisengageFrame("red-1", 0, opponent="blue-2", m_dice=(4, 6)).to_json()
    {'model': 'red-1', 'held': 0, 'opponent': 'blue-2', 'm_dice': [4, 6]}
    """

    model: str
    held: int
    flee: bool | None = None
    opponent: str | None = None
    m_weapon: str | None = None
    o_weapon: str | None = None
    m_dice: tuple[int, ...] | None = None
    """The mover's (neutral, attack)."""
    o_dice: tuple[int, ...] | None = None

    OMITTED_WHEN_NONE: ClassVar[frozenset[str]] = frozenset({"flee", "opponent", "m_weapon", "o_weapon", "m_dice", "o_dice"})

    def known(self) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
        """The opponent and both rolls, once known (the disengage's last stage).

        Raises
        ------
        RuleError
            One is not known yet: the frame was not made by the disengage's earlier stages.
        """
        if self.opponent is None or self.m_dice is None or self.o_dice is None:
            raise RuleError(f"The disengage of {self.model} is resolved before its opponent and rolls are known: {self.to_json()}.")
        return self.opponent, self.m_dice, self.o_dice

    def against(self) -> str:
        """The opponent, once chosen.

        Raises
        ------
        RuleError
            None is chosen yet.
        """
        if self.opponent is None:
            raise RuleError(f"The disengage of {self.model} goes on before its opponent is known: {self.to_json()}.")
        return self.opponent


@stage("disengage", DisengageFrame)
def disengage(m: Machine, d: DisengageFrame, _: object) -> None:
    """R-DISENGAGE: an opposed test; success moves the model its margin, failure takes a blow."""
    enemies = contact_enemies(m.state, d.model)
    if len(enemies) > 1:
        m.ask("disengage_opponent", OpponentAsk(d.model, tuple(enemies)), _disengage_opponent.at(d))
        return
    _disengage_opponent(m, d, enemies[0])


@stage("disengage.opponent", DisengageFrame)
def _disengage_opponent(m: Machine, d: DisengageFrame, opponent: str) -> None:
    m.call(_choose_weapon, WeaponAsk(d.model, "melee"), _disengage_weapon_m.at(replace(d, opponent=opponent)))


@stage("disengage.weapon_m", DisengageFrame)
def _disengage_weapon_m(m: Machine, d: DisengageFrame, weapon: str | None) -> None:
    m.call(_choose_weapon, WeaponAsk(d.against(), "melee"), _disengage_weapon_o.at(replace(d, m_weapon=weapon)))


@stage("disengage.weapon_o", DisengageFrame)
def _disengage_weapon_o(m: Machine, d: DisengageFrame, weapon: str | None) -> None:
    m.roll(2, _disengage_rolled_m.at(replace(d, o_weapon=weapon)), by=(m.state.model(d.model).side, d.model), why="disengage")


@stage("disengage.rolled_m", DisengageFrame)
def _disengage_rolled_m(m: Machine, d: DisengageFrame, dice: tuple[int, ...]) -> None:
    opponent = d.against()
    m.roll(2, _disengage_rolled_o.at(replace(d, m_dice=tuple(dice))), by=(m.state.model(opponent).side, opponent), why="disengage")


@stage("disengage.rolled_o", DisengageFrame)
def _disengage_rolled_o(m: Machine, d: DisengageFrame, dice: tuple[int, ...]) -> None:
    d = replace(d, o_dice=tuple(dice))
    opponent, m_dice, _ = d.known()
    # PRJ-17: either side may lower its neutral die; only the opponent can gain (X- damage grows as it falls).
    if dice[0] > 1:
        info = {"mover_dice": list(m_dice), "opponent_dice": list(dice), "role": "disengage_opponent"}
        m.ask("lower_neutral", LowerAsk(opponent, dice[0], False, info, disengage=True, mover_name=m.state.model(d.model).name),
              _disengage_lowered.at(d))
        return
    _disengage_lowered(m, d, dice[0])


@stage("disengage.lowered", DisengageFrame)
def _disengage_lowered(m: Machine, d: DisengageFrame, lowered: int) -> None:
    model_id = d.model
    opponent, m_dice, o_dice = d.known()
    mover = combatant(m.state, model_id, weapon=_weapon(m.state, model_id, d.m_weapon), activation_fatigue=d.held)
    opp = combatant(m.state, opponent, weapon=_weapon(m.state, opponent, d.o_weapon))
    event = resolve_disengage(mover, opp, mover_dice=tuple(m_dice), opponent_dice=tuple(o_dice), opponent_neutral=lowered,
                              compare=m.state.ruleset.disengage_compare, ruleset=m.state.ruleset)
    mm = m.state.model(model_id)
    m.emit("disengage", mm.side, model_id, opponent=opponent, event=event)
    m.spend("disengage")
    record_outcome(m, model_id, event.mover_after, killer=opponent, means="disengage")
    if event.success and event.margin_cm > 0 and not m.state.model(model_id).out_of_action:
        margin = float(event.margin_cm)
        if not disengage_spots(m.state, model_id, margin, exact=False):
            m.emit("disengage_blocked", mm.side, model_id, margin_cm=margin)
            return
        if d.flee:
            # Will-breaker (PRJ-91): the break-away goes towards the nearest table edge, not asked
            exact = m.state.ruleset.disengage_move == "exact" and bool(disengage_spots(m.state, model_id, margin, exact=True))
            spot = min(disengage_spots(m.state, model_id, margin, exact=exact, limit=36), key=lambda p: _edge_gap(m.state, mm, p))
            _disengage_moved(m, DisengageMove(model_id, margin), spot)
            return
        move = DisengageMove(model_id, margin)
        m.ask("disengage_move", move, _disengage_moved.at(move))


@dataclass(frozen=True, slots=True)
class DisengageMove(Payload):
    """A successful disengage's move (R-DISENGAGE): the model and its margin, the move's allowance."""

    model: str
    allowance: float


def _edge_gap(state: GameState, mm: ModelState, p: tuple[float, float]) -> float:
    """How far the base at ``p`` is from the nearest table edge (R-MEASURE)."""
    r = mm.base_mm / 20
    return min(p[0] - r, state.width - p[0] - r, p[1] - r, state.depth - p[1] - r)


def touching_enemy(state: GameState, model_id: str, point: tuple[float, float]) -> bool:
    """Whether ``model_id`` standing at ``point`` would touch an enemy (RUL-07 tolerance)."""
    return _still_touching(state, model_id, point, [e.id for e in state.enemies_of(model_id)]) is not None


EXACT_SLACK_CM = 0.05
"""How far short of the margin a disengage may end and still count as "the margin" (a tape's reading)."""


def disengage_spots(state: GameState, model_id: str, margin: float, *, exact: bool, limit: int = 8) -> tuple[tuple[float, float], ...]:
    """Legal ends of a disengage: out of contact with every enemy, within the margin; with ``exact``,
    at the margin itself (a straight slide of that length), farthest from the enemies first."""
    mm = state.model(model_id)
    enemies = [e for e in state.enemies_of(model_id)]
    points = []
    for step in range(36):
        angle = step * math.pi / 18
        points.append((mm.x + margin * math.cos(angle), mm.y + margin * math.sin(angle)))
    # A point behind the enemy or a wall may be free but too far: its bound refuses it before the costly path search.
    far = beyond_allowance(state, model_id, points, margin)
    spots = [p for p, too_far in zip(points, far) if not too_far and _disengage_problem(state, model_id, p, margin, exact=True) is None]
    if not exact and not spots:
        spots = [p for p in move_candidates(state, model_id, margin, limit=16) if not touching_enemy(state, model_id, p)]
    spots.sort(key=lambda p: -min((math.hypot(p[0] - e.x, p[1] - e.y) for e in enemies), default=0.0))
    return tuple(spots[:limit])


def _disengage_problem(state: GameState, model_id: str, point: tuple[float, float], margin: float, *, exact: bool) -> str | None:
    result = plan_move(state, model_id, point, margin)
    if not result.legal:
        return result.message
    if touching_enemy(state, model_id, point):
        return "a disengaging model must end out of contact with every enemy (R-DISENGAGE)"
    if exact and result.path_length_cm < margin - EXACT_SLACK_CM:
        return (f"a successful disengage moves the model exactly its margin, {margin:g} cm (R-DISENGAGE, 2.3 \"d'une distance égale "
                f"à la marge\"); this move is {result.path_length_cm:.1f} cm")
    return None


@builder("disengage_move", DisengageMove)
def _disengage_move_decision(state: GameState, a: DisengageMove) -> Decision:
    mm = state.model(a.model)
    allowance = float(a.allowance)
    # The rulebook's reading (default): exactly the margin, where the model has room; else as far as it can.
    exact = state.ruleset.disengage_move == "exact" and bool(disengage_spots(state, mm.id, allowance, exact=True))

    def check(point: tuple[float, float]) -> str | None:
        return _disengage_problem(state, mm.id, point, allowance, exact=exact)

    def suggest() -> tuple[tuple[float, float], ...]:
        return disengage_spots(state, mm.id, allowance, exact=exact)

    how = "exactly" if exact else "up to"
    return Decision(side=mm.side, kind="disengage_move", model=mm.id, optional=not exact, point=PointSpec(check, suggest, allowance),
                    prompt=f"{mm.name} broke away: move it {how} {allowance:g} cm, out of contact (R-DISENGAGE)?")


@stage("disengage.moved", DisengageMove)
def _disengage_moved(m: Machine, d: DisengageMove, point: tuple[float, float] | None) -> None:
    if point is None:
        return
    result = plan_move(m.state, d.model, point, d.allowance)
    m.call(apply_move, move_args(d.model, point, result.path, result.path_length_cm, "disengage"))
