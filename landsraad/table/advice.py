"""``advise``: for the model about to act, every option this activation, ranked by exact odds.

R-ACTIVATE: an activation is an optional free move, before or after one action (Move, Melee in
base contact with an enemy, Shoot, ...). The options weighed:

``shoot``
    Shoot from where the model stands, with each ranged weapon it carries, at each enemy the
    nearest-target rule allows (RUL-08), then no move.
``move_then_shoot``
    The free move to a sampled point of the reach region (:data:`SAMPLES` at most, a grid of
    :data:`GRID_CM`), then the shot; for each weapon and target, the point with the most
    expected damage (then the least risk, then the shortest move).
``shoot_then_move``
    The shot from where it stands, then the free move to the sampled point with the least risk.
``charge``
    The free move into base contact with an enemy within one move (:func:`.moves.move_into_contact`),
    then the Melee action: the clash with the model attacking and the enemy defending
    (:func:`landsraad.odds.melee_odds`; ``odds melee`` gives every stance pair).
``rest``
    No action: the baseline.

Each option gives its odds (the chance to hit, to wound by level, the expected damage), the
**risk** it takes - the enemies that could shoot the model (a ranged weapon and line of sight)
or charge it (contact within one move of their Movement) where it ends - its reasons (cover from
what, the nearest-target rule) and reproducible command lines (``odds shoot`` / ``odds melee`` on
the same numbers, and the move). Options are ranked by expected damage, then by less risk.

Examples
--------
>>> from landsraad.table.scenes import load
>>> a = advise(load("table"), "sardaukar-1")
>>> a.options[0].kind in {"shoot", "move_then_shoot", "shoot_then_move", "charge"}
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Literal

import shapely

from ..errors import RuleError, UsageError
from ..geometry import sight
from ..geometry.board import Board, Point
from ..geometry.measure import CONTACT_TOLERANCE_CM, edge_distance, report_cm
from ..geometry.movement import plan_move, reach_region
from ..model import Weapon
from ..odds import MeleeOdds, ShotOdds, melee_odds, shot_odds
from ..rules.shooting import Cover, shot_cover
from ..rules.state import Combatant
from ..ruleset import DEFAULT, Ruleset
from ..scene import ModelSpec, Scene
from .moves import move_into_contact

__all__ = ["Risk", "Option", "Advice", "advise", "SAMPLES", "GRID_CM"]

SAMPLES = 24
"""The most points of the reach region weighed for a move before or after the shot."""

GRID_CM = 2.0
"""The spacing of the sampled points (a finer grid is thinned evenly to :data:`SAMPLES`)."""

Kind = Literal["shoot", "move_then_shoot", "shoot_then_move", "charge", "rest"]


def _xy(p: Point) -> list[float]:
    return [round(float(p[0]), 2), round(float(p[1]), 2)]


@dataclass(frozen=True)
class Risk:
    """The enemies that could shoot or charge the model where it ends, at their next activation."""

    shooters: tuple[str, ...] = ()
    chargers: tuple[str, ...] = ()

    @property
    def count(self) -> int:
        """How many enemies threaten it (each counted once)."""
        return len(set(self.shooters) | set(self.chargers))

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data."""
        return {"shooters": list(self.shooters), "chargers": list(self.chargers), "count": self.count}


@dataclass(frozen=True)
class Option:
    """One option of the activation (see the module notes)."""

    kind: Kind
    end: Point
    risk: Risk
    target: str | None = None
    weapon: str | None = None
    at: Point | None = None
    distance_cm: float | None = None
    cover: str | None = None
    cover_from: tuple[str, ...] = ()
    odds: ShotOdds | MeleeOdds | None = None
    reasons: tuple[str, ...] = ()
    commands: tuple[str, ...] = ()

    @property
    def p_hit(self) -> float:
        """The chance the shot or the blow lands (before shields)."""
        if isinstance(self.odds, ShotOdds):
            return self.odds.p_hit
        if isinstance(self.odds, MeleeOdds):
            return self.odds.p_attacker_hits
        return 0.0

    @property
    def wound(self) -> dict[str, float]:
        """What the target suffers, by level."""
        if isinstance(self.odds, ShotOdds):
            return dict(self.odds.wound)
        if isinstance(self.odds, MeleeOdds):
            return dict(self.odds.defender_wound)
        return {}

    @property
    def expected_damage(self) -> float:
        """The expected damage dealt to the target (0 for a miss, a shield, no damage)."""
        if isinstance(self.odds, ShotOdds):
            return self.odds.expected_damage
        if isinstance(self.odds, MeleeOdds):
            return self.odds.expected_damage_to_defender
        return 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data."""
        return {"kind": self.kind, "target": self.target, "weapon": self.weapon,
                "at": _xy(self.at) if self.at is not None else None, "end": _xy(self.end),
                "distance_cm": self.distance_cm, "cover": self.cover, "cover_from": list(self.cover_from),
                "p_hit": self.p_hit, "wound": self.wound, "expected_damage": self.expected_damage,
                "risk": self.risk.to_dict(), "reasons": list(self.reasons), "commands": list(self.commands)}


@dataclass(frozen=True)
class Advice:
    """Every option of ``model``'s activation, best first."""

    scene: str
    model: str
    movement_cm: float
    options: tuple[Option, ...]
    skipped: tuple[str, ...] = field(default=())
    """Enemies left out, and why (no profile: their stats are unknown)."""

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` object."""
        return {"scene": self.scene, "model": self.model, "movement_cm": self.movement_cm,
                "options": [o.to_dict() for o in self.options], "skipped": list(self.skipped)}


def _fmt(x: float) -> str:
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return text or "0"


class _Table:
    """The scene read for one advice: each model's stats, weapons and side."""

    def __init__(self, scene: Scene, scene_name: str, ruleset: Ruleset):
        self.scene, self.name, self.ruleset = scene, scene_name, ruleset
        self.board: Board = scene.board

    def spec(self, model_id: str) -> ModelSpec:
        return self.scene.model(model_id)

    def weapons(self, model_id: str) -> tuple[Weapon, ...]:
        return self.spec(model_id).carried

    def combatant(self, model_id: str, weapon: Weapon | None) -> Combatant:
        card = self.spec(model_id).card
        assert card is not None
        return Combatant.from_profile(card, weapon)

    def melee_weapon(self, model_id: str) -> Weapon | None:
        return next((w for w in self.weapons(model_id) if w.is_melee), None)

    def faction(self, model_id: str) -> str:
        return str(self.spec(model_id).profile).partition("/")[0]

    def weapon_ref(self, model_id: str, weapon: Weapon) -> str:
        return f"{self.faction(model_id)}:{weapon.id}"


class _Threats:
    """Who could shoot or charge the acting model wherever it stands (R-SHOOT, R-ACTIVATE).

    A charger is an enemy whose one-move reach comes within contact of the model. Its reach
    region is computed once, on the table without the acting model: a path that would cross
    where the model stands first touches it, so contact is reached with that path's start,
    which is legal with the model there (the model itself is never in its own way).
    """

    def __init__(self, t: _Table, model_id: str, enemies: tuple[str, ...], movement: float):
        self.t, self.model_id, self.enemies = t, model_id, enemies
        empty = t.board.without(model_id)
        me = t.board.base(model_id)
        self.regions = {}
        for e in enemies:
            reach = t.scene.movement(e)
            # the model ends within its own move of where it stands: an enemy farther than both moves
            # (edge to edge, which no path beats) cannot reach it, and its region is not needed
            if reach and edge_distance(t.board.base(e), me) <= reach + movement + CONTACT_TOLERANCE_CM:
                self.regions[e] = reach_region(empty, e, reach)
        self.shooting = {e for e in enemies if any(w.is_ranged for w in t.weapons(e))}

    def at(self, board: Board) -> Risk:
        me = board.base(self.model_id)
        shooters = tuple(e for e in self.enemies if e in self.shooting and sight.line_of_sight(
            board, e, self.model_id, models_block=self.t.ruleset.models_block_sight))
        chargers = []
        for e, region in self.regions.items():
            if region.is_empty:
                continue
            reach = board.base(e).radius + me.radius + CONTACT_TOLERANCE_CM
            if shapely.distance(region, shapely.Point(me.x, me.y)) <= reach + 1e-9:
                chargers.append(e)
        return Risk(shooters, tuple(chargers))


def _samples(board: Board, model_id: str, movement: float) -> list[Point]:
    """Points of the reach region on a grid of :data:`GRID_CM`, thinned evenly to :data:`SAMPLES`."""
    region = reach_region(board, model_id, movement)
    if region.is_empty or region.area <= 0:
        return []
    x0, y0, x1, y1 = region.bounds
    xs = [x0 + GRID_CM * i for i in range(int((x1 - x0) / GRID_CM) + 1)]
    ys = [y0 + GRID_CM * j for j in range(int((y1 - y0) / GRID_CM) + 1)]
    pts = [(x, y) for y in ys for x in xs]
    inside = shapely.contains_xy(region, [p[0] for p in pts], [p[1] for p in pts])
    kept = [p for p, ok in zip(pts, inside) if ok]
    if len(kept) > SAMPLES:
        step = len(kept) / SAMPLES
        kept = [kept[int(i * step)] for i in range(SAMPLES)]
    # a sampled point must be a legal end of one move (the region's edge is exact, the grid is not)
    return [p for p in kept if plan_move(board, model_id, p, movement).legal]


_ShotOption = tuple[str, Weapon, ShotOdds, Cover, float, tuple[str, ...], tuple[str, ...]]
"""A shot open to the acting model: target, weapon, odds, cover, distance, the cover's pieces, reasons."""


def _shot_commands(t: _Table, a: str, b: str, weapon: Weapon, distance: float, cover: Cover) -> tuple[str, ...]:
    return (f"landsraad odds shoot --attacker {t.spec(a).profile} --weapon {t.weapon_ref(a, weapon)} "
            f"--target {t.spec(b).profile} --distance {_fmt(distance)} --cover {cover}",)


def _shot(t: _Table, board: Board, a: str, b: str, weapon: Weapon, target: Combatant) -> tuple[ShotOdds, Cover, float,
                                                                                               tuple[str, ...]]:
    """The exact odds of ``a`` shooting ``b`` on ``board`` (the distance as reported, the cover);
    the kernel's :class:`RuleError` when it refuses the shot (no line of sight, R-LOS, included)."""
    cov = sight.cover(board, a, b, models_block=t.ruleset.models_block_sight)
    cover = shot_cover(cov.cover)
    distance = report_cm(edge_distance(board.base(a), board.base(b)))
    odds = shot_odds(t.combatant(a, weapon), target, distance_cm=distance, cover=cover, ruleset=t.ruleset)
    return odds, cover, distance, cov.cover_from


def advise(scene: Scene, model_id: str, *, scene_name: str = "", ruleset: Ruleset = DEFAULT,
           movement_cm: float | None = None) -> Advice:
    """Every option of ``model_id``'s activation, ranked (see the module notes).

    Parameters
    ----------
    scene
        The scene; the acting model and the enemies weighed need profiles (their stats).
    model_id
        The model about to act.
    scene_name
        The scene as typed, for the command lines.
    ruleset
        Ties, Arrakis, whether models block sight.
    movement_cm
        The move allowance (default: the model's Movement).

    Returns
    -------
    Advice

    Raises
    ------
    UsageError
        The model has no profile or no side, or no Movement.
    """
    t = _Table(scene, scene_name, ruleset)
    board = t.board
    spec = scene.model(model_id)
    if spec.card is None or board.base(model_id).side is None:
        raise UsageError(f"advise needs the model's profile and side; {model_id!r} has "
                         f"{'no profile' if spec.card is None else 'no side'} in the scene.")
    movement = movement_cm if movement_cm is not None else scene.movement(model_id)
    if movement is None:
        raise UsageError(f"Model {model_id!r} has no movement in the scene; give one with --movement CM.")
    blocks = ruleset.models_block_sight
    side = board.base(model_id).side
    enemy_ids = tuple(b.id for b in board.bases if b.side is not None and b.side != side)
    enemies = tuple(e for e in enemy_ids if scene.model(e).card is not None)
    skipped = tuple(f"{e}: no profile, its stats are unknown" for e in enemy_ids if e not in enemies)
    targets = {e: t.combatant(e, t.melee_weapon(e)) for e in enemies}
    start = board.base(model_id).center
    options: list[Option] = []
    threats = _Threats(t, model_id, enemies, movement)
    here_risk = threats.at(board)
    ranged = [w for w in t.weapons(model_id) if w.is_ranged and w.range_cm is not None]

    def shots_from(b: Board) -> list[_ShotOption]:
        out: list[_ShotOption] = []
        in_contact = [e for e in enemy_ids if edge_distance(b.base(e), b.base(model_id)) <= 0.1 + 1e-9]
        if in_contact:  # R-SHOOT: no shooting with an enemy in contact
            return out
        allowed = [e for e in sight.nearest_targets(b, model_id, models_block=blocks) if e in targets]
        for e in allowed:
            for w in ranged:
                try:
                    odds, cover, distance, cover_from = _shot(t, b, model_id, e, w, targets[e])
                except RuleError:  # the kernel refuses the shot (a laser at a shield)
                    continue
                reasons = (f"{e} is the nearest enemy {model_id} sees (RUL-08)",
                           f"cover {cover}" + (f" from {', '.join(cover_from)}" if cover_from else ""))
                out.append((e, w, odds, cover, distance, cover_from, reasons))
        return out

    for e, w, odds, cover, distance, cover_from, reasons in shots_from(board):
        options.append(Option("shoot", start, here_risk, e, w.name, start, distance, cover, cover_from, odds, reasons,
                              (f"landsraad shoot {scene_name} {model_id} {e} --weapon {t.weapon_ref(model_id, w)}",
                               *_shot_commands(t, model_id, e, w, distance, cover))))
    samples = _samples(board, model_id, movement)
    moved_boards = {p: board.moved(model_id, p) for p in samples}
    risks: dict[Point, Risk] = {}

    def risk_at(p: Point) -> Risk:
        if p not in risks:
            risks[p] = threats.at(moved_boards[p])
        return risks[p]

    # the best point for each (target, weapon): most expected damage, then least risk, then the shortest move;
    # listed only when it beats the best shot from where the model stands (more damage, or as much and less risk)
    here = max(((round(o.expected_damage, 9), -o.risk.count) for o in options), default=None)
    # per (target, weapon): (score, point, weapon, odds, cover, distance, cover's pieces, reasons)
    best: dict[tuple[str, str], tuple[tuple[float, int, float], Point, Weapon, ShotOdds, Cover, float, tuple[str, ...],
                                      tuple[str, ...]]] = {}
    for p, b in moved_boards.items():
        for e, w, odds, cover, distance, cover_from, reasons in shots_from(b):
            key = (e, w.name)
            score = (round(odds.expected_damage, 9), -risk_at(p).count, -math.hypot(p[0] - start[0], p[1] - start[1]))
            if key not in best or score > best[key][0]:
                best[key] = (score, p, w, odds, cover, distance, cover_from, reasons)
    for (e, _), (score, p, w, odds, cover, distance, cover_from, reasons) in best.items():
        if here is not None and score[:2] <= here:  # no better than the best shot from where it stands
            continue
        move_cmd = f"landsraad move {scene_name} {model_id} --to {_fmt(p[0])},{_fmt(p[1])}"
        options.append(Option("move_then_shoot", p, risk_at(p), e, w.name, p, distance, cover, cover_from, odds,
                              ("the free move first, then the Shoot action (R-ACTIVATE)", *reasons),
                              (move_cmd, *_shot_commands(t, model_id, e, w, distance, cover))))
    if samples and any(o.kind == "shoot" for o in options):
        safest = min(samples, key=lambda p: (risk_at(p).count, math.hypot(p[0] - start[0], p[1] - start[1])))
        if risk_at(safest).count < here_risk.count:
            for o in [o for o in options if o.kind == "shoot"]:
                move_cmd = f"landsraad move {scene_name} {model_id} --to {_fmt(safest[0])},{_fmt(safest[1])}"
                options.append(Option("shoot_then_move", safest, risk_at(safest), o.target, o.weapon, o.at, o.distance_cm,
                                      o.cover, o.cover_from, o.odds,
                                      ("the Shoot action, then the free move out of reach (R-ACTIVATE)", *o.reasons),
                                      (*o.commands, move_cmd)))
    own = t.melee_weapon(model_id)
    me = t.combatant(model_id, own)
    for e in enemies:
        if edge_distance(board.base(e), board.base(model_id)) > movement:
            continue  # the path is never shorter than the gap
        answer = move_into_contact(board, model_id, e, movement)
        if not answer.legal or answer.charge is None or not answer.charge.can_fight_this_activation:
            continue
        try:
            clash = melee_odds(me, targets[e], attacker_stance="attack", defender_stance="defend", ruleset=ruleset)
        except RuleError:
            continue
        end = answer.result.end
        their = t.melee_weapon(e)
        cmd = (f"landsraad odds melee --attacker {spec.profile}" + (f" --attacker-weapon {t.weapon_ref(model_id, own)}" if own else "")
               + f" --defender {t.spec(e).profile}" + (f" --defender-weapon {t.weapon_ref(e, their)}" if their else "")
               + " --attacker-stance attack --defender-stance defend")
        options.append(Option("charge", end, threats.at(board.moved(model_id, end)), e,
                              own.name if own else None, end, 0.0, None, (), clash,
                              (f"the free move into contact ({report_cm(answer.result.cost_cm):.1f} of {_fmt(movement)} cm),"
                               " then the Melee action (R-ACTIVATE)",
                               f"the clash if {model_id} attacks and {e} defends (odds melee gives every stance pair)"),
                              (f"landsraad move {scene_name} {model_id} --to {e}", cmd)))
    options.append(Option("rest", start, here_risk, reasons=("no action",)))
    order = {"shoot": 0, "charge": 1, "shoot_then_move": 2, "move_then_shoot": 3, "rest": 4}  # less moving first
    options.sort(key=lambda o: (-round(o.expected_damage, 9), o.risk.count, -o.p_hit, order[o.kind]))
    return Advice(scene_name, model_id, float(movement), tuple(options), skipped)
