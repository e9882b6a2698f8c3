"""The event log: every roll, decision and effect of a game as a frozen :class:`GameEvent`.

Events carry JSON-able ``data`` so a log saves to JSON lines and loads back equal; the
rules kernel's own event records are stored through their ``to_dict()``. A game replays
from its seed and its decisions to the identical log (:mod:`landsraad.engine.game`).

Examples
--------
>>> e = GameEvent(seq=1, kind="move", side="red", model="red-1", data={"to": [3.0, 4.0]})
>>> GameEvent.from_json(e.to_json()) == e
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

__all__ = ["GameEvent", "to_jsonable", "dump_log", "load_log"]


def to_jsonable(value: Any) -> Any:
    """Turn events, dataclasses, pydantic models, tuples and numpy numbers into JSON-able data."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return round(float(value), 4)
    if hasattr(value, "to_dict"):
        return to_jsonable(value.to_dict())
    if hasattr(value, "model_dump"):
        return to_jsonable(value.model_dump(mode="json"))
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return {k: to_jsonable(getattr(value, k)) for k in value.__dataclass_fields__}
    if hasattr(value, "item"):  # numpy scalar
        return to_jsonable(value.item())
    return str(value)


@dataclass(frozen=True)
class GameEvent:
    """One thing that happened: ``kind`` (``roll``, ``decision``, ``move``, ``melee``, ...),
    the side and model concerned, and JSON-able ``data``. ``secret`` events (hidden rolls,
    secret choices) are revealed to the opponent only when the rules reveal them."""

    seq: int
    kind: str
    side: str | None = None
    model: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    secret: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "kind": self.kind, "side": self.side, "model": self.model,
                "data": to_jsonable(self.data), "secret": self.secret}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "GameEvent":
        return cls(seq=int(d["seq"]), kind=str(d["kind"]), side=d.get("side"), model=d.get("model"),
                   data=d.get("data") or {}, secret=bool(d.get("secret", False)))

    @classmethod
    def from_json(cls, text: str) -> "GameEvent":
        return cls.from_dict(json.loads(text))


def dump_log(events: Iterable[GameEvent]) -> str:
    """Events as JSON lines."""
    return "".join(e.to_json() + "\n" for e in events)


def load_log(text: str) -> list[GameEvent]:
    """Events from :func:`dump_log`'s JSON lines."""
    return [GameEvent.from_json(line) for line in text.splitlines() if line.strip()]
