"""Finding a scene and the things in it by the names a person types (issue 39).

A scene is a path, or the name of a bundled scene (``reference``). A model, marker or terrain
piece is its id; a mistyped id gets one suggestion, taken first from the kind of thing the
argument takes (a model for a model argument, ``dunken`` -> the model ``duncan`` before the
terrain piece ``dune``), then from the other kinds.

Examples
--------
>>> from landsraad.geometry.board import Base, Board, TerrainPiece
>>> board = Board(bases=(Base("duncan", 10, 10, 30),),
...               terrain=(TerrainPiece("dune", ((30, 30), (35, 30), (35, 35))),))
>>> need_thing(board, "dunken", "s.yaml")
Traceback (most recent call last):
...
landsraad.errors.UsageError: There is no model, marker or terrain piece 'dunken' in scene s.yaml. Did you mean the model 'duncan'? Models: duncan.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ..content import data_dir
from ..errors import DataError, UsageError, did_you_mean, quoted, truncate
from ..fileio import check_input_file, path_kind
from ..geometry.board import Board
from ..scene import Scene, load_scene

__all__ = ["scene_path", "load", "suggest", "need_model", "need_thing", "movement_of", "SCENE_SUFFIXES"]

SCENE_SUFFIXES = (".yaml", ".yml", ".json")
"""The endings a bundled scene's file may have."""


def scene_path(text: str) -> Path:
    """The scene file named by ``text``: a path, or the name of a bundled scene (``reference``).

    Raises
    ------
    UsageError
        No such file; for a bare name, the closest bundled scene or the list of them.
    """
    path = Path(text)
    kind = path_kind(path)
    if kind == "file":
        return path
    if kind != "missing":  # too long, a folder, a named pipe, a device: one sentence, at once
        check_input_file(path, what="scene")
    if path.suffix == "" and path.parent == Path("."):
        try:
            folder: Path | None = data_dir("scenes")
        except DataError:
            folder = None
        if folder is not None:
            for suffix in SCENE_SUFFIXES:
                if (folder / (text + suffix)).is_file():
                    return folder / (text + suffix)
            names = sorted(p.stem for p in folder.glob("*.y*ml"))
            hint = did_you_mean(text, names)
            extra = f" Did you mean the bundled scene {quoted(hint)}?" if hint else (
                f" Bundled scenes: {', '.join(names)}." if names else "")
            raise UsageError(f"There is no scene file {quoted(text, 200)}.{extra}")
    raise UsageError(f"There is no scene file {quoted(text, 200)}.")


def load(text: str) -> Scene:
    """The scene named by ``text`` (:func:`scene_path`), validated (:func:`landsraad.scene.load_scene`)."""
    return load_scene(scene_path(text))


def suggest(name: str, groups: Sequence[tuple[str, Sequence[str]]]) -> tuple[str, str] | None:
    """The closest id to ``name``, trying each ``(kind, ids)`` group in turn: the first group
    with a close id wins, so the kind the argument takes comes first.

    >>> suggest("dunken", [("model", ["duncan"]), ("terrain piece", ["dune"])])
    ('model', 'duncan')
    >>> suggest("dun", [("model", ["feyd"]), ("terrain piece", ["dune"])])
    ('terrain piece', 'dune')
    >>> suggest("zzz", [("model", ["feyd"])]) is None
    True
    """
    for kind, ids in groups:
        hint = did_you_mean(name, ids)
        if hint is not None:
            return kind, hint
    return None


def _names(ids: Sequence[str]) -> str:
    return ", ".join(ids) if ids else "(none)"


def need_model(board: Board, model_id: str, scene: str, what: str = "model", *, exclude: str | None = None) -> None:
    """Raise a :class:`UsageError` unless ``model_id`` is a model of ``board``.

    ``what`` names the argument's role (``shooter``, ``target``); ``exclude`` is a model not to
    suggest (the one that moves, for ``move --to``).
    """
    if board.has_base(model_id):
        return
    ids = [b.id for b in board.bases if b.id != exclude]
    others = [("marker", [m.id for m in board.markers]), ("terrain piece", [t.id for t in board.terrain])]
    exact = next((kind for kind, kind_ids in others if model_id in kind_ids), None)
    hint = (exact, model_id) if exact else suggest(model_id, [("model", ids), *others])
    if hint is not None and hint[0] == "model":
        extra = f" Did you mean {quoted(hint[1])}?"
    elif hint is not None:
        extra = f" ({quoted(hint[1])} is a {hint[0]}, not a model.)"
    else:
        extra = ""
    raise UsageError(f"There is no {what} {quoted(model_id)} in scene {truncate(scene, 200)}.{extra} Models: {truncate(_names(ids), 300)}.")


def need_thing(board: Board, item_id: str, scene: str) -> None:
    """Raise a :class:`UsageError` unless ``item_id`` is a model, marker or terrain piece of ``board``
    (models are suggested first: ``measure`` is about models, the others give a distance only)."""
    groups = [("model", [b.id for b in board.bases]), ("marker", [m.id for m in board.markers]),
              ("terrain piece", [t.id for t in board.terrain])]
    if any(item_id in ids for _, ids in groups):
        return
    hint = suggest(item_id, groups)
    extra = f" Did you mean the {hint[0]} {quoted(hint[1])}?" if hint else ""
    raise UsageError(f"There is no model, marker or terrain piece {quoted(item_id)} in scene {truncate(scene, 200)}.{extra}"
                     f" Models: {truncate(_names(groups[0][1]), 300)}.")


def movement_of(scene: Scene, model_id: str, given: float | None, scene_name: str) -> float:
    """The move allowance: ``given``, else the model's Movement in the scene.

    Raises
    ------
    UsageError
        Neither is known.
    """
    if given is not None:
        return given
    value = scene.movement(model_id)
    if value is None:
        raise UsageError(f"Model {quoted(model_id)} has no movement in scene {truncate(scene_name, 200)}; give one with --movement CM.")
    return float(value)
