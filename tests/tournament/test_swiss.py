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


# --- round-1 rules, fixed seats, layouts, hand-made pairings, swaps, reasons ----------------

from itertools import permutations  # noqa: E402

from landsraad.tournament.event import Affiliation, EventError, Layout, Round, Seat, Table  # noqa: E402
from landsraad.tournament.standings import layouts_played  # noqa: E402
from landsraad.tournament.swiss import check_round, plan_round, swap_tables  # noqa: E402


def _cup(names, **settings) -> Event:
    return Event(name="Cup", rounds=4, seed=3, entrants=[Entrant(player=p) for p in names], **settings)


def _played(ev: Event, rnd: Round) -> Event:
    ev = set_round(ev, rnd)
    for t in rnd.tables:
        ev, _ = record_result(ev, rnd.round, t.table, t.table + 5, 2)
    return ev


def test_round_one_keeps_a_club_apart_that_the_draw_would_pair():
    names = [f"P{i}" for i in range(6)]
    plain = pair_round(_cup(names))
    a, b = plain.tables[0].red, plain.tables[0].blue  # the draw pairs them
    clubs = (Affiliation(player=a, club="Dune Club"), Affiliation(player=b.lower(), club=" dune  club "))
    plan = plan_round(_cup(names, avoid=("club",), affiliations=clubs))
    assert all({t.red, t.blue} != {a, b} for t in plan.round.tables)
    assert "kept apart" in " ".join(plan.reasons.values())
    # Only round 1: the clubs do not matter later (check_round warns only in round 1).
    assert check_round(_cup(names, avoid=("club",), affiliations=clubs), plain) == [
        f"Round 1, table 1: {plain.tables[0].red} and {plain.tables[0].blue} are of the same club or city, which round 1 keeps apart."]


def test_city_rule_gives_way_when_everyone_is_from_one_city():
    names = list("ABCD")
    ev = _cup(names, avoid=("city",), affiliations=tuple(Affiliation(player=p, city="Lyon") for p in names))
    plan = plan_round(ev)
    assert len(plan.round.tables) == 2 and all("same club or city" in r for r in plan.reasons.values())


def test_fixed_seat_holds_every_round():
    names = [f"P{i}" for i in range(8)]
    ev = _cup(names, seats=(Seat(player="p5", table=3),))
    for _ in range(3):
        plan = plan_round(ev)
        (t,) = [t for t in plan.round.tables if "P5" in (t.red, t.blue)]
        assert t.table == 3 and "table 3 is P5's fixed seat" in plan.reasons[3]
        assert [x.table for x in plan.round.tables] == [1, 2, 3, 4]
        ev = _played(ev, plan.round)


def _repeats(games, layouts, played) -> int:
    return sum(1 for (r, b), lay in zip(games, layouts) for p in (r, b) if lay in played.get(p, ()))


@pytest.mark.parametrize("seed", range(6))
def test_layouts_placed_with_fewest_repeats_brute_force(seed):
    names = [f"P{i}" for i in range(6)]
    ev = Event(name="Cup", rounds=3, seed=seed, entrants=[Entrant(player=p) for p in names],
               layouts=(Layout(name="Sietch"), Layout(name="Ridge"), Layout(name="Basin")))
    for number in (1, 2, 3):
        plan = plan_round(ev)
        before = layouts_played(ev)
        games = [(t.red, t.blue) for t in plan.round.tables]
        got = _repeats(games, [t.layout for t in plan.round.tables], before)
        best = min(_repeats(games, perm, before) for perm in permutations(["Sietch", "Ridge", "Basin"]))
        assert got == best
        assert [t.layout for t in plan.round.tables] == ["Sietch", "Ridge", "Basin"]  # a table keeps its layout
        ev = _played(ev, plan.round)
        if number == 2:  # round 2 can always avoid a repeat here (each game pairs two round-1 tables: 12, 13, 23)
            assert all(len(set(v)) == len(v) for v in layouts_played(ev).values())


def test_hand_made_pairs_are_kept_the_rest_paired_and_a_rematch_warned():
    ev = _cup(list("ABCDEF"))
    ev = _played(ev, Round(round=1, tables=(Table(table=1, red="A", blue="B"), Table(table=2, red="C", blue="D"),
                                          Table(table=3, red="E", blue="F"))))
    plan = plan_round(ev, fixed=[("a", "B")])
    tables = {frozenset((t.red, t.blue)): t for t in plan.round.tables}
    assert frozenset("AB") in tables and (tables[frozenset("AB")].red, tables[frozenset("AB")].blue) == ("A", "B")
    assert plan.reasons[tables[frozenset("AB")].table] == "set by the organiser."
    assert plan.warnings == (f"Round 2, table {tables[frozenset('AB')].table}: A and B already played each other in round 1 (a rematch).",)
    assert not any(frozenset(p) in tables for p in ("CD", "EF"))  # the others still avoid rematches
    with pytest.raises(EventError, match="set to play twice"):
        plan_round(ev, fixed=[("A", "B"), ("A", "C")])
    with pytest.raises(EventError, match="is not a registered player"):
        plan_round(ev, fixed=[("A", "Zed")])
    with pytest.raises(EventError, match="an odd number"):
        plan_round(ev, fixed=[("A", "C")], bye="B")


def test_hand_set_bye_warns_on_a_second_bye():
    ev = _cup(list("ABCDE"))
    first = plan_round(ev).round
    ev = _played(ev, first)
    plan = plan_round(ev, bye=first.bye)
    assert plan.round.bye == first.bye and plan.bye_reason == "set by the organiser."
    assert plan.warnings and f"{first.bye} already had a bye in round 1" in plan.warnings[0]


def test_reasons_name_places_floats_rematches_and_the_bye():
    ev = _cup(list("ABCDE"))
    r1 = plan_round(ev)
    assert all("of round 1's draw (seed 3)" in r for r in r1.reasons.values())
    assert "is the lowest-ranked player without a bye" in r1.bye_reason
    ev = _played(ev, r1.round)
    r2 = plan_round(ev)
    text = " ".join(r2.reasons.values()) + " " + r2.bye_reason
    assert "points" in text and (f"{r1.round.bye}, bye in round 1" in text or r2.round.bye != r1.round.bye)


def test_swap_players_and_tables_and_refusals():
    ev = _cup(list("ABCD"), layouts=(Layout(name="Sietch"), Layout(name="Ridge")))
    ev = set_round(ev, Round(round=1, tables=(Table(table=1, red="A", blue="B", layout="Sietch"),
                                              Table(table=2, red="C", blue="D", layout="Ridge"))))
    swapped, warnings = swap_tables(ev, 1, 1, 2)
    assert [(t.red, t.blue, t.layout) for t in swapped.pairings[0].tables] == [("A", "D", "Sietch"), ("C", "B", "Ridge")]
    assert warnings == []
    moved, _ = swap_tables(ev, 1, 2, 1, places=True)
    assert [(t.red, t.blue, t.layout) for t in moved.pairings[0].tables] == [("C", "D", "Sietch"), ("A", "B", "Ridge")]
    with pytest.raises(EventError, match="two different tables"):
        swap_tables(ev, 1, 1, 1)
    with pytest.raises(EventError, match="has no table 3"):
        swap_tables(ev, 1, 1, 3)
    recorded, _ = record_result(ev, 1, 2, 3, 3)
    with pytest.raises(EventError, match="already has a result"):
        swap_tables(recorded, 1, 1, 2)
    # Round 2 after A-B, C-D: swapping into a rematch is allowed with a warning.
    ev = _played(ev, ev.pairings[0])
    ev = set_round(ev, Round(round=2, tables=(Table(table=1, red="A", blue="C"), Table(table=2, red="D", blue="B"))))
    _, warnings = swap_tables(ev, 2, 1, 2)
    assert "Round 2, table 1: A and B already played each other in round 1 (a rematch)." in warnings
    with pytest.raises(EventError, match="Only the last paired round"):
        swap_tables(ev, 1, 1, 2)


def test_late_entry_is_paired_from_the_round_they_join():
    from landsraad.tournament.event import add_entrant

    ev = _cup(list("ABC"))
    r1 = plan_round(ev).round
    ev = _played(ev, r1)
    ev, joined = add_entrant(ev, Entrant(player="Late"), start_points=1)
    assert joined == 2
    r2 = plan_round(ev).round
    assert "Late" in r2.players() and r2.bye is None and len(r2.tables) == 2
