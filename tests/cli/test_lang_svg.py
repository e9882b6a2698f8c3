"""The ``--svg`` pictures (measure, shoot, move, reach, template, check-scene, demo) in both languages.

The English golden pictures (``tests/data/i18n/en-svg/``) were written by the commands before
their labels went through the translation layer (landsraad 69363c4, the same :data:`COMMANDS`,
without ``--lang``); the test draws them again with ``--lang en`` and wants every byte back, and
once in French, where it wants the rulebook's words and French decimals (and a golden French
picture, ``tests/data/i18n/fr-svg/``). To write them again after an intended change:
``python tests/cli/test_lang_svg.py tests/data/i18n/en-svg`` (``--lang fr ... fr-svg`` for the French).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "i18n" / "en-svg"
GOLDEN_FR = ROOT / "tests" / "data" / "i18n" / "fr-svg"

COMMANDS: dict[str, list[str]] = {
    "measure.svg": ["measure", "scenes/reference.yaml", "red-1", "blue-1", "--weapon", "corrino:pistol"],
    "shoot.svg": ["shoot", "scenes/table.yaml", "sardaukar-1", "naib-1"],
    "move.svg": ["move", "scenes/reference.yaml", "red-1", "--to", "10,20"],
    "move_blocked.svg": ["move", "scenes/reference.yaml", "red-1", "--to", "40,40"],
    "reach.svg": ["reach", "scenes/reference.yaml", "red-1"],
    "template.svg": ["template", "scenes/reference.yaml", "--blast", "30,33", "--dodge", "red-8=3", "blue-3=6"],
    "check_scene.svg": ["check-scene", "scenes/table.yaml", "--stage", "play"],
    "demo.svg": ["demo", "--seed", "3"],
}


def draw(name: str, lang: list[str]) -> str:
    """The picture :data:`COMMANDS` ``name`` writes (``--svg``), as text."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / name
        proc = subprocess.run([sys.executable, "-m", "landsraad", *lang, *COMMANDS[name], "--svg", str(out)],
                              capture_output=True, text=True, cwd=ROOT, timeout=300,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert "Traceback" not in proc.stderr, proc.stderr
        assert out.is_file(), (proc.stdout, proc.stderr)
        return out.read_text(encoding="utf-8")


if __name__ == "__main__":  # write the golden pictures again: python tests/cli/test_lang_svg.py [--lang fr] FOLDER
    words = sys.argv[1:]
    folder = Path(words[-1])
    folder.mkdir(parents=True, exist_ok=True)
    for name in COMMANDS:
        (folder / name).write_text(draw(name, words[:-1]), encoding="utf-8")
