"""The evaluators that decide each mission card at the end of the game, by name, and the registry that runs them (R-MISSIONS, PRJ-70..77)."""

from __future__ import annotations

from typing import Mapping, Sequence

from ..errors import UnknownNameError
from ..ruleset import DEFAULT, Ruleset
from .cards import MissionCard
from .context import EvaluationContext
from .registry import EVALUATORS, evaluator
from .scoring import validate_picks
from .view import (
    _EPS,
    MarkerView,
    MissionView,
    ModelView,
    Outcome,
    distance_to_edge,
    is_contesting,
    is_scoring,
    is_unhurt,
    opposite_edge,
    quarter,
    touching,
    within_half,
)

# --- evaluators -----------------------------------------------------------------------------

PROTECTION_WOUNDED: tuple[str, str, str] = ("neither", "failure", "success")
"""PRJ-75 (option ``protection_wounded``): an ambassador still on the table at the end but wounded
or poisoned (the Deadly poison included: it stays on the table) scores neither (the default,
0 VP: the card succeeds only when it is *indemne* and fails only when it is *retiré du jeu*), or
counts as a failure; ``success``, the reading before issue 37, is kept only so rulesets and saved
games that name it still load."""


def protection_wounded(ruleset: Ruleset = DEFAULT) -> str:
    """The ruleset's choice for a hurt ambassador (PRJ-75): ``"neither"`` (default), ``"failure"`` or ``"success"`` (legacy).

    Read from the ruleset field ``protection_wounded`` when it has one.

    Examples
    --------
    >>> protection_wounded()
    'neither'
    """
    value = getattr(ruleset, "protection_wounded", "neither")
    if value not in PROTECTION_WOUNDED:
        raise UnknownNameError("protection_wounded choice", str(value), PROTECTION_WOUNDED, source="ruleset")
    return value


def evaluate(card: MissionCard, view: MissionView, side: str, *, ruleset: Ruleset = DEFAULT) -> Outcome:
    """Decide ``card`` for ``side`` at the end of the game (R-MISSIONS, PRJ-77).

    Success if its success evaluator holds; else failure if its failure evaluator holds;
    else neither (``None``, 0 VP).
    """
    if side not in view.sides():
        raise UnknownNameError("side", side, view.sides(), source="mission view")
    for condition, result in ((card.success, True), (card.failure, False)):
        ctx = EvaluationContext(view, side, card, dict(condition.parameters), ruleset)
        if EVALUATORS.get(condition.evaluator).function(ctx):
            return result
    return None


def evaluate_picks(
    picks: Sequence[str],
    view: MissionView,
    side: str,
    *,
    missions: Mapping[str, MissionCard] | None = None,
    ruleset: Ruleset = DEFAULT,
) -> dict[str, Outcome]:
    """Decide every picked mission of ``side``: the ``outcomes`` :func:`score` takes."""
    cards = validate_picks(picks, missions=missions)
    return {card.id: evaluate(card, view, side, ruleset=ruleset) for card in cards}


@evaluator("otherwise", "Always true: as a failure condition, 'the mission fails whenever it does not succeed'.")
def _otherwise(ctx: EvaluationContext) -> bool:
    return True


@evaluator("ambassador_unhurt", "Every ambassador of the side is still on the table and unhurt: no wound level, no poison "
           "(PRJ-74, PRJ-75; under the legacy protection_wounded = 'success', standing is enough).", rules=("R-MISSIONS", "PRJ-74", "PRJ-75"))
def _ambassador_unhurt(ctx: EvaluationContext) -> bool:
    ambassadors = [m for m in ctx.mine() if m.is_ambassador]
    if not ambassadors or any(m.removed for m in ambassadors):
        return False
    return protection_wounded(ctx.ruleset) == "success" or all(is_unhurt(m) for m in ambassadors)


@evaluator("ambassador_lost", "An ambassador of the side has been removed from play (a fatal wound, a capture; the Deadly "
           "poison leaves it on the table); with protection_wounded = failure, also when it is hurt (PRJ-74, PRJ-75).",
           rules=("R-MISSIONS", "PRJ-74", "PRJ-75"))
def _ambassador_lost(ctx: EvaluationContext) -> bool:
    ambassadors = [m for m in ctx.mine() if m.is_ambassador]
    if not ambassadors or any(m.removed for m in ambassadors):
        return True
    return protection_wounded(ctx.ruleset) == "failure" and not all(is_unhurt(m) for m in ambassadors)


@evaluator("markers_secured", "At least `markers` of the mission's markers are delivered off the side's table edge "
           "or carried by a scoring model of the side wholly within its own half (PRJ-72).",
           parameters={"markers": int}, rules=("R-MISSIONS", "PRJ-72"))
def _markers_secured(ctx: EvaluationContext) -> bool:
    models = {m.id: m for m in ctx.mine()}
    edge = ctx.view.edge(ctx.side)
    secured = 0
    for mk in ctx.own_markers():
        if mk.destroyed:
            continue
        carrier = models.get(mk.carried_by) if mk.carried_by else None
        if mk.delivered or (carrier is not None and is_scoring(carrier) and within_half(carrier.position, carrier.base_mm, edge, ctx.table)):
            secured += 1
    return secured >= ctx.parameters["markers"]


@evaluator("kill_most_expensive", "One of the side's models killed one of the opponent's most expensive models "
           "(highest recruit cost among all it deployed, ambassadors excepted) (PRJ-76).", rules=("R-MISSIONS", "PRJ-76"))
def _kill_most_expensive(ctx: EvaluationContext) -> bool:
    candidates = [m for m in ctx.theirs() if not m.is_ambassador]
    if not candidates:
        return False
    top = max(m.cost for m in candidates)
    targets = {m.id for m in candidates if m.cost == top}
    return any(k.killer_side == ctx.side and k.victim in targets for k in ctx.view.kills())


@evaluator("control_quarters", "The side controls at least `quarters` table quarters: in each, more of its scoring "
           "models than the opponent's contesting models lie wholly within it (PRJ-71).",
           parameters={"quarters": int}, rules=("R-MISSIONS", "PRJ-71"))
def _control_quarters(ctx: EvaluationContext) -> bool:
    table = ctx.table
    counts: dict[str, int] = {}
    for m in ctx.mine():
        q = quarter(m.position, m.base_mm, table) if is_scoring(m) else None
        if q:
            counts[q] = counts.get(q, 0) + 1
    for m in ctx.theirs():
        q = quarter(m.position, m.base_mm, table) if is_contesting(m) else None
        if q:
            counts[q] = counts.get(q, 0) - 1
    return sum(1 for n in counts.values() if n > 0) >= ctx.parameters["quarters"]


@evaluator("control_markers", "The side controls at least `markers` of the mission's markers: not destroyed, one of its "
           "scoring models in base contact, no contesting enemy model in base contact (PRJ-70, PRJ-71).",
           parameters={"markers": int}, rules=("R-MISSIONS", "PRJ-70", "PRJ-71"))
def _control_markers(ctx: EvaluationContext) -> bool:
    mine = [m for m in ctx.mine() if is_scoring(m)]
    theirs = [m for m in ctx.theirs() if is_contesting(m)]
    tol = ctx.tolerance

    def near(models: list[ModelView], mk: MarkerView) -> bool:
        return any(touching(m.position, m.base_mm, mk.position, mk.size_mm, tol) for m in models)

    held = sum(1 for mk in ctx.own_markers()
               if not mk.destroyed and mk.carried_by is None and near(mine, mk) and not near(theirs, mk))
    return held >= ctx.parameters["markers"]


@evaluator("markers_activated", "At least `markers` of the mission's markers have been activated (a marker destroyed "
           "after its activation still counts).", parameters={"markers": int})
def _markers_activated(ctx: EvaluationContext) -> bool:
    return sum(1 for mk in ctx.own_markers() if mk.activated) >= ctx.parameters["markers"]


@evaluator("markers_destroyed", "At least `markers` of the mission's markers have been destroyed (PRJ-73).",
           parameters={"markers": int}, rules=("R-MISSIONS", "PRJ-73"))
def _markers_destroyed(ctx: EvaluationContext) -> bool:
    return sum(1 for mk in ctx.own_markers() if mk.destroyed) >= ctx.parameters["markers"]


@evaluator("first_kill", "The first kill of a model by an enemy in the game was made by the side; kills at the same "
           "moment share the honour; no such kill is a failure (PRJ-76).", rules=("R-MISSIONS", "PRJ-76"))
def _first_kill(ctx: EvaluationContext) -> bool:
    kills = [k for k in ctx.view.kills() if k.killer_side is not None and k.killer_side != k.victim_side]
    if not kills:
        return False
    first = min(k.order for k in kills)
    return any(k.order == first and k.killer_side == ctx.side for k in kills)


@evaluator("models_near_enemy_edge", "At least `models` scoring models of the side are within `within_cm` of the "
           "opponent's table edge, measured from the nearest point of the base (R-MEASURE).",
           parameters={"models": int, "within_cm": float}, rules=("R-MISSIONS", "R-MEASURE"))
def _models_near_enemy_edge(ctx: EvaluationContext) -> bool:
    far = opposite_edge(ctx.view.edge(ctx.side))
    limit = float(ctx.parameters["within_cm"])
    near = [m for m in ctx.mine()
            if is_scoring(m) and distance_to_edge(m.position, m.base_mm, far, ctx.table) <= limit + _EPS]
    return len(near) >= ctx.parameters["models"]


@evaluator("enemies_captured", "At least `models` of the opponent's models have been captured.", parameters={"models": int})
def _enemies_captured(ctx: EvaluationContext) -> bool:
    return sum(1 for m in ctx.theirs() if m.captured) >= ctx.parameters["models"]
