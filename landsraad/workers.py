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
import threading
import time

__all__ = ["end_with_parent", "WATCH_INTERVAL_S"]

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
