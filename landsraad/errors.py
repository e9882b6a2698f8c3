"""The exceptions raised by landsraad.

Every error the library raises on purpose derives from :class:`LandsraadError`, so a front
end can catch one type and show its message. Messages are full sentences that name the
offending value and where it came from. Validators collect every problem before raising: a
:class:`DataError` carries all of them in :attr:`DataError.problems`.

Examples
--------
>>> err = DataError([Problem("factions/x.yaml", "honour", "Honour must be 0 or more; got -1.")])
>>> print(err)
factions/x.yaml: honour: Honour must be 0 or more; got -1.
>>> isinstance(err, LandsraadError)
True
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Iterable, Sequence

from .i18n import N_, Message, joined, localized, message

__all__ = [
    "LandsraadError",
    "carried_message",
    "DataError",
    "Problem",
    "UnknownNameError",
    "RuleError",
    "DecisionError",
    "GeometryError",
    "UsageError",
    "did_you_mean",
    "truncate",
    "quoted",
    "printable",
    "MESSAGE_VALUE_LIMIT",
]

MESSAGE_VALUE_LIMIT = 80
"""The most characters of a user's value echoed back in a message."""


_KIND_WORDS: dict[str, str] = {kind: kind for kind in (
    N_("data folder"), N_("drill"), N_("faction"), N_("hook point"), N_("marker placement"), N_("marker"),
    N_("mission evaluator"), N_("mission"), N_("model type"), N_("model"), N_("pick rule"), N_("player kind"), N_("poison"),
    N_("search level"), N_("set-up plan"), N_("side"), N_("special rule"), N_("style"), N_("table edge"), N_("terrain kit"),
    N_("weapon"), N_("warband (list file or faction id)"), N_("protection_wounded choice"))}
"""The kinds of names :class:`UnknownNameError` is raised for, marked for the catalog (another kind is shown as given)."""


class LandsraadError(Exception):
    """Base class of every error landsraad raises on purpose.

    Its message may be a deferred :class:`~landsraad.i18n.Message`: ``str(error)`` is then the English
    text (logs, JSON), and :meth:`localized` the text in the reader's language.
    """

    def localized(self) -> str:
        """The message in the active language (as ``str(self)`` when it was written in English only)."""
        if len(self.args) == 1 and isinstance(self.args[0], Message):
            return self.args[0].localized()
        return str(self)


_COLON = message(": ")
"""The separator between a problem's source, place and message, in the reader's language (French `` : ``)."""


@dataclass(frozen=True)
class Problem:
    """One problem found in a data file or an input.

    Parameters
    ----------
    source
        Where the data came from: a file name, ``"<argument --weapon>"``, ...
    where
        The place inside it: a key path such as ``models[3].weapons[0]`` or ``line 4, column 7``.
        Empty when the problem concerns the whole source.
    message
        One full sentence that names the offending value.
    """

    source: str
    where: str
    message: str

    def __str__(self) -> str:
        parts = [p for p in (self.source, self.where) if p]
        return ": ".join(parts + [self.message])

    def localized(self) -> str:
        """:meth:`__str__` with the message (and the place, when it is a Message) in the active language."""
        parts = [localized(p) for p in (self.source, self.where) if p]
        # French typography puts a space before the colon (« f.yaml : source (ligne 1) : ... »).
        return localized(_COLON).join(parts + [localized(self.message)])

    def text(self) -> str:
        """:meth:`__str__` that stays a :class:`~landsraad.i18n.Message` (to carry into another error) when its message is one."""
        return joined(_COLON, [p for p in (self.source, self.where) if p] + [self.message])


class DataError(LandsraadError):
    """Bad data: a content file, a scene, a warband list or a command-line value.

    Carries every problem found, not just the first.
    """

    def __init__(self, problems: Iterable[Problem] | str):
        if isinstance(problems, str):
            problems = [Problem("", "", problems)]
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def localized(self) -> str:
        """Every problem on its line, each message in the active language."""
        return "\n".join(p.localized() for p in self.problems)


class UnknownNameError(DataError, KeyError):
    """A name (special rule, faction, weapon, ...) that is not known; the message lists the valid ones."""

    def __init__(self, kind: str, name: str, valid: Iterable[str], *, source: str = "", where: str = ""):
        self.kind = kind
        self.name = name
        name = truncate(name) if isinstance(name, str) else name
        self.valid = tuple(sorted(valid))
        suggestion = did_you_mean(name, self.valid)
        hint = message(" Did you mean {hint!r}?", hint=suggestion) if suggestion else ""
        listing = ", ".join(self.valid) if self.valid else message("(none)")
        words = message(_KIND_WORDS[kind]) if kind in _KIND_WORDS else kind
        text = message("Unknown {kind} {name!r}.{hint} Valid {kind}s are: {listing}.", kind=words, name=name, hint=hint,
                       listing=listing)
        super().__init__([Problem(source, where, text)])

    def __str__(self) -> str:  # KeyError would quote the message otherwise
        return DataError.__str__(self)


class RuleError(LandsraadError):
    """An action the rules do not allow in the current state (raised by ``verify_*``)."""


class DecisionError(RuleError):
    """A player's answer to a decision request that is not one of the legal options.

    ``short`` is the same refusal without the decision's prompt, for a front end that has just
    shown the prompt (the play terminal): in the reader's language when it is a deferred message.
    """

    def __init__(self, text: str, *, short: str | None = None):
        super().__init__(text)
        self.short = short


class GeometryError(LandsraadError):
    """A geometric query that makes no sense (an unknown model id, a degenerate shape...)."""


class UsageError(LandsraadError):
    """Bad command-line usage; the CLI prints the message and exits with status 2."""


def carried_message(exc: BaseException) -> str:
    """The text an error carries, to raise again as another error: its :class:`~landsraad.i18n.Message` when it
    has one (so the new error still reads in the reader's language; a :class:`DataError`'s problems joined), else
    ``str(exc)``."""
    if len(exc.args) == 1 and isinstance(exc.args[0], Message):
        return exc.args[0]
    if isinstance(exc, DataError):  # its problems are its text, maybe Messages
        return joined("\n", [p.text() for p in exc.problems])
    return str(exc)


def did_you_mean(name: str, valid: Sequence[str] | Iterable[str]) -> str | None:
    """Return the valid name closest to ``name``, or ``None`` when nothing is close.

    Examples
    --------
    >>> did_you_mean("soldeir", ["soldier", "scout", "medic"])
    'soldier'
    >>> did_you_mean("zzz", ["soldier"]) is None
    True
    """
    valid = list(valid)
    lowered = {v.lower(): v for v in valid}
    matches = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[matches[0]] if matches else None


_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Bidirectional marks, embeddings, overrides and isolates: they can reorder what a terminal shows."""


def _escaped(char: str) -> str:
    """``char`` as shown in a message: itself, or an escape when a terminal would act on it."""
    code = ord(char)
    if code < 0x20 or 0x7F <= code < 0xA0 or char in _BIDI_CONTROLS or char in "\u2028\u2029" or 0xD800 <= code < 0xE000:
        if code < 0x100:
            return f"\\x{code:02x}"
        return f"\\u{code:04x}"
    return char


def printable(value: object) -> str:
    """``value`` as text that is safe to print: control characters and bidi controls escaped.

    An ESC sequence (``\\x1b[2J`` clears a terminal), a carriage return that overwrites a
    line, a right-to-left override that reverses what follows: a file's value reaches the
    terminal as its escape instead (``\\x1b``, ``\\u202e``). Nothing is cut
    (:func:`truncate` cuts and escapes).

    Examples
    --------
    >>> printable("Ana\\x1b[2J")
    'Ana\\\\x1b[2J'
    >>> printable("abc\\u202edef")
    'abc\\\\u202edef'
    >>> printable("Ma\u00efson")
    'Ma\u00efson'
    """
    return "".join(_escaped(c) for c in str(value))


def truncate(value: object, limit: int = MESSAGE_VALUE_LIMIT) -> str:
    """``value`` cut to ``limit`` characters (with a note of how much was left out), for messages.

    A 1 MB faction name or a 100 kB model id must not be echoed back whole. Control characters
    and bidi controls are escaped (:func:`printable`), and the limit counts the characters
    shown, escapes included, so the echo is never longer than ``limit`` plus the note.

    Parameters
    ----------
    value
        The text to show.
    limit
        The most characters shown of ``value``.

    Returns
    -------
    str
        ``value`` itself when short and plain enough, else its first characters (at most
        ``limit`` shown) followed by ``...`` and the number of characters of ``value`` left out.

    Examples
    --------
    >>> truncate("corrino")
    'corrino'
    >>> truncate("x" * 100, 10)
    'xxxxxxxxxx... (90 more characters)'
    >>> truncate("\\x1b" * 10, 9)
    '\\\\x1b\\\\x1b... (8 more characters)'
    """
    value = str(value)
    if len(value) <= limit and value.isprintable():
        return value
    shown: list[str] = []
    width = 0
    for used, char in enumerate(value):
        piece = _escaped(char)
        if width + len(piece) > limit:
            return f"{''.join(shown)}... ({len(value) - used:,} more characters)"
        shown.append(piece)
        width += len(piece)
    return "".join(shown)


def quoted(value: object, limit: int = MESSAGE_VALUE_LIMIT) -> str:
    """``repr`` of a user's value, cut by :func:`truncate` when long (for messages).

    ``repr`` escapes what a terminal would act on, and the cut counts the characters shown.

    Examples
    --------
    >>> quoted("naib")
    "'naib'"
    >>> quoted("n" * 200, 4)
    "'nnnn... (196 more characters)'"
    >>> quoted("a\\u202eb")
    "'a\\\\u202eb'"
    """
    if not isinstance(value, str):
        return repr(value)
    if len(value) <= limit and value.isprintable():
        return repr(value)
    width = 0
    for used, char in enumerate(value):
        width += len(repr(char)) - 2
        if width > limit:
            return repr(f"{value[:used]}... ({len(value) - used:,} more characters)")
    return repr(value)
