"""The ``landsraad`` command.

Each command group lives in its own module with a ``register(subparsers)`` function; this
module builds the parser from :data:`COMMAND_MODULES`, runs the command and turns every
:class:`~landsraad.errors.LandsraadError` into a one-line message: exit status 2 for bad usage
or bad arguments (:class:`~landsraad.errors.UsageError`), 1 for bad data files and failed
checks. Never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Sequence

from .. import __version__
from ..errors import LandsraadError, UsageError

__all__ = ["main", "build_parser", "COMMAND_MODULES"]

COMMAND_MODULES: tuple[str, ...] = (
    "landsraad.cli.odds",
    "landsraad.cli.resolve",
    "landsraad.cli.geometry",
    "landsraad.cli.factions",
    "landsraad.cli.warband",
    "landsraad.cli.event",
    "landsraad.cli.game",
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        status = args.func(args)
    except UsageError as exc:
        print(f"landsraad: error: {exc}", file=sys.stderr)
        return 2
    except LandsraadError as exc:
        print(f"landsraad: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("landsraad: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return int(status or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
