"""Scripted situations for engine tests: a state in play with models where we put them, dice we
choose, and players that answer from a script."""

from __future__ import annotations

from collections import deque
from typing import Any, Callable, Iterable, Mapping

import numpy as np

from landsraad.content import load_faction
from landsraad.engine.decisions import Decision
from landsraad.engine.game import Game
from landsraad.engine.state import GameState, ModelState, SideState, TerrainState
from landsraad.ruleset import DEFAULT, Ruleset


class ScriptedDice:
    """The dice a test chooses, handed out in order (then a seeded generator's), for a physical-dice game."""

    def __init__(self, dice: Iterable[int], fallback_seed: int = 0) -> None:
        self.queue = deque(dice)
        self.fallback = np.random.default_rng(fallback_seed)

    def integers(self, low: int, high: int, size: int = 1):
        out = []
        for _ in range(size):
            out.append(self.queue.popleft() if self.queue else int(self.fallback.integers(low, high)))
        return np.array(out)

    def random(self) -> float:
        return float(self.fallback.random())

    def answer(self, decision: Decision) -> list[int]:
        """The answer to a ``dice`` decision: the next ``decision.dice`` scripted dice."""
        return [int(v) for v in self.integers(1, 11, size=decision.dice)]


def model(side: str, faction: str, type_: str, n: int, x: float, y: float, **state: Any) -> ModelState:
    f = load_faction(faction)
    profile = f.profile(type_)
    weapons = tuple(f.weapon(w) for w in profile.weapons) + tuple(f.weapon(w) for w in state.pop("extra_weapons", ()))
    return ModelState(id=f"{side}-{type_.replace('_', '-')}-{n}", side=side, faction=faction, type=type_, name=f"{profile.name} {n}",
                      profile=profile, weapons=weapons, base_mm=profile.base_mm, x=x, y=y, **state)


def state_in_play(models: Iterable[ModelState], *, terrain: Iterable[TerrainState] = (), ruleset: Ruleset = DEFAULT,
                  to_act: str = "red", red: str = "corrino", blue: str = "fremen", seed: int = 0) -> GameState:
    return GameState(seed=seed, ruleset=ruleset, sides=(SideState(side="red", faction=red), SideState(side="blue", faction=blue, edge="north")),
                     models=tuple(models), terrain=tuple(terrain), phase="play", first="red", to_act=to_act)


def _default(d: Decision) -> Any:
    """Skip when allowed, else the first legal answer."""
    if d.optional:
        return None
    if d.ranked is not None:
        return [d.choices[0]]
    return d.choices[0] if d.choices else d.point.candidates[0]


class ScriptedPlayer:
    """Answers from a script: a mapping kind -> answer, or kind -> callable(decision) -> answer.

    Decisions not in the script are answered with ``default(decision)`` (skip when optional,
    else the first choice).
    """

    def __init__(self, script: Mapping[str, Any] | None = None, default: Callable[[Decision], Any] | None = None) -> None:
        self.script = {k: (deque(v) if isinstance(v, list) else v) for k, v in (script or {}).items()}
        self.default = default or _default
        self.seen: list[Decision] = []

    def decide(self, decision: Decision, state: Any) -> Any:
        self.seen.append(decision)
        entry = self.script.get(decision.kind)
        if isinstance(entry, deque):
            if entry:
                value = entry.popleft()
                return value(decision) if callable(value) else value
            return self.default(decision)
        if callable(entry):
            return entry(decision)
        if entry is not None:
            return entry
        return self.default(decision)


def run_activations(state: GameState, players: Mapping[str, Any], dice: Iterable[int] = (), *, activations: int = 1) -> Game:
    """Play ``activations`` activations from ``state`` with scripted dice; returns the game (not over)."""
    game = Game(state, dice="physical")
    scripted = ScriptedDice(dice)

    def step() -> None:
        d = game.decision
        game.answer(scripted.answer(d) if d.kind == "dice" else players[d.side].decide(d, game.view(d.side)))

    target = state.activation + activations
    while game.decision is not None and game.state.activation < target:
        step()
    # finish the activation under way (free move after, etc.)
    while game.decision is not None and game.decision.kind != "activate":
        step()
    return game
