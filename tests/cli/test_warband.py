"""Tests of the `landsraad validate`, `landsraad roster` and `landsraad schema` commands.

They run the real command in a subprocess (`python -m landsraad ...`) and check exit statuses
(0 valid, 1 invalid or unreadable, 2 bad usage), outputs and that no traceback is ever printed.
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from landsraad.cli.warband import format_report, make_ruleset, parse_points, reports_csv
from landsraad.errors import UsageError
from landsraad.warband import check_text
from tests import warm

ROOT = Path(__file__).resolve().parents[2]
LISTS = ROOT / "tests" / "data" / "lists"
HOUSE_FILE = LISTS / "factions" / "test_house.yaml"


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    proc = warm.run(map(str, args), text=True, cwd=cwd, timeout=120)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def test_validate_valid_folder_exits_0_with_one_report_per_file():
    proc = run("validate", LISTS / "valid", "--faction-file", HOUSE_FILE, "--points", "20", "--arrakis")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    n = len([p for p in (LISTS / "valid").iterdir() if p.suffix in (".yaml", ".json")])
    assert proc.stdout.count(": valid - ") == n
    assert proc.stdout.rstrip().endswith(f"{n} lists: {n} valid, 0 invalid.")


def test_validate_json_for_mixed_files_exits_1():
    proc = run("validate", LISTS / "valid" / "corrino-15.yaml", LISTS / "invalid" / "barracks-max.yaml",
               LISTS / "nope.yaml", "--json")
    assert proc.returncode == 1
    reports = json.loads(proc.stdout)
    assert [r["valid"] for r in reports] == [True, False, False]
    good, bad, missing = reports
    assert {"file", "valid", "faction", "points", "errors", "warnings", "data_hash"} <= set(good)
    assert good["points"] == 15 and good["faction"] == "corrino" and len(good["data_hash"]) == 16
    (err,) = bad["errors"]
    assert err["code"] == "barracks-max" and err["rule"] == "R-FACTION" and err["severity"] == "error"
    assert err["path"] == "models[11]" and err["line"] == 18  # 6 lines of header and keys, the Naib on 7, the 11th Warrior on 18
    assert err["message"] == "Warrior is limited to 10 in The Fremen's barracks; this list has 11."
    assert missing["errors"][0]["code"] == "unreadable" and missing["data_hash"] is None


def test_validate_csv_one_row_per_finding_plus_one_per_valid_file():
    proc = run("validate", LISTS / "valid" / "warnings.yaml", LISTS / "invalid" / "many-problems.yaml",
               "--faction-file", HOUSE_FILE, "--csv")
    assert proc.returncode == 1
    rows = list(csv.DictReader(io.StringIO(proc.stdout)))
    warn = [r for r in rows if r["file"].endswith("warnings.yaml")]
    assert sorted(r["code"] for r in warn) == ["", "points-unspent", "spice-unassigned", "weapon-duplicates-profile"]
    bad = [r for r in rows if r["file"].endswith("many-problems.yaml")]
    assert sorted(r["code"] for r in bad) == sorted(["barracks-max", "points-over-cap", "weapon-limit", "equipment-pieces",
                                                     "spice-pool", "duplicate-name"])
    assert all(r["valid"] == "false" and r["points"] == "18" for r in bad)


def test_validate_points_option_changes_the_cap():
    path = LISTS / "invalid" / "points-over-event-cap.yaml"  # 15 points
    assert run("validate", path).returncode == 0
    proc = run("validate", path, "--points", "12")
    assert proc.returncode == 1 and "points-over-cap" in proc.stdout and "15 / 12 points" in proc.stdout


def test_validate_ruleset_file(tmp_path):
    ruleset = tmp_path / "event.yaml"
    ruleset.write_text("points: 12\n")
    assert run("validate", LISTS / "invalid" / "points-over-event-cap.yaml", "--ruleset", ruleset).returncode == 1


@pytest.mark.parametrize("args", [
    ("validate",),
    ("validate", "x.yaml", "--points", "zero"),
    ("validate", "x.yaml", "--json", "--csv"),
    ("validate", "x.yaml", "--ruleset", "no-such-ruleset.yaml"),
    ("roster", "x.yaml", "--format", "pdf"),
    ("schema", "nothing"),
])
def test_bad_usage_exits_2_on_one_line(args):
    proc = run(*args)
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) <= 2 and proc.stdout == ""


def test_empty_folder_is_bad_usage(tmp_path):
    proc = run("validate", tmp_path)
    assert proc.returncode == 2 and "holds no list file" in proc.stderr


def test_roster_formats(tmp_path):
    path = LISTS / "valid" / "corrino-15.yaml"
    text = run("roster", path)
    assert text.returncode == 0 and text.stdout.startswith("Imperial strike team - House Corrino - 15 / 15 points - VALID")
    out = tmp_path / "r.html"
    html = run("roster", path, "--format", "html", "-o", out)
    assert html.returncode == 0 and html.stdout == ""
    assert out.read_text().startswith("<!DOCTYPE html>")
    assert "| Weapon |" in run("roster", path, "--format", "markdown").stdout


def test_roster_of_an_invalid_list_exits_1_but_prints():
    proc = run("roster", LISTS / "invalid" / "weapon-limit.yaml")
    assert proc.returncode == 1 and "INVALID" in proc.stdout.splitlines()[0] and "weapon-limit" in proc.stdout


def test_roster_without_a_known_faction_exits_1():
    proc = run("roster", LISTS / "invalid" / "unknown-faction.yaml")
    assert proc.returncode == 1 and "unknown-faction" in proc.stderr and proc.stdout == ""


def test_schema_list_is_json_schema():
    proc = run("schema", "list")
    assert proc.returncode == 0
    schema = json.loads(proc.stdout)
    assert schema["$schema"].startswith("https://json-schema.org/") and schema["required"] == ["faction", "models"]
    assert json.loads(run("schema", "faction").stdout)["title"] == "Faction"


# --- in-process helpers -------------------------------------------------------------------------


def test_parse_points_and_make_ruleset():
    import argparse

    assert parse_points("20") == 20
    with pytest.raises(UsageError):
        parse_points("-3")
    rs = make_ruleset(argparse.Namespace(points="9", arrakis=True, ruleset=None))
    assert (rs.points, rs.arrakis) == (9, True)


def test_format_report_and_csv_helpers():
    report = check_text("faction: corrino\nmodels: [{type: soldier, weapons: [halberd, laser]}]\n", "x.yaml")
    text = format_report(report)
    assert text.startswith("x.yaml: INVALID - House Corrino, 2 / 15 points, 1 error")
    assert "common-weapon-count, RUL-15" in text
    rows = list(csv.DictReader(io.StringIO(reports_csv([report]))))
    errors = [r for r in rows if r["severity"] == "error"]
    assert len(errors) == 1 and errors[0]["code"] == "common-weapon-count" and errors[0]["line"] == "2"
    assert len(rows) == len(report.findings)  # invalid: no extra "valid file" row


def test_progress_bar_only_on_a_terminal_and_for_many_files(monkeypatch, tmp_path):
    from landsraad.cli import warband as cli

    files = [tmp_path / f"{i}.yaml" for i in range(cli.PROGRESS_MIN_FILES)]
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    assert cli._progress(files) is files
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert cli._progress(files[:-1]) == files[:-1]
    bar = cli._progress(files)
    assert bar is not files and list(bar) == files


# --- an organiser's folder: skipped files named, players, summary CSV, French spreadsheets ------

ENTRIES = {
    "ana.yaml": "player: Ana\nname: Lances\nfaction: Corrino\nmodels:\n  - type: Maître d'arme\n  - {type: Soldat, weapons: [Hallebarde]}\n",
    "bo.txt": "player: Bo\nfaction: fremen\nmodels:\n  - type: naib\n  - {type: Guerrier, weapons: [krys]}\n",
    "cy.json": '{"player": "Cy; the \\"third\\"", "faction": "harkonen", "models": [{"type": "Champion"}, {"type": "soldeir"}]}',
    "photo.jpg": "not a list",
}


def _organiser_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "entries"
    folder.mkdir()
    for name, text in ENTRIES.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_validate_folder_names_skipped_files_and_reads_txt(tmp_path):
    proc = run("validate", _organiser_folder(tmp_path))
    assert proc.returncode == 1
    assert "photo.jpg: not read" in proc.stderr and "bo.txt: read as a list although its name ends in .txt" in proc.stderr
    assert "ana.yaml (Ana): valid" in proc.stdout and "bo.txt (Bo): valid" in proc.stdout
    assert "Unknown faction 'harkonen'. Did you mean 'harkonnen'?" in proc.stdout
    assert "model 2, type (line 1): Model type 'soldeir'" in proc.stdout  # still checked against the closest sheet
    assert proc.stdout.rstrip().endswith("3 lists: 2 valid, 1 invalid.")


def test_validate_json_carries_player_and_name(tmp_path):
    reports = json.loads(run("validate", _organiser_folder(tmp_path), "--json").stdout)
    assert [(r["player"], r["name"]) for r in reports] == [("Ana", "Lances"), ("Bo", ""), ('Cy; the "third"', "")]
    assert reports[2]["errors"][1]["position"] == "model 2, type" and reports[2]["errors"][1]["path"] == "models[1].type"


def test_validate_csv_summary_one_row_per_entry(tmp_path):
    proc = run("validate", _organiser_folder(tmp_path), "--csv", "--csv-mode", "summary")
    rows = list(csv.DictReader(io.StringIO(proc.stdout)))
    assert [r["player"] for r in rows] == ["Ana", "Bo", 'Cy; the "third"']
    ana, bo, cy = rows
    # Ana: Master of Arms 3 + Sardaukar Soldier 2 = 5 points (hand sum from the Corrino sheet).
    assert (ana["faction"], ana["points"], ana["valid"], ana["errors"], ana["first_error"]) == ("corrino", "5", "true", "0", "")
    assert ana["name"] == "Lances" and bo["valid"] == "true"
    assert (cy["valid"], cy["errors"]) == ("false", "2") and cy["first_error"].startswith("faction: Unknown faction 'harkonen'.")


def test_validate_excel_fr_csv_reads_back_with_semicolons(tmp_path):
    proc = warm.run(["validate", str(_organiser_folder(tmp_path)), "--csv", "--csv-dialect", "excel-fr"], cwd=ROOT, timeout=120)
    raw = proc.stdout
    assert raw.startswith("\ufeff".encode("utf-8")) and raw.count(b"\r\n") >= 4 and b"\n" not in raw.replace(b"\r\n", b"")
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline=""), delimiter=";"))
    header = rows[0]
    assert header[:4] == ["file", "player", "name", "valid"]
    players = [r[header.index("player")] for r in rows[1:]]
    assert 'Cy; the "third"' in players  # the delimiter inside a value survives the round trip
    summary = warm.run(["validate", str(tmp_path / "entries"), "--csv", "--csv-mode", "summary", "--csv-dialect", "excel-fr"], cwd=ROOT, timeout=120).stdout
    table = list(csv.DictReader(io.StringIO(summary.decode("utf-8-sig"), newline=""), delimiter=";"))
    assert [(r["player"], r["points"], r["valid"]) for r in table][:2] == [("Ana", "5", "true"), ("Bo", table[1]["points"], "true")]
    assert table[2]["valid"] == "false" and table[2]["errors"] == "2"


def test_csv_options_need_csv():
    proc = run("validate", LISTS / "valid" / "corrino-15.yaml", "--csv-dialect", "excel-fr")
    assert proc.returncode == 2 and "add --csv" in proc.stderr


# --- lists as text and share codes ------------------------------------------------------------


def test_roster_text_reads_back_through_validate_the_same_list(tmp_path):
    source = ROOT / "examples" / "lists" / "fremen.yaml"
    text = run("roster", source, "--format", "text")
    assert text.returncode == 0 and "faction: The Fremen" in text.stdout and text.stdout.rstrip().endswith("total: 15 / 15 points")
    pasted = tmp_path / "pasted.txt"
    pasted.write_text(text.stdout, encoding="utf-8")
    original = json.loads(run("validate", source, "--json").stdout)[0]
    again = json.loads(run("validate", pasted, "--json").stdout)[0]
    assert again["valid"] and again["list_hash"] == original["list_hash"] and again["breakdown"] == original["breakdown"]
    folder = run("validate", tmp_path)  # in a folder too, without the "rename it" note
    assert folder.returncode == 0 and "pasted.txt: valid" in folder.stdout and "rename" not in folder.stderr
    cards = run("roster", pasted)  # and roster reads it: the default format is the profile cards
    assert cards.returncode == 0 and "Naib" in cards.stdout and "Movement" in cards.stdout


def test_prose_saved_as_txt_is_not_a_list(tmp_path):
    mail = tmp_path / "mail.txt"
    mail.write_text("Hi Tom,\nhere is my list for Saturday: the usual Fremen.\nSee you!\n", encoding="utf-8")
    proc = run("validate", mail)
    assert proc.returncode == 1
    assert "error: This file is not a list (no faction: or models:)." in proc.stdout and "key" not in proc.stdout
    folder = run("validate", tmp_path)
    assert folder.returncode == 2 and "mail.txt: not read: this file is not a list (no faction: or models:)." in folder.stderr


def test_roster_code_round_trip_and_a_damaged_code():
    code = run("roster", ROOT / "examples" / "lists" / "atreides.yaml", "--format", "code").stdout.strip()
    assert code.startswith("LR1-") and len(code) < 250
    ok = run("validate", code, "--json")
    assert ok.returncode == 0 and json.loads(ok.stdout)[0]["list_hash"] == json.loads(
        run("validate", ROOT / "examples" / "lists" / "atreides.yaml", "--json").stdout)[0]["list_hash"]
    assert run("roster", code, "--format", "text").stdout.startswith("# ")
    damaged = code[:10] + ("A" if code[10] != "A" else "B") + code[11:]
    bad = run("roster", damaged)
    assert bad.returncode == 1 and "check does not match" in bad.stderr


def test_validate_csv_neutralises_formulas(tmp_path):
    (tmp_path / "evil.yaml").write_text('player: "=HYPERLINK(\\"http://x\\",\\"y\\")"\nname: "@SUM(A1)"\nfaction: corrino\n'
                                        "models: [{type: scout}]\n", encoding="utf-8")
    proc = run("validate", tmp_path / "evil.yaml", "--csv", "--csv-mode", "summary")
    (row,) = list(csv.DictReader(io.StringIO(proc.stdout)))
    assert row["player"] == "'=HYPERLINK(\"http://x\",\"y\")" and row["name"] == "'@SUM(A1)" and row["points"] == "2"
