"""Tests of landsraad.engine.decisions: every illegal answer is refused with a reason."""

import dataclasses
import inspect

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


_DECISION_ARGS = st.fixed_dictionaries(
    {"side": st.sampled_from(["red", "blue"]), "kind": st.text(max_size=5), "prompt": st.text(max_size=5)},
    optional={"choices": st.tuples(st.integers()), "point": st.none() | st.just(PointSpec(lambda p: None)),
              "ranked": st.none() | st.tuples(st.integers(0, 3), st.integers(3, 6)), "optional": st.booleans(),
              "secret": st.booleans(), "model": st.none() | st.text(max_size=5),
              "info": st.none() | st.dictionaries(st.text(max_size=3), st.integers(), max_size=2), "dice": st.integers(0, 3)})


@given(_DECISION_ARGS, st.booleans())
def test_a_decision_is_a_slotted_frozen_record(args, positional):
    """A decision holds its fields in slots, the same by keywords or positions, with the defaults
    (a new ``info`` dict each time), and refuses a change."""
    names = [f.name for f in dataclasses.fields(Decision)]
    assert list(inspect.signature(Decision.__init__).parameters)[1:] == names and not hasattr(Decision(side="red", kind="k", prompt="p"), "__dict__")
    given_args = [args[n] for n in names[:3]] + [args[n] for n in names[3:5] if all(m in args for m in names[3:names.index(n) + 1])]
    ours = Decision(*given_args) if positional else Decision(**args)
    assert ours == Decision(**{n: getattr(ours, n) for n in names})
    assert [getattr(ours, n) for n in names[:len(given_args)]] == given_args if positional else all(getattr(ours, n) == v for n, v in args.items())
    if "info" not in args:
        assert ours.info == {} and ours.info is not Decision(side="red", kind="k", prompt="p").info
    with pytest.raises(dataclasses.FrozenInstanceError):
        ours.side = "blue"  # type: ignore[misc]


class _Recording:
    """A player that plays as ``inner`` and notes the kind of every decision it is asked."""

    def __init__(self, inner, seen: set[str]) -> None:
        self.inner, self.seen = inner, seen
        self.handles_dice, self.reads_state = inner.handles_dice, inner.reads_state

    def decide(self, decision, state):
        self.seen.add(decision.kind)
        return self.inner.decide(decision, state)


def test_every_decision_a_game_asks_is_a_listed_kind():
    # DecisionKind is what front ends and computer players dispatch on: a kind built at run time
    # (a move's kind from its frame, a template's from its effect) must be one of them too
    from landsraad.engine.decisions import DECISION_KINDS
    from landsraad.engine.game import new_game, play
    from landsraad.players import make_player

    seen: set[str] = set()
    pairs = [("corrino", "fremen"), ("atreides", "harkonnen"), ("fremen", "atreides"), ("harkonnen", "corrino")]
    for i, (red, blue) in enumerate(pairs * 2):
        kind = "random" if i < len(pairs) else "heuristic"
        players = {side: _Recording(make_player(kind, 900 + 2 * i + k), seen) for k, side in enumerate(("red", "blue"))}
        play(new_game(red, blue, seed=900 + i), players)
    assert seen <= set(DECISION_KINDS), seen - set(DECISION_KINDS)
    assert {"bid", "deploy", "activate", "action", "stance", "move", "free_move"} <= seen


def test_a_point_specs_allows_is_its_validate_unless_it_has_a_quicker_test():
    spec = PointSpec(lambda p: None if p[0] < 10 else "too far east")
    assert spec.allows((5.0, 1.0)) and not spec.allows((12.0, 1.0))
    asked = []
    quick = PointSpec(lambda p: asked.append(p) or "never asked", accepts=lambda p: p[0] < 10)
    assert quick.allows((5.0, 1.0)) and not quick.allows((12.0, 1.0))
    assert asked == []  # the yes-or-no test answered: no reason was worded
