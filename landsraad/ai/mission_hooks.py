"""What each mission evaluator means to the heuristic player: one table, evaluator name -> hook
(R-MISSIONS).

A mission card is data (:mod:`landsraad.missions`): markers with their placement rules,
special actions (a marker, requirements, an effect) and a success condition naming an
evaluator with its parameters. The player never branches on a card's id: it reads

- the card's **special actions** (:func:`action_jobs`, for every card): an action on a marker
  is a job at each of the side's markers of that kind still to be done (activate, destroy,
  pick up); a carried marker goes home by the card's ``deliver`` action (:func:`carry_job`);
  an action on an enemy model (a capture) is taken when the engine offers it;
- the card's **success evaluator** through :data:`MISSION_HOOKS`: what else to do (hold the
  markers, stand near the enemy edge, hold quarters, guard the ambassador), which enemies are
  worth more dead (kill evaluators), whether the side wants its markers destroyed (explosives),
  and the card's chance of success estimated from the table at pick time
  (:class:`~landsraad.ai.reading.TableReading`).

A new card that reuses registered evaluators and action effects is played with no code
change. An evaluator the table does not know falls back to :data:`FALLBACK`: the player still
takes the card's special actions at its markers, and estimates its chance from the markers'
distances alone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Mapping, Protocol, Sequence

from ..engine.state import GameState, MarkerState, ModelState, Side
from ..missions import Edge, MarkerSpec, MissionCard, SpecialAction, opposite_edge, quarter
from .jobs import Job, marker_kind
from .reading import TableReading
from .spots import _edge_distance, _edge_point, _gap, _r, _toward
from .tables import _best_melee, _comb, clash_table


class TableSide(Protocol):
    """What a hook reads of one activation's planner (:class:`~landsraad.ai.planner.Planner`)."""

    @property
    def state(self) -> GameState: ...

    @property
    def side(self) -> str: ...

    @property
    def enemy(self) -> Side: ...

    @property
    def edge(self) -> Edge: ...

    @property
    def enemies(self) -> list[ModelState]: ...

    def swing(self, mission: str) -> float: ...


JobBuilder = Callable[[TableSide, MissionCard, Mapping[str, float]], list[Job]]
ChanceEstimator = Callable[[TableReading, MissionCard, Mapping[str, float]], float]
KillBonus = Callable[[TableSide, MissionCard, Mapping[str, float], ModelState], float]


def _no_jobs(t: TableSide, card: MissionCard, params: Mapping[str, float]) -> list[Job]:
    return []


def _no_bonus(t: TableSide, card: MissionCard, params: Mapping[str, float], e: ModelState) -> float:
    return 0.0


@dataclass(frozen=True)
class MissionHook:
    """What the player makes of one success evaluator.

    Attributes
    ----------
    jobs
        Jobs beyond the card's special actions (holds, guards), each worth a share of the card's swing.
    chance
        The card's chance of success at pick time, before clipping to [0.05, 0.95].
    kill
        The share of the card's swing that killing an enemy model now would win.
    destroy
        Whether the side wants its own markers of the card destroyed (explosives, an explosive shot).
    contest
        Jobs that deny the card to the opponent who picked it (standing on its markers), for a
        player that contests (:func:`contest_jobs`).
    """

    jobs: JobBuilder = _no_jobs
    chance: ChanceEstimator | None = None
    kill: KillBonus = _no_bonus
    destroy: bool = False
    contest: JobBuilder = _no_jobs


# --- shared readings ------------------------------------------------------------------------------


def own_markers(t: TableSide, card: MissionCard, kind: str | None = None) -> list[MarkerState]:
    """The side's markers of ``card`` (of marker kind ``kind`` if given)."""
    out = [k for k in t.state.markers if k.owner == t.side and k.mission == card.id]
    if kind is not None:
        out = [k for k in out if marker_kind(card, k.id) == kind]
    return out


_DONE = {"activate": "activated", "destroy": "destroyed", "deliver": "delivered"}
"""The marker flag each action effect sets: the work it counts for the evaluators."""

_EFFECT_SHARE = {"activate": 0.9, "destroy": 0.8, "pick_up": 0.5}
"""How much of a marker's share of the swing taking the action is worth (the rest needs more work:
a test, carrying the marker home)."""


def action_jobs(t: TableSide, card: MissionCard, params: Mapping[str, float]) -> list[Job]:
    """A job at every marker of the side that one of the card's marker actions still has work on
    (the action's key is the engine's: ``mission:<card>:<action>:<marker>``)."""
    jobs: list[Job] = []
    swing = t.swing(card.id)
    for action in card.special_actions:
        req = set(action.requires)
        if action.marker is None or "contact_own_marker" not in req:
            continue
        mine = own_markers(t, card, action.marker)
        flag = _DONE.get(action.effect)
        needed = int(params.get("markers", len(mine)) or len(mine))
        if flag is not None and sum(1 for k in mine if getattr(k, flag)) >= needed:
            continue
        left = [k for k in mine if k.on_table and not ("marker_not_activated" in req and k.activated)]
        if action.effect == "activate":
            left = [k for k in left if not k.activated]
        share = _EFFECT_SHARE.get(action.effect, 0.7)
        for k in left:
            jobs.append(Job(action.effect, (k.x, k.y), swing / max(1, len(left)) * share, marker=k.id,
                            action=f"mission:{card.id}:{action.id}:{k.id}", radius=_r(k)))
    return jobs


def carry_job(t: TableSide, cards: Mapping[str, MissionCard], m: ModelState) -> Job | None:
    """The job of a model carrying a marker: the card's ``deliver`` action (at its own edge when the
    action needs it), else into its own half (a carried marker held there counts as secured)."""
    k = next((x for x in t.state.markers if x.id == m.carrying), None)
    card = cards.get(k.mission) if k is not None else None
    if k is None or card is None or k.owner != t.side:
        return None
    kind = marker_kind(card, k.id)
    swing = t.swing(card.id)
    for action in card.special_actions:
        if action.effect == "deliver" and action.marker == kind and "carrying_own_marker" in action.requires:
            if "touching_own_edge" in action.requires:
                goal = _edge_point(t.state, m.position, _r(m), t.edge)
                return Job("deliver", goal, swing * 0.6, marker=None, action=f"mission:{card.id}:{action.id}:{k.id}", edge=t.edge)
            return Job("deliver", m.position, swing * 0.6, action=f"mission:{card.id}:{action.id}:{k.id}")
    half = (t.state.depth if t.edge in ("south", "north") else t.state.width) / 2.0
    goal = _edge_point(t.state, m.position, _r(m), t.edge, inset=half / 2.0)
    return Job("carry", goal, swing * 0.6, hold=True, edge=t.edge, within_cm=half - 2 * _r(m) - 0.5)


# --- jobs by evaluator ---------------------------------------------------------------------------------


def _hold_markers(t: TableSide, card: MissionCard, params: Mapping[str, float]) -> list[Job]:
    """Hold the side's markers: a model in base contact with each at the end (PRJ-70, PRJ-71)."""
    left = [k for k in own_markers(t, card) if not k.destroyed and not k.carried_by and not k.delivered]
    needed = max(1, min(len(left), int(params.get("markers", len(left)) or 1)))
    return [Job("position", (k.x, k.y), t.swing(card.id) / needed, marker=k.id, hold=True, radius=_r(k)) for k in left]


def _contest_markers(t: TableSide, card: MissionCard, params: Mapping[str, float]) -> list[Job]:
    """Stand in base contact with the opponent's markers of ``card``: a contesting model there at
    the end denies the opponent the marker (PRJ-70, PRJ-71), and one denied marker fails a card that
    needs them all. Each is worth a share of the card's mean swing (the opponent's rank is secret,
    R-MISSIONS)."""
    theirs = [k for k in t.state.markers if k.owner == t.enemy and k.mission == card.id and k.on_table]
    swing = sum(s - f for s, f in zip(card.values.success, card.values.failure)) / len(card.values.success)
    return [Job("contest", (k.x, k.y), swing / len(theirs), marker=k.id, hold=True, radius=_r(k)) for k in theirs]


def _near_enemy_edge(t: TableSide, card: MissionCard, params: Mapping[str, float]) -> list[Job]:
    """Stand ``models`` models within ``within_cm`` of the opponent's edge, spread along it."""
    s = t.state
    n = max(1, int(params.get("models", 1)))
    within = float(params.get("within_cm", 10.0))
    far = opposite_edge(t.edge)
    depth = min(within / 2.0 + 0.5, within)
    jobs = []
    for i in range(n):
        along = (i + 1) / (n + 1) * (s.width if far in ("south", "north") else s.depth)
        p = {"north": (along, s.depth - depth), "south": (along, depth), "east": (s.width - depth, along), "west": (depth, along)}[far]
        jobs.append(Job("edge", p, t.swing(card.id) / n, hold=True, edge=far, within_cm=within))
    return jobs


def _quarters(t: TableSide, card: MissionCard, params: Mapping[str, float]) -> list[Job]:
    """Stand in the ``quarters`` table quarters nearest the own edge."""
    s = t.state
    w, d = s.width, s.depth
    n = max(1, min(4, int(params.get("quarters", 3))))
    centres = sorted([(w / 4, d / 4), (3 * w / 4, d / 4), (w / 4, 3 * d / 4), (3 * w / 4, 3 * d / 4)],
                     key=lambda q: _edge_distance(s, q, 0, t.edge))
    return [Job("quarter", q, t.swing(card.id) / n, hold=True, quarter=quarter(q, 0.0, (w, d))) for q in centres[:n]]


def _guard(t: TableSide, card: MissionCard, params: Mapping[str, float]) -> list[Job]:
    """Stand between each own ambassador and the nearest enemy."""
    jobs = []
    for a in t.state.models:
        if a.side == t.side and a.ambassador and not a.removed:
            foes = sorted(t.enemies, key=lambda e: _gap(e, a))
            p = _toward((a.x, a.y), (foes[0].x, foes[0].y), _r(a) + 1.6 + 0.1) if foes else (a.x, a.y)
            jobs.append(Job("guard", p, t.swing(card.id) * 0.3, hold=True))
    return jobs


# --- kill bonuses by evaluator ---------------------------------------------------------------------------


def _first_kill_bonus(t: TableSide, card: MissionCard, params: Mapping[str, float], e: ModelState) -> float:
    """The whole swing while nobody has killed an enemy model yet (PRJ-76)."""
    done = any(k.killer_side is not None and k.killer_side != k.victim_side for k in t.state.kills)
    return 0.0 if done else 1.0


def _most_expensive_bonus(t: TableSide, card: MissionCard, params: Mapping[str, float], e: ModelState) -> float:
    """The whole swing for one of the opponent's most expensive models, until one is killed."""
    if e.ambassador:
        return 0.0
    theirs = [m for m in t.state.models if m.side == t.enemy and not m.ambassador]
    top = max((m.profile.cost for m in theirs), default=0)
    done = any(k.killer_side == t.side and t.state.model(k.victim).profile.cost == top
               for k in t.state.kills if k.victim_side == t.enemy)
    return 1.0 if e.profile.cost == top and not done else 0.0


def _capture_bonus(t: TableSide, card: MissionCard, params: Mapping[str, float], e: ModelState) -> float:
    """Hurting an enemy badly enough to capture it is part of the way (the capture itself is the card's action)."""
    return 0.15 if not e.ambassador else 0.0


# --- chances by evaluator (at pick time) ---------------------------------------------------------------


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def _marker_depth(r: TableReading, spec: MarkerSpec) -> float:
    """How far from the side's own edge a marker of ``spec`` will lie (its centre, cm): its owner
    places it near the nearest row the card allows; the opponent as deep in the region as allowed."""
    radius = spec.size_mm / 20.0
    if spec.placed_by == "owner":
        return max(spec.min_from_own_edge_cm, spec.min_from_edges_cm) + radius + 1.0
    far = r.span - max(spec.min_from_opponent_edge_cm, spec.min_from_edges_cm) - radius
    if spec.region == "own_half":
        far = min(far, r.span / 2.0 - radius)
    return max(radius, far)


def _timely(r: TableReading, distance: float, tasks: int, extra: float = 0.0) -> float:
    """The chance the side's models get ``tasks`` jobs ``distance`` cm away done in time: each job
    takes the walk and an action (plus ``extra`` activations), half the warband works on them, and
    the models with a job get half as many activations again as the others (theirs come first)."""
    workers = max(1.0, min(float(tasks), len(r.mine) / 2.0))
    need = tasks / workers * (r.turns(distance) + 1.0 + extra)
    return _sigmoid(1.5 * (1.5 * r.activations - need))


def _safe(r: TableReading, depth: float, models: float = 1.0) -> float:
    """The chance ``models`` models still stand and act ``depth`` cm from the own edge at the end."""
    return max(0.0, 1.0 - 0.6 * r.exposure(depth)) ** models


def _action_markers(card: MissionCard) -> list[tuple[SpecialAction, MarkerSpec]]:
    """The (action, marker spec) pairs of the card's actions on markers."""
    out = []
    for action in card.special_actions:
        if action.marker is not None and "contact_own_marker" in action.requires:
            out.append((action, card.marker(action.marker)))
    return out


def _actions_chance(r: TableReading, card: MissionCard, params: Mapping[str, float]) -> float:
    """Take the card's marker actions on ``markers`` of its markers (all of them if not given):
    the walk, the action's test (explosives or an explosive shot do instead when the card wants
    its markers destroyed), and the danger deep in the opponent's half; a carried marker's way home."""
    pairs = _action_markers(card)
    if not pairs:
        return 0.3
    p = 1.0
    for action, spec in pairs:
        if action.effect == "deliver":
            continue
        depth = _marker_depth(r, spec)
        needed = max(1, min(spec.count, int(params.get("markers", spec.count) or spec.count)))
        extra = 0.0
        if action.test is not None:
            chance = r.test_chance(action.test.characteristic, action.test.difficulty)
            sure = r.carriers("explosives") + 0.5 * r.explosive_shooters() if action.effect == "destroy" else 0.0
            tried = max(0.0, needed - sure) / needed
            extra = tried * (1.0 / max(0.1, chance) - 1.0)
        walk = depth
        if action.effect == "pick_up":
            # Then home: out of the opponent's half at least.
            walk = depth + max(0.0, depth - r.span / 2.0)
        p *= _timely(r, walk, needed, extra) * _safe(r, depth, needed ** 0.5)
    return p


def _hold_chance(r: TableReading, card: MissionCard, params: Mapping[str, float]) -> float:
    """Hold ``markers`` markers at the end: reach them, stand there, and keep the enemy off."""
    if not card.markers:
        return 0.2
    spec = card.markers[0]
    needed = max(1, min(spec.count, int(params.get("markers", spec.count) or spec.count)))
    depth = _marker_depth(r, spec)
    keep = 0.75 + (r.share - 0.5)
    return _timely(r, depth, needed) * _safe(r, depth, needed) * min(1.0, keep) ** (needed / 2.0)


def _edge_chance(r: TableReading, card: MissionCard, params: Mapping[str, float]) -> float:
    """``models`` models within ``within_cm`` of the opponent's edge at the end."""
    n = max(1, int(params.get("models", 1)))
    within = float(params.get("within_cm", 10.0))
    depth = r.span - within / 2.0
    if n > len(r.mine):
        return 0.0
    return _timely(r, depth, n, -1.0) * _safe(r, depth, n / 2.0) * min(1.0, 1.2 * len(r.mine) / (len(r.mine) + n))


def _quarters_chance(r: TableReading, card: MissionCard, params: Mapping[str, float]) -> float:
    """``quarters`` quarters held: more models than the enemy in each; the far ones are contested."""
    q = max(1, min(4, int(params.get("quarters", 3))))
    crowd = len(r.mine) / max(1.0, len(r.mine) + len(r.theirs))
    return 0.5 ** (q - 1) * (2.0 * r.share) ** 1.5 * (2.0 * crowd) ** 1.5 / r.detour ** 0.5


def _guard_chance(r: TableReading, card: MissionCard, params: Mapping[str, float]) -> float:
    """The ambassador unhurt at the end (a hurt one scores neither, PRJ-75): the enemy must cross the table to reach it.

    The estimate is the chance of no attack reaching it: between two heuristics an attack on an
    ambassador removes it or misses (160 games, none ended hurt but standing; docs/rulings.md PRJ-75),
    so success is "not reached", as it was when a hurt ambassador still counted a success."""
    threat = 2.0 * (1.0 - r.share)
    return 1.0 - 0.12 * threat * threat / r.detour


def _first_kill_chance(r: TableReading, card: MissionCard, params: Mapping[str, float]) -> float:
    """Draw first blood: the stronger side and the one with guns strikes first."""
    guns = sum(1 for m in r.mine if any(w.is_ranged for w in m.weapons)) / max(1, len(r.mine))
    theirs = sum(1 for m in r.theirs if any(w.is_ranged for w in m.weapons)) / max(1, len(r.theirs))
    return 0.55 + 1.2 * (r.share - 0.5) + 0.3 * (guns - theirs)


def _most_expensive_chance(r: TableReading, card: MissionCard, params: Mapping[str, float]) -> float:
    """Kill one of the opponent's most expensive models: how many there are, and how the side fights them."""
    theirs = list(r.theirs)
    if not theirs:
        return 0.0
    top = max(m.profile.cost for m in theirs)
    targets = [m for m in theirs if m.profile.cost == top]
    edge = _fight_against(r, targets)
    return 1.0 - (1.0 - _sigmoid(-0.4 + 3.0 * edge + 2.0 * (r.share - 0.5))) ** (len(targets) ** 0.7)


def _fight_against(r: TableReading, targets: Sequence[ModelState]) -> float:
    """The side's mean clash value charging ``targets`` (worth 1 each), from the exact tables."""
    total = count = 0.0
    state = r.state
    for t in targets[:3]:
        wt = _best_melee(t)
        ct = _comb(state, t.id, weapon=wt)
        for m in r.mine:
            w = _best_melee(m)
            if w is None:
                continue
            total += clash_table(_comb(state, m.id, weapon=w), ct, 1.0, 1.0, state.ruleset).value
            count += 1
    return total / count if count else -0.3


def _capture_chance(r: TableReading, card: MissionCard, params: Mapping[str, float]) -> float:
    """Capture enemies: hurt them to a grave wound or paralyse them, then touch them, ``models`` times."""
    n = max(1, int(params.get("models", 1)))
    paralysers = sum(1 for m in r.mine if any("paralysing" in w.poisons for w in m.weapons)) / max(1, len(r.mine))
    return (0.1 + 0.4 * (r.share - 0.5) + 0.15 * paralysers) ** n


def _fallback_chance(r: TableReading, card: MissionCard, params: Mapping[str, float]) -> float:
    """An evaluator the player does not know: its marker actions if any, a long shot otherwise."""
    return 0.8 * _actions_chance(r, card, params) if _action_markers(card) else 0.2


# --- the table ----------------------------------------------------------------------------------------------

MISSION_HOOKS: dict[str, MissionHook] = {
    "markers_activated": MissionHook(chance=_actions_chance),
    "markers_destroyed": MissionHook(chance=_actions_chance, destroy=True),
    "markers_secured": MissionHook(chance=_actions_chance),
    "control_markers": MissionHook(jobs=_hold_markers, chance=_hold_chance, contest=_contest_markers),
    "models_near_enemy_edge": MissionHook(jobs=_near_enemy_edge, chance=_edge_chance),
    "control_quarters": MissionHook(jobs=_quarters, chance=_quarters_chance),
    "ambassador_unhurt": MissionHook(jobs=_guard, chance=_guard_chance),
    "first_kill": MissionHook(chance=_first_kill_chance, kill=_first_kill_bonus),
    "kill_most_expensive": MissionHook(chance=_most_expensive_chance, kill=_most_expensive_bonus),
    "enemies_captured": MissionHook(chance=_capture_chance, kill=_capture_bonus),
}
"""Evaluator name -> :class:`MissionHook`: the one place the player learns what a success
condition asks for. Every card's special actions are taken in any case (:func:`action_jobs`)."""

FALLBACK = MissionHook(chance=_fallback_chance)
"""The hook of an evaluator :data:`MISSION_HOOKS` does not know: the card's marker actions only."""


def hook_for(card: MissionCard) -> MissionHook:
    """The hook of ``card``'s success evaluator (:data:`FALLBACK` if unknown)."""
    return MISSION_HOOKS.get(card.success.evaluator, FALLBACK)


def card_jobs(t: TableSide, card: MissionCard) -> list[Job]:
    """Every job ``card`` gives the side now: its special actions, then its evaluator's jobs."""
    params = dict(card.success.parameters)
    return action_jobs(t, card, params) + hook_for(card).jobs(t, card, params)


def contest_jobs(t: TableSide, cards: Mapping[str, MissionCard]) -> list[Job]:
    """The jobs that deny the opponent its cards: each card its markers on the table belong to (the
    owner says which mission a marker is for, R-MISSIONS, so no secret is read), through the card's
    evaluator's :attr:`MissionHook.contest`, in the order the markers lie in the state."""
    jobs: list[Job] = []
    for mission in dict.fromkeys(k.mission for k in t.state.markers if k.owner == t.enemy and k.on_table):
        card = cards.get(mission)
        if card is not None:
            jobs.extend(hook_for(card).contest(t, card, dict(card.success.parameters)))
    return jobs


def card_kill_bonus(t: TableSide, card: MissionCard, e: ModelState) -> float:
    """What killing ``e`` now is worth to ``card`` (a share of its swing)."""
    hook = hook_for(card)
    if hook.kill is _no_bonus:  # most cards, for every enemy of every plan: the same product, no parameters copied
        return _no_bonus(t, card, {}, e) * t.swing(card.id)
    return hook.kill(t, card, dict(card.success.parameters), e) * t.swing(card.id)


def card_chance(r: TableReading, card: MissionCard) -> float:
    """``card``'s estimated chance of success on this table against this opponent, in [0.05, 0.95]."""
    hook = hook_for(card)
    estimate = hook.chance or _fallback_chance
    p = estimate(r, card, dict(card.success.parameters))
    return min(0.95, max(0.05, float(p)))


def estimate_chances(r: TableReading, cards: Mapping[str, MissionCard], allowed: Sequence[str]) -> dict[str, float]:
    """Each allowed card's chance of success (:func:`card_chance`)."""
    return {mid: card_chance(r, cards[mid]) for mid in allowed if mid in cards}


def wants_destroyed(cards: Mapping[str, MissionCard], marker: MarkerState) -> bool:
    """Whether the marker's owner wants it destroyed (its card's evaluator counts destroyed markers)."""
    card = cards.get(marker.mission)
    return card is not None and hook_for(card).destroy


__all__ = ["MissionHook", "MISSION_HOOKS", "FALLBACK", "hook_for", "card_jobs", "contest_jobs", "card_kill_bonus", "card_chance",
           "estimate_chances", "wants_destroyed", "action_jobs", "carry_job", "own_markers", "TableSide"]
