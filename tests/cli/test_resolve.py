"""The ``landsraad resolve`` commands, run as the real command (melee, shoot, disengage).

Expected figures are the rulebook's worked examples (2.4 melee 1 and 2 with the RUL-04
errata, 2.5 shooting 1 and 2; Combat/Reflexes 0 and Endurance 3 where an example gives none,
as in tests/golden/) or hand computations written next to each case.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests import warm

REPO = Path(__file__).resolve().parents[2]

HARKONNEN = ["--attacker", "name=Harkonnen,endurance=3", "--attacker-weapon", "combat=+2,damage=12-"]
MELEE_1 = [*HARKONNEN, "--defender", "name=Civilian,endurance=3", "--defender-weapon", "defence=+3,damage=0-",
           "--attacker-dice", "5,8,2", "--defender-dice", "3,3,6", "--attacker-stance", "attack", "--defender-stance", "defend",
           "--attacker-neutral", "1"]
MELEE_2 = [*HARKONNEN, "--defender", "name=Civilian,endurance=3", "--defender-weapon", "damage=6-",
           "--attacker-dice", "7,6,5", "--defender-dice", "5,2,1", "--attacker-stance", "attack", "--defender-stance", "attack",
           "--attacker-neutral", "1"]
SHOT_1 = ["--attacker", "combat=1", "--weapon", "range=10,combat=+1,damage=+1", "--target", "endurance=3", "--distance", "35",
          "--attacker-dice", "8,7", "--target-dice", "4,3"]
SHOT_2 = ["--attacker", "combat=2", "--weapon", "range=15,combat=+1,damage=+2", "--target", "reflexes=0,endurance=3",
          "--distance", "16", "--cover", "large", "--attacker-dice", "10,3", "--target-dice", "4,3"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return warm.run(["resolve", *args], cwd=REPO, text=True, timeout=120)


def run_json(*args: str) -> dict:
    r = run(*args, "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_melee_example_1_json() -> None:
    """Melee example 1: lowered to 1, 8 + 2 vs 6 + 3, hit, 12 - 1 = 11 damage."""
    out = run_json("melee", *MELEE_1)
    assert out["first"] == "attacker"
    assert [{k: s[k] for k in ("by", "hit", "damage", "wound")} for s in out["strikes"]] == [
        {"by": "attacker", "hit": True, "damage": 11, "wound": "fatal"}]
    assert (out["strikes"][0]["attack_total"], out["strikes"][0]["defence_total"]) == (10, 9)


def test_melee_example_2_json_with_the_rul_04_errata() -> None:
    """Melee example 2 (RUL-04): the civilian's knife deals 6 - 5 = 1 (not the printed 5), then the Harkonnen 11."""
    out = run_json("melee", *MELEE_2)
    assert out["first"] == "defender"
    assert [(s["by"], s["hit"], s["damage"], s["wound"]) for s in out["strikes"]] == [
        ("defender", True, 1, "scratch"), ("attacker", True, 11, "fatal")]


def test_melee_story_is_readable() -> None:
    r = run("melee", *MELEE_1)
    assert r.returncode == 0, r.stderr
    text = r.stdout
    assert "lowered to 1" in text and "attack 10 vs defence 9 -> hit" in text and "11 damage" in text and "fatal wound" in text
    assert len(text.splitlines()) <= 8


def test_shoot_examples_json() -> None:
    """Shooting example 1: -2 at 35 cm, 6 vs 3, 9 damage, fatal. Example 2: 5 vs 7, dodge up to 4 cm (Reflexes 0)."""
    one = run_json("shoot", *SHOT_1)
    assert (one["range_modifier"], one["attack_total"], one["defence_total"], one["hit"], one["damage"], one["wound"]) == (-2, 6, 3, True, 9, "fatal")
    assert one["shield_stopped"] is False and one["dodge_cm"] == 0
    two = run_json("shoot", *SHOT_2)
    assert (two["attack_total"], two["defence_total"], two["hit"], two["dodge_cm"], two["wound"]) == (5, 7, False, 4.0, "none")


def test_shoot_story_and_shield() -> None:
    r = run("shoot", *SHOT_2)
    assert r.returncode == 0 and "may dodge up to 4 cm" in r.stdout
    out = run_json("shoot", "--attacker", "combat=1", "--weapon", "range=10,combat=+1,damage=+1", "--target", "endurance=3,shield=half",
                   "--distance", "5", "--attacker-dice", "9,9", "--target-dice", "1,1")
    assert out["hit"] and out["shield_stopped"] and out["damage"] == 0 and out["wound"] == "none"


def test_disengage_json_and_story() -> None:
    """PRJ-17: neutral + Reflexes + Initiative. Mover 2 + 2 = 4 vs 8 + 0 + 1 = 9: fails; halberd 15 - 8 = 7 vs E3: grave."""
    args = ["--mover", "reflexes=2,endurance=3", "--opponent", "reflexes=0", "--opponent-weapon", "combat=+2,initiative=+1,damage=15-",
            "--mover-dice", "2,10", "--opponent-dice", "8,1"]
    out = run_json("disengage", *args)
    assert (out["mover_total"], out["opponent_total"], out["success"], out["damage"], out["wound"]) == (4, 9, False, 7, "grave")
    r = run("disengage", "--mover", "reflexes=2", "--opponent", "reflexes=0", "--mover-dice", "9,1", "--opponent-dice", "3,10")
    assert r.returncode == 0 and "moves 9 cm" in r.stdout


def test_profile_reference_stands_for_inline_stats() -> None:
    """FACTION/TYPE[:WEAPON] (parsed by cli/stats.py) works as a model argument."""
    r = run("melee", "--attacker", "corrino/soldier:halberd", "--defender", "combat=0,endurance=3",
            "--defender-weapon", "damage=6-", "--attacker-dice", "5,9,1", "--defender-dice", "3,1,2",
            "--attacker-stance", "attack", "--defender-stance", "defend", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["strikes"][0]["hit"] is True


@pytest.mark.parametrize(
    "args, words",
    [
        (["melee", *MELEE_1[:-1], "6"], ["rolled 5", "never raised"]),
        (["melee", *[a if a != "5,8,2" else "5,8" for a in MELEE_1]], ["--attacker-dice", "3 dice"]),
        (["shoot", *[a if a != "8,7" else "8,11" for a in SHOT_1]], ["1 to 10", "got 11"]),
        (["shoot", "--attacker", "combat=1", "--weapon", "range=15,combat=-2,damage=(12),laser", "--target", "shield=full",
          "--distance", "5", "--attacker-dice", "1,1", "--target-dice", "1,1"], ["laser", "shield"]),
        (["shoot", *[a if a != "combat=1" else "combat=1,armor=3" for a in SHOT_1]], ["armor", "Did you mean 'armour'"]),
    ],
)
def test_bad_arguments_one_line_exit_2(args: list[str], words: list[str]) -> None:
    r = run(*args)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    for w in words:
        assert w in r.stderr


def test_ruleset_switches_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    """--ties active (RUL-01 option) turns a tied shot into a hit; --arrakis switches shields off (R-ARRAKIS)."""
    from landsraad.cli import main

    tied = ["resolve", "shoot", "--attacker", "combat=0", "--weapon", "range=10,damage=+1", "--target", "endurance=3",
            "--distance", "5", "--attacker-dice", "5,4", "--target-dice", "2,4", "--json"]
    assert main(tied) == 0 and json.loads(capsys.readouterr().out)["hit"] is False
    assert main([*tied, "--ties", "active"]) == 0 and json.loads(capsys.readouterr().out)["hit"] is True
    shielded = ["resolve", "shoot", "--attacker", "combat=0", "--weapon", "range=10,damage=+1", "--target", "endurance=3,shield=full",
                "--distance", "5", "--attacker-dice", "5,9", "--target-dice", "2,1", "--json"]
    assert main(shielded) == 0 and json.loads(capsys.readouterr().out)["shield_stopped"] is True
    assert main([*shielded, "--arrakis"]) == 0 and json.loads(capsys.readouterr().out)["damage"] == 6


@pytest.mark.parametrize("distance", ["nan", "inf", "1e308", "-1"])
def test_a_distance_that_is_not_a_table_length_is_a_usage_error(distance):
    out = run("shoot", "--attacker", "combat=1", "--weapon", "range=10,combat=+1,damage=+1", "--target", "endurance=3",
              "--distance", distance, "--attacker-dice", "8,7", "--target-dice", "4,3")
    assert out.returncode == 2 and "--distance must be from 0 to 1000 cm" in out.stderr


def run_fr(*args: str) -> subprocess.CompletedProcess[str]:
    return warm.run(["--lang", "fr", "resolve", *args], cwd=REPO, text=True, timeout=120)


def test_french_shot_story_reads_in_the_rulebook_words_and_json_stays_english() -> None:
    """Issue 40: the account of shooting example 1 (2.5) in French: tir, cible, touché, blessure fatale."""
    r = run_fr("shoot", *SHOT_1)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [
        "Tir : Attaquant tire sur Cible à 35 cm (portée de l'arme 10 cm : 3 tranches au-delà de la portée (tranche 3, -3), "
        "modificateur -2), sans couvert.",
        "Attaque : dé 7 + Combat 1 + arme et portée -2 = 6 ; défense : dé 3 + couvert 0 = 3.",
        "Touché. Dégâts : neutre 8 + 1 = 9 -> blessure fatale (comparé à 3) : Cible est retirée du jeu.",
    ]
    miss = run_fr("shoot", *SHOT_2)
    assert "Raté : Cible peut esquiver jusqu'à 4 cm (neutre 4 + Réflexes)." in miss.stdout
    assert "grand couvert (+4)" in miss.stdout
    fr_json = warm.run(["--lang", "fr", "resolve", "shoot", *SHOT_1, "--json"], cwd=REPO, text=True, timeout=120)
    assert json.loads(fr_json.stdout) == run_json("shoot", *SHOT_1)
    assert json.loads(fr_json.stdout)["target"] == "Target"


def test_french_melee_and_disengage_stories_read_in_the_rulebook_words() -> None:
    """Issue 40: melee example 1 (2.4) and a failed disengage (PRJ-17) in French: corps à corps, diminution, frappe, échec."""
    r = run_fr("melee", *MELEE_1)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [
        "Corps à corps : Harkonnen (en attaque) contre Civilian (en défense).",
        "Dés : Harkonnen neutre 5 diminué à 1, attaque 8 ; Civilian neutre 3, défense 6.",
        "Diminution : Civilian (total le plus bas) choisit en premier.",
        "Initiative : Harkonnen 1, Civilian 3 ; Harkonnen frappe en premier (l'autre se défend).",
        "Harkonnen frappe Civilian : attaque 10 contre défense 9 -> touché ; 11 de dégâts (neutre 1) -> blessure fatale (comparé à 3) : "
        "Civilian est retirée du jeu.",
    ]
    both_defend = run_fr("melee", "--attacker", "combat=1,endurance=3", "--defender", "endurance=3", "--attacker-dice", "3,9,1",
                         "--defender-dice", "3,1,4", "--attacker-stance", "defend", "--defender-stance", "defend")
    assert both_defend.stdout.splitlines()[-1] == ("Options : Attaquant peut reculer de 5 cm au plus hors de contact ; "
                                                   "Défenseur peut reculer de 5 cm au plus hors de contact.")
    d = run_fr("disengage", "--mover", "reflexes=0,endurance=3", "--opponent", "endurance=3", "--opponent-weapon", "damage=6-",
               "--mover-dice", "2,1", "--opponent-dice", "4,9")
    assert d.returncode == 0, d.stderr
    assert d.stdout.splitlines()[-1] == ("Échec : Figurine qui se désengage reste au contact ; Adversaire inflige 2 (neutre 4) -> "
                                         "une égratignure (un pion fatigue) (comparé à 3).")
    assert not any(word in r.stdout + d.stdout for word in ("Melee", "strikes", "Lowering", "Failure", "damage"))


def test_cards_given_as_faction_slash_type_read_by_their_french_names_in_french() -> None:
    # issue 40: ``corrino/soldier`` is the card Soldat in French; the English story and the JSON keep Soldier
    shot = ["shoot", "--attacker", "corrino/soldier", "--target", "fremen/warrior", "--distance", "12",
            "--attacker-dice", "5,6", "--target-dice", "3,2"]
    french = run_fr(*shot)
    assert french.returncode == 0, french.stderr
    assert french.stdout.startswith("Tir : Soldat tire sur Guerrier à 12 cm"), french.stdout
    assert "Soldier" not in french.stdout and "Warrior" not in french.stdout
    english = run(*shot)
    assert english.stdout.startswith("Shot: Soldier shoots Warrior at 12 cm"), english.stdout
    assert run_json(*shot) == json.loads(run_fr(*shot, "--json").stdout)


def test_french_default_names_in_a_rules_error_and_a_melee_note() -> None:
    """Issue 40: a model given no name is « Attaquant » / « Défenseur » in a French rules error and melee note; English and
    the JSON keep Attacker / Defender."""
    fatal = ["--attacker", "combat=0,wound=fatal", "--defender", "combat=0", "--attacker-dice", "9,8,2", "--defender-dice", "3,3,6",
             "--attacker-stance", "attack", "--defender-stance", "attack"]
    r = run_fr("melee", *fatal)
    assert r.returncode == 2 and "Attaquant subit les effets d'une blessure fatale" in r.stderr and "Attacker" not in r.stderr
    assert "Attacker suffers a fatal wound's effects" in run("melee", *fatal).stderr
    # Defender (Endurance 1) is taken out by the first blow, so its own attack is not struck: a note names it.
    knocked_out = ["--attacker", "combat=0", "--attacker-weapon", "combat=+2,damage=12-", "--defender", "combat=0,endurance=1",
                   "--defender-weapon", "damage=6-", "--attacker-dice", "9,8,2", "--defender-dice", "3,3,6",
                   "--attacker-stance", "attack", "--defender-stance", "attack"]
    fr = run_fr("melee", *knocked_out)
    assert fr.stdout.splitlines()[-1] == "Défenseur ne frappe pas : elle est hors du combat (R-MELEE)."
    assert run("melee", *knocked_out).stdout.splitlines()[-1] == "Defender does not strike: it is out of the fight (R-MELEE)."
    assert run_json("melee", *knocked_out)["notes"] == ["Defender does not strike: it is out of the fight (R-MELEE)."]
