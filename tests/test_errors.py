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


# --- issue 42: echoed values are cut and never reach the terminal raw ------------------------------

from landsraad.errors import MESSAGE_VALUE_LIMIT, printable, quoted, truncate  # noqa: E402


def test_control_characters_and_bidi_controls_are_escaped():
    hostile = "Ana\x1b[2J\r\x07\u202eevil\u2066\u200f\x85\u2028"
    shown = truncate(hostile)
    assert shown == "Ana\\x1b[2J\\x0d\\x07\\u202eevil\\u2066\\u200f\\x85\\u2028"
    assert printable(hostile) == shown
    assert all(c.isprintable() for c in shown)


def test_french_text_is_left_alone():
    assert truncate("Maison Écaz, « Ordre du Bene Gesserit »") == "Maison Écaz, « Ordre du Bene Gesserit »"


@pytest.mark.parametrize("value", ["x" * 5000, "\x1b" * 5000, "a\u202e" * 3000, "é" * 100 + "\x00" * 100])
def test_the_echo_is_at_most_the_limit_plus_the_note(value):
    for show in (truncate, quoted):
        shown = show(value)
        body = shown.split("... (")[0]
        assert len(body) <= MESSAGE_VALUE_LIMIT + 1  # quoted's opening quote
        assert shown.endswith("more characters)") or shown.endswith("more characters)'")
        assert "\x1b" not in shown and "\u202e" not in shown and "\x00" not in shown


def test_the_note_counts_the_characters_of_the_value_left_out():
    assert truncate("\x1b" * 10, 9) == "\\x1b\\x1b... (8 more characters)"
    assert quoted("ab\x1bcd", 5) == "'ab... (3 more characters)'"  # the escape would pass the limit: cut before it
    assert quoted("ab\x1bcd", 6) == "'ab\\x1b... (2 more characters)'"
