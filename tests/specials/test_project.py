"""Authored special rules (landsraad.specials.project): every hook in its contexts, metadata,
and cross-references with the bundled factions (PRJ-50..59, docs/content.md)."""

from __future__ import annotations

import pytest

from landsraad.content import load_factions
from landsraad.specials import HOOK_POINTS, SPECIAL_RULES, HookContext
from landsraad.specials.project import ENGINE_ACTIONS

from ._helpers import PROJECT_RULINGS, hook_kind, known_rule_ids

PROJECT = [r for r in SPECIAL_RULES if r.source == "project"]
H = HookContext

# (rule, hook point, context, expected). Every hook of every project rule appears at least
# once (test_every_project_hook_is_covered); conditional hooks appear on both sides of the
# condition. Expected values are the numbers docs/content.md gives for each rule.
CASES = [
    ("pathfinder", "difficult_terrain_free", H(action="move"), True),
    ("strategist", "honour_bonus", H(action="setup"), 1),
    ("the_voice", "enemy_melee_combat_bonus", H(action="melee"), -2),
    ("riposte", "defence_bonus", H(action="melee"), 1),
    ("weapon_master", "melee_combat_bonus", H(action="melee"), 1),
    ("weapon_master", "initiative_bonus", H(action="melee"), 1),
    ("slow_blade", "shield_pierce_bonus", H(action="melee", target_shield="full"), 1),
    ("ducal_loyalty", "fatigue_tolerance", H(own_fatigue=2), 1),
    ("hawat_network", "wins_bid_ties", H(action="setup"), True),
    ("atreides_spice", "reflexes_bonus", H(), 1),
    ("suspensor_belt", "movement_bonus", H(arrakis=False), 2),
    ("suspensor_belt", "movement_bonus", H(arrakis=True), 0),
    ("ducal_signet", "honour_bonus", H(action="setup"), 1),
    ("cruelty", "melee_damage_bonus", H(action="melee", target_wound="none"), 0),
    ("cruelty", "melee_damage_bonus", H(action="melee", target_wound="light"), 1),
    ("cruelty", "melee_damage_bonus", H(action="melee", target_wound="grave"), 1),
    ("cruelty", "melee_damage_bonus", H(action="melee", target_fatigue=3), 0),
    ("harkonnen_spice", "melee_damage_bonus", H(action="melee"), 1),
    ("arena_fighter", "initiative_bonus", H(action="melee"), 1),
    ("elacca_drug", "melee_combat_bonus", H(action="melee"), 1),
    ("desert_born", "melee_combat_bonus", H(action="melee", arrakis=True), 1),
    ("desert_born", "melee_combat_bonus", H(action="melee", arrakis=False), 0),
    ("desert_born", "shoot_combat_bonus", H(action="shoot", arrakis=True), 1),
    ("desert_born", "shoot_combat_bonus", H(action="shoot", arrakis=False), 0),
    ("sandwalk", "difficult_terrain_free", H(action="move"), True),
    ("fremen_spice", "movement_bonus", H(), 2),
    ("fremen_spice", "movement_bonus", H(arrakis=True), 2),
    ("fedaykin", "melee_damage_bonus", H(action="melee"), 1),
    ("stillsuit", "fatigue_tolerance", H(own_fatigue=1), 1),
]


@pytest.mark.parametrize("name, point, ctx, expected", CASES, ids=[f"{c[0]}-{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_project_hook_values(name, point, ctx, expected):
    rule = SPECIAL_RULES.get(name)
    value = rule.hooks[point](ctx)
    assert type(value) is hook_kind(point)
    assert value == expected
    # Through the registry, as the kernel calls it.
    via = SPECIAL_RULES.any(point, [name], ctx) if hook_kind(point) is bool else SPECIAL_RULES.total(point, [name], ctx)
    assert via == expected


def test_every_project_hook_is_covered():
    covered = {(c[0], c[1]) for c in CASES}
    for rule in PROJECT:
        for point in rule.hooks:
            assert (rule.name, point) in covered, f"{rule.name}.{point} has no test case"


def test_only_expected_hooks_exist():
    """No project rule has a hook the catalogue does not list (a stray hook would change play silently)."""
    listed = {(c[0], c[1]) for c in CASES}
    actual = {(r.name, p) for r in PROJECT for p in r.hooks}
    assert actual == listed


@pytest.mark.parametrize("rule", PROJECT, ids=lambda r: r.name)
def test_project_rule_metadata_is_complete(rule):
    assert rule.source == "project"
    assert rule.title.strip() and rule.summary.strip().endswith(".")
    assert rule.scope in ("profile", "weapon", "faction", "equipment", "spice", "mission")
    assert rule.rules, f"{rule.name} cites no rule ID"
    assert set(rule.hooks) <= set(HOOK_POINTS)
    known = known_rule_ids()
    if known is not None:
        assert set(rule.rules) <= known, f"{rule.name} cites unknown IDs {set(rule.rules) - known}"


def test_engine_actions_are_exactly_the_hookless_project_rules():
    """A project rule without hooks is an engine action; its summary says so and what it does."""
    hookless = {r.name for r in PROJECT if not r.hooks}
    assert hookless == set(ENGINE_ACTIONS)
    for name in ENGINE_ACTIONS:
        assert SPECIAL_RULES.get(name).summary.startswith("ENGINE ACTION")


def test_treachery_is_a_setup_engine_action():
    rule = SPECIAL_RULES.get("treachery")
    assert rule.hooks == {} and "R-MISSIONS" in rule.rules and rule.scope == "faction"


def test_every_project_rule_is_used_by_bundled_content():
    """Cross-reference: no orphan rule, and each rule is used where its scope says."""
    used: dict[str, set[str]] = {}
    for faction in load_factions().values():
        used.setdefault(faction.spice_effect, set()).add("spice")
        for n in faction.special_rules:
            used.setdefault(n, set()).add("faction")
        for p in faction.profiles:
            for n in p.special_rules:
                used.setdefault(n, set()).add("profile")
        for w in faction.weapons:
            for n in w.special_rules:
                used.setdefault(n, set()).add("weapon")
        for e in faction.rare_equipment:
            used.setdefault(e.effect, set()).add("equipment")
    for rule in PROJECT:
        if rule.scope == "mission":
            continue  # mission rules belong to the missions content
        assert rule.name in used, f"{rule.name} is not used by any faction"
        assert used[rule.name] == {rule.scope}, f"{rule.name} ({rule.scope}) is used as {used[rule.name]}"


@pytest.mark.parametrize(
    "point",
    ["honour_bonus", "enemy_melee_combat_bonus", "shield_pierce_bonus", "reflexes_bonus", "fatigue_tolerance", "wins_bid_ties"],
)
def test_added_hook_points_are_declared_and_documented(point):
    assert HOOK_POINTS[point].strip()
    assert point in (PROJECT_RULINGS.parent / "content.md").read_text(encoding="utf-8")


def test_fremen_on_arrakis_sum_with_spice_and_faction_rules():
    """PRJ-53/55: a Fremen under spice on Arrakis: +1 melee Combat, +2 cm Movement, no slowing."""
    names = ["desert_born", "sandwalk", "fremen_spice"]
    on = H(action="melee", arrakis=True)
    assert SPECIAL_RULES.total("melee_combat_bonus", names, on) == 1
    assert SPECIAL_RULES.total("movement_bonus", names, on) == 2
    assert SPECIAL_RULES.any("difficult_terrain_free", names, on)
    assert SPECIAL_RULES.total("melee_combat_bonus", names, H(action="melee")) == 0
