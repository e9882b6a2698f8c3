"""``landsraad house price FILE [--json]`` and ``landsraad house new NAME``: Minor Houses.

``price`` checks a faction sheet against the Minor House menu (a bundled Great House is priced
without the menu check) and prices every profile card and option with the cost model fitted
to the bundled sheets (docs/minor-houses.md). ``new`` writes a starter house file and a legal
starter list for it.

Exit status: 0 priced (disagreements are reported, not errors); 1 a bad house file; 2 bad usage.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..content import faction_ids, load_faction, parse_document, read_document
from ..errors import UsageError, truncate
from ..fileio import OutputPathError, atomic_write_text, check_input_file, check_output_path, path_kind
from ..houses import cost_model, house_from_document, house_id, price_faction, starter_house_text, starter_list_text
from ..i18n import N_, SOURCE_LANGUAGE, _, decimal, language, message, numeral, pgettext
from ..model import Faction
from .factions import source_text

__all__ = ["register", "cmd_price", "cmd_new"]


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``house`` command group."""
    house = sub.add_parser("house", help=_("Minor Houses: price a house sheet, write a starter house"))
    hsub = house.add_subparsers(dest="house_command", metavar=_("SUBCOMMAND"))
    price = hsub.add_parser("price", help=_("check a house sheet and price every profile and option"))
    price.add_argument("file", help=_("a faction sheet (YAML/JSON) or a bundled faction id"))
    price.add_argument("--json", action="store_true", help=_("print JSON"))
    price.set_defaults(func=cmd_price)
    new = hsub.add_parser("new", help=_("write a starter Minor House and a starter list"))
    new.add_argument("name", help=_("the house's name, such as 'House Ecaz'"))
    new.add_argument("--out", metavar=_("FILE"), help=_("the house file (default: ID.yaml in the current folder)"))
    new.add_argument("--list", metavar=_("FILE"), dest="list_file", help=_("the starter list (default: ID-list.yaml)"))
    new.set_defaults(func=cmd_new)
    house.set_defaults(func=lambda args: (house.print_help(), 2)[1])


_ITEM_KINDS = {"profile": N_("profile"), "specialist weapon": N_("specialist weapon"), "rare equipment": N_("rare equipment"),
               "common weapon": N_("common weapon")}
"""The kinds of priced items, for the table (English ids from :mod:`landsraad.houses`)."""

_FEATURES = {"intercept": N_("base cost"), "combat": N_("Combat"), "reflexes": N_("Reflexes"),
             "endurance_over_3": N_("Endurance over 3"), "movement_over_10": N_("Movement over 10"), "shield": N_("Shield"),
             "spice_and_poisons": N_("spice and poisons"), "special_rules": N_("special rules"), "ranged_weapon": N_("ranged weapon")}
"""The cost model's terms (:data:`landsraad.houses.pricing.FEATURES`) as a reader outside English sees them; English
keeps the ids, as it always printed them."""


def _item_name(faction: Faction, kind: str, item_id: str) -> str:
    """A priced item as the reader sees it: its sheet's name in the active language (``Mitrailleuse``), else its id."""
    found: Any = None
    if kind == "profile":
        found = next((p for p in faction.profiles if p.id == item_id), None)
    elif kind in ("specialist weapon", "common weapon"):
        found = next((w for w in faction.weapons if w.id == item_id), None)
    elif kind == "rare equipment":
        found = next((r for r in faction.rare_equipment if r.id == item_id), None)
    return found.display_name() if found is not None else item_id


def cmd_price(args: argparse.Namespace) -> int:
    """Print the priced sheet."""
    path = Path(args.file)
    kind = path_kind(path)
    if kind == "file":
        faction = house_from_document(read_document(path))
    elif kind == "missing" and args.file in faction_ids():
        faction = load_faction(args.file)
    elif kind == "missing":
        raise UsageError(message('house price: no such file or bundled faction {file!r}.', file=truncate(args.file, 200)))
    else:  # a folder, a named pipe, a device, a name too long: one sentence, at once
        faction = house_from_document(read_document(check_input_file(path, what="house price")))
    pricing = price_faction(faction)
    if args.json:
        print(json.dumps(pricing.to_dict(), indent=2))
        return 0
    english = language() == SOURCE_LANGUAGE
    print(_("{name} ({id}, source: {source})").format(name=faction.name if english else faction.display_name(), id=faction.id,
                                                     source=faction.source if english else source_text(faction.source)))
    heads = (_("item"), _("sheet"), pgettext("the cost model's price", "model"), _("fitted"))
    print(f"  {heads[0]:<34} {heads[1]:>5} {heads[2]:>5}  {heads[3]}")
    for item in pricing.items:
        mark = "" if item.agrees else _("   <- differs")
        raw = decimal(f"{item.raw:6.2f}") if item.raw is not None else "     -"
        shown = item.id if english else _item_name(faction, item.kind, item.id)
        label = _(_ITEM_KINDS[item.kind]) + " " + shown if item.kind in _ITEM_KINDS else f"{item.kind} {shown}"
        print(f"  {label:<34} {item.printed:>5} {item.priced:>5}  {raw}{mark}")
    differs = sum(not i.agrees for i in pricing.items)
    print(_("{items} item(s) priced, {differs} differ from the sheet. Model: {terms}").format(
        items=len(pricing.items), differs=differs,
        terms=", ".join(f"{k if english else _(_FEATURES.get(k, k))} {decimal(format(v, '+.3f'))}"
                        for k, v in cost_model().to_dict().items())))
    return 0


def _holds(path: Path, content: str) -> bool:
    """Whether ``path`` is a regular file holding exactly ``content``."""
    if path_kind(path) != "file":
        return False
    try:
        return path.read_bytes() == content.encode("utf-8")
    except OSError:
        return False


def cmd_new(args: argparse.Namespace) -> int:
    """Write the starter house and list."""
    ident = house_id(args.name)
    if len(ident.encode("utf-8")) > 100:  # it names the files and the faction: a file name has at most 255 bytes
        raise UsageError(message('house new: the name {name!r} is too long for a house (its id would be {size} bytes; at most 100).', name=truncate(args.name), size=numeral(len(ident.encode('utf-8')), ',')))
    house_path = check_output_path(args.out or f"{ident}.yaml", what="--out")
    list_path = check_output_path(args.list_file or f"{ident}-list.yaml", what="--list")
    text = starter_house_text(args.name, str(house_path))
    faction = house_from_document(parse_document(text, str(house_path)))
    list_text = starter_list_text(faction)
    present = [(p, content) for p, content in ((house_path, text), (list_path, list_text)) if path_kind(p) != "missing"]
    for p, content in present:
        # One file alone holding exactly what would be written is this command's own (a run killed
        # between its two writes left the house alone): the run completes it. Anything else stays.
        if len(present) == 2 or not _holds(p, content):
            raise UsageError(message('house new: {p!r} already exists; choose another name or remove it.', p=truncate(str(p), 200)))
    atomic_write_text(house_path, text)
    try:
        atomic_write_text(list_path, list_text)
    except OutputPathError:
        # Both files or neither: a house file alone would make the re-run refuse ("already exists").
        house_path.unlink(missing_ok=True)
        raise
    print(_("Wrote {house} (house {id!r}) and {list} (a legal starter list).").format(house=house_path, id=faction.id, list=list_path))
    print(_("Next: landsraad house price {house}; landsraad validate --faction-file {house} {list}").format(house=house_path,
                                                                                                          list=list_path))
    return 0
