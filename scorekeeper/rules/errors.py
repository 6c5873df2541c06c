"""Errors worded for the people at the table.

Every error carries the deal it concerns (1-based, counting thrown-in deals,
as the game file lists them) and the player's name where it is about one
player, so the command line, the web forms and the API can all say exactly
what is wrong and where.
"""

from __future__ import annotations

from .sentences import Sentence


class Refused(ValueError):
    """Something a person sent that is not taken in, and why, in words (`message`, a
    `Sentence` or a plain string): the one shape of every such refusal above the rules."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class ScoreError(ValueError):
    """Something in a game or a ruleset that the rules do not allow."""

    def __init__(
        self,
        message: str,
        *,
        deal: int | None = None,
        player: str | None = None,
        field: str | None = None,
    ) -> None:
        self.message = message
        self.deal = deal
        self.player = player
        self.field = field
        super().__init__(str(self))

    def __str__(self) -> str:
        return self.said()

    def said(self) -> str:
        """Return the whole refusal, the deal first: a `Sentence` when its message is one."""
        if self.deal is None:
            return self.message
        return Sentence("deal {deal}: {message}", deal=self.deal, message=self.message)

    def __reduce__(self) -> tuple[object, ...]:
        # Kept whole when it crosses to another process (a sheet printed apart): every
        # field, whatever the subclass's own arguments.
        return (_rebuilt, (type(self), dict(self.__dict__)))


def _rebuilt(kind: type[ScoreError], fields: dict[str, object]) -> ScoreError:
    error = kind.__new__(kind)
    error.__dict__.update(fields)
    ValueError.__init__(error, str(error))
    return error


class GameFileError(ScoreError):
    """The game file is malformed: wrong shape, wrong types, unknown fields."""


class NameRefused(GameFileError):
    """A player's name that cannot be played under: blank, too long, invisible, or taken.

    `seat` is the player's place in the list (0 for the first); `reason` says what is
    wrong with the name alone, for a form to show beside that seat's field.
    """

    def __init__(self, reason: str, *, seat: int, message: str | None = None) -> None:
        self.reason = reason
        self.seat = seat
        super().__init__(
            message or Sentence("player {seat}: {reason}", seat=seat + 1, reason=reason)
        )


class NoteRefused(GameFileError):
    """A deal's note that cannot be kept: not text, too long, or holding control characters.

    Its field is "note", so a form shows it beside the note's field.
    """

    def __init__(self, message: str, *, deal: int | None = None) -> None:
        super().__init__(message, deal=deal, field="note")


class PlayersRefused(GameFileError):
    """A table the ruleset is not played by: too many players, or too few.

    The message names the rulesets that are played by as many (the built-in and ready-made
    ones) and the house-rules way; `refused` is the ruleset's refusal alone and `players`
    the count, for a page that knows more rulesets (a family's) to say it again.
    """

    def __init__(self, message: str, *, refused: str, players: int) -> None:
        self.refused = refused
        self.players = players
        super().__init__(message, field="players")


class RulesetError(ScoreError):
    """A ruleset document is unknown or asks for something impossible."""


class IllegalBid(ScoreError):
    """A bid the ruleset does not allow at that moment."""


class TricksError(ScoreError):
    """Tricks that are missing, negative or do not add up to the cards dealt."""


class GameOverError(ScoreError):
    """A deal recorded after the last deal of the schedule."""


class ThrownInError(ScoreError):
    """More deals thrown in than a game keeps (one for each deal of its schedule)."""
