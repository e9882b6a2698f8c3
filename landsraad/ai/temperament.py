"""A heuristic player's temperament (issue 45): how much it likes a fight, fears a shot, and
puts its missions first.

A temperament is a few weights the planner and the set-up read; ``balanced`` is the player's
default. A seeded player draws small variations around its temperament's weights (its
``jitter``), so two games of the same pairing and table need not be played alike; the same
seed gives the same weights.

Examples
--------
>>> temperament("aggressive").aggression > temperament("balanced").aggression
True
>>> temperament("prudent").name
'cautious'
>>> jittered(temperament("balanced"), 1) == jittered(temperament("balanced"), 1)
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from ..errors import UnknownNameError

__all__ = ["Temperament", "TEMPERAMENTS", "STYLE_NAMES", "temperament", "jittered"]


@dataclass(frozen=True)
class Temperament:
    """The weights a style puts on the planner's terms (1.0 is the balanced player's).

    Attributes
    ----------
    name
        The style: ``balanced``, ``aggressive``, ``cautious`` or ``mission-first``.
    aggression
        Multiplies what hunting an enemy and a charge are worth.
    caution
        Multiplies the danger (charges that win against the model) and the exposure to enemy
        shooters a move weighs.
    missions
        Multiplies what a mission job is worth against a fight.
    facing
        Where along its edge it deploys: 0 around its own markers and ambassador, towards the
        enemy's models already deployed when positive (a fight sought), away when negative.
    jitter
        The spread (a standard deviation, relative) of the seeded variations around the weights.
    """

    name: str
    aggression: float = 1.0
    caution: float = 1.0
    missions: float = 1.0
    facing: float = 0.0
    jitter: float = 0.15


TEMPERAMENTS: dict[str, Temperament] = {
    "balanced": Temperament("balanced"),
    "aggressive": Temperament("aggressive", aggression=2.4, caution=0.5, missions=0.8, facing=0.8),
    "cautious": Temperament("cautious", aggression=0.6, caution=1.8, missions=1.0, facing=-0.4),
    "mission-first": Temperament("mission-first", aggression=0.6, caution=1.0, missions=1.6, facing=0.0),
}
"""The styles by name."""

_ALIASES = {"aggressif": "aggressive", "agressif": "aggressive", "prudent": "cautious", "careful": "cautious",
            "missions": "mission-first", "mission": "mission-first", "mission_first": "mission-first",
            "objectifs": "mission-first", "equilibre": "balanced", "équilibré": "balanced", "default": "balanced"}
"""Other names a person may type (French included)."""

STYLE_NAMES = tuple(TEMPERAMENTS)


def temperament(name: str) -> Temperament:
    """The temperament called ``name`` (English or French, any case).

    Raises
    ------
    UnknownNameError
        When ``name`` is no style; the message lists the styles.
    """
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in TEMPERAMENTS:
        raise UnknownNameError("style", name, STYLE_NAMES)
    return TEMPERAMENTS[key]


def jittered(t: Temperament, seed: int | None) -> Temperament:
    """``t`` with its weights varied by a seeded draw (none without a seed or with no jitter)."""
    if seed is None or t.jitter <= 0:
        return t
    rng = np.random.default_rng([seed, 45])
    a, c, m, d = (float(x) for x in np.exp(rng.normal(0.0, t.jitter, 4)))
    return replace(t, aggression=t.aggression * a, caution=t.caution * c, missions=t.missions * m,
                   facing=t.facing + 0.3 * (d - 1.0))
