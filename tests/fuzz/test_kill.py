"""A real SIGKILL in the middle of :func:`landsraad.fileio.atomic_write_text` leaves the previous
file whole (issue 15, "Faults").

A child process rewrites one large JSON file over and over, each generation a different size;
the parent kills it with SIGKILL at arbitrary moments while it writes. After every kill the file
must parse and be exactly one generation's content: never a mix, never a truncated file.

Also: a writer killed between creating its temporary file and the rename leaves that file
(named with its pid); the next write to the same target removes it, and leaves alone the
temporary file of a writer still alive. And the real command: ``demo --save`` over an existing
record, killed at several moments around its save, leaves the old record whole and loadable (or
the complete new one).
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


STUCK_WRITER = r"""
import os, sys, time
from landsraad import fileio
from landsraad.fileio import atomic_write_text

class _StuckBeforeRename:
    # fileio's os, except that the rename never comes: the temporary file is complete and synced
    def replace(self, src, dst):
        print("written", flush=True)
        time.sleep(600)
    def __getattr__(self, name):
        return getattr(os, name)

fileio.os = _StuckBeforeRename()
atomic_write_text(sys.argv[1], "the new content that never arrives")
"""


def _stuck_writer(target: Path) -> subprocess.Popen[str]:
    """A process stopped inside an atomic write to ``target``, between creating its temp file and the rename."""
    proc = subprocess.Popen([sys.executable, "-c", STUCK_WRITER, str(target)], cwd=REPO, stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(REPO)})
    assert proc.stdout.readline().strip() == "written"
    return proc


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_the_next_write_removes_the_temp_file_of_a_writer_killed_before_its_rename(tmp_path):
    from landsraad.fileio import atomic_write_text, temporary_files

    target = tmp_path / "standings.csv"
    target.write_text("old")
    proc = _stuck_writer(target)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    proc.stdout.close()
    left = temporary_files(target)
    assert [pid for _, pid in left] == [proc.pid]  # the kill left its temp file, named with the dead writer's pid
    assert left[0][0].name.startswith(f".standings.csv.{proc.pid}.") and target.read_text() == "old"
    atomic_write_text(target, "new")
    assert target.read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["standings.csv"]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_the_temp_file_of_a_live_writer_is_left_alone(tmp_path):
    from landsraad.fileio import atomic_write_text, temporary_files

    target = tmp_path / "event.json"
    other = tmp_path / "other.json"
    proc = _stuck_writer(target)
    try:
        # a killed writer's file of another target is not this write's business either
        (tmp_path / f".other.json.{2**22 + 7}.abcdefgh.tmp").write_text("x")
        atomic_write_text(target, "mine")
        assert [pid for _, pid in temporary_files(target)] == [proc.pid]  # still mid-write: not removed
        assert target.read_text() == "mine"
        assert len(temporary_files(other)) == 1
    finally:
        proc.kill()
        proc.wait(timeout=30)
        proc.stdout.close()


DEMO = ["-m", "landsraad", "demo", "--players", "random", "--seed", "3"]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_sigkill_of_demo_while_it_saves_leaves_the_previous_record_whole_and_loadable(tmp_path):
    """``demo --save`` over an existing record, killed at several moments around the save.

    After each kill the file is either the previous record byte for byte or the complete new
    one, and it loads (its hash holds); at most the interrupted write's temp file is beside it.
    """
    from landsraad.engine import new_game, play
    from landsraad.engine.record import load_record, record_game
    from landsraad.fileio import temporary_files
    from landsraad.players import RandomPlayer

    old = play(new_game("atreides", "harkonnen", seed=5), {"red": RandomPlayer(1), "blue": RandomPlayer(2)})
    previous = record_game(old).model_dump_json(indent=1).encode("utf-8")
    save, svg = tmp_path / "game.json", tmp_path / "final.svg"
    for delay in (0.0, 0.002, 0.01, 0.03, 0.08, 0.2):
        save.write_bytes(previous)
        proc = subprocess.Popen([sys.executable, *DEMO, "--svg", str(svg), "--save", str(save)], cwd=REPO, stdout=subprocess.PIPE,
                                text=True, env={**os.environ, "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1"})
        try:
            for line in proc.stdout:  # the save comes right after this line
                if line.startswith("Final position drawn in"):
                    break
            time.sleep(delay)
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=30)
            proc.stdout.close()
        record = load_record(save)  # whole and loadable
        assert save.read_bytes() == previous or (record.red, record.blue, record.seed) == ("corrino", "fremen", 3), delay
        assert len(temporary_files(save)) <= 1
