"""Tests of landsraad.ruleset: every option ruling of RULINGS.md is a switch (RUL-01, RUL-06, RUL-07, RUL-11)."""

import pytest
from pydantic import ValidationError

from landsraad.ruleset import DEFAULT, Ruleset


def test_defaults_are_the_rulings():
    assert (DEFAULT.ties, DEFAULT.recovery, DEFAULT.contact_tolerance_cm, DEFAULT.models_block_sight, DEFAULT.arrakis, DEFAULT.points) == (
        "strict", "owner", 0.1, True, False, 15)


def test_ruleset_is_frozen_and_rejects_unknown_options():
    with pytest.raises(ValidationError):
        Ruleset(tie="strict")
    with pytest.raises(ValidationError):
        DEFAULT.ties = "active"


def test_ruleset_round_trips_through_json():
    r = Ruleset(ties="active", recovery="all", contact_tolerance_cm=0.2, arrakis=True, points=20)
    assert Ruleset.model_validate_json(r.model_dump_json()) == r


@pytest.mark.parametrize("options", [{"contact_tolerance_cm": float("nan")}, {"contact_tolerance_cm": float("inf")},
                                     {"points": 0}])
def test_ruleset_numbers_are_finite_and_within_reason(options):
    with pytest.raises(ValidationError):
        Ruleset(**options)
