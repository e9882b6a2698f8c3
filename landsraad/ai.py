"""A computer opponent that plays for its missions: :class:`HeuristicPlayer`.

The player answers the engine's decisions (:mod:`landsraad.engine.decisions`) like any
other player, seeing only what its side may see: the redacted state the engine hands it and
the decision's ``info`` (its own dice in a clash). It never reads the game log nor the
opponent's secret answers.

How it plays
------------
- **Missions** (R-MISSIONS): it ranks the missions its warband can achieve by expected
  victory points (:func:`mission_plan`): an estimated chance of success per card, with the
  card's values for each rank; missions whose expectation is negative are left out.
- **Set-up** (R-SETUP-BID ... R-FIRST): moderate bids (nothing for terrain and missions, a
  little for deployment, the rest for the first turn); it deploys second when it can, places
  its own markers where it can reach them and the opponent's markers as far from the
  opponent as the card allows; the ambassador goes into its own corner.
- **Activations** (R-ACTIVATE): every activation it plans each model's best use (finish a
  mission action, fight, shoot, advance on an objective) and activates the best plan, minus a
  price for fatigue (RUL-05: a model holding two tokens fights with -2 / -2 / -1, so it rests
  while a fresher model can act; RUL-06: the others recover meanwhile).
- **Melee** (R-MELEE, R-TEST-CLASH, RUL-03): from exact tables built with the rules kernel
  (:class:`ClashTable`): which stance pays given its own three dice and a model of the
  opponent's stance policy; how far to lower the neutral die once everything is revealed (to 1
  to pass a full shield, as low as the damage needs when it strikes alone, keeping the
  initiative when both attack); it pushes when it strikes first, which cancels the return
  blow (PRJ-15); a defender that is outmatched steps away.
- **Shooting** (R-SHOOT, RUL-08, R-LASER): shot odds from :func:`landsraad.odds.shot_odds`;
  it shoots when the nearest legal target is worth it (never at a shield: it cannot hurt).
- **Disengaging** (R-DISENGAGE): from :func:`landsraad.odds.disengage_odds` when a fight is
  lost; opposing a disengage, it lowers its neutral just enough to wound most (PRJ-17).
- **Objectives**: each activation hands the side's jobs to the nearest models (sticky, so
  they do not dither): activate terminals, pick up the spice and carry it home, sabotage
  depots, hold positions and quarters (harder as the clock runs out), reach the enemy edge,
  guard the ambassador; killing bonuses for Treachery, Assassination, an enemy ambassador or
  a carrier. Moves avoid spots an enemy could charge and win.

Everything expensive is cached on cheap signatures of the kernel's
:class:`~landsraad.rules.state.Combatant` records, and geometry is asked only for the few
points the player means to use (validated with the decision's
:meth:`~landsraad.engine.decisions.PointSpec.validate`; straight slides first, at most three
detours, which need the geometry's path search).

Examples
--------
>>> from landsraad.engine.decisions import Decision
>>> p = HeuristicPlayer(seed=1)
>>> p.decide(Decision(side="red", kind="first_player", prompt="?", choices=("first", "second")), None)
'first'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import permutations
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from .engine.decisions import Answer, Decision
from .engine.state import GameState, ModelState, other_side

__all__ = [
    "HeuristicPlayer",
    "ClashTable",
    "clash_table",
    "HARM",
    "mission_plan",
    "MISSION_CHANCES",
]

Point = tuple[float, float]

HARM = np.array([0.0, 0.08, 0.4, 0.7, 1.0])
"""What a hit's result costs its victim, by :data:`~landsraad.rules.state.WOUND_RESULTS`
(none, scratch, light, grave, fatal), as a share of the victim's worth."""

_RESULT_INDEX = {"none": 0, "scratch": 1, "light": 2, "grave": 3, "fatal": 4}

MISSION_CHANCES: dict[str, float] = {
    "activation": 0.9,
    "protection": 0.8,
    "occupation": 0.55,
    "spice_theft": 0.5,
    "sabotage": 0.4,
    "infiltration": 0.45,
    "territory": 0.35,
    "treachery": 0.5,
    "assassination": 0.35,
    "slave_hunt": 0.2,
}
"""The player's estimate of its chance to fulfil each mission (tuned on games against the
random player and itself; see ``bench/bench_games.py``)."""


# --- small geometry on model states (cheap: no shapely) ----------------------------------------------


def _r(m: Any) -> float:
    """Radius in cm of a model state or marker state."""
    return (m.base_mm if hasattr(m, "base_mm") else m.size_mm) / 20.0


def _gap(a: Any, b: Any) -> float:
    """Edge-to-edge distance between two bases or markers (R-MEASURE), negative if overlapping."""
    return math.hypot(a.x - b.x, a.y - b.y) - _r(a) - _r(b)


def _gap_at(p: Point, ra: float, b: Any) -> float:
    return math.hypot(p[0] - b.x, p[1] - b.y) - ra - _r(b)


def _dist(p: Point, q: Point) -> float:
    return math.hypot(p[0] - q[0], p[1] - q[1])


def _toward(p: Point, q: Point, step: float) -> Point:
    """The point ``step`` cm from ``p`` towards ``q`` (``q`` itself if nearer)."""
    d = _dist(p, q)
    if d <= step or d < 1e-9:
        return (q[0], q[1])
    return (p[0] + (q[0] - p[0]) / d * step, p[1] + (q[1] - p[1]) / d * step)


def _rotate_about(center: Point, p: Point, angle: float) -> Point:
    dx, dy = p[0] - center[0], p[1] - center[1]
    c, s = math.cos(angle), math.sin(angle)
    return (center[0] + dx * c - dy * s, center[1] + dx * s + dy * c)


def _edge_distance(state: GameState, p: Point, radius: float, edge: str) -> float:
    """Distance from a base at ``p`` to a table edge, measured from the nearest point of the base."""
    x, y = p
    return {"south": y, "north": state.depth - y, "west": x, "east": state.width - x}[edge] - radius


def _edge_point(state: GameState, p: Point, radius: float, edge: str, inset: float = 0.03) -> Point:
    """The point where a base keeps ``p``'s other coordinate and touches ``edge``."""
    x, y = p
    d = radius + inset
    return {"south": (x, d), "north": (x, state.depth - d), "west": (d, y), "east": (state.width - d, y)}[edge]


def _straight_test(state: GameState, model_id: str) -> Callable[[Point], bool]:
    """A cheap test: does a straight slide of ``model_id`` to a point stay clear of obstacles and
    of the table's edges (R-MOVE)? Points that fail it need a detour, a costly path search
    (:func:`landsraad.engine.spatial.straight_slide_clear`); difficult ground is allowed (its
    cost is the engine's check)."""
    from .engine.spatial import straight_slide_clear

    return straight_slide_clear(state, model_id, difficult_ok=True)


def _free_spot(state: GameState, model_id: str) -> Callable[[Point], bool]:
    """Whether ``model_id``'s base could stand at a point: on the table, overlapping no other base
    and no impassable terrain (touching allowed)."""
    import shapely

    board = state.board
    me = board.base(model_id)
    r = me.radius
    others = [(b.x, b.y, b.radius + r) for b in board.bases if b.id != model_id]
    walls = [t.shape for t in board.terrain if t.movement == "blocked"]

    def free(p: Point) -> bool:
        x, y = p
        if x < r or y < r or x > board.width - r or y > board.depth - r:
            return False
        if any(math.hypot(x - cx, y - cy) < reach - 1e-6 for cx, cy, reach in others):
            return False
        return not any(shapely.distance(shapely.Point(x, y), w) < r - 1e-6 for w in walls)

    return free


def _opposite(edge: str) -> str:
    return {"south": "north", "north": "south", "west": "east", "east": "west"}[edge]


def _clamp(state: GameState, p: Point, radius: float) -> Point:
    return (min(max(p[0], radius + 0.01), state.width - radius - 0.01), min(max(p[1], radius + 0.01), state.depth - radius - 0.01))


# --- the clash tables (R-MELEE) ---------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class ClashTable:
    """Everything the player needs to judge one clash between ``attacker`` and ``defender``.

    Built once per pair of combatants (and worths) from the rules kernel. Arrays are indexed
    by die face minus one. Values are in "worth" units: a blow's :data:`HARM` share times the
    victim's worth; positive is good for the attacker.

    Attributes
    ----------
    can_attack
        Whether each side may keep its attack die (a weapon, no Blinding / Irritant).
    hit_a, hit_d
        ``hit_a[a, d]``: the attacker's lone blow lands with attack die ``a`` against defence die ``d``.
    blow_a, blow_d
        The worth a blow takes with the striker's final neutral die (0 when a shield stops it).
    init_a, init_d
        Initiative totals without the neutral die (R-MELEE).
    lone_a, lone_d
        The best lone blow for a rolled neutral (the striker lowers as it likes, R-NEUTRAL-DOWN).
    both
        ``both[x, y]``: the attacker's value when both attack with rolled neutrals ``x``, ``y``,
        after the lowering game (R-NEUTRAL-DOWN: the lower total lowers first), both pushing when
        they strike first (R-MELEE-OPTIONS, PRJ-15: the push cancels the return blow).
    policy_a, policy_d
        The chance each side attacks for each of its dice ``[neutral, attack, defence]``: a
        fictitious-play equilibrium of the secret stance choice.
    value
        The attacker's expected value of the clash before the roll.
    """

    can_attack: tuple[bool, bool]
    hit_a: np.ndarray
    hit_d: np.ndarray
    blow_a: np.ndarray
    blow_d: np.ndarray
    init_a: int
    init_d: int
    lone_a: np.ndarray
    lone_d: np.ndarray
    both: np.ndarray
    policy_a: np.ndarray
    policy_d: np.ndarray
    value: float

    # --- values of a stance for one side's dice, against the other side's policy ---------------------

    def attacker_values(self, dice: Sequence[int]) -> tuple[float, float]:
        """The attacker's expected value of (attack, defend) with its dice ``(neutral, attack, defence)``."""
        va, vd = _side_values(self, "attacker", self.policy_d)
        n, a, d = (int(v) - 1 for v in dice)
        return float(va[n, a]), float(vd[d])

    def defender_values(self, dice: Sequence[int]) -> tuple[float, float]:
        """The defender's expected value (its own point of view) of (attack, defend) with its dice."""
        va, vd = _side_values(self, "defender", self.policy_a)
        n, a, d = (int(v) - 1 for v in dice)
        return float(va[n, a]), float(vd[d])

    def initiative(self, role: str, neutral: int) -> int:
        return neutral + (self.init_a if role == "attacker" else self.init_d)

    def blow_value(self, role: str, neutral: int) -> float:
        return float((self.blow_a if role == "attacker" else self.blow_d)[neutral - 1])

    def payoff(self, x: int, y: int) -> float:
        """The attacker's value when both attack with final neutrals ``x``, ``y`` (both push when first)."""
        ia, idf = x + self.init_a, y + self.init_d
        if ia > idf:
            return float(self.blow_a[x - 1])
        if ia < idf:
            return float(-self.blow_d[y - 1])
        return float(self.blow_a[x - 1] - self.blow_d[y - 1])


def _side_values(t: ClashTable, role: str, other_policy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Expected values of attacking ``[neutral, attack]`` and defending ``[defence]`` for ``role``
    against the other side's attack chances ``other_policy[neutral, attack, defence]``."""
    if role == "attacker":
        both, hit_own, lone_own, hit_other, lone_other = t.both, t.hit_a, t.lone_a, t.hit_d, t.lone_d
    else:
        both, hit_own, lone_own, hit_other, lone_other = -t.both.T, t.hit_d, t.lone_d, t.hit_a, t.lone_a
    n = 1000.0
    p_n = other_policy.sum(axis=(1, 2)) / n  # P(other attacks with neutral y)
    q_def = (1.0 - other_policy).sum(axis=(0, 1)) / n  # P(other defends with defence die d)
    r_na = other_policy.sum(axis=2) / n  # P(other attacks with neutral y, attack die b)
    attack = (both @ p_n)[:, None] + lone_own[:, None] * (hit_own @ q_def)[None, :]
    # Defending: the other's lone blow lands with its attack die b against my defence die d.
    defend = -np.einsum("yb,bd,y->d", r_na, hit_other, lone_other)
    return attack, defend


def _best_lower(values: np.ndarray, rolled: int) -> int:
    """Index (0-based) of the best value among faces 1..rolled, the least lowering among ties (PRJ-81)."""
    sub = values[:rolled]
    return int(np.flatnonzero(sub >= sub.max() - 1e-12)[-1])


def _lowering_values(blow_a: np.ndarray, blow_d: np.ndarray, ia: int, idf: int) -> np.ndarray:
    """The attacker's value of the lowering game (R-NEUTRAL-DOWN) when both attack, for every
    pair of rolled neutrals: the side with the lower total lowers first and the other answers
    knowing it; equal totals lower in secret (the matrix game's equilibrium)."""
    from .odds import solve_zero_sum

    faces = np.arange(1, 11)
    ta, td = faces[:, None] + ia, faces[None, :] + idf
    u = np.where(ta > td, blow_a[:, None], np.where(ta < td, -blow_d[None, :], blow_a[:, None] - blow_d[None, :]))
    # [x, y]: the attacker picks among 1..x first, the defender answers among 1..y: max over rows of row minima.
    attacker_first = np.maximum.accumulate(np.minimum.accumulate(u, axis=1), axis=0)
    # The defender picks first: min over columns of column maxima.
    defender_first = np.minimum.accumulate(np.maximum.accumulate(u, axis=0), axis=1)
    out = np.where(ta < td, attacker_first, defender_first)
    for x, y in zip(*np.nonzero(ta == td)):
        lo, hi = attacker_first[x, y], defender_first[x, y]
        out[x, y] = lo if lo == hi else solve_zero_sum(u[: x + 1, : y + 1])[2]
    return out


def _norm(c: Any) -> Any:
    """``c`` with the details that never change a clash or a shot cleared, so caches hit more often.

    Only "one token or more" matters for the hooks on a fatigue count (Assassination); the
    fatigue ladder stops at two tokens (RUL-05; three with a fatigue tolerance); spice doses
    carried play no part in a fight.
    """
    update: dict[str, Any] = {}
    if c.fatigue > 1:
        update["fatigue"] = 1
    if c.activation_fatigue is not None and c.activation_fatigue > 3:
        update["activation_fatigue"] = 3
    if c.spice_doses:
        update["spice_doses"] = 0
    return c.model_copy(update=update) if update else c


def _sig(c: Any) -> tuple:
    """A cheap hashable signature of a combatant for the caches (what a fight depends on)."""
    w = c.weapon
    ws = None if w is None else (w.id, w.range, w.combat, w.initiative, w.damage, w.defence, w.template is not None,
                                 w.explosive, w.laser, w.poisons, w.special_rules)
    af = c.activation_fatigue
    return (c.movement, c.combat, c.reflexes, c.endurance, c.armour, c.shield, c.shield_disabled, ws, c.wound,
            min(c.fatigue, 1), None if af is None else min(af, 3), c.poisons, c.carried_poisons, c.spice_active,
            c.spice_effect, c.special_rules)


def _rule_names(c: Any) -> tuple[str, ...]:
    from .rules.state import active_rules

    return tuple(active_rules(c))


@lru_cache(maxsize=512)
def _fatigue_sensitive(names: tuple[str, ...]) -> bool:
    """Whether any hook of these rules reads a fatigue count (its own or its target's)."""
    from .specials import HOOK_POINTS, SPECIAL_RULES, HookContext

    for hook in HOOK_POINTS:
        for action in ("melee", "shoot", "disengage", "dodge"):
            try:
                seen = {SPECIAL_RULES.total(hook, names, HookContext(action=action, own_fatigue=o, target_fatigue=t))
                        for o in (0, 1, 2) for t in (0, 1, 2)}
            except Exception:
                return True
            if len(seen) > 1:
                return True
    return False


def _rested(c: Any) -> Any:
    return c.model_copy(update={"fatigue": 0}) if c.fatigue else c


def _q(worth: float) -> float:
    """Worths rounded to a quarter, for the caches."""
    return round(float(worth) * 4) / 4


def _blow_table(striker: Any, target: Any, ruleset: Any) -> tuple[np.ndarray, np.ndarray]:
    """Result index of ``striker``'s blow on ``target`` for each final neutral 1..10, and whether
    it stops the target's own blow (out of the fight, or a Blinding / Irritant poison: PRJ-11).

    The pieces are the kernel's: :func:`~landsraad.rules.melee.strike_damage`, the shield window
    (:func:`~landsraad.rules.shields.melee_gets_through`, RUL-03) and
    :func:`~landsraad.rules.wounds.apply_hit` (tests check the result against
    :func:`~landsraad.rules.melee.resolve_melee` for every neutral die).
    """
    from .rules.melee import strike_damage
    from .rules.poisons import choose_poison
    from .rules.shields import melee_gets_through
    from .rules.state import active_rules, effective_endurance, effective_shield, hook_context, is_out_of_action, may_attack_in_melee
    from .rules.wounds import apply_hit, wound_result
    from .specials import SPECIAL_RULES

    names = active_rules(striker)
    ctx = hook_context(striker, action="melee", target=target, ruleset=ruleset)
    pierce = SPECIAL_RULES.total("shield_pierce_bonus", names, ctx) if names else 0
    no_armour = bool(striker.weapon is not None and striker.weapon.explosive) or (
        bool(names) and SPECIAL_RULES.any("ignores_armour", names, ctx))
    shield = effective_shield(target, ruleset)
    poison = choose_poison(striker, None)
    endurance = effective_endurance(target, ruleset)
    out_already = bool(is_out_of_action(target) or not may_attack_in_melee(target))
    results = np.zeros(10, dtype=np.int64)
    stops = np.zeros(10, dtype=bool)
    seen: dict[int, tuple[int, bool]] = {}
    for n in range(1, 11):
        if not melee_gets_through(n, shield, pierce):
            continue
        raw = strike_damage(striker, target, n, ruleset)
        if raw not in seen:
            if poison is None:  # the wound alone (what apply_hit computes first), without building the new state
                result = wound_result(raw, endurance, target.armour, ignore_armour=no_armour)
                seen[raw] = (_RESULT_INDEX[result], result == "fatal" or out_already)
            else:
                after, ev = apply_hit(target, raw, ignore_armour=no_armour, poisons=(poison,), ruleset=ruleset)
                seen[raw] = (_RESULT_INDEX[ev.result], bool(is_out_of_action(after) or not may_attack_in_melee(after)))
        results[n - 1], stops[n - 1] = seen[raw]
    return results, stops


_CLASH_CACHE: dict[tuple, "ClashTable"] = {}


def clash_table(attacker: Any, defender: Any, worth_a: float = 1.0, worth_d: float = 1.0, ruleset: Any = None) -> ClashTable:
    """The :class:`ClashTable` of ``attacker`` (the active model, with its ``activation_fatigue``)
    against ``defender``, each with its melee weapon, for victims worth ``worth_a`` / ``worth_d``.

    Built from the rules kernel (:func:`~landsraad.rules.melee.attack_total`,
    :func:`~landsraad.rules.melee.strike_damage`, :func:`~landsraad.rules.wounds.apply_hit`, ...), so
    hooks, shields (RUL-03), armour and poisons count exactly as in play. Cached on the
    combatants' signatures.

    Examples
    --------
    A halberd (+2, 15-) against a knife fighter: a lone halberd blow at neutral 1 deals 14, a
    fatal wound against Endurance 3:

    >>> from landsraad.model import Weapon
    >>> from landsraad.rules.state import Combatant
    >>> h = Weapon(id="halberd", name="Halberd", combat="+2", damage="15-")
    >>> k = Weapon(id="knife", name="Knife", damage="6-")
    >>> t = clash_table(Combatant(weapon=h), Combatant(weapon=k))
    >>> float(t.blow_a[0]), t.value > 0
    (1.0, True)
    """
    from .ruleset import DEFAULT

    ruleset = ruleset or DEFAULT
    if not (_fatigue_sensitive(_rule_names(attacker)) or _fatigue_sensitive(_rule_names(defender))):
        # Tokens held matter only through hooks that read them (Assassination): none here.
        attacker, defender = _rested(attacker), _rested(defender)
    key = (_sig(attacker), _sig(defender), _q(worth_a), _q(worth_d), ruleset)
    t = _CLASH_CACHE.get(key)
    if t is None:
        if len(_CLASH_CACHE) > 20000:
            _CLASH_CACHE.clear()
        t = _CLASH_CACHE[key] = _build_clash(_norm(attacker), _norm(defender), _q(worth_a), _q(worth_d), ruleset)
    return t


def _build_clash(attacker: Any, defender: Any, worth_a: float, worth_d: float, ruleset: Any) -> ClashTable:
    from .odds import beats_array
    from .rules.melee import attack_total, can_attack, defence_total, initiative_total

    ca, cd = can_attack(attacker), can_attack(defender)
    faces = np.arange(1, 11)
    ties = ruleset.ties
    hit_a = np.zeros((10, 10), dtype=bool)
    hit_d = np.zeros((10, 10), dtype=bool)
    blow_a = np.zeros(10)
    blow_d = np.zeros(10)
    if ca:
        atk = attack_total(attacker, defender, 0, ruleset)
        dfn = defence_total(defender, attacker, 0, ruleset)
        hit_a = beats_array(faces[:, None] + atk, faces[None, :] + dfn, ties)
        res, _ = _blow_table(attacker, defender, ruleset)
        blow_a = HARM[res] * worth_d
    if cd:
        atk = attack_total(defender, attacker, 0, ruleset)
        dfn = defence_total(attacker, defender, 0, ruleset)
        hit_d = beats_array(faces[:, None] + atk, faces[None, :] + dfn, ties)
        res, _ = _blow_table(defender, attacker, ruleset)
        blow_d = HARM[res] * worth_a
    ia = initiative_total(attacker, defender, 0, ruleset)
    idf = initiative_total(defender, attacker, 0, ruleset)
    lone_a = np.maximum.accumulate(blow_a)
    lone_d = np.maximum.accumulate(blow_d)
    both = _lowering_values(blow_a, blow_d, ia, idf) if (ca and cd) else np.zeros((10, 10))
    t = ClashTable((ca, cd), hit_a, hit_d, blow_a, blow_d, ia, idf, lone_a, lone_d, both,
                   np.zeros((10, 10, 10)), np.zeros((10, 10, 10)), 0.0)
    # Fictitious play on the secret stances (R-TEST-CLASH): each side best answers the average
    # of the other's past answers, starting from a coin toss.
    pa = np.full((10, 10, 10), 0.5 if ca else 0.0)
    pd = np.full((10, 10, 10), 0.5 if cd else 0.0)
    sum_a, sum_d = pa.copy(), pd.copy()
    for k in range(2, 6):
        if ca:
            va, vd = _side_values(t, "attacker", pd)
            sum_a += (va[:, :, None] > vd[None, None, :]).astype(float)
            pa = sum_a / k
        if cd:
            va, vd = _side_values(t, "defender", pa)
            sum_d += (va[:, :, None] > vd[None, None, :]).astype(float)
            pd = sum_d / k
    va, vd = _side_values(t, "attacker", pd)
    value = float(np.maximum(va[:, :, None], vd[None, None, :]).mean()) if ca else float(vd.mean())
    return ClashTable((ca, cd), hit_a, hit_d, blow_a, blow_d, ia, idf, lone_a, lone_d, both, pa, pd, value)


# --- shot values (R-SHOOT) ----------------------------------------------------------------------------


_SHOT_CACHE: dict[tuple, float] = {}
_DISENGAGE_CACHE: dict[tuple, tuple[float, float, float]] = {}


def _shot_value(shooter: Any, target: Any, band_distance: float, worth: float, laser_mode: str, ruleset: Any) -> float:
    """Expected worth a shot takes from its target, from :func:`landsraad.odds.shot_odds`."""
    if not (_fatigue_sensitive(_rule_names(shooter)) or _fatigue_sensitive(_rule_names(target))):
        shooter, target = _rested(shooter), _rested(target)
    key = (_sig(shooter), _sig(target), band_distance, laser_mode, ruleset)
    v = _SHOT_CACHE.get(key)
    if v is None:
        if len(_SHOT_CACHE) > 20000:
            _SHOT_CACHE.clear()
        v = _SHOT_CACHE[key] = _shot_harm(_norm(shooter), _norm(target), band_distance, laser_mode, ruleset)
    return v * worth


def _shot_harm(shooter: Any, target: Any, band_distance: float, laser_mode: str, ruleset: Any) -> float:
    """Expected :data:`HARM` share of a shot (a miss, a shield or no damage count 0)."""
    from .odds import shot_odds

    odds = shot_odds(shooter, target, distance_cm=band_distance, cover="none", laser_mode=laser_mode, ruleset=ruleset)
    return float(sum(HARM[_RESULT_INDEX[k]] * p for k, p in odds.wound.items()))


def _disengage(mover: Any, opponent: Any, ruleset: Any) -> tuple[float, float, float]:
    """(chance of success, expected margin in cm, expected HARM share suffered) of a disengage (R-DISENGAGE)."""
    key = (_sig(mover), _sig(opponent), ruleset)
    v = _DISENGAGE_CACHE.get(key)
    if v is None:
        if len(_DISENGAGE_CACHE) > 20000:
            _DISENGAGE_CACHE.clear()
        v = _DISENGAGE_CACHE[key] = _disengage_exact(_norm(mover), _norm(opponent), ruleset)
    return v


def _disengage_exact(mover: Any, opponent: Any, ruleset: Any) -> tuple[float, float, float]:
    from .odds import disengage_odds

    odds = disengage_odds(mover, opponent, opponent_lowering="best", compare=ruleset.disengage_compare, ruleset=ruleset)
    margin = sum(float(k) * p for k, p in odds.margin_cm.items())
    harm = sum(HARM[_RESULT_INDEX[k]] * p for k, p in odds.wound.items())
    return float(odds.p_success), margin, float(harm)


# --- missions ---------------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _cards() -> dict[str, Any]:
    """The bundled mission cards, loaded once."""
    from .missions import load_missions

    return load_missions()


def mission_plan(allowed: Sequence[str], chances: dict[str, float] | None = None, *, limit: int = 4) -> list[str]:
    """The missions to pick, best rank first: the ranking of at most ``limit`` of ``allowed``
    that maximises the expected victory points (R-MISSIONS), leaving out any mission whose
    expectation at its rank is not positive.

    Examples
    --------
    >>> mission_plan(["activation", "protection", "territory"], {"activation": 0.9, "protection": 0.8, "territory": 0.1})
    ['activation', 'protection']
    """
    chances = chances or MISSION_CHANCES
    cards = _cards()
    pool = [m for m in allowed if m in cards and chances.get(m, 0.0) > 0]

    def ev(mission: str, rank: int) -> float:
        card, p = cards[mission], chances.get(mission, 0.0)
        return p * card.values.success[rank] + (1 - p) * card.values.failure[rank]

    # Keep the most promising few, then try every order of them.
    pool.sort(key=lambda m: -max(ev(m, r) for r in range(6)))
    pool = pool[: max(limit + 2, 1)]
    best: tuple[float, tuple[str, ...]] = (-1e9, ())
    for k in range(1, min(limit, len(pool)) + 1):
        for order in permutations(pool, k):
            values = [ev(m, r) for r, m in enumerate(order)]
            if min(values) <= 0:
                continue
            total = sum(values)
            if total > best[0] + 1e-9:
                best = (total, order)
    if not best[1]:
        best = (0.0, (max(pool or list(allowed), key=lambda m: ev(m, 0)),))
    return list(best[1])


# --- the plan of one activation ---------------------------------------------------------------------------


@dataclass
class _Plan:
    """What the player means to do with the model it activates."""

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
    contact: Any = None
    """The model or marker the free move must reach (a charge, a mission marker)."""
    contact_failed: bool = False


@dataclass
class _Job:
    """A place the side needs a model at (a mission marker, a position, an edge)."""

    kind: str
    point: Point
    value: float
    marker: str | None = None
    action: str | None = None
    hold: bool = False
    radius: float = 0.0


def _job_key(job: _Job) -> tuple:
    return (job.kind, job.marker) if job.marker else (job.kind, round(job.point[0]), round(job.point[1])) if job.kind != "guard" else ("guard",)


@dataclass
class _Memory:
    """What the player remembers inside one activation or clash."""

    plan: _Plan | None = None
    planner: Any = None
    """The planner of the activation under way (its danger maps are reused by the moves)."""
    held: dict[str, int] = field(default_factory=dict)
    weapons: dict[str, str] = field(default_factory=dict)
    acted: bool = False


class HeuristicPlayer:
    """A computer player that plays for its missions with the kernel's exact odds.

    Parameters
    ----------
    seed
        Seeds its own :class:`numpy.random.Generator` (used only to break ties and play mixed
        strategies), so the same seeds give the same game.
    strict
        Raise when a handler fails instead of falling back to a safe legal answer (tests use it).
    chances
        Estimated chance of success of each mission (defaults to :data:`MISSION_CHANCES`).
    """

    def __init__(self, seed: int | None = None, *, strict: bool = False, chances: dict[str, float] | None = None) -> None:
        self.rng = np.random.default_rng(seed)
        self.strict = strict
        self.chances = dict(MISSION_CHANCES if chances is None else chances)
        self.memory = _Memory()
        self.jobs: dict[str, tuple] = {}
        self._placed_terrain = 0

    # --- the protocol ---------------------------------------------------------------------------------

    def decide(self, decision: Decision, state: Any) -> Answer:
        """The answer to ``decision`` (always legal), seeing ``state`` as its side may."""
        handler = getattr(self, f"_on_{decision.kind}", None)
        answer: Answer = None
        try:
            if handler is None:
                answer = self._fallback(decision)
            else:
                answer = handler(decision, state)
            answer = self._legal(decision, answer)
        except Exception:
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
            point = (float(answer[0]), float(answer[1]))
            if decision.point.validate(point) is None:
                return point
            if self.strict:
                raise ValueError(f"The player chose an illegal point {point} for {decision.prompt!r}: {decision.point.validate(point)}")
            return self._fallback(decision)
        if decision.ranked is not None:
            return list(answer)
        if answer in decision.choices:
            return answer
        if self.strict:
            raise ValueError(f"The player chose {answer!r}, not one of {decision.choices!r}, for {decision.prompt!r}.")
        return self._fallback(decision)

    def _fallback(self, decision: Decision) -> Answer:
        if decision.point is not None:
            if decision.optional:
                return None
            return decision.point.candidates[0]
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
        the geometry's costly path search.
        """
        assert decision.point is not None
        known = set(decision.point.candidates)
        straight = free = None
        here: Point = (0.0, 0.0)
        slack = 0.0
        if state is not None and decision.model:
            straight = _straight_test(state, decision.model)
            free = _free_spot(state, decision.model)
            here = state.model(decision.model).position
            slack = 0.8 * (decision.point.allowance_cm or 0.0)
        tried = detours = 0
        for p in points:
            p = (round(float(p[0]), 3), round(float(p[1]), 3))
            if p in known:
                return p
            if straight is not None and not straight(p):
                if detours >= 3 or _dist(p, here) > slack or not free(p):
                    continue
                detours += 1
            else:
                tried += 1
                if tried > limit:
                    break
            if decision.point.validate(p) is None:
                return p
        return None

    # --- set-up -----------------------------------------------------------------------------------------

    def _on_bid(self, decision: Decision, state: GameState) -> int:
        """R-SETUP-BID: nothing for terrain and missions, one point for deployment, the rest for the first turn."""
        honour = max(decision.choices)
        step = decision.info.get("step")
        if step == "first":
            return honour
        if step == "deployment":
            return min(1, honour) if honour >= 2 else 0
        return 0

    def _on_who_first(self, decision: Decision, state: GameState) -> str:
        """Place terrain first; let the opponent pick missions and deploy first (see before acting)."""
        me = decision.side
        step = str(decision.info.get("step", ""))
        if "terrain" in step:
            return me
        return other_side(me)

    def _on_first_player(self, decision: Decision, state: GameState) -> str:
        return "first"

    def _on_terrain_piece(self, decision: Decision, state: GameState) -> str:
        """Place up to two pieces that block sight (cover on the way), then pass."""
        if self._placed_terrain >= 2 or len(decision.choices) <= 1:
            return "pass"
        from .kits import load_kit

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
        return min(decision.point.candidates, key=lambda p: _dist(p, aim))

    def _on_pick_missions(self, decision: Decision, state: GameState) -> list[str]:
        chances = dict(self.chances)
        models = state.models_of(decision.side) if state is not None else ()
        if models:
            if any("explosives" in m.equipment for m in models):
                chances["sabotage"] = chances.get("sabotage", 0.0) + 0.2
            if len(models) < 4:
                chances["territory"] = chances.get("territory", 0.0) * 0.5
                chances["infiltration"] = chances.get("infiltration", 0.0) * 0.7
        low, high = decision.ranked or (1, 6)
        plan = mission_plan(decision.choices, chances, limit=min(high, 4))
        return plan[:high] if len(plan) >= low else list(decision.choices[:low])

    def _on_treachery(self, decision: Decision, state: GameState) -> str:
        """Harkonnen Treachery: ask about the mission the side can do most against (occupation:
        its positions can be contested). The answer is not kept in the state, so it is not used."""
        for mission in ("occupation", "spice_theft", "activation"):
            if mission in decision.choices:
                return mission
        return decision.choices[0]

    def _on_place_marker(self, decision: Decision, state: GameState) -> Point:
        """Own markers near the own lines; the opponent's markers far from the opponent."""
        owner = decision.info.get("owner", decision.side)
        mission = decision.info.get("mission", "")
        me = decision.side
        my_edge = state.side_state(me).edge
        validate = decision.point.validate
        horizontal = my_edge in ("south", "north")
        length, span = (state.depth, state.width) if horizontal else (state.width, state.depth)
        centre_along = span / 2

        def at(depth: float, along: float) -> Point:
            return {"south": (along, depth), "north": (along, state.depth - depth),
                    "west": (depth, along), "east": (state.width - depth, along)}[my_edge]

        if owner == me and mission == "protection":
            # The ambassador in my own corner, behind my lines.
            order = sorted(np.arange(1.6, span - 1.5, 1.0), key=lambda a: min(a, span - a))
        elif owner == me:
            # Terminals, positions: near the middle, spread apart.
            order = sorted(np.arange(1.6, span - 1.5, 1.0),
                           key=lambda a: abs(a - centre_along) + 0.6 * self._spread_penalty(state, at(20.0, a), me))
        else:
            # The opponent's cache or depots, in my half: deep in my half, near my lines.
            order = sorted(np.arange(1.6, span - 1.5, 1.0), key=lambda a: abs(a - centre_along))
        # Rows from my own edge outwards, from the nearest the card allows (its distances are from the
        # token's nearest point); the first row with a legal spot wins (R-MISSIONS: the card's rules).
        start = 1.6
        try:
            spec = _cards()[mission].marker(decision.info.get("marker", ""))
            near_mine = spec.min_from_own_edge_cm if owner == me else spec.min_from_opponent_edge_cm
            start = max(start, spec.size_mm / 20.0 + max(spec.min_from_edges_cm, near_mine) + 0.1)
        except Exception:
            pass
        for depth in np.arange(start, length - 1.5, 1.0):
            tried = 0
            for along in order:
                p = at(float(depth), float(along))
                tried += 1
                if validate(p) is None:
                    return p
                if owner != me and tried >= 14:
                    break
        return decision.point.candidates[0]

    @staticmethod
    def _spread_penalty(state: GameState, p: Point, side: str) -> float:
        mine = [(k.x, k.y) for k in state.markers if k.owner == side]
        return sum(max(0.0, 14.0 - _dist(p, q)) for q in mine)

    def _on_deploy(self, decision: Decision, state: GameState) -> Point:
        """R-DEPLOY: along the own edge, near the side's objectives (its ambassador, its markers)."""
        me = decision.side
        m = state.model(decision.model)
        edge = state.side_state(me).edge
        aims = [(k.x, k.y) for k in state.markers if k.owner == me and not k.destroyed]
        amb = [a for a in state.models if a.side == me and a.ambassador]
        aims += [a.position for a in amb] * 2
        horizontal = edge in ("south", "north")
        if aims:
            centre = float(np.mean([p[0] if horizontal else p[1] for p in aims]))
        else:
            centre = (state.width if horizontal else state.depth) / 2
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
        return min(decision.point.candidates, key=lambda p: abs((p[0] if horizontal else p[1]) - along))

    # --- activations -----------------------------------------------------------------------------------

    def _on_activate(self, decision: Decision, state: GameState) -> str:
        self.memory = _Memory()
        planner = _Planner(self, state, decision.side)
        plan = planner.best(decision.choices)
        self.memory.plan = plan
        self.memory.planner = planner
        for mid in decision.choices:
            self.memory.held[mid] = state.model(mid).fatigue
        return plan.model

    def _on_spice(self, decision: Decision, state: GameState) -> str:
        """R-SPICE, RUL-10: a dose for a fight, or for a wounded model."""
        plan = self.memory.plan
        m = state.model(decision.model)
        fighting = plan is not None and plan.model == m.id and plan.kind in ("charge", "melee")
        wounded = m.wound != "none" or bool(m.poisons)
        return "consume" if (fighting or (wounded and m.spice_doses > 1)) else "keep"

    def _on_free_move(self, decision: Decision, state: GameState) -> Point | None:
        plan = self.memory.plan
        m = state.model(decision.model)
        if plan is None or plan.model != m.id:
            plan = _Planner(self, state, m.side).best((m.id,))
            self.memory.plan = plan
        if not self.memory.acted:
            if plan.before is None and plan.contact is None:
                return None
            return self._reach(decision, state, m, plan)
        goal = plan.goal
        if goal is None:
            return None
        return self._head_for(decision, state, m, goal)

    def _on_action(self, decision: Decision, state: GameState) -> str:
        self.memory.acted = True
        plan = self.memory.plan
        m = state.model(decision.model)
        if plan is not None and plan.model == m.id and plan.action in decision.choices:
            return plan.action
        planner = _Planner(self, state, m.side)
        return planner.best_action(m, decision.choices, plan)

    def _on_move(self, decision: Decision, state: GameState) -> Point | None:
        plan = self.memory.plan
        m = state.model(decision.model)
        goal = plan.move_to if plan is not None and plan.move_to is not None else (plan.goal if plan is not None else None)
        if goal is None:
            return None
        return self._head_for(decision, state, m, goal)

    def _reach(self, decision: Decision, state: GameState, m: ModelState, plan: _Plan) -> Point | None:
        """The free move of a plan: into contact with its target (a charge, a marker), or to its point."""
        allowance = decision.point.allowance_cm or m.profile.movement
        target = plan.contact
        points: list[Point] = []
        if target is not None:
            tr = _r(target)
            reach = tr + _r(m) + (0.03 if hasattr(target, "base_mm") else -0.2)
            here = m.position
            d = _dist(here, (target.x, target.y)) or 1.0
            spot = (target.x + (here[0] - target.x) / d * reach, target.y + (here[1] - target.y) / d * reach)
            for angle in (0.0, 0.35, -0.35, 0.7, -0.7, 1.05, -1.05, 1.4, -1.4):
                p = _rotate_about((target.x, target.y), spot, angle)
                if _dist(here, p) <= allowance + 1e-6:
                    points.append(p)
        elif plan.before is not None:
            points.append(plan.before)
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
        allowance = decision.point.allowance_cm or m.profile.movement
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
        scored = sorted(set((round(p[0], 3), round(p[1], 3)) for p in points), key=lambda p: _dist(p, goal) + danger.at(p))
        scored = [p for p in scored if _dist(p, here) <= allowance]
        cands = [(round(p[0], 3), round(p[1], 3)) for p in decision.point.candidates]
        best_cand = min(cands, key=lambda p: _dist(p, goal) + danger.at(p)) if cands else None
        got = self._first_valid(decision, scored, state, limit=4)
        options = [p for p in (got, best_cand) if p is not None]
        if not options:
            return None
        best = min(options, key=lambda p: _dist(p, goal) + danger.at(p))
        if _dist(best, goal) + danger.at(best) >= _dist(here, goal) + danger.at(here) - 0.2:
            return None
        return best

    def _danger(self, state: GameState, m: ModelState) -> "_Danger":
        """The danger map of ``m``: the activation's planner's when it is this side's turn."""
        planner = self.memory.planner
        if planner is not None and planner.side == m.side and state.to_act == m.side:
            return planner.danger(m)
        return _Danger(self, state, m)

    # --- combat -----------------------------------------------------------------------------------------

    def _on_weapon(self, decision: Decision, state: GameState) -> str:
        """RUL-15: the carried weapon that fights or shoots best here."""
        m = state.model(decision.model)
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
                    foe = _assumed_weapon(state, enemy, me, as_defender=active)
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
            except Exception:
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
        me = state.model(decision.model)
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
            from .rules.state import Combatant

            theirs = Combatant()
        else:
            theirs = _assumed_weapon(state, opp, mine, as_defender=(role == "attacker"))
        if role == "attacker":
            return clash_table(mine, theirs, _worth(state, me), _worth(state, opp) if opp else 1.0, state.ruleset), role
        return clash_table(theirs, mine, _worth(state, opp) if opp else 1.0, _worth(state, me), state.ruleset), role

    def _on_stance(self, decision: Decision, state: GameState) -> str:
        """R-TEST-CLASH: the stance worth more with these dice against the opponent's likely stance."""
        if len(decision.choices) == 1:
            return decision.choices[0]
        t, role = self._clash_for(state, decision)
        dice = decision.info.get("dice")
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
        other_rolled = int((info.get("defender_dice") if role == "attacker" else info.get("attacker_dice"))[0])
        x, y = (rolled, other_rolled) if role == "attacker" else (other_rolled, rolled)
        xs, ys = np.arange(1, x + 1), np.arange(1, y + 1)
        u = np.array([[t.payoff(int(a), int(b)) for b in ys] for a in xs])
        order = info.get("order", "secret")
        if role == "defender":
            u = -u.T  # rows: my choices; value to me
        if order == "secret":
            from .odds import solve_zero_sum

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
        from .rules.disengage import resolve_disengage

        info = decision.info
        me = state.model(decision.model)
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
            except Exception:
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
        me = state.model(decision.model)
        worse = (t.value < 0) if role == "attacker" else (t.value > 0)
        near_objective = any(k.owner == me.side and _gap(k, me) < 3.0 for k in state.markers) or \
            any(a.side == me.side and a.ambassador and _gap(a, me) < 3.0 for a in state.models)
        return "push" if (worse or near_objective) else "no"

    def _on_push_distance(self, decision: Decision, state: GameState) -> int:
        return max(decision.choices)

    def _on_step_away(self, decision: Decision, state: GameState) -> Point | None:
        """After defending, step away from a fight it is losing or when badly hurt, unless it holds a position."""
        me = state.model(decision.model)
        if any(k.owner == me.side and k.mission == "occupation" and _gap(k, me) <= 0.2 for k in state.markers):
            return None
        planner = _Planner(self, state, me.side)
        foes = [e for e in state.enemies_of(me.id) if _gap(e, me) <= 0.2]
        if not foes:
            return None
        value = min(planner.melee_value(me, e, active=False) for e in foes)
        badly_hurt = me.wound in ("grave", "fatal") or me.has_poison("dangerous") or me.has_poison("paralysing")
        if value >= 0 and not badly_hurt:
            return None
        return decision.point.candidates[0] if decision.point.candidates else None

    def _on_laser_mode(self, decision: Decision, state: GameState) -> str:
        """R-LASER: burn (a sure wound on a single unshielded target); the blast only cannot be aimed better."""
        return "burn"

    def _on_target(self, decision: Decision, state: GameState) -> str:
        """RUL-08 ties: of the equally near enemies, the one the shot hurts most."""
        me = state.model(decision.model)
        planner = _Planner(self, state, me.side)
        weapon = next((w for w in me.weapons if self.memory.plan is not None and self.memory.plan.action == f"shoot:{w.id}"), None)
        weapon = weapon or max((w for w in me.weapons if w.is_ranged), key=_weapon_score, default=None)

        def value(e: str) -> tuple[float, str]:
            target = state.model(e)
            v = planner.shot_value(me, weapon, target, max(0.0, _gap(me, target)), held=self.memory.held.get(me.id)) if weapon else 0.0
            return (v + 0.01 * _worth(state, target), e)
        return max(decision.choices, key=value)

    def _on_aim(self, decision: Decision, state: GameState) -> Point:
        """R-TEMPLATE: where the template covers the most enemy worth and no friend."""
        me = state.model(decision.model)
        direct = "direct" in decision.prompt
        best, best_v = decision.point.candidates[0], -1e9
        length = 20.0
        for p in decision.point.candidates:
            v = 0.0
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
        m = state.model(decision.model)
        cands = decision.point.candidates
        if not cands:
            return None
        if "template" in decision.prompt.lower() or len(cands) == 1:
            return cands[0]
        planner = _Planner(self, state, m.side)
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
        m = state.model(decision.model)
        cands = decision.point.candidates
        if not cands:
            return None
        danger = self._danger(state, m)
        goal = _Planner(self, state, m.side).goal_of(m)
        return min(cands, key=lambda p: danger.at(p) * 3 + (0.1 * _dist(p, goal) if goal else 0.0))

    def _on_place_hunter_seeker(self, decision: Decision, state: GameState) -> Point:
        """The template on the most valuable enemy that has no friend of mine nearby (it attacks whoever crosses it)."""
        me = state.model(decision.model)
        def score(p: Point) -> float:
            v = 0.0
            for o in state.models:
                if o.removed or o.out_of_action or o.ambassador:
                    continue
                if _dist(o.position, p) <= 5.0 + _r(o) + 2.0:
                    v += (-2.0 if o.side == me.side else 1.0) * _worth(state, o)
            return v
        return max(decision.point.candidates, key=score)

    def _on_place_jammer(self, decision: Decision, state: GameState) -> Point:
        """Over shielded enemies near my fighters and shooters."""
        me = state.model(decision.model)
        def score(p: Point) -> float:
            v = 0.0
            for o in state.models:
                if o.removed or _dist(o.position, p) > 5.0 + _r(o):
                    continue
                shielded = o.profile.shield != "none"
                v += (1.0 if o.side != me.side else -1.0) * (1.0 if shielded else 0.1)
            return v
        return max(decision.point.candidates, key=score)


# --- helpers on weapons and worth -----------------------------------------------------------------------

_COMBATANTS: dict[str, Any] = {"state": None, "map": {}}


def _comb(state: GameState, model_id: str, *, weapon: Any = None, activation_fatigue: int | None = None) -> Any:
    """:func:`landsraad.engine.bridge.combatant`, remembered for the last state asked about
    (a planner asks about the same models many times)."""
    from .engine.bridge import combatant

    if _COMBATANTS["state"] is not state:
        _COMBATANTS["state"] = state
        _COMBATANTS["map"] = {}
    key = (model_id, None if weapon is None else weapon.id, activation_fatigue)
    c = _COMBATANTS["map"].get(key)
    if c is None:
        c = _COMBATANTS["map"][key] = combatant(state, model_id, weapon=weapon, activation_fatigue=activation_fatigue)
    return c



_WEAPON_SCORES: dict[tuple, float] = {}


def _weapon_score(w: Any) -> float:
    """A rough worth of a weapon (damage, bonuses), to choose among equals."""
    key = (w.id, w.damage, w.combat, w.initiative, w.defence, w.range)
    score = _WEAPON_SCORES.get(key)
    if score is None:
        score = _WEAPON_SCORES[key] = _weapon_score_of(w)
    return score


def _weapon_score_of(w: Any) -> float:
    score = 0.0
    if w.is_melee and w.melee_damage is not None:
        dmg = w.melee_damage
        score += getattr(dmg, "value", 0) + 2 * (w.combat or 0) + 2 * (w.initiative or 0) + (w.defence or 0)
    if w.is_ranged and w.ranged_damage is not None:
        score += getattr(w.ranged_damage, "value", 0) + 2 * (w.combat or 0) + (w.range or 10) / 5
    return score


def _best_melee(m: ModelState) -> Any:
    melee = [w for w in m.weapons if w.is_melee]
    return max(melee, key=_weapon_score) if melee else None


def _assumed_weapon(state: GameState, enemy: ModelState, me: Any, *, as_defender: bool) -> Any:
    """The enemy as a combatant with the melee weapon it would choose against ``me`` (not known: assumed its best)."""

    melee = [w for w in enemy.weapons if w.is_melee]
    if len(melee) <= 1:
        return _comb(state, enemy.id, weapon=melee[0] if melee else None)
    return _comb(state, enemy.id, weapon=max(melee, key=_weapon_score))


def _worth(state: GameState, m: ModelState | None) -> float:
    """What a model is worth to its side: its recruit cost, more for an ambassador."""
    if m is None:
        return 1.0
    if m.ambassador:
        return 4.0
    return 1.0 + float(m.profile.cost)


def _near_segment(a: Point, b: Point, p: Point) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    if L < 1e-12:
        return _dist(a, p)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L))
    return _dist((ax + t * dx, ay + t * dy), p)


class _Danger:
    """How dangerous a spot is for one model: enemies that could charge it next turn and win."""

    def __init__(self, player: HeuristicPlayer, state: GameState, m: ModelState) -> None:
        self.m = m
        self.threats: list[tuple[Point, float, float]] = []
        me = _comb(state, m.id, weapon=_best_melee(m))
        for e in state.enemies_of(m.id):
            if e.ambassador or e.out_of_action:
                continue
            w = _best_melee(e)
            if w is None:
                continue
            foe = _comb(state, e.id, weapon=w, activation_fatigue=0)  # a rested attacker: the worst case
            t = clash_table(foe, me, _worth(state, e), _worth(state, m), state.ruleset)
            if t.value > 0:
                self.threats.append(((e.x, e.y), e.profile.movement + _r(e) + _r(m) + 0.5, t.value))

    def at(self, p: Point) -> float:
        total = 0.0
        for q, reach, v in self.threats:
            if _dist(p, q) <= reach:
                total += v
        return total


# --- the planner -------------------------------------------------------------------------------------------


class _Planner:
    """One activation's look at the table: jobs for the side's models, and each model's best plan."""

    def __init__(self, player: HeuristicPlayer, state: GameState, side: str) -> None:
        self.player = player
        self.state = state
        self.side = side
        self.enemy = other_side(side)
        self.edge = state.side_state(side).edge
        self.missions = tuple(state.side_state(side).missions)
        self.models = [m for m in state.models_of(side)]
        self.enemies = [e for e in state.models if e.side != side and not e.out_of_action and not e.removed]
        self.tol = state.ruleset.contact_tolerance_cm
        self.late = state.clock_s >= 0.6 * state.clock_limit_s
        self._swing_cache: dict[str, float] = {}
        self._dangers: dict[str, _Danger] = {}
        self.jobs = self._jobs()
        self.assignment = self._assign()

    def danger(self, m: ModelState) -> "_Danger":
        d = self._dangers.get(m.id)
        if d is None:
            d = self._dangers[m.id] = _Danger(self.player, self.state, m)
        return d

    # --- mission bookkeeping -------------------------------------------------------------------------

    def swing(self, mission: str) -> float:
        """What fulfilling ``mission`` is worth at its rank (success minus failure), 0 if not picked."""
        if mission not in self.missions:
            return 0.0
        if mission not in self._swing_cache:
            card = _cards()[mission]
            rank = self.missions.index(mission)
            self._swing_cache[mission] = float(card.values.success[rank] - card.values.failure[rank])
        return self._swing_cache[mission]

    def _mine(self, mission: str) -> list[Any]:
        return [k for k in self.state.markers if k.owner == self.side and k.mission == mission]

    def _jobs(self) -> list[_Job]:
        s = self.state
        jobs: list[_Job] = []
        if "activation" in self.missions:
            left = [k for k in self._mine("activation") if not k.activated and not k.destroyed]
            for k in left:
                jobs.append(_Job("terminal", (k.x, k.y), self.swing("activation") / max(1, len(left)) * 0.9, marker=k.id,
                                 action=f"mission:activation:activate_terminal:{k.id}", radius=_r(k)))
        if "spice_theft" in self.missions:
            for k in self._mine("spice_theft"):
                if k.destroyed or k.delivered or k.carried_by:
                    continue
                jobs.append(_Job("cache", (k.x, k.y), self.swing("spice_theft") * 0.5, marker=k.id,
                                 action=f"mission:spice_theft:pick_up_spice:{k.id}", radius=_r(k)))
        if "sabotage" in self.missions:
            left = [k for k in self._mine("sabotage") if not k.destroyed]
            for k in left:
                jobs.append(_Job("depot", (k.x, k.y), self.swing("sabotage") / max(1, len(left)) * 0.8, marker=k.id,
                                 action=f"mission:sabotage:sabotage_depot:{k.id}", radius=_r(k)))
        if "occupation" in self.missions:
            for k in self._mine("occupation"):
                if not k.destroyed:
                    jobs.append(_Job("position", (k.x, k.y), self.swing("occupation") / 2, marker=k.id, hold=True, radius=_r(k)))
        if "infiltration" in self.missions:
            far = _opposite(self.edge)
            for x in (0.35, 0.65):
                along = x * (s.width if far in ("south", "north") else s.depth)
                p = {"north": (along, s.depth - 5.5), "south": (along, 5.5), "east": (s.width - 5.5, along), "west": (5.5, along)}[far]
                jobs.append(_Job("infiltrate", p, self.swing("infiltration") / 2, hold=True))
        if "territory" in self.missions:
            w, d = s.width, s.depth
            quarters = [(w / 4, d / 4), (3 * w / 4, d / 4), (w / 4, 3 * d / 4), (3 * w / 4, 3 * d / 4)]
            quarters.sort(key=lambda q: _edge_distance(s, q, 0, self.edge))
            for q in quarters[:3]:
                jobs.append(_Job("quarter", q, self.swing("territory") / 3, hold=True))
        if "protection" in self.missions:
            for a in s.models:
                if a.side == self.side and a.ambassador and not a.removed:
                    foes = sorted(self.enemies, key=lambda e: _gap(e, a))
                    if foes:
                        f = foes[0]
                        p = _toward((a.x, a.y), (f.x, f.y), _r(a) + 1.6 + 0.1)
                    else:
                        p = (a.x, a.y)
                    jobs.append(_Job("guard", p, self.swing("protection") * 0.3, hold=True))
        return jobs

    def _assign(self) -> dict[str, _Job]:
        """Each job to the model that gets there soonest (a carrier keeps carrying home)."""
        out: dict[str, _Job] = {}
        for m in self.models:
            if m.carrying:
                k = self.state.marker(m.carrying)
                goal = _edge_point(self.state, m.position, _r(m), self.edge)
                out[m.id] = _Job("deliver", goal, self.swing(k.mission) * 0.6,
                                 action=f"mission:{k.mission}:carry_off_spice:{k.id}")
        free = [m for m in self.models if m.id not in out]
        pairs = []
        for j_index, job in enumerate(self.jobs):
            for m in free:
                if "blinding" in {p.kind for p in m.poisons}:
                    continue
                d = max(0.0, _dist(m.position, job.point) - job.radius - _r(m))
                turns = d / max(1.0, m.profile.movement) + 0.4 * max(0, m.fatigue - 1)
                pairs.append((turns - 0.05 * job.value, j_index, m.id))
        # Stick to the job of the last activations unless another is clearly better (no dithering).
        previous = self.player.jobs
        pairs = [(t - (1.0 if previous.get(mid) == _job_key(self.jobs[j]) else 0.0), j, mid) for t, j, mid in pairs]
        pairs.sort()
        taken_jobs: set[int] = set()
        for _, j_index, mid in pairs:
            if j_index in taken_jobs or mid in out:
                continue
            out[mid] = self.jobs[j_index]
            taken_jobs.add(j_index)
        self.player.jobs = {mid: _job_key(job) for mid, job in out.items()}
        return out

    def goal_of(self, m: ModelState) -> Point | None:
        job = self.assignment.get(m.id)
        if job is not None:
            return job.point
        target = self._hunt_target(m)
        return target.position if target is not None else None

    # --- values --------------------------------------------------------------------------------------

    def kill_bonus(self, e: ModelState) -> float:
        """Extra worth of killing ``e`` for the side's missions (treachery, assassination) and the enemy's (its ambassador)."""
        bonus = 0.0
        if "treachery" in self.missions:
            if not any(k.killer_side is not None and k.killer_side != k.victim_side for k in self.state.kills):
                bonus += self.swing("treachery")
        if "assassination" in self.missions and not e.ambassador:
            theirs = [m for m in self.state.models if m.side == self.enemy and not m.ambassador]
            top = max((m.profile.cost for m in theirs), default=0)
            done = any(k.killer_side == self.side and self.state.model(k.victim).profile.cost == top
                       for k in self.state.kills if k.victim_side == self.enemy)
            if e.profile.cost == top and not done:
                bonus += self.swing("assassination")
        if e.ambassador:
            bonus += 3.0
        if e.carrying:
            bonus += 2.0
        return bonus

    def melee_value(self, me: ModelState, e: ModelState, *, active: bool = True, held: int | None = None) -> float:
        """Expected worth of a clash for ``me`` (the active model when ``active``), mission bonuses included."""
        w = _best_melee(me)
        if w is None:
            return -0.5
        mine = _comb(self.state, me.id, weapon=w, activation_fatigue=(me.fatigue if held is None else held) if active else None)
        theirs = _assumed_weapon(self.state, e, mine, as_defender=active)
        worth_e = _worth(self.state, e) + self.kill_bonus(e)
        if active:
            t = clash_table(mine, theirs, _worth(self.state, me), worth_e, self.state.ruleset)
            return t.value
        t = clash_table(theirs, mine, worth_e, _worth(self.state, me), self.state.ruleset)
        return -t.value

    def shot_value(self, me: ModelState, weapon: Any, target: ModelState, distance: float, held: int | None = None) -> float:
        from .rules.shooting import can_target, range_band

        shooter = _comb(self.state, me.id, weapon=weapon, activation_fatigue=me.fatigue if held is None else held)
        tgt = _comb(self.state, target.id)
        if not can_target(shooter, tgt, ruleset=self.state.ruleset):
            return 0.0
        rng = weapon.range or 10.0
        band = range_band(max(0.0, distance), rng)
        worth = _worth(self.state, target) + self.kill_bonus(target)
        return _shot_value(shooter, tgt, band * rng + min(rng, 0.5), worth, "burn", self.state.ruleset)

    def nearest_shot(self, me: ModelState, weapon: Any, at: Point | None = None) -> tuple[ModelState | None, float]:
        """The enemy a shot from ``at`` must take (RUL-08, sight not checked here) and its distance."""
        from .rules.shooting import can_target

        p = at or me.position
        best, best_d = None, 1e9
        shooter = None
        for e in self.enemies:
            d = _gap_at(p, _r(me), e)
            if d >= best_d - 0.05:
                continue
            if weapon.laser:
                shooter = shooter or _comb(self.state, me.id, weapon=weapon)
                if not can_target(shooter, _comb(self.state, e.id), ruleset=self.state.ruleset):
                    continue
            best, best_d = e, d
        return best, best_d

    # --- plans ---------------------------------------------------------------------------------------

    def best(self, choices: Sequence[str]) -> _Plan:
        plans = []
        for mid in choices:
            m = self.state.model(mid)
            p = self.plan_for(m)
            p.value -= self.fatigue_price(m)
            plans.append(p)
        best = max(plans, key=lambda p: (p.value, -self.state.model(p.model).fatigue, p.model))
        return best

    def fatigue_price(self, m: ModelState) -> float:
        """RUL-05: a model holding two tokens acts with -2 / -2 / -1; one token -1 / -1."""
        return {0: 0.0, 1: 0.25}.get(m.fatigue, 0.9 + 0.2 * (m.fatigue - 2))

    def engaged_with(self, m: ModelState) -> list[ModelState]:
        return [e for e in self.enemies if _gap(e, m) <= self.tol + 1e-6]

    def plan_for(self, m: ModelState) -> _Plan:
        from .rules.poisons import may_fulfil_objectives

        s = self.state
        c = _comb(s, m.id, activation_fatigue=m.fatigue)
        move = c.effective_movement
        engaged = self.engaged_with(m)
        job = self.assignment.get(m.id)
        plans: list[_Plan] = [_Plan(m.id, "rest", "rest", value=0.0)]
        if engaged:
            for e in engaged:
                if e.ambassador or _best_melee(m) is None:
                    v = self.melee_value(m, e) if _best_melee(m) is not None else -1.0
                else:
                    v = self.melee_value(m, e)
                plans.append(_Plan(m.id, "melee", f"melee:{e.id}", target=e.id, value=v + 0.05))
            # Breaking away: worth it when the fight is lost and a job waits elsewhere.
            if move > 0:
                worst = min(engaged, key=lambda e: self.melee_value(m, e))
                mv = _comb(s, m.id, weapon=_best_melee(m), activation_fatigue=m.fatigue)
                p_ok, _, harm = _disengage(mv, _comb(s, worst.id, weapon=_best_melee(worst)), s.ruleset)
                stay = min(self.melee_value(m, e, active=False) for e in engaged)
                v = p_ok * (max(0.0, -stay) + (0.3 * job.value if job else 0.0)) - harm * _worth(s, m)
                plans.append(_Plan(m.id, "disengage", "disengage", goal=self.goal_of(m), value=v))
            # Mission actions that work in contact (a capture, carrying off).
            if job is not None and job.action and job.kind == "deliver" and _edge_distance(s, m.position, _r(m), self.edge) <= self.tol:
                plans.append(_Plan(m.id, "mission", job.action, value=job.value + 1.0))
            if "slave_hunt" in self.missions:
                for e in engaged:
                    if e.wound == "grave" or e.has_poison("paralysing"):
                        plans.append(_Plan(m.id, "mission", f"mission:slave_hunt:capture:{e.id}", value=self.swing("slave_hunt") + 1.0))
            return max(plans, key=lambda p: p.value)

        able = may_fulfil_objectives(c)
        # 1. Jobs: a mission action now or after the free move; else head for the job.
        if job is not None and able:
            if job.kind == "deliver":
                gap = _edge_distance(s, m.position, _r(m), self.edge)
                if gap <= self.tol:
                    plans.append(_Plan(m.id, "mission", job.action or "rest", value=job.value + 1.0))
                elif gap <= move - 0.05:
                    spot = _edge_point(s, m.position, _r(m), self.edge)
                    plans.append(_Plan(m.id, "mission", job.action or "rest", before=spot, value=job.value + 0.9))
                else:
                    plans.append(self._advance(m, job.point, job.value * 0.5, move))
            elif job.marker is not None and job.action is not None:
                k = s.marker(job.marker)
                gap = _gap(m, k)
                if gap <= self.tol:
                    plans.append(_Plan(m.id, "mission", job.action, goal=None, value=job.value + 1.0))
                elif gap <= move - 0.1:
                    plans.append(_Plan(m.id, "mission", job.action, contact=k, value=job.value + 0.9))
                else:
                    plans.append(self._advance(m, job.point, job.value * 0.5, move))
            elif job.hold:
                where = (job.point if job.marker is None else (s.marker(job.marker).x, s.marker(job.marker).y))
                there = self._at_hold(m, job)
                if not there:
                    if job.marker is not None:
                        k = s.marker(job.marker)
                        if _gap(m, k) <= move - 0.1:
                            plans.append(_Plan(m.id, "hold", "rest", contact=k, value=job.value * (0.9 if self.late else 0.4)))
                        else:
                            plans.append(self._advance(m, where, job.value * (0.9 if self.late else 0.35), move))
                    else:
                        plans.append(self._advance(m, where, job.value * (0.9 if self.late else 0.35), move))
        # 2. Fights: charges within a free move.
        if _best_melee(m) is not None:
            for e in self.enemies:
                gap = _gap(e, m)
                if gap <= move - 0.1:
                    v = self.melee_value(m, e) - 0.1
                    if job is not None and job.hold and self._at_hold(m, job):
                        v -= job.value * 0.5
                    plans.append(_Plan(m.id, "charge", f"melee:{e.id}", contact=e, target=e.id, value=v))
        # 3. Shots from here (then the free move towards the goal).
        for w in m.weapons:
            if not w.is_ranged:
                continue
            from .rules.shooting import can_shoot

            if not can_shoot(_comb(s, m.id, weapon=w)):
                continue
            if w.template is not None:
                v = self._template_value(m, w)
                if v > 0:
                    plans.append(_Plan(m.id, "shoot", f"shoot:{w.id}", goal=self._after_goal(m, job), value=v))
                continue
            target, d = self.nearest_shot(m, w)
            if target is None:
                continue
            v = self.shot_value(m, w, target, d)
            if v > 0:
                plans.append(_Plan(m.id, "shoot", f"shoot:{w.id}", goal=self._after_goal(m, job), target=target.id, value=v * 0.9))
        # 4. Equipment and healing.
        if ("hunter_seeker" in m.equipment or "hunter_seeker" in m.profile.special_rules):
            used = {v for sd, k, v in s.flags if sd == m.side and k == "used_equipment"}
            if f"{m.id}:hunter_seeker" not in used and any(_gap(e, m) < 30 for e in self.enemies if not e.ambassador):
                plans.append(_Plan(m.id, "equipment", "hunter_seeker", goal=self._after_goal(m, job), value=1.2))
        if "explosives" in m.equipment:
            for k in s.markers:
                if k.on_table and _gap(m, k) <= self.tol and (k.owner != m.side or k.mission == "sabotage"):
                    plans.append(_Plan(m.id, "mission", f"explosives:{k.id}", value=3.0 if k.owner != m.side else job.value + 1.2 if job else 3.0))
        if "healer" in m.profile.special_rules:
            for f in self.models:
                if f.id != m.id and _gap(f, m) <= self.tol and (f.wound in ("light", "grave") or f.poisons):
                    plans.append(_Plan(m.id, "heal", f"heal:{f.id}", value=0.6 * _worth(s, f)))
        # 5. Hunting: no job, or nothing better: move on the best enemy to fight.
        if job is None or not plans[1:]:
            target = self._hunt_target(m)
            if target is not None:
                plans.append(self._advance(m, target.position, 0.5, move, target=target))
        return max(plans, key=lambda p: p.value)

    def _after_goal(self, m: ModelState, job: _Job | None) -> Point | None:
        if job is None:
            return None
        if job.hold and self._at_hold(m, job):
            return None
        return job.point

    def _at_hold(self, m: ModelState, job: _Job) -> bool:
        s = self.state
        if job.marker is not None:
            return _gap(m, s.marker(job.marker)) <= self.tol
        if job.kind == "infiltrate":
            return _edge_distance(s, m.position, _r(m), _opposite(self.edge)) <= 9.5
        if job.kind == "quarter":
            from .missions import quarter

            here = quarter(m.position, m.base_mm, (s.width, s.depth))
            return here is not None and here == quarter(job.point, 0.0, (s.width, s.depth))
        return _dist(m.position, job.point) <= 2.5

    def _template_value(self, m: ModelState, w: Any) -> float:
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

    def _hunt_target(self, m: ModelState) -> ModelState | None:
        foes = [e for e in self.enemies if not e.out_of_action]
        if not foes or _best_melee(m) is None and not any(w.is_ranged for w in m.weapons):
            return None
        amb = [a for a in self.state.models if a.side == self.side and a.ambassador and not a.removed]

        def score(e: ModelState) -> float:
            v = self.melee_value(m, e, held=0) if _best_melee(m) is not None else 0.2
            v += 0.3 * self.kill_bonus(e)
            d = max(0.0, _gap(e, m))
            near_amb = min((_gap(e, a) for a in amb), default=99.0)
            return v - 0.04 * d + (1.0 if near_amb < 15 else 0.0)
        return max(foes, key=score)

    def _advance(self, m: ModelState, goal: Point, value: float, move: float, target: ModelState | None = None) -> _Plan:
        """A free move and a Move action towards ``goal``, stopping short of danger."""
        here = m.position
        d = _dist(here, goal)
        if target is not None:
            d = max(0.0, d - _r(target) - _r(m))
        if d < 0.3 or move <= 0:
            return _Plan(m.id, "rest", "rest", value=0.0)
        step1 = _toward(here, goal, move)
        step2 = _toward(step1, goal, move)
        if target is not None:
            # Stop out of the enemy's charge if it wins that fight: keep 1 cm beyond its reach.
            stop = _r(target) + _r(m) + 0.5
            step1 = _toward(here, goal, min(move, max(0.0, _dist(here, goal) - stop)))
            step2 = _toward(step1, goal, min(move, max(0.0, _dist(step1, goal) - stop)))
        progress = min(d, 2 * move)
        danger = self.danger(m).at(step2)
        v = value * (0.4 + 0.6 * progress / max(1.0, 2 * move)) - 0.5 * danger
        return _Plan(m.id, "advance", "move", before=step1, move_to=step2, goal=goal, value=v)

    def best_action(self, m: ModelState, choices: Sequence[str], plan: _Plan | None) -> str:
        """An action among ``choices`` when the plan's is not on offer."""
        scores: dict[str, float] = {}
        for ch in choices:
            kind, _, arg = ch.partition(":")
            if kind == "mission":
                scores[ch] = 5.0
            elif kind == "melee":
                try:
                    scores[ch] = self.melee_value(m, self.state.model(arg), held=self.player.memory.held.get(m.id))
                except Exception:
                    scores[ch] = 0.0
            elif kind == "shoot":
                w = next((x for x in m.weapons if x.id == arg), None)
                if w is None:
                    continue
                if w.template is not None:
                    scores[ch] = self._template_value(m, w)
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
                k = self.state.marker(arg)
                scores[ch] = 2.0 if (k.owner != self.side or k.mission == "sabotage") else -1.0
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
            if best == "move" and plan.move_to is None:
                plan.move_to = self.goal_of(m)
        return best
