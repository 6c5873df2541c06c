"""Backups on their own: one a day beside the database, the last 7 kept, one brought back after
a confirmation, and never under a running server."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date, timedelta

import pytest

from scorekeeper.machine import running
from scorekeeper.rules.gamefile import read_game
from scorekeeper.storage import game_ids, insert_game, open_database
from scorekeeper.storage.backups import daily, folder, rotate, take_daily
from tests.conftest import example

DAY = date(2026, 11, 21)


def store_games(path, count: int) -> None:
    db = open_database(path)
    with db.write():
        for _ in range(count):
            insert_game(db, read_game(example("joker")))
    db.close()


def games_in(path) -> int:
    db = open_database(path)
    try:
        return len(game_ids(db))
    finally:
        db.close()


@pytest.fixture
def database(tmp_path):
    path = tmp_path / "scorekeeper.sqlite"
    store_games(path, 2)
    return path


def test_one_backup_a_day_and_the_last_seven_kept(database):
    for day in range(10):
        taken = take_daily(database, keep=7, today=DAY + timedelta(days=day))
        assert taken == folder(database) / f"scorekeeper-{DAY + timedelta(days=day)}.sqlite"
        assert take_daily(database, keep=7, today=DAY + timedelta(days=day)) is None  # once a day
    kept = [path.name for path in daily(database)]
    assert kept == [f"scorekeeper-{DAY + timedelta(days=day)}.sqlite" for day in range(3, 10)]
    assert games_in(folder(database) / kept[-1]) == 2
    assert not list(folder(database).glob(".*"))  # no half-written copy left
    assert [path.name for path in rotate(database, keep=2)] == kept[:5]


@pytest.mark.parametrize("keep", [0])
def test_backups_can_be_turned_off(database, keep):
    assert take_daily(database, keep=keep, today=DAY) is None
    assert not folder(database).exists()


def command(*args: str, answer: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", "backup", *args],
        capture_output=True, text=True, input=answer,
    )  # fmt: skip


def test_a_backup_is_listed_and_restored_after_a_yes(database):
    take_daily(database, keep=7, today=DAY)
    store_games(database, 3)  # played on after the backup
    listed = command("--list", "--db", str(database))
    assert listed.returncode == 0, listed.stderr
    assert f"scorekeeper-{DAY}.sqlite" in listed.stdout and "2 games" in listed.stdout

    said_no = command("--restore", f"scorekeeper-{DAY}.sqlite", "--db", str(database), answer="n\n")
    assert said_no.returncode == 1
    assert said_no.stderr.endswith(
        "scorekeeper: nothing was changed: the restore was not confirmed\n"
    )
    assert "Replace the 5 games in" in said_no.stderr and "with the 2 games of" in said_no.stderr
    assert games_in(database) == 5

    restored = command("--restore", f"scorekeeper-{DAY}.sqlite", "--db", str(database),
                       answer="yes\n")  # fmt: skip
    assert restored.returncode == 0, restored.stderr
    assert games_in(database) == 2
    before = [path for path in folder(database).glob("scorekeeper-before-restore-*.sqlite")]
    assert len(before) == 1 and games_in(before[0]) == 5  # the games played on are kept
    # The restored database serves as it is: written to, read again.
    store_games(database, 1)
    assert games_in(database) == 3


def test_restore_refuses_while_a_server_serves_the_database(database):
    take_daily(database, keep=7, today=DAY)
    serving = {"port": 5161, "host": "0.0.0.0", "address": None, "name": None}
    running.leave(running.RunningServer(pid=os.getpid(), database=str(database), **serving))
    try:
        run = command("--restore", f"scorekeeper-{DAY}.sqlite", "--db", str(database),
                      "--yes")  # fmt: skip
    finally:
        running.clear(database)
    assert run.returncode == 1
    assert f"a server is serving {database} (process {os.getpid()}, port 5161)" in run.stderr
    assert games_in(database) == 2


def test_restore_refuses_what_is_not_a_backup(database, tmp_path):
    (tmp_path / "notes.sqlite").write_text("not a database")
    run = command("--restore", str(tmp_path / "notes.sqlite"), "--db", str(database), "--yes")
    assert run.returncode == 1 and "is not a Scorekeeper database" in run.stderr
    run = command("--restore", "nowhere.sqlite", "--db", str(database), "--yes")
    assert run.returncode == 1 and "there is no backup nowhere.sqlite" in run.stderr
    assert command("--list", "out.sqlite").returncode == 1
