"""landsraad.ai.tables: the caches' signatures put together only combatants the rules kernel
cannot tell apart, checked against the kernel's own facts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.ai.tables import _disengage_exact, _norm, _shot_harm, _side_facts, _sig
from landsraad.content import load_factions
from landsraad.errors import LandsraadError
from landsraad.model import Poison
from landsraad.rules.state import Combatant
from landsraad.ruleset import Ruleset

WEAPONS = sorted({w.id: w for f in load_factions().values() for w in f.weapons}.values(), key=lambda w: w.id)
RULES = ["assassination", "cruelty", "fedaykin", "slow_blade", "weapon_master", "riposte", "ducal_loyalty", "stillsuit",
         "elacca_drug", "arena_fighter"]

fighters = st.builds(
    lambda combat, reflexes, endurance, armour, shield, weapon, wound, fatigue, poisons, rules, spice: Combatant(
        combat=combat, reflexes=reflexes, endurance=endurance, armour=armour, shield=shield, weapon=weapon, wound=wound,
        fatigue=fatigue, poisons=poisons, special_rules=rules, spice_active=spice),
    st.integers(-2, 3), st.integers(-2, 3), st.integers(1, 5), st.none() | st.integers(1, 4), st.sampled_from(["none", "half", "full"]),
    st.sampled_from([*WEAPONS, None]), st.sampled_from(["none", "light", "grave"]), st.integers(0, 3),
    st.sampled_from([(), (), (Poison(kind="irritant"),), (Poison(kind="paralysing"),), (Poison(kind="crippling", x=1),)]),
    st.lists(st.sampled_from(RULES), max_size=2, unique=True).map(tuple), st.booleans(),
)


def _outcome(f, *args):
    """What the kernel gives, or the refusal it raises (a shot it forbids, a paralysed mover)."""
    try:
        return f(*args)
    except LandsraadError as refusal:
        return str(refusal)


@settings(max_examples=60, deadline=None)
@given(fighters, fighters, st.sampled_from(["strict", "active"]), st.booleans(), st.sampled_from([0.5, 10.5, 20.5]),
       st.sampled_from(["burn", "explosive"]), st.booleans())
def test_a_model_out_of_its_activation_fights_as_one_that_began_it_rested_rul_05(a, d, ties, arrakis, band, mode, rested):
    """A combatant out of its activation (``activation_fatigue`` None) and the same one at the start
    of an activation begun with no token share one signature; the kernel's facts of a clash, a
    shot and a disengage are the same for both, in either role (the oracle: each computed apart)."""
    rs = Ruleset(ties=ties, arrakis=arrakis)
    out = a.model_copy(update={"activation_fatigue": None})
    fresh = a.model_copy(update={"activation_fatigue": 0})
    assert _sig(out, rested) == _sig(fresh, rested)
    for f, extra in ((_side_facts, ()), (_shot_harm, (band, mode)), (_disengage_exact, ())):
        # a shot only with a ranged weapon (the planner asks no other)
        if f is not _shot_harm or (a.weapon is not None and a.weapon.is_ranged):
            assert _outcome(f, _norm(out), _norm(d), *extra, rs) == _outcome(f, _norm(fresh), _norm(d), *extra, rs)
        if f is not _shot_harm or (d.weapon is not None and d.weapon.is_ranged):
            assert _outcome(f, _norm(d), _norm(out), *extra, rs) == _outcome(f, _norm(d), _norm(fresh), *extra, rs)


@settings(max_examples=30, deadline=None)
@given(fighters, st.integers(1, 3))
def test_a_token_held_at_the_start_keeps_its_own_signature_rul_05(a, held):
    """One token or more held when the activation began is a malus (RUL-05): signed apart from none."""
    assert _sig(a.model_copy(update={"activation_fatigue": held})) != _sig(a.model_copy(update={"activation_fatigue": None}))
