"""Which weapon a model shoots with: the weapons a scene model carries (``weapons:`` in the
scene, else its card's), and a bare weapon name read in the model's own faction (issue 39:
``--weapon pistol`` for a Corrino shooter is ``corrino:pistol``).

Examples
--------
>>> in_faction("pistol", "corrino").name
'Pistol'
>>> in_faction("Maula pistol", "corrino").id
'maula_pistol'
>>> in_faction("lance", "corrino").id      # one word of one weapon's name
'sardaukar_lance'
>>> in_faction("pistolet", "corrino").id, in_faction("Lance-flammes", "corrino").id   # the French names lists use
('pistol', 'flamethrower')
>>> in_faction("pistl", "corrino")
Traceback (most recent call last):
...
landsraad.errors.UsageError: --weapon: corrino has no weapon 'pistl'. Did you mean 'pistol'? Its weapons: halberd, laser, flamethrower, machine_gun, paired_weapons, sardaukar_lance, pistol, knife, assassin_knife, maula_pistol, sword.
"""

from __future__ import annotations

from ..content import load_faction
from ..errors import UsageError, did_you_mean
from ..i18n import message
from ..model import Weapon
from ..scene import Scene
from ..warband.names import faction_aliases, normalize_name
from .weapon_text import WeaponRange, is_bare_name

__all__ = ["WeaponRange", "faction_of", "carried", "ranged_carried", "by_french_name", "in_faction", "is_bare_name"]


def faction_of(scene: Scene, model_id: str) -> str | None:
    """The faction of a scene model with a profile (``corrino/soldier`` -> ``corrino``), else None."""
    profile = scene.model(model_id).profile
    return profile.partition("/")[0] if profile else None


def carried(scene: Scene, model_id: str) -> tuple[Weapon, ...]:
    """The weapons a scene model carries: the scene's ``weapons:``, else its card's (none without a profile)."""
    return scene.model(model_id).carried


def ranged_carried(scene: Scene, model_id: str) -> tuple[Weapon, ...]:
    """The carried weapons that can shoot (a range or a template)."""
    return tuple(w for w in carried(scene, model_id) if w.is_ranged)


def by_french_name(faction_id: str, text: str) -> Weapon | None:
    """The weapon of faction ``faction_id`` a list may call ``text`` in French: one of the faction's aliases
    (``factions/aliases/ID.yaml``) or the weapon's ``name_fr``, accents, case and spaces forgiven; else ``None``.

    Examples
    --------
    >>> by_french_name("corrino", "Pistolet").id, by_french_name("corrino", "pistol")
    ('pistol', None)
    """
    sheet = load_faction(faction_id)
    aliases = faction_aliases(faction_id).weapons
    folded = normalize_name(text)
    for w in sheet.weapons:
        if folded and folded in {normalize_name(n) for n in (*aliases.get(w.id, ()), *((w.name_fr,) if w.name_fr else ()))}:
            return w
    return None


def in_faction(text: str, faction_id: str, *, option: str = "--weapon") -> Weapon:
    """The weapon of faction ``faction_id`` named ``text``: its id, its name (any case), or a French name a list may
    use for it (the faction's aliases, ``factions/aliases/ID.yaml``, and the weapon's ``name_fr``; accents and case forgiven).

    Raises
    ------
    UsageError
        No such weapon in the faction (with the closest id).
    """
    sheet = load_faction(faction_id)
    wanted = text.strip()
    key = wanted.lower().replace(" ", "_").replace("-", "_")
    for w in sheet.weapons:
        if w.id == wanted or w.id == key or w.name.lower() == wanted.lower():
            return w
    french = by_french_name(faction_id, wanted)
    if french is not None:
        return french
    # one word of one weapon's name or id: "lance" is the Sardaukar lance
    words = [w for w in sheet.weapons if key in w.id.split("_") or wanted.lower() in w.name.lower().split()]
    if len(words) == 1:
        return words[0]
    ids = [w.id for w in sheet.weapons]
    hint = did_you_mean(key, ids)
    raise UsageError(message("{option}: {faction} has no weapon {name!r}.", option=option, faction=faction_id, name=wanted)
                     + (message(" Did you mean {hint!r}?", hint=hint) if hint else "")
                     + message(" Its weapons: {ids}.", ids=", ".join(ids)))
