"""Tests of landsraad.engine.flow: the frames and pending decisions the machine fills by hand."""

import dataclasses

from landsraad.engine.flow import Frame, Pending, _frame


def test_hand_filled_frame_is_the_dataclass_one():
    """``_frame`` and ``Machine.ask`` fill a :class:`Frame` and a :class:`Pending` field by field,
    without their ``__init__``: this fails when either class gains a field they do not fill."""
    assert [f.name for f in dataclasses.fields(Frame)] == ["stage", "data"]
    assert [f.name for f in dataclasses.fields(Pending)] == ["builder", "args"]
    data = {"queue": ["a"]}
    frame = _frame("deploy.next", data)
    assert frame == Frame("deploy.next", data) and frame.data is data
    assert frame.__dict__ == Frame("deploy.next", data).__dict__
