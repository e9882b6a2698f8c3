"""The special-rule registry: hook points, the context hooks read, rules, and :data:`SPECIAL_RULES`.

The rule modules (:mod:`.canon`, :mod:`.project`) register into it; :mod:`landsraad.specials`
gathers them, so none of them imports the package that imports them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Literal, Mapping

from ..errors import UnknownNameError

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

Source = Literal["rulebook", "project", "player"]
Scope = Literal["profile", "weapon", "faction", "equipment", "spice", "mission"]


@dataclass(frozen=True)
class HookContext:
    """What a hook may look at. Fields a caller does not know keep their defaults.

    Hooks are pure functions of this context; they never see the engine's state objects,
    so the registry stays at the data-model layer.
    """

    action: str = ""  # "melee", "shoot", "disengage", "heal", "setup", ...
    own_fatigue: int = 0
    target_fatigue: int = 0
    target_shield: str = "none"
    distance_cm: float = 0.0
    arrakis: bool = False
    target_wound: str = "none"  # the target's wound level: "none", "light", "grave" (R-WOUND)
    extra: Mapping[str, Any] = field(default_factory=dict)


HOOK_POINTS: dict[str, str] = {
    "melee_damage_bonus": "int added to the damage of a melee strike that hits.",
    "melee_combat_bonus": "int added to Combat in melee.",
    "shoot_combat_bonus": "int added to the shooter's total.",
    "defence_bonus": "int added to the defence total in melee when defending.",
    "initiative_bonus": "int added to the initiative total in melee.",
    "heal_rerolls": "int: how many times a failed healing roll may be re-rolled (Suk doctor).",
    "ignore_wound_effects": "bool: wound-token effects are ignored (Corrino spice).",
    "ignores_armour": "bool: the weapon's effects ignore armour (explosive).",
    "reveal_mission_count": "bool: the opponent must reveal how many missions they chose (Imperial espionage).",
    "dodge_bonus": "int added to the dodge distance in cm.",
    "movement_bonus": "float cm added to Movement.",
    "difficult_terrain_free": "bool: difficult terrain does not slow the model.",
    # Added for the authored factions (PRJ-50..59, docs/content.md).
    "honour_bonus": "int added to the warband's Honour points for the set-up bids (asked of every recruited model).",
    "enemy_melee_combat_bonus": "int added to the Combat of an ENEMY model in melee with the bearer (the bearer's rules are asked; negative = malus).",
    "shield_pierce_bonus": "int added to the highest neutral die that lets the bearer's melee blow through a shield (full 1, half 1-4; R-SHIELD, RUL-03).",
    "reflexes_bonus": "int added to Reflexes wherever Reflexes counts: initiative, dodging shots, disengaging, Reflexes tests.",
    "fatigue_tolerance": "int subtracted from the fatigue tokens held when the fatigue malus is computed (R-FATIGUE-MALUS, RUL-05); recovery is unchanged.",
    "wins_bid_ties": "bool: the warband wins tied set-up bids without the roll-off (R-SETUP-BID).",
}
"""The hook points: name -> what the hook returns. ``total`` sums ints, ``any`` ors bools."""


@dataclass(frozen=True)
class SpecialRule:
    """One named special rule.

    Parameters
    ----------
    name
        The registry key used in content files (snake_case, English).
    title
        The rulebook (or card) name, for display.
    scope
        What it attaches to: a profile, a weapon, a faction, a piece of equipment, a spice effect, a mission.
    summary
        One sentence that says what it does.
    rules
        The rule IDs (``R-...``, ``RUL-nn``) it implements.
    source
        ``"rulebook"`` for canon, ``"project"`` for authored rules.
    hooks
        Hook point name -> function of :class:`HookContext`. Rules whose effect is an action
        the engine performs (healing, hunter-seeker) have no hooks; the engine looks them up by name.
    """

    name: str
    title: str
    scope: Scope
    summary: str
    rules: tuple[str, ...] = ()
    source: Source = "rulebook"
    hooks: Mapping[str, Callable[[HookContext], Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        unknown = set(self.hooks) - set(HOOK_POINTS)
        if unknown:
            raise UnknownNameError("hook point", sorted(unknown)[0], HOOK_POINTS, where=f"special rule {self.name!r}")


class SpecialRuleRegistry:
    """Name -> :class:`SpecialRule`."""

    def __init__(self) -> None:
        self._rules: dict[str, SpecialRule] = {}

    def register(self, rule: SpecialRule) -> SpecialRule:
        """Add ``rule``; a second rule with the same name is a programming error."""
        if rule.name in self._rules:
            raise ValueError(f"Special rule {rule.name!r} is registered twice.")
        self._rules[rule.name] = rule
        return rule

    def get(self, name: str, *, source: str = "", where: str = "") -> SpecialRule:
        """The rule called ``name``; raise :class:`UnknownNameError` listing valid names."""
        try:
            return self._rules[name]
        except KeyError:
            raise UnknownNameError("special rule", name, self._rules, source=source, where=where) from None

    def __contains__(self, name: object) -> bool:
        return name in self._rules

    def __iter__(self) -> Iterator[SpecialRule]:
        return iter(sorted(self._rules.values(), key=lambda r: r.name))

    def names(self) -> list[str]:
        return sorted(self._rules)

    def hooked(self, hook: str, names: Iterable[str]) -> bool:
        """Whether any named rule has the ``hook`` point at all (callers skip building a context when none has).

        Examples
        --------
        >>> SPECIAL_RULES.hooked("difficult_terrain_free", ["sandwalk"]), SPECIAL_RULES.hooked("difficult_terrain_free", [])
        (True, False)
        """
        return any(hook in self._rules[n].hooks for n in names)

    def total(self, hook: str, names: Iterable[str], ctx: HookContext) -> int:
        """Sum the ``hook`` of every named rule that has it (int hook points)."""
        return sum(int(self._rules[n].hooks[hook](ctx)) for n in names if hook in self._rules[n].hooks)

    def any(self, hook: str, names: Iterable[str], ctx: HookContext) -> bool:
        """Whether any named rule's ``hook`` returns true (bool hook points)."""
        return any(bool(self._rules[n].hooks[hook](ctx)) for n in names if hook in self._rules[n].hooks)


SPECIAL_RULES = SpecialRuleRegistry()
"""The registry every content file is checked against."""


def special_rule(**kwargs: Any) -> SpecialRule:
    """Build and register a :class:`SpecialRule` in :data:`SPECIAL_RULES`."""
    return SPECIAL_RULES.register(SpecialRule(**kwargs))
