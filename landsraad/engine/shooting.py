"""Shooting in play: the laser's mode, the nearest target, the dice, dodges, and template shots.

Rules
-----
- R-SHOOT, RUL-08: the nearest enemy in sight the weapon may target; ties: the shooter chooses.
- RUL-09: a model not hit may dodge up to the kernel's distance.
- R-TEMPLATE, RUL-19: template weapons aim at a point; every model under the template dodges with
  its own roll and escapes only if its dodge takes its base wholly out of the template (PRJ-32).
- R-LASER: a laser burns (a normal shot) or explodes (a blast template); with no enemy in sight it
  may burn (RUL-08: only shielded ones, or none), it explodes without being asked (PRJ-103).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import ClassVar, Mapping

import shapely
from shapely.geometry.base import BaseGeometry

from ..errors import RuleError
from ..geometry import templates as T
from ..geometry.board import Board
from ..model import Weapon
from ..rules.shooting import Cover, LaserMode, can_target, laser_blast_problem, resolve_marker_shot, resolve_shot, resolve_template_shot
from ..rules.state import Combatant, may_move
from .bridge import combatant
from .decisions import Decision, PointSpec
from .flow import Machine, ModelAsk, Payload, builder, plain, stage
from .jsondata import JsonObject
from .moves import PointFrame, apply_move, move_args
from .outcomes import record_outcome
from .spatial import cover_class, edge_distance, move_candidates, nearest_targets, nearest_targets_from, plan_move
from .state import GameState

__all__ = ["shoot", "shot_candidates", "shot_candidates_from", "ShotFrame", "DodgeFrame", "TemplateFrame", "TemplateTarget"]


def shot_candidates(state: GameState, model_id: str, weapon: Weapon, laser_mode: LaserMode) -> tuple[str, ...]:
    """Enemies the weapon may legally target (RUL-08: a laser skips shielded models), nearest in sight first.

    Asked by the menu and again by the shot it leads to, on the same state: answered once per
    state (:meth:`GameState.memo`). Weapons are not hashable: the entry keys the weapon by its
    id (as the menu names it) and holds it, so another weapon of that id is answered afresh."""
    held, found = state.memo(("shot_candidates", model_id, weapon.id, laser_mode),
                             lambda: (weapon, _shot_candidates(state, model_id, weapon, laser_mode)))
    return found if held is weapon else _shot_candidates(state, model_id, weapon, laser_mode)


def _shot_candidates(state: GameState, model_id: str, weapon: Weapon, laser_mode: LaserMode) -> tuple[str, ...]:
    shooter = combatant(state, model_id, weapon=weapon)

    def legal(enemy: str) -> bool:
        return can_target(shooter, combatant(state, enemy), laser_mode=laser_mode, ruleset=state.ruleset)

    # legality is asked nearest first, as far as the nearest legal enemy in sight: the same
    # answer as filtering every enemy first
    return nearest_targets(state, model_id, [e.id for e in state.enemies_of(model_id)], eligible=legal)


def shot_candidates_from(state: GameState, model_id: str, weapon: Weapon, laser_mode: LaserMode,
                         point: tuple[float, float]) -> tuple[str, ...]:
    """:func:`shot_candidates` with the shooter standing at ``point`` (the end of a free move it
    may make, PRJ-100): the answer on ``state.update_model(model_id, x=..., y=...)`` without that
    state. Which enemies the weapon may target does not read where the shooter stands (the
    combatants carry no position), so only the table's sight is asked anew, on the board with the
    shooter's base moved (:func:`~landsraad.engine.spatial.nearest_targets_from`)."""
    shooter = combatant(state, model_id, weapon=weapon)

    def legal(enemy: str) -> bool:
        return can_target(shooter, combatant(state, enemy), laser_mode=laser_mode, ruleset=state.ruleset)

    return nearest_targets_from(state, model_id, point, [e.id for e in state.enemies_of(model_id)], eligible=legal)



def _weapon(state: GameState, model_id: str, weapon_id: str) -> Weapon:
    return next(w for w in state.model(model_id).weapons if w.id == weapon_id)


@builder("laser_mode", ModelAsk)
def _laser_decision(state: GameState, a: ModelAsk) -> Decision:
    mm = state.model(a.model)
    return Decision(side=mm.side, kind="laser_mode", model=mm.id, choices=("burn", "explosive"),
                    prompt=f"Does {mm.name}'s laser burn or explode (R-LASER)?")


@dataclass(frozen=True, slots=True)
class ShotFrame(Payload):
    """A shot under way (R-SHOOT): the data every stage of the ``shoot`` family carries.

    It grows as the shot goes on: the laser's mode once chosen (R-LASER), the target once known
    (RUL-08), the shooter's dice once rolled. Its JSON form is the mapping of the fields known so
    far, in this order, as saved games have always held it.

    Examples
    --------
    >>> frame = ShotFrame("red-1", 0, "lasgun", laser_mode="burn")
    >>> frame.to_json()
    {'model': 'red-1', 'held': 0, 'weapon': 'lasgun', 'laser_mode': 'burn'}
    >>> ShotFrame.from_json({**frame.to_json(), "target": "blue-2", "shooter_dice": [3, 7]}).shooter_dice
    (3, 7)
    """

    model: str
    """The shooter."""
    held: int
    """Fatigue tokens it held when its activation began (RUL-05)."""
    weapon: str
    """The weapon's id."""
    laser_mode: LaserMode | None = None
    target: str | None = None
    shooter_dice: tuple[int, ...] | None = None
    """(neutral, attack)."""

    OMITTED_WHEN_NONE: ClassVar[frozenset[str]] = frozenset({"laser_mode", "target", "shooter_dice"})

    def known(self) -> tuple[str, LaserMode, tuple[int, ...]]:
        """The target, the laser's mode and the shooter's dice, once all are known (the shot's last stage).

        Raises
        ------
        RuleError
            One is not known yet: the frame was not made by the shot's earlier stages.
        """
        if self.target is None or self.laser_mode is None or self.shooter_dice is None:
            raise RuleError(f"The shot by {self.model} is resolved before its target, mode and dice are known: {self.to_json()}.")
        return self.target, self.laser_mode, self.shooter_dice


@stage("shoot", ShotFrame)
def shoot(m: Machine, d: ShotFrame, _: object) -> None:
    """A shot (R-SHOOT, RUL-08, RUL-09, R-TEMPLATE, R-LASER): the laser's mode first."""
    weapon = _weapon(m.state, d.model, d.weapon)
    if weapon.laser:
        if not shot_candidates(m.state, d.model, weapon, "burn"):
            # PRJ-103: no enemy it may burn in sight (only shielded ones, or none): the blast is the
            # one legal mode, and it may aim at any point (R-TEMPLATE), so it is not asked
            _shoot_mode(m, d, "explosive")
            return
        m.ask("laser_mode", ModelAsk(d.model), _shoot_mode.at(d))
        return
    _shoot_mode(m, d, "burn")


@dataclass(frozen=True, slots=True)
class TargetAsk(Payload):
    """The arguments of the choice among equally near targets (RUL-08): the shooter and the candidates."""

    model: str
    candidates: tuple[str, ...]


@builder("target", TargetAsk)
def _target_decision(state: GameState, a: TargetAsk) -> Decision:
    mm = state.model(a.model)
    return Decision(side=mm.side, kind="target", model=mm.id, choices=a.candidates,
                    prompt="Several enemies are equally near: which one does it shoot (RUL-08)?")


@stage("shoot.mode", ShotFrame)
def _shoot_mode(m: Machine, d: ShotFrame, laser_mode: LaserMode) -> None:
    """The mode known: a template shot, or the nearest target (RUL-08; the shooter picks among the equally near)."""
    weapon = _weapon(m.state, d.model, d.weapon)
    d = replace(d, laser_mode=laser_mode)
    if weapon.template is not None or laser_mode == "explosive":
        _template_aim(m, d, laser_mode)
        return
    candidates = shot_candidates(m.state, d.model, weapon, laser_mode)
    if not candidates:
        m.emit("no_target", m.state.model(d.model).side, d.model, weapon=weapon.id)
        return
    if len(candidates) > 1:
        m.ask("target", TargetAsk(d.model, tuple(candidates)), _shoot_target.at(d))
        return
    _shoot_target(m, d, candidates[0])


@stage("shoot.target", ShotFrame)
def _shoot_target(m: Machine, d: ShotFrame, target: str) -> None:
    """The target known: the shooter rolls, unless it is out of sight (RUL-08)."""
    cover = cover_class(m.state, d.model, target)
    if cover == "no_line_of_sight":
        m.emit("no_target", m.state.model(d.model).side, d.model, weapon=d.weapon)
        return
    m.roll(2, _shoot_rolled.at(replace(d, target=target)), by=(m.state.model(d.model).side, d.model), why="shot")


@stage("shoot.rolled", ShotFrame)
def _shoot_rolled(m: Machine, d: ShotFrame, dice: tuple[int, ...]) -> None:
    """The shooter's dice rolled: the target rolls its own (R-SHOOT)."""
    target = d.target
    m.roll(2, _shoot_resolved.at(replace(d, shooter_dice=dice)), by=(m.state.model(target).side if target else None, target), why="dodge")


def _in_sight_cover(state: GameState, shooter_id: str, target_id: str) -> Cover:
    """The target's cover from the shooter (R-COVER), which sees it: the shot chose it in sight (RUL-08)
    and only dice were rolled since."""
    cover = _COVERS.get(cover_class(state, shooter_id, target_id))
    if cover is None:
        raise RuleError(f"{target_id} is out of {shooter_id}'s sight when its shot is resolved; it was in sight when chosen.")
    return cover


_COVERS: dict[str, Cover] = {"none": "none", "small": "small", "large": "large"}
"""The cover classes of a target in sight (R-COVER); ``no_line_of_sight`` is not one."""


@stage("shoot.dodge_rolled", ShotFrame)
def _shoot_resolved(m: Machine, d: ShotFrame, dice: tuple[int, ...]) -> None:
    """Both rolls made: the kernel resolves the shot (:func:`~landsraad.rules.shooting.resolve_shot`), its
    outcome goes into a :class:`~landsraad.engine.events.Shot` event, and a target not hit may dodge (RUL-09)."""
    model_id = d.model
    target, laser_mode, shooter_dice = d.known()
    shooter = combatant(m.state, model_id, weapon=_weapon(m.state, model_id, d.weapon), activation_fatigue=d.held)
    outcome = resolve_shot(shooter, combatant(m.state, target), distance_cm=edge_distance(m.state, model_id, target),
                           cover=_in_sight_cover(m.state, model_id, target), shooter_dice=shooter_dice, target_dice=tuple(dice),
                           laser_mode=laser_mode, ruleset=m.state.ruleset)
    m.emit("shot", m.state.model(model_id).side, model_id, target=target, event=outcome)
    m.spend("shoot")
    record_outcome(m, target, outcome.target_after, killer=model_id, means="shot")
    if not outcome.hit and outcome.dodge_cm > 0:
        m.call(_dodge, DodgeAsk(target, float(outcome.dodge_cm), None))


# --- dodging (RUL-09) -------------------------------------------------------------------------------------


def _template_shape(template_wkb: str) -> BaseGeometry:
    """The template's shape from its hexadecimal WKB (how decisions and stages carry it, JSON-able)."""
    return shapely.from_wkb(bytes.fromhex(template_wkb))


@dataclass(frozen=True, slots=True)
class DodgeAsk(Payload):
    """A dodge to ask for (RUL-09): the data of the ``dodge`` stage and the arguments of its decision:
    the model not hit, how far it may move in cm, and the template it may dodge out of (``{"wkb": ...}``,
    its shape as hexadecimal WKB; ``None`` after a plain shot)."""

    model: str
    distance: float
    template: Mapping[str, str] | None


@builder("dodge", DodgeAsk)
def _dodge_decision(state: GameState, a: DodgeAsk) -> Decision:
    mm = state.model(a.model)
    distance = float(a.distance)
    wkb = _template_wkb(a)

    def check(point: tuple[float, float]) -> str | None:
        result = plan_move(state, mm.id, point, distance)
        return None if result.legal else result.message

    def suggest() -> tuple[tuple[float, float], ...]:
        if wkb is not None:
            way_out = _template_dodge(state.board, mm.id, wkb, distance, state.ruleset.contact_tolerance_cm)
            if way_out is not None:
                return (way_out,)
        return move_candidates(state, mm.id, distance, limit=6)

    return Decision(side=mm.side, kind="dodge", model=mm.id, optional=True, point=PointSpec(check, suggest, distance),
                    prompt=f"{mm.name} dodges: move it up to {distance:g} cm (RUL-09), or stay?")


@lru_cache(maxsize=512)
def _template_dodge(board: Board, model_id: str, template_wkb: str, distance: float, tolerance_cm: float) -> tuple[float, float] | None:
    """Where the engine suggests ``model_id`` dodges out of a template (R-TEMPLATE, RUL-09, PRJ-32):
    a way out within ``distance`` (the cheapest straight one, else the cheapest round obstacles),
    or None when it finds none.

    The cheapest straight way out first (vectorised tests, no path search; the exact answer
    whenever the nearest way out is open ground), the path searches only if none is; only a
    dodge within the distance is looked for (``legal_only``), and neither is tried when the dodge
    is provably too short (:func:`~landsraad.geometry.templates.dodge_lower_bound`). A pure
    function of the table and the question, so cached: every rollout of a search that meets
    the same shot on the same table asks it again (12 of the 106 dodges of the slowest searched
    decision measured, a third of their time: those round obstacles take tens of milliseconds).

    Parameters
    ----------
    board
        The table (boards are immutable and hashable).
    model_id
        The model under the template.
    template_wkb
        The template's shape as hexadecimal WKB (the dodge decision's argument).
    distance
        Its dodge, in cm.
    tolerance_cm
        The ruleset's contact tolerance: the base must end farther than this from the template.

    Returns
    -------
    tuple of float or None
        The centre's end point.
    """
    shape = _template_shape(template_wkb)
    if T.dodge_lower_bound(board, model_id, shape, tolerance_cm=tolerance_cm) > distance:
        return None
    out = T.dodge_out(board, model_id, shape, distance, tolerance_cm=tolerance_cm, detours=False, legal_only=True)
    if not out.possible:
        out = T.dodge_out(board, model_id, shape, distance, tolerance_cm=tolerance_cm, legal_only=True)
    return (float(out.to[0]), float(out.to[1])) if out.possible and out.to is not None else None


def _template_wkb(a: DodgeAsk) -> str | None:
    """The dodged template's shape (hexadecimal WKB), or ``None`` after a plain shot.

    Raises
    ------
    RuleError
        The template holds no ``wkb`` (a saved game made by another version).
    """
    if a.template is None:
        return None
    wkb = a.template.get("wkb")
    if wkb is None:
        raise RuleError(f"The dodge of {a.model} names a template without its shape ('wkb'): {str(dict(a.template))[:80]}.")
    return wkb


@stage("dodge", DodgeAsk)
def _dodge(m: Machine, d: DodgeAsk, _: object) -> None:
    """A model not hit may move up to ``distance`` (RUL-09); returns the point or ``None``."""
    mm = m.state.model(d.model)
    if mm.out_of_action or not may_move(combatant(m.state, mm.id)):
        return None
    m.ask("dodge", d, _dodge_answered.at(DodgeFrame(mm.id, float(d.distance))))
    return None


@dataclass(frozen=True, slots=True)
class DodgeFrame(Payload):
    """A dodge asked for (RUL-09): the model and how far it may move, in cm."""

    model: str
    distance: float


@stage("dodge.answered", DodgeFrame)
def _dodge_answered(m: Machine, d: DodgeFrame, point: tuple[float, float] | None) -> None:
    """The dodge answered (``None``: the model stays): the move is carried out."""
    if point is None:
        return None
    result = plan_move(m.state, d.model, point, d.distance)
    m.push(_dodge_done.at(PointFrame(point)))
    m.call(apply_move, move_args(d.model, point, result.path, result.path_length_cm, "dodge"))
    return None


@stage("dodge.done", PointFrame)
def _dodge_done(m: Machine, d: PointFrame, _: object) -> tuple[float, float]:
    m.spend("dodge")
    return (float(d.point[0]), float(d.point[1]))


# --- template shots (R-TEMPLATE, RUL-19) -------------------------------------------------------------------


def _under_blast(state: GameState, shooter_id: str, aim: tuple[float, float]) -> tuple[str, ...]:
    hits = T.under_blast(state.board, aim, tolerance_cm=state.ruleset.contact_tolerance_cm)
    return tuple(h for h in hits if h != shooter_id and not state.model(h).out_of_action)


def _blast_aim_problem(state: GameState, shooter_id: str, weapon: Weapon, laser_mode: LaserMode, aim: tuple[float, float]) -> str | None:
    """Off the table, or (a laser) covering a shielded model: the kernel's rule, asked here (PRJ-12)."""
    if not (0 <= aim[0] <= state.width and 0 <= aim[1] <= state.depth):
        return "the point must be on the table"
    shooter = combatant(state, shooter_id, weapon=weapon)
    problem = laser_blast_problem(shooter, [combatant(state, h) for h in _under_blast(state, shooter_id, aim)],
                                  laser_mode=laser_mode, ruleset=state.ruleset)
    return problem[0].lower() + problem[1:].rstrip(".") if problem else None


@dataclass(frozen=True, slots=True)
class AimAsk(Payload):
    """The arguments of a template's aim (R-TEMPLATE): the shooter, the weapon, whether it is a
    direct-fire template, and a laser's mode (R-LASER; ``burn`` when none is given)."""

    model: str
    weapon: str
    direct: bool
    laser_mode: LaserMode | None = None


@builder("aim", AimAsk)
def _aim_decision(state: GameState, a: AimAsk) -> Decision:
    mm = state.model(a.model)
    weapon = _weapon(state, mm.id, a.weapon)
    suggested = tuple(e.position for e in state.enemies_of(mm.id)[:8])
    if a.direct and weapon.template is not None:  # a direct-fire weapon has its template
        length = weapon.template.size_cm

        def check_direct(point: tuple[float, float]) -> str | None:
            return None if math.hypot(point[0] - mm.x, point[1] - mm.y) > 1e-6 else "aim somewhere other than the shooter itself"

        return Decision(side=mm.side, kind="aim", model=mm.id, point=PointSpec(check_direct, suggested),
                        prompt=f"Toward which point does {mm.name} fire its {weapon.name} ({length:g} cm direct-fire template)?")

    laser_mode: LaserMode = a.laser_mode or "burn"

    def check_blast(point: tuple[float, float]) -> str | None:
        return _blast_aim_problem(state, mm.id, weapon, laser_mode, point)

    def suggest_blast() -> tuple[tuple[float, float], ...]:
        spots = list(suggested) + [(x + 0.5, y + 0.5) for y in range(5, int(state.depth), 10) for x in range(5, int(state.width), 10)]
        return tuple(p for p in spots if check_blast(p) is None)[:8]

    return Decision(side=mm.side, kind="aim", model=mm.id, point=PointSpec(check_blast, suggest_blast),
                    prompt=f"Where does {mm.name} aim its {weapon.name}'s blast template?")


@dataclass(frozen=True, slots=True)
class TemplateTarget:
    """A model under a template as the shot found it (R-TEMPLATE, 2.7 "en suivant les règles
    normales"): the kernel's combatant before anyone dodges, its cover from the shooter (PRJ-24) and,
    once rolled, its dice.

    Its JSON form is ``{"target": <the combatant's JSON>, "cover": ..., "dice": [...]}`` (no ``dice``
    before the roll), as saved games hold it. The combatant is the one its JSON form reads back, so a
    game resolves the same template shot whether it was saved half-way or not.

    Examples
    --------
    >>> from landsraad.rules.state import Combatant
    >>> c = Combatant(name="Duke", movement=10, combat=5, reflexes=5, endurance=5)
    >>> entry = TemplateTarget.from_json({"target": c.model_dump(mode="json"), "cover": "small", "dice": [4, 9]})
    >>> entry.cover, entry.dice, entry.target.name
    ('small', (4, 9), 'Duke')
    >>> TemplateTarget.from_json(entry.to_json()) == entry
    True
    """

    target: Combatant
    cover: Cover
    dice: tuple[int, ...] | None = None

    @classmethod
    def of(cls, target: Combatant, cover: Cover) -> TemplateTarget:
        """The entry of ``target`` with ``cover``, its combatant as its JSON form reads back."""
        return cls(Combatant.model_validate(target.model_dump(mode="json")), cover)

    def to_json(self) -> JsonObject:
        out: JsonObject = {"target": self.target.model_dump(mode="json"), "cover": self.cover}
        if self.dice is not None:
            out["dice"] = plain(self.dice)
        return out

    @classmethod
    def from_json(cls, data: object) -> TemplateTarget:
        """The entry from :meth:`to_json`'s mapping.

        Raises
        ------
        RuleError
            Not such a mapping (a saved game of another version).
        """
        if not isinstance(data, Mapping) or set(data) - {"target", "cover", "dice"} or data.get("cover") not in _COVERS:
            raise RuleError(f"A saved template shot holds a target entry that is not one: {str(data)[:120]}; it was made by another version.")
        dice = data.get("dice")
        return cls(Combatant.model_validate(data.get("target")), _COVERS[data["cover"]],
                   None if dice is None else tuple(int(v) for v in dice))

    def rolled(self) -> tuple[Combatant, tuple[int, ...], Cover]:
        """``(target, dice, cover)`` as the kernel takes them (:func:`resolve_template_shot`).

        Raises
        ------
        RuleError
            The dice are not rolled yet.
        """
        if self.dice is None:
            raise RuleError(f"The template shot at {self.target.name} is resolved before its dodge dice are rolled.")
        return self.target, self.dice, self.cover


@dataclass(frozen=True, slots=True)
class TemplateFrame(Payload):
    """A template shot under way (R-TEMPLATE, RUL-19, R-SHOOT-MARKER): the data every stage of the
    ``template`` family carries.

    It grows as the shot goes on: the models and markers under the template once aimed (with the
    distance and the template's shape as hexadecimal WKB), the shooter's dice, each target's entry
    and dice (:class:`TemplateTarget`), the markers' dice, then the dodges and who escaped. Its JSON
    form is the mapping of the fields known so far, in this order, as saved games have always held
    it (the shape as ``{"wkb": ...}``).

    Examples
    --------
    >>> frame = TemplateFrame("red-1", 0, "flamer", "burn", direct=True)
    >>> frame.to_json()
    {'model': 'red-1', 'held': 0, 'weapon': 'flamer', 'laser_mode': 'burn', 'direct': True}
    >>> aimed = TemplateFrame.from_json({**frame.to_json(), "hits": ["blue-2"], "markers": [], "distance": 0.0,
    ...                                  "template": {"wkb": "00"}, "shooter_dice": [3, 7], "entries": []})
    >>> aimed.hits, aimed.template, aimed.shooter_dice, aimed.to_json()["template"]
    (('blue-2',), '00', (3, 7), {'wkb': '00'})
    """

    model: str
    """The shooter."""
    held: int
    """Fatigue tokens it held when its activation began (RUL-05)."""
    weapon: str
    """The weapon's id."""
    laser_mode: LaserMode
    direct: bool
    """A direct-fire template (else a blast)."""
    hits: tuple[str, ...] | None = None
    """The models under the template, in the order they roll."""
    markers: tuple[str, ...] | None = None
    """Objective markers under an explosive blast (PRJ-73)."""
    distance: float | None = None
    """The shot's distance in cm (0 for a direct-fire template)."""
    template: str | None = None
    """The template's shape, hexadecimal WKB."""
    shooter_dice: tuple[int, ...] | None = None
    entries: tuple[TemplateTarget, ...] | None = None
    """The targets whose dice are rolled, in the order of :attr:`hits`."""
    entry: TemplateTarget | None = None
    """The target rolling now."""
    marker_dice: tuple[int, ...] | None = None
    dodges: tuple[float, ...] | None = None
    """Each target's dodge in cm after the first resolution (0: none)."""
    escaped: tuple[bool, ...] | None = None
    """Whether each target that dodged so far left the template (PRJ-32)."""
    asking: bool | None = None
    """A target's dodge is asked: the answer is the next target's (``escaped``'s next)."""

    OMITTED_WHEN_NONE: ClassVar[frozenset[str]] = frozenset({
        "hits", "markers", "distance", "template", "shooter_dice", "entries", "entry", "marker_dice", "dodges", "escaped",
        "asking"})

    def to_json(self) -> JsonObject:
        """The payload as the JSON-able mapping a saved frame holds."""
        out: JsonObject = {}
        for name in _TEMPLATE_FIELDS:
            value = getattr(self, name)
            if value is None and name in self.OMITTED_WHEN_NONE:
                continue
            if name == "template":
                out[name] = {"wkb": value}
            elif name == "entries":
                out[name] = [e.to_json() for e in self.entries or ()]
            elif name == "entry":
                out[name] = self.entry.to_json() if self.entry is not None else None
            else:
                out[name] = plain(value)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> TemplateFrame:
        """The payload from :meth:`to_json`'s mapping.

        Raises
        ------
        RuleError
            A key it does not know, a field missing or a part that is not what it should be.
        """
        rest = {k: v for k, v in data.items() if k not in ("template", "entries", "entry")}
        frame = super(TemplateFrame, cls).from_json(rest)
        template = data.get("template")
        if template is not None:
            if not isinstance(template, Mapping) or not isinstance(template.get("wkb"), str):
                raise RuleError(f"A saved template shot holds a template that is not {{'wkb': ...}}: {str(template)[:80]}.")
            frame = replace(frame, template=template["wkb"])
        entries = data.get("entries")
        if entries is not None:
            if not isinstance(entries, list):
                raise RuleError(f"A saved template shot holds entries that are not a list: {str(entries)[:80]}.")
            frame = replace(frame, entries=tuple(TemplateTarget.from_json(e) for e in entries))
        if data.get("entry") is not None:
            frame = replace(frame, entry=TemplateTarget.from_json(data["entry"]))
        return frame

    def aimed(self) -> tuple[tuple[str, ...], tuple[str, ...], float, str]:
        """The hits, markers, distance and shape, once the template is aimed (the later stages).

        Raises
        ------
        RuleError
            One is not known yet: the frame was not made by the shot's earlier stages.
        """
        if self.hits is None or self.markers is None or self.distance is None or self.template is None:
            raise RuleError(f"The template shot by {self.model} goes on before it is aimed: {self.to_json()}.")
        return self.hits, self.markers, self.distance, self.template

    def dice(self) -> tuple[int, ...]:
        """The shooter's dice, once rolled.

        Raises
        ------
        RuleError
            They are not rolled yet.
        """
        if self.shooter_dice is None:
            raise RuleError(f"The template shot by {self.model} is resolved before its dice are rolled: {self.to_json()}.")
        return self.shooter_dice


_TEMPLATE_FIELDS = tuple(f.name for f in fields(TemplateFrame))
""":class:`TemplateFrame`'s fields in the order of its JSON form."""


def _template_aim(m: Machine, d: ShotFrame, laser_mode: LaserMode) -> None:
    weapon = _weapon(m.state, d.model, d.weapon)
    direct = weapon.template is not None and weapon.template.kind == "direct"
    m.ask("aim", AimAsk(d.model, d.weapon, direct, laser_mode),
          _template_aimed.at(TemplateFrame(d.model, d.held, d.weapon, laser_mode, direct)))


@stage("template.aimed", TemplateFrame)
def _template_aimed(m: Machine, d: TemplateFrame, aim: tuple[float, float]) -> None:
    state, model_id = m.state, d.model
    mm = state.model(model_id)
    weapon = _weapon(state, model_id, d.weapon)
    tolerance = state.ruleset.contact_tolerance_cm
    if d.direct and weapon.template is not None:  # a direct-fire weapon has its template
        length = weapon.template.size_cm
        hit_ids = T.under_direct(state.board, model_id, aim, length, models_block=state.ruleset.models_block_sight, tolerance_cm=tolerance)
        shape: shapely.Geometry = T.direct_shape(state.board, model_id, aim, length)
        distance = 0.0
    else:
        hit_ids = _under_blast(state, model_id, aim)
        shape = T.blast_shape(aim)
        distance = max(0.0, math.hypot(aim[0] - mm.x, aim[1] - mm.y) - mm.base_mm / 20)
    hit_ids = tuple(h for h in hit_ids if h != model_id and not state.model(h).out_of_action)
    # PRJ-73: an explosive effect's blast also threatens the objective markers lying under it.
    explosive = weapon.explosive or d.laser_mode == "explosive"
    markers = tuple(T.markers_under_blast(state.board, aim, tolerance_cm=tolerance)) if explosive and not d.direct else ()
    m.emit("template", mm.side, model_id, weapon=weapon.id, aim=aim, under=list(hit_ids), markers=list(markers))
    m.spend("shoot")
    m.spend("template")
    if not hit_ids and not markers:
        return
    d = replace(d, hits=hit_ids, markers=markers, distance=distance, template=shapely.to_wkb(shape, hex=True))
    m.roll(2, _template_rolled.at(d), by=(mm.side, model_id), why="template shot")


@stage("template.rolled", TemplateFrame)
def _template_rolled(m: Machine, d: TemplateFrame, dice: tuple[int, ...]) -> None:
    _next_dodge_roll(m, replace(d, shooter_dice=tuple(dice), entries=()))


def _next_dodge_roll(m: Machine, d: TemplateFrame) -> None:
    hits = d.aimed()[0]
    index = len(d.entries or ())
    if index < len(hits):
        h = hits[index]
        # Each target as it stands now, in the cover it has from the shooter (2.7 "en suivant les règles
        # normales"; 2.5 +2/+4): the kernel resolves on these, before anyone dodges.
        entry = TemplateTarget.of(combatant(m.state, h), _template_cover(m.state, d.model, h))
        m.roll(2, _template_dodge_rolled.at(replace(d, entry=entry)), by=(m.state.model(h).side, h), why="dodge")
        return
    _next_marker_roll(m, replace(d, marker_dice=()))


def _template_cover(state: GameState, shooter_id: str, target_id: str) -> Cover:
    """PRJ-24: a model under a template takes the cover it has from the shooter; one the shooter
    cannot see at all (under a blast behind a wall) is hidden behind a large obstacle (+4)."""
    return _COVERS.get(cover_class(state, shooter_id, target_id), "large")


def _next_marker_roll(m: Machine, d: TemplateFrame) -> None:
    """Each marker under an explosive blast rolls one die, no modifier (R-SHOOT-MARKER, PRJ-73)."""
    markers = d.aimed()[1]
    index = len(d.marker_dice or ())
    if index < len(markers):
        marker = m.state.marker(markers[index])
        m.roll(1, _template_marker_rolled.at(d), by=(marker.owner, None), why=f"marker {marker.id}")
        return
    _template_first(m, d)


@stage("template.marker_rolled", TemplateFrame)
def _template_marker_rolled(m: Machine, d: TemplateFrame, dice: tuple[int, ...]) -> None:
    _next_marker_roll(m, replace(d, marker_dice=(*(d.marker_dice or ()), dice[0])))


@stage("template.dodge_rolled", TemplateFrame)
def _template_dodge_rolled(m: Machine, d: TemplateFrame, dice: tuple[int, ...]) -> None:
    if d.entry is None:
        raise RuleError(f"The template shot by {d.model} rolls a dodge for no target: {d.to_json()}.")
    entry = replace(d.entry, dice=tuple(dice))
    _next_dodge_roll(m, replace(d, entry=None, entries=(*(d.entries or ()), entry)))


def _entries(d: TemplateFrame) -> list[tuple[Combatant, tuple[int, ...], Cover]]:
    return [e.rolled() for e in d.entries or ()]


def _shooter(m: Machine, d: TemplateFrame) -> Combatant:
    return combatant(m.state, d.model, weapon=_weapon(m.state, d.model, d.weapon), activation_fatigue=d.held)


def _template_first(m: Machine, d: TemplateFrame) -> None:
    hits, _, distance, _ = d.aimed()
    if not hits:
        _template_markers(m, d)
        return
    first = resolve_template_shot(_shooter(m, d), _entries(d), distance_cm=distance, shooter_dice=d.dice(),
                                  laser_mode=d.laser_mode, ruleset=m.state.ruleset)
    dodges = tuple(float(r.dodge_cm) if (not r.hit and r.dodge_cm > 0) else 0.0 for r in first.results)
    _template_dodge_next(m, replace(d, dodges=dodges, escaped=()), None)


@stage("template.dodged", TemplateFrame)
def _template_dodge_next(m: Machine, d: TemplateFrame, point: tuple[float, float] | None) -> None:
    hits, _, distance, wkb = d.aimed()
    escaped = list(d.escaped or ())
    dodges = d.dodges or ()
    shape = _template_shape(wkb)
    if d.asking:
        h = hits[len(escaped)]
        # PRJ-32: it escapes only if its base ends further than the contact tolerance from the template.
        escaped.append(point is not None and shape.distance(m.state.model(h).base().shape) > m.state.ruleset.contact_tolerance_cm)
    while len(escaped) < len(hits):
        h, dodge = hits[len(escaped)], dodges[len(escaped)]
        if dodge <= 0:
            escaped.append(False)
            continue
        m.call(_dodge, DodgeAsk(h, dodge, {"wkb": wkb}),
               _template_dodge_next.at(replace(d, escaped=tuple(escaped), asking=True)))
        return
    final = resolve_template_shot(_shooter(m, d), _entries(d), distance_cm=distance, shooter_dice=d.dice(),
                                  laser_mode=d.laser_mode, escaped=escaped, ruleset=m.state.ruleset)
    model_id = d.model
    m.emit("template_shot", m.state.model(model_id).side, model_id, event=final, targets=list(hits))
    order_no = len(m.state.kills) + 1
    for h, result in zip(hits, final.results):
        record_outcome(m, h, result.target_after, killer=model_id, means="template", order=order_no)
    _template_markers(m, d)


def _template_markers(m: Machine, d: TemplateFrame) -> None:
    """Markers under an explosive blast: a strictly higher shooting total destroys each (PRJ-73)."""
    shooter = _shooter(m, d)
    _, markers, distance, _ = d.aimed()
    for marker_id, die in zip(markers, d.marker_dice or ()):
        event = resolve_marker_shot(shooter, distance_cm=distance, shooter_dice=d.dice(), marker_die=die,
                                    laser_mode=d.laser_mode, ruleset=m.state.ruleset)
        destroyed = event.hit and event.explosive
        m.emit("marker_shot", m.state.model(d.model).side, d.model, marker=marker_id, event=event, destroyed=destroyed)
        if destroyed:
            m.state = m.state.with_marker(m.state.marker(marker_id).replace(destroyed=True))
