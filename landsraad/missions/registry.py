"""The registry of mission evaluators: every name a card's condition may give, checked when the
card loads (R-MISSIONS); the evaluators themselves are in :mod:`landsraad.missions.evaluators`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterator, Mapping

from ..errors import UnknownNameError
from .context import EvaluationContext

__all__ = ["EvaluatorFunction", "Evaluator", "EvaluatorRegistry", "EVALUATORS", "evaluator"]


EvaluatorFunction = Callable[[EvaluationContext], bool]
"""An evaluator: a predicate of the game at its end, given the judged side and card."""


@dataclass(frozen=True)
class Evaluator:
    """A named evaluator: a predicate of the game at its end.

    ``parameters`` maps each parameter the condition must give to its type (``int`` or
    ``float``).
    """

    name: str
    summary: str
    function: EvaluatorFunction
    parameters: Mapping[str, type] = field(default_factory=dict)
    rules: tuple[str, ...] = ("R-MISSIONS",)


class EvaluatorRegistry:
    """Name -> :class:`Evaluator`; an unknown name is an :class:`UnknownNameError` listing the valid ones."""

    def __init__(self) -> None:
        self._items: dict[str, Evaluator] = {}

    def register(self, item: Evaluator) -> Evaluator:
        if item.name in self._items:
            raise ValueError(f"Mission evaluator {item.name!r} is registered twice.")
        self._items[item.name] = item
        return item

    def get(self, name: str, *, source: str = "", where: str = "") -> Evaluator:
        """The evaluator called ``name``.

        Examples
        --------
        >>> EVALUATORS.get("otherwise").name
        'otherwise'
        >>> EVALUATORS.get("otherwize")
        Traceback (most recent call last):
        ...
        landsraad.errors.UnknownNameError: Unknown mission evaluator 'otherwize'. Did you mean 'otherwise'? Valid mission evaluators are: ...
        """
        try:
            return self._items[name]
        except KeyError:
            raise UnknownNameError("mission evaluator", name, self._items, source=source, where=where) from None

    def __contains__(self, name: object) -> bool:
        return name in self._items

    def __iter__(self) -> Iterator[Evaluator]:
        return iter(sorted(self._items.values(), key=lambda e: e.name))

    def names(self) -> list[str]:
        return sorted(self._items)


EVALUATORS = EvaluatorRegistry()
"""Every evaluator a mission card may name."""


def evaluator(name: str, summary: str, *, parameters: Mapping[str, type] | None = None,
              rules: tuple[str, ...] = ("R-MISSIONS",)) -> Callable[[EvaluatorFunction], EvaluatorFunction]:
    """Decorator: register a function of :class:`EvaluationContext` as the evaluator ``name``."""

    def wrap(function: EvaluatorFunction) -> EvaluatorFunction:
        EVALUATORS.register(Evaluator(name, summary, function, dict(parameters or {}), rules))
        return function

    return wrap
