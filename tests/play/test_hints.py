"""Tests of landsraad.play.hints: the odds next to shot and melee options; hint --explain's search (issue 45)."""

import json

import pytest

from landsraad.engine import Decision
from landsraad.engine.bridge import combatant
from landsraad.engine.spatial import cover_class, edge_distance
from landsraad.errors import LandsraadError
from landsraad.i18n import use_language
from landsraad.odds import shot_odds, stance_matrix
from landsraad.play.drills import build_state, load_drill
from landsraad.play.hints import EXPLAIN_WORDS, melee_note, not_searched_line, option_notes, search_hint, shot_note
from tests import warm


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
    out = warm.run(["odds", "melee", "--attacker", "atreides/swordmaster", "--defender", "fremen/fedaykin", "--json"], text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    cells = json.loads(out.stdout)["cells"]
    for theirs in ("attack", "defend"):
        cell = cells[f"attack/{theirs}"]
        words = f"vs {theirs}: hit {100 * cell['p_attacker_hits']:.0f}%, kill {100 * cell['p_defender_dies']:.0f}%"
        if theirs == "attack":
            words += f", you die {100 * cell['p_attacker_dies']:.0f}%"
        assert words in note, (words, note)


# --- hint --explain: the search in the person's place (issue 45) -----------------------------------------------


@pytest.fixture(scope="module")
def at_red_activation():
    from landsraad.ai import HeuristicPlayer
    from landsraad.engine import new_game

    game, players, seen = new_game("corrino", "fremen", seed=31), {"red": HeuristicPlayer(11), "blue": HeuristicPlayer(12)}, []
    while not (game.decision.kind == "activate" and game.decision.side == "red" and len(seen) >= 1):
        if game.decision.kind == "activate" and game.decision.side == "red":
            seen.append(game.state.activation)
        game.answer(players[game.decision.side].decide(game.decision, game.view(game.decision.side)))
    return game


def test_the_search_hint_names_candidates_with_expected_vp_and_rollouts(at_red_activation):
    game = at_red_activation
    d = game.decision
    # a fixed-count search (no budget: the same values on any machine) in the person's place
    found = search_hint(d, game.view("red"), seed=5, player="search:easy")
    assert len(found.lines) == 1 and found.answer in d.choices
    line = found.lines[0]
    assert line.startswith("red, which model to activate: ") and " VP, 3 rollouts" in line and " against " in line
    named = {m.id for m in game.state.models if m.side == "red" and f"({m.id})" in line}
    assert found.answer in named and len(named) >= 3, "the answer and at least two other red models, by card name and id"
    # only the side's view counts: the whole state (the opponent's picks, the seed) changes nothing
    assert search_hint(d, game.state, seed=5, player="search:easy") == found
    assert search_hint(d, game.view("red"), seed=6, player="search:easy").answer in d.choices
    with pytest.raises(LandsraadError, match="needs a search player"):
        search_hint(d, game.view("red"), seed=5, player="heuristic")


def test_a_decision_the_search_does_not_weigh_has_no_candidates(at_red_activation):
    game = at_red_activation
    game.answer(game.decision.choices[0])
    d = game.decision
    assert d.kind != "activate"
    assert search_hint(d, game.view(d.side), seed=5, player="search:easy").lines == ()
    with use_language("fr"):
        assert not_searched_line().startswith("La recherche pèse quelle figurine activer")


def _play(*args: str, stdin: str) -> str:
    out = warm.run(args, input=stdin, text=True, timeout=900)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_hint_explain_at_the_real_prompt_in_english_and_french():
    # every decision: hint --explain, then Enter (the default); the first activations come after the set-up
    lines = _play("play", "--seed", "4", "--opponent", "heuristic", stdin="hint --explain\n\n" * 30).splitlines()
    searched = [x for x in lines if x.startswith("Search (search:normal:1s): red, which model to activate: ")]
    assert searched and all(" VP, " in x and " rollout" in x for x in searched)
    assert any("the heuristic's choice" in x for x in searched)
    assert any(x.startswith("The search weighs which model to activate") for x in lines), "a set-up decision: none searched"
    assert sum(x.startswith("Hint: ") for x in lines) >= len(searched), "the quick hint still comes first"
    french = _play("--lang", "fr", "play", "--seed", "4", "--opponent", "heuristic", stdin="hint pourquoi\n\n" * 30).splitlines()
    searched = [x for x in french if x.startswith("Recherche (search:normal:1s) : rouge, quelle figurine activer : ")]
    assert searched and all(" PV, " in x and " simulation" in x for x in searched)


def test_the_in_game_help_names_hint_explain_in_english_and_french():
    # the real command, help typed at its first prompt: the person learns the command exists
    english = _play("play", "--seed", "4", "--opponent", "heuristic", stdin="help\nquit\n")
    assert "hint --explain or hint why adds the search's candidates in your place" in english.replace("\n", " ")
    french = _play("--lang", "fr", "play", "--seed", "4", "--opponent", "heuristic", stdin="aide\nquitter\n")
    assert "indice pourquoi ou indice --expliquer y ajoute les candidats de la recherche" in french.replace("\n", " ")
    # and the words it names are the ones the prompt takes
    assert {"--explain", "why", "pourquoi", "--expliquer"} <= set(EXPLAIN_WORDS)
