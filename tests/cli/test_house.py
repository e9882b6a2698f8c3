"""CLI tests of `landsraad house price` and `landsraad house new` (the real command)."""

import json
from pathlib import Path

from tests import warm

ROOT = Path(__file__).resolve().parents[2]


def run(*args, cwd=None):
    env_cwd = cwd or ROOT
    return warm.run(args, text=True, cwd=env_cwd, timeout=600, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_price_json_of_a_bundled_sheet_lists_every_card_and_option():
    out = run("house", "price", str(ROOT / "factions" / "atreides.yaml"), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["faction"] == "atreides"
    kinds = {i["kind"] for i in data["items"]}
    assert kinds == {"profile", "specialist weapon", "rare equipment"}
    assert all(abs(i["priced"] - i["printed"]) <= 1 for i in data["items"])
    assert set(data["model"]) >= {"intercept", "combat", "reflexes"}


def test_new_writes_a_house_and_a_list_that_validate_and_price(tmp_path):
    out = run("house", "new", "Maison Écaz", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    house, lst = tmp_path / "maison_ecaz.yaml", tmp_path / "maison_ecaz-list.yaml"
    assert house.exists() and lst.exists()
    check = run("validate", "--faction-file", str(house), str(lst))
    assert check.returncode == 0, check.stdout + check.stderr
    assert "valid" in check.stdout
    price = run("house", "price", str(house))
    assert price.returncode == 0 and "0 differ" in price.stdout
    again = run("house", "new", "Maison Écaz", cwd=tmp_path)
    assert again.returncode == 2 and "already exists" in again.stderr


def test_a_bad_house_gets_errors_with_key_and_line(tmp_path):
    assert run("house", "new", "Bad", cwd=tmp_path).returncode == 0
    path = tmp_path / "bad.yaml"
    good = path.read_text()
    path.write_text(good.replace("[pathfinder]", "[pathfindr]"))
    out = run("house", "price", str(path))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "pathfindr" in out.stderr and "profiles[2].special_rules" in out.stderr and "line" in out.stderr
    path.write_text(good.replace("endurance: 4", "endurance: 9").replace("movement: 12", "movement: 7"))
    out = run("house", "price", str(path))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "profiles[3].endurance (line" in out.stderr and "Endurance 9" in out.stderr
    assert "profiles[2].movement (line" in out.stderr and "Movement (cm) 7" in out.stderr


def test_simulate_plays_a_minor_house(tmp_path):
    assert run("house", "new", "House Ecaz", cwd=tmp_path).returncode == 0
    out = run("simulate", "--red", str(tmp_path / "house_ecaz-list.yaml"), "--blue", "fremen", "--faction-file",
              str(tmp_path / "house_ecaz.yaml"), "--games", "1", "--players", "random", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["games"] == 1
