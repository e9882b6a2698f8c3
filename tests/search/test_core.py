"""Samples of the search (landsraad.search.core): consistent with the view, reproducible, and blind to secrets."""

from __future__ import annotations

import pickle

import numpy as np

from landsraad.engine import Game
from landsraad.search.core import SearchJob, reconstruct, run_sample, run_samples, same_view, signature
from tests.search.conftest import heuristics


def _job(boundary, trail, current, decision, candidates=(), seed=1, depth=1, tries=4):
    return SearchJob(side=decision.side, boundary=boundary, trail=tuple(trail), current=current, decision=signature(decision),
                     candidates=tuple(candidates), seed=seed, depth=depth, tries=tries)


def _red_activation_trail(game: Game):
    """Play red's activation under way to its ``action`` decision; the boundary view and red's answers."""
    boundary = game.view("red")
    players = heuristics()
    trail = []
    while True:
        d = game.decision
        if d.side == "red" and d.kind == "action":
            return boundary, trail
        answer = players[d.side].decide(d, game.view(d.side))
        if d.side == "red":
            trail.append(answer)
        game.answer(answer)


def test_the_root_at_an_activation_is_the_views_position(at_red_activation):
    game = at_red_activation
    view = game.view("red")
    root = reconstruct(_job(view, (), view, game.decision), np.random.default_rng(0))
    assert root is not None
    assert signature(root.decision) == signature(game.decision)
    assert same_view(root.view("red"), view, "red")


def test_a_mid_activation_root_replays_the_sides_own_answers(at_red_activation):
    game = at_red_activation.clone()
    boundary, trail = _red_activation_trail(game)
    job = _job(boundary, trail, game.view("red"), game.decision)
    root = reconstruct(job, np.random.default_rng(3))
    assert root is not None
    assert signature(root.decision) == signature(game.decision) and root.decision.kind == "action"
    assert same_view(root.view("red"), game.view("red"), "red")


def test_a_root_that_does_not_match_what_was_seen_is_refused(at_red_activation):
    game = at_red_activation.clone()
    boundary, trail = _red_activation_trail(game)
    seen = game.view("red")
    moved = seen.models_of("blue")[0]
    elsewhere = seen.update_model(moved.id, x=moved.x + 0.5)  # a position the replay cannot reach
    assert reconstruct(_job(boundary, trail, elsewhere, game.decision), np.random.default_rng(3)) is None


def test_a_sample_is_a_function_of_the_job_and_its_index(at_red_activation):
    game = at_red_activation
    view = game.view("red")
    job = _job(view, (), view, game.decision, candidates=game.decision.choices[:2], seed=7)
    first = run_sample(job, 0)
    assert first == run_sample(job, 0)
    assert all(v is not None and 0.0 < v < 1.0 for v in first)
    assert run_samples(job, [0, 1]) == [first, run_sample(job, 1)]


def test_a_job_holds_views_only_and_crosses_processes(at_red_activation):
    game = at_red_activation
    view = game.view("red")
    job = _job(view, (), view, game.decision, candidates=game.decision.choices[:2])
    assert job.boundary.side_state("blue").missions == () and job.boundary.seed is None
    assert pickle.loads(pickle.dumps(job)) == job


def test_the_opponents_real_picks_do_not_reach_a_sample(at_red_activation):
    game = at_red_activation
    twin = game.clone()
    blue = twin.state.side_state("blue")
    other = tuple(m for m in ("territory", "assassination", "infiltration") if m not in blue.missions)[:1] + blue.missions[:1]
    twin.state = twin.state.with_side(blue.replace(missions=other))
    a = _job(game.view("red"), (), game.view("red"), game.decision, candidates=game.decision.choices[:2], seed=5)
    b = _job(twin.view("red"), (), twin.view("red"), twin.decision, candidates=twin.decision.choices[:2], seed=5)
    assert run_sample(a, 0) == run_sample(b, 0)
