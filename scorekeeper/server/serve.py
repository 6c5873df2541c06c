"""`scorekeeper serve`: the app under Hypercorn, a production ASGI server, never in debug mode.

Hypercorn holds every connection in one event loop, so a phone that reads slowly, a
connection left idle or headers trickled a byte a second cost the table no thread;
`pools.py` runs the Flask app on threads of its own. Hypercorn is pure Python (runs on
a Raspberry Pi, macOS and Windows), well kept, and speaks TLS and HTTP/2 itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import signal
import socket
import sys
from pathlib import Path
from typing import Any

from ..machine.addresses import ADDRESS_SETTING
from ..machine.config import default_database_path
from .appliance import NAME_WAIT, Appliance, Settings
from .banner import greet
from .secure import Secure, secure_setup

#: What the banner says when the phone's copy of the rules is missing (a wheel built without
#: it, a checkout installed without `make`).
NO_RUNTIME = (
    "Phones cannot keep score offline from this server: its copy of the rules for phones "
    "(Pyodide, in {folder}) is missing, so a phone scores only while it reaches the server. "
    "In a checkout, `make` fetches it (or `python scripts/phone_runtime.py`); then install "
    "again from that checkout, or from the wheel `make wheel` builds."
)

#: Seconds a connection may wait between requests, or for a request's head to arrive:
#: an idle connection, and headers trickled a byte at a time, are closed after this.
IDLE_SECONDS = 20
#: Seconds a TLS handshake may take.
HANDSHAKE_SECONDS = 10
#: The largest request head, in bytes.
MAX_REQUEST_HEAD = 64 * 1024
#: Connections waiting to be accepted.
BACKLOG = 1024
#: Open files the server asks the system for (each connection is one): enough for
#: thousands of idle connections, which the event loop holds at no other cost.
OPEN_FILES = 65536
#: Worker processes for slow requests (PDFs, exports, imports, long pages); the table has
#: its own thread in the server's process.
WORKERS = 2


class CannotListen(Exception):
    """A port the server cannot listen on, said in words before anything else is printed."""


class NoStartingLine(logging.Filter):
    """Drop Hypercorn's "Running on http://0.0.0.0:5000": not an address a phone can open, and
    the banner has said the ones it can."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("Running on ")


STARTING_LINE = NoStartingLine()


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


def more_open_files(wanted: int = OPEN_FILES) -> int:
    """Raise this process's limit of open files toward `wanted`; return the limit now."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft < target:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def _bind(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def hypercorn_config(host: str, port: int, secure: Secure | None = None) -> Any:
    """Return Hypercorn's settings: where to listen (plain, and secure beside it), and how
    long anything may take."""
    from hypercorn.config import Config

    config = Config()
    if secure is None:
        config.bind = [_bind(host, port)]
    else:
        config.insecure_bind = [_bind(host, port)]
        config.bind = [_bind(host, secure.port)]
        config.certfile = str(secure.certfile)
        config.keyfile = str(secure.keyfile)
    config.keep_alive_timeout = IDLE_SECONDS
    config.ssl_handshake_timeout = HANDSHAKE_SECONDS
    config.h11_max_incomplete_size = MAX_REQUEST_HEAD
    config.h2_max_concurrent_streams = 16
    config.backlog = BACKLOG
    config.accesslog = None
    config.errorlog = logging.getLogger("hypercorn.error")
    config.errorlog.addFilter(STARTING_LINE)
    config.include_server_header = False
    return config


def serve(
    *,
    host: str,
    port: int,
    db: str | None = None,
    workers: int = WORKERS,
    secure_port: int | None = None,
    certfile: str | None = None,
    keyfile: str | None = None,
    address: str | None = None,
    appliance: Settings | None = None,
) -> None:
    """Run the app until interrupted (Ctrl-C or SIGTERM): plain HTTP on `port`, HTTPS on
    `secure_port` (0 for none), with this machine's certificate or the one given."""
    from hypercorn.asyncio import serve as hypercorn_serve

    from ..web import create_app
    from .long_work import LongWork
    from .pools import TablePools

    if db:
        os.environ["SCOREKEEPER_DB"] = db
    if address:
        os.environ[ADDRESS_SETTING] = address  # links, certificates and workers all use it
    home = appliance or Settings()
    # The certificate names the address given and the name announced (NAME.local).
    extra = tuple(x for x in (address, home.name and f"{home.name}.local") if x)
    secure = None
    if secure_port != 0:
        chosen = secure_port or port + 1
        secure = secure_setup(chosen, certfile=certfile, keyfile=keyfile, extra=extra)
    settings = {
        "DATABASE": str(db or default_database_path()),
        "LISTENS_ON": host,
        "PLAIN_PORT": port,
        "SECURE_PORT": secure.port if secure else None,
        "TLS_FOLDER": str(secure.folder) if secure and secure.folder else None,
    }
    check_ports(host, [port, *([secure.port] if secure else [])])
    app = create_app(settings)
    app.debug = False
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    at_home = Appliance(host, port, app.config["DATABASE"], home, after_banner=True)
    at_home.start()  # the name is probed for while the results are counted
    notes = []
    counted = fill_in_results(app.config["DATABASE"])
    if counted:
        notes.append(f"Counted the results of {counted} games kept from before")
    notes += runtime_note(Path(str(app.static_folder)))
    more_open_files()
    long_work = LongWork(settings, workers=workers)
    long_work.warm_up()  # the workers start (and load their app) while the banner is read
    # A quick request waits at most this long for the interpreter while a slow one runs.
    sys.setswitchinterval(0.001)
    at_home.named.wait(NAME_WAIT)
    try:
        links = at_home.links()
        greet(host, port, app.config["DATABASE"], links=links, secure=secure, notes=notes)
    finally:
        at_home.banner_printed()
    pools = TablePools(app, long_work=long_work)
    try:
        asyncio.run(
            hypercorn_serve(
                pools, hypercorn_config(host, port, secure), mode="asgi", shutdown_trigger=_stop
            )
        )
    finally:
        at_home.stop()


def runtime_note(static: Path) -> list[str]:
    """Return the banner's line saying the phone's copy of the rules is missing from this
    static folder, and how to add it (none when it is there)."""
    from ..web.runtime import FOLDER, runtime_missing

    return [NO_RUNTIME.format(folder=static / FOLDER)] if runtime_missing(static) else []


def check_ports(host: str, ports: list[int]) -> None:
    """Refuse, before the banner promises an address, a port this machine will not let the
    server listen on (another program has it, or it is a system port), in words."""
    for port in ports:
        found = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
        family, kind, _, _, where = found[0]
        with socket.socket(family, kind) as probe:
            # As Hypercorn binds: a port left in TIME_WAIT by the last run is free.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(where)
            except OSError as error:
                hint = (
                    ": another program (another scorekeeper serve?) listens there; choose "
                    "another with --port or --secure-port"
                    if error.errno == errno.EADDRINUSE
                    else ""
                )
                raise CannotListen(
                    f"cannot listen on {host} port {port} ({error.strerror}){hint}"
                ) from None


async def _stop() -> None:
    """Wait for Ctrl-C or SIGTERM (the shutdown of a service), then let the server stop."""
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sign in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows
            loop.add_signal_handler(sign, stopping.set)
    await stopping.wait()
