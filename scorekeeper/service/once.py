"""Requests that must take effect once: a form's one-time token, the API's Idempotency-Key."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from ..storage import Connection, Reply, recall_reply, remember_reply
from .errors import KeyReused


@dataclass(frozen=True)
class Once:
    """A request that must take effect once: its key, and a hash of what it asks."""

    key: str
    fingerprint: str = ""

    @classmethod
    def of(cls, *parts: str, body: bytes | str = b"") -> Once:
        """Make the key from its parts (who, how, where, the key sent) and hash the body."""
        raw = body.encode("utf-8", "surrogatepass") if isinstance(body, str) else body
        return cls(":".join(parts), hashlib.sha256(raw).hexdigest())


def run_once(db: Connection, request: Once | None, work: Callable[[], Reply]) -> tuple[Reply, bool]:
    """Run a write once per key, in one transaction; return its reply and whether it is a replay.

    A repeat of the same request gets the first reply and changes nothing; the same
    key with a different request raises KeyReused. Only successful replies are kept,
    so a refused request may be sent again.
    """
    with db.write():
        if request is not None:
            saved = recall_reply(db, request.key)
            if saved is not None:
                if saved.fingerprint and saved.fingerprint != request.fingerprint:
                    raise KeyReused(saved)
                return saved, True
        reply = work()
        if request is not None and reply.status < 400:
            kept = Reply(reply.status, reply.body, reply.location, request.fingerprint)
            remember_reply(db, request.key, kept)
    return reply, False
