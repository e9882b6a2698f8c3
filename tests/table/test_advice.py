"""landsraad.table.advice: every option of an activation, ranked by exact odds (issue 39; R-ACTIVATE)."""

from __future__ import annotations

from pathlib import Path

import pytest

from landsraad.errors import UsageError
from landsraad.odds import melee_odds, shot_odds
from landsraad.rules.state import Combatant
from landsraad.scene import load_scene
from landsraad.table.advice import advise

SCENE = load_scene(Path(__file__).resolve().parents[1] / "data" / "scenes" / "cli-table.yaml")


def _card(model_id: str):
    return SCENE.model(model_id).card


def _weapon(model_id: str, weapon_id: str):
    return next(w for w in SCENE.model(model_id).carried if w.id == weapon_id)


def test_a_hand_checked_shot_comes_first():
    """sard2 (25, 50) -> far (40, 40): sqrt(15^2 + 10^2) - 3 = 15.03, read 15.0 cm: the lance (15 cm, +1)
    is within range; a Sardaukar soldier's Combat +2 (card +1, Sardaukar +1): attack die +3 against
    the defence die, no cover: 72 of 100 pairs (R-SHOOT). The laser's (12) burn x 45 % ties on damage;
    the lance hits more often, so it comes first."""
    a = advise(SCENE, "sard2", scene_name="s")
    top = a.options[0]
    assert (top.kind, top.target, top.weapon, top.distance_cm, top.cover) == ("shoot", "far", "Sardaukar lance", 15.0, "none")
    assert top.p_hit == pytest.approx(0.72)
    oracle = shot_odds(Combatant.from_profile(_card("sard2"), _weapon("sard2", "sardaukar_lance")),
                       Combatant.from_profile(_card("far"), _weapon("far", "crysknife")), distance_cm=15.0, cover="none")
    assert top.odds == oracle and top.expected_damage == pytest.approx(0.72 * 7.5)
    assert [o.kind for o in a.options][-1] == "rest"
    assert a.skipped == ("duncan: no profile, its stats are unknown",)


def test_the_risk_names_who_can_shoot_or_charge_it():
    """fed (10, 10) sees sard2 and carries a maula pistol; nobody is within a move of it."""
    a = advise(SCENE, "sard2", scene_name="s")
    assert a.options[0].risk.shooters == ("fed",) and a.options[0].risk.chargers == ()


def test_a_charge_within_the_free_move_is_weighed_with_the_clash_odds():
    """raider (55, 25) and prey (55, 33) are 5 cm apart: the free move into contact, then the Melee action."""
    a = advise(SCENE, "raider", scene_name="s")
    (charge,) = [o for o in a.options if o.kind == "charge"]
    assert charge.target == "prey" and charge.weapon == "Knife"
    oracle = melee_odds(Combatant.from_profile(_card("raider"), _weapon("raider", "knife")),
                        Combatant.from_profile(_card("prey"), _weapon("prey", "crysknife")),
                        attacker_stance="attack", defender_stance="defend")
    assert charge.odds == oracle and charge.expected_damage == oracle.expected_damage_to_defender
    assert "prey" in charge.risk.chargers  # still in contact with it after the clash
    # the shot pays more than the clash, so it comes first
    assert a.options[0].kind == "shoot" and a.options[0].expected_damage > charge.expected_damage


def test_options_are_ranked_by_expected_damage_then_risk():
    a = advise(load_scene(Path(__file__).resolve().parents[2] / "scenes" / "table.yaml"), "sardaukar-1", scene_name="table")
    keys = [(-round(o.expected_damage, 9), o.risk.count) for o in a.options]
    assert keys == sorted(keys)
    kinds = {o.kind for o in a.options}
    assert {"shoot", "charge", "rest"} <= kinds
    # moving out of the wall's cover first is worth more than the shot through small cover
    assert a.options[0].kind == "move_then_shoot" and a.options[0].cover == "none"


def test_a_model_without_profile_cannot_be_advised():
    with pytest.raises(UsageError, match="no profile"):
        advise(SCENE, "chg")
