"""Outcomes: what the rules kernel resolved, as the game's events carry it, and writing it back to the state.

The kernel (:mod:`landsraad.rules`) resolves a shot, a clash, a test into a frozen record; the
event reporting it carries it typed (:class:`~landsraad.engine.events.Shot` ``.outcome`` is a
:data:`ShotOutcome`), so narration, the AI and the viewer read attributes. :func:`record_outcome`
writes a combatant's new state back and records who put whom out of the game.
"""

from __future__ import annotations

from ..rules.state import Combatant
from .bridge import store
from .events import (
    ClashOutcome,
    DisengageOutcome,
    HealOutcome,
    MarkerShotOutcome,
    PoisonTickOutcome,
    ShotOutcome,
    StrikeOutcome,
    TemplateShotOutcome,
    TestOutcome,
)
from .flow import Machine
from .state import KillRecord

__all__ = ["record_outcome", "ShotOutcome", "TemplateShotOutcome", "MarkerShotOutcome", "ClashOutcome", "StrikeOutcome",
           "DisengageOutcome", "HealOutcome", "PoisonTickOutcome", "TestOutcome"]


def record_outcome(m: Machine, model_id: str, after: Combatant, *, killer: str | None, means: str, order: int | None = None) -> None:
    """Store a combatant's new state; record a kill (PRJ-76) when it is newly out of the game.

    A carried marker drops where its carrier fell (R-MISSIONS).
    """
    before = m.state.model(model_id)
    was_out = before.out_of_action
    m.state = store(m.state, model_id, after)
    now = m.state.model(model_id)
    if now.out_of_action and not was_out:
        k = m.state.model(killer) if killer else None
        order = order if order is not None else len(m.state.kills) + 1
        m.state = m.state.replace(kills=m.state.kills + (KillRecord(
            order=order, victim=model_id, victim_side=now.side, killer=killer, killer_side=k.side if k else None, means=means),))
        if before.carrying:
            m.state = m.state.with_marker(m.state.marker(before.carrying).model_copy(update={"carried_by": None, "x": now.x, "y": now.y}))
            m.state = m.state.update_model(model_id, carrying=None)
        m.emit("out_of_action", now.side, model_id, killer=killer, means=means, removed=now.removed)
