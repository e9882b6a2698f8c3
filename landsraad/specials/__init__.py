"""Special rules as named hooks in a registry.

Game content (``factions/*.yaml``, ``missions/*.yaml``) names special rules; this registry
says what each name means. A rule is a :class:`SpecialRule`: its name, its rulebook title,
what it attaches to, a one-line summary, the rule IDs it implements, whether it is canon, and
its *hooks*: named functions that the rules kernel and the engine call at fixed points
(:data:`HOOK_POINTS`). Code never special-cases a faction; it asks the registry.

An unknown name is an :class:`~landsraad.errors.UnknownNameError` listing the valid names.

Examples
--------
>>> rule = SPECIAL_RULES.get("assassination")
>>> rule.title
'Assassination'
>>> SPECIAL_RULES.total("melee_damage_bonus", ["assassination"], HookContext(target_fatigue=1))
1
>>> SPECIAL_RULES.total("melee_damage_bonus", ["assassination"], HookContext(target_fatigue=0))
0
>>> SPECIAL_RULES.get("asassination")
Traceback (most recent call last):
...
landsraad.errors.UnknownNameError: Unknown special rule 'asassination'. Did you mean 'assassination'? Valid special rules are: ...
"""

from __future__ import annotations

# The rule modules register themselves into the registry on import.
from . import canon as _canon  # noqa: F401
from . import project as _project  # noqa: F401
from .registry import (
    HOOK_POINTS,
    SPECIAL_RULES,
    HookContext,
    Scope,
    Source,
    SpecialRule,
    SpecialRuleRegistry,
    special_rule,
)

__all__ = [
    "Source",
    "Scope",
    "HookContext",
    "HOOK_POINTS",
    "SpecialRule",
    "SpecialRuleRegistry",
    "SPECIAL_RULES",
    "special_rule",
]
