"""The random player (landsraad.players): always a legal answer, reproducible with its seed."""

from __future__ import annotations

import warnings

import pytest
from hypothesis import given
from hypothesis import strategies as st

from landsraad.engine.decisions import Decision, PointSpec
from landsraad.engine.game import new_game, play
from landsraad.errors import UnknownNameError
from landsraad.players import PLAYER_KINDS, RandomPlayer, make_player


@given(st.integers(0, 2**32 - 1), st.lists(st.sampled_from("abcdefgh"), min_size=1, max_size=8, unique=True))
def test_a_choice_is_one_of_the_choices(seed, choices):
    d = Decision(side="red", kind="stance", prompt="?", choices=tuple(choices))
    assert d.check(RandomPlayer(seed).decide(d, None)) in choices


@given(st.integers(0, 2**32 - 1), st.integers(1, 6), st.integers(0, 5))
def test_a_ranked_answer_has_a_legal_length_and_no_repeat(seed, n, low):
    low = min(low, n) or 1
    choices = tuple(f"m{i}" for i in range(n))
    d = Decision(side="red", kind="pick_missions", prompt="?", choices=choices, ranked=(low, n))
    answer = d.check(RandomPlayer(seed).decide(d, None))  # check raises on a bad length or a repeat
    assert low <= len(answer) <= n


@given(st.integers(0, 2**32 - 1))
def test_a_point_is_one_of_the_suggested_points_or_a_skip_when_allowed(seed):
    cands = ((1.0, 2.0), (3.0, 4.0))
    required = Decision(side="red", kind="deploy", prompt="?", point=PointSpec(lambda p: None, cands))
    optional = Decision(side="red", kind="dodge", prompt="?", optional=True, point=PointSpec(lambda p: None, cands))
    assert tuple(RandomPlayer(seed).decide(required, None)) in cands
    assert RandomPlayer(seed).decide(optional, None) in (None, *cands)


def test_it_skips_an_optional_point_without_suggestions_and_refuses_a_required_one():
    none = PointSpec(lambda p: None, ())
    assert RandomPlayer(1).decide(Decision(side="red", kind="dodge", prompt="?", optional=True, point=none), None) is None
    with pytest.raises(ValueError, match="No suggested point"):
        RandomPlayer(1).decide(Decision(side="red", kind="aim", prompt="Aim where?", point=none), None)


def test_the_same_seed_gives_the_same_answers():
    d = Decision(side="red", kind="bid", prompt="?", choices=tuple(range(10)))
    assert [RandomPlayer(7).decide(d, None) for _ in range(1)] * 3 == [RandomPlayer(7).decide(d, None) for _ in range(3)]
    a, b = RandomPlayer(7), RandomPlayer(7)
    assert [a.decide(d, None) for _ in range(20)] == [b.decide(d, None) for _ in range(20)]


def test_it_spreads_its_answers_over_the_choices():
    # Uniform over 4 choices: in 400 draws each appears (the chance one never does is 4 * 0.75**400, nil).
    p = RandomPlayer(3, skip_chance=0.0)
    d = Decision(side="red", kind="stance", prompt="?", choices=("a", "b", "c", "d"))
    assert {p.decide(d, None) for _ in range(400)} == {"a", "b", "c", "d"}


def test_make_player_by_kind():
    from landsraad.ai import HeuristicPlayer
    from landsraad.search import LEVELS, SearchPlayer

    assert isinstance(make_player("random", 1), RandomPlayer)
    assert isinstance(make_player("heuristic", 1), HeuristicPlayer)
    assert set(PLAYER_KINDS) == {"random", "heuristic", "search", "search:easy", "search:normal", "search:hard", "search:2s",
                                 "search:normal:1s"}
    for level in ("easy", "normal", "hard"):
        player = make_player(f"search:{level}", 1)
        assert isinstance(player, SearchPlayer) and player.level == LEVELS[level]
    assert make_player("search", 1).level == LEVELS["normal"]
    assert make_player("search:2s", 1).level.budget_s == 2.0 and make_player("search:250ms", 1).level.budget_s == 0.25
    capped = make_player("search:normal:1s", 1).level
    assert (capped.budget_s, capped.samples, capped.kinds) == (1.0, LEVELS["normal"].samples, LEVELS["normal"].kinds)


@pytest.mark.parametrize("kind", ["clever", "search:expert", "search:", "Search", "search:0s", "search:2x", "search:-1s",
                                  "heuristic:2s"])
def test_an_unknown_kind_lists_the_valid_ones(kind):
    with pytest.raises(UnknownNameError) as caught:
        make_player(kind, 1)
    for valid in PLAYER_KINDS:
        assert valid in str(caught.value)


def test_two_random_players_finish_a_game_with_legal_answers():
    game = new_game("fremen", "atreides", seed=2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        play(game, {"red": RandomPlayer(1), "blue": RandomPlayer(2)})
    assert game.over and game.result.activations > 10
    red, blue = game.result.vp["red"], game.result.vp["blue"]
    assert game.result.winner == ("draw" if red == blue else "red" if red > blue else "blue")
    assert all(e.data["decision"] != "dice" for e in game.log if e.kind == "decision")  # digital dice: no roll was asked


@pytest.mark.parametrize("spec,kind,level,style", [
    ("heuristic:aggressive", "heuristic", None, "aggressive"), ("heuristic:prudent", "heuristic", None, "cautious"),
    ("search:easy:mission-first", "search", "easy", "mission-first"), ("search:cautious:hard", "search", "hard", "cautious"),
    ("search", "search", "normal", None), ("random", "random", None, None), ("search:2s", "search", "2s", None),
    ("search:1.5s:agressif", "search", "1.5s", "aggressive"), ("search:500ms", "search", "500ms", None),
    ("search:0.5s", "search", "500ms", None), ("search:normal:1s", "search", "normal:1s", None),
    ("search:easy:cautious:3s", "search", "easy:3s", "cautious")])
def test_a_player_spec_names_a_kind_a_level_and_a_style(spec, kind, level, style):
    from landsraad.players import parse_player

    assert parse_player(spec) == (kind, level, style)


def test_a_styled_player_plays_its_temperament():
    assert make_player("heuristic:aggressive", 1).style == "aggressive"
    assert make_player("heuristic", 1).style == "balanced"
    assert make_player("search:easy:cautious", 1).heuristic.style == "cautious"


@pytest.mark.parametrize("spec", ["heuristic:berserk", "random:aggressive", "heuristic:easy", "search:easy:"])
def test_a_bad_style_lists_the_kinds_and_styles(spec):
    with pytest.raises(UnknownNameError) as caught:
        make_player(spec, 1)
    assert "heuristic:aggressive" in str(caught.value) and "search:easy" in str(caught.value)


def test_the_default_opponent_is_a_search_level_within_a_second_a_decision():
    from landsraad.players import DEFAULT_OPPONENT
    from landsraad.search import LEVELS, SearchPlayer

    player = make_player(DEFAULT_OPPONENT, 1)
    assert isinstance(player, SearchPlayer)
    assert player.level.budget_s is not None and player.level.budget_s <= 1.0  # issue 45: 1 s a decision on one core
    assert player.level.pick_rollouts == 0, "no whole games played out at the pick: that takes seconds"
    assert player.level.samples >= LEVELS["normal"].samples
