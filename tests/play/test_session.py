"""Tests of landsraad.play.session: a person's answers driving a game (in-process, scripted)."""

import io
import itertools
import re

import pytest

from landsraad.content import data_dir
from landsraad.engine import SetupOptions, new_game, play
from landsraad.engine.record import load_record
from landsraad.errors import DecisionError
from landsraad.play.drills import drill_game, drill_over, load_drill
from landsraad.play.session import Session, advisor, resume
from landsraad.play.terminal import PlainTerminal
from landsraad.players import make_player
from landsraad.scene import load_scene
from landsraad.search import Level, SearchPlayer

DRILL = "slave-hunt"


class Scripted(PlainTerminal):
    """A plain terminal fed by a function of the prompt's menu title (None: end of input)."""

    def __init__(self, answer):
        super().__init__(io.StringIO(""), io.StringIO())
        self.answer = answer
        self.title = ""
        self.problems: list[str] = []

    def menu(self, title, rows, side):
        self.title = title
        super().menu(title, rows, side)

    def say(self, text, style=""):
        if style == "problem":
            self.problems.append(text)
        super().say(text, style)

    def read(self, prompt):
        line = self.answer(self.title, prompt)
        print(prompt + ("" if line is None else line), file=self.out)
        return line


def session(lines, *, drill=DRILL, seed=3, dice="digital", humans=None, save_path=None, terminal=None):
    d = load_drill(drill)
    humans = frozenset(humans or {d.human})
    game = drill_game(d, seed=seed, dice=dice)
    feed = iter(lines or ())
    term = terminal or Scripted(lambda title, prompt: next(feed, None))
    opponents = {s: make_player("heuristic", seed * 2 + (1 if s == "red" else 2)) for s in ("red", "blue") if s not in humans}
    players = {s: ("human" if s in humans else "heuristic") for s in ("red", "blue")}
    s = Session(game=game, terminal=term, humans=humans, opponents=opponents, seed=seed, save_path=save_path,
                players={**players, "drill": d.id}, stop=lambda g: drill_over(d, g), ask_computer_dice=dice == "physical")
    return s, s.run()


def log_of(s):
    return [e.to_dict() for e in s.game.log]


def test_defaults_play_the_drill_to_its_end():
    s, end = session(itertools.repeat(""))
    assert end.how == "over"
    assert drill_over(load_drill(DRILL), s.game)
    assert s.human_decisions and s.terminal.problems == []


def test_garbage_before_every_answer_changes_nothing_but_the_messages():
    plain, _ = session(itertools.repeat(""))
    junk = itertools.cycle(["xyzzy", "999", "nan", "-5,-5", "1e999,2", "contact nobody", "toward", "0", "[]", "7 7 7 7 7"])
    lines = itertools.chain.from_iterable((next(junk), "") for _ in itertools.count())
    noisy, end = session(lines)
    assert end.how == "over"
    assert log_of(noisy) == log_of(plain)
    assert len(noisy.terminal.problems) >= len(noisy.human_decisions)
    assert all(p.count(". ") <= 2 and "Traceback" not in p for p in noisy.terminal.problems)


def test_a_point_off_the_table_is_refused_with_the_geometry_reason():
    def answer(title, prompt):
        if "Which model" in title:
            return "1"  # a model typed: its questions are asked one by one (Enter would take the suggestion whole)
        if "Free move before" in title and not answer.tried:
            answer.tried = True
            return "-20,30"
        return ""
    answer.tried = False
    s, _ = session(None, terminal=Scripted(answer))
    assert any("table" in p for p in s.terminal.problems)


def test_undo_takes_back_your_answer_and_the_computers_since():
    s, _ = session(["", "", "", "", ""])
    answers_before = list(s.game.answers)
    assert s.marks, "the person answered"
    mark = s.marks[-1]
    s.terminal.answer = lambda title, prompt: None
    s.undo()
    assert s.game.answers == answers_before[:mark]
    replayed = drill_game(load_drill(DRILL), seed=3)
    for a in answers_before[:mark]:
        replayed.answer(a)
    assert s.game.snapshot()["core"] == replayed.snapshot()["core"]


def test_undo_every_few_answers_still_reaches_the_end():
    lines = itertools.cycle(["", "", "", "undo"])
    s, end = session(lines)
    assert end.how == "over"
    assert "Taken back" in s.terminal.out.getvalue()


def test_undo_with_nothing_to_take_back_says_so():
    s, _ = session(["undo"])
    assert s.terminal.problems == ["There is nothing of yours to take back yet."]


def test_end_of_input_saves_and_resuming_goes_on_as_if_uninterrupted(tmp_path):
    whole, _ = session(itertools.repeat(""))
    path = tmp_path / "drill.json"
    first, end = session(["", "", "", "", "", ""], save_path=str(path))
    assert end.how == "eof" and end.saved_to == str(path)
    record = load_record(path)
    assert record.players["drill"] == DRILL
    d = load_drill(DRILL)
    opponents = {"blue": make_player("heuristic", 3 * 2 + 2)}
    advisors = {"red": advisor(3, "red")}
    game = resume(record, {**opponents, **advisors})
    assert game.answers == first.game.answers
    rest = Session(game=game, terminal=Scripted(lambda t, p: ""), humans=frozenset({"red"}), opponents=opponents, seed=3,
                   advisors=advisors, stop=lambda g: drill_over(d, g))
    assert rest.run().how == "over"
    assert log_of(rest) == log_of(whole)


def test_resuming_keeps_the_persons_decisions_before_the_save_for_the_review_issue_38(tmp_path):
    path = tmp_path / "drill.json"
    first, _ = session(["", "", "", "", "", ""], save_path=str(path))
    record = load_record(path)
    kept = []
    game = resume(record, {"blue": make_player("heuristic", 8), "red": advisor(3, "red")}, decisions=kept, humans=frozenset({"red"}))
    assert game.answers == first.game.answers
    # every red engine decision but the dice, each with the game just before it: those the session kept and the ones its
    # folded questions answered with them (the spice with the action, a suggested activation's declaration)
    def norm(a):  # a point is a tuple as typed, a list once saved
        return list(a) if isinstance(a, tuple) else a

    resumed = [(len(b.answers), norm(a)) for b, a in kept]
    assert set(map(repr, [(len(b.answers), norm(a)) for b, a in first.human_decisions])) <= set(map(repr, resumed))
    assert all(b.decision.side == "red" and b.decision.kind != "dice" for b, _ in kept)


def test_hot_seat_with_physical_dice_uses_the_dice_typed():
    def answer(title, prompt):
        if "Type the dice you rolled" in title:
            count = int(title.split("Roll ")[1].split(" D10")[0])
            return " ".join(["4"] * count)
        return ""
    s, end = session(None, humans={"red", "blue"}, dice="physical", terminal=Scripted(answer))
    assert end.how == "over"
    rolls = [e for e in s.game.log if e.kind == "roll"]
    assert rolls and all(set(e.data["dice"]) == {4} for e in rolls)
    assert "(secret: only" in s.terminal.out.getvalue() or not any(e.secret for e in s.game.log if e.kind == "decision")


def test_an_empty_line_at_a_dice_prompt_lets_the_program_roll():
    s, end = session(itertools.repeat(""), dice="physical")
    assert end.how == "over"
    assert "The program rolls:" in s.terminal.out.getvalue()


@pytest.mark.parametrize("command, words", [("help", "Commands:"), ("?", "Commands:"), ("log", "activates"), ("save", "save FILE")])
def test_commands_answer_and_ask_again(command, words):
    s, _ = session(["", "", "", command])
    assert words in s.terminal.out.getvalue()


def test_map_draws_the_table(tmp_path):
    target = tmp_path / "table.svg"
    s, _ = session([f"map {target}"])
    assert target.read_text().startswith("<svg") or "<svg" in target.read_text()[:200]
    assert 'class="model-states"' in target.read_text() and "white dots = fatigue tokens" in target.read_text()  # issue 38
    assert f"The table is drawn in {target}" in s.terminal.out.getvalue()


def test_quit_leaves_and_saves_when_asked_to(tmp_path):
    path = tmp_path / "q.json"
    s, end = session(["", "quit"], save_path=str(path))
    assert end.how == "quit" and path.exists()


def test_same_seed_and_same_answers_print_the_same_game():
    a, _ = session(itertools.repeat(""))
    b, _ = session(itertools.repeat(""))
    assert a.terminal.out.getvalue() == b.terminal.out.getvalue()


def test_a_search_opponent_says_it_is_thinking_before_a_long_think():
    level = Level("picks", kinds=(), candidates=1, samples=1, depth=1, margin=0.0, pick_candidates=2, pick_samples=1)
    game = new_game("corrino", "fremen", seed=5)
    term = Scripted(lambda title, prompt: "")  # the human (red) takes every default
    s = Session(game=game, terminal=term, humans=frozenset({"red"}), opponents={"blue": SearchPlayer(2, level)}, seed=5,
                players={"red": "human", "blue": "search"}, stop=lambda g: g.state.phase == "play")
    s.run()
    said = term.out.getvalue()
    assert "The computer (blue) is thinking over its mission picks (about 2 games played out)..." in said
    assert [st.kind for st in s.opponents["blue"].stats] == ["pick_missions"]


# --- issue 38 ------------------------------------------------------------------------------------

def whole_game(lines, *, seed=1, humans=("red",)):
    """A whole game on the demo table with scripted lines for the human side(s)."""
    from landsraad.cli.play import _demo_table
    game = new_game("corrino", "fremen", seed=seed, dice="digital", setup=_demo_table())
    feed = iter(lines)
    term = Scripted(lambda title, prompt: next(feed, None))
    humans = frozenset(humans)
    opponents = {s: make_player("heuristic", seed * 2 + (1 if s == "red" else 2)) for s in ("red", "blue") if s not in humans}
    s = Session(game=game, terminal=term, humans=humans, opponents=opponents, seed=seed,
                players={s: ("human" if s in humans else "heuristic") for s in ("red", "blue")})
    return s, s.run()


def test_at_the_honour_bid_typing_2_bids_2_issue_38():
    s, _ = whole_game(["2"])
    assert s.game.answers[0] == 2
    assert "a. 0" in s.terminal.out.getvalue() and "c. 2" in s.terminal.out.getvalue()


def test_a_bid_by_its_letter_and_a_value_not_offered_is_refused_issue_38():
    s, _ = whole_game(["9", "b"])
    assert s.game.answers[0] == 1
    assert any("9 is not one of the values offered" in p for p in s.terminal.problems)


def test_a_whole_game_on_defaults_asks_at_most_3_questions_per_activation_issue_38(tmp_path):
    s, end = whole_game(itertools.repeat(""))
    assert end.how == "over"
    path = str(tmp_path / "g.json")
    s.save(path)
    record = load_record(path)
    activations = sum(1 for e in record.log if e["kind"] == "activate" and e["side"] == "red")
    assert int(record.players["questions"]) <= 3 * activations
    assert int(record.players["questions"]) < sum(1 for e in record.log if e["kind"] == "decision" and e["side"] == "red")


def test_spice_is_folded_into_the_action_and_the_timing_word_skips_the_free_move_issue_38():
    asked = []

    def answer(title, prompt):
        asked.append(title)
        if "Which model" in title:
            return "red-soldier-1"
        if "declare" in title and len(asked) < 40:
            return "rest +spice stay"
        return ""
    from landsraad.cli.play import _demo_table
    game = new_game("corrino", "fremen", seed=1, dice="digital", setup=_demo_table())
    term = Scripted(answer)
    s = Session(game=game, terminal=term, humans=frozenset({"red"}), opponents={"blue": make_player("heuristic", 4)}, seed=1,
                stop=lambda g: sum(1 for e in g.log if e.kind == "activate" and e.side == "red") >= 2)
    s.run()
    assert not any("consume a dose" in t and "declare" not in t for t in asked)  # never asked alone
    assert any(e.kind == "spice" and e.side == "red" for e in s.game.log)  # +spice consumed the dose
    assert not any("Free move" in t for t in asked)  # 'stay': no free move question
    assert any("+spice" in t for t in asked)


def _reach_play_then(lines_after):
    """Enter through the set-up to red's first activation, then ``lines_after``."""
    state = {"played": False}
    after = iter(lines_after)

    def answer(title, prompt):
        if "Which model do you activate" in title:
            state["played"] = True
        if state["played"]:
            return next(after, None)
        return ""
    from landsraad.cli.play import _demo_table
    game = new_game("corrino", "fremen", seed=1, dice="digital", setup=_demo_table())
    term = Scripted(answer)
    s = Session(game=game, terminal=term, humans=frozenset({"red"}), opponents={"blue": make_player("heuristic", 4)}, seed=1)
    s.run()
    return s, term.out.getvalue()


def test_status_shows_clock_provisional_vp_fatigue_and_sight_issue_38():
    s, out = _reach_play_then(["", "", "", "status"])
    shown = out[out.rindex("> status"):]
    assert "minutes left" in shown and "of 45 minutes" in shown
    assert "VP if the game ended now (provisional)" in shown and "Activation failure" in shown
    assert "fatigue" in shown and "Soldier 2 (red-soldier-3)" in shown
    assert "Enemy models in sight" in shown and "blue-" in shown
    tired = [m for m in s.game.state.models if m.side == "red" and m.fatigue]
    assert tired and any(f"{tired[0].x:.1f},{tired[0].y:.1f}" in line and f"fatigue {tired[0].fatigue};" in line
                         for line in shown.splitlines())


def test_undo_prints_a_recap_and_mission_prints_the_card_issue_38():
    s, out = _reach_play_then(["", "", "undo", "mission prot", "mission nosuch", "hint"])
    assert "Taken back" in out and "Before it:" in out
    recap_lines = out[out.index("Before it:"):].splitlines()[1:3]
    assert all(line.startswith("  ") for line in recap_lines)
    assert "Success: At the end of the game the ambassador is unhurt" in out
    assert "VP by rank 1 to 6: success +4" in out
    assert any("Unknown mission 'nosuch'" in p for p in s.terminal.problems)
    assert "Hint: " in out


def test_the_pick_menu_says_what_each_mission_asks_and_its_stakes_issue_38():
    s, _ = whole_game(["", "", "status"])
    out = s.terminal.out.getvalue()
    assert "Occupation      You hold both positions. VP by rank (success/failure): 1 +7/-4" in out
    assert "tie rolls [[" not in out


def test_the_stance_choice_shows_the_stance_matrix_and_narration_has_no_raw_lists_issue_38():
    s, _ = session(itertools.repeat(""), drill="slave-hunt", seed=3)
    out = s.terminal.out.getvalue()
    stance = out[out.index("attack or defend?"):]
    assert "Odds before the dice (the stance matrix):" in stance.splitlines()[0]
    assert "if they attack: you hit" in stance and "if they defend: you strike no blow" in stance
    assert "dice [" not in out and "none cover" not in out and "[[" not in out


def test_deployment_takes_x_alone_and_snaps_to_the_edge_issue_38():
    def answer(title, prompt):
        if "Where do you deploy Hasimir" in title:
            return "20"
        if "Where do you deploy Bashar" in title:
            return "30,2.5"  # 1 cm off touching: put touching
        if "Which model" in title:
            return None
        return ""
    from landsraad.cli.play import _demo_table
    game = new_game("corrino", "fremen", seed=1, dice="digital", setup=_demo_table())
    term = Scripted(answer)
    s = Session(game=game, terminal=term, humans=frozenset({"red"}), opponents={"blue": make_player("heuristic", 4)}, seed=1)
    s.run()
    hasimir, bashar = s.game.state.model("red-master-assassin-1"), s.game.state.model("red-soldier-1")
    assert (hasimir.x, hasimir.y) == pytest.approx((20.0, hasimir.base_mm / 20 + 0.01))
    assert (bashar.x, bashar.y) == pytest.approx((30.0, bashar.base_mm / 20 + 0.01))
    assert "Put touching the south edge at (30.00, 1.51)." in term.out.getvalue()


_BAD_WORDING = {
    "a raw Python list or mapping": re.compile(r"\[\[|\['|\[\(|\{'|\(\("),
    "'none cover'": re.compile(r"none cover"),
    "doubled punctuation": re.compile(r"(?<!\.)\.\.(?!\.)|\?\.|!\.|:\.|;\.|,,|\.,|\)\)\.|\.\)\."),
}


def _wording_problems(text):
    return [(what, line) for line in text.splitlines() for what, pattern in _BAD_WORDING.items() if pattern.search(line)]


def test_a_scripted_game_transcript_has_no_raw_lists_none_cover_or_doubled_punctuation_issue_38():
    # a drill with junk typed before every answer and every command once, then a whole game on defaults
    junk = ["xyzzy", "999", "nan", "-5,-5", "contact nobody", "toward", "toward x -3", "0", "7 7 7 7 7", "mission zzz", "z",
            "status", "hint", "help", "log 3", "mission", "mission prot", "ask"]
    feed = itertools.chain(*((j, "") for j in junk), itertools.repeat(""))
    s, _ = session(feed, drill="slave-hunt", seed=2)
    game = new_game("corrino", "fremen", seed=2, setup=SetupOptions(scene=load_scene(data_dir("scenes") / "demo.yaml")))
    whole = Session(game=game, terminal=Scripted(lambda t, p: ""), humans=frozenset({"red"}),
                    opponents={"blue": make_player("heuristic", 6)}, seed=2)
    assert whole.run().how == "over"
    text = s.terminal.out.getvalue() + whole.terminal.out.getvalue()
    assert _wording_problems(text) == []
    assert len(s.terminal.problems) >= 8


def test_refusals_are_one_sentence_without_the_prompt_issue_38():
    seen = []

    def answer(title, prompt):
        seen.append(title)
        return "xyzzy" if len(seen) % 2 else ""

    s, _ = session(None, terminal=Scripted(answer), drill="slave-hunt", seed=2)
    assert s.terminal.problems
    for problem in s.terminal.problems:
        assert problem.count(". ") <= 1 and problem.endswith((".", ")"))  # one sentence (two at most: the reason, then what to type)
        assert not any(t and t.split(" - ", 1)[-1][:40] in problem for t in seen)  # the prompt is on the screen already


def test_a_game_over_has_no_decision_to_answer():
    # found typing the session (issue 44): an answer given, typed or asked of the computer once the
    # game is over fell on None (an AttributeError); it is the engine's one-sentence DecisionError
    d = load_drill(DRILL)
    game = play(drill_game(d, seed=3), {s: make_player("random", i) for i, s in enumerate(("red", "blue"))})
    assert game.over
    s = Session(game=game, terminal=Scripted(lambda title, prompt: None), humans=frozenset({d.human}),
                opponents={"blue": make_player("heuristic", 1)}, seed=3)
    for act in (lambda: s.give(None), lambda: s.submit("1"), s.computer_turn, s.pending):
        with pytest.raises(DecisionError, match="The game is over; there is no decision to answer."):
            act()
    assert s.run().how == "over" and not s.asks_person()
