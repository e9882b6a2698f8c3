"""JSON data as the engine saves it: the type of what :func:`json.loads` gives back.

Snapshots, frames, pending requests and events are saved as JSON; their readers take a
:data:`Json` value and check its shape where they read it (a saved game is data from outside).
"""

from __future__ import annotations

from typing import Mapping, Sequence, Union

__all__ = ["Json", "JsonObject", "JsonLike"]

Json = Union[None, bool, int, float, str, list["Json"], dict[str, "Json"]]
"""A JSON value: ``null``, a boolean, a number, a string, an array or an object (string keys)."""

JsonObject = dict[str, Json]
"""A JSON object."""

JsonLike = Union[None, bool, int, float, str, Sequence["JsonLike"], Mapping[str, "JsonLike"]]
"""What the engine may hand to be written as JSON: tuples for arrays, any mapping for an object."""
