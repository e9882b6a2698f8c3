"""Exact odds shown next to shot and melee options, from :mod:`landsraad.odds`.

The engine's choices ``shoot:WEAPON`` (at the nearest legal target, RUL-08), ``melee:ENEMY``
and a ``target`` choice among equally near enemies get a short note such as
``hits 58%, fatal 12%, dodges 42% (1-10 cm)`` (the chance the roll misses and the target may
dodge away, RUL-09); a melee declared before the free move that brings it into contact (a
charge, PRJ-100) says so beside its odds; anything the odds cannot price (a template weapon's aim, a laser's
explosive mode) gets no note rather than a guess.

``hint --explain`` (issue 45) adds the search's view of the person's decision
(:func:`search_hint`): the search level of ``landsraad play``'s default opponent, in the person's
place and from their side's view only, names its top candidates with the expected VP margin and the
rollouts behind each, as ``--explain`` does for the computer's moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import Answer, Decision, GameState
from ..engine.actions import shot_candidates
from ..engine.bridge import combatant
from ..engine.spatial import cover_class, edge_distance
from ..errors import LandsraadError
from ..i18n import N_, _, decimal, number
from ..odds import ShotOdds, shot_odds, stance_matrix
from ..players import DEFAULT_OPPONENT, make_player
from ..rules.shooting import shot_cover
from ..search import SearchPlayer
from ..search.explain import explain_search
from .matrix import fighters

__all__ = ["option_notes", "shot_note", "melee_note", "dodge_words", "search_hint", "SearchHint", "HINT_PLAYER", "EXPLAIN_WORDS",
           "not_searched_line"]

HINT_PLAYER = DEFAULT_OPPONENT
"""The player whose search ``hint --explain`` shows: the default opponent's level, so it answers within a second."""

EXPLAIN_WORDS = ("--explain", "explain", "why", "-e", "--expliquer", "expliquer", "explique", "pourquoi")
"""What after ``hint`` asks for the search's candidates (English and French)."""


def _pct(p: float) -> str:
    return _("{percent}%").format(percent=f"{100 * p:.0f}")


def shot_note(state: GameState, shooter: str, weapon_id: str, target: str | None = None) -> str:
    """``hits P%, fatal Q% (at NAME, D cm, cover)``, or ``""`` when the shot cannot be priced."""
    weapon = next((w for w in state.model(shooter).weapons if w.id == weapon_id), None)
    if weapon is None or weapon.template is not None:
        return ""
    try:
        if target is None:
            found = shot_candidates(state, shooter, weapon, "burn")
            if not found:
                # PRJ-103: a laser's blast may still aim at any point
                return _("no enemy it may burn in sight: a blast at a point") if weapon.laser else _("no target in sight")
            target = found[0]
        cover = cover_class(state, shooter, target)
        if cover == "no_line_of_sight":
            return _("no line of sight")
        distance = edge_distance(state, shooter, target)
        odds = shot_odds(combatant(state, shooter, weapon=weapon), combatant(state, target), distance_cm=distance, cover=shot_cover(cover),
                         ruleset=state.ruleset)
    except LandsraadError:
        return ""
    where = _("(at {target}, {distance} cm, {cover})").format(target=target, distance=number(distance, 1), cover=_(_COVERS[cover]) if cover in _COVERS else f"{cover.replace('_', ' ')} cover")
    return _("hits {hit}, fatal {fatal}{dodge} {where}").format(hit=_pct(odds.p_hit), fatal=_pct(odds.wound.get("fatal", 0.0)),
                                                                 dodge=dodge_words(odds), where=where)


_COVERS = {"none": N_("no cover"), "small": N_("small cover"), "large": N_("large cover")}


def dodge_words(odds: ShotOdds) -> str:
    """``, dodges 55% (1-10 cm)``: the chance the shot misses and the target may move away (RUL-09), and how far.

    Empty when the target never dodges (every roll hits, or its dodge is 0 cm whatever its die).

    Examples
    --------
    >>> from landsraad.model import Weapon
    >>> from landsraad.odds import shot_odds
    >>> from landsraad.rules.state import Combatant
    >>> pistol = Weapon(id="pistol", name="Pistol", range=10, combat="+1", damage="+1")
    >>> dodge_words(shot_odds(Combatant(combat=1, weapon=pistol), Combatant(endurance=3), distance_cm=35))
    ', dodges 64% (1-10 cm)'
    """
    moving = {float(cm): p for cm, p in odds.dodge_cm.items() if float(cm) > 0}
    chance = odds.p_dodge * sum(moving.values())
    if not moving or chance <= 0:
        return ""
    low, high = min(moving), max(moving)
    span = f"{decimal(f'{low:g}')} cm" if low == high else f"{decimal(f'{low:g}')}-{decimal(f'{high:g}')} cm"
    return _(", dodges {chance} ({span})").format(chance=_pct(chance), span=span)


def melee_note(state: GameState, attacker: str, defender: str) -> str:
    """If you attack: your blow lands and kills, whether the enemy defends or attacks; ``""`` when unpriced."""
    if not any(w.is_melee for w in state.model(attacker).weapons):
        return ""
    try:
        # Both sides with their melee weapons, as at the stance choice: a bare-handed enemy could not attack back.
        matrix = stance_matrix(*fighters(state, attacker, defender), ruleset=state.ruleset)
    except LandsraadError:
        return ""
    parts = []
    for theirs in matrix.defender_stances:
        if "attack" not in matrix.attacker_stances:
            break
        cell = matrix.cell("attack", theirs)
        part = (_("vs attack: hit {hit}, kill {kill}") if theirs == "attack" else _("vs defend: hit {hit}, kill {kill}")).format(
            hit=_pct(cell.p_attacker_hits), kill=_pct(cell.p_defender_dies))
        if theirs == "attack":
            part += _(", you die {die}").format(die=_pct(cell.p_attacker_dies))
        parts.append(part)
    return _("if you attack: ") + _("; ").join(parts) if parts else ""


def option_notes(decision: Decision, state: GameState | None) -> dict[Any, str]:
    """Choice -> note, for the choices of ``decision`` that are shots or melee attacks."""
    notes: dict[Any, str] = {}
    if state is None or decision.model is None or not decision.choices:
        return notes
    if decision.kind == "action":
        later = set(decision.info.get("after_free_move", ()))  # declared now, made legal by the free move (PRJ-100)
        for choice in decision.choices:
            verb, _sep, arg = str(choice).partition(":")
            if verb == "shoot" and arg:
                notes[choice] = "" if choice in later else shot_note(state, decision.model, arg)
            elif verb == "melee" and arg:
                notes[choice] = melee_note(state, decision.model, arg)
            if choice in later:  # a melee declared before the free move that brings it into contact is a charge
                first = _("charge after the free move") if verb == "melee" else _("after the free move")
                notes[choice] = _("; ").join(n for n in (first, notes.get(choice, "")) if n)
    elif decision.kind == "target":
        weapon = _weapon_being_fired(state, decision.model)
        for choice in decision.choices:
            notes[choice] = shot_note(state, decision.model, weapon, str(choice)) if weapon else ""
    return {k: v for k, v in notes.items() if v}


def _weapon_being_fired(state: GameState, model_id: str) -> str | None:
    """The shooter's ranged weapon (the one a ``target`` decision is about when it has one)."""
    ranged = [w.id for w in state.model(model_id).weapons if not w.is_melee and w.template is None]
    return ranged[0] if len(ranged) == 1 else None


@dataclass(frozen=True)
class SearchHint:
    """What the search would answer in the person's place, and why."""

    answer: Answer
    """The search's answer."""
    lines: tuple[str, ...]
    """One line per search it made (candidates, expected VP margin, rollouts); empty when it searched nothing."""


def search_hint(decision: Decision, view: GameState, *, seed: int, player: str = HINT_PLAYER) -> SearchHint:
    """The search's answer to ``decision`` in its side's place, from ``view`` (that side's view), with its explanation.

    Parameters
    ----------
    decision
        The person's decision.
    view
        What the person's side sees (:meth:`~landsraad.engine.Game.view`); the search sees nothing more.
    seed
        Seeds the search (the same seed, the same candidates and values).
    player
        A search player spec (default :data:`HINT_PLAYER`).

    Returns
    -------
    SearchHint
        Its ``lines`` are empty for a decision the level does not search (it searches which model
        to activate); the answer is then its heuristic's.

    Raises
    ------
    LandsraadError
        When ``player`` is no search player spec.
    """
    searcher = make_player(player, seed)
    if not isinstance(searcher, SearchPlayer):
        raise LandsraadError(f"The hint's explanation needs a search player; {player!r} is not one.")
    lines: list[str] = []
    searcher.explain = lambda stats, state: lines.append(explain_search(stats, state, decision.side))
    answer = searcher.decide(decision, view)
    return SearchHint(answer, tuple(lines))


def not_searched_line() -> str:
    """What ``hint --explain`` says at a decision its search does not weigh."""
    return _("The search weighs which model to activate; this decision it leaves to its heuristic, so there are no "
             "candidates to show.")
