"""landsraad.ai.tables: the caches' signatures put together only combatants the rules kernel
cannot tell apart, checked against the kernel's own facts."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from landsraad.ai.tables import (
    HARM,
    _disengage_exact,
    _fatigue_sensitive,
    _lowering_values,
    _marker_hit_cached,
    _norm,
    _play_clashes,
    _rested,
    _shot_harm,
    _side_facts,
    _sig,
    clash_table,
    warm_clash_tables,
)
from landsraad.content import load_factions
from landsraad.errors import LandsraadError
from landsraad.model import Poison
from landsraad.odds import beats_array
from landsraad.rules.shooting import resolve_marker_shot
from landsraad.rules.state import Combatant, fatigue_penalty
from landsraad.ruleset import Ruleset
from landsraad.specials import HOOK_POINTS, SPECIAL_RULES, HookContext

WEAPONS = sorted({w.id: w for f in load_factions().values() for w in f.weapons}.values(), key=lambda w: w.id)
PISTOL = next(w for w in WEAPONS if w.id == "pistol")
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


AF = st.sampled_from([None, 0, 1, 2, 3, 4])


@settings(max_examples=80, deadline=None)
@given(fighters, fighters, AF, AF, st.sampled_from(["strict", "active"]), st.booleans(), st.sampled_from([0.5, 10.5, 20.5]),
       st.sampled_from(["burn", "explosive"]), st.booleans())
@example(Combatant(combat=1, weapon=PISTOL), Combatant(weapon=PISTOL), None, 0, "strict", False, 10.5, "burn", False)
@example(Combatant(combat=1, weapon=PISTOL, fatigue=2), Combatant(weapon=PISTOL), 2, 3, "strict", False, 10.5, "burn", True)
@example(Combatant(special_rules=("ducal_loyalty",)), Combatant(), 0, 1, "active", True, 0.5, "burn", False)
@example(Combatant(special_rules=("ducal_loyalty", "stillsuit")), Combatant(), 3, 4, "strict", False, 0.5, "burn", False)
def test_tokens_held_at_the_start_are_signed_by_their_malus_rul_05(a, d, one, other, ties, arrakis, band, mode, rested):
    """Two counts of tokens held when an activation began (``None``: out of it) share a signature
    exactly when the fatigue ladder gives them one malus (a tolerance counts a token fewer) as
    the caches hand them to the kernel (:func:`_norm`), and then the kernel's facts of a clash, a shot and a disengage are the same for both, in either
    role (the oracle: each computed apart)."""
    rs = Ruleset(ties=ties, arrakis=arrakis)
    x = a.model_copy(update={"activation_fatigue": one})
    y = a.model_copy(update={"activation_fatigue": other})
    same = fatigue_penalty(_norm(_rested(x) if rested else x), rs) == fatigue_penalty(_norm(_rested(y) if rested else y), rs)
    assert (_sig(x, rested, rs) == _sig(y, rested, rs)) == same
    if not same:
        return
    for f, extra in ((_side_facts, ()), (_shot_harm, (band, mode)), (_disengage_exact, ())):
        # a shot only with a ranged weapon (the planner asks no other)
        if f is not _shot_harm or (a.weapon is not None and a.weapon.is_ranged):
            assert _outcome(f, _norm(x), _norm(d), *extra, rs) == _outcome(f, _norm(y), _norm(d), *extra, rs)
        if f is not _shot_harm or (d.weapon is not None and d.weapon.is_ranged):
            assert _outcome(f, _norm(d), _norm(x), *extra, rs) == _outcome(f, _norm(d), _norm(y), *extra, rs)


@settings(max_examples=30, deadline=None)
@given(fighters, st.sampled_from(["strict", "active"]))
def test_out_of_an_activation_or_in_one_begun_rested_is_one_signature_rul_05(a, ties):
    """The case the planner meets most: a model as a target (``None``) and as the fresh active model (0)."""
    rs = Ruleset(ties=ties)
    assert _sig(a.model_copy(update={"activation_fatigue": None}), False, rs) == _sig(a.model_copy(update={"activation_fatigue": 0}), False, rs)


@pytest.mark.parametrize("held", range(0, 7))
@pytest.mark.parametrize("rules", [(), ("ducal_loyalty",), ("ducal_loyalty", "stillsuit")])
def test_the_combatant_handed_to_the_kernel_keeps_its_fatigue_malus_rul_05(held, rules):
    """Two fatigue tolerances (Ducal loyalty and a Stillsuit) at four tokens or more still meet the full malus."""
    c = Combatant(activation_fatigue=held, special_rules=rules)
    assert fatigue_penalty(_norm(c)) == fatigue_penalty(c)


def _reads_fatigue(names: tuple[str, ...]) -> bool:
    """Every hook point asked in every context, whether the rules have it or not (the full computation)."""
    for hook in HOOK_POINTS:
        for action in ("melee", "shoot", "disengage", "dodge"):
            try:
                seen = {SPECIAL_RULES.total(hook, names, HookContext(action=action, own_fatigue=o, target_fatigue=t))
                        for o in (0, 1, 2) for t in (0, 1, 2)}
            except LandsraadError:
                return True
            if len(seen) > 1:
                return True
    return False


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(SPECIAL_RULES.names()), max_size=4, unique=True).map(tuple))
@example(("assassination",))
@example(("ducal_loyalty", "hawat_network"))
def test_asking_only_the_hooks_the_rules_have_finds_the_same_fatigue_readers(names):
    assert _fatigue_sensitive.__wrapped__(names) == _reads_fatigue(names)


def test_some_rules_read_fatigue_and_most_do_not():
    found = {name: _fatigue_sensitive.__wrapped__((name,)) for name in SPECIAL_RULES.names()}
    assert found["assassination"] and not found["ducal_loyalty"]
    assert found == {name: _reads_fatigue((name,)) for name in SPECIAL_RULES.names()}


def _marker_hit_every_roll(c, band: float, mode: str, ruleset: Ruleset) -> float:
    """The chance a shot destroys a marker, the kernel asked on all 100 rolls of the shooter's two dice (the full computation)."""
    totals = np.zeros((10, 10), dtype=np.int64)
    explosive = False
    for n in range(1, 11):
        for a in range(1, 11):
            ev = resolve_marker_shot(c, distance_cm=band, shooter_dice=(n, a), marker_die=1, laser_mode=mode, ruleset=ruleset)
            totals[n - 1, a - 1], explosive = ev.attack_total, ev.explosive
    if not explosive:
        return 0.0
    return float(beats_array(totals.reshape(-1)[:, None], np.arange(1, 11)[None, :], ruleset.ties).mean())


class _Raw:
    """What :func:`_marker_hit_cached` reads of its key: the combatant as it is."""

    def __init__(self, value) -> None:
        self.value = value


@settings(max_examples=60, deadline=None)
@given(fighters, st.sampled_from(["strict", "active"]), st.booleans(), st.sampled_from([0.5, 10.5, 20.5, 30.5]),
       st.sampled_from(["burn", "explosive"]))
@example(Combatant(combat=1, weapon=next(w for w in WEAPONS if w.id == "laser")), "strict", False, 10.5, "explosive")
@example(Combatant(fatigue=2, weapon=next(w for w in WEAPONS if w.id == "rocket_launcher")), "active", False, 20.5, "burn")
def test_a_marker_shot_reads_the_attack_die_only_r_shoot_marker(c, ties, arrakis, band, mode):
    ruleset = Ruleset(ties=ties, arrakis=arrakis)
    fast = _outcome(_marker_hit_cached.__wrapped__, _Raw(c), band, mode, ruleset)
    assert fast == _outcome(_marker_hit_every_roll, _norm(c), band, mode, ruleset)


# --- clashes played side by side (R-TEST-CLASH) -----------------------------------------------------


def _values_alone(both, hit_own, lone_own, hit_other, lone_other, other_policy):
    """One role's values against the other's policy, one clash at a time (the full computation)."""
    p_n = other_policy.sum(axis=(1, 2)) / 1000.0
    q_def = (1.0 - other_policy).sum(axis=(0, 1)) / 1000.0
    r_na = other_policy.sum(axis=2) / 1000.0
    attack = (both @ p_n)[:, None] + lone_own[:, None] * (hit_own @ q_def)[None, :]
    return attack, -np.einsum("yb,bd,y->d", r_na, hit_other, lone_other)


def _clash_alone(ca, cd, edge_a, edge_d, res_a, res_d, lead, worth_a, worth_d, ties):
    """The fictitious play of one clash by itself, each side skipped when it may not attack."""
    faces = np.arange(1, 11)
    hit_a, hit_d = np.zeros((10, 10), dtype=bool), np.zeros((10, 10), dtype=bool)
    blow_a, blow_d = np.zeros(10), np.zeros(10)
    if ca:
        hit_a, blow_a = beats_array(faces[:, None] + edge_a, faces[None, :], ties), HARM[np.array(res_a)] * worth_d
    if cd:
        hit_d, blow_d = beats_array(faces[:, None] + edge_d, faces[None, :], ties), HARM[np.array(res_d)] * worth_a
    lone_a, lone_d = np.maximum.accumulate(blow_a), np.maximum.accumulate(blow_d)
    both = _lowering_values(blow_a, blow_d, lead, 0) if (ca and cd) else np.zeros((10, 10))
    attacker, defender = (both, hit_a, lone_a, hit_d, lone_d), (-both.T, hit_d, lone_d, hit_a, lone_a)
    pa, pd = np.full((10, 10, 10), 0.5 if ca else 0.0), np.full((10, 10, 10), 0.5 if cd else 0.0)
    sum_a, sum_d = pa.copy(), pd.copy()
    for k in range(2, 6):
        if ca:
            va, vd = _values_alone(*attacker, pd)
            sum_a += va[:, :, None] > vd
            pa = sum_a / k
        if cd:
            va, vd = _values_alone(*defender, pa)
            sum_d += va[:, :, None] > vd
            pd = sum_d / k
    va, vd = _values_alone(*attacker, pd)
    value = float(np.maximum(va[:, :, None], vd[None, None, :]).mean()) if ca else float(vd.mean())
    return hit_a, hit_d, blow_a, blow_d, lone_a, lone_d, both, pa, pd, value


def _same(x, y) -> bool:
    """The same floats to the bit (and the same dtype and shape)."""
    if isinstance(x, float):
        return x == y
    return x.dtype == y.dtype and x.shape == y.shape and x.tobytes() == y.tobytes()


RESULTS = st.lists(st.integers(0, 4), min_size=10, max_size=10).map(tuple)
CLASHES = st.tuples(st.booleans(), st.booleans(), st.integers(-11, 11), st.integers(-11, 11), RESULTS, RESULTS, st.integers(-11, 11),
                    st.integers(1, 40).map(lambda q: q / 4), st.integers(1, 40).map(lambda q: q / 4)).map(
    lambda c: (c[0], c[1], c[2] if c[0] else 0, c[3] if c[1] else 0, c[4] if c[0] else (), c[5] if c[1] else (), *c[6:]))


@settings(max_examples=40, deadline=None)
@given(st.lists(CLASHES, min_size=1, max_size=6), st.sampled_from(["strict", "active"]))
@example([(True, True, 1, -1, (1, 1, 2, 2, 3, 3, 4, 4, 4, 4), (0, 0, 1, 1, 2, 2, 3, 3, 4, 4), 2, 3.0, 2.0),
          (False, True, 0, 3, (), (4,) * 10, -1, 1.0, 1.0), (True, False, -2, 0, (2,) * 10, (), 0, 5.25, 1.5)], "strict")
def test_clashes_played_side_by_side_are_each_the_clash_played_alone_r_test_clash(clashes, ties):
    for clash, played in zip(clashes, _play_clashes(clashes, ties)):
        alone = _clash_alone(*clash, ties)
        assert all(_same(x, y) for x, y in zip(played, alone))


def test_warmed_tables_are_the_kernels_clashes_played_alone():
    fighters_ = [Combatant(combat=c, weapon=w) for c in (0, 2) for w in WEAPONS if w.is_melee][:6]
    pairs = [(a, d, 1.25 + i % 3, 2.0) for i, (a, d) in enumerate(zip(fighters_, fighters_[1:] + fighters_[:1]))]
    warm_clash_tables(pairs)
    for a, d, wa, wd in pairs:
        table = clash_table(a, d, wa, wd)
        facts_a, facts_d = _side_facts(_norm(a), _norm(d), Ruleset()), _side_facts(_norm(d), _norm(a), Ruleset())
        alone = _clash_alone(facts_a[0], facts_d[0], facts_a[1], facts_d[1], facts_a[2], facts_d[2], facts_a[3] - facts_d[3], wa, wd,
                             "strict")
        assert table.value == alone[-1] and _same(table.policy_a, alone[7]) and _same(table.policy_d, alone[8])
