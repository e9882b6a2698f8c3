"""Tests of landsraad.engine.missions: the engine's MissionView, mission actions and markers in play (R-MISSIONS)."""

from landsraad.engine.missions import EngineMissionView, available_mission_actions
from landsraad.engine.state import KillRecord, MarkerState, SideState
from landsraad.missions import MissionView, evaluate, load_mission

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
