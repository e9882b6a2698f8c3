"""Tests of landsraad.engine.events: the log serialises and loads back identical."""

from dataclasses import dataclass

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from landsraad.engine.events import GameEvent, dump_log, load_log, to_jsonable

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
