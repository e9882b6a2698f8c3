"""Errors and refusals in French, by the real command: a refused move, the inline stats of ``odds``, French weapon names.

The English of these texts is the source and is checked byte for byte by the English golden files of
``test_lang_table`` and ``test_lang_odds`` (and the doctests); here the French reads in the rulebook's
words and the French names a list uses are understood (issue 40).
"""

from __future__ import annotations

from tests.cli.langrun import ROOT, landsraad


def french(*args: str) -> tuple[str, int]:
    proc = landsraad(["--lang", "fr", *args])
    return proc.stdout + proc.stderr, proc.returncode


def test_an_odds_argument_error_in_french():
    text, rc = french("odds", "shoot", "--attacker", "combat=x", "--target", "endurance=3", "--distance", "5")
    assert rc == 2
    assert text == ("landsraad : erreur : Argument --attacker : combat='x' n'est pas valide : Combat doit être un nombre entier"
                    " comme +1, 0 ou -2.\n")
    text, rc = french("odds", "shoot", "--attacker", "combat=1", "--target", "endurance=3", "--distance", "5")
    assert rc == 2 and "'combat=1' n'a pas d'arme de tir ; donnez-en une avec --weapon" in text
    text, rc = french("measure", "scenes/reference.yaml", "red-1", "blue-1", "--weapon", "range=10,foo=1")
    assert rc == 2 and "Argument --weapon : clé d'arme inconnue 'foo'. Les valeurs permises (clé d'arme) sont : combat, damage," in text


def test_a_french_weapon_name_is_understood():
    by_id, rc_id = french("shoot", "scenes/table.yaml", "sardaukar-1", "naib-1", "--weapon", "pistol")
    by_name, rc_name = french("shoot", "scenes/table.yaml", "sardaukar-1", "naib-1", "--weapon", "pistolet")
    assert rc_id == rc_name == 0 and by_id == by_name
    ref_id, _ = french("measure", "scenes/reference.yaml", "red-1", "blue-1", "--weapon", "corrino:pistol")
    ref_name, rc = french("measure", "scenes/reference.yaml", "red-1", "blue-1", "--weapon", "corrino:pistolet")
    assert rc == 0 and ref_id == ref_name
    odds, rc = french("odds", "shoot", "--attacker", "corrino/soldier:mitrailleuse", "--target", "endurance=3", "--distance", "5")
    assert rc == 0, odds
    text, rc = french("shoot", "scenes/table.yaml", "sardaukar-1", "naib-1", "--weapon", "pistolt")
    assert rc == 2 and "--weapon : corrino n'a pas d'arme 'pistolt'. Vouliez-vous dire 'pistol' ? Ses armes : halberd," in text


MELEE = ["--attacker", "combat=1,reflexes=2,endurance=3", "--attacker-weapon", "combat=+1,damage=8-", "--defender",
         "combat=1,reflexes=2,endurance=3", "--defender-weapon", "combat=+1,damage=8-", "--attacker-stance", "attack",
         "--defender-stance", "attack"]


def test_a_dice_error_of_the_rules_names_the_side_in_french():
    """R-NEUTRAL-DOWN: the side whose die it is reads in the rulebook's words, with its article (« de l'attaquant »)."""
    text, rc = french("resolve", "melee", *MELEE, "--attacker-dice", "5,6,7", "--defender-dice", "3,3,3", "--attacker-neutral", "9")
    assert rc == 2
    assert text == ("landsraad : erreur : Le dé neutre de l'attaquant a donné 5 et ne peut pas devenir 9 : un dé neutre peut être"
                    " diminué, jamais augmenté (R-NEUTRAL-DOWN).\n")
    english = landsraad(["--lang", "en", "resolve", "melee", *MELEE, "--attacker-dice", "5,6,7", "--defender-dice", "3,3,3",
                         "--attacker-neutral", "9"])
    assert english.stderr == ("landsraad: error: The attacker's neutral die rolled 5 and cannot become 9: a neutral die may be"
                              " lowered, never raised (R-NEUTRAL-DOWN).\n")
    text, rc = french("resolve", "disengage", "--mover", "reflexes=2", "--opponent", "reflexes=1", "--opponent-weapon",
                      "damage=6-", "--mover-dice", "3,3", "--opponent-dice", "4,4", "--opponent-neutral", "6")
    assert rc == 2 and "Le dé neutre de l'adversaire a donné 4 et ne peut pas devenir 6" in text, text
    text, rc = french("resolve", "melee", *MELEE, "--attacker-dice", "5,6,11", "--defender-dice", "3,3,3")
    assert rc == 2
    assert text == ("landsraad : erreur : --attacker-dice : Le dé doit montrer un nombre entier de 1 à 10 ; reçu 11 (--attacker-dice"
                    " prend 3 dés : neutre, attaque, défense).\n")


def test_a_content_file_failing_validation_reads_in_french(tmp_path):
    """Issue 40: pydantic's sentences by their type (an unknown key, a number that is not one), located by file, key
    path, line and column; English keeps pydantic's own words."""
    text = (ROOT / "factions" / "corrino.yaml").read_text(encoding="utf-8")
    text = text.replace("    range: 15\n", "    range: 15\n    rnage: 3\n", 1).replace("pieces: 3", "pieces: trois", 1)
    (tmp_path / "bad-faction.yaml").write_text(text, encoding="utf-8")
    french_text = landsraad(["--lang", "fr", "faction", "bad-faction.yaml"], cwd=tmp_path)
    assert french_text.returncode == 1
    lines = french_text.stderr.splitlines()
    assert lines[0].startswith("landsraad : erreur : bad-faction.yaml : weapons[")
    assert lines[0].endswith(") : Cette clé n'est pas permise ici (vérifiez son orthographe).")
    assert "(ligne " in lines[0] and ", colonne " in lines[0]
    assert lines[1].startswith("bad-faction.yaml : rare_equipment[0].pieces (ligne ")
    assert lines[1].endswith(" : Un nombre entier est attendu ; reçu 'trois'.")
    english = landsraad(["--lang", "en", "faction", "bad-faction.yaml"], cwd=tmp_path).stderr.splitlines()
    assert english[0].endswith("): This key is not allowed here (check its spelling).") and "(line " in english[0]
    assert english[1].endswith("): Input should be a valid integer, unable to parse string as an integer. Got 'trois'.")
    (tmp_path / "bad-scene.yaml").write_text("table: {width: 60, depth: 60}\nterrain: []\nmodels:\n"
                                             "  - {id: a, side: red, at: [10, 10], base: 30, heigth: 3}\nmarkers: []\n", encoding="utf-8")
    scene = landsraad(["--lang", "fr", "check-scene", "bad-scene.yaml"], cwd=tmp_path)
    assert scene.stderr == ("landsraad : erreur : bad-scene.yaml : models[0].heigth (ligne 4, colonne 48) : Figurine 'a' : Cette clé"
                            " n'est pas permise ici (vérifiez son orthographe).\n")
