"""Tests of landsraad.engine.record: a saved game replays to the identical log."""

import pytest

from landsraad.engine.game import new_game, play
from landsraad.engine.record import GameRecord, load_record, record_game, replay_record, replay_states, save_record
from landsraad.errors import DataError
from landsraad.players import RandomPlayer


def test_record_round_trips_and_detects_tampering():
    game = play(new_game("corrino", "fremen", seed=4), {"red": RandomPlayer(1), "blue": RandomPlayer(2)})
    record = GameRecord.model_validate_json(record_game(game).model_dump_json())
    assert [e.to_dict() for e in replay_record(record).log] == [e.to_dict() for e in game.log]
    tampered = record.model_copy(update={"seed": record.seed + 1})
    with pytest.raises(Exception):
        replay_record(tampered)


def test_replay_states_yield_one_state_per_activation(tmp_path):
    game = play(new_game("fremen", "atreides", seed=8), {"red": RandomPlayer(3), "blue": RandomPlayer(4)})
    path = tmp_path / "g.json"
    save_record(record_game(game), path)
    states = list(replay_states(load_record(path)))
    activations = sum(1 for e in game.log if e.kind == "end_activation")
    assert len(states) == activations + 2  # + the first player's designation and the game's end
    assert states[-1][1].phase == "over"


def test_load_record_rejects_other_files(tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text('{"seed": "x"}')
    with pytest.raises(DataError, match="not a landsraad saved game"):
        load_record(bad)
    with pytest.raises(DataError, match="cannot be read"):
        load_record(tmp_path / "missing.json")
