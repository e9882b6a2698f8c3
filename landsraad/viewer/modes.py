"""What the window shows: a scene being edited or a saved game being replayed.

A *mode* gives the window its current board, whether the table can be edited, its panel
lines, and takes the keys it owns. Plain Python, no pyglet: the window (:mod:`.app`) asks the
mode, the mode never draws. The play mode, :class:`~landsraad.viewer.playing.PlayMode`
(driving the terminal's :class:`~landsraad.play.session.Session`), has the same members.
"""

from __future__ import annotations

from typing import Protocol

from ..geometry.board import Board
from ..scene import Scene
from .editor import Editor
from .timeline import Timeline

__all__ = ["Mode", "EditMode", "ReplayMode"]


class Mode(Protocol):
    """What the window needs from a mode."""

    editable: bool

    @property
    def board(self) -> Board: ...

    def title(self) -> str: ...

    def panel_lines(self) -> list[str]: ...

    def movement(self, model_id: str) -> float | None: ...


class EditMode:
    """A scene in the table editor."""

    editable = True

    def __init__(self, scene: Scene, source: str | None = None, *, snap: bool = False) -> None:
        self.editor = Editor(scene, snap=snap)
        self.source = source

    @property
    def board(self) -> Board:
        return self.editor.board

    def movement(self, model_id: str) -> float | None:
        """The model's Movement from the scene, or None when the scene gives none."""
        scene = self.editor.scene
        return scene.movement(model_id) if any(m.id == model_id for m in scene.models) else None

    def title(self) -> str:
        name = self.editor.scene.name or (self.source or "new scene")
        return f"{name} - table editor"

    def panel_lines(self) -> list[str]:
        warnings = self.editor.warnings()
        lines = [f"Snap to 0.5 cm: {'on' if self.editor.snap else 'off'} (G)"]
        if warnings:
            lines.append(f"{len(warnings)} warning(s):")
            lines += [f"! {w}" for w in warnings[:6]]
            if len(warnings) > 6:
                lines.append(f"! ... and {len(warnings) - 6} more")
        else:
            lines.append("No warnings: the scene loads and its terrain is legal (R-TERRAIN).")
        return lines


class ReplayMode:
    """A saved game, one frame per activation."""

    editable = False

    def __init__(self, timeline: Timeline, index: int = 0) -> None:
        self.timeline = timeline
        self.index = max(0, min(index, len(timeline.frames) - 1))

    @property
    def board(self) -> Board:
        return self.timeline.frames[self.index].board

    def step(self, by: int) -> None:
        """Move ``by`` frames (clamped to the timeline)."""
        self.index = max(0, min(self.index + by, len(self.timeline.frames) - 1))

    def seek(self, fraction: float) -> None:
        """Jump to a point of the timeline, 0 = the start, 1 = the end (the slider)."""
        last = len(self.timeline.frames) - 1
        self.index = max(0, min(last, round(fraction * last)))

    def movement(self, model_id: str) -> float | None:
        """The model's Movement from its profile card, or None for an unknown model."""
        return self.timeline.frames[self.index].movement.get(model_id)

    def title(self) -> str:
        f = self.timeline.frames[self.index]
        return f"{self.timeline.source} - step {self.index + 1}/{len(self.timeline.frames)}, activation {f.activation}"

    def panel_lines(self) -> list[str]:
        f = self.timeline.frames[self.index]
        lines = [f"Step {self.index + 1} of {len(self.timeline.frames)}, after activation {f.activation} (event {f.seq})."]
        lines += list(f.lines[-8:])
        lines.append("Left/Right: step; PageUp/PageDown: 10 steps; Home/End; drag the slider.")
        return lines
