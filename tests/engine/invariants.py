"""Engine invariants checked after every answer of a game (issue 15), shared by the test suite
and the long run in ``bench/bench_invariants.py``.

The checks read the game from outside (its state, its pending decision, its log), never the
engine's own bookkeeping, so a bug in the engine cannot hide itself.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

import numpy as np
import shapely

from landsraad.engine import Game
from landsraad.engine.record import GameRecord, record_game, replay_record
from landsraad.rules.state import wound_rank

# Decisions that name a model as their object rather than as the one acting.
OBJECT_KINDS = {"push_distance"}


class InvariantBroken(AssertionError):
    """An invariant that does not hold, with the game's seed and the step."""


def check_state(game: Game) -> None:
    """Bases on the table, none overlapping another or impassable terrain; counters never negative."""
    state = game.state
    if state.phase == "setup":  # models stand nowhere until deployed: check the ones placed so far
        placed = {e.model for e in game.log if e.kind in ("deploy", "ambassador")}
        on_table = [m for m in state.models if m.id in placed]
    else:
        on_table = [m for m in state.models if not m.removed]
    for m in on_table:
        r = m.base_mm / 20
        if not (-1e-6 <= m.x - r and m.x + r <= state.width + 1e-6 and -1e-6 <= m.y - r and m.y + r <= state.depth + 1e-6):
            raise InvariantBroken(f"{m.id} stands off the table at ({m.x:.2f}, {m.y:.2f}).")
        if m.fatigue < 0 or m.spice_doses < 0:
            raise InvariantBroken(f"{m.id} has fatigue {m.fatigue} and spice {m.spice_doses}: a counter below 0.")
        if m.wound == "fatal" and not m.removed:
            raise InvariantBroken(f"{m.id} has a fatal wound but stands on the table.")
    if not on_table:
        return
    # All at once (numpy, shapely's vectorised distance): every base against every blocked piece
    # and every other base, after every answer.
    xy = np.array([(m.x, m.y) for m in on_table], dtype=float)
    radii = np.array([m.base_mm / 20 for m in on_table], dtype=float)
    points = shapely.points(xy)
    for piece in _blocked(state.terrain):
        inside = shapely.distance(piece, points) < radii - 1e-3
        if inside.any():
            m = on_table[int(np.argmax(inside))]
            raise InvariantBroken(f"{m.id} overlaps impassable terrain at ({m.x:.2f}, {m.y:.2f}).")
    gaps = np.hypot(xy[:, None, 0] - xy[None, :, 0], xy[:, None, 1] - xy[None, :, 1]) - radii[:, None] - radii[None, :]
    gaps[np.diag_indices(len(on_table))] = np.inf
    if (gaps < -1e-3).any():
        i, j = np.unravel_index(int(np.argmin(gaps)), gaps.shape)
        a, b = on_table[min(i, j)], on_table[max(i, j)]
        raise InvariantBroken(f"{a.id} overlaps {b.id} by {-float(gaps[i, j]):.3f} cm.")


@lru_cache(maxsize=64)
def _blocked(terrain: tuple[Any, ...]) -> tuple[shapely.Polygon, ...]:
    """The impassable pieces of a terrain layout as shapely polygons (built once: terrain does not move)."""
    return tuple(shapely.Polygon(t.polygon) for t in terrain if t.movement == "blocked")


def check_decision(game: Game) -> None:
    """No model out of action is asked anything, nor offered for activation."""
    d = game.decision
    if d is None:
        return
    state = game.state
    if d.model is not None and d.kind not in OBJECT_KINDS and d.kind != "dice":
        if state.model(d.model).out_of_action:
            raise InvariantBroken(f"{d.model} is out of action but is asked {d.kind!r}: {d.prompt}")
    if d.kind == "activate":
        for choice in d.choices:
            if choice == "pass":  # a voluntary pass (PRJ-101), not a model
                continue
            if state.model(choice).out_of_action:
                raise InvariantBroken(f"{choice} is out of action but may be activated.")


def check_wounds(before: Mapping[str, str], game: Game, healed: set[str]) -> None:
    """Wound levels only rise, except for a model healed in this step."""
    for m in game.state.models:
        if m.id in before and wound_rank(m.wound) < wound_rank(before[m.id]) and m.id not in healed:
            raise InvariantBroken(f"{m.id}'s wound went down from {before[m.id]} to {m.wound} without healing.")


def check_result(game: Game) -> None:
    """VP are the sums of the mission lines; the winner has the most VP (or none: a draw)."""
    result = game.result
    if result is None:
        raise InvariantBroken("The game is over without a result.")
    for side in ("red", "blue"):
        sheet = result.sheets[side]
        lines = getattr(sheet, "lines", None)
        if lines is not None and sum(line.points for line in lines) != result.vp[side]:
            raise InvariantBroken(f"{side}'s VP {result.vp[side]} are not the sum of its mission lines.")
    red, blue = result.vp["red"], result.vp["blue"]
    expected = "draw" if red == blue else ("red" if red > blue else "blue")
    if result.winner != expected:
        raise InvariantBroken(f"The winner is {result.winner} with {red} VP to {blue}.")


def play_checked(game: Game, players: Mapping[str, Any], *, max_steps: int = 20_000) -> GameRecord:
    """Play ``game`` to its end, checking every invariant after every answer; then check the replay."""
    check_state(game)
    check_decision(game)
    steps = 0
    while not game.over:
        d = game.decision
        wounds = {m.id: m.wound for m in game.state.models}
        seen = len(game.log)
        if d.kind == "dice":
            game.roll_pending()
        else:
            game.answer(players[d.side].decide(d, game.view(d.side)))
        healed = {e.data.get("patient") for e in game.log[seen:] if e.kind == "heal"}
        check_state(game)
        check_decision(game)
        check_wounds(wounds, game, healed)
        steps += 1
        if steps > max_steps:
            raise InvariantBroken(f"The game did not end within {max_steps} answers.")
    check_result(game)
    record = record_game(game)
    replayed = replay_record(GameRecord.model_validate_json(record.model_dump_json()))
    if [e.to_dict() for e in replayed.log] != record.log:
        raise InvariantBroken("The game does not replay identically.")
    return record
