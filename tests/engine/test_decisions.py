"""Tests of landsraad.engine.decisions: every illegal answer is refused with a reason."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from landsraad.engine.decisions import Decision, PointSpec
from landsraad.errors import DecisionError


def test_finite_choices():
    d = Decision(side="red", kind="bid", prompt="Bid?", choices=(0, 1, 2, 3))
    assert d.check(2) == 2
    with pytest.raises(DecisionError, match="legal answers are: 0, 1, 2, 3"):
        d.check(4)


def test_point_answers_are_validated_by_the_engine():
    d = Decision(side="red", kind="move", prompt="Where?", point=PointSpec(lambda p: None if p[0] < 10 else "too far east"))
    assert d.check([3, 4]) == (3.0, 4.0)
    with pytest.raises(DecisionError, match="too far east"):
        d.check((12, 4))
    with pytest.raises(DecisionError, match="not a table point"):
        d.check("here")


def test_optional_and_required():
    assert Decision(side="red", kind="x", prompt="Skip?", choices=("a",), optional=True).check(None) is None
    with pytest.raises(DecisionError, match="cannot be skipped"):
        Decision(side="red", kind="x", prompt="Skip?", choices=("a",)).check(None)


@given(st.lists(st.sampled_from("abcdefgh"), min_size=0, max_size=8))
def test_ranked_answers(picks):
    d = Decision(side="blue", kind="pick_missions", prompt="Pick", choices=tuple("abcdefg"), ranked=(1, 6))
    ok = 1 <= len(picks) <= 6 and len(set(picks)) == len(picks) and all(p in "abcdefg" for p in picks)
    if ok:
        assert d.check(picks) == tuple(picks)
    else:
        with pytest.raises(DecisionError):
            d.check(picks)


def test_json_lists_match_tuple_choices():
    d = Decision(side="red", kind="x", prompt="Which?", choices=(("a", 1), ("b", 2)))
    assert d.check(["b", 2]) == ("b", 2)


def test_public_view_hides_secret_info():
    d = Decision(side="red", kind="stance", prompt="Attack or defend?", choices=("attack", "defend"), secret=True, info={"dice": [1, 2, 3]})
    assert "info" not in d.public() and d.public()["secret"] is True
