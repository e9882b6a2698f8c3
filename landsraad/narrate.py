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
    FleeDisengage,
    FreeMoveDisengage,
    GameEnds,
    GameEvent,
    GameOver,
    Healed,
    MarkerBlownUp,
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
    TerrainPlaced,
    Treachery,
    Wounded,
    make_event,
)

__all__ = ["narrate", "narrate_log", "model_names", "model_label"]

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


def _n(names: Mapping[str, str], model_id: Any) -> str:
    return names.get(str(model_id), str(model_id)) if model_id else "?"


def _pt(p: Any) -> str:
    return f"({float(p[0]):.1f}, {float(p[1]):.1f})"


def _strike(s: Mapping[str, Any], names: Mapping[str, str], ids: Mapping[str, Any] | None = None) -> str:
    # The kernel's strike names the combatants by card name; the event knows their ids by role.
    ids = ids or {}
    striker_id = ids.get(s.get("by"))
    target_id = ids.get("defender" if s.get("by") == "attacker" else "attacker") if s.get("by") in ("attacker", "defender") else None
    who = _n(names, striker_id) if striker_id else s.get("striker", "?")
    whom = _n(names, target_id) if target_id else s.get("target", "?")
    if s.get("automatic"):
        head = f"{who} strikes {whom} (both attack: an automatic hit)"
    else:
        head = f"{who} strikes {whom}: {s.get('attack_total')} against {s.get('defence_total')}"
        if not s.get("hit"):
            return head + ", parried"
        head += ", hit"
    if s.get("shield_stopped"):
        return head + f"; the shield stops the blade (neutral {s.get('neutral')})"
    damage = s.get("damage", 0)
    text = f"{head}, {damage} damage: {_WOUNDS.get(s.get('wound', 'none'), s.get('wound'))}"
    poisons = s.get("poisons_applied") or []
    if poisons:
        text += " and " + ", ".join(str(p.get("kind", p)) if isinstance(p, Mapping) else str(p) for p in poisons) + " poison"
    if s.get("pushed"):
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
    d = event.data
    sides = d.get("sides", {})
    return f"Set-up: red plays {sides.get('red')}, blue plays {sides.get('blue')}."


@_tell.register
def _(event: BidWon, names: Mapping[str, str]) -> str | None:
    d = event.data
    # each tie roll is [red's die, blue's die], rolled again while equal
    ties = "; then ".join(f"red {pair[0]}, blue {pair[1]}" for pair in d.get("tie_rolls") or () if len(pair) == 2)
    rolls = f" after a roll-off ({ties})" if ties else ""
    return f"Honour bid for the {d.get('step')} step: red {d['bids']['red']}, blue {d['bids']['blue']}; {d.get('winner')} wins{rolls}."


@_tell.register
def _(event: TerrainPlaced, names: Mapping[str, str]) -> str | None:
    d = event.data
    if d.get("at"):
        return f"{event.side} places {d.get('name', d.get('piece'))} at {_pt(d['at'])}."
    return f"The table's terrain: {', '.join(d.get('pieces', []))}."


@_tell.register
def _(event: MissionsPicked, names: Mapping[str, str]) -> str | None:
    d = event.data
    return f"{event.side} picks its missions: {', '.join(d.get('missions', []))}."


@_tell.register
def _(event: MissionCountRevealed, names: Mapping[str, str]) -> str | None:
    d = event.data
    return f"Imperial espionage: {event.side} tells {d.get('to')} it chose {d.get('count')} mission(s)."


@_tell.register
def _(event: MarkerPlaced, names: Mapping[str, str]) -> str | None:
    d = event.data
    return f"A marker of {event.side}'s {str(d.get('mission', '')).replace('_', ' ')} mission is placed at {_pt(d['at'])}."


@_tell.register
def _(event: Treachery, names: Mapping[str, str]) -> str | None:
    d = event.data
    return f"Treachery: {event.side} names {d.get('named')}; the opponent {'did' if d.get('chosen') else 'did not'} choose it."


@_tell.register
def _(event: AmbassadorPlaced, names: Mapping[str, str]) -> str | None:
    d = event.data
    return f"{event.side}'s ambassador takes position at {_pt(d['at'])}."


@_tell.register
def _(event: Deployed, names: Mapping[str, str]) -> str | None:
    d = event.data
    who = _n(names, event.model)
    return f"{who} deploys at {_pt(d['at'])}."


@_tell.register
def _(event: FirstPlayer, names: Mapping[str, str]) -> str | None:
    d = event.data
    return f"{d.get('first')} activates first; the clock starts ({float(d.get('clock_limit_s', 2700)) / 60:g} minutes)."


@_tell.register
def _(event: Activated, names: Mapping[str, str]) -> str | None:
    d = event.data
    who = _n(names, event.model)
    return f"[{d.get('activation')}] {event.side} activates {who} ({d.get('fatigue')} fatigue token(s) now)."


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
    action = str(event.data.get("action", ""))
    if action == "rest":
        return None  # the rest itself is told
    after = " once its free move has made it possible" if event.data.get("after_free_move") else ""
    return f"{_n(names, event.model)} declares {_action_words(action, names)}{after}."


@_tell.register
def _(event: ActionLost, names: Mapping[str, str]) -> str | None:
    return f"{_n(names, event.model)} cannot carry out {_action_words(str(event.action), names)} ({event.reason}): the action is lost."


@_tell.register
def _(event: FleeDisengage, names: Mapping[str, str]) -> str | None:
    return f"{_n(names, event.model)}, Will-broken, tries to break away from the fight to flee."


@_tell.register
def _(event: SpiceConsumed, names: Mapping[str, str]) -> str | None:
    d = event.data
    who = _n(names, event.model)
    return f"{who} consumes a dose of spice ({d.get('doses_left')} left)."


@_tell.register
def _(event: Moved, names: Mapping[str, str]) -> str | None:
    d = event.data
    who = _n(names, event.model)
    verb = _MOVE_VERBS.get(d.get("kind", "move"), "moves")
    return f"{who} {verb} {float(d.get('length_cm') or 0):.1f} cm to {_pt(d['to'])}."


def _cover(cover: object) -> str:
    """``light cover``, ``no cover``: a cover class as words."""
    return "no cover" if cover in (None, "none", "") else f"{str(cover).replace('_', ' ')} cover"


@_tell.register
def _(event: ClashRevealed, names: Mapping[str, str]) -> str | None:
    d = event.data
    who = _n(names, event.model)
    a, b = (" ".join(map(str, d.get(k) or [])) for k in ("attacker_dice", "defender_dice"))
    return (f"{who} charges into melee with {_n(names, d.get('defender'))}: dice {a} against {b} (neutral, attack, defence); "
            f"{d.get('attacker_stance')}s vs {d.get('defender_stance')}s.")


@_tell.register
def _(event: Clash, names: Mapping[str, str]) -> str | None:
    d = event.data
    ev = d.get("event", {})
    strikes = ev.get("strikes", [])
    first = ev.get("first")
    if not strikes:
        return "Both defend: no blow is struck." if first is None else "No blow lands."
    ids = {"attacker": event.model, "defender": d.get("defender")}
    parts = [_strike(s, names, ids) for s in strikes]
    return ("Simultaneous blows: " if first == "simultaneous" else "") + "; then ".join(parts) + "."


@_tell.register
def _(event: Shot, names: Mapping[str, str]) -> str | None:
    d = event.data
    who = _n(names, event.model)
    ev = d.get("event", {})
    target = _n(names, d.get("target"))
    head = (f"{who} shoots {target} with {ev.get('weapon')} at {float(ev.get('distance_cm', 0)):.1f} cm"
            f" ({_cover(ev.get('cover'))}): {ev.get('attack_total')} against {ev.get('defence_total')}")
    if not ev.get("hit"):
        return head + f", missed; {target} may dodge {float(ev.get('dodge_cm', 0)):g} cm."
    if ev.get("shield_stopped"):
        return head + ", hit, but the shield stops the shot."
    return head + f", hit, {ev.get('damage')} damage: {_WOUNDS.get(ev.get('wound', 'none'), ev.get('wound'))}."


@_tell.register
def _(event: TemplateAimed, names: Mapping[str, str]) -> str | None:
    d = event.data
    who = _n(names, event.model)
    under = ", ".join(_n(names, u) for u in d.get("under", [])) or "nobody"
    return f"{who} fires its {d.get('weapon')} at {_pt(d['aim'])}: under the template: {under}."


@_tell.register
def _(event: TemplateShot, names: Mapping[str, str]) -> str | None:
    d = event.data
    ev = d.get("event", {})
    outs = []
    targets = list(d.get("targets") or [])
    for i, r in enumerate(ev.get("results", [])):
        whom = _n(names, targets[i]) if i < len(targets) else r.get("target")
        if r.get("hit") or r.get("caught"):
            outs.append(f"{whom} {'caught' if r.get('caught') else 'hit'}, {_WOUNDS.get(r.get('wound', 'none'))}")
        else:
            outs.append(f"{whom} escapes")
    return f"Template roll {ev.get('attack_total')}: " + "; ".join(outs) + "."


@_tell.register
def _(event: Disengaged, names: Mapping[str, str]) -> str | None:
    d = event.data
    who = _n(names, event.model)
    ev = d.get("event", {})
    if ev.get("success"):
        return (f"{who} disengages from {_n(names, d.get('opponent'))} ({ev.get('mover_total')} against {ev.get('opponent_total')}): "
                f"it moves {float(ev.get('margin_cm', 0)):g} cm.")
    return (f"{who} fails to disengage from {_n(names, d.get('opponent'))} ({ev.get('mover_total')} against "
            f"{ev.get('opponent_total')}) and takes {ev.get('damage')} damage: {_WOUNDS.get(ev.get('wound', 'none'))}.")


@_tell.register
def _(event: Healed, names: Mapping[str, str]) -> str | None:
    d = event.data
    who = _n(names, event.model)
    ev = d.get("event", {})
    if ev.get("success"):
        return f"{who} heals {_n(names, d.get('patient'))}: {ev.get('wound_before')} becomes {ev.get('wound_after')}."
    return f"{who} tries to heal {_n(names, d.get('patient'))} and fails."


@_tell.register
def _(event: Wounded, names: Mapping[str, str]) -> str | None:
    d = event.data
    who = _n(names, event.model)
    how = "is removed from play" if d.get("removed") else "is out of action (it stays on the table)"
    return f"{who} {how}."


@_tell.register
def _(event: TemplatePlaced, names: Mapping[str, str]) -> str | None:
    d = event.data
    who = _n(names, event.model)
    eff = d.get("effect", {})
    return f"{who} places a {str(eff.get('kind', '')).replace('_', '-')} template at {_pt((eff.get('x'), eff.get('y')))}."


@_tell.register
def _(event: SeekerStrikes, names: Mapping[str, str]) -> str | None:
    d = event.data
    who = _n(names, event.model)
    t = d.get("test", {})
    outcome = "dodged" if t.get("success") else "failed: Deadly poison"
    return f"A hunter-seeker strikes at {who}: Reflexes test {t.get('total')} against 12, {outcome}."


@_tell.register
def _(event: MarkerBlownUp, names: Mapping[str, str]) -> str | None:
    d = event.data
    who = _n(names, event.model)
    return f"{who} blows up the marker {d.get('marker')}."


@_tell.register
def _(event: MissionAction, names: Mapping[str, str]) -> str | None:
    d = event.data
    who = _n(names, event.model)
    obj = d.get("marker") or d.get("target") or ""
    return f"{who} carries out {d.get('action', '').replace('_', ' ')} ({d.get('mission')}) {obj}".rstrip() + "."


@_tell.register
def _(event: NoTarget, names: Mapping[str, str]) -> str | None:
    d = event.data
    who = _n(names, event.model)
    return f"{who} has no target for its {d.get('weapon')}."


@_tell.register
def _(event: Rested, names: Mapping[str, str]) -> str | None:
    who = _n(names, event.model)
    return f"{who} catches its breath."


@_tell.register
def _(event: DecisionTaken, names: Mapping[str, str]) -> str | None:
    d = event.data
    who = _n(names, event.model)
    if not (d.get("decision") == "move" and d.get("answer") is None):
        return None
    return f"{who} holds its position."


@_tell.register
def _(event: Passed, names: Mapping[str, str]) -> str | None:
    reason = event.data.get("reason")
    if reason == "voluntary":
        return f"{event.side} passes."
    if reason == "no model left":
        return f"{event.side} has no model left and passes."
    return f"{event.side} has no model it may activate and passes."


@_tell.register
def _(event: PoisonTick, names: Mapping[str, str]) -> str | None:
    d = event.data
    who = _n(names, event.model)
    ev = d.get("event", {})
    return f"{who} suffers {ev.get('kind')} ({ev.get('remaining')} activation(s) left)."


@_tell.register
def _(event: GameEnds, names: Mapping[str, str]) -> str | None:
    d = event.data
    if d.get("reason") == "time":
        return "Time is up: the activation under way was the last."
    return "A warband has no model left: the game ends."


@_tell.register
def _(event: GameOver, names: Mapping[str, str]) -> str | None:
    d = event.data
    vp = d.get("vp", {})
    verdict = "a draw" if d.get("winner") == "draw" else f"{d.get('winner')} wins"
    return f"Game over after {d.get('activations')} activations: red {vp.get('red')} VP, blue {vp.get('blue')} VP: {verdict}."


@_tell.register
def _(event: FreeMoveDisengage, names: Mapping[str, str]) -> str | None:
    return f"{_n(names, event.model)} uses its free move to disengage ({event.when} its action)."


@_tell.register
def _(event: DisengageBlocked, names: Mapping[str, str]) -> str | None:
    return f"{_n(names, event.model)} broke away but has no room to move its {event.margin_cm:g} cm."


@_tell.register
def _(event: MarkerShot, names: Mapping[str, str]) -> str | None:
    shot = event.event or {}
    outcome = "it is destroyed" if event.destroyed else "it holds"
    return f"The marker {event.marker} rolls {shot.get('marker_die')} against the shot's {shot.get('attack_total')}: {outcome}."


def narrate_log(events: Iterable[GameEvent], names: Mapping[str, str], *, reveal_secrets: bool = False) -> list[str]:
    """The story of a game, one line per event worth telling."""
    lines = []
    for e in events:
        text = narrate(e, names, reveal_secrets=reveal_secrets)
        if text:
            lines.append(text)
    return lines
