"""landsraad.ai.planner: the activation plan fights when the exact odds favour it and uses every
weapon mode it carries, the laser's explosive mode included (R-LASER), checked on the game log."""

from __future__ import annotations

import itertools
import math
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.ai import HeuristicPlayer
from landsraad.ai.planner import Danger, Planner
from landsraad.ai.spots import _dist, _gap, _gap_at, _r
from landsraad.ai.tables import HARM, _best_melee, _comb, _disengage, _shot_value, _worth, clash_table
from landsraad.engine.bridge import combatant
from landsraad.engine.decisions import Decision
from landsraad.engine.game import new_game, play
from landsraad.engine.state import MarkerState
from landsraad.geometry.templates import BLAST_RADIUS_CM
from landsraad.odds import best_stances
from landsraad.rules.shooting import can_target, laser_blast_problem, range_band

from ..engine.helpers import ScriptedPlayer, model, run_activations, state_in_play

MELEE_ONLY = [("harkonnen", "champion"), ("harkonnen", "gladiator")]
OTHERS = [("fremen", "warrior"), ("fremen", "fedaykin"), ("harkonnen", "champion"), ("harkonnen", "gladiator")]


def _laser_soldier(x: float, y: float):
    return model("red", "corrino", "soldier", 3, x, y, extra_weapons=("laser",))


@pytest.mark.parametrize("mine,theirs", [(a, b) for a, b in itertools.product(MELEE_ONLY + OTHERS[:2], OTHERS) if a != b])
def test_it_charges_exactly_when_the_odds_favour_it(mine, theirs):
    # The oracle is landsraad.odds: the value of the clash's stance game for the charging model.
    a = model("red", mine[0], mine[1], 1, 30, 20)
    e = model("blue", theirs[0], theirs[1], 1, 30, 29)
    state = state_in_play([a, e], red=mine[0], blue=theirs[0])
    value = best_stances(combatant(state, a.id, weapon=_best_melee(a)), combatant(state, e.id, weapon=_best_melee(e)),
                         ruleset=state.ruleset).value
    if abs(value) < 0.3:
        pytest.skip("an even fight: either answer is sound")
    p = HeuristicPlayer(1, strict=True)
    p.decide(Decision(side="red", kind="activate", prompt="?", choices=(a.id,)), state)
    plan = p.memory.plan
    if value < 0:
        assert plan.kind != "charge"
    elif not any(w.is_ranged for w in a.weapons):
        assert plan.kind == "charge" and plan.target == e.id


def test_a_laser_burns_a_lone_target_and_blasts_two_enemies_side_by_side_r_laser():
    soldier = _laser_soldier(30, 10)
    laser = next(w for w in soldier.weapons if w.laser)
    e1, e2 = model("blue", "fremen", "warrior", 1, 28, 24), model("blue", "fremen", "warrior", 2, 32, 24)
    p = HeuristicPlayer(1, strict=True)
    one = Planner(p, state_in_play([soldier, e1]), "red")
    assert one.laser_choice(soldier, laser)[0] == "burn"
    two = Planner(p, state_in_play([soldier, e1, e2]), "red")
    mode, value, aim = two.laser_choice(soldier, laser)
    assert mode == "explosive" and value > one.laser_choice(soldier, laser)[1]
    # The blast covers both (5 cm radius, R-TEMPLATE), and no shielded model (PRJ-12).
    assert all(((aim[0] - e.x) ** 2 + (aim[1] - e.y) ** 2) ** 0.5 <= 5.0 + e.base_mm / 20 for e in (e1, e2))


def test_in_play_the_blast_is_fired_and_covers_both_enemies():
    soldier = _laser_soldier(30, 10)
    e1, e2 = model("blue", "fremen", "warrior", 1, 28, 24), model("blue", "fremen", "warrior", 2, 32, 24)
    state = state_in_play([soldier, e1, e2], blue="fremen")
    game = run_activations(state, {"red": HeuristicPlayer(1, strict=True), "blue": ScriptedPlayer()}, dice=[5] * 40)
    # A laser lays a template only in explosive mode (R-LASER).
    templates = [e.data for e in game.log if e.kind == "template" and e.model == soldier.id]
    assert templates and templates[0]["weapon"] == "laser" and {e1.id, e2.id} <= set(templates[0]["under"])


def test_a_laser_blasts_an_enemy_marker_its_owner_wants_to_keep_prj_73():
    soldier = _laser_soldier(30, 10)
    terminal = MarkerState(id="blue-activation-terminal-1", owner="blue", mission="activation", x=30.0, y=21.0)
    far = model("blue", "fremen", "warrior", 1, 50, 55)
    state = state_in_play([soldier, far], blue="fremen").replace(markers=(terminal,))
    game = run_activations(state, {"red": HeuristicPlayer(1, strict=True), "blue": ScriptedPlayer()}, dice=[9] * 40)
    shots = [e.data for e in game.log if e.kind == "marker_shot" and e.model == soldier.id]
    assert shots and shots[0]["marker"] == terminal.id
    # A depot of a Sabotage card its owner wants destroyed: left alone.
    depot = MarkerState(id="blue-sabotage-depot-1", owner="blue", mission="sabotage", x=30.0, y=21.0)
    p = HeuristicPlayer(1, strict=True)
    laser = next(w for w in soldier.weapons if w.laser)
    _, aim = Planner(p, state.replace(markers=(depot,)), "red").laser_blast(soldier, laser)
    assert aim is None or ((aim[0] - depot.x) ** 2 + (aim[1] - depot.y) ** 2) ** 0.5 > 5.0 + 1.5



# --- the planner's shortcuts give what judging everything gives -------------------------------------------

FIGHTERS = [("fremen", "warrior"), ("fremen", "fedaykin"), ("fremen", "naib"), ("harkonnen", "champion"),
            ("harkonnen", "gladiator"), ("harkonnen", "soldier"), ("corrino", "soldier"), ("corrino", "mentat"),
            ("atreides", "swordmaster"), ("atreides", "scout")]


def _placed(low: float = 3.0, high: float = 57.0, fighters: list = FIGHTERS) -> st.SearchStrategy:
    """A model drawn: its kind, its spot, its wound, its fatigue tokens, an ambassador or not."""
    return st.tuples(st.sampled_from(fighters), st.floats(low, high), st.floats(low, high), st.sampled_from(("none", "light", "grave")),
                     st.integers(0, 2), st.booleans())


def _table(red: list, blue: list, laser: bool = False):
    """A state with the drawn models; the first red one a Corrino soldier with a laser when ``laser``."""
    if laser:
        red = [(("corrino", "soldier"), *red[0][1:]), *red[1:]]
    models = []
    for side, drawn in (("red", red), ("blue", blue)):
        for n, ((faction, kind), x, y, wound, fatigue, ambassador) in enumerate(drawn, 1):
            extra = ("laser",) if laser and side == "red" and n == 1 else ()
            models.append(model(side, faction, kind, n, x, y, wound=wound, fatigue=fatigue, extra_weapons=extra,
                                ambassador=ambassador and n > 1))
    return state_in_play(models)


def _all_threats(state, m, p) -> float:
    """The danger at ``p`` with every enemy's clash judged (the map's definition)."""
    me = _comb(state, m.id, weapon=_best_melee(m))
    total = 0.0
    for e in state.enemies_of(m.id):
        w = _best_melee(e)
        if e.ambassador or e.out_of_action or w is None:
            continue
        t = clash_table(_comb(state, e.id, weapon=w, activation_fatigue=0), me, _worth(state, e), _worth(state, m), state.ruleset)
        if t.value > 0 and _dist(p, e.position) <= e.profile.movement + _r(e) + _r(m) + 0.5:
            total += t.value
    return total


@settings(max_examples=40, deadline=None)
@given(st.lists(_placed(), min_size=1, max_size=3), st.lists(_placed(20, 40), min_size=1, max_size=5),
       st.lists(st.tuples(st.floats(10, 50), st.floats(10, 50)), min_size=1, max_size=8))
def test_the_danger_map_judges_only_the_charges_that_reach_and_sums_the_same(red, blue, spots):
    state = _table(red, blue)
    m = state.models[0]
    danger = Danger(state, m)
    for p in spots:
        assert danger.at(p) == _all_threats(state, m, p)


@settings(max_examples=40, deadline=None)
@given(st.lists(_placed(), min_size=1, max_size=3), st.lists(_placed(), min_size=1, max_size=3),
       st.sampled_from((25.0, 30.0, 40.0, 50.0)), st.floats(0, 60), st.floats(0, 60), st.sampled_from((30, 40, 50)))
def test_the_gap_fast_path_of_two_models_answers_as_the_general_one(red, blue, base, mx, my, marker_mm):
    """_gap, _gap_at and _r read a model's radius directly (a fast path): the same floats as the general
    path, which a stand-in carrying the same fields takes."""
    state = _table(red, blue)
    models = [m.replace(base_mm=base) if i % 2 else m for i, m in enumerate(state.models)]
    marker = MarkerState(id="red-occupation-position-1", owner="red", mission="occupation", x=mx, y=my, size_mm=marker_mm)

    def slow(m):  # not a ModelState: _r's general branch
        return SimpleNamespace(x=m.x, y=m.y, base_mm=m.base_mm)
    for a, b in itertools.product(models, repeat=2):
        assert _r(a) == _r(slow(a))
        assert _gap(a, b) == _gap(slow(a), slow(b))
        assert _gap(a, marker) == _gap(slow(a), marker) and _gap(marker, a) == _gap(marker, slow(a))
        assert _gap_at(a.position, _r(b), a) == _gap_at(a.position, _r(b), slow(a))
        assert _gap_at((mx, my), _r(a), b) == _gap_at((mx, my), _r(a), slow(b))


def _best_hunt(planner: Planner, m):
    """The hunt's target with every foe's clash judged: the best score, the first among equals."""
    foes = [e for e in planner.enemies if not e.out_of_action]
    amb = [a for a in planner.state.models if a.side == planner.side and a.ambassador and not a.removed]

    def score(e):
        v = planner.melee_value(m, e, held=0) if _best_melee(m) is not None else 0.2
        v += 0.3 * planner.kill_bonus(e)
        near_amb = min((_gap(e, a) for a in amb), default=99.0)
        return v - 0.04 * max(0.0, _gap(e, m)) + (1.0 if near_amb < 15 else 0.0)
    return max(foes, key=score)


@settings(max_examples=40, deadline=None)
@given(st.lists(_placed(), min_size=1, max_size=3), st.lists(_placed(), min_size=1, max_size=6))
def test_the_hunt_bound_stops_at_the_same_target_as_judging_every_foe(red, blue):
    state = _table(red, blue)
    planner = Planner(HeuristicPlayer(1), state, "red")
    for m in planner.models:
        # The bound the search relies on: a clash takes at most its victim's worth (rounded to a quarter).
        for e in planner.enemies:
            bound = max(0.0, float(HARM.max()) * (_worth(state, e) + planner.kill_bonus(e) + 0.125))
            assert planner.melee_value(m, e, held=0) <= bound + 1e-6
        assert planner._hunt_target(m) is _best_hunt(planner, m)


def _every_aim(planner: Planner, m, w):
    """The laser blast judged aim by aim, each model's odds looked up at each aim (its definition)."""
    s = planner.state
    shooter = _comb(s, m.id, weapon=w, activation_fatigue=m.fatigue)
    reach, rng, here = BLAST_RADIUS_CM + planner.tol, w.range or 10.0, m.position
    far = 3 * rng + BLAST_RADIUS_CM
    aims = [e.position for e in planner.enemies if _dist(here, e.position) <= far]
    aims += [((a.x + b.x) / 2, (a.y + b.y) / 2) for i, a in enumerate(planner.enemies) for b in planner.enemies[i + 1:]
             if _dist(a.position, b.position) <= 2 * reach + _r(a) + _r(b) and _dist(here, a.position) <= far]
    best = (0.0, None)
    for p in aims:
        covered = [o for o in s.models if o.id != m.id and not o.out_of_action and _dist(o.position, p) <= reach + _r(o)]
        if any(o.profile.shield != "none" for o in covered) and laser_blast_problem(
                shooter, [_comb(s, o.id) for o in covered], laser_mode="explosive", ruleset=s.ruleset):
            continue
        band = range_band(max(0.0, _dist(here, p) - _r(m)), rng) * rng + min(rng, 0.5)
        v = 0.0
        for o in covered:
            if o.side == planner.side:
                v -= 1.5 * _shot_value(shooter, _comb(s, o.id), band, _worth(s, o), "explosive", s.ruleset)
            elif can_target(shooter, _comb(s, o.id), laser_mode="explosive", ruleset=s.ruleset):
                v += _shot_value(shooter, _comb(s, o.id), band, _worth(s, o) + planner.kill_bonus(o), "explosive", s.ruleset)
        if v > best[0] + 1e-9:
            best = (v, p)
    return best


@settings(max_examples=30, deadline=None)
@given(st.lists(_placed(20, 40), min_size=1, max_size=3), st.lists(_placed(20, 40, FIGHTERS[:3]), min_size=1, max_size=6))
def test_the_laser_blast_looks_each_odds_up_once_and_finds_the_same_aim_r_laser(red, blue):
    state = _table(red, blue, laser=True)
    soldier = state.models[0]
    laser = next(w for w in soldier.weapons if w.laser)
    planner = Planner(HeuristicPlayer(1), state, "red")
    assert planner.laser_blast(soldier, laser) == _every_aim(planner, soldier, laser)


def _reference_planner(planner: Planner, jobs: dict) -> Planner:
    """A planner of the same state that has planned nothing (its player a stand-in holding the
    sticky jobs as they were, so the real player's are not touched)."""
    return Planner(SimpleNamespace(memory=planner.player.memory, jobs=dict(jobs), contest=planner.player.contest,
                                    temperament=planner.player.temperament), planner.state, planner.side)


def _check_leader(planner: Planner, choices, jobs: dict) -> None:
    """The leader is the first of every model ranked, and every bound holds, on a planner that
    planned nothing (the oracle plans every model)."""
    reference = _reference_planner(planner, jobs)
    full = reference.ranked(choices)
    best = planner.leader(choices)
    assert (best.model, best.value, best.kind, best.action) == (full[0].model, full[0].value, full[0].kind, full[0].action)
    for p in full:
        m = reference.state.model(p.model)
        assert reference.value_bound(m) - reference.fatigue_price(m) >= p.value


@settings(max_examples=40, deadline=None)
@given(st.lists(_placed(20, 40), min_size=1, max_size=4), st.lists(_placed(20, 40), min_size=1, max_size=5), st.booleans())
def test_the_leader_is_the_first_of_every_model_ranked_and_each_bound_holds(red, blue, laser):
    """R-ACTIVATE: planning only the models whose bound may beat the best plan found picks the
    plan ranking them all puts first (models crowded in the middle: charges, engagements, shots)."""
    state = _table(red, blue, laser=laser)
    choices = [m.id for m in state.models if m.side == "red"]
    _check_leader(Planner(HeuristicPlayer(1), state, "red"), choices, {})


class _CheckedPlayer(HeuristicPlayer):
    """A heuristic player that checks its leader against the full ranking at each activation."""

    checked = 0

    def _on_activate(self, decision, state):
        jobs = dict(self.jobs)
        answer = super()._on_activate(decision, state)
        models = tuple(c for c in decision.choices if c != "pass")  # a voluntary pass is no model (PRJ-101)
        _check_leader(self.memory.planner, models, jobs)
        assert self.activation_ranking() == tuple(p.model for p in _reference_planner(self.memory.planner, jobs).ranked(models))
        assert self.activation_ranking()[0] == answer
        type(self).checked += 1
        return answer


@pytest.mark.parametrize("red,blue,seed", [("corrino", "harkonnen", 3001), ("atreides", "fremen", 3006)])
def test_in_whole_games_the_leader_is_the_first_of_every_model_ranked(red, blue, seed):
    """In play (missions, jobs, lasers, engagements), at each activation of each side."""
    _CheckedPlayer.checked = 0
    play(new_game(red, blue, seed=seed), {"red": _CheckedPlayer(seed), "blue": _CheckedPlayer(seed + 500)})
    assert _CheckedPlayer.checked > 20


def _disengage_value(planner: Planner, m) -> float:
    """The disengage plan's value as :meth:`Planner.plan_for` defines it, its odds always looked up."""
    s = planner.state
    engaged = planner.engaged_with(m)
    job = planner.assignment.get(m.id)
    worst = min(engaged, key=lambda e: planner.melee_value(m, e))
    mv = _comb(s, m.id, weapon=_best_melee(m), activation_fatigue=m.fatigue)
    p_ok, _, harm = _disengage(mv, _comb(s, worst.id, weapon=_best_melee(worst)), s.ruleset)
    stay = min(planner.melee_value(m, e, active=False) for e in engaged)
    return p_ok * (max(0.0, -stay) + (0.3 * job.value if job else 0.0)) - harm * _worth(s, m)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(_placed(20, 40), _placed(), st.floats(0, 6.3), st.floats(0, 0.1)), min_size=1, max_size=3))
def test_an_engaged_model_breaks_away_exactly_when_the_full_values_say_so_r_disengage(pairs):
    """R-DISENGAGE: the plan of an engaged model, whose breaking away is judged by its odds only when
    its bound (the gain of escaping) reaches the plans already made, is the one judging it always
    would make: never worth less than breaking away, and breaking away at its full value."""
    red, blue = [], []
    for mine, theirs, angle, gap in pairs:
        red.append(mine)
        r = model("red", *mine[0], 1, 0, 0).base_mm / 20 + model("blue", *theirs[0], 1, 0, 0).base_mm / 20 + gap
        blue.append((theirs[0], mine[1] + r * math.cos(angle), mine[2] + r * math.sin(angle), *theirs[3:]))
    state = _table(red, blue)
    planner = Planner(HeuristicPlayer(1), state, "red")
    checked = 0
    for m in planner.models:
        c = _comb(state, m.id, activation_fatigue=m.fatigue)
        if not planner.engaged_with(m) or c.effective_movement <= 0:
            continue
        plan = planner.plan_for(m)
        v = _disengage_value(planner, m)
        assert plan.value >= v
        if plan.kind == "disengage":
            assert plan.value == v
        checked += 1
