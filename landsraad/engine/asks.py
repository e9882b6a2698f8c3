"""A decision's arguments read with their types.

The flow pends a decision as a builder's name and JSON-able arguments (:class:`~.flow.Pending`), so
a restored game rebuilds the same decision; a builder reads them back here, each value checked to
be what it should be, since a saved game is data from outside. A value of the wrong type is refused
with a sentence naming the key, what was expected and what was found.

Examples
--------
>>> args = {"model": "red-1", "allowance": 6, "held": 1, "optional": True, "candidates": ["blue-1", "blue-2"]}
>>> text(args, "model"), number(args, "allowance"), integer(args, "held"), flag(args, "optional")
('red-1', 6.0, 1, True)
>>> texts(args, "candidates")
('blue-1', 'blue-2')
>>> optional_text(args, "when") is None, flag(args, "needed", default=False)
(True, False)
>>> text(args, "held")
Traceback (most recent call last):
...
landsraad.errors.RuleError: The decision's argument 'held' should be text; it is 1.
"""

from __future__ import annotations

from typing import Mapping, TypeVar, get_args

from ..errors import RuleError
from ..rules.shooting import LaserMode
from .decisions import DecisionKind
from .state import Side

__all__ = ["text", "optional_text", "number", "integer", "flag", "texts", "mapping", "side", "laser_mode", "decision_kind"]

_L = TypeVar("_L", bound=str)

Args = Mapping[str, object]
"""A decision's arguments (:attr:`~.flow.Pending.args`)."""


def _missing(key: str) -> RuleError:
    return RuleError(f"The decision has no argument {key!r}; it was made by another version.")


def _wrong(key: str, what: str, value: object) -> RuleError:
    return RuleError(f"The decision's argument {key!r} should be {what}; it is {str(value)[:80]}.")


def text(a: Args, key: str) -> str:
    """The text at ``key``.

    Raises
    ------
    RuleError
        The key is missing or its value is not text.
    """
    value = a[key] if key in a else None
    if isinstance(value, str):
        return value
    raise _missing(key) if key not in a else _wrong(key, "text", value)


def optional_text(a: Args, key: str) -> str | None:
    """The text at ``key``, or ``None`` when it is missing or null.

    Raises
    ------
    RuleError
        The value is neither text nor null.
    """
    value = a.get(key)
    if value is None or isinstance(value, str):
        return value
    raise _wrong(key, "text", value)


def number(a: Args, key: str) -> float:
    """The number at ``key``, as a float (JSON may give an integer).

    Raises
    ------
    RuleError
        The key is missing or its value is not a number.
    """
    value = a[key] if key in a else None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    raise _missing(key) if key not in a else _wrong(key, "a number", value)


def integer(a: Args, key: str) -> int:
    """The integer at ``key``.

    Raises
    ------
    RuleError
        The key is missing or its value is not an integer.
    """
    value = a[key] if key in a else None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise _missing(key) if key not in a else _wrong(key, "an integer", value)


def flag(a: Args, key: str, *, default: bool | None = None) -> bool:
    """The boolean at ``key`` (``default`` when it is missing or null, if one is given).

    Raises
    ------
    RuleError
        The key is missing with no default, or its value is not a boolean.
    """
    value = a.get(key)
    if isinstance(value, bool):
        return value
    if value is None and default is not None:
        return default
    raise _missing(key) if key not in a else _wrong(key, "true or false", value)


def texts(a: Args, key: str) -> tuple[str, ...]:
    """The list of texts at ``key``, as a tuple.

    Raises
    ------
    RuleError
        The key is missing or its value is not a list of texts.
    """
    value = a[key] if key in a else None
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise _missing(key) if key not in a else _wrong(key, "a list of texts", value)


def mapping(a: Args, key: str) -> Mapping[str, object] | None:
    """The JSON object at ``key``, or ``None`` when it is missing or null.

    Raises
    ------
    RuleError
        The value is neither an object nor null.
    """
    value = a.get(key)
    if value is None:
        return None
    if isinstance(value, Mapping) and all(isinstance(k, str) for k in value):
        return value
    raise _wrong(key, "an object", value)


def _one_of(a: Args, key: str, values: Mapping[str, _L], default: _L | None = None) -> _L:
    value = a.get(key)
    if value is None and default is not None:
        return default
    found = values.get(value) if isinstance(value, str) else None
    if found is None:
        raise _missing(key) if key not in a else _wrong(key, "one of " + ", ".join(map(repr, values)), value)
    return found


_SIDES: dict[str, Side] = {s: s for s in get_args(Side)}
_LASER_MODES: dict[str, LaserMode] = {s: s for s in get_args(LaserMode)}
_KINDS: dict[str, DecisionKind] = {s: s for s in get_args(DecisionKind)}


def side(a: Args, key: str = "side") -> Side:
    """The side at ``key`` (``red`` or ``blue``).

    Raises
    ------
    RuleError
        The key is missing or its value is no side.
    """
    return _one_of(a, key, _SIDES)


def laser_mode(a: Args, key: str = "laser_mode") -> LaserMode:
    """A laser's mode at ``key`` (``burn`` when it is missing or null, R-LASER).

    Raises
    ------
    RuleError
        The value is no laser mode.
    """
    return _one_of(a, key, _LASER_MODES, "burn")


def decision_kind(a: Args, key: str = "kind") -> DecisionKind:
    """A decision kind at ``key`` (:data:`~.decisions.DecisionKind`).

    Raises
    ------
    RuleError
        The key is missing or its value is no decision kind.
    """
    return _one_of(a, key, _KINDS)
