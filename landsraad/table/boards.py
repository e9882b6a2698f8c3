"""The table of a scene file for the questions that need only the table: ``measure``, ``move``,
``reach`` (issue 39's start-up budget), and the model names a person types.

Reading a scene validates it into frozen pydantic models (:func:`landsraad.scene.load_scene`):
the models' classes, pydantic, PyYAML and the faction sheets cost about as much CPU as numpy and
shapely together. What these questions read of it - the board (terrain, bases, markers), each
model's Movement and profile - is small, so once a scene file has been validated it is kept as
JSON in a cache (:func:`cache_dir`) under the SHA-256 of the file's bytes and of the bundled
data it reads (the faction sheets and the terrain kits, by size and time; the warband lists its
models are read from are checked by size and time when the entry is read). The next question on
the same file reads that JSON and builds the board: no pydantic, no YAML. A changed file, a
changed faction sheet or another version of landsraad misses the cache and is validated again,
so a bad file is always reported as the validating loader reports it. Every validation of a scene
file by :func:`landsraad.table.scenes.load` (``shoot``, ``advise``, ``threat``, ``template`` ask for the
whole scene) keeps its table the same way (:func:`keep`), so the first ``measure`` or ``move`` after
one of them is answered from the cache too. The cache is a courtesy:
when it cannot be read or written, the scene is validated as before. ``LANDSRAAD_CACHE_DIR``
moves it; ``LANDSRAAD_NO_CACHE=1`` turns it off.

Examples
--------
>>> facts = load_facts("reference")
>>> facts.board.has_base("red-1"), facts.movement["red-1"]
(True, 10.0)
>>> need_thing(facts.board, "red1", "reference")
Traceback (most recent call last):
...
landsraad.errors.UsageError: There is no model, marker or terrain piece 'red1' in scene reference. Did you mean the model 'red-1'? Models: red-1, red-2, red-3, red-4, red-5, red-6, red-7, red-8, red-9, red-10, blue-1, blue-2, blue-3, blue-4, blue-5, blue-6, blue-7, blue-8, blue-9, blue-10.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from .. import __version__
from ..errors import LandsraadError, UsageError, did_you_mean, quoted, truncate
from ..fileio import atomic_write_text
from ..geometry.board import Base, Board, Marker, TerrainPiece
from ..i18n import N_, Message, language, message
from ..lazy import lazy_exports
from ..scene_lean import french_names, plain_board

if TYPE_CHECKING:  # the validated scene's type only: it is loaded on a cache miss
    from ..scene import Scene

__all__ = ["TableFacts", "facts_of", "load_facts", "keep", "cache_dir", "suggest", "need_model", "need_thing", "movement_of",
           "LEAN_DATA_PATH", "LEAN_DATA_FORMAT", "bundled_card", "bundled_kit_piece", "bundled_kit_name_fr", "french_weapon_names",
           "FORMAT"]

FORMAT = 2
"""The cache files' format: a new one misses every older file (2: the French names, ``names_fr``)."""

_validating, _ = lazy_exports("landsraad.table", {"load": "scenes", "scene_path": "scenes"}, {})
"""The validating loader (:mod:`.scenes`, with pydantic and PyYAML), imported on a cache miss only."""
_parser, _ = lazy_exports("landsraad", {"parse_document": "documents", "MAX_CHARS": "documents"}, {})
"""The YAML parser (:mod:`landsraad.documents`, PyYAML without pydantic), imported on a cache miss only."""

_SCENE_SUFFIXES = (".yaml", ".yml", ".json")

LEAN_DATA_PATH = Path(__file__).resolve().parent / "bundled-facts.json"
"""The facts of the bundled faction sheets and kits for the lean reading (:mod:`.leandata` writes them)."""
LEAN_DATA_FORMAT = 1
"""Their format: another one is not read (the scene is then validated)."""


@lru_cache(maxsize=1)
def _lean_data() -> dict[str, Any]:
    try:
        data = json.loads(LEAN_DATA_PATH.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) and data.get("format") == LEAN_DATA_FORMAT else {}


def french_weapon_names() -> dict[str, str]:
    """Each bundled weapon's French name by its English one (the names two weapons share with different French
    names left out): what the table's answers show a French reader; the results and their JSON keep the English."""
    names = _lean_data().get("weapon_names_fr", {})
    return names if isinstance(names, dict) else {}


def _bundled_folder(*parts: str) -> Path | None:
    """The bundled folder (``factions``, ``scenes/kits``): the installed package's, else the source checkout's."""
    package = Path(__file__).resolve().parent.parent
    for root in (package / "_data", package.parent):
        if (root / parts[0]).is_dir():
            folder = root.joinpath(*parts)
            return folder if folder.is_dir() else None
    return None


@lru_cache(maxsize=None)
def _unchanged(kind: str, item_id: str) -> dict[str, Any] | None:
    """The kept facts of the bundled sheet or kit ``item_id`` when its file still has the bytes they were
    validated from, else None."""
    entry = _lean_data().get(kind, {}).get(item_id)
    folder = _bundled_folder(*(("factions",) if kind == "factions" else ("scenes", "kits")))
    if not isinstance(entry, dict) or folder is None or "/" in item_id or item_id.startswith("."):
        return None
    try:
        data = (folder / f"{item_id}.yaml").read_bytes()
    except OSError:
        return None
    return entry if hashlib.sha256(data).hexdigest() == entry.get("sha256") else None


def bundled_card(ref: str) -> tuple[float, float | None, float, tuple[str, ...]] | None:
    """The base (mm), height (cm or None), Movement (cm) and arsenal (the weapon ids a model of it may carry) of the
    bundled profile card ``FACTION/TYPE``, else None."""
    faction, sep, kind = ref.partition("/")
    sheet = _unchanged("factions", faction) if sep and faction and kind else None
    card = sheet["profiles"].get(kind) if sheet is not None else None
    return (float(card[0]), None if card[1] is None else float(card[1]), float(card[2]), tuple(card[3])) if card else None


def bundled_kit_piece(ref: str) -> tuple[tuple[tuple[float, float], ...], float, str] | None:
    """The footprint (around its centre), height and movement of the bundled kit piece ``KIT/PIECE``, else None."""
    kit, sep, piece_id = ref.partition("/")
    entry = _unchanged("kits", kit) if sep and kit and piece_id else None
    piece = entry["pieces"].get(piece_id) if entry is not None else None
    return (tuple((float(x), float(y)) for x, y in piece[0]), float(piece[1]), str(piece[2])) if piece else None


def bundled_kit_name_fr(ref: str) -> str | None:
    """The French name of the bundled kit piece ``KIT/PIECE`` (what a scene piece placed from it is called in French
    unless it says otherwise), else None."""
    kit, sep, piece_id = ref.partition("/")
    entry = _unchanged("kits", kit) if sep and kit and piece_id else None
    piece = entry["pieces"].get(piece_id) if entry is not None else None
    return str(piece[3]) if piece and len(piece) > 3 and piece[3] is not None else None


@dataclass(frozen=True)
class TableFacts:
    """What the table questions read of a scene: the board, each model's Movement and profile.

    Attributes
    ----------
    board
        The table.
    movement
        Each model's Movement in cm (the scene's, else its card's), None when neither gives one.
    profile
        Each model's ``FACTION/TYPE``, None without a profile.
    names_fr
        The French name (``name_fr``) of each model and terrain piece that has one, by id.
    """

    board: Board
    movement: dict[str, float | None]
    profile: dict[str, str | None]
    names_fr: dict[str, str] = field(default_factory=dict)

    def shown(self, item_id: str) -> str:
        """What a person reads for ``item_id``: its French name in French when it has one, else the id (issue 40).

        >>> facts = TableFacts(Board(), {}, {}, {"warrior-1": "Guerrier 1"})
        >>> facts.shown("warrior-1"), facts.shown("rock")
        ('warrior-1', 'rock')
        """
        return self.names_fr.get(item_id, item_id) if language() == "fr" else item_id

    def resolve(self, text: str) -> str:
        """The id ``text`` names: ``text`` itself when it is an id of the table, else the one model or piece whose
        French name it is (accents, case, spaces and dashes forgiven: ``guerrier-1`` for « Guerrier 1 »), else
        ``text`` unchanged (then :func:`need_thing` says what is wrong).

        >>> facts = TableFacts(Board(), {}, {}, {"warrior-1": "Guerrier 1", "naib-1": "Naïb 1"})
        >>> facts.resolve("guerrier-1"), facts.resolve("NAIB 1"), facts.resolve("warrior-1"), facts.resolve("x")
        ('warrior-1', 'naib-1', 'warrior-1', 'x')
        """
        b = self.board
        if b.has_base(text) or any(t.id == text for t in b.terrain) or any(m.id == text for m in b.markers):
            return text
        folded = _folded(text)
        found = [i for i, name in self.names_fr.items() if _folded(name) == folded]
        return found[0] if len(found) == 1 and folded else text

    def faction(self, model_id: str) -> str | None:
        """The faction of a model with a profile (``corrino/soldier`` -> ``corrino``), else None."""
        profile = self.profile.get(model_id)
        return profile.partition("/")[0] if profile else None

    def to_dict(self) -> dict[str, Any]:
        """The cache's JSON: plain lists, read back by :func:`_from_dict`."""
        b = self.board
        return {"format": FORMAT, "width": b.width, "depth": b.depth,
                "terrain": [[t.id, [list(p) for p in t.polygon], t.height_cm, t.movement] for t in b.terrain],
                "bases": [[x.id, x.x, x.y, x.diameter_mm, x.height_cm, x.side] for x in b.bases],
                "markers": [[m.id, m.x, m.y, m.size_mm, m.owner] for m in b.markers],
                "movement": self.movement, "profile": self.profile, "names_fr": self.names_fr}


def _from_dict(d: dict[str, Any]) -> TableFacts:
    board = Board(float(d["width"]), float(d["depth"]),
                  tuple(TerrainPiece(i, tuple((float(x), float(y)) for x, y in poly), float(h), m)
                        for i, poly, h, m in d["terrain"]),
                  tuple(Base(i, x, y, dia, h, side) for i, x, y, dia, h, side in d["bases"]),
                  tuple(Marker(i, x, y, size, owner) for i, x, y, size, owner in d["markers"]))
    return TableFacts(board, {k: (None if v is None else float(v)) for k, v in d["movement"].items()},
                      dict(d["profile"]), {str(k): str(v) for k, v in d["names_fr"].items()})


def _folded(text: str) -> str:
    """A name as it is compared: accents dropped, case folded, every run of other characters one ``_`` (as
    :func:`landsraad.warband.names.normalize_name` folds names, without importing the warband model)."""
    folded = unicodedata.normalize("NFKD", text.casefold().replace("œ", "oe").replace("æ", "ae"))
    plain = "".join(c for c in folded if not unicodedata.combining(c))
    return re.sub(r"[^0-9a-z]+", "_", plain).strip("_")


def facts_of(scene: Scene) -> TableFacts:
    """The table facts of a validated scene."""
    return TableFacts(scene.board, {m.id: scene.movement(m.id) for m in scene.models},
                      {m.id: m.profile for m in scene.models},
                      scene.french_names())


# --- the cache --------------------------------------------------------------------------------


def cache_dir() -> Path | None:
    """Where validated scenes are kept: ``$LANDSRAAD_CACHE_DIR``, else ``$XDG_CACHE_HOME/landsraad``,
    else ``~/.cache/landsraad``; None when ``LANDSRAAD_NO_CACHE`` is set (to anything but 0 or empty)."""
    if os.environ.get("LANDSRAAD_NO_CACHE", "") not in ("", "0"):
        return None
    if os.environ.get("LANDSRAAD_CACHE_DIR"):
        return Path(os.environ["LANDSRAAD_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "landsraad"


def _data_stamp() -> list[Any]:
    """Size and time of every bundled faction sheet and terrain kit a scene's models and pieces read."""
    package = Path(__file__).resolve().parent.parent
    out: list[Any] = []
    for root in (package / "_data", package.parent):
        for folder in (root / "factions", root / "scenes" / "kits"):
            if folder.is_dir():
                for f in sorted(folder.glob("*.y*ml")):
                    st = f.stat()
                    out.append([str(f), st.st_size, st.st_mtime_ns])
    return out


def _stamps(paths: Sequence[str]) -> list[list[Any]]:
    """Each file's path, size and time (a missing one: -1, so it never matches a kept stamp)."""
    out: list[list[Any]] = []
    for p in paths:
        try:
            st = os.stat(p)
            out.append([p, st.st_size, st.st_mtime_ns])
        except OSError:
            out.append([p, -1, -1])
    return out


def _key(data: bytes) -> str:
    blob = json.dumps([FORMAT, __version__, hashlib.sha256(data).hexdigest(), _data_stamp()]).encode()
    return hashlib.sha256(blob).hexdigest()


def _bundled_or_path(text: str) -> Path | None:
    """The file ``text`` names when that is plain: an existing file, or a bundled scene's name; else None
    (the validating loader then says what is wrong, in its words)."""
    path = Path(text)
    try:
        if path.is_file():
            return path
    except (OSError, ValueError):
        return None
    if path.suffix == "" and path.parent == Path(".") and text:
        package = Path(__file__).resolve().parent.parent
        for root in (package / "_data" / "scenes", package.parent / "scenes"):
            if root.is_dir():
                for suffix in _SCENE_SUFFIXES:
                    if (root / (text + suffix)).is_file():
                        return root / (text + suffix)
                return None
    return None


def load_facts(text: str) -> TableFacts:
    """The table facts of the scene named by ``text`` (a path or a bundled scene's name): from the
    cache when the file and the bundled data are unchanged, else validated and kept.

    Raises
    ------
    UsageError
        No such scene (as :func:`landsraad.table.scenes.scene_path`).
    DataError
        The scene file has problems (every one, as :func:`landsraad.scene.load_scene`).
    """
    folder = cache_dir()
    path = _bundled_or_path(text)
    if path is None:
        return facts_of(_validating("load")(text))
    try:
        data = path.read_bytes()
    except OSError:
        return facts_of(_validating("load")(text))
    entry = folder / "scenes" / f"{_key(data)}.json" if folder is not None else None
    if entry is not None:
        try:
            kept = json.loads(entry.read_text(encoding="utf-8"))
            if _stamps([p for p, _, _ in kept.get("depends", [])]) == kept.get("depends", []):
                return _from_dict(kept)
        except (OSError, ValueError, KeyError, TypeError, LandsraadError):
            pass  # not there yet, unreadable, or a warband list it reads has changed: read again below
    plain = _plain(path, data)
    if plain is None:
        return facts_of(_validating("load")(text))
    if entry is not None:
        _write(entry, {**plain.to_dict(), "depends": []})
    return plain


def _plain(path: Path, data: bytes) -> TableFacts | None:
    """The table facts of a plain, valid scene file (:func:`landsraad.scene_lean.plain_board`: no pydantic, no
    data model), else None: a file with profiles, kit pieces or warband lists, or with any problem, is for the
    validating loader, which says what is wrong in its words."""
    try:
        text = data.decode("utf-8")
        if len(text) > _parser("MAX_CHARS"):
            return None
        parsed = _parser("parse_document")(text, str(path)).data
        found = plain_board(parsed, card=bundled_card, kit_piece=bundled_kit_piece)
    except (UnicodeDecodeError, LandsraadError):
        return None
    if found is None:
        return None
    board, movement, profile = found
    return TableFacts(board, movement, profile, french_names(parsed, kit_name=bundled_kit_name_fr))


def _write(entry: Path, kept: dict[str, Any]) -> None:
    """Write a cache entry; a cache that cannot be written only costs the next question the reading again."""
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(entry, json.dumps(kept))
    except OSError:
        pass


def keep(path: Path, data: bytes, scene: Scene) -> None:
    """Keep the table facts of ``scene``, validated from the file ``path`` whose bytes were ``data``, in the
    cache (when it is on and the file still holds those bytes), so that the next ``measure`` or ``move`` on
    the unchanged file need not validate it: :func:`landsraad.table.scenes.load` calls it after every
    validation, whichever command asked (``shoot``, ``advise``, ``threat``, ``template``)."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        if path.read_bytes() != data:
            return  # changed while it was validated: what was validated is not what the key would say
        entry = folder / "scenes" / f"{_key(data)}.json"
        # the warband lists its models are read from (their profiles and weapons): the entry holds while they are unchanged
        lists = sorted({str((path.parent / m.list_file).resolve()) for m in scene.models if m.list_file is not None})
        _write(entry, {**facts_of(scene).to_dict(), "depends": _stamps(lists)})
    except (OSError, LandsraadError):
        pass  # a cache that cannot be written only costs the next question the validation again


# --- names as people type them ------------------------------------------------------------------


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
    extra: Message | str = ""
    if hint is not None and hint[0] == "model":
        extra = message(" Did you mean {name}?", name=quoted(hint[1]))
    elif hint is not None:
        extra = message(_NOT_A_MODEL[hint[0]], name=quoted(hint[1]))
    raise UsageError(message(_NO_SUCH_MODEL.get(what, _NO_SUCH_MODEL["model"]), name=quoted(model_id), scene=truncate(scene, 200))
                     + extra + message(" Models: {names}.", names=truncate(_names(ids), 300)))


_NO_SUCH_MODEL = {"model": N_("There is no model {name} in scene {scene}."), "shooter": N_("There is no shooter {name} in scene {scene}."),
                  "target": N_("There is no target {name} in scene {scene}.")}
"""The sentence of :func:`need_model` for each role a model is named in (``what``)."""

_NOT_A_MODEL = {"marker": N_(" ({name} is a marker, not a model.)"), "terrain piece": N_(" ({name} is a terrain piece, not a model.)")}

_DID_YOU_MEAN = {"model": N_(" Did you mean the model {name}?"), "marker": N_(" Did you mean the marker {name}?"),
                 "terrain piece": N_(" Did you mean the terrain piece {name}?")}


def need_thing(board: Board, item_id: str, scene: str) -> None:
    """Raise a :class:`UsageError` unless ``item_id`` is a model, marker or terrain piece of ``board``
    (models are suggested first: ``measure`` is about models, the others give a distance only)."""
    groups = [("model", [b.id for b in board.bases]), ("marker", [m.id for m in board.markers]),
              ("terrain piece", [t.id for t in board.terrain])]
    if any(item_id in ids for _, ids in groups):
        return
    hint = suggest(item_id, groups)
    extra = message(_DID_YOU_MEAN[hint[0]], name=quoted(hint[1])) if hint else ""
    raise UsageError(message("There is no model, marker or terrain piece {name} in scene {scene}.", name=quoted(item_id),
                             scene=truncate(scene, 200)) + extra + message(" Models: {names}.", names=truncate(_names(groups[0][1]), 300)))


def movement_of(movement: float | None, model_id: str, given: float | None, scene_name: str) -> float:
    """The move allowance: ``given``, else ``movement`` (the model's Movement in the scene).

    Raises
    ------
    UsageError
        Neither is known.
    """
    if given is not None:
        return given
    if movement is None:
        raise UsageError(message("Model {name} has no movement in scene {scene}; give one with --movement CM.", name=quoted(model_id),
                                 scene=truncate(scene_name, 200)))
    return float(movement)
