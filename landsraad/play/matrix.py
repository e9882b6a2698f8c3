"""Odds at the decisions that have them beyond shots and blows: the stance choice and disengaging.

:func:`stance_notes` gives the 2 x 2 stance matrix (:func:`landsraad.odds.stance_matrix`,
PRJ-82) as notes for the stance menu: for each of your stances, what happens if the enemy
attacks or defends. The matrix is the clash's odds before the dice (your dice are rolled,
the enemy's are not known), so it is labelled so. :func:`disengage_note` is the chance that a
``disengage`` action succeeds against the nearest enemy in contact (R-DISENGAGE).
"""

from __future__ import annotations

from typing import Any

from ..engine import Decision, GameState
from ..engine.bridge import combatant
from ..engine.spatial import contact_enemies
from ..errors import LandsraadError
from ..i18n import _
from ..odds import disengage_odds, stance_matrix

__all__ = ["stance_notes", "disengage_note", "matrix_title", "fighters"]


def _pct(p: float) -> str:
    return _("{percent}%").format(percent=f"{100 * p:.0f}")


def fighters(state: GameState, model_id: str, opponent_id: str) -> tuple[Any, Any]:
    """The two models of a clash as the odds see them, each with its first melee weapon (none: bare-handed)."""
    me, them = state.model(model_id), state.model(opponent_id)
    mine = next((w for w in me.weapons if w.is_melee), None)
    theirs = next((w for w in them.weapons if w.is_melee), None)
    return combatant(state, model_id, weapon=mine), combatant(state, opponent_id, weapon=theirs)


def stance_notes(decision: Decision, state: GameState) -> dict[str, str]:
    """Stance -> ``if they attack: you hit 55%, kill 12%, you die 8%; if they defend: ...`` (``{}`` when unpriced).

    Examples
    --------
    >>> from landsraad.engine import Decision
    >>> stance_notes(Decision(side="red", kind="stance", prompt="?", choices=("defend",)), None)
    {}
    """
    opponent = decision.info.get("opponent") if decision.info else None
    if state is None or decision.model is None or opponent is None or len(decision.choices) < 2:
        return {}
    role = decision.info.get("role", "attacker")
    try:
        mine, theirs = fighters(state, decision.model, opponent)
        if role == "attacker":
            matrix = stance_matrix(mine, theirs, ruleset=state.ruleset)
        else:
            matrix = stance_matrix(theirs, mine, ruleset=state.ruleset)
    except (LandsraadError, StopIteration):
        return {}
    notes: dict[str, str] = {}
    for stance in decision.choices:
        parts = []
        for other in ("attack", "defend"):
            key = f"{stance}/{other}" if role == "attacker" else f"{other}/{stance}"
            cell = matrix.cells.get(key)
            if cell is None:
                continue
            hit, kill, die = ((cell.p_attacker_hits, cell.p_defender_dies, cell.p_attacker_dies) if role == "attacker"
                              else (cell.p_defender_hits, cell.p_attacker_dies, cell.p_defender_dies))
            text = (_("if they attack: ") if other == "attack" else _("if they defend: ")) + (
                _("you hit {hit}, kill {kill}").format(hit=_pct(hit), kill=_pct(kill)) if stance == "attack" else _("you strike no blow"))
            if other == "attack":
                text += _(", you die {die}").format(die=_pct(die))
            parts.append(text)
        notes[stance] = _("; ").join(parts)
    return notes


def matrix_title() -> str:
    """The words that say what the stance notes are."""
    return _(" Odds before the dice (the stance matrix):")


def disengage_note(state: GameState, model_id: str) -> str:
    """``breaks away 45%, killed 3%`` against the first enemy in contact, or ``""``."""
    try:
        foes = contact_enemies(state, model_id)
        if not foes:
            return ""
        mover, opponent = fighters(state, model_id, foes[0])
        odds = disengage_odds(mover, opponent, ruleset=state.ruleset)
    except LandsraadError:
        return ""
    return _("breaks away {success}, killed {dies} (against {enemy})").format(success=_pct(odds.p_success), dies=_pct(odds.p_mover_dies),
                                                                            enemy=foes[0])
