"""Small geometry on model states for the heuristic player: cheap, no shapely, plus the
engine's straight-slide test."""

from __future__ import annotations

import math
from typing import Any, Callable

import shapely

from ..engine.spatial import straight_slide_clear
from ..engine.state import GameState

Point = tuple[float, float]

# --- small geometry on model states (cheap: no shapely) ----------------------------------------------


def _r(m: Any) -> float:
    """Radius in cm of a model state or marker state."""
    return (m.base_mm if hasattr(m, "base_mm") else m.size_mm) / 20.0


def _gap(a: Any, b: Any) -> float:
    """Edge-to-edge distance between two bases or markers (R-MEASURE), negative if overlapping."""
    return math.hypot(a.x - b.x, a.y - b.y) - _r(a) - _r(b)


def _gap_at(p: Point, ra: float, b: Any) -> float:
    return math.hypot(p[0] - b.x, p[1] - b.y) - ra - _r(b)


def _dist(p: Point, q: Point) -> float:
    return math.hypot(p[0] - q[0], p[1] - q[1])


def _toward(p: Point, q: Point, step: float) -> Point:
    """The point ``step`` cm from ``p`` towards ``q`` (``q`` itself if nearer)."""
    d = _dist(p, q)
    if d <= step or d < 1e-9:
        return (q[0], q[1])
    return (p[0] + (q[0] - p[0]) / d * step, p[1] + (q[1] - p[1]) / d * step)


def _rotate_about(center: Point, p: Point, angle: float) -> Point:
    dx, dy = p[0] - center[0], p[1] - center[1]
    c, s = math.cos(angle), math.sin(angle)
    return (center[0] + dx * c - dy * s, center[1] + dx * s + dy * c)


def _edge_distance(state: GameState, p: Point, radius: float, edge: str) -> float:
    """Distance from a base at ``p`` to a table edge, measured from the nearest point of the base."""
    x, y = p
    return {"south": y, "north": state.depth - y, "west": x, "east": state.width - x}[edge] - radius


def _edge_point(state: GameState, p: Point, radius: float, edge: str, inset: float = 0.03) -> Point:
    """The point where a base keeps ``p``'s other coordinate and touches ``edge``."""
    x, y = p
    d = radius + inset
    return {"south": (x, d), "north": (x, state.depth - d), "west": (d, y), "east": (state.width - d, y)}[edge]


def _straight_test(state: GameState, model_id: str) -> Callable[[Point], bool]:
    """A cheap test: does a straight slide of ``model_id`` to a point stay clear of obstacles and
    of the table's edges (R-MOVE)? Points that fail it need a detour, a costly path search
    (:func:`landsraad.engine.spatial.straight_slide_clear`); difficult ground is allowed (its
    cost is the engine's check)."""

    return straight_slide_clear(state, model_id, difficult_ok=True)


def _free_spot(state: GameState, model_id: str) -> Callable[[Point], bool]:
    """Whether ``model_id``'s base could stand at a point: on the table, overlapping no other base
    and no impassable terrain (touching allowed)."""

    board = state.board
    me = board.base(model_id)
    r = me.radius
    others = [(b.x, b.y, b.radius + r) for b in board.bases if b.id != model_id]
    walls = [t.shape for t in board.terrain if t.movement == "blocked"]

    def free(p: Point) -> bool:
        x, y = p
        if x < r or y < r or x > board.width - r or y > board.depth - r:
            return False
        if any(math.hypot(x - cx, y - cy) < reach - 1e-6 for cx, cy, reach in others):
            return False
        return not any(shapely.distance(shapely.Point(x, y), w) < r - 1e-6 for w in walls)

    return free


def _opposite(edge: str) -> str:
    return {"south": "north", "north": "south", "west": "east", "east": "west"}[edge]


def _clamp(state: GameState, p: Point, radius: float) -> Point:
    return (min(max(p[0], radius + 0.01), state.width - radius - 0.01), min(max(p[1], radius + 0.01), state.depth - radius - 0.01))

