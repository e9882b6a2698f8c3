"""Holtzman shields and half-shields (R-SHIELD, RUL-03).

- Ranged attacks never damage a shielded model (a hit is stopped; lasers may not even target it).
- A melee blow damages it only if the striker's neutral die - as lowered, before any bonus -
  shows 1 (full shield) or 1 to 4 (half-shield). Lowering the neutral die to get through is
  legal (RUL-03, the "slow blade"), at the price of striking late.
- A disabled shield (jammer) or a game on Arrakis means no shield at all
  (:func:`landsraad.rules.state.effective_shield`).

The ``shield_pierce_bonus`` hook of the striker's special rules widens the melee window.

Examples
--------
>>> [melee_gets_through(n, "full") for n in (1, 2)]
[True, False]
>>> [melee_gets_through(n, "half") for n in (4, 5)]
[True, False]
>>> melee_gets_through(10, "none"), ranged_gets_through("half")
(True, False)
"""

from __future__ import annotations

from ..model import ShieldKind

__all__ = ["SHIELD_MELEE_MAX", "melee_gets_through", "ranged_gets_through"]

SHIELD_MELEE_MAX: dict[str, int] = {"none": 10, "full": 1, "half": 4}
"""The highest neutral die a melee blow may show to get through each shield (R-SHIELD)."""


def melee_gets_through(neutral: int, shield: ShieldKind, pierce_bonus: int = 0) -> bool:
    """Whether a melee blow with this neutral die (as lowered, before bonuses) gets through ``shield`` (R-SHIELD, RUL-03).

    ``pierce_bonus`` comes from the striker's ``shield_pierce_bonus`` hooks.

    Examples
    --------
    >>> melee_gets_through(2, "full", pierce_bonus=1), melee_gets_through(3, "full", pierce_bonus=1)
    (True, False)
    """
    if shield == "none":
        return True
    return neutral <= SHIELD_MELEE_MAX[shield] + pierce_bonus


def ranged_gets_through(shield: ShieldKind) -> bool:
    """Whether a ranged attack can damage a model with ``shield`` (R-SHIELD: only without one).

    Examples
    --------
    >>> ranged_gets_through("none"), ranged_gets_through("full")
    (True, False)
    """
    return shield == "none"
