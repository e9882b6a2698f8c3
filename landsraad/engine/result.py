"""How a game ended: victory points per side, the score sheets, the winner."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ..errors import DataError
from ..i18n import message
from ..missions import ScoreSheet
from .events import to_json_object
from .jsondata import JsonObject

__all__ = ["GameResult"]


@dataclass(frozen=True)
class GameResult:
    """How a game ended: victory points per side, the score sheets, the winner."""

    vp: Mapping[str, int]
    sheets: Mapping[str, ScoreSheet | JsonObject]
    """Per side, its mission score sheet (R-MISSIONS), or, in a game without missions, its kills and total
    as data; a result read back from JSON holds every sheet as data."""
    winner: str
    activations: int
    clock_s: float
    reason: str

    def to_dict(self) -> JsonObject:
        """The result as JSON-able data."""
        return to_json_object({"vp": dict(self.vp), "sheets": dict(self.sheets), "winner": self.winner,
                               "activations": self.activations, "clock_s": self.clock_s, "reason": self.reason})

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> "GameResult":
        """The result from :meth:`to_dict`'s data (score sheets stay as data).

        Raises
        ------
        DataError
            A field of the wrong kind (a saved game written by hand or by another version).
        """
        vp, sheets, activations, clock_s = data["vp"], data["sheets"], data["activations"], data["clock_s"]
        if not (isinstance(vp, Mapping) and all(isinstance(v, int) for v in vp.values()) and isinstance(sheets, Mapping)
                and all(isinstance(v, dict) for v in sheets.values()) and isinstance(activations, int)
                and isinstance(clock_s, (int, float))):
            raise DataError(message("A saved game result is not one: {data}; it was written by hand or by another version.", data=str(dict(data))[:120]))
        return cls(vp={str(k): v for k, v in vp.items()}, sheets={str(k): v for k, v in sheets.items()}, winner=str(data["winner"]),
                   activations=activations, clock_s=float(clock_s), reason=str(data["reason"]))
