"""Mission cards as a person reads them: one line at the pick menu, the whole card on request.

:func:`mission_line` is what the mission pick menu shows beside each card (what it asks and
its stakes per rank, R-MISSIONS); :func:`mission_card_text` is the card in full, printed by
``mission NAME`` at any prompt and by ``landsraad mission NAME``; :func:`find_mission` reads a
name as typed (id, card name, the rulebook's French name, or a unique beginning).
"""

from __future__ import annotations

import re

from ..errors import UnknownNameError
from ..i18n import _, language
from ..missions import load_missions
from ..missions.cards import MissionCard
from ..model import shown_name
from ..warband.names import normalize_name

__all__ = ["mission_line", "mission_card_text", "find_mission", "stakes", "unknown_mission"]


def _norm(text: str) -> str:
    """A name as compared: case, accents, spaces, dashes and apostrophes do not count (``vol d'épice``, ``Vol d'Epice``)."""
    return normalize_name(text)


def stakes(card: MissionCard) -> str:
    """``rank 1 +6/-3, rank 2 +5/-2, ...``: VP won on success / lost on failure by rank."""
    return ", ".join(f"{rank} {win:+d}/{-abs(lose):+d}".replace("+0/+0", "0/0")
                     for rank, (win, lose) in enumerate(zip(card.values.success, card.values.failure), 1))


def mission_line(card: MissionCard, width: int = 110) -> str:
    """One line: what the card asks (its success condition) and its stakes by rank."""
    text = shown_name(card.success.text, card.success.text_fr).strip()
    asks = re.split(r"(?<=[.:;])\s", text, maxsplit=1)[0].rstrip(".:;").rstrip()
    asks = re.sub(r"^(At the end of the game|À la fin de la partie),? ", "", asks)
    if len(asks) > width:
        asks = asks[: width - 3].rsplit(" ", 1)[0].rstrip(",;:.") + "..."
    else:
        asks += "."
    return _("{asks} VP by rank (success/failure): {stakes}").format(asks=f"{asks[0].upper()}{asks[1:]}", stakes=stakes(card))


def mission_card_text(card: MissionCard) -> str:
    """The whole card: name (and the rulebook's), set-up, special rules and actions, success, failure, values."""
    first, second = (card.name, card.rulebook_name) if language() == "en" else (card.rulebook_name, card.name)
    parts = [f"{first} ({second}, {card.id})"]
    if card.restriction is not None:
        parts.append(_("Restriction: {text}").format(text=card.restriction if language() == "en" else
                                                      shown_name(card.restriction.text, card.restriction.text_fr)))
    parts.append(_("Set-up: {text}").format(text=shown_name(card.setup, card.setup_fr).strip()))
    if card.special_rules.strip():
        parts.append(_("Special rules: {text}").format(text=shown_name(card.special_rules, card.special_rules_fr).strip()))
    markers = {m.id: m for m in card.markers}
    for action in card.special_actions:
        marker = action.marker if language() == "en" or action.marker not in markers else markers[action.marker].shown().lower()
        parts.append((_("Special action: {name} (at a {marker}).") if action.marker else _("Special action: {name}.")).format(
            name=action.shown(), marker=marker))
        if language() != "en" and action.text_fr:
            parts.append("  " + action.text_fr)
    parts.append(_("Success: {text}").format(text=shown_name(card.success.text, card.success.text_fr).strip()))
    parts.append(_("Failure: {text}").format(text=shown_name(card.failure.text, card.failure.text_fr).strip()))
    parts.append(_("VP by rank 1 to 6: success {success}; failure {failure}.").format(
        success=" ".join(f"{v:+d}" for v in card.values.success), failure=" ".join(f"{-abs(v):+d}" for v in card.values.failure)))
    return "\n".join(parts)


def find_mission(name: str) -> MissionCard:
    """The mission card ``name`` names (id, card name, rulebook name or a unique beginning).

    Raises
    ------
    UnknownNameError
        When no card, or several, fit ``name``.
    """
    cards = load_missions()
    want = _norm(name)
    exact = [c for c in cards.values() if want in (_norm(c.id), _norm(c.name), _norm(c.rulebook_name))]
    pool = exact or [c for c in cards.values() if any(_norm(n).startswith(want) for n in (c.id, c.name, c.rulebook_name))]
    if len(pool) == 1 and want:
        return pool[0]
    raise UnknownNameError("mission", name.strip()[:40], sorted(cards))


def unknown_mission(err: UnknownNameError) -> str:
    """What :func:`find_mission` raised, as one sentence in the active language (English: the error's own)."""
    if language() == "en":
        return str(err)
    return _("Unknown mission {name}. The missions are: {names}.").format(name=repr(err.name), names=", ".join(err.valid))
