"""The engine's last two echoes of issue 42: a warband name too long for a path, and a model id.

``load_warband`` asked ``Path.exists`` of whatever it was given (an ``OSError: File name too long``
on a 5,000-character name); ``GameState.model`` echoed an unknown id whole. Both now answer with
one sentence, the value cut by ``landsraad.errors.quoted``.
"""

from __future__ import annotations

import pytest

from landsraad.engine import new_game
from landsraad.engine.setup import load_warband
from landsraad.errors import MESSAGE_VALUE_LIMIT, RuleError, UnknownNameError


@pytest.mark.parametrize("name", ["x" * 5000, "x" * 256, "a/" + "y" * 300, "z" * 4096])
def test_a_warband_name_too_long_for_a_path_is_an_unknown_name_not_an_oserror(name):
    with pytest.raises(UnknownNameError) as caught:
        load_warband(name)
    message = str(caught.value)
    assert "more characters" in message
    assert name not in message
    assert len(message) < MESSAGE_VALUE_LIMIT + 400


def test_a_bundled_faction_id_and_a_list_file_still_load(tmp_path):
    assert load_warband("atreides") is not None
    with pytest.raises(UnknownNameError):
        load_warband("no-such-faction")


def test_an_unknown_model_id_is_echoed_cut():
    state = new_game("atreides", "corrino", seed=1).state
    with pytest.raises(RuleError) as caught:
        state.model("m" * 5000)
    message = str(caught.value)
    assert "'" + "m" * MESSAGE_VALUE_LIMIT + "... (4,920 more characters)'" in message
    assert "m" * (MESSAGE_VALUE_LIMIT + 1) not in message


def test_an_unknown_model_id_with_control_characters_is_escaped():
    state = new_game("atreides", "corrino", seed=1).state
    with pytest.raises(RuleError) as caught:
        state.model("\x1b[2J\u202e")
    message = str(caught.value)
    assert "\x1b" not in message and "\u202e" not in message
    assert "\\x1b" in message
