"""Worker processes end with their parent, however it ends (issue 42: search workers outlived a
killed `play` and burned CPU for 10-20 minutes)."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from landsraad.workers import end_with_parent

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX re-parenting")

# A parent that starts a pool of two workers busy for ever, prints their pids, then waits.
PARENT = textwrap.dedent("""
    import sys, time
    from concurrent.futures import ProcessPoolExecutor
    from landsraad.workers import end_with_parent

    def spin(_):
        import os
        sys.stdout.write(f"{os.getpid()}\\n")  # one write: two workers share the pipe, and print() writes twice
        sys.stdout.flush()
        while True:
            pass

    if __name__ == "__main__":
        pool = ProcessPoolExecutor(2, initializer=end_with_parent if sys.argv[1] == "watched" else None)
        for f in [pool.submit(spin, i) for i in range(2)]:
            pass
        time.sleep(600)
""")


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is gone for our purpose
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().split(") ", 1)[1][0] != "Z"
    except OSError:
        return False


def _start(tmp_path, mode):
    script = tmp_path / "parent.py"
    script.write_text(PARENT)
    parent = subprocess.Popen([sys.executable, str(script), mode], stdout=subprocess.PIPE, text=True)
    try:
        pids = [int(parent.stdout.readline()) for _ in range(2)]
    except ValueError:  # never leave a parent and its spinning workers behind a failed start
        parent.kill()
        raise
    return parent, pids


def _gone_within(pids, seconds):
    deadline = time.monotonic() + seconds  # a safety net only: the watch looks every 0.5 s
    while time.monotonic() < deadline:
        if not any(_alive(p) for p in pids):
            return True
        time.sleep(0.1)
    return False


def test_workers_end_when_their_parent_is_killed_with_sigkill(tmp_path):
    parent, pids = _start(tmp_path, "watched")
    assert all(_alive(p) for p in pids)
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    assert _gone_within(pids, 30), [p for p in pids if _alive(p)]


def test_without_the_watch_they_outlive_it(tmp_path):
    # the test above can fail: the same pool without end_with_parent keeps its workers
    parent, pids = _start(tmp_path, "plain")
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    try:
        assert not _gone_within(pids, 3)
    finally:
        for p in pids:
            try:
                os.kill(p, signal.SIGKILL)
            except ProcessLookupError:
                pass


def test_a_watched_pool_still_returns_results():
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(2, initializer=end_with_parent) as pool:
        assert list(pool.map(abs, [-1, -2, 3])) == [1, 2, 3]


def _children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as handle:
            return [int(c) for c in handle.read().split()]
    except OSError:
        return []


@pytest.mark.skipif(not os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children"), reason="needs /proc children")
@pytest.mark.parametrize("args", [
    ("simulate", "--red", "corrino", "--blue", "fremen", "--games", "3", "--players", "search:hard"),
    ("balance", "--factions", "corrino,fremen", "--games", "4", "--workers", "2"),
], ids=["search-pool", "balance-pool"])
def test_the_commands_workers_end_when_the_command_is_killed(args, tmp_path):
    """The issue's test: kill -9 the real command while its workers compute; they are gone in seconds."""
    if args[0] == "simulate" and (os.cpu_count() or 1) < 2:
        pytest.skip("the hard search uses a pool only with two cores or more")
    command = subprocess.Popen([sys.executable, "-m", "landsraad", *args], cwd=tmp_path, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 240  # safety net: the pool starts at the first searched decision
        workers = []
        while time.monotonic() < deadline and command.poll() is None:
            workers = _children(command.pid)
            if workers:
                break
            time.sleep(0.2)
        assert workers, "no worker started"
        time.sleep(0.5)
        workers = _children(command.pid) or workers
        command.send_signal(signal.SIGKILL)
        command.wait()
        assert _gone_within(workers, 30), [p for p in workers if _alive(p)]
    finally:
        if command.poll() is None:
            command.kill()
