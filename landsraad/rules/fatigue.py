"""Fatigue tokens: gain, malus and recovery (rulebook 2.2.2 and 2.6.1).

Rules
-----
- R-FATIGUE-GAIN: at the start of its activation a model receives a fatigue token
  (:func:`start_activation`), which records the tokens held before it (``activation_fatigue``).
- R-FATIGUE-MALUS, RUL-05: the malus follows the tokens held before the new one, until the end
  of the activation (:func:`landsraad.rules.state.fatigue_penalty`): 1 -> -1 Combat and
  Reflexes; 2 or more -> -2 Combat, -2 Reflexes, -1 Endurance. Tokens beyond the third give no
  further malus but still count for recovery. A scratch (R-WOUND) adds a token too.
- R-FATIGUE-REST, RUL-06 (option ``recovery``): at the end of an activation, the other models
  of the active player (``owner``, default) or every other model (``all``) lose one token
  (:func:`recovers`, :func:`recover`).
- RUL-10: the end of an activation also ends a spice effect when the model holds 2 or more
  tokens (:func:`end_activation`).

Examples
--------
>>> c, ev = start_activation(Combatant(name="Scout", fatigue=2))
>>> c.fatigue, c.activation_fatigue, ev.malus
(3, 2, (2, 2, 1))
>>> c, ev = end_activation(c)
>>> c.activation_fatigue is None, c.fatigue
(True, 3)
"""

from __future__ import annotations

from typing import Sequence

from ..ruleset import DEFAULT, Ruleset
from .spice import SpiceEvent, end_spice_if_spent
from .state import Combatant, Event, fatigue_penalty

__all__ = [
    "ActivationStartEvent",
    "ActivationEndEvent",
    "RecoveryEvent",
    "start_activation",
    "end_activation",
    "recovers",
    "recover",
    "recover_after_activation",
    "recovered_tokens",
]


class ActivationStartEvent(Event):
    """A model starts its activation and receives a fatigue token (R-FATIGUE-GAIN, RUL-05)."""

    model: str
    tokens_before: int
    tokens_after: int
    malus: tuple[int, int, int]
    """(Combat, Reflexes, Endurance) malus until the end of this activation."""


class ActivationEndEvent(Event):
    """A model's activation ends: its fatigue malus stops; its spice may end (RUL-05, RUL-10)."""

    model: str
    tokens: int
    spice: SpiceEvent | None


class RecoveryEvent(Event):
    """A model loses a fatigue token at the end of another model's activation (R-FATIGUE-REST, RUL-06)."""

    model: str
    tokens_before: int
    tokens_after: int


def start_activation(c: Combatant) -> tuple[Combatant, ActivationStartEvent]:
    """Start ``c``'s activation: remember the tokens held, then give it one more (R-FATIGUE-GAIN, RUL-05).

    Examples
    --------
    >>> c, ev = start_activation(Combatant(combat=1, fatigue=1))
    >>> c.effective_combat, ev.tokens_after
    (0, 2)
    """
    before = c.fatigue
    c = c.model_copy(update={"activation_fatigue": before, "fatigue": before + 1})
    return c, ActivationStartEvent(model=c.name, tokens_before=before, tokens_after=c.fatigue, malus=fatigue_penalty(c))


def end_activation(c: Combatant) -> tuple[Combatant, ActivationEndEvent]:
    """End ``c``'s activation: the fatigue malus stops; a spice effect ends with 2+ tokens (RUL-05, RUL-10).

    Examples
    --------
    >>> c, ev = end_activation(Combatant(activation_fatigue=1, fatigue=2, spice_active=True, spice_effect="corrino_spice"))
    >>> c.spice_active, ev.spice.kind
    (False, 'ended')
    """
    c, spice_event = end_spice_if_spent(c)
    c = c.model_copy(update={"activation_fatigue": None})
    return c, ActivationEndEvent(model=c.name, tokens=c.fatigue, spice=spice_event)


def recovers(friendly_to_active: bool, ruleset: Ruleset = DEFAULT) -> bool:
    """Whether a model other than the one just activated loses a token (RUL-06, option ``recovery``).

    Examples
    --------
    >>> recovers(True), recovers(False), recovers(False, Ruleset(recovery="all"))
    (True, False, True)
    """
    return friendly_to_active or ruleset.recovery == "all"


def recover(c: Combatant) -> tuple[Combatant, RecoveryEvent]:
    """``c`` loses one fatigue token, if it holds any (R-FATIGUE-REST).

    Examples
    --------
    >>> recover(Combatant(fatigue=0))[0].fatigue, recover(Combatant(fatigue=4))[0].fatigue
    (0, 3)
    """
    before = c.fatigue
    c = c.model_copy(update={"fatigue": recovered_tokens(before)})
    return c, RecoveryEvent(model=c.name, tokens_before=before, tokens_after=c.fatigue)


def recovered_tokens(tokens: int) -> int:
    """The fatigue tokens a model holding ``tokens`` keeps when it recovers: one fewer, never below
    zero (R-FATIGUE-REST, RUL-06). The one count :func:`recover` applies, for the engine's end of an
    activation, which recovers model states without building their combatants.

    Examples
    --------
    >>> recovered_tokens(0), recovered_tokens(1), recovered_tokens(4)
    (0, 0, 3)
    """
    return max(0, tokens - 1)


def recover_after_activation(
    others: Sequence[tuple[Combatant, bool]], ruleset: Ruleset = DEFAULT
) -> tuple[tuple[Combatant, ...], tuple[RecoveryEvent, ...]]:
    """At the end of an activation, every other model ``(model, friendly_to_active)`` that recovers loses a token (RUL-06).

    Returns the models in the same order and the events of those that recovered.

    Examples
    --------
    >>> models, events = recover_after_activation([(Combatant(name="A", fatigue=2), True), (Combatant(name="B", fatigue=2), False)])
    >>> [m.fatigue for m in models], [e.model for e in events]
    ([1, 2], ['A'])
    """
    out: list[Combatant] = []
    events: list[RecoveryEvent] = []
    for model, friendly in others:
        if recovers(friendly, ruleset):
            model, ev = recover(model)
            events.append(ev)
        out.append(model)
    return tuple(out), tuple(events)
