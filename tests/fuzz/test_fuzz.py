"""Fuzzing (issue 15): seeded hostile lists, faction sheets, rulesets, arguments, scene files
and saved games never end in a traceback, a hang or a flood of output.

The default run judges 1,200 seeded cases of the first four families, 200 of scene files and
200 of saved games (``tests/fuzz/cases.py``) in process; the long run
is ``python bench/fuzz.py`` (figures in docs/reliability.md). A failing seed reproduces alone:
``run_case(make_case(seed))``. The named attacks of the issue are also run as real commands.
"""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

import pytest

from tests import warm
from tests.fuzz.cases import CASE_SECONDS, MAX_OUTPUT, Case, Outcome, base_records, make_case, problems, run_case

CHUNK = 100
SCENE_SEEDS = 200_000
"""The first seed of the scene block (the seeds of the scene run in docs/reliability.md)."""
RECORD_SEEDS = 300_000
"""The first seed of the saved-game block."""


@pytest.mark.parametrize("chunk", range(12))
def test_fuzzed_inputs_never_crash_hang_or_flood(chunk):
    failures = []
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        outcome = run_case(make_case(seed))
        found = problems(outcome)
        if found:
            failures.append((seed, outcome.case.family, [a[:60] for a in outcome.case.argv], found))
    assert not failures, failures


@pytest.mark.parametrize("family, start", [("scene", SCENE_SEEDS), ("scene", SCENE_SEEDS + CHUNK),
                                           ("record", RECORD_SEEDS), ("record", RECORD_SEEDS + CHUNK)])
def test_fuzzed_scenes_and_saved_games_never_crash_hang_or_flood(family, start):
    failures = []
    for seed in range(start, start + CHUNK):
        outcome = run_case(make_case(seed, (family,)))
        found = problems(outcome)
        if found:
            failures.append((seed, outcome.case.family, [a[:60] for a in outcome.case.argv], found))
    assert not failures, failures


def test_damaged_saved_games_are_usually_resealed_so_the_damage_reaches_the_replay(tmp_path):
    from landsraad.engine.record import load_record
    from landsraad.errors import DataError

    bases = {json.dumps(r, sort_keys=True) for r in base_records()}
    loaded = changed = 0
    for seed in range(RECORD_SEEDS, RECORD_SEEDS + 60):
        case = make_case(seed, ("record",))
        assert case == make_case(seed, ("record",))  # reproducible from the seed alone
        path = tmp_path / f"{seed}.json"
        path.write_bytes(case.files["game.json"])
        try:
            record = load_record(path)
        except DataError:
            continue
        loaded += 1  # its hash holds: the damage is met by the replay, not by the hash check
        changed += json.dumps(record.model_dump(mode="json"), sort_keys=True) not in bases
    assert loaded >= 15 and changed >= 10, (loaded, changed)


def test_the_cases_are_reproducible_and_varied():
    assert make_case(123) == make_case(123)
    families = {make_case(seed).family for seed in range(200)}
    assert families == {"list", "faction", "ruleset", "args"}
    damaged = [make_case(seed) for seed in range(200) if make_case(seed).family == "list"]
    originals = {p.read_bytes() for p in Path(__file__).resolve().parents[2].glob("examples/lists/*.yaml")}
    assert any(case.files["list.yaml"] not in originals for case in damaged)


@pytest.mark.parametrize(
    "outcome, words",
    [
        (Outcome(Case(0, "args", ["odds"]), None, "", "", 0.1, "Traceback...\nValueError: boom"), "ValueError"),
        (Outcome(Case(0, "args", ["odds"]), 3, "", "", 0.1), "exit status 3"),
        (Outcome(Case(0, "args", ["odds"]), 1, "", "", 0.1), "without a message"),
        (Outcome(Case(0, "args", ["odds"]), 0, "x" * (MAX_OUTPUT + 1), "", 0.1), "output of"),
        (Outcome(Case(0, "list", ["validate"], {"list.yaml": b""}), 1, "", "landsraad: error: bad.", 0.1),
         "does not say which input"),
        (Outcome(Case(0, "args", ["odds"]), None, "", "", CASE_SECONDS, "timeout: more than 10 s"), "timeout"),
    ],
)
def test_the_judge_flags_each_broken_property(outcome, words):
    assert any(words in problem for problem in problems(outcome))


def test_the_judge_accepts_an_error_naming_the_hostile_argument():
    # `simulate --red 1e308`: "no such file or bundled faction '1e308'" names the wrong value
    case = Case(0, "gameargs", ["simulate", "--red", "1e308", "--log", "{log/}"], {"log/": b""})
    outcome = Outcome(case, 2, "", "landsraad: error: no such file or bundled faction '1e308'.", 0.1)
    assert problems(outcome) == []
    unnamed = Outcome(case, 2, "", "landsraad: error: no such faction.", 0.1)
    assert any("does not say which input" in p for p in problems(unnamed))


def _spin(argv):
    end = time.process_time() + 5
    while time.process_time() < end:
        pass
    return 0


def _sleep(argv):
    time.sleep(1.2)
    return 0


def test_the_judge_times_cpu_not_the_clock(monkeypatch):
    import tests.fuzz.cases as cases

    monkeypatch.setattr(cases, "CASE_SECONDS", 0.5)
    monkeypatch.setattr(cases, "main", _spin)
    spun = run_case(Case(0, "args", ["odds"]))
    assert "more than 0.5 s of CPU" in spun.crash and 0.4 < spun.cpu_seconds < 2
    # a case that waits (as a starved one does) uses no CPU: past the CPU limit on the clock, it passes
    monkeypatch.setattr(cases, "main", _sleep)
    slept = run_case(Case(0, "args", ["odds"]))
    assert slept.seconds > 1.2 and slept.cpu_seconds < 0.5 and problems(slept) == []
    # ... until the wall-clock cap
    monkeypatch.setattr(cases, "WALL_SECONDS", 0.3)
    hung = run_case(Case(0, "args", ["odds"]))
    assert "more than 0.3 s of wall-clock time" in hung.crash and problems(hung)


def test_the_judge_counts_the_cpu_of_child_processes():
    outcome = Outcome(Case(0, "args", ["odds"]), 0, "ok", "", 3.0, "", CASE_SECONDS + 1)
    assert any("s of CPU" in p for p in problems(outcome))


def test_the_judge_accepts_a_located_error():
    outcome = Outcome(Case(0, "list", ["validate"], {"list.yaml": b""}), 1, "",
                      "landsraad: error: /tmp/x/list.yaml: line 3, column 1: Duplicate key 'a'.", 0.1)
    assert problems(outcome) == []


# --- the named attacks, as real commands ----------------------------------------------


def _laughs(levels: int = 9) -> str:
    lines = ["l0: &l0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


ATTACKS = {
    "alias bomb": _laughs(),
    "recursive alias": "faction: corrino\nmodels: &x [*x]\n",
    "5,000-deep nesting": "faction: corrino\nmodels: " + "[" * 5000 + "]" * 5000 + "\n",
    "a set": "faction: corrino\nmodels: !!set {a, b}\n",
    "an integer key": "faction: corrino\n1: soldier\n",
    "a 5,000-digit integer": "faction: corrino\npoints: " + "9" * 5000 + "\n",
}


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return warm.run(args, text=True, timeout=120)


@pytest.mark.parametrize("attack", sorted(ATTACKS))
@pytest.mark.parametrize("role", ["list", "faction sheet", "ruleset"])
def test_each_named_yaml_attack_is_a_located_error_in_every_kind_of_file(tmp_path, attack, role):
    bad = tmp_path / "evil.yaml"
    bad.write_text(ATTACKS[attack], encoding="utf-8")
    good = Path(__file__).resolve().parents[2] / "examples" / "lists" / "corrino.yaml"
    args = {"list": ["validate", str(bad)], "faction sheet": ["faction", str(bad)],
            "ruleset": ["validate", str(good), "--ruleset", str(bad)]}[role]
    out = _cli(*args)
    text = out.stdout + out.stderr
    assert out.returncode == 1, text
    assert "Traceback" not in text and "evil.yaml" in text and "line" in text
    assert len(text) < 5_000
