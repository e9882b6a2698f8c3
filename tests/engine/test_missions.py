"""Tests of landsraad.engine.missions: the engine's MissionView, mission actions and markers in play (R-MISSIONS)."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from landsraad.engine import missions
from landsraad.engine.flow import Frame
from landsraad.engine.game import Game, new_game
from landsraad.engine.missions import EngineMissionView, _card_spots, available_mission_actions
from landsraad.engine.state import KillRecord, MarkerState, ModelState, SideState
from landsraad.errors import RuleError
from landsraad.missions import MissionView, evaluate, load_mission, load_missions, placement_problems
from landsraad.model import Poison, Profile
from landsraad.players import RandomPlayer
from landsraad.ruleset import DEFAULT

from .helpers import ScriptedPlayer, model, run_activations, state_in_play


def _with_missions(state, red=(), blue=()):
    return state.replace(sides=(SideState(side="red", faction=state.sides[0].faction, missions=tuple(red)),
                                SideState(side="blue", faction=state.sides[1].faction, edge="north", missions=tuple(blue))))


def test_view_implements_the_protocol_and_reports_kills():
    a = model("red", "corrino", "soldier", 1, 10, 10)
    e = model("blue", "fremen", "warrior", 1, 30, 30, wound="fatal", removed=True)
    state = state_in_play([a, e]).replace(kills=(KillRecord(order=1, victim=e.id, victim_side="blue", killer=a.id, killer_side="red", means="melee"),))
    view = EngineMissionView(state)
    assert isinstance(view, MissionView)
    assert [k.killer for k in view.kills()] == [a.id]
    assert not view.models("blue")[0].alive and view.models("blue")[0].removed
    assert evaluate(load_mission("treachery"), view, "red") is True  # first kill of the game was red's


def test_spice_theft_pick_up_is_offered_in_contact_and_carries_the_marker():
    a = model("red", "corrino", "soldier", 1, 30, 42)
    spice = MarkerState(id="red-spice-theft-spice-1", owner="red", mission="spice_theft", x=30, y=46, size_mm=50)
    state = _with_missions(state_in_play([a, model("blue", "fremen", "warrior", 1, 5, 55)]).replace(markers=(spice,)), red=["spice_theft"])
    choices = available_mission_actions(state, a.id)
    assert [c.key for c in choices] == [f"mission:spice_theft:pick_up_spice:{spice.id}"]

    red = ScriptedPlayer({"activate": a.id, "action": choices[0].key})
    g = run_activations(state, {"red": red, "blue": ScriptedPlayer()})
    assert g.state.model(a.id).carrying == spice.id
    assert g.state.marker(spice.id).carried_by == a.id and not g.state.marker(spice.id).on_table


def test_opponents_markers_cannot_be_used():
    a = model("red", "corrino", "soldier", 1, 30, 42)
    theirs = MarkerState(id="blue-spice-theft-spice-1", owner="blue", mission="spice_theft", x=30, y=46, size_mm=50)
    state = _with_missions(state_in_play([a]).replace(markers=(theirs,)), red=["spice_theft"], blue=["spice_theft"])
    assert available_mission_actions(state, a.id) == ()


def test_blinded_models_cannot_fulfil_objectives_r_poison():
    from landsraad.model import Poison

    a = model("red", "corrino", "soldier", 1, 30, 42, poisons=(Poison(kind="blinding"),))
    spice = MarkerState(id="red-spice-theft-spice-1", owner="red", mission="spice_theft", x=30, y=46, size_mm=50)
    state = _with_missions(state_in_play([a]).replace(markers=(spice,)), red=["spice_theft"])
    assert available_mission_actions(state, a.id) == ()


def _depot_situation(**soldier):
    a = model("red", "corrino", "soldier", 1, 10, 10, **soldier)
    depot = MarkerState(id="red-sabotage-depot-1", owner="red", mission="sabotage", x=13.0, y=10.0, size_mm=30)
    return a, depot


def test_fatigue_malus_applies_to_mission_tests():
    # Issue 9, item 3: 2.2.2 "-1 à toutes ses caractéristiques de Combat et de Réflexes jusqu'à la fin de son
    # activation": the Sardaukar soldier held a token, so its Reflexes 1 becomes 0; a colour die of 7 (enough for
    # the Sabotage test's 8 without the malus) makes 7 and fails.
    a, depot = _depot_situation(fatigue=1)
    state = _with_missions(state_in_play([a, model("blue", "fremen", "warrior", 1, 50, 50)]).replace(markers=(depot,)), red=["sabotage"])
    key = f"mission:sabotage:sabotage_depot:{depot.id}"
    game = run_activations(state, {"red": ScriptedPlayer({"activate": a.id, "action": key}), "blue": ScriptedPlayer()}, dice=[4, 7])
    test = next(e for e in game.log if e.kind == "test").data["test"]
    assert (test["bonus"], test["total"], test["success"]) == (0, 7, False)
    assert not game.state.marker(depot.id).destroyed


def test_not_engaged_mission_actions_need_no_enemy_in_contact():
    a, depot = _depot_situation()
    enemy = model("blue", "fremen", "warrior", 1, 7, 10)  # in base contact on the other side
    state = _with_missions(state_in_play([a, enemy]).replace(markers=(depot,)), red=["sabotage"])
    assert available_mission_actions(state, a.id) == ()
    free = _with_missions(state_in_play([a, model("blue", "fremen", "warrior", 1, 50, 50)]).replace(markers=(depot,)), red=["sabotage"])
    assert [c.key for c in available_mission_actions(free, a.id)] == [f"mission:sabotage:sabotage_depot:{depot.id}"]


# --- marker placement (PRJ-70) -------------------------------------------------------------------

_GRID = [(x + 0.5, y + 0.5) for y in range(3, 58, 4) for x in range(3, 58, 4)]
_MARKER_KINDS = [spec for card in load_missions().values() for spec in card.markers]
_SPOT = st.sampled_from(_GRID)


@given(st.sampled_from(_MARKER_KINDS), st.sampled_from(["south", "north", "west", "east"]), st.lists(_SPOT, max_size=4),
       st.lists(st.tuples(_SPOT, st.sampled_from([30, 50])), max_size=4))
def test_the_card_spots_hold_every_legal_spot_of_the_grid(spec, edge, same_kind, occupied):
    # The engine tests only these spots: the other markers can only rule more of them out.
    spots = _card_spots(spec, edge, (60.0, 60.0))
    assert set(spots) == {p for p in _GRID if not placement_problems(spec, p, owner_edge=edge)}
    legal = {p for p in _GRID if not placement_problems(spec, p, owner_edge=edge, same_kind=same_kind, occupied=occupied)}
    assert legal <= set(spots)


def test_suggested_marker_spots_are_every_legal_spot_of_the_grid_spread():
    seen = 0
    for seed in range(6):
        game = new_game("corrino", "harkonnen", seed=seed)
        players = {"red": RandomPlayer(seed), "blue": RandomPlayer(seed + 50)}
        while game.state.phase == "setup":
            d = game.decision
            if d.kind == "place_marker":
                legal = [p for p in _GRID if d.point.validate(p) is None]  # the whole grid, the decision's own test
                assert d.point.candidates == tuple(legal[::max(1, len(legal) // 24)][:24])
                seen += 1
            game.answer(players[d.side].decide(d, game.view_for(d.side)))
    assert seen >= 5


def test_a_marker_decisions_yes_or_no_is_its_check_prj_70():
    # PointSpec.accepts (the heuristic tries spot after spot with it) words nothing but must give
    # validate's verdict everywhere: on the grid, between its spots, off the table, on terrain.
    points = _GRID + [(x / 2, y / 2) for x in range(-2, 124, 7) for y in range(-2, 124, 5)]
    seen = 0
    for seed in range(4):
        game = new_game("atreides", "fremen", seed=seed)
        players = {"red": RandomPlayer(seed), "blue": RandomPlayer(seed + 50)}
        while game.state.phase == "setup":
            d = game.decision
            if d.kind == "place_marker":
                assert d.point.accepts is not None
                verdicts = [(d.point.allows(p), d.point.validate(p) is None) for p in points]
                assert all(a == b for a, b in verdicts)
                assert {a for a, _ in verdicts} == {True, False}
                seen += 1
            game.answer(players[d.side].decide(d, game.view_for(d.side)))
    assert seen >= 4


# --- issue 37: Protection succeeds only with an unhurt ambassador (PRJ-75) -----------------------------


def _ambassador(side: str, x: float, y: float, **state):
    """Protection's ambassador as the engine places it (R-MISSIONS, PRJ-74)."""
    spec = next(s for s in load_mission("protection").markers if s.model is not None)
    token = spec.model
    profile = Profile(id="ambassador", name=token.name, cost=0, movement=max(token.movement, 0.1), combat=token.combat,
                      reflexes=token.reflexes, endurance=token.endurance, shield=token.shield, base_mm=spec.size_mm, source=token.source)
    return ModelState(id=f"{side}-protection-ambassador-1", side=side, faction="mission:protection", type="ambassador", name=token.name,
                      profile=profile, base_mm=spec.size_mm, x=x, y=y, ambassador=True, **state)


def _protection_result(red_ambassador: dict, ruleset=None):
    """The game's end (R-MISSIONS) with both sides' first pick Protection: red's ambassador as given, blue's unhurt."""
    models = [model("red", "corrino", "soldier", 1, 10, 2), model("blue", "fremen", "warrior", 1, 50, 58),
              _ambassador("red", 20, 10, **red_ambassador), _ambassador("blue", 40, 50)]
    state = _with_missions(state_in_play(models, **({"ruleset": ruleset} if ruleset else {})), red=["protection"], blue=["protection"])
    game = Game(state.replace(phase="over"))  # the clock has run out: only the scoring is left
    return game.result


def test_protection_hurt_ambassador_scores_nothing_prj_75():
    """The card: « Le joueur réussit la mission si l'ambassadeur est indemne à la fin de la partie. La mission
    est un échec si l'ambassadeur est retiré du jeu. » Hurt but on the table meets neither: 0 VP by default,
    a failure under ``protection_wounded = "failure"``; unhurt scores the first rank's success (4 VP)."""
    assert DEFAULT.protection_wounded == "neither"
    for hurt in ({"wound": "light"}, {"wound": "grave"}, {"poisons": (Poison(kind="deadly"),)}):
        result = _protection_result(hurt)
        assert result.vp == {"red": 0, "blue": 4}, hurt
        assert result.sheets["red"].lines[0].succeeded is None
        assert _protection_result(hurt, DEFAULT.model_copy(update={"protection_wounded": "failure"})).vp["red"] == -5
    assert _protection_result({}).vp == {"red": 4, "blue": 4}  # unhurt: a success
    assert _protection_result({"wound": "fatal", "removed": True}).vp["red"] == -5  # retiré du jeu: a failure


# --- the frames: typed payloads, the JSON form saved games hold ------------------------------------


@pytest.mark.parametrize("name, data, kind", [
    ("missions", {"winner": "red"}, missions.MissionsWon),
    ("missions.picked", {"order": ["blue", "red"], "index": 1}, missions.PickFrame),
    ("missions.treachery", {"sides": ["red"]}, missions.TreacheryFrame),
    ("missions.place", {"placements": [["red", "protection", "ambassador", 1], ["blue", "sabotage", "target", 2]]}, missions.PlaceFrame),
    ("missions.placed", {"placements": [], "owner": "blue", "mission": "sabotage", "spec": "target", "n": 1, "placer": "red"},
     missions.PlaceFrame),
    ("mission_action", {"model": "red-1", "mission": "sabotage", "action": "destroy", "marker": "blue-sabotage-target-1", "target": None},
     missions.MissionActionFrame),
    ("mission_action.tested", {"model": "red-1", "mission": "rescue", "action": "capture", "marker": None, "target": "blue-2"},
     missions.MissionActionFrame),
])
def test_every_missions_family_loads_the_form_saved_before_it_was_typed_and_saves_it_again(name, data, kind):
    """R-MISSION-PICK, R-MISSIONS: a snapshot's mission frames of the current format still load, and save as they were."""
    frame = Frame.from_list([name, json.loads(json.dumps(data))])
    assert type(frame.data) is kind
    assert frame.to_list() == [name, data]
    assert Frame.from_list(frame.to_list()) == frame


def test_a_marker_placed_unasked_is_an_engine_error():
    with pytest.raises(RuleError, match="without being asked"):
        missions.PlaceFrame(()).asked()
