"""One database connection per request, taken on first use and given back at teardown.

Opening a connection (its PRAGMAs and the migrations check) cost every request
about 0.2 ms, and in WAL mode the last connection to close checkpoints the log,
syncs it to disk and deletes it, so the next request rebuilt it: about 1.5 ms
more (see BENCHMARKS.md). So the app keeps its idle connections: one is never
the last to close, and SQLite still checkpoints on its own every 1,000 pages.
"""

from __future__ import annotations

import queue

from flask import Flask, current_app, g
from sqlite_utils import Database

from ..storage import open_database

#: Idle connections kept per app: one per waitress thread (server.serve's default).
POOL_SIZE = 8
POOL = "scorekeeper.connections"


def get_db() -> Database:
    """Return this request's database connection."""
    if "db" not in g:
        try:
            g.db = current_app.extensions[POOL].get_nowait()
        except (KeyError, queue.Empty):
            g.db = open_database(current_app.config["DATABASE"])
    return g.db


def close_db(_error: BaseException | None = None) -> None:
    """Give this request's connection back, left as closing it would leave it: nothing pending."""
    db = g.pop("db", None)
    if db is None:
        return
    if db.conn.in_transaction:
        db.conn.rollback()  # what closing would have done to anything left uncommitted
    try:
        current_app.extensions[POOL].put_nowait(db)
    except (KeyError, queue.Full):
        db.close()


def init_app(app: Flask) -> None:
    """Keep idle connections, and take each request's back at its end."""
    # Every connection to ":memory:" is a database of its own: those are never kept.
    if str(app.config["DATABASE"]) != ":memory:":
        app.extensions[POOL] = queue.Queue(maxsize=POOL_SIZE)
    app.teardown_appcontext(close_db)
