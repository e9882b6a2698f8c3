"""Every writer of the program, failed part-way by the file-system double (issue 15, "Faults").

Each test runs the real user-facing command (``landsraad.cli.main`` in this process, or the
function the viewer calls) over an existing good file, with :class:`tests.faults.double.FaultyFileSystem`
failing that file's write: a full disk after 100 bytes, a failing fsync, a failing rename, or
no room for the temporary file. Each checks (``assert_failed_cleanly``): the fault fired on
that file; the command exits 1 with one sentence on standard error naming the path, no
traceback; the previous file is byte for byte what it was; no temporary file is left beside it.

The writers, by command (every one goes through ``landsraad.fileio.atomic_write_text/bytes``):

=============================  ==============================================================
``demo --svg`` / ``--save``    ``cli/game.py`` ``_final_svg``, ``engine/record.py`` ``save_record``
``simulate --log DIR``         ``save_record`` per game
``replay --svg-dir DIR``       ``cli/game.py`` ``_replay``: one SVG per activation
``play --save`` / ``map``      ``play/session.py`` ``Session.save`` (also the viewer's play mode), ``Session._map``
``roster --output``            ``cli/warband.py`` ``cmd_roster``
``--svg`` of ``measure``,      ``cli/geometry.py`` ``_finish``
``move``, ``reach``,
``template``, ``check-scene``,
``shoot``
``event new/pair/result/drop`` ``tournament/event.py`` ``save_event``
``event standings --csv/html`` ``cli/event.py`` ``cmd_standings``
``balance --out DIR``          ``balance/runner.py`` (games), ``balance/report.py`` ``write_outputs``
``house new``                  ``cli/house.py`` ``cmd_new`` (house file, starter list)
``view`` Ctrl+S, screenshot    ``viewer/editor.py`` ``Editor.save``, ``viewer/app.py`` ``Viewer.screenshot``
=============================  ==============================================================
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from landsraad.engine import new_game, play
from landsraad.engine.record import load_record, record_game
from landsraad.fileio import OutputPathError
from landsraad.players import RandomPlayer
from landsraad.scene import load_scene
from landsraad.viewer.editor import Editor
from tests.faults.conftest import REPO, assert_failed_cleanly, leftovers, run
from tests.faults.double import FAULTS
from tests.viewer.display import x_display  # noqa: F401 - the X display fixture, for the screenshot

REFERENCE = str(REPO / "scenes" / "reference.yaml")
SHOOT_SCENE = str(REPO / "tests" / "data" / "scenes" / "cli-shoot.yaml")
OLD_SVG = b'<svg xmlns="http://www.w3.org/2000/svg"><title>the previous picture</title></svg>\n'
OLD_TEXT = b"the previous content, which must survive\n"


@pytest.fixture(scope="module")
def old_record() -> bytes:
    """A real saved game (another pairing and seed than the commands under test play)."""
    game = play(new_game("atreides", "harkonnen", seed=5), {"red": RandomPlayer(1), "blue": RandomPlayer(2)})
    return record_game(game, players={"red": "random", "blue": "random"}).model_dump_json(indent=1).encode("utf-8")


def _put(path: Path, data: bytes) -> bytes:
    path.write_bytes(data)
    return data


# --- whole games ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("fault", FAULTS)
def test_demo_svg(tmp_path, capsys, faulty_fs, fault):
    svg, save = tmp_path / "final.svg", tmp_path / "game.json"
    before = _put(svg, OLD_SVG)
    double = faulty_fs(fault, match="final.svg")
    status, _, err = run(["demo", "--quiet", "--players", "random", "--svg", str(svg), "--save", str(save)], capsys)
    assert_failed_cleanly(double, status, err, svg, before)
    assert not save.exists()  # the command stopped at the failed write


@pytest.mark.parametrize("fault", FAULTS)
def test_demo_save_keeps_the_previous_record_loadable(tmp_path, capsys, faulty_fs, fault, old_record):
    svg, save = tmp_path / "final.svg", tmp_path / "game.json"
    before = _put(save, old_record)
    double = faulty_fs(fault, match="game.json")
    status, _, err = run(["demo", "--quiet", "--players", "random", "--svg", str(svg), "--save", str(save)], capsys)
    assert_failed_cleanly(double, status, err, save, before)
    assert load_record(save).red == "atreides"
    assert svg.read_text().startswith("<svg") or svg.read_text().startswith("<?xml")  # the write before it went through


@pytest.mark.parametrize("fault", FAULTS)
def test_simulate_log(tmp_path, capsys, faulty_fs, fault, old_record):
    folder = tmp_path / "games"
    folder.mkdir()
    target = folder / "game-000000.json"
    before = _put(target, old_record)  # another game: simulate plays seed 0 again and rewrites it
    double = faulty_fs(fault, match="game-000000.json")
    status, _, err = run(["simulate", "--red", "corrino", "--blue", "fremen", "--games", "1", "--players", "random",
                          "--log", str(folder)], capsys)
    assert_failed_cleanly(double, status, err, target, before)
    assert load_record(target).red == "atreides"


@pytest.mark.parametrize("fault", FAULTS)
def test_replay_svg_dir(tmp_path, capsys, faulty_fs, fault, old_record):
    record = tmp_path / "game.json"
    record.write_bytes(old_record)
    folder = tmp_path / "pictures"
    folder.mkdir()
    target = folder / "0003.svg"
    before = _put(target, OLD_SVG)
    double = faulty_fs(fault, match="0003.svg")
    status, _, err = run(["replay", str(record), "--svg-dir", str(folder)], capsys)
    assert_failed_cleanly(double, status, err, target, before)
    assert not (folder / "0004.svg").exists()


def _play(args: list[str], answers: str, capsys, monkeypatch) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    return run(["play", *args], capsys)


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("ending", ["quit", "end of input"])
def test_play_save_fails_with_status_1_and_keeps_the_previous_game(tmp_path, capsys, monkeypatch, faulty_fs, fault, ending,
                                                                    old_record):
    save = tmp_path / "my game.json"
    before = _put(save, old_record)
    double = faulty_fs(fault, match="my game.json")
    status, out, err = _play(["--seed", "2", "--save", str(save)], "\n\n" + ("quit\n" if ending == "quit" else ""),
                             capsys, monkeypatch)
    assert [p.name for p in double.fired] == [save.name]
    assert status == 1, out + err
    assert "Traceback" not in out + err
    # the session tells the person in one sentence naming the file
    said = [line for line in err.splitlines() if line.startswith("Cannot write")]  # on standard error (issue 42)
    assert len(said) == 1 and str(save) in said[0] and said[0].endswith("the previous file is unchanged."), err
    assert "Cannot write" not in out
    assert save.read_bytes() == before and load_record(save).red == "atreides"
    assert leftovers(tmp_path) == []


def test_play_save_command_failing_mid_game_lets_the_person_go_on(tmp_path, capsys, monkeypatch, faulty_fs, old_record):
    save = tmp_path / "slot.json"
    before = _put(save, old_record)
    double = faulty_fs("disk-full", match="slot.json")  # only the first save fails; the one at the end works
    status, out, err = _play(["--seed", "2"], f"save {save}\n\nsave {save}\nquit\n", capsys, monkeypatch)
    assert double.fired and status == 0, out + err
    assert any(line.startswith("Cannot write") and str(save) in line for line in err.splitlines())  # stderr (issue 42)
    assert save.read_bytes() != before and load_record(save).red == "corrino"  # the second save went through
    assert leftovers(tmp_path) == []


def test_play_map_failing_keeps_the_previous_picture(tmp_path, capsys, monkeypatch, faulty_fs):
    picture = tmp_path / "board.svg"
    before = _put(picture, OLD_SVG)
    double = faulty_fs("fsync", match="board.svg")
    status, out, err = _play(["--seed", "2", "--map", str(picture)], "map\nquit\n", capsys, monkeypatch)
    assert double.fired and status == 0, out + err
    assert any(line.startswith("Cannot write") and str(picture) in line for line in err.splitlines())  # stderr (issue 42)
    assert picture.read_bytes() == before and leftovers(tmp_path) == []


# --- rosters, pictures, house files ---------------------------------------------------------------------


@pytest.mark.parametrize("fault", FAULTS)
def test_roster_output(tmp_path, capsys, faulty_fs, fault):
    target = tmp_path / "roster.html"
    before = _put(target, OLD_TEXT)
    double = faulty_fs(fault, match="roster.html")
    status, _, err = run(["roster", str(REPO / "examples" / "lists" / "corrino.yaml"), "--format", "html", "--output", str(target)],
                         capsys)
    assert_failed_cleanly(double, status, err, target, before)


GEOMETRY = {
    "measure": ["measure", REFERENCE, "red-1", "blue-1"],
    "move": ["move", REFERENCE, "red-1", "--to", "30,30"],
    "reach": ["reach", REFERENCE, "red-1", "--movement", "5"],
    "template": ["template", REFERENCE, "--blast", "30,30"],
    "check-scene": ["check-scene", REFERENCE],
    "shoot": ["shoot", SHOOT_SCENE, "s", "t"],
}


@pytest.mark.parametrize("command", sorted(GEOMETRY))
def test_geometry_svg(tmp_path, capsys, faulty_fs, command):
    target = tmp_path / f"{command}.svg"
    before = _put(target, OLD_SVG)
    fault = FAULTS[sorted(GEOMETRY).index(command) % len(FAULTS)]  # the one writer (_finish), each fault by turns
    double = faulty_fs(fault, match=target.name)
    status, out, err = run([*GEOMETRY[command], "--svg", str(target)], capsys)
    assert_failed_cleanly(double, status, err, target, before)
    assert out == ""  # the picture is written first: no answer printed before the failure


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("which", ["house", "list"])
def test_house_new_writes_both_files_or_neither(tmp_path, capsys, faulty_fs, fault, which):
    house, starter = tmp_path / "ecaz.yaml", tmp_path / "ecaz-list.yaml"
    double = faulty_fs(fault, match=house.name if which == "house" else starter.name)
    status, _, err = run(["house", "new", "House Ecaz", "--out", str(house), "--list", str(starter)], capsys)
    assert_failed_cleanly(double, status, err, house if which == "house" else starter, None)
    assert not house.exists() and not starter.exists()  # no half pair: a re-run is not refused as "already exists"
    status, _, err = run(["house", "new", "House Ecaz", "--out", str(house), "--list", str(starter)], capsys)
    assert status == 0, err


# --- tournaments -------------------------------------------------------------------------------------------


@pytest.fixture
def event_dir(tmp_path, capsys) -> Path:
    folder = tmp_path / "open"
    assert run(["event", "new", str(folder), "--name", "Open", "--rounds", "2", "--seed", "3"], capsys)[0] == 0
    for faction in ("corrino", "fremen", "atreides", "harkonnen"):
        text = (REPO / "examples" / "lists" / f"{faction}.yaml").read_text(encoding="utf-8")
        (folder / "lists" / f"{faction}.yaml").write_text(f"player: {faction}\n{text}", encoding="utf-8")
    return folder


def _paired(folder: Path, capsys) -> Path:
    assert run(["event", "pair", str(folder)], capsys)[0] == 0
    return folder


EVENT_STEPS = {
    "pair": lambda d, c: ["event", "pair", str(d)],
    "result": lambda d, c: ["event", "result", str(_paired(d, c)), "--round", "1", "--table", "1", "--vp", "12,7"],
    "drop": lambda d, c: ["event", "drop", str(_paired(d, c)), "fremen"],
}


@pytest.mark.parametrize("step", sorted(EVENT_STEPS))
@pytest.mark.parametrize("fault", FAULTS)
def test_event_state(event_dir, capsys, faulty_fs, step, fault):
    argv = EVENT_STEPS[step](event_dir, capsys)
    target = event_dir / "event.json"
    before = target.read_bytes()
    double = faulty_fs(fault, match="event.json")
    status, _, err = run(argv, capsys)
    assert_failed_cleanly(double, status, err, target, before)
    assert run(["event", "standings", str(event_dir), "--json"], capsys)[0] == 0  # the event still loads


def test_event_new_into_a_full_disk_leaves_no_event(tmp_path, capsys, faulty_fs):
    folder = tmp_path / "new"
    double = faulty_fs("disk-full", match="event.json")
    status, _, err = run(["event", "new", str(folder), "--name", "Open", "--rounds", "2"], capsys)
    assert_failed_cleanly(double, status, err, folder / "event.json", None)


@pytest.mark.parametrize("option", ["csv", "html"])
@pytest.mark.parametrize("fault", FAULTS)
def test_event_standings_files(event_dir, capsys, faulty_fs, option, fault):
    target = event_dir / f"standings.{option}"
    before = _put(target, OLD_TEXT)
    double = faulty_fs(fault, match=target.name)
    status, _, err = run(["event", "standings", str(_paired(event_dir, capsys)), f"--{option}", str(target)], capsys)
    assert_failed_cleanly(double, status, err, target, before)


# --- balance reports -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["games/corrino--fremen--00000.json", "summary.json", "table.csv", "heatmap.svg"])
def test_balance_outputs(tmp_path, capsys, faulty_fs, name):
    out = tmp_path / "run"
    (out / "games").mkdir(parents=True)
    target = out / name
    before = _put(target, OLD_TEXT)  # not a saved game: the run plays that game again and rewrites it
    fault = FAULTS[["games", "summary", "table", "heatmap"].index(name.split("/")[0].split(".")[0])]
    double = faulty_fs(fault, match=target.name)
    status, _, err = run(["balance", "--factions", "corrino,fremen", "--games", "1", "--players", "random", "--out", str(out)],
                         capsys)
    assert_failed_cleanly(double, status, err, target, before)


# --- the viewer --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("fault", FAULTS)
def test_viewer_scene_save(tmp_path, faulty_fs, fault):
    target = tmp_path / "table.yaml"
    before = _put(target, (REPO / "scenes" / "demo.yaml").read_bytes())
    editor = Editor(load_scene(REFERENCE))
    double = faulty_fs(fault, match="table.yaml")
    with pytest.raises(OutputPathError) as caught:
        editor.save(target)
    assert [p.name for p in double.fired] == ["table.yaml"]
    message = str(caught.value)
    assert str(target) in message and message.endswith(".") and "\n" not in message
    assert target.read_bytes() == before and load_scene(target).name == "demo"
    assert leftovers(tmp_path) == []


def test_viewer_screenshot(tmp_path, x_display):  # noqa: F811 - the fixture imported above
    target = tmp_path / "shot.png"
    before = _put(target, b"\x89PNG the previous picture")
    r = subprocess.run([sys.executable, "-m", "tests.faults.double", "rename", "shot.png", "1", "--", "view", REFERENCE,
                        "--screenshot", str(target), "--size", "640x480"], cwd=REPO, capture_output=True, text=True, timeout=120,
                       env={**os.environ, "DISPLAY": x_display, "PYTHONPATH": str(REPO)})
    assert r.returncode == 1, r.stdout + r.stderr  # 97 would mean the fault never fired
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and str(target) in lines[0] and "Traceback" not in r.stderr
    assert target.read_bytes() == before and leftovers(tmp_path) == []


# --- the double itself ---------------------------------------------------------------------------------------


def test_the_full_disk_really_stops_part_way(tmp_path, faulty_fs):
    from landsraad.fileio import atomic_write_text

    target = tmp_path / "a.txt"
    target.write_text("old")
    double = faulty_fs("disk-full", after=1000)
    with pytest.raises(OutputPathError, match="No space left on device; the previous file is unchanged"):
        atomic_write_text(target, "x" * 5000)
    assert double.partial_sizes == [1000]  # the temporary file held part of the data when the disk filled
    assert target.read_text() == "old" and leftovers(tmp_path) == []


def test_only_the_chosen_write_fails(tmp_path, faulty_fs):
    from landsraad.fileio import atomic_write_text

    double = faulty_fs("fsync", match="b", nth=2)
    for name in ("a1", "b1", "a2"):
        atomic_write_text(tmp_path / name, name)
    with pytest.raises(OutputPathError):
        atomic_write_text(tmp_path / "b2", "b2")
    atomic_write_text(tmp_path / "b3", "b3")
    assert [p.name for p in double.fired] == ["b2"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a1", "a2", "b1", "b3"]
    assert json.dumps(sorted(p.read_text() for p in tmp_path.iterdir())) == '["a1", "a2", "b1", "b3"]'
