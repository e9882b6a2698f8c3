"""The seven poisons: applying them, their durations, and what they forbid (R-POISON).

The stat effects (Dangerous, Deadly, Paralysing, Blinding) are read by the effective-value
functions of :mod:`landsraad.rules.state`; this module adds poisons to a model, counts down
Will-breaker X and Crippling X, and answers "may this model be selected / what must it do".

Durations
---------
Every poison lasts until the model is healed (RUL-12), except:

- Will-breaker X: the model's next X activations must be Move actions towards the nearest
  table edge. The counter drops by one when each such activation starts
  (:func:`start_will_breaker_activation`); at 0 the poison is gone.
- Crippling X: its owner cannot select it for the owner's next X activations. The counter drops
  by one each time its owner activates another model or passes (:func:`tick_crippling`); at 0
  the poison is gone (PRJ-14).
- PRJ-01: X printed without a value is 2 (:data:`landsraad.model.DEFAULT_POISON_X`).

A model poisoned again with a poison it already suffers keeps one copy; for Will-breaker and
Crippling the larger remaining X counts (PRJ-14).

Examples
--------
>>> ps = add_poison((), Poison(kind="will_breaker", x=2))
>>> ps = add_poison(ps, Poison(kind="will_breaker", x=1))
>>> [str(p) for p in ps]
['will_breaker 2']
"""

from __future__ import annotations

from typing import Iterable

from ..errors import RuleError
from ..i18n import message
from ..model import Poison, PoisonKind
from .state import Combatant, Event, has_poison, is_out_of_action

__all__ = [
    "add_poison",
    "remove_poison",
    "PoisonTickEvent",
    "start_will_breaker_activation",
    "tick_crippling",
    "can_select",
    "verify_select",
    "required_action",
    "choose_poison",
    "may_fulfil_objectives",
]


def add_poison(poisons: tuple[Poison, ...], poison: Poison) -> tuple[Poison, ...]:
    """Return ``poisons`` with ``poison`` added (one copy per kind; the larger X counts; PRJ-14).

    Examples
    --------
    >>> [str(p) for p in add_poison((Poison(kind="crippling", x=1),), Poison(kind="crippling", x=3))]
    ['crippling 3']
    >>> [str(p) for p in add_poison((Poison(kind="irritant"),), Poison(kind="paralysing"))]
    ['irritant', 'paralysing']
    """
    for i, p in enumerate(poisons):
        if p.kind == poison.kind:
            if p.x is not None and poison.x is not None and poison.x > p.x:
                return poisons[:i] + (poison,) + poisons[i + 1:]
            return poisons
    return poisons + (poison,)


def remove_poison(poisons: Iterable[Poison], kind: PoisonKind) -> tuple[Poison, ...]:
    """``poisons`` without any of ``kind``.

    Examples
    --------
    >>> remove_poison((Poison(kind="irritant"), Poison(kind="paralysing")), "irritant")
    (Poison(kind='paralysing', x=None),)
    """
    return tuple(p for p in poisons if p.kind != kind)


def _decrement(c: Combatant, kind: PoisonKind) -> tuple[Combatant, int]:
    """Drop ``kind``'s counter by one; return the new state and the activations left."""
    out: list[Poison] = []
    left = 0
    for p in c.poisons:
        if p.kind == kind and p.x is not None:
            left = p.x - 1
            if left > 0:
                out.append(Poison(kind=kind, x=left))
        else:
            out.append(p)
    return c.model_copy(update={"poisons": tuple(out)}), left


class PoisonTickEvent(Event):
    """A Will-breaker or Crippling counter went down (R-POISON)."""

    model: str
    kind: PoisonKind
    remaining: int
    """Activations left after this one; 0 means the poison is gone."""
    forced_action: str | None
    """``"move_to_nearest_edge"`` when this activation must be such a Move action (Will-breaker)."""


def start_will_breaker_activation(c: Combatant) -> tuple[Combatant, PoisonTickEvent | None]:
    """At the start of ``c``'s activation: if it suffers Will-breaker, this activation must be a
    Move action towards the nearest table edge, and the counter drops by one (R-POISON).

    Returns ``None`` as the event when ``c`` has no Will-breaker.

    Examples
    --------
    >>> c = Combatant(poisons=(Poison(kind="will_breaker", x=2),))
    >>> c, ev = start_will_breaker_activation(c)
    >>> ev.forced_action, ev.remaining, [str(p) for p in c.poisons]
    ('move_to_nearest_edge', 1, ['will_breaker 1'])
    >>> c, ev = start_will_breaker_activation(c)
    >>> ev.remaining, c.poisons
    (0, ())
    """
    if not has_poison(c, "will_breaker"):
        return c, None
    c, left = _decrement(c, "will_breaker")
    return c, PoisonTickEvent(model=c.name, kind="will_breaker", remaining=left, forced_action="move_to_nearest_edge")


def tick_crippling(c: Combatant) -> tuple[Combatant, PoisonTickEvent | None]:
    """Count one of its owner's activations (or passes) against ``c``'s Crippling X (R-POISON, PRJ-14).

    Call it for each crippled model of a player each time that player activates a model or passes.

    Examples
    --------
    >>> c, ev = tick_crippling(Combatant(poisons=(Poison(kind="crippling", x=1),)))
    >>> ev.remaining, can_select(c)
    (0, True)
    """
    if not has_poison(c, "crippling"):
        return c, None
    c, left = _decrement(c, "crippling")
    return c, PoisonTickEvent(model=c.name, kind="crippling", remaining=left, forced_action=None)


def can_select(c: Combatant) -> bool:
    """Whether its owner may select ``c`` for an activation (R-POISON Crippling; out of action).

    Examples
    --------
    >>> can_select(Combatant()), can_select(Combatant(poisons=(Poison(kind="crippling"),)))
    (True, False)
    """
    return not (has_poison(c, "crippling") or is_out_of_action(c))


def verify_select(c: Combatant) -> None:
    """Raise :class:`RuleError` if ``c`` may not be selected for an activation.

    Examples
    --------
    >>> verify_select(Combatant(name="Scout", poisons=(Poison(kind="crippling", x=2),)))
    Traceback (most recent call last):
    ...
    landsraad.errors.RuleError: Scout suffers Crippling 2: its owner cannot select it for 2 more activation(s) (R-POISON).
    """
    if is_out_of_action(c):
        raise RuleError(message("{model} suffers a fatal wound's effects and can no longer be activated (R-WOUND, R-POISON).", model=c.name))
    for p in c.poisons:
        if p.kind == "crippling":
            raise RuleError(message("{model} suffers Crippling {x}: its owner cannot select it for {x} more activation(s) (R-POISON).", model=c.name, x=p.x))


def required_action(c: Combatant) -> str | None:
    """The action ``c``'s next activation must be, if a poison forces one (Will-breaker), else ``None``.

    Examples
    --------
    >>> required_action(Combatant(poisons=(Poison(kind="will_breaker"),)))
    'move_to_nearest_edge'
    """
    return "move_to_nearest_edge" if has_poison(c, "will_breaker") else None


def may_fulfil_objectives(c: Combatant) -> bool:
    """Whether ``c`` may fulfil mission objectives (R-POISON Blinding; out of action).

    Examples
    --------
    >>> may_fulfil_objectives(Combatant(poisons=(Poison(kind="blinding"),)))
    False
    """
    return not (has_poison(c, "blinding") or is_out_of_action(c))


def choose_poison(c: Combatant, chosen: Poison | str | None = None) -> Poison | None:
    """The poison ``c``'s weapon applies this time (R-POISON; the Knife rule: chosen before the roll).

    The choice is among the weapon's own poisons and the poisons the model carries. Without a
    choice: the weapon's poison if it has exactly one, else none.

    Examples
    --------
    >>> carrier = Combatant(name="Master Assassin", carried_poisons=(Poison(kind="dangerous"), Poison(kind="irritant")))
    >>> choose_poison(carrier, "irritant")
    Poison(kind='irritant', x=None)
    >>> choose_poison(carrier) is None
    True
    >>> choose_poison(carrier, "deadly")
    Traceback (most recent call last):
    ...
    landsraad.errors.RuleError: Master Assassin cannot use the poison 'deadly': it carries only dangerous, irritant.
    """
    own = tuple(c.weapon.poisons) if c.weapon is not None else ()
    available = own + tuple(p for p in c.carried_poisons if p.kind not in {q.kind for q in own})
    if chosen is None:
        return own[0] if len(own) == 1 else None
    kind = chosen.kind if isinstance(chosen, Poison) else str(chosen).split()[0].replace("-", "_").lower()
    for p in available:
        if p.kind == kind:
            return chosen if isinstance(chosen, Poison) else p
    listing = ", ".join(str(p) for p in available) or message("no poison")
    raise RuleError(message("{model} cannot use the poison {kind}: it carries only {listing}.", model=c.name, kind=repr(kind), listing=listing))
