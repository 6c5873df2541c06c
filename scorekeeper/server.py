"""`scorekeeper serve`: the app under waitress, a production WSGI server.

Waitress is pure Python (no compiler, runs on a Raspberry Pi and on Windows),
multi-threaded, and well kept; debug mode is never on here.
"""

from __future__ import annotations

import logging
import os
import socket

from .config import default_database_path


def lan_addresses(port: int) -> list[str]:
    """Return the addresses other phones on the home network can use (no packet is sent)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    addresses = {info[4][0] for info in infos if not str(info[4][0]).startswith("127.")}
    return [f"http://{address}:{port}/" for address in sorted(addresses)]


def fill_in_results(path: str) -> int:
    """Count and store the results of games kept without them (a database from before).

    Done before the first request, so no page waits for a whole archive to be scored.
    """
    from .results import refresh_results
    from .storage import open_database

    db = open_database(path)
    try:
        return refresh_results(db)
    finally:
        db.close()


def serve(*, host: str, port: int, db: str | None = None, threads: int = 8) -> None:
    """Run the app until interrupted."""
    from waitress import serve as waitress_serve

    from .web import create_app

    if db:
        os.environ["SCOREKEEPER_DB"] = db
    app = create_app({"DATABASE": str(db or default_database_path())})
    app.debug = False
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    counted = fill_in_results(app.config["DATABASE"])
    if counted:
        print(f"Counted the results of {counted} games kept from before", flush=True)
    print(f"Scorekeeper is running on http://localhost:{port}/", flush=True)
    if host in ("0.0.0.0", "::"):
        for address in lan_addresses(port):
            print(f"Other phones on this network can open {address}", flush=True)
    print(f"Games are kept in {app.config['DATABASE']}", flush=True)
    waitress_serve(app, host=host, port=port, threads=threads, ident="scorekeeper")
