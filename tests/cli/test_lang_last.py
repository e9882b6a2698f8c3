"""The last English in French output (issue 40): content names, engine reasons, rule errors, labels.

Each test runs the real ``landsraad`` command in French and reads what a person sees.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

from tests import warm
from tests.cli.langrun import ROOT, landsraad


def french(*args: str) -> tuple[str, int]:
    proc = landsraad(["--lang", "fr", *args])
    return proc.stdout + proc.stderr, proc.returncode


def test_shoot_names_the_weapon_in_french(tmp_path: Path):
    text, rc = french("shoot", "scenes/table.yaml", "sardaukar-1", "naib-1", "--weapon", "pistol",
                      "--svg", str(tmp_path / "shot.svg"))
    assert rc == 0, text
    assert text.startswith("Sardaukar 1 tire sur Naïb 1 avec Pistolet.\n"), text  # the scene's French names (issue 40)
    picture = (tmp_path / "shot.svg").read_text(encoding="utf-8")
    assert "avec Pistolet" in picture and "with Pistol" not in picture
    inline, rc = french("shoot", "scenes/table.yaml", "sardaukar-1", "naib-1", "--weapon", "range=10,combat=+1,damage=+1")
    assert rc == 0, inline
    assert inline.startswith("Sardaukar 1 tire sur Naïb 1 avec l'arme.\n"), inline
    assert "weapon" not in inline


def test_a_move_too_large_to_work_out_is_refused_in_french(tmp_path: Path):
    """The movement graph's ceiling (a 1,000-corner difficult piece, as tests/fuzz/test_memory.py) in French."""
    ring = ", ".join(f"[{30 + 20 * math.cos(k * 2 * math.pi / 1000):.4f}, {30 + 20 * math.sin(k * 2 * math.pi / 1000):.4f}]"
                     for k in range(1000))
    models = "\n".join(f"  - {{id: m{i}, at: [{5 + 5 * (i % 11)}, {3 + 54 * (i // 11)}], base: 25}}" for i in range(22))
    scene = tmp_path / "dune.yaml"
    scene.write_text(f"terrain:\n  - {{id: dune, movement: difficult, polygon: [{ring}]}}\nmodels:\n{models}\n", encoding="utf-8")
    text, rc = french("reach", str(scene), "m5", "--movement", "8")
    assert rc == 1, text
    assert "Ce mouvement est trop grand pour être calculé sur le décor " in text, text
    assert "les limites sont de 500\u202f000 tangentes et 50\u202f000\u202f000 paires" in text, text
    assert "too large" not in text and "the limits" not in text


def test_faction_special_rules_and_sources_in_french():
    text, rc = french("faction", "corrino")
    assert rc == 0, text
    lines = text.splitlines()
    assert lines[0] == "Maison Corrino (corrino) - source : livre de règles"
    assert any(x.startswith("  - Sardaukars (sardaukar, livre de règles) : Les Soldats") for x in lines), text
    assert "  Armes communes (gratuites, une au plus par figurine) : Hallebarde, Laser*" in lines
    assert any(x.startswith("  Hallebarde ") and x.rstrip().endswith("livre de règles") for x in lines)
    assert "  M10 C+2 R+1 E3 Armure 3 | bouclier : complet | épice : 0" in lines
    assert ", rulebook)" not in text and ", rulebook]" not in text and ", project]" not in text and "source : rulebook" not in text


def test_a_drill_gives_its_goal_in_french(tmp_path: Path):
    proc = warm.run(["--lang", "fr", "play", "--drill", "treachery-first-blood", "--opponent", "heuristic"], input="quitter\n", text=True, cwd=tmp_path, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT), "LC_ALL": "C.UTF-8"})
    assert "Traceback" not in proc.stderr, proc.stderr
    text = proc.stdout + proc.stderr
    assert ("But : Faites la première mise à mort de la partie avec une de vos figurines (Traîtrise, rang 1). Par : "
            in text), text
    assert "Goal:" not in text and "Make the first kill" not in text


def test_the_rules_refusals_reach_the_commands_in_french():
    """landsraad.rules raises deferred messages: the same English for a library caller, French at the command line."""
    odds, rc = french("odds", "shoot", "--attacker", "combat=1", "--weapon", "range=10,damage=(12),laser", "--target",
                      "shield=full", "--distance", "5")
    assert rc == 2, odds
    assert "ne peut pas tirer au laser sur" in odds and "un laser ne prend jamais pour cible" in odds, odds
    assert "cannot shoot" not in odds
    shot, rc = french("shoot", "scenes/table.yaml", "naib-1", "sardaukar-1", "--weapon", "range=15,damage=(12),laser")
    assert rc == 0, shot
    assert "Naib ne peut pas tirer au laser sur " in shot and "un laser ne prend jamais pour cible" in shot, shot
    assert "a laser never targets" not in shot


def test_validate_names_the_faction_in_french():
    text, rc = french("validate", "tests/data/lists/invalid/barracks-max.yaml")
    assert rc == 1, text
    assert text.startswith("tests/data/lists/invalid/barracks-max.yaml : INVALIDE - Les Fremen, 14 / 15 points, 1 erreur"), text
