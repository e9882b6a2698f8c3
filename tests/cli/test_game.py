"""CLI tests of demo, simulate and replay: the real command, as a user runs it (issue 5)."""

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests import warm


def run(*args, cwd=None):
    return warm.run(args, text=True, cwd=cwd, timeout=600)


def test_demo_plays_a_narrated_game_and_draws_the_final_position(tmp_path):
    svg = tmp_path / "final.svg"
    out = run("demo", "--seed", "3", "--players", "random", "--svg", str(svg), "--save", str(tmp_path / "game.json"))
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "activates" in text and "Game over after" in text
    assert "Result:" in text and "VP" in text
    ET.fromstring(svg.read_text())  # a well-formed SVG
    assert (tmp_path / "game.json").exists()


def test_simulate_json_is_byte_identical_for_the_same_seed(tmp_path):
    args = ("simulate", "--red", "corrino", "--blue", "fremen", "--games", "2", "--seed", "5", "--players", "random", "--json")
    a, b = run(*args), run(*args)
    assert a.returncode == 0, a.stderr
    assert a.stdout == b.stdout
    data = json.loads(a.stdout)
    assert data["games"] == 2 and data["seed"] == 5
    assert sum(data["wins"].values()) == 2
    assert set(data["vp"]) == {"red", "blue"} and set(data["vp"]["red"]) == {"mean", "stdev"}
    assert isinstance(data["missions"], dict)


def test_simulate_saves_games_that_replay_with_pictures(tmp_path):
    logs = tmp_path / "logs"
    out = run("simulate", "--red", "atreides", "--blue", "harkonnen", "--games", "1", "--seed", "2", "--players", "random", "--log", str(logs))
    assert out.returncode == 0, out.stderr
    saved = sorted(logs.glob("*.json"))
    assert len(saved) == 1
    pictures = tmp_path / "svg"
    rep = run("replay", str(saved[0]), "--svg-dir", str(pictures))
    assert rep.returncode == 0, rep.stderr
    assert "Game over after" in rep.stdout and "replays identically" in rep.stdout
    files = sorted(pictures.glob("*.svg"))
    assert len(files) >= 2
    ET.fromstring(files[-1].read_text())


@pytest.mark.parametrize("args, message", [
    (("simulate", "--red", "corrino", "--blue", "fremen", "--games", "0"), "--games"),
    (("simulate", "--red", "corrino", "--blue", "fremen", "--players", "clever"), "--players"),
    (("simulate", "--red", "corrino", "--blue", "fremen", "--red-player", "search:expert"), "search:easy, search:normal, search:hard"),
    (("simulate", "--red", "corrino", "--blue", "fremen", "--blue-player", "clever"), "--blue-player"),
    (("demo", "--players", "clever"), "random, heuristic, search"),
    (("simulate", "--red", "corrino", "--blue", "fremen", "--players", "heuristic:berserk"), "heuristic:aggressive"),
    (("simulate", "--red", "corino", "--blue", "fremen", "--games", "1"), "Did you mean 'corrino'"),
])
def test_bad_arguments_are_one_line_errors_without_traceback(args, message):
    out = run(*args)
    assert out.returncode in (1, 2)
    assert message in out.stderr and "Traceback" not in out.stderr


def test_replay_of_a_bad_file_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    out = run("replay", str(bad))
    assert out.returncode == 1 and "not a landsraad saved game" in out.stderr and "Traceback" not in out.stderr


def test_simulate_and_replay_a_home_made_faction(tmp_path):
    data = Path(__file__).resolve().parents[1] / "data" / "lists"
    logs = tmp_path / "logs"
    out = run("simulate", "--red", str(data / "valid" / "test_house-full.yaml"), "--blue", "fremen", "--games", "1", "--seed", "3",
              "--players", "random", "--faction-file", str(data / "factions" / "test_house.yaml"), "--log", str(logs))
    assert out.returncode == 0, out.stderr
    saved = sorted(logs.glob("*.json"))
    rep = run("replay", str(saved[0]))
    assert rep.returncode == 0 and "replays identically" in rep.stdout, rep.stderr
    again = run("simulate", "--red", str(data / "valid" / "test_house-full.yaml"), "--blue", "fremen", "--games", "1", "--seed", "3",
                "--players", "random", "--faction-file", str(data / "factions" / "test_house.yaml"), "--log", str(logs), "--json")
    assert again.returncode == 0 and "not played again" in again.stderr
    assert json.loads(again.stdout)["games"] == 1


def test_output_paths_are_checked_before_the_game_is_played(tmp_path):
    out = run("demo", "--players", "random", "--svg", str(tmp_path / "nodir" / "x.svg"))
    assert out.returncode != 0 and "does not exist" in out.stderr and "Traceback" not in out.stderr
    assert "activates" not in out.stdout  # nothing was played
    (tmp_path / "file").write_text("")
    out = run("simulate", "--red", "corrino", "--blue", "fremen", "--games", "1", "--log", str(tmp_path / "file"))
    assert out.returncode != 0 and "is a file" in out.stderr
    out = run("demo", "--seed", "-1")
    assert out.returncode == 2 and "seed" in out.stderr and "Traceback" not in out.stderr


def test_simulate_takes_a_player_kind_for_each_side(tmp_path):
    logs = tmp_path / "logs"
    out = run("simulate", "--red", "corrino", "--blue", "fremen", "--games", "1", "--seed", "4", "--players", "heuristic",
              "--red-player", "random", "--log", str(logs), "--json")
    assert out.returncode == 0, out.stderr
    record = json.loads(next(logs.glob("*.json")).read_text())
    assert record["players"] == {"red": "random", "blue": "heuristic"}  # --red-player overrides --players for red only
    shorthand = run("simulate", "--red", "corrino", "--blue", "fremen", "--games", "1", "--seed", "4", "--players", "random,heuristic",
                    "--json")
    assert shorthand.returncode == 0 and json.loads(shorthand.stdout) == json.loads(out.stdout)


@pytest.mark.slow
def test_simulate_plays_a_search_player(tmp_path):
    out = run("simulate", "--red", "corrino", "--blue", "fremen", "--games", "1", "--seed", "31", "--red-player", "search:easy",
              "--blue-player", "heuristic", "--json", "--log", str(tmp_path / "logs"))
    assert out.returncode == 0, out.stderr
    assert sum(json.loads(out.stdout)["wins"].values()) == 1
    record = json.loads(next((tmp_path / "logs").glob("*.json")).read_text())
    assert record["players"] == {"red": "search:easy", "blue": "heuristic"}


@pytest.mark.parametrize("edit", ["winner", "vp", "mission-line"])
def test_simulate_plays_again_a_saved_game_edited_and_resealed(tmp_path, edit):
    # issue 42: a re-sealed edit (winner, VP, a mission line) changed the summary although replay rejects the file
    from landsraad.engine.record import GameRecord

    logs = tmp_path / "logs"
    args = ("simulate", "--red", "corrino", "--blue", "fremen", "--games", "2", "--seed", "8", "--players", "random", "--json",
            "--log", str(logs))
    first = run(*args)
    assert first.returncode == 0, first.stderr
    path = sorted(logs.glob("*.json"))[0]
    data = json.loads(path.read_text())
    result = data["result"]
    if edit == "winner":
        result["winner"] = {"red": "blue", "blue": "red", "draw": "red"}[result["winner"]]
    elif edit == "vp":
        result["vp"]["blue"] += 9
    else:
        line = result["sheets"]["blue"]["lines"][0]
        line["succeeded"] = not line["succeeded"]
    data["sha256"] = GameRecord.model_validate(data).content_hash()
    path.write_text(json.dumps(data))
    again = run(*args)
    assert again.returncode == 0, again.stderr
    assert again.stdout == first.stdout  # the statistics are those of the real games
    assert "1 game(s) already in" in again.stderr  # the other, unedited game was reused after its replay
