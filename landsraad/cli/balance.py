"""``landsraad balance``: every pairing of factions, both sides, N games each, with 95 % intervals.

Runs on local processes (``--workers N``) or on Ray (``--ray local`` starts a local Ray,
``--ray ADDRESS`` joins a cluster). The same ``--seed`` gives the same tables whatever the
engine or the number of workers; ``--json`` output differs only under its ``run`` key
(timings). With ``--out DIR`` every finished game is saved and a killed run resumes from them;
the folder also gets ``summary.json``, ``table.csv``, ``heatmap.svg`` (and ``table.parquet``
when pyarrow is installed).

Exit status: 0 done; 1 a bad house file; 2 bad usage; 130 interrupted (finished games kept).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tqdm import tqdm

from ..balance import contestant, make_tasks, run_games, run_sequential, summarise, write_outputs
from ..errors import UsageError, quoted
from ..fileio import check_input_file, check_output_dir
from ..houses import load_house
from ..i18n import N_, _, decimal, message, numeral, percent
from ..players import PLAYER_KINDS

_VERDICT_TEXTS = {"first": N_("{first} is the stronger"), "second": N_("{second} is the stronger"),
                  "even": N_("even: neither is {elo} Elo stronger"), "undecided": N_("undecided")}

__all__ = ["register", "cmd_balance"]


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``balance`` command."""
    p = sub.add_parser("balance", help=_("play every pairing of factions many times; win rates with 95 %% intervals"))
    p.add_argument("--factions", default="atreides,corrino,fremen,harkonnen",
                   help=_("comma-separated faction ids (bundled or from --houses); default: the four Great Houses"))
    p.add_argument("--houses", metavar=_("FILE"), action="append", default=[], help=_("a Minor House file; repeat for more"))
    p.add_argument("--games", type=int, default=10, help=_("games per pairing and side (default 10)"))
    p.add_argument("--seed", type=int, default=0, help=_("the run seed (default 0)"))
    p.add_argument("--players", default="random",
                   help=_("player for both sides: {kinds}, any search level or budget such as search:easy:200ms (default random)")
                   .format(kinds=", ".join(PLAYER_KINDS)))
    p.add_argument("--sprt", type=float, metavar="ELO",
                   help=_("play game pairs (both sides) round by round and stop a pairing once a sequential test decides "
                          "whether one faction is ELO Elo stronger (or neither); --games is then the most per pairing and side"))
    engine = p.add_mutually_exclusive_group()
    engine.add_argument("--workers", type=int, default=1, help=_("local processes (default 1)"))
    engine.add_argument("--ray", metavar=_("ADDRESS"), help=_("'local' to start a local Ray, or a Ray cluster address"))
    p.add_argument("--out", metavar=_("DIR"), help=_("save games, summary.json, table.csv and heatmap.svg here; re-runs resume"))
    p.add_argument("--json", action="store_true", help=_("print the summary as JSON"))
    p.set_defaults(func=cmd_balance)


def cmd_balance(args: argparse.Namespace) -> int:
    """Run the lab and print the summary."""
    if args.games < 1:
        raise UsageError(message('--games must be 1 or more; got {games}.', games=args.games))
    if args.workers < 1:
        raise UsageError(message('--workers must be 1 or more; got {workers}.', workers=args.workers))
    if not 0 <= args.seed < 2**63:
        raise UsageError(message('--seed must be a whole number from 0 to 2**63 - 1; got {seed}.', seed=args.seed))
    ids = [f.strip() for f in args.factions.split(",") if f.strip()]
    if len(set(ids)) < 2:
        raise UsageError(message('--factions needs at least two different factions; got {factions}.', factions=quoted(args.factions)))
    if len(set(ids)) != len(ids):
        raise UsageError(message('--factions names a faction twice: {factions}.', factions=quoted(args.factions)))
    out = check_output_dir(args.out, what="--out") if args.out else None
    houses = {}
    for path in args.houses:
        sheet = load_house(check_input_file(path, what="--houses"))
        houses[sheet.id] = sheet
    contestants = [contestant(f, houses) for f in ids]
    tasks = make_tasks(contestants, args.games, args.seed, args.players)
    if args.sprt is not None and not 0 < args.sprt < 2000:
        raise UsageError(message("--sprt must be an Elo difference above 0 and below 2000; got {elo}.", elo=numeral(args.sprt, "g")))
    bar = tqdm(total=len(tasks), desc=_("games"), unit=_("game"), disable=not sys.stderr.isatty(),
               file=sys.stderr)
    verdicts: dict[str, Any] | None = None
    try:
        def advance(games: int) -> None:
            bar.update(games)

        def skip(games: int) -> None:  # a decided pairing: its remaining games leave the bar's total
            bar.total = (bar.total or 0) - games
            bar.refresh()

        if args.sprt is None:
            results, info = run_games(tasks, workers=args.workers, ray_address=args.ray, out=out, progress=advance)
        else:
            results, info, verdicts = run_sequential(tasks, elo1=args.sprt, workers=args.workers, ray_address=args.ray, out=out,
                                                     progress=advance, skipped=skip)
    except KeyboardInterrupt:
        bar.close()
        print(_("Interrupted; finished games are saved in {folder}/games and a re-run with the same arguments goes on from"
                " there.").format(folder=out) if out else _("Interrupted."), file=sys.stderr)
        return 130
    bar.close()
    summary = summarise(results)
    report: dict[str, Any] = {"seed": args.seed, "games_per_side": args.games, "players": args.players,
                              "lists": {c.id: {"source": "example list" if not c.custom else "generated",
                                               "models": [m.type for m in c.warband.models]} for c in contestants},
                              **summary, "run": info.to_dict()}
    if verdicts is not None:
        report["sprt"] = {"elo0": 0, "elo1": args.sprt, "alpha": 0.05, "beta": 0.05, "pairings": verdicts}
    text = json.dumps(report, indent=2, sort_keys=True)
    if out is not None:
        written = write_outputs(summary, out, text + "\n")
        print(_("Wrote {files}").format(files=", ".join(str(p) for p in written)), file=sys.stderr)
    if info.reused:
        print(_("{reused} game(s) already in {folder}/games were not played again.").format(reused=info.reused, folder=out),
              file=sys.stderr)
    if args.json:
        print(text)
        return 0
    print(_("{games} games, {players} players, seed {seed} ({speed} games/s)").format(
        games=summary["games"], players=args.players, seed=args.seed, speed=decimal(str(info.to_dict()["games_per_second"]))))
    heads = (_("faction"), _("games"), _("win rate"), _("95 % interval"), _("VP mean"), _("VP median"))
    print(f"{heads[0]:<14} {heads[1]:>5} {heads[2]:>9} {heads[3]:>15} {heads[4]:>8} {heads[5]:>9}")
    for f, s in summary["factions"].items():
        games, mean, median = s["games"], s["vp"]["mean"], s["vp"]["median"]
        rate, low, high = (percent(f"{s['win_rate'] * 100:>8.1f}", english="%"), decimal(f"{s['ci95'][0] * 100:>6.1f}"),
                           percent(f"{s['ci95'][1] * 100:.1f}"))
        print(f"{f:<14} {games:>5} {rate} {low}-{high} {decimal(f'{mean:>8.2f}')} {decimal(f'{median:>9}')}")
    for v in (verdicts or {}).values():
        verdict = _(_VERDICT_TEXTS[v["verdict"]]).format(first=v["first"], second=v["second"], elo=f"{args.sprt:g}")
        print(_("{first} against {second}: {verdict} ({pairs} game pairs, LLR {up} and {down}, bounds {low} and {high})").format(
            first=v["first"], second=v["second"], verdict=verdict, pairs=v["pairs"], up=v["llr"][0], down=v["llr"][1],
            low=v["bounds"][0], high=v["bounds"][1]))
    return 0
