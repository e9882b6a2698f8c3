"""Terrain kits: the boxes of terrain pieces players place at set-up (R-TERRAIN).

A kit is content (``scenes/kits/*.yaml``): pieces with a footprint drawn around their own
centre, a height (0 never blocks sight) and a movement kind. The set-up phase places them
alternately (:mod:`landsraad.engine.setup`), each more than 5 cm from the table edges and
more than 10 cm from the pieces already placed.

Examples
--------
>>> kit = load_kit("arrakeen")
>>> kit.source, len(kit.pieces) >= 4
('project', True)
>>> piece = kit.pieces[0]
>>> placed = piece.placed_at((30.0, 30.0), "p1")
>>> placed.id, len(placed.polygon) == len(piece.polygon)
('p1', True)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import Field, field_validator

from .content import data_dir, load_model
from .errors import UnknownNameError
from .geometry.board import TerrainPiece
from .i18n import message
from .model import FrenchName, FrenchText, Frozen, Source, shown_name

__all__ = ["KitPiece", "TerrainKit", "kit_ids", "load_kit", "french_piece_names"]


class KitPiece(Frozen):
    """A terrain piece of a kit, its footprint given around its own centre (cm); ``name_fr``: its French name."""

    id: str
    name: str
    name_fr: FrenchName = None
    polygon: tuple[tuple[float, float], ...] = Field(min_length=3)
    height: float = Field(0.0, ge=0)
    movement: Literal["blocked", "difficult", "open"] = "blocked"

    @field_validator("polygon")
    @classmethod
    def _simple(cls, polygon: tuple[tuple[float, float], ...]) -> tuple[tuple[float, float], ...]:
        from shapely.geometry import Polygon

        shape = Polygon(polygon)
        if not shape.is_valid or shape.area <= 0:
            raise ValueError(message("The footprint {polygon} is not a simple polygon with an area.", polygon=repr(list(polygon))))
        return polygon

    def display_name(self, lang: str | None = None) -> str:
        """The name in ``lang`` (the active language by default): ``name_fr`` in French, see :func:`~landsraad.model.shown_name`."""
        return shown_name(self.name, self.name_fr, lang)

    def placed_at(self, center: tuple[float, float], piece_id: str | None = None) -> TerrainPiece:
        """The piece as placed with its centre at ``center``."""
        cx, cy = center
        return TerrainPiece(piece_id or self.id, tuple((cx + x, cy + y) for x, y in self.polygon), self.height, self.movement)


class TerrainKit(Frozen):
    """A named box of terrain pieces (``name_fr`` and ``text_fr``: its name and description in French, issue 40)."""

    id: str
    name: str
    name_fr: FrenchName = None
    source: Source
    text: str = ""
    text_fr: FrenchText = None
    pieces: tuple[KitPiece, ...] = Field(min_length=1)

    def display_name(self, lang: str | None = None) -> str:
        """The name in ``lang`` (the active language by default): ``name_fr`` in French, see :func:`~landsraad.model.shown_name`."""
        return shown_name(self.name, self.name_fr, lang)


def kit_ids() -> list[str]:
    """The bundled kits' ids."""
    return list(_kit_ids())


@lru_cache(maxsize=1)
def _kit_ids() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in (data_dir("scenes") / "kits").glob("*.yaml")))


def load_kit(kit_id: str) -> TerrainKit:
    """Load the bundled kit ``kit_id`` (read once: kits are frozen bundled data); an unknown id
    lists the valid ones."""
    ids = _kit_ids()
    if kit_id not in ids:
        raise UnknownNameError("terrain kit", kit_id, list(ids))
    return _load_kit(kit_id)


@lru_cache(maxsize=None)
def _load_kit(kit_id: str) -> TerrainKit:
    return load_model(TerrainKit, data_dir("scenes") / "kits" / f"{kit_id}.yaml")


@lru_cache(maxsize=1)
def french_piece_names() -> dict[str, str]:
    """Each bundled kit piece's French name by its English one (a name two pieces share with different French names
    left out): what a story of the set-up can show a French reader for a piece placed from a kit, whose event keeps
    the English name (issue 40).

    >>> french_piece_names()["Adobe house"]
    'Maison en adobe'
    """
    names: dict[str, str | None] = {}
    for kit_id in kit_ids():
        for piece in load_kit(kit_id).pieces:
            if piece.name_fr is not None:
                names[piece.name] = piece.name_fr if names.get(piece.name, piece.name_fr) == piece.name_fr else None
    return {k: v for k, v in names.items() if v is not None}
