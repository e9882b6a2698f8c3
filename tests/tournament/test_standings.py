"""Tests of landsraad.tournament.standings against hand computations.

The ten-player event below is built so that every tie-breaker decides at least one place;
each player's line was computed by hand from the results (comments), not by the code.
"""

from __future__ import annotations

from landsraad.tournament.event import Entrant, Event, Result, Round, Scoring, Table
from landsraad.tournament.standings import STANDING_COLUMNS, standings

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
