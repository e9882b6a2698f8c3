"""landsraad.ai.reading: what the player reads of the table at pick time."""

from __future__ import annotations

import math

from landsraad.ai.reading import read_table
from landsraad.engine.state import TerrainState

from ..engine.helpers import model, state_in_play


def _two_warbands(**kw):
    red = [model("red", "harkonnen", "champion", n, 0, 0) for n in (1, 2)]
    blue = [model("blue", "fremen", "warrior", n, 0, 0) for n in (1, 2)]
    return state_in_play(red + blue, red="harkonnen", blue="fremen", **kw)


def test_the_two_sides_readings_mirror_each_other():
    state = _two_warbands()
    red, blue = read_table(state, "red"), read_table(state, "blue")
    assert red.fight > 0 > blue.fight and math.isclose(red.fight, -blue.fight)
    assert math.isclose(red.share + blue.share, 1.0) and red.share > 0.5
    assert red.edge == "south" and blue.edge == "north" and red.span == 60.0


def test_terrain_across_the_walks_makes_the_detour_longer():
    state = _two_warbands()
    assert read_table(state, "red").detour == 1.0
    wall = TerrainState(id="wall", polygon=((0.0, 28.0), (60.0, 28.0), (60.0, 32.0), (0.0, 32.0)), height_cm=5.0)
    bog = TerrainState(id="bog", polygon=((0.0, 28.0), (60.0, 28.0), (60.0, 32.0), (0.0, 32.0)), movement="difficult")
    walled, boggy = read_table(state.replace(terrain=(wall,)), "red"), read_table(state.replace(terrain=(bog,)), "red")
    assert walled.detour > boggy.detour > 1.0
    # A walk across the wall takes more activations.
    assert walled.turns(40.0) > read_table(state, "red").turns(40.0)


def test_a_shorter_game_or_a_bigger_warband_gives_each_model_fewer_activations():
    state = _two_warbands()
    base = read_table(state, "red").activations
    assert read_table(state.replace(clock_limit_s=state.clock_limit_s / 2), "red").activations < base
    more = state.replace(models=state.models + (model("red", "harkonnen", "champion", 3, 0, 0),))
    assert read_table(more, "red").activations < base


def test_test_chances_come_from_the_dice():
    r = read_table(_two_warbands(), "red")
    reflexes = r.mine[0].profile.reflexes
    # Colour die + Reflexes >= 8 (R-TEST-SIMPLE): faces 8 - Reflexes .. 10.
    assert math.isclose(r.test_chance("reflexes", 8), min(1.0, max(0.0, (11 - (8 - int(reflexes))) / 10)))
