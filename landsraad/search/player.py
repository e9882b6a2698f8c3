"""The search opponent: levels by budget, and the player that answers the engine (issue 12).

:class:`SearchPlayer` answers every decision as :class:`~landsraad.ai.HeuristicPlayer` would,
except the decisions of its level's kinds inside its own activations (which model, which
action, where to move, ...), where it compares the heuristic's answer with a few other legal
answers by determinised Monte Carlo (:mod:`landsraad.search.core`) and plays the best one when
it beats the heuristic's by a margin. Its mission picks are the heuristic's ranking less the
picks that a model learned from played games (:mod:`landsraad.search.mission_odds`) expects to
score little, and at ``easy`` and ``hard`` that ranking is compared with its neighbours by whole games played out
(:mod:`landsraad.search.picks`). A :class:`Level` may also compare set-up
plans (bids and who goes first, :mod:`landsraad.search.setup_search`); none of the three does,
since at ``easy``'s budget it did harm (docs/search.md). It sees only what
:func:`landsraad.engine.play` hands it: the decision and its side's view.

Examples
--------
>>> from landsraad.engine import new_game
>>> from landsraad.ai import HeuristicPlayer
>>> game = new_game("corrino", "fremen", seed=5)
>>> players = {"red": SearchPlayer(1, "normal:1s"), "blue": HeuristicPlayer(2)}
>>> while game.decision.kind != "activate":
...     d = game.decision
...     game.answer(players[d.side].decide(d, game.view(d.side)))
>>> model = players[game.decision.side].decide(game.decision, game.view(game.decision.side))
>>> model in game.decision.choices
True
>>> stats = players["red"].stats + getattr(players["blue"], "stats", [])
>>> [(s.kind, s.rollouts <= LEVELS["normal"].rollouts) for s in stats]
[('activate', True)]
"""

from __future__ import annotations

import dataclasses
import math
import os
import re
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Callable, Literal, Sequence, TypeVar, get_args

import numpy as np

from ..ai import MEASURED_PLAN, SETUP_PLANS, HeuristicPlayer, SetupPlan
from ..engine import Answer, Decision, GameState
from ..engine.decisions import names_of
from ..errors import LandsraadError, UnknownNameError
from ..workers import end_with_parent
from .core import SearchJob, public_view, run_samples, signature
from .evaluate import value_margin
from .mission_odds import MissionOdds, extended_ranking, learned_rankings, load_mission_odds, pruned_ranking
from .picks import MISSIONS_STEP, make_pick_job, run_pick_samples
from .setup_search import is_setup_bid, make_setup_job, run_setup_samples

__all__ = ["Level", "LEVELS", "PickRule", "PICK_RULES", "SearchPlayer", "SearchStats", "budget_level", "parse_budget", "level_named",
           "BUDGET_CAP", "PICK_SEARCH_MIN_S"]

PickRule = Literal["pruned", "learned", "heuristic"]
"""How a level's mission picks start (:attr:`Level.picks`)."""
PICK_RULES: tuple[str, ...] = get_args(PickRule)
"""The values of :data:`PickRule`."""

PLAY_KINDS = ("activate", "action", "spice", "free_move", "move", "target", "weapon")


@dataclass(frozen=True)
class Level:
    """A search budget.

    Attributes
    ----------
    name
        ``easy``, ``normal`` or ``hard``.
    kinds
        The decision kinds searched (the rest are the heuristic's).
    candidates
        At most this many answers compared (the heuristic's first).
    samples
        Determinised samples per search; each rolls out every candidate once, so a search
        costs at most ``candidates * samples`` rollouts.
    depth
        Activations rolled out after the decision.
    margin
        How much better (in value, 0 to 1) another answer must do than the heuristic's.
    workers
        Processes sharing the samples (1: this process).
    tries
        Replays tried per sample to find a world consistent with the view.
    ranked
        For ``activate``: compare the heuristic's runners-up (the models whose plans it values
        next best) rather than a random few.
    pick_candidates
        Mission rankings compared at the side's ``pick_missions`` decision (0 or 1: the
        heuristic's ranking, unsearched), :mod:`landsraad.search.picks`.
    pick_samples
        Whole games played out per ranking there.
    setup_candidates
        Set-up plans compared at each of the side's bids, with the table as it stands then
        (0 or 1: the heuristic's plan, unsearched), the first of
        :data:`~landsraad.ai.setup_plan.SETUP_PLANS`, :mod:`landsraad.search.setup_search`.
    setup_samples
        Whole games played out per plan there.
    picks
        How the mission picks start, before any pick search (which then starts from them): ``"pruned"``
        (the heuristic's ranking less the picks the learned model,
        :mod:`landsraad.search.mission_odds`, expects to score under ``pick_floor`` victory points),
        ``"learned"`` (ranked by expected points with each card's chance from the learned model) or
        ``"heuristic"`` (the heuristic's ranking, its estimates only).
    pick_floor
        For ``"pruned"`` picks: the fewest victory points a pick must be expected to score to stay.
    setup_plan
        The set-up plan the player's heuristic follows (its bids, choices and where it places
        markers; :class:`~landsraad.ai.setup_plan.SetupPlan`): by default
        :data:`~landsraad.ai.setup_plan.MEASURED_PLAN`. A set-up search compares the plans of
        :data:`~landsraad.ai.setup_plan.SETUP_PLANS` with this plan's marker placement.
    contest
        Whether the player's heuristic contests the opponent's cards late in the game
        (:class:`~landsraad.ai.HeuristicPlayer`'s ``contest``), in the game and in the games its
        pick search plays out.
    budget_s
        A time budget: the CPU seconds of this process one search may spend (``None``: none, the
        counts above are the budget), counted from the start of the decision. Samples then run one
        after another, in index order, while the dearest so far still fits in what is left;
        ``samples``, ``pick_samples`` and ``setup_samples`` are caps. The first sample always runs.
        CPU time differs with the machine and a little from run to run, so the answer is the same
        for a seed only as long as the number of samples reached is (:attr:`SearchStats.samples`
        says it); a budget is never spent over a pool (``workers`` must be 1).
    """

    name: str
    kinds: tuple[str, ...]
    candidates: int
    samples: int
    depth: int
    margin: float
    workers: int = 1
    tries: int = 4
    ranked: bool = True
    pick_candidates: int = 0
    pick_samples: int = 0
    setup_candidates: int = 0
    setup_samples: int = 0
    picks: PickRule = "pruned"
    pick_floor: float = 1.0
    setup_plan: SetupPlan = MEASURED_PLAN
    contest: bool = True
    budget_s: float | None = None

    def __post_init__(self) -> None:
        if self.picks not in PICK_RULES:
            raise UnknownNameError("pick rule", self.picks, PICK_RULES, where="Level.picks")
        if self.budget_s is not None and not (math.isfinite(self.budget_s) and self.budget_s > 0 and self.workers == 1):
            raise LandsraadError(f"Level {self.name!r}: a time budget must be a positive number of seconds searched in one "
                             f"process (workers 1); got budget_s={self.budget_s!r}, workers={self.workers}.")

    @property
    def rollouts(self) -> int:
        """The most rollouts one search of the play may run."""
        return self.candidates * self.samples

    @property
    def pick_rollouts(self) -> int:
        """The most whole games the pick search may play out."""
        return self.pick_candidates * self.pick_samples if self.pick_candidates > 1 else 0

    @property
    def setup_rollouts(self) -> int:
        """The most whole games the set-up search may play out."""
        return min(self.setup_candidates, len(SETUP_PLANS)) * self.setup_samples if self.setup_candidates > 1 else 0


LEVELS: dict[str, Level] = {
    # easy is normal cut down (fewer samples, half the depth, no pick search) and plays for its own
    # cards only: contesting is the one difference between them measured to matter (issue 45, the ladder)
    "easy": Level("easy", kinds=("activate",), candidates=4, samples=3, depth=2, margin=0.02, contest=False),
    "normal": Level("normal", kinds=("activate",), candidates=4, samples=8, depth=4, margin=0.02),
    "hard": Level("hard", kinds=PLAY_KINDS, candidates=6, samples=16, depth=3, margin=0.01, workers=max(1, os.cpu_count() or 1),
                  pick_candidates=6, pick_samples=12),
}
"""The levels by budget (see ``docs/search.md`` for their measured time and strength).

``normal`` searches which model to activate only, as ``easy`` does, with more samples: on the
120-game series that scored 72.5 % against the heuristic where searching every kind of its
activations (``PLAY_KINDS``, as ``hard`` does) scored 67.1 % (within the noise: 25 games better,
16 worse), at a third of the CPU and further from the 2 s a decision.

``normal`` looks four activations ahead (``easy`` two) on eight samples (``easy`` three); neither
searches its mission picks: the pick search (about 15 s of CPU at set-up) bought nothing measurable
in ``normal`` (48.7 % against ``easy`` over 40 games) nor in ``easy`` (75.8 % without it, the same
games as with it), so ``easy`` is ``normal`` cut down. Samples and depth alone never separated them
(about even over 140 games), so ``easy`` also leaves the opponent's cards alone (``contest=False``):
contesting, worth 6 to 10 points between two heuristics over 480 games twice, is what ``normal``
and ``hard`` add to it (docs/search.md, issue 45, "The ladder"). Every level starts
from the heuristic's ranking less the picks the learned mission odds expect to score under a
victory point (``picks="pruned"``), which costs no game played out."""


BUDGET_CAP = 64
"""The most samples a budget level runs in one search of the play, however much time it has."""

PICK_SEARCH_MIN_S = 8.0
"""The smallest budget whose level searches its mission picks: one sample of the pick search plays
six whole games from the pick (about 2.5 s of CPU here: ``easy``'s 36 take about 15 s, docs/search.md),
so below this budget it would compare the rankings on one or two games each."""

_BUDGET = re.compile(r"^(\d+(?:\.\d+)?)(s|ms)$")


def parse_budget(text: str) -> float | None:
    """The seconds of a time-budget level name (``2s``, ``1.5s``, ``500ms``), or ``None`` if it is not one.

    Examples
    --------
    >>> parse_budget("2s"), parse_budget("500ms"), parse_budget("1.5s"), parse_budget("easy"), parse_budget("0s")
    (2.0, 0.5, 1.5, None, None)
    """
    match = _BUDGET.match(text.strip().lower())
    if match is None:
        return None
    seconds = float(match.group(1)) / (1000.0 if match.group(2) == "ms" else 1.0)
    return seconds if seconds > 0 else None


def budget_level(seconds: float, base: str | None = None) -> Level:
    """A level by time budget: at most ``seconds`` of CPU a decision.

    Without ``base``: it searches as ``normal`` does (which model to activate), as many samples as
    fit, up to :data:`BUDGET_CAP`; from :data:`PICK_SEARCH_MIN_S` it searches its mission picks too,
    as ``easy`` does (six rankings, up to twelve games each). With ``base`` (a name in
    :data:`LEVELS`): that level's counts, cut short when the budget runs out (``normal:1s``:
    ``normal`` wherever its eight samples fit in a second), without its pick search below
    :data:`PICK_SEARCH_MIN_S`.

    Examples
    --------
    >>> lv = budget_level(2)
    >>> lv.name, lv.budget_s, lv.samples, lv.pick_rollouts
    ('2s', 2.0, 64, 0)
    >>> budget_level(10).pick_rollouts, budget_level(0.5).name
    (72, '500ms')
    >>> capped = budget_level(1, "normal")
    >>> capped.name, capped.samples == LEVELS["normal"].samples, capped.budget_s, capped.pick_rollouts
    ('normal:1s', True, 1.0, 0)
    >>> budget_level(10, "normal").pick_rollouts == LEVELS["normal"].pick_rollouts
    True
    """
    name = f"{seconds:g}s" if seconds >= 1 else f"{seconds * 1000:g}ms"
    picks = seconds >= PICK_SEARCH_MIN_S
    if base is not None:
        level = LEVELS[base]
        # a budget that cannot fit the pick search's games drops it rather than judge rankings on one
        return dataclasses.replace(level, name=f"{base}:{name}", workers=1, budget_s=float(seconds),
                                   pick_candidates=level.pick_candidates if picks else 0,
                                   pick_samples=level.pick_samples if picks else 0)
    normal = LEVELS["normal"]
    return Level(name, kinds=normal.kinds, candidates=normal.candidates, samples=BUDGET_CAP, depth=normal.depth,
                 margin=normal.margin, pick_candidates=6 if picks else 0, pick_samples=12 if picks else 0,
                 budget_s=float(seconds))


def level_named(name: str) -> Level:
    """A level by name: one of :data:`LEVELS`, a time budget (``2s``, ``500ms``: :func:`parse_budget`,
    :func:`budget_level`), or a level capped by one (``normal:1s``).

    Raises
    ------
    UnknownNameError
        When ``name`` is none of these.
    """
    if name in LEVELS:
        return LEVELS[name]
    base, _, budget = name.rpartition(":")
    seconds = parse_budget(budget)
    if seconds is None or base and base not in LEVELS:
        raise UnknownNameError("search level", name, (*LEVELS, "a time budget such as 2s or 500ms", "normal:1s"))
    return budget_level(seconds, base or None)


@dataclass
class SearchStats:
    """What one search did.

    Attributes
    ----------
    kind
        The decision kind (``setup`` for a set-up plan).
    candidates
        How many answers were compared.
    rollouts
        Rollouts (or games played out) that gave a value.
    samples
        Samples run (under a budget: how many fitted).
    rooted
        Samples that found a world consistent with the view.
    chose_heuristic
        Whether the heuristic's answer (the first) was played.
    values
        Each candidate's mean value (0 to 1, :func:`~landsraad.search.evaluate.position_value`).
    answers
        The candidates (answers, or set-up plans at a bid), in the order of ``values`` (the heuristic's first).
    margins
        Each candidate's expected victory-point margin: the mean over its rollouts of the margin
        each value stands for (:func:`~landsraad.search.evaluate.value_margin`).
    counts
        Each candidate's rollouts.
    chosen
        The index of the answer played.
    cpu_s
        The CPU seconds of this process the search took, counted from the start of the decision.
    sample_cpu_s
        Under a time budget: each sample's CPU seconds, in the order they ran (empty without a budget).
        They show the budget's rule at work: a sample starts only while the dearest so far still fits.
    """

    kind: str
    candidates: int
    rollouts: int
    samples: int
    rooted: int
    chose_heuristic: bool
    values: list[float | None] = field(default_factory=list)
    answers: tuple[object, ...] = ()
    margins: list[float | None] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    chosen: int = 0
    cpu_s: float = 0.0
    sample_cpu_s: list[float] = field(default_factory=list)


_Job = TypeVar("_Job")
"""A search's job handed to its sample workers (a play, pick or set-up job)."""

_POOL: ProcessPoolExecutor | None = None
_POOL_WORKERS = 0


def _pool(workers: int) -> ProcessPoolExecutor:
    """One pool per process, shared by every hard player (workers start once)."""
    global _POOL, _POOL_WORKERS
    if _POOL is None or _POOL_WORKERS != workers:
        if _POOL is not None:
            _POOL.shutdown()
        # end_with_parent: the workers stop when this process ends, even by SIGKILL (issue 42)
        _POOL, _POOL_WORKERS = ProcessPoolExecutor(max_workers=workers, initializer=end_with_parent), workers
    return _POOL


class SearchPlayer:
    """A computer player that searches the decisions that matter.

    Parameters
    ----------
    seed
        Seeds the player (its heuristic and every search), so the same seeds give the same game.
    level
        A name in :data:`LEVELS`, a time budget (``2s``, ``500ms``: :func:`level_named`) or a :class:`Level`.
    odds
        The learned mission odds its picks use when the level asks for them (default: the bundled
        model, :func:`~landsraad.search.mission_odds.load_mission_odds`).
    style
        The temperament of its heuristic (:mod:`landsraad.ai.temperament`), which answers what
        the level does not search and plays the rollouts' own side.
    explain
        Called after each search with its :class:`SearchStats` and the side's view
        (:func:`landsraad.search.explain.explain_search` words it); ``None``: nothing is said.

    Raises
    ------
    UnknownNameError
        When ``level`` is not a known level name.
    """

    def __init__(self, seed: int | None = None, level: str | Level = "normal", *, odds: MissionOdds | None = None,
                 style: str = "balanced", explain: Callable[[SearchStats, GameState], None] | None = None) -> None:
        if isinstance(level, str):
            level = level_named(level)
        self.level = level
        self.explain = explain
        """Called with each search's :class:`SearchStats` and the view it searched (``--explain``)."""
        self.rng = np.random.default_rng(seed)
        self.heuristic = HeuristicPlayer(int(self.rng.integers(2**63)), setup_plan=level.setup_plan, contest=level.contest,
                                        style=style)
        self.stats: list[SearchStats] = []
        self._boundary: GameState | None = None
        self._trail: list[Answer] = []
        self._picks_first: str | None = None
        self._clock = 0.0
        self._sample_cpu: list[float] = []
        self.odds = (odds if odds is not None else load_mission_odds()) if level.picks != "heuristic" else None

    # --- the protocol ---------------------------------------------------------------------------------

    handles_dice = False
    """The game rolls its dice in a physical-dice game (the Player protocol's flag)."""
    reads_state = True
    """It reads its view of the state at every decision."""

    def decide(self, decision: Decision, state: GameState) -> Answer:
        """The answer to ``decision``, seeing ``state`` (its side's view) only."""
        # Whatever the caller hands over, only what the side may know goes further (no seed, no
        # opponent picks), so neither the search nor the heuristic can use a leaked secret.
        self._clock = time.process_time()  # a time budget counts the whole decision, the heuristic's answer too
        state = public_view(state, decision.side) if isinstance(state, GameState) else state
        # The heuristic sees every decision, so its memory of the activation stays whole.
        if is_setup_bid(decision) and self.level.setup_rollouts and isinstance(state, GameState):
            self._search_setup(decision, state, int(self.rng.integers(2**62)))
        answer = self.heuristic.decide(decision, state)
        search_seed = int(self.rng.integers(2**62))
        if decision.kind == "who_first" and decision.info.get("step") == MISSIONS_STEP:
            self._picks_first = str(answer)
        if decision.kind == "pick_missions" and self.odds is not None and isinstance(state, GameState):
            answer = self._odds_picks(self.odds, decision, state, answer)
        if decision.kind == "pick_missions" and self.level.pick_rollouts and isinstance(state, GameState):
            answer = self._search_picks(decision, state, answer, search_seed)
        mine = self._track(decision, state)
        if mine and decision.kind in self.level.kinds:
            answer = self._search(decision, state, answer, search_seed)
        if mine:
            self._trail.append(answer)
        return answer

    def long_think(self, decision: Decision) -> str | None:
        """What the player is about to think over at length, for a front end to say first (``None``: a quick answer).

        Examples
        --------
        >>> from landsraad.engine import Decision
        >>> d = Decision(side="red", kind="pick_missions", prompt="Pick.", choices=("activation",), ranked=(1, 1))
        >>> level = Level("demo", kinds=(), candidates=1, samples=1, depth=1, margin=0.0, pick_candidates=4, pick_samples=12)
        >>> SearchPlayer(1, level).long_think(d)
        'its mission picks (about 48 games played out)'
        >>> SearchPlayer(1, level).long_think(Decision(side="red", kind="bid", prompt="Bid.", choices=(0, 1)))
        """
        if decision.kind == "pick_missions" and self.level.pick_rollouts:
            return f"its mission picks (about {self.level.pick_rollouts} games played out)"
        if is_setup_bid(decision) and self.level.setup_rollouts:
            return f"its bid for the {decision.info['step']} step (about {self.level.setup_rollouts} games played out)"
        return None

    def _track(self, decision: Decision, state: GameState) -> bool:
        """Whether ``decision`` belongs to this side's activation under way (its start is then known)."""
        if state is None or getattr(state, "phase", None) != "play":
            self._boundary = None
            return False
        if decision.kind == "activate":
            self._boundary, self._trail = state, []
            return True
        b = self._boundary
        return b is not None and state.activation == b.activation + 1 and state.to_act == decision.side == b.to_act

    # --- searching ----------------------------------------------------------------------------------------

    def _candidates(self, decision: Decision, preferred: Answer) -> tuple[Answer, ...]:
        if decision.ranked is not None:
            return ()
        if decision.point is not None:
            pool: list[Answer] = list(decision.point.candidates)
            if decision.optional:
                pool.append(None)
        else:
            pool = list(decision.choices)
        others = [a for a in pool if not _same_answer(a, preferred)]
        if decision.kind == "activate" and self.level.ranked:
            # the heuristic's runners-up, whose plans it valued next best (not a random few)
            order = {mid: k for k, mid in enumerate(self.heuristic.activation_ranking())}
            picked = sorted(others, key=lambda a: order.get(a, len(order)) if isinstance(a, str) else len(order))[: self.level.candidates - 1]
        else:
            picked = [others[int(i)] for i in sorted(self.rng.permutation(len(others))[: self.level.candidates - 1])]
        return (preferred, *picked)

    def _search(self, decision: Decision, state: GameState, preferred: Answer, seed: int) -> Answer:
        candidates = self._candidates(decision, preferred)
        if len(candidates) < 2 or self._boundary is None:
            return preferred
        job = SearchJob(side=decision.side, boundary=self._boundary, trail=tuple(self._trail), current=state,
                        decision=signature(decision), candidates=candidates, seed=seed, depth=self.level.depth,
                        tries=self.level.tries)
        cpu = self._clock
        rows = self._run(run_samples, job, self.level.samples)
        return candidates[self._choose(decision.kind, rows, candidates, state, cpu)]

    def _odds_picks(self, odds: MissionOdds, decision: Decision, state: GameState, heuristic: Answer) -> list[str]:
        """R-MISSION-PICK: the level's start for its picks with the learned ``odds``, from the
        heuristic's ranking ``heuristic`` (:attr:`Level.picks`)."""
        if self.level.picks == "learned":
            return learned_rankings(odds, decision, state)[0]
        return pruned_ranking(odds, decision, state, list(names_of(heuristic)), floor=self.level.pick_floor)

    def _search_picks(self, decision: Decision, state: GameState, preferred: Answer, seed: int) -> Answer:
        """R-MISSION-PICK: the ranking ``preferred`` (the level's start, :attr:`Level.picks`) against
        its shorter neighbours, the learned odds' one pick longer (with odds) and the heuristic's
        rankings, by whole games played out."""
        ranking = names_of(preferred)
        longer = extended_ranking(self.odds, decision, state, list(ranking), floor=self.level.pick_floor) \
            if self.odds is not None else None
        job = make_pick_job(self.heuristic, decision, state, first=self._picks_first,
                            count=self.level.pick_candidates, seed=seed, anchor=ranking, longer=longer)
        if len(job.candidates) < 2 or not _same_answer(list(job.candidates[0]), preferred):
            return preferred
        cpu = self._clock
        rows = self._run(run_pick_samples, job, self.level.pick_samples)
        return list(job.candidates[self._choose(decision.kind, rows, job.candidates, state, cpu)])

    def _search_setup(self, decision: Decision, state: GameState, seed: int) -> None:
        """R-SETUP-BID, R-FIRST: at a bid, the heuristic's set-up plan against others, by whole games played
        out from the table as it stands (each bid comes when its step does, issue 37).

        The plan chosen is the heuristic's from then on, for every bid and choice of the set-up, until the next bid."""
        plans = tuple(plan.placing_markers_as(self.level.setup_plan) for plan in SETUP_PLANS[: self.level.setup_candidates])
        cpu = self._clock
        try:
            job = make_setup_job(decision, state, plans, seed=seed, contest=self.heuristic.contest)
            rows = self._run(run_setup_samples, job, self.level.setup_samples)
        except LandsraadError:  # no root from this view (not at a bid the search knows): keep the current plan
            return
        self.heuristic.setup_plan = plans[self._choose("setup", rows, plans, state, cpu)]

    def _choose(self, kind: str, rows: list[list[float | None]], answers: Sequence[object], state: GameState,
                cpu_start: float) -> int:
        """The index of the candidate played: the best mean if it beats the heuristic's (index 0) by the margin."""
        n = len(answers)
        sums = [0.0] * n
        margins = [0.0] * n
        counts = [0] * n
        rooted = 0
        for row in rows:
            if all(v is None for v in row):
                continue
            rooted += 1
            for i, v in enumerate(row):
                if v is not None:
                    sums[i] += v
                    margins[i] += value_margin(v)
                    counts[i] += 1
        means = [s / c if c else None for s, c in zip(sums, counts)]
        best, base = 0, means[0]
        if base is not None:
            best_mean = base
            for i, m in enumerate(means):
                if m is not None and counts[i] == counts[0] and m > best_mean + (self.level.margin if best == 0 else 0.0):
                    best, best_mean = i, m
            if best and best_mean - base <= self.level.margin:
                best = 0
        stats = SearchStats(kind=kind, candidates=n, rollouts=sum(counts), samples=len(rows), rooted=rooted,
                            chose_heuristic=best == 0, values=means, answers=tuple(answers),
                            margins=[m / c if c else None for m, c in zip(margins, counts)], counts=counts, chosen=best,
                            cpu_s=time.process_time() - cpu_start, sample_cpu_s=list(self._sample_cpu))
        self.stats.append(stats)
        if self.explain is not None:
            self.explain(stats, state)
        return best

    def _run(self, worker: Callable[[_Job, list[int]], list[list[float | None]]], job: _Job,
             samples: int) -> list[list[float | None]]:
        """``worker(job, indices)`` over ``samples`` sample indices, here or split over the pool, in index order.

        Under a time budget (:attr:`Level.budget_s`) the samples run here one by one, in index order,
        while the next is expected to fit: the rows are then a prefix of the unbudgeted ones."""
        self._sample_cpu = []
        if self.level.budget_s is not None:
            return _budgeted(worker, job, samples, self.level.budget_s, self._clock, self._sample_cpu)
        indices = list(range(samples))
        workers = min(self.level.workers, len(indices))
        if workers <= 1:
            return worker(job, indices)
        chunks = [indices[w::workers] for w in range(workers)]
        pool = _pool(workers)
        parts = list(pool.map(worker, [job] * workers, chunks))
        rows: dict[int, list[float | None]] = {}
        for chunk, part in zip(chunks, parts):
            rows.update(zip(chunk, part))
        return [rows[i] for i in indices]


def _budgeted(worker: Callable[[_Job, list[int]], list[list[float | None]]], job: _Job, cap: int,
              budget_s: float, start: float, costs: list[float]) -> list[list[float | None]]:
    """Samples ``0, 1, ...`` of ``job`` (at most ``cap``) while the next is expected to end within
    ``budget_s`` CPU seconds of ``start`` (the decision's start, :func:`time.process_time`); each
    sample's CPU seconds are appended to ``costs``.

    The next sample is expected to cost as much as the dearest so far (samples vary: a rollout
    may end the game or run into a long activation); the first always runs."""
    rows: list[list[float | None]] = []
    dearest = 0.0
    while len(rows) < cap:
        before = time.process_time()
        if rows and before - start + dearest > budget_s:
            break
        rows.extend(worker(job, [len(rows)]))
        costs.append(time.process_time() - before)
        dearest = max(dearest, costs[-1])
    return rows


def _same_answer(a: Answer, b: Answer) -> bool:
    if a is None or b is None:
        return a is b
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return tuple(a) == tuple(b)
    return a == b
