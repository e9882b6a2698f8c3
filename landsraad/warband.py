"""Warband lists: the list format, loading, the validator and its reports (R-FACTION, R-RECRUIT, RUL-14, RUL-15).

A warband list names a faction and the models it recruits, each with its chosen kit::

    name: Imperial strike team
    faction: corrino
    models:
      - type: master_assassin
        name: Hasimir            # optional, unique within the list (PRJ-61)
      - type: specialist
        weapons: [machine_gun]   # chosen weapons beyond the card's own (RUL-15)
        equipment: [explosives]  # rare equipment (RUL-14)
        spice: 1                 # doses from the faction's pool (PRJ-60)

:func:`load_list` reads a file into a :class:`WarbandList` (format only: a malformed file is a
:class:`~landsraad.errors.DataError` listing every problem with its line). :func:`validate`
checks a list against its faction sheet and returns a :class:`Report`: every problem found,
each once, as a :class:`Finding` with a stable ``code`` (:data:`FINDING_CODES`), the points
with a per-model breakdown, the hash of the faction data, and each recruited model resolved
into its effective card and carried kit (:class:`RecruitedModel`) for the engine.
:func:`check_file` does both for a file and never raises for bad data: syntax and schema
problems become findings too.

Examples
--------
>>> from landsraad.content import load_faction
>>> corrino = load_faction("corrino")
>>> team = WarbandList(faction="corrino", models=[
...     ListModel(type="master_assassin", name="Hasimir"),
...     ListModel(type="specialist", weapons=("machine_gun",), equipment=("explosives",), spice=1),
... ])
>>> report = validate(team, corrino)
>>> report.valid, report.points
(True, 8)
>>> [(c.label, c.model, c.weapons, c.equipment) for c in report.breakdown]
[('Hasimir', 4, 0, 0), ('Specialist', 2, 1, 1)]
>>> sorted(f.code for f in report.warnings)
['points-unspent', 'spice-unassigned']
>>> bad = team.model_copy(update={"models": team.models + (ListModel(type="soldier", weapons=("machine_gun",)),)})
>>> print(validate(bad, corrino).errors[0].message)
Soldier (model 3) cannot carry the specialist weapon 'machine_gun': only a model with the Specialist rule can.
"""

from __future__ import annotations

import math
import os
import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Literal, Mapping, Sequence

import yaml
from pydantic import ConfigDict, Field, ValidationError, field_validator

from .content import (
    Document,
    YamlSyntaxError,
    content_hash,
    data_dir,
    faction_ids,
    format_path,
    load_faction,
    load_model,
    parse_document,
    read_document,
)
from .errors import DataError, Problem, UnknownNameError, did_you_mean
from .model import BarracksEntry, Faction, Frozen, Profile, RareEquipment, SpecialistWeapon, Weapon
from .ruleset import DEFAULT, Ruleset

__all__ = [
    "ListModel",
    "WarbandList",
    "Severity",
    "Finding",
    "FINDING_CODES",
    "ModelCost",
    "RecruitedModel",
    "Report",
    "LIST_SUFFIXES",
    "parse_list_document",
    "read_list_document",
    "parse_list",
    "load_list",
    "dump_list",
    "list_schema",
    "list_hash",
    "faction_hash",
    "spice_pool",
    "validate",
    "check_document",
    "check_text",
    "check_file",
    "find_list_files",
    "scan_list_files",
    "IntakeNote",
    "FactionAliases",
    "faction_aliases",
    "normalize_name",
    "human_path",
    "resolve_models",
]

LIST_SUFFIXES: tuple[str, ...] = (".yaml", ".yml", ".json")
"""File suffixes read as warband lists when a folder is given (a ``.txt`` file is read too when it holds a list)."""

TEXT_SUFFIX = ".txt"


# --- the list format -------------------------------------------------------------------------


class ListModel(Frozen):
    """One recruited model of a warband list: its barracks type and chosen kit.

    Examples
    --------
    >>> ListModel(type="specialist", weapons=["machine_gun"], spice=1)
    ListModel(type='specialist', name=None, weapons=('machine_gun',), equipment=(), spice=1)
    """

    type: str = Field(min_length=1, description="The model type: a barracks type id of the faction, such as 'soldier'.")
    name: str | None = Field(None, min_length=1, description="An optional name, unique within the list (PRJ-61).")
    weapons: tuple[str, ...] = Field(
        (),
        description="Chosen weapons beyond the card's own: at most one common weapon, and for a Specialist at most one specialist weapon (RUL-15).",
    )
    equipment: tuple[str, ...] = Field((), description="Rare equipment ids, any number per model within the faction's pieces (RUL-14).")
    spice: int = Field(0, ge=0, strict=True, description="Spice doses given from the faction's pool; the card's own doses are not counted here (PRJ-60).")

    model_config = ConfigDict(json_schema_extra={"description": "One recruited model: its barracks type and chosen kit."})

    @field_validator("name")
    @classmethod
    def _visible_name(cls, name: str | None) -> str | None:
        if name is not None and not name.strip():
            raise ValueError("A name needs at least one visible character (or leave it out)")
        return name


class WarbandList(Frozen):
    """A warband list (R-RECRUIT): a faction and the models it recruits.

    Examples
    --------
    >>> lst = WarbandList(name="Scouts", faction="corrino", models=[{"type": "scout"}])
    >>> lst.models[0].type
    'scout'
    >>> parse_list(dump_list(lst)) == lst
    True
    """

    model_config = ConfigDict(title="Landsraad warband list", json_schema_extra={
        "description": "A warband list (R-RECRUIT): a faction and the models it recruits, with their chosen kit."})

    name: str = Field("", description="The list's name.")
    faction: str = Field(min_length=1, description="The faction id, such as 'corrino'.")
    player: str = Field("", description="The player's name (for an organiser's records).")
    notes: str = Field("", description="Free text.")
    models: tuple[ListModel, ...] = Field(description="The recruited models, one entry per model (R-RECRUIT).")


def list_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the warband list format.

    Examples
    --------
    >>> schema = list_schema()
    >>> schema["required"], sorted(schema["$defs"]["ListModel"]["properties"])
    (['faction', 'models'], ['equipment', 'name', 'spice', 'type', 'weapons'])
    """
    schema = WarbandList.model_json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}


def dump_list(warband: WarbandList) -> str:
    """The list as YAML text, default values left out; :func:`parse_list` reads it back equal.

    Examples
    --------
    >>> print(dump_list(WarbandList(faction="corrino", models=[ListModel(type="soldier", weapons=("laser",))])), end="")
    faction: corrino
    models:
    - type: soldier
      weapons:
      - laser
    """
    data = warband.model_dump(mode="json", exclude_defaults=True)
    data.setdefault("models", [])
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def list_hash(warband: WarbandList) -> str:
    """A short hash of the list's content (what a roster prints so a judge can match copies).

    Examples
    --------
    >>> a = WarbandList(faction="corrino", models=[{"type": "scout"}])
    >>> list_hash(a) == list_hash(parse_list("faction: corrino\\nmodels: [{type: scout}]"))
    True
    """
    return content_hash(warband.model_dump(mode="json"))


# --- located YAML parsing: landsraad.content's single-pass parser -----------------------------

parse_list_document = parse_document
"""Parse list text into a located :class:`~landsraad.content.Document` (:func:`landsraad.content.parse_document`)."""

read_list_document = read_document
"""Read and parse a list file (:func:`landsraad.content.read_document`)."""

_SyntaxProblem = YamlSyntaxError


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


def _canonical(e: "ListModel", names: Mapping[str, Mapping[str, str]]) -> "ListModel":
    """The entry with every type, weapon and equipment name replaced by the id it stands for."""
    kind = _lookup(e.type, names["types"]) or e.type
    weapons = tuple(_lookup(w, names["weapons"]) or w for w in e.weapons)
    items = tuple(_lookup(x, names["equipment"]) or x for x in e.equipment)
    if (kind, weapons, items) == (e.type, e.weapons, e.equipment):
        return e
    return e.model_copy(update={"type": kind, "weapons": weapons, "equipment": items})


# --- findings ---------------------------------------------------------------------------------

Severity = Literal["error", "warning"]

FINDING_CODES: dict[str, tuple[Severity, str | None, str]] = {
    "unreadable": ("error", None, "The file cannot be read."),
    "syntax": ("error", None, "The file is not valid YAML or JSON."),
    "schema": ("error", None, "The file does not follow the list format (`landsraad schema list`)."),
    "unknown-faction": ("error", "R-FACTION", "The faction id is not a known faction."),
    "faction-mismatch": ("error", "R-FACTION", "The list names another faction than the sheet it was checked against."),
    "no-models": ("error", "R-RECRUIT", "The list recruits no model (PRJ-64)."),
    "unknown-type": ("error", "R-FACTION", "A model type that is not in the faction's barracks."),
    "barracks-max": ("error", "R-FACTION", "More models of a type than the barracks allows."),
    "barracks-min": ("error", "R-FACTION", "Fewer models of a type than the barracks requires."),
    "points-over-cap": ("error", "R-RECRUIT", "The list costs more than the points cap (15, or the event's)."),
    "unknown-weapon": ("error", "R-FACTION", "A chosen weapon that the faction does not know."),
    "weapon-not-in-arsenal": ("error", "RUL-15", "A chosen weapon that is neither a common nor a specialist weapon of the arsenal (PRJ-65)."),
    "common-weapon-count": ("error", "RUL-15", "A model with more than one common weapon."),
    "specialist-weapon-not-specialist": ("error", "RUL-15", "A specialist weapon on a model without the Specialist rule."),
    "specialist-weapon-count": ("error", "RUL-15", "A model with more than one specialist weapon."),
    "weapon-limit": ("error", "RUL-15", "More of a specialist weapon across the warband than the sheet's limit."),
    "unknown-equipment": ("error", "R-FACTION", "A rare equipment id that is not in the faction's arsenal."),
    "equipment-pieces": ("error", "RUL-14", "More pieces of a rare item across the warband than the sheet offers."),
    "spice-pool": ("error", "R-FACTION", "More spice doses given than the faction's pool (PRJ-60)."),
    "duplicate-name": ("error", "PRJ-61", "Two models of the list share a name."),
    "points-unspent": ("warning", "R-RECRUIT", "The list leaves a fifth of the cap or more unspent (PRJ-63)."),
    "spice-unassigned": ("warning", "R-FACTION", "Some of the faction's spice doses are given to no model (PRJ-60)."),
    "weapon-duplicates-profile": ("warning", "RUL-15", "A chosen weapon the model's card already carries (PRJ-62)."),
}
"""Every finding code: ``code -> (severity, rule ID or None, what it means)``. Codes are stable."""


@dataclass(frozen=True)
class Finding:
    """One problem (or warning) found in a list.

    ``path`` is the key path of the first place concerned (``models[3].weapons[0]``, empty for
    the whole file), ``paths`` every place concerned when one problem spans several models,
    ``line`` / ``column`` where the file says so (1-based; ``None`` for a list built in memory).

    Examples
    --------
    >>> f = Finding("barracks-max", "error", "Soldier is limited to 8; this list has 9.", "R-FACTION", "models[8]", 30, 5)
    >>> str(f)
    'error: model 9 (line 30): Soldier is limited to 8; this list has 9. [barracks-max, R-FACTION]'
    """

    code: str
    severity: Severity
    message: str
    rule: str | None = None
    path: str = ""
    line: int | None = None
    column: int | None = None
    paths: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """A JSON-able mapping of every field."""
        return {
            "code": self.code,
            "severity": self.severity,
            "path": self.path,
            "position": self.position,
            "line": self.line,
            "column": self.column,
            "rule": self.rule,
            "message": self.message,
            "paths": list(self.paths or ((self.path,) if self.path else ())),
        }

    @property
    def position(self) -> str:
        """The place as a person counts it, 1-based (``model 9, weapon 1``)."""
        return human_path(self.path)

    def __str__(self) -> str:
        where = self.position
        if self.line is not None:
            where = f"{where} (line {self.line})" if where else f"line {self.line}"
        tag = self.code + (f", {self.rule}" if self.rule else "")
        return f"{self.severity}: {where + ': ' if where else ''}{self.message} [{tag}]"


@dataclass(frozen=True)
class ModelCost:
    """The points of one model (R-RECRUIT): its card (faction modifiers included), specialist weapon(s) and equipment."""

    index: int
    label: str
    type: str
    model: int
    weapons: int = 0
    equipment: int = 0

    @property
    def path(self) -> str:
        return f"models[{self.index}]"

    @property
    def total(self) -> int:
        return self.model + self.weapons + self.equipment

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "label": self.label, "type": self.type, "model": self.model,
                "weapons": self.weapons, "equipment": self.equipment, "total": self.total}


@dataclass(frozen=True)
class RecruitedModel:
    """A list entry resolved against its faction: what the engine deploys.

    ``profile`` is the effective card (faction modifiers applied, :meth:`Faction.profile`);
    ``weapons`` every weapon carried, the card's own first, then the chosen ones (each once);
    ``spice`` every dose carried: the card's own plus ``pool_spice`` from the faction's pool (PRJ-60).
    ``label`` is the model's name, or a unique label such as ``Soldier 2`` when it has none.
    """

    index: int
    label: str
    name: str | None
    type: str
    profile: Profile
    weapons: tuple[Weapon, ...]
    chosen_weapons: tuple[Weapon, ...]
    equipment: tuple[RareEquipment, ...]
    spice: int
    pool_spice: int
    cost: ModelCost

    @property
    def path(self) -> str:
        return f"models[{self.index}]"


@dataclass(frozen=True)
class Report:
    """The result of checking one list: findings, points and the data it was checked against.

    ``faction`` is the faction id the list names (``None`` if unreadable); ``data_hash`` the
    :func:`faction_hash` of the sheet used (``None`` if the faction is unknown); ``list_hash``
    the :func:`list_hash` of the list; ``models`` the resolved models whose type is known.
    """

    source: str
    findings: tuple[Finding, ...] = ()
    warband: WarbandList | None = None
    faction: str | None = None
    sheet: Faction | None = field(default=None, repr=False)
    data_hash: str | None = None
    list_hash: str | None = None
    cap: int = 15
    points: int = 0
    breakdown: tuple[ModelCost, ...] = ()
    models: tuple[RecruitedModel, ...] = field(default=(), repr=False)

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity == "error")

    @property
    def warnings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity == "warning")

    @property
    def valid(self) -> bool:
        """Whether the list has no error (warnings do not invalidate it)."""
        return not any(f.severity == "error" for f in self.findings)

    @property
    def codes(self) -> tuple[str, ...]:
        """The distinct finding codes, in order of first appearance."""
        return tuple(dict.fromkeys(f.code for f in self.findings))

    def to_json(self) -> dict[str, Any]:
        """``{"file", "valid", "faction", "points", "errors", "warnings", "data_hash", ...}``."""
        return {
            "file": self.source,
            "valid": self.valid,
            "faction": self.faction,
            "points": self.points,
            "errors": [f.to_json() for f in self.errors],
            "warnings": [f.to_json() for f in self.warnings],
            "data_hash": self.data_hash,
            "name": self.warband.name if self.warband else None,
            "player": self.warband.player if self.warband else None,
            "cap": self.cap,
            "breakdown": [c.to_json() for c in self.breakdown],
            "list_hash": self.list_hash,
        }

    def raise_for_errors(self) -> None:
        """Raise one :class:`~landsraad.errors.DataError` listing every error, if there is any."""
        if not self.valid:
            raise DataError([Problem(self.source, f.path + (f" (line {f.line})" if f.line else ""), f"{f.message} [{f.code}]")
                             for f in self.errors])


# --- the faction index (cached) ---------------------------------------------------------------


@dataclass(frozen=True)
class _Index:
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


_INDEX: dict[int, _Index] = {}


def faction_hash(faction: Faction) -> str:
    """The hash of a faction sheet's data (``content_hash`` of its ``model_dump``), stamped on reports.

    Examples
    --------
    >>> from landsraad.content import load_faction
    >>> len(faction_hash(load_faction("corrino")))
    16
    """
    return _index(faction).hash


def _index(faction: Faction) -> _Index:
    # Keyed by identity and holding the sheet, so an id is never reused while cached.
    entry = _INDEX.get(id(faction))
    if entry is not None and entry.faction is faction:
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
    entry = _Index(
        faction=faction,
        hash=content_hash(faction.model_dump(mode="json")),
        barracks={b.type: b for b in faction.barracks},
        profiles={b.type: faction.profile(b.type) for b in faction.barracks},
        weapons={w.id: w for w in faction.weapons},
        common=frozenset(faction.common_weapons),
        specialist={s.weapon: s for s in faction.specialist_weapons},
        rare={e.id: e for e in faction.rare_equipment},
        names=names,
    )
    _INDEX[id(faction)] = entry
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


# --- the validator ----------------------------------------------------------------------------

Loc = tuple[Any, ...]


def _listing(names: Iterable[str]) -> str:
    names = [f"'{n}'" for n in names]
    if len(names) <= 1:
        return "".join(names) or "(none)"
    return ", ".join(names[:-1]) + " and " + names[-1]


def human_path(path: str) -> str:
    """A key path as a person counts: 1-based, in words (``models[8].weapons[0]`` -> ``model 9, weapon 1``).

    Examples
    --------
    >>> human_path("models[8].weapons[0]"), human_path("models[2].spice"), human_path("faction")
    ('model 9, weapon 1', 'model 3, spice', 'faction')
    """
    def one(m: re.Match[str]) -> str:
        word = {"models": "model", "weapons": "weapon"}.get(m[1], m[1])
        return f"{word} {int(m[2]) + 1}"

    return re.sub(r"([A-Za-z_]+)\[(\d+)\]", one, path).replace(".", ", ")


def _paths(locs: Sequence[Loc]) -> str:
    """``model 3`` or ``models 3, 6 and 9`` (1-based, as a person counts); other places in words."""
    if locs and all(len(loc) >= 2 and loc[0] == "models" and isinstance(loc[1], int) for loc in locs):
        numbers = [str(loc[1] + 1) for loc in locs]
        if len(numbers) == 1:
            return f"model {numbers[0]}"
        return "models " + ", ".join(numbers[:-1]) + " and " + numbers[-1]
    return ", ".join(human_path(format_path(loc)) for loc in locs)


class _Collector:
    """Gathers findings with their lines; sorted by place at the end."""

    def __init__(self, doc: Document | None):
        self.doc = doc
        self.items: list[tuple[tuple[Any, ...], Finding]] = []

    def where(self, loc: Loc) -> tuple[int | None, int | None]:
        if self.doc is None:
            return None, None
        for cut in range(len(loc), -1, -1):
            pos = self.doc.positions.get(loc[:cut])
            if pos is not None:
                return pos
        return None, None

    def add(self, code: str, message: str, loc: Loc = (), locs: Sequence[Loc] = (), *,
            line: int | None = None, column: int | None = None) -> None:
        severity, rule, _ = FINDING_CODES[code]
        if line is None:
            line, column = self.where(loc)
        paths = tuple(format_path(x) for x in locs) if len(locs) > 1 else ()
        key = tuple((0, x) if isinstance(x, int) else (1, str(x)) for x in loc)
        order = (0 if severity == "error" else 1, line if line is not None else 0, column or 0, key)
        self.items.append((order, Finding(
            code, severity, message, rule, format_path(loc), line, column, paths)))

    def findings(self) -> tuple[Finding, ...]:
        return tuple(f for _, f in sorted(self.items, key=lambda item: item[0]))


def _who(label: str, loc_list: Sequence[Loc], type_name: str) -> str:
    """'Hasimir (Master Assassin, models[0])', 'Soldier (models[2])' or 'Soldier (models[2], models[5]) each'."""
    where = _paths(loc_list)
    if len(loc_list) > 1:
        return f"{type_name} ({where}) each"
    return f"{label} ({type_name}, {where})" if label != type_name else f"{type_name} ({where})"


def _labels(entries: Sequence[tuple[int, "ListModel"]], idx: _Index | None) -> dict[int, str]:
    """A unique label per entry: its name, else the card name, numbered when several share it."""
    taken = {e.name.strip().casefold() for _, e in entries if e.name}
    by_type: dict[str, list[int]] = defaultdict(list)
    for i, e in entries:
        if not e.name:
            by_type[e.type].append(i)
    labels: dict[int, str] = {i: e.name.strip() for i, e in entries if e.name}
    for type_id, indices in by_type.items():
        base = idx.profiles[type_id].name if idx and type_id in idx.profiles else type_id
        n = 0
        for i in indices:
            while True:
                n += 1
                label = base if len(indices) == 1 and n == 1 else f"{base} {n}"
                if label.casefold() not in taken:
                    break
            taken.add(label.casefold())
            labels[i] = label
    return labels


def _check(
    source: str,
    warband: WarbandList | None,
    faction_id: str | None,
    entries: Sequence[tuple[int, ListModel]],
    *,
    complete: bool,
    faction: Faction | None,
    factions: Mapping[str, Faction] | None,
    ruleset: Ruleset,
    out: _Collector,
    raw_hash: str | None = None,
) -> Report:
    cap = ruleset.points

    # The faction (R-FACTION): its id, its name or an alias, in any case and accents; an unknown
    # one is an error, but the models are still checked against the closest sheet.
    sheet: Faction | None = faction
    canonical_id = faction_id
    if faction_id is not None:
        resolved = _resolve_faction_id(faction_id, factions, faction)
        if sheet is None and resolved is not None:
            canonical_id = resolved
            sheet = factions[resolved] if factions and resolved in factions else load_faction(resolved)
        elif sheet is None:
            hint, sheet = _closest_sheet(faction_id, entries, factions)
            known = sorted(set(faction_ids()) | set(factions or ()))
            out.add("unknown-faction", f"Unknown faction '{faction_id}'." + (f" Did you mean '{hint}'?" if hint else "")
                    + (f" The models were checked against {sheet.name}'s sheet." if sheet is not None else "")
                    + f" Known factions are: {', '.join(known) or '(none)'}.", ("faction",))
        elif resolved != sheet.id:
            out.add("faction-mismatch", f"This list is for faction '{faction_id}' but was checked against {sheet.name} ('{sheet.id}').",
                    ("faction",))
        else:
            canonical_id = resolved

    # Names (PRJ-61) and an empty list (PRJ-64) need no faction.
    if complete and not entries:
        out.add("no-models", "This list recruits no model; a warband needs at least one.", ("models",))
    idx = _index(sheet) if sheet is not None else None
    if idx is not None:
        entries = [(i, _canonical(e, idx.names)) for i, e in entries]
        if warband is not None:
            warband = warband.model_copy(update={"faction": canonical_id or warband.faction, "models": tuple(e for _, e in entries)})
    hash_of_list = list_hash(warband) if warband is not None else raw_hash
    labels = _labels(entries, idx)
    names: dict[str, list[Loc]] = defaultdict(list)
    shown: dict[str, str] = {}
    for i, e in entries:
        if e.name:
            key = e.name.strip().casefold()
            names[key].append(("models", i, "name"))
            shown.setdefault(key, e.name.strip())
    for key, locs in names.items():
        if len(locs) > 1:
            out.add("duplicate-name", f"The name '{shown[key]}' is used by {len(locs)} models ({_paths([loc[:2] for loc in locs])}); "
                    "each model of a list needs its own name.", locs[1], locs)

    if idx is None:
        return Report(source, out.findings(), warband, canonical_id, None, None, hash_of_list, cap, 0, (), ())
    assert sheet is not None
    house = sheet.name

    type_locs: dict[str, list[Loc]] = defaultdict(list)
    unknown_types: dict[str, list[Loc]] = defaultdict(list)
    unknown_weapons: dict[str, list[Loc]] = defaultdict(list)
    not_in_arsenal: dict[str, list[Loc]] = defaultdict(list)
    unknown_items: dict[str, list[Loc]] = defaultdict(list)
    # Per-model problems, grouped when identical on models of the same type (each finding once).
    grouped: dict[tuple[str, str, tuple[str, ...]], list[tuple[Loc, int]]] = defaultdict(list)
    sw_locs: dict[str, list[Loc]] = defaultdict(list)
    item_locs: dict[str, list[Loc]] = defaultdict(list)
    spice_locs: list[tuple[Loc, int]] = []
    breakdown: list[ModelCost] = []
    models: list[RecruitedModel] = []
    choosable = sorted(idx.common) + sorted(idx.specialist)

    for i, e in entries:
        here: Loc = ("models", i)
        profile = idx.profiles.get(e.type)
        if profile is None:
            unknown_types[e.type].append(here + ("type",))
        else:
            type_locs[e.type].append(here)
        commons: list[str] = []
        specials: list[str] = []
        chosen: list[Weapon] = []
        sw_cost = 0
        for j, wid in enumerate(e.weapons):
            wloc = here + ("weapons", j)
            weapon = idx.weapons.get(wid)
            if weapon is None:
                unknown_weapons[wid].append(wloc)
                continue
            if wid in idx.specialist:
                specials.append(wid)
                sw_locs[wid].append(wloc)
                sw_cost += idx.specialist[wid].cost
            elif wid in idx.common:
                commons.append(wid)
            else:
                not_in_arsenal[wid].append(wloc)
                continue
            if all(w.id != wid for w in chosen):
                chosen.append(weapon)
            if profile is not None and wid in profile.weapons:
                grouped[("weapon-duplicates-profile", e.type, (wid,))].append((wloc, i))
        if profile is not None:
            if len(commons) > 1:
                grouped[("common-weapon-count", e.type, tuple(commons))].append((here + ("weapons",), i))
            if specials and not profile.is_specialist:
                grouped[("specialist-weapon-not-specialist", e.type, tuple(specials))].append((here + ("weapons",), i))
            elif len(specials) > 1:
                grouped[("specialist-weapon-count", e.type, tuple(specials))].append((here + ("weapons",), i))
        items: list[RareEquipment] = []
        eq_cost = 0
        for k, eid in enumerate(e.equipment):
            eloc = here + ("equipment", k)
            item = idx.rare.get(eid)
            if item is None:
                unknown_items[eid].append(eloc)
                continue
            item_locs[eid].append(eloc)
            items.append(item)
            eq_cost += item.cost
        if e.spice:
            spice_locs.append((here + ("spice",), e.spice))
        cost = ModelCost(i, labels[i], e.type, profile.cost if profile else 0, sw_cost, eq_cost)
        breakdown.append(cost)
        if profile is not None:
            carried = [idx.weapons[w] for w in profile.weapons if w in idx.weapons]
            carried += [w for w in chosen if w.id not in profile.weapons]
            models.append(RecruitedModel(i, labels[i], e.name, e.type, profile, tuple(carried), tuple(chosen),
                                         tuple(items), profile.spice + e.spice, e.spice, cost))

    # Unknown names, each once with a suggestion.
    types = list(idx.barracks)
    for name, locs in unknown_types.items():
        hint = _suggest(name, idx.names["types"], types)
        count = f" ({_paths([loc[:2] for loc in locs])})" if len(locs) > 1 else ""
        out.add("unknown-type", f"Model type '{name}'{count} is not in {house}'s barracks."
                + (f" Did you mean '{hint}'?" if hint else "") + f" Valid types are: {', '.join(types)}.", locs[0], locs)
    for name, locs in unknown_weapons.items():
        hint = _suggest(name, {k: v for k, v in idx.names["weapons"].items() if v in choosable}, choosable) or did_you_mean(name, idx.weapons)
        out.add("unknown-weapon", f"Unknown weapon '{name}' for {house}." + (f" Did you mean '{hint}'?" if hint else "")
                + f" The arsenal offers: {', '.join(choosable) or '(nothing)'}.", locs[0], locs)
    for name, locs in not_in_arsenal.items():
        out.add("weapon-not-in-arsenal", f"'{name}' is not in {house}'s arsenal: a list may choose only common weapons "
                f"({', '.join(sorted(idx.common)) or 'none'}) and specialist weapons ({', '.join(sorted(idx.specialist)) or 'none'}); "
                "profile weapons come with their cards.", locs[0], locs)
    for name, locs in unknown_items.items():
        rare = sorted(idx.rare)
        hint = _suggest(name, idx.names["equipment"], rare)
        out.add("unknown-equipment", f"Unknown rare equipment '{name}' for {house}." + (f" Did you mean '{hint}'?" if hint else "")
                + f" The arsenal offers: {', '.join(rare) or '(nothing)'}.", locs[0], locs)

    # Per-model kit problems (RUL-15).
    for (code, type_id, weapons), hits in grouped.items():
        locs = [loc for loc, _ in hits]
        type_name = idx.profiles[type_id].name
        who = _who(labels[hits[0][1]], [("models", i) for _, i in hits], type_name)
        plural = len(hits) > 1

        def verb(one: str, many: str, plural: bool = plural) -> str:
            return many if plural else one
        if code == "common-weapon-count":
            msg = (f"{who} {verb('carries', 'carry')} {len(weapons)} common weapons ({_listing(weapons)}); "
                   "a model may choose at most one.")
        elif code == "specialist-weapon-not-specialist":
            what = f"the specialist weapon {_listing(weapons)}" if len(weapons) == 1 else f"the specialist weapons {_listing(weapons)}"
            msg = f"{who} cannot carry {what}: only a model with the Specialist rule can."
        elif code == "specialist-weapon-count":
            msg = (f"{who} {verb('carries', 'carry')} {len(weapons)} specialist weapons ({_listing(weapons)}); "
                   "a Specialist may carry at most one.")
        else:  # weapon-duplicates-profile
            msg = (f"{who} already {verb('carries', 'carry')} '{weapons[0]}' on the profile card; choosing it again adds nothing"
                   + (f" and still costs {idx.specialist[weapons[0]].cost} point(s)." if weapons[0] in idx.specialist
                      and idx.specialist[weapons[0]].cost else "."))
        out.add(code, msg, locs[0], locs)

    # An unknown type's cost and role are unknown: checks that need every model wait for it (PRJ-66).
    complete = complete and bool(entries) and not unknown_types

    # Barracks (R-FACTION, R-RECRUIT).
    for type_id, entry in idx.barracks.items():
        locs = type_locs.get(type_id, [])
        name = idx.profiles[type_id].name
        if len(locs) > entry.max:
            out.add("barracks-max", f"{name} is limited to {entry.max} in {house}'s barracks; this list has {len(locs)}.",
                    locs[entry.max], locs)
        elif complete and len(locs) < entry.min:
            out.add("barracks-min", f"{house}'s barracks requires at least {entry.min} {name}; this list has {len(locs)}.",
                    ("models",))

    # Specialist weapon limits across the warband (RUL-15) and rare equipment pieces (RUL-14).
    for wid, locs in sw_locs.items():
        limit = idx.specialist[wid].limit
        if limit is not None and len(locs) > limit:
            out.add("weapon-limit", f"The specialist weapon '{wid}' is limited to {limit} in {house}'s arsenal; "
                    f"this list has {len(locs)}.", locs[limit], locs)
    for eid, locs in item_locs.items():
        item = idx.rare[eid]
        if len(locs) > item.pieces:
            out.add("equipment-pieces", f"{house} has {item.pieces} piece(s) of {item.name} ('{eid}'); this list takes {len(locs)}.",
                    locs[item.pieces], locs)

    # Spice (PRJ-60): list doses come from the pool; the card's own are free.
    pool = spice_pool(sheet, ruleset)
    given = sum(n for _, n in spice_locs)
    arrakis = " (one more on Arrakis)" if ruleset.arrakis else ""
    if given > pool:
        running, first = 0, spice_locs[0][0]
        for loc, n in spice_locs:
            running += n
            if running > pool:
                first = loc
                break
        out.add("spice-pool", f"This list gives {given} spice doses from {house}'s pool of {pool}{arrakis}.", first,
                [loc for loc, _ in spice_locs])
    elif complete and given < pool:
        left = pool - given
        out.add("spice-unassigned", f"{left} of the {pool} spice doses of {house}'s pool{arrakis} {'is' if left == 1 else 'are'} "
                "given to no model; they are lost.", ("models",))

    # Points (R-RECRUIT).
    points = sum(c.total for c in breakdown)
    if points > cap:
        running, first_loc = 0, ("models",)
        for c in breakdown:
            running += c.total
            if running > cap:
                first_loc = ("models", c.index)
                break
        out.add("points-over-cap", f"This list costs {points} points; the cap is {cap} ({points - cap} over).", first_loc)
    elif complete and cap - points >= math.ceil(cap / 5):
        out.add("points-unspent", f"This list costs {points} points, leaving {cap - points} of the cap of {cap} unspent.", ("models",))

    return Report(source, out.findings(), warband, canonical_id, sheet, idx.hash, hash_of_list, cap, points,
                  tuple(breakdown), tuple(models))


def validate(
    warband: WarbandList,
    faction: Faction | None = None,
    ruleset: Ruleset = DEFAULT,
    *,
    factions: Mapping[str, Faction] | None = None,
    source: str = "<list>",
    document: Document | None = None,
) -> Report:
    """Check a list against every rule of R-FACTION, R-RECRUIT, RUL-14 and RUL-15; collect every problem once.

    Parameters
    ----------
    warband
        The list.
    faction
        The sheet to check against; by default the one the list names, from ``factions`` if it
        is there, else the bundled one (an unknown id is an ``unknown-faction`` finding).
    ruleset
        ``ruleset.points`` is the cap (R-RECRUIT); ``ruleset.arrakis`` adds a spice dose (R-ARRAKIS).
    factions
        Extra sheets by id (a Minor House, a test faction); they take precedence over bundled ones.
    source, document
        Where the list came from; with the parsed document, findings carry line numbers.

    Returns
    -------
    Report
        Never raises for a bad list: every problem is a :class:`Finding`.

    Examples
    --------
    >>> from landsraad.content import load_faction
    >>> nine = WarbandList(faction="corrino", models=[ListModel(type="soldier")] * 9)
    >>> report = validate(nine, load_faction("corrino"))
    >>> for f in report.errors: print(f.path, f.code, f.message)
    models[7] points-over-cap This list costs 18 points; the cap is 15 (3 over).
    models[8] barracks-max Soldier is limited to 8 in House Corrino's barracks; this list has 9.
    >>> [f.code for f in validate(nine, ruleset=Ruleset(points=18)).errors]
    ['barracks-max']
    """
    entries = list(enumerate(warband.models))
    return _check(source, warband, warband.faction, entries, complete=True, faction=faction, factions=factions,
                  ruleset=ruleset, out=_Collector(document))


_ALLOWED = {"list": ("name", "faction", "player", "notes", "models"), "model": ("type", "name", "weapons", "equipment", "spice")}


def _schema_message(error: Mapping[str, Any]) -> str:
    loc = tuple(error.get("loc", ()))
    kind = error.get("type", "")
    in_model = len(loc) >= 2 and loc[0] == "models" and isinstance(loc[1], int)
    where = "a model entry" if in_model else "a warband list"
    key = loc[-1] if loc else ""
    if kind == "extra_forbidden":
        allowed = _ALLOWED["model" if in_model else "list"]
        hint = did_you_mean(str(key), allowed)
        return (f"The key '{key}' is not allowed in {where}." + (f" Did you mean '{hint}'?" if hint else "")
                + f" Allowed keys are: {', '.join(allowed)}.")
    if kind == "missing":
        return f"The key '{key}' is required in {where} but missing."
    msg = str(error.get("msg", "Invalid value")).removeprefix("Value error, ")
    value = error.get("input")
    shown = type(value).__name__ if isinstance(value, (dict, list)) else repr(value)
    if kind in ("model_type", "model_attributes_type", "dict_type") and not loc:
        return f"A warband list is a mapping with the keys faction, models and optionally name, player, notes; got {shown}."
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        return f"Each model entry is a mapping with a 'type' key; got {shown}."
    if kind in ("tuple_type", "list_type"):
        return f"'{key}' in {where} must be a list (write [a, b]); got {shown}."
    return f"Invalid '{key}' in {where}: {msg[0].lower() + msg[1:]}; got {shown}."


def check_document(
    doc: Document,
    faction: Faction | None = None,
    ruleset: Ruleset = DEFAULT,
    *,
    factions: Mapping[str, Faction] | None = None,
) -> Report:
    """Check a parsed document: schema problems become ``schema`` findings, then every rule is checked.

    When some model entries are malformed (or of an unknown type), the others are still
    checked; the checks that need every model (barracks minimum, unspent points, unassigned
    spice) are skipped, the others can only get worse with the missing entries (PRJ-66).

    Examples
    --------
    >>> doc = parse_list_document("faction: corrino\\nmodels:\\n  - type: scout\\n    weapon: [laser]\\n  - type: soldeir\\n")
    >>> for f in check_document(doc).errors: print(f.code, f.path, f.line)
    schema models[0].weapon 4
    unknown-type models[1].type 5
    """
    out = _Collector(doc)
    try:
        warband = WarbandList.model_validate(doc.data)
    except ValidationError as exc:
        seen: set[tuple[str, str]] = set()
        for error in exc.errors():
            loc = tuple(error["loc"])
            message = _schema_message(error)
            if (format_path(loc), message) not in seen:
                seen.add((format_path(loc), message))
                out.add("schema", message, loc)
        data = doc.data if isinstance(doc.data, dict) else {}
        faction_id = data.get("faction") if isinstance(data.get("faction"), str) and data.get("faction") else None
        entries: list[tuple[int, ListModel]] = []
        raw = data.get("models")
        if isinstance(raw, list):
            for i, item in enumerate(raw):
                try:
                    entries.append((i, ListModel.model_validate(item)))
                except ValidationError:
                    pass
        return _check(doc.source, None, faction_id, entries, complete=False, faction=faction, factions=factions,
                      ruleset=ruleset, out=out, raw_hash=content_hash(doc.data))
    return _check(doc.source, warband, warband.faction, list(enumerate(warband.models)), complete=True, faction=faction,
                  factions=factions, ruleset=ruleset, out=out)


def check_text(
    text: str,
    source: str = "<text>",
    faction: Faction | None = None,
    ruleset: Ruleset = DEFAULT,
    *,
    factions: Mapping[str, Faction] | None = None,
) -> Report:
    """Parse and check list text; a syntax error is a ``syntax`` finding with its line and column.

    Examples
    --------
    >>> r = check_text("faction: corrino\\nmodels: [type: scout\\n", "bad.yaml")
    >>> r.valid, r.findings[0].code, r.findings[0].line
    (False, 'syntax', 3)
    """
    try:
        doc = parse_list_document(text, source)
    except _SyntaxProblem as exc:
        return _problem_report(source, "syntax", exc.problems[0].message, ruleset, exc.line, exc.column)
    return check_document(doc, faction, ruleset, factions=factions)


def _problem_report(source: str, code: str, message: str, ruleset: Ruleset, line: int | None = None,
                    column: int | None = None) -> Report:
    out = _Collector(None)
    out.add(code, message, line=line, column=column)
    return Report(source, out.findings(), cap=ruleset.points)


def check_file(
    path: str | Path,
    faction: Faction | None = None,
    ruleset: Ruleset = DEFAULT,
    *,
    factions: Mapping[str, Faction] | None = None,
) -> Report:
    """Read and check one list file (YAML or JSON); never raises for bad data.

    Examples
    --------
    >>> check_file("no/such/list.yaml").findings[0].code
    'unreadable'
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = "no such file" if isinstance(exc, FileNotFoundError) else (
            "it is a folder" if isinstance(exc, IsADirectoryError) else str(exc))
        return _problem_report(str(path), "unreadable", f"The file cannot be read: {reason}.", ruleset)
    return check_text(text, str(path), faction, ruleset, factions=factions)


def parse_list(text: str, source: str = "<text>") -> WarbandList:
    """Parse list text into a :class:`WarbandList` (format only, no rule check).

    Raises
    ------
    DataError
        Listing every syntax or schema problem with its key path and line.

    Examples
    --------
    >>> parse_list("faction: corrino\\nmodels:\\n  - {type: scout, spice: one}\\n", "x.yaml")
    Traceback (most recent call last):
    ...
    landsraad.errors.DataError: x.yaml: models[0].spice (line 3, column 19): Invalid 'spice' in a model entry: input should be a valid integer; got 'one'.
    """
    doc = parse_list_document(text, source)
    return _from_document(doc)


def _from_document(doc: Document) -> WarbandList:
    try:
        return WarbandList.model_validate(doc.data)
    except ValidationError as exc:
        problems: list[Problem] = []
        for error in exc.errors():
            problem = Problem(doc.source, doc.locate(error["loc"]), _schema_message(error))
            if problem not in problems:
                problems.append(problem)
        raise DataError(problems) from None


def load_list(path: str | Path) -> WarbandList:
    """Read a list file (YAML or JSON) into a :class:`WarbandList` (format only; see :func:`validate`).

    Examples
    --------
    >>> from landsraad.content import data_dir
    >>> load_list(data_dir("examples") / "lists" / "corrino.yaml").faction
    'corrino'
    """
    return _from_document(read_list_document(path))


@dataclass(frozen=True)
class IntakeNote:
    """A file met while searching a folder that was not read as a list, or read despite its name.

    ``read`` tells which: a ``.txt`` file holding a list is read (and named, so it can be
    renamed); every other file that is not read is named with the reason.
    """

    path: Path
    read: bool
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"file": str(self.path), "read": self.read, "message": self.message}


def _looks_like_list(path: Path) -> tuple[bool, str]:
    """Whether a ``.txt`` file holds a list (a YAML mapping, or text naming ``faction`` and ``models``)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return False, f"not read: it cannot be read ({getattr(exc, 'strerror', None) or exc})."
    try:
        data = parse_list_document(text, str(path)).data
    except _SyntaxProblem:
        data = None
    lowered = text.casefold()
    if isinstance(data, dict) or ("faction" in lowered and "models" in lowered):
        return True, "read as a list although its name ends in .txt; rename it to .yaml."
    return False, "not read: it ends in .txt and does not hold a list (a mapping with faction and models)."


def scan_list_files(paths: Iterable[str | Path]) -> tuple[list[Path], list[IntakeNote]]:
    """Expand files and folders into list files, and say what was not read.

    Folders are searched recursively: ``*.yaml``, ``*.yml`` and ``*.json`` are lists, and so is
    a ``*.txt`` file holding one; every other file, each hidden file and folder, and each
    ``.txt`` file that is not a list is named in a note with the reason (nothing is skipped
    without a word). A path given directly is always read (checking it reports a missing or
    unreadable file).

    Returns
    -------
    tuple
        ``(files, notes)``: files in order (as given, each folder's sorted), notes in the same order.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> for name, text in [("a.yaml", "faction: corrino"), ("b.txt", "faction: fremen\\nmodels: []"), ("c.docx", "x")]:
    ...     _ = (folder / name).write_text(text)
    >>> files, notes = scan_list_files([folder])
    >>> [f.name for f in files], [(n.path.name, n.read) for n in notes]
    (['a.yaml', 'b.txt'], [('b.txt', True), ('c.docx', False)])
    """
    out: list[Path] = []
    notes: list[IntakeNote] = []
    for raw in paths:
        p = Path(raw)
        if not p.is_dir():
            out.append(p)
            continue
        found: list[Path] = []
        for root, dirs, files in os.walk(p):
            for d in sorted(d for d in dirs if d.startswith(".")):
                notes.append(IntakeNote(Path(root) / d, False, "not searched: a hidden folder."))
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            found += [Path(root) / f for f in files]
        for f in sorted(found):
            suffix = f.suffix.lower()
            if f.name.startswith("."):
                notes.append(IntakeNote(f, False, "not read: a hidden file."))
            elif suffix in LIST_SUFFIXES:
                out.append(f)
            elif suffix == TEXT_SUFFIX:
                is_list, why = _looks_like_list(f)
                notes.append(IntakeNote(f, is_list, why))
                if is_list:
                    out.append(f)
            else:
                notes.append(IntakeNote(f, False, "not read: only .yaml, .yml and .json files (and .txt files holding a "
                                                  "list) are read as lists."))
    return list(dict.fromkeys(out)), notes


def find_list_files(paths: Iterable[str | Path]) -> list[Path]:
    """The list files of :func:`scan_list_files` (without its notes).

    Examples
    --------
    >>> any(p.name == "corrino.yaml" for p in find_list_files([data_dir("examples") / "lists"]))
    True
    """
    return scan_list_files(paths)[0]


def resolve_models(
    warband: WarbandList,
    faction: Faction | None = None,
    ruleset: Ruleset = DEFAULT,
    *,
    factions: Mapping[str, Faction] | None = None,
) -> tuple[RecruitedModel, ...]:
    """The list's models resolved for deployment: effective card, carried weapons, equipment, spice.

    Raises
    ------
    DataError
        If the list is not valid, listing every error.

    Examples
    --------
    >>> team = parse_list("faction: corrino\\nmodels:\\n  - type: master_assassin\\n  - {type: soldier, weapons: [halberd], spice: 2}\\n")
    >>> soldier = resolve_models(team)[1]
    >>> soldier.label, soldier.profile.cost, soldier.profile.armour, [w.id for w in soldier.weapons], soldier.spice
    ('Soldier', 2, 3, ['sardaukar_lance', 'knife', 'halberd'], 2)
    """
    report = validate(warband, faction, ruleset, factions=factions)
    report.raise_for_errors()
    return report.models
