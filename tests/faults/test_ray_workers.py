"""`balance --ray local` killed with SIGKILL while its Ray workers play (issue 42: worker processes
end with their parent, however it ends; the Ray path was untested).

The driver starts a private Ray (``ray.init``): a GCS server, a raylet, their agents and the
workers that run ``play_task``, all in the driver's process tree. ``ray.shutdown`` stops them on
a normal end; a SIGKILL skips it. The test records the whole tree while games are being played,
kills the driver, and looks at what is left: Ray's own watch of its driver ends the workers, the
raylet and the GCS server within seconds; its two agents (``ray::DashboardAgent``,
``ray::RuntimeEnvAgent``, idle) outlived it by more than a minute on Ray 2.60, until the balance
lab started ``landsraad.workers.end_descendants_with_me`` beside its private Ray. Every process
the test started is killed at the end, by pid.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("ray")
pytestmark = [pytest.mark.slow, pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc")]


def _children(pid: int) -> list[int]:
    out: list[int] = []
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/children", encoding="ascii") as handle:
                out += [int(x) for x in handle.read().split()]
    except OSError:
        pass
    return out


def _tree(pid: int) -> list[int]:
    seen, todo = [], [pid]
    while todo:
        p = todo.pop()
        seen.append(p)
        todo += _children(p)
    return seen


def _command(pid: int) -> str | None:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return handle.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return None


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.fixture(scope="module")
def killed_driver(tmp_path_factory):
    """(the processes of the driver's tree while it played, those left 10 s after its SIGKILL)."""
    out = tmp_path_factory.mktemp("ray") / "run"
    env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0")
    driver = subprocess.Popen([sys.executable, "-m", "landsraad", "balance", "--ray", "local", "--games", "20", "--players",
                               "search:normal", "--factions", "atreides,corrino", "--out", str(out)],
                              start_new_session=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    tree: list[int] = []
    try:
        began = time.monotonic()
        while time.monotonic() - began < 300:
            tree = _tree(driver.pid)
            if any((_command(p) or "").startswith("ray::play_task") for p in tree):
                break
            time.sleep(0.5)
        time.sleep(2)
        tree = _tree(driver.pid)
        names = {p: (_command(p) or "?").split(" ")[0] for p in tree}
        os.kill(driver.pid, signal.SIGKILL)
        driver.wait()
        time.sleep(10)
        left = [p for p in tree if _alive(p)]
        yield names, {p: names[p] for p in left}
    finally:
        if driver.poll() is None:
            driver.kill()
        for p in tree:
            if _alive(p):
                os.kill(p, signal.SIGKILL)


def test_the_ray_workers_raylet_and_gcs_end_with_the_killed_driver(killed_driver):
    names, left = killed_driver
    assert any(n.startswith("ray::play_task") for n in names.values()), names  # games were being played
    assert any("raylet" in n for n in names.values()) and any("gcs_server" in n for n in names.values()), names
    assert not [n for n in left.values() if n.startswith("ray::play_task") or "raylet" in n or "gcs_server" in n], left


def test_no_ray_process_outlives_the_killed_driver(killed_driver):
    """Ray's two agents outlived the driver by more than a minute; the watcher that
    ``landsraad.workers.end_descendants_with_me`` starts with a private Ray ends them (and itself)."""
    names, left = killed_driver
    assert any("-c" in n or "python" in n for n in names.values())
    assert not left, left
