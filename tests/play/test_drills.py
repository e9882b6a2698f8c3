"""Tests of landsraad.play.drills: bundled scenarios, their end, their score and the advice."""

import io
from pathlib import Path

import pytest
import tomllib

from landsraad.content import DATA_KINDS, data_dir
from landsraad.errors import DataError
from landsraad.i18n import use_language
from landsraad.missions import load_missions
from landsraad.play.drills import Advice, build_state, drill_game, drill_names, drill_over, drill_score, load_drill, load_drills, worst_decision
from landsraad.play.session import DRILL_DECISIVE, Session
from landsraad.play.terminal import PlainTerminal
from landsraad.players import make_player


def test_at_least_six_drills_cover_different_missions_and_every_faction():
    drills = load_drills()
    assert len(drills) >= 6
    assert len({d.missions[d.human][0] for d in drills}) >= 6
    assert {d.red for d in drills} | {d.blue for d in drills} == {"atreides", "corrino", "fremen", "harkonnen"}
    assert {d.human for d in drills} == {"red", "blue"}
    assert data_dir("drills").is_dir() and drill_names() == sorted(d.id for d in drills)


@pytest.mark.parametrize("name", drill_names())
def test_a_drill_starts_in_play_with_its_missions_and_only_its_models(name):
    d = load_drill(name)
    state = build_state(d, seed=4)
    assert state.phase == "play" and state.to_act == d.to_act
    assert {m.id for m in state.models} == set(d.models)
    for side in ("red", "blue"):
        assert state.side_state(side).missions == tuple(d.missions[side])
    game = drill_game(d, seed=4)
    assert game.decision.kind == "activate" and game.decision.side == d.to_act


def test_an_unknown_drill_lists_the_bundled_ones():
    with pytest.raises(DataError) as err:
        load_drill("no-such-drill")
    assert "slave-hunt" in str(err.value)


def test_every_problem_of_a_drill_file_is_reported(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: x\nred: corrino\nblue: fremen\nhuman: red\nactivations: 3\ngoal: g\npar: 1\n"
                   "models: {red-soldier-1: [10, 10], red-nobody-1: [20, 20]}\n"
                   "missions: {red: [assassination, conquest], blue: [infiltration]}\n"
                   "markers: [{id: m1, owner: blue, mission: sabotage, at: [5, 5]}]\n")
    with pytest.raises(DataError) as err:
        load_drill(bad)
    text = str(err.value)
    assert "conquest" in text and "red-nobody-1" in text and "sabotage" in text


def test_overlapping_bases_and_bases_in_terrain_are_refused(tmp_path):
    base = "title: x\nred: corrino\nblue: fremen\nhuman: red\nactivations: 3\ngoal: g\npar: 1\nscene: demo\n" \
           "missions: {red: [assassination], blue: [infiltration]}\n"
    overlap = tmp_path / "overlap.yaml"
    overlap.write_text(base + "models: {red-soldier-1: [10, 10], red-soldier-2: [11, 10]}\n")
    with pytest.raises(DataError, match="overlap"):
        load_drill(overlap)
    rock = tmp_path / "rock.yaml"
    rock.write_text(base + "models: {red-soldier-1: [30, 30]}\n")
    with pytest.raises(DataError, match="spire"):
        load_drill(rock)


def _play_out(drill, seed):
    game = drill_game(drill, seed=seed)
    players = {"red": make_player("heuristic", 1), "blue": make_player("random", 2)}
    while not drill_over(drill, game):
        d = game.decision
        if d.kind == "dice":
            game.roll_pending()
        else:
            game.answer(players[d.side].decide(d, game.view(d.side)))
    return game


def test_a_drill_ends_after_its_activations_at_an_activation_boundary():
    drill = load_drill("slave-hunt")
    game = _play_out(drill, 2)
    assert game.over or (game.state.activation == drill.activations and game.decision.kind == "activate")


def test_the_score_is_the_human_sides_mission_sheet():
    drill = load_drill("slave-hunt")
    game = _play_out(drill, 2)
    result = drill_score(drill, game.state)
    cards = load_missions()
    card = cards["slave_hunt"]
    captured = any(m.captured for m in game.state.models if m.side == "blue")
    expected = card.values.success[0] if captured else card.values.failure[0]
    assert result.score == expected
    assert result.outcomes[0][1] == ("success" if captured else "failure")
    assert str(result.par) in result.verdict


def test_no_advice_when_every_answer_was_the_computers():
    drill = load_drill("slave-hunt")
    game = drill_game(drill, seed=1)
    decisions = []
    for _ in range(6):
        d = game.decision
        if d.kind == "dice":
            game.roll_pending()
            continue
        answer = make_player("heuristic", 7919 + len(game.answers)).decide(d, game.view(d.side))
        decisions.append((game.clone(), answer))
        game.answer(answer)
    assert worst_decision(drill, decisions) is None


def test_advice_names_a_decision_whose_alternative_gains(tmp_path):
    # The slave hunt cut to one activation: resting instead of capturing the helpless soldier
    # in contact leaves no time to make up for it.
    text = (data_dir("drills") / "slave-hunt.yaml").read_text().replace("activations: 6", "activations: 1")
    (tmp_path / "short.yaml").write_text(text)
    drill = load_drill(tmp_path / "short.yaml")
    game = drill_game(drill, seed=1)
    while not (game.decision.side == "red" and game.decision.kind == "action"):
        d = game.decision
        game.answer(make_player("heuristic", 5).decide(d, game.view(d.side)))
    assert "rest" in game.decision.choices
    advice = worst_decision(drill, [(game.clone(), "rest")], seeds=(1, 2))
    assert advice is not None and advice.yours == "rest"
    assert advice.your_score == load_missions()["slave_hunt"].values.failure[0]
    assert advice.computer_score == load_missions()["slave_hunt"].values.success[0]
    assert "would have answered" in advice.sentence()


def test_advice_sentence_reports_the_gain():
    a = Advice(activation=2, prompt="What does X do?", yours="rest", computer="capture", your_score=-4.0, computer_score=8.0, playouts=2)
    assert a.gain == 12.0
    assert "+12.0 VP" in a.sentence() and "activation 3" in a.sentence()


def test_drills_are_shipped_in_the_wheel_like_the_other_bundled_data():
    repo = Path(__file__).resolve().parents[2]
    shipped = tomllib.loads((repo / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert "drills" in DATA_KINDS and shipped["drills"] == "landsraad/_data/drills"


def test_a_hostile_drill_file_is_a_located_error(tmp_path):
    bomb = tmp_path / "bomb.yaml"
    lines = ["l0: &l0 [x, x, x, x, x, x, x, x, x, x]"] + [f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]" for i in range(1, 9)]
    bomb.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DataError, match="bomb.yaml") as caught:  # drills go through the hardened reader, not yaml.safe_load
        load_drill(bomb)
    assert "line" in str(caught.value)


def test_costliest_decisions_are_ranked_by_gain_issue_38():
    from landsraad.play.drills import costliest_decisions
    drill = load_drill("slave-hunt")
    game = drill_game(drill, seed=0)
    decisions = []
    while len(decisions) < 6 and not drill_over(drill, game):
        d = game.decision
        if d.kind == "dice":
            game.roll_pending()
            continue
        if d.side == drill.human:
            choices = d.choices or ()
            choice = next((c for c in ("rest", "pass") if c in choices), None)
            if choice is None:
                choice = choices[-1] if choices and d.ranked is None else make_player("heuristic", 5).decide(d, game.view(d.side))
            decisions.append((game.clone(), choice))
            game.answer(choice)
        else:
            game.answer(make_player("heuristic", 9).decide(d, game.view(d.side)))
    found = costliest_decisions(drill, decisions, seeds=(1,), count=3)
    assert 1 <= len(found) <= 3  # resting instead of playing the drill costs something
    assert [a.gain for a in found] == sorted((a.gain for a in found), reverse=True)
    assert all(a.gain > 0 and "the computer would have answered" in a.line() for a in found)


def test_ten_drills_over_the_missions_and_factions_issue_38():
    drills = load_drills()
    assert len(drills) >= 10
    missions = {m for d in drills for m in d.missions[d.human]}
    assert {"treachery", "activation", "spice_theft", "assassination", "occupation", "sabotage"} <= missions
    assert {"red", "blue"} == {d.human for d in drills}


def _enter_through(drill, *, decisive, seed=1, presses=300):
    """The drill played by a person who presses Enter ``presses`` times, then stops typing (the end of input)."""
    game = drill_game(drill, seed=seed)
    other = "blue" if drill.human == "red" else "red"
    s = Session(game=game, terminal=PlainTerminal(io.StringIO("\n" * presses), io.StringIO()), humans=frozenset({drill.human}),
                opponents={other: make_player("heuristic", seed * 2 + (1 if other == "red" else 2))}, seed=seed,
                stop=lambda g: drill_over(drill, g), decisive=DRILL_DECISIVE if decisive else frozenset())
    end = s.run()
    return end, s


def test_enter_alone_reaches_par_in_at_most_30_percent_of_the_drills_issue_38():
    # As `landsraad play --drill NAME` is played: the decisive questions (which model, the action, the stance, the
    # target, the die kept) have no default, so Enter alone never plays the computer's answer there.
    drills = load_drills()
    reached = 0
    for drill in drills:
        end, s = _enter_through(drill, decisive=True)
        over = drill_over(drill, s.game)
        assert end.how == "eof" and not over, drill.id  # stuck at a decision Enter does not answer
        assert "This decision is yours to make in the drill" in s.terminal.out.getvalue()
        reached += over and drill_score(drill, s.game.state).score >= drill.par
    assert reached <= 0.3 * len(drills)


def test_with_defaults_enter_plays_the_heuristic_to_the_drills_end():
    # --defaults gives every question its default: Enter then plays the heuristic's answers to the end of the drill
    drill = load_drill("slave-hunt")
    end, s = _enter_through(drill, decisive=False, presses=400)
    assert end.how == "over" and drill_over(drill, s.game)


def test_a_malformed_drill_is_located_and_reads_in_french(tmp_path):
    """A drill's schema problems carry their line, in the reader's language, as every content file's (issue 40)."""
    path = tmp_path / "bad.yaml"
    path.write_text("title: x\nred: corrino\nblue: fremen\nmodels: 3\nhuman: red\n")
    with pytest.raises(DataError) as exc:
        load_drill(str(path))
    assert "models (line 4, column 1): Input should be a valid dictionary. Got 3." in str(exc.value)
    with use_language("fr"):
        french = exc.value.localized()
    assert "models (ligne 4, colonne 1) : Des clés et leurs valeurs sont attendues (clé: valeur) ; reçu 3." in french
    assert "Cette clé est obligatoire mais absente." in french and "required" not in french
