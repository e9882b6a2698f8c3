"""A weapon as typed at the table, before any faction sheet is read: what measuring needs of a
weapon (:class:`WeaponRange`), and whether ``--weapon`` names a weapon alone (:func:`is_bare_name`,
then read in the acting model's faction by :func:`landsraad.table.weapons.in_faction`).

No content is loaded here, so ``measure`` without ``--weapon`` never reads a faction sheet.

>>> is_bare_name("pistol"), is_bare_name("Maula pistol"), is_bare_name("corrino:pistol"), is_bare_name("10,+1")
(True, True, False, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["WeaponRange", "is_bare_name"]


@dataclass(frozen=True)
class WeaponRange:
    """What measuring needs of a weapon: its range (cm) and Combat bonus, and its name if known."""

    range_cm: float
    combat: int = 0
    name: str | None = None


_BARE = re.compile(r"^[A-Za-z][A-Za-z0-9_ '-]*$")


def is_bare_name(text: str) -> bool:
    """``text`` is a weapon's id or name alone (``pistol``, ``Maula pistol``), not ``FACTION:WEAPON``,
    a profile reference, inline ``key=value`` items or a range in cm."""
    return bool(_BARE.match(text.strip()))
