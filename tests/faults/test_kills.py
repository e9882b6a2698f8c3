"""A real SIGKILL at random points of the writers that resume (issue 42, "Faults"): the run is
killed, run again to its end, and its results are the uninterrupted run's, byte for byte; every
file left in the folder at any kill is whole (it loads, its hash holds) and no temporary file
is left once the run has finished.

The kill points are drawn from a seeded generator over the time an uninterrupted run takes, so
they fall anywhere: before the first save, between saves, in the middle of one. What is
compared never depends on the timing (a count of games reused is not compared).
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from landsraad.engine.record import load_record
from landsraad.fileio import TEMP_SUFFIX
from tests import warm

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "landsraad", *args]


def _timed_run(args: list[str], cwd: Path) -> tuple[subprocess.CompletedProcess[str], float]:
    start = time.monotonic()
    out = subprocess.run(args, capture_output=True, text=True, cwd=cwd, timeout=900)
    return out, time.monotonic() - start


def _killed_at(args: list[str], cwd: Path, delay: float) -> None:
    proc = subprocess.Popen(args, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        proc.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)


def _no_temporaries(folder: Path) -> None:
    left = [p.name for p in folder.rglob(f"*{TEMP_SUFFIX}")]
    assert not left, left


def _simulate(folder: Path) -> list[str]:
    return _command("simulate", "--red", "corrino", "--blue", "fremen", "--games", "4", "--seed", "21", "--players", "random",
                    "--json", "--log", str(folder))


def test_simulate_log_killed_at_random_points_resumes_to_the_uninterrupted_result(tmp_path):
    reference, took = _timed_run(_simulate(tmp_path / "reference"), tmp_path)
    assert reference.returncode == 0, reference.stderr
    folder = tmp_path / "killed"
    rng = random.Random(42)
    for _ in range(3):
        _killed_at(_simulate(folder), tmp_path, rng.uniform(0.3, max(0.6, took)))
        for path in folder.glob("game-*.json"):
            record = load_record(path)  # whole: it loads and its hash holds
            assert record.result is not None
    resumed = subprocess.run(_simulate(folder), capture_output=True, text=True, cwd=tmp_path, timeout=900)
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout == reference.stdout
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in (tmp_path / "reference").iterdir())
    _no_temporaries(folder)


def _balance(folder: Path) -> list[str]:
    return _command("balance", "--factions", "corrino,fremen", "--games", "3", "--seed", "5", "--players", "random",
                    "--out", str(folder), "--json")


def _results(folder: Path) -> dict[str, object]:
    summary = json.loads((folder / "summary.json").read_text())
    summary.pop("run")  # timings and the count of games reused differ run to run
    return {"summary": summary, "table": (folder / "table.csv").read_bytes(), "heatmap": (folder / "heatmap.svg").read_bytes()}


def test_balance_out_killed_at_random_points_resumes_to_the_uninterrupted_result(tmp_path):
    reference, took = _timed_run(_balance(tmp_path / "reference"), tmp_path)
    assert reference.returncode == 0, reference.stderr
    folder = tmp_path / "killed"
    rng = random.Random(7)
    for _ in range(3):
        _killed_at(_balance(folder), tmp_path, rng.uniform(0.3, max(0.6, took)))
        for path in (folder / "games").glob("*.json") if (folder / "games").is_dir() else ():
            data = json.loads(path.read_text())  # whole JSON, with its sealed record
            assert load_record_from(data["record"]).result is not None
    resumed = subprocess.run(_balance(folder), capture_output=True, text=True, cwd=tmp_path, timeout=900)
    assert resumed.returncode == 0, resumed.stderr
    assert _results(folder) == _results(tmp_path / "reference")
    _no_temporaries(folder)


def load_record_from(data: dict[str, object]):
    from landsraad.engine.record import GameRecord

    record = GameRecord.model_validate(data)
    assert record.sha256 == record.content_hash()
    return record


def test_play_save_killed_at_random_points_leaves_the_previous_save_whole(tmp_path):
    """`play --save` over an existing save, killed while it plays and saves: the old save or a complete new one."""
    save = tmp_path / "game.json"
    first = warm.run(["play", "--seed", "4", "--save", str(save)], input="\n" * 30 + "save\n", text=True, cwd=tmp_path,
                     timeout=600)
    assert first.returncode == 0, first.stderr
    old = save.read_bytes()
    rng = random.Random(3)
    for _ in range(4):
        proc = subprocess.Popen(_command("play", "--resume", str(save), "--save", str(save)), stdin=subprocess.PIPE,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp_path, text=True)
        try:
            proc.stdin.write("\n" * 60 + ("save\n" + "\n" * 5) * 20)
            proc.stdin.flush()
        except BrokenPipeError:
            pass
        time.sleep(rng.uniform(0.5, 4.0))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        record = load_record(save)  # the old one byte for byte, or a complete new one
        assert save.read_bytes() == old or len(record.answers) >= len(json.loads(old)["answers"])
    time.sleep(0.1)
    warm.run(["replay", str(save)], text=True, cwd=tmp_path, timeout=600, check=True)


def test_house_new_killed_at_random_points_leaves_both_files_or_neither(tmp_path):
    rng = random.Random(11)
    for k in range(5):
        folder = tmp_path / f"try{k}"
        folder.mkdir()
        _killed_at(_command("house", "new", "Moritani"), folder, rng.uniform(0.2, 3.0))
        names = sorted(p.name for p in folder.iterdir() if not p.name.startswith("."))
        assert names in ([], ["moritani.yaml"], ["moritani-list.yaml", "moritani.yaml"]), names
        # a kill between the two renames leaves the house alone: the re-run writes both (the file is its own)
        again = warm.run(["house", "new", "Moritani"], text=True, cwd=folder, timeout=600)
        assert "Traceback" not in again.stderr
        if len(names) == 2:  # the killed run had finished: a second one is refused, as always
            assert again.returncode == 2 and "already exists" in again.stderr
        else:
            assert again.returncode == 0, again.stderr
        checked = warm.run(["validate", "--faction-file", "moritani.yaml", "moritani-list.yaml"], text=True, cwd=folder, timeout=600)
        assert checked.returncode == 0, checked.stdout + checked.stderr
    (tmp_path / "try0" / "moritani.yaml").write_text("# the user's own edits\n")
    refused = warm.run(["house", "new", "Moritani"], text=True, cwd=tmp_path / "try0", timeout=600)
    assert refused.returncode == 2 and "already exists" in refused.stderr
