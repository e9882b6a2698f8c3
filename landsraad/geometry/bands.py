"""Range bands (R-SHOOT, PRJ-30) and distances as reported (RUL-07): plain arithmetic, the one
implementation that ``measure``, ``shoot``, ``odds`` and the rules kernel
(:func:`landsraad.rules.shooting.range_band`) all read. No shapely here, so the dice commands
do not load the table's geometry.

Examples
--------
>>> range_band(35, 10), range_modifier(35, 10, +1)   # shooting example 1: pistol (10, +1) at 35 cm
(3, -2)
"""

from __future__ import annotations

import math

from ..errors import GeometryError
from ..i18n import message, numeral

__all__ = ["report_cm", "range_band", "range_modifier", "MAX_RANGE_CM"]

_FLOAT_SLACK = 1e-9
"""Floating-point slack for boundary comparisons (far below anything a tape measure shows)."""


def report_cm(x: float) -> float:
    """``x`` rounded to 0.1 cm, halves up, as distances are reported (RUL-07).

    Examples
    --------
    >>> report_cm(7.04), report_cm(7.05), report_cm(0.25), report_cm(12.0)
    (7.0, 7.1, 0.3, 12.0)
    """
    return math.floor(float(x) * 10.0 + 0.5 + _FLOAT_SLACK) / 10.0


MAX_RANGE_CM = 1000.0
"""The longest weapon range measured (10 m): far beyond any table, short of overflow."""


def range_band(distance_cm: float, weapon_range_cm: float) -> int:
    """The range band of a shot: 0 within the weapon's range (``<=``), +1 per further band (R-SHOOT).

    The distance is taken as reported, to 0.1 cm (PRJ-30): 10.04 cm reads 10.0 cm and is
    within a 10 cm range; 10.05 cm reads 10.1 cm and is not.

    Examples
    --------
    Shooting example 1 (pistol, range 10): "+1 under 10, 0 between 11 and 20, -1 between 21
    and 30, -2 between 31 and 40" - bands 0, 1, 2, 3; the boundaries belong to the lower band.

    >>> [range_band(d, 10) for d in (0, 10, 10.04, 10.05, 20, 20.1, 30, 35, 40, 40.1)]
    [0, 0, 0, 1, 1, 2, 2, 3, 3, 4]

    Shooting example 2: a lance (range 15) at 16 cm is one band out.

    >>> range_band(16, 15)
    1
    """
    if not weapon_range_cm > 0:
        raise GeometryError(message('A weapon range must be more than 0 cm to measure range bands; got {weapon_range_cm}.', weapon_range_cm=numeral(weapon_range_cm)))
    if not math.isfinite(weapon_range_cm) or weapon_range_cm > MAX_RANGE_CM:
        raise GeometryError(message('A weapon range is at most {max_range_cm} cm (a table is 60 cm wide); got {weapon_range_cm}.', max_range_cm=numeral(MAX_RANGE_CM, 'g'), weapon_range_cm=numeral(weapon_range_cm, 'g')))
    if not math.isfinite(distance_cm):
        raise GeometryError(message('A distance must be a finite number of cm; got {distance_cm}.', distance_cm=numeral(distance_cm)))
    if distance_cm < 0:
        raise GeometryError(message('A distance cannot be negative; got {distance_cm} cm.', distance_cm=numeral(distance_cm)))
    # Whole tenths of a centimetre: integer arithmetic, so 20.0 / 10 never lands in band 2.
    tenths = round(report_cm(distance_cm) * 10)
    band_tenths = round(weapon_range_cm * 10)
    if band_tenths <= 0:
        raise GeometryError(message('A weapon range must be at least 0.1 cm; got {weapon_range_cm}.', weapon_range_cm=numeral(weapon_range_cm)))
    return 0 if tenths <= 0 else (tenths - 1) // band_tenths


def range_modifier(distance_cm: float, weapon_range_cm: float, weapon_combat: int) -> int:
    """The weapon's Combat bonus minus one per band beyond its range (R-SHOOT).

    Examples
    --------
    >>> range_modifier(35, 10, 1)     # shooting example 1: pistol +1 at 35 cm
    -2
    >>> range_modifier(9.9, 10, 1)    # within range: the weapon's bonus
    1
    >>> range_modifier(16, 15, 1)     # shooting example 2: lance +1 at 16 cm gives +0
    0
    """
    return int(weapon_combat) - range_band(distance_cm, weapon_range_cm)
