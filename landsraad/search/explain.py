"""Why the search played what it played, in one line a player can read (issue 45, ``--explain``).

Every search ends in a :class:`~landsraad.search.player.SearchStats`: the candidates it compared
(the heuristic's answer first), each one's expected victory-point margin and the rollouts behind
it. :func:`explain_search` words that as one line: the answer played, then the best of the others.
The margin is the one the search values positions by (:func:`~landsraad.search.evaluate.value_margin`:
the mission points if the game ended when the rollout stopped, plus half a VP a recruit point of
material ahead, or the final margin of a game played out), so a player can compare the
candidates with each other; it is not a forecast of the final score.

Examples
--------
>>> from landsraad.search.player import SearchStats
>>> s = SearchStats(kind="activate", candidates=3, rollouts=9, samples=3, rooted=3, chose_heuristic=False,
...                 values=[0.5, 0.6, None], answers=("r1", "r2", "r3"), margins=[0.0, 1.62, None], counts=[3, 3, 0], chosen=1)
>>> print(explain_search(s, None, "red"))
red, which model to activate: r2 (+1.6 VP, 3 rollouts) against r1 (+0.0 VP, 3 rollouts; the heuristic's choice); r3 not valued.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..engine import GameState
from ..i18n import N_, _, decimal, ngettext
from ..missions import load_missions
from ..narrate import label_of
from .player import SearchStats

__all__ = ["QUESTIONS", "answer_label", "explain_search"]

QUESTIONS: dict[str, str] = {
    "activate": N_("which model to activate"),
    "action": N_("which action"),
    "spice": N_("whether to take spice"),
    "free_move": N_("the free move"),
    "move": N_("where to move"),
    "target": N_("which target"),
    "weapon": N_("which weapon"),
    "pick_missions": N_("its mission picks"),
    "setup": N_("its set-up plan"),
}
"""The question each searched decision kind answers, in words (English; shown through :func:`~landsraad.i18n.gettext`)."""


def answer_label(answer: Any, state: GameState | None) -> str:
    """How an explanation names a candidate: a model by its card name and id, a ranking of missions
    by their cards' names in order, a point by its coordinates, no move as ``no move``.

    Examples
    --------
    >>> answer_label(["activation", "sabotage"], None), answer_label(None, None), answer_label((12.04, 3.0), None)
    ('Activation > Sabotage', 'no move', '(12.0, 3.0)')
    """
    if answer is None:
        return _("no move")
    if isinstance(answer, (list, tuple)) and answer and all(isinstance(a, str) for a in answer):
        cards = load_missions()
        return " > ".join(cards[a].name if a in cards else a for a in answer)
    if isinstance(answer, (list, tuple)) and len(answer) == 2 and all(isinstance(a, (int, float)) for a in answer):
        return f"({decimal(f'{float(answer[0]):.1f}')}, {decimal(f'{float(answer[1]):.1f}')})"
    if hasattr(answer, "name") and not isinstance(answer, str):  # a set-up plan
        return str(answer.name)
    text = str(answer)
    if state is not None:
        for m in state.models:
            if m.id == text:
                return label_of(m)
    return text.replace("_", " ")


def _valued(stats: SearchStats, i: int, state: GameState | None) -> str:
    margin = stats.margins[i] if i < len(stats.margins) else None
    count = stats.counts[i] if i < len(stats.counts) else 0
    label = answer_label(stats.answers[i], state)
    if margin is None:
        return label
    mine = _("; the heuristic's choice") if i == 0 else ""
    rollouts = ngettext("{n} rollout", "{n} rollouts", count).format(n=count)
    return _("{label} ({margin} VP, {rollouts}{mine})").format(label=label, margin=decimal(f"{margin:+.1f}"), rollouts=rollouts,
                                                             mine=mine)


def explain_search(stats: SearchStats, state: GameState | None, side: str, *, top: int = 3) -> str:
    """One line: the answer the search played, its expected VP margin and rollouts, then up to
    ``top - 1`` others, best first.

    Parameters
    ----------
    stats
        What the search did (:class:`~landsraad.search.player.SearchStats`, with its answers).
    state
        The side's view, to name models (``None``: ids only).
    side
        Who searched.
    top
        How many candidates to name, the one played included.

    Returns
    -------
    str
        The line; candidates no rollout valued are listed as ``not valued``. When the heuristic's
        answer was kept though another scored a little higher, the line says so (the level plays
        another answer only when it is better by :attr:`~landsraad.search.player.Level.margin`).
    """
    question = _(QUESTIONS[stats.kind]) if stats.kind in QUESTIONS else stats.kind.replace("_", " ")
    n = len(stats.answers)
    others = sorted((i for i in range(n) if i != stats.chosen and i < len(stats.margins) and stats.margins[i] is not None),
                    key=lambda i: -(stats.margins[i] or 0.0))
    shown: Sequence[int] = others[: max(0, top - 1)]
    unvalued = [i for i in range(n) if i != stats.chosen and (i >= len(stats.margins) or stats.margins[i] is None)]
    line = _("{side}, {question}: {answer}").format(side=_(side), question=question, answer=_valued(stats, stats.chosen, state))
    if shown:
        line += _(" against {others}").format(others=", ".join(_valued(stats, i, state) for i in shown))
    more = len(others) - len(shown)
    if more > 0:
        line += ngettext(" and {n} other", " and {n} others", more).format(n=more)
    chosen = stats.margins[stats.chosen] if stats.chosen < len(stats.margins) else None
    if stats.chosen == 0 and chosen is not None and any((stats.margins[i] or chosen) > chosen for i in others):
        line += _("; kept the heuristic's choice, as none was better by the level's margin")
    if unvalued:
        line += _("; {answers} not valued").format(answers=", ".join(answer_label(stats.answers[i], state) for i in unvalued))
    if stats.samples and stats.rooted < stats.samples:
        line += _(" ({missing} of {samples} samples found no world matching the view)").format(
            missing=stats.samples - stats.rooted, samples=stats.samples)
    return line + "."
