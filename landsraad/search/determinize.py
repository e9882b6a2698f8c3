"""What a side may believe about the opponent's secrets: determinising a view (issue 12).

A side's view (:meth:`landsraad.engine.Game.view`) holds no seed and none of the opponent's
mission picks. Searching needs a whole game, so the search fills the hole with a *sample*
consistent with what the side has seen: every opponent mission that has objective markers on
the table was picked (markers are placed in pick order, in public, R-MISSION-PICK), and the
opponent may hold up to two more picks without markers, drawn from the missions its warband
may pick. Whatever the view holds in the opponent's ``missions`` is ignored, so a view that
leaks them changes nothing.

Examples
--------
>>> from landsraad.engine import new_game
>>> from landsraad.ai import HeuristicPlayer
>>> game = new_game("corrino", "fremen", seed=2)
>>> players = {"red": HeuristicPlayer(1), "blue": HeuristicPlayer(2)}
>>> while game.state.phase == "setup":
...     d = game.decision
...     game.answer(players[d.side].decide(d, game.view(d.side)))
>>> view = game.view("red")
>>> set(revealed_missions(view, "blue")) <= set(game.state.side_state("blue").missions)
True
>>> sampled = determinize(view, "red", np.random.default_rng(0))
>>> set(revealed_missions(view, "blue")) <= set(sampled.side_state("blue").missions)
True
"""

from __future__ import annotations

import numpy as np

from ..engine import GameState
from ..engine.missions import allowed_missions, mission_cards
from ..engine.state import other_side
from ..missions import MAX_PICKS, pick_problems

__all__ = ["revealed_missions", "sample_missions", "determinize", "MAX_HIDDEN_PICKS"]

_TOKEN_PREFIX = "mission:"
"""A mission's model token (an ambassador) has the faction ``mission:<id>`` (R-MISSIONS)."""

MAX_HIDDEN_PICKS = 2
"""At most this many opponent picks without markers are assumed (each count 0..2 equally likely)."""


def revealed_missions(view: GameState, side: str) -> tuple[str, ...]:
    """The missions of ``side`` the table reveals: its objective markers (in the order they were
    placed, which is pick order), then the missions whose marker is a model (Protection's ambassador).
    """
    seen: list[str] = []
    for marker in view.markers:
        if marker.owner == side and marker.mission not in seen:
            seen.append(marker.mission)
    for model in view.models:
        if model.side == side and model.ambassador and model.faction.startswith(_TOKEN_PREFIX):
            mission = model.faction[len(_TOKEN_PREFIX):]
            if mission not in seen:
                seen.append(mission)
    return tuple(seen)


def sample_missions(view: GameState, side: str, rng: np.random.Generator) -> tuple[str, ...]:
    """A ranked list of picks for ``side`` consistent with ``view``'s public information.

    The missions revealed by markers keep their order; those revealed by a model token and the
    hidden ones (missions without markers that the warband may pick) go to random ranks.
    """
    revealed = revealed_missions(view, side)
    ordered = [mid for mid in revealed if any(k.owner == side and k.mission == mid for k in view.markers)]
    hidden_pool = [mid for mid in allowed_missions(view, side) if mid not in revealed and not _has_markers(view, mid)]
    room = min(MAX_HIDDEN_PICKS, MAX_PICKS - len(revealed), len(hidden_pool))
    count = int(rng.integers(0 if revealed else 1, room + 1)) if room > 0 else 0
    picks = list(ordered)
    extra = [mid for mid in revealed if mid not in ordered] + [hidden_pool[int(i)] for i in rng.permutation(len(hidden_pool))[:count]]
    for mid in extra:
        picks.insert(int(rng.integers(len(picks) + 1)), mid)
    if not picks or pick_problems(picks):
        return tuple(revealed) or tuple(hidden_pool[:1])
    return tuple(picks)


def _has_markers(view: GameState, mission_id: str) -> bool:
    # A mission with markers would have shown them on the table once play began.
    return bool(mission_cards(view)[mission_id].markers)


def determinize(view: GameState, side: str, rng: np.random.Generator) -> GameState:
    """``view`` (``side``'s) with the opponent's secret picks sampled (:func:`sample_missions`).

    Before the missions are picked (set-up) the opponent has none to sample.
    """
    opponent = other_side(side)
    state = view.replace(seed=None)
    if view.phase == "setup" and not view.side_state(side).missions:
        return state.with_side(state.side_state(opponent).replace(missions=()))
    picks = sample_missions(view, opponent, rng)
    return state.with_side(state.side_state(opponent).replace(missions=picks))
