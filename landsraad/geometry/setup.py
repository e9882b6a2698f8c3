"""Set-up checks: terrain placement (R-TERRAIN) and deployment (R-DEPLOY).

R-TERRAIN: each terrain piece is placed *more than* 5 cm from the table's edges and *more
than* 10 cm from the pieces already placed: exactly 5 cm (or 10 cm) is not enough. Pieces
are taken as placed in board order, so of two pieces too close the later one is named.

R-DEPLOY: every model of a side is placed in contact with its own table edge; contact means
within the RUL-07 tolerance (0.1 cm by default), the base wholly on the table.

Edges: ``south`` is y = 0, ``north`` is y = depth, ``west`` is x = 0, ``east`` is x = width.

Examples
--------
>>> from landsraad.geometry.board import Board, TerrainPiece
>>> ok = TerrainPiece("rock", ((5.1, 20), (10, 20), (10, 25), (5.1, 25)), 4)
>>> check_terrain_placement(Board(terrain=(ok,)))
()
>>> at5 = TerrainPiece("rock", ((5, 20), (10, 20), (10, 25), (5, 25)), 4)   # exactly 5 cm: illegal
>>> [p.message for p in check_terrain_placement(Board(terrain=(at5,)))]
["Terrain 'rock' is 5.0 cm from the west edge; every piece must be more than 5 cm from the table's edges (R-TERRAIN)."]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal, Mapping

import shapely

from ..errors import GeometryError
from ..i18n import EDGE_NAMES, Message, in_languages, message, nmessage, numeral, side_name
from .board import Base, Board, Point
from .measure import CONTACT_TOLERANCE_CM

__all__ = [
    "Edge",
    "EDGES",
    "TERRAIN_EDGE_MARGIN_CM",
    "TERRAIN_SPACING_CM",
    "SetupProblem",
    "check_terrain_placement",
    "check_deployment",
    "edge_gap",
    "edge_contact",
    "deployment_spots",
]

Edge = Literal["south", "north", "west", "east"]
EDGES: tuple[Edge, ...] = ("south", "north", "west", "east")

TERRAIN_EDGE_MARGIN_CM = 5.0
"""R-TERRAIN: pieces more than this from the table's edges."""

TERRAIN_SPACING_CM = 10.0
"""R-TERRAIN: pieces more than this from each other."""

_SLACK = 1e-9

def _edge(edge: str) -> Message | str:
    """A table edge for prose, in the language the message is shown in (``south`` is typed as is)."""
    return message(EDGE_NAMES[edge]) if edge in EDGE_NAMES else edge


def _unknown_edge(edge: object) -> Message:
    return message("Unknown table edge {edge!r}; the edges are south, north, west and east.", edge=edge)


@dataclass(frozen=True)
class SetupProblem:
    """One set-up rule broken: the piece or model concerned, the rule id, a full sentence."""

    subject: str
    rule: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"subject": self.subject, "rule": self.rule, "message": self.message}

    def __str__(self) -> str:
        return self.message


def _edge_distances(board: Board, coords: Any) -> dict[Edge, float]:
    xs, ys = coords[:, 0], coords[:, 1]
    return {
        "west": float(xs.min()),
        "south": float(ys.min()),
        "east": float(board.width - xs.max()),
        "north": float(board.depth - ys.max()),
    }


def _named(item_id: str, names: Mapping[str, str] | None) -> str:
    """An id in a problem's words: the id in English (and in the JSON), its French name (``name_fr``) in French."""
    return in_languages(item_id, fr=names[item_id]) if names and item_id in names else item_id


def check_terrain_placement(
    board: Board,
    *,
    edge_margin_cm: float = TERRAIN_EDGE_MARGIN_CM,
    spacing_cm: float = TERRAIN_SPACING_CM,
    names: Mapping[str, str] | None = None,
) -> tuple[SetupProblem, ...]:
    """Every breach of R-TERRAIN: a piece not *more than* 5 cm from the edges, or not *more than*
    10 cm from a piece placed before it (board order). Distances are footprint to footprint.
    ``names`` are the pieces' French names by id, shown in place of the ids in French.

    Examples
    --------
    >>> from landsraad.geometry.board import Board, TerrainPiece
    >>> a = TerrainPiece("a", ((10, 10), (15, 10), (15, 15), (10, 15)))
    >>> b = TerrainPiece("b", ((25, 10), (30, 10), (30, 15), (25, 15)))    # exactly 10 cm from a
    >>> c = TerrainPiece("c", ((25.1, 30), (30, 30), (30, 35), (25.1, 35)))
    >>> [(p.subject, p.rule) for p in check_terrain_placement(Board(terrain=(a, b)))]
    [('b', 'R-TERRAIN')]
    >>> check_terrain_placement(Board(terrain=(a, c)))
    ()
    """
    problems: list[SetupProblem] = []
    for t in board.terrain:
        coords = shapely.get_coordinates(t.shape)
        dists = _edge_distances(board, coords)
        edge = min(dists, key=lambda e: dists[e])
        d = dists[edge]
        if d <= edge_margin_cm + _SLACK:
            if d < 0:
                text = message("Terrain {piece!r} is over the {edge} edge; every piece must be more than {margin} cm"
                               " from the table's edges (R-TERRAIN).", piece=_named(t.id, names), edge=_edge(edge),
                               margin=numeral(edge_margin_cm, "g"))
            else:
                text = message("Terrain {piece!r} is {gap} cm from the {edge} edge; every piece must be more than {margin}"
                               " cm from the table's edges (R-TERRAIN).", piece=_named(t.id, names), gap=numeral(d, ".1f"),
                               edge=_edge(edge), margin=numeral(edge_margin_cm, "g"))
            problems.append(SetupProblem(t.id, "R-TERRAIN", text))
    for j, later in enumerate(board.terrain):
        for earlier in board.terrain[:j]:
            d = float(later.shape.distance(earlier.shape))
            if d <= spacing_cm + _SLACK:
                problems.append(SetupProblem(later.id, "R-TERRAIN", message(
                    "Terrain {piece!r} is {gap} cm from {other!r}; pieces must be more than {spacing} cm apart (R-TERRAIN).",
                    piece=_named(later.id, names), gap=numeral(d, ".1f"), other=_named(earlier.id, names),
                    spacing=numeral(spacing_cm, "g"))))
    return tuple(problems)


def edge_gap(board: Board, base: Base, edge: Edge) -> float:
    """Distance in cm from the base's edge to a table edge (negative when the base hangs over it).

    Examples
    --------
    >>> from landsraad.geometry.board import Base
    >>> edge_gap(Board(), Base("a", 10, 1.5, 30), "south"), edge_gap(Board(), Base("a", 10, 1.5, 30), "north")
    (0.0, 57.0)
    """
    if edge == "south":
        return base.y - base.radius
    if edge == "north":
        return board.depth - base.y - base.radius
    if edge == "west":
        return base.x - base.radius
    if edge == "east":
        return board.width - base.x - base.radius
    raise GeometryError(_unknown_edge(edge))


def edge_contact(board: Board, base: Base, edge: Edge, tolerance: float) -> bool:
    """Whether ``base`` touches the table ``edge`` within ``tolerance`` cm (R-DEPLOY, RUL-07)."""
    return edge_gap(board, base, edge) <= tolerance + 1e-9


def check_deployment(board: Board, edges: Mapping[str, Edge], *, tolerance_cm: float = CONTACT_TOLERANCE_CM,
                     names: Mapping[str, str] | None = None) -> tuple[SetupProblem, ...]:
    """Every breach of R-DEPLOY: each base of side ``s`` must be in contact with ``edges[s]`` (``names``: the
    models' French names by id, shown in place of the ids in French).

    Contact is within ``tolerance_cm`` (RUL-07, 0.1 cm; the boundary counts) with the base
    wholly on the table. Only the sides named in ``edges`` are checked (models of other sides,
    or with no side, are left alone), so one player's deployment can be checked on its own.

    Examples
    --------
    >>> from landsraad.geometry.board import Base
    >>> board = Board(bases=(Base("r1", 10, 1.6, 30, side="red"), Base("r2", 20, 1.7, 30, side="red"),
    ...                      Base("b1", 10, 58.5, 30, side="blue")))
    >>> [p.message for p in check_deployment(board, {"red": "south", "blue": "north"})]
    ["Model 'r2' (red) is 0.2 cm from the south edge; it must be deployed in contact with it (R-DEPLOY, within 0.1 cm)."]
    """
    for side, edge in edges.items():
        if edge not in EDGES:
            raise GeometryError(message("Side {side!r} has unknown edge {edge!r}; the edges are south, north, west and east.",
                                        side=side, edge=edge))
    problems: list[SetupProblem] = []
    for b in board.bases:
        if b.side is None or b.side not in edges:
            continue  # only the sides given are checked
        edge = edges[b.side]
        overhang = [e for e in EDGES if edge_gap(board, b, e) < -_SLACK]
        if overhang:
            problems.append(SetupProblem(b.id, "R-DEPLOY", message(
                "Model {model!r} ({side}) hangs over the {edge} edge; its base must be wholly on the table (R-DEPLOY).",
                model=_named(b.id, names), side=side_name(b.side), edge=_edge(overhang[0]))))
            continue
        gap = edge_gap(board, b, edge)
        if gap > tolerance_cm + _SLACK:
            problems.append(SetupProblem(b.id, "R-DEPLOY", message(
                "Model {model!r} ({side}) is {gap} cm from the {edge} edge; it must be deployed in contact with it"
                " (R-DEPLOY, within {tolerance} cm).", model=_named(b.id, names), side=side_name(b.side), gap=numeral(gap, ".1f"),
                edge=_edge(edge), tolerance=numeral(tolerance_cm, "g"))))
    return tuple(problems)


def deployment_spots(board: Board, edge: Edge, diameter_mm: float, count: int, *, step_cm: float = 0.05) -> tuple[Point, ...]:
    """``count`` legal centres for new bases of ``diameter_mm`` in contact with ``edge`` (R-DEPLOY).

    Each spot touches the edge, lies wholly on the table and overlaps no base, no other spot
    and no impassable terrain (touching allowed). Bases are packed side by side greedily from
    one end (which fits the most along a line), and the ``count`` spots nearest the middle of
    the edge are returned, nearest first. Raises :class:`GeometryError` when fewer fit.

    Examples
    --------
    >>> deployment_spots(Board(), "south", 30, 3)
    ((28.5, 1.5), (31.5, 1.5), (25.5, 1.5))
    >>> deployment_spots(Board(width=10, depth=10), "west", 50, 3)
    Traceback (most recent call last):
    ...
    landsraad.errors.GeometryError: Only 2 bases of 50 mm fit along the west edge; 3 were asked for.
    """
    if edge not in EDGES:
        raise GeometryError(_unknown_edge(edge))
    if not diameter_mm > 0:
        raise GeometryError(message("A base diameter must be more than 0 mm; got {diameter}.", diameter=str(diameter_mm)))
    if count < 0:
        raise GeometryError(message("The number of spots must be 0 or more; got {count}.", count=count))
    r = diameter_mm / 20.0
    length = board.width if edge in ("south", "north") else board.depth
    if length < 2 * r:
        raise GeometryError(message("A {diameter} mm base does not fit along the {edge} edge.",
                                    diameter=numeral(diameter_mm, "g"), edge=_edge(edge)))
    # Greedy from one end packs the most bases along a line; of those, keep the ones nearest
    # the middle of the edge.
    n_steps = int(math.floor((length - 2 * r) / step_cm + _SLACK))
    along = [r + k * step_cm for k in range(n_steps + 1)]
    if length - r - along[-1] > _SLACK:
        along.append(length - r)

    def centre(s: float) -> Point:
        if edge == "south":
            return (s, r)
        if edge == "north":
            return (s, board.depth - r)
        if edge == "west":
            return (r, s)
        return (board.width - r, s)

    blocked = [(t.shape, t.shape.bounds) for t in board.terrain_of("blocked")]
    taken: list[tuple[float, float, float]] = [(b.x, b.y, b.radius) for b in board.bases]
    spots: list[Point] = []
    for s in along:
        x, y = centre(round(s, 9))
        if any(math.hypot(x - ox, y - oy) < r + orad - _SLACK for ox, oy, orad in taken):
            continue
        near = [poly for poly, (x0, y0, x1, y1) in blocked if x0 - r < x < x1 + r and y0 - r < y < y1 + r]
        if near:
            p = shapely.Point(x, y)
            if any(poly.contains(p) or poly.distance(p) < r - _SLACK for poly in near):
                continue
        spots.append((x, y))
        taken.append((x, y, r))
    if len(spots) < count:
        if not spots:
            text = message("No base of {diameter} mm fit along the {edge} edge; {count} were asked for.",
                           diameter=numeral(diameter_mm, "g"), edge=_edge(edge), count=count)
        else:
            text = nmessage("Only {n} base of {diameter} mm fit along the {edge} edge; {count} were asked for.",
                            "Only {n} bases of {diameter} mm fit along the {edge} edge; {count} were asked for.",
                            len(spots), diameter=numeral(diameter_mm, "g"), edge=_edge(edge), count=count)
        raise GeometryError(text)
    key = (lambda p: abs(p[0] - length / 2)) if edge in ("south", "north") else (lambda p: abs(p[1] - length / 2))
    return tuple(sorted(spots, key=key)[:count])
