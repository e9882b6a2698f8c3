"""The terminal front end at a real terminal (tmux): a few activations, then ``status`` read off the screen."""

import shutil
import subprocess
import sys
import time
import uuid

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def _tmux(*args):
    return subprocess.run(["tmux", *args], capture_output=True, text=True, timeout=30)


def _screen(name):
    return _tmux("capture-pane", "-p", "-J", "-S", "-200", "-t", name).stdout


def _wait_for(name, text, timeout=60.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        screen = _screen(name)
        if text in screen:
            return screen
        time.sleep(0.3)
    raise AssertionError(f"{text!r} never appeared on the screen:\n{_screen(name)}")


def test_a_few_activations_then_status_at_a_real_terminal(tmp_path):
    name = f"landsraad-{uuid.uuid4().hex[:8]}"
    command = f"{sys.executable} -m landsraad play --seed 1 --save {tmp_path / 'g.json'}"
    _tmux("new-session", "-d", "-s", name, "-x", "200", "-y", "60", command)
    try:
        _wait_for(name, "How much Honour")
        for _ in range(60):  # Enter through the set-up to the first activation
            if "Which model do you activate" in _screen(name):
                break
            _tmux("send-keys", "-t", name, "Enter")
            time.sleep(0.4)
        _wait_for(name, "Which model do you activate")
        for _ in range(2):  # two activations, suggested whole
            _tmux("send-keys", "-t", name, "Enter")
            time.sleep(2.0)
            for _ in range(6):  # the action's own questions (aim, move), by their defaults
                if _screen(name).rstrip().splitlines()[-1].startswith("red [") and "Which model" not in "".join(
                        _screen(name).rstrip().splitlines()[-10:]):
                    _tmux("send-keys", "-t", name, "Enter")
                    time.sleep(1.0)
        _tmux("send-keys", "-t", name, "status", "Enter")
        screen = _wait_for(name, "Enemy models in sight")
        assert "minutes left" in screen and "of 45 minutes" in screen
        assert "VP if the game ended now (provisional)" in screen
        assert "fatigue" in screen and "Your models (red)" in screen
        (tmp_path / "screen.txt").write_text(screen)
        _tmux("send-keys", "-t", name, "quit", "Enter")
        time.sleep(1.0)
    finally:
        _tmux("kill-session", "-t", name)
