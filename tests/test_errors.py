"""Tests of landsraad.errors: one base, full-sentence messages, every problem kept."""

import pytest

from landsraad.errors import DataError, DecisionError, GeometryError, LandsraadError, Problem, RuleError, UnknownNameError, UsageError, did_you_mean


@pytest.mark.parametrize("cls", [DataError, UnknownNameError, RuleError, DecisionError, GeometryError, UsageError])
def test_every_error_is_a_landsraad_error(cls):
    assert issubclass(cls, LandsraadError)


def test_data_error_keeps_every_problem_in_order():
    err = DataError([Problem("a.yaml", "x", "First."), Problem("a.yaml", "", "Second.")])
    assert [p.message for p in err.problems] == ["First.", "Second."]
    assert str(err) == "a.yaml: x: First.\na.yaml: Second."


def test_unknown_name_suggests_and_lists():
    err = UnknownNameError("faction", "corino", ["atreides", "corrino"], source="list.yaml", where="faction")
    assert str(err) == "list.yaml: faction: Unknown faction 'corino'. Did you mean 'corrino'? Valid factions are: atreides, corrino."
    assert isinstance(err, KeyError)


def test_did_you_mean_is_case_insensitive():
    assert did_you_mean("HALBERD", ["halberd", "laser"]) == "halberd"
