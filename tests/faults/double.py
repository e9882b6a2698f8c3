"""A test double of the file-system layer that :mod:`landsraad.fileio` writes through.

:class:`FaultyFileSystem` stands in for the ``os`` and ``tempfile`` modules as
``landsraad.fileio`` sees them (nothing else in the process is touched) and makes one chosen
atomic write fail part-way, the way a real disk fails:

``disk-full``
    the temporary file takes the first ``after`` bytes, then ``write`` raises ENOSPC (a full
    disk in the middle of the data);
``fsync``
    all the data is written, then ``fsync`` raises EIO (the disk refuses to commit it);
``rename``
    the temporary file is complete and synced, then ``os.replace`` raises EIO (the last step);
``create``
    the temporary file cannot even be created (EDQUOT: the user's disk quota is used up).

The write that fails is the ``nth`` one whose target's name contains ``match`` (every target
when ``match`` is empty); other writes go through untouched. :attr:`FaultyFileSystem.fired`
lists the targets it failed, so a test can check that the fault really happened.

Run a command under it in a subprocess (for a program that must own its process, such as the
viewer): ``python -m tests.faults.double FAULT MATCH NTH -- landsraad arguments...``.
"""

from __future__ import annotations

import errno
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from landsraad import fileio

FAULTS = ("disk-full", "fsync", "rename", "create")
"""Every way the double can make a write fail, in the order a write meets them."""


class _ShortFile:
    """The temporary file on a disk that fills up after ``room`` bytes."""

    def __init__(self, real: Any, room: int, owner: "FaultyFileSystem") -> None:
        self._real = real
        self._room = room
        self._owner = owner

    def write(self, data: bytes) -> int:
        taken = bytes(data[: self._room])
        self._real.write(taken)
        self._real.flush()
        self._owner.partial_sizes.append(os.fstat(self._real.fileno()).st_size)
        self._owner._fire()
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __enter__(self) -> "_ShortFile":
        return self

    def __exit__(self, *exc: object) -> None:
        self._real.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


class FaultyFileSystem:
    """The ``os`` module as :mod:`landsraad.fileio` sees it, failing one write (see the module's doc).

    Parameters
    ----------
    fault
        One of :data:`FAULTS`.
    match
        Only writes whose target's file name contains this are candidates ("" for all).
    nth
        Which candidate write fails (1 for the first).
    after
        For ``disk-full``: how many bytes reach the temporary file before the disk is full.
    """

    def __init__(self, fault: str, match: str = "", nth: int = 1, after: int = 100) -> None:
        if fault not in FAULTS:
            raise ValueError(f"unknown fault {fault!r}; the faults are {FAULTS}")
        self.fault = fault
        self.match = match
        self.nth = nth
        self.after = after
        self.fired: list[Path] = []
        self.partial_sizes: list[int] = []
        self._candidates = 0
        self._armed: Path | None = None  # the target of the write under way that is to fail
        self._armed_fd: int | None = None
        self._armed_tmp: str | None = None
        self.tempfile = _FaultyTempfile(self)

    # --- what fileio calls ------------------------------------------------------------------------

    def fdopen(self, fd: int, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        real = os.fdopen(fd, mode, *args, **kwargs)
        if self._armed is not None and fd == self._armed_fd and self.fault == "disk-full":
            return _ShortFile(real, self.after, self)
        return real

    def fsync(self, fd: int) -> None:
        if self._armed is not None and fd == self._armed_fd and self.fault == "fsync":
            self._fire()
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        os.fsync(fd)

    def replace(self, src: Any, dst: Any) -> None:
        if self._armed is not None and str(src) == self._armed_tmp and self.fault == "rename":
            self._fire()
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        os.replace(src, dst)

    def __getattr__(self, name: str) -> Any:
        return getattr(os, name)

    # --- bookkeeping ------------------------------------------------------------------------------

    def _fire(self) -> None:
        assert self._armed is not None
        self.fired.append(self._armed)
        self._armed = self._armed_fd = self._armed_tmp = None

    def _created(self, target: Path) -> bool:
        """Count a new write to ``target``; whether it is the one to fail."""
        if self.match and self.match not in target.name:
            return False
        self._candidates += 1
        return self._candidates == self.nth


class _FaultyTempfile:
    """The ``tempfile`` module as fileio sees it: knows which target each temporary file is for."""

    def __init__(self, owner: FaultyFileSystem) -> None:
        self._owner = owner

    def mkstemp(self, suffix: str = "", prefix: str = "", dir: Any = None) -> tuple[int, str]:  # noqa: A002 - tempfile's name
        # fileio's prefix is ".NAME.PID.": the target's (possibly shortened) name sits between the dots
        target = Path(dir) / prefix[1:-1].rsplit(".", 1)[0]
        owner = self._owner
        if owner._created(target):
            owner._armed = target
            if owner.fault == "create":
                owner._fire()
                raise OSError(errno.EDQUOT, os.strerror(errno.EDQUOT))
            fd, tmp = tempfile.mkstemp(suffix=suffix, prefix=prefix, dir=dir)
            owner._armed_fd, owner._armed_tmp = fd, tmp
            return fd, tmp
        return tempfile.mkstemp(suffix=suffix, prefix=prefix, dir=dir)

    def __getattr__(self, name: str) -> Any:
        return getattr(tempfile, name)


def install(double: FaultyFileSystem, monkeypatch: Any | None = None) -> FaultyFileSystem:
    """Put ``double`` in place of fileio's ``os`` and ``tempfile`` (through ``monkeypatch`` in a test)."""
    if monkeypatch is not None:
        monkeypatch.setattr(fileio, "os", double)
        monkeypatch.setattr(fileio, "tempfile", double.tempfile)
    else:
        fileio.os = double  # type: ignore[assignment]
        fileio.tempfile = double.tempfile  # type: ignore[assignment]
    return double


def _main(argv: list[str]) -> int:
    """``FAULT MATCH NTH -- ARGS...``: run ``landsraad ARGS`` with the fault in place; exit with its status.

    The status is 97 when the fault never fired (the test then knows it proved nothing).
    """
    from landsraad.cli import main

    fault, match, nth, sep, *args = argv
    assert sep == "--", "usage: FAULT MATCH NTH -- ARGS..."
    double = install(FaultyFileSystem(fault, match, int(nth)))
    status = main(args)
    return status if double.fired else 97


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
