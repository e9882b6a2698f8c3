"""Shields and half-shields (R-SHIELD, RUL-03)."""

from __future__ import annotations

import pytest

from landsraad.rules.shields import SHIELD_MELEE_MAX, melee_gets_through, ranged_gets_through


@pytest.mark.parametrize("neutral", range(1, 11))
def test_melee_windows(neutral: int) -> None:
    """R-SHIELD: a full shield lets through neutral 1 only, a half-shield 1 to 4; no shield everything."""
    assert melee_gets_through(neutral, "full") == (neutral == 1)
    assert melee_gets_through(neutral, "half") == (neutral <= 4)
    assert melee_gets_through(neutral, "none")


def test_pierce_bonus_widens_the_window() -> None:
    """shield_pierce_bonus hook: +1 lets a full shield through on 1-2."""
    assert melee_gets_through(2, "full", pierce_bonus=1) and not melee_gets_through(3, "full", pierce_bonus=1)
    assert SHIELD_MELEE_MAX == {"none": 10, "full": 1, "half": 4}


def test_ranged_never_through_a_shield() -> None:
    """R-SHIELD: ranged attacks never damage a shielded model."""
    assert ranged_gets_through("none")
    assert not ranged_gets_through("full") and not ranged_gets_through("half")
