"""Small geometry on model states for the heuristic player: cheap, no shapely, plus the
engine's straight-slide test."""

from __future__ import annotations

import math
from typing import Any

from ..engine.state import GameState, MarkerState, ModelState

Point = tuple[float, float]

# --- small geometry on model states (cheap: no shapely) ----------------------------------------------


def _r(m: Any) -> float:
    """Radius in cm of a model state or marker state."""
    t = type(m)
    if t is ModelState:  # the common case first: one type test, one field
        return m.base_mm / 20.0
    if t is MarkerState:  # asked first: a pydantic model raises (a costly exception) for a field it lacks
        return m.size_mm / 20.0
    try:  # a model (the common case: one attribute look-up)
        return m.base_mm / 20.0
    except AttributeError:  # anything else the size of a marker
        return m.size_mm / 20.0


def _gap(a: Any, b: Any) -> float:
    """Edge-to-edge distance between two bases or markers (R-MEASURE), negative if overlapping."""
    # Two models (most calls): their radii read here, without two calls to _r (the same floats).
    if type(a) is ModelState and type(b) is ModelState:
        return math.hypot(a.x - b.x, a.y - b.y) - a.base_mm / 20.0 - b.base_mm / 20.0
    return math.hypot(a.x - b.x, a.y - b.y) - _r(a) - _r(b)


def _gap_at(p: Point, ra: float, b: Any) -> float:
    if type(b) is ModelState:  # the common case, as in _gap: the radius read here (the same floats)
        return math.hypot(p[0] - b.x, p[1] - b.y) - ra - b.base_mm / 20.0
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


def _opposite(edge: str) -> str:
    return {"south": "north", "north": "south", "west": "east", "east": "west"}[edge]


def _clamp(state: GameState, p: Point, radius: float) -> Point:
    return (min(max(p[0], radius + 0.01), state.width - radius - 0.01), min(max(p[1], radius + 0.01), state.depth - radius - 0.01))

