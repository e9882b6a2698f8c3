"""Tests of ``landsraad odds`` (shoot, melee, disengage), run as the real command."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys

import pytest

from landsraad.content import faction_ids
from tests import warm

needs_corrino = pytest.mark.skipif("corrino" not in faction_ids(), reason="factions/corrino.yaml is not there yet")

EXAMPLE_1 = ["odds", "shoot", "--attacker", "combat=1", "--weapon", "range=10,combat=+1,damage=+1",
             "--target", "endurance=3", "--distance", "35", "--cover", "none"]


def run_real(*args: str) -> subprocess.CompletedProcess:
    """The real command in a subprocess (start-up, exit status and streams as a user sees them)."""
    return warm.run(args, text=True, timeout=120)


def run(*args: str) -> subprocess.CompletedProcess:
    """The same command line through ``landsraad.cli.main`` in this process (no interpreter start-up:
    keeps the suite fast); argparse's own errors exit with status 2 as in the real command."""
    from landsraad.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exc:
            code = int(exc.code or 0)
    return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())


def run_json(*args: str) -> dict:
    result = run(*args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_shoot_json_is_shooting_example_1() -> None:
    """Rulebook 2.5 example 1: P(hit) = 36 / 100 (see tests/odds/test_shooting.py for the hand computation)."""
    result = run_real(*EXAMPLE_1, "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["p_hit"] == pytest.approx(0.36)
    assert data["wound"] == pytest.approx({"none": 0.64, "scratch": 0.036, "light": 0.108, "grave": 0.108, "fatal": 0.108})
    assert data["expected_damage"] == pytest.approx(2.34)


def test_shoot_readable_output_has_a_table_and_a_verdict() -> None:
    result = run_real(*EXAMPLE_1)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert any("36.0 %" in line and "hits" in line for line in lines)
    assert lines[-1] == "Verdict: 36.0 % to hit, 32.4 % to wound (light or worse), 10.8 % fatal."


def test_shoot_a_shielded_target_and_a_template() -> None:
    """R-SHIELD: a shield stops every shot; R-TEMPLATE: per-target odds with an escape distance."""
    shielded = run("odds", "shoot", "--attacker", "combat=2", "--weapon", "range=15,combat=+1,damage=+2", "--target", "shield=half", "--distance", "10")
    assert shielded.returncode == 0 and "shield stops every shot" in shielded.stdout
    flamer = run_json("odds", "shoot", "--attacker", "combat=0", "--weapon", "combat=-2,damage=(9),template=direct 20",
                      "--target", "endurance=4", "--distance", "0", "--escape-cm", "4")
    assert flamer["template"] is True and flamer["p_struck"] == pytest.approx(0.28 + 0.72 * 0.3)


def test_melee_matrix_and_single_cell() -> None:
    """Without stances: the 2 x 2 matrix and the best stances; with both: one cell (R-MELEE)."""
    knife = ("--attacker", "combat=0", "--attacker-weapon", "damage=6-", "--defender", "combat=0", "--defender-weapon", "damage=6-")
    matrix = run_json("odds", "melee", *knife)
    assert [v for row in matrix["values"] for v in row] == pytest.approx([0.0, 0.135, -0.135, 0.0])
    assert matrix["best"]["saddle"] == ["attack", "attack"]
    cell = run_json("odds", "melee", *knife, "--attacker-stance", "attack", "--defender-stance", "defend")
    assert cell["p_attacker_hits"] == pytest.approx(0.45) and cell["value"] == pytest.approx(0.135)
    readable = run("odds", "melee", *knife)
    assert readable.returncode == 0 and readable.stdout.splitlines()[-1].startswith("Verdict: best stances: the attacker attacks")
    one = run("odds", "melee", *knife, "--attacker-stance", "defend")
    assert one.returncode == 0 and "the defender's best answer is to attack" in one.stdout


def test_melee_lowering_policies() -> None:
    """RUL-03: lowering to 1 gets a halberd through a full shield; 'best' does it only when it pays."""
    base = ("odds", "melee", "--attacker", "combat=0", "--attacker-weapon", "combat=+2,damage=15-", "--defender", "shield=full",
            "--defender-weapon", "damage=6-", "--attacker-stance", "attack", "--defender-stance", "defend")
    none = run_json(*base)
    low = run_json(*base, "--attacker-lowering", "1")
    best = run_json(*base, "--lowering", "best")
    assert none["p_defender_dies"] == pytest.approx(0.064)
    assert low["p_defender_dies"] == pytest.approx(0.64) and best["p_defender_dies"] == pytest.approx(0.64)
    readable = run(*base, "--lowering", "best")
    assert readable.returncode == 0 and "Verdict:" in readable.stdout


def test_disengage() -> None:
    """R-DISENGAGE, PRJ-17: equal Reflexes: 45 % to get away."""
    data = run_json("odds", "disengage", "--mover", "reflexes=0", "--opponent", "reflexes=0", "--opponent-weapon", "damage=6-")
    assert data["p_success"] == pytest.approx(0.45)
    assert data["wound"]["light"] == pytest.approx(0.06)
    readable = run("odds", "disengage", "--mover", "reflexes=0", "--opponent", "reflexes=0", "--opponent-weapon", "damage=6-",
                   "--opponent-lowering", "best")
    assert readable.returncode == 0 and readable.stdout.splitlines()[-1].startswith("Verdict: ")
    coloured = run_json("odds", "disengage", "--mover", "reflexes=0", "--opponent", "reflexes=0", "--opponent-weapon", "damage=6-",
                        "--compare", "coloured")
    assert coloured["p_success"] == pytest.approx(0.45)  # the same odds on the coloured dice
    assert coloured["wound"]["light"] == pytest.approx(0.55 * 0.3)  # a failure now leaves the neutral die free: 6 - k >= 3 for k <= 3


def test_melee_lowering_advice_for_revealed_dice() -> None:
    """Rulebook 2.4 example 1 revealed: the Harkonnen (12-) lowers to hit harder; 12 - 3 = 9 is
    already fatal against E3, so the least lowering that reaches it is 3 (PRJ-80, PRJ-81)."""
    args = ("odds", "melee", "--attacker", "combat=0", "--attacker-weapon", "combat=+2,damage=12-", "--defender", "combat=0",
            "--defender-weapon", "defence=+3,damage=0-", "--attacker-stance", "attack", "--defender-stance", "defend",
            "--attacker-dice", "5,8,2", "--defender-dice", "3,3,6")
    data = run_json(*args)
    assert data == {"order": "defender", "attacker": {"3": 1.0}, "defender": {"3": 1.0}, "value": 3.0}
    readable = run(*args)
    assert readable.returncode == 0 and "attacker (neutral 5): lower it to 3" in readable.stdout
    alone = run(*args[:-2])
    assert alone.returncode == 2 and "go together" in alone.stderr


def test_odds_modules_do_not_import_shapely() -> None:
    """The odds need no geometry: keep start-up small (docs/performance.md)."""
    code = ("import sys\nfrom landsraad.cli.stats import parse_combatant\nfrom landsraad.odds import shot_odds, stance_matrix\n"
            "import landsraad.cli.odds\n"
            "s = parse_combatant('combat=1', 'range=10,combat=+1,damage=+1', argument='--attacker', use='shoot')\n"
            "shot_odds(s, parse_combatant('endurance=3', argument='--target'), distance_cm=35)\n"
            "k = parse_combatant('combat=0', 'damage=6-', argument='--attacker', use='melee')\nstance_matrix(k, k)\n"
            "print('shapely' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "False", out.stderr


@needs_corrino
def test_profile_references() -> None:
    """FACTION/TYPE[:WEAPON] stands for a card (the Sardaukar soldier: Combat +2, Armour 3)."""
    data = run_json("odds", "melee", "--attacker", "corrino/soldier:halberd", "--defender", "corrino/duellist", "--lowering", "best")
    assert set(data["cells"]) == {"attack/attack", "attack/defend", "defend/attack", "defend/defend"}
    shot = run_json("odds", "shoot", "--attacker", "corrino/soldier", "--target", "corrino/scout", "--distance", "16")
    assert shot["attack_bonus"] == 2 + 0  # Combat +2, lance 15 / +1 one band out: +0
    laser = run("odds", "shoot", "--attacker", "corrino/specialist:laser", "--target", "corrino/soldier", "--distance", "5")
    assert laser.returncode == 2 and "laser never targets" in laser.stderr


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["odds", "shoot", "--attacker", "combat=x", "--weapon", "range=10,damage=+1", "--target", "endurance=3", "--distance", "5"],
         "Argument --attacker: combat='x' is not valid"),
        (["odds", "shoot", "--attacker", "combat=1", "--target", "endurance=3", "--distance", "5"], "has no ranged weapon"),
        (["odds", "shoot", "--attacker", "combat=1", "--weapon", "range=10,damage=+1", "--target", "endurance=3", "--distance", "far"],
         "Argument --distance: 'far' is not a distance"),
        (["odds", "shoot", "--attacker", "combat=1", "--weapon", "range=10,damage=+1", "--target", "endurance=3", "--distance", "5",
          "--cover", "huge"], "invalid choice: 'huge'"),
        (["odds", "shoot", "--attacker", "combat=1", "--weapon", "range=10,damage=(12),laser", "--target", "shield=full", "--distance", "5"],
         "laser never targets a model with a working shield"),
        (["odds", "melee", "--attacker", "combat=1", "--attacker-weapon", "damage=6-", "--defender", "combat=0", "--lowering", "sometimes"],
         "Argument --lowering: 'sometimes' is not a lowering policy"),
        (["odds", "melee", "--attacker", "combat=1", "--attacker-weapon", "range=10,damage=+1", "--defender", "combat=0"],
         "cannot strike in melee"),
        (["odds", "melee", "--attacker", "combat=1,poisoned=irritant", "--attacker-weapon", "damage=6-", "--defender", "combat=0"],
         "Irritant poison"),
        (["odds", "melee", "--attacker", "combat=1", "--attacker-weapon", "damage=6-", "--defender", "combat=0",
          "--attacker-poison", "hemlock"], "Argument --attacker-poison: Unknown poison 'hemlock'"),
        (["odds", "disengage", "--mover", "poisoned=paralysing", "--opponent", "combat=0"], "is paralysed and cannot move"),
        (["odds", "disengage", "--mover", "combat=0"], "the following arguments are required: --opponent"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args: list[str], fragment: str) -> None:
    """Bad arguments: exit status 2, one line naming the argument and the value, never a traceback."""
    result = run(*args)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert fragment in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_the_real_command_reports_bad_arguments_in_one_line() -> None:
    result = run_real("odds", "melee", "--attacker", "combat=1", "--attacker-weapon", "damage=6-", "--defender", "combat=0",
                      "--lowering", "sometimes")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == "landsraad: error: Argument --lowering: 'sometimes' is not a lowering policy; write none, best or a neutral value from 1 to 10.\n"


# --- hostile arguments (issue 15) ------------------------------------------------------------


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return warm.run(args, text=True, timeout=120)


@pytest.mark.parametrize(
    "weapon, distance, words",
    [
        ("range=1e308,combat=+1,damage=+1", "35", "at most 1000"),  # overflowed to inf * 10
        ("range=10,combat=+1,damage=+1", "1e308", "is not a distance"),
        ("range=10,combat=+1,damage=+1", "nan", "is not a distance"),
        ("range=inf,combat=+1,damage=+1", "10", "at most 1000"),
        ("range=10,combat=+1,damage=99999999999-", "10", "not written as the rulebook"),
    ],
)
def test_out_of_range_numbers_are_usage_errors(weapon, distance, words):
    out = _cli("odds", "shoot", "--attacker", "combat=1", "--weapon", weapon, "--target", "endurance=3",
               "--distance", distance)
    assert out.returncode == 2, out.stderr
    assert words in out.stderr and "Traceback" not in out.stderr


def test_a_huge_value_is_not_echoed_back_whole():
    name = "x" * 100_000
    out = _cli("odds", "melee", "--attacker", "corrino/soldier:halberd", "--defender", f"{name}/naib")
    assert out.returncode == 2 and "Unknown faction" in out.stderr
    assert len(out.stderr) < 1_000
