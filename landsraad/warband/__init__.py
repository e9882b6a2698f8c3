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

from .files import IntakeNote, find_list_files, scan_list_files
from .index import _index as _index  # the cached index, for tests that check the cache
from .index import faction_hash, spice_pool
from .listformat import LIST_SUFFIXES, ListModel, WarbandList, dump_list, list_hash, list_schema, parse_list_document, read_list_document
from .names import FactionAliases, faction_aliases, normalize_name
from .recruit import resolve_models
from .report import FINDING_CODES, Finding, ModelCost, RecruitedModel, Report, Severity, human_path
from .validator import check_document, check_file, check_text, load_list, parse_list, validate

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
