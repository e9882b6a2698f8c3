"""Tests of landsraad.engine.events: the log serialises and loads back identical."""

from dataclasses import dataclass

import numpy as np
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
def test_make_event_builds_the_event_the_dataclass_builds(seq, kind, side, model, data, secret):
    """make_event fills the instance directly: the same class, fields, data (read or not) and
    instance dict, in the same order, as the dataclass's own constructor."""
    made = make_event(seq, kind, side, model, data, secret)
    built = EVENT_TYPES.get(kind, GameEvent)(seq, kind, side, model, data or {}, secret)
    assert type(made) is type(built)
    assert list(made.__dict__.items()) == list(built.__dict__.items())
    assert made == built and made.to_dict() == built.to_dict()
