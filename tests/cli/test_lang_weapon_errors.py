"""An inline weapon (``--weapon key=value,...``) the model refuses, in French: the model's own sentence in the
rulebook's words, naming the value and the argument; pydantic's English words only in English (issue 40)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from landsraad.cli.stats import _pydantic_sentence, parse_weapon
from landsraad.errors import LandsraadError, UsageError
from landsraad.i18n import localized, use_language
from landsraad.model import Weapon
from tests.cli.langrun import landsraad

SHOOT = ["shoot", "scenes/table.yaml", "sardaukar-1", "naib-1", "--weapon"]


@pytest.mark.parametrize("weapon, french, english", [
    ("range=10,damage=zz", "Les dégâts 'zz' ne sont pas écrits comme les écrit le livre de règles",
     "Damage 'zz' is not written as the rulebook writes it"),
    ("range=abc,damage=+1", "Une portée est un nombre de cm ou '-' (aucune) ; reçu 'abc'.", "A range is a number of cm or '-'"),
    ("range=10,combat=x,damage=+1", "Un bonus doit être un nombre entier", "A bonus must be a whole number"),
])
def test_a_bad_inline_weapon_is_refused_in_french(weapon: str, french: str, english: str):
    fr = landsraad(["--lang", "fr", *SHOOT, weapon])
    assert fr.returncode == 2 and f"Argument --weapon : '{weapon}' n'est pas une arme valide : {french}" in fr.stderr, fr.stderr
    assert english not in fr.stderr
    en = landsraad(["--lang", "en", *SHOOT, weapon])
    assert f"Argument --weapon: '{weapon}' is not a valid weapon: {english}" in en.stderr, en.stderr


def test_the_refusal_is_a_landsraad_error_that_reads_in_both_languages():
    with pytest.raises(UsageError) as caught:
        parse_weapon("range=10,damage=12+")
    assert isinstance(caught.value, LandsraadError)
    assert str(caught.value).startswith("Argument --weapon: 'range=10,damage=12+' is not a valid weapon: Damage '12+'")
    with use_language("fr"):
        assert caught.value.localized().startswith("Argument --weapon : 'range=10,damage=12+' n'est pas une arme valide : "
                                                   "Les dégâts '12+' ne sont pas écrits"), caught.value.localized()


def test_pydantic_own_words_get_a_french_sentence_naming_the_key_and_the_value():
    with pytest.raises(ValidationError) as caught:
        Weapon(id="inline", name="w", range=10, damage="+1", explosive="maybe")
    why = _pydantic_sentence(caught.value)
    assert str(why) == "explosive: Input should be a valid boolean, unable to interpret input."  # English as before
    assert localized(why, "fr") == "La valeur d'explosive n'est pas valide : 'maybe' (bool_parsing)."
