"""A person playing: the loop that asks the engine's decisions at a terminal.

A :class:`Session` drives a :class:`~landsraad.engine.Game`: decisions of a human side are
shown as a short numbered menu with a default in brackets (what the heuristic player would
answer; an empty line takes it) and read with :mod:`landsraad.play.answers`; the computer's
decisions go to its player; physical dice are asked of a person (an empty line lets the
program roll). What happens is narrated as it happens, naming models as the pictures do.

Bad input never ends a session: every problem is one sentence and the prompt again. Commands
at any prompt: ``help``/``?``, ``undo`` (takes back your last answer and the computer's since),
``map [FILE]`` (the table as SVG, wounds and fatigue on the bases), ``log [N]`` (the last events), ``save [FILE]``, ``quit``;
in French too (``aide``, ``annuler``, ``carte``, ``journal``, ``sauver``, ``quitter``...), whatever the language shown.
Everything said goes through :mod:`landsraad.i18n` (``--lang fr``: the rulebook's words, French
decimals); the engine's prompts are shown in that language by :func:`~.prompts.prompt_text`.
At the end of input the game is saved to the session's save file (if any) and the session
ends normally.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from ..engine import Answer, Decision, Game, Player
from ..engine.decisions import names_of, point_of
from ..engine.record import GameRecord, record_game, restore_opening, save_record
from ..errors import DataError, DecisionError, LandsraadError, Problem, UnknownNameError
from ..fileio import atomic_write_text, check_output_path
from ..i18n import N_, SOURCE_LANGUAGE, _, decimal, language, localized, ngettext, number
from ..i18n import side_name as i18n_side_name
from ..missions import load_missions
from ..narrate import label_of, model_names, narrate, shown_label
from ..players import make_player
from ..search import SearchPlayer
from .answers import choice_label, describe_expected, parse_answer, parse_command, row_key
from .cards import find_mission, mission_card_text, mission_line, unknown_mission
from .hints import EXPLAIN_WORDS, HINT_PLAYER, not_searched_line, option_notes, search_hint
from .maps import play_map
from .matrix import disengage_note, matrix_title, stance_notes
from .prompts import prompt_text
from .status import recap, status_report, status_text
from .terminal import MenuRow, PlainTerminal, RichTerminal, Terminal

DRILL_DECISIVE = frozenset({"activate", "action", "stance", "target", "lower_neutral"})
"""The decisions a drill asks with no default: which model, what it does, the stance, the target, the die kept."""

__all__ = ["DRILL_DECISIVE", "Session", "SessionEnd", "HELP", "default_answer", "format_answer", "resume", "advisor", "sentence",
           "side_name"]

HELP = N_("Answer with the number of a choice or its name; an empty line takes the default [in brackets].\n"
          "Where the choices are numbers (bids, dice to keep, distances) type the value itself: 2 bids 2.\n"
          "At \"Which model\", Enter takes the suggested activation whole; typing a model asks its action\n"
          "(add +spice to take a dose, after or stay for the free move: move +spice after).\n"
          "Points: x,y in cm (south-west corner 0,0), contact NAME (into base contact by the shortest legal\n"
          "path; it goes as far as it can when the move is short), toward NAME CM. Deploy: x alone touches\n"
          "your edge. Dice: the dice you rolled, such as 7 3 5 (an empty line lets the program roll).\n"
          "'skip' passes where a decision may be skipped.\n"
          "Commands: help or ? (this), status (the clock, your VP so far, the models), hint (the computer's\n"
          "suggestion and why; hint --explain or hint why adds the search's candidates in your place, with\n"
          "their expected VP and rollouts), mission [NAME] (a mission card), undo (take back your last answer\n"
          "and the computer's since), map [FILE] (the table as SVG), log [N] (the last events), ask (ask\n"
          "weapon questions again), save [FILE], quit.")
"""What ``help`` prints (in the active language: ``_(HELP)``)."""

_LOG_LINES = 10
_WHY = {
    "activate": N_("the model with the most to gain now (its mission, a shot, a melee), by the heuristic's estimate"),
    "action": N_("the action the heuristic values most for this model's missions and safety"),
    "stance": N_("the stance with the better expected result in the matrix above"),
    "lower_neutral": N_("the value that best balances your blow against the enemy's"),
    "bid": N_("Honour is worth more later than this step, by the heuristic's estimate"),
    "pick_missions": N_("the missions this warband is likeliest to succeed at, highest stakes first"),
    "deploy": N_("near the models it will work with, out of the enemy's easy sight"),
    "free_move": N_("closer to its goal without ending in the open"),
    "move": N_("closer to its goal without ending in the open"),
}
"""A one-line why for the heuristic's suggestion, by decision kind, where the odds give none."""
_SPICE_WORDS = ("+spice", "spice", "+épice", "épice", "+epice", "epice")
"""Words that add a dose of spice to the declared action (``move +spice``, ``déplacement +épice``)."""
_REMEMBERED = ("laser_mode", "weapon")
"""Weapon questions answered once per model, then again the same way (issue 38)."""
_TIMING = {"after": "after", "then": "after", "later": "after", "après": "after", "stay": "stay", "nomove": "stay",
           "before": "before", "first": "before", "avant": "before", "apres": "after", "ensuite": "after", "puis": "after",
           "rester": "stay", "reste": "stay", "immobile": "stay", "d'abord": "before", "dabord": "before"}
"""Words giving the free move's timing with the declared action (``shoot laser after``) or at its question."""


@dataclass
class SessionEnd:
    """How a session ended: ``over`` (the game or drill ended), ``eof`` (end of input) or ``quit``."""

    how: str
    saved_to: str | None = None


def default_answer(decision: Decision, game: Game, advisor: Player) -> Answer:
    """The default offered at a prompt: what ``advisor`` (a heuristic player) would answer.

    ``None`` means "skip" for optional decisions; when the advisor has no legal answer, the
    first legal choice.
    """
    try:
        answer = advisor.decide(decision, game.view(decision.side))
        decision.check(answer)
        return answer
    except (LandsraadError, IndexError, ValueError):
        if decision.optional:
            return None
        return decision.choices[0] if decision.choices else None


def advisor(seed: int, side: str) -> Player:
    """The heuristic player that offers ``side``'s defaults in a session seeded ``seed``."""
    return make_player("heuristic", seed * 7919 + (1 if side == "red" else 2))


def format_answer(answer: Answer, decision: Decision, game: Game) -> str:
    """An answer as the menu would show it."""
    if answer is None:
        return _("skip")
    if decision.point is not None:
        x, y = point_of(answer)
        if language() == "en":
            return f"{x:.1f},{y:.1f}"
        return f"{number(x, 1)} ; {number(y, 1)}"  # 12,5 ; 30,0 reads back as typed
    if decision.ranked is not None:
        return ",".join(str(decision.choices.index(a) + 1) for a in names_of(answer) if a in decision.choices)
    return choice_label(answer, game.state)


@dataclass(frozen=True)
class _Stop:
    """Why a prompt stopped before an answer: ``end`` is the session's end, or None to ask the pending decision."""

    end: SessionEnd | None


@dataclass
class Session:
    """One game played at a terminal.

    Parameters
    ----------
    game
        The game to drive (new, resumed or a drill's).
    terminal
        Where to read and write (:mod:`landsraad.play.terminal`).
    humans
        The sides a person plays (one or both).
    opponents
        The computer player of each other side.
    seed
        Seeds the heuristic players that offer the defaults.
    save_path
        Where ``save`` and the end of input save the game (atomically).
    players
        Who plays each side, kept in the saved game (``human``, ``heuristic``...).
    stop
        Ends the session early when it returns true at an activation boundary (drills).
    ask_computer_dice
        With physical dice, also ask a person for the computer's rolls (an empty line rolls).
    """

    game: Game
    terminal: Terminal
    humans: frozenset[str]
    opponents: Mapping[str, Player]
    seed: int = 0
    save_path: str | None = None
    players: Mapping[str, str] = field(default_factory=dict)
    stop: Callable[[Game], bool] | None = None
    ask_computer_dice: bool = True
    map_path: str = "landsraad-play.svg"
    printed: int = 0
    marks: list[int] = field(default_factory=list)
    advisors: dict[str, Player] = field(default_factory=dict)
    """The heuristic player behind each human side's defaults (one per side, so it keeps its plans)."""
    human_decisions: list[tuple[Game, Answer]] = field(default_factory=list)
    """Each human decision: the game just before it (a clone) and the answer given (for drill feedback)."""
    questions: int = 0
    """How many questions the person was asked (kept in the saved game as ``players.questions``)."""
    plan_model: str | None = None
    """The model whose suggested activation the person took with Enter: its free move after is the advisor's too."""
    timing: dict[str, str] = field(default_factory=dict)
    """Model id -> ``after`` or ``stay``: the free move's timing given with the declared action."""
    decisive: frozenset[str] = frozenset()
    """Decision kinds asked with no default (a drill's decisions that matter): Enter alone does not answer them."""
    values_typed: bool | None = None
    """Where the choices are numbers, whether a number typed is the value (rows lettered) or the row's
    number; by default the value at this package's terminals, the row elsewhere (a window numbering its rows)."""
    remembered: dict[tuple[str, str], Answer] = field(default_factory=dict)
    """(decision kind, model id) -> the last answer to a weapon question, given again without asking."""

    def __post_init__(self) -> None:
        if self.values_typed is None:
            self.values_typed = isinstance(self.terminal, (PlainTerminal, RichTerminal))

    # --- the loop -----------------------------------------------------------------------------------

    def run(self) -> SessionEnd:
        """Play until the game (or the drill) ends, the input ends, or the person quits."""
        self.printed = min(self.printed, len(self.game.log))
        while True:
            self.narrate_new()
            if self.game.over or (self.stop is not None and self.stop(self.game)):
                return SessionEnd("over")
            d = self.pending()
            asks_person = d.side in self.humans or (d.kind == "dice" and self.ask_computer_dice)
            if not asks_person:
                self.computer_turn()
                continue
            end = self._ask(d)
            if end is not None:
                return end

    def asks_person(self) -> bool:
        """Whether the pending decision is a person's (a human side's, or physical dice asked of a person)."""
        d = self.game.decision
        return d is not None and (d.side in self.humans or (d.kind == "dice" and self.ask_computer_dice))

    def pending(self) -> Decision:
        """The pending decision.

        Raises
        ------
        DecisionError
            The game is over: there is no decision to answer.
        """
        d = self.game.decision
        if d is None:
            raise DecisionError(_("The game is over; there is no decision to answer."))
        return d

    def computer_turn(self) -> None:
        """Answer the pending decision by its computer player (or roll the pending dice).

        Raises
        ------
        DecisionError
            The game is over.
        """
        d = self.pending()
        if d.kind == "dice":
            self.game.roll_pending()
            return
        player = self.opponents[d.side]
        topic = player.long_think(d) if isinstance(player, SearchPlayer) else None
        if topic:
            self.terminal.say(_("The computer ({side}) is thinking over {topic}...").format(side=side_name(d.side), topic=topic), "info")
        self.game.answer(player.decide(d, self.game.view(d.side)))

    def narrate_new(self) -> None:
        """Say what happened since the last call, one line per event worth telling."""
        names = self.names()
        for event in self.game.log[self.printed:]:
            # A lone player sees their own secrets (mission picks, bids); a hot seat shows none.
            mine = len(self.humans) == 1 and event.side in self.humans
            line = narrate(event, names, reveal_secrets=mine)
            if line:
                self.terminal.say(line, "event")
        self.printed = len(self.game.log)

    def names(self) -> dict[str, str]:
        """Model id -> label, as menus and pictures show them."""
        return model_names(self.game.state, self.game.setup.scene)

    # --- one human prompt ------------------------------------------------------------------------------

    def automatic(self, d: Decision) -> tuple[Answer, str] | None:
        """``(answer, what to say)`` when the pending decision needs no question, else ``None``.

        No question is asked when there is one legal answer, for a weapon question answered the
        same way before for the same model (``ask`` at any prompt forgets), for the free move's
        timing given with the declared action, and for the rest of a suggested activation taken
        with Enter (its free move after).
        """
        if d.kind == "dice":
            return None
        label = _("{who}: ").format(who=label_of(self.game.state.model(d.model))) if d.model and _has_model(
            self.game, d.model) else ""
        if d.choices and not d.optional and d.ranked is None and len(d.choices) == 1 and d.point is None:
            return d.choices[0], _("{label}{choice} (the only choice).").format(label=label, choice=choice_label(d.choices[0], self.game.state))
        key = (d.kind, d.model or "")
        if d.kind in _REMEMBERED and key in self.remembered and self.remembered[key] in d.choices:
            answer = self.remembered[key]
            return answer, _("{label}{choice}, as last time (type ask at a prompt to be asked again).").format(
                label=label, choice=choice_label(answer, self.game.state))
        if d.kind == "free_move" and d.model is not None:
            when = d.info.get("when")
            timing = self.timing.get(d.model)
            if when == "before" and timing in ("after", "stay") and not d.info.get("needed"):
                return None, "" if timing == "after" else _("{label}no free move.").format(label=label)
            if when == "after" and timing == "stay":
                return None, ""
            if d.model == self.plan_model:
                answer = default_answer(d, self.game, self.advisor_of(d.side))
                if answer is None:
                    return None, _("{label}no free move {when} the action (as suggested).").format(label=label, when=_when(d))
                return answer, _("{label}free move {when} the action, as suggested.").format(label=label, when=_when(d))
        return None

    def _ask(self, d: Decision) -> SessionEnd | None:
        game = self.game
        if d.kind == "activate":
            self.plan_model = None
            self.timing.clear()
        auto = self.automatic(d)
        if auto is not None:
            answer, said = auto
            if said:
                self.terminal.say(said, "info")
            game.answer(answer)
            return None
        if d.kind in self.decisive and d.side in self.humans:
            return self._ask_line(d, None, shown=_("choose; hint for a suggestion"), decisive=True)
        if d.kind == "activate" and d.side in self.humans:
            return self._ask_activation(d)
        if d.kind == "spice":
            folded = self._fold_spice(d)
            if folded is not False:
                return folded  # type: ignore[return-value]
        default = None if d.kind == "dice" else default_answer(d, game, self.advisor_of(d.side))
        return self._ask_line(d, default)

    def _ask_line(self, d: Decision, default: Answer, *, title_extra: str = "", shown: str | None = None,
                  answer_line: Callable[[str], None] | None = None, decisive: bool = False) -> SessionEnd | None:
        game = self.game
        title, rows = self.menu(d)
        self.terminal.menu(title + title_extra, rows, d.side)
        if d.kind != "dice":
            self.questions += 1
        if shown is None:
            shown = _("roll") if d.kind == "dice" else format_answer(default, d, game)
        note = _("This decision is yours to make in the drill: type your choice (hint shows the computer's).") if decisive else None
        while True:
            line = self._next_line(d, shown, note)
            if isinstance(line, _Stop):
                return line.end
            try:
                if answer_line is not None:
                    answer_line(line)
                else:
                    self.submit(self._timed(line, d), default)
            except LandsraadError as err:  # InputProblem or the engine's DecisionError: one sentence, ask again
                self.terminal.say(refusal(err, d), "problem")
                continue
            if d.kind in _REMEMBERED and d.model:
                self.remembered[(d.kind, d.model)] = self.game.answers[-1] if self.game.answers else None
            return None

    def _next_line(self, d: Decision, shown: str, decisive_note: str | None) -> str | _Stop:
        """The next line the person types at ``d`` to try as its answer.

        Commands (``status``, ``undo``, ``hint`` ...) are carried out here and the prompt comes
        again; the end of input, a command that ends the session, or an undo that leaves another
        decision pending is a :class:`_Stop`. With ``decisive_note`` (a drill's decisive question)
        a bare Enter is refused with that note.
        """
        while True:
            line = self.terminal.read(f"{side_name(d.side)} [{shown}]> ")
            if line is None:
                return _Stop(self._end_of_input())
            command = parse_command(line)
            if command is not None:
                end = self._command(*command, decision=d)
                if end is not None:
                    return _Stop(end)
                if self.game.decision is not d:  # undone: show the decision now pending
                    return _Stop(None)
                continue
            if decisive_note is not None and not line.strip():
                self.terminal.say(decisive_note, "problem")
                continue
            return line

    def _timed(self, line: str, d: Decision) -> str:
        """``line`` without a free-move timing word (``after``, ``stay``), which is kept for the free move's question."""
        words = line.split()
        if d.kind == "action" and d.model and len(words) > 1 and words[-1].lower() in _TIMING:
            self.timing[d.model] = _TIMING[words[-1].lower()]
            return " ".join(words[:-1])
        if d.kind == "free_move" and d.model and d.info.get("when") == "before" and line.strip().lower() in _TIMING:
            timing = _TIMING[line.strip().lower()]
            self.timing[d.model] = timing
            return "skip" if timing != "before" else line
        return line

    def _ask_activation(self, d: Decision) -> SessionEnd | None:
        """The activation question: Enter takes the suggested activation whole (model, spice, action, free move)."""
        game, adv = self.game, self.advisor_of(d.side)
        model = default_answer(d, game, adv)
        plan: list[Answer] = [model]
        trial = game.clone()
        trial.answer(model)
        summary: list[str] = []
        while trial.decision is not None and trial.decision.side == d.side and trial.decision.kind in ("spice", "action", "free_move"):
            td = trial.decision
            if td.kind == "free_move" and td.info.get("when") != "before":
                break
            answer = default_answer(td, trial, adv)
            plan.append(answer)
            summary.append({"spice": _("+spice") if answer == "consume" else "",
                            "action": _("declares {action}").format(action=format_answer(answer, td, trial)),
                            "free_move": _("free move after") if answer is None else _("free move first, to {point}").format(
                                point=format_answer(answer, td, trial))}[td.kind])
            trial.answer(answer)
            if td.kind == "free_move":
                break
        name = format_answer(model, d, game)
        summary = [part for part in summary if part]
        shown = _("{who}: ").format(who=name) + ", ".join(summary) if summary and model != "pass" else name

        def answer_line(line: str) -> None:
            if line.strip():
                self.submit(line)
                return
            mark = len(game.answers)
            before = game.clone()
            for answer in plan:
                if game.decision is None or game.decision.side != d.side:
                    break
                game.answer(answer)
            self.marks.append(mark)
            self.human_decisions.append((before, model))
            self.plan_model = model if isinstance(model, str) and model != "pass" else None

        return self._ask_line(d, model, title_extra=_(" (Enter takes the suggested activation whole)"), shown=shown,
                              answer_line=answer_line)

    def _fold_spice(self, d: Decision) -> SessionEnd | None | bool:
        """The spice question folded into the action's: ``ACTION +spice`` consumes a dose first.

        ``False`` when the two cannot be asked as one (what follows keeping is not the action question).
        """
        game = self.game
        adv = self.advisor_of(d.side)
        spice_default = default_answer(d, game, adv)
        trial = game.clone()
        trial.answer(spice_default)
        action = trial.decision
        if action is None or action.kind != "action" or d.model is None or action.model != d.model:
            return False
        action_default = default_answer(action, trial, adv)
        doses = game.state.model(d.model).spice_doses
        title, rows = self._menu_of(action, trial)
        title = title if title.endswith((".", "?")) else title + "."
        self.terminal.menu(title + _(" Add +spice to consume a dose first ({doses} left); add after or stay for the free move.").format(
            doses=doses), rows, d.side)
        self.questions += 1
        shown = format_answer(action_default, action, trial) + (" " + _("+spice") if spice_default == "consume" else "")
        if "action" in self.decisive:
            shown = _("choose; hint for a suggestion")
        note = (_("This decision is yours to make in the drill: type your action (hint shows the computer's).")
                if "action" in self.decisive else None)
        while True:
            line = self._next_line(d, shown, note)
            if isinstance(line, _Stop):
                return line.end
            words = line.split()
            spice = any(w.lower() in _SPICE_WORDS for w in words)
            rest = " ".join(w for w in words if w.lower() not in _SPICE_WORDS)
            try:
                mark = len(game.answers)
                before = game.clone()
                if not line.strip():
                    game.answer(spice_default)
                    game.answer(action_default)
                else:
                    dose = "consume" if spice else "keep"
                    after = game.clone()
                    after.answer(dose)
                    if after.decision is None or after.decision.kind != "action":
                        game.answer(dose)
                    else:
                        answer = parse_answer(self._timed(rest, after.decision), after.decision, after.state) if rest else default_answer(
                            after.decision, after, adv)
                        after.decision.check(answer)
                        game.answer(dose)
                        game.answer(answer)
            except LandsraadError as err:
                while len(game.answers) > mark:
                    game.undo()
                self.terminal.say(sentence(err), "problem")
                continue
            self.marks.append(mark)
            self.human_decisions.append((before, game.answers[mark]))
            return None

    def submit(self, line: str, default: Answer = None) -> None:
        """Answer the pending decision with a typed line (see :mod:`.answers`), as the person's own.

        An empty line takes ``default``, or lets the program roll pending dice. The answer
        can be taken back with :meth:`undo`.

        Raises
        ------
        LandsraadError
            :class:`~landsraad.play.answers.InputProblem` or the engine's ``DecisionError``
            (one sentence); the game is unchanged.
        """
        d, game = self.pending(), self.game
        if not line.strip() and d.kind == "dice":
            mark = len(game.answers)
            dice = game.roll_pending()
            self.terminal.say(_("The program rolls: {dice}.").format(dice=" ".join(map(str, dice))), "info")
            self.marks.append(mark)
            return
        notes: list[str] = []
        self.give(default if not line.strip() else parse_answer(line, d, game.state, notes, values=bool(self.values_typed)))
        for note in notes:
            self.terminal.say(note, "info")

    def give(self, answer: Answer) -> None:
        """Answer the pending decision with ``answer``, as the person's own (undoable with :meth:`undo`).

        Raises
        ------
        LandsraadError
            The engine's ``DecisionError`` when the answer does not fit or the game is over; the game is unchanged.
        """
        d, game = self.pending(), self.game
        before = game.clone() if d.kind != "dice" else None
        mark = len(game.answers)
        game.answer(answer)
        self.marks.append(mark)
        if before is not None:
            self.human_decisions.append((before, answer))

    def advisor_of(self, side: str) -> Player:
        """The heuristic player behind ``side``'s defaults (made on first use)."""
        if side not in self.advisors:
            self.advisors[side] = advisor(self.seed, side)
        return self.advisors[side]

    def _show(self, d: Decision, default: Answer) -> None:
        title, rows = self.menu(d)
        self.terminal.menu(title, rows, d.side)

    def menu(self, d: Decision) -> tuple[str, list[MenuRow]]:
        """A decision as a menu: its title (side, model, prompt, what to type) and numbered rows with odds notes."""
        return self._menu_of(d, self.game)

    def _menu_of(self, d: Decision, game: Game) -> tuple[str, list[MenuRow]]:
        who = _("{who}: ").format(who=label_of(game.state.model(d.model))) if d.model and _has_model(game, d.model) else ""
        # a model the list did not name reads by its card's name in the reader's language (Soldat 2), as in the story
        shown = {m.name: shown_label(m.name, m.profile.name, m.profile.display_name()) for m in game.state.models}
        title = f"{side_name(d.side)} - {who}{prompt_text(d.prompt, shown)}".replace("?.", "?").replace("..", ".")
        if d.secret and len(self.humans) == 2:
            title += _(" (secret: only {side} looks)").format(side=side_name(d.side))
        rows: list[MenuRow] = []
        if d.kind == "dice":
            title += _(" Type the dice you rolled, or press Enter to let the program roll.")
        elif d.point is not None:
            said = d.point.allowance_cm is not None and f"up to {d.point.allowance_cm:g} cm" in d.prompt
            allowance = (_("up to {allowance} cm; ").format(allowance=decimal(f"{d.point.allowance_cm:g}"))
                         if d.point.allowance_cm is not None and not said else "")
            forms = _("x,y, contact NAME, toward NAME CM") if d.model else _("x,y")
            skip = _(", or skip") if d.optional else ""
            title += f" ({allowance}{forms}{skip})"
        else:
            notes = option_notes(d, game.state)
            if d.kind == "stance":
                notes = stance_notes(d, game.state)
                if notes:
                    title += matrix_title()
            if d.kind == "action" and "disengage" in d.choices:
                notes = {**notes, "disengage": disengage_note(game.state, d.model)} if d.model else notes
            if d.kind == "pick_missions":
                cards = load_missions()
                notes = {c: mission_line(cards[c], 70) for c in d.choices if c in cards}
            rows = [(row_key(i, d, bool(self.values_typed)), choice_label(c, game.state), notes.get(c, "")) for i, c in enumerate(d.choices)]
            if d.ranked is not None:
                title += _(" (numbers in order, such as 2,1; {low} to {high})").format(low=d.ranked[0], high=d.ranked[1])
            elif d.optional:
                title += _(" (or skip)")
        return title, rows

    # --- commands ------------------------------------------------------------------------------------

    def _command(self, name: str, arg: str, *, decision: Decision) -> SessionEnd | None:
        if name == "help":
            self.terminal.say(_(HELP), "info")
            self.terminal.say(describe_expected(decision), "info")
        elif name == "undo":
            self.undo()
        elif name == "status":
            self.status(decision.side)
        elif name == "mission":
            self._mission(arg)
        elif name == "hint":
            self._hint(decision)
            if arg.strip().lower() in EXPLAIN_WORDS:
                self._explain_hint(decision)
        elif name == "ask":
            self.remembered.clear()
            self.terminal.say(_("Weapon questions will be asked again."), "info")
        elif name == "map":
            self._map(arg or self.map_path)
        elif name == "log":
            self._log(arg)
        elif name == "save":
            self.save(arg or self.save_path)
        elif name == "quit":
            saved = self.save(self.save_path) if self.save_path else None
            self.terminal.say(_("You leave the game.") + ("" if saved else _(" It was not saved.")), "info")
            return SessionEnd("quit", saved)
        return None

    def undo(self) -> bool:
        """Take back the person's last answer and the computer's since; false when there is none."""
        if not self.marks:
            self.terminal.say(_("There is nothing of yours to take back yet."), "problem")
            return False
        mark = self.marks.pop()
        taken = len(self.game.answers) - mark
        while len(self.game.answers) > mark:
            self.game.undo()
        while self.human_decisions and len(self.human_decisions[-1][0].answers) >= mark:
            self.human_decisions.pop()
        self.printed = min(self.printed, len(self.game.log))
        self.terminal.say(_("Taken back: your last answer and {count} answer(s) since. Before it:").format(count=taken - 1), "info")
        self.say_recap()
        return True

    def say_recap(self, count: int = 4) -> None:
        """The last few events, for ``--resume`` and ``undo``."""
        side = next(iter(self.humans)) if len(self.humans) == 1 else None
        lines = recap(self.game.log, self.game.state, count, side=side)
        for line in lines:
            self.terminal.say("  " + line, "event")
        if not lines:
            self.terminal.say("  " + _("Nothing has happened yet."), "info")

    def status(self, side: str) -> None:
        """Print ``side``'s view of the game: clock, provisional VP, models (:func:`~.status.status_report`)."""
        report = status_report(self.game.view(side), side)
        for line in status_text(report, side):
            self.terminal.say(line, "event" if line.startswith("  ") else "info")

    def _mission(self, name: str) -> None:
        if not name.strip():
            cards = load_missions()
            for card in cards.values():
                self.terminal.say(f"{card.name if language() == 'en' else card.rulebook_name} ({card.id}): {mission_line(card)}", "info")
            return
        try:
            card = find_mission(name)
        except UnknownNameError as err:
            self.terminal.say(unknown_mission(err), "problem")
            return
        self.terminal.say(mission_card_text(card), "info")

    def _hint(self, d: Decision) -> None:
        if d.kind == "dice":
            self.terminal.say(_("Roll your dice and type them, or press Enter to let the program roll."), "info")
            return
        answer = default_answer(d, self.game, self.advisor_of(d.side))
        shown = format_answer(answer, d, self.game)
        notes = option_notes(d, self.game.state) if d.choices else {}
        why = notes.get(answer, "") if d.ranked is None and answer is not None else ""
        if not why:
            why = _(_WHY[d.kind]) if d.kind in _WHY else _("the heuristic player's choice in your place")
        self.terminal.say(_("Hint: {answer} - {why}.").format(answer=shown, why=why), "info")

    def _explain_hint(self, d: Decision) -> None:
        """``hint --explain``: the search's candidates in the person's place (issue 45), from their side's view only."""
        if d.kind == "dice":
            return
        found = search_hint(d, self.game.view(d.side), seed=self.seed * 7919 + len(self.game.answers))
        for line in found.lines:
            self.terminal.say(_("Search ({player}): {line}").format(player=HINT_PLAYER, line=line), "info")
        if not found.lines:
            self.terminal.say(not_searched_line(), "info")

    def _map(self, path: str) -> None:
        try:
            target = check_output_path(path, what="map")
            activations = self.game.state.activation
            atomic_write_text(target, play_map(self.game.state, title=ngettext("After {n} activation(s)", "After {n} activation(s)",
                                                                               activations).format(n=activations)))
        except (LandsraadError, OSError) as err:  # on standard error: the picture was not written
            self.terminal.say(sentence(err), "error")
            return
        self.terminal.say(_("The table is drawn in {path}.").format(path=path), "info")

    def _log(self, arg: str) -> None:
        count = int(arg) if arg.strip().isdigit() else _LOG_LINES
        names = self.names()
        lines = [t for t in (narrate(e, names) for e in self.game.log) if t]
        for line in lines[-count:] if count else []:
            self.terminal.say(line, "event")
        if not lines:
            self.terminal.say(_("Nothing has happened yet."), "info")

    def save(self, path: str | None) -> str | None:
        """Save the game to ``path`` (atomically); the path, or ``None`` after saying why not."""
        if not path:
            self.terminal.say(_("Type save FILE, or start the game with --save FILE."), "problem")
            return None
        try:
            check_output_path(path, what="save")
            save_record(record_game(self.game, players={**self.players, "questions": str(self.questions)}), path)
        except (LandsraadError, OSError) as err:  # on standard error: the game was not saved
            self.terminal.say(sentence(err), "error")
            return None
        self.terminal.say(_("Game saved to {path} (go on with --resume {path}).").format(path=path), "info")
        return path

    def _end_of_input(self) -> SessionEnd:
        if self.save_path:
            saved = self.save(self.save_path)
            return SessionEnd("eof", saved)
        self.terminal.say(_("End of input: the game was not saved (start with --save FILE to keep it)."), "info")
        return SessionEnd("eof")


def side_name(side: str) -> str:
    """A side's name in the active language (``rouge``), anything else as it is."""
    return localized(i18n_side_name(side))


def _when(d: Decision) -> str:
    """The free move's ``before`` or ``after`` of ``d``, in the active language."""
    when = str(d.info.get("when", ""))
    return {"before": _("before"), "after": _("after")}.get(when, when)


def _has_model(game: Game, model_id: str) -> bool:
    return any(m.id == model_id for m in game.state.models)


def refusal(err: Exception, d: Decision) -> str:
    """An error about an answer to ``d`` as one sentence, without repeating the prompt the menu just showed.

    In another language than English the engine's refusal is shown in its short form (the prompt left out) or in
    full, in that language (:meth:`~landsraad.errors.LandsraadError.localized`)."""
    if language() != SOURCE_LANGUAGE and isinstance(err, LandsraadError):
        short = getattr(err, "short", None)
        text = (localized(short) if short is not None else err.localized()).strip() or type(err).__name__
        return text if text.endswith((".", "?", "!", ")")) else text + "."
    text = sentence(err)
    for quoted in (repr(d.prompt), f'"{d.prompt}"'):
        text = text.replace(f" for {quoted}", "").replace(f" to {quoted}", "").replace(f" of {quoted}", "")
        text = text.replace(f", as {quoted} requires", "")
    return text


def sentence(err: Exception) -> str:
    """An error as one sentence (ending with a full stop), in the reader's language when it carries a deferred message."""
    text = (err.localized() if isinstance(err, LandsraadError) else str(err)).strip() or type(err).__name__
    return text if text.endswith((".", "?", "!", ")")) else text + "."



def resume(record: GameRecord, players: Mapping[str, Player], *, source: str = "saved game",
           decisions: list[tuple[Game, Answer]] | None = None, humans: frozenset[str] = frozenset()) -> Game:
    """The saved game, its answers played again, each side's player shown its decisions on the way.

    A computer player keeps plans and a random generator: showing it the decisions it
    answered before the save brings it back to the state it was in, so a resumed session goes
    on exactly as an uninterrupted one would (``players`` maps a side to the computer player
    or the defaults' advisor; physical dice are not shown to anyone). With ``decisions``, each
    decision of the ``humans`` sides is added to it as ``(the game just before it, the answer)``,
    so a resumed game's review covers the whole game.

    Raises
    ------
    DataError
        When an answer does not fit, or the replayed log differs from the recorded one.
    """
    game = restore_opening(record, source=source)
    for i, given in enumerate(record.answers):
        d = game.decision
        if d is None:
            raise DataError([Problem(source, f"answers[{i}]", _("The game was over before this answer; the saved game is damaged."))])
        if d.kind != "dice" and d.side in players:
            players[d.side].decide(d, game.view(d.side))
        before = game.clone() if decisions is not None and d.kind != "dice" and d.side in humans else None
        try:
            game.answer(given)
        except LandsraadError as err:
            raise DataError([Problem(source, f"answers[{i}]", _("The answer {answer} does not fit the game here: {reason}").format(
                answer=repr(str(given)[:60]), reason=str(err)[:200]))]) from None
        if decisions is not None and before is not None:
            decisions.append((before, game.answers[-1]))  # the answer as the game keeps it (the saved one, JSON)
    if [e.to_dict() for e in game.log] != record.log:
        raise DataError([Problem(source, "log", _("The saved game does not replay to its recorded log; it was made by another version."))])
    return game
