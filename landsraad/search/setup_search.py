"""Set-up plans compared by playing the game out, from the side's view (issue 12).

Honour is spent on the set-up's bids and nothing else (R-SETUP-BID), and the winner of each
step chooses who goes first (R-TERRAIN, R-MISSION-PICK, R-DEPLOY, R-FIRST), so how to bid and
choose is one plan over the whole set-up (:class:`~landsraad.ai.setup_plan.SetupPlan`). Which
plan pays depends on the table and the warbands: between two heuristics, every alternative of
:data:`~landsraad.ai.setup_plan.SETUP_PLANS` changes the outcome of a few games of 120, both
ways (docs/search.md). So at its first set-up decision (its first bid) the search compares a
few plans by whole games played out with the heuristic on both sides, every plan on the same
dice seeds, and then follows the best.

Nothing is hidden yet at that point but the seed and, for blue, red's first bid (bids are
secret, R-SETUP-BID): the root is the side's view before set-up (:func:`setup_root`, a new
game from the warbands on the table), and the opponent is modelled as the heuristic, its
first bid included.

Examples
--------
>>> from landsraad.engine import new_game
>>> game = new_game("corrino", "fremen", seed=5)
>>> d = game.decision
>>> root = setup_root(game.view(d.side), seed=1)
>>> root.decision.kind, root.decision.side, root.decision.info["step"]
('bid', 'red', 'terrain')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..ai import SetupPlan
from ..engine import Decision, Game, GameState
from ..errors import LandsraadError, RuleError
from .core import public_view
from .picks import play_out

__all__ = ["SetupJob", "setup_root", "run_setup_sample", "run_setup_samples", "is_first_setup_decision",
           "make_setup_job"]

FIRST_STEP = "terrain"
"""The first bid's step: the first decision either side is asked (R-SETUP-BID)."""


def is_first_setup_decision(decision: Decision) -> bool:
    """Whether ``decision`` is its side's first of the game: its bid for the terrain step.

    Examples
    --------
    >>> from landsraad.engine import Decision
    >>> is_first_setup_decision(Decision(side="blue", kind="bid", prompt="?", choices=(0, 1), info={"step": "terrain"}))
    True
    >>> is_first_setup_decision(Decision(side="blue", kind="bid", prompt="?", choices=(0, 1), info={"step": "first"}))
    False
    """
    return decision.kind == "bid" and decision.info.get("step") == FIRST_STEP


def setup_root(view: GameState, *, seed: int) -> Game:
    """A new game from ``view``, a side's view before set-up, its dice seeded with ``seed``.

    Parameters
    ----------
    view
        A side's view at its first bid (warbands recruited, nothing placed, nothing bid yet in
        the state: bids live in the flow until both are made).
    seed
        The dice seed of the game played out.

    Returns
    -------
    Game
        Waiting for red's first bid.

    Raises
    ------
    RuleError
        When ``view`` is not before set-up (terrain or markers already down, or in play).
    """
    if view.phase != "setup" or view.terrain or view.markers:
        raise RuleError("A set-up search starts before set-up; the view shows terrain or markers already placed.")
    return Game(view.replace(seed=None), seed=seed)


@dataclass(frozen=True)
class SetupJob:
    """One set-up search, and nothing the side may not see (picklable for a pool).

    Attributes
    ----------
    side
        Who searches.
    view
        The side's view before set-up.
    candidates
        The plans compared, the side's current one first.
    seed
        Sample ``j`` is a function of ``(seed, j)``.
    contest
        Whether the side's heuristic contests the opponent's cards in the games played out.
    """

    side: str
    view: GameState
    candidates: tuple[SetupPlan, ...]
    seed: int
    contest: bool = False


def run_setup_sample(job: SetupJob, index: int) -> list[float | None]:
    """Sample ``index``: each plan's value, played out from one root on one dice seed (``None``: refused)."""
    rng = np.random.default_rng([job.seed, index])
    dice_seed = int(rng.integers(2**62))
    root = setup_root(job.view, seed=dice_seed)
    values: list[float | None] = []
    for plan in job.candidates:
        game = root.clone()
        try:
            values.append(play_out(game, job.side, dice_seed, plan, contest=job.contest))
        except LandsraadError:
            values.append(None)
    return values


def run_setup_samples(job: SetupJob, indices: Sequence[int]) -> list[list[float | None]]:
    """:func:`run_setup_sample` for each index (what one pool worker runs)."""
    return [run_setup_sample(job, i) for i in indices]


def make_setup_job(decision: Decision, view: GameState, plans: Sequence[SetupPlan], *, seed: int,
                   contest: bool = False) -> SetupJob:
    """The job comparing ``plans`` (the side's current plan first) from ``view`` at the side's first
    bid, the side's heuristic contesting the opponent's cards when ``contest``."""
    side = decision.side
    return SetupJob(side=side, view=public_view(view, side), candidates=tuple(plans), seed=seed, contest=contest)

