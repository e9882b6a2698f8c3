"""The ruleset: every ruling marked *option* in RULINGS.md as a switch, with the project's defaults.

A tournament publishes its choices as a small YAML/JSON mapping; :class:`Ruleset` validates it.
Every rules function that depends on an option takes the ruleset (default: :data:`DEFAULT`).

Examples
--------
>>> DEFAULT.ties
'strict'
>>> Ruleset(recovery="all").recovery
'all'
>>> Ruleset(ties="sometimes")
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 1 validation error for Ruleset
ties
  Input should be 'strict' or 'active' ...
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["Ruleset", "DEFAULT"]


class Ruleset(BaseModel):
    """Options for the rulings that reasonable referees decide differently."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    ties: Literal["strict", "active"] = "strict"
    """RUL-01: in opposed comparisons the active side must be strictly higher (or, ``active``, at least equal)."""

    recovery: Literal["owner", "all"] = "owner"
    """RUL-06: at the end of an activation, the active player's other models lose a fatigue token (``all``: every other model)."""

    contact_tolerance_cm: float = Field(0.1, ge=0.0, le=1.0, allow_inf_nan=False)
    """RUL-07: two bases are in contact when their edges are within this distance."""

    models_block_sight: bool = True
    """RUL-11: other models are opaque volumes for line of sight and cover."""

    arrakis: bool = False
    """R-ARRAKIS: no shields, +1 spice dose each, 35 minutes."""

    disengage_compare: Literal["neutral", "coloured"] = "neutral"
    """PRJ-17: a disengage compares neutral die + Reflexes + weapon Initiative (or, ``coloured``, the coloured die instead)."""

    protection_wounded: Literal["success", "neither", "failure"] = "neither"
    """PRJ-75: a Protection ambassador standing but hurt at the end (the Deadly poison included) scores ``neither``
    (0 VP: the card succeeds only « si l'ambassadeur est indemne » and fails only « s'il est retiré du jeu »), or
    counts as a ``failure`` (section 3: an objective not reached fails). ``success`` is the reading before issue 37,
    kept only so rulesets and saved games that name it still load; not recommended."""

    master_assassin_seekers: Literal["every_activation", "once"] = "every_activation"
    """PRJ-98: the Master Assassin's card releases a hunter-seeker during any of its activations (the text sets no
    limit), or only ``once`` per game. A bought Hunter-seeker piece is one more release either way."""

    hunter_seeker_lasts: Literal["game", "first_strike"] = "game"
    """PRJ-97: a hunter-seeker's template stays and attacks every model that crosses it ("toute figurine qui
    traversera"), or is gone after its ``first_strike``."""

    disengage_move: Literal["exact", "up_to"] = "exact"
    """PRJ-99: a successful disengage moves the model exactly its margin, out of contact (2.3 "d'une distance égale
    à la marge"), or ``up_to`` its margin."""

    points: int = Field(15, ge=1)
    """R-RECRUIT: the warband points cap (an event may set another)."""

    wipeout_ends_game: bool = False
    """PRJ-93 (retired as the default): a side with no model left ends the game at once. By default the game lasts its
    45 minutes (2.1 "la partie dure 45 minutes"): the side with models goes on activating, the other passes (2.6.3)."""

    voluntary_pass: bool = True
    """PRJ-101: a player may pass instead of activating (2.2.1 "un joueur peut choisir d'activer"), except the first
    player's first activation (2.1.2 "est obligé de jouer une figurine en premier"); ``False``: a player with a model
    it may select must activate one."""


DEFAULT = Ruleset()
"""The project's default choices."""
