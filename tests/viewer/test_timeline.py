"""The replay timeline: frames after every activation, with the engine's own narration."""

from __future__ import annotations

import pytest

from landsraad.engine.game import new_game, play
from landsraad.engine.record import GameRecord, events_of, record_game, replay_states
from landsraad.narrate import narrate
from landsraad.players import RandomPlayer
from landsraad.viewer.timeline import Timeline, timeline_of


@pytest.fixture(scope="module")
def game_and_record() -> tuple[object, GameRecord]:
    game = play(new_game("atreides", "harkonnen", seed=5), {"red": RandomPlayer(1), "blue": RandomPlayer(2)})
    return game, record_game(game)


@pytest.fixture(scope="module")
def timeline(game_and_record: tuple[object, GameRecord]) -> Timeline:
    return timeline_of(game_and_record[1], "seed-5")


def test_one_frame_per_replayed_step(game_and_record: tuple[object, GameRecord], timeline: Timeline) -> None:
    game, record = game_and_record
    steps = [(event.seq, state.activation, state.board, {m.id: m.profile.movement for m in state.models})
             for event, state in replay_states(record)]
    assert [(f.seq, f.activation, f.board, dict(f.movement)) for f in timeline.frames] == steps
    assert [f.index for f in timeline.frames] == list(range(len(steps)))
    assert timeline.frames[-1].board == game.state.board


def test_every_narrated_line_is_in_exactly_one_frame(game_and_record: tuple[object, GameRecord], timeline: Timeline) -> None:
    _, record = game_and_record
    events = events_of(record)
    names = _state_names(record)
    last = timeline.frames[-1].seq
    told = [t for e in events if e.seq <= last for t in (narrate(e, names),) if t]
    assert [line for f in timeline.frames for line in f.lines] == told
    assert any(f.caption for f in timeline.frames)


def _state_names(record: GameRecord) -> dict[str, str]:
    names: dict[str, str] = {}
    for _, state in replay_states(record):
        for m in state.models:
            names.setdefault(m.id, m.name)
    return names


def test_at_activation(timeline: Timeline) -> None:
    for n in (0, 1, 5, timeline.frames[-1].activation):
        i = timeline.at_activation(n)
        assert timeline.frames[i].activation >= n
        assert all(f.activation < n for f in timeline.frames[:i])
    assert timeline.at_activation(10**6) == len(timeline.frames) - 1


def _shot(**update: object) -> object:
    """A shot as the kernel resolves it (R-SHOOT), then given the result the test draws."""
    from landsraad.model import Weapon
    from landsraad.rules.shooting import resolve_shot
    from landsraad.rules.state import Combatant

    pistol = Weapon.model_validate({"id": "pistol", "name": "Pistol", "range": 30, "damage": "+4"})
    shot = resolve_shot(Combatant(weapon=pistol), Combatant(), distance_cm=10.0, cover="none", shooter_dice=(5, 5), target_dice=(5, 5))
    return shot.model_copy(update=update)


def test_a_steps_overlay_comes_from_its_events() -> None:
    from shapely import Point

    from landsraad.engine.events import make_event
    from landsraad.geometry.board import Base, Board, Marker
    from landsraad.viewer.timeline import Frame, step_overlay

    before = Board(bases=(Base("red-1", 10, 10, 30, side="red"), Base("blue-1", 10, 40, 30, side="blue")),
                   markers=(Marker("depot", 30, 30, 50, "blue"),))
    after = before.moved("red-1", (10, 20))
    events = (
        make_event(1, "activate", "red", "red-1", {"activation": 1, "fatigue": 1, "fatigue_before": 0}),
        make_event(2, "move", "red", "red-1", {"kind": "move", "to": [10, 20], "length_cm": 10, "path": [[10, 10], [10, 20]]}),
        make_event(3, "shot", "red", "red-1", {"target": "blue-1", "event": _shot(hit=True, wound="light", damage=2)}),
        make_event(4, "marker_shot", "red", "red-1", {"marker": "depot", "destroyed": False}),
        make_event(5, "template", "red", "red-1", {"weapon": "grenade", "aim": [12, 30], "under": ["blue-1"], "markers": []}),
    )
    ov = step_overlay(before, Frame(1, 1, 5, after, (), {}, None, events))
    assert ov.active == "red-1"
    assert ov.moves == (("red-1", ((10.0, 10.0), (10.0, 20.0))),)
    shot, at_marker = ov.shots
    assert (shot.start, shot.end, shot.hit, shot.result) == ((10.0, 20.0), (10.0, 40.0), True, "hit: light wound")  # from where it stood then
    assert (at_marker.target, at_marker.end, at_marker.result) == ("depot", (30.0, 30.0), "marker not destroyed")
    (template,) = ov.templates
    assert template.kind == "blast" and template.under == ("blue-1",) and template.result == "blue-1 under it"
    assert template.shape.contains(Point(12, 30))
