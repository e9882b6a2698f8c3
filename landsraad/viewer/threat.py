"""The threat map in the viewer (issue 39): ``T`` on a selected model shades every cell of the
table by how many enemies could shoot or charge it there (``Shift+T``: how many it could shoot or
charge from there), the map of :func:`landsraad.table.threat.threat_map` and of ``landsraad
threat``, in the colours of its picture.

The map does not depend on where the model itself stands (it is stood at every cell), only on
the rest of the table: it is computed once per table and kept while the model is dragged, and
again when a piece or another model is dropped elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import shapely
from shapely.geometry.base import BaseGeometry

from ..scene import Scene
from ..table.threat import ThreatMap, threat_map

__all__ = ["ThreatView", "LEVEL_COLOURS", "level_geometries"]

LEVEL_COLOURS = ((253, 230, 138), (245, 158, 11), (220, 38, 38), (127, 29, 29))
"""Cells threatened by 1, 2, 3, 4 or more enemies (``landsraad threat --svg``'s colours)."""


def level_geometries(tm: ThreatMap) -> list[tuple[BaseGeometry, tuple[int, int, int]]]:
    """One geometry per threat level 1 and above (the union of its cells' squares) and its colour."""
    h = tm.resolution_cm / 2
    rows, cols = tm.grid_shape
    threat = tm.threat
    boxes: dict[int, list[BaseGeometry]] = {}
    for r in range(rows):
        for c in range(cols):
            n = int(threat[r, c]) if tm.standable[r, c] else 0
            if n:
                x, y = float(tm.xs[c]), float(tm.ys[r])
                boxes.setdefault(min(n, len(LEVEL_COLOURS)), []).append(shapely.box(x - h, y - h, x + h, y + h))
    return [(shapely.union_all(b), LEVEL_COLOURS[n - 1]) for n, b in sorted(boxes.items())]


@dataclass
class ThreatView:
    """What ``T`` shows: the model, the direction, and the map kept for the table it was made on."""

    model: str
    reverse: bool = False
    _key: Any = None
    _map: ThreatMap | None = None

    def map_for(self, scene: Scene) -> ThreatMap:
        """The map on ``scene``, computed again only when the table apart from the model changed."""
        board = scene.board
        key = (board.without(self.model), self.reverse)
        if self._map is None or self._key != key:
            self._map = threat_map(scene, self.model, reverse=self.reverse, scene_name="viewer")
            self._key = key
        return self._map

    def status(self, tm: ThreatMap) -> str:
        """The status line: what the colours mean."""
        what = "enemies it could shoot or charge from each cell" if self.reverse else "enemies that could shoot or charge it at each cell"
        return (f"Threat map of {self.model}: {what} ({tm.resolution_cm:g} cm cells; yellow 1, orange 2, red 3, dark 4+). "
                "T again hides it; Shift+T reverses it.")
