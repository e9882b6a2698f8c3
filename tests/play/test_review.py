"""Tests of landsraad.play.review: the costliest decisions of a drill or a whole game (issue 38)."""

import io

import pytest

from landsraad.cli.play import _demo_table
from landsraad.engine import new_game
from landsraad.play.review import Advice, candidates, costliest, game_review, side_vp, spread
from landsraad.play.session import Session
from landsraad.play.terminal import PlainTerminal
from landsraad.players import make_player


class EnterOnly(PlainTerminal):
    def __init__(self):
        super().__init__(io.StringIO(""), io.StringIO())

    def read(self, prompt):
        return ""


@pytest.fixture(scope="module")
def finished():
    """A whole game played by pressing Enter (red, against the heuristic), with the person's decisions kept."""
    game = new_game("corrino", "fremen", seed=3, setup=_demo_table())
    s = Session(game=game, terminal=EnterOnly(), humans=frozenset({"red"}), opponents={"blue": make_player("heuristic", 8)}, seed=3)
    assert s.run().how == "over"
    return s


def test_spread_keeps_the_first_and_the_last_and_never_more_than_asked():
    items = list(range(37))
    for limit in range(0, 40):
        chosen = spread(items, limit)
        assert len(chosen) == min(limit, 37) and chosen == sorted(set(chosen))
        if 2 <= limit:
            assert chosen[0] == 0 and chosen[-1] == 36


def test_candidates_are_only_the_decisions_the_computer_answers_otherwise(finished):
    found = list(candidates(finished.human_decisions))
    assert found, "pressing Enter follows one heuristic; another seeded one differs somewhere"
    for before, yours, computer in found:
        d = before.decision
        assert d.side == "red" and d.kind != "dice" and d.check(yours) != d.check(computer)


def test_a_whole_games_review_ranks_the_decisions_whose_alternative_gains_by_end_of_game_vp(finished):
    late = finished.human_decisions[-12:]  # near the end, so each playout is short
    calls = []
    advice, examined = game_review(late, "red", seeds=(1,), limit=4, progress=calls.append)
    assert examined == len(calls) <= 4
    assert len(advice) <= 3 and all(a.gain > 0 for a in advice)
    assert [a.gain for a in advice] == sorted((a.gain for a in advice), reverse=True)
    for a in advice:
        assert a.playouts == 1 and "VP against your" in a.line()
    assert side_vp(finished.game, "red") == finished.game.result.vp["red"]


def test_costliest_keeps_only_gains_and_counts_every_playout(finished):
    before, yours, computer = next(iter(candidates(finished.human_decisions[-12:])))
    scores = {id(yours): 1.0}
    # A score that says the computer's answer is worth 3 VP more: the playout is only asked when the game ends.
    advice = costliest([(before, yours, computer)], over=lambda g: g.over, seeds=(5, 6),
                       score=lambda g: 3.0 if g.answers[len(before.answers)] == before.decision.check(computer) else scores[id(yours)])
    assert advice == [Advice(before.state.activation, before.decision.prompt, advice[0].yours, advice[0].computer, 1.0, 3.0, 2)]
    assert costliest([(before, yours, computer)], over=lambda g: g.over, score=lambda g: 0.0) == []
