"""Sound quick answers for line of sight (R-LOS, RUL-11) from a few separating-axis tests on the table,
before the column analysis: a fast accept (:func:`_clear_view`) and a fast reject (:func:`_walled_off`).

The fast accept: one eye point of the first round from which every first column is at least
half seen. Why it never answers True where the analysis would not.
:func:`~.solver._first_estimate` takes, at each first column ``u``, the least over the first
rim points ``q`` of the highest shadow ``max_i g(q, i, u)`` (less the silhouette's foot),
clipped to ``[0, h]``, and integrates it by trapezoids; :func:`~.analysis._sees` answers True
when that is at most ``_SEEN_FIRST`` = 0.9. So if from one first rim point ``E`` every shadow
``g(E, i, u)`` at every column stays at or below ``floor + h / 2``, the estimate is at most 1/2
(plus rounding, far below the 0.4 left) and line of sight holds. The eyes tried here, angles 0
and the arc's ends, are first rim points (``linspace(-arc, arc, 9)`` holds them exactly). For
one eye ``E`` and one obstacle, either

1. *it is apart*: its footprint stays more than ``_APART_CM`` from the triangle of ``E`` and the
   silhouette's ends, which holds every column's sight segment on the table; no segment
   enters it, and the code's clipping errs by far less than that margin (about 1e-12 cm for a
   polygon's edges, 1e-6 cm along a circle's tangent), so its shadow is empty; or
2. *it is low*: its top ``h_i`` is below the eye (``e``). Along a segment from a column's foot
   (``t = 0``) to the eye (``t = 1``) the hidden height the code computes at the segment's
   entry ``t`` into the footprint, ``(h_i - t e) / (1 - t)``, falls as ``t`` grows, and
   ``t = w / w_E`` for a point ``w`` from the silhouette's plane (``w_E`` the eye's). The entry
   is no nearer than the footprint's nearest point ``w_min``, so the shadow is at most that
   height at ``t0 = (w_min - _APART_CM) / w_E`` (the margin again covering the code's
   rounding of the entry); the obstacle is harmless when that is at most ``floor + h / 2``.

The fast reject: one convex obstacle whose top is above the eye and above the silhouette's
top, and whose footprint holds a whole cross-section of the sight lines. Every sight segment
of the analysis, from any point of the shooter's rim (any refinement's) to any column, lies in
the convex hull of the shooter's disc and the silhouette's footprint, and so in the hull of
the silhouette and the disc's bounding square; between the silhouette's plane and the disc
(``0 < w < w_E``) that hull's cross-section is ``|u| <= u_max(w)``, linear in ``w``. If the
footprint holds the four corners of the strip ``w1 <= w <= w2`` of that hull, ``_APART_CM``
inside its edges (convex: then the whole strip), every segment crosses the footprint over a
stretch of ``t`` of at least ``(w2 - w1) / w_E`` (the code finds it, rounding being far
smaller), and at its exit ``t`` the code's hidden height ``(h_i - t e) / (1 - t)`` is at least
``h_i`` (it rises with ``t`` as ``h_i > e``; at the eye it is infinite), above the
silhouette's top. Every column is then hidden whole from every rim point, at the first round
and at every refinement: the first estimate is 1 (> 0.9) and the analysis' hidden fraction 1,
no line of sight.

The same fast accept with every first column *wholly* seen (``share`` 0, the ceiling the
silhouette's foot) settles the cover class: the eye it found stays among the rim points of every
refinement, and the two lemmas hold for any column (the triangle holds every column's sight
segment; the low test does not depend on the column), so every column of every round is hidden
to a height of at most the foot (rounding aside, some 1e-15 cm, far below the ``_ZERO`` share
that counts as nothing): the analysis' hidden fraction is 0, cover ``none``
(:func:`~.analysis._quick_class`).

The seen column (:func:`_seen_column`, for line of sight when the fast accept and the fast reject
both fail): the same two tests for one first column's sight segment from one first rim point, the
triangle of test 1 shrunk to that segment (the footprint more than ``_APART_CM`` from it, so the
code's clipping finds no entry; test 2 holds for any column, its ceiling at ``_SEEN_COLUMN_SHARE`` =
0.9 of the silhouette). When every obstacle passes one of them, that column's height in the first
round's ``up`` is at most 0.9 of the silhouette, so :func:`~.solver._seen_throughout` holds (for any
silhouette narrower than some 2.5 m: :func:`~.solver._seen_share_settles`), unless the first estimate,
asked before it, is at most 0.9: line of sight either way, the answer of :func:`~.analysis._sees`
without the first round's arrays.

Anything else goes on to the analysis.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from .columns import SightFrame
from .obstacles import SightObstacle

_APART_CM = 1e-3  # a footprint this far from every sight segment is missed in floating point too
_BELOW_EYE_CM = 1e-6  # a top this far below the eye falls along every segment, rounding included
_SEEN_SHARE = 0.5  # every first column seen above this share of its height from one eye
_SEEN_COLUMN_SHARE = 0.9  # one first column seen above this share of its height from one eye (_seen_column)


@dataclass(frozen=True)
class Footprint:
    """One convex footprint in silhouette coordinates ``(u, w)`` with its top."""

    top: float
    w_min: float
    w_max: float
    corners: tuple[tuple[float, float], ...] = ()  # a terrain piece
    axes: tuple[tuple[float, float, float, float, float], ...] = ()  # its edges' normals: nu, nw, lo, hi, margin
    circle: tuple[float, float, float] | None = None  # a base: u, w, radius


def _shapes(obstacles: Sequence[SightObstacle], frame: SightFrame) -> list[Footprint]:
    """The obstacles as convex footprints in the frame's coordinates, each with its obstacle's top
    (a terrain piece gives one per convex part)."""
    out = []
    for o in obstacles:
        if o.kind == "model":
            x, y, r = o.circle
            dx, dy = x - frame.cx, y - frame.cy
            cu, cw = dx * frame.ey - dy * frame.ex, -(dx * frame.ex + dy * frame.ey)
            out.append(Footprint(o.height, cw - r, cw + r, circle=(cu, cw, r)))
            continue
        for piece in o.pieces:
            u, w = frame.uw(piece)
            corners = tuple(zip(u.tolist(), w.tolist()))
            axes = []
            for k in range(len(corners)):
                (u0, w0), (u1, w1) = corners[k - 1], corners[k]
                nu, nw = w1 - w0, u0 - u1
                proj = [nu * cu + nw * cw for cu, cw in corners]
                axes.append((nu, nw, min(proj), max(proj), _APART_CM * math.hypot(nu, nw)))
            ws = [cw for _, cw in corners]
            out.append(Footprint(o.height, min(ws), max(ws), corners=corners, axes=tuple(axes)))
    return out


def _clear_view(shapes: list[Footprint], frame: SightFrame, rs: float, rt: float, height: float, floor: float,
                eye_z: float, arc: float, share: float = _SEEN_SHARE) -> bool:
    """Whether some first rim point (angle 0 or an end of the arc) sees every first column above
    ``share`` of its height (half: then line of sight holds; none of it hidden, ``share`` 0: then
    the cover is ``none``), by the module's two tests (R-LOS, R-COVER, RUL-11). ``shapes`` are the
    obstacles near the line (:func:`_shapes`)."""
    ceiling = floor + share * height
    ends = (-arc,) if arc >= math.pi - 1e-12 else (-arc, arc)  # the full rim: one point at the back
    for psi in (0.0, *ends):
        eu, ea = rs * math.sin(psi), frame.dist - rs * math.cos(psi)
        if all(_low(s, ea, eye_z, ceiling) or _apart(s, eu, ea, rt) for s in shapes):
            return True
    return False


def _low(s: Footprint, ea: float, eye_z: float, ceiling: float) -> bool:
    """Whether the shape's shadow from an eye ``ea`` from the silhouette stays at or below ``ceiling``
    (test 2 of the module notes)."""
    h = s.top
    if h > eye_z - _BELOW_EYE_CM:
        return False
    t0 = max(0.0, (s.w_min - _APART_CM) / ea)
    return t0 >= 1.0 or (h - t0 * eye_z) / (1.0 - t0) <= ceiling


def _apart(s: Footprint, eu: float, ea: float, rt: float) -> bool:
    """Whether the shape stays more than ``_APART_CM`` from the triangle of the eye ``(eu, ea)`` and
    the silhouette's ends ``(-rt, 0)``, ``(rt, 0)`` (test 1 of the module notes)."""
    return _apart_span(s, eu, ea, -rt, rt)


def _apart_span(s: Footprint, eu: float, ea: float, a: float, b: float) -> bool:
    """Whether the shape stays more than ``_APART_CM`` from the triangle of the eye ``(eu, ea)`` and the
    columns' feet ``(a, 0)``, ``(b, 0)``, ``a <= b`` (test 1 of the module notes for the columns
    ``a`` to ``b``; ``a == b``: one column's sight segment)."""
    if s.w_max < -_APART_CM or s.w_min > ea + _APART_CM:
        return True
    if s.circle is not None:
        cu, cw, r = s.circle
        return _triangle_distance(cu, cw, eu, ea, a, b) > r + _APART_CM
    # separating axes: the triangle's two slanted sides (outward normals), then the piece's edges
    for nu, nw, au in ((ea, b - eu, b), (-ea, eu - a, a)):
        if min(nu * cu + nw * cw for cu, cw in s.corners) > nu * au + _APART_CM * math.hypot(nu, nw):
            return True
    for nu, nw, lo, hi, margin in s.axes:
        fa, fb, fc = nu * a, nu * b, nu * eu + nw * ea
        if max(fa, fb, fc) < lo - margin or min(fa, fb, fc) > hi + margin:
            return True
    return False


def _triangle_distance(pu: float, pw: float, eu: float, ea: float, a: float, b: float) -> float:
    """Distance from ``(pu, pw)`` to the triangle ``(a, 0), (b, 0), (eu, ea)`` (0 inside; ``a == b``: to
    the segment)."""
    corners = ((a, 0.0), (b, 0.0), (eu, ea))
    inside = True
    best = math.inf
    for k in range(3):
        (au, aw), (bu, bw) = corners[k], corners[(k + 1) % 3]
        du, dw = bu - au, bw - aw
        if du * (pw - aw) - dw * (pu - au) < 0:  # right of a counter-clockwise edge: outside
            inside = False
        length2 = du * du + dw * dw
        t = min(1.0, max(0.0, ((pu - au) * du + (pw - aw) * dw) / length2)) if length2 > 0.0 else 0.0
        best = min(best, math.hypot(pu - au - t * du, pw - aw - t * dw))
    return 0.0 if inside else best


_STRIP_CM = 0.01  # the cross-section strip a blocking footprint must hold
_STRIP_TRIES = 5


def _walled_off(shapes: list[Footprint], frame: SightFrame, rs: float, rt: float, height: float, floor: float,
                eye_z: float) -> bool:
    """Whether one obstacle, taller than the eye and than the silhouette, holds a whole
    cross-section of the sight lines: then the silhouette is all hidden and there is no line of
    sight (R-LOS, RUL-11; the module's fast reject). ``shapes`` as for :func:`_clear_view`."""
    above = max(eye_z, floor + height) + _BELOW_EYE_CM
    return any(_wall(s, frame.dist, rs, rt) for s in shapes if s.top >= above)


def _wall(s: Footprint, dist: float, rs: float, rt: float) -> bool:
    """Whether the shape holds a strip of the hull of the sight segments (the module notes)."""
    w_eye = dist - rs  # the disc's nearest point
    # the hull's half width at w: from the silhouette's end to the bounding square's near or far
    # corner on that side, whichever is wider
    slope = (rs - rt) / (w_eye if rs >= rt else dist + rs)
    lo = max(s.w_min, 0.0) + _STRIP_CM
    hi = min(s.w_max, w_eye) - _STRIP_CM
    for k in range(_STRIP_TRIES if hi >= lo else 0):
        w = lo + (hi - lo) * (k + 0.5) / _STRIP_TRIES
        ws = (w - _STRIP_CM / 2, w + _STRIP_CM / 2)
        if all(_holds(s, side * (rt + slope * wk), wk) for wk in ws for side in (-1.0, 1.0)):
            return True
    return False


def _holds(s: Footprint, u: float, w: float) -> bool:
    """Whether the shape holds the point ``(u, w)`` ``_APART_CM`` inside its boundary."""
    if s.circle is not None:
        cu, cw, r = s.circle
        return math.hypot(u - cu, w - cw) <= r - _APART_CM
    return all(lo + margin <= nu * u + nw * w <= hi - margin for nu, nw, lo, hi, margin in s.axes)


_COLUMN_TRIES = 2  # columns outside every rough shadow tested per eye


def _seen_column(shapes: list[Footprint], frame: SightFrame, rs: float, rt: float, height: float, floor: float,
                 eye_z: float, psis: Sequence[float], cols: Sequence[float]) -> bool:
    """Whether some first rim point (angles ``psis``) sees some first column (``cols``) above
    ``_SEEN_COLUMN_SHARE`` of its height, by the module's two tests on that column's sight segment
    alone (the triangle of test 1 shrunk to the segment; test 2 holds for any column). ``shapes`` as
    for :func:`_clear_view`.

    Each eye's shadows on the silhouette's line only choose the columns worth the tests (they need
    not be exact): the tests decide.
    """
    ceiling = floor + _SEEN_COLUMN_SHARE * height
    dist = frame.dist
    for psi in psis:
        eu, ea = rs * math.sin(psi), dist - rs * math.cos(psi)
        blockers = [s for s in shapes if not _low(s, ea, eye_z, ceiling)]
        if not blockers:
            return True
        free = cols
        for s in blockers:
            shadow = _shadow(s, eu, ea)
            if shadow is None:  # it reaches the eye's depth: harmless only if apart from every column's segment
                if _apart(s, eu, ea, rt):
                    continue
                free = ()
                break
            lo, hi = shadow
            if hi >= free[0] and lo <= free[-1]:
                free = [c for c in free if c < lo or c > hi]
                if not free:
                    break
        # (the shadows are rough: the tests decide, on a column or two)
        for c in free[:_COLUMN_TRIES]:
            if all(_segment_apart(s, c, eu, ea) for s in blockers):
                return True
    return False


def _seen_run(shapes: list[Footprint], frame: SightFrame, rs: float, floor: float, eye_z: float, psis: Sequence[float],
              cols: Sequence[float], seen: Sequence[Sequence[bool]], need: float) -> bool:
    """Whether some first rim point (angles ``psis``) sees whole every column from one first column
    (``cols``) to another more than ``need`` apart: every obstacle apart from the triangle of the
    eye and those two columns' feet, or low under the silhouette's foot (the module's two tests;
    then every column between them, of any round, is hidden to the foot at most, rounding aside).
    ``shapes`` as for :func:`_clear_view`; ``seen[q][c]``, whether the first round found column
    ``c`` seen whole from rim point ``q``, chooses the runs tested (the tests decide)."""
    dist = frame.dist
    for psi, row in zip(psis, seen):
        blockers = None
        j = 0
        while j < len(row):  # the runs of columns seen whole, each tested once
            if not row[j]:
                j += 1
                continue
            k = j
            while k + 1 < len(row) and row[k + 1]:
                k += 1
            if cols[k] - cols[j] > need:
                eu, ea = rs * math.sin(psi), dist - rs * math.cos(psi)
                if blockers is None:
                    blockers = [s for s in shapes if not _low(s, ea, eye_z, floor)]
                if all(_apart_span(s, eu, ea, cols[j], cols[k]) for s in blockers):
                    return True
            j = k + 1
    return False


def _shadow(s: Footprint, eu: float, ea: float) -> tuple[float, float] | None:
    """Roughly the columns whose sight segments from the eye ``(eu, ea)`` meet the shape: its shadow
    on the silhouette's line; None when it reaches the eye's depth (no column chosen past it)."""
    if s.circle is not None:
        cu, cw, r = s.circle
        du, dw = cu - eu, cw - ea
        d2 = du * du + dw * dw
        if dw >= 0.0 or d2 <= r * r:
            return None
        ang, half = math.atan2(dw, du), math.asin(r / math.sqrt(d2))
        lo_s, hi_s = math.sin(ang + half), math.sin(ang - half)
        if lo_s >= 0.0 or hi_s >= 0.0:
            return None
        a = eu - ea * math.cos(ang + half) / lo_s
        b = eu - ea * math.cos(ang - half) / hi_s
        return (a, b) if a <= b else (b, a)
    if s.w_max >= ea:
        return None
    us = [eu + (cu - eu) * ea / (ea - cw) for cu, cw in s.corners]
    return min(us), max(us)


def _segment_apart(s: Footprint, c: float, eu: float, ea: float) -> bool:
    """Whether the shape stays more than ``_APART_CM`` from the sight segment from the column's foot
    ``(c, 0)`` to the eye ``(eu, ea)`` (test 1 of the module notes for that segment alone)."""
    return _apart_span(s, eu, ea, c, c)
