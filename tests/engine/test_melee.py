"""Tests of landsraad.engine.melee: the clash in play, pushes, steps away and disengaging
(R-MELEE, R-MELEE-OPTIONS, R-DISENGAGE, PRJ-17, PRJ-99)."""

import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.engine import Game, melee
from landsraad.engine.flow import Frame, Payload
from landsraad.engine.game import new_game
from landsraad.engine.melee import disengage_spots
from landsraad.engine.spatial import beyond_allowance, contact_enemies, plan_move
from landsraad.engine.state import TerrainState
from landsraad.errors import DecisionError, RuleError
from landsraad.players import RandomPlayer
from landsraad.ruleset import Ruleset

from .helpers import ScriptedPlayer, model, run_activations, state_in_play


def _first_choice(d):
    return d.choices[0]


def test_push_follows_a_successful_attack_not_one_a_shield_stopped():
    # Issue 9, item 10: 2.4 "Si sa figurine attaque et que l'attaque est réussie ... repousser". A Fremen warrior's
    # blow hits a shielded Sardaukar (attack 10 + 1 + 1 = 12 vs defence 1 + 1 = 2), but with its neutral die at 5 the
    # shield stops it (only a neutral 1 gets through, R-SHIELD): no push, no push distance asked.
    a = model("red", "fremen", "warrior", 1, 10, 10)
    e = model("blue", "corrino", "soldier", 1, 13, 10)
    red = ScriptedPlayer({"activate": a.id, "action": f"melee:{e.id}", "stance": "attack", "lower_neutral": 5, "push": "push",
                          "push_distance": 5, "poison": "none"})
    blue = ScriptedPlayer({"stance": "defend", "lower_neutral": _first_choice})
    game = run_activations(state_in_play([a, e], blue="corrino"), {"red": red, "blue": blue}, dice=[5, 10, 2, 3, 3, 1])
    melee = next(ev for ev in game.log if ev.kind == "melee").outcome
    strike = melee.strikes[0]
    assert strike.hit and strike.shield_stopped
    assert melee.ended_by_push is None and not strike.pushed
    assert not any(d.kind == "push_distance" for d in red.seen)
    assert not any(ev.kind == "move" and ev.data["kind"] == "pushed" for ev in game.log)


def test_a_blow_that_gets_through_may_push():
    a = model("red", "fremen", "warrior", 1, 10, 10)
    e = model("blue", "corrino", "soldier", 1, 13, 10)
    red = ScriptedPlayer({"activate": a.id, "action": f"melee:{e.id}", "stance": "attack", "lower_neutral": 1, "push": "push",
                          "push_distance": 5, "poison": "none"})
    blue = ScriptedPlayer({"stance": "defend", "lower_neutral": _first_choice})
    game = run_activations(state_in_play([a, e], blue="corrino"), {"red": red, "blue": blue}, dice=[5, 10, 2, 3, 3, 1])
    melee = next(ev for ev in game.log if ev.kind == "melee").outcome
    assert melee.strikes[0].hit and not melee.strikes[0].shield_stopped
    if not game.state.model(e.id).removed:
        assert melee.ended_by_push == "attacker"


def _disengage_game(dice, **kw):
    a = model("red", "corrino", "soldier", 1, 10, 10)
    e = model("blue", "fremen", "warrior", 1, 13, 10)
    red = ScriptedPlayer({"activate": a.id, "action": "disengage", **kw})
    blue = ScriptedPlayer({"lower_neutral": _first_choice})
    return a, e, red, run_activations(state_in_play([a, e]), {"red": red, "blue": blue}, dice=dice)


def test_successful_disengage_moves_exactly_the_margin_out_of_contact():
    # Issue 9, item 11: 2.3 "elle est déplacée d'une distance égale à la marge de réussite de son jet".
    # mover: neutral 6 + Reflexes 1 = 7 beats the opponent's 1 + 1 + 1 = 3: margin 6.
    tried = []

    def answer(d):
        start = (10.0, 10.0)
        short = (start[0] - 3.0, start[1])
        with pytest.raises(DecisionError, match="exactly its margin, 6 cm"):
            d.check(short)
        tried.append(d)
        return d.point.candidates[0]

    a, e, red, game = _disengage_game([6, 2, 1, 2], disengage_move=answer)
    decision = tried[0]
    assert not decision.optional  # the move is not "up to" and not optional
    move = next(x for x in game.log if x.kind == "move" and x.data["kind"] == "disengage")
    assert move.data["length_cm"] == pytest.approx(6.0, abs=0.05)
    assert not contact_enemies(game.state, a.id)


def test_up_to_option_keeps_the_old_reading():
    a = model("red", "corrino", "soldier", 1, 10, 10)
    e = model("blue", "fremen", "warrior", 1, 13, 10)
    state = state_in_play([a, e], ruleset=Ruleset(disengage_move="up_to"))
    seen = []
    red = ScriptedPlayer({"activate": a.id, "action": "disengage", "disengage_move": lambda d: seen.append(d) or None})
    run_activations(state, {"red": red, "blue": ScriptedPlayer({"lower_neutral": _first_choice})}, dice=[6, 2, 1, 2])
    touching = (13 - 3 * math.cos(math.pi / 3), 10 + 3 * math.sin(math.pi / 3))  # still touching the warrior
    assert seen and seen[0].optional and "out of contact" in seen[0].point.validate(touching)
    assert seen[0].point.validate((6.0, 10.0)) is None  # 4 cm, out of contact: allowed with "up to"


def test_disengage_candidates_are_legal_and_at_the_margin():
    a, e, red, game = _disengage_game([6, 2, 1, 2], disengage_move=lambda d: d.point.candidates[0])
    decision = next(d for d in red.seen if d.kind == "disengage_move")
    before = next(x for x in game.log if x.kind == "disengage")
    assert before.outcome.margin_cm == 6
    for point in decision.point.candidates:
        assert decision.point.validate(point) is None
        assert math.hypot(point[0] - 10.0, point[1] - 10.0) == pytest.approx(6.0, abs=1e-6)


def test_the_opponent_is_told_of_a_disengage_by_its_own_decision():
    a, e, red, game = _disengage_game([1, 1, 9, 9])
    ev = next(x for x in game.log if x.kind == "disengage").outcome
    assert not ev.success and plan_move(game.state, a.id, (10.0, 10.0), 1.0).legal


def _all_searched(state, model_id, points, allowance_cm):
    return np.zeros(len(list(points)), dtype=bool)


def _walled_state(gap, length, margin_side, kind):
    """A soldier at (20, 20) with an enemy in contact on its left, a wall ``gap`` cm to its right."""
    a = model("red", "corrino", "soldier", 1, 20, 20)
    e = model("blue", "fremen", "warrior", 1, 17, 20)
    wall = TerrainState(id="wall", polygon=((20 + gap, 20 - length), (21 + gap, 20 - length), (21 + gap, 20 + length), (20 + gap, 20 + length)),
                        movement=kind)
    bog = TerrainState(id="bog", polygon=((10, 20 + margin_side), (30, 20 + margin_side), (30, 35), (10, 35)), movement="difficult")
    return a, state_in_play([a, e], terrain=[wall, bog])


def test_disengage_spots_behind_a_wall_are_refused_by_the_bound_alone():
    # The points behind the wall are free but too far round it: the bound refuses them, and the
    # answer is the one the path search gives every point (R-DISENGAGE, R-MOVE).
    a, state = _walled_state(2.0, 4.0, 12.0, "blocked")
    points = [(20 + 6 * math.cos(k * math.pi / 18), 20 + 6 * math.sin(k * math.pi / 18)) for k in range(36)]
    far = beyond_allowance(state, a.id, points, 6.0)
    assert far.any() and not far.all()
    for p, too_far in zip(points, far):
        if too_far:
            assert not plan_move(state, a.id, p, 6.0).legal
    fast = disengage_spots(state, a.id, 6.0, exact=True)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(melee, "beyond_allowance", _all_searched)
        assert disengage_spots(state, a.id, 6.0, exact=True) == fast


@settings(max_examples=12, deadline=None)
@given(st.floats(1.6, 6.0), st.floats(1.0, 8.0), st.floats(2.0, 10.0), st.floats(2.0, 8.0), st.booleans(),
       st.sampled_from(["blocked", "difficult"]))
def test_disengage_spots_same_with_and_without_the_bound(gap, length, side, margin, exact, kind):
    # The bound only skips searches plan_move would refuse: every answer is the slow path's.
    a, state = _walled_state(gap, length, side, kind)
    fast = disengage_spots(state, a.id, margin, exact=exact)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(melee, "beyond_allowance", _all_searched)
        assert disengage_spots(state, a.id, margin, exact=exact) == fast


# --- the frames: typed payloads, the JSON form saved games hold ------------------------------------


def test_melee_frames_saved_as_plain_mappings_load_as_typed_payloads():
    """A clash's frame in the form saved before the payloads were typed (``null`` for no weapon or poison)."""
    old = {"model": "red-1", "held": 1, "enemy": "blue-2", "a_weapon": None, "d_weapon": "crysknife", "a_poison": None,
           "d_poison": "deadly", "a_dice": [3, 7, 2], "d_dice": [5, 1, 9], "stances": {"attacker": "attack"}, "role": "defender"}
    frame = Frame.from_list(["melee.stance", old])
    assert isinstance(frame.data, melee.MeleeFrame)
    assert frame.data.a_dice == (3, 7, 2) and frame.data.d_weapon == "crysknife" and frame.data.a_weapon is None
    assert frame.data.stances == {"attacker": "attack"} and frame.data.role == "defender"
    saved = frame.to_list()
    assert saved == ["melee.stance", {k: v for k, v in old.items() if v is not None}]
    assert Frame.from_list(saved).data == frame.data


@pytest.mark.parametrize("name, data, kind", [
    ("disengage.lowered", {"model": "red-1", "held": 0, "flee": True, "opponent": "blue-1", "m_weapon": None, "o_weapon": "knife",
                           "m_dice": [4, 6], "o_dice": [2, 8]}, melee.DisengageFrame),
    ("melee.step_away", {"queue": ["blue-1"], "asked": True}, melee.StepAwayFrame),
    ("melee.pushed", {"pusher": "red-1", "victim": "blue-1"}, melee.PushFrame),
    ("disengage.moved", {"model": "red-1", "allowance": 3.0}, melee.DisengageMove),
    ("weapon", {"model": "red-1", "use": "melee"}, melee.WeaponAsk),
    ("poison", {"model": "red-1", "weapon": None}, melee.PoisonAsk),
])
def test_every_melee_and_disengage_family_loads_and_saves_its_json_form(name, data, kind):
    frame = Frame.from_list([name, data])
    assert type(frame.data) is kind
    assert Frame.from_list(frame.to_list()).data == frame.data
    # what the JSON form leaves out is only what is None
    assert {k: v for k, v in data.items() if v is not None or k not in kind.OMITTED_WHEN_NONE} == frame.to_list()[1]


def test_a_melee_frame_with_a_key_no_version_wrote_is_refused():
    with pytest.raises(RuleError, match="unknown key"):
        Frame.from_list(["melee.lower", {"model": "red-1", "held": 0, "enemy": "blue-1", "tactics": "feint"}])


def test_a_stance_answered_unasked_is_an_engine_error_not_a_key_error():
    frame = melee.MeleeFrame("red-1", 0, "blue-1", a_dice=(1, 2, 3), d_dice=(4, 5, 6), stances={})
    with pytest.raises(RuleError, match="without being asked"):
        melee._melee_stance(None, frame, "attack")  # refused before the machine is used


def test_games_snapshot_and_restore_with_clash_and_disengage_frames_on_the_stack():
    """Mid-clash and mid-disengage snapshots restore to the same snapshot, and play on to the same events."""
    seen: set[str] = set()
    for seed in (3, 7):  # seed 7: a decision comes while a disengage is under way
        game = new_game("corrino", "fremen", seed=seed)
        players = {"red": RandomPlayer(seed), "blue": RandomPlayer(seed + 1)}
        while not game.over:
            families = {f.stage.name.split(".")[0] for f in game.stack} & {"melee", "disengage"}
            if families:
                assert all(isinstance(f.data, Payload) for f in game.stack if f.stage.name.split(".")[0] in families)
                snap = game.snapshot()
                restored = Game.restore(json.loads(json.dumps(snap)))
                assert restored.snapshot() == snap
                seen |= families
            d = game.decision
            game.answer(players[d.side].decide(d, game.view(d.side)))
    assert seen == {"melee", "disengage"}
