"""Tests of landsraad.tournament.event: the state file and the changes it allows."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from landsraad.errors import DataError
from landsraad.tournament.event import (
    EVENT_FILE,
    Entrant,
    Event,
    EventError,
    Result,
    Round,
    Scoring,
    Table,
    drop_player,
    find_player,
    load_event,
    new_event,
    record_result,
    register,
    save_event,
    set_round,
)
from landsraad.tournament.swiss import pair_round


def _event(n: int = 4, rounds: int = 3) -> Event:
    return register(new_event("Cup", rounds, 5), [Entrant(player=f"P{i}", faction="fremen") for i in range(n)])


def test_save_and_load_round_trip(tmp_path):
    ev = set_round(_event(), Round(round=1, tables=(Table(table=1, red="P0", blue="P1"), Table(table=2, red="P2", blue="P3"))))
    ev, _ = record_result(ev, 1, 2, 4, 9)
    path = save_event(tmp_path, ev)
    assert path == tmp_path / EVENT_FILE
    assert load_event(tmp_path) == ev
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["pairings"][0]["tables"][1]["result"] == {"red": 4, "blue": 9}
    assert [p.name for p in tmp_path.iterdir()] == [EVENT_FILE]  # written atomically: no temporary file left


def test_missing_event_and_bad_state_are_sentences(tmp_path):
    with pytest.raises(EventError, match="holds no event.json"):
        load_event(tmp_path)
    with pytest.raises(EventError, match="no event folder"):
        load_event(tmp_path / "nope")
    (tmp_path / EVENT_FILE).write_text(json.dumps({
        "name": "X", "rounds": 1, "seed": 1, "entrants": [{"player": "A"}],
        "pairings": [{"round": 1, "tables": [{"table": 1, "red": "A", "blue": "Ghost"}]}]}))
    with pytest.raises(DataError, match="'Ghost' is not a registered player"):
        load_event(tmp_path)


def test_settings_are_checked():
    with pytest.raises(ValidationError):
        new_event("Cup", 0, 1)
    with pytest.raises(ValidationError, match="must not decrease"):
        Scoring(win=1, draw=2, loss=0)


def test_results_overwrite_only_with_force_and_same_result_is_no_change():
    ev = set_round(_event(), pair_round(_event()))
    ev, changed = record_result(ev, 1, 1, 10, 2)
    assert changed
    same, changed = record_result(ev, 1, 1, 10, 2)
    assert same == ev and not changed
    with pytest.raises(EventError, match="already has the result 10,2; add --force"):
        record_result(ev, 1, 1, 3, 3)
    forced, _ = record_result(ev, 1, 1, 3, 3, force=True)
    assert forced.pairings[0].tables[0].result == Result(red=3, blue=3)


def test_results_for_tables_or_rounds_that_do_not_exist_are_refused():
    ev = set_round(_event(), pair_round(_event()))
    with pytest.raises(EventError, match="Round 1 has no table 3; its tables are 1, 2."):
        record_result(ev, 1, 3, 1, 0)
    with pytest.raises(EventError, match="There is no round 2 to record: rounds 1 to 1 are paired."):
        record_result(ev, 2, 1, 1, 0)
    with pytest.raises(EventError, match="no round is paired yet"):
        record_result(_event(), 1, 1, 1, 0)
    with pytest.raises(EventError, match="cannot be negative"):
        record_result(ev, 1, 1, -1, 0)


def test_pairing_again_is_refused_once_a_round_has_results():
    ev = set_round(_event(), pair_round(_event()))
    assert set_round(ev, pair_round(ev)) == ev  # no result yet: the same pairing again
    ev, _ = record_result(ev, 1, 1, 5, 5)
    with pytest.raises(EventError, match="Round 1 already has results but none yet for table\\(s\\) 2"):
        pair_round(ev)
    with pytest.raises(EventError, match="Round 1 already has results \\(table 1\\); pairing it again would throw them away"):
        set_round(ev, Round(round=1, tables=(Table(table=1, red="P0", blue="P2"), Table(table=2, red="P1", blue="P3"))))
    ev, _ = record_result(ev, 1, 2, 0, 1)
    assert pair_round(ev).round == 2


def test_no_round_beyond_the_planned_ones():
    ev = _event(2, rounds=1)
    ev = set_round(ev, pair_round(ev))
    ev, _ = record_result(ev, 1, 1, 1, 0)
    with pytest.raises(EventError, match="all paired and played"):
        pair_round(ev)


def test_drop_and_find_players():
    ev = _event()
    assert find_player(ev, "  p2 ") == "P2"
    ev, changed = drop_player(ev, "p2")
    assert changed and ev.dropped == ("P2",) and ev.active == ("P0", "P1", "P3")
    assert drop_player(ev, "P2") == (ev, False)
    with pytest.raises(EventError, match="'P9' is not a registered player of 'Cup'. Players: P0, P1, P2, P3."):
        drop_player(ev, "P9")
    named = register(new_event("Cup", 3, 1), [Entrant(player="Annabel"), Entrant(player="Boris")])
    with pytest.raises(EventError, match="Did you mean 'Annabel'\\?"):
        drop_player(named, "Anabel")


def test_two_entries_for_one_player_cannot_register():
    with pytest.raises(EventError, match="Two entries are for the player 'ana'"):
        register(new_event("Cup", 3, 1), [Entrant(player="Ana"), Entrant(player="ana")])


# --- settings, migration, the lock, late entries -----------------------------------------------

from landsraad.tournament.event import (  # noqa: E402
    FORMAT,
    LOCK_FILE,
    Layout,
    Seat,
    add_entrant,
    configure,
    event_lock,
    tiebreaker_name,
)


def test_a_version_1_state_file_loads_with_default_settings_and_is_written_as_version_2(tmp_path):
    old = {"format": "landsraad-event/1", "name": "Old cup", "rounds": 2, "seed": 4, "points": 15,
           "scoring": {"win": 3, "draw": 1, "loss": 0},
           "entrants": [{"player": "Ana", "faction": "corrino", "file": "lists/a.yaml", "list_name": "", "list_hash": "x"},
                        {"player": "Bo", "faction": "fremen", "file": "lists/b.yaml", "list_name": "", "list_hash": "y"}],
           "dropped": [], "pairings": [{"round": 1, "tables": [{"table": 1, "red": "Ana", "blue": "Bo",
                                                                 "result": {"red": 5, "blue": 2}}], "bye": None}]}
    (tmp_path / EVENT_FILE).write_text(json.dumps(old))
    ev = load_event(tmp_path)
    assert ev.tiebreakers == ("vp_diff", "vp", "sos") and ev.scoring.bye == "fixed" and ev.scoring.bye_vp == 0
    assert ev.entrants[0].joined == 1 and ev.entrants[0].start_points == 0 and ev.pairings[0].tables[0].layout is None
    save_event(tmp_path, ev)
    again = json.loads((tmp_path / EVENT_FILE).read_text())
    assert again["format"] == FORMAT == "landsraad-event/2" and load_event(tmp_path) == ev.model_copy(update={"format": FORMAT})


def test_tiebreaker_names_are_forgiving_and_unknown_ones_refused():
    assert tiebreaker_name("Strength of schedule") == "sos" and tiebreaker_name("vp-scored") == "vp"
    with pytest.raises(EventError, match="Unknown tie-breaker 'sosa'. Did you mean 'sos'?"):
        tiebreaker_name("sosa")
    with pytest.raises(ValidationError, match="unknown tie-breaker"):
        Event(name="Cup", rounds=1, seed=1, tiebreakers=("luck",))
    with pytest.raises(ValidationError, match="fixed seat of two players"):
        Event(name="Cup", rounds=1, seed=1, seats=(Seat(player="A", table=1), Seat(player="B", table=1)))
    with pytest.raises(ValidationError, match="layout name 'X' is used twice"):
        Event(name="Cup", rounds=1, seed=1, layouts=(Layout(name="X"), Layout(name="x")))


def test_configure_locks_seed_and_cap_once_paired_but_not_scoring():
    ev = register(new_event("Cup", 3, 1), [Entrant(player="A"), Entrant(player="B")])
    ev = configure(ev, seed=9, points=20, tiebreakers=("sos",))
    assert (ev.seed, ev.points, ev.tiebreakers) == (9, 20, ("sos",))
    ev = set_round(ev, pair_round(ev))
    with pytest.raises(EventError, match="seed can no longer change"):
        configure(ev, seed=3)
    with pytest.raises(EventError, match="cannot have 0"):
        configure(ev, rounds=0)
    changed = configure(ev, scoring=Scoring(win=2, bye="average"), late_points=1)
    assert changed.scoring.win == 2 and changed.late_points == 1
    with pytest.raises(EventError, match="cannot be set"):
        configure(ev, pairings=())


def test_add_entrant_joins_the_next_round_or_the_unplayed_last_one():
    ev = register(new_event("Cup", 2, 1, late_points=2), [Entrant(player="A"), Entrant(player="B")])
    with pytest.raises(EventError, match="Round 1 is not paired yet"):
        add_entrant(ev, Entrant(player="L"))
    ev = set_round(ev, pair_round(ev))
    joined, n = add_entrant(ev, Entrant(player=" L "))
    assert n == 1 and joined.entrants[-1].player == "L" and joined.entrants[-1].start_points == 2
    ev, _ = record_result(ev, 1, 1, 1, 0)
    late, n = add_entrant(ev, Entrant(player="L"), start_points=0)
    assert n == 2 and late.entrants[-1].start_points == 0
    with pytest.raises(EventError, match="already registered"):
        add_entrant(late, Entrant(player="a"))
    ev = set_round(late, pair_round(late))
    for t in ev.pairings[-1].tables:
        ev, _ = record_result(ev, 2, t.table, 1, 0)
    with pytest.raises(EventError, match="no round left to join"):
        add_entrant(ev, Entrant(player="Z"))


def test_the_lock_makes_a_second_writer_wait_then_gives_up_with_a_sentence(tmp_path):
    with event_lock(tmp_path):
        assert (tmp_path / LOCK_FILE).exists()
        with pytest.raises(EventError, match="Another landsraad command has been writing the event"):
            with event_lock(tmp_path, timeout=0.2):
                pass
    with event_lock(tmp_path, timeout=0.2):  # released
        pass
    with pytest.raises(EventError, match="There is no event folder"):
        with event_lock(tmp_path / "nowhere"):
            pass
