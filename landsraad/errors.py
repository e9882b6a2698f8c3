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

__all__ = [
    "LandsraadError",
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
    "MESSAGE_VALUE_LIMIT",
]

MESSAGE_VALUE_LIMIT = 80
"""The most characters of a user's value echoed back in a message."""


class LandsraadError(Exception):
    """Base class of every error landsraad raises on purpose."""


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


class DataError(LandsraadError):
    """Bad data: a content file, a scene, a warband list or a command-line value.

    Carries every problem found, not just the first.
    """

    def __init__(self, problems: Iterable[Problem] | str):
        if isinstance(problems, str):
            problems = [Problem("", "", problems)]
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class UnknownNameError(DataError, KeyError):
    """A name (special rule, faction, weapon, ...) that is not known; the message lists the valid ones."""

    def __init__(self, kind: str, name: str, valid: Iterable[str], *, source: str = "", where: str = ""):
        self.kind = kind
        self.name = name
        name = truncate(name) if isinstance(name, str) else name
        self.valid = tuple(sorted(valid))
        suggestion = did_you_mean(name, self.valid)
        hint = f" Did you mean {suggestion!r}?" if suggestion else ""
        listing = ", ".join(self.valid) if self.valid else "(none)"
        message = f"Unknown {kind} {name!r}.{hint} Valid {kind}s are: {listing}."
        super().__init__([Problem(source, where, message)])

    def __str__(self) -> str:  # KeyError would quote the message otherwise
        return DataError.__str__(self)


class RuleError(LandsraadError):
    """An action the rules do not allow in the current state (raised by ``verify_*``)."""


class DecisionError(RuleError):
    """A player's answer to a decision request that is not one of the legal options."""


class GeometryError(LandsraadError):
    """A geometric query that makes no sense (an unknown model id, a degenerate shape...)."""


class UsageError(LandsraadError):
    """Bad command-line usage; the CLI prints the message and exits with status 2."""


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


def truncate(value: str, limit: int = MESSAGE_VALUE_LIMIT) -> str:
    """``value`` cut to ``limit`` characters (with a note of how much was left out), for messages.

    A 1 MB faction name or a 100 kB model id must not be echoed back whole.

    Parameters
    ----------
    value
        The text to show.
    limit
        The most characters kept from ``value``.

    Returns
    -------
    str
        ``value`` itself when short enough, else its first ``limit`` characters followed by
        ``...`` and the number of characters left out.

    Examples
    --------
    >>> truncate("corrino")
    'corrino'
    >>> truncate("x" * 100, 10)
    'xxxxxxxxxx... (90 more characters)'
    """
    value = str(value)
    if len(value) <= limit:
        return value
    return f"{value[:limit]}... ({len(value) - limit:,} more characters)"


def quoted(value: object, limit: int = MESSAGE_VALUE_LIMIT) -> str:
    """``repr`` of a user's value, cut by :func:`truncate` when long (for messages).

    Examples
    --------
    >>> quoted("naib")
    "'naib'"
    >>> quoted("n" * 200, 4)
    "'nnnn... (196 more characters)'"
    """
    return repr(truncate(value, limit) if isinstance(value, str) else value)
