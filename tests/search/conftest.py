"""Games driven to the decisions the search tests need (heuristic players, fixed seeds)."""

from __future__ import annotations

from typing import Callable

import pytest

from landsraad.ai import HeuristicPlayer
from landsraad.engine import Game, new_game


def advance(game: Game, players: dict, until: Callable[[Game], bool], limit: int = 3000) -> Game:
    """Answer ``game``'s decisions with ``players`` until ``until(game)`` holds."""
    for _ in range(limit):
        if game.over or until(game):
            return game
        d = game.decision
        game.answer(players[d.side].decide(d, game.view(d.side)))
    raise AssertionError("the game never reached the wanted decision")


def heuristics() -> dict:
    return {"red": HeuristicPlayer(11), "blue": HeuristicPlayer(12)}


@pytest.fixture(scope="module")
def at_red_activation() -> Game:
    """A game in play whose pending decision is red's second ``activate`` (markers on the table)."""
    seen = []

    def second_red_activate(g: Game) -> bool:
        d = g.decision
        if d.kind == "activate" and d.side == "red":
            seen.append(g.state.activation)
            return len(seen) >= 2
        return False

    return advance(new_game("corrino", "fremen", seed=31), heuristics(), second_red_activate)
