"""``landsraad shoot`` run as the real command: the scene's geometry and the exact odds in one answer.

The scene is tests/data/scenes/cli-shoot.yaml (its header gives the figures). The odds are
checked against ``landsraad odds shoot`` given the same numbers by hand (profiles, weapon,
distance, cover): one computation, reached by two routes.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests import warm

REPO = Path(__file__).resolve().parents[2]
SCENE = str(REPO / "tests" / "data" / "scenes" / "cli-shoot.yaml")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return warm.run(args, cwd=REPO, text=True, timeout=120)


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


# --- weapons in scenes and plain answers (issue 39) -----------------------------------------

TABLE = str(REPO / "tests" / "data" / "scenes" / "cli-table.yaml")


def test_a_shot_the_shield_always_stops_says_it_cannot_wound():
    """sard is a Corrino soldier (shield full): shots never damage a shielded model (R-SHIELD)."""
    out = run_json("shoot", TABLE, "fed", "sard", "--weapon", "maula_rifle")
    assert out["allowed"] is True and out["can_wound"] is False and out["cannot_wound_because"] == "shield"
    # the oracle: odds shoot on the same numbers, by hand (17 cm, no cover)
    odds = run_json("odds", "shoot", "--attacker", "fremen/fedaykin", "--weapon", "fremen:maula_rifle",
                    "--target", "corrino/soldier", "--distance", "17")
    assert out["odds"] == odds and odds["wound"]["none"] == 1.0 and odds["p_shield_stopped"] == odds["p_hit"] > 0
    text = run("shoot", TABLE, "fed", "sard", "--weapon", "maula_rifle").stdout
    assert "This shot may be taken, but it cannot wound." in text
    assert "It cannot wound: sard's shield stops every shot that gets home (R-SHIELD" in text
    assert "the target suffers" not in text and "This shot may be taken.\n" not in text


def test_a_shot_that_can_wound_says_so_plainly():
    out = run_json("shoot", SCENE, "s", "t")
    assert out["can_wound"] is True and out["cannot_wound_because"] is None
    assert run("shoot", SCENE, "s", "t").stdout.rstrip().endswith("This shot may be taken.")


def test_shoot_without_weapon_answers_for_each_ranged_weapon_the_scene_gives():
    """fed carries crysknife, maula pistol and maula rifle (weapons: in the scene): two can shoot."""
    out = run_json("shoot", TABLE, "fed", "sard")
    assert [a["weapon"] for a in out["each_weapon"]] == ["Maula pistol", "Maula rifle"]
    assert out["weapon"] == "Maula pistol" and out["odds"] == out["each_weapon"][0]["odds"]
    for answer in out["each_weapon"]:
        one = run_json("shoot", TABLE, "fed", "sard", "--weapon", answer["weapon"])
        assert one["odds"] == answer["odds"] and "each_weapon" not in one
    text = run("shoot", TABLE, "fed", "sard").stdout
    assert text.startswith("fed carries 2 ranged weapons (Maula pistol, Maula rifle)")
    assert text.count("fed shoots sard with") == 2


def test_a_scene_weapon_replaces_the_cards():
    """sard2 carries the lance and a laser: the laser is answered for too (the card has no laser)."""
    out = run_json("shoot", TABLE, "sard2", "far")
    assert [a["weapon"] for a in out["each_weapon"]] == ["Sardaukar lance", "Laser*"]  # the sheet names it so


@pytest.mark.parametrize("bare", ["pistol", "Pistol", "PISTOL"])
def test_a_bare_weapon_name_is_read_in_the_shooters_faction(bare):
    out = run_json("shoot", SCENE, "s", "t", "--weapon", bare)
    assert out["weapon"] == "Pistol"
    assert out["odds"] == run_json("shoot", SCENE, "s", "t", "--weapon", "corrino:pistol")["odds"]


def test_one_word_of_a_weapons_name_finds_it():
    assert run_json("shoot", SCENE, "s", "t", "--weapon", "lance")["weapon"] == "Sardaukar lance"


def test_a_mistyped_bare_weapon_suggests_the_factions_weapon():
    r = run("shoot", SCENE, "s", "t", "--weapon", "pistl")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "corrino has no weapon 'pistl'. Did you mean 'pistol'?" in r.stderr and "poisons" not in r.stderr


def test_a_bare_weapon_for_a_shooter_without_profile_asks_for_its_faction():
    r = run("shoot", SCENE, "f", "t", "--weapon", "pistol", "--attacker", "combat=1")
    assert r.returncode == 2 and "faction is unknown" in r.stderr and "corrino:pistol" in r.stderr


def test_a_scene_weapon_outside_the_arsenal_is_a_file_error(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("models:\n  - {id: a, at: [10, 10], profile: corrino/soldier, weapons: [pistl, maula_pistol]}\n")
    r = run("measure", str(bad), "a", "a")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "'pistl' is not a corrino weapon. Did you mean 'pistol'?" in r.stderr
    assert "'maula_pistol' is in the corrino catalogue but not in the arsenal of a soldier" in r.stderr


def test_a_scene_model_read_from_a_warband_list_shoots_with_its_list_weapons():
    """from-list.yaml: gunner is entry 7 of examples/lists/atreides.yaml, the specialist with the heavy
    lasgun; no --weapon needed, and the laser never targets sard's working shield (R-LASER)."""
    out = run_json("shoot", str(REPO / "tests" / "data" / "scenes" / "from-list.yaml"), "gunner", "sard")
    assert out["weapon"] == "Heavy lasgun*" and out["allowed"] is False
    assert any("R-LASER" in reason for reason in out["reasons"])
