"""``shoot``: a shot on a scene - the geometry of :mod:`.measure` and the exact odds of
:func:`landsraad.odds.shot_odds` on the same distance and cover, and whether it may be taken.

R-SHOOT, R-LOS, RUL-08 (the nearest target), R-TEMPLATE, R-SHIELD (shots never damage a
shielded model: a shot the target's shield always stops may be taken, but cannot wound), R-LASER.

Examples
--------
>>> from landsraad.geometry.board import Base, Board
>>> from landsraad.model import Weapon
>>> from landsraad.rules.state import Combatant
>>> board = Board(bases=(Base("a", 10, 30, 30, side="red"), Base("b", 25, 30, 30, side="blue")))
>>> pistol = Weapon(id="pistol", name="Pistol", range=10, combat="+1", damage="+1")
>>> s = shot(board, "a", "b", Combatant(combat=1, weapon=pistol), Combatant(shield="full"))
>>> s.allowed, s.can_wound, s.cannot_wound_because
(True, False, 'shield')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..errors import RuleError, carried_message
from ..geometry.board import Board
from ..i18n import message, numeral, unstopped
from ..odds import ShotOdds, shot_odds
from ..rules.shooting import LaserMode, shot_cover
from ..rules.state import Combatant, effective_shield
from ..ruleset import DEFAULT, Ruleset
from .measure import DEFAULT_TOLERANCE_CM, Measurement, WeaponRange, measure

__all__ = ["ShotAnswer", "shot"]


@dataclass(frozen=True)
class ShotAnswer:
    """The ``shoot`` answer for one weapon.

    Attributes
    ----------
    measurement
        The geometry (:class:`~.measure.Measurement`).
    weapon
        The weapon's name.
    reasons
        Why the shot may not be taken (no line of sight, not the nearest enemy, beyond a
        direct-fire template, refused by the kernel); empty when it may.
    odds
        The exact odds, None when there is no line of sight or the kernel refuses the shot.
    shield
        The target's working shield (``none``, ``half``, ``full``; R-SHIELD, R-ARRAKIS).
    """

    scene: str
    shooter: str
    target: str
    weapon: str
    measurement: Measurement
    reasons: tuple[str, ...]
    odds: ShotOdds | None
    shield: str = "none"

    @property
    def allowed(self) -> bool:
        """The shot may be taken."""
        return not self.reasons

    @property
    def cannot_wound_because(self) -> Literal["shield", "damage"] | None:
        """Why no roll can wound: ``shield`` when the target's shield stops every shot that gets
        home (R-SHIELD), ``damage`` when no damage roll reaches a scratch; None when it can."""
        odds = self.odds
        if odds is None or odds.wound.get("none", 0.0) < 1.0 - 1e-12:
            return None
        if odds.p_struck > 0 and abs(odds.p_shield_stopped - odds.p_struck) < 1e-12:
            return "shield"
        return "damage" if odds.p_struck > 0 else None

    @property
    def can_wound(self) -> bool:
        """Some roll wounds the target."""
        return self.odds is not None and self.cannot_wound_because is None and self.odds.wound.get("none", 0.0) < 1.0

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` object (``can_wound`` and ``cannot_wound_because`` added by issue 39)."""
        return {
            "scene": self.scene,
            "shooter": self.shooter,
            "target": self.target,
            "weapon": self.weapon,
            "geometry": self.measurement.to_dict(),
            "allowed": self.allowed,
            "reasons": list(self.reasons),
            "odds": self.odds.to_dict() if self.odds is not None else None,
            "can_wound": self.can_wound,
            "cannot_wound_because": self.cannot_wound_because,
        }


def shot(board: Board, shooter_id: str, target_id: str, shooter: Combatant, target: Combatant, *,
         scene: str = "", ruleset: Ruleset = DEFAULT, tolerance_cm: float = DEFAULT_TOLERANCE_CM,
         laser_mode: LaserMode = "burn") -> ShotAnswer:
    """The shot of ``shooter_id`` (stats ``shooter``, its ``weapon`` fires) at ``target_id``.

    Parameters
    ----------
    board
        The table.
    shooter_id, target_id
        The two models on the board.
    shooter, target
        Their stats; ``shooter.weapon`` is a ranged or template weapon.
    scene
        The scene's name, for the JSON object.
    ruleset
        Ties, Arrakis, whether models block sight.
    tolerance_cm
        The robustness tolerance (:func:`.measure.measure`).
    laser_mode
        A laser's mode (R-LASER).

    Returns
    -------
    ShotAnswer

    Raises
    ------
    RuleError
        The shooter has no weapon.
    """
    gun = shooter.weapon
    if gun is None:
        raise RuleError(message("{shooter} has no weapon to shoot with.", shooter=repr(shooter_id)))
    band_range = WeaponRange(float(gun.range_cm), int(gun.combat), gun.name) if gun.range_cm is not None else None
    m = measure(board, shooter_id, target_id, weapon=band_range, tolerance_cm=tolerance_cm,
                models_block=ruleset.models_block_sight)
    reasons: list[str] = []
    odds = None
    if not (m.cover is not None and m.cover.line_of_sight):
        reasons.append(message("{shooter} has no line of sight to {target} (R-LOS)", shooter=shooter_id, target=target_id))
    else:
        if gun.template is not None and gun.template.kind == "direct" and m.exact_cm > gun.template.size_cm + 1e-9:
            reasons.append(message("{target} is {distance} cm away, beyond the {size} cm of the {weapon}'s direct-fire"
                                   " template (R-TEMPLATE)", target=target_id, distance=numeral(m.reported_cm, ".1f"),
                                   size=float(gun.template.size_cm), weapon=gun.name))
        if m.is_nearest is False and gun.template is None:
            reasons.append(message("{target} is not the nearest enemy {shooter} sees; the nearest: {nearest} (RUL-08)",
                                   target=target_id, shooter=shooter_id,
                                   nearest=", ".join(m.nearest) if m.nearest else message("(none)")))
        try:
            odds = shot_odds(shooter, target, distance_cm=m.exact_cm, cover=shot_cover(m.cover.cover), laser_mode=laser_mode,
                             ruleset=ruleset)
        except RuleError as exc:  # the kernel refuses this shot (a laser at a shield...)
            reasons.append(unstopped(carried_message(exc)))
    return ShotAnswer(scene, shooter_id, target_id, gun.name, m, tuple(reasons), odds,
                      str(effective_shield(target, ruleset)))
