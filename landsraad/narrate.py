"""A readable story of a game from its event log (output layer).

:func:`narrate` turns one :class:`~landsraad.engine.events.GameEvent` into a sentence (or
``None`` for bookkeeping events); :func:`narrate_log` tells a whole game. Secret events
(hidden rolls, secret choices) are told only when ``reveal_secrets`` is set, as a spectator
reading the log after the game would see them; melee dice and stances are told anyway once
the rules reveal them.

Examples
--------
>>> from landsraad.engine.events import make_event
>>> names = {"red-soldier-1": "Sardaukar 1", "blue-warrior-2": "Fremen warrior 2"}
>>> e = make_event(5, "move", "red", "red-soldier-1", {"kind": "move", "to": [10.0, 12.5], "length_cm": 7.25})
>>> narrate(e, names)
'Sardaukar 1 moves 7.2 cm to (10.0, 12.5).'

Models are named as the pictures and the play menus show them (:func:`model_label`): the
card's name and the model's id, which is what the SVG prints on its base and unique on the
table even when both sides field a "Specialist".

>>> model_label("red-soldier-2", "Soldier 1")
'Soldier 1 (red-soldier-2)'
"""

from __future__ import annotations

from functools import singledispatch
from typing import Any, Iterable, Mapping

from .engine.events import (
    ActionChosen,
    ActionLost,
    ActionTested,
    Activated,
    AmbassadorPlaced,
    BidWon,
    Clash,
    ClashRevealed,
    DecisionTaken,
    Deployed,
    DisengageBlocked,
    Disengaged,
    FirstPlayer,
    FleeBlocked,
    FleeDisengage,
    FreeMoveDisengage,
    GameEnds,
    GameEvent,
    GameOver,
    Healed,
    JammerOff,
    MarkerBlownUp,
    MarkerNoRoom,
    MarkerPlaced,
    MarkerShot,
    MissionAction,
    MissionCountRevealed,
    MissionsPicked,
    Moved,
    NoTarget,
    Passed,
    PoisonTick,
    Rested,
    SeekerStrikes,
    SetupStarts,
    Shot,
    SpiceConsumed,
    TemplateAimed,
    TemplatePlaced,
    TemplateShot,
    TerrainNoRoom,
    TerrainPlaced,
    Treachery,
    Wounded,
    make_event,
)
from .engine.outcomes import StrikeOutcome

__all__ = ["narrate", "narrate_log", "model_names", "model_label", "SILENT_KINDS"]

_WOUNDS = {"none": "no effect", "scratch": "a scratch (one fatigue token)", "light": "a light wound", "grave": "a grave wound",
           "fatal": "a fatal wound"}

_MOVE_VERBS = {"move": "moves", "free_move": "moves", "flee": "flees (Will-breaker)", "dodge": "dodges", "pushed": "is pushed back",
               "step_away": "steps away", "disengage": "breaks away"}


def model_label(model_id: str, name: str | None = None) -> str:
    """How text names a model: its card name and its id (the label on its base in the SVG).

    The id alone when the name adds nothing (it is missing or the id itself).
    """
    if not name or name == model_id:
        return model_id
    return f"{name} ({model_id})"


def model_names(state: Any) -> dict[str, str]:
    """Model id -> label (:func:`model_label`) of every model of ``state`` (a game state or
    view): the log names models by id only."""
    return {m.id: model_label(m.id, m.name) for m in state.models}


def _n(names: Mapping[str, str], model_id: str | None) -> str:
    return names.get(str(model_id), str(model_id)) if model_id else "?"


def _pt(p: tuple[float, float] | None) -> str:
    return "(?, ?)" if p is None else f"({float(p[0]):.1f}, {float(p[1]):.1f})"


def _strike(s: StrikeOutcome, names: Mapping[str, str], ids: Mapping[str, str | None]) -> str:
    # The kernel's strike names the combatants by card name; the event knows their ids by role.
    striker_id = ids.get(s.by)
    target_id = ids.get("defender" if s.by == "attacker" else "attacker")
    who = _n(names, striker_id) if striker_id else s.striker
    whom = _n(names, target_id) if target_id else s.target
    if s.automatic:
        head = f"{who} strikes {whom} (both attack: an automatic hit)"
    else:
        head = f"{who} strikes {whom}: {s.attack_total} against {s.defence_total}"
        if not s.hit:
            return head + ", parried"
        head += ", hit"
    if s.shield_stopped:
        return head + f"; the shield stops the blade (neutral {s.neutral})"
    text = f"{head}, {s.damage} damage: {_WOUNDS.get(s.wound, s.wound)}"
    if s.poisons_applied:
        text += " and " + ", ".join(p.kind for p in s.poisons_applied) + " poison"
    if s.pushed:
        text += "; it pushes its enemy back, ending the combat"
    return text


def narrate(event: GameEvent, names: Mapping[str, str], *, reveal_secrets: bool = False) -> str | None:
    """One sentence for ``event``, or ``None`` when there is nothing to tell (dispatched on the event's class)."""
    if event.secret and not reveal_secrets:
        return None
    if type(event) is GameEvent:  # built by hand as the base class: read it as its kind's class
        event = make_event(event.seq, event.kind, event.side, event.model, event.data, event.secret)
    return _tell(event, names)


@singledispatch
def _tell(event: GameEvent, names: Mapping[str, str]) -> str | None:
    """Bookkeeping events and kinds this version does not know: nothing to tell."""
    return None


@_tell.register
def _(event: SetupStarts, names: Mapping[str, str]) -> str | None:
    sides = event.sides or {}
    return f"Set-up: red plays {sides.get('red')}, blue plays {sides.get('blue')}."


@_tell.register
def _(event: BidWon, names: Mapping[str, str]) -> str | None:
    # each tie roll is [red's die, blue's die], rolled again while equal
    ties = "; then ".join(f"red {pair[0]}, blue {pair[1]}" for pair in event.tie_rolls or () if len(pair) == 2)
    rolls = f" after a roll-off ({ties})" if ties else ""
    bids = event.bids or {}
    return f"Honour bid for the {event.step} step: red {bids.get('red')}, blue {bids.get('blue')}; {event.winner} wins{rolls}."


@_tell.register
def _(event: TerrainPlaced, names: Mapping[str, str]) -> str | None:
    if event.at is not None:
        return f"{event.side} places {event.name or event.piece} at {_pt(event.at)}."
    return f"The table's terrain: {', '.join(event.pieces or ())}."


@_tell.register
def _(event: MissionsPicked, names: Mapping[str, str]) -> str | None:
    return f"{event.side} picks its missions: {', '.join(event.missions or ())}."


@_tell.register
def _(event: MissionCountRevealed, names: Mapping[str, str]) -> str | None:
    return f"Imperial espionage: {event.side} tells {event.to} it chose {event.count} mission(s)."


@_tell.register
def _(event: MarkerPlaced, names: Mapping[str, str]) -> str | None:
    return f"A marker of {event.side}'s {str(event.mission or '').replace('_', ' ')} mission is placed at {_pt(event.at)}."


@_tell.register
def _(event: Treachery, names: Mapping[str, str]) -> str | None:
    return f"Treachery: {event.side} names {event.named}; the opponent {'did' if event.chosen else 'did not'} choose it."


@_tell.register
def _(event: AmbassadorPlaced, names: Mapping[str, str]) -> str | None:
    return f"{event.side}'s ambassador takes position at {_pt(event.at)}."


@_tell.register
def _(event: Deployed, names: Mapping[str, str]) -> str | None:
    return f"{_n(names, event.model)} deploys at {_pt(event.at)}."


@_tell.register
def _(event: FirstPlayer, names: Mapping[str, str]) -> str | None:
    limit = event.clock_limit_s
    return f"{event.first} activates first; the clock starts ({float(2700 if limit is None else limit) / 60:g} minutes)."


@_tell.register
def _(event: Activated, names: Mapping[str, str]) -> str | None:
    return f"[{event.activation}] {event.side} activates {_n(names, event.model)} ({event.fatigue} fatigue token(s) now)."


def _action_words(action: str, names: Mapping[str, str]) -> str:
    """A declared action in words (R-ACTIVATE)."""
    kind, _, arg = action.partition(":")
    if kind == "melee":
        return f"a melee against {_n(names, arg)}"
    if kind == "shoot":
        return f"a shot with its {arg.replace('_', ' ')}"
    if kind == "heal":
        return f"healing {_n(names, arg)}"
    if kind == "move":
        return "a Move action"
    if kind == "explosives":
        return f"explosives on marker {arg}"
    if kind == "mission":
        parts = arg.split(":")
        return f"{parts[1].replace('_', ' ')} ({parts[0].replace('_', ' ')})" if len(parts) > 1 else arg
    return action.replace("_", " ")


@_tell.register
def _(event: ActionChosen, names: Mapping[str, str]) -> str | None:
    action = str(event.action or "")
    if action == "rest":
        return None  # the rest itself is told
    after = " once its free move has made it possible" if event.after_free_move else ""
    return f"{_n(names, event.model)} declares {_action_words(action, names)}{after}."


@_tell.register
def _(event: ActionLost, names: Mapping[str, str]) -> str | None:
    return f"{_n(names, event.model)} cannot carry out {_action_words(str(event.action), names)} ({event.reason}): the action is lost."


@_tell.register
def _(event: FleeDisengage, names: Mapping[str, str]) -> str | None:
    return f"{_n(names, event.model)}, Will-broken, tries to break away from the fight to flee."


@_tell.register
def _(event: SpiceConsumed, names: Mapping[str, str]) -> str | None:
    return f"{_n(names, event.model)} consumes a dose of spice ({event.doses_left} left)."


@_tell.register
def _(event: Moved, names: Mapping[str, str]) -> str | None:
    verb = _MOVE_VERBS.get(event.how or "move", "moves")
    return f"{_n(names, event.model)} {verb} {float(event.length_cm or 0):.1f} cm to {_pt(event.to)}."


def _cover(cover: object) -> str:
    """``light cover``, ``no cover``: a cover class as words."""
    return "no cover" if cover in (None, "none", "") else f"{str(cover).replace('_', ' ')} cover"


@_tell.register
def _(event: ClashRevealed, names: Mapping[str, str]) -> str | None:
    a, b = (" ".join(map(str, dice or [])) for dice in (event.attacker_dice, event.defender_dice))
    return (f"{_n(names, event.model)} charges into melee with {_n(names, event.defender)}: dice {a} against {b} (neutral, attack, defence); "
            f"{event.attacker_stance}s vs {event.defender_stance}s.")


@_tell.register
def _(event: Clash, names: Mapping[str, str]) -> str | None:
    clash = event.outcome
    if clash is None:
        return None
    if not clash.strikes:
        return "Both defend: no blow is struck." if clash.first is None else "No blow lands."
    ids = {"attacker": event.model, "defender": event.defender}
    parts = [_strike(s, names, ids) for s in clash.strikes]
    return ("Simultaneous blows: " if clash.first == "simultaneous" else "") + "; then ".join(parts) + "."


@_tell.register
def _(event: Shot, names: Mapping[str, str]) -> str | None:
    shot = event.outcome
    if shot is None:
        return None
    target = _n(names, event.target)
    head = (f"{_n(names, event.model)} shoots {target} with {shot.weapon} at {shot.distance_cm:.1f} cm"
            f" ({_cover(shot.cover)}): {shot.attack_total} against {shot.defence_total}")
    if not shot.hit:
        return head + f", missed; {target} may dodge {shot.dodge_cm:g} cm."
    if shot.shield_stopped:
        return head + ", hit, but the shield stops the shot."
    return head + f", hit, {shot.damage} damage: {_WOUNDS.get(shot.wound, shot.wound)}."


@_tell.register
def _(event: TemplateAimed, names: Mapping[str, str]) -> str | None:
    under = ", ".join(_n(names, u) for u in event.under or ()) or "nobody"
    return f"{_n(names, event.model)} fires its {event.weapon} at {_pt(event.aim)}: under the template: {under}."


@_tell.register
def _(event: TemplateShot, names: Mapping[str, str]) -> str | None:
    shot = event.outcome
    if shot is None:
        return None
    outs = []
    targets = list(event.targets or ())
    for i, r in enumerate(shot.results):
        whom = _n(names, targets[i]) if i < len(targets) else r.target
        if r.hit or r.caught:
            outs.append(f"{whom} {'caught' if r.caught else 'hit'}, {_WOUNDS.get(r.wound)}")
        else:
            outs.append(f"{whom} escapes")
    return f"Template roll {shot.attack_total}: " + "; ".join(outs) + "."


@_tell.register
def _(event: Disengaged, names: Mapping[str, str]) -> str | None:
    test = event.outcome
    if test is None:
        return None
    who, whom = _n(names, event.model), _n(names, event.opponent)
    if test.success:
        return f"{who} disengages from {whom} ({test.mover_total} against {test.opponent_total}): it moves {test.margin_cm:g} cm."
    return (f"{who} fails to disengage from {whom} ({test.mover_total} against {test.opponent_total}) and takes {test.damage} damage: "
            f"{_WOUNDS.get(test.wound)}.")


@_tell.register
def _(event: Healed, names: Mapping[str, str]) -> str | None:
    heal = event.outcome
    if heal is None:
        return None
    who, whom = _n(names, event.model), _n(names, event.patient)
    if heal.success:
        return f"{who} heals {whom}: {heal.wound_before} becomes {heal.wound_after}."
    return f"{who} tries to heal {whom} and fails."


@_tell.register
def _(event: Wounded, names: Mapping[str, str]) -> str | None:
    how = "is removed from play" if event.removed else "is out of action (it stays on the table)"
    return f"{_n(names, event.model)} {how}."


@_tell.register
def _(event: TemplatePlaced, names: Mapping[str, str]) -> str | None:
    effect = event.effect
    if effect is None:
        return None
    return f"{_n(names, event.model)} places a {effect.kind.replace('_', '-')} template at {_pt((effect.x, effect.y))}."


@_tell.register
def _(event: SeekerStrikes, names: Mapping[str, str]) -> str | None:
    test = event.test
    if test is None:
        return None
    outcome = "dodged" if test.success else "failed: Deadly poison"
    return f"A hunter-seeker strikes at {_n(names, event.model)}: Reflexes test {test.total} against {test.threshold}, {outcome}."


@_tell.register
def _(event: MarkerBlownUp, names: Mapping[str, str]) -> str | None:
    return f"{_n(names, event.model)} blows up the marker {event.marker}."


@_tell.register
def _(event: MissionAction, names: Mapping[str, str]) -> str | None:
    obj = event.marker or event.target or ""
    return f"{_n(names, event.model)} carries out {(event.action or '').replace('_', ' ')} ({event.mission}) {obj}".rstrip() + "."


@_tell.register
def _(event: NoTarget, names: Mapping[str, str]) -> str | None:
    return f"{_n(names, event.model)} has no target for its {event.weapon}."


@_tell.register
def _(event: Rested, names: Mapping[str, str]) -> str | None:
    return f"{_n(names, event.model)} catches its breath."


@_tell.register
def _(event: DecisionTaken, names: Mapping[str, str]) -> str | None:
    if not (event.decision == "move" and event.answer is None):
        return None
    return f"{_n(names, event.model)} holds its position."


@_tell.register
def _(event: Passed, names: Mapping[str, str]) -> str | None:
    if event.reason == "voluntary":
        return f"{event.side} passes."
    if event.reason == "no model left":
        return f"{event.side} has no model left and passes."
    return f"{event.side} has no model it may activate and passes."


@_tell.register
def _(event: PoisonTick, names: Mapping[str, str]) -> str | None:
    tick = event.outcome
    if tick is None:
        return None
    return f"{_n(names, event.model)} suffers {tick.kind} ({tick.remaining} activation(s) left)."


@_tell.register
def _(event: GameEnds, names: Mapping[str, str]) -> str | None:
    if event.reason == "time":
        return "Time is up: the activation under way was the last."
    return "A warband has no model left: the game ends."


@_tell.register
def _(event: GameOver, names: Mapping[str, str]) -> str | None:
    vp = event.vp or {}
    verdict = "a draw" if event.winner == "draw" else f"{event.winner} wins"
    return f"Game over after {event.activations} activations: red {vp.get('red')} VP, blue {vp.get('blue')} VP: {verdict}."


@_tell.register
def _(event: FreeMoveDisengage, names: Mapping[str, str]) -> str | None:
    return f"{_n(names, event.model)} uses its free move to disengage ({event.when} its action)."


@_tell.register
def _(event: DisengageBlocked, names: Mapping[str, str]) -> str | None:
    return f"{_n(names, event.model)} broke away but has no room to move its {event.margin_cm:g} cm."


@_tell.register
def _(event: MarkerShot, names: Mapping[str, str]) -> str | None:
    shot = event.outcome
    if shot is None:
        return None
    outcome = "it is destroyed" if event.destroyed else "it holds"
    return f"The marker {event.marker} rolls {shot.marker_die} against the shot's {shot.attack_total}: {outcome}."


@_tell.register
def _(event: ActionTested, names: Mapping[str, str]) -> str | None:
    test = event.test
    if test is None:
        return None
    verdict = "passed" if test.success else "failed"
    return f"{_n(names, event.model)} tests for {(event.action or '').replace('_', ' ')}: {test.total} against {test.threshold}, {verdict}."


@_tell.register
def _(event: FleeBlocked, names: Mapping[str, str]) -> str | None:
    return f"{_n(names, event.model)} cannot flee any further ({event.reason})."


@_tell.register
def _(event: TerrainNoRoom, names: Mapping[str, str]) -> str | None:
    return f"{event.side} finds no legal spot for the terrain piece {event.piece}: it is left out."


@_tell.register
def _(event: MarkerNoRoom, names: Mapping[str, str]) -> str | None:
    return f"The marker {event.marker} of {event.side}'s {str(event.mission or '').replace('_', ' ')} mission finds no legal spot."


@_tell.register
def _(event: JammerOff, names: Mapping[str, str]) -> str | None:
    return f"{_n(names, event.model)}'s jammer template is lifted ({', '.join(event.effects or ()) or 'none'})."


SILENT_KINDS: frozenset[str] = frozenset({"roll", "end_activation", "terrain_pass", "decision", "mission_action_failed"})
"""The kinds told by no sentence of their own: bookkeeping (a roll is told in the result it leads to; an
activation's end, a terrain pass, a decision by what follows), or told by another event (a failed mission
action by its test). A decision to hold a position is the one decision told."""


def narrate_log(events: Iterable[GameEvent], names: Mapping[str, str], *, reveal_secrets: bool = False) -> list[str]:
    """The story of a game, one line per event worth telling."""
    lines = []
    for e in events:
        text = narrate(e, names, reveal_secrets=reveal_secrets)
        if text:
            lines.append(text)
    return lines
