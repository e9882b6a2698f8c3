"""The sides of a test in a dice error, in each language (R-TEST-OPPOSED, R-TEST-CLASH, R-SHOOT, R-DISENGAGE, R-NEUTRAL-DOWN).

The French reads the rulebook's words with their article (« L'attaquant », « le dé neutre du tireur »), never
an English role word inside a French sentence (issue 40); the English is the text it always was.
"""

from __future__ import annotations

import pytest

from landsraad.errors import DataError, LandsraadError, RuleError
from landsraad.i18n import localized, use_language
from landsraad.model import Weapon
from landsraad.rules.disengage import resolve_disengage
from landsraad.rules.melee import resolve_melee, verify_lowered
from landsraad.rules.roles import ROLES, check_role_die, die_of, subject
from landsraad.rules.shooting import resolve_shot, resolve_template_shot
from landsraad.rules.state import Combatant

PISTOL = Weapon(id="pistol", name="Pistol", range=10, combat="+1", damage="+1")
FLAMER = Weapon(id="flamer", name="Flamer", template="blast", combat="+1", damage="+1")
KNIFE = Weapon(id="knife", name="Knife", damage="6-")
ENGLISH_ROLE_WORDS = ("attacker", "defender", "shooter", "target", "mover", "opponent")


def french(error: LandsraadError) -> str:
    with use_language("fr"):
        if isinstance(error, DataError):
            return error.localized()
        return localized(error.args[0])


def test_every_role_reads_in_french_with_its_article():
    with use_language("fr"):
        subjects = [subject(r).localized() for r in ROLES]
        dice = [die_of(r, "neutral").localized() for r in ROLES]
    assert subjects == ["L'attaquant", "Le défenseur", "Le tireur", "La cible", "La figurine qui se déplace", "L'adversaire"]
    assert dice == ["dé neutre de l'attaquant", "dé neutre du défenseur", "dé neutre du tireur", "dé neutre de la cible",
                    "dé neutre de la figurine qui se déplace", "dé neutre de l'adversaire"]
    assert [str(subject(r)) for r in ROLES] == [f"The {r}" for r in ROLES]
    assert [str(die_of(r, "coloured")) for r in ROLES] == [f"{r}'s coloured die" for r in ROLES]


def test_a_shot_with_three_dice_names_the_shooter_in_french():
    with pytest.raises(RuleError) as err:
        resolve_shot(Combatant(weapon=PISTOL), Combatant(), distance_cm=5, shooter_dice=(1, 2, 3), target_dice=(4, 3))
    assert str(err.value) == "The shooter rolls two dice (neutral, attack); got (1, 2, 3)."
    assert french(err.value) == "Le tireur lance deux dés (neutre, attaque) ; reçu (1, 2, 3)."
    with pytest.raises(RuleError) as err:
        resolve_shot(Combatant(weapon=PISTOL), Combatant(), distance_cm=5, shooter_dice=(1, 2), target_dice=(4,))
    assert french(err.value) == "La cible lance deux dés (neutre, défense) ; reçu (4,)."


def test_a_die_off_the_d10_names_its_owner_in_french():
    with pytest.raises(DataError) as err:
        resolve_shot(Combatant(weapon=PISTOL), Combatant(), distance_cm=5, shooter_dice=(1, 12), target_dice=(4, 3))
    assert str(err.value) == "The shooter's attack die must show a whole number from 1 to 10; got 12."
    assert french(err.value) == "Le dé d'attaque du tireur doit montrer un nombre entier de 1 à 10 ; reçu 12."
    with pytest.raises(DataError) as err:
        resolve_template_shot(Combatant(weapon=FLAMER), [(Combatant(name="Duke"), (0, 3))], distance_cm=5, shooter_dice=(1, 2))
    assert str(err.value) == "The target Duke's neutral die must show a whole number from 1 to 10; got 0."
    assert french(err.value) == "Le dé neutre de la cible Duke doit montrer un nombre entier de 1 à 10 ; reçu 0."
    with pytest.raises(DataError) as err:
        resolve_disengage(Combatant(), Combatant(weapon=KNIFE), mover_dice=(3, 3), opponent_dice=(3, 11))
    assert french(err.value) == "Le dé de couleur de l'adversaire doit montrer un nombre entier de 1 à 10 ; reçu 11."


def test_a_raised_neutral_die_names_its_side_in_french_r_neutral_down():
    with pytest.raises(RuleError) as err:
        resolve_melee(Combatant(weapon=KNIFE), Combatant(weapon=KNIFE), attacker_dice=(5, 5, 5), defender_dice=(3, 3, 3),
                      attacker_stance="attack", defender_stance="attack", defender_neutral=4)
    assert str(err.value) == ("The defender's neutral die rolled 3 and cannot become 4: a neutral die may be lowered, never raised"
                              " (R-NEUTRAL-DOWN).")
    assert french(err.value) == ("Le dé neutre du défenseur a donné 3 et ne peut pas devenir 4 : un dé neutre peut être diminué,"
                                 " jamais augmenté (R-NEUTRAL-DOWN).")
    with pytest.raises(RuleError) as err:
        verify_lowered(5, 0, "mover")
    assert french(err.value) == "Le dé neutre diminué de la figurine qui se déplace doit être un nombre entier de 1 à 5 ; reçu 0."
    with pytest.raises(RuleError) as err:
        resolve_melee(Combatant(weapon=KNIFE), Combatant(weapon=KNIFE), attacker_dice=(5, 5), defender_dice=(3, 3, 3),
                      attacker_stance="attack", defender_stance="attack")
    assert french(err.value) == "L'attaquant lance trois dés dans un affrontement (neutre, attaque, défense) ; reçu (5, 5)."


@pytest.mark.parametrize("role", ROLES)
def test_no_english_role_word_is_left_in_a_french_dice_error(role):
    with pytest.raises(DataError) as err:
        check_role_die(0, role, "neutral")
    text = french(err.value)
    assert not [w for w in ENGLISH_ROLE_WORDS if w in text], text
    assert check_role_die(10, role, "neutral") == 10
