"""The type check's settings (pyproject.toml, [tool.mypy]; .ci/run runs `mypy` after the tests).

mypy itself runs in CI, not here (a cold run takes half a minute on two cores); these tests keep
its settings honest: the core packages stay strict, the list of modules still to type names real
modules only, and none of the modules already typed slips back into it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

if sys.version_info < (3, 11):
    pytest.skip("tomllib (reading pyproject.toml) is Python 3.11+", allow_module_level=True)

import tomllib

ROOT = Path(__file__).resolve().parents[1]
CONFIG: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]

STRICT = ["landsraad.geometry.*", "landsraad.rules.*", "landsraad.odds.*", "landsraad.dice", "landsraad.engine.*"]
"""Checked with every flag of ``mypy --strict`` (issue 44)."""

STRICT_FLAGS = {
    "disallow_any_generics": True, "disallow_subclassing_any": True, "disallow_untyped_calls": True,
    "disallow_untyped_defs": True, "disallow_incomplete_defs": True, "check_untyped_defs": True,
    "disallow_untyped_decorators": True, "warn_return_any": True, "implicit_reexport": False,
    "strict_equality": True, "extra_checks": True,
}
"""The per-module flags of ``mypy --strict`` (its global ones, warn_redundant_casts and
warn_unused_ignores, are set for the whole run)."""

TYPED = [
    "landsraad.geometry", "landsraad.rules", "landsraad.odds", "landsraad.dice", "landsraad.warband",
    "landsraad.tournament", "landsraad.houses", "landsraad.balance", "landsraad.missions", "landsraad.specials",
    "landsraad.kits", "landsraad.content", "landsraad.scene", "landsraad.svg", "landsraad.fileio", "landsraad.errors",
    "landsraad.wording", "landsraad.lazy", "landsraad.workers", "landsraad.roster", "landsraad.ruleset", "landsraad.players",
    "landsraad.play", "landsraad.table", "landsraad.viewer", "landsraad.ai", "landsraad.search", "landsraad.cli",
    "landsraad.engine",
]
"""Packages and modules that pass mypy as they are (geometry.movement among them)."""


def _overrides() -> list[dict[str, Any]]:
    return CONFIG.get("overrides", [])


def _modules(override: dict[str, Any]) -> list[str]:
    module = override["module"]
    return [module] if isinstance(module, str) else list(module)


def _ignored() -> list[str]:
    return [m for o in _overrides() if o.get("ignore_errors") for m in _modules(o)]


def test_the_whole_package_is_checked_with_the_pydantic_plugin():
    assert CONFIG["files"] == ["landsraad"]
    assert "pydantic.mypy" in CONFIG["plugins"]
    assert CONFIG["warn_unused_ignores"] and CONFIG["warn_redundant_casts"]


def test_the_core_packages_are_strict():
    strict = [o for o in _overrides() if sorted(_modules(o)) == sorted(STRICT)]
    assert len(strict) == 1, f"one override for {STRICT}"
    assert {k: strict[0].get(k) for k in STRICT_FLAGS} == STRICT_FLAGS


def test_each_module_still_to_type_exists_and_is_listed_once():
    ignored = _ignored()
    assert len(ignored) == len(set(ignored))
    for name in ignored:
        assert "*" not in name, f"{name}: one entry per module, no pattern"
        path = ROOT.joinpath(*name.split("."))
        assert path.with_suffix(".py").is_file() or (path / "__init__.py").is_file(), f"{name} is not a module"


@pytest.mark.parametrize("typed", TYPED)
def test_typed_modules_are_not_ignored(typed):
    slipped = [m for m in _ignored() if m == typed or m.startswith(typed + ".")]
    assert not slipped, f"{slipped} passed mypy already: type the new errors instead of ignoring them"


def test_no_module_is_left_out_of_the_check():
    """Issue 44: mypy clean on the whole package, no module behind ``ignore_errors``."""
    assert _ignored() == []
