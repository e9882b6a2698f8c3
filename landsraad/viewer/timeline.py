"""The replay timeline: a saved game as one frame per activation, each with its narration.

Plain Python, no pyglet. Frames come from the engine's own replay
(:func:`~landsraad.engine.record.replay_states`: the state after every activation) and the
captions from :func:`~landsraad.narrate.narrate`, so the viewer shows exactly what
``landsraad replay --svg-dir`` draws and prints.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from shapely.geometry import LineString, Polygon

from ..engine.events import Activated, GameEvent, MarkerShot, Moved, Shot, ShotOutcome, TemplateAimed
from ..engine.record import GameRecord, events_of, load_record, replay_states
from ..engine.state import GameState
from ..geometry.board import Board, Point
from ..geometry.templates import blast_shape, direct_shape
from ..i18n import N_, joined, message
from ..narrate import ModelNames, narrate, shown_label

__all__ = ["Frame", "Timeline", "StepShot", "StepTemplate", "StepOverlay", "step_overlay", "load_timeline", "timeline_of"]


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
    state
        The game's state then (hover cards, the active model, wounds and fatigue), when known.
    events
        The events of this step (its move paths, shots and templates are drawn).
    """

    index: int
    activation: int
    seq: int
    board: Board
    lines: tuple[str, ...]
    movement: Mapping[str, float] = field(default_factory=dict)
    state: GameState | None = None
    events: tuple[GameEvent, ...] = ()

    @property
    def caption(self) -> str:
        """The step's last narrated line (the caption under the table)."""
        return self.lines[-1] if self.lines else ""


_SERIALS = itertools.count(1)


@dataclass(frozen=True)
class Timeline:
    """Every frame of a saved game, in order."""

    frames: tuple[Frame, ...]
    source: str
    serial: int = field(default_factory=lambda: next(_SERIALS), compare=False, repr=False)
    """This timeline's own number, unique in the process: what the viewer's drawing of a step is keyed
    by (a newly loaded game is a new number; an ``id()`` may be reused by a new object)."""

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
    names = ModelNames()
    frames: list[Frame] = []
    last_seq = -1
    for event, state in replay_states(record):
        for m in state.models:
            names.setdefault(m.id, shown_label(m.name, m.profile.name, m.profile.display_name()))  # Soldat 2 in French
        names.learn(state.models)  # a French caption names a weapon by its name_fr
        step = tuple(e for e in events if last_seq < e.seq <= event.seq)
        lines = tuple(text for e in step for text in (narrate(e, names),) if text)
        movement = {m.id: float(m.profile.movement) for m in state.models}
        frames.append(Frame(len(frames), int(state.activation), event.seq, state.board, lines, movement, state, step))
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


@dataclass(frozen=True)
class StepShot:
    """A shot of a step: from ``start`` (the shooter then) to ``end`` (the target, a marker), and its result."""

    shooter: str
    target: str
    start: Point
    end: Point
    hit: bool
    result: str


@dataclass(frozen=True)
class StepTemplate:
    """A template of a step: ``kind`` blast or direct, its shape on the table, what it caught."""

    kind: str
    shape: Polygon | LineString
    under: tuple[str, ...]
    result: str


@dataclass(frozen=True)
class StepOverlay:
    """What a replay step draws on the table: the active model, each move's path, each shot's
    line and result, each template."""

    active: str | None
    moves: tuple[tuple[str, tuple[Point, ...]], ...]
    shots: tuple[StepShot, ...]
    templates: tuple[StepTemplate, ...]


_HIT_WOUNDS = {"light": N_("hit: light wound"), "grave": N_("hit: grave wound"), "fatal": N_("hit: fatal wound")}


def _shot_result(shot: ShotOutcome | None) -> tuple[bool, str]:
    """Whether the shot hit, and its result in words: a deferred message (English as a ``str``, the panel's language shown)."""
    if shot is None or not shot.hit:
        return False, message("miss")
    if shot.caught:
        return True, message("hit, caught")
    if shot.shield_stopped and not shot.damage:
        return True, message("hit, stopped by the shield")
    wound = shot.wound or "none"
    if wound in ("none", "scratch"):
        return True, message("hit, no wound")
    return True, message(_HIT_WOUNDS[wound]) if wound in _HIT_WOUNDS else f"hit: {wound} wound"


def step_overlay(before: Board | None, frame: Frame) -> StepOverlay:
    """The step's move paths, shots and templates, from its events.

    ``before`` is the table at the start of the step (the previous frame's): a shot is drawn
    from where the shooter stood when it fired (its moves before the shot followed).
    """
    where: dict[str, Point] = {b.id: b.center for b in (before or frame.board).bases}
    markers = {m.id: m.center for m in frame.board.markers} | {m.id: m.center for m in (before.markers if before else ())}
    active: str | None = None
    moves: list[tuple[str, tuple[Point, ...]]] = []
    shots: list[StepShot] = []
    templates: list[StepTemplate] = []
    for e in frame.events:
        if isinstance(e, Activated) and e.model:
            active = e.model
        elif isinstance(e, Moved) and e.model:
            path = tuple(e.path)
            if len(path) >= 2:
                moves.append((e.model, path))
            if e.to is not None:
                where[e.model] = e.to
        elif isinstance(e, (Shot, MarkerShot)) and e.model and e.model in where:
            target = str((e.target if isinstance(e, Shot) else e.marker) or "")
            end = where.get(target) or markers.get(target)
            if end is None:
                continue
            if isinstance(e, Shot):
                hit, result = _shot_result(e.outcome)
            else:
                marker_shot = e.outcome
                hit = bool(marker_shot and marker_shot.hit)
                result = message("marker destroyed") if e.destroyed else message("marker not destroyed")
            shots.append(StepShot(e.model, target, where[e.model], end, hit, result))
        elif isinstance(e, TemplateAimed) and e.model and e.aim is not None:
            aim = e.aim
            under = tuple(str(u) for u in e.under or ()) + tuple(str(u) for u in e.markers or ())
            weapon = _weapon(frame, e.model, str(e.weapon or ""))
            result = message("{models} under it", models=joined(", ", under)) if under else message("nothing under it")
            if weapon is not None and weapon.template is not None and weapon.template.kind == "direct" and frame.board.has_base(e.model):
                board = frame.board.moved(e.model, where[e.model]) if e.model in where else frame.board
                templates.append(StepTemplate("direct", direct_shape(board, e.model, aim, weapon.template.size_cm), under, result))
            else:
                templates.append(StepTemplate("blast", blast_shape(aim), under, result))
    return StepOverlay(active, tuple(moves), tuple(shots), tuple(templates))


def _weapon(frame: Frame, model_id: str, weapon: str) -> Any:
    if frame.state is None:
        return None
    model = next((m for m in frame.state.models if m.id == model_id), None)
    if model is None:
        return None
    return next((w for w in model.weapons if weapon in (w.id, w.name)), None)
