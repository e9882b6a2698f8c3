"""Tests of how the engine reads a decision's saved arguments and a stage's saved data: one way, the
typed :class:`~landsraad.engine.flow.Payload` of each builder and stage, each value checked against its
field's type (:func:`~landsraad.engine.jsondata.field_reader`), a wrong one refused with a sentence
naming the key (issue 44: the string-key readers of ``engine/asks.py`` are gone)."""

import ast
import json
import pathlib
from typing import Literal, Mapping

import pytest

import landsraad.engine.stages as stages_module
from landsraad.engine.activation import FreeMoveAsk
from landsraad.engine.flow import BUILDER_ARGS, BUILDERS, STAGES, Payload, Pending
from landsraad.engine.game import Game, new_game
from landsraad.engine.jsondata import field_reader
from landsraad.engine.moves import MoveAsk
from landsraad.engine.shooting import DodgeAsk
from landsraad.errors import DataError, RuleError
from landsraad.players import RandomPlayer


def _payloads() -> list[type[Payload]]:
    found, todo = [], [Payload]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.append(sub)
            todo.append(sub)
    return found


def test_every_builder_names_its_payload():
    assert set(BUILDER_ARGS) == set(BUILDERS)
    for name, kind in BUILDER_ARGS.items():
        assert issubclass(kind, Payload), name


def test_every_payload_reads_its_own_json_form_back():
    """Each payload's readers are made from its annotations (a field JSON cannot hold is a TypeError here)."""
    for kind in _payloads():
        if "from_json" in vars(kind):  # its own reader (TemplateFrame)
            continue
        with pytest.raises(RuleError, match="unknown key"):
            kind.from_json({"no such key": 1})


@pytest.mark.parametrize("hint, value, expected", [
    (str, "red-1", "red-1"),
    (float, 6.5, 6.5),
    (float, 6, 6),  # JSON may give an integer for a number: kept as given
    (int, 2, 2),
    (bool, False, False),
    (tuple[str, ...], ["blue-1"], ("blue-1",)),
    (tuple[float, float], [1, 2.5], (1, 2.5)),
    (tuple[tuple[float, float], ...], [[1, 2], [3, 4]], ((1, 2), (3, 4))),
    (Literal["red", "blue"], "blue", "blue"),
    (str | None, None, None),
    (Mapping[str, int], {"red": 1}, {"red": 1}),
    (Mapping[str, object], {"dice": [1, 2]}, {"dice": [1, 2]}),  # an object field: kept as given
])
def test_each_field_type_is_read_with_its_type(hint, value, expected):
    got = field_reader(hint)(value, "key")
    assert got == expected and type(got) is type(expected)


@pytest.mark.parametrize("hint, value, match", [
    (str, 1, "'key' should be text; it is 1"),
    (float, "6", "'key' should be a number"),
    (float, True, "'key' should be a number"),  # a boolean is no number
    (int, 6.5, "'key' should be a whole number"),
    (bool, 1, "'key' should be true or false"),
    (tuple[str, ...], "blue-1", "'key' should be a list of text"),
    (tuple[str, ...], ["blue-1", 2], r"'key\[1\]' should be text"),
    (tuple[float, float], [1, 2, 3], "'key' should be a list of 2 values"),
    (Literal["red", "blue"], "green", "'key' should be one of 'red', 'blue'"),
    (Mapping[str, int], {"red": "1"}, "'key.red' should be a whole number"),
    (Mapping[str, int], [1], "'key' should be an object"),
])
def test_a_value_of_the_wrong_type_is_refused_naming_the_key(hint, value, match):
    with pytest.raises(RuleError, match=match):
        field_reader(hint)(value, "key")


def test_a_payload_names_a_missing_field_and_a_wrong_one():
    with pytest.raises(RuleError, match="MoveAsk is incomplete"):
        MoveAsk.from_json({"model": "red-1"})
    with pytest.raises(RuleError, match="The saved DodgeAsk's 'template.wkb' should be text"):
        DodgeAsk.from_json({"model": "red-1", "distance": 3.0, "template": {"wkb": 7}})
    with pytest.raises(RuleError, match="'kind' should be one of 'bid'"):
        MoveAsk.from_json({"model": "red-1", "allowance": 6.0, "kind": "fly", "prompt": "?", "optional": True})


def test_the_json_forms_are_the_mappings_saved_games_hold():
    """The keys, in order, that the mapping arguments of these decisions had before they were typed."""
    move = MoveAsk("red-1", 6.0, "free_move", "Free move?", when="before")
    assert list(move.to_json()) == ["model", "allowance", "kind", "prompt", "optional", "when"]
    assert list(MoveAsk("red-1", 6.0, "move", "Move?").to_json()) == ["model", "allowance", "kind", "prompt", "optional"]
    free = FreeMoveAsk("red-1", 6.0, "free_move", "?", True, "before", "shoot:lasgun", 1, False)
    assert list(free.to_json()) == ["model", "allowance", "kind", "prompt", "optional", "when", "action", "held", "needed"]
    assert DodgeAsk("blue-1", 2.0, None).to_json() == {"model": "blue-1", "distance": 2.0, "template": None}


def test_no_builder_or_stage_reads_its_arguments_by_string_key():
    """One way to read a decision's arguments: the payload's attributes (no ``a["model"]``, no ``text(a, ...)``)."""
    found = []
    for module in stages_module.STAGE_MODULES:
        path = pathlib.Path(module.__file__)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == "asks":
                found.append(f"{path.name}:{node.lineno}")
    assert not found
    assert all(s.payload is not None or s.name in _DATALESS for s in STAGES.values()), \
        sorted(s.name for s in STAGES.values() if s.payload is None and s.name not in _DATALESS)


_DATALESS = {"missions.order", "setup.steps", "setup", "setup.first_bid", "setup.first_won", "deploy.order", "game.end", "play",
             "poison.chosen"}
"""The stages whose frames carry no data (they are handed only a value)."""


def test_a_restored_game_whose_pending_decision_has_a_wrong_argument_says_so():
    """A saved game edited by hand (the model's id a number): the decision is not built from it,
    and the error names the argument instead of a traceback from deep in the engine."""
    game = new_game("corrino", "fremen", seed=3)
    players = {"red": RandomPlayer(3), "blue": RandomPlayer(4)}
    seen = set()
    while game.decision is not None and len(seen) < 4:
        if game.pending.builder in ("action", "free_move_before", "move", "spice", "activate") and game.pending.builder not in seen:
            seen.add(game.pending.builder)
            snapshot = json.loads(json.dumps(game.snapshot()))
            assert Game.restore(snapshot).decision == game.decision
            name, args = game.pending.to_list()
            key = "side" if name == "activate" else "model"
            with pytest.raises(RuleError, match=f"'{key}' should be"):
                Pending.from_list([name, {**args, key: 7}])
            with pytest.raises(RuleError, match=f"'{key}' should be"):
                BUILDERS[name](game.state, {**args, key: 7})
        d = game.decision
        game.answer(players[d.side].decide(d, None))
    assert len(seen) >= 3


@pytest.mark.parametrize("where, value", [("log", {"not": "a list"}), ("answers", 3), ("setup", [1]), ("time_model", {"move": "slow"}),
                                          ("core", "x"), ("result", [1, 2])])
def test_a_snapshot_part_of_the_wrong_kind_is_refused_naming_it(where, value):
    """Game.restore reads a snapshot as JSON from outside: each part it reads is checked, and the
    error names the part (a DataError, never a TypeError from deep inside)."""
    snapshot = json.loads(json.dumps(new_game("corrino", "fremen", seed=3).snapshot()))
    snapshot[where] = value
    with pytest.raises(DataError, match=where):
        Game.restore(snapshot)
