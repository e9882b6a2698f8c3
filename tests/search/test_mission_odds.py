"""The learned mission odds (landsraad.search.mission_odds; R-MISSIONS, R-MISSION-PICK): the model's
formula, a fit that recovers a known model, atomic round-trips and clear errors, rankings by the
learned chances, and the bundled model."""

from __future__ import annotations

import dataclasses
import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.ai import HeuristicPlayer, mission_plans, pick_estimates
from landsraad.content import load_factions
from landsraad.engine import new_game
from landsraad.errors import DataError, UnknownNameError
from landsraad.missions import load_missions
from landsraad.search.mission_odds import (
    BUNDLED_ODDS,
    RANKS,
    MissionOdds,
    PickOutcome,
    explore_ranking,
    extended_ranking,
    fit_mission_odds,
    learned_rankings,
    load_mission_odds,
    pruned_ranking,
    save_mission_odds,
)
from landsraad.search.player import LEVELS, SearchPlayer, level_named

from .conftest import advance, heuristics

CARDS = load_missions()
probability = st.floats(min_value=0.01, max_value=0.99)


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-z))


@given(probability, st.integers(0, 5), st.integers(1, 6))
def test_an_empty_model_gives_the_estimate(estimate: float, rank: int, picks: int) -> None:
    odds = MissionOdds(games=0)
    assert odds.chance("occupation", rank=rank, picks=picks, estimate=estimate, faction="fremen",
                       opponent="corrino") == pytest.approx(estimate, abs=1e-12)


@given(probability, st.integers(0, 7), st.integers(1, 6))
def test_the_chance_follows_the_formula(estimate: float, rank: int, picks: int) -> None:
    odds = MissionOdds(games=1, estimate_weight={"sabotage": -0.5}, bias={"sabotage": 0.3},
                       rank={"sabotage": (0.4, 0.2, 0.0, -0.3)}, faction={"fremen": {"sabotage": 0.7}},
                       opponent={"corrino": {"sabotage": -0.2}}, picks=-0.1)
    logit = math.log(estimate / (1 - estimate))
    z = 0.5 * logit + 0.3 + (0.4, 0.2, 0.0, -0.3)[min(rank, 3)] + 0.7 - 0.2 - 0.1 * (picks - 1)
    got = odds.chance("sabotage", rank=rank, picks=picks, estimate=estimate, faction="fremen", opponent="corrino")
    assert got == pytest.approx(_sigmoid(z), rel=1e-12)
    # another faction or card: only the terms the model has for it
    other = odds.chance("sabotage", rank=rank, picks=picks, estimate=estimate, faction="atreides", opponent="fremen")
    assert other == pytest.approx(_sigmoid(z - 0.7 + 0.2), rel=1e-12)
    assert odds.chance("territory", rank=rank, picks=1, estimate=estimate, faction="fremen",
                       opponent="corrino") == pytest.approx(estimate, abs=1e-12)


def test_a_fit_recovers_a_known_model() -> None:
    # outcomes drawn from a known model (numpy's generator, not the fit): the fit's chances come
    # back within a few points of the true ones where there is data
    rng = np.random.default_rng(7)
    truth = {"occupation": (-1.5, (0.3, 0.0, -0.3, -0.6)), "spice_theft": (1.0, (0.5, 0.2, 0.0, -0.2))}
    rows = []
    for _ in range(6000):
        mission = ("occupation", "spice_theft")[int(rng.integers(2))]
        rank = int(rng.integers(4))
        estimate = float(rng.uniform(0.2, 0.8))
        bias, ranks = truth[mission]
        p = _sigmoid(math.log(estimate / (1 - estimate)) + bias + ranks[rank])
        rows.append(PickOutcome("fremen", "corrino", mission, rank, 4, estimate, bool(rng.random() < p)))
    odds = fit_mission_odds(rows, games=1500, penalty=1.0)
    assert odds.games == 1500
    for mission, (bias, ranks) in truth.items():
        for rank in range(RANKS):
            for estimate in (0.3, 0.5, 0.7):
                want = _sigmoid(math.log(estimate / (1 - estimate)) + bias + ranks[rank])
                got = odds.chance(mission, rank=rank, picks=4, estimate=estimate, faction="fremen", opponent="corrino")
                assert abs(got - want) < 0.06, (mission, rank, estimate, got, want)


def test_a_card_seen_once_stays_near_the_estimate() -> None:
    rows = [PickOutcome("fremen", "corrino", "territory", 0, 1, 0.5, False)]
    odds = fit_mission_odds(rows, games=1, penalty=2.0)
    assert 0.3 < odds.chance("territory", rank=0, picks=1, estimate=0.5, faction="fremen", opponent="corrino") < 0.5


def test_a_fit_needs_rows_and_a_positive_penalty() -> None:
    with pytest.raises(DataError, match="no pick outcomes"):
        fit_mission_odds([], games=0)
    with pytest.raises(DataError, match="penalty must be positive, not 0"):
        fit_mission_odds([PickOutcome("fremen", "corrino", "territory", 0, 1, 0.5, False)], games=1, penalty=0.0)


@settings(max_examples=25)
@given(bias=st.dictionaries(st.sampled_from(sorted(CARDS)), st.floats(-3, 3), max_size=4), picks=st.floats(-1, 1))
def test_save_then_load_round_trips(bias: dict[str, float], picks: float, tmp_path_factory: pytest.TempPathFactory) -> None:
    path = tmp_path_factory.mktemp("odds") / "odds.json"
    odds = MissionOdds(games=3, bias=bias, rank={m: (0.1, 0.0, -0.1, -0.2) for m in bias}, picks=picks)
    save_mission_odds(odds, path)
    assert load_mission_odds(path) == odds
    assert [p.name for p in path.parent.iterdir()] == ["odds.json"]  # no temporary file left


def test_load_errors_name_the_file_and_the_problem(tmp_path) -> None:
    # the project's loader (landsraad.content.load_model): the file, then each bad key with its line
    with pytest.raises(DataError, match=r"missing\.json: No such file"):
        load_mission_odds(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"games": 3,\n "bias": }')
    with pytest.raises(DataError, match=r"bad\.json: bias \(line 2, column 2\)"):
        load_mission_odds(bad)
    not_finite = tmp_path / "nan.json"
    not_finite.write_text('{"games": 3, "picks": NaN}')
    with pytest.raises(DataError, match=r"nan\.json: picks .*finite"):
        load_mission_odds(not_finite)
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"games": "many", "bias": {"sabotage": "high"}, "colour": 1}))
    with pytest.raises(DataError) as caught:
        load_mission_odds(wrong)
    message = str(caught.value)
    assert "wrong.json" in message and "games" in message and "bias.sabotage" in message and "colour" in message


def test_an_empty_model_ranks_as_the_heuristic() -> None:
    # oracle: the heuristic's own ranking function, given the same estimates
    estimates = {"activation": 0.9, "protection": 0.8, "occupation": 0.6, "spice_theft": 0.55, "territory": 0.2}
    allowed = sorted(estimates)
    empty = MissionOdds(games=0).chance_at(estimates, faction="fremen", opponent="corrino")
    assert mission_plans(allowed, estimates, cards=CARDS, count=4, chance_at=empty) == mission_plans(allowed, estimates, cards=CARDS, count=4)


def test_a_hopeless_card_is_left_out() -> None:
    estimates = {"activation": 0.9, "protection": 0.8, "occupation": 0.6, "spice_theft": 0.55}
    allowed = sorted(estimates)
    assert "occupation" in mission_plans(allowed, estimates, cards=CARDS)[0]
    odds = MissionOdds(games=1, faction={"fremen": {"occupation": -4.0}})
    best = mission_plans(allowed, estimates, cards=CARDS, chance_at=odds.chance_at(estimates, faction="fremen", opponent="corrino"))[0]
    assert "occupation" not in best
    # the same model says nothing about another faction's occupation
    assert "occupation" in mission_plans(allowed, estimates, cards=CARDS,
                                         chance_at=odds.chance_at(estimates, faction="corrino", opponent="fremen"))[0]


@settings(max_examples=60)
@given(st.integers(0, 2**32), st.lists(st.sampled_from(sorted(CARDS)), min_size=1, max_size=4, unique=True), st.integers(1, 3))
def test_explored_rankings_are_legal(seed: int, ranking: list[str], fewest: int) -> None:
    choices = sorted(CARDS)
    fewest = min(fewest, len(ranking))
    plan, how = explore_ranking(np.random.default_rng(seed), ranking, choices, fewest=fewest, most=6)
    assert how in ("heuristic", "random", "neighbour")
    assert fewest <= len(plan) <= 4 and len(set(plan)) == len(plan) and set(plan) <= set(choices)
    if how == "heuristic":
        assert plan == ranking


def test_the_bundled_model_knows_the_bundled_content() -> None:
    odds = load_mission_odds()
    assert odds == load_mission_odds(BUNDLED_ODDS)
    assert odds.games >= 1000
    assert set(odds.faction) == set(load_factions())
    assert set(odds.bias) <= set(CARDS) and len(odds.bias) >= 8
    assert all(len(r) == RANKS for r in odds.rank.values())


def test_learned_picks_are_legal_and_seen_from_the_view() -> None:
    game = advance(new_game("fremen", "corrino", seed=5), heuristics(), lambda g: g.decision.kind == "pick_missions")
    d = game.decision
    view = game.view(d.side)
    rankings = learned_rankings(load_mission_odds(), d, view, count=4)
    low, high = d.ranked or (1, 6)
    assert rankings and all(low <= len(r) <= high and set(r) <= set(d.choices) for r in rankings)
    assert len({tuple(r) for r in rankings}) == len(rankings)
    game.clone().answer(rankings[0])  # the engine takes it
    # a level that ranks by the learned odds and does not search its picks plays that ranking
    player = SearchPlayer(4, dataclasses.replace(UNSEARCHED, picks="learned"))
    assert player.decide(d, view) == rankings[0]
    # a level without learned picks plays the heuristic's
    plain = SearchPlayer(4, dataclasses.replace(UNSEARCHED, picks="heuristic"))
    assert plain.odds is None
    assert plain.decide(d, view) == HeuristicPlayer(0).mission_plans(d, view, count=1)[0]


UNSEARCHED = level_named("normal:1s")
"""A level that does not search its picks (its budget leaves no room for the games): it plays its start."""


def _fremen_pick():
    game = advance(new_game("fremen", "corrino", seed=5), heuristics(),
                   lambda g: g.decision.kind == "pick_missions" and g.decision.side == "red")
    return game, game.decision, game.view("red")


def test_pruned_picks_are_the_heuristics_less_what_the_model_expects_to_score_little() -> None:
    game, d, view = _fremen_pick()
    own = HeuristicPlayer(0).mission_plans(d, view, count=1)[0]
    assert "occupation" in own, "the heuristic's estimates pick Occupation for the Fremen here"
    odds = load_mission_odds()
    pruned = pruned_ranking(odds, d, view, own)
    # the bundled model expects Fremen Occupation to fail (10 % over its 4,000 games), so it goes
    assert "occupation" not in pruned and pruned == [m for m in own if m in pruned]
    # every pick kept is worth a victory point at its new rank, worked out here from the cards
    estimates = pick_estimates(d, view)
    for rank, m in enumerate(pruned):
        p = odds.chance(m, rank=rank, picks=len(pruned), estimate=estimates[m], faction="fremen", opponent="corrino")
        assert p * CARDS[m].values.success[rank] + (1 - p) * CARDS[m].values.failure[rank] >= 1.0
    game.clone().answer(pruned)  # the engine takes it
    # a model that knows nothing and a floor no pick misses keep the heuristic's ranking
    assert pruned_ranking(MissionOdds(games=0), d, view, own, floor=-100.0) == own
    # the levels start from it: normal:1s (play's default), which does not search its picks, plays it
    assert SearchPlayer(4, UNSEARCHED).decide(d, view) == pruned
    assert SearchPlayer(4, dataclasses.replace(UNSEARCHED, pick_floor=-100.0)).decide(d, view) == own


def test_a_level_with_an_unknown_pick_rule_is_refused() -> None:
    with pytest.raises(UnknownNameError, match="Level.picks.*'best'.*pruned"):
        dataclasses.replace(LEVELS["normal"], picks="best")


def test_the_ranking_one_pick_longer_adds_what_the_model_expects_to_score_most() -> None:
    game, d, view = _fremen_pick()
    own = HeuristicPlayer(0).mission_plans(d, view, count=1)[0]
    odds = load_mission_odds()
    pruned = pruned_ranking(odds, d, view, own)
    longer = extended_ranking(odds, d, view, pruned)
    assert longer is not None and longer[:-1] == pruned and longer[-1] not in pruned
    # the new pick is the card worth most at the next rank, worked out here from the cards, and a VP at least
    estimates = pick_estimates(d, view)
    rank = len(pruned)

    def worth(m: str) -> float:
        p = odds.chance(m, rank=rank, picks=rank + 1, estimate=estimates[m], faction="fremen", opponent="corrino")
        return p * CARDS[m].values.success[rank] + (1 - p) * CARDS[m].values.failure[rank]

    others = [m for m in d.choices if m not in pruned]
    assert worth(longer[-1]) >= 1.0 and worth(longer[-1]) == max(worth(m) for m in others)
    game.clone().answer(longer)  # the engine takes it
    # a floor no card reaches: no longer ranking
    assert extended_ranking(odds, d, view, pruned, floor=100.0) is None
