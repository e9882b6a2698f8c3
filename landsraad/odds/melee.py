"""Exact odds of a clash (R-MELEE): :func:`melee_odds` over the dice with each side's lowering policy, and
:func:`lowering_advice` for dice already revealed ("best" lowering, PRJ-80, PRJ-81: :mod:`landsraad.odds`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..dice import FACES, ClashDice
from ..model import Poison
from ..rules.melee import (
    Stance,
    attack_total,
    clash_dice_count_error,
    defence_total,
    initiative_total,
    lowering_order,
    resolve_melee,
    verify_lowered,
    verify_melee,
    verify_stance,
)
from ..rules.state import WOUND_RESULTS, Combatant
from ..ruleset import DEFAULT, Ruleset
from .core import (
    _RESULT_CODE,
    DIE,
    LoweringPolicy,
    OddsRecord,
    Payoff,
    _dist,
    _fixed_choice,
    _p,
    _payoff_weights,
    beats_array,
    check_lowering,
    solve_zero_sum,
)

__all__ = ["MeleeOdds", "melee_odds", "LoweringAdvice", "lowering_advice"]

_FIRST_NAMES = ("attacker", "defender", "simultaneous", "none")
_FIRST_CODE = {"attacker": 0, "defender": 1, "simultaneous": 2, None: 3}


@dataclass(frozen=True)
class MeleeOdds(OddsRecord):
    """Exact odds of one clash for given stances and lowering policies (R-MELEE).

    ``first`` is who strikes first (``none``: nobody attacks). ``attacker_wound`` is what the
    attacker suffers (from the defender's blow), ``defender_wound`` what the defender suffers;
    a miss, a shield or damage <= 0 count as ``none``. ``value`` is the expected payoff for the
    attacker (``payoff``, PRJ-80).
    """

    attacker_stance: Stance
    defender_stance: Stance
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
    attacker_stance: Stance,
    defender_stance: Stance,
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
                    attacker_stance=attacker_stance, defender_stance=defender_stance,
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
    attacker_stance: Stance,
    defender_stance: Stance,
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
    a_policy, d_policy = check_lowering(attacker_lowering, "attacker"), check_lowering(defender_lowering, "defender")
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
class LoweringAdvice(OddsRecord):
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
    attacker_stance: Stance,
    defender_stance: Stance,
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
    a_policy, d_policy = check_lowering(attacker_lowering, "attacker"), check_lowering(defender_lowering, "defender")
    if not isinstance(attacker_dice, ClashDice) and len(attacker_dice) != 3:
        raise clash_dice_count_error("attacker", attacker_dice)
    if not isinstance(defender_dice, ClashDice) and len(defender_dice) != 3:
        raise clash_dice_count_error("defender", defender_dice)
    ad = attacker_dice if isinstance(attacker_dice, ClashDice) else ClashDice(*attacker_dice)
    dd = defender_dice if isinstance(defender_dice, ClashDice) else ClashDice(*defender_dice)
    u = np.zeros((FACES, FACES))
    order = "secret"
    for x in range(1, ad.neutral + 1):
        for y in range(1, dd.neutral + 1):
            ev = resolve_melee(attacker, defender, attacker_dice=ad, defender_dice=dd, attacker_stance=attacker_stance,
                               defender_stance=defender_stance, attacker_neutral=x, defender_neutral=y,
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
    if a_policy != "best":
        verify_lowered(ad.neutral, _fixed_choice(a_policy, ad.neutral), "attacker")
    if d_policy != "best":
        verify_lowered(dd.neutral, _fixed_choice(d_policy, dd.neutral), "defender")
    code = {"attacker": 0, "defender": 1, "secret": 2}[order]
    joint = _lowering_distribution(u, ad.neutral, dd.neutral, code, a_policy, d_policy)
    pa, pd = joint.sum(axis=1), joint.sum(axis=0)
    return LoweringAdvice(
        order=order,
        attacker={i + 1: _p(pa[i]) for i in range(FACES) if pa[i] > 1e-12},
        defender={j + 1: _p(pd[j]) for j in range(FACES) if pd[j] > 1e-12},
        value=_p((joint * u).sum()),
    )
