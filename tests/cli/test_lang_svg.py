"""The ``--svg`` pictures (measure, shoot, move, reach, template, check-scene, demo) in both languages.

The English golden pictures (``tests/data/i18n/en-svg/``) were written by the commands before
their labels went through the translation layer (landsraad 69363c4, the same :data:`COMMANDS`,
without ``--lang``); the test draws them again with ``--lang en`` and wants every byte back, and
once in French, where it wants the rulebook's words and French decimals (and a golden French
pictures of :data:`FRENCH_GOLDEN`, ``tests/data/i18n/fr-svg/``, looked at as PNGs when written). To
write them again after an intended change: ``python tests/cli/test_lang_svg.py tests/data/i18n/en-svg``
(``python tests/cli/test_lang_svg.py --lang fr DIR`` draws every picture in French into DIR).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest

from tests import warm

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

FRENCH_GOLDEN = ("measure.svg", "move_blocked.svg")
"""The French pictures kept byte for byte (the others are checked for their words)."""


def draw(name: str, lang: list[str]) -> str:
    """The picture :data:`COMMANDS` ``name`` writes (``--svg``), as text."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / name
        proc = warm.run([*lang, *COMMANDS[name], "--svg", str(out)], text=True, cwd=ROOT, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert "Traceback" not in proc.stderr, proc.stderr
        assert out.is_file(), (proc.stdout, proc.stderr)
        return out.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def french() -> dict[str, str]:
    return {name: draw(name, ["--lang", "fr"]) for name in COMMANDS}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_lang_en_picture_is_the_golden_picture(name: str):
    assert draw(name, ["--lang", "en"]) == (GOLDEN / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", FRENCH_GOLDEN)
def test_french_picture_is_the_golden_french_picture(french: dict[str, str], name: str):
    assert french[name] == (GOLDEN_FR / name).read_text(encoding="utf-8")


def test_french_pictures_speak_french(french: dict[str, str]):
    for name, svg in french.items():
        for words in (">Légende<", ">nord<", ">sud (y = 0)  -  x et y en cm<", ">quadrillage : 10 cm<", ">camp rouge<"):
            assert words in svg, (name, words)
        for english in (">Legend<", ">Figures<", ">north<", "edge to edge", ">side red<", "Landsraad table"):
            assert english not in svg, (name, english)
    measure = french["measure.svg"]
    for words in (">mesure red-1 -&gt; blue-1<", ">Distance : 25,2 cm de socle à socle<", ">Ligne de vue : oui<",
                  ">Couvert : petit couvert (+2 en défense)<", ">Silhouette de blue-1, vue par le tireur<", ">37,8\u202f% cachée<",
                  ">h 1,5<", ">couvert : red-6<"):
        assert words in measure, words
    assert ">Permis : non (destination bloquée)<" in french["move_blocked.svg"]
    assert ">mouvement de red-1 vers (10 ; 20)<" in french["move.svg"]
    assert ">centres de socle atteignables<" in french["reach.svg"] and ">Zone atteignable : 185,3 cm² de positions du<" in french["reach.svg"]
    assert ">figurine touchée par le gabarit<" in french["template.svg"] and ">Esquive : red-8 doit parcourir 0,2 cm pour<" in french["template.svg"]
    assert ">vérification de la scène scenes/table.yaml<" in french["check_scene.svg"]
    assert ">tir sardaukar-1 -&gt; naib-1 avec " in french["shoot.svg"] and "Ce tir" in french["shoot.svg"]  # the verdict in the notes
    assert ">Position finale : rouge " in french["demo.svg"] and " min de jeu à la table<" in french["demo.svg"]


if __name__ == "__main__":  # write the golden pictures again: python tests/cli/test_lang_svg.py [--lang fr] FOLDER
    words = sys.argv[1:]
    folder = Path(words[-1])
    folder.mkdir(parents=True, exist_ok=True)
    for name in COMMANDS:
        (folder / name).write_text(draw(name, words[:-1]), encoding="utf-8")
