"""Shared checks for the special-rule tests: rule IDs known to the rules digest and rulings."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from landsraad.specials import HOOK_POINTS

REPO = Path(__file__).resolve().parents[2]
RULINGS_DIGEST = REPO.parent / "shared" / "rules" / "RULINGS.md"
PROJECT_RULINGS = REPO / "docs" / "rulings.md"

_ID = re.compile(r"\b(R-[A-Z][A-Z-]*[A-Z]|RUL-\d\d|PRJ-\d\d)\b")


@lru_cache(maxsize=None)
def known_rule_ids() -> frozenset[str] | None:
    """Every rule ID defined in RULINGS.md and docs/rulings.md (None if the digest is not beside the repo)."""
    if not RULINGS_DIGEST.is_file():
        return None
    text = RULINGS_DIGEST.read_text(encoding="utf-8") + PROJECT_RULINGS.read_text(encoding="utf-8")
    return frozenset(_ID.findall(text))


def hook_kind(point: str) -> type:
    """``bool`` for flag hook points, ``int`` for the others (HOOK_POINTS says which)."""
    return bool if HOOK_POINTS[point].startswith("bool") else int
