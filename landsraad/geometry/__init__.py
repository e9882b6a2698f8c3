"""Table geometry (shapely only, no game rules): the board, measuring, sight and cover,
movement, templates and set-up checks.

The functions of the submodules are the source of truth; this package re-exports the
public ones.
"""

from .board import CIRCLE_RESOLUTION, DEFAULT_MODEL_HEIGHT_CM, Base, Board, Marker, Point, TerrainPiece

__all__ = ["Base", "Board", "Marker", "Point", "TerrainPiece", "DEFAULT_MODEL_HEIGHT_CM", "CIRCLE_RESOLUTION"]
