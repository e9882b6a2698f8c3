"""Determinised Monte Carlo over the forward model, from one side's view (issue 12).

One *sample* is one guess at the hidden world and one future:

1. **Determinise**: the opponent's secret picks are drawn from what the side has seen
   (:func:`~landsraad.search.determinize.determinize`); the game's dice get a fresh seed.
2. **Position**: a :class:`~landsraad.engine.Game` is built from that state at the last
   activation boundary the side saw (the ``activate`` decision of its activation under way);
   the side's own answers since then are replayed, the opponent's few answers inside the
   activation (a stance, a dodge) come from the heuristic, dice from the sampled seed. The
   sample counts only if the replay reaches the same decision and the same view as the real
   game (rejection sampling: a world consistent with everything observed); else it is tried
   again with other dice, a few times.
3. **Roll out** every candidate answer from that one root with the same dice seed (common
   random numbers, so candidates are compared on the same luck): both sides played by the
   heuristic for a few activations, then the position is valued from the card data
   (:func:`~landsraad.search.evaluate.position_value`).

The real :class:`~landsraad.engine.Game` is never touched: a :class:`SearchJob` holds only the
side's views and its own answers, so a search cannot read what the side may not know.
A sample is a pure function of the job and its index, so a search gives the same answer
whether its samples run in this process or in a pool of workers.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Sequence

import numpy as np

from ..ai import HeuristicPlayer
from ..engine import Decision, Game, GameState
from ..engine.state import other_side
from ..errors import LandsraadError
from .determinize import determinize
from .evaluate import position_value

__all__ = ["Signature", "SearchJob", "signature", "public_view", "same_view", "reconstruct", "rollout", "run_sample", "run_samples"]

Signature = tuple[Any, ...]
"""What identifies a decision across games: side, kind, model, prompt, choices, optional."""

MAX_REPLAY_STEPS = 200
"""A replay of one activation's answers never needs more decisions than this."""


def signature(decision: Decision) -> Signature:
    """The decision's identity (point decisions by their prompt, which names the allowance)."""
    return (decision.side, decision.kind, decision.model, decision.prompt, tuple(decision.choices), decision.optional,
            decision.ranked, decision.point is not None)


def public_view(state: GameState, side: str) -> GameState:
    """``state`` as ``side`` may know it: no seed, none of the opponent's mission picks (as :meth:`Game.view`)."""
    opponent = state.side_state(other_side(side))
    if state.seed is None and not opponent.missions:
        return state
    return state.replace(seed=None).with_side(opponent.replace(missions=()))


def same_view(a: GameState, b: GameState, side: str) -> bool:
    """Whether two states show ``side`` the same position (what it may not know aside)."""
    a, b = public_view(a, side), public_view(b, side)
    return all(getattr(a, f.name) == getattr(b, f.name) for f in fields(GameState) if f.compare)


@dataclass(frozen=True)
class SearchJob:
    """Everything one search needs, and nothing a side may not see (picklable for a pool).

    Attributes
    ----------
    side
        Who searches.
    boundary
        The side's view at the start of its activation under way (its ``activate`` decision).
    trail
        The side's own answers since that decision (the first is the model it activated).
    current
        The side's view now.
    decision
        The signature of the decision searched (:func:`signature`).
    candidates
        The answers compared.
    seed
        The search's seed: sample ``j`` is a function of ``(seed, j)``.
    depth
        Activations played after the root before the position is valued.
    tries
        Replays tried per sample before it is given up.
    """

    side: str
    boundary: GameState
    trail: tuple[Any, ...]
    current: GameState
    decision: Signature
    candidates: tuple[Any, ...]
    seed: int
    depth: int
    tries: int


def reconstruct(job: SearchJob, rng: np.random.Generator) -> Game | None:
    """A determinised game at ``job``'s decision, consistent with the side's view, or ``None``."""
    state = determinize(job.boundary, job.side, rng)
    game = Game(state, seed=int(rng.integers(2**63)))
    helper = HeuristicPlayer(int(rng.integers(2**63)))
    given = 0
    try:
        for _ in range(MAX_REPLAY_STEPS):
            decision = game.decision
            if decision is None:
                return None
            if given == len(job.trail):
                break
            if decision.side == job.side:
                game.answer(job.trail[given])
                given += 1
            else:
                game.answer(helper.decide(decision, game.view(decision.side)))
        else:
            return None
    except LandsraadError:  # the sampled world took another turn: my answer no longer fits
        return None
    decision = game.decision
    if decision is None or signature(decision) != job.decision:
        return None
    if job.trail and not same_view(game.view(job.side), job.current, job.side):
        return None
    return game


def rollout(game: Game, side: str, depth: int, seed: int) -> float:
    """Play ``game`` on with heuristic players for ``depth`` more activations; ``side``'s value then."""
    players = {"red": HeuristicPlayer(seed), "blue": HeuristicPlayer(seed + 1)}
    stop = game.state.activation + depth
    for _ in range(100_000):
        decision = game.decision
        if decision is None:
            break
        if decision.kind == "activate" and game.state.activation >= stop:
            break
        game.answer(players[decision.side].decide(decision, game.view(decision.side)))
    return position_value(game.state, side, game.result)


def run_sample(job: SearchJob, index: int) -> list[float | None]:
    """Sample ``index`` of ``job``: each candidate's value on one determinised root (``None``: no root, or it failed)."""
    rng = np.random.default_rng([job.seed, index])
    root = None
    for _ in range(job.tries):
        root = reconstruct(job, rng)
        if root is not None:
            break
    if root is None:
        return [None] * len(job.candidates)
    dice_seed = int(rng.integers(2**62))
    values: list[float | None] = []
    for candidate in job.candidates:
        game = root.clone()
        game.rng = np.random.default_rng(dice_seed)
        try:
            game.answer(candidate)
            values.append(rollout(game, job.side, job.depth, dice_seed))
        except LandsraadError:
            values.append(None)
    return values


def run_samples(job: SearchJob, indices: Sequence[int]) -> list[list[float | None]]:
    """:func:`run_sample` for each index (what one pool worker runs)."""
    return [run_sample(job, i) for i in indices]
