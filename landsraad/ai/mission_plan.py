"""The heuristic player's mission plan (R-MISSIONS): which cards to pick, by expected victory points."""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import Any, Sequence

from ..missions import load_missions

MISSION_CHANCES: dict[str, float] = {
    "activation": 0.9,
    "protection": 0.8,
    "occupation": 0.55,
    "spice_theft": 0.5,
    "sabotage": 0.4,
    "infiltration": 0.45,
    "territory": 0.35,
    "treachery": 0.5,
    "assassination": 0.35,
    "slave_hunt": 0.2,
}
"""The player's estimate of its chance to fulfil each mission (tuned on games against the
random player and itself; see ``bench/bench_games.py``)."""



# --- missions ---------------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _cards() -> dict[str, Any]:
    """The bundled mission cards, loaded once."""

    return load_missions()


def mission_plan(allowed: Sequence[str], chances: dict[str, float] | None = None, *, limit: int = 4) -> list[str]:
    """The missions to pick, best rank first: the ranking of at most ``limit`` of ``allowed``
    that maximises the expected victory points (R-MISSIONS), leaving out any mission whose
    expectation at its rank is not positive.

    Examples
    --------
    >>> mission_plan(["activation", "protection", "territory"], {"activation": 0.9, "protection": 0.8, "territory": 0.1})
    ['activation', 'protection']
    """
    chances = chances or MISSION_CHANCES
    cards = _cards()
    pool = [m for m in allowed if m in cards and chances.get(m, 0.0) > 0]

    def ev(mission: str, rank: int) -> float:
        card, p = cards[mission], chances.get(mission, 0.0)
        return p * card.values.success[rank] + (1 - p) * card.values.failure[rank]

    # Keep the most promising few, then try every order of them.
    pool.sort(key=lambda m: -max(ev(m, r) for r in range(6)))
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
        best = (0.0, (max(pool or list(allowed), key=lambda m: ev(m, 0)),))
    return list(best[1])


