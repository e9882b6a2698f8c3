"""The camera: table centimetres to window pixels and back, with pan and zoom.

The table fills the window's table area at zoom 1 with its proportions kept (y north is up on
screen, as on the SVG pictures); zooming keeps the table point under the pointer still.

Examples
--------
>>> cam = Camera(table_w=60, table_h=60, area=(0, 0, 640, 640), margin_px=20)
>>> cam.scale                         # (640 - 2 * 20) / 60 pixels per cm
10.0
>>> cam.to_screen(0, 0), cam.to_screen(60, 60)
((20.0, 20.0), (620.0, 620.0))
>>> cam.to_table(*cam.to_screen(12.5, 40))
(12.5, 40.0)
>>> cam.zoom_at(320, 320, 2.0); cam.to_table(320, 320)   # the centre stays put
(30.0, 30.0)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Camera", "MIN_ZOOM", "MAX_ZOOM"]

MIN_ZOOM = 0.5
MAX_ZOOM = 8.0


@dataclass
class Camera:
    """Maps table cm to pixels inside ``area`` = (x, y, width, height) of the window.

    ``zoom`` multiplies the fitted scale; ``pan`` shifts the picture in pixels.
    """

    table_w: float = 60.0
    table_h: float = 60.0
    area: tuple[float, float, float, float] = (0.0, 0.0, 720.0, 720.0)
    margin_px: float = 24.0
    zoom: float = 1.0
    pan: tuple[float, float] = (0.0, 0.0)

    @property
    def fit_scale(self) -> float:
        """Pixels per cm at zoom 1: the whole table in the area, proportions kept."""
        _, _, w, h = self.area
        return max(1e-6, min((w - 2 * self.margin_px) / self.table_w, (h - 2 * self.margin_px) / self.table_h))

    @property
    def scale(self) -> float:
        """Pixels per cm now."""
        return self.fit_scale * self.zoom

    def _origin(self) -> tuple[float, float]:
        x, y, w, h = self.area
        s = self.scale
        # centred at zoom 1, then shifted by the pan
        ox = x + (w - self.table_w * self.fit_scale) / 2 + (self.table_w * self.fit_scale - self.table_w * s) / 2 + self.pan[0]
        oy = y + (h - self.table_h * self.fit_scale) / 2 + (self.table_h * self.fit_scale - self.table_h * s) / 2 + self.pan[1]
        return ox, oy

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        """The window pixel of table point (x, y) cm."""
        ox, oy = self._origin()
        return (ox + x * self.scale, oy + y * self.scale)

    def to_table(self, px: float, py: float) -> tuple[float, float]:
        """The table point (cm) under window pixel (px, py)."""
        ox, oy = self._origin()
        return ((px - ox) / self.scale, (py - oy) / self.scale)

    def length(self, cm: float) -> float:
        """A length in cm as pixels."""
        return cm * self.scale

    def zoom_at(self, px: float, py: float, factor: float) -> None:
        """Zoom by ``factor`` (clamped to MIN_ZOOM..MAX_ZOOM) keeping the point under (px, py) still."""
        before = self.to_table(px, py)
        self.zoom = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom * factor))
        sx, sy = self.to_screen(*before)
        self.pan = (self.pan[0] + px - sx, self.pan[1] + py - sy)

    def pan_by(self, dx: float, dy: float) -> None:
        """Shift the picture by (dx, dy) pixels."""
        self.pan = (self.pan[0] + dx, self.pan[1] + dy)

    def reset(self) -> None:
        """Back to the whole table."""
        self.zoom, self.pan = 1.0, (0.0, 0.0)
