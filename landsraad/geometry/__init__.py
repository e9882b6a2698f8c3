"""Table geometry (shapely only, no game rules): the board, measuring, sight and cover,
movement, templates and set-up checks.

The functions of the submodules are the source of truth; this package re-exports the
public ones.
"""

from .board import CIRCLE_RESOLUTION, DEFAULT_MODEL_HEIGHT_CM, Base, Board, Marker, Point, TerrainPiece
from .measure import distance, edge_distance, in_contact, nearest, range_band, range_modifier, report_cm
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
from .sight import (
    CoverResult,
    cover,
    cover_bonus,
    enemies_of,
    line_of_sight,
    nearest_in_sight,
    nearest_targets,
    visible_models,
)
from .templates import BLAST_RADIUS_CM, DodgeResult, blast_shape, direct_shape, dodge_out, under_blast, under_direct

__all__ = [
    "Base", "Board", "Marker", "Point", "TerrainPiece", "DEFAULT_MODEL_HEIGHT_CM", "CIRCLE_RESOLUTION",
    # measure (R-MEASURE, RUL-07, R-SHOOT)
    "edge_distance", "distance", "in_contact", "report_cm", "range_band", "range_modifier", "nearest",
    # sight and cover (R-LOS, R-COVER, RUL-11)
    "CoverResult", "cover", "cover_bonus", "line_of_sight", "visible_models", "nearest_in_sight",
    "nearest_targets", "enemies_of",
    # movement (R-MOVE, R-TERRAIN-KINDS, RUL-17, R-MELEE-OPTIONS)
    "MoveResult", "plan_move", "can_move", "path_cost", "path_is_clear", "reach_region", "move_toward_nearest_edge",
    "push", "step_away", "escape", "free_spot_near",
    # templates (R-TEMPLATE, RUL-19, RUL-09)
    "BLAST_RADIUS_CM", "blast_shape", "direct_shape", "under_blast", "under_direct", "DodgeResult", "dodge_out",
    # set-up (R-TERRAIN, R-DEPLOY)
    "Edge", "SetupProblem", "check_terrain_placement", "check_deployment", "deployment_spots",
]
