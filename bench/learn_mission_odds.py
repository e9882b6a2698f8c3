"""Learn the missions' chances of success from heuristic games (issue 12): writes the model
:mod:`landsraad.search.mission_odds` ships (``landsraad/search/mission_odds.json``).

Game ``i`` (seed ``SEED0 + i``, far from the strength benchmark's seeds 31 onwards) pits two
:class:`landsraad.ai.HeuristicPlayer` on the ordered pair ``i`` modulo their number of the bundled factions (12 for four). At a
learning side's ``pick_missions`` decision the ranking played is the heuristic's, a random one, or
one of its neighbours, a third of the time each (:func:`landsraad.search.mission_odds.explore_ranking`),
so the model sees the rankings a search compares; everything else is the heuristic's. Each of
its picks' outcome on the score sheet, with the heuristic's estimate at the pick, is one row of
the fit (:func:`landsraad.search.mission_odds.fit_mission_odds`). The same arguments give the same file.

Which sides learn depends on ``--plan``:

- ``heuristic`` (the default, the bundled model): both sides learn, both with the heuristic's
  own set-up plan;
- ``measured``: one side learns, red or blue in turn (each round of pairs), and plays the search
  levels' set-up plan (:data:`landsraad.ai.setup_plan.MEASURED_PLAN`: its own markers on the
  flanks); its opponent is the heuristic as it is, picks included, which is what a search level
  meets. Measured and not shipped (docs/search.md): its picks did no better.

Run by hand (never in the test suite; 4,000 games take about 9 minutes on two cores)::

    python bench/learn_mission_odds.py --games 4000 --jobs 2
    python bench/learn_mission_odds.py --games 200 --out /tmp/odds.json --records /tmp/records.json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from landsraad.ai import HEURISTIC_PLAN, MEASURED_PLAN, HeuristicPlayer, SetupPlan, pick_bounds, pick_estimates  # noqa: E402
from landsraad.content import load_factions  # noqa: E402
from landsraad.engine import new_game  # noqa: E402
from landsraad.fileio import atomic_write_text  # noqa: E402
from landsraad.search.mission_odds import (  # noqa: E402
    BUNDLED_ODDS,
    PickOutcome,
    explore_ranking,
    fit_mission_odds,
    outcomes_from_sheet,
    save_mission_odds,
)

FACTIONS = tuple(sorted(load_factions()))  # the bundled sheets: a new one joins without code
PAIRS = tuple((a, b) for a in FACTIONS for b in FACTIONS if a != b)
SEED0 = 1_000_000


PLANS: dict[str, SetupPlan] = {"measured": MEASURED_PLAN, "heuristic": HEURISTIC_PLAN}
"""``--plan``: the set-up plan the learning sides follow."""


def learners(i: int, plan: str) -> tuple[str, ...]:
    """The sides whose picks game ``i`` learns from: both under the heuristic's plan, else red
    and blue in turn, one round of :data:`PAIRS` each (so every pair is learned from both seats)."""
    if plan == "heuristic":
        return ("red", "blue")
    return (("red", "blue")[(i // len(PAIRS)) % 2],)


def play_game(i: int, plan: str = "heuristic") -> dict:
    """Game ``i``, its learning sides' explored rankings and each of their picks' outcome."""
    red, blue = PAIRS[i % len(PAIRS)]
    seed = SEED0 + i
    game = new_game(red, blue, seed=seed)
    learning = learners(i, plan)
    players = {side: HeuristicPlayer(seed * 2 + 1 + k, setup_plan=PLANS[plan] if side in learning else HEURISTIC_PLAN)
               for k, side in enumerate(("red", "blue"))}
    rng = np.random.default_rng([seed, 991])
    record: dict = {"game": i, "red": red, "blue": blue, "sides": {}}
    while game.decision is not None:
        decision = game.decision
        view = game.view(decision.side)
        answer = players[decision.side].decide(decision, view)
        if decision.kind == "pick_missions" and decision.side in learning:
            estimates = pick_estimates(decision, view)
            low, high = pick_bounds(decision.ranked)
            answer, how = explore_ranking(rng, answer, list(decision.choices), fewest=low, most=high)
            record["sides"][decision.side] = {"estimates": estimates, "ranking": answer, "how": how}
        game.answer(answer)
    sheets = game.result.to_dict()["sheets"]
    for side in learning:
        record["sides"][side]["lines"] = [(line["mission"], line["rank"], line["succeeded"]) for line in sheets[side]["lines"]]
    return record


def outcomes(records: list[dict]) -> list[PickOutcome]:
    """Every pick of every record, as rows of the fit."""
    rows: list[PickOutcome] = []
    for record in records:
        for side, other in (("red", "blue"), ("blue", "red")):
            if side not in record["sides"]:  # the heuristic as it is: not learned from
                continue
            played = record["sides"][side]
            rows += outcomes_from_sheet(record[side], record[other], played["estimates"], played["lines"])
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4000, help="games to play (default 4000)")
    parser.add_argument("--plan", choices=sorted(PLANS), default="heuristic",
                        help="the learning sides' set-up plan: heuristic (both sides, the heuristic's own; the default, "
                             "the bundled model) or measured (one side a game, the search levels' plan)")
    parser.add_argument("--first", type=int, default=0, help="index of the first game (default 0)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: every core)")
    parser.add_argument("--penalty", type=float, default=2.0, help="the fit's ridge penalty (default 2)")
    parser.add_argument("--out", default=str(BUNDLED_ODDS), help="where to write the model (default: the bundled file)")
    parser.add_argument("--records", help="also write every game's rankings and outcomes here (JSON)")
    args = parser.parse_args()
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1.")
    started = time.time()
    records: list[dict] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        indices = range(args.first, args.first + args.games)
        for record in pool.map(play_game, indices, [args.plan] * len(indices), chunksize=8):
            records.append(record)
            if len(records) % 100 == 0 or len(records) == args.games:
                print(f"\r{len(records)}/{args.games} games ({time.time() - started:.0f} s)", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    rows = outcomes(records)
    odds = fit_mission_odds(rows, games=len(records), penalty=args.penalty)
    save_mission_odds(odds, args.out)
    if args.records:
        atomic_write_text(args.records, json.dumps(records))
    print(f"{len(records)} games, {len(rows)} picks: model written to {args.out} ({time.time() - started:.0f} s).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
