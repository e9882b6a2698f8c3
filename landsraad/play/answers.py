"""What a person types at a prompt, read into an engine answer or a command.

A line is either a command (``help``/``?``, ``undo``, ``map``, ``log``, ``save``, ``quit``...,
or its French word: ``aide``, ``annuler``, ``carte``, ``journal``, ``sauver``, ``quitter``...: both
languages are read whatever ``--lang`` says) or an answer to the pending :class:`~landsraad.engine.Decision`:

- a choice by its number in the menu or by name (a model's id or card name, ``rest``,
  ``attack``...; a unique beginning is enough);
- a ranked selection as numbers or names separated by commas or spaces (``2,1,5``);
- a table point as ``x,y`` (cm; ``12,5 ; 30`` with French decimals), ``contact NAME`` (into base
  contact with that model by the shortest legal path the geometry finds) or ``toward NAME CM``
  (``vers NAME CM``: CM cm straight toward it);
- dice as ``7 3 5`` or ``7,3,5``;
- ``skip`` (or ``none``, ``stay``, ``pass``; ``rien``, ``aucun``, ``non``, ``rester``) where the decision may be skipped;
- an empty line: the default the menu shows.

Anything else raises :class:`InputProblem`, whose message is one sentence saying what is
expected; the prompt is asked again.

Examples
--------
>>> parse_command("  Undo ")
('undo', '')
>>> parse_command("save game.json")
('save', 'game.json')
>>> parse_command("Annuler"), parse_command("statut"), parse_command("état")
(('undo', ''), ('status', ''), ('status', ''))
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
import unicodedata

from ..engine import Answer, Decision, GameState
from ..engine.decisions import Choice
from ..engine.spatial import plan_move as engine_plan_move
from ..errors import LandsraadError
from ..geometry.approach import contact_move, point_at_cost
from ..geometry.movement import MoveResult
from ..i18n import EDGE_NAMES, LANGUAGES, N_, _, decimal, language, ngettext, number, use_language
from ..missions import load_missions, marker_name_fr
from ..narrate import label_of, model_label
from ..warband.names import normalize_name
from .prompts import TYPED_WORDS, choice_word, mission_action_name, weapon_display_name, weapon_names

__all__ = ["numeric_choices", "row_key", "InputProblem", "COMMANDS", "SKIP_WORDS", "parse_command", "parse_answer", "parse_point_text", "parse_dice",
           "choice_label", "find_model", "contact_point", "contact_cost", "toward_point", "describe_expected"]

COMMANDS = ("help", "?", "undo", "map", "log", "save", "quit", "ask", "status", "mission", "hint")
"""Commands accepted at any prompt."""

COMMAND_WORDS = {"aide": "help", "annuler": "undo", "defaire": "undo", "carte": "map", "plan": "map", "journal": "log",
                 "historique": "log", "sauver": "save", "enregistrer": "save", "sauvegarder": "save", "quitter": "quit",
                 "redemander": "ask", "demander": "ask", "statut": "status", "etat": "status", "indice": "hint",
                 "conseil": "hint", "aide-moi": "hint"}
"""The French words of :data:`COMMANDS` (read accents or none, whatever the language shown)."""

SKIP_WORDS = ("skip", "none", "stay", "pass", "no")
FRENCH_SKIP_WORDS = ("rien", "aucun", "aucune", "non", "rester", "reste", "sauter", "personne")
"""The French words for ``skip``, read beside :data:`SKIP_WORDS` where they name no choice."""

_NUMBER = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf|infinity)"


class InputProblem(LandsraadError):
    """A typed line that is not a usable answer; the message says what is expected."""


def parse_command(text: str) -> tuple[str, str] | None:
    """``(command, argument)`` when ``text`` is a command, else ``None``."""
    words = text.strip().split(maxsplit=1)
    if not words:
        return None
    head = words[0].lower()
    head = COMMAND_WORDS.get(normalize_name(head).replace("_", "-"), head)
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
        # French decimals: 12,5 ; 30 (or 12,5 30), the comma a decimal point once a ';' or a space separates x and y
        french = [p.replace(",", ".") for p in re.split(r"\s*;\s*|\s+", text.strip().strip("()[]")) if p]
        values = [_finite(p) for p in french]
    if len(values) != 2 or any(v is None for v in values):
        raise InputProblem(_("A point is two finite numbers in cm, such as {example}; got {text}.").format(
            example=_("30,12.5"), text=repr(text.strip()[:40])))
    return (float(values[0]), float(values[1]))  # type: ignore[arg-type]


def parse_dice(text: str, count: int) -> list[int]:
    """``count`` whole numbers from 1 to 10, separated by spaces or commas."""
    parts = [p for p in re.split(r"[,\s;]+", text.strip()) if p]
    expected = ngettext("{n} whole number from 1 to 10 separated by spaces (the dice you rolled)",
                        "{n} whole numbers from 1 to 10 separated by spaces (the dice you rolled)", count).format(n=count)
    if len(parts) != count or not all(re.fullmatch(r"\d{1,2}", p) for p in parts):
        raise InputProblem(_("Type {expected}, or an empty line to let the program roll; got {text}.").format(
            expected=expected, text=repr(text.strip()[:40])))
    values = [int(p) for p in parts]
    if not all(1 <= v <= 10 for v in values):
        raise InputProblem(_("A D10 shows 1 to 10: type {expected}; got {text}.").format(expected=expected, text=repr(text.strip()[:40])))
    return values


def choice_label(choice: object, state: GameState | None) -> str:
    """How a menu shows a choice: models by :func:`~landsraad.narrate.model_label`, missions by their card's name, actions spelled out."""
    text = str(choice)
    ids = {m.id: m for m in state.models} if state is not None else {}
    if text in ids:
        return label_of(ids[text])
    cards = load_missions()
    english = language() == "en"
    if text in cards:
        return cards[text].name if english else cards[text].rulebook_name
    parts = text.split(":")
    if parts[0] == "mission" and len(parts) >= 3:  # mission:MISSION:ACTION[:TARGET]
        target = parts[3] if len(parts) > 3 else ""
        whom = label_of(ids[target]) if target in ids else (target if english else marker_name_fr(target) or target)
        card = (cards[parts[1]].name if english else cards[parts[1]].rulebook_name) if parts[1] in cards else parts[1]
        return f"{mission_action_name(parts[2])} {whom} ({card})".replace("  ", " ")
    if ":" in text:
        verb, _sep, arg = text.partition(":")
        if english:
            if arg in ids:
                return f"{verb} {label_of(ids[arg])}"
            return f"{verb} with {arg.replace('_', ' ')}"
        what = label_of(ids[arg]) if arg in ids else weapon_display_name(arg)
        return _(_VERBS[verb]).format(what=what) if verb in _VERBS else f"{verb} {what}"
    if text == "pass" and english:
        return "pass (passer: no activation this turn)"
    return choice_word(text)


_VERBS = {"shoot": N_("shot: {what}"), "melee": N_("melee: {what}"), "heal": N_("heal: {what}"),
          "explosives": N_("explosives: {what}")}
"""How another language than English writes a choice ``VERB:ARG`` (English: ``shoot with lasgun``, ``melee NAME``)."""


def _norm(text: str) -> str:
    return re.sub(r"[\s_]+", " ", text.strip().lower())


def numeric_choices(decision: Decision) -> bool:
    """Whether the choices are numbers (bids, lowering, dice, distances): then a typed number is the value.

    >>> from landsraad.engine import Decision
    >>> numeric_choices(Decision(side="red", kind="bid", prompt="Bid?", choices=(0, 1, 2)))
    True
    """
    return bool(decision.choices) and all(isinstance(c, int) and not isinstance(c, bool) for c in decision.choices)


def row_key(index: int, decision: Decision, values: bool = True) -> str:
    """The key a menu shows for its ``index``-th row (from 0): ``1, 2...``, or ``a, b...`` when the choices are numbers
    (and ``values``: numbers typed are values)."""
    if values and numeric_choices(decision):
        return _letters(index)
    return str(index + 1)


def _letters(index: int) -> str:
    letters = "abcdefghijklmnopqrstuvwxyz"
    return letters[index] if index < 26 else letters[index // 26 - 1] + letters[index % 26]


def _match_choice(text: str, decision: Decision, state: GameState | None, values: bool = True) -> Choice:
    """The choice ``text`` names: its number, its value, its label or a unique beginning of one.

    Where the choices are numbers (:func:`numeric_choices`), a number typed is the value and
    rows are letters: at a bid of ``0, 1, 2`` typing ``2`` bids 2, ``c`` too.
    """
    choices = decision.choices
    stripped = text.strip()
    if values and numeric_choices(decision):
        if re.fullmatch(r"[-+]?\d+", stripped):
            if int(stripped) in choices:
                return int(stripped)
            raise InputProblem(_("{value} is not one of the values offered ({values}).").format(
                value=int(stripped), values=", ".join(map(str, choices))))
        keys = {_letters(i): c for i, c in enumerate(choices)}
        if stripped.lower() in keys:
            return keys[stripped.lower()]
        raise InputProblem(_("Type one of the values {values} (or its letter); {text} is neither.").format(
            values=", ".join(map(str, choices)), text=repr(stripped[:40])))
    if re.fullmatch(r"[-+]?\d+", stripped):
        n = int(stripped)
        if 1 <= n <= len(choices):
            return choices[n - 1]
        raise InputProblem(_("Type a number from 1 to {count}, or a choice's name; {n} is not in the menu.").format(count=len(choices), n=n))
    first = language() if language() in LANGUAGES else "en"
    if _norm(stripped) in ("passer", "je passe") and "pass" in choices:  # a voluntary pass, in the rulebook's word (PRJ-101)
        return "pass"
    for lang in (first, *(other for other in LANGUAGES if other != first)):
        # the shown language first, so a line read before is read the same; then the other's own words only
        found = _named_choice(stripped, decision, state, lang, other=lang != first)
        if found is not None:
            return found[0]
    raise InputProblem(_("Type a number from 1 to {count}, or a choice's name; {text} is neither.").format(
        count=len(choices), text=repr(stripped[:40])))


def _fold(text: str) -> str:
    """``_norm`` with accents dropped: ``Épée`` and ``epee`` read the same."""
    plain = unicodedata.normalize("NFKD", text.casefold().replace("œ", "oe"))
    return _norm("".join(c for c in plain if not unicodedata.combining(c)))


def _labels(choice: Answer, state: GameState | None, lang: str) -> tuple[str, ...]:
    """The names a choice is typed by in ``lang``: the engine's word and the menu's label (French: also every French weapon name)."""
    with use_language(lang):
        label = choice_label(choice, state)
    if lang == "en":
        return (_norm(str(choice)), _norm(label))
    arg = str(choice).partition(":")[2] or str(choice)
    words = _fold(normalize_name(label).replace("_", " "))  # "tir laser" for "tir : laser"
    return (_fold(str(choice)), _fold(label), words, *(_fold(n) for n in weapon_names().get(arg, ())),
            *TYPED_WORDS.get(str(choice), ()))


def _named_choice(stripped: str, decision: Decision, state: GameState | None, lang: str, *,
                  other: bool = False) -> tuple[Choice] | None:
    """``(choice,)`` when ``stripped`` names one choice in ``lang`` (exactly, or a unique beginning); ``None`` when it names
    none; :class:`InputProblem` when it fits several.

    ``other``: ``lang`` is not the language shown; only the choices it names in words of its own
    (not a model's label, the same in both) are read, exactly or by a beginning.
    """
    if other:
        shown = language()
        own = [c for c in decision.choices if _labels(c, state, lang)[1:] != _labels(c, state, shown)[1:]]
        want = _norm(stripped) if lang == "en" else _fold(stripped)
        exact = [c for c in own if want in _labels(c, state, lang)]
        pool = exact or [c for c in own if any(n.startswith(want) for n in _labels(c, state, lang))]
        return (pool[0],) if len(pool) == 1 else None
    choices = decision.choices
    want = _norm(stripped) if lang == "en" else _fold(stripped)
    labels = {i: _labels(c, state, lang) for i, c in enumerate(choices)}
    exact = [c for i, c in enumerate(choices) if want in labels[i]]
    if state is not None:
        named = {m.id for m in state.models if _norm(m.name) == _norm(stripped)}
        exact += [c for c in choices if c not in exact and (str(c) in named or str(c).partition(":")[2] in named)]
    if len(exact) == 1:
        return (exact[0],)
    pool = exact or [c for i, c in enumerate(choices) if labels[i][0].startswith(want) or labels[i][1].startswith(want)
                     or want in labels[i][1] or any(n.startswith(want) for n in labels[i][2:])]
    if len(pool) == 1:
        return (pool[0],)
    if pool:
        raise InputProblem(_("{text} fits several choices ({choices}); type its number.").format(
            text=repr(stripped[:40]), choices=", ".join(choice_label(c, state) for c in pool[:4])))
    return None


def find_model(name: str, state: GameState) -> str:
    """The id of the model ``name`` names on the table (id, card name or label; a unique beginning is enough)."""
    want = _norm(name)
    on_table = [m for m in state.models if not m.removed]
    exact = [m for m in on_table if want in (_norm(m.id), _norm(m.name), _norm(model_label(m.id, m.name)), _norm(label_of(m)))]
    if len(exact) == 1:
        return exact[0].id
    pool = exact or [m for m in on_table if _norm(m.id).startswith(want) or _norm(m.name).startswith(want)
                     or _norm(m.id.partition("-")[2]).startswith(want)]  # the id without its side: fedaykin-1
    if len(pool) == 1:
        return pool[0].id
    if pool:
        raise InputProblem(_("{text} names several models ({ids}); type its id.").format(
            text=repr(name.strip()[:40]), ids=", ".join(m.id for m in pool[:5])))
    raise InputProblem(_("There is no model {text} on the table; type an id such as {example}.").format(
        text=repr(name.strip()[:40]), example=on_table[0].id if on_table else "red-soldier-1"))


def _short_stop(state: GameState, mover: str, result: MoveResult, allowance_cm: float | None, what: str,
                notes: list[str] | None) -> tuple[float, float] | None:
    """Where a move too long stops: the furthest point of its shortest path the allowance pays for (said in ``notes``)."""
    if allowance_cm is None or result.legal or result.reason != "too_far" or not result.path:
        return None
    stop = point_at_cost(state.board, mover, result.path, allowance_cm)
    me = state.model(mover)
    if notes is not None:
        notes.append(_("{who} cannot reach {what} with {allowance} cm (the shortest path costs {cost} cm): it goes as far as it "
                       "can along that path, to {point}.").format(who=label_of(me), what=what, allowance=_g(allowance_cm),
                                                                  cost=number(result.cost_cm, 1), point=_point(stop)))
    return stop


def contact_point(state: GameState, mover: str, target: str, allowance_cm: float | None,
                  notes: list[str] | None = None) -> tuple[float, float]:
    """Where ``mover`` ends in base contact with ``target`` by the shortest legal path.

    The destination is the geometry's (:func:`~landsraad.geometry.approach.contact_move`, the
    one search ``landsraad move SCENE MODEL --to TARGET`` makes too, so both give the same
    distance); its path is then priced on the board as the mover moves over it (the engine's
    :func:`~landsraad.engine.spatial.plan_move`: a sandwalker is not slowed by difficult
    ground). When the allowance is short of contact, the point returned is the furthest one
    of that path the allowance pays for, and ``notes`` (when given) gets a sentence saying so.

    Raises
    ------
    InputProblem
        When no path leads into contact at all (with the geometry's reason).
    """
    me, other = state.model(mover), state.model(target)
    budget = allowance_cm if allowance_cm is not None else 1e6
    try:
        chosen = contact_move(state.board, mover, target, budget)
        result = engine_plan_move(state, mover, chosen.end, budget)
    except LandsraadError as err:
        raise InputProblem(_("{who} cannot move into contact with {whom}: {reason}").format(
            who=label_of(me), whom=label_of(other), reason=err)) from None
    if result.legal:
        return chosen.end
    stop = _short_stop(state, mover, result, allowance_cm, _("base contact with {whom}").format(whom=label_of(other)),
                       notes)
    if stop is not None:
        return stop
    why = f" ({result.message})" if result.message else ""
    raise InputProblem(_("{who} cannot reach base contact with {whom} within {budget} cm{why}.").format(
        who=label_of(me), whom=label_of(other), budget=_g(budget), why=why))


def contact_cost(state: GameState, mover: str, target: str) -> float:
    """What the shortest path into base contact costs (cm, difficult ground counting double), as :func:`contact_point` finds it."""
    chosen = contact_move(state.board, mover, target, 1e6)
    return float(engine_plan_move(state, mover, chosen.end, 1e6).cost_cm)


def toward_point(state: GameState, mover: str, target: str, cm: float, allowance_cm: float | None = None,
                 notes: list[str] | None = None) -> tuple[float, float]:
    """The point ``cm`` cm from ``mover``'s centre straight toward ``target``'s centre.

    With ``allowance_cm``, a point the allowance does not reach (too far, or round an
    obstacle) becomes the furthest point of the shortest path to it that the allowance pays
    for, said in ``notes``.
    """
    me, other = state.model(mover), state.model(target)
    dx, dy = other.x - me.x, other.y - me.y
    length = math.hypot(dx, dy)
    if length == 0:
        return (me.x, me.y)
    if allowance_cm is None:
        return (me.x + dx / length * cm, me.y + dy / length * cm)
    touching = max(0.0, length - (me.base_mm + other.base_mm) / 20.0 - 0.01)  # no further than base contact
    goes = min(cm, allowance_cm, touching)
    point = (me.x + dx / length * goes, me.y + dy / length * goes)
    if goes < cm - 1e-9 and notes is not None:
        why = (_("its {allowance} cm").format(allowance=_g(allowance_cm)) if goes == allowance_cm
               else _("base contact with {whom}").format(whom=label_of(other)))
        notes.append(_("{who} goes {length} cm toward {whom}, as far as {why} allows (asked {asked} cm).").format(
            who=label_of(me), length=number(goes, 1), whom=label_of(other), why=why, asked=_g(cm)))
    try:
        result = engine_plan_move(state, mover, point, allowance_cm)
    except LandsraadError:
        return point  # the decision's own check says why
    said = len(notes) if notes is not None else 0
    stop = _short_stop(state, mover, result, allowance_cm, _("{length} cm toward {whom}").format(
        length=_g(goes), whom=label_of(other)), notes)
    if stop is not None and notes is not None and len(notes) > said and said:
        del notes[said - 1]  # one sentence: the stop along the path says it all
    if stop is None and not result.legal and result.reason != "too_far":
        # the straight line runs into something (terrain, a base): the furthest point short of it on that line
        for k in range(1, _TOWARD_STEPS + 1):
            back = goes * (1 - k / _TOWARD_STEPS)
            p = (me.x + dx / length * back, me.y + dy / length * back)
            try:
                if engine_plan_move(state, mover, p, allowance_cm).legal:
                    if notes is not None:
                        if said:  # one sentence: where it stops says it all (not "goes 10 cm", then "stops after 4.8")
                            del notes[said - 1]
                        reason = result.message.strip().rstrip(".")
                        notes.append(_("{who} stops after {length} cm on the straight line toward {whom}, short of what "
                                       "blocks it: {reason}.").format(who=label_of(me), length=number(back, 1),
                                                                      whom=label_of(other),
                                                                      reason=reason[:1].lower() + reason[1:]))
                    return p
            except LandsraadError:
                continue
    return stop if stop is not None else point


def _point_answer(text: str, decision: Decision, state: GameState | None, notes: list[str] | None = None) -> tuple[float, float]:
    words = text.strip().split()
    head = words[0].lower() if words else ""
    allowance_cm = decision.point.allowance_cm if decision.point is not None else None
    if head in _POINT_WORDS and state is not None:
        if decision.model is None:
            raise InputProblem(_("{word} needs a model that moves; type the point as x,y.").format(word=repr(head)))
        if head == "contact":
            if len(words) < 2:
                raise InputProblem(_("Type contact NAME, such as contact blue-warrior-1."))
            return contact_point(state, decision.model, find_model(" ".join(words[1:]), state), allowance_cm, notes)
        cm = _finite(words[-1].replace(",", ".")) if len(words) >= 3 else None
        if cm is None or cm < 0:
            raise InputProblem(_("Type toward NAME CM, such as toward blue-warrior-1 5 (a distance of 0 cm or more)."))
        return toward_point(state, decision.model, find_model(" ".join(words[1:-1]), state), cm, allowance_cm, notes)
    if head in _POINT_WORDS:
        raise InputProblem(_("{word} needs the table; type the point as x,y.").format(word=repr(head)))
    if decision.kind == "deploy" and state is not None and decision.model is not None:
        return _deploy_point(text, decision.model, state, notes)
    return parse_point_text(text)


_POINT_WORDS = ("contact", "toward", "towards", "vers")
"""The first words of a point typed by a model (``vers``: French for ``toward``)."""

_TOWARD_STEPS = 40
"""Points tried back along a blocked ``toward`` line, furthest first."""

_EDGE_SNAP_CM = 2.0
"""A deployment point typed this close to touching its table edge is put touching it (R-DEPLOY)."""


def _deploy_point(text: str, model_id: str, state: GameState, notes: list[str] | None) -> tuple[float, float]:
    """A deployment point of ``model_id``: ``x`` alone (``y`` on the west and east edges) puts the base touching its edge; a point near it snaps."""
    me = state.model(model_id)
    edge = state.side_state(me.side).edge
    touching = me.base_mm / 20.0 + 0.01  # a hair inside the edge, as the engine's own suggestions
    along = _finite(text.strip())
    if along is not None:
        x, y = (along, 0.0) if edge in ("south", "north") else (0.0, along)
    else:
        x, y = parse_point_text(text)
    width, depth = state.width, state.depth
    target = {"south": ("y", touching), "north": ("y", depth - touching), "west": ("x", touching), "east": ("x", width - touching)}[edge]
    axis, value = target
    current = y if axis == "y" else x
    if along is not None or (abs(current - value) <= _EDGE_SNAP_CM and abs(current - value) > 1e-9):
        snapped = (x, value) if axis == "y" else (value, y)
        if notes is not None and along is None:
            notes.append(_("Put touching the {edge} edge at {point}.").format(edge=_(EDGE_NAMES[edge]), point=_point(snapped, 2)))
        return snapped
    return (x, y)


def _ranked(text: str, decision: Decision, state: GameState | None) -> list[Choice]:
    parts = [p for p in re.split(r"[,;]+|\s+(?=\d)", text.strip()) if p.strip()]
    if len(parts) == 1 and " " in parts[0].strip() and not any(_norm(str(c)) == _norm(parts[0]) for c in decision.choices):
        parts = parts[0].split()
    picks = [_match_choice(p, decision, state) for p in parts]
    low, high = decision.ranked or (1, len(decision.choices))
    if not low <= len(picks) <= high or len(set(map(str, picks))) != len(picks):
        raise InputProblem(_("Type {low} to {high} different choices in order, by number or name, separated by commas (such as 2,1).").format(
            low=low, high=high))
    return picks


def parse_answer(text: str, decision: Decision, state: GameState | None = None, notes: list[str] | None = None, *,
                 values: bool = True) -> Answer:
    """The engine answer ``text`` stands for (not yet checked by the engine), or :class:`InputProblem`.

    ``text`` must not be empty (the caller takes the default) nor a command. ``notes`` (when
    given) gets a sentence for anything the reading changed: a move stopped short, a deployment
    snapped to the table edge. ``values`` (the default): where the choices are numbers, a number
    typed is the value (``False``: the row's number, for a front end that numbers its rows).
    """
    stripped = text.strip()
    if decision.dice:
        return parse_dice(stripped, decision.dice)
    if decision.optional and stripped.lower() in SKIP_WORDS and not any(_norm(str(c)) == stripped.lower() for c in decision.choices):
        return None
    if decision.optional and _fold(stripped) in FRENCH_SKIP_WORDS and not any(
            _fold(stripped) in _labels(c, state, "fr") for c in decision.choices):
        return None
    if decision.point is not None:
        return _point_answer(stripped, decision, state, notes)
    if decision.ranked is not None:
        return _ranked(stripped, decision, state)
    return _match_choice(stripped, decision, state, values)


def describe_expected(decision: Decision) -> str:
    """One sentence: what this decision takes."""
    if decision.dice:
        return _("Type the {n} dice you rolled (1 to 10 each, separated by spaces), or an empty line to let the program roll.").format(
            n=decision.dice)
    skip = _(" or skip") if decision.optional else ""
    if decision.point is not None:
        return _("Type a table point as x,y in cm, contact NAME, toward NAME CM{skip}.").format(skip=skip)
    if decision.ranked is not None:
        low, high = decision.ranked
        return _("Type {low} to {high} choices in order, by number or name, separated by commas{skip}.").format(low=low, high=high, skip=skip)
    if numeric_choices(decision):
        return _("Type the value itself ({values}){skip}.").format(values=", ".join(map(str, decision.choices)), skip=skip)
    return _("Type a number from 1 to {count} or a choice's name{skip}.").format(count=len(decision.choices), skip=skip)


def _g(value: float) -> str:
    """A length as ``:g`` writes it, in the language's decimals."""
    return decimal(f"{float(value):g}")


def _point(p: tuple[float, float], digits: int = 1) -> str:
    """``(x, y)`` in the language's decimals and separator (``(12,5 ; 30,0)`` in French)."""
    return _("({x}, {y})").format(x=number(float(p[0]), digits), y=number(float(p[1]), digits))

