"""``landsraad threat`` run as the real command (issue 39): the answer, the JSON map, the picture, errors."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests import warm

REPO = Path(__file__).resolve().parents[2]
SCENE = str(REPO / "tests" / "data" / "scenes" / "threat.yaml")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return warm.run(args, cwd=REPO, text=True, timeout=300)


def test_the_answer_where_the_model_stands_and_at_a_point(tmp_path):
    svg = tmp_path / "threat.svg"
    r = run("threat", SCENE, "hero", "--resolution", "3", "--at", "21,51", "--svg", str(svg))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("Threat map of hero: who could see, shoot (hit odds) or charge it at each cell")
    assert "20 x 20 cells of 3 cm" in lines[0]
    assert lines[1].startswith("Where it stands, the cell at (10.5, 31.5): seen by brute; shot by nobody")
    assert lines[2].startswith("Asked, the cell at (22.5, 52.5): seen by gunner, brute; shot by gunner (Maula rifle")
    assert any(line.startswith("- brute: sees it at ") for line in lines)
    grid = lines[lines.index(next(x for x in lines if x.startswith("Map, north at the top"))) + 1:-1]
    assert len(grid) == 20 and all(len(row.strip()) == 20 for row in grid) and sum(row.count("@") for row in grid) == 1
    text = svg.read_text()
    assert '<g class="shade">' in text and "threat hero" in text


def test_json_is_the_library_map_with_the_cells_asked():
    r = run("threat", SCENE, "hero", "--reverse", "--resolution", "5", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["reverse"] is True and data["resolution_cm"] == 5 and len(data["threat"]) == 12
    assert data["approximate_charges"] == ["hugger"]
    assert data["here"]["at"] == [12.5, 32.5] and set(data["here"]) >= {"seen_by", "shot_by", "charged_by", "threat"}
    for row, fits in zip(data["threat"], data["standable"]):
        assert all(n == 0 for n, ok in zip(row, fits) if not ok)


def test_errors_are_one_line_with_status_2():
    for args, words in ((("nobody",), "There is no model 'nobody'"), (("hero", "--resolution", "0.1"), "resolution"),
                        (("hero", "--at", "70,3"), "off the 60 x 60 cm table"), (("hero", "--at", "x"), "--at")):
        r = run("threat", SCENE, *args)
        assert r.returncode == 2 and words in r.stderr and "Traceback" not in r.stderr, (args, r.stderr)
    r = run("threat", "--help")
    assert r.returncode == 0 and "--reverse" in r.stdout and "RUL-08" in r.stdout


def test_the_answer_reads_in_french():
    """``--lang fr``: the headline, the cells in words and the enemies' lines in French (the grid's keys too);
    the same counts as in English."""
    r = run("--lang", "fr", "threat", SCENE, "hero", "--resolution", "3", "--at", "21,51")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("Carte des menaces de hero : qui pourrait la voir, lui tirer dessus (chances de toucher)")
    assert "20 x 20 cases de 3 cm" in lines[0]
    assert lines[1].startswith("Là où elle est, la case en (10,5 ; 31,5) : vue par brute ; prise pour cible par personne")
    assert lines[2].startswith("Demandée, la case en (22,5 ; 52,5) : vue par gunner, brute ; prise pour cible par gunner")
    assert any(line.startswith("Carte, le nord en haut") for line in lines)
    for english in ("Threat map", "seen by", "Where it stands", "Map, north"):
        assert english not in r.stdout, english
    reverse = run("--lang", "fr", "threat", SCENE, "hero", "--reverse", "--resolution", "5").stdout
    assert reverse.startswith("Carte des menaces de hero (inversée) :")
