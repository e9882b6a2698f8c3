"""Set-up (R-SETUP-BID, R-TERRAIN, R-MISSION-PICK, R-DEPLOY, R-FIRST) and the faction rules that touch it."""

import pytest
import shapely
from hypothesis import given
from hypothesis import strategies as st

from landsraad.engine.game import new_game
from landsraad.engine.setup import _box_gap, placement_problem, recruit_side
from landsraad.geometry.board import Base, Board
from landsraad.players import RandomPlayer
from landsraad.ruleset import DEFAULT
from landsraad.warband import WarbandList

from .helpers import ScriptedPlayer


def _through_setup(game, players):
    while game.state.phase == "setup":
        d = game.decision
        game.answer(players[d.side].decide(d, game.view_for(d.side)))
    return game


def test_bids_cost_honour_and_the_higher_bid_wins_r_setup_bid():
    game = new_game("corrino", "fremen", seed=1)
    honour = {s.side: s.honour for s in game.state.sides}
    red = ScriptedPlayer({"bid": [2, 0, 0, 0]})
    blue = ScriptedPlayer({"bid": [1, 0, 0, 0]})
    _through_setup(game, {"red": red, "blue": blue})
    first_bid = next(e for e in game.log if e.kind == "bid")
    assert first_bid.data["step"] == "terrain" and first_bid.data["winner"] == "red"
    assert game.state.side_state("red").honour == honour["red"] - 2
    assert game.state.side_state("blue").honour == honour["blue"] - 1


def test_tied_bids_roll_off_unless_a_faction_wins_ties():
    game = _through_setup(new_game("corrino", "fremen", seed=4), {"red": ScriptedPlayer({"bid": 0}), "blue": ScriptedPlayer({"bid": 0})})
    bids = [e for e in game.log if e.kind == "bid"]
    assert len(bids) == 4 and all(b.data["tie_rolls"] for b in bids)
    # Hawat's network (Atreides): ties won without rolling.
    game = _through_setup(new_game("atreides", "fremen", seed=4), {"red": ScriptedPlayer({"bid": 0}), "blue": ScriptedPlayer({"bid": 0})})
    assert all(b.data["winner"] == "red" and not b.data["tie_rolls"] for b in game.log if b.kind == "bid")


def test_honour_bonus_of_recruited_models_prj_54():
    plain = WarbandList(name="x", faction="atreides", models=[{"type": "soldier"}])
    mentats = WarbandList(name="x", faction="atreides", models=[{"type": "soldier"}, {"type": "mentat"}])
    base = recruit_side("red", plain, DEFAULT)[0].honour
    assert recruit_side("red", mentats, DEFAULT)[0].honour == base + 1  # the Mentat's strategist rule


def test_terrain_is_placed_by_the_rules_and_models_deploy_on_their_edge_r_terrain_r_deploy():
    game = _through_setup(new_game("harkonnen", "atreides", seed=6), {"red": RandomPlayer(1), "blue": RandomPlayer(2)})
    board = game.state.board
    pieces = list(board.terrain)
    for i, t in enumerate(pieces):
        minx, miny, maxx, maxy = t.shape.bounds
        assert min(minx, miny, board.width - maxx, board.depth - maxy) > 5
        for other in pieces[:i]:
            assert other.shape.distance(t.shape) > 10
    for m in game.state.models:
        if m.ambassador:
            continue
        r = m.base_mm / 20
        gap = m.y - r if m.side == "red" else board.depth - m.y - r
        assert gap <= DEFAULT.contact_tolerance_cm + 1e-9, m.id
    assert game.state.phase == "play" and game.state.first in ("red", "blue")


def test_imperial_espionage_reveals_the_opponents_mission_count():
    game = _through_setup(new_game("corrino", "fremen", seed=2), {"red": RandomPlayer(1), "blue": RandomPlayer(2)})
    revealed = [e for e in game.log if e.kind == "missions_count_revealed"]
    assert revealed and revealed[0].side == "blue" and revealed[0].data["to"] == "red"
    assert revealed[0].data["count"] == len(game.state.side_state("blue").missions)


@pytest.mark.parametrize("names_a_pick", [True, False])
def test_harkonnen_treachery_gets_a_truthful_answer(names_a_pick):
    game = new_game("harkonnen", "fremen", seed=3)
    players = {"red": RandomPlayer(1), "blue": RandomPlayer(2)}
    named = None
    while game.state.phase == "setup":
        d = game.decision
        if d.kind == "treachery":  # the test, not the player, looks at blue's secret picks to name one or not
            picks = game.state.side_state("blue").missions
            named = picks[0] if names_a_pick else next(c for c in d.choices if c not in picks)
            game.answer(named)
        elif d.kind == "dice":
            game.roll_pending()
        else:
            game.answer(players[d.side].decide(d, game.view(d.side)))
    t = next(e for e in game.log if e.kind == "treachery")
    assert (t.data["named"], t.data["chosen"]) == (named, names_a_pick)
    assert game.state.flag("red", "treachery") == f"{named}:{'chosen' if names_a_pick else 'not chosen'}"


def test_placement_problem_boundaries():
    board = Board(bases=(Base("a", 10, 10, 30),))
    assert placement_problem(board, Base("b", 13.0, 10, 30)) is None  # touching is allowed
    assert "overlap" in placement_problem(board, Base("b", 12.9, 10, 30))
    assert placement_problem(board, Base("b", 1.5, 30, 30)) is None  # touching the table edge
    assert "off the table" in placement_problem(board, Base("b", 1.4, 30, 30))


@given(st.tuples(st.floats(0, 60), st.floats(0, 60), st.floats(0.1, 10)), st.tuples(st.floats(0, 60), st.floats(0, 60), st.floats(0.1, 10)))
def test_property_the_box_gap_never_exceeds_the_shapes_distance(a, b):
    """R-TERRAIN's 10 cm check skips the distance only when the boxes are further apart: exact."""
    sa = shapely.Point(a[0], a[1]).buffer(a[2])
    sb = shapely.box(b[0], b[1], b[0] + b[2], b[1] + 2 * b[2])
    assert _box_gap(sa.bounds, sb.bounds) <= sa.distance(sb) + 1e-9
