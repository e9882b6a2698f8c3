"""Tests of `landsraad event`: the real command in a subprocess, from `event new` to the HTML page."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests import warm

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "lists"


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    proc = warm.run(map(str, args), text=True, cwd=cwd, timeout=120)
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


# --- settings, swaps, late entries, printable pages, the export, the lock ------------------------


def _state(folder: Path) -> dict:
    return json.loads((folder / "event.json").read_text(encoding="utf-8"))


def test_whole_event_with_settings_a_swap_a_late_entry_and_a_configured_bye(tmp_path):
    folder = tmp_path / "cup"
    made = run("event", "new", folder, "--name", "Autumn cup", "--rounds", "3", "--seed", "7", "--bye", "fixed",
               "--bye-vp", "6", "--tiebreakers", "SoS, head-to-head, VP difference")
    assert made.returncode == 0, made.stderr
    _entries(folder, 5)
    shown = run("event", "config", folder)
    assert "a bye is a win, 6 VP" in shown.stdout and "Ranking: points, SoS, head-to-head, VP difference, name." in shown.stdout

    dry = run("event", "pair", folder, "--dry-run", "--explain")
    assert dry.returncode == 0 and "Dry run: nothing recorded" in dry.stdout and "Why:" in dry.stdout
    assert "of round 1's draw (seed 7)" in dry.stdout and "Bye: " in dry.stdout
    assert _state(folder)["pairings"] == []
    r1 = json.loads(run("event", "pair", folder, "--json").stdout)
    t1, t2 = r1["tables"]
    swap = run("event", "swap", folder, "1", "1", "2")
    assert swap.returncode == 0 and "tables 1 and 2 exchanged their blue players" in swap.stdout
    tables = _state(folder)["pairings"][0]["tables"]
    assert [(t["red"], t["blue"]) for t in tables] == [(t1["red"], t2["blue"]), (t2["red"], t1["blue"])]
    assert run("event", "result", folder, "--round", "1", "--table", "1", "--vp", "12-7").returncode == 0
    assert run("event", "result", folder, "--round", "1", "--table", "2", "--vp", "3 9").returncode == 0
    refused = run("event", "swap", folder, "1", "1", "2")
    assert refused.returncode == 1 and "already has a result" in refused.stderr

    late_list = tmp_path / "late.yaml"
    late_list.write_text((EXAMPLES / "fremen.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    added = run("event", "add", folder, late_list, "--player", "Late Larry", "--start", "1")
    assert added.returncode == 0, added.stderr
    assert "as a late entry from round 2, starting with 1 point(s)" in added.stdout
    assert (folder / "lists" / "late-late-larry.yaml").is_file()
    assert run("event", "check", folder).returncode == 0  # the copy is registered with its hash

    r2 = json.loads(run("event", "pair", folder, "--json", "--explain").stdout)
    players = {p for t in r2["tables"] for p in (t["red"], t["blue"])}
    assert "Late Larry" in players and r2["bye"] is None and len(r2["tables"]) == 3 and set(r2["reasons"]) == {"1", "2", "3"}
    for t, vp in zip(r2["tables"], ("12,7", "5 5", "0-4")):
        assert run("event", "result", folder, "--round", "2", "--table", t["table"], "--vp", vp).returncode == 0

    rows = json.loads(run("event", "standings", folder, "--json", "--explain").stdout)
    by = {r["player"]: r for r in rows}
    assert by[r1["bye"]]["vp"] >= 6 and by[r1["bye"]]["byes"] == 1  # the configured bye: 6 VP
    assert by["Late Larry"]["points"] >= 1 and all("above_next_on" in r for r in rows[:-1])
    text = run("event", "standings", folder, "--explain").stdout
    assert "Ranked by points, SoS, head-to-head, VP difference, name." in text and "Why each place:" in text

    sheet, slips = run("event", "sheet", folder), run("event", "slips", folder, "--round", "1", "-o", tmp_path / "s.html")
    assert sheet.returncode == 0 and (folder / "round-2-pairings.html").is_file()
    assert slips.returncode == 0 and (tmp_path / "s.html").read_text().count('<section class="slip">') == 2
    trf = (folder / "event.trf").read_text(encoding="utf-8")
    assert trf.startswith("012 Autumn cup\n") and trf.count("\n001 ") == 6
    assert run("event", "export", folder).stdout == trf


def test_new_and_config_settings_errors_are_one_line(tmp_path, event):
    bad = run("event", "config", event, "--tiebreakers", "sos,luck")
    assert bad.returncode == 2 and "Unknown tie-breaker 'luck'" in bad.stderr and bad.stderr.count("\n") == 1
    assert run("event", "config", event, "--avoid", "family").returncode == 2
    missing = run("event", "config", event, "--layout", f"Sietch={tmp_path / 'nope.yaml'}")
    assert missing.returncode == 2 and "no such scene file" in missing.stderr
    ok = run("event", "config", event, "--layout", "Sietch=scenes/table.yaml", "--seat", "Player 1=2", "--avoid", "club",
             "--club", "Player 1=Dune Club", "--late-points", "2", "--win", "2")
    assert ok.returncode == 0, ok.stderr
    assert "table 1 Sietch (scenes/table.yaml)" in ok.stdout and "Player 1 at table 2" in ok.stdout
    state = _state(event)
    assert state["layouts"] == [{"name": "Sietch", "scene": "scenes/table.yaml"}] and state["late_points"] == 2
    assert state["scoring"]["win"] == 2 and state["avoid"] == ["club"]
    assert "Nothing changed." in run("event", "config", event, "--win", "2").stdout
    loss = run("event", "config", event, "--loss", "5")
    assert loss.returncode == 2 and "must not decrease" in loss.stderr


def test_an_old_event_folder_still_loads(tmp_path):
    folder = tmp_path / "old"
    (folder / "lists").mkdir(parents=True)
    old = {"format": "landsraad-event/1", "name": "Old cup", "rounds": 1, "seed": 1, "points": 15,
           "scoring": {"win": 3, "draw": 1, "loss": 0},
           "entrants": [{"player": "Ana", "faction": "corrino"}, {"player": "Bo", "faction": "fremen"}], "dropped": [],
           "pairings": [{"round": 1, "tables": [{"table": 1, "red": "Ana", "blue": "Bo", "result": None}], "bye": None}]}
    (folder / "event.json").write_text(json.dumps(old))
    assert "Ranked by points, VP difference, VP scored, SoS, name." in run("event", "standings", folder).stdout
    assert run("event", "result", folder, "--round", "1", "--table", "1", "--vp", "4:2").returncode == 0
    assert _state(folder)["format"] == "landsraad-event/2" and (folder / "event.trf").is_file()


def test_standings_csv_neutralises_formulas(tmp_path, event):
    _entries(event, 2)
    (event / "lists" / "entry1.yaml").write_text(
        (event / "lists" / "entry1.yaml").read_text().replace("player: Player 1", 'player: "=HYPERLINK(\\"http://x\\",\\"y\\")"'))
    assert run("event", "pair", event).returncode == 0
    assert run("event", "result", event, "--round", "1", "--table", "1", "--vp", "3,9").returncode == 0
    out = tmp_path / "s.csv"
    assert run("event", "standings", event, "--csv", out, "--csv-dialect", "excel").returncode == 0
    table = list(csv.reader(io.StringIO(out.read_bytes().decode("utf-8-sig"), newline="")))
    names = [r[1] for r in table[1:]]
    assert "'=HYPERLINK(\"http://x\",\"y\")" in names and not any(n.startswith("=") for n in names)
    assert {r[8] for r in table[1:]} == {"+6", "-6"} or {r[8] for r in table[1:]} == {"6", "-6"}  # numbers stay numbers


def test_parallel_results_all_land(tmp_path, event):
    """Eight `event result` processes at once on eight tables, several times: every result is there."""
    _entries(event, 16)
    pairing = json.loads(run("event", "pair", event, "--json").stdout)
    tables = [t["table"] for t in pairing["tables"]]
    assert len(tables) == 8
    for trial in range(4):
        procs = [subprocess.Popen([sys.executable, "-m", "landsraad", "event", "result", str(event), "--round", "1",
                                   "--table", str(t), "--vp", f"{trial},{t}", "--force"], cwd=ROOT,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for t in tables]
        for p in procs:
            out, err = p.communicate(timeout=300)
            assert p.returncode == 0 and "Traceback" not in err, err
        recorded = {t["table"]: t["result"] for t in _state(event)["pairings"][0]["tables"]}
        assert recorded == {t: {"red": trial, "blue": t} for t in tables}, trial
