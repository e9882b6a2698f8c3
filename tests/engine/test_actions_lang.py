"""The reasons a declared action is refused at a point (:func:`action_problem_at`) read in French too (issue 40).

They are deferred messages: the English text as before (logs, JSON, traces), French when shown.
"""

from __future__ import annotations

from landsraad.engine.actions import action_problem_at
from landsraad.i18n import Message, use_language
from tests.engine.helpers import model, state_in_play


def _state():
    red = model("red", "corrino", "soldier", 1, 30.0, 30.0)
    near = model("blue", "fremen", "warrior", 1, 31.0, 31.0)
    far = model("blue", "fremen", "warrior", 2, 30.0, 50.0)
    return state_in_play([red, near, far]), red, near, far


def test_a_melee_against_a_model_out_of_contact_is_refused_in_both_languages():
    state, red, _near, far = _state()
    reason = action_problem_at(state, red.id, 0, f"melee:{far.id}", (30.0, 40.0))
    assert isinstance(reason, Message)
    assert reason == "Soldier 1 declared a melee against Warrior 2: its free move must end in base contact with it"
    with use_language("fr"):
        assert reason.localized() == ("Soldier 1 a déclaré un corps à corps contre Warrior 2 : son mouvement gratuit doit "
                                      "finir au contact socle à socle avec lui")


def test_a_move_or_shot_ending_in_contact_is_refused_in_both_languages():
    state, red, near, _far = _state()
    move = action_problem_at(state, red.id, 0, "move", (red.x, red.y))
    assert move == "Soldier 1 declared a Move action: its free move may not end in contact with an enemy (PRJ-90, R-SHOOT)"
    shot = action_problem_at(state, red.id, 0, f"shoot:{red.weapons[0].id}", (red.x, red.y))
    assert shot == "Soldier 1 declared a shot: its free move may not end in contact with an enemy (PRJ-90, R-SHOOT)"
    with use_language("fr"):
        assert isinstance(move, Message) and isinstance(shot, Message)
        assert move.localized().startswith("Soldier 1 a déclaré une action de Mouvement : son mouvement gratuit ne peut pas finir")
        assert shot.localized().startswith("Soldier 1 a déclaré un tir : son mouvement gratuit ne peut pas finir au contact")
