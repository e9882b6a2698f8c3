"""The validator: every problem of a list against its faction sheet, collected at once (R-RECRUIT, R-FACTION, RUL-14, RUL-15, PRJ-50..69); reading and checking list text and files."""

from __future__ import annotations

import math
import re
from collections import defaultdict
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from pydantic import ValidationError

from ..content import (
    Document,
    content_hash,
    faction_ids,
    format_path,
    load_faction,
    read_text,
)
from ..errors import DataError, Problem, did_you_mean, quoted
from ..i18n import Message, in_languages, lowered, message, nmessage
from ..model import Faction, RareEquipment, Weapon
from ..ruleset import DEFAULT, Ruleset
from .index import SheetIndex, _closest_sheet, _index, spice_pool
from .listformat import ListModel, SyntaxProblem, WarbandList, list_hash, parse_list_document, read_list_document
from .names import _canonical, _resolve_faction_id, _suggest
from .report import FINDING_CODES, Finding, ModelCost, RecruitedModel, Report, human_path
from .sharecode import ShareCodeError, decode_share_code, is_share_code
from .textlist import NOT_A_LIST, is_text_list, parse_text_list

# --- the validator ----------------------------------------------------------------------------

Loc = tuple[Any, ...]


def _listing(names: Iterable[str]) -> Message | str:
    names = [f"'{n}'" for n in names]
    if len(names) <= 1:
        return "".join(names) or message("(none)")
    return message("{items} and {last}", items=", ".join(names[:-1]), last=names[-1])


def _paths(locs: Sequence[Loc]) -> Message | str:
    """``model 3`` or ``models 3, 6 and 9`` (1-based, as a person counts); other places in words."""
    if locs and all(len(loc) >= 2 and loc[0] == "models" and isinstance(loc[1], int) for loc in locs):
        numbers = [str(loc[1] + 1) for loc in locs]
        if len(numbers) == 1:
            return message("model {number}", number=numbers[0])
        return message("models {numbers} and {last}", numbers=", ".join(numbers[:-1]), last=numbers[-1])
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

    def add(self, code: str, text: str, loc: Loc = (), locs: Sequence[Loc] = (), *,
            line: int | None = None, column: int | None = None) -> None:
        severity, rule, _ = FINDING_CODES[code]
        if line is None:
            line, column = self.where(loc)
        paths = tuple(format_path(x) for x in locs) if len(locs) > 1 else ()
        key = tuple((0, x) if isinstance(x, int) else (1, str(x)) for x in loc)
        order = (0 if severity == "error" else 1, line if line is not None else 0, column or 0, key)
        self.items.append((order, Finding(
            code, severity, text, rule, format_path(loc), line, column, paths)))

    def findings(self) -> tuple[Finding, ...]:
        return tuple(f for _, f in sorted(self.items, key=lambda item: item[0]))


def _named(thing: Any) -> Message:
    """A sheet's name (a faction, a profile, a piece of equipment) in the reader's language: ``name_fr`` in French."""
    return in_languages(thing.name, fr=thing.name_fr)


def _who(label: str, loc_list: Sequence[Loc], type_name: str) -> Message:
    """'Hasimir (Master Assassin, models[0])', 'Soldier (models[2])' or 'Soldier (models[2], models[5]) each'."""
    where = _paths(loc_list)
    if len(loc_list) > 1:
        return message("{type} ({where}) each", type=type_name, where=where)
    if label != type_name:
        return message("{label} ({type}, {where})", label=label, type=type_name, where=where)
    return message("{type} ({where})", type=type_name, where=where)


def _labels(entries: Sequence[tuple[int, "ListModel"]], idx: SheetIndex | None) -> dict[int, str]:
    """A unique label per entry: its name, else the card name, numbered when several share it."""
    taken = {e.name.strip().casefold() for _, e in entries if e.name}
    by_type: dict[str, list[int]] = defaultdict(list)
    for i, e in entries:
        if not e.name:
            by_type[e.type].append(i)
    labels: dict[int, str] = {i: e.name.strip() for i, e in entries if e.name}
    for type_id, indices in by_type.items():
        profile = idx.profiles[type_id] if idx and type_id in idx.profiles else None
        base = profile.name if profile is not None else type_id
        base_fr = profile.name_fr if profile is not None else None
        n = 0
        for i in indices:
            while True:
                n += 1
                number = "" if len(indices) == 1 and n == 1 else f" {n}"
                label = base + number
                if label.casefold() not in taken:
                    break
            taken.add(label.casefold())
            # the card's name in the reader's language (Soldat 2); its str, the English, is the label the report keeps
            labels[i] = in_languages(label, fr=base_fr + number if base_fr else None)
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
            out.add("unknown-faction", message("Unknown faction {faction}.", faction=quoted(faction_id)) + _hint(hint)
                    + (message(" The models were checked against {house}'s sheet.", house=_named(sheet)) if sheet is not None else "")
                    + message(" Known factions are: {factions}.", factions=", ".join(known) or message("(none)")), ("faction",))
        elif resolved != sheet.id:
            out.add("faction-mismatch", message("This list is for faction {faction} but was checked against {house} ('{id}').",
                                                faction=quoted(faction_id), house=_named(sheet), id=sheet.id), ("faction",))
        else:
            canonical_id = resolved

    # Names (PRJ-61) and an empty list (PRJ-64) need no faction.
    if complete and not entries:
        out.add("no-models", message("This list recruits no model; a warband needs at least one."), ("models",))
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
            out.add("duplicate-name", message("The name '{name}' is used by {count} models ({where}); each model of a list needs its own name.",
                                              name=shown[key], count=len(locs), where=_paths([loc[:2] for loc in locs])), locs[1], locs)

    if idx is None:
        return Report(source, out.findings(), warband, canonical_id, None, None, hash_of_list, cap, 0, (), ())
    assert sheet is not None
    house = _named(sheet)

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
        cost = ModelCost(i, str(labels[i]), e.type, profile.cost if profile else 0, sw_cost, eq_cost)
        breakdown.append(cost)
        if profile is not None:
            carried = [idx.weapons[w] for w in profile.weapons if w in idx.weapons]
            carried += [w for w in chosen if w.id not in profile.weapons]
            models.append(RecruitedModel(i, str(labels[i]), e.name, e.type, profile, tuple(carried), tuple(chosen),
                                         tuple(items), profile.spice + e.spice, e.spice, cost))

    # Unknown names, each once with a suggestion.
    types = list(idx.barracks)
    for name, locs in unknown_types.items():
        hint = _suggest(name, idx.names["types"], types)
        count = " (" + _paths([loc[:2] for loc in locs]) + ")" if len(locs) > 1 else ""
        out.add("unknown-type", message("Model type {type}{where} is not in {house}'s barracks.", type=quoted(name), where=count, house=house)
                + _hint(hint) + message(" Valid types are: {types}.", types=", ".join(types)), locs[0], locs)
    for name, locs in unknown_weapons.items():
        hint = _suggest(name, {k: v for k, v in idx.names["weapons"].items() if v in choosable}, choosable) or did_you_mean(name, idx.weapons)
        out.add("unknown-weapon", message("Unknown weapon {weapon} for {house}.", weapon=quoted(name), house=house) + _hint(hint)
                + _offers(choosable), locs[0], locs)
    for name, locs in not_in_arsenal.items():
        out.add("weapon-not-in-arsenal", message("{weapon} is not in {house}'s arsenal: a list may choose only common weapons ({common}) "
                                                 "and specialist weapons ({specialist}); profile weapons come with their cards.",
                                                 weapon=quoted(name), house=house, common=", ".join(sorted(idx.common)) or message("none"),
                                                 specialist=", ".join(sorted(idx.specialist)) or message("none")), locs[0], locs)
    for name, locs in unknown_items.items():
        rare = sorted(idx.rare)
        hint = _suggest(name, idx.names["equipment"], rare)
        out.add("unknown-equipment", message("Unknown rare equipment {item} for {house}.", item=quoted(name), house=house) + _hint(hint)
                + _offers(rare), locs[0], locs)

    # Per-model kit problems (RUL-15).
    for (code, type_id, weapons), hits in grouped.items():
        locs = [loc for loc, _ in hits]
        type_name = _named(idx.profiles[type_id])
        who = _who(labels[hits[0][1]], [("models", i) for _, i in hits], type_name)
        n_models = len(hits)  # the verb agrees with the models concerned ("Soldier (models 2 and 3) each carry")
        msg: Message
        if code == "common-weapon-count":
            msg = nmessage("{who} carries {count} common weapons ({weapons}); a model may choose at most one.",
                           "{who} carry {count} common weapons ({weapons}); a model may choose at most one.",
                           n_models, who=who, count=len(weapons), weapons=_listing(weapons))
        elif code == "specialist-weapon-not-specialist":
            msg = nmessage("{who} cannot carry the specialist weapon {weapons}: only a model with the Specialist rule can.",
                           "{who} cannot carry the specialist weapons {weapons}: only a model with the Specialist rule can.",
                           len(weapons), who=who, weapons=_listing(weapons))
        elif code == "specialist-weapon-count":
            msg = nmessage("{who} carries {count} specialist weapons ({weapons}); a Specialist may carry at most one.",
                           "{who} carry {count} specialist weapons ({weapons}); a Specialist may carry at most one.",
                           n_models, who=who, count=len(weapons), weapons=_listing(weapons))
        else:  # weapon-duplicates-profile
            msg = nmessage("{who} already carries '{weapon}' on the profile card; choosing it again adds nothing",
                           "{who} already carry '{weapon}' on the profile card; choosing it again adds nothing",
                           n_models, who=who, weapon=weapons[0])
            extra = idx.specialist[weapons[0]].cost if weapons[0] in idx.specialist else 0
            msg += message(" and still costs {cost} point(s).", cost=extra) if extra else "."
        out.add(code, msg, locs[0], locs)

    # An unknown type's cost and role are unknown: checks that need every model wait for it (PRJ-66).
    complete = complete and bool(entries) and not unknown_types

    # Barracks (R-FACTION, R-RECRUIT).
    for type_id, entry in idx.barracks.items():
        locs = type_locs.get(type_id, [])
        name = _named(idx.profiles[type_id])
        if len(locs) > entry.max:
            out.add("barracks-max", message("{type} is limited to {max} in {house}'s barracks; this list has {count}.",
                                            type=name, max=entry.max, house=house, count=len(locs)), locs[entry.max], locs)
        elif complete and len(locs) < entry.min:
            out.add("barracks-min", message("{house}'s barracks requires at least {min} {type}; this list has {count}.",
                                            house=house, min=entry.min, type=name, count=len(locs)), ("models",))

    # Specialist weapon limits across the warband (RUL-15) and rare equipment pieces (RUL-14).
    for wid, locs in sw_locs.items():
        limit = idx.specialist[wid].limit
        if limit is not None and len(locs) > limit:
            out.add("weapon-limit", message("The specialist weapon '{weapon}' is limited to {limit} in {house}'s arsenal; this list has {count}.",
                                            weapon=wid, limit=limit, house=house, count=len(locs)), locs[limit], locs)
    for eid, locs in item_locs.items():
        item = idx.rare[eid]
        if len(locs) > item.pieces:
            out.add("equipment-pieces", message("{house} has {pieces} piece(s) of {item} ('{id}'); this list takes {count}.",
                                                house=house, pieces=item.pieces, item=_named(item), id=eid, count=len(locs)),
                    locs[item.pieces], locs)

    # Spice (PRJ-60): list doses come from the pool; the card's own are free.
    pool = spice_pool(sheet, ruleset)
    given = sum(n for _, n in spice_locs)
    arrakis = message(" (one more on Arrakis)") if ruleset.arrakis else ""
    if given > pool:
        running, first = 0, spice_locs[0][0]
        for loc, n in spice_locs:
            running += n
            if running > pool:
                first = loc
                break
        out.add("spice-pool", message("This list gives {given} spice doses from {house}'s pool of {pool}{arrakis}.",
                                      given=given, house=house, pool=pool, arrakis=arrakis), first, [loc for loc, _ in spice_locs])
    elif complete and given < pool:
        left = pool - given
        out.add("spice-unassigned", nmessage("{n} of the {pool} spice doses of {house}'s pool{arrakis} is given to no model; they are lost.",
                                             "{n} of the {pool} spice doses of {house}'s pool{arrakis} are given to no model; they are lost.",
                                             left, pool=pool, house=house, arrakis=arrakis), ("models",))

    # Points (R-RECRUIT).
    points = sum(c.total for c in breakdown)
    if points > cap:
        running = 0
        first_loc: Loc = ("models",)
        for c in breakdown:
            running += c.total
            if running > cap:
                first_loc = ("models", c.index)
                break
        out.add("points-over-cap", message("This list costs {points} points; the cap is {cap} ({over} over).",
                                           points=points, cap=cap, over=points - cap), first_loc)
    elif complete and cap - points >= math.ceil(cap / 5):
        out.add("points-unspent", message("This list costs {points} points, leaving {left} of the cap of {cap} unspent.",
                                          points=points, left=cap - points, cap=cap), ("models",))

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


def _hint(hint: str | None) -> Message | str:
    return message(" Did you mean '{hint}'?", hint=hint) if hint else ""


def _offers(ids: Sequence[str]) -> Message:
    return message(" The arsenal offers: {ids}.", ids=", ".join(ids) or message("(nothing)"))


def _schema_message(error: Mapping[str, Any]) -> Message:
    loc = tuple(error.get("loc", ()))
    kind = error.get("type", "")
    in_model = len(loc) >= 2 and loc[0] == "models" and isinstance(loc[1], int)
    where = message("a model entry") if in_model else message("a warband list")
    key = loc[-1] if loc else ""
    if kind == "extra_forbidden":
        allowed = _ALLOWED["model" if in_model else "list"]
        hint = did_you_mean(str(key), allowed)
        return (message("The key {key} is not allowed in {where}.", key=quoted(key), where=where) + _hint(hint)
                + message(" Allowed keys are: {keys}.", keys=", ".join(allowed)))
    if kind == "missing":
        return message("The key {key} is required in {where} but missing.", key=quoted(key), where=where)
    msg = str(error.get("msg", "Invalid value")).removeprefix("Value error, ")
    value = error.get("input")
    shown = type(value).__name__ if isinstance(value, (dict, list)) else repr(value)
    if kind in ("model_type", "model_attributes_type", "dict_type") and not loc:
        return message("A warband list is a mapping with the keys faction, models and optionally name, player, notes; got {value}.", value=shown)
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        return message("Each model entry is a mapping with a 'type' key; got {value}.", value=shown)
    if kind in ("tuple_type", "list_type"):
        return message("'{key}' in {where} must be a list (write [a, b]); got {value}.", key=key, where=where, value=shown)
    # pydantic's own reason stays in its English words
    return message("Invalid '{key}' in {where}: {reason}; got {value}.", key=key, where=where, reason=msg[0].lower() + msg[1:], value=shown)


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
            text = _schema_message(error)
            if (format_path(loc), text) not in seen:
                seen.add((format_path(loc), text))
                out.add("schema", text, loc)
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
    """Parse and check list text in any of its forms; a syntax error is a ``syntax`` finding with its line and column.

    The text is read as a share code when it is one (:mod:`.sharecode`), else as YAML/JSON
    when that gives a mapping, else as the text form (:mod:`.textlist`) when it has a
    ``faction:`` line; anything else (prose, a scalar, a sequence without ``models:``) is a
    ``not-a-list`` finding.

    Examples
    --------
    >>> r = check_text("faction: corrino\\nmodels: [type: scout\\n", "bad.yaml")
    >>> r.valid, r.findings[0].code, r.findings[0].line
    (False, 'syntax', 3)
    >>> check_text("Hi! Here is my list for Saturday, Fremen as usual.", "mail.txt").findings[0].message[:42]
    'This file is not a list (no faction: or mo'
    >>> r = check_text("faction: House Corrino\\n1. Master Assassin - 4 pts\\n2. Scout", "chat.txt")
    >>> r.valid, [m.type for m in r.warband.models]
    (True, ['master_assassin', 'scout'])
    """
    if is_share_code(text):
        try:
            data = decode_share_code(text)
        except ShareCodeError as exc:
            return _problem_report(source, "share-code", exc.args[0] if exc.args else str(exc), ruleset)
        return check_document(Document(source, data, {}), faction, ruleset, factions=factions)
    try:
        doc = parse_list_document(text, source)
    except SyntaxProblem as exc:
        if _MODELS_LINE.search(text):  # YAML that went wrong: its syntax error is the useful answer
            return _problem_report(source, "syntax", exc.problems[0].message, ruleset, exc.line, exc.column)
        if is_text_list(text):
            return _check_text_form(text, source, faction, ruleset, factions)
        return _problem_report(source, "not-a-list", NOT_A_LIST, ruleset)
    if doc.data is not None and not isinstance(doc.data, (dict, list)):  # one scalar: prose, a number
        if is_text_list(text):
            return _check_text_form(text, source, faction, ruleset, factions)
        return _problem_report(source, "not-a-list", NOT_A_LIST, ruleset)
    if isinstance(doc.data, dict) and "models" not in doc.data and is_text_list(text) and (
            any(_MODEL_KEY.match(str(k)) for k in doc.data)  # "1. Soldier; weapons: laser" reads as a YAML key
            or ("total" in doc.data and all(str(k).casefold() in _TEXT_HEADERS for k in doc.data))):
        return _check_text_form(text, source, faction, ruleset, factions)
    if isinstance(doc.data, dict) and _prose(doc.data):
        return _problem_report(source, "not-a-list", NOT_A_LIST, ruleset)
    return check_document(doc, faction, ruleset, factions=factions)


def _prose(data: dict[Any, Any]) -> bool:
    """Whether a mapping is prose that happens to hold a colon: no faction or models key, none close to one, no sequence."""
    keys = [str(k) for k in data]
    if any(k in ("faction", "models") or did_you_mean(k.strip().casefold(), ("faction", "models")) for k in keys):
        return False
    return not any(isinstance(v, (list, dict)) for v in data.values())


_TEXT_HEADERS = ("name", "player", "faction", "notes", "total")

_MODEL_KEY = re.compile(r"\s*(?:\d+\s*[.)]|\d+\s*[x\u00d7]\s|[*\u2022])", re.IGNORECASE)

_MODELS_LINE = re.compile(r"^\s*models\s*:", re.IGNORECASE | re.MULTILINE)


def _check_text_form(text: str, source: str, faction: Faction | None, ruleset: Ruleset,
                     factions: Mapping[str, Faction] | None) -> Report:
    """Check a list in the text form; a line it cannot read is a ``syntax`` finding with its line."""
    try:
        doc = parse_text_list(text, source)
    except DataError as exc:
        out = _Collector(None)
        for problem in exc.problems:
            line = int(problem.where.removeprefix("line ")) if problem.where.startswith("line ") else None
            out.add("syntax", problem.message, line=line, column=1 if line else None)
        return Report(source, out.findings(), cap=ruleset.points)
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

    A ``path`` that is a share code (:func:`~landsraad.warband.sharecode.is_share_code`) and
    no existing file is read as the code, so ``validate LR1-...`` works.

    Examples
    --------
    >>> check_file("no/such/list.yaml").findings[0].code
    'unreadable'
    """
    if is_share_code(str(path)):
        try:
            exists = Path(path).is_file()
        except OSError:  # a long code is no file name a file system allows
            exists = False
        if not exists:
            return check_text(str(path), "share code", faction, ruleset, factions=factions)
    try:
        text = read_text(path)  # bounded: /dev/zero or a 1 GB file is refused after 8 MB
    except DataError as exc:
        first = exc.problems[0]
        reason = lowered(first.message)
        return _problem_report(str(path), "unreadable", message("The file cannot be read: {reason}", reason=reason), ruleset,
                               getattr(exc, "line", None), getattr(exc, "column", None))
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
