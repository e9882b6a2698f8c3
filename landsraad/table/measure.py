"""``measure``: distance, contact, line of sight, cover and where it comes from, range band,
the nearest-target check and whether the answer survives a small error in placing the models.

R-MEASURE, RUL-07 (distances to 0.1 cm, contact within 0.1 cm), R-LOS, R-COVER, RUL-11,
R-SHOOT (range bands), RUL-08 (the nearest target). The answer is a :class:`Measurement`;
:mod:`landsraad.wording` words it, :meth:`Measurement.to_dict` is the ``--json`` object.

Examples
--------
>>> from landsraad.geometry.board import Base, Board
>>> board = Board(bases=(Base("a", 10, 30, 30, side="red"), Base("b", 23.2, 30, 30, side="blue")))
>>> m = measure(board, "a", "b", weapon=WeaponRange(10, 1))
>>> m.reported_cm, m.contact, m.cover.cover, m.band, m.band_modifier, m.modifier, m.is_nearest
(10.2, False, 'none', 1, -1, 0, True)
>>> m.robustness.robust
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..geometry import measure as geo
from ..geometry import sight
from ..geometry.board import Board
from ..geometry.robust import DEFAULT_TOLERANCE_CM, Robustness, robustness
from ..geometry.sight import CoverResult
from .weapon_text import WeaponRange

__all__ = ["WeaponRange", "Measurement", "measure", "NEAR_CM", "DEFAULT_TOLERANCE_CM"]

NEAR_CM = 0.05
"""A figure within this of a threshold reads the same as the threshold at 0.1 cm (RUL-07)."""


@dataclass(frozen=True)
class Measurement:
    """The ``measure`` answer from ``a`` to ``b`` (see the module notes).

    ``cover``, ``nearest`` and ``robustness`` are None unless both are models (``nearest`` also
    when ``a`` has no side); ``weapon`` is None when no weapon was given.
    """

    a: str
    b: str
    exact_cm: float
    contact: bool
    cover: CoverResult | None
    weapon: WeaponRange | None
    nearest: tuple[str, ...] | None
    same_side: bool
    robustness: Robustness | None
    tolerance_cm: float
    models_block: bool = True

    @property
    def reported_cm(self) -> float:
        """The distance as reported, to 0.1 cm (RUL-07)."""
        return geo.report_cm(self.exact_cm)

    @property
    def band(self) -> int | None:
        """The range band (R-SHOOT, PRJ-30), None without a weapon."""
        return geo.range_band(self.exact_cm, self.weapon.range_cm) if self.weapon else None

    @property
    def band_modifier(self) -> int | None:
        """The range band's own part of the modifier: minus one per band beyond the range."""
        return -self.band if self.band is not None else None

    @property
    def modifier(self) -> int | None:
        """The range modifier: the weapon's Combat bonus plus the band's (R-SHOOT)."""
        return geo.range_modifier(self.exact_cm, self.weapon.range_cm, self.weapon.combat) if self.weapon else None

    @property
    def is_nearest(self) -> bool | None:
        """Whether ``b`` is among the nearest enemies ``a`` sees (RUL-08)."""
        return self.b in self.nearest if self.nearest is not None else None

    @property
    def models(self) -> bool:
        """Both ends are models (sight and cover were measured)."""
        return self.cover is not None

    @property
    def near_contact(self) -> bool:
        """The distance reads the same as the contact tolerance at 0.1 cm (RUL-07)."""
        return 0 < self.exact_cm and abs(self.exact_cm - geo.CONTACT_TOLERANCE_CM) < NEAR_CM

    @property
    def near_band_limit(self) -> float | None:
        """The band limit (a multiple of the range) the distance reads the same as, if any."""
        if self.weapon is None:
            return None
        k = round(self.exact_cm / self.weapon.range_cm)
        limit = k * self.weapon.range_cm
        return limit if k >= 1 and abs(self.exact_cm - limit) < NEAR_CM else None

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` object (language-neutral)."""
        cov, rob, weapon = self.cover, self.robustness, self.weapon
        return {
            "a": self.a,
            "b": self.b,
            "distance_cm": self.reported_cm,
            "contact": self.contact,
            "line_of_sight": cov.line_of_sight if cov else None,
            "hidden_fraction": round(cov.hidden_fraction, 4) if cov else None,
            "cover": cov.cover if cov else None,
            "cover_from": list(cov.cover_from) if cov else None,
            "borderline": cov.borderline if cov else None,
            "range_modifier": self.modifier,
            "range_band": self.band,
            "weapon_range_cm": weapon.range_cm if weapon else None,
            "nearest_targets": list(self.nearest) if self.nearest is not None else None,
            "target_is_nearest": self.is_nearest,
            "robust": rob.robust if rob else None,
            "tolerance_cm": self.tolerance_cm,
            "fragile": [f.to_dict() for f in rob.fragile] if rob else None,
        }


def measure(board: Board, a_id: str, b_id: str, *, weapon: WeaponRange | None = None,
            tolerance_cm: float = DEFAULT_TOLERANCE_CM, models_block: bool = True) -> Measurement:
    """Measure from ``a_id`` to ``b_id`` (models, or a marker or terrain piece for the distance alone).

    Parameters
    ----------
    board
        The table.
    a_id, b_id
        The acting model (the shooter) and the target; either may be a marker or terrain id.
    weapon
        The weapon, for the range band and modifier; None to leave them out.
    tolerance_cm
        How far either model may stand from where it is measured for the answer to count as
        robust (:func:`landsraad.geometry.robust.robustness`).
    models_block
        Whether other models block sight (``Ruleset.models_block_sight``, RUL-11).

    Returns
    -------
    Measurement

    Raises
    ------
    GeometryError
        Unknown ids, a negative tolerance, a bad weapon range.
    """
    a, b = geo.lookup(board, a_id), geo.lookup(board, b_id)
    exact = geo.distance(board, a_id, b_id)
    models = board.has_base(a_id) and board.has_base(b_id)
    cov = sight.cover(board, a_id, b_id, models_block=models_block) if models else None
    nearest = None
    same_side = False
    if models and board.base(a_id).side is not None:
        nearest = sight.nearest_targets(board, a_id, models_block=models_block)
        same_side = board.base(b_id).side == board.base(a_id).side
    rob = (robustness(board, a_id, b_id, tolerance_cm=tolerance_cm, weapon_range_cm=weapon.range_cm if weapon else None,
                      models_block=models_block) if models else None)
    return Measurement(a=a_id, b=b_id, exact_cm=exact, contact=geo.in_contact(a, b), cover=cov, weapon=weapon,
                       nearest=nearest, same_side=same_side, robustness=rob, tolerance_cm=tolerance_cm,
                       models_block=models_block)
