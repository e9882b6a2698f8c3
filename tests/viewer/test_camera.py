"""The camera: table cm <-> pixels, pan and zoom."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from landsraad.viewer.camera import MAX_ZOOM, MIN_ZOOM, Camera

coord = st.floats(0, 60, allow_nan=False)


@given(x=coord, y=coord, zoom=st.floats(MIN_ZOOM, MAX_ZOOM), px=st.floats(-500, 500), py=st.floats(-500, 500),
       w=st.integers(200, 2000), h=st.integers(200, 2000))
def test_screen_and_table_are_inverse(x: float, y: float, zoom: float, px: float, py: float, w: int, h: int) -> None:
    cam = Camera(area=(0, 40, w, h), zoom=zoom, pan=(px, py))
    back = cam.to_table(*cam.to_screen(x, y))
    assert math.isclose(back[0], x, abs_tol=1e-6) and math.isclose(back[1], y, abs_tol=1e-6)


@given(w=st.integers(200, 2000), h=st.integers(200, 2000))
def test_table_fits_the_area_with_its_proportions(w: int, h: int) -> None:
    cam = Camera(table_w=60, table_h=40, area=(10, 20, w, h), margin_px=5)
    (x0, y0), (x1, y1) = cam.to_screen(0, 0), cam.to_screen(60, 40)
    assert x0 >= 10 + 5 - 1e-6 and y0 >= 20 + 5 - 1e-6 and x1 <= 10 + w - 5 + 1e-6 and y1 <= 20 + h - 5 + 1e-6
    assert math.isclose((x1 - x0) / (y1 - y0), 60 / 40)
    # one of the two directions fills the area
    assert math.isclose(x1 - x0, w - 10) or math.isclose(y1 - y0, h - 10)


@given(px=st.floats(0, 700), py=st.floats(0, 700), factor=st.floats(0.3, 4))
def test_zoom_keeps_the_point_under_the_pointer(px: float, py: float, factor: float) -> None:
    cam = Camera(area=(0, 0, 700, 700))
    before = cam.to_table(px, py)
    cam.zoom_at(px, py, factor)
    after = cam.to_table(px, py)
    assert MIN_ZOOM <= cam.zoom <= MAX_ZOOM
    assert math.isclose(before[0], after[0], abs_tol=1e-6) and math.isclose(before[1], after[1], abs_tol=1e-6)


def test_pan_and_reset() -> None:
    cam = Camera(area=(0, 0, 700, 700))
    start = cam.to_screen(10, 10)
    cam.pan_by(30, -20)
    moved = cam.to_screen(10, 10)
    assert math.isclose(moved[0], start[0] + 30) and math.isclose(moved[1], start[1] - 20)
    cam.zoom_at(100, 100, 3)
    cam.reset()
    again = cam.to_screen(10, 10)
    assert math.isclose(again[0], start[0]) and math.isclose(again[1], start[1])
