"""Tests of landsraad.missions: the ten cards, scoring (R-MISSIONS), restrictions, marker
placement (PRJ-70) and every evaluator, through a small test double of :class:`MissionView`."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from landsraad.content import data_dir
from landsraad.errors import DataError, UnknownNameError
from landsraad.i18n import localized, use_language
from landsraad.missions import (
    EVALUATORS,
    KillView,
    MarkerView,
    MissionCard,
    ModelView,
    ScoreSheet,
    ValueTable,
    compare,
    evaluate,
    evaluate_picks,
    format_score_sheet,
    load_mission,
    load_mission_file,
    load_missions,
    mission_ids,
    mission_points,
    pick_problems,
    placement_problems,
    protection_wounded,
    restriction_problem,
    score,
    validate_picks,
)
from landsraad.missions.cards import MarkerSpec, crowded, crowding_problem, first_placement_problem, placement_allowed
from landsraad.missions.view import distance_to_edge
from landsraad.ruleset import DEFAULT, Ruleset

ROOT = Path(__file__).resolve().parents[1]
TEN = {"protection", "spice_theft", "assassination", "territory", "occupation", "activation",
       "treachery", "infiltration", "slave_hunt", "sabotage"}


# --- a test double of the MissionView interface -----------------------------------------------


@dataclass
class FakeGame:
    """A plain implementation of MissionView: red deploys south (y = 0), blue north."""

    model_list: list[ModelView] = field(default_factory=list)
    marker_list: list[MarkerView] = field(default_factory=list)
    kill_list: list[KillView] = field(default_factory=list)
    edges: dict[str, str] = field(default_factory=lambda: {"red": "south", "blue": "north"})
    size: tuple[float, float] = (60.0, 60.0)

    def sides(self):
        return tuple(self.edges)

    def edge(self, side):
        return self.edges[side]

    def table_size(self):
        return self.size

    def models(self, side):
        return [m for m in self.model_list if m.side == side]

    def markers(self):
        return list(self.marker_list)

    def kills(self):
        return list(self.kill_list)


def soldier(mid, side, x, y, **kw):
    return ModelView(id=mid, side=side, type=kw.pop("type", "soldier"), position=(x, y), base_mm=kw.pop("base_mm", 30), **kw)


def ambassador(side="red", x=30.0, y=10.0, **kw):
    return ModelView(id=f"{side}-amb", side=side, type="ambassador", position=(x, y), base_mm=30, is_ambassador=True, **kw)


def outcome(mission, game, side="red", ruleset=DEFAULT):
    return evaluate(load_mission(mission), game, side, ruleset=ruleset)


# --- the cards --------------------------------------------------------------------------------


def test_all_ten_cards_load_and_match_their_file_names():
    cards = load_missions()
    assert set(cards) == TEN == set(mission_ids())
    for mid, card in cards.items():
        assert card.id == mid
        assert card.failure.evaluator in EVALUATORS and card.success.evaluator in EVALUATORS
    assert {c.id for c in cards.values() if c.source == "rulebook"} == {"protection"}


def test_rulebook_names_are_the_french_card_names():
    # Rulebook section 3, the scoring example and the restriction paragraph.
    names = {c.id: c.rulebook_name for c in load_missions().values()}
    assert names["spice_theft"] == "Vol d'Epice"
    assert names["assassination"] == "Assassinat"
    assert names["territory"] == "Territoire"
    assert names["treachery"] == "Traîtrise"
    assert names["slave_hunt"] == "Chasse aux Esclaves"


def test_protection_card_is_the_rulebook_card():
    # R-MISSIONS: ambassador anywhere, Combat -2, Reflexes -2, Endurance 2, shield; 4 3 2 1 1 1 / -5 -4 -3 -2 -1 -1.
    card = load_mission("protection")
    assert card.values.success == (4, 3, 2, 1, 1, 1)
    assert card.values.failure == (-5, -4, -3, -2, -1, -1)
    (spec,) = card.markers
    assert spec.region == "anywhere" and spec.count == 1 and spec.placed_by == "owner"
    amb = spec.model
    assert (amb.combat, amb.reflexes, amb.endurance, amb.shield, amb.activatable) == (-2, -2, 2, "full", False)


# CONTENT.md, Missions paragraph, from the rulebook's scoring example.
@pytest.mark.parametrize(
    "mission, rank, succeeded, points",
    [
        ("spice_theft", 1, False, -5),
        ("protection", 2, True, 3),
        ("assassination", 3, True, 4),
        ("assassination", 3, False, -1),
        ("territory", 4, True, 6),
        ("occupation", 5, True, 4),
        ("activation", 6, True, 3),
        ("treachery", 1, True, 6),
        ("infiltration", 2, True, 4),
    ],
)
def test_tables_agree_with_the_rulebook_scoring_example(mission, rank, succeeded, points):
    assert mission_points(load_mission(mission), rank, succeeded) == points


@pytest.mark.parametrize("mission", sorted(TEN))
def test_tables_follow_the_protection_card_spirit(mission):
    # As on the canon card: higher priority never scores less on success nor loses less on failure.
    v = load_mission(mission).values
    assert all(a >= b for a, b in zip(v.success, v.success[1:])), v.success
    assert all(a <= b for a, b in zip(v.failure, v.failure[1:])), v.failure
    assert min(v.success) >= 1 and max(v.failure) <= -1


def test_cards_round_trip_through_their_data():
    for card in load_missions().values():
        assert MissionCard.model_validate(card.model_dump()) == card
        assert MissionCard.model_validate_json(card.model_dump_json()) == card
    assert len({hash(c) for c in load_missions().values()}) == len(TEN)  # frozen cards are hashable


def test_special_actions_are_data_the_engine_can_offer():
    actions = {a.id: (c.id, a) for c in load_missions().values() for a in c.special_actions}
    assert set(actions) == {"pick_up_spice", "carry_off_spice", "activate_terminal", "capture", "sabotage_depot"}
    _, sabotage = actions["sabotage_depot"]
    assert sabotage.test.characteristic == "reflexes" and sabotage.test.difficulty == 8 and sabotage.effect == "destroy"
    # Blinding: "cannot fulfil objectives" (R-POISON) - every mission action forbids it.
    assert all("not_blinded" in a.requires for _, a in actions.values())


# --- card validation --------------------------------------------------------------------------


def _card_data(mission="spice_theft"):
    return yaml.safe_load((data_dir("missions") / f"{mission}.yaml").read_text(encoding="utf-8"))


def test_unknown_evaluator_is_located_and_lists_the_valid_ones(tmp_path):
    data = _card_data()
    data["success"]["evaluator"] = "markers_secure"
    path = tmp_path / "spice_theft.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_mission_file(path)
    text = str(info.value)
    assert "success.evaluator" in text and "Did you mean 'markers_secured'?" in text and "otherwise" in text


def test_every_card_problem_is_reported_at_once(tmp_path):
    data = _card_data()
    data["values"]["success"] = [8, 7, 6, 5, 4]
    data["values"]["failure"] = [5, -4, -3, -2, -2, -1]
    data["success"]["parameters"] = {"marker": 1}
    data["markers"][0]["size_mm"] = 40
    path = tmp_path / "spice_theft.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_mission_file(path)
    wheres = [p.where.split(" ")[0] for p in info.value.problems]
    assert "values.success" in wheres and "values.failure" in wheres and "success" in wheres
    assert "markers[0].size_mm" in wheres
    text = str(info.value)
    assert "one per rank 1-6" in text and "must be 0 or less" in text and "needs the parameter(s) markers" in text


def test_card_cross_references_are_checked():
    data = _card_data()
    data["special_actions"][0]["marker"] = "spise"
    with pytest.raises(ValidationError, match="names marker 'spise'"):
        MissionCard.model_validate(data)
    data = _card_data("protection")
    data["markers"][0]["portable"] = True
    with pytest.raises(ValidationError, match="neither portable nor destructible"):
        MissionCard.model_validate(data)


def test_file_name_must_match_the_id(tmp_path):
    path = tmp_path / "theft.yaml"
    path.write_text((data_dir("missions") / "spice_theft.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(DataError, match="must match its file name 'theft'"):
        load_mission_file(path)


def test_load_missions_reports_every_bad_file(tmp_path):
    for name in ("a", "b"):
        (tmp_path / f"{name}.yaml").write_text("id: x\n", encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_missions(tmp_path)
    assert {Path(p.source).name for p in info.value.problems} == {"a.yaml", "b.yaml"}


def test_unknown_mission_and_unknown_evaluator_list_the_valid_names():
    with pytest.raises(UnknownNameError) as info:
        load_mission("sabotge")
    assert "Did you mean 'sabotage'?" in str(info.value) and "protection" in str(info.value)
    with pytest.raises(UnknownNameError) as info:
        EVALUATORS.get("first_blood")
    assert "first_kill" in str(info.value) and "control_quarters" in str(info.value)


# --- picks and restrictions (R-MISSIONS) ------------------------------------------------------


def test_slave_hunt_needs_a_gladiator():
    hunt = load_mission("slave_hunt")
    assert hunt.allowed_for("harkonnen", ["soldier", "gladiator"])
    assert not hunt.allowed_for("harkonnen", ["soldier"])
    assert not hunt.allowed_for("corrino", [])
    assert load_mission("protection").allowed_for("fremen", [])


def test_faction_restrictions_are_checked_too():
    card = load_mission("slave_hunt").model_copy(
        update={"restriction": load_mission("slave_hunt").restriction.model_copy(update={"factions": ("harkonnen",)})}
    )
    assert restriction_problem(card, "harkonnen", ["gladiator"]) is None
    why = restriction_problem(card, "atreides", ["gladiator"])
    assert "faction(s) harkonnen, not atreides" in why


def test_bundled_harkonnen_gladiators_carry_the_keyword():
    # The restriction names the keyword the Harkonnen sheet gives its gladiators.
    from landsraad.content import faction_ids, load_faction

    if "harkonnen" not in faction_ids():
        pytest.skip("no bundled Harkonnen sheet")
    keywords = {k for p in load_faction("harkonnen").profiles for k in p.keywords}
    assert set(load_mission("slave_hunt").restriction.keywords) <= keywords


def test_pick_problems_collects_every_problem():
    problems = pick_problems(["territory", "teritory", "territory", "slave_hunt", "protection", "occupation", "activation"],
                             faction="atreides", keywords=["soldier"])
    messages = [p.message for p in problems]
    assert len(problems) == 4
    assert "between 1 and 6 missions; got 7" in messages[0]
    assert "Did you mean 'territory'?" in messages[1] and problems[1].where == "[1]"
    assert "picked twice (ranks 1 and 3)" in messages[2]
    assert "keyword 'gladiator'" in messages[3] and problems[3].where == "[3]"


def test_empty_picks_and_restrictions_unchecked_without_a_faction():
    assert "got 0" in pick_problems([])[0].message
    assert pick_problems(["slave_hunt"]) == ()
    assert pick_problems("protection")[0].message.startswith("Mission picks must be a ranked list")


def test_validate_picks_returns_the_cards_in_rank_order_or_raises():
    cards = validate_picks(["slave_hunt", "protection"], faction="harkonnen", keywords=["gladiator"])
    assert [c.id for c in cards] == ["slave_hunt", "protection"]
    with pytest.raises(DataError) as info:
        validate_picks(["slave_hunt", "slave_hunt"], faction="corrino")
    assert len(info.value.problems) == 2


# --- scoring (R-MISSIONS) ---------------------------------------------------------------------


def test_rulebook_scoring_example():
    """Rulebook section 3, "Exemple": 10 VP against 14 VP; the second player wins."""
    first = score(
        ["spice_theft", "protection", "assassination", "territory", "occupation", "activation"],
        {"protection": True, "territory": True, "activation": True, "occupation": True,
         "spice_theft": False, "assassination": False},
        side="first",
    )
    assert [(line.mission, line.rank, line.succeeded, line.points) for line in first.lines] == [
        ("spice_theft", 1, False, -5),
        ("protection", 2, True, 3),
        ("assassination", 3, False, -1),
        ("territory", 4, True, 6),
        ("occupation", 5, True, 4),
        ("activation", 6, True, 3),
    ]
    assert sum(line.points for line in first.lines if line.points > 0) == 16  # "Il obtient 16 points de victoire"
    assert sum(line.points for line in first.lines if line.points < 0) == -6  # "mais en perd 6"
    assert first.total == 10
    second = score(["treachery", "infiltration", "assassination"],
                   {"treachery": True, "infiltration": True, "assassination": True}, side="second")
    assert [line.points for line in second.lines] == [6, 4, 4]
    assert second.total == 14
    assert compare(first, second) is second
    assert compare(second, first) is second


def test_equal_totals_are_a_draw():
    a = score(["protection"], {"protection": True})  # rank 1: 4
    b = score(["activation", "infiltration"], {"activation": False, "infiltration": True})  # -4 + 4 = 0
    c = score(["territory", "treachery"], {"territory": False, "treachery": True})  # -4 + 5 = 1
    assert (a.total, b.total, c.total) == (4, 0, 1)
    assert compare(b, score(["protection"], {"protection": None})) is None
    assert compare(a, c) is a


def test_score_reports_every_outcome_problem():
    with pytest.raises(DataError) as info:
        score(["protection", "territory", "protection"], {"territory": "yes", "treachery": True})
    messages = [p.message for p in info.value.problems]
    assert any("picked twice" in m for m in messages)
    assert any("'protection' has no outcome" in m for m in messages)
    assert any("got 'yes'" in m for m in messages)
    assert any("'treachery' has an outcome but was not picked" in m for m in messages)


def test_rank_outside_one_to_six_is_refused():
    with pytest.raises(DataError, match="from 1 to 6; got 7"):
        mission_points(load_mission("protection"), 7, True)


def test_score_sheet_total_must_be_the_sum_of_its_lines():
    sheet = score(["protection", "territory"], {"protection": True, "territory": False})
    assert ScoreSheet.model_validate(sheet.model_dump()) == sheet
    with pytest.raises(ValidationError, match="sum of the lines"):
        ScoreSheet.model_validate({**sheet.model_dump(), "total": 99})


def test_format_score_sheet_lists_ranks_outcomes_and_total():
    text = format_score_sheet(score(["spice_theft", "protection"], {"spice_theft": False, "protection": True}))
    assert re.search(r"1\s+Spice theft\s+failure\s+-5", text)
    assert re.search(r"2\s+Protection\s+success\s+\+3", text)
    assert re.search(r"total\s+-2$", text)


picks_strategy = st.permutations(sorted(TEN)).flatmap(
    lambda order: st.integers(1, 6).map(lambda n: list(order[:n]))
)


@given(picks_strategy, st.data())
def test_total_is_the_sum_of_lines_and_ranks_pick_the_right_column(picks, data):
    outcomes = {m: data.draw(st.sampled_from([True, False, None]), label=m) for m in picks}
    sheet = score(picks, outcomes)
    assert sheet.total == sum(line.points for line in sheet.lines)
    assert [line.mission for line in sheet.lines] == picks
    raw = {m: yaml.safe_load((data_dir("missions") / f"{m}.yaml").read_text(encoding="utf-8"))["values"] for m in picks}
    for position, line in enumerate(sheet.lines):
        # The card's row, read straight from the file: rank r is the r-th value (rulebook: columns 1..6).
        assert line.rank == position + 1
        expected = {True: raw[line.mission]["success"], False: raw[line.mission]["failure"]}.get(line.succeeded)
        assert line.points == (0 if expected is None else expected[position])


@given(st.lists(st.integers(0, 12), min_size=6, max_size=6), st.lists(st.integers(-12, 0), min_size=6, max_size=6))
def test_value_table_round_trips(success, failure):
    table = ValueTable(success=success, failure=failure)
    assert ValueTable.model_validate_json(table.model_dump_json()) == table
    assert table.success == tuple(success)


# --- marker placement (PRJ-70) ----------------------------------------------------------------


def test_occupation_positions_placement():
    spec = load_mission("occupation").marker("position")  # 50 mm: radius 2.5
    assert placement_problems(spec, (15, 30), owner_edge="south") == ()
    # 20 cm from the owner's edge: the token's near edge at y = 20 exactly is allowed.
    assert placement_problems(spec, (15, 22.5), owner_edge="south") == ()
    (p,) = placement_problems(spec, (15, 22), owner_edge="south")
    assert "at least 20 cm from its owner's table edge (south)" in p and "19.5 cm" in p
    # Seen from a north player, the same spot is 35.5 cm from its edge.
    assert placement_problems(spec, (15, 22), owner_edge="north") == ()
    (p,) = placement_problems(spec, (11, 30), owner_edge="south")
    assert "at least 10 cm from every table edge" in p and "8.5 cm" in p
    # Apart: edges 15 cm apart allowed, 14 cm not.
    assert placement_problems(spec, (15, 30), owner_edge="south", same_kind=[(35, 30)]) == ()
    (p,) = placement_problems(spec, (15, 30), owner_edge="south", same_kind=[(34, 30)])
    assert "14.0 cm" in p


def test_placement_off_table_overlap_and_regions():
    spice = load_mission("spice_theft").marker("spice")
    (p,) = placement_problems(spice, (61, 45), owner_edge="south")
    assert "wholly on the 60 x 60 cm table" in p
    # Opponent's half for a north owner is the south half.
    assert placement_problems(spice, (30, 15), owner_edge="north") == ()
    assert "opponent's half" in placement_problems(spice, (30, 45), owner_edge="north")[0]
    # Touching another token is allowed, overlapping is not.
    assert placement_problems(spice, (30, 45), owner_edge="south", occupied=[((33, 45), 30)]) == ()
    assert "overlaps" in placement_problems(spice, (30, 45), owner_edge="south", occupied=[((32, 45), 30)])[0]


def test_every_bundled_marker_fits_on_the_table():
    # Each card's placement rules leave room for all its markers (a greedy scan finds a spot for each).
    for card in load_missions().values():
        for spec in card.markers:
            placed: list[tuple[float, float]] = []
            for _ in range(spec.count):
                spot = next(((x, y) for y in range(2, 59) for x in range(2, 59)
                             if not placement_problems(spec, (x, y), owner_edge="south", same_kind=placed,
                                                       occupied=[(c, spec.size_mm) for c in placed])), None)
                assert spot is not None, (card.id, spec.id, placed)
                placed.append(spot)


# Every bundled marker kind, and one that has every placement rule at once.
_MARKER_KINDS = [spec for card in load_missions().values() for spec in card.markers] + [MarkerSpec(
    id="all", name="All", count=3, size_mm=50, region="own_half", min_from_edges_cm=4, min_from_own_edge_cm=6,
    min_from_opponent_edge_cm=3, min_apart_cm=5, where="anywhere the rules allow")]
# Half centimetres hit the limits exactly (touching is allowed); any float hits between them.
_COORD = st.one_of(st.integers(-4, 124).map(lambda k: k / 2), st.floats(-2, 62, allow_nan=False))
_POINT = st.tuples(_COORD, _COORD)
_EDGE = st.sampled_from(["south", "north", "west", "east"])


@given(st.sampled_from(_MARKER_KINDS), _POINT, _EDGE, st.lists(_POINT, max_size=3),
       st.lists(st.tuples(_POINT, st.sampled_from([30, 50])), max_size=3))
def test_the_first_placement_problem_is_the_first_of_them_all(spec, center, edge, same_kind, occupied):
    # PRJ-70: the yes-or-no path the engine asks of every spot is the full list's first sentence.
    everything = placement_problems(spec, center, owner_edge=edge, same_kind=same_kind, occupied=occupied)
    first = first_placement_problem(spec, center, owner_edge=edge, same_kind=same_kind, occupied=occupied)
    assert first == (everything[0] if everything else None)


@given(st.sampled_from(_MARKER_KINDS), _POINT, _EDGE, st.lists(_POINT, max_size=3),
       st.lists(st.tuples(_POINT, st.sampled_from([30, 50])), max_size=3))
def test_placement_allowed_is_no_placement_problem(spec, center, edge, same_kind, occupied):
    # PRJ-70: the yes-or-no test a player tries spot after spot with agrees with the worded rules.
    allowed = placement_allowed(spec, center, owner_edge=edge, same_kind=same_kind, occupied=occupied)
    assert allowed == (placement_problems(spec, center, owner_edge=edge, same_kind=same_kind, occupied=occupied) == ())


@given(st.sampled_from(_MARKER_KINDS), _POINT, st.lists(_POINT, max_size=3),
       st.lists(st.tuples(_POINT, st.sampled_from([30, 50])), max_size=3))
def test_crowded_says_yes_or_no_as_the_rules_of_the_other_tokens(spec, center, same_kind, occupied):
    # PRJ-70: the engine sifts its grid of spots with crowded(); it must agree with the worded
    # crowding problem and with the two rules stated here (min_apart_cm edge to edge, no overlap).
    r = spec.size_mm / 20
    too_close = spec.min_apart_cm and any(
        max(0.0, math.dist(center, o) - 2 * r) < spec.min_apart_cm - 1e-9 for o in same_kind)
    overlapping = any(math.dist(center, o) < r + mm / 20 - 1e-9 for o, mm in occupied)
    found = crowded(spec, center, same_kind=same_kind, occupied=occupied)
    assert found == (crowding_problem(spec, center, same_kind=same_kind, occupied=occupied) is not None)
    assert found == bool(too_close or overlapping)


def test_distance_to_an_unknown_edge_names_the_edges():
    with pytest.raises(UnknownNameError, match="table edge"):
        distance_to_edge((30, 30), 30, "up")  # type: ignore[arg-type]


# --- evaluators -------------------------------------------------------------------------------


class WoundedFails(Ruleset):
    """A ruleset with the PRJ-75 option set to 'failure' (the field the lead adds to Ruleset)."""

    protection_wounded: str = "failure"


def test_protection_unhurt_ambassador_succeeds():
    assert outcome("protection", FakeGame([ambassador()])) is True


def test_protection_scratch_is_not_a_wound():
    # R-WOUND: a scratch only gives a fatigue token; the wound level stays "none" (PRJ-74).
    assert outcome("protection", FakeGame([ambassador(wound="none")])) is True


@pytest.mark.parametrize("hurt", [{"wound": "light"}, {"wound": "grave"}, {"poisons": ("irritant",)}])
def test_mission_results_protection_hurt_but_standing_is_neither_by_default(hurt):
    # Issue 37, item 3: « réussit la mission si l'ambassadeur est indemne » / « un échec si l'ambassadeur est
    # retiré du jeu »: hurt but standing meets neither condition (PRJ-75); "success" is the legacy reading.
    game = FakeGame([ambassador(**hurt)])
    assert protection_wounded(DEFAULT) == "neither"
    assert outcome("protection", game) is None
    assert outcome("protection", game, ruleset=Ruleset(protection_wounded="success")) is True
    assert outcome("protection", game, ruleset=WoundedFails()) is False


def test_deadly_poisoned_ambassador_stays_on_the_table_and_protection_scores_neither():
    # Issue 9, item 8: Mortel, "la figurine reste sur la table au lieu d'être retirée du jeu": not removed, not unhurt.
    game = FakeGame([ambassador(poisons=("deadly",), alive=False)])
    assert outcome("protection", game) is None
    assert outcome("protection", game, ruleset=Ruleset(protection_wounded="success")) is True
    assert outcome("protection", game, ruleset=WoundedFails()) is False


@pytest.mark.parametrize("gone", [{"removed": True, "alive": False, "wound": "fatal"}, {"removed": True, "captured": True}])
def test_protection_fails_when_the_ambassador_is_removed_from_play(gone):
    assert outcome("protection", FakeGame([ambassador(**gone)])) is False


def test_protection_without_an_ambassador_fails_and_sides_are_separate():
    game = FakeGame([ambassador(side="blue", y=50)])
    assert outcome("protection", game, "red") is False
    assert outcome("protection", game, "blue") is True


def _spice(carried_by=None, **kw):
    return MarkerView(id="red-spice", side="red", mission="spice_theft", position=kw.pop("position", (30, 45)),
                      carried_by=carried_by, **kw)


def test_spice_theft_carried_home_succeeds():
    carrier = soldier("r1", "red", 30, 20, carrying="red-spice")
    assert outcome("spice_theft", FakeGame([carrier], [_spice("r1", position=(30, 20))])) is True


def test_spice_theft_carrier_must_be_wholly_in_own_half_and_able():
    across = soldier("r1", "red", 30, 29, carrying="red-spice")  # base across y = 30
    assert outcome("spice_theft", FakeGame([across], [_spice("r1")])) is False
    on_line = soldier("r1", "red", 30, 28.5, carrying="red-spice")  # touching the centre line: within
    assert outcome("spice_theft", FakeGame([on_line], [_spice("r1")])) is True
    blind = soldier("r1", "red", 30, 10, carrying="red-spice", poisons=("blinding",))
    assert outcome("spice_theft", FakeGame([blind], [_spice("r1")])) is False
    still_there = soldier("r1", "red", 30, 10)
    assert outcome("spice_theft", FakeGame([still_there], [_spice()])) is False


def test_spice_theft_delivered_succeeds_destroyed_fails():
    assert outcome("spice_theft", FakeGame([], [_spice(delivered=True)])) is True
    assert outcome("spice_theft", FakeGame([], [_spice(destroyed=True)])) is False


def test_spice_theft_north_player_brings_it_north():
    game = FakeGame([soldier("b1", "blue", 30, 50, carrying="b-spice")],
                    [MarkerView("b-spice", "blue", "spice_theft", (30, 50), carried_by="b1")])
    assert outcome("spice_theft", game, "blue") is True


def _assassination_game(kills):
    models = [
        soldier("r1", "red", 10, 10, cost=1),
        soldier("b-master", "blue", 10, 50, cost=4, type="master_assassin"),
        soldier("b-duel", "blue", 20, 50, cost=4, type="duellist"),
        soldier("b-sold", "blue", 30, 50, cost=2),
        ambassador("blue", y=55, cost=9),  # never a target, whatever it costs
    ]
    return FakeGame(models, kill_list=kills)


def test_assassination_kill_of_a_most_expensive_model_succeeds():
    assert outcome("assassination", _assassination_game([KillView(1, "b-duel", "blue", "r1", "red", "melee")])) is True


def test_assassination_other_kills_fail():
    assert outcome("assassination", _assassination_game([KillView(1, "b-sold", "blue", "r1", "red")])) is False
    assert outcome("assassination", _assassination_game([KillView(1, "blue-amb", "blue", "r1", "red")])) is False
    own_goal = KillView(1, "b-master", "blue", "b-sold", "blue", "template")
    assert outcome("assassination", _assassination_game([own_goal])) is False
    assert outcome("assassination", _assassination_game([])) is False


def _quarter_models(red, blue):
    return [soldier(f"r{i}", "red", x, y, **kw) for i, (x, y, kw) in enumerate(red)] + \
           [soldier(f"b{i}", "blue", x, y, **kw) for i, (x, y, kw) in enumerate(blue)]


def test_territory_three_quarters_succeed_two_fail():
    red = [(10, 10, {}), (50, 10, {}), (10, 50, {})]
    assert outcome("territory", FakeGame(_quarter_models(red, []))) is True
    assert outcome("territory", FakeGame(_quarter_models(red[:2], []))) is False


def test_territory_contest_ties_and_blinding():
    red = [(10, 10, {}), (50, 10, {}), (10, 50, {})]
    # A tie in a quarter is no control.
    assert outcome("territory", FakeGame(_quarter_models(red, [(12, 50, {})]))) is False
    # A Blinded blue model still contests; a Blinded red model does not score.
    assert outcome("territory", FakeGame(_quarter_models(red, [(12, 50, {"poisons": ("blinding",)})]))) is False
    assert outcome("territory", FakeGame(_quarter_models(red[:2] + [(10, 50, {"poisons": ("blinding",)})], []))) is False
    # Two against one controls; a dead or straddling enemy does not contest.
    assert outcome("territory", FakeGame(_quarter_models(red + [(15, 50, {})], [(12, 55, {})]))) is True
    assert outcome("territory", FakeGame(_quarter_models(red, [(12, 50, {"alive": False, "wound": "fatal"})]))) is True
    assert outcome("territory", FakeGame(_quarter_models(red, [(29, 50, {})]))) is True
    # A red base across the x = 30 line counts nowhere.
    assert outcome("territory", FakeGame(_quarter_models(red[:2] + [(29, 50, {})], []))) is False


def _positions(**kw):
    return [MarkerView("p1", "red", "occupation", (15, 30), size_mm=50, **kw),
            MarkerView("p2", "red", "occupation", (45, 30), size_mm=50)]


def test_occupation_holding_both_positions_succeeds():
    # A 30 mm base centred 4.1 cm from a 50 mm marker: gap 0.1 cm, in contact (RUL-07).
    models = [soldier("r1", "red", 15, 25.9), soldier("r2", "red", 45, 30)]  # r2 stands over the marker
    assert outcome("occupation", FakeGame(models, _positions())) is True


def test_occupation_contest_distance_and_destruction():
    held = [soldier("r1", "red", 15, 25.9), soldier("r2", "red", 45, 30)]
    assert outcome("occupation", FakeGame(held + [soldier("b1", "blue", 19, 30)], _positions())) is False
    # Gap 0.2 cm is not contact.
    assert outcome("occupation", FakeGame([soldier("r1", "red", 15, 25.8), held[1]], _positions())) is False
    # An enemy ambassador does not contest; a destroyed position cannot be held.
    assert outcome("occupation", FakeGame(held + [ambassador("blue", 19, 30)], _positions())) is True
    assert outcome("occupation", FakeGame(held, _positions(destroyed=True))) is False
    # Blue's own occupation markers at the same places are not red's.
    blue_markers = [MarkerView(m.id, "blue", m.mission, m.position, m.size_mm) for m in _positions()]
    assert outcome("occupation", FakeGame(held, blue_markers)) is False


def _terminals(activated=(True, True, True), destroyed=(False, False, False), side="red"):
    return [MarkerView(f"t{i}", side, "activation", (10 + 20 * i, 30), activated=a, destroyed=d)
            for i, (a, d) in enumerate(zip(activated, destroyed))]


def test_activation_all_three_terminals():
    assert outcome("activation", FakeGame([], _terminals())) is True
    assert outcome("activation", FakeGame([], _terminals(destroyed=(True, False, False)))) is True
    assert outcome("activation", FakeGame([], _terminals(activated=(True, False, True)))) is False
    assert outcome("activation", FakeGame([], _terminals(side="blue"))) is False


def test_treachery_first_kill():
    mine_first = [KillView(1, "b1", "blue", "r1", "red"), KillView(2, "r2", "red", "b3", "blue")]
    assert outcome("treachery", FakeGame(kill_list=mine_first)) is True
    assert outcome("treachery", FakeGame(kill_list=mine_first), "blue") is False
    # An own-side kill first is ignored.
    own_goal_first = [KillView(1, "r3", "red", "r4", "red"), KillView(2, "b1", "blue", "r1", "red")]
    assert outcome("treachery", FakeGame(kill_list=own_goal_first)) is True
    # Simultaneous first kills: both players succeed.
    both = [KillView(1, "b1", "blue", "r1", "red", "melee"), KillView(1, "r1", "red", "b1", "blue", "melee")]
    assert outcome("treachery", FakeGame(kill_list=both), "red") is True
    assert outcome("treachery", FakeGame(kill_list=both), "blue") is True
    # No kill at all is a failure.
    assert outcome("treachery", FakeGame()) is False


def test_infiltration_two_models_within_ten_cm():
    # North edge at y = 60: a 30 mm base centred at y = 48.5 has its nearest point exactly 10 cm away.
    at_limit = [soldier("r1", "red", 10, 48.5), soldier("r2", "red", 40, 55)]
    assert outcome("infiltration", FakeGame(at_limit)) is True
    too_far = [soldier("r1", "red", 10, 48.3), soldier("r2", "red", 40, 55)]
    assert outcome("infiltration", FakeGame(too_far)) is False
    blind = [soldier("r1", "red", 10, 55, poisons=("blinding",)), soldier("r2", "red", 40, 55)]
    assert outcome("infiltration", FakeGame(blind)) is False
    dead = [soldier("r1", "red", 10, 55, alive=False, wound="fatal"), soldier("r2", "red", 40, 55)]
    assert outcome("infiltration", FakeGame(dead)) is False


def test_infiltration_uses_the_sides_edges():
    deep_south = [soldier("b1", "blue", 10, 5), soldier("b2", "blue", 40, 11.5)]
    assert outcome("infiltration", FakeGame(deep_south), "blue") is True
    game = FakeGame([soldier("r1", "red", 5, 10), soldier("r2", "red", 5, 40)], edges={"red": "east", "blue": "west"})
    assert outcome("infiltration", game, "red") is True


def test_slave_hunt_capture():
    captive = soldier("b1", "blue", 0, 0, removed=True, captured=True)
    assert outcome("slave_hunt", FakeGame([captive])) is True
    assert outcome("slave_hunt", FakeGame([captive]), "blue") is False
    killed = soldier("b1", "blue", 0, 0, removed=True, alive=False, wound="fatal")
    assert outcome("slave_hunt", FakeGame([killed])) is False


def test_sabotage_both_depots():
    depots = [MarkerView("d1", "red", "sabotage", (20, 45), destroyed=True),
              MarkerView("d2", "red", "sabotage", (40, 45), destroyed=True)]
    assert outcome("sabotage", FakeGame([], depots)) is True
    depots[1] = MarkerView("d2", "red", "sabotage", (40, 45))
    assert outcome("sabotage", FakeGame([], depots)) is False


def test_evaluate_rejects_an_unknown_side():
    with pytest.raises(UnknownNameError, match="Unknown side 'green'"):
        outcome("sabotage", FakeGame(), "green")


def test_evaluate_picks_feeds_score():
    game = FakeGame(
        [ambassador(), soldier("r1", "red", 10, 55), soldier("r2", "red", 40, 55)],
        _terminals(activated=(True, True, False)),
        [KillView(1, "b1", "blue", "r1", "red")],
    )
    outcomes = evaluate_picks(["protection", "activation", "infiltration", "treachery"], game, "red")
    assert outcomes == {"protection": True, "activation": False, "infiltration": True, "treachery": True}
    # By hand: Protection rank 1 success +4, Activation rank 2 failure -3, Infiltration rank 3 +3, Treachery rank 4 +3.
    assert score(list(outcomes), outcomes).total == 4 - 3 + 3 + 3


# --- documentation ----------------------------------------------------------------------------


def test_docs_show_every_card_table_and_evaluator():
    text = (ROOT / "docs" / "missions.md").read_text(encoding="utf-8")
    sections = {chunk.split("\n", 1)[0].strip(): chunk for chunk in text.split("\n## ")[1:]}
    for card in load_missions().values():
        title = next((t for t in sections if t.startswith(card.name)), None)
        assert title is not None, f"docs/missions.md has no '## {card.name}' section"
        section = sections[title]
        row_s = "| success | " + " | ".join(f"{v:+d}" for v in card.values.success) + " |"
        row_f = "| failure | " + " | ".join(f"{v:+d}" for v in card.values.failure) + " |"
        assert row_s in section and row_f in section, card.id
        assert f"`{card.success.evaluator}`" in section and card.rulebook_name in section, card.id
    for name in EVALUATORS.names():
        assert f"`{name}`" in text, name


def test_a_restriction_reads_in_french_with_both_reasons():
    """Issue 40: why a warband may not pick a card, in the reader's language, the reasons joined as French joins them."""
    card = load_mission("slave_hunt").model_copy(
        update={"restriction": load_mission("slave_hunt").restriction.model_copy(update={"factions": ("harkonnen",)})}
    )
    why = restriction_problem(card, "atreides", [])
    assert "faction(s) harkonnen, not atreides; it may only be picked by a warband that fields a model with the keyword" in why
    with use_language("fr"):
        french = localized(why)
    assert "ne peut être choisie que par la ou les factions harkonnen, pas atreides ; elle ne peut être choisie que par une bande" in french
    assert "may only" not in french
