"""JSON data as the engine saves it, and read back with its types.

Snapshots, frames, pending requests and events are saved as JSON; their readers take a
:data:`Json` value and check its shape where they read it (a saved game is data from outside).
A stage family's frame data and a decision's arguments are read by their
:class:`~landsraad.engine.flow.Payload` type, each field by :func:`field_reader` of its
annotation: a value of the wrong type is refused with a sentence naming the key, what was
expected and what was found.

Examples
--------
>>> from typing import Literal
>>> read = field_reader(tuple[Literal["red", "blue"], ...])
>>> read(["blue", "red"], "order")
('blue', 'red')
>>> read(["green"], "order")
Traceback (most recent call last):
...
landsraad.errors.RuleError: 'order[0]' should be one of 'red', 'blue'; it is green.
>>> field_reader(float | None)(6, "allowance"), field_reader(float | None)(None, "allowance")
(6, None)
>>> field_reader(int)(True, "held")
Traceback (most recent call last):
...
landsraad.errors.RuleError: 'held' should be a whole number; it is True.
"""

from __future__ import annotations

import types
from collections.abc import Mapping as AbcMapping
from typing import Callable, Literal, Mapping, Sequence, Union, get_args, get_origin

from ..errors import RuleError
from ..i18n import message

__all__ = ["Json", "JsonObject", "JsonLike", "FieldReader", "field_reader"]

Json = Union[None, bool, int, float, str, list["Json"], dict[str, "Json"]]
"""A JSON value: ``null``, a boolean, a number, a string, an array or an object (string keys)."""

JsonObject = dict[str, Json]
"""A JSON object."""

JsonLike = Union[None, bool, int, float, str, Sequence["JsonLike"], Mapping[str, "JsonLike"]]
"""What the engine may hand to be written as JSON: tuples for arrays, any mapping for an object."""

FieldReader = Callable[[object, str], object]
"""Reads one saved value (``reader(value, where)``): the value as its field holds it (JSON arrays
as tuples), or a :class:`~landsraad.errors.RuleError` naming ``where`` and what was expected."""


def _wrong(where: str, what: str, value: object) -> RuleError:
    return RuleError(message("{where} should be {what}; it is {value}.", where=repr(where), what=what, value=str(value)[:80]))


def _as_given(value: object, where: str) -> object:
    """A value of any JSON type (an ``object`` field, e.g. a mapping of what a player may see): kept as given."""
    return value


def _text(value: object, where: str) -> object:
    if isinstance(value, str):
        return value
    raise _wrong(where, _WHAT[str], value)


def _flag(value: object, where: str) -> object:
    if isinstance(value, bool):
        return value
    raise _wrong(where, _WHAT[bool], value)


def _whole(value: object, where: str) -> object:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise _wrong(where, _WHAT[int], value)


def _number(value: object, where: str) -> object:
    # JSON may give an integer for a number: kept as given (the flow's own values are not rounded either)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    raise _wrong(where, _WHAT[float], value)


_SIMPLE: dict[object, FieldReader] = {str: _text, bool: _flag, int: _whole, float: _number, object: _as_given}

_WHAT: dict[object, str] = {str: message("text"), bool: message("true or false"), int: message("a whole number"), float: message("a number")}


def _what(hint: object) -> str:
    """``hint`` in words, for a sentence."""
    if hint in _WHAT:
        return _WHAT[hint]
    origin, args = get_origin(hint), get_args(hint)
    if origin is Literal:
        return message("one of {values}", values=", ".join(map(repr, args)))
    if origin is tuple:
        return message("a list")
    return message("an object") if origin in (dict, AbcMapping) else message("a value")


def field_reader(hint: object) -> FieldReader:
    """The reader of a saved value whose field is annotated ``hint``.

    Supported: ``str``, ``bool``, ``int``, ``float`` (an integer is a number, kept as given), ``object`` (any JSON, kept as given),
    ``Literal[...]`` of texts, ``X | None``, ``tuple[X, ...]`` and ``tuple[X, Y]`` (from JSON arrays),
    ``Mapping[str, X]`` (from JSON objects), and a class with its own ``from_json`` (which checks its part).

    Raises
    ------
    TypeError
        ``hint`` is none of those (a payload declared with a type JSON cannot hold: a programming error).
    """
    simple = _SIMPLE.get(hint)
    if simple is not None:
        return simple
    own = getattr(hint, "from_json", None) if isinstance(hint, type) else None
    if own is not None:  # a part with its own reader (a template shot's targets): it checks its JSON form itself

        def part(value: object, where: str) -> object:
            return own(value)

        return part
    origin, args = get_origin(hint), get_args(hint)
    if origin is Literal:
        allowed = frozenset(args)
        what = _what(hint)

        def literal(value: object, where: str) -> object:
            if isinstance(value, str) and value in allowed:
                return value
            raise _wrong(where, what, value)

        return literal
    if origin is Union or origin is types.UnionType:
        others = [a for a in args if a is not type(None)]
        if len(others) != 1 or len(others) == len(args):
            raise TypeError(f"A saved field cannot be read as {hint!r}: only one type or null is supported.")
        inner = field_reader(others[0])

        def optional(value: object, where: str) -> object:
            return None if value is None else inner(value, where)

        return optional
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = field_reader(args[0])
        what = message("a list of {what}", what=_what(args[0])) if args[0] in _WHAT else message("a list")

        def homogeneous(value: object, where: str) -> object:
            if isinstance(value, (list, tuple)):
                return tuple(item(v, f"{where}[{i}]") for i, v in enumerate(value))
            raise _wrong(where, what, value)

        return homogeneous
    if origin is tuple and args:
        items = tuple(field_reader(a) for a in args)
        what = message("a list of {n} values", n=len(items))

        def fixed(value: object, where: str) -> object:
            if isinstance(value, (list, tuple)) and len(value) == len(items):
                return tuple(read(v, f"{where}[{i}]") for i, (read, v) in enumerate(zip(items, value)))
            raise _wrong(where, what, value)

        return fixed
    if origin in (dict, AbcMapping) and len(args) == 2 and args[0] is str:
        entry = field_reader(args[1])

        def mapping(value: object, where: str) -> object:
            if isinstance(value, AbcMapping) and all(isinstance(k, str) for k in value):
                return {k: entry(v, f"{where}.{k}") for k, v in value.items()}
            raise _wrong(where, message("an object"), value)

        return mapping
    raise TypeError(f"A saved field cannot be read as {hint!r}.")
