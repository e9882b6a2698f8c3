"""Between the engine's :class:`~landsraad.engine.state.ModelState` and the rules kernel's
:class:`~landsraad.rules.state.Combatant`: the kernel resolves on combatants; the engine keeps
models. :func:`combatant` builds one, :func:`store` writes the kernel's result back.
"""

from __future__ import annotations

from functools import lru_cache

from ..content import load_faction
from ..model import Faction, Profile, Weapon
from ..rules.state import Combatant
from ..specials import SPECIAL_RULES, HookContext
from .state import GameState, ModelState

__all__ = ["combatant", "tested", "store", "stored", "faction_of", "rule_names", "has_hook", "allowance"]


TOKEN_PREFIX = "mission:"
"""A model whose faction starts so is a mission's token (the Protection ambassador), with no sheet."""


def faction_named(state: GameState, faction_id: str) -> Faction | None:
    """The sheet ``faction_id`` in this game: a custom sheet of the game's, else the bundled one
    (loaded once); ``None`` for a mission token's pseudo-faction.

    Raises
    ------
    UnknownNameError
        When the id is neither custom nor bundled (never a silent fallback).
    """
    for sheet in state.custom_factions:
        if sheet.id == faction_id:
            return sheet
    if faction_id.startswith(TOKEN_PREFIX):
        return None
    return load_faction(faction_id)


def faction_of(state: GameState, model_id: str) -> Faction | None:
    """The faction sheet of ``model_id`` (``None`` for tokens such as the ambassador)."""
    return faction_named(state, state.model(model_id).faction)


def rule_names(state: GameState, model_id: str) -> tuple[str, ...]:
    """The special rules that apply to ``model_id`` (PRJ-53): its card's, its faction's and its
    equipment's effects, each once (the spice effect is added by the kernel while active)."""
    m = state.model(model_id)
    custom = state.custom_factions
    # the model state's memo, checked by the identity of the game's custom sheets (a model state
    # never changes; its copies keep the memo only when their card, faction and equipment are the
    # same, MODEL_MEMO_INPUTS): asked at every move's check
    memo = m.cache.rule_names
    if memo is not None and memo[0] is custom:
        return memo[1]
    if custom:  # a custom sheet may reuse a bundled id: no cache keyed on the id
        names = _merge_rules(faction_of(state, model_id), tuple(m.profile.special_rules), tuple(m.equipment))
    else:
        names = _bundled_rule_names(m.faction, tuple(m.profile.special_rules), tuple(m.equipment))
    m.cache.rule_names = (custom, names)  # the entry keeps the sheets alive: identity stays meaningful
    return names


@lru_cache(maxsize=None)
def _bundled_rule_names(faction_id: str, card_rules: tuple[str, ...], equipment: tuple[str, ...]) -> tuple[str, ...]:
    return _merge_rules(None if faction_id.startswith(TOKEN_PREFIX) else load_faction(faction_id), card_rules, equipment)


def _merge_rules(faction: Faction | None, card_rules: tuple[str, ...], equipment: tuple[str, ...]) -> tuple[str, ...]:
    names = list(card_rules)
    if faction is not None:
        names += list(faction.special_rules)
        effects = {e.id: e.effect for e in faction.rare_equipment}
        names += [effects[e] for e in equipment if e in effects]
    return tuple(dict.fromkeys(names))


def has_hook(state: GameState, model_id: str, hook: str, **context: object) -> bool:
    """Whether a bool hook point of ``model_id``'s rules holds (e.g. ``difficult_terrain_free``)."""
    names = rule_names(state, model_id)
    if not _hooked(hook, names):  # the common case: no context to build
        return False
    if "extra" in context:  # a mapping: no cache key (every other field is a plain value)
        return SPECIAL_RULES.any(hook, names, HookContext(arrakis=state.ruleset.arrakis, **context))  # type: ignore[arg-type]
    return _hook_holds(hook, names, state.ruleset.arrakis, tuple(context.items()))


@lru_cache(maxsize=4096)
def _hook_holds(hook: str, names: tuple[str, ...], arrakis: bool, context: tuple[tuple[str, object], ...]) -> bool:
    """Whether a bool hook point of the rules ``names`` holds in the context ``arrakis`` and
    ``context`` (:func:`has_hook`), once per question: hooks are pure functions of their context
    (:class:`~landsraad.specials.HookContext`), and a move's board asks a sandwalker's
    ``difficult_terrain_free`` at every suggestion and plan."""
    return SPECIAL_RULES.any(hook, names, HookContext(arrakis=arrakis, **dict(context)))  # type: ignore[arg-type]


@lru_cache(maxsize=4096)
def _hooked(hook: str, names: tuple[str, ...]) -> bool:
    """:meth:`SpecialRuleRegistry.hooked <landsraad.specials.SpecialRuleRegistry.hooked>`, once per
    hook and rule names (a registered rule's hook points never change)."""
    return SPECIAL_RULES.hooked(hook, names)


def combatant(state: GameState, model_id: str, *, weapon: Weapon | None = None, activation_fatigue: int | None = None) -> Combatant:
    """The kernel's view of ``model_id`` now.

    ``activation_fatigue`` is given only for the active model (RUL-05); faction rules, the
    effects of carried equipment and the faction's spice effect are included so their hooks
    apply (R-SPICE, PRJ-53).
    """
    m = state.model(model_id)
    custom = state.custom_factions
    shield_disabled = m.jammed_by is not None or state.ruleset.arrakis
    # First the model state's own memo: a model state never changes, so only what else the
    # combatant is built from keys it (its copies keep the memo only when what it reads of the
    # model is the same, MODEL_MEMO_INPUTS): the game's custom sheets (with the model's faction id
    # they name its sheet), the weapon and the flags. The entry holds the sheets and the weapon it
    # was built with, checked by identity: another weapon of the same id builds its own.
    memo = m.cache.combatants
    near = (weapon.id if weapon is not None else None, activation_fatigue, shield_disabled)
    if memo is not None:
        hit = memo.get(near)
        if hit is not None and hit[0] is custom and hit[1] is weapon:
            return hit[2]
    else:
        memo = m.cache.combatants = {}
    faction = faction_named(state, m.faction)
    # A combatant is a pure function of what it is built from (the card, the sheet, the weapon,
    # the wounds, fatigue, poisons and spice, and these flags): asked for tens of times per action
    # and again after every move of the model, it is built once. The card, sheet and weapon are
    # named by their ids in the key and checked by identity in the entry (hashing them would cost
    # more than building), so an equal id of another object never answers for it.
    key = (m.profile.id, faction.id if faction is not None else None, near[0], m.name, m.faction, m.equipment, m.wound,
           m.fatigue, m.poisons, m.spice_doses, m.spice_active, activation_fatigue, shield_disabled)
    hit_built = _COMBATANTS.get(key)
    if hit_built is not None and hit_built[0] is m.profile and hit_built[1] is faction and hit_built[2] is weapon:
        built = hit_built[3]
    else:
        built = _build_combatant(state, model_id, weapon, activation_fatigue, shield_disabled)
        if len(_COMBATANTS) >= _COMBATANT_CACHE:
            _COMBATANTS.clear()
        _COMBATANTS[key] = (m.profile, faction, weapon, built)
    memo[near] = (custom, weapon, built)
    return built


_COMBATANT_CACHE = 8192
_COMBATANTS: dict[tuple[object, ...], tuple[Profile, Faction | None, Weapon | None, Combatant]] = {}


def _build_combatant(state: GameState, model_id: str, weapon: Weapon | None, activation_fatigue: int | None,
                     shield_disabled: bool) -> Combatant:
    m = state.model(model_id)
    faction = faction_of(state, model_id)
    rules = rule_names(state, model_id)
    return Combatant.from_profile(
        m.profile,
        weapon,
        name=m.name,
        wound=m.wound,
        fatigue=m.fatigue,
        activation_fatigue=activation_fatigue,
        poisons=m.poisons,
        spice_doses=m.spice_doses,
        spice_active=m.spice_active,
        spice_effect=faction.spice_effect if faction else None,
        special_rules=rules,
        shield_disabled=shield_disabled,
    )


def tested(state: GameState, model_id: str, *, weapon: Weapon | None = None) -> Combatant:
    """``model_id`` as it takes a test now: the active model carries its activation's fatigue malus
    into every test (2.2.2 "-1 à toutes ses caractéristiques de Combat et de Réflexes jusqu'à la fin
    de son activation"; R-FATIGUE-MALUS), any other model none."""
    held = state.active_held if model_id == state.active else None
    return combatant(state, model_id, weapon=weapon, activation_fatigue=held)


def store(state: GameState, model_id: str, c: Combatant, *, removed: bool | None = None) -> GameState:
    """``state`` with ``model_id``'s wounds, fatigue, poisons and spice taken from ``c``.

    A fatal wound removes the model from play (R-WOUND); the Deadly poison does not (R-POISON).
    """
    return state.with_model(stored(state, model_id, c, removed=removed))


def stored(state: GameState, model_id: str, c: Combatant, *, removed: bool | None = None, **changes: object) -> ModelState:
    """The model state :func:`store` puts in ``state``, with ``changes`` to its other fields (for a
    step that changes more of the model, or of the state, in one copy: :meth:`GameState.with_model`)."""
    m = state.model(model_id)
    gone = c.wound == "fatal" if removed is None else removed
    update: dict[str, object] = {
        "wound": c.wound,
        "fatigue": c.fatigue,
        "poisons": c.poisons,
        "spice_doses": c.spice_doses,
        "spice_active": c.spice_active,
        "removed": m.removed or gone,
        "carrying": None if gone else m.carrying,
        **changes,
    }
    if _unchanged(m, update):
        # Nearly half the stores change nothing (an activation's end without spice, a test that
        # took no wound): the frozen model state itself, not an equal copy that would lose its
        # memos (combatants, rule names, base) and build them again.
        return m
    return m.replace(**update)


def _unchanged(m: ModelState, update: dict[str, object]) -> bool:
    """Whether ``m.replace(**update)`` would equal ``m`` field for field (each value the same
    object, or of the same type and equal: ``True`` and ``1`` differ here)."""
    for k, v in update.items():
        old = getattr(m, k, _NOT_A_FIELD)  # a name that is not a field: a change (replace then says so)
        if old is _NOT_A_FIELD or old is not v and (type(old) is not type(v) or old != v):
            return False
    return True


_NOT_A_FIELD = object()


def allowance(state: GameState, model_id: str, held: int) -> float:
    """The active model's Movement now (R-WOUND: a grave wound halves it), ``held`` the fatigue
    tokens it held at the start of its activation (R-FATIGUE-MALUS)."""
    return combatant(state, model_id, activation_fatigue=held).effective_movement
