"""Apps with every protection on, the quotas included (the other tests turn the quotas off)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.web import create_app
from tests.serving import Server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A real `scorekeeper serve` on a fresh database."""
    running = Server(db=tmp_path / "live.sqlite").start()
    yield running
    running.stop()


@pytest.fixture
def guarded_app(tmp_path: Path):
    """An app on a fresh database with the quotas counting, as `scorekeeper serve` runs it."""
    return create_app(
        {"DATABASE": str(tmp_path / "quota.sqlite"), "SECRET_KEY": "quota", "QUOTAS": True}
    )


def count_rows(db_path: str, table: str) -> int:
    """Return how many rows a table holds, read straight from the SQLite file."""
    with sqlite3.connect(db_path) as conn:
        return conn.execute(f"select count(*) from {table}").fetchone()[0]
