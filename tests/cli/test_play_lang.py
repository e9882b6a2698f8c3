"""`landsraad play`, its drills and its mission cards in both languages: the terminal game in French, English unchanged.

The English golden files (``tests/data/i18n/play_en/``) were written by the commands as they were
before the play prompts were translated (landsraad 69363c4, the same :data:`SCENARIOS`, without
``--lang``): scripted sessions through the plain terminal (stdin is a pipe), every command typed
at a prompt, refusals, undo, a save and its resume, a drill to its report, a whole game to its
summary. The test runs them again with ``--lang en`` and wants every byte back. To write them again
after an intended change of the English text or of the game:
``python tests/cli/test_play_lang.py tests/data/i18n/play_en``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "i18n" / "play_en"

_AT_ACTIVATION = ["status", "hint", "log 3", "xyz", "undo", "ask", "map m.svg", "save s.json", ""]

SCENARIOS: dict[str, tuple[list[str], list[str]]] = {
    # name: (command line, lines typed)
    "commands": (["play", "--seed", "1", "--opponent", "heuristic"],
                 ["help", "status", "hint", "foo", "9", "", "", "foo", "mission prot", "mission", "mission zzz", "1,6,7,4",
                  "undo", "1,6,7,4", "200,3", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "",
                  *_AT_ACTIVATION, "", "", "", "", "", *_AT_ACTIVATION, "contact blue", "toward blue-warrior-1 3", "skip",
                  "", "", "", "", "", "", "quit"]),
    "resume": (["play", "--seed", "1", "--opponent", "heuristic", "--save", "r.json"],
               ["", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", ""]),
    "resumed": (["play", "--resume", "r.json", "--opponent", "heuristic"], ["status", "", "", "", "", "quit"]),
    "game": (["play", "--seed", "2", "--opponent", "heuristic"], [""] * 500),
    "drill_defaults": (["play", "--drill", "activation-terminals", "--defaults", "--opponent", "heuristic"], [""] * 200),
    "drill": (["play", "--drill", "treachery-first-blood", "--opponent", "heuristic"], ["", "hint", "1"] * 120),
    "physical": (["play", "--dice", "physical", "--human", "both", "--seed", "4", "--opponent", "heuristic"],
                 ["", "7 3", "11 2", "a b", "", "hint", "3 4 5", "2", "", "x", "", "1 2 3", "", "5 5 5"] * 20),
    "drill_list": (["drill", "list"], []),
    "missions": (["missions"], []),
    "mission": (["mission", "prot"], []),
    "mission_unknown": (["mission", "zzz"], []),
    "bad_opponent": (["play", "--opponent", "grandmaster"], []),
    "finished": (["play", "--resume", "done.json"], []),
}
"""Each scenario runs in one folder, in this order (``resumed`` goes on with ``resume``'s save)."""


def run(args: list[str], lines: list[str], cwd: Path, lang: list[str] | None = None) -> str:
    proc = subprocess.run([sys.executable, "-m", "landsraad", *(lang or []), *args], input="".join(f"{x}\n" for x in lines),
                          capture_output=True, text=True, cwd=cwd, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "LC_ALL": "C.UTF-8"})
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc.stdout + proc.stderr + f"rc={proc.returncode}\n"


def _finished_game(cwd: Path) -> None:
    subprocess.run([sys.executable, "-m", "landsraad", "demo", "--seed", "1", "--save", "done.json"], capture_output=True, cwd=cwd,
                   timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)


def all_outputs(cwd: Path, lang: list[str] | None = None) -> dict[str, str]:
    _finished_game(cwd)
    return {name: run(args, lines, cwd, lang) for name, (args, lines) in SCENARIOS.items()}


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return all_outputs(tmp_path_factory.mktemp("en"), ["--lang", "en"])


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_play_in_english_is_unchanged(english: dict[str, str], name: str) -> None:
    assert english[name] == (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")


if __name__ == "__main__":  # write the English golden files again
    import tempfile

    folder = Path(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        for key, text in all_outputs(Path(tmp)).items():
            (folder / f"{key}.txt").write_text(text, encoding="utf-8")
