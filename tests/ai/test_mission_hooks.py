"""landsraad.ai.mission_hooks: mission jobs and chances read from the cards' data, never from their ids.

A card's evaluator names its hook (one table); its special actions make the marker jobs; its
chance at pick time answers the table and the opponent in the right direction; a new card (an
authored YAML reusing an evaluator and an action effect) is picked and played without code.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import warnings
from pathlib import Path

import pytest

from landsraad.ai import HeuristicPlayer
from landsraad.ai.mission_hooks import (
    FALLBACK,
    MISSION_HOOKS,
    _no_bonus,
    card_chance,
    card_jobs,
    card_kill_bonus,
    contest_jobs,
    estimate_chances,
    hook_for,
    wants_destroyed,
)
from landsraad.ai.planner import Planner
from landsraad.ai.reading import read_table
from landsraad.engine.decisions import Decision
from landsraad.engine.game import new_game, play
from landsraad.engine.missions import mission_cards
from landsraad.engine.state import MarkerState, TerrainState
from landsraad.missions import EVALUATORS, load_mission, load_mission_file, load_missions
from landsraad.players import RandomPlayer

from ..engine.helpers import model, state_in_play

BEACON = Path(__file__).resolve().parents[1] / "data" / "missions" / "beacon_relay.yaml"
FACTIONS = ("corrino", "atreides", "harkonnen", "fremen")


def _at_pick(red: str, blue: str, seed: int, missions=()):
    """A game driven by two heuristic players up to the first mission pick; returns (game, decision)."""
    game = new_game(red, blue, seed=seed, missions=missions)
    players = {"red": HeuristicPlayer(seed), "blue": HeuristicPlayer(seed + 1)}
    while game.decision.kind != "pick_missions":
        d = game.decision
        if d.kind == "dice":
            game.roll_pending()
        else:
            game.answer(players[d.side].decide(d, game.view(d.side)))
    return game, game.decision


# --- the table of hooks --------------------------------------------------------------------------------


def test_every_bundled_success_evaluator_has_a_hook_and_every_hook_a_registered_evaluator():
    for card in load_missions().values():
        assert card.success.evaluator in MISSION_HOOKS, card.id
    assert set(MISSION_HOOKS) <= set(EVALUATORS.names())


def test_an_evaluator_the_player_does_not_know_falls_back_to_the_cards_actions(monkeypatch):
    card = load_mission("activation")
    monkeypatch.delitem(MISSION_HOOKS, "markers_activated")
    assert hook_for(card) is FALLBACK
    # Still a job at each terminal, taking the card's own action (named from the card).
    terminals = [MarkerState(id=f"red-activation-terminal-{n}", owner="red", mission="activation", x=15.0 * n, y=25.0)
                 for n in (1, 2, 3)]
    a = model("red", "corrino", "soldier", 1, 10, 5)
    state = state_in_play([a, model("blue", "fremen", "warrior", 1, 30, 55)]).replace(markers=tuple(terminals))
    state = state.with_side(state.side_state("red").replace(missions=("activation",)))
    jobs = card_jobs(Planner(HeuristicPlayer(1), state, "red"), card)
    assert sorted(j.action for j in jobs) == [f"mission:activation:activate_terminal:{k.id}" for k in terminals]


def test_a_cards_kill_bonus_is_its_hooks_product_for_every_card_and_enemy():
    """card_kill_bonus skips copying the parameters of a card without a kill bonus (a fast path):
    the same float as the hook's share times the swing, for every bundled card (picked, ranked
    first to sixth) and every enemy (an ambassador, a carrier, a wounded one)."""
    blue = [model("blue", "fremen", "warrior", 1, 50, 55), model("blue", "fremen", "warrior", 2, 20, 40, ambassador=True),
            model("blue", "fremen", "warrior", 3, 30, 30, wound="grave")]
    state = state_in_play([model("red", "corrino", "soldier", 1, 10, 5), *blue])
    cards = mission_cards(state)
    ids = sorted(cards)
    fast_paths = 0
    for start in range(0, len(ids), 6):
        picked = tuple(ids[start:start + 6])
        s = state.with_side(state.side_state("red").replace(missions=picked))
        planner = Planner(HeuristicPlayer(1), s, "red")
        for mid in picked:
            card = cards[mid]
            hook = hook_for(card)
            fast_paths += hook.kill is _no_bonus
            for e in planner.enemies:
                slow = hook.kill(planner, card, dict(card.success.parameters), e) * planner.swing(mid)
                assert math.copysign(1.0, card_kill_bonus(planner, card, e)) == math.copysign(1.0, slow)
                assert card_kill_bonus(planner, card, e) == slow
    assert fast_paths and fast_paths < len(ids)  # both paths checked


def test_marker_jobs_come_from_the_cards_actions_and_holds_from_its_evaluator():
    # Occupation: no special action, a control_markers evaluator: a hold job at each position.
    # Spice theft: a pick-up action on the cache; its carrier then goes home by the card's deliver action.
    cache = MarkerState(id="red-spice-theft-spice-1", owner="red", mission="spice_theft", x=30.0, y=45.0)
    pos = MarkerState(id="red-occupation-position-1", owner="red", mission="occupation", x=20.0, y=30.0, size_mm=50)
    a = model("red", "corrino", "soldier", 1, 10, 5)
    carrier = model("red", "corrino", "soldier", 2, 40, 30, carrying=None)
    state = state_in_play([a, carrier, model("blue", "fremen", "warrior", 1, 50, 55)]).replace(markers=(cache, pos))
    state = state.with_side(state.side_state("red").replace(missions=("spice_theft", "occupation")))
    planner = Planner(HeuristicPlayer(1), state, "red")
    kinds = {(j.kind, j.marker, j.action, j.hold) for j in planner.jobs}
    assert ("pick_up", cache.id, f"mission:spice_theft:pick_up_spice:{cache.id}", False) in kinds
    assert ("position", pos.id, None, True) in kinds
    carried = state.with_marker(cache.replace(carried_by=carrier.id)).update_model(carrier.id, carrying=cache.id)
    job = Planner(HeuristicPlayer(1), carried, "red").assignment[carrier.id]
    assert job.kind == "deliver" and job.action == f"mission:spice_theft:carry_off_spice:{cache.id}" and job.edge == "south"


def test_explosives_go_for_markers_their_owner_does_not_want_destroyed():
    cards = load_missions()
    depot = MarkerState(id="blue-sabotage-depot-1", owner="blue", mission="sabotage", x=30.0, y=20.0)
    terminal = MarkerState(id="blue-activation-terminal-1", owner="blue", mission="activation", x=30.0, y=40.0)
    assert wants_destroyed(cards, depot) and not wants_destroyed(cards, terminal)
    a = model("red", "corrino", "specialist", 1, 10, 5, equipment=("explosives",))
    state = state_in_play([a, model("blue", "fremen", "warrior", 1, 50, 55)]).replace(markers=(depot, terminal))
    planner = Planner(HeuristicPlayer(1), state, "red")
    assert planner.blast_worth(terminal) > 0 > planner.blast_worth(depot)
    # An activated terminal stays activated when blown up (PRJ-73): nothing to deny.
    done = terminal.replace(activated=True)
    assert Planner(HeuristicPlayer(1), state.replace(markers=(depot, done)), "red").blast_worth(done) == 0.0


def _late(state, *, clock_s: float = 2000.0):
    """``state`` with ``clock_s`` of its 2,700 s spent (late: from 60 %, 1,620 s)."""
    return state.replace(clock_s=clock_s)


def test_a_contesting_player_stands_on_the_opponents_held_markers_late_in_the_game():
    # Blue's Occupation needs both positions with no contesting red model on them (PRJ-70, PRJ-71):
    # late in the game a contesting red player has a hold job at each, worth the card's mean
    # swing shared between them (blue's rank is secret, R-MISSIONS): (11+9+7+7+5+4)/6 / 2.
    pos1 = MarkerState(id="blue-occupation-position-1", owner="blue", mission="occupation", x=20.0, y=30.0, size_mm=50)
    pos2 = MarkerState(id="blue-occupation-position-2", owner="blue", mission="occupation", x=40.0, y=30.0, size_mm=50)
    terminal = MarkerState(id="blue-activation-terminal-1", owner="blue", mission="activation", x=30.0, y=40.0)
    a = model("red", "corrino", "soldier", 1, 10, 5)
    state = state_in_play([a, model("blue", "fremen", "warrior", 1, 50, 55)]).replace(markers=(pos1, terminal, pos2))
    late = _late(state)
    planner = Planner(HeuristicPlayer(None, contest=True), late, "red")  # unseeded: the balanced weights, unvaried (issue 45)
    contest = [j for j in planner.jobs if j.kind == "contest"]
    assert [(j.marker, j.point, j.hold, j.radius) for j in contest] == [(pos1.id, (20.0, 30.0), True, 2.5),
                                                                           (pos2.id, (40.0, 30.0), True, 2.5)]
    assert all(j.value == pytest.approx(43 / 6 / 2) for j in contest)
    assert contest_jobs(planner, load_missions()) == contest  # an Activation's terminals give none
    # Not before 60 % of the clock, not for a player that does not contest (the heuristic's default).
    assert not [j for j in Planner(HeuristicPlayer(1, contest=True), state, "red").jobs if j.kind == "contest"]
    assert not [j for j in Planner(HeuristicPlayer(1), late, "red").jobs if j.kind == "contest"]
    # A position blown up can no longer be held: nothing to contest there (PRJ-73).
    blown = late.replace(markers=(pos1.replace(destroyed=True), terminal, pos2))
    assert [j.marker for j in Planner(HeuristicPlayer(1, contest=True), blown, "red").jobs if j.kind == "contest"] == [pos2.id]
    # The side's own positions are held, not contested.
    own = late.replace(markers=(pos1.replace(owner="red", id="red-occupation-position-1"),))
    own = own.with_side(own.side_state("red").replace(missions=("occupation",)))
    assert [j.kind for j in Planner(HeuristicPlayer(1, contest=True), own, "red").jobs] == ["position"]


def test_a_contest_job_takes_a_free_model_onto_the_position():
    # Late, nothing else to do: the nearest red model moves into base contact with blue's position.
    pos = MarkerState(id="blue-occupation-position-1", owner="blue", mission="occupation", x=20.0, y=20.0, size_mm=50)
    a = model("red", "corrino", "soldier", 1, 20, 12)
    state = _late(state_in_play([a, model("blue", "fremen", "warrior", 1, 50, 55)]).replace(markers=(pos,)))
    planner = Planner(HeuristicPlayer(1, contest=True), state, "red")
    assert planner.assignment[a.id].marker == pos.id
    plan = planner.plan_for(state.model(a.id))
    assert plan.kind == "hold" and plan.contact is not None and plan.contact.id == pos.id


# --- chances at pick time ------------------------------------------------------------------------------


def test_estimates_are_probabilities_for_every_card_and_every_pair_of_factions():
    for red, blue in itertools.product(FACTIONS, FACTIONS):
        game, d = _at_pick(red, blue, seed=3)
        chances = estimate_chances(read_table(game.view(d.side), d.side), mission_cards(game.state), d.choices)
        assert set(chances) == set(d.choices)
        assert all(0.05 <= p <= 0.95 for p in chances.values())


def test_markers_placed_farther_lower_a_cards_estimate():
    game, d = _at_pick("corrino", "fremen", seed=3)
    r = read_table(game.view(d.side), d.side)
    card = load_mission("activation")
    spec = card.markers[0]
    farther = card.model_copy(update={"markers": (spec.model_copy(update={"min_from_own_edge_cm": 40.0}),)})
    assert card_chance(r, farther) < card_chance(r, card)
    # More markers required: harder.
    fewer = card.model_copy(update={"success": card.success.model_copy(update={"parameters": {"markers": 1}})})
    assert card_chance(r, fewer) > card_chance(r, card)


def test_a_weaker_opponent_raises_the_estimates_of_missions_in_its_half():
    game, d = _at_pick("corrino", "fremen", seed=3)
    state = game.view(d.side)
    enemy = "blue" if d.side == "red" else "red"
    theirs = [m for m in state.models if m.side == enemy]
    weaker = state.replace(models=tuple(m for m in state.models if m.side != enemy) + tuple(theirs[: len(theirs) // 2]))
    cards = mission_cards(state)
    before, after = read_table(state, d.side), read_table(weaker, d.side)
    assert after.share > before.share
    for mid in ("infiltration", "sabotage", "spice_theft", "occupation", "territory"):
        assert card_chance(after, cards[mid]) > card_chance(before, cards[mid]), mid


def test_explosives_and_open_ground_help_a_sabotage():
    game, d = _at_pick("corrino", "fremen", seed=3)
    state = game.view(d.side)
    sabotage = mission_cards(state)["sabotage"]
    r = read_table(state, d.side)
    assert r.carriers("explosives") >= 1  # the Corrino specialist
    unarmed = state.replace(models=tuple(m.replace(equipment=()) for m in state.models))
    assert card_chance(read_table(unarmed, d.side), sabotage) < card_chance(r, sabotage)
    wall = TerrainState(id="wall", polygon=((0.0, 28.0), (60.0, 28.0), (60.0, 32.0), (0.0, 32.0)), height_cm=5.0)
    walled = state.replace(terrain=(wall,))
    assert read_table(walled, d.side).detour > r.detour
    assert card_chance(read_table(walled, d.side), sabotage) < card_chance(r, sabotage)


def test_picks_vary_with_the_table_and_the_opponent():
    picks = set()
    for (red, blue), seed in itertools.product([("corrino", "fremen"), ("fremen", "corrino"), ("harkonnen", "atreides"),
                                                 ("atreides", "atreides")], (1, 2)):
        game, d = _at_pick(red, blue, seed)
        picks.add(tuple(HeuristicPlayer(seed, strict=True).decide(d, game.view(d.side))))
    assert len(picks) >= 2


def test_a_harkonnen_names_the_mission_its_opponent_most_likely_picked():
    game, d = _at_pick("harkonnen", "corrino", seed=3)
    state = game.view("red")
    cards = mission_cards(state)
    ask = Decision(side="red", kind="treachery", prompt="?", choices=tuple(sorted(cards)))
    named = HeuristicPlayer(1, strict=True).decide(ask, state)
    chances = estimate_chances(read_table(state, "blue"), cards, ask.choices)
    rank1 = {m: chances[m] * cards[m].values.success[0] + (1 - chances[m]) * cards[m].values.failure[0] for m in chances}
    assert math.isclose(rank1[named], max(rank1.values()))


# --- a new card, played from its data -----------------------------------------------------------------


def test_a_new_card_is_picked_when_favourable_and_played_from_its_data():
    beacon = load_mission_file(BEACON)
    assert beacon.id not in load_missions()
    game = new_game("atreides", "fremen", seed=4, missions=[beacon])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        play(game, {"red": HeuristicPlayer(4, strict=True), "blue": RandomPlayer(5)})
    assert "beacon_relay" in game.state.side_state("red").missions
    log = [(e.kind, e.side, e.model, e.data) for e in game.log]
    beacons = {data["marker"]: data["at"] for kind, side, _, data in log if kind == "marker" and data.get("mission") == "beacon_relay"}
    assert len(beacons) == 2
    lit = [(model_id, data["marker"]) for kind, side, model_id, data in log
           if kind == "mission_action" and side == "red" and data.get("action") == "light_beacon"]
    assert lit, "the player never lit a beacon"
    # It walked there: the model that lit a beacon was deployed far from it.
    model_id, marker = lit[0]
    deployed = next(data["at"] for kind, _, mid, data in log if kind == "deploy" and mid == model_id)
    assert math.dist(deployed, beacons[marker]) > 15.0


def test_a_new_card_is_left_out_when_its_values_make_it_a_losing_bet():
    beacon = load_mission_file(BEACON)
    bad = beacon.model_copy(update={"values": beacon.values.model_copy(update={"success": (1, 1, 1, 1, 1, 1),
                                                                                "failure": (-9, -9, -9, -9, -9, -9)})})
    game, d = _at_pick("atreides", "fremen", seed=4, missions=[bad])
    assert "beacon_relay" in d.choices
    assert "beacon_relay" not in HeuristicPlayer(4, strict=True).decide(d, game.view(d.side))
    good_game, good = _at_pick("atreides", "fremen", seed=4, missions=[beacon])
    assert "beacon_relay" in HeuristicPlayer(4, strict=True).decide(good, good_game.view(good.side))


@pytest.mark.parametrize("evaluator", sorted(MISSION_HOOKS))
def test_each_hook_gives_a_finite_estimate_with_no_opponent(evaluator):
    # A reading with no opponent model (it cannot happen at pick time, but a hook must not divide by
    # zero); a kill mission then has nothing to kill.
    game, d = _at_pick("corrino", "fremen", seed=3)
    r = dataclasses.replace(read_table(game.view(d.side), d.side), theirs=())
    card = next((c for c in load_missions().values() if c.success.evaluator == evaluator), None)
    assert card is not None
    raw = MISSION_HOOKS[evaluator].chance(r, card, dict(card.success.parameters))
    assert math.isfinite(raw)
    if evaluator == "kill_most_expensive":
        assert raw == 0.0 and card_chance(r, card) == 0.05
