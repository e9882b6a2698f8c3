"""Swiss pairing: one maximum-weight matching over every possible pairing.

The players are ranked (round 1: a shuffle seeded by the event's seed; later rounds: the
standings, :mod:`landsraad.tournament.standings`), and every pair of players, plus each
player with a "bye" node when their number is odd, gets a cost in strict tiers, from the
most to the least important:

1. a bye to a player who has already had one (only when everyone has had one);
2. a rematch;
3. the bye's distance from the bottom of the ranking (the lowest-ranked player without a
   bye gets it);
4. the squared difference of points between the two players (score groups stay together);
5. the squared difference of their ranks (1 v 2, 3 v 4, ... within a group).

Each tier's unit exceeds the largest possible total of every tier below, so the matching of
least total cost (networkx's maximum-weight matching on ``big - cost``, over perfect
matchings) never trades a higher tier for a lower one: a rematch happens only when no
pairing avoids it, and then as few as possible. A greedy pass cannot promise that.

Sides: the player who has played red less often (net of blue) plays red; on a tie, the one
who played blue last; on a tie again, the higher-ranked. Tables are numbered from the pair
with the best-ranked player.

Examples
--------
>>> pairs, bye = swiss_pairs(["A", "B", "E", "C", "D"], points={"A": 3, "B": 3, "E": 3, "C": 0, "D": 0},
...                          met={"A": {"B"}, "B": {"A"}})
>>> pairs, bye
([('A', 'E'), ('B', 'C')], 'D')
"""

from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np

from .event import Event, EventError, Round, Table
from .standings import byes, colours, opponents, standings

__all__ = ["shuffled", "swiss_pairs", "assign_sides", "pair_round", "BYE"]

BYE = object()
"""The matching's stand-in for "no opponent"."""


def shuffled(players: Sequence[str], seed: int) -> list[str]:
    """Round 1's order: ``players`` sorted by name, then shuffled by a generator seeded with ``seed``.

    Sorting first makes the order independent of how the entries were listed.

    Examples
    --------
    >>> shuffled(["c", "a", "b"], 1) == shuffled(["b", "c", "a"], 1)
    True
    """
    base = sorted(players, key=lambda p: (p.casefold(), p))
    order = np.random.default_rng(seed).permutation(len(base))
    return [base[int(i)] for i in order]


def swiss_pairs(
    ranked: Sequence[str],
    points: Mapping[str, int] | None = None,
    met: Mapping[str, set[str]] | None = None,
    had_bye: set[str] | frozenset[str] = frozenset(),
) -> tuple[list[tuple[str, str]], str | None]:
    """Pair ``ranked`` (best first): pairs (higher-ranked first, best pair first) and the bye.

    Parameters
    ----------
    ranked
        The players to pair, best first.
    points
        Each player's points (absent: 0).
    met
        Each player's past opponents.
    had_bye
        Players who have already had a bye.

    Returns
    -------
    tuple
        ``(pairs, bye)``; ``bye`` is ``None`` when the number of players is even.
    """
    points = points or {}
    met = met or {}
    n = len(ranked)
    if n < 2:
        return [], (ranked[0] if ranked else None)
    rank = {p: i for i, p in enumerate(ranked)}
    pts = [points.get(p, 0) for p in ranked]
    spread = max(pts) - min(pts)
    edges = n // 2 + 1
    # Tier units: each exceeds the largest total the tiers below can reach.
    t_rank = edges * (n - 1) ** 2
    u_points = t_rank + 1
    t_points = edges * spread ** 2 * u_points + t_rank
    u_bye = t_points + 1
    t_bye = (n - 1) * u_bye + t_points
    u_rematch = t_bye + 1
    t_rematch = edges * u_rematch + t_bye
    u_double_bye = t_rematch + 1
    big = u_double_bye * 2

    # Imported here: networkx takes ~0.15 s to import, which every `landsraad` command would pay
    # at start-up (the CLI registers the event commands); only pairing needs it.
    import networkx as nx

    graph = nx.Graph()
    for i, a in enumerate(ranked):
        for b in ranked[i + 1:]:
            cost = (u_rematch * (b in met.get(a, set()) or a in met.get(b, set()))
                    + u_points * (points.get(a, 0) - points.get(b, 0)) ** 2
                    + (rank[a] - rank[b]) ** 2)
            graph.add_edge(a, b, weight=big - cost)
    if n % 2:
        anyone = all(p in had_bye for p in ranked)  # everyone has had one: the bottom player gets another
        for p in ranked:
            cost = u_bye * (n - 1 - rank[p]) + (u_double_bye if p in had_bye and not anyone else 0)
            graph.add_edge(p, BYE, weight=big - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs: list[tuple[str, str]] = []
    bye: str | None = None
    for a, b in matching:
        if a is BYE or b is BYE:
            bye = b if a is BYE else a
        else:
            pairs.append((a, b) if rank[a] < rank[b] else (b, a))
    pairs.sort(key=lambda ab: rank[ab[0]])
    return pairs, bye


def assign_sides(higher: str, lower: str, history: Mapping[str, Sequence[str]]) -> tuple[str, str]:
    """``(red, blue)`` for a pair: fewer reds (net of blues) plays red; then the one blue last time; then ``higher``.

    Examples
    --------
    >>> assign_sides("A", "B", {"A": ["red"], "B": ["blue"]})
    ('B', 'A')
    >>> assign_sides("A", "B", {"A": ["blue", "red"], "B": ["red", "blue"]})
    ('B', 'A')
    >>> assign_sides("A", "B", {})
    ('A', 'B')
    """
    def balance(p: str) -> int:
        h = history.get(p, ())
        return sum(1 if c == "red" else -1 for c in h)

    ba, bb = balance(higher), balance(lower)
    if ba != bb:
        return (higher, lower) if ba < bb else (lower, higher)
    la = history.get(higher, ())[-1:] or [None]
    lb = history.get(lower, ())[-1:] or [None]
    if la[0] != lb[0]:
        return (lower, higher) if lb[0] == "blue" else (higher, lower)
    return higher, lower


def pair_round(event: Event) -> Round:
    """The pairings of the round to pair now: the next one, or the last one again while it has no result.

    Round 1 ranks the active players by :func:`shuffled` with the event's seed; later rounds
    by the standings after the rounds before it.

    Raises
    ------
    EventError
        With a sentence: the last round has results but is not complete, has results and is
        the last planned, or fewer than two players are active.
    """
    paired = event.pairings
    if paired and not paired[-1].recorded:
        number = paired[-1].round  # nothing recorded yet: pairing it again is safe
        before = event.model_copy(update={"pairings": paired[:-1]})
    else:
        number = len(paired) + 1
        before = event
        if paired and not paired[-1].complete:
            missing = ", ".join(str(t.table) for t in paired[-1].tables if t.result is None)
            raise EventError(f"Round {paired[-1].round} already has results but none yet for table(s) {missing}; "
                             f"record them with `landsraad event result` before pairing round {number}.")
        if number > event.rounds:
            raise EventError(f"{event.name!r} has {event.rounds} round(s), all paired and played; "
                             "the standings are final (`landsraad event standings`).")
    active = list(event.active)
    if len(active) < 2:
        raise EventError(f"Round {number} cannot be paired: {len(active)} active player(s); two are needed.")
    if number == 1:
        ranked = shuffled(active, event.seed)
        table = {p: 0 for p in ranked}
    else:
        rows = [s for s in standings(before) if s.player in active]
        ranked = [s.player for s in rows]
        table = {s.player: s.points for s in rows}
    met = {p: set(o) for p, o in opponents(before).items()}
    had = {p for p, n in byes(before).items() if n}
    pairs, bye = swiss_pairs(ranked, table, met, had)
    history = colours(before)
    tables = tuple(Table(table=i + 1, red=red, blue=blue)
                   for i, (red, blue) in enumerate(assign_sides(a, b, history) for a, b in pairs))
    return Round(round=number, tables=tables, bye=bye)
