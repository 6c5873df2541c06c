"""Awake while a game is on: wakepy's keep.running mode is held while a game had a tap within
the idle time and let go after, read from the games' stamps, on a clock of the test's own.

wakepy pretends here (WAKEPY_FAKE_SUCCESS, set for every test in tests/conftest.py): its
mode is taken and let go through its API as on a laptop, and the machine's sleep is never
touched.
"""

from __future__ import annotations

import logging
import time
from datetime import UTC, datetime, timedelta

import pytest
import wakepy

from scorekeeper.rules.gamefile import read_game
from scorekeeper.server.awake import KeepAwake, latest_tap
from scorekeeper.storage import insert_game, open_database
from tests.conftest import example

START = datetime(2026, 11, 21, 20, 0, tzinfo=UTC)


class Clock:
    """The test's time: it moves only when the test says so."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def wait(self, **elapsed: float) -> None:
        self.now += timedelta(**elapsed)


def held_modes() -> list[str]:
    """Return the wakepy modes held in this process now, as wakepy itself sees them."""
    return [str(mode.name) for mode in wakepy.global_modes() if mode.active]


@pytest.mark.parametrize(
    ("minutes_since_tap", "held"),
    [(0, True), (1, True), (29, True), (29.9, True), (30, False), (31, False), (600, False)],
)
def test_the_computer_is_kept_awake_for_30_minutes_after_a_tap(minutes_since_tap, held):
    clock = Clock(START)
    keeper = KeepAwake(lambda: START, clock=clock)
    clock.wait(minutes=minutes_since_tap)
    try:
        assert keeper.step() is held
        assert held_modes() == (["keep.running"] if held else [])
    finally:
        keeper.release()
    assert held_modes() == []


def test_a_game_night_holds_the_mode_then_lets_it_go_after_the_idle_time():
    clock = Clock(START)
    taps = [START]
    keeper = KeepAwake(lambda: taps[-1], idle=timedelta(minutes=30), clock=clock)
    try:
        assert keeper.step() and held_modes() == ["keep.running"]
        mode = keeper.mode
        for _ in range(6):  # a tap every 20 minutes for two hours: one mode, held throughout
            clock.wait(minutes=20)
            taps.append(clock.now)
            assert keeper.step() and keeper.mode is mode and mode.active
        clock.wait(minutes=29)
        assert keeper.step()
        clock.wait(minutes=1)
        assert not keeper.step() and not mode.active and held_modes() == []
        clock.wait(hours=3)  # the next evening: the first tap takes it again
        taps.append(clock.now)
        assert keeper.step() and held_modes() == ["keep.running"]
    finally:
        keeper.release()


def test_no_game_ever_and_zero_minutes_never_hold_it():
    assert not KeepAwake(lambda: None).step()
    assert not KeepAwake(lambda: START, idle=timedelta(0), clock=lambda: START).step()
    assert held_modes() == []


def test_the_last_tap_is_read_from_the_games_stamps(tmp_path):
    database = tmp_path / "games.sqlite"
    read = latest_tap(str(database))
    assert read() is None
    db = open_database(database)
    with db.write():
        insert_game(db, read_game(example("joker")))
    db.close()
    last = read()
    assert last is not None and abs(datetime.now(UTC) - last) < timedelta(minutes=1)
    # One look at the end of the index on games.updated, whatever the archive's size.
    db = open_database(database)
    plan = " ".join(
        str(row) for row in db.execute("explain query plan select max(updated) from games")
    )
    assert "USING COVERING INDEX" in plan, plan
    db.close()


def test_a_refusing_system_is_said_once_and_serving_goes_on(monkeypatch, caplog):
    monkeypatch.setenv("WAKEPY_FORCE_FAILURE", "1")
    clock = Clock(START)
    keeper = KeepAwake(lambda: clock.now, clock=clock)
    with caplog.at_level(logging.WARNING, logger="scorekeeper.awake"):
        for _ in range(5):
            assert keeper.step() is False
            clock.wait(minutes=1)
        clock.wait(hours=2)
        keeper.last_tap = lambda: clock.now
        assert keeper.step() is False  # a new evening asks again, and says nothing new
    said = [record.getMessage() for record in caplog.records if record.name == "scorekeeper.awake"]
    assert len(said) == 1 and said[0].startswith("This computer may sleep during a game")
    assert "\n" not in said[0] and held_modes() == []


def test_the_servers_thread_takes_and_lets_go_of_the_mode_and_stops_with_it(tmp_path):
    from scorekeeper.server.appliance import Appliance, Settings

    database = tmp_path / "games.sqlite"
    db = open_database(database)
    with db.write():
        insert_game(db, read_game(example("joker")))
    db.close()
    appliance = Appliance(
        "127.0.0.1", 5161, str(database), Settings(name=None, backups=0), every=0.05
    )
    appliance.start()
    try:
        assert appliance.named.wait(5)
        for _ in range(100):
            if held_modes():
                break
            time.sleep(0.05)
        assert held_modes() == ["keep.running"]
    finally:
        appliance.stop()
    assert held_modes() == [] and not appliance.awake.held
