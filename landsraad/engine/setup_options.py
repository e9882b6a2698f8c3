"""How a game's set-up is played: a fixed scene or a terrain kit, and whether missions are picked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..scene import Scene

__all__ = ["SetupOptions"]


@dataclass(frozen=True)
class SetupOptions:
    """How the set-up is played.

    ``scene`` is a fixed table (:class:`landsraad.scene.Scene`; its terrain is used and its
    models ignored) instead of placing a terrain kit; ``kit`` the terrain kit placed otherwise;
    ``missions`` whether players pick missions (without them the game is scored on kills:
    PRJ-95).
    """

    scene: Any = None
    kit: str = "arrakeen"
    missions: bool = True

    def to_dict(self) -> dict[str, Any]:
        scene = self.scene.model_dump(mode="json") if self.scene is not None else None
        return {"scene": scene, "kit": self.kit, "missions": self.missions}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "SetupOptions":
        scene = Scene.model_validate(data["scene"]) if data.get("scene") is not None else None
        return cls(scene=scene, kit=str(data.get("kit", "arrakeen")), missions=bool(data.get("missions", True)))
