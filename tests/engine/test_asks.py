"""Tests of landsraad.engine.asks: a decision's arguments read with their types, and a saved
decision whose arguments are not what they should be refused with a sentence."""

import json

import pytest

from landsraad.engine import asks
from landsraad.engine.flow import BUILDERS, Pending
from landsraad.engine.game import Game, new_game
from landsraad.errors import RuleError
from landsraad.players import RandomPlayer

ARGS = {"model": "red-1", "allowance": 6.5, "held": 2, "optional": False, "candidates": ["blue-1"], "side": "blue",
        "laser_mode": "explosive", "kind": "free_move", "template": {"wkb": "00"}, "none": None}


@pytest.mark.parametrize("read, key, expected", [
    (asks.text, "model", "red-1"),
    (asks.number, "allowance", 6.5),
    (asks.number, "held", 2.0),  # JSON may give an integer
    (asks.integer, "held", 2),
    (asks.flag, "optional", False),
    (asks.texts, "candidates", ("blue-1",)),
    (asks.side, "side", "blue"),
    (asks.laser_mode, "laser_mode", "explosive"),
    (asks.decision_kind, "kind", "free_move"),
    (asks.mapping, "template", {"wkb": "00"}),
    (asks.optional_text, "none", None),
    (asks.mapping, "none", None),
])
def test_each_reader_gives_the_value_with_its_type(read, key, expected):
    value = read(ARGS, key)
    assert value == expected and type(value) is type(expected)


def test_defaults_stand_for_a_missing_or_null_value():
    assert asks.flag(ARGS, "needed", default=True) is True and asks.flag(ARGS, "none", default=False) is False
    assert asks.laser_mode({}) == "burn"
    assert asks.optional_text({}, "when") is None


@pytest.mark.parametrize("read, key, match", [
    (asks.text, "held", "'held' should be text; it is 2"),
    (asks.text, "where", "no argument 'where'"),
    (asks.number, "model", "'model' should be a number"),
    (asks.number, "optional", "'optional' should be a number"),  # a boolean is no number
    (asks.integer, "allowance", "'allowance' should be an integer"),  # JSON's 6, yes; but not 6.5
    (asks.flag, "held", "should be true or false"),
    (asks.flag, "needed", "no argument 'needed'"),
    (asks.texts, "model", "should be a list of texts"),
    (asks.side, "model", "should be one of 'red', 'blue'"),
    (asks.decision_kind, "model", "should be one of"),
    (asks.mapping, "model", "should be an object"),
])
def test_a_value_of_the_wrong_type_is_refused_naming_the_key(read, key, match):
    with pytest.raises(RuleError, match=match):
        read(ARGS, key)


def test_a_restored_game_whose_pending_decision_has_a_wrong_argument_says_so():
    """A saved game edited by hand (the model's id a number): the decision is not built from it,
    and the error names the argument instead of a traceback from deep in the engine."""
    game = new_game("corrino", "fremen", seed=3)
    players = {"red": RandomPlayer(3), "blue": RandomPlayer(4)}
    while game.pending is None or game.pending.builder not in ("action", "free_move_before", "move", "spice"):
        d = game.decision
        game.answer(players[d.side].decide(d, None))
    snapshot = json.loads(json.dumps(game.snapshot()))
    assert Game.restore(snapshot).decision == game.decision
    name, args = game.pending.to_list()
    key = "model"
    bad = Pending(name, {**args, key: 7})
    with pytest.raises(RuleError, match=f"'{key}' should be"):
        BUILDERS[bad.builder](game.state, bad.args)
