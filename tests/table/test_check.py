"""landsraad.table.check: set-up checks of a scene (R-TERRAIN, R-DEPLOY)."""

from __future__ import annotations

import pytest

from landsraad.errors import UsageError
from landsraad.scene import parse_scene
from landsraad.table.check import check_scene

SCENE = parse_scene("""
terrain:
  - {id: rock, polygon: [[2, 20], [6, 20], [6, 24], [2, 24]], height: 3}
models:
  - {id: a, at: [10, 1.5], base: 30, side: red}
  - {id: b, at: [30, 30], base: 30, side: blue}
edges: {red: south, blue: north}
""", "s.yaml")


def test_setup_checks_terrain_and_the_files_edges():
    c = check_scene(SCENE, "s.yaml")
    assert not c.ok and c.edges == {"red": "south", "blue": "north"}
    assert {p.rule.split()[0] for p in c.problems} >= {"R-TERRAIN"}
    assert [p.subject for p in c.problems if not p.rule.startswith("R-TERRAIN")] == ["b"]  # b is not at its edge


def test_play_checks_nothing_more():
    c = check_scene(SCENE, "s.yaml", stage="play")
    assert c.ok and c.to_dict()["stage"] == "play"


def test_an_edge_for_a_missing_side_is_a_usage_error():
    with pytest.raises(UsageError, match="Did you mean 'red'"):
        check_scene(SCENE, "s.yaml", edges={"redd": "south"})


@pytest.mark.parametrize("stage", ["setup", "play"])
def test_an_edge_that_is_not_a_table_edge_is_a_usage_error(stage):
    # found typing check_scene (issue 44): "up" reached SceneCheck.edges at play, the geometry's GeometryError at setup
    with pytest.raises(UsageError, match="'red' the edge 'up'; the edges are south, north, west, east"):
        check_scene(SCENE, "s.yaml", edges={"red": "up"}, stage=stage)
