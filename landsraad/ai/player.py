"""The heuristic player itself: :class:`HeuristicPlayer` answers every kind of decision."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping

import numpy as np

from ..engine.actions import action_problem_at
from ..engine.activation import PASS
from ..engine.bridge import allowance
from ..engine.decisions import Answer, Decision, PointSpec, names_of, point_of
from ..engine.missions import mission_cards
from ..engine.spatial import BOUND_SLACK_CM, beyond_allowance, plan_move, straight_slides
from ..engine.state import GameState, MarkerState, ModelState, other_side
from ..errors import LandsraadError, RuleError
from ..geometry.movement import free_spots
from ..kits import load_kit
from ..odds import solve_zero_sum
from ..rules.disengage import resolve_disengage
from ..rules.state import Combatant
from .mission_hooks import estimate_chances
from .mission_plan import ChanceAt, expected_points, mission_plans, pick_bounds
from .planner import COVER_WEIGHT, Danger, Exposure, Plan, Planner, _near_segment
from .reading import read_table
from .setup_plan import HEURISTIC_PLAN, SetupPlan
from .spots import (
    Point,
    _clamp,
    _dist,
    _edge_distance,
    _gap,
    _gap_at,
    _r,
    _rotate_about,
    _toward,
)
from .tables import (
    _RESULT_INDEX,
    HARM,
    ClashTable,
    _assumed_weapon,
    _best_lower,
    _best_melee,
    _comb,
    _disengage,
    _weapon_score,
    _worth,
    clash_table,
)
from .temperament import Temperament, jittered, temperament


@dataclass
class HeuristicMemory:
    """What the player remembers inside one activation or clash: an internal type of :mod:`landsraad.ai`
    (:attr:`HeuristicPlayer.memory`; the planner reads it as :class:`~landsraad.ai.planner.ActivationMemory`)."""

    plan: Plan | None = None
    planner: Planner | None = None
    """The planner of the activation under way (its danger maps are reused by the moves)."""
    held: dict[str, int] = field(default_factory=dict)
    weapons: dict[str, str] = field(default_factory=dict)
    acted: bool = False
    choices: tuple[str, ...] = ()
    """The models offered for this activation."""
    ranking: tuple[str, ...] | None = None
    """The models offered for this activation, best plan first, once ranked (see :meth:`HeuristicPlayer.activation_ranking`)."""


def _point_of(decision: Decision) -> PointSpec:
    """The point spec of a decision that asks for a point (the engine gives each one)."""
    if decision.point is None:
        raise RuleError(f"The {decision.kind!r} decision for {decision.side} asks for no point, but a point was to be chosen.")
    return decision.point


def _model_of(decision: Decision) -> str:
    """The model a decision is about (the engine names it for every model's decision)."""
    if decision.model is None:
        raise RuleError(f"The {decision.kind!r} decision for {decision.side} names no model, but it was answered for one.")
    return decision.model


def pick_estimates(decision: Decision, state: GameState) -> dict[str, float]:
    """Each card of a ``pick_missions`` ``decision``'s choices with its chance of success as the
    heuristic estimates it from the table of ``state`` (the side's view) and the opponent
    (:func:`~landsraad.ai.mission_hooks.estimate_chances`; R-MISSIONS)."""
    return estimate_chances(read_table(state, decision.side), mission_cards(state), decision.choices)


def pick_rankings(decision: Decision, state: GameState, *, count: int = 4, overrides: Mapping[str, float] | None = None,
                  by_rank: Callable[[Mapping[str, float]], ChanceAt] | None = None) -> list[list[str]]:
    """The rankings to answer a ``pick_missions`` ``decision`` with, best first (R-MISSIONS,
    R-MISSION-PICK): by expected victory points, each card's chance estimated from its data, the
    table and the opponent as read from ``state`` (:func:`~landsraad.ai.mission_hooks.estimate_chances`).

    Parameters
    ----------
    decision
        The ``pick_missions`` decision.
    state
        The side's view.
    count
        At most this many rankings.
    overrides
        Chances that replace the estimates of the cards they name.
    by_rank
        Given the estimates, each pick's chance at its rank in a ranking of its length
        (:func:`~landsraad.ai.mission_plan.mission_plans`' ``chance_at``), e.g. a learned model's.

    Returns
    -------
    list of list of str
        Legal answers to ``decision`` (at least one), none repeated.
    """
    cards = mission_cards(state)
    chances = pick_estimates(decision, state)
    chances.update({k: v for k, v in (overrides or {}).items() if k in chances})
    low, high = pick_bounds(decision.ranked)
    plans = mission_plans(decision.choices, chances, limit=min(high, 4), cards=cards, count=count,
                          chance_at=by_rank(chances) if by_rank is not None else None)
    legal = [plan for plan in plans if len(plan) >= low]  # none is longer than ``high`` (the limit)
    return legal or [list(decision.choices[:low])]


class HeuristicPlayer:
    """A computer player that plays for its missions with the kernel's exact odds.

    Parameters
    ----------
    seed
        Seeds its own :class:`numpy.random.Generator` (used only to break ties and play mixed
        strategies), so the same seeds give the same game.
    strict
        Raise when the engine refuses what a handler asks (a :class:`~landsraad.errors.LandsraadError`)
        instead of falling back to a safe legal answer (tests use it). Other exceptions are bugs and
        always propagate.
    chances
        Chances of success to use for some missions (by card id) instead of the player's own
        estimates, which it reads from the table and the opponent at pick time
        (:func:`~landsraad.ai.mission_hooks.estimate_chances`).
    setup_plan
        How it bids and chooses through the set-up (R-SETUP-BID, R-FIRST); a search may set
        another before the set-up begins (:mod:`landsraad.ai.setup_plan`).
    contest
        Late in the game (from 60 % of the clock), also send models to deny the opponent its
        cards, e.g. to stand on an Occupation's positions (PRJ-70, PRJ-71;
        :func:`~landsraad.ai.mission_hooks.contest_jobs`). Off by default: the ``heuristic``
        player stays the reference every strength figure is measured against; the search levels
        contest (``docs/search.md``).
    style
        Its temperament (:mod:`landsraad.ai.temperament`): ``balanced`` (default), ``aggressive``,
        ``cautious`` or ``mission-first``, or a :class:`~landsraad.ai.temperament.Temperament`.
        A seeded player varies its weights a little around the style's (the seed's draw), so
        games of the same pairing differ; the same seed plays the same game.
    """

    def __init__(self, seed: int | None = None, *, strict: bool = False, chances: dict[str, float] | None = None,
                 setup_plan: SetupPlan = HEURISTIC_PLAN, contest: bool = False,
                 style: str | Temperament = "balanced") -> None:
        self.rng = np.random.default_rng(seed)
        base = temperament(style) if isinstance(style, str) else style
        self.style = base.name
        self.temperament = jittered(base, seed)
        self.setup_plan = setup_plan
        self.contest = contest
        self.strict = strict
        self.chances = dict(chances or {})
        self.memory = HeuristicMemory()
        self.jobs: dict[str, tuple] = {}
        self._placed_terrain = 0

    # --- the protocol ---------------------------------------------------------------------------------

    handles_dice = False
    """The game rolls its dice in a physical-dice game (the Player protocol's flag)."""
    reads_state = True
    """It reads its view of the state at every decision."""

    def decide(self, decision: Decision, state: GameState | None) -> Answer:
        """The answer to ``decision`` (always legal), seeing ``state`` as its side may."""
        handler = getattr(self, f"_on_{decision.kind}", None)
        answer: Answer = None
        try:
            if handler is None:
                answer = self._fallback(decision)
            else:
                answer = handler(decision, state)
            answer = self._legal(decision, answer)
        except LandsraadError:  # an engine check refused what the handler built: answer safely
            if self.strict:
                raise
            answer = self._fallback(decision)
        return answer

    # --- safety -----------------------------------------------------------------------------------------

    def _legal(self, decision: Decision, answer: Answer) -> Answer:
        """``answer`` if legal, else a safe legal answer."""
        if answer is None:
            return None if decision.optional else self._fallback(decision)
        if decision.point is not None:
            point = point_of(answer)
            if _point_of(decision).allows(point):
                return point
            if self.strict:
                raise ValueError(f"The player chose an illegal point {point} for {decision.prompt!r}: {_point_of(decision).validate(point)}")
            return self._fallback(decision)
        if decision.ranked is not None:
            return list(names_of(answer))
        if answer in decision.choices:
            return answer
        if self.strict:
            raise ValueError(f"The player chose {answer!r}, not one of {decision.choices!r}, for {decision.prompt!r}.")
        return self._fallback(decision)

    def _fallback(self, decision: Decision) -> Answer:
        if decision.point is not None:
            if decision.optional:
                return None
            return _point_of(decision).candidates[0]
        if decision.ranked is not None:
            return list(decision.choices[: decision.ranked[0]])
        if decision.optional:
            return None
        for safe in ("rest", "no", "defend", "keep", "burn", "none"):
            if safe in decision.choices:
                return safe
        return decision.choices[0]

    def _first_valid(self, decision: Decision, points: Iterable[Point], state: GameState | None = None, limit: int = 10) -> Point | None:
        """The first of ``points`` the decision accepts (engine candidates are legal already).

        With ``state``, a point a straight slide cannot reach is checked only if its spot is
        free and near enough to leave room for a detour, and at most three such: a detour needs
        the geometry's costly path search. Of those, one whose path must be longer than the
        allowance (the geometry's quick lower bound, round the ends of walls) is refused without
        the search, and so is a straight slide longer than the allowance: a move decision's
        check is the geometry's verdict on the path (R-MOVE).

        The engine's candidates and the free spots are asked for only when a point needs them:
        most often the first point checked is legal, and finding either costs vectorised tests.
        """
        assert decision.point is not None
        spec = decision.point
        rounded = [(round(float(p[0]), 3), round(float(p[1]), 3)) for p in points]
        straight = free = None
        known: set[Point] | None = None
        board = None
        mover = decision.model
        here: Point = (0.0, 0.0)
        slack = 0.0
        if state is not None and decision.model and rounded:
            # one vectorised test of all: a point a straight slide cannot reach needs a detour,
            # the costly path search (difficult ground allowed here: its cost is the engine's check)
            board = state.board
            # (the open-ground slides within the allowance are kept for the checks: plan_move's result, untested again)
            straight = straight_slides(state, decision.model, rounded, spec.allowance_cm)
            here = state.model(_model_of(decision)).position
            slack = 0.8 * (_point_of(decision).allowance_cm or 0.0)
        beyond = None
        tried = detours = 0
        for k, p in enumerate(rounded):
            check, last, within = True, False, True
            if straight is not None and not straight[k]:
                if detours >= 3 or _dist(p, here) > slack:
                    check = False
                else:
                    if free is None:
                        assert board is not None and mover is not None  # read with the straight slides
                        free = free_spots(board, mover, rounded)
                    check = bool(free[k])
                    detours += check
                    if check and spec.allowance_cm is not None:
                        if beyond is None:
                            assert state is not None  # straight slides were tested on it
                            assert mover is not None
                            beyond = beyond_allowance(state, mover, rounded, spec.allowance_cm)
                        within = not beyond[k]
            else:
                tried += 1
                if tried > limit:
                    check, last = False, True
                elif straight is not None and spec.allowance_cm is not None:
                    # no path is shorter than the straight line (a point rounded beyond the allowance)
                    within = _dist(p, here) <= spec.allowance_cm + BOUND_SLACK_CM
            if check and within:
                if spec.allows(p):
                    return p
            elif straight is None or straight[k]:
                # A candidate is legal whatever the tests above say (a legal point is returned
                # anyway). Only a point not checked may be one: a point refused by the check is
                # not legal, and a point no clear straight slide reaches is not one of the engine's
                # candidates (straight slides all, the same test row by row), so neither costs
                # the candidates.
                if known is None:
                    known = set(spec.candidates)
                if p in known:
                    return p
            if last:
                break
        return None

    # --- set-up -----------------------------------------------------------------------------------------

    def _on_bid(self, decision: Decision, state: GameState) -> int:
        """R-SETUP-BID: as the set-up plan says (by default nothing for terrain and missions, one
        point for deployment, the rest for the first turn: :data:`~landsraad.ai.setup_plan.HEURISTIC_PLAN`)."""
        return self.setup_plan.bid(str(decision.info.get("step")), max(decision.choices))

    def _on_who_first(self, decision: Decision, state: GameState) -> str:
        """As the set-up plan says (by default: place terrain first; let the opponent pick missions
        and deploy first, to see before acting)."""
        return self.setup_plan.who_first(str(decision.info.get("step", "")), decision.side)

    def _on_first_player(self, decision: Decision, state: GameState) -> str:
        """R-FIRST: as the set-up plan says (by default first)."""
        return self.setup_plan.first_player

    def _on_terrain_piece(self, decision: Decision, state: GameState) -> str:
        """Place up to two pieces that block sight (cover on the way), then pass."""
        if self._placed_terrain >= 2 or len(decision.choices) <= 1:
            return "pass"

        kit = load_kit(decision.info.get("kit", "arrakeen"))
        heights = {p.id: (p.height if p.movement == "blocked" else p.height / 2) for p in kit.pieces}
        pieces = [c for c in decision.choices if c != "pass"]
        self._placed_terrain += 1
        return max(pieces, key=lambda c: (heights.get(c, 0.0), c))

    def _on_terrain_place(self, decision: Decision, state: GameState) -> Point:
        """Near the middle of the table, a little towards the own side (cover for the advance)."""
        edge = state.side_state(decision.side).edge
        mid = (state.width / 2, state.depth / 2)
        bias = {"south": (0, -6), "north": (0, 6), "west": (-6, 0), "east": (6, 0)}[edge]
        aim = (mid[0] + bias[0] + self.rng.uniform(-8, 8), mid[1] + bias[1])
        return min(_point_of(decision).candidates, key=lambda p: _dist(p, aim))

    def _on_pick_missions(self, decision: Decision, state: GameState) -> list[str]:
        """R-MISSION-PICK: the ranking worth most in expected victory points, each card's chance
        estimated from its data, the table and the opponent (:mod:`landsraad.ai.mission_hooks`)."""
        return self.mission_plans(decision, state, count=1)[0]

    def mission_plans(self, decision: Decision, state: GameState, count: int = 4) -> list[list[str]]:
        """The rankings this player would pick at ``decision`` (a ``pick_missions`` decision), best first.

        The first is the player's own answer; the others are the next best of other kinds
        (:func:`~landsraad.ai.mission_plan.mission_plans`), for a search to compare with it: at
        most ``count`` legal answers, none repeated (:func:`pick_rankings` with this player's
        :attr:`chances`).
        """
        return pick_rankings(decision, state, count=count, overrides=self.chances)

    def _on_treachery(self, decision: Decision, state: GameState) -> str:
        """Harkonnen Treachery: name the mission the opponent most likely picked, read from its side of
        the table as the player reads its own (the answer is only a flag of the state; it is not used)."""
        cards = mission_cards(state)
        opponent = other_side(decision.side)
        chances = estimate_chances(read_table(state, opponent), cards, decision.choices)

        def expected(mid: str) -> float:
            return expected_points(cards[mid], chances.get(mid, 0.0), 0) if mid in cards else -1e9
        return max(decision.choices, key=lambda mid: (expected(mid), mid))

    def _on_place_marker(self, decision: Decision, state: GameState) -> Point:
        """Own markers near the own lines; the opponent's markers far from the opponent (R-MISSIONS).

        Along the row, each goes where :attr:`setup_plan` says (:attr:`SetupPlan.own_markers`,
        :attr:`SetupPlan.opponent_markers`): nearest the middle (the heuristic's own plan) or
        nearest a side edge; an ambassador always goes in the side's own corner."""
        owner = decision.info.get("owner", decision.side)
        mission = decision.info.get("mission", "")
        me = decision.side
        my_edge = state.side_state(me).edge
        allows = _point_of(decision).allows  # the engine's verdict, no reason worded for the many spots tried
        horizontal = my_edge in ("south", "north")
        length, span = (state.depth, state.width) if horizontal else (state.width, state.depth)
        centre_along = span / 2

        def at(depth: float, along: float) -> Point:
            return {"south": (along, depth), "north": (along, state.depth - depth),
                    "west": (depth, along), "east": (state.width - depth, along)}[my_edge]

        cards = mission_cards(state)
        try:
            spec = cards[mission].marker(decision.info.get("marker", ""))
        except KeyError:  # not a card of this game or not one of its markers (UnknownNameError is a KeyError)
            spec = None

        ambassador = owner == me and spec is not None and spec.model is not None
        if owner != me:
            place = self.setup_plan.opponent_markers  # the opponent's cache or depots: in my half, near my lines
        elif ambassador:
            place = "flank"  # a token that is a model: in my own corner, behind my lines
        else:
            place = self.setup_plan.own_markers  # terminals, positions: where the plan wants them, spread apart

        def off_place(a: float) -> float:
            # how far along the row from where the marker should go: the nearer side edge, or the middle
            return min(a, span - a) if place == "flank" else abs(a - centre_along)

        alongs = np.arange(1.6, span - 1.5, 1.0)
        if owner == me and not ambassador:
            order = sorted(alongs, key=lambda a: off_place(a) + 0.6 * self._spread_penalty(state, at(20.0, a), me))
        else:
            order = sorted(alongs, key=off_place)
        # Rows from my own edge outwards, from the nearest the card allows (its distances are from the
        # token's nearest point); the first row with a legal spot wins (R-MISSIONS: the card's rules).
        start = 1.6
        if spec is not None:
            near_mine = spec.min_from_own_edge_cm if owner == me else spec.min_from_opponent_edge_cm
            start = max(start, spec.size_mm / 20.0 + max(spec.min_from_edges_cm, near_mine) + 0.1)
        for depth in np.arange(start, length - 1.5, 1.0):
            tried = 0
            for along in order:
                p = at(float(depth), float(along))
                tried += 1
                if allows(p):
                    return p
                if owner != me and tried >= 14:
                    break
        return _point_of(decision).candidates[0]

    @staticmethod
    def _spread_penalty(state: GameState, p: Point, side: str) -> float:
        mine = [(k.x, k.y) for k in state.markers if k.owner == side]
        return sum(max(0.0, 14.0 - _dist(p, q)) for q in mine)

    def _on_deploy(self, decision: Decision, state: GameState) -> Point:
        """R-DEPLOY: along the own edge, near the side's objectives (its ambassador, its markers)."""
        me = decision.side
        m = state.model(_model_of(decision))
        edge = state.side_state(me).edge
        aims = [(k.x, k.y) for k in state.markers if k.owner == me and not k.destroyed]
        amb = [a for a in state.models if a.side == me and a.ambassador]
        aims += [a.position for a in amb] * 2
        horizontal = edge in ("south", "north")
        if aims:
            centre = float(np.mean([p[0] if horizontal else p[1] for p in aims]))
        else:
            centre = (state.width if horizontal else state.depth) / 2
        # The temperament's facing (issue 45): towards the enemy's models already deployed (a
        # fight sought), or away from them (a fight avoided).
        facing = self.temperament.facing
        foes = [o for o in state.models if o.side != me and not o.removed and o.deployed and not o.ambassador]
        if foes and facing:
            theirs = float(np.mean([o.x if horizontal else o.y for o in foes]))
            size = state.width if horizontal else state.depth
            centre = min(max(centre + facing * (theirs - centre), 3.0), size - 3.0)
        deployed = [o for o in state.models_of(me) if o.id != m.id and _edge_distance(state, o.position, _r(o), edge) < 0.5]
        # Spread around the centre: the k-th model at alternate sides.
        k = len(deployed)
        offset = ((k + 1) // 2) * 4.0 * (1 if k % 2 else -1)
        along = min(max(centre + offset, 3.0), (state.width if horizontal else state.depth) - 3.0)
        r = _r(m)
        base = (along, r + 0.01) if edge == "south" else (along, state.depth - r - 0.01) if edge == "north" else \
            (r + 0.01, along) if edge == "west" else (state.width - r - 0.01, along)
        points = [base]
        for step in (1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 10.0, 14.0, 18.0):
            for s in (1, -1):
                q = (base[0] + s * step, base[1]) if horizontal else (base[0], base[1] + s * step)
                points.append(q)
        others = [o for o in state.models if o.id != m.id and not o.removed and (o.x, o.y) != (0.0, 0.0)]
        roomy = [p for p in points if all(_gap_at(p, r, o) >= 1.0 for o in others)]
        got = self._first_valid(decision, roomy) or self._first_valid(decision, points)
        if got is not None:
            return got
        return min(_point_of(decision).candidates, key=lambda p: abs((p[0] if horizontal else p[1]) - along))

    # --- activations -----------------------------------------------------------------------------------

    def _on_activate(self, decision: Decision, state: GameState) -> str:
        """The model with the best plan. It never passes (PRJ-101): an activation may always rest,
        which costs nothing a pass would spare but the table time, and a rest recovers the others'
        fatigue (R-FATIGUE-REST) where a pass does not."""
        self.memory = HeuristicMemory()
        planner = Planner(self, state, decision.side)
        models = tuple(c for c in decision.choices if c != PASS)
        plan = planner.leader(models)  # the others are ranked only if asked (activation_ranking)
        self.memory.choices = models
        self.memory.plan = plan
        self.memory.planner = planner
        for mid in models:
            self.memory.held[mid] = state.model(mid).fatigue
        return plan.model

    def activation_ranking(self) -> tuple[str, ...]:
        """The models of the last ``activate`` decision answered, best plan first (the first is
        the one chosen); empty before any. A search player spends its rollouts on the top ones."""
        memory = self.memory
        if memory.ranking is None:
            ranked = memory.planner.ranked(memory.choices) if memory.planner is not None and memory.choices else []
            memory.ranking = tuple(p.model for p in ranked)
        return memory.ranking

    def _on_spice(self, decision: Decision, state: GameState) -> str:
        """R-SPICE, RUL-10: a dose for a fight, or for a wounded model."""
        plan = self.memory.plan
        m = state.model(_model_of(decision))
        fighting = plan is not None and plan.model == m.id and plan.kind in ("charge", "melee")
        wounded = m.wound != "none" or bool(m.poisons)
        return "consume" if (fighting or (wounded and m.spice_doses > 1)) else "keep"

    def _on_free_move(self, decision: Decision, state: GameState) -> Point | None:
        plan = self.memory.plan
        m = state.model(_model_of(decision))
        if plan is None or plan.model != m.id:
            plan = Planner(self, state, m.side).best((m.id,))
            self.memory.plan = plan
        if decision.info.get("when", "after" if self.memory.acted else "before") == "before":
            if plan.before is None and plan.contact is None:
                return None
            return self._reach(decision, state, m, plan)
        goal = plan.goal
        if goal is None:
            return None
        return self._head_for(decision, state, m, goal)

    def _on_action(self, decision: Decision, state: GameState) -> str:
        """The declaration at designation (PRJ-100): the plan's action. One that needs the free move
        first (a charge, a marker out of contact) is declared only if a legal end of the free move
        makes it possible; else the plan becomes an approach (a Move action towards the contact)."""
        self.memory.acted = True
        plan = self.memory.plan
        m = state.model(_model_of(decision))
        later = set(decision.info.get("after_free_move", ()))
        if plan is not None and plan.model == m.id and plan.action in decision.choices:
            if plan.action not in later:
                return plan.action
            if self._contact_point(state, m, plan) is not None:
                return plan.action
            plan.contact_failed = True
            plan.before = None
        planner = Planner(self, state, m.side)
        return planner.best_action(m, [c for c in decision.choices if c not in later], plan)

    def _contact_point(self, state: GameState, m: ModelState, plan: Plan) -> Point | None:
        """A legal end of the free move that makes the plan's declared action legal (the contact it
        needs), found as the free move will be asked (R-MOVE, PRJ-100); kept as the plan's ``before``."""
        held = self.memory.held.get(m.id, m.fatigue)
        reach = allowance(state, m.id, held)
        spots = [] if plan.before is None else [(round(plan.before[0], 3), round(plan.before[1], 3))]
        if plan.contact is not None:
            spots += self._contact_spots(m, plan.contact, reach)
        if not spots:
            return None
        # the straight slides first (one vectorised test), then at most two detours: a detour is the
        # geometry's costly path search (as _first_valid rations them)
        straight = straight_slides(state, m.id, spots, reach)
        order = [p for p, ok in zip(spots, straight) if ok] + [p for p, ok in zip(spots, straight) if not ok][:2]
        for p in order:
            if action_problem_at(state, m.id, held, plan.action, p) is None and plan_move(state, m.id, p, reach).legal:
                plan.before, plan.checked_before = p, True
                return p
        return None

    @staticmethod
    def _contact_spots(m: ModelState, target: ModelState | MarkerState, allowance: float) -> list[Point]:
        """Spots in contact with ``target`` (a model, or a marker the base may overlap), facing the mover first."""
        tr = _r(target)
        reach = tr + _r(m) + (0.03 if hasattr(target, "base_mm") else -0.2)
        here = m.position
        d = _dist(here, (target.x, target.y)) or 1.0
        spot = (target.x + (here[0] - target.x) / d * reach, target.y + (here[1] - target.y) / d * reach)
        points = []
        for angle in (0.0, 0.35, -0.35, 0.7, -0.7, 1.05, -1.05, 1.4, -1.4):
            p = _rotate_about((target.x, target.y), spot, angle)
            if _dist(here, p) <= allowance + 1e-6:
                points.append((round(p[0], 3), round(p[1], 3)))
        return points

    def _on_move(self, decision: Decision, state: GameState) -> Point | None:
        plan = self.memory.plan
        m = state.model(_model_of(decision))
        goal = plan.move_to if plan is not None and plan.move_to is not None else (plan.goal if plan is not None else None)
        if goal is None:
            return None
        return self._head_for(decision, state, m, goal)

    def _reach(self, decision: Decision, state: GameState, m: ModelState, plan: Plan) -> Point | None:
        """The free move of a plan: into contact with its target (a charge, a marker), or to its point."""
        allowance = _point_of(decision).allowance_cm or m.profile.movement
        target = plan.contact
        points: list[Point] = []
        if plan.before is not None:
            before = (round(plan.before[0], 3), round(plan.before[1], 3))
            if plan.checked_before and _point_of(decision).validate(before) is None:
                return before  # the end the declaration found legal (a detour _first_valid would not try)
            points.append(plan.before)  # the plan's point
        if target is not None:
            points += self._contact_spots(m, target, allowance)
        got = self._first_valid(decision, points, state) if points else None
        if got is not None:
            return got
        # Out of reach after all (a detour round terrain or models): get as near as the move goes.
        plan.contact_failed = True
        goal = plan.goal or (plan.move_to if plan.move_to is not None else (None if target is None else (target.x, target.y)))
        if goal is not None:
            return self._head_for(decision, state, m, goal)
        return None

    def _head_for(self, decision: Decision, state: GameState, m: ModelState, goal: Point) -> Point | None:
        """A legal point of the decision's allowance that gets nearest to ``goal``, away from danger."""
        allowance = _point_of(decision).allowance_cm or m.profile.movement
        here = m.position
        r = _r(m)
        if _dist(here, goal) < 0.3:
            return None
        reach = max(0.0, allowance - 0.02)  # points are rounded: never beyond the allowance
        points = []
        for angle in (0.0, 0.3, -0.3, 0.6, -0.6, 1.0, -1.0):
            for frac in (1.0, 0.6, 0.35):
                p = _toward(here, goal, reach * frac)
                if angle:
                    p = _rotate_about(here, p, angle)
                points.append(_clamp(state, p, r))
        for k in range(8):  # the compass too: a model between two friends can only slide straight out
            a = k * math.pi / 4
            points.append(_clamp(state, (here[0] + math.cos(a) * reach, here[1] + math.sin(a) * reach), r))
        danger = self._danger(state, m)
        caution = self.temperament.caution
        # Closing in on a fight (a hunt), under cover from the enemy's guns (issue 45); a mission's
        # move weighs only the winning charges (on seeds 45000-45005 cover on every move cost games).
        plan = self.memory.plan
        if plan is not None and plan.model == m.id and plan.hunted:
            exposure = self._exposure(state, m)

            def score(p: Point) -> float:  # nearer the goal, out of winning charges, under cover
                return _dist(p, goal) + caution * (danger.at(p) + COVER_WEIGHT * exposure.at(p))
        else:
            def score(p: Point) -> float:  # nearer the goal, out of winning charges (no cover: its weight is 0)
                return _dist(p, goal) + caution * danger.at(p)
        scores = {p: score(p) for p in set((round(p[0], 3), round(p[1], 3)) for p in points)}  # each scored once
        scored = [p for p in sorted(scores, key=scores.__getitem__) if _dist(p, here) <= allowance]
        cands = [(round(p[0], 3), round(p[1], 3)) for p in _point_of(decision).candidates]
        best_cand = min(cands, key=score) if cands else None
        if best_cand is not None:
            # A point scoring worse than the best candidate is never the answer, legal or not (the
            # candidate beats it and every point after it): only the points before it are checked,
            # and the checks spared are often path searches.
            bar = score(best_cand)
            scored = [p for p in scored if scores[p] <= bar]
        got = self._first_valid(decision, scored, state, limit=4)
        options = [p for p in (got, best_cand) if p is not None]
        if not options:
            return None
        best = min(options, key=score)
        if score(best) >= score(here) - 0.2:
            return None
        return best

    def _exposure(self, state: GameState, m: ModelState) -> "Exposure":
        """The exposure map of ``m`` to enemy guns: the activation's planner's when it is this side's turn."""
        planner = self.memory.planner
        if planner is not None and planner.side == m.side and state.to_act == m.side:
            return planner.exposure(m)
        return Exposure(state, m)

    def _danger(self, state: GameState, m: ModelState) -> "Danger":
        """The danger map of ``m``: the activation's planner's when it is this side's turn."""
        planner = self.memory.planner
        if planner is not None and planner.side == m.side and state.to_act == m.side:
            return planner.danger(m)
        return Danger(state, m)

    # --- combat -----------------------------------------------------------------------------------------

    def _on_weapon(self, decision: Decision, state: GameState) -> str:
        """RUL-15: the carried weapon that fights or shoots best here."""
        m = state.model(_model_of(decision))
        weapons = {w.id: w for w in m.weapons}
        kind = "melee" if "melee" in decision.prompt else "shoot"
        held = self.memory.held.get(m.id)
        active = state.to_act == m.side and held is not None
        if kind == "melee":
            enemy = self._melee_enemy(state, m)
            best, best_v = decision.choices[0], -1e9
            for wid in decision.choices:
                me = _comb(state, m.id, weapon=weapons[wid], activation_fatigue=held if active else None)
                if enemy is None:
                    v = _weapon_score(weapons[wid])
                else:
                    foe = _assumed_weapon(state, enemy)
                    t = clash_table(me, foe, 1.0, 1.0, state.ruleset) if active else clash_table(foe, me, 1.0, 1.0, state.ruleset)
                    v = t.value if active else -t.value
                if v > best_v + 1e-9:
                    best, best_v = wid, v
            self.memory.weapons[m.id] = best
            return best
        best = max(decision.choices, key=lambda wid: _weapon_score(weapons[wid]))
        return best

    def _melee_enemy(self, state: GameState, m: ModelState) -> ModelState | None:
        plan = self.memory.plan
        if plan is not None and plan.target is not None and state.to_act == m.side:
            try:
                return state.model(plan.target)
            except RuleError:  # the target has left the game
                return None
        foes = [e for e in state.enemies_of(m.id) if _gap(e, m) <= state.ruleset.contact_tolerance_cm + 1e-6]
        return foes[0] if foes else None

    def _on_poison(self, decision: Decision, state: GameState) -> str:
        """The Knife rule (R-POISON): the strongest poison it carries."""
        order = ("deadly", "dangerous", "paralysing", "blinding", "irritant", "crippling", "will_breaker")
        for kind in order:
            for c in decision.choices:
                if str(c).split()[0] == kind:
                    return c
        return decision.choices[0]

    def _clash_for(self, state: GameState, decision: Decision) -> tuple[ClashTable, str]:
        """The clash table of the fight in progress and this side's role in it."""
        info = decision.info
        me = state.model(_model_of(decision))
        role = info.get("role", "attacker")
        opp_id = info.get("opponent")
        if opp_id is None:
            foes = [e for e in state.enemies_of(me.id) if _gap(e, me) <= 0.2]
            opp_id = foes[0].id if foes else None
        opp = state.model(opp_id) if opp_id else None
        wid = self.memory.weapons.get(me.id)
        weapon = next((w for w in me.weapons if w.id == wid), None) or _best_melee(me)
        held = self.memory.held.get(me.id) if role == "attacker" else None
        if role == "attacker" and held is None:
            held = max(0, me.fatigue - 1)
        mine = _comb(state, me.id, weapon=weapon, activation_fatigue=held)
        if opp is None:

            theirs = Combatant()
        else:
            theirs = _assumed_weapon(state, opp)
        if role == "attacker":
            return clash_table(mine, theirs, _worth(state, me), _worth(state, opp) if opp else 1.0, state.ruleset), role
        return clash_table(theirs, mine, _worth(state, opp) if opp else 1.0, _worth(state, me), state.ruleset), role

    def _on_stance(self, decision: Decision, state: GameState) -> str:
        """R-TEST-CLASH: the stance worth more with these dice against the opponent's likely stance."""
        if len(decision.choices) == 1:
            return decision.choices[0]
        t, role = self._clash_for(state, decision)
        dice = decision.info["dice"]
        if role == "attacker":
            va, vd = t.attacker_values(dice)
        else:
            va, vd = t.defender_values(dice)
        return "attack" if va > vd + 1e-9 else "defend"

    def _on_lower_neutral(self, decision: Decision, state: GameState) -> int:
        """R-NEUTRAL-DOWN, RUL-03: as low as the blow needs (a shield), keeping the initiative when both attack."""
        info = decision.info
        role = info.get("role", "attacker")
        if role == "disengage_opponent":
            return self._lower_against_disengage(decision, state)
        stances = info.get("stances", {})
        mine, theirs = ("attacker", "defender") if role == "attacker" else ("defender", "attacker")
        rolled = int(max(decision.choices))
        if stances.get(mine) != "attack":
            return rolled
        t, _ = self._clash_for(state, decision)
        blow = t.blow_a if role == "attacker" else t.blow_d
        if stances.get(theirs) != "attack":
            return _best_lower(blow, rolled) + 1
        other_rolled = int((info["defender_dice"] if role == "attacker" else info["attacker_dice"])[0])
        x, y = (rolled, other_rolled) if role == "attacker" else (other_rolled, rolled)
        xs, ys = np.arange(1, x + 1), np.arange(1, y + 1)
        u = np.array([[t.payoff(int(a), int(b)) for b in ys] for a in xs])
        order = info.get("order", "secret")
        if role == "defender":
            u = -u.T  # rows: my choices; value to me
        if order == "secret":

            p, _, _ = solve_zero_sum(u)
            k = int(self.rng.choice(len(p), p=p / p.sum()))
            return k + 1
        if order == role:  # I lower first; the other answers knowing it
            answers = u.min(axis=1)
            return _best_lower(answers, len(answers)) + 1
        # The other lowered first (its choice is not shown): assume it played its best, then answer it.
        other_best = _best_lower(-u.max(axis=0), u.shape[1])
        return _best_lower(u[:, other_best], u.shape[0]) + 1

    def _lower_against_disengage(self, decision: Decision, state: GameState) -> int:
        """R-DISENGAGE, PRJ-17: the neutral that hurts the model breaking away most if it fails,
        read from the kernel for each choice (every die is known by then); the least lowering among equals."""

        info = decision.info
        me = state.model(_model_of(decision))
        mover = next((e for e in state.enemies_of(me.id) if _gap(e, me) <= 0.2 and e.side == state.to_act), None)
        rolled = int(max(decision.choices))
        if mover is None:
            return rolled
        wid = self.memory.weapons.get(me.id)
        mine = _comb(state, me.id, weapon=next((w for w in me.weapons if w.id == wid), None) or _best_melee(me))
        theirs = _comb(state, mover.id, weapon=_best_melee(mover), activation_fatigue=max(0, mover.fatigue - 1))
        best, best_v = rolled, -1.0
        for y in sorted(decision.choices, reverse=True):
            try:
                ev = resolve_disengage(theirs, mine, mover_dice=info["mover_dice"], opponent_dice=info["opponent_dice"],
                                       opponent_neutral=int(y), compare=state.ruleset.disengage_compare, ruleset=state.ruleset)
            except RuleError:  # a lowering the rules do not allow
                continue
            v = 0.0 if ev.success else float(HARM[_RESULT_INDEX[ev.wound]])
            if v > best_v + 1e-12:
                best, best_v = int(y), v
        return best

    def _on_push(self, decision: Decision, state: GameState) -> str:
        """R-MELEE-OPTIONS, PRJ-15: push when striking first (it cancels the return blow)."""
        info = decision.info
        role = info.get("role", "attacker")
        stances = info.get("stances", {})
        other = "defender" if role == "attacker" else "attacker"
        if stances.get(other) == "attack":
            t, _ = self._clash_for(state, decision)
            neutral = info.get("neutral", {})
            mine = t.initiative(role, int(neutral.get(role, 10)))
            theirs = t.initiative(other, int(neutral.get(other, 10)))
            return "push" if mine > theirs else "no"
        # A lone blow: push an enemy off my objective, or away when it outfights me.
        t, _ = self._clash_for(state, decision)
        me = state.model(_model_of(decision))
        worse = (t.value < 0) if role == "attacker" else (t.value > 0)
        near_objective = any(k.owner == me.side and _gap(k, me) < 3.0 for k in state.markers) or \
            any(a.side == me.side and a.ambassador and _gap(a, me) < 3.0 for a in state.models)
        return "push" if (worse or near_objective) else "no"

    def _on_push_distance(self, decision: Decision, state: GameState) -> int:
        return max(decision.choices)

    def _on_step_away(self, decision: Decision, state: GameState) -> Point | None:
        """After defending, step away from a fight it is losing or when badly hurt, unless it holds a position."""
        me = state.model(_model_of(decision))
        planner = Planner(self, state, me.side)
        job = planner.assignment.get(me.id)
        if job is not None and job.hold and job.marker is not None and planner._at_hold(me, job):
            return None  # it holds a marker: it stays
        foes = [e for e in state.enemies_of(me.id) if _gap(e, me) <= 0.2]
        if not foes:
            return None
        value = min(planner.melee_value(me, e, active=False) for e in foes)
        badly_hurt = me.wound in ("grave", "fatal") or me.has_poison("dangerous") or me.has_poison("paralysing")
        if value >= 0 and not badly_hurt:
            return None
        return _point_of(decision).candidates[0] if _point_of(decision).candidates else None

    def _on_laser_mode(self, decision: Decision, state: GameState) -> str:
        """R-LASER: the mode the plan chose (burn the nearest target, or a blast where it is worth
        more: two enemies, a marker to blow up), else the better of the two now."""
        plan = self.memory.plan
        m = state.model(_model_of(decision))
        if plan is not None and plan.model == m.id and any(f"shoot:{x.id}" == plan.action and x.laser for x in m.weapons):
            return plan.laser_mode
        w = next((x for x in m.weapons if x.laser), None)
        if w is None:
            return "burn"
        return Planner(self, state, m.side).laser_choice(m, w, held=self.memory.held.get(m.id))[0]

    def _on_target(self, decision: Decision, state: GameState) -> str:
        """RUL-08 ties: of the equally near enemies, the one the shot hurts most."""
        me = state.model(_model_of(decision))
        planner = Planner(self, state, me.side)
        weapon = next((w for w in me.weapons if self.memory.plan is not None and self.memory.plan.action == f"shoot:{w.id}"), None)
        weapon = weapon or max((w for w in me.weapons if w.is_ranged), key=_weapon_score, default=None)

        def value(e: str) -> tuple[float, str]:
            target = state.model(e)
            v = planner.shot_value(me, weapon, target, max(0.0, _gap(me, target)), held=self.memory.held.get(me.id)) if weapon else 0.0
            return (v + 0.01 * _worth(state, target), e)
        return max(decision.choices, key=value)

    def _on_aim(self, decision: Decision, state: GameState) -> Point:
        """R-TEMPLATE: where the template covers the most enemy worth and no friend."""
        me = state.model(_model_of(decision))
        direct = "direct" in decision.prompt
        plan = self.memory.plan
        if not direct and plan is not None and plan.model == me.id and plan.aim is not None:
            aim = (round(float(plan.aim[0]), 3), round(float(plan.aim[1]), 3))
            if _point_of(decision).validate(aim) is None:
                return aim
        # An explosive blast also threatens the markers under it (PRJ-73): the ones worth blowing up count.
        weapon = next((w for w in me.weapons if plan is not None and plan.model == me.id and plan.action == f"shoot:{w.id}"), None)
        explosive = not direct and weapon is not None and plan is not None and (weapon.explosive or plan.laser_mode == "explosive")
        planner = Planner(self, state, me.side) if explosive else None
        best, best_v = _point_of(decision).candidates[0], -1e9
        length = 20.0
        for p in _point_of(decision).candidates:
            v = 0.0
            if planner is not None:
                v += sum(planner.blast_worth(k) for k in state.markers if k.on_table and _dist((k.x, k.y), p) <= 5.0 + _r(k))
            for o in state.models:
                if o.removed or o.id == me.id:
                    continue
                if direct:
                    hit = _near_segment(me.position, _toward(me.position, p, length + _r(me)), (o.x, o.y)) <= _r(o) + 0.05
                else:
                    hit = _dist((o.x, o.y), p) <= 5.0 + _r(o)
                if hit:
                    sign = -1.5 if o.side == me.side else 1.0
                    shield = o.profile.shield != "none" and o.jammed_by is None and not state.ruleset.arrakis
                    v += sign * (0.1 if shield else 1.0) * _worth(state, o)
            if v > best_v:
                best, best_v = p, v
        return best

    def _on_dodge(self, decision: Decision, state: GameState) -> Point | None:
        """RUL-09: out of a template, else away from the shooter, towards its objective."""
        m = state.model(_model_of(decision))
        cands = _point_of(decision).candidates
        if not cands:
            return None
        if "template" in decision.prompt.lower() or len(cands) == 1:
            return cands[0]
        planner = Planner(self, state, m.side)
        job = planner.assignment.get(m.id)
        if job is not None and job.hold and planner._at_hold(m, job):
            return None  # it holds an objective: it stays
        danger = planner.danger(m)
        goal = planner.goal_of(m)

        def score(p: Point) -> float:
            return danger.at(p) * 3 + (0.15 * _dist(p, goal) if goal else 0.0) - 0.2 * min((_dist(p, e.position) for e in state.enemies_of(m.id)), default=0.0)
        best = min(cands, key=score)
        return best if score(best) < score(m.position) else None

    def _on_disengage_opponent(self, decision: Decision, state: GameState) -> str:
        """R-DISENGAGE: the model of mine most likely to hurt the one breaking away."""
        mover = None
        for c in decision.choices:
            for e in state.enemies_of(c):
                if _gap(e, state.model(c)) <= 0.2 and state.to_act == e.side:
                    mover = e
        if mover is None:
            return decision.choices[0]
        mv = _comb(state, mover.id, weapon=_best_melee(mover))

        def harm(cid: str) -> float:
            o = state.model(cid)
            _, _, h = _disengage(mv, _comb(state, cid, weapon=_best_melee(o)), state.ruleset)
            return h
        return max(decision.choices, key=harm)

    def _on_disengage_move(self, decision: Decision, state: GameState) -> Point | None:
        m = state.model(_model_of(decision))
        cands = _point_of(decision).candidates
        if not cands:
            return None
        danger = self._danger(state, m)
        goal = Planner(self, state, m.side).goal_of(m)
        return min(cands, key=lambda p: danger.at(p) * 3 + (0.1 * _dist(p, goal) if goal else 0.0))

    def _on_place_hunter_seeker(self, decision: Decision, state: GameState) -> Point:
        """The template on the most valuable enemy that has no friend of mine nearby (it attacks whoever crosses it)."""
        me = state.model(_model_of(decision))
        def score(p: Point) -> float:
            v = 0.0
            for o in state.models:
                if o.removed or o.out_of_action or o.ambassador:
                    continue
                if _dist(o.position, p) <= 5.0 + _r(o) + 2.0:
                    v += (-2.0 if o.side == me.side else 1.0) * _worth(state, o)
            return v
        return max(_point_of(decision).candidates, key=score)

    def _on_place_jammer(self, decision: Decision, state: GameState) -> Point:
        """Over shielded enemies near my fighters and shooters."""
        me = state.model(_model_of(decision))
        def score(p: Point) -> float:
            v = 0.0
            for o in state.models:
                if o.removed or _dist(o.position, p) > 5.0 + _r(o):
                    continue
                shielded = o.profile.shield != "none"
                v += (1.0 if o.side != me.side else -1.0) * (1.0 if shielded else 0.1)
            return v
        return max(_point_of(decision).candidates, key=score)


