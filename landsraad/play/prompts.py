"""The engine's questions and choices in the language of the person at the prompt.

The engine asks its decisions in English (:attr:`~landsraad.engine.Decision.prompt`, kept in
saved games and JSON as it is). :func:`prompt_text` gives a prompt in the active language: each
prompt the engine writes is one of :data:`PROMPTS`, an English message id with ``{fields}``
(model names, distances, dice), read back from the English text and written again through the
catalog, the fields that are words (a bid step, a table edge, before / after) translated too
and lengths in the language's decimals. English, and any prompt not in the table, is shown as
the engine wrote it.

:func:`choice_word` is a plain choice (``attack``, ``burn``, ``first``...) as the French menu
shows it, in the rulebook's words; :func:`weapon_name` a weapon id by its French name
(``factions/aliases/``), so that ``fusil laser`` reads and types as ``lasgun`` does.

Examples
--------
>>> from landsraad.i18n import use_language
>>> with use_language("fr"):
...     print(prompt_text("Where does Scout move (up to 12.5 cm)?"))
Où se déplace Scout (12,5 cm au plus) ?
>>> prompt_text("Where does Scout move (up to 12.5 cm)?")
'Where does Scout move (up to 12.5 cm)?'
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Mapping

from ..content import faction_ids, load_faction
from ..i18n import N_, SOURCE_LANGUAGE, _, decimal, language
from ..kits import french_piece_names
from ..missions import load_missions
from ..warband.names import faction_aliases

__all__ = ["PROMPTS", "prompt_text", "choice_word", "CHOICE_WORDS", "TYPED_WORDS", "weapon_name", "weapon_display_name", "weapon_names", "mission_action_name"]

PROMPTS: tuple[str, ...] = (
    N_("Which model do you activate (or pass)?"),
    N_("Which model do you activate?"),
    N_("Does {name} consume a dose of spice ({left} left)?"),
    N_("Free move before the action for {name} (declared: {declared}; it must make the action possible, or the action is "
       "lost), or skip?"),
    N_("Free move before the action for {name} (declared: {declared}), or skip?"),
    N_("Free move {when} the action for {name} (up to {reach} cm), or skip?"),
    N_("{name} is in base contact with an enemy: does it disengage as its free move {when} the action (R-DISENGAGE)?"),
    N_("What action does {name} declare? (its free move comes before or after it)"),
    N_("Where does {name} move (up to {reach} cm)?"),
    N_("Where does {name} place its {kind} template?"),
    N_("Where does {name} aim its {weapon}'s blast template?"),
    N_("Toward which point does {name} fire its {weapon} ({length} cm direct-fire template)?"),
    N_("Does {name}'s laser burn or explode (R-LASER)?"),
    N_("Several enemies are equally near: which one does it shoot (RUL-08)?"),
    N_("{name} dodges: move it up to {reach} cm (RUL-09), or stay?"),
    N_("Roll {count} D10 for {who} ({why}): type {roles}."),
    N_("Which weapon does {name} use in this {use} (RUL-15)?"),
    N_("Which poison is on {name}'s {weapon} for this fight?"),
    N_("{name} rolled neutral {neutral}, attack {attack}, defence {defence}: attack or defend?"),
    N_("{mover} tries to disengage from {name}, whose neutral die shows {shown}: lower it (R-NEUTRAL-DOWN)?"),
    N_("{name}'s neutral die shows {shown}: lower it (R-NEUTRAL-DOWN)?"),
    N_("If {name}'s attack succeeds (hits, and no shield stops it), does it push its enemy back up to 5 cm, ending the combat "
       "(R-MELEE-OPTIONS)?"),
    N_("How far does {name} push {victim} (up to 5 cm, stopping before an obstacle)?"),
    N_("{name} defended: does it step up to 5 cm away, out of contact with every enemy (R-MELEE-OPTIONS)?"),
    N_("{name} disengages: which of your models opposes it (R-DISENGAGE)?"),
    N_("{name} broke away: move it {how} {reach} cm, out of contact (R-DISENGAGE)?"),
    N_("Pick 1 to 6 missions in order of importance (rank 1 first)."),
    N_("Treachery: name one mission; your opponent must say whether it chose it."),
    N_("Where do you place {marker} {n} of {mission} ({where})?"),
    N_("How much Honour do you bid for the {step} step (you have {honour})?"),
    N_("You won the bid: who {what} first?"),
    N_("You won the last bid: do you activate first or second?"),
    N_("Which terrain piece do you place next (or pass)?"),
    N_("Where do you place the {piece} (its centre)?"),
    N_("Where do you deploy {name} (touching the {edge} edge)?"),
)
"""Every prompt the engine writes, as English message ids (fields between braces); the longer ones first where two could read the same text."""

_WORDS: dict[str, dict[str, str]] = {
    "when": {"before": N_("before"), "after": N_("after")},
    "step": {"terrain": N_("terrain"), "missions": N_("missions"), "deployment": N_("deployment"), "first": N_("first")},
    "edge": {"south": N_("south"), "north": N_("north"), "west": N_("west"), "east": N_("east")},
    "what": {"picks missions": N_("picks missions"), "deploys": N_("deploys"), "places terrain": N_("places terrain")},
    "use": {"melee": N_("melee"), "fight": N_("fight")},
    "how": {"up to": N_("up to"), "exactly": N_("exactly")},
    "roles": {"neutral, attack, defence": N_("neutral, attack, defence"), "neutral, then the coloured die": N_("neutral, then the coloured die"),
              "one die": N_("one die")},
    "kind": {"hunter-seeker": N_("hunter-seeker"), "jammer": N_("jammer")},
    "marker": {"Terminal": N_("Terminal"), "Strategic position": N_("Strategic position"), "Spice cache": N_("Spice cache"),
               "Depot": N_("Depot"), "Ambassador": N_("Ambassador")},
    "why": {"template shot": N_("template shot"), "dodge": N_("dodge"), "terrain bid tie": N_("terrain bid tie"),
            "missions bid tie": N_("missions bid tie"), "deployment bid tie": N_("deployment bid tie"),
            "first bid tie": N_("first bid tie"), "a roll": N_("a roll"), "shot": N_("shot"), "clash": N_("clash"),
            "disengage": N_("disengage"), "melee": N_("melee"), "hunter-seeker": N_("hunter-seeker")},
}
"""Fields of :data:`PROMPTS` that are words, and their message ids (other values are shown as they are)."""

_LENGTHS = frozenset({"reach", "length"})
"""Fields that are lengths in cm: written with the language's decimal separator."""

_DECLARED = {"move": N_("Move"), "shoot": N_("shot"), "melee": N_("melee"), "heal": N_("heal"), "rest": N_("rest"),
             "disengage": N_("disengage"), "mission": N_("mission"), "explosives": N_("explosives")}
"""The first word of a declared action as the free move's prompt writes it."""

CHOICE_WORDS: dict[str, str] = {
    "attack": N_("attack"), "defend": N_("defend"), "burn": N_("burn (Burn rule)"), "explosive": N_("explosive (blast template)"),
    "consume": N_("consume a dose"), "keep": N_("keep it"), "first": N_("activate first"), "second": N_("activate second"),
    "no": N_("no"), "push": N_("push back"), "disengage": N_("disengage"), "move": N_("Move action"), "rest": N_("rest"),
    "none": N_("none"), "red": N_("red"), "blue": N_("blue"), "hunter_seeker": N_("hunter-seeker"), "jammer": N_("jammer"),
    "pass": N_("pass (no activation this turn)"),
}
"""Plain choices of the engine's menus -> their label in another language than English (English shows the choice itself)."""

TYPED_WORDS: dict[str, tuple[str, ...]] = {
    "move": ("mouvement", "deplacement", "bouger"), "rest": ("repos", "se reposer"), "attack": ("attaquer",),
    "defend": ("defendre", "se defendre"), "disengage": ("desengager", "desengagement"), "consume": ("consommer", "oui"),
    "keep": ("garder",), "first": ("premier", "en premier"), "second": ("second", "en second", "deuxieme"),
    "push": ("repousser",), "burn": ("brulure", "bruler"), "explosive": ("explosif", "exploser"),
}
"""French words a person may type for a plain choice beside its menu label (accents dropped, as typed lines are compared)."""

_MISSION_ACTIONS = {"activate_terminal": N_("activate terminal"), "sabotage_depot": N_("sabotage depot"), "capture": N_("capture"),
                    "pick_up_spice": N_("pick up spice"), "carry_off_spice": N_("carry off spice")}
"""The missions' special actions (R-MISSIONS) as a menu names them."""


@lru_cache(maxsize=None)
def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile("".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>{_FIELD_FORMS.get(p, '.+?')})" for i, p in enumerate(parts))
                      + r"\Z", re.S)


_FIELD_FORMS = {**{k: r"\d+" for k in ("n", "count", "honour", "left", "neutral", "attack", "defence", "shown")},
                "reach": r"[-+\d.e]+", "length": r"[-+\d.e]+"}
"""What a field of :data:`PROMPTS` is made of when not any text (``Spice cache 1``: the marker, then its number)."""


def _field(name: str, value: str) -> str:
    if name in _LENGTHS:
        return decimal(value)
    if name == "declared":
        head, _sep, rest = value.partition(" ")
        return " ".join(p for p in (_(_DECLARED[head]) if head in _DECLARED else head, _declared_object(head, rest)) if p)
    if name == "mission":
        card = next((c for c in load_missions().values() if c.name == value), None)
        return card.rulebook_name if card is not None else value
    if name == "where":  # a marker's placement, as its card writes it (where_fr in French)
        spec = next((m for c in load_missions().values() for m in c.markers if " ".join(m.where.split()) == value), None)
        return spec.where_fr if spec is not None and spec.where_fr else value
    if name == "piece":  # a kit piece, by the English name the engine writes: its kit's French name (issue 40)
        return french_piece_names().get(value, value)
    if name == "weapon":
        return weapon_name(re.sub(r"[^0-9a-z]+", "_", value.lower()).strip("_"), value)
    words = _WORDS.get(name)
    return _(words[value]) if words and value in words else value


def _declared_object(head: str, rest: str) -> str:
    """What a declared action names, as the free move's prompt writes it (ids with spaces for ``_``): a shot's weapon by
    its French name (``Lance sardaukar``), a mission action by its menu name and the rulebook's mission; else as it is."""
    if head == "shoot" and rest:
        return weapon_display_name(rest.replace(" ", "_"))
    if head == "mission":
        for card in load_missions().values():
            for action in card.special_actions:
                words = f"{card.id} {action.id}".replace("_", " ")
                if rest == words or rest.startswith(words + " "):
                    return " ".join(p for p in (mission_action_name(action.id), f"({card.rulebook_name})", rest[len(words):].strip()) if p)
    return rest


def prompt_text(prompt: str, names: Mapping[str, str] | None = None) -> str:
    """The engine's ``prompt`` in the active language (as it is in English, or when it is not one of :data:`PROMPTS`).

    ``names`` maps a model's name as the engine writes it (``Soldier 2``) to the name the reader sees (``Soldat 2``).
    """
    if language() == SOURCE_LANGUAGE:
        return prompt
    for template in PROMPTS:
        found = _pattern(template).match(prompt)
        if found:
            fields = {k: (names or {}).get(v, v) if k == "name" else _field(k, v) for k, v in found.groupdict().items()}
            return _(template).format(**fields)
    return prompt


def choice_word(choice: str) -> str:
    """A plain choice as the menu shows it in the active language: ``attack`` reads ``attaque`` in French.

    Examples
    --------
    >>> from landsraad.i18n import use_language
    >>> with use_language("fr"):
    ...     print(choice_word("defend"), "/", choice_word("first"), "/", choice_word("halberd"))
    défense / activer en premier / hallebarde
    >>> choice_word("defend")
    'defend'
    """
    if language() == SOURCE_LANGUAGE:
        return choice.replace("_", " ")
    if choice in CHOICE_WORDS:
        return _(CHOICE_WORDS[choice])
    return weapon_name(choice)


def mission_action_name(action_id: str) -> str:
    """A mission's special action (``activate_terminal``) as a menu shows it in the active language."""
    if language() == SOURCE_LANGUAGE or action_id not in _MISSION_ACTIONS:
        return action_id.replace("_", " ")
    return _(_MISSION_ACTIONS[action_id])


@lru_cache(maxsize=1)
def weapon_names() -> dict[str, tuple[str, ...]]:
    """Weapon id -> its French names, from the bundled factions' aliases (the rulebook's names first), then the
    sheets' ``name_fr`` (a weapon without an alias, such as ``assassin_knife``, reads ``Couteau*``)."""
    out: dict[str, tuple[str, ...]] = {}
    for faction in faction_ids():
        for weapon, names in faction_aliases(faction).weapons.items():
            out[weapon] = out.get(weapon, ()) + tuple(n for n in names if n not in out.get(weapon, ()))
    for faction in faction_ids():
        for w in load_faction(faction).weapons:
            if w.name_fr and w.name_fr.casefold() not in {n.casefold() for n in out.get(w.id, ())}:
                out[w.id] = out.get(w.id, ()) + (w.name_fr,)
    return out


@lru_cache(maxsize=1)
def _sheet_names_fr() -> dict[str, str]:
    """Weapon id -> the first bundled sheet's ``name_fr`` (``Lance sardaukar``), the name the story uses."""
    out: dict[str, str] = {}
    for faction in faction_ids():
        for w in load_faction(faction).weapons:
            if w.name_fr:
                out.setdefault(w.id, w.name_fr)
    return out


def weapon_display_name(weapon_id: str) -> str:
    """A weapon as a menu line shows it: in French its sheet's ``name_fr`` (``Lance sardaukar``, as the story
    writes it; typed answers are read case-folded, so it is accepted as shown), else :func:`weapon_name`."""
    if language() != SOURCE_LANGUAGE and weapon_id in _sheet_names_fr():
        return _sheet_names_fr()[weapon_id]
    return weapon_name(weapon_id)


def weapon_name(weapon_id: str, default: str | None = None) -> str:
    """A weapon id as a person reads it in the active language: its French name in French, else ``default`` (its id in words)."""
    plain = default if default is not None else weapon_id.replace("_", " ")
    if language() == SOURCE_LANGUAGE:
        return plain
    names = weapon_names().get(weapon_id)
    return names[0] if names else plain
