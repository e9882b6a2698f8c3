"""French as a French reader writes it, in the real commands: the no-break space before ``%``, ``d'`` and ``l'``
before a name, the rulebook's words in errors, the CSV headers of balance (issue 40); English unchanged.

The English expectations are the texts these commands printed before (the same f-strings, kept byte for byte).
"""

from __future__ import annotations

import csv
import io
import os
import re
import subprocess
from pathlib import Path

from tests import warm

ROOT = Path(__file__).resolve().parents[2]
NNBSP = "\u202f"


def run(args: list[str], cwd: Path = ROOT) -> subprocess.CompletedProcess:
    proc = warm.run(args, text=True, cwd=cwd, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def _breaking_percent(text: str) -> list[str]:
    """Each place a number or a closing bracket is followed by a breakable space and ``%``."""
    return re.findall(r".{0,20}[0-9)][ \u00a0]%", text)


def test_odds_percentages_take_the_no_break_space_in_french_only():
    args = ["odds", "shoot", "--attacker", "combat=1", "--weapon", "range=10,combat=+1,damage=+1", "--target", "endurance=3",
            "--distance", "35"]
    fr, en = run(["--lang", "fr", *args]), run(["--lang", "en", *args])
    assert f"  touche (avant boucliers)    36,0{NNBSP}%\n" in fr.stdout
    assert f"Verdict : 36,0{NNBSP}% de toucher, 32,4{NNBSP}% de blesser" in fr.stdout
    assert not _breaking_percent(fr.stdout)
    assert "  hits (before shields)   36.0 %\n" in en.stdout and NNBSP not in en.stdout


def test_balance_in_french_table_csv_headers_and_percentages(tmp_path: Path):
    args = ["balance", "--factions", "atreides,fremen", "--games", "2", "--players", "random"]
    fr = run(["--lang", "fr", *args, "--out", str(tmp_path / "fr")])
    en = run(["--lang", "en", *args, "--out", str(tmp_path / "en")])
    assert fr.returncode == en.returncode == 0, (fr.stderr, en.stderr)
    fr_rows = list(csv.reader(io.StringIO((tmp_path / "fr" / "table.csv").read_text(encoding="utf-8"))))
    en_rows = list(csv.reader(io.StringIO((tmp_path / "en" / "table.csv").read_text(encoding="utf-8"))))
    assert fr_rows[0] == ["faction", "adversaire", "parties", "score", "taux_victoire", "ic95_bas", "ic95_haut", "pv_moyenne",
                          "pv_médiane"]
    assert en_rows[0] == ["faction", "opponent", "games", "score", "win_rate", "ci95_low", "ci95_high", "vp_mean", "vp_median"]
    assert fr_rows[1:] == en_rows[1:]  # the cells are ids and numbers in both
    faction_lines = [line for line in fr.stdout.splitlines() if line.startswith(("atreides", "fremen"))]
    assert len(faction_lines) == 2 and all(f"{NNBSP}%" in line and not _breaking_percent(line) for line in faction_lines)
    heatmap = (tmp_path / "fr" / "heatmap.svg").read_text(encoding="utf-8")
    assert f"{NNBSP}%</text>" in heatmap and not _breaking_percent(heatmap.replace("95 % Wilson", ""))
    assert re.search(r"\d %</text>", (tmp_path / "en" / "heatmap.svg").read_text(encoding="utf-8"))


def test_a_name_after_de_is_elided_in_french(tmp_path: Path):
    scene = (ROOT / "scenes" / "table.yaml").read_text(encoding="utf-8").replace("name_fr: Sardaukar 1,", "name_fr: Éclaireur 1,")
    (tmp_path / "t.yaml").write_text(scene, encoding="utf-8")
    fr = run(["--lang", "fr", "shoot", "t.yaml", "sardaukar-1", "naib-1"], tmp_path)
    assert "Fragile : 0,12 cm de mouvement d'Éclaireur 1 change petit couvert" in fr.stdout
    assert not re.search(r"\b(de|le|la|que) [AEIOUÉÈ]", fr.stdout), fr.stdout
    en = run(["--lang", "en", "shoot", "t.yaml", "sardaukar-1", "naib-1"], tmp_path)
    assert "Fragile: 0.12 cm of sardaukar-1's movement turns small cover" in en.stdout


def test_an_inline_weapon_error_names_no_internal_id_in_french():
    args = ["odds", "shoot", "--attacker", "combat=1", "--weapon", "combat=+1,damage=+1", "--target", "endurance=3", "--distance", "5"]
    fr, en = run(["--lang", "fr", *args]), run(["--lang", "en", *args])
    assert fr.returncode == en.returncode == 2
    assert "L'arme décrite par clé=valeur inflige des dégâts de tir '+1' mais n'a ni portée ni gabarit." in fr.stderr
    assert "inline" not in fr.stderr
    assert en.stderr.endswith("is not a valid weapon: Weapon 'inline' deals ranged damage '+1' but has no range and no template.\n")


def test_a_model_not_in_the_scene_in_french_and_unchanged_in_english():
    fr = run(["--lang", "fr", "measure", "scenes/reference.yaml", "red-1", "blue-11"])
    en = run(["--lang", "en", "measure", "scenes/reference.yaml", "red-1", "blue-11"])
    assert fr.returncode == en.returncode == 2
    assert fr.stderr.startswith("landsraad : erreur : Il n'y a ni figurine, ni marqueur, ni pièce de décor 'blue-11' dans la scène "
                                "scenes/reference.yaml. Vouliez-vous dire la figurine 'blue-1' ? Figurines : red-1, red-2,")
    assert en.stderr.startswith("landsraad: error: There is no model, marker or terrain piece 'blue-11' in scene scenes/reference.yaml. "
                                "Did you mean the model 'blue-1'? Models: red-1, red-2,")
    fr = run(["--lang", "fr", "shoot", "scenes/table.yaml", "sardaukar-1", "wall"])
    assert "Il n'y a pas de cible 'wall' dans la scène scenes/table.yaml. ('wall' est une pièce de décor, pas une figurine.)" in fr.stderr
    en = run(["--lang", "en", "shoot", "scenes/table.yaml", "sardaukar-1", "wall"])
    assert "There is no target 'wall' in scene scenes/table.yaml. ('wall' is a terrain piece, not a model.) Models:" in en.stderr


def test_a_weapon_that_is_no_weapon_in_french():
    fr = run(["--lang", "fr", "measure", "scenes/reference.yaml", "red-1", "blue-1", "--weapon", "-"])
    assert fr.returncode == 2
    assert "--weapon attend une arme : une portée en cm avec un bonus de Combat facultatif (10 ou 10,+1)" in fr.stderr
    assert "; reçu '-'." in fr.stderr


def test_an_unreadable_list_and_an_unknown_profile_in_french(tmp_path: Path):
    fr = run(["--lang", "fr", "roster", "nothing.yaml"], tmp_path)
    assert "  erreur : Le fichier ne peut pas être lu : aucun fichier de ce nom. [unreadable]" in fr.stderr
    en = run(["--lang", "en", "roster", "nothing.yaml"], tmp_path)
    assert "  error: The file cannot be read: no such file. [unreadable]" in en.stderr
    fr = run(["--lang", "fr", "odds", "melee", "--attacker", "corrino/soldier", "--defender", "fremen/nobody"])
    assert "Argument --defender : faction fremen : 'nobody' n'est pas un nom connu (type de figurine)." in fr.stderr
    en = run(["--lang", "en", "odds", "melee", "--attacker", "corrino/soldier", "--defender", "fremen/nobody"])
    assert "Argument --defender: faction fremen: Unknown model type 'nobody'. Valid model types are: fedaykin," in en.stderr
