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
from ..i18n import N_, _, decimal
from ..model import Profile, Weapon
from ..scene import ModelSpec

__all__ = ["card_labels", "abbreviation", "spec_card", "state_card", "weapon_line"]

_WOUNDS = {"none": N_("unhurt"), "light": N_("light wound"), "grave": N_("grave wound"), "fatal": N_("fatal wound (out)")}
_SHIELDS = {"half": N_("half shield"), "full": N_("full shield")}


def _cm(v: float) -> str:
    return decimal(f"{v:g}")


def _semicolon() -> str:
    return _("; ")


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
    parts = [f"{_cm(w.range)} cm" if w.range is not None else (_("template") if w.template else _("melee"))]
    if w.combat:
        parts.append(_("Combat {bonus}").format(bonus=_bonus(w.combat)))
    parts.append(_("damage {damage}").format(damage=w.damage))
    if w.template is not None:
        parts.append((_("blast {size} cm") if w.template.kind == "blast" else _("direct {size} cm")).format(size=_cm(w.template.size_cm)))
    if w.poisons:
        parts.append(_("poison {kinds}").format(kinds=", ".join(p.kind.replace("_", "-") for p in w.poisons)))
    return f"{w.display_name()}: " + ", ".join(parts)


def _profile_lines(p: Profile) -> list[str]:
    armour = _(", Armour {armour}").format(armour=p.armour) if p.armour else ""
    out = [_("M {movement} cm, Combat {combat}, Reflexes {reflexes}, Endurance {endurance}").format(
        movement=_cm(p.movement), combat=_bonus(p.combat), reflexes=_bonus(p.reflexes), endurance=p.endurance) + armour]
    extras = []
    if p.shield != "none":
        extras.append(_(_SHIELDS[p.shield]) if p.shield in _SHIELDS else f"{p.shield} shield")
    if p.spice:
        extras.append(_("spice {doses}").format(doses=p.spice))
    if p.special_rules:
        extras.append(_("rules: {rules}").format(rules=", ".join(r.replace("_", " ") for r in p.special_rules)))
    if extras:
        out.append(_semicolon().join(extras))
    return out


def state_card(m: ModelState) -> list[str]:
    """The hover card of a model in a game: name and card, profile, weapons, wounds, fatigue,
    poisons, shield, spice."""
    p = m.profile
    card = f"{p.display_name()}, " if p.name != m.name else ""
    out = [f"{m.name} ({card}{_(m.side)}) - {m.id}", *_profile_lines(p)]
    out += [weapon_line(w) for w in m.weapons]
    state = [_(_WOUNDS[m.wound]) if m.wound in _WOUNDS else m.wound, _("fatigue {tokens}").format(tokens=m.fatigue)]
    if m.poisons:
        state.append(_("poisoned: {poisons}").format(poisons=", ".join(
            p_.kind.replace("_", "-") + (f" {p_.x}" if p_.x is not None else "") for p_ in m.poisons)))
    if p.shield != "none":
        state.append(_(_SHIELDS[p.shield]) if p.shield in _SHIELDS else f"{p.shield} shield")
    if p.spice or m.spice_doses:
        state.append((_("spice doses {doses} (active)") if m.spice_active else _("spice doses {doses}")).format(doses=m.spice_doses))
    if m.carrying:
        state.append(_("carrying {marker}").format(marker=m.carrying))
    if m.out_of_action:
        state.append(_("out of action"))
    out.append(_semicolon().join(state))
    return out


def spec_card(m: ModelSpec, weapons: Sequence[Weapon] = ()) -> list[str]:
    """The hover card of a model of a scene: name and card, base, height, Movement, the card's
    profile and weapons when it names one."""
    card = m.card
    title = m.name or (card.display_name() if card else m.id)
    side = _(m.side) if m.side else _("no side")
    out = [f"{title} ({side}) - {m.id}"]
    out.append(_("base {base} mm, height {height} cm").format(base=_cm(m.base_mm), height=_cm(m.height_cm))
               + (_(", M {movement} cm").format(movement=_cm(m.movement_cm)) if m.movement_cm is not None else ""))
    if card is not None:
        out.append(_("card {card}").format(card=m.profile))
        out += _profile_lines(card)
        out += [weapon_line(w) for w in weapons]
        out.append(_("unhurt; fatigue 0") + (_("; spice doses {doses}").format(doses=card.spice) if card.spice else ""))
    return out
