"""What a mission evaluator is given: the game at its end, the side judged, the card and its
condition's parameters (R-MISSIONS).

A module of its own, below both the registry (which types its evaluators by it) and the cards
(which check their conditions against the registry), so neither imports the other's importer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Protocol

from ..errors import UnknownNameError
from ..ruleset import DEFAULT, Ruleset
from .view import MarkerView, MissionView, ModelView

__all__ = ["EvaluationContext", "MissionRef"]


class MissionRef(Protocol):
    """A mission card as a context names it: by its id (a :class:`~landsraad.missions.cards.MissionCard` is one)."""

    @property
    def id(self) -> str: ...


@dataclass(frozen=True)
class EvaluationContext:
    """What an evaluator gets: the game view, the side being judged, the card, the condition's
    parameters and the ruleset."""

    view: MissionView
    side: str
    card: MissionRef
    """The card judged (its ``id`` is all the context reads of it)."""
    parameters: Mapping[str, int | float]
    ruleset: Ruleset = DEFAULT

    @property
    def opponent(self) -> str:
        """The other side."""
        others = [s for s in self.view.sides() if s != self.side]
        if len(others) != 1:
            raise UnknownNameError("side", self.side, self.view.sides(), source="mission view")
        return others[0]

    @property
    def table(self) -> tuple[float, float]:
        width, depth = self.view.table_size()
        return (width, depth)

    @property
    def tolerance(self) -> float:
        """The contact tolerance (RUL-07)."""
        return self.ruleset.contact_tolerance_cm

    def mine(self) -> list[ModelView]:
        """The judged side's models."""
        return list(self.view.models(self.side))

    def theirs(self) -> list[ModelView]:
        """The opponent's models."""
        return list(self.view.models(self.opponent))

    def own_markers(self) -> list[MarkerView]:
        """The markers of this mission that belong to the judged side."""
        return [m for m in self.view.markers() if m.side == self.side and m.mission == self.card.id]
