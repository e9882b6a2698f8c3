"""Tests of landsraad.svg: valid, deterministic SVG pictures of the table and query results.

Results are passed duck-typed (SimpleNamespace with the contract's fields) so these tests pin
the picture, not the geometry; tests/cli/test_geometry.py renders real results.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from shapely.geometry import LineString
from shapely.geometry import Point as SPoint

from landsraad.geometry.board import Base, Board, Marker, TerrainPiece
from landsraad.svg import (
    FULL_DARK_HEIGHT_CM,
    SCALE,
    render_board,
    side_colours,
    table_to_svg,
    terrain_fill,
)

NS = {"svg": "http://www.w3.org/2000/svg"}


def _rect(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


BOARD = Board(
    terrain=(
        TerrainPiece("low-wall", _rect(10, 30, 20, 32), height_cm=2, movement="blocked"),
        TerrainPiece("tower", _rect(40, 30, 45, 35), height_cm=10, movement="blocked"),
        TerrainPiece("dunes", _rect(20, 45, 30, 52), height_cm=0, movement="difficult"),
        TerrainPiece("arch", _rect(40, 45, 46, 50), height_cm=4, movement="open"),
    ),
    bases=(
        Base("red-1", 10, 10, 30, side="red"),
        Base("red-2", 20, 10, 25, side="red"),
        Base("blue-1", 30, 40, 40, height_cm=4.5, side="blue"),
    ),
    markers=(Marker("spice", 50, 20, 50),),
)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def group(root: ET.Element, cls: str) -> ET.Element:
    found = root.find(f".//svg:g[@class='{cls}']", NS)
    assert found is not None, f"no group {cls!r}"
    return found


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{{{NS['svg']}}}text")]


def luminance(colour: str) -> float:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def cover_result(**kw):
    fields = dict(shooter="red-1", target="blue-1", hidden_fraction=0.385, error_bound=0.004, cover="small",
                  borderline=False, line_of_sight=True, sight_line=((10.5, 11.4), (29.0, 38.2)), hidden_intervals=(),
                  silhouette=((31.6641, 38.8906), (28.3359, 41.1094)), silhouette_height_cm=4.5, hidden_regions=())
    fields.update(kw)
    return SimpleNamespace(**fields)


def move_result(**kw):
    fields = dict(model="red-2", legal=True, start=(20.0, 10.0), end=(26.0, 18.0),
                  path=((20.0, 10.0), (23.0, 14.0), (26.0, 18.0)), path_length_cm=10.0, cost_cm=10.0,
                  allowance_cm=12.0, reason=None, message="", narrowest_gap_cm=None, gap_at=None)
    fields.update(kw)
    return SimpleNamespace(**fields)


# --- document ---------------------------------------------------------------------------


def test_valid_xml_with_svg_root_and_size():
    svg = render_board(BOARD, title="A & B <test>")
    root = parse(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert float(root.get("width")) > 60 * SCALE and float(root.get("height")) > 60 * SCALE
    assert root.find("svg:title", NS).text == "A & B <test>"


def test_deterministic_output():
    kw = dict(title="t", sight=cover_result(), move=move_result(), region=SPoint(20, 10).buffer(5),
              template=(SPoint(30, 40).buffer(5), ("blue-1",)), highlight=("red-1",), notes=("a note",))
    assert render_board(BOARD, **kw) == render_board(BOARD, **kw)
    assert render_board(BOARD, **kw) != render_board(BOARD.moved("red-1", (11, 10)), **kw)


def test_numbers_have_at_most_two_decimals():
    svg = render_board(BOARD, sight=cover_result(), move=move_result(), region=SPoint(20.123456, 10).buffer(5.3))
    assert not re.search(r"\d\.\d{3,}", svg)
    assert "-0 " not in svg and '"-0"' not in svg


def test_no_legend_is_just_the_table():
    with_legend = parse(render_board(BOARD))
    without = parse(render_board(BOARD, legend=False))
    assert float(without.get("width")) < float(with_legend.get("width"))
    assert without.find(".//svg:g[@class='legend']", NS) is None


# --- table, y axis ---------------------------------------------------------------------


def test_south_edge_at_the_bottom():
    """y = 0 (south) is drawn below y = 60 (north); x grows to the right."""
    (x0, y0), (x1, y1) = table_to_svg(BOARD, (0, 0)), table_to_svg(BOARD, (60, 60))
    assert y0 > y1 and x1 > x0
    assert x1 - x0 == pytest.approx(60 * SCALE) and y0 - y1 == pytest.approx(60 * SCALE)
    root = parse(render_board(BOARD))
    circles = {c.get("cx") + "," + c.get("cy"): c for c in group(root, "bases").iter(f"{{{NS['svg']}}}circle")}
    red1 = [c for c in circles.values() if float(c.get("r")) == pytest.approx(15)]  # the 30 mm base, r 1.5 cm
    blue1 = [c for c in circles.values() if float(c.get("r")) == pytest.approx(20)]  # 40 mm
    assert float(red1[0].get("cy")) > float(blue1[0].get("cy"))  # red-1 (y 10) below blue-1 (y 40)


def test_grid_every_10_cm():
    root = parse(render_board(BOARD))
    lines = group(root, "table").findall("svg:line", NS)
    assert len(lines) == 14  # 7 vertical (0, 10, ..., 60) + 7 horizontal
    labels = [t for t in texts(group(root, "table")) if t.isdigit()]
    assert sorted(set(labels), key=int) == ["0", "10", "20", "30", "40", "50", "60"]


def test_base_size_and_position_in_pixels():
    """A 30 mm base at (10, 10) is a circle of radius 1.5 cm * SCALE at table_to_svg((10, 10))."""
    root = parse(render_board(Board(bases=(Base("a", 10, 10, 30),)), legend=False))
    circle = group(root, "bases").find("svg:circle", NS)
    cx, cy = table_to_svg(Board(), (10, 10))
    assert float(circle.get("cx")) == pytest.approx(cx)
    assert float(circle.get("cy")) == pytest.approx(cy)
    assert float(circle.get("r")) == pytest.approx(1.5 * SCALE)


# --- terrain ---------------------------------------------------------------------------


def test_taller_terrain_is_darker():
    shades = [luminance(terrain_fill(h)) for h in (0, 2, 4, 8, FULL_DARK_HEIGHT_CM)]
    assert shades == sorted(shades, reverse=True) and len(set(shades)) == len(shades)
    assert terrain_fill(FULL_DARK_HEIGHT_CM + 10) == terrain_fill(FULL_DARK_HEIGHT_CM)
    root = parse(render_board(BOARD))
    paths = group(root, "terrain").findall("svg:path", NS)
    fills = {p.get("fill") for p in paths}
    assert terrain_fill(10) in fills and terrain_fill(2) in fills


def test_difficult_terrain_hatched_open_terrain_dashed_outline():
    root = parse(render_board(BOARD))
    paths = group(root, "terrain").findall("svg:path", NS)
    assert any(p.get("fill") == "url(#ls-hatch)" for p in paths)
    assert root.find(".//svg:pattern[@id='ls-hatch']", NS) is not None
    dashed = [p for p in paths if p.get("stroke-dasharray")]
    assert len(dashed) == 1 and float(dashed[0].get("fill-opacity")) < 0.5  # only the open arch


def test_terrain_labels_give_id_and_height():
    words = texts(parse(render_board(BOARD)))
    assert "tower" in words and "h 10" in words and "h 0" in words


# --- bases, sides, markers -------------------------------------------------------------


def test_side_colours_named_and_in_order():
    assert side_colours(BOARD) == {"red": "#c0392b", "blue": "#2471a3"}
    board = Board(bases=(Base("a", 5, 5, 30, side="corrino"), Base("b", 9, 9, 30, side="fremen")))
    colours = side_colours(board)
    assert list(colours) == ["corrino", "fremen"] and len(set(colours.values())) == 2
    assert side_colours(board, {"fremen": "#123456"})["fremen"] == "#123456"


def test_bases_coloured_by_side_and_labelled():
    root = parse(render_board(BOARD))
    fills = [c.get("fill") for c in group(root, "bases").findall("svg:circle", NS)]
    assert fills == ["#c0392b", "#c0392b", "#2471a3"]
    assert {"red-1", "red-2", "blue-1", "spice"} <= set(texts(group(root, "labels")))
    unlabelled = parse(render_board(BOARD, labels=False))
    assert not {"red-1", "spice", "tower"} & set(texts(unlabelled))


def test_markers_drawn_with_their_size():
    root = parse(render_board(BOARD))
    circle = group(root, "markers").find("svg:circle", NS)
    assert float(circle.get("r")) == pytest.approx(2.5 * SCALE)  # 50 mm token


def test_highlight_rings_bases_and_terrain():
    plain = parse(render_board(BOARD))
    lit = parse(render_board(BOARD, highlight=("red-2", "tower")))
    count = lambda root, cls, tag: len(group(root, cls).findall(f"svg:{tag}", NS))  # noqa: E731
    assert count(lit, "bases", "circle") == count(plain, "bases", "circle") + 1
    assert count(lit, "terrain", "path") == count(plain, "terrain", "path") + 1


def test_ids_are_escaped():
    board = Board(bases=(Base('a&<b>"', 10, 10, 30, side="x&y"),))
    root = parse(render_board(board, notes=("5 < 6 & 7 > 2",)))
    assert 'a&<b>"' in texts(root) and "5 < 6 & 7 > 2" in texts(root)


# --- sight -----------------------------------------------------------------------------


def test_sight_line_and_figures():
    root = parse(render_board(BOARD, sight=cover_result()))
    line = group(root, "sight").find("svg:line", NS)
    assert (float(line.get("x1")), float(line.get("y1"))) == pytest.approx(table_to_svg(BOARD, (10.5, 11.4)))
    assert (float(line.get("x2")), float(line.get("y2"))) == pytest.approx(table_to_svg(BOARD, (29.0, 38.2)))
    words = " | ".join(texts(group(root, "legend")))
    # red-1 (10, 10) r 1.5 to blue-1 (30, 40) r 2: sqrt(20^2 + 30^2) - 3.5 = 32.556 -> 32.6
    assert "Distance: 32.6 cm edge to edge" in words
    assert "Hidden: 38.1 to 38.5 % of the silhouette" in words
    assert "Cover: small cover (+2 defence)" in words
    assert "Borderline" not in words  # only a borderline answer says so (issue 39)
    assert "38.5 % hidden" in words
    assert "Silhouette of blue-1, as its shooter sees it" in words and "4 x 4.5 cm" in words


def test_cover_from_is_outlined_and_labelled():
    """The model and the piece the cover comes from are outlined in the sight group and named."""
    root = parse(render_board(BOARD, sight=cover_result(cover_from=("red-2", "low-wall"))))
    sight = group(root, "sight")
    outlined = sight.findall(".//*[@class='cover-from']", NS)
    assert len(outlined) == 2
    circle = [e for e in outlined if e.tag.endswith("circle")][0]
    # red-2 (20, 10), 25 mm: outlined round its centre, a little wider than its base
    assert (float(circle.get("cx")), float(circle.get("cy"))) == pytest.approx(table_to_svg(BOARD, (20, 10)))
    words = texts(root)
    assert "cover: red-2" in words and "cover: low-wall" in words
    assert "Cover from: red-2, low-wall" in words


def test_no_cover_from_no_outline():
    root = parse(render_board(BOARD, sight=cover_result()))
    assert root.findall(".//*[@class='cover-from']", NS) == []
    assert not any(t.startswith("Cover from") for t in texts(root))


def test_borderline_is_said():
    root = parse(render_board(BOARD, sight=cover_result(hidden_fraction=0.499, borderline=True, cover="small")))
    assert any(t.startswith("Borderline: YES") for t in texts(root))


def test_silhouette_inset_draws_hidden_regions():
    """Hidden regions, polygons (s, z) in cm on the silhouette, are drawn to the silhouette box's scale."""
    # blue-1's silhouette: 4 cm wide, 4.5 cm tall; its left half hidden up to 2.25 cm
    res = cover_result(hidden_fraction=0.25, hidden_regions=(((0.0, 0.0), (2.0, 0.0), (2.0, 2.25), (0.0, 2.25)),))
    root = parse(render_board(BOARD, sight=res))
    frame = next(r for r in group(root, "legend").findall("svg:rect", NS) if r.get("fill") == "#ffffff")
    (poly,) = group(root, "legend").findall("svg:polygon", NS)
    x, y, w, h = (float(frame.get(k)) for k in ("x", "y", "width", "height"))
    assert w / h == pytest.approx(4 / 4.5, abs=1e-3)  # silhouette proportions
    corners = sorted(tuple(map(float, p.split(","))) for p in poly.get("points").split())
    # coordinates are written to 0.01 px; z = 0 is the bottom of the frame
    expected = sorted([(x, y + h), (x + w / 2, y + h), (x + w / 2, y + h / 2), (x, y + h / 2)])
    assert [v for c in corners for v in c] == pytest.approx([v for c in expected for v in c], abs=0.01)
    assert "25 % hidden" in texts(root)


def test_silhouette_inset_falls_back_on_column_shares():
    res = cover_result(hidden_fraction=0.25, hidden_intervals=((0.0, 2.0, 0.5), (2.0, 4.0, 0.0)))
    root = parse(render_board(BOARD, sight=res))
    rects = group(root, "legend").findall("svg:rect", NS)
    frame = next(r for r in rects if r.get("fill") == "#ffffff")
    (shaded,) = [r for r in rects if r.get("fill") == "#555555"]
    assert float(shaded.get("width")) == pytest.approx(float(frame.get("width")) / 2, abs=0.01)
    assert float(shaded.get("height")) == pytest.approx(float(frame.get("height")) / 2, abs=0.01)


def test_no_line_of_sight_drawn_as_crossed_dashed_line():
    res = cover_result(line_of_sight=False, cover="no_line_of_sight", hidden_fraction=1.0, sight_line=None)
    root = parse(render_board(BOARD, sight=res))
    line = group(root, "sight").find("svg:line", NS)
    assert line.get("stroke-dasharray") and group(root, "sight").find("svg:path", NS) is not None
    words = texts(root)
    assert "Line of sight: no" in words and "100 % hidden" in words


# --- moves, regions, templates ---------------------------------------------------------


def test_move_polyline_ghost_and_length():
    root = parse(render_board(BOARD, move=move_result()))
    g = group(root, "move")
    poly = g.find("svg:polyline", NS)
    assert len(poly.get("points").split()) == 3
    assert poly.get("stroke") == "#1e8449"
    ghost = [c for c in g.findall("svg:circle", NS) if c.get("stroke-dasharray")]
    assert float(ghost[0].get("r")) == pytest.approx(1.25 * SCALE)  # red-2's 25 mm base
    words = texts(root)
    assert "10.0 cm" in words and "path 10.0 cm / allowance 12.0 cm" in words and "Legal: yes" in words


def test_illegal_move_red_with_reason_and_cost():
    res = move_result(legal=False, reason="too_far", path_length_cm=10.0, cost_cm=14.2, allowance_cm=12.0)
    root = parse(render_board(BOARD, move=res))
    assert group(root, "move").find("svg:polyline", NS).get("stroke") == "#c0392b"
    words = " | ".join(texts(root))
    assert "Legal: no (too far)" in words and "costs 14.2 cm" in words


def test_move_without_path_shows_the_request():
    res = move_result(legal=False, reason="no_room", path=(), path_length_cm=0.0, cost_cm=0.0)
    g = group(parse(render_board(BOARD, move=res)), "move")
    assert g.find("svg:polyline", NS) is None and g.find("svg:line", NS).get("stroke-dasharray")


def test_region_with_hole_is_one_even_odd_path():
    region = SPoint(20, 20).buffer(10).difference(SPoint(20, 20).buffer(3))
    path = group(parse(render_board(BOARD, region=region)), "region").find("svg:path", NS)
    assert path.get("fill-rule") == "evenodd" and path.get("d").count("M") == 2
    assert 0 < float(path.get("fill-opacity")) < 1


def test_multipolygon_region():
    region = SPoint(10, 10).buffer(3).union(SPoint(40, 40).buffer(3))
    path = group(parse(render_board(BOARD, region=region)), "region").find("svg:path", NS)
    assert path.get("d").count("M") == 2


def test_blast_template_and_hit_models():
    root = parse(render_board(BOARD, template=(SPoint(30, 40).buffer(5), ("blue-1",))))
    assert group(root, "template").find("svg:path", NS) is not None
    hit_rings = [c for c in group(root, "bases").findall("svg:circle", NS) if c.get("stroke") == "#e74c3c"]
    assert len(hit_rings) == 1
    assert float(hit_rings[0].get("cx")) == pytest.approx(table_to_svg(BOARD, (30, 40))[0])
    assert "Hit: blue-1" in texts(root)


def test_direct_template_line():
    root = parse(render_board(BOARD, template=(LineString([(11.5, 10), (31.5, 10)]), ())))
    polylines = group(root, "template").findall("svg:polyline", NS)
    assert len(polylines) == 2 and "Hit: nobody" in texts(root)


def test_dodges_drawn_and_told():
    dodges = [SimpleNamespace(model="blue-1", possible=True, shortest_cm=2.3, to=(30.0, 47.3),
                              path=((30.0, 40.0), (30.0, 47.3))),
              SimpleNamespace(model="red-1", possible=False, shortest_cm=None, to=None, path=())]
    root = parse(render_board(BOARD, dodges=dodges))
    assert len(root.findall(".//svg:g[@class='dodge']", NS)) == 1
    words = texts(root)
    assert "Dodge: blue-1 needs 2.3 cm to get out" in words and "Dodge: red-1 cannot get out" in words


def test_long_notes_are_wrapped():
    note = "word " * 40
    lines = [t for t in texts(parse(render_board(BOARD, notes=(note,)))) if "word" in t]
    assert len(lines) > 1 and all(len(t) <= 46 for t in lines)


# --- properties ------------------------------------------------------------------------

coord = st.floats(min_value=2, max_value=58, allow_nan=False)


@given(
    st.lists(st.tuples(coord, coord, st.sampled_from([25, 30, 40, 50]), st.sampled_from(["a", "b", None])),
             max_size=8),
    st.lists(st.tuples(coord, coord, st.floats(0, 20), st.sampled_from(["blocked", "difficult", "open"])),
             max_size=4),
)
def test_any_board_gives_valid_deterministic_svg(bases, pieces):
    board = Board(
        bases=tuple(Base(f"m{i}", x, y, d, side=s) for i, (x, y, d, s) in enumerate(bases)),
        terrain=tuple(TerrainPiece(f"t{i}", _rect(x - 1, y - 1, x + 1, y + 1), h, k)
                      for i, (x, y, h, k) in enumerate(pieces)),
    )
    svg = render_board(board, region=SPoint(30, 30).buffer(4))
    root = parse(svg)
    assert len(group(root, "bases").findall("svg:circle", NS)) == len(bases)
    assert len(group(root, "terrain").findall("svg:path", NS)) >= len(pieces)
    assert not re.search(r"\d\.\d{3,}", svg)
    assert svg == render_board(board, region=SPoint(30, 30).buffer(4))


# --- real results ----------------------------------------------------------------------


def test_renders_real_geometry_results():
    """The library's own CoverResult, MoveResult, reach region and DodgeResult draw as expected."""
    from landsraad.geometry import movement, sight, templates

    s, t = Base("s", 10, 30, 30, 4.0, side="red"), Base("t", 30, 30, 30, 4.0, side="blue")
    wall = TerrainPiece("wall", ((28.0, 20), (28.5, 20), (28.5, 40), (28.0, 40)), height_cm=2)
    board = Board(bases=(s, t), terrain=(wall,))
    cov = sight.cover(board, "s", "t")  # 31/68 hidden (sight.cover's doctest)
    move = movement.plan_move(board, "s", (10.0, 40.0), 10)  # 10 cm north: exactly the allowance
    region = movement.reach_region(board, "s", 5)
    blast = templates.blast_shape((30.0, 30.0))
    dodge = templates.dodge_out(board, "t", blast, 10)
    root = parse(render_board(board, sight=cov, move=move, region=region, template=(blast, ("t",)), dodges=[dodge]))
    words = texts(root)
    assert "Hidden: 45.6 % of the silhouette" in words and "45.6 % hidden" in words
    assert "Cover: small cover (+2 defence)" in words
    assert "path 10.0 cm / allowance 10.0 cm" in words and "Legal: yes" in words
    assert group(root, "legend").findall("svg:polygon", NS)  # the hidden region of the silhouette
    assert group(root, "region").find("svg:path", NS) is not None
    assert len(root.findall(".//svg:g[@class='dodge']", NS)) == 1
