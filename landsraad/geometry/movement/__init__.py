"""Movement on the table: is a move legal, by which path, where can a model get to.

A model's round base slides from its start to its end (R-MOVE). The library works in the
*configuration space* of the base centre: a base of radius ``r`` overlaps an obstacle exactly
when its centre is closer than ``r`` to it, so every obstacle is inflated by ``r`` and the base
becomes a point.

Rules
-----
- R-MOVE: no point of the base may travel further than the allowance. A base that slides
  without turning moves every point of it by the length of its centre's path, so the path
  length of the centre is what is measured (PRJ-45). The base must slide all the way without
  overlapping an obstacle: another model's base or impassable terrain (``blocked``). Other
  models' bases are obstacles for friend and foe alike; ``ignore`` lifts that for given ids.
  Objective markers are flat tokens and never block (PRJ-40).
- R-TERRAIN-KINDS, RUL-17: a stretch of the path costs double while any part of the base is
  over ``difficult`` terrain (the centre is closer than ``r`` to the piece); ``open`` terrain
  changes nothing. The move is legal when its cost is at most the allowance.
- RUL-17: the base stays wholly on the table. Touching (edges exactly in contact) is not
  overlapping: a base may end in contact with, or slide along, an obstacle or the table edge.

Boundary semantics
------------------
- Touching is allowed. Distances are compared with a numerical tolerance of
  :data:`TOUCH_TOLERANCE_CM` (0.00001 mm): a base whose edge is within it of an obstacle
  touches it. A 30 mm base therefore passes a gap of 3.0 cm or more, not one of 2.9 cm.
- A move costing exactly the allowance is legal (``cost <= allowance``).
- Over difficult terrain means *overlapping* it: a base that only touches a difficult piece's
  edge pays the normal price.

Method and guarantees
---------------------
Obstacles are unions of *capsules* (a disc of radius R around a segment; a base is a capsule
of zero length), so whether a straight stretch is clear, and which part of it lies over
difficult terrain, is computed exactly (closed-form intersections, no polygon approximation).

The shortest path is searched on the *tangent graph*: the circles are the inflated bases,
the corners of impassable pieces (radius ``r``) and of difficult pieces; nodes are the points
where common tangents touch them; edges are the clear tangent segments and the clear arcs
between neighbouring nodes. Without difficult terrain this graph contains the true shortest
path (a taut string only bends around convex obstacle boundaries), so the length found is
exact. Arcs are drawn as polylines whose segments are tangent to the arc (they never cut into
the obstacle) and lie within :data:`ARC_BUMP_CM` of it; the reported ``path_length_cm`` and
``cost_cm`` are those of the returned polyline, at most 0.01 % above the arc lengths.

With difficult terrain the cheapest path may cross a difficult piece's boundary anywhere
(it refracts like light). The graph adds crossing points every :data:`DIFFICULT_SAMPLE_CM` cm
along those boundaries, and the corners of difficult pieces as circles (going round a piece
while touching it costs nothing extra); a start or destination over difficult terrain also
gets its perpendicular ways out. The path found is then improved by sliding each crossing
point along its boundary. What is guaranteed: the returned path is always legal and its cost
is exact for that path; it is the cheapest path when no difficult terrain is involved, or when
the best path only goes round difficult pieces or crosses them straight; otherwise it may cost
slightly more than the true optimum (within 0.01 % of Snell's law in the tests).

:func:`reach_bounded` answers on a bound of work (an inner region, an outer one and the band
between them; exact within the bound) and :func:`reach_region` is the same construction unbounded.
:func:`reach_region` approximates the set of reachable centres (see its docstring) and agrees
with :func:`plan_move` to 0.01 cm along its edge (tests probe it model by model on the
reference scene).

Preprocessing (inflated obstacles, circles, graph) is cached per (board, mover radius,
excluded ids): boards are immutable and hashable.

Examples
--------
>>> from landsraad.geometry.board import Base, Board, TerrainPiece
>>> from landsraad.geometry.movement import plan_move
>>> board = Board(bases=(Base("a", 10, 10, 30), Base("b", 20, 10, 30)))
>>> res = plan_move(board, "a", (17.0, 10.0), 10)
>>> res.legal, res.reason                    # ends in base contact with b: touching is allowed
(True, None)
>>> round(res.path_length_cm, 6)
7.0
>>> plan_move(board, "a", (17.01, 10.0), 10).reason    # overlaps b by 0.01 cm
'destination_blocked'
>>> plan_move(board, "a", (10.0, 20.0), 10).legal       # exactly the allowance
True
>>> print(plan_move(board, "a", (10.0, 22.3), 10).message)
Model 'a' needs 12.3 cm but may move 10 cm to get to (10, 22.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...lazy import lazy_exports

_EXPORTS: dict[str, str] = {
    **dict.fromkeys(("escape", "free_spot_near", "move_toward_nearest_edge", "push", "step_away"), "forced"),
    "_check_start": "messages",  # for the benchmarks and tests that look inside
    "reach_region": "reach",
    **dict.fromkeys(("REACH_WORK", "ReachBound", "reach_bounded"), "bounded"),
    **dict.fromkeys(("ALLOWANCE_SLACK_CM", "ARC_BUMP_CM", "DIFFICULT_SAMPLE_CM", "ESCAPE_MARGIN_CM", "TOUCH_TOLERANCE_CM",
                     "MoveReason", "MoveResult"), "result"),
    **dict.fromkeys(("_space", "_space_cached"), "terrain_space"),  # for the benchmarks and tests that look inside
    **dict.fromkeys(("can_move", "free_spots", "path_cost", "path_is_clear", "path_length_bounds", "plan_move",
                     "straight_measures", "straight_moves", "straight_plan"), "voluntary"),
}
"""Each public name and the submodule that defines it: resolved on first use (PEP 562), so a
voluntary move (``landsraad move``) does not load the forced moves and the reach region."""

__all__ = [
    "TOUCH_TOLERANCE_CM",
    "ALLOWANCE_SLACK_CM",
    "ARC_BUMP_CM",
    "DIFFICULT_SAMPLE_CM",
    "ESCAPE_MARGIN_CM",
    "MoveReason",
    "MoveResult",
    "plan_move",
    "can_move",
    "straight_measures",
    "straight_moves",
    "free_spots",
    "path_length_bounds",
    "straight_plan",
    "path_cost",
    "path_is_clear",
    "reach_region",
    "reach_bounded",
    "ReachBound",
    "REACH_WORK",
    "move_toward_nearest_edge",
    "push",
    "step_away",
    "escape",
    "free_spot_near",
]


if TYPE_CHECKING:  # the names' types, for checkers that cannot follow __getattr__ (tests/test_lazy.py keeps it equal to _EXPORTS)
    from .bounded import REACH_WORK, ReachBound, reach_bounded
    from .forced import escape, free_spot_near, move_toward_nearest_edge, push, step_away
    from .reach import reach_region
    from .result import ALLOWANCE_SLACK_CM, ARC_BUMP_CM, DIFFICULT_SAMPLE_CM, ESCAPE_MARGIN_CM, TOUCH_TOLERANCE_CM, MoveReason, MoveResult
    from .voluntary import (
        can_move,
        free_spots,
        path_cost,
        path_is_clear,
        path_length_bounds,
        plan_move,
        straight_measures,
        straight_moves,
        straight_plan,
    )

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())
