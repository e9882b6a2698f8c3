"""``threat``: a threat map - for one model, every point of the table coloured by how many enemies
could see it, shoot it (with the hit odds) or charge it there at their next activation; reversed,
how many enemies the model could see, shoot or charge from each point.

The table is cut into square cells of :data:`RESOLUTION_CM` (``resolution_cm``); the model is
stood at each cell's centre where its base fits (R-MOVE: wholly on the table, overlapping no base
and no impassable terrain; :func:`landsraad.geometry.movement.free_spots`), and each enemy asked,
as it stands now:

``sees``
    line of sight from the enemy to the model (R-LOS; the reverse: from the model to the enemy);
``shoots``
    it sees and carries a ranged weapon, is not in base contact with a foe (R-SHOOT), and the
    kernel allows the shot (R-LASER); the hit chance is the best of its ranged weapons' (the
    exact odds of :func:`landsraad.odds.shot_odds` on the distance as reported and the cover
    class, R-COVER, RUL-11). The nearest-target rule (RUL-08) is not applied: whom an enemy must
    shoot depends on every other model, and ``shoot`` answers it for one position;
``charges``
    it reaches base contact with one move of its Movement, so it can fight this activation
    (R-ACTIVATE: the free move, then the Melee action). Forward: each enemy's reach region is
    computed once on the table without the model (a path that would cross where the model stands
    touches it first, as in :mod:`.advice`); reverse: the model's cheapest move into contact from
    the cell, the cheapest path to the ring of centres touching the enemy (one reach region for all
    cells, :func:`_charges_from`; exact where nothing but the enemy stands within a base's width of
    that ring, else a lower bound from sampled contact points, listed in ``approximate_charges``).

``threat`` counts the enemies that shoot or charge (each once), as the advisor's risk does;
``p_any_hit`` is the chance that at least one shot hits if every shooter shoots once.

Method: vectorised proofs, then the exact one-point functions for the rest
--------------------------------------------------------------------------
Sight is proved for all cells at once (numpy over the cells, shapely 2 array functions over the
terrain): the segment from the viewer's top centre (a point of its cylinder) to a point just
below the top of the target's silhouette, clear of every obstacle by :data:`MARGIN_CM`, shows
an open patch of the silhouette, so line of sight holds (R-LOS). No cover is proved the same way
with the triangle from that eye to the silhouette's foot (every foot point seen means every
column seen whole: the hidden part is a hypograph, :mod:`landsraad.geometry.sight`): the plane
of the triangle stays above every obstacle over its footprint (a linear height on a convex
piece is lowest at a corner of the clipped triangle). No line of sight is proved when terrain taller than
both models cuts every 2D segment between the viewer's base and the silhouette's foot (a sight segment
runs no higher than the higher top, so over such a piece it is inside it; pieces under either base are
left out, PRJ-31: :func:`~landsraad.table.threat_proofs.proved_hidden`), or when models on the table at least as tall as
both hold every 2D segment from the viewer's rim to the silhouette's foot inside one of them (checked by pieces of the
rim and the foot: :func:`~landsraad.table.threat_proofs.proved_hidden_by_models`). What these proofs do not settle is asked
of :func:`~landsraad.geometry.sight.line_of_sight` and :func:`~landsraad.geometry.sight.
cover_class` one cell at a time, so every cell's answer is theirs (``tests/table/test_threat.py``
checks sample cells against them); ``proved`` tells how much the proofs settled. Charges are
reach regions (:func:`landsraad.geometry.movement.reach_region`, within 0.01 cm of
:func:`~landsraad.geometry.movement.plan_move` at their edge), one per enemy, read at every cell
with shapely's array ``distance``; hit odds are computed once per weapon, range band and cover.

Examples
--------
>>> from landsraad.table.scenes import load
>>> tm = threat_map(load("table"), "sardaukar-1", resolution_cm=6)
>>> tm.grid_shape, tm.resolution_cm
((10, 10), 6.0)
>>> p = tm.at(9, 27)                     # the cell centred on (9, 27), in the open
>>> p.standable, p.seen_by
(True, ('naib-1', 'fedaykin-1', 'warrior-1'))
>>> [(who, weapon, round(hit, 2), cover) for who, weapon, hit, cover in p.shot_by]
[('naib-1', 'Maula pistol', 0.64, 'none'), ('fedaykin-1', 'Maula pistol', 0.64, 'none')]
>>> p.threat, round(p.p_any_hit, 4)      # 1 - 0.36 * 0.36
(2, 0.8704)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import shapely

from ..errors import RuleError, UsageError
from ..geometry import sight
from ..geometry.bands import report_cm
from ..geometry.board import Base, Board, TableParts, TerrainPiece
from ..geometry.measure import CONTACT_TOLERANCE_CM
from ..geometry.movement import free_spots, reach_region
from ..i18n import message, numeral
from ..model import Weapon
from ..odds import shot_odds
from ..rules.shooting import range_band, shot_cover, verify_target
from ..rules.state import Combatant, active_rules
from ..ruleset import DEFAULT, Ruleset
from ..scene import Scene
from ..specials import SPECIAL_RULES
from .threat_proofs import MARGIN_CM, Pairs, obstacles_of, proved_hidden, proved_hidden_by_models, proved_no_cover, proved_seen

__all__ = ["RESOLUTION_CM", "MARGIN_CM", "EnemyLayer", "ThreatPoint", "ThreatMap", "ThreatSolver", "threat_map"]

RESOLUTION_CM = 2.0
"""The side of a cell of the map by default: 30 x 30 cells on a 60 cm table."""


_FLAT_CM = 1e-3
"""A model of height 0 is this tall for sight, as in :mod:`landsraad.geometry.sight`."""


# --- results ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class EnemyLayer:
    """One enemy's answers on every cell (arrays of the map's grid shape, rows along y).

    Attributes
    ----------
    id
        The enemy.
    sees
        Line of sight (forward: the enemy sees the model at the cell; reverse: the model at the
        cell sees the enemy).
    cover
        The cover class where seen (``none``, ``small``, ``large``), else ``""``.
    p_hit
        The best hit chance of the shooter's ranged weapons where it may shoot, else NaN.
    weapon
        The weapon giving ``p_hit``, else ``""``.
    charges
        The charge reaches contact with one move (and so can fight this activation).
    shoots
        Where the shot may be taken; its ``p_hit`` is NaN when the target's stats are unknown
        (a model without a profile).
    """

    id: str
    sees: np.ndarray
    cover: np.ndarray
    p_hit: np.ndarray
    weapon: np.ndarray
    charges: np.ndarray
    shoots: np.ndarray

    def to_dict(self) -> dict[str, Any]:
        """JSON-able grids (rows along y); ``p_hit`` null where no shot."""
        return {"id": self.id, "sees": self.sees.astype(int).tolist(), "cover": self.cover.tolist(),
                "p_hit": [[None if math.isnan(v) else round(float(v), 4) for v in row] for row in self.p_hit],
                "weapon": self.weapon.tolist(), "charges": self.charges.astype(int).tolist(),
                "shoots": self.shoots.astype(int).tolist()}


@dataclass(frozen=True)
class ThreatPoint:
    """The map read at one cell (:meth:`ThreatMap.at`)."""

    x: float
    y: float
    row: int
    col: int
    standable: bool
    seen_by: tuple[str, ...]
    shot_by: tuple[tuple[str, str, float, str], ...]
    """(enemy, weapon, hit chance, cover) for each enemy that may shoot (the chance NaN when unknown)."""
    charged_by: tuple[str, ...]
    p_any_hit: float

    @property
    def threat(self) -> int:
        """The enemies that may shoot or charge (each once)."""
        return len({s[0] for s in self.shot_by} | set(self.charged_by))

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data."""
        return {"at": [self.x, self.y], "standable": self.standable, "seen_by": list(self.seen_by),
                "shot_by": [{"id": i, "weapon": w, "p_hit": None if math.isnan(p) else round(p, 4), "cover": c}
                            for i, w, p, c in self.shot_by],
                "charged_by": list(self.charged_by), "threat": self.threat, "p_any_hit": round(self.p_any_hit, 4)}


@dataclass(frozen=True)
class ThreatMap:
    """The threat map of one model (see the module notes).

    Attributes
    ----------
    xs, ys
        The cells' centres along x and y (cm).
    standable
        Where the model's base fits (elsewhere every count is 0).
    enemies
        One :class:`EnemyLayer` per enemy, in board order.
    proved
        The share of the cell-and-enemy questions (sight, cover, charge) the vectorised proofs
        settled; the rest went to the exact one-point functions.
    """

    scene: str
    model: str
    reverse: bool
    resolution_cm: float
    width_cm: float
    depth_cm: float
    xs: np.ndarray
    ys: np.ndarray
    standable: np.ndarray
    enemies: tuple[EnemyLayer, ...]
    skipped: tuple[str, ...] = ()
    proved: float = 1.0
    approximate_charges: tuple[str, ...] = ()
    """Enemies whose charge layer is a lower bound (reverse only, :func:`_charges_from`)."""
    detailed: bool = True
    """Cover and hit odds at every cell where its base fits; False for a map made without them
    (:meth:`ThreatSolver.map` with ``detail`` off: the counts stay exact, cover and odds are
    known only where asked, so :attr:`p_any_hit` counts the other shots as misses)."""

    @property
    def grid_shape(self) -> tuple[int, int]:
        """(rows along y, columns along x)."""
        return int(len(self.ys)), int(len(self.xs))

    def _count(self, layer: str) -> np.ndarray:
        out = np.zeros(self.grid_shape, dtype=int)
        for e in self.enemies:
            out += getattr(e, layer)
        return out

    @property
    def see(self) -> np.ndarray:
        """How many enemies see (forward) or are seen (reverse) at each cell."""
        return self._count("sees")

    @property
    def shoot(self) -> np.ndarray:
        """How many may shoot (forward) or be shot (reverse)."""
        return self._count("shoots")

    @property
    def charge(self) -> np.ndarray:
        """How many reach contact with one move (forward) or are reached (reverse)."""
        return self._count("charges")

    @property
    def threat(self) -> np.ndarray:
        """How many enemies shoot or charge, each once."""
        out = np.zeros(self.grid_shape, dtype=int)
        for e in self.enemies:
            out += e.shoots | e.charges
        return out

    @property
    def p_any_hit(self) -> np.ndarray:
        """The chance at least one shot hits, every shooter shooting once (independent dice; shots whose
        odds are unknown, at a model without a profile, count as misses)."""
        miss = np.ones(self.grid_shape)
        for e in self.enemies:
            miss *= np.where(e.shoots, 1.0 - np.nan_to_num(e.p_hit), 1.0)
        return 1.0 - miss

    def cell(self, x: float, y: float) -> tuple[int, int]:
        """The (row, col) of the cell holding the table point (x, y).

        Raises
        ------
        UsageError
            The point is off the table.
        """
        if not (0 <= x <= self.width_cm and 0 <= y <= self.depth_cm):
            raise UsageError(message("The point ({x}, {y}) is off the {width} x {depth} cm table.", x=numeral(x, "g"), y=numeral(y, "g"),
                                     width=numeral(self.width_cm, "g"), depth=numeral(self.depth_cm, "g")))
        col = min(int(x // self.resolution_cm), len(self.xs) - 1)
        row = min(int(y // self.resolution_cm), len(self.ys) - 1)
        return row, col

    def at(self, x: float, y: float) -> ThreatPoint:
        """The answers at the cell holding (x, y)."""
        r, c = self.cell(x, y)
        shot_by = tuple((e.id, str(e.weapon[r, c]), float(e.p_hit[r, c]), str(e.cover[r, c]))
                        for e in self.enemies if e.shoots[r, c])
        return ThreatPoint(float(self.xs[c]), float(self.ys[r]), r, c, bool(self.standable[r, c]),
                           tuple(e.id for e in self.enemies if e.sees[r, c]), shot_by,
                           tuple(e.id for e in self.enemies if e.charges[r, c]), float(self.p_any_hit[r, c]))

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` object: the grid, the counts, and each enemy's layers (rows along y)."""
        return {"scene": self.scene, "model": self.model, "reverse": self.reverse,
                "resolution_cm": self.resolution_cm, "table_cm": [self.width_cm, self.depth_cm],
                "xs": [round(float(v), 3) for v in self.xs], "ys": [round(float(v), 3) for v in self.ys],
                "standable": self.standable.astype(int).tolist(), "see": self.see.tolist(),
                "shoot": self.shoot.tolist(), "charge": self.charge.tolist(), "threat": self.threat.tolist(),
                "p_any_hit": np.round(self.p_any_hit, 4).tolist(), "proved": round(self.proved, 4),
                "approximate_charges": list(self.approximate_charges),
                "enemies": [e.to_dict() for e in self.enemies], "skipped": list(self.skipped)}


def _straight_charges(board: Board, mover: Base, starts: np.ndarray, target: Base, movement_cm: float) -> np.ndarray:
    """Where the straight move from ``starts`` into contact with ``target`` is clear (no base, no
    impassable or difficult terrain within the mover's radius, on the table) and within the
    Movement: it costs the edge distance, the least a path can (R-MOVE, RUL-17)."""
    gap = np.hypot(starts[:, 0] - target.x, starts[:, 1] - target.y) - mover.radius - target.radius
    ok = gap <= movement_cm - 0.01  # at the limit, the exact planner decides
    if not ok.any():
        return ok
    unit = (np.array([target.x, target.y]) - starts) / (gap + mover.radius + target.radius)[:, None]
    ends = starts + unit * np.maximum(gap, 0.0)[:, None]
    lines = shapely.linestrings(np.stack([starts, ends], axis=1))
    r = mover.radius
    blockers = [t.shape for t in board.terrain if t.movement in ("blocked", "difficult")]
    if blockers:
        ok &= shapely.distance(lines, shapely.union_all(blockers)) > r + MARGIN_CM
    for b in board.bases:
        if b.id in (mover.id, target.id):
            continue
        ok &= shapely.distance(lines, shapely.Point(b.x, b.y)) > r + b.radius + MARGIN_CM
    inside = ((ends[:, 0] >= r) & (ends[:, 0] <= board.width - r) & (ends[:, 1] >= r) & (ends[:, 1] <= board.depth - r))
    return ok & inside


def _within(region: Any, pts: np.ndarray, d: float) -> np.ndarray:
    """``distance(region, p) <= d`` for each point: GEOS's prepared distance-within test settles
    every point farther than 1e-6 cm from the limit, the plain distance the few that are not (so
    the answer is the distance's to the last bit). Points farther than ``d`` from the region's
    bounding box (never farther than the region) are out at once: a region is a few cm across
    on a table of hundreds of cells."""
    out = np.zeros(len(pts), dtype=bool)
    if region.is_empty:
        return out
    x0, y0, x1, y1 = region.bounds
    grow = d + 1e-6
    inbox = np.flatnonzero((pts[:, 0] >= x0 - grow) & (pts[:, 0] <= x1 + grow) & (pts[:, 1] >= y0 - grow) & (pts[:, 1] <= y1 + grow))
    if not len(inbox):
        return out
    points = np.asarray(shapely.points(pts[inbox]), dtype=object)
    shapely.prepare(region)
    near = np.asarray(shapely.dwithin(region, points, d + 1e-6))
    sure = np.asarray(shapely.dwithin(region, points, d - 1e-6) if d > 1e-6 else shapely.intersects(region, points))
    edge = np.flatnonzero(near & ~sure)
    found = sure.copy()
    if len(edge):
        found[edge] = np.asarray(shapely.distance(region, points[edge])) <= d
    out[inbox] = found
    return out


RING_SAMPLES = 12
"""Contact points tried round an enemy hemmed in by terrain or models (see :func:`_charges_from`)."""


def _charges_from(empty: Board, me: Base, e: Base, pts: np.ndarray, movement_cm: float) -> tuple[np.ndarray, bool, tuple[Any, ...]]:
    """Where the model, stood at each of ``pts``, reaches base contact with ``e`` in one move,
    whether the answer is exact, and the reach regions it read.

    The cheapest move into contact is the cheapest path to the ring of centres touching ``e``.
    When nothing but ``e`` lies within the model's diameter of that ring (no base, no impassable
    or difficult terrain, no table edge), a ghost of the model's base at ``e``'s centre, ``e``
    ignored, reaches any point at that path's cost plus the ring's radius (its first leg is the
    free radial one): one reach region answers every cell exactly (to the region's 0.01 cm).
    Otherwise the union of the reach regions from :data:`RING_SAMPLES` free contact points is
    a lower bound (a cell may be missed when its best contact point lies between two samples).
    """
    ring_r = e.radius + me.radius
    clear = ring_r + me.radius + MARGIN_CM
    free = (e.x >= clear and e.y >= clear and e.x <= empty.width - clear and e.y <= empty.depth - clear
            and all(math.hypot(b.x - e.x, b.y - e.y) >= clear + b.radius for b in empty.bases if b.id != e.id)
            and all(t.shape.distance(shapely.Point(e.x, e.y)) >= clear for t in empty.terrain
                    if t.movement in ("blocked", "difficult")))
    ghost_id = f"{me.id}\x00ghost"
    if free:
        board = empty.with_base(Base(ghost_id, e.x, e.y, me.diameter_mm, me.height_cm, me.side))
        region = reach_region(board, ghost_id, movement_cm + ring_r, ignore=[e.id])
        return _within(region, pts, 1e-9), True, (region,)
    ang = np.arange(RING_SAMPLES) * (2 * math.pi / RING_SAMPLES)
    ring = np.column_stack([e.x + (ring_r + 1e-6) * np.cos(ang), e.y + (ring_r + 1e-6) * np.sin(ang)])
    probe = empty
    ok = free_spots(probe.without(ghost_id).with_base(Base(ghost_id, 0.0, 0.0, me.diameter_mm)), ghost_id, ring)
    out = np.zeros(len(pts), dtype=bool)
    regions = []
    for x, y in ring[ok]:
        board = empty.with_base(Base(ghost_id, float(x), float(y), me.diameter_mm, me.height_cm, me.side))
        regions.append(reach_region(board, ghost_id, movement_cm))
        out |= _within(regions[-1], pts, 1e-9)
    return out, False, tuple(regions)


# --- the map ----------------------------------------------------------------------------------


class _Odds:
    """Hit chances per (shooter and weapon, target, range band, cover), computed once each and kept
    for the solver's life: keyed by the combatants' values (their JSON), so a profile changed in
    the editor is a new key, never a stale answer."""

    def __init__(self, ruleset: Ruleset):
        self.ruleset = ruleset
        self.memo: dict[tuple[str, str, float, str], float | None] = {}
        self.refused: dict[tuple[str, str], bool] = {}

    def p_hit(self, shooter: Combatant, shooter_key: str, target: Combatant, target_key: str, distance: float,
              cover: str) -> float | None:
        """The hit chance, None where the kernel refuses the shot."""
        assert shooter.weapon is not None and shooter.weapon.range_cm is not None
        # the kernel reads the distance through its range band (R-SHOOT), unless a special rule
        # of the shooter's adds to the shot from the distance itself
        by = (range_band(distance, shooter.weapon.range_cm) if not SPECIAL_RULES.hooked("shoot_combat_bonus", active_rules(shooter))
              else distance)
        k = (shooter_key, target_key, by, cover)
        if k not in self.memo:
            try:
                self.memo[k] = shot_odds(shooter, target, distance_cm=distance, cover=shot_cover(cover), ruleset=self.ruleset).p_hit
            except RuleError:  # the kernel refuses the shot (a laser at a shield, R-LASER)
                self.memo[k] = None
        return self.memo[k]

    def allowed(self, shooter: Combatant, shooter_key: str, target: Combatant, target_key: str) -> bool:
        """Whether the kernel allows the shot at all (R-SHOOT, R-LASER: the states and the weapon,
        neither the distance nor the cover)."""
        k = (shooter_key, target_key)
        if k not in self.refused:
            try:
                verify_target(shooter, target, ruleset=self.ruleset)
                self.refused[k] = False
            except RuleError:
                self.refused[k] = True
        return not self.refused[k]


def _combatant(scene: Scene, model_id: str, weapon: Weapon | None) -> Combatant | None:
    card = scene.model(model_id).card
    return None if card is None else Combatant.from_profile(card, weapon)


def _melee(scene: Scene, model_id: str) -> Weapon | None:
    return next((w for w in scene.model(model_id).carried if w.is_melee), None)


def _in_contact_with_foe(board: Board, model_id: str) -> bool:
    me = board.base(model_id)
    for b in board.bases:
        if b.id != model_id and b.side is not None and me.side is not None and b.side != me.side:
            if math.hypot(b.x - me.x, b.y - me.y) - b.radius - me.radius <= CONTACT_TOLERANCE_CM + 1e-9:
                return True
    return False


_REGIONS_KEPT = 16
"""Reach regions a solver keeps (:meth:`ThreatSolver._region`): a few per enemy."""

_REACH_SLACK_CM = 0.5
"""A base this much farther than a move could touch it still counts as near (the cached charges
are kept only while every moved base stays farther: generous, far above the regions' 0.01 cm)."""


@dataclass
class _Layer:
    """One enemy's answers kept between updates, over every cell of the grid (flat).

    ``sight_known`` / ``cover_known`` say which cells' answers are current; a cell goes stale when
    a base enters or leaves its sight corridor, the whole layer when the enemy itself moves."""

    base: Base
    seen: np.ndarray
    sight_known: np.ndarray
    sight_exact: np.ndarray  # the answer needed the exact function (for ``proved``)
    cover: np.ndarray
    cover_known: np.ndarray
    cover_exact: np.ndarray
    charge_key: tuple[Any, ...] | None = None
    charges: np.ndarray | None = None
    charges_exact: bool = True
    charge_bases: frozenset[Base] = frozenset()
    charge_regions: tuple[Any, ...] = ()
    charge_src: tuple[Any, ...] = ()  # forward: the bases and terrain the charges were last checked against
    hidden_known: np.ndarray | None = None  # where the terrain's hidden proof was tried (it reads no model)
    hidden: np.ndarray | None = None  # its answers there

    def copy(self) -> _Layer:
        """A copy whose arrays the solver may write without touching this layer's (the rest is never written in place)."""
        return replace(self, seen=self.seen.copy(), sight_known=self.sight_known.copy(), sight_exact=self.sight_exact.copy(),
                       cover=self.cover.copy(), cover_known=self.cover_known.copy(), cover_exact=self.cover_exact.copy(),
                       hidden_known=None if self.hidden_known is None else self.hidden_known.copy(),
                       hidden=None if self.hidden is None else self.hidden.copy())


def _fresh_layer(base: Base, n: int) -> _Layer:
    return _Layer(base, np.zeros(n, dtype=bool), np.zeros(n, dtype=bool), np.zeros(n, dtype=bool),
                  np.full(n, "", dtype=object), np.zeros(n, dtype=bool), np.zeros(n, dtype=bool),
                  hidden_known=np.zeros(n, dtype=bool), hidden=np.zeros(n, dtype=bool))


def _corridor_hits(e: Base, cells: np.ndarray, me_r: float, b: Base) -> np.ndarray:
    """The cells whose sight question between ``e`` and the model stood there a base ``b`` could
    enter: every sight segment stays within the hull of the two bases, itself within the larger
    radius of the segment joining their centres."""
    a = np.array([e.x, e.y])
    d = cells - a
    dd = np.maximum((d * d).sum(axis=1), 1e-18)
    t = np.clip(((b.x - e.x) * d[:, 0] + (b.y - e.y) * d[:, 1]) / dd, 0.0, 1.0)
    gap = np.hypot(e.x + t * d[:, 0] - b.x, e.y + t * d[:, 1] - b.y)
    return np.asarray(gap <= b.radius + max(e.radius, me_r) + 10 * MARGIN_CM + 1e-6)


class ThreatSolver:
    """The threat map of one model, kept up to date as the table changes (a model dragged in the
    viewer): what does not depend on a change is kept.

    Kept between updates: the grid; each enemy's sight and cover per cell, recomputed only where
    a base entered or left the cell's sight corridor (the hull of the two bases) or wholly when
    the enemy moved; each enemy's charge region (on the part of the table its Movement can touch,
    the last few kept), recomputed only when a base came or went within reach of it; the hit
    odds per weapon, band and cover; the layers as they stood on the scene's own table, for a drag let go where it
    started. The terrain, the table or the model's base changed:
    everything is computed again. The model's own position never matters (it is
    stood at every cell). Every answer is the one :func:`threat_map` gives on the same scene.

    Parameters
    ----------
    model_id, reverse, resolution_cm, ruleset
        As :func:`threat_map`.

    Examples
    --------
    >>> from landsraad.table.scenes import load
    >>> scene = load("table")
    >>> solver = ThreatSolver("sardaukar-1", resolution_cm=6)
    >>> before = solver.map(scene)
    >>> models = [m.model_copy(update={"at": (50.0, 50.0)}) if m.id == "naib-1" else m for m in scene.models]
    >>> moved = type(scene).model_validate({**scene.model_dump(), "models": models})
    >>> after = solver.map(moved, detail=False)   # the naib's layer again, the others where it passed
    >>> bool((after.threat == threat_map(moved, "sardaukar-1", resolution_cm=6).threat).all())
    True
    """

    def __init__(self, model_id: str, *, reverse: bool = False, resolution_cm: float = RESOLUTION_CM,
                 ruleset: Ruleset = DEFAULT):
        if not (math.isfinite(resolution_cm) and 0.5 <= resolution_cm <= 30):
            raise UsageError(message("The resolution must be between 0.5 and 30 cm; got {resolution}.", resolution=numeral(resolution_cm, "g")))
        self.model_id = model_id
        self.reverse = reverse
        self.resolution_cm = float(resolution_cm)
        self.ruleset = ruleset
        self._odds = _Odds(ruleset)
        self._table_key: tuple[Any, ...] | None = None
        self._layers: dict[str, _Layer] = {}
        self._others: frozenset[Base] = frozenset()
        self._subsets: dict[tuple[Any, ...], tuple[tuple[TerrainPiece, ...], TableParts]] = {}
        self._regions: dict[tuple[Board, str, float], Any] = {}
        self._resting: tuple[frozenset[Base], dict[str, _Layer]] | None = None
        self.exact_calls = 0
        """Calls to the exact one-point functions so far (all updates)."""

    def _reset(self, board: Board, me: Base) -> None:
        xs = np.arange(self.resolution_cm / 2, board.width, self.resolution_cm)
        ys = np.arange(self.resolution_cm / 2, board.depth, self.resolution_cm)
        gx, gy = np.meshgrid(xs, ys)
        self._xs, self._ys, self._shape = xs, ys, gx.shape
        self._cells = np.column_stack([gx.ravel(), gy.ravel()])
        self._table_key = (board.width, board.depth, board.terrain, me.diameter_mm, me.height_cm, me.side)
        self._layers = {}
        self._others = frozenset()
        self._subsets = {}
        self._resting = None

    def detail_at(self, board: Board, points: list[tuple[float, float]]) -> np.ndarray:
        """The ``detail`` grid asking for the cells holding ``points`` (those on the table)."""
        rows = len(np.arange(self.resolution_cm / 2, board.depth, self.resolution_cm))
        cols = len(np.arange(self.resolution_cm / 2, board.width, self.resolution_cm))
        out = np.zeros((rows, cols), dtype=bool)
        for x, y in points:
            if 0 <= x <= board.width and 0 <= y <= board.depth:
                out[min(int(y // self.resolution_cm), rows - 1), min(int(x // self.resolution_cm), cols - 1)] = True
        return out

    def map(self, scene: Scene, *, scene_name: str = "", detail: bool | np.ndarray = True,
            board: Board | None = None) -> ThreatMap:
        """The map on ``scene``, reusing what the changes since the last call left standing.

        Parameters
        ----------
        scene
            The scene now: its models' profiles, weapons and Movement.
        scene_name
            The scene as typed.
        detail
            True: cover and hit odds at every cell (the full map). False: sight, shots and
            charges only (every count and :attr:`ThreatMap.threat` exact; cover and odds where
            already known, else ``""`` and NaN): what the viewer draws while a model is dragged.
            A boolean grid of the map's shape: the detail at those cells only.
        board
            The table to read instead of the scene's (the same models and terrain; a model
            dragged elsewhere in the viewer).

        Returns
        -------
        ThreatMap

        Raises
        ------
        UsageError
            The model has no side.
        """
        try:
            return self._update(scene, scene_name, detail, scene.board if board is None else board)
        except BaseException:
            # an update stopped half-way (a base dragged onto a wall, Ctrl+C) leaves layers marked against
            # the new positions and others against the old: forget them all, the next map starts afresh
            self._table_key = None
            raise

    def _update(self, scene: Scene, scene_name: str, detail: bool | np.ndarray, board: Board) -> ThreatMap:
        """:meth:`map`'s work, on the solver's state (left inconsistent if it raises: :meth:`map` resets it)."""
        me = board.base(self.model_id)
        if me.side is None:
            raise UsageError(message("threat needs the model's side; {model} has no side in the scene.", model=repr(self.model_id)))
        key = (board.width, board.depth, board.terrain, me.diameter_mm, me.height_cm, me.side)
        if key != self._table_key:
            self._reset(board, me)
        model_id, reverse, blocks = self.model_id, self.reverse, self.ruleset.models_block_sight
        cells = self._cells
        standable = free_spots(board, model_id, cells)
        if isinstance(detail, np.ndarray):
            wanted = standable & detail.ravel()
        else:
            wanted = standable & bool(detail)
        empty = board.without(model_id)
        enemy_ids = [b.id for b in board.bases if b.side is not None and b.side != me.side]
        others = frozenset(b for b in board.bases if b.id != model_id)
        resting = board is scene.board or board == scene.board
        if self._resting is not None and others != self._others and others == self._resting[0]:
            # the bases back where the scene has them (a drag let go where it started): the layers as they stood then
            self._layers = {k: v.copy() for k, v in self._resting[1].items()}
            self._others = others
        changed = others ^ self._others if blocks else frozenset()
        self._others = others
        self._layers = {k: v for k, v in self._layers.items() if k in enemy_ids}
        my_card = scene.model(model_id).card
        mine = (message("{model}: no profile, so no weapons and no Movement", model=model_id) if reverse else
                message("{model}: no profile, so no hit odds at it", model=model_id))
        skipped = [message("{model}: no profile, its weapons and odds are unknown", model=e) for e in enemy_ids
                   if scene.model(e).card is None] + ([mine] if my_card is None else [])
        my_move = scene.movement(model_id)
        questions = exact = 0
        inexact: list[str] = []
        out_layers = []
        h_me = max(float(me.height_cm), _FLAT_CM)
        # R-SHOOT: no shot from base contact with a foe; reversed, the model's foes are the enemies
        my_foe_contact = np.zeros(len(cells), dtype=bool)
        for eid in enemy_ids:
            f = board.base(eid)
            my_foe_contact |= np.hypot(cells[:, 0] - f.x, cells[:, 1] - f.y) - f.radius - me.radius <= CONTACT_TOLERANCE_CM + 1e-9
        for eid in enemy_ids:
            e = board.base(eid)
            layer = self._layers.get(eid)
            if layer is None or layer.base != e:
                layer = self._layers[eid] = _fresh_layer(e, len(cells))
            else:
                for b in changed:
                    if b.id != eid:
                        stale = _corridor_hits(e, cells, me.radius, b)
                        layer.sight_known &= ~stale
                        layer.cover_known &= ~stale
            self._sight(board, layer, standable, wanted, me, h_me)
            seen = layer.seen & standable
            questions += int(standable.sum()) + int((seen & layer.cover_known).sum())
            exact += int((layer.sight_exact & standable).sum()) + int((layer.cover_exact & layer.cover_known & seen).sum())
            viewer, target = (eid, model_id) if not reverse else (model_id, eid)
            # shots: the viewer's ranged weapons at the target (R-SHOOT), the best hit chance
            n = len(cells)
            p_hit = np.full(n, np.nan)
            weapon = np.full(n, "", dtype=object)
            shooter_card = scene.model(viewer).card
            gaps = np.hypot(cells[:, 0] - e.x, cells[:, 1] - e.y) - e.radius - me.radius
            contact = gaps <= CONTACT_TOLERANCE_CM + 1e-9
            may_shoot = seen & ~(my_foe_contact if reverse else contact)
            if not reverse and _in_contact_with_foe(empty, eid):
                may_shoot[:] = False
            shoots = np.zeros(n, dtype=bool)
            target_c = _combatant(scene, target, _melee(scene, target))
            ranged = [w for w in scene.model(viewer).carried if w.is_ranged and w.range_cm is not None]
            if shooter_card is not None and target_c is not None:
                target_key = target_c.model_dump_json()
                for w in ranged:
                    shooter_c = Combatant.from_profile(shooter_card, w)
                    shooter_key = shooter_c.model_dump_json()
                    if not self._odds.allowed(shooter_c, shooter_key, target_c, target_key):
                        continue
                    shoots |= may_shoot
                    for i in np.flatnonzero(may_shoot & layer.cover_known):
                        p = self._odds.p_hit(shooter_c, shooter_key, target_c, target_key, report_cm(gaps[i]), str(layer.cover[i]))
                        if p is not None and (math.isnan(p_hit[i]) or p > p_hit[i]):
                            p_hit[i], weapon[i] = p, w.name
                unknown = shoots & ~layer.cover_known  # cover not asked (detail off): may shoot, odds not worked out
                if unknown.any():
                    allowed = [w for w in ranged if self._odds.allowed(Combatant.from_profile(shooter_card, w),
                               Combatant.from_profile(shooter_card, w).model_dump_json(), target_c, target_key)]
                    weapon[unknown] = allowed[0].name if allowed else ""
            elif shooter_card is not None and ranged:  # it may shoot; the odds need the target's card
                shoots = may_shoot.copy()
                weapon[shoots] = ranged[0].name
            # charges within one move, so the Melee action follows this activation (R-ACTIVATE)
            charges = np.zeros(n, dtype=bool)
            mover_move = my_move if reverse else scene.movement(eid)
            if mover_move and standable.any():
                questions += int(standable.sum())
                charges = self._charges(empty, layer, me, e, mover_move)
                if reverse:
                    charges = charges | contact
                    if not layer.charges_exact:
                        charges |= _straight_charges(empty, me, cells, e, mover_move)
                        inexact.append(eid)
            cover = np.where(seen & layer.cover_known, layer.cover, "")
            out_layers.append(EnemyLayer(eid, *(_grid(v, standable, fill, self._shape) for v, fill in (
                (seen, False), (cover, ""), (p_hit, np.nan), (weapon, ""), (charges, False), (shoots & standable, False)))))
        proved = 1.0 - exact / questions if questions else 1.0
        if resting:  # kept for the drag's end (the dragged model dropped back)
            self._resting = (others, {k: v.copy() for k, v in self._layers.items()})
        return ThreatMap(scene_name, model_id, reverse, self.resolution_cm, float(board.width), float(board.depth),
                         self._xs, self._ys, standable.reshape(self._shape), tuple(out_layers), tuple(skipped), proved,
                         tuple(inexact), detailed=bool(wanted[standable].all()) if standable.any() else True)

    def _sight(self, board: Board, layer: _Layer, standable: np.ndarray, wanted: np.ndarray, me: Base, h_me: float) -> None:
        """Bring the layer's sight up to date on the standable cells, and its cover on the wanted
        ones: the vectorised proofs first, the exact functions for what they leave."""
        e = layer.base
        model_id, reverse, blocks = self.model_id, self.reverse, self.ruleset.models_block_sight
        todo = np.flatnonzero(standable & ~layer.sight_known)
        cover_todo = wanted & ~layer.cover_known
        if not len(todo) and not cover_todo.any():
            return
        solids = obstacles_of(board, blocks, {model_id, e.id})
        e_z = sight.elevation(board, e)
        viewer, target = (e.id, model_id) if not reverse else (model_id, e.id)

        def pairs_at(idx: np.ndarray) -> Pairs:
            pts, n = self._cells[idx], len(idx)
            ones = np.ones(n)
            if not reverse:  # the enemy looks at the model, stood at each cell (on the table: feet at 0)
                return Pairs(np.tile([e.x, e.y], (n, 1)), ones * (e_z + e.height_cm), ones * e.radius,
                              pts, np.zeros(n), ones * h_me, ones * me.radius)
            return Pairs(pts, ones * me.height_cm, ones * me.radius, np.tile([e.x, e.y], (n, 1)),
                          ones * e_z, ones * max(float(e.height_cm), _FLAT_CM), ones * e.radius)

        def moved(i: int) -> Board:
            return board.moved(model_id, (float(self._cells[i, 0]), float(self._cells[i, 1])))

        if len(todo):
            proved = proved_seen(pairs_at(todo), solids)
            layer.seen[todo] = proved
            rest = todo[~proved]
            hidden = self._hidden(layer, rest, pairs_at, board)
            layer.sight_exact[todo] = ~proved
            layer.sight_exact[rest[hidden]] = False
            layer.sight_known[todo] = True
            layer.cover_known[todo] = False
            ask = rest[~hidden]
            if len(ask) and blocks:
                discs = np.array([(b.x, b.y, b.radius, float(b.height_cm)) for b in board.bases
                                  if b.id not in (model_id, e.id) and b.height_cm > 0 and sight.elevation(board, b) == 0],
                                 dtype=float).reshape(-1, 4)
                by_models = proved_hidden_by_models(pairs_at(ask), discs)
                layer.seen[ask[by_models]] = False
                layer.sight_exact[ask[by_models]] = False
                ask = ask[~by_models]
            for i in ask:
                self.exact_calls += 1
                layer.seen[i] = sight.line_of_sight(moved(i), viewer, target, models_block=blocks)
        cover_todo = np.flatnonzero(wanted & ~layer.cover_known)
        if not len(cover_todo):
            return
        hidden = cover_todo[~layer.seen[cover_todo]]
        layer.cover[hidden], layer.cover_known[hidden], layer.cover_exact[hidden] = "", True, False
        ask = cover_todo[layer.seen[cover_todo]]
        if not len(ask):
            return
        none = proved_no_cover(pairs_at(ask), solids)
        layer.cover[ask[none]] = "none"
        layer.cover_exact[ask] = ~none
        for i in ask[~none]:
            self.exact_calls += 1
            layer.cover[i] = sight.cover_class(moved(i), viewer, target, models_block=blocks)
        layer.cover_known[ask] = True

    @staticmethod
    def _hidden(layer: _Layer, idx: np.ndarray, pairs_at: Any, board: Board) -> np.ndarray:
        """:func:`proved_hidden` at the cells ``idx``, asked once per cell while the enemy stands still: it reads
        the terrain and the two bases alone (no other model), and each cell's answer is its own (the pieces taller
        than both are the same for every cell of a layer), so a cell whose sight a moving base made stale gets
        the same answer again."""
        assert layer.hidden_known is not None and layer.hidden is not None
        ask = idx[~layer.hidden_known[idx]]
        if len(ask):
            layer.hidden[ask] = proved_hidden(pairs_at(ask), board)
            layer.hidden_known[ask] = True
        return np.asarray(layer.hidden[idx])

    def _charges(self, empty: Board, layer: _Layer, me: Base, e: Base, movement_cm: float) -> np.ndarray:
        """The enemy's charge layer (forward: it reaches the model; reverse: the model reaches it),
        kept while what its reach regions are computed from stays the same.

        Forward: the region is computed on :meth:`_local_board` (what a move of the enemy's
        Movement can touch): the layer is kept, to the bit, while that board is equal (a base
        dragged outside the disc, before and after, changes nothing), and while each base that
        changed in it stays clear of the region (:meth:`_clear_of`). Reverse: the bases of the
        whole board, clear of the regions and of the contact ring."""
        cells = self._cells
        if not self.reverse:
            if (layer.charges is not None and layer.charge_key is not None and layer.charge_src == (empty.bases, empty.terrain)
                    and layer.charge_key[1:] == (movement_cm, me.diameter_mm)):
                return layer.charges  # nothing but the model moved (it is stood at every cell anyway)
            layer.charge_src = (empty.bases, empty.terrain)
            local = self._local_board(empty, e.id, movement_cm)
            fkey = (local, movement_cm, me.diameter_mm)
            if layer.charge_key is not None and layer.charges is not None and layer.charge_key[1:] == fkey[1:]:
                was = layer.charge_key[0]
                if was == local:
                    return layer.charges
                if was.terrain is local.terrain and self._clear_of(layer.charge_regions, set(was.bases) ^ set(local.bases), e.radius):
                    layer.charge_key = fkey
                    return layer.charges
            region = self._region(local, e.id, movement_cm)
            charges = np.zeros(len(cells), dtype=bool)
            if not region.is_empty:
                reach_cm = e.radius + me.radius + CONTACT_TOLERANCE_CM + 1e-9
                charges = _within(region, cells, reach_cm)
            layer.charge_key, layer.charges, layer.charges_exact = fkey, charges, True
            layer.charge_bases, layer.charge_regions = frozenset(), (region,)
            return charges
        key = (e, movement_cm, me.diameter_mm, me.height_cm, me.side)
        bases = frozenset(b for b in empty.bases if b.id != e.id)
        if layer.charge_key == key and layer.charges is not None:
            changed = bases ^ layer.charge_bases
            mover_r = me.radius
            clear = e.radius + 2 * me.radius + MARGIN_CM  # the contact ring's own test (_charges_from)
            regions = layer.charge_regions
            if not changed:
                return layer.charges
            if self._clear_of(regions, changed, mover_r):
                far = all(math.hypot(b.x - e.x, b.y - e.y) > clear + b.radius + _REACH_SLACK_CM for b in changed)
                if far:
                    layer.charge_bases = bases
                    return layer.charges
        charges, exact_charge, regions = _charges_from(empty, me, e, cells, movement_cm)
        layer.charge_key, layer.charges, layer.charges_exact = key, charges, exact_charge
        layer.charge_bases, layer.charge_regions = bases, regions
        return charges

    @staticmethod
    def _clear_of(regions: tuple[Any, ...], changed: set[Base] | frozenset[Base], mover_r: float) -> bool:
        """Whether every changed base (where it stood and where it stands) is farther than the
        mover's radius, its own and :data:`_REACH_SLACK_CM` from every region: then the regions are
        the same sets with or without it (were some point reached only without it, the path there
        would touch it first at a point of the region). The mover's own start lies in its region."""
        if not regions or any(r.is_empty for r in regions):
            return False
        return all(not shapely.dwithin(r, shapely.Point(b.x, b.y), b.radius + mover_r + _REACH_SLACK_CM)
                   for b in changed for r in regions)

    def _local_board(self, board: Board, mover_id: str, allowance_cm: float) -> Board:
        """``board`` cut to the bases and terrain pieces a move of ``mover_id`` costing at most
        ``allowance_cm`` can touch; the table's size and markers kept.

        Why the reach region is the same set: a path's cost is at least its length (difficult
        terrain counting double, R-MOVE, RUL-17) and its length at least the straight distance, so
        every centre on a path within the allowance lies within ``allowance_cm`` of the start, and
        the base within ``allowance_cm`` plus its radius: a base or piece farther than that (and
        :data:`MARGIN_CM`) touches no such path, so leaving it out adds no path and removes none.
        The same board, the same region (cached per board, :meth:`_region`): a fresh map and the
        solver's agree to the bit."""
        m = board.base(mover_id)
        reach = allowance_cm + m.radius + MARGIN_CM
        bases = tuple(b for b in board.bases if b.id == mover_id or math.hypot(b.x - m.x, b.y - m.y) < reach + b.radius)
        kept = tuple(i for i, t in enumerate(board.terrain) if t.closer_than(m.x, m.y, reach))
        # one tuple (and one TableParts) per subset of the terrain: the geometry's caches know it by identity
        tkey = (board.terrain, kept)
        hit = self._subsets.get(tkey)
        if hit is None:
            terrain = tuple(board.terrain[i] for i in kept)
            hit = self._subsets[tkey] = (terrain, TableParts(board.width, board.depth, terrain))
        return Board(board.width, board.depth, hit[0], bases, board.markers, hit[1])

    def _region(self, board: Board, mover_id: str, allowance_cm: float) -> Any:
        """:func:`reach_region`, kept for the last few boards asked (a model dropped back where it
        stood, an enemy whose neighbourhood did not change)."""
        k = (board, mover_id, allowance_cm)
        region = self._regions.pop(k, None)
        if region is None:
            region = reach_region(board, mover_id, allowance_cm)
        self._regions[k] = region  # the newest last
        while len(self._regions) > _REGIONS_KEPT:
            del self._regions[next(iter(self._regions))]
        return region


def threat_map(scene: Scene, model_id: str, *, reverse: bool = False, resolution_cm: float = RESOLUTION_CM,
               scene_name: str = "", ruleset: Ruleset = DEFAULT) -> ThreatMap:
    """The threat map of ``model_id`` (see the module notes).

    Parameters
    ----------
    scene
        The scene; models need profiles for hit odds and Movement (without, they see only).
    model_id
        The model stood at every cell.
    reverse
        False: who threatens the model at each cell; True: whom the model threatens from it.
    resolution_cm
        The side of a cell (at least 0.5 cm).
    scene_name
        The scene as typed.
    ruleset
        Whether models block sight, Arrakis (no shields).

    Returns
    -------
    ThreatMap

    Raises
    ------
    UsageError
        The model has no side, or the resolution is out of bounds.

    See Also
    --------
    ThreatSolver : the same map kept up to date as the table changes.
    """
    scene.board.base(model_id)
    return ThreatSolver(model_id, reverse=reverse, resolution_cm=resolution_cm, ruleset=ruleset).map(scene, scene_name=scene_name)


def _grid(values: np.ndarray, standable: np.ndarray, fill: Any, shape: tuple[int, ...]) -> np.ndarray:
    out = np.full(standable.shape, fill, dtype=values.dtype if values.dtype != object else object)
    out[standable] = values[standable]
    if out.dtype == object:
        out = out.astype(str)
    return out.reshape(shape)
