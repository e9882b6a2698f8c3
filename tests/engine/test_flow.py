"""Tests of landsraad.engine.flow: stages as objects, frames and their saved form, typed payloads."""

import ast
import json
import pathlib

import numpy as np
import pytest

import landsraad.engine.stages as stages_module
from landsraad.engine.flow import STAGES, Frame, Machine, Payload, Pending, Stage
from landsraad.engine.game import new_game
from landsraad.engine.setup import StepFrame
from landsraad.engine.shooting import ShotFrame
from landsraad.errors import RuleError
from landsraad.players import RandomPlayer

ENGINE = pathlib.Path(stages_module.__file__).parent


def test_every_stage_is_registered_under_its_own_name():
    assert STAGES, "the flow's modules register their stages on import"
    for name, found in STAGES.items():
        assert isinstance(found, Stage) and found.name == name


def test_the_flow_names_its_continuations_by_reference_not_by_string():
    """No ``m.push("x")``, ``m.call("x")``, ``then="x"``: every continuation is a Stage object,
    so go-to-definition leads from it to its code (issue 44)."""
    positions = {"push": (0,), "call": (0, 2), "ask": (2,), "roll": (1,)}
    found = []
    for module in stages_module.STAGE_MODULES:
        path = pathlib.Path(module.__file__)
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in positions
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "m"):
                continue
            args = [node.args[i] for i in positions[node.func.attr] if i < len(node.args)]
            args += [k.value for k in node.keywords if k.arg == "then"]
            found += [f"{path.name}:{node.lineno}" for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    assert found == []


def test_a_frame_saves_as_its_stage_name_and_data_and_loads_back():
    frame = STAGES["setup.done"].at(StepFrame("missions"))
    saved = frame.to_list()
    assert saved == ["setup.done", {"step": "missions"}]
    assert Frame.from_list(json.loads(json.dumps(saved))) == frame


def test_a_typed_stage_continued_with_keyword_data_or_called_with_a_mapping_gets_its_payload():
    m = Machine()
    m.stack = ()
    m.push(STAGES["setup.done"], step="terrain")
    m.call(STAGES["bid"], {"step": "missions"})
    assert [f.data for f in m.stack] == [StepFrame("terrain"), StepFrame("missions")]
    with pytest.raises(RuleError, match="incomplete"):
        m.push(STAGES["setup.done"])


def test_a_typed_frame_keeps_the_saved_form_of_the_mapping_it_replaces():
    """The shot's frames were dicts built key by key; the ShotFrame writes the same keys in the same order."""
    frame = Frame(STAGES["shoot.dodge_rolled"], ShotFrame("red-1", 2, "lasgun", "burn", "blue-3", (4, 9)))
    saved = frame.to_list()
    assert json.dumps(saved) == ('["shoot.dodge_rolled", {"model": "red-1", "held": 2, "weapon": "lasgun", "laser_mode": "burn", '
                                 '"target": "blue-3", "shooter_dice": [4, 9]}]')
    loaded = Frame.from_list(json.loads(json.dumps(saved)))
    assert loaded == frame and isinstance(loaded.data, ShotFrame)
    # a frame saved before its mode and target were known
    early = Frame.from_list(["shoot.mode", {"model": "red-1", "held": 0, "weapon": "lasgun"}])
    assert early.data == ShotFrame("red-1", 0, "lasgun") and early.to_list()[1] == {"model": "red-1", "held": 0, "weapon": "lasgun"}


def test_a_saved_frame_of_another_version_is_refused_with_a_sentence():
    with pytest.raises(RuleError, match="unknown stage 'shoot.later'"):
        Frame.from_list(["shoot.later", {}])
    with pytest.raises(RuleError, match="unknown key.*'range'"):
        Frame.from_list(["shoot.mode", {"model": "red-1", "held": 0, "weapon": "lasgun", "range": 3}])
    with pytest.raises(RuleError, match="incomplete"):
        Frame.from_list(["shoot.mode", {"model": "red-1"}])
    with pytest.raises(RuleError, match="unknown decision"):
        Pending.from_list(["guess", {}])


def test_a_shot_half_way_through_survives_a_snapshot():
    """Physical dice stop the flow inside the shot: the stack holds ShotFrames, and the restored game's are equal."""
    from landsraad.engine.game import Game

    game = new_game("corrino", "fremen", seed=4, dice="physical")
    players = {"red": RandomPlayer(4), "blue": RandomPlayer(5)}
    rng = np.random.default_rng(4)
    for _ in range(4000):
        if game.over or any(isinstance(f.data, ShotFrame) and f.data.shooter_dice for f in game.stack):
            break
        d = game.decision
        game.answer([int(v) for v in rng.integers(1, 11, size=d.dice)] if d.kind == "dice" else players[d.side].decide(d, game.view(d.side)))
    shots = [f for f in game.stack if isinstance(f.data, ShotFrame)]
    assert shots, "the game reached a shot"
    restored = Game.restore(json.loads(json.dumps(game.snapshot())))
    assert restored.stack == game.stack
    assert [f.data for f in restored.stack if isinstance(f.data, ShotFrame)] == [f.data for f in shots]


@pytest.mark.parametrize("saved", [
    ["shoot.mode", {"model": "red-1", "held": 1, "weapon": "lasgun"}],
    ["shoot.dodge_rolled", {"model": "red-1", "held": 0, "weapon": "maula", "laser_mode": "burn", "target": "blue-2", "shooter_dice": [2, 9]}],
    ["move.answered", {"model": "red-1", "allowance": 6.5, "kind": "free_move"}],
    ["move.done", {"point": [12.25, 30.0]}],
    ["dodge.answered", {"model": "blue-2", "distance": 4.0}],
    ["dodge.done", {"point": [3.0, 4.0]}],
    ["seeker.tested", {"victim": "blue-2", "effect": "red-hunter_seeker-1", "seekers": ["red-hunter_seeker-2"]}],
    ["heal.rolled", {"model": "red-medic-1", "held": 1, "patient": "red-2", "first": None, "rerolls": []}],
    ["heal.rolled", {"model": "red-medic-1", "held": 1, "patient": "red-2", "first": [3, 4], "rerolls": [[2, 5]]}],
    ["play.after", {"side": "blue"}],
    ["activation.selected", {"side": "red"}],
    ["activation.spice", {"model": "red-1", "held": 2}],
    ["activation.declared", {"model": "red-1", "held": 0}],
    ["activation.act", {"model": "red-1", "held": 0, "action": "shoot:lasgun", "legal": False, "free": True}],
    ["activation.act", {"model": "red-1", "held": 0, "action": "rest", "legal": True, "free": True, "free_move_used": True}],
    ["activation.free_disengage", {"model": "red-1", "held": 1, "action": "melee:blue-2", "legal": True, "free": True, "when": "before"}],
    ["activation.free_disengage", {"model": "red-1", "held": 1, "when": "after"}],
    ["activation.after_action", {"model": "red-1", "held": 1, "free_move_used": False}],
    ["activation.end", {"model": "red-1"}],
    ["flee", {"model": "red-1", "held": 0, "step": 1, "tried": True}],
    ["flee", {"model": "red-1", "held": 0, "step": 1}],
])
def test_typed_families_load_the_frames_saved_as_mappings_and_save_them_back_alike(saved):
    """Frames as the previous version saved them (plain mappings) load into their family's payload
    and write back the same JSON, so snapshots and records of the current format still load."""
    frame = Frame.from_list(json.loads(json.dumps(saved)))
    assert frame.stage is STAGES[saved[0]] and isinstance(frame.data, Payload) and type(frame.data) is frame.stage.payload
    assert json.dumps(frame.to_list()) == json.dumps(saved)
    assert Frame.from_list(frame.to_list()) == frame  # equal again once loaded (sequences are tuples at every depth)
