"""The vocabulary of missions and the read-only view of a game that evaluators use: models, markers, kills, and pure table helpers (R-MISSIONS)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, Protocol, Sequence, runtime_checkable

from ..errors import UnknownNameError

RANKS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
"""The ranks a picked mission may take: 1 is the most important (R-MISSIONS)."""

MAX_PICKS = 6
"""A player picks between one and six missions (R-MISSIONS)."""

MARKER_SIZES_MM: tuple[int, int] = (30, 50)
"""Mission markers are 30 or 50 mm tokens (R-MISSIONS)."""

Point = tuple[float, float]
Edge = Literal["south", "north", "west", "east"]
WoundLevel = Literal["none", "light", "grave", "fatal"]
Outcome = bool | None
"""A mission's result: ``True`` success, ``False`` failure, ``None`` neither (0 VP, PRJ-77)."""

_ID = r"^[a-z][a-z0-9_]*$"
_EPS = 1e-9  # float slack for "at least X cm" comparisons: touching a limit is allowed



# --- the read-only view of a game that evaluators use (the engine implements it) -------------


@dataclass(frozen=True)
class ModelView:
    """One model as the evaluators see it at the end of the game.

    Parameters
    ----------
    id, side, type
        The model's id, its side, and its profile type (``soldier``, ``gladiator``...).
    position
        The centre of its base in cm (its last position if it was removed).
    base_mm
        The base diameter in mm.
    cost
        Its recruit cost (Type) with faction modifiers (a Sardaukar soldier costs 2).
    keywords
        Its profile keywords.
    alive
        ``False`` once it has suffered a fatal wound or the Deadly poison's effects.
    removed
        ``True`` once it is off the table (a fatal wound, a capture).
    captured
        ``True`` if it was removed by an enemy's *capture* action (Slave hunt).
    wound
        Its wound level (R-WOUND). A scratch is not a wound level.
    poisons
        The kinds of the poisons it suffers now (``"blinding"``, ``"deadly"``...).
    carrying
        The id of the marker it carries, or ``None``.
    is_ambassador
        Whether it is a Protection ambassador token (PRJ-74).
    """

    id: str
    side: str
    type: str
    position: Point
    base_mm: float = 30.0
    cost: int = 0
    keywords: tuple[str, ...] = ()
    alive: bool = True
    removed: bool = False
    captured: bool = False
    wound: WoundLevel = "none"
    poisons: tuple[str, ...] = ()
    carrying: str | None = None
    is_ambassador: bool = False


@dataclass(frozen=True)
class MarkerView:
    """One mission marker as the evaluators see it.

    ``side`` is the side whose mission the marker belongs to (even when the opponent placed
    it); ``mission`` is the card id. ``position`` is its centre (its carrier's centre while
    carried). ``activated`` is set by the Activation mission's action; ``delivered`` once it
    has been carried off its side's table edge (Spice theft); ``destroyed`` once blown up
    (PRJ-73) or sabotaged.
    """

    id: str
    side: str
    mission: str
    position: Point
    size_mm: float = 30.0
    destroyed: bool = False
    carried_by: str | None = None
    activated: bool = False
    delivered: bool = False


@dataclass(frozen=True)
class KillView:
    """One kill (PRJ-76): ``victim`` suffered a fatal wound or the Deadly poison's effects.

    ``order`` numbers the kills of the game in the order they happened; kills that happen
    at the same moment (a simultaneous melee, one template) share an order. ``killer`` is
    the model whose attack, template, poison or equipment caused it and ``killer_side`` its
    side (``None`` for both when no model caused it).
    """

    order: int
    victim: str
    victim_side: str
    killer: str | None
    killer_side: str | None
    means: str = ""


@runtime_checkable
class MissionView(Protocol):
    """What the evaluators read of a finished game. The engine implements it.

    Every method is a pure query; the sequences may be tuples or lists.
    """

    def sides(self) -> Sequence[str]:
        """The two sides, in any fixed order."""
        ...

    def edge(self, side: str) -> Edge:
        """The side's own table edge (it deployed against it, R-DEPLOY)."""
        ...

    def table_size(self) -> tuple[float, float]:
        """The table's width (x) and depth (y) in cm; south is y = 0, west is x = 0."""
        ...

    def models(self, side: str) -> Sequence[ModelView]:
        """Every model the side deployed, its ambassador included, removed ones included."""
        ...

    def markers(self) -> Sequence[MarkerView]:
        """Every mission marker of both sides, destroyed and delivered ones included."""
        ...

    def kills(self) -> Sequence[KillView]:
        """Every kill of the game (PRJ-76), either side's."""
        ...


# --- table helpers (pure; centres in cm, diameters in mm) ------------------------------------

_OPPOSITE: dict[str, Edge] = {"south": "north", "north": "south", "west": "east", "east": "west"}


def opposite_edge(edge: Edge) -> Edge:
    """The table edge facing ``edge``.

    Examples
    --------
    >>> opposite_edge("south"), opposite_edge("east")
    ('north', 'west')
    """
    try:
        return _OPPOSITE[edge]
    except KeyError:
        raise UnknownNameError("table edge", str(edge), _OPPOSITE) from None


def edge_gap(a: Point, a_mm: float, b: Point, b_mm: float) -> float:
    """The distance between two round tokens or bases, edge to edge (R-MEASURE); 0 when they overlap.

    Examples
    --------
    >>> edge_gap((0, 0), 30, (5, 0), 50)   # 5 cm between centres, radii 1.5 and 2.5
    1.0
    >>> edge_gap((0, 0), 30, (2, 0), 30)   # overlapping
    0.0
    """
    gap = math.hypot(a[0] - b[0], a[1] - b[1]) - a_mm / 20.0 - b_mm / 20.0
    return max(0.0, gap)


def touching(a: Point, a_mm: float, b: Point, b_mm: float, tolerance_cm: float = 0.1) -> bool:
    """Whether two tokens or bases are in base contact: edges within the tolerance (RUL-07).

    A base that overlaps a (flat) marker is in contact with it too (PRJ-70).

    Examples
    --------
    >>> touching((0, 0), 30, (3.1, 0), 30)          # gap 0.1 cm: in contact (RUL-07)
    True
    >>> touching((0, 0), 30, (3.2, 0), 30)          # gap 0.2 cm
    False
    >>> touching((0, 0), 30, (1, 0), 50)            # overlapping a marker
    True
    """
    return edge_gap(a, a_mm, b, b_mm) <= tolerance_cm + _EPS


def distance_to_edge(center: Point, diameter_mm: float, edge: Edge, table: tuple[float, float] = (60.0, 60.0)) -> float:
    """Distance from the nearest point of a base or token to a table edge (R-MEASURE); 0 if it touches it.

    Examples
    --------
    >>> distance_to_edge((30, 51.5), 30, "north")   # base edge at y = 53: 7 cm from y = 60
    7.0
    >>> distance_to_edge((1.5, 20), 30, "west")     # touching the edge
    0.0
    """
    # an if chain, not a dict built per call: set-up asks this for every spot of a grid
    if edge == "south":
        centre_distance = center[1]
    elif edge == "north":
        centre_distance = table[1] - center[1]
    elif edge == "west":
        centre_distance = center[0]
    elif edge == "east":
        centre_distance = table[0] - center[0]
    else:
        raise UnknownNameError("table edge", str(edge), _OPPOSITE)
    return max(0.0, centre_distance - diameter_mm / 20.0)


def within_half(center: Point, diameter_mm: float, edge: Edge, table: tuple[float, float] = (60.0, 60.0)) -> bool:
    """Whether a base or token lies wholly within the half of the table next to ``edge``.

    Touching the centre line counts as within; a base across it is in neither half.

    Examples
    --------
    >>> within_half((30, 28.5), 30, "south")   # its edge touches the centre line y = 30
    True
    >>> within_half((30, 29), 30, "south"), within_half((30, 29), 30, "north")   # across the line
    (False, False)
    >>> within_half((30, 45), 50, "north")
    True
    """
    x, y = center
    r = diameter_mm / 20.0
    width, depth = table
    if not (r - _EPS <= x <= width - r + _EPS and r - _EPS <= y <= depth - r + _EPS):
        return False
    if edge == "south":
        return y + r <= depth / 2 + _EPS
    if edge == "north":
        return y - r >= depth / 2 - _EPS
    if edge == "west":
        return x + r <= width / 2 + _EPS
    if edge == "east":
        return x - r >= width / 2 - _EPS
    raise UnknownNameError("table edge", str(edge), _OPPOSITE)


def quarter(center: Point, diameter_mm: float, table: tuple[float, float] = (60.0, 60.0)) -> str | None:
    """The table quarter a base lies wholly within (``"south-west"``...), or ``None`` if it straddles a centre line.

    Touching a centre line counts as within (Territory).

    Examples
    --------
    >>> quarter((10, 10), 30), quarter((45, 50), 30)
    ('south-west', 'north-east')
    >>> quarter((28.5, 10), 30)        # touching x = 30
    'south-west'
    >>> quarter((29, 10), 30) is None  # across x = 30
    True
    """
    x, y = center
    r = diameter_mm / 20.0
    width, depth = table
    if x + r <= width / 2 + _EPS:
        ew = "west"
    elif x - r >= width / 2 - _EPS:
        ew = "east"
    else:
        return None
    if y + r <= depth / 2 + _EPS:
        ns = "south"
    elif y - r >= depth / 2 - _EPS:
        ns = "north"
    else:
        return None
    return f"{ns}-{ew}"


def is_standing(model: ModelView) -> bool:
    """Whether a model is still in the game: alive, on the table, not fatally wounded nor Deadly-poisoned (PRJ-71).

    Examples
    --------
    >>> is_standing(ModelView("a", "red", "soldier", (0, 0), wound="grave"))
    True
    >>> is_standing(ModelView("a", "red", "soldier", (0, 0), poisons=("deadly",)))
    False
    """
    return model.alive and not model.removed and model.wound != "fatal" and "deadly" not in model.poisons


def is_unhurt(model: ModelView) -> bool:
    """Whether a model is unhurt (*indemne*): standing, no wound level, no poison (PRJ-74).

    A scratch only gives a fatigue token (R-WOUND); it does not spoil "unhurt".

    Examples
    --------
    >>> is_unhurt(ModelView("amb", "red", "ambassador", (0, 0), is_ambassador=True))
    True
    >>> is_unhurt(ModelView("amb", "red", "ambassador", (0, 0), poisons=("irritant",)))
    False
    """
    return is_standing(model) and model.wound == "none" and not model.poisons


def is_scoring(model: ModelView) -> bool:
    """Whether a model can fulfil its side's objectives: standing, not Blinded, not an ambassador (PRJ-71).

    Examples
    --------
    >>> is_scoring(ModelView("a", "red", "soldier", (0, 0)))
    True
    >>> is_scoring(ModelView("a", "red", "soldier", (0, 0), poisons=("blinding",)))
    False
    """
    return is_standing(model) and not model.is_ambassador and "blinding" not in model.poisons


def is_contesting(model: ModelView) -> bool:
    """Whether a model denies the enemy a marker or a quarter: standing and not an ambassador (PRJ-71).

    Blinded models still contest: denying is not fulfilling an objective.

    Examples
    --------
    >>> is_contesting(ModelView("a", "red", "soldier", (0, 0), poisons=("blinding",)))
    True
    >>> is_contesting(ModelView("amb", "red", "ambassador", (0, 0), is_ambassador=True))
    False
    """
    return is_standing(model) and not model.is_ambassador
