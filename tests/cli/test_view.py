"""CLI tests of ``landsraad view``: the real command, under X (Xvfb when there is no display)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.viewer.display import x_display  # noqa: F401 - the session's X display fixture

REFERENCE = "scenes/reference.yaml"


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "landsraad", "view", *args], capture_output=True, text=True, timeout=600,
                          env=env if env is not None else dict(os.environ))


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_screenshot_of_a_scene_with_a_measurement(x_display: str, tmp_path: Path) -> None:
    pytest.importorskip("pyglet", reason="the viewer needs pyglet (pip install '.[viewer]')")
    out = tmp_path / "shot.png"
    r = run(REFERENCE, "--measure", "red-7", "blue-3", "--weapon", "15", "--screenshot", str(out), "--size", "900x640")
    assert r.returncode == 0, r.stderr
    assert _png_size(out) == (900, 640)


def test_screenshot_of_a_saved_game_at_an_activation(x_display: str, tmp_path: Path) -> None:
    pytest.importorskip("pyglet", reason="the viewer needs pyglet (pip install '.[viewer]')")
    game = tmp_path / "game.json"
    demo = subprocess.run([sys.executable, "-m", "landsraad", "demo", "--seed", "3", "--players", "random", "--quiet",
                           "--svg", str(tmp_path / "end.svg"), "--save", str(game)], capture_output=True, text=True, timeout=600)
    assert demo.returncode == 0, demo.stderr
    out = tmp_path / "replay.png"
    r = run(str(game), "--at", "5", "--screenshot", str(out))
    assert r.returncode == 0, r.stderr
    assert _png_size(out) == (1100, 760)


def test_screenshot_of_a_game_being_played(x_display: str, tmp_path: Path) -> None:
    pytest.importorskip("pyglet", reason="the viewer needs pyglet (pip install '.[viewer]')")
    out = tmp_path / "play.png"
    r = run("--play", "--red", "corrino", "--blue", "fremen", "--human", "blue", "--seed", "3", "--screenshot", str(out), "--size", "900x640")
    assert r.returncode == 0, r.stderr
    assert _png_size(out) == (900, 640)


def test_without_a_display_one_sentence_and_status_2(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    r = run(REFERENCE, "--screenshot", str(tmp_path / "x.png"), env=env)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "Xvfb" in r.stderr and "display" in r.stderr
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("args,needle", [
    (("--size", "big"), "--size takes WIDTHxHEIGHT"),
    ((REFERENCE, "--measure", "red-1", "ghost"), "no model 'ghost'"),
    (("missing.yaml",), "There is no file 'missing.yaml'"),
    ((REFERENCE, "--at", "3"), "--at opens a saved game"),
    ((REFERENCE, "--weapon", "12"), "--weapon takes one of"),
    (("--play", REFERENCE), "--play starts a game"),
    (("--play", "--opponent", "nobody"), "--opponent takes"),
])
def test_usage_errors_exit_2_without_traceback(x_display: str, tmp_path: Path, args: tuple[str, ...], needle: str) -> None:
    r = run(*args, "--screenshot", str(tmp_path / "unused.png"))
    assert r.returncode == 2, r.stderr
    assert needle in r.stderr and "Traceback" not in r.stderr


def test_a_scene_that_is_not_a_scene_exits_1(x_display: str, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("models:\n  - {id: a, at: [10, 10], base: -3}\n")
    r = run(str(bad), "--screenshot", str(tmp_path / "x.png"))
    assert r.returncode == 1 and "Traceback" not in r.stderr and "bad.yaml" in r.stderr


def test_warband_lists_are_read_before_the_window_opens(x_display: str, tmp_path: Path) -> None:
    pytest.importorskip("pyglet", reason="the viewer needs pyglet (pip install '.[viewer]')")
    out = tmp_path / "with-list.png"
    r = run("--list", "examples/lists/corrino.yaml", "--out", str(tmp_path / "t.yaml"), "--screenshot", str(out))
    assert r.returncode == 0, r.stderr
    bad = tmp_path / "bad-list.yaml"
    bad.write_text("faction: corrino\nmodels: 3\n")
    r = run("--list", str(bad), "--screenshot", str(tmp_path / "never.png"))
    assert r.returncode == 1 and "bad-list.yaml" in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "never.png").exists()


def test_the_core_and_the_command_line_never_import_pyglet() -> None:
    code = ("import sys, landsraad.cli, landsraad.geometry, landsraad.engine.game, landsraad.viewer.editor, "
            "landsraad.viewer.overlays, landsraad.viewer.timeline, landsraad.viewer.modes; landsraad.cli.build_parser(); "
            "print('pyglet' in sys.modules)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "False"
