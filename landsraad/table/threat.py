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
piece is lowest at a corner of the clipped triangle). What these proofs do not settle is asked
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
from dataclasses import dataclass, fields
from typing import Any

import numpy as np
import shapely

from ..errors import RuleError, UsageError
from ..geometry import sight
from ..geometry.bands import report_cm
from ..geometry.board import Base, Board
from ..geometry.measure import CONTACT_TOLERANCE_CM
from ..geometry.movement import free_spots, reach_region
from ..model import Weapon
from ..odds import shot_odds
from ..rules.shooting import range_band, shot_cover
from ..rules.state import Combatant, active_rules
from ..ruleset import DEFAULT, Ruleset
from ..scene import Scene
from ..specials import SPECIAL_RULES

__all__ = ["RESOLUTION_CM", "MARGIN_CM", "EnemyLayer", "ThreatPoint", "ThreatMap", "threat_map"]

RESOLUTION_CM = 2.0
"""The side of a cell of the map by default: 30 x 30 cells on a 60 cm table."""

MARGIN_CM = 1e-4
"""How far clear of every obstacle a proof's segment or triangle must stay (far above rounding,
far below anything a tape measure shows); closer cases go to the exact functions."""

_SILHOUETTE_POINT = 0.999
"""The proof's target point: this share of the silhouette's height (inside it, so a clear
segment shows an open patch of the silhouette)."""

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
            raise UsageError(f"The point ({x:g}, {y:g}) is off the {self.width_cm:g} x {self.depth_cm:g} cm table.")
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


# --- vectorised proofs ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Solid:
    """An opaque obstacle for the proofs: convex corner arrays (counter-clockwise) and a top."""

    id: str
    shape: Any  # the true footprint (terrain), for PRJ-31; None for a model
    pieces: tuple[np.ndarray, ...]
    polygons: tuple[Any, ...]  # the pieces grown by MARGIN_CM (mitred: they hold the true offset)
    top: float
    circle: tuple[float, float, float] | None  # a model: centre and radius


def _solids(board: Board, models_block: bool, skip: set[str]) -> list[_Solid]:
    """What can hide: terrain with a height (PRJ-48 elevation for the models on it), other models."""
    out = []
    for t in board.sight_blockers:
        pieces = sight.convex_pieces(t.shape)
        polys = tuple(shapely.buffer(shapely.Polygon(p), MARGIN_CM, join_style="mitre") for p in pieces)
        out.append(_Solid(t.id, t.shape, pieces, polys, float(t.height_cm), None))
    if models_block:
        for b in board.bases:
            if b.id in skip or b.height_cm <= 0:
                continue
            k = 32  # the circumscribed polygon holds the disc
            rr = (b.radius + MARGIN_CM) / math.cos(math.pi / k)
            ang = np.arange(k) * (2 * math.pi / k)
            ring = np.column_stack([b.x + rr * np.cos(ang), b.y + rr * np.sin(ang)])
            top = sight.elevation(board, b) + float(b.height_cm)
            out.append(_Solid(b.id, None, (ring,), (shapely.Polygon(ring),), top, (b.x, b.y, b.radius)))
    return out


def _clip_convex(a: np.ndarray, d: np.ndarray, ring: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Cyrus-Beck: the parameters [t0, t1] of segments a + t d (t in [0, 1]) inside a convex ring
    grown by :data:`MARGIN_CM`; t0 > t1 where a segment misses it."""
    n = len(a)
    t0, t1 = np.zeros(n), np.ones(n)
    nxt = np.roll(ring, -1, axis=0)
    for p, q in zip(ring, nxt):
        ex, ey = q - p
        length = math.hypot(ex, ey)
        if length <= 0:
            continue
        nx, ny = ey / length, -ex / length  # outward for a counter-clockwise ring
        # inside: n . (a + t d - p) <= MARGIN
        num = MARGIN_CM - ((a[:, 0] - p[0]) * nx + (a[:, 1] - p[1]) * ny)
        den = d[:, 0] * nx + d[:, 1] * ny
        with np.errstate(divide="ignore", invalid="ignore"):
            t = num / den
        enter = den < 0
        leave = den > 0
        t0 = np.where(enter, np.maximum(t0, t), t0)
        t1 = np.where(leave, np.minimum(t1, t), t1)
        parallel_out = (den == 0) & (num < 0)
        t1 = np.where(parallel_out, -1.0, t1)
    return t0, t1


def _clip_circle(a: np.ndarray, d: np.ndarray, cx: float, cy: float, r: float) -> tuple[np.ndarray, np.ndarray]:
    """The parameters of segments a + t d inside a disc grown by :data:`MARGIN_CM`."""
    fx, fy = a[:, 0] - cx, a[:, 1] - cy
    qa = d[:, 0] ** 2 + d[:, 1] ** 2
    qb = 2 * (fx * d[:, 0] + fy * d[:, 1])
    qc = fx ** 2 + fy ** 2 - (r + MARGIN_CM) ** 2
    disc = qb ** 2 - 4 * qa * qc
    root = np.sqrt(np.maximum(disc, 0.0))
    with np.errstate(divide="ignore", invalid="ignore"):
        t0 = np.maximum((-qb - root) / (2 * qa), 0.0)
        t1 = np.minimum((-qb + root) / (2 * qa), 1.0)
    t1 = np.where(disc < 0, -1.0, t1)
    return t0, t1


@dataclass(frozen=True)
class _Pairs:
    """N sight questions: viewer centres and eye heights, target centres, feet and radii."""

    eye: np.ndarray  # (N, 2)
    eye_z: np.ndarray
    eye_r: np.ndarray
    tgt: np.ndarray  # (N, 2)
    feet: np.ndarray
    height: np.ndarray
    tgt_r: np.ndarray


_pair_fields = tuple(f.name for f in fields(_Pairs))


def _under_viewer(solid: _Solid, eye: np.ndarray, eye_r: np.ndarray) -> np.ndarray:
    """Terrain that overlaps the viewer's base does not block its sight (PRJ-31): where the
    proofs may leave it out (a little inside the exact test's edge, so never where it counts)."""
    if solid.shape is None:
        return np.zeros(len(eye), dtype=bool)
    return shapely.distance(solid.shape, shapely.points(eye)) < eye_r - 10 * MARGIN_CM


def _proved_seen(pairs: _Pairs, solids: list[_Solid]) -> np.ndarray:
    """Where the segment from the eye to just below the silhouette's top clears every obstacle."""
    a, d = pairs.eye, pairs.tgt - pairs.eye
    za = pairs.eye_z
    zb = pairs.feet + _SILHOUETTE_POINT * pairs.height
    clear = np.ones(len(a), dtype=bool)
    for s in solids:
        free = _under_viewer(s, pairs.eye, pairs.eye_r)
        for ring in ([] if s.circle is not None else s.pieces):
            t0, t1 = _clip_convex(a, d, ring)
            clear &= free | _clears(t0, t1, za, zb, s.top)
        if s.circle is not None:
            t0, t1 = _clip_circle(a, d, *s.circle)
            clear &= _clears(t0, t1, za, zb, s.top)
    return clear


def _clears(t0: np.ndarray, t1: np.ndarray, za: np.ndarray, zb: np.ndarray, top: float) -> np.ndarray:
    """The segment misses the piece, or stays above its top (by the margin) where over it."""
    miss = t0 > t1
    low = np.minimum(za + t0 * (zb - za), za + t1 * (zb - za))
    return miss | (low > top + MARGIN_CM)


def _proved_no_cover(pairs: _Pairs, solids: list[_Solid]) -> np.ndarray:
    """Where the triangle from the eye to the silhouette's foot stays above every obstacle."""
    n = len(pairs.eye)
    u = pairs.tgt - pairs.eye
    length = np.hypot(u[:, 0], u[:, 1])
    perp = np.column_stack([-u[:, 1], u[:, 0]]) / length[:, None]
    left = pairs.tgt + perp * pairs.tgt_r[:, None]
    right = pairs.tgt - perp * pairs.tgt_r[:, None]
    tris = np.asarray(shapely.polygons(np.stack([pairs.eye, left, right, pairs.eye], axis=1)), dtype=object)
    # the plane z = alpha x + beta y + gamma through (eye, eye_z), (left, feet), (right, feet)
    p1, p2 = left - pairs.eye, right - pairs.eye
    dz = pairs.feet - pairs.eye_z
    det = p1[:, 0] * p2[:, 1] - p1[:, 1] * p2[:, 0]
    alpha = dz * (p2[:, 1] - p1[:, 1]) / det
    beta = dz * (p1[:, 0] - p2[:, 0]) / det
    gamma = pairs.eye_z - alpha * pairs.eye[:, 0] - beta * pairs.eye[:, 1]
    clear = np.ones(n, dtype=bool)
    for s in solids:
        free = _under_viewer(s, pairs.eye, pairs.eye_r)
        for poly in s.polygons:
            todo = np.flatnonzero(clear & ~free & shapely.intersects(tris, poly))
            if not len(todo):
                continue
            cut = shapely.intersection(tris[todo], poly)
            xy, idx = shapely.get_coordinates(cut, return_index=True)
            z = alpha[todo][idx] * xy[:, 0] + beta[todo][idx] * xy[:, 1] + gamma[todo][idx]
            low = np.full(len(todo), np.inf)
            np.minimum.at(low, idx, z)
            clear[todo] &= low > s.top + MARGIN_CM
    return clear


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


RING_SAMPLES = 12
"""Contact points tried round an enemy hemmed in by terrain or models (see :func:`_charges_from`)."""


def _charges_from(empty: Board, me: Base, e: Base, pts: np.ndarray, movement_cm: float) -> tuple[np.ndarray, bool]:
    """Where the model, stood at each of ``pts``, reaches base contact with ``e`` in one move, and
    whether the answer is exact.

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
        return np.asarray(shapely.distance(region, shapely.points(pts)) <= 1e-9), True
    ang = np.arange(RING_SAMPLES) * (2 * math.pi / RING_SAMPLES)
    ring = np.column_stack([e.x + (ring_r + 1e-6) * np.cos(ang), e.y + (ring_r + 1e-6) * np.sin(ang)])
    probe = empty
    ok = free_spots(probe.without(ghost_id).with_base(Base(ghost_id, 0.0, 0.0, me.diameter_mm)), ghost_id, ring)
    out = np.zeros(len(pts), dtype=bool)
    for x, y in ring[ok]:
        board = empty.with_base(Base(ghost_id, float(x), float(y), me.diameter_mm, me.height_cm, me.side))
        out |= shapely.distance(reach_region(board, ghost_id, movement_cm), shapely.points(pts)) <= 1e-9
    return out, False


# --- the map ----------------------------------------------------------------------------------


class _Odds:
    """Hit chances per (shooter and weapon, target, range band, cover), computed once each (the
    combatants are kept alive, so their ids stay theirs)."""

    def __init__(self, ruleset: Ruleset):
        self.ruleset = ruleset
        self.memo: dict[tuple[Any, ...], float | None] = {}
        self.kept: list[Combatant] = []

    def p_hit(self, shooter: Combatant, target: Combatant, distance: float, cover: str) -> float | None:
        assert shooter.weapon is not None and shooter.weapon.range_cm is not None
        # the kernel reads the distance through its range band (R-SHOOT), unless a special rule
        # of the shooter's adds to the shot from the distance itself
        by = (range_band(distance, shooter.weapon.range_cm) if not SPECIAL_RULES.hooked("shoot_combat_bonus", active_rules(shooter))
              else distance)
        k = (id(shooter), id(target), by, cover)
        if k not in self.memo:
            try:
                self.memo[k] = shot_odds(shooter, target, distance_cm=distance, cover=shot_cover(cover), ruleset=self.ruleset).p_hit
            except RuleError:  # the kernel refuses the shot (a laser at a shield, R-LASER)
                self.memo[k] = None
            self.kept += [shooter, target]
        return self.memo[k]


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
    """
    board = scene.board
    me = board.base(model_id)
    if me.side is None:
        raise UsageError(f"threat needs the model's side; {model_id!r} has no side in the scene.")
    if not (math.isfinite(resolution_cm) and 0.5 <= resolution_cm <= 30):
        raise UsageError(f"The resolution must be between 0.5 and 30 cm; got {resolution_cm:g}.")
    blocks = ruleset.models_block_sight
    xs = np.arange(resolution_cm / 2, board.width, resolution_cm)
    ys = np.arange(resolution_cm / 2, board.depth, resolution_cm)
    gx, gy = np.meshgrid(xs, ys)
    cells = np.column_stack([gx.ravel(), gy.ravel()])
    standable = free_spots(board, model_id, cells)
    pts = cells[standable]
    n = len(pts)
    enemy_ids = [b.id for b in board.bases if b.side is not None and b.side != me.side]
    odds = _Odds(ruleset)
    my_card = scene.model(model_id).card
    mine = f"{model_id}: no profile, so no weapons and no Movement" if reverse else f"{model_id}: no profile, so no hit odds at it"
    skipped = [f"{e}: no profile, its weapons and odds are unknown" for e in enemy_ids
               if scene.model(e).card is None] + ([mine] if my_card is None else [])
    empty = board.without(model_id)
    my_move = scene.movement(model_id)
    questions = exact_calls = 0
    inexact: list[str] = []
    layers = []
    h_me = max(float(me.height_cm), _FLAT_CM)
    # R-SHOOT: no shot from base contact with a foe; reversed, the model's foes are the enemies
    my_foe_contact = np.zeros(n, dtype=bool)
    for eid in enemy_ids:
        f = board.base(eid)
        my_foe_contact |= np.hypot(pts[:, 0] - f.x, pts[:, 1] - f.y) - f.radius - me.radius <= CONTACT_TOLERANCE_CM + 1e-9
    for eid in enemy_ids:
        e = board.base(eid)
        e_z = sight.elevation(board, e)
        solids = _solids(board, blocks, {model_id, eid})
        ones = np.ones(n)
        if not reverse:  # the enemy looks at the model, stood at each cell (on the table: feet at 0)
            pairs = _Pairs(np.tile([e.x, e.y], (n, 1)), ones * (e_z + e.height_cm), ones * e.radius,
                           pts, np.zeros(n), ones * h_me, ones * me.radius)
        else:  # the model, stood at each cell, looks at the enemy
            pairs = _Pairs(pts, ones * me.height_cm, ones * me.radius, np.tile([e.x, e.y], (n, 1)),
                           ones * e_z, ones * max(float(e.height_cm), _FLAT_CM), ones * e.radius)
        viewer, target = (eid, model_id) if not reverse else (model_id, eid)
        seen = _proved_seen(pairs, solids) if n else np.zeros(0, dtype=bool)
        none = np.zeros(n, dtype=bool)
        if seen.any():
            none[seen] = _proved_no_cover(_Pairs(*(getattr(pairs, f)[seen] for f in _pair_fields)), solids)
        cover = np.full(n, "", dtype=object)
        cover[none] = "none"
        for i in np.flatnonzero(~none):
            moved = board.moved(model_id, (float(pts[i, 0]), float(pts[i, 1])))
            if not seen[i]:
                exact_calls += 1
                seen[i] = sight.line_of_sight(moved, viewer, target, models_block=blocks)
                if not seen[i]:
                    continue
            exact_calls += 1
            cover[i] = sight.cover_class(moved, viewer, target, models_block=blocks)
        questions += n + int(seen.sum())
        # shots: the viewer's ranged weapons at the target (R-SHOOT), the best hit chance
        p_hit = np.full(n, np.nan)
        weapon = np.full(n, "", dtype=object)
        shooter_card = scene.model(viewer).card
        gaps = np.hypot(pts[:, 0] - e.x, pts[:, 1] - e.y) - e.radius - me.radius
        contact = gaps <= CONTACT_TOLERANCE_CM + 1e-9
        may_shoot = seen & ~(my_foe_contact if reverse else contact)
        if not reverse and _in_contact_with_foe(empty, eid):
            may_shoot[:] = False
        target_c = _combatant(scene, target, _melee(scene, target))
        if shooter_card is not None and target_c is not None:
            for w in scene.model(viewer).carried:
                if not w.is_ranged or w.range_cm is None:
                    continue
                shooter_c = Combatant.from_profile(shooter_card, w)
                for i in np.flatnonzero(may_shoot):
                    p = odds.p_hit(shooter_c, target_c, report_cm(gaps[i]), str(cover[i]))
                    if p is not None and (math.isnan(p_hit[i]) or p > p_hit[i]):
                        p_hit[i], weapon[i] = p, w.name
        shoots = ~np.isnan(p_hit)
        ranged = [w for w in scene.model(viewer).carried if w.is_ranged and w.range_cm is not None]
        if shooter_card is not None and target_c is None and ranged:  # it may shoot; the odds need the target's card
            shoots = may_shoot.copy()
            weapon[shoots] = ranged[0].name
        # charges within one move, so the Melee action follows this activation (R-ACTIVATE)
        charges = np.zeros(n, dtype=bool)
        mover_move = my_move if reverse else scene.movement(eid)
        if mover_move and n:
            questions += n
            if not reverse:
                region = reach_region(empty, eid, mover_move)
                if not region.is_empty:
                    reach = e.radius + me.radius + CONTACT_TOLERANCE_CM + 1e-9
                    charges = shapely.distance(region, shapely.points(pts)) <= reach
            else:
                charges, exact_charge = _charges_from(empty, me, e, pts, mover_move)
                charges |= contact
                if not exact_charge:
                    charges |= _straight_charges(board, me, pts, e, mover_move)
                    inexact.append(eid)
        layers.append(EnemyLayer(eid, *(_grid(v, standable, fill, gx.shape) for v, fill in (
            (seen, False), (cover, ""), (p_hit, np.nan), (weapon, ""), (charges, False), (shoots, False)))))
    proved = 1.0 - exact_calls / questions if questions else 1.0
    return ThreatMap(scene_name, model_id, reverse, float(resolution_cm), float(board.width), float(board.depth),
                     xs, ys, standable.reshape(gx.shape), tuple(layers), tuple(skipped), proved, tuple(inexact))


def _grid(values: np.ndarray, standable: np.ndarray, fill: Any, shape: tuple[int, ...]) -> np.ndarray:
    out = np.full(standable.shape, fill, dtype=values.dtype if values.dtype != object else object)
    out[standable] = values
    if out.dtype == object:
        out = out.astype(str)
    return out.reshape(shape)

