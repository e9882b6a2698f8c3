"""The Minor House menu: the canon ranges a home-made faction sheet must stay within.

A Minor House is a :class:`landsraad.model.Faction` sheet with ``source: project`` or
``source: player`` whose numbers stay within the ranges the canon shows (CONTENT.md's design
constraints, restated in docs/minor-houses.md). :func:`check_house` collects every problem
with its key and line; :func:`load_house` reads, checks and returns the sheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..content import Document, read_document, validate_data
from ..errors import DataError, Problem
from ..model import Damage, Faction

__all__ = ["Range", "PROFILE_RANGES", "WEAPON_RANGES", "HOUSE_RANGES", "HOUSE_SOURCES", "MAX_BARRACKS_MAX",
           "check_house", "load_house", "house_from_document"]


@dataclass(frozen=True)
class Range:
    """An inclusive range of a characteristic, with the words shown in messages."""

    low: float
    high: float
    what: str

    def holds(self, value: float) -> bool:
        """Whether ``value`` is within the range."""
        return self.low <= value <= self.high


PROFILE_RANGES: dict[str, Range] = {
    "combat": Range(-2, 3, "Combat"),
    "reflexes": Range(-2, 4, "Reflexes"),
    "endurance": Range(2, 4, "Endurance"),
    "movement": Range(8, 12, "Movement (cm)"),
    "armour": Range(1, 2, "Armour"),
    "spice": Range(0, 1, "the card's own spice doses"),
    "base_mm": Range(25, 50, "base diameter (mm)"),
}
"""Profile characteristics: Combat -2..+3, Reflexes -2..+4, Endurance 2..4, Movement 8..12 cm (CONTENT.md)."""

WEAPON_RANGES: dict[str, Range] = {
    "combat": Range(-2, 2, "weapon Combat"),
    "initiative": Range(-2, 2, "weapon Initiative"),
    "range": Range(1, 30, "weapon range (cm)"),
    "defence": Range(0, 3, "defence bonus"),
}
"""Weapons: the bundled sheets' spread (Laser* -2 to halberd +2, ranges up to the rocket launcher's 30 cm)."""

HOUSE_RANGES: dict[str, Range] = {
    "honour": Range(2, 4, "honour"),
    "spice_doses": Range(4, 6, "spice doses"),
}
"""Faction numbers: the Great Houses' spread (Harkonnen honour 2 to Atreides 4; 4 to 6 doses)."""

HOUSE_SOURCES = ("project", "player")
MAX_BARRACKS_MAX = 10
"""No barracks line allows more than 10 models (the Fremen warriors' and Harkonnen soldiers' limit)."""

_MELEE_DAMAGE = Range(4, 15, "melee damage X")
_RANGED_DAMAGE = Range(0, 3, "ranged damage +N")
_BURN_DAMAGE = Range(9, 14, "burn damage (N)")


def check_house(faction: Faction, doc: Document) -> list[Problem]:
    """Every way ``faction`` leaves the Minor House menu, each located in ``doc`` (key and line).

    Parameters
    ----------
    faction
        The validated sheet.
    doc
        The document it was read from (for positions).

    Returns
    -------
    list of Problem
        Empty when the sheet is a legal Minor House.
    """
    problems: list[Problem] = []

    def add(loc: tuple, message: str) -> None:
        problems.append(Problem(doc.source, doc.locate(loc), message))

    if faction.source not in HOUSE_SOURCES:
        add(("source",), f"A Minor House has 'source: project' or 'source: player'; got {faction.source!r}.")
    for key, rng in HOUSE_RANGES.items():
        value = getattr(faction, key)
        if not rng.holds(value):
            add((key,), f"The {rng.what} {value} is outside the Minor House range {rng.low:g} to {rng.high:g}.")
    for i, b in enumerate(faction.barracks):
        if b.max > MAX_BARRACKS_MAX:
            add(("barracks", i, "max"), f"Barracks line {b.type!r} allows {b.max} models; a line allows at most {MAX_BARRACKS_MAX}.")
    for i, p in enumerate(faction.profiles):
        for key, rng in PROFILE_RANGES.items():
            value = getattr(p, key)
            if value is not None and not rng.holds(value):
                fmt = "+g" if key in ("combat", "reflexes") else "g"
                add(("profiles", i, key), f"Profile {p.id!r}: {rng.what} {value:{fmt}} is outside the canon range "
                                          f"{rng.low:{fmt}} to {rng.high:{fmt}}.")
    for i, w in enumerate(faction.weapons):
        for key, rng in WEAPON_RANGES.items():
            value = getattr(w, key)
            if value is not None and not rng.holds(value):
                add(("weapons", i, key), f"Weapon {w.id!r}: {rng.what} {value:g} is outside the menu's {rng.low:g} to {rng.high:g}.")
        for dmg in (w.ranged_damage, w.melee_damage):
            _check_damage(dmg, w.id, ("weapons", i, "damage"), add)
    return problems


def _check_damage(dmg: Damage | None, weapon_id: str, loc: tuple, add: Callable[[tuple, str], None]) -> None:
    if dmg is None:
        return
    rng = {"melee": _MELEE_DAMAGE, "ranged": _RANGED_DAMAGE, "burn": _BURN_DAMAGE}[dmg.kind]
    if not rng.holds(dmg.value):
        add(loc, f"Weapon {weapon_id!r}: {rng.what} {dmg.value} is outside the menu's {rng.low:g} to {rng.high:g}.")


def house_from_document(doc: Document) -> Faction:
    """Validate a parsed document as a Minor House.

    Raises
    ------
    DataError
        Every schema problem (unknown keys or rules, bad values) or menu problem, with key and line.
    """
    faction = validate_data(Faction, doc)
    problems = check_house(faction, doc)
    if problems:
        raise DataError(problems)
    return faction


def load_house(path: str | Path) -> Faction:
    """Read and check a Minor House file (YAML or JSON).

    Parameters
    ----------
    path
        The file.

    Returns
    -------
    Faction
        The sheet, ready for ``new_game(factions=[...])``.

    Raises
    ------
    DataError
        When the file is unreadable, not a faction sheet, or outside the menu (key and line).
    """
    return house_from_document(read_document(path))
