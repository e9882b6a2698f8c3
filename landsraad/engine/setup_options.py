"""How a game's set-up is played: a fixed scene or a terrain kit, and whether missions are picked."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Mapping

from ..scene import Scene, parse_scene
from .jsondata import JsonObject

__all__ = ["SetupOptions"]


@dataclass(frozen=True)
class SetupOptions:
    """How the set-up is played.

    ``scene`` is a fixed table (:class:`landsraad.scene.Scene`; its terrain is used and its
    models ignored) instead of placing a terrain kit; ``kit`` the terrain kit placed otherwise;
    ``missions`` whether players pick missions (without them the game is scored on kills:
    PRJ-95).
    """

    scene: Scene | None = None
    kit: str = "arrakeen"
    missions: bool = True

    def to_dict(self) -> JsonObject:
        """The options as JSON-able data (the scene in full, so a saved game needs no scene file)."""
        scene: JsonObject | None = self.scene.model_dump(mode="json") if self.scene is not None else None
        return {"scene": scene, "kit": self.kit, "missions": self.missions}

    @classmethod
    def from_dict(cls, data: Mapping[str, object], *, source: str = "saved game") -> "SetupOptions":
        """The options from :meth:`to_dict`; a saved scene goes through every scene check again
        (a damaged or edited table is a located error, never a crash in the geometry)."""
        scene = parse_scene(json.dumps(data["scene"], allow_nan=True), f"{source}: scene") if data.get("scene") is not None else None
        return cls(scene=scene, kit=str(data.get("kit", "arrakeen")), missions=bool(data.get("missions", True)))
