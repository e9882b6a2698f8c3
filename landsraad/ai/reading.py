"""What the heuristic player reads of the table when it picks its missions (R-MISSION-PICK): both
warbands, the terrain between the edges and the game's length, as the few numbers its mission
estimates use (:mod:`landsraad.ai.mission_hooks`).

At pick time the terrain is down, the edges are known and no model is deployed yet; the
opponent's warband is public (its picks are not).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import shapely

from ..dice import simple_test
from ..engine.clock import TableTimeModel
from ..engine.state import GameState, ModelState, other_side
from .tables import _best_melee, _comb, _worth, clash_table, warm_clash_tables

_ACTIVATION_STEPS = {"select": 1.0, "move": 1.0, "melee": 0.25}
"""What one activation takes at the table on average (a move, a fight one time in four), to
turn the game's clock into a number of activations (R-CLOCK, PRJ-92)."""


@dataclass(frozen=True)
class TableReading:
    """The table at pick time from one side's point of view.

    Attributes
    ----------
    side, edge
        The side and its table edge.
    width, depth
        The table; ``span`` is its depth from the own edge to the opponent's.
    mine, theirs
        The models each side fields (no ambassador: none is placed yet).
    move
        The mean Movement of the side's models (cm).
    fight
        The side's mean edge in a clash, both ways (worth 1 a side): above 0 it outfights the opponent.
    share
        The side's share of the table's fighting power (0 to 1; 0.5 even): worth times the clash edge.
    detour
        How much longer than a straight line a walk across the table is (1: open ground), from the
        impassable and difficult terrain between the edges.
    activations
        How many activations each of the side's models may expect in the game (the clock, R-CLOCK).
    """

    side: str
    edge: str
    width: float
    depth: float
    mine: tuple[ModelState, ...]
    theirs: tuple[ModelState, ...]
    move: float
    fight: float
    share: float
    detour: float
    activations: float
    state: Any

    @property
    def span(self) -> float:
        return self.depth if self.edge in ("south", "north") else self.width

    @property
    def along(self) -> float:
        return self.width if self.edge in ("south", "north") else self.depth

    def turns(self, distance_cm: float) -> float:
        """Activations one model needs to walk ``distance_cm`` across this table (a free move and a Move)."""
        return distance_cm * self.detour / max(1.0, 2.0 * self.move)

    def exposure(self, depth_cm: float) -> float:
        """How exposed a model is ``depth_cm`` from its own edge (0 at home, about 1 at the opponent's
        edge against an even warband, more against a stronger one)."""
        x = min(1.0, max(0.0, depth_cm / max(1.0, self.span)))
        return x * x * (2.0 * (1.0 - self.share)) ** 1.5

    def test_chance(self, characteristic: str, difficulty: int) -> float:
        """The chance a typical model of the side passes a simple test (R-TEST-SIMPLE), from the dice."""
        values = [m.profile.reflexes if characteristic == "reflexes" else m.profile.combat for m in self.mine] or [0]
        bonus = int(round(sum(int(v) for v in values) / len(values)))
        return sum(simple_test(bonus, difficulty, neutral=1, colour=c).success for c in range(1, 11)) / 10.0

    def carriers(self, equipment: str) -> int:
        """How many of the side's models carry ``equipment``."""
        return sum(1 for m in self.mine if equipment in m.equipment)

    def explosive_shooters(self) -> int:
        """How many of the side's models carry a weapon that can shoot explosively (a laser, an explosive template)."""
        return sum(1 for m in self.mine if any(w.is_ranged and (w.laser or w.explosive) for w in m.weapons))


def read_table(state: GameState, side: str) -> TableReading:
    """The :class:`TableReading` of ``state`` for ``side``."""
    mine = tuple(m for m in state.models_of(side) if not m.ambassador)
    theirs = tuple(m for m in state.models_of(other_side(side)) if not m.ambassador)
    edge = state.side_state(side).edge
    move = sum(m.profile.movement for m in mine) / len(mine) if mine else 10.0
    fight = _fight(state, mine, theirs)
    # A clash edge of 0.1 (a tenth of a victim's worth per charge) decides many fights over a game.
    power_mine = sum(_worth(state, m) for m in mine) * max(0.1, 1.0 + 3.0 * fight)
    power_theirs = sum(_worth(state, m) for m in theirs) * max(0.1, 1.0 - 3.0 * fight)
    share = power_mine / (power_mine + power_theirs) if power_mine + power_theirs > 0 else 0.5
    costs = TableTimeModel()
    per_activation = sum(costs.cost(step) * n for step, n in _ACTIVATION_STEPS.items())
    total = state.clock_limit_s / per_activation
    per_model = total / 2.0 / max(1, len(mine))
    return TableReading(side, edge, state.width, state.depth, mine, theirs, move, fight, min(0.95, max(0.05, share)),
                        _detour(state, edge), per_model, state)


def _fight(state: GameState, mine: tuple[ModelState, ...], theirs: tuple[ModelState, ...]) -> float:
    """The mean clash value of the side's models charging the opponent's, minus the reverse (worth 1 each,
    from the exact tables), halved: about -0.5 to 0.5."""
    if not mine or not theirs:
        return 0.0
    a = _types(state, mine)
    b = _types(state, theirs)
    # Every clash of the loop below, played at once (the same tables, most of their time shared).
    warm_clash_tables([pair for ca, _ in a for cb, _ in b if ca is not None and cb is not None
                       for pair in ((ca, cb, 1.0, 1.0), (cb, ca, 1.0, 1.0))], state.ruleset)
    total = weight = 0.0
    for ca, na in a:
        for cb, nb in b:
            if ca is None or cb is None:
                continue
            v = clash_table(ca, cb, 1.0, 1.0, state.ruleset).value - clash_table(cb, ca, 1.0, 1.0, state.ruleset).value
            total += v * na * nb
            weight += na * nb
    return total / weight / 2.0 if weight else 0.0


def _types(state: GameState, models: tuple[ModelState, ...]) -> list[tuple[Any, int]]:
    """Each distinct kind of model (faction, type, weapons) as a combatant with its best melee weapon, and how many."""
    seen: dict[tuple, list] = {}
    for m in models:
        key = (m.faction, m.type, tuple(w.id for w in m.weapons), m.equipment)
        if key in seen:
            seen[key][1] += 1
        else:
            w = _best_melee(m)
            seen[key] = [None if w is None else _comb(state, m.id, weapon=w), 1]
    return [(c, n) for c, n in seen.values()]


def _detour(state: GameState, edge: str) -> float:
    """1 plus the share of five straight walks from the own edge to the opposite one that crosses
    impassable terrain (counted three times: the walk goes round) or difficult ground (half)."""
    if not state.terrain:
        return 1.0
    horizontal = edge in ("south", "north")
    along, span = (state.width, state.depth) if horizontal else (state.depth, state.width)
    blocked = [shapely.Polygon(t.polygon) for t in state.terrain if t.movement == "blocked" and len(t.polygon) >= 3]
    difficult = [shapely.Polygon(t.polygon) for t in state.terrain if t.movement == "difficult" and len(t.polygon) >= 3]
    walks = []
    for f in (0.1, 0.3, 0.5, 0.7, 0.9):
        a = f * along
        walks.append(shapely.LineString([(a, 0.0), (a, span)] if horizontal else [(0.0, a), (span, a)]))
    total = len(walks) * span
    crossed = sum(w.intersection(p).length for w in walks for p in blocked)
    slowed = sum(w.intersection(p).length for w in walks for p in difficult)
    return 1.0 + 3.0 * crossed / total + 0.5 * slowed / total
