"""Tests of landsraad.engine.bridge: models to kernel combatants and back (PRJ-53, R-WOUND, R-POISON)."""

from landsraad.engine.bridge import combatant, has_hook, rule_names, store
from landsraad.model import Poison

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
