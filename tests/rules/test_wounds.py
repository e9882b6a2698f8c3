"""Damage, wound levels and armour (R-WOUND, R-ARMOUR, R-BURN, RUL-13, RUL-16, RUL-18, R-POISON)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from landsraad.model import Poison
from landsraad.rules.state import Combatant, wound_rank
from landsraad.rules.wounds import apply_hit, wound_result, wound_threshold

P = Poison.model_validate


@pytest.mark.parametrize(
    "damage, endurance, expected",
    [(-3, 3, "none"), (0, 3, "none"), (1, 3, "scratch"), (2, 3, "scratch"), (3, 3, "light"), (5, 3, "light"),
     (6, 3, "grave"), (8, 3, "grave"), (9, 3, "fatal"), (40, 3, "fatal"), (1, 1, "light"), (2, 1, "grave"), (3, 1, "fatal")],
)
def test_thresholds_r_wound(damage: int, endurance: int, expected: str) -> None:
    """R-WOUND: < E scratch, >= E light, >= 2E grave, >= 3E fatal; RUL-18: <= 0 nothing."""
    assert wound_result(damage, endurance) == expected


def test_armour_compares_with_the_higher_value_r_armour() -> None:
    """R-ARMOUR: the higher of Endurance and Armour X; explosive ignores it; RUL-16: burn too."""
    assert wound_threshold(2, 3) == 3 and wound_threshold(4, 3) == 4
    assert wound_result(5, 2, 3) == "light" and wound_result(5, 2, 3, ignore_armour=True) == "grave"
    assert wound_result(3, 4, 3) == "scratch"


def test_scratch_gives_one_fatigue_token() -> None:
    c, ev = apply_hit(Combatant(endurance=3, fatigue=1), 2)
    assert ev.result == "scratch" and ev.fatigue_added == 1 and c.fatigue == 2 and c.wound == "none"


def test_zero_damage_does_nothing_rul_18() -> None:
    """RUL-18: damage of 0 or less: no token, no poison."""
    start = Combatant(endurance=3, fatigue=1)
    for dmg in (0, -4):
        c, ev = apply_hit(start, dmg, poisons=[P("deadly")])
        assert c == start and ev.result == "none" and ev.poisons_applied == () and ev.fatigue_added == 0


def test_wound_only_rises_rul_13() -> None:
    """RUL-13: a lower or equal wound changes nothing (and gives no token); a higher one replaces it."""
    c, ev = apply_hit(Combatant(endurance=6, wound="grave"), 5)  # effective Endurance 4: light
    assert ev.result == "light" and c.wound == "grave" and c.fatigue == 0
    c, ev = apply_hit(Combatant(endurance=6, wound="light"), 11)  # effective Endurance 5: 11 >= 10 grave
    assert ev.result == "grave" and c.wound == "grave"


def test_effective_endurance_counts_after_a_wound() -> None:
    """R-WOUND: a lightly wounded model compares damage with E - 1 (melee example 2: 'perd 1 en Endurance')."""
    assert apply_hit(Combatant(endurance=3, wound="light"), 4)[1].result == "grave"  # 4 >= 2 x 2
    assert apply_hit(Combatant(endurance=3), 4)[1].result == "light"


def test_fatal_wound_removes_the_model() -> None:
    c, ev = apply_hit(Combatant(endurance=3), 9)
    assert ev.removed and c.wound == "fatal"
    assert not apply_hit(c, 12)[1].removed  # already removed: not removed again


def test_poison_needs_one_point_of_damage_r_poison() -> None:
    """R-POISON: at least one point of damage applies the poison, even a scratch; armour does not stop it."""
    c, ev = apply_hit(Combatant(endurance=2, armour=5), 1, poisons=[P("paralysing")])
    assert ev.result == "scratch" and [p.kind for p in c.poisons] == ["paralysing"]


def test_poison_applied_twice_keeps_one_copy() -> None:
    c, _ = apply_hit(Combatant(endurance=10), 1, poisons=[P("will_breaker 1")])
    c, _ = apply_hit(c, 1, poisons=[P("will_breaker 3")])
    assert [str(p) for p in c.poisons] == ["will_breaker 3"]


DAMAGE = st.integers(-5, 60)
ENDURANCE = st.integers(1, 10)
ARMOUR = st.one_of(st.none(), st.integers(1, 10))
LEVEL = st.sampled_from(["none", "light", "grave", "fatal"])


@given(DAMAGE, ENDURANCE, st.integers(1, 10))
def test_armour_never_raises_a_wound_level(damage: int, endurance: int, armour: int) -> None:
    """R-ARMOUR: armour can only make a hit milder."""
    assert wound_rank(wound_result(damage, endurance, armour)) <= wound_rank(wound_result(damage, endurance))


@given(DAMAGE, DAMAGE, ENDURANCE, ARMOUR, st.booleans())
def test_wound_level_monotone_in_damage(d1: int, d2: int, endurance: int, armour: int | None, ignore: bool) -> None:
    """R-WOUND: more damage is never a milder result."""
    lo, hi = sorted((d1, d2))
    assert wound_rank(wound_result(lo, endurance, armour, ignore_armour=ignore)) <= wound_rank(wound_result(hi, endurance, armour, ignore_armour=ignore))


@given(ENDURANCE, ENDURANCE, ARMOUR, DAMAGE)
def test_wound_level_monotone_decreasing_in_endurance(e1: int, e2: int, armour: int | None, damage: int) -> None:
    lo, hi = sorted((e1, e2))
    assert wound_rank(wound_result(damage, hi, armour)) <= wound_rank(wound_result(damage, lo, armour))


@given(LEVEL, DAMAGE, ENDURANCE, ARMOUR, st.integers(0, 5), st.booleans())
def test_apply_hit_never_lowers_a_wound_level(level: str, damage: int, endurance: int, armour: int | None, fatigue: int, ignore: bool) -> None:
    """RUL-13: the wound level only rises; fatigue never drops; the new level is the worse of old and hit."""
    before = Combatant(endurance=endurance, armour=armour, wound=level, fatigue=fatigue)
    after, ev = apply_hit(before, damage, ignore_armour=ignore)
    assert wound_rank(after.wound) >= wound_rank(before.wound)
    assert after.fatigue >= before.fatigue
    if ev.result in ("light", "grave", "fatal"):
        assert wound_rank(after.wound) == max(wound_rank(level), wound_rank(ev.result))
