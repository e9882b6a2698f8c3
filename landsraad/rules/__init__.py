"""The rules kernel: pure functions over explicit state that return frozen event records.

Layer 3 (see ``docs/architecture.md``): imports the data model, dice, ruleset and special
rules; never the table's geometry (range bands are plain arithmetic, read from
:mod:`landsraad.geometry.bands`, the one implementation). Distances the engine must apply (dodges, pushes, steps away,
disengaging) are reported in cm.

Modules: :mod:`~landsraad.rules.state` (the :class:`Combatant` and its effective values),
:mod:`~landsraad.rules.wounds`, :mod:`~landsraad.rules.shields`,
:mod:`~landsraad.rules.shooting`, :mod:`~landsraad.rules.melee`,
:mod:`~landsraad.rules.disengage`, :mod:`~landsraad.rules.fatigue`,
:mod:`~landsraad.rules.poisons`, :mod:`~landsraad.rules.spice`,
:mod:`~landsraad.rules.healing`, :mod:`~landsraad.rules.roles` (the sides as a dice error names them). The coverage of every rule ID is listed in ``docs/rules.md``.

Examples
--------
>>> from landsraad.model import Weapon
>>> from landsraad.rules import Combatant, resolve_shot
>>> pistol = Weapon(id="pistol", name="Pistol", range=10, combat="+1", damage="+1")
>>> resolve_shot(Combatant(combat=1, weapon=pistol), Combatant(), distance_cm=35,
...              shooter_dice=(8, 7), target_dice=(4, 3)).wound
'fatal'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

_EXPORTS: dict[str, str] = {
    **dict.fromkeys(('DisengageEvent', 'resolve_disengage', 'roll_disengage'), "disengage"),
    **dict.fromkeys(('HealEvent', 'resolve_heal', 'roll_heal'), "healing"),
    **dict.fromkeys(('MeleeEvent', 'Strike', 'resolve_melee', 'roll_melee'), "melee"),
    **dict.fromkeys(('ShotEvent', 'TemplateShotEvent', 'resolve_shot', 'resolve_template_shot', 'roll_shot', 'shot_cover'), "shooting"),
    **dict.fromkeys(('Combatant', 'Event', 'WoundLevel', 'WoundResult'), "state"),
    **dict.fromkeys(('WoundEvent', 'apply_hit', 'wound_result'), "wounds"),
}
"""Each public name and the submodule that defines it: resolved on first use (PEP 562), so
importing one submodule does not load its siblings (``landsraad odds shoot`` never loads the
melee tables)."""

__all__ = [
    "Combatant",
    "Event",
    "WoundLevel",
    "WoundResult",
    "WoundEvent",
    "apply_hit",
    "wound_result",
    "ShotEvent",
    "TemplateShotEvent",
    "resolve_shot",
    "resolve_template_shot",
    "roll_shot",
    "shot_cover",
    "MeleeEvent",
    "Strike",
    "resolve_melee",
    "roll_melee",
    "DisengageEvent",
    "resolve_disengage",
    "roll_disengage",
    "HealEvent",
    "resolve_heal",
    "roll_heal",
]


if TYPE_CHECKING:  # the names' types, for checkers that cannot follow __getattr__ (tests/test_lazy.py keeps it equal to _EXPORTS)
    from .disengage import DisengageEvent, resolve_disengage, roll_disengage
    from .healing import HealEvent, resolve_heal, roll_heal
    from .melee import MeleeEvent, Strike, resolve_melee, roll_melee
    from .shooting import ShotEvent, TemplateShotEvent, resolve_shot, resolve_template_shot, roll_shot, shot_cover
    from .state import Combatant, Event, WoundLevel, WoundResult
    from .wounds import WoundEvent, apply_hit, wound_result

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())

