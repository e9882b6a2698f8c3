"""Special rules printed in the rulebook (``source: rulebook``).

Authored rules live in :mod:`landsraad.specials.project`.
"""

from __future__ import annotations

from .registry import special_rule

special_rule(
    name="assassination",
    title="Assassination",
    scope="profile",
    summary="+1 damage in melee if the target carries at least one fatigue token.",
    rules=("R-PROFILE",),
    hooks={"melee_damage_bonus": lambda ctx: 1 if ctx.target_fatigue >= 1 else 0},
)
special_rule(
    name="hunter_seeker",
    title="Hunter-seeker",
    scope="equipment",
    summary=(
        "Released during an activation as a blast template; a model that crosses it makes a "
        "simple Reflexes test, difficulty 12, or suffers the Deadly poison."
    ),
    rules=("R-FACTION", "R-POISON"),
)
special_rule(
    name="poisoned_knife",
    title="Knife",
    scope="weapon",
    summary="The assassin's knives are poisoned: the player picks which carried poison before the melee roll.",
    rules=("R-PROFILE", "R-POISON"),
)
special_rule(
    name="specialist",
    title="Specialist",
    scope="profile",
    summary="May carry one specialist weapon from the faction's arsenal.",
    rules=("R-FACTION", "RUL-15"),
)
special_rule(
    name="sardaukar",
    title="Sardaukar",
    scope="faction",
    summary="Corrino Soldiers, Specialists and Scouts cost +1 point and get Armour 3, +1 Combat and +1 Reflexes.",
    rules=("R-FACTION",),
)
special_rule(
    name="imperial_espionage",
    title="Imperial espionage",
    scope="faction",
    summary="The opponent must tell the Corrino player how many missions they chose.",
    rules=("R-FACTION", "R-MISSIONS"),
    hooks={"reveal_mission_count": lambda ctx: True},
)
special_rule(
    name="suk_doctor",
    title="Suk doctor",
    scope="faction",
    summary="A Corrino Medic may re-roll its healing roll.",
    rules=("R-FACTION", "RUL-12"),
    hooks={"heal_rerolls": lambda ctx: 1},
)
special_rule(
    name="corrino_spice",
    title="Corrino spice",
    scope="spice",
    summary="A Corrino who consumes a dose of spice ignores the effects of wound tokens.",
    rules=("R-SPICE", "R-FACTION"),
    hooks={"ignore_wound_effects": lambda ctx: True},
)
special_rule(
    name="laser",
    title="Laser",
    scope="weapon",
    summary="Burn or explosive (value / 3 rounded down, blast template), the player's choice; never at a shielded model.",
    rules=("R-LASER", "RUL-08"),
)
special_rule(
    name="flamethrower",
    title="Flamethrower",
    scope="weapon",
    summary="Direct-fire template 20 cm, burn (9).",
    rules=("R-TEMPLATE", "R-BURN", "RUL-19"),
)
special_rule(
    name="explosives",
    title="Explosives",
    scope="equipment",
    summary="Automatically blows up an objective marker.",
    rules=("R-EXPLOSIVE", "R-FACTION"),
)
special_rule(
    name="jammer",
    title="Jammer",
    scope="equipment",
    summary="During an activation places a template; models under it lose their shield until they leave it or the bearer activates again.",
    rules=("R-FACTION", "R-SHIELD"),
)
special_rule(
    name="healer",
    title="Medic",
    scope="profile",
    summary="Special action: heal a friendly model in base contact (simple test, Combat + colour die >= 10).",
    rules=("RUL-12",),
)
special_rule(
    name="steel_shield",
    title="Steel shield",
    scope="weapon",
    summary="Not a Holtzman shield: +3 Combat in defence only.",
    rules=("R-MELEE",),
    # No hook: the +3 is the weapon's ``defence`` stat; the name documents it on the card.
)
