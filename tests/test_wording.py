"""landsraad.wording: results into lines (issue 39: plain answers)."""

from __future__ import annotations

from landsraad import wording
from landsraad.geometry.board import Base, Board
from landsraad.geometry.robust import Fragility, Robustness
from landsraad.model import Weapon
from landsraad.rules.state import Combatant
from landsraad.table.measure import WeaponRange, measure
from landsraad.table.moves import Charge
from landsraad.table.shot import shot


def _pair(gap: float) -> Board:
    return Board(bases=(Base("a", 10, 30, 30, side="red"), Base("b", 13 + gap, 30, 30, side="blue")))


def test_robust_and_fragile_are_one_line():
    m = measure(_pair(15), "a", "b", weapon=WeaponRange(20))
    lines = wording.measure_lines(m)
    assert [line for line in lines if line.startswith(("Robust", "Fragile", "Borderline"))] == [
        "Robust: contact, line of sight, cover and range band stay the same if either model stood up to 0.5 cm elsewhere."]
    frag = Fragility("cover", "small", "none", 0.12, "a")
    line = wording.steadiness_line(measure(_pair(15), "a", "b").__class__(
        **{**m.__dict__, "robustness": Robustness(0.5, (frag,))}))
    assert line == ("Fragile: 0.12 cm of a's movement turns small cover (+2 defence) into no cover. Check at the table"
                    " and agree with your opponent.")


def test_the_range_line_separates_band_and_weapon():
    m = measure(_pair(35), "a", "b", weapon=WeaponRange(10, 1, "Pistol"))
    assert wording.range_line(m) == ("Range: Pistol (range 10 cm) at 35.0 cm: 3 bands beyond range (band 3, -3); band"
                                     " modifier -3, weapon Combat +1 -> range modifier -2 (R-SHOOT).")


def test_charge_lines():
    assert "can fight this activation" in wording.charge_line(Charge("b", 5.0, 10.0, 1), "a")
    two = wording.charge_line(Charge("b", 12.0, 10.0, 2), "a")
    assert "only with two moves" in two and "cannot fight this activation" in two
    assert "cannot reach contact with b this activation: it needs 27.0 cm" in wording.charge_line(
        Charge("b", 27.0, 10.0, None), "a")
    assert "already in contact" in wording.charge_line(Charge("b", 0.0, 10.0, 0), "a")


def test_a_shielded_target_reads_cannot_wound_not_wound_odds():
    pistol = Weapon(id="pistol", name="Pistol", range=10, combat="+1", damage="+1")
    s = shot(_pair(12), "a", "b", Combatant(weapon=pistol), Combatant(shield="full"))
    lines = wording.shot_lines(s)
    assert "This shot may be taken, but it cannot wound." in lines
    assert lines[-1].startswith("It cannot wound: b's shield stops every shot that gets home (R-SHIELD")
    assert not any("the target suffers" in line or "expected damage" in line for line in lines)
