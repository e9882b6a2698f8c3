"""What validation reports: findings with code, severity, path, line and rule; model costs; recruited models; the report of one list."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from ..errors import DataError, Problem
from ..i18n import N_, gettext, localized
from ..model import Faction, Profile, RareEquipment, Weapon
from .listformat import WarbandList

# --- findings ---------------------------------------------------------------------------------

Severity = Literal["error", "warning"]

FINDING_CODES: dict[str, tuple[Severity, str | None, str]] = {
    "unreadable": ("error", None, "The file cannot be read."),
    "syntax": ("error", None, "The file is not valid YAML or JSON, nor a list in the text form."),
    "not-a-list": ("error", None, "The file holds no list at all (no faction: or models:)."),
    "share-code": ("error", None, "A share code that does not read back (its check fails, or it holds no list)."),
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

    @property
    def text(self) -> str:
        """The message in the active language (``message`` itself is English, as JSON gives it)."""
        return localized(self.message)

    def __str__(self) -> str:
        """The finding in the active language: severity, place, line, message, code and rule."""
        where = place(self.path)
        if self.line is not None:
            where = gettext("{where} (line {line})").format(where=where, line=self.line) if where else \
                gettext("line {line}").format(line=self.line)
        tag = self.code + (f", {self.rule}" if self.rule else "")
        severity = gettext(SEVERITY_WORDS[self.severity])
        if where:
            return gettext("{severity}: {where}: {message} [{tag}]").format(severity=severity, where=where, message=self.text, tag=tag)
        return gettext("{severity}: {message} [{tag}]").format(severity=severity, message=self.text, tag=tag)


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


SEVERITY_WORDS: dict[str, str] = {"error": N_("error"), "warning": N_("warning")}
"""Each severity as a person reads it (translated where shown; the JSON keeps the code)."""

COUNTED_WORDS: dict[str, str] = {"models": N_("model"), "weapons": N_("weapon"), "equipment": N_("equipment")}
"""An indexed key of a path as a person reads it (``model 9``), in the reader's language (:func:`place`)."""

PATH_WORDS: dict[str, str] = {
    "models": N_("models"), "weapons": N_("weapons"), "equipment": N_("equipment"), "type": N_("type"), "name": N_("name"),
    "spice": N_("spice"), "faction": N_("faction"), "player": N_("player"), "notes": N_("notes"),
}
"""The other keys of a path in the reader's language (:func:`place`); the keys themselves stay English in files."""


def place(path: str) -> str:
    """A key path as a person counts, in the active language (:func:`human_path` is always English, as JSON gives it).

    Examples
    --------
    >>> from landsraad.i18n import use_language
    >>> with use_language("fr"):
    ...     print(place("models[8].weapons[0]"), "/", place("models[2].spice"))
    figurine 9, arme 1 / figurine 3, épice
    """
    def one(m: re.Match[str]) -> str:
        word = m[1]
        return f"{gettext(COUNTED_WORDS[word]) if word in COUNTED_WORDS else word} {int(m[2]) + 1}"

    def key(m: re.Match[str]) -> str:
        return gettext(PATH_WORDS[m[0]]) if m[0] in PATH_WORDS else m[0]

    counted = re.sub(r"([A-Za-z_]+)\[(\d+)\]", one, path)
    return ", ".join(re.sub(r"^[A-Za-z_]+$", key, part) for part in counted.split("."))


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
