"""Tests of landsraad.engine.clock: R-CLOCK, R-ARRAKIS."""

from landsraad.engine.clock import SimulatedClock, TableTimeModel, WallClock, game_limit_s


def test_limits_r_clock_and_arrakis():
    assert game_limit_s() == 45 * 60 and game_limit_s(arrakis=True) == 35 * 60


def test_simulated_clock_expires_at_the_limit_not_before():
    clock = SimulatedClock(limit_s=100).spend(99.9)
    assert not clock.expired and abs(clock.remaining_s - 0.1) < 1e-9
    assert clock.spend(0.1).expired


def test_unknown_steps_cost_a_decision():
    model = TableTimeModel()
    assert model.cost("something new") == model.cost("decision")
    assert model.cost("melee") > model.cost("move")


def test_wall_clock_starts_when_the_first_player_is_known():
    now = [100.0]
    clock = WallClock(60, now=lambda: now[0])
    assert clock.elapsed_s == 0 and not clock.expired
    clock.start()
    now[0] = 161.0
    assert clock.expired
