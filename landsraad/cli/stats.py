"""Inline model and weapon stats typed on the command line, shared by ``odds`` and ``resolve``.

A model is written as comma-separated ``key=value`` items::

    combat=1,reflexes=2,endurance=3,armour=3,shield=half
    corrino/soldier:halberd,fatigue=1,wound=light

The first item may be a profile reference ``FACTION/TYPE[:WEAPON]`` (the card of ``TYPE``
in the bundled faction ``FACTION``, with the faction's modifiers such as Sardaukar applied,
and optionally the faction weapon it fights with); the ``key=value`` items after it change
that card or the model's state. A weapon is written the same way::

    range=10,combat=+1,damage=+1
    combat=+2,initiative=+1,damage=15-
    range=15,combat=-2,damage=(12),laser
    combat=-2,damage=(9),template=direct 20
    corrino:halberd

Model keys (:data:`MODEL_KEYS`): ``name movement combat reflexes endurance armour shield
wound fatigue activation_fatigue poisoned carries spice rules jammed``: ``poisoned`` lists
the poisons the model suffers, ``carries`` those it may put on its weapon. Weapon keys
(:data:`WEAPON_KEYS`): ``name range combat initiative damage defence template poisons rules``
and the flags ``laser`` and ``explosive``. Bonuses are written as on a card (``+1``, ``-2``,
``0``, ``-``); lists (``poisoned``, ``poisons``, ``rules``) are separated by ``+``.

Every mistake is a :class:`~landsraad.errors.UsageError` (exit status 2) whose one-line
message names the argument and the bad value. Parsing the text needs only the data model;
the :class:`~landsraad.rules.state.Combatant` is built on demand (the import is lazy, to keep
the command's start-up small).

Examples
--------
>>> spec = parse_model_spec("combat=+1,endurance=3,shield=half", argument="--attacker")
>>> spec.stats
{'combat': 1, 'endurance': 3, 'shield': 'half'}
>>> w = parse_weapon("range=10,combat=+1,damage=+1")
>>> (w.range_cm, w.combat, str(w.ranged_damage))
(10.0, 1, '+1')
>>> parse_weapon("range=15,combat=-2,damage=(12),laser").laser
True
>>> parse_model_spec("combat=1,armor=3", argument="--target")
Traceback (most recent call last):
...
landsraad.errors.UsageError: Argument --target: unknown stat 'armor'. Did you mean 'armour'? Valid stats are: activation_fatigue, armour, carries, combat, endurance, fatigue, jammed, movement, name, poisoned, reflexes, rules, shield, spice, wound.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Literal

from pydantic import ValidationError

from ..errors import DataError, UnknownNameError, UsageError, did_you_mean, quoted
from ..i18n import N_, Message, in_languages, message, unstopped
from ..model import INLINE_WEAPON_ID, MAX_LENGTH_CM, Poison, Profile, Weapon, parse_bonus

if TYPE_CHECKING:  # pragma: no cover - typing only
    from ..rules.state import Combatant

__all__ = [
    "MODEL_KEYS",
    "WEAPON_KEYS",
    "Use",
    "ModelSpec",
    "split_items",
    "parse_model_spec",
    "parse_weapon",
    "parse_poison",
    "build_combatant",
    "parse_combatant",
]

Use = Literal["shoot", "melee"]
"""What the model does with its weapon; picks the default weapon of a profile reference."""

_PROFILE_REF = re.compile(r"^(?P<faction>[a-z][a-z0-9_]*)/(?P<type>[a-z][a-z0-9_]*)(?::(?P<weapon>[a-z][a-z0-9_]*))?$")
_WEAPON_REF = re.compile(r"^(?P<faction>[a-z][a-z0-9_]*)[:/](?P<weapon>[a-z][a-z0-9_]*)$")


def _fail(argument: str, problem: str) -> UsageError:
    """The usage error about ``argument``: ``problem`` (a deferred message, shown in the reader's language) after its name."""
    return UsageError(message("Argument {argument}: {problem}", argument=argument, problem=problem))


def _said(exc: Exception) -> str:
    """What an error says, as a deferred message when it carries one (English: ``str(exc)``, as before).

    A :class:`~landsraad.errors.DataError` of one problem gives that problem (its source and place, then its
    message); a ``ValueError`` raised with a message gives it.
    """
    if isinstance(exc, DataError) and len(exc.problems) == 1:
        p = exc.problems[0]
        return p.text()  # its colons as the language writes them (« faction fremen : ... »)
    if len(exc.args) == 1 and isinstance(exc.args[0], Message):
        return exc.args[0]
    return str(exc)


def split_items(text: str, *, argument: str) -> list[tuple[str, str | None]]:
    """Split ``a=1,b=2,flag`` into ``[("a", "1"), ("b", "2"), ("flag", None)]`` (keys lower-cased).

    Empty items are an error, so a stray comma is reported rather than ignored.

    Examples
    --------
    >>> split_items(" combat = +1 , laser", argument="--weapon")
    [('combat', '+1'), ('laser', None)]
    >>> split_items("combat=1,,endurance=3", argument="--target")
    Traceback (most recent call last):
    ...
    landsraad.errors.UsageError: Argument --target: 'combat=1,,endurance=3' has an empty item between commas.
    """
    if not text or not text.strip():
        raise _fail(argument, message("the value is empty; write key=value items separated by commas, e.g. combat=1,endurance=3."))
    items: list[tuple[str, str | None]] = []
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            raise _fail(argument, message("{text} has an empty item between commas.", text=quoted(text)))
        if "=" in item:
            key, value = item.split("=", 1)
            key, value = key.strip().lower(), value.strip()
            if not key or not value:
                raise _fail(argument, message("the item {item} needs both a key and a value, e.g. combat=1.", item=quoted(item)))
            items.append((key, value))
        else:
            items.append((item.lower(), None))
    return items


# --- value parsers ------------------------------------------------------------------------------


def _int_value(what: str, *, minimum: int | None = None, allow_none: bool = False) -> Callable[[str], Any]:
    def parse(value: str) -> Any:
        if allow_none and value.lower() in ("none", "-", "0"):  # e.g. armour=none: no Armour X
            return None
        try:
            number = parse_bonus(value)
        except ValueError:
            raise ValueError(message("{what} must be a whole number such as +1, 0 or -2", what=message(what))) from None
        if minimum is not None and number < minimum:
            raise ValueError(message("{what} must be at least {minimum}", what=message(what), minimum=minimum))
        return number

    return parse


def _float_value(what: str) -> Callable[[str], float]:
    def parse(value: str) -> float:
        try:
            number = float(value)
        except ValueError:
            raise ValueError(message("{what} must be a number of cm", what=message(what))) from None
        if not 0 < number <= MAX_LENGTH_CM:  # also refuses nan and inf
            raise ValueError(message("{what} must be more than 0 cm and at most {limit}", what=message(what),
                                     limit=format(MAX_LENGTH_CM, "g")))
        return number

    return parse


def _choice(what: str, choices: tuple[str, ...]) -> Callable[[str], str]:
    def parse(value: str) -> str:
        if value.lower() not in choices:
            hint = did_you_mean(value, choices)
            extra = message(" (did you mean {hint}?)", hint=quoted(hint)) if hint else ""
            raise ValueError(message("{what} must be one of {choices}{extra}", what=message(what), choices=", ".join(choices),
                                     extra=extra))
        return value.lower()

    return parse


def _poison_list(value: str) -> tuple[Poison, ...]:
    out = []
    for part in value.split("+"):
        try:
            out.append(Poison.model_validate(part.strip()))
        except UnknownNameError as exc:
            raise ValueError(unstopped(_said(exc))) from None
        except ValidationError as exc:  # keep pydantic's own sentence
            raise ValueError(_pydantic_sentence(exc).rstrip(".")) from None
    return tuple(out)


def _rule_list(value: str) -> tuple[str, ...]:
    from ..specials import SPECIAL_RULES

    names = tuple(part.strip() for part in value.split("+"))
    for name in names:
        try:
            SPECIAL_RULES.get(name)
        except UnknownNameError as exc:
            raise ValueError(unstopped(_said(exc))) from None
    return names


def _spice_effect(value: str) -> str:
    from ..specials import SPECIAL_RULES

    try:
        rule = SPECIAL_RULES.get(value)
    except UnknownNameError as exc:
        raise ValueError(unstopped(_said(exc))) from None
    if rule.scope != "spice":
        spice = [r.name for r in SPECIAL_RULES if r.scope == "spice"]
        raise ValueError(message("{value} is not a spice effect; spice effects are: {effects}", value=quoted(value),
                                 effects=", ".join(spice)))
    return value


def _pydantic_sentence(exc: ValueError | UnknownNameError) -> str:
    """The first message of a pydantic ValidationError as one sentence (no URL, no 'Value error,'): the model's own
    :class:`~landsraad.i18n.Message` when its validator raised one (so it reads in the reader's language), else
    pydantic's English words, with a French sentence naming the key and the value beside them (issue 40)."""
    errors = getattr(exc, "errors", None)
    if not callable(errors):
        text = str(exc).strip()
        return text if text.endswith(".") else text + "."
    first = errors()[0]
    msg = str(first.get("msg", exc)).removeprefix("Value error, ").strip()
    loc = ".".join(str(p) for p in first.get("loc", ()))
    cause = (first.get("ctx") or {}).get("error")
    said = cause.args[0] if isinstance(cause, ValueError) and cause.args else None
    why: str
    if isinstance(said, Message) and str(said).strip() == msg:
        why = said
    else:  # pydantic's own words: English; in French a sentence of ours naming the key and the value
        english = f"{loc}: {msg}" if loc else msg
        english = english if english.endswith(".") else english + "."
        return in_languages(english, fr=message("{key} is not valid: {value} ({kind}).", key=loc or message("this argument"),
                                                value=repr(first.get("input"))[:60], kind=first.get("type", "")).localized("fr"))
    if loc and not msg.startswith(("Weapon", "Damage", "A ")):
        why = message("{key}: {why}", key=loc, why=why)
    return why if str(why).endswith(".") else why + "."


_NAMES = (N_("Movement"), N_("Combat"), N_("Reflexes"), N_("Endurance"), N_("Armour"), N_("The shield"), N_("The wound level"),
          N_("The number of fatigue tokens"), N_("The fatigue held when the activation began"), N_("stat"), N_("weapon key"))
"""The values and kinds of keys the messages name (for the catalog; translated where shown)."""

# key -> (Combatant field, parser); a parser of None marks a flag (no value).
_MODEL_PARSERS: dict[str, tuple[str, Callable[[str], Any] | None]] = {
    "name": ("name", str),
    "movement": ("movement", _float_value("Movement")),
    "combat": ("combat", _int_value("Combat")),
    "reflexes": ("reflexes", _int_value("Reflexes")),
    "endurance": ("endurance", _int_value("Endurance", minimum=1)),
    "armour": ("armour", _int_value("Armour", minimum=1, allow_none=True)),
    "shield": ("shield", _choice("The shield", ("none", "full", "half"))),
    "wound": ("wound", _choice("The wound level", ("none", "light", "grave", "fatal"))),
    "fatigue": ("fatigue", _int_value("The number of fatigue tokens", minimum=0)),
    "activation_fatigue": ("activation_fatigue", _int_value("The fatigue held when the activation began", minimum=0)),
    "poisoned": ("poisons", _poison_list),
    "carries": ("carried_poisons", _poison_list),
    "spice": ("spice_effect", _spice_effect),
    "rules": ("special_rules", _rule_list),
    "jammed": ("shield_disabled", None),
}
MODEL_KEYS: tuple[str, ...] = tuple(sorted(_MODEL_PARSERS))
"""The keys an inline model may use."""

_WEAPON_PARSERS: dict[str, tuple[str, Callable[[str], Any] | None]] = {
    "name": ("name", str),
    "range": ("range", lambda v: v),
    "combat": ("combat", lambda v: v),
    "initiative": ("initiative", lambda v: v),
    "damage": ("damage", lambda v: v),
    "defence": ("defence", lambda v: v),
    "template": ("template", lambda v: v),
    "poisons": ("poisons", _poison_list),
    "rules": ("special_rules", _rule_list),
    "laser": ("laser", None),
    "explosive": ("explosive", None),
}
WEAPON_KEYS: tuple[str, ...] = tuple(sorted(_WEAPON_PARSERS))
"""The keys an inline weapon may use."""

_TRUE, _FALSE = ("yes", "true", "1", "on"), ("no", "false", "0", "off")


def _parse_items(
    items: list[tuple[str, str | None]],
    parsers: dict[str, tuple[str, Callable[[str], Any] | None]],
    *,
    argument: str,
    kind: str,
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    seen: set[str] = set()
    for key, value in items:
        if key not in parsers:
            hint = did_you_mean(key, parsers)
            extra = message(" Did you mean {hint}?", hint=quoted(hint)) if hint else ""
            raise _fail(argument, message("unknown {kind} {key}.{extra} Valid {kind}s are: {keys}.", kind=message(kind), key=quoted(key),
                                          extra=extra, keys=", ".join(sorted(parsers))))
        if key in seen:
            raise _fail(argument, message("the {kind} {key} is given twice.", kind=message(kind), key=quoted(key)))
        seen.add(key)
        target, parser = parsers[key]
        if parser is None:  # a flag: 'laser' or 'laser=yes'
            if value is None or value.lower() in _TRUE:
                out[target] = True
            elif value.lower() in _FALSE:
                out[target] = False
            else:
                raise _fail(argument, message("{key}={value} is not valid: {key} is a flag; write {key} or {key}=no.", key=key,
                                              value=quoted(value)))
            continue
        if value is None:
            raise _fail(argument, message("the {kind} {key} needs a value, e.g. {name}=1.", kind=message(kind), key=quoted(key), name=key))
        try:
            out[target] = parser(value)
        except ValueError as exc:
            raise _fail(argument, message("{key}={value} is not valid: {why}.", key=key, value=quoted(value), why=_said(exc))) from None
    return out


# --- models --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ModelSpec:
    """A parsed model argument: an optional profile card and the inline stats that change it.

    ``stats`` maps :class:`~landsraad.rules.state.Combatant` field names to parsed values.
    ``weapon`` is the weapon named after ``:`` in the profile reference, if any.
    """

    argument: str
    text: str
    faction: str | None = None
    profile: Profile | None = None
    weapon: Weapon | None = None
    stats: dict[str, Any] = field(default_factory=dict)


def _load_faction(faction_id: str, argument: str):  # -> Faction
    from ..content import load_faction

    try:
        return load_faction(faction_id)
    except UnknownNameError as exc:  # a bad name typed by the user is a usage error (exit 2)
        raise _fail(argument, _said(exc)) from None


def _faction_weapon(sheet: Any, faction_id: str, name: str) -> Weapon:
    """The sheet's weapon ``name``: its id, else the French name a list uses (``corrino:pistolet``).

    Raises
    ------
    UnknownNameError
        Neither (the error of the id).
    """
    try:
        weapon: Weapon = sheet.weapon(name)
        return weapon
    except UnknownNameError:
        from ..table.weapons import by_french_name  # lazy, as the Combatant: only a name that is no id needs the lists' names

        french = by_french_name(faction_id, name)
        if french is None:
            raise
        return french


def parse_model_spec(text: str, *, argument: str) -> ModelSpec:
    """Parse a model argument: ``[FACTION/TYPE[:WEAPON],]key=value,...``.

    Examples
    --------
    >>> parse_model_spec("endurance=3,armour=3,wound=light,poisoned=paralysing", argument="--target").stats
    {'endurance': 3, 'armour': 3, 'wound': 'light', 'poisons': (Poison(kind='paralysing', x=None),)}
    >>> parse_model_spec("combat=one", argument="--attacker")
    Traceback (most recent call last):
    ...
    landsraad.errors.UsageError: Argument --attacker: combat='one' is not valid: Combat must be a whole number such as +1, 0 or -2.
    >>> parse_model_spec("endurance=0", argument="--target")
    Traceback (most recent call last):
    ...
    landsraad.errors.UsageError: Argument --target: endurance='0' is not valid: Endurance must be at least 1.
    """
    items = split_items(text, argument=argument)
    faction = profile = weapon = None
    first_key, first_value = items[0]
    if first_value is None and "/" in first_key:
        m = _PROFILE_REF.match(first_key)
        if not m:
            raise _fail(argument, message("{text} is not a profile reference; write FACTION/TYPE or FACTION/TYPE:WEAPON, e.g. "
                                          "corrino/soldier:halberd.", text=quoted(first_key)))
        sheet = _load_faction(m["faction"], argument)
        try:
            profile = sheet.profile(m["type"])
            weapon = _faction_weapon(sheet, m["faction"], m["weapon"]) if m["weapon"] else None
        except UnknownNameError as exc:
            raise _fail(argument, _said(exc)) from None
        faction = m["faction"]
        items = items[1:]
    stats = _parse_items(items, _MODEL_PARSERS, argument=argument, kind="stat")
    if "spice_effect" in stats:
        stats["spice_active"] = True
    return ModelSpec(argument, text, faction, profile, weapon, stats)


# --- weapons -------------------------------------------------------------------------------------


def parse_weapon(text: str, *, argument: str = "--weapon") -> Weapon:
    """Parse a weapon argument: inline ``key=value`` items or a faction weapon ``FACTION:WEAPON``.

    The inline weapon is validated by :class:`~landsraad.model.Weapon` (R-WEAPON): damage
    ``X-`` (melee), ``+N`` (ranged), ``(N)`` (burn) or ``+N / X-`` (dual).

    Examples
    --------
    >>> w = parse_weapon("combat=+2,initiative=+1,damage=15-", argument="--attacker-weapon")
    >>> (w.is_melee, w.combat, w.initiative, str(w.melee_damage))
    (True, 2, 1, '15-')
    >>> parse_weapon("combat=-2,damage=(9),template=direct 20").template
    Template(kind='direct', size_cm=20.0)
    >>> parse_weapon("combat=+1,damage=+1")
    Traceback (most recent call last):
    ...
    landsraad.errors.UsageError: Argument --weapon: 'combat=+1,damage=+1' is not a valid weapon: Weapon 'inline' deals ranged damage '+1' but has no range and no template.
    >>> parse_weapon("range=10,damage=12+")
    Traceback (most recent call last):
    ...
    landsraad.errors.UsageError: Argument --weapon: 'range=10,damage=12+' is not a valid weapon: Damage '12+' is not written as the rulebook writes it: expected 'X-' (melee), '+N' (ranged), '(N)' (burn) or 'ranged / melee' such as '+1 / 8-'.
    """
    stripped = text.strip() if text else ""
    m = _WEAPON_REF.match(stripped)
    if m and "=" not in stripped:
        sheet = _load_faction(m["faction"], argument)
        try:
            return _faction_weapon(sheet, m["faction"], m["weapon"])
        except UnknownNameError as exc:
            raise _fail(argument, _said(exc)) from None
    items = split_items(text, argument=argument)
    fields = _parse_items(items, _WEAPON_PARSERS, argument=argument, kind="weapon key")
    if "damage" not in fields:
        raise _fail(argument, message("{text} has no damage; add e.g. damage=+1 (ranged), damage=12- (melee) or damage=(9) (burn).",
                                      text=quoted(text)))
    fields.setdefault("name", "weapon")
    try:
        return Weapon(id=INLINE_WEAPON_ID, **fields)
    except (ValidationError, UnknownNameError) as exc:  # UnknownNameError: from a nested value
        raise _fail(argument, message("{text} is not a valid weapon: {why}", text=quoted(text), why=_pydantic_sentence(exc))) from None


def parse_poison(text: str, *, argument: str) -> Poison:
    """Parse one poison argument such as ``paralysing`` or ``will_breaker 3`` (R-POISON).

    Examples
    --------
    >>> parse_poison("will_breaker 3", argument="--attacker-poison")
    Poison(kind='will_breaker', x=3)
    >>> parse_poison("hemlock", argument="--attacker-poison")
    Traceback (most recent call last):
    ...
    landsraad.errors.UsageError: Argument --attacker-poison: Unknown poison 'hemlock'. Valid poisons are: blinding, crippling, dangerous, deadly, irritant, paralysing, will_breaker.
    >>> parse_poison("irritant 2", argument="--poison")
    Traceback (most recent call last):
    ...
    landsraad.errors.UsageError: Argument --poison: 'irritant 2' is not a poison: Only Will-breaker and Crippling take an X; irritant was given 2.
    """
    try:
        return Poison.model_validate(text.strip())
    except UnknownNameError as exc:
        raise _fail(argument, _said(exc)) from None
    except ValueError as exc:  # pydantic's ValidationError is a ValueError
        raise _fail(argument, message("{text} is not a poison: {why}", text=quoted(text), why=_pydantic_sentence(exc))) from None


# --- combatants ----------------------------------------------------------------------------------


def _default_weapon(spec: ModelSpec, use: Use | None) -> Weapon | None:
    """The first card weapon fit for ``use`` (shooting: a ranged one; melee: a melee one)."""
    if spec.profile is None or spec.faction is None or use is None:
        return None
    sheet = _load_faction(spec.faction, spec.argument)
    for weapon_id in spec.profile.weapons:
        weapon = sheet.weapon(weapon_id)
        if (use == "shoot" and weapon.is_ranged) or (use == "melee" and weapon.is_melee):
            return weapon
    return None


def build_combatant(
    spec: ModelSpec,
    weapon: Weapon | None = None,
    *,
    use: Use | None = None,
    weapon_argument: str = "--weapon",
) -> "Combatant":
    """Build the :class:`~landsraad.rules.state.Combatant` a parsed model argument describes.

    The weapon is, in order: ``weapon`` (an explicit weapon argument wins), the weapon named
    in the profile reference, the card's first weapon fit for ``use``. Shooting without any
    ranged weapon is a :class:`~landsraad.errors.UsageError`.
    """
    from pydantic import ValidationError

    from ..rules.state import Combatant

    chosen = weapon or spec.weapon or _default_weapon(spec, use)
    if use == "shoot":
        if chosen is None:
            raise _fail(spec.argument, message("{text} has no ranged weapon; give one with {option}, e.g. {option} "
                                               "range=10,combat=+1,damage=+1.", text=quoted(spec.text), option=weapon_argument))
        if not chosen.is_ranged:
            raise _fail(weapon_argument, message("the weapon {name} cannot shoot (it has no range and no template).",
                                                 name=quoted(chosen.name)))
    if use == "melee" and chosen is not None and not chosen.is_melee:
        raise _fail(weapon_argument, message("the weapon {name} cannot strike in melee (it is a ranged-only weapon).",
                                             name=quoted(chosen.name)))
    try:
        if spec.profile is not None:
            base = Combatant.from_profile(spec.profile, chosen)
            return Combatant(**{**dict(base), **spec.stats})
        return Combatant(weapon=chosen, **spec.stats)
    except ValidationError as exc:
        raise _fail(spec.argument, message("{text} does not describe a valid model: {why}", text=quoted(spec.text),
                                           why=_pydantic_sentence(exc))) from None


def parse_combatant(
    text: str,
    weapon_text: str | None = None,
    *,
    argument: str,
    weapon_argument: str = "--weapon",
    use: Use | None = None,
) -> "Combatant":
    """Parse a model argument and an optional weapon argument into a Combatant.

    Examples
    --------
    >>> c = parse_combatant("combat=1", "range=10,combat=+1,damage=+1", argument="--attacker", use="shoot")
    >>> (c.combat, c.weapon.range_cm)
    (1, 10.0)
    >>> parse_combatant("combat=1", argument="--attacker", use="shoot")
    Traceback (most recent call last):
    ...
    landsraad.errors.UsageError: Argument --attacker: 'combat=1' has no ranged weapon; give one with --weapon, e.g. --weapon range=10,combat=+1,damage=+1.
    """
    spec = parse_model_spec(text, argument=argument)
    weapon = parse_weapon(weapon_text, argument=weapon_argument) if weapon_text is not None else None
    return build_combatant(spec, weapon, use=use, weapon_argument=weapon_argument)
