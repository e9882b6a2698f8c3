"""Tests of landsraad.engine.events: the log serialises and loads back identical."""

from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from landsraad.engine.events import EVENT_TYPES, GameEvent, dump_log, load_log, make_event, to_jsonable

jsonish = st.recursive(
    st.none() | st.booleans() | st.integers(-1000, 1000) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=5), children, max_size=4),
    max_leaves=12,
)


@given(st.lists(st.tuples(st.sampled_from(["roll", "move", "melee"]), st.sampled_from([None, "red", "blue"]), jsonish), max_size=6))
def test_log_round_trips(items):
    events = [GameEvent(i + 1, kind, side, None, {"v": value}) for i, (kind, side, value) in enumerate(items)]
    assert load_log(dump_log(events)) == [GameEvent.from_dict(e.to_dict()) for e in events]
    assert dump_log(load_log(dump_log(events))) == dump_log(events)


def test_to_jsonable_handles_dataclasses_tuples_and_numpy():
    @dataclass(frozen=True)
    class P:
        x: float
        y: tuple

    assert to_jsonable(P(1.23456789, (np.int64(3), "a"))) == {"x": 1.2346, "y": [3, "a"]}


def test_every_event_of_whole_games_has_its_own_class_and_round_trips():
    from landsraad.engine import new_game, play
    from landsraad.engine.events import EVENT_TYPES, Moved, Roll
    from landsraad.players import RandomPlayer

    seen = set()
    for seed, (red, blue) in enumerate((("corrino", "harkonnen"), ("fremen", "atreides"))):
        game = play(new_game(red, blue, seed=seed), {"red": RandomPlayer(seed), "blue": RandomPlayer(seed + 9)})
        for event in game.log:
            cls = EVENT_TYPES[event.kind]
            assert type(event) is cls, event.kind
            again = GameEvent.from_dict(event.to_dict())
            assert again == event and type(again) is cls
            seen.add(event.kind)
        rolls = [e for e in game.log if isinstance(e, Roll)]
        assert rolls and all(isinstance(r.dice, list) and all(1 <= d <= 10 for d in r.dice) for r in rolls)
        moves = [e for e in game.log if isinstance(e, Moved)]
        assert moves and all(isinstance(m.to, tuple) and m.how in ("free_move", "move", "dodge", "pushed", "step_away", "flee", "disengage")
                             for m in moves)
    assert {"roll", "move", "activate", "end_activation", "game_over", "decision"} <= seen


def test_an_events_data_read_late_is_the_data_as_emitted(monkeypatch):
    """Events make their data JSON-able on first read: over whole random games (heuristic ones
    too), what each event reads at the end is the data as it was given when emitted, so nothing
    the engine or a player does after emitting changes a logged event."""
    import copy
    import itertools

    from landsraad.engine.flow import Machine
    from landsraad.engine.game import new_game, play
    from landsraad.players import make_player

    given_data: list[tuple[GameEvent, object]] = []
    emit = Machine.emit

    def recording(self, kind, side=None, model=None, /, *, secret=False, **data):
        event = emit(self, kind, side, model, secret=secret, **data)
        given_data.append((event, copy.deepcopy(data)))
        return event

    monkeypatch.setattr(Machine, "emit", recording)
    pairs = list(itertools.product(("corrino", "atreides", "harkonnen", "fremen"), repeat=2))
    for i, kind in enumerate(("random", "random", "random", "heuristic")):
        red, blue = pairs[(5 * i) % 16]
        game = play(new_game(red, blue, seed=40 + i), {"red": make_player(kind, 40 + i), "blue": make_player(kind, 90 + i)})
        game.result.vp["red"] = -1  # a reader changing the result leaves the log as it was
    assert len(given_data) > 500
    for event, data in given_data:
        assert event.data == to_jsonable(data)


@given(st.integers(1, 10_000), st.sampled_from(sorted(EVENT_TYPES) + ["kind_of_a_newer_version"]),
       st.sampled_from([None, "red", "blue"]), st.sampled_from([None, "red-soldier-1"]),
       st.dictionaries(st.sampled_from(["to", "dice", "why", "answer"]), st.integers() | st.text(max_size=3), max_size=3) | st.none(),
       st.booleans())
def test_make_event_builds_an_immutable_slotted_event_of_its_kind(seq, kind, side, model, data, secret):
    """make_event gives the kind's own class, equal to the constructor's event, slotted (no
    instance dict) and immutable, its data made JSON-able on the first read; it pickles whole."""
    import pickle

    made = make_event(seq, kind, side, model, data, secret)
    built = EVENT_TYPES.get(kind, GameEvent)(seq, kind, side, model, data or {}, secret)
    assert type(made) is type(built)
    assert not hasattr(made, "__dict__")
    assert made == built and made.to_dict() == built.to_dict() and hash(made) == hash(built)
    with pytest.raises(AttributeError, match="immutable"):
        made.seq = seq + 1  # type: ignore[misc]  # the point: assigning is refused
    assert pickle.loads(pickle.dumps(made)) == made


# --- issue 44: one event model ------------------------------------------------------------------------


def _hand_built_events() -> list[GameEvent]:
    """Events of the kinds whole games reach rarely, with the data the engine's ``emit`` calls give
    them (their outcomes resolved by the rules kernel, not written as dicts)."""
    from landsraad.dice import simple_test
    from landsraad.engine.outcomes import HealOutcome, PoisonTickOutcome
    from landsraad.model import Poison
    from landsraad.rules.healing import resolve_heal
    from landsraad.rules.poisons import start_will_breaker_activation
    from landsraad.rules.state import Combatant

    heal = resolve_heal(Combatant(name="Medic", special_rules=("healer",)), Combatant(name="Soldier", wound="light"), dice=(5, 9))
    assert isinstance(heal, HealOutcome)
    _, tick = start_will_breaker_activation(Combatant(name="Soldier", poisons=(Poison(kind="will_breaker", x=2),)))
    assert isinstance(tick, PoisonTickOutcome)
    items = [
        ("disengage_blocked", "red", "red-1", {"margin_cm": 3.0}),
        ("explosives", "red", "red-1", {"marker": "blue-depot-1"}),
        ("flee_blocked", "red", "red-1", {"reason": "still in base contact after a failed disengage"}),
        ("flee_disengage", "red", "red-1", {"step": 1}),
        ("free_move_disengage", "red", "red-1", {"when": "before"}),
        ("heal", "red", "red-1", {"patient": "red-2", "event": heal}),
        ("jammer_off", "blue", "blue-1", {"effects": ["jammer-1"]}),
        ("marker_no_room", "blue", None, {"marker": "blue-sabotage-1", "mission": "sabotage"}),
        ("no_target", "red", "red-1", {"weapon": "lasgun"}),
        ("poison_tick", "red", "red-1", {"event": tick}),
        ("terrain_no_room", "red", None, {"piece": "rock-2"}),
        ("test", "red", "red-1", {"action": "sabotage", "test": simple_test(2, 8, neutral=3, colour=7)}),
        ("mission_action_failed", "red", "red-1", {"mission": "sabotage", "action": "sabotage"}),
    ]
    return [make_event(1000 + i, kind, side, model, data) for i, (kind, side, model, data) in enumerate(items)]


def test_every_event_kind_round_trips_through_json_and_narrates():
    """Each kind: its own class, equal after JSON, its outcomes typed (the kernel's records, equal
    after JSON too), and a sentence from the narration unless it is one of the silent kinds."""
    import itertools

    from landsraad.engine.events import Outcome
    from landsraad.engine.game import new_game, play
    from landsraad.narrate import SILENT_KINDS, model_names, narrate
    from landsraad.players import make_player

    events: list[GameEvent] = []
    names: dict[str, str] = {}
    pairs = list(itertools.product(("corrino", "atreides", "harkonnen", "fremen"), repeat=2))
    for i, kind in enumerate(("heuristic", "random", "random")):
        red, blue = pairs[i]
        game = play(new_game(red, blue, seed=500 + i), {"red": make_player(kind, i), "blue": make_player(kind, 100 + i)})
        events += game.log
        names |= model_names(game.state)
    events += _hand_built_events()
    first: dict[str, GameEvent] = {}
    for e in events:
        first.setdefault(e.kind, e)
    assert set(first) == set(EVENT_TYPES), "a kind no game nor sample reaches"
    told_silent = []
    for kind, e in sorted(first.items()):
        cls = EVENT_TYPES[kind]
        again = GameEvent.from_json(e.to_json())
        assert type(e) is cls and type(again) is cls and again == e, kind
        for attr, descriptor in vars(cls).items():
            if isinstance(descriptor, Outcome):
                value = getattr(e, attr)
                assert isinstance(value, descriptor.kind), (kind, attr)
                assert getattr(again, attr) == value, (kind, attr)
        text = narrate(e, names, reveal_secrets=True)
        if kind in SILENT_KINDS:
            told_silent.append((kind, text))
            continue
        assert isinstance(text, str) and text.endswith(".") and "None" not in text, (kind, text)
    assert all(text is None for kind, text in told_silent if kind != "decision")


def test_an_outcome_that_is_not_whole_is_refused_with_a_sentence():
    import pytest

    from landsraad.errors import DataError

    e = make_event(3, "shot", "red", "red-1", {"target": "blue-1", "event": {"hit": True}})
    with pytest.raises(DataError, match=r"Event 3 \(shot\): its 'event' is not a whole ShotEvent"):
        _ = e.outcome
