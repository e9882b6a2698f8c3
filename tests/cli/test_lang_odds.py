"""``landsraad odds`` (shoot, melee, disengage) in both languages: French in the rulebook's words, English unchanged.

The English golden files (``tests/data/i18n/en-odds/``) were written by the commands before their
wording went through the translation layer (landsraad 69363c4, the same :data:`COMMANDS`, without
``--lang``); the test runs them again with ``--lang en`` (and once under a French locale, which the
flag overrides) and wants every byte back. To write them again after an intended change of the
English text: ``python tests/cli/test_lang_odds.py tests/data/i18n/en-odds``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "i18n" / "en-odds"

KNIFE = ["--attacker", "combat=0", "--attacker-weapon", "damage=6-", "--defender", "combat=0", "--defender-weapon", "damage=6-"]
HALBERD = ["--attacker", "combat=0", "--attacker-weapon", "combat=+2,damage=15-", "--defender", "shield=full",
           "--defender-weapon", "damage=6-", "--attacker-stance", "attack", "--defender-stance", "defend"]
REVEALED = ["--attacker", "combat=0", "--attacker-weapon", "combat=+2,damage=12-", "--defender", "combat=0",
            "--defender-weapon", "defence=+3,damage=0-", "--attacker-stance", "attack", "--defender-stance", "defend",
            "--attacker-dice", "5,8,2", "--defender-dice", "3,3,6"]
SHOT = ["--attacker", "combat=1", "--weapon", "range=10,combat=+1,damage=+1", "--target", "endurance=3"]
DISENGAGE = ["--mover", "reflexes=0", "--opponent", "reflexes=0", "--opponent-weapon", "damage=6-"]

COMMANDS: dict[str, list[str]] = {
    "shoot.txt": ["odds", "shoot", *SHOT, "--distance", "35", "--cover", "small"],
    "shoot_shield.txt": ["odds", "shoot", "--attacker", "combat=2", "--weapon", "range=15,combat=+1,damage=+2",
                         "--target", "shield=half", "--distance", "10"],
    "shoot_template.txt": ["odds", "shoot", "--attacker", "combat=0", "--weapon", "combat=-2,damage=(9),template=direct 20",
                           "--target", "endurance=4,reflexes=2", "--distance", "0", "--escape-cm", "4"],
    "shoot_profile.txt": ["odds", "shoot", "--attacker", "corrino/assassin:maula_pistol", "--target", "corrino/soldier",
                          "--distance", "12"],
    "shoot_poison.txt": ["odds", "shoot", "--attacker", "corrino/assassin:maula_pistol", "--target", "endurance=3",
                         "--distance", "5", "--poison", "irritant"],
    "shoot_cannot.txt": ["odds", "shoot", "--attacker", "combat=1", "--weapon", "range=10,damage=+1", "--target",
                         "endurance=3", "--distance", "400"],
    "melee_matrix.txt": ["odds", "melee", *KNIFE],
    "melee_one_stance.txt": ["odds", "melee", *KNIFE, "--attacker-stance", "defend"],
    "melee_cell.txt": ["odds", "melee", *KNIFE, "--attacker-stance", "attack", "--defender-stance", "defend"],
    "melee_lowering.txt": ["odds", "melee", *HALBERD, "--lowering", "best", "--payoff", "wounded"],
    "melee_profile.txt": ["odds", "melee", "--attacker", "corrino/soldier:halberd", "--defender", "corrino/duellist",
                          "--lowering", "best"],
    "melee_poison.txt": ["odds", "melee", "--attacker", "corrino/assassin", "--defender", "corrino/soldier",
                         "--attacker-poison", "paralysing", "--attacker-stance", "attack", "--defender-stance", "attack"],
    "melee_advice.txt": ["odds", "melee", *REVEALED],
    "disengage.txt": ["odds", "disengage", *DISENGAGE, "--opponent-lowering", "best"],
    "disengage_coloured.txt": ["odds", "disengage", "--mover", "reflexes=0", "--opponent", "corrino/assassin",
                               "--compare", "coloured", "--opponent-poison", "irritant"],
    "disengage_shield.txt": ["odds", "disengage", "--mover", "corrino/soldier", "--opponent", "corrino/duellist"],
    "group.txt": ["odds"],
    "e_attacker.txt": ["odds", "shoot", "--attacker", "combat=x", "--weapon", "range=10,damage=+1", "--target",
                       "endurance=3", "--distance", "5"],
    "e_no_ranged.txt": ["odds", "shoot", "--attacker", "combat=1", "--target", "endurance=3", "--distance", "5"],
    "e_distance.txt": ["odds", "shoot", *SHOT, "--distance", "far"],
    "e_escape.txt": ["odds", "shoot", *SHOT, "--distance", "5", "--escape-cm", "3"],
    "e_laser.txt": ["odds", "shoot", "--attacker", "combat=1", "--weapon", "range=10,damage=(12),laser", "--target",
                    "shield=full", "--distance", "5"],
    "e_lowering.txt": ["odds", "melee", *KNIFE, "--lowering", "sometimes"],
    "e_side_lowering.txt": ["odds", "melee", *KNIFE, "--defender-lowering", "11"],
    "e_ranged_melee.txt": ["odds", "melee", "--attacker", "combat=1", "--attacker-weapon", "range=10,damage=+1",
                           "--defender", "combat=0"],
    "e_irritant.txt": ["odds", "melee", "--attacker", "combat=1,poisoned=irritant", "--attacker-weapon", "damage=6-",
                       "--defender", "combat=0", "--attacker-stance", "attack"],
    "e_poison.txt": ["odds", "melee", *KNIFE, "--attacker-poison", "hemlock"],
    "e_alone.txt": ["odds", "melee", *REVEALED[:-2]],
    "e_dice.txt": ["odds", "melee", *REVEALED[:-1], "3,3"],
    "e_paralysed.txt": ["odds", "disengage", "--mover", "poisoned=paralysing", "--opponent", "combat=0"],
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


if __name__ == "__main__":  # write the golden files again: python tests/cli/test_lang_odds.py FOLDER
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in scenario([]).items():
        (folder / name).write_text(text, encoding="utf-8")
