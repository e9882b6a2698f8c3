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
``name`` on pieces and models; ``owner`` and ``mission`` on markers.

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
from functools import cached_property
from pathlib import Path
from typing import Any, Iterable, Literal, Mapping, Optional

import shapely
import yaml
from pydantic import Field, ValidationError, ValidationInfo, field_validator
from shapely.geometry import Point as _ShapelyPoint
from shapely.geometry import Polygon
from shapely.validation import explain_validity

from .content import Document, parse_document, read_document, validation_problems
from .errors import DataError, Problem, UnknownNameError
from .geometry.board import DEFAULT_MODEL_HEIGHT_CM, Base, Board, Marker, TerrainPiece
from .model import Frozen

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
]

EdgeName = Literal["south", "north", "west", "east"]
_ID = r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$"
_SLACK = 1e-9  # cm: floating-point slack for "touching is not overlapping"

Coord = tuple[float, float]


class TableSpec(Frozen):
    """The table's size in cm (R-TABLE: 60 x 60)."""

    width: float = Field(60.0, gt=0)
    depth: float = Field(60.0, gt=0)


class TerrainSpec(Frozen):
    """A terrain piece: footprint polygon (cm), height (cm, 0 never blocks sight), movement kind."""

    id: str = Field(pattern=_ID)
    polygon: list[Coord]  # at least 3 corners: checked with the geometry, naming the piece
    height: float = Field(0.0, ge=0)
    movement: Literal["blocked", "difficult", "open"] = "blocked"
    name: Optional[str] = None


class ModelSpec(Frozen):
    """A model: centre ``at`` (cm), base diameter (mm), height (cm), side, Movement (cm)."""

    id: str = Field(pattern=_ID)
    at: Coord
    base: float = Field(gt=0, description="base diameter in mm")
    height: float = Field(DEFAULT_MODEL_HEIGHT_CM, ge=0, description="cm; default 3.5")
    side: Optional[str] = None
    movement: Optional[float] = Field(None, ge=0)
    name: Optional[str] = None


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
            terrain=tuple(TerrainPiece(t.id, tuple(t.polygon), t.height, t.movement) for t in self.terrain),
            bases=tuple(Base(m.id, m.at[0], m.at[1], m.base, m.height, m.side) for m in self.models),
            markers=tuple(Marker(k.id, k.at[0], k.at[1], float(k.size), k.owner) for k in self.markers),
        )

    def model(self, model_id: str) -> ModelSpec:
        """The model ``model_id``; unknown ids list the valid ones."""
        for m in self.models:
            if m.id == model_id:
                return m
        raise UnknownNameError("model", model_id, [m.id for m in self.models])

    def movement(self, model_id: str) -> float | None:
        """The model's Movement in cm, or None when the scene gives none.

        Examples
        --------
        >>> s = parse_scene("models: [{id: a, at: [5, 5], base: 25, movement: 12}, {id: b, at: [9, 5], base: 25}]", "s")
        >>> s.movement("a"), s.movement("b")
        (12.0, None)
        """
        m = self.model(model_id)
        return None if m.movement is None else float(m.movement)

    def to_yaml(self) -> str:
        """The scene as YAML that :func:`parse_scene` reads back to an equal scene.

        Examples
        --------
        >>> s = parse_scene("models: [{id: a, at: [5, 5], base: 25}]", "s")
        >>> print(s.to_yaml())
        source: project
        table: {width: 60.0, depth: 60.0}
        models:
          - {id: a, at: [5.0, 5.0], base: 25.0, height: 3.5}
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
                ModelSpec(id=b.id, at=(b.x, b.y), base=b.diameter_mm, height=b.height_cm, side=b.side, movement=movement.get(b.id))
                for b in board.bases
            ],
            markers=[MarkerSpec(id=m.id, at=m.center, size=int(m.size_mm), owner=m.owner) for m in board.markers],
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


def _fmt(x: float) -> str:
    return f"{x:.1f}"


def scene_problems(doc: Document) -> list[Problem]:
    """Every problem of a parsed scene document: structure first, then geometry.

    Geometry is checked on every item that is valid on its own, so one bad key does not hide
    an overlap elsewhere.
    """
    problems: list[Problem] = []
    if not isinstance(doc.data, dict):
        got = "an empty file" if doc.data is None else f"a {type(doc.data).__name__}"
        return [Problem(doc.source, "", f"A scene file must be a mapping with table, terrain, models and markers; got {got}.")]
    try:
        Scene.model_validate(doc.data)
    except ValidationError as exc:
        problems.extend(_named(validation_problems(exc, doc), exc, doc))

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
                problems.append(Problem(doc.source, at(key, i, "id"), f"The id {item.id!r} is already used by {first}."))
            else:
                seen[item.id] = at(key, i)

    # terrain polygons
    shapes: dict[int, Polygon] = {}
    for i, t in terrain:
        where = at("terrain", i, "polygon")
        distinct = {tuple(p) for p in t.polygon}
        if len(distinct) < 3:
            problems.append(Problem(doc.source, where, f"Terrain {t.id!r} has {len(distinct)} distinct corner{'s' if len(distinct) != 1 else ''}; a footprint needs at least 3."))
            continue
        poly = Polygon(t.polygon)
        if poly.convex_hull.area <= 1e-9:
            problems.append(Problem(doc.source, where, f"Terrain {t.id!r} is degenerate: its corners enclose no area (they need at least 3 distinct points not in a line)."))
            continue
        if not poly.is_valid:
            why = explain_validity(poly).replace("[", " at ").replace("]", "")
            problems.append(Problem(doc.source, where, f"Terrain {t.id!r} is not a simple polygon: its outline crosses itself ({why})."))
            continue
        if poly.area <= 1e-9:
            problems.append(Problem(doc.source, where, f"Terrain {t.id!r} is degenerate: its corners enclose no area."))
            continue
        shapes[i] = poly
        if not box.buffer(_SLACK).covers(poly):
            problems.append(Problem(doc.source, where, f"Terrain {t.id!r} extends off the {_fmt(table.width)} x {_fmt(table.depth)} cm table."))

    def off_table(x: float, y: float, r: float) -> bool:
        return x - r < -_SLACK or y - r < -_SLACK or x + r > table.width + _SLACK or y + r > table.depth + _SLACK

    # models
    for i, m in models:
        r = m.base / 20.0
        if off_table(m.at[0], m.at[1], r):
            problems.append(Problem(doc.source, at("models", i, "at"),
                f"The base of model {m.id!r} ({_fmt(m.base / 10)} cm wide at {m.at[0]:g}, {m.at[1]:g}) is not wholly on the {_fmt(table.width)} x {_fmt(table.depth)} cm table."))
        c = _ShapelyPoint(*m.at)
        for j, t in terrain:
            if t.movement != "blocked" or j not in shapes:
                continue
            if shapes[j].contains(c) or shapes[j].distance(c) < r - _SLACK:
                problems.append(Problem(doc.source, at("models", i, "at"),
                    f"The base of model {m.id!r} stands on impassable terrain {t.id!r}."))
    for (i, a), (j, b) in _pairs(models):
        ra, rb = a.base / 20.0, b.base / 20.0
        d = math.hypot(a.at[0] - b.at[0], a.at[1] - b.at[1])
        if d < ra + rb - _SLACK:
            problems.append(Problem(doc.source, at("models", j, "at"),
                f"The base of model {b.id!r} overlaps the base of model {a.id!r} (models[{i}]): their centres are "
                f"{_fmt(d)} cm apart, less than the {_fmt(ra + rb)} cm their radii need."))

    # markers
    for i, k in markers:
        if off_table(k.at[0], k.at[1], k.size / 20.0):
            problems.append(Problem(doc.source, at("markers", i, "at"),
                f"Marker {k.id!r} ({k.size} mm at {k.at[0]:g}, {k.at[1]:g}) is not wholly on the {_fmt(table.width)} x {_fmt(table.depth)} cm table."))
    for (i, a), (j, b) in _pairs(markers):
        d = math.hypot(a.at[0] - b.at[0], a.at[1] - b.at[1])
        need = (a.size + b.size) / 20.0
        if d < need - _SLACK:
            problems.append(Problem(doc.source, at("markers", j, "at"),
                f"Marker {b.id!r} overlaps marker {a.id!r} (markers[{i}]): their centres are {_fmt(d)} cm apart, less than {_fmt(need)} cm."))

    # deployment edges
    edges = doc.data.get("edges")
    if isinstance(edges, dict):
        by_edge: dict[Any, str] = {}
        for side, edge in edges.items():
            if edge in by_edge:
                problems.append(Problem(doc.source, at("edges", side),
                    f"Sides {by_edge[edge]!r} and {side!r} both deploy on the {edge} edge; each side needs its own (R-DEPLOY)."))
            else:
                by_edge[edge] = side
    return problems


_KIND = {"terrain": "Terrain", "models": "Model", "markers": "Marker"}


def _named(problems: list[Problem], exc: ValidationError, doc: Document) -> list[Problem]:
    """Prefix structural problems inside a list item with the item's id: "Model 'far': ..."."""
    names: dict[str, str] = {}
    for error in exc.errors():
        loc = error["loc"]
        if len(loc) >= 2 and loc[0] in _KIND and isinstance(loc[1], int):
            items = doc.data.get(loc[0]) if isinstance(doc.data, dict) else None
            item = items[loc[1]] if isinstance(items, list) and loc[1] < len(items) else None
            if isinstance(item, dict) and isinstance(item.get("id"), str):
                names[doc.locate(loc)] = f"{_KIND[loc[0]]} {item['id']!r}: "
    return [Problem(p.source, p.where, names.get(p.where, "") + p.message) for p in problems]


def _pairs(items: list[tuple[int, Any]]) -> Iterable[tuple[tuple[int, Any], tuple[int, Any]]]:
    for a in range(len(items)):
        for b in range(a + 1, len(items)):
            yield items[a], items[b]


def _validate(doc: Document) -> Scene:
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
    return _validate(read_document(path))
