"""The data model: weapons, poisons, profiles, equipment and faction sheets (frozen pydantic v2).

Stats are written in content files as the rulebook writes them and parsed here (R-WEAPON):

- damage ``12-`` (melee: X minus the neutral die), ``+1`` (ranged: neutral die plus N),
  ``(9)`` (burn: N, no die), and dual ``+1 / 8-`` (at range / in melee);
- range ``-`` (no range: a melee weapon unless it has a template) or a number of cm;
- Combat and Initiative ``+2``, ``-2``, ``0`` or ``-`` (nothing);
- template ``blast`` (5 cm radius, R-TEMPLATE) or ``direct 20`` (direct-fire X);
- ``explosive``, ``laser``, and poisons such as ``will_breaker 2``.

A bad value is a :class:`pydantic.ValidationError` whose message names the field and the
value; :func:`landsraad.content.load_model` turns it into a :class:`~landsraad.errors.DataError`
with the file, key path and line.

Examples
--------
>>> halberd = Weapon(id="halberd", name="Halberd", range="-", combat="+2", initiative="+1", damage="15-")
>>> halberd.melee_damage, halberd.ranged_damage, halberd.is_melee, halberd.is_ranged
(Damage(kind='melee', value=15), None, True, False)
>>> pistol = Weapon(id="pistol", name="Pistol", range=10, combat="+1", damage="+1")
>>> pistol.range_cm, pistol.ranged_damage
(10.0, Damage(kind='ranged', value=1))
>>> Weapon(id="x", name="X", damage="12+")
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 1 validation error for Weapon
damage
  Value error, Damage '12+' is not written as the rulebook writes it: expected 'X-' (melee), '+N' (ranged), '(N)' (burn) or 'ranged / melee' such as '+1 / 8-'. ...
"""

from __future__ import annotations

import re
from functools import cached_property, lru_cache
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from .errors import UnknownNameError, truncate
from .i18n import N_, Message, joined, language, message, worded
from .specials import SPECIAL_RULES, Source

__all__ = [
    "Frozen",
    "Source",
    "MAX_LENGTH_CM",
    "MAX_STAT",
    "Bonus",
    "Damage",
    "parse_damage",
    "parse_bonus",
    "POISON_KINDS",
    "PoisonKind",
    "Poison",
    "Template",
    "INLINE_WEAPON_ID",
    "Weapon",
    "ShieldKind",
    "Profile",
    "BarracksEntry",
    "SpecialistWeapon",
    "RareEquipment",
    "FactionModifier",
    "Faction",
    "FrenchName",
    "FRENCH_NAMES",
    "FrenchText",
    "shown_name",
]

_ID = r"^[a-z][a-z0-9_]*$"

MAX_LENGTH_CM = 1_000.0
"""The longest length (cm) content or an argument may give (ranges, movements, templates, heights):
ten metres, far beyond any table. Lengths are finite too: ``.inf`` and ``.nan`` are refused, so
no later product overflows or compares wrongly."""

MAX_STAT = 999
"""The largest magnitude of a whole-number stat (bonus, damage, cost...): dice read 1 to 10."""


def _check_french_name(value: str | None) -> str | None:
    if value is None:
        return None
    if not value.strip() or value != value.strip() or "\n" in value:
        raise ValueError(message("A French name is one line of text without spaces at its ends; got {value}.", value=_short(value)))
    return value


FrenchName = Annotated[str | None, AfterValidator(_check_french_name)]
"""``name_fr``: the name a French reader sees (the rulebook's own where it prints one, issue 40)."""

def _check_french_text(value: str | None) -> str | None:
    if value is None:
        return None
    if not value.strip() or value != value.strip():
        raise ValueError(message("A French text is not empty and has no spaces at its ends; got {value}.", value=_short(value)))
    return value


FrenchText = Annotated[str | None, AfterValidator(_check_french_text)]
"""A ``*_fr`` text of the content (a mission card's set-up, a special rule's summary): what a French reader sees in
place of the English field beside it (issue 40); a paragraph may run over several lines."""

FRENCH_NAMES: dict[str, Any] = {"name_fr": True, "text_fr": True, "weapons": {"__all__": {"name_fr", "text_fr"}},
                                "profiles": {"__all__": {"name_fr", "text_fr"}},
                                "rare_equipment": {"__all__": {"name_fr", "text_fr"}}}
"""A faction's French names and texts (``name_fr``, ``text_fr``) as ``model_dump(exclude=...)`` takes them:
presentation only, so the faction data hash stamped on reports (:func:`~landsraad.warband.index.faction_hash`)
leaves them out and does not change with a translation."""


def shown_name(name: str, name_fr: str | None, lang: str | None = None) -> str:
    """The name to print: ``name_fr`` in French when there is one, else ``name`` (English, the ids' language).

    Examples
    --------
    >>> shown_name("Halberd", "Hallebarde", "fr"), shown_name("Halberd", "Hallebarde", "en"), shown_name("Naib", None, "fr")
    ('Hallebarde', 'Halberd', 'Naib')
    """
    return name_fr if name_fr is not None and (lang or language()) == "fr" else name


def _short(value: Any) -> str:
    return repr(truncate(str(value), 40))


class Frozen(BaseModel):
    """Base of every content model: immutable, unknown keys rejected.

    Copies are pydantic's own (``model_copy``). The engine's state is not made of these (its
    hot path copies plain frozen dataclasses, :mod:`landsraad.engine.state`): content is loaded
    once and read, and a value derived from a model's fields is cached where a copy cannot carry
    it stale (keyed by the fields it reads, as :attr:`Weapon._parsed`)."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True, defer_build=True)


def _known_rule(name: str) -> str:
    """``name`` if it is a registered special rule; else a ValueError that pydantic collects with
    the other problems and locates in the file (the message lists the valid names)."""
    if name not in SPECIAL_RULES:
        raise ValueError(UnknownNameError("special rule", name, SPECIAL_RULES.names()).problems[0].message)
    return name


def _known_rules(names: tuple[str, ...]) -> tuple[str, ...]:
    for name in names:
        _known_rule(name)
    return names


# --- small parsed values --------------------------------------------------------------------


def parse_bonus(value: Any) -> int:
    """Parse a Combat / Initiative bonus as written on a card: ``+2``, ``-2``, ``0``, ``-``.

    Examples
    --------
    >>> parse_bonus("+2"), parse_bonus("-2"), parse_bonus("-"), parse_bonus(None), parse_bonus(3)
    (2, -2, 0, 0, 3)
    """
    if value is None:
        return 0
    if isinstance(value, bool):
        raise ValueError(message("A bonus must be a whole number such as '+2', '-1', '0' or '-'; got {value}.", value=repr(value)))
    if isinstance(value, int):
        return _bounded_stat(value, value)
    text = str(value).strip().replace("\u2212", "-")
    if text in ("-", "", "\u2013"):
        return 0
    if re.fullmatch(r"[+-]?\d{1,6}", text):
        return _bounded_stat(int(text), value)
    raise ValueError(message("A bonus must be a whole number such as '+2', '-1', '0' or '-'; got {value}.", value=_short(value)))


def _bounded_stat(number: int, shown: Any) -> int:
    if abs(number) > MAX_STAT:
        raise ValueError(message("A stat must lie between -{most} and {most}; got {value}.", most=MAX_STAT, value=_short(shown)))
    return number


Bonus = Annotated[int, BeforeValidator(parse_bonus)]


class Damage(Frozen):
    """One damage value: ``melee`` (X minus neutral), ``ranged`` (neutral plus N) or ``burn`` (N)."""

    kind: Literal["melee", "ranged", "burn"]
    value: int = Field(ge=-MAX_STAT, le=MAX_STAT)

    def __str__(self) -> str:
        if self.kind == "melee":
            return f"{self.value}-"
        if self.kind == "burn":
            return f"({self.value})"
        return f"{self.value:+d}"

    def amount(self, neutral: int) -> int:
        """Damage dealt with this neutral die (R-WEAPON, R-BURN); may be 0 or less (RUL-18).

        Examples
        --------
        >>> Damage(kind="melee", value=12).amount(1), Damage(kind="ranged", value=1).amount(8)
        (11, 9)
        >>> Damage(kind="burn", value=9).amount(10)
        9
        """
        if self.kind == "melee":
            return self.value - neutral
        if self.kind == "ranged":
            return neutral + self.value
        return self.value


_DAMAGE_ONE = re.compile(r"^\s*(?:(?P<melee>\d{1,6})\s*-|(?P<ranged>[+-]\s*\d{1,6}|0)|\(\s*(?P<burn>\d{1,6})\s*\))\s*$")


def _parse_one_damage(text: str) -> Damage | None:
    m = _DAMAGE_ONE.match(text)
    if not m:
        return None
    if m["melee"] is not None:
        return Damage(kind="melee", value=int(m["melee"]))
    if m["burn"] is not None:
        return Damage(kind="burn", value=int(m["burn"]))
    return Damage(kind="ranged", value=int(m["ranged"].replace(" ", "")))


@lru_cache(maxsize=1024)
def _parsed_damage(text: str) -> tuple[Damage | None, Damage | None]:
    return parse_damage(text)


def parse_damage(text: Any) -> tuple[Damage | None, Damage | None]:
    """Parse a damage cell into ``(ranged_or_single, melee_of_dual)``.

    A single value is returned first with ``None`` second; a dual ``a / b`` returns both.

    Examples
    --------
    >>> parse_damage("12-")
    (Damage(kind='melee', value=12), None)
    >>> parse_damage("+1 / 8-")
    (Damage(kind='ranged', value=1), Damage(kind='melee', value=8))
    >>> parse_damage("(9)")
    (Damage(kind='burn', value=9), None)
    """
    raw = str(text).replace("\u2212", "-")
    parts = raw.split("/")
    parsed = [_parse_one_damage(p) for p in parts]
    if len(parts) in (1, 2) and all(p is not None for p in parsed):
        if len(parts) == 2 and parsed[1] is not None and parsed[1].kind == "ranged":
            raise ValueError(message("Damage {text}: the second value of 'ranged / melee' must be a melee 'X-' or burn '(N)' value.", text=repr(text)))
        return (parsed[0], parsed[1] if len(parsed) == 2 else None)
    raise ValueError(message(
        "Damage {text} is not written as the rulebook writes it: expected 'X-' (melee), '+N' (ranged), "
        "'(N)' (burn) or 'ranged / melee' such as '+1 / 8-'.", text=repr(text))
    )


POISON_KINDS: tuple[str, ...] = (
    "blinding",
    "will_breaker",
    "dangerous",
    "crippling",
    "irritant",
    "deadly",
    "paralysing",
)
"""The seven poisons of R-POISON (rulebook names: Aveuglant, Brise volonté X, Dangereux,
Handicapant X, Irritant, Mortel, Paralysant)."""

PoisonKind = Literal["blinding", "will_breaker", "dangerous", "crippling", "irritant", "deadly", "paralysing"]

DEFAULT_POISON_X = 2
"""PRJ-01 (project ruling): Will-breaker X and Crippling X printed without X (the Master
Assassin's card) last 2 activations. See ``docs/rulings.md``."""


class Poison(Frozen):
    """A poison (R-POISON). ``x`` is the X of Will-breaker X and Crippling X, else ``None``.

    Written in content as ``paralysing`` or ``will_breaker 2`` (or a mapping).

    Examples
    --------
    >>> Poison.model_validate("will_breaker 3")
    Poison(kind='will_breaker', x=3)
    >>> Poison.model_validate("will_breaker").x
    2
    >>> str(Poison.model_validate("crippling 1"))
    'crippling 1'
    """

    kind: PoisonKind
    x: int | None = Field(None, ge=1, le=MAX_STAT)

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, data: Any) -> Any:
        if isinstance(data, str):
            words = data.replace("-", "_").split()
            if not words or len(words) > 2:
                raise ValueError(message("A poison is written as a name and an optional X, such as 'will_breaker 2'; got {value}.", value=repr(data)))
            kind = words[0].lower()
            if kind not in POISON_KINDS:
                raise UnknownNameError("poison", kind, POISON_KINDS)
            if len(words) == 2 and not words[1].isdigit():
                raise ValueError(message("The X of poison {value} must be a whole number.", value=repr(data)))
            data = {"kind": kind, "x": int(words[1]) if len(words) == 2 else None}
        return data

    @model_validator(mode="after")
    def _default_x(self) -> "Poison":
        if self.kind in ("will_breaker", "crippling"):
            if self.x is None:
                object.__setattr__(self, "x", DEFAULT_POISON_X)
        elif self.x is not None:
            raise ValueError(message("Only Will-breaker and Crippling take an X; {kind} was given {x}.", kind=self.kind, x=self.x))
        return self

    def __str__(self) -> str:
        return self.kind if self.x is None else f"{self.kind} {self.x}"


class Template(Frozen):
    """A template (R-TEMPLATE, RUL-19): a ``blast`` circle of radius 5 cm or a ``direct`` line of X cm.

    Examples
    --------
    >>> Template.model_validate("direct 20")
    Template(kind='direct', size_cm=20.0)
    >>> Template.model_validate("blast")
    Template(kind='blast', size_cm=5.0)
    """

    kind: Literal["blast", "direct"]
    size_cm: float = Field(gt=0, le=MAX_LENGTH_CM, allow_inf_nan=False)

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, data: Any) -> Any:
        if isinstance(data, str):
            words = data.split()
            if words and words[0] == "blast" and len(words) <= 2:
                try:
                    return {"kind": "blast", "size_cm": float(words[1]) if len(words) == 2 else 5.0}
                except ValueError:
                    pass
            if len(words) == 2 and words[0] == "direct":
                try:
                    return {"kind": "direct", "size_cm": float(words[1])}
                except ValueError:
                    pass
            raise ValueError(message("A template is written 'blast' or 'direct X' (X in cm); got {value}.", value=_short(data)))
        return data

    def __str__(self) -> str:
        return "blast" if self.kind == "blast" and self.size_cm == 5.0 else f"{self.kind} {self.size_cm:g}"


def _parse_range(value: Any) -> float | None:
    if value is None:
        return None
    if isinstance(value, str):
        text = value.strip()
        if text in ("-", "", "\u2013"):
            return None
        try:
            value = float(text)
        except ValueError:
            raise ValueError(message("A range is a number of cm or '-' (none); got {value}.", value=_short(value))) from None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= MAX_LENGTH_CM:
        raise ValueError(message("A range is a number of cm above 0 and at most {most}, or '-' (none); got {value}.",
                                 most=f"{MAX_LENGTH_CM:g}", value=_short(value)))
    return float(value)


INLINE_WEAPON_ID = "inline"
"""The id of a weapon typed on the command line as ``key=value`` items (``--weapon range=10,damage=+1``)."""


class Weapon(Frozen):
    """A weapon as its card writes it (R-WEAPON).

    ``range`` is ``None`` for ``-``. A weapon is *ranged* if it has a range or a template; it
    is *melee* if it has neither, or if its damage is dual (``ranged / melee``).
    ``defence`` is a Combat bonus that applies only when defending in melee (the steel shield).
    """

    id: str = Field(pattern=_ID)
    name: str
    name_fr: FrenchName = None
    range: Annotated[float | None, BeforeValidator(_parse_range)] = None
    combat: Bonus = 0
    initiative: Bonus = 0
    damage: str
    defence: Bonus = 0
    template: Template | None = None
    explosive: bool = False
    laser: bool = False
    poisons: tuple[Poison, ...] = ()
    special_rules: tuple[str, ...] = ()
    text: str = ""
    text_fr: FrenchText = None
    source: Source = "project"
    printed: dict[str, str] = Field(default_factory=dict)
    """How the card prints its Combat and Initiative cells when it prints them as text
    (``"0"`` or ``"-"`` for no bonus), so a sheet is shown as printed."""

    @model_validator(mode="before")
    @classmethod
    def _keep_printed(cls, data: Any) -> Any:
        if isinstance(data, dict) and not data.get("printed"):
            printed = {k: data[k].strip() for k in ("combat", "initiative") if isinstance(data.get(k), str)}
            if printed:
                data = {**data, "printed": printed}
        return data

    @field_validator("damage", mode="before")
    @classmethod
    def _check_damage(cls, value: Any) -> str:
        first, second = parse_damage(value)
        return str(first) if second is None else f"{first} / {second}"

    @field_validator("special_rules")
    @classmethod
    def _check_rules(cls, names: tuple[str, ...]) -> tuple[str, ...]:
        return _known_rules(names)

    @model_validator(mode="after")
    def _consistent(self) -> "Weapon":
        first, second = parse_damage(self.damage)
        if second is None and first is not None and first.kind == "ranged" and self.range is None and self.template is None:
            raise ValueError(message("Weapon {id} deals ranged damage {damage} but has no range and no template.", id=self._shown_id,
                                     damage=repr(self.damage)))
        if second is None and first is not None and first.kind == "melee" and (self.range is not None or self.template is not None):
            raise ValueError(message("Weapon {id} has a range or template but melee damage {damage}; write 'ranged / melee' for a dual weapon.",
                                     id=self._shown_id, damage=repr(self.damage)))
        return self

    @property
    def _shown_id(self) -> Message | str:
        """The id as a sentence names the weapon: a weapon typed as ``key=value`` items (:data:`INLINE_WEAPON_ID`) is
        *décrite par clé=valeur* in French, not its internal id."""
        if self.id == INLINE_WEAPON_ID:
            return worded(repr(self.id), N_("given as key=value items"))
        return repr(self.id)

    @property
    def _parsed(self) -> tuple[Damage | None, Damage | None]:
        """The damage parsed, once per text (a copy with another damage parses its own)."""
        return _parsed_damage(self.damage)

    @property
    def range_cm(self) -> float | None:
        """The range in cm, or ``None`` for ``-``."""
        return self.range

    @property
    def is_ranged(self) -> bool:
        """Whether the weapon can shoot."""
        return self.range is not None or self.template is not None

    @property
    def is_melee(self) -> bool:
        """Whether the weapon can strike in melee."""
        return not self.is_ranged or self._parsed[1] is not None

    @property
    def ranged_damage(self) -> Damage | None:
        """Damage when shooting, or ``None`` for a melee-only weapon."""
        return self._parsed[0] if self.is_ranged else None

    @property
    def melee_damage(self) -> Damage | None:
        """Damage in melee, or ``None`` for a ranged-only weapon."""
        first, second = self._parsed
        if second is not None:
            return second
        return first if not self.is_ranged else None

    def display_name(self, lang: str | None = None) -> str:
        """The name in ``lang`` (the active language by default): ``name_fr`` in French, see :func:`shown_name`."""
        return shown_name(self.name, self.name_fr, lang)


ShieldKind = Literal["none", "full", "half"]


class Profile(Frozen):
    """A profile card (R-PROFILE). ``weapons`` are the ids of the card's own weapons in the
    faction's weapon catalogue; ``armour`` is Armour X (R-ARMOUR) or ``None``."""

    id: str = Field(pattern=_ID)
    name: str
    name_fr: FrenchName = None
    cost: int = Field(ge=0, le=MAX_STAT)
    movement: float = Field(gt=0, le=MAX_LENGTH_CM, allow_inf_nan=False)
    combat: Bonus
    reflexes: Bonus
    endurance: int = Field(ge=1, le=MAX_STAT)
    armour: int | None = Field(None, ge=1, le=MAX_STAT)
    weapons: tuple[str, ...] = ()
    shield: ShieldKind = "none"
    spice: int = Field(0, ge=0, le=MAX_STAT)
    poisons: tuple[Poison, ...] = ()
    special_rules: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    base_mm: float = Field(30.0, gt=0, le=10 * MAX_LENGTH_CM, allow_inf_nan=False)
    """The base diameter in mm (25 to 50; most models stand on 30 mm)."""
    height_cm: float | None = Field(None, gt=0, le=MAX_LENGTH_CM, allow_inf_nan=False)
    """The silhouette height in cm for sight and cover (RUL-11); ``None``: the table default."""
    text: str = ""
    text_fr: FrenchText = None
    source: Source = "project"

    @field_validator("special_rules")
    @classmethod
    def _check_rules(cls, names: tuple[str, ...]) -> tuple[str, ...]:
        return _known_rules(names)

    @property
    def is_specialist(self) -> bool:
        """Whether the profile has the Specialist rule (RUL-15)."""
        return "specialist" in self.special_rules

    def display_name(self, lang: str | None = None) -> str:
        """The name in ``lang`` (the active language by default): ``name_fr`` in French, see :func:`shown_name`."""
        return shown_name(self.name, self.name_fr, lang)


class BarracksEntry(Frozen):
    """A barracks line: a model type and how many a warband may field (R-FACTION)."""

    type: str = Field(pattern=_ID)
    min: int = Field(0, ge=0, le=MAX_STAT)
    max: int = Field(ge=0, le=MAX_STAT)

    @model_validator(mode="after")
    def _order(self) -> "BarracksEntry":
        if self.min > self.max:
            raise ValueError(message("Barracks entry {type}: minimum {min} is above maximum {max}.", type=repr(self.type), min=self.min, max=self.max))
        return self


class SpecialistWeapon(Frozen):
    """An arsenal specialist weapon: only Specialists carry it; ``limit`` counts across the warband (RUL-15)."""

    weapon: str = Field(pattern=_ID)
    cost: int = Field(0, ge=0, le=MAX_STAT)
    limit: int | None = Field(None, ge=1, le=MAX_STAT)


class RareEquipment(Frozen):
    """Rare equipment (RUL-14): at most ``pieces`` in a warband, ``cost`` points each, on any model."""

    id: str = Field(pattern=_ID)
    name: str
    name_fr: FrenchName = None
    pieces: int = Field(ge=1, le=MAX_STAT)
    cost: int = Field(ge=0, le=MAX_STAT)
    effect: str
    free_move: bool = True
    """Whether an activation whose action uses this piece keeps its free move (2.2.1 "Quelques actions
    ne permettent pas de réaliser le mouvement gratuit", PRJ-104)."""
    text: str = ""
    text_fr: FrenchText = None
    source: Source = "project"

    @field_validator("effect")
    @classmethod
    def _check_effect(cls, name: str) -> str:
        return _known_rule(name)

    def display_name(self, lang: str | None = None) -> str:
        """The name in ``lang`` (the active language by default): ``name_fr`` in French, see :func:`shown_name`."""
        return shown_name(self.name, self.name_fr, lang)


class FactionModifier(Frozen):
    """A faction rule that changes named types' cost and stats (the Sardaukar rule is one)."""

    rule: str
    types: tuple[str, ...]
    cost: int = Field(0, ge=-MAX_STAT, le=MAX_STAT)
    combat: int = Field(0, ge=-MAX_STAT, le=MAX_STAT)
    reflexes: int = Field(0, ge=-MAX_STAT, le=MAX_STAT)
    armour: int | None = Field(None, ge=1, le=MAX_STAT)

    @field_validator("rule")
    @classmethod
    def _check_rule(cls, name: str) -> str:
        return _known_rule(name)


class Faction(Frozen):
    """A faction sheet (R-FACTION) with the profile cards of its barracks.

    ``weapons`` is the catalogue of every weapon the sheet and its cards mention; the arsenal
    lists refer to it by id. :meth:`profile` returns a card with the faction's modifiers applied.
    """

    id: str = Field(pattern=_ID)
    name: str
    name_fr: FrenchName = None
    source: Source
    honour: int = Field(ge=0, le=MAX_STAT)
    spice_doses: int = Field(ge=0, le=MAX_STAT)
    spice_effect: str
    special_rules: tuple[str, ...] = ()
    modifiers: tuple[FactionModifier, ...] = ()
    barracks: tuple[BarracksEntry, ...]
    weapons: tuple[Weapon, ...] = ()
    common_weapons: tuple[str, ...] = ()
    specialist_weapons: tuple[SpecialistWeapon, ...] = ()
    rare_equipment: tuple[RareEquipment, ...] = ()
    profiles: tuple[Profile, ...]
    text: str = ""
    text_fr: FrenchText = None

    @field_validator("special_rules")
    @classmethod
    def _check_rules(cls, names: tuple[str, ...]) -> tuple[str, ...]:
        return _known_rules(names)

    @field_validator("spice_effect")
    @classmethod
    def _check_spice(cls, name: str) -> str:
        return _known_rule(name)

    @model_validator(mode="after")
    def _cross_references(self) -> "Faction":
        problems: list[str] = []
        weapon_ids = [w.id for w in self.weapons]
        profile_ids = [p.id for p in self.profiles]
        for kind, ids in ((message("weapon"), weapon_ids), (message("profile"), profile_ids),
                          (message("barracks type"), [b.type for b in self.barracks]),
                          (message("rare equipment"), [e.id for e in self.rare_equipment])):
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            if dupes:
                problems.append(message("The {kind} id(s) {ids} appear more than once.", kind=kind, ids=", ".join(dupes)))
        known_w, known_p = set(weapon_ids), set(profile_ids)
        for b in self.barracks:
            if b.type not in known_p:
                problems.append(message("Barracks type {type} has no profile card in 'profiles'.", type=repr(b.type)))
        for p in self.profiles:
            for w in p.weapons:
                if w not in known_w:
                    problems.append(message("Profile {profile} carries weapon {weapon}, which is not in the faction's 'weapons'.", profile=repr(p.id),
                                            weapon=repr(w)))
        for w in self.common_weapons:
            if w not in known_w:
                problems.append(message("Common weapon {weapon} is not in the faction's 'weapons'.", weapon=repr(w)))
        for s in self.specialist_weapons:
            if s.weapon not in known_w:
                problems.append(message("Specialist weapon {weapon} is not in the faction's 'weapons'.", weapon=repr(s.weapon)))
        barracks_types = {b.type for b in self.barracks}
        for m in self.modifiers:
            for t in m.types:
                if t not in barracks_types:
                    problems.append(message("Modifier {rule} names type {type}, which is not in the barracks.", rule=repr(m.rule), type=repr(t)))
        if problems:
            raise ValueError(joined(" ", problems))
        return self

    # --- queries -----------------------------------------------------------------------------

    @cached_property
    def _weapons_by_id(self) -> dict[str, Weapon]:
        return {w.id: w for w in self.weapons}

    @cached_property
    def _profiles(self) -> dict[str, Profile]:
        return {p.id: self._apply_modifiers(p) for p in self.profiles}

    def _apply_modifiers(self, profile: Profile) -> Profile:
        changes: dict[str, Any] = {}
        rules = list(profile.special_rules)
        for m in self.modifiers:
            if profile.id in m.types:
                changes["cost"] = changes.get("cost", profile.cost) + m.cost
                changes["combat"] = changes.get("combat", profile.combat) + m.combat
                changes["reflexes"] = changes.get("reflexes", profile.reflexes) + m.reflexes
                if m.armour is not None:
                    changes["armour"] = max(m.armour, profile.armour or 0)
                if m.rule not in rules:
                    rules.append(m.rule)
        if not changes:
            return profile
        changes["special_rules"] = tuple(rules)
        return profile.model_copy(update=changes)

    def weapon(self, weapon_id: str) -> Weapon:
        """The weapon ``weapon_id`` of the catalogue; unknown ids list the valid ones."""
        try:
            return self._weapons_by_id[weapon_id]
        except KeyError:
            raise UnknownNameError("weapon", weapon_id, self._weapons_by_id, source=f"faction {self.id}") from None

    def profile(self, type_id: str) -> Profile:
        """The card of ``type_id`` with the faction's modifiers (e.g. Sardaukar) applied."""
        try:
            return self._profiles[type_id]
        except KeyError:
            raise UnknownNameError("model type", type_id, self._profiles, source=f"faction {self.id}") from None

    def base_profile(self, type_id: str) -> Profile:
        """The card of ``type_id`` as printed, before faction modifiers."""
        for p in self.profiles:
            if p.id == type_id:
                return p
        raise UnknownNameError("model type", type_id, self._profiles, source=f"faction {self.id}")

    def barracks_entry(self, type_id: str) -> BarracksEntry | None:
        """The barracks line of ``type_id``, or ``None`` if the faction cannot recruit it."""
        for b in self.barracks:
            if b.type == type_id:
                return b
        return None

    def display_name(self, lang: str | None = None) -> str:
        """The name in ``lang`` (the active language by default): ``name_fr`` in French, see :func:`shown_name`."""
        return shown_name(self.name, self.name_fr, lang)
