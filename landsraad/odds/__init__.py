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

The package is split along these seams, each module depending on :mod:`~landsraad.odds.core`
only (and the stance game on the clash odds): :mod:`~landsraad.odds.core` (the die, payoffs,
lowering policies, vectorised twins of kernel helpers, the zero-sum solver),
:mod:`~landsraad.odds.shooting`, :mod:`~landsraad.odds.melee` (clash odds, lowering advice),
:mod:`~landsraad.odds.stances` and :mod:`~landsraad.odds.disengage`. Every public name is
importable from :mod:`landsraad.odds` itself.

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
>>> from landsraad.odds import shot_odds
>>> odds = shot_odds(Combatant(combat=1, weapon=pistol), Combatant(endurance=3), distance_cm=35)
>>> odds.p_hit, odds.wound["fatal"]  # fatal needs damage 9+: neutral 8, 9 or 10, 0.36 x 0.3
(0.36, 0.108)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

_EXPORTS: dict[str, str] = {
    **dict.fromkeys(('DIE', 'PAYOFFS', 'LoweringPolicy', 'Payoff', 'beats_array', 'check_lowering', 'solve_zero_sum', 'wound_results_array'), "core"),
    **dict.fromkeys(('DisengageOdds', 'disengage_odds'), "disengage"),
    **dict.fromkeys(('LoweringAdvice', 'MeleeOdds', 'lowering_advice', 'melee_odds'), "melee"),
    **dict.fromkeys(('ShotOdds', 'shot_odds', 'shot_wounds'), "shooting"),
    **dict.fromkeys(('STANCES', 'StanceMatrix', 'StanceSolution', 'best_stances', 'stance_matrix'), "stances"),
}
"""Each public name and the submodule that defines it: resolved on first use (PEP 562), so
importing one submodule does not load its siblings (``landsraad odds shoot`` never loads the
melee tables)."""

__all__ = [
    "DIE",
    "STANCES",
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


if TYPE_CHECKING:  # the names' types, for checkers that cannot follow __getattr__ (tests/test_lazy.py keeps it equal to _EXPORTS)
    from .core import DIE, PAYOFFS, LoweringPolicy, Payoff, beats_array, check_lowering, solve_zero_sum, wound_results_array
    from .disengage import DisengageOdds, disengage_odds
    from .melee import LoweringAdvice, MeleeOdds, lowering_advice, melee_odds
    from .shooting import ShotOdds, shot_odds, shot_wounds
    from .stances import STANCES, StanceMatrix, StanceSolution, best_stances, stance_matrix

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())

