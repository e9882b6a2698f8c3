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
:func:`line_of_sight` needs only whether some part is seen: it first tries quick answers
proved on the table (``quick``: one eye point seeing at least half of every first column, one
tall obstacle across every sight line, or one first column's own sight segment seen over its top
tenth), then the first round's estimate, a first round that stops all hidden, and only then a
refinement that stops once a column is seen for good; :func:`cover_class` likewise stops at the
first round when a run of columns seen whole from one eye point and the lower bound settle the
class. The answers are the analysis' (``tests/geometry/test_sight_quick.py``).
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

from .obstacles import convex_pieces, elevation, standing_on
from .queries import cover, cover_class, enemies_of, line_of_sight, nearest_in_sight, nearest_targets, visible_models
from .result import ROUND_OBSTACLE_SIDES, TARGET_ERROR, CoverClass, CoverResult, classify, cover_bonus

__all__ = [
    "CoverClass",
    "CoverResult",
    "TARGET_ERROR",
    "ROUND_OBSTACLE_SIDES",
    "classify",
    "line_of_sight",
    "cover",
    "cover_class",
    "cover_bonus",
    "visible_models",
    "nearest_in_sight",
    "nearest_targets",
    "enemies_of",
    "elevation",
    "standing_on",
    "convex_pieces",
]
