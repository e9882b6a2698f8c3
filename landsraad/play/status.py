"""What a person sees on ``status``: the clock, provisional VP, and the models on the table.

:func:`status_report` gathers, for one side, what the ``status`` command prints at any prompt
(issue 38): the clock's minutes left (R-CLOCK, 45 minutes), the VP each picked mission would
score if the game ended now (provisional, labelled so: the mission evaluators over the
state, R-MISSIONS), the side's models with their position, wound, fatigue, poisons, shield,
weapons and the enemies each sees (R-LOS), and the enemy models with what sees them.
:func:`recap` says the last few events, for ``--resume`` and ``undo``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..engine import GameState
from ..engine.events import GameEvent
from ..engine.missions import EngineMissionView
from ..errors import LandsraadError
from ..geometry.sight.queries import line_of_sight
from ..missions import evaluate_picks, load_missions, score
from ..narrate import model_label, model_names, narrate

__all__ = ["Status", "status_report", "status_text", "recap"]

_OUTCOME = {True: "success", False: "failure", None: "neither"}


@dataclass(frozen=True)
class Status:
    """What ``status`` prints: heading lines and two tables (own models, enemy models)."""

    lines: tuple[str, ...]
    header: tuple[str, ...]
    own: tuple[tuple[str, ...], ...]
    enemies: tuple[tuple[str, ...], ...]


def _sees(state: GameState, viewer: str, target: str) -> bool:
    try:
        return line_of_sight(state.board, viewer, target)
    except LandsraadError:
        return False


def _model_row(state: GameState, m, seen: Sequence[str]) -> tuple[str, ...]:  # noqa: ANN001 - a ModelState
    poisons = ", ".join(p.kind.replace("_", " ") + (f" {p.x}" if p.x is not None else "") for p in m.poisons) or "-"
    shield = m.profile.shield if m.profile.shield != "none" else "-"
    weapons = ", ".join(w.name for w in m.weapons) or "-"
    wound = {"none": "unhurt"}.get(m.wound, m.wound)
    return (model_label(m.id, m.name), f"{m.x:.1f},{m.y:.1f}", wound, str(m.fatigue), poisons, shield, weapons,
            ", ".join(seen) or "-")


def status_report(state: GameState, side: str) -> Status:
    """The state of the game as ``side`` sees it at a prompt (see the module's description).

    Parameters
    ----------
    state
        The game's state (the person's view is enough: no secret of the opponent is shown).
    side
        ``red`` or ``blue``: whose models are "own".

    Returns
    -------
    Status
        Headings (clock, Honour, provisional VP per mission) and the rows of both tables.
    """
    lines: list[str] = []
    left = max(0.0, state.clock_limit_s - state.clock_s) / 60
    lines.append(f"Clock: {left:.0f} of {state.clock_limit_s / 60:.0f} minutes left; activation {state.activation}; "
                 f"phase {state.phase}.")
    me = state.side_state(side)
    lines.append(f"{side}: {me.faction}, {me.honour} Honour left.")
    if me.missions and state.phase != "setup":
        cards = load_missions()
        try:
            ended = state.replace(phase="over")
            outcomes = evaluate_picks(me.missions, EngineMissionView(ended), side, ruleset=state.ruleset)
            sheet = score(me.missions, outcomes, side=side)
            parts = [f"{line.name} {_OUTCOME[line.succeeded]} {int(line.points):+d}" for line in sheet.lines]
            lines.append(f"VP if the game ended now (provisional): {int(sheet.total):+d} ({'; '.join(parts)}).")
        except LandsraadError as err:
            names = ", ".join(cards[m].name if m in cards else m for m in me.missions)
            lines.append(f"Your missions: {names} (no provisional score: {str(err)[:120]}).")
    placed = (lambda m: m.deployed) if state.phase == "setup" else (lambda m: True)
    mine = [m for m in state.models if m.side == side and not m.removed and placed(m)]
    theirs = [m for m in state.models if m.side != side and not m.removed and placed(m)]
    # ids alone in the sight columns: the labels the pictures print on the bases
    own_rows = tuple(_model_row(state, m, [e.id for e in theirs if _sees(state, m.id, e.id)]) for m in mine)
    enemy_rows = tuple(_model_row(state, e, [m.id for m in mine if _sees(state, m.id, e.id)])
                       for e in theirs if any(_sees(state, m.id, e.id) for m in mine))
    hidden = len(theirs) - len(enemy_rows)
    if hidden:
        lines.append(f"{hidden} enemy model(s) out of sight of all yours are not listed.")
    if not mine:
        lines.append("None of your models is on the table yet.")
    lost = sum(1 for m in state.models if m.side == side and m.removed)
    if lost:
        lines.append(f"{lost} of your models are out of play.")
    return Status(tuple(lines), ("model", "at (cm)", "wound", "fatigue", "poisons", "shield", "weapons", "in sight"),
                  own_rows, enemy_rows)


def recap(log: Sequence[GameEvent], state: GameState, count: int = 5, *, side: str | None = None) -> list[str]:
    """The last ``count`` events worth telling, as narrated lines (``side``'s own secrets shown)."""
    names = model_names(state)
    lines = [t for t in (narrate(e, names, reveal_secrets=side is not None and e.side == side) for e in log) if t]
    return lines[-count:]


def _line(row: Sequence[str], seen_word: str) -> str:
    model, at, wound, fatigue, poisons, shield, weapons, seen = row
    parts = [f"{model} at {at}", wound, f"fatigue {fatigue}"]
    if poisons != "-":
        parts.append(f"poisoned: {poisons}")
    if shield != "-":
        parts.append(f"shield {shield}")
    parts.append(weapons)
    count = 0 if seen == "-" else len(seen.split(", "))
    parts.append(f"{seen_word} {count}" + (f": {seen}" if count else ""))
    return "  " + "; ".join(parts)


def status_text(report: Status, side: str) -> list[str]:
    """The report as lines that read at 80 columns: one line per model, wrapped by the terminal."""
    lines = list(report.lines)
    lines.append(f"Your models ({side}): position in cm, wound, fatigue tokens, poisons, shield, weapons, enemies in sight.")
    lines += [_line(row, "sees") for row in report.own]
    if report.enemies:
        lines.append("Enemy models in sight:")
        lines += [_line(row, "seen by") for row in report.enemies]
    return lines
