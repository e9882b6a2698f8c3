"""Writing files so that nothing is lost: a temporary file in the same folder, fsync, rename.

A kill, a full disk or a failed encoder at any point leaves the previous file whole: the new
content replaces it only by an atomic :func:`os.replace` once it is completely on disk.

The temporary file is ``.NAME.PID.<random>.tmp`` beside the target (``PID`` the writer's
process id). A writer killed between creating it and the rename (SIGKILL, a power cut) cannot
remove it; the next atomic write to the same target removes every such file whose writer is no
longer alive, so leftovers do not pile up.

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

__all__ = ["OutputPathError", "atomic_write_bytes", "atomic_write_text", "check_output_path", "check_output_dir", "TEMP_SUFFIX",
           "temporary_files"]

TEMP_SUFFIX = ".tmp"
"""How the name of a temporary file of :func:`atomic_write_bytes` ends."""


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
    _remove_stale_temporaries(folder, target.name)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f"{_temp_prefix(target.name)}{os.getpid()}.", suffix=TEMP_SUFFIX, dir=folder)
    except OSError as err:
        kept = "; the previous file is unchanged" if target.exists() else ""
        raise OutputPathError(f"Cannot write {str(target)[:200]!r}: {err.strerror or err}{kept}.") from None
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


def _temp_prefix(name: str) -> str:
    """The start of the temporary files' names for a target called ``name`` (then the pid, a dot, random letters)."""
    return f".{name[:40]}."


def temporary_files(path: str | os.PathLike[str]) -> list[tuple[Path, int]]:
    """The temporary files of atomic writes to ``path`` lying beside it, with their writers' pids.

    A file left by a killed writer, or one being written right now by a live one.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    prefix = _temp_prefix(target.name)
    found: list[tuple[Path, int]] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return found
    for entry in entries:
        name = entry.name
        if not (name.startswith(prefix) and name.endswith(TEMP_SUFFIX)):
            continue
        pid, dot, rest = name[len(prefix):-len(TEMP_SUFFIX)].partition(".")
        if pid.isdigit() and dot and rest and "." not in rest:
            found.append((folder / name, int(pid)))
    return found


def _alive(pid: int) -> bool:
    """Whether a process ``pid`` exists (one of another user counts as alive)."""
    if pid == os.getpid() or os.name != "posix":
        return True  # on Windows os.kill(pid, 0) would terminate the process: never ask there
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # it exists but is not ours, or the pid cannot be asked about: leave its file alone
    return True


def _remove_stale_temporaries(folder: Path, name: str) -> None:
    """Remove the temporary files of ``name`` whose writers were killed before their rename.

    A file of a live writer (this process included) is left alone: it may be mid-write.
    """
    for tmp, pid in temporary_files(folder / name):
        if not _alive(pid):
            try:
                os.unlink(tmp)
            except OSError:  # already gone (another writer cleaned it), or not ours to remove
                pass


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
