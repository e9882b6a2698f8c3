"""Line of sight and cover: how much of a target's silhouette a shooter cannot see.

R-LOS, R-COVER and RUL-11. The target's **silhouette** is the vertical rectangle through the
centre of its base, facing the shooter: as wide as the base, as tall as the model. A point
of the silhouette is **visible** when some straight segment from some point of the
shooter's cylinder (its base disc times its height) reaches it without entering an
obstacle. Obstacles are opaque volumes: terrain pieces are prisms of their footprint and
height (height 0 never blocks), other models are cylinders of their base and height
(option ``models_block``, ``Ruleset.models_block_sight``). The shooter and the target never
hide themselves. A terrain piece that overlaps the shooter's base does not block the
shooter's sight: a model sees out of the wood it stands in (PRJ-31).

The **hidden fraction** is the hidden area over the silhouette's area, and the cover class
follows RUL-11: 0 is ``none``; more than 0 and under one half ``small`` (+2); one half or
more ``large`` (+4); all of it ``no_line_of_sight``.

Method (exact where the geometry allows, bounded elsewhere)
-----------------------------------------------------------
Two facts make the problem small. (1) Raising the shooter's eye never hurts (every point of
the segment rises), so only the top disc of the shooter matters. (2) Along any ray from a
silhouette point P below the shooter's top, the obstacles' shadows on the top disc start at
some distance and go on for ever; so if any point of the disc sees P, the point where the
ray *enters* the disc does: only the rim of the top disc matters, and only its arc facing
the target (for a target taller than the shooter, the whole rim).

From one eye point ``v`` the part of the silhouette plane hidden by a convex obstacle is the
central projection of the obstacle (clipped to the slab between ``v`` and the plane): the
convex hull of its projected corners - a polygon, computed exactly. So, with ``K`` points
``q_k`` sampled on the arc:

* the **upper bound** of the hidden region is the part of the silhouette hidden from every
  ``q_k`` (a subset of the eye points can only see less): ``H+ = ∩_k ∪_i proj(q_k, O_i)``,
  with round bases over-approximated by circumscribed polygons;
* the **lower bound** covers each arc piece by the triangle of its chord and its two
  tangents: a point hidden by one convex obstacle from the triangle's three corners is hidden
  from the whole triangle (the eye points blocked by a convex obstacle form a convex set), so
  ``H- = ∩_j ∪_i ∩_{v in T_j} proj(v, O_i)``, with round bases under-approximated by inscribed
  polygons and non-convex terrain split into convex pieces.

Both are exact polygon areas. ``hidden_fraction`` is the upper bound (the area hidden from
every sampled eye point), ``error_bound`` is ``upper - lower``: the true value always lies in
``[hidden_fraction - error_bound, hidden_fraction]``. ``K`` doubles from 8 up to
:data:`MAX_RIM_SAMPLES` until the bound is under :data:`TARGET_ERROR`. With nothing in the way
the answer is exactly 0 with bound 0. A result whose interval reaches across a class threshold
is flagged ``borderline`` (RUL-11: never silently rounded). ``tests/geometry/test_sight.py``
checks the bound against hand computations and a dense ray-cast reference
(``bench/sight_reference.py``).

Examples
--------
>>> from landsraad.geometry.board import Base, Board, TerrainPiece
>>> s, t = Base("s", 10, 30, 30, 4.0), Base("t", 30, 30, 30, 4.0)
>>> cover(Board(bases=(s, t)), "s", "t").cover
'none'
>>> wall = TerrainPiece("wall", ((19, 20), (20, 20), (20, 40), (19, 40)), height_cm=10)
>>> r = cover(Board(bases=(s, t), terrain=(wall,)), "s", "t")
>>> r.cover, r.line_of_sight, r.hidden_fraction
('no_line_of_sight', False, 1.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Literal

import numpy as np
import shapely
from shapely.geometry import Polygon

from ..errors import GeometryError
from .board import Base, Board, Point, TerrainPiece
from .measure import TIE_TOLERANCE_CM, edge_distance

__all__ = [
    "CoverClass",
    "CoverResult",
    "TARGET_ERROR",
    "MAX_RIM_SAMPLES",
    "ROUND_OBSTACLE_SIDES",
    "line_of_sight",
    "cover",
    "cover_bonus",
    "visible_models",
    "nearest_in_sight",
    "convex_pieces",
]

CoverClass = Literal["none", "small", "large", "no_line_of_sight"]

TARGET_ERROR = 0.005
"""Refinement stops once ``error_bound`` (upper minus lower bound of the hidden fraction) is below this."""

MAX_RIM_SAMPLES = 64
"""Most eye points sampled on the shooter's rim; past this the bound is reported as it is."""

ROUND_OBSTACLE_SIDES = 32
"""Sides of the polygons standing in for round bases as obstacles (inscribed for the lower
bound, circumscribed for the upper bound, so the bounds stay bounds)."""

_START_SAMPLES = 8
_ZERO = 1e-9  # hidden fractions closer than this to 0 or 1 are 0 or 1 (floating-point dust)
_CLIP = 1e-5  # cm: obstacles are clipped this far in front of an eye point (keeps projections finite)
_FLAT_SILHOUETTE_CM = 1e-3  # a model of height 0 is treated as this tall, so its silhouette has an area
_COLUMNS = 24  # columns for hidden_intervals
_EMPTY = shapely.from_wkt("POLYGON EMPTY")

_BONUS = {"none": 0, "small": 2, "large": 4}


@dataclass(frozen=True)
class CoverResult:
    """What a shooter sees of a target (R-LOS, R-COVER, RUL-11).

    Attributes
    ----------
    shooter, target
        Model ids.
    hidden_fraction
        Share of the target's silhouette hidden from the shooter, in [0, 1] (the upper bound:
        the part hidden from every sampled eye point, see the module notes).
    error_bound
        The true hidden fraction lies in ``[hidden_fraction - error_bound, hidden_fraction]``.
    cover
        ``none`` (hidden 0), ``small`` (more than 0 and under 1/2), ``large`` (1/2 or more,
        not all) or ``no_line_of_sight`` (all hidden), from ``hidden_fraction``.
    borderline
        True when that interval reaches across a class threshold (0, 1/2 or 1).
    line_of_sight
        Whether some part of the silhouette is visible (``cover != "no_line_of_sight"``).
    sight_line
        A clear sight line, table coordinates (from a point of the shooter's base to a visible
        point of the silhouette's footprint), for drawing; None without line of sight.
    hidden_intervals
        The silhouette's width cut into pieces ``(start_cm, end_cm, hidden_share)``: distances
        along the footprint from ``silhouette[0]`` and the hidden share of that strip's height
        (equal neighbours merged). Draw the footprint from ``silhouette[0]`` to
        ``silhouette[1]`` and shade each piece by its share.
    silhouette
        The silhouette's footprint: its left and right ends as the shooter sees them (table cm).
    silhouette_height_cm
        The silhouette's height (the target model's height).
    hidden_regions
        The hidden part of the silhouette as polygons in silhouette coordinates ``(s, z)``:
        ``s`` cm along the footprint from ``silhouette[0]``, ``z`` cm above the table - for a
        side view.
    obstacles
        Ids of the terrain pieces and models standing between the two that can hide part of
        the target.
    models_block
        Whether other models counted as obstacles.
    """

    shooter: str
    target: str
    hidden_fraction: float
    error_bound: float
    cover: CoverClass
    borderline: bool
    line_of_sight: bool
    sight_line: tuple[Point, Point] | None
    hidden_intervals: tuple[tuple[float, float, float], ...]
    silhouette: tuple[Point, Point]
    silhouette_height_cm: float
    hidden_regions: tuple[tuple[Point, ...], ...] = ()
    obstacles: tuple[str, ...] = ()
    models_block: bool = True

    @property
    def hidden_lower(self) -> float:
        """Lower bound of the hidden fraction."""
        return max(0.0, self.hidden_fraction - self.error_bound)

    @property
    def bonus(self) -> int | None:
        """The defence bonus for this cover (R-COVER), None without line of sight."""
        return _BONUS.get(self.cover)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data (lists for tuples, numbers rounded to 1e-4)."""

        def pt(p: Point) -> list[float]:
            return [round(p[0], 4), round(p[1], 4)]

        return {
            "shooter": self.shooter,
            "target": self.target,
            "hidden_fraction": round(self.hidden_fraction, 4),
            "error_bound": round(self.error_bound, 4),
            "cover": self.cover,
            "bonus": self.bonus,
            "borderline": self.borderline,
            "line_of_sight": self.line_of_sight,
            "sight_line": None if self.sight_line is None else [pt(p) for p in self.sight_line],
            "hidden_intervals": [[round(a, 4), round(b, 4), round(s, 4)] for a, b, s in self.hidden_intervals],
            "silhouette": [pt(p) for p in self.silhouette],
            "silhouette_height_cm": self.silhouette_height_cm,
            "hidden_regions": [[pt(p) for p in ring] for ring in self.hidden_regions],
            "obstacles": list(self.obstacles),
            "models_block": self.models_block,
        }


def cover_bonus(cover_class: CoverClass) -> int:
    """The target's defence bonus for a cover class (R-COVER): 0, +2 (small), +4 (large).

    Examples
    --------
    >>> [cover_bonus(c) for c in ("none", "small", "large")]
    [0, 2, 4]
    >>> cover_bonus("no_line_of_sight")
    Traceback (most recent call last):
    ...
    landsraad.errors.GeometryError: A target with no line of sight cannot be shot, so it has no cover bonus.
    """
    if cover_class == "no_line_of_sight":
        raise GeometryError("A target with no line of sight cannot be shot, so it has no cover bonus.")
    try:
        return _BONUS[cover_class]
    except KeyError:
        raise GeometryError(
            f"Unknown cover class {cover_class!r}; the classes are none, small, large and no_line_of_sight."
        ) from None


def classify(hidden: float) -> CoverClass:
    """The RUL-11 class of a hidden fraction; exactly one half is large.

    Examples
    --------
    >>> [classify(h) for h in (0.0, 1e-12, 0.01, 0.4999, 0.5, 0.99, 1.0)]
    ['none', 'none', 'small', 'small', 'large', 'large', 'no_line_of_sight']
    """
    if hidden <= _ZERO:
        return "none"
    if hidden < 0.5:
        return "small"
    if hidden < 1.0 - _ZERO:
        return "large"
    return "no_line_of_sight"


# --- obstacles --------------------------------------------------------------------------------


def convex_pieces(polygon: Polygon) -> tuple[np.ndarray, ...]:
    """Split a simple polygon into convex pieces (counter-clockwise corner arrays, no repeat).

    A convex polygon stays whole; others are triangulated (constrained Delaunay) and the
    triangles merged greedily while the union stays convex (Hertel-Mehlhorn style), so a wall
    is one piece and an L is two.

    Examples
    --------
    >>> [len(p) for p in convex_pieces(Polygon([(0, 0), (4, 0), (4, 1), (0, 1)]))]
    [4]
    >>> ell = Polygon([(0, 0), (4, 0), (4, 1), (1, 1), (1, 4), (0, 4)])
    >>> len(convex_pieces(ell)), round(sum(Polygon(p).area for p in convex_pieces(ell)), 9)
    (2, 7.0)
    """
    polygon = shapely.normalize(polygon)
    if abs(polygon.convex_hull.area - polygon.area) <= 1e-9 * max(1.0, polygon.area):
        return (_ccw_corners(polygon),)
    tris = list(shapely.get_parts(shapely.constrained_delaunay_triangles(polygon)))
    pieces: list[Polygon] = [t for t in tris if t.area > 1e-12]
    merged = True
    while merged and len(pieces) > 1:
        merged = False
        for i in range(len(pieces)):
            for j in range(i + 1, len(pieces)):
                a, b = pieces[i], pieces[j]
                if a.intersection(b).length <= 1e-9:  # must share an edge
                    continue
                u = shapely.union(a, b)
                if isinstance(u, Polygon) and abs(u.convex_hull.area - u.area) <= 1e-9 * max(1.0, u.area):
                    pieces[i] = shapely.simplify(u, 0.0)
                    del pieces[j]
                    merged = True
                    break
            if merged:
                break
    return tuple(_ccw_corners(p) for p in pieces)


def _ccw_corners(p: Polygon) -> np.ndarray:
    ring = shapely.orient_polygons(p).exterior
    return np.asarray(ring.coords, dtype=float)[:-1]


@lru_cache(maxsize=512)
def _terrain_pieces(piece: TerrainPiece) -> tuple[np.ndarray, ...]:
    return convex_pieces(piece.shape)


def _round_corners(x: float, y: float, radius: float, outer: bool) -> np.ndarray:
    k = ROUND_OBSTACLE_SIDES
    rr = radius / math.cos(math.pi / k) if outer else radius
    a = np.arange(k) * (2 * math.pi / k)
    return np.column_stack([x + rr * np.cos(a), y + rr * np.sin(a)])


@dataclass(frozen=True)
class _Obstacle:
    id: str
    kind: Literal["terrain", "model"]
    height: float
    footprint: Any  # shapely polygon, generous (for culling)
    outer: tuple[np.ndarray, ...]  # convex pieces containing the true shape
    inner: tuple[np.ndarray, ...]  # convex pieces inside the true shape


@dataclass
class _SightIndex:
    obstacles: list[_Obstacle]
    tree: Any
    by_id: dict[str, int] = field(default_factory=dict)


_INDEX_CACHE: dict[int, tuple[Board, _SightIndex]] = {}


def _index(board: Board) -> _SightIndex:
    hit = _INDEX_CACHE.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    obstacles: list[_Obstacle] = []
    for t in board.terrain:
        if t.height_cm > 0:
            pieces = _terrain_pieces(t)
            obstacles.append(_Obstacle(t.id, "terrain", float(t.height_cm), t.shape, pieces, pieces))
    for b in board.bases:
        if b.height_cm > 0:
            outer = _round_corners(b.x, b.y, b.radius, True)
            inner = _round_corners(b.x, b.y, b.radius, False)
            obstacles.append(_Obstacle(b.id, "model", float(b.height_cm), shapely.Polygon(outer), (outer,), (inner,)))
    tree = shapely.STRtree([o.footprint for o in obstacles])
    index = _SightIndex(obstacles, tree, {o.id + "/" + o.kind: i for i, o in enumerate(obstacles)})
    if len(_INDEX_CACHE) > 16:
        _INDEX_CACHE.clear()
    _INDEX_CACHE[id(board)] = (board, index)
    return index


def _overlaps_base(piece: TerrainPiece, base: Base) -> bool:
    """Whether the piece's footprint overlaps the base's disc with some area (touching does not)."""
    c = shapely.Point(base.x, base.y)
    return piece.shape.contains(c) or piece.shape.distance(c) < base.radius - 1e-9


# --- projections ------------------------------------------------------------------------------


def _pad(pieces: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    m = max(len(p) for p in pieces)
    out = np.empty((len(pieces), m, 2))
    for i, p in enumerate(pieces):
        out[i, : len(p)] = p
        out[i, len(p):] = p[-1]  # repeated corners make zero-length edges, which clip to nothing
    return out[..., 0], out[..., 1]


def _hulls(pu: np.ndarray, pw: np.ndarray, ph: np.ndarray, vu: np.ndarray, va: np.ndarray, eye_z: float) -> np.ndarray:
    """Shadows of convex prisms on the silhouette plane, seen from eye points.

    ``pu, pw``: (n, M) corners in (u, w) coordinates (w = distance in front of the plane);
    ``ph``: (n,) heights; ``vu, va``: (V,) eye points, at height ``eye_z``. Returns a (V, n)
    object array of polygons (or EMPTY) in (u, z) coordinates: the central projection of the
    part of each prism between the eye and the plane.
    """
    n, m = pu.shape
    nv = len(vu)
    pu1, pw1 = np.roll(pu, -1, axis=1), np.roll(pw, -1, axis=1)
    lim = (va - _CLIP)[:, None, None]  # (V,1,1)
    W, W1 = pw[None], pw1[None]
    U, U1 = pu[None], pu1[None]
    with np.errstate(divide="ignore", invalid="ignore"):
        # corners inside the slab 0 <= w <= lim
        ins = (W >= 0) & (W <= lim)
        cu_a, cw_a, ok_a = np.broadcast_to(U, (nv, n, m)), np.broadcast_to(W, (nv, n, m)), ins
        # edges crossing w = 0
        c0 = (W < 0) != (W1 < 0)
        t0 = W / (W - W1)
        cu_b = np.broadcast_to(U + t0 * (U1 - U), (nv, n, m))
        cw_b = np.zeros((nv, n, m))
        ok_b = np.broadcast_to(c0, (nv, n, m))
        # edges crossing w = lim
        cl = (W > lim) != (W1 > lim)
        tl = (W - lim) / (W - W1)
        cu_c = U + tl * (U1 - U)
        cw_c = np.broadcast_to(lim, (nv, n, m))
        ok_c = cl
    cu = np.concatenate([cu_a, cu_b, cu_c], axis=2)  # (V, n, 3M)
    cw = np.concatenate([cw_a, cw_b, cw_c], axis=2)
    ok = np.concatenate([ok_a, ok_b, ok_c], axis=2)
    group = np.broadcast_to(np.arange(nv * n).reshape(nv, n, 1), ok.shape)
    sel = ok.ravel()
    cu, cw, group = cu.ravel()[sel], cw.ravel()[sel], group.ravel()[sel]
    a = np.repeat(va, n * 3 * m)[sel]
    ue = np.repeat(vu, n * 3 * m)[sel]
    hz = np.broadcast_to(ph.reshape(1, n, 1), ok.shape).ravel()[sel]
    s = a / (a - cw)
    pu_proj = ue + s * (cu - ue)
    z_low = eye_z + s * (0.0 - eye_z)
    z_high = eye_z + s * (hz - eye_z)
    coords = np.concatenate([np.column_stack([pu_proj, z_low]), np.column_stack([pu_proj, z_high])])
    groups = np.concatenate([group, group])
    out = np.full(nv * n, None, dtype=object)
    if len(groups):
        order = np.argsort(groups, kind="stable")
        shapely.multipoints(shapely.points(coords[order]), indices=groups[order], out=out)
    hulls = shapely.convex_hull(out)
    hulls = np.where(shapely.is_missing(hulls), _EMPTY, hulls)
    return hulls.reshape(nv, n)


def _union_rows(geoms: np.ndarray, rect: Any) -> np.ndarray:
    """Union along axis 1, clipped to ``rect``: (V, n) -> (V,)."""
    clipped = shapely.intersection(geoms, rect)
    acc = clipped[:, 0]
    for i in range(1, clipped.shape[1]):
        acc = shapely.union(acc, clipped[:, i])
    return acc


# --- the analysis -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Frame:
    """Silhouette-plane coordinates: ``u`` to the shooter's right, ``w`` toward the shooter."""

    cx: float
    cy: float
    ex: float  # unit vector shooter -> target
    ey: float
    dist: float  # centre to centre

    def uw(self, xy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        dx, dy = xy[..., 0] - self.cx, xy[..., 1] - self.cy
        return dx * self.ey - dy * self.ex, -(dx * self.ex + dy * self.ey)

    def table(self, u: float, w: float = 0.0) -> Point:
        return (self.cx + u * self.ey - w * self.ex, self.cy - u * self.ex - w * self.ey)


def _relevant(board: Board, shooter: Base, target: Base, models_block: bool, frame: _Frame) -> list[_Obstacle]:
    index = _index(board)
    rt = target.radius
    left, right = frame.table(-rt), frame.table(rt)
    shooter_poly = shapely.Polygon(_round_corners(shooter.x, shooter.y, shooter.radius, True))
    hull = shapely.convex_hull(shapely.union(shooter_poly, shapely.LineString([left, right])))
    found = []
    for i in sorted(index.tree.query(hull, predicate="intersects")):
        o = index.obstacles[i]
        if o.kind == "model":
            if not models_block or o.id in (shooter.id, target.id):
                continue
        elif _overlaps_base(board.terrain_piece(o.id), shooter):
            continue  # PRJ-31: a model sees out of the terrain piece it stands in
        found.append(o)
    return found


@dataclass(frozen=True)
class _Bounds:
    upper: Any  # hidden region (u, z), hidden from every sampled eye point
    lower_area: float
    upper_area: float
    best_eye: tuple[float, float] | None  # (u, w) of the eye seeing most
    best_visible: Any  # region visible from best_eye


def _bounds(obstacles: list[_Obstacle], frame: _Frame, shooter: Base, rect: Any, arc: float, k: int, upper_only: bool) -> _Bounds:
    rs, d = shooter.radius, frame.dist
    psi = np.linspace(-arc, arc, k + 1)
    if arc >= math.pi - 1e-12:
        psi = psi[:-1]  # the full circle: the last point is the first
    qu, qa = rs * np.sin(psi), d - rs * np.cos(psi)
    eye = shooter.height_cm

    outer = [p for o in obstacles for p in o.outer]
    oh = np.array([o.height for o in obstacles for _ in o.outer])
    ou, ow = _pad([np.column_stack(frame.uw(p)) for p in outer])
    hq = _hulls(ou, ow, oh, qu, qa, eye)
    per_eye = _union_rows(hq, rect)
    upper = shapely.intersection_all(per_eye)
    upper_area = float(shapely.area(upper))
    vis_areas = float(shapely.area(rect)) - shapely.area(per_eye)
    best = int(np.argmax(vis_areas))
    best_visible = shapely.difference(rect, per_eye[best]) if vis_areas[best] > _ZERO * rect.area else None
    best_eye = (float(qu[best]), float(qa[best]))
    if upper_only:
        return _Bounds(upper, 0.0, upper_area, best_eye, best_visible)

    inner = [p for o in obstacles for p in o.inner]
    ih = np.array([o.height for o in obstacles for _ in o.inner])
    iu, iw = _pad([np.column_stack(frame.uw(p)) for p in inner])
    # triangles: chord q_j q_j+1 and the tangents' crossing t_j
    n_tri = k if arc < math.pi - 1e-12 else len(psi)
    j = np.arange(n_tri)
    j1 = (j + 1) % len(psi) if arc >= math.pi - 1e-12 else j + 1
    step = 2 * arc / k
    mid = -arc + step * (j + 0.5)
    rt_ = rs / math.cos(step / 2)
    tu, ta = rt_ * np.sin(mid), d - rt_ * np.cos(mid)
    hi_q = _hulls(iu, iw, ih, qu, qa, eye)
    hi_t = _hulls(iu, iw, ih, tu, ta, eye)
    umbra = shapely.intersection(shapely.intersection(hi_q[j], hi_t), hi_q[j1])
    per_tri = _union_rows(umbra, rect)
    lower = shapely.intersection_all(per_tri)
    lower_area = min(float(shapely.area(lower)), upper_area)
    return _Bounds(upper, lower_area, upper_area, best_eye, best_visible)


def _analyse(board: Board, shooter_id: str, target_id: str, models_block: bool, upper_only: bool = False) -> CoverResult:
    if shooter_id == target_id:
        raise GeometryError(f"A model cannot be its own target; got {shooter_id!r} twice.")
    shooter, target = board.base(shooter_id), board.base(target_id)
    dx, dy = target.x - shooter.x, target.y - shooter.y
    dist = math.hypot(dx, dy)
    if dist <= shooter.radius + 1e-9:
        raise GeometryError(
            f"The bases of {shooter_id!r} and {target_id!r} overlap (centres {dist:.2f} cm apart); "
            "sight between them is undefined."
        )
    frame = _Frame(target.x, target.y, dx / dist, dy / dist, dist)
    rt = target.radius
    height = max(target.height_cm, _FLAT_SILHOUETTE_CM)
    rect = shapely.box(-rt, 0.0, rt, height)
    silhouette = (frame.table(-rt), frame.table(rt))
    obstacles = _relevant(board, shooter, target, models_block, frame)
    near_eye = frame.table(0.0, dist - shooter.radius)
    if not obstacles:
        return CoverResult(
            shooter_id, target_id, 0.0, 0.0, "none", False, True, (near_eye, frame.table(0.0)),
            ((0.0, 2 * rt, 0.0),), silhouette, target.height_cm, (), (), models_block,
        )
    if target.height_cm <= shooter.height_cm:
        # the union of the arcs facing the silhouette's two ends (see the module notes)
        dp = math.hypot(rt, dist)
        arc = min(math.pi, math.atan2(rt, dist) + math.acos(min(1.0, shooter.radius / dp)))
    else:
        arc = math.pi
    k = _START_SAMPLES
    while True:
        b = _bounds(obstacles, frame, shooter, rect, arc, k, upper_only)
        full = rect.area
        hidden = min(1.0, b.upper_area / full)
        err = 0.0 if upper_only else max(0.0, (b.upper_area - b.lower_area) / full)
        if upper_only or err <= TARGET_ERROR or k >= MAX_RIM_SAMPLES:
            break
        k *= 2
    if hidden <= _ZERO:
        hidden = 0.0
    if hidden >= 1.0 - _ZERO:
        hidden = 1.0
    err = min(err, hidden)
    cls = classify(hidden)
    borderline = (not upper_only) and classify(max(0.0, hidden - err - _ZERO)) != classify(min(1.0, hidden + _ZERO))
    sight_line = None
    if cls != "no_line_of_sight" and b.best_visible is not None and not b.best_visible.is_empty:
        p = shapely.get_coordinates(b.best_visible.representative_point())[0]
        eu, ea = b.best_eye
        sight_line = (frame.table(eu, ea), frame.table(float(p[0])))
    regions = _regions(b.upper, rt)
    intervals = _intervals(b.upper, rt, height)
    return CoverResult(
        shooter_id, target_id, hidden, err, cls, borderline, cls != "no_line_of_sight", sight_line,
        intervals, silhouette, target.height_cm, regions, tuple(o.id for o in obstacles), models_block,
    )


def _regions(upper: Any, rt: float) -> tuple[tuple[Point, ...], ...]:
    out = []
    for part in shapely.get_parts(upper):
        if isinstance(part, Polygon) and part.area > 1e-12:
            out.append(tuple((round(float(u) + rt, 6), round(float(z), 6)) for u, z in part.exterior.coords[:-1]))
    return tuple(out)


def _intervals(upper: Any, rt: float, height: float) -> tuple[tuple[float, float, float], ...]:
    edges = np.linspace(-rt, rt, _COLUMNS + 1)
    boxes = shapely.box(edges[:-1], 0.0, edges[1:], height)
    shares = shapely.area(shapely.intersection(boxes, upper)) / ((edges[1] - edges[0]) * height)
    shares = np.clip(np.round(shares, 3), 0.0, 1.0)
    out: list[list[float]] = []
    for a, b, s in zip(edges[:-1], edges[1:], shares):
        if out and out[-1][2] == s:
            out[-1][1] = float(b) + rt
        else:
            out.append([float(a) + rt, float(b) + rt, float(s)])
    return tuple((round(a, 6), round(b, 6), s) for a, b, s in out)


# --- public API -------------------------------------------------------------------------------


def cover(board: Board, shooter_id: str, target_id: str, *, models_block: bool = True) -> CoverResult:
    """How much of ``target_id``'s silhouette ``shooter_id`` cannot see, and the cover class.

    R-LOS, R-COVER, RUL-11; method and error bound in the module notes. Touching an obstacle's
    edge does not hide (a sight line may graze a corner); exactly half hidden is large cover.

    Examples
    --------
    A wall 2 cm high touching the front of the target's base, the shooter's eye 4 cm high
    and 20 cm away: the lines over the wall from the nearest eye point clear it at
    z = (2 * 18.5 - 4 * 1.5) / (18.5 - 1.5) = 1.8235 cm, so 1.8235 / 4 = 0.456 is hidden.

    >>> from landsraad.geometry.board import Base, Board, TerrainPiece
    >>> s, t = Base("s", 10, 30, 30, 4.0), Base("t", 30, 30, 30, 4.0)
    >>> wall = TerrainPiece("wall", ((28.0, 20), (28.5, 20), (28.5, 40), (28.0, 40)), height_cm=2)
    >>> r = cover(Board(bases=(s, t), terrain=(wall,)), "s", "t")
    >>> r.cover, round(r.hidden_fraction, 3), r.error_bound < 0.01, r.borderline
    ('small', 0.456, True, False)
    >>> r.hidden_fraction - r.error_bound <= 31 / 68 <= r.hidden_fraction + 1e-9
    True
    """
    return _analyse(board, shooter_id, target_id, models_block)


def line_of_sight(board: Board, viewer_id: str, target_id: str, *, models_block: bool = True) -> bool:
    """Whether ``viewer_id`` can see some part of ``target_id`` (R-LOS; RUL-11: not all hidden).

    Line of sight needs a visible part of the silhouette with some area: a target seen only
    along lines that graze an obstacle's edge (a model exactly as wide and as tall as the one
    screening it, in line) is not seen.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> a, b, c = Base("a", 10, 30, 30), Base("b", 20, 30, 25), Base("c", 30, 30, 30)
    >>> line_of_sight(Board(bases=(a, b, c)), "a", "c")      # b's 25 mm base is narrower
    True
    >>> line_of_sight(Board(bases=(a, b.at((20, 30)), c)), "a", "c")
    True
    >>> same = Base("b", 20, 30, 30)                         # as wide and as tall: only grazing lines
    >>> line_of_sight(Board(bases=(a, same, c)), "a", "c")
    False
    >>> big = Base("b", 20, 30, 50, 10.0)
    >>> line_of_sight(Board(bases=(a, big, c)), "a", "c")   # a 50 mm, 10 cm tall model between
    False
    >>> line_of_sight(Board(bases=(a, big, c)), "a", "c", models_block=False)
    True
    """
    quick = _analyse(board, viewer_id, target_id, models_block, upper_only=True)
    if quick.line_of_sight:
        return True  # a visible point from an actual eye point: certain
    return _analyse(board, viewer_id, target_id, models_block).line_of_sight


def visible_models(board: Board, viewer_id: str, *, models_block: bool = True) -> tuple[str, ...]:
    """Ids of the models ``viewer_id`` has line of sight to, in board order.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board, TerrainPiece
    >>> rock = TerrainPiece("rock", ((18, 20), (22, 20), (22, 40), (18, 40)), height_cm=8)
    >>> board = Board(bases=(Base("a", 10, 30, 30), Base("b", 30, 30, 30), Base("c", 10, 10, 30)),
    ...               terrain=(rock,))
    >>> visible_models(board, "a")
    ('c',)
    """
    viewer = board.base(viewer_id)
    out = []
    for b in board.bases:
        if b.id == viewer_id:
            continue
        if math.hypot(b.x - viewer.x, b.y - viewer.y) <= viewer.radius + 1e-9:
            continue  # overlapping bases: undefined, never "seen"
        if line_of_sight(board, viewer_id, b.id, models_block=models_block):
            out.append(b.id)
    return tuple(out)


def nearest_in_sight(board: Board, shooter_id: str, candidate_ids: Iterable[str], *, models_block: bool = True) -> tuple[str, ...]:
    """The nearest candidates the shooter has line of sight to (RUL-08; ties within 0.05 cm all returned).

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board, TerrainPiece
    >>> rock = TerrainPiece("rock", ((18, 20), (22, 20), (22, 40), (18, 40)), height_cm=8)
    >>> board = Board(bases=(Base("s", 10, 30, 30), Base("near", 30, 30, 30), Base("far", 10, 50, 30)),
    ...               terrain=(rock,))
    >>> nearest_in_sight(board, "s", ["near", "far"])    # "near" is behind the rock
    ('far',)
    """
    shooter = board.base(shooter_id)
    seen = [c for c in candidate_ids if c != shooter_id and line_of_sight(board, shooter_id, c, models_block=models_block)]
    if not seen:
        return ()
    dists = {c: edge_distance(shooter, board.base(c)) for c in seen}
    best = min(dists.values())
    return tuple(c for c in seen if dists[c] <= best + TIE_TOLERANCE_CM + 1e-9)
