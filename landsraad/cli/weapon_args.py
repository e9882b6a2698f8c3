"""``--weapon`` as the table commands read it (``measure``, ``shoot``): a range in cm, ``FACTION:WEAPON``,
``FACTION/TYPE:WEAPON``, inline ``range=...,combat=...``, or a weapon's name alone read in the acting
model's faction (issue 39). Kept apart from :mod:`.geometry`'s other helpers because it reads the
faction sheets and the stats parser: only a command given ``--weapon`` loads them.
"""

from __future__ import annotations

import math

from ..errors import UsageError, quoted
from ..i18n import message
from ..model import Weapon
from ..table import weapons
from ..table.weapon_text import WeaponRange
from .stats import build_combatant, parse_model_spec
from .stats import parse_weapon as parse_stats_weapon

__all__ = ["parse_weapon", "weapon_range"]


def parse_weapon(text: str, option: str = "--weapon") -> tuple[float, int]:
    """Parse ``--weapon``: the weapon's range in cm and its Combat bonus.

    The forms of ``odds`` and ``resolve`` (``FACTION:WEAPON``, ``FACTION/TYPE:WEAPON``, or
    inline ``range=...,combat=...``; see :mod:`landsraad.cli.stats`) and the short
    ``RANGE[,COMBAT]`` (Combat 0 when left out). An inline weapon needs no damage here.

    >>> parse_weapon("10"), parse_weapon("15,+1"), parse_weapon("20,-2")
    ((10.0, 0), (15.0, 1), (20.0, -2))
    >>> parse_weapon("range=10,combat=+1"), parse_weapon("corrino/soldier:pistol"), parse_weapon("corrino:laser")
    ((10.0, 1), (10.0, 1), (15.0, -2))
    >>> parse_weapon("-")
    Traceback (most recent call last):
    ...
    landsraad.errors.UsageError: --weapon expects a weapon: a range in cm with an optional Combat bonus (10 or 10,+1), FACTION:WEAPON (corrino:pistol), FACTION/TYPE:WEAPON or inline range=10,combat=+1; got '-'.
    """
    text = text.strip()
    bad = UsageError(message("{option} expects a weapon: a range in cm with an optional Combat bonus (10 or 10,+1), FACTION:WEAPON "
                             "(corrino:pistol), FACTION/TYPE:WEAPON or inline range=10,combat=+1; got {text}.", option=option, text=quoted(text)))
    if "=" not in text and ":" not in text and "/" not in text:
        parts = [p.strip() for p in text.split(",")]
        if not 1 <= len(parts) <= 2:
            raise bad
        try:
            rng = float(parts[0])
            combat = int(parts[1]) if len(parts) == 2 else 0
        except ValueError:
            raise bad from None
        if not (math.isfinite(rng) and rng > 0):
            raise bad
        return (rng, combat)
    weapon = _named_weapon(text, option)
    return (float(weapon.range_cm), int(weapon.combat))  # type: ignore[arg-type]


def weapon_range(text: str, faction: str | None, option: str = "--weapon") -> WeaponRange:
    """``--weapon`` for measuring: :func:`parse_weapon`'s forms, with the weapon's name when one is
    named, and a bare name (``pistol``) read in ``faction``, the acting model's (issue 39).

    >>> weapon_range("pistol", "corrino"), weapon_range("12,+1", None)
    (WeaponRange(range_cm=10.0, combat=1, name='Pistol'), WeaponRange(range_cm=12.0, combat=1, name=None))
    >>> weapon_range("pistol", None)
    Traceback (most recent call last):
    ...
    landsraad.errors.UsageError: --weapon 'pistol': the acting model has no profile, so its faction is unknown; write FACTION:WEAPON (corrino:pistol), inline range=10,combat=+1 or a range in cm (10 or 10,+1).
    """
    if weapons.is_bare_name(text):
        if faction is None:
            raise UsageError(message('{option} {text_strip!r}: the acting model has no profile, so its faction is unknown; write FACTION:WEAPON (corrino:pistol), inline range=10,combat=+1 or a range in cm (10 or 10,+1).', option=option, text_strip=text.strip()))
        weapon = weapons.in_faction(text, faction, option=option)
        if weapon.range_cm is None:
            raise UsageError(message('{option}: the weapon {name} has no range (a melee or template weapon), so it has no range bands.', option=option, name=quoted(weapon.name)))
    elif any(c in text for c in "=:/"):
        weapon = _named_weapon(text.strip(), option)
    else:
        return WeaponRange(*parse_weapon(text, option))
    assert weapon.range_cm is not None  # both branches refuse a weapon without a range
    return WeaponRange(float(weapon.range_cm), int(weapon.combat), weapon.name)


def _named_weapon(text: str, option: str) -> Weapon:
    """A weapon written FACTION:WEAPON, FACTION/TYPE:WEAPON or inline, with a range."""
    if "/" in text.split(",")[0] and "=" not in text.split(",")[0]:
        weapon = build_combatant(parse_model_spec(text, argument=option), use="shoot", weapon_argument=option).weapon
    else:
        if "=" in text and "damage=" not in text.replace(" ", ""):
            text = text + ",damage=+0"  # measuring needs the range and Combat only
        weapon = parse_stats_weapon(text, argument=option)
    if weapon is None or weapon.range_cm is None:
        name = weapon.name if weapon is not None else text
        raise UsageError(message('{option}: the weapon {name} has no range (a template weapon), so it has no range bands.', option=option, name=quoted(name)))
    return weapon
