"""Why the service refuses a change: the device may only watch, scoring moved, the change is
the creator's, a link is not (or no longer) right, or the game moved on."""

from __future__ import annotations

from ..rules.sentences import Sentence
from ..storage import NotFound, Reply, StoredGame

# Each is a `Sentence`: English as it stands, said in the reader's language on a page.
WATCH_ONLY = Sentence(
    "This phone can watch the game but not change it. Open the game's edit link "
    "from the scorekeeper's phone to keep score here too."
)
STALE = Sentence("Someone else changed this game in the meantime; here is the game as it is now.")
#: Where a scorer's phone shows the edit link, to tell a phone without it where to ask.
WHERE_THE_LINK_IS = Sentence("(the scorer's phone shows it under “Hand over scoring”)")
SCORING_MOVED = Sentence(
    "Scoring moved to another phone: the phone that started this game stopped every other "
    "phone scoring. This phone can still watch the game. To keep score here again, ask the "
    "scorer for the new edit link {where}.",
    where=WHERE_THE_LINK_IS,
)
LINK_REPLACED = Sentence(
    "This edit link was replaced: the phone that started the game stopped other phones "
    "scoring, which gave the game a new edit link. Ask the scorer for the new one "
    "{where}. Meanwhile this phone can watch the game.",
    where=WHERE_THE_LINK_IS,
)
LINK_WRONG = Sentence(
    "This edit link is not right for this game: check that it was copied whole, or ask the "
    "scorer for the edit link {where}. Meanwhile this phone can watch the game.",
    where=WHERE_THE_LINK_IS,
)


def creator_only(game_id: str) -> Sentence:
    """Say that only the game's creator may do this, and how a lost creator is replaced."""
    return Sentence(
        "Only the phone that started this game can stop other phones scoring, move the game to "
        "the archive or delete it. If that phone is lost, whoever runs Scorekeeper can make "
        "another phone the game's creator: scorekeeper edit-link --creator {game_id}.",
        game_id=game_id,
    )


def creator_link_wrong(game_id: str) -> Sentence:
    """Say that a creator link is wrong or used, and how to get a new one."""
    return Sentence(
        "This creator link is not right, or it was used already: a creator link works once. "
        "Ask whoever runs Scorekeeper for a new one: scorekeeper edit-link {game_id} --creator.",
        game_id=game_id,
    )


class NotAllowed(Exception):
    """This device may watch the game but not change it."""

    def __init__(self, message: str = WATCH_ONLY) -> None:
        super().__init__(message)
        self.message = message


class LinkRefused(Exception):
    """A link opened for its rights (an edit or a creator link) that gives none: why, and the
    status to answer (410 for an edit link replaced, 404 for one that never was)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
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
