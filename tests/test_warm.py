"""The warm runner of the CLI tests (``tests/warm.py``) gives what ``python -m landsraad`` gives.

Each case runs the same command both ways, cold (a new interpreter, as a person runs it) and warm (a
child forked from a server that has imported the package), and compares the standard output, the
standard error, the exit status and the files written.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import warm

ROOT = Path(__file__).resolve().parents[1]


def _cold(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "landsraad", *args], capture_output=True, text=True, timeout=300,
                          **kwargs)  # type: ignore[call-overload]


CASES = {
    "version": ["--version"],
    "usage error": ["conquer"],
    "a table answer": ["measure", "scenes/table.yaml", "naib-1", "sardaukar-1"],
    "a data error": ["validate", "tests/data/lists/invalid"],
    "French by flag": ["--lang", "fr", "odds", "shoot", "--shooter", "atreides/soldier", "--target", "fremen/fedaykin",
                       "--weapon", "range=20,combat=+1,damage=+1", "--distance", "12"],
    "a game": ["demo", "--seed", "3", "--players", "random", "--quiet"],
}


@pytest.mark.parametrize("name", CASES)
def test_warm_and_cold_print_the_same_and_end_the_same(name: str) -> None:
    cold = _cold(CASES[name], cwd=ROOT)
    before = warm.forked
    hot = warm.run(CASES[name], cwd=ROOT, text=True, timeout=300)
    assert warm.forked == before + 1  # it did run warm
    assert (hot.returncode, hot.stdout, hot.stderr) == (cold.returncode, cold.stdout, cold.stderr)
    assert hot.args == cold.args


def test_the_working_directory_environment_and_input_are_the_commands(tmp_path: Path) -> None:
    # A played game on standard input, in French by the locale, saving its game in the working directory.
    env = {**os.environ, "LC_ALL": "", "LANG": "fr_FR.UTF-8"}
    args = ["play", "--seed", "1", "--opponent", "heuristic", "--save", "partie.json"]
    (tmp_path / "cold").mkdir()
    (tmp_path / "hot").mkdir()
    cold = _cold(args, cwd=tmp_path / "cold", env=env, input="quitter\n")
    before = warm.forked
    hot = warm.run(args, cwd=tmp_path / "hot", env=env, input="quitter\n", text=True, timeout=300)
    assert "Vous quittez la partie." in cold.stdout and warm.forked == before + 1
    assert (hot.returncode, hot.stdout, hot.stderr) == (cold.returncode, cold.stdout, cold.stderr)
    assert sorted(p.name for p in (tmp_path / "hot").iterdir()) == sorted(p.name for p in (tmp_path / "cold").iterdir())
    for path in (tmp_path / "cold").iterdir():
        assert (tmp_path / "hot" / path.name).read_bytes() == path.read_bytes(), path.name


def test_bytes_by_default_as_subprocess_gives() -> None:
    hot = warm.run(["--version"])
    assert isinstance(hot.stdout, bytes) and hot.stdout.startswith(b"landsraad ")


def test_a_command_past_its_timeout_is_killed_and_raises() -> None:
    with pytest.raises(subprocess.TimeoutExpired):
        warm.run(["simulate", "--red", "corrino", "--blue", "fremen", "--games", "100000", "--players", "random"], cwd=ROOT, timeout=1)
    assert warm.run(["--version"], timeout=60).returncode == 0  # the server goes on


def test_what_changes_how_python_starts_gets_a_real_interpreter(tmp_path: Path) -> None:
    assert not warm._needs_a_real_interpreter(ROOT, {"PYTHONPATH": str(ROOT), "LANG": "fr_FR.UTF-8"}, server={})
    assert not warm._needs_a_real_interpreter(ROOT, {"PYTHONUNBUFFERED": "1"}, server={"PYTHONUNBUFFERED": "1"})
    assert warm._needs_a_real_interpreter(ROOT, {}, server={"PYTHONUNBUFFERED": "1"})
    assert warm._needs_a_real_interpreter(ROOT, {"PYTHONHASHSEED": "1"}, server={})
    assert warm._needs_a_real_interpreter(ROOT, {"PYTHONPATH": str(tmp_path)}, server={})
    (tmp_path / "landsraad").mkdir()
    assert warm._needs_a_real_interpreter(tmp_path, {})
    # and such a command still runs, cold: its hash seed is its own
    before = warm.forked
    proc = warm.run(["--version"], cwd=ROOT, env={**os.environ, "PYTHONHASHSEED": "7"}, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stdout.startswith("landsraad ") and warm.forked == before



def test_a_byte_for_byte_copy_of_the_checkout_runs_warm_and_any_other_copy_cold(tmp_path: Path) -> None:
    server = dict(os.environ)
    for top in warm._SHIPPED:
        for source in (ROOT / top).rglob("*"):
            if source.is_file() and "__pycache__" not in source.parts:
                (tmp_path / source.relative_to(ROOT)).parent.mkdir(parents=True, exist_ok=True)
                (tmp_path / source.relative_to(ROOT)).write_bytes(source.read_bytes())
    assert not warm._needs_a_real_interpreter(tmp_path, server, server=server)
    scene = tmp_path / "scenes" / "table.yaml"
    scene.write_bytes(scene.read_bytes() + b"\n")  # one byte more in a bundled scene
    warm._same.clear()
    assert warm._needs_a_real_interpreter(tmp_path, server, server=server)
    scene.write_bytes(scene.read_bytes()[:-1])
    warm._same.clear()
    assert not warm._needs_a_real_interpreter(tmp_path, server, server=server)
    (tmp_path / "factions" / "extra.yaml").write_text("id: extra\n")  # a faction the checkout does not have
    warm._same.clear()
    assert warm._needs_a_real_interpreter(tmp_path, server, server=server)
    warm._same.clear()
