"""Run every pairing of a set of factions, both sides, N games each, on local processes or Ray.

Each game's seed is derived from (run seed, red faction, blue faction, index) alone, so a game
plays the same whatever the number of workers, the engine that ran it, or the order games
finish in; results are gathered and sorted by (red, blue, index). Finished games are saved one
file each in ``OUT/games/`` (atomic writes) and a re-run with the same arguments reuses them.
"""

from __future__ import annotations

import hashlib
import json
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from pydantic import ValidationError

from ..content import content_hash, data_dir, faction_ids, load_faction
from ..engine import Game, new_game, play
from ..engine.record import MAX_RECORD_BYTES, GameRecord, record_game, replay_record
from ..errors import DataError, LandsraadError, UnknownNameError, UsageError
from ..fileio import atomic_write_text, path_kind, read_bounded
from ..houses import auto_list
from ..i18n import message
from ..missions import ScoreSheet
from ..model import Faction
from ..players import make_player, parse_player
from ..ruleset import DEFAULT, Ruleset
from ..warband import WarbandList, list_hash, load_list, validate
from ..workers import end_descendants_with_me, end_with_parent
from .stats import pairing_verdict

__all__ = ["Contestant", "GameTask", "game_seed", "contestant", "make_tasks", "play_task", "run_games", "run_sequential",
           "pair_scores", "RunInfo"]


@dataclass(frozen=True)
class Contestant:
    """A faction in the lab: its sheet (``custom`` when not bundled) and the list it plays."""

    id: str
    sheet: Faction
    warband: WarbandList
    custom: bool

    @property
    def fingerprint(self) -> str:
        """A short hash of the sheet and the list, so saved games of another list are not reused."""
        return content_hash({"sheet": self.sheet.model_dump(mode="json"), "list": list_hash(self.warband)})[:16]


def contestant(faction_id: str, houses: dict[str, Faction], ruleset: Ruleset = DEFAULT) -> Contestant:
    """The contestant of ``faction_id``: a bundled faction with its example list, or a house with a generated list.

    Raises
    ------
    UsageError
        When the id is neither bundled nor one of ``houses``.
    """
    if faction_id in houses:
        sheet = houses[faction_id]
        return Contestant(faction_id, sheet, auto_list(sheet, ruleset), True)
    if faction_id not in faction_ids():
        known = sorted(set(faction_ids()) | set(houses))
        raise UsageError(message("--factions: unknown faction {faction}; known: {known}.", faction=repr(faction_id), known=", ".join(known)))
    sheet = load_faction(faction_id)
    example = data_dir("examples") / "lists" / f"{faction_id}.yaml"
    warband = load_list(example) if example.is_file() else auto_list(sheet, ruleset)
    if example.is_file() and warband.models and validate(warband, sheet, ruleset).valid:
        return Contestant(faction_id, sheet, warband, False)
    return Contestant(faction_id, sheet, auto_list(sheet, ruleset), False)


def game_seed(run_seed: int, red: str, blue: str, index: int) -> int:
    """The seed of one game, from the run seed, the pairing, the side and the index only.

    Examples
    --------
    >>> game_seed(1, "corrino", "fremen", 0) == game_seed(1, "corrino", "fremen", 0)
    True
    >>> game_seed(1, "corrino", "fremen", 0) != game_seed(1, "fremen", "corrino", 0)
    True
    """
    digest = hashlib.sha256(f"{run_seed}:{red}:{blue}:{index}".encode()).digest()
    return int.from_bytes(digest[:4], "big")  # 32 bits: a valid seed for the engine and for the players' generators


@dataclass(frozen=True)
class GameTask:
    """One game to play: JSON-able so it travels to any process or Ray worker."""

    red: str
    blue: str
    index: int
    seed: int
    players: str
    red_list: dict[str, Any]
    blue_list: dict[str, Any]
    custom: tuple[dict[str, Any], ...]
    key: str

    @property
    def name(self) -> str:
        """The file name of the saved game."""
        return f"{self.red}--{self.blue}--{self.index:05d}.json"


def make_tasks(contestants: Sequence[Contestant], games: int, run_seed: int, players: str) -> list[GameTask]:
    """Every ordered pairing of different factions (so both sides), ``games`` each, sorted."""
    try:
        parse_player(players)  # any spec make_player takes: search:easy, search:easy:200ms, heuristic:aggressive, ...
    except UnknownNameError as e:
        raise UsageError(message("--players: {reason}", reason=e.problems[0].message)) from None
    custom = tuple(c.sheet.model_dump(mode="json") for c in contestants if c.custom)
    tasks = []
    by_id = sorted(contestants, key=lambda c: c.id)
    for red in by_id:
        for blue in by_id:
            if red.id == blue.id:
                continue
            for i in range(games):
                seed = game_seed(run_seed, red.id, blue.id, i)
                key = f"{seed}:{players}:{red.fingerprint}:{blue.fingerprint}"
                tasks.append(GameTask(red.id, blue.id, i, seed, players, red.warband.model_dump(mode="json"),
                                      blue.warband.model_dump(mode="json"), custom, key))
    return tasks


def _opening_game(task: GameTask) -> Game:
    """The task's game before its first answer."""
    factions = [Faction.model_validate(d) for d in task.custom]
    red, blue = WarbandList.model_validate(task.red_list), WarbandList.model_validate(task.blue_list)
    return new_game(red, blue, seed=task.seed, factions=factions)


def play_task(task: GameTask) -> dict[str, Any]:
    """Play one game and return its summary (JSON-able; no timing, so it is the same on any engine).

    The summary's ``record`` key holds the saved game (:func:`~landsraad.engine.record.record_game`),
    so a re-run can replay it before reusing the summary; :func:`run_games` keeps it in the
    saved file only.
    """
    game = play(_opening_game(task),
                {"red": make_player(task.players, task.seed * 2 + 1), "blue": make_player(task.players, task.seed * 2 + 2)})
    summary = _summary(task, game)
    summary["record"] = record_game(game, players={"red": task.players, "blue": task.players}).model_dump(mode="json")
    return summary


def _summary(task: GameTask, game: Game) -> dict[str, Any]:
    """The summary of the finished ``game`` of ``task`` (what the report counts)."""
    result = game.result
    assert result is not None  # play() returns a finished game
    missions = {}
    for side in ("red", "blue"):
        sheet = result.sheets[side]  # a game without missions keeps its kills as data: no lines
        missions[side] = [[line.mission, line.succeeded] for line in sheet.lines] if isinstance(sheet, ScoreSheet) else []
    return {"red": task.red, "blue": task.blue, "index": task.index, "seed": task.seed, "key": task.key,
            "winner": result.winner, "vp": {"red": int(result.vp["red"]), "blue": int(result.vp["blue"])},
            "missions": missions, "reason": result.reason}


@dataclass
class RunInfo:
    """How a run went: not part of the results (timings differ run to run)."""

    engine: str
    workers: int
    played: int = 0
    reused: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form (the ``run`` key of the report)."""
        rate = self.played / self.seconds if self.seconds > 0 else 0.0
        return {"engine": self.engine, "workers": self.workers, "played": self.played, "reused": self.reused,
                "seconds": round(self.seconds, 2), "games_per_second": round(rate, 3)}


def _load_saved(path: Path, task: GameTask) -> dict[str, Any] | None:
    """The summary saved at ``path`` for ``task``, once its game is replayed and agrees; else ``None`` (play it again).

    Anyone who can drop a file into the folder could otherwise change the statistics: the file
    must hold the task's key and a sealed record (its hash holds) of the task's opening, played
    by the task's players, that replays from its answers to its log and result, and the
    summary must be the one that replayed game gives.
    """
    if path_kind(path) != "file":
        return None
    try:
        data = json.loads(read_bounded(path, MAX_RECORD_BYTES).decode("utf-8"))
    except (DataError, ValueError, RecursionError):
        return None  # unreadable, half-written or not JSON: play it again
    if not isinstance(data, dict) or data.get("key") != task.key or not isinstance(data.get("record"), dict):
        return None
    try:
        record = GameRecord.model_validate(data["record"])
    except ValidationError:
        return None
    if (record.sha256 != record.content_hash() or record.seed != task.seed or record.result is None
            or record.players != {"red": task.players, "blue": task.players}):
        return None
    try:
        if record.opening != _opening_game(task).opening():
            return None
        game = replay_record(record, source=str(path))
    except LandsraadError:
        return None
    summary = _summary(task, game)
    stored = {k: v for k, v in data.items() if k != "record"}
    return summary if stored == summary else None


def _ray_results(tasks: Sequence[GameTask], address: str) -> Iterator[dict[str, Any]]:
    try:
        import ray  # optional extra: only imported when --ray is asked for
    except ImportError:
        raise UsageError(message("--ray needs Ray: install the optional extra with `pip install 'landsraad[ray]'`.")) from None
    started = not ray.is_initialized()
    reaper = None
    if started:
        if address == "local":
            # A private Ray on this machine, bound to loopback, without the dashboard.
            ray.init(include_dashboard=False, _node_ip_address="127.0.0.1", log_to_driver=False, configure_logging=False)
            reaper = end_descendants_with_me()  # its processes end with this one, even on a SIGKILL
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    remote = ray.remote(play_task)
    try:
        pending = [remote.remote(t) for t in tasks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()
        if reaper is not None:
            reaper.kill()
            reaper.wait()


def _process_results(tasks: Sequence[GameTask], workers: int) -> Iterator[dict[str, Any]]:
    if workers <= 1:
        for t in tasks:
            yield play_task(t)
        return
    with ProcessPoolExecutor(max_workers=workers, initializer=end_with_parent) as pool:  # workers end with this process
        futures: set[Future[dict[str, Any]]] = set()
        queue = list(reversed(tasks))
        try:
            while queue or futures:
                while queue and len(futures) < workers * 2:  # a short queue: an interrupt loses little work
                    futures.add(pool.submit(play_task, queue.pop()))
                done, futures = wait(futures, return_when=FIRST_COMPLETED)
                for f in done:
                    yield f.result()
        finally:
            for f in futures:
                f.cancel()


def run_games(tasks: Sequence[GameTask], *, workers: int = 1, ray_address: str | None = None, out: Path | None = None,
              progress: Callable[[int], None] | None = None) -> tuple[list[dict[str, Any]], RunInfo]:
    """Play (or reuse) every task; return the results sorted by (red, blue, index) and how the run went.

    Parameters
    ----------
    tasks
        From :func:`make_tasks`.
    workers
        Local processes (1: in this process).
    ray_address
        ``"local"`` to start a local Ray, an address to join a cluster, ``None`` for local processes.
    out
        The run folder: finished games are saved in ``out/games/`` and reused on a re-run.
    progress
        Called with the number of games just finished (reused ones included).

    Returns
    -------
    tuple of (list of dict, RunInfo)
    """
    info = RunInfo(engine=f"ray:{ray_address}" if ray_address else "processes", workers=workers)
    start = time.perf_counter()
    results: list[dict[str, Any]] = []
    todo: list[GameTask] = []
    games_dir = out / "games" if out is not None else None
    if games_dir is not None:
        games_dir.mkdir(parents=True, exist_ok=True)
    for t in tasks:
        saved = _load_saved(games_dir / t.name, t) if games_dir is not None else None
        if saved is None:
            todo.append(t)
        else:
            results.append(saved)
            info.reused += 1
    if progress and info.reused:
        progress(info.reused)
    stream = _ray_results(todo, ray_address) if ray_address else _process_results(todo, workers)
    names = {(t.red, t.blue, t.index): t.name for t in todo}
    for result in stream:
        if games_dir is not None:
            atomic_write_text(games_dir / names[(result["red"], result["blue"], result["index"])], json.dumps(result, sort_keys=True))
        result = {k: v for k, v in result.items() if k != "record"}  # the saved game stays in its file
        results.append(result)
        info.played += 1
        if progress:
            progress(1)
    info.seconds = time.perf_counter() - start
    results.sort(key=lambda r: (r["red"], r["blue"], r["index"]))
    return results, info


def pair_scores(results: Sequence[dict[str, Any]], first: str, second: str) -> list[float]:
    """``first``'s score over each game pair of the pairing in ``results``, in index order.

    A game pair is the two games of one index, ``first`` red against ``second`` blue and the
    reverse (a win 1, a draw half); an index with only one of its games finished counts no pair.

    Examples
    --------
    >>> games = [{"red": "a", "blue": "b", "index": 0, "winner": "red"}, {"red": "b", "blue": "a", "index": 0, "winner": "draw"},
    ...          {"red": "a", "blue": "b", "index": 1, "winner": "blue"}]
    >>> pair_scores(games, "a", "b"), pair_scores(games, "b", "a")
    ([1.5], [0.5])
    """
    scored: dict[int, list[float]] = {}
    for r in results:
        if {r["red"], r["blue"]} != {first, second}:
            continue
        side = "red" if r["red"] == first else "blue"
        s = 1.0 if r["winner"] == side else 0.5 if r["winner"] == "draw" else 0.0
        scored.setdefault(int(r["index"]), []).append(s)
    return [sum(v) for _k, v in sorted(scored.items()) if len(v) == 2]


def run_sequential(tasks: Sequence[GameTask], *, elo1: float, alpha: float = 0.05, beta: float = 0.05, workers: int = 1,
                   ray_address: str | None = None, out: Path | None = None, progress: Callable[[int], None] | None = None,
                   skipped: Callable[[int], None] | None = None) -> tuple[list[dict[str, Any]], RunInfo, dict[str, Any]]:
    """Play the tasks by rounds of game pairs, each pairing until a sequential test (SPRT) decides it.

    Round ``i`` plays index ``i`` of every pairing still open, both sides (a game pair: the seat
    cancels within it); after each round each open pairing is tested
    (:func:`~.stats.pairing_verdict`: is one faction ``elo1`` Elo stronger, or neither?) and a
    decided pairing plays no more. The games played depend on the results alone, which depend on
    the seeds alone, so the run is the same on any number of workers, and a re-run reuses the saved games.

    Parameters
    ----------
    tasks
        From :func:`make_tasks`: the most games a pairing may play.
    elo1
        The Elo difference that counts as unbalanced.
    alpha, beta
        The tests' error rates.
    workers, ray_address, out, progress
        As for :func:`run_games`.
    skipped
        Called with the number of games a decided pairing will not play.

    Returns
    -------
    tuple of (list of dict, RunInfo, dict)
        The results sorted by (red, blue, index), how the run went, and per pairing (``"a--b"``,
        the two ids sorted) its :func:`~.stats.pairing_verdict` with the round it was decided in.
    """
    by_pairing: dict[tuple[str, str], dict[int, list[GameTask]]] = {}
    for t in tasks:
        pairing = (min(t.red, t.blue), max(t.red, t.blue))
        by_pairing.setdefault(pairing, {}).setdefault(t.index, []).append(t)
    open_ = sorted(by_pairing)
    rounds = max((len(v) for v in by_pairing.values()), default=0)
    info = RunInfo(engine=f"ray:{ray_address}" if ray_address else "processes", workers=workers)
    results: list[dict[str, Any]] = []
    verdicts: dict[str, Any] = {}
    for i in range(rounds):
        batch = [t for p in open_ for t in by_pairing[p].get(i, ())]
        if not batch:
            break
        played, round_info = run_games(batch, workers=workers, ray_address=ray_address, out=out, progress=progress)
        results.extend(played)
        info.played += round_info.played
        info.reused += round_info.reused
        info.seconds += round_info.seconds
        still = []
        for first, second in open_:
            verdict = pairing_verdict(pair_scores(results, first, second), elo1, alpha, beta)
            verdicts[f"{first}--{second}"] = {**verdict, "first": first, "second": second}
            if verdict["verdict"] == "undecided":
                still.append((first, second))
            elif skipped:
                skipped(sum(len(v) for k, v in by_pairing[(first, second)].items() if k > i))
        open_ = still
        if not open_:
            break
    results.sort(key=lambda r: (r["red"], r["blue"], r["index"]))
    return results, info, dict(sorted(verdicts.items()))
