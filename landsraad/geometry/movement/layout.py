"""What the spaces of one terrain layout share per number of bases before it (:class:`WithBases`):
the capsules' owners and the constant part of their segment frame, built once and read by every
space of that layout (:mod:`.space`, :mod:`.terrain_space`)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from shapely.geometry import Polygon

__all__ = ["WithBases"]


@dataclass(frozen=True)
class WithBases:
    """What a space's capsules owe to the terrain layout and the number ``n`` of bases before it
    alone (built once per layout and ``n``, shared by every such space, read only).

    Attributes
    ----------
    cap_owner
        Each capsule's owner: the bases ``0 .. n - 1``, then the terrain's owners shifted by ``n``.
    terrain_shapes
        The terrain's shapes by their shifted owner.
    frame_rest
        What :func:`~.capsules._segment_frame` gives beyond the starts: a base's capsule is a point (its axis
        from the centre to itself), whose direction is zero wherever it stands, so the frame of
        ``n`` points at the origin stands for any.
    full
        Whether every terrain capsule has some length (its frame's ``long``): then the frame's
        constant part serves as full arrays of as many rows as points (:meth:`rows`).
    tiled
        Those arrays, per number of points (:meth:`rows`).
    """

    cap_owner: np.ndarray
    terrain_shapes: dict[int, Polygon]
    frame_rest: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # (vx, vy, long, safe)
    full: bool = False
    tiled: dict[int, tuple[np.ndarray, ...]] = field(default_factory=dict)

    def rows(self, m: int) -> tuple[np.ndarray, ...] | None:
        """``(vx, vy, safe, zero, one)`` of :func:`~.capsules._point_seg_dist_full` for ``m`` points, as (m, K)
        arrays built once per ``m`` (at most 64 kept, read only), when every capsule has some length
        or is a point (``full``; else None: :func:`~.capsules._point_seg_dist` answers)."""
        if not self.full:
            return None
        rows = self.tiled.get(m)
        if rows is None:
            vx, vy, _, safe = self.frame_rest
            k = vx.shape[1]
            rows = tuple(np.repeat(x, m, axis=0) for x in (vx, vy, safe)) + (np.zeros((m, k)), np.ones((m, k)))
            for part in rows:
                part.flags.writeable = False
            if len(self.tiled) >= 64:
                self.tiled.clear()
            self.tiled[m] = rows
        return rows
