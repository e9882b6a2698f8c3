"""Golden scenarios: every worked example of the rulebook, one YAML file each in tests/golden/.

Each file holds the example's inputs and the expected outcome worked out by hand from the
rulebook text (the file's ``doc`` says how, and which figures the example does not give).
Each file becomes one test named after it (``test_<name>``), so a failure names the example;
the range-band list of shooting example 1 is a parametrised test.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest
import yaml

from landsraad.model import Weapon
from landsraad.rules.melee import resolve_melee
from landsraad.rules.shooting import range_modifier, resolve_shot
from landsraad.rules.state import Combatant
from landsraad.rules.wounds import wound_result

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
KINDS = ("melee", "shoot", "range_bands", "wound")


def load_cases() -> list[dict[str, Any]]:
    return [yaml.safe_load(p.read_text(encoding="utf-8")) | {"_file": p} for p in sorted(GOLDEN.glob("*.yaml"))]


def assert_subset(actual: Any, expected: Any, where: str = "") -> None:
    """Every key of ``expected`` equals the same key of ``actual`` (lists compared item by item)."""
    if isinstance(expected, dict):
        for key, value in expected.items():
            assert key in actual, f"{where}.{key} missing from the event"
            assert_subset(actual[key], value, f"{where}.{key}")
    elif isinstance(expected, list):
        assert len(actual) == len(expected), f"{where}: expected {len(expected)} items, got {len(actual)}: {actual}"
        for i, (a, e) in enumerate(zip(actual, expected)):
            assert_subset(a, e, f"{where}[{i}]")
    else:
        assert actual == expected, f"{where}: expected {expected!r}, got {actual!r}"


def combatant(data: dict[str, Any], weapon: dict[str, Any] | None = None) -> Combatant:
    return Combatant(**data, weapon=Weapon(**weapon) if weapon else None)


def run_melee(case: dict[str, Any]) -> None:
    ev = resolve_melee(
        combatant(case["attacker"], case.get("attacker_weapon")),
        combatant(case["defender"], case.get("defender_weapon")),
        attacker_dice=case["attacker_dice"],
        defender_dice=case["defender_dice"],
        attacker_stance=case["attacker_stance"],
        defender_stance=case["defender_stance"],
        attacker_neutral=case.get("attacker_neutral"),
        defender_neutral=case.get("defender_neutral"),
    )
    assert_subset(ev.to_dict(), case["expected"], case["name"])


def run_shoot(case: dict[str, Any]) -> None:
    ev = resolve_shot(
        combatant(case["shooter"], case["weapon"]),
        combatant(case["target"]),
        distance_cm=case["distance_cm"],
        cover=case.get("cover", "none"),
        shooter_dice=case["shooter_dice"],
        target_dice=case["target_dice"],
    )
    assert_subset(ev.to_dict(), case["expected"], case["name"])


def run_wound(case: dict[str, Any]) -> None:
    for damage, with_armour, without in case["cases"]:
        assert wound_result(damage, case["endurance"], case["armour"]) == with_armour, damage
        assert wound_result(damage, case["endurance"], case["armour"], ignore_armour=True) == without, damage


RUNNERS: dict[str, Callable[[dict[str, Any]], None]] = {"melee": run_melee, "shoot": run_shoot, "wound": run_wound}


def make_test(case: dict[str, Any]) -> Callable[..., None]:
    if case["kind"] == "range_bands":
        weapon = Weapon(**case["weapon"])

        @pytest.mark.parametrize("distance_cm, modifier", [tuple(c) for c in case["cases"]])
        def test(distance_cm: float, modifier: int) -> None:
            assert range_modifier(weapon, distance_cm) == modifier

    else:

        def test() -> None:
            RUNNERS[case["kind"]](case)

    test.__name__ = f"test_{case['name']}"
    test.__doc__ = case["doc"]
    return test


CASES = load_cases()
for _case in CASES:
    globals()[f"test_{_case['name']}"] = make_test(_case)
del _case


def test_golden_files_are_well_formed() -> None:
    """Each golden file is named after its example, has a known kind and explains itself."""
    names = [c["name"] for c in CASES]
    assert len(names) == len(set(names))
    for case in CASES:
        assert case["_file"].stem == case["name"]
        assert case["kind"] in KINDS
        assert len(case["doc"]) > 40
    # The rulebook's worked examples (2.4 melee 1 and 2, 2.5 shooting 1 and 2, 2.7 armour) are all here.
    for required in ("melee_example_1", "melee_example_2", "shooting_example_1", "shooting_example_2",
                     "shooting_example_1_range_bands", "armour_example"):
        assert required in names


def test_melee_example_2_errata_differs_from_the_printed_figure() -> None:
    """RUL-04: the rulebook prints 5 damage ("6-1") for the civilian's knife, a light wound against Endurance 3;
    the kernel, following the weapon rule (X- = X minus the neutral die, here 5), deals 1: a scratch."""
    case = next(c for c in CASES if c["name"] == "melee_example_2")
    event = resolve_melee(
        combatant(case["attacker"], case.get("attacker_weapon")), combatant(case["defender"], case.get("defender_weapon")),
        attacker_dice=case["attacker_dice"], defender_dice=case["defender_dice"], attacker_stance=case["attacker_stance"],
        defender_stance=case["defender_stance"], attacker_neutral=case.get("attacker_neutral"), defender_neutral=case.get("defender_neutral"),
    )
    civilian_blow = next(s for s in event.strikes if s.by == "defender")
    printed_damage, printed_wound = 5, "light"
    assert wound_result(printed_damage, 3) == printed_wound  # what the printed figure would mean
    assert (civilian_blow.damage, civilian_blow.wound) == (1, "scratch") != (printed_damage, printed_wound)
