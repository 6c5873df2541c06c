"""Replies kept for requests that must happen once: a repeat gets the first reply, nothing more."""

from __future__ import annotations

from dataclasses import dataclass

from .schema import now
from .store import Connection


@dataclass(frozen=True)
class Reply:
    """What a write answered: a status, a body, where it sent the caller, and what was asked."""

    status: int
    body: str = ""
    location: str = ""
    fingerprint: str = ""  #: a hash of the request, so a key reused for another one is caught


def recall_reply(db: Connection, key: str) -> Reply | None:
    """Return the reply already given to a request with this key, if any."""
    rows = list(db.query("select * from replies where key = ?", [key]))
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
    db.execute(
        "insert or replace into replies (key, status, body, location, fingerprint, created)"
        " values (?, ?, ?, ?, ?, ?)",
        [key, reply.status, reply.body, reply.location, reply.fingerprint, now()],
    )
