"""``landsraad shoot`` run as the real command: the scene's geometry and the exact odds in one answer.

The scene is tests/data/scenes/cli-shoot.yaml (its header gives the figures). The odds are
checked against ``landsraad odds shoot`` given the same numbers by hand (profiles, weapon,
distance, cover): one computation, reached by two routes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCENE = str(REPO / "tests" / "data" / "scenes" / "cli-shoot.yaml")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "landsraad", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=120)


def run_json(*args: str) -> dict:
    r = run(*args, "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


@pytest.mark.parametrize("target, cover", [("t", "none"), ("screened", "small")])
def test_shoot_equals_odds_shoot_on_the_same_numbers(target, cover):
    out = run_json("shoot", SCENE, "s", target)
    geo = out["geometry"]
    assert geo["cover"] == cover and geo["distance_cm"] == 27.0  # 30 cm between centres, minus two 1.5 cm radii
    odds = run_json("odds", "shoot", "--attacker", "corrino/soldier", "--target", "fremen/naib",
                    "--distance", str(geo["distance_cm"]), "--cover", cover)
    assert out["odds"] == odds
    assert out["allowed"] is True and out["weapon"] == "Sardaukar lance"


def test_cover_from_a_friend_is_named():
    out = run_json("shoot", SCENE, "s", "screened")
    assert out["geometry"]["cover_from"] == ["f"]
    assert "small cover (+2 defence), from f." in run("shoot", SCENE, "s", "screened").stdout


def test_weapon_and_stats_overrides_match_odds_shoot():
    out = run_json("shoot", SCENE, "s", "t", "--weapon", "corrino:pistol", "--target", "wound=light",
                   "--attacker", "combat=+3")
    odds = run_json("odds", "shoot", "--attacker", "corrino/soldier,combat=+3", "--weapon", "corrino:pistol",
                    "--target", "fremen/naib,wound=light", "--distance", "27", "--cover", "none")
    assert out["odds"] == odds and out["weapon"] == "Pistol"
    # a profile reference replaces the scene's card
    out = run_json("shoot", SCENE, "s", "t", "--target", "corrino/soldier")
    odds = run_json("odds", "shoot", "--attacker", "corrino/soldier", "--target", "corrino/soldier",
                    "--distance", "27")
    assert out["odds"] == odds


def test_a_model_without_profile_needs_stats():
    r = run("shoot", SCENE, "s", "bare")
    assert r.returncode == 2 and "Model 'bare' has no profile in the scene; give its stats with --target" in r.stderr
    assert run_json("shoot", SCENE, "s", "bare", "--target", "endurance=3")["odds"] is not None


def test_no_line_of_sight_is_no_shot():
    out = run_json("shoot", SCENE, "s", "hidden")
    assert out["geometry"]["line_of_sight"] is False and out["odds"] is None
    assert out["allowed"] is False and "no line of sight" in out["reasons"][0]
    r = run("shoot", SCENE, "s", "hidden")
    assert r.returncode == 0 and "This shot may not be taken: s has no line of sight to hidden (R-LOS)." in r.stdout


def test_not_the_nearest_enemy_is_said_and_the_odds_still_given():
    """bare (50, 50) is farther than t and screened (27.0 cm each): RUL-08 forbids the shot."""
    out = run_json("shoot", SCENE, "s", "bare", "--target", "endurance=3")
    assert out["geometry"]["target_is_nearest"] is False
    assert out["geometry"]["nearest_targets"] == ["t", "screened"]
    assert out["allowed"] is False and "RUL-08" in out["reasons"][0] and out["odds"] is not None


def test_readable_answer_and_svg(tmp_path):
    svg = tmp_path / "shot.svg"
    r = run("shoot", SCENE, "s", "t", "--svg", str(svg))
    assert r.returncode == 0, r.stderr
    for words in ("s shoots t with Sardaukar lance.", "27.0 cm edge to edge", "1 band beyond range (band 1, -1)",
                  "hits (before shields)", "expected damage", "This shot may be taken."):
        assert words in r.stdout
    assert svg.read_text().startswith("<?xml")


@pytest.mark.parametrize("args, words", [
    (["s", "nobody"], "no target 'nobody'"),
    (["s", "s"], "two different models"),
    (["s", "t", "--weapon", "corrino:lasgun"], "Unknown weapon 'lasgun'"),
    (["s", "t", "--tolerance", "-1"], "--tolerance"),
])
def test_usage_errors(args, words):
    r = run("shoot", SCENE, *args)
    assert r.returncode == 2 and words in r.stderr and "Traceback" not in r.stderr


def test_a_direct_fire_template_reaches_its_length_only():
    """The Corrino flamethrower is a 20 cm direct-fire template (factions/corrino.yaml): t is 27 cm away."""
    out = run_json("shoot", SCENE, "s", "t", "--weapon", "corrino:flamethrower")
    assert out["allowed"] is False and "beyond the 20 cm" in out["reasons"][0]
