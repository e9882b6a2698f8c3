"""Points at given lengths along a polyline, vectorised: GEOS's ``line_interpolate_point``, bit for bit.

The escape search and the refinement of difficult-terrain crossings (:mod:`.forced`,
:mod:`.graph`) ask for dozens of points along the same outline, over and over. GEOS walks the
line from its start for each point (``LengthLocationMap::getLocationForward``): on outlines of
hundreds of vertices, 13 % of the time of a set of dodges on random scenes. :class:`Polyline`
keeps the running sums of the segments' lengths once and finds every point by one binary
search, with GEOS's arithmetic, so the points, and every path priced from them, are the same.

Examples
--------
>>> import numpy as np, shapely
>>> line = shapely.LineString([(0, 0), (3, 0), (3, 4)])
>>> Polyline.of(line).at(np.array([-9.0, -1.0, 0.0, 1.5, 3.0, 5.0, 7.0, 9.0])).tolist()
[[0.0, 0.0], [3.0, 3.0], [0.0, 0.0], [1.5, 0.0], [3.0, 0.0], [3.0, 2.0], [3.0, 4.0], [3.0, 4.0]]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely

__all__ = ["Polyline"]


@dataclass(frozen=True, eq=False)
class Polyline:
    """A polyline's vertices and the running sums of its segments' lengths (read only).

    Attributes
    ----------
    coords
        (N, 2) vertices.
    seg_len
        (N - 1,) each segment's length, as GEOS computes it (``sqrt(dx * dx + dy * dy)``).
    ends
        (N - 1,) the length along the line at each segment's end, summed one segment after the
        other as GEOS sums them.
    """

    coords: np.ndarray
    seg_len: np.ndarray
    ends: np.ndarray

    @classmethod
    def of(cls, line: shapely.LineString) -> "Polyline":
        """The polyline of a shapely ``LineString`` (or ``LinearRing``).

        Parameters
        ----------
        line
            A line of at least two vertices (an empty line has no points to give).

        Returns
        -------
        Polyline
        """
        coords = shapely.get_coordinates(line)
        d = coords[1:] - coords[:-1]
        dx, dy = d[:, 0], d[:, 1]
        seg_len = np.sqrt(dx * dx + dy * dy)
        # np.add.accumulate adds in order, one element after the other (no pairwise summation):
        # each running sum is GEOS's ``totalLength + segLen`` for that segment
        return cls(coords, seg_len, np.add.accumulate(seg_len))

    def at(self, lengths: np.ndarray) -> np.ndarray:
        """The points at ``lengths`` along the line, as ``shapely.line_interpolate_point`` puts them.

        GEOS takes the first segment whose end lies beyond the length (``totalLength + segLen >
        length``), the fraction ``(length - totalLength) / segLen`` along it, and the point
        ``(p1 - p0) * fraction + p0``; a length of 0 is the first vertex, one beyond the line's
        length the last, and a negative one is measured back from the end.

        Parameters
        ----------
        lengths
            (M,) lengths along the line, in cm.

        Returns
        -------
        numpy.ndarray
            (M, 2) points.
        """
        s = np.asarray(lengths, dtype=float).reshape(-1)
        coords, n = self.coords, len(self.seg_len)
        if n == 0:
            return np.repeat(coords[:1], len(s), axis=0)
        s = np.where(s < 0.0, self.ends[-1] + s, s)  # the line's length: GEOS's sum, in the same order
        out = np.empty((len(s), 2))
        k = np.searchsorted(self.ends, s, side="right")  # first segment ending beyond s
        past = k >= n
        out[past] = coords[-1]
        inside = np.nonzero(~past)[0]
        if len(inside):
            kk = k[inside]
            before = np.where(kk > 0, self.ends[np.maximum(kk - 1, 0)], 0.0)
            p0, p1 = coords[kk], coords[kk + 1]
            # a zero-length segment is taken only by a length still below 0 (the first vertex,
            # set below): its fraction and point are dropped
            with np.errstate(divide="ignore", invalid="ignore"):
                frac = (s[inside] - before) / self.seg_len[kk]
                pts = (p1 - p0) * frac[:, None] + p0
            pts = np.where((frac <= 0.0)[:, None], p0, pts)
            out[inside] = np.where((frac >= 1.0)[:, None], p1, pts)
        out[s <= 0.0] = coords[0]
        return out
