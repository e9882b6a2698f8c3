"""Forgiving names: case, accents, spaces and the rulebook's French names resolved to the sheets' ids; the closest sheet for an unknown faction."""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from functools import lru_cache
from typing import Iterable, Mapping

from pydantic import Field

from ..content import (
    data_dir,
    faction_ids,
    load_faction,
    load_model,
)
from ..errors import UnknownNameError, did_you_mean
from ..model import Faction, Frozen
from .listformat import ListModel

# --- forgiving names: case, accents, spaces and the rulebook's French names -------------------

ALIASES_DIR = "aliases"
"""The folder beside the faction sheets holding each sheet's aliases (``factions/aliases/ID.yaml``)."""


def normalize_name(text: str) -> str:
    """The form names are compared in: accents dropped, case folded, every run of other characters one ``_``.

    Examples
    --------
    >>> normalize_name("Maître d'arme"), normalize_name("master of arms"), normalize_name("  Sœur du Bene-Gesserit ")
    ('maitre_d_arme', 'master_of_arms', 'soeur_du_bene_gesserit')
    """
    folded = unicodedata.normalize("NFKD", text.casefold().replace("œ", "oe").replace("æ", "ae"))
    plain = "".join(c for c in folded if not unicodedata.combining(c))
    return re.sub(r"[^0-9a-z]+", "_", plain).strip("_")


class FactionAliases(Frozen):
    """Other names a list may use for a sheet's ids (the rulebook's French names): ``id -> names``."""

    faction: tuple[str, ...] = Field((), description="Other names of the faction itself.")
    types: dict[str, tuple[str, ...]] = Field({}, description="Barracks type id -> other names.")
    weapons: dict[str, tuple[str, ...]] = Field({}, description="Weapon id -> other names.")
    equipment: dict[str, tuple[str, ...]] = Field({}, description="Rare equipment id -> other names.")


@lru_cache(maxsize=None)
def faction_aliases(faction_id: str) -> FactionAliases:
    """The aliases kept beside a bundled sheet (``factions/aliases/ID.yaml``); none for other ids.

    Examples
    --------
    >>> faction_aliases("corrino").weapons["machine_gun"]
    ('mitrailleuse',)
    >>> faction_aliases("no_such_house")
    FactionAliases(faction=(), types={}, weapons={}, equipment={})
    """
    if not re.fullmatch(r"[a-z][a-z0-9_]*", faction_id):
        return FactionAliases()
    path = data_dir("factions") / ALIASES_DIR / f"{faction_id}.yaml"
    return load_model(FactionAliases, path) if path.is_file() else FactionAliases()


def _name_map(levels: Iterable[Iterable[tuple[str, str]]]) -> dict[str, str]:
    """``normalized name -> id``: earlier levels win; a name two ids share within one level means neither."""
    out: dict[str, str] = {}
    for level in levels:
        here: dict[str, set[str]] = defaultdict(set)
        for name, ident in level:
            key = normalize_name(name)
            if key and key not in out:
                here[key].add(ident)
        out.update({key: next(iter(ids)) for key, ids in here.items() if len(ids) == 1})
    return out


def _lookup(name: str, names: Mapping[str, str]) -> str | None:
    """The id ``name`` stands for (exactly, or once normalized), else ``None``."""
    return names.get(name) or names.get(normalize_name(name))  # ids map to themselves: no normalizing for them


def _suggest(name: str, names: Mapping[str, str], ids: Iterable[str]) -> str | None:
    """The id whose id or alias is closest to ``name``, for a "did you mean"."""
    hint = did_you_mean(normalize_name(name), list(names))
    return names[hint] if hint else did_you_mean(name, ids)


def _faction_names(extra: Mapping[str, Faction] | None, sheet: Faction | None) -> dict[str, str]:
    sheets = {fid: load_faction(fid) for fid in faction_ids()}
    sheets.update(extra or {})
    if sheet is not None:
        sheets[sheet.id] = sheet
    return _name_map([
        [(fid, fid) for fid in sheets],
        [(f.name, fid) for fid, f in sheets.items()],
        [(a, fid) for fid in sheets for a in faction_aliases(fid).faction],
    ])


def _resolve_faction_id(name: str, extra: Mapping[str, Faction] | None, sheet: Faction | None) -> str | None:
    if (extra and name in extra) or (sheet is not None and name == sheet.id):
        return name
    try:
        load_faction(name)  # cached: an exact id costs no folder listing
        return name
    except UnknownNameError:
        return _lookup(name, _faction_names(extra, sheet))


def _canonical(e: "ListModel", names: Mapping[str, Mapping[str, str]]) -> "ListModel":
    """The entry with every type, weapon and equipment name replaced by the id it stands for."""
    kind = _lookup(e.type, names["types"]) or e.type
    weapons = tuple(_lookup(w, names["weapons"]) or w for w in e.weapons)
    items = tuple(_lookup(x, names["equipment"]) or x for x in e.equipment)
    if (kind, weapons, items) == (e.type, e.weapons, e.equipment):
        return e
    return e.model_copy(update={"type": kind, "weapons": weapons, "equipment": items})
