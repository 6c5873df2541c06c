"""`scorekeeper serve`: the app under waitress, a production WSGI server.

Waitress is pure Python (no compiler, runs on a Raspberry Pi and on Windows),
multi-threaded, and well kept; debug mode is never on here.
"""

from __future__ import annotations

import logging
import os

from ..machine.config import default_database_path
from .banner import greet

#: Open connections waitress keeps (its default is 100): idle and half-open ones included,
#: so 150 idle sockets cannot take every place.
CONNECTION_LIMIT = 1000
#: Seconds a connection may sit idle (or half-sent) before it is closed (default 120).
CHANNEL_TIMEOUT = 20
#: How often idle connections are looked for and closed, in seconds (default 30).
CLEANUP_INTERVAL = 5
#: The largest request body read at all: the archive import's limit (the app refuses more
#: for everything else: one megabyte for a game file, MAX_CONTENT_LENGTH).
MAX_REQUEST_BODY = 8 * 1024 * 1024
#: The largest request head (the default is 256 KB).
MAX_REQUEST_HEADERS = 64 * 1024


def fill_in_results(path: str) -> int:
    """Count and store the results of games kept without them (a database from before).

    Done before the first request, so no page waits for a whole archive to be scored.
    """
    from ..standings.results import bring_up_to_date
    from ..storage import open_database

    db = open_database(path)
    try:
        return bring_up_to_date(db)
    finally:
        db.close()


def serve(*, host: str, port: int, db: str | None = None, threads: int = 8) -> None:
    """Run the app until interrupted."""
    from waitress import serve as waitress_serve

    from ..web import create_app
    from .dispatch import TableFirst

    if db:
        os.environ["SCOREKEEPER_DB"] = db
    app = create_app({"DATABASE": str(db or default_database_path()), "LISTENS_ON": host})
    app.debug = False
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    counted = fill_in_results(app.config["DATABASE"])
    if counted:
        print(f"Counted the results of {counted} games kept from before", flush=True)
    greet(host, port, app.config["DATABASE"])
    dispatcher = TableFirst()
    dispatcher.set_thread_count(threads)
    waitress_serve(
        app,
        _dispatcher=dispatcher,
        host=host,
        port=port,
        threads=threads,
        ident="scorekeeper",
        connection_limit=CONNECTION_LIMIT,
        channel_timeout=CHANNEL_TIMEOUT,
        cleanup_interval=CLEANUP_INTERVAL,
        max_request_body_size=MAX_REQUEST_BODY,
        max_request_header_size=MAX_REQUEST_HEADERS,
        asyncore_use_poll=True,  # select() cannot watch more than 1,024 sockets
    )
