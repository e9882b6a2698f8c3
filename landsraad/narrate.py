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
from .i18n import N_, SIDE_NAMES, SOURCE_LANGUAGE, Message, _, decimal, language, localized, number
from .kits import french_piece_names
from .missions import load_missions, marker_name_fr
from .scene import Scene

__all__ = ["narrate", "narrate_log", "model_names", "model_label", "shown_label", "ModelNames", "SILENT_KINDS"]

_WOUNDS = {"none": N_("no effect"), "scratch": N_("a scratch (one fatigue token)"), "light": N_("a light wound"),
           "grave": N_("a grave wound"), "fatal": N_("a fatal wound")}

_MOVE_VERBS = {"move": N_("moves"), "free_move": N_("moves"), "flee": N_("flees (Will-breaker)"), "dodge": N_("dodges"),
               "pushed": N_("is pushed back"), "step_away": N_("steps away"), "disengage": N_("breaks away")}


_COVERS = {"small": N_("small cover"), "large": N_("large cover")}

_STEPS = {"terrain": N_("terrain"), "missions": N_("missions"), "deployment": N_("deployment"), "first": N_("first")}
"""The set-up's bid steps (R-SETUP-BID; the rulebook's sub-phases: décors, missions, déploiement, premier joueur)."""

_STANCES = {"attack": N_("attacks"), "defend": N_("defends")}


def model_label(model_id: str, name: str | None = None) -> str:
    """How text names a model: its card name and its id (the label on its base in the SVG).

    The id alone when the name adds nothing (it is missing or the id itself).
    """
    if not name or name == model_id:
        return model_id
    return f"{name} ({model_id})"


def shown_label(name: str, card: str, card_shown: str) -> str:
    """A model's name in the reader's language: a label the list made from the card's name
    (``Soldier 2``: the card name, numbered when several share it) takes the card's name in
    that language (``Soldat 2``); a name the player gave stays as written.

    Examples
    --------
    >>> shown_label("Soldier 2", "Soldier", "Soldat"), shown_label("Soldier", "Soldier", "Soldat")
    ('Soldat 2', 'Soldat')
    >>> shown_label("Bashar Kreshek", "Soldier", "Soldat"), shown_label("Soldiers 2", "Soldier", "Soldat")
    ('Bashar Kreshek', 'Soldiers 2')
    """
    if card_shown == card or not name.startswith(card):
        return name
    rest = name[len(card):]
    if rest == "" or (rest.startswith(" ") and rest[1:].isdigit()):
        return card_shown + rest
    return name


def label_of(model: Any) -> str:
    """A model state's label (:func:`model_label`) in the reader's language (:func:`shown_label`)."""
    return model_label(model.id, shown_label(model.name, model.profile.name, model.profile.display_name()))


class ModelNames(dict[str, str]):
    """Model id -> label, as :func:`narrate` takes them, knowing each model's weapons too: the log names a weapon by
    its id (a declared shot, a template) or its English name (a shot's outcome), a French story by its ``name_fr``.

    Examples
    --------
    >>> from types import SimpleNamespace as NS
    >>> from landsraad.model import Weapon
    >>> maula = Weapon(id="maula_pistol", name="Maula pistol", name_fr="Pistolet Maula", range=12, combat="+1", damage="+1")
    >>> names = ModelNames({"red-1": "Soldier 1 (red-1)"}).learn([NS(id="red-1", weapons=(maula,))])
    >>> names.weapon("red-1", "maula_pistol").display_name("fr"), names.weapon("red-1", "Maula pistol").id
    ('Pistolet Maula', 'maula_pistol')
    """

    weapons: dict[str, dict[str, Any]]
    terrain_fr: dict[str, str]
    """A fixed scene's terrain piece id -> its French name (``name_fr``, a kit piece's by default), issue 40."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.weapons = {}
        self.terrain_fr = {}

    def learn(self, models: Iterable[Any]) -> ModelNames:
        """Know the weapons of ``models`` (each with ``id`` and ``weapons``) not already known; returns itself."""
        for m in models:
            if m.id not in self.weapons:
                self.weapons[m.id] = {**{w.name: w for w in m.weapons}, **{w.id: w for w in m.weapons}}
        return self

    def weapon(self, model_id: str | None, key: str) -> Any | None:
        """The :class:`~landsraad.model.Weapon` of ``model_id`` named ``key`` (its id or English name), if known."""
        return self.weapons.get(str(model_id), {}).get(key)


def model_names(state: Any, scene: Scene | None = None) -> ModelNames:
    """Model id -> label (:func:`label_of`) of every model of ``state`` (a game state or
    view): the log names models by id only. It knows their weapons (:class:`ModelNames`) and, given the game's
    fixed ``scene`` (a :class:`~landsraad.scene.Scene`), its terrain pieces' French names."""
    names = ModelNames({m.id: label_of(m) for m in state.models}).learn(state.models)
    if scene is not None:
        names.terrain_fr = {t.id: t.french_name for t in scene.terrain if t.french_name is not None}
    return names


def _weapon(names: Mapping[str, str], model_id: str | None, key: str, english: str) -> str:
    """A weapon of ``model_id`` as the story names it: ``english`` (what the English story has always said: its id in
    words, or its name) in English; its display name in another language when ``names`` knows it (issue 40)."""
    if language() == SOURCE_LANGUAGE or not isinstance(names, ModelNames):
        return english
    found = names.weapon(model_id, key)
    return found.display_name() if found is not None else english


def _n(names: Mapping[str, str], model_id: str | None) -> str:
    return names.get(str(model_id), str(model_id)) if model_id else "?"


def _marker(marker_id: object) -> str:
    """A mission marker as the story names it: its id in English (as it always has); in French its card's name and
    number (``Cache d'épice 1``, :func:`~landsraad.missions.marker_name_fr`) when it has one (issue 40)."""
    text = str(marker_id)
    if language() == SOURCE_LANGUAGE:
        return text
    return marker_name_fr(text) or text


def _side(side: object) -> str:
    """A side's name in the active language (``rouge``); anything else as it is."""
    return _(SIDE_NAMES[side]) if isinstance(side, str) and side in SIDE_NAMES else str(side)


def _wound(wound: object) -> str:
    return _(_WOUNDS[wound]) if isinstance(wound, str) and wound in _WOUNDS else str(wound)


def _cm(value: float) -> str:
    """A length as ``:g`` writes it, in the active language's decimal separator."""
    return decimal(f"{float(value):g}")


def _pt(p: tuple[float, float] | None) -> str:
    if p is None:
        return "(?, ?)"
    return _("({x}, {y})").format(x=number(float(p[0]), 1), y=number(float(p[1]), 1))


def _strike(s: StrikeOutcome, names: Mapping[str, str], ids: Mapping[str, str | None]) -> str:
    # The kernel's strike names the combatants by card name; the event knows their ids by role.
    striker_id = ids.get(s.by)
    target_id = ids.get("defender" if s.by == "attacker" else "attacker")
    who = _n(names, striker_id) if striker_id else s.striker
    whom = _n(names, target_id) if target_id else s.target
    if s.automatic:
        head = _("{who} strikes {whom} (both attack: an automatic hit)").format(who=who, whom=whom)
    else:
        head = _("{who} strikes {whom}: {attack} against {defence}").format(who=who, whom=whom, attack=s.attack_total,
                                                                            defence=s.defence_total)
        if not s.hit:
            return head + _(", parried")
        head += _(", hit")
    if s.shield_stopped:
        return head + _("; the shield stops the blade (neutral {neutral})").format(neutral=s.neutral)
    text = head + _(", {damage} damage: {wound}").format(damage=s.damage, wound=_wound(s.wound))
    if s.poisons_applied:
        text += _(" and {poisons} poison").format(poisons=", ".join(p.kind for p in s.poisons_applied))
    if s.pushed:
        text += _("; it pushes its enemy back, ending the combat")
    return text


def narrate(event: GameEvent, names: Mapping[str, str], *, reveal_secrets: bool = False) -> str | None:
    """One sentence for ``event`` in the active language, or ``None`` when there is nothing to tell
    (dispatched on the event's class)."""
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
def _setup_starts(event: SetupStarts, names: Mapping[str, str]) -> str | None:
    sides = event.sides or {}
    return _("Set-up: red plays {red}, blue plays {blue}.").format(red=sides.get("red"), blue=sides.get("blue"))


@_tell.register
def _bid_won(event: BidWon, names: Mapping[str, str]) -> str | None:
    # each tie roll is [red's die, blue's die], rolled again while equal
    ties = _("; then ").join(_("red {red}, blue {blue}").format(red=pair[0], blue=pair[1])
                             for pair in event.tie_rolls or () if len(pair) == 2)
    rolls = _(" after a roll-off ({ties})").format(ties=ties) if ties else ""
    bids = event.bids or {}
    return _("Honour bid for the {step} step: red {red}, blue {blue}; {winner} wins{rolls}.").format(
        step=_(_STEPS[event.step]) if isinstance(event.step, str) and event.step in _STEPS else event.step, red=bids.get("red"), blue=bids.get("blue"), winner=_side(event.winner), rolls=rolls)


def _piece(name: str) -> str:
    """A terrain piece's name in the reader's language: the event keeps the kit's English name (issue 40)."""
    return name if language() == SOURCE_LANGUAGE else french_piece_names().get(name, name)


@_tell.register
def _terrain_placed(event: TerrainPlaced, names: Mapping[str, str]) -> str | None:
    if event.at is not None:
        return _("{side} places {piece} at {at}.").format(side=_side(event.side), piece=_piece(event.name or event.piece),
                                                          at=_pt(event.at))
    # A fixed scene's pieces are ids: a French story names each by its French name where the scene has one.
    fixed = names.terrain_fr if isinstance(names, ModelNames) and language() != SOURCE_LANGUAGE else {}
    return _("The table's terrain: {pieces}.").format(pieces=", ".join(fixed.get(p) or _piece(p) for p in event.pieces or ()))


@_tell.register
def _missions_picked(event: MissionsPicked, names: Mapping[str, str]) -> str | None:
    return _("{side} picks its missions: {missions}.").format(side=_side(event.side),
                                                              missions=", ".join(_mission(m, plain=True) for m in event.missions or ()))


@_tell.register
def _mission_count(event: MissionCountRevealed, names: Mapping[str, str]) -> str | None:
    return _("Imperial espionage: {side} tells {to} it chose {count} mission(s).").format(
        side=_side(event.side), to=_side(event.to), count=event.count)


@_tell.register
def _marker_placed(event: MarkerPlaced, names: Mapping[str, str]) -> str | None:
    return _("A marker of {side}'s {mission} mission is placed at {at}.").format(
        side=_side(event.side), mission=_mission(str(event.mission or "")), at=_pt(event.at))


@_tell.register
def _treachery(event: Treachery, names: Mapping[str, str]) -> str | None:
    text = _("Treachery: {side} names {named}; the opponent did choose it.") if event.chosen else \
        _("Treachery: {side} names {named}; the opponent did not choose it.")
    return text.format(side=_side(event.side), named=event.named)


@_tell.register
def _ambassador(event: AmbassadorPlaced, names: Mapping[str, str]) -> str | None:
    return _("{side}'s ambassador takes position at {at}.").format(side=_side(event.side), at=_pt(event.at))


@_tell.register
def _deployed(event: Deployed, names: Mapping[str, str]) -> str | None:
    return _("{who} deploys at {at}.").format(who=_n(names, event.model), at=_pt(event.at))


@_tell.register
def _first_player(event: FirstPlayer, names: Mapping[str, str]) -> str | None:
    limit = event.clock_limit_s
    return _("{first} activates first; the clock starts ({minutes} minutes).").format(
        first=_side(event.first), minutes=_cm(float(2700 if limit is None else limit) / 60))


@_tell.register
def _activated(event: Activated, names: Mapping[str, str]) -> str | None:
    return _("[{activation}] {side} activates {who} ({fatigue} fatigue token(s) now).").format(
        activation=event.activation, side=_side(event.side), who=_n(names, event.model), fatigue=event.fatigue)


def _action_words(action: str, names: Mapping[str, str], model: str | None = None) -> str:
    """A declared action of ``model`` in words (R-ACTIVATE)."""
    kind, _sep, arg = action.partition(":")
    if kind == "melee":
        return _("a melee against {whom}").format(whom=_n(names, arg))
    if kind == "shoot":
        return _("a shot with its {weapon}").format(weapon=_weapon(names, model, arg, arg.replace("_", " ")))
    if kind == "heal":
        return _("healing {whom}").format(whom=_n(names, arg))
    if kind == "move":
        return _("a Move action")
    if kind == "explosives":
        return _("explosives on marker {marker}").format(marker=_marker(arg))
    if kind == "mission":
        parts = arg.split(":")
        if len(parts) > 1 and language() != SOURCE_LANGUAGE:
            return _("the action {name} ({mission})").format(name=_special_action_name(parts[0], parts[1]), mission=_mission(parts[0]))
        return f"{parts[1].replace('_', ' ')} ({parts[0].replace('_', ' ')})" if len(parts) > 1 else arg
    return action.replace("_", " ")


@_tell.register
def _action_chosen(event: ActionChosen, names: Mapping[str, str]) -> str | None:
    action = str(event.action or "")
    if action == "rest":
        return None  # the rest itself is told
    text = _("{who} declares {action} once its free move has made it possible.") if event.after_free_move else \
        _("{who} declares {action}.")
    return text.format(who=_n(names, event.model), action=_action_words(action, names, event.model))


def _mission(mission_id: str, *, plain: bool = False) -> str:
    """A mission in prose: its id in English (``spice theft``; as typed when ``plain``), the rulebook's name in French."""
    if language() != SOURCE_LANGUAGE:
        card = load_missions().get(mission_id)
        if card is not None:
            return card.shown()
    return mission_id if plain else mission_id.replace("_", " ")


def _special_action_name(mission_id: str, action_id: str) -> str:
    """A mission's special action in prose, in the reader's language (the card's ``name_fr`` in French)."""
    card = load_missions().get(mission_id)
    action = next((a for a in card.special_actions if a.id == action_id), None) if card is not None else None
    return action.shown() if action is not None else action_id.replace("_", " ")


_ENGINE_REASONS = (N_("not made possible by the free move"), N_("no longer possible after the free move"),
                   N_("still in base contact after a failed disengage"))
"""The fixed reasons the engine gives in ``action_lost`` and ``flee_blocked`` events, for the catalog."""


def _reason(reason: Any) -> str:
    """An event's reason in the reader's language: a deferred message (a refused move's), a fixed engine reason, or as given."""
    text = str(reason)
    return localized(reason) if isinstance(reason, Message) else _(text) if text else text


@_tell.register
def _action_lost(event: ActionLost, names: Mapping[str, str]) -> str | None:
    return _("{who} cannot carry out {action} ({reason}): the action is lost.").format(
        who=_n(names, event.model), action=_action_words(str(event.action), names, event.model), reason=_reason(event.reason))


@_tell.register
def _flee_disengage(event: FleeDisengage, names: Mapping[str, str]) -> str | None:
    return _("{who}, Will-broken, tries to break away from the fight to flee.").format(who=_n(names, event.model))


@_tell.register
def _spice(event: SpiceConsumed, names: Mapping[str, str]) -> str | None:
    return _("{who} consumes a dose of spice ({left} left).").format(who=_n(names, event.model), left=event.doses_left)


@_tell.register
def _moved(event: Moved, names: Mapping[str, str]) -> str | None:
    verb = _(_MOVE_VERBS.get(event.how or "move", "moves"))
    return _("{who} {verb} {length} cm to {to}.").format(who=_n(names, event.model), verb=verb,
                                                         length=number(float(event.length_cm or 0), 1), to=_pt(event.to))


def _cover(cover: object) -> str:
    """``light cover``, ``no cover``: a cover class as words."""
    if cover in (None, "none", ""):
        return _("no cover")
    if isinstance(cover, str) and cover in _COVERS:
        return _(_COVERS[cover])
    return _("{cover} cover").format(cover=str(cover).replace("_", " "))


@_tell.register
def _clash_revealed(event: ClashRevealed, names: Mapping[str, str]) -> str | None:
    a, b = (" ".join(map(str, dice or [])) for dice in (event.attacker_dice, event.defender_dice))
    return _("{who} charges into melee with {whom}: dice {a} against {b} (neutral, attack, defence); "
             "{attacker_stance} vs {defender_stance}.").format(
        who=_n(names, event.model), whom=_n(names, event.defender), a=a, b=b, attacker_stance=_stance(event.attacker_stance),
        defender_stance=_stance(event.defender_stance))


def _stance(stance: object) -> str:
    """``attacks``, ``defends``: a melee stance as the narration says it."""
    return _(_STANCES[stance]) if isinstance(stance, str) and stance in _STANCES else f"{stance}s"


@_tell.register
def _clash(event: Clash, names: Mapping[str, str]) -> str | None:
    clash = event.outcome
    if clash is None:
        return None
    if not clash.strikes:
        return _("Both defend: no blow is struck.") if clash.first is None else _("No blow lands.")
    ids = {"attacker": event.model, "defender": event.defender}
    parts = [_strike(s, names, ids) for s in clash.strikes]
    return (_("Simultaneous blows: ") if clash.first == "simultaneous" else "") + _("; then ").join(parts) + "."


@_tell.register
def _shot(event: Shot, names: Mapping[str, str]) -> str | None:
    shot = event.outcome
    if shot is None:
        return None
    target = _n(names, event.target)
    head = _("{who} shoots {whom} with {weapon} at {distance} cm ({cover}): {attack} against {defence}").format(
        who=_n(names, event.model), whom=target, weapon=_weapon(names, event.model, shot.weapon, shot.weapon), distance=number(shot.distance_cm, 1), cover=_cover(shot.cover),
        attack=shot.attack_total, defence=shot.defence_total)
    if not shot.hit:
        return head + _(", missed; {whom} may dodge {dodge} cm.").format(whom=target, dodge=_cm(shot.dodge_cm))
    if shot.shield_stopped:
        return head + _(", hit, but the shield stops the shot.")
    return head + _(", hit, {damage} damage: {wound}.").format(damage=shot.damage, wound=_wound(shot.wound))


@_tell.register
def _template_aimed(event: TemplateAimed, names: Mapping[str, str]) -> str | None:
    under = ", ".join(_n(names, u) for u in event.under or ()) or _("nobody")
    weapon = str(event.weapon)
    return _("{who} fires its {weapon} at {at}: under the template: {under}.").format(
        who=_n(names, event.model), weapon=_weapon(names, event.model, weapon, weapon), at=_pt(event.aim), under=under)


@_tell.register
def _template_shot(event: TemplateShot, names: Mapping[str, str]) -> str | None:
    shot = event.outcome
    if shot is None:
        return None
    outs = []
    targets = list(event.targets or ())
    for i, r in enumerate(shot.results):
        whom = _n(names, targets[i]) if i < len(targets) else r.target
        if r.hit or r.caught:
            text = _("{whom} caught, {wound}") if r.caught else _("{whom} hit, {wound}")
            outs.append(text.format(whom=whom, wound=_wound(r.wound) if r.wound is not None else "None"))
        else:
            outs.append(_("{whom} escapes").format(whom=whom))
    return _("Template roll {attack}: ").format(attack=shot.attack_total) + _("; ").join(outs) + "."


@_tell.register
def _disengaged(event: Disengaged, names: Mapping[str, str]) -> str | None:
    test = event.outcome
    if test is None:
        return None
    who, whom = _n(names, event.model), _n(names, event.opponent)
    if test.success:
        return _("{who} disengages from {whom} ({mover} against {opponent}): it moves {margin} cm.").format(
            who=who, whom=whom, mover=test.mover_total, opponent=test.opponent_total, margin=_cm(test.margin_cm))
    return _("{who} fails to disengage from {whom} ({mover} against {opponent}) and takes {damage} damage: {wound}.").format(
        who=who, whom=whom, mover=test.mover_total, opponent=test.opponent_total, damage=test.damage,
        wound=_wound(test.wound) if test.wound is not None else "None")


@_tell.register
def _healed(event: Healed, names: Mapping[str, str]) -> str | None:
    heal = event.outcome
    if heal is None:
        return None
    who, whom = _n(names, event.model), _n(names, event.patient)
    if heal.success:
        return _("{who} heals {whom}: {before} becomes {after}.").format(who=who, whom=whom, before=heal.wound_before,
                                                                         after=heal.wound_after)
    return _("{who} tries to heal {whom} and fails.").format(who=who, whom=whom)


@_tell.register
def _wounded(event: Wounded, names: Mapping[str, str]) -> str | None:
    text = _("{who} is removed from play.") if event.removed else _("{who} is out of action (it stays on the table).")
    return text.format(who=_n(names, event.model))


@_tell.register
def _template_placed(event: TemplatePlaced, names: Mapping[str, str]) -> str | None:
    effect = event.effect
    if effect is None:
        return None
    return _("{who} places a {kind} template at {at}.").format(who=_n(names, event.model), kind=effect.kind.replace("_", "-"),
                                                               at=_pt((effect.x, effect.y)))


@_tell.register
def _seeker(event: SeekerStrikes, names: Mapping[str, str]) -> str | None:
    test = event.test
    if test is None:
        return None
    text = _("A hunter-seeker strikes at {who}: Reflexes test {total} against {threshold}, dodged.") if test.success else \
        _("A hunter-seeker strikes at {who}: Reflexes test {total} against {threshold}, failed: Deadly poison.")
    return text.format(who=_n(names, event.model), total=test.total, threshold=test.threshold)


@_tell.register
def _marker_blown(event: MarkerBlownUp, names: Mapping[str, str]) -> str | None:
    return _("{who} blows up the marker {marker}.").format(who=_n(names, event.model), marker=_marker(event.marker))


@_tell.register
def _mission_action(event: MissionAction, names: Mapping[str, str]) -> str | None:
    obj = event.marker or event.target or ""
    if language() != SOURCE_LANGUAGE:  # a target model by its label (Soldat 1 (blue-soldier-1)), as elsewhere (issue 40)
        shown = _marker(event.marker) if event.marker else (_n(names, event.target) if event.target else "")
        return _("{who} carries out the action {action} ({mission}) {object}").format(
            who=_n(names, event.model), action=_special_action_name(str(event.mission or ""), str(event.action or "")),
            mission=_mission(str(event.mission or "")), object=shown).rstrip() + "."
    return _("{who} carries out {action} ({mission}) {object}").format(
        who=_n(names, event.model), action=(event.action or "").replace("_", " "), mission=event.mission, object=obj).rstrip() + "."


@_tell.register
def _no_target(event: NoTarget, names: Mapping[str, str]) -> str | None:
    weapon = str(event.weapon)
    return _("{who} has no target for its {weapon}.").format(who=_n(names, event.model), weapon=_weapon(names, event.model, weapon, weapon))


@_tell.register
def _rested(event: Rested, names: Mapping[str, str]) -> str | None:
    return _("{who} catches its breath.").format(who=_n(names, event.model))


@_tell.register
def _decision(event: DecisionTaken, names: Mapping[str, str]) -> str | None:
    if not (event.decision == "move" and event.answer is None):
        return None
    return _("{who} holds its position.").format(who=_n(names, event.model))


@_tell.register
def _passed(event: Passed, names: Mapping[str, str]) -> str | None:
    if event.reason == "voluntary":
        text = _("{side} passes.")
    elif event.reason == "no model left":
        text = _("{side} has no model left and passes.")
    else:
        text = _("{side} has no model it may activate and passes.")
    return text.format(side=_side(event.side))


@_tell.register
def _poison(event: PoisonTick, names: Mapping[str, str]) -> str | None:
    tick = event.outcome
    if tick is None:
        return None
    return _("{who} suffers {poison} ({left} activation(s) left).").format(who=_n(names, event.model), poison=tick.kind,
                                                                         left=tick.remaining)


@_tell.register
def _game_ends(event: GameEnds, names: Mapping[str, str]) -> str | None:
    if event.reason == "time":
        return _("Time is up: the activation under way was the last.")
    return _("A warband has no model left: the game ends.")


@_tell.register
def _game_over(event: GameOver, names: Mapping[str, str]) -> str | None:
    vp = event.vp or {}
    verdict = _("a draw") if event.winner == "draw" else _("{winner} wins").format(winner=_side(event.winner))
    return _("Game over after {activations} activations: red {red} VP, blue {blue} VP: {verdict}.").format(
        activations=event.activations, red=vp.get("red"), blue=vp.get("blue"), verdict=verdict)


@_tell.register
def _free_move_disengage(event: FreeMoveDisengage, names: Mapping[str, str]) -> str | None:
    text = _("{who} uses its free move to disengage (before its action).") if event.when == "before" else \
        _("{who} uses its free move to disengage (after its action).") if event.when == "after" else \
        _("{who} uses its free move to disengage ({when} its action).")
    return text.format(who=_n(names, event.model), when=event.when)


@_tell.register
def _disengage_blocked(event: DisengageBlocked, names: Mapping[str, str]) -> str | None:
    return _("{who} broke away but has no room to move its {margin} cm.").format(who=_n(names, event.model), margin=_cm(event.margin_cm))


@_tell.register
def _marker_shot(event: MarkerShot, names: Mapping[str, str]) -> str | None:
    shot = event.outcome
    if shot is None:
        return None
    text = _("The marker {marker} rolls {die} against the shot's {attack}: it is destroyed.") if event.destroyed else \
        _("The marker {marker} rolls {die} against the shot's {attack}: it holds.")
    return text.format(marker=_marker(event.marker), die=shot.marker_die, attack=shot.attack_total)


@_tell.register
def _action_tested(event: ActionTested, names: Mapping[str, str]) -> str | None:
    test = event.test
    if test is None:
        return None
    text = _("{who} tests for {action}: {total} against {threshold}, passed.") if test.success else \
        _("{who} tests for {action}: {total} against {threshold}, failed.")
    return text.format(who=_n(names, event.model), action=(event.action or "").replace("_", " "), total=test.total,
                       threshold=test.threshold)


@_tell.register
def _flee_blocked(event: FleeBlocked, names: Mapping[str, str]) -> str | None:
    return _("{who} cannot flee any further ({reason}).").format(who=_n(names, event.model), reason=_reason(event.reason))


@_tell.register
def _terrain_no_room(event: TerrainNoRoom, names: Mapping[str, str]) -> str | None:
    return _("{side} finds no legal spot for the terrain piece {piece}: it is left out.").format(side=_side(event.side),
                                                                                               piece=_piece(event.piece))


@_tell.register
def _marker_no_room(event: MarkerNoRoom, names: Mapping[str, str]) -> str | None:
    return _("The marker {marker} of {side}'s {mission} mission finds no legal spot.").format(
        marker=_marker(event.marker), side=_side(event.side), mission=_mission(str(event.mission or "")))


@_tell.register
def _jammer_off(event: JammerOff, names: Mapping[str, str]) -> str | None:
    return _("{who}'s jammer template is lifted ({effects}).").format(who=_n(names, event.model),
                                                                      effects=", ".join(event.effects or ()) or _("none"))


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
