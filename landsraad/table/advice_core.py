"""The advisor's common ground (:mod:`landsraad.table.advice`): an option, its risk, the scene read for
one advice, who threatens the acting model where it ends, the sampled points of a move, and one shot.

R-ACTIVATE (an activation: an optional free move before or after one action), R-SHOOT, RUL-08.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Sequence

import shapely

from ..geometry import sight
from ..geometry.board import Board, Point
from ..geometry.measure import CONTACT_TOLERANCE_CM, edge_distance, report_cm
from ..geometry.movement import plan_move, reach_region
from ..i18n import Message, in_languages, joined
from ..model import Weapon
from ..odds import DisengageOdds, MeleeOdds, ShotOdds, shot_odds
from ..rules.shooting import Cover, shot_cover
from ..rules.state import Combatant
from ..ruleset import Ruleset
from ..scene import ModelSpec, Scene

__all__ = ["SAMPLES", "GRID_CM", "Kind", "Risk", "Option", "Advice", "TableRead", "Threats", "sample_points", "fmt_cm", "xy",
           "ShotOption", "shot_commands", "shot_at"]

SAMPLES = 24
"""The most points of the reach region weighed for a move before or after the shot."""

GRID_CM = 2.0
"""The spacing of the sampled points (a finer grid is thinned evenly to :data:`SAMPLES`)."""

Kind = Literal["shoot", "move_then_shoot", "shoot_then_move", "charge", "template", "move_then_template",
               "template_then_move", "fight", "disengage_then_move", "disengage_then_shoot", "two_moves", "rest"]


def xy(p: Point) -> list[float]:
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
    disengage: DisengageOdds | None = None
    """The disengage test the option starts with (R-DISENGAGE), for a model in contact: the shot's
    ``odds`` then hold if it gets away, and :attr:`p_hit`, :attr:`wound`, :attr:`expected_damage`
    count the chance that it does (a model held in contact cannot shoot, R-SHOOT)."""
    disengage_from: str | None = None
    """The enemy that opposes the disengage test (the opposing player's pick among those in contact)."""

    @property
    def _away(self) -> float:
        """The chance the option's action happens: 1, or the chance of getting away first."""
        return self.disengage.p_success if self.disengage is not None else 1.0

    @property
    def p_hit(self) -> float:
        """The chance the shot or the blow lands (before shields)."""
        if isinstance(self.odds, ShotOdds):
            return self._away * self.odds.p_hit
        if isinstance(self.odds, MeleeOdds):
            return self.odds.p_attacker_hits
        return 0.0

    @property
    def wound(self) -> dict[str, float]:
        """What the target suffers, by level."""
        if isinstance(self.odds, ShotOdds):
            if self.disengage is None:
                return dict(self.odds.wound)
            out = {k: self._away * v for k, v in self.odds.wound.items()}
            out["none"] = out.get("none", 0.0) + 1.0 - self._away
            return out
        if isinstance(self.odds, MeleeOdds):
            return dict(self.odds.defender_wound)
        return {}

    @property
    def expected_damage(self) -> float:
        """The expected damage dealt to the target (0 for a miss, a shield, no damage)."""
        if isinstance(self.odds, ShotOdds):
            return self._away * self.odds.expected_damage
        if isinstance(self.odds, MeleeOdds):
            return self.odds.expected_damage_to_defender
        return 0.0

    @property
    def expected_damage_taken(self) -> float:
        """The expected damage the model takes doing it this activation: a failed disengage's blow, else 0."""
        return self.disengage.expected_damage if self.disengage is not None else 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data."""
        out = {"kind": self.kind, "target": self.target, "weapon": self.weapon,
               "at": xy(self.at) if self.at is not None else None, "end": xy(self.end),
               "distance_cm": self.distance_cm, "cover": self.cover, "cover_from": list(self.cover_from),
               "p_hit": self.p_hit, "wound": self.wound, "expected_damage": self.expected_damage,
               "risk": self.risk.to_dict(), "reasons": [str(r) for r in self.reasons], "commands": list(self.commands)}
        if self.disengage is not None:
            d = self.disengage
            out["disengage"] = {"opponent": self.disengage_from, "p_success": d.p_success, "margin_cm": dict(d.margin_cm),
                                "wound_taken": dict(d.wound), "expected_damage_taken": d.expected_damage,
                                "p_dies": d.p_mover_dies, "p_shield_stopped": d.p_shield_stopped}
        return out


@dataclass(frozen=True)
class Advice:
    """Every option of ``model``'s activation, best first."""

    scene: str
    model: str
    movement_cm: float
    options: tuple[Option, ...]
    skipped: tuple[str, ...] = field(default=())
    """Enemies left out, and why (no profile: their stats are unknown)."""
    not_weighed: tuple[tuple[str, str], ...] = field(default=())
    """Special actions of the engine's menu not weighed, as ``(action, because)`` codes (:func:`special_actions`)."""

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` object."""
        return {"scene": self.scene, "model": self.model, "movement_cm": self.movement_cm,
                "options": [o.to_dict() for o in self.options], "skipped": list(self.skipped),
                "not_weighed": [{"action": a, "because": b} for a, b in self.not_weighed]}


def fmt_cm(x: float) -> str:
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return text or "0"


class TableRead:
    """The scene read for one advice: each model's stats, weapons and side."""

    def __init__(self, scene: Scene, scene_name: str, ruleset: Ruleset):
        self.scene, self.name, self.ruleset = scene, scene_name, ruleset
        self.board: Board = scene.board
        self.names_fr = scene.french_names()

    def named(self, item_id: str) -> Message:
        """A model or piece in a reason: its id in English (the JSON's text), its French name (``name_fr``) in French,
        as ``measure`` and ``shoot`` name them (issue 40)."""
        return in_languages(item_id, fr=self.names_fr.get(item_id))

    def named_all(self, item_ids: Sequence[str]) -> Message:
        """Several models or pieces in a reason, comma-separated (:meth:`named`)."""
        return joined(", ", [self.named(i) for i in item_ids])

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


class Threats:
    """Who could shoot or charge the acting model wherever it stands (R-SHOOT, R-ACTIVATE).

    A charger is an enemy whose one-move reach comes within contact of the model. Its reach
    region is computed once, on the table without the acting model: a path that would cross
    where the model stands first touches it, so contact is reached with that path's start,
    which is legal with the model there (the model itself is never in its own way).
    """

    def __init__(self, t: TableRead, model_id: str, enemies: tuple[str, ...], movement: float):
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


def sample_points(board: Board, model_id: str, movement: float) -> list[Point]:
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


ShotOption = tuple[str, Weapon, ShotOdds, Cover, float, tuple[str, ...], tuple[str, ...]]
"""A shot open to the acting model: target, weapon, odds, cover, distance, the cover's pieces, reasons."""


def shot_commands(t: TableRead, a: str, b: str, weapon: Weapon, distance: float, cover: Cover) -> tuple[str, ...]:
    return (f"landsraad odds shoot --attacker {t.spec(a).profile} --weapon {t.weapon_ref(a, weapon)} "
            f"--target {t.spec(b).profile} --distance {fmt_cm(distance)} --cover {cover}",)


def shot_at(t: TableRead, board: Board, a: str, b: str, weapon: Weapon, target: Combatant) -> tuple[ShotOdds, Cover, float,
                                                                                               tuple[str, ...]]:
    """The exact odds of ``a`` shooting ``b`` on ``board`` (the distance as reported, the cover);
    the kernel's :class:`RuleError` when it refuses the shot (no line of sight, R-LOS, included)."""
    cov = sight.cover(board, a, b, models_block=t.ruleset.models_block_sight)
    cover = shot_cover(cov.cover)
    distance = report_cm(edge_distance(board.base(a), board.base(b)))
    odds = shot_odds(t.combatant(a, weapon), target, distance_cm=distance, cover=cover, ruleset=t.ruleset)
    return odds, cover, distance, cov.cover_from

