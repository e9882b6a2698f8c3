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

    protection_wounded: Literal["neither", "failure"] = "neither"
    """PRJ-75: a Protection ambassador standing but hurt at the end scores neither (0 VP) or a failure."""

    points: int = Field(15, ge=1)
    """R-RECRUIT: the warband points cap (an event may set another)."""


DEFAULT = Ruleset()
"""The project's default choices."""
