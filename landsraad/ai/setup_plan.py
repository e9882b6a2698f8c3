"""How a computer player bids and chooses through the set-up: :class:`SetupPlan` (issue 12).

Before each of the set-up's steps (terrain, missions, deployment, the first turn), when it
comes, both players secretly bid Honour, knowing the table as it stands; the higher bid wins the
step and both lose what they bid (R-SETUP-BID; the order is terrain bid, terrain, missions bid,
missions, deployment bid, deployment, the last bid). The winner of a step says who does it first
(R-TERRAIN, R-MISSION-PICK, R-DEPLOY), and the winner of the last bid whether it activates first
or second (R-FIRST). Honour is spent on nothing else, so how to share it out is a plan over the
whole set-up: :class:`SetupPlan` states one as data. A plan's bid depends on the step and the
Honour left, both known at each bid whatever the table shows, so it bids the same in either
order; what the table shows is weighed by the set-up search, which re-plans at each bid with it. :data:`HEURISTIC_PLAN` is what :class:`~landsraad.ai.HeuristicPlayer`
plays unless it is given another; :data:`SETUP_PLANS` are the alternatives a search compares
(:mod:`landsraad.search.setup_search`).

Examples
--------
>>> HEURISTIC_PLAN.bid("first", honour=3), HEURISTIC_PLAN.bid("deployment", honour=3)
(3, 1)
>>> HEURISTIC_PLAN.bid("deployment", honour=1), HEURISTIC_PLAN.bid("terrain", honour=3)
(0, 0)
>>> HEURISTIC_PLAN.who_first("places terrain", "red"), HEURISTIC_PLAN.who_first("deploys", "red")
('red', 'blue')
>>> [plan.name for plan in SETUP_PLANS][:3]
['heuristic', 'no bids', 'bid for missions']
>>> plan = SETUP_PLANS[1].placing_markers_as(MEASURED_PLAN)
>>> plan.name, plan.bid("first", 3), plan.own_markers, plan.opponent_markers
('no bids', 0, 'flank', 'centre')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, get_args

from ..engine.state import other_side
from ..errors import UnknownNameError

__all__ = ["ALL", "MARKER_PLACES", "MarkerPlace", "BidRule", "SetupPlan", "HEURISTIC_PLAN", "MEASURED_PLAN", "SETUP_PLANS", "setup_plan_named"]

ALL = 99
"""A bid amount that means "all the Honour left" (a warband never has this much)."""

MarkerPlace = Literal["centre", "flank"]
"""Where along its rows a plan places markers (:attr:`SetupPlan.own_markers`)."""
MARKER_PLACES: tuple[str, ...] = get_args(MarkerPlace)
"""The values of :data:`MarkerPlace`."""


@dataclass(frozen=True)
class BidRule:
    """How much to bid for one step: ``amount``, but never dipping into ``reserve``.

    Attributes
    ----------
    amount
        The bid wanted (:data:`ALL`: everything left).
    reserve
        Honour kept back for later steps.
    """

    amount: int
    reserve: int = 0

    def bid(self, honour: int) -> int:
        """The bid with ``honour`` left: ``amount`` capped at ``honour - reserve``, never below 0."""
        return max(0, min(self.amount, honour - self.reserve))


@dataclass(frozen=True)
class SetupPlan:
    """One way through the set-up's bids and choices (R-SETUP-BID, R-FIRST).

    Attributes
    ----------
    name
        Says what the plan does (shown in the search's record).
    bids
        ``(step, rule)`` pairs for the bid steps (``terrain``, ``missions``, ``deployment``,
        ``first``); a step not named is bid 0.
    first
        ``(step, "me" | "other")`` pairs: who goes first when this side won the step (the
        ``step`` of a ``who_first`` decision: ``places terrain``, ``missions``, ``deploys``); a
        step not named lets the opponent go first.
    first_player
        ``"first"`` or ``"second"``: when to activate after winning the last bid.
    own_markers
        Where along its own rows this side places the markers it owns (an Activation's
        terminals, Occupation's positions; R-MISSIONS): ``"centre"``, nearest the middle of the
        table's width first, or ``"flank"``, nearest a side edge first. Either way as close to
        its own edge as the card allows, and spread apart.
    opponent_markers
        The same for the markers it places for the opponent in its own half (a Sabotage's
        depots, Spice theft's caches).
    """

    name: str
    bids: tuple[tuple[str, BidRule], ...] = ()
    first: tuple[tuple[str, str], ...] = ()
    first_player: str = "first"
    own_markers: MarkerPlace = "centre"
    opponent_markers: MarkerPlace = "centre"

    def __post_init__(self) -> None:
        for field, value in (("own_markers", self.own_markers), ("opponent_markers", self.opponent_markers)):
            if value not in MARKER_PLACES:
                raise UnknownNameError("marker placement", value, MARKER_PLACES, where=field)

    def placing_markers_as(self, other: SetupPlan) -> SetupPlan:
        """This plan's bids and choices with ``other``'s marker placement."""
        return replace(self, own_markers=other.own_markers, opponent_markers=other.opponent_markers)

    def bid(self, step: str, honour: int) -> int:
        """The Honour to bid for ``step`` with ``honour`` left."""
        rule = dict(self.bids).get(step)
        return rule.bid(honour) if rule is not None else 0

    def who_first(self, step: str, side: str) -> str:
        """Who goes first at ``step`` when ``side`` won its bid."""
        return side if dict(self.first).get(step) == "me" else other_side(side)


_HEURISTIC_FIRST = (("places terrain", "me"), ("missions", "other"), ("deploys", "other"))

HEURISTIC_PLAN = SetupPlan(
    "heuristic",
    bids=(("deployment", BidRule(1, reserve=1)), ("first", BidRule(ALL))),
    first=_HEURISTIC_FIRST,
)
"""The heuristic's set-up: nothing for terrain and missions, one point for deployment if one is
left for the last bid, the rest for the first turn; it places terrain first (cover where it
wants it), lets the opponent pick missions and deploy first (it sees before it acts) and
activates first."""

MEASURED_PLAN = SetupPlan("heuristic, own markers on the flanks", bids=HEURISTIC_PLAN.bids, first=_HEURISTIC_FIRST,
                          own_markers="flank")
"""The heuristic's bids and choices with the side's own markers placed nearest a side edge rather
than the middle: the plan the search levels follow (``landsraad.search.Level.setup_plan``).
Played by one heuristic against another over 480 games (seeds 31-510, both sides, four faction
pairs; docs/search.md), it scored 59.7 % where the heuristic's own plan scores 50.8 %, better
in 121 games and worse in 74."""

SETUP_PLANS: tuple[SetupPlan, ...] = (
    HEURISTIC_PLAN,
    SetupPlan("no bids", first=_HEURISTIC_FIRST),
    SetupPlan("bid for missions", bids=(("missions", BidRule(ALL)),), first=_HEURISTIC_FIRST),
    SetupPlan("activate second", bids=HEURISTIC_PLAN.bids, first=_HEURISTIC_FIRST, first_player="second"),
    SetupPlan("terrain second", bids=HEURISTIC_PLAN.bids, first=(("places terrain", "other"), ("missions", "other"),
                                                                  ("deploys", "other"))),
    SetupPlan("pick missions first", bids=HEURISTIC_PLAN.bids, first=(("places terrain", "me"), ("missions", "me"),
                                                                       ("deploys", "other"))),
    SetupPlan("bid for deployment", bids=(("deployment", BidRule(ALL)),), first=_HEURISTIC_FIRST),
    SetupPlan("bid for terrain", bids=(("terrain", BidRule(ALL)),), first=_HEURISTIC_FIRST),
)
"""The plans a set-up search compares, the heuristic's first (a level compares the first few).
Played by one heuristic against another over 120 games (docs/search.md), each changes the
outcome of a few games, both ways: which plan pays depends on the table and the warbands."""


def setup_plan_named(name: str) -> SetupPlan:
    """The plan of :data:`SETUP_PLANS` called ``name``.

    Raises
    ------
    UnknownNameError
        When no plan has that name (the message lists the plans).
    """
    plans = {plan.name: plan for plan in SETUP_PLANS}
    if name not in plans:
        raise UnknownNameError("set-up plan", name, plans)
    return plans[name]
