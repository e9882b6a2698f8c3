"""Swiss pairing: one maximum-weight matching over every possible pairing.

The players are ranked (round 1: a shuffle seeded by the event's seed; later rounds: the
standings, :mod:`landsraad.tournament.standings`), and every pair of players, plus each
player with a "bye" node when their number is odd, gets a cost in strict tiers, from the
most to the least important:

1. a bye to a player who has already had one (only when everyone has had one);
2. a rematch;
3. two players to keep apart (round 1's rule: the same club or city, when the event says so);
4. the bye's distance from the bottom of the ranking (the lowest-ranked player without a
   bye gets it);
5. the squared difference of points between the two players (score groups stay together);
6. the squared difference of their ranks (1 v 2, 3 v 4, ... within a group).

Each tier's unit exceeds the largest possible total of every tier below, so the matching of
least total cost (networkx's maximum-weight matching on ``big - cost``, over perfect
matchings) never trades a higher tier for a lower one: a rematch happens only when no
pairing avoids it, and then as few as possible. A greedy pass cannot promise that.

Sides: the player who has played red less often (net of blue) plays red; on a tie, the one
who played blue last; on a tie again, the higher-ranked. Tables are numbered from the pair
with the best-ranked player, then moved by a second matching (:func:`place_tables`): a
player's fixed seat first, then no player on a table layout they have already played, then
as little move from that order as possible.

:func:`plan_round` also gives, for each table and the bye, the sentence saying why
(``event pair --explain``), and takes pairs set by the organiser (the rest is paired
around them); :func:`check_round` warns on what a hand-made round breaks (a rematch, a
second bye, players to keep apart, a fixed seat, a layout played twice), and
:func:`swap_tables` exchanges two tables' opponents or places.

Examples
--------
>>> pairs, bye = swiss_pairs(["A", "B", "E", "C", "D"], points={"A": 3, "B": 3, "E": 3, "C": 0, "D": 0},
...                          met={"A": {"B"}, "B": {"A"}})
>>> pairs, bye
([('A', 'E'), ('B', 'C')], 'D')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np

from ..i18n import Message, _, joined, message, nmessage
from .event import Event, EventError, Round, Table, find_player
from .standings import byes, colours, layouts_played, opponents, standings

__all__ = ["shuffled", "swiss_pairs", "assign_sides", "pair_round", "plan_round", "RoundPlan", "place_tables",
           "check_round", "swap_tables", "kept_apart", "BYE"]

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
    apart: set[frozenset[str]] | frozenset[frozenset[str]] = frozenset(),
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
    apart
        Pairs of players to keep apart when possible (round 1's same club or city).

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
    u_apart = t_bye + 1
    t_apart = edges * u_apart + t_bye
    u_rematch = t_apart + 1
    t_rematch = edges * u_rematch + t_bye
    u_double_bye = t_rematch + 1
    big = u_double_bye * 2

    # Imported here: networkx takes ~0.15 s to import, which every `landsraad` command would pay
    # at start-up (the CLI registers the event commands); only pairing needs it.
    import networkx as nx

    graph: nx.Graph[object] = nx.Graph()  # players' names and BYE
    for i, a in enumerate(ranked):
        for b in ranked[i + 1:]:
            cost = (u_rematch * (b in met.get(a, set()) or a in met.get(b, set()))
                    + u_apart * (frozenset((a, b)) in apart)
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
    la: Sequence[str | None] = history.get(higher, ())[-1:] or [None]
    lb: Sequence[str | None] = history.get(lower, ())[-1:] or [None]
    if la[0] != lb[0]:
        return (lower, higher) if lb[0] == "blue" else (higher, lower)
    return higher, lower


def pair_round(event: Event) -> Round:
    """The pairings of the round to pair now: the next one, or the last one again while it has no result.

    Round 1 ranks the active players by :func:`shuffled` with the event's seed; later rounds
    by the standings after the rounds before it. See :func:`plan_round` for the reasons and
    pairs set by hand.

    Raises
    ------
    EventError
        With a sentence: the last round has results but is not complete, has results and is
        the last planned, or fewer than two players are active.
    """
    return plan_round(event).round


@dataclass(frozen=True)
class RoundPlan:
    """A round's pairing, with the sentence saying why of each table (by number) and of the bye, and warnings."""

    round: Round
    reasons: dict[int, str]
    bye_reason: str | None
    warnings: tuple[str, ...]


def kept_apart(event: Event, players: Sequence[str]) -> set[frozenset[str]]:
    """The pairs of ``players`` that round 1 keeps apart (the same club or city, as the event's ``avoid`` says)."""
    out: set[frozenset[str]] = set()
    for key in event.avoid:
        groups: dict[str, list[str]] = {}
        for p in players:
            found = event.affiliation(p)
            value = " ".join(getattr(found, key).casefold().split()) if found else ""
            if value:
                groups.setdefault(value, []).append(p)
        for members in groups.values():
            out |= {frozenset((a, b)) for i, a in enumerate(members) for b in members[i + 1:]}
    return out


def _round_to_pair(event: Event) -> tuple[int, Event]:
    paired = event.pairings
    if paired and not paired[-1].recorded:
        return paired[-1].round, event.model_copy(update={"pairings": paired[:-1]})  # nothing recorded: safe to redo
    number = len(paired) + 1
    if paired and not paired[-1].complete:
        missing = ", ".join(str(t.table) for t in paired[-1].tables if t.result is None)
        raise EventError(_("Round {round} already has results but none yet for table(s) {missing}; record them with `landsraad event result` before pairing round {number}.").format(round=paired[-1].round, missing=missing, number=number))
    if number > event.rounds:
        raise EventError(_("{event!r} has {rounds} round(s), all paired and played; the standings are final (`landsraad event standings`).").format(event=event.name, rounds=event.rounds))
    return number, event


def _ordinal(n: int) -> Message:
    """``1st``, ``22nd``, ``13th`` (``1er``, ``22e``, ``13e`` in French: the first is its own message)."""
    if n == 1:
        return message("1st")
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return {"st": message("{n}st", n=n), "nd": message("{n}nd", n=n), "rd": message("{n}rd", n=n)}.get(suffix) or message("{n}th", n=n)


def _points(n: int) -> Message:
    return nmessage("{n} point", "{n} points", n)


def _met_in(before: Event) -> dict[frozenset[str], list[int]]:
    out: dict[frozenset[str], list[int]] = {}
    for rnd in before.pairings:
        for t in rnd.tables:
            out.setdefault(frozenset((t.red, t.blue)), []).append(rnd.round)
    return out


def _bye_rounds(before: Event) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for rnd in before.pairings:
        if rnd.bye:
            out.setdefault(rnd.bye, []).append(rnd.round)
    return out


def _rounds_text(rounds: Sequence[int]) -> Message:
    return nmessage("round {rounds}", "rounds {rounds}", len(rounds), rounds=", ".join(map(str, rounds)))


def plan_round(event: Event, fixed: Sequence[tuple[str, str]] = (), bye: str | None = None) -> RoundPlan:
    """Pair the round to pair now, around the pairs (red first) and the bye set by the organiser.

    Parameters
    ----------
    event
        The event.
    fixed
        Pairs set by hand, red first (names matched as :func:`find_player` does).
    bye
        The player given the bye by hand.

    Returns
    -------
    RoundPlan
        The round, why each table and the bye, and :func:`check_round`'s warnings for the
        hand-made part.

    Raises
    ------
    EventError
        As :func:`pair_round`; for a pair or bye naming an unknown, dropped or not yet
        entered player, a player twice, or an odd number of players left with the bye set.
    """
    number, before = _round_to_pair(event)
    active = [p for p in event.active if event.entrant(p).joined <= number]
    if len(active) < 2:
        raise EventError(_("Round {number} cannot be paired: {n_active} active player(s); two are needed.").format(number=number, n_active=len(active)))
    hand: list[tuple[str, str]] = []
    seen: list[str] = []
    for red, blue in fixed:
        pair = (find_player(event, red), find_player(event, blue))
        hand.append(pair)
        seen += pair
    hand_bye = find_player(event, bye) if bye is not None else None
    if hand_bye is not None:
        seen.append(hand_bye)
    for p in seen:
        if p not in active:
            raise EventError(_("{player} cannot be paired in round {number}: ").format(player=p, number=number)
                             + (_("they have dropped.") if p in event.dropped else _("they joined later.")))
        if seen.count(p) > 1:
            raise EventError(_("{player} is set to play twice in round {number}; each player plays once a round.").format(player=p, number=number))
    if number == 1:
        ranked = shuffled(active, event.seed)
        table = {p: 0 for p in ranked}
    else:
        rows = [s for s in standings(before) if s.player in active]
        ranked = [s.player for s in rows]
        table = {s.player: s.points for s in rows}
    met = {p: set(o) for p, o in opponents(before).items()}
    had = {p for p, n in byes(before).items() if n}
    apart = kept_apart(event, active) if number == 1 else set()
    rest = [p for p in ranked if p not in seen]
    if hand_bye is not None and len(rest) % 2:
        raise EventError(_("With the bye set to {hand_bye} and {n_hand} pair(s) set by hand, {n_rest} players are left to pair: an odd number. Set one more pair or leave the bye to the pairing.").format(hand_bye=hand_bye, n_hand=len(hand), n_rest=len(rest)))
    pairs, auto_bye = swiss_pairs(rest, table, met, had, apart)
    history = colours(before)
    position = {p: i for i, p in enumerate(ranked)}
    games = [(pair, True) for pair in hand] + [(assign_sides(a, b, history), False) for a, b in pairs]
    games.sort(key=lambda g: min(position[g[0][0]], position[g[0][1]]))
    played = layouts_played(before)
    places, place_notes = place_tables(event, [g for g, _ in games], played)
    tables = sorted(((Table(table=places[i], red=red, blue=blue, layout=event.layout_of(places[i])), by_hand)
                     for i, ((red, blue), by_hand) in enumerate(games)), key=lambda tb: tb[0].table)
    rnd = Round(round=number, tables=tuple(t for t, _ in tables), bye=hand_bye or auto_bye)
    met_in = _met_in(before)
    reasons: dict[int, str] = {}
    for t, by_hand in tables:
        why: str
        if by_hand:
            why = message("set by the organiser.")
        else:
            why = _pair_reason(t.red, t.blue, ranked, table, met_in, apart, {p for g, _ in games for p in g}, number, event.seed)
        reasons[t.table] = why + place_notes.get((t.red, t.blue), "")
    bye_reason = None
    if rnd.bye is not None:
        bye_reason = (message("set by the organiser.") if hand_bye is not None
                      else _bye_reason(rnd.bye, ranked, _bye_rounds(before)))
    warnings = check_round(event, rnd, only=[t.table for t, h in tables if h], check_bye=hand_bye is not None)
    return RoundPlan(rnd, reasons, bye_reason, tuple(warnings))


def _pair_reason(red: str, blue: str, ranked: Sequence[str], points: Mapping[str, int],
                 met_in: Mapping[frozenset[str], list[int]], apart: set[frozenset[str]], playing: set[str],
                 number: int, seed: int) -> str:
    """Why these two play each other: their places, score group, and who between them they could not meet."""
    pos = {p: i for i, p in enumerate(ranked)}
    a, b = sorted((red, blue), key=pos.__getitem__)
    ia, ib = pos[a], pos[b]
    if number == 1:
        head = message("{a} and {b}, {a_place} and {b_place} of round 1's draw (seed {seed})", a=a, b=b, a_place=_ordinal(ia + 1),
                       b_place=_ordinal(ib + 1), seed=seed)
    elif points[a] == points[b]:
        head = message("{a} ({a_place}) and {b} ({b_place}), both on {points}", a=a, b=b, a_place=_ordinal(ia + 1),
                       b_place=_ordinal(ib + 1), points=_points(points[a]))
    else:
        head = message("{a} ({a_place}, {a_points}) and {b} ({b_place}, {b_points}): a float between score groups", a=a, b=b,
                       a_place=_ordinal(ia + 1), a_points=_points(points[a]), b_place=_ordinal(ib + 1), b_points=_points(points[b]))
    rematch = met_in.get(frozenset((a, b)))
    notes: list[Message] = []
    if rematch:
        notes.append(message("a rematch of {rounds}: no pairing of the round avoids every rematch", rounds=_rounds_text(rematch)))
    if frozenset((a, b)) in apart:
        notes.append(message("of the same club or city: no draw keeps every such pair apart"))
    between = [c for c in ranked[ia + 1:ib] if c in playing]
    skipped: list[Message] = []
    for c in between[:3]:
        if frozenset((a, c)) in met_in:
            skipped.append(message("{a} has played {c} ({rounds})", a=a, c=c, rounds=_rounds_text(met_in[frozenset((a, c))])))
        elif frozenset((a, c)) in apart:
            skipped.append(message("{a} and {c} are kept apart (same club or city)", a=a, c=c))
        else:
            skipped.append(message("{c} is needed elsewhere", c=c))
    if len(between) > 3:
        skipped.append(message("{count} more", count=len(between) - 3))
    if skipped:
        notes.append(message("not the next place: {skipped}", skipped=joined("; ", skipped)))
    return joined("; ", [head, *notes]) + "."


def _bye_reason(player: str, ranked: Sequence[str], had: Mapping[str, list[int]]) -> str:
    pos = ranked.index(player)
    below = [p for p in ranked[pos + 1:]]
    text = message("{player}, {place} of {count}, is the lowest-ranked player without a bye", player=player, place=_ordinal(pos + 1),
                   count=len(ranked))
    if player in had:
        return message("{player} had a bye in {rounds}, but so has every player: the lowest-ranked has another.", player=player,
                       rounds=_rounds_text(had[player]))
    if below:
        shown = joined(", ", [message("{player}, bye in {rounds}", player=p, rounds=_rounds_text(had[p])) if p in had
                              else message("{player}, paired elsewhere", player=p) for p in below[:3]])
        text += message(" (below: {players})", players=shown + ("..." if len(below) > 3 else ""))
    return text + "."


def place_tables(event: Event, games: Sequence[tuple[str, str]],
                 played: Mapping[str, Sequence[str]]) -> tuple[list[int], dict[tuple[str, str], str]]:
    """Table numbers for ``games`` (best first): fixed seats, then new layouts, then the order kept.

    A maximum-weight matching of games to tables 1..n, with costs in tiers as
    :func:`swiss_pairs`: a player not at their fixed seat, then a player on a layout already
    played (:func:`~landsraad.tournament.standings.layouts_played`), then the squared move
    from the game's place in ``games``.

    Returns
    -------
    tuple
        ``(tables, notes)``: the table of each game, in order, and a note per game placed by a
        seat or a layout (text starting with a space, to follow a sentence).
    """
    n = len(games)
    if n == 0:
        return [], {}
    seats = {p: event.seat_of(p) for g in games for p in g}
    t_move = n * (n - 1) ** 2
    u_layout = t_move + 1
    t_layout = 2 * n * u_layout + t_move
    u_seat = t_layout + 1
    big = u_seat * (2 * n + 1)

    import networkx as nx  # only pairing needs it (see swiss_pairs)

    graph: nx.Graph[tuple[str, int]] = nx.Graph()
    costs: dict[tuple[int, int], tuple[int, int]] = {}
    for g, (red, blue) in enumerate(games):
        for t in range(1, n + 1):
            layout = event.layout_of(t)
            off_seat = sum(1 for p in (red, blue) if (seat := seats[p]) is not None and seat != t and seat <= n)
            repeats = sum(1 for p in (red, blue) if layout and layout in played.get(p, ()))
            costs[g, t] = (off_seat, repeats)
            graph.add_edge(("g", g), ("t", t), weight=big - (u_seat * off_seat + u_layout * repeats + (g + 1 - t) ** 2))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    tables = [0] * n
    for x, y in matching:
        g, t = (x, y) if x[0] == "g" else (y, x)
        tables[g[1]] = t[1]
    notes: dict[tuple[str, str], str] = {}
    for g, game in enumerate(games):
        t = tables[g]
        parts: list[Message] = []
        for p in game:
            if seats[p] == t:
                parts.append(message("table {table} is {player}'s fixed seat", table=t, player=p))
            elif (seat := seats[p]) is not None:
                parts.append(message("{player}'s fixed seat, table {table}, is beyond this round's tables", player=p, table=seat)
                             if seat > n else
                             message("{player}'s fixed seat, table {table}, went to another fixed seat", player=p, table=seat))
        layout = event.layout_of(t)
        if layout:
            again = [p for p in game if layout in played.get(p, ())]
            seated = any(seats[p] == t for p in game)
            why = message("the fixed seat comes first") if seated else message("no placing avoids it")
            parts.append(message("layout {layout} played before by {players}: {why}", layout=repr(layout), players=joined(message(" and "), again),
                                 why=why) if again else message("layout {layout} new to both", layout=repr(layout)))
        if parts:
            notes[game] = message(" Table: {notes}.", notes=joined("; ", parts))
    return tables, notes


def check_round(event: Event, rnd: Round, only: Sequence[int] | None = None, check_bye: bool = True) -> list[str]:
    """What a round (made or changed by hand) breaks: rematches, players kept apart, seats, layouts, a second bye.

    Parameters
    ----------
    event
        The event; rounds before ``rnd`` are its history (``rnd`` itself, if stored, is not).
    rnd
        The round to check.
    only
        The table numbers to check (default: every table).
    check_bye
        Whether to check the bye.

    Returns
    -------
    list of str
        One sentence per problem (warnings: the round is still allowed).
    """
    before = event.model_copy(update={"pairings": event.pairings[:rnd.round - 1]})
    met_in = _met_in(before)
    played = layouts_played(before)
    apart = kept_apart(event, rnd.players()) if rnd.round == 1 else set()
    out: list[str] = []
    for t in rnd.tables:
        if only is not None and t.table not in only:
            continue
        pair = frozenset((t.red, t.blue))
        if pair in met_in:
            out.append(message("Round {round}, table {table}: {red} and {blue} already played each other in {rounds} (a rematch).",
                               round=rnd.round, table=t.table, red=t.red, blue=t.blue, rounds=_rounds_text(met_in[pair])))
        if pair in apart:
            out.append(message("Round {round}, table {table}: {red} and {blue} are of the same club or city, which round 1 keeps apart.",
                               round=rnd.round, table=t.table, red=t.red, blue=t.blue))
        for p in (t.red, t.blue):
            seat = event.seat_of(p)
            if seat is not None and seat != t.table and seat <= len(rnd.tables):
                out.append(message("Round {round}, table {table}: {player}'s fixed seat is table {seat}.", round=rnd.round, table=t.table,
                                   player=p, seat=seat))
            if t.layout and t.layout in played.get(p, ()):
                out.append(message("Round {round}, table {table}: {player} has already played on the layout {layout}.", round=rnd.round,
                                   table=t.table, player=p, layout=repr(t.layout)))
    if check_bye and rnd.bye:
        had = _bye_rounds(before)
        if rnd.bye in had:
            fresh = [p for p in rnd.players() if p not in had and p != rnd.bye]
            if fresh:
                out.append(message("Round {round}: {player} already had a bye in {rounds}, while {others} had none.", round=rnd.round,
                                   player=rnd.bye, rounds=_rounds_text(had[rnd.bye]),
                                   others=f"{', '.join(fresh[:3])}{'...' if len(fresh) > 3 else ''}"))
    return out


def swap_tables(event: Event, round_no: int, first: int, second: int, *, places: bool = False) -> tuple[Event, list[str]]:
    """The event with two tables of the last round changed, and the warnings of :func:`check_round`.

    By default the blue players change tables (``A v B`` and ``C v D`` become ``A v D`` and
    ``C v B``: new opponents); with ``places`` the two games exchange tables (and layouts),
    keeping their opponents.

    Raises
    ------
    EventError
        For a round that is not the last paired, a table that does not exist or has a result,
        or the same table twice.
    """
    if not event.pairings or round_no != event.pairings[-1].round:
        last = (_("the last paired round is {round}").format(round=event.pairings[-1].round) if event.pairings
                else _("no round is paired yet"))
        raise EventError(_("Only the last paired round can be changed; {last}, not round {round_no}.").format(last=last, round_no=round_no))
    rnd = event.pairings[-1]
    numbers = [t.table for t in rnd.tables]
    for t in (first, second):
        if t not in numbers:
            raise EventError(_("Round {round_no} has no table {table}; its tables are {tables}.").format(round_no=round_no, table=t, tables=', '.join(map(str, numbers))))
    if first == second:
        raise EventError(_("A swap needs two different tables; got table {first} twice.").format(first=first))
    a, b = rnd.tables[first - 1], rnd.tables[second - 1]
    for tab in (a, b):
        if tab.result is not None:
            raise EventError(_("Round {round_no}, table {table} ({red} v {blue}) already has a result; a table with a result cannot be swapped.").format(round_no=round_no, table=tab.table, red=tab.red, blue=tab.blue))
    if places:
        new_a = a.model_copy(update={"red": b.red, "blue": b.blue})
        new_b = b.model_copy(update={"red": a.red, "blue": a.blue})
    else:
        new_a = a.model_copy(update={"blue": b.blue})
        new_b = b.model_copy(update={"blue": a.blue})
    tables = list(rnd.tables)
    tables[first - 1], tables[second - 1] = new_a, new_b
    new_round = rnd.model_copy(update={"tables": tuple(tables)})
    changed = Event.model_validate({**event.model_dump(), "pairings": event.pairings[:-1] + (new_round,)})
    return changed, check_round(changed, new_round, only=[first, second], check_bye=False)
