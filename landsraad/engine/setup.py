"""Set-up (section 2.1.1 of the rulebook): recruiting sides, the four Honour bids, terrain,
missions and their markers, deployment, and the first player.

Rules
-----
- R-SETUP-BID: before terrain, missions, deployment and the first turn, each player secretly
  bids Honour; the higher bid wins the step; both lose what they bid; ties: each rolls a die,
  the higher wins (rolled again while equal).
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
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import shapely

from ..content import data_dir
from ..errors import DataError, Problem
from ..geometry.board import Base, Board
from ..ruleset import Ruleset
from .decisions import Decision, PointSpec
from .state import ModelState, SideState, TerrainState, other_side

__all__ = ["SetupOptions", "load_warband", "recruit_side", "setup_phase", "EDGES", "placement_problem"]

EDGES = {"red": "south", "blue": "north"}
"""The players sit at opposite edges: red at y = 0 (south), blue at y = depth (north)."""

BID_STEPS = ("terrain", "missions", "deployment", "first")


@dataclass(frozen=True)
class SetupOptions:
    """How the set-up is played.

    ``scene`` is a fixed table (:class:`landsraad.scene.Scene`; its terrain is used and its
    models ignored) instead of placing a terrain kit; ``kit`` the terrain kit placed otherwise;
    ``missions`` whether players pick missions (without them the game is scored on kills:
    PRJ-95).
    """

    scene: Any = None
    kit: str = "arrakeen"
    missions: bool = True


# --- recruiting ------------------------------------------------------------------------------


def load_warband(source: Any) -> Any:
    """A warband list from a :class:`~landsraad.warband.WarbandList`, a list file, or a bundled faction id (its example list)."""
    from ..warband import WarbandList, load_list

    if isinstance(source, WarbandList):
        return source
    path = Path(str(source))
    if path.suffix in (".yaml", ".yml", ".json") or path.exists():
        return load_list(path)
    # A bundled faction id: its example list.
    example = data_dir("examples") / "lists" / f"{source}.yaml"
    if example.exists():
        return load_list(example)
    from ..content import faction_ids
    from ..errors import UnknownNameError

    raise UnknownNameError("warband (list file or faction id)", str(source), faction_ids())


def recruit_side(side: str, source: Any, ruleset: Ruleset) -> tuple[SideState, tuple[ModelState, ...]]:
    """The side and its models, not yet deployed, from a warband list (validated first)."""
    from ..content import load_faction
    from ..warband import resolve_models

    warband = load_warband(source)
    faction = load_faction(warband.faction)
    recruited = resolve_models(warband, faction, ruleset)
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
                **({"height_cm": r.profile.height_cm} if r.profile.height_cm else {}),
            )
        )
    # PRJ-54: honour_bonus hooks of the recruited models add to the faction's Honour.
    from ..specials import SPECIAL_RULES, HookContext

    bonus = 0
    for r in recruited:
        names = tuple(dict.fromkeys(tuple(r.profile.special_rules) + tuple(e.effect for e in r.equipment)))
        bonus += SPECIAL_RULES.total("honour_bonus", names, HookContext(action="setup", arrakis=ruleset.arrakis))
    bonus += SPECIAL_RULES.total("honour_bonus", faction.special_rules, HookContext(action="setup", arrakis=ruleset.arrakis))
    side_state = SideState(side=side, faction=faction.id, warband=warband.name, honour=faction.honour + bonus, edge=EDGES[side])
    return side_state, tuple(models)


# --- bids --------------------------------------------------------------------------------------


def bid(game: Any, step: str):
    """One Honour bid (R-SETUP-BID); returns the winning side."""
    bids: dict[str, int] = {}
    for side in ("red", "blue"):
        honour = game.state.side_state(side).honour
        bids[side] = yield from game.ask(Decision(
            side=side, kind="bid", prompt=f"How much Honour do you bid for the {step} step (you have {honour})?",
            choices=tuple(range(honour + 1)), secret=True, info={"step": step, "honour": honour},
        ))
    for side in ("red", "blue"):
        s = game.state.side_state(side)
        game.state = game.state.with_side(s.model_copy(update={"honour": s.honour - bids[side]}))
    if bids["red"] != bids["blue"]:
        winner = "red" if bids["red"] > bids["blue"] else "blue"
        game.emit("bid", winner, step=step, bids=bids, winner=winner, tie_rolls=[])
        return winner
    # A faction rule may win tied bids outright (wins_bid_ties); if both or neither have it, roll off.
    tie_winners = [side for side in ("red", "blue") if _wins_ties(game, side)]
    if len(tie_winners) == 1:
        game.emit("bid", tie_winners[0], step=step, bids=bids, winner=tie_winners[0], tie_rolls=[], tie_rule=True)
        return tie_winners[0]
    rolls = []
    while True:
        r, b = game.roll(1, side="red", why=f"{step} bid tie")[0], game.roll(1, side="blue", why=f"{step} bid tie")[0]
        rolls.append((r, b))
        if r != b:
            winner = "red" if r > b else "blue"
            game.emit("bid", winner, step=step, bids=bids, winner=winner, tie_rolls=rolls)
            return winner


def _wins_ties(game: Any, side: str) -> bool:
    from ..content import load_faction
    from ..specials import SPECIAL_RULES, HookContext

    faction = load_faction(game.state.side_state(side).faction)
    return SPECIAL_RULES.any("wins_bid_ties", faction.special_rules, HookContext(action="setup", arrakis=game.state.ruleset.arrakis))


def _who_first(game: Any, winner: str, what: str):
    choice = yield from game.ask(Decision(
        side=winner, kind="who_first", prompt=f"You won the bid: who {what} first?", choices=("red", "blue"),
        info={"step": what},
    ))
    return choice


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
    r = base.radius
    eps = 1e-6
    if base.x - r < -eps or base.y - r < -eps or base.x + r > board.width + eps or base.y + r > board.depth + eps:
        return "it would stand partly off the table"
    for other in board.bases:
        if other.id == base.id:
            continue
        gap = ((other.x - base.x) ** 2 + (other.y - base.y) ** 2) ** 0.5 - other.radius - r
        if gap < -1e-6:
            return f"it would overlap {other.id} by {-gap:.1f} cm"
    for piece in board.terrain_of("blocked"):
        if piece.shape.distance(shapely.Point(base.x, base.y)) < r - 1e-6:
            return f"it would overlap the terrain piece {piece.id}"
    return None


def edge_contact(board: Board, base: Base, edge: str, tolerance: float) -> bool:
    gap = {"south": base.y - base.radius, "north": board.depth - base.y - base.radius,
           "west": base.x - base.radius, "east": board.width - base.x - base.radius}[edge]
    return gap <= tolerance + 1e-9


def _edge_candidates(board: Board, base: Base, edge: str, count: int = 12) -> tuple[tuple[float, float], ...]:
    """Free spots along ``edge`` for ``base``, spread along the edge, centre first."""
    r = base.radius
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
    out = []
    for s in steps:
        x, y = {"south": (s, r), "north": (s, board.depth - r), "west": (r, s), "east": (board.width - r, s)}[edge]
        if placement_problem(board, base.at((x, y))) is None:
            out.append((round(x, 3), round(y, 3)))
        if len(out) >= count:
            break
    return tuple(out)


# --- the phase ---------------------------------------------------------------------------------


def setup_phase(game: Any):
    """The whole set-up, from the first bid to the first player (R-SETUP-BID ... R-FIRST)."""
    game.emit("setup", sides={s.side: s.faction for s in game.state.sides}, seed=game.state.seed)
    winners = {}
    for step in BID_STEPS[:3]:
        winners[step] = yield from bid(game, step)
    yield from terrain_phase(game, winners["terrain"])
    if game.setup.missions:
        from .missions import missions_phase

        yield from missions_phase(game, winners["missions"])
    yield from deployment_phase(game, winners["deployment"])
    winner = yield from bid(game, "first")
    order = yield from game.ask(Decision(
        side=winner, kind="first_player", prompt="You won the last bid: do you activate first or second?",
        choices=("first", "second"),
    ))
    first = winner if order == "first" else other_side(winner)
    game.state = game.state.replace(phase="play", first=first, to_act=first, clock_s=0.0)
    game.emit("first_player", first, first=first, clock_limit_s=game.state.clock_limit_s)


def terrain_phase(game: Any, winner: str):
    """Terrain (R-TERRAIN): a fixed scene's, or a kit's pieces placed alternately."""
    options = game.setup
    if options.scene is not None:
        board = options.scene.board
        terrain = tuple(TerrainState(id=t.id, polygon=t.polygon, height_cm=t.height_cm, movement=t.movement) for t in board.terrain)
        game.state = game.state.replace(terrain=terrain, width=board.width, depth=board.depth)
        game.emit("terrain", pieces=[t.id for t in terrain], fixed=True)
        return
    from ..kits import load_kit

    kit = load_kit(options.kit)
    placer = yield from _who_first(game, winner, "places terrain")
    remaining = list(kit.pieces)
    passed: set[str] = set()
    n = 0
    while remaining and len(passed) < 2:
        if placer in passed:
            placer = other_side(placer)
            continue
        choice = yield from game.ask(Decision(
            side=placer, kind="terrain_piece", prompt="Which terrain piece do you place next (or pass)?",
            choices=tuple(p.id for p in remaining) + ("pass",), info={"kit": kit.id},
        ))
        if choice == "pass":
            passed.add(placer)
            game.emit("terrain_pass", placer)
            placer = other_side(placer)
            continue
        piece = next(p for p in remaining if p.id == choice)
        n += 1
        piece_id = f"{piece.id}-{n}"

        def check(point: tuple[float, float], piece=piece, piece_id=piece_id) -> str | None:
            return _terrain_problem(game.state.board, piece.placed_at(point, piece_id))

        candidates = tuple(p for p in _grid(game.state.board, 24) if check(p) is None)
        if not candidates:
            game.emit("terrain_no_room", placer, piece=piece.id)
            remaining.remove(piece)
            continue
        point = yield from game.ask(Decision(
            side=placer, kind="terrain_place", prompt=f"Where do you place the {piece.name} (its centre)?",
            point=PointSpec(check, candidates[:24]), info={"piece": piece.id},
        ))
        placed = piece.placed_at(point, piece_id)
        game.state = game.state.replace(terrain=game.state.terrain + (TerrainState(
            id=placed.id, polygon=placed.polygon, height_cm=placed.height_cm, movement=placed.movement),))
        game.emit("terrain", placer, piece=placed.id, name=piece.name, at=point)
        remaining.remove(piece)
        placer = other_side(placer)


def _grid(board: Board, count: int) -> list[tuple[float, float]]:
    """Points on a grid over the table (a deterministic set of candidate spots)."""
    pts = [(float(x), float(y)) for y in range(9, int(board.depth) - 8, 6) for x in range(9, int(board.width) - 8, 6)]
    return pts


def _terrain_problem(board: Board, piece: Any) -> str | None:
    """R-TERRAIN: more than 5 cm from the edges, more than 10 cm from the pieces already placed."""
    shape = piece.shape
    minx, miny, maxx, maxy = shape.bounds
    if min(minx, miny, board.width - maxx, board.depth - maxy) <= 5.0:
        return "a piece must stand more than 5 cm from every table edge (R-TERRAIN)"
    for other in board.terrain:
        if other.shape.distance(shape) <= 10.0:
            return f"a piece must stand more than 10 cm from the other pieces; {other.id} is {other.shape.distance(shape):.1f} cm away (R-TERRAIN)"
    for b in board.bases:  # the ambassador or markers placed earlier are not in the way at this step
        if b.shape.intersects(shape):
            return f"it would cover {b.id}"
    return None


def deployment_phase(game: Any, winner: str):
    """Deployment (R-DEPLOY): each model of the first side in contact with its edge, then the other's."""
    first = yield from _who_first(game, winner, "deploys")
    tolerance = game.state.ruleset.contact_tolerance_cm
    for side in (first, other_side(first)):
        edge = game.state.side_state(side).edge
        for m in game.state.models_of(side, active_only=False):
            if m.ambassador:
                continue
            board = game.state.board.without(m.id)
            base = m.base()

            def check(point: tuple[float, float], board=board, base=base, edge=edge) -> str | None:
                b = base.at(point)
                problem = placement_problem(board, b)
                if problem:
                    return problem
                if not edge_contact(board, b, edge, tolerance):
                    return f"the base must touch the {edge} table edge (R-DEPLOY)"
                return None

            candidates = _edge_candidates(board, base, edge)
            if not candidates:
                raise DataError([Problem("deployment", m.id, f"There is no room left on the {edge} edge for {m.name}.")])
            point = yield from game.ask(Decision(
                side=side, kind="deploy", model=m.id, prompt=f"Where do you deploy {m.name} (touching the {edge} edge)?",
                point=PointSpec(check, candidates),
            ))
            game.state = game.state.update_model(m.id, x=point[0], y=point[1])
            game.emit("deploy", side, m.id, at=point)
