"""Tests of landsraad.engine.state: immutable updates keep the table's geometry exact (R-MEASURE)."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from landsraad.engine.state import (
    GameState,
    MarkerState,
    ModelState,
    TableEffect,
    TerrainState,
    dump_state,
    load_state,
    state_data,
    state_from_data,
    state_json_schema,
)
from landsraad.errors import RuleError
from landsraad.geometry.board import Base, Board, TerrainPiece
from landsraad.model import Poison

from .helpers import model, state_in_play


def _state(deployed: bool = True) -> GameState:
    """Four models in play; ``deployed=False`` as a drill leaves recruits (in play, on the table all the same)."""
    return state_in_play(
        [model("red", "corrino", "soldier", 1, 10, 10, deployed=deployed), model("red", "corrino", "duellist", 1, 20, 10, deployed=deployed),
         model("blue", "fremen", "warrior", 1, 40, 40, deployed=deployed), model("blue", "fremen", "warrior", 2, 50, 40, deployed=deployed)],
        terrain=[TerrainState(id="rock", polygon=((28, 28), (32, 28), (32, 32), (28, 32)), height_cm=4)],
    )


def _fresh(state: GameState) -> GameState:
    """The same state built anew from its data: nothing carried over from earlier copies."""
    return state_from_data(state_data(state))


_IDS = ("red-soldier-1", "red-duellist-1", "blue-warrior-1", "blue-warrior-2")

_STEPS = st.one_of(
    st.tuples(st.just("clock"), st.floats(0, 2700)),
    st.tuples(st.just("fatigue"), st.sampled_from(_IDS), st.integers(0, 3)),
    st.tuples(st.just("wound"), st.sampled_from(_IDS), st.sampled_from(["none", "light", "grave"])),
    st.tuples(st.just("poison"), st.sampled_from(_IDS)),
    st.tuples(st.just("move"), st.sampled_from(_IDS), st.floats(2, 58), st.floats(2, 58)),
    st.tuples(st.just("remove"), st.sampled_from(_IDS)),
    st.tuples(st.just("flag"), st.text("abc", min_size=1, max_size=3)),
)


def _apply(state: GameState, step: tuple) -> GameState:
    kind = step[0]
    if kind == "clock":
        return state.replace(clock_s=step[1])
    if kind == "fatigue":
        return state.update_model(step[1], fatigue=step[2])
    if kind == "wound":
        return state.update_model(step[1], wound=step[2])
    if kind == "poison":
        return state.update_model(step[1], poisons=(Poison(kind="deadly"),))
    if kind == "move":
        return state.update_model(step[1], x=step[2], y=step[3])
    if kind == "remove":
        return state.update_model(step[1], removed=True)
    return state.with_flag("red", "note", step[1])


@settings(max_examples=60, deadline=None)
@given(st.lists(_STEPS, min_size=1, max_size=12), st.booleans())
def test_property_the_board_after_any_updates_is_the_board_built_anew(steps, deployed):
    """The board a copy carries over (a clock tick, a wound, fatigue) is the one the state
    would build from scratch; moves and removals give a new one."""
    state = _state(deployed)
    _ = state.board  # built, so copies may carry it over
    pieces = state.board.terrain
    for step in steps:
        before = state.board
        state = _apply(state, step)
        board = state.board
        assert board == _fresh(state).board
        assert state.model("blue-warrior-1") == _fresh(state).model("blue-warrior-1")
        if step[0] in ("clock", "fatigue", "wound", "poison", "flag"):
            assert board is before  # the same table: its caches stay warm
        assert board.terrain is pieces  # the terrain's geometry is shared: caches find it by identity


def test_a_move_or_a_removal_gives_a_new_board():
    state = _state()
    board = state.board
    moved = state.update_model("red-soldier-1", x=15.0)
    assert moved.board is not board and moved.board.base("red-soldier-1").x == 15.0
    gone = state.update_model("blue-warrior-2", removed=True)
    assert not gone.board.has_base("blue-warrior-2") and board.has_base("blue-warrior-2")


def test_in_set_up_only_deployed_models_are_on_the_board_r_deploy():
    """R-DEPLOY: a model waiting to deploy is not on the table; once play starts, every model is."""
    waiting = _state(deployed=False).replace(phase="setup")
    assert waiting.board.bases == ()
    placed = waiting.update_model("red-soldier-1", x=5.0, y=1.5, deployed=True)
    assert [b.id for b in placed.board.bases] == ["red-soldier-1"]
    assert len(placed.replace(phase="play").board.bases) == 4


@given(st.floats(0, 60), st.floats(0, 60), st.sampled_from([3.0, 5.0, 7.5]))
def test_an_effects_template_is_its_disc_built_once(x, y, radius):
    """A hunter-seeker's or jammer's template (R-FACTION) is the disc of its radius, the same
    polygon a fresh buffer gives, built once per effect state."""
    import shapely

    from landsraad.engine.state import TableEffect

    effect = TableEffect(id="e", kind="jammer", owner="red", by="red-1", x=x, y=y, radius_cm=radius)
    assert effect.template().equals_exact(shapely.Point(x, y).buffer(radius), 0.0)
    assert effect.template() is effect.template()
    assert effect.replace(x=x + 1).template().equals_exact(shapely.Point(x + 1, y).buffer(radius), 0.0)


_CHANGES = st.one_of(
    st.tuples(st.just("fatigue"), st.sampled_from(_IDS), st.integers(0, 3)),
    st.tuples(st.just("wound"), st.sampled_from(_IDS), st.sampled_from(["none", "light", "grave"])),
    st.tuples(st.just("move"), st.sampled_from(_IDS), st.floats(2, 58), st.floats(2, 58)),
    st.tuples(st.just("remove"), st.sampled_from(_IDS)),
)


@settings(max_examples=80, deadline=None)
@given(st.lists(_CHANGES, min_size=1, max_size=5), st.booleans(), st.booleans(), st.booleans())
def test_property_with_models_in_one_copy_is_the_updates_one_after_the_other(changes, deployed, warm, turn):
    """A step's models and turn fields in one new state (GameState.with_models) give the state, the
    fields set and the table the updates made one by one give; a carried board is the one built anew."""
    state = _state(deployed)
    if warm:
        _ = state.board  # built, so the copy may carry it over
    models, one_by_one = [], state
    for step in changes:
        before = one_by_one
        one_by_one = _apply(one_by_one, step)
        models.append(one_by_one.model(step[1]))
        assert before.model(step[1]) is not models[-1]
    fields = {"active": "red-soldier-1", "active_held": 2, "activation": 7} if turn else {}
    if fields:
        one_by_one = one_by_one.replace(**fields)
    together = state.with_models(models, **fields)
    assert together == one_by_one
    assert together.board == _fresh(together).board == one_by_one.board
    if warm and all(step[0] in ("fatigue", "wound") for step in changes):
        assert together.board is state.board  # the same table: its caches stay warm


@settings(max_examples=40, deadline=None)
@given(kinds=st.lists(st.sampled_from(["deadly", "crippling", "will_breaker", "paralysing"]), max_size=3),
       asked=st.sampled_from(["deadly", "crippling", "will_breaker", "paralysing"]))
def test_property_has_poison_is_any_poison_of_the_kind_r_poison(kinds, asked):
    """has_poison's shortcut for a model without poisons gives the full test's answer (R-POISON)."""
    m = _state().models[0].replace(poisons=tuple(Poison(kind=k) for k in kinds))
    assert m.has_poison(asked) == any(p.kind == asked for p in m.poisons)
    assert m.out_of_action == (m.removed or any(p.kind == "deadly" for p in m.poisons))


def _built(obj: object) -> list[tuple[object, object]]:
    """Each value ``obj`` keeps in its memo, read twice, with the value built afresh from its fields."""
    if isinstance(obj, GameState):
        return [(obj.board, obj.board), (obj.board, Board(width=obj.width, depth=obj.depth, terrain=tuple(t.piece() for t in obj.terrain),
                 bases=tuple(m.base() for m in obj.models if not m.removed and (m.deployed or obj.phase != "setup")),
                 markers=tuple(k.marker() for k in obj.markers if k.on_table)))]
    if isinstance(obj, ModelState):
        return [(obj.base(), obj.base()), (obj.base(), Base(obj.id, obj.x, obj.y, obj.base_mm, obj.height_cm, obj.side))]
    if isinstance(obj, MarkerState):
        return [(obj.marker(), obj.marker())]
    if isinstance(obj, TerrainState):
        return [(obj.piece(), obj.piece()), (obj.piece(), TerrainPiece(obj.id, obj.polygon, obj.height_cm, obj.movement))]
    assert isinstance(obj, TableEffect)
    return [(obj.template(), obj.template())]


@settings(max_examples=30, deadline=None)
@given(st.lists(_STEPS, max_size=6), st.booleans())
def test_property_the_states_memos_are_computed_once_and_right(steps, deployed):
    """The values the states keep in their memos (a model's base, the table, a piece's geometry,
    a template) are built on the first read, then the same object is read again; each is the
    value built afresh from the fields, also on the copies the steps make (a copy does not carry a
    value that describes its source)."""
    state = _state(deployed)
    effect = TableEffect(id="e", kind="jammer", owner="red", by="red-soldier-1", x=30.0, y=20.0, radius_cm=5.0)
    state = state.replace(effects=(effect,))
    for step in steps:
        _ = state.board, [m.base() for m in state.models]  # warm: copies must not carry stale values
        state = _apply(state, step)
    objects = [state, *state.models, *state.markers, *state.terrain, *state.effects]
    for obj in objects:
        (first, again), *fresh = _built(obj)
        assert first is again
        for kept, built in fresh:
            assert kept == built, type(obj)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["red", "blue"]), st.booleans(), st.booleans(), st.booleans()), max_size=5))
def test_has_models_says_whether_models_of_holds_one_prj_93(kinds):
    # each model: its side, removed, Deadly-poisoned (out of action while its base stays), ambassador
    models = [model(side, "corrino" if side == "red" else "fremen", "soldier" if side == "red" else "warrior", i, 5.0 + 5 * i, 10.0,
                    removed=removed, poisons=(Poison(kind="deadly"),) if poisoned else (), ambassador=ambassador)
              for i, (side, removed, poisoned, ambassador) in enumerate(kinds)]
    state = state_in_play(models)
    for side in ("red", "blue"):
        assert state.has_models(side) == bool(state.models_of(side))


# --- the edges: JSON, validation, the explicit copy (issue 44) ------------------------------------


def test_a_state_writes_the_json_the_pydantic_states_wrote():
    """state_data writes the keys the pydantic states wrote, in their order, and no memo: a
    snapshot or saved game of the earlier format loads, and one written now reads back equal."""
    state = _state()
    _ = state.board, [m.base() for m in state.models]  # warm memos are never written
    data = state_data(state)
    assert list(data)[:7] == ["seed", "ruleset", "width", "depth", "terrain", "sides", "models"]
    assert "cache" not in data and all("cache" not in m for m in data["models"])
    assert list(data["models"][0])[:5] == ["id", "side", "faction", "type", "name"]
    assert state_from_data(data) == state and state_from_data(json.loads(dump_state(state))) == state
    assert load_state(dump_state(state)) == state


def test_loading_validates_every_field_and_refuses_unknown_keys():
    """The edge validates: a wrong value or an unknown key is a ValidationError naming where."""
    data = state_data(_state())
    data["models"][1]["fatigue"] = -1
    data["models"][2]["colour"] = "red"
    with pytest.raises(ValidationError) as info:
        state_from_data(data)
    where = {".".join(map(str, e["loc"])) for e in info.value.errors()}
    assert {"models.1.fatigue", "models.2.colour"} <= where
    assert state_from_data(state_data(_state())).models[0].x == 10.0 and isinstance(state_from_data(state_data(_state())).models[0].x, float)


def test_replace_refuses_a_name_that_is_not_a_field():
    """An explicit copy: a typo is a RuleError naming it, never a silent no-op."""
    state = _state()
    with pytest.raises(RuleError, match="no field 'clock'"):
        state.replace(clock=3.0)
    with pytest.raises(RuleError, match="ModelState has no field 'fatige'"):
        state.models[0].replace(fatige=1)
    assert state.replace(clock_s=3.0).clock_s == 3.0 and state.clock_s == 0.0


def test_the_states_are_slotted_and_frozen():
    """No instance dict to write memos into, and no field changes in place (Python 3.11's slotted
    frozen dataclasses refuse with a TypeError where the class was rebuilt for its slots)."""
    state = _state()
    for obj in (state, state.models[0], state.sides[0], state.terrain[0]):
        assert not hasattr(obj, "__dict__")
        with pytest.raises((dataclasses.FrozenInstanceError, TypeError)):
            obj.side = "blue"  # type: ignore[misc, union-attr]
    assert state.models[0].side == "red"


def test_the_json_schema_names_the_fields_and_no_memo():
    schema = state_json_schema()
    assert "sides" in schema["required"] and "cache" not in schema["properties"]
    assert "cache" not in schema["$defs"]["ModelState"]["properties"]
