"""Minor Houses: a home-made faction sheet within the canon ranges, priced by a model fitted to the Great Houses.

- :mod:`.menu`: the ranges a house must keep (:func:`load_house`, :func:`check_house`);
- :mod:`.pricing`: the points calculator (:func:`price_faction`, :func:`cost_model`);
- :mod:`.starter`: a starter house and a legal list for any sheet (:func:`auto_list`).
"""

from .menu import HOUSE_RANGES, PROFILE_RANGES, WEAPON_RANGES, check_house, house_from_document, load_house
from .pricing import CostModel, Pricing, cost_model, fit_cost_model, price_faction, residual_table
from .starter import auto_list, house_id, starter_house_text, starter_list_text

__all__ = ["HOUSE_RANGES", "PROFILE_RANGES", "WEAPON_RANGES", "check_house", "house_from_document", "load_house",
           "CostModel", "Pricing", "cost_model", "fit_cost_model", "price_faction", "residual_table",
           "auto_list", "house_id", "starter_house_text", "starter_list_text"]
