"""The ``landsraad`` command.

Each command group lives in its own module with a ``register(subparsers)`` function; this
module lists them from :data:`COMMANDS` (name -> module and one-line summary), imports only the
chosen command's module to build its parser, runs the command and turns every
:class:`~landsraad.errors.LandsraadError` into a one-line message: exit status 2 for bad usage
or bad arguments (:class:`~landsraad.errors.UsageError`), 1 for bad data files and failed
checks. Never a traceback.

Output is a courtesy, the exit status is the answer: when the reader of standard output goes
away (``landsraad validate DIR | head``) the command still runs to the end, its further output
is dropped, and the status still tells whether the lists are legal. Error messages are bounded
(:data:`MAX_ERROR_LINES` lines, each cut to :data:`MAX_ERROR_LINE` characters).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import Any, Sequence, TextIO

from .. import __version__
from ..errors import LandsraadError, UsageError, truncate
from ..i18n import LANGUAGES, N_, _, decimal, language_option, set_language
from .parsing import MAX_ERROR_LINE, Parser

__all__ = ["main", "build_parser", "COMMANDS", "COMMAND_MODULES", "MAX_ERROR_LINES", "MAX_ERROR_LINE"]

MAX_ERROR_LINES = 50
"""The most lines of one error message printed; the rest is counted, not shown."""


COMMANDS: dict[str, tuple[str, str]] = {
    "odds": ("landsraad.cli.odds", N_("exact odds of a shot, a clash or a disengage test")),
    "resolve": ("landsraad.cli.resolve", N_("settle a melee, a shot or a disengage from dice rolled at the table")),
    "measure": ("landsraad.cli.measure", N_("distance, contact, line of sight and cover between two models")),
    "move": ("landsraad.cli.moves", N_("is a move legal, and by which path")),
    "reach": ("landsraad.cli.moves", N_("where a model can move this activation")),
    "template": ("landsraad.cli.template", N_("models under a blast or direct-fire template, and their dodges")),
    "check-scene": ("landsraad.cli.check_scene", N_("validate a scene file and its set-up")),
    "shoot": ("landsraad.cli.shoot", N_("a shot on a scene: geometry and exact odds in one answer")),
    "advise": ("landsraad.cli.advise", N_("every option of a model's activation, ranked by exact odds")),
    "threat": ("landsraad.cli.threat", N_("a threat map: who could see, shoot or charge a model at each point of the table")),
    "factions": ("landsraad.cli.factions", N_("list the bundled factions")),
    "faction": ("landsraad.cli.factions", N_("show a faction sheet with every profile card")),
    "validate": ("landsraad.cli.warband", N_("check warband lists against their faction sheets")),
    "roster": ("landsraad.cli.warband", N_("print a warband list as a printable roster")),
    "schema": ("landsraad.cli.warband", N_("print the JSON Schema of a data format")),
    "event": ("landsraad.cli.event", N_("run a Swiss tournament: entries, pairings, results, standings")),
    "demo": ("landsraad.cli.game", N_("play one narrated game between two bundled warbands (the main job)")),
    "simulate": ("landsraad.cli.game", N_("play many games and report wins, victory points and missions")),
    "replay": ("landsraad.cli.game", N_("narrate a saved game")),
    "play": ("landsraad.cli.play", N_("play against the computer (or hot seat) in the terminal; mission drills")),
    "drill": ("landsraad.cli.play", N_("mission drills: short scenarios to practise one mission")),
    "mission": ("landsraad.cli.cards", N_("print a mission card in full")),
    "missions": ("landsraad.cli.cards", N_("list the mission cards: what each asks and its stakes by rank")),
    "view": ("landsraad.cli.view", N_("open the pyglet viewer: edit a table, see every measurement, replay a game")),
    "house": ("landsraad.cli.house", N_("Minor Houses: price a house sheet, write a starter house")),
    "balance": ("landsraad.cli.balance", N_("play every pairing of factions many times; win rates with 95 % intervals")),
}
"""Each command: the module whose ``register(subparsers)`` adds it, and its one-line summary for
``landsraad --help``, in the order listed there. Only the chosen command's module is imported;
``--help`` reads the summaries from here (``tests/cli/test_main.py`` checks they match what each
module registers, and that each module's commands stand together)."""

COMMAND_MODULES: tuple[str, ...] = tuple(dict.fromkeys(module for module, _ in COMMANDS.values()))
"""Command modules, in the order their commands are listed in ``landsraad --help``."""


def _chosen(argv: Sequence[str]) -> str | None:
    """The command named in ``argv``: its first word that is not a top-level option."""
    for word in argv:
        if word == "--":
            continue
        if not word.startswith("-"):
            return word
        if word in ("-h", "--help", "--version"):
            return None  # the top-level parser answers before any command runs
    return None


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser: every command listed with its summary, and ``command``'s module registered.

    Parameters
    ----------
    command : str, optional
        The command about to run: its module's ``register`` adds its real sub-parser (and its
        siblings'). The other commands are listed from :data:`COMMANDS` alone, without importing
        their modules, so ``landsraad --help`` and a mistyped command stay cheap.

    Returns
    -------
    argparse.ArgumentParser
    """
    parser = Parser(
        prog="landsraad",
        description=_("Measure, roll, validate and play Landsraad, the Dune skirmish game."),
    )
    parser.add_argument("--version", action="version", version=f"landsraad {__version__}",
                        help=_("show program's version number and exit"))
    parser.add_argument("--lang", choices=LANGUAGES, help=_("the language of what a person reads (default: LC_ALL, LC_MESSAGES, LANG, else en); JSON is the same in all"))
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"), parser_class=Parser)
    chosen = COMMANDS[command][0] if command in COMMANDS else None
    for name, (module, summary) in COMMANDS.items():
        if module == chosen:
            # The module adds all its commands at once, where its first one is listed (the
            # table keeps each module's commands together).
            importlib.import_module(module).register(sub)
            chosen = None
        elif name not in sub.choices:
            sub.add_parser(name, help=_(summary).replace("%", "%%"), add_help=False)
    return parser


class _PipeSafeStream:
    """A text stream that drops its output, instead of raising, once its reader has gone away.

    The command then runs to its end and returns the status it would have returned; the
    underlying descriptor is pointed at the null device so that the interpreter's final flush
    does not complain either.
    """

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.broken = False

    def _drop(self) -> None:
        self.broken = True
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self._stream.fileno())
            os.close(devnull)
        except (OSError, AttributeError, ValueError):  # not a real file (a test's StringIO)
            pass

    def write(self, text: str) -> int:
        if not self.broken:
            try:
                return self._stream.write(text)
            except BrokenPipeError:
                self._drop()
        return len(text)

    def flush(self) -> None:
        if not self.broken:
            try:
                self._stream.flush()
            except BrokenPipeError:
                self._drop()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _bounded(message: str) -> str:
    """An error message cut to :data:`MAX_ERROR_LINES` lines of :data:`MAX_ERROR_LINE` characters."""
    lines = message.splitlines() or [""]
    shown = [truncate(line, MAX_ERROR_LINE) for line in lines[:MAX_ERROR_LINES]]
    if len(lines) > MAX_ERROR_LINES:
        shown.append(_("... and {n} more problems.").format(n=decimal(f"{len(lines) - MAX_ERROR_LINES:,}")))
    return "\n".join(shown)


def _report(exc: BaseException) -> None:
    text = exc.localized() if isinstance(exc, LandsraadError) else str(exc)
    try:
        print(_("landsraad: error: {message}").format(message=_bounded(text)), file=sys.stderr)
    except BrokenPipeError:  # nobody reads stderr either; the status still tells
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status.

    Returns
    -------
    int
        0 on success, 1 for bad data or a failed check, 2 for bad usage, 130 when interrupted;
        the same whether or not anybody still reads standard output.
    """
    lang, lang_words, words = language_option(list(sys.argv[1:] if argv is None else argv))  # --lang anywhere (i18n)
    set_language(lang)
    parser = build_parser(_chosen(words))
    try:
        args = parser.parse_args(lang_words + words)
    except LandsraadError as exc:  # raised by an argument's own parser
        _report(exc)
        return 2
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    stdout = sys.stdout
    sys.stdout = _PipeSafeStream(stdout)
    try:
        status = args.func(args)
        sys.stdout.flush()
    except UsageError as exc:
        _report(exc)
        return 2
    except LandsraadError as exc:
        _report(exc)
        return 1
    except KeyboardInterrupt:
        try:
            print("landsraad: interrupted", file=sys.stderr)
        except BrokenPipeError:
            pass
        return 130
    except BrokenPipeError:  # raw writes to a closed pipe (sys.stdout.buffer): the outcome is unknown
        _report(BrokenPipeError("standard output was closed before the command finished."))
        return 1
    finally:
        sys.stdout = stdout
        set_language(None)
    return int(status or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
