"""Mission drills: short bundled scenarios to practise one mission against the computer.

A drill (``drills/*.yaml``, bundled as ``landsraad/_data/drills``) is a position in play: the
two warbands (bundled faction lists), where each listed model stands (models not listed are
not in the drill), mission markers, the missions each side has picked, who acts first, how
many activations the drill lasts, the opponent and its level, the goal in words and a par
score. :func:`drill_game` builds the :class:`~landsraad.engine.Game`; :func:`drill_over` says
when the activation limit is reached; :func:`drill_score` scores the human side's missions
with the mission evaluators (:func:`landsraad.missions.evaluate_picks` over
:class:`~landsraad.engine.missions.EngineMissionView`) as if the game ended there.

:func:`costliest_decisions` answers "what would the computer have done at my worst decisions?"
with :mod:`landsraad.play.review`: each of the person's decisions is replayed from a copy of
the game with the heuristic player's answer instead, both versions are played out to the
drill's end by computer players over a few seeds (the same seeds for both, so luck cancels),
and the decisions whose alternatives gain the most are reported (:func:`worst_decision`: the
first of them).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Literal, Sequence

from pydantic import Field, ValidationError, field_validator

from ..content import data_dir, read_document, validation_problems
from ..engine import Answer, Game, GameState, new_game
from ..engine.flow import DiceMode
from ..engine.missions import EngineMissionView
from ..engine.state import MarkerState, TerrainState
from ..errors import DataError, GeometryError, Problem, UnknownNameError, carried_message, truncate
from ..fileio import path_kind
from ..geometry.measure import edge_distance
from ..geometry.movement import plan_move
from ..i18n import _, message, numeral, side_name
from ..missions import evaluate_picks, load_missions, score
from ..model import FrenchName, FrenchText, Frozen, shown_name
from ..scene import load_scene
from .review import Advice, candidates, costliest

__all__ = ["Drill", "DrillModel", "DrillMarker", "DrillResult", "Advice", "load_drill", "load_drills", "drill_names", "drill_game",
           "drill_over", "drill_score", "worst_decision", "costliest_decisions", "opponent_kind"]

Side = Literal["red", "blue"]


class DrillModel(Frozen):
    """Where a model of the drill stands, and what it already suffered."""

    at: tuple[float, float]
    wound: Literal["none", "scratch", "light", "grave"] = "none"
    fatigue: int = Field(0, ge=0, le=6)


class DrillMarker(Frozen):
    """A mission marker on the table."""

    id: str
    owner: Side
    mission: str
    at: tuple[float, float]
    size_mm: float = 30.0


class Drill(Frozen):
    """A bundled drill (see the module docstring)."""

    id: str
    title: str
    description: str = ""
    title_fr: FrenchName = None
    description_fr: FrenchText = None
    red: str
    blue: str
    human: Side
    scene: str | None = None
    to_act: Side = "red"
    models: dict[str, DrillModel]
    markers: tuple[DrillMarker, ...] = ()
    missions: dict[Side, tuple[str, ...]]
    activations: int = Field(gt=0, le=40)
    opponent: str = "heuristic"
    level: str = "normal"
    goal: str
    goal_fr: FrenchText = None
    par: int

    @field_validator("models", mode="before")
    @classmethod
    def _points(cls, value: Any) -> Any:
        # A model is written as [x, y] or as {at: [x, y], wound: ..., fatigue: ...}.
        if isinstance(value, dict):
            return {k: ({"at": v} if isinstance(v, (list, tuple)) else v) for k, v in value.items()}
        return value

    def shown_title(self, lang: str | None = None) -> str:
        """The title in ``lang`` (the active language by default): ``title_fr`` in French."""
        return shown_name(self.title, self.title_fr, lang)

    def shown_description(self, lang: str | None = None) -> str:
        """The description in ``lang`` (the active language by default): ``description_fr`` in French."""
        return shown_name(self.description, self.description_fr, lang)

    def shown_goal(self, lang: str | None = None) -> str:
        """The goal in ``lang`` (the active language by default): ``goal_fr`` in French."""
        return shown_name(self.goal, self.goal_fr, lang)


@dataclass(frozen=True)
class DrillResult:
    """How a drill went: the human side's VP, par, and each mission's outcome."""

    score: int
    par: int
    outcomes: tuple[tuple[str, str, int], ...]
    """(mission name, success / failure / neither, points)."""

    @property
    def verdict(self) -> str:
        """One sentence comparing the score with par."""
        diff = self.score - self.par
        if diff > 0:
            return _("{score} VP: {diff} above par ({par}).").format(score=self.score, diff=diff, par=self.par)
        if diff == 0:
            return _("{score} VP: exactly par ({par}).").format(score=self.score, par=self.par)
        return _("{score} VP: {diff} below par ({par}).").format(score=self.score, diff=-diff, par=self.par)


# --- loading -------------------------------------------------------------------------------------------


def drill_names(directory: str | Path | None = None) -> list[str]:
    """The ids of the drills in ``directory`` (default: the bundled ones), sorted."""
    folder = Path(directory) if directory else data_dir("drills")
    return sorted(p.stem for p in folder.glob("*.yaml"))


def load_drill(name_or_path: str | Path) -> Drill:
    """A drill by bundled id or file path, checked against the content it names.

    Raises
    ------
    DataError
        Unknown drill (the message lists the bundled ones), bad YAML, or every problem found
        in the drill (unknown models or missions, overlapping bases, bases off the table).
    """
    path = Path(name_or_path)
    if not path.suffix:
        path = data_dir("drills") / f"{name_or_path}.yaml"
        if path_kind(path) != "file":  # "too long" too: a 5,000-letter name is no drill either
            raise UnknownNameError("drill", str(name_or_path), drill_names())
    source = truncate(str(path), 200)
    doc = read_document(path)  # bounded and hardened like every content file; errors name the file and line
    raw = doc.data
    if not isinstance(raw, dict):
        raise DataError([Problem(source, "", message("A drill is a YAML mapping (title, red, blue, models, missions, ...)."))])
    raw.setdefault("id", path.stem)
    try:
        drill = Drill.model_validate(raw)
    except ValidationError as exc:
        raise DataError(validation_problems(exc, doc)) from None  # located, in the reader's language, as every content file
    problems = _drill_problems(drill, source)
    if problems:
        raise DataError(problems)
    return drill


def load_drills(directory: str | Path | None = None) -> list[Drill]:
    """Every drill of ``directory`` (default: the bundled ones)."""
    folder = Path(directory) if directory else data_dir("drills")
    return [load_drill(folder / f"{name}.yaml") for name in drill_names(folder)]


def _recruited(drill: Drill) -> GameState:
    return new_game(drill.red, drill.blue, seed=0).state


def _drill_problems(drill: Drill, source: str) -> list[Problem]:
    problems: list[Problem] = []
    cards = load_missions()
    for side, picks in drill.missions.items():
        for mission in picks:
            if mission not in cards:
                problems.append(Problem(source, f"missions.{side}", message("Unknown mission {mission}; the missions are: {names}.", mission=repr(mission),
                                                                                  names=", ".join(sorted(cards)))))
    for k in drill.markers:
        if k.mission not in drill.missions.get(k.owner, ()):
            problems.append(Problem(source, f"markers.{k.id}", message("The marker belongs to {owner}'s {mission}, which {owner} has not picked.",
                                                                             owner=side_name(k.owner), mission=repr(k.mission))))
    if drill.human not in drill.missions or not drill.missions[drill.human]:
        problems.append(Problem(source, "missions", message("The human side ({side}) must have at least one mission to be scored.",
                                                                 side=side_name(drill.human))))
    try:
        state = _recruited(drill)
    except DataError as err:
        return problems + list(err.problems)
    known = {m.id for m in state.models}
    for mid in drill.models:
        if mid not in known:
            problems.append(Problem(source, f"models.{mid}", message("No model {model} in these warbands; the models are: {names}.", model=repr(mid),
                                                                              names=", ".join(sorted(known)))))
    if problems:
        return problems
    game_state = build_state(drill, seed=0)
    board = game_state.board
    bases = [board.base(m.id) for m in game_state.models]
    for i, a in enumerate(bases):
        r = a.diameter_mm / 20.0
        if not (r <= a.x <= game_state.width - r and r <= a.y <= game_state.depth - r):
            problems.append(Problem(source, f"models.{a.id}", message("The base at ({x}, {y}) is not wholly on the 60 x 60 cm table.",
                                                                          x=numeral(a.x, "g"), y=numeral(a.y, "g"))))
        for b in bases[i + 1:]:
            if edge_distance(a, b) < -1e-6:
                problems.append(Problem(source, f"models.{a.id}", message("The bases of {a} and {b} overlap.", a=a.id, b=b.id)))
    if not problems:
        for a in bases:
            try:  # the geometry refuses a start position that overlaps terrain (a move of 0 cm in place)
                plan_move(board, a.id, (a.x, a.y), 0.0)
            except GeometryError as err:
                problems.append(Problem(source, f"models.{a.id}", carried_message(err)))
    return problems


def build_state(drill: Drill, *, seed: int) -> GameState:
    """The drill's position as a state in play."""
    recruited = _recruited(drill)
    models = []
    for m in recruited.models:
        spot = drill.models.get(m.id)
        if spot is not None:
            models.append(m.replace(x=float(spot.at[0]), y=float(spot.at[1]), wound=spot.wound, fatigue=spot.fatigue))
    sides = tuple(s.replace(missions=tuple(drill.missions.get(s.side, ())), edge="south" if s.side == "red" else "north")
                  for s in recruited.sides)
    terrain: tuple[TerrainState, ...] = ()
    if drill.scene:
        path = data_dir("scenes") / f"{drill.scene}.yaml"
        board = load_scene(path).board
        terrain = tuple(TerrainState(id=t.id, polygon=t.polygon, height_cm=t.height_cm, movement=t.movement) for t in board.terrain)
    markers = tuple(MarkerState(id=k.id, owner=k.owner, mission=k.mission, x=k.at[0], y=k.at[1], size_mm=k.size_mm, placed_by=k.owner)
                    for k in drill.markers)
    return recruited.replace(seed=int(seed), sides=sides, models=tuple(models), terrain=terrain, markers=markers, phase="play",
                             first=drill.to_act, to_act=drill.to_act, activation=0, clock_s=0.0)


def drill_game(drill: Drill, *, seed: int = 0, dice: DiceMode = "digital") -> Game:
    """A new game at the drill's position."""
    return Game(build_state(drill, seed=seed), seed=seed, dice=dice)


def opponent_kind(drill: Drill) -> str:
    """The player kind of the drill's opponent (``search:LEVEL`` for a search player)."""
    return f"{drill.opponent}:{drill.level}" if drill.opponent == "search" else drill.opponent


# --- ending and scoring -----------------------------------------------------------------------------


def drill_over(drill: Drill, game: Game) -> bool:
    """Whether the drill has ended: the game is over, or its activations are played (at an activation boundary)."""
    d = game.decision
    if d is None:  # the game is over
        return True
    done = game.state.activation >= drill.activations
    return done and (d.kind == "activate" or game.state.activation > drill.activations)


def drill_score(drill: Drill, state: GameState) -> DrillResult:
    """The human side's missions scored as if the game ended in ``state`` (R-MISSIONS)."""
    picks = tuple(drill.missions[drill.human])
    ended = state.replace(phase="over")
    outcomes = evaluate_picks(picks, EngineMissionView(ended), drill.human, ruleset=state.ruleset)
    sheet = score(picks, outcomes, side=drill.human)
    lines = tuple((line.name, {True: "success", False: "failure", None: "neither"}[line.succeeded], int(line.points)) for line in sheet.lines)
    return DrillResult(score=int(sheet.total), par=drill.par, outcomes=lines)


# --- what the computer would have done ---------------------------------------------------------------


def worst_decision(drill: Drill, decisions: Sequence[tuple[Game, Answer]], *, seeds: Iterable[int] = (11, 12),
                   limit: int = 12) -> Advice | None:
    """The person's decision whose heuristic alternative gains the most VP by the drill's end.

    Parameters
    ----------
    drill
        The drill played.
    decisions
        Each decision of the person: the game just before it and the answer given.
    seeds
        The playouts' seeds (each version of a decision is played out once per seed).
    limit
        How many decisions are examined at most (the last ones, nearest the result).

    Returns
    -------
    Advice or None
        ``None`` when the computer would have answered every decision the same way, or no
        alternative gains anything.
    """
    found = costliest_decisions(drill, decisions, seeds=seeds, limit=limit, count=1)
    return found[0] if found else None


def costliest_decisions(drill: Drill, decisions: Sequence[tuple[Game, Answer]], *, seeds: Iterable[int] = (11, 12),
                        limit: int = 12, count: int = 3) -> list[Advice]:
    """The person's ``count`` costliest decisions: those whose heuristic alternative gains the most VP by the drill's end.

    Each of the last ``limit`` decisions the computer would have answered otherwise is played
    out both ways over ``seeds`` (the same seeds for both, so the dice cancel); the ones whose
    alternative gains something come first by gain.

    Returns
    -------
    list of Advice
        At most ``count``, costliest first; empty when no alternative gains anything.
    """
    found = candidates(list(decisions)[-limit:])
    return costliest(found, over=lambda g: drill_over(drill, g), score=lambda g: drill_score(drill, g.state).score, seeds=seeds,
                     count=count)
