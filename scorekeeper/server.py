"""`scorekeeper serve`: the app under waitress, a production WSGI server.

Waitress is pure Python (no compiler, runs on a Raspberry Pi and on Windows),
multi-threaded, and well kept; debug mode is never on here.
"""

from __future__ import annotations

import logging
import os
import socket

from .config import default_database_path

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


def lan_addresses(port: int) -> list[str]:
    """Return the addresses other phones on the home network can use (no packet is sent)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    addresses = {info[4][0] for info in infos if not str(info[4][0]).startswith("127.")}
    return [f"http://{address}:{port}/" for address in sorted(addresses)]


def serve(*, host: str, port: int, db: str | None = None, threads: int = 8) -> None:
    """Run the app until interrupted."""
    from waitress import serve as waitress_serve

    from .web import create_app

    if db:
        os.environ["SCOREKEEPER_DB"] = db
    app = create_app({"DATABASE": str(db or default_database_path())})
    app.debug = False
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    print(f"Scorekeeper is running on http://localhost:{port}/", flush=True)
    if host in ("0.0.0.0", "::"):
        for address in lan_addresses(port):
            print(f"Other phones on this network can open {address}", flush=True)
    print(f"Games are kept in {app.config['DATABASE']}", flush=True)
    waitress_serve(
        app,
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
