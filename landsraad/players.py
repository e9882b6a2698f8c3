"""Computer players: they answer the engine's decisions (:mod:`landsraad.engine.decisions`).

- :class:`RandomPlayer` picks a legal answer at random: a legal choice, one of the engine's
  suggested points (or none when skipping is allowed), a random ranked selection.
- :class:`~landsraad.ai.HeuristicPlayer` (in :mod:`landsraad.ai`) plays for its missions.
- :class:`~landsraad.search.SearchPlayer` (in :mod:`landsraad.search`) searches the decisions
  that matter over the engine's forward model, from its own side's view; kinds ``search:easy``,
  ``search:normal`` (also plain ``search``) and ``search:hard`` are its levels.
- :class:`~landsraad.engine.game.ReplayPlayer` replays a recorded game.

A player has its own :class:`numpy.random.Generator`, seeded, so its choices are reproducible
and independent of the game's dice.

Examples
--------
>>> from landsraad.engine.decisions import Decision
>>> p = RandomPlayer(seed=1)
>>> p.decide(Decision(side="red", kind="stance", prompt="?", choices=("attack", "defend")), None) in ("attack", "defend")
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .ai import HeuristicPlayer
from .engine.decisions import Answer, Decision
from .errors import UnknownNameError
from .search import SearchPlayer

__all__ = ["RandomPlayer", "make_player", "PLAYER_KINDS"]

PLAYER_KINDS = ("random", "heuristic", "search", "search:easy", "search:normal", "search:hard")
"""Every player kind :func:`make_player` knows (``search`` is ``search:normal``)."""


class RandomPlayer:
    """Answers every decision with a uniformly random legal answer."""

    reads_state = False
    """:meth:`decide` never reads its state: :func:`~landsraad.engine.game.play` makes no view for it."""

    def __init__(self, seed: int | None = None, *, skip_chance: float = 0.3) -> None:
        self.rng = np.random.default_rng(seed)
        self.skip_chance = skip_chance

    def decide(self, decision: Decision, state: Any) -> Answer:
        if decision.point is not None:
            # Skip first: suggested points cost a geometry test, and a skipped move needs none.
            if decision.optional and self.rng.random() < self.skip_chance:
                return None
            candidates = decision.point.candidates
            if decision.optional and not candidates:
                return None
            if not candidates:
                raise ValueError(f"No suggested point for {decision.prompt!r}; a random player cannot answer it.")
            return candidates[int(self.rng.integers(len(candidates)))]
        if decision.ranked is not None:
            low, high = decision.ranked
            count = int(self.rng.integers(low, min(high, len(decision.choices)) + 1))
            order = self.rng.permutation(len(decision.choices))[:count]
            return [decision.choices[i] for i in order]
        if decision.optional and self.rng.random() < self.skip_chance:
            return None
        return decision.choices[int(self.rng.integers(len(decision.choices)))]


def make_player(kind: str, seed: int | None = None) -> Any:
    """A player by kind name (one of :data:`PLAYER_KINDS`).

    Raises
    ------
    UnknownNameError
        When ``kind`` is not a known kind; the message lists the valid ones.
    """
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "heuristic":
        return HeuristicPlayer(seed)
    if kind in PLAYER_KINDS and kind.startswith("search"):
        return SearchPlayer(seed, kind.partition(":")[2] or "normal")
    raise UnknownNameError("player kind", kind, PLAYER_KINDS)
