"""One database connection per request, opened on first use and closed at teardown."""

from __future__ import annotations

import sqlite3

from flask import Flask, current_app, g
from sqlite_utils import Database

from ..storage import open_database


def get_db() -> Database:
    """Return this request's database connection."""
    if "db" not in g:
        g.db = open_database(current_app.config["DATABASE"])
        keep_open(current_app, str(current_app.config["DATABASE"]))
    return g.db


def keep_open(app: Flask, path: str) -> None:
    """Hold one idle connection to the database for as long as the app lives.

    In WAL mode the last connection to close checkpoints the log, syncs it to disk
    and deletes it, and the next one to open builds it again: with a connection per
    request that cost every request about 1.5 ms (see BENCHMARKS.md). While this
    connection stays open, a request's connection is never the last one; SQLite
    still checkpoints on its own every 1,000 pages.
    """
    keepers: dict[str, sqlite3.Connection] = app.extensions.setdefault("scorekeeper.keep_open", {})
    if path in keepers or path == ":memory:" or path.startswith("file:"):
        return
    connection = sqlite3.connect(path, check_same_thread=False)
    connection.execute("select count(*) from sqlite_master").fetchone()  # opens the WAL
    keepers.setdefault(path, connection)


def close_db(_error: BaseException | None = None) -> None:
    """Close this request's connection, if it opened one."""
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_app(app: Flask) -> None:
    """Close connections at the end of every request."""
    app.teardown_appcontext(close_db)
