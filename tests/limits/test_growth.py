"""What the database keeps of what it is sent: each row once, two players' record by number,
and a write-ahead log that shrinks back after a big write.

The figures are bytes on the disk after a checkpoint, per byte of the game files (compact
JSON) that made them; README's "What one device can do" states them.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from sqlite_utils import Database

from scorekeeper.rules import read_game
from scorekeeper.service.games import start_game
from scorekeeper.storage import open_database
from scorekeeper.storage.migrations import migrations
from scorekeeper.storage.store import WAL_KEEPS
from scripts.benchmarks.largest import CARDS, largest_game
from tests.conftest import EXAMPLES, example


def new_names(number: int, deals: int | None = None) -> dict:
    """The largest game, with twenty hundred-character names no game had before; `deals`
    cuts its schedule (a short finished game keeps more per byte: its names)."""
    game = largest_game()
    game["players"] = [f"{number:04d}{name[4:]}" for name in game["players"]]
    if deals is not None:
        game["ruleset"]["schedule"] = {"20": [CARDS] * deals}
        game["deals"] = [deal for deal in game["deals"] if deal["bids"][0] != "pass"][:deals]
    return game


def stored_per_byte(path: Path, documents: list[dict]) -> float:
    """Store the games; return the database's growth per byte of their compact files."""
    db = open_database(path)
    start_game(db, read_game(documents[0]), device="phone")  # the tables' first pages
    db.execute("pragma wal_checkpoint(truncate)")
    before = path.stat().st_size
    for document in documents[1:]:
        start_game(db, read_game(document), device="phone")
    db.execute("pragma wal_checkpoint(truncate)")
    grown = path.stat().st_size - before
    db.close()
    sent = sum(len(json.dumps(d, ensure_ascii=False).encode()) for d in documents[1:])
    return grown / sent


def test_bytes_stored_per_byte_of_a_game_file(tmp_path) -> None:
    # The largest game, every name new: 9.6 bytes a byte before each row was kept once and
    # the head-to-head rows named players by number; 3.7 with the players' pages' indexes.
    largest = stored_per_byte(tmp_path / "a.sqlite", [new_names(n) for n in range(11)])
    assert largest <= 4, largest
    # The most a game can keep per byte: twenty new long names, one deal, finished (85).
    worst = stored_per_byte(tmp_path / "b.sqlite", [new_names(n, 1) for n in range(21)])
    assert worst <= 25, worst
    # The example games, as a family plays them (5.1 before).
    names = sorted(path.name.removesuffix(".game.json") for path in EXAMPLES.glob("*.game.json"))
    family = stored_per_byte(tmp_path / "c.sqlite", [example(name) for name in names] * 8)
    assert family <= 4.5, family


def test_the_write_ahead_log_shrinks_back_after_a_big_write(tmp_path) -> None:
    path = tmp_path / "house.sqlite"
    db = open_database(path)
    assert db.execute("pragma journal_size_limit").fetchone()[0] == WAL_KEEPS
    with db.write():  # one write far bigger than the log keeps
        for number in range(60):
            start_game(db, read_game(new_names(number)), device="phone")
    assert Path(f"{path}-wal").stat().st_size > WAL_KEEPS
    db.execute("pragma wal_checkpoint(passive)")
    with db.write():  # the next write starts the log over, cut back to what it keeps
        start_game(db, read_game(example("joker")), device="phone")
    assert Path(f"{path}-wal").stat().st_size <= WAL_KEEPS
    db.close()


def test_a_database_from_before_keeps_every_row_in_the_smaller_tables(tmp_path) -> None:
    names = sorted(path.name.removesuffix(".game.json") for path in EXAMPLES.glob("*.game.json"))
    now = open_database(tmp_path / "now.sqlite")
    for name in names:
        start_game(now, read_game(example(name)), device="phone")
    kept = {table: rows(now, table) for table in TABLES}
    met = sorted(meetings(now))
    # The same rows, as the release before this one kept them.
    old = Database(tmp_path / "old.sqlite")
    migrations.apply(old, stop_before="m009_smaller_rows")
    for table in TABLES:
        columns = ", ".join(stored_columns(old, table))
        marks = ", ".join("?" * len(stored_columns(old, table)))
        old_rows = now.execute(f"select {columns} from [{table}]").fetchall()
        old.conn.executemany(f"insert into [{table}] values ({marks})", old_rows)
    now.close()
    old.conn.executemany("insert into player_meetings values (?, ?, ?, ?, ?)", met)
    old.conn.commit()
    old.close()
    opened = open_database(tmp_path / "old.sqlite")
    assert {table: rows(opened, table) for table in TABLES} == kept
    assert sorted(meetings(opened)) == met
    with sqlite3.connect(tmp_path / "old.sqlite") as conn:
        assert conn.execute("pragma integrity_check").fetchone() == ("ok",)
        assert conn.execute("pragma foreign_key_check").fetchall() == []
    opened.close()


#: Every table the migration to smaller rows touches or reads, but the head-to-head rows.
TABLES = (
    "games",
    "deals",
    "editors",
    "game_results",
    "result_seats",
    "result_points",
    "player_totals",
    "player_spellings",
    "player_points",
    "result_rulesets",
)


def stored_columns(db, table: str) -> list[str]:
    """Return a table's columns as stored (not those SQLite computes)."""
    return [row[1] for row in db.execute(f"pragma table_info([{table}])")]


#: Columns a later migration fills with something new (a game's own sheet id, made at random).
MADE_LATER = {"sheet"}


def rows(db, table: str) -> list[tuple]:
    columns = ", ".join(name for name in stored_columns(db, table) if name not in MADE_LATER)
    return sorted(db.execute(f"select {columns} from [{table}]").fetchall(), key=repr)


def meetings(db) -> list[tuple]:
    """Return every head-to-head record by the two players' keys."""
    return db.execute(
        "select a.key, b.key, m.wins, m.losses, m.ties from player_meetings m"
        " join player_totals a on a.id = m.player join player_totals b on b.id = m.other"
    ).fetchall()
