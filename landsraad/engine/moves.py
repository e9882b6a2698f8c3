"""Moving models in play: the destination decisions, the move itself, and what a move crosses.

Every movement of the flow (free move, Move action, dodge, disengage, step away, push, flight)
ends in the ``move.do`` stage, so carried markers travel with their carrier and templates
left on the table (hunter-seekers, jammers) see every base that crosses them.

Rules
-----
- R-MOVE, RUL-17: a destination is legal when the geometry finds a path within the allowance
  (:func:`landsraad.engine.spatial.plan_move`).
- R-FACTION Hunter-seeker ("Toute figurine qui traversera le gabarit sera attaquée"): every model
  whose move crosses a seeker's template is attacked by it, by every seeker it crosses, each
  time; it tests Reflexes against 12 (with its activation's malus if it is the active model,
  R-FATIGUE-MALUS) or suffers the Deadly poison. The template stays for the game (PRJ-97;
  ruleset option ``hunter_seeker_lasts``).
- R-FACTION Jammer: a model that leaves the jammer's template gets its shield back.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar, Iterable, Sequence

import shapely
from shapely.geometry import LineString

from ..dice import simple_test
from ..geometry.templates import path_far_from
from ..model import Poison
from ..rules.poisons import add_poison
from .bridge import tested
from .decisions import Decision, DecisionKind, PointSpec
from .flow import Machine, Payload, builder, stage
from .outcomes import record_outcome
from .spatial import move_candidates, plan_move
from .state import GameState

__all__ = ["targets_of_interest", "move_stage_args", "move_args", "MoveAsk", "MoveFrame", "MoveTo", "PointFrame", "SeekerFrame"]


def targets_of_interest(state: GameState, model_id: str) -> list[tuple[float, float]]:
    """Where a move is likely to go: the nearest enemies and own markers on the ground (for suggestions)."""
    me = state.model(model_id)
    side, mx, my = me.side, me.x, me.y  # read once, not at each point's sort key
    points = [(e.x, e.y) for e in state.enemies_of(model_id)]  # their positions
    points += [(k.x, k.y) for k in state.markers if not k.destroyed and k.carried_by is None and k.owner == side]
    points.sort(key=lambda p: math.hypot(p[0] - mx, p[1] - my))
    return points[:4]


@dataclass(frozen=True, slots=True)
class MoveAsk(Payload):
    """A move to ask for (R-MOVE): the arguments of the ``move`` decision and the data of the
    ``move.ask`` stage: the mover, its allowance in cm, the decision's kind and prompt, whether it
    may be skipped, and (a free move) whether it comes ``before`` or ``after`` the action.

    Examples
    --------
    >>> MoveAsk("red-1", 6.0, "free_move", "Free move?", when="after").to_json()
    {'model': 'red-1', 'allowance': 6.0, 'kind': 'free_move', 'prompt': 'Free move?', 'optional': True, 'when': 'after'}
    """

    model: str
    allowance: float
    kind: DecisionKind
    prompt: str
    optional: bool = True
    when: str | None = None

    OMITTED_WHEN_NONE: ClassVar[frozenset[str]] = frozenset({"when"})


def move_stage_args(model_id: str, allowance_cm: float, kind: DecisionKind, prompt: str, *, optional: bool = True) -> MoveAsk:
    """The arguments of the ``move`` decision and the ``move.ask`` stage."""
    return MoveAsk(model_id, float(allowance_cm), kind, prompt, optional)


@builder("move", MoveAsk)
def _move_decision(state: GameState, a: MoveAsk) -> Decision:
    model_id, allowance = a.model, float(a.allowance)
    m = state.model(model_id)

    def check(point: tuple[float, float]) -> str | None:
        result = plan_move(state, model_id, point, allowance)
        return None if result.legal else result.message

    def suggest() -> tuple[tuple[float, float], ...]:
        return move_candidates(state, model_id, allowance, towards=targets_of_interest(state, model_id))

    return Decision(side=m.side, kind=a.kind, model=model_id, prompt=a.prompt, optional=a.optional,
                    point=PointSpec(check, suggest, allowance), info={"when": a.when} if a.when is not None else {})


@dataclass(frozen=True, slots=True)
class MoveFrame(Payload):
    """A move asked for (R-MOVE): the mover, its allowance in cm and the kind of move (``free_move``,
    ``move``, ...), carried until the destination is answered.

    Examples
    --------
    >>> MoveFrame("red-1", 6.0, "free_move").to_json()
    {'model': 'red-1', 'allowance': 6.0, 'kind': 'free_move'}
    """

    model: str
    allowance: float
    kind: str


@dataclass(frozen=True, slots=True)
class PointFrame(Payload):
    """Where a model ended a move or a dodge, handed on to the stage that asked for it."""

    point: tuple[float, float]


@dataclass(frozen=True, slots=True)
class MoveTo(Payload):
    """A move decided, to be carried out by ``move.do`` (:func:`apply_move`): the mover, where it ends,
    the path it takes (table points), its length in cm and its kind.

    A ``move.do`` frame runs as soon as it is pushed, so no saved game holds one; the move's event
    keeps this path (the geometry's own points, shared)."""

    model: str
    to: tuple[float, float]
    path: tuple[tuple[float, float], ...]
    length: float
    kind: str


@dataclass(frozen=True, slots=True)
class SeekerFrame(Payload):
    """A hunter-seeker's attack on a model that crossed it (R-FACTION): the victim, the seeker
    striking now and those left to strike."""

    victim: str
    effect: str
    seekers: tuple[str, ...]


@stage("move.ask", MoveAsk)
def move_ask(m: Machine, d: MoveAsk, _: object) -> None:
    """Ask for a destination within the allowance (R-MOVE); move there; return the point or ``None``."""
    m.ask("move", d, move_answered.at(MoveFrame(d.model, float(d.allowance), d.kind)))


@stage("move.answered", MoveFrame)
def move_answered(m: Machine, d: MoveFrame, point: tuple[float, float] | None) -> tuple[float, float] | None:
    """The destination answered (``None``: the model stays): the move is carried out."""
    if point is None:
        return None
    result = plan_move(m.state, d.model, point, d.allowance)
    m.call(apply_move, move_args(d.model, point, result.path, result.path_length_cm, d.kind), _move_done.at(PointFrame(point)))
    return None


@stage("move.done", PointFrame)
def _move_done(m: Machine, d: PointFrame, _: object) -> tuple[float, float]:
    return (float(d.point[0]), float(d.point[1]))


def move_args(model_id: str, point: tuple[float, float], path: Iterable[tuple[float, float]] | None, length: float, kind: str) -> MoveTo:
    """The :class:`MoveTo` of the ``move.do`` stage (the points are the geometry's own tuples, shared)."""
    return MoveTo(model_id, (float(point[0]), float(point[1])), tuple(tuple(p) for p in (path or ())),  # type: ignore[misc]
                  float(length), kind)


@stage("move.do", MoveTo)
def apply_move(m: Machine, d: MoveTo, _: object) -> None:
    """Put the model at ``to``; carried markers go with it; hunter-seekers it crosses attack (R-FACTION)."""
    model_id, point = d.model, (float(d.to[0]), float(d.to[1]))
    mm = m.state.model(model_id)
    # the model where it ends and the clock's tick (R-CLOCK): one new state
    m.state = m.state.with_model(mm.replace(x=point[0], y=point[1]), **m.clock_tick("move"))
    if mm.carrying:
        m.state = m.state.with_marker(m.state.marker(mm.carrying).replace(x=point[0], y=point[1]))
    # the event and the crossing test read the frame's own path (frames and event data are never
    # changed): no copy of it for the log to keep all game
    path = d.path
    m.emit("move", mm.side, model_id, kind=d.kind, to=point, length_cm=d.length, path=path)
    _crossed(m, model_id, path or (mm.position, point))


def _crossed(m: Machine, model_id: str, path: Sequence[tuple[float, float]]) -> None:
    """Jammers left and hunter-seekers crossed by a move."""
    mm = m.state.model(model_id)
    jammers = [e for e in m.state.effects if e.kind == "jammer"]
    if mm.jammed_by and not any(e.id == mm.jammed_by and e.template().intersects(mm.base().shape) for e in jammers):
        m.state = m.state.update_model(model_id, jammed_by=None)  # it left the jammer's template
    if mm.out_of_action:
        return
    seekers = [e for e in m.state.effects if e.kind == "hunter_seeker"]
    crossed: list[str] = []
    if seekers:
        points = list(path) if path else [mm.position]
        reach = mm.base_mm / 20
        # the swept area is built only when a seeker's template comes near the path: one farther
        # than both radii from it cannot meet it
        near = [e for e in seekers if not path_far_from(points, (e.x, e.y), reach + e.radius_cm)]
        if near:
            swept = (LineString(points) if len(points) > 1 else shapely.Point(points[0])).buffer(reach)
            crossed = [e.id for e in near if swept.intersects(e.template())]
    _next_seeker(m, model_id, crossed)


def _next_seeker(m: Machine, model_id: str, seekers: Sequence[str]) -> None:
    """Each seeker the move crossed attacks in turn, while the model still stands."""
    mm = m.state.model(model_id)
    if not seekers or mm.out_of_action:
        return
    m.roll(2, _seeker_tested.at(SeekerFrame(model_id, seekers[0], tuple(seekers[1:]))), by=(mm.side, model_id), why="hunter-seeker")


@stage("seeker.tested", SeekerFrame)
def _seeker_tested(m: Machine, d: SeekerFrame, dice: tuple[int, ...]) -> None:
    """The Reflexes test against 12, with the active model's fatigue malus (R-FATIGUE-MALUS)."""
    model_id = d.victim
    effect = next(e for e in m.state.effects if e.id == d.effect)
    c = tested(m.state, model_id)
    neutral, colour = dice
    test = simple_test(c.effective_reflexes, 12, neutral=neutral, colour=colour)
    if m.state.ruleset.hunter_seeker_lasts == "first_strike":
        m.state = m.state.replace(effects=tuple(x for x in m.state.effects if x.id != effect.id))
    m.emit("hunter_seeker", effect.owner, model_id, effect=effect.id, test=test)
    if not test.success:
        after = c.model_copy(update={"poisons": add_poison(c.poisons, Poison(kind="deadly"))})
        record_outcome(m, model_id, after, killer=effect.by, means="hunter-seeker")
    _next_seeker(m, model_id, [s for s in d.seekers if any(e.id == s for e in m.state.effects)])
