"""Robustness of a measurement: would the answer change if a model stood a little elsewhere?

At a real table a tape and a hand place a model to about half a centimetre
(:data:`DEFAULT_TOLERANCE_CM`). An answer both players can accept is one that does not change
within that: :func:`robustness` says, for each class a measurement reports - contact
(RUL-07), line of sight (R-LOS), cover class (R-COVER, RUL-11) and range band (R-SHOOT) -
whether it stays the same if either model stood up to ``tolerance_cm`` away from where it is
(one model at a time), and when it does not, how little a move changes it.

Method. Contact and range band depend on the edge-to-edge distance alone, which changes by
at most the distance a model moves: they are decided exactly from the thresholds within
``distance +- tolerance``. Line of sight and cover are sampled: each model is moved, in turn,
to :data:`DIRECTIONS` points evenly round circles of a quarter, half, three quarters and all
of the tolerance (a cover answer that is itself borderline, :class:`~.sight.CoverResult`, is
fragile at once). A change that only shows between the sampled points can be missed; the
margin reported is the smallest sampled move that changed the answer.

Examples
--------
>>> from landsraad.geometry.board import Base, Board
>>> board = Board(bases=(Base("a", 10, 30, 30), Base("b", 23.2, 30, 30)))   # 10.2 cm edge to edge
>>> r = robustness(board, "a", "b", weapon_range_cm=10)
>>> r.robust, [(f.what, round(f.margin_cm, 2)) for f in r.fragile]
(False, [('range_band', 0.15)])
>>> robustness(board, "a", "b", weapon_range_cm=20).robust
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

from ..errors import GeometryError
from ..i18n import message, numeral
from .board import Board
from .measure import CONTACT_TOLERANCE_CM, edge_distance, range_band
from .sight import classify, cover, cover_class

__all__ = ["DEFAULT_TOLERANCE_CM", "DIRECTIONS", "Fragility", "Robustness", "robustness"]

DEFAULT_TOLERANCE_CM = 0.5
"""How precisely a model is placed and measured at a real table (a tape and a hand), in cm."""

DIRECTIONS = 16
"""Sampled directions per circle for line of sight and cover."""

_RINGS = (0.25, 0.5, 0.75, 1.0)  # fractions of the tolerance sampled for sight and cover
_HALF_TENTH = 0.05  # cm: distances are read to 0.1 cm, halves up (RUL-07, PRJ-30)

What = Literal["contact", "line_of_sight", "cover", "range_band"]


@dataclass(frozen=True)
class Fragility:
    """One reported class that a small move changes.

    Attributes
    ----------
    what
        ``contact``, ``line_of_sight``, ``cover`` or ``range_band``.
    answer
        The class as measured (``True``/``False``, a cover class, a band number).
    other
        The class it changes to.
    margin_cm
        How far a model needs to move to change it: exact for contact and range band, the
        smallest sampled move for line of sight and cover (0 for a borderline cover answer).
    moved
        The model whose move changed it (``None`` for distance classes: either one).
    """

    what: What
    answer: bool | str | int
    other: bool | str | int
    margin_cm: float
    moved: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data."""
        return {"what": self.what, "answer": self.answer, "other": self.other,
                "margin_cm": round(self.margin_cm, 3), "moved": self.moved}


@dataclass(frozen=True)
class Robustness:
    """Whether every class of a measurement survives a move of up to ``tolerance_cm``."""

    tolerance_cm: float
    fragile: tuple[Fragility, ...]

    @property
    def robust(self) -> bool:
        """True when no class changes."""
        return not self.fragile

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data."""
        return {"robust": self.robust, "tolerance_cm": self.tolerance_cm,
                "fragile": [f.to_dict() for f in self.fragile]}


def _band_limits(weapon_range_cm: float, up_to: float) -> list[float]:
    """Exact distances at which the range band changes: ``k * range + 0.05`` (read to 0.1 cm)."""
    out, k = [], 1
    while k * weapon_range_cm + _HALF_TENTH <= up_to + weapon_range_cm:
        out.append(k * weapon_range_cm + _HALF_TENTH)
        k += 1
    return out


def robustness(board: Board, a_id: str, b_id: str, *, tolerance_cm: float = DEFAULT_TOLERANCE_CM,
               weapon_range_cm: float | None = None, models_block: bool = True) -> Robustness:
    """Which reported classes of ``a_id`` -> ``b_id`` change if either model stood up to
    ``tolerance_cm`` elsewhere (see the module notes).

    Parameters
    ----------
    board
        The table.
    a_id, b_id
        The two models (the shooter and the target for sight and cover).
    tolerance_cm
        How far a model may stand from where it is measured, 0 or more.
    weapon_range_cm
        The weapon's range, to check the range band; None to skip it.
    models_block
        Whether other models block sight (``Ruleset.models_block_sight``).

    Returns
    -------
    Robustness
        The classes that change, each with the move that changes it.

    Raises
    ------
    GeometryError
        A negative or infinite tolerance, unknown models, overlapping bases.
    """
    if not (math.isfinite(tolerance_cm) and tolerance_cm >= 0):
        raise GeometryError(message("A tolerance must be a finite number of cm, 0 or more; got {tolerance}.", tolerance=numeral(tolerance_cm)))
    a, b = board.base(a_id), board.base(b_id)
    d = edge_distance(a, b)
    lo, hi = max(0.0, d - tolerance_cm), d + tolerance_cm
    fragile: list[Fragility] = []
    # contact: edges within 0.1 cm (the boundary counts)
    touching = d <= CONTACT_TOLERANCE_CM + 1e-9
    if touching and hi > CONTACT_TOLERANCE_CM + 1e-9:
        fragile.append(Fragility("contact", True, False, max(0.0, CONTACT_TOLERANCE_CM - d)))
    elif not touching and lo <= CONTACT_TOLERANCE_CM + 1e-9:
        fragile.append(Fragility("contact", False, True, d - CONTACT_TOLERANCE_CM))
    # range band: thresholds within reach
    if weapon_range_cm is not None:
        band = range_band(d, weapon_range_cm)
        near = [x for x in _band_limits(weapon_range_cm, hi) if lo - 1e-9 <= x <= hi + 1e-9]
        if near:
            x = min(near, key=lambda x: abs(x - d))
            other = band + 1 if x > d else band - 1
            fragile.append(Fragility("range_band", band, other, abs(x - d)))
    # line of sight and cover, sampled
    base = cover(board, a_id, b_id, models_block=models_block)
    seen: dict[What, Fragility] = {}
    if base.borderline:
        other_cls = classify(base.hidden_lower) if classify(base.hidden_lower) != base.cover else classify(base.hidden_upper)
        what: What = "line_of_sight" if "no_line_of_sight" in (base.cover, other_cls) else "cover"
        seen[what] = Fragility(what, _answer(what, base.cover), _answer(what, other_cls), 0.0)
    if tolerance_cm > 0:
        for frac in _RINGS:
            step = frac * tolerance_cm
            for moving, fixed in ((a, b), (b, a)):
                for k in range(DIRECTIONS):
                    ang = 2 * math.pi * k / DIRECTIONS
                    to = (moving.x + step * math.cos(ang), moving.y + step * math.sin(ang))
                    if math.hypot(to[0] - fixed.x, to[1] - fixed.y) <= moving.radius + fixed.radius - 1e-9:
                        continue  # the two bases would overlap: not a place the model can stand
                    moved = board.moved(moving.id, to)
                    c = cover_class(moved, a_id, b_id, models_block=models_block)
                    if c == base.cover:
                        continue
                    what = "line_of_sight" if "no_line_of_sight" in (base.cover, c) else "cover"
                    if what not in seen:
                        seen[what] = Fragility(what, _answer(what, base.cover), _answer(what, c), step, moving.id)
            if len(seen) == 2:
                break
    fragile += [seen[w] for w in ("line_of_sight", "cover") if w in seen]
    order = {"contact": 0, "line_of_sight": 1, "cover": 2, "range_band": 3}
    return Robustness(tolerance_cm, tuple(sorted(fragile, key=lambda f: order[f.what])))


def _answer(what: What, cover_cls: str) -> bool | str:
    return cover_cls != "no_line_of_sight" if what == "line_of_sight" else cover_cls
