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

import errno
import os
import stat
import tempfile
from pathlib import Path

from .errors import DataError, LandsraadError, Problem, truncate
from .i18n import N_, Message, message, numeral

__all__ = ["OutputPathError", "InputPathError", "atomic_write_bytes", "atomic_write_text", "check_output_path", "check_output_dir",
           "TEMP_SUFFIX", "temporary_files", "path_kind", "check_input_file", "read_bounded", "MAX_NAME_BYTES", "MAX_PATH_BYTES"]

MAX_NAME_BYTES = 255
"""The longest file name (one part of a path) a common file system allows, in bytes."""

MAX_PATH_BYTES = 4096
"""The longest path Linux accepts (``PATH_MAX``), in bytes."""

TEMP_SUFFIX = ".tmp"
"""How the name of a temporary file of :func:`atomic_write_bytes` ends."""


class OutputPathError(LandsraadError):
    """A path the program was asked to write to cannot be written."""


class InputPathError(DataError):
    """A path the program was asked to read is not a readable regular file (exit status 1)."""


_KIND_WORDS = {
    "missing": N_("No such file."),
    "folder": N_("This is a folder, not a file."),
    "pipe": N_("This is a named pipe (FIFO), not a regular file; it is refused rather than waited on."),
    "device": N_("This is a device, not a regular file; it is refused rather than read."),
    "socket": N_("This is a socket, not a regular file."),
    "other": N_("This is not a regular file."),
}
"""Why a path that is not a regular file is refused, by :func:`path_kind` (English ids; shown with :func:`message`)."""

_KIND_NAMES = {"pipe": N_("named pipe"), "file": N_("file"), "folder": N_("folder"), "device": N_("device"),
               "socket": N_("socket"), "other": N_("special file"), "missing": N_("missing file")}
"""What a path names, for a sentence."""


def _kind_name(kind: str) -> Message | str:
    return message(_KIND_NAMES[kind]) if kind in _KIND_NAMES else kind


def _too_long(path: str | os.PathLike[str]) -> Message | None:
    """Why ``path`` is too long for the file system, or ``None``."""
    text = os.fsencode(path)
    if len(text) >= MAX_PATH_BYTES:
        return message("The path is {size} bytes long; a path has at most {most}.", size=numeral(len(text), ","),
                       most=numeral(MAX_PATH_BYTES - 1, ","))
    longest = max(text.split(b"/"), key=len, default=b"")
    if len(longest) > MAX_NAME_BYTES:
        return message("A name in the path is {size} bytes long; a file name has at most {most}.",
                       size=numeral(len(longest), ","), most=MAX_NAME_BYTES)
    return None


def path_kind(path: str | os.PathLike[str]) -> str:
    """What ``path`` names, without opening it and without raising.

    Returns
    -------
    str
        ``"file"`` (regular, symbolic links followed), ``"folder"``, ``"pipe"``, ``"device"``,
        ``"socket"``, ``"other"``, ``"missing"`` (nothing there, or a dangling link),
        ``"too long"`` (past the file system's limits) or ``"unreadable"`` (the folder cannot
        be searched, a loop of links...).

    Examples
    --------
    >>> path_kind("/dev/null"), path_kind("/"), path_kind("/no/such/file"), path_kind("x" * 5000)
    ('device', 'folder', 'missing', 'too long')
    """
    if _too_long(path):
        return "too long"
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "missing"
    except OSError as err:
        return "too long" if err.errno == errno.ENAMETOOLONG else "unreadable"
    except ValueError:  # an embedded NUL byte
        return "missing"
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "other"


def check_input_file(path: str | os.PathLike[str], *, what: str = "") -> Path:
    """``path`` once it is known to be a regular file that can be opened; else :class:`InputPathError`.

    Checked at once, before any reading: a too long name, a missing file, a folder, a named pipe
    (which would wait for a writer for ever) or a device are refused with one sentence.

    Parameters
    ----------
    path
        The path given by the user.
    what
        The argument it came from (``"--faction-file"``), shown before the path.

    Raises
    ------
    InputPathError
        Naming the argument and the path (cut to 200 characters).
    """
    shown = truncate(os.fspath(path), 200)
    source = f"{what}: {shown}" if what else shown
    kind = path_kind(path)
    if kind == "file":
        return Path(path)
    if kind == "too long":
        raise InputPathError([Problem(source, "", _too_long(path) or message("The path is too long for the file system."))])
    if kind == "unreadable":
        raise InputPathError([Problem(source, "", message("The file cannot be reached (a folder on its way cannot be searched,"
                                                          " or a loop of links)."))])
    raise InputPathError([Problem(source, "", message(_KIND_WORDS[kind]))])


def read_bounded(path: str | os.PathLike[str], limit: int, *, what: str = "") -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` (and one more, so a caller knows it is larger).

    The file is opened without blocking and checked to be a regular file on the open
    descriptor itself, so a named pipe put there after a check does not hang the reader either.

    Raises
    ------
    InputPathError
        Not a readable regular file (see :func:`check_input_file`).
    """
    check_input_file(path, what=what)
    shown = truncate(os.fspath(path), 200)
    source = f"{what}: {shown}" if what else shown
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as err:
        raise InputPathError([Problem(source, "", message("The file cannot be read: {why}.", why=err.strerror or type(err).__name__))]) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped for something else between the check and the open
            raise InputPathError([Problem(source, "", message(_KIND_WORDS["other"]))])
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    except OSError as err:
        raise InputPathError([Problem(source, "", message("The file cannot be read: {why}.", why=err.strerror or type(err).__name__))]) from None
    finally:
        os.close(fd)


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
        kept = "; the previous file is unchanged" if path_kind(target) == "file" else ""
        raise OutputPathError(message('Cannot write {target!r}: {why}{kept}.', target=truncate(str(target), 200), why=err.strerror or err, kept=kept)) from None
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
        raise OutputPathError(message('Cannot write {target!r}: {why}; the previous file is unchanged.', target=truncate(str(target), 200), why=err.strerror or err)) from None
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
    shown = truncate(str(target), 200)
    if "\x00" in str(target):
        raise OutputPathError(message('{what}: {shown!r} holds a NUL character, which no file name can hold.', what=what, shown=shown))
    if len(target.name.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES:
        raise OutputPathError(message('{what}: the file name {name!r} is longer than the {max_name_bytes} bytes a file system allows.', what=what, name=truncate(target.name, 60), max_name_bytes=MAX_NAME_BYTES))
    if _too_long(target):
        raise OutputPathError(message('{what}: {shown!r}: {why}', what=what, shown=shown, why=_too_long(target)))
    kind = path_kind(target)
    if kind == "folder":
        raise OutputPathError(message('{what}: {shown!r} is a folder; give a file name.', what=what, shown=shown))
    if kind in ("pipe", "device", "socket", "other"):
        raise OutputPathError(message('{what}: {shown!r} is a {kind}, not a regular file; choose another path.', what=what, shown=shown, kind=_kind_name(kind)))
    folder = target.parent if str(target.parent) else Path(".")
    if path_kind(folder) != "folder":
        raise OutputPathError(message('{what}: the folder {folder!r} does not exist; create it first or choose another path.', what=what, folder=str(folder)[:200]))
    if not os.access(folder, os.W_OK):
        raise OutputPathError(message('{what}: the folder {folder!r} is not writable.', what=what, folder=str(folder)[:200]))
    return target


def check_output_dir(path: str | os.PathLike[str], *, what: str = "output folder") -> Path:
    """The folder (created if missing, with its parents), or :class:`OutputPathError` if it cannot be one."""
    folder = Path(path)
    shown = truncate(str(folder), 200)
    kind = path_kind(folder)
    if kind == "too long":
        raise OutputPathError(message('{what}: {shown!r}: {why}', what=what, shown=shown, why=_too_long(folder) or message('the path is too long for the file system.')))
    if kind not in ("folder", "missing"):
        raise OutputPathError(message('{what}: {shown!r} is a {kind}, not a folder.', what=what, shown=shown, kind=_kind_name(kind)))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise OutputPathError(message('{what}: cannot create the folder {shown!r}: {why}.', what=what, shown=shown, why=err.strerror or err)) from None
    if not os.access(folder, os.W_OK):
        raise OutputPathError(message('{what}: the folder {shown!r} is not writable.', what=what, shown=shown))
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
