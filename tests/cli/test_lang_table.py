"""``measure``, ``shoot``, ``move`` and ``reach`` at the table in both languages: French in the rulebook's words, English unchanged.

The English golden files (``tests/data/i18n/en-table/``) were written by the commands before
their wording went through the translation layer (landsraad d986f2d, the same :func:`scenario`; the move and reach files on 8c4a48f, before their wording changed;
without ``--lang``); the test runs the scenario again with ``--lang en`` (and once under a French
locale, which the flag overrides) and wants every byte back. To write them again after an
intended change of the English text: ``python tests/cli/test_lang_table.py tests/data/i18n/en-table``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.langrun import landsraad, outputs

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "i18n" / "en-table"

COMMANDS: dict[str, list[str]] = {
    "measure_weapon.txt": ["measure", "scenes/reference.yaml", "red-1", "blue-1", "--weapon", "corrino:pistol"],
    "measure_plain.txt": ["measure", "scenes/reference.yaml", "red-5", "blue-8"],
    "measure_same_side.txt": ["measure", "scenes/reference.yaml", "red-1", "red-6", "--weapon", "10,+1"],
    "measure_terrain.txt": ["measure", "scenes/reference.yaml", "red-1", "rock"],
    "measure_transparent.txt": ["measure", "scenes/reference.yaml", "red-3", "blue-3", "--weapon", "10", "--models-transparent"],
    "measure_twice.txt": ["measure", "scenes/reference.yaml", "red-1", "red-1"],
    "shoot_table.txt": ["shoot", "scenes/table.yaml", "sardaukar-1", "naib-1"],
    "shoot_nearest.txt": ["shoot", "scenes/table.yaml", "sardaukar-1", "fedaykin-1"],
    "shoot_hidden.txt": ["shoot", "scenes/table.yaml", "mentat", "warrior-1"],
    "shoot_twice.txt": ["shoot", "scenes/table.yaml", "mentat", "mentat"],
    "move_legal.txt": ["move", "scenes/reference.yaml", "red-1", "--to", "10,20"],
    "move_blocked.txt": ["move", "scenes/reference.yaml", "red-1", "--to", "40,40"],
    "move_far_charge.txt": ["move", "scenes/reference.yaml", "red-4", "--to", "blue-4"],
    "move_far.txt": ["move", "scenes/reference.yaml", "red-6", "--to", "red-7"],
    "move_charge.txt": ["move", "scenes/table.yaml", "sardaukar-1", "--to", "fedaykin-1"],
    "move_self.txt": ["move", "scenes/reference.yaml", "red-1", "--to", "red-1"],
    "reach.txt": ["reach", "scenes/reference.yaml", "red-1"],
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


def test_measure_in_french_in_the_rulebook_words(french: dict[str, str]):
    text = french["measure_weapon.txt"]
    assert text.startswith("red-1 -> blue-1 : 25,2 cm de socle à socle, pas au contact.\n")
    assert ("Ligne de vue : oui ; 37,8\u202f% de la silhouette cachée -> petit couvert (+2 en défense), par red-6.\n") in text
    assert ("Portée : Pistolet (portée 10 cm) à 25,2 cm : 2 tranches au-delà de la portée (tranche 2, -2) ; modificateur"
            " de tranche -2, Combat de l'arme +1 -> modificateur de portée -1 (R-SHOOT).") in text
    assert "Cible la plus proche (RUL-08) : blue-1 est la figurine ennemie la plus proche que voit red-1" in text
    assert "Solide : contact, ligne de vue, couvert et tranche de portée restent les mêmes" in text and "0,5 cm près" in text
    assert text.endswith("rc=0\n")
    same = french["measure_same_side.txt"]
    assert "1 tranche au-delà de la portée (tranche 1, -1)" in same
    assert "red-6 est dans le camp de red-1 ; la figurine ennemie la plus proche que voit red-1 : blue-1." in same
    assert ("Fragile : 0,24 cm de mouvement de l'une ou l'autre figurine change la tranche de portée 1 en tranche 0"
            " (10,29 cm, la limite de la tranche étant à 10 cm). Vérifiez sur la table") in same
    assert "Ligne de vue et couvert : mesurés seulement entre deux figurines." in french["measure_terrain.txt"]
    assert "(Les autres figurines ont été traitées comme transparentes.)" in french["measure_transparent.txt"]
    assert "grand couvert (+4 en défense), par arch." in french["measure_transparent.txt"]
    assert french["measure_twice.txt"] == ("landsraad : erreur : measure demande deux choses différentes ; reçu 'red-1'"
                                           " deux fois.\nrc=2\n")


def test_shoot_in_french_in_the_rulebook_words(french: dict[str, str]):
    text = french["shoot_hidden.txt"]
    assert text.startswith("Mentat tire sur Guerrier 1 avec Pistolet.\nMentat -> Guerrier 1 : 29,8 cm de socle à socle")  # name_fr (issue 40)
    assert ("Fragile : 0,38 cm de mouvement de Mentat change petit couvert (+2 en défense) en grand couvert (+4 en"
            " défense) ; 0,25 cm de mouvement") in text
    assert "Chances (petit couvert, 29,8 cm) : dé d'attaque -2 contre dé de défense +2.\n" in text
    assert "  touche (avant boucliers)   15,0\u202f%\n  la cible subit :\n    rien                     85,0\u202f%\n" in text
    assert "    égratignure               1,5\u202f%\n    blessure légère           4,5\u202f%\n" in text
    assert "    blessure grave            4,5\u202f%\n    blessure fatale           4,5\u202f%\n  dégâts moyens                0,97\n" in text
    assert text.endswith("Ce tir ne peut pas être effectué : warrior-1 n'est pas la figurine ennemie la plus proche que"
                         " voit mentat ; la plus proche : fedaykin-1 (RUL-08).\nrc=0\n")
    assert french["shoot_nearest.txt"].endswith("Ce tir peut être effectué.\nrc=0\n")
    assert french["shoot_twice.txt"] == "landsraad : erreur : shoot demande deux figurines différentes ; reçu 'mentat' deux fois.\nrc=2\n"


def test_move_and_reach_in_french_in_the_rulebook_words(french: dict[str, str]):
    assert french["move_legal.txt"] == "red-1 -> (10 ; 20), Mouvement 10 cm : permis ; chemin le plus court 7,8 cm.\nrc=0\n"
    far = french["move_far_charge.txt"]
    assert far.startswith("red-4 -> contact avec blue-4 en (39,3 ; 38,1), Mouvement 10 cm : PAS permis (trop loin).\n")
    assert "Avec 10 cm, elle arrive en (34,9 ; 21,2) sur ce chemin ; il manque 17,5 cm.\n" in far
    assert ("Charge : red-4 ne peut pas arriver au contact de blue-4 pendant cette activation : il lui faut 27,5 cm, le"
            " mouvement gratuit et l'action de Mouvement donnent 20 cm (R-ACTIVATE).\nrc=1\n") in far
    charge = french["move_charge.txt"]
    assert "Chemin : 35 points, en contournant les obstacles (voir --json ou --svg)." in charge
    assert "avec son mouvement gratuit (9,4 sur 10 cm) et peut combattre pendant cette activation" in charge
    assert "PAS permis (la destination est bloquée)." in french["move_blocked.txt"]
    assert ("La figurine 'red-1' ne peut pas finir en (40 ; 40) : son socle chevaucherait la figurine 'blue-4' (de 2 cm)."
            in french["move_blocked.txt"])
    assert ("La figurine 'red-6' a besoin de 17,2 cm mais ne peut se déplacer que de 12 cm pour aller en (23,23 ; 27).\n"
            in french["move_far.txt"])
    assert "une zone de 185,3 cm², entre x 1,5 et 14,7 cm, y 4 et 24 cm (le terrain difficile compte double" in french["reach.txt"]
    assert french["move_self.txt"].startswith("landsraad : erreur : --to nomme 'red-1', la figurine qui se déplace ;")


def test_a_refused_move_in_french_and_its_json_in_english():
    args = ["move", "scenes/reference.yaml", "red-1", "--to", "200,20"]
    fr = run(["--lang", "fr", *args])
    assert fr.returncode == 1
    assert ("La figurine 'red-1' ne peut pas finir en (200 ; 20) : son socle de 30 mm dépasserait de 141,5 cm du bord de la"
            " table ; un socle reste entièrement sur la table (RUL-17).") in fr.stdout
    en, fr = run(["--lang", "en", *args, "--json"]), run(["--lang", "fr", *args, "--json"])
    assert en.stdout == fr.stdout and json.loads(fr.stdout)["reason"] == "off_table"


def test_shoot_json_is_the_same_in_both_languages():
    args = ["shoot", "--json", "scenes/table.yaml", "sardaukar-1", "naib-1"]
    en, fr = run(["--lang", "en", *args]), run(["--lang", "fr", *args])
    assert en.returncode == fr.returncode == 0 and en.stdout == fr.stdout
    assert json.loads(fr.stdout)["reasons"] == ["naib-1 is not the nearest enemy sardaukar-1 sees; the nearest: fedaykin-1 (RUL-08)"]
    m_en, m_fr = (run([lang, "measure", "--json", "scenes/reference.yaml", "red-1", "blue-1"]) for lang in ("--lang=en", "--lang=fr"))
    assert m_en.stdout == m_fr.stdout and json.loads(m_fr.stdout)["distance_cm"] == 25.2


if __name__ == "__main__":  # write the golden files again: python -m tests.cli.test_lang_table FOLDER
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in scenario([]).items():
        (folder / name).write_text(text, encoding="utf-8")


def test_the_example_table_names_its_models_and_pieces_in_french_and_takes_those_names():
    """Issue 40: ``scenes/table.yaml`` gives each model and piece a ``name_fr``; French reads it, a French reader may
    type it (accents, case and dashes forgiven), English and the JSON keep the ids."""
    by_id = run(["--lang", "fr", "measure", "scenes/table.yaml", "naib-1", "sardaukar-1"])
    assert by_id.returncode == 0, by_id.stderr
    assert by_id.stdout.startswith("Naïb 1 -> Sardaukar 1 : 13,5 cm de socle à socle, pas au contact.\n")
    assert "petit couvert (+2 en défense), par muret." in by_id.stdout
    assert "Sardaukar 1 n'est PAS la figurine ennemie la plus proche que voit Naïb 1 ; la plus proche : Sardaukar 2." in by_id.stdout
    assert "naib-1" not in by_id.stdout and "wall" not in by_id.stdout
    by_name = run(["--lang", "fr", "measure", "scenes/table.yaml", "naïb 1", "Sardaukar-1"])
    assert by_name.returncode == 0 and by_name.stdout == by_id.stdout, by_name.stderr
    english = run(["--lang", "en", "measure", "scenes/table.yaml", "Naïb 1", "sardaukar-1"])
    assert english.returncode == 0 and english.stdout.startswith("naib-1 -> sardaukar-1: 13.5 cm"), english.stderr
    assert "Naïb" not in english.stdout and "), from wall." in english.stdout
    data = json.loads(run(["--lang", "fr", "measure", "--json", "scenes/table.yaml", "guerrier-1", "naib-1"]).stdout)
    assert data["a"] == "warrior-1" and data["b"] == "naib-1"


def test_check_scene_names_the_models_in_french():
    french = run(["--lang", "fr", "check-scene", "scenes/table.yaml"])
    assert french.returncode == 1
    assert "  - La figurine 'Guerrier 1' (bleu) est à 22,5 cm du bord nord ;" in french.stdout and "warrior-1" not in french.stdout
    english = run(["--lang", "en", "check-scene", "scenes/table.yaml"])
    assert "Model 'warrior-1' (blue) is 22.5 cm from the north edge" in english.stdout and "Guerrier" not in english.stdout
    data = json.loads(run(["--lang", "fr", "check-scene", "--json", "scenes/table.yaml"]).stdout)
    assert any(p["subject"] == "warrior-1" and "'warrior-1'" in p["message"] for p in data["problems"])


def test_check_scene_writes_the_deployment_edges_in_french_words():
    """Issue 40: French reads « rouge au bord sud » (not red=south) and names a side without an edge in French."""
    french = run(["--lang", "fr", "check-scene", "scenes/reference.yaml", "--stage", "setup", "--edge", "red=south"])
    assert "R-DEPLOY (rouge au bord sud ; chaque figurine au contact de son bord)" in french.stdout
    assert "(Aucun bord donné pour bleu : non vérifié.)" in french.stdout and "south" not in french.stdout
    both = run(["--lang", "fr", "check-scene", "scenes/table.yaml", "--stage", "setup"])
    assert "R-DEPLOY (rouge au bord sud, bleu au bord nord ;" in both.stdout
    english = run(["--lang", "en", "check-scene", "scenes/reference.yaml", "--stage", "setup", "--edge", "red=south"])
    assert "R-DEPLOY (red=south; every model in contact with its edge)" in english.stdout
    assert "(No edge given for blue: not checked.)" in english.stdout


def test_move_and_reach_name_the_example_models_in_french_and_take_those_names():
    french = run(["--lang", "fr", "move", "scenes/table.yaml", "sardaukar-1", "--to", "guerrier-1"])
    assert french.returncode == 1
    assert french.stdout.startswith("Sardaukar 1 -> contact avec Guerrier 1 en (39,2 ; 33,1), Mouvement 10 cm : PAS permis")
    assert "Charge : Sardaukar 1 n'arrive au contact de Guerrier 1 qu'avec deux mouvements" in french.stdout
    english = run(["--lang", "en", "move", "scenes/table.yaml", "Sardaukar 1", "--to", "warrior-1"])
    assert english.returncode == 1 and english.stdout.startswith("sardaukar-1 -> contact with warrior-1 at (39.2, 33.1)")
    reach = run(["--lang", "fr", "reach", "scenes/table.yaml", "naïb 1"])
    assert reach.returncode == 0 and reach.stdout.startswith("Naïb 1 (Mouvement 11 cm) peut placer le centre de son socle")


def test_shoot_takes_the_french_names_of_the_example_models():
    by_id = run(["--lang", "fr", "shoot", "--json", "scenes/table.yaml", "sardaukar-1", "naib-1"])
    by_name = run(["--lang", "fr", "shoot", "--json", "scenes/table.yaml", "Sardaukar 1", "naïb-1"])
    assert by_id.returncode == by_name.returncode == 0 and by_name.stdout == by_id.stdout, by_name.stderr


def test_measure_and_reach_say_where_the_picture_went_in_french(tmp_path):
    """Issue 40: « Image écrite dans ... » after measure / reach --svg in French (it read « Picture written to »)."""
    picture = tmp_path / "m.svg"
    french = run(["--lang", "fr", "measure", "scenes/reference.yaml", "red-1", "blue-1", "--svg", str(picture)])
    assert french.returncode == 0 and f"Image écrite dans {picture}." in french.stdout and "Picture" not in french.stdout
    english = run(["--lang", "en", "reach", "scenes/reference.yaml", "red-1", "--svg", str(picture)])
    assert f"Picture written to {picture}." in english.stdout


def test_shoot_names_the_models_and_the_cover_piece_in_french():
    """Issue 40: shoot's French lines name the shooter, target and covering piece by the scene's name_fr (as measure does);
    English keeps the ids."""
    french = run(["--lang", "fr", "shoot", "scenes/table.yaml", "sardaukar-1", "naib-1"])
    lines = french.stdout.splitlines()
    assert lines[0] == "Sardaukar 1 tire sur Naïb 1 avec Lance sardaukar."
    assert lines[1].startswith("Sardaukar 1 -> Naïb 1 : 13,5 cm de socle à socle")
    assert lines[2].endswith("par muret.")
    english = run(["--lang", "en", "shoot", "scenes/table.yaml", "sardaukar-1", "naib-1"]).stdout.splitlines()
    assert english[0] == "sardaukar-1 shoots naib-1 with Sardaukar lance." and english[2].endswith("from wall.")
