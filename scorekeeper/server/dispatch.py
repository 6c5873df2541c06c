"""Which waitress thread serves a request: quick ones in turn on one thread, slow ones apart.

Python runs one thread at a time. With waitress's usual pool, eight phones tapping
at once meant eight requests in progress together, each thread taking the
interpreter from the others whenever one waited on SQLite or the network: every
tap cost a sixth more CPU than the same tap alone, and a tap's answer waited on
seven others half done. Quick requests (a tap, a page, the API, the live view)
take a few milliseconds each, so they are served one after another, in the order
they arrived, by one thread that never has to hand the interpreter to another
request. Slow ones (a PDF, an archive, an import) would hold that queue up for
hundreds of milliseconds, so they have a pool of threads of their own, beside it:
a sheet printing never keeps the table waiting.

Waitress takes the dispatcher through `create_server(_dispatcher=...)`; this one
hands each connection to one of two of waitress's own `ThreadedTaskDispatcher`s,
by the path of the request it is about to serve.
"""

from __future__ import annotations

import threading
from typing import Any

from waitress.task import ThreadedTaskDispatcher

#: Last parts of the paths whose requests are slow: every PDF, the archive's download and
#: every import (a game file, house rules, a whole archive), whatever the mount point.
SLOW_ENDINGS = (".pdf", "/archive.json", "/import")
#: Queued quick requests past which the server says it is falling behind (waitress's own
#: pool warns at the first request that waits, which for the one quick thread is most).
QUEUE_WARNING = 64


def is_slow(path: str) -> bool:
    """Say whether a request for this path may take long enough to hold up a tap."""
    return path.rstrip("/").endswith(SLOW_ENDINGS)


class Pool(ThreadedTaskDispatcher):
    """Waitress's dispatcher, its threads named after the pool ("quick-0", "slow-3")."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def start_new_thread(self, target: Any, thread_no: int) -> None:
        thread = threading.Thread(target=target, name=f"{self.name}-{thread_no}", args=(thread_no,))
        thread.daemon = True
        thread.start()


class QuickQueue(Pool):
    """The one quick thread's queue, warning only when it is really long."""

    def add_task(self, task: Any) -> None:
        with self.lock:
            self.queue.append(task)
            self.queue_cv.notify()
            waiting = len(self.queue)
        if waiting > QUEUE_WARNING:
            self.queue_logger.warning("%d quick requests are waiting", waiting)


class TableFirst:
    """Hand quick requests to one thread, in turn, and slow ones to a pool beside it."""

    def __init__(self) -> None:
        self.quick = QuickQueue("quick")
        self.slow = Pool("slow")

    def set_thread_count(self, count: int) -> None:
        """One thread for the quick requests; `count` (at least one) for the slow ones."""
        self.quick.set_thread_count(1 if count else 0)
        self.slow.set_thread_count(count)

    def add_task(self, task: Any) -> None:
        """Queue a connection whose next request is parsed, by that request's path."""
        requests = getattr(task, "requests", None) or ()
        path = getattr(requests[0], "path", "") if requests else ""
        (self.slow if is_slow(str(path or "")) else self.quick).add_task(task)

    def shutdown(self, cancel_pending: bool = True, timeout: float = 5) -> bool:
        """Stop both pools' threads (waitress calls this when the server closes)."""
        quick = self.quick.shutdown(cancel_pending, timeout)
        slow = self.slow.shutdown(cancel_pending, timeout)
        return bool(quick and slow)
