"""The pick search (landsraad.search.picks; R-MISSIONS, R-MISSION-PICK, R-SETUP-BID): a faithful root from the
view alone, blind to secrets, within budget."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from landsraad.ai import SETUP_PLANS, HeuristicPlayer
from landsraad.engine import Game, GameState, new_game
from landsraad.engine.state import other_side
from landsraad.search.mission_odds import extended_ranking, learned_rankings, load_mission_odds, pruned_ranking
from landsraad.search.picks import make_pick_job, opponent_picks, pick_root, play_out, run_pick_sample, shorter_rankings
from landsraad.search.player import LEVELS, SearchPlayer

from .conftest import advance, heuristics

PICKS = dataclasses.replace(LEVELS["easy"], name="picks", kinds=(), pick_candidates=3, pick_samples=1, margin=0.0)


def _at_pick(seed: int, nth: int) -> Game:
    """A heuristic game at its ``nth`` (1 or 2) ``pick_missions`` decision."""
    seen: list[str] = []

    def at(g: Game) -> bool:
        if g.decision.kind == "pick_missions":
            seen.append(g.decision.side)
            return len(seen) >= nth
        return False

    return advance(new_game("corrino", "fremen", seed=seed), heuristics(), at)


def _truth(game: Game) -> str:
    """Who picks first, read from the real game's stack (the test's oracle)."""
    frames = {f.stage.name: f.data for f in game.stack}
    return frames["missions.picked"].order[0]


@pytest.mark.parametrize("nth", [1, 2])
def test_the_root_is_the_real_game_at_that_decision(nth):
    game = _at_pick(31, nth)
    side = game.decision.side
    first = _truth(game)
    root = pick_root(game.view(side), side, first=first,
                     opponent_picks=game.state.side_state(other_side(side)).missions)
    assert root.stack == game.stack and root.pending == game.pending and root.decision == game.decision
    assert root.state == game.state.replace(seed=None)
    # Same dice and players from here: the same game to its end.
    real = game.clone()
    root.rng = copy.deepcopy(real.rng)
    a, b = play_out(real, side, 5), play_out(root, side, 5)
    assert a == b and real.result.vp == root.result.vp and len(real.log) - len(game.log) == len(root.log)


def test_the_opponents_picks_are_the_heuristics_from_the_same_table():
    game = _at_pick(31, 2)  # the second picker: its opponent has picked
    side = game.decision.side
    opponent = other_side(side)
    assert opponent_picks(game.view(side), side) == game.state.side_state(opponent).missions  # a heuristic picked them
    assert game.view(side).side_state(opponent).missions == ()


def test_a_view_with_the_opponents_secrets_gives_the_same_job_and_values():
    game = _at_pick(31, 2)
    d = game.decision
    view = game.view(d.side)
    opponent = other_side(d.side)
    leaked = view.replace(seed=game.state.seed).with_side(game.state.side_state(opponent))
    false = view.replace(seed=7).with_side(view.side_state(opponent).replace(missions=("territory",)))
    jobs = [make_pick_job(HeuristicPlayer(1), d, v, first=None, count=3, seed=4) for v in (view, leaked, false)]
    assert jobs[0] == jobs[1] == jobs[2]
    assert isinstance(jobs[0].view, GameState) and jobs[0].view.seed is None
    assert jobs[0].view.side_state(opponent).missions == ()
    assert run_pick_sample(jobs[0], 0) == run_pick_sample(jobs[2], 0)


def test_the_search_keeps_to_its_budget_and_plays_a_legal_ranking_the_same_for_a_seed():
    answers, stats = [], []
    for _ in range(2):
        game = _at_pick(32, 1)
        d = game.decision
        player = SearchPlayer(3, PICKS)
        answer = player.decide(d, game.view(d.side))
        answers.append(answer)
        stats.append([(s.kind, s.values) for s in player.stats])
        assert set(answer) <= set(d.choices) and len(set(answer)) == len(answer)
        (s,) = player.stats
        assert s.kind == "pick_missions" and s.candidates <= PICKS.pick_candidates
        assert s.rollouts <= PICKS.pick_rollouts and s.samples == PICKS.pick_samples
        game.answer(answer)  # the engine takes it
    assert answers[0] == answers[1] and stats[0] == stats[1]


def test_levels_without_a_pick_search_pick_by_the_learned_odds_or_as_the_heuristic():
    game = _at_pick(32, 1)
    d = game.decision
    view = game.view(d.side)
    own = HeuristicPlayer(0).decide(d, view)
    player = SearchPlayer(3, dataclasses.replace(PICKS, pick_candidates=1))
    assert player.decide(d, view) == pruned_ranking(load_mission_odds(), d, view, own)
    assert player.stats == []
    ranked = SearchPlayer(3, dataclasses.replace(PICKS, pick_candidates=1, picks="learned"))
    assert ranked.decide(d, view) == learned_rankings(load_mission_odds(), d, view)[0]
    plain = SearchPlayer(3, dataclasses.replace(PICKS, pick_candidates=1, picks="heuristic"))
    assert plain.decide(d, view) == HeuristicPlayer(0).decide(d, view)
    assert plain.stats == []


def test_a_pick_search_starts_from_the_pruned_ranking_then_the_heuristics(monkeypatch):
    game = _at_pick(32, 1)
    d = game.decision
    view = game.view(d.side)
    heuristic = HeuristicPlayer(1)
    own = tuple(heuristic.mission_plans(d, view, count=1)[0])
    anchor = tuple(pruned_ranking(load_mission_odds(), d, view, own))
    assert anchor != own, "the learned odds prune this ranking"
    longer = tuple(extended_ranking(load_mission_odds(), d, view, list(anchor)))
    job = make_pick_job(heuristic, d, view, first=None, count=12, seed=4, anchor=anchor, longer=longer)
    # worked out here: the anchor, each of its picks left out in turn, the anchor one pick longer,
    # then the heuristic's ranking
    neighbours = [tuple(m for m in anchor if m != left_out) for left_out in anchor] if len(anchor) > max(d.ranked[0], 1) else []
    expected = list(dict.fromkeys([anchor, *neighbours, longer, own]))
    assert job.candidates[: len(expected)] == tuple(expected)
    # the level's own search compares the same rankings, the longer one among them
    seen = []
    monkeypatch.setattr(SearchPlayer, "_run", lambda self, worker, job, samples: seen.append(job) or [[0.5] * len(job.candidates)])
    SearchPlayer(3, dataclasses.replace(PICKS, pick_candidates=12)).decide(d, view)
    (searched,) = seen
    assert longer in searched.candidates and searched.candidates[0] == anchor
    monkeypatch.undo()
    player = SearchPlayer(3, PICKS)
    answer = player.decide(d, view)
    (s,) = player.stats
    assert s.candidates == PICKS.pick_candidates and (answer == list(anchor)) == s.chose_heuristic


def test_the_pick_job_plays_the_sides_later_set_up_steps_by_its_plan_r_setup_bid():
    game = _at_pick(32, 1)
    d = game.decision
    heuristic = HeuristicPlayer(1, setup_plan=SETUP_PLANS[3])
    job = make_pick_job(heuristic, d, game.view(d.side), first=None, count=2, seed=4)
    assert job.setup_plan is SETUP_PLANS[3]
    assert make_pick_job(HeuristicPlayer(1), d, game.view(d.side), first=None, count=2, seed=4).setup_plan is SETUP_PLANS[0]


def test_the_games_played_out_have_the_sides_heuristic_contest_as_it_will_in_the_game(monkeypatch):
    """A contesting level (``Level.contest``) values its picks by games in which its side contests the
    opponent's cards and the opponent, modelled as the heuristic, does not."""
    game = _at_pick(32, 1)
    d = game.decision
    assert make_pick_job(HeuristicPlayer(1, contest=True), d, game.view(d.side), first=None, count=2, seed=4).contest
    assert not make_pick_job(HeuristicPlayer(1), d, game.view(d.side), first=None, count=2, seed=4).contest
    seen: set[tuple[str, bool]] = set()

    class Recording(HeuristicPlayer):
        def decide(self, decision, state):
            seen.add((decision.side, self.contest))
            return super().decide(decision, state)

    monkeypatch.setattr("landsraad.search.picks.HeuristicPlayer", Recording)
    root = game.clone()
    root.answer(HeuristicPlayer(1).decide(d, game.view(d.side)))
    play_out(root, d.side, 5, contest=True)
    assert seen == {(d.side, True), (other_side(d.side), False)}


def test_the_candidates_are_the_heuristics_ranking_its_shorter_neighbours_then_its_runners_up():
    game = _at_pick(32, 1)
    d = game.decision
    view = game.view(d.side)
    heuristic = HeuristicPlayer(1)
    own = tuple(heuristic.mission_plans(d, view, count=1)[0])
    job = make_pick_job(heuristic, d, view, first=None, count=8, seed=4)
    fewest = d.ranked[0]
    # Worked out here: each of the heuristic's picks left out in turn, the rest in order.
    neighbours = [tuple(m for m in own if m != left_out) for left_out in own] if len(own) > max(fewest, 1) else []
    assert neighbours, "the heuristic picks more than the fewest allowed here"
    assert job.candidates[: 1 + len(neighbours)] == (own, *neighbours)
    runners_up = [tuple(p) for p in heuristic.mission_plans(d, view, count=8)[1:]]
    assert set(job.candidates[1 + len(neighbours):]) <= set(runners_up)
    assert len(set(job.candidates)) == len(job.candidates) <= 8
    for ranking in job.candidates:
        d.check(list(ranking))  # every one a legal answer (R-MISSIONS)
    small = make_pick_job(heuristic, d, view, first=None, count=3, seed=4)
    assert small.candidates == job.candidates[:3]


def test_a_ranking_of_the_fewest_picks_has_no_shorter_neighbour():
    assert shorter_rankings(["occupation", "activation"], fewest=2) == []
    assert shorter_rankings(["occupation"], fewest=0) == []
    assert shorter_rankings(["occupation", "activation"], fewest=1) == [("activation",), ("occupation",)]
