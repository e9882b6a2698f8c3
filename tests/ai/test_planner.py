"""landsraad.ai.planner: the activation plan fights when the exact odds favour it and uses every
weapon mode it carries, the laser's explosive mode included (R-LASER), checked on the game log."""

from __future__ import annotations

import itertools

import pytest

from landsraad.ai import HeuristicPlayer
from landsraad.ai.planner import _Planner
from landsraad.ai.tables import _best_melee
from landsraad.engine.bridge import combatant
from landsraad.engine.decisions import Decision
from landsraad.engine.state import MarkerState
from landsraad.odds import best_stances

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
    one = _Planner(p, state_in_play([soldier, e1]), "red")
    assert one.laser_choice(soldier, laser)[0] == "burn"
    two = _Planner(p, state_in_play([soldier, e1, e2]), "red")
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
    _, aim = _Planner(p, state.replace(markers=(depot,)), "red").laser_blast(soldier, laser)
    assert aim is None or ((aim[0] - depot.x) ** 2 + (aim[1] - depot.y) ** 2) ** 0.5 > 5.0 + 1.5

