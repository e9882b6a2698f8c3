"""``advise`` and ``threat`` in French: the models named by the scene's French names, the pictures' texts in French.

The English output of these commands is the one they wrote before (the ids, ``expected damage``); JSON keeps
the ids whatever the language (issue 40).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from landsraad import wording
from landsraad.i18n import localized, use_language
from landsraad.scene import load_scene
from landsraad.table.advice import Advice, advise
from landsraad.table.boards import facts_of
from tests.cli.langrun import landsraad

ROOT = Path(__file__).resolve().parents[2]
TABLE = "scenes/table.yaml"


def _texts(svg: str) -> list[str]:
    """The texts a person reads in a picture (its title and every label, entities as written)."""
    return [re.sub(r"<[^>]+>", "", t) for t in re.findall(r"<(?:text|title)\b[^>]*>(.*?)</(?:text|title)>", svg, re.S)]


@pytest.fixture(scope="module")
def answers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """``advise TABLE sardaukar-1`` run in French (text and picture in one command, as a person asks it), in French
    with ``--json``, and through the library (6 to 10 s of CPU each); the English lines are the library's answer
    through the wording module the command prints with (the English picture: ``tests/cli/test_advise.py``)."""
    folder = tmp_path_factory.mktemp("advise")
    runs: dict[str, object] = {}
    out = landsraad(["--lang", "fr", "advise", TABLE, "sardaukar-1", "--svg", str(folder / "fr.svg")])
    assert out.returncode == 0, out.stderr
    runs["fr"] = out.stdout
    runs["fr.svg"] = (folder / "fr.svg").read_text(encoding="utf-8")
    out = landsraad(["--lang", "fr", "advise", "--json", TABLE, "sardaukar-1"])
    assert out.returncode == 0, out.stderr
    runs["fr.json"] = json.loads(out.stdout)
    scene = load_scene(ROOT / TABLE)
    runs["library"] = answer = advise(scene, "sardaukar-1", scene_name=TABLE)
    with use_language("en"):
        runs["en"] = "\n".join(wording.advice_lines(answer, top=5, shown=facts_of(scene).shown))
    return runs


def test_advise_names_the_models_and_the_cover_by_their_french_names(answers: dict[str, object]):
    text = answers["fr"]
    assert isinstance(text, str)
    assert text.startswith("Sardaukar 1 (mouvement 10 cm) : 4 options")
    assert "2. tirer sur Fedaykin 1 avec l'arme Lance sardaukar depuis sa position." in text
    assert "Fedaykin 1 est l'ennemi le plus proche que Sardaukar 1 voit (RUL-08) ; petit couvert de muret." in text
    assert "prise pour cible par Naïb 1, Fedaykin 1 ou chargée par Fedaykin 1" in text
    assert "l'affrontement au corps à corps si Sardaukar 1 attaque et Fedaykin 1 défend" in text
    prose = [line for line in text.splitlines() if not line.lstrip().startswith("$")]  # the command lines keep the ids
    for line in prose:
        for model_id in ("sardaukar-1", "fedaykin-1", "naib-1", "wall"):
            assert model_id not in line, line
    english = answers["en"]
    assert isinstance(english, str)
    assert "fedaykin-1 is the nearest enemy sardaukar-1 sees (RUL-08); cover small from wall." in english


def test_the_json_is_the_librarys_whatever_the_language(answers: dict[str, object]):
    library = answers["library"]
    assert isinstance(library, Advice)
    assert answers["fr.json"] == json.loads(json.dumps(library.to_dict()))


def test_the_library_names_the_nearest_target_in_the_reason_by_its_french_name(answers: dict[str, object]):
    answer = answers["library"]
    assert isinstance(answer, Advice)
    shot = next(o for o in answer.options if o.kind == "shoot")
    assert str(shot.reasons[0]) == "fedaykin-1 is the nearest enemy sardaukar-1 sees (RUL-08)"  # JSON's text: the ids
    with use_language("fr"):
        assert localized(shot.reasons[0]) == "Fedaykin 1 est l'ennemi le plus proche que Sardaukar 1 voit (RUL-08)"
        assert localized(shot.reasons[1]) == "petit couvert de muret"


def test_template_reasons_name_the_models_under_it_by_their_french_names(tmp_path: Path):
    scene = yaml.safe_load((ROOT / "tests" / "data" / "scenes" / "advise-template.yaml").read_text(encoding="utf-8"))
    french = {"gun": "Canonnier", "w1": "Guerrier 1", "w2": "Guerrier 2", "w3": "Guerrier 3", "pal": "Soldat", "flam": "Lance-flammes"}
    for m in scene["models"]:
        m["name_fr"] = french[m["id"]]
    path = tmp_path / "template.yaml"
    path.write_text(yaml.safe_dump(scene, allow_unicode=True), encoding="utf-8")
    text = landsraad(["--lang", "fr", "advise", str(path), "gun"]).stdout
    assert text.startswith("Canonnier (mouvement")
    assert "   Guerrier 1 (ennemie, à découvert) : atteinte " in text
    why = next(line for line in text.splitlines() if "Pourquoi" in line and "gabarit" in line)
    assert "à 20,8 cm du socle de Canonnier" in why and "dessous : Guerrier 1 (ennemie, à découvert), Guerrier 2" in why
    assert not re.search(r"\b(w1|w2|gun)\b", why), why


def test_advise_picture_speaks_french(answers: dict[str, object]):
    picture = answers["fr.svg"]
    assert isinstance(picture, str)
    joined = " ".join(_texts(picture))
    assert "conseils pour sardaukar-1 : se déplacer en (23 ; 25), puis tirer sur fedaykin-1" in joined
    assert "dégâts moyens 5,40, risque 2" in joined
    for english in ("advise ", "expected damage", "risk ", "5.40"):
        assert english not in joined, english


def test_threat_picture_speaks_french(tmp_path: Path):
    for reverse in ([], ["--reverse"]):
        picture = tmp_path / "threat.svg"
        out = landsraad(["--lang", "fr", "threat", TABLE, "sardaukar-1", "--no-grid", "--resolution", "6", *reverse,
                         "--svg", str(picture)])
        assert out.returncode == 0, out.stderr
        texts = _texts(picture.read_text(encoding="utf-8"))
        assert texts[0] == ("menaces de sardaukar-1 --reverse" if reverse else "menaces sur sardaukar-1"), texts[0]
        assert "Légende" in texts and not any(t.startswith("threat") for t in texts)
