"""A real X display for the viewer's tests: the session's own, or an Xvfb started here.

When ``DISPLAY`` is unset and ``Xvfb`` exists, one Xvfb server is started for the whole test
session (shared by every module that uses the fixture) and stopped at the end. Tests skip,
saying why, only when no display can exist (no ``DISPLAY`` and no ``Xvfb`` program).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Iterator

import pytest

_server: subprocess.Popen[bytes] | None = None


def _free_displays() -> list[int]:
    return [n for n in range(90, 200)
            if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists()]


def _start_xvfb() -> str:
    """Start Xvfb on a free display number; another one is tried when two starts race for a number."""
    global _server
    for n in _free_displays()[:5]:
        _server = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        socket = Path(f"/tmp/.X11-unix/X{n}")
        for _ in range(100):  # up to 10 s for the server to listen
            if socket.exists():
                return f":{n}"
            if _server.poll() is not None:
                break
            time.sleep(0.1)
        if _server.poll() is None:
            _server.terminate()
            _server.wait(timeout=10)
    raise RuntimeError("Xvfb did not start on any of five free display numbers from :90.")


@pytest.fixture(scope="session")
def x_display() -> Iterator[str]:
    """The X display to open windows on (``DISPLAY`` is set for subprocesses too)."""
    global _server
    started = False
    if not os.environ.get("DISPLAY"):
        if shutil.which("Xvfb") is None:
            pytest.skip("No display: DISPLAY is unset and the Xvfb program is not installed (apt-get install xvfb).")
        os.environ["DISPLAY"] = _start_xvfb()
        started = True
    try:
        yield os.environ["DISPLAY"]
    finally:
        if started and _server is not None:
            _server.terminate()
            _server.wait(timeout=10)
            _server = None
            del os.environ["DISPLAY"]
