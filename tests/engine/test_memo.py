"""The engine's memos answer as the computations they stand for (issue 12).

A state's memo (:meth:`GameState.memo`: the contact test, the models a side may select), a
model state's memo of its combatants (:func:`landsraad.engine.bridge.combatant`) and the game's
last view (:meth:`Game.view`) are compared, at every decision of random games, with the same
question computed from scratch on a fresh copy of the state.
"""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from landsraad.engine import bridge
from landsraad.engine.activation import _selectable, selectable_models
from landsraad.engine.game import new_game
from landsraad.engine.spatial import _contact_enemies, contact_enemies
from landsraad.engine.state import GameState, other_side, state_data, state_from_data
from landsraad.players import RandomPlayer

FACTIONS = ("corrino", "atreides", "harkonnen", "fremen")


def _fresh(state: GameState) -> GameState:
    """An equal state with no memo, no cached board and no cached model states' properties."""
    return state_from_data(state_data(state))


def _states(seed: int, steps: int):
    """The states (and the game) at each of ``steps`` decisions of a random game."""
    red, blue = list(itertools.product(FACTIONS, FACTIONS))[seed % 16]
    game = new_game(red, blue, seed=seed)
    players = {"red": RandomPlayer(seed), "blue": RandomPlayer(seed + 1)}
    for _ in range(steps):
        if game.over:
            return
        d = game.decision
        yield game, d
        game.answer(players[d.side].decide(d, game.view(d.side)))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(50, 400))
def test_memos_answer_as_computed_from_scratch(seed, steps):
    for i, (game, d) in enumerate(_states(seed, steps)):
        state = game.state
        # every third state of play: a memo that goes stale stays stale for the states after it
        if state.phase != "play" or i % 3:
            continue
        fresh = _fresh(state)
        for side in ("red", "blue"):
            assert selectable_models(state, side) == _selectable(fresh, side)
            assert selectable_models(state, side) is selectable_models(state, side)  # the memo answers
        for m in state.models:
            if m.removed:
                continue
            assert contact_enemies(state, m.id) == _contact_enemies(fresh, m.id)
            for held, weapon in itertools.product((None, 0, 2), (None, *m.weapons)):
                c = bridge.combatant(state, m.id, weapon=weapon, activation_fatigue=held)
                slow = bridge._build_combatant(fresh, m.id, weapon, held, m.jammed_by is not None or state.ruleset.arrakis)
                assert c == slow
                assert bridge.combatant(state, m.id, weapon=weapon, activation_fatigue=held) is c
        # the last view is the view built again, for either side
        for side in (d.side, other_side(d.side)):
            view = game.view(side)
            assert game.view(side) is view
            assert view == _fresh(state).replace(seed=None).replace(sides=tuple(s.replace(missions=()) if s.side != side else s for s in state.sides))


def test_a_copy_starts_without_the_memos():
    game = new_game("corrino", "fremen", seed=5)
    players = {"red": RandomPlayer(5), "blue": RandomPlayer(6)}
    while game.state.phase != "play":
        d = game.decision
        game.answer(players[d.side].decide(d, game.view(d.side)))
    state = game.state
    m = state.models[0]
    selectable_models(state, m.side)
    contact_enemies(state, m.id)
    bridge.combatant(state, m.id)
    assert state.cache.answers and m.cache.combatants
    # a change of the model (its fatigue) or of the state (the clock): nothing answered before is kept
    changed = state.update_model(m.id, fatigue=m.fatigue + 1)
    assert changed.cache.answers is None and changed.model(m.id).cache.combatants is None
    assert bridge.combatant(changed, m.id).fatigue == m.fatigue + 1
    assert state.replace(clock_s=1.0).cache.answers is None


def test_a_model_states_combatants_follow_the_games_custom_sheets():
    """Two states sharing one model state, one with a custom sheet overriding the bundled one
    (PRJ-53): each gets the combatant built from its own sheet, not the other's from the memo."""
    from landsraad.content import load_faction

    from .helpers import model, state_in_play

    m = model("red", "corrino", "soldier", 1, 10, 10)
    bundled = state_in_play([m, model("blue", "fremen", "warrior", 1, 40, 40)])
    sheet = load_faction("corrino").model_copy(update={"special_rules": ()})
    custom = bundled.replace(custom_factions=(sheet,))
    assert custom.model(m.id) is bundled.model(m.id)  # the very same model state, memo and all
    for state in (bundled, custom, bundled, custom):
        c = bridge.combatant(state, m.id)
        assert c == bridge._build_combatant(_fresh(state), m.id, None, None, state.ruleset.arrakis)
    assert bridge.combatant(bundled, m.id).special_rules != bridge.combatant(custom, m.id).special_rules


def test_a_model_states_rule_names_follow_the_games_custom_sheets():
    """rule_names is kept on the model state, checked by the identity of the game's custom sheets:
    two states sharing one model state, one with a custom sheet giving the faction other rules
    (PRJ-53), each get the names of their own sheets, as a state built anew does; the hook
    test follows (R-FACTION sandwalk)."""
    from landsraad.content import load_faction

    from .helpers import model, state_in_play

    m = model("blue", "fremen", "warrior", 1, 10, 10)
    bundled = state_in_play([model("red", "corrino", "soldier", 1, 40, 40), m])
    sheet = load_faction("fremen").model_copy(update={"special_rules": ()})
    custom = bundled.replace(custom_factions=(sheet,))
    assert custom.model(m.id) is bundled.model(m.id)
    for state in (bundled, custom, bundled, custom):
        assert bridge.rule_names(state, m.id) == bridge.rule_names(_fresh(state), m.id)
        assert bridge.has_hook(state, m.id, "difficult_terrain_free") == (state is bundled)
    assert "sandwalk" in bridge.rule_names(bundled, m.id) and "sandwalk" not in bridge.rule_names(custom, m.id)


def test_enemies_are_found_once_per_state_and_follow_every_change():
    """enemies_of is kept per state and side: asked again on a state it is the same tuple; on the
    states a removal or the Deadly poison make (R-POISON) it is the tuple found from scratch."""
    from landsraad.model import Poison

    from .helpers import model, state_in_play

    red = model("red", "corrino", "soldier", 1, 10, 10)
    blues = [model("blue", "fremen", "warrior", k, 40, 10 * k) for k in (1, 2, 3)]
    state = state_in_play([red, *blues])
    first = state.enemies_of(red.id)
    assert state.enemies_of(red.id) is first and [e.id for e in first] == [b.id for b in blues]
    for changed in (state.update_model(blues[0].id, removed=True),
                    state.update_model(blues[1].id, poisons=(Poison(kind="deadly"),)),
                    state.update_model(blues[2].id, x=45.0)):
        scratch = tuple(m for m in changed.models if m.side != "red" and not m.out_of_action)
        assert changed.enemies_of(red.id) == scratch
        assert changed.enemies_of(blues[2].id) == tuple(m for m in changed.models if m.side == "red" and not m.out_of_action)
