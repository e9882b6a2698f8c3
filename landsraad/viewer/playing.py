"""The play mode: a game against the computer in the window.

:class:`PlayMode` has the members of the other modes (``board``, ``editable``, ``title()``,
``panel_lines()``, ``movement()``) and drives the same :class:`~landsraad.play.session.Session`
as the terminal front end: the menus, odds notes, defaults, undo and save are the session's;
the window only turns keys and clicks into its answers. Where the choices are numbers (a bid,
a neutral die to keep) the rows are lettered as at the terminal and a digit key is the value
itself (issue 38: at the Honour bid, 2 bids 2; 0 is a 10 where 10 is offered and 0 is not); a
click on a row answers that row. Plain Python, no pyglet: the window (:mod:`.app`) schedules
the computer's turns and draws.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Sequence

from ..engine import Answer, Decision, Game
from ..engine.record import record_game, save_record
from ..errors import LandsraadError
from ..geometry.board import Board
from ..i18n import _
from ..play.answers import numeric_choices
from ..play.session import Session, default_answer, format_answer, sentence
from ..play.terminal import MenuRow
from .modes import game_cards, game_condition, game_names, game_shown_names

__all__ = ["PlayMode", "Transcript"]

DEFAULT_SAVE = "landsraad-play.json"
"""Where Ctrl+S saves when the game was started without --save."""


class Transcript:
    """A session's terminal that keeps what it is told (the window shows it); it never reads."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, str]] = []

    def say(self, text: str, style: str = "") -> None:
        self.lines.append((style, text))

    def menu(self, title: str, rows: Sequence[MenuRow], side: str) -> None:
        """Menus are drawn by the window from :meth:`PlayMode.choice_rows`."""

    def table(self, title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        self.lines.append(("info", f"{title}: " + "; ".join(" ".join(r) for r in rows)))

    def read(self, prompt: str) -> str | None:
        return None


class PlayMode:
    """A game played in the window: a person answers with keys and clicks, the computer the rest.

    Parameters
    ----------
    session
        The session to drive; its terminal should be a :class:`Transcript`.
    autosave
        Where the game is written (atomically) after every answer, the person's and the
        computer's (None: nowhere); ``landsraad view --resume FILE`` goes on with it.
    """

    editable = False

    def __init__(self, session: Session, *, autosave: Path | None = None) -> None:
        self.session = session
        self.autosave = autosave
        self.autosave_problem = ""
        self._autosaved = -1  # the number of answers in the last autosave
        self.transcript: Transcript = session.terminal if isinstance(session.terminal, Transcript) else Transcript()
        session.terminal = self.transcript
        session.values_typed = True  # rows lettered where the choices are numbers, a digit key the value (as at the terminal)
        self.typed: list[str] = []
        """Digits typed for a ranked pick (choice numbers) or physical dice (0 is a 10)."""
        self.status = ""
        self._told = 0  # what the session said before the window opened (resuming...) shows too
        self.narration: list[str] = []
        session.narrate_new()
        self._collect()

    # --- the members every mode has -------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def board(self) -> Board:
        """The table now; during set-up only the models deployed so far (the state's board leaves the
        others off the table: ``ModelState.deployed``, R-DEPLOY)."""
        return self.game.state.board

    def movement(self, model_id: str) -> float | None:
        """The allowance of a pending move of this model, else its Movement; None for an unknown model."""
        d = self.game.decision
        if d is not None and d.point is not None and d.model == model_id and d.point.allowance_cm is not None:
            return float(d.point.allowance_cm)
        model = next((m for m in self.game.state.models if m.id == model_id), None)
        return float(model.profile.movement) if model is not None else None

    def names(self) -> dict[str, str]:
        """Each model's card name (labels and their legend)."""
        return game_names(self.game.state)

    def shown_names(self) -> dict[str, str]:
        """Each model's own name (``Soldier 2``)."""
        return game_shown_names(self.game.state)

    def card(self, model_id: str) -> list[str]:
        """The hover card of a model."""
        return game_cards(self.game.state, model_id)

    def active(self) -> str | None:
        """The model whose activation is under way (ringed on the table), or the model a pending
        decision is about."""
        d = self.game.decision
        return self.game.state.active or (d.model if d is not None and d.model and self.board.has_base(d.model) else None)

    def condition(self, model_id: str) -> tuple[str, int]:
        """The model's wound level and fatigue tokens (drawn on its base)."""
        return game_condition(self.game.state, model_id)

    def after_change(self, *, force: bool = False) -> str | None:
        """Autosave the game if an answer was given since the last autosave; the file written, or None.

        A folder that cannot be written is said in the panel (the game goes on)."""
        if self.autosave is None or (len(self.game.answers) == self._autosaved and not force):
            return None
        try:
            self.autosave.parent.mkdir(parents=True, exist_ok=True)
            save_record(record_game(self.game, players=dict(self.session.players)), self.autosave)
        except (OSError, LandsraadError) as err:
            self.autosave_problem = _("Autosave failed ({path}): {reason}").format(path=self.autosave, reason=sentence(err))
            return None
        self.autosave_problem = ""
        self._autosaved = len(self.game.answers)
        return str(self.autosave)

    def emergency_save(self) -> str | None:
        """After an unexpected error: the game to its autosave file; where, or None."""
        return self.after_change(force=True)

    def title(self) -> str:
        state = self.game.state
        sides = _("{red} (red) vs {blue} (blue)").format(red=state.side_state("red").faction, blue=state.side_state("blue").faction)
        d = self.game.decision
        if d is None:
            return _("{sides} - game over").format(sides=sides)
        return _("{sides} - activation {activation}, {side} to answer").format(sides=sides, activation=state.activation, side=_(d.side))

    def panel_lines(self) -> list[str]:
        """The pending decision's prompt, what was typed, the last problem or news, and the keys."""
        lines: list[str] = []
        d = self.game.decision
        if d is None:
            lines += self._result_lines()
        elif not self.session.asks_person():
            lines.append(_("The computer ({side}) is thinking...").format(side=_(d.side)))
        else:
            title, _rows = self.session.menu(d)
            lines.append(title)
            if d.ranked is not None or d.kind == "dice":
                lines.append(_("Typed: {keys}").format(keys=" ".join(self.typed) or _("(nothing)")))
            keys = self._keys(d)
            if keys:
                lines.append(keys)
        if self.status:
            lines += ["", self.status]
        active = self.active()
        if active is not None:
            lines += ["", _("Active: {name} ({model}), ringed in white.").format(name=self.names().get(active, active), model=active)]
        lines += ["", _("U: undo your last answer; Ctrl+S: save.")]
        if self.autosave is not None:
            lines.append(self.autosave_problem or _("Autosaved after each answer to {path} (--resume it).").format(path=self.autosave))
        return lines

    def choice_rows(self) -> list[str]:
        """The choices of the person's pending decision, odds notes included (panel rows): numbered, or lettered
        where the choices are numbers (``a. 0``, ``b. 1``: a digit key is the value)."""
        d = self.game.decision
        if d is None or not self.session.asks_person() or d.point is not None or d.kind == "dice":
            return []
        _title, rows = self.session.menu(d)
        return [f"{k}. {label}" + (f"  - {note}" if note else "") for k, label, note in rows]

    def caption(self) -> str:
        """The narration of the last events (under the table)."""
        return " ".join(self.narration[-2:])

    # --- what the window asks of it -------------------------------------------------------------

    def computer_pending(self) -> bool:
        """Whether the computer answers the pending decision."""
        return not self.game.over and not self.session.asks_person()

    def computer_step(self) -> None:
        """The computer answers the pending decision (its player, or the program's dice)."""
        if self.computer_pending():
            self.session.computer_turn()
            self._collect()

    def reach_model(self) -> str | None:
        """The model a pending point decision moves with an allowance (its reach region is shown)."""
        d = self.game.decision
        if d is None or d.point is None or d.model is None or d.point.allowance_cm is None or not self.session.asks_person():
            return None
        return d.model if self.board.has_base(d.model) else None

    def wants_point(self) -> bool:
        """Whether the person's pending decision is a point on the table."""
        d = self.game.decision
        return d is not None and d.point is not None and self.session.asks_person()

    def click(self, point: tuple[float, float]) -> bool:
        """Answer a pending point decision with ``point``; false (the reason in the status) when illegal."""
        if not self.wants_point():
            return False
        return self._do(lambda: self.session.give((float(point[0]), float(point[1]))))

    def choose(self, number: int) -> bool:
        """A digit key: the value itself where the choices are numbers, else choice ``number`` (1 is the first),
        answered or typed into a ranked pick; a die's value for physical dice."""
        d = self.game.decision
        if d is None or not self.session.asks_person():
            return False
        if d.point is None and d.ranked is None and numeric_choices(d):
            value = number if number in d.choices or number != 0 else 10
            if value not in d.choices:
                self.status = f"{value} is not one of the values offered ({', '.join(map(str, d.choices))})."
                return False
            return self._do(lambda: self.session.give(value))
        return self.choose_row(number)

    def choose_row(self, number: int) -> bool:
        """A click on row ``number`` of the panel (1 is the first): that choice, or typed into a ranked pick."""
        d = self.game.decision
        if d is None or not self.session.asks_person():
            return False
        if d.ranked is not None:
            if 1 <= number <= len(d.choices):
                self.typed.append(str(number))
            return True
        if d.kind == "dice":
            self.typed.append(str(number % 10 or 10))
            return True
        if d.point is not None or not 1 <= number <= len(d.choices):
            return False
        return self._do(lambda: self.session.give(d.choices[number - 1]))

    def backspace(self) -> None:
        if self.typed:
            self.typed.pop()

    def enter(self) -> bool:
        """Enter: a ranked pick or dice as typed (nothing typed: the default, or a roll); skip; the default."""
        d = self.game.decision
        if d is None or not self.session.asks_person():
            return False
        if d.ranked is not None or d.kind == "dice":
            line = (" " if d.kind == "dice" else ",").join(self.typed)
            return self._do(lambda: self.session.submit(line, self._default(d)))
        if d.optional:
            return self.skip()
        return self._do(lambda: self.session.give(self._default(d)))

    def skip(self) -> bool:
        """Pass on an optional decision."""
        d = self.game.decision
        if d is None or not self.session.asks_person():
            return False
        if not d.optional:
            self.status = "This decision cannot be skipped."
            return False
        return self._do(lambda: self.session.give(None))

    def undo(self) -> bool:
        """Take back the person's last answer and the computer's since."""
        done = self.session.undo()
        self.typed = []
        self._collect()
        self.narration = []
        return done

    def save(self) -> str | None:
        """Save the game (atomically) to the session's save file, or landsraad-play.json."""
        saved = self.session.save(self.session.save_path or DEFAULT_SAVE)
        self._collect()
        return saved

    # --- helpers ------------------------------------------------------------------------------------

    def _default(self, d: Decision) -> Answer:
        return default_answer(d, self.game, self.session.advisor_of(d.side)) if d.kind != "dice" else None

    def _keys(self, d: Decision) -> str:
        if d.kind == "dice":
            return _("Type each die (0 is a 10), then Enter; Enter alone lets the program roll; Backspace.")
        if d.point is not None:
            return _("Click the table to answer (S skips).") if d.optional else _("Click the table to answer.")
        if d.ranked is not None:
            return _("Type the numbers in order ({low} to {high}), then Enter; Backspace; Enter alone: the default.").format(
                low=d.ranked[0], high=d.ranked[1])
        default = self._default(d)
        enter = _("skip") if d.optional else format_answer(default, d, self.game)
        if numeric_choices(d):
            ten = _(" (0 is a 10)") if 10 in d.choices and 0 not in d.choices else ""
            text = _("Press the value{ten} or click a row; Enter: {enter}, S: skip.") if d.optional else _(
                "Press the value{ten} or click a row; Enter: {enter}.")
            return text.format(ten=ten, enter=enter)
        text = _("Press 1-9 or click a choice; Enter: {enter}, S: skip.") if d.optional else _("Press 1-9 or click a choice; Enter: {enter}.")
        return text.format(enter=enter)

    def _do(self, action: Callable[[], object]) -> bool:
        try:
            action()
        except LandsraadError as err:
            self.status = sentence(err)
            return False
        self.typed = []
        self.status = ""
        self._collect()
        return True

    def _collect(self) -> None:
        """Narrate new events and take the session's messages: events to the caption, the rest to the status."""
        self.session.narrate_new()
        for style, text in self.transcript.lines[self._told:]:
            if style == "event":
                self.narration.append(text)
            elif style in ("info", "problem"):
                self.status = text
        self._told = len(self.transcript.lines)

    def _result_lines(self) -> list[str]:
        r = self.game.result
        if r is None:
            return [_("The game is over.")]
        lines = [_("The game is over: a draw.") if r.winner == "draw" else _("The game is over: {winner} wins.").format(winner=_(r.winner))]
        lines += [_("{side}: {vp} VP").format(side=_(side), vp=r.vp[side]) for side in ("red", "blue")]
        return lines
