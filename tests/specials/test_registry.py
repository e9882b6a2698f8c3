"""Tests of landsraad.specials' registry (the hook points every special rule may fill, PRJ-53)."""

from hypothesis import given
from hypothesis import strategies as st

from landsraad.specials import HOOK_POINTS, SPECIAL_RULES, HookContext

_NAMES = SPECIAL_RULES.names()


@given(st.sampled_from(sorted(HOOK_POINTS)), st.lists(st.sampled_from(_NAMES), max_size=4, unique=True))
def test_hooked_is_whether_a_named_rule_has_the_hook_point_and_without_one_nothing_applies(hook, names):
    """``hooked`` lets callers skip building a context: when it is false, ``total`` is 0 and
    ``any`` is false for every context."""
    expected = any(hook in SPECIAL_RULES.get(n).hooks for n in names)
    assert SPECIAL_RULES.hooked(hook, names) is expected
    if not expected:
        ctx = HookContext(action="melee", own_fatigue=2, target_fatigue=1, arrakis=True)
        assert SPECIAL_RULES.total(hook, names, ctx) == 0
        assert SPECIAL_RULES.any(hook, names, ctx) is False
