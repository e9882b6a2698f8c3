"""Every module of the flow, imported once so their stages and decision builders are registered.

The flow's modules refer to each other's stages by reference (``m.call(shoot, ...)``), importing
one another along the stage graph, downward only (docs/architecture.md); this module gathers them
all for :class:`~landsraad.engine.game.Game` and for snapshots, which name stages in
:data:`STAGES`.
"""

from __future__ import annotations

from types import ModuleType

from . import actions, activation, melee, missions, moves, scoring, setup, shooting
from .flow import BUILDERS, STAGES

__all__ = ["STAGE_MODULES", "STAGES", "BUILDERS"]

STAGE_MODULES: tuple[ModuleType, ...] = (setup, missions, activation, actions, moves, melee, shooting, scoring)
"""The flow's modules, in the order a game meets them."""
