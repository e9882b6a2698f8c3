"""Missions' chances of success learned from played games (issue 12; R-MISSIONS, R-MISSION-PICK).

The heuristic estimates each card's chance of success from the table by rules of thumb
(:func:`landsraad.ai.estimate_chances`). Some are far off for a given warband and opponent (over
the 4,000 games this model was fitted on, Fremen succeeded at Occupation 10 % of the time where
the heuristic estimated 59 % on average),
and a card's chance also depends on its rank, since the heuristic works hardest for its first
picks. :class:`MissionOdds` corrects the estimate by a logistic model fitted on the outcomes of
games played by the heuristic on both sides, with rankings explored around its own:

``logit p = (1 + w[m]) logit(estimate) + b[m] + r[m][rank] + f[faction][m] + o[opponent][m] + k (picks - 1)``

for card ``m``, each term 0 when the model has not seen it: a card, faction or rank the model
does not know is played at the heuristic's estimate, so a new card needs no code and no refit.
The fit is a ridge-penalised logistic regression (:func:`fit_mission_odds`, Newton's method);
``bench/learn_mission_odds.py`` plays the games and writes ``mission_odds.json`` beside this module.

Examples
--------
>>> odds = MissionOdds(games=0)
>>> round(odds.chance("occupation", rank=0, picks=3, estimate=0.6, faction="fremen", opponent="corrino"), 6)
0.6
>>> learned = MissionOdds(games=10, bias={"occupation": -2.0})
>>> learned.chance("occupation", rank=0, picks=3, estimate=0.6, faction="fremen", opponent="corrino") < 0.2
True
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Callable, Mapping, Sequence

import numpy as np
from pydantic import Field

from ..ai import pick_estimates, pick_rankings
from ..ai.mission_plan import ChanceAt, extended_plan, pick_bounds, pruned_plan
from ..content import load_model
from ..engine import Decision, GameState
from ..engine.missions import mission_cards
from ..engine.state import other_side
from ..errors import DataError
from ..fileio import atomic_write_text
from ..model import Frozen

__all__ = ["MissionOdds", "PickOutcome", "fit_mission_odds", "load_mission_odds", "save_mission_odds",
           "learned_rankings", "pruned_ranking", "extended_ranking", "explore_ranking", "outcomes_from_sheet", "BUNDLED_ODDS", "RANKS"]

BUNDLED_ODDS = Path(__file__).with_name("mission_odds.json")
"""The model fitted by ``bench/learn_mission_odds.py``, shipped with the package."""

RANKS = 4
"""Ranks the model tells apart (0 to 3); a later rank counts as the fourth (the heuristic picks at most four)."""

_CLIP = 1e-3
"""Estimates are clipped to [_CLIP, 1 - _CLIP] before their logit."""


def _logit(p: float) -> float:
    p = min(max(p, _CLIP), 1.0 - _CLIP)
    return math.log(p / (1.0 - p))


_Term = Annotated[float, Field(allow_inf_nan=False)]
"""A term of the model: a finite number (a NaN would make every comparison of rankings false)."""


class MissionOdds(Frozen):
    """A learned correction of the heuristic's chance estimates (see the module's formula).

    Attributes
    ----------
    games
        How many games it was fitted on (0: no fit, every chance the estimate).
    estimate_weight, bias, rank
        Per card: ``w``, ``b`` and the rank terms ``r`` (``RANKS`` of them).
    faction, opponent
        Per faction id, per card: the terms for the picking warband and for its opponent.
    picks
        ``k``: the change per pick beyond the first (more picks, less effort for each).
    """

    games: int = Field(ge=0)
    estimate_weight: dict[str, _Term] = {}
    bias: dict[str, _Term] = {}
    rank: dict[str, Annotated[tuple[_Term, ...], Field(min_length=1)]] = {}
    faction: dict[str, dict[str, _Term]] = {}
    opponent: dict[str, dict[str, _Term]] = {}
    picks: _Term = 0.0

    def chance(self, mission: str, *, rank: int, picks: int, estimate: float, faction: str, opponent: str) -> float:
        """The chance ``mission`` succeeds at ``rank`` (0: first) among ``picks`` picks.

        Parameters
        ----------
        mission
            The card id.
        rank
            Its rank, 0 for the first pick.
        picks
            How many missions the ranking has.
        estimate
            The heuristic's estimate on this table (:func:`landsraad.ai.estimate_chances`).
        faction, opponent
            The picking warband's faction id and its opponent's.

        Returns
        -------
        float
            A probability in (0, 1); ``estimate`` itself (clipped) where the model knows nothing.
        """
        ranks = self.rank.get(mission, ())
        z = (1.0 + self.estimate_weight.get(mission, 0.0)) * _logit(estimate) + self.bias.get(mission, 0.0)
        z += ranks[min(rank, len(ranks) - 1)] if ranks else 0.0
        z += self.faction.get(faction, {}).get(mission, 0.0) + self.opponent.get(opponent, {}).get(mission, 0.0)
        z += self.picks * (picks - 1)
        return 1.0 / (1.0 + math.exp(-z))

    def chance_at(self, estimates: Mapping[str, float], *, faction: str, opponent: str) -> ChanceAt:
        """:meth:`chance` as :func:`~landsraad.ai.mission_plan.mission_plans` asks it,
        ``chance_at(card_id, rank, picks)``, for one table's ``estimates`` (a card without one: 0)
        and one pairing."""
        def chance_at(mission: str, rank: int, picks: int) -> float:
            return self.chance(mission, rank=rank, picks=picks, estimate=estimates.get(mission, 0.0), faction=faction,
                               opponent=opponent)
        return chance_at


@dataclass(frozen=True)
class PickOutcome:
    """One mission picked in one game, and whether it succeeded: a row :func:`fit_mission_odds` learns from."""

    faction: str
    opponent: str
    mission: str
    rank: int
    picks: int
    estimate: float
    succeeded: bool


def fit_mission_odds(outcomes: Sequence[PickOutcome], *, games: int, penalty: float = 2.0,
                     iterations: int = 50) -> MissionOdds:
    """The :class:`MissionOdds` that best explain ``outcomes`` (ridge-penalised maximum likelihood).

    Every term is pulled towards 0 (the heuristic's estimate unchanged) by ``penalty`` times its
    square over 2, so a card, faction or rank seen rarely stays close to the estimate.

    Parameters
    ----------
    outcomes
        The picks played and their outcomes.
    games
        How many games they come from (recorded in the model).
    penalty
        The ridge penalty (> 0).
    iterations
        At most this many Newton steps (it stops when a step changes no term by 1e-8).

    Returns
    -------
    MissionOdds

    Raises
    ------
    DataError
        When ``outcomes`` is empty or ``penalty`` is not positive.

    Examples
    --------
    >>> rows = [PickOutcome("fremen", "corrino", "occupation", 0, 3, 0.6, k < 2) for k in range(20)]
    >>> odds = fit_mission_odds(rows, games=20)
    >>> 0.1 < odds.chance("occupation", rank=0, picks=3, estimate=0.6, faction="fremen", opponent="corrino") < 0.4
    True
    """
    if not outcomes:
        raise DataError("There are no pick outcomes to fit mission odds on.")
    if not penalty > 0:
        raise DataError(f"The ridge penalty must be positive, not {penalty!r}.")
    missions = sorted({o.mission for o in outcomes})
    factions = sorted({o.faction for o in outcomes} | {o.opponent for o in outcomes})
    columns: dict[tuple[str | int, ...], int] = {}
    for m in missions:
        for key in (("w", m), ("b", m), *(("r", m, r) for r in range(RANKS))):
            columns[key] = len(columns)
        for f in factions:
            columns[("f", f, m)] = len(columns)
            columns[("o", f, m)] = len(columns)
    columns[("k",)] = len(columns)
    x = np.zeros((len(outcomes), len(columns)))
    offset = np.empty(len(outcomes))
    y = np.empty(len(outcomes))
    for i, o in enumerate(outcomes):
        le = _logit(o.estimate)
        offset[i] = le
        y[i] = 1.0 if o.succeeded else 0.0
        x[i, columns[("w", o.mission)]] = le
        x[i, columns[("b", o.mission)]] = 1.0
        x[i, columns[("r", o.mission, min(o.rank, RANKS - 1))]] = 1.0
        x[i, columns[("f", o.faction, o.mission)]] = 1.0
        x[i, columns[("o", o.opponent, o.mission)]] = 1.0
        x[i, columns[("k",)]] = o.picks - 1
    beta = np.zeros(len(columns))
    ridge = penalty * np.eye(len(columns))
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-(offset + x @ beta)))
        gradient = x.T @ (y - p) - penalty * beta
        hessian = (x * (p * (1.0 - p))[:, None]).T @ x + ridge
        step = np.linalg.solve(hessian, gradient)
        beta += step
        if np.max(np.abs(step)) < 1e-8:
            break
    value = {key: round(float(beta[i]), 6) for key, i in columns.items()}
    seen_f = {o.faction for o in outcomes}
    seen_o = {o.opponent for o in outcomes}
    return MissionOdds(
        games=games,
        estimate_weight={m: value[("w", m)] for m in missions},
        bias={m: value[("b", m)] for m in missions},
        rank={m: tuple(value[("r", m, r)] for r in range(RANKS)) for m in missions},
        faction={f: {m: value[("f", f, m)] for m in missions} for f in factions if f in seen_f},
        opponent={f: {m: value[("o", f, m)] for m in missions} for f in factions if f in seen_o},
        picks=value[("k",)],
    )


def save_mission_odds(odds: MissionOdds, path: str | Path) -> None:
    """Write ``odds`` as JSON to ``path``, atomically (:func:`landsraad.fileio.atomic_write_text`)."""
    atomic_write_text(path, json.dumps(odds.model_dump(mode="json"), indent=1, sort_keys=True) + "\n")


def load_mission_odds(path: str | Path | None = None) -> MissionOdds:
    """The model in ``path``, read now (default: the bundled one, read once per process).

    Raises
    ------
    DataError
        When the file cannot be read or does not describe a :class:`MissionOdds`: every problem,
        with the file's name and each key's line (:func:`landsraad.content.load_model`).
    """
    return load_model(MissionOdds, path) if path is not None else _bundled()


@lru_cache(maxsize=1)
def _bundled() -> MissionOdds:
    return load_model(MissionOdds, BUNDLED_ODDS)


def outcomes_from_sheet(faction: str, opponent: str, estimates: Mapping[str, float],
                        lines: Sequence[tuple[str, int, bool]]) -> list[PickOutcome]:
    """The :class:`PickOutcome` rows of one side's score sheet: ``lines`` of ``(card id, rank from 1,
    succeeded)`` as the game's result gives them, ``estimates`` the heuristic's at the pick."""
    picks = len(lines)
    return [PickOutcome(faction, opponent, m, rank - 1, picks, float(estimates.get(m, 0.5)), bool(ok)) for m, rank, ok in lines]


def learned_rankings(odds: MissionOdds, decision: Decision, view: GameState, *, count: int = 1) -> list[list[str]]:
    """:func:`landsraad.ai.pick_rankings` with each card's chance from ``odds`` at its rank: the
    estimates read from the table of ``view`` (the side's own view), corrected for the pairing
    (R-MISSIONS, R-MISSION-PICK). Legal answers to ``decision``, best first, at most ``count``."""
    return pick_rankings(decision, view, count=count, by_rank=_by_rank(odds, decision, view))


def _by_rank(odds: MissionOdds, decision: Decision, view: GameState) -> Callable[[Mapping[str, float]], ChanceAt]:
    """:meth:`MissionOdds.chance_at` for the pairing of ``decision``'s side in ``view``, given a table's estimates."""
    side = decision.side
    faction, opponent = view.side_state(side).faction, view.side_state(other_side(side)).faction
    return lambda estimates: odds.chance_at(estimates, faction=faction, opponent=opponent)


def _table_chance_at(odds: MissionOdds, decision: Decision, view: GameState) -> ChanceAt:
    """Each pick's learned chance at its rank, from the estimates read off ``view``'s table for
    ``decision``'s side (:func:`~landsraad.ai.pick_estimates`)."""
    return _by_rank(odds, decision, view)(pick_estimates(decision, view))


def pruned_ranking(odds: MissionOdds, decision: Decision, view: GameState, ranking: Sequence[str], *,
                   floor: float = 1.0) -> list[str]:
    """``ranking`` (e.g. the heuristic's answer to ``decision``) with the picks the learned model
    expects to score less than ``floor`` victory points at their rank left out, worst first
    (:func:`landsraad.ai.mission_plan.pruned_plan`; R-MISSIONS, R-MISSION-PICK).

    The order is kept: the heuristic works hardest for its first picks, and between two heuristics
    its ranking pruned so did better than both its ranking as it is and :func:`learned_rankings`'
    (docs/search.md, "Learned mission odds").

    Parameters
    ----------
    odds
        The learned model.
    decision
        The side's ``pick_missions`` decision.
    view
        The side's view (the estimates are read from its table).
    ranking
        A legal answer to ``decision``, best first.
    floor
        The fewest victory points a pick must be expected to score to stay.

    Returns
    -------
    list of str
        A legal answer to ``decision``: never fewer picks than it asks for.
    """
    chance_at = _table_chance_at(odds, decision, view)
    fewest = pick_bounds(decision.ranked)[0]
    return pruned_plan(ranking, chance_at, floor=floor, fewest=fewest, cards=mission_cards(view))


def extended_ranking(odds: MissionOdds, decision: Decision, view: GameState, ranking: Sequence[str], *,
                     floor: float = 1.0) -> list[str] | None:
    """``ranking`` one pick longer: the card the learned model expects to score most at the next
    rank, appended if it is expected to score at least ``floor`` victory points there
    (:func:`landsraad.ai.mission_plan.extended_plan`; R-MISSIONS, R-MISSION-PICK); ``None`` when
    no card is, or the decision allows no more picks.

    The table's estimates can undervalue a card against a given opponent as well as overvalue
    it (the bundled model gives Fremen's Sabotage against Corrino a chance of about 0.75 at
    rank 1 where the table's estimate says 0.3), so a pick search compares this neighbour as
    well as the shorter ones.

    Parameters
    ----------
    odds
        The learned model.
    decision
        The side's ``pick_missions`` decision (its choices are the cards it may pick).
    view
        The side's view (the estimates are read from its table).
    ranking
        A legal answer to ``decision``, best first.
    floor
        The fewest victory points the new pick must be expected to score.

    Returns
    -------
    list of str or None
        A legal answer to ``decision``, or ``None``.
    """
    chance_at = _table_chance_at(odds, decision, view)
    most = pick_bounds(decision.ranked)[1]
    return extended_plan(ranking, chance_at, [str(c) for c in decision.choices], floor=floor, most=most,
                         cards=mission_cards(view))


def explore_ranking(rng: np.random.Generator, ranking: Sequence[str], choices: Sequence[str], *, fewest: int = 1,
                    most: int = 4) -> tuple[list[str], str]:
    """A ranking to play when learning the odds: ``ranking`` (the heuristic's) a third of the time,
    a random one a third, and one of its neighbours a third (a pick left out, one replaced by
    another card, or two swapped), so the games cover the rankings a search compares.

    Parameters
    ----------
    rng
        The random source.
    ranking
        The heuristic's ranking.
    choices
        The cards the side may pick.
    fewest, most
        The fewest and most picks allowed (at most four are drawn at random).

    Returns
    -------
    tuple of (list of str, str)
        The ranking, and how it was made: ``"heuristic"``, ``"random"`` or ``"neighbour"``.

    Examples
    --------
    >>> rng = np.random.default_rng(3)
    >>> plans = [explore_ranking(rng, ["activation", "protection"], ["activation", "protection", "territory"])
    ...          for _ in range(200)]
    >>> sorted({how for _, how in plans})
    ['heuristic', 'neighbour', 'random']
    >>> all(1 <= len(p) <= 3 and len(set(p)) == len(p) for p, _ in plans)
    True
    """
    u = rng.random()
    most = min(most, 4)
    if u < 1 / 3:
        return list(ranking), "heuristic"
    if u < 2 / 3:
        k = int(rng.integers(max(fewest, 1), most + 1))
        return [choices[i] for i in rng.permutation(len(choices))[:k]], "random"
    plan = list(ranking)
    op = rng.integers(3)
    if op == 0 and len(plan) > max(fewest, 1):
        del plan[int(rng.integers(len(plan)))]
    elif op == 1:
        others = [c for c in choices if c not in plan]
        if others:
            plan[int(rng.integers(len(plan)))] = others[int(rng.integers(len(others)))]
    elif len(plan) > 1:
        i, j = rng.permutation(len(plan))[:2]
        plan[i], plan[j] = plan[j], plan[i]
    return plan, "neighbour"
