"""What the window shows: a scene being edited or a saved game being replayed.

A *mode* gives the window its current board, whether the table can be edited, its panel
lines, and takes the keys it owns. Plain Python, no pyglet: the window (:mod:`.app`) asks the
mode, the mode never draws. The play mode, :class:`~landsraad.viewer.playing.PlayMode`
(driving the terminal's :class:`~landsraad.play.session.Session`), has the same members.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Protocol

from ..content import load_faction
from ..engine.state import GameState
from ..errors import LandsraadError
from ..geometry.board import Board
from ..i18n import _, localized, ngettext
from ..model import Weapon
from ..narrate import shown_label
from ..scene import Scene
from .autosave import SceneAutosave, data_folder
from .editor import Editor
from .pieces import spec_card, state_card
from .timeline import StepOverlay, Timeline, step_overlay

__all__ = ["Mode", "EditMode", "ReplayMode", "Stage", "game_cards", "game_condition", "game_names", "game_shown_names"]

Stage = Literal["setup", "play"]
"""``setup``: the table is being set up (R-TERRAIN and R-DEPLOY warnings); ``play``: mid-game (none)."""


class Mode(Protocol):
    """What the window needs from a mode."""

    editable: bool

    @property
    def board(self) -> Board: ...

    def title(self) -> str: ...

    def panel_lines(self) -> list[str]: ...

    def movement(self, model_id: str) -> float | None: ...

    def names(self) -> dict[str, str]: ...

    def shown_names(self) -> dict[str, str]: ...

    def card(self, model_id: str) -> list[str]: ...

    def active(self) -> str | None: ...

    def condition(self, model_id: str) -> tuple[str, int]: ...

    def after_change(self) -> str | None: ...

    def emergency_save(self) -> str | None: ...


def game_names(state: GameState | None) -> dict[str, str]:
    """Each model's card name in a game (labels and their legend), in the reader's language (``name_fr`` in French)."""
    return {m.id: m.profile.display_name() for m in state.models} if state is not None else {}


def game_shown_names(state: GameState | None) -> dict[str, str]:
    """Each model's own name in a game (``Soldier 2``: the narration's, whose number the label shows; ``Soldat 2`` in
    French, :func:`~landsraad.narrate.shown_label`)."""
    return {m.id: shown_label(m.name, m.profile.name, m.profile.display_name()) for m in state.models} if state is not None else {}


def game_cards(state: GameState | None, model_id: str) -> list[str]:
    """The hover card of a model in a game (empty when unknown)."""
    model = next((m for m in state.models if m.id == model_id), None) if state is not None else None
    return state_card(model) if model is not None else []


def game_condition(state: GameState | None, model_id: str) -> tuple[str, int]:
    model = next((m for m in state.models if m.id == model_id), None) if state is not None else None
    return (model.wound, model.fatigue) if model is not None else ("none", 0)


class EditMode:
    """A scene in the table editor.

    Parameters
    ----------
    scene
        The table to edit.
    source
        The file it came from (the title).
    snap
        Start with snapping to 0.5 cm on.
    stage
        ``setup`` (R-TERRAIN and R-DEPLOY warnings) or ``play`` (a mid-game table: only the
        problems that stop the file from loading).
    autosave
        Where every change is written (None: nowhere, tests of the editor alone); an older
        autosave of the same table that differs is offered on opening (:attr:`offer`).
    """

    editable = True

    def __init__(self, scene: Scene, source: str | None = None, *, snap: bool = False, stage: Stage = "setup",
                 autosave: Path | None = None) -> None:
        self.editor = Editor(scene, snap=snap)
        self.source = source
        self.stage: Stage = stage
        self.autosave = SceneAutosave(autosave, scene) if autosave is not None else None
        self.deploy_on_edge = False
        """Whether new bases go in contact with their side's deployment edge (R-DEPLOY)."""
        self.autosave_problem = ""

    @property
    def board(self) -> Board:
        return self.editor.board

    @property
    def offer(self) -> Scene | None:
        """A table from an earlier session that was never saved, waiting for Y or N."""
        return self.autosave.offer if self.autosave is not None else None

    def answer_offer(self, recover: bool) -> str:
        """Y (recover the earlier table, undoable) or N (discard it); the sentence for the panel."""
        if self.autosave is None or self.autosave.offer is None:
            return ""
        table = self.autosave.answer(recover)
        if table is None:
            return _("The earlier table was discarded.")
        self.editor.replace(table)
        return _("The earlier table is back (Ctrl+Z puts the file's back).")

    def edge_of(self, side: str) -> str:
        """The deployment edge of ``side``: the scene's, else red south, blue north, others west."""
        return self.editor.scene.edges.get(side) or {"red": "south", "blue": "north"}.get(side, "west")

    def movement(self, model_id: str) -> float | None:
        """The model's Movement from the scene, or None when the scene gives none."""
        scene = self.editor.scene
        return scene.movement(model_id) if any(m.id == model_id for m in scene.models) else None

    def names(self) -> dict[str, str]:
        """The card name of each model that names one (a profile, or a name)."""
        out = {}
        for m in self.editor.scene.models:
            profile = m.card
            card = profile.name if profile is not None else m.name
            if card:
                out[m.id] = card
        return out

    def shown_names(self) -> dict[str, str]:
        """Each model's own name, where the scene gives one."""
        return {m.id: m.name for m in self.editor.scene.models if m.name}

    def card(self, model_id: str) -> list[str]:
        """The hover card of a model of the scene."""
        scene = self.editor.scene
        spec = next((m for m in scene.models if m.id == model_id), None)
        if spec is None:
            return []
        weapons: list[Weapon] = []
        if spec.profile is not None:
            faction, _slash, type_id = spec.profile.partition("/")
            sheet = load_faction(faction)
            weapons = [sheet.weapon(w) for w in sheet.profile(type_id).weapons]
        return spec_card(spec, weapons)

    def active(self) -> str | None:
        return None

    def condition(self, model_id: str) -> tuple[str, int]:
        return ("none", 0)

    def after_change(self) -> str | None:
        """Autosave the table if it changed since the last autosave; the file written, or None.

        A folder that cannot be written is said in the panel (the window goes on)."""
        if self.autosave is None:
            return None
        try:
            written = self.autosave.write(self.editor.scene)
        except (OSError, LandsraadError) as err:  # the atomic writer says why in an OutputPathError; mkdir raises OSError
            fallback = data_folder() / self.autosave.path.name
            if self.autosave.path == fallback:
                reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
                self.autosave_problem = _("Autosave failed ({path}): {reason}").format(path=self.autosave.path, reason=reason) + (
                    "" if reason.endswith(".") else ".")
                return None
            # a folder that cannot be written (a scene shipped read-only): the user's data folder instead
            self.autosave.path = fallback
            return self.after_change()
        self.autosave_problem = ""
        return str(self.autosave.path) if written else None

    def emergency_save(self) -> str | None:
        """After an unexpected error: the table to its autosave file, whatever happens; where, or None."""
        if self.autosave is None:
            return None
        try:
            self.autosave.write(self.editor.scene, force=True)
        except (OSError, LandsraadError):
            return None
        return str(self.autosave.path)

    def saved(self) -> None:
        """The table was saved to its file (Ctrl+S): its autosave is removed."""
        if self.autosave is not None:
            self.autosave.saved(self.editor.scene)

    def title(self) -> str:
        name = self.editor.scene.name or (self.source or _("new scene"))
        return (_("{name} - table editor (mid-game table)") if self.stage == "play" else _("{name} - table editor")).format(name=name)

    def panel_lines(self) -> list[str]:
        lines: list[str] = []
        if self.offer is not None and self.autosave is not None:
            n, t = len(self.offer.models), len(self.offer.terrain)
            lines += [_("An unsaved table of {time} was found ({models}, {pieces}), kept in {file}.").format(
                time=self.autosave.offer_time, models=ngettext("{n} model", "{n} models", n).format(n=n),
                pieces=ngettext("{n} piece", "{n} pieces", t).format(n=t), file=self.autosave.previous.name),
                _("Y: recover it; N: discard it."), ""]
        setup = self.stage == "setup"
        warnings = self.editor.warnings(setup=setup)
        lines.append(_("Snap to 0.5 cm: {snap} (G); new bases on the deployment edge: {edge} (E)").format(
            snap=_("on") if self.editor.snap else _("off"), edge=_("on") if self.deploy_on_edge else _("off")))
        if warnings:
            lines.append(ngettext("{n} warning:", "{n} warnings:", len(warnings)).format(n=len(warnings)))
            lines += [f"! {w}" for w in warnings[:6]]
            if len(warnings) > 6:
                lines.append(_("! ... and {n} more").format(n=len(warnings) - 6))
        elif setup:
            lines.append(_("No warnings: the scene loads and its terrain is legal (R-TERRAIN)."))
        else:
            lines.append(_("No warnings: the scene loads (a mid-game table: set-up rules not checked)."))
        if self.autosave is not None:
            lines.append(self.autosave_problem or _("Autosaved after each change to {path}.").format(path=self.autosave.path))
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

    def overlay(self) -> StepOverlay:
        """The step's moves, shots, templates and active model (drawn on the table)."""
        frames = self.timeline.frames
        return step_overlay(frames[self.index - 1].board if self.index else None, frames[self.index])

    def names(self) -> dict[str, str]:
        return game_names(self.timeline.frames[self.index].state)

    def shown_names(self) -> dict[str, str]:
        return game_shown_names(self.timeline.frames[self.index].state)

    def card(self, model_id: str) -> list[str]:
        return game_cards(self.timeline.frames[self.index].state, model_id)

    def active(self) -> str | None:
        return self.overlay().active

    def condition(self, model_id: str) -> tuple[str, int]:
        return game_condition(self.timeline.frames[self.index].state, model_id)

    def after_change(self) -> str | None:
        return None  # a saved game is never changed by the window

    def emergency_save(self) -> str | None:
        return None  # nothing to save: the saved game is on disk, unchanged

    def title(self) -> str:
        f = self.timeline.frames[self.index]
        return _("{source} - step {step}/{steps}, activation {activation}").format(
            source=self.timeline.source, step=self.index + 1, steps=len(self.timeline.frames), activation=f.activation)

    def panel_lines(self) -> list[str]:
        f = self.timeline.frames[self.index]
        lines = [_("Step {step} of {steps}, after activation {activation} (event {event}).").format(
            step=self.index + 1, steps=len(self.timeline.frames), activation=f.activation, event=f.seq)]
        ov = self.overlay()
        if ov.active:
            lines.append(_("Active: {name} ({model}), ringed in white.").format(name=self.names().get(ov.active, ov.active), model=ov.active))
        lines += list(f.lines[-8:])
        lines += [_("Shot {shooter} -> {target}: {result}.").format(shooter=s.shooter, target=s.target, result=localized(s.result))
                  for s in ov.shots]
        lines += [(_("Blast template: {result}.") if t.kind == "blast" else _("Direct template: {result}.")).format(result=localized(t.result))
                  if t.kind in ("blast", "direct") else f"{t.kind.capitalize()} template: {t.result}." for t in ov.templates]
        lines.append(_("Left/Right: step; PageUp/PageDown: 10 steps; Home/End; drag the slider."))
        return lines
