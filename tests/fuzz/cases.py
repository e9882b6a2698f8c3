"""Seeded fuzz cases for the non-game commands, and an in-process runner that judges them.

A case is a command line plus the files it reads, generated from one integer seed by
:func:`make_case`, so any failure is reproduced by its seed alone. Files start from the real
content (list files, faction sheets, a ruleset) and are then damaged: a hostile scalar in
place of a value (``.nan``, ``1e308``, a 5,000-digit integer, ``!!set``, a 100 kB string...),
a structural attack (alias bomb, recursive alias, 5,000-deep nesting, a non-text key), or a
byte-level cut, flip or non-UTF-8 byte. Arguments of ``odds``, ``resolve``, ``faction``,
``validate``, ``roster`` and ``schema`` get the same treatment.

:func:`run_case` runs ``landsraad.cli.main`` in this process with its output captured and a
10 s alarm, and returns a :class:`Outcome`; :func:`problems` lists what breaks the properties:
no traceback, exit 0, 1 or 2 (and 1 or 2 with a message naming the input when the input was
damaged), no more than 10 s, output bounded.

Used by ``tests/fuzz/test_fuzz.py`` (a few hundred cases) and ``bench/fuzz.py`` (the long run).
"""

from __future__ import annotations

import contextlib
import io
import random
import signal
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from landsraad.cli import main

REPO = Path(__file__).resolve().parents[2]
CASE_SECONDS = 10
"""The longest a case may run."""
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


SCENES = sorted((REPO / "scenes").glob("*.yaml"))
SCENE_COMMANDS = [["check-scene", "{scene.yaml}"], ["measure", "{scene.yaml}", "red-1", "blue-1"],
                  ["reach", "{scene.yaml}", "red-1", "--movement", "5"], ["move", "{scene.yaml}", "red-1", "--to", "30,30"],
                  ["template", "{scene.yaml}", "--blast", "30,30"]]
FAMILIES = ("list", "faction", "ruleset", "args")
"""The families of the default run; ``scene`` (scene files, hardened elsewhere) is opt-in."""


def make_case(seed: int, families: tuple[str, ...] = FAMILIES) -> Case:
    """The case of ``seed`` (deterministic) drawn from ``families``."""
    rng = random.Random(seed)
    family = rng.choice(families)
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
    crash: str = ""


class _Timeout(BaseException):
    """Raised by the alarm; a BaseException so that no handler in the program swallows it."""


_ARMED = [False]  # the alarm may fire while it is being cancelled: only an armed one raises


def _alarm(signum: int, frame: object) -> None:
    if _ARMED[0]:
        _ARMED[0] = False
        raise _Timeout()


def run_case(case: Case, folder: Path | None = None) -> Outcome:
    """Write the case's files into a fresh folder, run the command in this process, capture all."""
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        paths = {name: str(Path(tmp) / name) for name in case.files}
        for name, data in case.files.items():
            Path(paths[name]).write_bytes(data)
        argv = [paths.get(a[1:-1], a) if a.startswith("{") and a.endswith("}") else a for a in case.argv]
        out, err = io.StringIO(), io.StringIO()
        crash = ""
        status: int | None = None
        previous = signal.signal(signal.SIGALRM, _alarm)
        _ARMED[0] = True
        signal.alarm(CASE_SECONDS)
        start = time.perf_counter()
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = main(argv)
        except SystemExit as exc:  # argparse
            status = exc.code if isinstance(exc.code, int) else 2
        except _Timeout:
            crash = f"timeout: more than {CASE_SECONDS} s"
        except BaseException:  # noqa: BLE001 - the fuzz judge records every escape as a crash
            crash = traceback.format_exc(limit=-6)
        finally:
            _ARMED[0] = False
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
        seconds = time.perf_counter() - start
    return Outcome(case, status, out.getvalue(), err.getvalue(), seconds, crash)


def problems(outcome: Outcome) -> list[str]:
    """The properties this outcome breaks (empty: all held)."""
    found: list[str] = []
    if outcome.crash:
        found.append(outcome.crash.strip().splitlines()[-1] if outcome.crash else "crash")
        return found
    if outcome.status not in (0, 1, 2):
        found.append(f"exit status {outcome.status}")
    if "Traceback (most recent call last)" in outcome.stdout + outcome.stderr:
        found.append("a traceback was printed")
    if len(outcome.stdout) + len(outcome.stderr) > MAX_OUTPUT:
        found.append(f"output of {len(outcome.stdout) + len(outcome.stderr):,} characters")
    if outcome.status in (1, 2):
        text = outcome.stderr + outcome.stdout
        names = [name for name in outcome.case.files if name in text]
        if not text.strip():
            found.append("failed without a message")
        elif (outcome.stderr.strip() and outcome.case.files and not names
              and not any(w in outcome.stderr for w in ("usage:", "Argument", "--", "line "))):
            found.append("the message does not say which input is wrong")
    return found


def crash_point(outcome: Outcome) -> str:
    """Where a crash happened (file:line of the innermost frame), to count distinct defects."""
    for line in reversed(outcome.crash.splitlines()):
        line = line.strip()
        if line.startswith('File "'):
            return line.split('"')[1].rsplit("/", 2)[-1] + ":" + line.split("line ")[1].split(",")[0]
    return outcome.crash.strip().splitlines()[-1] if outcome.crash else ""
