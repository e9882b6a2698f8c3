"""The ``mission`` and ``missions`` commands (landsraad.cli.cards): the cards, read without the engine."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from landsraad.missions import load_missions
from tests import warm

ROOT = Path(__file__).resolve().parents[2]

_LOADED = ("import runpy, sys\n"
           "sys.argv = ['landsraad', *sys.argv[1:]]\n"
           "try:\n"
           "    runpy.run_module('landsraad', run_name='__main__')\n"
           "except SystemExit:\n"
           "    pass\n"
           "print(sorted(m for m in sys.modules if m.startswith(('landsraad.engine', 'landsraad.play.session', 'landsraad.ai'))))\n")
"""Runs the real command in-process, then prints which engine modules it loaded."""


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", _LOADED, *args], capture_output=True, text=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "LC_ALL": "C.UTF-8"})


def test_missions_lists_every_card_and_loads_no_engine() -> None:
    proc = _run("missions")
    assert proc.returncode == 0, proc.stderr
    *table, loaded = proc.stdout.splitlines()
    assert loaded == "[]"
    cards = load_missions()
    assert f"{len(cards)} missions" in table[0]
    for card in cards.values():
        assert any(line.split()[:1] == [card.id] for line in table), card.id


def test_a_unique_beginning_prints_the_whole_card_and_an_unknown_name_is_one_line() -> None:
    proc = _run("mission", "prot")
    assert proc.returncode == 0, proc.stderr
    assert load_missions()["protection"].name in proc.stdout
    assert proc.stdout.splitlines()[-1] == "[]"
    bad = warm.run(["mission", "zzz"], text=True, cwd=ROOT, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT), "LC_ALL": "C.UTF-8"})
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1 and "zzz" in bad.stderr
