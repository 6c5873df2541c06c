"""The database file as an object: its connections, its writers' lock, the games read lately.

A `Store` is made once per database file and process (the web app keeps one, a
command opens one). Each `Connection` it hands out is a sqlite-utils `Database`
that knows its store, so a write takes the store's lock and a read shares the
store's cache of games already read and scored. No Flask here.
"""

from __future__ import annotations

import contextlib
import queue
import shutil
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from sqlite_utils import Database

from ..machine import config
from ..rules import Game, GameResult, score_game
from ..rules.lately import Lately
from .migrations import migrations

T = TypeVar("T")

BUSY_TIMEOUT_MS = 10_000
#: How hard SQLite makes sure a commit is on the disk (FULL: fsync the WAL on every commit).
SYNCHRONOUS = "FULL"
#: Bytes the write-ahead log keeps on disk once checkpointed (SQLite's own checkpoints run
#: every 1,000 pages, about 4 MB): without a limit it stays as big as the biggest
#: transaction ever made it (a start-up recount of every game, an old single-transaction
#: import), for good.
WAL_KEEPS = 4 * 1024 * 1024
#: Idle connections a store keeps: more than the server's threads that use one at once (the
#: table's one thread, the slow views' few).
KEEP_CONNECTIONS = 8
#: Games kept read: a game's text changes with every deal, so 64 covers every live table.
READ_CACHE_SIZE = 64
MEMORY = ":memory:"


class StorageError(Exception):
    """A database file that cannot be used as asked: missing, or in the way of a new one."""


class DiskNearlyFull(StorageError):
    """The disk the database is on has less room than the store keeps free: nothing is written.

    SQLite itself never corrupts a database on a full disk, but every write would fail
    halfway, with no word for the phone; refusing before the disk is full says why.
    """

    def __init__(self, free: int, keep: int) -> None:
        self.free, self.keep = free, keep
        self.message = (
            f"The disk Scorekeeper keeps its games on is nearly full ({_megabytes(free)} free; "
            f"Scorekeeper stops saving below {_megabytes(keep)}, so every game already saved "
            "stays whole). Nothing was saved. Ask whoever runs Scorekeeper to free some space "
            "on that disk."
        )
        super().__init__(self.message)


def _megabytes(count: int) -> str:
    return f"{count / 1_000_000:,.0f} MB"


#: What a game's reading depends on, exactly as stored: ruleset, players, first dealer, deals.
GameText = tuple[str, str, int, tuple[str, ...]]


class ReadGame:
    """A game read from its stored text, and its result once asked for.

    Reading and scoring are pure, so every load of the same text (the page, then
    the next tap, then a second phone's poll) shares one.
    """

    def __init__(self, text: GameText, game: Game, result: GameResult | None = None) -> None:
        self.text = text
        self.game = game
        self._result = result

    def result(self) -> GameResult:
        """Return the game's result, scoring it the first time."""
        if self._result is None:
            self._result = score_game(self.game)
        return self._result


class Connection(Database):
    """One connection to a store's file: a sqlite-utils Database writing under the store's lock."""

    def __init__(self, conn: sqlite3.Connection, store: Store) -> None:
        super().__init__(conn)
        self.store = store
        self._writing = 0

    def rows(self, sql: str, parameters: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """Return a SELECT's rows as dicts.

        sqlite-utils' `query` wraps each statement in a savepoint of its own (two more
        statements); at eight phones tapping at once every statement is a moment the
        thread lets go of Python's lock, and another thread may take it.
        """
        cursor = self.conn.execute(sql, parameters)
        names = [column[0] for column in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    @contextlib.contextmanager
    def write(self, *, grows: bool = True) -> Iterator[Connection]:
        """Run a block as one transaction that holds the write lock from its first read.

        A block inside another only joins it: the outer one commits or rolls back. A write
        that `grows` the database is refused (DiskNearlyFull) before it starts when the
        disk is nearly full; one that does not (a deletion, a recount) still runs.
        """
        if not self._writing and grows:
            self.store.check_room()
        if self._writing:
            self._writing += 1
            try:
                yield self
            finally:
                self._writing -= 1
            return
        # Threads of this process queue for the write lock here, in turn. Left to SQLite, a
        # writer that finds the lock taken sleeps and retries (1, 2, 5, 10 … 100 ms), so with
        # eight phones writing at once some waited 60 ms while others went straight through.
        # Another process still waits in BEGIN IMMEDIATE; after the busy timeout, so do we.
        queued = self.store.writers.acquire(timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            self.execute("BEGIN IMMEDIATE")
            self._writing = 1
            try:
                yield self
            except BaseException:
                self.conn.rollback()
                raise
            else:
                self.execute("COMMIT")
            finally:
                self._writing = 0
        finally:
            if queued:
                self.store.writers.release()

    def checkpoint(self) -> None:
        """Copy what the write-ahead log holds into the database file now, outside any write.

        PASSIVE: it waits for no reader and no writer. A long run of writes (an import)
        calls it between its transactions, so the copying is done there, not inside the
        commit of whichever write next finds the log past SQLite's 1,000 pages (a tap).
        """
        self.execute("PRAGMA wal_checkpoint(PASSIVE)")


class Store:
    """One database file: the connections to it, its writers' lock, and the games read lately."""

    def __init__(
        self, path: str | Path, *, keep: int = KEEP_CONNECTIONS, min_free: int | None = None
    ) -> None:
        self.path = str(path)
        #: Bytes the disk keeps free: below them, writes that grow the database are refused.
        self.min_free = config.min_free_bytes() if min_free is None else min_free
        self.writers = threading.Lock()
        #: The games read lately, by their stored text (so an entry can never go stale).
        self.reads: Lately[GameText, ReadGame] = Lately(READ_CACHE_SIZE)
        #: When old idempotency replies were last let go (`replies.py`), by time.monotonic().
        self.replies_pruned: float | None = None
        # Every connection to ":memory:" is a database of its own: those are never kept.
        self._idle: queue.Queue[Connection] | None = (
            None if self.path == MEMORY else queue.Queue(maxsize=keep)
        )

    def check_room(self) -> None:
        """Raise DiskNearlyFull when the database's disk has less free room than `min_free`."""
        if self.path == MEMORY:
            return
        folder = Path(self.path).parent
        free = shutil.disk_usage(folder if folder.exists() else Path.cwd()).free
        if free < self.min_free:
            raise DiskNearlyFull(free, self.min_free)

    def open(self) -> Connection:
        """Open (and migrate) a new connection: WAL, a busy timeout, foreign keys on."""
        if self.path != MEMORY:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False)
        db = Connection(conn, self)
        with db.ensure_autocommit_on():
            db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        # FULL: every commit reaches the disk before the phone hears "saved", so an
        # acknowledged deal survives a power cut too, not only a crash of the app. It costs
        # about half a millisecond a deal write (README, "Durability").
        db.execute(f"PRAGMA synchronous={SYNCHRONOUS}")
        db.execute(f"PRAGMA journal_size_limit={WAL_KEEPS}")
        db.execute("PRAGMA foreign_keys=ON")
        if migrations.pending(db):
            with db.write(grows=False):
                pass  # take the write lock so two workers never migrate at once
            migrations.apply(db)
        return db

    def connect(self) -> Connection:
        """Return an idle connection, or open one.

        Opening one costs its PRAGMAs and the migrations check (about 0.2 ms), and in WAL
        mode the last connection to close checkpoints and deletes the log, which the next
        one rebuilds (about 1.5 ms more): so idle connections are kept, not closed.
        """
        if self._idle is not None:
            with contextlib.suppress(queue.Empty):
                return self._idle.get_nowait()
        return self.open()

    def release(self, db: Connection) -> None:
        """Take a connection back, left as closing it would leave it: nothing pending."""
        if db.conn.in_transaction:
            db.conn.rollback()
        try:
            if self._idle is None:
                raise queue.Full
            self._idle.put_nowait(db)
        except queue.Full:
            db.close()

    def close(self) -> None:
        """Close every idle connection."""
        while self._idle is not None:
            try:
                self._idle.get_nowait().close()
            except queue.Empty:
                return


def open_database(path: str | Path) -> Connection:
    """Open a connection to a database file through a store of its own (for commands and tests)."""
    return Store(path).open()


def backup_database(source: str | Path | None, out: str | Path) -> None:
    """Write a consistent copy of the database, even while the app is writing (VACUUM INTO)."""
    from ..machine.config import default_database_path

    source_path, target = Path(source or default_database_path()), Path(out)
    if not source_path.exists():
        raise StorageError(f"there is no database at {source_path}")
    if target.exists():
        raise StorageError(f"{target} already exists; choose a new file for the backup")
    conn = sqlite3.connect(str(source_path), timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        conn.execute("VACUUM INTO ?", [str(target)])
    finally:
        conn.close()
