"""Mission picks compared by playing the game out, from the picking side's view (issue 12).

The heuristic ranks missions by expected victory points, each card's chance of success
estimated from the table by rules of thumb (:func:`landsraad.ai.estimate_chances`). Those
estimates can be far off on a given table against a given opponent (over 80 heuristic games,
Fremen succeeded at Occupation 5 % of the time where it estimated 58 %). The search measures
instead: it compares the heuristic's ranking with its neighbours one pick shorter (each of its
missions left out in turn, :func:`shorter_rankings`: a failure costs points, and which mission
is the mistake is what the estimates get wrong), then with the ranking one pick longer (the card
the learned odds expect to score most at the next rank, when a level learns:
:func:`landsraad.search.mission_odds.extended_ranking`, the same mistake the other way), then with
the heuristic's runners-up of other kinds (other missions, another order:
:meth:`landsraad.ai.HeuristicPlayer.mission_plans`), by
whole games played out from the pick with the heuristic on both sides, every candidate on the
same dice seed (R-MISSIONS, R-MISSION-PICK).

What the side cannot see is sampled, never read:

- the opponent's picks, when it picked first, are what the heuristic picks from the same table
  (picks are secret: R-MISSIONS; the side's view holds none of them);
- who picks first is what the side chose when it won the bid, else what the heuristic would
  have chosen in the opponent's seat.

The deployment's bid comes after the missions (R-SETUP-BID): the games played out bid for it,
both sides as the heuristic would (the side by its set-up plan), knowing the table and markers.

A root is built from the view alone (:func:`pick_root`): the engine's continuation at a
``pick_missions`` decision is public knowledge (the set-up's order of steps,
:func:`landsraad.engine.setup.stack_at_mission_pick`), so the search never touches the real game.

Examples
--------
>>> from landsraad.engine import new_game
>>> from landsraad.ai import HeuristicPlayer
>>> game = new_game("corrino", "fremen", seed=5)
>>> players = {"red": HeuristicPlayer(1), "blue": HeuristicPlayer(2)}
>>> while game.decision.kind != "pick_missions":
...     d = game.decision
...     game.answer(players[d.side].decide(d, game.view(d.side)))
>>> d = game.decision
>>> root = pick_root(game.view(d.side), d.side, first=d.side, opponent_picks=())
>>> root.decision.kind, root.decision.side == d.side, root.decision.choices == d.choices
('pick_missions', True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..ai import HeuristicPlayer, SetupPlan, pick_bounds
from ..engine import Decision, Game, GameState
from ..engine.clock import TableTimeModel
from ..engine.decisions import names_of
from ..engine.flow import BUILDERS
from ..engine.game import SNAPSHOT_FORMAT
from ..engine.setup import stack_at_mission_pick
from ..engine.setup_options import SetupOptions
from ..engine.state import other_side, state_data
from ..errors import LandsraadError
from .core import public_view
from .evaluate import position_value

__all__ = ["PickJob", "pick_root", "opponent_first_choice", "opponent_picks", "play_out", "run_pick_sample",
           "run_pick_samples", "make_pick_job", "shorter_rankings", "pick_candidates", "MISSIONS_STEP"]

MISSIONS_STEP = "missions"
"""The ``step`` a ``who_first`` decision names when its bid decided who picks missions first."""

MAX_GAME_DECISIONS = 100_000
"""A game played out never needs more decisions than this."""


def pick_root(view: GameState, side: str, *, first: str, opponent_picks: Sequence[str]) -> Game:
    """A game at ``side``'s ``pick_missions`` decision, built from ``side``'s view.

    Parameters
    ----------
    view
        ``side``'s view at its pick (set-up, terrain placed, no missions of its own yet).
    side
        Who picks.
    first
        Who picks first (R-MISSION-PICK).
    opponent_picks
        The opponent's ranking, used when the opponent picked first.

    Returns
    -------
    Game
        Waiting for ``side``'s picks, with the set-up's remaining steps (the markers in pick
        order, the deployment's bid and deployment, the last bid; R-SETUP-BID) and the whole of
        play still to come.

    Raises
    ------
    LandsraadError
        When the view is not at a pick, or the engine refuses the position.
    """
    order = [first, other_side(first)]
    index = order.index(side)
    state = view.replace(seed=None)
    opponent = state.side_state(other_side(side))
    state = state.with_side(opponent.replace(missions=tuple(opponent_picks) if index == 1 else ()))
    stack = stack_at_mission_pick(order=order, index=index)
    core = {
        "state": state_data(state),
        "stack": [frame.to_list() for frame in stack],
        "pending": ["pick_missions", {"side": side}],
        "rng": np.random.PCG64(0).state,
    }
    snapshot: dict[str, object] = {"format": SNAPSHOT_FORMAT, "dice": "digital", "setup": SetupOptions().to_dict(),
                "time_model": dict(TableTimeModel().costs), "warbands": {}, "core": core, "origin": None,
                "log": [], "answers": [], "result": None}
    return Game.restore(snapshot, source="pick search")


def opponent_first_choice(view: GameState, side: str) -> str:
    """Who picks first when the opponent won the bid: what the heuristic would choose in its seat."""
    opponent = other_side(side)
    decision = BUILDERS["who_first"](view, {"side": opponent, "what": "picks missions", "step": MISSIONS_STEP})
    return str(HeuristicPlayer(0).decide(decision, view))


def opponent_picks(view: GameState, side: str) -> tuple[str, ...]:
    """The opponent's ranking as the heuristic would pick it from the same table (``side``'s view)."""
    opponent = other_side(side)
    decision = BUILDERS["pick_missions"](view, {"side": opponent})
    return names_of(HeuristicPlayer(0).decide(decision, view))


@dataclass(frozen=True)
class PickJob:
    """One pick search, and nothing the side may not see (picklable for a pool).

    Attributes
    ----------
    side
        Who picks.
    view
        The side's view at its pick.
    first
        Who picks first.
    opponent_picks
        The opponent's modelled ranking (used when it picked first).
    candidates
        The rankings compared, the heuristic's first.
    seed
        Sample ``j`` is a function of ``(seed, j)``.
    setup_plan
        The side's set-up plan for the steps after the pick (``None``: the heuristic's).
    contest
        Whether the side's heuristic contests the opponent's cards in the games played out
        (:class:`~landsraad.ai.HeuristicPlayer`'s ``contest``), as it will in the game.
    """

    side: str
    view: GameState
    first: str
    opponent_picks: tuple[str, ...]
    candidates: tuple[tuple[str, ...], ...]
    seed: int
    setup_plan: SetupPlan | None = None
    contest: bool = False


def play_out(game: Game, side: str, seed: int, plan: SetupPlan | None = None, *, contest: bool = False) -> float:
    """Play ``game`` to its end with heuristic players; ``side``'s value then.

    Parameters
    ----------
    game
        The position (played on in place).
    side
        Whose value is returned.
    seed
        Red's player is seeded ``seed``, blue's ``seed + 1``.
    plan
        ``side``'s set-up plan for the set-up steps still to come (``None``: the heuristic's
        own, :data:`~landsraad.ai.setup_plan.HEURISTIC_PLAN`).
    contest
        Whether ``side``'s heuristic contests the opponent's cards (the opponent's never does:
        it is modelled as the ``heuristic`` player).

    Returns
    -------
    float
        ``side``'s value of the finished game (:func:`~landsraad.search.evaluate.position_value`).
    """
    players = {"red": HeuristicPlayer(seed), "blue": HeuristicPlayer(seed + 1)}
    if plan is not None:
        players[side].setup_plan = plan
    players[side].contest = contest
    for _ in range(MAX_GAME_DECISIONS):
        decision: Decision | None = game.decision
        if decision is None:
            break
        game.answer(players[decision.side].decide(decision, game.view(decision.side)))
    return position_value(game.state, side, game.result)


def run_pick_sample(job: PickJob, index: int) -> list[float | None]:
    """Sample ``index``: each candidate's value, played out from one root on one dice seed (``None``: refused)."""
    rng = np.random.default_rng([job.seed, index])
    dice_seed = int(rng.integers(2**62))
    try:
        root = pick_root(job.view, job.side, first=job.first, opponent_picks=job.opponent_picks)
    except LandsraadError:
        return [None] * len(job.candidates)
    values: list[float | None] = []
    for candidate in job.candidates:
        game = root.clone()
        game.rng = np.random.default_rng(dice_seed)
        try:
            game.answer(list(candidate))
            values.append(play_out(game, job.side, dice_seed, job.setup_plan, contest=job.contest))
        except LandsraadError:
            values.append(None)
    return values


def run_pick_samples(job: PickJob, indices: Sequence[int]) -> list[list[float | None]]:
    """:func:`run_pick_sample` for each index (what one pool worker runs)."""
    return [run_pick_sample(job, i) for i in indices]


def shorter_rankings(ranking: Sequence[str], fewest: int = 1) -> list[tuple[str, ...]]:
    """The rankings one pick shorter than ``ranking``: each mission left out in turn, the others
    kept in their order (R-MISSIONS: the picks below move up a rank).

    Parameters
    ----------
    ranking
        Mission ids, best rank first.
    fewest
        The fewest picks allowed (a ranking this short has no shorter neighbour).

    Returns
    -------
    list of tuple of str
        The best-ranked mission left out first.

    Examples
    --------
    >>> shorter_rankings(["activation", "protection", "occupation"])
    [('protection', 'occupation'), ('activation', 'occupation'), ('activation', 'protection')]
    >>> shorter_rankings(["activation"])
    []
    >>> shorter_rankings(["activation", "protection"], fewest=2)
    []
    """
    if len(ranking) <= max(fewest, 1):
        return []
    return [tuple(m for j, m in enumerate(ranking) if j != i) for i in range(len(ranking))]


def pick_candidates(plans: Sequence[Sequence[str]], count: int, fewest: int = 1) -> tuple[tuple[str, ...], ...]:
    """The rankings a pick search compares: the heuristic's (``plans[0]``), its
    :func:`shorter_rankings`, then its runners-up (``plans[1:]``), none repeated, at most ``count``.

    Examples
    --------
    >>> pick_candidates([["activation", "protection"], ["territory"], ["protection", "activation"]], 4)
    (('activation', 'protection'), ('protection',), ('activation',), ('territory',))
    """
    first = tuple(plans[0])
    ordered = [first, *shorter_rankings(first, fewest), *(tuple(p) for p in plans[1:])]
    return tuple(dict.fromkeys(ordered))[:count]


def make_pick_job(heuristic: HeuristicPlayer, decision: Decision, view: GameState, *, first: str | None,
                  count: int, seed: int, anchor: Sequence[str] | None = None,
                  longer: Sequence[str] | None = None) -> PickJob:
    """The job comparing ``heuristic``'s ranking with its shorter neighbours and its runners-up,
    ``count`` rankings in all (:func:`pick_candidates`).

    ``first`` is who the side chose to pick first, or ``None`` when the opponent chose. With
    ``anchor`` (a legal ranking, e.g. the learned odds', :mod:`landsraad.search.mission_odds`),
    that ranking comes first and its shorter neighbours next, then ``longer`` (a legal ranking,
    e.g. the anchor one pick longer, :func:`~landsraad.search.mission_odds.extended_ranking`),
    then the heuristic's rankings.
    """
    side = decision.side
    view = public_view(view, side)
    plans = heuristic.mission_plans(decision, view, count=count)
    if longer is not None:
        plans = [list(longer), *plans]
    if anchor is not None:
        plans = [list(anchor), *plans]
    fewest = pick_bounds(decision.ranked)[0]
    return PickJob(side=side, view=view, first=first if first is not None else opponent_first_choice(view, side),
                   opponent_picks=opponent_picks(view, side), candidates=pick_candidates(plans, count, fewest), seed=seed,
                   setup_plan=heuristic.setup_plan, contest=heuristic.contest)
