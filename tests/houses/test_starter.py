"""Starter files: the starter house, and a legal list at the cap for any sheet."""

from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.content import load_factions, parse_document
from landsraad.engine import new_game, play
from landsraad.houses import auto_list, house_from_document, house_id, price_faction, starter_house_text
from landsraad.houses.starter import starter_list_text
from landsraad.players import make_player
from landsraad.ruleset import Ruleset
from landsraad.warband import parse_list, validate


def starter():
    return house_from_document(parse_document(starter_house_text("Maison Ecaz"), "ecaz.yaml"))


def test_house_id_is_ascii_snake_case():
    assert house_id("Maison d'Écaz") == "maison_d_ecaz"
    assert house_id("!!!") == "minor_house"


def test_the_starter_house_is_priced_as_printed():
    assert all(i.agrees for i in price_faction(starter()).items)


@settings(max_examples=15, deadline=None)
@given(st.integers(6, 30), st.sampled_from(["atreides", "corrino", "fremen", "harkonnen", "starter"]))
def test_auto_list_is_legal_and_cannot_take_one_more_model(cap, which):
    sheet = starter() if which == "starter" else load_factions()[which]
    rules = Ruleset(points=cap)
    warband = auto_list(sheet, rules)
    report = validate(warband, sheet, rules)
    assert report.valid, [f.message for f in report.errors]
    counts = {b.type: sum(m.type == b.type for m in warband.models) for b in sheet.barracks}
    for b in sheet.barracks:  # no cheaper addition still fits
        if counts[b.type] < b.max:
            assert report.points + sheet.profile(b.type).cost > cap


def test_a_minor_house_plays_a_whole_game():
    sheet = starter()
    red = parse_list(starter_list_text(sheet))
    game = play(new_game(red, "fremen", seed=4, factions=[sheet]), {"red": make_player("random", 1), "blue": make_player("random", 2)})
    assert game.result.winner in ("red", "blue", "draw")
    assert game.state.side_state("red").faction == "maison_ecaz"
