"""Backups on their own: a copy of the database each day, the last few kept, one brought back.

`scorekeeper serve` takes one a day (`take_daily`) into backups/ beside the database,
named by the day (`scorekeeper-2026-11-21.sqlite`), and keeps the last 7; each is a
`VACUUM INTO`, consistent while phones write, and appears whole or not at all.
`restore` brings one back, through SQLite's own backup (so the database's write-ahead
log is never left describing another file), after keeping the games there now in a
copy of their own.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from .store import BUSY_TIMEOUT_MS, StorageError

FOLDER = "backups"
#: A daily backup's name: the database's own name, then the day it was taken.
_DAILY = re.compile(r"^(?P<stem>.+)-(?P<day>\d{4}-\d{2}-\d{2})\.sqlite$")


@dataclass(frozen=True)
class Backup:
    """One backup file: where it is, when it was taken, the games it holds."""

    path: Path
    taken: datetime
    games: int | None  # None for a file that is not a Scorekeeper database
    size: int


def folder(database: str | Path) -> Path:
    """Return the folder the database's backups are kept in (beside it)."""
    return Path(database).parent / FOLDER


def daily_name(database: str | Path, day: date) -> str:
    """Return the name of the database's backup of that day."""
    return f"{Path(database).stem}-{day.isoformat()}.sqlite"


def _copy(source: Path, target: Path) -> None:
    """Write a consistent copy of a database (VACUUM INTO), whole or not at all."""
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    conn = sqlite3.connect(str(source), timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        conn.execute("VACUUM INTO ?", [str(partial)])
    finally:
        conn.close()
    partial.replace(target)


def take_daily(database: str | Path, keep: int, today: date | None = None) -> Path | None:
    """Take today's backup unless there is one; keep the last `keep` daily ones.

    Return the new backup, or None (one taken already today, no database, keep 0).
    """
    source = Path(database)
    if keep <= 0 or not source.exists():
        return None
    target = folder(source) / daily_name(source, today or date.today())
    taken = None
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        _copy(source, target)
        taken = target
    rotate(source, keep)
    return taken


def daily(database: str | Path) -> list[Path]:
    """Return the database's daily backups, oldest first."""
    stem = Path(database).stem
    found = []
    for path in folder(database).glob(f"{stem}-*.sqlite"):
        match = _DAILY.match(path.name)
        if match and match["stem"] == stem:
            found.append(path)
    return sorted(found)


def rotate(database: str | Path, keep: int) -> list[Path]:
    """Delete all but the last `keep` daily backups; return those deleted."""
    kept = daily(database)
    gone = kept[: max(0, len(kept) - keep)]
    for path in gone:
        path.unlink(missing_ok=True)
    return gone


def listing(database: str | Path) -> list[Backup]:
    """Return every backup beside the database (daily ones and those kept before a restore),
    oldest first."""
    paths = sorted(folder(database).glob("*.sqlite"), key=lambda path: path.stat().st_mtime)
    return [describe(path) for path in paths]


def describe(path: Path) -> Backup:
    """Say what a backup file holds."""
    stat = path.stat()
    return Backup(path, datetime.fromtimestamp(stat.st_mtime), _games_in(path), stat.st_size)


def _games_in(path: Path) -> int | None:
    """Return how many games a database file holds; None when it is not one of ours, or
    is damaged."""
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        if conn.execute("pragma quick_check").fetchone() != ("ok",):
            return None
        return int(conn.execute("select count(*) from games").fetchone()[0])
    except sqlite3.Error:
        return None
    finally:
        conn.close()


def find(database: str | Path, name: str) -> Path:
    """Return the backup a person named: a path, or a name from the backups' folder."""
    given = Path(name)
    for path in (given, folder(database) / given.name):
        if path.is_file():
            return path
    raise StorageError(f"there is no backup {name} (scorekeeper backup --list shows them)")


def restore(database: str | Path, backup: Path, now: datetime | None = None) -> Path:
    """Replace the database's games with the backup's; return where the games there before
    are kept. The caller makes sure no server is using the database."""
    target = Path(database)
    if _games_in(backup) is None:
        raise StorageError(f"{backup} is not a Scorekeeper database, or it is damaged")
    stamp = (now or datetime.now()).strftime("%Y-%m-%d-%H%M%S")
    before = folder(target) / f"{target.stem}-before-restore-{stamp}.sqlite"
    if target.exists():
        before.parent.mkdir(parents=True, exist_ok=True)
        _copy(target, before)
    source = sqlite3.connect(f"{backup.resolve().as_uri()}?mode=ro", uri=True)
    try:
        into = sqlite3.connect(str(target), timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            source.backup(into)
        finally:
            into.close()
    finally:
        source.close()
    return before
