"""The facts of the bundled faction sheets and terrain kits a scene's models and pieces read, for the lean
reading of scene files (:mod:`landsraad.scene_lean`, issue 39's start-up budget): each profile card's base,
height, Movement (the faction's modifiers applied) and the weapons a model of it may carry, each kit piece's footprint, height, movement
and French name, and
the SHA-256 of the sheet or kit file they were validated from; and each weapon's French name by its
English one, for the table's answers in French.

:func:`build` validates every bundled sheet and kit (pydantic, the data model) and writes what the lean
reading needs; :data:`PATH` holds the result, shipped with the package. The lean reading uses a sheet's
or kit's facts only while the file's bytes have that SHA-256 (an edited sheet is validated again, as
before), so a scene naming it is answered as the validating loader would answer it.
``tests/table/test_leandata.py`` checks that :data:`PATH` is what :func:`build` gives; after editing a
sheet or a kit run ``python -m landsraad.table.leandata`` to write it again.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

from ..content import data_dir, faction_ids, load_faction
from ..fileio import atomic_write_text
from ..kits import kit_ids, load_kit
from ..scene import arsenal
from .boards import LEAN_DATA_FORMAT, LEAN_DATA_PATH

__all__ = ["PATH", "build", "main"]

PATH = LEAN_DATA_PATH
"""The shipped facts (JSON)."""


def _sha(path: Any) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build() -> dict[str, Any]:
    """The facts of every bundled faction sheet and kit, validated now."""
    factions: dict[str, Any] = {}
    for fid in faction_ids():
        sheet = load_faction(fid)
        cards = {}
        for p in sheet.profiles:
            card = sheet.profile(p.id)
            cards[p.id] = [float(card.base_mm), None if card.height_cm is None else float(card.height_cm), float(card.movement),
                           list(arsenal(sheet, card))]
        factions[fid] = {"sha256": _sha(data_dir("factions") / f"{fid}.yaml"), "profiles": cards}
    kits: dict[str, Any] = {}
    for kid in kit_ids():
        kit = load_kit(kid)
        kits[kid] = {"sha256": _sha(data_dir("scenes") / "kits" / f"{kid}.yaml"),
                     "pieces": {p.id: [[list(map(float, c)) for c in p.polygon], float(p.height), p.movement, p.name_fr]
                                for p in kit.pieces}}
    french: dict[str, str | None] = {}
    for fid in faction_ids():
        for w in load_faction(fid).weapons:
            if w.name_fr is not None:
                french[w.name] = w.name_fr if french.get(w.name, w.name_fr) == w.name_fr else None  # two French names: neither
    return {"format": LEAN_DATA_FORMAT, "factions": factions, "kits": kits,
            "weapon_names_fr": {k: v for k, v in sorted(french.items()) if v is not None}}


def main(argv: list[str] | None = None) -> int:
    """Write :data:`PATH` again from the bundled sheets and kits."""
    atomic_write_text(PATH, json.dumps(build(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
