"""What a person types at a prompt, read into an engine answer or a command.

A line is either a command (``help``/``?``, ``undo``, ``map``, ``log``, ``save``, ``quit``)
or an answer to the pending :class:`~landsraad.engine.Decision`:

- a choice by its number in the menu or by name (a model's id or card name, ``rest``,
  ``attack``...; a unique beginning is enough);
- a ranked selection as numbers or names separated by commas or spaces (``2,1,5``);
- a table point as ``x,y`` (cm), ``contact NAME`` (into base contact with that model by the
  shortest legal path the geometry finds) or ``toward NAME CM`` (CM cm straight toward it);
- dice as ``7 3 5`` or ``7,3,5``;
- ``skip`` (or ``none``, ``stay``, ``pass``) where the decision may be skipped;
- an empty line: the default the menu shows.

Anything else raises :class:`InputProblem`, whose message is one sentence saying what is
expected; the prompt is asked again.

Examples
--------
>>> parse_command("  Undo ")
('undo', '')
>>> parse_command("save game.json")
('save', 'game.json')
>>> parse_command("3") is None
True
>>> parse_point_text("12.5, 30")
(12.5, 30.0)
>>> parse_point_text("nan,3")
Traceback (most recent call last):
...
landsraad.play.answers.InputProblem: A point is two finite numbers in cm, such as 30,12.5; got 'nan,3'.
"""

from __future__ import annotations

import math
import re
from typing import Any

from ..engine import Decision, GameState
from ..errors import LandsraadError
from ..geometry.movement import plan_move
from ..missions import load_missions
from ..narrate import model_label

__all__ = ["numeric_choices", "row_key", "InputProblem", "COMMANDS", "SKIP_WORDS", "parse_command", "parse_answer", "parse_point_text", "parse_dice",
           "choice_label", "find_model", "contact_point", "toward_point", "describe_expected"]

COMMANDS = ("help", "?", "undo", "map", "log", "save", "quit", "ask", "status", "mission", "hint")
"""Commands accepted at any prompt."""

SKIP_WORDS = ("skip", "none", "stay", "pass", "no")

_NUMBER = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf|infinity)"
_CONTACT_STEPS = 72  # directions tried around the target (every 5 degrees)


class InputProblem(LandsraadError):
    """A typed line that is not a usable answer; the message says what is expected."""


def parse_command(text: str) -> tuple[str, str] | None:
    """``(command, argument)`` when ``text`` is a command, else ``None``."""
    words = text.strip().split(maxsplit=1)
    if not words:
        return None
    head = words[0].lower()
    if head in COMMANDS:
        return ("help" if head == "?" else head, words[1].strip() if len(words) > 1 else "")
    return None


def _finite(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def parse_point_text(text: str) -> tuple[float, float]:
    """``x,y`` (or ``x y``) in cm as two finite numbers."""
    parts = [p for p in re.split(r"[,\s;]+", text.strip().strip("()[]")) if p]
    values = [_finite(p) for p in parts]
    if len(values) != 2 or any(v is None for v in values):
        raise InputProblem(f"A point is two finite numbers in cm, such as 30,12.5; got {text.strip()[:40]!r}.")
    return (float(values[0]), float(values[1]))  # type: ignore[arg-type]


def parse_dice(text: str, count: int) -> list[int]:
    """``count`` whole numbers from 1 to 10, separated by spaces or commas."""
    parts = [p for p in re.split(r"[,\s;]+", text.strip()) if p]
    expected = f"{count} whole number{'s' if count > 1 else ''} from 1 to 10 separated by spaces (the dice you rolled)"
    if len(parts) != count or not all(re.fullmatch(r"\d{1,2}", p) for p in parts):
        raise InputProblem(f"Type {expected}, or an empty line to let the program roll; got {text.strip()[:40]!r}.")
    values = [int(p) for p in parts]
    if not all(1 <= v <= 10 for v in values):
        raise InputProblem(f"A D10 shows 1 to 10: type {expected}; got {text.strip()[:40]!r}.")
    return values


def choice_label(choice: Any, state: GameState | None) -> str:
    """How a menu shows a choice: models by :func:`~landsraad.narrate.model_label`, missions by their card's name, actions spelled out."""
    text = str(choice)
    ids = {m.id: m for m in state.models} if state is not None else {}
    if text in ids:
        return model_label(text, ids[text].name)
    cards = load_missions()
    if text in cards:
        return cards[text].name
    parts = text.split(":")
    if parts[0] == "mission" and len(parts) >= 3:  # mission:MISSION:ACTION[:TARGET]
        target = parts[3] if len(parts) > 3 else ""
        whom = model_label(target, ids[target].name) if target in ids else target
        card = cards[parts[1]].name if parts[1] in cards else parts[1]
        return f"{parts[2].replace('_', ' ')} {whom} ({card})".replace("  ", " ")
    if ":" in text:
        verb, _, arg = text.partition(":")
        if arg in ids:
            return f"{verb} {model_label(arg, ids[arg].name)}"
        return f"{verb} with {arg.replace('_', ' ')}"
    if text == "pass":
        return "pass (passer: no activation this turn)"
    return text.replace("_", " ")


def _norm(text: str) -> str:
    return re.sub(r"[\s_]+", " ", text.strip().lower())


def numeric_choices(decision: Decision) -> bool:
    """Whether the choices are numbers (bids, lowering, dice, distances): then a typed number is the value.

    >>> from landsraad.engine import Decision
    >>> numeric_choices(Decision(side="red", kind="bid", prompt="Bid?", choices=(0, 1, 2)))
    True
    """
    return bool(decision.choices) and all(isinstance(c, int) and not isinstance(c, bool) for c in decision.choices)


def row_key(index: int, decision: Decision) -> str:
    """The key a menu shows for its ``index``-th row (from 0): ``1, 2...``, or ``a, b...`` when the choices are numbers."""
    if numeric_choices(decision):
        return _letters(index)
    return str(index + 1)


def _letters(index: int) -> str:
    letters = "abcdefghijklmnopqrstuvwxyz"
    return letters[index] if index < 26 else letters[index // 26 - 1] + letters[index % 26]


def _match_choice(text: str, decision: Decision, state: GameState | None) -> Any:
    """The choice ``text`` names: its number, its value, its label or a unique beginning of one.

    Where the choices are numbers (:func:`numeric_choices`), a number typed is the value and
    rows are letters: at a bid of ``0, 1, 2`` typing ``2`` bids 2, ``c`` too.
    """
    choices = decision.choices
    stripped = text.strip()
    if numeric_choices(decision):
        if re.fullmatch(r"[-+]?\d+", stripped):
            if int(stripped) in choices:
                return int(stripped)
            raise InputProblem(f"{int(stripped)} is not one of the values offered ({', '.join(map(str, choices))}).")
        keys = {_letters(i): c for i, c in enumerate(choices)}
        if stripped.lower() in keys:
            return keys[stripped.lower()]
        raise InputProblem(f"Type one of the values {', '.join(map(str, choices))} (or its letter); {stripped[:40]!r} is neither.")
    if re.fullmatch(r"[-+]?\d+", stripped):
        n = int(stripped)
        if 1 <= n <= len(choices):
            return choices[n - 1]
        raise InputProblem(f"Type a number from 1 to {len(choices)}, or a choice's name; {n} is not in the menu.")
    want = _norm(stripped)
    if want in ("passer", "je passe") and "pass" in choices:  # a voluntary pass, in the rulebook's word (PRJ-101)
        return "pass"
    exact = [c for c in choices if want in (_norm(str(c)), _norm(choice_label(c, state)))]
    if state is not None:
        named = {m.id for m in state.models if _norm(m.name) == want}
        exact += [c for c in choices if c not in exact and (str(c) in named or str(c).partition(":")[2] in named)]
    if len(exact) == 1:
        return exact[0]
    pool = exact or [c for c in choices if _norm(str(c)).startswith(want) or _norm(choice_label(c, state)).startswith(want)
                     or want in _norm(choice_label(c, state))]
    if len(pool) == 1:
        return pool[0]
    if pool:
        raise InputProblem(f"{stripped[:40]!r} fits several choices ({', '.join(choice_label(c, state) for c in pool[:4])}); "
                           "type its number.")
    raise InputProblem(f"Type a number from 1 to {len(choices)}, or a choice's name; {stripped[:40]!r} is neither.")


def find_model(name: str, state: GameState) -> str:
    """The id of the model ``name`` names on the table (id, card name or label; a unique beginning is enough)."""
    want = _norm(name)
    on_table = [m for m in state.models if not m.removed]
    exact = [m for m in on_table if want in (_norm(m.id), _norm(m.name), _norm(model_label(m.id, m.name)))]
    if len(exact) == 1:
        return exact[0].id
    pool = exact or [m for m in on_table if _norm(m.id).startswith(want) or _norm(m.name).startswith(want)]
    if len(pool) == 1:
        return pool[0].id
    if pool:
        raise InputProblem(f"{name.strip()[:40]!r} names several models ({', '.join(m.id for m in pool[:5])}); type its id.")
    raise InputProblem(f"There is no model {name.strip()[:40]!r} on the table; type an id such as {on_table[0].id if on_table else 'red-soldier-1'}.")


def contact_point(state: GameState, mover: str, target: str, allowance_cm: float | None) -> tuple[float, float]:
    """Where ``mover`` ends in base contact with ``target`` by the shortest legal path.

    Points around the target at exactly touching distance (a hair inside the contact
    tolerance) are tried; the geometry's :func:`~landsraad.geometry.movement.plan_move` finds
    each one's cheapest path, and the cheapest legal one wins.

    Raises
    ------
    InputProblem
        When no point in contact can be reached within the allowance (with the geometry's reason).
    """
    board = state.board
    me, other = state.model(mover), state.model(target)
    reach = (me.base_mm + other.base_mm) / 20.0 + min(0.05, state.ruleset.contact_tolerance_cm / 2)
    budget = allowance_cm if allowance_cm is not None else 1e6
    best: tuple[float, tuple[float, float]] | None = None
    closest_reason = ""
    for k in range(_CONTACT_STEPS):
        angle = 2 * math.pi * k / _CONTACT_STEPS
        p = (other.x + reach * math.cos(angle), other.y + reach * math.sin(angle))
        try:
            result = plan_move(board, mover, p, budget)
        except LandsraadError as err:
            closest_reason = closest_reason or str(err)
            continue
        if result.legal:
            if best is None or result.cost_cm < best[0]:
                best = (result.cost_cm, p)
        elif not closest_reason or result.reason == "too_far":
            closest_reason = result.message
    if best is None:
        why = f" ({closest_reason})" if closest_reason else ""
        raise InputProblem(f"{model_label(me.id, me.name)} cannot reach base contact with {model_label(other.id, other.name)} "
                           f"within {budget:g} cm{why}.")
    return best[1]


def toward_point(state: GameState, mover: str, target: str, cm: float) -> tuple[float, float]:
    """The point ``cm`` cm from ``mover``'s centre straight toward ``target``'s centre."""
    me, other = state.model(mover), state.model(target)
    dx, dy = other.x - me.x, other.y - me.y
    length = math.hypot(dx, dy)
    if length == 0:
        return (me.x, me.y)
    return (me.x + dx / length * cm, me.y + dy / length * cm)


def _point_answer(text: str, decision: Decision, state: GameState | None) -> tuple[float, float]:
    words = text.strip().split()
    head = words[0].lower() if words else ""
    if head in ("contact", "toward", "towards") and state is not None:
        if decision.model is None:
            raise InputProblem(f"{head!r} needs a model that moves; type the point as x,y.")
        if head == "contact":
            if len(words) < 2:
                raise InputProblem("Type contact NAME, such as contact blue-warrior-1.")
            return contact_point(state, decision.model, find_model(" ".join(words[1:]), state), decision.point.allowance_cm)
        cm = _finite(words[-1]) if len(words) >= 3 else None
        if cm is None or cm < 0:
            raise InputProblem("Type toward NAME CM, such as toward blue-warrior-1 5 (a distance of 0 cm or more).")
        return toward_point(state, decision.model, find_model(" ".join(words[1:-1]), state), cm)
    if head in ("contact", "toward", "towards"):
        raise InputProblem(f"{head!r} needs the table; type the point as x,y.")
    return parse_point_text(text)


def _ranked(text: str, decision: Decision, state: GameState | None) -> list[Any]:
    parts = [p for p in re.split(r"[,;]+|\s+(?=\d)", text.strip()) if p.strip()]
    if len(parts) == 1 and " " in parts[0].strip() and not any(_norm(str(c)) == _norm(parts[0]) for c in decision.choices):
        parts = parts[0].split()
    picks = [_match_choice(p, decision, state) for p in parts]
    low, high = decision.ranked or (1, len(decision.choices))
    if not low <= len(picks) <= high or len(set(map(str, picks))) != len(picks):
        raise InputProblem(f"Type {low} to {high} different choices in order, by number or name, separated by commas (such as 2,1).")
    return picks


def parse_answer(text: str, decision: Decision, state: GameState | None = None) -> Any:
    """The engine answer ``text`` stands for (not yet checked by the engine), or :class:`InputProblem`.

    ``text`` must not be empty (the caller takes the default) nor a command.
    """
    stripped = text.strip()
    if decision.dice:
        return parse_dice(stripped, decision.dice)
    if decision.optional and stripped.lower() in SKIP_WORDS and not any(_norm(str(c)) == stripped.lower() for c in decision.choices):
        return None
    if decision.point is not None:
        return _point_answer(stripped, decision, state)
    if decision.ranked is not None:
        return _ranked(stripped, decision, state)
    return _match_choice(stripped, decision, state)


def describe_expected(decision: Decision) -> str:
    """One sentence: what this decision takes."""
    if decision.dice:
        return f"Type the {decision.dice} dice you rolled (1 to 10 each, separated by spaces), or an empty line to let the program roll."
    skip = " or skip" if decision.optional else ""
    if decision.point is not None:
        return f"Type a table point as x,y in cm, contact NAME, toward NAME CM{skip}."
    if decision.ranked is not None:
        low, high = decision.ranked
        return f"Type {low} to {high} choices in order, by number or name, separated by commas{skip}."
    if numeric_choices(decision):
        return f"Type the value itself ({', '.join(map(str, decision.choices))}){skip}."
    return f"Type a number from 1 to {len(decision.choices)} or a choice's name{skip}."

