"""Set-up (R-SETUP-BID, R-TERRAIN, R-MISSION-PICK, R-DEPLOY, R-FIRST) and the faction rules that touch it."""

import json

import pytest
import shapely
from hypothesis import given
from hypothesis import strategies as st

from landsraad.content import data_dir
from landsraad.engine import setup
from landsraad.engine.flow import Frame
from landsraad.engine.game import new_game
from landsraad.engine.setup import (
    _SUGGESTED_SPOTS,
    _box_gap,
    _edge_spots,
    _EdgeSpots,
    _grid,
    _terrain_problems,
    edge_contact,
    load_warband,
    placement_problem,
    recruit_side,
    stack_at_mission_pick,
)
from landsraad.engine.setup_options import SetupOptions
from landsraad.errors import RuleError
from landsraad.geometry.board import Base, Board, TerrainPiece
from landsraad.kits import load_kit
from landsraad.players import RandomPlayer
from landsraad.ruleset import DEFAULT
from landsraad.warband import WarbandList, load_list

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


# --- R-TERRAIN over many spots at once ------------------------------------------------------------

_KIT_PIECES = [piece for kit in ("arrakeen", "deep-desert", "palace") for piece in load_kit(kit).pieces]


def _terrain_problem_one_by_one(board, piece, centre):
    """R-TERRAIN for one spot, straight from shapely (the full computation the batch must equal)."""
    placed = piece.placed_at(centre).shape
    minx, miny, maxx, maxy = placed.bounds
    if min(minx, miny, board.width - maxx, board.depth - maxy) <= 5.0:
        return "a piece must stand more than 5 cm from every table edge (R-TERRAIN)"
    for other in board.terrain:
        if other.shape.distance(placed) <= 10.0:
            return f"a piece must stand more than 10 cm from the other pieces; {other.id} is {other.shape.distance(placed):.1f} cm away (R-TERRAIN)"
    for b in board.bases:
        if b.shape.intersects(placed):
            return f"it would cover {b.id}"
    return None


_SPOT = st.tuples(st.integers(0, 120).map(lambda k: k / 2), st.integers(0, 120).map(lambda k: k / 2))


@given(st.sampled_from(_KIT_PIECES), st.lists(st.tuples(st.sampled_from(_KIT_PIECES), _SPOT), max_size=4),
       st.lists(st.tuples(_SPOT, st.sampled_from([25, 30, 50])), max_size=4), st.lists(_SPOT, min_size=1, max_size=12))
def test_terrain_problems_of_many_spots_are_those_of_each_spot_r_terrain(piece, placed, bases, spots):
    board = Board(terrain=tuple(p.placed_at(c, f"t{i}") for i, (p, c) in enumerate(placed)),
                  bases=tuple(Base(f"b{i}", x, y, mm) for i, ((x, y), mm) in enumerate(bases)))
    expected = [_terrain_problem_one_by_one(board, piece, c) for c in spots]
    assert _terrain_problems(board, piece, spots) == expected
    assert [_terrain_problems(board, piece, [c])[0] for c in spots] == expected


def test_terrain_problems_near_the_limits_r_terrain():
    wall = TerrainPiece("wall", ((20, 20), (30, 20), (30, 22), (20, 22)))
    board = Board(terrain=(wall,), bases=(Base("b", 45, 45, 30),))
    crates = next(p for p in _KIT_PIECES if p.id == "crates")  # 4 x 3 cm
    spots = [(7.0, 30.0), (7.01, 30.0), (42.0, 21.0), (42.01, 21.0), (45.0, 45.0), (49.5, 45.0)]
    problems = _terrain_problems(board, crates, spots)
    assert "5 cm from every table edge" in problems[0] and problems[1] is None  # exactly 5 cm is too near
    assert "wall is 10.0 cm away" in problems[2] and problems[3] is None  # exactly 10 cm is too near
    assert problems[4] == "it would cover b" and problems[5] is None
    assert problems == [_terrain_problem_one_by_one(board, crates, c) for c in spots]


def test_the_terrain_grid_is_tested_spot_by_spot_r_terrain():
    board = Board(terrain=(TerrainPiece("t", ((28, 28), (32, 28), (32, 32), (28, 32))),))
    for piece in _KIT_PIECES:
        problems = _terrain_problems(board, piece, _grid(board, 24))
        assert problems == [_terrain_problem_one_by_one(board, piece, c) for c in _grid(board, 24)]
        assert any(p is None for p in problems) and any(p is not None for p in problems)


# --- R-DEPLOY suggestions ----------------------------------------------------------------------------


_NEAR_AN_EDGE = st.tuples(st.integers(0, 120).map(lambda k: k / 2), st.one_of(st.integers(0, 16).map(lambda k: k / 2), st.integers(104, 120).map(lambda k: k / 2)))


@given(st.lists(st.tuples(st.one_of(_SPOT, _NEAR_AN_EDGE, _NEAR_AN_EDGE.map(lambda p: p[::-1])), st.sampled_from([25, 30, 50])), max_size=10),
       st.sampled_from([25, 30, 40, 50]), st.sampled_from(["south", "north", "west", "east"]))
def test_deployment_suggestions_are_every_free_spot_tried_r_deploy(bases, mm, edge):
    board = Board(bases=tuple(Base(f"b{i}", x, y, d) for i, ((x, y), d) in enumerate(bases)),
                  terrain=(TerrainPiece("rock", ((20, 0), (28, 0), (28, 6), (20, 6)), 5.0),))
    base = Base("new", 0, 0, mm)
    # the full computation: every spot tried, on the whole board
    free = [(round(x, 3), round(y, 3)) for x, y in _edge_spots(board, base.radius, edge) if placement_problem(board, base.at((x, y))) is None]
    assert _EdgeSpots(board, base, edge).first(100) == tuple(free)
    assert _SUGGESTED_SPOTS == 12 and _EdgeSpots(board, base, edge).first(_SUGGESTED_SPOTS) == tuple(free[:12])
    assert _EdgeSpots(board, base, edge).first(1) == tuple(free[:1])
    assert all(edge_contact(board, base.at(p), edge, 0.0) for p in free)


def _former_spot_problem(board, base_id, x, y, r):
    """The placement test as it was written before :class:`_Placement` (the reference)."""
    eps = 1e-6
    if x - r < -eps or y - r < -eps or x + r > board.width + eps or y + r > board.depth + eps:
        return "it would stand partly off the table"
    for other in board.bases:
        if other.id == base_id:
            continue
        gap = ((other.x - x) ** 2 + (other.y - y) ** 2) ** 0.5 - other.radius - r
        if gap < -1e-6:
            return f"it would overlap {other.id} by {-gap:.1f} cm"
    for piece in board.terrain_of("blocked"):
        if piece.closer_than(x, y, r - 1e-6):
            return f"it would overlap the terrain piece {piece.id}"
    return None


def _former_edge_spots(board, r, edge):
    """The spots along an edge with the former mapping (one dict per spot), the reference; the steps
    along the edge, whose code did not change, are read off :func:`_edge_spots`."""
    along = 0 if edge in ("south", "north") else 1
    steps = [p[along] for p in _edge_spots(board, r, edge)]
    return [{"south": (s, r), "north": (s, board.depth - r), "west": (r, s), "east": (board.width - r, s)}[edge] for s in steps]


_ROCKS = (TerrainPiece("rock", ((20, 0), (28, 0), (28, 6), (20, 6)), 5.0),
          TerrainPiece("crag", ((0, 27), (7, 30), (0, 36)), 3.0),
          TerrainPiece("dune", ((40, 40), (50, 40), (50, 50)), 0.0, "difficult"))


@given(st.lists(st.tuples(st.one_of(_SPOT, _NEAR_AN_EDGE, _NEAR_AN_EDGE.map(lambda p: p[::-1])), st.sampled_from([25, 30, 50])), max_size=10),
       st.sampled_from([25, 30, 40, 50]), st.lists(st.one_of(_SPOT, _NEAR_AN_EDGE, _NEAR_AN_EDGE.map(lambda p: p[::-1])), min_size=1, max_size=8),
       st.booleans())
def test_placement_problem_is_the_former_test_r_deploy(bases, mm, spots, on_board):
    """The placement test reads the other bases once (:class:`_Placement`) and answers every spot, message
    included, as the former per-spot walk over the board did; the mover's own base is never in the way."""
    board = Board(bases=tuple(Base(f"b{i}", x, y, d) for i, ((x, y), d) in enumerate(bases)), terrain=_ROCKS)
    mover = Base("b0" if on_board and bases else "new", 0, 0, mm)
    for x, y in spots:
        b = mover.at((x, y))
        assert placement_problem(board, b) == _former_spot_problem(board, b.id, b.x, b.y, b.radius)


@given(st.lists(st.tuples(st.one_of(_SPOT, _NEAR_AN_EDGE, _NEAR_AN_EDGE.map(lambda p: p[::-1])), st.sampled_from([25, 30, 50])), max_size=10),
       st.sampled_from([25, 30, 40, 50]), st.sampled_from(["south", "north", "west", "east"]),
       st.lists(st.integers(0, 30), min_size=1, max_size=4))
def test_deployment_spots_found_as_far_as_asked_r_deploy(bases, mm, edge, counts):
    """One :class:`_EdgeSpots` asked for more and more spots (a room check, then the suggestions) gives
    what a fresh search with the former test gives for each count; the spots along the edge are the
    former ones; a board holding the mover's own base gives the same spots as one without it."""
    board = Board(bases=tuple(Base(f"b{i}", x, y, d) for i, ((x, y), d) in enumerate(bases)), terrain=_ROCKS)
    base = Base("new", 0, 0, mm)
    assert _edge_spots(board, base.radius, edge) == _former_edge_spots(board, base.radius, edge)
    free = [(round(x, 3), round(y, 3)) for x, y in _former_edge_spots(board, base.radius, edge)
            if _former_spot_problem(board, base.id, float(x), float(y), base.radius) is None]
    spots = _EdgeSpots(board, base, edge)
    with_mover = _EdgeSpots(board.with_base(base.at((30.0, 30.0))) if not board.has_base("new") else board, base, edge)
    for count in counts:
        assert spots.first(count) == tuple(free[:count]) == with_mover.first(count)


def test_models_waiting_to_deploy_block_nothing_r_deploy():
    """Undeployed models are not on the table (R-DEPLOY): they used to sit at (0, 0) as bases and
    refuse the south-west corner to the first models deployed."""
    game = new_game("corrino", "fremen", seed=1)
    players = {"red": RandomPlayer(1), "blue": RandomPlayer(2)}
    while game.decision.kind != "deploy":
        d = game.decision
        game.answer(players[d.side].decide(d, game.view(d.side)))
    d = game.decision
    mm = game.state.model(d.model)
    waiting = [m for m in game.state.models if m.id != mm.id and (m.x, m.y) == (0.0, 0.0)]
    assert waiting  # the others wait at the origin, off the table
    assert not any(game.state.board.has_base(m.id) for m in waiting + [mm])  # none is on the board
    edge = game.state.side_state(mm.side).edge
    r = mm.base_mm / 20
    corner = {"south": (r, r), "west": (r, r), "north": (r, 60 - r), "east": (60 - r, r)}[edge]
    assert d.check(corner) == corner
    # deployed elsewhere, it is on the board; the next model may still take the corner
    elsewhere = {"south": (30.0, r), "west": (r, 30.0), "north": (30.0, 60 - r), "east": (60 - r, 30.0)}[edge]
    game.answer(elsewhere)
    assert game.state.board.has_base(mm.id) and game.state.model(mm.id).deployed
    nxt = game.decision
    assert nxt.kind == "deploy" and nxt.model != mm.id
    nr = game.state.model(nxt.model).base_mm / 20
    edge = game.state.side_state(game.state.model(nxt.model).side).edge
    corner = {"south": (nr, nr), "west": (nr, nr), "north": (nr, 60 - nr), "east": (60 - nr, nr)}[edge]
    assert nxt.check(corner) == corner


@pytest.mark.parametrize("seed", [3, 8])
def test_the_stack_at_each_mission_pick_is_the_engines_r_mission_pick(seed):
    """R-MISSION-PICK, R-SETUP-BID: at either pick, the engine's stack is the one the set-up's order of steps gives."""
    game = new_game("corrino", "fremen", seed=seed)
    players = {"red": RandomPlayer(seed), "blue": RandomPlayer(seed + 1)}
    picks = 0
    while game.state.phase == "setup":
        d = game.decision
        if d.kind == "pick_missions":
            frames = {f.stage.name: f.data for f in game.stack}
            order = frames["missions.picked"].order
            assert order[picks] == d.side
            assert game.stack == stack_at_mission_pick(order=order, index=picks)
            picks += 1
        game.answer(players[d.side].decide(d, game.view(d.side)))
    assert picks == 2


@pytest.mark.parametrize("faction", ["corrino", "atreides", "harkonnen", "fremen"])
def test_a_bundled_factions_example_list_is_read_once_and_equals_the_file(faction):
    """Read once per process and shared by every game (a list is immutable): the same list as
    reading its file afresh."""
    first = load_warband(faction)
    assert first == load_list(data_dir("examples") / "lists" / f"{faction}.yaml")
    assert load_warband(faction) is first


# --- issue 37: a bid for each set-up sub-phase, when it comes (R-SETUP-BID) --------------------------


_STEP_EVENTS = {"terrain": ("terrain", "terrain_pass", "terrain_no_room"), "missions": ("missions_picked", "marker", "ambassador"),
                "deployment": ("deploy",)}


def test_each_setup_bid_comes_before_its_step_r_setup_bid():
    """2.1.1 « Il faut miser pour chaque sous phase (décors, missions, déploiement et premier tour) »,
    2.1.2 « les joueurs misent une dernière fois »: terrain bid, terrain, missions bid, missions (picks
    and markers), deployment bid, deployment, the last bid; each bidder sees the table as it stands."""
    game = new_game("corrino", "fremen", seed=5)
    players = {"red": RandomPlayer(5), "blue": RandomPlayer(6)}
    seen_at_bid: dict[tuple[str, str], tuple[int, int, int]] = {}
    while game.state.phase == "setup":
        d = game.decision
        view = game.view(d.side)
        if d.kind == "bid":
            seen_at_bid[(d.info["step"], d.side)] = (len(view.terrain), len(view.markers) + sum(m.ambassador for m in view.models),
                                                      sum(m.deployed and not m.ambassador for m in view.models))
        game.answer(players[d.side].decide(d, view))
    order: list[str] = []  # the set-up's events, a run of one step's events read as that step once
    for e in game.log:
        if e.kind == "bid":
            order.append(f"bid:{e.data['step']}")
        else:
            step = next((s for s, kinds in _STEP_EVENTS.items() if e.kind in kinds), None)
            if step is not None and (not order or order[-1] != step):
                order.append(step)
        if e.kind == "first_player":
            order.append("first_player")
    assert order == ["bid:terrain", "terrain", "bid:missions", "missions", "bid:deployment", "deployment", "bid:first", "first_player"]
    pieces, markers = len(game.state.terrain), len(game.state.markers) + sum(m.ambassador for m in game.state.models)
    deployed = sum(not m.ambassador for m in game.state.models)
    assert pieces and markers
    for side in ("red", "blue"):  # what each bidder saw: the steps already done, nothing of those to come
        assert seen_at_bid[("terrain", side)] == (0, 0, 0)
        assert seen_at_bid[("missions", side)] == (pieces, 0, 0)
        assert seen_at_bid[("deployment", side)] == (pieces, markers, 0)
        assert seen_at_bid[("first", side)] == (pieces, markers, deployed)


def test_a_game_without_missions_has_no_missions_bid_r_setup_bid_prj_95():
    """PRJ-95: a game played without missions has no missions step, so no bid for it (R-SETUP-BID):
    terrain bid, terrain, deployment bid, deployment, the last bid."""
    game = new_game("corrino", "fremen", seed=5, setup=SetupOptions(missions=False))
    _through_setup(game, {"red": RandomPlayer(5), "blue": RandomPlayer(6)})
    steps = [e.data["step"] for e in game.log if e.kind == "bid"]
    assert steps == ["terrain", "deployment", "first"]
    kinds = [e.kind for e in game.log]
    assert kinds.index("terrain") < [i for i, e in enumerate(game.log) if e.kind == "bid"][1] < kinds.index("deploy")
    assert not game.state.markers and game.state.phase == "play"


# --- the frames: typed payloads, the JSON form saved games hold ------------------------------------


@pytest.mark.parametrize("name, data, kind", [
    ("bid", {"step": "terrain"}, setup.StepFrame),
    ("bid.red", {"step": "terrain"}, setup.BidFrame),
    ("bid.revealed", {"step": "missions", "red": 3}, setup.BidFrame),
    ("bid.tie_red", {"step": "deployment", "bids": {"red": 2, "blue": 2}, "rolls": []}, setup.BidFrame),
    ("bid.tie_blue", {"step": "first", "bids": {"red": 0, "blue": 0}, "rolls": [[4, 4]], "red_die": 7}, setup.BidFrame),
    ("setup.won", {"step": "terrain"}, setup.StepFrame),
    ("setup.done", {"step": "deployment"}, setup.StepFrame),
    ("setup.bid_won", {"step": "missions", "winners": {"terrain": "red"}}, setup.LegacyBids),
    ("setup.first_chosen", {"winner": "blue"}, setup.Won),
    ("terrain", {"winner": "red"}, setup.Won),
    ("terrain.next", {"remaining": ["rock", "dune"], "passed": [], "n": 0}, setup.TerrainFrame),
    ("terrain.piece", {"placer": "red", "remaining": ["rock"], "passed": ["blue"], "n": 1}, setup.TerrainFrame),
    ("terrain.placed", {"placer": "red", "remaining": [], "passed": [], "n": 2, "piece": "rock", "piece_id": "rock-2"}, setup.TerrainFrame),
    ("deploy", {"winner": "blue"}, setup.Won),
    ("deploy.next", {"queue": ["red-1", "blue-1"]}, setup.DeployQueue),
])
def test_every_setup_family_loads_the_form_saved_before_it_was_typed_and_saves_it_again(name, data, kind):
    """R-SETUP-BID, R-TERRAIN, R-DEPLOY: a snapshot's set-up frames of the current format still load, and save as they were."""
    frame = Frame.from_list([name, json.loads(json.dumps(data))])
    assert type(frame.data) is kind
    assert frame.to_list() == [name, data]
    assert Frame.from_list(frame.to_list()) == frame


def test_a_tied_bid_saved_mid_roll_off_plays_on_to_the_same_bid_event():
    """R-SETUP-BID: the roll-offs so far come back from the frame as the bid event records them."""
    frame = Frame.from_list(["bid.tie_blue", {"step": "terrain", "bids": {"red": 1, "blue": 1}, "rolls": [[5, 5]], "red_die": 8}])
    assert frame.data.tie() == ({"red": 1, "blue": 1}, ((5, 5),))
    with pytest.raises(RuleError, match="before its bids are known"):
        setup.BidFrame("terrain").tie()
