"""Determinising a side's view (landsraad.search.determinize): what was seen is kept, what was not is sampled."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.engine.missions import allowed_missions
from landsraad.missions import load_missions, pick_problems
from landsraad.search.determinize import MAX_HIDDEN_PICKS, determinize, revealed_missions, sample_missions


def test_markers_reveal_the_opponents_missions_in_pick_order(at_red_activation):
    game = at_red_activation
    view = game.view("red")
    truth = game.state.side_state("blue").missions
    revealed = revealed_missions(view, "blue")
    with_markers = [m for m in truth if load_missions()[m].markers]
    assert set(revealed) == set(with_markers)
    on_the_ground = [m for m in revealed if any(k.owner == "blue" and k.mission == m for k in view.markers)]
    assert on_the_ground == [m for m in with_markers if m in on_the_ground]  # markers go down in pick order
    assert view.side_state("blue").missions == ()  # the view itself hides the picks


@settings(max_examples=30)
@given(st.integers(0, 2**32 - 1))
def test_a_sample_keeps_what_was_seen_and_is_a_legal_list(at_red_activation, seed):
    view = at_red_activation.view("red")
    state = determinize(view, "red", np.random.default_rng(seed))
    picks = state.side_state("blue").missions
    revealed = revealed_missions(view, "blue")
    assert pick_problems(picks) == ()
    assert set(revealed) <= set(picks)
    ordered = [m for m in revealed if any(k.owner == "blue" and k.mission == m for k in view.markers)]
    assert [m for m in picks if m in ordered] == ordered
    hidden = [m for m in picks if m not in revealed]
    assert len(hidden) <= MAX_HIDDEN_PICKS
    assert set(hidden) <= set(allowed_missions(view, "blue"))
    assert all(not load_missions()[m].markers for m in hidden)  # a mission with markers would show them
    assert state.side_state("red") == view.side_state("red")  # its own picks are its own
    assert state.seed is None and state.models == view.models and state.markers == view.markers


def test_leaked_secrets_in_the_view_change_nothing(at_red_activation):
    game = at_red_activation
    view = game.view("red")
    blue = view.side_state("blue")
    leaked = view.replace(seed=999).with_side(blue.replace(missions=game.state.side_state("blue").missions))
    for seed in range(5):
        assert determinize(leaked, "red", np.random.default_rng(seed)) == determinize(view, "red", np.random.default_rng(seed))


def test_samples_vary_over_the_hidden_picks(at_red_activation):
    view = at_red_activation.view("red")
    samples = {sample_missions(view, "blue", np.random.default_rng(s)) for s in range(40)}
    assert len(samples) > 1
    assert any(len(s) > len(revealed_missions(view, "blue")) for s in samples)
