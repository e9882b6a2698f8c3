"""Hidden heights, closed form: one column of the silhouette, one eye point, one convex obstacle, vectorised
over all three (see :mod:`landsraad.geometry.sight` for the method)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..board import Point
from .result import _CLIP

# --- column evaluation --------------------------------------------------------------------------
#
# Coordinates: the silhouette plane is w = 0; u runs along the silhouette (to the shooter's
# right), w toward the shooter; eye points are (u_v, a_v) at height eye_z. A column u of the
# silhouette is the vertical segment above (u, 0). Everything below is vectorised over
# (eye, obstacle piece, column).


PolygonArrays = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
"""Convex pieces padded to corner arrays: ``pu, pw`` (n, M), edge normals ``nrm`` (n, M, 2) and offsets ``off`` (n, M)."""


def _polygon_arrays(pieces: list[np.ndarray], frame: SightFrame) -> PolygonArrays:
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
    deepest or the shallowest point decides. (Called under the caller's ``np.errstate``.)
    """
    rising = h >= eye_z
    # the obstacles are usually all below the eye (or all above it): no element-wise choice then
    t = te if not rising.any() else tx if rising.all() else np.where(rising, tx, te)
    rest = 1.0 - t
    z = np.where(rest > 1e-12, (h - t * eye_z) / rest, np.where(h > eye_z, np.inf, h))
    return np.where(hit, z, -np.inf)


def _column_heights(
    polys: PolygonArrays | None,
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
    # a near-zero denominator overflows to +-inf, the right limit; the heights' division by
    # 1 - t where it is zero is masked (_heights_from_t): no warnings
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        if polys is not None:
            _, _, nrm, off = polys
            nu_, nw_ = nrm[None, :, None, :, 0], nrm[None, :, None, :, 1]  # (1,n,1,M)
            num = nu_ * uc[..., None] - off[None, :, None, :]  # n.P - off, P = (u, 0)
            den = nu_ * du[..., None] + nw_ * ea[:, None, None, None]  # (V,n,C,M)
            ratio = -num / den
            lower = np.maximum.reduce(ratio, axis=-1, where=den < 0, initial=-np.inf)
            upper = np.minimum.reduce(ratio, axis=-1, where=den > 0, initial=np.inf)
            te, tx = np.maximum(lower, 0.0), np.minimum(upper, 1.0)
            hit = te < tx - 1e-12
            parallel = den == 0  # edges parallel to the segment (and the padding's empty edges)
            if parallel.any():
                hit &= ~(parallel & (num > 0)).any(-1)  # ... with the segment outside
            parts.append(_heights_from_t(te, tx, hit, poly_h[None, :, None], eye_z))
        if len(circles):
            cu, cw, rr, ch = (circles[:, k][None, :, None] for k in range(4))
            fu, fw = uc - cu, -cw  # foot - centre
            da = ea[:, None, None]  # (V,1,1)
            a2 = du * du + da * da
            b2 = 2 * (fu * du + fw * da)
            c2 = fu * fu + fw * fw - rr * rr
            disc = b2 * b2 - 4 * a2 * c2
            sq = np.sqrt(np.maximum(disc, 0.0))
            mb, a22 = -b2, 2 * a2
            t1, t2 = (mb - sq) / a22, (mb + sq) / a22
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

@dataclass(frozen=True)
class SightFrame:
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
