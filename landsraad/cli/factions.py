"""``landsraad factions`` and ``landsraad faction NAME``: the bundled faction sheets.

``factions`` lists every bundled faction (id, name, source, Honour, spice doses, number of
model types). ``faction NAME`` prints a whole sheet (R-FACTION): special rules, modifiers,
barracks, arsenal, rare equipment and every profile card (R-PROFILE) with its effective
stats after the faction's modifiers (the Sardaukar rule). ``NAME`` may also be the path of a
faction file (``.yaml``, ``.yml`` or ``.json``), to check a home-made sheet.
``--json`` prints machine-readable output: for ``faction``, the model's dump
(:meth:`pydantic.BaseModel.model_dump`, which validates back into a
:class:`~landsraad.model.Faction`) plus an ``effective_profiles`` key.

An unknown NAME is a :class:`~landsraad.errors.UsageError` (one line with a did-you-mean, exit 2).

Examples
--------
>>> from landsraad.content import load_faction
>>> print(format_weapon_row(load_faction("corrino").weapon("flamethrower")))
Flamethrower*      direct 20   -2      -      (9)     rulebook  rules: flamethrower
>>> format_bonus(2), format_bonus(0), format_bonus(-1)
('+2', '0', '-1')
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..content import faction_ids, load_faction, load_model
from ..errors import UnknownNameError, UsageError
from ..i18n import N_, SOURCE_LANGUAGE, _, language, ngettext
from ..model import Faction, Profile, Weapon, shown_name
from ..specials import SPECIAL_RULES

__all__ = [
    "register",
    "cmd_factions",
    "cmd_faction",
    "resolve_faction",
    "source_text",
    "format_sheet",
    "format_weapon_row",
    "format_bonus",
    "faction_summary",
    "faction_json",
]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``factions`` and ``faction`` commands."""
    p = subparsers.add_parser("factions", help=_("list the bundled factions"), description=_("List the bundled factions."))
    p.add_argument("--json", action="store_true", help=_("machine-readable output"))
    p.set_defaults(func=cmd_factions)
    p = subparsers.add_parser(
        "faction",
        help=_("show a faction sheet with every profile card"),
        description=_("Show a whole faction sheet: rules, barracks, arsenal and every profile card with effective stats."),
    )
    p.add_argument("name", metavar=_("NAME"), help=_("a faction id (see `landsraad factions`) or the path of a faction file"))
    p.add_argument("--json", action="store_true", help=_("dump the faction model as JSON"))
    p.set_defaults(func=cmd_faction)


# --- queries ------------------------------------------------------------------------------


def resolve_faction(name: str) -> Faction:
    """The bundled faction ``name``, or the faction file at path ``name``.

    Raises
    ------
    UsageError
        ``name`` is neither a bundled faction nor an existing file (one line, with a did-you-mean).
    DataError
        The file exists but is not a valid faction sheet.

    Examples
    --------
    >>> resolve_faction("corrino").honour
    3
    >>> resolve_faction("corino")
    Traceback (most recent call last):
    ...
    landsraad.errors.UsageError: Unknown faction 'corino'. Did you mean 'corrino'? Valid factions are: ...
    """
    path = Path(name)
    if path.suffix.lower() in (".yaml", ".yml", ".json") and path.is_file():
        return load_model(Faction, path)
    try:
        return load_faction(name)
    except UnknownNameError as exc:
        raise UsageError(exc.problems[0].message) from None


def faction_summary(faction: Faction) -> dict[str, Any]:
    """One row of ``landsraad factions``.

    Examples
    --------
    >>> faction_summary(load_faction("corrino"))["types"]
    11
    """
    return {
        "id": faction.id,
        "name": faction.name,
        "source": faction.source,
        "honour": faction.honour,
        "spice_doses": faction.spice_doses,
        "types": len(faction.barracks),
    }


def faction_json(faction: Faction) -> dict[str, Any]:
    """The JSON of ``faction --json``: the model's dump plus ``effective_profiles`` (after modifiers).

    Examples
    --------
    >>> data = faction_json(load_faction("corrino"))
    >>> data["effective_profiles"]["soldier"]["combat"], data["profiles"][0]["combat"]
    (2, 1)
    """
    data = faction.model_dump(mode="json")
    data["effective_profiles"] = {p.id: faction.profile(p.id).model_dump(mode="json") for p in faction.profiles}
    return data


# --- formatting ---------------------------------------------------------------------------


def format_bonus(value: int) -> str:
    """A bonus as cards write it: ``+2``, ``0``, ``-1``."""
    return f"{value:+d}" if value else "0"


def _card_bonus(weapon: Weapon, cell: str) -> str:
    """A weapon's Combat or Initiative cell as the card prints it ("0" or "-" for no bonus, as printed)."""
    value = getattr(weapon, cell)
    if value:
        return f"{value:+d}"
    return weapon.printed.get(cell, "-") if weapon.printed.get(cell) in ("0", "-", "+0") else "-"


_SOURCES = {"rulebook": N_("rulebook"), "project": N_("project"), "player": N_("player")}
"""Where a faction, card, weapon or rule comes from (``source:``), as a person reads it; the data keeps the English word."""


_SHIELDS = {"full": N_("full"), "half": N_("half"), "none": N_("none")}
"""A card's shield (``shield:``) as a person reads it."""


def source_text(source: str) -> str:
    """A ``source`` value in the active language (``livre de règles``), anything else as it is."""
    return _(_SOURCES[source]) if source in _SOURCES else source


def _arsenal_name(faction: Faction, weapon_id: str) -> str:
    """A weapon of the arsenal lists: its id in English (as the sheet has always printed it), its French name in French."""
    return weapon_id if language() == SOURCE_LANGUAGE else faction.weapon(weapon_id).display_name()


def _rule_line(name: str) -> str:
    rule = SPECIAL_RULES.get(name)
    return _("{title} ({name}, {source}): {summary}").format(title=_(rule.title), name=name, source=source_text(rule.source),
                                                             summary=_(rule.summary))


def format_weapon_row(weapon: Weapon) -> str:
    """One line of a weapon table: name, range or template, Combat, Initiative, damage, source, notes."""
    if weapon.template is not None and weapon.range is None:
        reach = str(weapon.template)
    elif weapon.range is not None:
        reach = f"{weapon.range:g}" + (f" {weapon.template}" if weapon.template is not None else "")
    else:
        reach = "-"
    notes: list[str] = []
    if weapon.defence:
        notes.append(_("defence {bonus}").format(bonus=f"{weapon.defence:+d}"))
    if weapon.explosive:
        notes.append(_("explosive"))
    if weapon.laser:
        notes.append(_("laser"))
    if weapon.poisons:
        notes.append(_("poisons: {names}").format(names=", ".join(str(p) for p in weapon.poisons)))
    if weapon.special_rules:
        notes.append(_("rules: {names}").format(names=", ".join(weapon.special_rules)))
    row = (f"{weapon.display_name():<18} {reach:<11} {_card_bonus(weapon, 'combat'):<7} {_card_bonus(weapon, 'initiative'):<6}"
           f" {weapon.damage:<7} {source_text(weapon.source):<9}")
    return (row + "  " + "; ".join(notes)).rstrip() if notes else row.rstrip()


def _weapon_header() -> str:
    """The weapon table's header, in the reader's language."""
    heads = (_("Weapon"), _("Range"), _("Combat"), _("Init"), _("Damage"), _("Source"))
    return f"{heads[0]:<18} {heads[1]:<11} {heads[2]:<7} {heads[3]:<6} {heads[4]:<7} {heads[5]:<9}".rstrip()


def _points(cost: int) -> str:
    return ngettext("{n} pt", "{n} pts", cost).format(n=cost)


def _profile_lines(faction: Faction, card: Profile) -> list[str]:
    eff = faction.profile(card.id)
    armour = _(" Armour {armour}").format(armour=eff.armour) if eff.armour else ""
    lines = [
        f"{eff.display_name()} ({eff.cost}) [{eff.id}, {source_text(eff.source)}]",
        f"  M{eff.movement:g} C{format_bonus(eff.combat)} R{format_bonus(eff.reflexes)} E{eff.endurance}{armour}"
        + _(" | shield: {shield} | spice: {spice}").format(shield=_(_SHIELDS[eff.shield]) if eff.shield in _SHIELDS else eff.shield, spice=eff.spice),
    ]
    if eff != card:
        mods = [m.rule for m in faction.modifiers if card.id in m.types]
        lines.append(_("  (card as printed: cost {cost}, {stats}; modified by {rules})").format(
            cost=card.cost, stats=f"C{format_bonus(card.combat)} R{format_bonus(card.reflexes)}"
            + (_(" Armour {armour}").format(armour=card.armour) if card.armour else ""), rules=", ".join(mods)))
    if eff.weapons:
        lines.append("  " + _weapon_header())
        lines.extend("  " + format_weapon_row(faction.weapon(w)) for w in eff.weapons)
    if eff.poisons:
        lines.append(_("  Poisons: {names}").format(names=", ".join(str(p) for p in eff.poisons)))
    if eff.keywords:
        lines.append(_("  Keywords: {names}").format(names=", ".join(eff.keywords)))
    for name in eff.special_rules:
        lines.append("  - " + _rule_line(name))
    if eff.text:
        lines.append("  " + shown_name(eff.text, eff.text_fr))  # the card's notes: text_fr in French
    return lines


def format_sheet(faction: Faction) -> str:
    """The whole sheet as readable text (R-FACTION, R-PROFILE).

    Examples
    --------
    >>> text = format_sheet(load_faction("corrino"))
    >>> text.splitlines()[0]
    'House Corrino (corrino) - source: rulebook'
    >>> "Soldier (2) [soldier, project]" in text and "M10 C+2 R+1 E3 Armour 3" in text
    True
    """
    spice = SPECIAL_RULES.get(faction.spice_effect)
    out = [
        _("{name} ({id}) - source: {source}").format(name=faction.display_name(), id=faction.id, source=source_text(faction.source)),
        _("Honour {honour} | Spice {doses} doses - {title} ({rule}): {summary}").format(
            honour=faction.honour, doses=faction.spice_doses, title=_(spice.title), rule=spice.name, summary=_(spice.summary)),
    ]
    if faction.text:
        out.append(shown_name(faction.text, faction.text_fr))  # the house's description: text_fr in French
    out.append("")
    out.append(_("Special rules"))
    out.extend("  - " + _rule_line(n) for n in faction.special_rules)
    if not faction.special_rules:
        out.append(_("  (none)"))
    for m in faction.modifiers:
        parts = [_("cost {bonus}").format(bonus=f"{m.cost:+d}") if m.cost else "",
                 _("Combat {bonus}").format(bonus=f"{m.combat:+d}") if m.combat else "",
                 _("Reflexes {bonus}").format(bonus=f"{m.reflexes:+d}") if m.reflexes else "",
                 _("Armour {armour}").format(armour=m.armour) if m.armour else ""]
        out.append(_("  * {rule} applies to {types}: {changes}").format(
            rule=m.rule, types=", ".join(m.types), changes=", ".join(p for p in parts if p)))
    out.append("")
    out.append(_("Barracks"))
    for b in faction.barracks:
        p = faction.profile(b.type)
        out.append(f"  {p.display_name():<22} {b.min}-{b.max:<4} {_points(p.cost)}")
    out.append("")
    out.append(_("Arsenal"))
    out.append(_("  Common weapons (free, at most one per model): {weapons}").format(
        weapons=", ".join(_arsenal_name(faction, w) for w in faction.common_weapons) or _("(none)")))
    if faction.specialist_weapons:
        out.append(_("  Specialist weapons (Specialists only, at most one each):"))
        for s in faction.specialist_weapons:
            limit = _("at most {limit} in the warband").format(limit=s.limit) if s.limit else _("no warband limit")
            out.append(f"    {_arsenal_name(faction, s.weapon)}: {_points(s.cost)}, {limit}")
    out.append("  " + _weapon_header())
    out.extend("  " + format_weapon_row(w) for w in faction.weapons)
    out.append("")
    out.append(_("Rare equipment"))
    for e in faction.rare_equipment:
        pieces = ngettext("{n} piece", "{n} pieces", e.pieces).format(n=e.pieces)
        out.append(f"  {e.display_name()} [{e.id}, {source_text(e.source)}]: {pieces}, {_points(e.cost)}")
        out.append("    " + _rule_line(e.effect))
    if not faction.rare_equipment:
        out.append(_("  (none)"))
    out.append("")
    out.append(_("Profiles (effective stats, after the faction's modifiers)"))
    for card in faction.profiles:
        out.append("")
        out.extend(_profile_lines(faction, card))
    return "\n".join(out)


# --- commands -----------------------------------------------------------------------------


def cmd_factions(args: argparse.Namespace) -> int:
    """``landsraad factions``: the table of bundled factions."""
    rows = [faction_summary(load_faction(fid)) for fid in faction_ids()]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    heads = (_("id"), _("name"), _("source"), _("honour"), _("spice"), _("types"))
    # the name and source in the reader's language (the JSON keeps the English); the column as wide as its words
    shown = {r["id"]: (load_faction(r["id"]).display_name(), source_text(r["source"])) for r in rows}
    wide = max(9, *(len(source) for _name, source in shown.values()))
    print(f"{heads[0]:<12} {heads[1]:<20} {heads[2]:<{wide}} {heads[3]:>6} {heads[4]:>5} {heads[5]:>5}")
    for r in rows:
        name, source = shown[r["id"]]
        print(f"{r['id']:<12} {name:<20} {source:<{wide}} {r['honour']:>6} {r['spice_doses']:>5} {r['types']:>5}")
    return 0


def cmd_faction(args: argparse.Namespace) -> int:
    """``landsraad faction NAME``: the whole sheet."""
    faction = resolve_faction(args.name)
    if args.json:
        print(json.dumps(faction_json(faction), indent=2))
    else:
        print(format_sheet(faction))
    return 0
