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
