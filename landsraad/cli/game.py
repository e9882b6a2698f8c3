"""``landsraad demo``, ``landsraad simulate`` and ``landsraad replay``: whole games (issue 5).

- ``demo``: one full game between two bundled warbands on a bundled table, narrated, ending
  with the score and an SVG of the final position.
- ``simulate``: many games, with a progress bar; ``--json`` prints the statistics; the same
  seed gives the same output byte for byte.
- ``replay``: narrate a saved game (``--log DIR`` of ``simulate`` or ``demo --save``);
  ``--svg-dir`` draws the table after every activation.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

from ..errors import UsageError

__all__ = ["register"]


def register(sub: Any) -> None:
    demo = sub.add_parser("demo", help="play one narrated game between two bundled warbands (the main job)",
                          description="Play one full game between two bundled warbands on a bundled table, narrated, "
                                      "ending with the score and an SVG picture of the final position.")
    demo.add_argument("--red", default="corrino", help="red's warband: a list file or a bundled faction id (default: corrino)")
    demo.add_argument("--blue", default="fremen", help="blue's warband (default: fremen)")
    demo.add_argument("--seed", type=int, default=1, help="the game's seed (default: 1)")
    demo.add_argument("--players", choices=("heuristic", "random"), default="heuristic", help="computer players (default: heuristic)")
    demo.add_argument("--scene", help="a scene file whose terrain is the table (default: the bundled demo table)")
    demo.add_argument("--svg", default="landsraad-demo.svg", help="where to write the final position (default: landsraad-demo.svg)")
    demo.add_argument("--save", help="also save the game (JSON) for `landsraad replay`")
    demo.add_argument("--secrets", action="store_true", help="also tell secret choices (bids, stances, mission picks)")
    demo.add_argument("--quiet", action="store_true", help="print only the result")
    demo.set_defaults(func=_demo)

    sim = sub.add_parser("simulate", help="play many games and report wins, victory points and missions",
                         description="Play many games between two warbands and report the statistics.")
    sim.add_argument("--red", required=True, help="red's warband: a list file or a bundled faction id")
    sim.add_argument("--blue", required=True, help="blue's warband: a list file or a bundled faction id")
    sim.add_argument("--scene", help="a scene file whose terrain is the table (default: terrain placed from a kit each game)")
    sim.add_argument("--games", type=int, default=10, help="how many games (default: 10)")
    sim.add_argument("--seed", type=int, default=0, help="the first game's seed; game i uses seed + i (default: 0)")
    sim.add_argument("--players", default="heuristic", help="heuristic or random, or RED,BLUE such as heuristic,random")
    sim.add_argument("--json", action="store_true", help="print JSON for machines")
    sim.add_argument("--log", help="a folder where each game is saved for `landsraad replay`")
    sim.set_defaults(func=_simulate)

    rep = sub.add_parser("replay", help="narrate a saved game", description="Narrate a saved game; check it replays identically.")
    rep.add_argument("log", help="a saved game (JSON) from `simulate --log` or `demo --save`")
    rep.add_argument("--svg-dir", help="write a picture of the table after every activation into this folder")
    rep.add_argument("--secrets", action="store_true", help="also tell secret choices")
    rep.set_defaults(func=_replay)


# --- helpers -------------------------------------------------------------------------------------------


def _setup_options(scene_path: str | None, default_demo: bool = False) -> Any:
    from ..content import data_dir
    from ..engine.setup import SetupOptions
    from ..scene import load_scene

    if scene_path:
        return SetupOptions(scene=load_scene(scene_path))
    if default_demo:
        demo = data_dir("scenes") / "demo.yaml"
        if demo.exists():
            return SetupOptions(scene=load_scene(demo))
    return SetupOptions()


def _players(spec: str, seed: int) -> dict[str, Any]:
    from ..players import PLAYER_KINDS, make_player

    kinds = spec.split(",")
    if len(kinds) == 1:
        kinds = kinds * 2
    if len(kinds) != 2 or any(k not in PLAYER_KINDS for k in kinds):
        raise UsageError(f"--players takes heuristic, random, or RED,BLUE such as heuristic,random; got {spec!r}.")
    return {"red": make_player(kinds[0], seed * 2 + 1), "blue": make_player(kinds[1], seed * 2 + 2)}


def _final_svg(game: Any, path: str) -> None:
    from ..svg import render_board

    r = game.result
    title = f"Final position: red {r.vp['red']} VP, blue {r.vp['blue']} VP - {'draw' if r.winner == 'draw' else r.winner + ' wins'}"
    svg = render_board(game.state.board, title=title, notes=(f"{r.activations} activations, {r.clock_s / 60:.0f} min of table time",))
    Path(path).write_text(svg, encoding="utf-8")


# --- demo ------------------------------------------------------------------------------------------------


def _demo(args: argparse.Namespace) -> int:
    from ..engine.game import new_game
    from ..engine.record import record_game, save_record
    from ..narrate import narrate

    game = new_game(args.red, args.blue, seed=args.seed, setup=_setup_options(args.scene, default_demo=True))
    players = _players(args.players, args.seed)
    names: dict[str, str] = {m.id: m.name for m in game.state.models}
    printed = 0

    def flush() -> None:
        nonlocal printed
        for m in game.state.models:
            names.setdefault(m.id, m.name)
        for event in game.log[printed:]:
            line = narrate(event, names, reveal_secrets=args.secrets)
            if line and not args.quiet:
                print(line)
        printed = len(game.log)

    while game.decision is not None:
        d = game.decision
        game.answer(players[d.side].decide(d, game.view_for(d.side)))
        flush()
    flush()
    r = game.result
    _final_svg(game, args.svg)
    print()
    for side in ("red", "blue"):
        sheet = r.sheets[side]
        print(f"{side} ({game.state.side_state(side).faction}): {r.vp[side]} VP")
        for line in getattr(sheet, "lines", ()) or ():
            outcome = {True: "success", False: "failure", None: "neither"}[line.succeeded] if hasattr(line, "succeeded") else ""
            print(f"  {line.rank}. {line.name}: {outcome} {line.points:+d}")
    print("Result: " + ("a draw." if r.winner == "draw" else f"{r.winner} wins."))
    print(f"Final position drawn in {args.svg}")
    if args.save:
        save_record(record_game(game), args.save)
        print(f"Game saved to {args.save} (replay it with: landsraad replay {args.save})")
    return 0


# --- simulate --------------------------------------------------------------------------------------------


def _simulate(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from ..engine.game import new_game, play
    from ..engine.record import record_game, save_record
    from ..missions import load_missions

    if args.games < 1:
        raise UsageError(f"--games must be 1 or more; got {args.games}.")
    setup = _setup_options(args.scene)
    _players(args.players, 0)  # check the spec before the first game
    log_dir = Path(args.log) if args.log else None
    if log_dir:
        log_dir.mkdir(parents=True, exist_ok=True)
    wins = {"red": 0, "blue": 0, "draw": 0}
    vps: dict[str, list[int]] = {"red": [], "blue": []}
    missions: dict[str, dict[str, dict[str, int]]] = {"red": {}, "blue": {}}
    show = sys.stderr.isatty() and not args.json
    for i in tqdm(range(args.games), desc="games", unit="game", disable=not show, file=sys.stderr):
        seed = args.seed + i
        game = play(new_game(args.red, args.blue, seed=seed, setup=setup), _players(args.players, seed))
        r = game.result
        wins[r.winner] += 1
        for side in ("red", "blue"):
            vps[side].append(int(r.vp[side]))
            for line in getattr(r.sheets[side], "lines", ()) or ():
                stats = missions[side].setdefault(line.mission, {"picked": 0, "success": 0, "failure": 0, "neither": 0})
                stats["picked"] += 1
                stats[{True: "success", False: "failure", None: "neither"}[line.succeeded]] += 1
        if log_dir:
            save_record(record_game(game), log_dir / f"game-{seed:06d}.json")
    summary = {
        "games": args.games,
        "seed": args.seed,
        "wins": wins,
        "vp": {side: {"mean": round(statistics.fmean(v), 3), "stdev": round(statistics.pstdev(v), 3)} for side, v in vps.items()},
        "missions": {side: dict(sorted(m.items())) for side, m in missions.items()},
    }
    if args.json:
        print(json.dumps(summary, sort_keys=True))
        return 0
    names = {mid: card.name for mid, card in load_missions().items()}
    print(f"{args.games} game(s), seeds {args.seed} to {args.seed + args.games - 1}: red ({args.red}) {wins['red']}, "
          f"blue ({args.blue}) {wins['blue']}, draws {wins['draw']}")
    for side in ("red", "blue"):
        vp = summary["vp"][side]
        print(f"  {side}: {vp['mean']:.2f} VP on average (stdev {vp['stdev']:.2f})")
        for mid, s in summary["missions"][side].items():
            print(f"    {names.get(mid, mid)}: picked {s['picked']}, succeeded {s['success']}, failed {s['failure']}")
    if log_dir:
        print(f"Games saved in {log_dir}/")
    return 0


# --- replay ----------------------------------------------------------------------------------------------


def _replay(args: argparse.Namespace) -> int:
    from ..engine.record import events_of, load_record, replay_record, replay_states
    from ..narrate import narrate_log, names_from_log

    record = load_record(args.log)
    game = replay_record(record)  # raises if the log does not replay identically
    names = names_from_log(game.log, game.state)
    for line in narrate_log(events_of(record), names, reveal_secrets=args.secrets):
        print(line)
    if args.svg_dir:
        from ..svg import render_board

        folder = Path(args.svg_dir)
        folder.mkdir(parents=True, exist_ok=True)
        count = 0
        for event, state in replay_states(record):
            count += 1
            title = f"After event {event.seq} ({event.kind.replace('_', ' ')}), activation {state.activation}"
            (folder / f"{count:04d}.svg").write_text(render_board(state.board, title=title), encoding="utf-8")
        print(f"{count} picture(s) written to {folder}/")
    print("The saved game replays identically from its seed and decisions.")
    return 0
