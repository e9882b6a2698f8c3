"""The game clock (R-CLOCK): 45 minutes of table time after the first player is known
(35 on Arrakis); the activation under way when time runs out is finished, then the game ends.

A simulated game has no wall clock, so :class:`TableTimeModel` says how long each step of an
activation takes at a real table. The figures are the project's estimate (PRJ-92 in
``docs/rulings.md``) of two practised players with tape measures and dice; with it, a
simulated game of the bundled warbands lasts about 40 to 80 activations.
:class:`WallClock` measures real time for live play.

Examples
--------
>>> model = TableTimeModel()
>>> model.cost("select") + model.cost("move") + model.cost("melee")
71.0
>>> clock = SimulatedClock(limit_s=45 * 60)
>>> clock = clock.spend(2700.0)
>>> clock.expired
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Mapping

__all__ = ["GAME_MINUTES", "ARRAKIS_MINUTES", "TableTimeModel", "SimulatedClock", "WallClock", "game_limit_s"]

GAME_MINUTES = 45
"""R-CLOCK: minutes of play after the first player is designated."""

ARRAKIS_MINUTES = 35
"""R-ARRAKIS: the worm or a storm shortens the game."""


def game_limit_s(arrakis: bool = False) -> float:
    """The game's length in seconds (R-CLOCK, R-ARRAKIS).

    Examples
    --------
    >>> game_limit_s(), game_limit_s(arrakis=True)
    (2700.0, 2100.0)
    """
    return 60.0 * (ARRAKIS_MINUTES if arrakis else GAME_MINUTES)


_DEFAULT_COSTS: dict[str, float] = {
    "select": 10.0,  # pick a model, say what it does, place the fatigue token
    "move": 15.0,  # measure and move one base
    "melee": 46.0,  # roll 3D10 behind screens, pick tokens, reveal, lower, resolve
    "shoot": 30.0,  # check sight and the nearest target, measure range, roll, resolve
    "template": 20.0,  # extra per template: place it, every target rolls its dodge
    "dodge": 10.0,  # a target moves out of the way
    "disengage": 25.0,  # opposed roll and the move
    "heal": 20.0,
    "special": 20.0,  # hunter-seeker, jammer, explosives, mission actions
    "decision": 5.0,  # any other small choice (spice, push, step away)
    "pass": 5.0,
}


@dataclass(frozen=True)
class TableTimeModel:
    """Seconds each step of an activation takes at a real table (PRJ-92).

    ``costs`` maps a step name to seconds; unknown steps cost the ``decision`` figure.
    """

    costs: Mapping[str, float] = field(default_factory=lambda: dict(_DEFAULT_COSTS))

    def cost(self, step: str) -> float:
        """Seconds for ``step``."""
        return float(self.costs.get(step, self.costs.get("decision", 5.0)))


@dataclass(frozen=True)
class SimulatedClock:
    """Table time spent so far, against the game's limit. Immutable."""

    limit_s: float
    elapsed_s: float = 0.0

    def spend(self, seconds: float) -> "SimulatedClock":
        """The clock after ``seconds`` more of play."""
        return replace(self, elapsed_s=self.elapsed_s + float(seconds))

    @property
    def expired(self) -> bool:
        """Whether time is up; the activation under way is still finished (R-CLOCK)."""
        return self.elapsed_s >= self.limit_s

    @property
    def remaining_s(self) -> float:
        return max(0.0, self.limit_s - self.elapsed_s)


class WallClock:
    """A real clock for live play: started when the first player is designated (R-CLOCK)."""

    def __init__(self, limit_s: float, now: "callable[[], float] | None" = None) -> None:  # type: ignore[valid-type]
        self.limit_s = float(limit_s)
        self._now = now or time.monotonic
        self._start: float | None = None

    def start(self) -> None:
        self._start = self._now()

    @property
    def elapsed_s(self) -> float:
        return 0.0 if self._start is None else self._now() - self._start

    @property
    def expired(self) -> bool:
        return self._start is not None and self.elapsed_s >= self.limit_s
