"""Tests of landsraad.tournament.page: the self-contained results page."""

from __future__ import annotations

import re

from landsraad.tournament.event import Entrant, Event, Result, Round, Table
from landsraad.tournament.page import render_event_html


def test_page_holds_standings_and_every_round_and_needs_nothing_else():
    ev = Event(name="Cup & <friends>", rounds=2, seed=1, entrants=[Entrant(player=p, faction="fremen") for p in ("Ana", "Bo", "<Cy>")],
               dropped=("Bo",),
               pairings=[Round(round=1, tables=[Table(table=1, red="Ana", blue="Bo", result=Result(red=9, blue=4))], bye="<Cy>"),
                         Round(round=2, tables=[Table(table=1, red="<Cy>", blue="Ana")], bye=None)])
    page = render_event_html(ev)
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert not re.search(r"<script|<link|src=|url\(|https?://", page)
    assert "Cup &amp; &lt;friends&gt;" in page and "<Cy>" not in page and "&lt;Cy&gt;" in page
    assert "@media print" in page
    assert page.count('<section class="round">') == 2
    assert "Bo (dropped)" in page and "to play" in page and "(a win, 0 VP)" in page
    # Standings: Ana 3 (9-4), <Cy> 3 (bye, 0 VP), Bo 0: Ana first on VP difference.
    ranks = re.findall(r'<tr(?: class="dropped")?><td class="n">(\d+)</td><td>([^<]+)</td>', page)
    assert ranks == [("1", "Ana"), ("2", "&lt;Cy&gt;"), ("3", "Bo (dropped)")]
