"""``landsraad reach`` on a bound of work (issue 42): the band not settled, said in one line in
English and French, carried by ``--json`` and hatched by ``--svg``; none within the budget."""

from __future__ import annotations

import json
import shlex
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests import warm

REPO = Path(__file__).resolve().parents[2]
TABLE = str(REPO / "scenes" / "table.yaml")
SVG = "{http://www.w3.org/2000/svg}"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return warm.run(args, cwd=REPO, text=True, timeout=120)


def test_past_the_budget_reach_says_which_points_are_not_settled(tmp_path: Path) -> None:
    """naib-1 with 35 cm beside the difficult well (8 s of CPU unbounded): one plain line after
    the region's, pointing at ``move`` for one point; the picture hatches the band."""
    picture = tmp_path / "reach.svg"
    r = run("--lang", "en", "reach", TABLE, "naib-1", "--movement", "35", "--svg", str(picture))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("naib-1 (movement 35 cm) can put its base centre anywhere in a region of")
    assert lines[1].startswith("Points up to ") and " cm beyond the edge of that region are not settled" in lines[1]
    # the command to paste names the scene as asked and the allowance given, not placeholders
    command = lines[1].split("ask `")[1].split("` for one.")[0]
    assert shlex.split(command) == ["landsraad", "move", TABLE, "naib-1", "--movement", "35", "--to", "X,Y"]
    root = ET.parse(picture).getroot()
    band = root.find(f".//{SVG}g[@class='band']")
    assert band is not None and band.find(f"{SVG}path").get("fill") == "url(#ls-band-hatch)"
    assert band.find(f".//{SVG}pattern[@id='ls-band-hatch']") is not None
    assert "not settled (bound of work)" in "".join(root.itertext())


def test_the_band_line_in_french() -> None:
    r = run("--lang", "fr", "reach", TABLE, "naib-1", "--movement", "35")
    assert r.returncode == 0, r.stderr
    line = r.stdout.splitlines()[1]
    assert line.startswith("Les points jusqu'à ") and "cm au-delà du bord de cette zone ne sont pas tranchés" in line
    command = line.split("demandez `")[1].split("` pour l'un d'eux.")[0]
    assert shlex.split(command) == ["landsraad", "move", TABLE, "naib-1", "--movement", "35", "--to", "X,Y"]


def test_the_json_carries_the_band() -> None:
    r = run("reach", TABLE, "naib-1", "--movement", "35", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["exact"] is False
    assert out["band"]["area_cm2"] > 0 and 0 < out["band"]["width_cm"] < 35
    assert len(out["band"]["bounds"]) == 4
    assert out["work"]["units"] >= out["work"]["budget"] > 0


@pytest.mark.parametrize("movement", ["10", "60"])
def test_within_the_budget_no_band(movement: str) -> None:
    """A short move and one past the whole-area bound are exact: no line, an empty band."""
    r = run("reach", TABLE, "naib-1", "--movement", movement)
    assert r.returncode == 0 and len(r.stdout.splitlines()) == 1, r.stdout
    out = json.loads(run("reach", TABLE, "naib-1", "--movement", movement, "--json").stdout)
    assert out["exact"] is True and out["band"] == {"area_cm2": 0.0, "width_cm": 0.0, "bounds": None}
