"""Tests of landsraad.engine.scoring: the end of the game (R-MISSIONS, PRJ-95)."""

from landsraad.engine.game import Game
from landsraad.engine.state import KillRecord

from .helpers import model, state_in_play


def _game(state):
    g = Game(state.replace(phase="over"))  # a finished state: the flow only scores
    return g


def test_without_missions_kills_score_their_recruit_cost_prj_95():
    a = model("red", "corrino", "soldier", 1, 10, 10)  # costs 2 (Sardaukar)
    e = model("blue", "fremen", "naib", 1, 30, 30, wound="fatal", removed=True)  # costs 3
    state = state_in_play([a, e]).replace(kills=(KillRecord(order=1, victim=e.id, victim_side="blue", killer=a.id, killer_side="red"),))
    g = _game(state)
    assert g.result.vp == {"red": 3, "blue": 0} and g.result.winner == "red"
    assert g.log[-1].kind == "game_over"


def test_equal_scores_are_a_draw():
    g = _game(state_in_play([model("red", "corrino", "soldier", 1, 10, 10), model("blue", "fremen", "warrior", 1, 30, 30)]))
    assert g.result.winner == "draw"
