"""Replies kept for requests that must happen once: a repeat gets the first reply, nothing more."""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime, timedelta

from .migrations import now
from .store import Connection

#: How long a reply is kept: a phone retries within minutes (a sleep, a WiFi drop); after a
#: day nobody asks again, and a device tapping all night cannot grow the table for ever.
KEPT_FOR = timedelta(days=1)
#: Seconds between two lettings-go of old replies: a statement saved on nearly every tap.
PRUNE_EVERY = 60.0


@dataclass(frozen=True)
class Reply:
    """What a write answered: a status, a body, where it sent the caller, and what was asked."""

    status: int
    body: str = ""
    location: str = ""
    fingerprint: str = ""  #: a hash of the request, so a key reused for another one is caught


def recall_reply(db: Connection, key: str) -> Reply | None:
    """Return the reply already given to a request with this key, if any."""
    rows = db.rows("select * from replies where key = ?", [key])
    if not rows:
        return None
    row = rows[0]
    # Before fingerprints were kept, the body's place held nothing to compare: such a
    # reply matches any request, as it always did.
    fingerprint = row.get("fingerprint") or ""
    return Reply(row["status"], row["body"] or "", row["location"] or "", fingerprint)


def remember_reply(db: Connection, key: str, reply: Reply) -> None:
    """Keep the reply to a request with this key (inside the write's transaction)."""
    # Plain SQL: sqlite-utils' insert reads the table's columns first, on every tap.
    stamp = now()
    pruned, clock = db.store.replies_pruned, time.monotonic()
    if pruned is None or clock - pruned >= PRUNE_EVERY:
        cutoff = (datetime.fromisoformat(stamp) - KEPT_FOR).isoformat(timespec="seconds")
        db.execute("delete from replies where created < ?", [cutoff])  # by its index: cheap
        db.store.replies_pruned = clock
    db.execute(
        "insert or replace into replies (key, status, body, location, fingerprint, created)"
        " values (?, ?, ?, ?, ?, ?)",
        [key, reply.status, reply.body, reply.location, reply.fingerprint, stamp],
    )
