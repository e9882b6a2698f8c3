"""A computer opponent that plays for its missions: :class:`HeuristicPlayer`.

The player answers the engine's decisions (:mod:`landsraad.engine.decisions`) like any
other player, seeing only what its side may see: the redacted state the engine hands it and
the decision's ``info`` (its own dice in a clash). It never reads the game log nor the
opponent's secret answers.

How it plays
------------
- **Missions** (R-MISSIONS): it ranks the missions its warband may pick by expected victory
  points (:func:`mission_plan`): each card's chance of success estimated at pick time from the
  card's data and the table (:mod:`landsraad.ai.mission_hooks`: the markers' placement rules and
  count, the actions' tests, the equipment they need, both warbands' exact clash edge, worth and
  movement, the terrain between the edges, the clock), with the card's values for each rank;
  missions whose expectation is negative are left out.
- **Set-up** (R-SETUP-BID ... R-FIRST): moderate bids (nothing for terrain and missions, a
  little for deployment, the rest for the first turn); it deploys second when it can, places
  its own markers where it can reach them and the opponent's markers as far from the
  opponent as the card allows; the ambassador goes into its own corner.
- **Activations** (R-ACTIVATE): every activation it plans each model's best use (finish a
  mission action, fight, shoot, advance on an objective) and activates the best plan, minus a
  price for fatigue (RUL-05: a model holding two tokens fights with -2 / -2 / -1, so it rests
  while a fresher model can act; RUL-06: the others recover meanwhile).
- **Melee** (R-MELEE, R-TEST-CLASH, RUL-03): from exact tables built with the rules kernel
  (:class:`ClashTable`): which stance pays given its own three dice and a model of the
  opponent's stance policy; how far to lower the neutral die once everything is revealed (to 1
  to pass a full shield, as low as the damage needs when it strikes alone, keeping the
  initiative when both attack); it pushes when it strikes first, which cancels the return
  blow (PRJ-15); a defender that is outmatched steps away.
- **Shooting** (R-SHOOT, RUL-08, R-LASER): shot odds from :func:`landsraad.odds.shot_odds`;
  it shoots when the nearest legal target is worth it (never at a shield: it cannot hurt). A
  laser fires in explosive mode when the blast is worth more than burning the nearest target:
  two enemies under it, or a marker to blow up (PRJ-73), never over a shield (PRJ-12).
- **Disengaging** (R-DISENGAGE): from :func:`landsraad.odds.disengage_odds` when a fight is
  lost; opposing a disengage, it lowers its neutral just enough to wound most (PRJ-17).
- **Objectives**: the jobs come from the picked cards' data, never from their ids
  (:data:`MISSION_HOOKS`, one table keyed by the success evaluator's name): each special action on
  a marker is a job at the side's markers still to be done (activate, sabotage, pick up), a carried
  marker goes home by the card's deliver action; the evaluator adds holds (markers, positions near
  the enemy edge, quarters, as many as its parameters ask, harder as the clock runs out), guards
  (the ambassador) and kill bonuses (first blood, the most expensive enemy); an evaluator the table
  does not know falls back to the card's actions (:data:`FALLBACK`). Each activation hands the jobs
  to the nearest models (sticky, so they do not dither); explosives blow up the markers their owner
  wants kept. Moves avoid spots an enemy could charge and win.
- **Contesting** (``contest=True``, what the search levels play; off for the ``heuristic`` player,
  the reference of the strength figures): from 60 % of the clock the opponent's cards add jobs
  too, through their evaluators' hooks: a model in base contact with each of the opponent's
  Occupation positions denies them (PRJ-70, PRJ-71). The opponent's cards are known from its
  markers on the table, whose missions are public (R-MISSIONS).

Everything expensive is cached on cheap signatures of the kernel's
:class:`~landsraad.rules.state.Combatant` records, and geometry is asked only for the few
points the player means to use (validated with the decision's
:meth:`~landsraad.engine.decisions.PointSpec.validate`; straight slides first, at most three
detours, which need the geometry's path search).

Modules
-------
- :mod:`landsraad.ai.tables`: what fights and shots are worth (clash tables, shot and disengage
  values, weapon scores, model worths), cached with :func:`functools.lru_cache` on signatures
  of the combatants (what a fight depends on), never on names.
- :mod:`landsraad.ai.reading`: what it reads of the table at pick time (:class:`TableReading`).
- :mod:`landsraad.ai.mission_hooks`: what each mission evaluator means to it (jobs, chances, kill
  bonuses), one table keyed by the evaluator's name.
- :mod:`landsraad.ai.jobs`: the jobs themselves.
- :mod:`landsraad.ai.mission_plan`: which missions to pick, in which order.
- :mod:`landsraad.ai.planner`: one activation's plan (jobs, danger maps, each model's best use).
- :mod:`landsraad.ai.player`: :class:`HeuristicPlayer`, one handler per kind of decision.
- :mod:`landsraad.ai.spots`: small geometry on model states.
- :mod:`landsraad.ai.setup_plan`: how it bids and chooses through the set-up (:class:`SetupPlan`).

Examples
--------
>>> from landsraad.engine.decisions import Decision
>>> p = HeuristicPlayer(seed=1)
>>> p.decide(Decision(side="red", kind="first_player", prompt="?", choices=("first", "second")), None)
'first'
"""

from .mission_hooks import FALLBACK, MISSION_HOOKS, MissionHook, estimate_chances
from .mission_plan import expected_points, extended_plan, mission_plan, mission_plans, pick_bounds, pruned_plan
from .player import HeuristicPlayer, pick_estimates, pick_rankings
from .reading import TableReading, read_table
from .setup_plan import HEURISTIC_PLAN, MEASURED_PLAN, SETUP_PLANS, SetupPlan
from .tables import HARM, ClashTable, clash_table

__all__ = [
    "HeuristicPlayer",
    "ClashTable",
    "clash_table",
    "HARM",
    "mission_plan",
    "mission_plans",
    "expected_points",
    "pruned_plan",
    "pick_bounds",
    "extended_plan",
    "pick_estimates",
    "pick_rankings",
    "MISSION_HOOKS",
    "MissionHook",
    "FALLBACK",
    "estimate_chances",
    "TableReading",
    "read_table",
    "SetupPlan",
    "HEURISTIC_PLAN",
    "MEASURED_PLAN",
    "SETUP_PLANS",
]
