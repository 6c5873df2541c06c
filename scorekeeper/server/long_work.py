"""Long work in processes of its own: sheets, exports, comparisons, imports, at a lower priority.

Python runs one thread of a process at a time. A long request on a thread beside the
table's would take the interpreter from it again and again, and every tap would wait;
so the views declared slow run in worker processes, each with an app of its own on the
same database, at a lower priority than the table's process: the system gives a phone's
tap the core first. A phone's long requests always go to the same worker (by its
address), so its quotas are counted in one place, and one stranger keeps at most one
worker busy. Each worker prints its sheets itself: it is already apart from the table.
"""

from __future__ import annotations

import io
import multiprocessing
import os
import sys
import threading
import zlib
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

#: Worker processes for long work: each serves one request at a time.
WORKERS = 2
#: How much lower the workers run than the table (the nice value added, where there is one).
LOWER_BY = 10

_app: Any = None


def _start(settings: dict[str, Any]) -> None:
    """Set up a worker: a lower priority, an app of its own, sheets printed right here."""
    global _app
    if hasattr(os, "nice"):
        os.nice(LOWER_BY)
    from ..sheets import printer
    from ..web import create_app

    printer.print_here()
    _app = create_app(settings)
    _app.debug = False


def _serve(environ: dict[str, Any], body: bytes) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """Run one request through the worker's app; return its status, headers and body."""
    environ = {**environ, "wsgi.input": io.BytesIO(body), "wsgi.errors": sys.stderr}
    started: list[Any] = []
    out = io.BytesIO()

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None):
        if exc_info is not None and started:
            raise exc_info[1].with_traceback(exc_info[2])
        started[:] = [
            int(status.split(" ", 1)[0]),
            [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers],
        ]
        return out.write

    result = _app(environ, start_response)
    try:
        for data in result:
            out.write(data)
    finally:
        close = getattr(result, "close", None)
        if close is not None:
            close()
    return started[0], started[1], out.getvalue()


def _ready() -> bool:
    return _app is not None


class LongWork:
    """The worker processes for long work, a phone's requests always to the same one."""

    def __init__(self, settings: dict[str, Any], workers: int = WORKERS) -> None:
        self._settings = settings
        self._lock = threading.Lock()
        self._workers: list[ProcessPoolExecutor] = [self._new() for _ in range(max(1, workers))]

    def _new(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            1,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start,
            initargs=(self._settings,),
        )

    def warm_up(self) -> None:
        """Start every worker now, so the first long request waits on no process start."""
        for worker in self._workers:
            worker.submit(_ready)

    def submit(self, address: str, environ: dict[str, Any], body: bytes) -> Future[Any]:
        """Queue a request on its phone's worker; its future gives (status, headers, body)."""
        plain = {key: value for key, value in environ.items() if _plain(value)}
        index = zlib.crc32(address.encode()) % len(self._workers)
        with self._lock:
            worker = self._workers[index]
            try:
                return worker.submit(_serve, plain, body)
            except RuntimeError:  # a worker that died (killed from outside): start another
                worker.shutdown(wait=False, cancel_futures=True)
                worker = self._workers[index] = self._new()
                return worker.submit(_serve, plain, body)

    def shutdown(self) -> None:
        """Let the workers go."""
        for worker in self._workers:
            worker.shutdown(wait=False, cancel_futures=True)


def _plain(value: Any) -> bool:
    return isinstance(value, (str, int, float, bool, tuple)) or value is None
