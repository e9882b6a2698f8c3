"""Set-up (section 2.1.1 of the rulebook): recruiting sides, the four Honour bids, terrain,
missions and their markers, deployment, and the first player.

Rules
-----
- R-SETUP-BID: before each set-up step (terrain, missions, deployment, the first turn), when it
  comes, each player secretly bids Honour, knowing the table as it stands; the higher bid wins the
  step; both lose what they bid; ties: each rolls a die, the higher wins (rolled again while equal),
  unless one faction wins tied bids (wins_bid_ties). Order: terrain bid, terrain, missions bid,
  missions (picks, then markers), deployment bid, deployment, the last bid (issue 37).
- R-TERRAIN: pieces are placed alternately, each more than 5 cm from the table edges and more
  than 10 cm from the pieces already placed; the winner of the bid says who places first.
- R-MISSION-PICK, R-MISSIONS: the winner says who picks first; each player secretly picks and
  ranks 1 to 6 missions; markers are placed in that order. Imperial espionage (Corrino): the
  opponent tells how many missions it chose.
- R-DEPLOY: the winner says who deploys first; all that player's models are placed in
  contact with their own table edge, then the other player's.
- R-FIRST: a last bid; the winner chooses to activate first or second; the clock starts.
- R-ARRAKIS: each player gets one more spice dose: it joins the faction's pool, which the list hands out
  (PRJ-60, PRJ-94); the validator checks it.

Games opened before issue 37 made the terrain, missions and deployment bids before any terrain was
placed; their stages (``setup``, ``setup.bid_won``, ``setup.first_bid``) stay, so their saved games
replay as they were played. New games start at ``setup.steps``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from os import PathLike
from pathlib import Path
from typing import ClassVar, Mapping, Sequence

import numpy as np
import numpy.typing as npt
import shapely

from ..content import data_dir, faction_ids, load_faction
from ..errors import DataError, Problem, RuleError, UnknownNameError
from ..fileio import path_kind
from ..geometry.board import DEFAULT_MODEL_HEIGHT_CM, Base, Board, TerrainPiece
from ..geometry.setup import TERRAIN_EDGE_MARGIN_CM, TERRAIN_SPACING_CM, Edge, edge_contact, edge_gap
from ..i18n import message
from ..kits import KitPiece, load_kit
from ..model import Faction
from ..ruleset import Ruleset
from ..specials import SPECIAL_RULES, HookContext
from ..warband import WarbandList, load_list, resolve_models
from .activation import play
from .bridge import faction_named
from .decisions import Decision, PointSpec
from .flow import Frame, Machine, ModelAsk, Payload, SideAsk, WhoFirstAsk, builder, stage
from .missions import MissionsWon, PickFrame, missions_picked, missions_step
from .scoring import game_end
from .setup_options import SetupOptions
from .state import GameState, ModelState, Side, SideState, TerrainState, other_side

__all__ = ["SetupOptions", "WarbandSource", "load_warband", "recruit_side", "EDGES", "placement_problem", "edge_contact", "stack_at_mission_pick",
           "stack_at_bid", "next_bid_step", "previous_bid_step", "BID_STEPS", "BidFrame", "StepFrame", "Won", "LegacyBids", "TerrainFrame",
           "DeployQueue"]

EDGES: dict[Side, Edge] = {"red": "south", "blue": "north"}
"""The players sit at opposite edges: red at y = 0 (south), blue at y = depth (north)."""

BID_STEPS = ("terrain", "missions", "deployment", "first")
"""The set-up's bids, in order; each is made just before its step (R-SETUP-BID)."""


# --- recruiting ------------------------------------------------------------------------------


WarbandSource = WarbandList | str | PathLike[str]
"""What a game's side is given: a warband list, a list file's path, or a bundled faction id."""


def load_warband(source: WarbandSource) -> WarbandList:
    """A warband list from a :class:`~landsraad.warband.WarbandList`, a list file, or a bundled faction id (its example list)."""
    if isinstance(source, WarbandList):
        return source
    path = Path(str(source))
    if path.suffix in (".yaml", ".yml", ".json") or path_kind(path) not in ("missing", "too long"):  # no OSError on a long name
        return load_list(path)
    # A bundled faction id: its example list.
    # A faction id is an id, never a path: only bundled ids name an example list.
    if str(source) in faction_ids():
        return _example_list(str(source))
    raise UnknownNameError("warband (list file or faction id)", str(source), faction_ids())


@lru_cache(maxsize=None)
def _example_list(faction_id: str) -> WarbandList:
    """A bundled faction's example list, read once per process: bundled files do not change while
    it runs (as :func:`~landsraad.content.load_faction`'s sheets), and a list is immutable, so every
    game of that faction may share it (a new game read and parsed it again: 2 % of a random game)."""
    return load_list(data_dir("examples") / "lists" / f"{faction_id}.yaml")


def recruit_side(side: Side, source: WarbandSource, ruleset: Ruleset, *, factions: Mapping[str, Faction] | None = None
                 ) -> tuple[SideState, tuple[ModelState, ...]]:
    """The side and its models, not yet deployed, from a warband list (validated first against
    ``factions`` (custom sheets by id) or the bundled sheet)."""
    warband = load_warband(source)
    faction = (factions or {}).get(warband.faction) or load_faction(warband.faction)
    recruited = resolve_models(warband, faction, ruleset, factions=factions)
    models = []
    counts: dict[str, int] = {}
    for r in recruited:
        counts[r.type] = counts.get(r.type, 0) + 1
        models.append(
            ModelState(
                id=f"{side}-{r.type.replace('_', '-')}-{counts[r.type]}",
                side=side,
                faction=faction.id,
                type=r.type,
                name=r.label,
                profile=r.profile,
                weapons=r.weapons,
                equipment=tuple(e.id for e in r.equipment),
                spice_doses=r.spice,
                base_mm=r.profile.base_mm,
                deployed=False,  # off the table until its deployment (R-DEPLOY)
                height_cm=r.profile.height_cm or DEFAULT_MODEL_HEIGHT_CM,
            )
        )
    # PRJ-54: honour_bonus hooks of the recruited models add to the faction's Honour.
    bonus = 0
    for r in recruited:
        names = tuple(dict.fromkeys(tuple(r.profile.special_rules) + tuple(e.effect for e in r.equipment)))
        bonus += SPECIAL_RULES.total("honour_bonus", names, HookContext(action="setup", arrakis=ruleset.arrakis))
    bonus += SPECIAL_RULES.total("honour_bonus", faction.special_rules, HookContext(action="setup", arrakis=ruleset.arrakis))
    side_state = SideState(side=side, faction=faction.id, warband=warband.name, honour=faction.honour + bonus, edge=EDGES[side])
    return side_state, tuple(models)


# --- bids (R-SETUP-BID) -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BidAsk(Payload):
    """A side's secret Honour bid for a set-up step (R-SETUP-BID)."""

    side: Side
    step: str


@builder("bid", BidAsk)
def _bid_decision(state: GameState, a: BidAsk) -> Decision:
    side, step = a.side, a.step
    honour = state.side_state(side).honour
    return Decision(side=side, kind="bid", prompt=f"How much Honour do you bid for the {step} step (you have {honour})?",
                    choices=tuple(range(honour + 1)), secret=True, info={"step": step, "honour": honour})


@dataclass(frozen=True, slots=True)
class BidFrame(Payload):
    """An Honour bid under way (R-SETUP-BID): the step bid for, then red's bid, and, in a tie, both
    bids, the roll-offs so far (red's die, blue's die) and red's die of the roll-off under way.

    Examples
    --------
    >>> BidFrame("terrain", bids={"red": 2, "blue": 2}, rolls=((4, 4),), red_die=7).to_json()
    {'step': 'terrain', 'bids': {'red': 2, 'blue': 2}, 'rolls': [[4, 4]], 'red_die': 7}
    """

    step: str
    red: int | None = None
    bids: Mapping[str, int] | None = None
    rolls: tuple[tuple[int, int], ...] | None = None
    red_die: int | None = None

    OMITTED_WHEN_NONE: ClassVar[frozenset[str]] = frozenset({"red", "bids", "rolls", "red_die"})

    def tie(self) -> tuple[Mapping[str, int], tuple[tuple[int, int], ...]]:
        """The tied bids and the roll-offs so far.

        Raises
        ------
        RuleError
            The frame is not a tie's: its bids are not known.
        """
        if self.bids is None:
            raise RuleError(f"The {self.step} bid rolls off before its bids are known: {self.to_json()}.")
        return self.bids, self.rolls or ()


@dataclass(frozen=True, slots=True)
class StepFrame(Payload):
    """The set-up step whose bid is under way or whose step is done (R-SETUP-BID)."""

    step: str


@dataclass(frozen=True, slots=True)
class Won(Payload):
    """A set-up step's bid is won (R-SETUP-BID): by whom (terrain, deployment, the first player)."""

    winner: Side


@stage("bid", StepFrame)
def _bid(m: Machine, d: StepFrame, _: object) -> None:
    """One Honour bid; returns the winning side. Both bids are secret until both are made."""
    m.ask("bid", BidAsk("red", d.step), _bid_red.at(BidFrame(d.step)))


@stage("bid.red", BidFrame)
def _bid_red(m: Machine, d: BidFrame, red: int) -> None:
    m.ask("bid", BidAsk("blue", d.step), _bid_revealed.at(BidFrame(d.step, red=red)))


@stage("bid.revealed", BidFrame)
def _bid_revealed(m: Machine, d: BidFrame, blue: int) -> str | None:
    if d.red is None:
        raise RuleError(f"Blue's {d.step} bid is revealed before red's is made: {d.to_json()}.")
    step, bids = d.step, {"red": d.red, "blue": blue}
    for side in ("red", "blue"):
        s = m.state.side_state(side)
        m.state = m.state.with_side(s.replace(honour=s.honour - bids[side]))
    if bids["red"] != bids["blue"]:
        winner = "red" if bids["red"] > bids["blue"] else "blue"
        m.emit("bid", winner, step=step, bids=bids, winner=winner, tie_rolls=[])
        return winner
    # A faction rule may win tied bids outright (wins_bid_ties); if both or neither have it, roll off.
    tie_winners = [side for side in ("red", "blue") if _wins_ties(m.state, side)]
    if len(tie_winners) == 1:
        m.emit("bid", tie_winners[0], step=step, bids=bids, winner=tie_winners[0], tie_rolls=[], tie_rule=True)
        return tie_winners[0]
    m.roll(1, _bid_tie_red.at(BidFrame(step, bids=bids, rolls=())), by=("red", None), why=f"{step} bid tie")
    return None


@stage("bid.tie_red", BidFrame)
def _bid_tie_red(m: Machine, d: BidFrame, dice: tuple[int, ...]) -> None:
    m.roll(1, _bid_tie_blue.at(replace(d, red_die=dice[0])), by=("blue", None), why=f"{d.step} bid tie")


@stage("bid.tie_blue", BidFrame)
def _bid_tie_blue(m: Machine, d: BidFrame, dice: tuple[int, ...]) -> str | None:
    bids, before = d.tie()
    if d.red_die is None:
        raise RuleError(f"Blue's die of the {d.step} bid roll-off comes before red's: {d.to_json()}.")
    r, b = d.red_die, dice[0]
    rolls = (*before, (r, b))
    if r == b:  # rolled again while equal
        m.roll(1, _bid_tie_red.at(BidFrame(d.step, bids=bids, rolls=rolls)), by=("red", None), why=f"{d.step} bid tie")
        return None
    winner = "red" if r > b else "blue"
    m.emit("bid", winner, step=d.step, bids=dict(bids), winner=winner, tie_rolls=[list(roll) for roll in rolls])
    return winner


def _wins_ties(state: GameState, side: str) -> bool:
    faction = faction_named(state, state.side_state(side).faction)
    context = HookContext(action="setup", arrakis=state.ruleset.arrakis)
    return faction is not None and SPECIAL_RULES.any("wins_bid_ties", faction.special_rules, context)


@builder("who_first", WhoFirstAsk)
def _who_first_decision(state: GameState, a: WhoFirstAsk) -> Decision:
    return Decision(side=a.side, kind="who_first", prompt=f"You won the bid: who {a.what} first?",
                    choices=("red", "blue"), info={"step": a.step})


# --- placement checks --------------------------------------------------------------------------


def placement_problem(board: Board, base: Base) -> str | None:
    """Why ``base`` cannot stand there (off the table, overlapping a base or blocked terrain), or ``None``.

    Touching is allowed (RUL-17).

    Examples
    --------
    >>> board = Board(bases=(Base("a", 10, 10, 30),))
    >>> placement_problem(board, Base("b", 13, 10, 30)) is None  # edges touch exactly
    True
    >>> placement_problem(board, Base("b", 12, 10, 30))
    'it would overlap a by 1.0 cm'
    >>> placement_problem(board, Base("b", 1, 10, 30))
    'it would stand partly off the table'
    """
    return _Placement(board.width, board.depth, board.bases, base.id, board.terrain_of("blocked")).problem(base.x, base.y, base.radius)


class _Placement:
    """The test of :func:`placement_problem` for one mover among ``bases`` and ``blocked`` pieces on a
    table ``width`` by ``depth``: the other bases' centres and radii are read once, then any number
    of spots is tested against them, by coordinates, no :class:`Base` built per spot (the deployment
    suggestions try a dozen or more per model)."""

    __slots__ = ("width", "depth", "others", "blocked")

    def __init__(self, width: float, depth: float, bases: Sequence[Base], base_id: str, blocked: Sequence[TerrainPiece]) -> None:
        self.width, self.depth = width, depth
        self.others = [(b.x, b.y, b.radius, b.id) for b in bases if b.id != base_id]
        self.blocked = blocked

    def problem(self, x: float, y: float, r: float) -> str | None:
        """Why a base of radius ``r`` cannot stand at ``(x, y)``, or ``None``: wholly on the table,
        overlapping no other base and no impassable piece, touching allowed (R-DEPLOY, RUL-17)."""
        eps = 1e-6
        if x - r < -eps or y - r < -eps or x + r > self.width + eps or y + r > self.depth + eps:
            return "it would stand partly off the table"
        for ox, oy, radius, other in self.others:
            gap = ((ox - x) ** 2 + (oy - y) ** 2) ** 0.5 - radius - r
            if gap < -1e-6:
                return f"it would overlap {other} by {-gap:.1f} cm"
        for piece in self.blocked:
            if piece.closer_than(x, y, r - 1e-6):
                return f"it would overlap the terrain piece {piece.id}"
        return None


_SUGGESTED_SPOTS = 12
"""How many free spots a deployment decision suggests (R-DEPLOY)."""


class _EdgeSpots:
    """The free spots along ``edge`` for ``base`` (:func:`_edge_spots` that pass :class:`_Placement`),
    spread along the edge, centre first (R-DEPLOY), found in order only as far as they are asked for:
    a deployment's room check wants the first, its suggestions a dozen, and both read one object
    (:func:`_deploy_spots`), so the spots the check tested are not tested again."""

    def __init__(self, board: Board, base: Base, edge: Edge) -> None:
        r = self._r = base.radius
        # The spots cover a strip 2r deep along the edge: a base farther from the edge is in the way of none
        # (1e-3 cm of margin, far above rounding), so it is left out and the free spots are the same.
        strip = [b for b in board.bases if edge_gap(board, b, edge) < 2 * r + 1e-3]
        self._placement = _Placement(board.width, board.depth, strip, base.id, board.terrain_of("blocked"))
        self._spots = iter(_edge_spots(board, r, edge))
        self._found: list[tuple[float, float]] = []

    def first(self, count: int) -> tuple[tuple[float, float], ...]:
        """The first ``count`` free spots (fewer when the edge has no more room), rounded to 0.001 cm."""
        found = self._found
        if len(found) < count:
            problem, r = self._placement.problem, self._r
            for x, y in self._spots:
                if problem(float(x), float(y), r) is None:
                    found.append((round(x, 3), round(y, 3)))
                    if len(found) >= count:
                        break
        return tuple(found[:count])


def _deploy_spots(state: GameState, model_id: str) -> _EdgeSpots:
    """The free spots along its side's edge for ``model_id`` on ``state``'s board, once per state
    (:meth:`GameState.memo`): the room check before its deployment and the decision's suggestions
    read them. A board with the mover's own base on it gives the same spots as one without it
    (:class:`_Placement` leaves the mover out), as the decision's check has it."""
    def spots() -> _EdgeSpots:
        mm = state.model(model_id)
        return _EdgeSpots(state.board, mm.base(), state.side_state(mm.side).edge)

    return state.memo(("deploy_spots", model_id), spots)


def _edge_spots(board: Board, r: float, edge: Edge) -> list[tuple[float, float]]:
    """The centres along ``edge`` that :class:`_EdgeSpots` tries for a base of radius ``r``, touching
    the edge (R-DEPLOY), centre first."""
    length = board.width if edge in ("south", "north") else board.depth
    steps = [length / 2]
    step = 2 * r + 0.2
    k = 1
    while len(steps) < 60:
        for s in (length / 2 - k * step, length / 2 + k * step):
            if r <= s <= length - r:
                steps.append(s)
        k += 1
        if length / 2 - k * step < r and length / 2 + k * step > length - r:
            break
    if edge in ("south", "north"):
        y = r if edge == "south" else board.depth - r
        return [(s, y) for s in steps]
    x = r if edge == "west" else board.width - r
    return [(x, s) for s in steps]


# --- the phase ---------------------------------------------------------------------------------


@stage("setup.steps")
def setup_steps(m: Machine, _: object, __: object) -> None:
    """The whole set-up, each step after its own bid (R-SETUP-BID ... R-FIRST): terrain bid, terrain,
    missions bid, missions, deployment bid, deployment, the last bid and the first player.

    2.1.1 « Il faut miser pour chaque sous phase (décors, missions, déploiement et premier tour) »:
    each bid comes when its step does, so a player bids knowing the table as it stands (issue 37).
    A game without missions (PRJ-95) has no missions step and no bid for it."""
    m.emit("setup", sides={s.side: s.faction for s in m.state.sides})
    m.call(_bid, StepFrame(BID_STEPS[0]), _setup_won.at(StepFrame(BID_STEPS[0])))


def next_bid_step(step: str, *, missions: bool = True) -> str | None:
    """The set-up step bid for after ``step``'s (R-SETUP-BID), or ``None`` after the last bid.

    Examples
    --------
    >>> next_bid_step("terrain"), next_bid_step("terrain", missions=False), next_bid_step("first")
    ('missions', 'deployment', None)
    """
    steps = [s for s in BID_STEPS if missions or s != "missions"]
    index = steps.index(step) + 1
    return steps[index] if index < len(steps) else None


def previous_bid_step(step: str, *, missions: bool = True) -> str | None:
    """The set-up step bid for before ``step``'s (R-SETUP-BID), or ``None`` before the first.

    Examples
    --------
    >>> previous_bid_step("deployment"), previous_bid_step("deployment", missions=False), previous_bid_step("terrain")
    ('missions', 'terrain', None)
    """
    steps = [s for s in BID_STEPS if missions or s != "missions"]
    index = steps.index(step) - 1
    return steps[index] if index >= 0 else None


def _step_won(step: str, winner: Side) -> Frame:
    """The frame that does the set-up ``step`` once ``winner`` won its bid."""
    if step == "missions":
        return missions_step.at(MissionsWon(winner))
    return {"terrain": _terrain, "deployment": _deploy}[step].at(Won(winner))


@stage("setup.won", StepFrame)
def _setup_won(m: Machine, d: StepFrame, winner: Side) -> None:
    """The bid for ``step`` is won: the step, then the next step's bid (R-SETUP-BID)."""
    step = d.step
    if step == "first":
        _setup_first_won(m, None, winner)
        return
    m.push(setup_done.at(StepFrame(step)))
    m.push(_step_won(step, winner))


@stage("setup.done", StepFrame)
def setup_done(m: Machine, d: StepFrame, _: object) -> None:
    """A set-up step is done: the bid for the next one, made knowing the table as it now stands (R-SETUP-BID)."""
    step = next_bid_step(d.step, missions=m.setup.missions)
    if step is not None:
        m.call(_bid, StepFrame(step), _setup_won.at(StepFrame(step)))


def stack_at_bid(step: str, *, missions: bool = True) -> tuple[Frame, ...]:
    """The flow's stack from which the engine asks red's bid for ``step`` first (R-SETUP-BID): the game's own
    frames (:class:`~landsraad.engine.Game` starts with ``game.end`` and ``play``), then the step before it
    done (or the set-up's start, for the first bid). A search rebuilds a position at a bid from a side's view
    with it (:func:`landsraad.search.setup_search.setup_root`).

    Examples
    --------
    >>> [f.stage.name for f in stack_at_bid("deployment")], stack_at_bid("deployment")[-1].data
    (['game.end', 'play', 'setup.done'], StepFrame(step='missions'))
    """
    before = previous_bid_step(step, missions=missions)
    last = Frame(setup_steps) if before is None else setup_done.at(StepFrame(before))
    return (Frame(game_end), Frame(play), last)


def stack_at_mission_pick(*, order: Sequence[str], index: int) -> tuple[Frame, ...]:
    """The flow's stack while the ``index``-th picker of ``order`` is asked for its missions (R-MISSION-PICK).

    Under the picks lie the missions step's end (then the deployment's bid, R-SETUP-BID) and the
    game's own frames (:class:`~landsraad.engine.Game` starts with ``game.end`` and ``play``). A
    search rebuilds a position at a pick from a side's view with it
    (:func:`landsraad.search.picks.pick_root`); a test holds it equal to a real game's stack there.

    Parameters
    ----------
    order
        Who picks first, then second.
    index
        0 or 1: whose pick is asked.

    Returns
    -------
    tuple of Frame
        The stack, bottom first.
    """
    first: Side = "red" if order[0] == "red" else "blue"  # the second picker is the other side
    return (Frame(game_end), Frame(play), setup_done.at(StepFrame("missions")), missions_picked.at(PickFrame((first, other_side(first)), index)))


# --- the set-up as it was played before issue 37 ----------------------------------------------------
# Games opened before issue 37 start at the stage "setup" and bid for terrain, missions and deployment
# before any terrain is placed. Their openings and snapshots name these stages, so saved games and
# snapshots of that time still replay and resume exactly; new games never reach them.


@dataclass(frozen=True, slots=True)
class LegacyBids(Payload):
    """The bids of a set-up opened before issue 37 (legacy): the step bid for, and who won the bids before it."""

    step: str
    winners: Mapping[str, Side]


@stage("setup")
def _setup_legacy(m: Machine, _: object, __: object) -> None:
    """The set-up before issue 37: the terrain, missions and deployment bids first, then the steps (legacy)."""
    m.emit("setup", sides={s.side: s.faction for s in m.state.sides})
    m.call(_bid, StepFrame(BID_STEPS[0]), _setup_bid_won_legacy.at(LegacyBids(BID_STEPS[0], {})))


@stage("setup.bid_won", LegacyBids)
def _setup_bid_won_legacy(m: Machine, d: LegacyBids, winner: Side) -> None:
    winners = {**d.winners, d.step: winner}
    index = BID_STEPS.index(d.step) + 1
    if index < 3:
        m.call(_bid, StepFrame(BID_STEPS[index]), _setup_bid_won_legacy.at(LegacyBids(BID_STEPS[index], winners)))
        return
    # Pushed in reverse: terrain, missions, deployment, then the last bid.
    m.push(_setup_first_bid)
    m.push(_deploy.at(Won(winners["deployment"])))
    if m.setup.missions:
        m.push(missions_step.at(MissionsWon(winners["missions"])))
    m.push(_terrain.at(Won(winners["terrain"])))


@stage("setup.first_bid")
def _setup_first_bid(m: Machine, _: object, __: object) -> None:
    """The last bid of a set-up opened before issue 37 (legacy)."""
    m.call(_bid, StepFrame("first"), _setup_first_won)


@builder("first_player", SideAsk)
def _first_player_decision(state: GameState, a: SideAsk) -> Decision:
    return Decision(side=a.side, kind="first_player", prompt="You won the last bid: do you activate first or second?",
                    choices=("first", "second"))


@stage("setup.first_won")
def _setup_first_won(m: Machine, _: object, winner: Side) -> None:
    m.ask("first_player", SideAsk(winner), _setup_first_chosen.at(Won(winner)))


@stage("setup.first_chosen", Won)
def _setup_first_chosen(m: Machine, d: Won, order: str) -> None:
    first = d.winner if order == "first" else other_side(d.winner)
    m.state = m.state.replace(phase="play", first=first, to_act=first, clock_s=0.0)
    m.emit("first_player", first, first=first, clock_limit_s=m.state.clock_limit_s)


# --- terrain (R-TERRAIN) ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TerrainFrame(Payload):
    """Terrain placed alternately (R-TERRAIN): the kit's pieces not placed yet, the sides that passed,
    how many pieces were placed; while a piece is chosen or placed, who places it, and which piece."""

    remaining: tuple[str, ...]
    passed: tuple[str, ...]
    n: int
    placer: Side | None = None
    piece: str | None = None
    piece_id: str | None = None

    OMITTED_WHEN_NONE: ClassVar[frozenset[str]] = frozenset({"placer", "piece", "piece_id"})

    def placing(self) -> tuple[Side, str, str]:
        """The placer, the kit piece and the placed piece's id, once a piece is chosen.

        Raises
        ------
        RuleError
            No piece is chosen yet.
        """
        if self.placer is None or self.piece is None or self.piece_id is None:
            raise RuleError(f"A terrain piece is placed before it is chosen: {self.to_json()}.")
        return self.placer, self.piece, self.piece_id


@dataclass(frozen=True, slots=True)
class DeployQueue(Payload):
    """The models still to deploy, in order, the first being asked (R-DEPLOY)."""

    queue: tuple[str, ...]


@stage("terrain", Won)
def _terrain(m: Machine, d: Won, _: object) -> None:
    """Terrain: a fixed scene's, or a kit's pieces placed alternately."""
    options = m.setup
    if options.scene is not None:
        board = options.scene.board
        terrain = tuple(TerrainState(id=t.id, polygon=t.polygon, height_cm=t.height_cm, movement=t.movement) for t in board.terrain)
        m.state = m.state.replace(terrain=terrain, width=board.width, depth=board.depth)
        m.emit("terrain", pieces=[t.id for t in terrain], fixed=True)
        return
    kit = load_kit(options.kit)
    m.ask("who_first", WhoFirstAsk(d.winner, "places terrain", "places terrain"),
          _terrain_next.at(TerrainFrame(tuple(p.id for p in kit.pieces), (), 0)))


@dataclass(frozen=True, slots=True)
class PieceAsk(Payload):
    """The kit piece a side places next, or a pass (R-TERRAIN)."""

    side: Side
    remaining: tuple[str, ...]
    kit: str


@builder("terrain_piece", PieceAsk)
def _terrain_piece_decision(state: GameState, a: PieceAsk) -> Decision:
    return Decision(side=a.side, kind="terrain_piece", prompt="Which terrain piece do you place next (or pass)?",
                    choices=a.remaining + ("pass",), info={"kit": a.kit})


@stage("terrain.next", TerrainFrame)
def _terrain_next(m: Machine, d: TerrainFrame, placer: Side) -> None:
    remaining, passed = d.remaining, d.passed
    while remaining and len(passed) < 2:
        if placer in passed:
            placer = other_side(placer)
            continue
        m.ask("terrain_piece", PieceAsk(placer, remaining, m.setup.kit),
              _terrain_piece.at(TerrainFrame(remaining, passed, d.n, placer=placer)))
        return


def _kit_piece(kit_id: str, piece_id: str) -> KitPiece:
    return next(p for p in load_kit(kit_id).pieces if p.id == piece_id)


def _terrain_spots(state: GameState, piece: KitPiece) -> list[tuple[float, float]]:
    """The spots of the grid where ``piece`` may stand (R-TERRAIN), all tested at once."""
    board = state.board
    grid = _grid(board, 24)
    return [p for p, problem in zip(grid, _terrain_problems(board, piece, grid)) if problem is None]


@stage("terrain.piece", TerrainFrame)
def _terrain_piece(m: Machine, d: TerrainFrame, choice: str) -> None:
    if d.placer is None:
        raise RuleError(f"A terrain piece is chosen before its placer is known: {d.to_json()}.")
    placer, remaining, passed, n = d.placer, list(d.remaining), d.passed, d.n
    if choice == "pass":
        m.emit("terrain_pass", placer)
        _terrain_next(m, TerrainFrame(tuple(remaining), (*passed, placer), n), other_side(placer))
        return
    piece = _kit_piece(m.setup.kit, choice)
    n += 1
    piece_id = f"{piece.id}-{n}"
    candidates = _terrain_spots(m.state, piece)
    remaining.remove(choice)
    if not candidates:
        m.emit("terrain_no_room", placer, piece=piece.id)
        _terrain_next(m, TerrainFrame(tuple(remaining), passed, n), placer)
        return
    m.ask("terrain_place", PlaceAsk(placer, m.setup.kit, piece.id, piece_id, tuple(candidates[:24])),
          _terrain_placed.at(TerrainFrame(tuple(remaining), passed, n, placer, piece.id, piece_id)))


@dataclass(frozen=True, slots=True)
class PlaceAsk(Payload):
    """Where a side places a kit piece (R-TERRAIN): the piece, the id it takes, the spots suggested."""

    side: Side
    kit: str
    piece: str
    piece_id: str
    candidates: tuple[tuple[float, float], ...]


@builder("terrain_place", PlaceAsk)
def _terrain_place_decision(state: GameState, a: PlaceAsk) -> Decision:
    piece = _kit_piece(a.kit, a.piece)
    board = state.board

    def check(point: tuple[float, float]) -> str | None:
        return _terrain_problems(board, piece, [point])[0]

    return Decision(side=a.side, kind="terrain_place", prompt=f"Where do you place the {piece.name} (its centre)?",
                    point=PointSpec(check, a.candidates), info={"piece": piece.id})


@stage("terrain.placed", TerrainFrame)
def _terrain_placed(m: Machine, d: TerrainFrame, point: tuple[float, float]) -> None:
    placer, piece_kind, piece_id = d.placing()
    piece = _kit_piece(m.setup.kit, piece_kind)
    placed = piece.placed_at(point, piece_id)
    m.state = m.state.replace(terrain=m.state.terrain + (TerrainState(
        id=placed.id, polygon=placed.polygon, height_cm=placed.height_cm, movement=placed.movement),))
    m.emit("terrain", placer, piece=placed.id, name=piece.name, at=point)
    _terrain_next(m, TerrainFrame(d.remaining, d.passed, d.n), other_side(placer))


def _grid(board: Board, count: int) -> list[tuple[float, float]]:
    """Points on a grid over the table (a deterministic set of candidate spots)."""
    return [(float(x), float(y)) for y in range(9, int(board.depth) - 8, 6) for x in range(9, int(board.width) - 8, 6)]


_Boxes = tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]]
"""Bounding boxes ``(minx, miny, maxx, maxy)``, each coordinate an array with one element per box."""


def _terrain_problems(board: Board, piece: KitPiece, centres: Sequence[tuple[float, float]]) -> list[str | None]:
    """R-TERRAIN for ``piece`` with its centre at each of ``centres``: the first problem at each, or ``None``.

    A piece must stand more than 5 cm from every table edge and more than 10 cm from the
    pieces already placed, and may not cover a base. The spots are tested together: the
    placed footprints' corners and boxes are arrays (the very sums
    :meth:`~landsraad.kits.KitPiece.placed_at` makes), the edge test is on the boxes, and
    shapely measures, in one call per piece or base, only the footprints whose boxes come
    near it (the gap between boxes never exceeds the true gap).
    """
    corners = np.asarray(centres, dtype=float)[:, None, :] + np.asarray(piece.polygon, dtype=float)[None, :, :]
    low, high = corners.min(axis=1), corners.max(axis=1)
    boxes: _Boxes = (low[:, 0], low[:, 1], high[:, 0], high[:, 1])  # a shape's bounds are its corners' extremes
    problems: list[str | None] = [None] * len(corners)
    too_near_edge = np.minimum(np.minimum(boxes[0], boxes[1]), np.minimum(board.width - boxes[2], board.depth - boxes[3])) <= TERRAIN_EDGE_MARGIN_CM
    for i in np.flatnonzero(too_near_edge):
        problems[i] = "a piece must stand more than 5 cm from every table edge (R-TERRAIN)"
    open_ = ~too_near_edge
    shapes: npt.NDArray[np.object_] | None = None

    def near(box: tuple[float, float, float, float], limit: float) -> npt.NDArray[np.intp]:
        return np.flatnonzero(open_ & (_box_gap(box, boxes) <= limit))

    for other in board.terrain:
        # 1e-6 of slack over the rounding of the boxes' hypot: a looser filter only costs a distance, never a result
        close = near(other.shape.bounds, TERRAIN_SPACING_CM + 1e-6)
        if close.size:
            shapes = shapely.polygons(corners) if shapes is None else shapes
            for i, d in zip(close, shapely.distance(other.shape, shapes[close])):
                if d <= TERRAIN_SPACING_CM:
                    problems[i] = f"a piece must stand more than 10 cm from the other pieces; {other.id} is {d:.1f} cm away (R-TERRAIN)"
                    open_[i] = False
    for b in board.bases:  # models are deployed after the terrain, so in a game this finds none
        # a base's polygon lies within its circle's box (1e-6 of slack for rounding): a far base's polygon is never built
        reach = b.radius + 1e-6
        close = near((b.x - reach, b.y - reach, b.x + reach, b.y + reach), 0.0)
        if close.size:
            shapes = shapely.polygons(corners) if shapes is None else shapes
            for i, covers in zip(close, shapely.intersects(b.shape, shapes[close])):
                if covers:
                    problems[i] = f"it would cover {b.id}"
                    open_[i] = False
    return problems


def _box_gap(a: tuple[float, float, float, float], b: _Boxes) -> npt.NDArray[np.float64]:
    """The distance between the bounding box ``a`` ``(minx, miny, maxx, maxy)`` and each of the boxes ``b``
    (their four coordinates as arrays, one box per element), 0 where they meet: a lower bound of their shapes' distance."""
    dx = np.maximum(np.maximum(a[0] - b[2], b[0] - a[2]), 0.0)
    dy = np.maximum(np.maximum(a[1] - b[3], b[1] - a[3]), 0.0)
    return np.hypot(dx, dy)


# --- deployment (R-DEPLOY) ---------------------------------------------------------------------


@stage("deploy", Won)
def _deploy(m: Machine, d: Won, _: object) -> None:
    """Each model of the first side in contact with its edge, then the other's."""
    m.ask("who_first", WhoFirstAsk(d.winner, "deploys", "deploys"), _deploy_order)


@stage("deploy.order")
def _deploy_order(m: Machine, _: object, first: str) -> None:
    queue = tuple(mm.id for side in (first, other_side(first)) for mm in m.state.models_of(side, active_only=False) if not mm.ambassador)
    _deploy_next(m, DeployQueue(queue), None)


@stage("deploy.next", DeployQueue)
def _deploy_next(m: Machine, d: DeployQueue, point: tuple[float, float] | None) -> None:
    queue = list(d.queue)
    if point is not None:
        placed = queue.pop(0)
        side = m.state.model(placed).side
        m.state = m.state.update_model(placed, x=point[0], y=point[1], deployed=True)
        m.emit("deploy", side, placed, at=point)
    if not queue:
        return
    mm = m.state.model(queue[0])
    edge = m.state.side_state(mm.side).edge
    if not _deploy_spots(m.state, mm.id).first(1):  # is there room at all
        raise DataError([Problem("deployment", mm.id, message("There is no room left on the {edge} edge for {name}.", edge=edge, name=mm.name))])
    m.ask("deploy", ModelAsk(mm.id), _deploy_next.at(DeployQueue(tuple(queue))))


@builder("deploy", ModelAsk)
def _deploy_decision(state: GameState, a: ModelAsk) -> Decision:
    mm = state.model(a.model)
    edge = state.side_state(mm.side).edge
    tolerance = state.ruleset.contact_tolerance_cm
    # the models still waiting to deploy, this one too, are not on the board (R-DEPLOY)
    board, base = state.board.without(mm.id), mm.base()

    def check(point: tuple[float, float]) -> str | None:
        b = base.at(point)
        problem = placement_problem(board, b)
        if problem:
            return problem
        if not edge_contact(board, b, edge, tolerance):
            return f"the base must touch the {edge} table edge (R-DEPLOY)"
        return None

    spots = _deploy_spots(state, mm.id)
    return Decision(side=mm.side, kind="deploy", model=mm.id, prompt=f"Where do you deploy {mm.name} (touching the {edge} edge)?",
                    point=PointSpec(check, lambda: spots.first(_SUGGESTED_SPOTS)))
