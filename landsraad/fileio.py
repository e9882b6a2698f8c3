"""Writing files so that nothing is lost: a temporary file in the same folder, fsync, rename.

A kill, a full disk or a failed encoder at any point leaves the previous file whole: the new
content replaces it only by an atomic :func:`os.replace` once it is completely on disk.
:func:`check_output_path` tells, before any long work starts, whether a path can be written.

Examples
--------
>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> atomic_write_text(folder / "a.txt", "first")
>>> (folder / "a.txt").read_text()
'first'
>>> check_output_path(folder / "missing" / "b.svg", what="--svg")
Traceback (most recent call last):
...
landsraad.fileio.OutputPathError: --svg: the folder ... does not exist; create it first or choose another path.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import LandsraadError

__all__ = ["OutputPathError", "atomic_write_bytes", "atomic_write_text", "check_output_path", "check_output_dir"]


class OutputPathError(LandsraadError):
    """A path the program was asked to write to cannot be written."""


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (temporary file in the same folder, fsync, rename).

    Parameters
    ----------
    path
        The file to create or replace.
    data
        The whole new content.

    Raises
    ------
    OutputPathError
        When the folder does not exist or the file cannot be written (the sentence says why);
        the previous file, if any, is left untouched.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:40]}.", suffix=".tmp", dir=folder)
    except OSError as err:
        raise OutputPathError(f"Cannot write {str(target)[:200]!r}: {err.strerror or err}.") from None
    try:
        # mkstemp makes a private file (0600): give it the mode the file had, or the usual one for a new file.
        os.chmod(tmp, _mode_for(target))
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except OSError as err:
        _remove_quietly(tmp)
        raise OutputPathError(f"Cannot write {str(target)[:200]!r}: {err.strerror or err}; the previous file is unchanged.") from None
    except BaseException:
        _remove_quietly(tmp)
        raise
    _fsync_folder(folder)


def atomic_write_text(path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8", newline: str | None = None) -> None:
    """Write ``text`` to ``path`` atomically; see :func:`atomic_write_bytes`.

    ``newline`` replaces every ``\\n`` (e.g. ``"\\r\\n"`` for spreadsheets) when given.
    """
    if newline is not None and newline != "\n":
        text = text.replace("\n", newline)
    atomic_write_bytes(path, text.encode(encoding))


def check_output_path(path: str | os.PathLike[str], *, what: str = "output") -> Path:
    """The path, once it is known that a file can be written there; else :class:`OutputPathError`.

    Called before long work starts, so a game is not played only to fail at the end.
    """
    target = Path(path)
    shown = str(target)[:200]
    if len(target.name.encode("utf-8", "surrogateescape")) > 255:
        raise OutputPathError(f"{what}: the file name {target.name[:60]!r}... is longer than the 255 bytes a file system allows.")
    if target.is_dir():
        raise OutputPathError(f"{what}: {shown!r} is a folder; give a file name.")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise OutputPathError(f"{what}: the folder {str(folder)[:200]!r} does not exist; create it first or choose another path.")
    if not os.access(folder, os.W_OK):
        raise OutputPathError(f"{what}: the folder {str(folder)[:200]!r} is not writable.")
    return target


def check_output_dir(path: str | os.PathLike[str], *, what: str = "output folder") -> Path:
    """The folder (created if missing, with its parents), or :class:`OutputPathError` if it cannot be one."""
    folder = Path(path)
    shown = str(folder)[:200]
    if folder.exists() and not folder.is_dir():
        raise OutputPathError(f"{what}: {shown!r} is a file, not a folder.")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise OutputPathError(f"{what}: cannot create the folder {shown!r}: {err.strerror or err}.") from None
    if not os.access(folder, os.W_OK):
        raise OutputPathError(f"{what}: the folder {shown!r} is not writable.")
    return folder


def _mode_for(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _remove_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows opening a folder."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
