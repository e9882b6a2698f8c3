"""Where a play session reads and writes: plain lines, or a rich terminal.

:class:`PlainTerminal` reads answers line by line from any stream (scripted sessions, pipes)
and prints plain text; :class:`RichTerminal` draws menus and the summary with ``rich`` and
reads with ``prompt_toolkit`` line editing (history, arrow keys) when a terminal is present.
Both offer the same four calls, which is all a :class:`~landsraad.play.session.Session` uses.
"""

from __future__ import annotations

import sys
from typing import IO, Protocol, Sequence

from prompt_toolkit import PromptSession
from rich.console import Console
from rich.table import Table
from rich.text import Text

__all__ = ["Terminal", "PlainTerminal", "RichTerminal", "MenuRow", "ERROR_STYLE"]

MenuRow = tuple[str, str, str]
"""(key, label, note): one line of a menu."""

_STYLES = {"red": "bold red", "blue": "bold blue", "event": "", "problem": "yellow", "info": "dim", "title": "bold",
           "error": "bold red"}

ERROR_STYLE = "error"
"""The style of a line that reports a failure of the program itself (a save that could not be
written): printed on standard error, so that it is seen even when standard output is a file."""


class Terminal(Protocol):
    """What a session needs from its terminal."""

    def say(self, text: str, style: str = "") -> None:
        """Print a line (``style``: a side, ``event``, ``problem``, ``info``, ``title`` or ``error``).

        An ``error`` line (a write that failed) goes to standard error.
        """

    def menu(self, title: str, rows: Sequence[MenuRow], side: str) -> None:
        """Show a decision's menu."""

    def table(self, title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        """Show a small table (the score)."""

    def read(self, prompt: str) -> str | None:
        """One line typed (without its newline), or ``None`` at the end of input."""


class PlainTerminal:
    """Plain text on ``out``, answers read line by line from ``inp`` (no colours, no line editing)."""

    def __init__(self, inp: IO[str] | None = None, out: IO[str] | None = None, err: IO[str] | None = None) -> None:
        self.inp = inp or sys.stdin
        self.out = out or sys.stdout
        self.err = err

    def say(self, text: str, style: str = "") -> None:
        if style == ERROR_STYLE:
            print(text, file=self.err or sys.stderr, flush=True)
            return
        print(text, file=self.out)

    def menu(self, title: str, rows: Sequence[MenuRow], side: str) -> None:
        print(title, file=self.out)
        width = max((len(label) for _, label, _ in rows), default=0)
        for key, label, note in rows:
            line = f"  {key:>2}. {label.ljust(width)}" if note else f"  {key:>2}. {label}"
            print(f"{line}   {note}" if note else line, file=self.out)

    def table(self, title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        print(title, file=self.out)
        widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
        for r in [header, *rows]:
            print("  " + "  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip(), file=self.out)

    def read(self, prompt: str) -> str | None:
        print(prompt, end="", file=self.out, flush=True)
        line = self.inp.readline()
        if not line:
            print(file=self.out)
            return None
        print(line.rstrip("\n"), file=self.out)  # echo, so a scripted session's output reads like a dialogue
        return line.rstrip("\r\n")


class RichTerminal:
    """Colours, menus and tables with ``rich``; line editing and history with ``prompt_toolkit``."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console(highlight=False)
        self.errors = Console(highlight=False, stderr=True)
        self._session: PromptSession[str] | None = None

    @property
    def session(self) -> PromptSession[str]:
        """The line editor, made at the first read (it needs the terminal only then)."""
        if self._session is None:
            self._session = PromptSession()
        return self._session

    def say(self, text: str, style: str = "") -> None:
        console = self.errors if style == ERROR_STYLE else self.console
        console.print(Text(text, style=_STYLES.get(style, style)))

    def menu(self, title: str, rows: Sequence[MenuRow], side: str) -> None:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(justify="right", style="bold")
        grid.add_column()
        grid.add_column(style="cyan")
        for key, label, note in rows:
            grid.add_row(key, label, note)
        self.console.print(Text(title, style=_STYLES.get(side, "bold")))
        if rows:
            self.console.print(grid)

    def table(self, title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        t = Table(title=title)
        for h in header:
            t.add_column(h)
        for r in rows:
            t.add_row(*[str(c) for c in r])
        self.console.print(t)

    def read(self, prompt: str) -> str | None:
        try:
            return self.session.prompt(prompt)
        except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C: the end of input (saved when --save is given)
            return None


def open_terminal() -> Terminal:
    """The rich terminal when both stdin and stdout are a terminal, else the plain one (pipes, files, tests).

    Returns
    -------
    Terminal
        A :class:`RichTerminal` at an interactive terminal, a :class:`PlainTerminal` otherwise.
    """
    if sys.stdin.isatty() and sys.stdout.isatty():
        return RichTerminal()
    return PlainTerminal()
