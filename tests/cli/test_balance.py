"""CLI tests of `landsraad balance` (the real command): same tables on 1, 2 workers and Ray; resume after a kill."""

import csv
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests import warm

ROOT = Path(__file__).resolve().parents[2]
ARGS = ("balance", "--factions", "fremen,corrino", "--games", "1", "--seed", "4", "--players", "random", "--json")


def run(*args, cwd=None):
    return warm.run(args, text=True, cwd=cwd or ROOT, timeout=900)


def without_run(text):
    data = json.loads(text)
    assert set(data["run"]) >= {"engine", "workers", "seconds", "games_per_second"}
    del data["run"]
    return data


@pytest.fixture(scope="module")
def one_worker(tmp_path_factory):
    out_dir = tmp_path_factory.mktemp("one")
    out = run(*ARGS, "--workers", "1", "--out", str(out_dir))
    assert out.returncode == 0, out.stderr
    return out_dir, out.stdout


def test_one_run_writes_summary_table_and_heatmap(one_worker):
    out_dir, stdout = one_worker
    data = without_run(stdout)
    assert data["games"] == 2 and set(data["factions"]) == {"corrino", "fremen"}
    for f in data["factions"].values():
        assert len(f["ci95"]) == 2 and "vp" in f and "missions" in f
    rows = list(csv.DictReader((out_dir / "table.csv").open()))
    assert {r["faction"] for r in rows} == {"corrino", "fremen"}
    assert (out_dir / "heatmap.svg").read_text().startswith("<svg")
    assert len(list((out_dir / "games").glob("*.json"))) == 2


def test_two_workers_give_the_same_tables(one_worker, tmp_path):
    out = run(*ARGS, "--workers", "2", "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    assert without_run(out.stdout) == without_run(one_worker[1])
    assert (tmp_path / "table.csv").read_text() == (one_worker[0] / "table.csv").read_text()


@pytest.mark.slow  # starting a local Ray took 40-80 s on this shared 2-core machine: run with -m slow
@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed (optional extra 'ray')")
def test_ray_local_gives_the_same_tables(one_worker, tmp_path):
    out = run(*ARGS, "--ray", "local", "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["run"]["engine"] == "ray:local"
    assert without_run(out.stdout) == without_run(one_worker[1])


def test_a_killed_run_resumes_from_its_finished_games(tmp_path, one_worker):
    args = ("balance", "--factions", "fremen,corrino", "--games", "3", "--seed", "4", "--players", "random", "--json",
            "--out", str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "landsraad", *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    games = tmp_path / "games"
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline and len(list(games.glob("*.json"))) < 2 and proc.poll() is None:
        time.sleep(0.2)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    kept = len(list(games.glob("*.json")))
    assert 1 <= kept < 6
    out = run(*args)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["run"]["reused"] == kept and data["run"]["played"] == 6 - kept
    fresh = run(*args[:-2], "--out", str(tmp_path / "fresh"))
    assert without_run(out.stdout) == without_run(fresh.stdout)
    # the first game of each side is the same game as in the 1-game run (seeds depend on the game only)
    first = json.loads((one_worker[0] / "games" / "fremen--corrino--00000.json").read_text())
    assert json.loads((games / "fremen--corrino--00000.json").read_text()) == first


def test_bad_usage_is_one_line_and_status_2():
    out = run("balance", "--factions", "fremen", "--games", "1")
    assert out.returncode == 2 and "at least two" in out.stderr and "Traceback" not in out.stderr
    out = run("balance", "--factions", "fremen,ecaz", "--games", "1")
    assert out.returncode == 2 and "unknown faction 'ecaz'" in out.stderr


def test_sprt_stops_a_decided_pairing_and_says_so(tmp_path):
    # issue 45: a 1,500 Elo gap is refuted within a few game pairs whatever happens, so the pairing stops early
    args = ("balance", "--factions", "fremen,corrino", "--games", "6", "--seed", "4", "--players", "random", "--sprt", "1500")
    data = without_run(run(*args, "--json", "--out", str(tmp_path)).stdout)
    verdict = data["sprt"]["pairings"]["corrino--fremen"]
    assert data["sprt"]["elo1"] == 1500 and verdict["verdict"] == "even" and 2 <= verdict["pairs"] < 6
    assert data["games"] == 2 * verdict["pairs"] == len(list((tmp_path / "games").iterdir()))
    text = run(*args, "--out", str(tmp_path))  # the same run again: every game reused, the verdict printed
    assert text.returncode == 0, text.stderr
    assert (f"corrino against fremen: even: neither is 1500 Elo stronger ({verdict['pairs']} game pairs, "
            f"LLR {verdict['llr'][0]} and {verdict['llr'][1]}, bounds -2.944 and 2.944)") in text.stdout
    assert f"{data['games']} game(s) already in" in text.stderr
    french = run("--lang", "fr", *args, "--out", str(tmp_path))
    assert "corrino contre fremen : équilibré : aucune n'a 1500 Elo de plus" in french.stdout
    for bad in ("0", "-5", "5000"):
        out = run(*args, "--sprt", bad)
        assert out.returncode == 2 and "--sprt must be an Elo difference" in out.stderr and "Traceback" not in out.stderr


def test_a_house_file_plays_in_the_lab(tmp_path):
    assert warm.run(["house", "new", "House Ecaz"], cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)}).returncode == 0
    out = run("balance", "--factions", "house_ecaz,fremen", "--houses", str(tmp_path / "house_ecaz.yaml"), "--games", "1",
              "--players", "random", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["lists"]["house_ecaz"]["source"] == "generated" and data["factions"]["house_ecaz"]["games"] == 2
