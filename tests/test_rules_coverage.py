"""Every rule ID of RULINGS.md is documented in docs/rules.md (so a new ID cannot go undocumented).

The digest's IDs (``R-...``) and rulings (``RUL-nn``) are read from the shared RULINGS.md;
each must appear as a row of the coverage table in docs/rules.md, naming an implementation
and tests. The test paths the table names under ``tests/`` must exist.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DOC = REPO / "docs" / "rules.md"


def _rulings() -> Path | None:
    for candidate in (REPO.parent / "shared" / "rules" / "RULINGS.md", REPO / "shared" / "rules" / "RULINGS.md",
                      Path("/work/shared/rules/RULINGS.md")):
        if candidate.is_file():
            return candidate
    return None


ID = re.compile(r"\b(R-[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*|RUL-\d{2})\b")


def rule_ids(text: str) -> list[str]:
    """Rule IDs mentioned in ``text``, in order, without duplicates.

    >>> rule_ids("R-SHOOT and RUL-01; R-FATIGUE-MALUS, RUL-01 again")
    ['R-SHOOT', 'RUL-01', 'R-FATIGUE-MALUS']
    """
    seen: list[str] = []
    for m in ID.finditer(text):
        if m.group(1) not in seen:
            seen.append(m.group(1))
    return seen


def table_rows(text: str) -> dict[str, list[str]]:
    """Coverage table rows: rule ID -> cells."""
    rows: dict[str, list[str]] = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells and ID.fullmatch(cells[0]):
            rows[cells[0]] = cells[1:]
    return rows


def test_rule_id_parser() -> None:
    assert rule_ids("R-TEST-SIMPLE: ... (RUL-01), R-SHOOT-MARKER") == ["R-TEST-SIMPLE", "RUL-01", "R-SHOOT-MARKER"]


@pytest.mark.skipif(_rulings() is None, reason="the shared RULINGS.md is not available in this checkout")
def test_every_rule_id_has_a_coverage_row() -> None:
    rulings = _rulings()
    assert rulings is not None
    ids = rule_ids(rulings.read_text(encoding="utf-8"))
    assert len(ids) >= 40 and "RUL-19" in ids and "R-DISENGAGE" in ids
    rows = table_rows(DOC.read_text(encoding="utf-8"))
    missing = [i for i in ids if i not in rows]
    assert not missing, f"docs/rules.md has no coverage row for {missing}"
    for rule in ids:
        implemented, tested = rows[rule][0], rows[rule][1]
        assert implemented and tested, f"{rule}: the row must name an implementation and tests"


def test_named_test_files_exist() -> None:
    rows = table_rows(DOC.read_text(encoding="utf-8"))
    for rule, cells in rows.items():
        for path in re.findall(r"`([a-z_/]+\.py)(?:::[a-z0-9_]+)?`", cells[1]):
            assert (REPO / "tests" / path).is_file(), f"{rule}: tests/{path} does not exist"


def test_named_tests_exist() -> None:
    """Every ``file.py::test_name`` (or ``::test_name``, same file as before) in the table is a real test."""
    import importlib

    rows = table_rows(DOC.read_text(encoding="utf-8"))
    for rule, cells in rows.items():
        current = None
        for path, name in re.findall(r"`((?:[a-z_]+/)*[a-z_]+\.py)?::([a-z0-9_]+)`", cells[1]):
            current = path or current
            assert current is not None, f"{rule}: '::{name}' follows no test file"
            module = importlib.import_module("tests." + current[:-3].replace("/", "."))
            assert callable(getattr(module, name, None)), f"{rule}: tests/{current}::{name} is not a test"
