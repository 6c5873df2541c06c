"""The sheet printer: PDFs laid out in processes of their own, at a low priority.

WeasyPrint's layout is seconds of pure Python for a long sheet. Run on a thread of the
server, it would hold Python's interpreter away from the table's thread, and every tap
would wait on it. In a process of its own it shares only the machine's cores, and at
the lowest priority the system gives a phone's tap the core first. The processes are
started once (spawned, so no lock of the server's threads is copied into them) and
kept for the next sheet.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

T = TypeVar("T")

#: Sheets laid out at once: each takes a core while it prints.
PRINTERS = 2
#: Seconds one sheet may take to print (the largest game's longest part takes a few).
PRINT_SECONDS = 120.0

_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()
#: Print in this very process: a process already apart from the table's (`server.long_work`).
_here = False


def print_here() -> None:
    """Print every sheet in this process from now on (it is apart from the table already)."""
    global _here
    _here = True


def _low_priority() -> None:
    """Run the printer's processes below everything else on the machine (where it can), and
    end them with the process that started them."""
    from ..machine.orphans import end_with_parent

    end_with_parent()
    if hasattr(os, "nice"):
        os.nice(19)


def _printers() -> ProcessPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(
                PRINTERS,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_low_priority,
            )
            atexit.register(_pool.shutdown, wait=False, cancel_futures=True)
        return _pool


def print_in_background(work: Callable[..., T], /, *args: object, **kwargs: object) -> T:
    """Run a printing function (importable, with picklable arguments) in a printer process.

    Its errors come back as they were raised (a sheet refused for its size, say). A
    printer process that died (killed from outside, out of memory) is replaced, and the
    sheet printed once more.
    """
    if _here:
        return work(*args, **kwargs)
    for attempt in (1, 2):
        pool = _printers()
        try:
            return pool.submit(work, *args, **kwargs).result(timeout=PRINT_SECONDS)
        except BrokenProcessPool:
            _forget(pool)
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def _forget(broken: ProcessPoolExecutor) -> None:
    """Let a broken pool go, so the next sheet starts fresh printers."""
    global _pool
    with _pool_lock:
        if _pool is broken:
            _pool = None
    broken.shutdown(wait=False, cancel_futures=True)


def _ready() -> bool:
    """Load WeasyPrint and its fonts in a printer process, so its first sheet is quick."""
    from .render import pdf_from_html

    pdf_from_html("<p>.</p>")
    return True


def warm_up() -> None:
    """Start the printer processes now, in the background: the first sheet then waits on no
    process start and no import (most of a second each)."""
    if _here:
        _ready()
        return
    pool = _printers()
    for _ in range(PRINTERS):
        pool.submit(_ready)
