"""The search player (landsraad.search.player): blind to secrets, within budget, reproducible."""

from __future__ import annotations

import dataclasses

import pytest

from landsraad.ai import HEURISTIC_PLAN, MEASURED_PLAN, HeuristicPlayer
from landsraad.engine import GameState, new_game
from landsraad.errors import UnknownNameError
from landsraad.search.player import LEVELS, PLAY_KINDS, Level, SearchPlayer

TINY = Level("tiny", kinds=PLAY_KINDS, candidates=3, samples=2, depth=1, margin=0.0)


def _leak(view: GameState, truth: GameState) -> GameState:
    """``view`` with the opponent's real picks and the game's seed put back: what a peeking player would see."""
    blue = view.side_state("blue").replace(missions=truth.side_state("blue").missions)
    return view.replace(seed=truth.seed if truth.seed is not None else 4321).with_side(blue)


def _lockstep(game, players, red_decisions: int, view_for=lambda view, game: view):
    """Play on; every red decision goes to each of ``players`` (each with its own view); they must agree."""
    blue = HeuristicPlayer(3)
    answers = []
    while not game.over and len(answers) < red_decisions:
        d = game.decision
        if d.side != "red":
            game.answer(blue.decide(d, game.view("blue")))
            continue
        given = [p.decide(d, view_for(game.view("red"), game) if i else game.view("red")) for i, p in enumerate(players)]
        assert all(g == given[0] for g in given), f"the players disagree on {d.kind}: {given}"
        answers.append(given[0])
        game.answer(given[0])
    return answers


def test_a_view_with_the_opponents_secrets_put_back_gives_the_same_decisions(at_red_activation):
    clean, peeking = SearchPlayer(5, TINY), SearchPlayer(5, TINY)
    _lockstep(at_red_activation.clone(), [clean, peeking], 12, view_for=lambda view, game: _leak(view, game.state))
    assert clean.stats, "no decision was searched, so the test proves nothing"
    assert any(s.rooted for s in clean.stats) and any(s.kind != "activate" for s in clean.stats)
    assert [s.values for s in clean.stats] == [s.values for s in peeking.stats]


def test_a_view_with_false_secrets_gives_the_same_decisions(at_red_activation):
    def false_picks(view: GameState, game) -> GameState:
        blue = view.side_state("blue").replace(missions=("territory",))
        return view.replace(seed=1).with_side(blue)

    clean, fooled = SearchPlayer(8, TINY), SearchPlayer(8, TINY)
    _lockstep(at_red_activation.clone(), [clean, fooled], 8, view_for=false_picks)
    assert clean.stats and [s.values for s in clean.stats] == [s.values for s in fooled.stats]


def test_it_keeps_to_its_budget(at_red_activation):
    player = SearchPlayer(2, TINY)
    _lockstep(at_red_activation.clone(), [player], 12)
    assert player.stats
    for s in player.stats:
        assert s.kind in TINY.kinds
        assert s.samples == TINY.samples and s.candidates <= TINY.candidates
        assert s.rollouts <= TINY.rollouts and s.rollouts <= s.candidates * s.rooted


def test_the_same_seed_gives_the_same_game(at_red_activation):
    a, b = SearchPlayer(9, TINY), SearchPlayer(9, TINY)
    first = _lockstep(at_red_activation.clone(), [a], 10)
    second = _lockstep(at_red_activation.clone(), [b], 10)
    assert first == second
    assert [(s.kind, s.values) for s in a.stats] == [(s.kind, s.values) for s in b.stats]


def test_a_pool_of_workers_answers_as_one_process_does(at_red_activation):
    alone = SearchPlayer(4, TINY)
    pooled = SearchPlayer(4, Level("tiny-pool", kinds=TINY.kinds, candidates=3, samples=2, depth=1, margin=0.0, workers=2))
    _lockstep(at_red_activation.clone(), [alone, pooled], 4)
    assert alone.stats and [s.values for s in alone.stats] == [s.values for s in pooled.stats]


def test_levels_grow_in_budget_and_an_unknown_one_lists_them():
    assert LEVELS["easy"].rollouts < LEVELS["normal"].rollouts < LEVELS["hard"].rollouts
    # the pick search measured nothing at easy or normal (issue 45); only hard searches its picks
    assert LEVELS["easy"].pick_rollouts == LEVELS["normal"].pick_rollouts == 0 < LEVELS["hard"].pick_rollouts
    assert LEVELS["normal"].depth > LEVELS["easy"].depth, "normal looks further ahead"
    assert set(LEVELS["easy"].kinds) <= set(LEVELS["normal"].kinds) <= set(LEVELS["hard"].kinds)
    assert LEVELS["normal"].samples > LEVELS["easy"].samples, "normal weighs the same choices on more samples"
    with pytest.raises(UnknownNameError, match="easy, hard, normal"):
        SearchPlayer(1, "expert")


def test_easy_is_normal_cut_down_as_the_docs_say():
    # docs/search.md, "Levels": easy searches what normal does (activations, four candidates, the
    # pruned picks) on 3 samples two activations deep instead of 8 four deep, no pick search, and
    # leaves the opponent's cards alone (issue 45: the ladder's one measured difference)
    easy, normal = LEVELS["easy"], LEVELS["normal"]
    assert (easy.kinds, easy.candidates, easy.samples, easy.depth, easy.pick_rollouts, easy.contest) == (("activate",), 4, 3, 2, 0, False)
    assert (normal.kinds, normal.candidates, normal.samples, normal.depth, normal.pick_rollouts, normal.contest) == (
        ("activate",), 4, 8, 4, 0, True)
    assert dataclasses.replace(normal, name="easy", samples=3, depth=2, contest=False) == easy, "easy differs from normal in nothing else"


def test_set_up_is_the_heuristics():
    game = new_game("corrino", "fremen", seed=31)
    player = SearchPlayer(1, TINY)
    while game.state.phase == "setup":
        d = game.decision
        game.answer((player if d.side == "red" else HeuristicPlayer(2)).decide(d, game.view(d.side)))
    assert player.stats == []


def test_the_levels_above_easy_contest_the_opponents_cards_unless_told_not_to():
    """``normal`` and ``hard`` contest (late, the opponent's held markers: PRJ-70, PRJ-71), so does a
    budget level and ``normal:1s``; ``easy`` plays for its own cards only (issue 45, the ladder), and
    so does the ``heuristic`` player, the reference of the strength figures."""
    assert LEVELS["normal"].contest and LEVELS["hard"].contest
    assert SearchPlayer(1, "normal").heuristic.contest and SearchPlayer(1, "normal:1s").heuristic.contest
    assert SearchPlayer(1, "2s").heuristic.contest
    assert not SearchPlayer(1, "easy").heuristic.contest and not SearchPlayer(1, "easy:1s").heuristic.contest
    assert not SearchPlayer(1, dataclasses.replace(LEVELS["normal"], contest=False)).heuristic.contest
    assert not HeuristicPlayer(1).contest


def test_every_level_places_its_own_markers_by_the_measured_plan_r_missions():
    """The levels' heuristic follows MEASURED_PLAN (its own markers on the flanks): the same set-up
    answers as a heuristic given that plan, and not those of the heuristic's own plan."""
    assert all(level.setup_plan is MEASURED_PLAN for level in LEVELS.values())
    game = new_game("corrino", "fremen", seed=31)
    player = SearchPlayer(1, TINY)
    placed: list[tuple] = []
    while game.state.phase == "setup":
        d = game.decision
        answer = (player if d.side == "red" else HeuristicPlayer(2)).decide(d, game.view(d.side))
        if d.side == "red" and d.kind == "place_marker" and d.info.get("owner") == "red":
            mine = HeuristicPlayer(0, setup_plan=MEASURED_PLAN).decide(d, game.view("red"))
            theirs = HeuristicPlayer(0, setup_plan=HEURISTIC_PLAN).decide(d, game.view("red"))
            placed.append((answer, mine, theirs))
        game.answer(answer)
    assert placed and all(answer == mine for answer, mine, _ in placed)
    assert any(answer != theirs for answer, _, theirs in placed)
