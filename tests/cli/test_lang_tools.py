"""The table's other tools and the lab in both languages: factions, check-scene, template, house, simulate, balance.

The English golden files (``tests/data/i18n/en-tools/``) were written by the commands before their
texts went through the catalog (landsraad 69363c4, the same :func:`scenario`); the test runs the
scenario again with ``--lang en`` and wants every byte back. French: the same commands answer in the
rulebook's words. To write the golden files again after an intended change of the English text:
``python -m tests.cli.test_lang_tools tests/data/i18n/en-tools``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tests.cli.langrun import outputs

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "i18n" / "en-tools"

COMMANDS: dict[str, list[str]] = {
    "factions": ["factions"],
    "faction-fremen": ["faction", "fremen"],
    "faction-corrino": ["faction", "corrino"],
    "faction-unknown": ["faction", "fremens"],
    "check-scene": ["check-scene", "reference"],
    "check-scene-edges": ["check-scene", "reference", "--edge", "red=south", "--edge", "blue=north"],
    "check-scene-bad-edge": ["check-scene", "reference", "--edge", "red=up"],
    "check-scene-missing": ["check-scene", "no-such-scene.yaml"],
    "template-blast": ["template", "reference", "--blast", "30,30"],
    "template-dodge": ["template", "reference", "--blast", "30,30", "--dodge", "5"],
    "template-direct": ["template", "reference", "--direct", "red-1", "--toward", "30,40", "--length", "20"],
    "template-none": ["template", "reference"],
    "house-new": ["house", "new", "House Ecaz", "--out", "ecaz.yaml", "--list", "ecaz-list.yaml"],
    "house-price": ["house", "price", "ecaz.yaml"],
    "house-price-missing": ["house", "price", "nothing.yaml"],
    "simulate": ["simulate", "--red", "corrino", "--blue", "fremen", "--games", "2", "--players", "random"],
    "balance": ["balance", "--factions", "corrino,fremen", "--games", "1", "--players", "random"],
}
"""Each case of the scenario: its name and the command's words (run in order, in one folder)."""


def _steady(text: str) -> str:
    """Output without what changes from run to run (speed, timings, temporary folders)."""
    text = re.sub(r"\d+(?:[.,]\d+)? (games/s|parties/s)", r"N \1", text)
    return re.sub(r"\(\d+(?:[.,]\d+)? (s|min)\)", r"(T \1)", text)


def scenario(folder: Path, lang: list[str]) -> dict[str, str]:
    folder.mkdir(parents=True, exist_ok=True)
    return outputs(COMMANDS, lang, cwd=folder, env={"COLUMNS": "80"}, timeout=300, steady=_steady)


@pytest.fixture(scope="module")
def english(tmp_path_factory) -> dict[str, str]:
    return scenario(tmp_path_factory.mktemp("en"), ["--lang", "en"])


@pytest.fixture(scope="module")
def french(tmp_path_factory) -> dict[str, str]:
    return scenario(tmp_path_factory.mktemp("fr"), ["--lang", "fr"])


def test_english_is_unchanged(english):
    for name in COMMANDS:
        assert english[name] == (GOLDEN / f"{name}.txt").read_text(encoding="utf-8"), name


def test_french_factions_and_sheets(french):
    assert french["factions"].splitlines()[0].split()[:3] == ["id", "nom", "source"]
    sheet = french["faction-fremen"]
    for words in ("Règles spéciales", "Caserne", "Arsenal", "Armes communes", "Armes de spécialistes", "Honneur 3",
                  "Épice 6 doses"):
        assert words in sheet, words
    assert "Unknown faction" not in french["faction-unknown"] and french["faction-unknown"].endswith("rc=2\n")
    assert "Vouliez-vous dire 'fremen' ?" in french["faction-unknown"]


def test_french_check_scene(french):
    assert "Le fichier est valide." in french["check-scene"]
    assert "R-DEPLOY : non vérifié" in french["check-scene"]
    assert "R-DEPLOY" in french["check-scene-edges"] and "ok" in french["check-scene-edges"]
    assert "erreur" in french["check-scene-bad-edge"] and french["check-scene-bad-edge"].endswith("rc=2\n")
    assert french["check-scene-missing"].endswith("rc=2\n") and "There is no" not in french["check-scene-missing"]


def test_french_templates(french):
    assert french["template-blast"].startswith("Gabarit d'explosion (5 cm de rayon) en (30 ; 30) : touche red-7, red-8, blue-3.")
    assert "esquive" in french["template-dodge"]
    assert "Gabarit de tir direct" in french["template-direct"]


def test_french_house_and_lab(french):
    assert "ecaz.yaml" in french["house-new"] and "rc=0" in french["house-new"]
    assert "élément" in french["house-price"] and "modèle" in french["house-price"] and "rc=0" in french["house-price"]
    assert french["house-price-missing"].endswith("rc=2\n") and "aucun fichier" in french["house-price-missing"]
    assert re.search(r"2 parties, graines 0 à 1 : rouge \(corrino\) \d, bleu \(fremen\) \d, nuls \d", french["simulate"])
    assert "PV en moyenne" in french["simulate"]
    assert "parties" in french["balance"] and "rc=0" in french["balance"]


def _content_texts() -> list[str]:
    """What the content files say in their own words (a faction's and a card's text, a special rule's summary):
    content, English only for now, not the command's words."""
    from landsraad.content import faction_ids, load_faction
    from landsraad.specials import SPECIAL_RULES

    texts = [rule.summary for rule in SPECIAL_RULES]
    for fid in faction_ids():
        faction = load_faction(fid)
        texts += [t for t in [faction.text, *(p.text for p in faction.profiles)] if t]
    return texts


def test_no_english_sentence_left_in_french(english, french):
    """No line of the English answers comes back word for word in French (ids, numbers, file names and content aside)."""
    left = []
    content = _content_texts()
    for name in COMMANDS:
        english_lines = {line.strip() for line in english[name].splitlines()
                         if len(re.findall(r"\b[a-z]{3,}\b", re.sub(r"'[^']*'|\S+\.(?:yaml|json|svg)|[\w-]+=\S+", " ", line))) >= 3
                         and not any(text in line for text in content)}
        left += [f"{name}: {line}" for line in sorted(english_lines & {line.strip() for line in french[name].splitlines()})]
    assert not left, "\n".join(left)


if __name__ == "__main__":
    target = Path(sys.argv[1])
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        for name, text in scenario(Path(tmp), []).items():
            target.mkdir(parents=True, exist_ok=True)
            (target / f"{name}.txt").write_text(text, encoding="utf-8")
