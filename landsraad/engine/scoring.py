"""The end of the game (R-CLOCK, R-MISSIONS): every picked mission evaluated and scored by rank;
the side with the most victory points wins.

PRJ-95: a game played without missions (``SetupOptions(missions=False)``) scores one victory
point per recruit point of the enemy models put out of the game.
"""

from __future__ import annotations

from ..missions import ScoreSheet, compare, evaluate_picks, score
from .events import GameEnds
from .flow import Machine, stage
from .jsondata import JsonObject
from .missions import EngineMissionView, mission_cards
from .result import GameResult

__all__ = ["end_of_game"]


@stage("game.end")
def game_end(m: Machine, _: object, __: object) -> None:
    """The last stage: score the game (R-MISSIONS) and keep the result."""
    m.result = end_of_game(m)


def end_of_game(g: Machine) -> GameResult:
    """Score the game, record the result event and return the :class:`~landsraad.engine.result.GameResult`."""
    state = g.state.replace(phase="over")
    g.state = state
    view = EngineMissionView(state)
    sheets: dict[str, ScoreSheet | JsonObject] = {}
    vp: dict[str, int] = {}
    for side in ("red", "blue"):
        picks = state.side_state(side).missions
        if picks:
            cards = mission_cards(state)
            outcomes = evaluate_picks(picks, view, side, missions=cards, ruleset=state.ruleset)
            sheet = score(picks, outcomes, missions=cards, side=side)
            sheets[side] = sheet
            vp[side] = sheet.total
        else:
            enemy_losses = [m for m in state.models if m.side != side and not m.ambassador and (m.out_of_action or m.captured)]
            vp[side] = sum(m.profile.cost for m in enemy_losses)
            sheets[side] = {"total": vp[side], "kills": [m.id for m in enemy_losses]}
    red, blue = sheets["red"], sheets["blue"]
    if isinstance(red, ScoreSheet) and isinstance(blue, ScoreSheet):
        best = compare(red, blue)
        winner = "draw" if best is None else ("red" if best is red else "blue")
    else:
        winner = "draw" if vp["red"] == vp["blue"] else ("red" if vp["red"] > vp["blue"] else "blue")
    reason = next((e.reason for e in reversed(g.log) if isinstance(e, GameEnds)), "time")
    over = g.emit("game_over", winner=winner, vp=vp, sheets=sheets, activations=state.activation, clock_s=state.clock_s, reason=reason)
    over.data  # noqa: B018  (made JSON-able now: the result shares vp and sheets, which its reader may change)
    return GameResult(vp=vp, sheets=sheets, winner=winner, activations=state.activation, clock_s=state.clock_s, reason=str(reason))
