"""Special rules authored by the project (``source: "project"``), in the rulebook's spirit.

Canon rules live in :mod:`landsraad.specials.canon`. The catalogue with the rationale for
every number is ``docs/content.md``; the rulings they rest on are PRJ-50..59 in
``docs/rulings.md``.

Most rules are *hook effects*: a number or a flag at a hook point of
:data:`landsraad.specials.HOOK_POINTS`, which the rules kernel sums (``SPECIAL_RULES.total``)
or ors (``SPECIAL_RULES.any``) over the rules of the model concerned. A few are *engine
actions* (no hooks): the engine looks them up by name and performs what the summary says;
:data:`ENGINE_ACTIONS` lists them, each with the precise procedure in its summary.

Examples
--------
>>> from landsraad.specials import SPECIAL_RULES, HookContext
>>> SPECIAL_RULES.total("shield_pierce_bonus", ["slow_blade"], HookContext(action="melee"))
1
>>> SPECIAL_RULES.any("difficult_terrain_free", ["pathfinder"], HookContext())
True
>>> SPECIAL_RULES.total("melee_combat_bonus", ["desert_born"], HookContext(arrakis=True))
1
>>> SPECIAL_RULES.total("melee_combat_bonus", ["desert_born"], HookContext(arrakis=False))
0
"""

from __future__ import annotations

from ..i18n import N_
from .registry import special_rule

__all__ = ["ENGINE_ACTIONS"]


def _const(value: object):  # a hook that always returns ``value``
    return lambda ctx: value


# --- shared profile rules (several factions' cards) ---------------------------------------

special_rule(
    name="pathfinder",
    title=N_("Pathfinder"),
    scope="profile",
    summary=N_("Difficult terrain does not slow this model: it moves over it at full cost (RUL-17 does not double the stretch)."),
    rules=("R-TERRAIN-KINDS", "RUL-17"),
    source="project",
    hooks={"difficult_terrain_free": _const(True)},
)
special_rule(
    name="strategist",
    title=N_("Mentat strategist"),
    scope="profile",
    summary=N_("Each recruited model with this rule adds 1 to its warband's Honour points for the set-up bids."),
    rules=("R-SETUP-BID", "R-FACTION"),
    source="project",
    hooks={"honour_bonus": _const(1)},
)
special_rule(
    name="the_voice",
    title=N_("The Voice"),
    scope="profile",
    summary=N_("An enemy model in melee with this model has -2 Combat (attack and defence) in that melee."),
    rules=("R-MELEE",),
    source="project",
    hooks={"enemy_melee_combat_bonus": _const(-2)},
)
special_rule(
    name="riposte",
    title=N_("Riposte"),
    scope="profile",
    summary=N_("+1 to this model's defence total in melee when it defends."),
    rules=("R-MELEE",),
    source="project",
    hooks={"defence_bonus": _const(1)},
)
special_rule(
    name="weapon_master",
    title=N_("Master of arms"),
    scope="profile",
    summary=N_("+1 Combat and +1 Initiative in melee."),
    rules=("R-MELEE",),
    source="project",
    hooks={"melee_combat_bonus": _const(1), "initiative_bonus": _const(1)},
)
special_rule(
    name="slow_blade",
    title=N_("Ginaz slow blade"),
    scope="profile",
    summary=N_(
        "This model's melee blows pass a shield on a neutral die one higher than normal: "
        "a full shield on 1-2, a half-shield on 1-5 (R-SHIELD, RUL-03)."
    ),
    rules=("R-SHIELD", "RUL-03"),
    source="project",
    hooks={"shield_pierce_bonus": _const(1)},
)


_WOUNDED = ("light", "grave")


# --- House Atreides ---------------------------------------------------------------------------

special_rule(
    name="ducal_loyalty",
    title=N_("Ducal loyalty"),
    scope="faction",
    summary=N_(
        "Atreides models count one fatigue token fewer when the fatigue malus is computed "
        "(1 token: no malus; 2: -1 Combat and Reflexes; 3 or more: the full RUL-05 malus). Recovery is unchanged."
    ),
    rules=("R-FATIGUE-MALUS", "RUL-05"),
    source="project",
    hooks={"fatigue_tolerance": _const(1)},
)
special_rule(
    name="hawat_network",
    title=N_("Hawat's network"),
    scope="faction",
    summary=N_("The Atreides player wins tied set-up bids without the roll-off (both players still lose what they bid)."),
    rules=("R-SETUP-BID",),
    source="project",
    hooks={"wins_bid_ties": _const(True)},
)
special_rule(
    name="atreides_spice",
    title=N_("Atreides spice: prescience"),
    scope="spice",
    summary=N_("An Atreides under spice has +1 Reflexes (initiative, dodging shots, disengaging, Reflexes tests)."),
    rules=("R-SPICE", "RUL-10"),
    source="project",
    hooks={"reflexes_bonus": _const(1)},
)
special_rule(
    name="suspensor_belt",
    title=N_("Suspensor belt"),
    scope="equipment",
    summary=N_("+2 cm Movement; no effect on Arrakis, where suspensors are not used (R-ARRAKIS)."),
    rules=("R-MOVE", "R-ARRAKIS"),
    source="project",
    hooks={"movement_bonus": lambda ctx: 0 if ctx.arrakis else 2},
)
special_rule(
    name="ducal_signet",
    title=N_("Ducal signet"),
    scope="equipment",
    summary=N_("The Duke's seal: +1 to the warband's Honour points for the set-up bids."),
    rules=("R-SETUP-BID",),
    source="project",
    hooks={"honour_bonus": _const(1)},
)


# --- House Harkonnen --------------------------------------------------------------------------

special_rule(
    name="cruelty",
    title=N_("Harkonnen cruelty"),
    scope="faction",
    summary=N_("+1 damage in melee against a target that already has a light or grave wound."),
    rules=("R-MELEE", "R-WOUND"),
    source="project",
    hooks={"melee_damage_bonus": lambda ctx: 1 if ctx.target_wound in _WOUNDED else 0},
)
special_rule(
    name="treachery",
    title=N_("Treachery"),
    scope="faction",
    summary=N_(
        "ENGINE ACTION, once per game at set-up: after both players have chosen their missions "
        "(R-MISSIONS) and before deployment, the Harkonnen player names one mission; the "
        "opponent must answer truthfully whether it is among their chosen missions (not its rank)."
    ),
    rules=("R-MISSIONS", "R-SETUP-BID"),
    source="project",
)
special_rule(
    name="harkonnen_spice",
    title=N_("Harkonnen spice: blood frenzy"),
    scope="spice",
    summary=N_("A Harkonnen under spice deals +1 damage in melee."),
    rules=("R-SPICE", "RUL-10"),
    source="project",
    hooks={"melee_damage_bonus": _const(1)},
)
special_rule(
    name="arena_fighter",
    title=N_("Arena fighter"),
    scope="profile",
    summary=N_("A gladiator of the Harkonnen pits: +1 Initiative in melee."),
    rules=("R-MELEE",),
    source="project",
    hooks={"initiative_bonus": _const(1)},
)
special_rule(
    name="elacca_drug",
    title=N_("Elacca drug"),
    scope="equipment",
    summary=N_("The bearer fights without will or fear: +1 Combat in melee."),
    rules=("R-MELEE",),
    source="project",
    hooks={"melee_combat_bonus": _const(1)},
)


# --- Fremen -----------------------------------------------------------------------------------

special_rule(
    name="desert_born",
    title=N_("Desert born"),
    scope="faction",
    summary=N_("On Arrakis (the R-ARRAKIS option), Fremen models have +1 Combat in melee and +1 to their shooting total."),
    rules=("R-ARRAKIS", "R-MELEE", "R-SHOOT"),
    source="project",
    hooks={
        "melee_combat_bonus": lambda ctx: 1 if ctx.arrakis else 0,
        "shoot_combat_bonus": lambda ctx: 1 if ctx.arrakis else 0,
    },
)
special_rule(
    name="sandwalk",
    title=N_("Sandwalk"),
    scope="faction",
    summary=N_("Fremen models cross difficult terrain without being slowed (RUL-17 does not double the stretch)."),
    rules=("R-TERRAIN-KINDS", "RUL-17"),
    source="project",
    hooks={"difficult_terrain_free": _const(True)},
)
special_rule(
    name="fremen_spice",
    title=N_("Fremen spice: spice-fed stride"),
    scope="spice",
    summary=N_("A Fremen under spice has +2 cm Movement."),
    rules=("R-SPICE", "RUL-10", "R-MOVE"),
    source="project",
    hooks={"movement_bonus": _const(2)},
)
special_rule(
    name="fedaykin",
    title=N_("Fedaykin"),
    scope="profile",
    summary=N_("A death commando: +1 damage in melee."),
    rules=("R-MELEE",),
    source="project",
    hooks={"melee_damage_bonus": _const(1)},
)
special_rule(
    name="stillsuit",
    title=N_("Stillsuit"),
    scope="equipment",
    summary=N_("The bearer counts one fatigue token fewer when the fatigue malus is computed (as Ducal loyalty)."),
    rules=("R-FATIGUE-MALUS", "RUL-05"),
    source="project",
    hooks={"fatigue_tolerance": _const(1)},
)


ENGINE_ACTIONS: tuple[str, ...] = ("treachery",)
"""Names of the project rules that are engine actions (no hooks; see each summary)."""
