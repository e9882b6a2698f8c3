"""Pieces that read: base labels from card names with their legend, and the hover card's lines.

Plain Python, no pyglet. A base is labelled by its card, abbreviated, and its number
(``Warrior`` -> ``War``, ``Fedaykin Death Commando`` -> ``FDC``; ``blue-warrior-2`` -> ``War2``),
or by its own name when it has one (``Stilgar`` -> ``Stil``), and the panel's legend maps each
abbreviation back to the card (``Stil = Stilgar (Naib)``). The hover card lists what a
player asks of a model: its name and card, profile, weapons, wounds, fatigue, poisons, shield,
spice.

Examples
--------
>>> labels, legend = card_labels([("red-warrior-1", "Warrior"), ("red-warrior-2", "Warrior"),
...                               ("blue-naib-1", "Naib", "Stilgar", "blue"), ("x", "Fedaykin Death Commando")])
>>> labels
{'red-warrior-1': 'War1', 'red-warrior-2': 'War2', 'blue-naib-1': 'Stil', 'x': 'FDC'}
>>> legend
{'War': 'Warrior', 'Stil': 'Stilgar (Naib)', 'FDC': 'Fedaykin Death Commando'}
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from ..engine.state import ModelState
from ..model import Profile, Weapon
from ..scene import ModelSpec

__all__ = ["card_labels", "abbreviation", "spec_card", "state_card", "weapon_line"]

_WOUNDS = {"none": "unhurt", "light": "light wound", "grave": "grave wound", "fatal": "fatal wound (out)"}


def abbreviation(card: str, letters: int = 3) -> str:
    """A card name's short form: the initials of a name of several words, else its first letters
    (a word of ``letters + 1`` letters is kept whole).

    >>> abbreviation("Sardaukar"), abbreviation("Naib"), abbreviation("Sayyadina Ramallo")
    ('Sar', 'Naib', 'SR')
    """
    words = [w for w in re.split(r"[\s_\-]+", card) if w]
    if not words:
        return "?"
    if len(words) > 1:
        return "".join(w[0].upper() for w in words[:4])
    word = words[0]
    return word if len(word) <= letters + 1 else word[:letters].capitalize()


def _number(model_id: str) -> str:
    m = re.search(r"(\d+)$", model_id)
    return m.group(1) if m else ""


def card_labels(models: Iterable[tuple[str, ...]]) -> tuple[dict[str, str], dict[str, str]]:
    """Each model's base label (its card's abbreviation and its number) and the legend
    (abbreviation -> card name); two cards never share an abbreviation.

    Parameters
    ----------
    models
        ``(model id, card name)`` pairs, or ``(model id, card name, name, group)``: the number
        is the one ending the model's name (``Soldier 2``, as the narration says), else its id's;
        a name of its own (not the card's, no number: ``Stilgar``) gives the label instead;
        labels are unique within a group (a side: ``Sol1`` in red and ``Sol1`` in blue).

    >>> card_labels([("red-soldier-3", "Soldier", "Soldier 2", "red"), ("blue-soldier-2", "Soldier", "Soldier 2", "blue")])[0]
    {'red-soldier-3': 'Sol2', 'blue-soldier-2': 'Sol2'}
    """
    pairs = [(m[0], m[1], m[2] if len(m) > 2 else m[0], m[3] if len(m) > 3 else "") for m in models]
    # a model with a name of its own (Stilgar, a Naib) is labelled by that name; the others by their card
    own_name = {p[0]: p[2] != p[1] and p[2] != p[0] and not _number(p[2]) for p in pairs}
    keys = list(dict.fromkeys((p[2], f"{p[2]} ({p[1]})", 4) if own_name[p[0]] else (p[1], p[1], 3) for p in pairs))
    short: dict[str, str] = {}
    taken: dict[str, str] = {}
    for word, meaning, first in keys:
        for letters in (first, 4, 5, 6, 40):
            abbr = abbreviation(word, letters)
            if taken.get(abbr, meaning) == meaning:
                break
        base, k = abbr, 2
        while taken.get(abbr, meaning) != meaning:
            abbr, k = f"{base}{k}", k + 1
        short[meaning], taken[abbr] = abbr, meaning
    labels: dict[str, str] = {}
    used: set[tuple[str, str]] = set()
    for model_id, card, name, group in pairs:
        if own_name[model_id]:
            stem, number = short[f"{name} ({card})"], ""
        else:
            stem, number = short[card], _number(name) or _number(model_id)
        label, k = stem + number, 0
        while (group, label) in used:  # the same card and number twice in a side: told apart, kept unique
            label, k = f"{stem}{number}{'abcdefgh'[min(k, 7)]}", k + 1
        used.add((group, label))
        labels[model_id] = label
    return labels, dict(taken)


def _bonus(v: int) -> str:
    return f"{v:+d}"


def weapon_line(w: Weapon) -> str:
    """One weapon as the card reads: name, range (or melee), Combat, damage, template, poisons.

    >>> from landsraad.content import load_faction
    >>> weapon_line(load_faction("fremen").weapon("crysknife"))
    'Crysknife: melee, Combat +1, damage 10-'
    """
    parts = [f"{w.range:g} cm" if w.range is not None else ("template" if w.template else "melee")]
    if w.combat:
        parts.append(f"Combat {_bonus(w.combat)}")
    parts.append(f"damage {w.damage}")
    if w.template is not None:
        parts.append(f"{w.template.kind} {w.template.size_cm:g} cm")
    if w.poisons:
        parts.append("poison " + ", ".join(p.kind.replace("_", "-") for p in w.poisons))
    return f"{w.name}: " + ", ".join(parts)


def _profile_lines(p: Profile) -> list[str]:
    armour = f", Armour {p.armour}" if p.armour else ""
    out = [f"M {p.movement:g} cm, Combat {_bonus(p.combat)}, Reflexes {_bonus(p.reflexes)}, Endurance {p.endurance}{armour}"]
    extras = []
    if p.shield != "none":
        extras.append(f"{p.shield} shield")
    if p.spice:
        extras.append(f"spice {p.spice}")
    if p.special_rules:
        extras.append("rules: " + ", ".join(r.replace("_", " ") for r in p.special_rules))
    if extras:
        out.append("; ".join(extras))
    return out


def state_card(m: ModelState) -> list[str]:
    """The hover card of a model in a game: name and card, profile, weapons, wounds, fatigue,
    poisons, shield, spice."""
    p = m.profile
    card = f"{p.name}, " if p.name != m.name else ""
    out = [f"{m.name} ({card}{m.side}) - {m.id}", *_profile_lines(p)]
    out += [weapon_line(w) for w in m.weapons]
    state = [_WOUNDS.get(m.wound, m.wound), f"fatigue {m.fatigue}"]
    if m.poisons:
        state.append("poisoned: " + ", ".join(p_.kind.replace("_", "-") + (f" {p_.x}" if p_.x is not None else "") for p_ in m.poisons))
    if p.shield != "none":
        state.append(f"{p.shield} shield")
    if p.spice or m.spice_doses:
        state.append(f"spice doses {m.spice_doses}" + (" (active)" if m.spice_active else ""))
    if m.carrying:
        state.append(f"carrying {m.carrying}")
    if m.out_of_action:
        state.append("out of action")
    out.append("; ".join(state))
    return out


def spec_card(m: ModelSpec, weapons: Sequence[Weapon] = ()) -> list[str]:
    """The hover card of a model of a scene: name and card, base, height, Movement, the card's
    profile and weapons when it names one."""
    card = m.card
    title = m.name or (card.name if card else m.id)
    out = [f"{title} ({m.side or 'no side'}) - {m.id}"]
    out.append(f"base {m.base_mm:g} mm, height {m.height_cm:g} cm" + (f", M {m.movement_cm:g} cm" if m.movement_cm is not None else ""))
    if card is not None:
        out.append(f"card {m.profile}")
        out += _profile_lines(card)
        out += [weapon_line(w) for w in weapons]
        out.append("unhurt; fatigue 0" + (f"; spice doses {card.spice}" if card.spice else ""))
    return out
