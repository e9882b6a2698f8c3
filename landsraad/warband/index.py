"""Each faction sheet indexed once for validation (effective profiles, barracks, arsenal, rare equipment, data hash), and its spice pool."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ..content import (
    content_hash,
    faction_ids,
    load_faction,
)
from ..model import FRENCH_NAMES, BarracksEntry, Faction, Profile, RareEquipment, SpecialistWeapon, Weapon
from ..ruleset import DEFAULT, Ruleset
from .listformat import ListModel
from .names import _faction_names, _lookup, _name_map, _suggest, faction_aliases

# --- the faction index (cached) ---------------------------------------------------------------


@dataclass(frozen=True)
class SheetIndex:
    """What validation asks of a faction, precomputed once per sheet."""

    faction: Faction
    hash: str
    barracks: dict[str, BarracksEntry]
    profiles: dict[str, Profile]
    weapons: dict[str, Weapon]
    common: frozenset[str]
    specialist: dict[str, SpecialistWeapon]
    rare: dict[str, RareEquipment]
    names: dict[str, dict[str, str]]


_INDEX: dict[str, SheetIndex] = {}
"""Sheet indexes by the sheet's content (its JSON form): an index is a function of the content
alone, so equal sheets share one and a changed copy (``model_copy(update=...)``) gets its own."""


def faction_hash(faction: Faction) -> str:
    """The hash of a faction sheet's data (``content_hash`` of its ``model_dump`` without its French names), stamped on reports.

    Examples
    --------
    >>> from landsraad.content import load_faction
    >>> len(faction_hash(load_faction("corrino")))
    16
    """
    return _index(faction).hash


def _index(faction: Faction) -> SheetIndex:
    key = faction.model_dump_json()
    entry = _INDEX.get(key)
    if entry is not None:
        return entry
    if len(_INDEX) >= 64:
        _INDEX.clear()
    aliases = faction_aliases(faction.id)
    type_ids = [b.type for b in faction.barracks]
    names = {
        "types": _name_map([[(t, t) for t in type_ids],
                            [(faction.profile(t).name, t) for t in type_ids],
                            [(a, t) for t, more in aliases.types.items() if t in type_ids for a in more]]),
        "weapons": _name_map([[(w.id, w.id) for w in faction.weapons],
                              [(w.name.rstrip("*"), w.id) for w in faction.weapons],
                              [(a, w) for w, more in aliases.weapons.items() if any(x.id == w for x in faction.weapons) for a in more]]),
        "equipment": _name_map([[(e.id, e.id) for e in faction.rare_equipment],
                                [(e.name, e.id) for e in faction.rare_equipment],
                                [(a, x) for x, more in aliases.equipment.items() if any(e.id == x for e in faction.rare_equipment)
                                 for a in more]]),
    }
    entry = SheetIndex(
        faction=faction,
        hash=content_hash(faction.model_dump(mode="json", exclude=FRENCH_NAMES)),
        barracks={b.type: b for b in faction.barracks},
        profiles={b.type: faction.profile(b.type) for b in faction.barracks},
        weapons={w.id: w for w in faction.weapons},
        common=frozenset(faction.common_weapons),
        specialist={s.weapon: s for s in faction.specialist_weapons},
        rare={e.id: e for e in faction.rare_equipment},
        names=names,
    )
    _INDEX[key] = entry
    return entry


def spice_pool(faction: Faction, ruleset: Ruleset = DEFAULT) -> int:
    """The doses a list may give its models: the sheet's extra doses, +1 on Arrakis (R-FACTION, R-ARRAKIS, PRJ-60).

    Examples
    --------
    >>> from landsraad.content import load_faction
    >>> spice_pool(load_faction("corrino")), spice_pool(load_faction("corrino"), Ruleset(arrakis=True))
    (5, 6)
    """
    return faction.spice_doses + (1 if ruleset.arrakis else 0)


def _closest_sheet(name: str, entries: Sequence[tuple[int, "ListModel"]], extra: Mapping[str, Faction] | None
                   ) -> tuple[str | None, Faction | None]:
    """For an unknown faction: the id its name is closest to, and the sheet to check the models against.

    The sheet is the closest name's; without one, the only sheet knowing the most model types.
    """
    sheets = {fid: load_faction(fid) for fid in faction_ids()}
    sheets.update(extra or {})
    hint = _suggest(name, _faction_names(extra, None), sheets)
    if hint is not None:
        return hint, sheets[hint]
    scores = {fid: sum(_lookup(e.type, _index(f).names["types"]) is not None for _, e in entries) for fid, f in sheets.items()}
    best = max(scores.values(), default=0)
    winners = [fid for fid, n in scores.items() if n == best]
    return None, (sheets[winners[0]] if best > 0 and len(winners) == 1 else None)
