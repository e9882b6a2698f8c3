"""Shooting (R-SHOOT, R-COVER, R-SHIELD, R-LASER, R-BURN, R-ARMOUR, R-TEMPLATE, R-SHOOT-MARKER, RUL-01, RUL-08, RUL-09, RUL-16, PRJ-12)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from landsraad.dice import roll_d10
from landsraad.errors import RuleError
from landsraad.geometry import measure
from landsraad.model import Poison, Weapon
from landsraad.rules.shooting import (
    COVER_BONUS,
    can_shoot,
    can_target,
    dodge_distance,
    nearest_targets,
    range_band,
    range_modifier,
    resolve_marker_shot,
    resolve_shot,
    resolve_template_shot,
    roll_marker_shot,
    roll_shot,
    roll_template_shot,
    verify_target,
)
from landsraad.rules.state import Combatant
from landsraad.ruleset import Ruleset

PISTOL = Weapon(id="pistol", name="Pistol", range=10, combat="+1", damage="+1")
LASER = Weapon(id="laser", name="Laser", range=15, combat="-2", damage="(12)", laser=True)
FLAMER = Weapon(id="flamer", name="Flamethrower", combat="-2", damage="(9)", template="direct 20")
GRENADE = Weapon(id="grenade", name="Grenade", range=10, damage="+2", template="blast", explosive=True)
P = Poison.model_validate


def shot(shooter: Combatant, target: Combatant, **kw):
    kw.setdefault("distance_cm", 5)
    return resolve_shot(shooter, target, **kw)


@pytest.mark.parametrize("distance, band", [(0, 0), (9.9, 0), (10, 0), (10.04, 0), (10.05, 1), (15, 1), (20, 1), (20.1, 2), (35, 3), (40, 3), (41, 4)])
def test_range_band_formula(distance: float, band: int) -> None:
    """R-SHOOT: 0 within range (<=), +1 per further band of the weapon's range (distance read to 0.1 cm, PRJ-30)."""
    assert range_band(distance, 10) == band


@given(st.floats(0, 200, allow_nan=False), st.sampled_from([5.0, 7.5, 10.0, 15.0, 20.0]))
def test_range_band_agrees_with_geometry(distance: float, weapon_range: float) -> None:
    """The kernel and landsraad.geometry.measure compute the same bands (one rule, PRJ-30)."""
    assert range_band(distance, weapon_range) == measure.range_band(distance, weapon_range)


def test_range_modifier_and_no_range() -> None:
    assert range_modifier(PISTOL, 35) == -2
    assert range_modifier(FLAMER, 18) == -2  # no range bands for a direct-fire template
    with pytest.raises(RuleError):
        range_band(-1, 10)


def test_shooter_adds_combat_target_only_cover() -> None:
    """R-SHOOT: the shooter adds Combat (effective) and the range modifier; the target adds only cover, never its Combat."""
    ev = shot(Combatant(combat=2, wound="light", weapon=PISTOL), Combatant(combat=5), shooter_dice=(1, 5), target_dice=(1, 5), cover="small")
    assert ev.attack_total == 5 + 1 + 1 and ev.defence_total == 5 + 2
    assert COVER_BONUS == {"none": 0, "small": 2, "large": 4}


def test_ties_fail_rul_01_and_option() -> None:
    """RUL-01: a tie misses; with ties='active' it hits."""
    s, t = Combatant(weapon=PISTOL), Combatant(endurance=3)
    assert not shot(s, t, shooter_dice=(5, 4), target_dice=(2, 5)).hit
    assert shot(s, t, shooter_dice=(5, 4), target_dice=(2, 5), ruleset=Ruleset(ties="active")).hit


def test_fatigue_malus_applies_to_the_active_shooter() -> None:
    """RUL-05: a shooter that held a token when its activation began shoots at -1."""
    ev = shot(Combatant(combat=1, weapon=PISTOL, activation_fatigue=1, fatigue=2), Combatant(), shooter_dice=(5, 5), target_dice=(1, 1))
    assert ev.attack_total == 5 + 0 + 1


def test_dodge_rul_09() -> None:
    """RUL-09: a missed target may move neutral + Reflexes cm, at least 0; 0 when hit; paralysed: 0."""
    miss = shot(Combatant(weapon=PISTOL), Combatant(reflexes=2), shooter_dice=(5, 1), target_dice=(6, 9))
    assert not miss.hit and miss.dodge_cm == 8
    assert shot(Combatant(weapon=PISTOL), Combatant(reflexes=-9), shooter_dice=(5, 1), target_dice=(6, 9)).dodge_cm == 0
    assert shot(Combatant(weapon=PISTOL), Combatant(), shooter_dice=(5, 9), target_dice=(6, 1)).dodge_cm == 0
    assert dodge_distance(Combatant(reflexes=3, poisons=(P("paralysing"),)), 7) == 0
    assert dodge_distance(Combatant(reflexes=3, wound="light"), 7) == 9  # effective Reflexes


def test_shield_stops_every_ranged_hit() -> None:
    """R-SHIELD: a hit on a shielded model does nothing; a jammed shield or Arrakis lets it through."""
    for shield in ("full", "half"):
        ev = shot(Combatant(weapon=PISTOL), Combatant(shield=shield), shooter_dice=(9, 10), target_dice=(1, 1))
        assert ev.hit and ev.shield_stopped and ev.damage == 0 and ev.wound == "none" and ev.target_after.fatigue == 0
    jammed = shot(Combatant(weapon=PISTOL), Combatant(shield="full", shield_disabled=True), shooter_dice=(9, 10), target_dice=(1, 1))
    assert not jammed.shield_stopped and jammed.wound == "fatal"
    arrakis = shot(Combatant(weapon=PISTOL), Combatant(shield="full"), shooter_dice=(9, 10), target_dice=(1, 1), ruleset=Ruleset(arrakis=True))
    assert not arrakis.shield_stopped and arrakis.damage == 10


def test_laser_never_at_a_shielded_model_r_laser() -> None:
    shooter = Combatant(name="Trooper", weapon=LASER)
    assert not can_target(shooter, Combatant(shield="half"))
    with pytest.raises(RuleError, match="never targets a model with a working shield"):
        shot(shooter, Combatant(name="Duke", shield="full"), shooter_dice=(5, 5), target_dice=(1, 1))
    assert can_target(shooter, Combatant(shield="full", shield_disabled=True))
    assert can_target(shooter, Combatant(shield="full"), ruleset=Ruleset(arrakis=True))


def test_laser_burn_and_explosive_modes() -> None:
    """R-LASER, R-BURN, RUL-16: burn = (12) against armour; explosive = neutral + 12 // 3 ignoring armour."""
    target = Combatant(endurance=3, armour=5)
    burn = shot(Combatant(combat=2, weapon=LASER), target, shooter_dice=(3, 8), target_dice=(1, 1))
    assert burn.raw_damage == 12 and burn.wound_event.threshold == 5 and burn.wound == "grave" and not burn.ignore_armour
    boom = shot(Combatant(combat=2, weapon=LASER), target, shooter_dice=(3, 8), target_dice=(1, 1), laser_mode="explosive")
    assert boom.raw_damage == 3 + 4 and boom.ignore_armour and boom.wound_event.threshold == 3 and boom.wound == "grave"
    assert boom.template
    with pytest.raises(RuleError, match="Only a laser"):
        shot(Combatant(weapon=PISTOL), Combatant(), shooter_dice=(3, 8), target_dice=(1, 1), laser_mode="explosive")


def test_explosive_weapon_ignores_armour_r_armour() -> None:
    ev = resolve_template_shot(Combatant(weapon=GRENADE), [(Combatant(endurance=3, armour=4), (1, 1))], distance_cm=5, shooter_dice=(4, 9))
    r = ev.results[0]
    assert r.ignore_armour and r.raw_damage == 6 and r.wound == "grave"  # 6 >= 2 x 3 (Endurance), not a light wound against 4


def test_burn_damage_ignores_the_neutral_die() -> None:
    """R-BURN: compare only the bracketed value."""
    for n in (1, 10):
        assert resolve_template_shot(Combatant(weapon=FLAMER), [(Combatant(endurance=4), (1, 1))], distance_cm=0, shooter_dice=(n, 10)).results[0].raw_damage == 9


def test_blinded_or_irritated_shooter_cannot_shoot() -> None:
    """R-POISON: Blinding and Irritant forbid shooting."""
    for kind in ("blinding", "irritant"):
        s = Combatant(weapon=PISTOL, poisons=(P(kind),))
        assert not can_shoot(s)
        with pytest.raises(RuleError, match="R-POISON"):
            shot(s, Combatant(), shooter_dice=(5, 5), target_dice=(1, 1))
    assert not can_shoot(Combatant(weapon=PISTOL), in_contact=True)
    assert not can_shoot(Combatant(weapon=Weapon(id="h", name="Halberd", damage="15-")))


def test_removed_target_cannot_be_shot() -> None:
    with pytest.raises(RuleError):
        verify_target(Combatant(weapon=PISTOL), Combatant(wound="fatal"))


def test_poisoned_shot() -> None:
    """R-POISON: a poisoned weapon applies its poison with at least one point of damage."""
    dart = Weapon(id="dart", name="Dart", range=10, damage="+0", poisons=("paralysing",))
    ev = shot(Combatant(weapon=dart), Combatant(endurance=20), shooter_dice=(1, 10), target_dice=(1, 1))
    assert ev.wound == "scratch" and [p.kind for p in ev.poisons_applied] == ["paralysing"]
    assert [p.kind for p in ev.target_after.poisons] == ["paralysing"]


def test_nearest_target_rul_08() -> None:
    """RUL-08: nearest legal target; a laser skips shielded models; ties (to 0.1 cm) all returned."""
    cands = [(Combatant(shield="full"), 4.0), (Combatant(), 9.0), (Combatant(), 9.04), (Combatant(), 12.0)]
    assert nearest_targets(Combatant(weapon=LASER), cands) == (1, 2)
    assert nearest_targets(Combatant(weapon=PISTOL), cands) == (0,)
    assert nearest_targets(Combatant(weapon=LASER), [(Combatant(shield="half"), 3.0)]) == ()


def test_template_one_roll_each_target_dodges_r_template() -> None:
    """R-TEMPLATE, RUL-09, RUL-19: one attack roll; each model its own dodge; a dodger that stays in is hit."""
    a, b, c = Combatant(name="A", endurance=3), Combatant(name="B", endurance=3), Combatant(name="C", endurance=3, shield="half")
    ev = resolve_template_shot(Combatant(combat=1, weapon=FLAMER), [(a, (2, 3)), (b, (5, 9), "small"), (c, (1, 1))],
                               distance_cm=0, shooter_dice=(6, 8))
    assert ev.attack_total == 8 + 1 - 2
    assert [r.hit for r in ev.results] == [True, False, True]
    assert ev.results[1].defence_total == 11 and ev.results[1].dodge_cm == 5 and ev.results[1].wound == "none"
    assert ev.results[2].shield_stopped
    caught = resolve_template_shot(Combatant(combat=1, weapon=FLAMER), [(a, (2, 3)), (b, (5, 9), "small"), (c, (1, 1))],
                                   distance_cm=0, shooter_dice=(6, 8), escaped=[True, False, True])
    assert caught.results[1].caught and caught.results[1].wound == "fatal"  # burn 9 = 3 x 3
    with pytest.raises(RuleError):
        resolve_template_shot(Combatant(weapon=FLAMER), [(a, (1, 1))], distance_cm=0, shooter_dice=(1, 1), escaped=[True, False])
    with pytest.raises(RuleError, match="not a template weapon"):
        resolve_template_shot(Combatant(weapon=PISTOL), [(a, (1, 1))], distance_cm=0, shooter_dice=(1, 1))


def test_laser_blast_may_not_cover_a_shielded_model_prj_12() -> None:
    with pytest.raises(RuleError, match="PRJ-12"):
        resolve_template_shot(Combatant(weapon=LASER), [(Combatant(), (1, 1)), (Combatant(shield="half"), (1, 1))],
                              distance_cm=5, shooter_dice=(5, 5), laser_mode="explosive")


def test_marker_shot_r_shoot_marker() -> None:
    """R-SHOOT-MARKER: the marker rolls one die with no modifier; strictly higher hits; R-EXPLOSIVE reported."""
    ev = resolve_marker_shot(Combatant(combat=1, weapon=PISTOL), distance_cm=25, shooter_dice=(2, 6), marker_die=6)
    assert ev.attack_total == 6 + 1 - 1 and not ev.hit and not ev.explosive
    assert resolve_marker_shot(Combatant(weapon=LASER), distance_cm=5, shooter_dice=(2, 10), marker_die=7, laser_mode="explosive").explosive


def test_bad_dice_are_rule_errors() -> None:
    with pytest.raises(RuleError):
        shot(Combatant(weapon=PISTOL), Combatant(), shooter_dice=(5,), target_dice=(1, 1))
    with pytest.raises(Exception, match="1 to 10"):
        shot(Combatant(weapon=PISTOL), Combatant(), shooter_dice=(0, 5), target_dice=(1, 1))


@given(st.integers(0, 2**32 - 1))
def test_roll_shot_is_deterministic_and_uses_the_documented_order(seed: int) -> None:
    """roll_shot: same seed, same event; dice drawn as shooter neutral, attack, target neutral, defence."""
    s, t = Combatant(combat=1, weapon=PISTOL), Combatant(reflexes=1)
    a = roll_shot(s, t, distance_cm=14, rng=np.random.default_rng(seed))
    assert a == roll_shot(s, t, distance_cm=14, rng=np.random.default_rng(seed))
    sn, sa, tn, td = roll_d10(np.random.default_rng(seed), 4)
    assert a == resolve_shot(s, t, distance_cm=14, shooter_dice=(sn, sa), target_dice=(tn, td))


def test_roll_template_and_marker_are_deterministic() -> None:
    targets = [Combatant(name="A"), (Combatant(name="B"), "large")]
    assert roll_template_shot(Combatant(weapon=FLAMER), targets, distance_cm=0, rng=np.random.default_rng(4)) == \
        roll_template_shot(Combatant(weapon=FLAMER), targets, distance_cm=0, rng=np.random.default_rng(4))
    assert roll_marker_shot(Combatant(weapon=PISTOL), distance_cm=3, rng=np.random.default_rng(4)) == \
        roll_marker_shot(Combatant(weapon=PISTOL), distance_cm=3, rng=np.random.default_rng(4))


def test_event_to_dict_is_json() -> None:
    import json

    ev = shot(Combatant(weapon=PISTOL), Combatant(), shooter_dice=(8, 7), target_dice=(4, 3))
    data = json.loads(json.dumps(ev.to_dict()))
    assert data["hit"] is True and data["target_after"]["wound"] == ev.target_after.wound
