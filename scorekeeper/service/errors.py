"""Why the service refuses a change: the device may only watch, or the game moved on."""

from __future__ import annotations

from ..storage import NotFound, Reply, StoredGame

WATCH_ONLY = (
    "This phone can watch the game but not change it. Open the game's edit link "
    "from the scorekeeper's phone to keep score here too."
)
STALE = "Someone else changed this game in the meantime; here is the game as it is now."


class NotAllowed(Exception):
    """This device may watch the game but not change it."""

    def __init__(self, message: str = WATCH_ONLY) -> None:
        super().__init__(message)
        self.message = message


class Conflict(Exception):
    """The change is for a deal or a version that is no longer current."""

    def __init__(self, message: str, current: StoredGame) -> None:
        super().__init__(message)
        self.message = message
        self.current = current


class NoSuchDeal(NotFound):
    """The game has no deal at this place."""


class KeyReused(Exception):
    """A one-time key sent again with a different request."""

    def __init__(self, reply: Reply) -> None:
        super().__init__("this key was already used for a different request")
        self.reply = reply
