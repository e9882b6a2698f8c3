"""Scene files: a table with terrain, models and objective markers, as YAML (or JSON).

Coordinates are centimetres from the table's south-west corner (x east, y north); base and
marker diameters are millimetres, as players say them; heights are centimetres. A scene
reads::

    table: {width: 60, depth: 60}            # optional, default 60 x 60 (R-TABLE)
    terrain:
      - id: rock
        polygon: [[20, 20], [28, 20], [28, 26], [20, 26]]
        height: 8                           # cm; 0 = does not block sight (default 0)
        movement: blocked                   # blocked (default) | difficult | open
    models:
      - id: sardaukar-1
        at: [30, 10]                        # centre
        base: 30                            # mm
        height: 3.5                         # cm, optional: default 3.5 (DEFAULT_MODEL_HEIGHT_CM)
        side: red                           # optional
        movement: 10                        # cm, optional
    markers:                                # optional objective markers, 30 or 50 mm (R-MISSIONS)
      - {id: spice-1, at: [45, 45], size: 50}
    edges: {red: south, blue: north}        # optional deployment edges (R-DEPLOY)

Optional keys: ``name``, ``description``, ``source`` (``project`` by default) at the top;
``name`` and ``name_fr`` (the name a French reader sees in place of the id, issue 40) on pieces
and models; ``owner`` and ``mission`` on markers.

Quick to write (docs/scenes.md): a piece's footprint may instead be a bundled kit piece
placed and turned (``{kit: arrakeen/house, at: [x, y], rotate: 30}``), a circle
(``circle: {at, radius}``) or a rectangle (``rect: {at, size: [w, d], rotate}``); a model may
name its profile card (``profile: corrino/soldier``), which fills its base, height and
Movement, and stand on top of an impassable piece (``standing_on: crates``).

A bad scene is one :class:`~landsraad.errors.DataError` listing every problem with its key
path and line: unknown keys, wrong types, duplicate ids, self-intersecting or degenerate
polygons, terrain or bases off the table, overlapping bases or markers, a base standing on
impassable terrain, two sides on one edge. Touching is not overlapping, and a base touching
the table's edge is on the table. Terrain spacing (R-TERRAIN) and deployment (R-DEPLOY) are
set-up checks, not file errors: see :mod:`landsraad.geometry.setup`.

Examples
--------
>>> scene = parse_scene('''
... terrain:
...   - {id: rock, polygon: [[20, 20], [28, 20], [28, 26], [20, 26]], height: 8}
... models:
...   - {id: a, at: [10, 10], base: 30, side: red, movement: 10}
... ''', "example.yaml")
>>> scene.board.base("a").radius, scene.movement("a"), scene.board.terrain[0].height_cm
(1.5, 10.0, 8.0)
>>> parse_scene('''
... models:
...   - {id: a, at: [10, 10], base: 30}
...   - {id: a, at: [11, 10], base: 30, colour: red}
... ''', "bad.yaml")
Traceback (most recent call last):
...
landsraad.errors.DataError: bad.yaml: models[1].colour (line 4, column 37): Model 'a': This key is not allowed here (check its spelling).
bad.yaml: models[1].id (line 4, column 6): The id 'a' is already used by models[0] (line 3, column 5).
bad.yaml: models[1].at (line 4, column 13): The base of model 'a' overlaps the base of model 'a' (models[0]): their centres are 1.0 cm apart, less than the 3.0 cm their radii need.
"""

from __future__ import annotations

import math
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Annotated, Any, Iterable, Literal, Mapping, Optional

import shapely
import yaml
from pydantic import (
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from shapely.geometry import Point as _ShapelyPoint
from shapely.geometry import Polygon
from shapely.validation import explain_validity

from .content import (
    Document,
    load_faction,
    parse_document,
    read_document,
    validation_problems,
)
from .errors import DataError, Problem, UnknownNameError, did_you_mean, quoted
from .geometry.board import DEFAULT_MODEL_HEIGHT_CM, Base, Board, Marker, TerrainPiece
from .i18n import N_, Message, Numeral, joined, message, nmessage, numeral
from .kits import KitPiece, kit_ids, load_kit
from .lazy import lazy_exports
from .model import Faction, FrenchName, Frozen, Profile, Weapon
from .scene_lean import (  # the limits and footprints shared with the lean reading of plain scene files
    ID_PATTERN,
    MAX_CORNERS,
    MAX_MARKERS,
    MAX_MODELS,
    MAX_SCENE_CORNERS,
    MAX_TERRAIN,
    SLACK,
    circle_corners,
    rect_corners,
    turned,
)

__all__ = [
    "EdgeName",
    "TableSpec",
    "TerrainSpec",
    "ModelSpec",
    "MarkerSpec",
    "Scene",
    "SceneFile",
    "parse_scene",
    "load_scene",
    "scene_problems",
    "scene_schema",
    "MAX_LISTED",
    "MAX_MODELS",
    "MAX_TERRAIN",
    "MAX_MARKERS",
    "MAX_CORNERS",
    "MAX_SCENE_CORNERS",
]

EdgeName = Literal["south", "north", "west", "east"]
_ID = ID_PATTERN
_SLACK = SLACK  # cm: floating-point slack for "touching is not overlapping"
MAX_LISTED = 20
"""Overlap problems listed one by one; the check stops at the next one ("and more")."""

Finite = Annotated[float, Field(allow_inf_nan=False)]
Coord = tuple[Finite, Finite]
Movement = Literal["blocked", "difficult", "open"]


class TableSpec(Frozen):
    """The table's size in cm (R-TABLE: 60 x 60)."""

    width: Finite = Field(60.0, gt=0)
    depth: Finite = Field(60.0, gt=0)


class CircleSpec(Frozen):
    """A round footprint: centre ``at`` and radius, in cm."""

    at: Coord
    radius: Finite = Field(gt=0, description="cm")


class RectSpec(Frozen):
    """A rectangular footprint: centre ``at``, ``size`` [width, depth] in cm, turned ``rotate`` degrees
    anticlockwise."""

    at: Coord
    size: tuple[Annotated[float, Field(gt=0, allow_inf_nan=False)], Annotated[float, Field(gt=0, allow_inf_nan=False)]]
    rotate: Finite = 0.0


@lru_cache(maxsize=64)
def _kit_piece(ref: str) -> KitPiece:
    """The kit piece ``KIT/PIECE`` (or a piece id found in exactly one bundled kit)."""
    kit_id, sep, piece_id = ref.partition("/")
    if sep:
        try:
            kit = load_kit(kit_id)
        except UnknownNameError:
            raise ValueError(message("There is no terrain kit {kit}; the kits are: {kits}.", kit=repr(kit_id), kits=", ".join(kit_ids()))) from None
        for piece in kit.pieces:
            if piece.id == piece_id:
                return piece
        raise ValueError(message("Kit {kit} has no piece {piece}; its pieces are: {pieces}.", kit=repr(kit_id), piece=repr(piece_id),
                                 pieces=", ".join(p.id for p in kit.pieces)))
    found = [(k, p) for k in kit_ids() for p in load_kit(k).pieces if p.id == ref]
    if len(found) == 1:
        return found[0][1]
    if found:
        raise ValueError(message("Kit piece {ref} is in several kits ({kits}); write KIT/PIECE, e.g. {example}.", ref=repr(ref),
                                 kits=", ".join(k for k, _ in found), example=f"{found[0][0]}/{ref}"))
    names = sorted(f"{k}/{p.id}" for k in kit_ids() for p in load_kit(k).pieces)
    raise ValueError(message("There is no kit piece {ref}; the bundled pieces are: {pieces}.", ref=repr(ref), pieces=", ".join(names)))


@lru_cache(maxsize=64)
def _profile(ref: str) -> Profile:
    """The profile card ``FACTION/TYPE`` (faction modifiers applied)."""
    faction_id, sep, type_id = ref.partition("/")
    if not sep or not faction_id or not type_id:
        raise ValueError(message("A profile is written FACTION/TYPE, e.g. corrino/soldier; got {ref}.", ref=repr(ref)))
    try:
        return load_faction(faction_id).profile(type_id)
    except UnknownNameError as exc:
        raise ValueError(exc.problems[0].message) from None  # a Message: the French when read in French


def arsenal(faction: Faction, card: Profile) -> tuple[str, ...]:
    """The weapon ids a model of ``card`` may carry in ``faction``: its card's, then the common
    and the specialist weapons (R-FACTION), each once."""
    return tuple(dict.fromkeys((*card.weapons, *faction.common_weapons, *(s.weapon for s in faction.specialist_weapons))))


def _check_arsenal(profile: str | None, weapons: Iterable[str]) -> None:
    """Every weapon a scene model carries is in its faction's arsenal (every problem in one message)."""
    if profile is None:
        raise ValueError(message("The model carries weapons but names no profile: weapons are ids of a faction's arsenal, "
                                 "so give its profile (profile: corrino/soldier)."))
    faction = load_faction(profile.partition("/")[0])
    card = _profile(profile)
    allowed = arsenal(faction, card)
    catalogue = [x.id for x in faction.weapons]
    problems: list[Message] = []
    for w in weapons:
        if w in allowed:
            continue
        if w in catalogue:
            problems.append(message("{weapon} is in the {faction} catalogue but not in the arsenal of a {card}.", weapon=repr(w),
                                    faction=faction.id, card=card.id))
        else:
            hint = did_you_mean(w, allowed) or did_you_mean(w, catalogue)
            problems.append(message("{weapon} is not a {faction} weapon.", weapon=repr(w), faction=faction.id)
                            + (message(" Did you mean {hint!r}?", hint=hint) if hint else ""))
    if problems:
        raise ValueError(joined(" ", [*problems, message("A {card} may carry: {weapons}.", card=card.id, weapons=", ".join(allowed))]))


class TerrainSpec(Frozen):
    """A terrain piece: a footprint (cm), a height (cm, 0 never blocks sight) and a movement kind.

    The footprint is exactly one of ``polygon`` (corners), ``kit`` (a piece of a bundled kit,
    ``KIT/PIECE`` or a piece id, placed with its centre ``at`` and turned ``rotate`` degrees
    anticlockwise; it gives the height and movement unless they are written), ``circle``
    (``{at, radius}``) or ``rect`` (``{at, size: [w, d], rotate}``).
    """

    id: str = Field(pattern=_ID)
    polygon: Optional[list[Coord]] = None  # at least 3 corners: checked with the geometry, naming the piece
    kit: Optional[str] = None
    at: Optional[Coord] = None
    rotate: Optional[Finite] = None
    circle: Optional[CircleSpec] = None
    rect: Optional[RectSpec] = None
    height: Optional[Finite] = Field(None, ge=0, description="cm; default 0, or the kit piece's")
    movement: Optional[Movement] = Field(None, description="default blocked, or the kit piece's")
    name: Optional[str] = None
    name_fr: FrenchName = Field(None, description="the piece's name a French reader sees in place of its id")

    @model_validator(mode="after")
    def _one_footprint(self) -> "TerrainSpec":
        given = [k for k in ("polygon", "kit", "circle", "rect") if getattr(self, k) is not None]
        if len(given) != 1:
            what = message("none") if not given else joined(message(" and "), given)
            raise ValueError(message("Exactly one footprint is needed: polygon, kit, circle or rect; got {what}.", what=what))
        if self.kit is not None:
            if self.at is None:
                raise ValueError(message("Kit piece {kit} needs its centre: at: [x, y].", kit=repr(self.kit)))
            _kit_piece(self.kit)
        elif self.at is not None or self.rotate is not None:
            raise ValueError(message("at and rotate go with kit; circle and rect carry their own."))
        return self

    @cached_property
    def footprint(self) -> tuple[tuple[float, float], ...]:
        """The footprint's corners in table cm (circles: a polygon of 64 sides inside the circle)."""
        if self.polygon is not None:
            return tuple((float(x), float(y)) for x, y in self.polygon)
        if self.kit is not None:
            assert self.at is not None
            return tuple(turned(_kit_piece(self.kit).polygon, self.rotate or 0.0, self.at))
        if self.circle is not None:
            return circle_corners(self.circle.at, self.circle.radius)
        assert self.rect is not None
        return rect_corners(self.rect.at, self.rect.size, self.rect.rotate)

    @property
    def height_cm(self) -> float:
        """The height: as written, else the kit piece's, else 0."""
        if self.height is not None:
            return float(self.height)
        return float(_kit_piece(self.kit).height) if self.kit is not None else 0.0

    @property
    def french_name(self) -> str | None:
        """The French name: ``name_fr`` as written, else the kit piece's, else None."""
        if self.name_fr is not None:
            return self.name_fr
        return _kit_piece(self.kit).name_fr if self.kit is not None else None

    @property
    def movement_kind(self) -> Movement:
        """The movement kind: as written, else the kit piece's, else blocked."""
        if self.movement is not None:
            return self.movement
        return _kit_piece(self.kit).movement if self.kit is not None else "blocked"


class ModelSpec(Frozen):
    """A model: centre ``at`` (cm), base diameter (mm), height (cm), side, Movement (cm).

    ``profile: FACTION/TYPE`` names the model's profile card: it fills the base, the height and
    the Movement not written here, and gives ``shoot`` the model's stats.
    ``standing_on: PIECE`` says the model stands on top of an impassable piece (a crate, a roof): its feet are at the piece's
    height for sight and cover (PRJ-48).
    """

    id: str = Field(pattern=_ID)
    at: Coord
    base: Optional[Finite] = Field(None, gt=0, description="base diameter in mm; default: the profile's")
    height: Optional[Finite] = Field(None, ge=0, description="cm; default: the profile's, else 3.5")
    side: Optional[str] = None
    movement: Optional[Finite] = Field(None, ge=0, description="cm; default: the profile's")
    profile: Optional[str] = Field(None, description="FACTION/TYPE, e.g. corrino/soldier")
    standing_on: Optional[str] = Field(None, description="the impassable terrain piece the model stands on top of")
    name: Optional[str] = None
    name_fr: FrenchName = Field(None, description="the model's name a French reader sees in place of its id (which "
                                "the command lines also take, as they take this name)")
    weapons: Optional[tuple[str, ...]] = Field(None, description="the weapons the model carries, ids of its faction's arsenal "
                                     "(its card's, the common and the specialist weapons); default: its card's")
    list_file: Optional[str] = Field(None, alias="list", description="a warband list file (relative to the scene's folder): "
                                     "with entry, the model's profile and weapons are that list model's")
    entry: Optional[str | int] = Field(None, description="the list model: its name or label (Soldier 2), or its number in the list from 1")

    model_config = ConfigDict(**Frozen.model_config, serialize_by_alias=True)  # a saved scene writes list:, as read

    @model_validator(mode="after")
    def _base_known(self) -> "ModelSpec":
        if self.profile is not None:
            _profile(self.profile)
        elif self.base is None:
            raise ValueError(message("A base diameter in mm (base: 30) or a profile (profile: corrino/soldier) is needed."))
        if self.weapons is not None:
            _check_arsenal(self.profile, self.weapons)
        return self

    @property
    def carried(self) -> tuple[Weapon, ...]:
        """The weapons the model carries: ``weapons`` as written, else its card's; none without a profile."""
        if self.profile is None:
            return ()
        sheet = load_faction(self.profile.partition("/")[0])
        card = self.card
        assert card is not None
        return tuple(sheet.weapon(w) for w in (self.weapons if self.weapons is not None else card.weapons))

    @property
    def card(self) -> Profile | None:
        """The profile card, if the model names one."""
        return _profile(self.profile) if self.profile is not None else None

    @property
    def base_mm(self) -> float:
        """The base diameter in mm: as written, else the profile's."""
        if self.base is not None:
            return float(self.base)
        card = self.card
        assert card is not None  # checked by the validator
        return float(card.base_mm)

    @property
    def height_cm(self) -> float:
        """The height in cm: as written, else the profile's, else :data:`DEFAULT_MODEL_HEIGHT_CM`."""
        if self.height is not None:
            return float(self.height)
        card = self.card
        return float(card.height_cm) if card is not None and card.height_cm is not None else DEFAULT_MODEL_HEIGHT_CM

    @property
    def movement_cm(self) -> float | None:
        """The Movement in cm: as written, else the profile's, else None."""
        if self.movement is not None:
            return float(self.movement)
        card = self.card
        return float(card.movement) if card is not None else None


class MarkerSpec(Frozen):
    """An objective marker: a 30 or 50 mm token (R-MISSIONS)."""

    id: str = Field(pattern=_ID)
    at: Coord
    size: Literal[30, 50] = 30
    owner: Optional[str] = None
    mission: Optional[str] = None


class Scene(Frozen):
    """A scene file, validated. :attr:`board` is its geometry (:class:`~landsraad.geometry.board.Board`).

    Build one with :func:`parse_scene` or :func:`load_scene`, which also run the geometric
    checks (:func:`scene_problems`); ``Scene.model_validate`` checks the structure only.
    """

    name: Optional[str] = None
    description: Optional[str] = None
    source: Literal["rulebook", "project"] = "project"
    table: TableSpec = TableSpec()
    terrain: list[TerrainSpec] = []
    models: list[ModelSpec] = []
    markers: list[MarkerSpec] = []
    edges: dict[str, EdgeName] = {}

    @field_validator("terrain", "models", "markers", "edges", mode="before")
    @classmethod
    def _none_is_empty(cls, value: Any, info: ValidationInfo) -> Any:
        # "markers:" with nothing after it reads as null in YAML; it means "none"
        if value is None:
            return {} if info.field_name == "edges" else []
        return value

    @cached_property
    def board(self) -> Board:
        """The scene as geometry: bases, terrain prisms and markers."""
        return Board(
            width=self.table.width,
            depth=self.table.depth,
            terrain=tuple(TerrainPiece(t.id, t.footprint, t.height_cm, t.movement_kind) for t in self.terrain),
            bases=tuple(Base(m.id, m.at[0], m.at[1], m.base_mm, m.height_cm, m.side) for m in self.models),
            markers=tuple(Marker(k.id, k.at[0], k.at[1], float(k.size), k.owner) for k in self.markers),
        )

    def model(self, model_id: str) -> ModelSpec:
        """The model ``model_id``; unknown ids list the valid ones."""
        for m in self.models:
            if m.id == model_id:
                return m
        raise UnknownNameError("model", model_id, [m.id for m in self.models])

    def french_names(self) -> dict[str, str]:
        """The French name (``name_fr``, a kit piece's by default) of each terrain piece and model that has one, by
        id (issue 40).

        Examples
        --------
        >>> parse_scene("models: [{id: warrior-1, at: [5, 5], base: 30, name_fr: Guerrier 1}]", "s").french_names()
        {'warrior-1': 'Guerrier 1'}
        """
        names = {t.id: t.french_name for t in self.terrain if t.french_name is not None}
        names.update((m.id, m.name_fr) for m in self.models if m.name_fr is not None)
        return names

    def movement(self, model_id: str) -> float | None:
        """The model's Movement in cm, or None when the scene gives none.

        Examples
        --------
        >>> s = parse_scene("models: [{id: a, at: [5, 5], base: 25, movement: 12}, {id: b, at: [9, 5], base: 25}]", "s")
        >>> s.movement("a"), s.movement("b")
        (12.0, None)
        """
        return self.model(model_id).movement_cm

    def to_yaml(self) -> str:
        """The scene as YAML that :func:`parse_scene` reads back to an equal scene.

        Examples
        --------
        >>> s = parse_scene("models: [{id: a, at: [5, 5], base: 25}]", "s")
        >>> print(s.to_yaml())
        source: project
        table: {width: 60.0, depth: 60.0}
        models:
          - {id: a, at: [5.0, 5.0], base: 25.0}
        <BLANKLINE>
        >>> parse_scene(s.to_yaml(), "again") == s
        True
        """
        data = self.model_dump(mode="json", exclude_none=True)
        lines: list[str] = []
        for key in ("name", "description", "source"):
            if key in data:
                lines.append(f"{key}: {_flow(data[key])}")
        lines.append(f"table: {_flow(data['table'])}")
        for key in ("terrain", "models", "markers"):
            if data.get(key):
                lines.append(f"{key}:")
                lines.extend(f"  - {_flow(item)}" for item in data[key])
        if data.get("edges"):
            lines.append(f"edges: {_flow(data['edges'])}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_board(cls, board: Board, *, movement: Mapping[str, float] | None = None, **fields: Any) -> "Scene":
        """A scene describing ``board`` (markers of other sizes than 30/50 mm are refused).

        Examples
        --------
        >>> s = parse_scene("models: [{id: a, at: [5, 5], base: 25, movement: 8}]", "s")
        >>> Scene.from_board(s.board, movement={"a": 8}) == s
        True
        """
        movement = dict(movement or {})
        return cls(
            table=TableSpec(width=board.width, depth=board.depth),
            terrain=[TerrainSpec(id=t.id, polygon=list(t.polygon), height=t.height_cm, movement=t.movement) for t in board.terrain],
            models=[
                ModelSpec(id=b.id, at=(b.x, b.y), base=b.diameter_mm, side=b.side, movement=movement.get(b.id),
                          height=None if b.height_cm == DEFAULT_MODEL_HEIGHT_CM else b.height_cm)
                for b in board.bases
            ],
            # validated, as a file's would be: the board's markers may have any size, a scene's are 30 or 50 mm
            markers=[MarkerSpec.model_validate({"id": m.id, "at": m.center, "size": int(m.size_mm), "owner": m.owner}) for m in board.markers],
            **fields,
        )


SceneFile = Scene
"""The pydantic model of a scene file (the same class as :class:`Scene`)."""


def _flow(value: Any) -> str:
    """One-line YAML for plain data."""
    return yaml.safe_dump(value, default_flow_style=True, sort_keys=False, width=10_000).strip().removesuffix("...").strip()


# --- checking ------------------------------------------------------------------------------------


def _items(doc: Document, key: str, spec: type[Frozen]) -> list[tuple[int, Any]]:
    """The items of list ``key`` that are valid on their own, with their index."""
    data = doc.data.get(key) if isinstance(doc.data, dict) else None
    if not isinstance(data, list):
        return []
    out = []
    for i, item in enumerate(data):
        if isinstance(item, dict):
            # unknown keys are reported by the structural check; keep checking the geometry
            item = {k: v for k, v in item.items() if k in spec.model_fields}
        try:
            out.append((i, spec.model_validate(item)))
        except (ValidationError, ValueError, TypeError):
            pass
    return out


def _table(doc: Document) -> TableSpec:
    raw = doc.data.get("table") if isinstance(doc.data, dict) else None
    try:
        return TableSpec.model_validate(raw if raw is not None else {})
    except (ValidationError, ValueError, TypeError):
        return TableSpec()


def _fmt(x: float) -> Numeral:
    return numeral(x, ".1f")


def scene_problems(doc: Document) -> list[Problem]:
    """Every problem of a parsed scene document: structure first, then geometry.

    Geometry is checked on every item that is valid on its own, so one bad key does not hide
    an overlap elsewhere.
    """
    problems: list[Problem] = []
    if not isinstance(doc.data, dict):
        got = message("an empty file") if doc.data is None else message("a {kind}", kind=type(doc.data).__name__)
        return [Problem(doc.source, "", message("A scene file must be a mapping with table, terrain, models and markers; got {got}.", got=got))]
    too_big = _size_problems(doc)
    if too_big:  # nothing else is checked: the checks' work grows with the sizes (issue 42)
        return too_big
    try:
        Scene.model_validate(doc.data)
    except ValidationError as exc:
        problems.extend(_named(_in_words(validation_problems(exc, doc), exc, doc), exc, doc))

    def at(*loc: Any) -> str:
        return doc.locate(loc)

    table = _table(doc)
    box = shapely.box(0.0, 0.0, table.width, table.depth)
    terrain = _items(doc, "terrain", TerrainSpec)
    models = _items(doc, "models", ModelSpec)
    markers = _items(doc, "markers", MarkerSpec)

    # duplicate ids, across terrain, models and markers (the commands name any of them)
    seen: dict[str, str] = {}
    for key, items in (("terrain", terrain), ("models", models), ("markers", markers)):
        for i, item in items:
            if item.id in seen:
                first = seen[item.id]
                problems.append(Problem(doc.source, at(key, i, "id"), message("The id {id} is already used by {first}.", id=repr(item.id), first=first)))
            else:
                seen[item.id] = at(key, i)

    # terrain polygons
    shapes: dict[int, Polygon] = {}
    for i, t in terrain:
        where = at("terrain", i, "polygon")
        try:
            corners = t.footprint
        except ValueError:
            continue  # reported by the structural check
        distinct = {tuple(p) for p in corners}
        if len(distinct) < 3:
            problems.append(Problem(doc.source, where, nmessage("Terrain {id} has {n} distinct corner; a footprint needs at least 3.",
                                                                 "Terrain {id} has {n} distinct corners; a footprint needs at least 3.", len(distinct), id=repr(t.id))))
            continue
        poly = Polygon(corners)
        if poly.convex_hull.area <= 1e-9:
            problems.append(Problem(doc.source, where, message("Terrain {id} is degenerate: its corners enclose no area (they need at least 3 distinct points not in a line).", id=repr(t.id))))
            continue
        if not poly.is_valid:
            why = explain_validity(poly).replace("[", " at ").replace("]", "")
            problems.append(Problem(doc.source, where, message("Terrain {id} is not a simple polygon: its outline crosses itself ({why}).", id=repr(t.id), why=why)))
            continue
        if poly.area <= 1e-9:
            problems.append(Problem(doc.source, where, message("Terrain {id} is degenerate: its corners enclose no area.", id=repr(t.id))))
            continue
        shapes[i] = poly
        if not box.buffer(_SLACK).covers(poly):
            problems.append(Problem(doc.source, where, message("Terrain {id} extends off the {width} x {depth} cm table.", id=repr(t.id), width=_fmt(table.width), depth=_fmt(table.depth))))

    def off_table(x: float, y: float, r: float) -> bool:
        return x - r < -_SLACK or y - r < -_SLACK or x + r > table.width + _SLACK or y + r > table.depth + _SLACK

    # models
    for i, m in models:
        r = m.base_mm / 20.0
        if off_table(m.at[0], m.at[1], r):
            problems.append(Problem(doc.source, at("models", i, "at"),
                message("The base of model {id} ({wide} cm wide at {x}, {y}) is not wholly on the {width} x {depth} cm table.", id=repr(m.id),
                        wide=_fmt(m.base_mm / 10), x=numeral(m.at[0], "g"), y=numeral(m.at[1], "g"), width=_fmt(table.width), depth=_fmt(table.depth))))
        c = _ShapelyPoint(*m.at)
        if m.standing_on is not None:
            under = [(j, t) for j, t in terrain if t.id == m.standing_on]
            if not under:
                problems.append(Problem(doc.source, at("models", i, "standing_on"),
                    message("Model {id} stands on {piece}, which is not a terrain piece of this scene.", id=repr(m.id), piece=repr(m.standing_on))))
            elif under[0][1].movement_kind != "blocked" or under[0][1].height_cm <= 0:
                problems.append(Problem(doc.source, at("models", i, "standing_on"),
                    message("Model {id} stands on {piece}, but a model stands on top of impassable pieces with a height only; it stands in "
                            "difficult or open terrain (leave out standing_on).", id=repr(m.id), piece=repr(m.standing_on))))
            elif under[0][0] in shapes and not shapes[under[0][0]].covers(c):
                problems.append(Problem(doc.source, at("models", i, "at"),
                    message("Model {id} stands on {piece}, but its base centre ({x}, {y}) is not over it.", id=repr(m.id), piece=repr(m.standing_on),
                            x=numeral(m.at[0], "g"), y=numeral(m.at[1], "g"))))
        for j, t in terrain:
            if t.movement_kind != "blocked" or j not in shapes or t.id == m.standing_on:
                continue
            if shapes[j].contains(c) or shapes[j].distance(c) < r - _SLACK:
                problems.append(Problem(doc.source, at("models", i, "at"),
                    message("The base of model {id} stands on impassable terrain {piece}.", id=repr(m.id), piece=repr(t.id))))
    overlaps: list[Problem] = []
    for (i, a), (j, b) in _close_pairs(models, lambda m: m.base_mm / 20.0):
        ra, rb = a.base_mm / 20.0, b.base_mm / 20.0
        d = math.hypot(a.at[0] - b.at[0], a.at[1] - b.at[1])
        if d < ra + rb - _SLACK:
            overlaps.append(Problem(doc.source, at("models", j, "at"),
                message("The base of model {id} overlaps the base of model {other} (models[{i}]): their centres are {d} cm apart, less than "
                        "the {need} cm their radii need.", id=repr(b.id), other=repr(a.id), i=i, d=_fmt(d), need=_fmt(ra + rb))))
            if len(overlaps) > MAX_LISTED:
                break  # enough to say there are more
    problems += _bounded(overlaps, doc, "models", message("bases overlap"))

    # markers
    for i, k in markers:
        if off_table(k.at[0], k.at[1], k.size / 20.0):
            problems.append(Problem(doc.source, at("markers", i, "at"),
                message("Marker {id} ({size} mm at {x}, {y}) is not wholly on the {width} x {depth} cm table.", id=repr(k.id), size=numeral(k.size),
                        x=numeral(k.at[0], "g"), y=numeral(k.at[1], "g"), width=_fmt(table.width), depth=_fmt(table.depth))))
    overlaps = []
    for (i, a), (j, b) in _close_pairs(markers, lambda k: k.size / 20.0):
        d = math.hypot(a.at[0] - b.at[0], a.at[1] - b.at[1])
        need = (a.size + b.size) / 20.0
        if d < need - _SLACK:
            overlaps.append(Problem(doc.source, at("markers", j, "at"),
                message("Marker {id} overlaps marker {other} (markers[{i}]): their centres are {d} cm apart, less than {need} cm.", id=repr(b.id),
                        other=repr(a.id), i=i, d=_fmt(d), need=_fmt(need))))
            if len(overlaps) > MAX_LISTED:
                break  # enough to say there are more
    problems += _bounded(overlaps, doc, "markers", message("markers overlap"))

    # deployment edges
    edges = doc.data.get("edges")
    if isinstance(edges, dict):
        by_edge: dict[Any, str] = {}
        for side, edge in edges.items():
            if not isinstance(edge, str):
                continue  # reported by the structural check (an edge is one word)
            if edge in by_edge:
                problems.append(Problem(doc.source, at("edges", side),
                    message("Sides {first} and {side} both deploy on the {edge} edge; each side needs its own (R-DEPLOY).", first=repr(by_edge[edge]),
                            side=repr(side), edge=edge)))
            else:
                by_edge[edge] = side
    return problems


_KIND = {"terrain": N_("Terrain {id}: "), "models": N_("Model {id}: "), "markers": N_("Marker {id}: ")}
"""The prefix naming the item a structural problem is in (:func:`_named`), as catalog ids."""
_POINT_KEYS = {"at", "polygon"}


def _friendly(error: Mapping[str, Any]) -> str | None:
    """The user's words for the pydantic errors a scene file most often meets, else None."""
    kind, loc, value = error.get("type", ""), tuple(error.get("loc", ())), error.get("input")
    keys = [k for k in loc if isinstance(k, str)]
    last = keys[-1] if keys else ""
    shown: str = repr(value) if not isinstance(value, (dict, list)) else (message("a list") if isinstance(value, list) else message("a mapping"))
    if kind == "finite_number":
        return message("Numbers must be finite; got {shown}.", shown=shown)
    if last in _POINT_KEYS or (len(loc) >= 2 and loc[-2] in _POINT_KEYS) or (loc and loc[-1] in _POINT_KEYS):
        if kind in ("tuple_type", "too_short", "too_long", "list_type"):
            return message("A point is written [x, y] in cm, e.g. [12.5, 30]; got {shown}.", shown=shown)
    if kind in ("float_parsing", "float_type", "int_parsing", "int_type"):
        return message("Expected a number; got {shown}.", shown=shown)
    if loc and loc[0] == "edges":
        if kind == "dict_type":
            return message("edges gives each side its deployment edge, e.g. {{red: south, blue: north}}; got {shown}.", shown=shown)
        if kind == "literal_error":
            return message("An edge is south, north, west or east; got {shown}.", shown=shown)
    if kind in ("list_type",) and loc and loc[-1] in ("terrain", "models", "markers"):
        return message("{key} is a list of items, each starting with '- '; got {shown}.", key=loc[-1], shown=shown)
    if kind == "model_type" and last in ("circle", "rect"):
        example = "{at: [30, 30], radius: 4}" if last == "circle" else "{at: [30, 30], size: [8, 4], rotate: 0}"
        return message("{key} is written {example}; got {shown}.", key=last, example=example, shown=shown)
    if kind in ("model_type", "dict_type") and isinstance(loc[-1] if loc else None, int):
        return message("Each item is a mapping such as {{id: a, at: [10, 10], base: 30}}; got {shown}.", shown=shown)
    return None


def _in_words(problems: list[Problem], exc: ValidationError, doc: Document) -> list[Problem]:
    """Replace the messages :func:`_friendly` knows better."""
    better: dict[str, str] = {}
    for error in exc.errors():
        text = _friendly(error)
        if text is not None:
            better.setdefault(doc.locate(error["loc"]), text)
    out: list[Problem] = []
    seen: set[tuple[str, str]] = set()
    for p in problems:
        q = Problem(p.source, p.where, better.get(p.where, p.message))
        if (q.where, q.message) not in seen:
            seen.add((q.where, q.message))
            out.append(q)
    return out


def _named(problems: list[Problem], exc: ValidationError, doc: Document) -> list[Problem]:
    """Prefix structural problems inside a list item with the item's id: "Model 'far': ..."."""
    names: dict[str, str] = {}
    for error in exc.errors():
        loc = error["loc"]
        if len(loc) >= 2 and loc[0] in _KIND and isinstance(loc[1], int):
            items = doc.data.get(loc[0]) if isinstance(doc.data, dict) else None
            item = items[loc[1]] if isinstance(items, list) and loc[1] < len(items) else None
            if isinstance(item, dict) and isinstance(item.get("id"), str):
                names[doc.locate(loc)] = message(_KIND[loc[0]], id=repr(item["id"]))
    return [Problem(p.source, p.where, names.get(p.where, "") + p.message) for p in problems]


def _size_problems(doc: Document) -> list[Problem]:
    """The scene's sizes past :data:`MAX_MODELS`, :data:`MAX_TERRAIN`, :data:`MAX_MARKERS`,
    :data:`MAX_CORNERS` and :data:`MAX_SCENE_CORNERS`, checked on the raw document before any
    model is built (3,000 bases used to cost a minute of overlap checks)."""
    data = doc.data if isinstance(doc.data, dict) else {}
    problems = []
    for key, most, what in (("models", MAX_MODELS, message("models")), ("terrain", MAX_TERRAIN, message("terrain pieces")),
                            ("markers", MAX_MARKERS, message("markers"))):
        items = data.get(key)
        if isinstance(items, list) and len(items) > most:
            problems.append(Problem(doc.source, doc.locate((key,)),
                                    message("This scene has {n} {what}; a scene holds at most {most}.", n=numeral(len(items), ","), what=what,
                                            most=numeral(most, ","))))
    corners = 0
    terrain = data.get("terrain")
    for i, piece in enumerate(terrain if isinstance(terrain, list) and len(terrain) <= MAX_TERRAIN else []):
        polygon = piece.get("polygon") if isinstance(piece, dict) else None
        if isinstance(polygon, list):
            corners += len(polygon)
            if len(polygon) > MAX_CORNERS:
                problems.append(Problem(doc.source, doc.locate(("terrain", i, "polygon")),
                                        message("This polygon has {n} corners; a terrain piece has at most {most}.", n=numeral(len(polygon), ","),
                                                most=numeral(MAX_CORNERS, ","))))
    if corners > MAX_SCENE_CORNERS and not any("corners" in p.message for p in problems):
        problems.append(Problem(doc.source, doc.locate(("terrain",)),
                                message("The terrain's polygons have {n} corners in all; a scene has at most {most}.", n=numeral(corners, ","),
                                        most=numeral(MAX_SCENE_CORNERS, ","))))
    return problems


def _close_pairs(items: list[tuple[int, Any]], radius: Any) -> Iterable[tuple[tuple[int, Any], tuple[int, Any]]]:
    """Pairs of round items whose discs may overlap (sorted by x, so thousands of items stay quick)."""
    order = sorted(items, key=lambda it: it[1].at[0] - radius(it[1]))
    big = max((radius(it[1]) for it in items), default=0.0)
    for n, (i, a) in enumerate(order):
        reach = a.at[0] + radius(a) + big
        for j, b in order[n + 1:]:
            if b.at[0] - radius(b) > reach:
                break
            yield ((i, a), (j, b)) if i < j else ((j, b), (i, a))


def _bounded(problems: list[Problem], doc: Document, key: str, what: Message) -> list[Problem]:
    """The first :data:`MAX_LISTED` problems, then one line saying there are more.

    The overlap checks stop at the problem after the last listed one (3,000 bases at one point
    are 4.5 million overlapping pairs: counting them took over a minute), so the rest is not
    counted."""
    if len(problems) <= MAX_LISTED:
        return problems
    return problems[:MAX_LISTED] + [Problem(doc.source, doc.locate((key,)),
                                            message("... and more places where {what} (the check stops after {most}).", what=what, most=MAX_LISTED))]


def scene_schema() -> dict[str, Any]:
    """The JSON Schema of the scene format (``landsraad schema scene``).

    The geometric rules (no overlapping bases, everything on the table, simple footprints) are
    checked by :func:`scene_problems`, not by the schema.

    Examples
    --------
    >>> schema = scene_schema()
    >>> sorted(schema["properties"])
    ['description', 'edges', 'markers', 'models', 'name', 'source', 'table', 'terrain']
    >>> sorted(schema["$defs"]["TerrainSpec"]["properties"])
    ['at', 'circle', 'height', 'id', 'kit', 'movement', 'name', 'name_fr', 'polygon', 'rect', 'rotate']
    """
    schema = Scene.model_json_schema()
    schema["description"] = (
        "A Landsraad scene: a table (cm), terrain pieces (a polygon, a kit piece, a circle or a rectangle), "
        "models (base in mm, or a profile FACTION/TYPE) and objective markers. See docs/scenes.md.")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}


_warband, _ = lazy_exports("landsraad.warband", {"load_list": "validator", "resolve_models": "recruit"}, {})
"""The warband lists, loaded only for a scene whose models name one (start-up of the table commands)."""


def _from_lists(doc: Document, folder: Path) -> list[Problem]:
    """Fill in each model's ``profile`` and ``weapons`` from the warband list it names (``list`` and
    ``entry``), in ``doc.data``; the problems, each at its key. A profile or weapons written beside
    the list must be the list model's (a scene saved by the viewer writes both)."""
    problems: list[Problem] = []
    models = doc.data.get("models") if isinstance(doc.data, dict) else None
    if not isinstance(models, list):
        return problems
    for i, m in enumerate(models):
        if not isinstance(m, dict) or m.get("list") is None:
            continue
        where = doc.locate(("models", i, "list"))
        entry = m.get("entry")
        if entry is None or isinstance(entry, bool) or not isinstance(entry, (str, int)):
            problems.append(Problem(doc.source, where, message("A model read from a warband list needs its entry: the list model's name or label (entry: Duncan, "
                                            "entry: Soldier 2) or its number from 1 (entry: 3).")))
            continue
        path = Path(str(m["list"]))
        path = path if path.is_absolute() else folder / path
        try:
            recruited = _warband("resolve_models")(warband := _warband("load_list")(path))
        except DataError as exc:
            problems.append(Problem(doc.source, where, message("The warband list {list} cannot be used: {problem}", list=quoted(str(m["list"])),
                                                        problem=exc.problems[0].text() if exc.problems else str(exc).splitlines()[0])))
            continue
        if isinstance(entry, int):
            chosen = recruited[entry - 1] if 1 <= entry <= len(recruited) else None
        else:
            chosen = next((r for r in recruited if r.label.casefold() == entry.strip().casefold()
                           or (r.name or "").casefold() == entry.strip().casefold()), None)
        if chosen is None:
            labels = ", ".join(f"{n} {r.label}" for n, r in enumerate(recruited, 1))
            problems.append(Problem(doc.source, doc.locate(("models", i, "entry")),
                                    message("The warband list {list} has no model {entry}; its models: {labels}.", list=quoted(str(m["list"])),
                                            entry=quoted(str(entry)), labels=labels)))
            continue
        profile, weapons = f"{warband.faction}/{chosen.type}", [w.id for w in chosen.weapons]
        if m.get("profile") not in (None, profile):
            problems.append(Problem(doc.source, doc.locate(("models", i, "profile")),
                                    message("The profile {given} is not the list model's ({profile}); leave it out or write it.", given=quoted(str(m["profile"])),
                                            profile=profile)))
        elif m.get("weapons") is not None and list(m["weapons"]) != weapons:
            problems.append(Problem(doc.source, doc.locate(("models", i, "weapons")),
                                    message("The weapons {given} are not the list model's ({weapons}); leave them out.", given=quoted(str(m["weapons"])),
                                            weapons=", ".join(weapons))))
        else:
            m["profile"], m["weapons"] = profile, weapons
    return problems


def _validate(doc: Document, folder: Path | None = None) -> Scene:
    problems = _from_lists(doc, folder if folder is not None else Path("."))
    if problems:
        raise DataError(problems)
    problems = scene_problems(doc)
    if problems:
        raise DataError(problems)
    return Scene.model_validate(doc.data)


def parse_scene(text: str, source: str = "<scene>") -> Scene:
    """Parse and check scene text (YAML or JSON); every problem at once as a :class:`DataError`."""
    return _validate(parse_document(text, source))


def load_scene(path: str | Path) -> Scene:
    """Read and check a scene file; every problem at once as a :class:`DataError`.

    Examples
    --------
    >>> from landsraad.content import data_dir
    >>> scene = load_scene(data_dir("scenes") / "reference.yaml")
    >>> len(scene.terrain), len(scene.models)
    (10, 20)
    """
    return _validate(read_document(path), Path(path).parent)
