"""The README's three promises as a user meets them (issue 42): values echoed are cut to 80
characters and never reach the terminal raw, bad input never gives a traceback, and path and
name arguments are checked at once (a name too long, a named pipe, a device, a folder).

Every test runs the real command (``python -m landsraad``) in a subprocess.
"""

import json
import os
import re

import pytest

from landsraad.engine import new_game, play
from landsraad.engine.record import GameRecord, record_game, save_record
from landsraad.players import RandomPlayer
from tests import warm

LONG = "x" * 5000


def run(*args, cwd=None, stdin=""):
    return warm.run(args, text=True, cwd=cwd, timeout=300, input=stdin)


def one_sentence(out, status=(1, 2)):
    """The command failed as promised: the status, no traceback, a short message on stderr."""
    assert out.returncode in status, (out.returncode, out.stdout[-500:], out.stderr[-500:])
    assert "Traceback" not in out.stderr and "Traceback" not in out.stdout
    assert re.match(r"landsraad( [a-z-]+)*: error:", out.stderr) or out.stdout.strip(), out.stderr  # argparse names the command
    return out.stderr + out.stdout


def longest_run_of(text, char="x"):
    return max((len(m) for m in re.findall(f"{re.escape(char)}+", text)), default=0)


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "p"
    os.mkfifo(path)
    return path


# --- names and paths too long for the file system -------------------------------------------------


@pytest.mark.parametrize("args", [
    ("reach", LONG, "a"),
    ("measure", LONG, "a", "b"),
    ("check-scene", LONG),
    ("replay", LONG),
    ("play", "--resume", LONG),
    ("house", "price", LONG),
    ("demo", "--faction-file", LONG),
    ("demo", "--blue", LONG),
    ("demo", "--red", "y" * 300),
    ("simulate", "--red", "corrino", "--blue", LONG, "--games", "1"),
    ("play", "--blue", LONG),
    ("play", "--drill", LONG),
    ("balance", "--houses", LONG, "--games", "1"),
])
def test_a_name_too_long_for_the_file_system_is_one_sentence(args, tmp_path):
    # `landsraad reach $(python3 -c 'print("x"*5000)') a` was an OSError traceback (File name too long)
    text = one_sentence(run(*args, cwd=tmp_path))
    assert longest_run_of(text) <= 200  # a path is shown with at most 200 characters, a value 80


@pytest.mark.parametrize("command", ["validate", "roster"])
def test_a_list_name_too_long_for_the_file_system_is_one_sentence(command, tmp_path):
    one_sentence(run(command, LONG, cwd=tmp_path))


def test_a_warband_name_over_255_bytes_names_the_argument(tmp_path):
    # `demo --blue xxx...` was an OSError traceback from engine/setup.py
    out = run("demo", "--blue", "b" * 300, cwd=tmp_path)
    text = one_sentence(out, status=(2,))
    assert "--blue" in text and "300 bytes long" in text and longest_run_of(text, "b") <= 80


# --- named pipes and devices are refused at once --------------------------------------------------


@pytest.mark.parametrize("args", [
    ("validate", "{p}"),
    ("roster", "{p}"),
    ("replay", "{p}"),
    ("play", "--resume", "{p}"),
    ("house", "price", "{p}"),
    ("demo", "--faction-file", "{p}"),
    ("demo", "--mission-file", "{p}"),
    ("check-scene", "{p}"),
    ("reach", "{p}", "a"),
    ("balance", "--houses", "{p}", "--games", "1"),
])
def test_a_named_pipe_with_no_writer_is_refused_at_once(fifo, args, tmp_path):
    # each of these hung for ever waiting for a writer; `demo --faction-file p` said "no such file"
    out = run(*[a.format(p=fifo) for a in args], cwd=tmp_path)  # the 300 s timeout is only a safety net
    text = one_sentence(out)
    assert "named pipe" in text and "no such file" not in text.lower(), text


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
@pytest.mark.parametrize("args", [("validate", "/dev/zero"), ("replay", "/dev/zero"), ("house", "price", "/dev/zero"),
                                  ("check-scene", "/dev/zero"), ("demo", "--faction-file", "/dev/zero")])
def test_a_device_is_refused_at_once(args, tmp_path):
    text = one_sentence(run(*args, cwd=tmp_path))
    assert "device, not a regular file" in text


def test_a_folder_is_named_as_a_folder(tmp_path):
    for args in (("replay", str(tmp_path)), ("house", "price", str(tmp_path)), ("reach", str(tmp_path), "a"),
                 ("demo", "--faction-file", str(tmp_path))):
        assert "folder" in one_sentence(run(*args, cwd=tmp_path))


# --- echoed values: cut to 80 characters, control characters and bidi controls escaped ----------------


def test_a_hostile_scene_value_is_cut_and_escaped(tmp_path):
    scene = tmp_path / "s.yaml"
    name = "\x1b[2J\u202e" + "z" * 5000
    scene.write_text(json.dumps({"models": [{"id": "a", "at": [10, 10], "base": 30}]}), encoding="utf-8")
    out = run("reach", str(scene), name, cwd=tmp_path)
    text = one_sentence(out)
    assert "\x1b" not in text and "\u202e" not in text
    assert "\\x1b" in text and "\\u202e" in text
    assert longest_run_of(text, "z") <= 80


@pytest.mark.parametrize("args", [
    ("measure", "reference", "\x1b]0;pwned\x07" + "9" * 200, "red-1"),
    ("odds", "shoot", "--attacker", "combat=+1", "--target", "reflexes=+1", "--distance", "\x1b]0;pwned\x07" + "9" * 200),
    ("balance", "--factions", "\u202e" + "q" * 500),
    ("play", "--opponent", "\x1b[31m" + "o" * 500),
])
def test_hostile_arguments_are_cut_and_escaped(args, tmp_path):
    text = one_sentence(run(*args, cwd=tmp_path))
    assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text
    assert max(longest_run_of(text, c) for c in "9qo") <= 80


def test_an_invalid_choice_is_cut_and_escaped(tmp_path):
    text = one_sentence(run("odds", "\x1b]0;pwned\x07" + "9" * 200, cwd=tmp_path))
    assert "\x1b" not in text and longest_run_of(text, "9") <= 80


# --- saved games ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def finished_record(tmp_path_factory):
    game = play(new_game("corrino", "fremen", seed=4), {"red": RandomPlayer(1), "blue": RandomPlayer(2)})
    path = tmp_path_factory.mktemp("rec") / "game.json"
    save_record(record_game(game, players={"red": "random", "blue": "random"}), path)
    return path


def _resealed(src, dst, **changes):
    data = json.loads(src.read_text())
    data.update(changes)
    data["sha256"] = GameRecord.model_validate(data).content_hash()
    dst.write_text(json.dumps(data))
    return dst


def test_replay_refuses_a_resealed_header_naming_another_faction(finished_record, tmp_path):
    # issue 42: re-sealed with "red": "atreides" on a Corrino game, `replay` accepted it
    edited = _resealed(finished_record, tmp_path / "edited.json", red="atreides")
    text = one_sentence(run("replay", str(edited), cwd=tmp_path), status=(1,))
    assert "header says red is 'atreides'" in text and "edited.json" in text


def test_resuming_a_finished_game_says_so_at_once(finished_record, tmp_path):
    # issue 42: players re-sealed as search:hard, `play --resume` of the finished game ran past 300 s;
    # an unedited finished game took 50 s. The answer needs no replay now.
    edited = _resealed(finished_record, tmp_path / "hard.json", players={"red": "search:hard", "blue": "search:hard"})
    for path in (finished_record, edited):
        out = run("play", "--resume", str(path), cwd=tmp_path)
        text = one_sentence(out, status=(1,))
        assert "This game is over" in text and "landsraad replay" in text, text


def test_a_house_name_too_long_for_its_files_is_one_sentence(tmp_path):
    # found by the gameargs fuzz family (seed 400096): an OSError traceback from the aliases lookup
    text = one_sentence(run("house", "new", "y" * 300, cwd=tmp_path), status=(2,))
    assert "too long for a house" in text and longest_run_of(text, "y") <= 80


def test_an_output_path_holding_a_nul_is_one_sentence(tmp_path, capsys, monkeypatch):
    # found by the gameargs fuzz family (seed 400233): a ValueError traceback from tempfile. In process: no
    # operating system passes a NUL in a command line, but a caller of main() can
    import io

    from landsraad.cli import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--seed", "1", "--save", "a\x00b"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("landsraad: error: --save:") and "NUL character" in err


# --- a list's own text on the terminal (issue 42, third pass) -------------------------------------


def test_a_million_character_faction_is_echoed_cut_once_per_line(tmp_path):
    # validate's headline said faction 'aaa...' whole: 1 MB of output for a 1 MB name
    (tmp_path / "big.yaml").write_text("faction: " + "a" * 1_000_000 + "\n", encoding="utf-8")
    out = run("validate", "big.yaml", cwd=tmp_path)
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert len(out.stdout) + len(out.stderr) < 2_000
    assert longest_run_of(out.stdout, "a") <= 80


@pytest.mark.parametrize("command", [("validate",), ("roster",)])
def test_a_legal_lists_player_with_control_characters_is_escaped(command, tmp_path):
    # a legal list's player and name reached the terminal raw (ESC [2J clears it; U+202E reverses text)
    (tmp_path / "ctl.yaml").write_text('player: "\\e[2J\\u202e' + "p" * 3000 + '"\nname: "\\e]0;pwn\\a"\nfaction: fremen\n'
                                       "models: [{type: warrior}]\n", encoding="utf-8")
    out = run(*command, "ctl.yaml", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "\x1b" not in out.stdout + out.stderr and "\u202e" not in out.stdout and "\x07" not in out.stdout
    assert "\\x1b[2J" in out.stdout
    if command == ("validate",):
        assert longest_run_of(out.stdout, "p") <= 80


def test_a_long_wrong_typed_value_in_an_event_file_is_echoed_cut(tmp_path):
    # every schema error echoed its value whole ("Got 'xxx...'", up to the 1,000 characters of a line)
    assert run("event", "new", "ev", "--name", "T", "--rounds", "3", cwd=tmp_path).returncode == 0
    state = json.loads((tmp_path / "ev" / "event.json").read_text(encoding="utf-8"))
    state["rounds"] = "x" * 500
    (tmp_path / "ev" / "event.json").write_text(json.dumps(state), encoding="utf-8")
    text = one_sentence(run("event", "standings", "ev", cwd=tmp_path), status=(1,))
    assert "event.json" in text and "rounds" in text
    assert longest_run_of(text) <= 80 and "(420 more characters)" in text
