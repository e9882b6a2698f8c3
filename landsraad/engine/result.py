"""How a game ended: victory points per side, the score sheets, the winner."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .events import to_jsonable

__all__ = ["GameResult"]


@dataclass(frozen=True)
class GameResult:
    """How a game ended: victory points per side, the score sheets, the winner."""

    vp: Mapping[str, int]
    sheets: Mapping[str, Any]
    winner: str
    activations: int
    clock_s: float
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-able data."""
        out: dict[str, Any] = to_jsonable({"vp": dict(self.vp), "sheets": dict(self.sheets), "winner": self.winner,
                                           "activations": self.activations, "clock_s": self.clock_s, "reason": self.reason})
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "GameResult":
        """The result from :meth:`to_dict`'s data (score sheets stay as data)."""
        return cls(vp=dict(data["vp"]), sheets=dict(data["sheets"]), winner=str(data["winner"]),
                   activations=int(data["activations"]), clock_s=float(data["clock_s"]), reason=str(data["reason"]))
