"""CLI tests of ``landsraad play`` and ``landsraad drill``: the real command, scripted over stdin,
and once through a real terminal (tmux)."""

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests import warm

ROOT = Path(__file__).resolve().parents[2]


def run(*args, stdin="", cwd=None):
    return warm.run(args, input=stdin, text=True, cwd=cwd or ROOT, timeout=600)


def lines(*items, repeat=1):
    return "\n".join(list(items) * repeat) + "\n"


def clean(out):
    assert "Traceback" not in out.stdout + out.stderr
    assert out.returncode == 0, out.stderr


def test_a_whole_game_on_defaults():
    out = run("play", "--seed", "4", "--opponent", "random", stdin=lines("", repeat=3000))
    clean(out)
    assert "Game over after" in out.stdout and "Result: " in out.stdout and "VP" in out.stdout
    assert "red [" in out.stdout  # prompts with a default in brackets
    # issue 38: a review is offered at the end; Enter leaves without one
    assert "Type review for your three costliest decisions" in out.stdout and "costliest decision(s)" not in out.stdout


@pytest.mark.slow
def test_review_at_the_end_of_a_whole_game_names_three_decisions_with_the_computers_vp_issue_38():
    out = run("play", "--seed", "3", "--review", stdin=lines("", repeat=3000))
    clean(out)
    assert "Playing 8 of your decisions again to the end of the game" in out.stdout
    advice = [line for line in out.stdout.splitlines() if line.startswith("  At activation ")]
    assert 1 <= len(advice) <= 3 and all("the computer would have answered" in a and "VP against your" in a for a in advice)


def test_garbage_before_every_answer_never_ends_the_drill():
    junk = ["xyzzy", "999", "nan", "-5,-5", "1e999,2", "contact nobody", "toward", "0", "\x00\x1b[A", "7 7 7 7 7"]
    script = "".join(f"{j}\n\n" for j in junk * 40)
    plain = run("play", "--defaults", "--drill", "slave-hunt", "--seed", "2", stdin=lines("", repeat=400))
    noisy = run("play", "--defaults", "--drill", "slave-hunt", "--seed", "2", stdin=script)
    clean(noisy)
    assert "Drill slave-hunt:" in noisy.stdout
    assert "Type a number from 1 to" in noisy.stdout
    story = [ln for ln in noisy.stdout.splitlines() if ln.startswith("[")]
    assert story == [ln for ln in plain.stdout.splitlines() if ln.startswith("[")]


def test_undo_every_few_answers():
    out = run("play", "--defaults", "--drill", "territory-quarters", "--seed", "3", stdin=lines("", "", "", "undo", repeat=150))
    clean(out)
    assert "Taken back: your last answer" in out.stdout
    assert "Drill territory-quarters:" in out.stdout


def test_save_at_end_of_input_then_resume(tmp_path):
    whole = run("play", "--defaults", "--drill", "occupation-positions", "--seed", "5", stdin=lines("", repeat=300))
    save = tmp_path / "drill.json"
    first = run("play", "--defaults", "--drill", "occupation-positions", "--seed", "5", "--save", str(save), stdin=lines("", repeat=2))
    clean(first)
    assert f"Game saved to {save}" in first.stdout
    assert json.loads(save.read_text())["format"] == "landsraad-game/2"
    second = run("play", "--defaults", "--resume", str(save), stdin=lines("", repeat=300))
    clean(second)
    tail = lambda text: text[text.index("Drill occupation-positions:"):]  # noqa: E731
    assert tail(second.stdout) == tail(whole.stdout)
    events = lambda text: [ln for ln in text.splitlines() if ln.startswith("[")]  # noqa: E731
    assert events(first.stdout) + events(second.stdout) == events(whole.stdout)


def test_hot_seat_with_physical_dice():
    out = run("play", "--defaults", "--drill", "slave-hunt", "--human", "both", "--dice", "physical", "--seed", "1",
              stdin=lines("4 4 4", "4 4", "", repeat=300))
    clean(out)
    assert "Type the dice you rolled" in out.stdout
    assert "rolled neutral 4, attack 4, defence 4" in out.stdout  # the dice typed are the dice played
    assert "The program rolls:" in out.stdout  # and an empty line rolls
    assert "(secret: only blue looks)" in out.stdout
    assert "blue [" in out.stdout and "red [" in out.stdout
    assert "Drill slave-hunt:" in out.stdout


def test_a_drill_played_to_its_end_reports_par_and_advice():
    out = run("play", "--defaults", "--drill", "slave-hunt", "--seed", "6", stdin=lines("", repeat=300))
    clean(out)
    assert "Drill slave-hunt:" in out.stdout and "par (8)" in out.stdout
    assert "The computer would not have done better" in out.stdout or "costliest decision(s), with what the computer" in out.stdout


def test_same_seed_and_answers_print_the_same_game():
    a = run("play", "--defaults", "--drill", "infiltration-run", "--seed", "9", stdin=lines("", repeat=300))
    b = run("play", "--defaults", "--drill", "infiltration-run", "--seed", "9", stdin=lines("", repeat=300))
    clean(a)
    assert a.stdout == b.stdout


def test_drill_list_names_every_bundled_drill():
    out = run("drill", "list")
    clean(out)
    for name in ("assassination-strike", "infiltration-run", "occupation-positions", "sabotage-depots", "slave-hunt", "territory-quarters"):
        assert name in out.stdout


@pytest.mark.parametrize("args, status, words", [
    (("play", "--opponent", "grandmaster"), 2, "--opponent takes"),
    (("play", "--drill", "no-such-drill"), 1, "slave-hunt"),
    (("play", "--human", "green"), 2, "invalid choice"),
])
def test_bad_arguments_are_one_line_without_traceback(args, status, words):
    out = run(*args)
    assert out.returncode == status
    assert words in out.stderr and "Traceback" not in out.stderr


def test_resuming_a_damaged_file_is_an_error_not_a_traceback(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "landsraad-game/2", "opening": ')
    out = run("play", "--resume", str(bad))
    assert out.returncode == 1 and "not valid JSON" in out.stderr and "Traceback" not in out.stderr


def test_an_unwritable_save_path_is_refused_before_playing(tmp_path):
    out = run("play", "--save", str(tmp_path / "missing" / "x.json"), stdin="\n")
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "red [" not in out.stdout


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_the_real_terminal_mode_through_tmux(tmp_path):
    name = f"landsraad-play-{time.time_ns()}"
    command = f"cd {ROOT} && {sys.executable} -m landsraad play --defaults --drill slave-hunt --seed 2; sleep 30"
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "160", "-y", "50", command], check=True)

    def screen():
        return subprocess.run(["tmux", "capture-pane", "-p", "-t", name], capture_output=True, text=True).stdout

    def wait_for(text, timeout=60):
        end = time.time() + timeout
        while time.time() < end:
            if text in screen():
                return screen()
            time.sleep(0.3)
        raise AssertionError(f"{text!r} never appeared; the screen shows:\n{screen()}")

    try:
        first = wait_for("red [")
        assert "Which model do you activate?" in first
        subprocess.run(["tmux", "send-keys", "-t", name, "help", "Enter"], check=True)
        wait_for("Commands:")
        for _ in range(4):
            subprocess.run(["tmux", "send-keys", "-t", name, "", "Enter"], check=True)
            time.sleep(1.0)
        shown = wait_for("activates")
        assert "Traceback" not in shown
        subprocess.run(["tmux", "send-keys", "-t", name, "quit", "Enter"], check=True)
        wait_for("You leave the game.")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)


@pytest.mark.slow
def test_garbage_before_every_answer_of_a_whole_game():
    junk = ["xyzzy", "999", "nan,nan", "-5,-5", "inf", "contact", "toward x", "0", "1,2,3", "1e309"]
    script = "".join(f"{j}\n\n" for j in junk * 400)
    plain = run("play", "--seed", "4", "--opponent", "random", stdin=lines("", repeat=3000))
    noisy = run("play", "--seed", "4", "--opponent", "random", stdin=script)
    clean(noisy)
    assert "Game over after" in noisy.stdout
    assert noisy.stdout.count("Game over after") == 1
    story = lambda text: [ln for ln in text.splitlines() if ln.startswith(("[", "Game over"))]  # noqa: E731
    assert story(noisy.stdout) == story(plain.stdout)


@pytest.mark.parametrize("edit, words", [
    (lambda d: d["players"].update(drill="no-such-drill"), "players.drill"),
    (lambda d: d["players"].update(drill="/dev/zero.yaml"), "players.drill"),
    (lambda d: d.update(seed=-1), "seed"),
    (lambda d: d["players"].update(blue="search:impossible"), "players"),
])
def test_what_a_resumed_game_names_is_checked_and_the_message_names_the_file(tmp_path, edit, words):
    from landsraad.engine.record import GameRecord

    saved = tmp_path / "g.json"
    assert run("play", "--seed", "3", "--save", str(saved), stdin=lines("", repeat=3)).returncode == 0
    data = json.loads(saved.read_text())
    edit(data)
    data["sha256"] = GameRecord.model_validate(data).content_hash()  # a well-sealed edit: the hash does not stop it
    saved.write_text(json.dumps(data))
    r = run("play", "--resume", str(saved))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert str(saved) in r.stderr and words in r.stderr, r.stderr


def test_a_save_that_fails_is_said_on_standard_error(tmp_path):
    # issue 42: `play` printed its write failure on standard output
    (tmp_path / "afile").write_text("not a folder")
    target = tmp_path / "afile" / "game.json"
    out = run("play", "--seed", "3", stdin=f"save {target}\nquit\n", cwd=tmp_path)
    assert "Traceback" not in out.stdout + out.stderr
    assert "afile" in out.stderr and "does not exist" in out.stderr, (out.stdout[-800:], out.stderr)
    assert "does not exist" not in out.stdout


def test_mission_and_missions_print_the_cards_issue_38():
    out = run("mission", "protection")
    assert out.returncode == 0
    assert out.stdout.startswith("Protection (Protection, protection)")
    assert "Failure: The ambassador has been removed from play" in out.stdout
    assert "VP by rank 1 to 6: success +4 +3 +2 +1 +1 +1; failure -5 -4 -3 -2 -1 -1." in out.stdout
    listing = run("missions")
    assert listing.returncode == 0 and "territory" in listing.stdout and "1 +9/-4" in listing.stdout
    bad = run("mission", "nosuch")
    assert bad.returncode == 2 and "Unknown mission 'nosuch'" in bad.stderr and "Traceback" not in bad.stderr


def test_resume_prints_a_recap(tmp_path):
    save = tmp_path / "g.json"
    run("play", "--defaults", "--drill", "slave-hunt", "--seed", "2", "--save", str(save), stdin=lines("", repeat=2))
    again = run("play", "--resume", str(save), stdin=lines("quit"))
    assert "Where the game stands:" in again.stdout
    assert again.stdout.split("Where the game stands:")[1].splitlines()[1].startswith("  ")


def test_a_drills_decisive_questions_have_no_default_issue_38():
    out = run("play", "--drill", "slave-hunt", "--seed", "1", stdin=lines("", "", "hint", "red-gladiator-1", "", repeat=1))
    clean(out)
    assert "[choose; hint for a suggestion]>" in out.stdout
    assert "This decision is yours to make in the drill" in out.stdout
    assert "Hint: " in out.stdout
    assert "red activates Gladiator 1 (red-gladiator-1)" in out.stdout
