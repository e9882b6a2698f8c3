"""Tests of landsraad.tournament.sheets: a round's pairing sheet and result slips."""

from __future__ import annotations

import re

import pytest

from landsraad.tournament.event import Entrant, Event, EventError, Round, Scoring, Table
from landsraad.tournament.sheets import pairing_sheet_html, result_slips_html

EV = Event(name="Cup & <co>", rounds=3, seed=1, scoring=Scoring(bye_vp=6),
           entrants=[Entrant(player=p, faction=f) for p, f in (("Zoé", "fremen"), ("ana", "corrino"), ("Bo", "atreides"),
                                                             ("<Cy>", "harkonnen"), ("Dee", "fremen"))],
           pairings=[Round(round=1, tables=[Table(table=1, red="Zoé", blue="ana", layout="Sietch"),
                                            Table(table=2, red="Bo", blue="<Cy>")], bye="Dee")])


def test_sheet_lists_every_player_by_name_with_table_side_opponent_and_factions():
    page = pairing_sheet_html(EV)
    assert page.startswith("<!DOCTYPE html>") and not re.search(r"<script|<link|src=|https?://", page)
    by_player = page[page.index("By player"):page.index("By table")]
    names = re.findall(r"<tr><td>([^<]+)</td>", by_player)
    assert names == ["&lt;Cy&gt;", "ana", "Bo", "Dee", "Zoé"]  # A to Z, case ignored, escaped
    assert ('<tr><td>ana</td><td class="faction">House Corrino</td><td class="n">1</td><td class="blue">blue</td>'
            '<td>Zoé</td><td class="faction">The Fremen</td><td>Sietch</td></tr>') in by_player
    assert "bye (a win, 6 VP)" in by_player
    assert "Cup &amp; &lt;co&gt;" in page and "@media print" in page


def test_slips_one_per_table_with_boxes_signatures_and_the_command():
    page = result_slips_html(EV, 1, "out/cup")
    assert page.count('<section class="slip">') == 2
    assert "round 1 of 3 - table 1 - layout Sietch" in page
    assert page.count('<td class="box"></td>') == 4 and page.count('<div class="sign">') == 2
    assert "landsraad event result out/cup --round 1 --table 2 --vp RED,BLUE" in page
    assert "page-break-inside: avoid" in page and not re.search(r"<script|https?://", page)


def test_no_such_round():
    with pytest.raises(EventError, match="There is no round 2: rounds 1 to 1 are paired."):
        pairing_sheet_html(EV, 2)
    with pytest.raises(EventError, match="No round of 'Cup' is paired yet"):
        result_slips_html(Event(name="Cup", rounds=1, seed=1))
