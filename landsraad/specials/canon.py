"""Special rules printed in the rulebook (``source: rulebook``).

Authored rules live in :mod:`landsraad.specials.project`.
"""

from __future__ import annotations

from ..i18n import N_
from .registry import special_rule

special_rule(
    name="assassination",
    title=N_("Assassination"),
    scope="profile",
    summary=N_("+1 damage in melee if the target carries at least one fatigue token."),
    rules=("R-PROFILE",),
    hooks={"melee_damage_bonus": lambda ctx: 1 if ctx.target_fatigue >= 1 else 0},
)
special_rule(
    name="hunter_seeker",
    title=N_("Hunter-seeker"),
    scope="equipment",
    summary=N_(
        "Released during an activation as a blast template; a model that crosses it makes a "
        "simple Reflexes test, difficulty 12, or suffers the Deadly poison."
    ),
    rules=("R-FACTION", "R-POISON"),
)
special_rule(
    name="poisoned_knife",
    title=N_("Knife"),
    scope="weapon",
    summary=N_("The assassin's knives are poisoned: the player picks which carried poison before the melee roll."),
    rules=("R-PROFILE", "R-POISON"),
)
special_rule(
    name="specialist",
    title=N_("Specialist"),
    scope="profile",
    summary=N_("May carry one specialist weapon from the faction's arsenal."),
    rules=("R-FACTION", "RUL-15"),
)
special_rule(
    name="sardaukar",
    title=N_("Sardaukar"),
    scope="faction",
    summary=N_("Corrino Soldiers, Specialists and Scouts cost +1 point and get Armour 3, +1 Combat and +1 Reflexes."),
    rules=("R-FACTION",),
)
special_rule(
    name="imperial_espionage",
    title=N_("Imperial espionage"),
    scope="faction",
    summary=N_("The opponent must tell the Corrino player how many missions they chose."),
    rules=("R-FACTION", "R-MISSIONS"),
    hooks={"reveal_mission_count": lambda ctx: True},
)
special_rule(
    name="suk_doctor",
    title=N_("Suk doctor"),
    scope="faction",
    summary=N_("A Corrino Medic may re-roll its healing roll."),
    rules=("R-FACTION", "RUL-12"),
    hooks={"heal_rerolls": lambda ctx: 1},
)
special_rule(
    name="corrino_spice",
    title=N_("Corrino spice"),
    scope="spice",
    summary=N_("A Corrino who consumes a dose of spice ignores the effects of wound tokens."),
    rules=("R-SPICE", "R-FACTION"),
    hooks={"ignore_wound_effects": lambda ctx: True},
)
special_rule(
    name="laser",
    title=N_("Laser"),
    scope="weapon",
    summary=N_("Burn or explosive (value / 3 rounded down, blast template), the player's choice; never at a shielded model."),
    rules=("R-LASER", "RUL-08"),
)
special_rule(
    name="flamethrower",
    title=N_("Flamethrower"),
    scope="weapon",
    summary=N_("Direct-fire template 20 cm, burn (9)."),
    rules=("R-TEMPLATE", "R-BURN", "RUL-19"),
)
special_rule(
    name="explosives",
    title=N_("Explosives"),
    scope="equipment",
    summary=N_("Automatically blows up an objective marker."),
    rules=("R-EXPLOSIVE", "R-FACTION"),
)
special_rule(
    name="jammer",
    title=N_("Jammer"),
    scope="equipment",
    summary=N_("During an activation places a template; models under it lose their shield until they leave it or the bearer activates again."),
    rules=("R-FACTION", "R-SHIELD"),
)
special_rule(
    name="healer",
    title=N_("Medic"),
    scope="profile",
    summary=N_("Special action: heal a friendly model in base contact (simple test, Combat + colour die >= 10)."),
    rules=("RUL-12",),
)
special_rule(
    name="steel_shield",
    title=N_("Steel shield"),
    scope="weapon",
    summary=N_("Not a Holtzman shield: +3 Combat in defence only."),
    rules=("R-MELEE",),
    # No hook: the +3 is the weapon's ``defence`` stat; the name documents it on the card.
)
