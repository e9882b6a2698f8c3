"""The points calculator: a linear cost model fitted to the bundled Great Houses' profile cards.

cost(profile) = round(b0 + bC*Combat + bR*Reflexes + bE*(Endurance-3) + bM*(Movement-10)
                      + bS*shield + bP*(spice + poisons/2) + bK*rules + bG*has_ranged)

where ``shield`` is 1 (full Holtzman shield), 0.5 (half) or 0, ``rules`` counts the card's
special rules other than Specialist, and ``has_ranged`` is 1 when a card weapon shoots. The
coefficients come from an ordinary least-squares fit over every bundled profile card
(:func:`fit_cost_model`); the cost is the fitted value rounded to a whole point, at least 1.
Options are priced by rule: a specialist weapon costs 0 when it is melee only, 2 when it is an
explosive blast weapon, else 1; a piece of rare equipment costs 1 (every bundled piece does).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Mapping

import numpy as np

from ..content import load_factions
from ..model import Faction, Profile

__all__ = ["FEATURES", "CostModel", "PricedItem", "Pricing", "profile_features", "fit_cost_model", "cost_model",
           "price_faction", "weapon_option_cost", "RARE_EQUIPMENT_COST", "residual_table"]

FEATURES: tuple[str, ...] = ("intercept", "combat", "reflexes", "endurance_over_3", "movement_over_10", "shield",
                             "spice_and_poisons", "special_rules", "ranged_weapon")
"""The model's features, in the order of the coefficients."""

RARE_EQUIPMENT_COST = 1
_SHIELD = {"full": 1.0, "half": 0.5, "none": 0.0}


def profile_features(profile: Profile, faction: Faction) -> np.ndarray:
    """The feature vector of a profile card (see the module docstring)."""
    weapons = [faction.weapon(w) for w in profile.weapons]
    rules = [r for r in profile.special_rules if r != "specialist"]
    return np.array([1.0, profile.combat, profile.reflexes, profile.endurance - 3, profile.movement - 10,
                     _SHIELD[profile.shield], profile.spice + len(profile.poisons) / 2, len(rules),
                     float(any(w.is_ranged for w in weapons))])


@dataclass(frozen=True)
class CostModel:
    """Fitted coefficients (one per :data:`FEATURES`) and the fit's residuals on its data."""

    coefficients: tuple[float, ...]
    residuals: tuple[tuple[str, int, float], ...]
    """(``faction.profile``, printed cost, fitted value) for every card of the fit."""

    def raw(self, profile: Profile, faction: Faction) -> float:
        """The unrounded fitted cost."""
        return float(profile_features(profile, faction) @ np.array(self.coefficients))

    def cost(self, profile: Profile, faction: Faction) -> int:
        """The priced cost: the fitted value rounded half up, at least 1 point."""
        return max(1, int(np.floor(self.raw(profile, faction) + 0.5)))

    def to_dict(self) -> dict[str, Any]:
        """The coefficients by feature name, JSON-able."""
        return {name: round(value, 4) for name, value in zip(FEATURES, self.coefficients)}


def fit_cost_model(factions: Iterable[Faction]) -> CostModel:
    """Least-squares fit of :data:`FEATURES` to the printed costs of every profile card.

    Parameters
    ----------
    factions
        The sheets whose cards are the data (the bundled Great Houses by default in :func:`cost_model`).

    Returns
    -------
    CostModel
    """
    rows, costs, names = [], [], []
    for f in factions:
        for p in f.profiles:
            rows.append(profile_features(p, f))
            costs.append(float(p.cost))
            names.append(f"{f.id}.{p.id}")
    x, y = np.array(rows), np.array(costs)
    beta, *_ = np.linalg.lstsq(x, y, rcond=None)
    fitted = x @ beta
    return CostModel(tuple(float(b) for b in beta),
                     tuple((n, int(c), float(v)) for n, c, v in zip(names, y, fitted)))


@lru_cache(maxsize=1)
def cost_model() -> CostModel:
    """The model fitted to the bundled faction sheets (computed once)."""
    return fit_cost_model(load_factions().values())


def weapon_option_cost(faction: Faction, weapon_id: str) -> int:
    """The price of a specialist weapon option: 0 melee only, 2 explosive blast, else 1."""
    w = faction.weapon(weapon_id)
    if w.explosive and w.template is not None and w.template.kind == "blast":
        return 2
    if not w.is_ranged and w.template is None:
        return 0
    return 1


@dataclass(frozen=True)
class PricedItem:
    """One priced line: a profile card or an option, the sheet's cost and the model's price."""

    kind: str
    id: str
    name: str
    printed: int
    priced: int
    raw: float | None = None

    @property
    def agrees(self) -> bool:
        """Whether the sheet's cost is the model's price."""
        return self.printed == self.priced

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        out: dict[str, Any] = {"kind": self.kind, "id": self.id, "name": self.name, "printed": self.printed,
                               "priced": self.priced, "agrees": self.agrees}
        if self.raw is not None:
            out["raw"] = round(self.raw, 3)
        return out


@dataclass(frozen=True)
class Pricing:
    """Every priced item of a sheet."""

    faction: str
    items: tuple[PricedItem, ...]

    def to_dict(self, model: CostModel | None = None) -> dict[str, Any]:
        """JSON-able form, with the model's coefficients."""
        return {"faction": self.faction, "model": (model or cost_model()).to_dict(),
                "items": [i.to_dict() for i in self.items],
                "disagreements": sum(not i.agrees for i in self.items)}


def price_faction(faction: Faction, model: CostModel | None = None) -> Pricing:
    """Price every profile card and option of a sheet.

    Parameters
    ----------
    faction
        The sheet (a Great House or a Minor House).
    model
        The cost model; by default the one fitted to the bundled sheets.

    Returns
    -------
    Pricing
    """
    model = model or cost_model()
    items: list[PricedItem] = []
    for p in faction.profiles:
        items.append(PricedItem("profile", p.id, p.name, p.cost, model.cost(p, faction), model.raw(p, faction)))
    for s in faction.specialist_weapons:
        w = faction.weapon(s.weapon)
        items.append(PricedItem("specialist weapon", w.id, w.name, s.cost, weapon_option_cost(faction, w.id)))
    for e in faction.rare_equipment:
        items.append(PricedItem("rare equipment", e.id, e.name, e.cost, RARE_EQUIPMENT_COST))
    return Pricing(faction.id, tuple(items))


def residual_table(model: CostModel | None = None) -> list[Mapping[str, Any]]:
    """The fit's residuals as rows (card, printed, fitted, rounded, difference)."""
    model = model or cost_model()
    return [{"card": n, "printed": c, "fitted": round(v, 2), "priced": max(1, int(np.floor(v + 0.5))),
             "difference": max(1, int(np.floor(v + 0.5))) - c} for n, c, v in model.residuals]
