"""Durability: an acknowledged deal is on the disk, not only in the operating system's cache."""

from __future__ import annotations

from scorekeeper.storage import open_database

FULL = 2  # PRAGMA synchronous answers 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA


def test_every_connection_syncs_each_commit_to_the_disk(tmp_path) -> None:
    db = open_database(tmp_path / "durable.sqlite")
    try:
        assert db.execute("pragma journal_mode").fetchone()[0] == "wal"
        assert db.execute("pragma synchronous").fetchone()[0] == FULL
    finally:
        db.close()
