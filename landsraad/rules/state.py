"""The state of one model in a fight, and its effective characteristics.

A :class:`Combatant` is a frozen snapshot of what the rules kernel needs to know about a
model: its printed characteristics, the weapon it uses now, and its states (wound level,
fatigue tokens, poisons suffered, spice). The functions of this module are the source of
truth for its *effective* characteristics; the ``effective_*`` properties delegate to them.

Rules
-----
- R-WOUND: light wound -1 Combat, Reflexes, Endurance; grave wound -2 to the three and half
  Movement; wounds do not add up, the worst level counts; Endurance is at least 1.
- RUL-05 (R-FATIGUE-MALUS): tokens held when the model's current activation began, before
  the new one: 1 -> -1 Combat and Reflexes; 2 or more -> -2 Combat, -2 Reflexes, -1 Endurance.
  Only while that activation lasts (``activation_fatigue`` is ``None`` for a model that is not
  the active one), stacking with wounds; never a wound level.
- R-POISON: Dangerous = grave-wound effects; Deadly = fatal-wound effects but the model stays
  on the table (out of action); Paralysing = cannot move, -3 on its dice in melee; Blinding =
  cannot shoot, only defends in melee with -4 on its defence die; Irritant = no melee or
  shooting action, may still defend.
- R-SPICE: the faction's spice effect applies through the special-rule hooks
  (``ignore_wound_effects`` for the Corrino spice; PRJ-10: it ignores wound-level effects,
  not fatigue nor poison effects).
- R-SHIELD, R-ARRAKIS: no shield when disabled (jammer) or on Arrakis.

Examples
--------
>>> c = Combatant(name="Soldier", combat=1, reflexes=2, endurance=3, wound="light")
>>> c.effective_combat, c.effective_reflexes, c.effective_endurance
(0, 1, 2)
>>> c.model_copy(update={"activation_fatigue": 2}).effective_combat  # light wound + fatigue ladder
-2
>>> Combatant(endurance=1, wound="grave").effective_endurance  # never below 1
1
>>> Combatant(movement=10, wound="grave").effective_movement
5.0
"""

from __future__ import annotations

from typing import Any, Literal, Sequence, TypeVar

from pydantic import Field

from ..model import Faction, Frozen, Poison, PoisonKind, Profile, ShieldKind, Weapon
from ..ruleset import DEFAULT, Ruleset
from ..specials import SPECIAL_RULES, HookContext

__all__ = [
    "WoundLevel",
    "WoundResult",
    "WOUND_LEVELS",
    "WOUND_RESULTS",
    "Event",
    "Combatant",
    "wound_rank",
    "worse_wound",
    "active_rules",
    "hook_context",
    "has_poison",
    "effective_wound_level",
    "wound_effects_ignored",
    "wound_penalty",
    "fatigue_penalty",
    "effective_combat",
    "effective_reflexes",
    "effective_endurance",
    "effective_movement",
    "effective_shield",
    "is_out_of_action",
    "is_removed",
    "may_move",
    "may_shoot",
    "may_attack_in_melee",
    "melee_dice_malus",
    "melee_defence_malus",
]

WoundLevel = Literal["none", "light", "grave", "fatal"]
"""A model's wound level (R-WOUND). Only the worst counts."""

WoundResult = Literal["none", "scratch", "light", "grave", "fatal"]
"""What one hit did: ``none`` (no damage, RUL-18), ``scratch`` (one fatigue token), or a wound level."""

WOUND_LEVELS: tuple[str, ...] = ("none", "light", "grave", "fatal")
"""Wound levels from best to worst."""

WOUND_RESULTS: tuple[str, ...] = ("none", "scratch", "light", "grave", "fatal")
"""Results of one hit from mildest to worst."""

_WOUND_PENALTY = {"none": 0, "light": 1, "grave": 2, "fatal": 2}


class Event(Frozen):
    """Base of the kernel's event records: frozen, JSON-able with :meth:`to_dict`."""

    def to_dict(self) -> dict[str, Any]:
        """The event as plain JSON-able data."""
        return self.model_dump(mode="json")


class Combatant(Frozen):
    """A model as the rules kernel sees it at one moment (frozen; update with ``model_copy``).

    Parameters
    ----------
    name
        For messages and stories.
    movement, combat, reflexes, endurance, armour, shield
        The printed characteristics (after faction modifiers), R-PROFILE. ``armour`` is Armour X.
    shield_disabled
        Its shield does not work now (a jammer's template); R-SHIELD.
    weapon
        The weapon it uses in this fight or shot (RUL-15: the player says which).
    wound
        Its wound level (R-WOUND, RUL-13).
    fatigue
        Fatigue tokens held now (R-FATIGUE-*).
    activation_fatigue
        Tokens it held when its current activation began, before the new one (RUL-05);
        ``None`` when it is not the active model (no fatigue malus then).
    poisons
        Poisons it suffers now; Will-breaker X and Crippling X carry the activations left in ``x``.
    carried_poisons
        Poisons it may put on its weapon (the Master Assassin's card); chosen per fight.
    spice_doses, spice_active, spice_effect
        Doses carried, whether a dose is in effect, and the faction's spice effect (a special-rule name).
    special_rules
        Its special rules (profile and faction), by registry name.
    """

    name: str = "model"
    movement: float = 10.0
    combat: int = 0
    reflexes: int = 0
    endurance: int = Field(3, ge=1)
    armour: int | None = Field(None, ge=1)
    shield: ShieldKind = "none"
    shield_disabled: bool = False
    weapon: Weapon | None = None
    wound: WoundLevel = "none"
    fatigue: int = Field(0, ge=0)
    activation_fatigue: int | None = Field(None, ge=0)
    poisons: tuple[Poison, ...] = ()
    carried_poisons: tuple[Poison, ...] = ()
    spice_doses: int = Field(0, ge=0)
    spice_active: bool = False
    spice_effect: str | None = None
    special_rules: tuple[str, ...] = ()

    @classmethod
    def from_profile(
        cls,
        profile: Profile,
        weapon: Weapon | None = None,
        *,
        faction: Faction | None = None,
        extra_rules: Sequence[str] = (),
        **state: Any,
    ) -> "Combatant":
        """Build a combatant from a profile card (with faction modifiers already applied).

        With ``faction``, its special rules join the card's and its spice effect is set (PRJ-53:
        the rules that apply to a model are its card's, its weapon's, its faction's, its spice
        effect while active, and its equipment's: pass equipment effects as ``extra_rules``).

        Examples
        --------
        >>> p = Profile(id="soldier", name="Soldier", cost=1, movement=10, combat="+1", reflexes=0, endurance=3)
        >>> Combatant.from_profile(p, wound="light").effective_combat
        0
        >>> Combatant.from_profile(p, extra_rules=["jammer"]).special_rules
        ('jammer',)
        """
        rules = list(profile.special_rules)
        spice_effect = None
        if faction is not None:
            rules += [r for r in faction.special_rules if r not in rules]
            spice_effect = faction.spice_effect
        rules += [r for r in extra_rules if r not in rules]
        data: dict[str, Any] = dict(
            name=profile.name,
            movement=profile.movement,
            combat=profile.combat,
            reflexes=profile.reflexes,
            endurance=profile.endurance,
            armour=profile.armour,
            shield=profile.shield,
            carried_poisons=profile.poisons,
            spice_doses=profile.spice,
            spice_effect=spice_effect,
            special_rules=tuple(rules),
            weapon=weapon,
        )
        data.update(state)
        return cls(**data)

    # Properties delegate to the module functions (the source of truth).
    @property
    def effective_combat(self) -> int:
        """See :func:`effective_combat`."""
        return effective_combat(self)

    @property
    def effective_reflexes(self) -> int:
        """See :func:`effective_reflexes`."""
        return effective_reflexes(self)

    @property
    def effective_endurance(self) -> int:
        """See :func:`effective_endurance`."""
        return effective_endurance(self)

    @property
    def effective_movement(self) -> float:
        """See :func:`effective_movement`."""
        return effective_movement(self)

    @property
    def effective_shield(self) -> ShieldKind:
        """See :func:`effective_shield` (with the default ruleset)."""
        return effective_shield(self)

    @property
    def out_of_action(self) -> bool:
        """See :func:`is_out_of_action`."""
        return is_out_of_action(self)


# --- helpers --------------------------------------------------------------------------------


def wound_rank(level: str) -> int:
    """Rank of a wound level or hit result: none < scratch < light < grave < fatal.

    Examples
    --------
    >>> [wound_rank(w) for w in ("none", "scratch", "light", "grave", "fatal")]
    [0, 1, 2, 3, 4]
    """
    return WOUND_RESULTS.index(level)


_Level = TypeVar("_Level", bound=str)


def worse_wound(a: _Level, b: _Level) -> _Level:
    """The worse of two wound levels (R-WOUND: only the worst counts).

    Examples
    --------
    >>> worse_wound("light", "grave"), worse_wound("grave", "light"), worse_wound("none", "none")
    ('grave', 'grave', 'none')
    """
    return a if wound_rank(a) >= wound_rank(b) else b


def active_rules(c: Combatant, *, with_weapon: bool = True) -> tuple[str, ...]:
    """Special-rule names whose hooks apply to ``c``: its own, its weapon's, and its spice effect while active.

    Examples
    --------
    >>> active_rules(Combatant(special_rules=("assassination",), spice_active=True, spice_effect="corrino_spice"))
    ('assassination', 'corrino_spice')
    >>> active_rules(Combatant(spice_active=False, spice_effect="corrino_spice"))
    ()
    """
    weapon_rules = c.weapon.special_rules if with_weapon and c.weapon is not None else ()
    if not weapon_rules and not c.spice_active:  # the common case, kept fast
        return c.special_rules
    names = list(c.special_rules)
    if weapon_rules:
        names.extend(n for n in weapon_rules if n not in names)
    if c.spice_active and c.spice_effect and c.spice_effect not in names:
        names.append(c.spice_effect)
    return tuple(names)


def hook_context(
    c: Combatant,
    *,
    action: str = "",
    target: Combatant | None = None,
    distance_cm: float = 0.0,
    ruleset: Ruleset = DEFAULT,
    **extra: object,
) -> HookContext:
    """The :class:`~landsraad.specials.HookContext` that ``c``'s hooks see.

    Examples
    --------
    >>> hook_context(Combatant(fatigue=1), action="melee", target=Combatant(fatigue=2)).target_fatigue
    2
    """
    return HookContext(
        action=action,
        own_fatigue=c.fatigue,
        target_fatigue=target.fatigue if target is not None else 0,
        target_shield=effective_shield(target, ruleset) if target is not None else "none",
        target_wound=target.wound if target is not None else "none",
        distance_cm=distance_cm,
        arrakis=ruleset.arrakis,
        extra=extra,
    )


def has_poison(c: Combatant, kind: PoisonKind) -> bool:
    """Whether ``c`` suffers the poison ``kind`` now.

    Examples
    --------
    >>> has_poison(Combatant(poisons=(Poison(kind="irritant"),)), "irritant")
    True
    """
    return bool(c.poisons) and any(p.kind == kind for p in c.poisons)


# --- effective values -------------------------------------------------------------------------


def effective_wound_level(c: Combatant) -> WoundLevel:
    """The wound level whose effects ``c`` suffers: its own, or worse through a poison (R-POISON).

    Dangerous gives grave-wound effects, Deadly fatal-wound effects.

    Examples
    --------
    >>> effective_wound_level(Combatant(wound="light", poisons=(Poison(kind="dangerous"),)))
    'grave'
    >>> effective_wound_level(Combatant(poisons=(Poison(kind="deadly"),)))
    'fatal'
    """
    level: WoundLevel = c.wound
    if has_poison(c, "dangerous"):
        level = worse_wound(level, "grave")
    if has_poison(c, "deadly"):
        level = "fatal"
    return level


def wound_effects_ignored(c: Combatant, ruleset: Ruleset = DEFAULT) -> bool:
    """Whether a hook (the Corrino spice) makes ``c`` ignore its wound tokens' effects (R-SPICE, PRJ-10).

    Examples
    --------
    >>> wound_effects_ignored(Combatant(spice_active=True, spice_effect="corrino_spice"))
    True
    >>> wound_effects_ignored(Combatant(spice_active=False, spice_effect="corrino_spice"))
    False
    """
    names = active_rules(c)
    # Asked for every wound penalty (tens of thousands of times a game): the context is built only
    # when some rule has the hook, as :meth:`SpecialRuleRegistry.any` asks no other rule.
    return SPECIAL_RULES.hooked("ignore_wound_effects", names) and SPECIAL_RULES.any("ignore_wound_effects", names, hook_context(c, ruleset=ruleset))


def wound_penalty(c: Combatant, ruleset: Ruleset = DEFAULT) -> int:
    """The penalty on Combat, Reflexes and Endurance from wounds and wound-like poisons (R-WOUND, R-POISON).

    PRJ-10: a spice effect that ignores wound tokens cancels the real wound level's penalty,
    not the Dangerous poison's (a poison effect, not a wound token).

    Examples
    --------
    >>> wound_penalty(Combatant(wound="light")), wound_penalty(Combatant(wound="grave"))
    (1, 2)
    >>> wound_penalty(Combatant(wound="grave", spice_active=True, spice_effect="corrino_spice"))
    0
    >>> wound_penalty(Combatant(spice_active=True, spice_effect="corrino_spice", poisons=(Poison(kind="dangerous"),)))
    2
    """
    real = _WOUND_PENALTY[c.wound]
    if real and wound_effects_ignored(c, ruleset):  # asked only when there is a penalty to cancel (most models are unhurt)
        real = 0
    poison = 2 if (has_poison(c, "dangerous") or has_poison(c, "deadly")) else 0
    return max(real, poison)


def fatigue_penalty(c: Combatant, ruleset: Ruleset = DEFAULT) -> tuple[int, int, int]:
    """Fatigue ladder malus ``(combat, reflexes, endurance)`` during ``c``'s activation (RUL-05, R-FATIGUE-MALUS).

    Based on ``activation_fatigue``, the tokens held when the activation began, before the new
    one, less the ``fatigue_tolerance`` hooks of its rules (the tokens themselves are unchanged).

    Examples
    --------
    >>> [fatigue_penalty(Combatant(activation_fatigue=n)) for n in (0, 1, 2, 5)]
    [(0, 0, 0), (1, 1, 0), (2, 2, 1), (2, 2, 1)]
    >>> fatigue_penalty(Combatant(fatigue=4))  # not the active model: no malus
    (0, 0, 0)
    >>> fatigue_penalty(Combatant(activation_fatigue=2, special_rules=("ducal_loyalty",)))  # counts one token fewer
    (1, 1, 0)
    """
    held = c.activation_fatigue
    if not held:
        return (0, 0, 0)
    names = active_rules(c)
    if SPECIAL_RULES.hooked("fatigue_tolerance", names):  # no rule with the hook: a total of 0, no context to build
        held -= SPECIAL_RULES.total("fatigue_tolerance", names, hook_context(c, action="fatigue", ruleset=ruleset))
    if held <= 0:
        return (0, 0, 0)
    if held == 1:
        return (1, 1, 0)
    return (2, 2, 1)


def effective_combat(c: Combatant, ruleset: Ruleset = DEFAULT) -> int:
    """Combat after wounds, poisons and the fatigue ladder; may go below 0 (R-WOUND, RUL-05).

    Examples
    --------
    >>> effective_combat(Combatant(combat=2, wound="grave", activation_fatigue=1))
    -1
    """
    return c.combat - wound_penalty(c, ruleset) - fatigue_penalty(c, ruleset)[0]


def effective_reflexes(c: Combatant, ruleset: Ruleset = DEFAULT) -> int:
    """Reflexes after wounds, poisons, the fatigue ladder and ``reflexes_bonus`` hooks; may go below 0 (R-WOUND, RUL-05).

    The hooks count wherever Reflexes count: melee initiative, dodge distance, disengaging.

    Examples
    --------
    >>> effective_reflexes(Combatant(reflexes=4, wound="light", activation_fatigue=3))
    1
    >>> effective_reflexes(Combatant(reflexes=1, spice_active=True, spice_effect="atreides_spice"))
    2
    """
    names = active_rules(c)
    # the context only when some rule has the hook: without one the total is 0
    bonus = SPECIAL_RULES.total("reflexes_bonus", names, hook_context(c, action="reflexes", ruleset=ruleset)) if SPECIAL_RULES.hooked("reflexes_bonus", names) else 0
    return c.reflexes - wound_penalty(c, ruleset) - fatigue_penalty(c, ruleset)[1] + bonus


def effective_endurance(c: Combatant, ruleset: Ruleset = DEFAULT) -> int:
    """Endurance after wounds, poisons and the fatigue ladder; at least 1 (R-WOUND, RUL-05).

    Examples
    --------
    >>> effective_endurance(Combatant(endurance=3, wound="light", activation_fatigue=2))
    1
    >>> effective_endurance(Combatant(endurance=2, wound="grave"))
    1
    """
    return max(1, c.endurance - wound_penalty(c, ruleset) - fatigue_penalty(c, ruleset)[2])


def effective_movement(c: Combatant, ruleset: Ruleset = DEFAULT) -> float:
    """Movement in cm: halved by grave-wound effects, 0 when paralysed or out of action (R-WOUND, R-POISON).

    The ``movement_bonus`` hook is added before halving.

    Examples
    --------
    >>> effective_movement(Combatant(movement=10, poisons=(Poison(kind="dangerous"),)))
    5.0
    >>> effective_movement(Combatant(movement=10, poisons=(Poison(kind="paralysing"),)))
    0.0
    """
    if has_poison(c, "paralysing") or is_out_of_action(c):
        return 0.0
    names = active_rules(c)
    bonus = SPECIAL_RULES.total("movement_bonus", names, hook_context(c, action="move", ruleset=ruleset)) if SPECIAL_RULES.hooked("movement_bonus", names) else 0
    movement = float(c.movement + bonus)
    grave = has_poison(c, "dangerous") or (c.wound in ("grave", "fatal") and not wound_effects_ignored(c, ruleset))
    return movement / 2 if grave else movement


def effective_shield(c: Combatant, ruleset: Ruleset = DEFAULT) -> ShieldKind:
    """The shield that works now: none when disabled (jammer) or on Arrakis (R-SHIELD, R-ARRAKIS).

    Examples
    --------
    >>> effective_shield(Combatant(shield="half"))
    'half'
    >>> effective_shield(Combatant(shield="full", shield_disabled=True))
    'none'
    >>> effective_shield(Combatant(shield="full"), Ruleset(arrakis=True))
    'none'
    """
    if c.shield_disabled or ruleset.arrakis:
        return "none"
    return c.shield


def is_out_of_action(c: Combatant) -> bool:
    """Whether ``c`` suffers fatal-wound effects: a fatal wound, or the Deadly poison (R-WOUND, R-POISON).

    Such a model never acts, fights or is healed. See :func:`is_removed` for whether it leaves the table.

    Examples
    --------
    >>> is_out_of_action(Combatant(poisons=(Poison(kind="deadly"),))), is_out_of_action(Combatant(wound="grave"))
    (True, False)
    """
    return c.wound == "fatal" or has_poison(c, "deadly")


def is_removed(c: Combatant) -> bool:
    """Whether ``c`` is removed from play: a real fatal wound. The Deadly poison leaves it on the table.

    Examples
    --------
    >>> is_removed(Combatant(wound="fatal")), is_removed(Combatant(poisons=(Poison(kind="deadly"),)))
    (True, False)
    """
    return c.wound == "fatal"


def may_move(c: Combatant) -> bool:
    """Whether ``c`` can move at all (R-POISON Paralysing; out of action).

    Examples
    --------
    >>> may_move(Combatant()), may_move(Combatant(poisons=(Poison(kind="paralysing"),)))
    (True, False)
    """
    return not (has_poison(c, "paralysing") or is_out_of_action(c))


def may_shoot(c: Combatant) -> bool:
    """Whether ``c``'s state lets it take a shooting action (R-POISON Blinding, Irritant); the weapon is not checked.

    Examples
    --------
    >>> may_shoot(Combatant()), may_shoot(Combatant(poisons=(Poison(kind="blinding"),)))
    (True, False)
    """
    return not (has_poison(c, "blinding") or has_poison(c, "irritant") or is_out_of_action(c))


def may_attack_in_melee(c: Combatant) -> bool:
    """Whether ``c`` may choose to attack in a clash (R-POISON: Blinding and Irritant only defend).

    Examples
    --------
    >>> may_attack_in_melee(Combatant()), may_attack_in_melee(Combatant(poisons=(Poison(kind="irritant"),)))
    (True, False)
    """
    return not (has_poison(c, "blinding") or has_poison(c, "irritant") or is_out_of_action(c))


def melee_dice_malus(c: Combatant) -> int:
    """Malus on each of ``c``'s melee totals (initiative, attack, defence): 3 when paralysed (R-POISON, PRJ-13).

    Examples
    --------
    >>> melee_dice_malus(Combatant(poisons=(Poison(kind="paralysing"),)))
    3
    """
    return 3 if has_poison(c, "paralysing") else 0


def melee_defence_malus(c: Combatant) -> int:
    """Extra malus on ``c``'s melee defence total: 4 when blinded (R-POISON).

    Examples
    --------
    >>> melee_defence_malus(Combatant(poisons=(Poison(kind="blinding"),)))
    4
    """
    return 4 if has_poison(c, "blinding") else 0
