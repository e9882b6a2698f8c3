"""The ``landsraad`` command itself: version, help, bad usage (one line, status 2, no traceback)."""

import subprocess
import sys

import landsraad
from landsraad.cli import build_parser, main


def run(*args):
    return subprocess.run([sys.executable, "-m", "landsraad", *args], capture_output=True, text=True, timeout=120)


def test_version():
    out = run("--version")
    assert out.returncode == 0 and out.stdout.strip() == f"landsraad {landsraad.__version__}"


def test_every_command_group_registers():
    parser = build_parser()
    text = parser.format_help()
    for command in ("demo", "simulate", "replay", "odds", "resolve", "measure", "move", "reach", "template",
                    "check-scene", "validate", "roster", "schema", "factions", "faction"):
        assert command in text, command


def test_no_command_prints_help_and_fails(capsys):
    assert main([]) == 2
    assert "usage: landsraad" in capsys.readouterr().out


def test_unknown_command_is_one_line():
    out = run("conquer")
    assert out.returncode == 2 and "invalid choice" in out.stderr and "Traceback" not in out.stderr


# --- output that nobody reads, errors that would flood (issue 15) ---------------------------

from pathlib import Path  # noqa: E402

from landsraad.cli import MAX_ERROR_LINES  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data" / "lists"


def _closed_pipe_status(*args):
    """Run the command with its standard output closed by the reader before it writes."""
    proc = subprocess.Popen([sys.executable, "-m", "landsraad", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    proc.stdout.close()  # like `| head -0`: the reader is gone before the first line
    err = proc.stderr.read()
    return proc.wait(timeout=120), err


def test_validate_fails_on_bad_lists_even_when_its_output_pipe_is_closed():
    status, err = _closed_pipe_status("validate", str(DATA / "invalid"))
    assert status == 1, err
    assert "Traceback" not in err


def test_validate_succeeds_on_good_lists_when_its_output_pipe_is_closed():
    good = run("validate", str(DATA / "valid" / "corrino-15.yaml"))
    assert good.returncode == 0, good.stdout + good.stderr  # the oracle: with a reader
    status, err = _closed_pipe_status("validate", str(DATA / "valid" / "corrino-15.yaml"))
    assert status == 0 and "Traceback" not in err


def test_an_error_with_thousands_of_problems_prints_a_bounded_message(tmp_path):
    path = tmp_path / "many.yaml"
    path.write_text("id: x\nname: X\nprofiles:\n" + "".join(f"  - {{id: p{i}, bogus: 1}}\n" for i in range(300)),
                    encoding="utf-8")
    out = run("faction", str(path))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    lines = out.stderr.splitlines()
    assert len(lines) == MAX_ERROR_LINES + 1 and lines[-1].endswith("more problems.")
