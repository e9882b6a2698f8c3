"""Finding a scene and the things in it by the names a person types (issue 39).

A scene is a path, or the name of a bundled scene (``reference``). A model, marker or terrain
piece is its id; a mistyped id gets one suggestion, taken first from the kind of thing the
argument takes (a model for a model argument, ``dunken`` -> the model ``duncan`` before the
terrain piece ``dune``), then from the other kinds (:func:`need_model`, :func:`need_thing`,
:func:`suggest`: defined in :mod:`.boards`, which the commands needing only the table read
without this module's validating loader).

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

from ..content import data_dir
from ..errors import DataError, UsageError, did_you_mean, quoted
from ..fileio import check_input_file, path_kind
from ..i18n import message
from ..scene import Scene, load_scene
from . import boards
from .boards import need_model, need_thing, suggest

__all__ = ["scene_path", "load", "resolve", "suggest", "need_model", "need_thing", "movement_of", "SCENE_SUFFIXES"]

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
            extra = message(" Did you mean the bundled scene {scene}?", scene=quoted(hint)) if hint else (
                message(" Bundled scenes: {scenes}.", scenes=", ".join(names)) if names else "")
            raise UsageError(message("There is no scene file {name}.{extra}", name=quoted(text, 200), extra=extra))
    raise UsageError(message("There is no scene file {name}.", name=quoted(text, 200)))


def load(text: str) -> Scene:
    """The scene named by ``text`` (:func:`scene_path`), validated (:func:`landsraad.scene.load_scene`); its
    table is kept in the cache of validated scenes (:func:`.boards.keep`) for the questions that need only
    the table."""
    path = scene_path(text)
    try:
        data: bytes | None = path.read_bytes()
    except OSError:
        data = None  # the validating loader says what is wrong, in its words
    scene = load_scene(path)
    if data is not None:
        boards.keep(path, data, scene)
    return scene


def resolve(scene: Scene, text: str) -> str:
    """The id ``text`` names in ``scene``: an id as it is, else the one model or piece whose French name it is
    (:meth:`.boards.TableFacts.resolve`), else ``text`` (then :func:`need_model` says what is wrong)."""
    return boards.facts_of(scene).resolve(text)


def movement_of(scene: Scene, model_id: str, given: float | None, scene_name: str) -> float:
    """The move allowance: ``given``, else the model's Movement in the scene.

    Raises
    ------
    UsageError
        Neither is known.
    """
    return boards.movement_of(scene.movement(model_id), model_id, given, scene_name)
