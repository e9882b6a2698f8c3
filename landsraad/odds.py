"""Exact odds: shooting, melee and disengage distributions by enumerating every dice outcome.

Nothing here samples. Every probability is a sum over all the dice faces (each D10 face has
probability 1/10), and every outcome is read from the rules kernel itself
(:mod:`landsraad.rules`), so the odds agree exactly with what :func:`~landsraad.rules.shooting.resolve_shot`,
:func:`~landsraad.rules.melee.resolve_melee` and :func:`~landsraad.rules.disengage.resolve_disengage`
decide for the same dice. The enumeration is factored so that the kernel is asked only about
the distinct cases, then combined with numpy over the full grid of dice:

- shooting (4 dice, 10^4 outcomes): whether the shot hits depends on the attack and defence
  dice only, through the kernel's totals; what a hit does depends on the shooter's neutral die
  only (10 kernel calls); the dodge on the target's neutral die only (R-SHOOT, RUL-09);
- melee (6 dice, 10^6 outcomes): with the stances fixed, the die a side did not keep plays no
  part; a lone attacker's hit depends on the two kept coloured dice only (the kernel's
  :func:`~landsraad.rules.melee.attack_total` / :func:`~landsraad.rules.melee.defence_total`), and
  everything else on the two neutral dice as lowered: 10 x 10 x (hit or not) kernel calls;
- disengage (4 dice): totals from :func:`~landsraad.rules.disengage.disengage_total`, the
  opponent's blow from the kernel for each neutral die.

The tests check these factorisations exhaustively against the kernel (every dice outcome
resolved one by one) and against Monte-Carlo runs of the kernel's ``roll_`` functions.

What "best" means (PRJ-80 .. PRJ-83, ``docs/rulings.md``)
---------------------------------------------------------
A *payoff* scores one clash for the attacker, zero-sum: the weight of the wound the defender
suffers minus the weight of the wound the attacker suffers. Two payoffs are offered
(:data:`PAYOFFS`): ``"wounds"`` (default; scratch 0, light 1, grave 2, fatal 3: wound levels
inflicted minus suffered) and ``"wounded"`` (1 for a wound of light or worse: the chance the
enemy is wounded minus the chance one is wounded).

- Lowering (R-NEUTRAL-DOWN, R-MELEE, RUL-03, PRJ-80), policy ``"best"``: after the reveal every die
  is known, so each choice of lowered neutrals has a known outcome. The side with the lower
  initiative total chooses first and the other answers knowing it (a perfect-information game
  solved backwards); equal totals choose in secret and at once: the zero-sum matrix game over
  the two lowered values, played at its equilibrium (mixed if need be). Against a side with a
  fixed policy (``"none"`` or a target value) "best" is the best answer to it. Among choices
  of equal payoff a side lowers the least (PRJ-81).
- Stances (R-TEST-CLASH): :func:`stance_matrix` is the 2 x 2 zero-sum game whose entries are
  the expected payoff of each pair of stances, with the given lowering policies.
  :func:`best_stances` returns its pure saddle point if there is one, else the mixed
  equilibrium. Stances here are committed regardless of the dice (PRJ-82): at the table a
  player sees their three dice before choosing, which can only do better. (With these
  payoffs attack/defend is worth >= 0 to the attacker, defend/attack <= 0 and defend/defend 0,
  so the 2 x 2 game always has a saddle point.) For dice already revealed,
  :func:`lowering_advice` gives each side's best lowering.
- Disengage (R-DISENGAGE, PRJ-17): the opponent's ``"best"`` lowering maximises the wound it
  deals if the mover fails, knowing the mover's dice; the mover never gains by lowering (it
  only lowers its own total and margin), so its ``"best"`` is ``"none"`` (PRJ-83).

Examples
--------
Shooting example 1 of the rulebook (Soldier Combat 1, pistol 10 / +1 / +1 at 35 cm, no cover,
target Endurance 3): the attack total is the attack die - 1 against the defence die, so the
shot hits with probability sum over a of (a - 2) / 100 for a >= 3, that is 36 / 100.

>>> from landsraad.model import Weapon
>>> from landsraad.rules.state import Combatant
>>> pistol = Weapon(id="pistol", name="Pistol", range=10, combat="+1", damage="+1")
>>> odds = shot_odds(Combatant(combat=1, weapon=pistol), Combatant(endurance=3), distance_cm=35)
>>> odds.p_hit, odds.wound["fatal"]  # fatal needs damage 9+: neutral 8, 9 or 10, 0.36 x 0.3
(0.36, 0.108)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal, Sequence, Union

import numpy as np

from .dice import FACES, ClashDice
from .errors import RuleError
from .model import Poison
from .rules.disengage import disengage_total, resolve_disengage, verify_disengage
from .rules.melee import (
    attack_total,
    can_attack,
    defence_total,
    initiative_total,
    lowering_order,
    resolve_melee,
    verify_lowered,
    verify_melee,
    verify_stance,
)
from .rules.shooting import dodge_distance, resolve_shot, shot_damage, verify_target
from .rules.state import WOUND_RESULTS, Combatant, effective_endurance
from .rules.wounds import wound_result, wound_threshold
from .ruleset import DEFAULT, Ruleset

__all__ = [
    "DIE",
    "PAYOFFS",
    "Payoff",
    "LoweringPolicy",
    "check_lowering",
    "beats_array",
    "wound_results_array",
    "solve_zero_sum",
    "ShotOdds",
    "shot_odds",
    "shot_wounds",
    "MeleeOdds",
    "melee_odds",
    "LoweringAdvice",
    "lowering_advice",
    "StanceSolution",
    "StanceMatrix",
    "stance_matrix",
    "best_stances",
    "DisengageOdds",
    "disengage_odds",
]

DIE = np.arange(1, FACES + 1)
"""The faces of a D10, 1 to 10, each with probability 1/10."""

PAYOFFS: dict[str, dict[str, float]] = {
    "wounds": {"none": 0.0, "scratch": 0.0, "light": 1.0, "grave": 2.0, "fatal": 3.0},
    "wounded": {"none": 0.0, "scratch": 0.0, "light": 1.0, "grave": 1.0, "fatal": 1.0},
}
"""Weights of a hit's result for the zero-sum payoffs (PRJ-80): ``wounds`` counts wound levels
(light 1, grave 2, fatal 3), ``wounded`` counts a wound of light or worse as 1."""

Payoff = Literal["wounds", "wounded"]
LoweringPolicy = Union[Literal["none", "best"], int]
"""How a side lowers its neutral die: ``"none"`` never, ``"best"`` optimally (see the module
docstring), or an int ``t``: lower to ``t`` whenever the die shows more (R-NEUTRAL-DOWN)."""

_RESULT_CODE = {name: i for i, name in enumerate(WOUND_RESULTS)}
_FIRST_NAMES = ("attacker", "defender", "simultaneous", "none")
_FIRST_CODE = {"attacker": 0, "defender": 1, "simultaneous": 2, None: 3}


# --- small vectorised helpers ----------------------------------------------------------------


def check_lowering(policy: Any, who: str = "a side") -> LoweringPolicy:
    """Validate a lowering policy: ``"none"``, ``"best"`` or a whole number from 1 to 10.

    Examples
    --------
    >>> check_lowering("best"), check_lowering(1)
    ('best', 1)
    >>> check_lowering(0, "the attacker")
    Traceback (most recent call last):
    ...
    landsraad.errors.RuleError: The attacker's lowering policy must be 'none', 'best' or a neutral value from 1 to 10; got 0.
    """
    if policy in ("none", "best"):
        return policy
    if isinstance(policy, (int, np.integer)) and not isinstance(policy, bool) and 1 <= policy <= FACES:
        return int(policy)
    raise RuleError(f"{who[0].upper() + who[1:]}'s lowering policy must be 'none', 'best' or a neutral value from 1 to {FACES}; got {policy!r}.")


def beats_array(active: np.ndarray, passive: np.ndarray, ties: str = "strict") -> np.ndarray:
    """Vectorised twin of :func:`landsraad.dice.beats` (RUL-01): active strictly higher, or at least equal with ``ties="active"``.

    Examples
    --------
    >>> beats_array(np.array([6, 7, 8]), np.array([7, 7, 7])).tolist()
    [False, False, True]
    >>> beats_array(np.array([6, 7, 8]), np.array([7, 7, 7]), "active").tolist()
    [False, True, True]
    """
    return np.greater_equal(active, passive) if ties == "active" else np.greater(active, passive)


def wound_results_array(damage: np.ndarray, endurance: int, armour: int | None = None, *, ignore_armour: bool = False) -> np.ndarray:
    """Vectorised twin of :func:`landsraad.rules.wounds.wound_result`: result codes (indices in
    :data:`~landsraad.rules.state.WOUND_RESULTS`) for an array of damage (R-WOUND, R-ARMOUR, RUL-18).

    The threshold comes from the kernel's :func:`~landsraad.rules.wounds.wound_threshold`.

    Examples
    --------
    >>> codes = wound_results_array(np.array([-1, 0, 1, 3, 6, 9]), 3)
    >>> [WOUND_RESULTS[c] for c in codes]
    ['none', 'none', 'scratch', 'light', 'grave', 'fatal']
    """

    t = wound_threshold(endurance, armour, ignore_armour=ignore_armour)
    damage = np.asarray(damage)
    codes = np.where(damage <= 0, 0, 1 + (damage >= t) + (damage >= 2 * t) + (damage >= 3 * t))
    return codes.astype(np.int64)


def solve_zero_sum(payoff: Any, *, prefer: Literal["first", "last"] = "last") -> tuple[np.ndarray, np.ndarray, float]:
    """Equilibrium ``(p, q, value)`` of a zero-sum matrix game; the row player maximises ``payoff``.

    A pure saddle point is returned when there is one (``prefer`` picks, among several, the
    first or last row and column); otherwise the mixed equilibrium, by the simplex method on
    the classic linear programme (Bland's rule, so it always ends). Meant for the small games of
    this module (up to 10 x 10).

    Examples
    --------
    >>> p, q, v = solve_zero_sum([[1, -1], [-1, 1]])  # matching pennies
    >>> np.round(p, 12).tolist(), np.round(q, 12).tolist(), v
    ([0.5, 0.5], [0.5, 0.5], 0.0)
    >>> p, q, v = solve_zero_sum([[3, 1], [2, 0]])    # a saddle point: row 0, column 1
    >>> p.tolist(), q.tolist(), v
    ([1.0, 0.0], [0.0, 1.0], 1.0)
    """
    a = np.asarray(payoff, dtype=float)
    m, n = a.shape
    row_min, col_max = a.min(axis=1), a.max(axis=0)
    lower, upper = row_min.max(), col_max.min()
    if lower == upper:
        rows, cols = np.flatnonzero(row_min == lower), np.flatnonzero(col_max == upper)
        i, j = (int(rows[0]), int(cols[0])) if prefer == "first" else (int(rows[-1]), int(cols[-1]))
        p, q = np.zeros(m), np.zeros(n)
        p[i], q[j] = 1.0, 1.0
        return p, q, float(lower)
    # max 1.y s.t. B y <= 1, y >= 0 with B = A + shift > 0; the duals give the row strategy.
    shift = 1.0 - a.min()
    tab = np.zeros((m + 1, n + m + 1))
    tab[:m, :n] = a + shift
    tab[:m, n:n + m] = np.eye(m)
    tab[:m, -1] = 1.0
    tab[m, :n] = -1.0
    basis = list(range(n, n + m))
    eps = 1e-12
    for _ in range(10_000):
        entering = np.flatnonzero(tab[m, :-1] < -eps)
        if entering.size == 0:
            break
        col = int(entering[0])
        column = tab[:m, col]
        rows = np.flatnonzero(column > eps)
        ratios = tab[rows, -1] / column[rows]
        best = ratios.min()
        ties = rows[np.abs(ratios - best) <= 1e-12 * max(1.0, abs(best))]
        row = int(min(ties, key=lambda r: basis[r]))
        tab[row] /= tab[row, col]
        for r in range(m + 1):
            if r != row and tab[r, col] != 0.0:
                tab[r] -= tab[r, col] * tab[row]
        basis[row] = col
    y = np.zeros(n)
    for r, var in enumerate(basis):
        if var < n:
            y[var] = tab[r, -1]
    x = np.clip(tab[m, n:n + m], 0.0, None)
    return x / x.sum(), y / y.sum(), float(1.0 / tab[m, -1] - shift)


def _p(value: Any) -> float:
    """A probability or expectation as reported: rounded to 12 decimals, so sums of exact
    fractions read 1.0 and not 0.9999999999999999 (floating-point noise, not information)."""
    return round(float(value), 12) + 0.0  # + 0.0 turns -0.0 into 0.0


def _dist(weights: np.ndarray) -> dict[str, float]:
    """Probabilities of the five hit results from weights indexed by result code."""
    return {name: _p(weights[i]) for i, name in enumerate(WOUND_RESULTS)}


def _fixed_choice(policy: LoweringPolicy, rolled: int) -> int:
    """The neutral a fixed policy keeps: ``none`` keeps the roll, ``t`` lowers to ``t`` if the die shows more."""
    return rolled if policy == "none" else min(rolled, int(policy))  # type: ignore[arg-type]


def _cm_key(cm: float) -> str:
    return f"{cm:g}"


class _Odds:
    """Shared ``to_dict`` of the odds records (JSON-able)."""

    def to_dict(self) -> dict[str, Any]:
        return _jsonable(asdict(self))  # type: ignore[call-overload]


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


# --- shooting --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ShotOdds(_Odds):
    """Exact odds of one shot (R-SHOOT), for one target.

    ``p_hit`` is the chance the attack roll beats the defence roll (before shields); ``wound``
    what the target suffers (a miss, a shield or damage <= 0 count as ``none``);
    ``expected_damage`` counts 0 for those. For a template weapon, ``p_struck`` adds the chance
    that the target dodges but not far enough (``escape_cm``; RUL-09), which the kernel treats as a hit.
    """

    p_hit: float
    p_struck: float
    p_shield_stopped: float
    p_poisoned: float
    """The weapon's poison takes effect (a hit dealing at least 1 damage; R-POISON, RUL-18)."""
    wound: dict[str, float]
    expected_damage: float
    damage: dict[int, float]
    """Damage dealt -> probability (0: nothing)."""
    p_dodge: float
    """The roll does not hit: the target may dodge (RUL-09)."""
    dodge_cm: dict[str, float]
    """If the roll does not hit: dodge allowance in cm -> probability."""
    attack_bonus: int
    """What the shooter adds to its attack die (Combat, weapon and range, hooks)."""
    defence_bonus: int
    """What the target adds to its defence die (cover)."""
    range_band: int
    range_modifier: int
    template: bool
    escape_cm: float | None


def shot_odds(
    shooter: Combatant,
    target: Combatant,
    *,
    distance_cm: float,
    cover: str = "none",
    laser_mode: str = "burn",
    poison: Poison | str | None = None,
    escape_cm: float | None = None,
    ruleset: Ruleset = DEFAULT,
) -> ShotOdds:
    """Exact odds of a shot, agreeing with :func:`~landsraad.rules.shooting.resolve_shot` on every dice outcome (R-SHOOT, R-COVER, R-SHIELD, R-LASER, R-WOUND, RUL-01, RUL-09).

    Parameters
    ----------
    shooter, target
        The models; the shooter's ``weapon`` shoots. Illegal shots (a laser at a shielded
        model, a blinded shooter...) raise the kernel's :class:`~landsraad.errors.RuleError`.
    distance_cm, cover, laser_mode, poison
        As :func:`~landsraad.rules.shooting.resolve_shot`.
    escape_cm
        Template weapons only (R-TEMPLATE): how far the target must move to get out of the
        template; a dodge allowance below it leaves the target under it, struck. ``None``: any
        dodge escapes (the kernel's default). A template's odds are per target: one attack roll,
        each target its own dice, so each target's odds are those of a single shot.

    Examples
    --------
    A half-shield stops every shot (R-SHIELD); the hit chance is unchanged:

    >>> from landsraad.model import Weapon
    >>> lance = Weapon(id="lance", name="Sardaukar lance", range=15, combat="+1", damage="+2")
    >>> odds = shot_odds(Combatant(combat=2, weapon=lance), Combatant(shield="half"), distance_cm=10)
    >>> odds.attack_bonus, odds.p_hit, odds.wound["none"], odds.expected_damage  # P(a + 3 > d) = 72 / 100
    (3, 0.72, 1.0, 0.0)
    """

    verify_target(shooter, target, laser_mode=laser_mode, ruleset=ruleset)  # type: ignore[arg-type]

    def shot(sn: int, sa: int, tn: int, td: int, escaped: bool = True):
        return resolve_shot(shooter, target, distance_cm=distance_cm, cover=cover, shooter_dice=(sn, sa),  # type: ignore[arg-type]
                            target_dice=(tn, td), laser_mode=laser_mode, poison=poison, escaped=escaped, ruleset=ruleset)  # type: ignore[arg-type]

    probe = shot(1, 1, 1, 1)
    attack_bonus, defence_bonus = probe.attack_total - 1, probe.defence_total - 1
    template = probe.template
    if escape_cm is not None and not template:
        raise RuleError(f"An escape distance only applies to template weapons; {shooter.weapon.name!r} has no template (R-TEMPLATE).")  # type: ignore[union-attr]
    hits = beats_array(DIE[:, None] + attack_bonus, DIE[None, :] + defence_bonus, ruleset.ties)  # [attack die, defence die]
    dodge = np.array([dodge_distance(target, int(n), ruleset) for n in DIE])
    escaped = np.ones(FACES, dtype=bool) if escape_cm is None else dodge >= escape_cm - 1e-9

    # What striking home does, for each shooter neutral die (the kernel decides).
    result = np.zeros(FACES, dtype=np.int64)
    damage = np.zeros(FACES, dtype=np.int64)
    stopped = np.zeros(FACES, dtype=bool)
    poisoned = np.zeros(FACES, dtype=bool)
    struck_pair = np.argwhere(hits)
    if template or struck_pair.size:
        sa, td = (int(struck_pair[0][0]) + 1, int(struck_pair[0][1]) + 1) if struck_pair.size else (1, 1)
        for k, sn in enumerate(DIE):
            ev = shot(int(sn), sa, 1, td, escaped=False)
            assert ev.hit or ev.caught
            result[k], damage[k], stopped[k] = _RESULT_CODE[ev.wound], ev.damage, ev.shield_stopped
            poisoned[k] = bool(ev.poisons_applied)

    # The full grid of dice [shooter neutral, attack, target neutral, defence].
    hit4 = np.broadcast_to(hits[None, :, None, :], (FACES,) * 4)
    caught4 = template & ~hit4 & ~escaped[None, None, :, None]
    struck4 = hit4 | caught4
    result4 = np.where(struck4, result[:, None, None, None], 0)
    damage4 = np.where(struck4, damage[:, None, None, None], 0)
    n = FACES ** 4
    p_hit = float(hit4.sum()) / n
    wound = np.bincount(result4.ravel(), minlength=len(WOUND_RESULTS)) / n
    counts = np.bincount(damage4.ravel())  # damage dealt is never negative; np.unique would import numpy.ma (start-up)
    miss_dodge: dict[str, float] = {}
    for cm in sorted(set(dodge.tolist())):
        miss_dodge[_cm_key(cm)] = _p(np.mean(dodge == cm))
    return ShotOdds(
        p_hit=_p(p_hit),
        p_struck=_p(struck4.sum() / n),
        p_shield_stopped=_p((struck4 & stopped[:, None, None, None]).sum() / n),
        p_poisoned=_p((struck4 & poisoned[:, None, None, None]).sum() / n),
        wound=_dist(wound),
        expected_damage=_p(damage4.sum() / n),
        damage={int(v): _p(c / n) for v, c in enumerate(counts) if c},
        p_dodge=_p(1.0 - p_hit),
        dodge_cm=miss_dodge if p_hit < 1.0 else {},
        attack_bonus=attack_bonus,
        defence_bonus=defence_bonus,
        range_band=probe.range_band,
        range_modifier=probe.range_modifier,
        template=template,
        escape_cm=escape_cm,
    )


def shot_wounds(
    shooter: Combatant,
    target: Combatant,
    *,
    distance_cm: float,
    cover: str = "none",
    laser_mode: str = "burn",
    poison: Poison | str | None = None,
    ruleset: Ruleset = DEFAULT,
) -> dict[str, float]:
    """What the target suffers from a shot: exactly ``shot_odds(...).wound`` (the same floats), at a
    tenth of the cost (R-SHOOT, R-SHIELD, R-ARMOUR, R-WOUND, RUL-01, RUL-18).

    Every dodge escapes (no ``escape_cm``), so only a hit strikes. One kernel shot with the
    highest attack die against the lowest defence die gives the bonuses and, when it hits, what
    any hit does but its damage: whether a shield stops it and whether armour counts. The damage
    of each shooter neutral die is the kernel's :func:`~landsraad.rules.shooting.shot_damage`,
    its result :func:`~landsraad.rules.wounds.wound_result` against the target's effective
    Endurance (what :func:`~landsraad.rules.wounds.apply_hit` decides first). The counts are
    whole numbers divided by 10^4 as :func:`shot_odds` divides them, so the floats are the same
    (the tests compare the two over drawn combatants).

    Examples
    --------
    >>> from landsraad.model import Weapon
    >>> pistol = Weapon(id="pistol", name="Pistol", range=10, combat="+1", damage="+1")
    >>> shot_wounds(Combatant(combat=1, weapon=pistol), Combatant(endurance=3), distance_cm=35)
    {'none': 0.64, 'scratch': 0.036, 'light': 0.108, 'grave': 0.108, 'fatal': 0.108}
    """
    verify_target(shooter, target, laser_mode=laser_mode, ruleset=ruleset)  # type: ignore[arg-type]
    probe = resolve_shot(shooter, target, distance_cm=distance_cm, cover=cover, shooter_dice=(1, FACES),  # type: ignore[arg-type]
                         target_dice=(1, 1), laser_mode=laser_mode, poison=poison, ruleset=ruleset)  # type: ignore[arg-type]
    attack_bonus, defence_bonus = probe.attack_total - FACES, probe.defence_total - 1
    hits = int(beats_array(DIE[:, None] + attack_bonus, DIE[None, :] + defence_bonus, ruleset.ties).sum())
    counts = np.zeros(len(WOUND_RESULTS), dtype=np.int64)
    counts[0] = FACES ** 2 * (FACES ** 2 - hits)  # a miss, whatever the neutral dice
    if hits:  # then the probe, the best roll against the worst, hit
        assert probe.hit
        per_face = FACES * hits  # the hitting (attack, defence) pairs, times the target's neutral die
        if probe.shield_stopped:
            counts[0] += FACES * per_face
        else:
            endurance = effective_endurance(target, ruleset)
            assert shooter.weapon is not None
            for sn in range(1, FACES + 1):
                raw = shot_damage(shooter.weapon, sn, laser_mode)  # type: ignore[arg-type]
                result = wound_result(raw, endurance, target.armour, ignore_armour=probe.ignore_armour)
                counts[_RESULT_CODE[result]] += per_face
    return _dist(counts / FACES ** 4)


# --- melee -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MeleeOdds(_Odds):
    """Exact odds of one clash for given stances and lowering policies (R-MELEE).

    ``first`` is who strikes first (``none``: nobody attacks). ``attacker_wound`` is what the
    attacker suffers (from the defender's blow), ``defender_wound`` what the defender suffers;
    a miss, a shield or damage <= 0 count as ``none``. ``value`` is the expected payoff for the
    attacker (``payoff``, PRJ-80).
    """

    attacker_stance: str
    defender_stance: str
    attacker_lowering: LoweringPolicy
    defender_lowering: LoweringPolicy
    payoff: str
    first: dict[str, float]
    p_attacker_hits: float
    """The attacker's blow lands (before shields)."""
    p_defender_hits: float
    attacker_wound: dict[str, float]
    defender_wound: dict[str, float]
    expected_damage_to_attacker: float
    expected_damage_to_defender: float
    p_attacker_dies: float
    """The attacker suffers a fatal wound."""
    p_defender_dies: float
    p_attacker_poisoned: float
    """The defender's blow applies its weapon's poison to the attacker (R-POISON)."""
    p_defender_poisoned: float
    p_attacker_lowers: float
    p_defender_lowers: float
    value: float


@dataclass
class _Table:
    """Outcome of a clash for every pair of final neutrals (x, y) and each hit flag of a lone attacker."""

    first: np.ndarray        # [flag, x, y] first code
    a_hit: np.ndarray        # attacker's blow landed
    d_hit: np.ndarray
    a_wound: np.ndarray      # result code suffered by the attacker
    d_wound: np.ndarray
    a_damage: np.ndarray     # damage dealt to the attacker
    d_damage: np.ndarray
    a_poisoned: np.ndarray   # the attacker suffers a poison
    d_poisoned: np.ndarray
    flag_p: np.ndarray       # [flag] probability
    lowering_first: np.ndarray  # [rolled x, rolled y]: 0 attacker, 1 defender, 2 secret


def _melee_table(
    attacker: Combatant,
    defender: Combatant,
    attacker_stance: str,
    defender_stance: str,
    *,
    attacker_push: bool,
    defender_push: bool,
    attacker_poison: Poison | str | None,
    defender_poison: Poison | str | None,
    ruleset: Ruleset,
) -> _Table:

    # Who strikes alone (a hit then depends on the kept coloured dice); both attacking: automatic hits.
    lone: str | None = None
    if attacker_stance == "attack" and defender_stance == "defend":
        lone = "attacker"
    elif defender_stance == "attack" and attacker_stance == "defend":
        lone = "defender"
    flags: list[tuple[float, tuple[int, int] | None]] = []  # (probability, (striker's attack die, target's defence die))
    if lone is None:
        flags.append((1.0, None))
    else:
        striker, target = (attacker, defender) if lone == "attacker" else (defender, attacker)
        att = np.array([attack_total(striker, target, int(d), ruleset) for d in DIE])
        dfc = np.array([defence_total(target, striker, int(d), ruleset) for d in DIE])
        hits = beats_array(att[:, None], dfc[None, :], ruleset.ties)
        for flag in (True, False):
            pairs = np.argwhere(hits == flag)
            if pairs.size:
                flags.append((float(np.mean(hits == flag)), (int(pairs[0][0]) + 1, int(pairs[0][1]) + 1)))

    shape = (len(flags), FACES, FACES)
    t = _Table(
        first=np.zeros(shape, np.int64), a_hit=np.zeros(shape, bool), d_hit=np.zeros(shape, bool),
        a_wound=np.zeros(shape, np.int64), d_wound=np.zeros(shape, np.int64),
        a_damage=np.zeros(shape, np.int64), d_damage=np.zeros(shape, np.int64),
        a_poisoned=np.zeros(shape, bool), d_poisoned=np.zeros(shape, bool),
        flag_p=np.array([p for p, _ in flags]), lowering_first=np.zeros((FACES, FACES), np.int64),
    )
    for f, (_, pair) in enumerate(flags):
        a_att = a_def = d_att = d_def = 1
        if pair is not None:
            if lone == "attacker":
                a_att, d_def = pair
            else:
                d_att, a_def = pair
        for x in DIE:
            for y in DIE:
                ev = resolve_melee(
                    attacker, defender,
                    attacker_dice=ClashDice(int(x), a_att, a_def), defender_dice=ClashDice(int(y), d_att, d_def),
                    attacker_stance=attacker_stance, defender_stance=defender_stance,  # type: ignore[arg-type]
                    attacker_poison=attacker_poison, defender_poison=defender_poison,
                    attacker_push=attacker_push, defender_push=defender_push, ruleset=ruleset,
                )
                i, j = x - 1, y - 1
                t.first[f, i, j] = _FIRST_CODE[ev.first]
                for s in ev.strikes:
                    if s.by == "attacker":
                        t.a_hit[f, i, j] = s.hit
                        t.d_wound[f, i, j], t.d_damage[f, i, j] = _RESULT_CODE[s.wound], s.damage
                        t.d_poisoned[f, i, j] = bool(s.poisons_applied)
                    else:
                        t.d_hit[f, i, j] = s.hit
                        t.a_wound[f, i, j], t.a_damage[f, i, j] = _RESULT_CODE[s.wound], s.damage
                        t.a_poisoned[f, i, j] = bool(s.poisons_applied)
    a_init = [initiative_total(attacker, defender, int(n), ruleset) for n in DIE]
    d_init = [initiative_total(defender, attacker, int(n), ruleset) for n in DIE]
    order_code = {"attacker": 0, "defender": 1, "secret": 2}
    for i in range(FACES):
        for j in range(FACES):
            t.lowering_first[i, j] = order_code[lowering_order(a_init[i], d_init[j])]
    return t


def _best_answer(values: np.ndarray) -> int:
    """Index of the highest value, the highest index (the least lowering) among ties (PRJ-81)."""
    return int(np.flatnonzero(values == values.max())[-1])


def _lowering_distribution(
    u: np.ndarray, an: int, dn: int, order: int, a_policy: LoweringPolicy, d_policy: LoweringPolicy
) -> np.ndarray:
    """Distribution of the final neutrals for rolled ``an``, ``dn``: a joint ``[x, y]`` array (0-based) over 1..an x 1..dn.

    ``u[x, y]`` is the attacker's payoff for final neutrals ``x + 1``, ``y + 1`` (zero-sum).
    """
    joint = np.zeros((FACES, FACES))
    sub = u[:an, :dn]
    if a_policy != "best" and d_policy != "best":
        joint[_fixed_choice(a_policy, an) - 1, _fixed_choice(d_policy, dn) - 1] = 1.0
    elif a_policy == "best" and d_policy != "best":
        y = _fixed_choice(d_policy, dn) - 1
        joint[_best_answer(sub[:, y]), y] = 1.0
    elif d_policy == "best" and a_policy != "best":
        x = _fixed_choice(a_policy, an) - 1
        joint[x, _best_answer(-sub[x, :])] = 1.0
    elif order == 0:  # the attacker lowers first; the defender answers knowing it
        answers = np.array([_best_answer(-sub[x, :]) for x in range(an)])
        x = _best_answer(sub[np.arange(an), answers])
        joint[x, answers[x]] = 1.0
    elif order == 1:
        answers = np.array([_best_answer(sub[:, y]) for y in range(dn)])
        y = _best_answer(-sub[answers, np.arange(dn)])
        joint[answers[y], y] = 1.0
    else:  # equal totals: in secret and at once, the equilibrium of the matrix game
        p, q, _ = solve_zero_sum(sub, prefer="last")
        joint[:an, :dn] = np.outer(p, q)
    return joint


def melee_odds(
    attacker: Combatant,
    defender: Combatant,
    *,
    attacker_stance: str,
    defender_stance: str,
    attacker_lowering: LoweringPolicy = "none",
    defender_lowering: LoweringPolicy = "none",
    attacker_push: bool = False,
    defender_push: bool = False,
    attacker_poison: Poison | str | None = None,
    defender_poison: Poison | str | None = None,
    payoff: Payoff = "wounds",
    ruleset: Ruleset = DEFAULT,
) -> MeleeOdds:
    """Exact odds of a clash, agreeing with :func:`~landsraad.rules.melee.resolve_melee` (R-TEST-CLASH, R-MELEE, R-NEUTRAL-DOWN, R-SHIELD, RUL-01, RUL-03).

    Parameters
    ----------
    attacker, defender
        The models with their melee weapons.
    attacker_stance, defender_stance
        ``"attack"`` or ``"defend"``, kept whatever the dice (PRJ-82).
    attacker_lowering, defender_lowering
        ``"none"``, ``"best"`` (PRJ-80, PRJ-81) or a target value (lower to it when the die
        shows more). Lowering matters for shields (RUL-03), damage (``X-``) and initiative.
    attacker_push, defender_push
        Whether a side that hits pushes its enemy away, which cancels the second blow (R-MELEE-OPTIONS, PRJ-15).
    attacker_poison, defender_poison, ruleset
        As :func:`~landsraad.rules.melee.resolve_melee`.
    payoff
        The zero-sum payoff of "best" lowering and of :attr:`MeleeOdds.value` (:data:`PAYOFFS`).

    Examples
    --------
    Two knife fighters who both attack always hit each other (R-MELEE); the one with the
    higher initiative strikes first, equal initiatives strike together:

    >>> from landsraad.model import Weapon
    >>> knife = Weapon(id="knife", name="Knife", damage="6-")
    >>> m = melee_odds(Combatant(weapon=knife), Combatant(weapon=knife), attacker_stance="attack", defender_stance="attack")
    >>> m.p_attacker_hits, m.p_defender_hits, m.first["simultaneous"], m.first["attacker"]
    (1.0, 1.0, 0.1, 0.45)
    """

    payoff_weights = _payoff_weights(payoff)
    a_policy, d_policy = check_lowering(attacker_lowering, "the attacker"), check_lowering(defender_lowering, "the defender")
    verify_melee(attacker, defender)
    verify_stance(attacker, attacker_stance)
    verify_stance(defender, defender_stance)
    t = _melee_table(attacker, defender, attacker_stance, defender_stance, attacker_push=attacker_push, defender_push=defender_push,
                     attacker_poison=attacker_poison, defender_poison=defender_poison, ruleset=ruleset)
    u = payoff_weights[t.d_wound] - payoff_weights[t.a_wound]  # [flag, x, y]
    weight = np.zeros_like(u)  # probability of each [flag, final x, final y]
    a_lowers = d_lowers = 0.0
    for f in range(len(t.flag_p)):
        for an in range(1, FACES + 1):
            for dn in range(1, FACES + 1):
                joint = _lowering_distribution(u[f], an, dn, int(t.lowering_first[an - 1, dn - 1]), a_policy, d_policy)
                p = t.flag_p[f] / FACES ** 2
                weight[f] += p * joint
                a_lowers += p * float(joint[: an - 1, :].sum())
                d_lowers += p * float(joint[:, : dn - 1].sum())
    total = weight.sum()
    first = np.bincount(t.first.ravel(), weights=weight.ravel(), minlength=4)
    a_w = np.bincount(t.a_wound.ravel(), weights=weight.ravel(), minlength=len(WOUND_RESULTS))
    d_w = np.bincount(t.d_wound.ravel(), weights=weight.ravel(), minlength=len(WOUND_RESULTS))
    assert abs(total - 1.0) < 1e-9, total
    return MeleeOdds(
        attacker_stance=attacker_stance,
        defender_stance=defender_stance,
        attacker_lowering=a_policy,
        defender_lowering=d_policy,
        payoff=payoff,
        first={name: _p(first[i]) for i, name in enumerate(_FIRST_NAMES)},
        p_attacker_hits=_p((weight * t.a_hit).sum()),
        p_defender_hits=_p((weight * t.d_hit).sum()),
        attacker_wound=_dist(a_w),
        defender_wound=_dist(d_w),
        expected_damage_to_attacker=_p((weight * t.a_damage).sum()),
        expected_damage_to_defender=_p((weight * t.d_damage).sum()),
        p_attacker_dies=_p(a_w[_RESULT_CODE["fatal"]]),
        p_defender_dies=_p(d_w[_RESULT_CODE["fatal"]]),
        p_attacker_poisoned=_p((weight * t.a_poisoned).sum()),
        p_defender_poisoned=_p((weight * t.d_poisoned).sum()),
        p_attacker_lowers=_p(a_lowers),
        p_defender_lowers=_p(d_lowers),
        value=_p((weight * u).sum()),
    )


@dataclass(frozen=True)
class LoweringAdvice(_Odds):
    """How each side should lower its neutral die once the dice and stances are revealed (PRJ-80, PRJ-81).

    ``order`` says who lowers first (``"secret"``: at once, R-MELEE); ``attacker`` and
    ``defender`` map a lowered neutral to its probability (one entry of 1.0 unless the secret
    game needs a mixed strategy). In the sequential case the second side's entry is its answer
    to the first side's advised choice: if the first side does something else, ask again with
    that side's choice as a fixed policy. ``value`` is the attacker's payoff.
    """

    order: str
    attacker: dict[int, float]
    defender: dict[int, float]
    value: float


def lowering_advice(
    attacker: Combatant,
    defender: Combatant,
    *,
    attacker_dice: ClashDice | Sequence[int],
    defender_dice: ClashDice | Sequence[int],
    attacker_stance: str,
    defender_stance: str,
    attacker_lowering: LoweringPolicy = "best",
    defender_lowering: LoweringPolicy = "best",
    attacker_push: bool = False,
    defender_push: bool = False,
    attacker_poison: Poison | str | None = None,
    defender_poison: Poison | str | None = None,
    payoff: Payoff = "wounds",
    ruleset: Ruleset = DEFAULT,
) -> LoweringAdvice:
    """The best lowering for revealed dice (R-NEUTRAL-DOWN, R-MELEE, RUL-03), as :func:`melee_odds` plays it.

    Every choice of lowered neutrals is resolved by :func:`~landsraad.rules.melee.resolve_melee`;
    the lower initiative total chooses first, ties in secret (PRJ-80), the least lowering among
    equals (PRJ-81).

    Examples
    --------
    Melee example 1 of the rulebook: the Harkonnen (halberd 12-) attacks with neutral 5 and
    hits the civilian, who only defends: lowering to 1 gives 11 damage instead of 7. Against
    Endurance 3, 9 damage is already fatal, so lowering to 3 is enough (the least lowering):

    >>> from landsraad.model import Weapon
    >>> halberd = Weapon(id="halberd", name="Halberd", combat="+2", damage="12-")
    >>> steel = Weapon(id="steel_shield", name="Steel shield", defence="+3", damage="0-")
    >>> advice = lowering_advice(Combatant(weapon=halberd), Combatant(weapon=steel), attacker_dice=(5, 8, 2),
    ...                          defender_dice=(3, 3, 6), attacker_stance="attack", defender_stance="defend")
    >>> advice.order, advice.attacker, advice.value
    ('defender', {3: 1.0}, 3.0)
    """

    payoff_weights = _payoff_weights(payoff)
    a_policy, d_policy = check_lowering(attacker_lowering, "the attacker"), check_lowering(defender_lowering, "the defender")
    for dice, who in ((attacker_dice, "attacker"), (defender_dice, "defender")):
        if not isinstance(dice, ClashDice) and len(dice) != 3:
            raise RuleError(f"The {who} rolls three dice in a clash (neutral, attack, defence); got {tuple(dice)!r}.")
    ad = attacker_dice if isinstance(attacker_dice, ClashDice) else ClashDice(*attacker_dice)
    dd = defender_dice if isinstance(defender_dice, ClashDice) else ClashDice(*defender_dice)
    u = np.zeros((FACES, FACES))
    order = "secret"
    for x in range(1, ad.neutral + 1):
        for y in range(1, dd.neutral + 1):
            ev = resolve_melee(attacker, defender, attacker_dice=ad, defender_dice=dd, attacker_stance=attacker_stance,  # type: ignore[arg-type]
                               defender_stance=defender_stance, attacker_neutral=x, defender_neutral=y,  # type: ignore[arg-type]
                               attacker_poison=attacker_poison, defender_poison=defender_poison, attacker_push=attacker_push,
                               defender_push=defender_push, ruleset=ruleset)
            order = ev.lowering_first
            a_suffers = d_suffers = 0.0
            for s in ev.strikes:
                if s.by == "attacker":
                    d_suffers = payoff_weights[_RESULT_CODE[s.wound]]
                else:
                    a_suffers = payoff_weights[_RESULT_CODE[s.wound]]
            u[x - 1, y - 1] = d_suffers - a_suffers
    for policy, rolled, who in ((a_policy, ad.neutral, "the attacker"), (d_policy, dd.neutral, "the defender")):
        if policy != "best":
            verify_lowered(rolled, _fixed_choice(policy, rolled), who)
    code = {"attacker": 0, "defender": 1, "secret": 2}[order]
    joint = _lowering_distribution(u, ad.neutral, dd.neutral, code, a_policy, d_policy)
    pa, pd = joint.sum(axis=1), joint.sum(axis=0)
    return LoweringAdvice(
        order=order,
        attacker={i + 1: _p(pa[i]) for i in range(FACES) if pa[i] > 1e-12},
        defender={j + 1: _p(pd[j]) for j in range(FACES) if pd[j] > 1e-12},
        value=_p((joint * u).sum()),
    )


def _payoff_weights(payoff: str) -> np.ndarray:
    if payoff not in PAYOFFS:
        raise RuleError(f"The payoff must be one of {', '.join(PAYOFFS)}; got {payoff!r} (PRJ-80).")
    return np.array([PAYOFFS[payoff][name] for name in WOUND_RESULTS])


# --- stances -----------------------------------------------------------------------------------

STANCES: tuple[str, str] = ("attack", "defend")


@dataclass(frozen=True)
class StanceSolution(_Odds):
    """The equilibrium of the 2 x 2 stance game (PRJ-82): each side's chance to attack, the
    value for the attacker, and the pure saddle point ``(attacker stance, defender stance)`` if any."""

    attacker: dict[str, float]
    defender: dict[str, float]
    value: float
    saddle: tuple[str, str] | None


@dataclass(frozen=True)
class StanceMatrix(_Odds):
    """The odds of every pair of stances a side may take (R-TEST-CLASH), their payoff matrix
    (rows: the attacker's stances, columns: the defender's) and the equilibrium."""

    attacker_stances: tuple[str, ...]
    defender_stances: tuple[str, ...]
    cells: dict[str, MeleeOdds]
    """``"attack/defend"`` (attacker's stance / defender's) -> odds."""
    values: list[list[float]]
    best: StanceSolution

    def cell(self, attacker_stance: str, defender_stance: str) -> MeleeOdds:
        """The odds when the attacker takes ``attacker_stance`` and the defender ``defender_stance``."""
        return self.cells[f"{attacker_stance}/{defender_stance}"]


def _allowed_stances(c: Combatant) -> tuple[str, ...]:

    return STANCES if can_attack(c) else ("defend",)


def _solve_stances(values: np.ndarray, rows: Sequence[str], cols: Sequence[str]) -> StanceSolution:
    saddle = None
    for i, r in enumerate(rows):  # a pure saddle point, attack first
        for j, c in enumerate(cols):
            if values[i, j] == values[i, :].min() and values[i, j] == values[:, j].max():
                saddle = (r, c)
                break
        if saddle:
            break
    if saddle is not None:
        p = np.array([1.0 if r == saddle[0] else 0.0 for r in rows])
        q = np.array([1.0 if c == saddle[1] else 0.0 for c in cols])
        value = float(values[rows.index(saddle[0]), cols.index(saddle[1])])
    else:
        p, q, value = solve_zero_sum(values)
    mix = lambda names, probs: {s: _p(probs[list(names).index(s)]) if s in names else 0.0 for s in STANCES}  # noqa: E731
    return StanceSolution(attacker=mix(rows, p), defender=mix(cols, q), value=_p(value), saddle=saddle)


def stance_matrix(
    attacker: Combatant,
    defender: Combatant,
    *,
    attacker_lowering: LoweringPolicy = "none",
    defender_lowering: LoweringPolicy = "none",
    attacker_push: bool = False,
    defender_push: bool = False,
    attacker_poison: Poison | str | None = None,
    defender_poison: Poison | str | None = None,
    attacker_stances: Sequence[str] | None = None,
    defender_stances: Sequence[str] | None = None,
    payoff: Payoff = "wounds",
    ruleset: Ruleset = DEFAULT,
) -> StanceMatrix:
    """The 2 x 2 stance game (PRJ-82): :func:`melee_odds` for each pair of stances, the payoff
    matrix and its equilibrium (:func:`best_stances`).

    A side that may not attack (no melee weapon, Blinding, Irritant: R-POISON) only defends.
    ``attacker_stances`` / ``defender_stances`` restrict a side to some stances (e.g. the one it
    has announced), which makes the other side's best answer the "equilibrium".

    Examples
    --------
    Two equal knife fighters: the even exchange (both attack) is worth 0, attacking a defender
    is worth +0.135 wound levels to the one who attacks, so both attacking is the saddle point:

    >>> from landsraad.model import Weapon
    >>> knife = Weapon(id="knife", name="Knife", damage="6-")
    >>> sm = stance_matrix(Combatant(weapon=knife), Combatant(weapon=knife))
    >>> sm.values, sm.best.saddle
    ([[0.0, 0.135], [-0.135, 0.0]], ('attack', 'attack'))
    """
    rows = tuple(s for s in (attacker_stances or STANCES) if s in _allowed_stances(attacker))
    cols = tuple(s for s in (defender_stances or STANCES) if s in _allowed_stances(defender))
    for who, chosen, allowed in (("attacker", attacker_stances, rows), ("defender", defender_stances, cols)):
        if not allowed:
            raise RuleError(f"The {who} may take none of the stances {list(chosen or ())}: it may only defend (R-POISON, R-WEAPON).")
    cells: dict[str, MeleeOdds] = {}
    values = np.zeros((len(rows), len(cols)))
    for i, a in enumerate(rows):
        for j, d in enumerate(cols):
            odds = melee_odds(attacker, defender, attacker_stance=a, defender_stance=d, attacker_lowering=attacker_lowering,
                              defender_lowering=defender_lowering, attacker_push=attacker_push, defender_push=defender_push,
                              attacker_poison=attacker_poison, defender_poison=defender_poison, payoff=payoff, ruleset=ruleset)
            cells[f"{a}/{d}"] = odds
            values[i, j] = odds.value
    return StanceMatrix(attacker_stances=rows, defender_stances=cols, cells=cells, values=values.tolist(),
                        best=_solve_stances(values, rows, cols))


def best_stances(attacker: Combatant, defender: Combatant, **kwargs: Any) -> StanceSolution:
    """The equilibrium of :func:`stance_matrix` (same arguments): the pure saddle point if any,
    else each side's mixed strategy; the value is the attacker's expected payoff (PRJ-80, PRJ-82).

    Examples
    --------
    >>> from landsraad.model import Weapon
    >>> halberd = Weapon(id="halberd", name="Halberd", combat="+2", initiative="+1", damage="15-")
    >>> knife = Weapon(id="knife", name="Knife", damage="6-")
    >>> best_stances(Combatant(weapon=halberd), Combatant(weapon=knife)).saddle
    ('attack', 'defend')
    """
    return stance_matrix(attacker, defender, **kwargs).best


# --- disengage ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class DisengageOdds(_Odds):
    """Exact odds of a disengage test (R-DISENGAGE, PRJ-17).

    ``wound`` is what the mover suffers (a success, a shield or damage <= 0 count as ``none``);
    ``margin_cm`` the distance it moves if it succeeds.
    """

    mover_lowering: LoweringPolicy
    opponent_lowering: LoweringPolicy
    p_success: float
    margin_cm: dict[str, float]
    """If the mover succeeds: distance moved in cm -> probability."""
    p_shield_stopped: float
    p_poisoned: float
    """The opponent's weapon poisons the mover (R-POISON)."""
    wound: dict[str, float]
    expected_damage: float
    p_mover_dies: float
    p_opponent_lowers: float


def disengage_odds(
    mover: Combatant,
    opponent: Combatant,
    *,
    mover_lowering: LoweringPolicy = "none",
    opponent_lowering: LoweringPolicy = "none",
    opponent_poison: Poison | str | None = None,
    compare: str | None = None,
    payoff: Payoff = "wounds",
    ruleset: Ruleset = DEFAULT,
) -> DisengageOdds:
    """Exact odds of a disengage test, agreeing with :func:`~landsraad.rules.disengage.resolve_disengage` (R-DISENGAGE, PRJ-17, PRJ-18, PRJ-83, RUL-01).

    The opponent's ``"best"`` lowering maximises the payoff weight of the wound it deals,
    knowing every die (lowering the least among equals); the mover's ``"best"`` is ``"none"``.
    ``compare`` (PRJ-17: ``"neutral"`` or ``"coloured"`` die) defaults to the ruleset's
    ``disengage_compare``, as the engine plays it.

    Examples
    --------
    Equal Reflexes, no weapons' Initiative: the mover needs a strictly higher neutral die,
    45 chances in 100 (RUL-01):

    >>> from landsraad.model import Weapon
    >>> knife = Weapon(id="knife", name="Knife", damage="6-")
    >>> round(disengage_odds(Combatant(), Combatant(weapon=knife)).p_success, 10)
    0.45
    """

    payoff_weights = _payoff_weights(payoff)
    m_policy = check_lowering(mover_lowering, "the mover")
    o_policy = check_lowering(opponent_lowering, "the opponent")
    verify_disengage(mover, opponent)
    if compare is None:
        compare = getattr(ruleset, "disengage_compare", "neutral")
    if m_policy == "best":
        m_policy_used: LoweringPolicy = "none"  # PRJ-83: lowering never helps the mover
    else:
        m_policy_used = m_policy

    def event(mn: int, mc: int, on: int, oc: int):
        return resolve_disengage(mover, opponent, mover_dice=(mn, mc), opponent_dice=(on, oc), opponent_poison=opponent_poison,
                                 compare=compare, ruleset=ruleset)  # type: ignore[arg-type]

    # Totals for [neutral, coloured] of each side (the kernel's disengage_total).
    m_tot = np.array([[disengage_total(mover, opponent, neutral=int(n), coloured=int(c), compare=compare, ruleset=ruleset)  # type: ignore[arg-type]
                       for c in DIE] for n in DIE])
    o_tot = np.array([[disengage_total(opponent, mover, neutral=int(n), coloured=int(c), compare=compare, ruleset=ruleset)  # type: ignore[arg-type]
                       for c in DIE] for n in DIE])
    # What a failure does, for each opponent neutral die; and the margin of a success, for each mover neutral die.
    fail_result = np.zeros(FACES, np.int64)
    fail_damage = np.zeros(FACES, np.int64)
    fail_stopped = np.zeros(FACES, bool)
    fail_poisoned = np.zeros(FACES, bool)
    low_m = np.unravel_index(np.argmin(m_tot), m_tot.shape)
    for k, on in enumerate(DIE):
        oc = int(np.argmax(o_tot[k])) + 1
        ev = event(int(low_m[0]) + 1, int(low_m[1]) + 1, int(on), oc)
        if not ev.success:
            fail_result[k], fail_damage[k], fail_stopped[k] = _RESULT_CODE[ev.wound], ev.damage, ev.shield_stopped
            fail_poisoned[k] = bool(ev.poisons_applied)
    margin = np.zeros(FACES)
    low_o = np.unravel_index(np.argmin(o_tot), o_tot.shape)
    for k, mn in enumerate(DIE):
        mc = int(np.argmax(m_tot[k])) + 1
        ev = event(int(mn), mc, int(low_o[0]) + 1, int(low_o[1]) + 1)
        if ev.success:
            margin[k] = ev.margin_cm

    # Full grid [mover neutral (rolled), mover coloured, opponent neutral (rolled), opponent coloured].
    x = np.array([_fixed_choice(m_policy_used, int(n)) for n in DIE]) - 1  # final mover neutral index
    mt = m_tot[x, :]  # [mn, mc]
    # success for every final opponent neutral y: [mn, mc, y, oc]
    succ_y = beats_array(mt[:, :, None, None], o_tot[None, None, :, :], ruleset.ties)
    if o_policy == "best":
        gain = np.where(succ_y, 0.0, payoff_weights[fail_result][None, None, :, None])  # [mn, mc, y, oc]
        choice = np.zeros((FACES,) * 4, np.int64)
        for on in range(FACES):  # the opponent may pick any y <= its roll; ties: the least lowering (the highest y)
            sub = gain[:, :, : on + 1, :]
            best = sub.max(axis=2, keepdims=True)
            last = on - np.argmax((sub == best)[:, :, ::-1, :], axis=2)
            choice[:, :, on, :] = last
    else:
        ys = np.array([_fixed_choice(o_policy, int(n)) for n in DIE]) - 1
        choice = np.broadcast_to(ys[None, None, :, None], (FACES,) * 4).copy()
    mn_i, mc_i, on_i, oc_i = np.indices((FACES,) * 4)
    success = succ_y[mn_i, mc_i, choice, oc_i]
    result = np.where(success, 0, fail_result[choice])
    damage = np.where(success, 0, fail_damage[choice])
    n = FACES ** 4
    wound = np.bincount(result.ravel(), minlength=len(WOUND_RESULTS)) / n
    p_success = float(success.sum()) / n
    margins: dict[str, float] = {}
    if p_success > 0:
        moved = margin[x][mn_i][success]
        for cm in sorted(set(moved.tolist())):
            margins[_cm_key(cm)] = _p(np.sum(moved == cm) / success.sum())
    return DisengageOdds(
        mover_lowering=m_policy,
        opponent_lowering=o_policy,
        p_success=_p(p_success),
        margin_cm=margins,
        p_shield_stopped=_p((~success & fail_stopped[choice]).sum() / n),
        p_poisoned=_p((~success & fail_poisoned[choice]).sum() / n),
        wound=_dist(wound),
        expected_damage=_p(damage.sum() / n),
        p_mover_dies=_p(wound[_RESULT_CODE["fatal"]]),
        p_opponent_lowers=_p((choice < on_i).sum() / n),
    )
