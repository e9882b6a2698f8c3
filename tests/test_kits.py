"""Tests of landsraad.kits: bundled terrain kits load and every piece can be placed (R-TERRAIN)."""

import pytest
from pydantic import ValidationError

from landsraad.errors import UnknownNameError
from landsraad.kits import KitPiece, kit_ids, load_kit


@pytest.mark.parametrize("kit_id", kit_ids())
def test_bundled_kits_load_and_fit_the_table(kit_id):
    kit = load_kit(kit_id)
    assert kit.source in ("rulebook", "project")
    for piece in kit.pieces:
        placed = piece.placed_at((30.0, 30.0))
        minx, miny, maxx, maxy = placed.shape.bounds
        assert 5 < minx and maxx < 55 and 5 < miny and maxy < 55  # fits in the middle, > 5 cm from edges


def test_at_least_three_kits_are_bundled():
    assert len(kit_ids()) >= 3


def test_unknown_kit_suggests():
    with pytest.raises(UnknownNameError, match="arrakeen"):
        load_kit("arakeen")


def test_self_intersecting_footprint_is_rejected():
    with pytest.raises(ValidationError, match="simple polygon"):
        KitPiece(id="x", name="X", polygon=[(0, 0), (2, 2), (2, 0), (0, 2)])



def test_every_kit_and_piece_has_its_french_name_and_text():
    """Issue 40: what a French reader sees of a kit (its name and description, each piece's name, the name a scene
    piece placed from it takes in French); the French text is not the English one."""
    from landsraad.i18n import use_language

    for kit_id in kit_ids():
        kit = load_kit(kit_id)
        assert kit.name_fr and kit.text_fr and kit.text_fr != kit.text, kit_id
        assert all(p.name_fr for p in kit.pieces), [p.id for p in kit.pieces if not p.name_fr]
        with use_language("fr"):
            assert kit.display_name() == kit.name_fr and kit.pieces[0].display_name() == kit.pieces[0].name_fr
        with use_language("en"):
            assert kit.display_name() == kit.name and kit.pieces[0].display_name() == kit.pieces[0].name


def test_the_french_piece_names_by_english_name_are_the_kits_own():
    from landsraad.kits import french_piece_names

    names = french_piece_names()
    pieces = [p for k in kit_ids() for p in load_kit(k).pieces]
    assert names == {p.name: p.name_fr for p in pieces}  # no English name is shared by two French ones today
    assert names["Low wall"] == "Muret" and names["Spice crates"] == "Caisses d'épice"
