"""The rules kernel: pure functions over explicit state that return frozen event records.

Layer 3 (see ``docs/architecture.md``): imports the data model, dice, ruleset and special
rules; never geometry. Distances the engine must apply (dodges, pushes, steps away,
disengaging) are reported in cm.

Modules: :mod:`~landsraad.rules.state` (the :class:`Combatant` and its effective values),
:mod:`~landsraad.rules.wounds`, :mod:`~landsraad.rules.shooting`,
:mod:`~landsraad.rules.melee`, :mod:`~landsraad.rules.disengage`,
:mod:`~landsraad.rules.fatigue`, :mod:`~landsraad.rules.poisons`,
:mod:`~landsraad.rules.spice`, :mod:`~landsraad.rules.healing`.
The coverage of every rule ID is listed in ``docs/rules.md``.
"""

from __future__ import annotations

from .state import Combatant, Event, WoundLevel, WoundResult

__all__ = ["Combatant", "Event", "WoundLevel", "WoundResult"]
