"""Tests of landsraad.play.hints: the odds next to shot and melee options."""

import json
import subprocess
import sys

import pytest

from landsraad.engine import Decision
from landsraad.engine.bridge import combatant
from landsraad.engine.spatial import cover_class, edge_distance
from landsraad.odds import shot_odds, stance_matrix
from landsraad.play.drills import build_state, load_drill
from landsraad.play.hints import melee_note, option_notes, shot_note


@pytest.fixture(scope="module")
def state():
    return build_state(load_drill("occupation-positions"), seed=0)


def test_a_shot_option_shows_the_exact_odds_against_the_nearest_target(state):
    d = Decision(side="red", kind="action", prompt="What?", model="red-soldier-1", choices=("move", "shoot:pistol", "rest"))
    notes = option_notes(d, state)
    assert set(notes) == {"shoot:pistol"}
    target = notes["shoot:pistol"].split("(at ")[1].split(",")[0]
    weapon = next(w for w in state.model("red-soldier-1").weapons if w.id == "pistol")
    odds = shot_odds(combatant(state, "red-soldier-1", weapon=weapon), combatant(state, target),
                     distance_cm=edge_distance(state, "red-soldier-1", target), cover=cover_class(state, "red-soldier-1", target))
    assert notes["shoot:pistol"].startswith(f"hits {100 * odds.p_hit:.0f}%, fatal {100 * odds.wound.get('fatal', 0):.0f}%")


def test_a_melee_option_shows_both_enemy_stances(state):
    weapon = next(w for w in state.model("red-swordmaster-1").weapons if w.is_melee)
    theirs = next(w for w in state.model("blue-fedaykin-1").weapons if w.is_melee)  # the enemy fights back with its blade
    matrix = stance_matrix(combatant(state, "red-swordmaster-1", weapon=weapon), combatant(state, "blue-fedaykin-1", weapon=theirs))
    assert matrix.defender_stances == ("attack", "defend")
    note = melee_note(state, "red-swordmaster-1", "blue-fedaykin-1")
    for theirs in matrix.defender_stances:
        assert f"vs {theirs}: hit {100 * matrix.cell('attack', theirs).p_attacker_hits:.0f}%" in note


def test_options_that_are_not_attacks_get_no_note(state):
    d = Decision(side="red", kind="spice", prompt="?", model="red-soldier-1", choices=("consume", "keep"))
    assert option_notes(d, state) == {}
    assert shot_note(state, "red-soldier-1", "no-such-weapon") == ""


def test_a_declaration_the_free_move_makes_legal_says_so(state):
    # PRJ-100: the menu at designation marks the actions that need the free move first
    d = Decision(side="red", kind="action", prompt="What?", model="red-swordmaster-1", choices=("move", "melee:blue-fedaykin-1", "rest"),
                 info={"after_free_move": ["melee:blue-fedaykin-1"]})
    assert option_notes(d, state)["melee:blue-fedaykin-1"].startswith("charge after the free move; if you attack")


def test_a_shot_option_gives_the_chance_the_target_dodges_and_how_far_issue_38(state):
    d = Decision(side="red", kind="action", prompt="What?", model="red-soldier-1", choices=("move", "shoot:pistol", "rest"))
    note = option_notes(d, state)["shoot:pistol"]
    target = note.split("(at ")[1].split(",")[0]
    weapon = next(w for w in state.model("red-soldier-1").weapons if w.id == "pistol")
    odds = shot_odds(combatant(state, "red-soldier-1", weapon=weapon), combatant(state, target),
                     distance_cm=edge_distance(state, "red-soldier-1", target), cover=cover_class(state, "red-soldier-1", target))
    moving = {float(k): p for k, p in odds.dodge_cm.items() if float(k) > 0}
    assert f"dodges {100 * odds.p_dodge * sum(moving.values()):.0f}% ({min(moving):g}-{max(moving):g} cm)" in note


def test_the_charge_odds_beside_the_target_are_those_of_landsraad_odds_melee_issue_38(state):
    # The charge's odds at the declaration, checked against the command a player would run at the table.
    d = Decision(side="red", kind="action", prompt="What?", model="red-swordmaster-1", choices=("move", "melee:blue-fedaykin-1", "rest"),
                 info={"after_free_move": ["melee:blue-fedaykin-1"]})
    note = option_notes(d, state)["melee:blue-fedaykin-1"]
    assert note.startswith("charge after the free move; if you attack")
    out = subprocess.run([sys.executable, "-m", "landsraad", "odds", "melee", "--attacker", "atreides/swordmaster",
                          "--defender", "fremen/fedaykin", "--json"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    cells = json.loads(out.stdout)["cells"]
    for theirs in ("attack", "defend"):
        cell = cells[f"attack/{theirs}"]
        words = f"vs {theirs}: hit {100 * cell['p_attacker_hits']:.0f}%, kill {100 * cell['p_defender_dies']:.0f}%"
        if theirs == "attack":
            words += f", you die {100 * cell['p_attacker_dies']:.0f}%"
        assert words in note, (words, note)
