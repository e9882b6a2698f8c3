"""Common ground of the exact odds (:mod:`landsraad.odds`): the die, the payoffs and lowering policies,
the small vectorised twins of kernel helpers, the zero-sum game solver and the odds records' shared ``to_dict``."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal, SupportsFloat, Union

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..dice import FACES
from ..errors import RuleError
from ..i18n import message
from ..rules.roles import Role, owner
from ..rules.state import WOUND_RESULTS
from ..rules.wounds import wound_threshold

__all__ = [
    "DIE",
    "PAYOFFS",
    "Payoff",
    "LoweringPolicy",
    "check_lowering",
    "beats_array",
    "wound_results_array",
    "solve_zero_sum",
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
"""How a side lowers its neutral die: ``"none"`` never, ``"best"`` optimally (see the package
docstring, :mod:`landsraad.odds`), or an int ``t``: lower to ``t`` whenever the die shows more (R-NEUTRAL-DOWN)."""

_RESULT_CODE = {name: i for i, name in enumerate(WOUND_RESULTS)}


# --- small vectorised helpers ----------------------------------------------------------------


def check_lowering(policy: object, who: Role | None = None) -> LoweringPolicy:
    """Validate a lowering policy: ``"none"``, ``"best"`` or a whole number from 1 to 10.

    Examples
    --------
    >>> check_lowering("best"), check_lowering(1)
    ('best', 1)
    >>> check_lowering(0, "attacker")
    Traceback (most recent call last):
    ...
    landsraad.errors.RuleError: The attacker's lowering policy must be 'none', 'best' or a neutral value from 1 to 10; got 0.
    """
    if policy == "none" or policy == "best":
        return "none" if policy == "none" else "best"
    if isinstance(policy, (int, np.integer)) and not isinstance(policy, bool) and 1 <= policy <= FACES:
        return int(policy)
    if who is None:
        raise RuleError(message("A side's lowering policy must be 'none', 'best' or a neutral value from 1 to {faces}; got {policy}.",
                                faces=FACES, policy=repr(policy)))
    raise RuleError(message("The {owner} lowering policy must be 'none', 'best' or a neutral value from 1 to {faces}; got {policy}.",
                            owner=owner(who), faces=FACES, policy=repr(policy)))


def beats_array(active: np.ndarray, passive: np.ndarray, ties: str = "strict") -> np.ndarray:
    """Vectorised twin of :func:`landsraad.dice.beats` (RUL-01): active strictly higher, or at least equal with ``ties="active"``.

    Examples
    --------
    >>> beats_array(np.array([6, 7, 8]), np.array([7, 7, 7])).tolist()
    [False, False, True]
    >>> beats_array(np.array([6, 7, 8]), np.array([7, 7, 7]), "active").tolist()
    [False, True, True]
    """
    won: NDArray[np.bool_] = np.greater_equal(active, passive) if ties == "active" else np.greater(active, passive)
    return won


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


def solve_zero_sum(payoff: ArrayLike, *, prefer: Literal["first", "last"] = "last") -> tuple[np.ndarray, np.ndarray, float]:
    """Equilibrium ``(p, q, value)`` of a zero-sum matrix game; the row player maximises ``payoff``.

    A pure saddle point is returned when there is one (``prefer`` picks, among several, the
    first or last row and column); otherwise the mixed equilibrium, by the simplex method on
    the classic linear programme (Bland's rule, so it always ends). Meant for the small games of
    this package (up to 10 x 10).

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


def _p(value: SupportsFloat) -> float:
    """A probability or expectation as reported: rounded to 12 decimals, so sums of exact
    fractions read 1.0 and not 0.9999999999999999 (floating-point noise, not information)."""
    return round(float(value), 12) + 0.0  # + 0.0 turns -0.0 into 0.0


def _dist(weights: np.ndarray) -> dict[str, float]:
    """Probabilities of the five hit results from weights indexed by result code."""
    return {name: _p(weights[i]) for i, name in enumerate(WOUND_RESULTS)}


def _fixed_choice(policy: LoweringPolicy, rolled: int) -> int:
    """The neutral a fixed policy keeps: ``none`` keeps the roll, ``t`` lowers to ``t`` if the die shows more."""
    return rolled if policy == "none" else min(rolled, int(policy))


def _cm_key(cm: float) -> str:
    return f"{cm:g}"


@dataclass(frozen=True)
class OddsRecord:
    """Base of the odds records (frozen dataclasses): their shared ``to_dict`` (JSON-able). Internal to the package."""

    def to_dict(self) -> dict[str, Any]:
        return {k: _jsonable(v) for k, v in asdict(self).items()}


def _jsonable(value: object) -> object:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


def _payoff_weights(payoff: str) -> np.ndarray:
    if payoff not in PAYOFFS:
        raise RuleError(message("The payoff must be one of {payoffs}; got {payoff} (PRJ-80).", payoffs=", ".join(PAYOFFS), payoff=repr(payoff)))
    return np.array([PAYOFFS[payoff][name] for name in WOUND_RESULTS])
