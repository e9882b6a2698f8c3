"""How good a position is for one side, from the card data (issue 12).

A finished game is worth its victory-point margin. A game cut short is worth the margin the
missions would score if the game ended now (:func:`landsraad.missions.evaluate_picks`,
:func:`landsraad.missions.score`, over :class:`landsraad.engine.missions.EngineMissionView`),
plus a share of the material margin (the recruit cost of the models still in action), since
models are what later mission points are won with. The margin is squashed to (0, 1) so every
rollout counts alike whatever the game's scale.

Examples
--------
>>> from landsraad.engine import new_game, play
>>> from landsraad.players import RandomPlayer
>>> game = play(new_game("corrino", "fremen", seed=4), {"red": RandomPlayer(1), "blue": RandomPlayer(2)})
>>> v = position_value(game.state, "red", game.result)
>>> 0.0 < v < 1.0 and abs(v + position_value(game.state, "blue", game.result) - 1.0) < 1e-9
True
"""

from __future__ import annotations

import math
from typing import Any

from ..engine import GameResult, GameState
from ..engine.missions import EngineMissionView
from ..engine.state import other_side
from ..errors import DataError
from ..missions import evaluate_picks, score

__all__ = ["HEALTH", "MATERIAL_WEIGHT", "SCALE_VP", "mission_margin", "material_margin", "position_value", "value_margin"]

MATERIAL_WEIGHT = 0.5
"""Victory points one recruit point of material in action is worth in a game cut short."""

SCALE_VP = 4.0
"""The margin (VP) at which a position counts as about 73 % won (the logistic's scale)."""


def _prospect(state: GameState, side: str, view: Any) -> int:
    picks = state.side_state(side).missions
    if not picks:
        return 0
    try:
        return score(picks, evaluate_picks(picks, view, side, ruleset=state.ruleset), side=side).total
    except DataError:  # a sampled list the cards reject scores nothing rather than stopping the search
        return 0


def mission_margin(state: GameState, side: str) -> int:
    """``side``'s victory points minus the opponent's if the game ended now."""
    view = EngineMissionView(state)
    return _prospect(state, side, view) - _prospect(state, other_side(side), view)


HEALTH: dict[str, float] = {"none": 1.0, "light": 0.75, "grave": 0.4, "fatal": 0.0}
"""The share of a model's worth left at each wound level (R-WOUND): a wounded model fights and
tests worse, so a wound counts before a kill does, and rollouts that end in a wound are told
apart from those that end in nothing."""


def material_margin(state: GameState, side: str) -> float:
    """Recruit points of ``side``'s models in action minus the opponent's, each weighted by
    :data:`HEALTH` for its wound level."""
    total = 0.0
    for m in state.models:
        if m.out_of_action or m.captured or m.ambassador:
            continue
        worth = m.profile.cost * HEALTH.get(m.wound, 1.0)
        total += worth if m.side == side else -worth
    return total


def position_value(state: GameState, side: str, result: GameResult | None = None) -> float:
    """The worth of ``state`` to ``side`` in (0, 1): 0.5 is even.

    Parameters
    ----------
    state
        The position (the opponent's picks as the searcher sampled them).
    side
        Whose worth.
    result
        The result when the game is over (its VP margin is then the whole story).

    Returns
    -------
    float
        The logistic of the margin over :data:`SCALE_VP`.
    """
    if result is not None:
        margin = float(result.vp[side] - result.vp[other_side(side)])
    else:
        margin = mission_margin(state, side) + MATERIAL_WEIGHT * material_margin(state, side)
    return 1.0 / (1.0 + math.exp(-margin / SCALE_VP))


def value_margin(value: float) -> float:
    """The victory-point margin a :func:`position_value` stands for (its inverse; material counted as
    :data:`MATERIAL_WEIGHT` VP a recruit point in a game cut short).

    A value of exactly 0 or 1 (a margin beyond the floats' reach) is read as the nearest one they hold.

    Examples
    --------
    >>> round(value_margin(0.5), 9), round(value_margin(1.0 / (1.0 + math.exp(-3.0 / SCALE_VP))), 9)
    (0.0, 3.0)
    """
    v = min(max(value, 1e-12), 1.0 - 1e-12)
    return SCALE_VP * math.log(v / (1.0 - v))
