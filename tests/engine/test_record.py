"""Tests of landsraad.engine.record: a saved game replays to the identical log and result,
resumes, and reports every kind of damage or edit with where it is (issues 8 and 15)."""

import json
import os
from pathlib import Path

import pytest

from landsraad.ai import HeuristicPlayer
from landsraad.engine import new_game, play
from landsraad.engine.record import GameRecord, load_record, record_game, replay_record, replay_states, resume_record, save_record
from landsraad.errors import DataError
from landsraad.i18n import use_language
from landsraad.players import RandomPlayer


@pytest.fixture(scope="module")
def finished():
    return play(new_game("corrino", "fremen", seed=4), {"red": RandomPlayer(1), "blue": RandomPlayer(2)})


def _saved(tmp_path, game, name="g.json"):
    path = tmp_path / name
    save_record(record_game(game), path)
    return path


def test_record_round_trips(finished, tmp_path):
    record = load_record(_saved(tmp_path, finished))
    replayed = replay_record(record)
    assert [e.to_dict() for e in replayed.log] == [e.to_dict() for e in finished.log]
    assert replayed.result == finished.result


def test_an_edited_file_fails_its_hash(finished, tmp_path):
    path = _saved(tmp_path, finished)
    data = json.loads(path.read_text())
    data["result"]["vp"]["red"] += 1
    path.write_text(json.dumps(data))
    with pytest.raises(DataError, match="edited after it was saved"):
        load_record(path)


def test_an_edited_result_with_a_fresh_hash_still_fails_the_replay(finished):
    record = record_game(finished)
    result = dict(record.result, winner="red" if record.result["winner"] != "red" else "blue")
    forged = record.model_copy(update={"result": result})
    forged = forged.model_copy(update={"sha256": forged.content_hash()})
    with pytest.raises(DataError, match="result"):
        replay_record(forged)


def test_extra_answers_are_reported_where_they_start(finished):
    record = record_game(finished)
    padded = record.model_copy(update={"answers": [*record.answers, "rest"]})
    with pytest.raises(DataError, match=rf"answers\[{len(record.answers)}\].*too many"):
        replay_record(padded)


def test_an_answer_that_does_not_fit_is_located(finished):
    record = record_game(finished)
    answers = list(record.answers)
    answers[0] = 999  # an impossible bid
    with pytest.raises(DataError, match=r"answers\[0\].*\(red\)"):
        replay_record(record.model_copy(update={"answers": answers}))


def test_an_interrupted_game_resumes_and_finishes_as_the_original(tmp_path):
    players = {"red": RandomPlayer(5), "blue": RandomPlayer(6)}
    whole = play(new_game("atreides", "harkonnen", seed=9), players)
    part = new_game("atreides", "harkonnen", seed=9)
    for answer in whole.answers[:40]:
        part.answer(answer)
    resumed = resume_record(load_record(_saved(tmp_path, part)))
    assert not resumed.over and resumed.answers == whole.answers[:40]
    for answer in whole.answers[40:]:
        resumed.answer(answer)
    assert [e.to_dict() for e in resumed.log] == [e.to_dict() for e in whole.log]


def test_replay_states_yield_one_state_per_activation(tmp_path):
    game = play(new_game("fremen", "atreides", seed=8), {"red": RandomPlayer(3), "blue": RandomPlayer(4)})
    states = list(replay_states(load_record(_saved(tmp_path, game))))
    activations = sum(1 for e in game.log if e.kind == "end_activation")
    assert len(states) == activations + 2  # + the first player's designation and the game's end
    assert states[-1][1].phase == "over"


@pytest.mark.parametrize("content, message", [
    (b'{"seed": "x"}', "not a landsraad saved game of format 'landsraad-game/2'"),
    (b'{"format": "landsraad-game/2", "opening": {}, "answers": [], "log": 3}', r"log.*wrong value"),
    (b'{"format": "landsraad-game/2", "answ', r"line 1, column \d+.*truncated"),
    (b'\xff\xfe{}', "not UTF-8"),
    (b'[1, 2]', "JSON object"),
    (b'[' * 100_000, "nested too deeply|not valid JSON"),
])
def test_load_record_rejects_damaged_files(tmp_path, content, message):
    bad = tmp_path / "x.json"
    bad.write_bytes(content)
    with pytest.raises(DataError, match=message):
        load_record(bad)


def test_load_record_names_a_missing_file(tmp_path):
    with pytest.raises(DataError, match="No such file"):
        load_record(tmp_path / "missing.json")


def test_a_saved_scene_is_checked_again_on_loading(tmp_path):
    # Issue 15: a record's scene skipped the scene checks (a NaN corner crashed in the geometry).
    from landsraad.engine import SetupOptions
    from landsraad.scene import load_scene

    game = new_game("corrino", "fremen", seed=1, setup=SetupOptions(scene=load_scene("scenes/demo.yaml")))
    for _ in range(5):
        d = game.decision
        game.answer(RandomPlayer(1).decide(d, game.view(d.side)))
    data = record_game(game).model_dump(mode="json")
    data["opening"]["setup"]["scene"]["terrain"][0]["polygon"][0] = [float("nan"), 5.0]
    forged = GameRecord.model_validate(data)
    path = tmp_path / "g.json"
    save_record(forged.model_copy(update={"sha256": forged.content_hash()}), path)
    with pytest.raises(DataError, match=r"g\.json: opening: scene: terrain\[0\]\.polygon"):
        replay_record(load_record(path), source=str(path))


@pytest.mark.skipif(not __import__("os").path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_is_refused_at_once():
    # /dev/zero has no size to check first: a device is refused before any read (it used to read forever, then 64 MiB)
    with pytest.raises(DataError, match="device, not a regular file"):
        load_record("/dev/zero")


def test_a_named_pipe_with_no_writer_is_refused_at_once(tmp_path):
    # issue 42: `mkfifo p; landsraad replay p` waited for ever for a writer
    pipe = tmp_path / "p"
    os.mkfifo(pipe)
    with pytest.raises(DataError, match="named pipe"):
        load_record(pipe)


def test_a_record_larger_than_the_bound_is_refused(tmp_path):
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(64 * 2**20 + 10)  # sparse: no disk used
    with pytest.raises(DataError, match="larger than 64 MiB"):
        load_record(big)


def _sealed(path, data):
    """Write an edited record with a matching hash (anyone can), so the edit reaches the replay."""
    data["sha256"] = GameRecord.model_validate(data).content_hash()
    path.write_text(json.dumps(data))
    return path


def test_a_number_past_pythons_digit_limit_is_a_data_error(finished, tmp_path):
    path = _saved(tmp_path, finished)
    path.write_text(path.read_text().replace('"seed": 4', '"seed": ' + "9" * 5000, 1))
    with pytest.raises(DataError, match="cannot read"):  # was a ValueError from json.loads
        load_record(path)


def test_deep_nesting_that_json_reads_is_refused_before_the_hash(finished, tmp_path):
    data = json.loads(_saved(tmp_path, finished).read_text())
    deep = []
    for _ in range(300):
        deep = [deep]
    data["answers"][3] = deep
    path = tmp_path / "deep.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DataError, match="nested more than 100 levels"):  # was pydantic's "Maximum serialization depth"
        load_record(path)


def test_an_unknown_stage_in_the_opening_names_the_file(finished, tmp_path):
    data = json.loads(_saved(tmp_path, finished).read_text())
    data["opening"]["core"]["stack"] = [["no-such-stage", {}]]
    path = _sealed(tmp_path / "stage.json", data)
    record = load_record(path)
    for attempt in (lambda: replay_record(record, source=str(path)), lambda: list(replay_states(record, source=str(path)))):
        with pytest.raises(DataError) as caught:
            attempt()
        assert str(path) in str(caught.value) and "opening" in str(caught.value)


def test_a_lone_surrogate_escape_is_refused_on_loading_not_when_saved_again(finished, tmp_path):
    data = json.loads(_saved(tmp_path, finished).read_text())
    data["players"] = {"red": "\ud800"}
    path = _sealed(tmp_path / "surrogate.json", data)  # json.dumps writes it as the escape "\ud800"
    with pytest.raises(DataError, match="lone surrogate"):  # play --resume --save used to fail in the save
        load_record(path)


def test_a_game_saved_before_issue_37_replays_its_set_up_in_its_own_order_r_setup_bid():
    """A saved game of the same format made before issue 37 (main at dc398b0: harkonnen v atreides, seed 3,
    two heuristics, saved at the first activation) opened at the stage ``setup`` and bid for terrain,
    missions and deployment before any terrain was placed. Its opening names that stage, so it replays
    as it was played, answer for answer, and resumes; a new game bids for each step when it comes."""
    record = load_record(Path(__file__).parent.parent / "data" / "records" / "setup-before-issue-37.json")
    assert record.opening["core"]["stack"][-1] == ["setup", {}]
    game = resume_record(record)
    kinds = [e.kind if e.kind != "bid" else f"bid:{e.data['step']}" for e in game.log]
    assert kinds.index("bid:deployment") < kinds.index("terrain")  # the old order: three bids, then the steps
    assert game.state.ruleset.protection_wounded == "success"  # its ruleset as it was saved (PRJ-75 then)
    assert game.decision.kind == "activate"
    player = HeuristicPlayer(1)
    for _ in range(5):  # it plays on
        d = game.decision
        game.answer(player.decide(d, game.view(d.side)))
    stages = [f.stage.name for f in new_game("harkonnen", "atreides", seed=3).stack]
    assert "setup.won" in stages and "setup.bid_won" not in stages


# --- issue 42: the header agrees with the opening -----------------------------------------------


@pytest.mark.parametrize("field, value, message", [
    ("red", "atreides", "header says red is 'atreides'"),
    ("blue", "corrino", "header says blue is 'corrino'"),
    ("seed", 5, "seed 5 is not the opening's"),
    ("seed", None, "seed None is not the opening's"),
    ("players", {"red": "random", "green": "random"}, "players name only red, blue, drill, questions"),
    ("players", {"red": "random", "questions": "12x"}, "count of questions .12x. is not a whole number"),
    ("players", {"red": "\x1b[2J" + "x" * 100}, "not a player's name"),
])
def test_a_resealed_header_that_disagrees_with_the_opening_is_refused(finished, tmp_path, field, value, message):
    # issue 42: re-sealed with "red": "atreides" on another faction's game, `replay` accepted it
    data = json.loads(_saved(tmp_path, finished).read_text())
    data[field] = value
    record = load_record(_sealed(tmp_path / "edited.json", data))  # the hash holds: the damage reaches the replay
    with pytest.raises(DataError, match=message) as exc:
        replay_record(record, source="edited.json")
    assert str(exc.value).startswith(f"edited.json: {field}")
    assert "\x1b" not in str(exc.value)
    with pytest.raises(DataError, match=message):
        list(replay_states(record, source="edited.json"))


def test_an_unedited_header_replays(finished, tmp_path):
    record = load_record(_saved(tmp_path, finished))
    assert (record.red, record.blue, record.seed) == (finished.state.side_state("red").faction,
                                                      finished.state.side_state("blue").faction, finished.state.seed)
    replay_record(record)


# --- issue 40: a saved game's refusals read in the reader's language -----------------------------


def test_a_damaged_saved_game_is_refused_in_french_and_in_the_same_english(finished, tmp_path):
    path = _saved(tmp_path, finished)
    data = json.loads(path.read_text())
    data["result"]["vp"]["red"] += 1
    path.write_text(json.dumps(data))
    with pytest.raises(DataError) as exc:
        load_record(path)
    assert str(exc.value).endswith("sha256: The saved game was edited after it was saved: its content does not match its hash.")
    with use_language("fr"):
        assert exc.value.localized().endswith("sha256 : La partie enregistrée a été modifiée après son enregistrement : son "
                                              "contenu ne correspond pas à son empreinte.")
    path.write_text('{"format": 3}')
    with pytest.raises(DataError) as exc:
        load_record(path)
    with use_language("fr"):
        assert "Ce n'est pas une partie enregistrée de landsraad au format 'landsraad-game/2' (son format est '3')" in exc.value.localized()
    path.write_text('{"format": ')
    with pytest.raises(DataError) as exc:
        load_record(path)
    assert ": line 1, column 12: The saved game is not valid JSON (Expecting value); it may be truncated." in str(exc.value)
    with use_language("fr"):
        assert " : ligne 1, colonne 12 : La partie enregistrée n'est pas du JSON valide (Expecting value) ; elle est peut-être " \
               "tronquée." in exc.value.localized()


def test_a_resealed_header_is_refused_in_french(finished, tmp_path):
    data = json.loads(_saved(tmp_path, finished).read_text())
    data["red"] = "atreides"
    record = load_record(_sealed(tmp_path / "edited.json", data))
    with pytest.raises(DataError) as exc:
        replay_record(record, source="edited.json")
    with use_language("fr"):
        assert exc.value.localized() == ("edited.json : red : L'en-tête dit que red est 'atreides' mais l'ouverture de la partie a "
                                         "'corrino' ; l'enregistrement a été modifié.")
