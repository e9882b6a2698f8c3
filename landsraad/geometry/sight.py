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
Three facts make the problem small.

1. *Only the top of the shooter matters.* Raising the eye raises every point of a sight
   segment, and obstacles stand on the table, so it never hurts.
2. *Only the rim of that top disc matters*, and only its arc facing the target when the
   target is no taller than the shooter (else the whole rim). Along a ray from a silhouette
   point below the eye, an obstacle's shadow on the top disc starts somewhere and goes on for
   ever; so if any point of the disc sees the point, the point where the ray enters the disc
   does. (Above the eye the shadows end instead, and the exit points serve.)
3. *The hidden part is a hypograph.* If a point of the silhouette is hidden from an eye point,
   every point below it is (its sight segment runs lower everywhere above the same line on
   the table). So the hidden region is ``{(u, z): z < f(u)}``: one **hidden height** per
   column ``u`` of the silhouette.

For one eye point, one column and one convex obstacle the hidden height is closed-form: clip
the column's sight line on the table to the obstacle's footprint (Cyrus-Beck for polygons, the
quadratic for a base's circle), and the segment is below the obstacle's top ``h`` at
parameter ``t`` iff ``z < (h - t * eye) / (1 - t)``, monotone in ``t``. Non-convex terrain is
split into convex pieces (:func:`convex_pieces`). Then, with eye points ``q`` sampled on the
arc and the arc pieces between them each covered by the triangle of its chord and its two
tangents (three eye points ``q_a, t, q_b``; ``t`` lies outside the disc):

* ``f+(u) = min_q max_i g(q, i, u)``: the hidden height seen from the sampled eyes - an
  **upper bound** (some eye points only; each sees the column's lower part blocked);
* ``f-(u) = min_T max_i min_{v in T} g(v, i, u)``: a **lower bound** - the eye points from
  which one convex obstacle hides a point form a convex set, so hidden from a triangle's three
  corners means hidden from the whole triangle, and the triangles cover the arc.

Between two columns ``a < b`` (a *strip*) the bounds are carried over exactly: one convex
obstacle's hidden height is concave over the columns it covers, so its lowest value on the
strip is at an end (lower bound); its highest is at an end or at a projected top corner of
the obstacle inside the strip (upper bound; a base's circle is replaced there by its
circumscribed polygon). Summing strip width times bound gives hidden areas ``lo <= true <=
hi``. The columns and the arc pieces are refined where the two disagree until the bound is
below :data:`TARGET_ERROR` (or :data:`_MAX_ROUNDS` rounds).

``hidden_fraction`` is the trapezoid integral of ``f+`` (accurate: exact heights at the
columns); ``error_bound`` is ``max(hi - estimate, estimate - lo)``, so the true value lies in
``hidden_fraction +- error_bound``. With nothing in the way the answer is exactly 0 with bound
0; with the silhouette wholly hidden or wholly seen from every eye point it is exact too. A
result whose interval reaches across a class threshold is flagged ``borderline`` (RUL-11:
never silently rounded). The only approximation outside the bound is floating point and the
1e-5 cm by which obstacles are clipped in front of an eye point.
``tests/geometry/test_sight.py`` checks the bound against hand computations and, in slow
tests, against the dense ray-cast reference ``bench/sight_reference.py``;
``bench/bench_sight.py`` measures speed and accuracy on ``scenes/reference.yaml``.

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
from dataclasses import dataclass
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
    "ROUND_OBSTACLE_SIDES",
    "classify",
    "line_of_sight",
    "cover",
    "cover_bonus",
    "visible_models",
    "nearest_in_sight",
    "nearest_targets",
    "enemies_of",
    "elevation",
    "standing_on",
    "convex_pieces",
]

CoverClass = Literal["none", "small", "large", "no_line_of_sight"]

TARGET_ERROR = 0.01
"""Refinement stops once ``error_bound`` is at most this (a hundredth of the silhouette)."""

ROUND_OBSTACLE_SIDES = 32
"""Sides of the circumscribed polygon standing in for a round base where the strip upper
bound needs an obstacle's corners (it contains the circle, so the bound stays a bound)."""

_ZERO = 1e-9  # hidden fractions closer than this to 0 or 1 are 0 or 1 (floating-point dust)
_CLIP = 1e-5  # cm: obstacles are clipped this far in front of an eye point (keeps projections finite)
_FLAT_SILHOUETTE_CM = 1e-3  # a model of height 0 is treated as this tall, so its silhouette has an area

_BONUS = {"none": 0, "small": 2, "large": 4}


@dataclass(frozen=True)
class CoverResult:
    """What a shooter sees of a target (R-LOS, R-COVER, RUL-11).

    Attributes
    ----------
    shooter, target
        Model ids.
    hidden_fraction
        Share of the target's silhouette hidden from the shooter, in [0, 1] (see the module
        notes for the method).
    error_bound
        The true hidden fraction lies within ``hidden_fraction +- error_bound``.
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
        Ids of the terrain pieces and models that hide some part of the silhouette from some
        eye point of the shooter (the ones "in the way").
    models_block
        Whether other models counted as obstacles.
    cover_from
        Ids of the terrain pieces and models that give the cover: for some hidden part of the
        silhouette, the obstacle alone hides it from some eye point of the shooter. Removing
        every other obstacle leaves the hidden part as it is. Empty when nothing is hidden;
        a subset of ``obstacles``.
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
    cover_from: tuple[str, ...] = ()

    @property
    def hidden_lower(self) -> float:
        """Lower bound of the hidden fraction."""
        return max(0.0, self.hidden_fraction - self.error_bound)

    @property
    def hidden_upper(self) -> float:
        """Upper bound of the hidden fraction."""
        return min(1.0, self.hidden_fraction + self.error_bound)

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
            "cover_from": list(self.cover_from),
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
    footprint: Any  # shapely polygon containing the true shape (for culling)
    pieces: tuple[np.ndarray, ...] = ()  # terrain: convex pieces, table coordinates
    circle: tuple[float, float, float] = (0.0, 0.0, 0.0)  # model: centre and radius
    outer: np.ndarray | None = None  # model: circumscribed polygon (for shadow corners)


@dataclass
class _SightIndex:
    obstacles: list[_Obstacle]
    centres: np.ndarray  # (N, 2) centres of circles holding each obstacle's footprint
    radii: np.ndarray  # (N,)


_INDEX_CACHE: dict[int, tuple[Board, _SightIndex]] = {}


def _index(board: Board) -> _SightIndex:
    """Obstacles of a board and circles holding their footprints (cached per board object).

    The terrain's obstacles are built once per terrain (it does not change after set-up) and each
    model's once per position, so a new board (every move makes one) costs only a concatenation.
    """
    hit = _INDEX_CACHE.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    terrain = _terrain_part(board.terrain)
    parts = [terrain.model_part(b) for b in board.bases if b.height_cm > 0]
    obstacles = list(terrain.obstacles) + [o for o, _, _ in parts]
    centres = np.concatenate([terrain.centres, np.array([c for _, c, _ in parts]).reshape(-1, 2)])
    radii = np.concatenate([terrain.radii, np.array([r for _, _, r in parts], dtype=float)])
    index = _SightIndex(obstacles, centres, radii)
    if len(_INDEX_CACHE) > 16:
        _INDEX_CACHE.clear()
    _INDEX_CACHE[id(board)] = (board, index)
    return index


def _holding_circle(footprint: Any) -> tuple[np.ndarray, float]:
    """A circle holding ``footprint``: the centre of its bounding box and the farthest corner."""
    pts = shapely.get_coordinates(footprint)
    c = (pts.min(axis=0) + pts.max(axis=0)) / 2
    return c, float(np.hypot(*(pts - c).T).max())


class _TerrainPart:
    """The obstacles of one terrain layout, and each model's obstacle on it (by base)."""

    MODEL_CACHE = 4096
    ANALYSIS_CACHE = 8192

    def __init__(self, terrain: tuple[TerrainPiece, ...]) -> None:
        self.terrain = terrain
        self.obstacles = tuple(
            _Obstacle(t.id, "terrain", float(t.height_cm), t.shape, pieces=_terrain_pieces(t)) for t in terrain if t.height_cm > 0
        )
        circles = [_holding_circle(o.footprint) for o in self.obstacles]
        self.centres = np.array([c for c, _ in circles], dtype=float).reshape(-1, 2)
        self.radii = np.array([r for _, r in circles], dtype=float)
        self._models: dict[Base, tuple[_Obstacle, np.ndarray, float]] = {}
        self.analyses: dict[tuple[Any, ...], CoverResult] = {}

    def model_part(self, b: Base) -> tuple[_Obstacle, np.ndarray, float]:
        hit = self._models.get(b)
        if hit is None:
            outer = _round_corners(b.x, b.y, b.radius, True)
            # a model on top of a piece blocks like a column from the table to its head (the piece
            # under it is solid anyway)
            piece = _standing_on(self.terrain, b)
            top = (float(piece.height_cm) if piece is not None else 0.0) + float(b.height_cm)
            obstacle = _Obstacle(b.id, "model", top, shapely.Polygon(outer), circle=(b.x, b.y, b.radius), outer=outer)
            centre, radius = _holding_circle(obstacle.footprint)
            if len(self._models) >= self.MODEL_CACHE:
                self._models.clear()
            hit = self._models[b] = (obstacle, centre, radius)
        return hit


@lru_cache(maxsize=32)
def _terrain_part(terrain: tuple[TerrainPiece, ...]) -> _TerrainPart:
    return _TerrainPart(terrain)


def elevation(board: Board, base: Base) -> float:
    """How high ``base`` stands: the height of the tallest impassable piece its centre is over
    (a model standing on a crate or a roof, PRJ-48), else 0.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board, TerrainPiece
    >>> crate = TerrainPiece("crate", ((8, 8), (12, 8), (12, 12), (8, 12)), height_cm=3)
    >>> board = Board(bases=(Base("a", 10, 10, 25), Base("b", 30, 10, 25)), terrain=(crate,))
    >>> elevation(board, board.base("a")), elevation(board, board.base("b"))
    (3.0, 0.0)
    """
    piece = standing_on(board, base)
    return float(piece.height_cm) if piece is not None else 0.0


def standing_on(board: Board, base: Base) -> TerrainPiece | None:
    """The tallest impassable piece with some height the base's centre is over, if any (PRJ-48)."""
    return _standing_on(board.terrain, base)


def _standing_on(terrain: tuple[TerrainPiece, ...], base: Base) -> TerrainPiece | None:
    centre = shapely.Point(base.x, base.y)
    best: TerrainPiece | None = None
    for t in terrain:
        if t.movement == "blocked" and t.height_cm > (best.height_cm if best else 0.0) and t.shape.covers(centre):
            best = t
    return best


def _overlaps_base(piece: TerrainPiece, base: Base) -> bool:
    """Whether the piece's footprint overlaps the base's disc with some area (touching does not)."""
    c = shapely.Point(base.x, base.y)
    return piece.shape.contains(c) or piece.shape.distance(c) < base.radius - 1e-9


# --- column evaluation --------------------------------------------------------------------------
#
# Coordinates: the silhouette plane is w = 0; u runs along the silhouette (to the shooter's
# right), w toward the shooter; eye points are (u_v, a_v) at height eye_z. A column u of the
# silhouette is the vertical segment above (u, 0). Everything below is vectorised over
# (eye, obstacle piece, column).


def _polygon_arrays(pieces: list[np.ndarray], frame: "_Frame") -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Pad convex pieces to (n, M) corner arrays in (u, w) and their outward edge half-planes.

    Returns ``pu, pw`` (corners) and ``nrm`` (n, M, 2), ``off`` (n, M): inside is
    ``nrm . x <= off``. Padding repeats the last corner: zero-length edges, zero normals,
    no constraint.
    """
    m = max(len(p) for p in pieces)
    out = np.empty((len(pieces), m, 2))
    for i, p in enumerate(pieces):
        u, w = frame.uw(p)
        q = np.column_stack([u, w])
        # the (u, w) frame is a reflection of the table's (x, y): corners turn clockwise
        q = q[::-1]
        out[i, : len(q)] = q
        out[i, len(q):] = q[-1]
    nxt = np.concatenate([out[:, 1:], out[:, :1]], axis=1)
    edge = nxt - out
    nrm = np.stack([edge[..., 1], -edge[..., 0]], axis=-1)  # outward for counter-clockwise corners
    off = (nrm * out).sum(-1)
    return out[..., 0], out[..., 1], nrm, off


def _heights_from_t(te: np.ndarray, tx: np.ndarray, hit: np.ndarray, h: np.ndarray, eye_z: float) -> np.ndarray:
    """Hidden height of a column from the part [te, tx] of its sight segment inside a footprint.

    The segment from the column's foot (t = 0) to the eye (t = 1) at height z + t (eye_z - z)
    is below the obstacle's top h at t iff z < (h - t eye_z) / (1 - t), monotone in t: the
    deepest or the shallowest point decides.
    """
    rising = h >= eye_z
    t = np.where(rising, tx, te)
    rest = 1.0 - t
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.where(rest > 1e-12, (h - t * eye_z) / rest, np.where(h > eye_z, np.inf, h))
    return np.where(hit, z, -np.inf)


def _column_heights(
    polys: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None,
    poly_h: np.ndarray,
    circles: np.ndarray,
    eu: np.ndarray,
    ea: np.ndarray,
    eye_z: float,
    cols: np.ndarray,
) -> np.ndarray:
    """(V, n, C): height below which column ``cols[c]`` is hidden from eye ``v`` by obstacle ``i``.

    ``-inf`` when the sight segment misses the footprint; ``+inf`` when the eye stands inside
    an obstacle taller than itself. Exact for polygons (Cyrus-Beck clipping) and circles
    (the quadratic); a segment that only grazes a footprint misses it.
    """
    parts = []
    uc = cols[None, None, :]  # (1,1,C)
    du = eu[:, None, None] - uc  # (V,1,C)  eye - foot
    da = np.broadcast_to(ea[:, None, None], du.shape)
    if polys is not None:
        _, _, nrm, off = polys
        nu_, nw_ = nrm[None, :, None, :, 0], nrm[None, :, None, :, 1]  # (1,n,1,M)
        num = nu_ * uc[..., None] - off[None, :, None, :]  # n.P - off, P = (u, 0)
        den = nu_ * du[..., None] + nw_ * da[..., None]
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = -num / den
        lower = np.where(den < 0, ratio, -np.inf).max(-1)
        upper = np.where(den > 0, ratio, np.inf).min(-1)
        blocked_par = ((den == 0) & (num > 0)).any(-1)
        te, tx = np.maximum(lower, 0.0), np.minimum(upper, 1.0)
        hit = (te < tx - 1e-12) & ~blocked_par
        parts.append(_heights_from_t(te, tx, hit, poly_h[None, :, None], eye_z))
    if len(circles):
        cu, cw, rr, ch = (circles[:, k][None, :, None] for k in range(4))
        fu, fw = uc - cu, -cw  # foot - centre
        a2 = du * du + da * da
        b2 = 2 * (fu * du + fw * da)
        c2 = fu * fu + fw * fw - rr * rr
        disc = b2 * b2 - 4 * a2 * c2
        sq = np.sqrt(np.maximum(disc, 0.0))
        t1, t2 = (-b2 - sq) / (2 * a2), (-b2 + sq) / (2 * a2)
        te, tx = np.maximum(t1, 0.0), np.minimum(t2, 1.0)
        hit = (disc > 0) & (te < tx - 1e-12)
        parts.append(_heights_from_t(te, tx, hit, ch, eye_z))
    return np.concatenate(parts, axis=1) if len(parts) > 1 else parts[0]


def _peaks(pu: np.ndarray, pw: np.ndarray, ph: np.ndarray, eu: np.ndarray, ea: np.ndarray, eye_z: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Corners of the obstacles' shadows: the projected top corners of each convex prism.

    Clips each footprint to the slab between the plane and the eye (0 <= w <= a - clip) and
    projects the clipped polygon's corners at the obstacle's height from each eye. The highest
    point of a shadow over a range of columns is at an end of the range or at one of these.
    Returns flat arrays ``eye, piece, u, z``.
    """
    V, (n, m) = len(eu), pu.shape
    pu1 = np.concatenate([pu[:, 1:], pu[:, :1]], axis=1)
    pw1 = np.concatenate([pw[:, 1:], pw[:, :1]], axis=1)
    lim = (ea - _CLIP)[:, None, None]
    W, W1, U, U1 = pw[None], pw1[None], pu[None], pu1[None]
    with np.errstate(divide="ignore", invalid="ignore"):
        ins = (W >= 0) & (W <= lim)
        c0 = (W < 0) != (W1 < 0)
        t0 = W / (W - W1)
        cl = (W > lim) != (W1 > lim)
        tl = (W - lim) / (W - W1)
        shape = (V, n, m)
        cu = np.concatenate([np.broadcast_to(U, shape), np.broadcast_to(U + t0 * (U1 - U), shape), U + tl * (U1 - U)], axis=2)
    cw = np.concatenate([np.broadcast_to(W, shape), np.zeros(shape), np.broadcast_to(lim, shape)], axis=2)
    ok = np.concatenate([ins, np.broadcast_to(c0, shape), cl], axis=2)
    ev, pc, _ = np.nonzero(ok)
    cu, cw = cu[ok], cw[ok]
    a, ue = ea[ev], eu[ev]
    s = a / (a - cw)
    return ev, pc, ue + s * (cu - ue), eye_z + s * (ph[pc] - eye_z)


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
        xy = np.asarray(xy, dtype=float)
        dx, dy = xy[..., 0] - self.cx, xy[..., 1] - self.cy
        return dx * self.ey - dy * self.ex, -(dx * self.ex + dy * self.ey)

    def table(self, u: float, w: float = 0.0) -> Point:
        return (float(self.cx + u * self.ey - w * self.ex), float(self.cy - u * self.ex - w * self.ey))


def _relevant(board: Board, shooter: Base, target: Base, models_block: bool, frame: _Frame) -> list[_Obstacle]:
    """Obstacles that can stand between the shooter's cylinder and the silhouette (a superset:
    an obstacle off every sight segment only costs time, its shadows are empty)."""
    index = _index(board)
    if not index.obstacles:
        return []
    # Every sight segment lies within max(r_shooter, r_target) of the segment joining the two
    # centres (the convex hull of the shooter's disc and the silhouette's ends does); keep the
    # obstacles whose bounding circle comes that close.
    ax, ay, bx, by = shooter.x, shooter.y, target.x, target.y
    dx, dy = bx - ax, by - ay
    c = index.centres
    t = np.clip(((c[:, 0] - ax) * dx + (c[:, 1] - ay) * dy) / (dx * dx + dy * dy), 0.0, 1.0)
    gap = np.hypot(c[:, 0] - ax - t * dx, c[:, 1] - ay - t * dy) - index.radii
    near = np.flatnonzero(gap < max(shooter.radius, target.radius))
    found = []
    for i in near:
        o = index.obstacles[i]
        if o.kind == "model":
            if not models_block or o.id in (shooter.id, target.id):
                continue
        elif np.hypot(c[i, 0] - ax, c[i, 1] - ay) < index.radii[i] + shooter.radius and _overlaps_base(board.terrain_piece(o.id), shooter):
            continue  # PRJ-31: a model sees out of the terrain piece it stands in
        found.append(o)
    return found


class _Problem:
    """One shooter/target pair, refined adaptively along two axes.

    Eye points: rim points ``q`` at angles ``psi`` (stable ids, insertion order) and, for each
    arc piece between two neighbouring rim points, the crossing ``t`` of their tangents (the
    triangle ``q_a, t, q_b`` covers the arc piece). Columns: positions ``cols`` along the
    silhouette, kept sorted. ``gq`` (Q, n, C) and ``gt`` (T, n, C) cache the hidden height of
    each column from each eye point by each obstacle.
    """

    def __init__(self, obstacles: list[_Obstacle], frame: _Frame, shooter: Base, rt: float, height: float, arc: float,
                 eye_z: float, floor: float = 0.0):
        self.frame, self.rt, self.height, self.arc = frame, rt, height, arc
        self.rs, self.eye_z = shooter.radius, eye_z
        self.floor = floor  # the silhouette's foot above the table (a target standing on a piece)
        self.full = arc >= math.pi - 1e-12
        polys = [p for o in obstacles if o.kind == "terrain" for p in o.pieces]
        # which obstacle each row of the height arrays belongs to: terrain pieces, then bases
        self.owner = [o.id for o in obstacles if o.kind == "terrain" for _ in o.pieces] + [
            o.id for o in obstacles if o.kind == "model"]
        self.poly_h = np.array([o.height for o in obstacles if o.kind == "terrain" for _ in o.pieces])
        self.polys = _polygon_arrays(polys, frame) if polys else None
        circ = []
        for o in obstacles:
            if o.kind == "model":
                cu, cw = frame.uw(np.array([o.circle[0], o.circle[1]]))
                circ.append((float(cu), float(cw), o.circle[2], o.height))
        self.circles = np.array(circ, dtype=float).reshape(-1, 4)
        # shadow corners: terrain pieces as they are, round bases as circumscribed polygons
        peak_pieces = polys + [o.outer for o in obstacles if o.kind == "model"]
        self.peak_h = np.concatenate([self.poly_h, self.circles[:, 3]])
        self.peak_u, self.peak_w, _, _ = _polygon_arrays(peak_pieces, frame)
        self.n = len(peak_pieces)
        self.nt = len(polys)
        outer = [o.outer for o in obstacles if o.kind == "model"]
        self.outer = _polygon_arrays(outer, frame) if outer else None
        self.gpq = np.empty((0, self.n - self.nt, 0))
        self.cols = np.empty(0)
        self.psi = np.empty(0)
        self.gq = np.empty((0, self.n, 0))
        self.pk = (np.empty(0, int), np.empty(0, int), np.empty(0), np.empty(0))
        self.ta = np.empty(0, int)  # triangle: rim point ids at its two ends
        self.tb = np.empty(0, int)
        self.tpos = np.empty((0, 2))  # (u, a) of the tangents' crossing
        self.gt = np.empty((0, self.n, 0))

    # --- evaluation -----------------------------------------------------------------------

    def _g(self, eu: np.ndarray, ea: np.ndarray, cols: np.ndarray) -> np.ndarray:
        if len(eu) == 0 or len(cols) == 0:
            return np.empty((len(eu), self.n, len(cols)))
        return _column_heights(self.polys, self.poly_h, self.circles, eu, ea, self.eye_z, cols)

    def _gp(self, eu: np.ndarray, ea: np.ndarray, cols: np.ndarray) -> np.ndarray:
        """Like :meth:`_g` for the round bases' circumscribed polygons (for strip upper bounds)."""
        if self.outer is None or len(eu) == 0 or len(cols) == 0:
            return np.empty((len(eu), self.n - self.nt, len(cols)))
        return _column_heights(self.outer, self.circles[:, 3], np.empty((0, 4)), eu, ea, self.eye_z, cols)

    def _rim(self, psi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return self.rs * np.sin(psi), self.frame.dist - self.rs * np.cos(psi)

    def add_rim(self, psi: np.ndarray, evaluate: bool = True) -> np.ndarray:
        """Add rim eye points; returns their ids."""
        ids = np.arange(len(self.psi), len(self.psi) + len(psi))
        eu, ea = self._rim(psi)
        self.psi = np.concatenate([self.psi, psi])
        if evaluate:
            self.gq = np.concatenate([self.gq, self._g(eu, ea, self.cols)], axis=0)
            self.gpq = np.concatenate([self.gpq, self._gp(eu, ea, self.cols)], axis=0)
        ev, pc, u, z = _peaks(self.peak_u, self.peak_w, self.peak_h, eu, ea, self.eye_z)
        old = self.pk
        self.pk = (np.concatenate([old[0], ids[ev]]), np.concatenate([old[1], pc]), np.concatenate([old[2], u]), np.concatenate([old[3], z]))
        return ids

    def add_triangles(self, a: np.ndarray, b: np.ndarray, evaluate: bool = True) -> None:
        """Add the triangles covering the arc pieces between rim points ``a`` and ``b``."""
        pa, pb = self.psi[a], self.psi[b]
        pb = np.where(pb < pa, pb + 2 * math.pi, pb)  # the piece that wraps round the full circle
        half = (pb - pa) / 2
        r = self.rs / np.cos(half)
        mid = pa + half
        tu, ta = r * np.sin(mid), self.frame.dist - r * np.cos(mid)
        self.ta, self.tb = np.concatenate([self.ta, a]), np.concatenate([self.tb, b])
        self.tpos = np.concatenate([self.tpos, np.column_stack([tu, ta])])
        if evaluate:
            self.gt = np.concatenate([self.gt, self._g(tu, ta, self.cols)], axis=0)

    def start(self, k: int, cols: np.ndarray) -> None:
        """The first arcs and columns, evaluated in one go."""
        self.cols = np.sort(cols)
        psi = np.linspace(-self.arc, self.arc, k + 1)
        if self.full:
            psi = psi[:-1]
        ids = self.add_rim(psi, evaluate=False)
        nxt = np.concatenate([ids[1:], ids[:1]]) if self.full else ids[1:]
        self.add_triangles(ids[: len(nxt)], nxt, evaluate=False)
        eu, ea = self._rim(self.psi)
        g = self._g(np.concatenate([eu, self.tpos[:, 0]]), np.concatenate([ea, self.tpos[:, 1]]), self.cols)
        self.gq, self.gt = g[: len(eu)], g[len(eu):]
        self.gpq = self._gp(eu, ea, self.cols)

    def split_triangles(self, which: np.ndarray, parts: int = 4) -> None:
        """Split arc pieces into ``parts`` equal pieces."""
        if not len(which):
            return
        a, b = self.ta[which], self.tb[which]
        pa, pb = self.psi[a], self.psi[b]
        pb = np.where(pb < pa, pb + 2 * math.pi, pb)
        frac = np.arange(1, parts) / parts
        mids = pa[:, None] + (pb - pa)[:, None] * frac[None, :]  # (w, parts-1)
        mids = np.where(mids > math.pi, mids - 2 * math.pi, mids)
        m = self.add_rim(mids.ravel()).reshape(mids.shape)
        keep = np.ones(len(self.ta), dtype=bool)
        keep[which] = False
        self.ta, self.tb, self.tpos, self.gt = self.ta[keep], self.tb[keep], self.tpos[keep], self.gt[keep]
        ends = np.column_stack([a, m, b])  # (w, parts+1)
        self.add_triangles(ends[:, :-1].ravel(), ends[:, 1:].ravel())

    def add_columns(self, new: np.ndarray) -> None:
        if not len(new):
            return
        eu_q, ea_q = self._rim(self.psi)
        gq_new = self._g(eu_q, ea_q, new)
        gpq_new = self._gp(eu_q, ea_q, new)
        gt_new = self._g(self.tpos[:, 0], self.tpos[:, 1], new)
        cols = np.concatenate([self.cols, new])
        order = np.argsort(cols, kind="stable")
        self.cols = cols[order]
        self.gq = np.concatenate([self.gq, gq_new], axis=2)[:, :, order]
        self.gpq = np.concatenate([self.gpq, gpq_new], axis=2)[:, :, order]
        self.gt = np.concatenate([self.gt, gt_new], axis=2)[:, :, order]

    # --- bounds ---------------------------------------------------------------------------

    def bounds(self) -> dict[str, Any]:
        """Per column: hidden height from the sampled rim (``up``) and from every eye (``low``);
        per strip between columns: lower and upper bounds of the hidden height."""
        h = self.height
        gq, cols = self.gq - self.floor, self.cols  # hidden heights from the silhouette's foot
        up_eye = gq.max(axis=1)  # (Q, C)
        up = np.clip(up_eye.min(axis=0), 0.0, h)
        tri = np.minimum(np.minimum(gq[self.ta], self.gt - self.floor), gq[self.tb])  # (T, n, C)
        tri_col = tri.max(axis=1)  # (T, C)
        low = np.clip(tri_col.min(axis=0), 0.0, h)
        # strip upper bound: highest shadow over the strip - at its ends or at a shadow corner inside
        # (round bases: their circumscribed polygons, whose corners are the shadow corners)
        outer = np.concatenate([gq[:, : self.nt], self.gpq - self.floor], axis=1)
        top = np.maximum(outer[:, :, :-1], outer[:, :, 1:])  # (Q, n, S)
        ev, pc, pu, pz = self.pk
        strip = np.searchsorted(cols, pu, side="right") - 1
        inside = (strip >= 0) & (strip < len(cols) - 1)
        np.maximum.at(top, (ev[inside], pc[inside], strip[inside]), pz[inside] - self.floor)
        s_up = np.clip(top.max(axis=1).min(axis=0), 0.0, h)
        # strip lower bound: one convex obstacle's shadow is concave over the columns it covers,
        # so its lowest point over a strip is at an end
        s_low = np.clip(np.minimum(tri[:, :, :-1], tri[:, :, 1:]).max(axis=1).min(axis=0), 0.0, h)
        return {"up": up, "low": low, "s_up": s_up, "s_low": s_low, "width": np.diff(cols),
                "tri_col": tri_col, "up_eye": up_eye}


_START_ARCS = 8
_START_COLUMNS = 16
_EDGE_INSET = 1e-9  # cm
_MIN_STRIP = 1e-4  # cm: strips are not split below this width
_MIN_ARC = 1e-4  # rad: arc pieces are not split below this
_MAX_ROUNDS = 12


def _solve(p: _Problem, upper_only: bool) -> tuple[float, float, dict[str, Any]]:
    """Refine columns and eye points where the bounds disagree, until within TARGET_ERROR.

    Returns (estimate, error bound, last bounds).
    """
    rt, h = p.rt, p.height
    area = 2 * rt * h
    # The two end columns sit a hair inside the silhouette's edges: a sight line grazing a base
    # exactly at the edge is a zero-width accident that must not count as a visible strip.
    p.start(_START_ARCS, np.linspace(-rt + _EDGE_INSET, rt - _EDGE_INSET, _START_COLUMNS + 1))
    for round_ in range(_MAX_ROUNDS + 1):
        b = p.bounds()
        up, low, w = b["up"], b["low"], b["width"]
        # (the hairline strips at the edges take the value of the end columns)
        est = float((np.sum(w * (up[:-1] + up[1:]) / 2) + _EDGE_INSET * (up[0] + up[-1])) / area)
        if upper_only:
            return est, 0.0, b
        lo = float(np.sum(w * b["s_low"]) / area)
        hi = float(np.sum(w * b["s_up"]) / area)
        # the two hairline strips left out at the silhouette's edges count as unknown
        err = max(hi - est, est - lo, 0.0) + _EDGE_INSET / rt
        if err <= TARGET_ERROR or round_ == _MAX_ROUNDS:
            return est, err, b
        # Where is the gap? At the columns themselves (eye sampling) or between them (strips).
        col_gap = up - low
        col_w = np.zeros(len(up))
        col_w[:-1] += w / 2
        col_w[1:] += w / 2
        eye_share = col_gap * col_w / area
        strip_gap = (b["s_up"] - b["s_low"] - np.maximum(col_gap[:-1], col_gap[1:])).clip(0) * w / area
        eye_total, strip_total = float(eye_share.sum()), float(strip_gap.sum())
        if eye_total <= TARGET_ERROR / 4 and strip_total <= TARGET_ERROR / 4:
            # both small but their sum is not: refine the larger one
            eye_total, strip_total = (eye_total, 0.0) if eye_total >= strip_total else (0.0, strip_total)
            eye_total, strip_total = eye_total * 1e9, strip_total * 1e9
        size = len(p.psi) + len(p.cols)
        if eye_total > TARGET_ERROR / 4:
            # the triangle binding the lower bound at each column, weighted by the column's gap
            binding = np.argmin(b["tri_col"], axis=0)
            weight = np.bincount(binding, weights=eye_share, minlength=len(p.ta))
            pa, pb = p.psi[p.ta], p.psi[p.tb]
            span = np.where(pb < pa, pb + 2 * math.pi, pb) - pa
            cand = (weight >= 0.05 * weight.max()) & (weight > 0) & (span > 2 * _MIN_ARC)
            p.split_triangles(np.flatnonzero(cand))
        if strip_total > TARGET_ERROR / 4:
            cand = (strip_gap >= 0.05 * strip_gap.max()) & (strip_gap > 0) & (w > 2 * _MIN_STRIP)
            p.add_columns((p.cols[:-1][cand] + p.cols[1:][cand]) / 2)
        if len(p.psi) + len(p.cols) == size:
            return est, err, b  # nothing left to refine (pieces at their smallest)
    raise AssertionError("unreachable")


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
    floor, eye_z = elevation(board, target), elevation(board, shooter) + shooter.height_cm
    obstacles = _relevant(board, shooter, target, models_block, frame)
    # The answer is a function of the two bases and the obstacles near the line between them
    # (with the terrain they stand on): a move elsewhere on the table leaves it unchanged.
    terrain = _terrain_part(board.terrain)
    key = (shooter, target, models_block, upper_only,
           tuple((o.id, o.circle, o.height) if o.kind == "model" else o.id for o in obstacles))
    hit = terrain.analyses.get(key)
    if hit is None:
        hit = _analyse_near(board, shooter, target, models_block, upper_only, frame, obstacles, floor, eye_z, rt, height, dist)
        if len(terrain.analyses) >= terrain.ANALYSIS_CACHE:
            terrain.analyses.clear()
        terrain.analyses[key] = hit
    return hit


def _analyse_near(board: Board, shooter: Base, target: Base, models_block: bool, upper_only: bool, frame: _Frame,
                  obstacles: list[_Obstacle], floor: float, eye_z: float, rt: float, height: float, dist: float) -> CoverResult:
    shooter_id, target_id = shooter.id, target.id
    silhouette = (frame.table(-rt), frame.table(rt))
    near_eye = frame.table(0.0, dist - shooter.radius)
    if not obstacles:
        return CoverResult(
            shooter_id, target_id, 0.0, 0.0, "none", False, True, (near_eye, frame.table(0.0)),
            ((0.0, 2 * rt, 0.0),), silhouette, target.height_cm, (), (), models_block,
        )
    if floor + target.height_cm <= eye_z:
        # the union of the arcs facing the silhouette's two ends (see the module notes)
        dp = math.hypot(rt, dist)
        arc = min(math.pi, math.atan2(rt, dist) + math.acos(min(1.0, shooter.radius / dp)))
    else:
        arc = math.pi
    problem = _Problem(obstacles, frame, shooter, rt, height, arc, eye_z, floor)
    hidden, err, b = _solve(problem, upper_only)
    cols, f_up = problem.cols, b["up"]
    hidden = min(1.0, max(0.0, hidden))
    if hidden <= _ZERO:
        hidden = 0.0
    if hidden >= 1.0 - _ZERO:
        hidden = 1.0
    cls = classify(hidden)
    # floating-point dust (_ZERO) does not make a result borderline
    borderline = (not upper_only) and classify(hidden - err + _ZERO) != classify(hidden + err - _ZERO)
    sight_line = None
    if cls != "no_line_of_sight":
        q = np.clip(b["up_eye"], 0.0, height)  # (Q, C) hidden height per rim point and column
        eye = int(np.argmin(q.sum(axis=1)))
        col = int(np.argmin(q[eye]))
        eu, ea = problem._rim(problem.psi[eye : eye + 1])
        sight_line = (frame.table(float(eu[0]), float(ea[0])), frame.table(float(cols[col])))
    return CoverResult(
        shooter_id, target_id, hidden, err, cls, borderline, cls != "no_line_of_sight", sight_line,
        _intervals(cols, f_up, rt, height), silhouette, target.height_cm, _regions(cols, f_up, rt),
        _casting(problem, height), models_block, _with_supports(board, _cover_from(problem, f_up)),
    )


def _casting(p: _Problem, height: float) -> tuple[str, ...]:
    """Ids of the obstacles that hide some part of the silhouette from some eye point."""
    g = (np.concatenate([p.gq, p.gt], axis=0) if len(p.gt) else p.gq) - p.floor
    rows = np.flatnonzero((g > 1e-9).any(axis=(0, 2)))
    out: list[str] = []
    for i in rows:
        if p.owner[i] not in out:
            out.append(p.owner[i])
    return tuple(out)


_COVER_SLACK = 1e-6  # cm: heights this close count as the same shadow


def _cover_from(p: _Problem, f_up: np.ndarray) -> tuple[str, ...]:
    """Ids of the obstacles casting the hidden part: at a column with a hidden height, those
    whose shadow alone reaches that height from some eye point.

    At every eye point the highest shadow reaches the hidden height (it is the smallest of
    the highest shadows), and it belongs to one of these obstacles: so removing every other
    obstacle leaves the hidden heights as they are.
    """
    hidden = f_up > 1e-9  # (C,)
    if not hidden.any():
        return ()
    g = (np.concatenate([p.gq, p.gt], axis=0) if len(p.gt) else p.gq) - p.floor
    casts = (np.clip(g, 0.0, p.height) >= f_up[None, None, :] - _COVER_SLACK) & (g > 1e-9)  # (E, n, C)
    rows = np.flatnonzero((casts & hidden[None, None, :]).any(axis=(0, 2)))
    return tuple(dict.fromkeys(p.owner[i] for i in rows))


def _with_supports(board: Board, ids: tuple[str, ...]) -> tuple[str, ...]:
    """``ids`` and, after each model standing on a piece, the piece that raises it."""
    out: list[str] = []
    for item in ids:
        out.append(item)
        if board.has_base(item):
            piece = standing_on(board, board.base(item))
            if piece is not None and piece.id not in out:
                out.append(piece.id)
    return tuple(dict.fromkeys(out))


def _regions(cols: np.ndarray, f: np.ndarray, rt: float) -> tuple[tuple[Point, ...], ...]:
    """The hidden part as polygons (s, z): runs of columns with some hidden height."""
    out = []
    run: list[int] = []
    for c in list(range(len(cols))) + [None]:
        if c is not None and f[c] > 1e-9:
            run.append(c)
            continue
        if run:
            a, b = max(run[0] - 1, 0), min(run[-1] + 1, len(cols) - 1)
            idx = list(range(a, b + 1))
            top = [(round(float(cols[i]) + rt, 6), round(float(f[i]), 6)) for i in idx]
            ring = [(top[0][0], 0.0)] + top + [(top[-1][0], 0.0)]
            out.append(tuple(ring))
            run = []
    return tuple(out)


def _intervals(cols: np.ndarray, f: np.ndarray, rt: float, height: float) -> tuple[tuple[float, float, float], ...]:
    """Strips (start_cm, end_cm, hidden share), equal neighbours (to 0.01) merged."""
    share = np.round((f[:-1] + f[1:]) / 2 / height, 2)
    change = np.flatnonzero(np.diff(share) != 0) + 1
    starts = np.concatenate([[0], change])
    ends = np.concatenate([change, [len(share)]])
    a = np.round(cols[starts] + rt, 6)
    b = np.round(cols[ends] + rt, 6)
    return tuple(zip(a.tolist(), b.tolist(), share[starts].tolist()))


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
    >>> r.hidden_lower <= 31 / 68 <= r.hidden_upper
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
    if quick.hidden_fraction <= 0.9:
        # a tenth of the silhouette's columns seen from actual eye points: certain
        return True
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

    The nearest-target rule's one implementation: candidates are taken nearest first (edge to
    edge, R-MEASURE) and sight is asked only as far as needed; the answer keeps the
    candidates' order. Sight answers are cached per (board, viewer, target), boards being
    immutable, so a caller asking again for the shot itself pays nothing.

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
    candidates = [c for c in candidate_ids if c != shooter_id]
    dists = {c: edge_distance(shooter, board.base(c)) for c in candidates}
    # nearest first: sight is the costly question, and only the nearest seen ones matter
    best: float | None = None
    seen: set[str] = set()
    for c in sorted(candidates, key=lambda c: dists[c]):
        if best is not None and dists[c] > best + TIE_TOLERANCE_CM + 1e-9:
            break
        if _sight_cached(board, shooter_id, c, models_block):
            seen.add(c)
            if best is None:
                best = dists[c]
    return tuple(c for c in candidates if c in seen)


@lru_cache(maxsize=4096)
def _sight_cached(board: Board, viewer_id: str, target_id: str, models_block: bool) -> bool:
    return line_of_sight(board, viewer_id, target_id, models_block=models_block)


def enemies_of(board: Board, model_id: str) -> tuple[str, ...]:
    """Ids of the models of another side than ``model_id``'s, in board order.

    Models without a side are nobody's enemies.

    Raises
    ------
    GeometryError
        When ``model_id`` has no side.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("a", 5, 5, 30, side="red"), Base("b", 15, 5, 30, side="red"),
    ...                      Base("c", 25, 5, 30, side="blue"), Base("d", 35, 5, 30)))
    >>> enemies_of(board, "a")
    ('c',)
    """
    me = board.base(model_id)
    if me.side is None:
        raise GeometryError(f"Model {model_id!r} has no side, so it has no enemies; give it a side in the scene.")
    return tuple(b.id for b in board.bases if b.side is not None and b.side != me.side)


def nearest_targets(board: Board, shooter_id: str, candidate_ids: Iterable[str] | None = None, *,
                    models_block: bool = True) -> tuple[str, ...]:
    """The models ``shooter_id`` must choose its target from under the nearest-target rule (RUL-08).

    The nearest enemies (by default every model of another side, :func:`enemies_of`) the
    shooter has line of sight to, ties within 0.05 cm all returned, in board order; empty when
    no enemy is in sight. The same answer as :func:`nearest_in_sight` on those candidates.

    Examples
    --------
    >>> from landsraad.geometry.board import Base, Board
    >>> board = Board(bases=(Base("s", 10, 30, 30, side="red"), Base("e1", 23, 30, 30, side="blue"),
    ...                      Base("e2", 10, 63 - 20, 30, side="blue"), Base("f", 10, 20, 30, side="red")))
    >>> nearest_targets(board, "s")        # e1 is 10 cm away edge to edge, e2 10 cm too: a tie
    ('e1', 'e2')
    """
    if candidate_ids is None:
        candidate_ids = enemies_of(board, shooter_id)
    return nearest_in_sight(board, shooter_id, candidate_ids, models_block=models_block)
