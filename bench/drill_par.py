"""Each drill's par, set by the strongest search level, and how often Enter alone reaches it (issue 38).

For every bundled drill, the strongest search level (``search:hard`` by default) plays the
person's seat against the drill's own opponent over the given seeds, exactly as
``landsraad play --drill NAME --seed S`` would seat them (the opponent seeded as the command
seeds it), and so does the heuristic player; par is the better of the two means, rounded up.
(The search plays for the whole game's VP, not for the drill's end, and in some drills scores
less than the heuristic: par is then the heuristic's, so that it is never below what the
computer's own answers reach.) Then a person who presses Enter at every question plays each
drill at ``landsraad play``'s default seed (1), through the real session: as shipped, the
decisive questions have no default, so Enter alone never reaches the drill's end; with
``--defaults`` Enter plays the heuristic's answers. The figures printed last are how many
drills each reaches par in (the issue asks for at most 30 %).

Run: ``nice python bench/drill_par.py [--seeds 0 1] [--heuristic-seeds 0 1 2 3 4 5 6 7] [--level search:hard]
[--write]``;
``--write`` puts the new par into each drill file (its ``par:`` line only).
"""

from __future__ import annotations

import argparse
import io
import math
import re
import sys
import time
from pathlib import Path

from tqdm import tqdm

from landsraad.content import data_dir
from landsraad.play.drills import Drill, drill_game, drill_over, drill_score, load_drills, opponent_kind
from landsraad.play.session import DRILL_DECISIVE, Session
from landsraad.play.terminal import PlainTerminal
from landsraad.players import make_player


def drill_result(drill: Drill, seat: str, seed: int) -> int:
    """The person's side's score when ``seat`` (a player kind) plays it at ``seed`` against the drill's opponent."""
    game = drill_game(drill, seed=seed)
    other = "blue" if drill.human == "red" else "red"
    # Seeded as landsraad.cli.play seeds them: the opponent by _opponent, the person's seat as the defaults' advisor.
    players = {other: make_player(opponent_kind(drill), seed * 2 + (1 if other == "red" else 2)),
               drill.human: make_player(seat, seed * 7919 + (1 if drill.human == "red" else 2))}
    while not drill_over(drill, game):
        d = game.decision
        if d is None:
            break
        if d.kind == "dice":
            game.roll_pending()
        else:
            game.answer(players[d.side].decide(d, game.view(d.side)))
    return drill_score(drill, game.state).score


def enter_alone(drill: Drill, seed: int, *, defaults: bool) -> int | None:
    """The score of a person pressing Enter at every question of ``landsraad play --drill NAME --seed S`` (with
    ``--defaults`` when ``defaults``); ``None`` when Enter alone never reaches the drill's end (a decisive question
    has no default)."""
    game = drill_game(drill, seed=seed)
    other = "blue" if drill.human == "red" else "red"
    session = Session(game=game, terminal=PlainTerminal(io.StringIO("\n" * 1000), io.StringIO()), humans=frozenset({drill.human}),
                      opponents={other: make_player(opponent_kind(drill), seed * 2 + (1 if other == "red" else 2))}, seed=seed,
                      stop=lambda g: drill_over(drill, g), decisive=frozenset() if defaults else DRILL_DECISIVE)
    if session.run().how != "over":
        return None
    return drill_score(drill, game.state).score


def write_par(drill: Drill, par: int, how: str) -> None:
    """Replace the ``par:`` line of the drill's file (nothing else of the file changes)."""
    path = Path(data_dir("drills")) / f"{drill.id}.yaml"
    text = path.read_text(encoding="utf-8")
    new, count = re.subn(r"(?m)^par:.*$", f"par: {par}  # {how}", text)
    if count != 1:
        raise SystemExit(f"{path}: expected one par: line, found {count}.")
    tmp = path.with_suffix(".yaml.tmp")
    tmp.write_text(new, encoding="utf-8")
    tmp.replace(path)


def _seeds(seeds: list[int]) -> str:
    """``0-7`` for a run of seeds, else ``0,3,5``."""
    return f"{seeds[0]}-{seeds[-1]}" if seeds == list(range(seeds[0], seeds[-1] + 1)) and len(seeds) > 1 else ",".join(map(str, seeds))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2, 3])
    parser.add_argument("--level", default="search:hard", help="the player that sets par (default: search:hard, the strongest)")
    parser.add_argument("--heuristic-seeds", type=int, nargs="+", help="the heuristic's seeds (default: --seeds; it is fast, "
                                                                         "so more of them: 0 1 2 3 4 5 6 7)")
    parser.add_argument("--enter-seed", type=int, default=1, help="the seed Enter alone is played at (landsraad play's default: 1)")
    parser.add_argument("--only", nargs="*", help="these drills only")
    parser.add_argument("--write", action="store_true", help="write the new par into each drill file")
    args = parser.parse_args(argv)
    drills = [d for d in load_drills() if not args.only or d.id in args.only]
    reached = reached_shipped = 0
    start = time.perf_counter()
    print(f"{'drill':24} {'par (' + args.level + ')':>18} {'mean':>6} {'heuristic mean':>15} {'Enter --defaults':>12}")
    for drill in drills:
        strong = [drill_result(drill, args.level, s) for s in tqdm(args.seeds, desc=drill.id, leave=False, file=sys.stderr)]
        weak = [drill_result(drill, "heuristic", s) for s in (args.heuristic_seeds or args.seeds)]
        enter = enter_alone(drill, args.enter_seed, defaults=True)
        shipped = enter_alone(drill, args.enter_seed, defaults=False)
        mean = sum(strong) / len(strong)
        par = math.ceil(max(mean, sum(weak) / len(weak)) - 1e-9)
        reached += enter is not None and enter >= par
        reached_shipped += shipped is not None and shipped >= par
        print(f"{drill.id:24} {par:>18} {mean:>6.2f} {sum(weak) / len(weak):>15.2f} {enter!s:>12}  "
              f"({args.level}: {strong}; heuristic: {weak})", flush=True)
        if args.write:
            write_par(drill, par, f"the better mean in your seat of {args.level} (seeds {_seeds(args.seeds)}) and the heuristic "
                                  f"(seeds {_seeds(args.heuristic_seeds or args.seeds)}), rounded up (bench/drill_par.py)")
    share = reached / len(drills) if drills else 0.0
    print(f"Enter alone reaches par in {reached_shipped} of {len(drills)} drills as shipped (the decisive questions have no "
          f"default); with --defaults (the heuristic's answers, seed {args.enter_seed}) in {reached} ({100 * share:.0f} %); "
          f"{time.perf_counter() - start:.0f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
