"""Tests of landsraad.tournament.standings against hand computations.

The ten-player event below is built so that every tie-breaker decides at least one place;
each player's line was computed by hand from the results (comments), not by the code.
"""

from __future__ import annotations

from landsraad.tournament.event import Entrant, Event, Result, Round, Scoring, Table
from landsraad.tournament.standings import STANDING_COLUMNS, _half_up, separations, standings

# Round 1: A-X 10-5, C-Y 10-5, E-F 6-6, G-H 6-6, P-Q 2-1
# Round 2: A-C 5-5, E-G 7-3, F-H 3-7, X-P 1-0, Y-Q 4-5
R1 = [("A", "X", 10, 5), ("C", "Y", 10, 5), ("E", "F", 6, 6), ("G", "H", 6, 6), ("P", "Q", 2, 1)]
R2 = [("A", "C", 5, 5), ("E", "G", 7, 3), ("F", "H", 3, 7), ("X", "P", 1, 0), ("Y", "Q", 4, 5)]

# rank, player, points, W, D, L, VP, VP diff, SoS - by hand:
# A: W 10-5, D 5-5 -> 4 pts, 15 VP, 10 against, +5, SoS X 3 + C 4 = 7
# C: W 10-5, D 5-5 -> 4 pts, 15 VP, +5, SoS Y 0 + A 4 = 4      (A over C: strength of schedule)
# E: D 6-6, W 7-3 -> 4 pts, 13 VP, 9 against, +4, SoS F 1 + G 1 = 2
# H: D 6-6, W 7-3 -> 4 pts, 13 VP, +4, SoS G 1 + F 1 = 2       (E over H: name)   (C over E: VP difference)
# Q: L 1-2, W 5-4 -> 3 pts, 6 VP, 6 against, 0, SoS P 3 + Y 0 = 3
# P: W 2-1, L 0-1 -> 3 pts, 2 VP, 2 against, 0, SoS Q 3 + X 3 = 6  (Q over P: VP scored, despite P's SoS)
# X: L 5-10, W 1-0 -> 3 pts, 6 VP, 10 against, -4, SoS A 4 + P 3 = 7 (P over X: VP difference)
# F: D 6-6, L 3-7 -> 1 pt, 9 VP, 13 against, -4, SoS E 4 + H 4 = 8
# G: D 6-6, L 3-7 -> 1 pt, 9 VP, -4, SoS H 4 + E 4 = 8         (F over G: name)
# Y: L 5-10, L 4-5 -> 0 pts, 9 VP, 15 against, -6, SoS C 4 + Q 3 = 7
EXPECTED = [
    (1, "A", 4, 1, 1, 0, 15, 5, 7),
    (2, "C", 4, 1, 1, 0, 15, 5, 4),
    (3, "E", 4, 1, 1, 0, 13, 4, 2),
    (4, "H", 4, 1, 1, 0, 13, 4, 2),
    (5, "Q", 3, 1, 0, 1, 6, 0, 3),
    (6, "P", 3, 1, 0, 1, 2, 0, 6),
    (7, "X", 3, 1, 0, 1, 6, -4, 7),
    (8, "F", 1, 0, 1, 1, 9, -4, 8),
    (9, "G", 1, 0, 1, 1, 9, -4, 8),
    (10, "Y", 0, 0, 0, 2, 9, -6, 7),
]


def _round(n: int, games, bye: str | None = None) -> Round:
    return Round(round=n, tables=[Table(table=i + 1, red=r, blue=b, result=Result(red=vr, blue=vb))
                                  for i, (r, b, vr, vb) in enumerate(games)], bye=bye)


def _event(players, rounds, **kw) -> Event:
    return Event(name="Hand", rounds=max(len(rounds), 1), seed=0, entrants=[Entrant(player=p, faction="corrino") for p in players],
                 pairings=rounds, **kw)


def test_standings_match_the_hand_computation_with_every_tie_breaker():
    # Registered in reverse order, so the name tie-breaker cannot be registration order.
    ev = _event(sorted("ACEHQPXFGY", reverse=True), [_round(1, R1), _round(2, R2)])
    got = [(s.rank, s.player, s.points, s.wins, s.draws, s.losses, s.vp, s.vp_diff, s.sos) for s in standings(ev)]
    assert got == EXPECTED


def test_json_rows_have_the_documented_keys():
    ev = _event("ACEHQPXFGY", [_round(1, R1), _round(2, R2)])
    row = standings(ev)[0].to_json()
    assert list(row)[:len(STANDING_COLUMNS)] == list(STANDING_COLUMNS)
    assert row == {"rank": 1, "player": "A", "faction": "corrino", "points": 4, "wins": 1, "draws": 1, "losses": 0,
                   "vp": 15, "vp_diff": 5, "sos": 7, "byes": 0, "dropped": False,
                   "esos": row["esos"]}


def test_a_bye_is_a_win_with_no_vp_and_counts_in_opponents_sos():
    # Round 1: A-B 3-8, C bye. Round 2: C-B 4-4, A bye.
    # A: L 3-8, bye -> 3 pts (1 W, 1 L), 3 VP, 8 against, -5; SoS: B only (byes add nothing) = 4
    # B: W 8-3, D 4-4 -> 4 pts, 12 VP, 7 against, +5; SoS A 3 + C 4 = 7
    # C: bye, D 4-4 -> 4 pts, 4 VP, 4 against, 0; SoS B 4
    ev = _event("ABC", [_round(1, [("A", "B", 3, 8)], bye="C"), _round(2, [("C", "B", 4, 4)], bye="A")])
    got = [(s.player, s.points, s.wins, s.draws, s.losses, s.vp, s.vp_diff, s.sos, s.byes) for s in standings(ev)]
    assert got == [("B", 4, 1, 1, 0, 12, 5, 7, 0), ("C", 4, 1, 1, 0, 4, 0, 4, 1), ("A", 3, 1, 0, 1, 3, -5, 4, 1)]


def test_custom_scoring_and_unrecorded_games():
    # Win 2, draw 1, loss 1 (a point for playing). Round 1: A-B 5-0, C-D 2-2; round 2 paired, A-C not yet played.
    ev = _event("ABCD", [_round(1, [("A", "B", 5, 0), ("C", "D", 2, 2)]),
                         Round(round=2, tables=[Table(table=1, red="A", blue="C"), Table(table=2, red="B", blue="D")])],
                scoring=Scoring(win=2, draw=1, loss=1))
    got = {s.player: (s.points, s.wins + s.draws + s.losses, s.sos) for s in standings(ev)}
    # A: 2 (one win), SoS B 1; B: 1 (a loss), SoS A 2; C, D: 1 each (a draw), SoS 1.
    assert got == {"A": (2, 1, 1), "B": (1, 1, 2), "C": (1, 1, 1), "D": (1, 1, 1)}
    assert [s.player for s in standings(ev)][:2] == ["A", "C"]  # B: -5 difference; C and D: 0 and 2 VP each, C by name


def test_dropped_players_stay_in_the_standings():
    ev = _event("AB", [_round(1, [("A", "B", 1, 0)])], dropped=("B",))
    rows = standings(ev)
    assert [(s.player, s.dropped) for s in rows] == [("A", False), ("B", True)]


# --- the event's tie-breakers, bye and start score (hand computations) ----------------------

# Round 1: A-B 5-6, C-D 8-8. Round 2: A-C 9-1, B-D 0-9. By hand (3 / 1 / 0):
# A: L 5-6, W 9-1 -> 3 pts, 14 VP, 7 against, +7; SoS B 3 + C 1 = 4; eSoS sos(B) 7 + sos(C) 7 = 14
# B: W 6-5, L 0-9 -> 3 pts, 6 VP, 14 against, -8; SoS A 3 + D 4 = 7; eSoS sos(A) 4 + sos(D) 4 = 8
# C: D 8-8, L 1-9 -> 1 pt, 9 VP, 17 against, -8; SoS D 4 + A 3 = 7; eSoS 4 + 4 = 8
# D: D 8-8, W 9-0 -> 4 pts, 17 VP, 8 against, +9; SoS C 1 + B 3 = 4; eSoS 7 + 7 = 14
# A and B tie on points: A is ahead on VP difference, VP scored and eSoS; B on head-to-head and SoS.
FOUR = [[("A", "B", 5, 6), ("C", "D", 8, 8)], [("A", "C", 9, 1), ("B", "D", 0, 9)]]


def _four(**settings) -> Event:
    return Event(name="Cup", rounds=2, seed=1, entrants=[Entrant(player=p) for p in "ABCD"], **settings,
                 pairings=[Round(round=i + 1, tables=[Table(table=j + 1, red=r, blue=b, result=Result(red=x, blue=y))
                                                      for j, (r, b, x, y) in enumerate(games)])
                           for i, games in enumerate(FOUR)])


def test_each_tiebreaker_orders_the_tied_pair_as_computed_by_hand():
    rows = {s.player: s for s in standings(_four())}
    assert [(rows[p].points, rows[p].vp, rows[p].vp_against, rows[p].sos, rows[p].esos) for p in "ABCD"] == [
        (3, 14, 7, 4, 14), (3, 6, 14, 7, 8), (1, 9, 17, 7, 8), (4, 17, 8, 4, 14)]
    order = {breakers: [s.player for s in standings(_four(tiebreakers=breakers))] for breakers in (
        ("vp_diff", "vp", "sos"), ("h2h",), ("sos",), ("esos",), ("vp",), ("vp_against",), ("wins",), ())}
    assert order[("vp_diff", "vp", "sos")] == ["D", "A", "B", "C"]
    assert order[("h2h",)] == ["D", "B", "A", "C"]
    assert order[("sos",)] == ["D", "B", "A", "C"]
    assert order[("esos",)] == ["D", "A", "B", "C"]
    assert order[("vp",)] == ["D", "A", "B", "C"]
    assert order[("vp_against",)] == ["D", "A", "B", "C"]
    assert order[("wins",)] == ["D", "A", "B", "C"]  # one win each: the name decides
    assert order[()] == ["D", "A", "B", "C"]


def test_explain_names_the_criterion_between_adjacent_places():
    assert [str(s) for s in separations(_four())] == [
        "1 D over 2 A on points (4 v 3)", "2 A over 3 B on VP difference (+7 v -8)", "3 B over 4 C on points (3 v 1)"]
    assert [str(s) for s in separations(_four(tiebreakers=("h2h", "vp_diff")))][1] == (
        "2 B over 3 A on head-to-head (the games between the tied players) (3 v 0)")
    assert str(separations(_four(tiebreakers=("wins",)))[1]) == "2 A over 3 B on name (tied on every criterion)"
    assert str(separations(_four(tiebreakers=("vp_against",)))[1]) == "2 A over 3 B on VP conceded (7 v 14)"


def test_head_to_head_is_counted_within_the_tied_group_only():
    # Three tied on points; head-to-head counts only the games among those three.
    ev = Event(name="Cup", rounds=3, seed=1, entrants=[Entrant(player=p) for p in "ABCD"], tiebreakers=("h2h",),
               pairings=[Round(round=1, tables=[Table(table=1, red="A", blue="B", result=Result(red=1, blue=0)),
                                                Table(table=2, red="C", blue="D", result=Result(red=1, blue=0))]),
                         Round(round=2, tables=[Table(table=1, red="A", blue="C", result=Result(red=0, blue=1)),
                                                Table(table=2, red="B", blue="D", result=Result(red=1, blue=0))]),
                         Round(round=3, tables=[Table(table=1, red="B", blue="C", result=Result(red=1, blue=0)),
                                                Table(table=2, red="A", blue="D", result=Result(red=1, blue=0))])])
    # A: W B, L C, W D = 6; B: L A, W D, W C = 6; C: W D, W A, L B = 6; D 0.
    # Among A, B, C every one beat one other: head-to-head 3 each, the name decides.
    rows = standings(ev)
    assert [(s.player, s.points) for s in rows] == [("A", 6), ("B", 6), ("C", 6), ("D", 0)]
    assert [s.criterion for s in separations(ev, rows)] == ["name", "name", "points"]


def test_bye_fixed_vp_and_average_vp():
    games = [Round(round=1, tables=[Table(table=1, red="A", blue="B", result=Result(red=10, blue=4))], bye="C"),
             Round(round=2, tables=[Table(table=1, red="C", blue="A", result=Result(red=6, blue=2))], bye="B")]
    base = dict(name="Cup", rounds=2, seed=1, entrants=[Entrant(player=p) for p in "ABC"], pairings=games)
    fixed = {s.player: s for s in standings(Event(**base, scoring=Scoring(bye_vp=8)))}
    # C: bye 8-0 and W 6-2 -> 6 pts, 14 VP, 2 against; B: L 4-10 and bye 8-0 -> 3 pts, 12 VP, 10 against.
    assert (fixed["C"].points, fixed["C"].vp, fixed["C"].vp_against) == (6, 14, 2)
    assert (fixed["B"].points, fixed["B"].vp, fixed["B"].vp_against, fixed["B"].byes) == (3, 12, 10, 1)
    avg = {s.player: s for s in standings(Event(**base, scoring=Scoring(bye="average")))}
    # C's one game 6-2 -> bye 6-2: 12 VP, 4 against. B's one game 4-10 -> bye 4-10: 8 VP, 20 against.
    assert (avg["C"].vp, avg["C"].vp_against) == (12, 4)
    assert (avg["B"].vp, avg["B"].vp_against) == (8, 20)
    assert _half_up(7, 2) == 4 and _half_up(5, 2) == 3 and _half_up(4, 3) == 1 and _half_up(0, 0) == 0
    zero = {s.player: s for s in standings(Event(**base))}  # the default: a win, 0 VP
    assert (zero["C"].vp, zero["C"].vp_against) == (6, 2)


def test_late_entry_start_score_counts_in_points_only():
    ev = Event(name="Cup", rounds=2, seed=1, entrants=[Entrant(player="A"), Entrant(player="B"),
                                                      Entrant(player="L", joined=2, start_points=2)],
               pairings=[Round(round=1, tables=[Table(table=1, red="A", blue="B", result=Result(red=3, blue=1))])])
    rows = {s.player: s for s in standings(ev)}
    assert (rows["L"].points, rows["L"].played, rows["L"].vp, rows["L"].sos) == (2, 0, 0, 0)
    assert [s.player for s in standings(ev)] == ["A", "L", "B"]
