"""Benchmark of how the heuristic player fights (issue 45): melee attacks, losses, fatigue, scores.

Plays ``--games`` games between two players of ``--player`` kind (``heuristic``,
``heuristic:aggressive``, ...) on each faction pair of ``--pairs``; game ``i`` of a pair has
seed ``--seed + i`` and the players seeds ``--seed + i`` (red) and ``--seed + 500 + i`` (blue).
Reports, per faction of each pair: melee attacks a game (actions ``melee:<target>``, charges
included), models lost a game, the highest fatigue any of its models held, how many
activations started on two or more tokens (RUL-05's malus), and the distinct final scores of
the pair's games.

With ``--random`` it also plays ``--player`` against the random player the same way. With
``--baseline REV`` it also plays ``--player`` against the heuristic of git revision REV
(its ``landsraad/ai`` package loaded beside this one as ``landsraad.ai_baseline``), sides
swapped on each seed, and reports the score (wins + half the draws).

Run by hand (never in the test suite)::

    python bench/bench_melee.py --pairs corrino-fremen,fremen-atreides --games 12 --seed 46000
    python bench/bench_melee.py --pairs corrino-fremen --games 12 --seed 46000 --baseline main

Figures, machine, date and load are recorded in ``docs/search.md`` ("How the heuristic fights").
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
import tempfile
import time
import types
from collections import defaultdict
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from landsraad.engine import new_game, play  # noqa: E402
from landsraad.players import make_player  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def game_stats(game: Any) -> dict[str, dict[str, Any]]:
    """Per side: melee attacks, models lost, highest fatigue, activations on >= 2 tokens, VP."""
    out: dict[str, dict[str, Any]] = {s: {"melee": 0, "lost": 0, "max_fatigue": 0, "tired": 0, "activations": 0}
                                      for s in ("red", "blue")}
    for e in game.log:
        d = e.to_dict()
        side = d.get("side")
        if side not in out:
            continue
        if d["kind"] == "action" and str(d["data"].get("action", "")).startswith("melee:"):
            out[side]["melee"] += 1
        elif d["kind"] == "out_of_action":
            model = d.get("model") or ""
            owner = "red" if model.startswith("red-") else "blue" if model.startswith("blue-") else side
            out[owner]["lost"] += 1
        elif d["kind"] == "activate":
            out[side]["activations"] += 1
            out[side]["max_fatigue"] = max(out[side]["max_fatigue"], int(d["data"].get("fatigue", 0)))
            if int(d["data"].get("fatigue_before", 0)) >= 2:
                out[side]["tired"] += 1
    for s in out:
        out[s]["vp"] = int(game.result.vp[s])
    return out


def load_baseline(rev: str) -> str:
    """Load ``landsraad/ai`` of git revision ``rev`` as the package ``landsraad.ai_baseline``."""
    folder = tempfile.mkdtemp(prefix="ai_baseline_")
    names = subprocess.run(["git", "-C", ROOT, "ls-tree", "--name-only", f"{rev}:landsraad/ai"],
                           check=True, capture_output=True, text=True).stdout.split()
    for name in names:
        if name.endswith(".py"):
            text = subprocess.run(["git", "-C", ROOT, "show", f"{rev}:landsraad/ai/{name}"],
                                  check=True, capture_output=True, text=True).stdout
            with open(os.path.join(folder, name), "w") as f:
                f.write(text)
    pkg = types.ModuleType("landsraad.ai_baseline")
    pkg.__path__ = [folder]  # type: ignore[attr-defined]
    sys.modules["landsraad.ai_baseline"] = pkg
    with open(os.path.join(folder, "__init__.py")) as f:
        exec(compile(f.read(), os.path.join(folder, "__init__.py"), "exec"), pkg.__dict__)
    importlib.invalidate_caches()
    return folder


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", default="corrino-fremen,fremen-atreides", help="faction pairs red-blue, comma-separated")
    parser.add_argument("--games", type=int, default=12, help="games per pair")
    parser.add_argument("--seed", type=int, default=46000, help="first seed")
    parser.add_argument("--player", default="heuristic", help="the player kind on both sides")
    parser.add_argument("--baseline", help="also play --player against the heuristic of this git revision")
    parser.add_argument("--random", action="store_true", help="also play --player against the random player")
    parser.add_argument("--out", help="write the figures as JSON here")
    args = parser.parse_args()
    pairs = [tuple(p.split("-")) for p in args.pairs.split(",")]
    t0 = time.process_time()
    report: dict[str, Any] = {"player": args.player, "seed": args.seed, "games": args.games, "pairs": {},
                              "load": open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else None}
    for red, blue in pairs:
        per: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        scores = []
        for i in range(args.games):
            seed = args.seed + i
            game = play(new_game(red, blue, seed=seed),
                        {"red": make_player(args.player, seed), "blue": make_player(args.player, seed + 500)})
            st = game_stats(game)
            scores.append(f"{st['red']['vp']}-{st['blue']['vp']}")
            for side, faction in (("red", red), ("blue", blue)):
                for k in ("melee", "lost", "tired", "activations"):
                    per[faction][k] += st[side][k] / args.games
                per[faction]["max_fatigue"] = max(per[faction]["max_fatigue"], st[side]["max_fatigue"])
        key = f"{red}-{blue}"
        report["pairs"][key] = {"factions": {f: dict(v) for f, v in per.items()}, "scores": scores,
                                "distinct_scores": len(set(scores))}
        print(f"{key}: distinct scores {len(set(scores))}/{len(scores)}  {' '.join(scores)}")
        for f, v in per.items():
            print(f"  {f:10s} melee/game {v['melee']:.2f}  lost/game {v['lost']:.2f}  max fatigue {int(v['max_fatigue'])}"
                  f"  activations on >=2 tokens/game {v['tired']:.2f} of {v['activations']:.1f}")
    opponents = []
    if args.baseline:
        load_baseline(args.baseline)
        from landsraad.ai_baseline import HeuristicPlayer as Baseline  # type: ignore[import-not-found]
        opponents.append(("baseline", f"the heuristic of {args.baseline}", Baseline))
    if args.random:
        opponents.append(("random", "the random player", lambda seed: make_player("random", seed)))
    for key, label, opponent in opponents:
        points = 0.0
        n = 0
        for red, blue in pairs:
            for i in range(args.games):
                seed = args.seed + i
                for new_side in ("red", "blue"):
                    old_side = "blue" if new_side == "red" else "red"
                    players = {new_side: make_player(args.player, seed), old_side: opponent(seed + 500)}
                    game = play(new_game(red, blue, seed=seed), players)
                    w = game.result.winner
                    points += 1.0 if w == new_side else 0.5 if w in (None, "draw") else 0.0
                    n += 1
        report[key] = {"against": label, "games": n, "score": points / n}
        print(f"{args.player} against {label}: {points:g} of {n} ({100 * points / n:.1f} %), sides swapped per seed")
    report["cpu_s"] = round(time.process_time() - t0, 1)
    print(f"{report['cpu_s']} s of CPU; load {report['load']}")
    if args.out:
        folder = os.path.dirname(os.path.abspath(args.out))
        with tempfile.NamedTemporaryFile("w", dir=folder, delete=False, suffix=".tmp") as f:
            json.dump(report, f, indent=1)
        os.replace(f.name, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
