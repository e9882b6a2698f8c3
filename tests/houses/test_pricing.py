"""The points calculator against the bundled sheets' printed costs."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.content import load_factions
from landsraad.houses.pricing import FEATURES, cost_model, fit_cost_model, price_faction, profile_features, residual_table


@pytest.fixture(scope="module")
def sheets():
    return load_factions()


def test_every_bundled_card_and_option_is_priced_within_one_point(sheets):
    for faction in sheets.values():
        for item in price_faction(faction).items:
            assert abs(item.priced - item.printed) <= 1, (faction.id, item)


def test_most_bundled_costs_are_reproduced_exactly(sheets):
    items = [i for f in sheets.values() for i in price_faction(f).items]
    exact = sum(i.agrees for i in items)
    assert exact / len(items) >= 0.9, f"{exact} of {len(items)} exact"


def test_the_fit_is_least_squares_over_the_profile_cards(sheets):
    model = cost_model()
    x = np.array([profile_features(p, f) for f in sheets.values() for p in f.profiles])
    y = np.array([p.cost for f in sheets.values() for p in f.profiles], float)
    beta = np.array(model.coefficients)
    residual = y - x @ beta
    # Normal equations: the residual is orthogonal to every feature column at a least-squares optimum.
    assert np.allclose(x.T @ residual, 0, atol=1e-8)
    assert len(model.coefficients) == len(FEATURES)


def test_residual_table_matches_the_pricing(sheets):
    rows = {r["card"]: r for r in residual_table()}
    for f in sheets.values():
        for item in price_faction(f).items:
            if item.kind == "profile":
                assert rows[f"{f.id}.{item.id}"]["priced"] == item.priced


@settings(max_examples=30, deadline=None)
@given(st.integers(-2, 2))
def test_a_better_reflexes_never_costs_less(delta):
    # Reflexes has a positive coefficient: raising it cannot lower a price.
    model = cost_model()
    faction = load_factions()["atreides"]
    card = faction.profiles[0]
    low = card.model_copy(update={"reflexes": min(card.reflexes, card.reflexes + delta)})
    high = card.model_copy(update={"reflexes": max(card.reflexes, card.reflexes + delta)})
    assert model.cost(high, faction) >= model.cost(low, faction)


def test_fit_on_a_subset_differs_from_the_full_fit(sheets):
    part = fit_cost_model([sheets["atreides"], sheets["corrino"], sheets["fremen"]])
    assert part.coefficients != cost_model().coefficients
