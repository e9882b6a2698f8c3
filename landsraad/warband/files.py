"""List intake from folders: which files are lists, and a note naming every file not read."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from ..content import read_text
from ..errors import DataError
from ..fileio import path_kind
from ..i18n import gettext, localized, message
from .listformat import LIST_SUFFIXES, TEXT_SUFFIX, SyntaxProblem, parse_list_document
from .sharecode import is_share_code
from .textlist import is_text_list


@dataclass(frozen=True)
class IntakeNote:
    """A file met while searching a folder that was not read as a list, or read despite its name.

    ``read`` tells which: a ``.txt`` file holding a list is read (and named, so it can be
    renamed); every other file that is not read is named with the reason.
    """

    path: Path
    read: bool
    message: str

    def __str__(self) -> str:
        """The note in the active language (``message`` stays English in JSON)."""
        return gettext("{file}: {note}").format(file=self.path, note=localized(self.message))

    def to_json(self) -> dict[str, Any]:
        return {"file": str(self.path), "read": self.read, "message": self.message}


def _looks_like_list(path: Path) -> tuple[bool, str | None]:
    """Whether a ``.txt`` file holds a list, and the note to give (``None``: the text form or a share code, at home in .txt)."""
    try:
        text = read_text(path)  # bounded, like every list read
    except DataError as exc:
        return False, message("not read: it cannot be read ({reason}).", reason=exc.problems[0].message.rstrip("."))
    if is_share_code(text):
        return True, None
    try:
        data = parse_list_document(text, str(path)).data
    except SyntaxProblem:
        data = None
    if isinstance(data, dict):
        return True, message("read as a list although its name ends in .txt; rename it to .yaml.")
    if is_text_list(text):
        return True, None
    lowered = text.casefold()
    if "faction" in lowered and "models" in lowered:
        return True, message("read as a list although its name ends in .txt; rename it to .yaml.")
    return False, message("not read: this file is not a list (no faction: or models:).")


def scan_list_files(paths: Iterable[str | Path]) -> tuple[list[Path], list[IntakeNote]]:
    """Expand files and folders into list files, and say what was not read.

    Folders are searched recursively: ``*.yaml``, ``*.yml`` and ``*.json`` are lists, and so is
    a ``*.txt`` file holding one (YAML, named so it can be renamed; the text form or a share
    code, at home in a ``.txt`` file, without a note); every other file, each hidden file and folder, and each
    ``.txt`` file that is not a list is named in a note with the reason (nothing is skipped
    without a word). A path given directly is always read (checking it reports a missing or
    unreadable file).

    Returns
    -------
    tuple
        ``(files, notes)``: files in order (as given, each folder's sorted), notes in the same order.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> for name, text in [("a.yaml", "faction: corrino"), ("b.txt", "faction: fremen\\nmodels: []"), ("c.docx", "x")]:
    ...     _ = (folder / name).write_text(text)
    >>> files, notes = scan_list_files([folder])
    >>> [f.name for f in files], [(n.path.name, n.read) for n in notes]
    (['a.yaml', 'b.txt'], [('b.txt', True), ('c.docx', False)])
    """
    out: list[Path] = []
    notes: list[IntakeNote] = []
    for raw in paths:
        p = Path(raw)
        if is_share_code(str(raw)) or path_kind(p) != "folder":  # a share code is read as the list it holds
            out.append(p)
            continue
        found: list[Path] = []
        for root, dirs, files in os.walk(p):
            for d in sorted(d for d in dirs if d.startswith(".")):
                notes.append(IntakeNote(Path(root) / d, False, message("not searched: a hidden folder.")))
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            found += [Path(root) / f for f in files]
        for f in sorted(found):
            suffix = f.suffix.lower()
            if f.name.startswith("."):
                notes.append(IntakeNote(f, False, message("not read: a hidden file.")))
            elif suffix in LIST_SUFFIXES:
                out.append(f)
            elif suffix == TEXT_SUFFIX:
                is_list, why = _looks_like_list(f)
                if why is not None:
                    notes.append(IntakeNote(f, is_list, why))
                if is_list:
                    out.append(f)
            else:
                notes.append(IntakeNote(f, False, message("not read: only .yaml, .yml and .json files (and .txt files holding a "
                                                          "list) are read as lists.")))
    return list(dict.fromkeys(out)), notes


def find_list_files(paths: Iterable[str | Path]) -> list[Path]:
    """The list files of :func:`scan_list_files` (without its notes).

    Examples
    --------
    >>> from landsraad.content import data_dir
    >>> any(p.name == "corrino.yaml" for p in find_list_files([data_dir("examples") / "lists"]))
    True
    """
    return scan_list_files(paths)[0]
