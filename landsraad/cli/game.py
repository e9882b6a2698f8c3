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
from typing import Any, Callable, Mapping, TypedDict

from tqdm import tqdm

from ..content import data_dir, load_model
from ..engine import Game, GameState, Player, SetupOptions, new_game, play
from ..engine.record import events_of, load_record, record_game, replay_record, replay_states, save_record
from ..errors import DataError, UnknownNameError, UsageError, truncate
from ..fileio import MAX_NAME_BYTES, atomic_write_text, check_input_file, check_output_dir, check_output_path, path_kind
from ..i18n import N_, SIDE_NAMES, _, decimal, message, numeral
from ..missions import MissionCard, card_name, load_missions
from ..model import Faction
from ..narrate import label_of, model_names, narrate, narrate_log
from ..players import PLAYER_KINDS, make_player, parse_player
from ..scene import load_scene
from ..search import SearchPlayer, SearchStats
from ..search.explain import explain_search
from ..svg import render_board
from .warband import load_faction_files

__all__ = ["register", "seed_argument", "check_warband_argument", "reusable_record"]

_KINDS_TEXT = ", ".join(PLAYER_KINDS)


def seed_argument(text: str) -> int:
    """An argparse type: a seed is a whole number from 0 to 2**63 - 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("a seed is a whole number; got {text}").format(text=repr(text[:40]))) from None
    if not 0 <= value < 2**63:
        raise argparse.ArgumentTypeError(_("a seed is a whole number from 0 to 2**63 - 1; got {text}").format(text=repr(text[:40])))
    return value


def check_warband_argument(value: str, flag: str) -> str:
    """``value`` of ``--red`` / ``--blue`` (a list file or a bundled faction id), refused at once when it can be neither.

    A name longer than a file system allows (it used to reach the engine and end in an OSError
    traceback), a folder, a named pipe or a device is a one-line :class:`UsageError`.

    Examples
    --------
    >>> check_warband_argument("corrino", "--red")
    'corrino'
    >>> check_warband_argument("x" * 300, "--blue")
    Traceback (most recent call last):
    ...
    landsraad.errors.UsageError: --blue: 'xxx... (220 more characters)' is 300 bytes long: neither a faction id nor a file name (at most 255 bytes).
    """
    kind = path_kind(value)
    if kind == "too long":
        size = len(value.encode("utf-8", "surrogateescape"))
        raise UsageError(message('{flag}: {value!r} is {size} bytes long: neither a faction id nor a file name (at most {max_name_bytes} bytes).', flag=flag, value=truncate(value), size=numeral(size, ','), max_name_bytes=MAX_NAME_BYTES))
    if kind not in ("file", "missing"):
        try:
            check_input_file(value, what=flag)
        except DataError as err:
            raise UsageError(str(err)) from None
    return value


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    demo = sub.add_parser("demo", help=_("play one narrated game between two bundled warbands (the main job)"),
                          description=_("Play one full game between two bundled warbands on a bundled table, narrated, "
                                      "ending with the score and an SVG picture of the final position."))
    demo.add_argument("--red", default="corrino", help=_("red's warband: a list file or a bundled faction id (default: corrino)"))
    demo.add_argument("--blue", default="fremen", help=_("blue's warband (default: fremen)"))
    demo.add_argument("--seed", type=seed_argument, default=1, help=_("the game's seed (default: 1)"))
    demo.add_argument("--players", default="heuristic", help=_('computer players for both sides: {kinds_text}, or RED,BLUE (default: heuristic)').format(kinds_text=_KINDS_TEXT))
    demo.add_argument("--red-player", help=_("red's computer player (overrides --players for red)"))
    demo.add_argument("--blue-player", help=_("blue's computer player (overrides --players for blue)"))
    demo.add_argument("--scene", help=_("a scene file whose terrain is the table (default: the bundled demo table)"))
    demo.add_argument("--svg", default="landsraad-demo.svg", help=_("where to write the final position (default: landsraad-demo.svg)"))
    demo.add_argument("--save", help=_("also save the game (JSON) for `landsraad replay`"))
    demo.add_argument("--secrets", action="store_true", help=_("also tell secret choices (bids, stances, mission picks)"))
    demo.add_argument("--quiet", action="store_true", help=_("print only the result"))
    demo.add_argument("--explain", action="store_true", help=_("print each search's top candidates with their expected VP and "
                                                             "rollouts (search players)"))
    _content_arguments(demo)
    demo.set_defaults(func=_demo)

    sim = sub.add_parser("simulate", help=_("play many games and report wins, victory points and missions"),
                         description=_("Play many games between two warbands and report the statistics."))
    sim.add_argument("--red", required=True, help=_("red's warband: a list file or a bundled faction id"))
    sim.add_argument("--blue", required=True, help=_("blue's warband: a list file or a bundled faction id"))
    sim.add_argument("--scene", help=_("a scene file whose terrain is the table (default: terrain placed from a kit each game)"))
    sim.add_argument("--games", type=int, default=10, help=_("how many games (default: 10)"))
    sim.add_argument("--seed", type=seed_argument, default=0, help=_("the first game's seed; game i uses seed + i (default: 0)"))
    sim.add_argument("--players", default="heuristic", help=_('computer players for both sides: {kinds_text}; or RED,BLUE such as search:easy,heuristic (default: heuristic)').format(kinds_text=_KINDS_TEXT))
    sim.add_argument("--red-player", help=_("red's computer player (overrides --players for red)"))
    sim.add_argument("--blue-player", help=_("blue's computer player (overrides --players for blue)"))
    sim.add_argument("--json", action="store_true", help=_("print JSON for machines"))
    sim.add_argument("--explain", action="store_true", help=_("print each search's top candidates with their expected VP and "
                                                            "rollouts, game by game (to stderr with --json)"))
    _content_arguments(sim)
    sim.add_argument("--log", help=_("a folder where each game is saved for `landsraad replay`; a re-run with the same arguments "
                                   "skips the games already saved there (resumable)"))
    sim.set_defaults(func=_simulate)

    rep = sub.add_parser("replay", help=_("narrate a saved game"), description=_("Narrate a saved game; check it replays identically."))
    rep.add_argument("log", help=_("a saved game (JSON) from `simulate --log` or `demo --save`"))
    rep.add_argument("--svg-dir", help=_("write a picture of the table after every activation into this folder"))
    rep.add_argument("--secrets", action="store_true", help=_("also tell secret choices"))
    rep.set_defaults(func=_replay)


# --- helpers -------------------------------------------------------------------------------------------


def _content_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--faction-file", metavar=_("FILE"), action="append", default=[],
                        help=_("a faction sheet that is not bundled (a Minor House, a home-made sheet); repeat for more"))
    parser.add_argument("--mission-file", metavar=_("FILE"), action="append", default=[],
                        help=_("a mission card that is not bundled; repeat for more"))


class _CustomContent(TypedDict):
    """The custom content keywords of :func:`~landsraad.engine.new_game`."""

    factions: tuple[Faction, ...]
    missions: tuple[MissionCard, ...]


def _custom_content(args: argparse.Namespace) -> _CustomContent:
    """The ``factions`` and ``missions`` keywords of :func:`new_game` from ``--faction-file`` / ``--mission-file``."""
    for flag in ("red", "blue"):
        if isinstance(getattr(args, flag, None), str):
            check_warband_argument(getattr(args, flag), f"--{flag}")
    for path in args.mission_file:
        check_input_file(path, what="--mission-file")  # missing, a folder, a pipe, a device: one sentence, at once
    for path in args.faction_file:
        check_input_file(path, what="--faction-file")
    return {"factions": tuple(load_faction_files(args.faction_file).values()),
            "missions": tuple(load_model(MissionCard, path) for path in args.mission_file)}


def _setup_options(scene_path: str | None, default_demo: bool = False) -> SetupOptions:
    if scene_path:
        return SetupOptions(scene=load_scene(scene_path))
    if default_demo:
        demo = data_dir("scenes") / "demo.yaml"
        if demo.exists():
            return SetupOptions(scene=load_scene(demo))
    return SetupOptions()


def _explaining(explain: Callable[[str], None], side: str) -> Callable[[SearchStats, GameState], None]:
    """``--explain`` for ``side``'s search: each search's line, worded, said as it ends."""
    def say(stats: SearchStats, view: GameState) -> None:
        explain(explain_search(stats, view, side))
    return say


def _players(kinds: tuple[str, str], seed: int, explain: Callable[[str], None] | None = None) -> dict[str, Player]:
    players = {"red": make_player(kinds[0], seed * 2 + 1), "blue": make_player(kinds[1], seed * 2 + 2)}
    for side, player in players.items():
        if explain is not None and isinstance(player, SearchPlayer):  # --explain: each search's line, as it ends
            player.explain = _explaining(explain, side)
    return players


def _final_svg(game: Game, path: str) -> None:
    r = game.final_result()
    verdict = _("draw") if r.winner == "draw" else _("{winner} wins").format(winner=_(r.winner))
    title = _("Final position: red {red} VP, blue {blue} VP - {verdict}").format(red=r.vp["red"], blue=r.vp["blue"], verdict=verdict)
    svg = render_board(game.state.board, title=title, notes=(
        _("{activations} activations, {minutes} min of table time").format(activations=r.activations, minutes=f"{r.clock_s / 60:.0f}"),))
    atomic_write_text(path, svg)


# --- demo ------------------------------------------------------------------------------------------------


def _demo(args: argparse.Namespace) -> int:
    # Output paths are checked before the game is played, so no game is lost to a typo.
    check_output_path(args.svg, what="--svg")
    if args.save:
        check_output_path(args.save, what="--save")
    kinds = _kinds_of(args)
    game = new_game(args.red, args.blue, seed=args.seed, setup=_setup_options(args.scene, default_demo=True), **_custom_content(args))
    players = _players(kinds, args.seed, print if args.explain and not args.quiet else None)
    names: dict[str, str] = model_names(game.state, game.setup.scene)
    printed = 0

    def flush() -> None:
        nonlocal printed
        for m in game.state.models:
            names.setdefault(m.id, label_of(m))
        for event in game.log[printed:]:
            line = narrate(event, names, reveal_secrets=args.secrets)
            if line and not args.quiet:
                print(line)
        printed = len(game.log)

    while game.decision is not None:
        d = game.decision
        if d.kind == "dice":
            game.roll_pending()
        else:
            game.answer(players[d.side].decide(d, game.view(d.side)))
        flush()
    flush()
    r = game.final_result()
    _final_svg(game, args.svg)
    print()
    for side in ("red", "blue"):
        sheet = r.sheets[side]
        print(_("{side} ({faction}): {vp} VP").format(side=_(side), faction=game.state.side_state(side).faction, vp=r.vp[side]))
        for line in getattr(sheet, "lines", ()) or ():
            outcome = _({True: N_("success"), False: N_("failure"), None: N_("neither")}[line.succeeded]) if hasattr(line, "succeeded") else ""
            print(_("  {rank}. {mission}: {outcome} {points}").format(rank=line.rank, mission=card_name(line.name), outcome=outcome,
                                                                  points=f"{line.points:+d}"))
    print(_("Result: a draw.") if r.winner == "draw" else _("Result: {winner} wins.").format(winner=_(r.winner)))
    print(_("Final position drawn in {path}").format(path=args.svg))
    if args.save:
        save_record(record_game(game, players=dict(zip(("red", "blue"), kinds))), args.save)
        print(_("Game saved to {path} (replay it with: landsraad replay {path})").format(path=args.save))
    return 0


# --- simulate --------------------------------------------------------------------------------------------


def _simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise UsageError(message('--games must be 1 or more; got {games}.', games=args.games))
    setup = _setup_options(args.scene)
    content = _custom_content(args)
    kinds = _kinds_of(args)
    log_dir = check_output_dir(args.log, what="--log") if args.log else None
    wins = {"red": 0, "blue": 0, "draw": 0}
    vps: dict[str, list[int]] = {"red": [], "blue": []}
    missions: dict[str, dict[str, dict[str, int]]] = {"red": {}, "blue": {}}
    show = sys.stderr.isatty() and not args.json
    reused = played = 0
    try:
        for i in tqdm(range(args.games), desc="games", unit="game", disable=not show, file=sys.stderr):
            seed = args.seed + i
            path = log_dir / f"game-{seed:06d}.json" if log_dir else None
            result = _finished_game(path, args, seed, kinds, setup, content) if path else None
            if result is None:
                say = (lambda line, seed=seed: print(f"game {seed}: {line}", file=sys.stderr if args.json else sys.stdout)) \
                    if args.explain else None
                game = play(new_game(args.red, args.blue, seed=seed, setup=setup, **content), _players(kinds, seed, say))
                result = game.final_result().to_dict()
                played += 1
                if path:
                    save_record(record_game(game, players=dict(zip(("red", "blue"), kinds))), path)
            else:
                reused += 1
            _count(result, wins, vps, missions)
    except KeyboardInterrupt:
        done = reused + played
        print((_("Interrupted after {done} of {games} game(s); they are saved in {folder}/ and a re-run with the same arguments"
                 " goes on from there.") if log_dir else _("Interrupted after {done} of {games} game(s).")).format(
            done=done, games=args.games, folder=log_dir), file=sys.stderr)
        return 130
    summary = {
        "games": args.games,
        "seed": args.seed,
        "wins": wins,
        "vp": {side: {"mean": round(statistics.fmean(v), 3), "stdev": round(statistics.pstdev(v), 3)} for side, v in vps.items()},
        "missions": {side: dict(sorted(m.items())) for side, m in missions.items()},
    }
    if reused:
        print(_("{reused} game(s) already in {folder}/ were not played again.").format(reused=reused, folder=log_dir), file=sys.stderr)
    if args.json:
        print(json.dumps(summary, sort_keys=True))
        return 0
    names = {mid: card.shown() for mid, card in load_missions().items()}  # the rulebook's names in French
    print(_("{games} game(s), seeds {first} to {last}: red ({red}) {red_wins}, blue ({blue}) {blue_wins}, draws {draws}").format(
        games=args.games, first=args.seed, last=args.seed + args.games - 1, red=args.red, red_wins=wins["red"], blue=args.blue,
        blue_wins=wins["blue"], draws=wins["draw"]))
    for side in ("red", "blue"):
        vp = summary["vp"][side]
        print(_("  {side}: {mean} VP on average (stdev {stdev})").format(
            side=_(SIDE_NAMES[side]), mean=decimal(f"{vp['mean']:.2f}"), stdev=decimal(f"{vp['stdev']:.2f}")))
        for mid, st in summary["missions"][side].items():
            print(_("    {mission}: picked {picked}, succeeded {success}, failed {failure}").format(
                mission=names.get(mid, mid), picked=st["picked"], success=st["success"], failure=st["failure"]))
    if log_dir:
        print(_("Games saved in {folder}/").format(folder=log_dir))
    return 0


def _player_kinds(spec: str) -> tuple[str, str]:
    kinds = spec.split(",")
    if len(kinds) == 1:
        kinds = kinds * 2
    if len(kinds) != 2:
        raise UsageError(message('--players takes one kind ({kinds_text}) or RED,BLUE such as search:easy,heuristic; got {spec!r}.', kinds_text=_KINDS_TEXT, spec=spec[:80]))
    for kind in kinds:
        _check_kind(kind, "--players")
    return kinds[0], kinds[1]


def _check_kind(kind: str, flag: str) -> str:
    try:  # a kind, with a level or a style: heuristic:aggressive, search:easy:cautious (issue 45)
        parse_player(kind)
    except UnknownNameError as err:
        raise UsageError(message('{flag} got the unknown player kind {kind!r} ({err}); the kinds are: {kinds_text}, each with a style after a colon (heuristic:aggressive).', flag=flag, kind=kind[:40], err=err, kinds_text=_KINDS_TEXT)) from None
    return kind


def _kinds_of(args: argparse.Namespace) -> tuple[str, str]:
    """The players' kinds: ``--players`` for both sides, ``--red-player`` / ``--blue-player`` for one."""
    red, blue = _player_kinds(args.players)
    if args.red_player is not None:
        red = _check_kind(args.red_player, "--red-player")
    if args.blue_player is not None:
        blue = _check_kind(args.blue_player, "--blue-player")
    return red, blue


def _finished_game(path: Path, args: argparse.Namespace, seed: int, kinds: tuple[str, str], setup: SetupOptions,
                   content: _CustomContent) -> Mapping[str, Any] | None:
    """The result of a game already saved at ``path`` by a run with the same arguments, else ``None``.

    Checked by content: the file must load (its hash holds), be finished, and have been played
    with the same seed, warbands, players and table; anything else is played again.
    """
    if path_kind(path) != "file":
        return None
    fresh = new_game(args.red, args.blue, seed=seed, setup=setup, **content)
    return reusable_record(path, fresh.opening(), seed, dict(zip(("red", "blue"), kinds)))


def reusable_record(path: Path, opening: Mapping[str, object], seed: int, players: dict[str, str]) -> Mapping[str, Any] | None:
    """The result of the finished game saved at ``path`` when it is the game asked for, else ``None``.

    The file must load (its hash holds), be finished, have been played from ``opening`` with
    ``seed`` and ``players``, and **replay** from its opening and answers to its recorded log and
    result: a record edited and re-sealed (a winner, a VP total or a mission line changed) is
    played again instead of counting. What a replay cannot tell is whether ``players`` really
    chose those answers (that takes playing the game again); the answers are legal ones.
    """
    try:
        record = load_record(path)
    except DataError:
        return None
    if record.result is None or record.seed != seed or record.players != players or record.opening != opening:
        return None
    try:
        replay_record(record, source=str(path))
    except DataError:
        return None
    return record.result


def _count(result: Mapping[str, Any], wins: dict[str, int], vps: dict[str, list[int]], missions: dict[str, dict[str, dict[str, int]]]) -> None:
    wins[result["winner"]] += 1
    for side in ("red", "blue"):
        vps[side].append(int(result["vp"][side]))
        sheet = result["sheets"][side]
        for line in sheet.get("lines", ()) if isinstance(sheet, dict) else ():
            stats = missions[side].setdefault(line["mission"], {"picked": 0, "success": 0, "failure": 0, "neither": 0})
            stats["picked"] += 1
            stats[{True: "success", False: "failure", None: "neither"}[line["succeeded"]]] += 1


# --- replay ----------------------------------------------------------------------------------------------


_PICTURE_KINDS = {"end_activation": N_("end activation"), "first_player": N_("first player"), "game_over": N_("game over")}
"""The events after which replay --svg-dir draws the table (:func:`~landsraad.engine.record.replay_states`), in words."""


def _replay(args: argparse.Namespace) -> int:
    folder = check_output_dir(args.svg_dir, what="--svg-dir") if args.svg_dir else None
    record = load_record(args.log)
    game = replay_record(record, source=str(args.log)[:200])  # raises if the log or result does not replay identically
    names = model_names(game.state, game.setup.scene)
    for line in narrate_log(events_of(record), names, reveal_secrets=args.secrets):
        print(line)
    if folder is not None:
        count = 0
        for event, state in replay_states(record, source=str(args.log)[:200]):
            count += 1
            kind = _(_PICTURE_KINDS[event.kind]) if event.kind in _PICTURE_KINDS else event.kind.replace("_", " ")
            title = _("After event {seq} ({kind}), activation {activation}").format(seq=event.seq, kind=kind, activation=state.activation)
            atomic_write_text(folder / f"{count:04d}.svg", render_board(state.board, title=title))
        print(_("{count} picture(s) written to {folder}/").format(count=count, folder=folder))
    print(_("The saved game replays identically from its opening and answers, to the recorded result."))
    return 0
