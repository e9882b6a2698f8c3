"""Scripted activations: fatigue, recovery, spice, poisons (R-ACTIVATE, R-FATIGUE-*, RUL-05, RUL-06,
RUL-10, R-POISON)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.engine.activation import selectable_models
from landsraad.engine.bridge import combatant
from landsraad.model import Poison
from landsraad.rules.fatigue import recover_after_activation
from landsraad.rules.poisons import can_select
from landsraad.ruleset import Ruleset

from .helpers import ScriptedPlayer, model, run_activations, state_in_play


def _rest():
    return ScriptedPlayer({"action": "rest", "spice": "keep"})


def test_fatigue_token_at_the_start_and_recovery_of_the_owners_others_r_fatigue_gain_rul_06():
    a = model("red", "corrino", "soldier", 1, 10, 10)
    b = model("red", "corrino", "soldier", 2, 20, 10, fatigue=2)
    e = model("blue", "fremen", "warrior", 1, 40, 40, fatigue=1)
    game = run_activations(state_in_play([a, b, e]), {"red": ScriptedPlayer({"activate": a.id, "action": "rest"}), "blue": _rest()})
    s = game.state
    assert s.model(a.id).fatigue == 1  # R-FATIGUE-GAIN
    assert s.model(b.id).fatigue == 1  # RUL-06: the owner's other models recover
    assert s.model(e.id).fatigue == 1  # ... not the opponent's (default option "owner")


def test_recovery_option_all_rul_06():
    a = model("red", "corrino", "soldier", 1, 10, 10)
    e = model("blue", "fremen", "warrior", 1, 40, 40, fatigue=1)
    game = run_activations(state_in_play([a, e], ruleset=Ruleset(recovery="all")),
                           {"red": ScriptedPlayer({"activate": a.id, "action": "rest"}), "blue": _rest()})
    assert game.state.model(e.id).fatigue == 0


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=4, max_size=4), st.sampled_from(["owner", "all"]), st.booleans())
def test_end_of_activation_recovers_as_the_kernel_does_rul_06(tokens, recovery, removed):
    """The end of an activation counts recovery on the model states (R-FATIGUE-REST, RUL-06): each other
    model ends with the tokens, and the event names the models, that the kernel's
    recover_after_activation gives for their combatants; a removed model keeps its tokens."""
    a = model("red", "corrino", "soldier", 1, 10, 10)
    others = [model("red", "corrino", "soldier", 2, 20, 10, fatigue=tokens[0]),
              model("red", "corrino", "soldier", 3, 30, 10, fatigue=tokens[1], removed=removed),
              model("blue", "fremen", "warrior", 1, 40, 40, fatigue=tokens[2]),
              model("blue", "fremen", "warrior", 2, 50, 40, fatigue=tokens[3])]
    start = state_in_play([a, *others], ruleset=Ruleset(recovery=recovery))
    game = run_activations(start, {"red": ScriptedPlayer({"activate": a.id, "action": "rest"}), "blue": _rest()})
    standing = [o for o in others if not o.removed]
    rested, events = recover_after_activation([(combatant(start, o.id), o.side == "red") for o in standing], start.ruleset)
    expected = {o.id: after.fatigue for o, after in zip(standing, rested)}
    assert {o.id: game.state.model(o.id).fatigue for o in standing} == expected
    assert all(game.state.model(o.id).fatigue == o.fatigue for o in others if o.removed)
    end = next(ev for ev in game.log if ev.kind == "end_activation")
    assert end.data["recovered"] == [o.id for o, after in zip(standing, rested) if after.fatigue != o.fatigue]


_POISONS = st.lists(st.sampled_from([Poison(kind="crippling", x=1), Poison(kind="deadly"), Poison(kind="paralysing"),
                                     Poison(kind="will_breaker", x=2)]), max_size=2).map(tuple)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["none", "light", "grave", "fatal"]), _POISONS, st.booleans()), min_size=3, max_size=3))
def test_selectable_models_as_can_select_on_every_combatant_r_poison(cards):
    """The models a side may select are those can_select accepts on their combatants (R-POISON
    Crippling, R-WOUND), whatever their wounds, poisons and removal."""
    models = [model("red", "corrino", "soldier", i, 10 + 10 * i, 10, wound=w, poisons=p, removed=r)
              for i, (w, p, r) in enumerate(cards, start=1)]
    state = state_in_play([*models, model("blue", "fremen", "warrior", 1, 40, 40)])
    full = tuple(m.id for m in state.models_of("red") if can_select(combatant(state, m.id)))
    assert selectable_models(state, "red") == full


def test_fatigue_malus_comes_from_tokens_held_before_the_new_one_rul_05():
    # A Sardaukar soldier (Combat 2) holding 2 tokens fights at Combat 0: -2 (RUL-05 ladder).
    a = model("red", "corrino", "soldier", 1, 10, 10, fatigue=2, extra_weapons=("halberd",))
    e = model("blue", "fremen", "warrior", 1, 13, 10)
    red = ScriptedPlayer({"activate": a.id, "action": f"melee:{e.id}", "weapon": "halberd", "stance": "attack", "lower_neutral": lambda d: d.choices[0], "push": "no"})
    blue = ScriptedPlayer({"stance": "defend", "lower_neutral": lambda d: d.choices[0]})
    # dice: attacker neutral 5, attack 8, defence 2; defender neutral 3, attack 3, defence 6
    game = run_activations(state_in_play([a, e]), {"red": red, "blue": blue}, dice=[5, 8, 2, 3, 3, 6])
    melee = next(ev for ev in game.log if ev.kind == "melee")
    strike = melee.outcome.strikes[0]
    assert strike.attack_total == 8 + 0 + 2  # die + (Combat 2 - fatigue 2) + halberd +2
    assert strike.defence_total == 6 + 1 + 1  # warrior Combat 1, crysknife +1: the defender has no fatigue malus


def test_spice_is_declared_at_the_start_and_ends_at_two_tokens_rul_10():
    a = model("red", "corrino", "soldier", 1, 10, 10, spice_doses=1, fatigue=1)
    e = model("blue", "fremen", "warrior", 1, 40, 40)
    game = run_activations(state_in_play([a, e]), {"red": ScriptedPlayer({"activate": a.id, "spice": "consume", "action": "rest"}), "blue": _rest()})
    m = game.state.model(a.id)
    assert m.spice_doses == 0
    assert m.fatigue == 2 and not m.spice_active  # it held two tokens at the end of its activation: the dose ends
    assert any(ev.kind == "end_activation" and ev.data["spice_ended"] for ev in game.log)


def test_crippled_model_cannot_be_selected_and_its_counter_ticks_r_poison():
    a = model("red", "corrino", "soldier", 1, 10, 10, poisons=(Poison(kind="crippling", x=1),))
    b = model("red", "corrino", "soldier", 2, 20, 10)
    e = model("blue", "fremen", "warrior", 1, 40, 40)
    state = state_in_play([a, b, e])
    assert selectable_models(state, "red") == (b.id,)
    game = run_activations(state, {"red": ScriptedPlayer({"activate": b.id, "action": "rest"}), "blue": _rest()})
    assert not game.state.model(a.id).poisons  # Crippling 1 spent on its owner's activation of another model
    assert a.id in selectable_models(game.state, "red")


def test_will_breaker_flees_toward_the_nearest_edge_r_poison():
    a = model("red", "corrino", "soldier", 1, 8, 30, poisons=(Poison(kind="will_breaker", x=1),))
    e = model("blue", "fremen", "warrior", 1, 50, 50)
    game = run_activations(state_in_play([a, e]), {"red": ScriptedPlayer({"activate": a.id}), "blue": _rest()})
    m = game.state.model(a.id)
    assert m.x == pytest.approx(1.5, abs=0.05)  # west edge: 6.5 cm away; it stops touching it
    assert not m.poisons
    assert not any(ev.kind == "action" for ev in game.log)  # no free choice of action


def test_a_model_in_contact_cannot_move_normally_prj_90():
    from landsraad.engine.actions import available_actions

    a = model("red", "corrino", "soldier", 1, 10, 10)
    e = model("blue", "fremen", "warrior", 1, 13, 10)
    actions = available_actions(state_in_play([a, e]), a.id, 0)
    assert "move" not in actions and "disengage" in actions and f"melee:{e.id}" in actions
    assert not any(x.startswith("shoot:") for x in actions)  # R-SHOOT: no shooting while in contact


def test_disengaging_can_be_the_free_move_r_disengage():
    # Issue 9, item 1: 2.3 "Cette action peut correspondre au mouvement gratuit de la figurine ou à une action de
    # mouvement": the soldier disengages as its free move (margin 9), then still shoots as its action. Issue 37
    # (PRJ-100): the shot is declared first, as one the free-move disengage makes possible; the disengage is then
    # the only way to it, so it is not asked.
    from landsraad.engine.spatial import contact_enemies

    a = model("red", "corrino", "soldier", 1, 10, 10)
    e = model("blue", "fremen", "warrior", 1, 13, 10)
    far = model("blue", "fremen", "warrior", 2, 10, 40)
    red = ScriptedPlayer({"activate": a.id, "disengage_move": lambda d: d.point.candidates[0], "action": "shoot:sardaukar_lance"})
    # disengage: mover (9, 5), opponent (1, 1); the shot: shooter (6, 9), target (2, 1)
    game = run_activations(state_in_play([a, e, far]), {"red": red, "blue": ScriptedPlayer()}, dice=[9, 5, 1, 1, 6, 9, 2, 1])
    kinds = [ev.kind for ev in game.log]
    assert kinds.index("action") < kinds.index("free_move_disengage") < kinds.index("disengage") < kinds.index("shot")
    assert next(ev for ev in game.log if ev.kind == "disengage").outcome.success
    action = next(d for d in red.seen if d.kind == "action")
    assert "move" in action.choices and "shoot:sardaukar_lance" in action.choices
    assert set(action.info["after_free_move"]) == {"move", "shoot:sardaukar_lance"}
    assert not any(d.kind in ("free_move", "free_disengage") for d in red.seen)  # the free move was the disengage
    assert not contact_enemies(game.state, a.id)


def test_a_model_out_of_action_in_its_own_free_move_takes_no_action():
    # Issue 15: a hunter-seeker's Deadly poison during the free move ends the activation's acting. Issue 37
    # (PRJ-100): the Move action was declared first; it is not carried out.
    from landsraad.engine.state import TableEffect

    runner = model("blue", "fremen", "warrior", 1, 30, 44)
    assassin = model("red", "corrino", "master_assassin", 1, 5, 5)
    seeker = TableEffect(id="s1", kind="hunter_seeker", owner="red", by=assassin.id, x=30, y=30)
    state = state_in_play([assassin, runner], to_act="blue").replace(effects=(seeker,))
    blue = ScriptedPlayer({"activate": runner.id, "free_move": (30.0, 36.0), "action": "move"})
    game = run_activations(state, {"red": ScriptedPlayer(), "blue": blue}, dice=[5, 1])
    assert game.state.model(runner.id).out_of_action
    kinds = [d.kind for d in blue.seen]
    assert kinds.index("action") < kinds.index("free_move") and "move" not in kinds  # no Move action's destination asked
    assert [ev.data["kind"] for ev in game.log if ev.kind == "move"] == ["free_move"]


def test_a_side_wiped_out_ends_the_game_at_once_with_the_option_prj_93():
    # The retired PRJ-93 (issue 37): with ``wipeout_ends_game`` the game still ends at once.
    from landsraad.engine import Game

    runner, foe, state = _seeker_wipe_out(Ruleset(wipeout_ends_game=True))
    game = Game(state, dice="physical")
    _declare_move_over_the_seeker(game, runner)
    assert game.state.model(runner.id).out_of_action
    clock = next(e for e in game.log if e.kind == "clock")
    assert game.over and clock.data["reason"] == "wiped_out" and game.result is not None and game.result.activations == 1


# --- issue 37: the activation as the rulebook orders it ---------------------------------------------------


def _seeker_wipe_out(ruleset=None, *, blue_gone=False):
    """Red's only model runs over blue's hunter-seeker in its free move and fails its test (Deadly)."""
    from landsraad.engine.state import TableEffect

    runner = model("red", "fremen", "warrior", 1, 30, 44)
    foe = model("blue", "corrino", "master_assassin", 1, 5, 5, **({"removed": True, "wound": "fatal"} if blue_gone else {}))
    seeker = TableEffect(id="s1", kind="hunter_seeker", owner="blue", by=foe.id, x=30, y=30)
    state = state_in_play([runner, foe], red="fremen", blue="corrino", **({"ruleset": ruleset} if ruleset else {}))
    return runner, foe, state.replace(effects=(seeker,))


def _declare_move_over_the_seeker(game, runner):
    """Activate the runner, declare a Move action, make the free move over the seeker and fail its test."""
    for answer in (runner.id, "move"):
        if game.decision.kind in ("activate", "action"):
            game.answer(answer)
    assert game.decision.kind == "free_move"
    game.answer((30.0, 36.0))
    game.answer([5, 1])


def test_the_game_lasts_its_clock_after_a_wipe_out_r_clock():
    # Issue 37, item 2: 2.1 "la partie dure 45 minutes. A la fin de cette durée, la partie s'arrête
    # automatiquement"; 2.6.3 a player with nothing to activate "passe son tour" (PRJ-102, PRJ-93 retired).
    from landsraad.engine import Game

    runner, foe, state = _seeker_wipe_out()
    game = Game(state, dice="physical")
    _declare_move_over_the_seeker(game, runner)
    assert game.state.model(runner.id).out_of_action and not game.state.has_models("red")
    asked = []
    while not game.over:
        d = game.decision
        asked.append(d.side)
        game.answer("rest" if d.kind == "action" else d.choices[0] if d.choices else None)
    assert set(asked) == {"blue"}  # the wiped-out side's passes are never asked
    passes = [e for e in game.log if e.kind == "pass"]
    assert passes and all(e.side == "red" and e.data["reason"] == "no model left" for e in passes)
    clock = next(e for e in game.log if e.kind == "clock")
    assert clock.data["reason"] == "time" and game.state.clock_s >= game.state.clock_limit_s
    blue_turns = sum(1 for e in game.log if e.kind == "activate" and e.side == "blue")
    assert blue_turns > 10 and abs(blue_turns - len(passes)) <= 1  # the survivor plays on, turn about with the passes


def test_neither_side_with_a_model_ends_the_game_at_once_r_clock():
    # No loop of passes where neither side can act: both warbands gone, the game is over.
    from landsraad.engine import Game

    runner, foe, state = _seeker_wipe_out(blue_gone=True)
    game = Game(state, dice="physical")
    _declare_move_over_the_seeker(game, runner)
    assert game.over and next(e for e in game.log if e.kind == "clock").data["reason"] == "wiped_out"


def test_action_declared_at_designation_r_activate():
    # Issue 37, item 5: 2.2.1 "Il la désigne à son adversaire et indique l'action qu'il veut lui faire
    # entreprendre"; the free move comes "avant ou après l'action" (PRJ-100).
    from landsraad.errors import DecisionError

    a = model("blue", "fremen", "warrior", 1, 30, 30)
    e = model("red", "corrino", "soldier", 1, 30, 38)  # 5 cm edge to edge: within a free move
    state = state_in_play([a, e], to_act="blue")
    from landsraad.engine import Game

    game = Game(state, dice="physical")
    game.answer(a.id)
    while game.decision.kind == "spice":
        game.answer("keep")
    d = game.decision
    assert d.kind == "action"  # the declaration comes before any free move
    assert f"melee:{e.id}" in d.choices and d.info["after_free_move"] == [f"melee:{e.id}"]
    game.answer(f"melee:{e.id}")
    d = game.decision
    assert d.kind == "free_move" and d.info["when"] == "before"
    with pytest.raises(DecisionError, match="must end in base contact"):
        d.check((30.0, 33.0))  # a legal move, but not into contact: the declared melee would be impossible
    assert d.point.candidates and all(d.point.validate(p) is None for p in d.point.candidates)
    game.answer(d.point.candidates[0])
    kinds = [ev.kind for ev in game.log]
    assert kinds.index("action") < kinds.index("move")
    assert game.decision.kind in ("weapon", "dice", "stance")  # the melee follows at once


def test_a_declared_action_the_free_move_did_not_make_possible_is_lost_r_activate():
    a = model("blue", "fremen", "warrior", 1, 30, 30)
    e = model("red", "corrino", "soldier", 1, 30, 38)
    blue = ScriptedPlayer({"activate": a.id, "action": f"melee:{e.id}", "spice": "keep"})  # the free move before is skipped
    game = run_activations(state_in_play([a, e], to_act="blue"), {"red": _rest(), "blue": blue})
    lost = next(ev for ev in game.log if ev.kind == "action_lost")
    assert lost.data["action"] == f"melee:{e.id}" and not any(ev.kind == "melee" for ev in game.log)
    frees = [d for d in blue.seen if d.kind == "free_move"]
    assert [d.info["when"] for d in frees] == ["before", "after"]  # the free move is still its right after


def test_a_free_move_before_may_not_break_the_declared_action_r_activate():
    # Declared a shot: the free move may not end in contact with an enemy (R-SHOOT, PRJ-90).
    a = model("red", "corrino", "soldier", 1, 30, 30)
    e = model("blue", "fremen", "warrior", 1, 30, 38)
    red = ScriptedPlayer({"activate": a.id, "action": "shoot:sardaukar_lance", "spice": "keep"})
    seen = []

    def free_move(d):
        seen.append(d)
        return None

    red.script["free_move"] = free_move
    run_activations(state_in_play([a, e]), {"red": red, "blue": _rest()}, dice=[5, 5, 5, 5])
    before = seen[0]
    assert before.info["when"] == "before"
    assert "may not end in contact" in before.point.validate((30.0, 35.0 - 0.05))


def test_will_broken_model_in_contact_disengages_r_poison():
    # Issue 37, item 6: 2.6.3 Will-breaker's activations "doivent être des actions de mouvement" towards the
    # nearest edge; 2.3 leaving contact is a disengage (PRJ-91). Mover (9, 5) against (1, 1): it breaks away.
    from landsraad.engine.spatial import contact_enemies

    a = model("red", "corrino", "soldier", 1, 8, 30, poisons=(Poison(kind="will_breaker", x=2),))
    e = model("blue", "fremen", "warrior", 1, 11, 30)
    game = run_activations(state_in_play([a, e]), {"red": ScriptedPlayer({"activate": a.id}), "blue": _rest()}, dice=[9, 5, 1, 1])
    m = game.state.model(a.id)
    assert next(ev for ev in game.log if ev.kind == "disengage").outcome.success
    assert not contact_enemies(game.state, a.id)
    assert m.x == pytest.approx(1.5, abs=0.05)  # then on to the west edge, and it stops touching it
    assert m.poisons[0].x == 1  # one of its two activations spent fleeing


def test_voluntary_pass_r_activate():
    # Issue 37, item 7: 2.2.1 "un joueur peut choisir d'activer"; 2.1.2 the first player "est obligé de jouer
    # une figurine en premier" (PRJ-101).
    from landsraad.engine import Game

    a = model("red", "corrino", "soldier", 1, 10, 10)
    b = model("blue", "fremen", "warrior", 1, 40, 40, fatigue=1)
    b2 = model("blue", "fremen", "warrior", 2, 50, 40, fatigue=1)
    game = Game(state_in_play([a, b, b2]), dice="physical")
    assert game.decision.kind == "activate" and "pass" not in game.decision.choices  # the first player's first
    game.answer(a.id)
    while game.decision.side == "red":
        game.answer("rest" if game.decision.kind == "action" else None)
    assert game.decision.kind == "activate" and game.decision.choices[-1] == "pass"
    clock = game.state.clock_s
    game.answer("pass")
    passed = game.log[-1] if game.log[-1].kind == "pass" else next(e for e in reversed(game.log) if e.kind == "pass")
    assert passed.side == "blue" and passed.data["reason"] == "voluntary"
    assert game.state.clock_s == pytest.approx(clock + 5.0)  # a small choice's table time (PRJ-92)
    assert game.state.model(b.id).fatigue == 1  # a pass rests no model (no activation ended)
    assert game.decision.side == "red" and "pass" in game.decision.choices  # red's later turns may pass too
    strict = Game(state_in_play([a, b], ruleset=Ruleset(voluntary_pass=False), to_act="blue"), dice="physical")
    assert "pass" not in strict.decision.choices


def test_action_without_free_move_r_activate():
    # Issue 37: 2.2.1 "Quelques actions ne permettent pas de réaliser le mouvement gratuit" (PRJ-104), on a
    # custom card (tests/data/missions/standing_beacon.yaml).
    from pathlib import Path

    from landsraad.engine.state import MarkerState, SideState
    from landsraad.missions import load_mission_file

    card = load_mission_file(Path(__file__).resolve().parents[1] / "data" / "missions" / "standing_beacon.yaml")
    assert card.special_actions[0].free_move is False
    a = model("red", "corrino", "soldier", 1, 30, 28)
    beacon = MarkerState(id="red-standing-beacon-beacon-1", owner="red", mission="standing_beacon", x=30, y=31, size_mm=30)
    e = model("blue", "fremen", "warrior", 1, 5, 55)
    state = state_in_play([a, e]).replace(markers=(beacon,), custom_missions=(card,),
                                          sides=(SideState(side="red", faction="corrino", missions=("standing_beacon",)),
                                                 SideState(side="blue", faction="fremen", edge="north")))
    key = f"mission:standing_beacon:tune_beacon:{beacon.id}"
    red = ScriptedPlayer({"activate": a.id, "action": key, "spice": "keep", "free_move": (30.0, 20.0)})
    game = run_activations(state, {"red": red, "blue": _rest()})
    assert game.state.marker(beacon.id).activated
    assert not any(d.kind == "free_move" for d in red.seen)  # neither before nor after the action
    assert game.state.model(a.id).position == (30, 28)
    # out of contact but within a free move: not declarable, for the free move it needs is forbidden
    from landsraad.engine.actions import declarable_actions

    away = state.update_model(a.id, y=22.0)
    assert key not in declarable_actions(away, a.id, 0)[0]
