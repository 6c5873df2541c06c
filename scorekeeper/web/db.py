"""One database connection per request, opened on first use and closed at teardown."""

from __future__ import annotations

from flask import Flask, current_app, g
from sqlite_utils import Database

from ..storage import open_database


def get_db() -> Database:
    """Return this request's database connection."""
    if "db" not in g:
        g.db = open_database(current_app.config["DATABASE"])
    return g.db


def close_db(_error: BaseException | None = None) -> None:
    """Close this request's connection, if it opened one."""
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_app(app: Flask) -> None:
    """Close connections at the end of every request."""
    app.teardown_appcontext(close_db)
