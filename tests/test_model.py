"""Tests of landsraad.model: stats parsed as the rulebook writes them (R-WEAPON, R-PROFILE)."""

from functools import cached_property
from typing import ClassVar, Mapping

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from landsraad.model import Damage, Faction, Frozen, Poison, Profile, Template, Weapon, parse_bonus, parse_damage


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


@given(st.sampled_from(["6-", "8-", "12-"]), st.integers(-3, 3), st.booleans())
def test_model_copy_agrees_with_pydantics_own_copy(damage, combat, deep):
    """The fast shallow copy gives what pydantic's general one gives (fields, fields set,
    equality), minus cached values; keys that are not fields are ignored by both."""
    from pydantic import BaseModel

    w = Weapon(id="k", name="Knife", damage="6-")
    _ = w.melee_damage  # a cached value in the source's __dict__
    update = {"damage": damage, "combat": combat, "not_a_field": 1}
    mine = w.model_copy(update=update, deep=deep)
    theirs = BaseModel.model_copy(w, update=update, deep=deep)
    fields = set(Weapon.model_fields)
    assert {k: v for k, v in theirs.__dict__.items() if k in fields} == mine.__dict__
    assert mine.model_fields_set == theirs.model_fields_set - {"not_a_field"}
    assert mine.damage == damage and mine.combat == combat and mine == Weapon(**{**w.model_dump(), "damage": damage, "combat": combat})
    assert "not_a_field" not in mine.__dict__ and "melee_damage" not in mine.__dict__


@given(st.lists(st.dictionaries(st.sampled_from(["combat", "initiative", "range", "name"]), st.integers(0, 3), max_size=3), max_size=5))
def test_model_copy_fields_set_agrees_along_a_chain_of_copies(updates):
    """Copies that set no new field share their source's fields set: along any chain of copies
    each one's fields set is pydantic's own, and no copy ever changes its source's."""
    from pydantic import BaseModel

    w = Weapon(id="k", name="Knife", damage="6-")
    for update in updates:
        update = {k: str(v) if k == "name" else v for k, v in update.items()}
        before = set(w.model_fields_set)
        mine = w.model_copy(update=update)
        theirs = BaseModel.model_copy(w, update=update)
        assert mine.model_fields_set == theirs.model_fields_set == before | set(update)
        assert w.model_fields_set == before
        assert mine.model_dump(exclude_unset=True) == theirs.model_dump(exclude_unset=True)
        w = mine


@given(st.lists(st.lists(st.sampled_from(["melee_damage", "_memo", "_combatants", "_other", "_x1", "_x2"]), unique=True), min_size=1, max_size=6))
def test_model_copy_drops_every_key_besides_the_fields_in_order(extras_per_copy):
    """Keys beside the fields (cached values, memos) are dropped whether the class has met their
    names before (dropped by name) or not (found by a walk): each copy holds the fields alone, in
    the source's order."""
    w = Weapon(id="k", name="Knife", damage="6-")
    order = list(w.__dict__)
    for extras in extras_per_copy:
        for name in extras:
            w.__dict__[name] = object()
        w = w.model_copy(update={"combat": 1})
        assert list(w.__dict__) == order and w.combat == 1


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


class _Kept(Frozen):
    """A model with one value a copy keeps (``doubled``, from ``a``) and one it drops."""

    _kept_on_copy: ClassVar[Mapping[str, frozenset[str]]] = {"doubled": frozenset({"a"})}

    a: int = 0
    b: int = 0

    @cached_property
    def doubled(self) -> int:
        return 2 * self.a

    @cached_property
    def summed(self) -> int:
        return self.a + self.b


@given(st.lists(st.dictionaries(st.sampled_from(["a", "b", "not_a_field"]), st.integers(0, 3)), max_size=6), st.booleans())
def test_a_copy_keeps_a_value_exactly_while_its_input_fields_stay(updates, ask):
    """Along any chain of copies, a kept value is kept exactly when the update leaves its input
    fields alone, and every value read from a copy is the one a fresh model computes."""
    m = _Kept()
    for update in updates:
        if ask:
            _ = m.doubled, m.summed
        had = "doubled" in m.__dict__
        m = m.model_copy(update=update)
        assert ("doubled" in m.__dict__) == (had and "a" not in update)
        assert "summed" not in m.__dict__ and "not_a_field" not in m.__dict__
        fresh = _Kept(a=m.a, b=m.b)
        assert (m.doubled, m.summed) == (fresh.doubled, fresh.summed)
