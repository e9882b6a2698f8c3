"""Exact odds of a disengage test (R-DISENGAGE, PRJ-17, PRJ-83): :func:`disengage_odds`."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..dice import FACES
from ..model import Poison
from ..rules.disengage import Compare, DisengageEvent, disengage_total, resolve_disengage, verify_disengage
from ..rules.state import WOUND_RESULTS, Combatant
from ..ruleset import DEFAULT, Ruleset
from .core import (
    _RESULT_CODE,
    DIE,
    LoweringPolicy,
    OddsRecord,
    Payoff,
    _cm_key,
    _dist,
    _fixed_choice,
    _p,
    _payoff_weights,
    beats_array,
    check_lowering,
)

__all__ = ["DisengageOdds", "disengage_odds"]


@dataclass(frozen=True)
class DisengageOdds(OddsRecord):
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
    compare: Compare | None = None,
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
    m_policy = check_lowering(mover_lowering, "mover")
    o_policy = check_lowering(opponent_lowering, "opponent")
    verify_disengage(mover, opponent)
    if compare is None:
        compare = ruleset.disengage_compare
    if m_policy == "best":
        m_policy_used: LoweringPolicy = "none"  # PRJ-83: lowering never helps the mover
    else:
        m_policy_used = m_policy

    def event(mn: int, mc: int, on: int, oc: int) -> DisengageEvent:
        return resolve_disengage(mover, opponent, mover_dice=(mn, mc), opponent_dice=(on, oc), opponent_poison=opponent_poison,
                                 compare=compare, ruleset=ruleset)

    # Totals for [neutral, coloured] of each side (the kernel's disengage_total).
    m_tot = np.array([[disengage_total(mover, opponent, neutral=int(n), coloured=int(c), compare=compare, ruleset=ruleset)
                       for c in DIE] for n in DIE])
    o_tot = np.array([[disengage_total(opponent, mover, neutral=int(n), coloured=int(c), compare=compare, ruleset=ruleset)
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
        for rolled in range(FACES):  # the opponent may pick any y <= its roll; ties: the least lowering (the highest y)
            sub = gain[:, :, : rolled + 1, :]
            best = sub.max(axis=2, keepdims=True)
            last = rolled - np.argmax((sub == best)[:, :, ::-1, :], axis=2)
            choice[:, :, rolled, :] = last
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
