"""The heuristic player's mission plan (R-MISSIONS): which cards to pick and in which order, by expected victory points."""

from __future__ import annotations

from itertools import permutations
from typing import Any, Callable, Mapping, Sequence

from ..missions import MAX_PICKS, load_missions


def pick_bounds(ranked: tuple[int, int] | None) -> tuple[int, int]:
    """The fewest and most missions a ``pick_missions`` decision takes (its ``ranked`` bounds),
    1 to :data:`~landsraad.missions.MAX_PICKS` when it states none (R-MISSIONS).

    Examples
    --------
    >>> pick_bounds((2, 4)), pick_bounds(None)
    ((2, 4), (1, 6))
    """
    return ranked if ranked is not None else (1, MAX_PICKS)


def mission_plan(allowed: Sequence[str], chances: Mapping[str, float], *, limit: int = 4,
                 cards: Mapping[str, Any] | None = None) -> list[str]:
    """The missions to pick, best rank first: the ranking of at most ``limit`` of ``allowed``
    that maximises the expected victory points (R-MISSIONS), leaving out any mission whose
    expectation at its rank is not positive.

    Parameters
    ----------
    allowed
        The card ids the warband may pick.
    chances
        Each card's chance of success (a card missing counts 0: never picked but as a last resort).
    limit
        At most this many picks.
    cards
        The game's cards by id (default: the bundled ones); their value tables give the points.

    Returns
    -------
    list of str
        At least one card id.

    Examples
    --------
    >>> mission_plan(["activation", "protection", "territory"], {"activation": 0.9, "protection": 0.8, "territory": 0.1})
    ['activation', 'protection']
    """
    return mission_plans(allowed, chances, limit=limit, cards=cards, count=1)[0]


ChanceAt = Callable[[str, int, int], float]
"""A card's chance of success at a rank (0: first) in a ranking of so many picks: ``chance_at(card_id, rank, picks)``."""


def expected_points(card: Any, chance: float, rank: int) -> float:
    """The victory points a pick is worth on average (R-MISSIONS): its card's success value at
    ``rank`` (0: first) with probability ``chance``, else its failure value.

    Examples
    --------
    >>> from landsraad.missions import load_missions
    >>> expected_points(load_missions()["protection"], 0.5, 0)  # (4 - 5) / 2
    -0.5
    """
    return chance * card.values.success[rank] + (1 - chance) * card.values.failure[rank]


def pruned_plan(plan: Sequence[str], chance_at: ChanceAt, *, floor: float = 1.0, fewest: int = 1,
                cards: Mapping[str, Any] | None = None) -> list[str]:
    """``plan`` with its weakest picks left out (R-MISSIONS): while the ranking is longer than
    ``fewest``, the pick worth least at its rank (:func:`expected_points`, the chance from
    ``chance_at`` in a ranking of the current length) is dropped if it is worth less than
    ``floor`` victory points; the others keep their order and move up.

    A pick worth a little on average still takes models' activations from the others, so the
    floor is above zero: measured between two heuristics, a floor of 1 VP did better than 0 and
    than 2 (docs/search.md, "Learned mission odds").

    Parameters
    ----------
    plan
        A ranking, best first.
    chance_at
        Each pick's chance of success at its rank in a ranking of so many picks.
    floor
        The fewest victory points a pick must be expected to score to stay.
    fewest
        Never fewer picks than this (the decision's minimum).
    cards
        The game's cards by id (default: the bundled ones).

    Returns
    -------
    list of str
        The picks kept, in ``plan``'s order; ``plan`` itself when no pick is below the floor.

    Examples
    --------
    >>> odds = {"activation": 0.9, "occupation": 0.1, "protection": 0.95}
    >>> pruned_plan(["activation", "occupation", "protection"], lambda m, rank, picks: odds[m])
    ['activation', 'protection']
    >>> pruned_plan(["occupation"], lambda m, rank, picks: odds[m])  # never fewer than one pick
    ['occupation']
    """
    cards = cards if cards is not None else load_missions()
    kept = list(plan)
    while len(kept) > fewest:
        values = [expected_points(cards[m], chance_at(m, rank, len(kept)), rank) for rank, m in enumerate(kept)]
        worst = min(range(len(kept)), key=values.__getitem__)
        if values[worst] >= floor:
            break
        del kept[worst]
    return kept


def extended_plan(plan: Sequence[str], chance_at: ChanceAt, allowed: Sequence[str], *, floor: float = 1.0, most: int = MAX_PICKS,
                  cards: Mapping[str, Any] | None = None) -> list[str] | None:
    """``plan`` one pick longer (R-MISSIONS): the card of ``allowed`` not in it worth most at the
    next rank (:func:`expected_points`, the chance from ``chance_at`` in a ranking one longer),
    appended, if it is worth at least ``floor`` victory points; ``None`` when none is, or when
    ``plan`` already has ``most`` picks.

    The mirror of :func:`pruned_plan`: a search comparing a ranking with its neighbours one pick
    shorter compares it with this one too, since a card the table's estimates undervalue is the
    mistake the other way.

    Parameters
    ----------
    plan
        A ranking, best first.
    chance_at
        Each pick's chance of success at its rank in a ranking of so many picks.
    allowed
        The card ids the warband may pick.
    floor
        The fewest victory points the new pick must be expected to score.
    most
        The most picks a ranking may have (the decision's maximum).
    cards
        The game's cards by id (default: the bundled ones).

    Returns
    -------
    list of str or None
        ``plan`` and the new pick last, or ``None``.

    Examples
    --------
    >>> odds = {"activation": 0.9, "occupation": 0.1, "protection": 0.95, "spice_theft": 0.8}
    >>> chance = lambda m, rank, picks: odds[m]
    >>> extended_plan(["activation"], chance, list(odds))
    ['activation', 'spice_theft']
    >>> extended_plan(["activation"], chance, ["activation", "occupation"]) is None  # worth -2.1 at rank 2
    True
    >>> extended_plan(["activation", "protection"], chance, list(odds), most=2) is None
    True
    """
    cards = cards if cards is not None else load_missions()
    rank = len(plan)
    if rank >= most:
        return None
    worth = {m: expected_points(cards[m], chance_at(m, rank, rank + 1), rank)
             for m in allowed if m in cards and m not in plan and rank < len(cards[m].values.success)}
    if not worth:
        return None
    best = max(worth, key=lambda m: (worth[m], m))
    return [*plan, best] if worth[best] >= floor else None


def mission_plans(allowed: Sequence[str], chances: Mapping[str, float], *, limit: int = 4,
                  cards: Mapping[str, Any] | None = None, count: int = 4, chance_at: ChanceAt | None = None) -> list[list[str]]:
    """The best rankings by expected victory points, best first (R-MISSIONS): the first is
    :func:`mission_plan`'s, then up to ``count - 1`` others that a search may compare with it.

    The others are chosen to differ in kind, each the best of its sort by expectation: the best
    ranking of other missions, the best other order of the same missions, the best shorter
    ranking (a failure costs points, so fewer picks is a real alternative), then the next best.

    Parameters
    ----------
    allowed, chances, limit, cards
        As for :func:`mission_plan`.
    count
        At most this many rankings.
    chance_at
        When given, each pick's chance at its rank in a ranking of its length (a learned model,
        :mod:`landsraad.search.mission_odds`) instead of ``chances``, which then only says which
        cards may be picked (those with a positive chance).

    Returns
    -------
    list of list of str
        At least one ranking; none repeated.

    Examples
    --------
    >>> mission_plans(["activation", "protection", "territory"], {"activation": 0.9, "protection": 0.8, "territory": 0.1})
    [['activation', 'protection'], ['activation'], ['protection', 'activation'], ['protection']]
    """
    cards = cards if cards is not None else load_missions()
    pool = [m for m in allowed if m in cards and chances.get(m, 0.0) > 0]

    def ev(mission: str, rank: int, picks: int = 1) -> float:
        p = chances.get(mission, 0.0) if chance_at is None else chance_at(mission, rank, picks)
        return expected_points(cards[mission], p, rank)

    # Keep the most promising few, then try every order of them.
    pool.sort(key=lambda m: (-max(ev(m, r) for r in range(6)), m))
    pool = pool[: max(limit + 2, 1)]
    ranked: list[tuple[float, tuple[str, ...]]] = []
    for k in range(1, min(limit, len(pool)) + 1):
        for order in permutations(pool, k):
            values = [ev(m, r, k) for r, m in enumerate(order)]
            if min(values) > 0:
                ranked.append((sum(values), order))
    if not ranked:
        known = [m for m in (pool or allowed) if m in cards] or list(allowed)
        return [[max(known, key=lambda m: ev(m, 0) if m in cards else -1e9)]]
    # The best is the first found that no later one beats by more than a rounding error.
    best_total, best = ranked[0]
    for total, plan in ranked:
        if total > best_total + 1e-9:
            best_total, best = total, plan
    ranked.sort(key=lambda t: -t[0])  # stable: equal totals stay in the order found
    sorts = (lambda p: set(p) != set(best), lambda p: set(p) == set(best), lambda p: len(p) < len(best), lambda p: True)
    chosen: list[tuple[str, ...]] = [best]
    for wanted in sorts:
        for _, plan in ranked:
            if len(chosen) >= count:
                break
            if plan not in chosen and wanted(plan):
                chosen.append(plan)
                if wanted is not sorts[-1]:
                    break
    return [list(p) for p in chosen[:count]]
