"""Tests of `landsraad event`: the real command in a subprocess, from `event new` to the HTML page."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "lists"


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    proc = subprocess.run([sys.executable, "-m", "landsraad", *map(str, args)], capture_output=True, text=True, cwd=cwd,
                          timeout=120)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def _entries(folder: Path, n: int) -> None:
    """n entries, the bundled example lists in turn, each with a player name (one saved as .txt)."""
    examples = sorted(EXAMPLES.glob("*.yaml"))
    for i in range(n):
        text = "\n".join(line for line in examples[i % len(examples)].read_text(encoding="utf-8").splitlines()
                         if not line.startswith("player:"))
        suffix = ".txt" if i == 0 else ".yaml"
        (folder / "lists" / f"entry{i}{suffix}").write_text(f"player: Player {i}\n{text}\n", encoding="utf-8")


@pytest.fixture()
def event(tmp_path) -> Path:
    folder = tmp_path / "cup"
    proc = run("event", "new", folder, "--name", "Spring cup", "--rounds", "3", "--seed", "7")
    assert proc.returncode == 0, proc.stderr
    assert (folder / "lists").is_dir() and (folder / "event.json").is_file()
    return folder


def test_seven_player_event_from_entries_to_the_page(event, tmp_path):
    _entries(event, 7)
    (event / "lists" / "README.md").write_text("bring dice\n")
    check = run("event", "check", event, "--json")
    assert check.returncode == 0, check.stdout + check.stderr
    data = json.loads(check.stdout)
    assert len(data["entries"]) == 7 and all(e["valid"] and e["player"] for e in data["entries"])
    assert [s["file"] for s in data["skipped"]] == ["lists/README.md"]
    assert "lists/README.md: not read" in check.stderr and "lists/entry0.txt: read as a list" in check.stderr

    met: set[frozenset[str]] = set()
    byes: list[str] = []
    for rnd in (1, 2, 3):
        proc = run("event", "pair", event, "--json")
        assert proc.returncode == 0, proc.stderr
        pairing = json.loads(proc.stdout)
        assert pairing["round"] == rnd and len(pairing["tables"]) == 3 and pairing["bye"]
        again = run("event", "pair", event, "--json")  # safe to re-run: the same pairing
        assert json.loads(again.stdout) == pairing
        for t in pairing["tables"]:
            assert set(t) == {"table", "red", "blue", "red_faction", "blue_faction", "layout"}
            pair = frozenset((t["red"], t["blue"]))
            assert pair not in met
            met.add(pair)
            proc = run("event", "result", event, "--round", rnd, "--table", t["table"], "--vp", f"{t['table'] * 3},{rnd}")
            assert proc.returncode == 0, proc.stderr
        byes.append(pairing["bye"])
    assert len(set(byes)) == 3
    refused = run("event", "pair", event)
    assert refused.returncode == 1 and "all paired and played" in refused.stderr

    html, out_csv = tmp_path / "standings.html", tmp_path / "standings.csv"
    proc = run("event", "standings", event, "--json", "--html", html, "--csv", out_csv, "--csv-dialect", "excel-fr")
    assert proc.returncode == 0, proc.stderr
    rows = json.loads(proc.stdout)
    assert [r["rank"] for r in rows] == list(range(1, 8))
    assert {k for k in rows[0]} >= {"rank", "player", "faction", "points", "wins", "draws", "losses", "vp", "vp_diff", "sos"}
    # Table t of round r scored 3t to r: red won every game but table 1 of round 3 (3-3); three byes.
    assert (sum(r["wins"] for r in rows), sum(r["draws"] for r in rows), sum(r["losses"] for r in rows)) == (8 + 3, 2, 8)
    page = html.read_text(encoding="utf-8")
    assert page.count('<section class="round">') == 3 and "Spring cup" in page
    raw = out_csv.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and b"\r\n" in raw
    table = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline=""), delimiter=";"))
    assert table[0][:10] == ["rank", "player", "faction", "points", "wins", "draws", "losses", "vp", "vp_diff", "sos"]
    assert [r[1] for r in table[1:]] == [r["player"] for r in rows]


def test_results_are_checked_and_overwritten_only_with_force(event):
    _entries(event, 4)
    pairing = json.loads(run("event", "pair", event, "--json").stdout)
    assert pairing["bye"] is None
    assert run("event", "result", event, "--round", "1", "--table", "1", "--vp", "12,7").returncode == 0
    same = run("event", "result", event, "--round", "1", "--table", "1", "--vp", "12,7")
    assert same.returncode == 0 and "nothing changed" in same.stdout
    other = run("event", "result", event, "--round", "1", "--table", "1", "--vp", "7,12")
    assert other.returncode == 1 and "--force" in other.stderr
    assert run("event", "result", event, "--round", "1", "--table", "1", "--vp", "7,12", "--force").returncode == 0
    missing = run("event", "result", event, "--round", "1", "--table", "5", "--vp", "1,0")
    assert missing.returncode == 1 and "Round 1 has no table 5; its tables are 1, 2." in missing.stderr
    bad = run("event", "result", event, "--round", "1", "--table", "1", "--vp", "12")
    assert bad.returncode == 2 and "--vp expects two whole numbers" in bad.stderr
    refused = run("event", "pair", event)
    assert refused.returncode == 1 and "already has results but none yet for table(s) 2" in refused.stderr
    state = json.loads((event / "event.json").read_text(encoding="utf-8"))
    assert state["pairings"][0]["tables"][0]["result"] == {"red": 7, "blue": 12}


def test_drop_then_pair_again_leaves_the_player_out(event):
    _entries(event, 5)
    first = json.loads(run("event", "pair", event, "--json").stdout)
    player = first["tables"][0]["red"]
    proc = run("event", "drop", event, player.upper())
    assert proc.returncode == 0 and f"{player} is dropped" in proc.stdout and "pair it again without them" in proc.stdout
    assert "already dropped" in run("event", "drop", event, player).stdout
    again = json.loads(run("event", "pair", event, "--json").stdout)
    names = [p for t in again["tables"] for p in (t["red"], t["blue"])]
    assert player not in names and again["bye"] is None and len(names) == 4
    assert run("event", "drop", event, "Nobody").returncode == 1


def test_round_one_refused_with_entry_problems(event):
    _entries(event, 3)
    (event / "lists" / "nameless.yaml").write_text("faction: corrino\nmodels: [{type: soldier}]\n")
    (event / "lists" / "bad.yaml").write_text("player: Zed\nfaction: corrino\nmodels: [{type: soldeir}]\n")
    check = run("event", "check", event)
    assert check.returncode == 1
    assert "lists/bad.yaml (Zed): INVALID" in check.stdout and "has no player name" in check.stdout
    proc = run("event", "pair", event)
    assert proc.returncode == 1 and "Round 1 cannot be paired" in proc.stderr and "lists/bad.yaml" in proc.stderr
    (event / "lists" / "nameless.yaml").unlink()
    assert run("event", "pair", event, "--allow-invalid").returncode == 0


def test_new_is_safe_to_rerun_and_usage_errors(event):
    same = run("event", "new", event, "--name", "Spring cup", "--rounds", "3")
    assert same.returncode == 0 and "nothing changed" in same.stdout
    assert run("event", "new", event, "--name", "Spring cup", "--rounds", "0").returncode == 2
    assert run("event").returncode == 2
    assert run("event", "check", event.parent / "nowhere").returncode == 1
    _entries(event, 2)
    assert run("event", "pair", event).returncode == 0
    changed = run("event", "new", event, "--name", "Spring cup", "--rounds", "3", "--seed", "8")
    assert changed.returncode == 1 and "can no longer change" in changed.stderr
