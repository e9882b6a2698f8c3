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
from typing import Any, Mapping

import shapely
from shapely.geometry import LineString

from ..dice import simple_test
from ..geometry.templates import path_far_from
from ..model import Poison
from ..rules.poisons import add_poison
from .bridge import tested
from .decisions import Decision, PointSpec
from .flow import Machine, builder, stage
from .outcomes import record_outcome
from .spatial import move_candidates, plan_move
from .state import GameState

__all__ = ["targets_of_interest", "move_stage_args"]


def targets_of_interest(state: GameState, model_id: str) -> list[tuple[float, float]]:
    """Where a move is likely to go: the nearest enemies and own markers on the ground (for suggestions)."""
    me = state.model(model_id)
    side, mx, my = me.side, me.x, me.y  # read once, not at each point's sort key
    points = [(e.x, e.y) for e in state.enemies_of(model_id)]  # their positions
    points += [(k.x, k.y) for k in state.markers if not k.destroyed and k.carried_by is None and k.owner == side]
    points.sort(key=lambda p: math.hypot(p[0] - mx, p[1] - my))
    return points[:4]


def move_stage_args(model_id: str, allowance_cm: float, kind: str, prompt: str, *, optional: bool = True) -> dict[str, Any]:
    """The arguments of the ``move`` decision and the ``move.ask`` stage."""
    return {"model": model_id, "allowance": float(allowance_cm), "kind": kind, "prompt": prompt, "optional": optional}


@builder("move")
def _move_decision(state: GameState, a: Mapping[str, Any]) -> Decision:
    model_id, allowance = a["model"], float(a["allowance"])
    m = state.model(model_id)

    def check(point: tuple[float, float]) -> str | None:
        result = plan_move(state, model_id, point, allowance)
        return None if result.legal else result.message

    def suggest() -> tuple[tuple[float, float], ...]:
        return move_candidates(state, model_id, allowance, towards=targets_of_interest(state, model_id))

    return Decision(side=m.side, kind=a["kind"], model=model_id, prompt=a["prompt"], optional=bool(a.get("optional", True)),
                    point=PointSpec(check, suggest, allowance), info={"when": a["when"]} if "when" in a else {})


@stage("move.ask")
def _move_ask(m: Machine, d: Mapping[str, Any], _: Any) -> None:
    """Ask for a destination within the allowance (R-MOVE); move there; return the point or ``None``."""
    m.ask("move", d, "move.answered", model=d["model"], allowance=d["allowance"], kind=d["kind"])


@stage("move.answered")
def _move_answered(m: Machine, d: Mapping[str, Any], point: tuple[float, float] | None) -> tuple[float, float] | None:
    if point is None:
        return None
    result = plan_move(m.state, d["model"], point, d["allowance"])
    m.call("move.do", move_args(d["model"], point, result.path, result.path_length_cm, d["kind"]), "move.done", point=list(point))
    return None


@stage("move.done")
def _move_done(m: Machine, d: Mapping[str, Any], _: Any) -> tuple[float, float]:
    return (float(d["point"][0]), float(d["point"][1]))


def move_args(model_id: str, point: Any, path: Any, length: float, kind: str) -> dict[str, Any]:
    """The arguments of the ``move.do`` stage (JSON-able: the path as a list of points).

    The points are tuples (the geometry's own, shared: ``tuple()`` of a tuple is that tuple), which
    a frame's :meth:`~landsraad.engine.flow.Frame.to_list` writes as lists; a ``move.do`` frame runs
    as soon as it is pushed, so no saved game holds one, and the move's event keeps this list."""
    return {"model": model_id, "to": [float(point[0]), float(point[1])], "path": [tuple(p) for p in (path or ())],
            "length": float(length), "kind": kind}


@stage("move.do")
def apply_move(m: Machine, d: Mapping[str, Any], _: Any) -> None:
    """Put the model at ``to``; carried markers go with it; hunter-seekers it crosses attack (R-FACTION)."""
    model_id, point = d["model"], (float(d["to"][0]), float(d["to"][1]))
    mm = m.state.model(model_id)
    # the model where it ends and the clock's tick (R-CLOCK): one new state
    m.state = m.state.with_model(mm.replace(x=point[0], y=point[1]), **m.clock_tick("move"))
    if mm.carrying:
        m.state = m.state.with_marker(m.state.marker(mm.carrying).replace(x=point[0], y=point[1]))
    # the event and the crossing test read the frame's own path (frames and event data are never
    # changed): no copy of it for the log to keep all game
    path = d["path"]
    m.emit("move", mm.side, model_id, kind=d["kind"], to=point, length_cm=d["length"], path=path)
    _crossed(m, model_id, path or [mm.position, point])


def _crossed(m: Machine, model_id: str, path: list[Any]) -> None:
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
        points = [tuple(p) for p in path] if path else [mm.position]
        reach = mm.base_mm / 20
        # the swept area is built only when a seeker's template comes near the path: one farther
        # than both radii from it cannot meet it
        near = [e for e in seekers if not path_far_from(points, (e.x, e.y), reach + e.radius_cm)]
        if near:
            swept = (LineString(points) if len(points) > 1 else shapely.Point(points[0])).buffer(reach)
            crossed = [e.id for e in near if swept.intersects(e.template())]
    _next_seeker(m, {"victim": model_id, "seekers": crossed}, None)


@stage("seeker.next")
def _next_seeker(m: Machine, d: Mapping[str, Any], _: Any) -> None:
    """Each seeker the move crossed attacks in turn, while the model still stands."""
    seekers = list(d["seekers"])
    model_id = d["victim"]
    mm = m.state.model(model_id)
    if not seekers or mm.out_of_action:
        return
    m.roll(2, "seeker.tested", by=(mm.side, model_id), why="hunter-seeker", victim=model_id, effect=seekers[0], seekers=seekers[1:])


@stage("seeker.tested")
def _seeker_tested(m: Machine, d: Mapping[str, Any], dice: tuple[int, ...]) -> None:
    """The Reflexes test against 12, with the active model's fatigue malus (R-FATIGUE-MALUS)."""
    model_id = d["victim"]
    effect = next(e for e in m.state.effects if e.id == d["effect"])
    c = tested(m.state, model_id)
    neutral, colour = dice
    test = simple_test(c.effective_reflexes, 12, neutral=neutral, colour=colour)
    if m.state.ruleset.hunter_seeker_lasts == "first_strike":
        m.state = m.state.replace(effects=tuple(x for x in m.state.effects if x.id != effect.id))
    m.emit("hunter_seeker", effect.owner, model_id, effect=effect.id, test=test)
    if not test.success:
        after = c.model_copy(update={"poisons": add_poison(c.poisons, Poison(kind="deadly"))})
        record_outcome(m, model_id, after, killer=effect.by, means="hunter-seeker")
    _next_seeker(m, {"victim": model_id, "seekers": [s for s in d["seekers"] if any(e.id == s for e in m.state.effects)]}, None)
