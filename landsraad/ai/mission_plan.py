"""The heuristic player's mission plan (R-MISSIONS): which cards to pick and in which order, by expected victory points."""

from __future__ import annotations

from itertools import permutations
from typing import Any, Mapping, Sequence

from ..missions import load_missions


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
    cards = cards if cards is not None else load_missions()
    pool = [m for m in allowed if m in cards and chances.get(m, 0.0) > 0]

    def ev(mission: str, rank: int) -> float:
        card, p = cards[mission], chances.get(mission, 0.0)
        return p * card.values.success[rank] + (1 - p) * card.values.failure[rank]

    # Keep the most promising few, then try every order of them.
    pool.sort(key=lambda m: (-max(ev(m, r) for r in range(6)), m))
    pool = pool[: max(limit + 2, 1)]
    best: tuple[float, tuple[str, ...]] = (-1e9, ())
    for k in range(1, min(limit, len(pool)) + 1):
        for order in permutations(pool, k):
            values = [ev(m, r) for r, m in enumerate(order)]
            if min(values) <= 0:
                continue
            total = sum(values)
            if total > best[0] + 1e-9:
                best = (total, order)
    if not best[1]:
        known = [m for m in (pool or allowed) if m in cards] or list(allowed)
        best = (0.0, (max(known, key=lambda m: ev(m, 0) if m in cards else -1e9),))
    return list(best[1])
