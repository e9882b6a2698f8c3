"""One activation's plan for the heuristic player: jobs for the side's models, danger maps and each
model's best use (R-ACTIVATE)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable, Iterable, Protocol, Sequence, TypeVar

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from ..engine.missions import available_mission_actions, mission_cards
from ..engine.state import GameState, MarkerState, ModelState, other_side
from ..errors import RuleError
from ..geometry.board import TerrainPiece
from ..geometry.templates import BLAST_RADIUS_CM
from ..missions import quarter
from ..model import Weapon
from ..rules.poisons import may_fulfil_objectives
from ..rules.shooting import LaserMode, can_shoot, can_target, laser_blast_problem, range_band
from ..rules.state import Combatant
from .jobs import Job, job_key
from .mission_hooks import card_jobs, card_kill_bonus, carry_job, contest_jobs, wants_destroyed
from .spots import (
    Point,
    _dist,
    _edge_distance,
    _edge_point,
    _gap,
    _gap_at,
    _r,
    _toward,
)
from .tables import (
    Clash,
    _assumed_weapon,
    _best_melee,
    _comb,
    _disengage,
    _marker_hit,
    _shot_value,
    _worth,
    clash_table,
    clash_value_bound,
    warm_clash_tables,
)
from .temperament import Temperament


class ActivationMemory(Protocol):
    """What a planner reads of its player's memory of the activation under way: the fatigue
    tokens each model held when the activation began (RUL-05), by model id."""

    held: dict[str, int]


class PlayerMemory(Protocol):
    """What a planner reads of its player (:class:`~landsraad.ai.player.HeuristicPlayer`): the
    fatigue its models held when the activation began, the side's sticky job assignment, and
    whether it contests the opponent's cards."""

    @property
    def memory(self) -> ActivationMemory: ...

    jobs: dict[str, tuple]
    contest: bool
    temperament: Temperament


COVER_WEIGHT = 1.5
"""What each enemy shooter with a clear line to a spot costs a move closing in on a fight, in cm
of the way (times the temperament's caution; :class:`Exposure`)."""

FIGHTER_AGGRESSION = 1.3
"""From this aggression (the ``aggressive`` style's), a model whose fight wins by the exact odds
hunts even when it has a mission job (issue 45). Below it, as before, only a model with no job
or nothing better to do hunts: on seeds 45000-45005 (corrino-fremen, fremen-atreides) the
balanced player hunting with a job scored 31-42 % against the one that did not."""

# --- the plan of one activation ---------------------------------------------------------------------------


@dataclass
class Plan:
    """What the heuristic player means to do with the model it activates: an internal type of
    :mod:`landsraad.ai` (:class:`Planner` makes it, :class:`~landsraad.ai.player.HeuristicPlayer`
    carries it out through the activation's decisions)."""

    model: str
    kind: str
    action: str = "rest"
    before: Point | None = None
    """Free move before the action (the decision's point), if any."""
    move_to: Point | None = None
    """Where the Move action goes."""
    goal: Point | None = None
    """Where to head with a move left after the action."""
    target: str | None = None
    value: float = 0.0
    contact: ModelState | MarkerState | None = None
    """The model or marker the free move must reach (a charge, a mission marker)."""
    contact_failed: bool = False
    laser_mode: LaserMode = "burn"
    """A laser's mode (R-LASER): ``explosive`` fires a blast at ``aim``."""
    aim: Point | None = None
    hunted: str | None = None
    """The enemy an advance closes in on to fight (a hunt), if any."""
    checked_before: bool = False
    """``before`` is the free move's end the declaration found legal, the declared action legal from it (PRJ-100)."""


def _near_segment(a: Point, b: Point, p: Point) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    if L < 1e-12:
        return _dist(a, p)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L))
    return _dist((ax + t * dx, ay + t * dy), p)


_T = TypeVar("_T")
_Item = TypeVar("_Item", ModelState, MarkerState)


def _once_for(memo: dict[str, tuple[_Item, _T]], item: _Item, compute: Callable[[], _T]) -> _T:
    """``compute()`` for ``item`` (a model or marker state), remembered in ``memo`` under its id
    while the state object is the same one (a planner lives one activation; a model that moved
    is a new object, asked again)."""
    hit = memo.get(item.id)
    if hit is None or hit[0] is not item:
        hit = memo[item.id] = (item, compute())
    return hit[1]


class Danger:
    """How dangerous a spot is for one model: enemies that could charge it next turn and win (an
    internal type of :mod:`landsraad.ai`: :meth:`Planner.danger` makes one per model and
    activation, the player's moves read it).

    An enemy's clash is judged only when a spot asked about lies within its charge: most enemies
    are far from the few spots a plan looks at, and each clash costs a table look-up.
    """

    def __init__(self, state: GameState, m: ModelState) -> None:
        self.m = m
        self.state = state
        self._me: Combatant | None = None
        self._charges: list[tuple[float, float, float, ModelState, Weapon]] = []
        """Each enemy able to charge, in the state's order: its spot, the reach of its charge, itself, its weapon."""
        for e in state.enemies_of(m.id):
            if e.ambassador or e.out_of_action:
                continue
            w = _best_melee(e)
            if w is None:
                continue
            self._charges.append((e.x, e.y, e.profile.movement + _r(e) + _r(m) + 0.5, e, w))
        self._values: list[float | None] = [None] * len(self._charges)

    def _value(self, i: int) -> float:
        """What enemy ``i``'s charge is worth to it (the clash's value, R-MELEE), judged once."""
        v = self._values[i]
        if v is None:
            v = self._values[i] = clash_table(*self._clash(i), self.state.ruleset).value
        return v

    def _clash(self, i: int) -> Clash:
        """Enemy ``i``'s charge as :func:`~landsraad.ai.tables.clash_table`'s (attacker, defender, worths)."""
        state, m = self.state, self.m
        if self._me is None:
            self._me = _comb(state, m.id, weapon=_best_melee(m))
        e, w = self._charges[i][3], self._charges[i][4]
        foe = _comb(state, e.id, weapon=w, activation_fatigue=0)  # a rested attacker: the worst case
        return foe, self._me, _worth(state, e), _worth(state, m)

    def judge(self, points: Iterable[Point]) -> None:
        """Judge every charge not judged yet that reaches one of ``points`` (:meth:`at` asks for
        its spot's), their clashes played at once (:func:`~landsraad.ai.tables.warm_clash_tables`):
        the same values as judged one by one."""
        values = self._values
        points = list(points)
        hypot = math.hypot
        todo = [i for i, (qx, qy, reach, _, _) in enumerate(self._charges)
                if values[i] is None and any(hypot(x - qx, y - qy) <= reach for x, y in points)]
        if len(todo) > 1:
            warm_clash_tables([self._clash(i) for i in todo], self.state.ruleset)
        for i in todo:
            self._value(i)

    def at(self, p: Point) -> float:
        """The summed worth of the winning charges that reach ``p``."""
        total = 0.0
        x, y = p
        values = self._values
        hypot = math.hypot
        for i, (qx, qy, reach, _, _) in enumerate(self._charges):
            if hypot(x - qx, y - qy) <= reach:
                v = values[i]
                if v is None:  # judged on the first spot it reaches (a call only then: at is asked thousands of times)
                    self.judge((p,))  # with the others that reach it
                    v = self._value(i)  # judged now: the value judge just stored
                if v > 0:
                    total += v
        return total


@lru_cache(maxsize=64)
def _sight_blockers(pieces: tuple[TerrainPiece, ...]) -> BaseGeometry | None:
    """The terrain that may hide a model from a shooter (a height above 0, R-COVER), as one
    prepared shapely geometry; ``None`` on an open table."""
    polys = [Polygon(t.polygon) for t in pieces if t.height_cm > 0]
    if not polys:
        return None
    union = shapely.union_all(polys)
    shapely.prepare(union)
    return union


class Exposure:
    """How exposed a spot is to the enemy's guns: the enemy shooters within two range bands of it
    whose straight line to it crosses no terrain that may block sight (issue 45: close distance
    under cover). A cheap reading, not the rules' line of sight (R-LOS): it steers a move among
    points, it never decides a shot. An internal type of :mod:`landsraad.ai`
    (:meth:`Planner.exposure`)."""

    def __init__(self, state: GameState, m: ModelState) -> None:
        self.blockers = _sight_blockers(tuple(t.piece() for t in state.terrain))
        self.shooters: list[tuple[float, float, float]] = []
        for e in state.enemies_of(m.id):
            if e.out_of_action or e.removed or e.ambassador:
                continue
            reach = max((w.range or 0.0) for w in e.weapons if w.is_ranged) if any(w.is_ranged for w in e.weapons) else 0.0
            if reach > 0:
                self.shooters.append((e.x, e.y, 2.0 * reach + _r(e) + _r(m)))

    def at(self, p: Point) -> float:
        """The number of enemy shooters with a clear line to ``p`` (see the class)."""
        px, py = p
        near = [(x, y, px, py) for x, y, reach in self.shooters if math.hypot(px - x, py - y) <= reach]
        if not near or self.blockers is None:
            return float(len(near))
        # every line tested in one call (asked for thousands of points a game): the same predicate
        blocked = shapely.intersects(self.blockers, shapely.linestrings(np.array(near, dtype=float).reshape(-1, 2, 2)))
        return float(len(near) - int(np.count_nonzero(blocked)))


# --- the planner -------------------------------------------------------------------------------------------


class Planner:
    """One activation's look at the table: jobs for the side's models, and each model's best plan.

    An internal type of :mod:`landsraad.ai`: :class:`~landsraad.ai.player.HeuristicPlayer` makes
    one per decision it plans, for ``side`` in ``state``; the mission hooks read it as a
    :class:`~landsraad.ai.mission_hooks.TableSide`.
    """

    def __init__(self, player: PlayerMemory, state: GameState, side: str) -> None:
        self.player = player
        self.state = state
        self.side = side
        self.enemy = other_side(side)
        self.edge = state.side_state(side).edge
        self.missions = tuple(state.side_state(side).missions)
        self.cards = mission_cards(state)
        # The picked cards' actions on an enemy model (a capture): the engine offers them in contact.
        self.target_actions = any(a.marker is None and "contact_enemy_model" in a.requires
                                  for mid in self.missions if mid in self.cards for a in self.cards[mid].special_actions)
        self.models = [m for m in state.models_of(side)]
        self.enemies = [e for e in state.models if e.side != side and not e.out_of_action and not e.removed]
        self.tol = state.ruleset.contact_tolerance_cm
        self.late = state.clock_s >= 0.6 * state.clock_limit_s
        self._swing_cache: dict[str, float] = {}
        self._bonus_cache: dict[str, float] = {}
        self._dangers: dict[str, Danger] = {}
        self._exposures: dict[str, Exposure] = {}
        self.temperament = player.temperament
        # What a model's plan asks of the others again and again, known once per activation (the
        # state does not change while it is planned): keyed by model ids.
        self._melee: dict[tuple[str, str, bool, int | None], float] = {}
        self._hunted: dict[str, ModelState | None] = {}
        self._plans: dict[str, Plan] = {}
        self._nearest: dict[tuple[str, str], tuple[ModelState, Weapon, tuple[ModelState | None, float]]] = {}
        self._engaged: dict[str, tuple[ModelState, list[ModelState]]] = {}
        self._gaps: dict[str, tuple[ModelState, list[float]]] = {}
        self._blast_worths: dict[str, tuple[MarkerState, float]] = {}
        self._blasts: dict[tuple[str, str], tuple[ModelState, Weapon, tuple[float, Point | None]]] = {}
        self.jobs = self._jobs()
        self.assignment = self._assign()

    def danger(self, m: ModelState) -> "Danger":
        d = self._dangers.get(m.id)
        if d is None:
            d = self._dangers[m.id] = Danger(self.state, m)
        return d

    def exposure(self, m: ModelState) -> "Exposure":
        """The exposure map of ``m`` to the enemy's guns (made once per activation)."""
        x = self._exposures.get(m.id)
        if x is None:
            x = self._exposures[m.id] = Exposure(self.state, m)
        return x

    # --- mission bookkeeping -------------------------------------------------------------------------

    def swing(self, mission: str) -> float:
        """What fulfilling ``mission`` is worth at its rank (success minus failure), 0 if not picked."""
        v = self._swing_cache.get(mission)  # asked thousands of times an activation: the look-up first
        if v is not None:
            return v
        if mission not in self.missions or mission not in self.cards:
            return 0.0
        card = self.cards[mission]
        rank = self.missions.index(mission)
        v = self._swing_cache[mission] = float(card.values.success[rank] - card.values.failure[rank])
        return v

    def _jobs(self) -> list[Job]:
        """The jobs of every picked card, read from its data (:mod:`landsraad.ai.mission_hooks`), and
        late in the game, for a player that contests, those that deny the opponent its cards
        (:func:`~landsraad.ai.mission_hooks.contest_jobs`)."""
        jobs: list[Job] = []
        for mission in self.missions:
            card = self.cards.get(mission)
            if card is not None:
                jobs.extend(card_jobs(self, card))
        if self.late and self.player.contest:
            jobs.extend(contest_jobs(self, self.cards))
        weight = self.temperament.missions
        if weight != 1.0:
            jobs = [replace(j, value=j.value * weight) for j in jobs]
        return jobs

    def _assign(self) -> dict[str, Job]:
        """Each job to the model that gets there soonest (a carrier keeps carrying home)."""
        out: dict[str, Job] = {}
        for m in self.models:
            if m.carrying:
                job = carry_job(self, self.cards, m)
                if job is not None:
                    out[m.id] = job
        free = [m for m in self.models if m.id not in out]
        pairs = []
        # What each free model brings to every job, read once (not once per job): the same floats.
        able = [(m.id, m.position, _r(m), max(1.0, m.profile.movement), 0.4 * max(0, m.fatigue - 1))
                for m in free if "blinding" not in {p.kind for p in m.poisons}]
        for j_index, job in enumerate(self.jobs):
            for mid, here, radius, pace, tired in able:
                d = max(0.0, _dist(here, job.point) - job.radius - radius)
                turns = d / pace + tired
                pairs.append((turns - 0.05 * job.value, j_index, mid))
        # Stick to the job of the last activations unless another is clearly better (no dithering).
        previous = self.player.jobs
        keys = [job_key(job) for job in self.jobs]  # each job's key made once, not once per model
        pairs = [(t - (1.0 if previous.get(mid) == keys[j] else 0.0), j, mid) for t, j, mid in pairs]
        pairs.sort()
        taken_jobs: set[int] = set()
        for _, j_index, mid in pairs:
            if j_index in taken_jobs or mid in out:
                continue
            out[mid] = self.jobs[j_index]
            taken_jobs.add(j_index)
        self.player.jobs = {mid: job_key(job) for mid, job in out.items()}
        return out

    def goal_of(self, m: ModelState) -> Point | None:
        job = self.assignment.get(m.id)
        if job is not None:
            return job.point
        target = self._hunt_target(m)
        return target.position if target is not None else None

    # --- values --------------------------------------------------------------------------------------

    def kill_bonus(self, e: ModelState) -> float:
        """Extra worth of killing ``e`` for the side's missions (their evaluators' kill hooks) and the
        enemy's (its ambassador, a carrier)."""
        cached = self._bonus_cache.get(e.id)
        if cached is not None:
            return cached
        bonus = 0.0
        for mission in self.missions:
            card = self.cards.get(mission)
            if card is not None:
                bonus += card_kill_bonus(self, card, e)
        if e.ambassador:
            bonus += 3.0
        if e.carrying:
            bonus += 2.0
        self._bonus_cache[e.id] = bonus
        return bonus

    def melee_value(self, me: ModelState, e: ModelState, *, active: bool = True, held: int | None = None) -> float:
        """Expected worth of a clash for ``me`` (the active model when ``active``), mission bonuses
        included (R-MELEE); judged once per pair and fatigue in an activation."""
        fatigue = (me.fatigue if held is None else held) if active else None
        key = (me.id, e.id, active, fatigue)
        v = self._melee.get(key)
        if v is None:
            v = self._melee[key] = self._melee_value(me, e, active, fatigue)
        return v

    def _melee_value(self, me: ModelState, e: ModelState, active: bool, fatigue: int | None) -> float:
        pair = self._melee_pair(me, e, active, fatigue)
        if pair is None:
            return -0.5
        t = clash_table(*pair, self.state.ruleset)
        return t.value if active else -t.value

    def _melee_pair(self, me: ModelState, e: ModelState, active: bool, fatigue: int | None) -> Clash | None:
        """The clash :meth:`melee_value` judges, as :func:`~landsraad.ai.tables.clash_table`'s
        (attacker, defender, worth_a, worth_d); ``None`` when ``me`` has no melee weapon."""
        w = _best_melee(me)
        if w is None:
            return None
        mine = _comb(self.state, me.id, weapon=w, activation_fatigue=fatigue)
        theirs = _assumed_weapon(self.state, e)
        worth_e = _worth(self.state, e) + self.kill_bonus(e)
        return (mine, theirs, _worth(self.state, me), worth_e) if active else (theirs, mine, worth_e, _worth(self.state, me))

    def _warm_melee(self, me: ModelState, foes: Sequence[ModelState], active: bool = True) -> None:
        """Play at once the clashes :meth:`melee_value` is about to be asked of ``me`` against
        ``foes`` (:func:`~landsraad.ai.tables.warm_clash_tables`; the same values, sooner)."""
        fatigue = me.fatigue if active else None
        pairs = [self._melee_pair(me, e, active, fatigue) for e in foes if (me.id, e.id, active, fatigue) not in self._melee]
        if len(pairs) > 1 and pairs[0] is not None:  # then none is None (``me`` has a melee weapon)
            warm_clash_tables([pair for pair in pairs if pair is not None], self.state.ruleset)

    def shot_value(self, me: ModelState, weapon: Weapon, target: ModelState, distance: float, held: int | None = None) -> float:
        shooter = _comb(self.state, me.id, weapon=weapon, activation_fatigue=me.fatigue if held is None else held)
        tgt = _comb(self.state, target.id)
        if not can_target(shooter, tgt, ruleset=self.state.ruleset):
            return 0.0
        rng = weapon.range or 10.0
        band = range_band(max(0.0, distance), rng)
        worth = _worth(self.state, target) + self.kill_bonus(target)
        return _shot_value(shooter, tgt, band * rng + min(rng, 0.5), worth, "burn", self.state.ruleset)

    def nearest_shot(self, me: ModelState, weapon: Weapon, at: Point | None = None) -> tuple[ModelState | None, float]:
        """The enemy a shot from ``at`` must take (RUL-08, sight not checked here) and its distance;
        from where ``me`` stands, found once per activation (a plan and its bound both ask)."""
        if at is None:
            hit = self._nearest.get((me.id, weapon.id))
            if hit is None or hit[0] is not me or hit[1] is not weapon:
                hit = self._nearest[me.id, weapon.id] = (me, weapon, self._nearest_shot(me, weapon, me.position))
            return hit[2]
        return self._nearest_shot(me, weapon, at)

    def _nearest_shot(self, me: ModelState, weapon: Weapon, p: Point) -> tuple[ModelState | None, float]:
        best, best_d = None, 1e9
        shooter = None
        rm = _r(me)
        for e in self.enemies:
            d = _gap_at(p, rm, e)
            if d >= best_d - 0.05:
                continue
            if weapon.laser:
                shooter = shooter or _comb(self.state, me.id, weapon=weapon)
                if not can_target(shooter, _comb(self.state, e.id), ruleset=self.state.ruleset):
                    continue
            best, best_d = e, d
        return best, best_d

    # --- plans ---------------------------------------------------------------------------------------

    def ranked(self, choices: Sequence[str]) -> list[Plan]:
        """Each model's best plan, fatigue priced in, best first (ties: the fresher model, then by id)."""
        return sorted((self._priced(mid) for mid in choices), key=self._rank_key, reverse=True)

    def leader(self, choices: Sequence[str]) -> Plan:
        """``ranked(choices)[0]``, planning only the models that might be first.

        Models are planned in the order of their plans' upper bounds (:meth:`value_bound`, fatigue
        priced in), and the search stops at a bound below the best plan found: every model left
        has a plan worth less, so the same plan comes first as when all are ranked. A later
        :meth:`ranked` plans only the models skipped here.
        """
        bounds = []
        for k, mid in enumerate(choices):
            m = self.state.model(mid)
            bounds.append((self.value_bound(m) - self.fatigue_price(m), k, mid))
        best: Plan | None = None
        for bound, _, mid in sorted(bounds, key=lambda b: (-b[0], b[1])):
            if best is not None and bound < best.value:
                break
            p = self._priced(mid)
            if best is None or self._rank_key(p) > self._rank_key(best):
                best = p
        assert best is not None, "an activation offers at least one model"
        return best

    def _priced(self, mid: str) -> Plan:
        """The plan of model ``mid``, fatigue priced in (planned once per activation)."""
        p = self._plans.get(mid)
        if p is None:
            m = self.state.model(mid)
            p = self._plans[mid] = self.plan_for(m)
            p.value -= self.fatigue_price(m)
        return p

    def _rank_key(self, p: Plan) -> tuple[float, int, str]:
        return (p.value, -self.state.model(p.model).fatigue, p.model)

    def best(self, choices: Sequence[str]) -> Plan:
        return self.ranked(choices)[0]

    def value_bound(self, m: ModelState) -> float:
        """An upper bound of ``plan_for(m).value`` (before the fatigue price), read without the
        clash tables and danger maps its plans cost.

        It follows :meth:`plan_for` plan by plan, with each costly value replaced by what it can
        be at most: a clash its victim's worth (:func:`~landsraad.ai.tables.clash_value_bound`),
        an advance on a job the job's share of its value, a hunt what :meth:`hunt_value` gives the
        best clash bound; a shot or a laser's blast
        is the plan's own value (looked up once per activation); with a little slack for the
        float sums.
        """
        s = self.state
        c = _comb(s, m.id, activation_fatigue=m.fatigue)
        move = c.effective_movement
        job = self.assignment.get(m.id)
        melee = _best_melee(m)
        bound = 0.0  # the rest
        engaged = self.engaged_with(m)
        if engaged:
            for e in engaged:
                v = clash_value_bound(_worth(s, e) + self.kill_bonus(e)) if melee is not None else -1.0
                bound = max(bound, v + 0.05)
            if move > 0:  # breaking away: at most the clash it escapes, and 0.3 of the job
                bound = max(bound, clash_value_bound(_worth(s, m)) + (0.3 * max(0.0, job.value) if job else 0.0))
            if job is not None and job.action and job.kind == "deliver" and self._deliver_gap(m, job) <= self.tol:
                bound = max(bound, job.value + 1.0)
            if self.target_actions:
                bound = max(bound, max([0.0, *(self.swing(mid) for mid in self.missions)]) + 1.0)
            return bound + 1e-6
        planned = False  # whether a plan besides the rest is sure to be made (no hunt then)
        if job is not None and may_fulfil_objectives(c):
            if job.kind == "deliver":
                gap = self._deliver_gap(m, job)
                if gap <= self.tol:
                    bound = max(bound, job.value + 1.0)
                elif gap <= move - 0.05 and job.edge is not None:
                    bound = max(bound, job.value + 0.9)
                else:
                    bound = max(bound, job.value * 0.5)  # an advance: at most its value
                planned = True
            elif job.marker is not None and job.action is not None:
                gap = _gap(m, s.marker(job.marker))
                bound = max(bound, job.value + 1.0 if gap <= self.tol else job.value + 0.9 if gap <= move - 0.1 else job.value * 0.5)
                planned = True
            elif job.hold and not self._at_hold(m, job):
                bound = max(bound, job.value * (0.9 if self.late else 0.4))
                planned = True
        aggression = self.temperament.aggression
        fight = max(1.0, aggression)  # a won charge's weight (a lost one is not weighted)
        if melee is not None:
            hold = max(0.0, -0.5 * job.value) if job is not None and job.hold else 0.0
            for e, gap in zip(self.enemies, self.gaps(m)):
                if gap <= move - 0.1:
                    bound = max(bound, fight * clash_value_bound(_worth(s, e) + self.kill_bonus(e)) - 0.1 + hold)
                    planned = True
        for w in m.weapons:
            if not w.is_ranged or not can_shoot(_comb(s, m.id, weapon=w)):
                continue
            if w.template is not None:
                bound = max(bound, self._template_value(m, w))
                continue
            if w.laser:  # the blast's plan (the planner's later blast is the same)
                bound = max(bound, 0.9 * self.laser_blast(m, w)[0])
            target, d = self.nearest_shot(m, w)
            if target is not None:
                bound = max(bound, 0.9 * self.shot_value(m, w, target, d))
        if "hunter_seeker" in m.equipment or "hunter_seeker" in m.profile.special_rules:
            bound = max(bound, 1.2)
        if "explosives" in m.equipment:
            for k in s.markers:
                if k.on_table and _gap(m, k) <= self.tol:
                    v = self.blast_worth(k)
                    bound = max(bound, v + 1.2 if k.owner == m.side else v)
        if "healer" in m.profile.special_rules:
            for f in self.models:
                if f.id != m.id and _gap(f, m) <= self.tol and (f.wound in ("light", "grave") or f.poisons):
                    bound = max(bound, 0.6 * _worth(s, f))
        if melee is not None and self.enemies and aggression >= FIGHTER_AGGRESSION:  # a fighter's hunt, with a job too
            edge = max(clash_value_bound(_worth(s, e) + self.kill_bonus(e)) for e in self.enemies)
            bound = max(bound, aggression * (0.5 + max(0.0, edge)))
        elif job is None or not planned:
            bound = max(bound, aggression * 0.5)  # a hunt
        return bound + 1e-6

    def fatigue_price(self, m: ModelState) -> float:
        """RUL-05: a model holding two tokens acts with -2 / -2 / -1; one token -1 / -1.

        Tokens beyond the second add no malus now but each costs an activation of recovery at that
        malus (R-FATIGUE-REST), and a model deep in tokens is the one a fight finds tired: each is
        priced 0.6, so the warband's fatigue is spread over its models rather than piled on one
        (issue 45: a plan must be worth that much more than a fresher model's to pick it)."""
        return {0: 0.0, 1: 0.25}.get(m.fatigue, 0.9 + 0.6 * (m.fatigue - 2))

    def engaged_with(self, m: ModelState) -> list[ModelState]:
        """The enemies in base contact with ``m`` (found once per activation: a plan and its bound both ask)."""
        return _once_for(self._engaged, m, lambda: [e for e, gap in zip(self.enemies, self.gaps(m)) if gap <= self.tol + 1e-6])

    def gaps(self, m: ModelState) -> list[float]:
        """The gap from each of :attr:`enemies` to ``m``, in their order (measured once per
        activation: the contacts, a plan's bound and the plan itself all ask)."""
        return _once_for(self._gaps, m, lambda: [_gap(e, m) for e in self.enemies])

    def plan_for(self, m: ModelState) -> Plan:
        s = self.state
        c = _comb(s, m.id, activation_fatigue=m.fatigue)
        move = c.effective_movement
        engaged = self.engaged_with(m)
        job = self.assignment.get(m.id)
        plans: list[Plan] = [Plan(m.id, "rest", "rest", value=0.0)]
        if engaged:
            self._warm_melee(m, engaged)
            if move > 0:
                self._warm_melee(m, engaged, active=False)
            for e in engaged:
                v = self.melee_value(m, e) if _best_melee(m) is not None else -1.0
                plans.append(Plan(m.id, "melee", f"melee:{e.id}", target=e.id, value=v + 0.05))
            # Breaking away: worth it when the fight is lost and a job waits elsewhere.
            stay = min(self.melee_value(m, e, active=False) for e in engaged) if move > 0 else 0.0
            gain = max(0.0, -stay) + (0.3 * job.value if job else 0.0)
            # A chance of success at most 1 and a harm at least 0: the plan is worth at most the
            # gain (or 0, with slack for the float products). Below a plan already made it is never
            # the best, and its odds (R-DISENGAGE, a costly look-up) are not needed.
            if move > 0 and max(gain, 0.0) * (1 + 1e-9) + 1e-12 >= max(p.value for p in plans):
                worst = min(engaged, key=lambda e: self.melee_value(m, e))
                mv = _comb(s, m.id, weapon=_best_melee(m), activation_fatigue=m.fatigue)
                p_ok, _, harm = _disengage(mv, _comb(s, worst.id, weapon=_best_melee(worst)), s.ruleset)
                v = p_ok * gain - harm * _worth(s, m)
                plans.append(Plan(m.id, "disengage", "disengage", goal=self.goal_of(m), value=v))
            # Mission actions that work in contact (a capture, carrying off).
            if job is not None and job.action and job.kind == "deliver" and self._deliver_gap(m, job) <= self.tol:
                plans.append(Plan(m.id, "mission", job.action, value=job.value + 1.0))
            if self.target_actions:
                for choice in available_mission_actions(s, m.id):
                    if choice.target is not None:
                        plans.append(Plan(m.id, "mission", choice.key, value=self.swing(choice.mission) + 1.0))
            return max(plans, key=lambda p: p.value)

        able = may_fulfil_objectives(c)
        # 1. Jobs: a mission action now or after the free move; else head for the job.
        if job is not None and able:
            if job.kind == "deliver":
                gap = self._deliver_gap(m, job)
                if gap <= self.tol:
                    plans.append(Plan(m.id, "mission", job.action or "rest", value=job.value + 1.0))
                elif gap <= move - 0.05 and job.edge is not None:
                    spot = _edge_point(s, m.position, _r(m), job.edge)
                    plans.append(Plan(m.id, "mission", job.action or "rest", before=spot, value=job.value + 0.9))
                else:
                    plans.append(self._advance(m, job.point, job.value * 0.5, move))
            elif job.marker is not None and job.action is not None:
                k = s.marker(job.marker)
                gap = _gap(m, k)
                if gap <= self.tol:
                    plans.append(Plan(m.id, "mission", job.action, goal=None, value=job.value + 1.0))
                elif gap <= move - 0.1:
                    plans.append(Plan(m.id, "mission", job.action, contact=k, value=job.value + 0.9))
                else:
                    plans.append(self._advance(m, job.point, job.value * 0.5, move))
            elif job.hold:
                where = (job.point if job.marker is None else (s.marker(job.marker).x, s.marker(job.marker).y))
                there = self._at_hold(m, job)
                if not there:
                    if job.marker is not None:
                        k = s.marker(job.marker)
                        if _gap(m, k) <= move - 0.1:
                            plans.append(Plan(m.id, "hold", "rest", contact=k, value=job.value * (0.9 if self.late else 0.4)))
                        else:
                            plans.append(self._advance(m, where, job.value * (0.9 if self.late else 0.35), move))
                    else:
                        plans.append(self._advance(m, where, job.value * (0.9 if self.late else 0.35), move))
        # 2. Fights: charges within a free move.
        if _best_melee(m) is not None:
            self._warm_melee(m, [e for e, gap in zip(self.enemies, self.gaps(m)) if gap <= move - 0.1])
            for e, gap in zip(self.enemies, self.gaps(m)):
                if gap <= move - 0.1:
                    v = self.melee_value(m, e)
                    v = (v * self.temperament.aggression if v > 0 else v) - 0.1
                    if job is not None and job.hold and self._at_hold(m, job):
                        v -= job.value * 0.5
                    plans.append(Plan(m.id, "charge", f"melee:{e.id}", contact=e, target=e.id, value=v))
        # 3. Shots from here (then the free move towards the goal).
        for w in m.weapons:
            if not w.is_ranged:
                continue

            if not can_shoot(_comb(s, m.id, weapon=w)):
                continue
            if w.template is not None:
                v = self._template_value(m, w)
                if v > 0:
                    plans.append(Plan(m.id, "shoot", f"shoot:{w.id}", goal=self._after_goal(m, job), value=v))
                continue
            if w.laser:
                blast, aim = self.laser_blast(m, w)
                if blast > 0:
                    plans.append(Plan(m.id, "shoot", f"shoot:{w.id}", goal=self._after_goal(m, job), value=blast * 0.9,
                                       laser_mode="explosive", aim=aim))
            target, d = self.nearest_shot(m, w)
            if target is None:
                continue
            v = self.shot_value(m, w, target, d)
            if v > 0:
                plans.append(Plan(m.id, "shoot", f"shoot:{w.id}", goal=self._after_goal(m, job), target=target.id, value=v * 0.9))
        # 4. Equipment and healing.
        if ("hunter_seeker" in m.equipment or "hunter_seeker" in m.profile.special_rules):
            used = {v for sd, k, v in s.flags if sd == m.side and k == "used_equipment"}
            if f"{m.id}:hunter_seeker" not in used and any(gap < 30 for e, gap in zip(self.enemies, self.gaps(m)) if not e.ambassador):
                plans.append(Plan(m.id, "equipment", "hunter_seeker", goal=self._after_goal(m, job), value=1.2))
        if "explosives" in m.equipment:
            for k in s.markers:
                if k.on_table and _gap(m, k) <= self.tol:
                    v = self.blast_worth(k)
                    if v > 0:
                        plans.append(Plan(m.id, "mission", f"explosives:{k.id}", value=v + 1.2 if k.owner == m.side else v))
        if "healer" in m.profile.special_rules:
            for f in self.models:
                if f.id != m.id and _gap(f, m) <= self.tol and (f.wound in ("light", "grave") or f.poisons):
                    plans.append(Plan(m.id, "heal", f"heal:{f.id}", value=0.6 * _worth(s, f)))
        # 5. Hunting: no job, or nothing better: move on the best enemy to fight.
        # An aggressive model whose fight wins (by the exact odds) hunts even with a job: its profile
        # makes it a fighter (issue 45), and the job goes on by the best plan's value.
        target = self._hunt_target(m)
        # (A target within a charge is charged, above: no approach that stops short of it.)
        if target is not None and not (_best_melee(m) is not None and _gap(m, target) <= move - 0.1):
            edge = self.melee_value(m, target, held=0) if _best_melee(m) is not None else 0.0
            if job is None or not plans[1:] or (self.temperament.aggression >= FIGHTER_AGGRESSION and edge > 0.15):
                plans.append(self._advance(m, target.position, self.hunt_value(m, edge), move, target=target))
        return max(plans, key=lambda p: p.value)

    def hunt_value(self, m: ModelState, edge: float) -> float:
        """What moving on an enemy is worth: 0.5, plus the clash ``edge`` the move leads to (its
        exact value for a rested ``m``, R-MELEE) from :data:`FIGHTER_AGGRESSION`, times the
        temperament's aggression (on seeds 45000-45007 the balanced player valuing the edge scored
        39 % against the one that did not, 47 % with the flat 0.5)."""
        aggression = self.temperament.aggression
        return aggression * (0.5 + (max(0.0, edge) if aggression >= FIGHTER_AGGRESSION else 0.0))

    def _after_goal(self, m: ModelState, job: Job | None) -> Point | None:
        if job is None:
            return None
        if job.hold and self._at_hold(m, job):
            return None
        return job.point

    def _at_hold(self, m: ModelState, job: Job) -> bool:
        s = self.state
        if job.marker is not None:
            return _gap(m, s.marker(job.marker)) <= self.tol
        if job.edge is not None:
            return _edge_distance(s, m.position, _r(m), job.edge) <= job.within_cm - 0.5
        if job.quarter is not None:
            return quarter(m.position, m.base_mm, (s.width, s.depth)) == job.quarter
        return _dist(m.position, job.point) <= 2.5

    def _deliver_gap(self, m: ModelState, job: Job) -> float:
        """How far a carrier is from where its card's deliver action may be taken (its own edge, or anywhere)."""
        return 0.0 if job.edge is None else _edge_distance(self.state, m.position, _r(m), job.edge)

    def blast_worth(self, k: MarkerState) -> float:
        """What blowing up marker ``k`` is worth to the side (R-EXPLOSIVE, PRJ-73): one of the opponent's
        markers its card does not want destroyed (not yet activated), or one of the side's whose card
        does; negative otherwise. Judged once per activation (a laser's every aim asks)."""
        return _once_for(self._blast_worths, k, lambda: self._blast_worth(k))

    def _blast_worth(self, k: MarkerState) -> float:
        if not k.on_table:
            return 0.0
        wanted = wants_destroyed(self.cards, k)
        if k.owner != self.side:
            if k.activated:
                return 0.0  # an activated marker stays activated when blown up (PRJ-73): nothing to deny
            return -1.0 if wanted else 3.0
        if not wanted:
            return -3.0
        left = [x for x in self.state.markers if x.owner == self.side and x.mission == k.mission and x.on_table]
        return self.swing(k.mission) / max(1, len(left)) * 0.8

    def _template_value(self, m: ModelState, w: Weapon) -> float:
        """A blast on the best enemy, minus friends nearby (R-TEMPLATE)."""
        best = 0.0
        for e in self.enemies:
            if e.ambassador or e.profile.shield != "none" and e.jammed_by is None:
                continue
            v = 0.0
            for o in self.state.models:
                if o.removed or _dist(o.position, e.position) > 5.0 + _r(o):
                    continue
                if o.side == self.side:
                    v -= 1.5 * _worth(self.state, o)
                elif o.profile.shield == "none" or o.jammed_by is not None:
                    v += 0.35 * _worth(self.state, o)
            best = max(best, v)
        return best

    def laser_blast(self, m: ModelState, w: Weapon, held: int | None = None) -> tuple[float, Point | None]:
        """A laser fired in explosive mode (R-LASER): the best aim of its blast and what it is worth;
        aimed once per activation from where ``m`` stands (a plan and its bound both ask).

        Aims tried: on each enemy, between two enemies near each other, on each marker lying on the
        table. An aim whose blast covers a model with a working shield is illegal (PRJ-12, the
        kernel's :func:`~landsraad.rules.shooting.laser_blast_problem`); each enemy under it counts its
        expected harm from the exact shot odds, each friend against it, each marker what blowing it
        up is worth (:meth:`blast_worth`) times the chance the shot destroys it (R-SHOOT-MARKER).
        """
        if held is not None:
            return self._laser_blast(m, w, held)
        hit = self._blasts.get((m.id, w.id))
        if hit is None or hit[0] is not m or hit[1] is not w:
            hit = self._blasts[m.id, w.id] = (m, w, self._laser_blast(m, w, None))
        return hit[2]

    def _laser_blast(self, m: ModelState, w: Weapon, held: int | None) -> tuple[float, Point | None]:
        s = self.state
        shooter = _comb(s, m.id, weapon=w, activation_fatigue=m.fatigue if held is None else held)
        if not can_shoot(shooter):
            return 0.0, None
        reach = BLAST_RADIUS_CM + self.tol
        rng = w.range or 10.0
        # Beyond two range bands a shot hardly hits: aims there are not worth a look.
        far = 3 * rng + BLAST_RADIUS_CM
        here = m.position
        enemies = [(e, e.position, _r(e)) for e in self.enemies]
        aims: list[Point] = [q for _, q, _ in enemies if _dist(here, q) <= far]
        for i, (a, qa, ra) in enumerate(enemies):
            if _dist(here, qa) > far:
                continue
            for b, qb, rb in enemies[i + 1:]:
                if _dist(qa, qb) <= 2 * reach + ra + rb:
                    aims.append(((a.x + b.x) / 2, (a.y + b.y) / 2))
        markers = [(k, (k.x, k.y), reach + _r(k)) for k in s.markers if k.on_table]
        aims += [q for k, q, _ in markers if _dist(here, q) <= far and self.blast_worth(k) > 0]
        if not aims:
            return 0.0, None
        others = [(o, o.x, o.y, reach + _r(o)) for o in s.models if o.id != m.id and not o.out_of_action]
        # What each model under the blast adds at a range band: many aims share it (the kernel's
        # exact odds, looked up once here; the chance to destroy a marker is cached by _marker_hit).
        harms: dict[tuple[str, float], float | None] = {}

        def harm(o: ModelState, band: float) -> float | None:
            if (o.id, band) not in harms:
                c = _comb(s, o.id)
                if o.side == self.side:
                    harms[o.id, band] = -(1.5 * _shot_value(shooter, c, band, _worth(s, o), "explosive", s.ruleset))
                elif can_target(shooter, c, laser_mode="explosive", ruleset=s.ruleset):
                    harms[o.id, band] = _shot_value(shooter, c, band, _worth(s, o) + self.kill_bonus(o), "explosive", s.ruleset)
                else:
                    harms[o.id, band] = None  # not a legal target of the blast: it counts nothing
            return harms[o.id, band]

        best: tuple[float, Point | None] = (0.0, None)
        for p in aims:
            covered = [o for o, x, y, r in others if math.hypot(x - p[0], y - p[1]) <= r]
            if any(o.profile.shield != "none" for o in covered) and laser_blast_problem(
                    shooter, [_comb(s, o.id) for o in covered], laser_mode="explosive", ruleset=s.ruleset):
                continue
            band = range_band(max(0.0, _dist(m.position, p) - _r(m)), rng) * rng + min(rng, 0.5)
            v = 0.0
            for o in covered:
                h = harm(o, band)
                if h is not None:
                    v += h
            for k, q, r in markers:
                if _dist(q, p) <= r:
                    v += self.blast_worth(k) * _marker_hit(shooter, band, "explosive", s.ruleset)
            if v > best[0] + 1e-9:
                best = (v, p)
        return best

    def laser_choice(self, m: ModelState, w: Weapon, held: int | None = None) -> tuple[LaserMode, float, Point | None]:
        """The better of a laser's two modes now (R-LASER): ``(mode, value, aim)``."""
        blast, aim = self.laser_blast(m, w, held)
        target, d = self.nearest_shot(m, w)
        burn = self.shot_value(m, w, target, d, held=held) if target is not None else 0.0
        return ("explosive", blast, aim) if blast > burn + 1e-9 else ("burn", burn, None)

    def _hunt_target(self, m: ModelState) -> ModelState | None:
        """The enemy ``m`` would best move on to fight (chosen once per activation)."""
        if m.id not in self._hunted:
            self._hunted[m.id] = self._hunt(m)
        return self._hunted[m.id]

    def _hunt(self, m: ModelState) -> ModelState | None:
        """The foe with the best score: the clash's value, a share of its kill bonus, nearness, and
        1 near the side's ambassador; the first in the state's order among equals.

        A clash takes at most its victim's worth (:func:`~landsraad.ai.tables.clash_value_bound`),
        so foes are judged best bound first and
        the search stops at a bound below the best score found: the same foe as judging them all,
        with the clash tables of the far foes never looked up.
        """
        foes = [e for e in self.enemies if not e.out_of_action]
        if not foes or _best_melee(m) is None and not any(w.is_ranged for w in m.weapons):
            return None
        amb = [a for a in self.state.models if a.side == self.side and a.ambassador and not a.removed]
        # Each foe's score, ((clash + bonus) - nearness) + ambassador, summed in the order it always
        # was (the same floats); a float sum never decreases with a term, so the bound's bounds it.
        terms = []
        bonuses = [self.kill_bonus(e) for e in foes]  # each looked up once, for the terms and the bounds
        for e, kb in zip(foes, bonuses):
            near_amb = min([_gap(e, a) for a in amb]) if amb else 99.0  # a list: cheaper than a generator
            terms.append((0.3 * kb, 0.04 * max(0.0, _gap(e, m)), 1.0 if near_amb < 15 else 0.0))
        if _best_melee(m) is None:  # a shooter: every clash counts 0.2
            scores = [0.2 + bonus - far + amb_bonus for bonus, far, amb_bonus in terms]
            return foes[scores.index(max(scores))]
        bounds = []
        for i, e in enumerate(foes):
            bonus, far, amb_bonus = terms[i]
            clash = clash_value_bound(_worth(self.state, e) + bonuses[i])
            bounds.append((clash + bonus - far + amb_bonus, i))
        best, best_i, best_score = None, len(foes), -math.inf
        for bound, i in sorted(bounds, key=lambda b: (-b[0], b[1])):
            if bound < best_score:
                break
            bonus, far, amb_bonus = terms[i]
            score = self.melee_value(m, foes[i], held=0) + bonus - far + amb_bonus
            if score > best_score or score == best_score and i < best_i:
                best, best_i, best_score = foes[i], i, score
        return best

    def _advance(self, m: ModelState, goal: Point, value: float, move: float, target: ModelState | None = None) -> Plan:
        """A free move and a Move action towards ``goal``, stopping short of danger."""
        here = m.position
        d = _dist(here, goal)
        if target is not None:
            d = max(0.0, d - _r(target) - _r(m))
        if d < 0.3 or move <= 0:
            return Plan(m.id, "rest", "rest", value=0.0)
        step1 = _toward(here, goal, move)
        step2 = _toward(step1, goal, move)
        if target is not None:
            # Stop out of the enemy's charge if it wins that fight: keep 1 cm beyond its reach.
            stop = _r(target) + _r(m) + 0.5
            step1 = _toward(here, goal, min(move, max(0.0, _dist(here, goal) - stop)))
            step2 = _toward(step1, goal, min(move, max(0.0, _dist(step1, goal) - stop)))
        progress = min(d, 2 * move)
        danger = self.danger(m).at(step2)
        v = value * (0.4 + 0.6 * progress / max(1.0, 2 * move)) - 0.5 * self.temperament.caution * danger
        return Plan(m.id, "advance", "move", before=step1, move_to=step2, goal=goal, value=v,
                     hunted=target.id if target is not None else None)

    def best_action(self, m: ModelState, choices: Sequence[str], plan: Plan | None) -> str:
        """An action among ``choices`` when the plan's is not on offer."""
        scores: dict[str, float] = {}
        lasers: dict[str, tuple[LaserMode, Point | None]] = {}
        for ch in choices:
            kind, _, arg = ch.partition(":")
            if kind == "mission":
                scores[ch] = 5.0
            elif kind == "melee":
                try:
                    scores[ch] = self.melee_value(m, self.state.model(arg), held=self.player.memory.held.get(m.id))
                except RuleError:  # not a model of this game
                    scores[ch] = 0.0
            elif kind == "shoot":
                w = next((x for x in m.weapons if x.id == arg), None)
                if w is None:
                    continue
                if w.template is not None:
                    scores[ch] = self._template_value(m, w)
                    continue
                if w.laser:
                    mode, scores[ch], aim = self.laser_choice(m, w, held=self.player.memory.held.get(m.id))
                    if plan is not None and plan.model == m.id:
                        lasers[ch] = (mode, aim)
                    continue
                target, d = self.nearest_shot(m, w)
                scores[ch] = self.shot_value(m, w, target, d) if target is not None else 0.0
            elif kind == "disengage":
                engaged = self.engaged_with(m)
                stay = min((self.melee_value(m, e, active=False) for e in engaged), default=0.0)
                scores[ch] = -stay - 0.3
            elif kind == "heal":
                scores[ch] = 0.6 * _worth(self.state, self.state.model(arg))
            elif kind == "explosives":
                scores[ch] = self.blast_worth(self.state.marker(arg))
            elif kind == "move":
                scores[ch] = 0.3 if self.goal_of(m) is not None else 0.0
            elif kind == "hunter_seeker":
                scores[ch] = 1.0
            else:
                scores[ch] = 0.0
        if plan is not None and plan.model == m.id and "move" in choices:
            if plan.kind == "advance":
                scores["move"] = max(scores.get("move", 0.0), 0.5)
            elif plan.contact_failed and plan.contact is not None:
                # The free move fell short of the marker or the enemy: finish the approach.
                scores["move"] = max(scores.get("move", 0.0), 0.5 * plan.value)
                plan.move_to = (plan.contact.x, plan.contact.y)
        best = max(choices, key=lambda ch: (scores.get(ch, 0.0), ch == "rest"))
        if plan is not None and plan.model == m.id:
            plan.action = best
            if best in lasers:
                plan.laser_mode, plan.aim = lasers[best]
            if best == "move" and plan.move_to is None:
                plan.move_to = self.goal_of(m)
        return best
