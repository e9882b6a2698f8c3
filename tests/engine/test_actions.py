"""Scripted actions: melee, shooting, dodges, disengaging (R-MELEE, R-MELEE-OPTIONS, R-SHOOT,
RUL-08, RUL-09, R-DISENGAGE)."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.engine.actions import available_actions
from landsraad.engine.shooting import shot_candidates, shot_candidates_from
from landsraad.engine.state import TerrainState
from landsraad.ruleset import Ruleset

from .helpers import ScriptedPlayer, model, run_activations, state_in_play


def _first_choice(d):
    return d.choices[0]


def test_melee_hit_wounds_and_the_winner_may_push_r_melee_options():
    a = model("red", "corrino", "soldier", 1, 10, 10, extra_weapons=("halberd",))
    e = model("blue", "fremen", "warrior", 1, 13, 10)
    red = ScriptedPlayer({"activate": a.id, "action": f"melee:{e.id}", "weapon": "halberd", "stance": "attack",
                          "lower_neutral": [1], "push": "push", "push_distance": 5})
    blue = ScriptedPlayer({"stance": "defend", "lower_neutral": _first_choice})
    # Attacker: neutral 5 lowered to 1, attack 8 -> 8 + 2 + 2 = 12 vs defence 6 + 1 = 7: hit; 15 - 1 = 14 damage vs E3: fatal (>= 9).
    game = run_activations(state_in_play([a, e]), {"red": red, "blue": blue}, dice=[5, 8, 2, 3, 3, 6])
    strike = next(ev for ev in game.log if ev.kind == "melee").data["event"]["strikes"][0]
    assert (strike["hit"], strike["damage"], strike["wound"]) == (True, 14, "fatal")
    assert game.state.model(e.id).removed
    assert any(k.victim == e.id and k.killer == a.id for k in game.state.kills)


def test_both_defend_no_blow_and_the_defender_may_step_away():
    a = model("red", "corrino", "soldier", 1, 10, 10, extra_weapons=("halberd",))
    e = model("blue", "fremen", "warrior", 1, 13, 10)
    red = ScriptedPlayer({"activate": a.id, "action": f"melee:{e.id}", "weapon": "halberd", "stance": "defend", "lower_neutral": _first_choice})
    blue = ScriptedPlayer({"stance": "defend", "lower_neutral": _first_choice, "step_away": lambda d: d.point.candidates[0]})
    game = run_activations(state_in_play([a, e]), {"red": red, "blue": blue}, dice=[5, 8, 2, 3, 3, 6])
    assert next(ev for ev in game.log if ev.kind == "melee").data["event"]["strikes"] == []
    moved = [ev for ev in game.log if ev.kind == "move" and ev.data["kind"] == "step_away"]
    assert moved  # both defended: each may step away (R-MELEE-OPTIONS)
    from landsraad.engine.spatial import contact_enemies

    assert not contact_enemies(game.state, a.id)


def test_shooting_targets_the_nearest_enemy_in_sight_rul_08():
    shooter = model("red", "corrino", "soldier", 1, 10, 10)  # Sardaukar lance, range 15
    near = model("blue", "fremen", "warrior", 1, 10, 25)
    far = model("blue", "fremen", "warrior", 2, 30, 40)
    red = ScriptedPlayer({"activate": shooter.id, "action": "shoot:sardaukar_lance"})
    # shooter neutral 6 attack 9; target neutral 2 defence 1 -> hit
    game = run_activations(state_in_play([shooter, near, far]), {"red": red, "blue": ScriptedPlayer()}, dice=[6, 9, 2, 1])
    shot = next(ev for ev in game.log if ev.kind == "shot")
    assert shot.data["target"] == near.id
    ev = shot.data["event"]
    assert ev["distance_cm"] == pytest.approx(12.0)  # 15 cm between centres minus two 1.5 cm radii
    assert ev["range_modifier"] == 1  # within range 15: the lance's +1
    assert ev["attack_total"] == 9 + 2 + 1 and ev["hit"]
    assert ev["damage"] == 6 + 2  # neutral + lance damage +2


def test_a_missed_target_may_dodge_up_to_neutral_plus_reflexes_rul_09():
    shooter = model("red", "corrino", "soldier", 1, 10, 10)
    target = model("blue", "fremen", "warrior", 1, 10, 25)  # Reflexes 1
    red = ScriptedPlayer({"activate": shooter.id, "action": "shoot:sardaukar_lance"})
    blue = ScriptedPlayer({"dodge": lambda d: d.point.candidates[0]})
    game = run_activations(state_in_play([shooter, target]), {"red": red, "blue": blue}, dice=[6, 1, 4, 9])
    shot = next(ev for ev in game.log if ev.kind == "shot").data["event"]
    assert not shot["hit"] and shot["dodge_cm"] == 5.0  # neutral 4 + Reflexes 1
    dodge = next(d for d in blue.seen if d.kind == "dodge")
    assert dodge.point.allowance_cm == 5.0
    assert any(ev.kind == "move" and ev.data["kind"] == "dodge" for ev in game.log)


def test_a_laser_never_targets_a_shielded_model_rul_08():
    # Issue 37 (PRJ-103): the laser is still offered, for its blast may aim at any point; burning has no target.
    from landsraad.engine.actions import shot_candidates

    shooter = model("red", "corrino", "soldier", 1, 10, 10, extra_weapons=("laser",))
    target = model("blue", "corrino", "duellist", 1, 10, 20)  # full shield
    state = state_in_play([shooter, target], blue="corrino")
    laser = next(w for w in shooter.weapons if w.id == "laser")
    assert shot_candidates(state, shooter.id, laser, "burn") == ()
    assert "shoot:laser" in available_actions(state, shooter.id, 0)
    assert "shoot:sardaukar_lance" in available_actions(state, shooter.id, 0)


def test_failed_disengage_takes_the_opponents_blow_r_disengage():
    a = model("red", "corrino", "soldier", 1, 10, 10)
    e = model("blue", "fremen", "warrior", 1, 13, 10)
    red = ScriptedPlayer({"activate": a.id, "action": "disengage"})
    game = run_activations(state_in_play([a, e]), {"red": red, "blue": ScriptedPlayer()}, dice=[1, 1, 9, 9])
    ev = next(x for x in game.log if x.kind == "disengage").data["event"]
    assert not ev["success"]
    assert ev["opponent_neutral"] == 9


def _flamer_situation():
    shooter = model("red", "corrino", "specialist", 1, 10, 10, extra_weapons=("flamethrower",))
    first = model("blue", "fremen", "warrior", 1, 10, 18)
    second = model("blue", "fremen", "warrior", 2, 11.4, 26)  # partly visible past the first, its base touching the line
    red = ScriptedPlayer({"activate": shooter.id, "action": "shoot:flamethrower", "aim": (10.0, 40.0)})
    # shooter neutral 5, attack 9 -> 9 + Combat 1 - 2 = 8; first warrior (2, 1): hit; second (6, 9): 9 >= 8, dodges 6 + 1 cm
    return shooter, first, second, red, [5, 9, 2, 1, 6, 9]


def test_a_model_hidden_behind_another_is_not_under_a_direct_template_rul_19():
    shooter = model("red", "corrino", "specialist", 1, 10, 10, extra_weapons=("flamethrower",))
    first = model("blue", "fremen", "warrior", 1, 10, 18)
    hidden = model("blue", "fremen", "warrior", 2, 10, 26)  # straight behind the first: no line of sight
    red = ScriptedPlayer({"activate": shooter.id, "action": "shoot:flamethrower", "aim": (10.0, 40.0)})
    game = run_activations(state_in_play([shooter, first, hidden]), {"red": red, "blue": ScriptedPlayer()}, dice=[5, 9, 2, 1])
    assert next(ev for ev in game.log if ev.kind == "template").data["under"] == [first.id]


def test_direct_fire_template_hits_along_the_line_and_a_dodge_out_escapes_r_template_rul_19():
    shooter, first, second, red, dice = _flamer_situation()
    blue = ScriptedPlayer({"dodge": lambda d: d.point.candidates[0]})
    game = run_activations(state_in_play([shooter, first, second]), {"red": red, "blue": blue}, dice=dice)
    template = next(ev for ev in game.log if ev.kind == "template")
    assert set(template.data["under"]) == {first.id, second.id}
    results = {r["target"]: r for r in next(ev for ev in game.log if ev.kind == "template_shot").data["event"]["results"]}
    assert results["Warrior 1"]["hit"] and results["Warrior 1"]["wound"] == "fatal"  # burn (9) vs E3: 3 x 3
    assert not results["Warrior 2"]["hit"] and not results["Warrior 2"]["caught"]
    dodge = next(d for d in blue.seen if d.kind == "dodge")
    assert dodge.point.allowance_cm == 7.0  # RUL-09: neutral 6 + Reflexes 1


def test_a_template_target_that_does_not_get_out_is_caught_r_template():
    shooter, first, second, red, dice = _flamer_situation()
    blue = ScriptedPlayer({"dodge": None})  # stays where it is
    game = run_activations(state_in_play([shooter, first, second]), {"red": red, "blue": blue}, dice=dice)
    results = {r["target"]: r for r in next(ev for ev in game.log if ev.kind == "template_shot").data["event"]["results"]}
    assert results["Warrior 2"]["caught"] and results["Warrior 2"]["wound"] == "fatal"


def test_the_second_side_to_lower_sees_the_first_sides_choice_r_melee():
    a = model("red", "corrino", "soldier", 1, 10, 10, extra_weapons=("halberd",))
    e = model("blue", "fremen", "warrior", 1, 13, 10)
    red = ScriptedPlayer({"activate": a.id, "action": f"melee:{e.id}", "weapon": "halberd", "stance": "attack", "lower_neutral": [2], "push": "no"})
    blue = ScriptedPlayer({"stance": "attack", "lower_neutral": _first_choice, "push": "no"})
    # initiative with the rolled dice: red 5 + R1 + halberd +1 = 7, blue 8 + R1 + crysknife +1 = 10: red lowers first
    run_activations(state_in_play([a, e]), {"red": red, "blue": blue}, dice=[5, 8, 2, 8, 3, 6])
    first, second = [d for d in red.seen + blue.seen if d.kind == "lower_neutral"]
    assert first.side == "red" and first.info["lowered"] == {}
    assert second.side == "blue" and second.info["lowered"] == {"attacker": 2}


def test_a_medic_heals_a_friend_in_contact_rul_12():
    from landsraad.model import Poison

    medic = model("red", "corrino", "medic", 1, 10, 10)
    patient = model("red", "corrino", "soldier", 1, 13, 10, wound="light", poisons=(Poison(kind="irritant"),))
    far = model("blue", "fremen", "warrior", 1, 50, 50)
    red = ScriptedPlayer({"activate": medic.id, "action": f"heal:{patient.id}"})
    # colour die 8 + Combat 2 = 10 >= 10: success
    game = run_activations(state_in_play([medic, patient, far]), {"red": red, "blue": ScriptedPlayer()}, dice=[3, 8])
    healed = game.state.model(patient.id)
    assert healed.wound == "none" and healed.poisons == ()


def test_a_successful_disengage_moves_the_model_its_margin_r_disengage():
    a = model("red", "corrino", "soldier", 1, 10, 10)
    e = model("blue", "fremen", "warrior", 1, 13, 10)
    red = ScriptedPlayer({"activate": a.id, "action": "disengage", "disengage_move": lambda d: d.point.candidates[0]})
    blue = ScriptedPlayer({"lower_neutral": _first_choice})
    # mover: neutral 6 + Reflexes 1 = 7; opponent: neutral 1 + Reflexes 1 + crysknife +1 = 3
    game = run_activations(state_in_play([a, e]), {"red": red, "blue": blue}, dice=[6, 2, 1, 2])
    ev = next(x for x in game.log if x.kind == "disengage").data["event"]
    assert ev["success"] and ev["margin_cm"] == 6
    move = next(x for x in game.log if x.kind == "move" and x.data["kind"] == "disengage")
    assert move.data["length_cm"] <= 6 + 1e-6
    from landsraad.engine.spatial import contact_enemies

    assert not contact_enemies(game.state, a.id)


def test_explosives_blow_up_a_marker_in_contact_r_explosive():
    from landsraad.engine.state import MarkerState

    a = model("red", "corrino", "specialist", 1, 10, 10, equipment=("explosives",))
    depot = MarkerState(id="m1", owner="red", mission="sabotage", x=13.0, y=10.0, size_mm=30)
    state = state_in_play([a, model("blue", "fremen", "warrior", 1, 50, 50)]).replace(markers=(depot,))
    game = run_activations(state, {"red": ScriptedPlayer({"activate": a.id, "action": "explosives:m1"}), "blue": ScriptedPlayer()})
    assert game.state.marker("m1").destroyed
    from landsraad.engine.actions import available_actions

    assert not any(x.startswith("explosives:") for x in available_actions(game.state, a.id, 0))  # its one piece is spent


def test_a_hunter_seeker_strikes_the_model_that_crosses_it_and_stays_prj_97():
    assassin = model("red", "corrino", "master_assassin", 1, 10, 10)
    runner = model("blue", "fremen", "warrior", 1, 30, 40)
    red = ScriptedPlayer({"activate": assassin.id, "action": "hunter_seeker", "place_hunter_seeker": (30.0, 30.0)})
    blue = ScriptedPlayer({"activate": runner.id, "free_move": (30.0, 30.0), "action": "rest"})
    # the assassin's activation uses no dice; the runner's crossing: Reflexes test, colour 3 + 1 < 12: Deadly
    game = run_activations(state_in_play([assassin, runner]), {"red": red, "blue": blue}, dice=[5, 3], activations=2)
    strike = next(x for x in game.log if x.kind == "hunter_seeker")
    assert strike.model == runner.id and not strike.data["test"]["success"]
    assert game.state.model(runner.id).out_of_action and not game.state.model(runner.id).removed  # Deadly: stays on the table
    assert [e for e in game.state.effects if e.kind == "hunter_seeker"]  # "toute figurine qui traversera": it stays


def test_a_jammer_drops_shields_until_its_bearer_activates_again():
    bearer = model("red", "corrino", "soldier", 1, 10, 10, equipment=("jammer",))
    duellist = model("blue", "corrino", "duellist", 1, 30, 30)  # full shield
    red = ScriptedPlayer({"activate": bearer.id, "action": ["jammer", "rest"], "place_jammer": (30.0, 30.0)})
    blue = ScriptedPlayer({"activate": duellist.id, "action": "rest"})
    state = state_in_play([bearer, duellist], blue="corrino")
    game = run_activations(state, {"red": red, "blue": blue}, activations=1)
    from landsraad.engine.bridge import combatant

    assert game.state.model(duellist.id).jammed_by is not None
    assert combatant(game.state, duellist.id).shield_disabled
    game2 = run_activations(game.state, {"red": red, "blue": blue}, activations=2)  # blue rests, then red activates again
    assert game2.state.model(duellist.id).jammed_by is None


def test_explosives_one_marker_per_piece():
    # Issue 9, item 2: "Explosifs (3 pièces - 1 point)": each piece blows up one marker.
    from landsraad.engine.state import MarkerState

    a = model("red", "corrino", "specialist", 1, 10, 10, equipment=("explosives", "explosives"))
    spots = {"m1": (13.0, 10.0), "m2": (10.0, 13.0), "m3": (7.0, 10.0)}  # all three in base contact
    depots = tuple(MarkerState(id=k, owner="blue", mission="sabotage", x=x, y=y, size_mm=30) for k, (x, y) in spots.items())
    state = state_in_play([a, model("blue", "fremen", "warrior", 1, 50, 50)]).replace(markers=depots)
    red = ScriptedPlayer({"activate": a.id, "action": ["explosives:m1", "explosives:m2"]})
    game = run_activations(state, {"red": red, "blue": ScriptedPlayer({"action": "rest"})}, activations=3)
    assert game.state.marker("m1").destroyed and game.state.marker("m2").destroyed
    assert not game.state.marker("m3").destroyed
    assert not any(x.startswith("explosives:") for x in available_actions(game.state, a.id, 0))  # two pieces, two markers


def test_master_assassin_card_and_bought_hunter_seeker_are_separate_releases():
    # Issue 9, item 6: the card's ability ("peut libérer un Chercheur Tueur lors de son activation") has no
    # once-per-game limit; a bought piece is one more release of its own.
    from landsraad.ruleset import Ruleset

    assassin = model("red", "corrino", "master_assassin", 1, 10, 10, equipment=("hunter_seeker",))
    far = model("blue", "fremen", "warrior", 1, 50, 50)
    red = ScriptedPlayer({"activate": assassin.id, "action": ["hunter_seeker", "hunter_seeker:piece", "hunter_seeker"],
                          "place_hunter_seeker": [(30.0, 30.0), (40.0, 20.0), (20.0, 40.0)]})
    game = run_activations(state_in_play([assassin, far]), {"red": red, "blue": ScriptedPlayer({"action": "rest"})}, activations=5)
    assert len([e for e in game.state.effects if e.kind == "hunter_seeker"]) == 3
    choices = available_actions(game.state, assassin.id, 0)
    assert "hunter_seeker" in choices and "hunter_seeker:piece" not in choices  # the piece is spent, the card is not
    once = state_in_play([assassin, far], ruleset=Ruleset(master_assassin_seekers="once"))
    game = run_activations(once, {"red": ScriptedPlayer({"activate": assassin.id, "action": "hunter_seeker", "place_hunter_seeker": (30.0, 30.0)}),
                                  "blue": ScriptedPlayer({"action": "rest"})})
    assert "hunter_seeker" not in available_actions(game.state, assassin.id, 0)
    assert "hunter_seeker:piece" in available_actions(game.state, assassin.id, 0)


# --- a free move's shot check on the moved board (speed pass, issue 44) ---------------------------------



_ROCK = TerrainState(id="rock", polygon=((24.0, 20.0), (30.0, 20.0), (30.0, 32.0), (24.0, 32.0)), height_cm=6.0)
_LOW = TerrainState(id="low", polygon=((12.0, 36.0), (20.0, 36.0), (20.0, 38.0), (12.0, 38.0)), height_cm=1.0, movement="difficult")


@settings(max_examples=60, deadline=None)
@given(st.floats(3.0, 57.0), st.floats(3.0, 57.0), st.sampled_from(["burn", "explosive"]), st.booleans())
def test_shot_candidates_from_a_point_are_those_of_the_state_with_the_model_moved(x, y, mode, models_block):
    """The check of a free move before a shot (PRJ-100) asks sight on the board with the shooter's
    base moved (:func:`shot_candidates_from`): the same targets as the state with the model moved
    there (the oracle, :func:`shot_candidates` on ``update_model``), wherever it stands."""
    shooter = model("red", "corrino", "soldier", 1, 10, 10)
    enemies = [model("blue", "fremen", "warrior", 1, 34, 26), model("blue", "fremen", "warrior", 2, 16, 46),
               model("blue", "fremen", "warrior", 3, 46, 50)]
    friend = model("red", "corrino", "soldier", 2, 28, 40)
    state = state_in_play([shooter, friend, *enemies], terrain=[_ROCK, _LOW], ruleset=Ruleset(models_block_sight=models_block))
    weapon = shooter.weapons[0]
    if any(math.hypot(x - o.x, y - o.y) < (o.base_mm + shooter.base_mm) / 20 + 0.01 for o in (friend, *enemies)):
        return  # overlapping bases: sight is undefined there, and no free move ends so
    moved = state.update_model(shooter.id, x=x, y=y)
    assert shot_candidates_from(state, shooter.id, weapon, mode, (x, y)) == shot_candidates(moved, shooter.id, weapon, mode)
