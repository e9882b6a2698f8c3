"""Seeded fuzz cases for the non-game commands, and an in-process runner that judges them.

A case is a command line plus the files it reads, generated from one integer seed by
:func:`make_case`, so any failure is reproduced by its seed alone. Files start from the real
content (list files, faction sheets, a ruleset) and are then damaged: a hostile scalar in
place of a value (``.nan``, ``1e308``, a 5,000-digit integer, ``!!set``, a 100 kB string...),
a structural attack (alias bomb, recursive alias, 5,000-deep nesting, a non-text key), or a
byte-level cut, flip or non-UTF-8 byte. Arguments of ``odds``, ``resolve``, ``faction``,
``validate``, ``roster`` and ``schema`` get the same treatment.

:func:`run_case` runs ``landsraad.cli.main`` in this process with its output captured, a
10 s alarm on its CPU time and a 120 s one on the clock, and returns a :class:`Outcome`;
:func:`problems` lists what breaks the properties: no traceback, exit 0, 1 or 2 (and 1 or 2 with
a message naming the input when the input was damaged), no more than 10 s of CPU (the case's
own, and its child processes'), output bounded. The time judged is CPU time so that a loaded
machine, which stretches a case's wall time by its load, cannot make a fast case fail: the
wall-clock cap is only there for a case that waits for ever (a pipe nobody writes to).

Used by ``tests/fuzz/test_fuzz.py`` (a few hundred cases) and ``bench/fuzz.py`` (the long run).
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import math
import os
import random
import re
import resource
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from landsraad.cli import main

REPO = Path(__file__).resolve().parents[2]
CASE_SECONDS: float = 10
"""The most CPU time (seconds, user and system, child processes included) a case may take."""
WALL_SECONDS: float = 120
"""The longest a case may run on the clock: generous, for a case that waits rather than works
(at a load of 12 on two cores a case taking 10 s of CPU needs about 60 s)."""
MAX_OUTPUT = 512 * 1024
"""The most characters of output (stdout and stderr together) a case may print."""

LISTS = sorted((REPO / "tests" / "data" / "lists" / "valid").glob("*.yaml")) + sorted((REPO / "examples" / "lists").glob("*.yaml"))
FACTIONS = sorted((REPO / "factions").glob("*.yaml"))
RULESET = "ties: active\nrecovery: all\ncontact_tolerance_cm: 0.1\nmodels_block_sight: true\narrakis: false\npoints: 15\n"

HOSTILE_SCALARS = [
    ".nan", ".inf", "-.inf", "1e308", "-1e308", "-1", "0", "9" * 5000, "-" + "9" * 30, "99999999999999999999",
    "!!set {a, b}", "~", "[]", "{}", "'" + "x" * 100_000 + "'", "*undefined", "!!binary aGk=",
    "!!python/object/apply:os.system ['true']", "2001-01-01", "2001-13-45", "yes", "'\\u0000'", "!!int abc",
    "!!float x", "!!bool maybe", "!!timestamp x", "\"\\uD800\"", "0x" + "f" * 40, "1:2:3:4", "+.5", "'../../etc/passwd'",
    "'\u00e9\u65e5\u672c'", "-", "'12-'", "'(99999999999)'", "'+1 / 8-'", "[1, [2, [3]]]", "{a: {b: {c: 1}}}",
]

def _laughs(levels: int = 9) -> str:
    lines = ["l0: &l0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


def _structure(rng: random.Random) -> str:
    kind = rng.randrange(8)
    if kind == 0:
        return _laughs(rng.randrange(3, 10))
    if kind == 1:
        return "models: &x [*x]\n"
    if kind == 2:
        depth = rng.choice([150, 5000, 50_000])
        return "deep: " + "[" * depth + "]" * depth + "\n"
    if kind == 3:
        return "- " * rng.choice([150, 5000]) + "x\n"
    if kind == 4:
        return f"{rng.choice(['1', '~', '1.5', 'yes', '[a]', '!!set {a}'])}: value\n"
    if kind == 5:
        return "a: 1\na: 2\n"
    if kind == 6:
        return "a: 1\n---\nb: 2\n"
    return "k: " + "{a: " * 3000 + "1" + "}" * 3000 + "\n"


def _replace_value(rng: random.Random, text: str) -> str:
    lines = text.splitlines()
    candidates = [i for i, line in enumerate(lines) if ":" in line and not line.rstrip().endswith(":")]
    if not candidates:
        return text + "\n" + rng.choice(HOSTILE_SCALARS)
    i = rng.choice(candidates)
    head = lines[i].split(":", 1)[0]
    lines[i] = f"{head}: {rng.choice(HOSTILE_SCALARS)}"
    return "\n".join(lines) + "\n"


def _bytes_damage(rng: random.Random, data: bytes) -> bytes:
    kind = rng.randrange(4)
    if not data:
        return b"\xff"
    at = rng.randrange(len(data))
    if kind == 0:
        return data[:at]  # truncated
    if kind == 1:
        return data[:at] + bytes([rng.randrange(256)]) + data[at + 1:]
    if kind == 2:
        return data[:at] + b"\xff\xfe" + data[at:]
    lines = data.split(b"\n")
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def damage_text(rng: random.Random, text: str) -> bytes:
    """One to three damages of ``text``: hostile values, structural attacks, byte-level cuts."""
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(10)
        if kind < 5:
            text = _replace_value(rng, text)
        elif kind < 7:
            text = text + _structure(rng) if rng.random() < 0.5 else _structure(rng)
        elif kind < 8:
            text = text.replace(": ", ":", rng.randint(1, 3))
        else:
            return _bytes_damage(rng, text.encode("utf-8"))
    return text.encode("utf-8")


HOSTILE_ARGS = [
    "1e308", "-1e308", "nan", "inf", "-inf", "-1", "0", "", " ", "9" * 5000, "x" * 100_000, "../../../../tmp/x",
    "corrino/" + "x" * 3000, "combat=1e308", "range=1e308,damage=+1", "damage=99999999999-", "combat=nan",
    "range=nan,damage=+1", "a=b=c", ",,,", "=", "corrino/soldier:" + "y" * 500, "fremen/naib", "0,0,0", "11,11",
    "1,2,3,4,5,6,7,8,9,10,11", "+", "\x00", "\u00e9", "--json", "-h",
]

ODDS = [
    ["odds", "shoot", "--attacker", "combat=1", "--weapon", "range=10,combat=+1,damage=+1", "--target", "endurance=3", "--distance", "35"],
    ["odds", "melee", "--attacker", "corrino/soldier:halberd", "--defender", "fremen/naib"],
    ["resolve", "shoot", "--attacker", "combat=1", "--weapon", "range=10,combat=+1,damage=+1", "--target", "endurance=3",
     "--distance", "35", "--attacker-dice", "8,7", "--target-dice", "4,3"],
    ["resolve", "melee", "--attacker", "combat=0", "--attacker-weapon", "combat=+2,damage=12-", "--defender", "combat=0",
     "--defender-weapon", "defence=+3,damage=6-", "--attacker-dice", "5,8,2", "--defender-dice", "3,3,6",
     "--attacker-stance", "attack", "--defender-stance", "defend"],
    ["faction", "corrino"],
    ["factions"],
    ["schema", "list"],
]


@dataclass
class Case:
    """One fuzz case: a command line whose ``{name}`` words are the files in ``files``."""

    seed: int
    family: str
    argv: list[str]
    files: dict[str, bytes] = field(default_factory=dict)
    damaged: bool = True
    stdin: str = ""
    """What the command reads from standard input (``play`` reads answers there)."""


SCENES = sorted((REPO / "scenes").glob("*.yaml"))
SCENE_COMMANDS = [["check-scene", "{scene.yaml}"], ["measure", "{scene.yaml}", "red-1", "blue-1"],
                  ["reach", "{scene.yaml}", "red-1", "--movement", "5"], ["move", "{scene.yaml}", "red-1", "--to", "30,30"],
                  ["template", "{scene.yaml}", "--blast", "30,30"]]
FAMILIES = ("list", "faction", "ruleset", "args")
"""The families of :func:`make_case`'s default draw (their seeds' cases stay what they were);
``scene`` (scene files) and ``record`` (saved games) are drawn when asked for, and the default
test run judges a block of seeds of each (``tests/fuzz/test_fuzz.py``)."""
ALL_FAMILIES = (*FAMILIES, "scene", "record", "gameargs", "bigscene")

# --- the game commands' arguments, and scenes at extreme sizes (issue 42) --------------------------

GAME_COMMANDS = [
    ["demo", "--seed", "1", "--players", "random", "--quiet", "--svg", "{out.svg}"],
    ["demo", "--seed", "2", "--players", "random", "--quiet", "--svg", "{out.svg}", "--save", "{game.json}", "--blue", "fremen"],
    ["simulate", "--red", "corrino", "--blue", "fremen", "--games", "1", "--players", "random", "--json"],
    ["simulate", "--red", "corrino", "--blue", "fremen", "--games", "1", "--players", "random", "--log", "{logs/}"],
    ["play", "--seed", "1", "--map", "{map.svg}"],
    ["play", "--seed", "1", "--save", "{save.json}", "--map", "{map.svg}", "--opponent", "random"],
    ["replay", "{p|}"],
    ["house", "price", "corrino"],
    ["house", "new", "Moritani", "--out", "{h.yaml}", "--list", "{l.yaml}"],
    ["balance", "--factions", "corrino,fremen", "--games", "1", "--players", "random", "--json"],
]
"""Commands whose arguments the ``gameargs`` family damages ({p|} is a named pipe with no writer)."""

PATH_ARGS = ["x" * 5000, "y" * 300, "/dev/zero", "/dev/null", "/", ".", "{p|}", "{logs/}", "\x1b[2J\u202e" + "z" * 300,
             "corrino", "fremen", "search:hard", "search:" + "q" * 200, "random,random,random"]


def _game_args_case(seed: int, rng: random.Random) -> Case:
    argv = list(rng.choice(GAME_COMMANDS))
    for _ in range(rng.randint(1, 2)):
        hostile = rng.choice(HOSTILE_ARGS + PATH_ARGS)
        if rng.random() < 0.8:
            argv[rng.randrange(1, len(argv))] = hostile
        else:
            argv += [rng.choice(["--red", "--blue", "--faction-file", "--mission-file", "--scene", "--seed", "--resume",
                                 "--drill", "--players", "--houses", "--out", "--svg", "--save", "--games"]), hostile]
    used = {name: b"" for name in ("p|", "logs/") if "{" + name + "}" in argv}  # only the files it names: the judge looks for them
    return Case(seed, "gameargs", argv, used, stdin=rng.choice(["", "quit\n", "\n\n\nsave\nquit\n"]))


def _big_scene_case(seed: int, rng: random.Random) -> Case:
    """A scene at or past its size limits: many bases on one spot, many pieces or markers, polygons of many corners."""
    kind = rng.randrange(4)
    n = rng.choice([999, 1000, 1001, 3000] if kind == 0 else [199, 200, 201, 1000])
    lines = ["table: {width: 60, depth: 60}"]
    if kind == 0:
        lines += ["models:"] + [f"  - {{id: m{i}, at: [30, 30], base: 25}}" for i in range(n)]
    elif kind == 1:
        lines += ["models:", "  - {id: a, at: [3, 3], base: 25}", "  - {id: b, at: [57, 57], base: 25}", "terrain:"]
        lines += [f"  - {{id: t{i}, circle: {{at: [{10 + i % 40}, {10 + (i // 40) % 40}], radius: 0.2}}}}" for i in range(n)]
    elif kind == 2:
        corners = rng.choice([999, 1000, 1001, 5000])
        ring = ", ".join(f"[{30 + 10 * math.cos(k * 2 * math.pi / corners):.4f}, {30 + 10 * math.sin(k * 2 * math.pi / corners):.4f}]"
                         for k in range(corners))
        lines += ["models:", "  - {id: a, at: [3, 3], base: 25}", "  - {id: b, at: [57, 57], base: 25}", "terrain:",
                  f"  - {{id: dune, movement: {rng.choice(['difficult', 'blocked'])}, polygon: [{ring}]}}"]
    else:
        lines += ["models:", "  - {id: a, at: [3, 3], base: 25}", "  - {id: b, at: [57, 57], base: 25}", "markers:"]
        lines += [f"  - {{id: k{i}, at: [30, 30]}}" for i in range(n)]
    command = rng.choice([["check-scene", "{scene.yaml}"], ["measure", "{scene.yaml}", "a", "b"],
                          ["reach", "{scene.yaml}", "a", "--movement", "2"]])
    return Case(seed, "bigscene", command, {"scene.yaml": ("\n".join(lines) + "\n").encode("utf-8")}, damaged=False)


# --- saved games ----------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def base_records() -> tuple[dict, ...]:
    """Real ``landsraad-game/2`` records, made once per process from short games of the engine.

    A finished game (random players: about 270 answers) and two interrupted ones (the first 40
    answers of a game; one of them a drill's, which ``play --resume`` reopens as a drill).
    """
    from landsraad.engine import new_game, play
    from landsraad.engine.record import record_game
    from landsraad.play.drills import drill_game, load_drill
    from landsraad.players import RandomPlayer

    finished = play(new_game("atreides", "harkonnen", seed=5), {"red": RandomPlayer(1), "blue": RandomPlayer(2)})
    records = [record_game(finished, players={"red": "random", "blue": "random"})]
    for game, players in ((new_game("corrino", "fremen", seed=2), {"red": "human", "blue": "random"}),
                          (drill_game(load_drill("slave-hunt"), seed=4), {"red": "human", "blue": "heuristic", "drill": "slave-hunt"})):
        movers = {"red": RandomPlayer(3), "blue": RandomPlayer(4)}
        while game.decision is not None and len(game.answers) < 40:
            d = game.decision
            if d.kind == "dice":
                game.roll_pending()
            else:
                game.answer(movers[d.side].decide(d, game.view(d.side)))
        records.append(record_game(game, players=players))
    return tuple(json.loads(r.model_dump_json()) for r in records)


_DEEP = functools.reduce(lambda inner, _: [inner], range(300), [])
HOSTILE_JSON = [
    math.nan, math.inf, -math.inf, 1e308, -1e308, -1, 0, 1.5, 2**64, -(2**63) - 1, "", "x" * 100_000, None, True, False, [], {},
    _DEEP, {"a": {"b": {"c": []}}}, "../../../../etc/passwd", "\u0000", "\ud800", "red", "blue", "draw", [math.nan, math.nan],
    [1e308, 1e308], [-1e308, 5.0], [30.0], [30.0, 30.0, 30.0], ["30", "30"], [[1, 2], [3, 4]], "corrino", 10**400, "nan",
]
"""Hostile JSON values put in place of a record's values (``NaN`` and ``Infinity`` are JSON to Python's reader)."""


def _random_slot(rng: random.Random, data: object) -> tuple[object, object] | None:
    """A random (container, key) inside ``data``, reached by walking down from the top."""
    node, slot = data, None
    for _ in range(12):
        if isinstance(node, dict) and node:
            key = rng.choice(list(node))
        elif isinstance(node, list) and node:
            key = rng.randrange(len(node))
        else:
            break
        slot = (node, key)
        node = node[key]  # type: ignore[index]
        if rng.random() < 0.25:
            break
    return slot


def _scene_attack(rng: random.Random, scene: dict) -> None:
    """A scene-specific damage: NaN or huge corners, a broken table, wrong-typed parts."""
    kind = rng.randrange(6)
    terrain = [t for t in scene.get("terrain", []) if isinstance(t, dict) and isinstance(t.get("polygon"), list) and t["polygon"]]
    if kind == 0 and terrain:
        piece = rng.choice(terrain)
        corner = rng.randrange(len(piece["polygon"]))
        piece["polygon"][corner] = rng.choice([[math.nan, math.nan], [math.nan, 5.0], [1e308, 1e308], [-1e308, -1e308],
                                               [math.inf, 0.0], [1e15, 1e15], [0.1, 0.1]])
    elif kind == 1 and terrain:
        rng.choice(terrain)["polygon"] = rng.choice([[], [[0, 0]], [[0, 0], [1, 1]], [[0, 0], [10, 10], [0, 10], [10, 0]],
                                                     [[i % 60, (i * 7) % 60] for i in range(5000)]])
    elif kind == 2:
        scene["table"] = rng.choice([{"width": math.nan, "depth": 60}, {"width": 1e308, "depth": 1e308}, {"width": 0, "depth": 0},
                                     {"width": -60, "depth": 60}, None, 5, "60x60", {}])
    elif kind == 3:
        scene[rng.choice(["terrain", "models", "markers", "edges", "name"])] = rng.choice(HOSTILE_JSON)
    elif kind == 4 and terrain:
        rng.choice(terrain)["height"] = rng.choice([math.nan, -1, 1e308, "high", None])
    else:
        scene["edges"] = rng.choice([{"red": "south"}, {"red": "up", "blue": "down"}, {"red": ["south"], "blue": "north"},
                                     {"red": "south", "blue": "south"}, []])


def _record_attack(rng: random.Random, data: dict) -> None:
    """One record-specific damage of a parsed record, in place."""
    kind = rng.randrange(12)
    answers = data.get("answers") if isinstance(data.get("answers"), list) else []
    result = data.get("result")
    log = data.get("log") if isinstance(data.get("log"), list) else []
    opening = data.get("opening") if isinstance(data.get("opening"), dict) else {}
    if kind == 0 and isinstance(result, dict):  # an edited result
        choice = rng.randrange(4)
        if choice == 0:
            result["winner"] = rng.choice(["red", "blue", "draw", "nobody", None, 5])
        elif choice == 1 and isinstance(result.get("vp"), dict):
            result["vp"][rng.choice(["red", "blue"])] = rng.choice([99, -99, math.nan, "12", None])
        elif choice == 2 and result:
            result[rng.choice(list(result))] = rng.choice(HOSTILE_JSON)
        else:
            data["result"] = rng.choice([None, {}, "red wins", []])
    elif kind == 0:
        data["result"] = {"vp": {"red": 5, "blue": 0}, "winner": "red"}  # a result for an unfinished game
    elif kind == 1:  # extra answers
        extra = [rng.choice(answers) if answers and rng.random() < 0.7 else rng.choice(HOSTILE_JSON) for _ in range(rng.randint(1, 30))]
        answers.extend(extra)
    elif kind == 2 and answers:  # missing answers: the end cut, or one taken out
        if rng.random() < 0.5:
            del answers[rng.randrange(len(answers)):]
        else:
            del answers[rng.randrange(len(answers))]
    elif kind == 3 and answers:  # a wrong-typed or out-of-range answer
        answers[rng.randrange(len(answers))] = rng.choice(HOSTILE_JSON)
    elif kind == 4:
        data[rng.choice(["red", "blue"])] = rng.choice(HOSTILE_JSON)
    elif kind == 5:
        data["seed"] = rng.choice([-1, 2**64, math.nan, "7", None, 1.5, True])
    elif kind == 6:
        data["players"] = rng.choice([{"drill": "no-such-drill"}, {"drill": "/dev/zero"}, {"drill": "../../../../etc/passwd"},
                                      {"drill": "x.yaml"}, {"drill": "slave-hunt"}, {"red": "human", "blue": "nobody"},
                                      {"red": 5}, {"red": "search:impossible", "blue": "human"}, [], "random"])
    elif kind == 7:
        setup = opening.get("setup")
        scene = setup.get("scene") if isinstance(setup, dict) else None
        if isinstance(scene, dict) and rng.random() < 0.85:
            _scene_attack(rng, scene)
        elif isinstance(setup, dict):
            setup["scene"] = rng.choice(HOSTILE_JSON)
    elif kind == 8 and log:  # an edited log
        at = rng.randrange(len(log))
        if rng.random() < 0.5 and isinstance(log[at], dict) and log[at]:
            log[at][rng.choice(list(log[at]))] = rng.choice(HOSTILE_JSON)
        else:
            del log[at]
    elif kind == 9:
        data[rng.choice(["format", "sha256", "opening", "answers", "log"])] = rng.choice(HOSTILE_JSON)
    else:  # anywhere: the opening's state, its warbands, time model, ruleset...
        slot = _random_slot(rng, opening if opening and rng.random() < 0.8 else data)
        if slot is not None:
            container, key = slot
            container[key] = rng.choice(HOSTILE_JSON)  # type: ignore[index]


def _seal(data: dict) -> None:
    """Give an edited record a matching hash (as anyone can), so the damage reaches the replay."""
    from pydantic import ValidationError

    from landsraad.engine.record import GameRecord

    try:
        data["sha256"] = GameRecord.model_validate(data).content_hash()
    except (ValidationError, ValueError, TypeError, RecursionError):
        pass  # not even a record's shape: the loader refuses it before the hash


def damage_record(rng: random.Random, record: dict) -> bytes:
    """One to three damages of a record: record-specific edits (usually re-sealed), value, structure and byte attacks."""
    data = json.loads(json.dumps(record))
    text_attacks = 0
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.75:
            _record_attack(rng, data)
        else:
            text_attacks += 1
    if rng.random() < 0.9:
        _seal(data)
    try:
        text = json.dumps(data, indent=1, ensure_ascii=rng.random() < 0.5)
    except (ValueError, RecursionError):  # an integer past Python's digit limit: written by hand below
        text = json.dumps(record, indent=1)
    raw = text.encode("utf-8", "surrogatepass")
    for _ in range(text_attacks):
        kind = rng.randrange(5)
        if kind == 0:
            numbers = [m.span() for m in re.finditer(rb"-?\d+(\.\d+)?", raw[:200_000])]
            if numbers:
                a, b = rng.choice(numbers)
                raw = raw[:a] + rng.choice([b"9" * 5000, b"1e999", b"-0", b"NaN", b"Infinity", b"0x1f", b"1_000"]) + raw[b:]
        elif kind == 1:
            raw = rng.choice([b"[" * 100_000 + b"]" * 100_000, b'{"a":' * 5000 + b"1" + b"}" * 5000, b"", b"null", b"[]", b"\"x\"",
                              raw + raw, raw[: len(raw) // 2]])
        elif kind == 2:
            raw = raw.replace(b'"answers"', b'"answers": [], "answers"', 1)  # a duplicate key
        else:
            raw = _bytes_damage(rng, raw)
    return raw


RECORD_COMMANDS = [["replay", "{game.json}"], ["replay", "{game.json}", "--secrets"], ["replay", "{game.json}", "--svg-dir", "{pics/}"],
                   ["play", "--resume", "{game.json}", "--map", "{map.svg}"],
                   ["play", "--resume", "{game.json}", "--save", "{out.json}", "--map", "{map.svg}"]]


def make_case(seed: int, families: tuple[str, ...] = FAMILIES) -> Case:
    """The case of ``seed`` (deterministic) drawn from ``families``."""
    rng = random.Random(seed)
    family = rng.choice(families)
    if family == "gameargs":
        return _game_args_case(seed, rng)
    if family == "bigscene":
        return _big_scene_case(seed, rng)
    if family == "record":
        record = rng.choice(base_records())
        command = list(rng.choice(RECORD_COMMANDS))
        files = {"game.json": damage_record(rng, record)}
        if "{pics/}" in command:
            files["pics/"] = b""
        return Case(seed, family, command, files, stdin=rng.choice(["", "\n", "quit\n", "undo\nlog\nmap\nsave\n"]))
    if family == "scene":
        base = rng.choice(SCENES).read_text(encoding="utf-8")
        return Case(seed, family, list(rng.choice(SCENE_COMMANDS)), {"scene.yaml": damage_text(rng, base)})
    if family == "list":
        base = rng.choice(LISTS).read_text(encoding="utf-8")
        command = rng.choice([["validate", "{list.yaml}"], ["validate", "{list.yaml}", "--json"],
                              ["validate", "{list.yaml}", "--csv"], ["roster", "{list.yaml}"],
                              ["roster", "{list.yaml}", "--format", "html"]])
        return Case(seed, family, command, {"list.yaml": damage_text(rng, base)})
    if family == "faction":
        base = rng.choice(FACTIONS).read_text(encoding="utf-8")
        lists = {"list.yaml": rng.choice(LISTS).read_bytes()}
        command = rng.choice([["faction", "{sheet.yaml}"], ["faction", "{sheet.yaml}", "--json"],
                              ["validate", "{list.yaml}", "--faction-file", "{sheet.yaml}"]])
        return Case(seed, family, command, {"sheet.yaml": damage_text(rng, base), **lists})
    if family == "ruleset":
        files = {"rules.yaml": damage_text(rng, RULESET), "list.yaml": rng.choice(LISTS).read_bytes()}
        return Case(seed, family, ["validate", "{list.yaml}", "--ruleset", "{rules.yaml}"], files)
    argv = list(rng.choice(ODDS))
    for _ in range(rng.randint(1, 2)):
        if len(argv) > 1 and rng.random() < 0.8:
            argv[rng.randrange(1, len(argv))] = rng.choice(HOSTILE_ARGS)
        else:
            argv.append(rng.choice(HOSTILE_ARGS))
    return Case(seed, family, argv, {})


@dataclass
class Outcome:
    """What one case did."""

    case: Case
    status: int | None
    stdout: str
    stderr: str
    seconds: float
    """Wall-clock time."""
    crash: str = ""
    cpu_seconds: float = 0.0
    """CPU time, user and system, of this process and of the child processes it waited for."""


class _Timeout(BaseException):
    """Raised by an alarm; a BaseException so that no handler in the program swallows it."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


_ARMED = [False]  # an alarm may fire while it is being cancelled: only an armed one raises


def _alarm(signum: int, frame: object) -> None:
    if _ARMED[0]:
        _ARMED[0] = False
        if signum == signal.SIGPROF:
            raise _Timeout(f"timeout: more than {CASE_SECONDS:g} s of CPU")
        raise _Timeout(f"timeout: more than {WALL_SECONDS:g} s of wall-clock time")


def _cpu_now() -> float:
    """CPU seconds (user and system) used so far by this process and its reaped children."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def run_case(case: Case, folder: Path | None = None) -> Outcome:
    """Write the case's files into a fresh folder, run the command in this process, capture all."""
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        paths = {name: str(Path(tmp) / name) for name in case.files}
        for name, data in case.files.items():
            if name.endswith("/"):  # a folder the command writes into
                Path(paths[name]).mkdir()
            elif name.endswith("|"):  # a named pipe that nobody writes to
                os.mkfifo(paths[name])
            else:
                Path(paths[name]).write_bytes(data)
        # {name} is a file of the case, or a path in the case's folder for the command to write
        argv = [paths.get(a[1:-1], str(Path(tmp) / a[1:-1])) if a.startswith("{") and a.endswith("}") else a for a in case.argv]
        out, err = io.StringIO(), io.StringIO()
        crash = ""
        status: int | None = None
        # ITIMER_PROF counts this process's CPU time (all its threads), ITIMER_REAL the clock
        previous = signal.signal(signal.SIGALRM, _alarm), signal.signal(signal.SIGPROF, _alarm)
        _ARMED[0] = True
        signal.setitimer(signal.ITIMER_PROF, CASE_SECONDS)
        signal.setitimer(signal.ITIMER_REAL, WALL_SECONDS)
        start, cpu_start = time.perf_counter(), _cpu_now()
        stdin = sys.stdin
        sys.stdin = io.StringIO(case.stdin)
        cwd = os.getcwd()
        os.chdir(tmp)  # a hostile argument in place of an output path writes into the case's folder, not here
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = main(argv)
        except SystemExit as exc:  # argparse
            status = exc.code if isinstance(exc.code, int) else 2
        except _Timeout as exc:
            crash = exc.what
        except BaseException:  # noqa: BLE001 - the fuzz judge records every escape as a crash
            crash = traceback.format_exc(limit=-6)
        finally:
            os.chdir(cwd)
            sys.stdin = stdin
            _ARMED[0] = False
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous[0])
            signal.signal(signal.SIGPROF, previous[1])
        seconds, cpu = time.perf_counter() - start, _cpu_now() - cpu_start
    return Outcome(case, status, out.getvalue(), err.getvalue(), seconds, crash, cpu)


def problems(outcome: Outcome) -> list[str]:
    """The properties this outcome breaks (empty: all held)."""
    found: list[str] = []
    if outcome.crash:
        found.append(outcome.crash.strip().splitlines()[-1] if outcome.crash else "crash")
        return found
    if outcome.cpu_seconds > CASE_SECONDS:  # child processes, which the CPU alarm does not count
        found.append(f"timeout: {outcome.cpu_seconds:.1f} s of CPU (more than {CASE_SECONDS:g} s)")
    if outcome.status not in (0, 1, 2):
        found.append(f"exit status {outcome.status}")
    if "Traceback (most recent call last)" in outcome.stdout + outcome.stderr:
        found.append("a traceback was printed")
    if len(outcome.stdout) + len(outcome.stderr) > MAX_OUTPUT:
        found.append(f"output of {len(outcome.stdout) + len(outcome.stderr):,} characters")
    if outcome.status in (1, 2):
        text = outcome.stderr + outcome.stdout
        names = [name for name in outcome.case.files if name in text]
        # an argument's value named in the message (cut to 80 characters as messages cut it)
        names += [a for a in outcome.case.argv[1:] if len(a) > 1 and not a.startswith(("-", "{")) and a[:60] in text]
        if not text.strip():
            found.append("failed without a message")
        elif (outcome.stderr.strip() and outcome.case.files and not names
              and not any(w in outcome.stderr for w in ("usage:", "Argument", "arguments", "--", "line "))):
            found.append("the message does not say which input is wrong")
    return found


def crash_point(outcome: Outcome) -> str:
    """Where a crash happened (file:line of the innermost frame), to count distinct defects."""
    for line in reversed(outcome.crash.splitlines()):
        line = line.strip()
        if line.startswith('File "'):
            return line.split('"')[1].rsplit("/", 2)[-1] + ":" + line.split("line ")[1].split(",")[0]
    return outcome.crash.strip().splitlines()[-1] if outcome.crash else ""
