"""Tests of landsraad.tournament.export: the TRF-like flat text export."""

from __future__ import annotations

from landsraad.tournament.event import Entrant, Event, Result, Round, Scoring, Table
from landsraad.tournament.export import trf_text


def test_columns_by_hand():
    ev = Event(name="Cup\nnight", rounds=3, seed=1, scoring=Scoring(bye="average"), tiebreakers=("sos", "h2h"),
               entrants=[Entrant(player="Ana", faction="corrino"), Entrant(player="Bo", faction="fremen"),
                         Entrant(player="Cy\tX", faction="atreides"), Entrant(player="Dee", faction="harkonnen", joined=2)],
               dropped=("Bo",),
               pairings=[Round(round=1, tables=[Table(table=1, red="Ana", blue="Bo", result=Result(red=12, blue=7))], bye="Cy\tX"),
                         Round(round=2, tables=[Table(table=1, red="Cy\tX", blue="Ana", result=Result(red=4, blue=4)),
                                                Table(table=2, red="Dee", blue="Bo")])])
    lines = trf_text(ev).splitlines()
    assert lines[:4] == ["012 Cup night", "042 W=3 D=1 L=0 bye=win+average VP; ranked by points, SoS, head-to-head, name",
                         "062 4", "XXR 3"]
    # Ana: W 12-7, D 4-4 -> 4 points; Cy: bye (win) and D -> 4 points; Ana's SoS Bo 0 + Cy 4 = 4, Cy's Ana 4.
    # Tied on points and SoS; head-to-head 1 each (the draw); the name: Ana 1st, Cy 2nd.
    # Bo and Dee: 0 points; Bo's SoS is Ana's 4 (Dee's game is not recorded: 0): Bo 3rd, Dee 4th.
    assert lines[4] == "001    1 Ana                               corrino         4    1  0002 r 1 12-7   0003 b =  4-4"
    assert lines[5] == "001    2 Bo                                fremen          0    3  0001 b 0  7-12  0004 b *   -"
    assert lines[6] == "001    3 Cy X                              atreides        4    2  0000 - U   -    0001 r =  4-4"
    assert lines[7] == "001    4 Dee                               harkonnen       0    4  0000 - -   -    0002 r *   -"
