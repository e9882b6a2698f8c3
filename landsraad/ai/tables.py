"""What fights and shots are worth to the heuristic player: exact clash tables (R-MELEE), shot and
disengage values from :mod:`landsraad.odds`, weapon scores and model worths, cached on signatures."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Generic, Iterable, Sequence, TypeVar

import numpy as np

from ..engine.bridge import combatant
from ..engine.state import GameState, ModelState
from ..errors import LandsraadError
from ..model import Weapon
from ..odds import beats_array, disengage_odds, shot_wounds, solve_zero_sum
from ..rules.melee import (
    attack_total,
    can_attack,
    defence_total,
    initiative_total,
    strike_damage,
)
from ..rules.shields import melee_gets_through
from ..rules.shooting import LaserMode, resolve_marker_shot
from ..rules.state import (
    Combatant,
    active_rules,
    effective_endurance,
    effective_shield,
    fatigue_penalty,
    hook_context,
)
from ..rules.wounds import wound_result
from ..ruleset import DEFAULT, Ruleset
from ..specials import HOOK_POINTS, SPECIAL_RULES, HookContext

HARM = np.array([0.0, 0.08, 0.4, 0.7, 1.0])
"""What a hit's result costs its victim, by :data:`~landsraad.rules.state.WOUND_RESULTS`
(none, scratch, light, grave, fatal), as a share of the victim's worth."""

_RESULT_INDEX = {"none": 0, "scratch": 1, "light": 2, "grave": 3, "fatal": 4}

_HARM_MAX = float(HARM.max())


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
    return _values_against(*_sides(t.both, t.hit_a, t.hit_d, t.lone_a, t.lone_d)[role], other_policy)


def _sides(both: np.ndarray, hit_a: np.ndarray, hit_d: np.ndarray, lone_a: np.ndarray, lone_d: np.ndarray) -> dict[str, tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
    """Each role's view of a clash for :func:`_values_against`: (both attack, own lone hits, own
    best lone blow, the other's lone hits, its best lone blow); the defender sees ``-both.T``."""
    return {"attacker": (both, hit_a, lone_a, hit_d, lone_d), "defender": (-both.T, hit_d, lone_d, hit_a, lone_a)}


def _values_against(both: np.ndarray, hit_own: np.ndarray, lone_own: np.ndarray, hit_other: np.ndarray, lone_other: np.ndarray,
                    other_policy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_side_values` from one role's view (:func:`_sides`).

    Every argument may carry leading axes, one clash per index (:func:`_play_clashes`): numpy
    reduces, multiplies and sums each clash's numbers in the same order as for a clash alone,
    so each gets the same floats (tests compare both ways)."""
    n = 1000.0
    p_n = np.add.reduce(other_policy, axis=(-2, -1)) / n  # P(other attacks with neutral y)
    q_def = np.add.reduce(1.0 - other_policy, axis=(-3, -2)) / n  # P(other defends with defence die d)
    r_na = np.add.reduce(other_policy, axis=-1) / n  # P(other attacks with neutral y, attack die b)
    attack = both @ p_n[..., None] + lone_own[..., :, None] * (hit_own @ q_def[..., None])[..., None, :, 0]
    # Defending: the other's lone blow lands with its attack die b against my defence die d.
    defend = -np.einsum("...yb,...bd,...y->...d", r_na, hit_other, lone_other)
    return attack, defend


def _best_lower(values: np.ndarray, rolled: int) -> int:
    """Index (0-based) of the best value among faces 1..rolled, the least lowering among ties (PRJ-81)."""
    sub = values[:rolled]
    return int(np.flatnonzero(sub >= sub.max() - 1e-12)[-1])


def _lowering_values(blow_a: np.ndarray, blow_d: np.ndarray, ia: int, idf: int) -> np.ndarray:
    """The attacker's value of the lowering game (R-NEUTRAL-DOWN) when both attack, for every
    pair of rolled neutrals: the side with the lower total lowers first and the other answers
    knowing it; equal totals lower in secret (the matrix game's equilibrium)."""

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


def _norm(c: Combatant) -> Combatant:
    """``c`` with the details that never change a clash or a shot cleared, so caches hit more often.

    Only "one token or more" matters for the hooks on a fatigue count (Assassination); spice
    doses carried play no part in a fight. The tokens held when the activation began are kept
    as they are: where the fatigue ladder stops depends on the model's fatigue tolerances
    (RUL-05: two tokens, three with Ducal loyalty, four with a Stillsuit besides), and the
    caches' key holds the malus itself (:func:`_sig`).
    """
    update: dict[str, int] = {}
    if c.fatigue > 1:
        update["fatigue"] = 1
    if c.spice_doses:
        update["spice_doses"] = 0
    return c.model_copy(update=update) if update else c


def _sig(c: Combatant, rested: bool = False, ruleset: Ruleset = DEFAULT) -> tuple[object, ...]:
    """A cheap hashable signature of a combatant for the caches (what a fight depends on, under
    ``ruleset``); ``rested``: as if it held no fatigue token (see :func:`_rested`).

    The tokens held when an activation began count only through the fatigue ladder
    (:func:`~landsraad.rules.state.fatigue_penalty`, RUL-05): the malus the kernel meets (the
    combatant as :func:`_norm` hands it on) stands for them, so a model out of its activation
    (``None``) and one that began it with none share their tables, and so do two, three or more
    tokens (the full malus), one token less with a fatigue tolerance."""
    w = c.weapon
    ws = None if w is None else (w.id, w.range, w.combat, w.initiative, w.damage, w.defence, w.template is not None,
                                 w.explosive, w.laser, w.poisons, w.special_rules)
    malus = fatigue_penalty(_norm(_rested(c) if rested else c), ruleset)  # the one the kernel meets (its value's)
    return (c.movement, c.combat, c.reflexes, c.endurance, c.armour, c.shield, c.shield_disabled, ws, c.wound,
            0 if rested else min(c.fatigue, 1), malus, c.poisons, c.carried_poisons, c.spice_active, c.spice_effect,
            c.special_rules)


_V = TypeVar("_V")

Clash = tuple[Combatant, Combatant, float, float]
"""One clash as :func:`clash_table` takes it: (attacker, defender, the attacker's victim's worth
``worth_a``, the defender's ``worth_d``)."""


class _Signed(Generic[_V]):
    """A value for the caches' keys that compares and hashes by ``key`` alone (a signature of
    what matters), so :func:`functools.lru_cache` can key on it and still hand the value on.
    With ``rested`` (:func:`_rested`), the value is the combatant without its fatigue tokens (built
    on a miss only)."""

    __slots__ = ("key", "raw", "rested", "_hash")

    def __init__(self, key: object, raw: _V, rested: Callable[[_V], _V] | None = None) -> None:
        self.key, self.raw, self.rested, self._hash = key, raw, rested, hash(key)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Signed) and self._hash == other._hash and self.key == other.key

    @property
    def value(self) -> _V:
        return self.raw if self.rested is None else self.rested(self.raw)


_FACTS_SIZE = 8192
_FACTS: dict[tuple[object, ...], tuple[Combatant, _Signed[Combatant], _Signed[Combatant], bool, Ruleset]] = {}


def _facts(c: Combatant, ruleset: Ruleset) -> tuple[Combatant, _Signed[Combatant], _Signed[Combatant], bool, Ruleset]:
    """``(c, key, key rested, sensitive, ruleset)``: ``c``'s cache keys under ``ruleset``, by its
    signature and its signature rested, and whether a hook of its reads fatigue.

    Remembered per combatant (the planner asks about the same combatant objects thousands of
    times; its signature would cost more than the look-up): keyed by a few of its fields, the
    entry holds the combatant and the ruleset and answers only for those very objects (another
    combatant of the same name and state replaces it); emptied when full.
    """
    weapon = c.weapon
    key = (c.name, weapon.id if weapon is not None else None, c.wound, c.fatigue, c.activation_fatigue, c.spice_active, c.spice_doses,
           c.poisons)
    hit = _FACTS.get(key)
    if hit is not None and hit[0] is c and hit[4] is ruleset:
        return hit
    if len(_FACTS) >= _FACTS_SIZE:
        _FACTS.clear()
    hit = _FACTS[key] = (c, _Signed(_sig(c, ruleset=ruleset), c), _Signed(_sig(c, rested=True, ruleset=ruleset), c, _rested),
                         _fatigue_sensitive(_rule_names(c)), ruleset)
    return hit


def _signed_pair(a: Combatant, b: Combatant, ruleset: Ruleset) -> tuple[_Signed[Combatant], _Signed[Combatant]]:
    """Cache keys for two combatants facing each other under ``ruleset``: tokens held are dropped
    unless a hook of either reads them (Assassination)."""
    fa, fb = _facts(a, ruleset), _facts(b, ruleset)
    if fa[3] or fb[3]:
        return fa[1], fb[1]
    return fa[2], fb[2]


def _rule_names(c: Combatant) -> tuple[str, ...]:
    return tuple(active_rules(c))


@lru_cache(maxsize=512)
def _fatigue_sensitive(names: tuple[str, ...]) -> bool:
    """Whether any hook of these rules reads a fatigue count (its own or its target's).

    A hook point none of the rules has sums to 0 in every context (nothing is called): only
    the others are asked, most often none or two of the eighteen."""

    for hook in HOOK_POINTS:
        if not SPECIAL_RULES.hooked(hook, names):
            continue
        for action in ("melee", "shoot", "disengage", "dodge"):
            try:
                seen = {SPECIAL_RULES.total(hook, names, HookContext(action=action, own_fatigue=o, target_fatigue=t))
                        for o in (0, 1, 2) for t in (0, 1, 2)}
            except LandsraadError:  # a hook that cannot answer without a full context: assume it reads them
                return True
            if len(seen) > 1:
                return True
    return False


def _rested(c: Combatant) -> Combatant:
    return c.model_copy(update={"fatigue": 0}) if c.fatigue else c


def _q(worth: float) -> float:
    """Worths rounded to a quarter, for the caches."""
    return round(float(worth) * 4) / 4


def clash_value_bound(worth: float) -> float:
    """An upper bound of a clash's value against a victim worth ``worth``: a blow costs at most
    its victim's worth (a fatal wound, :data:`HARM` at most 1), and :func:`_q` rounds worths to a
    quarter (at most 0.125 up); with a little slack for the float sums."""
    return max(0.0, _HARM_MAX * (worth + 0.125)) + 1e-6


def _blow_table(striker: Combatant, target: Combatant, ruleset: Ruleset) -> np.ndarray:
    """Result index of ``striker``'s blow on ``target`` for each final neutral 1..10.

    The pieces are the kernel's: :func:`~landsraad.rules.melee.strike_damage`, the shield window
    (:func:`~landsraad.rules.shields.melee_gets_through`, RUL-03) and
    :func:`~landsraad.rules.wounds.wound_result`, the result :func:`~landsraad.rules.wounds.apply_hit`
    gives whatever poisons the blow carries (tests check the result against
    :func:`~landsraad.rules.melee.resolve_melee` for every neutral die).
    """

    names = active_rules(striker)
    ctx = hook_context(striker, action="melee", target=target, ruleset=ruleset)
    pierce = SPECIAL_RULES.total("shield_pierce_bonus", names, ctx) if names else 0
    no_armour = bool(striker.weapon is not None and striker.weapon.explosive) or (
        bool(names) and SPECIAL_RULES.any("ignores_armour", names, ctx))
    shield = effective_shield(target, ruleset)
    endurance = effective_endurance(target, ruleset)
    results = np.zeros(10, dtype=np.int64)
    seen: dict[int, int] = {}
    for n in range(1, 11):
        if not melee_gets_through(n, shield, pierce):
            continue
        raw = strike_damage(striker, target, n, ruleset)
        if raw not in seen:
            seen[raw] = _RESULT_INDEX[wound_result(raw, endurance, target.armour, ignore_armour=no_armour)]
        results[n - 1] = seen[raw]
    return results


def clash_table(attacker: Combatant, defender: Combatant, worth_a: float = 1.0, worth_d: float = 1.0, ruleset: Ruleset | None = None) -> ClashTable:
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

    ruleset = ruleset or DEFAULT
    return _clash_cached(*_signed_pair(attacker, defender, ruleset), _q(worth_a), _q(worth_d), ruleset)


_SideFacts = tuple[bool, int, tuple[int, ...], int]
"""One side's facts of a clash (:func:`_side_facts`): may attack, attack edge, blow results, initiative."""

_Unplayed = tuple[bool, bool, int, int, tuple[int, ...], tuple[int, ...], int, float, float]
"""What a clash's play depends on but the ties rule (:func:`_play_clash`'s arguments but ``ties``)."""

_PlayedKey = tuple[bool, bool, int, int, tuple[int, ...], tuple[int, ...], int, float, float, str]
""":func:`_play_clash`'s arguments, in order: its memo's key."""

_Played = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, float]
"""A played clash: :class:`ClashTable`'s arrays hit_a, hit_d, blow_a, blow_d, lone_a, lone_d, both,
policy_a, policy_d and its value."""


@lru_cache(maxsize=20000)
def _clash_cached(attacker: _Signed[Combatant], defender: _Signed[Combatant], worth_a: float, worth_d: float, ruleset: Ruleset) -> ClashTable:
    # Each side's facts are cached apart: the same pair meets again with other worths, or roles swapped.
    return _table(_side_cached(attacker, defender, ruleset), _side_cached(defender, attacker, ruleset), worth_a, worth_d, ruleset)


@lru_cache(maxsize=20000)
def _side_cached(striker: _Signed[Combatant], target: _Signed[Combatant], ruleset: Ruleset) -> _SideFacts:
    return _side_facts(_norm(striker.value), _norm(target.value), ruleset)


def _side_facts(striker: Combatant, target: Combatant, ruleset: Ruleset) -> _SideFacts:
    """The kernel's facts of one side of a clash, without dice (R-MELEE): whether ``striker`` may
    attack, its attack total minus ``target``'s defence total, its blow's result index for each
    final neutral (:func:`_blow_table`), both ``0`` and ``()`` when it may not attack, and its
    initiative total."""
    if not can_attack(striker):
        return False, 0, (), initiative_total(striker, target, 0, ruleset)
    edge = attack_total(striker, target, 0, ruleset) - defence_total(target, striker, 0, ruleset)
    return True, edge, tuple(_blow_table(striker, target, ruleset).tolist()), initiative_total(striker, target, 0, ruleset)


def _table(side_a: _SideFacts, side_d: _SideFacts,
           worth_a: float, worth_d: float, ruleset: Ruleset) -> ClashTable:
    """The :class:`ClashTable` from each side's facts (:func:`_side_facts`)."""
    hit_a, hit_d, blow_a, blow_d, lone_a, lone_d, both, pa, pd, value = _play_clash(*_played_key(side_a, side_d, worth_a, worth_d, ruleset.ties))
    return ClashTable((side_a[0], side_d[0]), hit_a, hit_d, blow_a, blow_d, side_a[3], side_d[3], lone_a, lone_d, both, pa, pd, value)


def _played_key(side_a: _SideFacts, side_d: _SideFacts, worth_a: float, worth_d: float, ties: str) -> _PlayedKey:
    """What a clash's play depends on, from each side's facts (:func:`_side_facts`):
    :func:`_play_clash`'s arguments, in order, and its memo's key (R-MELEE)."""
    ca, edge_a, res_a, ia = side_a
    cd, edge_d, res_d, idf = side_d
    return (ca, cd, edge_a, edge_d, res_a, res_d, ia - idf, worth_a, worth_d, ties)


_PLAYED_SIZE = 20000
_PLAYED: dict[_PlayedKey, _Played] = {}


def _play_clash(ca: bool, cd: bool, edge_a: int, edge_d: int, res_a: tuple[int, ...], res_d: tuple[int, ...], lead: int,
                worth_a: float, worth_d: float, ties: str) -> _Played:
    """The arrays and value of a :class:`ClashTable` from what they depend on, so that different
    combatants with the same facts share the work (R-MELEE, R-NEUTRAL-DOWN, R-TEST-CLASH).

    ``edge_a``: the attacker's attack total minus the defender's defence total, without dice
    (a lone blow lands when ``a + edge_a`` beats ``d``); ``res_a``: the result index of its blow
    for each final neutral (:func:`_blow_table`); ``lead``: the attacker's initiative total minus
    the defender's, without dice (only their comparison counts). ``edge_d``, ``res_d`` likewise for
    the defender; a side that may not attack has ``0`` and ``()``.

    Played once (:func:`_play_clashes`) and remembered, bounded like :func:`_comb`'s memo;
    :func:`warm_clash_tables` plays many at once beforehand.
    """
    key = (ca, cd, edge_a, edge_d, res_a, res_d, lead, worth_a, worth_d, ties)
    hit = _PLAYED.get(key)
    if hit is None:
        hit = _remember_played(key, _play_clashes([key[:-1]], ties)[0])
    return hit


def _remember_played(key: _PlayedKey, played: _Played) -> _Played:
    if len(_PLAYED) >= _PLAYED_SIZE:
        _PLAYED.clear()
    _PLAYED[key] = played
    return played


def _play_clashes(clashes: Sequence[_Unplayed], ties: str) -> list[_Played]:
    """:func:`_play_clash` of each of ``clashes`` (its arguments but ``ties``), played side by side.

    A clash is one index of the arrays; numpy's fixed cost per operation, most of a clash's
    time, is paid once for them all. A side that may not attack keeps no hit, no blow and a
    policy of 0 (its rows are masked), as when played alone.
    """
    faces = np.arange(1, 11)
    ca = np.array([c[0] for c in clashes], dtype=bool)
    cd = np.array([c[1] for c in clashes], dtype=bool)
    all_a, all_d = bool(ca.all()), bool(cd.all())
    hit_a = beats_array(faces[:, None] + np.array([c[2] for c in clashes])[:, None, None], faces[None, :], ties)
    hit_d = beats_array(faces[:, None] + np.array([c[3] for c in clashes])[:, None, None], faces[None, :], ties)
    blow_a = HARM[np.array([c[4] or (0,) * 10 for c in clashes])] * np.array([c[8] for c in clashes], dtype=float)[:, None]
    blow_d = HARM[np.array([c[5] or (0,) * 10 for c in clashes])] * np.array([c[7] for c in clashes], dtype=float)[:, None]
    if not all_a:
        hit_a &= ca[:, None, None]
        blow_a = np.where(ca[:, None], blow_a, 0.0)
    if not all_d:
        hit_d &= cd[:, None, None]
        blow_d = np.where(cd[:, None], blow_d, 0.0)
    lone_a = np.maximum.accumulate(blow_a, axis=-1)
    lone_d = np.maximum.accumulate(blow_d, axis=-1)
    boths = [_lowering_values(blow_a[i], blow_d[i], c[6], 0) if (c[0] and c[1]) else np.zeros((10, 10)) for i, c in enumerate(clashes)]
    # A clash alone is played without the leading axis (numpy's set-up for it costs more than
    # the clash's work); its numbers are the same either way.
    lead: tuple[int, ...] = (len(clashes),) if len(clashes) > 1 else ()
    if lead:
        both = np.stack(boths)
    else:
        hit_a, hit_d, blow_a, blow_d, lone_a, lone_d, both = hit_a[0], hit_d[0], blow_a[0], blow_d[0], lone_a[0], lone_d[0], boths[0]
    attacker = (both, hit_a, lone_a, hit_d, lone_d)
    defender = (-both.swapaxes(-1, -2), hit_d, lone_d, hit_a, lone_a)
    # Fictitious play on the secret stances (R-TEST-CLASH): each side best answers the average
    # of the other's past answers, starting from a coin toss.
    # (a side that may not attack keeps a policy of 0: its answers are masked, when there is one)
    may_a = None if all_a else ca.reshape(lead + (1, 1, 1))
    may_d = None if all_d else cd.reshape(lead + (1, 1, 1))
    pa = np.full(lead + (10, 10, 10), 0.5) if may_a is None else np.where(may_a, 0.5, 0.0) * np.ones((10, 10, 10))
    pd = np.full(lead + (10, 10, 10), 0.5) if may_d is None else np.where(may_d, 0.5, 0.0) * np.ones((10, 10, 10))
    sum_a, sum_d = pa.copy(), pd.copy()
    for k in range(2, 6):
        va, vd = _values_against(*attacker, pd)
        better = va[..., None] > vd[..., None, None, :]  # 1.0 where attacking is the better answer
        sum_a += better if may_a is None else better & may_a
        pa = sum_a / k
        va, vd = _values_against(*defender, pa)
        better = va[..., None] > vd[..., None, None, :]
        sum_d += better if may_d is None else better & may_d
        pd = sum_d / k
    va, vd = _values_against(*attacker, pd)
    values = np.maximum(va[..., None], vd[..., None, None, :]).mean(axis=(-3, -2, -1))
    if may_a is not None:
        values = np.where(ca.reshape(lead), values, vd.mean(axis=-1))
    if not lead:
        return [(hit_a, hit_d, blow_a, blow_d, lone_a, lone_d, both, pa, pd, float(values))]
    return [(hit_a[i], hit_d[i], blow_a[i], blow_d[i], lone_a[i], lone_d[i], both[i], pa[i], pd[i], float(values[i]))
            for i in range(len(clashes))]


def warm_clash_tables(pairs: Iterable[Clash], ruleset: Ruleset | None = None) -> None:
    """Play at once the clashes of ``pairs`` (attacker, defender, their worths, as for
    :func:`clash_table`) that no table holds yet: the later :func:`clash_table` calls find them
    played (the same tables, in a fraction of the time when there are many; R-MELEE, R-TEST-CLASH)."""
    ruleset = ruleset or DEFAULT
    todo: dict[_PlayedKey, None] = {}
    for attacker, defender, worth_a, worth_d in pairs:
        a, d = _signed_pair(attacker, defender, ruleset)
        key = _played_key(_side_cached(a, d, ruleset), _side_cached(d, a, ruleset), _q(worth_a), _q(worth_d), ruleset.ties)
        if key not in _PLAYED:
            todo[key] = None
    if todo:
        keys = list(todo)
        for key, played in zip(keys, _play_clashes([k[:-1] for k in keys], ruleset.ties)):
            _remember_played(key, played)


# --- shot values (R-SHOOT) ----------------------------------------------------------------------------


def _shot_value(shooter: Combatant, target: Combatant, band_distance: float, worth: float, laser_mode: LaserMode, ruleset: Ruleset) -> float:
    """Expected worth a shot takes from its target, from :func:`landsraad.odds.shot_wounds`."""
    return _shot_cached(*_signed_pair(shooter, target, ruleset), band_distance, laser_mode, ruleset) * worth


@lru_cache(maxsize=20000)
def _shot_cached(shooter: _Signed[Combatant], target: _Signed[Combatant], band_distance: float, laser_mode: LaserMode, ruleset: Ruleset) -> float:
    return _shot_harm(_norm(shooter.value), _norm(target.value), band_distance, laser_mode, ruleset)


def _shot_harm(shooter: Combatant, target: Combatant, band_distance: float, laser_mode: LaserMode, ruleset: Ruleset) -> float:
    """Expected :data:`HARM` share of a shot (a miss, a shield or no damage count 0), from
    :func:`landsraad.odds.shot_wounds` (the wound distribution of :func:`~landsraad.odds.shot_odds`)."""

    wound = shot_wounds(shooter, target, distance_cm=band_distance, cover="none", laser_mode=laser_mode, ruleset=ruleset)
    return float(sum(HARM[_RESULT_INDEX[k]] * p for k, p in wound.items()))


def _marker_hit(shooter: Combatant, band_distance: float, laser_mode: LaserMode, ruleset: Ruleset) -> float:
    """The chance an explosive shot destroys an objective marker it covers (R-SHOOT-MARKER, PRJ-73):
    the kernel's :func:`~landsraad.rules.shooting.resolve_marker_shot` on every attack die, cached."""
    return _marker_hit_cached(_facts(shooter, ruleset)[1], band_distance, laser_mode, ruleset)


@lru_cache(maxsize=2048)
def _marker_hit_cached(shooter: _Signed[Combatant], band_distance: float, laser_mode: LaserMode, ruleset: Ruleset) -> float:
    c = _norm(shooter.value)
    totals = np.zeros((10, 10), dtype=np.int64)
    explosive = False
    # A shot's total is its attack die and modifiers; the neutral die sets only the damage (R-SHOOT),
    # which a marker does not take: the kernel's totals with neutral 1 stand for every neutral face.
    for a in range(1, 11):
        ev = resolve_marker_shot(c, distance_cm=band_distance, shooter_dice=(1, a), marker_die=1, laser_mode=laser_mode, ruleset=ruleset)
        totals[:, a - 1], explosive = ev.attack_total, ev.explosive
    if not explosive:
        return 0.0
    # The marker's die has no modifier (R-SHOOT-MARKER): the shot's total against each face.
    faces = np.arange(1, 11)
    return float(beats_array(totals.reshape(-1)[:, None], faces[None, :], ruleset.ties).mean())


def _disengage(mover: Combatant, opponent: Combatant, ruleset: Ruleset) -> tuple[float, float, float]:
    """(chance of success, expected margin in cm, expected HARM share suffered) of a disengage (R-DISENGAGE)."""
    return _disengage_cached(_facts(mover, ruleset)[1], _facts(opponent, ruleset)[1], ruleset)


@lru_cache(maxsize=20000)
def _disengage_cached(mover: _Signed[Combatant], opponent: _Signed[Combatant], ruleset: Ruleset) -> tuple[float, float, float]:
    return _disengage_exact(_norm(mover.value), _norm(opponent.value), ruleset)


def _disengage_exact(mover: Combatant, opponent: Combatant, ruleset: Ruleset) -> tuple[float, float, float]:
    odds = disengage_odds(mover, opponent, opponent_lowering="best", compare=ruleset.disengage_compare, ruleset=ruleset)
    margin = sum(float(k) * p for k, p in odds.margin_cm.items())
    harm = sum(HARM[_RESULT_INDEX[k]] * p for k, p in odds.wound.items())
    return float(odds.p_success), margin, float(harm)



# --- helpers on weapons and worth -----------------------------------------------------------------------

def _comb(state: GameState, model_id: str, *, weapon: Weapon | None = None, activation_fatigue: int | None = None) -> Combatant:
    """:func:`landsraad.engine.bridge.combatant`, remembered for the last state asked about.

    The bridge keeps each model state's combatants in its memo (a new state keeps the model
    states that did not change, and their memos), so a planner's many questions about the same
    models are answered once, and again after another model moved; a decision asks about one
    state thousands of times, and the model's look-up costs more than this one: the answers for
    the last state are kept by model id, weapon id and activation fatigue, each entry holding
    its weapon (checked by identity, so another weapon of the same id builds its own).
    """
    key = (model_id, weapon.id if weapon is not None else None, activation_fatigue)
    here = _COMBS_HERE.get(key) if _COMBS_HERE_STATE[0] is state else None
    if here is not None and here[0] is weapon:
        return here[1]
    c = combatant(state, model_id, weapon=weapon, activation_fatigue=activation_fatigue)
    if _COMBS_HERE_STATE[0] is not state:
        _COMBS_HERE_STATE[0] = state
        _COMBS_HERE.clear()
    _COMBS_HERE[key] = (weapon, c)
    return c


_COMBS_HERE_STATE: list[GameState | None] = [None]
_COMBS_HERE: dict[tuple[str, str | None, int | None], tuple[Weapon | None, Combatant]] = {}
"""The last state :func:`_comb` was asked about and its answers by model id, weapon id and
activation fatigue; emptied when another state is asked about."""


def _weapon_score(w: Weapon) -> float:
    """A rough worth of a weapon (damage, bonuses), to choose among equals."""
    return _weapon_score_cached(_Signed((w.id, w.damage, w.combat, w.initiative, w.defence, w.range), w))


@lru_cache(maxsize=1024)
def _weapon_score_cached(w: _Signed[Weapon]) -> float:
    return _weapon_score_of(w.value)


def _weapon_score_of(w: Weapon) -> float:
    score = 0.0
    if w.is_melee and w.melee_damage is not None:
        dmg = w.melee_damage
        score += getattr(dmg, "value", 0) + 2 * (w.combat or 0) + 2 * (w.initiative or 0) + (w.defence or 0)
    if w.is_ranged and w.ranged_damage is not None:
        score += getattr(w.ranged_damage, "value", 0) + 2 * (w.combat or 0) + (w.range or 10) / 5
    return score


_BEST_MELEE_SIZE = 1024
_BEST_MELEE: dict[str, tuple[tuple[Weapon, ...], Weapon | None]] = {}


def _best_melee(m: ModelState) -> Weapon | None:
    """The model's best melee weapon by :func:`_weapon_score` (the first among equals), ``None`` if it has none.

    Remembered by model id, each entry holding the weapons it was found among (a tuple that
    copies of the model share, checked by identity: a model whose kit changed finds its own);
    emptied when full."""
    weapons = m.weapons
    hit = _BEST_MELEE.get(m.id)
    if hit is not None and hit[0] is weapons:
        return hit[1]
    melee = [w for w in weapons if w.is_melee]
    best = max(melee, key=_weapon_score) if melee else None
    if len(_BEST_MELEE) >= _BEST_MELEE_SIZE:
        _BEST_MELEE.clear()
    _BEST_MELEE[m.id] = (weapons, best)
    return best


def _assumed_weapon(state: GameState, enemy: ModelState) -> Combatant:
    """The enemy as a combatant with the melee weapon it would choose (not known: assumed its best)."""
    return _comb(state, enemy.id, weapon=_best_melee(enemy))


def _worth(state: GameState, m: ModelState | None) -> float:
    """What a model is worth to its side: its recruit cost, more for an ambassador."""
    if m is None:
        return 1.0
    if m.ambassador:
        return 4.0
    return 1.0 + float(m.profile.cost)

