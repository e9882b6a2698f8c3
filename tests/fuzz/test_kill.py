"""A real SIGKILL in the middle of :func:`landsraad.fileio.atomic_write_text` leaves the previous
file whole (issue 15, "Faults").

A child process rewrites one large JSON file over and over, each generation a different size;
the parent kills it with SIGKILL at arbitrary moments while it writes. After every kill the file
must parse and be exactly one generation's content: never a mix, never a truncated file.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

WRITER = r"""
import json, sys
from landsraad.fileio import atomic_write_text
path = sys.argv[1]
generation = 0
while True:
    generation += 1
    body = "x" * (2_000_000 + 7919 * (generation % 50))
    atomic_write_text(path, json.dumps({"generation": generation, "size": len(body), "body": body}))
    print(generation, flush=True)
"""


def _whole(path: Path) -> int:
    """The generation held by ``path``, once it is checked to be one complete write."""
    data = json.loads(path.read_text(encoding="utf-8"))
    assert len(data["body"]) == data["size"] and set(data["body"]) == {"x"}
    return data["generation"]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
@pytest.mark.parametrize("delay", [0.05, 0.23, 0.61])
def test_sigkill_during_atomic_writes_leaves_the_previous_file_whole(tmp_path, delay):
    target = tmp_path / "save.json"
    target.write_text(json.dumps({"generation": 0, "size": 3, "body": "xxx"}), encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(target)], cwd=REPO, stdout=subprocess.PIPE,
                            text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        assert proc.stdout.readline().strip() == "1"  # one generation done: the next one is under way
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
        proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL
    assert _whole(target) >= 1
    # A kill leaves at most the one temporary file of the write it interrupted, beside the target.
    leftovers = [p for p in tmp_path.iterdir() if p != target]
    assert len(leftovers) <= 1 and all(p.name.startswith(".save.json.") for p in leftovers)
