"""Tests of landsraad.engine.moves: every move ends in one stage that carries markers and meets
the hunter-seekers it crosses (R-FACTION, R-FATIGUE-MALUS, PRJ-97)."""

import pytest

from landsraad.engine.flow import STAGES
from landsraad.engine.game import Game
from landsraad.engine.moves import MoveTo
from landsraad.engine.state import MarkerState, TableEffect
from landsraad.ruleset import Ruleset

from .helpers import ScriptedPlayer, model, run_activations, state_in_play


def _seeker(id_, x, y):
    return TableEffect(id=id_, kind="hunter_seeker", owner="red", by="red-master-assassin-1", x=x, y=y)


def _assassin():
    return model("red", "corrino", "master_assassin", 1, 5, 5)


def test_hunter_seeker_attacks_every_model_that_crosses_it():
    # Issue 9, item 7: "Toute figurine qui traversera le gabarit sera attaquée"; a second seeker on the
    # same path strikes too. Master Assassins (Reflexes +4) pass each test with a colour die of 10.
    first = model("blue", "corrino", "master_assassin", 1, 30, 44)
    second = model("blue", "corrino", "master_assassin", 2, 38, 44)
    state = state_in_play([_assassin(), first, second], to_act="blue", blue="corrino")
    state = state.replace(effects=(_seeker("s1", 30, 40), _seeker("s2", 30, 36)))
    blue = ScriptedPlayer({"activate": [first.id, second.id], "free_move": [(30.0, 34.0), (30.0, 44.0)], "action": "rest"})
    game = run_activations(state, {"red": ScriptedPlayer({"action": "rest"}), "blue": blue}, dice=[5, 10] * 3, activations=3)
    strikes = [(e.model, e.data["effect"]) for e in game.log if e.kind == "hunter_seeker"]
    assert strikes == [(first.id, "s1"), (first.id, "s2"), (second.id, "s1")]
    assert {e.id for e in game.state.effects} == {"s1", "s2"}  # they stay for the game


def test_hunter_seeker_first_strike_option_removes_it():
    runner = model("blue", "fremen", "warrior", 1, 30, 44)
    state = state_in_play([_assassin(), runner], to_act="blue", ruleset=Ruleset(hunter_seeker_lasts="first_strike"))
    state = state.replace(effects=(_seeker("s1", 30, 30),))
    blue = ScriptedPlayer({"activate": runner.id, "free_move": (30.0, 36.0), "action": "rest"})
    game = run_activations(state, {"red": ScriptedPlayer(), "blue": blue}, dice=[5, 10])
    assert [e.kind for e in game.log].count("hunter_seeker") == 1 and not game.state.effects


def test_fatigue_malus_applies_to_the_hunter_seeker_test_of_the_active_model():
    # Issue 9, item 3: 2.2.2 "-1 à toutes ses caractéristiques de Combat et de Réflexes jusqu'à la fin de son
    # activation". Reflexes +4 and a colour die of 8 make exactly 12 without the malus; with it, 11 fails.
    runner = model("blue", "corrino", "master_assassin", 1, 30, 44, fatigue=1)
    state = state_in_play([_assassin(), runner], to_act="blue", blue="corrino").replace(effects=(_seeker("s1", 30, 30),))
    blue = ScriptedPlayer({"activate": runner.id, "free_move": (30.0, 36.0), "action": "rest"})
    game = run_activations(state, {"red": ScriptedPlayer(), "blue": blue}, dice=[5, 8])
    test = next(e for e in game.log if e.kind == "hunter_seeker").test
    assert test.total == 11 and not test.success
    assert game.state.model(runner.id).out_of_action


def test_a_carried_marker_travels_with_its_carrier_and_drops_where_it_falls():
    carrier = model("blue", "fremen", "warrior", 1, 30, 44, carrying="m1")
    spice = MarkerState(id="m1", owner="blue", mission="spice_theft", x=30, y=44, size_mm=50, carried_by=carrier.id)
    state = state_in_play([_assassin(), carrier], to_act="blue").replace(markers=(spice,), effects=(_seeker("s1", 30, 30),))
    blue = ScriptedPlayer({"activate": carrier.id, "free_move": (30.0, 36.0), "action": "rest"})
    game = run_activations(state, {"red": ScriptedPlayer(), "blue": blue}, dice=[5, 1])
    fallen = game.state.model(carrier.id)
    assert fallen.out_of_action and fallen.carrying is None
    marker = game.state.marker("m1")
    assert marker.carried_by is None and (marker.x, marker.y) == (fallen.x, fallen.y) == (30.0, 36.0)


@pytest.mark.parametrize("phase", ["play", "setup"])
@pytest.mark.parametrize("carrying", [False, True])
def test_a_move_builds_the_state_the_updates_one_by_one_give_r_clock(phase, carrying):
    """move.do puts the model where it ends and ticks the table clock (R-CLOCK, only in play) in
    one new state: the state a move, the marker carried along and the clock's tick give one by one."""
    mover = model("blue", "fremen", "warrior", 1, 30, 44, carrying="m1" if carrying else None)
    spice = MarkerState(id="m1", owner="blue", mission="spice_theft", x=30, y=44, size_mm=50, carried_by=mover.id if carrying else None)
    state = state_in_play([_assassin(), mover], to_act="blue").replace(markers=(spice,), phase=phase, clock_s=100.0)
    game = Game(state, seed=1)
    game.stack, game.pending = (), None
    game.state = state
    _ = state.board  # built: the new state may carry the table over
    STAGES["move.do"](game, MoveTo(mover.id, (30.0, 38.0), ((30.0, 44.0), (30.0, 38.0)), 6.0, "move"), None)
    expected = state.update_model(mover.id, x=30.0, y=38.0)
    if carrying:
        expected = expected.with_marker(expected.marker("m1").model_copy(update={"x": 30.0, "y": 38.0}))
    if phase == "play":
        expected = expected.replace(clock_s=100.0 + game.time_model.cost("move"))
    assert game.state == expected and game.state.clock_s == expected.clock_s
    assert game.state.__pydantic_fields_set__ == expected.__pydantic_fields_set__
    assert game.state.board == expected.board
