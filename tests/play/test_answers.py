"""Tests of landsraad.play.answers: typed lines into engine answers."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.engine import Decision, PointSpec
from landsraad.geometry.measure import edge_distance
from landsraad.geometry.movement import plan_move
from landsraad.i18n import use_language
from landsraad.play.answers import (
    InputProblem,
    choice_label,
    contact_point,
    describe_expected,
    find_model,
    parse_answer,
    parse_command,
    parse_dice,
    parse_point_text,
    toward_point,
)
from landsraad.play.drills import build_state, load_drill


@pytest.fixture(scope="module")
def state():
    return build_state(load_drill("assassination-strike"), seed=0)


def activate(state):
    return Decision(side="red", kind="activate", prompt="Which model do you activate?",
                    choices=tuple(m.id for m in state.models if m.side == "red"))


def test_commands_are_recognised_with_their_argument_and_case():
    assert parse_command("?") == ("help", "")
    assert parse_command(" LOG 5 ") == ("log", "5")
    assert parse_command("map out.svg") == ("map", "out.svg")
    assert parse_command("contact red-scout-1") is None
    assert parse_command("") is None


def test_a_choice_by_number_id_card_name_label_or_unique_beginning(state):
    d = activate(state)
    assert parse_answer("2", d, state) == d.choices[1]
    assert parse_answer("red-scout-1", d, state) == "red-scout-1"
    assert parse_answer("scout", d, state) == "red-scout-1"
    assert parse_answer("Hasimir", d, state) == "red-master-assassin-1"
    assert parse_answer("Soldier 1 (red-soldier-2)", d, state) == "red-soldier-2"
    assert parse_answer("red-master", d, state) == "red-master-assassin-1"


@pytest.mark.parametrize("text, words", [("0", "from 1 to 4"), ("99", "from 1 to 4"), ("-3", "from 1 to 4"),
                                          ("xyzzy", "neither"), ("red-so", "several")])
def test_a_wrong_choice_is_one_sentence_saying_what_is_expected(state, text, words):
    with pytest.raises(InputProblem) as err:
        parse_answer(text, activate(state), state)
    message = str(err.value)
    assert words in message and message.endswith(".") and "\n" not in message


def test_named_actions_and_skips():
    d = Decision(side="red", kind="action", prompt="What?", choices=("move", "shoot:pistol", "rest"))
    assert parse_answer("shoot", d) == "shoot:pistol"
    assert parse_answer("shoot with pistol", d) == "shoot:pistol"
    optional = Decision(side="red", kind="move", prompt="Where?", optional=True, point=PointSpec(lambda p: None))
    assert parse_answer("skip", optional) is None
    with pytest.raises(InputProblem):
        parse_answer("skip", d)  # not optional: 'skip' is no choice


def test_a_voluntary_pass_by_its_english_or_french_word():
    # PRJ-101: the activate decision's pass, "passer" in the rulebook's language
    d = Decision(side="red", kind="activate", prompt="Which model do you activate (or pass)?", choices=("red-scout-1", "pass"))
    assert parse_answer("pass", d) == "pass"
    assert parse_answer("passer", d) == "pass"
    assert parse_answer("2", d) == "pass"


def test_ranked_picks_by_number_or_name():
    d = Decision(side="red", kind="pick_missions", prompt="Pick", choices=("activation", "assassination", "infiltration"), ranked=(1, 3))
    assert parse_answer("2,1", d) == ["assassination", "activation"]
    assert parse_answer("3 1", d) == ["infiltration", "activation"]
    assert parse_answer("infiltration, assassination", d) == ["infiltration", "assassination"]
    with pytest.raises(InputProblem):
        parse_answer("1,1", d)


@pytest.mark.parametrize("text", ["nan,3", "3,inf", "1e999,5", "1,2,3", "abc", "12", "", "-,-"])
def test_points_must_be_two_finite_numbers(text):
    with pytest.raises(InputProblem, match="two finite numbers"):
        parse_point_text(text)


@given(st.floats(-1e6, 1e6, allow_nan=False), st.floats(-1e6, 1e6, allow_nan=False))
def test_any_two_finite_numbers_read_back(x, y):
    assert parse_point_text(f"{x!r}, {y!r}") == (x, y)
    assert parse_point_text(f"({x!r} {y!r})") == (x, y)


def test_dice_are_whole_numbers_from_1_to_10_in_the_right_count():
    assert parse_dice("7 3 10", 3) == [7, 3, 10]
    assert parse_dice("7,3", 2) == [7, 3]
    for bad in ("0 3 5", "7 3", "11 1 1", "a b c", "7.5 3 2", "nan 1 1"):
        with pytest.raises(InputProblem, match="1 to 10"):
            parse_dice(bad, 3)


def test_find_model_by_id_name_or_beginning(state):
    assert find_model("blue-naib-1", state) == "blue-naib-1"
    assert find_model("stilgar", state) == "blue-naib-1"
    with pytest.raises(InputProblem, match="several"):
        find_model("blue-warrior", state)
    with pytest.raises(InputProblem, match="no model"):
        find_model("Muad'Dib", state)


def _cost(state, mover, point, allowance=1e6):
    res = plan_move(state.board, mover, point, allowance)
    return res.cost_cm if res.legal else math.inf


def test_contact_ends_in_base_contact_by_a_legal_path(state):
    p = contact_point(state, "red-soldier-1", "blue-warrior-2", 30.0)
    moved = state.replace(models=tuple(m.replace(x=p[0], y=p[1]) if m.id == "red-soldier-1" else m for m in state.models))
    gap = edge_distance(moved.board.base("red-soldier-1"), moved.board.base("blue-warrior-2"))
    assert -1e-6 <= gap <= state.ruleset.contact_tolerance_cm
    assert plan_move(state.board, "red-soldier-1", p, 30.0).legal


@settings(max_examples=15, deadline=None)
@given(st.floats(0, 2 * math.pi))
def test_contact_is_no_longer_than_any_other_contact_point(angle):
    # Within the 5-degree sampling of the contact circle: an arc of 5 degrees at 3 cm is 0.27 cm.
    state = build_state(load_drill("assassination-strike"), seed=0)
    target = state.model("blue-warrior-2")
    reach = 3.0 + 0.05
    other = (target.x + reach * math.cos(angle), target.y + reach * math.sin(angle))
    chosen = contact_point(state, "red-soldier-1", "blue-warrior-2", 40.0)
    assert _cost(state, "red-soldier-1", chosen) <= _cost(state, "red-soldier-1", other) + 0.3


def test_contact_out_of_reach_stops_at_the_furthest_point_and_says_so_issue_38(state):
    notes = []
    p = contact_point(state, "red-scout-1", "blue-fedaykin-1", 3.0, notes)
    me = state.model("red-scout-1")
    assert notes and "cannot reach base contact" in notes[0] and "as far as it can" in notes[0]
    assert plan_move(state.board, "red-scout-1", p, 3.0 + 1e-6).legal
    assert math.hypot(p[0] - me.x, p[1] - me.y) == pytest.approx(3.0, abs=0.05)  # open ground: the whole allowance


def test_toward_too_far_stops_at_the_limit_issue_38(state):
    d = Decision(side="red", kind="move", prompt="Where?", model="red-soldier-1", optional=True,
                 point=PointSpec(lambda p: None, (), 10.0))
    notes = []
    p = parse_answer("toward stilgar 40", d, state, notes)
    me = state.model("red-soldier-1")
    # the straight line meets the spire: one sentence says where it stops and why (not "goes 10 cm" and then "stops after")
    assert len(notes) == 1 and "stops after" in notes[0] and "spire" in notes[0] and "short of what blocks it: " in notes[0]
    assert not any(p in notes[0] for p in ("))", ").)", "..", "?.", ".)."))
    assert plan_move(state.board, "red-soldier-1", p, 10.0 + 1e-6).legal
    assert math.hypot(p[0] - me.x, p[1] - me.y) <= 10.0 + 1e-6


@settings(max_examples=6, deadline=None)  # a contact search is about 1.5 s of CPU on this table
@given(st.floats(5, 55), st.floats(5, 55), st.floats(1, 40))
def test_in_game_contact_agrees_with_landsraad_move_issue_38(x, y, allowance):
    """The figure the game says for contact NAME is the one ``landsraad move SCENE MODEL --to NAME`` says."""
    from hypothesis import assume

    from landsraad.geometry.approach import contact_move
    from landsraad.play.answers import contact_cost
    base = build_state(load_drill("assassination-strike"), seed=0)
    state = base.replace(models=tuple(m.replace(x=x, y=y) if m.id == "red-soldier-1" else m for m in base.models))
    board = state.board
    assume(all(edge_distance(board.base("red-soldier-1"), b) > 0.2 for b in board.bases if b.id != "red-soldier-1"))
    from landsraad.errors import GeometryError
    try:
        assume(plan_move(board, "red-soldier-1", (x, y), 1.0).legal)  # standing somewhere it may stand
        cli = contact_move(board, "red-soldier-1", "blue-warrior-2", allowance)
    except GeometryError:  # a start the geometry refuses (inside terrain): not a position in play
        assume(False)
    assume(math.isfinite(cli.cost_cm))
    assert contact_cost(state, "red-soldier-1", "blue-warrior-2") == pytest.approx(cli.cost_cm, abs=1e-6)
    notes = []
    try:
        p = contact_point(state, "red-soldier-1", "blue-warrior-2", allowance, notes)
    except InputProblem:
        assert not cli.legal
        return
    if notes:
        assert not cli.legal and f"costs {cli.cost_cm:.1f} cm" in notes[0]
    else:
        assert cli.legal and p == pytest.approx(cli.end)


def test_toward_moves_straight_by_the_distance(state):
    me, them = state.model("red-soldier-1"), state.model("blue-naib-1")
    p = toward_point(state, "red-soldier-1", "blue-naib-1", 5.0)
    assert math.hypot(p[0] - me.x, p[1] - me.y) == pytest.approx(5.0)
    before = math.hypot(them.x - me.x, them.y - me.y)
    assert math.hypot(them.x - p[0], them.y - p[1]) == pytest.approx(before - 5.0)


def test_point_forms_on_a_move_decision(state):
    d = Decision(side="red", kind="move", prompt="Where?", model="red-soldier-1", optional=True, point=PointSpec(lambda p: None, (), 10.0))
    assert parse_answer("30, 20", d, state) == (30.0, 20.0)
    assert parse_answer("toward stilgar 4", d, state) == pytest.approx(toward_point(state, "red-soldier-1", "blue-naib-1", 4.0))
    for bad in ("toward stilgar", "toward stilgar -2", "contact", "toward nobody 3"):
        with pytest.raises(InputProblem):
            parse_answer(bad, d, state)


def test_every_kind_of_decision_says_what_it_expects():
    assert "dice" in describe_expected(Decision(side="red", kind="dice", prompt="Roll", dice=2))
    assert "x,y" in describe_expected(Decision(side="red", kind="move", prompt="?", point=PointSpec(lambda p: None)))
    assert "1 to 3" in describe_expected(Decision(side="red", kind="x", prompt="?", choices=("a", "b", "c")))
    assert "value itself (1, 2, 3)" in describe_expected(Decision(side="red", kind="x", prompt="?", choices=(1, 2, 3)))


def test_numbers_are_values_where_the_choices_are_numbers_issue_38():
    lower = Decision(side="red", kind="lower_neutral", prompt="Keep?", choices=(10, 9, 8))
    assert parse_answer("8", lower) == 8
    assert parse_answer("c", lower) == 8
    with pytest.raises(InputProblem, match="not one of the values"):
        parse_answer("3", lower)
    menu = Decision(side="red", kind="spice", prompt="?", choices=("consume", "keep"))
    assert parse_answer("2", menu) == "keep" and parse_answer("co", menu) == "consume"


def test_menus_name_missions_by_their_card_and_mission_actions_in_words():
    state = build_state(load_drill("slave-hunt"), seed=0)
    capture = "mission:slave_hunt:capture:blue-soldier-1"
    assert choice_label(capture, state) == "capture Soldier 1 (blue-soldier-1) (Slave hunt)"
    assert choice_label("spice_theft", None) == "Spice theft"
    d = Decision(side="red", kind="action", prompt="?", choices=("melee:blue-soldier-1", "disengage", capture, "rest"))
    assert parse_answer("capture", d, state) == capture
    picks = Decision(side="red", kind="pick_missions", prompt="Pick", choices=("spice_theft", "activation"), ranked=(1, 2))
    assert parse_answer("Spice theft, 2", picks) == ["spice_theft", "activation"]


# --- French at the prompt (issue 40) ---------------------------------------------------------------------------


@pytest.mark.parametrize("typed, command", [("aide", "help"), ("Annuler", "undo"), ("statut", "status"), ("état", "status"),
                                            ("etat", "status"), ("indice", "hint"), ("quitter", "quit"), ("carte x.svg", "map"),
                                            ("journal 3", "log"), ("sauver partie.json", "save"), ("redemander", "ask")])
def test_french_commands_are_read_whatever_the_language(typed, command):
    for lang in ("en", "fr"):
        with use_language(lang):
            assert parse_command(typed)[0] == command
    assert parse_command("journal 3") == ("log", "3") and parse_command("sauver partie.json") == ("save", "partie.json")


@pytest.mark.parametrize("text, point", [("12,5 ; 30", (12.5, 30.0)), ("12,5 30,25", (12.5, 30.25)), ("(12,5 ; 30,0)", (12.5, 30.0)),
                                         ("12.5, 30", (12.5, 30.0)), ("3;4", (3.0, 4.0))])
def test_points_with_french_decimals(text, point):
    assert parse_point_text(text) == point


def test_a_point_refused_in_french_says_so_with_a_french_example():
    with use_language("fr"), pytest.raises(InputProblem) as err:
        parse_point_text("1,2,3")
    assert str(err.value) == "Un point, ce sont deux nombres finis en cm, comme 30 ; 12,5 ; reçu '1,2,3'."


def test_weapons_by_their_french_names_in_both_languages():
    d = Decision(side="red", kind="weapon", prompt="Which weapon?", choices=("knife", "halberd"))
    for lang in ("en", "fr"):
        with use_language(lang):
            assert parse_answer("hallebarde", d) == "halberd"
            assert parse_answer("couteau", d) == "knife"
            assert parse_answer("halberd", d) == "halberd"
    with use_language("fr"):
        assert choice_label("halberd", None) == "hallebarde"
    assert choice_label("halberd", None) == "halberd"


def test_actions_and_stances_typed_in_french(state):
    action = Decision(side="red", kind="action", prompt="What?", choices=("move", "shoot:maula_pistol", "rest"))
    stance = Decision(side="red", kind="stance", prompt="?", choices=("attack", "defend"))
    laser = Decision(side="red", kind="laser_mode", prompt="?", choices=("burn", "explosive"))
    for lang in ("en", "fr"):
        with use_language(lang):
            assert parse_answer("tir pistolet maula", action, state) == "shoot:maula_pistol"
            assert parse_answer("repos", action, state) == "rest"
            assert parse_answer("mouvement", action, state) == "move"
            assert parse_answer("défense", stance) == "defend" and parse_answer("defense", stance) == "defend"
            assert parse_answer("brulure", laser) == "burn" and parse_answer("explosif", laser) == "explosive"
            assert parse_answer("rest", action, state) == "rest"  # English stays read in French
    with use_language("fr"):
        # issue 40: the menu names the weapon as the story does (its sheet's name_fr), and reads it back as shown
        assert choice_label("shoot:maula_pistol", state) == "tir : Pistolet Maula"
        assert parse_answer("tir : Pistolet Maula", action, state) == "shoot:maula_pistol"
        assert choice_label("move", state) == "action de Mouvement"


def test_typing_garbage_is_refused_in_both_languages_and_not_read_in_the_other(state):
    # a line that names nothing in English is not read as a French label's fragment either
    d = activate(state)
    for text in ("a b", "er", "xyz"):
        with pytest.raises(InputProblem):
            parse_answer(text, d, state)


def test_french_skip_words_where_a_decision_may_be_skipped():
    optional = Decision(side="red", kind="move", prompt="Where?", optional=True, point=PointSpec(lambda p: None))
    for word in ("rien", "Aucun", "non", "rester"):
        assert parse_answer(word, optional) is None
    push = Decision(side="red", kind="push", prompt="?", choices=("push", "no"))
    assert parse_answer("non", push) == "no" and parse_answer("repousser", push) == "push"


def test_missions_by_their_rulebook_names_with_or_without_accents():
    picks = Decision(side="red", kind="pick_missions", prompt="Pick", choices=("spice_theft", "slave_hunt", "treachery"), ranked=(1, 3))
    for lang in ("en", "fr"):
        with use_language(lang):
            assert parse_answer("vol d'epice, Chasse aux Esclaves, traîtrise", picks) == ["spice_theft", "slave_hunt", "treachery"]
    with use_language("fr"):
        assert choice_label("slave_hunt", None) == "Chasse aux Esclaves"
        assert choice_label("mission:slave_hunt:capture:x", None) == "capturer x (Chasse aux Esclaves)"


def test_what_a_decision_expects_in_french():
    with use_language("fr"):
        assert describe_expected(Decision(side="red", kind="x", prompt="?", choices=("a", "b"), optional=True)) == \
            "Tapez un numéro de 1 à 2 ou le nom d'un choix ou rien."
        assert describe_expected(Decision(side="red", kind="dice", prompt="Roll", dice=2)).startswith("Tapez les 2 dés")
