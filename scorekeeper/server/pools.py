"""The app under an ASGI server: the table's requests in fair turns on one thread, long ones apart.

Hypercorn holds the connections (an event loop: a slow or silent client costs no
thread). For each request this wrapper reads the body first, under a deadline and
caps, then hands the Flask app a thread: a view declared slow (`web.slow.slow`: its
cost grows with more than one deal's work) one of a few threads of its own, any other
the one quick thread, which takes its requests from each phone in turn, so a stranger
sending many cannot keep the family's tap waiting behind them. Under `scorekeeper
serve` the slow views run in worker processes of their own (`long_work.py`), so they
never take Python's interpreter from the table's thread. The thread runs the app
to the end into a buffer and is free again; the event loop writes the answer out at
whatever pace the client reads it.

Public APIs only: the ASGI specification, `concurrent.futures`, and Flask's URL map.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from http.cookies import CookieError, SimpleCookie
from typing import Any, BinaryIO

from werkzeug.exceptions import HTTPException

from .long_work import LongWork, run_wsgi

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


@dataclass(frozen=True)
class Limits:
    """What one request may take of the server: every number the README's limits table states."""

    #: The largest body read at all (an archive import); each view refuses less (1 MB).
    max_body: int = 8 * 1024 * 1024
    #: Seconds for the whole body to arrive once the head is in (a trickled upload is cut).
    body_deadline: float = 30.0
    #: Body bytes held by every request being read at once: past it, 429 until some finish.
    all_bodies: int = 64 * 1024 * 1024
    #: A body or an answer larger than this waits on the disk, not in memory.
    in_memory: int = 1024 * 1024
    #: Seconds to write one answer out: a reader that never reads is cut off.
    send_deadline: float = 120.0
    #: Requests one address may have in progress at once; more are answered 429 at once.
    per_address: int = 16
    #: Body bytes one address may send in a minute (four archive imports); past it, 429
    #: before its body is read: reading a flood of files would keep the table's process busy.
    sent_per_minute: int = 32 * 1024 * 1024
    #: Slow requests waiting for a thread; more are answered 429 at once.
    slow_waiting: int = 16
    #: Pieces the answer is written in, so a disconnect stops the writing early.
    piece: int = 256 * 1024


LIMITS = Limits()
#: The cookie that names a phone (`web.devices`): its requests share one turn of the queue.
DEVICE_COOKIE = "scorekeeper_device"


class FairQueue:
    """One thread serving its requests in turns: one from each phone, round and round.

    A phone is its address and device cookie. Within a phone's turn its requests keep
    their order, so a phone's taps are served in the order it sent them.
    """

    def __init__(self, name: str = "quick") -> None:
        self._waiting: collections.OrderedDict[Any, collections.deque[Any]] = (
            collections.OrderedDict()
        )
        self._ready = threading.Condition()
        self._stopped = False
        self._thread = threading.Thread(target=self._serve, name=f"{name}-0", daemon=True)
        self._thread.start()

    def submit(self, who: Any, work: Callable[[], Any]) -> Future[Any]:
        """Queue work for this phone's turn; return its future."""
        future: Future[Any] = Future()
        with self._ready:
            if self._stopped:
                raise RuntimeError("the queue has stopped")
            self._waiting.setdefault(who, collections.deque()).append((future, work))
            self._ready.notify()
        return future

    def _next(self) -> tuple[Future[Any], Callable[[], Any]] | None:
        with self._ready:
            while not self._waiting and not self._stopped:
                self._ready.wait()
            if not self._waiting:
                return None
            who, queue = next(iter(self._waiting.items()))
            task = queue.popleft()
            del self._waiting[who]
            if queue:
                self._waiting[who] = queue  # its next request goes behind every other phone
            return task

    def _serve(self) -> None:
        while (task := self._next()) is not None:
            future, work = task
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(work())
            except BaseException as error:  # handed to the request that asked
                future.set_exception(error)

    def stop(self) -> None:
        """Serve what is queued, then let the thread end."""
        with self._ready:
            self._stopped = True
            self._ready.notify_all()


@dataclass
class Answer:
    """What the app answered: its status, its headers, and its body in memory or on disk."""

    status: int
    headers: list[tuple[bytes, bytes]]
    body: BinaryIO
    size: int


def plain_answer(status: int, text: str, *extra: tuple[bytes, bytes]) -> Answer:
    """Answer in a sentence, before the app is asked (a body too big, too slow, too many).

    Too many at once is 429, never 5xx: nothing is wrong with the server, and the
    sentence says when to try again.
    """
    data = text.encode()
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(data)).encode()),
        *extra,
    ]
    body = tempfile.SpooledTemporaryFile(max_size=len(data) + 1)  # noqa: SIM115 (closed when sent)
    body.write(data)
    body.seek(0)
    return Answer(status, headers, body, len(data))  # type: ignore[arg-type]


class TablePools:
    """The Flask app as an ASGI app: quick views in fair turns on one thread, slow ones apart."""

    def __init__(
        self,
        app: Any,
        *,
        slow_threads: int = 2,
        limits: Limits = LIMITS,
        long_work: LongWork | None = None,
    ) -> None:
        self.app = app
        self.limits = limits
        self.quick = FairQueue()
        #: The worker processes for slow views (`long_work.py`); without them, slow views run
        #: on threads of this process (`slow_threads`), as in tests of this module.
        self.long_work = long_work
        self.slow = ThreadPoolExecutor(max(1, slow_threads), thread_name_prefix="slow")
        self._slow_waiting = 0
        self._held = 0  #: body bytes held by every request being read
        self._in_flight: collections.Counter[str] = collections.Counter()
        #: Body bytes each address sent lately: (when, how many), oldest first, and their sum.
        self._sent: dict[str, tuple[collections.deque[tuple[float, int]], list[int]]] = {}

    def is_slow(self, environ: dict[str, Any]) -> bool:
        """Say whether the view this request reaches is declared slow."""
        try:
            endpoint, _ = self.app.url_map.bind_to_environ(environ).match()
        except HTTPException:
            return False  # 404, 405, a redirect: answered quickly
        view = self.app.view_functions.get(endpoint)
        return getattr(view, "pool", "quick") == "slow"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
        elif scope["type"] == "http":
            await self._http(scope, receive, send)

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                self.quick.stop()
                self.slow.shutdown(wait=False, cancel_futures=True)
                if self.long_work is not None:
                    self.long_work.shutdown()
                await send({"type": "lifespan.shutdown.complete"})
                return

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        address = str((scope.get("client") or ("", 0))[0])
        if self._in_flight[address] >= self.limits.per_address:
            answer = plain_answer(
                429,
                "Too many requests at once from this address; nothing was lost. "
                "Try again in a few seconds.",
                (b"retry-after", b"2"),
                (b"connection", b"close"),
            )
            await self._send(answer, receive, send)
            return
        self._in_flight[address] += 1
        try:
            answer = await self._answer(scope, receive, address)
            if answer is not None:
                await self._send(answer, receive, send)
        finally:
            self._in_flight[address] -= 1
            if not self._in_flight[address]:
                del self._in_flight[address]

    async def _answer(self, scope: Scope, receive: Receive, address: str) -> Answer | None:
        """Read the body, then run the app on its pool; None when the client went away."""
        limits = self.limits
        body = tempfile.SpooledTemporaryFile(max_size=limits.in_memory)  # noqa: SIM115
        counted = 0
        try:
            declared = _header(scope, b"content-length")
            if declared.isdigit() and int(declared) > limits.max_body:
                return _too_big(limits)
            wait = self._sending(address, int(declared) if declared.isdigit() else 0)
            if wait:
                return plain_answer(
                    429,
                    "This address has sent a lot in the last minute; nothing was saved. "
                    f"Try again in {wait} seconds.",
                    (b"retry-after", str(wait).encode()),
                    (b"connection", b"close"),
                )
            try:
                async with asyncio.timeout(limits.body_deadline):
                    while True:
                        message = await receive()
                        if message["type"] == "http.disconnect":
                            return None
                        piece = message.get("body", b"")
                        counted += len(piece)
                        self._held += len(piece)
                        if counted > limits.max_body:
                            return _too_big(limits)
                        if self._held > limits.all_bodies:
                            return plain_answer(
                                429,
                                "The server is reading many uploads at once; nothing was "
                                "lost. Try again in a few seconds.",
                                (b"retry-after", b"5"),
                            )
                        body.write(piece)
                        if not message.get("more_body"):
                            break
            except TimeoutError:
                return plain_answer(
                    408,
                    f"The request took more than {limits.body_deadline:.0f} seconds to arrive; "
                    "nothing was saved.",
                    (b"connection", b"close"),
                )
            body.seek(0)
            environ = wsgi_environ(scope, body, counted)
            work = _running(self.app, environ, limits)
            if self.is_slow(environ):
                if self._slow_waiting >= limits.slow_waiting:
                    return plain_answer(
                        429,
                        "The server is busy with long work (sheets, exports); nothing was "
                        "lost. Try again in a few seconds.",
                        (b"retry-after", b"5"),
                    )
                self._slow_waiting += 1
                try:
                    if self.long_work is None:
                        return await asyncio.wrap_future(self.slow.submit(work))
                    body.seek(0)
                    status, headers, data = await self.long_work.run(address, environ, body.read())
                    answer = tempfile.SpooledTemporaryFile(max_size=limits.in_memory)  # noqa: SIM115
                    answer.write(data)
                    answer.seek(0)
                    return Answer(status, headers, answer, len(data))  # type: ignore[arg-type]
                finally:
                    self._slow_waiting -= 1
            who = (address, _device(scope))
            return await asyncio.wrap_future(self.quick.submit(who, work))
        finally:
            self._held -= counted
            body.close()

    def _sending(self, address: str, size: int) -> int:
        """Count a body about to be read against its address's minute; return the seconds to
        wait when the address has sent its share already (0 to go ahead)."""
        if not size:
            return 0
        now = time.monotonic()
        window, total = self._sent.setdefault(address, (collections.deque(), [0]))
        while window and window[0][0] < now - 60:
            total[0] -= window.popleft()[1]
        if total[0] + size > self.limits.sent_per_minute and window:
            return max(1, int(window[0][0] + 60 - now) + 1)
        window.append((now, size))
        total[0] += size
        if len(self._sent) > 10_000:  # many addresses, long gone: forget the quiet ones
            self._sent = {a: s for a, s in self._sent.items() if s[0] and s[0][-1][0] > now - 60}
        return 0

    async def _send(self, answer: Answer, receive: Receive, send: Send) -> None:
        """Write the answer at the client's pace; stop when it goes away or never reads."""
        limits = self.limits
        headers = answer.headers
        if answer.size > limits.in_memory:
            # A long answer ends its connection: nothing pipelined behind it is run for a
            # reader that may never read (each would be held in memory meanwhile).
            headers = [*headers, (b"connection", b"close")]
        gone = asyncio.Event()

        async def watch() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass
            gone.set()

        watcher = asyncio.ensure_future(watch())
        try:
            with contextlib.suppress(TimeoutError, OSError):
                async with asyncio.timeout(limits.send_deadline):
                    await send(
                        {"type": "http.response.start", "status": answer.status, "headers": headers}
                    )
                    while not gone.is_set() and (piece := answer.body.read(limits.piece)):
                        await send({"type": "http.response.body", "body": piece, "more_body": True})
                    if not gone.is_set():
                        await send({"type": "http.response.body", "body": b""})
        finally:
            watcher.cancel()
            answer.body.close()


def _too_big(limits: Limits) -> Answer:
    return plain_answer(
        413,
        f"That is more than the server reads ({limits.max_body // (1024 * 1024)} MB); "
        "nothing was saved.",
        (b"connection", b"close"),
    )


def _header(scope: Scope, name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return bytes(value).decode("latin-1").strip()
    return ""


def _device(scope: Scope) -> str:
    """Return the phone's device cookie, or "" (a first visit, a script without cookies)."""
    raw = _header(scope, b"cookie")
    if DEVICE_COOKIE not in raw:
        return ""
    with contextlib.suppress(CookieError):
        found = SimpleCookie(raw).get(DEVICE_COOKIE)
        if found is not None:
            return found.value[:64]
    return ""


def _running(app: Any, environ: dict[str, Any], limits: Limits) -> Callable[[], Answer]:
    """Return the work of running the WSGI app to the end, its answer kept whole."""

    def run() -> Answer:
        body = tempfile.SpooledTemporaryFile(max_size=limits.in_memory)  # noqa: SIM115
        status, headers = run_wsgi(app, environ, body)
        size = body.tell()
        body.seek(0)
        return Answer(status, headers, body, size)

    return run


def wsgi_environ(scope: Scope, body: BinaryIO, length: int) -> dict[str, Any]:
    """Return the WSGI environ of an ASGI HTTP request whose body has been read (PEP 3333)."""
    server = scope.get("server") or ("localhost", 80)
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": scope.get("root_path", "").encode().decode("latin-1"),
        "PATH_INFO": scope["path"].encode().decode("latin-1"),
        "QUERY_STRING": bytes(scope.get("query_string", b"")).decode("latin-1"),
        "SERVER_NAME": str(server[0]),
        "SERVER_PORT": str(server[1]),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": body,
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": False,
        "wsgi.run_once": False,
        "wsgi.input_terminated": True,
        "CONTENT_LENGTH": str(length),
    }
    client = scope.get("client")
    if client:
        environ["REMOTE_ADDR"], environ["REMOTE_PORT"] = str(client[0]), str(client[1])
    for raw_name, raw_value in scope.get("headers", ()):
        name = bytes(raw_name).decode("latin-1").upper().replace("-", "_")
        if name == "CONTENT_LENGTH":
            continue
        key = name if name == "CONTENT_TYPE" else f"HTTP_{name}"
        value = bytes(raw_value).decode("latin-1")
        environ[key] = f"{environ[key]},{value}" if key in environ else value
    return environ
