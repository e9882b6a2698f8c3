"""``check-scene``: a scene file's set-up checks, terrain placement (R-TERRAIN) and deployment
(R-DEPLOY), for the stage the table is at.

Examples
--------
>>> from landsraad.scene import parse_scene
>>> scene = parse_scene("models:\\n  - {id: a, at: [10, 1.5], base: 30, side: red}\\n", "s.yaml")
>>> c = check_scene(scene, "s.yaml", edges={"red": "south"})
>>> c.ok, c.edges
(True, {'red': 'south'})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Mapping

from ..errors import UsageError
from ..geometry import setup
from ..geometry.board import Board
from ..geometry.setup import EDGES, Edge, SetupProblem
from ..i18n import message
from ..scene import Scene
from .scenes import suggest

__all__ = ["SceneCheck", "check_scene"]


@dataclass(frozen=True)
class SceneCheck:
    """The set-up problems of a valid scene file at a stage (``setup`` or ``play``)."""

    scene: str
    board: Board
    stage: Literal["setup", "play"]
    edges: Mapping[str, Edge]
    problems: tuple[SetupProblem, ...] = ()
    sides: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        """No problem."""
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` object."""
        return {"scene": self.scene, "stage": self.stage, "ok": self.ok, "file_problems": [], "edges": dict(self.edges),
                "problems": [{"subject": p.subject, "rule": p.rule, "message": p.message} for p in self.problems]}


def check_scene(scene: Scene, name: str, *, edges: Mapping[str, str] | None = None,
                stage: Literal["setup", "play"] = "setup") -> SceneCheck:
    """Check a valid scene's set-up: at ``setup``, R-TERRAIN and, for the sides with an edge
    (given, else the file's ``edges``), R-DEPLOY; at ``play`` nothing beyond the file's own rules.

    Raises
    ------
    UsageError
        A given edge names a side with no model in the scene, or is not an edge of the table.
    """
    board = scene.board
    given = dict(edges or {})
    sides = tuple(sorted({b.side for b in board.bases if b.side is not None}))
    # An edge given for a side that is not there is a typo worth stopping; an edge the scene
    # file gives for a side with no model yet (an empty table) is simply nothing to check.
    unknown = [s for s in given if s not in sides]
    if unknown:
        hint = suggest(unknown[0], [("side", sides)])
        extra = message(" Did you mean {name}?", name=repr(hint[1])) if hint else ""
        listing = ", ".join(sides) or message("(none)")
        raise UsageError(message("--edge names side {side}, which has no model in scene {scene}.", side=repr(unknown[0]), scene=name)
                         + extra + message(" Sides: {sides}.", sides=listing))
    typed = {side: _edge(side, edge) for side, edge in given.items()}
    chosen = {side: edge for side, edge in {**scene.edges, **typed}.items() if side in sides}
    problems: list[SetupProblem] = []
    # the problems name a model or piece by its French name in French (issue 40), by its id in English and the JSON
    names = scene.french_names()
    if stage == "setup":
        problems += setup.check_terrain_placement(board, names=names)
        if chosen:
            problems += setup.check_deployment(board, chosen, names=names)
    return SceneCheck(name, board, stage, chosen, tuple(problems), sides)


def _edge(side: str, edge: str) -> Edge:
    """``edge`` as a table edge (R-DEPLOY), or a :class:`UsageError` naming ``side``."""
    for known in EDGES:
        if edge == known:
            return known
    raise UsageError(message("--edge gives side {side} the edge {edge}; the edges are {edges}.", side=repr(side), edge=repr(edge),
                             edges=", ".join(EDGES)))
