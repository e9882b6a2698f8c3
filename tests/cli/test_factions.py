"""``landsraad factions`` and ``landsraad faction NAME`` run as the real command (R-FACTION, R-PROFILE)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
import yaml

from landsraad.content import data_dir
from landsraad.model import Faction
from tests import warm

REPO = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return warm.run(args, cwd=REPO, text=True, timeout=120)


def test_factions_table_lists_every_bundled_faction():
    r = run("factions")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].split() == ["id", "name", "source", "honour", "spice", "types"]
    rows = {line.split()[0]: line.split() for line in lines[1:]}
    assert {"atreides", "corrino", "fremen", "harkonnen"} <= set(rows)
    # Corrino: rulebook, Honour 3, 5 doses, 11 barracks types (RULINGS.md "Corrino (rulebook)").
    assert rows["corrino"][-4:] == ["rulebook", "3", "5", "11"]


def test_factions_json():
    r = run("factions", "--json")
    assert r.returncode == 0, r.stderr
    rows = {row["id"]: row for row in json.loads(r.stdout)}
    assert rows["corrino"] == {"id": "corrino", "name": "House Corrino", "source": "rulebook",
                               "honour": 3, "spice_doses": 5, "types": 11}
    assert rows["harkonnen"]["source"] == "project"


def test_faction_sheet_shows_rules_barracks_arsenal_and_effective_cards():
    r = run("faction", "corrino")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    for text in ("Imperial espionage", "Suk doctor", "Corrino spice", "Barracks", "Arsenal", "Rare equipment",
                 "Hunter-seeker", "Jammer", "Flamethrower*", "direct 20", "paired_weapons: 0 pts"):
        assert text in out, text
    # Sardaukar soldier: card C+1 R0 E3, effective C+2 R+1 Armour 3 at 2 points (shooting example 2).
    soldier = out[out.index("Soldier (2) [soldier"):]
    assert "M10 C+2 R+1 E3 Armour 3" in soldier.splitlines()[1]
    assert "card as printed: cost 1, C+1 R0" in soldier
    # The Master Assassin card (R-PROFILE).
    ma = out[out.index("Master Assassin (4)"):]
    assert "M10 C+2 R+4 E3 | shield: full | spice: 1" in ma
    assert "dangerous, will_breaker 2, irritant, paralysing" in ma


@pytest.mark.parametrize("fid", ["atreides", "harkonnen", "fremen"])
def test_faction_sheet_for_each_authored_house(fid):
    r = run("faction", fid)
    assert r.returncode == 0, r.stderr
    assert f"({fid}) - source: project" in r.stdout.splitlines()[0]


def test_faction_json_dumps_the_model():
    r = run("faction", "corrino", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    effective = data.pop("effective_profiles")
    assert Faction.model_validate(data).id == "corrino"
    assert effective["soldier"]["combat"] == 2 and effective["soldier"]["armour"] == 3
    assert effective["medic"]["combat"] == data["profiles"][1]["combat"]


def test_unknown_faction_is_one_line_with_did_you_mean_and_exit_2():
    r = run("faction", "corino")
    assert r.returncode == 2
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Did you mean 'corrino'?" in lines[0]
    assert "Traceback" not in r.stderr


def test_faction_file_path(tmp_path):
    data = yaml.safe_load((data_dir("factions") / "corrino.yaml").read_text(encoding="utf-8"))
    data["id"], data["name"], data["honour"] = "minor_house", "House Test", 1
    path = tmp_path / "minor.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    r = run("faction", str(path))
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("House Test (minor_house)")


def test_bad_faction_file_is_a_data_error_exit_1(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("id: bad\nname: Bad\nsource: project\nhonour: -1\n", encoding="utf-8")
    r = run("faction", str(path))
    assert r.returncode == 1
    assert "honour" in r.stderr and "Traceback" not in r.stderr


def test_a_sheet_prints_its_cells_as_the_card_does():
    # Issue 9, item 13: the machine gun's Combat is printed 0 on the Corrino sheet (its Initiative "-").
    out = run("faction", "corrino")
    row = next(line for line in out.stdout.splitlines() if line.strip().startswith("Machine gun"))
    assert row.split()[3:5] == ["0", "-"]
