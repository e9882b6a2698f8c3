"""The ``landsraad`` command.

Each command group lives in its own module with a ``register(subparsers)`` function; this
module builds the parser from :data:`COMMAND_MODULES`, runs the command and turns every
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
from typing import Any, Sequence

from .. import __version__
from ..errors import LandsraadError, UsageError, truncate

__all__ = ["main", "build_parser", "COMMAND_MODULES", "MAX_ERROR_LINES", "MAX_ERROR_LINE"]

MAX_ERROR_LINES = 50
"""The most lines of one error message printed; the rest is counted, not shown."""

MAX_ERROR_LINE = 1_000
"""The most characters of one line of an error message."""

COMMAND_MODULES: tuple[str, ...] = (
    "landsraad.cli.odds",
    "landsraad.cli.resolve",
    "landsraad.cli.geometry",
    "landsraad.cli.shoot",
    "landsraad.cli.factions",
    "landsraad.cli.warband",
    "landsraad.cli.event",
    "landsraad.cli.game",
    "landsraad.cli.play",
    "landsraad.cli.view",
    "landsraad.cli.house",
    "landsraad.cli.balance",
)
"""Command modules, in the order their commands are listed in ``landsraad --help``."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line and status 2, as argparse does, but prefixed
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every available command group registered."""
    parser = _Parser(
        prog="landsraad",
        description="Measure, roll, validate and play Landsraad, the Dune skirmish game.",
    )
    parser.add_argument("--version", action="version", version=f"landsraad {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


class _PipeSafeStream:
    """A text stream that drops its output, instead of raising, once its reader has gone away.

    The command then runs to its end and returns the status it would have returned; the
    underlying descriptor is pointed at the null device so that the interpreter's final flush
    does not complain either.
    """

    def __init__(self, stream: Any):
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
        shown.append(f"... and {len(lines) - MAX_ERROR_LINES:,} more problems.")
    return "\n".join(shown)


def _report(exc: BaseException) -> None:
    try:
        print(f"landsraad: error: {_bounded(str(exc))}", file=sys.stderr)
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
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except LandsraadError as exc:  # raised by an argument's own parser
        _report(exc)
        return 2
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    stdout = sys.stdout
    sys.stdout = _PipeSafeStream(stdout)  # type: ignore[assignment]
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
    return int(status or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
