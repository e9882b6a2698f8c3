"""The stance game (R-TEST-CLASH, PRJ-82): :func:`stance_matrix`, the clash odds (:func:`~landsraad.odds.melee.melee_odds`)
of every pair of stances, and its equilibrium, :func:`best_stances`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np
from numpy.typing import NDArray

from ..errors import RuleError
from ..i18n import N_, _
from ..model import Poison
from ..rules.melee import Stance, can_attack
from ..rules.state import Combatant
from ..ruleset import DEFAULT, Ruleset
from .core import LoweringPolicy, OddsRecord, Payoff, _p, solve_zero_sum
from .melee import MeleeOdds, melee_odds

__all__ = ["StanceSolution", "StanceMatrix", "stance_matrix", "best_stances"]

_NO_STANCE = {
    "attacker": N_("The attacker may take none of the stances {stances}: it may only defend (R-POISON, R-WEAPON)."),
    "defender": N_("The defender may take none of the stances {stances}: it may only defend (R-POISON, R-WEAPON)."),
}

STANCES: tuple[Stance, Stance] = ("attack", "defend")


@dataclass(frozen=True)
class StanceSolution(OddsRecord):
    """The equilibrium of the 2 x 2 stance game (PRJ-82): each side's chance to attack, the
    value for the attacker, and the pure saddle point ``(attacker stance, defender stance)`` if any."""

    attacker: dict[str, float]
    defender: dict[str, float]
    value: float
    saddle: tuple[Stance, Stance] | None


@dataclass(frozen=True)
class StanceMatrix(OddsRecord):
    """The odds of every pair of stances a side may take (R-TEST-CLASH), their payoff matrix
    (rows: the attacker's stances, columns: the defender's) and the equilibrium."""

    attacker_stances: tuple[Stance, ...]
    defender_stances: tuple[Stance, ...]
    cells: dict[str, MeleeOdds]
    """``"attack/defend"`` (attacker's stance / defender's) -> odds."""
    values: list[list[float]]
    best: StanceSolution

    def cell(self, attacker_stance: Stance, defender_stance: Stance) -> MeleeOdds:
        """The odds when the attacker takes ``attacker_stance`` and the defender ``defender_stance``."""
        return self.cells[f"{attacker_stance}/{defender_stance}"]


def _allowed_stances(c: Combatant) -> tuple[Stance, ...]:

    return STANCES if can_attack(c) else ("defend",)


def _solve_stances(values: NDArray[np.float64], rows: Sequence[Stance], cols: Sequence[Stance]) -> StanceSolution:
    saddle: tuple[Stance, Stance] | None = None
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

    def mix(names: Sequence[Stance], probs: NDArray[np.float64]) -> dict[str, float]:
        return {s: _p(probs[list(names).index(s)]) if s in names else 0.0 for s in STANCES}

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
    attacker_stances: Sequence[Stance] | None = None,
    defender_stances: Sequence[Stance] | None = None,
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
            raise RuleError(_(_NO_STANCE[who]).format(stances=list(chosen or ())))
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


def best_stances(
    attacker: Combatant,
    defender: Combatant,
    *,
    attacker_lowering: LoweringPolicy = "none",
    defender_lowering: LoweringPolicy = "none",
    attacker_push: bool = False,
    defender_push: bool = False,
    attacker_poison: Poison | str | None = None,
    defender_poison: Poison | str | None = None,
    attacker_stances: Sequence[Stance] | None = None,
    defender_stances: Sequence[Stance] | None = None,
    payoff: Payoff = "wounds",
    ruleset: Ruleset = DEFAULT,
) -> StanceSolution:
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
    return stance_matrix(attacker, defender, attacker_lowering=attacker_lowering, defender_lowering=defender_lowering,
                         attacker_push=attacker_push, defender_push=defender_push, attacker_poison=attacker_poison,
                         defender_poison=defender_poison, attacker_stances=attacker_stances, defender_stances=defender_stances,
                         payoff=payoff, ruleset=ruleset).best
