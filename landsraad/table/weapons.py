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
>>> in_faction("pistl", "corrino")
Traceback (most recent call last):
...
landsraad.errors.UsageError: --weapon: corrino has no weapon 'pistl'. Did you mean 'pistol'? Its weapons: halberd, laser, flamethrower, machine_gun, paired_weapons, sardaukar_lance, pistol, knife, assassin_knife, maula_pistol, sword.
"""

from __future__ import annotations

from ..content import load_faction
from ..errors import UsageError, did_you_mean
from ..model import Weapon
from ..scene import Scene
from .weapon_text import WeaponRange, is_bare_name

__all__ = ["WeaponRange", "faction_of", "carried", "ranged_carried", "in_faction", "is_bare_name"]


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


def in_faction(text: str, faction_id: str, *, option: str = "--weapon") -> Weapon:
    """The weapon of faction ``faction_id`` named ``text``: its id, or its name (any case).

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
    # one word of one weapon's name or id: "lance" is the Sardaukar lance
    words = [w for w in sheet.weapons if key in w.id.split("_") or wanted.lower() in w.name.lower().split()]
    if len(words) == 1:
        return words[0]
    ids = [w.id for w in sheet.weapons]
    hint = did_you_mean(key, ids)
    raise UsageError(f"{option}: {faction_id} has no weapon {wanted!r}." + (f" Did you mean {hint!r}?" if hint else "")
                     + f" Its weapons: {', '.join(ids)}.")
