"""Dice: the three D10 tests of the rulebook (1.3), with dice entered by hand or rolled.

Every function that rolls takes an injected :class:`numpy.random.Generator`; nothing in
landsraad uses global randomness, so the same seed gives the same rolls.

Rules
-----
- R-TEST-SIMPLE, RUL-02: neutral + one coloured die; coloured die + characteristic >= threshold
  succeeds; the neutral die is the margin.
- R-TEST-OPPOSED, RUL-01: both roll neutral + coloured die and add their bonuses; the active
  side must be strictly higher (``ties="strict"``, the default) or, as the option
  ``ties="active"`` reading 1.3 literally, at least equal. The active neutral die is the margin.
- R-TEST-CLASH: melee; each side rolls neutral, attack and defence dice (:class:`ClashDice`).
  What follows is resolved in :mod:`landsraad.rules.melee`.

Examples
--------
>>> simple_test(bonus=2, threshold=10, neutral=4, colour=8)
SimpleTest(neutral=4, colour=8, bonus=2, threshold=10, total=10, success=True, margin=4)
>>> opposed_test(active_bonus=1, passive_bonus=0, active=(5, 6), passive=(2, 7)).success
False
>>> opposed_test(active_bonus=1, passive_bonus=0, active=(5, 6), passive=(2, 7), ties="active").success
True
>>> import numpy as np
>>> roll_clash(np.random.default_rng(1))
ClashDice(neutral=5, attack=6, defence=8)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from .errors import DataError, Problem
from .i18n import message

__all__ = [
    "FACES",
    "Ties",
    "check_die",
    "is_face",
    "roll_d10",
    "SimpleTest",
    "simple_test",
    "roll_simple_test",
    "OpposedTest",
    "opposed_test",
    "roll_opposed_test",
    "beats",
    "ClashDice",
    "roll_clash",
    "parse_dice",
]

FACES = 10
"""A D10 shows 1 to 10."""

Ties = Literal["strict", "active"]
"""RUL-01: ``"strict"`` - the active side must be strictly higher; ``"active"`` - a tie goes to it."""

# the dice's names in an error, made once (a clash builds its dice on every roll)
_NAMES = {"neutral": message("neutral die"), "coloured": message("coloured die"), "attack": message("attack die"),
          "defence": message("defence die"), "active neutral": message("active neutral die"),
          "active coloured": message("active coloured die"), "passive neutral": message("passive neutral die"),
          "passive coloured": message("passive coloured die")}


def is_face(value: object) -> bool:
    """Whether ``value`` is a face of a D10: a whole number from 1 to :data:`FACES` (a bool is not)."""
    return bool(not isinstance(value, bool) and isinstance(value, (int, np.integer)) and 1 <= value <= FACES)


def check_die(value: int, name: str | None = None, *, source: str = "") -> int:
    """Return ``value`` if it is a face of a D10, else raise :class:`DataError`.

    ``name`` is the die's name without an article (``neutral die``), best a :class:`~landsraad.i18n.Message`
    so the error reads in the language it is shown in (:func:`landsraad.rules.roles.die_of`); default ``die``.

    Examples
    --------
    >>> check_die(10)
    10
    >>> check_die(11, message("neutral die"))
    Traceback (most recent call last):
    ...
    landsraad.errors.DataError: The neutral die must show a whole number from 1 to 10; got 11.
    """
    if not is_face(value):
        raise DataError([Problem(source, "", message("The {name} must show a whole number from 1 to {faces}; got {value}.",
                                                     name=message("die") if name is None else name, faces=FACES, value=repr(value)))])
    return int(value)


def roll_d10(rng: np.random.Generator, count: int = 1) -> tuple[int, ...]:
    """Roll ``count`` D10 with ``rng``.

    Examples
    --------
    >>> roll_d10(np.random.default_rng(0), 3)
    (9, 7, 6)
    """
    return tuple(int(v) for v in rng.integers(1, FACES + 1, size=count))


def beats(active_total: int, passive_total: int, ties: Ties = "strict") -> bool:
    """Whether an active total beats a passive one under RUL-01.

    Examples
    --------
    >>> beats(7, 7), beats(7, 7, "active"), beats(8, 7)
    (False, True, True)
    """
    return active_total > passive_total or (ties == "active" and active_total == passive_total)


@dataclass(frozen=True)
class SimpleTest:
    """Outcome of a simple test (R-TEST-SIMPLE)."""

    neutral: int
    colour: int
    bonus: int
    threshold: int
    total: int
    success: bool
    margin: int


def simple_test(bonus: int, threshold: int, *, neutral: int, colour: int) -> SimpleTest:
    """Resolve a simple test from dice read off the table (R-TEST-SIMPLE, RUL-02).

    The coloured die plus ``bonus`` must reach ``threshold`` (equal counts: ">= threshold").
    """
    neutral, colour = check_die(neutral, _NAMES["neutral"]), check_die(colour, _NAMES["coloured"])
    total = colour + bonus
    success = total >= threshold
    return SimpleTest(neutral, colour, bonus, threshold, total, success, neutral if success else 0)


def roll_simple_test(bonus: int, threshold: int, rng: np.random.Generator) -> SimpleTest:
    """Roll a simple test: neutral die first, then the coloured die."""
    neutral, colour = roll_d10(rng, 2)
    return simple_test(bonus, threshold, neutral=neutral, colour=colour)


@dataclass(frozen=True)
class OpposedTest:
    """Outcome of an opposed test (R-TEST-OPPOSED). Dice are ``(neutral, coloured)`` pairs."""

    active: tuple[int, int]
    passive: tuple[int, int]
    active_total: int
    passive_total: int
    success: bool
    margin: int


def opposed_test(
    active_bonus: int,
    passive_bonus: int,
    *,
    active: tuple[int, int],
    passive: tuple[int, int],
    ties: Ties = "strict",
) -> OpposedTest:
    """Resolve an opposed test: coloured die + bonus on each side (R-TEST-OPPOSED, RUL-01).

    The margin is the active side's neutral die when it succeeds, else 0.
    """
    a = (check_die(active[0], _NAMES["active neutral"]), check_die(active[1], _NAMES["active coloured"]))
    p = (check_die(passive[0], _NAMES["passive neutral"]), check_die(passive[1], _NAMES["passive coloured"]))
    at, pt = a[1] + active_bonus, p[1] + passive_bonus
    success = beats(at, pt, ties)
    return OpposedTest(a, p, at, pt, success, a[0] if success else 0)


def roll_opposed_test(
    active_bonus: int, passive_bonus: int, rng: np.random.Generator, ties: Ties = "strict"
) -> OpposedTest:
    """Roll an opposed test: active neutral, active coloured, passive neutral, passive coloured."""
    an, ac, pn, pc = roll_d10(rng, 4)
    return opposed_test(active_bonus, passive_bonus, active=(an, ac), passive=(pn, pc), ties=ties)


@dataclass(frozen=True)
class ClashDice:
    """One side's three dice in a clash (R-TEST-CLASH): neutral, attack, defence."""

    neutral: int
    attack: int
    defence: int

    def __post_init__(self) -> None:
        for name in ("neutral", "attack", "defence"):
            check_die(getattr(self, name), _NAMES[name])


def roll_clash(rng: np.random.Generator) -> ClashDice:
    """Roll one side's three dice for a clash, in the order neutral, attack, defence."""
    n, a, d = roll_d10(rng, 3)
    return ClashDice(n, a, d)


def parse_dice(text: str, count: int, *, source: str = "") -> tuple[int, ...]:
    """Parse dice typed as ``"5,8,2"``; raise :class:`DataError` naming the bad value.

    Examples
    --------
    >>> parse_dice("5, 8,2", 3)
    (5, 8, 2)
    >>> parse_dice("5,8", 3, source="--attacker-dice")
    Traceback (most recent call last):
    ...
    landsraad.errors.DataError: --attacker-dice: Expected 3 dice separated by commas (neutral, attack, defence order where it applies); got '5,8'.
    """
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if len(parts) != count:
        raise DataError([Problem(source, "", message(
            "Expected {count} dice separated by commas (neutral, attack, defence order where it applies); got {text}.",
            count=count, text=repr(text)))])
    values = []
    for part in parts:
        try:
            value = int(part)
        except ValueError:
            raise DataError([Problem(source, "", message("A die must be a whole number from 1 to {faces}; got {part}.",
                                                             faces=FACES, part=repr(part)))]) from None
        values.append(check_die(value, source=source))
    return tuple(values)
