"""Set-up plans compared by playing the game out, from the side's view, at each bid (issues 12, 37).

Honour is spent on the set-up's bids and nothing else (R-SETUP-BID), and the winner of each
step chooses who goes first (R-TERRAIN, R-MISSION-PICK, R-DEPLOY, R-FIRST), so how to bid and
choose is one plan over the rest of the set-up (:class:`~landsraad.ai.setup_plan.SetupPlan`).
Which plan pays depends on the table and the warbands: between two heuristics, every alternative
of :data:`~landsraad.ai.setup_plan.SETUP_PLANS` changes the outcome of a few games of 120, both
ways (docs/search.md). Each bid comes when its step does (2.1.1 « Il faut miser pour chaque sous
phase », issue 37), so at each of its bids the search compares a few plans by whole games played
out from there with the heuristic on both sides, every plan on the same dice seeds, and then
follows the best until its next bid: the table the bid is made on (the terrain, then the markers,
then the deployed models) is known, and is what the plans are compared on.

The root is built from the side's view alone (:func:`setup_root`): the engine's continuation at
a bid is public (the set-up's order of steps, :func:`landsraad.engine.setup.stack_at_bid`); the
opponent is modelled as the heuristic, its bid for this step included (bids are secret until both
are made, so blue's view holds nothing of red's); once the missions are picked, the opponent's
secret picks are sampled from what the table shows (:func:`~landsraad.search.determinize.determinize`).

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
from ..engine.clock import TableTimeModel
from ..engine.game import SNAPSHOT_FORMAT
from ..engine.setup import BID_STEPS, stack_at_bid
from ..engine.setup_options import SetupOptions
from ..engine.state import state_data
from ..errors import LandsraadError, RuleError
from .core import public_view
from .determinize import determinize
from .picks import play_out

__all__ = ["SetupJob", "setup_root", "run_setup_sample", "run_setup_samples", "is_first_setup_decision", "is_setup_bid",
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


def is_setup_bid(decision: Decision) -> bool:
    """Whether ``decision`` is one of the set-up's bids (R-SETUP-BID), where a set-up search re-plans.

    Examples
    --------
    >>> from landsraad.engine import Decision
    >>> is_setup_bid(Decision(side="blue", kind="bid", prompt="?", choices=(0, 1), info={"step": "deployment"}))
    True
    >>> is_setup_bid(Decision(side="blue", kind="who_first", prompt="?", choices=("red", "blue"), info={"step": "deploys"}))
    False
    """
    return decision.kind == "bid" and decision.info.get("step") in BID_STEPS


def setup_root(view: GameState, *, seed: int, step: str = FIRST_STEP, side: str | None = None) -> Game:
    """A game from ``view``, a side's view at its bid for ``step``, waiting for red's bid there.

    Parameters
    ----------
    view
        A side's view at its bid (bids live in the flow until both are made: the state holds
        nothing of this step's bids).
    seed
        The dice seed of the game played out (and of the opponent's sampled picks).
    step
        The step bid for (R-SETUP-BID): ``terrain`` (before set-up: a new game from the warbands
        on the table), ``missions``, ``deployment`` or ``first``.
    side
        Whose view it is (needed once the missions are picked: the opponent's are sampled).

    Returns
    -------
    Game
        Waiting for red's bid for ``step``.

    Raises
    ------
    RuleError
        When ``view`` is not at that point of the set-up (terrain or markers down before the
        terrain bid, in play, or an unknown step).
    """
    if view.phase != "setup" or step not in BID_STEPS:
        raise RuleError(f"A set-up search starts at one of the set-up's bids; the view is in {view.phase!r}, step {step!r}.")
    if step == FIRST_STEP:
        if view.terrain or view.markers:
            raise RuleError("A set-up search at the terrain bid starts before set-up; the view shows terrain or markers already placed.")
        return Game(view.replace(seed=None), seed=seed)
    if side is None:
        raise RuleError(f"A set-up search at the {step} bid needs to know whose view it is.")
    state = determinize(view, side, np.random.default_rng([seed, 1]))
    core = {"state": state_data(state), "stack": [frame.to_list() for frame in stack_at_bid(step)],
            "pending": None, "rng": np.random.PCG64(seed).state}
    snapshot: dict[str, object] = {"format": SNAPSHOT_FORMAT, "dice": "digital", "setup": SetupOptions().to_dict(),
                "time_model": dict(TableTimeModel().costs), "warbands": {}, "core": core, "origin": None,
                "log": [], "answers": [], "result": None}
    return Game.restore(snapshot, source="set-up search")


@dataclass(frozen=True)
class SetupJob:
    """One set-up search, and nothing the side may not see (picklable for a pool).

    Attributes
    ----------
    side
        Who searches.
    view
        The side's view at its bid.
    candidates
        The plans compared, the side's current one first.
    seed
        Sample ``j`` is a function of ``(seed, j)``.
    contest
        Whether the side's heuristic contests the opponent's cards in the games played out.
    step
        The step bid for (R-SETUP-BID).
    """

    side: str
    view: GameState
    candidates: tuple[SetupPlan, ...]
    seed: int
    contest: bool = False
    step: str = FIRST_STEP


def run_setup_sample(job: SetupJob, index: int) -> list[float | None]:
    """Sample ``index``: each plan's value, played out from one root on one dice seed (``None``: refused)."""
    rng = np.random.default_rng([job.seed, index])
    dice_seed = int(rng.integers(2**62))
    try:
        root = setup_root(job.view, seed=dice_seed, step=job.step, side=job.side)
    except LandsraadError:
        return [None] * len(job.candidates)
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
    """The job comparing ``plans`` (the side's current plan first) from ``view`` at the side's bid
    ``decision``, the side's heuristic contesting the opponent's cards when ``contest``.

    Raises
    ------
    RuleError
        When ``decision`` is not a set-up bid, or its step's root cannot be built from ``view``.
    """
    if not is_setup_bid(decision):
        raise RuleError(f"A set-up search is made at a set-up bid, not at a {decision.kind!r} decision.")
    side, step = decision.side, str(decision.info["step"])
    view = public_view(view, side)
    setup_root(view, seed=0, step=step, side=side)  # refused now, not in every sample, when the view is not at that bid
    return SetupJob(side=side, view=view, candidates=tuple(plans), seed=seed, contest=contest, step=step)

