"""Tests of landsraad.tournament.swiss: hand-worked pairings and whole simulated events.

The simulated events are checked against a brute-force oracle: every perfect matching is
enumerated and ranked by the pairing priorities in order (fewest double byes, fewest
rematches, bye nearest the bottom, points differences, rank differences); the matching the
module finds must be as good, tier by tier, as the best one enumerated.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.tournament.event import Entrant, Event, drop_player, record_result, set_round
from landsraad.tournament.standings import byes, colours, opponents, standings
from landsraad.tournament.swiss import assign_sides, pair_round, shuffled, swiss_pairs


def test_rematch_avoided_where_a_greedy_pass_would_not():
    # Greedy top-down pairs A-B, then must pair C-D, who have met. A-C / B-D avoids it.
    pairs, bye = swiss_pairs(list("ABCD"), met={"C": {"D"}, "D": {"C"}})
    assert (pairs, bye) == ([("A", "C"), ("B", "D")], None)


def test_rematch_when_it_cannot_be_avoided_and_only_one():
    # A has met B, C and D; B and C have met. A-B/C-D: 1 rematch; A-C/B-D: 1; A-D/B-C: 2.
    # Among the two with one rematch, ranks decide: (0-1)^2 + (2-3)^2 = 2 < 4 + 4.
    met = {"A": {"B", "C", "D"}, "B": {"A", "C"}, "C": {"A", "B"}, "D": {"A"}}
    pairs, _ = swiss_pairs(list("ABCD"), met=met)
    assert pairs == [("A", "B"), ("C", "D")]


def test_score_groups_stay_together_then_neighbours_meet():
    pairs, _ = swiss_pairs(list("ABCDEF"), points=dict(A=6, B=3, C=3, D=3, E=3, F=0))
    # A (6) must float down and F (0) up: A-B, C-D, E-F (points cost 9 + 0 + 9, the least possible).
    assert pairs == [("A", "B"), ("C", "D"), ("E", "F")]
    pairs, _ = swiss_pairs(list("ABCD"), points=dict(A=3, B=3, C=3, D=0), met={"A": {"B"}, "B": {"A"}})
    # Points cost A-C/B-D = 0 + 9 = A-D/B-C; ranks decide: (0-2)^2 + (1-3)^2 = 8 < 9 + 1.
    assert pairs == [("A", "C"), ("B", "D")]


def test_bye_to_the_lowest_ranked_player_without_one():
    assert swiss_pairs(list("ABCDE"))[1] == "E"
    pairs, bye = swiss_pairs(list("ABCDE"), had_bye={"E"})
    assert bye == "D" and pairs == [("A", "B"), ("C", "E")]
    assert swiss_pairs(list("ABC"), had_bye={"A", "B", "C"})[1] == "C"  # everyone had one: the bottom again


def test_bye_yields_to_avoiding_a_rematch():
    # A has met B, C and D. A bye to E (the bottom) leaves A to a rematch; a bye to D lets A meet E
    # and B meet C, both fresh: D, one place from the bottom, gets it.
    met = {"A": {"B", "C", "D"}, "B": {"A"}, "C": {"A"}, "D": {"A"}, "E": set()}
    pairs, bye = swiss_pairs(list("ABCDE"), met=met)
    assert bye == "D" and pairs == [("A", "E"), ("B", "C")]


def test_sides_alternate():
    assert assign_sides("A", "B", {"A": ["red"], "B": []}) == ("B", "A")
    assert assign_sides("A", "B", {"A": ["blue"], "B": ["red"]}) == ("A", "B")
    assert assign_sides("A", "B", {"A": ["red", "blue"], "B": ["blue", "red"]}) == ("A", "B")  # equal balance: A was blue last
    assert assign_sides("A", "B", {"A": ["red", "red"], "B": ["red"]}) == ("B", "A")


def test_shuffle_is_seeded_and_ignores_entry_order():
    players = [f"P{i}" for i in range(8)]
    assert shuffled(players, 3) == shuffled(list(reversed(players)), 3)
    assert sorted(shuffled(players, 3)) == sorted(players)
    assert shuffled(players, 3) != shuffled(players, 4)


def _event(n: int, rounds: int, seed: int) -> Event:
    return Event(name="Sim", rounds=rounds, seed=seed, entrants=[Entrant(player=f"P{i}", faction="corrino") for i in range(n)])


def test_round_one_pairs_the_shuffle_in_order():
    ev = _event(7, 3, 11)
    order = shuffled(ev.players, 11)
    rnd = pair_round(ev)
    assert [(t.red, t.blue) for t in rnd.tables] == [(order[0], order[1]), (order[2], order[3]), (order[4], order[5])]
    assert rnd.bye == order[6]


# --- the brute-force oracle ------------------------------------------------------------------

def _matchings(nodes: list):
    if not nodes:
        yield []
        return
    first, rest = nodes[0], nodes[1:]
    for i, other in enumerate(rest):
        for m in _matchings(rest[:i] + rest[i + 1:]):
            yield [(first, other)] + m


def _tiers(matching, ranked, points, met, had):
    rank = {p: i for i, p in enumerate(ranked)}
    n = len(ranked)
    everyone = all(p in had for p in ranked)
    double = rematch = bye_pos = pts = ranks = 0
    for a, b in matching:
        if b is None or a is None:
            p = a if b is None else b
            double += p in had and not everyone
            bye_pos = n - 1 - rank[p]
        else:
            rematch += b in met[a]
            pts += (points[a] - points[b]) ** 2
            ranks += (rank[a] - rank[b]) ** 2
    return double, rematch, bye_pos, pts, ranks


def _simulate(n: int, rounds: int, seed: int, drop_after: int | None = None) -> Event:
    ev = _event(n, rounds, seed)
    rng = np.random.default_rng(seed)
    for r in range(1, rounds + 1):
        if drop_after is not None and r == drop_after + 1:
            ev, _ = drop_player(ev, ev.active[0])
        before = ev
        rnd = pair_round(ev)
        # The oracle: the best matching, tier by tier, among all of them.
        active = list(ev.active)
        ranked = (shuffled(active, seed) if r == 1 else [s.player for s in standings(before) if s.player in active])
        pts = {s.player: s.points for s in standings(before)}
        met = {p: set(o) for p, o in opponents(before).items()}
        had = {p for p, k in byes(before).items() if k}
        nodes = ranked + ([None] if len(ranked) % 2 else [])
        best = min(_tiers(m, ranked, pts, met, had) for m in _matchings(nodes))
        chosen = [(t.red, t.blue) for t in rnd.tables] + ([(rnd.bye, None)] if rnd.bye else [])
        assert _tiers(chosen, ranked, pts, met, had) == best, (r, chosen)
        # Sides: the player with fewer reds (net) plays red.
        hist = colours(before)
        for t in rnd.tables:
            bal = {p: sum(1 if c == "red" else -1 for c in hist[p]) for p in (t.red, t.blue)}
            assert bal[t.red] <= bal[t.blue]
        ev = set_round(ev, rnd)
        for t in rnd.tables:
            vp = rng.integers(0, 16, size=2)
            ev, _ = record_result(ev, r, t.table, int(vp[0]), int(vp[1]))
    return ev


@pytest.mark.parametrize("n", [7, 8])
@pytest.mark.parametrize("rounds", [3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_simulated_events_have_no_rematch_and_no_double_bye(n: int, rounds: int, seed: int):
    ev = _simulate(n, rounds, seed)
    seen: set[frozenset[str]] = set()
    bye_count: dict[str, int] = {}
    for rnd in ev.pairings:
        players = rnd.players()
        assert sorted(players) == sorted(ev.players)  # everyone exactly once
        assert (rnd.bye is not None) == (n % 2 == 1)
        for t in rnd.tables:
            pair = frozenset((t.red, t.blue))
            assert pair not in seen, f"rematch {sorted(pair)} in round {rnd.round}"
            seen.add(pair)
        if rnd.bye:
            bye_count[rnd.bye] = bye_count.get(rnd.bye, 0) + 1
    assert all(k == 1 for k in bye_count.values())
    assert len(ev.pairings) == rounds


def test_a_dropped_player_is_no_longer_paired():
    ev = _simulate(8, 4, 5, drop_after=2)
    gone = ev.dropped[0]
    assert all(gone not in rnd.players() for rnd in ev.pairings[2:])
    assert all(gone in rnd.players() for rnd in ev.pairings[:2])
    assert all(rnd.bye is not None for rnd in ev.pairings[2:])  # seven left: a bye each round


@settings(max_examples=60)
@given(st.integers(2, 9).flatmap(lambda n: st.tuples(
    st.just(n),
    st.lists(st.integers(0, 9), min_size=n, max_size=n),
    st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=n * 2),
    st.sets(st.integers(0, n - 1)),
)))
def test_any_situation_gets_the_best_pairing_tier_by_tier(case):
    n, raw_points, raw_met, raw_byes = case
    players = [f"P{i}" for i in range(n)]
    points = {p: v for p, v in zip(players, sorted(raw_points, reverse=True))}  # ranked best first
    met = {p: set() for p in players}
    for a, b in raw_met:
        if a != b:
            met[players[a]].add(players[b])
            met[players[b]].add(players[a])
    had = {players[i] for i in raw_byes}
    pairs, bye = swiss_pairs(players, points, met, had)
    assert sorted([p for ab in pairs for p in ab] + ([bye] if bye else [])) == sorted(players)
    assert (bye is None) == (n % 2 == 0)
    nodes = players + ([None] if n % 2 else [])
    best = min(_tiers(m, players, points, met, had) for m in _matchings(nodes))
    assert _tiers(pairs + ([(bye, None)] if bye else []), players, points, met, had) == best
