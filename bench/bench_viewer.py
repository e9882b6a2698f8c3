"""Benchmark of the viewer's overlays (issue 11): the cost of one overlay update while the
pointer moves, on the reference scene (``scenes/reference.yaml``: 10 terrain pieces, 20
models). Target: under 16 ms per update (60 frames a second).

An update is what happens when the pointer moves one step:

1. *move*: a model is selected; its reach region (cached per static board) is drawn and the
   cheapest move to the pointer is planned (:func:`landsraad.geometry.movement.plan_move`);
2. *sight drag*: a shooter and a target are selected and the target is dragged; every step is
   a new board, so cover and the nearest-target rule are computed afresh;
3. *blast*: a 5 cm blast template follows the pointer.

For each, the library's answers alone (always), and with a display (``DISPLAY`` set, e.g.
``xvfb-run -a python bench/bench_viewer.py``) the whole overlay-layer refresh of a real
window: the answers plus building the pyglet shapes and the panel text, no frame flip.
Pointer paths are seeded and the same every run. The first update of each series (cold
caches: the free space, the reach region) is reported apart.

Run by hand (never in the test suite)::

    python bench/bench_viewer.py [--steps 200]

Figures and machine are recorded in ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from landsraad.scene import load_scene  # noqa: E402
from landsraad.viewer import overlays  # noqa: E402

TARGET_MS = 16.0


def _pointer_path(rng: np.random.Generator, centre: tuple[float, float], steps: int, spread: float) -> list[tuple[float, float]]:
    """A wandering pointer around ``centre`` (a random walk, 0.3 cm steps, kept on the table)."""
    x, y = centre
    out = []
    for _ in range(steps):
        x = float(np.clip(x + rng.normal(0, 0.3), centre[0] - spread, centre[0] + spread))
        y = float(np.clip(y + rng.normal(0, 0.3), centre[1] - spread, centre[1] + spread))
        out.append((min(59.0, max(1.0, x)), min(59.0, max(1.0, y))))
    return out


def _time(fn: Callable[[Any], Any], inputs: list[Any]) -> tuple[float, list[float]]:
    t0 = time.perf_counter()
    fn(inputs[0])
    first = (time.perf_counter() - t0) * 1000
    times = []
    for p in inputs[1:]:
        t0 = time.perf_counter()
        fn(p)
        times.append((time.perf_counter() - t0) * 1000)
    return first, times


def _report(name: str, first: float, times: list[float]) -> bool:
    times = sorted(times)
    med = statistics.median(times)
    p90 = times[int(0.9 * (len(times) - 1))]
    p99 = times[int(0.99 * (len(times) - 1))]
    ok = med < TARGET_MS
    print(f"| {name} | {med:.2f} ms | {p90:.2f} ms | {p99:.2f} ms | {max(times):.1f} ms | {first:.1f} ms | {'yes' if ok else 'NO'} |")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=200, help="pointer steps per series (default 200)")
    args = parser.parse_args()
    board = load_scene(ROOT / "scenes" / "reference.yaml").board
    rng = np.random.default_rng(11)
    print(f"{platform.node()} {platform.machine()}, Python {platform.python_version()}, load {os.getloadavg()[0]:.1f}")
    print("| update | median | p90 | p99 | max | first (cold) | median < 16 ms |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    ok = True

    def move_update(p: tuple[float, float]) -> None:
        overlays.reach_overlay(board, "red-4", 10.0)
        overlays.move_overlay(board, "red-4", p, 10.0)

    first, times = _time(move_update, _pointer_path(rng, (38.0, 14.0), args.steps, 9.0))
    ok &= _report("move to the pointer (red-4), answers", first, times)

    def sight_update(p: tuple[float, float]) -> None:
        moved = board.moved("blue-3", p)
        overlays.sight_overlay(moved, "red-7", "blue-3", weapon_range_cm=15)

    first, times = _time(sight_update, _pointer_path(rng, (30.0, 35.0), args.steps, 1.0))
    ok &= _report("sight while dragging the target (red-7 -> blue-3), answers", first, times)

    first, times = _time(lambda p: overlays.blast_overlay(board, p), _pointer_path(rng, (30.0, 30.0), args.steps, 20.0))
    ok &= _report("blast template at the pointer, answers", first, times)

    if os.environ.get("DISPLAY"):
        ok &= _window_series(args.steps, rng)
    else:
        print("(no DISPLAY: the window series are skipped; run under xvfb-run -a to include them)")
    return 0 if ok else 1


def _window_series(steps: int, rng: np.random.Generator) -> bool:
    import pyglet

    from landsraad.viewer.app import Viewer, _Drag
    from landsraad.viewer.modes import EditMode

    window = pyglet.window.Window(1100, 760, visible=True)
    viewer = Viewer(window, EditMode(load_scene(ROOT / "scenes" / "reference.yaml")))
    ok = True
    try:
        window.switch_to()
        viewer.refresh()

        def pointer(p: tuple[float, float]) -> None:
            viewer.pointer_px = viewer.camera.to_screen(*p)
            viewer.refresh()

        viewer.sel.model = "red-4"
        first, times = _time(pointer, _pointer_path(rng, (38.0, 14.0), steps, 9.0))
        ok &= _report("move to the pointer (red-4), whole refresh", first, times)
        viewer.sel.model, viewer.sel.target = "red-7", "blue-3"
        viewer.sel.weapon = 2
        viewer.refresh()
        viewer._drag = _Drag("model", "blue-3", moved=True)  # the target held by the mouse
        first, times = _time(pointer, _pointer_path(rng, (30.0, 35.0), steps, 1.0))
        ok &= _report("sight while dragging the target, whole refresh", first, times)
        viewer._drag = None
        viewer.sel.model = viewer.sel.target = None
        viewer.sel.blast = True
        first, times = _time(pointer, _pointer_path(rng, (30.0, 30.0), steps, 20.0))
        ok &= _report("blast template at the pointer, whole refresh", first, times)
    finally:
        window.close()
    return ok


if __name__ == "__main__":
    sys.exit(main())
