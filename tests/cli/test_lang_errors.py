"""Errors and refusals in French, by the real command: a refused move, the inline stats of ``odds``, French weapon names.

The English of these texts is the source and is checked byte for byte by the English golden files of
``test_lang_table`` and ``test_lang_odds`` (and the doctests); here the French reads in the rulebook's
words and the French names a list uses are understood (issue 40).
"""

from __future__ import annotations

from tests.cli.langrun import landsraad


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
