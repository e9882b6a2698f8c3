"""Tests of landsraad.dice: R-TEST-SIMPLE, R-TEST-OPPOSED, R-TEST-CLASH, RUL-01, RUL-02."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from landsraad.dice import (
    ClashDice,
    beats,
    check_die,
    opposed_test,
    parse_dice,
    roll_clash,
    roll_d10,
    roll_opposed_test,
    roll_simple_test,
    simple_test,
)
from landsraad.errors import DataError

die = st.integers(1, 10)


@given(die, die, st.integers(-5, 5), st.integers(0, 20))
def test_simple_test_reaching_the_threshold_succeeds_r_test_simple(neutral, colour, bonus, threshold):
    result = simple_test(bonus, threshold, neutral=neutral, colour=colour)
    assert result.success == (colour + bonus >= threshold)
    assert result.margin == (neutral if result.success else 0)


def test_simple_test_adds_the_characteristic_to_the_coloured_die_rul_02():
    # Healing (RUL-12): Combat 1 + colour die 9 = 10 >= 10 succeeds; the neutral die does not count.
    assert simple_test(1, 10, neutral=1, colour=9).success
    assert not simple_test(1, 10, neutral=10, colour=8).success


@given(die, die, die, die, st.integers(-5, 5), st.integers(-5, 5))
def test_opposed_test_needs_strictly_higher_by_default_rul_01(an, ac, pn, pc, ab, pb):
    strict = opposed_test(ab, pb, active=(an, ac), passive=(pn, pc))
    lenient = opposed_test(ab, pb, active=(an, ac), passive=(pn, pc), ties="active")
    assert strict.success == (ac + ab > pc + pb)
    assert lenient.success == (ac + ab >= pc + pb)
    assert strict.margin == (an if strict.success else 0)


def test_beats_boundaries_rul_01():
    assert not beats(5, 5) and beats(5, 5, "active") and beats(6, 5) and not beats(4, 5, "active")


@pytest.mark.parametrize("value", [0, 11, -1, 2.5, "3", True])
def test_a_die_outside_1_to_10_is_rejected_with_its_value(value):
    with pytest.raises(DataError, match="1 to 10"):
        check_die(value)


def test_clash_dice_are_checked():
    with pytest.raises(DataError):
        ClashDice(0, 5, 5)


@given(st.integers(0, 2**32 - 1))
def test_rolls_are_faces_and_deterministic_for_a_seed(seed):
    a = roll_d10(np.random.default_rng(seed), 6)
    b = roll_d10(np.random.default_rng(seed), 6)
    assert a == b and all(1 <= v <= 10 for v in a)
    assert roll_clash(np.random.default_rng(seed)) == roll_clash(np.random.default_rng(seed))
    assert roll_simple_test(1, 8, np.random.default_rng(seed)) == roll_simple_test(1, 8, np.random.default_rng(seed))
    assert roll_opposed_test(1, 0, np.random.default_rng(seed)) == roll_opposed_test(1, 0, np.random.default_rng(seed))


def test_rolled_dice_are_uniform_within_sampling_error():
    counts = np.bincount(np.array(roll_d10(np.random.default_rng(7), 20000)), minlength=11)[1:]
    expected = 2000
    assert np.all(np.abs(counts - expected) < 5 * np.sqrt(expected * 0.9))


@pytest.mark.parametrize("text, count", [("1,2", 3), ("1,x,3", 3), ("0,2,3", 3), ("", 2)])
def test_parse_dice_rejects_bad_input(text, count):
    with pytest.raises(DataError):
        parse_dice(text, count, source="--dice")
