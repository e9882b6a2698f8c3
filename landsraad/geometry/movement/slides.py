"""A board's obstacles as the straight-slide test reads them, without the board's whole space
(internal, R-MOVE, RUL-17).

The straight test (:func:`~.voluntary.straight_moves` and its kin, behind the engine's suggested
moves) asks three things of a board: whether each end spot is free, whether each slide's swept
capsule is clear, and what each slide costs over difficult ground. It is asked on nearly every new
board (a base has moved), where building the board's :class:`~.space.Space` (its capsules, frame,
boxes, caches) cost more than the questions. Only the capsules read the bases; the table's edges,
the impassable interiors and the difficult ground are the terrain's, and the terrain-only space of
the layout and table (:func:`~.terrain_space._bare_space`) answers them as the board's space would.
So :class:`_BoardCapsules` puts the bases' discs before the layout's capsules, in the board space's
order and with its numbers element by element (centres, radii ``r + radius`` less the touching
tolerance, boxes), and asks the space's own kernels of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import numpy as np

from ..board import Board
from .capsules import _SCALAR_PAIRS, _near_pairs, _scalar_hits, _vector_hits
from .result import TOUCH_TOLERANCE_CM
from .space import Space, _frame_dists, _free_spots
from .terrain_space import TerrainSpace, _bare_space, _mover, _terrain_space_of, _with_bases


@dataclass(eq=False)
class _BoardCapsules:
    """The capsules of a mover's space on one board, the bases' discs first (internal).

    Attributes
    ----------
    terrain
        The terrain alone on the board's table, for the mover's radius: the table's edges, the
        impassable interiors and the difficult ground (no question of those reads a base).
    layout
        The terrain's part of the capsules.
    rows
        (3, K): every capsule's first end (x, y) and radius less the touching tolerance, the bases'
        (``n``, their centres) first.
    bases
        The bases' centres and radii less the tolerance, as Python lists ``(xs, ys, rho)``.
    """

    terrain: Space
    layout: TerrainSpace
    rows: np.ndarray
    bases: tuple[list[float], list[float], list[float]]

    def points_free(self, pts: np.ndarray, box: tuple[float, float, float, float] | None = None) -> np.ndarray:
        """:meth:`Space.points_free <landsraad.geometry.movement.space.Space.points_free>` on the board."""
        shared = _with_bases(self.layout, len(self.bases[0]))
        dist = _frame_dists(pts, (self.rows[0:1], self.rows[1:2], *shared.frame_rest), shared)
        return _free_spots(self.terrain, pts, dist, self.rows[2], box)

    def slides_clear(self, start: np.ndarray, ends: np.ndarray) -> np.ndarray:
        """:meth:`Space.free_spots_slide_clear <landsraad.geometry.movement.space.Space.free_spots_slide_clear>`
        of the slides from ``start`` ((1, 2)) to each of ``ends`` ((M, 2)) on the board: which of them
        enter no capsule (their ends known free)."""
        k = self.rows.shape[1]
        out = np.zeros(len(ends), dtype=bool)
        if not k or not len(ends):
            return ~out
        boxes = self._boxes()
        step = max(1, 200_000 // k)  # slides per chunk: bounded (M, K) arrays, as the space's
        for lo in range(0, len(ends), step):
            self._hits(out[lo:lo + step], start, ends[lo:lo + step], boxes)
        return ~out

    def _hits(self, out: np.ndarray, start: np.ndarray, ends: np.ndarray, boxes: tuple[np.ndarray, np.ndarray]) -> None:
        """:func:`~.capsules._cap_hits` of the slides, written into ``out``: the pairs whose boxes meet
        (the start broadcast over the ends: the same boxes), then a few one by one in Python floats
        from lists at hand, or all at once."""
        mi, ki = _near_pairs(start, ends, *boxes)
        if len(mi) > _SCALAR_PAIRS:
            a, b = self._ends()
            _vector_hits(out, mi, ki, np.repeat(start, len(ends), axis=0), ends, a, b, self.rows[2])
        elif len(mi):
            xs, ys, rho = self.bases
            pairs = list(zip(xs, ys))
            ta, tb, trho = self.layout.cap_lists
            _scalar_hits(out, mi.tolist(), ki.tolist(), start.tolist() * len(ends), ends.tolist(), pairs + ta, pairs + tb,
                         rho + trho)

    def _boxes(self) -> tuple[np.ndarray, np.ndarray]:
        """The capsules' boxes as :func:`~.capsules._cap_boxes` gives them (a disc's: its centre less and
        plus its radius), the layout's kept."""
        centres, rho = self.rows[:2, :len(self.bases[0])], self.rows[2, :len(self.bases[0])]
        lo, hi = self.layout.cap_boxes
        return np.concatenate([(centres - rho).T, lo]), np.concatenate([(centres + rho).T, hi])

    def _ends(self) -> tuple[np.ndarray, np.ndarray]:
        """The capsules' ends ``(a, b)``, (K, 2) each: a disc's both at its centre."""
        centres = self.rows[:2, :len(self.bases[0])].T
        return np.concatenate([centres, self.layout.cap_a]), np.concatenate([centres, self.layout.cap_b])


def _board_capsules(board: Board, model_id: str, ignore: Iterable[str]) -> _BoardCapsules:
    """``model_id``'s capsules on ``board``, the bases in ``ignore`` left out (as
    :func:`~.terrain_space._space`: the same errors for unknown ids)."""
    base, excluded = _mover(board, model_id, ignore)
    r = base.radius
    layout = _terrain_space_of(board.terrain, r)
    xs, ys, rho = [], [], []
    for b in board.bases:  # in the board's order, as the space's capsules
        if b.id not in excluded:
            xs.append(b.x)
            ys.append(b.y)
            rho.append((r + b.radius) - TOUCH_TOLERANCE_CM)  # the space's cap_r less the tolerance, element by element
    # (one flat list: numpy reads it several times faster than three nested ones)
    rows = np.concatenate([np.array(xs + ys + rho, dtype=float).reshape(3, -1), layout.cap_rows], axis=1)
    return _BoardCapsules(_bare_space(layout, r, board.width, board.depth), layout, rows, (xs, ys, rho))
