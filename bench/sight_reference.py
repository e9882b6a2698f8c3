"""Dense ray-cast reference for sight and cover (slow; for the bench and the slow tests).

Independent of :mod:`landsraad.geometry.sight`'s method: it shares only the definition of
RUL-11. The target's silhouette (base diameter x height, through its centre, facing the
shooter) is cut into ``nu x nz`` cells; each cell's centre is tested against ``eyes`` points
of the shooter's cylinder (rings over the whole top disc and its rim, at several heights).
A cell is visible when one segment from an eye point to its centre clears every obstacle.

Obstacles are tested exactly: a segment meets a terrain prism (footprint x [0, h]) when it
crosses an edge of the footprint below height h or ends inside it below h; it meets a
model's cylinder when it crosses its circle below the model's height or ends inside it. No
convex decomposition, no polygonal circles, no projections.

Used by ``bench/bench_sight.py`` and ``tests/geometry/test_sight.py`` (slow tests).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from landsraad.geometry.board import Base, Board

__all__ = ["reference_hidden_fraction"]


@dataclass(frozen=True)
class _Blocker:
    kind: str
    height: float
    data: tuple  # polygon corners (terrain) or (x, y, r) (model)


def _blockers(board: Board, shooter: Base, target: Base, models_block: bool) -> list[_Blocker]:
    out = []
    for t in board.terrain:
        if t.height_cm <= 0:
            continue
        # PRJ-31: a piece overlapping the shooter's base does not block its sight.
        from shapely.geometry import Point as P

        c = P(shooter.x, shooter.y)
        if t.shape.contains(c) or t.shape.distance(c) < shooter.radius - 1e-9:
            continue
        out.append(_Blocker("terrain", t.height_cm, tuple(t.polygon)))
    if models_block:
        for b in board.bases:
            if b.id in (shooter.id, target.id) or b.height_cm <= 0:
                continue
            out.append(_Blocker("model", b.height_cm, (b.x, b.y, b.radius)))
    return out


def _blocked(qx, qy, qz, px, py, pz, blk: _Blocker) -> np.ndarray:
    """Boolean array: segment Q->P meets the blocker's volume (arrays broadcast together)."""
    dx, dy, dz = px - qx, py - qy, pz - qz
    h = blk.height
    hit = np.zeros(np.broadcast(qx, px).shape, dtype=bool)
    if blk.kind == "terrain":
        poly = np.asarray(blk.data)
        inside_p = np.zeros_like(hit)
        n = len(poly)
        for k in range(n):
            ax, ay = poly[k]
            bx, by = poly[(k + 1) % n]
            ex, ey = bx - ax, by - ay
            den = dx * ey - dy * ex
            with np.errstate(divide="ignore", invalid="ignore"):
                t = ((ax - qx) * ey - (ay - qy) * ex) / den
                s = ((ax - qx) * dy - (ay - qy) * dx) / den
            cross = (den != 0) & (t >= 0) & (t <= 1) & (s >= 0) & (s <= 1)
            z = qz + t * dz
            hit |= cross & (z < h)
            # ray casting for "P inside the footprint"
            cond = ((ay > py) != (by > py))
            with np.errstate(divide="ignore", invalid="ignore"):
                xint = ax + (py - ay) * ex / (by - ay)
            inside_p ^= cond & (px < xint)
        hit |= inside_p & (pz < h)
    else:
        cx, cy, r = blk.data
        fx, fy = qx - cx, qy - cy
        a = dx * dx + dy * dy
        b = 2 * (fx * dx + fy * dy)
        c = fx * fx + fy * fy - r * r
        disc = b * b - 4 * a * c
        ok = (disc > 0) & (a > 0)
        sq = np.sqrt(np.where(ok, disc, 0.0))
        with np.errstate(divide="ignore", invalid="ignore"):
            t1 = (-b - sq) / (2 * a)
            t2 = (-b + sq) / (2 * a)
        # the part of the segment inside the circle is [max(t1,0), min(t2,1)]; z is linear,
        # so its lowest point is at one end of that part
        lo, hi = np.maximum(t1, 0.0), np.minimum(t2, 1.0)
        seg = ok & (lo < hi)
        zmin = np.minimum(qz + lo * dz, qz + hi * dz)
        hit |= seg & (zmin < h)
    return hit


def _eyes(shooter: Base, rings: int, per_ring: int, heights: int) -> np.ndarray:
    pts = []
    for hi in range(heights):
        z = shooter.height_cm * (1.0 - hi / max(1, heights))  # the top first, then lower
        for ri in range(rings, 0, -1):
            rr = shooter.radius * ri / rings
            m = max(6, int(per_ring * ri / rings))
            a = np.arange(m) * 2 * math.pi / m + (0.5 * ri / rings)
            pts.extend((shooter.x + rr * math.cos(t), shooter.y + rr * math.sin(t), z) for t in a)
        pts.append((shooter.x, shooter.y, z))
    return np.asarray(pts)


def reference_hidden_fraction(
    board: Board,
    shooter_id: str,
    target_id: str,
    *,
    models_block: bool = True,
    nu: int = 48,
    nz: int = 48,
    rings: int = 4,
    per_ring: int = 360,
    heights: int = 2,
) -> float:
    """Hidden share of the target's silhouette by dense ray casting (cells visible from no eye point)."""
    shooter, target = board.base(shooter_id), board.base(target_id)
    dx, dy = target.x - shooter.x, target.y - shooter.y
    d = math.hypot(dx, dy)
    ex, ey = dx / d, dy / d
    mx, my = ey, -ex  # to the shooter's right
    rt = target.radius
    ht = max(target.height_cm, 1e-3)
    u = (np.arange(nu) + 0.5) / nu * 2 * rt - rt
    z = (np.arange(nz) + 0.5) / nz * ht
    uu, zz = np.meshgrid(u, z, indexing="ij")
    px = (target.x + uu * mx).ravel()
    py = (target.y + uu * my).ravel()
    pz = zz.ravel()
    eyes = _eyes(shooter, rings, per_ring, heights)
    blockers = _blockers(board, shooter, target, models_block)
    visible = np.zeros(len(px), dtype=bool)
    if not blockers:
        return 0.0
    chunk = 256
    for start in range(0, len(eyes), chunk):
        e = eyes[start : start + chunk]
        todo = ~visible
        if not todo.any():
            break
        qx, qy, qz = e[:, 0][:, None], e[:, 1][:, None], e[:, 2][:, None]
        tx, ty, tz = px[todo][None, :], py[todo][None, :], pz[todo][None, :]
        blocked = np.zeros((len(e), int(todo.sum())), dtype=bool)
        for blk in blockers:
            blocked |= _blocked(qx, qy, qz, tx, ty, tz, blk)
        seen = (~blocked).any(axis=0)
        idx = np.flatnonzero(todo)
        visible[idx[seen]] = True
    return float(1.0 - visible.mean())
