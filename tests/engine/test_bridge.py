"""Tests of landsraad.engine.bridge: models to kernel combatants and back (PRJ-53, R-WOUND, R-POISON)."""

import dataclasses

from hypothesis import example, given
from hypothesis import strategies as st

from landsraad.engine.bridge import _hook_holds, combatant, has_hook, rule_names, store, stored
from landsraad.model import Poison
from landsraad.specials import HOOK_POINTS, SPECIAL_RULES, HookContext

from .helpers import model, state_in_play


def test_combatant_carries_card_faction_and_equipment_rules_prj_53():
    m = model("red", "corrino", "master_assassin", 1, 10, 10, equipment=("jammer",))
    state = state_in_play([m, model("blue", "fremen", "warrior", 1, 40, 40)])
    names = rule_names(state, m.id)
    assert "assassination" in names and "imperial_espionage" in names and "jammer" in names
    c = combatant(state, m.id)
    assert c.spice_effect == "corrino_spice" and c.shield == "full"


def test_shield_is_off_when_jammed_or_on_arrakis():
    from landsraad.ruleset import Ruleset

    m = model("red", "corrino", "duellist", 1, 10, 10, jammed_by="x")
    assert combatant(state_in_play([m]), m.id).shield_disabled
    n = model("red", "corrino", "duellist", 1, 10, 10)
    assert combatant(state_in_play([n], ruleset=Ruleset(arrakis=True)), n.id).shield_disabled
    assert not combatant(state_in_play([n]), n.id).shield_disabled


def test_store_removes_on_fatal_but_not_on_deadly_r_poison():
    m = model("red", "corrino", "soldier", 1, 10, 10)
    state = state_in_play([m])
    c = combatant(state, m.id)
    dead = store(state, m.id, c.model_copy(update={"wound": "fatal"}))
    assert dead.model(m.id).removed
    poisoned = store(state, m.id, c.model_copy(update={"poisons": (Poison(kind="deadly"),)}))
    assert not poisoned.model(m.id).removed and poisoned.model(m.id).out_of_action


def test_has_hook_reads_faction_rules():
    f = model("blue", "fremen", "warrior", 1, 10, 10)
    state = state_in_play([f])
    assert has_hook(state, f.id, "difficult_terrain_free")  # sandwalk
    c = model("red", "corrino", "soldier", 1, 20, 10)
    assert not has_hook(state_in_play([c]), c.id, "difficult_terrain_free")


def test_a_combatant_is_built_once_per_card_and_condition_not_per_position():
    """The bridge's cache: a model that only moved is the same combatant (the same object);
    a new wound, fatigue or poison gives a new one, equal to one built from scratch (R-WOUND, R-POISON)."""
    from landsraad.engine import bridge

    m = model("red", "corrino", "soldier", 1, 10, 10)
    state = state_in_play([m, model("blue", "fremen", "warrior", 1, 40, 40)])
    before = combatant(state, m.id)
    moved = state.update_model(m.id, x=20.0, y=30.0)
    assert combatant(moved, m.id) is before
    for change in ({"wound": "light"}, {"fatigue": 2}, {"poisons": (Poison(kind="deadly"),)}, {"spice_active": True}):
        changed = state.update_model(m.id, **change)
        c = combatant(changed, m.id)
        assert c is not before
        bridge._COMBATANTS.clear()
        assert combatant(changed, m.id) == c


@example(wound="none", fatigue=0, poisons=(), spice_active=False, removed=None, activations=None, set_first=True)
@example(wound="none", fatigue=0, poisons=(), spice_active=False, removed=False, activations=0, set_first=True)
@example(wound="none", fatigue=0, poisons=(), spice_active=False, removed=None, activations=None, set_first=False)
@given(
    wound=st.sampled_from(["none", "light", "grave", "fatal"]),
    fatigue=st.integers(0, 3),
    poisons=st.sampled_from([(), ("deadly",), ("will_breaker",)]),
    spice_active=st.booleans(),
    removed=st.sampled_from([None, False, True]),
    activations=st.sampled_from([None, 0, 1]),
    set_first=st.booleans(),
)
def test_stored_is_the_full_copy_and_the_model_itself_when_nothing_changes(wound, fatigue, poisons, spice_active, removed,
                                                                          activations, set_first):
    """``stored`` equals the copy with every stored field; when that copy would change nothing
    (each field the same object, or of the same type and equal) it is the model state itself,
    which keeps its memos."""
    m = model("red", "corrino", "soldier", 1, 10, 10)
    if set_first:  # a model whose stored fields were all set already (as after its first store)
        m = m.replace(wound="none", fatigue=0, poisons=(), spice_doses=m.spice_doses, spice_active=False, removed=False, carrying=None, activations=0)
    state = state_in_play([m])
    c = combatant(state, m.id).model_copy(update={"wound": wound, "fatigue": fatigue, "spice_active": spice_active,
                                                  "poisons": tuple(Poison(kind=k) for k in poisons)})
    changes = {} if activations is None else {"activations": activations}
    got = stored(state, m.id, c, removed=removed, **changes)
    gone = c.wound == "fatal" if removed is None else removed
    full = m.replace(wound=c.wound, fatigue=c.fatigue, poisons=c.poisons, spice_doses=c.spice_doses, spice_active=c.spice_active,
                     removed=m.removed or gone, carrying=None if gone else m.carrying, **changes)
    names = [f.name for f in dataclasses.fields(m) if f.compare]
    assert got == full and all(type(getattr(got, k)) is type(getattr(full, k)) for k in names)
    same = all(type(getattr(full, k)) is type(getattr(m, k)) and getattr(full, k) == getattr(m, k) for k in names)
    assert (got is m) == same
    if got is m:
        assert got.cache.combatants  # its memo kept


def test_a_store_of_an_equal_value_of_another_type_is_a_change():
    """``False`` equals ``0`` but a copy would hold ``False``: not the model itself then."""
    from landsraad.engine.bridge import _unchanged

    m = model("red", "corrino", "soldier", 1, 10, 10).replace(fatigue=0, removed=False)
    assert _unchanged(m, {"fatigue": 0, "removed": False})
    assert not _unchanged(m, {"fatigue": False}) and not _unchanged(m, {"removed": 0})
    assert not _unchanged(m, {"wound": "none", "not_a_field": 1})


_UPDATES = st.fixed_dictionaries({}, optional={
    "x": st.sampled_from([10.0, 12.5]), "y": st.sampled_from([10.0, 3.0]), "fatigue": st.integers(0, 2),
    "wound": st.sampled_from(["none", "light"]), "poisons": st.sampled_from([(), (Poison(kind="deadly"),)]),
    "removed": st.booleans(), "spice_active": st.booleans(), "jammed_by": st.sampled_from([None, "blue-x"]),
    "equipment": st.sampled_from([(), ("jammer",)]), "name": st.sampled_from(["Soldier 1", "Other"]),
})


@given(st.lists(_UPDATES, min_size=1, max_size=4))
def test_what_a_copy_keeps_of_its_source_is_what_it_would_compute(updates):
    """Along any chain of copies, the memos a copy keeps (combatants, rule names, out of action,
    base) equal what a model state with the same fields and no memo computes."""
    from landsraad.engine.state import ModelState

    m = model("red", "corrino", "soldier", 1, 10, 10)
    enemy = model("blue", "fremen", "warrior", 1, 40, 40)
    for update in updates:
        state = state_in_play([m, enemy])
        combatant(state, m.id), rule_names(state, m.id), m.out_of_action, m.base()  # the source's memos
        m = m.replace(**update)
        fresh = ModelState(**{f.name: getattr(m, f.name) for f in dataclasses.fields(ModelState) if f.init})
        assert fresh.cache.base is None and fresh.cache.combatants is None
        mine, theirs = state_in_play([m, enemy]), state_in_play([fresh, enemy])
        assert combatant(mine, m.id) == combatant(theirs, m.id)
        assert rule_names(mine, m.id) == rule_names(theirs, m.id)
        assert m.out_of_action == fresh.out_of_action and m.base() == fresh.base()


_BOOL_HOOKS = sorted(h for h, what in HOOK_POINTS.items() if what.startswith("bool"))
_RULES_WITH_BOOL_HOOKS = sorted(n for n, rule in SPECIAL_RULES._rules.items() if any(h in rule.hooks for h in _BOOL_HOOKS))


@given(hook=st.sampled_from(_BOOL_HOOKS), names=st.lists(st.sampled_from(_RULES_WITH_BOOL_HOOKS), unique=True, max_size=4),
       arrakis=st.booleans(), action=st.sampled_from(["", "move", "melee", "shoot", "disengage", "heal", "setup"]))
def test_a_hook_answer_kept_per_question_is_the_registrys(hook, names, arrakis, action):
    """has_hook keeps each (hook, rules, context) answer (hooks are pure functions of their context):
    the registry's own answer, asked afresh, for every bool hook point and rule that has one."""
    names = tuple(names)
    want = SPECIAL_RULES.any(hook, names, HookContext(arrakis=arrakis, action=action))
    assert _hook_holds(hook, names, arrakis, (("action", action),)) is want
    assert _hook_holds(hook, names, arrakis, (("action", action),)) is want
