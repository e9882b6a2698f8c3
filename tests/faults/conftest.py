"""Fixtures of the fault tests: the file-system double and the checks every failed write must pass."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable

import pytest

from landsraad.cli import main
from landsraad.fileio import TEMP_SUFFIX
from tests.faults.double import FaultyFileSystem, install

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def faulty_fs(monkeypatch: pytest.MonkeyPatch) -> Callable[..., FaultyFileSystem]:
    """``faulty_fs(fault, match="", nth=1, after=100)``: put a :class:`FaultyFileSystem` under fileio."""

    def make(fault: str, match: str = "", nth: int = 1, after: int = 100) -> FaultyFileSystem:
        return install(FaultyFileSystem(fault, match, nth, after), monkeypatch)

    return make


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``landsraad ARGV`` in this process: its status, standard output and standard error."""
    capsys.readouterr()
    try:
        status = main(argv)
    except SystemExit as exc:  # argparse
        status = exc.code if isinstance(exc.code, int) else 2
    out, err = capsys.readouterr()
    return status, out, err


def leftovers(folder: Path) -> list[str]:
    """Temporary files of atomic writes lying in ``folder`` (none may survive a failed write)."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".") and p.name.endswith(TEMP_SUFFIX))


def assert_failed_cleanly(double: FaultyFileSystem, status: int, err: str, target: Path, before: bytes | None) -> None:
    """The checks of every fault test.

    The fault fired on ``target``; the command failed with status 1 and one sentence on standard
    error naming the path, no traceback; the previous file is byte for byte what it was (or,
    with ``before`` None, there is still no file); no temporary file is left beside it.
    """
    assert [(p.parent, p.name) for p in double.fired] == [(target.parent, target.name[:40])], double.fired
    assert status == 1, err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("landsraad: error: ") and lines[0].endswith("."), err
    assert str(target) in lines[0], err
    if before is None:
        assert not target.exists()
    else:
        assert target.read_bytes() == before
    assert leftovers(target.parent) == []


PYTHON = sys.executable
