"""Spice: consuming a dose and when its effect ends (R-SPICE, RUL-10).

- A model carrying spice may consume doses; there is no limit per game, but doses never
  stack: a model already under spice may not take another dose (it would have no effect).
- RUL-10: consuming is a free declaration at the start of the model's activation, not an action.
- The effect is the faction's spice effect, a special rule whose hooks apply while
  ``spice_active`` (e.g. ``corrino_spice``: ignore the effects of wound tokens, PRJ-10).
- RUL-10: the effect ends when the model holds two or more fatigue tokens at the end of one
  of its activations (:func:`end_spice_if_spent`, called by
  :func:`landsraad.rules.fatigue.end_activation`).

Examples
--------
>>> c = Combatant(name="Sardaukar", spice_doses=1, spice_effect="corrino_spice", activation_fatigue=0, fatigue=1)
>>> c, ev = consume_spice(c)
>>> c.spice_active, c.spice_doses, ev.effect
(True, 0, 'corrino_spice')
"""

from __future__ import annotations

from typing import Literal

from ..errors import RuleError
from ..i18n import message
from ..specials import SPECIAL_RULES
from .state import Combatant, Event, is_out_of_action

__all__ = ["SPICE_END_FATIGUE", "SpiceEvent", "verify_consume_spice", "can_consume_spice", "consume_spice", "spice_expires", "end_spice_if_spent"]

SPICE_END_FATIGUE = 2
"""RUL-10: the spice effect ends at the end of an activation with this many fatigue tokens or more."""


class SpiceEvent(Event):
    """A dose consumed, or a spice effect that ended (R-SPICE)."""

    model: str
    kind: Literal["consumed", "ended"]
    effect: str
    doses_left: int


def verify_consume_spice(c: Combatant, effect: str | None = None) -> None:
    """Raise :class:`RuleError` unless ``c`` may consume a dose of spice now (R-SPICE, RUL-10).

    Examples
    --------
    >>> verify_consume_spice(Combatant(name="Scout", spice_doses=0, spice_effect="corrino_spice", activation_fatigue=0))
    Traceback (most recent call last):
    ...
    landsraad.errors.RuleError: Scout carries no dose of spice (R-SPICE).
    >>> verify_consume_spice(Combatant(name="Scout", spice_doses=2, spice_effect="corrino_spice", spice_active=True, activation_fatigue=0))
    Traceback (most recent call last):
    ...
    landsraad.errors.RuleError: Scout is already under the effect of spice; doses never stack (R-SPICE).
    """
    if is_out_of_action(c):
        raise RuleError(message("{model} suffers a fatal wound's effects and cannot consume spice (R-WOUND).", model=c.name))
    if c.spice_doses < 1:
        raise RuleError(message("{model} carries no dose of spice (R-SPICE).", model=c.name))
    if c.spice_active:
        raise RuleError(message("{model} is already under the effect of spice; doses never stack (R-SPICE).", model=c.name))
    if c.activation_fatigue is None:
        raise RuleError(message("{model} may consume spice only at the start of its own activation (RUL-10).", model=c.name))
    name = effect or c.spice_effect
    if not name:
        raise RuleError(message("{model} has no spice effect: its faction's spice effect must be given (R-SPICE).", model=c.name))
    rule = SPECIAL_RULES.get(name)
    if rule.scope != "spice":
        raise RuleError(message("{name} is not a spice effect (R-SPICE).", name=repr(name)))


def can_consume_spice(c: Combatant, effect: str | None = None) -> bool:
    """Whether :func:`verify_consume_spice` passes.

    Examples
    --------
    >>> can_consume_spice(Combatant(spice_doses=1, spice_effect="corrino_spice", activation_fatigue=1))
    True
    """
    try:
        verify_consume_spice(c, effect)
    except RuleError:
        return False
    return True


def consume_spice(c: Combatant, effect: str | None = None) -> tuple[Combatant, SpiceEvent]:
    """Consume one dose: the faction's spice effect applies from now (R-SPICE, RUL-10).

    Examples
    --------
    >>> c, _ = consume_spice(Combatant(wound="grave", combat=2, spice_doses=1, spice_effect="corrino_spice", activation_fatigue=0))
    >>> c.effective_combat  # the Corrino spice ignores the grave wound's effects
    2
    """
    verify_consume_spice(c, effect)
    name = effect or c.spice_effect
    assert name is not None
    c = c.model_copy(update={"spice_doses": c.spice_doses - 1, "spice_active": True, "spice_effect": name})
    return c, SpiceEvent(model=c.name, kind="consumed", effect=name, doses_left=c.spice_doses)


def spice_expires(c: Combatant) -> bool:
    """Whether ``c``'s spice effect ends now, at the end of its activation: 2 or more fatigue tokens (RUL-10).

    Examples
    --------
    >>> spice_expires(Combatant(spice_active=True, fatigue=2)), spice_expires(Combatant(spice_active=True, fatigue=1))
    (True, False)
    """
    return c.spice_active and c.fatigue >= SPICE_END_FATIGUE


def end_spice_if_spent(c: Combatant) -> tuple[Combatant, SpiceEvent | None]:
    """At the end of ``c``'s activation, end its spice effect if it holds 2 or more fatigue tokens (RUL-10).

    Examples
    --------
    >>> c, ev = end_spice_if_spent(Combatant(spice_active=True, spice_effect="corrino_spice", fatigue=3))
    >>> c.spice_active, ev.kind
    (False, 'ended')
    """
    if not spice_expires(c):
        return c, None
    c = c.model_copy(update={"spice_active": False})
    return c, SpiceEvent(model=c.name, kind="ended", effect=c.spice_effect or "", doses_left=c.spice_doses)
