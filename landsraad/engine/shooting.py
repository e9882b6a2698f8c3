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
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, ClassVar, Mapping

import shapely

from ..errors import RuleError
from ..geometry import templates as T
from ..geometry.board import Board
from ..model import Weapon
from ..rules.shooting import Cover, LaserMode, can_target, laser_blast_problem, resolve_marker_shot, resolve_shot, resolve_template_shot
from ..rules.state import Combatant, may_move
from .bridge import combatant
from .decisions import Decision, PointSpec
from .flow import Machine, Payload, builder, stage
from .moves import PointFrame, apply_move, move_args
from .outcomes import record_outcome
from .spatial import cover_class, edge_distance, move_candidates, nearest_targets, plan_move
from .state import GameState

__all__ = ["shoot", "shot_candidates", "ShotFrame", "DodgeFrame"]


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



def _weapon(state: GameState, model_id: str, weapon_id: str) -> Weapon:
    return next(w for w in state.model(model_id).weapons if w.id == weapon_id)


@builder("laser_mode")
def _laser_decision(state: GameState, a: Mapping[str, Any]) -> Decision:
    mm = state.model(a["model"])
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
        m.ask("laser_mode", {"model": d.model}, _shoot_mode.at(d))
        return
    _shoot_mode(m, d, "burn")


@builder("target")
def _target_decision(state: GameState, a: Mapping[str, Any]) -> Decision:
    mm = state.model(a["model"])
    return Decision(side=mm.side, kind="target", model=mm.id, choices=tuple(a["candidates"]),
                    prompt="Several enemies are equally near: which one does it shoot (RUL-08)?")


@stage("shoot.mode", ShotFrame)
def _shoot_mode(m: Machine, d: ShotFrame, laser_mode: LaserMode) -> None:
    """The mode known: a template shot, or the nearest target (RUL-08; the shooter picks among the equally near)."""
    weapon = _weapon(m.state, d.model, d.weapon)
    d = replace(d, laser_mode=laser_mode)
    if weapon.template is not None or laser_mode == "explosive":
        _template_aim(m, d.to_json())
        return
    candidates = shot_candidates(m.state, d.model, weapon, laser_mode)
    if not candidates:
        m.emit("no_target", m.state.model(d.model).side, d.model, weapon=weapon.id)
        return
    if len(candidates) > 1:
        m.ask("target", {"model": d.model, "candidates": list(candidates)}, _shoot_target.at(d))
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
        m.call(_dodge, {"model": target, "distance": float(outcome.dodge_cm), "template": None})


# --- dodging (RUL-09) -------------------------------------------------------------------------------------


def _template_shape(template_wkb: str) -> Any:
    """The template's shape from its hexadecimal WKB (how decisions and stages carry it, JSON-able)."""
    return shapely.from_wkb(bytes.fromhex(template_wkb))


@builder("dodge")
def _dodge_decision(state: GameState, a: Mapping[str, Any]) -> Decision:
    mm = state.model(a["model"])
    distance = float(a["distance"])
    template = a.get("template")

    def check(point: tuple[float, float]) -> str | None:
        result = plan_move(state, mm.id, point, distance)
        return None if result.legal else result.message

    def suggest() -> tuple[tuple[float, float], ...]:
        if template is not None:
            way_out = _template_dodge(state.board, mm.id, template["wkb"], distance, state.ruleset.contact_tolerance_cm)
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


@stage("dodge")
def _dodge(m: Machine, d: Mapping[str, Any], _: object) -> None:
    """A model not hit may move up to ``distance`` (RUL-09); returns the point or ``None``."""
    mm = m.state.model(d["model"])
    if mm.out_of_action or not may_move(combatant(m.state, mm.id)):
        return None
    m.ask("dodge", d, _dodge_answered.at(DodgeFrame(d["model"], d["distance"])))
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


@builder("aim")
def _aim_decision(state: GameState, a: Mapping[str, Any]) -> Decision:
    mm = state.model(a["model"])
    weapon = _weapon(state, mm.id, a["weapon"])
    suggested = tuple(e.position for e in state.enemies_of(mm.id)[:8])
    if a["direct"] and weapon.template is not None:  # a direct-fire weapon has its template
        length = weapon.template.size_cm

        def check_direct(point: tuple[float, float]) -> str | None:
            return None if math.hypot(point[0] - mm.x, point[1] - mm.y) > 1e-6 else "aim somewhere other than the shooter itself"

        return Decision(side=mm.side, kind="aim", model=mm.id, point=PointSpec(check_direct, suggested),
                        prompt=f"Toward which point does {mm.name} fire its {weapon.name} ({length:g} cm direct-fire template)?")

    laser_mode = a.get("laser_mode", "burn")

    def check_blast(point: tuple[float, float]) -> str | None:
        return _blast_aim_problem(state, mm.id, weapon, laser_mode, point)

    def suggest_blast() -> tuple[tuple[float, float], ...]:
        spots = list(suggested) + [(x + 0.5, y + 0.5) for y in range(5, int(state.depth), 10) for x in range(5, int(state.width), 10)]
        return tuple(p for p in spots if check_blast(p) is None)[:8]

    return Decision(side=mm.side, kind="aim", model=mm.id, point=PointSpec(check_blast, suggest_blast),
                    prompt=f"Where does {mm.name} aim its {weapon.name}'s blast template?")


def _template_aim(m: Machine, d: Mapping[str, Any]) -> None:
    weapon = _weapon(m.state, d["model"], d["weapon"])
    direct = weapon.template is not None and weapon.template.kind == "direct"
    m.ask("aim", {"model": d["model"], "weapon": d["weapon"], "direct": direct, "laser_mode": d["laser_mode"]}, _template_aimed,
          **d, direct=direct)


@stage("template.aimed")
def _template_aimed(m: Machine, d: Mapping[str, Any], aim: tuple[float, float]) -> None:
    state, model_id = m.state, d["model"]
    mm = state.model(model_id)
    weapon = _weapon(state, model_id, d["weapon"])
    tolerance = state.ruleset.contact_tolerance_cm
    if d["direct"] and weapon.template is not None:  # a direct-fire weapon has its template
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
    explosive = weapon.explosive or d["laser_mode"] == "explosive"
    markers = T.markers_under_blast(state.board, aim, tolerance_cm=tolerance) if explosive and not d["direct"] else ()
    m.emit("template", mm.side, model_id, weapon=weapon.id, aim=aim, under=list(hit_ids), markers=list(markers))
    m.spend("shoot")
    m.spend("template")
    if not hit_ids and not markers:
        return
    d = {**d, "hits": list(hit_ids), "markers": list(markers), "distance": distance, "template": {"wkb": shapely.to_wkb(shape, hex=True)}}
    m.roll(2, _template_rolled, by=(mm.side, model_id), why="template shot", **d)


@stage("template.rolled")
def _template_rolled(m: Machine, d: Mapping[str, Any], dice: tuple[int, ...]) -> None:
    _next_dodge_roll(m, {**d, "shooter_dice": list(dice), "entries": []})


def _next_dodge_roll(m: Machine, d: Mapping[str, Any]) -> None:
    index = len(d["entries"])
    if index < len(d["hits"]):
        h = d["hits"][index]
        # Each target as it stands now, in the cover it has from the shooter (2.7 "en suivant les règles
        # normales"; 2.5 +2/+4): the kernel resolves on these, before anyone dodges.
        entry = {"target": combatant(m.state, h).model_dump(mode="json"), "cover": _template_cover(m.state, d["model"], h)}
        m.roll(2, _template_dodge_rolled, by=(m.state.model(h).side, h), why="dodge", **d, entry=entry)
        return
    _next_marker_roll(m, {**d, "marker_dice": []})


def _template_cover(state: GameState, shooter_id: str, target_id: str) -> Cover:
    """PRJ-24: a model under a template takes the cover it has from the shooter; one the shooter
    cannot see at all (under a blast behind a wall) is hidden behind a large obstacle (+4)."""
    return _COVERS.get(cover_class(state, shooter_id, target_id), "large")


def _next_marker_roll(m: Machine, d: Mapping[str, Any]) -> None:
    """Each marker under an explosive blast rolls one die, no modifier (R-SHOOT-MARKER, PRJ-73)."""
    index = len(d["marker_dice"])
    if index < len(d["markers"]):
        marker = m.state.marker(d["markers"][index])
        m.roll(1, _template_marker_rolled, by=(marker.owner, None), why=f"marker {marker.id}", **d)
        return
    _template_first(m, d)


@stage("template.marker_rolled")
def _template_marker_rolled(m: Machine, d: Mapping[str, Any], dice: tuple[int, ...]) -> None:
    _next_marker_roll(m, {**d, "marker_dice": [*d["marker_dice"], dice[0]]})


@stage("template.dodge_rolled")
def _template_dodge_rolled(m: Machine, d: Mapping[str, Any], dice: tuple[int, ...]) -> None:
    entry = {**d["entry"], "dice": list(dice)}
    rest = {k: v for k, v in d.items() if k != "entry"}
    _next_dodge_roll(m, {**rest, "entries": [*d["entries"], entry]})


def _entries(d: Mapping[str, Any]) -> list[tuple[Combatant, tuple[int, ...], Cover]]:
    return [(Combatant.model_validate(e["target"]), tuple(e["dice"]), _COVERS[e["cover"]]) for e in d["entries"]]


def _shooter(m: Machine, d: Mapping[str, Any]) -> Combatant:
    return combatant(m.state, d["model"], weapon=_weapon(m.state, d["model"], d["weapon"]), activation_fatigue=d["held"])


def _template_first(m: Machine, d: Mapping[str, Any]) -> None:
    if not d["hits"]:
        _template_markers(m, d)
        return
    first = resolve_template_shot(_shooter(m, d), _entries(d), distance_cm=d["distance"], shooter_dice=tuple(d["shooter_dice"]),
                                  laser_mode=d["laser_mode"], ruleset=m.state.ruleset)
    dodges = [float(r.dodge_cm) if (not r.hit and r.dodge_cm > 0) else 0.0 for r in first.results]
    _template_dodge_next(m, {**d, "dodges": dodges, "escaped": []}, None)


@stage("template.dodged")
def _template_dodge_next(m: Machine, d: Mapping[str, Any], point: tuple[float, float] | None) -> None:
    escaped = list(d["escaped"])
    shape = _template_shape(d["template"]["wkb"])
    if "asking" in d:
        h = d["hits"][len(escaped)]
        # PRJ-32: it escapes only if its base ends further than the contact tolerance from the template.
        escaped.append(point is not None and shape.distance(m.state.model(h).base().shape) > m.state.ruleset.contact_tolerance_cm)
    rest = {k: v for k, v in d.items() if k not in ("asking", "escaped")}
    while len(escaped) < len(d["hits"]):
        h, dodge = d["hits"][len(escaped)], d["dodges"][len(escaped)]
        if dodge <= 0:
            escaped.append(False)
            continue
        m.call(_dodge, {"model": h, "distance": dodge, "template": d["template"]}, _template_dodge_next, **rest, escaped=escaped, asking=True)
        return
    final = resolve_template_shot(_shooter(m, d), _entries(d), distance_cm=d["distance"], shooter_dice=tuple(d["shooter_dice"]),
                                  laser_mode=d["laser_mode"], escaped=escaped, ruleset=m.state.ruleset)
    model_id = d["model"]
    m.emit("template_shot", m.state.model(model_id).side, model_id, event=final, targets=list(d["hits"]))
    order_no = len(m.state.kills) + 1
    for h, result in zip(d["hits"], final.results):
        record_outcome(m, h, result.target_after, killer=model_id, means="template", order=order_no)
    _template_markers(m, d)


def _template_markers(m: Machine, d: Mapping[str, Any]) -> None:
    """Markers under an explosive blast: a strictly higher shooting total destroys each (PRJ-73)."""
    shooter = _shooter(m, d)
    for marker_id, die in zip(d["markers"], d["marker_dice"]):
        event = resolve_marker_shot(shooter, distance_cm=d["distance"], shooter_dice=tuple(d["shooter_dice"]), marker_die=die,
                                    laser_mode=d["laser_mode"], ruleset=m.state.ruleset)
        destroyed = event.hit and event.explosive
        m.emit("marker_shot", m.state.model(d["model"]).side, d["model"], marker=marker_id, event=event, destroyed=destroyed)
        if destroyed:
            m.state = m.state.with_marker(m.state.marker(marker_id).model_copy(update={"destroyed": True}))
