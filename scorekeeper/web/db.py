"""The app's store, and one connection of it per request, taken on first use, given back after."""

from __future__ import annotations

from flask import Flask, current_app, g

from ..standings.results import bring_up_to_date
from ..storage import Connection, Store

STORE = "scorekeeper.store"


def get_db() -> Connection:
    """Return this request's database connection."""
    if "db" not in g:
        g.db = current_app.extensions[STORE].connect()
    return g.db


def get_store() -> Store:
    """Return the app's store: for an answer that opens a connection of its own, which goes on
    reading after its view has returned (a download)."""
    return current_app.extensions[STORE]


def close_db(_error: BaseException | None = None) -> None:
    """Give this request's connection back to the store."""
    db = g.pop("db", None)
    if db is not None:
        db.store.release(db)


def init_app(app: Flask) -> None:
    """Give the app its store, its games' stored results brought up to date, and take each
    request's connection back at its end."""
    store = Store(app.config["DATABASE"], min_free=app.config["MIN_FREE_BYTES"])
    app.extensions[STORE] = store
    db = store.connect()
    try:
        bring_up_to_date(db)
    finally:
        store.release(db)
    app.teardown_appcontext(close_db)
