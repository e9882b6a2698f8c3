"""`landsraad demo` and `landsraad replay` in both languages: the story of a game in French, English unchanged.

The English golden files (``tests/data/i18n/game_en/demo.txt``, ``replay.txt``; apart from the
golden files of tests/cli/test_lang.py, which reads every file of its folder) were written by the
commands as they were before the narration was translated (landsraad d986f2d, the same arguments,
without ``--lang``); the test runs them again with ``--lang en`` and wants every byte back. To
write them again after an intended change of the English text or of the game:
``python tests/cli/test_game_lang.py tests/data/i18n/game_en``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from tests import warm

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "i18n" / "game_en"
DEMO = ["demo", "--seed", "1", "--secrets", "--svg", "final.svg", "--save", "game.json"]
REPLAY = ["replay", "--secrets", "game.json"]


def run(args: list[str], cwd: Path) -> str:
    proc = warm.run(args, text=True, cwd=cwd, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc.stdout + proc.stderr + f"rc={proc.returncode}\n"


def test_demo_and_replay_in_english_are_unchanged(tmp_path: Path) -> None:
    assert run(["--lang", "en", *DEMO], tmp_path) == (GOLDEN / "demo.txt").read_text(encoding="utf-8")
    assert run(["--lang", "en", *REPLAY], tmp_path) == (GOLDEN / "replay.txt").read_text(encoding="utf-8")


def test_demo_narrates_in_french(tmp_path: Path) -> None:
    out = run(["--lang", "fr", *DEMO], tmp_path)
    english = (GOLDEN / "demo.txt").read_text(encoding="utf-8").splitlines()
    lines = out.splitlines()
    assert out.endswith("rc=0\n") and len(lines) == len(english)
    assert lines[0] == "Mise en place : rouge joue corrino, bleu joue fremen."
    assert "Mise d'Honneur pour l'étape décors : rouge 0, bleu 0 ; victoire de bleu après un jet de départage (rouge 5, bleu 6)." in lines
    assert "bleu active en premier ; la pendule démarre (45 minutes)." in lines
    # a model the list did not name is called by its card's French name (Soldier 1 -> Soldat 1)
    assert "Soldat 1 (red-soldier-2) se déploie en (39,7 ; 1,5)." in lines
    # French decimals in lengths and points, the rulebook's words for wounds, cover and the score
    assert any(" se déplace de " in line and "," in line.split(" cm")[0][-4:] for line in lines)
    assert any(line.endswith(" de dégâts : une blessure légère.") for line in lines)
    assert any("(petit couvert)" in line for line in lines)
    assert "Fin de la partie après 59 activations : rouge 23 PV, bleu 2 PV : victoire de rouge." in lines
    assert "rouge (corrino) : 23 PV" in lines and "Résultat : victoire de rouge." in lines
    # the score sheet names the missions by the rulebook's names, as play's summary does
    assert "  3. Vol d'Epice : réussite +6" in lines and not any("Spice theft" in line for line in lines)
    assert "Partie enregistrée dans game.json (pour la rejouer : landsraad replay game.json)" in lines
    # a weapon by its French name (name_fr), where the English says its id or its English name (issue 40)
    assert "Soldat 2 (red-soldier-3) déclare un tir avec son arme Laser*." in lines
    assert any(" avec son arme Pistolet Maula à " in line for line in lines)
    assert not [line for line in lines if "maula pistol" in line.casefold() or " laser " in line]
    # no English sentence is left: every line of the story differs from its English
    assert not [f for f, e in zip(lines, english) if f == e and f.strip() and not f.startswith("rc=")]
    replay = run(["--lang", "fr", *REPLAY], tmp_path).splitlines()
    assert replay[-2] == "La partie enregistrée se rejoue à l'identique depuis sa mise en place et ses réponses, jusqu'au résultat enregistré."
    assert replay[:-2] == lines[:lines.index("")]  # the same story, then the check


if __name__ == "__main__":  # write the English golden files again
    import tempfile

    folder = Path(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        (folder / "demo.txt").write_text(run(DEMO, Path(tmp)), encoding="utf-8")
        (folder / "replay.txt").write_text(run(REPLAY, Path(tmp)), encoding="utf-8")
