"""Lists as text: the paste-ready form players share in chats and e-mails, and its reader.

The text form (what ``landsraad roster LIST --format text`` prints)::

    # Imperial strike team - House Corrino - 15 / 15 points
    name: Imperial strike team
    player: Ana
    faction: House Corrino
    1. Master Assassin "Hasimir" - 4 pts
    2. Soldier "Bashar Kreshek"; weapons: Halberd; spice: 1 - 2 pts
    5. Specialist; weapons: Paired weapons; equipment: Explosives; spice: 1 - 3 pts
    total: 15 / 15 points

One line a model: its type, its name in double quotes if it has one, then ``;``-separated
gear (``weapons:``, ``equipment:``, ``spice:``), then its cost. Reading is forgiving as the
YAML form is: names in any case or accents, French names, a bullet (``-``, ``*``) or a
number or nothing before the type, ``3x Soldier`` for three models, the cost and ``total:``
ignored (the validator counts them again), ``#`` comments, and before the ``faction:`` line
any line without a bullet or number (a greeting, a title). :func:`parse_text_list` gives a
located :class:`~landsraad.content.Document`, so the validator's findings name the line.

Examples
--------
>>> doc = parse_text_list("faction: corrino\\n2x Soldier; weapons: laser\\n- Scout \\"Kel\\" (2 pts)\\n", "x.txt")
>>> doc.data["models"]
[{'type': 'Soldier', 'weapons': ['laser']}, {'type': 'Soldier', 'weapons': ['laser']}, {'type': 'Scout', 'name': 'Kel'}]
>>> doc.positions[("models", 2)]
(3, 1)
>>> is_text_list("Hello, I bring my Fremen on Saturday."), is_text_list("faction: fremen\\n1. Naib")
(False, True)
"""

from __future__ import annotations

import json
import re
from typing import Any, Mapping

from ..content import Document
from ..errors import DataError, Problem
from ..i18n import gettext, message
from ..model import Faction
from .index import _index
from .names import _lookup, _resolve_faction_id
from .report import Report

__all__ = ["render_list_text", "parse_text_list", "is_text_list", "NOT_A_LIST"]

NOT_A_LIST = message("This file is not a list (no faction: or models:). A list names its faction on a `faction:` line and its "
                     "models (YAML: `landsraad schema list`; text: what `landsraad roster LIST --format text` prints).")
"""The sentence for a file that holds no list at all (prose, a photo's text...)."""

_FACTION_LINE = re.compile(r"^\s*faction\s*:", re.IGNORECASE | re.MULTILINE)
_HEADER = re.compile(r"^\s*(name|player|faction|notes|total)\s*:\s*(.*?)\s*$", re.IGNORECASE)
_COST = re.compile(r"\s*(?:[-\u2013\u2014]\s*(\d+)\s*(?:pts?|points?)\.?|\(\s*(\d+)\s*(?:pts?|points?)\s*\))\s*$", re.IGNORECASE)
_LEAD = re.compile(r"^\s*(?:\d+\s*[.)]|[-*\u2022])?\s*(?:(\d+)\s*[x\u00d7]\s+)?", re.IGNORECASE)
_BULLET = re.compile(r"^\s*(?:\d+\s*[.)]|[-*\u2022]|\d+\s*[x\u00d7]\s)", re.IGNORECASE)
_NAME = re.compile(r'"((?:[^"\\]|\\.)*)"')
_GEAR = {"weapons": "weapons", "weapon": "weapons", "armes": "weapons", "arme": "weapons",
         "equipment": "equipment", "equipement": "equipment", "équipement": "equipment", "spice": "spice", "epice": "spice",
         "épice": "spice"}

MAX_COUNT = 100
"""The largest ``Nx`` multiplier read (a barracks allows far fewer; this bounds a hostile file)."""


def is_text_list(text: str) -> bool:
    """Whether ``text`` has a ``faction:`` line, the mark of a list in the text form (or a broken YAML one)."""
    return _FACTION_LINE.search(text) is not None


def _value(text: str) -> str:
    """A header value: JSON-quoted when it must be (line breaks, surrounding spaces, a leading quote)."""
    if text != text.strip() or "\n" in text or "\r" in text or text.startswith('"'):
        return json.dumps(text, ensure_ascii=False)
    return text


def _read_value(text: str) -> str:
    if text.startswith('"'):
        try:
            value = json.loads(text)
        except json.JSONDecodeError:
            return text
        return value if isinstance(value, str) else text
    return text


def _shown(ident: str, name: str, names: Mapping[str, str]) -> str:
    """The sheet's name for an id when it reads back as that id (and holds no separator), else the id."""
    return name if _lookup(name, names) == ident and not any(c in name for c in ',;"#') else ident


def render_list_text(report: Report) -> str:
    """The text form of a checked list (the report must know its sheet and list).

    Names are the sheet's (``Master Assassin``, ``Halberd``) wherever they read back to the
    same id, ids otherwise; so :func:`parse_text_list` then the validator give back the same
    list (the same :func:`~landsraad.warband.list_hash`).

    Raises
    ------
    DataError
        For a report without a sheet or a list (an unknown faction, an unreadable file).
    """
    if report.sheet is None or report.warband is None:
        raise DataError([Problem(report.source, "", gettext("A list's text form needs a readable list whose faction is known."))])
    sheet: Faction = report.sheet
    idx = _index(sheet)
    w = report.warband
    costs = {c.index: c.total for c in report.breakdown}
    weapon_names = {x.id: x.name for x in sheet.weapons}
    equipment_names = {x.id: x.name for x in sheet.rare_equipment}
    faction = sheet.name if _resolve_faction_id(sheet.name, {sheet.id: sheet}, sheet) == sheet.id else sheet.id
    title = " ".join((w.name or "Warband").split())
    out = [f"# {title} - {sheet.name} - {report.points} / {report.cap} points"]
    if w.name:
        out.append(f"name: {_value(w.name)}")
    if w.player:
        out.append(f"player: {_value(w.player)}")
    out.append(f"faction: {faction}")
    if w.notes:
        out.append(f"notes: {_value(w.notes)}")
    for i, m in enumerate(w.models):
        kind = _shown(m.type, idx.profiles[m.type].name, idx.names["types"]) if m.type in idx.profiles else m.type
        line = f"{i + 1}. {kind}"
        if m.name:
            line += " " + json.dumps(m.name, ensure_ascii=False)
        if m.weapons:
            line += "; weapons: " + ", ".join(_shown(x, weapon_names.get(x, x), idx.names["weapons"]) for x in m.weapons)
        if m.equipment:
            line += "; equipment: " + ", ".join(_shown(x, equipment_names.get(x, x), idx.names["equipment"]) for x in m.equipment)
        if m.spice:
            line += f"; spice: {m.spice}"
        if i in costs:
            line += f" - {costs[i]} pt{'' if costs[i] == 1 else 's'}"
        out.append(line)
    out.append(f"total: {report.points} / {report.cap} points")
    return "\n".join(out) + "\n"


def parse_text_list(text: str, source: str = "<text>") -> Document:
    """Read the text form into a located document (``{"faction", "models": [...], ...}`` with lines).

    Raises
    ------
    DataError
        Listing every line that is neither a header (``name:``, ``player:``, ``faction:``,
        ``notes:``, ``total:``), a comment, nor a model line, with its number.
    """
    data: dict[str, Any] = {}
    positions: dict[tuple[Any, ...], tuple[int, int]] = {(): (1, 1)}
    models: list[dict[str, Any]] = []
    problems: list[Problem] = []
    for number, raw in enumerate(text.replace("\r\n", "\n").split("\n"), 1):  # only \n ends a line (not U+2028)
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        header = _HEADER.match(raw)
        if header:
            key = header[1].casefold()
            if key != "total":
                data[key] = _read_value(header[2])
                positions[(key,)] = (number, 1)
            continue
        if "faction" not in data and not _BULLET.match(raw):
            continue  # before the faction line, an unmarked line is a greeting or a title, not a model
        entry, problem = _model_line(raw)
        if problem:
            problems.append(Problem(source, message("line {line}", line=number), problem))
            continue
        count, model = entry
        if count > MAX_COUNT:
            problems.append(Problem(source, message("line {line}", line=number), message("{count}x is more models than any barracks allows.", count=count)))
            continue
        positions.setdefault(("models",), (number, 1))
        for _ in range(count):
            i = len(models)
            models.append(dict(model))
            positions[("models", i)] = (number, 1)
            for key in model:
                positions[("models", i, key)] = (number, 1)
    if problems:
        raise DataError(problems)
    if models or "models" not in data:
        data["models"] = models
    return Document(source, data, positions)


def _model_line(raw: str) -> tuple[tuple[int, dict[str, Any]], str | None]:
    line = _COST.sub("", raw.rstrip())
    lead = _LEAD.match(line)
    count = int(lead[1]) if lead and lead[1] else 1
    rest = line[lead.end():] if lead else line
    model: dict[str, Any] = {}
    name = _NAME.search(rest)  # the quoted name first: it may hold a ';'
    if name:
        try:
            model_name = json.loads(f'"{name[1]}"')
        except json.JSONDecodeError:
            model_name = name[1]
        rest = rest[:name.start()] + rest[name.end():]
    head, *gear = rest.split(";")
    kind = " ".join(head.split())
    if not kind:
        return (0, {}), message("Expected a model line (a type such as `Soldier`, then `; weapons: ...`); got {line}.", line=repr(raw.strip()[:80]))
    model["type"] = kind
    if name:
        model["name"] = model_name
    for part in gear:
        key, sep, value = part.partition(":")
        field = _GEAR.get(key.strip().casefold())
        if not sep or field is None:
            return (0, {}), message("Unknown part {part} of a model line; a model's gear is `; weapons: A, B`, `; equipment: X` and `; spice: N`.",
                                    part=repr(part.strip()[:60]))
        if field == "spice":
            try:
                model["spice"] = int(value.strip())
            except ValueError:
                return (0, {}), message("spice expects a whole number of doses; got {value}.", value=repr(value.strip()[:40]))
        else:
            model[field] = [v.strip() for v in value.split(",") if v.strip()]
    return (count, model), None
