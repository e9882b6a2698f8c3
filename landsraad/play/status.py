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
from ..i18n import N_, _, language, localized, ngettext, number, side_name
from ..missions import card_name, evaluate_picks, load_missions, score
from ..narrate import label_of, model_names, narrate
from .prompts import weapon_name

__all__ = ["Status", "status_report", "status_text", "recap"]

_OUTCOME = {True: N_("success"), False: N_("failure"), None: N_("neither")}
_WOUNDS = {"none": N_("unhurt"), "scratch": N_("scratch"), "light": N_("light wound"), "grave": N_("grave wound"),
           "fatal": N_("fatal wound")}
"""A model's wound as ``status`` writes it (English writes the engine's word: ``light``, and ``unhurt`` for none)."""
_PHASES = {"setup": N_("set-up"), "play": N_("play"), "over": N_("over")}
_SHIELDS = {"full": N_("full"), "half": N_("half")}


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
    english = language() == "en"
    shield = m.profile.shield if m.profile.shield != "none" else "-"
    # the sheet's French name (Couteau*, Laser*); a weapon a list made without one by its French alias
    weapons = ", ".join(w.name if english else w.name_fr or weapon_name(w.id, w.name) for w in m.weapons) or "-"
    if english:
        wound = {"none": "unhurt"}.get(m.wound, m.wound)
        at = f"{m.x:.1f},{m.y:.1f}"
    else:
        wound = _(_WOUNDS[m.wound]) if m.wound in _WOUNDS else m.wound
        shield = _(_SHIELDS[shield]) if shield in _SHIELDS else shield
        at = _("({x}, {y})").format(x=number(m.x, 1), y=number(m.y, 1))
    return (label_of(m), at, wound, str(m.fatigue), poisons, shield, weapons, ", ".join(seen) or "-")


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
    phase = state.phase if language() == "en" or state.phase not in _PHASES else _(_PHASES[state.phase])
    lines.append(_("Clock: {left} of {limit} minutes left; activation {activation}; phase {phase}.").format(
        left=f"{left:.0f}", limit=f"{state.clock_limit_s / 60:.0f}", activation=state.activation, phase=phase))
    me = state.side_state(side)
    lines.append(_("{side}: {faction}, {honour} Honour left.").format(side=_side(side), faction=me.faction, honour=me.honour))
    if me.missions and state.phase != "setup":
        cards = load_missions()
        try:
            ended = state.replace(phase="over")
            outcomes = evaluate_picks(me.missions, EngineMissionView(ended), side, ruleset=state.ruleset)
            sheet = score(me.missions, outcomes, side=side)
            parts = [f"{card_name(line.name)} {_(_OUTCOME[line.succeeded])} {int(line.points):+d}" for line in sheet.lines]
            lines.append(_("VP if the game ended now (provisional): {total} ({parts}).").format(
                total=f"{int(sheet.total):+d}", parts=_("; ").join(parts)))
        except LandsraadError as err:
            names = ", ".join(cards[m].shown() if m in cards else m for m in me.missions)
            lines.append(_("Your missions: {names} (no provisional score: {reason}).").format(names=names, reason=str(err)[:120]))
    placed = (lambda m: m.deployed) if state.phase == "setup" else (lambda m: True)
    mine = [m for m in state.models if m.side == side and not m.removed and placed(m)]
    theirs = [m for m in state.models if m.side != side and not m.removed and placed(m)]
    # ids alone in the sight columns: the labels the pictures print on the bases
    own_rows = tuple(_model_row(state, m, [e.id for e in theirs if _sees(state, m.id, e.id)]) for m in mine)
    enemy_rows = tuple(_model_row(state, e, [m.id for m in mine if _sees(state, m.id, e.id)])
                       for e in theirs if any(_sees(state, m.id, e.id) for m in mine))
    hidden = len(theirs) - len(enemy_rows)
    if hidden:
        lines.append(ngettext("{n} enemy model(s) out of sight of all yours are not listed.",
                              "{n} enemy model(s) out of sight of all yours are not listed.", hidden).format(n=hidden))
    if not mine:
        lines.append(_("None of your models is on the table yet."))
    lost = sum(1 for m in state.models if m.side == side and m.removed)
    if lost:
        lines.append(ngettext("{n} of your models are out of play.", "{n} of your models are out of play.", lost).format(n=lost))
    return Status(tuple(lines), tuple(_(h) for h in _HEADER), own_rows, enemy_rows)


_HEADER = (N_("model"), N_("at (cm)"), N_("wound"), N_("fatigue"), N_("poisons"), N_("shield"), N_("weapons"), N_("in sight"))


def _side(side: str) -> str:
    return localized(side_name(side))


def recap(log: Sequence[GameEvent], state: GameState, count: int = 5, *, side: str | None = None) -> list[str]:
    """The last ``count`` events worth telling, as narrated lines (``side``'s own secrets shown)."""
    names = model_names(state)
    lines = [t for t in (narrate(e, names, reveal_secrets=side is not None and e.side == side) for e in log) if t]
    return lines[-count:]


def _line(row: Sequence[str], seen_word: str) -> str:
    model, at, wound, fatigue, poisons, shield, weapons, seen = row
    parts = [_("{model} at {at}").format(model=model, at=at), wound, _("fatigue {count}").format(count=fatigue)]
    if poisons != "-":
        parts.append(_("poisoned: {poisons}").format(poisons=poisons))
    if shield != "-":
        parts.append(_("shield {shield}").format(shield=shield))
    parts.append(weapons)
    count = 0 if seen == "-" else len(seen.split(", "))
    parts.append(_("{word} {count}: {ids}").format(word=seen_word, count=count, ids=seen) if count else f"{seen_word} {count}")
    return "  " + _("; ").join(parts)


def status_text(report: Status, side: str) -> list[str]:
    """The report as lines that read at 80 columns: one line per model, wrapped by the terminal."""
    lines = list(report.lines)
    lines.append(_("Your models ({side}): position in cm, wound, fatigue tokens, poisons, shield, weapons, enemies in sight.").format(
        side=_side(side)))
    lines += [_line(row, _("sees")) for row in report.own]
    if report.enemies:
        lines.append(_("Enemy models in sight:"))
        lines += [_line(row, _("seen by")) for row in report.enemies]
    return lines
