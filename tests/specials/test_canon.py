"""Canon special rules (landsraad.specials.canon): hooks and metadata (R-PROFILE, R-FACTION)."""

from __future__ import annotations

import pytest

from landsraad.specials import SPECIAL_RULES, HookContext

from ._helpers import hook_kind, known_rule_ids

CANON = [r for r in SPECIAL_RULES if r.source == "rulebook"]

# Canon rules that are not numbers at a hook point: the engine performs them (actions,
# templates, choices) or the data model carries them (Sardaukar modifier, steel shield stat).
CANON_WITHOUT_HOOKS = {
    "hunter_seeker", "poisoned_knife", "specialist", "sardaukar", "laser", "flamethrower",
    "explosives", "jammer", "healer", "steel_shield",
}


def test_the_corrino_sheet_rules_are_all_registered_as_canon():
    """R-FACTION: every rule the Corrino sheet and the Master Assassin card print exists, source rulebook."""
    needed = {"sardaukar", "imperial_espionage", "suk_doctor", "corrino_spice", "assassination",
              "hunter_seeker", "poisoned_knife", "laser", "flamethrower", "explosives", "jammer"}
    for name in needed:
        assert SPECIAL_RULES.get(name).source == "rulebook", name


@pytest.mark.parametrize("rule", CANON, ids=lambda r: r.name)
def test_canon_rule_metadata_is_complete(rule):
    assert rule.title and rule.summary.strip()
    assert rule.rules, f"{rule.name} cites no rule ID"
    known = known_rule_ids()
    if known is not None:
        assert set(rule.rules) <= known, f"{rule.name} cites unknown IDs {set(rule.rules) - known}"


CANON_WITH_HOOKS = {"assassination", "imperial_espionage", "suk_doctor", "corrino_spice"}


@pytest.mark.parametrize("name", sorted(CANON_WITHOUT_HOOKS | CANON_WITH_HOOKS))
def test_canon_hooks_are_declared_or_documented_as_actions(name):
    """Rules with a numeric/flag effect have hooks; engine actions and data-carried rules have none."""
    rule = SPECIAL_RULES.get(name)
    assert rule.source == "rulebook"
    assert bool(rule.hooks) == (name in CANON_WITH_HOOKS)


@pytest.mark.parametrize("fatigue, expected", [(0, 0), (1, 1), (2, 1), (4, 1)])
def test_assassination_adds_one_damage_only_against_a_fatigued_target(fatigue, expected):
    """R-PROFILE Assassination: +1 melee damage if the target carries at least one fatigue token."""
    ctx = HookContext(action="melee", target_fatigue=fatigue)
    assert SPECIAL_RULES.total("melee_damage_bonus", ["assassination"], ctx) == expected


def test_imperial_espionage_reveals_the_mission_count():
    """R-FACTION Imperial espionage."""
    assert SPECIAL_RULES.any("reveal_mission_count", ["imperial_espionage"], HookContext(action="setup")) is True


def test_suk_doctor_grants_one_healing_reroll():
    """R-FACTION Suk doctor, RUL-12: a Corrino Medic may re-roll its healing roll (once)."""
    assert SPECIAL_RULES.total("heal_rerolls", ["suk_doctor"], HookContext(action="heal")) == 1
    assert SPECIAL_RULES.total("heal_rerolls", ["healer"], HookContext(action="heal")) == 0


def test_corrino_spice_ignores_wound_effects():
    """R-FACTION Corrino spice effect."""
    assert SPECIAL_RULES.any("ignore_wound_effects", ["corrino_spice"], HookContext()) is True
    assert SPECIAL_RULES.any("ignore_wound_effects", ["sardaukar"], HookContext()) is False


@pytest.mark.parametrize("rule", [r for r in CANON if r.hooks], ids=lambda r: r.name)
def test_canon_hooks_return_the_type_of_their_hook_point(rule):
    for point, fn in rule.hooks.items():
        for ctx in (HookContext(), HookContext(target_fatigue=3, arrakis=True, target_wound="grave")):
            assert type(fn(ctx)) is hook_kind(point), (rule.name, point)
