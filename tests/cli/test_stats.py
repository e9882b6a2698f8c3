"""Tests of landsraad.cli.stats: inline model and weapon arguments (R-PROFILE, R-WEAPON)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from landsraad.cli.stats import (
    MODEL_KEYS,
    WEAPON_KEYS,
    build_combatant,
    parse_combatant,
    parse_model_spec,
    parse_weapon,
    split_items,
)
from landsraad.content import faction_ids
from landsraad.errors import UsageError
from landsraad.model import Damage, Poison

HAS_CORRINO = "corrino" in faction_ids()
needs_corrino = pytest.mark.skipif(not HAS_CORRINO, reason="factions/corrino.yaml is not there yet")


# --- round trip (property) ------------------------------------------------------------------


def _bonus(n: int) -> str:
    return f"{n:+d}" if n else "0"


model_stats = st.fixed_dictionaries(
    {},
    optional={
        "combat": st.integers(-5, 5),
        "reflexes": st.integers(-5, 5),
        "endurance": st.integers(1, 6),
        "armour": st.integers(1, 6),
        "shield": st.sampled_from(["none", "full", "half"]),
        "wound": st.sampled_from(["none", "light", "grave", "fatal"]),
        "fatigue": st.integers(0, 5),
        "movement": st.sampled_from([8.0, 10.0, 12.5]),
    },
)


@given(model_stats)
def test_model_stats_round_trip(stats: dict) -> None:
    """Whatever stats are written, they are read back to the same Combatant fields."""
    parts = []
    for key, value in stats.items():
        text = _bonus(value) if key in ("combat", "reflexes") else str(value)
        parts.append(f"{key}={text}")
    parts.append("name=x")  # never empty
    spec = parse_model_spec(",".join(parts), argument="--attacker")
    expected = dict(stats, name="x")
    assert spec.stats == expected
    c = build_combatant(spec)
    for key, value in stats.items():
        assert getattr(c, key) == value


@given(
    st.integers(1, 40),
    st.integers(-3, 3),
    st.integers(-3, 3),
    st.one_of(
        st.integers(1, 20).map(lambda n: ("melee", f"{n}-")),
        st.integers(-2, 5).map(lambda n: ("ranged", f"{n:+d}")),
        st.integers(1, 15).map(lambda n: ("burn", f"({n})")),
    ),
)
def test_weapon_round_trip(rng: int, combat: int, initiative: int, dmg: tuple[str, str]) -> None:
    """R-WEAPON: a weapon typed inline keeps its range, bonuses and damage kind."""
    kind, text = dmg
    ranged = kind != "melee"
    parts = [f"combat={_bonus(combat)}", f"initiative={_bonus(initiative)}", f"damage={text}"]
    if ranged:
        parts.insert(0, f"range={rng}")
    w = parse_weapon(",".join(parts))
    assert (w.combat, w.initiative) == (combat, initiative)
    damage = w.ranged_damage if ranged else w.melee_damage
    number = int(text.strip("()-")) if kind != "ranged" else int(text)
    assert damage == Damage(kind=kind, value=number)
    assert (w.range_cm == rng) if ranged else (w.range_cm is None)


# --- parsing details ----------------------------------------------------------------------------


def test_split_items_flags_and_values() -> None:
    assert split_items("Range=10, laser ,Damage=(12)", argument="--weapon") == [("range", "10"), ("laser", None), ("damage", "(12)")]


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "the value is empty"),
        ("combat=1,", "empty item"),
        ("combat=", "needs both a key and a value"),
        ("combat=1,combat=2", "given twice"),
        ("combat=1.5", "combat='1.5' is not valid"),
        ("shield=huge", "shield='huge' is not valid"),
        ("wound=lite", "did you mean 'light'"),
        ("endurance=0", "Endurance must be at least 1"),
        ("fatigue=-1", "at least 0"),
        ("poisoned=hemlock", "Unknown poison 'hemlock'"),
        ("rules=assasination", "Did you mean 'assassination'"),
        ("spice=assassination", "is not a spice effect"),
        ("jammed=perhaps", "jammed is a flag"),
        ("armor=3", "Did you mean 'armour'"),
        ("corrino/", "is not a profile reference"),
    ],
)
def test_bad_model_arguments_are_one_line_usage_errors(text: str, fragment: str) -> None:
    """Every mistake names the argument and the bad value, in one line."""
    with pytest.raises(UsageError) as info:
        parse_model_spec(text, argument="--target")
    message = str(info.value)
    assert message.startswith("Argument --target: ")
    assert fragment in message
    assert "\n" not in message


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("range=10,combat=+1", "has no damage"),
        ("range=ten,damage=+1", "A range is a number of cm"),
        ("combat=+1,damage=+1", "has no range and no template"),
        ("range=10,damage=12-", "melee damage '12-'"),
        ("damage=+1,template=square", "A template is written"),
        ("damage=12-,poisons=hemlock", "Unknown poison 'hemlock'"),
        ("damage=12-,sharp", "unknown weapon key 'sharp'"),
        ("combat=x,damage=12-", "A bonus must be a whole number"),
    ],
)
def test_bad_weapon_arguments_are_one_line_usage_errors(text: str, fragment: str) -> None:
    with pytest.raises(UsageError) as info:
        parse_weapon(text, argument="--attacker-weapon")
    message = str(info.value)
    assert message.startswith("Argument --attacker-weapon: ")
    assert fragment in message
    assert "\n" not in message


def test_weapon_flags_and_templates() -> None:
    """R-LASER, R-TEMPLATE: flags and templates are read."""
    laser = parse_weapon("range=15,combat=-2,damage=(12),laser")
    assert laser.laser and not laser.explosive and laser.ranged_damage == Damage(kind="burn", value=12)
    flamer = parse_weapon("combat=-2,damage=(9),template=direct 20")
    assert flamer.is_ranged and flamer.template is not None and flamer.template.size_cm == 20.0
    assert parse_weapon("range=10,damage=+1,laser=no").laser is False
    knife = parse_weapon("damage=6-,poisons=paralysing+will_breaker 3")
    assert knife.poisons == (Poison(kind="paralysing"), Poison(kind="will_breaker", x=3))


def test_state_keys() -> None:
    """Model states: poisons suffered, jammed shield (R-SHIELD), spice (R-SPICE)."""
    c = parse_combatant("shield=full,jammed,poisoned=paralysing,spice=corrino_spice,carries=dangerous", argument="--target")
    assert c.shield == "full" and c.shield_disabled and c.effective_shield == "none"
    assert c.poisons == (Poison(kind="paralysing"),)
    assert c.carried_poisons == (Poison(kind="dangerous"),)
    assert c.spice_active and c.spice_effect == "corrino_spice"
    assert parse_combatant("armour=none", argument="--target").armour is None


def test_documented_keys_are_the_parsed_keys() -> None:
    import landsraad.cli.stats as stats

    for key in MODEL_KEYS + WEAPON_KEYS:
        assert key in stats.__doc__


def test_shooting_needs_a_ranged_weapon() -> None:
    with pytest.raises(UsageError, match="has no ranged weapon"):
        parse_combatant("combat=1", argument="--attacker", use="shoot")
    with pytest.raises(UsageError, match="cannot shoot"):
        parse_combatant("combat=1", "damage=12-", argument="--attacker", use="shoot")
    with pytest.raises(UsageError, match="cannot strike in melee"):
        parse_combatant("combat=1", "range=10,damage=+1", argument="--attacker", weapon_argument="--attacker-weapon", use="melee")


# --- profile references (need factions/corrino.yaml) -------------------------------------------


@needs_corrino
def test_profile_reference_applies_faction_modifiers() -> None:
    """FACTION/TYPE: the card with the Sardaukar rule applied (CONTENT.md: Sardaukar soldier Combat +2, Armour 3)."""
    c = parse_combatant("corrino/soldier:halberd", argument="--attacker", use="melee")
    assert c.combat == 2 and c.armour == 3 and c.endurance == 3
    assert c.weapon is not None and c.weapon.id == "halberd" and c.weapon.combat == 2 and c.weapon.initiative == 1


@needs_corrino
def test_profile_reference_default_weapon_depends_on_use() -> None:
    """Without :WEAPON the card's first weapon fit for the action is used."""
    shoot = parse_combatant("corrino/master_assassin", argument="--attacker", use="shoot")
    melee = parse_combatant("corrino/master_assassin", argument="--attacker", use="melee")
    assert shoot.weapon is not None and shoot.weapon.is_ranged
    assert melee.weapon is not None and melee.weapon.is_melee and not melee.weapon.is_ranged


@needs_corrino
def test_profile_reference_with_state_overrides_and_explicit_weapon() -> None:
    c = parse_combatant("corrino/soldier:halberd,wound=light,fatigue=1", "damage=6-", argument="--defender", use="melee")
    assert c.wound == "light" and c.fatigue == 1
    assert c.weapon is not None and str(c.weapon.melee_damage) == "6-"  # the explicit weapon argument wins
    assert parse_weapon("corrino:laser").laser


@needs_corrino
@pytest.mark.parametrize(
    "text, fragment",
    [
        ("corino/soldier", "Unknown faction 'corino'. Did you mean 'corrino'?"),
        ("corrino/soldir", "Unknown model type 'soldir'. Did you mean 'soldier'?"),
        ("corrino/soldier:halbard", "Unknown weapon 'halbard'. Did you mean 'halberd'?"),
    ],
)
def test_bad_profile_references(text: str, fragment: str) -> None:
    with pytest.raises(UsageError) as info:
        parse_model_spec(text, argument="--attacker")
    assert fragment in str(info.value) and str(info.value).startswith("Argument --attacker: ")
