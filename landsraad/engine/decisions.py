"""How the engine asks players: one :class:`Decision` protocol for every choice.

A decision names who decides (``side``), what (``kind`` and a full-sentence ``prompt``) and
the legal answers: a finite set of ``choices``; or a table point (``point``), checked by the
engine's geometry; or a ranked selection of distinct choices (``ranked``). ``secret``
decisions (bids, melee stances, mission picks) are shown only to their owner; ``info`` holds
what the deciding player may see (e.g. its own dice).

:meth:`Decision.check` returns the answer in canonical form or raises
:class:`~landsraad.errors.DecisionError` saying why it is not legal.

Examples
--------
>>> d = Decision(side="red", kind="stance", prompt="Attack or defend?", choices=("attack", "defend"), secret=True)
>>> d.check("attack")
'attack'
>>> d.check("flee")
Traceback (most recent call last):
...
landsraad.errors.DecisionError: 'flee' is not a legal answer to 'Attack or defend?'; the legal answers are: 'attack', 'defend'.
>>> r = Decision(side="blue", kind="pick_missions", prompt="Pick 1 to 6 missions.", choices=("a", "b", "c"), ranked=(1, 6))
>>> r.check(["b", "a"])
('b', 'a')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Literal, Mapping, Sequence, Union, get_args

from ..errors import DecisionError
from ..i18n import message, numeral
from .jsondata import Json, JsonObject

__all__ = ["Decision", "DecisionKind", "DECISION_KINDS", "PointSpec", "Answer", "Choice", "Point", "point_of", "names_of"]

Choice = Union[str, int]
"""One of a decision's finite answers: a name (a model, a weapon, ``"pass"``, ...) or a number (a bid, a distance)."""

Point = tuple[float, float]
"""A table point ``(x, y)`` in cm."""

Answer = Union[Choice, float, Sequence[Choice], Sequence[float], Json]
"""An answer as a player gives it: one of the choices, an ``(x, y)`` point, the choices of a ranked
answer or the dice of a roll (tuples, or JSON lists as a saved game holds them), or ``None`` to skip.
:meth:`Decision.check` takes anything and gives the answer back in canonical form (tuples) or says
why it is not legal."""



def point_of(answer: Answer) -> Point:
    """A point answer as ``(x, y)``: the first two numbers of a pair (a tuple, a JSON list).

    Raises
    ------
    DecisionError
        ``answer`` is not a pair of numbers.

    Examples
    --------
    >>> point_of([12, 30.5])
    (12.0, 30.5)
    """
    if isinstance(answer, Sequence) and not isinstance(answer, str) and len(answer) >= 2:
        x, y = answer[0], answer[1]
        if isinstance(x, (int, float)) and isinstance(y, (int, float)):
            return (float(x), float(y))
    raise DecisionError(f"{str(answer)[:80]!r} is not a table point (x, y) in cm.")


def names_of(answer: Answer) -> tuple[str, ...]:
    """A ranked answer's picks (mission cards, ...): its names, in order.

    Raises
    ------
    DecisionError
        ``answer`` is not a list of names.

    Examples
    --------
    >>> names_of(["shipment", "ambush"])
    ('shipment', 'ambush')
    """
    if isinstance(answer, Sequence) and not isinstance(answer, str):
        names = tuple(a for a in answer if isinstance(a, str))
        if len(names) == len(answer):
            return names
    raise DecisionError(f"{str(answer)[:80]!r} is not a list of names.")

DecisionKind = Literal[
    # set-up (R-SETUP-BID, R-DEPLOY) and missions
    "bid", "who_first", "first_player", "pick_missions", "treachery", "terrain_piece", "terrain_place", "place_marker", "deploy",
    # an activation and its action (R-ACTIVATE)
    "activate", "spice", "free_move", "action", "move", "weapon", "target", "laser_mode", "aim", "place_hunter_seeker",
    "place_jammer",
    # shots, clashes and what follows them (R-SHOOT, R-MELEE, RUL-09)
    "dodge", "stance", "lower_neutral", "poison", "deadly", "push", "push_distance", "step_away",
    "disengage_move", "disengage_opponent", "free_disengage",
    # physical dice
    "dice",
]
"""What a decision asks: the player's front end and the computer players dispatch on it."""

DECISION_KINDS: tuple[DecisionKind, ...] = get_args(DecisionKind)
"""Every decision kind, in the order a game meets them."""


class _Found:
    """The suggested points of a :class:`PointSpec` once computed (a cache beside its fields)."""

    __slots__ = ("points",)

    def __init__(self) -> None:
        self.points: tuple[tuple[float, float], ...] | None = None


@dataclass(frozen=True, slots=True)
class PointSpec:
    """A request for a point on the table.

    ``validate(point)`` returns ``None`` when the point is legal, else a sentence saying why not.
    ``suggest`` gives a few legal points the engine suggests (computer players may use them): a
    tuple, or a function computed on first use of :attr:`candidates`, since finding legal
    points costs path searches a player with its own ideas never needs.

    Examples
    --------
    >>> calls = []
    >>> spec = PointSpec(lambda p: None, lambda: calls.append(1) or ((1.0, 2.0),))
    >>> len(calls)
    0
    >>> spec.candidates, spec.candidates, len(calls)
    (((1.0, 2.0),), ((1.0, 2.0),), 1)
    """

    validate: Callable[[tuple[float, float]], str | None] = field(repr=False, compare=False)
    suggest: tuple[tuple[float, float], ...] | Callable[[], tuple[tuple[float, float], ...]] = field(default=(), repr=False, compare=False)
    allowance_cm: float | None = None
    accepts: Callable[[tuple[float, float]], bool] | None = field(default=None, repr=False, compare=False)
    """A yes-or-no test with ``validate``'s verdict, without wording the reason (for a player
    trying point after point: :meth:`allows`); ``None`` when ``validate`` is the only test."""
    found: _Found = field(default_factory=_Found, init=False, repr=False, compare=False, hash=False)
    """The suggested points once computed (:attr:`candidates`)."""

    def allows(self, point: tuple[float, float]) -> bool:
        """Whether ``point`` is legal: ``validate(point) is None``, through :attr:`accepts` when given.

        Examples
        --------
        >>> spec = PointSpec(lambda p: None if p[0] > 0 else "west of the table", accepts=lambda p: p[0] > 0)
        >>> spec.allows((1.0, 2.0)), spec.allows((-1.0, 2.0))
        (True, False)
        """
        return self.accepts(point) if self.accepts is not None else self.validate(point) is None

    @property
    def candidates(self) -> tuple[tuple[float, float], ...]:
        """The suggested legal points (computed once)."""
        cached = self.found.points
        if cached is None:
            cached = self.found.points = tuple(self.suggest() if callable(self.suggest) else self.suggest)
        return cached


@dataclass(frozen=True, slots=True)
class Decision:
    """One request to one player."""

    side: str
    kind: DecisionKind
    prompt: str
    choices: tuple[Any, ...] = ()
    """The finite answers (:data:`Choice`: names, or numbers). Left untyped, as :attr:`info`'s values are: each
    kind's are of one type (a ``bid``'s numbers, an ``activate``'s model ids), which the computer
    players and front ends that dispatch on :attr:`kind` read as that type."""
    point: PointSpec | None = None
    ranked: tuple[int, int] | None = None
    optional: bool = False
    secret: bool = False
    model: str | None = None
    info: Mapping[str, Any] = field(default_factory=dict)
    """What the deciding player may see, JSON-able (its own dice, the set-up step, ...), by kind."""
    dice: int = 0
    """For a ``dice`` decision (physical dice): how many D10 the answer lists, each 1 to 10."""

    def check(self, answer: object) -> Answer:
        """The answer in canonical form (tuples for points and ranked lists), or :class:`DecisionError`."""
        if self.dice:
            return _check_dice(self, answer)
        if answer is None:
            if self.optional:
                return None
            raise DecisionError(message("An answer is required to {prompt!r}; it cannot be skipped.", prompt=self.prompt),
                                short=message("An answer is required; it cannot be skipped."))
        if self.point is not None:
            try:
                if not isinstance(answer, Iterable):
                    raise TypeError
                x, y = (float(v) for v in answer)
            except (TypeError, ValueError):
                raise DecisionError(message("{answer} is not a table point (x, y) in cm, as {prompt!r} requires.",
                                            answer=repr(answer), prompt=self.prompt),
                                    short=message("{answer} is not a table point (x, y) in cm.", answer=repr(answer))) from None
            reason = self.point.validate((x, y))
            if reason:
                point = message("({x}, {y})", x=numeral(x, ".1f"), y=numeral(y, ".1f"))
                raise DecisionError(message("{point} is not legal for {prompt!r}: {reason}", point=point, prompt=self.prompt,
                                            reason=reason),
                                    short=message("{point} is not legal: {reason}", point=point, reason=reason))
            return (x, y)
        if self.ranked is not None:
            if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
                raise DecisionError(message("{answer} is not a list of choices, as {prompt!r} requires.", answer=repr(answer),
                                            prompt=self.prompt),
                                    short=message("{answer} is not a list of choices.", answer=repr(answer)))
            picks = tuple(answer)
            low, high = self.ranked
            if not low <= len(picks) <= high:
                raise DecisionError(message("{prompt!r} takes {low} to {high} choices; got {n}.", prompt=self.prompt, low=low,
                                            high=high, n=len(picks)),
                                    short=message("Give {low} to {high} choices; got {n}.", low=low, high=high, n=len(picks)))
            if len(set(picks)) != len(picks):
                raise DecisionError(message("Each choice may be picked once for {prompt!r}; got {picks}.", prompt=self.prompt,
                                            picks=repr(list(picks))),
                                    short=message("Each choice may be picked once; got {picks}.", picks=repr(list(picks))))
            bad = [p for p in picks if p not in self.choices]
            if bad:
                listing = ", ".join(map(repr, self.choices))
                raise DecisionError(message("{bad} is not one of the choices of {prompt!r}: {listing}.", bad=repr(bad[0]),
                                            prompt=self.prompt, listing=listing),
                                    short=message("{bad} is not one of the choices: {listing}.", bad=repr(bad[0]), listing=listing))
            return picks
        if answer in self.choices:
            # Canonical value: the choice itself (answers read back from JSON may be lists).
            chosen: Choice = self.choices[self.choices.index(answer)]
            return chosen
        if isinstance(answer, list) and tuple(answer) in self.choices:
            return tuple(answer)
        listing = ", ".join(repr(c) for c in self.choices) or message("(none)")
        raise DecisionError(message("{answer} is not a legal answer to {prompt!r}; the legal answers are: {listing}.",
                                    answer=repr(answer), prompt=self.prompt, listing=listing),
                            short=message("{answer} is not a legal answer; the legal answers are: {listing}.", answer=repr(answer),
                                          listing=listing))

    def check_dice(self, answer: object) -> tuple[int, ...]:
        """The dice of a ``dice`` decision's answer (physical dice typed by a person), or :class:`DecisionError`."""
        return _check_dice(self, answer)

    def to_dict(self) -> JsonObject:
        """The decision as JSON-able data (points as their allowance; the check stays with the engine)."""
        choices: list[Json] = list(self.choices)
        ranked: list[Json] | None = list(self.ranked) if self.ranked else None
        return {"side": self.side, "kind": self.kind, "prompt": self.prompt, "choices": choices,
                "point": None if self.point is None else {"allowance_cm": self.point.allowance_cm},
                "ranked": ranked, "optional": self.optional, "secret": self.secret,
                "model": self.model, "info": dict(self.info), "dice": self.dice}

    def public(self) -> JsonObject:
        """What the opponent may know of this decision (nothing of a secret one's info)."""
        return {"side": self.side, "kind": self.kind, "prompt": self.prompt, "secret": self.secret, "model": self.model}


def _check_dice(decision: Decision, answer: object) -> tuple[int, ...]:
    """Physical dice typed by a person: exactly ``decision.dice`` whole numbers from 1 to 10.

    Examples
    --------
    >>> d = Decision(side="red", kind="dice", prompt="Roll 2 D10.", dice=2)
    >>> d.check([3, 10])
    (3, 10)
    >>> d.check([0, 4])
    Traceback (most recent call last):
    ...
    landsraad.errors.DecisionError: A D10 shows 1 to 10; got 0 for 'Roll 2 D10.'.
    >>> d.check("7 3")
    Traceback (most recent call last):
    ...
    landsraad.errors.DecisionError: '7 3' is not a list of 2 dice, as 'Roll 2 D10.' requires.
    """
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        raise DecisionError(message("{answer} is not a list of {dice} dice, as {prompt!r} requires.", answer=repr(str(answer)[:80]),
                                    dice=decision.dice, prompt=decision.prompt),
                            short=message("{answer} is not a list of {dice} dice.", answer=repr(str(answer)[:80]), dice=decision.dice))
    values = list(answer)
    if len(values) != decision.dice:
        raise DecisionError(message("{prompt!r} takes {dice} dice; got {n}.", prompt=decision.prompt, dice=decision.dice,
                                    n=len(values)),
                            short=message("Give {dice} dice; got {n}.", dice=decision.dice, n=len(values)))
    out = []
    for v in values:
        whole = isinstance(v, int) or (isinstance(v, float) and v.is_integer()) or hasattr(v, "is_integer") and not isinstance(v, float)
        if isinstance(v, bool) or not whole:
            raise DecisionError(message("A D10 shows a whole number from 1 to 10; got {value} for {prompt!r}.",
                                        value=repr(str(v)[:20]), prompt=decision.prompt),
                                short=message("A D10 shows a whole number from 1 to 10; got {value}.", value=repr(str(v)[:20])))
        if not 1 <= int(v) <= 10:
            raise DecisionError(message("A D10 shows 1 to 10; got {value} for {prompt!r}.", value=int(v), prompt=decision.prompt),
                                short=message("A D10 shows 1 to 10; got {value}.", value=int(v)))
        out.append(int(v))
    return tuple(out)
