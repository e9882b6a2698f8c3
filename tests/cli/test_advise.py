"""``landsraad advise`` run as the real command: each option's odds are those of the command lines it gives."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCENE = str(REPO / "tests" / "data" / "scenes" / "cli-table.yaml")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "landsraad", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=300)


def run_json(*args: str) -> dict:
    r = run(*args, "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def _odds_command(option: dict) -> dict:
    (line,) = [c for c in option["commands"] if c.startswith("landsraad odds")]
    return run_json(*shlex.split(line)[1:])


def test_the_top_option_agrees_with_odds_shoot_on_its_own_numbers():
    out = run_json("advise", SCENE, "sard2")
    top = out["options"][0]
    assert top["kind"] == "shoot" and top["target"] == "far" and top["weapon"] == "Sardaukar lance"
    odds = _odds_command(top)
    assert odds["p_hit"] == top["p_hit"] == 0.72
    assert odds["wound"] == top["wound"] and odds["expected_damage"] == top["expected_damage"]
    # and the shoot command it gives says the same
    shot = run_json(*shlex.split(top["commands"][0])[1:])
    assert shot["odds"]["p_hit"] == top["p_hit"] and shot["allowed"] is True


def test_the_charge_agrees_with_odds_melee():
    out = run_json("advise", SCENE, "raider")
    (charge,) = [o for o in out["options"] if o["kind"] == "charge"]
    cell = _odds_command(charge)
    assert cell["p_attacker_hits"] == charge["p_hit"] and cell["defender_wound"] == charge["wound"]
    assert cell["expected_damage_to_defender"] == charge["expected_damage"]
    move = run_json(*shlex.split(charge["commands"][0])[1:])
    assert move["charge"]["can_fight_this_activation"] is True


def test_readable_answer_and_picture(tmp_path):
    svg = tmp_path / "advice.svg"
    r = run("advise", SCENE, "raider", "--svg", str(svg))
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("raider (movement 10 cm): 3 options this activation, best first")
    assert "1. shoot prey with the Sardaukar lance from where it stands." in r.stdout
    assert "Risk 2: it may be shot by fed or charged by prey." in r.stdout
    assert svg.read_text().startswith("<svg") or "<svg" in svg.read_text()[:200]


def test_a_model_without_profile_is_a_usage_error():
    r = run("advise", SCENE, "chg")
    assert r.returncode == 2 and "no profile" in r.stderr and "Traceback" not in r.stderr
