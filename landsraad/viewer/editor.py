"""The table editor's model: a scene changed step by step, with undo, redo, live checks and saving.

Plain Python, no pyglet. Every change makes a new immutable :class:`~landsraad.scene.Scene`
and pushes the old one on the undo stack. The live warnings are the library's own checks:
the scene file's problems (:func:`~landsraad.scene.scene_problems`: overlaps, bases on
impassable terrain, off the table) and the set-up rules
(:func:`~landsraad.geometry.setup.check_terrain_placement`,
:func:`~landsraad.geometry.setup.check_deployment`). Saving writes YAML that
:func:`~landsraad.scene.load_scene` reads back to an equal scene, atomically.

Examples
--------
>>> ed = Editor(Scene())
>>> a = ed.add_model(side="red", at=(10.2, 10.3), base=30)
>>> ed.snap = True
>>> b = ed.add_model(side="red", at=(10.9, 12.2), base=30)
>>> a, b, ed.scene.model(b).at
('red-1', 'red-2', (11.0, 12.0))
>>> [w for w in ed.warnings() if "overlaps" in w] != []
True
>>> ed.undo(); [m.id for m in ed.scene.models]
True
['red-1']
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Literal

import shapely.affinity
from shapely.geometry import Polygon

from ..content import Document, load_faction, read_document
from ..errors import DataError, Problem, UsageError
from ..fileio import atomic_write_text, check_output_path
from ..geometry.board import DEFAULT_MODEL_HEIGHT_CM, Board, Point
from ..geometry.movement import free_spot_near
from ..geometry.setup import check_deployment, check_terrain_placement
from ..i18n import message, numeral
from ..kits import load_kit
from ..scene import MarkerSpec, ModelSpec, Scene, TerrainSpec, load_scene, scene_problems

__all__ = ["SNAP_CM", "Editor", "open_scene", "snap_point"]

SNAP_CM = 0.5
"""The snapping grid, in cm."""

Kind = Literal["blocked", "difficult", "open"]
_KINDS: tuple[Kind, ...] = ("blocked", "difficult", "open")


def snap_point(p: Point, step: float = SNAP_CM) -> Point:
    """``p`` on the nearest ``step`` grid point.

    >>> snap_point((10.26, 3.74))
    (10.5, 3.5)
    """
    return (round(p[0] / step) * step, round(p[1] / step) * step)


def open_scene(path: str | Path) -> Scene:
    """A scene file for editing: a scene whose only problems are geometric (an overlap, a base on
    a rock) opens, so it can be fixed; a file with a bad structure raises :class:`DataError`.

    Raises
    ------
    DataError
        Unreadable YAML or a structure that is not a scene (every problem listed).
    """
    doc = read_document(path)
    try:
        return load_scene(path)
    except DataError:
        structural = Scene.model_validate if isinstance(doc.data, dict) else None
        if structural is None:
            raise
        try:
            return structural(doc.data)
        except ValueError:
            raise DataError(scene_problems(doc)) from None


def _with(scene: Scene, **changes: Any) -> Scene:
    # validated afresh (a copy would keep the cached board of the old scene)
    return Scene.model_validate({**scene.model_dump(), **changes})


def _free_id(prefix: str, used: Iterable[str]) -> str:
    taken = set(used)
    k = 1
    while f"{prefix}-{k}" in taken:
        k += 1
    return f"{prefix}-{k}"


def _r2(p: Iterable[float]) -> tuple[float, float]:
    x, y = p
    return (round(float(x), 2), round(float(y), 2))


class Editor:
    """A scene being edited.

    Parameters
    ----------
    scene
        The starting scene.
    snap
        Whether placed positions snap to the :data:`SNAP_CM` grid.
    """

    def __init__(self, scene: Scene, *, snap: bool = False) -> None:
        self._scene = scene
        self._undo: list[Scene] = []
        self._redo: list[Scene] = []
        self._warned: tuple[Scene, bool, tuple[str, ...]] | None = None
        self.snap = snap

    # --- state ---------------------------------------------------------------------------------

    @property
    def scene(self) -> Scene:
        """The scene now."""
        return self._scene

    @property
    def board(self) -> Board:
        """The scene's geometry now."""
        return self._scene.board

    def ids(self) -> list[str]:
        """Every id used by a piece, model or marker."""
        s = self._scene
        return [t.id for t in s.terrain] + [m.id for m in s.models] + [k.id for k in s.markers]

    def _set(self, scene: Scene) -> None:
        self._undo.append(self._scene)
        self._redo.clear()
        self._scene = scene

    def _place(self, p: Point) -> Point:
        return snap_point(p) if self.snap else _r2(p)

    def replace(self, scene: Scene) -> None:
        """Put a whole other table in place (a recovered autosave); undo brings this one back."""
        self._set(scene)

    def undo(self) -> bool:
        """Go back one change; False when there is nothing to undo."""
        if not self._undo:
            return False
        self._redo.append(self._scene)
        self._scene = self._undo.pop()
        return True

    def redo(self) -> bool:
        """Redo the last undone change; False when there is nothing to redo."""
        if not self._redo:
            return False
        self._undo.append(self._scene)
        self._scene = self._redo.pop()
        return True

    # --- models ----------------------------------------------------------------------------------

    def move_model(self, model_id: str, to: Point) -> None:
        """Put ``model_id``'s centre at ``to`` (snapped when snapping is on)."""
        at = self._place(to)
        self._set(_with(self._scene, models=[m.model_copy(update={"at": at}) if m.id == model_id else m
                                             for m in self._scene.models]))

    def on_table(self, at: Point, base_mm: float, edge: str | None = None) -> Point:
        """Where a new base of ``base_mm`` centred near ``at`` goes: wholly on the table (the nearest
        such centre), and in contact with ``edge`` when one is given (R-DEPLOY).

        >>> ed = Editor(Scene())
        >>> ed.on_table((24.94, 1.35), 30), ed.on_table((70, 30), 25), ed.on_table((20, 30), 30, "north")
        ((24.94, 1.5), (58.75, 30.0), (20.0, 58.5))
        """
        r = base_mm / 20.0
        board = self.board
        x, y = self._place(at)
        if edge == "south":
            y = r
        elif edge == "north":
            y = board.depth - r
        elif edge == "west":
            x = r
        elif edge == "east":
            x = board.width - r
        elif edge is not None:
            raise UsageError(message("The edges are south, north, west and east; got {edge}.", edge=repr(edge)))
        return (round(min(max(x, r), board.width - r), 4), round(min(max(y, r), board.depth - r), 4))

    def add_model(self, *, side: str | None, at: Point, base: float = 30.0, height: float = DEFAULT_MODEL_HEIGHT_CM,
                  movement: float | None = None, name: str | None = None, profile: str | None = None,
                  edge: str | None = None) -> str:
        """Add a model; returns its new id (``side-N``).

        The base is put wholly on the table (:meth:`on_table`: a pointer near an edge moves it
        in), and in contact with ``edge`` when one is given.
        """
        new_id = _free_id(side or "model", self.ids())
        spec = ModelSpec(id=new_id, at=self.on_table(at, base, edge), base=base, height=height, side=side, movement=movement,
                         name=name, profile=profile)
        self._set(_with(self._scene, models=[*self._scene.models, spec]))
        return new_id

    def add_profile(self, faction_id: str, profile_id: str, *, side: str, at: Point, edge: str | None = None) -> str:
        """Add a model of a bundled faction's profile card (its base, height and Movement).

        Raises
        ------
        UnknownNameError
            For an unknown faction or profile (the valid names listed).
        """
        faction = load_faction(faction_id)
        profile = next((p for p in faction.profiles if p.id == profile_id), None)
        if profile is None:
            raise UsageError(message("Faction {faction} has no profile {profile}; its profiles are: {profiles}.", faction=repr(faction_id),
                                     profile=repr(profile_id), profiles=", ".join(p.id for p in faction.profiles)))
        return self.add_model(side=side, at=at, base=profile.base_mm, height=profile.height_cm or DEFAULT_MODEL_HEIGHT_CM,
                              movement=profile.movement, name=profile.name, profile=f"{faction_id}/{profile_id}", edge=edge)

    def add_warband(self, warband: Any, *, side: str, near: Point) -> list[str]:
        """Add every model of a warband list (a :class:`~landsraad.warband.WarbandList`) near ``near``.

        Each goes to the free spot nearest ``near`` (:func:`~landsraad.geometry.movement.free_spot_near`);
        a model with no free spot left is skipped. Returns the new ids.
        """
        faction = load_faction(warband.faction)
        profiles = {p.id: p for p in faction.profiles}
        added: list[str] = []
        for entry in warband.models:
            profile = profiles.get(entry.type)
            base = profile.base_mm if profile else 30.0
            spot = free_spot_near(self.board, base, near)
            if spot is None:
                continue
            added.append(self.add_model(side=side, at=spot, base=base,
                                        height=(profile.height_cm if profile and profile.height_cm else DEFAULT_MODEL_HEIGHT_CM),
                                        movement=profile.movement if profile else None, name=entry.name or (profile.name if profile else None),
                                        profile=f"{warband.faction}/{entry.type}" if profile else None))
        return added

    # --- terrain ---------------------------------------------------------------------------------

    def piece(self, piece_id: str) -> TerrainSpec:
        """The terrain piece ``piece_id``."""
        for t in self._scene.terrain:
            if t.id == piece_id:
                return t
        pieces = ", ".join(t.id for t in self._scene.terrain) or message("(none)")
        raise UsageError(message("There is no terrain piece {piece}; the pieces are: {pieces}.", piece=repr(piece_id), pieces=pieces))

    def _replace_piece(self, piece_id: str, **changes: Any) -> None:
        self._set(_with(self._scene, terrain=[t.model_copy(update=changes) if t.id == piece_id else t
                                              for t in self._scene.terrain]))

    def _reshape_piece(self, t: TerrainSpec, corners: list[Point]) -> None:
        """Give piece ``t`` the footprint ``corners``: a kit, circle or rect piece read from a file becomes
        the polygon it was, keeping its height, movement and name (a moved kit piece is no longer at its
        kit's ``at``)."""
        spec = TerrainSpec(id=t.id, polygon=corners, height=t.height_cm, movement=t.movement_kind, name=t.name,
                           name_fr=t.french_name)
        self._set(_with(self._scene, terrain=[spec if p.id == t.id else p for p in self._scene.terrain]))

    def place_kit_piece(self, kit_id: str, piece_index: int, at: Point) -> str:
        """Place piece number ``piece_index`` of a bundled terrain kit centred at ``at``; returns its id."""
        kit = load_kit(kit_id)
        kp = kit.pieces[piece_index % len(kit.pieces)]
        new_id = _free_id(kp.id, self.ids())
        placed = kp.placed_at(self._place(at), new_id)
        spec = TerrainSpec(id=new_id, polygon=[_r2(p) for p in placed.polygon], height=kp.height, movement=kp.movement, name=kp.name,
                           name_fr=kp.name_fr)
        self._set(_with(self._scene, terrain=[*self._scene.terrain, spec]))
        return new_id

    def add_polygon(self, points: Iterable[Point], *, height: float = 0.0, movement: Kind = "blocked") -> str:
        """Add a new terrain piece drawn corner by corner; returns its id.

        Raises
        ------
        UsageError
            Fewer than 3 distinct corners or an outline that crosses itself.
        """
        pts = [self._place(p) for p in points]
        shape = Polygon(pts) if len({tuple(p) for p in pts}) >= 3 else None
        if shape is None or not shape.is_valid or shape.area <= 0:
            raise UsageError(message("A terrain piece needs at least 3 distinct corners and an outline that does not cross itself; got {points}.",
                                     points=str(pts)))
        new_id = _free_id("piece", self.ids())
        self._set(_with(self._scene, terrain=[*self._scene.terrain, TerrainSpec(id=new_id, polygon=pts, height=height, movement=movement)]))
        return new_id

    def move_piece(self, piece_id: str, by: Point) -> None:
        """Shift a terrain piece by ``by`` cm (snapped to whole grid steps when snapping is on)."""
        dx, dy = snap_point(by) if self.snap else by
        t = self.piece(piece_id)
        self._reshape_piece(t, [_r2((x + dx, y + dy)) for x, y in t.footprint])

    def rotate_piece(self, piece_id: str, degrees: float) -> None:
        """Turn a terrain piece about its centroid (counter-clockwise for positive degrees)."""
        t = self.piece(piece_id)
        turned = shapely.affinity.rotate(Polygon(t.footprint), degrees, origin="centroid")
        self._reshape_piece(t, [_r2((x, y)) for x, y, *_ in list(turned.exterior.coords)[:-1]])

    def set_height(self, item_id: str, height: float) -> None:
        """Set a terrain piece's or a model's height (cm, 0 or more)."""
        if height < 0:
            raise UsageError(message("A height is 0 cm or more; got {height} cm for {item}.", height=numeral(height, "g"), item=repr(item_id)))
        if any(t.id == item_id for t in self._scene.terrain):
            self._replace_piece(item_id, height=round(height, 2))
        else:
            self._set(_with(self._scene, models=[m.model_copy(update={"height": round(height, 2)}) if m.id == item_id else m
                                                 for m in self._scene.models]))

    def cycle_movement(self, piece_id: str) -> Kind:
        """Blocked -> difficult -> open -> blocked; returns the new kind."""
        kind = _KINDS[(_KINDS.index(self.piece(piece_id).movement) + 1) % len(_KINDS)]
        self._replace_piece(piece_id, movement=kind)
        return kind

    def delete(self, item_id: str) -> None:
        """Remove a piece, model or marker."""
        s = self._scene
        self._set(_with(s, terrain=[t for t in s.terrain if t.id != item_id], models=[m for m in s.models if m.id != item_id],
                        markers=[k for k in s.markers if k.id != item_id]))

    def add_marker(self, at: Point, size: Literal[30, 50] = 30) -> str:
        """Add an objective marker; returns its id."""
        new_id = _free_id("marker", self.ids())
        self._set(_with(self._scene, markers=[*self._scene.markers, MarkerSpec(id=new_id, at=self._place(at), size=size)]))
        return new_id

    # --- checks and saving -----------------------------------------------------------------------

    def file_problems(self) -> list[Problem]:
        """The problems that would stop the scene file from loading (overlaps, off the table, ...)."""
        return scene_problems(Document("editor", self._scene.model_dump(mode="json", exclude_none=True)))

    def warnings(self, *, setup: bool = True) -> list[str]:
        """Every live warning: the file's problems, then, for a table being set up (``setup``),
        R-TERRAIN and R-DEPLOY (when the scene gives edges). A mid-game table (``setup=False``:
        ``landsraad view --stage play``) has moved on from set-up, so only the file's problems count.

        Computed once per scene and stage (scenes are immutable), so a window may ask every frame.
        """
        if self._warned is not None and self._warned[0] is self._scene and self._warned[1] == setup:
            return list(self._warned[2])
        out = [p.message for p in self.file_problems()]
        board = self.board
        if setup:
            out += [p.message for p in check_terrain_placement(board)]
            sides = {b.side for b in board.bases}
            edges = {s: e for s, e in self._scene.edges.items() if s in sides}
            if edges:
                out += [p.message for p in check_deployment(board, edges)]
        self._warned = (self._scene, setup, tuple(out))
        return out

    def save(self, path: str | Path) -> Path:
        """Write the scene as YAML, atomically (the previous file stays whole on any error).

        Raises
        ------
        DataError
            When the scene has a problem that would stop the file from loading (listed).
        OutputPathError
            When the path cannot be written.
        """
        target = check_output_path(path, what="scene file")
        problems = self.file_problems()
        if problems:
            raise DataError([Problem(str(target), p.where, p.message + message(" Fix it before saving.")) for p in problems])
        atomic_write_text(target, self._scene.to_yaml())
        return target

