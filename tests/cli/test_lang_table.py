"""``measure`` and ``shoot`` at the table in both languages: French in the rulebook's words, English unchanged.

The English golden files (``tests/data/i18n/en-table/``) were written by the commands before
their wording went through the translation layer (landsraad d986f2d, the same :func:`scenario`,
without ``--lang``); the test runs the scenario again with ``--lang en`` (and once under a French
locale, which the flag overrides) and wants every byte back. To write them again after an
intended change of the English text: ``python tests/cli/test_lang_table.py tests/data/i18n/en-table``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "i18n" / "en-table"

COMMANDS: dict[str, list[str]] = {
    "measure_weapon.txt": ["measure", "scenes/reference.yaml", "red-1", "blue-1", "--weapon", "corrino:pistol"],
    "measure_plain.txt": ["measure", "scenes/reference.yaml", "red-5", "blue-8"],
    "measure_same_side.txt": ["measure", "scenes/reference.yaml", "red-1", "red-6", "--weapon", "10,+1"],
    "measure_terrain.txt": ["measure", "scenes/reference.yaml", "red-1", "rock"],
    "measure_transparent.txt": ["measure", "scenes/reference.yaml", "red-3", "blue-3", "--weapon", "10", "--models-transparent"],
    "measure_twice.txt": ["measure", "scenes/reference.yaml", "red-1", "red-1"],
    "shoot_table.txt": ["shoot", "scenes/table.yaml", "sardaukar-1", "naib-1"],
    "shoot_nearest.txt": ["shoot", "scenes/table.yaml", "sardaukar-1", "fedaykin-1"],
    "shoot_hidden.txt": ["shoot", "scenes/table.yaml", "mentat", "warrior-1"],
    "shoot_twice.txt": ["shoot", "scenes/table.yaml", "mentat", "mentat"],
}


def run(args: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    proc = subprocess.run([sys.executable, "-m", "landsraad", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def scenario(lang: list[str], env: dict[str, str] | None = None) -> dict[str, str]:
    """Every :data:`COMMANDS` output a person reads (stdout, stderr, exit code), by name."""
    out: dict[str, str] = {}
    for name, args in COMMANDS.items():
        proc = run([*lang, *args], env)
        out[name] = proc.stdout + proc.stderr + f"rc={proc.returncode}\n"
    return out


@pytest.fixture(scope="module")
def french() -> dict[str, str]:
    return scenario(["--lang", "fr"])


@pytest.mark.parametrize("env", [{}, {"LC_ALL": "fr_FR.UTF-8"}], ids=["C locale", "French locale"])
def test_lang_en_output_is_the_golden_output(env: dict[str, str]):
    got = scenario(["--lang", "en"], env)
    assert sorted(p.name for p in GOLDEN.iterdir()) == sorted(COMMANDS)
    for name in COMMANDS:
        assert got[name] == (GOLDEN / name).read_text(encoding="utf-8"), name


if __name__ == "__main__":  # write the golden files again: python tests/cli/test_lang_table.py FOLDER
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in scenario([]).items():
        (folder / name).write_text(text, encoding="utf-8")
