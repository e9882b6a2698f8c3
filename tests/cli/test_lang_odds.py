"""``landsraad odds`` (shoot, melee, disengage) in both languages: French in the rulebook's words, English unchanged.

The English golden files (``tests/data/i18n/en-odds/``) were written by the commands before their
wording went through the translation layer (landsraad 69363c4, the same :data:`COMMANDS`, without
``--lang``); the test runs them again with ``--lang en`` (and once under a French locale, which the
flag overrides) and wants every byte back. To write them again after an intended change of the
English text: ``python tests/cli/test_lang_odds.py tests/data/i18n/en-odds``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.langrun import landsraad, outputs

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "i18n" / "en-odds"

KNIFE = ["--attacker", "combat=0", "--attacker-weapon", "damage=6-", "--defender", "combat=0", "--defender-weapon", "damage=6-"]
HALBERD = ["--attacker", "combat=0", "--attacker-weapon", "combat=+2,damage=15-", "--defender", "shield=full",
           "--defender-weapon", "damage=6-", "--attacker-stance", "attack", "--defender-stance", "defend"]
REVEALED = ["--attacker", "combat=0", "--attacker-weapon", "combat=+2,damage=12-", "--defender", "combat=0",
            "--defender-weapon", "defence=+3,damage=0-", "--attacker-stance", "attack", "--defender-stance", "defend",
            "--attacker-dice", "5,8,2", "--defender-dice", "3,3,6"]
SHOT = ["--attacker", "combat=1", "--weapon", "range=10,combat=+1,damage=+1", "--target", "endurance=3"]
DISENGAGE = ["--mover", "reflexes=0", "--opponent", "reflexes=0", "--opponent-weapon", "damage=6-"]

COMMANDS: dict[str, list[str]] = {
    "shoot.txt": ["odds", "shoot", *SHOT, "--distance", "35", "--cover", "small"],
    "shoot_shield.txt": ["odds", "shoot", "--attacker", "combat=2", "--weapon", "range=15,combat=+1,damage=+2",
                         "--target", "shield=half", "--distance", "10"],
    "shoot_template.txt": ["odds", "shoot", "--attacker", "combat=0", "--weapon", "combat=-2,damage=(9),template=direct 20",
                           "--target", "endurance=4,reflexes=2", "--distance", "0", "--escape-cm", "4"],
    "shoot_profile.txt": ["odds", "shoot", "--attacker", "corrino/assassin:maula_pistol", "--target", "corrino/soldier",
                          "--distance", "12"],
    "shoot_poison.txt": ["odds", "shoot", "--attacker", "corrino/assassin:maula_pistol", "--target", "endurance=3",
                         "--distance", "5", "--poison", "irritant"],
    "shoot_cannot.txt": ["odds", "shoot", "--attacker", "combat=1", "--weapon", "range=10,damage=+1", "--target",
                         "endurance=3", "--distance", "400"],
    "melee_matrix.txt": ["odds", "melee", *KNIFE],
    "melee_one_stance.txt": ["odds", "melee", *KNIFE, "--attacker-stance", "defend"],
    "melee_cell.txt": ["odds", "melee", *KNIFE, "--attacker-stance", "attack", "--defender-stance", "defend"],
    "melee_lowering.txt": ["odds", "melee", *HALBERD, "--lowering", "best", "--payoff", "wounded"],
    "melee_profile.txt": ["odds", "melee", "--attacker", "corrino/soldier:halberd", "--defender", "corrino/duellist",
                          "--lowering", "best"],
    "melee_poison.txt": ["odds", "melee", "--attacker", "corrino/assassin", "--defender", "corrino/soldier",
                         "--attacker-poison", "paralysing", "--attacker-stance", "attack", "--defender-stance", "attack"],
    "melee_advice.txt": ["odds", "melee", *REVEALED],
    "disengage.txt": ["odds", "disengage", *DISENGAGE, "--opponent-lowering", "best"],
    "disengage_coloured.txt": ["odds", "disengage", "--mover", "reflexes=0", "--opponent", "corrino/assassin",
                               "--compare", "coloured", "--opponent-poison", "irritant"],
    "disengage_shield.txt": ["odds", "disengage", "--mover", "corrino/soldier", "--opponent", "corrino/duellist"],
    "group.txt": ["odds"],
    "e_attacker.txt": ["odds", "shoot", "--attacker", "combat=x", "--weapon", "range=10,damage=+1", "--target",
                       "endurance=3", "--distance", "5"],
    "e_no_ranged.txt": ["odds", "shoot", "--attacker", "combat=1", "--target", "endurance=3", "--distance", "5"],
    "e_distance.txt": ["odds", "shoot", *SHOT, "--distance", "far"],
    "e_escape.txt": ["odds", "shoot", *SHOT, "--distance", "5", "--escape-cm", "3"],
    "e_laser.txt": ["odds", "shoot", "--attacker", "combat=1", "--weapon", "range=10,damage=(12),laser", "--target",
                    "shield=full", "--distance", "5"],
    "e_lowering.txt": ["odds", "melee", *KNIFE, "--lowering", "sometimes"],
    "e_side_lowering.txt": ["odds", "melee", *KNIFE, "--defender-lowering", "11"],
    "e_ranged_melee.txt": ["odds", "melee", "--attacker", "combat=1", "--attacker-weapon", "range=10,damage=+1",
                           "--defender", "combat=0"],
    "e_irritant.txt": ["odds", "melee", "--attacker", "combat=1,poisoned=irritant", "--attacker-weapon", "damage=6-",
                       "--defender", "combat=0", "--attacker-stance", "attack"],
    "e_poison.txt": ["odds", "melee", *KNIFE, "--attacker-poison", "hemlock"],
    "e_alone.txt": ["odds", "melee", *REVEALED[:-2]],
    "e_dice.txt": ["odds", "melee", *REVEALED[:-1], "3,3"],
    "e_paralysed.txt": ["odds", "disengage", "--mover", "poisoned=paralysing", "--opponent", "combat=0"],
}


def run(args: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return landsraad(args, env=env)


def scenario(lang: list[str], env: dict[str, str] | None = None) -> dict[str, str]:
    """Every :data:`COMMANDS` output a person reads (stdout, stderr, exit code), by name."""
    return outputs(COMMANDS, lang, env=env)


@pytest.fixture(scope="module")
def french() -> dict[str, str]:
    return scenario(["--lang", "fr"])


@pytest.mark.parametrize("env", [{}, {"LC_ALL": "fr_FR.UTF-8"}], ids=["C locale", "French locale"])
def test_lang_en_output_is_the_golden_output(env: dict[str, str]):
    # Each command once: the odd ones under the C locale, the even ones under a French locale (there the flag, not the
    # locale, must pick the words and the decimal point; a leak shows in any command). Together they cover the table.
    half = 0 if env else 1
    commands = {name: args for i, (name, args) in enumerate(COMMANDS.items()) if i % 2 == half}
    got = outputs(commands, ["--lang", "en"], env=env)
    assert sorted(p.name for p in GOLDEN.iterdir()) == sorted(COMMANDS)
    for name in commands:
        assert got[name] == (GOLDEN / name).read_text(encoding="utf-8"), name


def test_odds_shoot_in_french(french: dict[str, str]):
    text = french["shoot.txt"]
    assert text.startswith("Tir avec l'arme à 35 cm, couvert : petit ; 3 tranches au-delà de la portée (tranche 3, -3)"
                           " (modificateur de l'arme -2) ; dé d'attaque -1 contre dé de défense +2.\n")
    assert "  touche (avant boucliers)    21,0\u202f%\n" in text and "    blessure fatale            6,3\u202f%\n" in text
    assert text.endswith("Verdict : 21,0\u202f% de toucher, 18,9\u202f% de blesser (blessure légère ou pire), 6,3\u202f% de blessure fatale.\nrc=0\n")
    assert french["shoot_profile.txt"].startswith("Tir avec Pistolet Maula à 12 cm, couvert : aucun ;")  # the content's French name
    assert "arrêté par le bouclier" in french["shoot_shield.txt"] and "le bouclier de la cible arrête chaque tir" in french["shoot_shield.txt"]
    assert "atteinte (touchée ou rattrapée)" in french["shoot_template.txt"]
    assert "  empoisonnée" in french["shoot_poison.txt"] and "ce tir ne peut pas toucher." in french["shoot_cannot.txt"]


def test_odds_melee_in_french(french: dict[str, str]):
    matrix = french["melee_matrix.txt"].splitlines()
    assert matrix[0].startswith("Matrice des choix (attaque ou défense) : valeur pour l'attaquant = niveaux de blessure")
    assert matrix[0].endswith("diminution du dé neutre : attaquant jamais, défenseur jamais.")
    assert matrix[2] == "  attaquant attaque  +0,000 (tue   0,0\u202f%, meurt   0,0\u202f%)  +0,135 (tue   0,0\u202f%, meurt   0,0\u202f%)"
    assert matrix[-2].startswith("Verdict : meilleurs choix : l'attaquant attaque, le défenseur attaque (un point selle)")
    assert "donc la meilleure réponse du défenseur est d'attaquer" in french["melee_one_stance.txt"]
    cell = french["melee_cell.txt"]
    assert cell.startswith("Affrontement : l'attaquant attaque, le défenseur défend ; diminution du dé neutre :")
    assert "  frappe en premier                  100,0\u202f%      0,0\u202f%\n" in cell and "dégâts moyens subis" in cell
    assert "attaquant au mieux, défenseur au mieux" in french["melee_lowering.txt"]
    assert "chance de blesser (blessure légère ou pire) moins chance d'être blessé" in french["melee_lowering.txt"]
    assert "est empoisonnée" in french["melee_poison.txt"]
    advice = french["melee_advice.txt"]
    assert advice.startswith("Dés révélés : l'attaquant 5,8,2 attaque, le défenseur 3,3,6 défend ; le défenseur diminue en premier")
    assert "  attaquant (dé neutre 5) : le diminuer à 3\n  défenseur (dé neutre 3) : le garder\n" in advice


def test_odds_disengage_in_french(french: dict[str, str]):
    text = french["disengage.txt"]
    assert text.startswith("Désengagement : diminution du dé neutre : figurine active jamais, figurine ennemie au mieux ;"
                           " totaux comparés : dé neutre + Réflexes + Initiative de l'arme de corps à corps (PRJ-17).\n")
    assert "  si elle se dégage, se déplace de  2-10 cm\n" in text
    assert text.endswith("Verdict : 45,0\u202f% de chances de se dégager ; 27,0\u202f% d'être blessée (blessure légère ou pire), 0,0\u202f% d'y mourir.\nrc=0\n")
    assert "dé de couleur + Réflexes" in french["disengage_coloured.txt"] and "figurine active empoisonnée" in french["disengage_coloured.txt"]
    assert "coup arrêté par le bouclier" in french["disengage_shield.txt"]


def test_odds_errors_in_french(french: dict[str, str]):
    assert french["e_lowering.txt"] == ("landsraad : erreur : Argument --lowering : 'sometimes' n'est pas une règle de diminution"
                                        " du dé neutre ; écrivez none (jamais), best (au mieux) ou une valeur de 1 à 10.\nrc=2\n")
    assert "Argument --distance : 'far' n'est pas une distance ; écrivez un nombre de cm de 0 à 1000" in french["e_distance.txt"]
    assert "Une distance de sortie ne vaut que pour les armes à gabarit" in french["e_escape.txt"]
    assert "L'attaquant ne peut faire aucun des choix ['attack'] : il ne peut que défendre" in french["e_irritant.txt"]
    assert "Les arguments --attacker-dice et --defender-dice vont ensemble" in french["e_alone.txt"]
    for name, text in french.items():
        if name.startswith("e_"):
            assert text.endswith("rc=2\n") and len(text.splitlines()) == 2, name


def test_odds_json_is_the_same_in_both_languages():
    for name in ("shoot_profile.txt", "melee_matrix.txt", "melee_advice.txt", "disengage.txt"):
        args = [*COMMANDS[name], "--json"]
        en, fr = run(["--lang", "en", *args]), run(["--lang", "fr", *args])
        assert en.returncode == fr.returncode == 0 and en.stdout == fr.stdout, name
        json.loads(fr.stdout)


if __name__ == "__main__":  # write the golden files again: python -m tests.cli.test_lang_odds FOLDER
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in scenario([]).items():
        (folder / name).write_text(text, encoding="utf-8")
