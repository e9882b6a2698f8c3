"""Table geometry (shapely only, no game rules): the board, measuring, sight and cover,
movement, templates and set-up checks.

The functions of the submodules are the source of truth; this package re-exports the
public ones. The re-exports are resolved on first use (PEP 562, :data:`_EXPORTS` is the
name -> submodule table): importing one submodule (``landsraad.geometry.measure``) does not
load the others, so ``landsraad measure`` never pays for the movement graphs it does not use.

Examples
--------
>>> from landsraad import geometry
>>> geometry.report_cm(12.345)
12.3
>>> geometry.no_such_name
Traceback (most recent call last):
...
AttributeError: module 'landsraad.geometry' has no attribute 'no_such_name'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

_EXPORTS: dict[str, str] = {
    **dict.fromkeys(("Base", "Board", "Marker", "Point", "TerrainPiece", "DEFAULT_MODEL_HEIGHT_CM", "CIRCLE_RESOLUTION"),
                    "board"),
    # measure (R-MEASURE, RUL-07, R-SHOOT)
    **dict.fromkeys(("edge_distance", "distance", "in_contact", "nearest"), "measure"),
    **dict.fromkeys(("report_cm", "range_band", "range_modifier"), "bands"),
    # sight and cover (R-LOS, R-COVER, RUL-11)
    **dict.fromkeys(("CoverResult", "cover", "cover_bonus", "line_of_sight", "visible_models", "nearest_in_sight",
                     "nearest_targets", "enemies_of"), "sight"),
    # movement (R-MOVE, R-TERRAIN-KINDS, RUL-17, R-MELEE-OPTIONS)
    **dict.fromkeys(("MoveResult", "plan_move", "can_move", "path_cost", "path_is_clear", "reach_region",
                     "move_toward_nearest_edge", "push", "step_away", "escape", "free_spot_near"), "movement"),
    # templates (R-TEMPLATE, RUL-19, RUL-09)
    **dict.fromkeys(("BLAST_RADIUS_CM", "blast_shape", "direct_shape", "under_blast", "under_direct", "DodgeResult",
                     "dodge_out"), "templates"),
    # set-up (R-TERRAIN, R-DEPLOY)
    **dict.fromkeys(("Edge", "SetupProblem", "check_terrain_placement", "check_deployment", "deployment_spots"), "setup"),
}
"""Each public name and the submodule that defines it."""

__all__ = [
    "Base",
    "Board",
    "Marker",
    "Point",
    "TerrainPiece",
    "DEFAULT_MODEL_HEIGHT_CM",
    "CIRCLE_RESOLUTION",
    "edge_distance",
    "distance",
    "in_contact",
    "nearest",
    "report_cm",
    "range_band",
    "range_modifier",
    "CoverResult",
    "cover",
    "cover_bonus",
    "line_of_sight",
    "visible_models",
    "nearest_in_sight",
    "nearest_targets",
    "enemies_of",
    "MoveResult",
    "plan_move",
    "can_move",
    "path_cost",
    "path_is_clear",
    "reach_region",
    "move_toward_nearest_edge",
    "push",
    "step_away",
    "escape",
    "free_spot_near",
    "BLAST_RADIUS_CM",
    "blast_shape",
    "direct_shape",
    "under_blast",
    "under_direct",
    "DodgeResult",
    "dodge_out",
    "Edge",
    "SetupProblem",
    "check_terrain_placement",
    "check_deployment",
    "deployment_spots",
]


if TYPE_CHECKING:  # the names' types, for checkers that cannot follow __getattr__ (tests/test_lazy.py keeps it equal to _EXPORTS)
    from .bands import range_band, range_modifier, report_cm
    from .board import CIRCLE_RESOLUTION, DEFAULT_MODEL_HEIGHT_CM, Base, Board, Marker, Point, TerrainPiece
    from .measure import distance, edge_distance, in_contact, nearest
    from .movement import (
        MoveResult,
        can_move,
        escape,
        free_spot_near,
        move_toward_nearest_edge,
        path_cost,
        path_is_clear,
        plan_move,
        push,
        reach_region,
        step_away,
    )
    from .setup import Edge, SetupProblem, check_deployment, check_terrain_placement, deployment_spots
    from .sight import CoverResult, cover, cover_bonus, enemies_of, line_of_sight, nearest_in_sight, nearest_targets, visible_models
    from .templates import BLAST_RADIUS_CM, DodgeResult, blast_shape, direct_shape, dodge_out, under_blast, under_direct

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())
