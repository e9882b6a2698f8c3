"""The table editor's model: changes, undo/redo, live warnings, atomic saving that round-trips."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon

from landsraad.content import data_dir, load_faction
from landsraad.errors import DataError, UsageError
from landsraad.i18n import use_language
from landsraad.kits import load_kit
from landsraad.play.session import sentence
from landsraad.scene import Scene, load_scene
from landsraad.viewer.editor import SNAP_CM, Editor, open_scene, snap_point

REFERENCE = data_dir("scenes") / "reference.yaml"


@pytest.fixture
def editor() -> Editor:
    return Editor(load_scene(REFERENCE))


def test_move_undo_redo(editor: Editor) -> None:
    start = editor.scene
    editor.move_model("red-1", (6.2, 16.3))
    assert editor.scene.model("red-1").at == (6.2, 16.3)
    assert editor.board.base("red-1").center == (6.2, 16.3)
    assert editor.undo() and editor.scene == start
    assert editor.redo() and editor.scene.model("red-1").at == (6.2, 16.3)
    assert not editor.redo()
    editor.undo()
    editor.move_model("red-2", (16, 16))  # a new change forgets what was undone
    assert not editor.redo()


@given(x=st.floats(2, 58), y=st.floats(2, 58))
def test_snap_puts_points_on_the_half_centimetre_grid(x: float, y: float) -> None:
    sx, sy = snap_point((x, y))
    assert abs(sx - x) <= SNAP_CM / 2 + 1e-9 and abs(sy - y) <= SNAP_CM / 2 + 1e-9
    assert (sx / SNAP_CM).is_integer() and (sy / SNAP_CM).is_integer()


def test_added_models_take_their_profile_and_a_free_id(editor: Editor) -> None:
    faction = load_faction("fremen")
    profile = faction.profiles[0]
    new = editor.add_profile("fremen", profile.id, side="blue", at=(30, 45))
    spec = editor.scene.model(new)
    assert new == "blue-11" and spec.base == profile.base_mm and spec.movement == profile.movement and spec.side == "blue"
    with pytest.raises(UsageError, match="has no profile"):
        editor.add_profile("fremen", "emperor", side="blue", at=(30, 45))


def test_a_warband_goes_to_free_spots(editor: Editor) -> None:
    from landsraad.warband import WarbandList

    lst = WarbandList(faction="corrino", models=[{"type": "soldier"}, {"type": "soldier"}, {"type": "scout"}])
    added = editor.add_warband(lst, side="red", near=(30, 3))
    assert len(added) == 3
    assert not [w for w in editor.warnings() if "overlaps" in w]


def test_kit_pieces_placed_turned_and_changed(editor: Editor) -> None:
    kit = load_kit("arrakeen")
    new = editor.place_kit_piece("arrakeen", 0, (45, 27))
    piece = editor.piece(new)
    assert piece.height == kit.pieces[0].height and piece.movement == kit.pieces[0].movement
    area = Polygon(piece.polygon).area
    centre = Polygon(piece.polygon).centroid
    editor.rotate_piece(new, 30)
    turned = Polygon(editor.piece(new).polygon)
    assert math.isclose(turned.area, area, rel_tol=1e-3)
    assert turned.centroid.distance(centre) < 0.02
    assert not turned.equals(Polygon(piece.polygon))
    editor.set_height(new, 5.5)
    assert editor.piece(new).height == 5.5
    assert editor.cycle_movement(new) == "difficult"
    editor.move_piece(new, (1, -2))
    assert Polygon(editor.piece(new).polygon).centroid.distance(turned.centroid) == pytest.approx(math.hypot(1, 2), abs=0.02)
    editor.delete(new)
    assert new not in editor.ids()


@pytest.mark.parametrize("piece", ["house", "tower"])
def test_a_kit_piece_read_from_a_file_moves_and_turns_as_a_polygon(piece: str) -> None:
    # scenes/table.yaml writes these as `kit: ... at: ...`, with no corners of their own
    ed = Editor(load_scene(data_dir("scenes") / "table.yaml"))
    before = ed.piece(piece)
    assert before.polygon is None and before.kit is not None
    shape = Polygon(before.footprint)
    ed.move_piece(piece, (1, -2))
    moved = ed.piece(piece)
    assert moved.kit is None and moved.height_cm == before.height_cm and moved.movement_kind == before.movement_kind
    assert Polygon(moved.footprint).centroid.distance(shape.centroid) == pytest.approx(math.hypot(1, 2), abs=0.02)
    ed.rotate_piece(piece, 90)
    assert Polygon(ed.piece(piece).footprint).area == pytest.approx(shape.area, rel=1e-3)
    ed.undo()
    ed.undo()
    assert ed.piece(piece) == before


def test_polygon_drawing(editor: Editor) -> None:
    new = editor.add_polygon([(50, 20), (55, 20), (55, 25)], height=3, movement="difficult")
    assert editor.piece(new).polygon == [(50, 20), (55, 20), (55, 25)]
    with pytest.raises(UsageError, match="3 distinct corners"):
        editor.add_polygon([(50, 20), (55, 20), (50, 20)])
    with pytest.raises(UsageError, match="cross itself"):
        editor.add_polygon([(0, 0), (5, 5), (5, 0), (0, 5)])


def test_live_warnings_come_from_the_scene_checks(editor: Editor) -> None:
    assert editor.warnings() == []
    editor.move_model("red-1", (16, 14.5))      # onto red-2
    editor.move_model("red-6", (12, 8))         # onto the rock
    editor.place_kit_piece("arrakeen", 4, (30, 17))  # crates: too close to other pieces (R-TERRAIN)
    text = "\n".join(editor.warnings())
    assert "The base of model 'red-2' overlaps the base of model 'red-1'" in text
    assert "stands on impassable terrain 'rock'" in text
    assert "R-TERRAIN" in text


def test_save_round_trips_and_is_atomic(editor: Editor, tmp_path: Path) -> None:
    editor.snap = True
    editor.move_model("red-1", (5.3, 15.8))
    editor.place_kit_piece("deep-desert", 1, (45, 27))
    editor.rotate_piece(editor.scene.terrain[-1].id, 45)
    target = tmp_path / "table.yaml"
    editor.save(target)
    assert load_scene(target) == editor.scene
    before = target.read_text()
    editor.move_model("red-1", (16, 14))        # overlaps red-2: the file would not load
    with pytest.raises(DataError, match="Fix it before saving"):
        editor.save(target)
    assert target.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["table.yaml"]  # no temporary file left


def test_open_scene_opens_geometry_problems_for_fixing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("models:\n  - {id: a, at: [10, 10], base: 30}\n  - {id: b, at: [11, 10], base: 30}\n")
    with pytest.raises(DataError):
        load_scene(bad)
    scene = open_scene(bad)
    assert [m.id for m in scene.models] == ["a", "b"]
    assert any("overlaps" in w for w in Editor(scene).warnings())
    broken = tmp_path / "broken.yaml"
    broken.write_text("models:\n  - {id: a, at: [10, 10], base: -3}\n")
    with pytest.raises(DataError):
        open_scene(broken)


@settings(max_examples=25, deadline=None)
@given(moves=st.lists(st.tuples(st.sampled_from(["red-1", "blue-6", "red-10"]), st.floats(-2, 2), st.floats(-2, 2)), max_size=6))
def test_undo_everything_gives_the_first_scene_back(moves: list[tuple[str, float, float]]) -> None:
    ed = Editor(load_scene(REFERENCE))
    first = ed.scene
    for mid, dx, dy in moves:
        x, y = ed.scene.model(mid).at
        ed.move_model(mid, (x + dx, y + dy))
    while ed.undo():
        pass
    assert ed.scene == first and isinstance(ed.scene, Scene)


def test_new_bases_snap_wholly_onto_the_table_and_onto_the_deployment_edge() -> None:
    ed = Editor(Scene())
    # the case: the pointer at y = 1.35 cm near the south edge, a 30 mm base
    new = ed.add_profile("corrino", "soldier", side="red", at=(24.94, 1.35))
    assert ed.scene.model(new).at == (24.94, 1.5)
    assert ed.file_problems() == []
    corner = ed.add_model(side="blue", at=(61.0, 70.0), base=40)
    assert ed.scene.model(corner).at == (58.0, 58.0)
    edged = ed.add_profile("fremen", "naib", side="blue", at=(30.0, 30.0), edge="north")
    r = ed.scene.model(edged).base_mm / 20
    assert ed.scene.model(edged).at == (30.0, 60.0 - r)
    ed2 = Editor(Scene(edges={"red": "south"}))
    ed2.add_model(side="red", at=(10, 40), base=30, edge="south")
    assert not any("R-DEPLOY" in w for w in ed2.warnings())


def test_a_mid_game_table_shows_no_set_up_warnings() -> None:
    crowded = Scene(terrain=[{"id": "a", "polygon": [[10, 10], [14, 10], [14, 14], [10, 14]], "height": 3},
                             {"id": "b", "polygon": [[15, 10], [19, 10], [19, 14], [15, 14]], "height": 3}],
                    models=[{"id": "red-1", "at": [30, 30], "base": 30, "side": "red"}], edges={"red": "south"})
    ed = Editor(crowded)
    setup = ed.warnings()
    assert any("R-TERRAIN" in w for w in setup) and any("R-DEPLOY" in w for w in setup)
    assert ed.warnings(setup=False) == []


def test_the_editors_refusals_read_in_the_panels_language(editor: Editor) -> None:
    """The status line (:func:`~landsraad.play.session.sentence`) shows an editor's refusal in French under --lang fr,
    the same English sentence as before otherwise (issue 40)."""
    refusals = {"height": lambda: editor.set_height("red-1", -2.5), "piece": lambda: editor.piece("nowhere"),
                "profile": lambda: editor.add_profile("fremen", "nobody", side="red", at=(10, 10))}
    said: dict[str, dict[str, str]] = {"en": {}, "fr": {}}
    for lang in said:
        with use_language(lang):
            for name, refuse in refusals.items():
                with pytest.raises(UsageError) as caught:
                    refuse()
                said[lang][name] = sentence(caught.value)
    assert said["en"]["height"] == "A height is 0 cm or more; got -2.5 cm for 'red-1'."
    assert said["fr"]["height"] == "Une hauteur vaut 0 cm ou plus ; reçu -2,5 cm pour 'red-1'."
    assert said["en"]["piece"].startswith("There is no terrain piece 'nowhere'; the pieces are: ")
    assert said["fr"]["piece"].startswith("Il n'y a pas de pièce de décor 'nowhere' ; les pièces sont : ")
    assert said["en"]["profile"].startswith("Faction 'fremen' has no profile 'nobody'; its profiles are: ")
    assert said["fr"]["profile"].startswith("La faction 'fremen' n'a pas de profil 'nobody' ; ses profils sont : ")
