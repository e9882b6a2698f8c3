"""The search opponent (issue 12): determinised Monte Carlo over the engine's forward model.

It plays from its own side's view only: the opponent's secret mission picks are sampled from
what the side has seen (:mod:`~landsraad.search.determinize`), positions are valued from the
card data (:mod:`~landsraad.search.evaluate`), samples are rolled out by
:mod:`~landsraad.search.core`, mission picks and set-up plans are compared by whole games played out
(:mod:`~landsraad.search.picks`, :mod:`~landsraad.search.setup_search`), mission picks start from
each card's chance learned from played games (:mod:`~landsraad.search.mission_odds`), and :class:`~landsraad.search.player.SearchPlayer` answers
the engine with a budget per level (``easy``, ``normal``, ``hard``, or a time budget such as ``2s``). See ``docs/search.md``.
"""

from .core import SearchJob, run_sample
from .determinize import determinize, revealed_missions, sample_missions
from .evaluate import position_value
from .mission_odds import MissionOdds, learned_rankings, load_mission_odds
from .picks import PickJob, pick_root
from .player import LEVELS, Level, SearchPlayer, SearchStats, budget_level, level_named, parse_budget

__all__ = ["LEVELS", "Level", "SearchPlayer", "SearchStats", "budget_level", "level_named", "parse_budget", "SearchJob", "run_sample", "determinize", "revealed_missions",
           "sample_missions", "position_value", "PickJob", "pick_root", "MissionOdds", "learned_rankings",
           "load_mission_odds"]
