"""Mission cards (R-MISSIONS): the card model, loading, scoring, and the registry of evaluators.

Each mission is a card in ``missions/<id>.yaml``, validated into a frozen
:class:`MissionCard`: its names (English and the rulebook's French), whether it is canon,
who may pick it (:class:`Restriction`), the markers it uses (:class:`MarkerSpec`: count,
30 or 50 mm, who places them and where), its set-up and special rules, the special actions
it grants (:class:`SpecialAction`, which the engine offers), its success and failure
conditions (:class:`Condition`: a text and the name of an evaluator) and its victory-point
values by rank 1-6 (:class:`ValueTable`).

Scoring follows R-MISSIONS: a player secretly picks 1 to 6 missions and ranks them; at the
end each picked mission scores its success value for its rank, or its failure value, or 0
when neither condition holds (PRJ-77). :func:`score` builds a :class:`ScoreSheet`,
:func:`compare` names the winner.

Evaluators decide a mission at the end of the game from a read-only :class:`MissionView` of
the game, which the engine implements; they are registered by name in :data:`EVALUATORS`.
:func:`evaluate` runs a card's success evaluator, then (if it did not succeed) its failure
evaluator.

Examples
--------
The rulebook's scoring example (section 3):

>>> first = score(["spice_theft", "protection", "assassination", "territory", "occupation", "activation"],
...               {"spice_theft": False, "protection": True, "assassination": False,
...                "territory": True, "occupation": True, "activation": True})
>>> [line.points for line in first.lines], first.total
([-5, 3, -1, 6, 4, 3], 10)
>>> second = score(["treachery", "infiltration", "assassination"],
...                {"treachery": True, "infiltration": True, "assassination": True})
>>> second.total, compare(first, second) is second
(14, True)
>>> load_mission("protection").values.success
(4, 3, 2, 1, 1, 1)
"""

from __future__ import annotations

from .cards import (
                    Condition,
                    MarkerSpec,
                    MissionCard,
                    Restriction,
                    SimpleTest,
                    SpecialAction,
                    TokenProfile,
                    ValueTable,
                    card_name,
                    crowded,
                    crowding_problem,
                    first_placement_problem,
                    load_mission,
                    load_mission_file,
                    load_missions,
                    marker_name_fr,
                    mission_ids,
                    mission_points,
                    placement_allowed,
                    placement_problems,
                    restriction_problem,
)
from .context import EvaluationContext, MissionRef
from .evaluators import PROTECTION_WOUNDED, evaluate, evaluate_picks, protection_wounded
from .registry import EVALUATORS, Evaluator, EvaluatorRegistry, evaluator
from .scoring import ScoreLine, ScoreSheet, compare, format_score_sheet, pick_problems, score, validate_picks
from .view import (
                    MARKER_SIZES_MM,
                    MAX_PICKS,
                    RANKS,
                    Edge,
                    KillView,
                    MarkerView,
                    MissionView,
                    ModelView,
                    Outcome,
                    Point,
                    WoundLevel,
                    distance_to_edge,
                    edge_gap,
                    is_contesting,
                    is_scoring,
                    is_standing,
                    is_unhurt,
                    opposite_edge,
                    quarter,
                    touching,
                    within_half,
)

__all__ = [
    "card_name",
    "marker_name_fr",
    "RANKS",
    "MAX_PICKS",
    "MARKER_SIZES_MM",
    "Point",
    "Edge",
    "WoundLevel",
    "Outcome",
    # views the engine implements
    "ModelView",
    "MarkerView",
    "KillView",
    "MissionView",
    # table helpers
    "opposite_edge",
    "edge_gap",
    "touching",
    "distance_to_edge",
    "within_half",
    "quarter",
    "is_standing",
    "is_unhurt",
    "is_scoring",
    "is_contesting",
    # the card
    "TokenProfile",
    "MarkerSpec",
    "SimpleTest",
    "SpecialAction",
    "Condition",
    "ValueTable",
    "Restriction",
    "MissionCard",
    "mission_points",
    "restriction_problem",
    "placement_problems",
    "first_placement_problem",
    "placement_allowed",
    "crowding_problem",
    "crowded",
    # loading
    "mission_ids",
    "load_mission",
    "load_mission_file",
    "load_missions",
    # picks and scoring
    "pick_problems",
    "validate_picks",
    "ScoreLine",
    "ScoreSheet",
    "score",
    "compare",
    "format_score_sheet",
    # evaluators
    "PROTECTION_WOUNDED",
    "protection_wounded",
    "EvaluationContext",
    "MissionRef",
    "Evaluator",
    "EvaluatorRegistry",
    "EVALUATORS",
    "evaluator",
    "evaluate",
    "evaluate_picks",
]
