"""Worker processes that end with their parent, however the parent ends.

A pool's workers (the search's, the balance lab's, the long-run benchmarks') are started by
:mod:`concurrent.futures` and stop when their parent shuts the pool down. A parent killed by
SIGKILL, the out-of-memory killer or a closed terminal shuts nothing down: its workers used to
go on computing for minutes. :func:`end_with_parent`, given as the pool's ``initializer``,
starts a small daemon thread in each worker that notices when the parent is gone (the worker
is then adopted, so :func:`os.getppid` changes) and ends the worker at once.

A thread rather than Linux's ``PR_SET_PDEATHSIG``: that signal fires when the *thread* that
started the worker ends, and a pool may start workers from any thread; the parent's pid
changing is what "the parent is gone" means on every POSIX system.

Examples
--------
>>> from concurrent.futures import ProcessPoolExecutor
>>> with ProcessPoolExecutor(1, initializer=end_with_parent) as pool:
...     pool.submit(pow, 2, 10).result()
1024
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

__all__ = ["end_with_parent", "end_descendants_with_me", "WATCH_INTERVAL_S"]

WATCH_INTERVAL_S = 0.5
"""How often a worker looks whether its parent is still there (a worker outlives it by at most this)."""


def _watch(parent: int, interval: float) -> None:
    while True:
        time.sleep(interval)
        if os.getppid() != parent:
            # The parent is gone: nobody will read this worker's results. os._exit, not sys.exit:
            # the worker's own shutdown would wait on queues whose other end is dead.
            os._exit(1)


def end_with_parent(interval: float = WATCH_INTERVAL_S) -> None:
    """Make this (worker) process end within ``interval`` seconds of its parent's end.

    Give it as the ``initializer`` of a :class:`~concurrent.futures.ProcessPoolExecutor` or
    call it first thing in any child process. Does nothing on Windows (a child there is not
    re-parented; the pool's own shutdown still applies).

    Parameters
    ----------
    interval
        Seconds between two looks at the parent's pid.
    """
    if os.name != "posix":
        return
    parent = os.getppid()
    if parent == 1:  # already orphaned before we could look (the parent died while this started)
        os._exit(1)
    threading.Thread(target=_watch, args=(parent, interval), name="end-with-parent", daemon=True).start()


_REAPER = r"""
import os, signal, sys, time
parent, interval, me = int(sys.argv[1]), float(sys.argv[2]), os.getpid()

def children(pid):
    out = []
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/children") as handle:
                out += [int(x) for x in handle.read().split()]
    except OSError:
        pass
    return out

def started(pid):
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None

seen = {}
while os.getppid() == parent:
    tree, todo = {}, children(parent)
    while todo:
        p = todo.pop()
        if p != me:
            tree[p] = started(p)
            todo += children(p)
    seen = tree
    time.sleep(interval)
for p, when in seen.items():
    if when is not None and started(p) == when:  # the same process, not a new one with its pid
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass
"""


def end_descendants_with_me(interval: float = WATCH_INTERVAL_S) -> subprocess.Popen[bytes] | None:
    """Start a watcher that ends every process descended from this one once this one ends, however.

    For processes started by a library that cannot be given :func:`end_with_parent`: a private
    Ray (``ray.init``) starts a GCS server, a raylet, agents and workers; killed with SIGKILL,
    its driver skips ``ray.shutdown``, and Ray 2.60's two agents outlived it by more than a minute
    (issue 42). The watcher, a small Python process of its own, looks at this process's whole
    tree every ``interval`` seconds (``/proc``); once this process is gone it kills, with
    SIGKILL, each process of the last look that is still the same process (its start time
    unchanged, so a reused pid is spared). Stop it (``kill``) after a normal shutdown.

    Parameters
    ----------
    interval
        Seconds between two looks.

    Returns
    -------
    subprocess.Popen or None
        The watcher; None where there is no ``/proc`` to read (not Linux).
    """
    if not os.path.isdir(f"/proc/{os.getpid()}/task"):
        return None
    return subprocess.Popen([sys.executable, "-c", _REAPER, str(os.getpid()), str(interval)],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
