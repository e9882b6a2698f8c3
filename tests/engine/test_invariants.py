"""Engine invariants over many random games (issue 15): every answer of every game is checked
(no overlap, on the table, off impassable terrain, wounds only rise except by healing,
counters never negative, nothing asked of a model out of action, VP the sum of the mission
lines, the winner agreeing with the VP, the replay identical). The long run (10^4 games) is
``bench/bench_invariants.py``."""

import itertools

import pytest

from landsraad.content import faction_ids
from landsraad.engine import Game, new_game
from landsraad.players import RandomPlayer

from .helpers import model, state_in_play
from .invariants import InvariantBroken, check_decision, check_state, play_checked

PAIRS = list(itertools.permutations(faction_ids(), 2))


@pytest.mark.parametrize("index", range(6))
def test_random_games_hold_every_invariant(index):
    red, blue = PAIRS[index % len(PAIRS)]
    seed = 1000 + index
    play_checked(new_game(red, blue, seed=seed), {"red": RandomPlayer(seed), "blue": RandomPlayer(seed + 1)})


def test_physical_dice_games_hold_every_invariant():
    play_checked(new_game("harkonnen", "atreides", seed=77, dice="physical"), {"red": RandomPlayer(3), "blue": RandomPlayer(4)})


def test_the_checks_catch_a_broken_state():
    a = model("red", "corrino", "soldier", 1, 10, 10)
    b = model("blue", "fremen", "warrior", 1, 11, 10)  # 1 cm apart: the bases overlap
    with pytest.raises(InvariantBroken, match="overlaps"):
        check_state(Game(state_in_play([a, b])))
    off = model("red", "corrino", "soldier", 1, 0.5, 10)
    with pytest.raises(InvariantBroken, match="off the table"):
        check_state(Game(state_in_play([off, model("blue", "fremen", "warrior", 1, 50, 50)])))


def test_the_checks_catch_a_decision_for_a_model_out_of_action():
    from landsraad.model import Poison

    dead = model("red", "corrino", "soldier", 1, 10, 10, poisons=(Poison(kind="deadly"),))
    alive = model("red", "corrino", "soldier", 2, 20, 10)
    game = Game(state_in_play([dead, alive, model("blue", "fremen", "warrior", 1, 50, 50)]))
    check_decision(game)  # the engine offers only the living soldier
    assert game.decision.choices == (alive.id,)
