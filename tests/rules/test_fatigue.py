"""Fatigue gain, malus and recovery (R-FATIGUE-GAIN, R-FATIGUE-MALUS, R-FATIGUE-REST, RUL-05, RUL-06, RUL-10)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from landsraad.rules.fatigue import end_activation, recover, recover_after_activation, recovers, start_activation
from landsraad.rules.state import Combatant, fatigue_penalty
from landsraad.ruleset import Ruleset


def test_start_gives_a_token_and_remembers_the_count() -> None:
    """R-FATIGUE-GAIN: one token at the start; the malus counts the tokens held before it (RUL-05)."""
    c, ev = start_activation(Combatant(combat=2, fatigue=0))
    assert (c.fatigue, c.activation_fatigue, ev.malus, c.effective_combat) == (1, 0, (0, 0, 0), 2)
    c, _ = end_activation(c)
    c, ev = start_activation(c)  # a second activation in a row
    assert (c.fatigue, ev.malus, c.effective_combat) == (2, (1, 1, 0), 1)
    c, _ = end_activation(c)
    c, ev = start_activation(c)
    assert (c.fatigue, ev.malus, c.effective_combat, c.effective_endurance) == (3, (2, 2, 1), 0, 2)


def test_malus_ends_with_the_activation() -> None:
    c, _ = start_activation(Combatant(combat=2, fatigue=2))
    c, ev = end_activation(c)
    assert c.activation_fatigue is None and c.effective_combat == 2 and ev.tokens == 3


def test_recovery_option_rul_06() -> None:
    """RUL-06: the active player's other models recover (owner); option 'all': every other model."""
    assert recovers(True) and not recovers(False)
    assert recovers(False, Ruleset(recovery="all"))
    models, events = recover_after_activation([(Combatant(name="F", fatigue=1), True), (Combatant(name="E", fatigue=3), False)],
                                              Ruleset(recovery="all"))
    assert [m.fatigue for m in models] == [0, 2] and len(events) == 2


def test_recover_never_below_zero_and_tokens_beyond_three_count() -> None:
    """R-FATIGUE-MALUS: tokens beyond the third give no more malus but still take turns to lose."""
    c = Combatant(fatigue=5)
    for expected in (4, 3, 2, 1, 0, 0):
        c, _ = recover(c)
        assert c.fatigue == expected


def test_spice_ends_at_two_tokens_rul_10() -> None:
    c, ev = end_activation(Combatant(fatigue=1, activation_fatigue=0, spice_active=True, spice_effect="corrino_spice"))
    assert c.spice_active and ev.spice is None
    c, ev = end_activation(Combatant(fatigue=2, activation_fatigue=1, spice_active=True, spice_effect="corrino_spice"))
    assert not c.spice_active and ev.spice is not None


@given(st.integers(0, 30))
def test_fatigue_ladder_bounds(held: int) -> None:
    """RUL-05: the malus is one of the three rungs, never more, and never falls as tokens grow."""
    c, ev = start_activation(Combatant(combat=0, reflexes=0, endurance=3, fatigue=held))
    assert ev.malus in ((0, 0, 0), (1, 1, 0), (2, 2, 1))
    assert -2 <= c.effective_combat <= 0 and -2 <= c.effective_reflexes <= 0 and 2 <= c.effective_endurance <= 3
    more, _ = start_activation(Combatant(fatigue=held + 1))
    assert all(x <= y for x, y in zip(fatigue_penalty(c), fatigue_penalty(more)))
    assert c.wound == "none"  # never a wound (RUL-05)
