"""landsraad.table.shot: a shot on a table, may it be taken, can it wound (R-SHOOT, R-SHIELD, RUL-08)."""

from __future__ import annotations

from landsraad.geometry.board import Base, Board
from landsraad.model import Weapon
from landsraad.odds import shot_odds
from landsraad.rules.state import Combatant
from landsraad.ruleset import Ruleset
from landsraad.table.shot import shot

PISTOL = Weapon(id="pistol", name="Pistol", range=10, combat="+1", damage="+1")
LASER = Weapon(id="laser", name="Laser", range=15, combat="-2", damage="(12)", laser=True)


def _board() -> Board:
    return Board(bases=(Base("a", 10, 30, 30, side="red"), Base("b", 25, 30, 30, side="blue"),
                        Base("c", 10, 50, 30, side="blue")))


def test_the_odds_are_those_of_odds_shoot_on_the_same_numbers():
    s = shot(_board(), "a", "b", Combatant(combat=1, weapon=PISTOL), Combatant(endurance=3))
    assert s.odds == shot_odds(Combatant(combat=1, weapon=PISTOL), Combatant(endurance=3), distance_cm=12.0)
    assert s.allowed and s.can_wound and s.cannot_wound_because is None


def test_a_full_shield_stops_every_shot():
    s = shot(_board(), "a", "b", Combatant(combat=1, weapon=PISTOL), Combatant(shield="full"))
    assert s.allowed and not s.can_wound and s.cannot_wound_because == "shield" and s.shield == "full"
    assert s.odds.p_hit > 0 and s.odds.wound["none"] == 1.0
    assert s.to_dict()["can_wound"] is False


def test_a_half_shield_stops_every_shot_too_and_arrakis_has_none():
    """R-SHIELD: shots never damage a shielded model, half-shield or full; R-ARRAKIS: no shields."""
    assert shot(_board(), "a", "b", Combatant(weapon=PISTOL), Combatant(shield="half")).cannot_wound_because == "shield"
    s = shot(_board(), "a", "b", Combatant(weapon=PISTOL), Combatant(shield="full"), ruleset=Ruleset(arrakis=True))
    assert s.can_wound and s.shield == "none"


def test_a_laser_at_a_shield_may_not_be_taken():
    s = shot(_board(), "a", "b", Combatant(weapon=LASER), Combatant(shield="full"))
    assert not s.allowed and s.odds is None and any("shield" in r for r in s.reasons)


def test_not_the_nearest_enemy():
    s = shot(_board(), "a", "c", Combatant(weapon=PISTOL), Combatant())
    assert not s.allowed and "not the nearest enemy" in s.reasons[0] and s.odds is not None
