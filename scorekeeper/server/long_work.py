"""Long work in processes of its own: sheets, exports, comparisons, imports, at a lower priority.

Python runs one thread of a process at a time. A long request on a thread beside the
table's would take the interpreter from it again and again, and every tap would wait;
so the views declared slow run in worker processes, each with an app of its own on the
same database, at a lower priority than the table's process: the system gives a phone's
tap the core first. A phone's long requests always go to the same worker (by its
address), so its quotas are counted in one place, and one stranger keeps at most one
worker busy; each worker takes its waiting requests from each address in turn, so a
family's sheet waits behind one of a stranger's at most. Each worker prints its sheets
itself: it is already apart from the table.
"""

from __future__ import annotations

import asyncio
import collections
import io
import multiprocessing
import os
import sys
import zlib
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..machine.orphans import end_with_parent

#: Worker processes for long work: each serves one request at a time.
WORKERS = 2
#: How much lower the workers run than the table (the nice value added, where there is one).
LOWER_BY = 10

_app: Any = None


def _start(settings: dict[str, Any]) -> None:
    """Set up a worker: a lower priority, an app of its own, sheets printed right here."""
    global _app
    end_with_parent()
    if hasattr(os, "nice"):
        os.nice(LOWER_BY)
    from ..sheets import printer
    from ..web import create_app

    printer.print_here()
    _app = create_app(settings)
    _app.debug = False


def run_wsgi(app: Any, environ: dict[str, Any], out: Any) -> tuple[int, list[tuple[bytes, bytes]]]:
    """Run one request through a WSGI app to the end, its body written to `out`; return its
    status and headers (as ASGI wants them)."""
    started: list[Any] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None):
        if exc_info is not None and started:
            raise exc_info[1].with_traceback(exc_info[2])
        started[:] = [
            int(status.split(" ", 1)[0]),
            [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers],
        ]
        return out.write

    result = app(environ, start_response)
    try:
        for data in result:
            out.write(data)
    finally:
        close = getattr(result, "close", None)
        if close is not None:
            close()
    return started[0], started[1]


def _serve(environ: dict[str, Any], body: bytes) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """Run one request through the worker's app; return its status, headers and body."""
    environ = {**environ, "wsgi.input": io.BytesIO(body), "wsgi.errors": sys.stderr}
    out = io.BytesIO()
    status, headers = run_wsgi(_app, environ, out)
    return status, headers, out.getvalue()


def _ready() -> bool:
    return _app is not None


Request = tuple["asyncio.Future[Any]", dict[str, Any], bytes]


class LongWork:
    """The worker processes for long work: a phone's requests always to the same one, and
    each worker's waiting requests taken from each address in turn."""

    def __init__(self, settings: dict[str, Any], workers: int = WORKERS) -> None:
        self._settings = settings
        count = max(1, workers)
        self._workers: list[ProcessPoolExecutor] = [self._new() for _ in range(count)]
        self._waiting: list[collections.OrderedDict[str, collections.deque[Request]]] = [
            collections.OrderedDict() for _ in range(count)
        ]
        self._busy = [False] * count
        self._draining: list[asyncio.Task[None] | None] = [None] * count

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

    async def run(
        self, address: str, environ: dict[str, Any], body: bytes
    ) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        """Run a request on its phone's worker, in its address's turn (call in the event loop)."""
        plain = {key: value for key, value in environ.items() if _plain(value)}
        index = zlib.crc32(address.encode()) % len(self._workers)
        answer: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[index].setdefault(address, collections.deque()).append((answer, plain, body))
        if not self._busy[index]:
            self._busy[index] = True
            self._draining[index] = asyncio.ensure_future(self._drain(index))
        return await answer  # type: ignore[no-any-return]

    async def _drain(self, index: int) -> None:
        """Feed a worker its waiting requests, one address's at a time, round and round."""
        waiting = self._waiting[index]
        try:
            while waiting:
                address, queue = next(iter(waiting.items()))
                answer, environ, body = queue.popleft()
                del waiting[address]
                if queue:
                    waiting[address] = queue  # its next request goes behind every other address
                if answer.cancelled():
                    continue
                try:
                    done = self._workers[index].submit(_serve, environ, body)
                    result = await asyncio.wrap_future(done)
                except RuntimeError:  # a worker that died (killed from outside): start another
                    self._workers[index].shutdown(wait=False, cancel_futures=True)
                    self._workers[index] = self._new()
                    result = await asyncio.wrap_future(
                        self._workers[index].submit(_serve, environ, body)
                    )
                except BaseException as error:
                    if not answer.done():
                        answer.set_exception(error)
                    continue
                if not answer.done():
                    answer.set_result(result)
        finally:
            self._busy[index] = False

    def shutdown(self) -> None:
        """Let the workers go."""
        for worker in self._workers:
            worker.shutdown(wait=False, cancel_futures=True)


def _plain(value: Any) -> bool:
    return isinstance(value, (str, int, float, bool, tuple)) or value is None
