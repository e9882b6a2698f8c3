"""Tests of landsraad.model: stats parsed as the rulebook writes them (R-WEAPON, R-PROFILE)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from landsraad.model import Damage, Faction, Poison, Profile, Template, Weapon, parse_bonus, parse_damage


@pytest.mark.parametrize(
    "text, first, second",
    [
        ("12-", Damage(kind="melee", value=12), None),
        ("6-", Damage(kind="melee", value=6), None),
        ("+1", Damage(kind="ranged", value=1), None),
        ("+3", Damage(kind="ranged", value=3), None),
        ("0", Damage(kind="ranged", value=0), None),
        ("(9)", Damage(kind="burn", value=9), None),
        ("(12)", Damage(kind="burn", value=12), None),
        ("+1 / 8-", Damage(kind="ranged", value=1), Damage(kind="melee", value=8)),
    ],
)
def test_damage_is_parsed_as_written_r_weapon(text, first, second):
    assert parse_damage(text) == (first, second)


@pytest.mark.parametrize("text", ["12+", "abc", "1 / 2 / 3", "(x)", "", "+1 / +2"])
def test_bad_damage_names_the_value(text):
    with pytest.raises(ValueError) as info:
        parse_damage(text)
    assert repr(text) in str(info.value) or "second value" in str(info.value)


def test_melee_damage_is_x_minus_neutral_and_ranged_is_neutral_plus_n():
    assert Damage(kind="melee", value=12).amount(1) == 11  # melee example 1
    assert Damage(kind="ranged", value=1).amount(8) == 9  # shooting example 1
    assert Damage(kind="burn", value=12).amount(3) == 12  # R-BURN: no die


@given(st.integers(-20, 20))
def test_bonus_round_trips_through_its_written_form(n):
    assert parse_bonus(f"{n:+d}") == n


def test_weapon_kinds():
    halberd = Weapon(id="halberd", name="Halberd", range="-", combat="+2", initiative="+1", damage="15-")
    assert halberd.is_melee and not halberd.is_ranged
    laser = Weapon(id="laser", name="Laser", range=15, combat="-2", damage="(12)", laser=True)
    assert laser.is_ranged and not laser.is_melee and laser.ranged_damage == Damage(kind="burn", value=12)
    flamer = Weapon(id="flamethrower", name="Flamethrower", range="-", combat=-2, damage="(9)", template="direct 20")
    assert flamer.is_ranged and flamer.template == Template(kind="direct", size_cm=20)
    dual = Weapon(id="d", name="Dual", range=10, damage="+1 / 8-")
    assert dual.is_ranged and dual.is_melee and dual.melee_damage == Damage(kind="melee", value=8)


def test_weapon_inconsistent_range_and_damage_is_rejected():
    with pytest.raises(ValidationError, match="ranged damage"):
        Weapon(id="x", name="X", damage="+1")
    with pytest.raises(ValidationError, match="dual weapon"):
        Weapon(id="x", name="X", range=10, damage="12-")


def test_poison_x_defaults_per_prj01_and_only_x_poisons_take_one():
    assert Poison.model_validate("crippling").x == 2
    assert Poison.model_validate("deadly").x is None
    with pytest.raises(ValidationError):
        Poison(kind="deadly", x=3)
    with pytest.raises(Exception, match="Did you mean 'deadly'"):
        Poison.model_validate("dedly")


def test_unknown_special_rule_lists_valid_names():
    with pytest.raises(Exception) as info:
        Profile(id="x", name="X", cost=1, movement=10, combat=0, reflexes=0, endurance=3, special_rules=("asassination",))
    assert "Did you mean 'assassination'" in str(info.value)


def _faction(**over):
    data = dict(
        id="test", name="Test", source="project", honour=2, spice_doses=1, spice_effect="corrino_spice",
        modifiers=[{"rule": "sardaukar", "types": ["soldier"], "cost": 1, "combat": 1, "reflexes": 1, "armour": 3}],
        barracks=[{"type": "soldier", "max": 8}],
        weapons=[{"id": "lance", "name": "Lance", "range": 15, "combat": "+1", "damage": "+2"}],
        profiles=[{"id": "soldier", "name": "Soldier", "cost": 1, "movement": 10, "combat": "+1", "reflexes": 0,
                   "endurance": 3, "weapons": ["lance"]}],
    )
    data.update(over)
    return Faction.model_validate(data)


def test_faction_modifiers_apply_to_named_types():
    f = _faction()
    soldier = f.profile("soldier")
    assert (soldier.cost, soldier.combat, soldier.reflexes, soldier.armour) == (2, 2, 1, 3)
    assert "sardaukar" in soldier.special_rules
    assert f.base_profile("soldier").combat == 1


def test_faction_collects_every_cross_reference_problem():
    with pytest.raises(ValidationError) as info:
        _faction(barracks=[{"type": "soldier", "max": 8}, {"type": "ghost", "max": 1}], common_weapons=["nope"])
    text = str(info.value)
    assert "'ghost' has no profile card" in text and "Common weapon 'nope'" in text


def test_model_copy_drops_cached_values():
    w = Weapon(id="k", name="Knife", damage="6-")
    assert w.melee_damage.value == 6
    w2 = w.model_copy(update={"damage": "8-"})
    assert w2.melee_damage.value == 8


@given(st.sampled_from(["6-", "8-", "12-"]), st.integers(-3, 3))
def test_a_copy_reads_its_own_damage(damage, combat):
    """A weapon's parsed damage follows its own text along copies (pydantic's own copy: no value
    derived from the source's fields is carried over stale)."""
    w = Weapon(id="k", name="Knife", damage="6-")
    _ = w.melee_damage
    copied = w.model_copy(update={"damage": damage, "combat": combat})
    assert copied.melee_damage == parse_damage(damage)[0] and copied == Weapon(**{**w.model_dump(), "damage": damage, "combat": combat})


# --- numbers are finite and bounded (issue 15) ----------------------------------------------

from landsraad.model import MAX_LENGTH_CM, MAX_STAT  # noqa: E402


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), MAX_LENGTH_CM * 2, "1e308", ".inf"])
def test_a_range_is_a_finite_table_length(bad):
    with pytest.raises(ValueError, match="at most 1000|number of cm"):
        Weapon(id="w", name="W", range=bad, damage="+1")


@pytest.mark.parametrize("field", ["movement", "height_cm"])
@pytest.mark.parametrize("bad", [float("nan"), float("inf"), 1e308])
def test_profile_lengths_are_finite_and_bounded(field, bad):
    card = dict(id="p", name="P", cost=1, movement=10, combat=0, reflexes=0, endurance=2)
    card[field] = bad
    with pytest.raises(ValueError):
        Profile(**card)


@pytest.mark.parametrize("text", ["direct nan", "direct inf", "blast 1e308", "blast x"])
def test_a_template_size_is_a_finite_table_length(text):
    with pytest.raises(ValueError):
        Template.model_validate(text)


@pytest.mark.parametrize("bonus", [MAX_STAT + 1, "+" + "9" * 5000, -(10**30)])
def test_a_bonus_beyond_any_die_is_refused_with_a_short_message(bonus):
    with pytest.raises(ValueError) as exc:
        Weapon(id="w", name="W", combat=bonus, damage="+1")
    assert len(str(exc.value)) < 600


# --- French display names (issue 40) ---------------------------------------------------------

from landsraad.i18n import use_language  # noqa: E402
from landsraad.model import FRENCH_NAMES, shown_name  # noqa: E402


def test_a_french_name_is_shown_to_a_french_reader_only():
    halberd = Weapon(id="halberd", name="Halberd", name_fr="Hallebarde", damage="15-")
    assert halberd.display_name("fr") == "Hallebarde" and halberd.display_name("en") == "Halberd"
    with use_language("fr"):
        assert halberd.display_name() == "Hallebarde"
    with use_language("en"):
        assert halberd.display_name() == "Halberd"
    assert Weapon(id="knife", name="Knife", damage="6-").display_name("fr") == "Knife"  # none given: the English name
    assert shown_name("Naib", None, "fr") == "Naib"


@pytest.mark.parametrize("bad", ["", "  ", " Hallebarde", "Hallebarde ", "Halle\nbarde"])
def test_a_french_name_is_one_line_without_spaces_at_its_ends(bad: str):
    with pytest.raises(ValidationError, match="A French name is one line of text"):
        Weapon(id="halberd", name="Halberd", name_fr=bad, damage="15-")


def test_french_names_are_dumped_but_left_out_of_the_data_hash():
    w = Weapon(id="halberd", name="Halberd", name_fr="Hallebarde", damage="15-")
    assert w.model_dump()["name_fr"] == "Hallebarde" and Weapon.model_validate(w.model_dump()) == w
    from landsraad.content import load_faction

    sheet = load_faction("corrino")
    dumped = sheet.model_dump(mode="json", exclude=FRENCH_NAMES)
    assert "name_fr" not in dumped and all("name_fr" not in w for w in dumped["weapons"])
    assert all("name_fr" not in p for p in dumped["profiles"]) and all("name_fr" not in e for e in dumped["rare_equipment"])
    assert sheet.model_dump(mode="json")["name_fr"] == "Maison Corrino"
