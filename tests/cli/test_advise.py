"""``landsraad advise`` run as the real command: each option's odds are those of the command lines it gives."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
from pathlib import Path

from tests import warm

REPO = Path(__file__).resolve().parents[2]
SCENE = str(REPO / "tests" / "data" / "scenes" / "cli-table.yaml")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return warm.run(args, cwd=REPO, text=True, timeout=300)


def run_json(*args: str) -> dict:
    r = run(*args, "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def _odds_command(option: dict) -> dict:
    (line,) = [c for c in option["commands"] if c.startswith("landsraad odds")]
    return run_json(*shlex.split(line)[1:])


def test_the_top_option_agrees_with_odds_shoot_on_its_own_numbers():
    out = run_json("advise", SCENE, "sard2")
    top = next(o for o in out["options"] if o["kind"] == "shoot")  # the best shot; the laser's blast is above it
    assert top["kind"] == "shoot" and top["target"] == "far" and top["weapon"] == "Sardaukar lance"
    odds = _odds_command(top)
    assert odds["p_hit"] == top["p_hit"] == 0.72
    assert odds["wound"] == top["wound"] and odds["expected_damage"] == top["expected_damage"]
    # and the shoot command it gives says the same
    shot = run_json(*shlex.split(top["commands"][0])[1:])
    assert shot["odds"]["p_hit"] == top["p_hit"] and shot["allowed"] is True


def test_the_charge_agrees_with_odds_melee():
    out = run_json("advise", SCENE, "raider")
    (charge,) = [o for o in out["options"] if o["kind"] == "charge"]
    cell = _odds_command(charge)
    assert cell["p_attacker_hits"] == charge["p_hit"] and cell["defender_wound"] == charge["wound"]
    assert cell["expected_damage_to_defender"] == charge["expected_damage"]
    move = run_json(*shlex.split(charge["commands"][0])[1:])
    assert move["charge"]["can_fight_this_activation"] is True


def test_readable_answer_and_picture(tmp_path):
    svg = tmp_path / "advice.svg"
    r = run("advise", SCENE, "raider", "--svg", str(svg))
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("raider (movement 10 cm): 3 options this activation, best first")
    assert "1. shoot prey with the Sardaukar lance from where it stands." in r.stdout
    assert "Risk 2: it may be shot by fed or charged by prey." in r.stdout
    picture = svg.read_text(encoding="utf-8")
    assert picture.startswith("<svg") or "<svg" in picture[:200]
    # the picture's texts in English: its title and the ranked options' notes (French: tests/cli/test_lang_advise.py)
    texts = " ".join(re.sub(r"<[^>]+>", "", t) for t in re.findall(r"<(?:text|title)\b[^>]*>(.*?)</(?:text|title)>", picture, re.S))
    assert texts.startswith("advise raider: shoot prey with the Sardaukar lance from where it stands")
    assert "1. shoot prey with the Sardaukar lance from where it stands - expected damage 5.40, risk 2" in texts, texts


def test_a_model_without_profile_is_a_usage_error():
    r = run("advise", SCENE, "chg")
    assert r.returncode == 2 and "no profile" in r.stderr and "Traceback" not in r.stderr


TEMPLATE_SCENE = str(REPO / "tests" / "data" / "scenes" / "advise-template.yaml")


def test_a_template_option_agrees_with_template_and_odds_shoot_on_its_own_numbers(tmp_path):
    out = run_json("advise", TEMPLATE_SCENE, "gun")
    top = next(o for o in out["options"] if o["kind"] == "template")
    assert top["template"] == "blast" and top["aim"] == [32.5, 10.0]
    template_line, *odds_lines = top["commands"]
    placed = run_json(*shlex.split(template_line)[1:])
    assert placed["hit"] == [u["model"] for u in top["under"]] == ["w1", "w2"]
    for u, d in zip(top["under"], placed["dodges"]):
        # the advisor's escape is the template's shortest way out, rounded up to 0.01 cm
        assert d["possible"] and d["shortest_cm"] <= u["escape_cm"] < d["shortest_cm"] + 0.06
    for u, line in zip(top["under"], odds_lines):
        assert u["commands"] == [line]
        odds = run_json(*shlex.split(line)[1:])
        assert (odds["p_hit"], odds["p_struck"], odds["wound"], odds["expected_damage"]) == (
            u["p_hit"], u["p_struck"], u["wound"], u["expected_damage"])
    assert top["expected_damage"] == top["expected_damage_enemies"] - top["expected_damage_friends"]
    # language-neutral JSON: codes, not sentences, for what is not weighed
    assert out["not_weighed"] == [{"action": "mission", "because": "no_game_state"},
                                  {"action": "equipment", "because": "no_equipment_state"}]
    svg = tmp_path / "t.svg"
    r = run("advise", TEMPLATE_SCENE, "gun", "--svg", str(svg))
    assert r.returncode == 0, r.stderr
    assert "2. fire the Rocket launcher, blast centred at (32.5, 10), over 2 enemies." in r.stdout
    assert "w2 (enemy, cover large): struck 46 % (hit 10 %; gets out with a dodge of 5.1 cm)" in r.stdout
    assert "(Not weighed: mission special actions" in r.stdout
    assert "template" in svg.read_text()


def test_a_direct_fire_option_agrees_with_template_direct():
    top = run_json("advise", TEMPLATE_SCENE, "flam")["options"][0]
    assert top["kind"] == "template" and top["template"] == "direct"
    placed = run_json(*shlex.split(top["commands"][0])[1:])
    assert placed["hit"] == ["w3"] and placed["template"]["shooter"] == "flam"
    odds = run_json(*shlex.split(top["commands"][1])[1:])
    assert odds["p_struck"] == top["p_hit"] and odds["wound"] == top["wound"]


def test_a_move_then_template_gives_a_legal_move_and_the_same_odds():
    top = run_json("advise", TEMPLATE_SCENE, "gun")["options"][0]
    assert top["kind"] == "move_then_template"
    move, template_line, *odds_lines = top["commands"]
    assert run(*shlex.split(move)[1:]).returncode == 0  # the move is legal
    assert run_json(*shlex.split(template_line)[1:])["hit"] == ["w1", "w2"]
    for u, line in zip(top["under"], odds_lines):
        odds = run_json(*shlex.split(line)[1:])
        assert (odds["p_struck"], odds["expected_damage"]) == (u["p_struck"], u["expected_damage"])
    assert [u["cover"] for u in top["under"]] == ["none", "small"]


DISENGAGE = str(REPO / "tests" / "data" / "scenes" / "advise-disengage.yaml")


def test_the_disengage_agrees_with_odds_disengage_and_odds_shoot():
    """duel in contact with blade (R-DISENGAGE, PRJ-90): the best option disengages, then shoots; its command
    lines give the test's and the shot's numbers, and the option counts the chance to get away."""
    out = run_json("advise", DISENGAGE, "duel")
    top = out["options"][0]
    assert top["kind"] == "disengage_then_shoot" and top["disengage"]["opponent"] == "blade"
    test_line, shot_line = top["commands"]
    test = run_json(*shlex.split(test_line)[1:])
    assert test["p_success"] == top["disengage"]["p_success"] == 0.36
    assert test["wound"] == top["disengage"]["wound_taken"] and test["expected_damage"] == top["disengage"]["expected_damage_taken"]
    shot = run_json(*shlex.split(shot_line)[1:])
    assert abs(top["expected_damage"] - 0.36 * shot["expected_damage"]) < 1e-12
    assert abs(top["p_hit"] - 0.36 * shot["p_hit"]) < 1e-12
    assert "move_then_shoot" not in {o["kind"] for o in out["options"]}  # PRJ-90: no normal move in contact
    # the move it proposes after the test is a legal one of the smallest margin and the Movement
    (then_move,) = [o for o in out["options"] if o["kind"] == "disengage_then_move"]
    move = run_json(*shlex.split(then_move["commands"][1])[1:])
    assert move["legal"] is True


def test_the_disengage_reads_in_french():
    r = run("--lang", "fr", "advise", DISENGAGE, "duel")
    assert r.returncode == 0, r.stderr
    assert "se désengager de blade, puis tirer sur blade avec" in r.stdout
    assert "Désengagement : se dégage dans 36\u202f%" in r.stdout
    assert "le test de désengagement contre blade" in r.stdout


def test_two_moves_reproduce_with_move():
    out = run_json("advise", str(REPO / "tests" / "data" / "scenes" / "advise-two-moves.yaml"), "runner")
    (o,) = [o for o in out["options"] if o["kind"] == "two_moves"]
    move = run_json(*shlex.split(o["commands"][0])[1:])
    assert move["legal"] is True and 11 < move["cost_cm"] <= 22


def test_the_whole_answer_reads_in_french_and_the_json_stays_english():
    r = run("--lang", "fr", "advise", SCENE, "raider")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == ("raider (mouvement 10 cm) : 3 options pour cette activation, la meilleure d'abord (dégâts moyens,"
                        " puis risque ; R-ACTIVATE) :")
    assert lines[1] == "1. tirer sur prey avec l'arme Lance sardaukar depuis sa position."
    assert "   Risque 2 : elle peut être prise pour cible par fed ou chargée par prey." in lines
    assert "(Laissé de côté : duncan : pas de profil, ses caractéristiques sont inconnues.)" in lines
    french = json.loads(run("--lang", "fr", "advise", SCENE, "raider", "--json").stdout)
    assert french == run_json("advise", SCENE, "raider")
    assert french["options"][0]["reasons"][0] == "prey is the nearest enemy raider sees (RUL-08)"


def test_the_template_shots_read_in_french():
    """The advisor's template lines (title, each model under it, the net, the reasons) in French, in the
    rulebook's words (gabarit d'explosion, esquive, action de tir), numbers with the French decimal comma;
    the command lines stay as typed (a dot)."""
    scene = str(REPO / "tests" / "data" / "scenes" / "advise-template.yaml")
    r = run("--lang", "fr", "advise", scene, "gun")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert ("1. se déplacer en (11,5 ; 17,5), puis tirer avec l'arme Lance-roquettes, gabarit d'explosion centré en (32,5 ; 10),"
            " sur 2 ennemis.") in out
    assert "   w1 (ennemie, à découvert) : atteinte 55,2\u202f% (touchée 36\u202f% ; sort du gabarit avec une esquive de 4,1 cm)" in out
    assert "   Dégâts moyens 8,08 aux ennemis : net 8,08." in out
    assert ("l'action de tir : un gabarit d'explosion (5 cm de rayon) en (32,5 ; 10), à 20,8 cm du socle de gun ; un gabarit"
            " vise un point, la règle de la cible la plus proche ne s'applique pas (R-TEMPLATE, RUL-08)") in out
    assert "dessous : w1 (ennemie, à découvert), w2 (ennemie, petit couvert) (RUL-19)" in out
    assert "$ landsraad template " + scene + " --blast 32.5,10 --dodge w1=11 w2=11" in out
    for english in ("blast centred", "gets out with a dodge", "Expected damage", "under it:", "the Shoot action", "enem"):
        assert english not in out, english
    flam = run("--lang", "fr", "advise", scene, "flam").stdout
    assert "tirer avec l'arme Lance-flammes*, gabarit de tir direct vers (27,6 ; 39,2), sur 1 ennemi." in flam
    assert "une ligne de tir direct de 20 cm vers (27,6 ; 39,2)" in flam
