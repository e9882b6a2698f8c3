"""The balance lab: every pairing of a set of factions, both sides, many games, with intervals.

- :mod:`.runner`: seeds, tasks, local processes or Ray, resumable runs;
- :mod:`.stats`: win rates with Wilson intervals, VP distributions, mission success;
- :mod:`.report`: heatmap SVG, CSV (and Parquet) table.
"""

from .report import heatmap_svg, table_csv, write_outputs
from .runner import Contestant, GameTask, RunInfo, contestant, game_seed, make_tasks, pair_scores, play_task, run_games, run_sequential
from .stats import pairing_verdict, sprt_llr, summarise, wilson

__all__ = ["heatmap_svg", "table_csv", "write_outputs", "Contestant", "GameTask", "RunInfo", "contestant", "game_seed",
           "make_tasks", "pair_scores", "play_task", "run_games", "run_sequential", "summarise", "wilson", "pairing_verdict",
           "sprt_llr"]
