"""Shared ground of the odds tests: dice faces, weapons, the wound-rank and five-sigma helpers, drawn melee fighters."""

from __future__ import annotations

import math

from hypothesis import strategies as st

from landsraad.model import Weapon
from landsraad.rules.state import WOUND_RESULTS, Combatant

D10 = range(1, 11)
PISTOL = Weapon(id="pistol", name="Pistol", range=10, combat="+1", damage="+1")
LANCE = Weapon(id="lance", name="Sardaukar lance", range=15, combat="+1", damage="+2")
LASER = Weapon(id="laser", name="Laser", range=15, combat="-2", damage="(12)", laser=True)
FLAMER = Weapon(id="flamer", name="Flamethrower", combat="-2", damage="(9)", template="direct 20")
KNIFE = Weapon(id="knife", name="Knife", damage="6-")
VENOM_KNIFE = Weapon(id="venom", name="Poisoned knife", damage="6-", poisons=("paralysing",))
VENOM_DART = Weapon(id="dart", name="Dart", range=10, damage="+0", poisons=("irritant",))
HALBERD = Weapon(id="halberd", name="Halberd", combat="+2", initiative="+1", damage="15-")
SWORD = Weapon(id="sword", name="Sword", combat="+1", initiative="+2", damage="12-")
STEEL = Weapon(id="steel", name="Steel shield", defence="+3", damage="4-")


def rank_at_least(dist: dict[str, float], k: int) -> float:
    """P(result rank >= k) for a wound distribution."""
    return sum(p for name, p in dist.items() if WOUND_RESULTS.index(name) >= k)


def five_sigma(p: float, n: int) -> float:
    return 5 * math.sqrt(max(p * (1 - p), 1.0 / n) / n)


def _fixed(policy, rolled: int) -> int | None:
    return None if policy == "none" else min(rolled, policy)


melee_weapons = st.sampled_from([KNIFE, HALBERD, SWORD, STEEL])
fighters = st.builds(
    lambda c, r, e, shield, w: Combatant(combat=c, reflexes=r, endurance=e, shield=shield, weapon=w),
    st.integers(-2, 3), st.integers(-2, 3), st.integers(1, 4), st.sampled_from(["none", "half", "full"]), melee_weapons,
)
