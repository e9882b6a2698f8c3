"""The threat map in the viewer (issue 39): ``T`` on a selected model shades every cell of the
table by how many enemies could shoot or charge it there (``Shift+T``: how many it could shoot or
charge from there), the map of :func:`landsraad.table.threat.threat_map` and of ``landsraad
threat``, in the colours of its picture.

The map follows the table while a model is dragged: a :class:`~landsraad.table.threat.ThreatSolver`
keeps what the move leaves standing (an enemy's layer again when it is the one dragged; the
other layers only at the cells whose sight the dragged base enters or leaves; nothing when the
mapped model itself is dragged, since it is stood at every cell anyway). The counts are exact;
cover and odds are worked out only at the mapped model's own cell, for the status line. A
recompute waits at least :data:`FOLLOW_EVERY_S` and twice the last one's time after the one
before, so the frames between stay smooth; the last position is always drawn.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from ..geometry.board import Board
from ..i18n import _
from ..scene import Scene
from ..table.threat import ThreatMap, ThreatSolver
from ..wording import threat_point_line

__all__ = ["ThreatView", "LEVEL_COLOURS", "FOLLOW_EVERY_S", "level_geometries"]

LEVEL_COLOURS = ((253, 230, 138), (245, 158, 11), (220, 38, 38), (127, 29, 29))
"""Cells threatened by 1, 2, 3, 4 or more enemies (``landsraad threat --svg``'s colours)."""

FOLLOW_EVERY_S = 0.1
"""The least time between two recomputes of the map while a model is dragged."""


def level_geometries(tm: ThreatMap) -> list[tuple[BaseGeometry, tuple[int, int, int]]]:
    """One geometry per threat level 1 and above (the union of its cells' squares) and its colour."""
    h = tm.resolution_cm / 2
    level = np.minimum(np.where(tm.standable, tm.threat, 0), len(LEVEL_COLOURS))
    out = []
    for n in range(1, len(LEVEL_COLOURS) + 1):
        rows, cols = np.nonzero(level == n)
        if len(rows):
            x, y = tm.xs[cols], tm.ys[rows]
            out.append((shapely.union_all(shapely.box(x - h, y - h, x + h, y + h)), LEVEL_COLOURS[n - 1]))
    return out


@dataclass
class ThreatView:
    """What ``T`` shows: the model, the direction, and the solver that keeps its map."""

    model: str
    reverse: bool = False
    solver: ThreatSolver | None = field(default=None, repr=False)
    cost_s: float = 0.0
    """The CPU time of the last recompute."""
    _shown: Board | None = field(default=None, repr=False)
    _next: float = 0.0
    _map: ThreatMap | None = field(default=None, repr=False)
    _key: tuple[Scene, Board] | None = field(default=None, repr=False)

    def board_to_show(self, live: Board, still: Board, now: float | None = None) -> Board:
        """The table the map should be drawn for: ``still`` when nothing is dragged, else ``live``
        (the dragged model at the pointer) at most every :data:`FOLLOW_EVERY_S` (and twice the
        last recompute's time), the board last shown in between."""
        if live is still or live == still or self._shown is None:
            self._shown = live
            return live
        now = time.monotonic() if now is None else now
        if now >= self._next:
            self._shown = live
            self._next = now + max(FOLLOW_EVERY_S, 2 * self.cost_s)
        return self._shown

    def map_for(self, scene: Scene, board: Board | None = None) -> ThreatMap:
        """The map on ``scene`` as ``board`` stands (default the scene's), recomputed only for what
        changed; cover and odds at the model's own cell."""
        board = scene.board if board is None else board
        if self._map is not None and self._key == (scene, board):
            return self._map
        if self.solver is None:
            self.solver = ThreatSolver(self.model, reverse=self.reverse)
        start = time.process_time()
        me = board.base(self.model)
        detail = self.solver.detail_at(board, [(me.x, me.y)])
        self._map = self.solver.map(scene, board=board, scene_name="viewer", detail=detail)
        self._key = (scene, board)
        self.cost_s = time.process_time() - start
        return self._map

    def status(self, tm: ThreatMap, board: Board) -> str:
        """The status line: what the colours mean, and the model's own cell in words."""
        me = board.base(self.model)
        what = (_("Threat map of {model}: enemies it could shoot or charge from each cell ({cell} cm cells; yellow 1, "
                  "orange 2, red 3, dark 4+).") if self.reverse else
                _("Threat map of {model}: enemies that could shoot or charge it at each cell ({cell} cm cells; yellow 1, "
                  "orange 2, red 3, dark 4+)."))
        here = _("Where it stands, the cell {cell}").format(cell=threat_point_line(tm, tm.at(me.x, me.y))) if (
            0 <= me.x <= tm.width_cm and 0 <= me.y <= tm.depth_cm) else ""
        return " ".join(p for p in (what.format(model=self.model, cell=f"{tm.resolution_cm:g}"), here,
                                    _("T again hides it; Shift+T reverses it.")) if p)
