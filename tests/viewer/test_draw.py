"""The drawing of the table (:mod:`landsraad.viewer.draw`) in a real window under X: bases labelled
by card with a legend, markers as hollow tokens never like bases, cm ticks, the pointer's
coordinates, the hover card, a mid-game stage, a replay step's shot line, result and active
ring, wounds and fatigue on the bases (issue 43). Pixels are read back from the window.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Iterator

import pytest

pyglet = pytest.importorskip("pyglet", reason="the viewer needs pyglet (pip install '.[viewer]')")

from landsraad.svg import side_colours  # noqa: E402
from landsraad.viewer.modes import EditMode, ReplayMode  # noqa: E402
from tests import warm  # noqa: E402
from tests.viewer.test_app import _close, _frame, _pixel, _rgb, _send  # noqa: E402

CARDED = """
name: carded
models:
  - {id: sardaukar-1, side: red, profile: corrino/soldier, at: [20, 20]}
  - {id: sardaukar-2, side: red, profile: corrino/soldier, at: [26, 20]}
  - {id: naib, side: blue, profile: fremen/naib, at: [40, 40]}
markers:
  - {id: depot, at: [30, 30], size: 50, owner: red}
"""


@pytest.fixture
def carded(window: Any) -> Iterator[Any]:
    from landsraad.scene import parse_scene
    from landsraad.viewer.app import Viewer

    v = Viewer(window, EditMode(parse_scene(CARDED, "carded.yaml"), "carded.yaml"))
    yield v
    v.detach()


def test_bases_are_labelled_by_card_with_a_legend(carded: Any) -> None:
    _frame(carded)
    labels, legend = carded.labels()
    assert labels == {"sardaukar-1": "Sol1", "sardaukar-2": "Sol2", "naib": "Naib"}
    assert legend == {"Sol": "Soldier", "Naib": "Naib"}
    assert "Sol = Soldier" in carded._legend(carded.mode.names())


def test_a_marker_is_a_hollow_token_with_a_glyph_never_a_base(carded: Any) -> None:
    from landsraad.viewer.app import SAND

    frame = _frame(carded)
    cam = carded.camera
    red = _rgb(side_colours(carded.mode.board)["red"])
    base = carded.mode.board.base("sardaukar-1")
    assert _close(_pixel(frame, *cam.to_screen(base.x, base.y - 0.6 * base.radius)), red)      # a base: filled
    marker = carded.mode.board.markers[0]
    ring = _pixel(frame, *cam.to_screen(marker.x, marker.y - 0.75 * marker.radius))
    assert not _close(ring, red, tol=60) and sum(ring) > sum(SAND) - 30                        # a marker: pale inside
    assert _close(_pixel(frame, *cam.to_screen(marker.x, marker.y)), red)                      # its diamond glyph
    rim = [_pixel(frame, *cam.to_screen(marker.x + marker.radius * math.cos(a), marker.y + marker.radius * math.sin(a)))
           for a in [k * math.pi / 60 for k in range(120)]]
    assert any(_close(p, red, tol=40) for p in rim) and any(not _close(p, red, tol=40) for p in rim)  # a dashed rim


def test_cm_ticks_and_the_pointer_coordinates(carded: Any) -> None:
    from landsraad.viewer.app import SAND

    frame = _frame(carded)
    cam = carded.camera
    x, y = cam.to_screen(15.0, 0.0)
    assert any(not _close(_pixel(frame, x + dx, y - 3), (0, 0, 0), tol=20) for dx in (-1, 0, 1))   # a tick under the south edge at 15 cm
    x2, _ = cam.to_screen(15.5, 0.0)
    assert _close(_pixel(frame, x2, y - 3), (0, 0, 0), tol=20)             # and none between ticks
    assert _close(_pixel(frame, x2, y + 3), SAND)
    _send(carded.window, "on_mouse_motion", *cam.to_screen(12.5, 40.0), 0, 0)
    _frame(carded)
    assert carded._coords.text == "pointer x 12.5 cm, y 40.0 cm"


def test_the_hover_card_tells_the_model(carded: Any) -> None:
    frame = _frame(carded)
    cam = carded.camera
    px, py = cam.to_screen(40.0, 40.0)
    _send(carded.window, "on_mouse_motion", px, py, 0, 0)
    _frame(carded)
    assert carded._layers["hover"] == []                                 # not while the pointer moves
    carded.still_since -= 1.0                                            # resting for a second
    frame = _frame(carded)
    text = carded._layers["hover"][-1].text
    from landsraad.content import load_faction

    naib = load_faction("fremen").profile("naib")
    assert naib.name in text and "Endurance" in text and "fatigue 0" in text
    assert all(load_faction("fremen").weapon(w).name in text for w in naib.weapons)
    box = carded._layers["hover"][0]
    assert box.x + box.width < px or box.x > px                          # beside the pointer, not over the model
    assert _close(_pixel(frame, box.x + 4, box.y + 4), (250, 246, 232))   # drawn
    _send(carded.window, "on_mouse_motion", *cam.to_screen(5.0, 5.0), 0, 0)
    _frame(carded)
    assert carded._layers["hover"] == []


def test_a_mid_game_stage_has_no_set_up_warnings(window: Any) -> None:
    from landsraad.scene import Scene
    from landsraad.viewer.app import Viewer

    crowded = Scene(terrain=[{"id": "a", "polygon": [[10, 10], [14, 10], [14, 14], [10, 14]], "height": 3},
                             {"id": "b", "polygon": [[15, 10], [19, 10], [19, 14], [15, 14]], "height": 3}])
    for stage, warned in (("setup", True), ("play", False)):
        v = Viewer(window, EditMode(crowded, "mid.yaml", stage=stage))
        try:
            _frame(v)
            assert any("R-TERRAIN" in line for line in v.panel_lines()) is warned
        finally:
            v.detach()


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory: pytest.TempPathFactory) -> Path:

    game = tmp_path_factory.mktemp("game") / "game.json"
    r = warm.run(["demo", "--seed", "3", "--players", "random", "--quiet", "--svg", str(game.with_suffix(".svg")), "--save", str(game)], text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    return game


def test_the_replay_draws_the_steps_shot_move_and_active_model(window: Any, saved_game: Path) -> None:
    from landsraad.viewer.app import Viewer
    from landsraad.viewer.timeline import load_timeline

    timeline = load_timeline(saved_game)
    index = next(i for i, f in enumerate(timeline.frames) if any(e.kind == "shot" for e in f.events))
    v = Viewer(window, ReplayMode(timeline, index))
    try:
        frame = _frame(v)
        ov = v.mode.overlay()
        shot = ov.shots[0]
        cam = v.camera
        quarter = [(shot.start[0] + (shot.end[0] - shot.start[0]) * k, shot.start[1] + (shot.end[1] - shot.start[1]) * k)
                   for k in (0.2, 0.25, 0.3, 0.7, 0.75)]
        near = [_pixel(frame, sx + dx, sy + dy) for sx, sy in (cam.to_screen(*q) for q in quarter) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        assert any(_close(p, (26, 82, 118), tol=30) for p in near)                        # the shot's line
        assert any(line.startswith(f"Shot {shot.shooter} -> {shot.target}: ") for line in v.panel_lines())
        tags = [item.text for item in v._layers["step"] if hasattr(item, "text")]
        assert any(shot.result in t for t in tags)                                         # its result on the table
        active = v.mode.board.base(ov.active)
        ax, ay = cam.to_screen(*active.center)
        r = cam.length(active.radius)
        assert any(_close(_pixel(frame, ax + (r + 4) * math.cos(a), ay + (r + 4) * math.sin(a)), (255, 255, 255), tol=10)
                   for a in (0.3, 1.3, 2.3, 3.3, 4.3))                                     # the active model ringed in white
        if ov.moves:
            model, path = ov.moves[0]
            mid = ((path[0][0] + path[-1][0]) / 2, (path[0][1] + path[-1][1]) / 2)
            assert v.mode.board.has_base(model) and len(path) >= 2 and 0 <= mid[0] <= 60
    finally:
        v.detach()


def test_wounds_and_fatigue_are_drawn_on_the_bases(window: Any, saved_game: Path) -> None:
    from landsraad.viewer.app import Viewer
    from landsraad.viewer.draw import _FATIGUE, _WOUND
    from landsraad.viewer.timeline import load_timeline

    timeline = load_timeline(saved_game)
    # A step without a shot or template: their result tags are drawn over the table and may cover a short shot's bases.
    index, model = next((f.index, m) for f in timeline.frames for m in f.state.models
                        if m.wound in ("light", "grave") and m.fatigue > 0 and not m.removed and f.board.has_base(m.id)
                        and not any(e.kind in ("shot", "template") for e in f.events))
    v = Viewer(window, ReplayMode(timeline, index))
    try:
        frame = _frame(v)
        b = v.mode.board.base(model.id)
        cx, cy = v.camera.to_screen(*b.center)
        r = v.camera.length(b.radius)
        dot = max(2.5, r * 0.16)
        top = [_pixel(frame, cx + dx, cy + r - dot + dy) for dx in range(-12, 13, 2) for dy in (-1, 0, 1)]
        bottom = [_pixel(frame, cx + dx, cy - r + dot + dy) for dx in range(-12, 13, 2) for dy in (-1, 0, 1)]
        assert any(_close(p, _WOUND, tol=25) for p in top), model.wound
        assert any(_close(p, _FATIGUE, tol=25) for p in bottom), model.fatigue
    finally:
        v.detach()


