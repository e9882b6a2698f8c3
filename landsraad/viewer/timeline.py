"""The replay timeline: a saved game as one frame per activation, each with its narration.

Plain Python, no pyglet. Frames come from the engine's own replay
(:func:`~landsraad.engine.record.replay_states`: the state after every activation) and the
captions from :func:`~landsraad.narrate.narrate`, so the viewer shows exactly what
``landsraad replay --svg-dir`` draws and prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from ..engine.record import GameRecord, events_of, load_record, replay_states
from ..geometry.board import Board
from ..narrate import narrate

__all__ = ["Frame", "Timeline", "load_timeline", "timeline_of"]


@dataclass(frozen=True)
class Frame:
    """The table after one step of the replay.

    Attributes
    ----------
    index
        Position in the timeline (0 = the first frame).
    activation
        Activations played so far (the engine's ``state.activation``).
    seq
        The sequence number of the event that closed this step.
    board
        The table then.
    lines
        The narration of the events of this step (may be empty).
    movement
        Each model's Movement (cm) from its profile card, for reach regions and moves.
    """

    index: int
    activation: int
    seq: int
    board: Board
    lines: tuple[str, ...]
    movement: Mapping[str, float] = field(default_factory=dict)

    @property
    def caption(self) -> str:
        """The step's last narrated line (the caption under the table)."""
        return self.lines[-1] if self.lines else ""


@dataclass(frozen=True)
class Timeline:
    """Every frame of a saved game, in order."""

    frames: tuple[Frame, ...]
    source: str

    def at_activation(self, n: int) -> int:
        """The index of the first frame after activation ``n`` (the last frame when the game is shorter).

        >>> t = Timeline(tuple(Frame(i, a, i, Board(), ()) for i, a in enumerate((0, 1, 2, 2, 3))), "x")
        >>> t.at_activation(2), t.at_activation(0), t.at_activation(99)
        (2, 0, 4)
        """
        for f in self.frames:
            if f.activation >= n:
                return f.index
        return len(self.frames) - 1


def timeline_of(record: GameRecord, source: str = "game") -> Timeline:
    """The timeline of a game record (replayed by the engine)."""
    events = events_of(record)
    names: dict[str, str] = {}
    frames: list[Frame] = []
    last_seq = -1
    for event, state in replay_states(record):
        for m in state.models:
            names.setdefault(m.id, m.name)
        lines = tuple(text for e in events if last_seq < e.seq <= event.seq
                      for text in (narrate(e, names),) if text)
        movement = {m.id: float(m.profile.movement) for m in state.models}
        frames.append(Frame(len(frames), int(state.activation), event.seq, state.board, lines, movement))
        last_seq = event.seq
    return Timeline(tuple(frames), source)


def load_timeline(path: str | Path) -> Timeline:
    """The timeline of a saved game file (``demo --save`` or ``simulate --log``).

    Raises
    ------
    DataError
        When the file is not a saved game, or does not replay identically.
    """
    return timeline_of(load_record(path), str(path))
