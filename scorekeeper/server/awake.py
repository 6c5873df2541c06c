"""Awake while a game is on: the computer is kept from sleeping while any game had a tap lately.

A laptop left on the sideboard goes to sleep after its idle time, and then no phone at
the table reaches it. While any game was changed (a tap, a deal) within the last 30
minutes, `scorekeeper serve` holds wakepy's `keep.running` mode (the system's own
"inhibit sleep" on Linux, macOS and Windows); once every game has been quiet that
long, it lets go, and the computer sleeps as it is set to.

Where the system refuses (no D-Bus in a container, no desktop session), it says so in
one plain sentence and the server goes on: a wake lock never stands between a phone and its
tap. Only the thread that took the lock lets it go (wakepy's rule).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

log = logging.getLogger("scorekeeper.awake")

Clock = Callable[[], datetime]

#: Said once when the system offers no way to keep the computer awake (a Raspberry Pi
#: with no screen, a container, a computer without a desktop session).
REFUSED = (
    "This computer may sleep during a game: it offers Scorekeeper no way to keep it awake "
    "(as on a computer without a desktop session), so set it not to sleep while games are "
    "played; Scorekeeper goes on serving."
)


def utc_now() -> datetime:
    """Return the time now, in UTC (the stamps' time zone)."""
    return datetime.now(UTC)


def latest_tap(database: str) -> Callable[[], datetime | None]:
    """Return a reader of when any game in the database last changed (one connection, kept)."""
    from ..storage import Store, last_changed

    store = Store(database, keep=1)

    def read() -> datetime | None:
        db = store.connect()
        try:
            stamp = last_changed(db)
        finally:
            store.release(db)
        return datetime.fromisoformat(stamp) if stamp else None

    return read


class KeepAwake:
    """Hold wakepy's keep.running mode while a game had a tap within `idle`; let go after.

    `step()` looks once and takes or lets go of the mode; the server's thread calls it
    every minute, a test with a clock of its own.
    """

    def __init__(
        self,
        last_tap: Callable[[], datetime | None],
        *,
        idle: timedelta = timedelta(minutes=30),
        clock: Clock = utc_now,
    ) -> None:
        self.last_tap = last_tap
        self.idle = idle
        self.clock = clock
        #: The wakepy mode held now, or None.
        self.mode: Any = None
        #: The system refused in this stretch of play: do not ask again until it ends.
        self.refused = False
        self._said_refused = False

    @property
    def held(self) -> bool:
        """Say whether the computer is being kept awake now."""
        return self.mode is not None

    def wanted(self) -> bool:
        """Say whether a game had a tap within the idle time."""
        if self.idle <= timedelta(0):
            return False
        last = self.last_tap()
        return last is not None and self.clock() - last < self.idle

    def step(self) -> bool:
        """Take the mode while a game is on, let it go once every game is quiet; say if held."""
        if self.wanted():
            if self.mode is None and not self.refused:
                self._hold()
        else:
            self.refused = False
            self.release()
        return self.held

    def _hold(self) -> None:
        from wakepy import keep

        # wakepy tells every method it tries at INFO; the server's log says it in one line.
        logging.getLogger("wakepy").setLevel(logging.WARNING)
        mode = keep.running(on_fail=self._refused)
        mode.__enter__()
        if mode.active:
            self.mode = mode
            log.info("A game is on: this computer is kept awake (%s)", mode.active_method)
        else:
            mode.__exit__(None, None, None)
            self.refused = True

    def _refused(self, result: Any) -> None:
        """Say once, in one plain sentence, that the system would not keep the computer awake
        (what each way tried answered goes to the debug log, not to the family)."""
        if not self._said_refused:
            self._said_refused = True
            log.warning(REFUSED)
            for method in result.list_methods():
                log.debug("%s: %s", method.method_name, method.failure_reason)

    def release(self) -> None:
        """Let the computer sleep again, as it is set to."""
        mode, self.mode = self.mode, None
        if mode is not None:
            mode.__exit__(None, None, None)
            log.info("Every game has been quiet for a while: this computer may sleep again")
