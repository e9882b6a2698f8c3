"""Starter files: a Minor House sheet to edit (``landsraad house new``) and a legal list for any sheet."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import yaml

from ..model import Faction
from ..ruleset import DEFAULT, Ruleset
from ..warband import ListModel, WarbandList, dump_list, validate

__all__ = ["house_id", "starter_house_text", "auto_list", "starter_list_text"]

_STARTER = """\
# Minor House {name} - a starter sheet (source: player). Edit it, then check and price it:
#   landsraad house price {file}
# Ranges of the menu (docs/minor-houses.md): Combat -2..+3, Reflexes -2..+4, Endurance 2..4,
# Movement 8..12 cm, honour 2..4, spice doses 4..6, at most 10 models on a barracks line.
id: {id}
name: {name}
source: player
honour: 3
spice_doses: 5
spice_effect: atreides_spice
special_rules: []
barracks:
  - {{type: soldier, min: 0, max: 8}}
  - {{type: specialist, min: 0, max: 2}}
  - {{type: scout, min: 0, max: 3}}
  - {{type: captain, min: 0, max: 1}}
weapons:
  - {{id: pistol, name: Pistol, name_fr: Pistolet, range: 10, combat: "+1", initiative: "-", damage: "+1", source: rulebook}}
  - {{id: knife, name: Knife, name_fr: Couteau, range: "-", combat: "-", initiative: "-", damage: 6-, source: rulebook}}
  - {{id: sword, name: Sword, name_fr: Épée, range: "-", combat: "+1", initiative: "+2", damage: 12-, source: project}}
  - {{id: machine_gun, name: Machine gun, name_fr: Mitrailleuse, range: 20, combat: "0", initiative: "-", damage: "+3", source: rulebook}}
common_weapons: [sword]
specialist_weapons:
  - {{weapon: machine_gun, cost: 1, limit: 2}}
rare_equipment:
  - {{id: explosives, name: Explosives, name_fr: Explosifs, pieces: 2, cost: 1, effect: explosives, source: project}}
profiles:
  - {{id: soldier, name: Soldier, name_fr: Soldat, cost: 1, movement: 10, combat: "+1", reflexes: "0", endurance: 3,
     weapons: [pistol, knife], shield: full}}
  - {{id: specialist, name: Specialist, name_fr: Spécialiste, cost: 1, movement: 10, combat: "0", reflexes: "0", endurance: 3,
     weapons: [knife], special_rules: [specialist]}}
  - {{id: scout, name: Scout, name_fr: Éclaireur, cost: 1, movement: 12, combat: "0", reflexes: "+1", endurance: 3,
     weapons: [pistol, knife], special_rules: [pathfinder]}}
  - {{id: captain, name: Captain, name_fr: Capitaine, cost: 3, movement: 10, combat: "+2", reflexes: "+1", endurance: 4,
     weapons: [sword, pistol], shield: full, special_rules: [weapon_master]}}
text: A Minor House of the Landsraad.
text_fr: Une Maison Mineure du Landsraad.
"""


def house_id(name: str) -> str:
    """A faction id from a house name: lower case, ASCII, words joined by ``_`` (``"Maison Ecaz"`` -> ``maison_ecaz``)."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", ascii_name.lower()).strip("_") or "minor_house"


def starter_house_text(name: str, file: str = "HOUSE.yaml") -> str:
    """The YAML of a starter Minor House named ``name`` (legal, priced in agreement with the model)."""
    quoted = yaml.safe_dump(name, default_flow_style=True).strip().removesuffix("...").strip()
    return _STARTER.format(id=house_id(name), name=quoted, file=file)


def auto_list(faction: Faction, ruleset: Ruleset = DEFAULT, *, name: str = "") -> WarbandList:
    """A legal list of ``faction`` that spends as many points as the cap allows.

    Every barracks minimum first, then one of each card from the dearest down while it fits,
    then the cheapest cards up to their maximum; the faction's spice doses go one per model.

    Raises
    ------
    DataError
        Never for a sheet that can field any legal list; :func:`landsraad.warband.validate` judges the result.
    """
    cap = ruleset.points
    counts: dict[str, int] = {}
    spent = 0
    by_type = {b.type: b for b in faction.barracks}

    def cost(t: str) -> int:
        return faction.profile(t).cost

    for b in faction.barracks:
        counts[b.type] = b.min
        spent += b.min * cost(b.type)
    order = sorted(by_type, key=lambda t: (-cost(t), t))
    for t in order:
        if counts[t] < by_type[t].max and spent + cost(t) <= cap:
            counts[t] += 1
            spent += cost(t)
    for t in sorted(by_type, key=lambda t: (cost(t), t)):
        while counts[t] < by_type[t].max and spent + cost(t) <= cap:
            counts[t] += 1
            spent += cost(t)
    models: list[dict[str, Any]] = []
    for b in faction.barracks:
        models.extend({"type": b.type} for _ in range(counts[b.type]))
    pool = faction.spice_doses
    for m in models:
        if pool <= 0:
            break
        m["spice"] = 1
        pool -= 1
    warband = WarbandList(name=name or f"{faction.name} (generated)", faction=faction.id, models=tuple(ListModel(**m) for m in models))
    report = validate(warband, faction, ruleset)
    if not report.valid and any(m.get("spice") for m in models):  # a pool the sheet counts differently: go without spice
        warband = WarbandList(name=warband.name, faction=faction.id, models=tuple(ListModel(type=m["type"]) for m in models))
    return warband


def starter_list_text(faction: Faction, ruleset: Ruleset = DEFAULT) -> str:
    """The YAML of :func:`auto_list` with a comment on how it was built."""
    warband = auto_list(faction, ruleset, name=f"{faction.name} starter list")
    return (f"# A legal {ruleset.points}-point list for {faction.name}, built by `landsraad house new`.\n"
            f"# Check it with: landsraad validate --faction-file <house file> <this file>\n" + dump_list(warband))
