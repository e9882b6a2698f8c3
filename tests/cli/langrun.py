"""Running the real ``landsraad`` command for the language tests: one call, and a scenario of named calls.

The language tests (``test_lang_table``, ``test_lang_odds``, ``test_lang_tools``) each run a table of
commands in English and in French and compare the outputs with golden files; they share this.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Callable, Mapping, Sequence

from tests import warm

ROOT = Path(__file__).resolve().parents[2]


def landsraad(args: Sequence[str], *, cwd: Path = ROOT, env: Mapping[str, str] | None = None,
              timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m landsraad ARGS`` from this checkout; a traceback fails the test."""
    proc = warm.run(args, text=True, cwd=cwd, timeout=timeout, env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def outputs(commands: Mapping[str, Sequence[str]], lang: Sequence[str], *, cwd: Path = ROOT,
            env: Mapping[str, str] | None = None, timeout: float = 120,
            steady: Callable[[str], str] = lambda text: text) -> dict[str, str]:
    """Every command's output a person reads (stdout, stderr, exit code), by name, run in order with ``lang`` first."""
    out: dict[str, str] = {}
    for name, args in commands.items():
        proc = landsraad([*lang, *args], cwd=cwd, env=env, timeout=timeout)
        out[name] = steady(proc.stdout + proc.stderr) + f"rc={proc.returncode}\n"
    return out
