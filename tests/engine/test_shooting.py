"""Tests of landsraad.engine.shooting: shots, template shots, cover, markers and lasers in play
(R-SHOOT, R-TEMPLATE, R-LASER, R-SHOOT-MARKER, RUL-08, RUL-19, PRJ-12, PRJ-33, PRJ-73)."""

import json
import pathlib

import numpy as np
import pytest
import shapely

from landsraad.engine.flow import Frame
from landsraad.engine.game import Game, new_game
from landsraad.engine.shooting import TemplateFrame, TemplateTarget, _template_dodge
from landsraad.engine.state import MarkerState
from landsraad.errors import DecisionError, RuleError
from landsraad.geometry.board import Base, Board
from landsraad.geometry.templates import blast_shape, dodge_out
from landsraad.players import RandomPlayer
from landsraad.rules.shooting import resolve_template_shot

from .helpers import ScriptedPlayer, model, run_activations, state_in_play


def test_template_shots_use_each_targets_cover():
    # Issue 9, item 4: 2.7 "un seul jet de tir en suivant les règles normales"; 2.5 cover +2 / +4. The second
    # warrior is partly hidden behind the first from the flamethrower's point of view.
    shooter = model("red", "corrino", "specialist", 1, 10, 10, extra_weapons=("flamethrower",))
    first = model("blue", "fremen", "warrior", 1, 10, 18)
    second = model("blue", "fremen", "warrior", 2, 11.4, 26)
    red = ScriptedPlayer({"activate": shooter.id, "action": "shoot:flamethrower", "aim": (10.0, 40.0)})
    game = run_activations(state_in_play([shooter, first, second]), {"red": red, "blue": ScriptedPlayer()}, dice=[5, 9, 2, 1, 6, 5])
    results = {r["target"]: r for r in next(ev for ev in game.log if ev.kind == "template_shot").data["event"]["results"]}
    assert results["Warrior 1"]["cover"] == "none"
    assert results["Warrior 2"]["cover"] in ("small", "large")
    bonus = {"small": 2, "large": 4}[results["Warrior 2"]["cover"]]
    assert results["Warrior 2"]["defence_total"] == 5 + bonus


def _marker_state(shooter_weapon, *, marker_at=(30.0, 30.0)):
    shooter = model("red", "harkonnen", "specialist", 1, 30, 10, extra_weapons=(shooter_weapon,))
    far = model("blue", "fremen", "warrior", 1, 55, 55)
    depot = MarkerState(id="blue-depot", owner="blue", mission="sabotage", x=marker_at[0], y=marker_at[1], size_mm=30)
    return shooter, state_in_play([shooter, far], red="harkonnen").replace(markers=(depot,))


def test_an_explosive_blast_shoots_the_markers_under_it():
    # Issue 9, item 5: 2.5 "Lors d'un tir sur un pion objectif immobile ... la cible lance un seul dé"; PRJ-73.
    shooter, state = _marker_state("rocket_launcher")
    red = ScriptedPlayer({"activate": shooter.id, "action": "shoot:rocket_launcher", "aim": (30.0, 30.0)})
    # shooter: neutral 5, attack 9 (+ modifiers); the depot rolls 2: destroyed
    game = run_activations(state, {"red": red, "blue": ScriptedPlayer()}, dice=[5, 9, 2])
    shot = next(ev for ev in game.log if ev.kind == "marker_shot")
    assert shot.data["marker"] == "blue-depot" and shot.data["event"]["marker_die"] == 2 and shot.data["destroyed"]
    assert game.state.marker("blue-depot").destroyed


def test_a_marker_that_outrolls_the_shot_survives():
    shooter, state = _marker_state("rocket_launcher")
    red = ScriptedPlayer({"activate": shooter.id, "action": "shoot:rocket_launcher", "aim": (30.0, 30.0)})
    game = run_activations(state, {"red": red, "blue": ScriptedPlayer()}, dice=[5, 1, 10])
    shot = next(ev for ev in game.log if ev.kind == "marker_shot")
    assert not shot.data["destroyed"] and not game.state.marker("blue-depot").destroyed


def test_a_laser_blast_destroys_a_sabotage_depot():
    shooter, state = _marker_state("laser")
    red = ScriptedPlayer({"activate": shooter.id, "action": "shoot:laser", "laser_mode": "explosive", "aim": (30.0, 30.0)})
    game = run_activations(state, {"red": red, "blue": ScriptedPlayer()}, dice=[5, 10, 1])
    assert game.state.marker("blue-depot").destroyed


def test_a_laser_blast_over_a_shield_is_refused_by_the_aim_and_by_the_kernel_alike():
    # Issue 9, item 12 (PRJ-12): one rule, one place: the engine refuses the aim with the kernel's sentence.
    shooter = model("red", "corrino", "soldier", 1, 10, 10, extra_weapons=("laser",))
    duke = model("blue", "corrino", "soldier", 1, 30, 30)  # a full shield
    target = model("blue", "fremen", "warrior", 1, 10, 30)
    seen = []

    def aim(d):
        seen.append(d)
        return (10.0, 30.0)

    red = ScriptedPlayer({"activate": shooter.id, "action": "shoot:laser", "laser_mode": "explosive", "aim": aim})
    run_activations(state_in_play([shooter, duke, target], blue="corrino"), {"red": red, "blue": ScriptedPlayer()}, dice=[5, 5, 5, 5])
    decision = seen[0]
    with pytest.raises(DecisionError, match="may not cover Soldier 1, who has a working shield"):
        decision.check((30.0, 30.0))
    assert all(decision.point.validate(p) is None for p in decision.point.candidates)
    from landsraad.engine.bridge import combatant

    state = state_in_play([shooter, duke, target], blue="corrino")
    laser_shooter = combatant(state, shooter.id, weapon=next(w for w in shooter.weapons if w.id == "laser"))
    with pytest.raises(RuleError, match="may not cover Soldier 1, who has a working shield"):
        resolve_template_shot(laser_shooter, [(combatant(state, duke.id), (3, 3))], distance_cm=10, shooter_dice=(5, 5), laser_mode="explosive")


def test_a_template_dodge_suggestion_is_a_way_out_within_the_dodge_asked_once_per_table():
    """R-TEMPLATE, RUL-09, PRJ-32: the engine suggests the cheapest straight way out of the
    template within the dodge (dodge_out's without detours, though a detour round the base
    beside it is shorter), None when there is none (a 30 mm base 1 cm from a blast's centre
    needs 5.61 cm), and a search's rollouts asking again on an equal table read the cache."""
    board = Board(bases=(Base("a", 30, 30, 30), Base("w", 26.9, 30, 30)))
    blast = blast_shape((31, 30))
    wkb = shapely.to_wkb(blast, hex=True)
    _template_dodge.cache_clear()
    expected = dodge_out(board, "a", blast, 10, tolerance_cm=0.1, detours=False)
    assert dodge_out(board, "a", blast, 10, tolerance_cm=0.1).shortest_cm < expected.shortest_cm
    assert expected.possible and _template_dodge(board, "a", wkb, 10.0, 0.1) == expected.to
    assert _template_dodge(board, "a", wkb, 5.5, 0.1) is None  # the base's own way out is 5.61 cm
    assert _template_dodge.cache_info().misses == 2
    assert _template_dodge(Board(bases=board.bases), "a", wkb, 10.0, 0.1) == expected.to  # an equal table
    assert _template_dodge.cache_info().hits == 1


def test_laser_offered_with_only_shielded_enemies_in_sight_r_template():
    # Issue 37, item 4: 2.7 "Une arme à gabarit peut viser n'importe quel point du champ de bataille"; a laser
    # may never burn a shielded model (RUL-08), but its explosive blast may aim at a point (PRJ-103).
    from landsraad.engine.actions import available_actions

    shooter = model("red", "corrino", "soldier", 1, 10, 10, extra_weapons=("laser",))
    duke = model("blue", "corrino", "soldier", 1, 30, 30)  # a full shield: the only enemy
    state = state_in_play([shooter, duke], blue="corrino")
    assert "shoot:laser" in available_actions(state, shooter.id, 0)
    seen = []

    def aim(d):
        seen.append(d)
        return (12.0, 45.0)  # a point of the table, far from the shield

    red = ScriptedPlayer({"activate": shooter.id, "action": "shoot:laser", "aim": aim, "spice": "keep"})
    game = run_activations(state, {"red": red, "blue": ScriptedPlayer()}, dice=[5, 5])
    assert not any(d.kind == "laser_mode" for d in red.seen)  # burning has no target: the blast, not asked
    assert seen and "may not cover" in (seen[0].point.validate((30.0, 30.0)) or "")  # RUL-08 / PRJ-12 still hold
    template = next(e for e in game.log if e.kind == "template")
    assert template.data["aim"] == [12.0, 45.0] and template.data["under"] == []


def test_laser_offered_with_no_enemy_in_sight_r_template():
    from landsraad.engine.actions import available_actions
    from landsraad.engine.state import TerrainState

    shooter = model("red", "corrino", "soldier", 1, 10, 10, extra_weapons=("laser",))
    hidden = model("blue", "fremen", "warrior", 1, 10, 40)  # behind a tall wall: no enemy in sight
    wall = TerrainState(id="wall", polygon=((0, 24), (40, 24), (40, 26), (0, 26)), height_cm=10.0)
    state = state_in_play([shooter, hidden], terrain=[wall])
    actions = available_actions(state, shooter.id, 0)
    assert "shoot:sardaukar_lance" not in actions  # RUL-08: a normal gun needs a target in sight
    assert "shoot:laser" in actions


# --- the template shot's frames (TemplateFrame) ------------------------------------------------------------

SAVED_TEMPLATE_FRAMES = json.loads((pathlib.Path(__file__).parent.parent / "data" / "engine" / "template_frames.json").read_text())
"""Frames of the template family as the version before TemplateFrame saved them (plain mappings), taken
from real games with physical dice (seed 1, harkonnen against fremen and corrino against atreides, random
players): after the shooter's roll, a target's dodge roll, a marker's roll, and a dodge asked."""


@pytest.mark.parametrize("saved", SAVED_TEMPLATE_FRAMES, ids=[f[0] for f in SAVED_TEMPLATE_FRAMES])
def test_template_frames_saved_as_mappings_load_typed_and_save_back_alike(saved):
    frame = Frame.from_list(saved)
    assert type(frame.data) is TemplateFrame
    assert json.dumps(frame.to_list()) == json.dumps(saved)
    assert Frame.from_list(json.loads(json.dumps(frame.to_list()))) == frame
    data = frame.data
    hits, markers, distance, wkb = data.aimed()
    assert list(hits) == saved[1]["hits"] and list(markers) == saved[1]["markers"] and distance == saved[1]["distance"]
    assert shapely.from_wkb(bytes.fromhex(wkb)).area > 0  # the template's shape
    assert all(isinstance(e, TemplateTarget) for e in data.entries or ())


def test_a_dodge_roll_frame_reads_its_targets_as_the_kernel_takes_them():
    saved = next(f for f in SAVED_TEMPLATE_FRAMES if f[0] == "template.dodge_rolled")
    data = Frame.from_list(saved).data
    assert data.entry is not None and data.entry.dice is None  # the target rolling now has no dice yet
    with pytest.raises(RuleError, match="before its dodge dice"):
        data.entry.rolled()
    for entry, raw in zip(data.entries, saved[1]["entries"]):
        target, dice, cover = entry.rolled()
        assert target.name == raw["target"]["name"] and list(dice) == raw["dice"] and cover == raw["cover"]


@pytest.mark.parametrize("bad, match", [
    ({"shots": 2}, "unknown key"),
    ({"template": "0103"}, "not {'wkb'"),
    ({"entries": {"target": {}}}, "not a list"),
    ({"entries": [{"cover": "deep"}]}, "not one"),
])
def test_a_template_frame_of_another_version_is_refused_with_a_sentence(bad, match):
    saved = {"model": "red-1", "held": 0, "weapon": "flamer", "laser_mode": "burn", "direct": True}
    with pytest.raises(RuleError, match=match):
        TemplateFrame.from_json({**saved, **bad})
    with pytest.raises(RuleError, match="before it is aimed"):
        TemplateFrame.from_json(saved).aimed()


def _answer(game, players, rng):
    d = game.decision
    game.answer([int(v) for v in rng.integers(1, 11, size=d.dice)] if d.kind == "dice" else players[d.side].decide(d, game.view(d.side)))


def test_a_template_shot_half_way_through_survives_a_snapshot_and_goes_on_alike():
    """Physical dice stop the flow inside a template shot: the restored game holds the same
    TemplateFrames and, given the same answers, plays the rest of the game event for event alike."""
    game = new_game("harkonnen", "fremen", seed=1, dice="physical")
    players = {"red": RandomPlayer(1), "blue": RandomPlayer(2)}
    rng = np.random.default_rng(1)
    for _ in range(6000):
        if game.over or any(isinstance(f.data, TemplateFrame) and f.data.entries for f in game.stack):
            break
        _answer(game, players, rng)
    assert any(isinstance(f.data, TemplateFrame) and f.data.entries for f in game.stack), "the game reached a template shot's rolls"
    restored = Game.restore(json.loads(json.dumps(game.snapshot())))
    assert restored.stack == game.stack
    state = rng.bit_generator.state
    again = np.random.default_rng()
    again.bit_generator.state = state
    twins = {side: RandomPlayer(0) for side in ("red", "blue")}
    for side in twins:
        twins[side].rng.bit_generator.state = players[side].rng.bit_generator.state
    while not game.over:
        _answer(game, players, rng)
        _answer(restored, twins, again)
    assert restored.over and [e.to_dict() for e in restored.log] == [e.to_dict() for e in game.log]
    assert any(e.kind == "template_shot" for e in game.log)
