"""Computer players: they answer the engine's decisions (:mod:`landsraad.engine.decisions`).

- :class:`RandomPlayer` picks a legal answer at random: a legal choice, one of the engine's
  suggested points (or none when skipping is allowed), a random ranked selection.
- :class:`~landsraad.ai.HeuristicPlayer` (in :mod:`landsraad.ai`) plays for its missions.
- :class:`~landsraad.search.SearchPlayer` (in :mod:`landsraad.search`) searches the decisions
  that matter over the engine's forward model, from its own side's view; kinds ``search:easy``,
  ``search:normal`` (also plain ``search``) and ``search:hard`` are its levels, and
  ``search:2s``, ``search:500ms``, ... its levels by time budget (CPU seconds a decision).
- A style may follow the kind (:func:`parse_player`): ``heuristic:aggressive``,
  ``search:easy:cautious`` (:mod:`landsraad.ai.temperament`).
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
from .ai.temperament import STYLE_NAMES, temperament
from .engine.decisions import Answer, Decision
from .errors import UnknownNameError
from .search import LEVELS, SearchPlayer, parse_budget

__all__ = ["RandomPlayer", "make_player", "parse_player", "PLAYER_KINDS", "DEFAULT_OPPONENT"]

PLAYER_KINDS = ("random", "heuristic", "search", "search:easy", "search:normal", "search:hard", "search:2s", "search:normal:1s")
"""The player kinds :func:`make_player` knows (``search`` is ``search:normal``; ``search:2s`` stands
for any time budget, ``search:1s``, ``search:500ms``, ...; ``search:normal:1s`` for a level capped by one)."""


DEFAULT_OPPONENT = "search:normal:1s"
"""The computer player ``landsraad play`` seats when none is named: stronger than the heuristic and
quick enough a decision on this machine (measured in docs/search.md, "The default opponent")."""


class RandomPlayer:
    """Answers every decision with a uniformly random legal answer."""

    reads_state = False
    """:meth:`decide` never reads its state: :func:`~landsraad.engine.game.play` makes no view for it."""
    handles_dice = False
    """The game rolls its dice in a physical-dice game (the Player protocol's flag)."""

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


def parse_player(spec: str) -> tuple[str, str | None, str | None]:
    """Split a player spec ``KIND[:LEVEL][:STYLE]`` into ``(kind, level, style)``.

    ``KIND`` is ``random``, ``heuristic`` or ``search``; ``LEVEL`` a search level (``easy``,
    ``normal``, ``hard``, or a time budget: ``2s``, ``1.5s``, ``500ms``; a level then a budget
    caps the level: ``normal:1s``); ``STYLE`` a temperament (:mod:`landsraad.ai.temperament`:
    ``balanced``, ``aggressive``, ``cautious``, ``mission-first``; French names too), for the
    heuristic and the search's own heuristic. The parts after the kind may come in any order.

    Raises
    ------
    UnknownNameError
        When a part is no kind, level or style; the message lists the valid ones.

    Examples
    --------
    >>> parse_player("heuristic:aggressive")
    ('heuristic', None, 'aggressive')
    >>> parse_player("search:easy:prudent")
    ('search', 'easy', 'cautious')
    >>> parse_player("search")
    ('search', 'normal', None)
    >>> parse_player("search:2s:aggressive")
    ('search', '2s', 'aggressive')
    >>> parse_player("search:normal:1s")
    ('search', 'normal:1s', None)
    """
    kind, *parts = spec.split(":")
    known = (*PLAYER_KINDS, *(f"heuristic:{name}" for name in STYLE_NAMES), "search:easy:aggressive ...")
    if kind not in ("random", "heuristic", "search") or kind == "random" and parts:
        raise UnknownNameError("player kind", spec, known)
    level: str | None = "normal" if kind == "search" else None
    named = False
    style: str | None = None
    for part in parts:
        if kind == "search" and part in LEVELS:
            level, named = part, True
            continue
        seconds = parse_budget(part) if kind == "search" else None
        if seconds is not None:  # a budget alone, or capping the level named before it (search:normal:1s)
            budget = f"{seconds:g}s" if seconds >= 1 else f"{seconds * 1000:g}ms"
            level = f"{level}:{budget}" if named else budget
            continue
        try:
            style = temperament(part).name
        except UnknownNameError:
            raise UnknownNameError("player kind", spec, known) from None
    return kind, level, style


def make_player(kind: str, seed: int | None = None) -> Any:
    """A player by its spec (one of :data:`PLAYER_KINDS`, with a style: :func:`parse_player`).

    Raises
    ------
    UnknownNameError
        When ``kind`` is not a known spec; the message lists the valid ones.
    """
    name, level, style = parse_player(kind)
    if name == "random":
        return RandomPlayer(seed)
    if name == "heuristic":
        return HeuristicPlayer(seed, style=style or "balanced")
    return SearchPlayer(seed, level or "normal", style=style or "balanced")
