"""Never lose a table: the viewer's autosaves, the recovery offered on the next start, crash files.

Plain Python, no pyglet. The editor writes its scene after every change, the play mode its
game after every answer, each atomically (:mod:`landsraad.fileio`: a temporary file, then a
rename), so a window killed at any moment leaves the last autosave whole: a scene
``landsraad check-scene`` reads, a game ``landsraad view --resume`` goes on with.

Where: next to the file the window saves to (``table.yaml`` -> ``table.autosave.yaml``,
``game.json`` -> ``game.autosave.json``), else in the user's data folder
(:func:`data_folder`: ``platformdirs.user_data_dir("landsraad")``, or ``$LANDSRAAD_DATA_DIR``).

Examples
--------
>>> from pathlib import Path
>>> autosave_path(Path("tables/raid.yaml"), ".yaml").as_posix()
'tables/raid.autosave.yaml'
>>> autosave_path(Path("game.json"), ".json").name
'game.autosave.json'
"""

from __future__ import annotations

import os
import time
import traceback
from pathlib import Path
from typing import Literal

from ..errors import DataError
from ..fileio import OutputPathError, atomic_write_text
from ..scene import Scene
from .editor import open_scene

try:  # a well-kept answer to "where does this user's data go" on Linux, macOS and Windows
    from platformdirs import user_data_dir
except ImportError:  # pragma: no cover - platformdirs comes with the viewer extra
    def user_data_dir(appname: str | None = None, appauthor: str | Literal[False] | None = None, version: str | None = None,
                      roaming: bool = False, ensure_exists: bool = False, use_site_for_root: bool = False) -> str:
        """platformdirs' answer on Linux (its signature, so the two stand for each other)."""
        return str(Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / (appname or ""))

__all__ = ["DATA_ENV", "data_folder", "autosave_path", "SceneAutosave", "write_crash_report"]

DATA_ENV = "LANDSRAAD_DATA_DIR"
"""An environment variable naming the data folder instead of the platform's (tests, portable installs)."""


def data_folder() -> Path:
    """The folder for autosaves of unnamed tables and for crash files: ``$LANDSRAAD_DATA_DIR``, else
    the platform's user data folder for ``landsraad`` (``~/.local/share/landsraad`` on Linux)."""
    env = os.environ.get(DATA_ENV)
    return Path(env) if env else Path(user_data_dir("landsraad", appauthor=False))


def autosave_path(target: Path | None, suffix: str, unnamed: str = "new-table") -> Path:
    """The autosave of ``target`` (the file the window saves to): beside it, ``STEM.autosave SUFFIX``;
    with no target, ``UNNAMED.autosave SUFFIX`` in :func:`data_folder`."""
    if target is not None:
        return target.with_name(f"{target.stem}.autosave{suffix}")
    return data_folder() / f"{unnamed}.autosave{suffix}"


class SceneAutosave:
    """The editor's autosave file and the table it held when the window opened.

    On opening, an autosave that differs from the scene opened is moved aside to
    ``STEM.autosave.previous.yaml`` and offered (:attr:`offer`): the new session's autosaves
    cannot overwrite it before the person answers, and it stays on disk until they do.

    Parameters
    ----------
    path
        The autosave file.
    opened
        The scene the window opened (an autosave equal to it is not offered).
    """

    def __init__(self, path: Path, opened: Scene) -> None:
        self.path = path
        self.previous = path.with_name(path.name.replace(".autosave", ".autosave.previous"))
        self.offer: Scene | None = None
        """The table of an earlier session that was never saved (None: nothing to recover)."""
        self.offer_time = ""
        self._written: Scene | None = opened
        for candidate in (self.previous, self.path):
            found = self._read(candidate)
            if found is None:
                continue
            if found == opened:
                candidate.unlink(missing_ok=True)
                continue
            if candidate == self.path:
                os.replace(self.path, self.previous)
            self.offer = found
            self.offer_time = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.previous.stat().st_mtime))
            break

    @staticmethod
    def _read(path: Path) -> Scene | None:
        if not path.is_file():
            return None
        try:
            return open_scene(path)
        except DataError:
            return None  # not a table (a half-written file cannot be: writes are atomic)

    def write(self, scene: Scene, *, force: bool = False) -> bool:
        """Write ``scene`` unless it is the one written last (``force``: whatever); True when written.

        Raises
        ------
        OSError
            When the folder cannot be written (the window says so and goes on).
        """
        if scene is self._written and not force:
            return False
        self.path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self.path, scene.to_yaml())
        self._written = scene
        return True

    def answer(self, recover: bool) -> Scene | None:
        """The person's answer to :attr:`offer`: the table to recover (``recover``), or None; the
        file set aside is removed either way (a recovered table goes on in the autosave)."""
        offer, self.offer = self.offer, None
        self.previous.unlink(missing_ok=True)
        return offer if recover else None

    def saved(self, scene: Scene) -> None:
        """The scene was saved to its file: the autosave is no longer needed."""
        self.path.unlink(missing_ok=True)
        self._written = scene


def write_crash_report(error: BaseException, context: str, saved: str | None) -> Path | None:
    """Write what went wrong (the traceback, what the window was doing, where the table was saved)
    into a new ``crash-*.txt`` of :func:`data_folder`; its path, or None when even that fails."""
    folder = data_folder() / "crashes"
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    path = folder / f"crash-{stamp}-{os.getpid()}-{time.monotonic_ns() % 10**6:06d}.txt"
    text = (f"landsraad viewer: an unexpected error while {context}.\n"
            f"The table was saved to: {saved or '(nothing to save)'}\n\n"
            + "".join(traceback.format_exception(type(error), error, error.__traceback__)))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, text)
    except (OSError, OutputPathError):  # a full disk: the panel still says what happened
        return None
    return path
