"""The review: the person's costliest decisions, each with what the computer would have done and the VP it expects.

Each decision of the person is played again from a copy of the game just before it, once with
the person's answer and once with the heuristic player's, both versions played out by computer
players (heuristic on both sides) to an end, over a few seeds (the same seeds for both, so the
dice cancel); a decision whose alternative scores more on average is a costly one. A drill plays
out to the drill's end and scores its missions (:func:`landsraad.play.drills.costliest_decisions`);
a whole game plays out to the end of the game and scores the person's side's VP
(:func:`game_review`).

Decisions the computer would have answered the same way are skipped at no cost. A whole game
has many decisions, each played out to the end, so :func:`game_review` examines at most
``limit`` of those that differ, spread evenly over the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Sequence

import numpy as np

from ..engine import Game, GameState
from ..errors import LandsraadError
from ..i18n import _, decimal, language, number
from ..narrate import label_of
from ..players import make_player
from .prompts import prompt_text

__all__ = ["Advice", "costliest", "game_review", "candidates", "shown_answer", "spread", "game_over", "side_vp"]


@dataclass(frozen=True)
class Advice:
    """One decision of the person, what the computer would have answered, and the VP each is expected to score."""

    activation: int
    prompt: str
    yours: str
    computer: str
    your_score: float
    computer_score: float
    playouts: int

    @property
    def gain(self) -> float:
        """The VP the computer's answer is expected to gain over the person's."""
        return self.computer_score - self.your_score

    def line(self) -> str:
        """One of several costliest decisions, in one sentence."""
        return _("At activation {activation}, {prompt}: you answered {yours}; the computer would have answered {computer}, "
                 "expecting {computer_score} VP against your {your_score} ({gain}, {playouts} playouts).").format(
            activation=self.activation + 1, prompt=_quoted(prompt_text(self.prompt)), yours=self.yours, computer=self.computer,
            computer_score=number(self.computer_score, 1), your_score=number(self.your_score, 1),
            gain=decimal(f"{self.gain:+.1f}"), playouts=self.playouts)

    def sentence(self) -> str:
        """The costliest decision, in one sentence."""
        return _("Your costliest decision was at activation {activation}, {prompt}: you answered {yours}; the computer would have "
                 "answered {computer}, worth {gain} VP on average over {playouts} playouts to the end ({your_score} against "
                 "{computer_score}).").format(
            activation=self.activation + 1, prompt=_quoted(prompt_text(self.prompt)), yours=self.yours, computer=self.computer,
            gain=decimal(f"{self.gain:+.1f}"), playouts=self.playouts, your_score=number(self.your_score, 1),
            computer_score=number(self.computer_score, 1))


def _quoted(text: str) -> str:
    """A prompt quoted as English writes it (``repr``), in French quotation marks in French."""
    return repr(text) if language() == "en" else f"«\u00a0{text}\u00a0»"


def shown_answer(answer: Any, decision: Any, state: GameState) -> str:
    """An engine answer in words: a point as ``(x, y)``, a model by its label, ``skip`` for none."""
    if answer is None:
        return _("skip")
    if decision.point is not None:
        return _("({x}, {y})").format(x=number(float(answer[0]), 1), y=number(float(answer[1]), 1))
    names = {m.id: label_of(m) for m in state.models}
    if isinstance(answer, (list, tuple)):
        return ", ".join(names.get(str(a), str(a)) for a in answer)
    verb, _sep, arg = str(answer).partition(":")
    return f"{verb} {names.get(arg, arg)}".strip() if arg else names.get(str(answer), str(answer))


def _playout(before: Game, answer: Any, seed: int, over: Callable[[Game], bool], score: Callable[[Game], float]) -> float:
    game = before.clone()
    game.rng = np.random.default_rng(seed)
    game.answer(answer)
    players = {"red": make_player("heuristic", seed * 2 + 1), "blue": make_player("heuristic", seed * 2 + 2)}
    while not over(game):
        d = game.decision
        if d is None:  # the game ended
            break
        if d.kind == "dice":
            game.roll_pending()
        else:
            game.answer(players[d.side].decide(d, game.view(d.side)))
    return float(score(game))


def candidates(decisions: Sequence[tuple[Game, Any]]) -> Iterator[tuple[Game, Any, Any]]:
    """``(game before, your answer, the computer's answer)`` for each decision the computer would have answered otherwise."""
    for before, answer in decisions:
        d = before.decision
        if d is None or d.kind == "dice":
            continue
        alt = make_player("heuristic", 7919 + len(before.answers)).decide(d, before.view(d.side))
        try:
            if d.check(alt) == d.check(answer):
                continue
        except LandsraadError:  # an alternative the engine refuses is no advice
            continue
        yield before, answer, alt


def costliest(found: Iterable[tuple[Game, Any, Any]], *, over: Callable[[Game], bool], score: Callable[[Game], float],
              seeds: Iterable[int] = (11, 12), count: int = 3, progress: Callable[[int], object] | None = None) -> list[Advice]:
    """The ``count`` decisions of ``found`` whose computer answer gains the most, costliest first.

    Parameters
    ----------
    found
        ``(game before, your answer, the computer's answer)`` (see :func:`candidates`).
    over, score
        When a playout ends, and what it scores (the person's VP).
    seeds
        Each version is played out once per seed, the same seeds for both.
    count
        How many to return at most.
    progress
        Called with 1 after each decision is examined (a progress bar).

    Returns
    -------
    list of Advice
        Only decisions whose alternative gains something; empty when none does.
    """
    seeds = tuple(seeds)
    advice: list[Advice] = []
    for before, answer, alt in found:
        d = before.decision
        if d is None:
            continue
        yours = sum(_playout(before, answer, s, over, score) for s in seeds) / len(seeds)
        theirs = sum(_playout(before, alt, s, over, score) for s in seeds) / len(seeds)
        item = Advice(before.state.activation, d.prompt, shown_answer(answer, d, before.state), shown_answer(alt, d, before.state),
                      yours, theirs, len(seeds))
        if item.gain > 0:
            advice.append(item)
        if progress is not None:
            progress(1)
    advice.sort(key=lambda a: -a.gain)
    return advice[:count]


def spread(items: Sequence[Any], limit: int) -> list[Any]:
    """At most ``limit`` of ``items``, evenly spaced from the first to the last, in order.

    >>> spread(list(range(10)), 4)
    [0, 3, 6, 9]
    >>> spread([1, 2], 5)
    [1, 2]
    """
    if len(items) <= limit:
        return list(items)
    if limit <= 1:
        return list(items[-1:]) if limit == 1 else []
    return [items[round(i * (len(items) - 1) / (limit - 1))] for i in range(limit)]


def game_review(decisions: Sequence[tuple[Game, Any]], side: str, *, seeds: Iterable[int] = (11, 12), limit: int = 8,
                count: int = 3, progress: Callable[[int], object] | None = None) -> tuple[list[Advice], int]:
    """A whole game's review: the person's ``count`` costliest decisions, by the VP of ``side`` at the game's end.

    Parameters
    ----------
    decisions
        Each decision of the person: the game just before it and the answer given.
    side
        The person's side (whose VP is scored).
    seeds, count, progress
        As :func:`costliest`.
    limit
        How many of the decisions the computer would have answered otherwise are played out
        (spread evenly over the game; each is two whole playouts per seed).

    Returns
    -------
    (list of Advice, int)
        The costliest decisions, and how many decisions were examined.
    """
    found = spread(list(candidates(decisions)), limit)
    ends = costliest(found, over=game_over, score=lambda g: side_vp(g, side), seeds=seeds, count=count, progress=progress)
    return ends, len(found)


def game_over(game: Game) -> bool:
    """Whether a whole game's playout has ended."""
    return game.over


def side_vp(game: Game, side: str) -> float:
    """``side``'s VP in a finished game (0 while it is not finished)."""
    return float(game.result.vp[side]) if game.result is not None else 0.0
